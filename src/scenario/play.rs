//! A scenario file read, prepared and played to its end with its own `[dice]` (what comes out is a
//! [`Played`]).

use super::build::prepare;
use super::file::RawScenario;
use super::packs::{BaseLoader, PackReader};
use super::played::Played;
use super::prepared::Prepared;
use crate::defs::{Diagnostic, SourceFile, parse_toml_all};

/// Parses and plays one scenario file (tests; no pack folder is read).
#[cfg(test)]
pub fn play_file(file: &SourceFile, base: BaseLoader<'_>) -> Result<Played, Vec<Diagnostic>> {
    play_file_with_packs(file, base, &super::packs::no_packs)
}

/// Parses and plays one scenario file, reading the folders of its `packs` with `packs`.
#[cfg_attr(not(test), allow(dead_code))] // the unit tests'
pub fn play_file_with_packs(
    file: &SourceFile,
    base: BaseLoader<'_>,
    packs: PackReader<'_>,
) -> Result<Played, Vec<Diagnostic>> {
    prepare_file(file, base, packs)?.play()
}

/// Parses and prepares one scenario file, to be played any number of times (exact odds, sampling).
pub fn prepare_file(
    file: &SourceFile,
    base: BaseLoader<'_>,
    packs: PackReader<'_>,
) -> Result<Prepared, Vec<Diagnostic>> {
    let raw: RawScenario = parse_toml_all(file)?;
    prepare(raw, file, base, packs)
}
