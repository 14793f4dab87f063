//! What a scenario asks the kernel to play: one test, or a combat.

use super::TestSpec;

/// What the scenario asks for.
#[derive(Debug, Clone, PartialEq)]
pub enum TestRequest {
    Test(TestSpec),
    /// A combat against every monster of the setup, in the order given (the game may reorder: EH puts
    /// every Normal monster before any Epic one).
    Combat,
}
