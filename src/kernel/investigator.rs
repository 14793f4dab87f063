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
    /// AH2e: where the investigator is; `None` in Eldritch Horror.
    pub location: Option<Location>,
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
            location: match game {
                Game::Eldritch => None,
                Game::Arkham => Some(Location::Arkham),
            },
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
}
