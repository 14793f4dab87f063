//! The copy of the table kept at each checkpoint passed, for a run to start from it
//! (`Procedure::run_from`): a checkpoint is a point of the procedure where the table holds everything
//! the rest of the play depends on, so the table, with where the run was, is all a run needs to go on.

use super::*;

impl Encounter {
    /// The procedure reached the checkpoint `at`: keeps a copy of the table, if checkpoints are kept,
    /// and tells `hooks`.
    pub fn checkpoint(&mut self, at: Point, hooks: &mut dyn Hooks) {
        self.run.since_checkpoint = self.run.dice.used().len();
        if !self.run.keep_checkpoints {
            return;
        }
        let table = Some(self.table.clone());
        self.keep_saved(at, table, hooks);
    }

    /// The checkpoint `at` of a test's roll of `rolled` dice, taken just before they are rolled. When
    /// the replayed faces end there (exact odds ask for this very roll next), the run stops at the
    /// roll with nothing changed since: its table at its end is the checkpoint's, and is taken then
    /// rather than copied now (`Saved::table` none). Otherwise as `checkpoint`.
    pub(super) fn checkpoint_at_roll(&mut self, at: Point, rolled: usize, hooks: &mut dyn Hooks) {
        self.run.since_checkpoint = self.run.dice.used().len();
        if !self.run.keep_checkpoints {
            return;
        }
        if rolled > 0 && self.run.dice.replay_spent() {
            self.keep_saved(at, None, hooks);
        } else {
            self.checkpoint(at, hooks);
        }
    }

    fn keep_saved(&mut self, at: Point, table: Option<Table>, hooks: &mut dyn Hooks) {
        self.run.checkpoint = Some(Box::new(Saved {
            at,
            dice: self.run.dice.used().len(),
            answers: self.run.decisions.used().len(),
            table,
            hooked: self.run.hooked.clone(),
            unplaced: self.run.unplaced.clone(),
            pending: self.run.pending,
        }));
        hooks.checkpoint(at);
    }
}

impl Run {
    /// Goes on from `saved` as the run that kept it would have: the hooks its table's cards define
    /// as that run had found them, and what that run's bookkeeping held there.
    pub fn resume_from(&mut self, saved: &Saved) {
        self.hooked = saved.hooked.clone();
        self.unplaced = saved.unplaced.clone();
        self.pending = saved.pending;
    }
}

/// A copy of the table at a checkpoint (`Encounter::checkpoint`).
#[derive(Clone)]
pub struct Saved {
    pub at: Point,
    /// Faces the run's own dice source had given when it got there.
    pub dice: usize,
    /// Answers to the player's questions the run had used when it got there.
    pub answers: usize,
    /// None: the run stopped at this checkpoint, a roll its replayed faces do not reach
    /// (`checkpoint_at_roll`), and its table as it ended is the checkpoint's.
    pub table: Option<Table>,
    /// The hooks the table's cards define (asked of the scripts once, not again by each run from it).
    hooked: Hooked,
    /// The run's `unplaced` there: once a question was asked inside a hook (a test an `on_damage`
    /// hook asked for, resolved before its loss), the rest of the run is keyed by its path.
    unplaced: Option<(Vec<u8>, Vec<usize>)>,
    /// The run's `pending` there (work of the hooks under way the table does not hold).
    pending: usize,
}
