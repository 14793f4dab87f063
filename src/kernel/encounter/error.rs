//! The errors an encounter raises itself: a rule a hook's effect broke, a kernel limit a card ran into.

use super::*;
use crate::kernel::{KernelLimit, Refusal};

impl Encounter {
    /// A hook asked for something the rules do not allow at that point.
    pub(super) fn rule_error(card: &str, hook: Hook, refusal: Refusal) -> KernelError {
        KernelError::Rule {
            card: card.to_string(),
            hook: Some(hook),
            refusal,
            effect: None,
        }
    }
}

/// A kernel limit a card ran into: reported like a sandbox limit of its script (E0403), at its hook.
pub(super) fn limit_error(card: &str, hook: Hook, limit: KernelLimit) -> KernelError {
    KernelError::Limit {
        card: card.to_string(),
        hook,
        limit,
    }
}
