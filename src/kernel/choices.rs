//! The player's decisions as the kernel reads them: how tokens are spent on a test, and (AH2e) each
//! round of Fight or Flee. Each has one machine spelling, the strings of the scenario's `[choices]`.
//! Imports nothing outside the kernel.

/// How the player spends tokens on a test.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Policy {
    None,
    UntilPass,
    Max,
}

impl Policy {
    pub fn parse(s: &str) -> Option<Policy> {
        match s {
            "none" => Some(Policy::None),
            "until_pass" => Some(Policy::UntilPass),
            "max" => Some(Policy::Max),
            _ => None,
        }
    }
}

/// AH2e: what the investigator does in a round of combat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    #[default]
    Fight,
    Flee,
}

impl Action {
    pub fn parse(s: &str) -> Option<Action> {
        match s {
            "fight" => Some(Action::Fight),
            "flee" => Some(Action::Flee),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Action::Fight => "fight",
            Action::Flee => "flee",
        }
    }
}

/// AH2e: one round of Fight or Flee as the player plays it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Round {
    pub action: Action,
    /// Weapons and spells in hand (at most two hands).
    pub wield: Vec<String>,
    /// Spells among `wield` cast this round.
    pub cast: Vec<String>,
}
