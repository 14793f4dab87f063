//! Gains, spending and losses: on_damage hooks first, no value below 0, the status that follows.

use super::*;
use crate::kernel::LossValue;
use std::sync::Arc;

/// Health (Stamina) and Sanity the investigator lost in an encounter (Sanity spent, for spells,
/// included).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct Tally {
    pub health_lost: i32,
    pub sanity_lost: i32,
}

impl Encounter {
    /// The status his Health (Stamina) or Sanity now gives him, if he is still in play, taken through
    /// the `on_status` window (`become_`); `cause` is the loss or spending that brought him there.
    pub fn record_status(
        &mut self,
        cause: &Source,
        hooks: &mut dyn Hooks,
    ) -> Result<(), KernelError> {
        if self.table.investigator.status != Status::Ok {
            return Ok(());
        }
        let Some(status) = self.procedure().knocked_out(&self.table.investigator) else {
            return Ok(());
        };
        self.become_(
            crate::kernel::Fate::Out(status),
            cause.clone(),
            false,
            hooks,
        )
    }

    /// The investigator gains `n` of `stat`; Health (Stamina) and Sanity stop at his maximum, Focus at
    /// the game's limit (EH: 2), and the event says when the maximum cut the gain.
    pub fn gain(&mut self, stat: Stat, n: i32, source: Source) {
        let focus_limit = self.procedure().focus_limit();
        let inv = Arc::make_mut(&mut self.table.investigator);
        let (held, max) = match stat {
            Stat::Health => (&mut inv.health, Some(inv.max_health)),
            Stat::Sanity => (&mut inv.sanity, Some(inv.max_sanity)),
            Stat::Clues => (&mut inv.clues, None),
            Stat::Focus => (&mut inv.focus, focus_limit),
        };
        let before = *held;
        let wanted = before.saturating_add(n);
        *held = max.map_or(wanted, |m| wanted.min(m));
        let now = *held;
        emit!(
            self.run,
            Event::Gained {
                stat,
                amount: n,
                now,
                source,
                before,
                maximum: max.filter(|_| now < wanted),
            }
        );
    }

    /// Spends tokens; spending more than the investigator holds is refused.
    /// The first spend among a hook's effects that the investigator cannot make, with what he holds:
    /// more than he holds, or (Eldritch Horror) his last Health or Sanity ("he cannot spend his last
    /// Health or Sanity", RG, Spend). Spends add up; other effects of the hook are not counted.
    pub(super) fn unpayable(&self, card: &str, effects: &[Effect]) -> Option<(Stat, i32, i32)> {
        let inv = &self.table.investigator;
        let mut spent = [0i32; 4];
        for e in effects {
            // A spell cast now (`ctx.card.cast`) spends its Sanity cost.
            let (stat, n) = match e {
                Effect::Spend(stat, n) => (*stat, *n),
                Effect::Cast { .. } => (
                    Stat::Sanity,
                    self.casting_of(card).map_or(0, |c| c.sanity_cost),
                ),
                _ => continue,
            };
            let (i, held) = match stat {
                Stat::Health => (0, inv.health),
                Stat::Sanity => (1, inv.sanity),
                Stat::Clues => (2, inv.clues),
                Stat::Focus => (3, inv.focus),
            };
            spent[i] = spent[i].saturating_add(n);
            let last =
                self.setup.game == Game::Eldritch && matches!(stat, Stat::Health | Stat::Sanity);
            let left = held.saturating_sub(spent[i]);
            if left < 0 || (last && left < 1 && n > 0) {
                return Some((stat, n, held));
            }
        }
        None
    }

    /// The monster a hook's effects would defeat that no effect may defeat (EH: an Epic Monster,
    /// `Procedure::defeated_by_effects`), if any.
    pub(super) fn undefeatable(&self, effects: &[Effect]) -> Option<usize> {
        let m = self.table.current?;
        let defeats = effects.iter().any(|e| matches!(e, Effect::DefeatMonster));
        (defeats
            && !self
                .procedure()
                .defeated_by_effects(&self.table.monsters[m]))
        .then_some(m)
    }

    /// Spends `n` of `stat`; the status it may leave him in is the caller's to take
    /// (`record_status`).
    pub fn spend(&mut self, stat: Stat, n: i32, source: Source) -> Result<(), Refusal> {
        let inv = Arc::make_mut(&mut self.table.investigator);
        let held = match stat {
            Stat::Clues => &mut inv.clues,
            Stat::Focus => &mut inv.focus,
            Stat::Health => &mut inv.health,
            Stat::Sanity => &mut inv.sanity,
        };
        if n < 0 || *held < n {
            return Err(Refusal::CannotSpend {
                n,
                stat,
                held: *held,
            });
        }
        *held -= n;
        let now = *held;
        if stat == Stat::Sanity {
            self.table.tally.sanity_lost = self.table.tally.sanity_lost.saturating_add(n);
        }
        emit!(
            self.run,
            Event::Spent {
                stat,
                amount: n,
                now,
                source,
            }
        );
        Ok(())
    }

    /// The investigator loses Health (Stamina) or Sanity: on_damage hooks may change the amount first;
    /// no value goes below 0. Returns the amount lost.
    pub fn lose_investigator(
        &mut self,
        stat: Stat,
        amount: i32,
        cause: Source,
        hooks: &mut dyn Hooks,
    ) -> Result<i32, KernelError> {
        if amount <= 0 {
            return Ok(0);
        }
        let mut loss = Some(LossView {
            target: Target::Investigator,
            stat,
            amount,
            cause,
        });
        let queued = self.table.queued.len();
        self.fire(Hook::OnDamage, hooks, &mut loss)?;
        if self.table.queued.len() > queued {
            self.tests_before_loss(queued, &mut loss, hooks)?;
        }
        // on_damage may have changed the amount (never the cause); `None` is never left there.
        let (amount, cause) = loss.map_or((0, Source::Rules), |l| (l.amount, l.cause));
        let inv = Arc::make_mut(&mut self.table.investigator);
        let held = match stat {
            Stat::Health => &mut inv.health,
            Stat::Sanity => &mut inv.sanity,
            Stat::Clues => &mut inv.clues,
            Stat::Focus => &mut inv.focus,
        };
        let asked = amount.max(0);
        let lost = asked.min(*held);
        *held -= lost;
        let now = *held;
        match stat {
            Stat::Health => {
                self.table.tally.health_lost = self.table.tally.health_lost.saturating_add(lost)
            }
            Stat::Sanity => {
                self.table.tally.sanity_lost = self.table.tally.sanity_lost.saturating_add(lost)
            }
            _ => {}
        }
        if lost > 0 {
            emit!(
                self.run,
                Event::Lost {
                    target: Target::Investigator,
                    stat,
                    amount: lost,
                    now,
                    source: cause.clone(),
                    asked,
                }
            );
        }
        self.record_status(&cause, hooks)?;
        Ok(lost)
    }

    /// The tests the on_damage hooks of a loss asked for (`queued` onwards: `ctx.investigator.test`,
    /// `ctx.card.cast`), resolved now, before the loss is applied, which waits for them: their
    /// after_test hooks read it as `ctx.loss` and may reduce or prevent it (Flesh Ward). The test
    /// under way, if any, waits too, and goes on after them. What follows in the state does not say
    /// where it resumes: a question asked here is keyed by the path to it (`mark_unplaced`).
    fn tests_before_loss(
        &mut self,
        queued: usize,
        loss: &mut Option<LossView>,
        hooks: &mut dyn Hooks,
    ) -> Result<(), KernelError> {
        let asked = self.table.queued.split_off(queued);
        if let Some(l) = loss.as_ref() {
            emit!(
                self.run,
                Event::LossWaits {
                    stat: l.stat,
                    amount: l.amount,
                    tests: asked.len(),
                }
            );
        }
        self.mark_unplaced();
        let outer_stage = self.table.stage.take();
        let outer_loss = std::mem::replace(&mut self.table.waiting_loss, loss.take());
        self.run.pending += 1;
        let mut result = Ok(());
        for (_source, spec) in asked {
            if self.table.investigator.is_out() {
                break;
            }
            result = self.run_asked(spec, hooks).map(|_| ());
            if result.is_err() {
                break;
            }
        }
        self.run.pending -= 1;
        *loss = std::mem::replace(&mut self.table.waiting_loss, outer_loss);
        // Exact odds stop a run where the dice run out: the test asked for stays under way there.
        if result.is_ok() {
            self.table.stage = outer_stage;
        }
        result
    }

    /// A test's loss counted from the monster's printed `value` (EH: less the test's `successes`;
    /// AH2e: the whole value), written down, then lost as any other loss (`lose_investigator`).
    #[allow(
        clippy::too_many_arguments,
        reason = "the loss's arithmetic, each part named"
    )]
    pub fn lose_counted(
        &mut self,
        stat: Stat,
        value_of: LossValue,
        value: i32,
        successes: Option<u32>,
        passed: bool,
        cause: Source,
        hooks: &mut dyn Hooks,
    ) -> Result<i32, KernelError> {
        let amount = match (successes, value_of) {
            (Some(s), _) => value
                .saturating_sub(i32::try_from(s).unwrap_or(i32::MAX))
                .max(0),
            // AH2e: a passed Horror, Combat or Evade check deals no damage.
            (None, LossValue::Horror | LossValue::Damage) if passed => 0,
            (None, _) => value.max(0),
        };
        emit!(
            self.run,
            Event::LossCounted {
                stat,
                value_of,
                value,
                successes,
                passed,
                amount,
                source: cause.clone(),
            }
        );
        self.lose_investigator(stat, amount, cause, hooks)
    }

    /// The monster `m` loses Health: Health tokens go on it, and it is defeated at its toughness.
    pub fn lose_monster(
        &mut self,
        m: usize,
        amount: i32,
        cause: Source,
        hooks: &mut dyn Hooks,
    ) -> Result<i32, KernelError> {
        if amount <= 0 || self.table.monsters[m].defeated {
            return Ok(0);
        }
        let mut loss = Some(LossView {
            target: Target::Monster(self.table.monsters[m].id.clone()),
            stat: Stat::Health,
            amount,
            cause,
        });
        self.fire(Hook::OnDamage, hooks, &mut loss)?;
        let (amount, cause) = loss.map_or((0, Source::Rules), |l| (l.amount.max(0), l.cause));
        if amount == 0 {
            return Ok(0);
        }
        let toughness = self.toughness_of(m);
        let monster = Arc::make_mut(&mut Arc::make_mut(&mut self.table.monsters)[m]);
        monster.health_tokens = monster.health_tokens.saturating_add(amount);
        let now = toughness.saturating_sub(monster.health_tokens).max(0);
        let defeated = monster.health_tokens >= toughness;
        emit!(
            self.run,
            Event::Lost {
                target: Target::Monster(monster.id.clone()),
                stat: Stat::Health,
                amount,
                now,
                source: cause.clone(),
                asked: amount,
            }
        );
        if defeated {
            self.defeat_monster(m, cause);
        }
        Ok(amount)
    }

    /// The monster `m` is defeated and goes where the game puts a defeated monster
    /// (`Procedure::defeated_place`: EH the cup, an Epic Monster the box; AH2e a trophy, an Endless
    /// monster the cup).
    pub fn defeat_monster(&mut self, m: usize, source: Source) {
        if self.table.monsters[m].defeated {
            return;
        }
        let place = self.procedure().defeated_place(&self.table.monsters[m]);
        let monster = Arc::make_mut(&mut Arc::make_mut(&mut self.table.monsters)[m]);
        monster.defeated = true;
        monster.place = place;
        if place == Place::Trophy {
            Arc::make_mut(&mut self.table.investigator)
                .trophies
                .push(monster.id.to_string());
        }
        let monster = &self.table.monsters[m];
        emit!(
            self.run,
            Event::MonsterDefeated {
                monster: monster.id.to_string(),
                source,
                place,
            }
        );
    }
}
