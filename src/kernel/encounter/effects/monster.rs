//! Effects on the monster met: defeated, losing or recovering Health, returned to the
//! box.

use super::*;
use crate::kernel::{Ability, Keyword, Lost, Refusal};

impl Encounter {
    /// The monster being encountered, or the rule a card broke by asking to `what` it when none is.
    fn current_monster(
        &self,
        card: &str,
        hook: Hook,
        what: &'static str,
    ) -> Result<usize, KernelError> {
        self.table
            .current
            .ok_or_else(|| Self::rule_error(card, hook, Refusal::NoMonster { what }))
    }

    /// The monster being encountered is defeated (its test, if one is under way, is not resolved).
    /// Refuses `what` (a monster losing or recovering Health) in a game whose monsters keep no Health
    /// tokens (AH2e).
    fn health_tokens_kept(
        &self,
        card: &str,
        hook: Hook,
        what: &'static str,
    ) -> Result<(), KernelError> {
        if self.procedure().monsters_keep_health() {
            return Ok(());
        }
        Err(Self::rule_error(
            card,
            hook,
            Refusal::NoHealthTokens { what },
        ))
    }

    pub(super) fn defeat_current(
        &mut self,
        card: &str,
        hook: Hook,
        src: Source,
    ) -> Result<(), KernelError> {
        let m = self.current_monster(card, hook, "defeat")?;
        self.defeat_at_once(m, src);
        Ok(())
    }

    /// Monster `m` is defeated by `src` now: the test under way, if any, is not resolved.
    fn defeat_at_once(&mut self, m: usize, src: Source) {
        if let Some(stage) = self.table.stage.as_mut() {
            stage.defeat.get_or_insert(src.clone());
        }
        self.defeat_monster(m, src);
    }

    pub(super) fn monster_lose(
        &mut self,
        card: &str,
        hook: Hook,
        src: Source,
        n: i32,
        hooks: &mut dyn Hooks,
    ) -> Result<(), KernelError> {
        let m = self.current_monster(card, hook, "lose Health")?;
        self.health_tokens_kept(card, hook, "ctx.monster.lose")?;
        self.lose_monster(m, n, src, hooks)?;
        Ok(())
    }

    /// `ctx.space.lose(i, n)`: monster `i` on the space (its place in the order met) loses `n`
    /// Health now, outside its combat; the Health tokens stay on it for its Combat Encounter (EH).
    pub(super) fn space_monster_lose(
        &mut self,
        card: &str,
        hook: Hook,
        src: Source,
        m: usize,
        n: i32,
        hooks: &mut dyn Hooks,
    ) -> Result<(), KernelError> {
        if m >= self.table.monsters.len() {
            return Err(Self::rule_error(
                card,
                hook,
                Refusal::NoSuchSpaceMonster {
                    m,
                    monsters: self.table.monsters.len(),
                },
            ));
        }
        self.health_tokens_kept(card, hook, "ctx.space.lose")?;
        self.lose_monster(m, n, src, hooks)?;
        Ok(())
    }

    /// `ctx.space.defeat_all()`: every monster on the space not defeated yet is defeated, but one no
    /// effect may defeat (EH Epic Monsters: "cannot be defeated by any effect except losing Health"),
    /// which stays, with a transcript line.
    pub(super) fn defeat_space_monsters(&mut self, src: Source) {
        for m in 0..self.table.monsters.len() {
            if self.table.monsters[m].defeated {
                continue;
            }
            if !self
                .procedure()
                .defeated_by_effects(&self.table.monsters[m])
            {
                let monster = self.table.monsters[m].id.to_string();
                emit!(
                    self.run,
                    Event::NotDefeatedByEffect {
                        monster,
                        source: src.clone(),
                    }
                );
                continue;
            }
            self.defeat_monster(m, src.clone());
        }
    }

    pub(super) fn monster_recover(
        &mut self,
        card: &str,
        hook: Hook,
        src: Source,
        n: i32,
    ) -> Result<(), KernelError> {
        let m = self.current_monster(card, hook, "recover Health")?;
        self.health_tokens_kept(card, hook, "ctx.monster.recover")?;
        let monster = self.monster_mut(m);
        let recovered = n.min(monster.health_tokens).max(0);
        monster.health_tokens -= recovered;
        emit!(
            self.run,
            Event::MonsterRecovered {
                source: src,
                amount: recovered,
                health_tokens: self.table.monsters[m].health_tokens,
            }
        );
        Ok(())
    }

    /// The monster met, for an effect only AH2e has (`ctx.monster.to_trophy()`, `to_cup()`): refused
    /// with `refusal` in Eldritch Horror, and as `current_monster` refuses when none is met.
    fn arkham_monster(
        &self,
        card: &str,
        hook: Hook,
        refusal: Refusal,
        what: &'static str,
    ) -> Result<usize, KernelError> {
        if self.setup.game != Game::Arkham {
            return Err(Self::rule_error(card, hook, refusal));
        }
        self.current_monster(card, hook, what)
    }

    /// The monster `id` leaves the investigator's trophies, if it is one of them (one copy).
    fn leave_the_trophies(&mut self, id: &str) {
        if let Some(i) = self
            .table
            .investigator
            .trophies
            .iter()
            .position(|t| t == id)
        {
            Arc::make_mut(&mut self.table.investigator)
                .trophies
                .remove(i);
        }
    }

    pub(super) fn monster_to_box(
        &mut self,
        card: &str,
        hook: Hook,
        src: Source,
    ) -> Result<(), KernelError> {
        let m = self.current_monster(card, hook, "return to the box")?;
        let id = self.table.monsters[m].id.clone();
        self.monster_mut(m).place = Place::Box;
        self.leave_the_trophies(&id);
        emit!(self.run, Event::MonsterToBox { source: src });
        Ok(())
    }

    /// AH2e, `ctx.monster.to_trophy()`: the monster met, defeated, is kept as a trophy where the rules
    /// would return it to the cup ("You can claim monsters with the Endless ability as trophies").
    /// One not defeated is refused; one already a trophy stays one.
    pub(super) fn monster_to_trophy(
        &mut self,
        card: &str,
        hook: Hook,
        src: Source,
    ) -> Result<(), KernelError> {
        let m = self.arkham_monster(card, hook, Refusal::TrophyIsArkham, "take as a trophy")?;
        if !self.table.monsters[m].defeated {
            return Err(Self::rule_error(card, hook, Refusal::TrophyNotDefeated));
        }
        if self.table.monsters[m].place == Place::Trophy {
            return Ok(());
        }
        let id = self.table.monsters[m].id.clone();
        self.monster_mut(m).place = Place::Trophy;
        Arc::make_mut(&mut self.table.investigator)
            .trophies
            .push(id.to_string());
        emit!(self.run, Event::MonsterToTrophy { source: src });
        Ok(())
    }

    /// AH2e, `ctx.monster.to_cup()`: the monster met goes back to the cup ("return the Black Man to
    /// the cup"), not kept as a trophy (one already taken leaves the trophies), and its combat ends.
    pub(super) fn monster_to_cup(
        &mut self,
        card: &str,
        hook: Hook,
        src: Source,
    ) -> Result<(), KernelError> {
        let m = self.arkham_monster(card, hook, Refusal::CupIsArkham, "return to the cup")?;
        let id = self.table.monsters[m].id.clone();
        self.monster_mut(m).place = Place::Cup;
        self.leave_the_trophies(&id);
        if let Some(c) = self.table.combat.as_mut() {
            c.ended = true;
        }
        emit!(self.run, Event::MonsterToCup { source: src });
        Ok(())
    }
}

/// `d` reduced by `by` to a minimum of `min`; a value already at or below `min` stays as it is ("to
/// a minimum of 1" never raises a 0).
fn reduced(d: i32, by: i32, min: i32) -> i32 {
    if d > min {
        d.saturating_sub(by).max(min)
    } else {
        d
    }
}

/// A printed value of the combat (`None`: the monster has none) reduced by `by` to a minimum of
/// `min`: what it was and what it is, when it has one.
pub(super) fn reduce_value(value: &mut Option<i32>, by: i32, min: i32) -> Option<(i32, i32)> {
    let from = (*value)?;
    let to = reduced(from, by, min);
    *value = Some(to);
    Some((from, to))
}

impl Encounter {
    /// The toughness of monster `m` now: this combat's (after `reduce_toughness`) while it is the
    /// monster met, else its own.
    pub fn toughness_of(&self, m: usize) -> i32 {
        match (&self.table.combat, self.table.current) {
            (Some(c), Some(cur)) if cur == m => c.view.toughness,
            _ => self.table.monsters[m].toughness,
        }
    }

    /// Whether the monster met has `ability` now: printed, and not lost for this combat
    /// (`lose_ability`). False when no monster is met.
    pub fn has_now(&self, ability: Keyword) -> bool {
        let lost = self
            .table
            .combat
            .as_ref()
            .is_some_and(|c| c.view.lost_abilities.contains(&Lost::Keyword(ability)));
        self.table
            .current
            .is_some_and(|m| self.table.monsters[m].has(ability) && !lost)
    }

    /// AH2e: the monster met's Nightmarish X or Overwhelming X now: its printed X, or 0 once a card
    /// took the ability away for this combat (`lose_ability`). 0 when no monster is met.
    pub fn value_now(&self, ability: Ability) -> i32 {
        let lost = self
            .table
            .combat
            .as_ref()
            .is_some_and(|c| c.view.lost_abilities.contains(&Lost::Value(ability)));
        match self.table.current.map(|m| &self.table.monsters[m]) {
            Some(m) if !lost => match ability {
                Ability::Nightmarish => m.nightmarish,
                Ability::Overwhelming => m.overwhelming,
            },
            _ => 0,
        }
    }

    /// The monster met loses `ability` for this combat; one it does not have (printed, or not lost
    /// already) is nothing to lose.
    pub(super) fn lose_ability(
        &mut self,
        card: &str,
        hook: Hook,
        src: Source,
        ability: Lost,
    ) -> Result<(), KernelError> {
        let had = match ability {
            Lost::Keyword(k) => self.has_now(k),
            Lost::Value(a) => self.value_now(a) > 0,
        };
        let view = self.combat_view_mut(card, hook, "take an ability from")?;
        if !had {
            return Ok(());
        }
        view.lost_abilities.push(ability);
        let monster = self.table.monsters[self.table.current.expect("a monster is met")]
            .id
            .to_string();
        emit!(
            self.run,
            Event::AbilityLost {
                source: src,
                monster,
                ability,
            }
        );
        Ok(())
    }

    /// The monster met gains `ability` (a keyword), from now on as if printed; one it has is
    /// nothing to gain.
    pub(super) fn gain_ability(
        &mut self,
        card: &str,
        hook: Hook,
        src: Source,
        ability: Keyword,
    ) -> Result<(), KernelError> {
        let m = self.current_monster(card, hook, "give an ability to")?;
        if self.has_now(ability) {
            return Ok(());
        }
        let monsters = Arc::make_mut(&mut self.table.monsters);
        let monster = Arc::make_mut(&mut monsters[m]);
        monster.keywords.retain(|k| *k != ability);
        monster.keywords.push(ability);
        if let Some(c) = self.table.combat.as_mut() {
            c.view
                .lost_abilities
                .retain(|l| *l != Lost::Keyword(ability));
        }
        let monster = self.table.monsters[m].id.to_string();
        emit!(
            self.run,
            Event::AbilityGained {
                source: src,
                monster,
                ability,
            }
        );
        Ok(())
    }

    /// The view of the combat under way with a monster met (`what`: what the card does to it).
    fn combat_view_mut(
        &mut self,
        card: &str,
        hook: Hook,
        what: &'static str,
    ) -> Result<&mut CombatView, KernelError> {
        self.current_monster(card, hook, what)?;
        Ok(&mut self.combat_mut(card, hook, what)?.view)
    }

    /// The test under way, if its pool is still being assembled and its modifier is the monster's
    /// value `slot` (EH: that test of the token; AH2e: the horror or combat check).
    fn assembling(&mut self, hook: Hook, slot: Slot) -> Option<&mut Stage> {
        if !matches!(hook, Hook::BeforeTest | Hook::OnPool) {
            return None;
        }
        self.table
            .stage
            .as_mut()
            .filter(|s| s.spec.rating == Some(slot) && s.faces.is_empty())
    }

    pub(super) fn reduce_horror(
        &mut self,
        card: &str,
        hook: Hook,
        src: Source,
        by: i32,
        min: i32,
    ) -> Result<(), KernelError> {
        let view = self.combat_view_mut(card, hook, "reduce the horror of")?;
        if let Some((from, to)) = reduce_value(&mut view.horror_value, by, min) {
            let (source, value) = (src, MonsterValue::Horror);
            emit!(
                self.run,
                Event::MonsterValueChanged {
                    source,
                    value,
                    from: Some(from),
                    to
                }
            );
        }
        Ok(())
    }

    /// EH: a toughness at or below the Health tokens on the monster defeats it, even an Epic
    /// Monster's ("zero lost Health is equal to zero toughness", EH FAQ); the test under way, if any,
    /// is not resolved. AH2e: the combat check being assembled needs that many successes.
    pub(super) fn reduce_toughness(
        &mut self,
        card: &str,
        hook: Hook,
        src: Source,
        by: i32,
        min: i32,
    ) -> Result<(), KernelError> {
        let view = self.combat_view_mut(card, hook, "reduce the toughness of")?;
        let from = view.toughness;
        let to = reduced(from, by, min);
        view.toughness = to;
        emit!(
            self.run,
            Event::MonsterValueChanged {
                source: src.clone(),
                value: MonsterValue::Toughness,
                from: Some(from),
                to,
            }
        );
        let m = self.table.current.expect("a monster is met");
        if self.setup.game == Game::Arkham {
            if let Some(stage) = self.assembling(hook, Slot::Strength) {
                stage.spec.difficulty = to.max(0) as u32;
            }
            return Ok(());
        }
        let monster = &self.table.monsters[m];
        if !monster.defeated && monster.health_tokens >= to {
            emit!(
                self.run,
                Event::ToughnessReached {
                    monster: monster.id.to_string(),
                    toughness: to,
                    health_tokens: monster.health_tokens,
                }
            );
            self.defeat_at_once(m, src);
        }
        Ok(())
    }

    pub(super) fn set_modifier(
        &mut self,
        card: &str,
        hook: Hook,
        src: Source,
        slot: Slot,
        value: i32,
    ) -> Result<(), KernelError> {
        let has_test = self.table.current.is_some_and(|m| match slot {
            Slot::Will => self.table.monsters[m].horror.is_some(),
            Slot::Strength => self.table.monsters[m].combat.is_some(),
        });
        let view = self.combat_view_mut(card, hook, "set a modifier of")?;
        let (field, what) = match slot {
            Slot::Will => (&mut view.horror_modifier, MonsterValue::HorrorModifier),
            Slot::Strength => (&mut view.combat_modifier, MonsterValue::CombatModifier),
        };
        // `None` with the test printed: a rating printed −X that no card gave yet.
        let from = *field;
        if !has_test {
            return Err(Self::rule_error(
                card,
                hook,
                Refusal::NoSuchMonsterTest { slot, value },
            ));
        };
        *field = Some(value);
        if let Some(stage) = self.assembling(hook, slot) {
            stage.spec.modifier = value;
            stage.spec.unrated = false;
        }
        emit!(
            self.run,
            Event::MonsterValueChanged {
                source: src,
                value: what,
                from,
                to: value,
            }
        );
        Ok(())
    }
}
