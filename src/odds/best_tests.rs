//! The best policy: it equals an optimum computed by hand on a small combat, and it is at least as good
//! as every policy the scenario format can fix in `[choices]`, on every objective.

use super::exact::exact;
use super::exact::{Objective, best};
use crate::scenario::synthetic::prepare;

/// AH2e, a synthetic monster with no horror rating (no horror check), awareness 0, combat rating 0,
/// combat damage 1, toughness 1; the investigator has Fight 1, Sneak 2, Stamina 2, no Clues. The
/// one file of it, also read by `tests/cli.rs` and the playground's e2e test.
const DUEL: &str = include_str!("../../tests/scenarios/odds/ah_duel_evade_or_fight.toml");

/// Hand computation from the rules (AH rulebook p.15, Fight or Flee; a success is a 5 or a 6):
/// a Combat check rolls Fight + 0 = 1 die and passes on one success (toughness 1): 1/3; an Evade
/// check (before combat, or fleeing) rolls Sneak + 0 = 2 dice and passes with one success:
/// 1 − (4/6)² = 5/9. Each failed check costs the monster's 1 Stamina; at 0 Stamina the investigator
/// is knocked out. A passed Combat check defeats the monster; a passed Evade check ends the combat.
///
/// Not knocked out (`survive`), with V(s) the best chance at Stamina s at the start of a round:
/// V(1) = max(fight 1/3, flee 5/9) = 5/9; V(2) = max(fight 1/3 + 2/3·5/9 = 19/27,
/// flee 5/9 + 4/9·5/9 = 65/81) = 65/81; evading before combat is a flee before round 1:
/// 5/9 + 4/9·V(1) = 65/81 as well. So the optimum is 65/81.
///
/// Every monster defeated (`defeat_all`): only a passed Combat check defeats it, and an evade ends
/// the combat, so fight every round: 1/3 + 2/3·1/3 = 5/9.
#[test]
fn the_best_policy_equals_the_hand_computed_optimum() {
    let mut p = prepare("duel.toml", DUEL);
    let survive = best(&mut p, Objective::Survive, &[], &[]).unwrap();
    assert!(
        (survive.value - 65.0 / 81.0).abs() < 1e-9,
        "{}",
        survive.value
    );
    let defeat = best(&mut p, Objective::DefeatAll, &[], &[]).unwrap();
    assert!((defeat.value - 5.0 / 9.0).abs() < 1e-9, "{}", defeat.value);
    // The first decision is whether to evade: both options lead to 65/81 for `survive`.
    let first = &survive.decisions[0];
    assert!(matches!(
        first.question,
        crate::kernel::Question::Evade { .. }
    ));
    for o in &first.options {
        assert!((o.value - 65.0 / 81.0).abs() < 1e-9, "{}", o.value);
    }
}

/// Scenarios without `[choices]`, and the `[choices]` the format can give each.
fn cases() -> Vec<(&'static str, String, Vec<String>)> {
    let eh_test = r#"game = "eldritch"
[investigator]
name = "Test investigator"
lore = 2
clues = 1
focus = 1
[test]
skill = "lore"
"#;
    let eh_combat = r#"game = "eldritch"
[investigator]
name = "Test investigator"
strength = 2
will = 2
health = 3
sanity = 3
clues = 2
focus = 1
[[monsters]]
card = { id = "brute", name = "Brute", kind = "monster", toughness = 2, will = { modifier = 0, horror = 2 }, strength = { modifier = -1, damage = 2 } }
"#;
    let ah_club = r#"game = "arkham"
[investigator]
name = "Test investigator"
speed = 2
sneak = 1
fight = 1
will = 2
lore = 1
luck = 2
stamina = 3
sanity = 3
clues = 1
possessions = [{ id = "club", name = "Club", kind = "item", hands = 1, bonuses = [{ skill = "fight", value = 1, during = "combat", kind = "physical" }] }]
[[monsters]]
card = { id = "brute", name = "Brute", kind = "monster", toughness = 2, awareness = 0, horror = { rating = 0, damage = 1 }, combat = { rating = 0, damage = 1 } }
"#;
    let eh_choices: Vec<String> = ["none", "until_pass", "max"]
        .iter()
        .map(|r| format!("[choices]\nrerolls = \"{r}\"\n"))
        .collect();
    let mut ah_choices = Vec::new();
    for clues in ["none", "until_pass"] {
        for evade in [false, true] {
            for (first, then) in [("fight", "fight"), ("flee", "flee"), ("fight", "flee")] {
                for wield in ["[]", "[\"club\"]"] {
                    ah_choices.push(format!(
                        "[choices]\nclues = \"{clues}\"\nevade = {evade}\n\
                         [[choices.rounds]]\naction = \"{first}\"\nwield = {wield}\n\
                         [[choices.rounds]]\naction = \"{then}\"\nwield = {wield}\n"
                    ));
                }
            }
        }
    }
    let mut duel = Vec::new();
    for evade in [false, true] {
        for (first, then) in [
            ("fight", "fight"),
            ("flee", "flee"),
            ("fight", "flee"),
            ("flee", "fight"),
        ] {
            duel.push(format!(
                "[choices]\nevade = {evade}\n[[choices.rounds]]\naction = \"{first}\"\n\
                 [[choices.rounds]]\naction = \"{then}\"\n"
            ));
        }
    }
    vec![
        ("eh_test.toml", eh_test.to_string(), eh_choices.clone()),
        ("eh_combat.toml", eh_combat.to_string(), eh_choices),
        ("ah_club.toml", ah_club.to_string(), ah_choices),
        ("duel.toml", DUEL.to_string(), duel),
    ]
}

/// On each scenario and each objective, no policy `[choices]` can fix scores above the best policy
/// (the expected score of an objective, as `Objective::value` counts it).
#[test]
fn the_best_policy_is_at_least_every_fixed_policy() {
    for (name, text, choices) in cases() {
        let mut bests = Vec::new();
        let mut p = prepare(name, &text);
        for objective in Objective::ALL {
            // An aim of the other request is refused (E0504): every option would tie.
            bests.push(match best(&mut p, objective, &[], &[]) {
                Ok(b) => Some(b.value),
                Err(d) if d.code == crate::defs::Code::AimOfOtherRequest => None,
                Err(d) => panic!("{name}: {d}"),
            });
        }
        let mut beaten = 0;
        for c in &choices {
            let mut p = prepare(name, &format!("{text}{c}"));
            let fixed = exact(&mut p).unwrap();
            for (i, (on, objective)) in Objective::ALL.iter().map(|o| (o.as_str(), o)).enumerate() {
                let Some(best) = bests[i] else { continue };
                let v = objective.value(&fixed.dist);
                assert!(
                    v <= best + 1e-9,
                    "{name}, {on}: fixed {c:?} scores {v} above the best {best}"
                );
                if v < best - 1e-9 {
                    beaten += 1;
                }
            }
        }
        // The comparison can fail: some fixed policy is strictly worse on some objective.
        assert!(beaten > 0, "{name}: every fixed policy ties the best");
    }
}

/// Where the player has nothing to decide (no token to spend, no AH2e combat, one monster: no order of
/// Normal monsters to choose), the best policy is the
/// only one: its odds are exact odds', found by the same search with the same runs of the rules.
#[test]
fn with_no_decision_the_best_is_exact_at_the_same_cost() {
    let eh_combat = r#"game = "eldritch"
[investigator]
name = "Test investigator"
strength = 2
will = 2
health = 3
sanity = 3
[[monsters]]
card = { id = "brute", name = "Brute", kind = "monster", toughness = 2, will = { modifier = 0, horror = 2 }, strength = { modifier = -1, damage = 2 } }
"#;
    let mut p = prepare("no_decision.toml", eh_combat);
    let fixed = exact(&mut p).unwrap();
    for (on, objective) in Objective::ALL.map(|o| (o.as_str(), o)) {
        if objective == Objective::Pass {
            // A combat: `pass` is refused (E0504), every option would tie.
            let d = best(&mut p, objective, &[], &[]).unwrap_err();
            assert_eq!(d.code, crate::defs::Code::AimOfOtherRequest);
            continue;
        }
        let b = best(&mut p, objective, &[], &[]).unwrap();
        assert!(b.decisions.is_empty(), "{on}");
        assert_eq!(b.odds.runs, fixed.runs, "{on}");
        assert_eq!(b.odds.dist, fixed.dist, "{on}");
    }
}

/// EH, two unlike Normal monsters, listed `a` then `b`, no Will line; Strength 2 (2 dice, a success
/// on a 5 or a 6: 1/3 each), Health 2. `a`: toughness 1, damage 3; `b`: toughness 2, damage 0.
const TWO_MONSTERS: &str = r#"game = "eldritch"
[investigator]
name = "Test investigator"
strength = 2
will = 1
health = 2
sanity = 5
[[monsters]]
card = { id = "a", name = "A (synthetic)", kind = "monster", toughness = 1, strength = { modifier = 0, damage = 3 } }
[[monsters]]
card = { id = "b", name = "B (synthetic)", kind = "monster", toughness = 2, strength = { modifier = 0, damage = 0 } }
"#;

/// EH: the monsters are met "in the order of your choice" (EH wiki, Encounters), and the odds of
/// each monster's defeat are that monster's whatever order it was met in. By hand (seed 000, Combat
/// Encounter: lose Health = damage − successes, the monster loses Health = successes, the two
/// simultaneously; a defeated investigator meets no further monster), with k the successes of 2 dice
/// (P(k ≥ 1) = 5/9, P(k = 2) = 1/9):
/// `a` first: k = 0 or 1 loses 3 or 2 Health, defeated (`a` defeated at k = 1, `b` never met); k = 2
/// loses 1 and defeats `a`, then `b` needs k = 2: every monster defeated 1/9 · 1/9 = 1/81.
/// `b` first: `b` falls at k = 2 (1/9) and deals nothing, then `a` falls at k ≥ 1 (5/9): 5/81.
/// So `defeat_all` meets `b` first, against the order listed, and then `a` is defeated with 5/9 and
/// `b` with 1/9 (the labels follow the order listed: a swap would show 1/9 and 5/9).
#[test]
fn each_monster_defeated_is_that_monsters_whatever_the_order_chosen() {
    let mut p = prepare("two_monsters.toml", TWO_MONSTERS);
    let b = best(&mut p, Objective::DefeatAll, &[], &[]).unwrap();
    assert!((b.value - 5.0 / 81.0).abs() < 1e-9, "{}", b.value);
    let first = &b.decisions[0];
    assert_eq!(first.question, crate::kernel::Question::NextMonster);
    assert!(
        matches!(&first.options[first.best].answer, crate::kernel::Answer::Monster { id, .. } if id == "b")
    );
    let close = |x: f64, y: f64| assert!((x - y).abs() < 1e-9, "{x} is not {y}");
    let (ia, ib) = (0, 1);
    assert_eq!(b.odds.monsters[ia].0, "a");
    assert_eq!(b.odds.monsters[ib].0, "b");
    close(b.odds.defeated_p(ia), 5.0 / 9.0);
    close(b.odds.defeated_p(ib), 1.0 / 9.0);
    // The option of meeting `a` first: `a` defeated at k >= 1 (5/9), `b` at 1/9 · 1/9.
    let a_first = first
        .options
        .iter()
        .find(|o| matches!(&o.answer, crate::kernel::Answer::Monster { id, .. } if id == "a"))
        .unwrap();
    close(a_first.defeated[ia], 5.0 / 9.0);
    close(a_first.defeated[ib], 1.0 / 81.0);
}

/// A card that forbids Clue rerolls for the combat ("You cannot spend Clues to reroll dice during
/// this Combat Encounter", a synthetic monster with that text and `ctx.combat.forbid_clue_rerolls`)
/// leaves the best policy none to take: with 2 Clues and no Focus, Strength 5 − 2 = 3 dice against
/// damage 3 and 3 Health, the investigator survives exactly when one die of three succeeds,
/// 1 − (2/3)³ = 19/27 (a Clue reroll would raise it).
#[test]
fn the_best_policy_takes_no_clue_reroll_a_card_forbids() {
    let text = r#"game = "eldritch"
[investigator]
name = "Test investigator"
strength = 5
will = 1
health = 3
sanity = 3
clues = 2
[[monsters]]
card = { id = "clockwork_horror", name = "Clockwork Horror (synthetic)", kind = "monster", toughness = 9, strength = { modifier = -2, damage = 3 }, text = "You cannot spend Clues to reroll dice during this Combat Encounter.", source = "a synthetic monster that forbids Clue rerolls", script = "fn before_encounter(ctx) { ctx.combat.forbid_clue_rerolls(); }" }
"#;
    let mut p = prepare("tick_tock.toml", text);
    let survive = best(&mut p, Objective::Survive, &[], &[]).unwrap();
    assert!(
        (survive.value - 19.0 / 27.0).abs() < 1e-9,
        "{}",
        survive.value
    );
}

/// Going on from a checkpoint is only a shortcut for `mythos play`'s question after one: in the
/// duel to play at the table (`tests/play/duel.toml`, the numbers of `DUEL` above), once the player
/// chose not to evade, the question of round 1 comes after the checkpoints of the combat and of that
/// round. From there the best chance not to be knocked out is V(2) = 65/81 (flee; fighting gives
/// 19/27), whether each branch goes on from the latest checkpoint it passed or is played again from
/// the first die, and both searches report the same options, values, outcomes and runs.
#[test]
fn a_question_after_a_checkpoint_is_answered_alike_resumed_or_replayed() {
    use super::exact::best_resuming;
    use crate::kernel::{Action, Answer, Question};
    let duel = include_str!("../../tests/play/duel.toml");
    let mut p = prepare("duel.toml", duel);
    // Not evading: the first option offered (`decide.rs`: ties go to it).
    let (faces, answers): ([u8; 0], _) = ([], [0]);
    let resumed = best_resuming(&mut p, Objective::Survive, &faces, &answers, true, None).unwrap();
    let replayed =
        best_resuming(&mut p, Objective::Survive, &faces, &answers, false, None).unwrap();
    assert!(
        (resumed.value - 65.0 / 81.0).abs() < 1e-9,
        "{}",
        resumed.value
    );
    let first = &resumed.decisions[0];
    assert!(
        matches!(first.question, Question::Round { round: 1, .. }),
        "{:?}",
        first.question
    );
    assert_eq!(first.health, 2);
    for o in &first.options {
        let Answer::Round(round) = &o.answer else {
            panic!("{:?}", o.answer)
        };
        let hand = if round.action == Action::Fight {
            19.0 / 27.0
        } else {
            65.0 / 81.0
        };
        assert!((o.value - hand).abs() < 1e-9, "{:?}: {}", o.answer, o.value);
    }
    assert_alike(&resumed, &replayed);
}

/// The same value, outcomes, runs and option values, resumed or replayed.
fn assert_alike(resumed: &super::BestOdds, replayed: &super::BestOdds) {
    assert_eq!(resumed.value, replayed.value);
    assert_eq!(resumed.odds.dist, replayed.odds.dist);
    assert_eq!(resumed.odds.runs, replayed.odds.runs);
    assert_eq!(resumed.odds.unresolved, replayed.odds.unresolved);
    let values = |b: &super::BestOdds| -> Vec<Vec<f64>> {
        let each = b.decisions.iter();
        each.map(|d| d.options.iter().map(|o| o.value).collect())
            .collect()
    };
    assert_eq!(values(resumed), values(replayed));
}

/// The best search's answer with each branch going on from the latest checkpoint it passed, and
/// played again from the first die, for `objective`: the same value, outcomes, runs and option
/// values (a checkpoint is only a shortcut). The value, for the caller to check against the rules.
fn alike_resumed_or_replayed(text: &str, objective: Objective) -> f64 {
    use super::exact::best_resuming;
    let mut p = prepare("resumed.toml", text);
    let resumed = best_resuming(&mut p, objective, &[], &[], true, None).unwrap();
    let replayed = best_resuming(&mut p, objective, &[], &[], false, None).unwrap();
    assert_alike(&resumed, &replayed);
    resumed.value
}

/// AH2e: each question of a check's token step (a Clue die, or stop) is a checkpoint: of the
/// Combat check of a round (`Point::FightTokens`) and of an Evade check, before the combat or
/// fleeing (`Point::EvadeTokens`). The synthetic brute (combat rating 0, damage 1, toughness 1,
/// awareness 0, no horror rating) against Fight 1, Sneak 1, Stamina 1 and 1 Clue: a check rolls 1
/// die (a success on 5 or 6, 1/3), a failed one may add a Clue die (1/3 more), and a failed check
/// costs the 1 Stamina, which knocks him out (AH rulebook pp.14–15). Defeating it: fight, the Clue
/// spent on a failure, 1/3 + 2/3·1/3 = 5/9. Not knocked out: evade before the combat, flee or
/// fight, each 5/9 with the Clue spent. Alike whether each option goes on from the question or
/// from the round's start (or the combat's).
#[test]
fn a_clue_die_question_of_an_ah2e_check_is_answered_alike_resumed_or_replayed() {
    let text = r#"game = "arkham"
[investigator]
name = "Test investigator"
speed = 1
sneak = 1
fight = 1
will = 1
lore = 1
luck = 1
stamina = 1
sanity = 5
clues = 1
[[monsters]]
card = { id = "brute", name = "Brute", kind = "monster", text = "A synthetic monster.", toughness = 1, awareness = 0, combat = { rating = 0, damage = 1 }, source = "synthetic" }
"#;
    for objective in [Objective::DefeatAll, Objective::Survive] {
        let value = alike_resumed_or_replayed(text, objective);
        assert!((value - 5.0 / 9.0).abs() < 1e-9, "{objective:?}: {value}");
    }
}

/// A scenario's own test (`[test]`) has its roll and each question of its token step as
/// checkpoints (`Point::TestRoll`, `Point::TestTokens`), in both games. EH: Lore 2 rolls 2 dice
/// and passes on one success (5 or 6); with 1 Focus and 1 Clue, each rerolls a failing die:
/// 1 − (2/3)²·(2/3)·(2/3) = 65/81 (EH Reference Guide, Tests and Rerolls). AH2e: Fight 1 against
/// difficulty 1 rolls 1 die, and the Clue adds one: 1 − (2/3)² = 5/9. Alike whether each branch
/// goes on from the roll or the question, or from the first die.
#[test]
fn a_question_of_a_scenario_test_is_answered_alike_resumed_or_replayed() {
    let eh = r#"game = "eldritch"
[investigator]
name = "Test investigator"
lore = 2
clues = 1
focus = 1
[test]
skill = "lore"
"#;
    let ah = r#"game = "arkham"
[investigator]
name = "Test investigator"
speed = 1
sneak = 1
fight = 1
will = 1
lore = 1
luck = 1
clues = 1
[test]
skill = "fight"
"#;
    let value = alike_resumed_or_replayed(eh, Objective::Pass);
    assert!((value - 65.0 / 81.0).abs() < 1e-9, "EH: {value}");
    let value = alike_resumed_or_replayed(ah, Objective::Pass);
    assert!((value - 5.0 / 9.0).abs() < 1e-9, "AH2e: {value}");
}
