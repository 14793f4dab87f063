//! The copy of the state kept at each checkpoint passed, for a run to start from it
//! (`Procedure::run_from`). What the copy takes of each field is said in `state.rs`
//! (`copy_without_dice`).

use super::*;

impl Encounter {
    /// The procedure reached the checkpoint `at`: keeps a copy of the state, if checkpoints are
    /// kept, and tells `hooks`.
    pub fn checkpoint(&mut self, at: Point, hooks: &mut dyn Hooks) {
        self.since_checkpoint = self.dice.used().len();
        if !self.keep_checkpoints {
            return;
        }
        let state = Some(Rc::new(self.copy_without_dice()));
        self.keep_saved(at, state, hooks);
    }

    /// The checkpoint `at` of a test's roll of `rolled` dice, taken just before they are rolled. When
    /// the replayed faces end there (exact odds ask for this very roll next), the run stops at the
    /// roll with nothing changed since: its state at its end is the checkpoint's, and is kept then
    /// rather than copied now (`Saved::state` none). Otherwise as `checkpoint`.
    pub(super) fn checkpoint_at_roll(&mut self, at: Point, rolled: usize, hooks: &mut dyn Hooks) {
        self.since_checkpoint = self.dice.used().len();
        if !self.keep_checkpoints {
            return;
        }
        if rolled > 0 && self.dice.replay_spent() {
            self.keep_saved(at, None, hooks);
        } else {
            self.checkpoint(at, hooks);
        }
    }

    fn keep_saved(&mut self, at: Point, state: Option<Rc<Encounter>>, hooks: &mut dyn Hooks) {
        self.checkpoint = Some(Box::new(Saved {
            at,
            dice: self.dice.used().len(),
            state,
        }));
        hooks.checkpoint(at);
    }
}

/// A copy of the state at a checkpoint (`Encounter::checkpoint`).
pub struct Saved {
    pub at: Point,
    /// Faces the run's own dice source had given when it got there.
    pub dice: usize,
    /// Shared, so that it moves into a run's checkpoint without a copy of its 1,352 bytes. None: the
    /// run stopped at this checkpoint, a roll its replayed faces do not reach
    /// (`checkpoint_at_roll`), and its state as it ended is the checkpoint's.
    pub state: Option<Rc<Encounter>>,
}
