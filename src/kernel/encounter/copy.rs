//! The copy of the table kept at each checkpoint passed, for a run to start from it
//! (`Procedure::run_from`): a checkpoint is a point of the procedure where the table holds everything
//! the rest of the play depends on, so the table, with where the run was, is all a run needs to go on.

use super::*;

impl Encounter {
    /// The procedure reached the checkpoint `at`: keeps a copy of the table, if checkpoints are kept,
    /// and tells `hooks`.
    pub fn checkpoint(&mut self, at: Point, hooks: &mut dyn Hooks) {
        self.run.since_checkpoint = self.run.dice.used().len();
        self.run.carried.clear();
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
        self.run.carried.clear();
        if !self.run.keep_checkpoints {
            return;
        }
        if rolled > 0 && self.run.dice.replay_spent() {
            self.keep_saved(at, None, hooks);
        } else {
            self.checkpoint(at, hooks);
        }
    }

    /// The token step of the test under way, before its next question of `options` options: the
    /// checkpoint its procedure marked it with (`TestSpec::tokens_point`: `Point::Tokens`,
    /// `FightTokens`, `EvadeTokens`, `TestTokens`), if any. Kept only where the step asks
    /// (two options or more) and a run may stop before the next checkpoint: at this very question (every replayed answer taken: its table
    /// is taken at the run's end, as at a roll) or at the dice it rolls next (every replayed face
    /// taken). Unlike the other checkpoints it is no place the memo key of a question asked inside
    /// a hook starts from (`Run::unplaced`): those faces are still counted from the roll, the faces
    /// since then carried into the runs that go on from here (`Run::carried`), so that a run from
    /// here keys every state as the run from the roll does.
    pub fn checkpoint_at_tokens(&mut self, options: usize, hooks: &mut dyn Hooks) {
        let Some(at) = self.current_spec().and_then(|s| s.tokens_point) else {
            return;
        };
        // The point a run went on from is not taken again by it.
        if self.run.resumed_at.take() == Some(at)
            || !self.run.keep_checkpoints
            || self.run.pending > 0
            || self.table.cascade > 0
        {
            return;
        }
        if options < 2 {
            // No question: the step ends here.
            return;
        }
        if self.run.decisions.replay_spent() {
            self.keep_saved(at, None, hooks);
        } else if self.run.dice.replay_spent() {
            let table = Some(self.table.clone());
            self.keep_saved(at, table, hooks);
        }
    }

    fn keep_saved(&mut self, at: Point, table: Option<Table>, hooks: &mut dyn Hooks) {
        let carried = if at.is_tokens() {
            let faces = self.run.dice.used();
            let since = faces.get(self.run.since_checkpoint..).unwrap_or_default();
            [&self.run.carried[..], since].concat()
        } else {
            Vec::new()
        };
        self.run.checkpoint = Some(Box::new(Saved {
            at,
            dice: self.run.dice.used().len(),
            answers: self.run.decisions.used().len(),
            table,
            carried,
            hooked: self.run.hooked.clone(),
            unplaced: self.run.unplaced.clone(),
            pending: self.run.pending,
        }));
        hooks.checkpoint(at);
    }
}

impl Encounter {
    /// Whether this run went on from a token step's checkpoint it has not passed again yet (the
    /// step's question is met again on the way in: what the step told before its first question
    /// was told by the run that took it).
    pub fn resuming_tokens(&self) -> bool {
        self.run.resumed_at.is_some_and(Point::is_tokens)
    }
}

impl Run {
    /// Goes on from `saved` as the run that kept it would have: the hooks its table's cards define
    /// as that run had found them, and what that run's bookkeeping held there.
    pub fn resume_from(&mut self, saved: &Saved) {
        self.hooked = saved.hooked.clone();
        self.unplaced = saved.unplaced.clone();
        self.pending = saved.pending;
        self.carried = saved.carried.clone();
        self.resumed_at = Some(saved.at);
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
    /// (`checkpoint_at_roll`) or a question its replayed answers do not (`checkpoint_at_tokens`),
    /// and its table as it ended is the checkpoint's.
    pub table: Option<Table>,
    /// At a token step: the faces rolled since the latest other checkpoint (`Run::carried`).
    carried: Vec<u8>,
    /// The hooks the table's cards define (asked of the scripts once, not again by each run from it).
    hooked: Hooked,
    /// The run's `unplaced` there: once a question was asked inside a hook (a test an `on_damage`
    /// hook asked for, resolved before its loss), the rest of the run is keyed by its path.
    unplaced: Option<(Vec<u8>, Vec<usize>)>,
    /// The run's `pending` there (work of the hooks under way the table does not hold).
    pending: usize,
}
