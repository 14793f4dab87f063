//! The odds budgets, in one place (DESIGN invariant 8): how much work one `mythos odds` may do before
//! it refuses, each checked before the work or the memory it would cost. Every budget counts work
//! (runs, branches, faces), never time, so a refusal is the same on every machine. Imports the table of limits only.

pub use crate::limits::{
    CARRIED_SHARES_PER_RUN, MAX_CARRIED_SHARES, MAX_CHUNK_SCRIPT_OPERATIONS, MAX_DECISION_OPTIONS,
    MAX_EXACT_SCRIPT_OPERATIONS, MAX_REPLAYED_DICE, MAX_ROLL_BRANCHES, MAX_ROLL_FACES, MAX_RUNS,
    MAX_SAMPLED_SCRIPT_OPERATIONS, MAX_SAMPLES, MAX_SEARCH_DEPTH, SAMPLE_CHUNK,
};

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
