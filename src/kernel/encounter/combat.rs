//! The combat under way, as the encounter keeps it between its hooks.

use super::*;

/// The combat under way (EH: the Combat Encounter with one monster; AH2e: the combat).
#[derive(Debug, Clone, Default, Hash)]
pub struct CombatState {
    pub view: CombatView,
    /// Bonuses that last for this combat: (source, skill or every skill, value).
    pub bonuses: Vec<(Source, Option<Skill>, i32)>,
    /// AH2e: bonuses that last for this combat to every check of a kind, whatever its skill:
    /// (source, kind of check, value).
    pub check_bonuses: Vec<(Source, TestKind, i32)>,
    pub strength_first: bool,
    /// AH2e: the round of Fight or Flee under way.
    pub round: usize,
    /// AH2e: cards held this round.
    pub hands: Vec<String>,
    /// AH2e: spells cast successfully and held since.
    pub cast: Vec<String>,
    /// AH2e: the cards (copy keys) a card made magical for this combat (`ctx.combat.make_magical`,
    /// Enchant Weapon): their bonuses count as magical.
    pub magical: Vec<String>,
    /// AH2e: a card ended the combat (the Nightgaunt with no open gate).
    pub ended: bool,
    /// AH2e: the investigator left the monster's location (drawn through a gate, lost in time and
    /// space): no further monster of it is met.
    pub left: bool,
    /// AH2e: the monster as it was when the rounds of Fight or Flee began, which they read.
    pub printed: Option<Arc<Monster>>,
}
