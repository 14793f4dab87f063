//! Effects on the combat under way: bonuses for the rest of it, the order of its tests, the monster's
//! damage value, its end.

use super::*;

impl Encounter {
    pub(super) fn combat_bonus(
        &mut self,
        card: &str,
        hook: Hook,
        src: Source,
        skill: Option<Skill>,
        value: i32,
    ) -> Result<(), KernelError> {
        let Some(combat) = self.combat.as_mut() else {
            return Err(Self::rule_error(
                card,
                hook,
                "`ctx.combat.bonus` needs a Combat Encounter under way",
            ));
        };
        combat.bonuses.push((src.clone(), skill, value));
        emit!(
            self,
            Event::CombatBonus {
                source: src,
                skill,
                value,
            }
        );
        Ok(())
    }

    pub(super) fn strength_first(
        &mut self,
        card: &str,
        hook: Hook,
        src: Source,
    ) -> Result<(), KernelError> {
        let Some(combat) = self.combat.as_mut() else {
            return Err(Self::rule_error(
                card,
                hook,
                "`ctx.combat.strength_test_first` needs a Combat Encounter under way",
            ));
        };
        combat.strength_first = true;
        emit!(self, Event::StrengthFirst { source: src });
        Ok(())
    }

    pub(super) fn reduce_damage(
        &mut self,
        card: &str,
        hook: Hook,
        src: Source,
        by: i32,
        min: i32,
    ) -> Result<(), KernelError> {
        let Some(view) = self.combat.as_mut().map(|c| &mut c.view) else {
            return Err(Self::rule_error(
                card,
                hook,
                "`ctx.monster.reduce_damage` needs a Combat Encounter under way",
            ));
        };
        if let Some(d) = view.damage_value {
            let to = if d > min {
                d.saturating_sub(by).max(min)
            } else {
                d
            };
            view.damage_value = Some(to);
            emit!(
                self,
                Event::DamageValueChanged {
                    source: src,
                    from: d,
                    to,
                }
            );
        }
        Ok(())
    }

    pub(super) fn end_combat(
        &mut self,
        card: &str,
        hook: Hook,
        src: Source,
    ) -> Result<(), KernelError> {
        let Some(c) = self.combat.as_mut() else {
            return Err(Self::rule_error(
                card,
                hook,
                "`ctx.combat.end` needs a combat under way",
            ));
        };
        c.ended = true;
        emit!(self, Event::CombatEnded { source: src });
        Ok(())
    }
}
