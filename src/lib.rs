//! mythos: a rules engine for the skill tests and combat of Eldritch Horror and Arkham Horror 2nd
//! edition. `kernel` ← `defs` ← `script` ← `scenario` ← `cli`; `transcript` depends on `kernel` only.

pub mod cli;
pub mod defs;
pub mod kernel;
pub mod scenario;
pub mod script;
pub mod transcript;
