//! Which scripts a scenario compiles, and that every built-in one passes every check.

use super::*;
use crate::defs::Code;
use crate::kernel::{Game, Hooks};

/// A base pack of synthetic cards: a monster whose script gains a Condition, that Condition (with
/// a script), and an asset with a script that no scenario below puts in play.
fn base(bystander: &str) -> Vec<(String, String)> {
    let card = |id: &str, kind: &str| {
        (
            format!("cards/eldritch/{id}.toml"),
            format!("id = \"{id}\"\nname = \"{id}\"\nkind = \"{kind}\"\nsource = \"synthetic\"\n"),
        )
    };
    let script = |id: &str, code: &str| (format!("scripts/eldritch/{id}.rhai"), code.to_string());
    vec![
        card("hexer", "condition"),
        script(
            "hexer",
            "fn after_test(ctx) { ctx.investigator.gain_condition(\"dread\"); }",
        ),
        card("dread", "condition"),
        script("dread", "fn on_pool(ctx) { ctx.test.add_dice(1); }"),
        card("bystander", "asset"),
        script("bystander", bystander),
    ]
}

fn built_in(bystander: &str) -> CardSet {
    let mut set =
        CardSet::load(Game::Eldritch, &base(bystander)).expect("the synthetic base loads");
    set.pretend_built_in();
    set
}

#[test]
fn a_scenario_compiles_the_cards_in_play_and_what_they_can_gain() {
    let set = built_in("fn on_pool(ctx) { ctx.test.add_dice(2); }");
    assert_eq!(ScriptHooks::needed(&set, ["hexer"]), ["dread", "hexer"]);
    assert_eq!(ScriptHooks::needed(&set, ["dread"]), ["dread"]);
    assert!(ScriptHooks::needed(&set, []).is_empty());
}

#[test]
fn a_gain_named_by_a_variable_compiles_every_script() {
    let set =
        built_in("fn on_pool(ctx) { let c = \"dread\"; ctx.investigator.gain_condition(c); }");
    assert_eq!(
        ScriptHooks::needed(&set, ["bystander"]),
        ["bystander", "dread", "hexer"]
    );
}

#[test]
fn a_script_not_built_in_is_compiled_and_checked_even_out_of_play() {
    // The same files, not the built-in base: a broken script of a card out of play is reported.
    let set = CardSet::load(
        Game::Eldritch,
        &base("fn on_pool(ctx) { ctx.test.add_dice(; }"),
    )
    .expect("the cards load");
    let ids = ScriptHooks::needed(&set, ["dread"]);
    assert_eq!(ids, ["bystander", "dread", "hexer"]);
    let problems = ScriptHooks::compile_for(&set, &ids).err().expect("refused");
    assert_eq!(problems.len(), 1);
    assert_eq!(problems[0].code, Code::ScriptSyntax);
    assert_eq!(
        problems[0].file.as_ref().map(|f| f.path.as_str()),
        Some("scripts/eldritch/bystander.rhai")
    );
}

#[test]
fn a_card_left_uncompiled_is_never_taken_for_a_card_without_hooks() {
    let set = built_in("fn on_pool(ctx) { ctx.test.add_dice(2); }");
    let Ok(hooks) = ScriptHooks::compile_for(&set, &ScriptHooks::needed(&set, ["dread"])) else {
        panic!("the synthetic scripts compile");
    };
    assert!(hooks.defined("dread").contains(Hook::OnPool));
    // Were it to come into play, its hooks would be called and fail with the reason.
    assert!(
        Hook::ALL
            .iter()
            .all(|h| hooks.defined("bystander").contains(*h))
    );
    assert_eq!(hooks.defined("no_such_card"), HookSet::NONE);
}

#[test]
fn every_built_in_script_compiles_and_passes_every_check() {
    // What lets a scenario skip checking the built-in scripts and compile only those in play.
    for game in [Game::Eldritch, Game::Arkham] {
        let set = CardSet::base(game).expect("the built-in base loads");
        assert!(set.scripts.keys().all(|id| set.script_is_built_in(id)));
        let problems = ScriptHooks::compile(&set).err().unwrap_or_default();
        assert!(problems.is_empty(), "{game:?}: {problems:?}");
    }
}

/// A hook's body is its own statements, never those of another function of the script.
#[test]
fn a_hook_body_holds_its_own_statements_only() {
    let e = rhai::Engine::new_raw();
    let ast = e
        .compile("fn on_pool(c) {\n    c.x;\n}\nfn grow(s) {\n    loop { s += s; }\n}\n")
        .expect("compiles");
    let b = bodies(&ast, HookSet::NONE.with(Hook::OnPool));
    assert_eq!(b.len(), 1);
    let (hook, body) = &b[0];
    assert_eq!(*hook, Hook::OnPool);
    assert_eq!(body.param, "c");
    assert_eq!(
        body.ast.statements().len(),
        1,
        "{:?}",
        body.ast.statements()
    );
    assert_eq!(body.ast.statements()[0].position().line(), Some(2));
}
