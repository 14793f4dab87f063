//! What an encounter starts from, as plain public fields ([`Setup`]), and the kernel's own check of
//! it: [`Setup::check`] gives a [`CheckedSetup`], the only thing `Encounter::new` takes, or every
//! problem at once, each with the [`Part`] of the setup it is about (as shakmaty's `FromSetup` does).
//! Problems are typed values: the wording, and the place in a file, belong to whoever built the setup.
//! Imports kernel types only.

mod problem;

pub use problem::{FOCUS_LIMIT, MonsterPart, Part, Problem, SetupError, SetupProblem};

use super::bounds::{self, Bounds};
use super::{
    DiceSource, Game, HANDS, Investigator, Monster, Policy, Round, TestRequest, split_copy,
};
use std::collections::BTreeMap;
use std::ops::Deref;
use std::sync::Arc;

/// Everything an encounter starts from, unchecked.
#[derive(Debug, Clone)]
pub struct Setup {
    pub game: Game,
    /// Shared by every run of the scenario until one changes it (copy-on-write).
    pub investigator: Arc<Investigator>,
    pub monsters: Vec<Arc<Monster>>,
    /// Every card that is or may come into play (conditions gained mid-encounter included), by id.
    pub catalog: Arc<crate::kernel::Catalog>,
    pub dice: DiceSource,
    /// Token policy by test kind; kinds not listed use `default_policy`.
    pub policy: BTreeMap<String, Policy>,
    pub default_policy: Policy,
    /// Card ids whose optional effects the player takes.
    pub chosen: Vec<String>,
    pub investigators_in_game: u32,
    pub rules: Rules,
    /// AH2e: the player's plan for each round of Fight or Flee; the last one repeats.
    pub rounds: Vec<Round>,
    /// AH2e: try to evade before combat.
    pub evade_first: bool,
}

/// Readings of the rules a scenario may choose where sources disagree, and table state.
#[derive(Debug, Clone, PartialEq, Hash)]
pub struct Rules {
    /// AH2e, open point D1: whether Clue tokens may add dice to a check whose modified skill is 0 or
    /// less (the AH wiki's Clue page and a rules digest: yes; the wiki's Skill check page: no).
    pub clues_after_zero_dice: bool,
    /// AH2e: open gates on the board (the Nightgaunt draws the investigator through the nearest).
    pub open_gates: u32,
    /// EH: the board around the investigator (his space, the Mysteries, the Ancient One) and the
    /// kind of encounter the play is.
    pub board: super::Board,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            clues_after_zero_dice: true,
            open_gates: 0,
            board: super::Board::default(),
        }
    }
}

/// A setup the rules of its game allow. Only [`Setup::check`] makes one.
#[derive(Debug, Clone)]
pub struct CheckedSetup(Setup);

impl CheckedSetup {
    /// The same setup with other dice (dice never make a setup wrong: exact and sampled odds replay
    /// one setup with their own).
    pub fn with_dice(&self, dice: DiceSource) -> CheckedSetup {
        let mut s = self.0.clone();
        s.dice = dice;
        CheckedSetup(s)
    }

    pub fn into_inner(self) -> Setup {
        self.0
    }
}

impl Deref for CheckedSetup {
    type Target = Setup;
    fn deref(&self) -> &Setup {
        &self.0
    }
}

/// Whether `value` is in `bounds`; reports it as a problem of `part` if not.
fn range(push: &mut impl FnMut(Part, Problem), part: Part, value: i64, bounds: Bounds) -> bool {
    let ok = bounds.contains(value);
    if !ok {
        push(part, Problem::OutOfRange { value, bounds });
    }
    ok
}

impl Setup {
    /// Checks the setup, and the test asked of it, against the rules of its game: every problem at
    /// once, in the order of [`Part`] within the investigator, then the monsters, the test and the
    /// rounds.
    /// The investigator's maxima of a checked setup include what the cards he holds add to them
    /// (`Investigator::max_bonuses`): the setup gives his own.
    pub fn check(mut self, request: &TestRequest) -> Result<CheckedSetup, SetupError> {
        let (health, sanity) = self.investigator.max_bonuses(&self.catalog);
        if health != 0 || sanity != 0 {
            let inv = Arc::make_mut(&mut self.investigator);
            inv.max_health = inv.max_health.saturating_add(health);
            inv.max_sanity = inv.max_sanity.saturating_add(sanity);
        }
        let mut problems = Vec::new();
        let mut push = |part, problem| problems.push(SetupProblem { part, problem });
        for (part, value, bounds) in [
            (
                Part::InvestigatorsInGame,
                self.investigators_in_game,
                bounds::INVESTIGATORS,
            ),
            (Part::OpenGates, self.rules.open_gates, bounds::OPEN_GATES),
            (
                Part::InvestigatorsOnSpace,
                self.rules.board.investigators_on_space,
                bounds::INVESTIGATORS_ON_SPACE,
            ),
            (
                Part::MysteriesSolved,
                self.rules.board.mysteries_solved,
                bounds::MYSTERIES,
            ),
        ] {
            range(&mut push, part, i64::from(value), bounds);
        }
        let on_space = self.rules.board.investigators_on_space;
        if bounds::INVESTIGATORS_ON_SPACE.contains(i64::from(on_space))
            && bounds::INVESTIGATORS.contains(i64::from(self.investigators_in_game))
            && on_space >= self.investigators_in_game
        {
            push(
                Part::InvestigatorsOnSpace,
                Problem::MoreOnSpaceThanInGame {
                    on_space,
                    in_game: self.investigators_in_game,
                },
            );
        }
        self.check_investigator(&mut push);
        for (i, m) in self.monsters.iter().enumerate() {
            let toughness = Part::Monster(i, MonsterPart::Toughness);
            let b = match self.game {
                Game::Eldritch => bounds::TOUGHNESS,
                Game::Arkham => bounds::ARKHAM_TOUGHNESS,
            };
            // A toughness of 0 (EH) takes no Health tokens: the monster is defeated before any test.
            if range(&mut push, toughness, m.toughness.into(), b)
                && (m.health_tokens < 0 || (m.health_tokens > 0 && m.health_tokens >= m.toughness))
            {
                push(
                    Part::Monster(i, MonsterPart::HealthTokens),
                    Problem::HealthTokens {
                        tokens: m.health_tokens,
                        toughness: m.toughness,
                    },
                );
            }
        }
        if let TestRequest::Test(spec) = request {
            if !self.game.skills().contains(&spec.skill) {
                push(
                    Part::TestSkill,
                    Problem::NotASkillOfTheGame {
                        skill: spec.skill,
                        game: self.game,
                    },
                );
            }
            range(
                &mut push,
                Part::TestModifier,
                spec.modifier.into(),
                bounds::MODIFIER,
            );
            let difficulty = spec.difficulty.into();
            if range(
                &mut push,
                Part::TestDifficulty,
                difficulty,
                bounds::DIFFICULTY,
            ) && self.game == Game::Eldritch
                && spec.difficulty != 1
            {
                push(Part::TestDifficulty, Problem::DifficultyInEldritch);
            }
        }
        for (i, r) in self.rounds.iter().enumerate() {
            self.check_round(i, r, &mut push);
        }
        if problems.is_empty() {
            Ok(CheckedSetup(self))
        } else {
            Err(SetupError { problems })
        }
    }

    fn check_investigator(&self, push: &mut impl FnMut(Part, Problem)) {
        let inv = &self.investigator;
        for (skill, value) in &inv.skills {
            if range(push, Part::Skill(*skill), (*value).into(), bounds::SKILL)
                && !self.game.skills().contains(skill)
            {
                push(
                    Part::Skill(*skill),
                    Problem::NotASkillOfTheGame {
                        skill: *skill,
                        game: self.game,
                    },
                );
            }
        }
        for (part, value, bounds) in [
            (Part::Health, inv.health, bounds::HEALTH),
            (Part::MaxHealth, inv.max_health, bounds::HEALTH),
            (Part::Sanity, inv.sanity, bounds::SANITY),
            (Part::MaxSanity, inv.max_sanity, bounds::SANITY),
            (Part::Clues, inv.clues, bounds::TOKENS),
            (Part::Focus, inv.focus, bounds::TOKENS),
        ] {
            range(push, part, value.into(), bounds);
        }
        if self.game == Game::Eldritch && inv.focus > FOCUS_LIMIT {
            push(Part::Focus, Problem::TooMuchFocus(inv.focus));
        }
        for (part, value, max) in [
            (Part::Health, inv.health, inv.max_health),
            (Part::Sanity, inv.sanity, inv.max_sanity),
        ] {
            if value > max {
                push(part, Problem::AboveMaximum { value, max });
            }
        }
        for (skill, value) in &inv.improvements {
            if self.game != Game::Eldritch || !self.game.skills().contains(skill) {
                push(Part::Improvement(*skill), Problem::NoImprovementToken);
            } else if !matches!(value, -2 | -1 | 1 | 2) {
                push(Part::Improvement(*skill), Problem::TokenValue(*value));
            } else if *value < 0 && inv.skill(*skill).saturating_add(*value) < 1 {
                push(
                    Part::Improvement(*skill),
                    Problem::ImpairedBelowOne {
                        skill: *skill,
                        value: inv.skill(*skill),
                        token: *value,
                    },
                );
            }
        }
        if self.game == Game::Arkham
            && let Some(loc) = inv.location
            && !loc.is_start()
        {
            push(Part::Location, Problem::NotAStartingLocation(loc));
        }
    }

    fn check_round(&self, i: usize, r: &Round, push: &mut impl FnMut(Part, Problem)) {
        for (j, c) in r.cast.iter().enumerate() {
            if !r.wield.contains(c) {
                push(Part::RoundCast(i, j), Problem::CastNotWielded(c.clone()));
            }
        }
        for (j, key) in r.wield.iter().enumerate() {
            // A further copy must be held (a card not held at all is left out when the round is
            // played, as one discarded is).
            let further = split_copy(key).1 > 1 && !self.investigator.holds_copy(key);
            if further || r.wield[..j].contains(key) {
                push(Part::RoundWield(i), Problem::NoSuchCopy(key.clone()));
            }
        }
        let hands: u32 = r
            .wield
            .iter()
            .filter_map(|key| self.catalog.get(split_copy(key).0))
            .map(|c| c.hands)
            .fold(0, u32::saturating_add);
        if hands > HANDS {
            push(Part::RoundWield(i), Problem::TooManyHands(hands));
        }
    }
}

#[cfg(test)]
impl Setup {
    /// For tests: a fresh investigator of `game` and nothing else (no monster, no card, no dice).
    pub fn bare(game: Game) -> Setup {
        Setup {
            game,
            investigator: Arc::new(Investigator::new(game)),
            monsters: Vec::new(),
            catalog: Arc::new(crate::kernel::Catalog::default()),
            dice: DiceSource::fixed(Vec::new()),
            policy: BTreeMap::new(),
            default_policy: Policy::None,
            chosen: Vec::new(),
            investigators_in_game: 1,
            rules: Rules::default(),
            rounds: Vec::new(),
            evade_first: false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::{Action, Skill, TestSpec};

    fn setup(game: Game) -> Setup {
        Setup::bare(game)
    }

    fn problems(s: Setup, request: &TestRequest) -> Vec<SetupProblem> {
        s.check(request).map(|_| ()).unwrap_err().problems
    }

    #[test]
    fn a_fresh_investigator_with_a_test_of_a_skill_of_the_game_is_allowed() {
        let test = TestRequest::Test(TestSpec::new(Skill::Lore, "test"));
        assert!(setup(Game::Eldritch).check(&test).is_ok());
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
            },
        );
        s.catalog = Arc::new(catalog);
        let inv = Arc::make_mut(&mut s.investigator);
        inv.max_sanity = 4;
        inv.sanity = 5;
        let request = TestRequest::Combat;
        assert!(s.clone().check(&request).is_err(), "5 is above his own 4");
        Arc::make_mut(&mut s.investigator)
            .possessions
            .push("loyal_dog".to_string());
        let checked = s.check(&request).expect("4 + 1 holds 5");
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
}
