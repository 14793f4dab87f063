//! Effects on the monster being encountered: defeated, losing or recovering Health, returned to the
//! box.

use super::*;

impl Encounter {
    /// The monster being encountered, or the rule a card broke by asking to `what` it when none is.
    fn current_monster(&self, card: &str, hook: Hook, what: &str) -> Result<usize, KernelError> {
        self.current
            .ok_or_else(|| Self::rule_error(card, hook, format!("there is no monster to {what}")))
    }

    /// The monster being encountered is defeated (its test, if one is under way, is not resolved).
    pub(super) fn defeat_current(
        &mut self,
        card: &str,
        hook: Hook,
        src: Source,
    ) -> Result<(), KernelError> {
        let m = self.current_monster(card, hook, "defeat")?;
        if let Some(stage) = self.stage.as_mut() {
            stage.defeat.get_or_insert(src.clone());
        }
        self.defeat_monster(m, src);
        Ok(())
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
        self.lose_monster(m, n, src, hooks)?;
        Ok(())
    }

    pub(super) fn monster_recover(
        &mut self,
        card: &str,
        hook: Hook,
        src: Source,
        n: i32,
    ) -> Result<(), KernelError> {
        let m = self.current_monster(card, hook, "recover Health")?;
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
        Ok(())
    }

    pub(super) fn monster_to_box(
        &mut self,
        card: &str,
        hook: Hook,
        src: Source,
    ) -> Result<(), KernelError> {
        let m = self.current_monster(card, hook, "return to the box")?;
        let id = self.monsters[m].id.clone();
        Arc::make_mut(&mut self.monsters[m]).place = Place::Box;
        if let Some(i) = self.investigator.trophies.iter().position(|t| *t == id) {
            Arc::make_mut(&mut self.investigator).trophies.remove(i);
        }
        emit!(self, Event::MonsterToBox { source: src });
        Ok(())
    }
}
