//! mythos: a rules engine for the skill tests and combat of Eldritch Horror and Arkham Horror 2nd
//! edition. `kernel` ← `defs` ← `script` ← `scenario` ← `cli`; `transcript` depends on `kernel` only.

// Diagnostics are the error type of every loading step and are built only on the cold path; boxing them
// would buy nothing measurable.
#![allow(clippy::result_large_err)]

pub mod cli;
pub mod defs;
pub mod kernel;
pub mod odds;
pub mod scenario;
pub mod schema;
pub mod script;
pub mod transcript;
