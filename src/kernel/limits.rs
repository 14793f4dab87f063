//! The kernel's own bounds on what cards can make it do (DESIGN invariant 8); `script::Limits` lists
//! them with the script limits. Imports nothing.

/// Hooks fired by effects of hooks, nested: an `on_damage` whose effect causes a loss fires
/// `on_damage` again, and so on. A hook about to run this deep stops the run instead (E0403).
pub const HOOK_CASCADE: usize = 8;

/// Windows after a reroll (`after_reroll`) open inside one another: a reroll made in such a window
/// opens the next. A reroll this many windows deep opens none: the die stays as it shows, with a
/// transcript line (a chain of rerolls of one die that shows 1 each time, (1/6)^n, ends there).
/// Below `HOOK_CASCADE`, so that the bound is the rules' and not a stopped run.
pub const REROLL_WINDOWS: usize = 5;

const _: () = assert!(REROLL_WINDOWS + 2 < HOOK_CASCADE);

/// Tests one encounter may resolve, counting those cards asked for: a card that asks for a test
/// beyond this stops the run (E0403).
pub const TESTS_PER_ENCOUNTER: usize = 1_000;

/// Options one AH2e combat round may offer a player (`--best`, `mythos play`): each set of cards in
/// hand that fits the hands, each set of its spells cast, with Fight or Flee. Counted as they are
/// built: a round with more stops the run with its reason (E0305), never offering fewer silently. Two
/// hands of one-hand weapons stay under it up to 44 cards (2 × (1 + 44 + 946) = 1,982 options).
pub const ROUND_OPTIONS: usize = 2_048;
