//! Sampled odds: the scenario played N times with seeded dice, in parallel on every core (each thread
//! compiles its own scripts). Sample i uses the seed `seed + i`, so the result does not depend on the
//! number of threads.

use super::budget::MAX_SAMPLES;
use super::exact::encounter_order;
use super::outcome::{Odds, Outcome};
use crate::defs::{Code, Diagnostic};
use crate::kernel::{DiceSource, TestRequest};
use crate::scenario::Prepared;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};

/// The diagnostic when a thread could not set the scenario up again and said nothing (never expected:
/// the same scripts compiled once already).
fn no_instance() -> Diagnostic {
    Diagnostic::new(
        Code::HookFailed,
        "the scenario's scripts could not be compiled again",
    )
}

/// E0502 unless `n` samples of the scenario `file` may be drawn: checked before the scenario is even
/// loaded (`mythos odds --samples N`), and again by [`sampled`].
pub fn check_samples(file: &str, n: u64) -> Result<(), Diagnostic> {
    // No sample says nothing, and the budget bounds the work.
    if n == 0 || n > MAX_SAMPLES {
        return Err(Diagnostic::new(
            Code::BadSamples,
            format!(
                "sampled odds of `{file}` refused: {n} samples asked for, 1 to {MAX_SAMPLES} allowed"
            ),
        )
        .hint(
            "`--samples 100000` gives each probability to within about 0.3% (two standard errors)",
        ));
    }
    Ok(())
}

/// Samples `n` runs; `progress` draws a bar on stderr.
pub fn sampled(p: &mut Prepared, n: u64, seed: u64, progress: bool) -> Result<Odds, Diagnostic> {
    // Checked before anything is allocated.
    check_samples(&p.file.path, n)?;
    let is_test = matches!(p.request, TestRequest::Test(_));
    let blueprint = p.blueprint();
    let bar = if progress {
        let bar = ProgressBar::new(n);
        bar.set_style(
            ProgressStyle::with_template("{bar:40} {pos}/{len} samples, {per_sec}, {eta} left")
                .expect("a valid template"),
        );
        bar
    } else {
        ProgressBar::hidden()
    };
    const CHUNK: u64 = 4096;

    // The lowest sample index known to fail: a chunk that starts past it is not played, and the
    // failure reported is that of the lowest index whatever the number of threads.
    let first_failure = AtomicU64::new(u64::MAX);
    let counted: Vec<Result<BTreeMap<Outcome, u64>, (u64, Diagnostic)>> = (0..n.div_ceil(CHUNK))
        .into_par_iter()
        .map_init(
            || blueprint.instantiate(),
            |prepared, c| {
                let begin = c * CHUNK;
                let end = ((c + 1) * CHUNK).min(n);
                let mut counts: BTreeMap<Outcome, u64> = BTreeMap::new();
                if begin > first_failure.load(Ordering::Relaxed) {
                    return Ok(counts);
                }
                let prepared = prepared
                    .as_mut()
                    .map_err(|ds| (begin, ds.first().cloned().unwrap_or_else(no_instance)))?;
                for i in begin..end {
                    let (enc, result) =
                        prepared.run_for_odds(DiceSource::seeded(seed.wrapping_add(i)));
                    if let Err(e) = result {
                        first_failure.fetch_min(i, Ordering::Relaxed);
                        return Err((i, prepared.diagnostic(&e)));
                    }
                    *counts.entry(Outcome::of(&enc, is_test)).or_insert(0) += 1;
                }
                bar.inc(end - begin);
                Ok(counts)
            },
        )
        .collect();
    bar.finish_and_clear();
    let failure = counted
        .iter()
        .filter_map(|c| c.as_ref().err())
        .min_by_key(|(i, _)| *i);
    if let Some((_, d)) = failure {
        return Err(d.clone());
    }
    let counted = counted.into_iter().flatten();
    let mut total: BTreeMap<Outcome, u64> = BTreeMap::new();
    for c in counted {
        for (o, k) in c {
            *total.entry(o).or_insert(0) += k;
        }
    }
    let stopped: u64 = total
        .iter()
        .filter(|(o, _)| o.stopped)
        .map(|(_, k)| k)
        .sum();
    let dist = total
        .into_iter()
        .filter(|(o, _)| !o.stopped)
        .map(|(o, k)| (o, k as f64 / n as f64))
        .collect();
    Ok(Odds {
        game: p.setup.game,
        method: "sampled",
        runs: n,
        seed: Some(seed),
        dist,
        unresolved: stopped as f64 / n.max(1) as f64,
        monsters: encounter_order(p),
        start: p.start.clone(),
        is_test,
    })
}
