//! Card definitions: TOML text → validated cards, the base packs, and the diagnostics that point at the
//! line of a broken file. Receives (path, text) pairs and never reads the disk itself; may import
//! `kernel`, never `rhai`.

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

pub use card::Card;
pub use code::Code;
pub use diagnostic::{Diagnostic, Diagnostics, SourceFile, json_all, render, render_all};
pub use id::{card_id, closest};
pub use numbers::{int, int_opt, out_of_range};
pub use pack::{BASE_PACK, Pack, RawManifest};
pub use parse::{parse_toml, parse_toml_all, toml_diagnostic};
pub use raw::{CardKind, RawBonus, RawCard, RawRating, RawTest};
pub use script_source::{MOST_SCRIPT_COLUMNS, MOST_SCRIPT_LINES, ScriptSource};
pub use set::{CardSet, Origin, embedded_base_files};
