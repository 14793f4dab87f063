//! mythos: a rules engine for the skill tests and combat of Eldritch Horror and Arkham Horror 2nd
//! edition. `kernel` ← `defs` ← `script` ← `scenario` ← `api`; `transcript` depends on `kernel` only.
//! The `mythos` command is the binary's own crate (`src/main.rs`, `src/cli/`, feature `cli`) and uses
//! this library through its public API only.
//!
//! This crate is also a library for embedding mythos in another program (a bot, a web page, a
//! companion app). Everything is given in memory, never read from the disk: a [`Library`] of card
//! packs (the base packs are built in), a [`Scenario`] parsed from its text, then
//! [played](Scenario::play) (its transcript, its result object, its `[expect]` lines
//! [checked](Played::check)) or explored for [odds](Scenario::exact_odds); packs
//! [validated](Library::validate); [`Diagnostic`]s as data and rendered; the JSON [`Schema`]s.
//!
//! ```
//! use mythos::{Library, Scenario};
//! let text = r#"
//! game = "eldritch"
//! title = "Trish tests Strength"
//! [investigator]
//! card = "Trish Scarborough"
//! [test]
//! skill = "strength"
//! [dice]
//! faces = [5, 1, 2]
//! "#;
//! let library = Library::new();
//! let played = Scenario::parse(&library, "trish.toml", text)?.play()?;
//! assert_eq!(played.result()["tests"][0]["passed"], true);
//! println!("{}", played.transcript());
//! # Ok::<(), mythos::Error>(())
//! ```

// Diagnostics are the error type of every loading step and are built only on the cold path; boxing them
// would buy nothing measurable.
#![allow(clippy::result_large_err)]
// Every item of the public API is documented. The `bench` feature makes internals reachable for the
// bench only; they are not the API, so they are not held to it.
#![cfg_attr(not(feature = "bench"), warn(missing_docs))]

mod api;
mod defs;
mod kernel;
/// Every limit mythos works under, each with its value and why (the table of `docs/script-api.md`).
pub mod limits;
mod odds;
mod scenario;
mod schema;
mod script;
#[cfg(test)]
mod test_files;
mod transcript;

pub use api::{
    BestOdds, Card, Cards, Choice, Decision, Diagnostic, Dice, Error, Flipped, Game,
    InvestigatorOutcome, Library, Miss, Misses, MonsterOutcome, Next, Objective, Odds, OddsOf,
    Outcome, PackFiles, Played, Policy, Reading, Scenario, Schema, Step, TestOutcome, Validation,
    card_id, closest, decode_text, render, visible,
};

/// The engine's own types, for `benches/engine.rs` only (feature `bench`, which nothing else enables):
/// not part of the library API, no stability promised.
#[cfg(feature = "bench")]
#[doc(hidden)]
pub mod bench {
    pub use crate::defs::{CardSet, SourceFile, render_all};
    pub use crate::kernel::{
        Decisions, DiceSource, Effect, Encounter, Game, Hook, HookCall, HookSet, Hooks,
        KernelError, Start, TestView, procedure_for,
    };
    pub use crate::odds::{Objective, best, best_resuming, exact, exact_resuming};
    pub use crate::scenario::{Prepared, no_packs, prepare_file};
    pub use crate::script::{ScriptHooks, read_engine_names, sandboxed_engine};
}
