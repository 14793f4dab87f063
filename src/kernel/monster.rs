//! A monster met in a combat: its printed tests, its toughness, the Health tokens on it and where it
//! is. Imports nothing outside the kernel.

use super::{Ability, Place, Skill};
use serde::Serialize;

/// Which printed value of the monster a loss is counted from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum LossValue {
    /// EH: the horror of the Will test; AH2e: the horror damage of a failed Horror check.
    Horror,
    /// EH: the damage of the Strength test; AH2e: the combat damage (a failed Combat or Evade check).
    Damage,
    /// AH2e: Nightmarish X, lost on a passed Horror check.
    Nightmarish,
    /// AH2e: Overwhelming X, lost on a passed Combat check.
    Overwhelming,
}

/// One of a monster's tests: the skill it tests, its modifier and the loss it deals (horror or damage).
#[derive(Debug, Clone, PartialEq, Hash, Serialize)]
pub struct MonsterTest {
    pub skill: Skill,
    pub modifier: i32,
    pub loss: Option<i32>,
    /// AH2e: the rating is printed −X (`modifier` is then 0): its value is what a card gives
    /// (`set_modifier`) before the check; a check no card gave it stops the play.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub x: bool,
}

#[derive(Debug, Clone, PartialEq, Hash, Serialize)]
pub struct Monster {
    pub id: std::sync::Arc<str>,
    pub name: std::sync::Arc<str>,
    pub epic: bool,
    pub toughness: i32,
    /// Eldritch Horror: Health tokens on it (the result object's `monsters[i].damage`, the script
    /// API's `ctx.monster.damage`). Not its damage value, which is `combat.loss`.
    pub health_tokens: i32,
    /// EH: the Will line (horror); AH2e: the horror rating.
    pub horror: Option<MonsterTest>,
    /// EH: the Strength line (damage); AH2e: the combat rating.
    pub combat: Option<MonsterTest>,
    /// AH2e awareness.
    pub awareness: Option<i32>,
    /// AH2e ability keywords (rules text, not cards).
    pub keywords: Vec<Keyword>,
    /// AH2e Nightmarish X and Overwhelming X.
    pub nightmarish: i32,
    pub overwhelming: i32,
    pub defeated: bool,
    /// Brought by an ambush: fought at once, returned to the cup afterwards whatever happens.
    pub ambush: bool,
    pub place: Place,
}

impl Monster {
    pub fn has(&self, keyword: Keyword) -> bool {
        self.keywords.contains(&keyword)
    }
}

/// A monster ability the rules define (`abilities = [...]` in a card file): Arkham Horror's, of which
/// Eldritch Horror's rules define Physical and Magical Resistance too (`Keyword::eldritch`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Keyword {
    Ambush,
    Endless,
    PhysicalResistance,
    PhysicalImmunity,
    MagicalResistance,
    MagicalImmunity,
    Undead,
    Mask,
    /// Innsmouth Horror: no bonus of a Weapon (physical or magical) applies to a Combat check against it.
    WeaponImmunity,
}

impl Keyword {
    pub const ALL: [Keyword; 9] = [
        Keyword::Ambush,
        Keyword::Endless,
        Keyword::PhysicalResistance,
        Keyword::PhysicalImmunity,
        Keyword::MagicalResistance,
        Keyword::MagicalImmunity,
        Keyword::Undead,
        Keyword::Mask,
        Keyword::WeaponImmunity,
    ];

    /// The spellings of `ALL`, in the same order (what card files write).
    pub const NAMES: [&'static str; 9] = [
        "ambush",
        "endless",
        "physical_resistance",
        "physical_immunity",
        "magical_resistance",
        "magical_immunity",
        "undead",
        "mask",
        "weapon_immunity",
    ];

    /// Whether Eldritch Horror's rules define it too: Physical and Magical Resistance (every other
    /// keyword is Arkham Horror's).
    pub fn eldritch(self) -> bool {
        matches!(
            self,
            Keyword::PhysicalResistance | Keyword::MagicalResistance
        )
    }

    pub fn as_str(self) -> &'static str {
        Keyword::NAMES[self as usize]
    }

    pub fn parse(s: &str) -> Option<Keyword> {
        Keyword::ALL.into_iter().find(|k| k.as_str() == s)
    }
}

/// An ability of the monster met that a card may take away for one combat (`lose_ability`): a
/// keyword, or AH2e's Nightmarish X and Overwhelming X, which are printed with a value (AH rulebook
/// p.24 lists them among the special abilities; the Red Sign of Shudde M'ell ignores "one of its
/// special abilities other than Magical Immunity").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Lost {
    Keyword(Keyword),
    Value(Ability),
}

impl Lost {
    /// What a script names (`lose_ability`): a keyword's spelling, `"nightmarish"`, `"overwhelming"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Lost::Keyword(k) => k.as_str(),
            Lost::Value(a) => a.as_str(),
        }
    }

    pub fn parse(s: &str) -> Option<Lost> {
        Keyword::parse(s).map(Lost::Keyword).or(match s {
            "nightmarish" => Some(Lost::Value(Ability::Nightmarish)),
            "overwhelming" => Some(Lost::Value(Ability::Overwhelming)),
            _ => None,
        })
    }

    /// Every spelling `parse` takes, in order.
    pub fn names() -> impl Iterator<Item = &'static str> {
        Keyword::NAMES
            .into_iter()
            .chain(["nightmarish", "overwhelming"])
    }
}

impl Serialize for Lost {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

/// A value of the monster met that a card may change for one combat (`Event::MonsterValueChanged`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MonsterValue {
    /// EH: its horror; AH2e: its horror damage.
    Horror,
    Toughness,
    /// EH: the Will test's modifier; AH2e: the horror rating.
    HorrorModifier,
    /// EH: the Strength test's modifier; AH2e: the combat rating.
    CombatModifier,
}
