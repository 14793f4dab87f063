//! The copy of the state kept at each checkpoint passed, for a run to start from it
//! (`Procedure::run_from`). What the copy takes of each field is said in `state.rs`
//! (`copy_without_dice`).

use super::*;

impl Encounter {
    /// The procedure reached the checkpoint `at`: keeps a copy of the state, if checkpoints are
    /// kept, and tells `hooks`.
    pub fn checkpoint(&mut self, at: Point, hooks: &mut dyn Hooks) {
        if !self.keep_checkpoints {
            return;
        }
        self.checkpoint = Some(Box::new(Saved {
            at,
            dice: self.dice.used().len(),
            state: Box::new(self.copy_without_dice()),
        }));
        hooks.checkpoint(at);
    }
}

/// A copy of the state at a checkpoint (`Encounter::checkpoint`).
pub struct Saved {
    pub at: Point,
    /// Faces the run's own dice source had given when it got there.
    pub dice: usize,
    /// Boxed, so that it moves into a run's checkpoint without a copy of its 1,352 bytes.
    pub state: Box<Encounter>,
}
