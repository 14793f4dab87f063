//! What an encounter starts from, as plain public fields ([`Setup`]), and the kernel's own check of
//! it: [`Setup::check`] gives a [`CheckedSetup`], the only thing `Encounter::new` takes, or every
//! problem at once, each with the [`Part`] of the setup it is about (as shakmaty's `FromSetup` does).
//! Problems are typed values: the wording, and the place in a file, belong to whoever built the setup.
//! Imports kernel types only.

mod problem;

pub use problem::{FOCUS_LIMIT, MonsterPart, Part, Problem, SetupError, SetupProblem};

use super::bounds::{self, Bounds};
use super::{Game, HANDS, Investigator, Monster, Policy, Round, TestRequest, TestSpec, split_copy};
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
    /// Token policy by test kind; kinds not listed use `default_policy`.
    pub policy: BTreeMap<String, Policy>,
    pub default_policy: Policy,
    /// Card ids whose optional effects the player takes.
    pub chosen: Vec<String>,
    /// Card ids whose effects the player resolves before the monster's when both resolve at the
    /// same moment (the same hook); otherwise the monster's come first.
    pub first: Vec<String>,
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
    /// AH2e: the terror level (the Maniac reads it).
    pub terror_level: u32,
    /// AH2e: the Environment (Mythos) card in play, by id: its hooks fire after the investigator's
    /// cards (An Evil Fog: "Will checks in Arkham are made at a -1 penalty").
    pub environment: Option<std::sync::Arc<str>>,
    /// AH2e: the Upkeep Phase is played before the encounter (a scenario's `[upkeep]`): each card he
    /// holds resolves its "Upkeep:" effect (`on_upkeep`), and what it gave lasts for the encounter.
    pub upkeep: bool,
    /// EH: the board around the investigator (his space, the Mysteries, the Ancient One) and the
    /// kind of encounter the play is.
    pub board: super::Board,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            clues_after_zero_dice: true,
            open_gates: 0,
            terror_level: 0,
            environment: None,
            upkeep: false,
            board: super::Board::default(),
        }
    }
}

/// The rules of a setup that each game decides (its procedure holds them), which `Setup::check`
/// asks where they apply; the checks every game shares are its own.
pub trait SetupRules {
    /// The toughness a monster of this game may have.
    fn toughness_bounds(&self) -> Bounds;
    /// What this game allows of the investigator set up, beyond the ranges every game checks: his
    /// Focus, his Improvement tokens, where he may be.
    fn check_investigator(&self, investigator: &Investigator, push: &mut dyn FnMut(Part, Problem));
    /// What this game allows of a scenario's test (`[test]`), beyond its skill and ranges.
    fn check_test(&self, _spec: &TestSpec, _push: &mut dyn FnMut(Part, Problem)) {}
}

/// A setup the rules of its game allow. Only [`Setup::check`] makes one.
#[derive(Debug, Clone)]
pub struct CheckedSetup(Setup);

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
    pub fn check(
        mut self,
        request: &TestRequest,
        procedure: &dyn SetupRules,
    ) -> Result<CheckedSetup, SetupError> {
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
                Part::TerrorLevel,
                self.rules.terror_level,
                bounds::TERROR_LEVEL,
            ),
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
        self.check_investigator(procedure, &mut push);
        for (i, m) in self.monsters.iter().enumerate() {
            let toughness = Part::Monster(i, MonsterPart::Toughness);
            let b = procedure.toughness_bounds();
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
            ) {
                procedure.check_test(spec, &mut push);
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

    fn check_investigator(&self, procedure: &dyn SetupRules, push: &mut impl FnMut(Part, Problem)) {
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
        for (part, value, max) in [
            (Part::Health, inv.health, inv.max_health),
            (Part::Sanity, inv.sanity, inv.max_sanity),
        ] {
            if value > max {
                push(part, Problem::AboveMaximum { value, max });
            }
        }
        procedure.check_investigator(inv, push);
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
            policy: BTreeMap::new(),
            default_policy: Policy::None,
            chosen: Vec::new(),
            first: Vec::new(),
            investigators_in_game: 1,
            rules: Rules::default(),
            rounds: Vec::new(),
            evade_first: false,
        }
    }
}
