//! Sampled odds: the scenario played N times with seeded dice, in parallel on every core (each thread
//! compiles its own scripts). Sample i uses the seed `seed + i`, so the result does not depend on the
//! number of threads.

use super::budget::{
    MAX_CHUNK_SCRIPT_OPERATIONS, MAX_SAMPLED_SCRIPT_OPERATIONS, MAX_SAMPLES, SAMPLE_CHUNK,
};
use super::exact::combat_order;
use super::outcome::{Odds, Outcome, defeated_by_slot};
use crate::defs::{Code, Diagnostic};
use crate::kernel::DiceSource;
use crate::scenario::Prepared;
use rayon::prelude::*;
use std::collections::BTreeMap;

/// Chunks of samples played at once, in parallel: a wave.
const WAVE: u64 = 8;

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
struct Chunk<K> {
    begin: u64,
    played: u64,
    counts: BTreeMap<K, u64>,
    ops: u64,
    failure: Option<Diagnostic>,
}

/// Why the samples stopped before the last one.
#[derive(Debug)]
enum Stop {
    /// A sample failed (a card's hook, a rule), with its diagnostic.
    Failed(Diagnostic),
    /// One chunk's samples took more than [`MAX_CHUNK_SCRIPT_OPERATIONS`]: its first sample, how many
    /// it played, their operations.
    Chunk { begin: u64, played: u64, ops: u64 },
    /// All samples so far took more than [`MAX_SAMPLED_SCRIPT_OPERATIONS`].
    Total,
}

/// Plays samples `0..n` in chunks of [`SAMPLE_CHUNK`], [`WAVE`] chunks at a time in parallel, and
/// counts their outcomes. `init` makes one thread's state; `play(state, i)` plays sample `i` and says
/// its outcome (or failure) and the operations its scripts took; `done(k)` is told of every `k`
/// samples played.
///
/// What is reported must not depend on the number of threads, so after each wave its chunks are
/// walked in sample order and the first of these decides: a failing sample, a chunk whose samples
/// took more than [`MAX_CHUNK_SCRIPT_OPERATIONS`], or all samples so far more than
/// [`MAX_SAMPLED_SCRIPT_OPERATIONS`]. Each is a property of the samples, not of the threads. And the
/// work is bounded by the budget left: each chunk of a wave stops once it has taken its share of what
/// the waves before left of the whole budget, so that all the samples together take at most the
/// budget plus one sample a chunk, however the cost of a sample grows.
fn play_waves<K, S, I, P>(
    n: u64,
    init: I,
    play: P,
    done: impl Fn(u64) + Sync,
) -> Result<BTreeMap<K, u64>, Stop>
where
    K: Ord + Send,
    I: Fn() -> Result<S, Diagnostic> + Sync,
    P: Fn(&mut S, u64) -> (Result<K, Diagnostic>, u64) + Sync,
{
    let chunks = n.div_ceil(SAMPLE_CHUNK);
    let mut total: BTreeMap<K, u64> = BTreeMap::new();
    let mut spent: u64 = 0;
    let mut first = 0;
    while first < chunks {
        let last = (first + WAVE).min(chunks);
        let share = MAX_SAMPLED_SCRIPT_OPERATIONS.saturating_sub(spent) / (last - first);
        let cap = share.min(MAX_CHUNK_SCRIPT_OPERATIONS);
        let played: Vec<Result<Chunk<K>, Diagnostic>> = (first..last)
            .into_par_iter()
            .map_init(&init, |state, c| {
                let state = state.as_mut().map_err(|d| d.clone())?;
                let chunk = play_chunk(
                    state,
                    &play,
                    c * SAMPLE_CHUNK,
                    ((c + 1) * SAMPLE_CHUNK).min(n),
                    cap,
                );
                done(chunk.played);
                Ok(chunk)
            })
            .collect();
        for c in played {
            let c = c.map_err(Stop::Failed)?;
            spent = spent.saturating_add(c.ops);
            if c.ops > MAX_CHUNK_SCRIPT_OPERATIONS {
                return Err(Stop::Chunk {
                    begin: c.begin,
                    played: c.played,
                    ops: c.ops,
                });
            }
            if c.ops > cap || spent > MAX_SAMPLED_SCRIPT_OPERATIONS {
                return Err(Stop::Total);
            }
            if let Some(d) = c.failure {
                return Err(Stop::Failed(d));
            }
            for (o, k) in c.counts {
                *total.entry(o).or_insert(0) += k;
            }
        }
        first = last;
    }
    Ok(total)
}

/// Plays samples `begin..end` with `state`, stopping at the first failure or once their scripts have
/// taken more than `cap` operations.
fn play_chunk<K: Ord, S>(
    state: &mut S,
    play: &impl Fn(&mut S, u64) -> (Result<K, Diagnostic>, u64),
    begin: u64,
    end: u64,
    cap: u64,
) -> Chunk<K> {
    let mut chunk = Chunk {
        begin,
        played: 0,
        counts: BTreeMap::new(),
        ops: 0,
        failure: None,
    };
    for i in begin..end {
        let (outcome, ops) = play(state, i);
        chunk.ops = chunk.ops.saturating_add(ops);
        chunk.played += 1;
        match outcome {
            Err(d) => {
                chunk.failure = Some(d);
                break;
            }
            Ok(o) => *chunk.counts.entry(o).or_insert(0) += 1,
        }
        if chunk.ops > cap {
            break;
        }
    }
    chunk
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

/// E0502: the samples `begin` to `begin + played - 1` took `ops` operations, more than a chunk's.
fn chunk_too_heavy(p: &Prepared, begin: u64, played: u64, ops: u64) -> Diagnostic {
    let fit = (MAX_CHUNK_SCRIPT_OPERATIONS * played / ops.max(1)).max(1);
    Diagnostic::new(
        Code::BadSamples,
        format!(
            "sampled odds of `{}` refused: the card scripts of samples {begin} to {} take more \
             than {MAX_CHUNK_SCRIPT_OPERATIONS} operations (at most that for {SAMPLE_CHUNK} \
             samples, {MAX_SAMPLED_SCRIPT_OPERATIONS} for all)",
            p.file.path,
            begin + played - 1
        ),
    )
    .hint(format!(
        "these scripts take about {} operations a sample: about `--samples {fit}` fit",
        ops / played.max(1)
    ))
}

/// Samples `n` runs; `progress` is told of every batch of samples played, with their number (from
/// any thread).
pub fn sampled(
    p: &mut Prepared,
    n: u64,
    seed: u64,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Odds, Diagnostic> {
    // Checked before anything is allocated.
    check_samples(&p.file.path, n)?;
    let is_test = p.request.no_combat();
    let blueprint = p.blueprint();
    let instance = || {
        blueprint
            .instantiate()
            .map_err(|ds| ds.first().cloned().unwrap_or_else(no_instance))
    };
    // Sample 0 first, alone: if every sample took its scripts' operations, would the samples pass
    // the budget? Then they are refused at once (a hostile script spends its operations every time).
    let mut first = instance()?;
    let _ = first.run_for_odds(DiceSource::seeded(seed));
    let first_ops = first.hooks.run_operations();
    if first_ops.saturating_mul(n) > MAX_SAMPLED_SCRIPT_OPERATIONS {
        return Err(too_many_operations(p, n, first_ops));
    }
    drop(first);

    let counted = play_waves(
        n,
        instance,
        |prepared, i| {
            let (enc, result) = prepared.run_for_odds(DiceSource::seeded(seed.wrapping_add(i)));
            let ops = prepared.hooks.run_operations();
            let outcome = match result {
                Ok(()) => Ok((Outcome::of(&enc, is_test), defeated_by_slot(&enc))),
                Err(e) => Err(prepared.diagnostic(&e)),
            };
            (outcome, ops)
        },
        progress,
    );
    let total = counted.map_err(|stop| match stop {
        Stop::Failed(d) => d,
        Stop::Chunk { begin, played, ops } => chunk_too_heavy(p, begin, played, ops),
        Stop::Total => too_many_operations(p, n, first_ops),
    })?;
    let stopped: u64 = total
        .iter()
        .filter(|((o, _), _)| o.stopped)
        .map(|(_, k)| k)
        .sum();
    // Each monster's chance on its own, and the outcomes without which monsters were defeated.
    let mut defeated = vec![0.0; p.setup.monsters.len()];
    let mut dist: BTreeMap<Outcome, f64> = BTreeMap::new();
    for ((o, slots), k) in total.into_iter().filter(|((o, _), _)| !o.stopped) {
        let share = k as f64 / n as f64;
        for (d, was) in defeated.iter_mut().zip(slots) {
            if was {
                *d += share;
            }
        }
        *dist.entry(o).or_insert(0.0) += share;
    }
    Ok(Odds {
        game: p.setup.game,
        method: "sampled",
        runs: n,
        seed: Some(seed),
        dist,
        defeated,
        unresolved: stopped as f64 / n.max(1) as f64,
        monsters: combat_order(p),
        start: p.start.clone(),
        is_test,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU64, Ordering};

    /// A hostile script cheap on sample 0 whose cost grows with the sample index, each chunk staying
    /// under its own bound (at most 700 operations a sample): the samples are refused once the whole
    /// budget is spent, and all of them together take at most the budget plus one sample a chunk of
    /// the last wave (not a whole wave more).
    #[test]
    fn a_cost_growing_with_the_sample_index_stops_within_the_budget() {
        const MOST: u64 = 700;
        const { assert!(MOST * SAMPLE_CHUNK < MAX_CHUNK_SCRIPT_OPERATIONS) };
        let work = AtomicU64::new(0);
        let cost = |i: u64| (i / 64).min(MOST);
        let stop = play_waves(
            MAX_SAMPLES,
            || Ok(()),
            |_, i| {
                work.fetch_add(cost(i), Ordering::Relaxed);
                (Ok(()), cost(i))
            },
            |_| {},
        )
        .expect_err("refused");
        assert!(matches!(stop, Stop::Total), "{stop:?}");
        let work = work.into_inner();
        assert!(
            work <= MAX_SAMPLED_SCRIPT_OPERATIONS + WAVE * MOST,
            "{work} operations played"
        );
    }

    /// A sample far above a chunk's share stops its chunk there, refused as that chunk's.
    #[test]
    fn a_chunk_over_its_bound_is_refused_as_that_chunk() {
        let heavy = MAX_CHUNK_SCRIPT_OPERATIONS + 1;
        let stop = play_waves(
            3 * SAMPLE_CHUNK,
            || Ok(()),
            |_, i| (Ok(()), if i == SAMPLE_CHUNK + 5 { heavy } else { 1 }),
            |_| {},
        )
        .expect_err("refused");
        assert!(
            matches!(stop, Stop::Chunk { begin, played: 6, .. } if begin == SAMPLE_CHUNK),
            "{stop:?}"
        );
    }
}
