//! Gaining a Condition: the `on_gain_condition` window in which a card already held may replace the
//! gain (Blessed: "If you would gain a Cursed Condition, discard this card instead"), and the setup
//! check that no Condition held would have replaced the gain of another one held.

use super::*;

/// A Condition about to be gained, while `on_gain_condition` hooks run.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Gaining {
    pub condition: String,
    /// The card that replaced the gain (`prevent_gain`), if one did.
    pub prevented_by: Option<Source>,
}

impl Encounter {
    /// The investigator gains Condition `id` because of `source`: not again if held; otherwise the
    /// cards in play are asked first (`on_gain_condition`), and one of them may prevent the gain.
    pub(super) fn gain_condition(
        &mut self,
        card: &str,
        hook: Hook,
        id: String,
        source: Source,
        hooks: &mut dyn Hooks,
    ) -> Result<(), KernelError> {
        if !self.setup.catalog.contains_key(&id) {
            return Err(Self::rule_error(
                card,
                hook,
                Refusal::NoSuchCondition { id: id.to_string() },
            ));
        }
        if self.held_already(&id, &source) {
            return Ok(());
        }
        // The cards held before the window: a card that prevents the gain and leaves play in the
        // same window was discarded in its place (Blessed: "discard this card instead").
        let held = |inv: &Investigator, id: &str| {
            inv.conditions
                .iter()
                .chain(&inv.possessions)
                .any(|c| c == id)
        };
        let before = self.table.investigator.clone();
        let outer = self.table.gaining.replace(Gaining {
            condition: id.clone(),
            prevented_by: None,
        });
        let fired = self.fire(Hook::OnGainCondition, hooks, &mut None);
        let window = std::mem::replace(&mut self.table.gaining, outer);
        fired?;
        if let Some(by) = window.and_then(|w| w.prevented_by) {
            let instead = by
                .card_id()
                .is_some_and(|c| held(&before, c) && !held(&self.table.investigator, c));
            emit!(
                self.run,
                Event::ConditionNotGained {
                    condition: id,
                    source,
                    by,
                    instead,
                }
            );
            return Ok(());
        }
        // A card asked in the window may have given it meanwhile.
        if self.held_already(&id, &source) {
            return Ok(());
        }
        self.cards_mut().conditions.push(id.clone());
        emit!(
            self.run,
            Event::ConditionGained {
                condition: id,
                source,
            }
        );
        Ok(())
    }

    /// EH "gain a Madness Condition" (`trait_` lowercase): "the investigator searches that card
    /// type's deck then discard pile for the first card matching specified trait [that] he does not
    /// already have and gains that card. Then he shuffles the deck" (RG, Conditions; EH wiki,
    /// Condition). The deck shuffled, which one is a chance over the copies of the trait's
    /// Conditions he does not hold, each copy as likely (a Condition's `count`): drawn as a flip
    /// is (`[dice] flips` gives the copy's number among them, the Conditions in id order), then
    /// gained as `gain_condition` gains it. Holding every one, he gains none.
    pub(super) fn gain_condition_by_trait(
        &mut self,
        card: &str,
        hook: Hook,
        trait_: String,
        source: Source,
        hooks: &mut dyn Hooks,
    ) -> Result<(), KernelError> {
        let is_condition =
            |c: &crate::kernel::ActiveCard| c.traits.iter().any(|t| t == "condition");
        let mut of_trait: Vec<(&String, usize)> = self
            .setup
            .catalog
            .iter()
            .filter(|(_, c)| is_condition(c) && c.traits.contains(&trait_))
            .map(|(id, c)| (id, c.copies.max(1)))
            .collect();
        if of_trait.is_empty() {
            let mut traits: Vec<String> = self
                .setup
                .catalog
                .values()
                .filter(|c| is_condition(c))
                .flat_map(|c| c.traits.iter().filter(|t| *t != "condition").cloned())
                .collect();
            traits.sort();
            traits.dedup();
            return Err(Self::rule_error(
                card,
                hook,
                Refusal::NoConditionOfTrait { trait_, traits },
            ));
        }
        of_trait.sort();
        let held = &self.table.investigator.conditions;
        let deck: Vec<(String, usize)> = of_trait
            .into_iter()
            .filter(|(id, _)| !held.contains(id))
            .map(|(id, n)| (id.clone(), n))
            .collect();
        let copies: usize = deck.iter().map(|(_, n)| n).sum();
        if copies == 0 {
            emit!(
                self.run,
                Event::ConditionDrawn {
                    trait_,
                    condition: None,
                    copy: 0,
                    copies: 0,
                    source,
                }
            );
            return Ok(());
        }
        let label = format!("`gain_condition_by_trait(\"{trait_}\")` of {card}");
        let copy = self.run.dice.flip(copies, &label)?;
        let mut left = copy as usize;
        let id = deck
            .iter()
            .find(|(_, n)| {
                if left <= *n {
                    return true;
                }
                left -= n;
                false
            })
            .map_or_else(|| deck[deck.len() - 1].0.clone(), |(id, _)| id.clone());
        emit!(
            self.run,
            Event::ConditionDrawn {
                trait_,
                condition: Some(id.clone()),
                copy,
                copies,
                source: source.clone(),
            }
        );
        self.gain_condition(card, hook, id, source, hooks)
    }

    /// "An investigator cannot gain a copy of a Condition that he already has" (RG p.4): whether
    /// he holds `id` already, written down as not gained again when he does.
    fn held_already(&mut self, id: &str, source: &Source) -> bool {
        if !self.table.investigator.conditions.iter().any(|c| c == id) {
            return false;
        }
        emit!(
            self.run,
            Event::ConditionAlreadyHeld {
                condition: id.to_string(),
                source: source.clone(),
            }
        );
        true
    }

    /// `prevent_gain()`: the Condition about to be gained is not gained.
    pub(super) fn prevent_gain(&mut self, card: &str, hook: Hook) -> Result<(), KernelError> {
        let Some(g) = self.table.gaining.as_mut() else {
            return Err(Self::rule_error(
                card,
                hook,
                Refusal::OnlyInHook {
                    what: "`ctx.gaining.prevent`",
                    hook: Hook::OnGainCondition,
                },
            ));
        };
        g.prevented_by.get_or_insert_with(|| Source::card(card));
        Ok(())
    }

    /// Whether the investigator could hold Condition number `i` of his Conditions together with the
    /// others: the card among them that would have replaced its gain, if any (Blessed and Cursed each
    /// discard themselves when the other would be gained, so no one holds both). Asks the
    /// `on_gain_condition` hooks of the other cards in play, on this encounter (play a fresh one).
    pub fn replaces_held(
        &mut self,
        i: usize,
        hooks: &mut dyn Hooks,
    ) -> Result<Option<Source>, KernelError> {
        let Some(id) = self.table.investigator.conditions.get(i).cloned() else {
            return Ok(None);
        };
        self.cards_mut().conditions.remove(i);
        self.table.gaining = Some(Gaining {
            condition: id,
            prevented_by: None,
        });
        let fired = self.fire(Hook::OnGainCondition, hooks, &mut None);
        let window = self.table.gaining.take();
        fired?;
        Ok(window.and_then(|w| w.prevented_by))
    }

    /// EH, `ctx.investigator.improve(skill, n)`: the token on `skill` rises by `n`, to at most +2
    /// (rules-reference.md A1.2: "the improvement token on that skill (+1 or +2; the maximum is +2),
    /// or − an impairment (down to −2)"); an impairment token rises towards it (−1 improved by 1 is
    /// no token). Arkham Horror has no such tokens: refused.
    pub(super) fn improve(
        &mut self,
        card: &str,
        hook: Hook,
        source: Source,
        skill: Skill,
        n: i32,
    ) -> Result<(), KernelError> {
        if self.setup.game != Game::Eldritch || !self.setup.game.skills().contains(&skill) {
            return Err(Self::rule_error(
                card,
                hook,
                Refusal::NoImprovementTokens { skill },
            ));
        }
        let from = self.table.investigator.improvement(skill);
        let to = from.saturating_add(n).min(2);
        let inv = Arc::make_mut(&mut self.table.investigator);
        if to == 0 {
            inv.improvements.remove(&skill);
        } else {
            inv.improvements.insert(skill, to);
        }
        emit!(
            self.run,
            Event::Improved {
                skill,
                from,
                to,
                source,
            }
        );
        Ok(())
    }

    /// `ctx.investigator.draw(deck, n)`: he draws `n` cards of `deck` ("draw 1 Spell", EH "gain 2
    /// Spells", "gain 1 Artifact"). Which cards they are is not known to the play (a deck is shuffled):
    /// the count is kept (`Investigator::drawn`, the result's `investigator.drawn`). A deck of the
    /// other game is refused.
    pub(super) fn draw(
        &mut self,
        card: &str,
        hook: Hook,
        source: Source,
        deck: crate::kernel::Deck,
        n: i32,
    ) -> Result<(), KernelError> {
        if !deck.in_game(self.setup.game) {
            return Err(Self::rule_error(
                card,
                hook,
                Refusal::NoSuchDeck {
                    deck,
                    game: self.setup.game,
                },
            ));
        }
        if n <= 0 {
            return Ok(());
        }
        let inv = Arc::make_mut(&mut self.table.investigator);
        let drawn = inv.drawn.entry(deck).or_insert(0);
        *drawn = drawn.saturating_add(n);
        let drawn = *drawn;
        emit!(
            self.run,
            Event::Drew {
                deck,
                amount: n,
                drawn,
                source,
            }
        );
        Ok(())
    }
}
