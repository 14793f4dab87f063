//! The investigator's state during a play: skills, counters, cards, status and (AH2e) location.
//! Imports nothing outside the kernel.

use super::{Game, Location, Skill};
use serde::Serialize;
use std::collections::BTreeMap;

/// The hands an investigator has for weapons and spells (AH2e: at most two hands' worth in a round of
/// combat).
pub const HANDS: u32 = 2;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    Ok,
    Defeated,
    Unconscious,
    Insane,
    Devoured,
    LostInTimeAndSpace,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Ok => "ok",
            Status::Defeated => "defeated",
            Status::Unconscious => "unconscious",
            Status::Insane => "insane",
            Status::Devoured => "devoured",
            Status::LostInTimeAndSpace => "lost_in_time_and_space",
        }
    }

    pub const ALL: [Status; 6] = [
        Status::Ok,
        Status::Defeated,
        Status::Unconscious,
        Status::Insane,
        Status::Devoured,
        Status::LostInTimeAndSpace,
    ];

    pub fn parse(s: &str) -> Option<Status> {
        Status::ALL.into_iter().find(|x| x.as_str() == s)
    }

    /// Whether the status is one of `game`'s (EH: defeated, devoured; AH2e: unconscious, insane,
    /// devoured, lost in time and space; `ok` in both).
    pub fn in_game(self, game: Game) -> bool {
        match self {
            Status::Ok | Status::Devoured => true,
            Status::Defeated => game == Game::Eldritch,
            Status::Unconscious | Status::Insane | Status::LostInTimeAndSpace => {
                game == Game::Arkham
            }
        }
    }
}

/// What a card or the rules make of the investigator: a status that takes him out of play, or
/// Delayed (he stays in play, his token on its side: no status of its own).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Fate {
    Out(Status),
    Delayed,
}

impl Fate {
    pub fn as_str(self) -> &'static str {
        match self {
            Fate::Out(s) => s.as_str(),
            Fate::Delayed => "delayed",
        }
    }

    /// A status other than `ok`, or `delayed`.
    pub fn parse(s: &str) -> Option<Fate> {
        match s {
            "delayed" => Some(Fate::Delayed),
            "ok" => None,
            _ => Status::parse(s).map(Fate::Out),
        }
    }

    pub fn in_game(self, game: Game) -> bool {
        match self {
            Fate::Out(s) => s.in_game(game),
            Fate::Delayed => true,
        }
    }
}

impl Serialize for Fate {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

#[derive(Debug, Clone, PartialEq, Hash, Serialize)]
pub struct Investigator {
    pub name: String,
    /// The card id the values come from, if any.
    pub card: Option<String>,
    pub skills: BTreeMap<Skill, i32>,
    /// Eldritch Horror improvement (+1, +2) and impairment (−1, −2) tokens.
    pub improvements: BTreeMap<Skill, i32>,
    /// Health in Eldritch Horror, Stamina in Arkham Horror.
    pub health: i32,
    pub max_health: i32,
    pub sanity: i32,
    pub max_sanity: i32,
    pub clues: i32,
    pub focus: i32,
    pub conditions: Vec<String>,
    pub possessions: Vec<String>,
    pub trophies: Vec<String>,
    pub status: Status,
    /// Delayed by a card (his token on its side): he stays in play.
    pub delayed: bool,
    /// AH2e: where the investigator is; `None` in Eldritch Horror.
    pub location: Option<Location>,
    /// Cards drawn from a deck by a card's effect (`ctx.investigator.draw`: "draw 1 Spell", "gain 2
    /// Spells"), how many of each deck: which cards they are is not known to the play.
    pub drawn: BTreeMap<Deck, i32>,
    /// EH: the cards flipped (`ctx.card.flip()`), in order, each with the copy its back is (1-based).
    pub flipped: Vec<(String, u8)>,
}

/// A deck an investigator draws from ("draw 1 Spell", "gain 1 Artifact"): each game's own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Deck {
    /// EH Assets.
    Asset,
    /// EH Artifacts.
    Artifact,
    /// Spells (both games).
    Spell,
    /// AH2e Common Items.
    CommonItem,
    /// AH2e Unique Items.
    UniqueItem,
    /// AH2e Skills.
    Skill,
    /// AH2e Allies.
    Ally,
}

impl Deck {
    pub const ALL: [Deck; 7] = [
        Deck::Asset,
        Deck::Artifact,
        Deck::Spell,
        Deck::CommonItem,
        Deck::UniqueItem,
        Deck::Skill,
        Deck::Ally,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Deck::Asset => "asset",
            Deck::Artifact => "artifact",
            Deck::Spell => "spell",
            Deck::CommonItem => "common_item",
            Deck::UniqueItem => "unique_item",
            Deck::Skill => "skill",
            Deck::Ally => "ally",
        }
    }

    pub fn parse(s: &str) -> Option<Deck> {
        Deck::ALL.into_iter().find(|d| d.as_str() == s)
    }

    /// Whether `game` has this deck (EH: Assets, Artifacts, Spells; AH2e: Common and Unique Items,
    /// Spells, Skills, Allies).
    pub fn in_game(self, game: Game) -> bool {
        match self {
            Deck::Spell => true,
            Deck::Asset | Deck::Artifact => game == Game::Eldritch,
            Deck::CommonItem | Deck::UniqueItem | Deck::Skill | Deck::Ally => game == Game::Arkham,
        }
    }
}

impl Investigator {
    pub fn new(game: Game) -> Investigator {
        Investigator {
            name: "Investigator".to_string(),
            card: None,
            skills: game.skills().iter().map(|s| (*s, 0)).collect(),
            improvements: BTreeMap::new(),
            health: 1,
            max_health: 1,
            sanity: 1,
            max_sanity: 1,
            clues: 0,
            focus: 0,
            conditions: Vec::new(),
            possessions: Vec::new(),
            trophies: Vec::new(),
            status: Status::Ok,
            delayed: false,
            location: match game {
                Game::Eldritch => None,
                Game::Arkham => Some(Location::Arkham),
            },
            drawn: BTreeMap::new(),
            flipped: Vec::new(),
        }
    }

    pub fn skill(&self, skill: Skill) -> i32 {
        self.skills.get(&skill).copied().unwrap_or(0)
    }

    pub fn improvement(&self, skill: Skill) -> i32 {
        self.improvements.get(&skill).copied().unwrap_or(0)
    }

    pub fn is_out(&self) -> bool {
        self.status != Status::Ok
    }

    /// What the cards he holds add to his maximum Health (Stamina) and Sanity (AH2e "+1 Maximum
    /// Sanity": `ActiveCard::max_health_bonus`, `max_sanity_bonus`), each copy its own.
    pub fn max_bonuses(&self, catalog: &super::Catalog) -> (i32, i32) {
        self.possessions
            .iter()
            .filter_map(|p| catalog.get(p))
            .fold((0, 0), |(h, s), c| {
                (
                    h.saturating_add(c.max_health_bonus),
                    s.saturating_add(c.max_sanity_bonus),
                )
            })
    }

    /// Whether he holds the possession named by `key` (a [copy key](copy_key)).
    pub fn holds_copy(&self, key: &str) -> bool {
        let (id, n) = split_copy(key);
        self.possessions.iter().filter(|p| *p == id).count() >= n
    }
}

/// Two copies of one card are two possessions: the `n`th copy (from 1, in the order of the
/// possessions) of card `id` is named `id` when it is the first, `id#n` otherwise. AH2e hands
/// (`CombatState::hands`, `cast`) hold copy keys.
pub fn copy_key(id: &str, n: usize) -> String {
    if n <= 1 {
        id.to_string()
    } else {
        format!("{id}#{n}")
    }
}

/// A copy key's card id and copy number (`"45_automatic#2"` → `("45_automatic", 2)`).
pub fn split_copy(key: &str) -> (&str, usize) {
    match key.rsplit_once('#') {
        Some((id, n)) => match n.parse::<usize>() {
            Ok(n) if n >= 1 => (id, n),
            _ => (key, 1),
        },
        None => (key, 1),
    }
}

#[cfg(test)]
mod copy_tests {
    use super::*;

    /// Two copies of one card are two possessions, each named by its own key.
    #[test]
    fn copy_keys_name_each_copy() {
        assert_eq!(copy_key("toy_pistol", 1), "toy_pistol");
        assert_eq!(copy_key("toy_pistol", 2), "toy_pistol#2");
        assert_eq!(split_copy("toy_pistol#2"), ("toy_pistol", 2));
        assert_eq!(split_copy("toy_pistol"), ("toy_pistol", 1));
        let mut inv = Investigator::new(Game::Arkham);
        inv.possessions = vec!["toy_pistol".into(), "toy_pistol".into()];
        assert!(inv.holds_copy("toy_pistol#2"));
        assert!(!inv.holds_copy("toy_pistol#3"));
    }
}
