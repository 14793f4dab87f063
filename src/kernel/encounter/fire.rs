//! Firing a hook: the active cards in the documented order, each card's effects applied before the
//! next card is called, and a failed hook rolled back.

use super::*;
use crate::kernel::Fate;
use smallvec::SmallVec;

impl Encounter {
    /// The cards whose hooks fire, in the documented order: the monster being encountered, the
    /// investigator, the possessions in order, the conditions, then the AH2e Environment in play.
    pub fn active_ids(&self) -> impl Iterator<Item = &str> {
        self.table
            .current
            .map(|m| self.table.monsters[m].id.as_ref())
            .into_iter()
            .chain(self.table.investigator.card.as_deref())
            .chain(
                self.table
                    .investigator
                    .possessions
                    .iter()
                    .map(String::as_str),
            )
            .chain(
                self.table
                    .investigator
                    .conditions
                    .iter()
                    .map(String::as_str),
            )
            .chain(self.setup.rules.environment.as_deref())
    }

    /// Calls `hook` on every active card that defines it, applying each card's effects before the next
    /// card is called.
    pub fn fire(
        &mut self,
        hook: Hook,
        hooks: &mut dyn Hooks,
        loss: &mut Option<LossView>,
    ) -> Result<(), KernelError> {
        // Only the cards that define this hook (usually none or one) are taken out, before any is
        // called: a card that comes into play during this hook point is not called at it.
        let mut cards = self.defining(hook, hooks);
        self.order_at_the_same_moment(hook, &mut cards)?;
        // EH: a defeated investigator stops resolving at once: no card is called after his defeat and
        // no effect after the one that defeated him applies (RG, Defeated Investigators). A loss the
        // monster takes at the same time as his (the Strength test) still goes through on_damage.
        let stops = self.procedure().stops_at_once() && hook != Hook::OnDamage;
        // What is left after each call that the state does not hold (`pending`): the cards after
        // it, and, but for the hooks after the dice, the rest of what fired this hook.
        let after = usize::from(!matches!(
            hook,
            Hook::AfterRoll | Hook::AfterReroll | Hook::AfterTokens
        ));
        let n = cards.len();
        for (k, card) in cards.iter().enumerate() {
            // Two copies of one card are two possessions, each called: `in_hand` is its own copy's.
            let copy = 1 + cards[..k].iter().filter(|c| **c == *card).count();
            if stops && self.table.investigator.is_out() {
                break;
            }
            if self.table.cascade >= crate::kernel::HOOK_CASCADE {
                return Err(limit_error(card, hook, KernelLimit::HookCascade));
            }
            let left = n - k - 1 + after;
            self.run.pending += left;
            let called = self.call_copy(card, copy, hook, hooks, loss);
            self.run.pending -= left;
            called?;
        }
        Ok(())
    }

    /// Two effects at the same moment: when the monster met and cards of the investigator define
    /// `hook`, the player chooses which resolve first (EH Reference Guide, Timing Conflicts). The
    /// scenario's answer: his cards first when one of them is in `choices.first`, else the monster's
    /// (as the cards fire in the documented order). His cards first moves the monster to the end.
    fn order_at_the_same_moment(
        &mut self,
        hook: Hook,
        cards: &mut SmallVec<[Rc<str>; 4]>,
    ) -> Result<(), KernelError> {
        let Some(m) = self.table.current else {
            return Ok(());
        };
        let monster: String = self.table.monsters[m].id.to_string();
        if cards.len() < 2 || *cards[0] != *monster || cards[1..].iter().any(|c| **c == *monster) {
            return Ok(());
        }
        let theirs: Vec<String> = cards[1..].iter().map(|c| c.to_string()).collect();
        let fixed = !theirs.iter().any(|c| self.setup.first.contains(c));
        let question = crate::kernel::Question::Order {
            hook: hook.name().to_string(),
            monster: monster.to_string(),
        };
        let options = vec![Answer::MonsterFirst(true), Answer::MonsterFirst(false)];
        let monster_first = self.decide_unplaced(question, options, Answer::MonsterFirst(fixed))?
            == Answer::MonsterFirst(true);
        if !monster_first {
            cards.rotate_left(1);
        }
        // The documented order taken by the scenario's own choices goes without saying; an order
        // the player chose (a question answered, or `choices.first`) is said.
        if monster_first && self.run.decisions.is_fixed() {
            return Ok(());
        }
        emit!(
            self.run,
            Event::EffectsOrdered {
                hook: hook.name(),
                monster: monster.to_string(),
                cards: theirs,
                monster_first,
            }
        );
        Ok(())
    }

    /// Calls `hook` on the first copy of `card` alone (`on_action`: the Action of the card named),
    /// applying its effects; a card whose script does not define it is refused, naming the hook.
    pub fn fire_card(
        &mut self,
        card: &str,
        hook: Hook,
        hooks: &mut dyn Hooks,
    ) -> Result<(), KernelError> {
        if !hooks.defined(card).contains(hook) {
            return Err(Self::rule_error(card, hook, Refusal::NoAction { hook }));
        }
        let card: Rc<str> = Rc::from(card);
        self.call_copy(&card, 1, hook, hooks, &mut None)
    }

    /// Whether an active card defines `hook`.
    pub(super) fn defines_any(&mut self, hook: Hook, hooks: &dyn Hooks) -> bool {
        !self.defining(hook, hooks).is_empty()
    }

    /// The active cards that define `hook`, in the order they fire: the monster met, the
    /// investigator's cards, then those the other investigators on his space hold that act for every
    /// investigator on it (EH `[[on_space]]`, card key `for_your_space`). What each card defines is
    /// read from `hooks` again only when the investigator's cards changed, and each monster's once.
    /// Asked at every hook point, where usually no active card defines the hook: that answer
    /// allocates nothing.
    fn defining(&mut self, hook: Hook, hooks: &dyn Hooks) -> SmallVec<[Rc<str>; 4]> {
        if self.run.hooked.fresh {
            debug_assert!(
                self.hooked_fresh(),
                "the investigator's cards changed unseen"
            );
        } else if !self.hooked_fresh() {
            let inv = &self.table.investigator;
            let cards: Rc<[(Rc<str>, HookSet)]> = inv
                .card
                .iter()
                .chain(&inv.possessions)
                .chain(&inv.conditions)
                .chain(&self.setup.rules.board.for_the_space)
                .map(String::as_str)
                .chain(self.setup.rules.environment.as_deref())
                .map(|id| (Rc::from(id), hooks.defined(id)))
                .collect();
            let any = cards
                .iter()
                .fold(HookSet::NONE, |all, (_, defined)| all.union(*defined));
            self.run.hooked.cards = cards;
            self.run.hooked.any = any;
        }
        self.run.hooked.fresh = true;
        // Usually no card defines the hook: told without looking the monster up, once `monsters`
        // is made (it holds every monster of the encounter, whose ids never change).
        if !self.run.hooked.any.contains(hook)
            && (self.table.current.is_none()
                || (!self.run.hooked.monsters.is_empty()
                    && !self.run.hooked.monsters_any.contains(hook)))
        {
            debug_assert!(self.table.current.is_none_or(|m| {
                let id = self.table.monsters[m].id.as_ref();
                self.run
                    .hooked
                    .monsters
                    .iter()
                    .any(|(known, _)| **known == *id)
            }));
            return SmallVec::new();
        }
        let monster = match self.table.current {
            Some(m) => {
                let id = self.table.monsters[m].id.as_ref();
                if !self
                    .run
                    .hooked
                    .monsters
                    .iter()
                    .any(|(known, _)| **known == *id)
                {
                    self.run.hooked.monsters = self
                        .table
                        .monsters
                        .iter()
                        .map(|m| (Rc::from(&*m.id), hooks.defined(&m.id)))
                        .collect();
                    self.run.hooked.monsters_any = self
                        .run
                        .hooked
                        .monsters
                        .iter()
                        .fold(HookSet::NONE, |all, (_, defined)| all.union(*defined));
                }
                self.run
                    .hooked
                    .monsters
                    .iter()
                    .find(|(known, _)| **known == *id)
            }
            None => None,
        };
        let of_monster = monster.filter(|(_, defined)| defined.contains(hook));
        if of_monster.is_none() && !self.run.hooked.any.contains(hook) {
            return SmallVec::new();
        }
        of_monster
            .map(|(id, _)| id.clone())
            .into_iter()
            .chain(
                self.run
                    .hooked
                    .cards
                    .iter()
                    .filter(|(_, defined)| defined.contains(hook))
                    .map(|(id, _)| id.clone()),
            )
            .collect()
    }

    /// Whether the investigator's cards (and then those the others on his space hold that act for
    /// it, which no rule changes) are still those `hooked` was made of, in the same order.
    fn hooked_fresh(&self) -> bool {
        let inv = &self.table.investigator;
        let shared = &self.setup.rules.board.for_the_space;
        let environment = self.setup.rules.environment.as_deref();
        let active = usize::from(inv.card.is_some())
            + inv.possessions.len()
            + inv.conditions.len()
            + shared.len()
            + usize::from(environment.is_some());
        if self.run.hooked.cards.len() != active {
            return false;
        }
        let mut ids = self.run.hooked.cards.iter().map(|(id, _)| &**id);
        let mut same = |id: &str| ids.next() == Some(id);
        inv.card.as_deref().is_none_or(&mut same)
            && inv.possessions.iter().all(|p| same(p))
            && inv.conditions.iter().all(|c| same(c))
            && shared.iter().all(|c| same(c))
            && environment.is_none_or(same)
    }

    /// What copy `copy` of `card` sees when its hook is called: the test, the loss, whether this copy
    /// is held or cast, its own store and whether it is exhausted.
    fn copy_view(&self, card: &str, key: &str, loss: &Option<LossView>) -> TestView {
        let mut view = self.view(card);
        view.loss = loss.clone();
        view.in_hand = self
            .table
            .combat
            .as_ref()
            .is_some_and(|c| c.hands.iter().any(|h| h == key));
        view.cast = self
            .table
            .combat
            .as_ref()
            .is_some_and(|c| c.cast.iter().any(|h| h == key));
        if let Some(store) = self.table.store.get(key) {
            view.store = store.clone();
        }
        view.exhausted = self.table.exhausted.contains(key);
        view
    }

    /// Calls `hook` on copy `copy` of `card` and applies its effects. A hook applies whole or not at
    /// all (DESIGN invariant 4): if it fails, or one of its effects breaks a rule, the state goes back
    /// to what it was before it ran.
    fn call_copy(
        &mut self,
        card: &Rc<str>,
        copy: usize,
        hook: Hook,
        hooks: &mut dyn Hooks,
        loss: &mut Option<LossView>,
    ) -> Result<(), KernelError> {
        // The first copy's key is the card's id (`copy_key`): no String made at each call.
        let key: std::borrow::Cow<'_, str> = if copy <= 1 {
            std::borrow::Cow::Borrowed(&**card)
        } else {
            std::borrow::Cow::Owned(crate::kernel::copy_key(card, copy))
        };
        let view = self.copy_view(card, &key, loss);
        let before = self.run.rollback.then(|| (self.snapshot(), loss.clone()));
        let depth = self.table.cascade;
        self.table.cascade += 1;
        let call = HookCall {
            card,
            hook,
            view: view.clone(),
            depth,
            decisions: &mut self.run.decisions,
            decline_mays: false,
        };
        let mut called = hooks.call(call, &mut self.run.dice);
        if let Err(KernelError::Decision(_)) = called {
            // Asked inside the script: a point of the hook's own, not of the state.
            self.mark_unplaced();
        }
        if let Ok(effects) = &called
            && let Some((stat, amount, held)) = self.unpayable(card, effects)
            && !effects
                .iter()
                .any(|e| matches!(e, Effect::Rolled(_) | Effect::Flipped { .. }))
        {
            // A cost the player's answer chose that cannot be paid: the option is not his to take.
            // The call again, every "may" of it declined; if that can be paid, it is what happens
            // (the loss of "unless you spend 1 Clue"), said with the cost that could not be.
            let again = HookCall {
                card,
                hook,
                view,
                depth,
                decisions: &mut self.run.decisions,
                decline_mays: true,
            };
            if let Ok(declined) = hooks.call(again, &mut self.run.dice)
                && declined != *effects
                && self.unpayable(card, &declined).is_none()
            {
                let source = Source::card(&**card);
                emit!(
                    self.run,
                    Event::MayDeclined {
                        stat,
                        amount,
                        held,
                        source,
                    }
                );
                called = Ok(declined);
            }
        }
        let applied = called
            .and_then(|effects| self.apply_all(card, &key, (hook, depth), effects, hooks, loss));
        self.table.cascade -= 1;
        if let Err(err) = applied {
            if let Some((state, l)) = before {
                self.restore(state);
                *loss = l;
            }
            return Err(err);
        }
        Ok(())
    }

    /// The effects one hook call of `card` (copy `key`) asked for, applied in order, unless one of
    /// them cannot be used: then none is. Once a defeated investigator stops resolving (`fire`), no
    /// effect after the one that defeated him applies.
    fn apply_all(
        &mut self,
        card: &str,
        key: &str,
        (hook, depth): (Hook, usize),
        effects: Vec<Effect>,
        hooks: &mut dyn Hooks,
        loss: &mut Option<LossView>,
    ) -> Result<(), KernelError> {
        if let Some(m) = self.undefeatable(&effects) {
            // "An Epic Monster cannot be defeated by any effect except losing Health equal to or
            // greater than its toughness": the effect cannot be used, and nothing of the hook is
            // applied (no Focus spent on the Handcuffs).
            let monster = self.table.monsters[m].id.to_string();
            let source = Source::card(card);
            emit!(self.run, Event::CannotDefeat { monster, source });
            return Ok(());
        }
        if let Some((stat, amount, held)) = self.unpayable(card, &effects) {
            // "An investigator cannot spend a token he does not have", nor his last Health or Sanity
            // (EH RG, Spend): the effect paid by it cannot be used.
            let source = Source::card(card);
            emit!(
                self.run,
                Event::CannotSpend {
                    stat,
                    amount,
                    held,
                    source,
                }
            );
            return Ok(());
        }
        if self.table.investigator.delayed
            && effects.len() > 1
            && effects
                .iter()
                .any(|e| matches!(e, Effect::SetStatus(Fate::Delayed)))
        {
            // Becoming Delayed together with other effects is what they cost ("you may become
            // Delayed to ..."): one already Delayed cannot pay it, and the hook buys nothing.
            emit!(
                self.run,
                Event::CannotBecomeDelayed {
                    source: Source::card(card),
                }
            );
            return Ok(());
        }
        let stops = self.procedure().stops_at_once() && hook != Hook::OnDamage;
        let n = effects.len();
        // The call's rerolls one after another, with nothing between them: one roll of those dice.
        let batches = self.rerolls_at_once(&effects, hooks);
        let mut skip = 0;
        for (i, effect) in effects.into_iter().enumerate() {
            if skip > 0 {
                skip -= 1;
                continue;
            }
            if stops && self.table.investigator.is_out() {
                break;
            }
            if let Some((_, dice)) = batches.iter().find(|(at, _)| *at == i) {
                skip = dice.len() - 1;
                let left = n - i - dice.len();
                self.run.pending += left;
                let label = format!("a reroll by {card}");
                let applied = self.reroll_at_once(dice, &Source::card(card), &label);
                self.run.pending -= left;
                applied.map_err(|e| e.refusing(card, hook, depth, i))?;
                continue;
            }
            let left = n - i - 1;
            self.run.pending += left;
            let applied = match effect {
                Effect::Store { key: k, value } => self.keep(card, hook, key, k, value),
                Effect::Exhaust => {
                    self.exhaust(card, key);
                    Ok(())
                }
                Effect::Cast { modifier } => self.cast_now(card, key, hook, modifier, hooks),
                effect => self.apply(card, hook, effect, loss, hooks),
            };
            self.run.pending -= left;
            // A refused effect names the call that asked for it (`EffectAt`).
            applied.map_err(|e| e.refusing(card, hook, depth, i))?;
        }
        Ok(())
    }

    /// The runs of two or more rerolls in a hook call's `effects`, one after another, that may be
    /// one roll (`reroll_dice`: no die twice, no active card defining `after_reroll`), each die one
    /// of the test under way (else each is applied on its own, and a die out of range is refused as
    /// such): each run's first effect's index, and its dice.
    fn rerolls_at_once(
        &mut self,
        effects: &[Effect],
        hooks: &dyn Hooks,
    ) -> Vec<(usize, Vec<usize>)> {
        let mut runs: Vec<(usize, Vec<usize>)> = Vec::new();
        let Some(rolled) = self.table.stage.as_ref().map(|s| s.faces.len()) else {
            return runs;
        };
        let mut i = 0;
        while i < effects.len() {
            let mut dice: Vec<usize> = Vec::new();
            while let Some(Effect::Reroll(die)) = effects.get(i + dice.len())
                && *die < rolled
                && !dice.contains(die)
            {
                dice.push(*die);
            }
            if dice.len() > 1 {
                i += dice.len();
                runs.push((i - dice.len(), dice));
            } else {
                i += 1;
            }
        }
        if !runs.is_empty() && self.defines_any(Hook::AfterReroll, hooks) {
            runs.clear();
        }
        runs
    }
}
