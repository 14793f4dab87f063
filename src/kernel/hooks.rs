//! The hook contract as the kernel sees it: which hooks exist, what a hook may read, and the trait
//! through which `script/` answers. The kernel calls only hooks a card defines.

use super::{DiceSource, Effect, Game, Investigator, KernelError, Monster, Skill, Stat};
use std::fmt;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Hook {
    BeforeTest,
    OnPool,
    AfterRoll,
    AfterTest,
    OnDamage,
}

impl Hook {
    pub const ALL: [Hook; 5] = [
        Hook::BeforeTest,
        Hook::OnPool,
        Hook::AfterRoll,
        Hook::AfterTest,
        Hook::OnDamage,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Hook::BeforeTest => "before_test",
            Hook::OnPool => "on_pool",
            Hook::AfterRoll => "after_roll",
            Hook::AfterTest => "after_test",
            Hook::OnDamage => "on_damage",
        }
    }

    pub fn parse(s: &str) -> Option<Hook> {
        Hook::ALL.into_iter().find(|h| h.name() == s)
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
    /// "investigator" or the monster's id.
    pub target: String,
    pub stat: Stat,
    pub amount: i32,
    /// The card or rule that causes it.
    pub cause: String,
}

/// What a hook may read: the test under way and the state around it (copies; writing goes through
/// effects).
#[derive(Debug, Clone, PartialEq)]
pub struct TestView {
    pub game: Game,
    /// The skill tested (after any replacement).
    pub skill: Skill,
    /// The skill the test was printed with (the Strength test of a combat stays "strength" here when a
    /// card makes it a Lore test).
    pub printed_skill: Skill,
    pub kind: String,
    pub modifier: i32,
    pub difficulty: u32,
    pub in_combat: bool,
    pub faces: Vec<u8>,
    pub successes: u32,
    pub passed: bool,
    pub loss: Option<LossView>,
    pub investigator: Investigator,
    pub monster: Option<Monster>,
    /// Whether the player chose to use this card's optional effect (`choices.use`).
    pub chosen: bool,
    pub investigators_in_game: u32,
}

/// A call of one card's hook.
pub struct HookCall<'a> {
    pub card: &'a str,
    pub hook: Hook,
    pub view: &'a TestView,
}

/// A hook that failed: the script's error, with where it happened.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{message}")]
pub struct HookError {
    pub card: String,
    pub hook: Hook,
    pub message: String,
    /// Stable diagnostic code (e.g. `E0402`).
    pub code: &'static str,
    pub line: Option<usize>,
    pub column: Option<usize>,
}

pub trait Hooks {
    /// Whether `card` defines `hook`. Cards without it are never called.
    fn has(&self, card: &str, hook: Hook) -> bool;
    /// Runs one hook. Dice the script rolls come from `dice`.
    fn call(
        &mut self,
        call: HookCall<'_>,
        dice: &mut DiceSource,
    ) -> Result<Vec<Effect>, KernelError>;
}

/// For kernel tests and cards without scripts.
pub struct NoHooks;

impl Hooks for NoHooks {
    fn has(&self, _: &str, _: Hook) -> bool {
        false
    }
    fn call(&mut self, _: HookCall<'_>, _: &mut DiceSource) -> Result<Vec<Effect>, KernelError> {
        Ok(Vec::new())
    }
}
