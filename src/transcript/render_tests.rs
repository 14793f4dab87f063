//! `render_events` over synthetic events: the words of the lines that several events make together
//! (a counted loss and its loss, a loss at the same time as a defeat), and of a monster flipped.

use super::{Names, render_events};
use crate::kernel::monster::MonsterTest;
use crate::kernel::{Event, Game, Status};
use crate::kernel::{
    Exclusion, Keyword, LossValue, Place, Skill, Slot, Source, Stat, Target, TestKind,
};

fn text(events: &[Event], game: Game) -> String {
    let names: Names = [("toy_pistol".to_string(), "Toy Pistol".to_string())].into();
    render_events(events, &names, &Names::new(), game)
}

/// A synthetic monster's CombatBegins event with the printed values given.
fn flipped(
    horror: Option<MonsterTest>,
    combat: Option<MonsterTest>,
    awareness: Option<i32>,
    abilities: Vec<Keyword>,
    health_tokens: i32,
) -> Event {
    Event::CombatBegins {
        monster: "toy_horror".to_string(),
        number: 1,
        epic: false,
        ambush: false,
        toughness: 3,
        health_tokens,
        horror,
        combat,
        awareness,
        abilities,
        nightmarish: 1,
        overwhelming: 0,
    }
}

fn printed(skill: Skill, modifier: i32, loss: Option<i32>) -> Option<MonsterTest> {
    Some(MonsterTest {
        skill,
        modifier,
        loss,
        x: false,
    })
}

/// Issue 12, item 4: an EH monster flipped shows its printed Will and Strength lines (modifier,
/// horror, damage) and its text, which holds its abilities.
#[test]
fn an_eh_monster_flipped_shows_its_printed_tests_and_text() {
    let names: Names = [("toy_horror".to_string(), "Toy Horror".to_string())].into();
    let texts: Names = [("toy_horror".to_string(), "Magical Resistance".to_string())].into();
    let ev = flipped(
        printed(Skill::Will, -1, Some(2)),
        printed(Skill::Strength, 0, Some(3)),
        None,
        vec![],
        1,
    );
    assert_eq!(
        render_events(&[ev], &names, &texts, Game::Eldritch),
        "\n== Combat Encounter 1: Toy Horror, toughness 3, 1 Health token on it\n  \
         Will (−1), horror 2; Strength (+0), damage 3\n  text: \"Magical Resistance\"\n"
    );
}

/// Issue 12, item 4: an AH2e monster flipped shows awareness, horror rating and damage, combat
/// rating and damage, its ability keywords; never Health tokens (AH2e monsters have none), and
/// not a text that only repeats its abilities.
#[test]
fn an_ah_monster_flipped_shows_its_printed_values_and_no_health_tokens() {
    let names: Names = [("toy_horror".to_string(), "Toy Horror".to_string())].into();
    let texts: Names = [(
        "toy_horror".to_string(),
        "Physical Resistance. Nightmarish 1".to_string(),
    )]
    .into();
    let ev = flipped(
        printed(Skill::Will, 0, Some(3)),
        printed(Skill::Fight, -1, None),
        Some(-2),
        vec![Keyword::PhysicalResistance],
        1,
    );
    assert_eq!(
        render_events(&[ev], &names, &texts, Game::Arkham),
        "\n== Combat 1: Toy Horror, toughness 3\n  awareness −2; horror rating +0, horror \
         damage 3; combat rating −1, no combat damage; Physical Resistance, Nightmarish 1\n"
    );
}

fn counted(value_of: LossValue, value: i32, successes: Option<u32>, amount: i32) -> Event {
    Event::LossCounted {
        stat: Stat::Sanity,
        value_of,
        value,
        successes,
        passed: amount == 0,
        amount,
        source: Source::card("toy_horror"),
    }
}

fn lost(amount: i32, asked: i32, now: i32) -> Event {
    Event::Lost {
        target: Target::Investigator,
        stat: Stat::Sanity,
        amount,
        now,
        source: Source::card("toy_horror"),
        asked,
    }
}

fn toy(events: &[Event], game: Game) -> String {
    let names: Names = [("toy_horror".to_string(), "Toy Horror".to_string())].into();
    render_events(events, &names, &Names::new(), game)
}

/// Issue 12, item 4: an EH loss says its arithmetic, the printed horror less the test result
/// ("horror 2 − 1 success: 1 Sanity lost"), in the one line of the loss.
#[test]
fn an_eh_loss_says_the_printed_value_less_the_successes() {
    let events = [counted(LossValue::Horror, 2, Some(1), 1), lost(1, 1, 3)];
    assert_eq!(
        toy(&events, Game::Eldritch),
        "  investigator loses 1 Sanity (Toy Horror: horror 2 − 1 success), now 3\n"
    );
}

/// Issue 12, item 4: an AH2e loss names the printed damage it is (the whole of it, the check
/// having failed).
#[test]
fn an_ah_loss_names_the_printed_damage_of_the_failed_check() {
    let events = [counted(LossValue::Horror, 2, None, 2), lost(2, 2, 3)];
    assert_eq!(
        toy(&events, Game::Arkham),
        "  investigator loses 2 Sanity (Toy Horror: horror damage 2, the check failed), now 3\n"
    );
}

/// A loss a card changed (on_damage) shows the count before the change, then the change, then
/// the loss: three lines in the order they happened.
#[test]
fn a_loss_changed_by_a_card_shows_its_count_first() {
    let events = [
        counted(LossValue::Horror, 3, Some(1), 2),
        Event::LossChanged {
            source: Source::card("toy_horror"),
            from: 2,
            to: 1,
        },
        lost(1, 1, 3),
    ];
    assert_eq!(
        toy(&events, Game::Eldritch),
        "  Toy Horror: horror 3 − 1 success: 2 Sanity to lose\n  \
         loss changed 2 → 1 by Toy Horror\n  \
         investigator loses 1 Sanity (Toy Horror), now 3\n"
    );
}

/// Issue 12, item 4: a test that causes no loss says so (EH: the result reaches the value).
#[test]
fn an_eh_test_that_costs_nothing_says_so() {
    let events = [counted(LossValue::Horror, 1, Some(3), 0)];
    assert_eq!(
        toy(&events, Game::Eldritch),
        "  Toy Horror: horror 1 − 3 successes: no Sanity lost\n"
    );
}

/// Issue 12, item 4: an AH2e Horror check passed costs nothing, and says so.
#[test]
fn an_ah_check_passed_says_no_loss() {
    let events = [counted(LossValue::Horror, 2, None, 0)];
    assert_eq!(
        toy(&events, Game::Arkham),
        "  Toy Horror: the check passed: no Sanity lost\n"
    );
}

/// Issue 36: a failed AH2e Horror check against a monster with no horror damage costs nothing, and
/// says the check failed (not "passed").
#[test]
fn an_ah_check_failed_with_no_horror_damage_says_failed() {
    let events = [Event::LossCounted {
        stat: Stat::Sanity,
        value_of: LossValue::Horror,
        value: 0,
        successes: None,
        passed: false,
        amount: 0,
        source: Source::card("toy_horror"),
    }];
    assert_eq!(
        toy(&events, Game::Arkham),
        "  Toy Horror: horror damage 0, the check failed: no Sanity lost\n"
    );
}

/// Issue 36: a test a card did not let be resolved is headed "not resolved", with no number the
/// result's `tests` would not hold, and the card's word reads as the card's.
#[test]
fn a_test_not_resolved_is_not_numbered() {
    let events = [
        Event::TestBegins {
            test: 1,
            skill: Skill::Strength,
            kind: TestKind::Combat,
            modifier: 0,
            difficulty: 1,
            combat: true,
            slot: Some(Slot::Strength),
            unrated: false,
            printed_x: false,
        },
        Event::DefeatedBeforeTest {
            source: Source::card("toy_horror"),
        },
    ];
    assert_eq!(
        toy(&events, Game::Eldritch),
        "\nTest not resolved: Strength (+0), the Strength test of the Combat Encounter\n  Toy \
         Horror: the monster is defeated in place of the test, which is not resolved\n"
    );
}

/// Issue 12, item 4: a loss cut by the minimum (the investigator had less) says it was cut.
#[test]
fn a_loss_cut_at_zero_says_so() {
    let events = [counted(LossValue::Horror, 3, Some(0), 3), lost(1, 3, 0)];
    assert_eq!(
        toy(&events, Game::Eldritch),
        "  investigator loses 1 Sanity (Toy Horror: horror 3 − 0 successes = 3, cut to the 1 \
         he had), now 0\n"
    );
    assert_eq!(
        toy(&[lost(1, 2, 0)], Game::Eldritch),
        "  investigator loses 1 Sanity (Toy Horror: 2 to lose, cut to the 1 he had), now 0\n"
    );
}

fn gained(amount: i32, before: i32, now: i32, maximum: Option<i32>) -> Event {
    Event::Gained {
        stat: Stat::Sanity,
        amount,
        now,
        source: Source::card("toy_horror"),
        before,
        maximum,
    }
}

/// Issue 12, item 4: a gain cut by the maximum says it was cut ("gains 1 Sanity: already at his
/// maximum of 4"); a gain in full reads as before.
#[test]
fn a_gain_cut_by_the_maximum_says_so() {
    assert_eq!(
        toy(&[gained(1, 4, 4, Some(4))], Game::Eldritch),
        "  gains 1 Sanity (Toy Horror): already at his maximum of 4\n"
    );
    assert_eq!(
        toy(&[gained(2, 3, 4, Some(4))], Game::Eldritch),
        "  gains 1 of 2 Sanity (Toy Horror): cut at his maximum of 4, now 4\n"
    );
    assert_eq!(
        toy(&[gained(1, 3, 4, None)], Game::Eldritch),
        "  gains 1 Sanity (Toy Horror), now 4\n"
    );
}

/// Issue 12, item 4: a Condition already held is not "gained" again; the line says it is held.
#[test]
fn a_condition_already_held_is_not_gained_again() {
    let names: Names = [
        ("toy_horror".to_string(), "Toy Horror".to_string()),
        ("toy_dread".to_string(), "Toy Dread".to_string()),
    ]
    .into();
    let ev = Event::ConditionAlreadyHeld {
        condition: "toy_dread".to_string(),
        source: Source::card("toy_horror"),
    };
    assert_eq!(
        render_events(&[ev], &names, &Names::new(), Game::Eldritch),
        "  already holds Toy Dread (Toy Horror): not gained again\n"
    );
}

/// Issue 12, item 4: nothing happens after a defeat; the monster's loss from the same Strength
/// test happened at the same time, and its line says so.
#[test]
fn the_monsters_simultaneous_loss_is_not_after_the_defeat() {
    let events = [
        Event::StatusChanged {
            status: Status::Defeated,
        },
        Event::Lost {
            target: Target::Monster("toy_horror".into()),
            stat: Stat::Health,
            amount: 1,
            now: 2,
            source: Source::StrengthResult,
            asked: 1,
        },
    ];
    assert_eq!(
        toy(&events, Game::Eldritch),
        "  the investigator is defeated\n  at the same time, Toy Horror loses 1 Health (the \
         Strength test result), 2 left\n"
    );
}

/// Issue 12, item 4: AH2e monsters have no Health tokens; no AH2e line names them.
#[test]
fn no_ah_line_names_health_tokens() {
    let events = [
        flipped(None, None, None, vec![], 2),
        Event::MonsterRecovered {
            source: Source::card("toy_horror"),
            amount: 1,
            health_tokens: 1,
        },
        Event::CombatEnds {
            monster: "toy_horror".to_string(),
            defeated: false,
            place: Place::Space,
            health_tokens: 1,
        },
    ];
    let text = toy(&events, Game::Arkham);
    assert!(!text.contains("token"), "{text}");
    assert!(toy(&events, Game::Eldritch).contains("Health token"));
}

#[test]
fn a_combat_stopped_at_the_round_limit_says_after_how_many_rounds() {
    assert_eq!(
        text(&[Event::CombatStopped { rounds: 200 }], Game::Arkham),
        "  the combat is stopped after 200 rounds\n"
    );
}

#[test]
fn a_bonus_of_nothing_is_listed_as_adding_nothing_under_its_printed_name() {
    let ignored = Event::BonusIgnored {
        source: Source::card("toy_pistol"),
        amount: 0,
        reason: Exclusion::Nothing,
    };
    assert_eq!(
        text(&[ignored], Game::Eldritch),
        "  pool   ·  Toy Pistol +0 ignored: a bonus of +0 or less adds nothing\n"
    );
}
