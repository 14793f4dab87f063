//! Effects on the cards the investigator holds: conditions gained and discarded, possessions
//! discarded.

use super::*;

impl Encounter {
    /// Condition `id` is discarded because of `src`, if held; then the cards still in play are
    /// called at `on_discard_condition` (the discarded one is no longer in play), reading
    /// `ctx.discarded`.
    pub(super) fn discard_condition(
        &mut self,
        src: Source,
        id: String,
        hooks: &mut dyn Hooks,
    ) -> Result<(), KernelError> {
        let Some(i) = self
            .table
            .investigator
            .conditions
            .iter()
            .position(|c| *c == id)
        else {
            return Ok(());
        };
        self.cards_mut().conditions.remove(i);
        emit!(
            self.run,
            Event::ConditionDiscarded {
                condition: id.clone(),
                source: src.clone(),
            }
        );
        let outer = self.table.discarded.replace((id, src));
        let fired = self.fire(Hook::OnDiscardCondition, hooks, &mut None);
        self.table.discarded = outer;
        fired
    }

    /// AH2e: `id` (a card `spent_as_clue`) is discarded in place of a Clue token; the Clue die's
    /// event says so.
    pub fn discard_in_place_of_a_clue(&mut self, id: &str) {
        if let Some(i) = self
            .table
            .investigator
            .possessions
            .iter()
            .position(|c| c == id)
        {
            self.cards_mut().possessions.remove(i);
            self.lower_maxima(id);
        }
    }

    pub(super) fn discard(&mut self, src: Source, id: String) {
        if let Some(i) = self
            .table
            .investigator
            .possessions
            .iter()
            .position(|c| *c == id)
        {
            self.cards_mut().possessions.remove(i);
            emit!(
                self.run,
                Event::Discarded {
                    card: id.clone(),
                    source: src,
                }
            );
            self.lower_maxima(&id);
        }
    }

    /// A card that raised a maximum (`max_stamina_bonus`, `max_sanity_bonus`) has left him: the
    /// maximum goes back down, and what he has above it is lost with it.
    fn lower_maxima(&mut self, id: &str) {
        let Some(card) = self.setup.catalog.get(id) else {
            return;
        };
        let bonuses = [
            (Stat::Health, card.max_health_bonus),
            (Stat::Sanity, card.max_sanity_bonus),
        ];
        for (stat, by) in bonuses {
            if by == 0 {
                continue;
            }
            let inv = Arc::make_mut(&mut self.table.investigator);
            let (value, max) = match stat {
                Stat::Health => (&mut inv.health, &mut inv.max_health),
                _ => (&mut inv.sanity, &mut inv.max_sanity),
            };
            *max = max.saturating_sub(by).max(1);
            *value = (*value).min(*max);
            let (max, value) = (*max, *value);
            emit!(
                self.run,
                Event::MaximumLowered {
                    card: id.to_string(),
                    stat,
                    by,
                    max,
                    value,
                }
            );
        }
    }

    /// The maxima the cards he holds raise, written when the play begins (the checked setup holds
    /// them raised: `Setup::check`).
    pub fn note_raised_maxima(&mut self) {
        if !self.run.record {
            return;
        }
        for id in self.table.investigator.possessions.clone() {
            let Some(card) = self.setup.catalog.get(&id) else {
                continue;
            };
            let bonuses = [
                (
                    Stat::Health,
                    card.max_health_bonus,
                    self.table.investigator.max_health,
                ),
                (
                    Stat::Sanity,
                    card.max_sanity_bonus,
                    self.table.investigator.max_sanity,
                ),
            ];
            for (stat, by, max) in bonuses {
                if by != 0 {
                    self.run.events.push(Event::MaximumRaised {
                        card: id.clone(),
                        stat,
                        by,
                        max,
                    });
                }
            }
        }
    }
}
