//! Hook calls replayed: each call of a hook records what it read (`context/recorded.rs`); when it
//! ended well, touching nothing but its effects (no dice rolled, no question asked, no text
//! printed, no limit passed), it is kept with its effects. A `ctx.note` is one of its effects: its
//! text follows from the reads like any other, and a replayed note is admitted to the transcript
//! (and counted against its budget) when the effects are handed back, as the call's own would be.
//! A later call of the same hook of the same card whose state gives the same value for each of
//! those reads, in order, is not run: the script would take the same path and ask for the same
//! effects, at the same places in its text. Its operations are counted against the run's budget as
//! the call counted them, so every budget stops exactly where it would have. Exact odds call the
//! same few hooks at thousands of states that differ in what no script reads (the faces of earlier
//! tests, the tokens left).

use crate::kernel::Effect;
use crate::script::context::{Read, State, Value};
use rhai::Position;

/// The calls kept for one hook of one card, as a tree of their reads. Nothing but the values read
/// steers a script, so every call's first read is the same one, the calls kept branch on the value
/// it gave, and down each branch the next read is again the same for every call kept there, and so
/// on to each call's effects. A later call is looked up by reading its state once a level, along
/// the branch of the value it gives, not once for every call kept.
#[derive(Default)]
pub(super) struct Memo {
    root: Option<Node>,
    kept: usize,
    hits: u32,
    misses: u32,
}

/// A point of the tree: the next read, with a branch for each value a call kept got from it; or,
/// where the calls down this branch read nothing more, the call kept.
enum Node {
    Read {
        read: Read,
        branches: Vec<(Value, Node)>,
    },
    Kept(Kept),
}

/// One call kept: what it asked for.
struct Kept {
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
    /// The most reads of a call kept: the tree is as deep as its calls' reads (a call that read
    /// more, a loop over the state, is run every time).
    const READS: usize = 64;
    /// Calls looked up before a hook whose calls are found kept less than half the time is no
    /// longer looked up (the lookup would cost more than it saves).
    const TRIAL: u32 = 256;

    /// Whether calls of this hook are looked up and recorded.
    pub fn on(&self) -> bool {
        self.misses < Self::TRIAL || self.hits >= self.misses
    }

    /// The kept call whose reads `state` gives again, if any: down the tree, each level's read read
    /// once from `state`, along the branch of the value it gives.
    pub fn find(&mut self, state: &State) -> Option<Replay> {
        let mut node = self.root.as_ref();
        let found = loop {
            match node {
                None => break None,
                Some(Node::Kept(k)) => break Some(k),
                Some(Node::Read { read, branches }) => {
                    let now = read.again(state);
                    node = branches.iter().find(|(v, _)| now.same(v)).map(|(_, n)| n);
                }
            }
        };
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

    /// Keeps a call that ended well, with what it read (unless as many are kept already, or it
    /// read too much). A call whose reads end where the tree goes on, or go on where it ends (no
    /// script does: its path follows from the values read), is not kept.
    pub fn keep(&mut self, reads: Vec<Read>, effects: &[Effect], at: &[Position], operations: u64) {
        if self.kept >= Self::KEPT || reads.len() > Self::READS {
            return;
        }
        let kept = Kept {
            effects: effects.to_vec(),
            at: at.to_vec(),
            operations,
        };
        let mut reads = reads.into_iter();
        let mut node = match &mut self.root {
            Some(root) => root,
            empty => {
                *empty = Some(chain(reads, kept));
                self.kept += 1;
                return;
            }
        };
        loop {
            let Node::Read { branches, .. } = node else {
                return;
            };
            let Some(read) = reads.next() else {
                return;
            };
            match branches.iter().position(|(v, _)| read.value().same(v)) {
                Some(i) => node = &mut branches[i].1,
                None => {
                    branches.push((read.value().clone(), chain(reads, kept)));
                    self.kept += 1;
                    return;
                }
            }
        }
    }
}

/// The branch of one call from where its reads leave the tree: each read then the next, down to
/// the call (built from the last read up: no recursion).
fn chain(reads: std::vec::IntoIter<Read>, kept: Kept) -> Node {
    reads
        .rev()
        .fold(Node::Kept(kept), |below, read| Node::Read {
            branches: vec![(read.value().clone(), below)],
            read,
        })
}
