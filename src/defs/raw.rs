//! A card file as written: the raw TOML shape of every kind of card (unknown keys are errors), before
//! it is checked against a game's rules. Imports `serde` and `toml` only.

use serde::Deserialize;
use std::collections::BTreeMap;
use toml::Spanned;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CardKind {
    Investigator,
    Monster,
    Asset,
    Artifact,
    Spell,
    Condition,
    Ally,
    Item,
    UniqueItem,
    /// AH2e Skill cards (Bravery, Speed, ...).
    Skill,
    /// AH2e special cards (Retainer, Bank Loan, Deputy of Arkham, ...).
    Special,
    /// AH2e Mythos cards: an Environment in play (a scenario's `environment`).
    Mythos,
}

/// A printed bonus: `{ skill = "strength", value = 2, during = "combat" }`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawBonus {
    /// A skill, or "all" ("+X skill"); one of `skill` and `check`.
    #[serde(default)]
    pub skill: Option<Spanned<String>>,
    /// AH2e: a kind of check ("+X to Combat checks": `combat`), whatever skill it tests.
    #[serde(default)]
    pub check: Option<Spanned<String>>,
    pub value: Spanned<i64>,
    #[serde(default)]
    pub during: Option<Spanned<String>>,
    #[serde(default)]
    pub may: bool,
    #[serde(default)]
    pub kind: Option<Spanned<String>>,
}

/// One of a monster's printed tests. EH: `will = { modifier = 1, horror = 1 }`,
/// `strength = { modifier = 0, damage = 2 }`, and `skill = "lore"` when the token tests another skill
/// in its place.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawTest {
    #[serde(default)]
    pub skill: Option<Spanned<String>>,
    #[serde(default)]
    pub modifier: Option<Spanned<i64>>,
    #[serde(default)]
    pub horror: Option<Spanned<i64>>,
    #[serde(default)]
    pub damage: Option<Spanned<i64>>,
}

/// A card file as written. Every key a card of any kind may have; `kind` says which apply.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(
    dead_code,
    reason = "a card file may hold printed values the rules never read (notes, cost, home, sliders…)"
)]
pub struct RawCard {
    pub id: Spanned<String>,
    pub name: String,
    pub kind: Spanned<CardKind>,
    #[serde(default)]
    pub traits: Vec<String>,
    /// The printed text, verbatim.
    #[serde(default)]
    pub text: String,
    /// Where the printed values come from.
    #[serde(default)]
    pub source: String,
    #[serde(default)]
    pub notes: Option<String>,
    #[serde(default)]
    pub expansion: Option<String>,
    #[serde(default)]
    pub cost: Option<Spanned<i64>>,
    /// How many copies of the card the game holds (AH2e decks print counts).
    #[serde(default)]
    pub count: Option<Spanned<i64>>,
    /// The printed back of each copy (EH Spells and Conditions: a card is flipped and its back read),
    /// in the order the source lists them.
    #[serde(default)]
    pub backs: Vec<String>,
    /// Investigators: the printed occupation ("The Nun", "The Soldier").
    #[serde(default)]
    pub occupation: Option<String>,
    #[serde(default)]
    pub bonuses: Vec<RawBonus>,
    // investigators
    #[serde(default)]
    pub skills: Option<BTreeMap<String, Spanned<i64>>>,
    #[serde(default)]
    pub health: Option<Spanned<i64>>,
    #[serde(default)]
    pub sanity: Option<Spanned<i64>>,
    #[serde(default)]
    pub possessions: Vec<Spanned<String>>,
    // monsters
    #[serde(default)]
    pub epic: bool,
    #[serde(default)]
    pub toughness: Option<Spanned<i64>>,
    /// Toughness is `toughness` plus the number of investigators in the game (the Haunter of the Dark).
    #[serde(default)]
    pub toughness_adds_investigators: bool,
    #[serde(default)]
    pub will: Option<RawTest>,
    #[serde(default)]
    pub strength: Option<RawTest>,
    /// Inline Rhai source (scenario cards); base-pack cards keep theirs in scripts/.
    #[serde(default)]
    pub script: Option<Spanned<String>>,
    /// In a pack: this card takes the place of the card with this id from an earlier pack (its own id).
    #[serde(default)]
    pub replaces: Option<Spanned<String>>,
    // Arkham Horror investigators
    #[serde(default)]
    pub stamina: Option<Spanned<i64>>,
    #[serde(default)]
    pub focus: Option<Spanned<i64>>,
    #[serde(default)]
    pub home: Option<String>,
    /// The printed slider positions, e.g. `speed_sneak = [[0, 6], [1, 5], [2, 4], [3, 3]]`.
    #[serde(default)]
    pub sliders: Option<BTreeMap<String, Vec<[Spanned<i64>; 2]>>>,
    // Arkham Horror monsters
    #[serde(default)]
    pub awareness: Option<Spanned<i64>>,
    #[serde(default)]
    pub horror: Option<RawRating>,
    #[serde(default)]
    pub combat: Option<RawRating>,
    /// Ability keywords: ambush, endless, physical_resistance, physical_immunity, magical_resistance,
    /// magical_immunity, undead, mask, weapon_immunity.
    #[serde(default)]
    pub abilities: Vec<Spanned<String>>,
    #[serde(default)]
    pub nightmarish: Option<Spanned<i64>>,
    #[serde(default)]
    pub overwhelming: Option<Spanned<i64>>,
    #[serde(default)]
    pub movement: Option<String>,
    #[serde(default)]
    pub dimension: Option<String>,
    // Arkham Horror items and spells
    #[serde(default)]
    pub hands: Option<Spanned<i64>>,
    #[serde(default)]
    pub casting_modifier: Option<Spanned<i64>>,
    #[serde(default)]
    pub sanity_cost: Option<Spanned<i64>>,
    #[serde(default)]
    pub price: Option<Spanned<i64>>,
    // Arkham Horror cards that raise a maximum while held ("+1 Maximum Sanity": Duke)
    #[serde(default)]
    pub max_stamina_bonus: Option<Spanned<i64>>,
    #[serde(default)]
    pub max_sanity_bonus: Option<Spanned<i64>>,
    /// EH: its text acts for every investigator on its holder's space ("investigators on your
    /// space"): held by another investigator on the space (a scenario's `[[on_space]]`), its script
    /// is called in the investigator's tests too.
    #[serde(default)]
    pub for_your_space: Option<Spanned<bool>>,
    /// AH2e: "Discard it instead of spending 1 Clue token": the token step may discard it in
    /// place of a Clue token (after the investigator's own Clue tokens).
    #[serde(default)]
    pub spent_as_clue: Option<Spanned<bool>>,
}

/// An AH2e monster rating: `horror = { rating = -3, damage = 2 }`; no `damage` when none is printed.
/// A rating printed as −X is `rating = "-X"` (its value is what the card's text gives).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawRating {
    pub rating: Spanned<RawRatingValue>,
    #[serde(default)]
    pub damage: Option<Spanned<i64>>,
}

/// A rating as written: a number, or a text (only `"-X"` is one: checked in `numbers.rs`).
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum RawRatingValue {
    Number(i64),
    Text(String),
}

/// The one text a rating may be: printed −X, its value given by the card's text.
pub const RATING_X: &str = "-X";

impl RawRatingValue {
    /// The number written, narrowed to `i32`; `None` for a text.
    pub fn number(&self) -> Option<i32> {
        match self {
            RawRatingValue::Number(n) => {
                Some((*n).clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32)
            }
            RawRatingValue::Text(_) => None,
        }
    }

    /// Printed −X.
    pub fn is_x(&self) -> bool {
        matches!(self, RawRatingValue::Text(t) if t == RATING_X)
    }
}
