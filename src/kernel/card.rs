//! What the kernel knows of a card: its id and name, whether it is magical, and the plain bonuses it
//! prints. Everything else a card does, it does through its script at the hooks.

use super::monster::Keyword;
use super::{Skill, TestKind};
use serde::Serialize;

/// Physical or magical: Magical/Physical Resistance and Immunity filter bonuses by this.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum BonusKind {
    Physical,
    Magical,
}

impl BonusKind {
    pub fn parse(s: &str) -> Option<BonusKind> {
        match s {
            "physical" => Some(BonusKind::Physical),
            "magical" => Some(BonusKind::Magical),
            _ => None,
        }
    }
    pub fn as_str(self) -> &'static str {
        match self {
            BonusKind::Physical => "physical",
            BonusKind::Magical => "magical",
        }
    }

    /// The monster ability that halves bonuses of this kind (AH2e).
    pub fn resistance(self) -> Keyword {
        match self {
            BonusKind::Physical => Keyword::PhysicalResistance,
            BonusKind::Magical => Keyword::MagicalResistance,
        }
    }

    /// The monster ability that blocks bonuses of this kind (AH2e).
    pub fn immunity(self) -> Keyword {
        match self {
            BonusKind::Physical => Keyword::PhysicalImmunity,
            BonusKind::Magical => Keyword::MagicalImmunity,
        }
    }
}

/// When a printed bonus applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum During {
    /// Every test of the skill.
    Any,
    /// Only the tests of a Combat Encounter (EH) or the checks of a combat (AH2e).
    Combat,
}

/// A printed bonus: "+X skill" (`skill`) or "+X to Combat checks" (`check`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BonusDef {
    /// `None`: every skill ("+1 to all skills"); not read when `check` is given.
    pub skill: Option<Skill>,
    /// AH2e: a bonus to every check of this kind ("+3 to Combat checks"), whatever skill a card makes
    /// it test (Storm of Spirits: "use Lore instead of Fight on your Combat checks").
    pub check: Option<TestKind>,
    pub value: i32,
    pub during: During,
    /// "may": applies only when the player chose to use the card.
    pub may: bool,
    /// `None`: taken from the card (magical when the card is).
    pub kind: Option<BonusKind>,
}

/// Every card a scenario knows, by id: looked up by id at each test (its printed bonuses, hands,
/// casting), so hashed rather than ordered; nothing walks it in order.
pub type Catalog = rustc_hash::FxHashMap<String, ActiveCard>;

/// A card in play, as the kernel sees it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ActiveCard {
    pub id: String,
    pub name: String,
    pub magical: bool,
    pub bonuses: Vec<BonusDef>,
    /// AH2e: hands it takes; a card with hands gives its bonuses only while held.
    pub hands: u32,
    /// AH2e spell: cast with a Spell check (Lore + modifier) at a Sanity cost; its bonuses apply only
    /// after a successful cast, while held.
    pub casting: Option<Casting>,
    /// Kind and traits, lowercase (e.g. "weapon", "spell"), for scripts that pick a card by its kind.
    pub traits: Vec<String>,
    /// AH2e: "+N Maximum Stamina" (`max_stamina_bonus`) and "+N Maximum Sanity"
    /// (`max_sanity_bonus`) while the investigator holds it.
    pub max_health_bonus: i32,
    pub max_sanity_bonus: i32,
    /// EH Spells and Conditions: how many printed backs it has, one a copy (`backs`): a flip
    /// (`ctx.card.flip()`) draws one of them; 0 for a card without backs.
    pub backs: usize,
    /// How many copies of it the game's deck holds (`count`; else one a printed back; else 1): a
    /// Condition gained by its trait (`ctx.investigator.gain_condition_by_trait`) is drawn over
    /// the copies.
    pub copies: usize,
    /// AH2e: discarded in place of a Clue token in the token step ("Discard Research Materials
    /// instead of spending 1 Clue token").
    pub spent_as_clue: bool,
}

/// How an AH2e spell is cast.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Casting {
    /// `None`: printed "Special", the card's text gives it (Markings of Isis: "equal to the
    /// monster's horror rating"); such a spell is cast by its script (`ctx.card.cast(modifier)`),
    /// not in a round of combat.
    pub modifier: Option<i32>,
    pub sanity_cost: i32,
}

impl ActiveCard {
    pub fn kind_of(&self, bonus: &BonusDef) -> BonusKind {
        bonus.kind.unwrap_or(if self.magical {
            BonusKind::Magical
        } else {
            BonusKind::Physical
        })
    }
}
