//! Exact and sampled odds of a scenario, computed by playing it through the real kernel and the real
//! card scripts: no separate formula. May import `kernel` and `scenario`; never Rhai directly.

mod exact;
mod outcome;
mod report;
mod sample;

pub use exact::{MAX_RUNS, class_multisets, exact, exact_with, multisets};
pub use outcome::{Odds, Outcome};
pub use report::{odds_json, odds_text};
pub use sample::sampled;
