//! The kernel's own bounds on what cards can make it do (DESIGN invariant 8): rows of the one table of
//! limits (`crate::limits`), with their reasons there. Imports the table of limits only.

pub use crate::limits::{HOOK_CASCADE, REROLL_WINDOWS, ROUND_OPTIONS, TESTS_PER_ENCOUNTER};
