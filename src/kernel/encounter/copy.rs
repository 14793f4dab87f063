//! A copy of the whole state of a play, for a run to start from it (a checkpoint:
//! `Procedure::run_from`), and the copy kept at each checkpoint passed. Every field is listed, so a field added to `Encounter` is a compile error
//! here until someone decides how a copy takes it.

use super::*;

impl Encounter {
    /// A copy of this state with no dice, for a checkpoint (no test under way): the run that starts
    /// from it gets faces of its own (its `dice` is a replay of no face until then).
    pub fn copy_without_dice(&self) -> Encounter {
        let Encounter {
            game,
            investigator,
            monsters,
            slots,
            dice: _,
            decisions,
            events,
            record,
            tally,
            tests,
            may_encounter_again,
            catalog,
            policy,
            default_policy,
            chosen,
            investigators_in_game,
            rules,
            rounds,
            evade_first,
            current,
            combat,
            queued,
            no_more_encounters,
            stopped,
            rollback,
            // No test is under way at a checkpoint: every entry is of a test that is over, which
            // nothing reads (exact odds read the test under way's, in a run of their own).
            roll_rules: _,
            stage,
            hooked,
            cascade,
            asked,
            gaining,
            becoming,
            store,
            exhausted,
            unplaced,
            meeting,
            keep_checkpoints,
            // A copy is what a checkpoint keeps: it keeps none of its own.
            checkpoint: _,
        } = self;
        Encounter {
            game: *game,
            investigator: investigator.clone(),
            monsters: monsters.clone(),
            slots: slots.clone(),
            dice: DiceSource::replay(Vec::new()),
            decisions: decisions.clone(),
            events: events.clone(),
            record: *record,
            tally: *tally,
            tests: tests.clone(),
            may_encounter_again: *may_encounter_again,
            catalog: catalog.clone(),
            policy: policy.clone(),
            default_policy: *default_policy,
            chosen: chosen.clone(),
            investigators_in_game: *investigators_in_game,
            rules: rules.clone(),
            rounds: rounds.clone(),
            evade_first: *evade_first,
            current: *current,
            combat: combat.clone(),
            queued: queued.clone(),
            no_more_encounters: *no_more_encounters,
            stopped: *stopped,
            rollback: *rollback,
            roll_rules: BTreeMap::new(),
            stage: stage.clone(),
            hooked: hooked.clone(),
            cascade: *cascade,
            asked: *asked,
            gaining: gaining.clone(),
            becoming: becoming.clone(),
            store: store.clone(),
            exhausted: exhausted.clone(),
            unplaced: unplaced.clone(),
            meeting: *meeting,
            keep_checkpoints: *keep_checkpoints,
            checkpoint: None,
        }
    }

    /// The procedure reached the checkpoint `at`: keeps a copy of the state, if checkpoints are
    /// kept, and tells `hooks`.
    pub fn checkpoint(&mut self, at: Point, hooks: &mut dyn Hooks) {
        if !self.keep_checkpoints {
            return;
        }
        self.checkpoint = Some(Box::new(Saved {
            at,
            dice: self.dice.used().len(),
            state: self.copy_without_dice(),
        }));
        hooks.checkpoint(at);
    }
}

/// A copy of the state at a checkpoint (`Encounter::checkpoint`).
pub struct Saved {
    pub at: Point,
    /// Faces the run's own dice source had given when it got there.
    pub dice: usize,
    pub state: Encounter,
}
