//! A monster being encountered: its printed tests, its toughness and the Health tokens on it.

use super::Skill;
use serde::Serialize;

/// One of a monster's tests: the skill it tests, its modifier and the loss it deals (horror or damage).
#[derive(Debug, Clone, PartialEq, Hash, Serialize)]
pub struct MonsterTest {
    pub skill: Skill,
    pub modifier: i32,
    pub loss: Option<i32>,
}

#[derive(Debug, Clone, PartialEq, Hash, Serialize)]
pub struct Monster {
    pub id: String,
    pub name: String,
    pub epic: bool,
    pub toughness: i32,
    /// Eldritch Horror: Health tokens on it.
    pub damage: i32,
    /// EH: the Will line (horror); AH2e: the horror rating.
    pub horror: Option<MonsterTest>,
    /// EH: the Strength line (damage); AH2e: the combat rating.
    pub combat: Option<MonsterTest>,
    /// AH2e awareness.
    pub awareness: Option<i32>,
    /// AH2e ability keywords (rules text, not cards): ambush, endless, physical_resistance,
    /// physical_immunity, magical_resistance, magical_immunity, undead, mask.
    pub keywords: Vec<String>,
    /// AH2e Nightmarish X and Overwhelming X.
    pub nightmarish: i32,
    pub overwhelming: i32,
    pub defeated: bool,
    /// Brought by an ambush: fought at once, returned to the cup afterwards whatever happens.
    pub ambush: bool,
    /// "space", "cup", "trophy" or "evaded".
    pub place: String,
}

impl Monster {
    pub fn has(&self, keyword: &str) -> bool {
        self.keywords.iter().any(|k| k == keyword)
    }
}
