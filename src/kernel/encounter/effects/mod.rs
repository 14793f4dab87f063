//! Applying what a hook asked for: each effect checked against the moment it came at, applied, and
//! written into the transcript as a typed event with the card that asked. One file a group of effects:
//! `pool.rs` (the pool being assembled), `dice.rs` (how the dice count, rerolls), `test.rs` (skipping
//! a test, asking for another), `combat.rs` (the combat under way), `monster.rs` (the monster met),
//! `losses.rs` (gains, spending, losses), `cards.rs` (conditions and possessions), `status.rs` (where
//! the investigator is, the encounters left).

use super::*;
use crate::kernel::Token;

mod cards;
mod combat;
mod dice;
mod losses;
mod monster;
mod pool;
mod status;
mod test;

impl Encounter {
    /// Applies one effect a card's hook asked for, and writes it down.
    pub(super) fn apply(
        &mut self,
        card: &str,
        hook: Hook,
        effect: Effect,
        loss: &mut Option<LossView>,
        hooks: &mut dyn Hooks,
    ) -> Result<(), KernelError> {
        Self::hook_allows(card, hook, &effect)?;
        let src = Source::card(card);
        match effect {
            Effect::ReplaceSkill(to) => self.replace_skill(card, hook, src, to)?,
            Effect::SkipTest(reason) => self.skip_test(card, hook, src, reason)?,
            Effect::DefeatMonster => self.defeat_current(card, hook, src)?,
            Effect::AutoResult(passed) => self.auto_result(card, hook, src, passed)?,
            Effect::Bonus { value, kind } => self.bonus(card, hook, src, value, kind)?,
            // Dice added or taken away and bonuses blocked are counted when the pool is assembled.
            Effect::AddDice(n) => self
                .stage_mut(card, hook, "add_dice")?
                .additional
                .push((src, n)),
            Effect::FewerDice(n) => self
                .stage_mut(card, hook, "fewer_dice")?
                .fewer
                .push((src, n)),
            Effect::BlockBonuses(kind) => self
                .stage_mut(card, hook, "block_bonuses")?
                .blocked
                .push((kind, src)),
            Effect::SuccessFrom(face) => self.success_from(card, hook, src, face)?,
            Effect::DicePerClue(n) => self.set_dice_per_token(card, hook, src, Token::Clue, n)?,
            Effect::DicePerFocus(n) => self.set_dice_per_token(card, hook, src, Token::Focus, n)?,
            Effect::ExtraDicePerClue(n) => self.extra_dice_per_clue(card, hook, src, n)?,
            Effect::CountFace { face, successes } => {
                self.face_rule(card, hook, src, false, face, successes)?
            }
            Effect::NegateFace { face, successes } => {
                self.face_rule(card, hook, src, true, face, successes)?
            }
            Effect::AddSuccesses(n) => self.add_successes(card, hook, src, n)?,
            Effect::Reroll(die) => self.reroll(card, hook, src, die, hooks)?,
            Effect::SetFace { die, face } => self.set_face(card, hook, src, die, face)?,
            Effect::CombatBonus { skill, value } => {
                self.combat_bonus(card, hook, src, skill, value)?
            }
            Effect::CombatCheckBonus { check, value } => {
                self.combat_check_bonus(card, hook, src, check, value)?
            }
            Effect::StrengthFirst => self.strength_first(card, hook, src)?,
            Effect::ForbidClueRerolls => self.forbid_clue_rerolls(card, hook, src)?,
            Effect::MakeMagical(id) => self.make_magical(card, hook, src, &id)?,
            Effect::ReduceDamage { by, min } => self.reduce_damage(card, hook, src, by, min)?,
            Effect::ReduceHorror { by, min } => self.reduce_horror(card, hook, src, by, min)?,
            Effect::LoseAbility(ability) => self.lose_ability(card, hook, src, ability)?,
            Effect::GainAbility(ability) => self.gain_ability(card, hook, src, ability)?,
            Effect::RaiseDamage(by) => self.reduce_damage(card, hook, src, -by, i32::MIN)?,
            Effect::ReduceToughness { by, min } => {
                self.reduce_toughness(card, hook, src, by, min)?
            }
            Effect::SetModifier { slot, value } => {
                self.set_modifier(card, hook, src, slot, value)?
            }
            Effect::Test {
                skill,
                modifier,
                kind,
            } => self.ask_test(card, hook, src, skill, modifier, kind)?,
            Effect::MonsterLose(n) => self.monster_lose(card, hook, src, n, hooks)?,
            Effect::SpaceMonsterLose { monster, amount } => {
                self.space_monster_lose(card, hook, src, monster, amount, hooks)?
            }
            Effect::DefeatSpaceMonsters => self.defeat_space_monsters(src),
            Effect::MonsterRecover(n) => self.monster_recover(card, hook, src, n)?,
            Effect::NoMoreEncounters => self.no_more_encounters(src),
            Effect::MoveTo(place) => self.move_to(src, place),
            Effect::MonsterToBox => self.monster_to_box(card, hook, src)?,
            Effect::MonsterToCup => self.monster_to_cup(card, hook, src)?,
            Effect::MonsterToTrophy => self.monster_to_trophy(card, hook, src)?,
            Effect::EndCombat => self.end_combat(card, hook, src)?,
            Effect::Rolled(faces) => self.rolled(src, faces),
            Effect::Flipped { copy, backs } => self.flipped(card, copy, backs),
            Effect::Gain(stat, n) => self.gain(stat, n, src),
            Effect::Spend(stat, n) => {
                self.spend(stat, n, src.clone())
                    .map_err(|m| Self::rule_error(card, hook, m))?;
                self.record_status(&src, hooks)?;
            }
            Effect::Lose(stat, n) => self.lose(card, hook, src, stat, n, hooks)?,
            Effect::GainCondition(id) => self.gain_condition(card, hook, id, src, hooks)?,
            Effect::GainConditionByTrait(t) => {
                self.gain_condition_by_trait(card, hook, t, src, hooks)?
            }
            Effect::Improve(skill, n) => self.improve(card, hook, src, skill, n)?,
            Effect::Draw(deck, n) => self.draw(card, hook, src, deck, n)?,
            Effect::PreventGain => self.prevent_gain(card, hook)?,
            Effect::SetStatus(fate) => self.set_status(card, hook, src, fate, hooks)?,
            Effect::ReplaceStatus(fate) => self.replace_status(card, hook, fate)?,
            Effect::PreventStatus => self.prevent_status(card, hook)?,
            // Kept per copy of the card: `fire` applies these, knowing which copy asked.
            Effect::Store { .. } | Effect::Exhaust | Effect::Cast { .. } => {}
            Effect::DiscardCondition(id) => self.discard_condition(src, id, hooks)?,
            Effect::Discard(id) => self.discard(src, id),
            Effect::ReduceLoss(n) => self.reduce_loss(card, hook, src, n, loss)?,
            Effect::PreventLoss => self.prevent_loss(card, hook, src, loss)?,
            Effect::Note(text) => emit!(self.run, Event::Note { source: src, text }),
        }
        Ok(())
    }

    /// Whether `hook` may apply `effect` at all: the pool's parts only while it is assembled
    /// (`before_test`, `on_pool`), and no change of what a face counts once the count is final.
    fn hook_allows(card: &str, hook: Hook, effect: &Effect) -> Result<(), KernelError> {
        if let Some(what) = effect.pool_part()
            && !matches!(hook, Hook::BeforeTest | Hook::OnPool)
        {
            return Err(Self::rule_error(
                card,
                hook,
                Refusal::PoolClosed { what, hook },
            ));
        }
        if matches!(hook, Hook::AfterReroll | Hook::AfterTokens)
            && matches!(
                effect,
                Effect::CountFace { .. } | Effect::NegateFace { .. } | Effect::SuccessFrom(_)
            )
        {
            return Err(Self::rule_error(
                card,
                hook,
                Refusal::CountingFinal { hook },
            ));
        }
        Ok(())
    }
}
