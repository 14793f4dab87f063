//! How playing an encounter fails: the dice ran out (exact odds ask for more), a hook failed (the
//! script's error or a limit it hit), or a hook asked for what the rules do not allow. Imports the
//! hook points and the dice only.

use super::{DecisionNeeded, DiceError, Hook, KernelLimit, Refusal, SetupProblem, TooManyOptions};

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

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum KernelError {
    #[error(transparent)]
    Dice(#[from] DiceError),
    #[error(transparent)]
    Hook(#[from] HookError),
    /// The replayed decisions end here (exact odds under the best policy, `mythos play`).
    #[error(transparent)]
    Decision(#[from] DecisionNeeded),
    /// A hook asked for something the rules do not allow at that point.
    /// The words are the diagnostic's (`scenario::refusal`): the kernel gives the typed refusal.
    #[error("{card}: {refusal:?}")]
    Rule {
        card: String,
        hook: Option<Hook>,
        refusal: Refusal,
        /// The effect of the hook call that was refused, when an effect was (so that the script's
        /// line that asked for it can be shown).
        effect: Option<EffectAt>,
    },
    /// A choice of the scenario's that the rules refuse once play reaches it, about the part of the
    /// setup it was written in (AH2e: a round casting a spell its card exhausted, `rounds[i].cast[j]`).
    #[error("the scenario's choices: {:?} ({:?})", .0.problem, .0.part)]
    Choice(SetupProblem),
    /// A kernel limit a card ran into (`crate::limits`): reported like a sandbox limit of its
    /// script (E0403), at its hook.
    #[error("{card}: {limit:?} in {hook}")]
    Limit {
        card: String,
        hook: Hook,
        limit: KernelLimit,
    },
    /// A question of the player with more options than `ROUND_OPTIONS` (`kernel::limits`).
    #[error(transparent)]
    TooManyOptions(#[from] TooManyOptions),
}

/// One effect of one hook call: the call's depth in the cascade of hooks (`HookCall::depth`) and the
/// effect's place in the list the call returned.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EffectAt {
    pub depth: usize,
    pub index: usize,
}

impl KernelError {
    /// This error, as the refusal of effect `index` of `card`'s `hook` called at `depth`, if it is a
    /// refusal of that card's hook that names no effect yet (one raised by a hook it fired names its
    /// own).
    pub fn refusing(mut self, card: &str, hook: Hook, depth: usize, index: usize) -> KernelError {
        if let KernelError::Rule {
            card: c,
            hook: h,
            effect: e @ None,
            ..
        } = &mut self
            && c == card
            && *h == Some(hook)
        {
            *e = Some(EffectAt { depth, index });
        }
        self
    }
}
