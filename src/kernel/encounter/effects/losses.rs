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
            return Err(Self::rule_error(card, hook, Refusal::NewLossFromOnDamage));
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
        let to = |amount: i32| amount.saturating_sub(n).max(0);
        self.change_loss(card, hook, src, loss, "`ctx.loss.reduce`", to)
    }

    pub(super) fn prevent_loss(
        &mut self,
        card: &str,
        hook: Hook,
        src: Source,
        loss: &mut Option<LossView>,
    ) -> Result<(), KernelError> {
        self.change_loss(card, hook, src, loss, "`ctx.loss.prevent`", |_| 0)
    }

    /// The loss under way (on_damage) changed by `src` to `to(amount)`; `what` (the API name) is
    /// refused outside on_damage.
    fn change_loss(
        &mut self,
        card: &str,
        hook: Hook,
        src: Source,
        loss: &mut Option<LossView>,
        what: &'static str,
        to: impl FnOnce(i32) -> i32,
    ) -> Result<(), KernelError> {
        let Some(l) = loss.as_mut() else {
            return Err(Self::rule_error(
                card,
                hook,
                Refusal::OnlyInHook {
                    what,
                    hook: Hook::OnDamage,
                },
            ));
        };
        let from = l.amount;
        l.amount = to(from);
        let (source, to) = (src, l.amount);
        emit!(self.run, Event::LossChanged { source, from, to });
        Ok(())
    }
}
