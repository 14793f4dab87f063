//! Applying what a hook asked for: each effect checked against the moment it came at, applied, and
//! written into the transcript as a typed event with the card that asked.

use super::*;
use std::sync::Arc;

impl Encounter {
    pub(super) fn rule_error(card: &str, hook: Hook, message: impl Into<String>) -> KernelError {
        KernelError::Rule {
            card: card.to_string(),
            hook: Some(hook),
            message: message.into(),
        }
    }

    pub(super) fn stage_mut(
        &mut self,
        card: &str,
        hook: Hook,
        what: &str,
    ) -> Result<&mut Stage, KernelError> {
        self.stage
            .as_mut()
            .ok_or_else(|| Self::rule_error(card, hook, format!("{what} needs a test under way")))
    }

    /// Applies one effect a card's hook asked for, and writes it down.
    pub(super) fn apply(
        &mut self,
        card: &str,
        hook: Hook,
        effect: Effect,
        loss: &mut Option<LossView>,
        hooks: &mut dyn Hooks,
    ) -> Result<(), KernelError> {
        let src = Source::card(card);
        if let Some(what) = effect.pool_part()
            && !matches!(hook, Hook::BeforeTest | Hook::OnPool)
        {
            return Err(Self::rule_error(
                card,
                hook,
                format!(
                    "{what} changes a dice pool: it is for on_pool or before_test, and in {hook} \
                     no pool is being assembled"
                ),
            ));
        }
        match effect {
            Effect::ReplaceSkill(to) => {
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
            }
            Effect::SkipTest(reason) => {
                let stage = self.stage_mut(card, hook, "skip_test")?;
                stage.skip.get_or_insert((src, reason));
            }
            Effect::DefeatMonster => {
                let Some(m) = self.current else {
                    return Err(Self::rule_error(
                        card,
                        hook,
                        "there is no monster to defeat",
                    ));
                };
                if let Some(stage) = self.stage.as_mut() {
                    stage.defeat.get_or_insert(src.clone());
                }
                self.defeat_monster(m, src);
            }
            Effect::Bonus { value, kind } => {
                let stage = self.stage_mut(card, hook, "bonus")?;
                let kind = kind.unwrap_or(BonusKind::Physical);
                stage.bonuses.push(Bonus {
                    source: src,
                    value,
                    kind,
                    excluded: None,
                    halved: None,
                });
            }
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
            Effect::SuccessFrom(face) => {
                if !(1..=6).contains(&face) {
                    return Err(Self::rule_error(
                        card,
                        hook,
                        format!("success_from({face}): a face is 1 to 6"),
                    ));
                }
                self.stage_mut(card, hook, "success_from")?.success_from = face;
                emit!(
                    self,
                    Event::SuccessRule {
                        source: src,
                        from: face,
                    }
                );
            }
            Effect::DicePerClue(n) => {
                self.stage_mut(card, hook, "dice_per_clue")?.dice_per_clue = n;
                emit!(
                    self,
                    Event::DicePerClue {
                        source: src,
                        dice: n,
                    }
                );
            }
            Effect::CountFace { face, successes } => {
                self.stage_mut(card, hook, "count_face")?
                    .counts
                    .push((face, successes));
                emit!(
                    self,
                    Event::CountRule {
                        source: src,
                        face,
                        successes,
                    }
                );
            }
            Effect::Reroll(die) => {
                let label = format!("a reroll by {card}");
                let stage = self
                    .stage
                    .as_ref()
                    .ok_or_else(|| Self::rule_error(card, hook, "reroll needs a test under way"))?;
                if die >= stage.faces.len() {
                    return Err(Self::rule_error(
                        card,
                        hook,
                        format!(
                            "reroll({die}): there is no die {die} (dice are numbered from 0; {} rolled)",
                            stage.faces.len()
                        ),
                    ));
                }
                self.reroll_die(die, &src, &label)?;
            }
            Effect::SetFace { die, face } => {
                let stage = self.stage_mut(card, hook, "set_face")?;
                if die >= stage.faces.len() || !(1..=6).contains(&face) {
                    return Err(Self::rule_error(
                        card,
                        hook,
                        format!("set_face({die}, {face}): no such die or face"),
                    ));
                }
                let from = std::mem::replace(&mut stage.faces[die], face);
                emit!(
                    self,
                    Event::FaceSet {
                        die: die + 1,
                        from,
                        to: face,
                        source: src,
                    }
                );
            }
            Effect::CombatBonus { skill, value } => {
                let Some(combat) = self.combat.as_mut() else {
                    return Err(Self::rule_error(
                        card,
                        hook,
                        "encounter_bonus needs a Combat Encounter under way",
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
            }
            Effect::StrengthFirst => {
                let Some(combat) = self.combat.as_mut() else {
                    return Err(Self::rule_error(
                        card,
                        hook,
                        "strength_test_first needs a Combat Encounter under way",
                    ));
                };
                combat.strength_first = true;
                emit!(self, Event::StrengthFirst { source: src });
            }
            Effect::ReduceDamage { by, min } => {
                let Some(view) = self.combat.as_mut().map(|c| &mut c.view) else {
                    return Err(Self::rule_error(
                        card,
                        hook,
                        "reduce_damage needs a Combat Encounter under way",
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
            }
            Effect::Test {
                skill,
                modifier,
                kind,
            } => {
                if self.asked >= crate::kernel::TESTS_PER_ENCOUNTER {
                    return Err(limit_error(
                        card,
                        hook,
                        format!(
                            "asked for a test beyond the {} that cards may ask for in one encounter",
                            crate::kernel::TESTS_PER_ENCOUNTER
                        ),
                    ));
                }
                self.asked += 1;
                let mut spec = TestSpec::new(skill, kind);
                spec.modifier = modifier;
                spec.in_combat = self.combat.is_some();
                self.queued.push((src, spec));
            }
            Effect::MonsterLose(n) => {
                let Some(m) = self.current else {
                    return Err(Self::rule_error(
                        card,
                        hook,
                        "there is no monster to lose Health",
                    ));
                };
                self.lose_monster(m, n, src, hooks)?;
            }
            Effect::MonsterRecover(n) => {
                let Some(m) = self.current else {
                    return Err(Self::rule_error(
                        card,
                        hook,
                        "there is no monster to recover Health",
                    ));
                };
                let monster = Arc::make_mut(&mut self.monsters[m]);
                let recovered = n.min(monster.health_tokens).max(0);
                monster.health_tokens -= recovered;
                emit!(
                    self,
                    Event::MonsterRecovered {
                        source: src,
                        amount: recovered,
                        health_tokens: self.monsters[m].health_tokens,
                    }
                );
            }
            Effect::NoMoreEncounters => {
                self.no_more_encounters = true;
                emit!(self, Event::NoMoreEncounters { source: src });
            }
            Effect::MoveTo(place) => {
                Arc::make_mut(&mut self.investigator).location = Some(place);
                emit!(
                    self,
                    Event::Moved {
                        to: place,
                        source: src,
                    }
                );
                if place == Location::LostInTimeAndSpace && self.investigator.status == Status::Ok {
                    Arc::make_mut(&mut self.investigator).status = Status::LostInTimeAndSpace;
                    emit!(
                        self,
                        Event::StatusChanged {
                            status: Status::LostInTimeAndSpace,
                        }
                    );
                }
                if let Some(c) = self.combat.as_mut() {
                    c.ended = true;
                    c.left = true;
                }
            }
            Effect::MonsterToBox => {
                let Some(m) = self.current else {
                    return Err(Self::rule_error(
                        card,
                        hook,
                        "there is no monster to return to the box",
                    ));
                };
                let id = self.monsters[m].id.clone();
                Arc::make_mut(&mut self.monsters[m]).place = Place::Box;
                if let Some(i) = self.investigator.trophies.iter().position(|t| *t == id) {
                    Arc::make_mut(&mut self.investigator).trophies.remove(i);
                }
                emit!(self, Event::MonsterToBox { source: src });
            }
            Effect::EndCombat => {
                let Some(c) = self.combat.as_mut() else {
                    return Err(Self::rule_error(
                        card,
                        hook,
                        "end_combat needs a combat under way",
                    ));
                };
                c.ended = true;
                emit!(self, Event::CombatEnded { source: src });
            }
            Effect::Rolled(faces) => emit!(self, Event::DiceRolled { source: src, faces }),
            Effect::Gain(stat, n) => self.gain(stat, n, src),
            Effect::Spend(stat, n) => self
                .spend(stat, n, src)
                .map_err(|m| Self::rule_error(card, hook, m))?,
            Effect::Lose(stat, n) => {
                // A loss a card causes goes through on_damage like any other; not from inside on_damage.
                if hook == Hook::OnDamage {
                    return Err(Self::rule_error(
                        card,
                        hook,
                        "a new loss cannot be caused from on_damage",
                    ));
                }
                self.lose_investigator(stat, n, src, hooks)?;
            }
            Effect::GainCondition(id) => self.gain_condition(card, hook, id, src, hooks)?,
            Effect::PreventGain => self.prevent_gain(card, hook)?,
            Effect::DiscardCondition(id) => {
                if let Some(i) = self.investigator.conditions.iter().position(|c| *c == id) {
                    Arc::make_mut(&mut self.investigator).conditions.remove(i);
                    emit!(
                        self,
                        Event::ConditionDiscarded {
                            condition: id,
                            source: src,
                        }
                    );
                }
            }
            Effect::Discard(id) => {
                if let Some(i) = self.investigator.possessions.iter().position(|c| *c == id) {
                    Arc::make_mut(&mut self.investigator).possessions.remove(i);
                    emit!(
                        self,
                        Event::Discarded {
                            card: id,
                            source: src,
                        }
                    );
                }
            }
            Effect::ReduceLoss(n) => {
                let Some(l) = loss.as_mut() else {
                    return Err(Self::rule_error(card, hook, "reduce_loss is for on_damage"));
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
            }
            Effect::PreventLoss => {
                let Some(l) = loss.as_mut() else {
                    return Err(Self::rule_error(
                        card,
                        hook,
                        "prevent_loss is for on_damage",
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
            }
            Effect::Note(text) => emit!(self, Event::Note { source: src, text }),
        }
        Ok(())
    }
}
