//! Effects on the pool being assembled (before_test, on_pool): the skill tested, bonuses, dice added
//! or taken away, bonuses blocked, the dice a Clue or a Focus buys.

use super::*;
use crate::kernel::Token;

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
            self.run,
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

    /// How many dice one `token` spent on a reroll rerolls in the test under way (`dice_per_clue`,
    /// `dice_per_focus`).
    pub(super) fn set_dice_per_token(
        &mut self,
        card: &str,
        hook: Hook,
        src: Source,
        token: Token,
        n: u32,
    ) -> Result<(), KernelError> {
        let what = match token {
            Token::Clue => "dice_per_clue",
            Token::Focus => "dice_per_focus",
        };
        if token == Token::Clue && self.setup.game == Game::Arkham {
            return Err(Self::rule_error(card, hook, Refusal::DicePerClueIsEldritch));
        }
        if token == Token::Focus && self.setup.game != Game::Eldritch {
            // Arkham Horror has no Focus tokens: the method is Eldritch Horror's, refused as the
            // other game-only methods are, never applied to no effect.
            return Err(Self::rule_error(
                card,
                hook,
                Refusal::DicePerFocusIsEldritch,
            ));
        }
        let stage = self.stage_mut(card, hook, what)?;
        let (field, event) = match token {
            Token::Clue => (
                &mut stage.dice_per_clue,
                Event::DicePerClue {
                    source: src,
                    dice: n,
                },
            ),
            Token::Focus => (
                &mut stage.dice_per_focus,
                Event::DicePerFocus {
                    source: src,
                    dice: n,
                },
            ),
        };
        *field = n;
        emit!(self.run, event);
        Ok(())
    }
}

impl Encounter {
    /// AH2e, `ctx.test.extra_dice_per_clue`: each Clue token spent on this check adds `n` dice more
    /// (added to what other cards give). Eldritch Horror's Clues reroll (`dice_per_clue`).
    pub(super) fn extra_dice_per_clue(
        &mut self,
        card: &str,
        hook: Hook,
        src: Source,
        n: u32,
    ) -> Result<(), KernelError> {
        if self.setup.game != Game::Arkham {
            return Err(Self::rule_error(
                card,
                hook,
                Refusal::ExtraDicePerClueIsArkham,
            ));
        }
        let stage = self.stage_mut(card, hook, "extra_dice_per_clue")?;
        stage.extra_per_clue = stage.extra_per_clue.saturating_add(n);
        let total = stage.extra_per_clue;
        emit!(
            self.run,
            Event::ExtraDicePerClue {
                source: src,
                dice: n,
                per_clue: total.saturating_add(1),
            }
        );
        Ok(())
    }
}
