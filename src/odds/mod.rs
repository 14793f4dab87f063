//! Exact and sampled odds of a scenario, computed by playing it through the real kernel and the real
//! card scripts: no separate formula. May import `kernel` and `scenario`; never Rhai directly.

pub mod budget;
mod exact;
mod outcome;
mod report;
mod sample;

pub(crate) use exact::aim_scores;
#[cfg(test)]
pub(crate) use exact::best_grouping;
pub use exact::{
    BestOdds, DecisionOdds, Objective, OptionOdds, best, best_with_progress, exact,
    exact_with_progress,
};
#[cfg(feature = "bench")]
pub use exact::{best_resuming, exact_resuming};
pub use outcome::Odds;
pub use report::{Wording, best_json, best_text, decision_text, odds_json, odds_text};
pub use sample::check_samples;
pub use sample::sampled;

#[cfg(test)]
mod best_tests;
#[cfg(test)]
mod replay_tests;
#[cfg(test)]
mod tests;
