//! Who or what caused something that happened: a card, a printed ability of a card, a token the
//! player spent, or the rules themselves. The transcript words each one (`transcript/names.rs`);
//! [`Source::key`] is the one machine spelling, which the JSON events and `ctx.loss.cause` read.
//! Imports nothing outside the kernel.

use super::Skill;
use serde::{Serialize, Serializer};
use std::fmt;
use std::sync::Arc;

/// A token the player spends on a test (EH rerolls).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Token {
    Focus,
    Clue,
}

impl Token {
    pub fn as_str(self) -> &'static str {
        match self {
            Token::Focus => "focus",
            Token::Clue => "clue",
        }
    }
}

/// A printed ability of a monster that causes a loss of its own (AH2e).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Ability {
    /// Nightmarish X: Sanity lost even when the horror check passes.
    Nightmarish,
    /// Overwhelming X: Stamina lost even when the monster is defeated.
    Overwhelming,
}

impl Ability {
    pub fn as_str(self) -> &'static str {
        match self {
            Ability::Nightmarish => "nightmarish",
            Ability::Overwhelming => "overwhelming",
        }
    }
}

/// The cause of a pool part, a loss, a gain, a reroll or an effect.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Source {
    /// A card, by id (shared: a source is copied with every bonus, loss and effect it causes).
    Card(Arc<str>),
    /// A printed ability of a card (by id).
    Ability(Arc<str>, Ability),
    /// The skill tested: the first part of every pool.
    Skill(Skill),
    /// The test's own printed modifier.
    Modifier,
    /// EH: the improvement or impairment token of the skill tested.
    Improvement,
    /// A token spent for a reroll.
    Spent(Token),
    /// A die rerolled with a token.
    Reroll(Token),
    /// EH: the result of the Strength test of a combat, which the monster loses as Health.
    StrengthResult,
    /// AH2e: a passed combat check, which defeats the monster.
    CombatCheck,
    /// The rules of the game.
    Rules,
}

impl Source {
    pub fn card(id: impl Into<Arc<str>>) -> Source {
        Source::Card(id.into())
    }

    /// The card this comes from, if any.
    pub fn card_id(&self) -> Option<&str> {
        match self {
            Source::Card(id) | Source::Ability(id, _) => Some(id),
            _ => None,
        }
    }

    /// Whether this is the card `id` itself (not one of its abilities).
    #[cfg(test)]
    pub fn is_card(&self, id: &str) -> bool {
        matches!(self, Source::Card(c) if **c == *id)
    }

    /// The machine spelling: a card's id, `id:ability`, `reroll:focus`, `rules`, ... (the same
    /// strings the JSON events and scripts have always read).
    pub fn key(&self) -> std::borrow::Cow<'_, str> {
        use std::borrow::Cow::{Borrowed, Owned};
        match self {
            Source::Card(id) => Borrowed(id),
            Source::Ability(id, a) => Owned(format!("{id}:{}", a.as_str())),
            Source::Skill(s) => Borrowed(s.as_str()),
            Source::Modifier => Borrowed("test"),
            Source::Improvement => Borrowed("token"),
            Source::Spent(t) => Owned(format!("reroll:{}", t.as_str())),
            Source::Reroll(t) => Owned(format!("{} token", t.as_str())),
            Source::StrengthResult => Borrowed("the Strength test result"),
            Source::CombatCheck => Borrowed("combat_check"),
            Source::Rules => Borrowed("rules"),
        }
    }
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.key())
    }
}

impl Serialize for Source {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.key())
    }
}

/// Who loses: the investigator or a monster (by id).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Target {
    Investigator,
    Monster(Arc<str>),
}

impl Target {
    /// `investigator` or the monster's id (what `ctx.loss.target` reads).
    pub fn key(&self) -> &str {
        match self {
            Target::Investigator => "investigator",
            Target::Monster(id) => id,
        }
    }
}

impl Serialize for Target {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.key())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cause_is_spelled_for_scripts_and_json_as_it_always_was() {
        assert_eq!(Source::card("blob").key(), "blob");
        assert_eq!(
            Source::Ability("blob".into(), Ability::Overwhelming).key(),
            "blob:overwhelming"
        );
        assert_eq!(Source::Spent(Token::Focus).key(), "reroll:focus");
        assert_eq!(Source::Reroll(Token::Clue).key(), "clue token");
        assert_eq!(Source::Rules.key(), "rules");
        assert_eq!(Target::Investigator.key(), "investigator");
    }

    #[test]
    fn only_the_card_itself_is_that_card_not_its_ability() {
        let ability = Source::Ability("blob".into(), Ability::Overwhelming);
        assert_eq!(ability.card_id(), Some("blob"));
        assert!(!ability.is_card("blob"));
        assert!(Source::card("blob").is_card("blob"));
    }
}
