//! Changing the dice of the test under way: a reroll of one die or several (a card's, a Clue's or a
//! Focus's) and the `after_reroll` window each opens, and dice added to the roll (AH2e Clue dice).

use super::*;

impl Encounter {
    /// Rerolls die `die` of the test under way for `source`, then opens the window after it: the
    /// cards' `after_reroll` hooks, `ctx.test.rerolled` the die (a reroll there opens the next
    /// window, up to `REROLL_WINDOWS` deep).
    pub fn reroll_die(
        &mut self,
        die: usize,
        source: &Source,
        label: &str,
        hooks: &mut dyn Hooks,
    ) -> Result<(), KernelError> {
        let to = self.reroll_faces(1, label)?[0];
        self.set_rerolled(die, to, source);
        self.after_reroll(die, hooks)
    }

    /// The `n` new faces of a reroll. A die asked for while the hooks under way have work left
    /// that the state does not hold (`pending`: effects after this one, cards after this one) is
    /// no memo point: two paths to one state could have different work left (a card rerolling
    /// each failing die: 1 1 with the first rerolled to 2, one reroll left, against 2 1 as rolled,
    /// two left).
    fn reroll_faces(&mut self, n: usize, label: &str) -> Result<Vec<u8>, DiceError> {
        let unplaced = self.run.pending > 0;
        self.run.dice.roll_many(n, label).map_err(|e| match e {
            DiceError::NeedMore { n, .. } if unplaced => DiceError::NeedMore { n, memo: false },
            e => e,
        })
    }

    /// Die `die` of the test under way now shows `to`, rerolled by `source`.
    fn set_rerolled(&mut self, die: usize, to: u8, source: &Source) {
        let stage = self.table.stage.as_mut().expect("a test is under way");
        let from = std::mem::replace(&mut stage.faces[die], to);
        emit!(
            self.run,
            Event::Reroll {
                die: die + 1,
                from,
                to,
                source: source.clone(),
            }
        );
    }

    /// The window after die `die` was rerolled: `after_reroll` with `ctx.test.rerolled` = `die`,
    /// unless `REROLL_WINDOWS` windows are open around it (then a transcript line says so).
    fn after_reroll(&mut self, die: usize, hooks: &mut dyn Hooks) -> Result<(), KernelError> {
        let stage = self.table.stage.as_ref().expect("a test is under way");
        if stage.windows >= crate::kernel::REROLL_WINDOWS {
            if self.defines_any(Hook::AfterReroll, hooks) {
                emit!(
                    self.run,
                    Event::RerollWindowsSpent {
                        die: die + 1,
                        windows: crate::kernel::REROLL_WINDOWS,
                    }
                );
            }
            return Ok(());
        }
        let stage = self.table.stage.as_mut().expect("a test is under way");
        let outer = stage.rerolled.replace(die);
        stage.windows += 1;
        let fired = self.fire(Hook::AfterReroll, hooks, &mut None);
        if let Some(stage) = self.table.stage.as_mut() {
            stage.rerolled = outer;
            stage.windows -= 1;
        }
        fired
    }

    /// Rerolls `dice` of the test under way (a token that rerolls several, a card's rerolls one
    /// after the other), the dice still to reroll kept in the test's state while they roll. With
    /// no window after a reroll to open (no active card defines `after_reroll`) and no die twice,
    /// nothing can tell one die's reroll from the next's: the dice are one roll of as many dice,
    /// asked for at once (exact odds branch on its face-count multisets, not die after die).
    pub fn reroll_dice(
        &mut self,
        dice: &[usize],
        source: &Source,
        label: &str,
        hooks: &mut dyn Hooks,
    ) -> Result<(), KernelError> {
        let distinct = dice.iter().enumerate().all(|(k, d)| !dice[..k].contains(d));
        if dice.len() > 1 && distinct && !self.defines_any(Hook::AfterReroll, hooks) {
            return self.reroll_at_once(dice, source, label);
        }
        for (k, &die) in dice.iter().enumerate() {
            self.table
                .stage
                .as_mut()
                .expect("a test is under way")
                .rerolling = dice[k..].to_vec();
            self.reroll_die(die, source, label, hooks)?;
        }
        self.table
            .stage
            .as_mut()
            .expect("a test is under way")
            .rerolling = Vec::new();
        Ok(())
    }

    /// `reroll_dice` where no window opens after a reroll: the new faces in one request, each die
    /// then given its face in order.
    pub(super) fn reroll_at_once(
        &mut self,
        dice: &[usize],
        source: &Source,
        label: &str,
    ) -> Result<(), KernelError> {
        self.table
            .stage
            .as_mut()
            .expect("a test is under way")
            .rerolling = dice.to_vec();
        let faces = self.reroll_faces(dice.len(), label)?;
        for (&die, to) in dice.iter().zip(faces) {
            self.set_rerolled(die, to, source);
        }
        self.table
            .stage
            .as_mut()
            .expect("a test is under way")
            .rerolling = Vec::new();
        Ok(())
    }

    /// Rolls extra dice onto the test under way (AH2e Clue dice): one die, and the further dice
    /// each Clue adds on this check (`extra_dice_per_clue`), rolled together.
    pub fn add_clue_dice(&mut self, label: &str) -> Result<Vec<u8>, DiceError> {
        let stage = self.table.stage.as_ref().expect("a test is under way");
        let n = 1 + stage.extra_per_clue as usize;
        let faces = self.run.dice.roll_many(n, label)?;
        self.table
            .stage
            .as_mut()
            .expect("a test is under way")
            .faces
            .extend_from_slice(&faces);
        Ok(faces)
    }
}
