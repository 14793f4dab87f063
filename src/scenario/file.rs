//! The scenario file as written: every key of the contract, unknown keys refused.

use serde::Deserialize;
use std::collections::BTreeMap;
use toml::Spanned;

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawScenario {
    pub game: Spanned<String>,
    #[serde(default)]
    pub title: Option<String>,
    #[serde(default)]
    pub source: Option<String>,
    #[serde(default)]
    pub packs: Vec<Spanned<String>>,
    #[serde(default)]
    pub investigators_in_game: Option<Spanned<i64>>,
    #[serde(default)]
    pub open_gates: Option<Spanned<i64>>,
    /// AH2e: the terror level (default 0).
    #[serde(default)]
    pub terror_level: Option<Spanned<i64>>,
    /// AH2e: the Environment card in play (a Mythos card), by id or printed name, or inline.
    #[serde(default)]
    pub environment: Option<Spanned<toml::Value>>,
    /// EH: the kind of space the investigator is on (`city`, `wilderness`, `sea`).
    #[serde(default)]
    pub space: Option<Spanned<String>>,
    /// EH: other investigators on the investigator's space (default 0).
    #[serde(default)]
    pub investigators_on_space: Option<Spanned<i64>>,
    /// EH: the other investigators on the investigator's space, each by his card and possessions.
    #[serde(default)]
    pub on_space: Vec<Spanned<RawOnSpace>>,
    /// EH: Mysteries solved (default 0).
    #[serde(default)]
    pub mysteries_solved: Option<Spanned<i64>>,
    /// EH: the Ancient One's printed name.
    #[serde(default)]
    pub ancient_one: Option<Spanned<String>>,
    #[serde(default)]
    pub investigator: Option<RawInvestigator>,
    #[serde(default)]
    pub test: Option<Spanned<RawTestRequest>>,
    #[serde(default)]
    pub monsters: Option<Vec<Spanned<RawMonsterEntry>>>,
    /// The Action a card the investigator holds prints, taken outside any combat.
    #[serde(default)]
    pub action: Option<Spanned<RawAction>>,
    /// EH: the Reckoning of the Mythos Phase (`[reckoning]`, no keys).
    #[serde(default)]
    pub reckoning: Option<Spanned<RawReckoning>>,
    /// AH2e: the Upkeep Phase before the encounter (`[upkeep]`, no keys).
    #[serde(default)]
    pub upkeep: Option<Spanned<RawUpkeep>>,
    /// Required to play; `mythos odds` ignores it.
    #[serde(default)]
    pub dice: Option<Spanned<RawDice>>,
    #[serde(default)]
    pub choices: Option<RawChoices>,
    #[serde(default)]
    pub expect: BTreeMap<Spanned<String>, Spanned<toml::Value>>,
    #[serde(default)]
    pub rules: Option<RawRules>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawInvestigator {
    #[serde(default)]
    pub card: Option<Spanned<toml::Value>>,
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub lore: Option<Spanned<i64>>,
    #[serde(default)]
    pub influence: Option<Spanned<i64>>,
    #[serde(default)]
    pub observation: Option<Spanned<i64>>,
    #[serde(default)]
    pub strength: Option<Spanned<i64>>,
    #[serde(default)]
    pub will: Option<Spanned<i64>>,
    #[serde(default)]
    pub speed: Option<Spanned<i64>>,
    #[serde(default)]
    pub sneak: Option<Spanned<i64>>,
    #[serde(default)]
    pub fight: Option<Spanned<i64>>,
    #[serde(default)]
    pub luck: Option<Spanned<i64>>,
    #[serde(default)]
    pub health: Option<Spanned<i64>>,
    #[serde(default)]
    pub max_health: Option<Spanned<i64>>,
    #[serde(default)]
    pub stamina: Option<Spanned<i64>>,
    #[serde(default)]
    pub max_stamina: Option<Spanned<i64>>,
    #[serde(default)]
    pub sanity: Option<Spanned<i64>>,
    #[serde(default)]
    pub max_sanity: Option<Spanned<i64>>,
    #[serde(default)]
    pub clues: Option<Spanned<i64>>,
    #[serde(default)]
    pub focus: Option<Spanned<i64>>,
    #[serde(default)]
    pub conditions: Vec<Spanned<toml::Value>>,
    #[serde(default)]
    pub improvements: BTreeMap<String, Spanned<i64>>,
    #[serde(default)]
    pub possessions: Vec<Spanned<toml::Value>>,
    #[serde(default)]
    pub location: Option<Spanned<String>>,
    /// AH2e: the stop of each of the card's sliders, numbered from 1 (`speed_sneak = 2`).
    #[serde(default)]
    pub sliders: BTreeMap<String, Spanned<i64>>,
}

/// EH: one `[[on_space]]` entry: another investigator on the investigator's space, by his
/// investigator card and the cards he holds (those whose text acts for every investigator on his
/// space are played: card key `for_your_space`).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawOnSpace {
    #[serde(default)]
    pub card: Option<Spanned<toml::Value>>,
    #[serde(default)]
    pub possessions: Vec<Spanned<toml::Value>>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawTestRequest {
    pub skill: Spanned<String>,
    #[serde(default)]
    pub modifier: Option<Spanned<i64>>,
    #[serde(default)]
    pub difficulty: Option<Spanned<i64>>,
    #[serde(default)]
    pub kind: Option<String>,
    /// EH: the kind of encounter the test is part of (`other_world`, `research`, ...).
    #[serde(default)]
    pub encounter: Option<Spanned<String>>,
}

/// `[reckoning]`: the Reckoning of the Mythos Phase is played (no keys: every card he holds with a
/// "RECKONING:" effect resolves it, in the order he holds them).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawReckoning {}

/// `[upkeep]`: the Upkeep Phase is played before the encounter (no keys: every card he holds with an
/// "Upkeep:" effect resolves it, in the order he holds them; what it gave lasts for the encounter).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawUpkeep {}

/// `[action]`: the card whose Action (EH "Action:", "Local Action:"; AH2e "Movement:") is taken.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawAction {
    /// The card's id or printed name: a possession or Condition the investigator holds.
    pub card: Spanned<String>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawDice {
    #[serde(default)]
    pub faces: Option<Vec<Spanned<i64>>>,
    #[serde(default)]
    pub seed: Option<u64>,
    /// The copy each card flipped is (1-based), in the order the cards are flipped.
    #[serde(default)]
    pub flips: Option<Vec<Spanned<i64>>>,
}

/// One policy for every test, or a table by test kind.
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum RawPolicy {
    One(String),
    ByKind(BTreeMap<String, String>),
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawChoices {
    #[serde(default)]
    pub rerolls: Option<Spanned<RawPolicy>>,
    #[serde(default)]
    pub clues: Option<Spanned<RawPolicy>>,
    #[serde(default, rename = "use")]
    pub use_: Vec<Spanned<String>>,
    #[serde(default)]
    pub order: Vec<Spanned<String>>,
    /// Cards whose effects the player resolves before the monster's at the same moment.
    #[serde(default)]
    pub first: Vec<Spanned<String>>,
    #[serde(default)]
    pub evade: Option<bool>,
    #[serde(default)]
    pub rounds: Vec<RawRound>,
}

/// AH2e: one `[[choices.rounds]]` table.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawRound {
    pub action: Spanned<String>,
    #[serde(default)]
    pub wield: Vec<Spanned<String>>,
    #[serde(default)]
    pub cast: Vec<Spanned<String>>,
}

/// Readings of the rules where sources disagree (mythos's own addition to the contract).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawRules {
    /// AH2e: may Clue tokens add dice to a check whose modified skill is 0 or less? Default `true`.
    #[serde(default)]
    pub clues_after_zero_dice: Option<bool>,
}

/// One `[[monsters]]` entry: a card (id, name or inline definition) and what differs from it.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawMonsterEntry {
    pub card: Spanned<toml::Value>,
    /// Health tokens on it before the encounter (EH).
    #[serde(default)]
    pub damage: Option<Spanned<i64>>,
    /// EH: spawned by an ambush effect.
    #[serde(default)]
    pub ambush: Option<Spanned<bool>>,
    #[serde(default)]
    pub toughness: Option<Spanned<i64>>,
    #[serde(default)]
    pub epic: Option<bool>,
}
