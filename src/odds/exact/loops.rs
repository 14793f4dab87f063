//! The loops of AH2e fights that repeat (`rounds.rs`): the heads open while they are explored, the
//! heads tainted, and what a memo point is to them.

use crate::kernel::{LoopKey, StateKey, Tally};
use rustc_hash::FxHashSet;

/// A loop's head being explored.
pub(super) struct Head {
    pub(super) at: LoopKey,
    /// What was lost before it: a state that comes back lost nothing in between.
    pub(super) tally: Tally,
    /// The dice its roll asks for.
    pub(super) dice: usize,
    /// Its exploration reached its combat's next round otherwise than by coming back.
    pub(super) tainted: bool,
}

/// The loops of a search: the heads open, innermost last, and the states that are never one.
pub(super) struct Loops {
    pub(super) open: Vec<Head>,
    pub(super) never: FxHashSet<StateKey>,
    /// No script of the scenario reads the latest Combat check's result: it is left out of the
    /// state that repeats (`Encounter::loop_key`).
    pub(super) without_check: bool,
}

impl Loops {
    pub(super) fn new(without_check: bool) -> Loops {
        Loops {
            open: Vec::new(),
            never: FxHashSet::default(),
            without_check,
        }
    }
}

/// What a memo point is to the loops.
pub(super) enum AtLoop {
    /// Nothing: explored and memoised as any.
    No,
    /// The innermost head come back a round later.
    Back,
    /// A new head: explored, then solved (`Search::close_loop`).
    Head(LoopKey),
}
