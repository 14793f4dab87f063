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
//! of its prefix of dice passed, with a copy of the state there (`scenario/resume.rs`).
//!
//! Files: `multiset.rs` the rolls of n dice and their weights, `collapse.rs` when faces that count alike
//! may be grouped (test by test), `search.rs` the search over rolls with its memo.

mod collapse;
mod multiset;
mod search;

use super::outcome::Odds;
use crate::defs::{Code, Diagnostic};
use crate::kernel::TestRequest;
use crate::scenario::Prepared;
use collapse::Readers;
pub(super) use multiset::multisets;
use search::{Base, Search, Stop};
use std::collections::{BTreeMap, HashMap};

/// The unresolved mass exact odds aim below.
const TARGET: f64 = 1e-9;

/// The exact distribution of outcomes of a prepared scenario (its own `[dice]` ignored).
pub fn exact(p: &mut Prepared) -> Result<Odds, Diagnostic> {
    exact_with(p, true, None)
}

/// `exact`, telling `progress` every so often the share of the probability mass resolved so far (0
/// to 1); when it returns false the computation stops with E0503 (cancelled). A finer pass (made when
/// more than 1e-9 was left unresolved) starts again from 0.
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
    mut progress: Option<&mut dyn FnMut(f64) -> bool>,
) -> Result<Odds, Diagnostic> {
    let is_test = matches!(p.request, TestRequest::Test(_));
    let mut threshold = 1e-12;
    let mut total_runs = 0;
    let mut script_ops = 0;
    let readers = Readers::of(p);
    loop {
        let mut tell = |done: f64| progress.as_mut().is_none_or(|f| f(done));
        let mut s = Search {
            p: &mut *p,
            memo: HashMap::new(),
            tables: HashMap::new(),
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
        };
        let d = s.explore(None, &mut Vec::new(), 1.0, 1.0);
        total_runs += s.runs;
        script_ops = s.script_ops;
        let (d, at) = d.map_err(|e| match e {
            Stop::Kernel(e) => p.diagnostic(&e),
            Stop::Budget(why) => too_large(p, &why),
            Stop::Cancelled => cancelled(p),
        })?;
        if d.1 < TARGET || threshold < 1e-30 {
            let monsters = encounter_order(p);
            return Ok(Odds {
                game: p.setup.game,
                method: "exact",
                runs: total_runs,
                seed: None,
                dist: d.0.iter().fold(BTreeMap::new(), |mut dist, (o, w)| {
                    *dist.entry(Base::start().from(&at, o)).or_insert(0.0) += w;
                    dist
                }),
                unresolved: d.1,
                monsters,
                start: p.start.clone(),
                is_test,
            });
        }
        threshold /= 1000.0;
    }
}

/// The diagnostic of a computation its progress callback stopped.
pub(super) fn cancelled(p: &Prepared) -> Diagnostic {
    Diagnostic::new(
        Code::OddsCancelled,
        format!("exact odds of `{}` cancelled", p.file.path),
    )
    .at(&p.file, 0..0)
    .hint("its progress callback returned false")
}

/// The refusal of a scenario too large to enumerate: it names the file and points at sampling.
pub(super) fn too_large(p: &Prepared, why: &str) -> Diagnostic {
    Diagnostic::new(
        Code::OddsTooLarge,
        format!("exact odds of `{}` refused: {why}", p.file.path),
    )
    .at(&p.file, 0..0)
    .hint(format!(
        "sample it instead: `mythos odds {} --samples 100000`",
        p.file.path
    ))
}

/// Monster ids and names in the order the kernel meets them (EH: Normal before Epic).
pub(super) fn encounter_order(p: &Prepared) -> Vec<(String, String)> {
    let mut ms: Vec<&crate::kernel::Monster> = p.setup.monsters.iter().map(|m| &**m).collect();
    let procedure = crate::kernel::procedure_for(p.setup.game);
    ms.sort_by_key(|m| procedure.combat_rank(m));
    ms.into_iter()
        .map(|m| (m.id.clone(), m.name.clone()))
        .collect()
}
