//! Every limit a card script runs under, in one place (DESIGN invariant 8; the sandbox section of docs/script-api.md
//! lists them). Imports the kernel's own bounds only.

use crate::kernel;

/// Every limit a card script runs under, in one place (the sandbox section of docs/script-api.md lists them).
pub struct Limits;

impl Limits {
    /// Operations one hook call may take: a loop that runs away stops here.
    pub const OPERATIONS: u64 = 100_000;
    /// Operations all hook calls of one run may take together: a card whose every hook runs up to
    /// `OPERATIONS`, called at each of many tests, stops here.
    pub const RUN_OPERATIONS: u64 = 1_000_000;
    /// Nested function calls: recursion without end stops here.
    pub const CALL_LEVELS: usize = 32;
    pub const EXPR_DEPTH: usize = 64;
    pub const FN_EXPR_DEPTH: usize = 32;
    /// Bytes in one string (all strings of one array or map together): the largest a card reads,
    /// `investigator` with its possessions and conditions, holds a few hundred.
    pub const STRING_SIZE: usize = 4_096;
    /// Elements of one array (nested arrays counted together): the largest a card reads is the dice
    /// of a pool (`faces`), a dozen in play, at most a few dozen.
    pub const ARRAY_SIZE: usize = 256;
    /// Entries of one map (nested maps counted together).
    pub const MAP_SIZE: usize = 100;
    /// Bytes in one map key: Rhai's size limits do not count keys, so a key longer than this is
    /// refused when the script is loaded (a literal) or when it is added (`m[k] = v`).
    pub const MAP_KEY: usize = 64;
    /// Variables alive at once, in every function of one call together.
    pub const VARIABLES: usize = 100;
    pub const FUNCTIONS: usize = 64;
    /// Effects (`ctx` methods that change something) one hook call may ask for.
    pub const EFFECTS: usize = 100;
    /// Bytes of text (`print`, `debug`, `ctx.note`) one hook call may write into the transcript;
    /// what is past it is cut, with one line saying so.
    pub const PRINTED_PER_HOOK: usize = 4_096;
    /// Bytes of text all hooks of one run together may write into the transcript.
    pub const PRINTED_PER_RUN: usize = 65_536;
    /// Bytes of text one hook call may ask to write, cut or not: formatting a value costs time that
    /// the operations limit does not count, so a hook that asks for more stops (E0403).
    pub const PRINT_ASKED_PER_HOOK: usize = 65_536;
    /// Hooks fired by effects of hooks, nested (an `on_damage` that causes a loss fires
    /// `on_damage` again): kept in the kernel, which fires them.
    #[allow(
        dead_code,
        reason = "named in the one table of limits; the kernel enforces it"
    )]
    pub const HOOK_CASCADE: usize = kernel::HOOK_CASCADE;
    /// Tests one encounter may resolve, counting those cards asked for: kept in the kernel.
    #[allow(
        dead_code,
        reason = "named in the one table of limits; the kernel enforces it"
    )]
    pub const TESTS: usize = kernel::TESTS_PER_ENCOUNTER;
    /// Options of one AH2e combat round offered to a player (`--best`, `mythos play`): kept in the
    /// kernel, which builds them.
    #[allow(
        dead_code,
        reason = "named in the one table of limits; the kernel enforces it"
    )]
    pub const ROUND_OPTIONS: usize = kernel::ROUND_OPTIONS;
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
