//! Gains, spending and losses: on_damage hooks first, no value below 0, the status that follows.

use super::*;
use std::sync::Arc;

impl Encounter {
    pub(super) fn record_status(&mut self) {
        if self.investigator.status != Status::Ok {
            return;
        }
        let Some(status) = self.procedure().knocked_out(&self.investigator) else {
            return;
        };
        Arc::make_mut(&mut self.investigator).status = status;
        emit!(self, Event::StatusChanged { status });
    }

    pub fn gain(&mut self, stat: Stat, n: i32, source: &str) {
        let inv = Arc::make_mut(&mut self.investigator);
        let now = match stat {
            Stat::Health => {
                inv.health = (inv.health + n).min(inv.max_health);
                inv.health
            }
            Stat::Sanity => {
                inv.sanity = (inv.sanity + n).min(inv.max_sanity);
                inv.sanity
            }
            Stat::Clues => {
                inv.clues += n;
                inv.clues
            }
            Stat::Focus => {
                inv.focus += n;
                inv.focus
            }
        };
        emit!(
            self,
            Event::Gained {
                stat,
                amount: n,
                now,
                source: source.to_string(),
            }
        );
    }

    /// Spends tokens; spending more than the investigator holds is refused.
    pub fn spend(&mut self, stat: Stat, n: i32, source: &str) -> Result<(), String> {
        let inv = Arc::make_mut(&mut self.investigator);
        let held = match stat {
            Stat::Clues => &mut inv.clues,
            Stat::Focus => &mut inv.focus,
            Stat::Health => &mut inv.health,
            Stat::Sanity => &mut inv.sanity,
        };
        if n < 0 || *held < n {
            return Err(format!(
                "cannot spend {n} {} with {} held",
                stat.as_str(),
                *held
            ));
        }
        *held -= n;
        let now = *held;
        if stat == Stat::Sanity {
            self.tally.sanity_lost += n;
        }
        emit!(
            self,
            Event::Spent {
                stat,
                amount: n,
                now,
                source: source.to_string(),
            }
        );
        self.record_status();
        Ok(())
    }

    /// The investigator loses Health (Stamina) or Sanity: on_damage hooks may change the amount first;
    /// no value goes below 0. Returns the amount lost.
    pub fn lose_investigator(
        &mut self,
        stat: Stat,
        amount: i32,
        cause: &str,
        hooks: &mut dyn Hooks,
    ) -> Result<i32, KernelError> {
        if amount <= 0 {
            return Ok(0);
        }
        let mut loss = Some(LossView {
            target: "investigator".to_string(),
            stat,
            amount,
            cause: cause.to_string(),
        });
        self.fire(Hook::OnDamage, hooks, &mut loss)?;
        let amount = loss.map(|l| l.amount).unwrap_or(0);
        let inv = Arc::make_mut(&mut self.investigator);
        let held = match stat {
            Stat::Health => &mut inv.health,
            Stat::Sanity => &mut inv.sanity,
            Stat::Clues => &mut inv.clues,
            Stat::Focus => &mut inv.focus,
        };
        let lost = amount.min(*held).max(0);
        *held -= lost;
        let now = *held;
        match stat {
            Stat::Health => self.tally.health_lost += lost,
            Stat::Sanity => self.tally.sanity_lost += lost,
            _ => {}
        }
        if lost > 0 {
            emit!(
                self,
                Event::Lost {
                    target: "investigator".to_string(),
                    stat,
                    amount: lost,
                    now,
                    source: cause.to_string(),
                }
            );
        }
        self.record_status();
        Ok(lost)
    }

    /// The monster `m` loses Health: Health tokens go on it, and it is defeated at its toughness.
    pub fn lose_monster(
        &mut self,
        m: usize,
        amount: i32,
        cause: &str,
        hooks: &mut dyn Hooks,
    ) -> Result<i32, KernelError> {
        if amount <= 0 || self.monsters[m].defeated {
            return Ok(0);
        }
        let mut loss = Some(LossView {
            target: self.monsters[m].id.clone(),
            stat: Stat::Health,
            amount,
            cause: cause.to_string(),
        });
        self.fire(Hook::OnDamage, hooks, &mut loss)?;
        let amount = loss.map(|l| l.amount).unwrap_or(0).max(0);
        if amount == 0 {
            return Ok(0);
        }
        let monster = Arc::make_mut(&mut self.monsters[m]);
        monster.damage += amount;
        let now = (monster.toughness - monster.damage).max(0);
        emit!(
            self,
            Event::Lost {
                target: monster.id.clone(),
                stat: Stat::Health,
                amount,
                now,
                source: cause.to_string(),
            }
        );
        if monster.damage >= monster.toughness {
            self.defeat_monster(m, cause);
        }
        Ok(amount)
    }

    pub fn defeat_monster(&mut self, m: usize, source: &str) {
        let monster = Arc::make_mut(&mut self.monsters[m]);
        if monster.defeated {
            return;
        }
        monster.defeated = true;
        monster.place = "cup".to_string();
        emit!(
            self,
            Event::MonsterDefeated {
                monster: monster.id.clone(),
                source: source.to_string(),
            }
        );
    }
}
