//! What a scenario asks the kernel to play: one test, a combat, or the Action a card prints.

use super::TestSpec;

/// What the scenario asks for.
#[derive(Debug, Clone, PartialEq)]
pub enum TestRequest {
    Test(TestSpec),
    /// A combat against every monster of the setup, in the order given (the game may reorder: EH puts
    /// every Normal monster before any Epic one).
    Combat,
    /// The Action a card the investigator holds prints (EH "Action:", "Local Action:"; AH2e
    /// "Movement:"), taken outside any combat: the card's `on_action` hook, then the tests it asks for.
    Action(ActionSpec),
    /// EH: the Reckoning of the Mythos Phase: each card the investigator holds whose script defines
    /// `on_reckoning`, in the order held (his card, possessions, Conditions), then the tests they ask.
    Reckoning,
}

/// The card whose Action is taken.
#[derive(Debug, Clone, PartialEq)]
pub struct ActionSpec {
    /// The card's id.
    pub card: String,
}

impl TestRequest {
    /// Whether no combat is played (a test, or an Action): odds report the first test's result.
    pub fn no_combat(&self) -> bool {
        !matches!(self, TestRequest::Combat)
    }
}
