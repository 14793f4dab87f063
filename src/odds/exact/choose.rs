//! What the best policy is asked for and answers (`decide.rs` explores the options): the objective,
//! each decision's options with their odds, and the answers of the path being explored.

use super::super::outcome::{Odds, Outcome};
use super::node::{Dist, MemoKey};
use crate::kernel::{Answer, Question, Status};
use std::collections::{BTreeMap, HashMap};

/// What the best policy maximises (`mythos odds FILE --best OBJECTIVE`, `mythos play --best`). The
/// one definition: the library re-exports it as `mythos::Objective`.
///
/// ```
/// use mythos::Objective;
/// assert_eq!(Objective::parse("survive"), Some(Objective::Survive));
/// assert_eq!(Objective::LeastLost.as_str(), "least_lost");
/// assert_eq!(Objective::parse("win"), None);
/// assert_eq!(Objective::ALL.map(Objective::as_str), ["defeat_all", "survive", "least_lost", "pass"]);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Objective {
    /// The probability that every monster is defeated (`defeat_all`).
    DefeatAll,
    /// The probability that the investigator ends neither defeated nor knocked out (`survive`).
    Survive,
    /// The least Health (Stamina) and Sanity lost together, on average (`least_lost`; its value is
    /// minus that mean).
    LeastLost,
    /// A `[test]` scenario: the probability that the test passes (`pass`).
    Pass,
}

impl Objective {
    /// Every objective, in the order `mythos odds --help` lists them.
    ///
    /// ```
    /// assert_eq!(mythos::Objective::ALL.len(), 4);
    /// ```
    pub const ALL: [Objective; 4] = [
        Objective::DefeatAll,
        Objective::Survive,
        Objective::LeastLost,
        Objective::Pass,
    ];

    /// The objective `--best` names so (`defeat_all`, `survive`, `least_lost`, `pass`).
    ///
    /// ```
    /// assert_eq!(mythos::Objective::parse("pass"), Some(mythos::Objective::Pass));
    /// ```
    pub fn parse(s: &str) -> Option<Objective> {
        Objective::ALL.into_iter().find(|o| o.as_str() == s)
    }

    /// The name `--best` gives it.
    ///
    /// ```
    /// assert_eq!(mythos::Objective::DefeatAll.as_str(), "defeat_all");
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            Objective::DefeatAll => "defeat_all",
            Objective::Survive => "survive",
            Objective::LeastLost => "least_lost",
            Objective::Pass => "pass",
        }
    }

    /// The score of one outcome; the best policy maximises its expected value.
    pub(crate) fn score(self, o: &Outcome) -> f64 {
        match self {
            Objective::DefeatAll => f64::from(u8::from(o.every_monster_defeated())),
            Objective::Survive => f64::from(u8::from(o.status == Status::Ok)),
            Objective::LeastLost => -f64::from(o.health_lost.saturating_add(o.sanity_lost)),
            Objective::Pass => f64::from(u8::from(o.test.is_some_and(|t| t.1))),
        }
    }

    /// The expected score of a distribution.
    pub(crate) fn value(self, dist: &BTreeMap<Outcome, f64>) -> f64 {
        dist.iter().map(|(o, p)| p * self.score(o)).sum()
    }
}

/// One option of a reported decision, and the outcomes it leads to under the best play after it.
#[derive(Debug, Clone)]
pub struct OptionOdds {
    pub answer: Answer,
    /// The whole outcome (what was lost and defeated before the decision included), conditional on
    /// reaching the decision and taking this option.
    pub dist: BTreeMap<Outcome, f64>,
    /// The probability that each monster is defeated, by slot, as `dist` (`Odds::defeated`).
    pub defeated: Vec<f64>,
    pub value: f64,
}

/// A decision met before the second round, with the odds of each option.
#[derive(Debug, Clone)]
pub struct DecisionOdds {
    pub question: Question,
    /// The investigator's Health (Stamina), Sanity, Clues and Focus there, and the faces of the test
    /// under way (if any).
    pub health: i32,
    pub sanity: i32,
    pub clues: i32,
    pub focus: i32,
    pub faces: Vec<u8>,
    /// The test under way there, if any (what the question names).
    pub test: Option<crate::kernel::TestSpec>,
    /// Where the search grouped faces that count alike (`collapse.rs`), `faces` are each class's
    /// representative, not the faces rolled: then the successes each die counts, which is all the
    /// decision depends on (issue 38: "dice 4 4 4" shown when 1 2 3 were rolled).
    pub counted: Option<Vec<u32>>,
    pub options: Vec<OptionOdds>,
    /// The index of the best option.
    pub best: usize,
}

/// Exact odds under the best policy, and the decisions of the first round.
#[derive(Debug, Clone)]
pub struct BestOdds {
    pub objective: Objective,
    pub odds: Odds,
    pub value: f64,
    pub decisions: Vec<DecisionOdds>,
}

/// The best policy's part of a search: a search without it answers every question from the
/// scenario's `[choices]`.
pub(super) struct Choose {
    pub(super) objective: Objective,
    /// The answers of the path being explored (option indices, in the order asked).
    pub(super) answers: Vec<usize>,
    /// Whether the path is still before the second round.
    pub(super) first: bool,
    /// The best distribution from each decision point, relative to it (as the rolls' memo).
    pub(super) memo: HashMap<MemoKey, Dist>,
    /// Decisions met before the second round, in the order first met.
    pub(super) report: Vec<DecisionOdds>,
}

impl Choose {
    /// Deciding for `objective`, after the answers `answers` already given.
    pub(super) fn new(objective: Objective, answers: &[usize]) -> Choose {
        Choose {
            objective,
            answers: answers.to_vec(),
            first: true,
            memo: HashMap::new(),
            report: Vec::new(),
        }
    }
}
