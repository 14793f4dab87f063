//! Effects on the pool being assembled (before_test, on_pool): the skill tested, bonuses, dice added
//! or taken away, bonuses blocked, the dice a Clue buys.

use super::*;

impl Encounter {
    pub(super) fn replace_skill(
        &mut self,
        card: &str,
        hook: Hook,
        src: Source,
        to: Skill,
    ) -> Result<(), KernelError> {
        let stage = self.stage_mut(card, hook, "replace_skill")?;
        let from = stage.spec.skill;
        stage.spec.skill = to;
        emit!(
            self,
            Event::SkillReplaced {
                source: src,
                from,
                to,
            }
        );
        Ok(())
    }

    pub(super) fn bonus(
        &mut self,
        card: &str,
        hook: Hook,
        src: Source,
        value: i32,
        kind: Option<BonusKind>,
    ) -> Result<(), KernelError> {
        let stage = self.stage_mut(card, hook, "bonus")?;
        let kind = kind.unwrap_or(BonusKind::Physical);
        stage.bonuses.push(Bonus {
            source: src,
            value,
            kind,
            excluded: None,
            halved: None,
        });
        Ok(())
    }

    pub(super) fn set_dice_per_clue(
        &mut self,
        card: &str,
        hook: Hook,
        src: Source,
        n: u32,
    ) -> Result<(), KernelError> {
        self.stage_mut(card, hook, "dice_per_clue")?.dice_per_clue = n;
        emit!(
            self,
            Event::DicePerClue {
                source: src,
                dice: n,
            }
        );
        Ok(())
    }

    pub(super) fn set_dice_per_focus(
        &mut self,
        card: &str,
        hook: Hook,
        src: Source,
        n: u32,
    ) -> Result<(), KernelError> {
        self.stage_mut(card, hook, "dice_per_focus")?.dice_per_focus = n;
        emit!(
            self,
            Event::DicePerFocus {
                source: src,
                dice: n,
            }
        );
        Ok(())
    }
}
