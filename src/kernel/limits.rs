//! The kernel's own bounds on what cards can make it do (DESIGN invariant 8); `script::Limits` lists
//! them with the script limits. Imports nothing.

/// Hooks fired by effects of hooks, nested: an `on_damage` whose effect causes a loss fires
/// `on_damage` again, and so on. A hook about to run this deep stops the run instead (E0403).
pub const HOOK_CASCADE: usize = 8;

/// Tests one encounter may resolve, counting those cards asked for: a card that asks for a test
/// beyond this stops the run (E0403).
pub const TESTS_PER_ENCOUNTER: usize = 1_000;
