//! Effects on how the dice of the test under way count and what they show: the lowest success face,
//! faces that count double, rerolls, a face set, and dice a script rolled outside any test.

use super::*;

impl Encounter {
    pub(super) fn success_from(
        &mut self,
        card: &str,
        hook: Hook,
        src: Source,
        face: u8,
    ) -> Result<(), KernelError> {
        if !(1..=6).contains(&face) {
            return Err(Self::rule_error(
                card,
                hook,
                Refusal::SuccessFromNotAFace { face },
            ));
        }
        self.stage_mut(card, hook, "success_from")?.success_from = face;
        emit!(
            self.run,
            Event::SuccessRule {
                source: src,
                from: face,
            }
        );
        Ok(())
    }

    /// A face rule of the test under way: face `face` counts as `successes` successes
    /// (`count_face`), or negates that many (`negate_face`, never below 0).
    pub(super) fn face_rule(
        &mut self,
        card: &str,
        hook: Hook,
        src: Source,
        negates: bool,
        face: u8,
        successes: u32,
    ) -> Result<(), KernelError> {
        let method = if negates { "negate_face" } else { "count_face" };
        let stage = self.stage_mut(card, hook, method)?;
        let rules = if negates {
            &mut stage.negates
        } else {
            &mut stage.counts
        };
        rules.push((face, successes));
        let event = if negates {
            Event::NegateRule {
                source: src,
                face,
                successes,
            }
        } else {
            Event::CountRule {
                source: src,
                face,
                successes,
            }
        };
        emit!(self.run, event);
        Ok(())
    }

    /// `ctx.test.add_successes(n)`: n successes added to the result of the test under way, once its
    /// dice are on the table (Kid O'Brien: "you may add 1 success to your test result").
    pub(super) fn add_successes(
        &mut self,
        card: &str,
        hook: Hook,
        src: Source,
        n: u32,
    ) -> Result<(), KernelError> {
        if !matches!(
            hook,
            Hook::AfterRoll | Hook::AfterReroll | Hook::AfterTokens
        ) {
            return Err(Self::rule_error(
                card,
                hook,
                Refusal::SuccessesBeforeTheRoll { hook },
            ));
        }
        let stage = self.stage_mut(card, hook, "add_successes")?;
        stage.added.push((src.clone(), n));
        emit!(
            self.run,
            Event::SuccessesAdded {
                source: src,
                successes: n,
            }
        );
        Ok(())
    }

    pub(super) fn reroll(
        &mut self,
        card: &str,
        hook: Hook,
        src: Source,
        die: usize,
        hooks: &mut dyn Hooks,
    ) -> Result<(), KernelError> {
        let label = format!("a reroll by {card}");
        let stage =
            self.table.stage.as_ref().ok_or_else(|| {
                Self::rule_error(card, hook, Refusal::NeedsTest { what: "reroll" })
            })?;
        if die >= stage.faces.len() {
            return Err(Self::rule_error(
                card,
                hook,
                Refusal::NoSuchDie {
                    die,
                    rolled: stage.faces.len(),
                },
            ));
        }
        self.reroll_die(die, &src, &label, hooks)?;
        Ok(())
    }

    pub(super) fn set_face(
        &mut self,
        card: &str,
        hook: Hook,
        src: Source,
        die: usize,
        face: u8,
    ) -> Result<(), KernelError> {
        let stage = self.stage_mut(card, hook, "set_face")?;
        if die >= stage.faces.len() || !(1..=6).contains(&face) {
            return Err(Self::rule_error(
                card,
                hook,
                Refusal::NoSuchDieOrFace { die, face },
            ));
        }
        let from = std::mem::replace(&mut stage.faces[die], face);
        emit!(
            self.run,
            Event::FaceSet {
                die: die + 1,
                from,
                to: face,
                source: src,
            }
        );
        Ok(())
    }

    pub(super) fn rolled(&mut self, src: Source, faces: Vec<u8>) {
        emit!(self.run, Event::DiceRolled { source: src, faces })
    }

    /// Card `card` was flipped to its copy `copy` of `backs`: kept for the result, and said.
    pub(super) fn flipped(&mut self, card: &str, copy: u8, backs: usize) {
        std::sync::Arc::make_mut(&mut self.table.investigator)
            .flipped
            .push((card.to_string(), copy));
        emit!(
            self.run,
            Event::Flipped {
                card: card.to_string(),
                copy,
                backs,
            }
        )
    }
}
