//! A first estimate of how far exact odds have got: once the search has taken a few thousand runs, a
//! short pilot of random walks down the same tree (each roll's outcome drawn by its probability in
//! one walk, uniformly among the roll's outcomes in the next, so that unlikely states are sampled
//! too; each decision's option at random) notes the memo points it passes. They are a sample of the
//! distinct states the search has to explore, the cost of a search with a memo; the share of them
//! the search has finished, each weighted by the runs it costs, is its progress. The walks are
//! seeded, so the same scenario reports the same shares.

use super::node::MemoKey;
use std::collections::HashMap;

/// The memo points a pilot passed, and how many of them the search has finished.
#[derive(Default)]
pub(super) struct Pilot {
    /// Memo points (a roll's or, tagged true, a decision's) the search has not finished yet.
    pub(super) pending: HashMap<(MemoKey, bool), u64>,
    pub(super) total: u64,
    pub(super) found: u64,
}

impl Pilot {
    /// The share of the pilot's memo points the search has finished (each weighted by the runs it
    /// costs: its roll's outcomes or its decision's options), below 1 until the search ends (0 if
    /// the pilot passed none).
    pub(super) fn share(&self) -> f64 {
        if self.total == 0 {
            0.0
        } else {
            (self.found as f64 / self.total as f64).min(0.999)
        }
    }

    /// Whether the pilot passed any memo point.
    pub(super) fn sampled(&self) -> bool {
        self.total > 0
    }

    /// The search finished the memo point `key`.
    pub(super) fn finished(&mut self, key: &MemoKey, decision: bool) {
        if let Some(w) = self.pending.remove(&(*key, decision)) {
            self.found += w;
        }
    }
}
