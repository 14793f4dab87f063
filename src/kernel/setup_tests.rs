//! Tests of `Setup::check`: each game's setup rules asked of its procedure.
use super::bounds;
use super::setup::*;
use super::{Action, Game, Round, Skill, TestRequest, TestSpec, procedure_for};
use std::sync::Arc;

fn setup(game: Game) -> Setup {
    Setup::bare(game)
}

fn problems(s: Setup, request: &TestRequest) -> Vec<SetupProblem> {
    let procedure = procedure_for(s.game);
    s.check(request, procedure)
        .map(|_| ())
        .unwrap_err()
        .problems
}

#[test]
fn a_fresh_investigator_with_a_test_of_a_skill_of_the_game_is_allowed() {
    let test = TestRequest::Test(TestSpec::new(Skill::Lore, "test"));
    assert!(
        setup(Game::Eldritch)
            .check(&test, procedure_for(Game::Eldritch))
            .is_ok()
    );
}

/// A card held that raises a maximum ("+1 Maximum Sanity") raises it in the checked setup, so a
/// Sanity one above the investigator's own maximum is allowed; without the card it is refused.
#[test]
fn a_card_held_raises_the_maximum_it_names() {
    let mut s = setup(Game::Arkham);
    let mut catalog = crate::kernel::Catalog::default();
    catalog.insert(
        "loyal_dog".to_string(),
        crate::kernel::ActiveCard {
            id: "loyal_dog".to_string(),
            name: "loyal_dog".to_string(),
            magical: false,
            bonuses: Vec::new(),
            hands: 0,
            casting: None,
            traits: Vec::new(),
            max_health_bonus: 0,
            max_sanity_bonus: 1,
            backs: 0,
            spent_as_clue: false,
            copies: 1,
        },
    );
    s.catalog = Arc::new(catalog);
    let inv = Arc::make_mut(&mut s.investigator);
    inv.max_sanity = 4;
    inv.sanity = 5;
    let request = TestRequest::Combat;
    let procedure = procedure_for(s.game);
    assert!(
        s.clone().check(&request, procedure).is_err(),
        "5 is above his own 4"
    );
    Arc::make_mut(&mut s.investigator)
        .possessions
        .push("loyal_dog".to_string());
    let game = s.game;
    let checked = s
        .check(&request, procedure_for(game))
        .expect("4 + 1 holds 5");
    assert_eq!(checked.investigator.max_sanity, 5);
    assert_eq!(checked.investigator.max_health, 1);
}

#[test]
fn more_than_two_hands_is_refused_for_the_round_that_wields_them() {
    let mut s = setup(Game::Arkham);
    let mut catalog = crate::kernel::Catalog::default();
    for (id, hands) in [("two_handed_toy", 2), ("one_handed_toy", 1)] {
        catalog.insert(
            id.to_string(),
            crate::kernel::ActiveCard {
                id: id.to_string(),
                name: id.to_string(),
                magical: false,
                bonuses: Vec::new(),
                hands,
                casting: None,
                traits: Vec::new(),
                max_health_bonus: 0,
                max_sanity_bonus: 0,
                backs: 0,
                spent_as_clue: false,
                copies: 1,
            },
        );
    }
    s.catalog = Arc::new(catalog);
    let round = |wield: &[&str]| Round {
        action: Action::Fight,
        wield: wield.iter().map(|w| w.to_string()).collect(),
        cast: Vec::new(),
    };
    s.rounds = vec![
        round(&["two_handed_toy"]),
        round(&["two_handed_toy", "one_handed_toy"]),
    ];
    assert_eq!(
        problems(s, &TestRequest::Combat),
        [SetupProblem {
            part: Part::RoundWield(1),
            problem: Problem::TooManyHands(3),
        }]
    );
}

#[test]
fn every_problem_is_returned_at_once_with_its_part() {
    let mut s = setup(Game::Eldritch);
    let inv = Arc::make_mut(&mut s.investigator);
    inv.improvements.insert(Skill::Will, 0);
    inv.skills.insert(Skill::Luck, 2);
    let mut spec = TestSpec::new(Skill::Will, "test");
    spec.difficulty = 2;
    let got: Vec<(Part, Problem)> = problems(s, &TestRequest::Test(spec))
        .into_iter()
        .map(|p| (p.part, p.problem))
        .collect();
    assert_eq!(
        got,
        [
            (
                Part::Skill(Skill::Luck),
                Problem::NotASkillOfTheGame {
                    skill: Skill::Luck,
                    game: Game::Eldritch
                }
            ),
            (Part::Improvement(Skill::Will), Problem::TokenValue(0)),
            (Part::TestDifficulty, Problem::DifficultyInEldritch),
        ]
    );
}

#[test]
fn numbers_outside_their_range_are_refused_with_the_range() {
    let mut s = setup(Game::Eldritch);
    Arc::make_mut(&mut s.investigator).health = -5;
    s.investigators_in_game = u32::MAX;
    assert_eq!(
        problems(s, &TestRequest::Combat),
        [
            SetupProblem {
                part: Part::InvestigatorsInGame,
                problem: Problem::OutOfRange {
                    value: i64::from(u32::MAX),
                    bounds: bounds::INVESTIGATORS
                },
            },
            SetupProblem {
                part: Part::Health,
                problem: Problem::OutOfRange {
                    value: -5,
                    bounds: bounds::HEALTH
                },
            },
        ]
    );
}
