//! Why a bonus adds nothing to a pool: the pool's assembly decides it, the transcript words it.

use super::{BonusKind, Source};
use serde::Serialize;

/// Why a bonus adds nothing to the pool.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "why", rename_all = "snake_case")]
pub enum Exclusion {
    /// AH2e: a spell's bonus before a successful cast.
    NotCast,
    /// A bonus printed for combat only, in a test outside combat.
    CombatOnly,
    /// An optional ("may") bonus the player did not choose (`choices.use`).
    NotChosen,
    /// A card blocks bonuses of this kind (`block_bonuses`).
    Blocked { kind: BonusKind, by: Source },
    /// AH2e: the monster (by id) is immune to bonuses of this kind.
    Immunity { kind: BonusKind, monster: String },
    /// AH2e: the monster (by id) has Weapon Immunity and this bonus is a Weapon's.
    WeaponImmunity { monster: String },
    /// EH: only the single highest bonus applies; this is the one used.
    NotHighest { used: Source, value: i32 },
    /// A bonus of +0 or less.
    Nothing,
}
