//! What becomes of the investigator: a status taking effect (a knock-out at 0, a defeat, a status a
//! card sets, Delayed) and the `on_status` window before it does, in which a card may replace it
//! (Moon-beast: "knocked unconscious or driven insane by Moon-beast is devoured instead") or, when a
//! card set it, prevent it. The card's own store and exhaustion live here too: both are what a card
//! keeps between its hook calls.

use super::*;
use crate::kernel::{BecomingView, Fate, Refusal, STORE_KEYS, Stored};

/// What the investigator is about to become, while `on_status` hooks run.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Becoming {
    pub view: BecomingView,
    /// Set by a card (`set_status`), not by the rules at 0 Stamina or Sanity: only then may a card
    /// prevent it.
    pub by_card: bool,
    /// The card that replaced it, and with what.
    pub replaced: Option<(Fate, Source)>,
    /// The card that prevented it.
    pub prevented_by: Option<Source>,
}

impl Encounter {
    /// The investigator becomes `fate` because of `cause`. The cards in play are asked first
    /// (`on_status`); one may replace it, or (when a card set it, `by_card`) prevent it. Nothing
    /// happens to an investigator already out of play, or already Delayed when `fate` is Delayed;
    /// a status taken inside the window (a loss of an `on_status` effect) takes effect at once.
    pub(super) fn become_(
        &mut self,
        fate: Fate,
        cause: Source,
        by_card: bool,
        hooks: &mut dyn Hooks,
    ) -> Result<(), KernelError> {
        if self.table.investigator.is_out()
            || (fate == Fate::Delayed && self.table.investigator.delayed)
        {
            return Ok(());
        }
        let mut fate = fate;
        let mut prevented = None;
        if self.table.becoming.is_none() {
            let Some(window) = self.status_window(fate, &cause, by_card, hooks)? else {
                // An effect of the window took him out already.
                return Ok(());
            };
            (fate, prevented) = window;
        }
        if let Some(by) = prevented {
            emit!(
                self.run,
                Event::StatusPrevented {
                    fate,
                    source: cause,
                    by,
                }
            );
            return Ok(());
        }
        self.take_fate(fate, cause, by_card);
        Ok(())
    }

    /// The `on_status` window: the cards in play see `fate` coming and may replace or prevent it.
    /// What he becomes and the card that prevented it, or `None` when an effect of the window took
    /// him out already.
    fn status_window(
        &mut self,
        fate: Fate,
        cause: &Source,
        by_card: bool,
        hooks: &mut dyn Hooks,
    ) -> Result<Option<(Fate, Option<Source>)>, KernelError> {
        let mut fate = fate;
        let mut prevented = None;
        self.table.becoming = Some(Becoming {
            view: BecomingView {
                fate,
                cause: cause.clone(),
            },
            by_card,
            replaced: None,
            prevented_by: None,
        });
        let fired = self.fire(Hook::OnStatus, hooks, &mut None);
        let window = self.table.becoming.take();
        fired?;
        if let Some(w) = window {
            prevented = w.prevented_by;
            if let Some((to, by)) = w.replaced
                && to != fate
            {
                emit!(self.run, Event::StatusReplaced { from: fate, to, by });
                fate = to;
            }
        }
        Ok((!self.table.investigator.is_out()).then_some((fate, prevented)))
    }

    /// He becomes `fate` (Delayed, Lost in Time and Space, or out of play), with its line.
    fn take_fate(&mut self, fate: Fate, cause: Source, by_card: bool) {
        match fate {
            Fate::Delayed => {
                Arc::make_mut(&mut self.table.investigator).delayed = true;
                emit!(
                    self.run,
                    Event::StatusSet {
                        fate,
                        source: cause
                    }
                );
            }
            Fate::Out(Status::LostInTimeAndSpace) => {
                if by_card {
                    emit!(
                        self.run,
                        Event::StatusSet {
                            fate,
                            source: cause.clone()
                        }
                    );
                }
                self.move_to(cause, Location::LostInTimeAndSpace);
            }
            Fate::Out(status) => {
                Arc::make_mut(&mut self.table.investigator).status = status;
                if by_card {
                    emit!(
                        self.run,
                        Event::StatusSet {
                            fate,
                            source: cause
                        }
                    );
                } else {
                    emit!(self.run, Event::StatusChanged { status });
                }
                self.procedure().on_knockout(self);
            }
        }
    }

    /// `set_status(fate)` of a card: a status of this game, through the `on_status` window.
    pub(super) fn set_status(
        &mut self,
        card: &str,
        hook: Hook,
        src: Source,
        fate: Fate,
        hooks: &mut dyn Hooks,
    ) -> Result<(), KernelError> {
        self.fate_of_this_game(card, hook, "set_status", fate)?;
        self.become_(fate, src, true, hooks)
    }

    fn fate_of_this_game(
        &self,
        card: &str,
        hook: Hook,
        what: &'static str,
        fate: Fate,
    ) -> Result<(), KernelError> {
        if fate.in_game(self.setup.game) {
            return Ok(());
        }
        Err(Self::rule_error(
            card,
            hook,
            Refusal::NotAStatusOfTheGame {
                what,
                fate,
                game: self.setup.game,
            },
        ))
    }

    /// `becoming.replace(fate)`: what the investigator is about to become is `fate` instead. The
    /// first card to replace it decides.
    pub(super) fn replace_status(
        &mut self,
        card: &str,
        hook: Hook,
        fate: Fate,
    ) -> Result<(), KernelError> {
        self.fate_of_this_game(card, hook, "replace", fate)?;
        let Some(b) = self.table.becoming.as_mut() else {
            return Err(Self::rule_error(
                card,
                hook,
                Refusal::OnlyInHook {
                    what: "becoming.replace",
                    hook: Hook::OnStatus,
                },
            ));
        };
        if fate == Fate::Delayed && b.view.fate != Fate::Delayed {
            return Err(Self::rule_error(card, hook, Refusal::DelayedCannotTakeOut));
        }
        b.replaced.get_or_insert_with(|| (fate, Source::card(card)));
        Ok(())
    }

    /// `becoming.prevent()`: what a card was about to make of him does not happen. A knock-out at 0
    /// Stamina or Sanity (or an EH defeat) is the rules', and cannot be prevented.
    pub(super) fn prevent_status(&mut self, card: &str, hook: Hook) -> Result<(), KernelError> {
        let Some(b) = self.table.becoming.as_mut() else {
            return Err(Self::rule_error(
                card,
                hook,
                Refusal::OnlyInHook {
                    what: "becoming.prevent",
                    hook: Hook::OnStatus,
                },
            ));
        };
        if !b.by_card {
            return Err(Self::rule_error(
                card,
                hook,
                Refusal::KnockOutNotPreventable,
            ));
        }
        b.prevented_by.get_or_insert_with(|| Source::card(card));
        Ok(())
    }

    /// `card.set(key, value)`: `copy` (a copy key) keeps `value` under `key`.
    pub(super) fn keep(
        &mut self,
        card: &str,
        hook: Hook,
        copy: &str,
        key: String,
        value: Option<Stored>,
    ) -> Result<(), KernelError> {
        let store = self.table.store.entry(copy.to_string()).or_default();
        if value.is_some() && !store.contains_key(&key) && store.len() >= STORE_KEYS {
            return Err(Self::rule_error(
                card,
                hook,
                Refusal::StoreFull { key: key.clone() },
            ));
        }
        match &value {
            Some(v) => {
                store.insert(key.clone(), v.clone());
            }
            None => {
                store.remove(&key);
                if store.is_empty() {
                    self.table.store.remove(copy);
                }
            }
        }
        emit!(
            self.run,
            Event::Kept {
                card: card.to_string(),
                key,
                value,
            }
        );
        Ok(())
    }

    /// `card.exhaust()`: `copy` is exhausted for the rest of the play.
    pub(super) fn exhaust(&mut self, card: &str, copy: &str) {
        if self.table.exhausted.insert(copy.to_string()) {
            emit!(
                self.run,
                Event::Exhausted {
                    card: card.to_string(),
                }
            );
        }
    }
}
