//! The player's "may" effects and the EH order of Normal monsters are questions the kernel asks
//! (`kernel::Question`), answered by the driver; a scenario's `[choices]` answer them otherwise.

use super::Prepared;
use super::synthetic::{play_fixed, replay as play};
use crate::kernel::{Answer, Question};

fn prepare(text: &str) -> Prepared {
    super::synthetic::prepare("questions.toml", text)
}

/// A synthetic flask: "You may discard this card to gain +5
/// Strength during a Combat Encounter." A monster without a Will test, toughness 1.
const FLASK: &str = r#"game = "eldritch"
[investigator]
name = "Test investigator"
strength = 1
health = 5
sanity = 5
possessions = [{ id = "flask", name = "Flask (synthetic)", kind = "asset", source = "synthetic", script = "fn before_encounter(ctx) { if ctx.card.may(\"discard it to gain +5 Strength\") { ctx.investigator.discard(ctx.card.id); ctx.combat.bonus(\"strength\", 5); } }" }]
[[monsters]]
card = { id = "weak", name = "Weak (synthetic)", kind = "monster", toughness = 1, strength = { modifier = 0, damage = 0 }, source = "synthetic" }
"#;

/// A card's "may" is asked before its effect: no answer given, the run stops at it, with the card's
/// words and the options no and yes; taking it discards the flask (its cost), declining keeps it.
#[test]
fn a_may_effect_is_a_question_and_each_answer_is_played() {
    let mut p = prepare(FLASK);
    let (_, need) = play(&mut p, &[], &[]);
    let need = need.expect("a question");
    assert!(
        matches!(&need.question, Question::May { card, .. } if card == "flask"),
        "{:?}",
        need.question
    );
    assert_eq!(need.options, vec![Answer::May(false), Answer::May(true)]);
    // Taken: discarded, and the Strength test rolls 1 + 5 dice.
    let (taken, need) = play(&mut p, &[1; 6], &[1]);
    assert!(need.is_none());
    assert!(
        !taken
            .table
            .investigator
            .possessions
            .iter()
            .any(|c| c == "flask")
    );
    assert_eq!(taken.table.tests[0].pool, 6);
    // Declined: kept, and 1 die.
    let (kept, _) = play(&mut p, &[1], &[0]);
    assert!(
        kept.table
            .investigator
            .possessions
            .iter()
            .any(|c| c == "flask")
    );
    assert_eq!(kept.table.tests[0].pool, 1);
}

/// Where the scenario answers (`Decisions::Fixed`), `choices.use` is the answer: no question.
#[test]
fn the_scenario_answers_a_may_with_use() {
    let mut p = prepare(&format!("{FLASK}[choices]\nuse = [\"flask\"]\n"));
    let enc = play_fixed(&mut p, &[1; 6]);
    assert_eq!(enc.table.tests[0].pool, 6);
}

/// A question asked inside a hook call is keyed by the path to it (the state does not say where in
/// the hook it was asked); one the procedure asks between its own steps is not.
#[test]
fn a_question_inside_a_hook_is_keyed_by_its_path() {
    let mut p = prepare(FLASK);
    let (enc, _) = play(&mut p, &[], &[]);
    assert_eq!(enc.run.unplaced, Some((vec![], vec![])));
    let mut two = prepare(&format!("{FLASK}{}", NORMAL.replace("weak", "other")));
    let (enc, need) = play(&mut two, &[], &[]);
    assert_eq!(need.map(|n| n.question), Some(Question::NextMonster));
    assert_eq!(enc.run.unplaced, None);
}

const NORMAL: &str = r#"[[monsters]]
card = { id = "weak", name = "Weak (synthetic)", kind = "monster", toughness = 2, strength = { modifier = 0, damage = 0 }, source = "synthetic" }
"#;

/// EH: "you must enter a Combat Encounter with all Monsters in the order of your choice. If there are
/// both non-epic Monsters and Epic Monsters on that space, the non-epic Monsters must be encountered
/// before the Epic Monsters" (EH wiki, Encounters). Listed Epic, A, B: the first question offers A and
/// B only; B chosen, then A (one left: no question), then the Epic one; the monsters stay in the order
/// met.
#[test]
fn the_order_of_normal_monsters_is_chosen_and_epic_ones_come_last() {
    let text = r#"game = "eldritch"
[investigator]
name = "Test investigator"
strength = 1
health = 5
sanity = 5
[[monsters]]
card = { id = "big", name = "Big (synthetic)", kind = "monster", epic = true, toughness = 3, strength = { modifier = 0, damage = 0 }, source = "synthetic" }
[[monsters]]
card = { id = "a", name = "A (synthetic)", kind = "monster", toughness = 1, strength = { modifier = 0, damage = 0 }, source = "synthetic" }
[[monsters]]
card = { id = "b", name = "B (synthetic)", kind = "monster", toughness = 2, strength = { modifier = 0, damage = 0 }, source = "synthetic" }
"#;
    let mut p = prepare(text);
    let (_, need) = play(&mut p, &[], &[]);
    let need = need.expect("a question");
    assert_eq!(need.question, Question::NextMonster);
    let offered: Vec<&str> = need
        .options
        .iter()
        .map(|a| match a {
            Answer::Monster { id, .. } => id.as_str(),
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(offered, ["a", "b"]);
    let (enc, need) = play(&mut p, &[1, 1, 1], &[1]);
    assert!(need.is_none(), "{need:?}");
    let met: Vec<&str> = enc.table.monsters.iter().map(|m| m.id.as_ref()).collect();
    assert_eq!(met, ["b", "a", "big"]);
    // The scenario's answer: the order listed (Normal first).
    let enc = play_fixed(&mut p, &[1, 1, 1]);
    let met: Vec<&str> = enc.table.monsters.iter().map(|m| m.id.as_ref()).collect();
    assert_eq!(met, ["a", "b", "big"]);
}

/// Two alike monsters are one option: nothing to choose between them.
#[test]
fn alike_monsters_are_no_question() {
    let brute = "[[monsters]]\ncard = { id = \"brute\", name = \"Brute (synthetic)\", kind = \"monster\", toughness = 1, strength = { modifier = 0, damage = 0 }, source = \"synthetic\" }\n";
    let mut p = prepare(&format!(
        "game = \"eldritch\"\n[investigator]\nname = \"T\"\nstrength = 1\nhealth = 5\nsanity = 5\n{brute}{brute}"
    ));
    let (enc, need) = play(&mut p, &[1; 8], &[]);
    assert!(need.is_none(), "{need:?}");
    assert_eq!(enc.table.monsters.len(), 2);
}

/// A printed bonus marked `may` ("the player's choice") is asked before the pool: taken, the pool
/// counts it; declined, the transcript's bonus is ignored and the pool does not.
#[test]
fn a_printed_may_bonus_is_a_question() {
    let text = r#"game = "eldritch"
[investigator]
name = "Test investigator"
strength = 1
possessions = [{ id = "charm", name = "Charm (synthetic)", kind = "asset", bonuses = [{ skill = "strength", value = 2, may = true }], source = "synthetic" }]
[test]
skill = "strength"
"#;
    let mut p = prepare(text);
    let (_, need) = play(&mut p, &[], &[]);
    assert_eq!(
        need.map(|n| n.question),
        Some(Question::Bonus {
            card: "charm".into()
        })
    );
    let (taken, _) = play(&mut p, &[1, 1, 1], &[1]);
    assert_eq!(taken.table.tests[0].pool, 3);
    let (declined, _) = play(&mut p, &[1], &[0]);
    assert_eq!(declined.table.tests[0].pool, 1);
}

/// AH2e: a synthetic spell its card casts as the combat begins (`ctx.card.cast`), exhausting it.
const WARD: &str = r#"game = "arkham"
[investigator]
name = "Test investigator"
fight = 1
will = 3
lore = 3
stamina = 5
sanity = 5
possessions = [{ id = "early_ward", name = "Early Ward (synthetic)", kind = "spell", traits = ["spell", "magical"], hands = 1, casting_modifier = -1, sanity_cost = 2, bonuses = [{ check = "combat", value = 3, kind = "magical" }], source = "synthetic", script = "fn before_encounter(ctx) { if !ctx.card.exhausted { ctx.card.cast(); } }" }]
[[monsters]]
card = { id = "shambler", name = "Shambler (synthetic)", kind = "monster", awareness = 1, horror = { rating = -1, damage = 1 }, toughness = 1, combat = { rating = -1, damage = 2 }, source = "synthetic" }
"#;

/// The options of round 1 (no evading), with the Spell check and the Horror check rolling `faces`.
fn first_round_options(p: &mut Prepared, faces: &[u8]) -> Vec<Answer> {
    let (_, need) = play(p, faces, &[0]);
    let need = need.expect("a question");
    assert!(
        matches!(need.question, Question::Round { round: 1, .. }),
        "{:?}",
        need.question
    );
    need.options
}

/// Whether some option holds `card`, and whether some option casts it.
fn held_and_cast(options: &[Answer], card: &str) -> (bool, bool) {
    let rounds = || {
        options.iter().map(|a| match a {
            Answer::Round(r) => r,
            other => panic!("{other:?}"),
        })
    };
    (
        rounds().any(|r| r.wield.iter().any(|k| k == card)),
        rounds().any(|r| r.cast.iter().any(|k| k == card)),
    )
}

/// AH2e: its card cast it and the Spell check failed: exhausted, it may still be held, but no round
/// the player is offered casts it again (AH rulebook p.16: "Cast and exhaust"; an exhausted card is
/// not used until it refreshes). Passed, it is cast already: held, it needs no cast. Without its
/// script (never exhausted), a round may cast it.
#[test]
fn an_exhausted_spell_is_not_offered_for_a_cast() {
    let mut p = prepare(WARD);
    let failed = first_round_options(&mut p, &[1, 1, 5, 1]);
    assert_eq!(held_and_cast(&failed, "early_ward"), (true, false));
    let passed = first_round_options(&mut p, &[5, 1, 5, 1]);
    assert_eq!(held_and_cast(&passed, "early_ward"), (true, false));
    let plain = WARD.replace(
        r#", script = "fn before_encounter(ctx) { if !ctx.card.exhausted { ctx.card.cast(); } }""#,
        "",
    );
    assert_ne!(plain, WARD);
    let mut p = prepare(&plain);
    let fresh = first_round_options(&mut p, &[5, 1]);
    assert_eq!(held_and_cast(&fresh, "early_ward"), (true, true));
}

/// Two effects at the same moment (EH Reference Guide, Timing Conflicts): the monster's "before the
/// Strength test, lose 1 Sanity" and the investigator's card's "recover 1 Sanity" both at
/// `before_test`: the order is a question, the monster's first as the first option; his card first
/// keeps him standing at 1 Sanity, the monster's first defeats him before the test.
#[test]
fn two_effects_at_the_same_moment_are_ordered_by_the_player() {
    let text = r#"game = "eldritch"
[investigator]
name = "Investigator (synthetic)"
strength = 4
will = 4
health = 8
sanity = 1
max_sanity = 4
possessions = [{ id = "salts", name = "Salts (synthetic)", kind = "asset", source = "synthetic", script = "fn before_test(ctx) { if ctx.test.slot == \"strength\" { ctx.investigator.gain(\"sanity\", 1); } }" }]
[[monsters]]
card = { id = "drain", name = "Drain (synthetic)", kind = "monster", toughness = 1, strength = { modifier = 0, damage = 0 }, source = "synthetic", script = "fn before_test(ctx) { if ctx.test.slot == \"strength\" { ctx.investigator.lose(\"sanity\", 1); } }" }
"#;
    let mut p = prepare(text);
    let (_, need) = play(&mut p, &[], &[]);
    let need = need.expect("a question");
    assert_eq!(
        need.question,
        Question::Order {
            hook: "before_test".to_string(),
            monster: "drain".to_string()
        }
    );
    assert_eq!(
        need.options,
        vec![Answer::MonsterFirst(true), Answer::MonsterFirst(false)]
    );
    let (monster_first, _) = play(&mut p, &[], &[0]);
    assert_eq!(monster_first.table.investigator.sanity, 0);
    assert!(monster_first.table.tests.is_empty());
    let (card_first, need) = play(&mut p, &[5, 1, 1, 1], &[1]);
    assert!(need.is_none());
    assert_eq!(card_first.table.investigator.sanity, 1);
    assert_eq!(card_first.table.tests.len(), 1);
}
