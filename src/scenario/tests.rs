//! A scenario played through the room's own values: what a failed hook leaves of the dice.

use crate::defs::{CardSet, Diagnostic, SourceFile, render_all};
use crate::scenario::{no_packs, play_file_with_packs};

/// Plays `tests/diagnostics/NAME.toml`, which must fail while played: its diagnostic and what was
/// played.
fn failed(name: &str) -> (Diagnostic, super::Played) {
    let path = format!("tests/diagnostics/{name}.toml");
    let text = std::fs::read_to_string(format!("{}/{path}", env!("CARGO_MANIFEST_DIR")))
        .unwrap_or_else(|e| panic!("{path}: {e}"));
    match play_file_with_packs(&SourceFile::new(path, text), &CardSet::base, &no_packs) {
        Ok(mut p) => match p.error.take() {
            Some(d) => (d, p),
            None => panic!("{name}: expected an error while playing, got none"),
        },
        Err(ds) => panic!("{name}: refused:\n{}", render_all(&ds, false)),
    }
}

#[test]
fn bad_reroll() {
    // `ctx.test.reroll(0); ctx.test.reroll(9);`: the second effect breaks a rule, and the first is not applied
    // either (a hook applies whole or not at all). The diagnostic is at the call that asked for the
    // refused effect, in the inline script: `reroll` of line 9, column 14.
    let (d, played) = failed("bad_reroll");
    assert_eq!(d.code, "E0406", "{d}");
    assert_eq!(
        d.location().as_deref(),
        Some("tests/diagnostics/bad_reroll.toml:9:14"),
        "{d}"
    );
    let h = d.hint.as_deref().unwrap_or_else(|| panic!("no hint: {d}"));
    assert!(h.contains("nothing of this hook was applied"), "{h}");
    let transcript = super::transcript_text(&played);
    assert!(transcript.contains("roll: 1 2"), "{transcript}");
    assert!(!transcript.contains("reroll die"), "{transcript}");
    assert_eq!(
        played.encounter.run.dice.left_over(),
        1,
        "the 6 was not taken"
    );
    // The snapshot the test had in tests/diagnostics.rs, where it stays.
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../../tests/snapshots");
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| {
        insta::assert_snapshot!(
            "diagnostics__bad_reroll",
            render_all(std::slice::from_ref(&d), false)
        )
    });
}

/// A hook applies whole or not at all (DESIGN invariant 4): what a failed hook asked its card to keep
/// (`ctx.card.set`, `ctx.card.exhaust`) is not kept.
#[test]
fn a_failed_hook_keeps_nothing_in_its_cards_store() {
    let (d, played) = failed("store_rolled_back");
    assert_eq!(d.code, "E0406", "{d}");
    assert!(
        played.encounter.table.store.is_empty(),
        "{:?}",
        played.encounter.table.store
    );
    assert!(played.encounter.table.exhausted.is_empty());
}

/// A knock-out at 0 Stamina is the rules': `on_status` may replace it, not prevent it; a card that
/// tries is a rule error (E0406), after the loss that brought him to 0.
#[test]
fn a_knock_out_cannot_be_prevented() {
    let (d, played) = failed("knock_out_prevented");
    assert_eq!(d.code, "E0406", "{d}");
    assert!(d.message.contains("cannot be prevented"), "{d}");
    assert_eq!(played.encounter.table.investigator.health, 0);
}

/// The operations the scripts of one run of a `skill` test take, with a card in play whose
/// `on_pool` acts only in a Strength test.
fn operations(skill: &str) -> u64 {
    let script =
        r#"fn on_pool(ctx) { if ctx.test.skill == \"strength\" { ctx.test.add_dice(1); } }"#;
    let text = format!(
        "game = \"eldritch\"\n[investigator]\nwill = 2\nstrength = 2\npossessions = [{{ id = \
         \"brace\", name = \"Brace\", kind = \"asset\", source = \"synthetic\", script = \
         \"{script}\" }}]\n[test]\nskill = \"{skill}\"\n"
    );
    let file = SourceFile::new("in_test.toml", text);
    let mut p = match crate::scenario::prepare_file(&file, &CardSet::base, &no_packs) {
        Ok(p) => p,
        Err(ds) => panic!("{}", render_all(&ds, false)),
    };
    let (_, result) = p.run_for_odds(crate::kernel::DiceSource::replay(vec![5; 8]));
    result.expect("the test resolves");
    p.hooks.run_operations()
}

/// A hook whose every `if` is false for the test under way is not called in it
/// (`script/hooks/in_test.rs`): in a Will test the Strength-only `on_pool` takes no operation; in a
/// Strength test it is called.
#[test]
fn a_hook_that_cannot_apply_in_the_test_under_way_is_not_called() {
    assert_eq!(operations("will"), 0);
    assert!(operations("strength") > 0);
}
