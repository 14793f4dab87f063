//! The limits a card script runs under, by the sandbox's names (their values and reasons are rows of
//! `crate::limits`), and how a passed one is worded. Imports the table of limits only.

use crate::limits;

/// Every limit a card script runs under, under the names the sandbox uses: rows of the one table of
/// limits (`crate::limits`, where each value and its reason are; docs/script-api.md lists them).
pub struct Limits;

impl Limits {
    pub const OPERATIONS: u64 = limits::HOOK_OPERATIONS;
    pub const RUN_OPERATIONS: u64 = limits::RUN_OPERATIONS;
    pub const CALL_LEVELS: usize = limits::CALL_LEVELS;
    pub const EXPR_DEPTH: usize = limits::EXPR_DEPTH;
    pub const FN_EXPR_DEPTH: usize = limits::FN_EXPR_DEPTH;
    pub const STRING_SIZE: usize = limits::STRING_SIZE;
    pub const ARRAY_SIZE: usize = limits::ARRAY_SIZE;
    pub const MAP_SIZE: usize = limits::MAP_SIZE;
    pub const MAP_KEY: usize = limits::MAP_KEY;
    pub const VARIABLES: usize = limits::VARIABLES;
    pub const FUNCTIONS: usize = limits::FUNCTIONS;
    pub const EFFECTS: usize = limits::EFFECTS;
    pub const PRINTED_PER_HOOK: usize = limits::PRINTED_PER_HOOK;
    pub const PRINTED_PER_RUN: usize = limits::PRINTED_PER_RUN;
    pub const PRINT_ASKED_PER_HOOK: usize = limits::PRINT_ASKED_PER_HOOK;
}

/// A sandbox limit a hook call passed while it ran (E0403), as its diagnostic says it: one wording
/// for each limit, whichever counter stopped the call (Rhai's own count of operations or the
/// engine's, which adds the work of `charged` functions).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Passed {
    /// `Limits::OPERATIONS` in one hook call.
    Operations,
    /// `Limits::RUN_OPERATIONS` in the hook calls of one run together.
    RunOperations,
    /// `Limits::PRINT_ASKED_PER_HOOK` bytes of text asked for in one hook call.
    PrintAsked,
    /// `Limits::EFFECTS` effects asked for in one hook call.
    Effects,
}

impl Passed {
    /// The diagnostic's message.
    pub fn message(self) -> String {
        match self {
            Passed::Operations => format!(
                "took more than {} operations in one hook call (a function's work on a large \
                 array, map or string counts as many operations)",
                Limits::OPERATIONS
            ),
            Passed::RunOperations => format!(
                "the hooks of this run took more than {} operations together",
                Limits::RUN_OPERATIONS
            ),
            Passed::PrintAsked => format!(
                "asked to write more than {} bytes of text in one hook call",
                Limits::PRINT_ASKED_PER_HOOK
            ),
            Passed::Effects => format!(
                "more than {} effects asked for in one hook call",
                Limits::EFFECTS
            ),
        }
    }
}
