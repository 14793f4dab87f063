//! Card definitions: TOML text → validated cards, the base packs, and the diagnostics that point at the
//! line of a broken file. Receives (path, text) pairs and never reads the disk itself; may import
//! `kernel`, never `rhai`.

mod bonus;
mod card;
mod code;
mod diagnostic;
mod id;
mod numbers;
mod pack;
mod parse;
mod raw;
mod script_source;
mod set;
mod shipped;

pub use card::Card;
pub use code::Code;
pub use diagnostic::{Diagnostic, Diagnostics, SourceFile, render};
// The unit tests' and the bench's (the command line renders through the public API).
#[cfg(any(test, feature = "bench"))]
pub use diagnostic::render_all;
pub use id::{card_id, closest};
pub use numbers::{int, int_opt, out_of_range};
#[cfg(test)]
pub use pack::RawManifest;
pub use pack::{BASE_PACK, Pack, in_requires_order};
pub use parse::{parse_toml_all, toml_diagnostic};
pub use raw::{CardKind, RATING_X, RawCard};
#[cfg(test)]
pub use script_source::MOST_SCRIPT_LINES;
pub use script_source::ScriptSource;
pub use set::{CardSet, embedded_base_files};
pub use shipped::{set_title, shipped_packs};
