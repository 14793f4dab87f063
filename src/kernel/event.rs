//! Everything that happens, as data. The kernel emits these; `transcript/` turns them into text and
//! JSON. A card is named by its id; the transcript looks its printed name up.

use super::{Skill, Slot, Stat, Status};
use serde::Serialize;

/// What a line of the dice pool is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PartKind {
    Skill,
    Modifier,
    Improvement,
    Bonus,
    AdditionalDice,
    FewerDice,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    TestBegins {
        test: usize,
        skill: Skill,
        kind: String,
        modifier: i32,
        difficulty: u32,
        combat: bool,
        /// Which printed test of the monster this is.
        #[serde(skip_serializing_if = "Option::is_none")]
        slot: Option<Slot>,
    },
    SkillReplaced {
        source: String,
        from: Skill,
        to: Skill,
    },
    TestSkipped {
        source: String,
        reason: String,
    },
    PoolPart {
        part: PartKind,
        source: String,
        amount: i32,
    },
    BonusIgnored {
        source: String,
        amount: i32,
        reason: String,
    },
    BonusHalved {
        source: String,
        from: i32,
        to: i32,
        reason: String,
    },
    /// AH2e: a Clue token spent for an extra die.
    ClueDie {
        face: u8,
        clues_left: i32,
    },
    /// AH2e: a round of Fight or Flee begins.
    RoundBegins {
        round: usize,
        action: String,
        hands: Vec<String>,
    },
    /// AH2e: the investigator moves (hospital, asylum, through a gate, lost in time and space).
    Moved {
        to: String,
        source: String,
    },
    Pool {
        total: i32,
        rolled: usize,
    },
    SuccessRule {
        source: String,
        from: u8,
    },
    CountRule {
        source: String,
        face: u8,
        successes: u32,
    },
    DicePerClue {
        source: String,
        dice: u32,
    },
    Rolled {
        faces: Vec<u8>,
    },
    Reroll {
        /// 1-based position of the die.
        die: usize,
        from: u8,
        to: u8,
        source: String,
    },
    FaceSet {
        die: usize,
        from: u8,
        to: u8,
        source: String,
    },
    TestResult {
        test: usize,
        faces: Vec<u8>,
        successes: u32,
        difficulty: u32,
        passed: bool,
    },
    DiceRolled {
        source: String,
        faces: Vec<u8>,
    },
    Gained {
        stat: Stat,
        amount: i32,
        now: i32,
        source: String,
    },
    Spent {
        stat: Stat,
        amount: i32,
        now: i32,
        source: String,
    },
    Lost {
        target: String,
        stat: Stat,
        amount: i32,
        now: i32,
        source: String,
    },
    LossChanged {
        source: String,
        from: i32,
        to: i32,
    },
    ConditionGained {
        condition: String,
        source: String,
    },
    ConditionDiscarded {
        condition: String,
        source: String,
    },
    Discarded {
        card: String,
        source: String,
    },
    MonsterDefeated {
        monster: String,
        source: String,
    },
    EncounterBegins {
        monster: String,
        number: usize,
        epic: bool,
        ambush: bool,
        toughness: i32,
        /// Health tokens already on it.
        damage: i32,
    },
    EncounterEnds {
        monster: String,
        defeated: bool,
        place: String,
        damage: i32,
    },
    StatusChanged {
        status: Status,
    },
    Note {
        source: String,
        text: String,
    },
}
