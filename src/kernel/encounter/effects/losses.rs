//! Effects on losses: a loss a card causes, and (on_damage) a loss under way reduced or prevented.
//! Gains and spending are applied by `Encounter::gain` and `Encounter::spend` (`../losses.rs`).

use super::*;

impl Encounter {
    pub(super) fn lose(
        &mut self,
        card: &str,
        hook: Hook,
        src: Source,
        stat: Stat,
        n: i32,
        hooks: &mut dyn Hooks,
    ) -> Result<(), KernelError> {
        // A loss a card causes goes through on_damage like any other; not from inside on_damage.
        if hook == Hook::OnDamage {
            return Err(Self::rule_error(
                card,
                hook,
                "a new loss cannot be caused from on_damage",
            ));
        }
        self.lose_investigator(stat, n, src, hooks)?;
        Ok(())
    }

    pub(super) fn reduce_loss(
        &mut self,
        card: &str,
        hook: Hook,
        src: Source,
        n: i32,
        loss: &mut Option<LossView>,
    ) -> Result<(), KernelError> {
        let Some(l) = loss.as_mut() else {
            return Err(Self::rule_error(
                card,
                hook,
                "`ctx.loss.reduce` is for on_damage",
            ));
        };
        let from = l.amount;
        l.amount = l.amount.saturating_sub(n).max(0);
        emit!(
            self,
            Event::LossChanged {
                source: src,
                from,
                to: l.amount,
            }
        );
        Ok(())
    }

    pub(super) fn prevent_loss(
        &mut self,
        card: &str,
        hook: Hook,
        src: Source,
        loss: &mut Option<LossView>,
    ) -> Result<(), KernelError> {
        let Some(l) = loss.as_mut() else {
            return Err(Self::rule_error(
                card,
                hook,
                "`ctx.loss.prevent` is for on_damage",
            ));
        };
        let from = l.amount;
        l.amount = 0;
        emit!(
            self,
            Event::LossChanged {
                source: src,
                from,
                to: 0,
            }
        );
        Ok(())
    }
}
