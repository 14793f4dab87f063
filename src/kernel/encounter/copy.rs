//! The copy of the state kept at each checkpoint passed, for a run to start from it
//! (`Procedure::run_from`): the table as it is, the setup shared, and a run of its own.

use super::*;

impl Encounter {
    /// A copy of this encounter for a checkpoint, with no dice (no die of a test under way rolled yet
    /// there): the table as it is, the setup shared, and a run that gets faces of its own (a replay
    /// of no face until then), counts its faces from there, and keeps no checkpoint of its own (the
    /// latest checkpoint is what a copy is taken for; the state it copies is this one's past).
    pub fn copy_without_dice(&self) -> Encounter {
        let run = &self.run;
        Encounter {
            setup: Arc::clone(&self.setup),
            table: self.table.clone(),
            run: Run {
                dice: DiceSource::replay(Vec::new()),
                decisions: run.decisions.clone(),
                unplaced: run.unplaced.clone(),
                since_checkpoint: 0,
                events: run.events.clone(),
                record: run.record,
                rollback: run.rollback,
                // Each test's counting rules are set after its roll: at a checkpoint every entry
                // is of a test that is over, which exact odds no longer read.
                roll_rules: Vec::new(),
                hooked: run.hooked.clone(),
                pending: run.pending,
                keep_checkpoints: run.keep_checkpoints,
                checkpoint: None,
            },
        }
    }

    /// The procedure reached the checkpoint `at`: keeps a copy of the state, if checkpoints are
    /// kept, and tells `hooks`.
    pub fn checkpoint(&mut self, at: Point, hooks: &mut dyn Hooks) {
        self.run.since_checkpoint = self.run.dice.used().len();
        if !self.run.keep_checkpoints {
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

    fn keep_saved(&mut self, at: Point, state: Option<Rc<Encounter>>, hooks: &mut dyn Hooks) {
        self.run.checkpoint = Some(Box::new(Saved {
            at,
            dice: self.run.dice.used().len(),
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
