//! What the search over rolls is made of: the distribution of outcomes after a state (`Node`), a
//! roll the kernel asked for where a run stopped (`Asked`), the memo key of such a point, and why a
//! search stops. Imports nothing of the search.

use super::super::outcome::Outcome;
use crate::kernel::{Encounter, KernelError, StateKey};
use crate::scenario::Checkpoint;
use std::rc::Rc;

/// Why a search stopped: a run failed, or a budget of `odds::budget` would be passed.
pub(super) enum Stop {
    Kernel(KernelError),
    Budget(String),
    /// The progress callback asked to stop.
    Cancelled,
}

impl From<KernelError> for Stop {
    fn from(e: KernelError) -> Stop {
        Stop::Kernel(e)
    }
}

/// The outcomes after a state, relative to it (see `base::Base`), what was left unresolved, and each
/// monster's share: by slot, the mass of the outcomes in which it is defeated (a monster met before
/// the state counts as undefeated here, as in the outcomes). Each monster on its own: the joint of
/// every monster's result is never enumerated, only how many were defeated (`Outcome::defeated`).
pub(super) struct Node {
    /// Sorted by outcome, each outcome once (a child's outcomes moved across by `Base::from` keep
    /// their order: it adds the same to each field of every one).
    pub(super) dist: Vec<(Outcome, f64)>,
    pub(super) unresolved: f64,
    pub(super) defeated: Vec<f64>,
    /// The share that comes back to the innermost loop's head open (`rounds.rs`): 0 but below it.
    pub(super) back: f64,
}

pub(super) type Dist = Rc<Node>;

/// A roll of dice the kernel asked for where a run stopped.
#[derive(Clone)]
pub(super) struct Asked {
    /// The state there.
    pub(super) enc: Rc<Encounter>,
    /// The latest checkpoint the run passed: each branch goes on from it.
    pub(super) from: Option<Rc<Checkpoint>>,
    /// The dice asked for.
    pub(super) n: usize,
    /// Asked at a point of the procedure (a memo point), not inside a script.
    pub(super) memo: bool,
    /// The roll's probability from the last memo point (what pruning reads), and from the start
    /// (what progress reads), as for `explore`.
    pub(super) mass: f64,
    pub(super) abs: f64,
}

/// A memo point: the state's relative key, the first test's result (successes, passed) of a `[test]`
/// scenario once it is known, and the number of dice asked for.
pub(super) type MemoKey = (StateKey, Option<(u32, bool)>, usize);
