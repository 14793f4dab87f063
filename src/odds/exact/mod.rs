//! Exact odds: the scenario is replayed with every possible roll. The dice of one roll are exchangeable,
//! so each roll of n dice branches into its face-count multisets (fed in ascending order) with their
//! multinomial weights; each reroll and extra die branches six ways. Runs that reach the same state at
//! the same dice request go on alike, so each such branch is explored once (memoised on
//! `Encounter::relative_key`, a digest of the state the rules go on from without what was lost or
//! defeated before, which `search::Base` adds back, and on what the outcome already holds, such as
//! the first test's result). Branches less likely
//! than a threshold, counted from the last memo point (so that a memoised branch is the same however it
//! was reached), are not followed; their mass is reported as unresolved, and the threshold is lowered
//! until that mass is below 1e-9. A run goes on from the latest checkpoint (`kernel::Point`) the run
//! of its prefix of dice passed, with a copy of the table there (`scenario/drive.rs`); under the best
//! policy, with the answers of its path after those the checkpoint's run had used.
//!
//! Under the best policy ([`best`]) the player's questions are nodes of the same search
//! (`decide.rs`): each option is explored, and the best on an objective is kept.
//!
//! Files, with no import circle among them: below the search, `node.rs` what it is made of (a
//! node's distribution, a roll asked for, the memo key, why it stops), `multiset.rs` the rolls of n
//! dice and their weights, `tables.rs` the tables of them a search makes, `base.rs` what its
//! distributions are relative to, `readers.rs` which cards may tell faces apart, `choose.rs` what the
//! best policy is asked and answers, `loops.rs` the loops of fights that repeat, `pilot.rs` the
//! estimate of its progress; `search.rs` the search over rolls with its memo; above it, the search's
//! other steps, each an `impl Search`: `collapse.rs` when faces that count alike are grouped (test by
//! test), `rounds.rs` the fights that repeat, solved as loops, `decide.rs` its decision nodes,
//! `walks.rs` the pilot's walks.

mod base;
mod choose;
mod collapse;
mod decide;
mod loops;
mod multiset;
mod node;
mod pilot;
mod readers;
mod rounds;
mod search;
mod tables;
mod walks;

use super::outcome::Odds;
use crate::defs::{Code, Diagnostic};

use crate::scenario::Prepared;
use base::Base;
use choose::Choose;
pub use choose::{BestOdds, DecisionOdds, Objective, OptionOdds};
use loops::Loops;
use node::Stop;
use readers::Readers;
use search::Search;
use std::collections::{BTreeMap, HashMap};
use tables::Tables;

/// The unresolved mass exact odds aim below.
const TARGET: f64 = 1e-9;

/// The samples a refusal's hint offers: each probability to within about 1% (two standard errors).
const HINT_SAMPLES: u64 = 10_000;

/// The exact distribution of outcomes of a prepared scenario (its own `[dice]` ignored).
pub fn exact(p: &mut Prepared) -> Result<Odds, Diagnostic> {
    exact_with(p, true, None)
}

/// `exact`, telling `progress` every so often an estimate of the share of the work done (0 to 1,
/// never going back, 1 once at the end): 0 for its first few hundred runs, then the share of a
/// pilot's memo points finished (`pilot.rs`); when it returns
/// false the computation stops with E0503 (cancelled).
pub fn exact_with_progress(
    p: &mut Prepared,
    progress: &mut dyn FnMut(f64) -> bool,
) -> Result<Odds, Diagnostic> {
    exact_with(p, true, Some(progress))
}

/// `exact`, choosing whether faces that count alike are grouped where nothing can tell them apart
/// (`collapse.rs`; tests compare both ways), with an optional progress callback
/// (`exact_with_progress`).
pub fn exact_with(
    p: &mut Prepared,
    collapse: bool,
    progress: Option<&mut dyn FnMut(f64) -> bool>,
) -> Result<Odds, Diagnostic> {
    exact_resuming(p, collapse, true, progress)
}

/// `exact_with`, choosing whether each branch goes on from the latest checkpoint its prefix of dice
/// passed or is replayed from the first die (tests compare both ways).
pub fn exact_resuming(
    p: &mut Prepared,
    collapse: bool,
    resume: bool,
    progress: Option<&mut dyn FnMut(f64) -> bool>,
) -> Result<Odds, Diagnostic> {
    search(p, collapse, resume, progress, &[], None).map(|(odds, _)| odds)
}

/// Exact odds of `p` under the best policy for `objective`, with the decisions of the first round,
/// starting after `faces` and `answers` (empty: from the start; `mythos play` passes what was rolled
/// and chosen so far).
pub fn best(
    p: &mut Prepared,
    objective: Objective,
    faces: &[u8],
    answers: &[usize],
) -> Result<BestOdds, Diagnostic> {
    best_with_progress(p, objective, faces, answers, None)
}

/// `best`, telling `progress` every so often an estimate of the share of the work done, as
/// `exact_with_progress` does (the options of a decision share their branch's mass equally; the
/// pilot answers each decision at random).
pub fn best_with_progress(
    p: &mut Prepared,
    objective: Objective,
    faces: &[u8],
    answers: &[usize],
    progress: Option<&mut dyn FnMut(f64) -> bool>,
) -> Result<BestOdds, Diagnostic> {
    best_resuming(p, objective, faces, answers, true, progress)
}

/// `best_with_progress`, choosing whether each branch goes on from the latest checkpoint its dice
/// and answers passed or is replayed from the first die (tests compare both ways).
pub fn best_resuming(
    p: &mut Prepared,
    objective: Objective,
    faces: &[u8],
    answers: &[usize],
    resume: bool,
    progress: Option<&mut dyn FnMut(f64) -> bool>,
) -> Result<BestOdds, Diagnostic> {
    aim_scores(p, objective)?;
    let choose = Some((objective, answers));
    let (odds, decisions) = search(p, true, resume, progress, faces, choose)?;
    Ok(BestOdds {
        objective,
        value: objective.value(&odds.dist),
        odds,
        decisions,
    })
}

/// `best`, choosing whether faces that count alike are grouped where nothing can tell them apart
/// (tests compare both ways).
#[cfg(test)]
pub(crate) fn best_grouping(
    p: &mut Prepared,
    objective: Objective,
    collapse: bool,
) -> Result<BestOdds, Diagnostic> {
    let (odds, decisions) = search(p, collapse, true, None, &[], Some((objective, &[])))?;
    Ok(BestOdds {
        objective,
        value: objective.value(&odds.dist),
        odds,
        decisions,
    })
}

/// The passes of the search from `start` (faces already rolled), each with a lower threshold, until
/// less than `TARGET` is left unresolved; under the best policy for an objective (after the answers
/// given) when `choose` says so, with the decisions of the first round of the last pass.
fn search(
    p: &mut Prepared,
    collapse: bool,
    resume: bool,
    mut progress: Option<&mut dyn FnMut(f64) -> bool>,
    start: &[u8],
    choose: Option<(Objective, &[usize])>,
) -> Result<(Odds, Vec<DecisionOdds>), Diagnostic> {
    let is_test = p.request.no_combat();
    let mut threshold = 1e-12;
    let mut total_runs = 0;
    let mut script_ops = 0;
    let mut decision_options = 0;
    let mut carried = 0;
    let readers = Readers::of(p);
    // A fight that repeats is solved where the scenario's `[choices]` answer and no script can
    // tell one round from the next (`rounds.rs`).
    let loops = choose.is_none() && !p.hooks.reads_round();
    let without_check = !p.hooks.reads_combat_result();
    let estimate = progress.is_some();
    let mut told = 0.0;
    loop {
        let mut tell = |done: f64| progress.as_mut().is_none_or(|f| f(done));
        let mut s = Search {
            p: &mut *p,
            memo: HashMap::new(),
            tables: Tables::default(),
            runs: 0,
            replayed: 0,
            script_ops,
            threshold,
            is_test,
            collapse,
            readers: &readers,
            resume,
            progress: Some(&mut tell),
            resolved: 0.0,
            choose: choose.map(|(objective, answers)| Choose::new(objective, answers)),
            pilot: None,
            estimate: estimate.then_some((start, choose.map_or(0, |(_, a)| a.len()))),
            told,
            loops: loops.then(|| Loops::new(without_check)),
            depth: 0,
            decision_options,
            carried,
            earlier_runs: total_runs,
        };
        let d = s.explore(None, &mut start.to_vec(), 1.0, 1.0);
        total_runs += s.runs;
        script_ops = s.script_ops;
        decision_options = s.decision_options;
        carried = s.carried;
        told = s.told;
        let decisions = s.choose.take().map(|c| c.report).unwrap_or_default();
        let (d, at) = d.map_err(|e| match e {
            Stop::Kernel(e) => p.diagnostic(&e),
            Stop::Budget(why) => too_large(p, &why, choose.is_some()),
            Stop::Cancelled => cancelled(p),
        })?;
        if d.unresolved < TARGET || threshold < 1e-30 {
            if let Some(f) = progress.as_mut() {
                f(1.0);
            }
            let monsters = combat_order(p);
            let odds = Odds {
                game: p.setup.game,
                method: "exact",
                runs: total_runs,
                seed: None,
                dist: d.dist.iter().fold(BTreeMap::new(), |mut dist, (o, w)| {
                    *dist.entry(Base::start().from(&at, o)).or_insert(0.0) += w;
                    dist
                }),
                defeated: {
                    let mut defeated = vec![0.0; d.defeated.len()];
                    Base::start().add_defeated(&at, &d, 1.0, &mut defeated);
                    defeated
                },
                unresolved: d.unresolved,
                monsters,
                start: p.start.clone(),
                is_test,
            };
            return Ok((odds, decisions));
        }
        threshold /= 1000.0;
    }
}

/// The diagnostic of a computation its progress callback stopped.
fn cancelled(p: &Prepared) -> Diagnostic {
    Diagnostic::new(
        Code::OddsCancelled,
        format!("exact odds of `{}` cancelled", p.file.path),
    )
    .at(&p.file, 0..0)
    .hint("its progress callback returned false")
}

/// An aim the scenario's request can score: `pass` a `[test]`, `defeat_all` a combat (issue 39: the
/// other pairs were accepted and answered 0% or 100% with every option tied).
pub(crate) fn aim_scores(p: &Prepared, objective: Objective) -> Result<(), Diagnostic> {
    // An Action with monsters on the space is scored both ways: its test, then their combats.
    let is_test = p.request.no_combat();
    let why = match objective {
        Objective::Pass if !is_test => "`pass` scores a `[test]`; this scenario is a combat",
        Objective::DefeatAll if p.setup.monsters.is_empty() => {
            "`defeat_all` scores a combat; this scenario is a `[test]`, with no monster"
        }
        _ => return Ok(()),
    };
    Err(Diagnostic::new(
        Code::AimOfOtherRequest,
        format!(
            "`{}` cannot be scored for `{}`: {why}",
            objective.as_str(),
            p.file.path
        ),
    )
    .at(&p.file, 0..0)
    .hint(if is_test {
        "for a `[test]`: `--best pass`, `survive` or `least_lost`"
    } else {
        "for a combat: `--best defeat_all`, `survive` or `least_lost`"
    }))
}

/// The refusal of a scenario too large to enumerate: it names the file, and its hint offers a
/// question that can be answered with this command. Sampled odds (`--samples`) play a fixed policy,
/// the scenario's `[choices]`: under the best policy (`best`), which is never sampled (`--best`
/// conflicts with `--samples`), the hint says so, and offers the best play with fewer tokens where the
/// investigator holds some (each Clue and Focus multiplies the options of every roll).
fn too_large(p: &Prepared, why: &str, best: bool) -> Diagnostic {
    let path = &p.file.path;
    let hint = if best {
        let (clues, focus) = (p.start.clues, p.start.focus);
        let fewer = match (clues > 0, focus > 0) {
            (false, false) => String::new(),
            _ => format!(
                "; or the best play with fewer tokens (the scenario's `[investigator]` has \
                 {clues} Clues and {focus} Focus)"
            ),
        };
        format!(
            "the best policy is searched exactly only; the odds of the scenario's own `[choices]` \
             (a fixed policy) can be sampled: `mythos odds {path} --samples {HINT_SAMPLES}`{fewer}"
        )
    } else {
        format!("sample it instead: `mythos odds {path} --samples {HINT_SAMPLES}`")
    };
    Diagnostic::new(
        Code::OddsTooLarge,
        format!("exact odds of `{path}` refused: {why}"),
    )
    .at(&p.file, 0..0)
    .hint(hint)
}

/// Monster ids and names in the order the kernel meets them (EH: Normal before Epic).
pub(super) fn combat_order(p: &Prepared) -> Vec<(String, String)> {
    let mut ms: Vec<&crate::kernel::Monster> = p.setup.monsters.iter().map(|m| &**m).collect();
    let procedure = crate::kernel::procedure_for(p.setup.game);
    ms.sort_by_key(|m| procedure.combat_rank(m));
    ms.into_iter()
        .map(|m| (m.id.to_string(), m.name.to_string()))
        .collect()
}
