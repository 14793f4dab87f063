//! The odds budgets, in one place (DESIGN invariant 8): how much work one `mythos odds` may do before
//! it refuses, each checked before the work or the memory it would cost. Every budget counts work
//! (runs, branches, faces), never time, so a refusal is the same on every machine. Imports nothing.

/// Runs of the rules one exact computation may make (all thresholds together).
pub const MAX_RUNS: u64 = 1_000_000;

/// Branches of one roll (its face-count multisets): checked before the table is built.
pub const MAX_ROLL_BRANCHES: u64 = 50_000;

/// Faces held by the table of one roll (branches × dice): checked before the table is built.
pub const MAX_ROLL_FACES: u64 = 2_000_000;

/// Rolls and questions along one path of an exact search: the search recurses once for each (each
/// a few stack frames, about 8 KB in a debug build, 3 KB in release), so a path deeper than this
/// (a scenario of hundreds of monsters, or cards that ask for hundreds of tests) is refused before
/// the stack could run out. The `mythos` binary runs on a stack of `cli::STACK` bytes, room for
/// this depth in a debug build; a library caller needs a stack of that order for paths this deep.
/// The deepest path of the suite is a few dozen; an AH2e fight of `MAX_ROUNDS` (200) rounds under
/// the best policy takes about 400.
pub const MAX_SEARCH_DEPTH: usize = 2_000;

/// Options the questions of one search under the best policy (`--best`) offer together, each
/// explored (a question met again from the same state is remembered and counts nothing): an AH2e
/// combat round offers every set of cards in hand, so a hand of many one-hand weapons asks a few
/// hundred options a round, each round after each answer. Counted as each question is met, before
/// its options are explored. 6 one-hand weapons against a one-Health monster stay under it; 12 pass
/// it (158 options a round), 24 (602 a round) within a few seconds.
pub const MAX_DECISION_OPTIONS: u64 = 20_000;

/// Dice replayed over all runs of one exact computation (each run replays its prefix from the
/// checkpoint it starts from).
pub const MAX_REPLAYED_DICE: u64 = 200_000_000;

/// Operations of card scripts all runs of one exact computation may take together (every run of every
/// threshold; a run from a checkpoint counts those after it). The sandbox bounds one run (`script::Limits::RUN_OPERATIONS`, 10^6); this bounds their
/// sum, which up to 10^6 runs would otherwise multiply. The heaviest scenario of the suite takes about
/// 2.2 million. Counted, never timed: the same refusal on every machine.
pub const MAX_EXACT_SCRIPT_OPERATIONS: u64 = 20_000_000;

/// Operations of card scripts all samples of one sampled computation may take together: up to 10^8
/// samples would otherwise multiply the sandbox's bound of one run. A million samples of the heaviest
/// scenario of the suite take about 70 million.
pub const MAX_SAMPLED_SCRIPT_OPERATIONS: u64 = 100_000_000;

/// Samples are played in chunks of this many, a few chunks at a time in parallel.
pub const SAMPLE_CHUNK: u64 = 4096;

/// Operations of card scripts one chunk of samples may take (a 32nd of the whole: a mean of about 760
/// a sample, eleven times the heaviest scenario of the suite), so that the 8 chunks played at once do
/// at most a quarter of the budget's work before a refusal, and a refusal does not depend on the
/// number of threads (each chunk's operations are the same however many play).
pub const MAX_CHUNK_SCRIPT_OPERATIONS: u64 = MAX_SAMPLED_SCRIPT_OPERATIONS / 32;

/// Samples one sampled computation may draw.
pub const MAX_SAMPLES: u64 = 100_000_000;

/// Multisets of `n` dice over `k` classes: C(n + k − 1, k − 1), saturating.
pub fn multiset_count(n: u64, k: u64) -> u64 {
    if k == 0 {
        return u64::from(n == 0);
    }
    let mut c: u128 = 1;
    for i in 1..k {
        // C(n + i, i) = C(n + i − 1, i − 1) · (n + i) / i, exact at each step.
        c = c * u128::from(n + i) / u128::from(i);
        if c > u128::from(u64::MAX) {
            return u64::MAX;
        }
    }
    c as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn multiset_counts_are_binomials() {
        assert_eq!(multiset_count(2, 6), 21);
        assert_eq!(multiset_count(0, 6), 1);
        assert_eq!(multiset_count(100, 6), 96_560_646);
        assert_eq!(multiset_count(100_000, 2), 100_001);
        assert_eq!(multiset_count(u64::MAX / 2, 6), u64::MAX);
    }
}
