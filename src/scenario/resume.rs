//! Runs that start from a checkpoint of an earlier one (exact odds: each branch goes on from the
//! latest checkpoint its prefix of dice passed, rather than from the first die). A checkpoint is a
//! point of the procedure where the whole state is in the `Encounter` (`kernel::Point`); with the
//! budgets its scripts had used, it is all a run needs to go on exactly as the one that took it.

use super::prepared::Prepared;
use crate::kernel::{
    Decisions, DiceError, DiceSource, Effect, Encounter, HookCall, HookSet, Hooks, KernelError,
    Point,
};
use crate::script::{RunUsage, ScriptHooks};
use std::rc::Rc;

/// The state of a run at a point of its procedure, to start other runs from.
pub struct Checkpoint {
    pub point: Point,
    /// Faces the run had used when it got there, from its first die.
    pub dice: usize,
    /// Answers to the player's questions the run had used when it got there (none under the
    /// scenario's `[choices]`): a run that goes on from here takes its path's answers after them.
    pub answers: usize,
    /// What its scripts had used of the run's budgets.
    used: RunUsage,
    /// Shared with the encounter of the run that took it when that run stopped at it.
    state: Rc<Encounter>,
}

impl Checkpoint {
    /// Operations the scripts of the run had taken when it got here.
    pub fn operations(&self) -> u64 {
        self.used.operations
    }
}

/// The scenario's hooks, keeping what the scripts had used at the latest checkpoint the run passed.
struct Keeping<'a> {
    inner: &'a mut ScriptHooks,
    used: Option<RunUsage>,
}

impl Hooks for Keeping<'_> {
    fn defined(&self, card: &str) -> HookSet {
        self.inner.defined(card)
    }

    fn call(
        &mut self,
        call: HookCall<'_>,
        dice: &mut DiceSource,
    ) -> Result<Vec<Effect>, KernelError> {
        self.inner.call(call, dice)
    }

    fn checkpoint(&mut self, _at: Point) {
        self.used = Some(self.inner.run_usage());
    }
}

/// How a run from a checkpoint ended: the encounter, its result, and the latest checkpoint it passed
/// after the one it started from. The encounter is shared (a run's result is moved several times on
/// its way through the search, and an `Encounter` is 1,352 bytes): a run that stopped at the roll of
/// its latest checkpoint ended in that checkpoint's state, and the two are one value.
pub type Resumed = (Rc<Encounter>, Result<(), KernelError>, Option<Checkpoint>);

impl Prepared {
    /// `run_for_odds` with the faces `faces` (from the first die) and the player's questions
    /// answered by `decisions` (`Fixed`: the scenario's `[choices]`; a replay: the answers from the
    /// first question), started from `from` (a checkpoint of a run whose faces and answers began as
    /// these do) or from the start; `keep`: keep the latest checkpoint it passes.
    pub fn run_for_odds_from(
        &mut self,
        from: Option<&Checkpoint>,
        faces: &[u8],
        decisions: Decisions,
        keep: bool,
    ) -> Resumed {
        let (plan, hooks) = self.split();
        hooks.set_deciding(!decisions.is_fixed());
        let (mut shared, before) = match from {
            Some(c) => {
                let mut enc = c.state.copy_without_dice();
                enc.run.dice = DiceSource::replay(faces[c.dice..].to_vec());
                // The copy's answers are those of the run that took it: this run's own go on
                // after the ones used there (the same, as the faces are).
                enc.run.decisions = match decisions {
                    Decisions::Fixed => Decisions::Fixed,
                    Decisions::Replay { answers, .. } => Decisions::Replay {
                        answers,
                        next: c.answers,
                    },
                };
                hooks.resume_run(c.used);
                (Rc::new(enc), c.dice)
            }
            None => {
                let mut enc =
                    Encounter::new(plan.setup.with_dice(DiceSource::replay(faces.to_vec())));
                enc.run.decisions = decisions;
                enc.run.rollback = false;
                enc.run.record = false;
                hooks.start_run();
                (Rc::new(enc), 0)
            }
        };
        let enc = Rc::get_mut(&mut shared).expect("a run's own encounter");
        enc.run.keep_checkpoints = keep;
        let mut keeping = Keeping {
            inner: hooks,
            used: None,
        };
        let at = from.map(|c| c.point);
        let result = plan
            .procedure
            .run_from(enc, &plan.request, &mut keeping, at);
        let (saved, used_dice) = (enc.run.checkpoint.take(), enc.run.dice.used().len());
        let latest = match (saved, keeping.used) {
            (Some(saved), Some(used)) => {
                let state = match saved.state {
                    Some(state) => state,
                    // The run stopped at the roll of this checkpoint, nothing changed since.
                    None => {
                        debug_assert!(
                            matches!(
                                result,
                                Err(KernelError::Dice(DiceError::NeedMore { memo: true, .. }))
                            ) && used_dice == saved.dice,
                            "a run kept its end as a roll's checkpoint, but did not stop at that roll"
                        );
                        Rc::clone(&shared)
                    }
                };
                Some(Checkpoint {
                    point: saved.at,
                    dice: before + saved.dice,
                    answers: state.run.decisions.used().len(),
                    used,
                    state,
                })
            }
            _ => None,
        };
        (shared, result, latest)
    }
}

#[cfg(test)]
mod tests {
    use crate::kernel::{Decisions, Point};
    use crate::scenario::synthetic::prepare;

    /// EH: the roll of each of a combat's two tests is a checkpoint, so a branch of the Strength
    /// test's dice goes on from there, not from the Will test's first die: a run whose dice run out
    /// at the Strength test's roll has passed the checkpoint of that roll, with the Will test's dice
    /// used.
    #[test]
    fn an_eh_run_goes_on_from_the_roll_of_the_strength_test() {
        let mut p = prepare(
            "checkpoint.toml",
            "game = \"eldritch\"\n[investigator]\nwill = 1\nstrength = 1\n[[monsters]]\ncard = { id = \"lurker\", name = \"Lurker (synthetic)\", kind = \"monster\", toughness = 2, will = { modifier = 1, horror = 1 }, strength = { modifier = 0, damage = 2 }, source = \"synthetic\" }\n",
        );
        // Two dice for the Will test (Will 1, the monster's +1; a 5 passes it, no Sanity lost), then the
        // Strength test's die is missing.
        let (_, result, latest) = p.run_for_odds_from(None, &[5, 1], Decisions::Fixed, true);
        assert!(result.is_err(), "the Strength test's die is missing");
        let latest = latest.expect("a checkpoint passed");
        assert_eq!(
            latest.point,
            Point::Roll {
                monster: 0,
                test: 1
            }
        );
        assert_eq!(latest.dice, 2);
    }
}
