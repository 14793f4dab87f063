//! Effects on the combat under way: bonuses for the rest of it, the order of its tests, the monster's
//! damage value, its end.

use super::*;

impl Encounter {
    /// The combat under way, or the rule a card broke by asking for `what` outside one.
    pub(super) fn combat_mut(
        &mut self,
        card: &str,
        hook: Hook,
        what: &'static str,
    ) -> Result<&mut CombatState, KernelError> {
        self.table
            .combat
            .as_mut()
            .ok_or_else(|| Self::rule_error(card, hook, Refusal::NeedsCombat { what }))
    }

    pub(super) fn combat_bonus(
        &mut self,
        card: &str,
        hook: Hook,
        src: Source,
        skill: Option<Skill>,
        value: i32,
    ) -> Result<(), KernelError> {
        let combat = self.combat_mut(card, hook, "`ctx.combat.bonus`")?;
        combat.bonuses.push((src.clone(), skill, value));
        emit!(
            self.run,
            Event::CombatBonus {
                source: src,
                skill,
                value,
            }
        );
        Ok(())
    }

    /// AH2e, `ctx.combat.check_bonus`: +`value` to every `check` of this combat, whatever skill it
    /// tests ("+3 to Combat checks" stays when a card makes them Lore checks, as a printed
    /// `check = "combat"` bonus does). Eldritch Horror bonuses are to a skill (`ctx.combat.bonus`).
    pub(super) fn combat_check_bonus(
        &mut self,
        card: &str,
        hook: Hook,
        src: Source,
        check: TestKind,
        value: i32,
    ) -> Result<(), KernelError> {
        if self.setup.game != Game::Arkham {
            return Err(Self::rule_error(card, hook, Refusal::CheckBonusIsArkham));
        }
        let combat = self.combat_mut(card, hook, "`ctx.combat.check_bonus`")?;
        combat
            .check_bonuses
            .push((src.clone(), check.clone(), value));
        emit!(
            self.run,
            Event::CombatCheckBonus {
                source: src,
                check,
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
        let combat = self.combat_mut(card, hook, "`ctx.combat.strength_test_first`")?;
        combat.strength_first = true;
        emit!(self.run, Event::StrengthFirst { source: src });
        Ok(())
    }

    /// EH, `ctx.combat.forbid_clue_rerolls`: for the rest of this combat no Clue is spent to reroll
    /// dice (the token step offers none; Focus rerolls stay). The first card's word stands; a
    /// second changes nothing. Arkham Horror spends Clues on extra dice, not rerolls: refused.
    pub(super) fn forbid_clue_rerolls(
        &mut self,
        card: &str,
        hook: Hook,
        src: Source,
    ) -> Result<(), KernelError> {
        if self.setup.game != Game::Eldritch {
            return Err(Self::rule_error(
                card,
                hook,
                Refusal::ForbidClueRerollsIsEldritch,
            ));
        }
        let view = &mut self
            .combat_mut(card, hook, "`ctx.combat.forbid_clue_rerolls`")?
            .view;
        if view.clue_rerolls_forbidden.is_some() {
            return Ok(());
        }
        view.clue_rerolls_forbidden = Some(src.clone());
        emit!(self.run, Event::ClueRerollsForbidden { source: src });
        Ok(())
    }

    /// AH2e, `ctx.combat.make_magical(id)`: the first copy of the investigator's card `id` not yet
    /// magical gives magical bonuses for the rest of this combat (Enchant Weapon: "make one Physical
    /// weapon a Magical weapon until the end of this combat"): Physical Immunity no longer blocks
    /// them, nor Physical Resistance halve them; Magical ones do. Eldritch Horror bonuses have no
    /// kind: refused.
    pub(super) fn make_magical(
        &mut self,
        card: &str,
        hook: Hook,
        src: Source,
        id: &str,
    ) -> Result<(), KernelError> {
        if self.setup.game != Game::Arkham {
            return Err(Self::rule_error(card, hook, Refusal::MakeMagicalIsArkham));
        }
        let held = self
            .table
            .investigator
            .possessions
            .iter()
            .filter(|p| p.as_str() == id)
            .count();
        let combat = self.combat_mut(card, hook, "`ctx.combat.make_magical`")?;
        let Some(key) = (1..=held)
            .map(|n| crate::kernel::copy_key(id, n))
            .find(|k| !combat.magical.contains(k))
        else {
            return Err(Self::rule_error(
                card,
                hook,
                Refusal::MakeMagicalNotHeld { id: id.to_string() },
            ));
        };
        combat.magical.push(key);
        emit!(
            self.run,
            Event::MadeMagical {
                source: src,
                card: id.to_string(),
            }
        );
        Ok(())
    }

    /// EH: the card that forbade Clue rerolls in the combat under way, if any.
    pub fn clue_rerolls_forbidden(&self) -> Option<&Source> {
        self.table
            .combat
            .as_ref()
            .and_then(|c| c.view.clue_rerolls_forbidden.as_ref())
    }

    pub(super) fn reduce_damage(
        &mut self,
        card: &str,
        hook: Hook,
        src: Source,
        by: i32,
        min: i32,
    ) -> Result<(), KernelError> {
        let view = &mut self
            .combat_mut(card, hook, "`ctx.monster.reduce_damage`")?
            .view;
        if let Some((from, to)) = super::monster::reduce_value(&mut view.damage_value, by, min) {
            emit!(
                self.run,
                Event::DamageValueChanged {
                    source: src,
                    from,
                    to
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
        let c = self.combat_mut(card, hook, "`ctx.combat.end`")?;
        c.ended = true;
        emit!(self.run, Event::CombatEnded { source: src });
        Ok(())
    }
}
