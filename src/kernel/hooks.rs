//! The hook contract as the kernel sees it: which hooks exist, what a hook may read, and the trait
//! through which `script/` answers. The kernel calls only hooks a card defines. Imports nothing
//! outside the kernel. The hooks `before_encounter` and `after_encounter` keep the rules' word in
//! their script names; in the code they are `Hook::BeforeCombat` and `Hook::AfterCombat`.

use super::{
    DiceSource, Effect, Game, Investigator, KernelError, Monster, Skill, Slot, Source, Stat,
    Target, TestKind,
};
use std::fmt;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Hook {
    BeforeCombat,
    BeforeTest,
    OnPool,
    AfterRoll,
    AfterTest,
    OnDamage,
    AfterCombat,
    /// A Condition is about to be gained (`TestView::gaining`): a held card may replace the gain
    /// (Blessed: "If you would gain a Cursed Condition, discard this card instead").
    OnGainCondition,
}

impl Hook {
    pub const ALL: [Hook; 8] = [
        Hook::BeforeCombat,
        Hook::BeforeTest,
        Hook::OnPool,
        Hook::AfterRoll,
        Hook::AfterTest,
        Hook::OnDamage,
        Hook::AfterCombat,
        Hook::OnGainCondition,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Hook::BeforeCombat => "before_encounter",
            Hook::BeforeTest => "before_test",
            Hook::OnPool => "on_pool",
            Hook::AfterRoll => "after_roll",
            Hook::AfterTest => "after_test",
            Hook::OnDamage => "on_damage",
            Hook::AfterCombat => "after_encounter",
            Hook::OnGainCondition => "on_gain_condition",
        }
    }

    pub fn parse(s: &str) -> Option<Hook> {
        Hook::ALL.into_iter().find(|h| h.name() == s)
    }

    const fn bit(self) -> u8 {
        1 << self as u8
    }
}

/// The hooks one card defines.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct HookSet(u8);

impl HookSet {
    pub const NONE: HookSet = HookSet(0);

    #[must_use]
    pub const fn with(self, hook: Hook) -> HookSet {
        HookSet(self.0 | hook.bit())
    }

    pub const fn contains(self, hook: Hook) -> bool {
        self.0 & hook.bit() != 0
    }
}

impl fmt::Display for Hook {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A loss about to be applied, as `on_damage` sees it.
#[derive(Debug, Clone, PartialEq)]
pub struct LossView {
    pub target: Target,
    pub stat: Stat,
    pub amount: i32,
    /// The card or rule that causes it.
    pub cause: Source,
}

/// The combat under way, as hooks see it (`ctx.encounter`).
#[derive(Debug, Clone, PartialEq, Default, Hash)]
pub struct CombatView {
    /// 1-based: the how-manieth monster of this phase.
    pub number: usize,
    pub ambush: bool,
    /// The monster's damage value after modifiers (Fishing Net).
    pub damage_value: Option<i32>,
    pub will_result: Option<u32>,
    pub will_passed: Option<bool>,
    pub strength_result: Option<u32>,
    pub strength_passed: Option<bool>,
    /// Sanity lost from the Will test.
    pub sanity_lost: i32,
    /// Health lost from the Strength test.
    pub health_lost: i32,
}

/// What a hook may read: the test under way and the state around it (copies; writing goes through
/// effects).
#[derive(Debug, Clone, PartialEq)]
pub struct TestView {
    pub game: Game,
    /// Whether a test is under way (`ctx.test` is `()` when not: before and after an encounter, and
    /// a loss or gain outside a test). The test fields below are placeholders when it is false.
    pub testing: bool,
    /// The skill tested (after any replacement).
    pub skill: Skill,
    /// The skill the test was printed with (the Strength test of a combat stays "strength" here when a
    /// card makes it a Lore test).
    pub printed_skill: Skill,
    pub kind: TestKind,
    pub modifier: i32,
    pub difficulty: u32,
    pub in_combat: bool,
    pub slot: Option<Slot>,
    pub faces: Vec<u8>,
    /// The lowest face that is a success, and faces that count otherwise (`count_face`).
    pub success_from: u8,
    pub counts: Vec<(u8, u32)>,
    pub successes: u32,
    pub passed: bool,
    pub loss: Option<LossView>,
    /// In `on_gain_condition`: the id of the Condition about to be gained.
    pub gaining: Option<String>,
    pub investigator: std::sync::Arc<Investigator>,
    pub monster: Option<std::sync::Arc<Monster>>,
    /// The combat under way, if any (`ctx.encounter`).
    pub combat: Option<CombatView>,
    /// AH2e: whether this card is held in hand this round.
    pub in_hand: bool,
    pub open_gates: u32,
    /// Every card's kind and traits (scripts read them through `possession_traits`).
    pub catalog: std::sync::Arc<std::collections::BTreeMap<String, super::ActiveCard>>,
    /// Whether the player chose to use this card's optional effect (`choices.use`).
    pub chosen: bool,
    pub investigators_in_game: u32,
}

impl TestView {
    /// Positions (from 0) of the dice that are not successes, lowest face first.
    pub fn failing_dice(&self) -> Vec<usize> {
        super::failing_dice(&self.faces, self.success_from, &self.counts)
    }
}

/// A call of one card's hook.
pub struct HookCall<'a> {
    pub card: &'a str,
    pub hook: Hook,
    pub view: TestView,
}

/// Why a hook failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HookFault {
    /// The script raised an error (a bad argument, an unknown stat, a thrown value).
    Error,
    /// The script hit a sandbox limit (operations, call depth, sizes, effects), or the kernel's
    /// bound on hook cascades or tests asked for.
    Limit,
}

/// A hook that failed: the script's error, with where it happened.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{message}")]
pub struct HookError {
    pub card: String,
    pub hook: Hook,
    pub message: String,
    /// The script's own error, or a sandbox limit it hit.
    pub fault: HookFault,
    pub line: Option<usize>,
    pub column: Option<usize>,
}

pub trait Hooks {
    /// The hooks `card` defines. A card is never called at a hook it does not define.
    fn defined(&self, card: &str) -> HookSet;
    /// Runs one hook. Dice the script rolls come from `dice`.
    fn call(
        &mut self,
        call: HookCall<'_>,
        dice: &mut DiceSource,
    ) -> Result<Vec<Effect>, KernelError>;
}
