//! Hook calls replayed: each call of a hook records what it read (`context/recorded.rs`); when it
//! ended well, touching nothing but its effects (no dice rolled, no question asked, no text
//! printed or noted, no limit passed), it is kept with its effects. A later call of the same hook of
//! the same card whose state gives the same value for each of those reads, in order, is not run: the
//! script would take the same path and ask for the same effects, at the same places in its text.
//! Its operations are counted against the run's budget as the call counted them, so every budget
//! stops exactly where it would have. Exact odds call the same few hooks at thousands of states
//! that differ in what no script reads (the faces of earlier tests, the tokens left).

use crate::kernel::Effect;
use crate::script::context::{Read, State};
use rhai::Position;

/// The calls kept for one hook of one card.
#[derive(Default)]
pub(super) struct Memo {
    kept: Vec<Kept>,
    hits: u32,
    misses: u32,
}

/// One call kept: what it read and what it asked for.
struct Kept {
    reads: Vec<Read>,
    effects: Vec<Effect>,
    at: Vec<Position>,
    operations: u64,
}

/// A call found kept: its effects, where each was asked for, and its operations.
pub(super) struct Replay {
    pub effects: Vec<Effect>,
    pub at: Vec<Position>,
    pub operations: u64,
}

impl Memo {
    /// The most calls kept for one hook: one that reads many different values (the raw faces of
    /// every pool) stops being kept there.
    const KEPT: usize = 32;
    /// Calls looked up before a hook whose calls are found kept less than half the time is no
    /// longer looked up (the lookup would cost more than it saves).
    const TRIAL: u32 = 256;

    /// Whether calls of this hook are looked up and recorded.
    pub fn on(&self) -> bool {
        self.misses < Self::TRIAL || self.hits >= self.misses
    }

    /// The kept call whose reads `state` gives again, if any.
    pub fn find(&mut self, state: &State) -> Option<Replay> {
        let found = self
            .kept
            .iter()
            .find(|k| k.reads.iter().all(|r| r.holds(state)));
        match found {
            Some(k) => {
                self.hits += 1;
                Some(Replay {
                    effects: k.effects.clone(),
                    at: k.at.clone(),
                    operations: k.operations,
                })
            }
            None => {
                self.misses += 1;
                None
            }
        }
    }

    /// Keeps a call that ended well, with what it read.
    pub fn keep(&mut self, reads: Vec<Read>, effects: &[Effect], at: &[Position], operations: u64) {
        if self.kept.len() < Self::KEPT {
            self.kept.push(Kept {
                reads,
                effects: effects.to_vec(),
                at: at.to_vec(),
                operations,
            });
        }
    }
}
