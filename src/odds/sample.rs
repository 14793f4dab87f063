//! Sampled odds: the scenario played N times with seeded dice, in parallel on every core (each thread
//! compiles its own scripts). Sample i uses the seed `seed + i`, so the result does not depend on the
//! number of threads.

use super::budget::{
    MAX_CHUNK_SCRIPT_OPERATIONS, MAX_SAMPLED_SCRIPT_OPERATIONS, MAX_SAMPLES, SAMPLE_CHUNK,
};
use super::exact::encounter_order;
use super::outcome::{Odds, Outcome};
use crate::defs::{Code, Diagnostic};
use crate::kernel::{DiceSource, TestRequest};
use crate::scenario::Prepared;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use std::collections::BTreeMap;

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

/// What one chunk of samples played: its first sample, how many it played, the outcomes counted, the
/// operations its scripts took (up to where it stopped), and the failure it stopped at.
#[derive(Default)]
struct Chunk {
    begin: u64,
    played: u64,
    counts: BTreeMap<Outcome, u64>,
    ops: u64,
    failure: Option<Diagnostic>,
}

/// E0502: the card scripts of `n` samples would take more operations than the budget; how many
/// samples would fit, at the operations of sample 0.
fn too_many_operations(p: &Prepared, n: u64, first_ops: u64) -> Diagnostic {
    let fit = (MAX_SAMPLED_SCRIPT_OPERATIONS / first_ops.max(1)).max(1);
    Diagnostic::new(
        Code::BadSamples,
        format!(
            "sampled odds of `{}` refused: the card scripts of {n} samples take more than \
             {MAX_SAMPLED_SCRIPT_OPERATIONS} operations together",
            p.file.path
        ),
    )
    .hint(format!(
        "ask for fewer samples: the first sample's scripts took {first_ops} operations, so about \
         `--samples {fit}` fit"
    ))
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
    // Sample 0 first, alone: if every sample took its scripts' operations, would the samples pass
    // the budget? Then they are refused at once (a hostile script spends its operations every time).
    let mut first = blueprint
        .instantiate()
        .map_err(|ds| ds.first().cloned().unwrap_or_else(no_instance))?;
    let _ = first.run_for_odds(DiceSource::seeded(seed));
    let first_ops = first.hooks.run_operations();
    if first_ops.saturating_mul(n) > MAX_SAMPLED_SCRIPT_OPERATIONS {
        return Err(too_many_operations(p, n, first_ops));
    }
    drop(first);

    // The samples, in waves of `WAVE` chunks played in parallel. What is reported must not depend on
    // the number of threads, so after each wave its chunks are walked in sample order, and the first
    // of these decides: a failing sample, a chunk whose samples took more than
    // `MAX_CHUNK_SCRIPT_OPERATIONS` (it stops there), or all samples so far more than
    // `MAX_SAMPLED_SCRIPT_OPERATIONS`. Each is a property of the samples, not of the threads.
    const CHUNK: u64 = SAMPLE_CHUNK;
    const WAVE: u64 = 8;
    let chunks = n.div_ceil(CHUNK);
    let mut total: BTreeMap<Outcome, u64> = BTreeMap::new();
    let mut spent: u64 = 0;
    let mut wave = 0;
    while wave * WAVE < chunks {
        let played: Vec<Result<Chunk, Diagnostic>> = (wave * WAVE..((wave + 1) * WAVE).min(chunks))
            .into_par_iter()
            .map_init(
                || blueprint.instantiate(),
                |prepared, c| {
                    let begin = c * CHUNK;
                    let end = ((c + 1) * CHUNK).min(n);
                    let prepared = prepared
                        .as_mut()
                        .map_err(|ds| ds.first().cloned().unwrap_or_else(no_instance))?;
                    let mut chunk = Chunk {
                        begin,
                        ..Chunk::default()
                    };
                    for i in begin..end {
                        let (enc, result) =
                            prepared.run_for_odds(DiceSource::seeded(seed.wrapping_add(i)));
                        chunk.ops = chunk.ops.saturating_add(prepared.hooks.run_operations());
                        chunk.played += 1;
                        if let Err(e) = result {
                            chunk.failure = Some(prepared.diagnostic(&e));
                            break;
                        }
                        *chunk.counts.entry(Outcome::of(&enc, is_test)).or_insert(0) += 1;
                        if chunk.ops > MAX_CHUNK_SCRIPT_OPERATIONS {
                            break;
                        }
                    }
                    bar.inc(end - begin);
                    Ok(chunk)
                },
            )
            .collect();
        for c in played {
            let c = c?;
            spent = spent.saturating_add(c.ops);
            if c.ops > MAX_CHUNK_SCRIPT_OPERATIONS {
                bar.finish_and_clear();
                let fit = (MAX_CHUNK_SCRIPT_OPERATIONS * c.played / c.ops).max(1);
                return Err(Diagnostic::new(
                    Code::BadSamples,
                    format!(
                        "sampled odds of `{}` refused: the card scripts of samples {} to {} take \
                         more than {MAX_CHUNK_SCRIPT_OPERATIONS} operations (at most that for \
                         {CHUNK} samples, {MAX_SAMPLED_SCRIPT_OPERATIONS} for all)",
                        p.file.path,
                        c.begin,
                        c.begin + c.played - 1
                    ),
                )
                .hint(format!(
                    "these scripts take about {} operations a sample: about `--samples {fit}` fit",
                    c.ops / c.played.max(1)
                )));
            }
            if spent > MAX_SAMPLED_SCRIPT_OPERATIONS {
                bar.finish_and_clear();
                return Err(too_many_operations(p, n, first_ops));
            }
            if let Some(d) = c.failure {
                bar.finish_and_clear();
                return Err(d);
            }
            for (o, k) in c.counts {
                *total.entry(o).or_insert(0) += k;
            }
        }
        wave += 1;
    }
    bar.finish_and_clear();
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
