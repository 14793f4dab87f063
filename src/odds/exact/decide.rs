//! Exact odds under the best policy: a decision of the player is a node of the search beside the
//! rolls. Its options are each explored as a roll's outcomes are, and the node keeps the option
//! whose outcomes score best on an [`Objective`] (the expected value of a score of each outcome). A
//! decision is a memo point on the same relative key as a roll: the best option from a state does
//! not depend on how it was reached (an objective reads of the past only what the key holds, whether
//! every monster met was defeated, or adds a constant to every option, what was lost before). The
//! decisions met before the second round (AH2e; the whole encounter in EH) are kept with the odds of
//! each option.

use super::super::budget::MAX_DECISION_OPTIONS;
use super::super::outcome::{Odds, Outcome};
use super::base::Base;
use super::search::{Dist, MemoKey, Node, Search, Stop};
use crate::kernel::{Answer, DecisionNeeded, Encounter, KernelError, Question, Status};
use crate::scenario::Checkpoint;
use std::collections::{BTreeMap, HashMap};
use std::rc::Rc;

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
    objective: Objective,
    /// The answers of the path being explored (option indices, in the order asked).
    pub(super) answers: Vec<usize>,
    /// Whether the path is still before the second round.
    first: bool,
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

impl Search<'_> {
    /// The decision node: the outcomes after `prefix` and the path's answers under the best play from
    /// this decision on, relative to `enc`'s state, with that state's [`Base`]. Each option's runs
    /// go on from `from`, the latest checkpoint the run that stopped here passed.
    pub(super) fn decide(
        &mut self,
        enc: &Encounter,
        need: DecisionNeeded,
        from: Option<Rc<Checkpoint>>,
        prefix: &mut Vec<u8>,
        abs: f64,
    ) -> Result<(Dist, Base), Stop> {
        let key = self.memo_key(enc, need.options.len());
        let base = Base::at(enc, enc.met());
        let Some(c) = self.choose.as_mut() else {
            return Err(Stop::Kernel(KernelError::Decision(need)));
        };
        if let Some(d) = c.memo.get(&key) {
            self.resolved += abs;
            return Ok((d.clone(), base));
        }
        let (objective, was_first) = (c.objective, c.first);
        let first =
            was_first && !matches!(need.question, Question::Round { round, .. } if round >= 2);
        c.first = first;
        // Its place in the report, taken before the decisions below it (first met, first).
        let slot = first.then(|| {
            c.report.push(DecisionOdds {
                question: need.question.clone(),
                health: enc.table.investigator.health,
                sanity: enc.table.investigator.sanity,
                clues: enc.table.investigator.clues,
                focus: enc.table.investigator.focus,
                faces: enc.current_faces(),
                options: Vec::new(),
                best: 0,
            });
            c.report.len() - 1
        });
        self.decision_options += need.options.len() as u64;
        if self.decision_options > MAX_DECISION_OPTIONS {
            let why = match need.question {
                Question::Round { .. } => {
                    ": each set of the cards in hand that fits two hands, with Fight or Flee; \
                     copies of one card are one choice"
                }
                _ => "",
            };
            return Err(Stop::Budget(format!(
                "under the best policy its questions offer more than {MAX_DECISION_OPTIONS} \
                 options together, each to be explored (this one offers {}{why})",
                need.options.len()
            )));
        }
        // The options share this branch's mass for the progress; each is a memo point's child.
        let share = abs / need.options.len() as f64;
        let mut best: Option<(usize, Dist, f64)> = None;
        let mut each = Vec::new();
        for (i, answer) in need.options.into_iter().enumerate() {
            self.choosing().answers.push(i);
            let (child, at) = self.explore(from.clone(), prefix, 1.0, share)?;
            self.choosing().answers.pop();
            self.carry(&child)?;
            // Moved across by `Base::from`, the outcomes keep their order and stay distinct.
            let rel: Vec<(Outcome, f64)> = child
                .dist
                .iter()
                .map(|(o, p)| (base.from(&at, o), *p))
                .collect();
            let mut defeated = vec![0.0; enc.table.monsters.len()];
            base.add_defeated(&at, &child, 1.0, &mut defeated);
            let d = Rc::new(Node {
                dist: rel,
                unresolved: child.unresolved,
                defeated,
                // Under the best policy no loop is solved (`rounds.rs`): nothing comes back.
                back: 0.0,
            });
            // Scored on the whole outcome, the past included.
            let whole: BTreeMap<Outcome, f64> =
                d.dist.iter().map(|(o, p)| (base.whole(o), *p)).collect();
            let value = objective.value(&whole);
            if first {
                let mut defeated = vec![0.0; enc.table.monsters.len()];
                Base::start().add_defeated(&base, &d, 1.0, &mut defeated);
                each.push(OptionOdds {
                    answer,
                    dist: whole,
                    defeated,
                    value,
                });
            }
            // Ties go to the option offered first (stop, do not evade, fight, the fewest cards).
            if best.as_ref().is_none_or(|(_, _, v)| value > v + 1e-12) {
                best = Some((i, d, value));
            }
        }
        let (i, d, _) = best.expect("a question has at least one option");
        let c = self.choosing();
        c.first = was_first;
        if let Some(slot) = slot {
            let r = &mut c.report[slot];
            r.options = each;
            r.best = i;
        }
        c.memo.insert(key, d.clone());
        if let Some(pilot) = self.pilot.as_mut() {
            pilot.finished(&key, true);
        }
        Ok((d, base))
    }

    fn choosing(&mut self) -> &mut Choose {
        self.choose
            .as_mut()
            .expect("a decision node searches with a Choose")
    }
}
