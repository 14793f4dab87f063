//! Exact odds under the best policy: the scenario is replayed with every possible roll, as `exact`
//! does, and with every answer to each question the rules let the player answer (`kernel::Question`),
//! keeping at each decision the option whose outcomes score best on an [`Objective`] (the expected
//! value of a score of each outcome, so that the best choice from a state does not depend on how it
//! was reached, and decisions memoise like rolls). The scenario's `[choices]` are not read for the
//! questions the kernel asks (token spending, evading, each AH2e round); `use` and `order` still are.
//! The decisions met before the second round (AH2e; the whole encounter in EH, one test's rerolls
//! at a time) are kept with the odds of each option, most likely first.

use super::budget::{MAX_EXACT_SCRIPT_OPERATIONS, MAX_REPLAYED_DICE, MAX_ROLL_BRANCHES, MAX_RUNS};
use super::budget::{MAX_ROLL_FACES, multiset_count};
use super::exact::{cancelled, encounter_order, multisets, too_large};
use super::outcome::{Odds, Outcome};
use crate::defs::Diagnostic;
use crate::kernel::{
    Answer, DecisionNeeded, Decisions, DiceError, DiceSource, Encounter, KernelError, Question,
    StateKey, Status, TestRequest,
};
use crate::scenario::Prepared;
use std::collections::{BTreeMap, HashMap};
use std::rc::Rc;

/// What the best policy maximises.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Objective {
    /// The probability that every monster is defeated.
    DefeatAll,
    /// The probability that the investigator ends neither defeated nor knocked out (status ok).
    Survive,
    /// The least Health (Stamina) and Sanity lost together, on average.
    LeastLost,
    /// A `[test]` scenario: the probability that the test passes.
    Pass,
}

impl Objective {
    pub const ALL: [(&'static str, Objective); 4] = [
        ("defeat_all", Objective::DefeatAll),
        ("survive", Objective::Survive),
        ("least_lost", Objective::LeastLost),
        ("pass", Objective::Pass),
    ];

    pub fn as_str(self) -> &'static str {
        Objective::ALL
            .iter()
            .find(|(_, o)| *o == self)
            .map_or("", |(n, _)| n)
    }

    /// The score of one outcome; the best policy maximises its expected value.
    pub fn score(self, o: &Outcome) -> f64 {
        match self {
            Objective::DefeatAll => f64::from(u8::from(o.defeated.iter().all(|d| *d))),
            Objective::Survive => f64::from(u8::from(o.status == Status::Ok)),
            Objective::LeastLost => -f64::from(o.health_lost.saturating_add(o.sanity_lost)),
            Objective::Pass => f64::from(u8::from(o.test.is_some_and(|t| t.1))),
        }
    }

    /// The expected score of a distribution.
    pub fn value(self, dist: &BTreeMap<Outcome, f64>) -> f64 {
        dist.iter().map(|(o, p)| p * self.score(o)).sum()
    }
}

/// One option of a reported decision, and the outcomes it leads to under the best play after it.
#[derive(Debug, Clone)]
pub struct OptionOdds {
    pub answer: Answer,
    pub dist: BTreeMap<Outcome, f64>,
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

type Dist = Rc<(BTreeMap<Outcome, f64>, f64)>;

/// The faces of one roll and their probability, for every way it can come out.
type Table = Rc<Vec<(Vec<u8>, f64)>>;

/// The unresolved mass aimed below, as `exact` does.
const TARGET: f64 = 1e-9;

/// Stops a search: a run failed, or a budget would be passed.
enum Stop {
    Kernel(KernelError),
    Budget(String),
    Cancelled,
}

struct Search<'a> {
    p: &'a mut Prepared,
    objective: Objective,
    memo: HashMap<(StateKey, Outcome, usize, bool), Dist>,
    tables: HashMap<usize, Table>,
    runs: u64,
    replayed: u64,
    script_ops: u64,
    threshold: f64,
    is_test: bool,
    /// Decisions met before the second round, in the order first met (the rolls in ascending order).
    report: Vec<DecisionOdds>,
    /// Told the share of the mass resolved so far every `PROGRESS_EVERY` runs; false stops.
    progress: Option<&'a mut dyn FnMut(f64) -> bool>,
    /// The mass of this pass resolved so far; each option of a decision counts for its share.
    resolved: f64,
}

/// Runs between two calls of the progress callback.
const PROGRESS_EVERY: u64 = 64;

/// Exact odds of `p` under the best policy for `objective`, starting after `faces` and `answers`
/// (empty: from the start; `mythos play` passes what was rolled and chosen so far).
pub fn best(
    p: &mut Prepared,
    objective: Objective,
    faces: &[u8],
    answers: &[usize],
) -> Result<BestOdds, Diagnostic> {
    best_with_progress(p, objective, faces, answers, None)
}

/// `best`, telling `progress` every so often the share of the probability mass resolved so far (0 to
/// 1; the options of a decision share their branch's mass equally); when it returns false the
/// computation stops with E0503 (cancelled). A finer pass starts again from 0.
pub fn best_with_progress(
    p: &mut Prepared,
    objective: Objective,
    faces: &[u8],
    answers: &[usize],
    mut progress: Option<&mut dyn FnMut(f64) -> bool>,
) -> Result<BestOdds, Diagnostic> {
    let is_test = matches!(p.request, TestRequest::Test(_));
    let mut threshold = 1e-12;
    let mut total_runs = 0;
    let mut script_ops = 0;
    loop {
        let mut tell = |done: f64| progress.as_mut().is_none_or(|f| f(done));
        let mut s = Search {
            p: &mut *p,
            objective,
            memo: HashMap::new(),
            tables: HashMap::new(),
            runs: 0,
            replayed: 0,
            script_ops,
            threshold,
            is_test,
            report: Vec::new(),
            progress: Some(&mut tell),
            resolved: 0.0,
        };
        let d = s.explore(&mut faces.to_vec(), &mut answers.to_vec(), 1.0, 1.0, true);
        total_runs += s.runs;
        script_ops = s.script_ops;
        let report = std::mem::take(&mut s.report);
        let d = d.map_err(|e| match e {
            Stop::Kernel(e) => p.diagnostic(&e),
            Stop::Budget(why) => too_large(p, &why),
            Stop::Cancelled => cancelled(p),
        })?;
        if d.1 < TARGET || threshold < 1e-30 {
            let odds = Odds {
                game: p.setup.game,
                method: "exact",
                runs: total_runs,
                seed: None,
                dist: d.0.clone(),
                unresolved: d.1,
                monsters: encounter_order(p),
                start: p.start.clone(),
                is_test,
            };
            return Ok(BestOdds {
                objective,
                value: objective.value(&odds.dist),
                odds,
                decisions: report,
            });
        }
        threshold /= 1000.0;
    }
}

impl Search<'_> {
    fn run(
        &mut self,
        faces: &[u8],
        answers: &[usize],
    ) -> Result<(Encounter, Result<(), KernelError>), Stop> {
        let (enc, result) = self.p.run_deciding(
            DiceSource::replay(faces.to_vec()),
            Decisions::replay(answers.to_vec()),
            false,
        );
        self.script_ops = self
            .script_ops
            .saturating_add(self.p.hooks.run_operations());
        if self.script_ops > MAX_EXACT_SCRIPT_OPERATIONS {
            return Err(Stop::Budget(format!(
                "its runs' card scripts take more than {MAX_EXACT_SCRIPT_OPERATIONS} operations together"
            )));
        }
        Ok((enc, result))
    }

    /// The outcomes after `faces` and `answers` under the best play from there, conditional on them;
    /// `mass`: their probability from the last memo point; `abs`: their share of the whole (what
    /// progress reads); `first`: still before the second round.
    fn explore(
        &mut self,
        faces: &mut Vec<u8>,
        answers: &mut Vec<usize>,
        mass: f64,
        abs: f64,
        first: bool,
    ) -> Result<Dist, Stop> {
        self.runs += 1;
        if self.runs % PROGRESS_EVERY == 1
            && let Some(progress) = self.progress.as_mut()
            && !progress(self.resolved.min(1.0))
        {
            return Err(Stop::Cancelled);
        }
        self.replayed += faces.len() as u64;
        if self.runs > MAX_RUNS {
            return Err(Stop::Budget(format!(
                "it needs more than {MAX_RUNS} runs of the rules"
            )));
        }
        if self.replayed > MAX_REPLAYED_DICE {
            return Err(Stop::Budget(format!(
                "its runs replay more than {MAX_REPLAYED_DICE} dice"
            )));
        }
        let (enc, result) = self.run(faces, answers)?;
        match result {
            Ok(()) => {
                self.resolved += abs;
                let mut d = BTreeMap::new();
                let o = Outcome::of(&enc, self.is_test);
                let unresolved = if o.stopped { 1.0 } else { 0.0 };
                if !o.stopped {
                    d.insert(o, 1.0);
                }
                Ok(Rc::new((d, unresolved)))
            }
            Err(KernelError::Dice(DiceError::NeedMore { n, memo })) => {
                let key = (enc.state_key(), Outcome::of(&enc, self.is_test), n, false);
                if memo && let Some(d) = self.memo.get(&key) {
                    self.resolved += abs;
                    return Ok(d.clone());
                }
                let mass = if memo { 1.0 } else { mass };
                let count = multiset_count(n as u64, 6);
                if n as u64 > MAX_ROLL_FACES
                    || count > MAX_ROLL_BRANCHES
                    || count.saturating_mul(n as u64) > MAX_ROLL_FACES
                {
                    return Err(Stop::Budget(format!(
                        "a roll of {n} dice can come out {count} ways (at most {MAX_ROLL_BRANCHES} \
                         ways and {MAX_ROLL_FACES} faces in one roll's table)"
                    )));
                }
                let table = self
                    .tables
                    .entry(n)
                    .or_insert_with(|| Rc::new(multisets(n)))
                    .clone();
                let mut acc: BTreeMap<Outcome, f64> = BTreeMap::new();
                let mut unresolved = 0.0;
                let len = faces.len();
                for (roll, w) in table.iter() {
                    if mass * w < self.threshold {
                        unresolved += w;
                        self.resolved += abs * w;
                        continue;
                    }
                    faces.extend_from_slice(roll);
                    let child = self.explore(faces, answers, mass * w, abs * w, first)?;
                    faces.truncate(len);
                    for (o, p) in &child.0 {
                        *acc.entry(o.clone()).or_insert(0.0) += w * p;
                    }
                    unresolved += w * child.1;
                }
                let d = Rc::new((acc, unresolved));
                if memo {
                    self.memo.insert(key, d.clone());
                }
                Ok(d)
            }
            Err(KernelError::Decision(DecisionNeeded { question, options })) => {
                let key = (
                    enc.state_key(),
                    Outcome::of(&enc, self.is_test),
                    options.len(),
                    true,
                );
                let first =
                    first && !matches!(question, Question::Round { round, .. } if round >= 2);
                if let Some(d) = self.memo.get(&key) {
                    self.resolved += abs;
                    return Ok(d.clone());
                }
                // A memo point: what it holds must not depend on how it was reached.
                let mass = 1.0;
                // Its place in the report, taken before the decisions below it (first met, first).
                let slot = first.then(|| {
                    self.report.push(DecisionOdds {
                        question: question.clone(),
                        health: enc.investigator.health,
                        sanity: enc.investigator.sanity,
                        clues: enc.investigator.clues,
                        focus: enc.investigator.focus,
                        faces: enc.current_faces(),
                        options: Vec::new(),
                        best: 0,
                    });
                    self.report.len() - 1
                });
                let mut best: Option<(usize, Dist, f64)> = None;
                let mut each = Vec::new();
                let share = abs / options.len() as f64;
                for (i, answer) in options.into_iter().enumerate() {
                    answers.push(i);
                    let child = self.explore(faces, answers, mass, share, first)?;
                    answers.pop();
                    let value = self.objective.value(&child.0);
                    // Ties go to the option offered first (stop, fight, the fewest cards).
                    if best.as_ref().is_none_or(|(_, _, v)| value > v + 1e-12) {
                        best = Some((i, child.clone(), value));
                    }
                    if first {
                        each.push(OptionOdds {
                            answer,
                            dist: child.0.clone(),
                            value,
                        });
                    }
                }
                let (i, d, _) = best.expect("a question has at least one option");
                if let Some(slot) = slot {
                    let r = &mut self.report[slot];
                    r.options = each;
                    r.best = i;
                }
                self.memo.insert(key, d.clone());
                Ok(d)
            }
            Err(other) => Err(Stop::Kernel(other)),
        }
    }
}
