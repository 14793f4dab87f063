//! Bonuses "during Combat Encounters" apply then and only then. Combat scenarios come with the EH
//! combat procedure (issue 3); until then these tests drive one test of a Combat Encounter through the
//! kernel with the real base-pack cards and scripts.

use crate::defs::CardSet;
use crate::kernel::{
    DiceSource, Encounter, Event, Exclusion, Game, Investigator, Policy, Rules, Setup, Skill,
    TestRequest, TestSpec,
};
use crate::script::ScriptHooks;
use std::collections::BTreeMap;

fn encounter(
    possessions: &[&str],
    chosen: &[&str],
    faces: Vec<u8>,
    focus: i32,
) -> (Encounter, ScriptHooks) {
    let set = CardSet::base(Game::Eldritch).expect("the base pack loads");
    let hooks = ScriptHooks::compile(&set).expect("the base scripts compile");
    let mut inv = Investigator::new(Game::Eldritch);
    inv.skills.insert(Skill::Strength, 2);
    inv.skills.insert(Skill::Will, 1);
    inv.focus = focus;
    inv.possessions = possessions.iter().map(|s| s.to_string()).collect();
    let enc = Encounter::new(
        Setup {
            game: Game::Eldritch,
            investigator: inv.into(),
            monsters: Vec::new(),
            catalog: std::sync::Arc::new(
                set.cards
                    .iter()
                    .map(|(id, c)| (id.clone(), c.active()))
                    .collect(),
            ),
            dice: DiceSource::fixed(faces),
            policy: BTreeMap::new(),
            default_policy: if focus > 0 { Policy::Max } else { Policy::None },
            chosen: chosen.iter().map(|s| s.to_string()).collect(),
            investigators_in_game: 1,
            rules: Rules::default(),
            rounds: Vec::new(),
            evade_first: false,
        }
        .check(&TestRequest::Combat)
        .expect("the setup is one the rules allow"),
    );
    (enc, hooks)
}

fn combat(skill: Skill) -> TestSpec {
    let mut spec = TestSpec::new(skill, "combat");
    spec.in_combat = true;
    spec
}

#[test]
fn in_combat_the_highest_weapon_bonus_applies_and_the_others_are_listed_as_ignored() {
    let (mut enc, mut hooks) = encounter(&["38_revolver", "45_automatic"], &[], vec![1; 5], 0);
    enc.run_test(combat(Skill::Strength), &mut hooks).unwrap();
    assert_eq!(enc.tests[0].pool, 2 + 3);
    assert!(enc.events.iter().any(|e| matches!(e,
        Event::BonusIgnored { source, amount: 2, reason: Exclusion::NotHighest { used, value: 3 } }
            if source.is_card("38_revolver") && used.is_card("45_automatic"))));
}

#[test]
fn the_shotgun_counts_each_final_six_as_two_successes_in_combat() {
    // 2 + 4 dice; a Focus reroll turns the 1 into a 6, which then counts 2 (the second of the two
    // Focus tokens an investigator may hold rerolls a 2 into a 2).
    let (mut enc, mut hooks) = encounter(
        &["double_barreled_shotgun"],
        &[],
        vec![6, 5, 2, 2, 2, 1, 6, 2],
        2,
    );
    enc.run_test(combat(Skill::Strength), &mut hooks).unwrap();
    let t = &enc.tests[0];
    assert_eq!(t.pool, 6);
    assert_eq!(t.faces, vec![6, 5, 2, 2, 2, 6]);
    assert_eq!(t.successes, 2 + 1 + 2);
}

#[test]
fn two_six_counting_effects_do_not_multiply() {
    let (mut enc, _) = encounter(&["double_barreled_shotgun"], &[], vec![6, 1, 1, 1, 1, 1], 0);
    // A second "each 6 counts as 2" on the same test.
    let mut set = CardSet::base(Game::Eldritch).unwrap();
    let file = crate::defs::SourceFile::new(
        "twin.toml",
        "id = \"twin\"\nname = \"Twin\"\nkind = \"asset\"\nscript = \"fn after_roll(ctx) { ctx.test.count_face(6, 2); }\"\n",
    );
    let raw = toml::from_str(&file.text).unwrap();
    set.add_inline(raw, &file).unwrap();
    let mut hooks = ScriptHooks::compile(&set).unwrap();
    enc.catalog = std::sync::Arc::new(
        set.cards
            .iter()
            .map(|(id, c)| (id.clone(), c.active()))
            .collect(),
    );
    std::sync::Arc::make_mut(&mut enc.investigator)
        .possessions
        .push("twin".into());
    enc.run_test(combat(Skill::Strength), &mut hooks).unwrap();
    assert_eq!(enc.tests[0].successes, 2);
}

#[test]
fn the_25_automatic_adds_a_die_to_the_combat_strength_test_only() {
    let (mut enc, mut hooks) = encounter(&["25_automatic"], &[], vec![1; 4], 0);
    enc.run_test(combat(Skill::Strength), &mut hooks).unwrap();
    enc.run_test(combat(Skill::Will), &mut hooks).unwrap();
    assert_eq!(enc.tests[0].pool, 3);
    assert_eq!(enc.tests[1].pool, 1);
}
