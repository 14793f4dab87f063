//! Skills and games: the two small vocabularies every other kernel file speaks.

use serde::Serialize;
use std::fmt;

/// Which game's rules apply.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Game {
    Eldritch,
    Arkham,
}

impl Game {
    pub fn parse(s: &str) -> Option<Game> {
        match s {
            "eldritch" => Some(Game::Eldritch),
            "arkham" => Some(Game::Arkham),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Game::Eldritch => "eldritch",
            Game::Arkham => "arkham",
        }
    }

    /// The skills an investigator of this game has.
    pub fn skills(self) -> &'static [Skill] {
        match self {
            Game::Eldritch => &[
                Skill::Lore,
                Skill::Influence,
                Skill::Observation,
                Skill::Strength,
                Skill::Will,
            ],
            Game::Arkham => &[
                Skill::Speed,
                Skill::Sneak,
                Skill::Fight,
                Skill::Will,
                Skill::Lore,
                Skill::Luck,
            ],
        }
    }
}

/// A skill of either game. Eldritch Horror: lore, influence, observation, strength, will.
/// Arkham Horror: speed, sneak, fight, will, lore, luck.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Skill {
    Lore,
    Influence,
    Observation,
    Strength,
    Will,
    Speed,
    Sneak,
    Fight,
    Luck,
}

impl Skill {
    pub const ALL: [Skill; 9] = [
        Skill::Lore,
        Skill::Influence,
        Skill::Observation,
        Skill::Strength,
        Skill::Will,
        Skill::Speed,
        Skill::Sneak,
        Skill::Fight,
        Skill::Luck,
    ];

    pub fn parse(s: &str) -> Option<Skill> {
        Skill::ALL.into_iter().find(|k| k.as_str() == s)
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Skill::Lore => "lore",
            Skill::Influence => "influence",
            Skill::Observation => "observation",
            Skill::Strength => "strength",
            Skill::Will => "will",
            Skill::Speed => "speed",
            Skill::Sneak => "sneak",
            Skill::Fight => "fight",
            Skill::Luck => "luck",
        }
    }
}

impl fmt::Display for Skill {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
