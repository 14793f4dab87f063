//! A scenario file played to its end with its own `[dice]`: the final state, the transcript, and the
//! diagnostic of a hook that failed.

use super::build::prepare;
use super::file::RawScenario;
use super::packs::PackReader;
use super::prepared::Prepared;
use crate::defs::{CardSet, Diagnostic, Diagnostics, SourceFile, parse_toml_all};
use crate::kernel::{Encounter, Game, Investigator};
use std::collections::BTreeMap;

/// A scenario that was played: the final state and transcript, or the state when a hook failed
/// together with the diagnostic (nothing of the failed hook applied).
pub struct Played {
    pub scenario: RawScenario,
    pub file: SourceFile,
    pub encounter: Encounter,
    /// The investigator as the scenario set them up, before anything happened.
    pub start: Investigator,
    pub set: CardSet,
    pub error: Option<Diagnostic>,
}

impl Played {
    pub fn names(&self) -> BTreeMap<String, String> {
        self.set
            .cards
            .iter()
            .map(|(id, c)| (id.clone(), c.name.clone()))
            .collect()
    }

    /// Card id → printed text.
    pub fn texts(&self) -> BTreeMap<String, String> {
        self.set
            .cards
            .iter()
            .map(|(id, c)| (id.clone(), c.text.clone()))
            .collect()
    }

    /// The id of every card in play at the start or at the end: the investigator's card, possessions
    /// and conditions, and the monsters; sorted, each once.
    pub fn cards_in_play(&self) -> Vec<&str> {
        let mut ids: Vec<&str> = Vec::new();
        for inv in [&self.start, &self.encounter.investigator] {
            ids.extend(inv.card.as_deref());
            ids.extend(inv.possessions.iter().map(String::as_str));
            ids.extend(inv.conditions.iter().map(String::as_str));
        }
        ids.extend(self.encounter.monsters.iter().map(|m| m.id.as_str()));
        ids.sort_unstable();
        ids.dedup();
        ids
    }
}

/// Where a game's base pack comes from (the embedded one, or `--base DIR`).
pub type BaseLoader<'a> = &'a dyn Fn(Game) -> Result<CardSet, Diagnostics>;

/// Parses and plays one scenario file (tests; no pack folder is read).
#[cfg(test)]
pub fn play_file(file: &SourceFile, base: BaseLoader<'_>) -> Result<Played, Vec<Diagnostic>> {
    play_file_with_packs(file, base, &super::packs::no_packs)
}

/// Parses and plays one scenario file, reading the folders of its `packs` with `packs`.
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
