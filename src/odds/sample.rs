//! Sampled odds: the scenario played N times with seeded dice, in parallel on every core (each thread
//! compiles its own scripts). Sample i uses the seed `seed + i`, so the result does not depend on the
//! number of threads.

use super::exact::encounter_order;
use super::outcome::{Odds, Outcome};
use crate::defs::Diagnostic;
use crate::kernel::{DiceSource, TestRequest};
use crate::scenario::Prepared;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use std::collections::BTreeMap;

/// Samples `n` runs; `progress` draws a bar on stderr.
pub fn sampled(p: &mut Prepared, n: u64, seed: u64, progress: bool) -> Result<Odds, Diagnostic> {
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
    let chunks: Vec<u64> = (0..n.div_ceil(CHUNK)).collect();
    let counted: Result<Vec<BTreeMap<Outcome, u64>>, String> = chunks
        .par_iter()
        .map_init(
            || blueprint.instantiate(),
            |prepared, &c| {
                let prepared = prepared
                    .as_mut()
                    .map_err(|ds| ds.first().map_or_else(String::new, |d| d.message.clone()))?;
                let mut counts: BTreeMap<Outcome, u64> = BTreeMap::new();
                let end = ((c + 1) * CHUNK).min(n);
                for i in c * CHUNK..end {
                    let (enc, result) =
                        prepared.run_for_odds(DiceSource::seeded(seed.wrapping_add(i)));
                    if let Err(e) = result {
                        return Err(prepared.diagnostic(&e).to_string());
                    }
                    *counts.entry(Outcome::of(&enc, is_test)).or_insert(0) += 1;
                }
                bar.inc(end - c * CHUNK);
                Ok(counts)
            },
        )
        .collect();
    bar.finish_and_clear();
    let counted = counted.map_err(|m| Diagnostic::new("E0402", m))?;
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
