//! A scenario that was played ([`Played`]): what it was, its final state and transcript, and the
//! diagnostic of a hook that failed.

use super::file::RawScenario;
use crate::defs::{CardSet, Diagnostic, SourceFile};
use crate::kernel::{Encounter, Investigator};
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
    /// and conditions, the monsters, and the AH2e Environment in play; sorted, each once.
    pub fn cards_in_play(&self) -> Vec<&str> {
        let mut ids: Vec<&str> = Vec::new();
        for inv in [&self.start, &self.encounter.table.investigator] {
            ids.extend(inv.card.as_deref());
            ids.extend(inv.possessions.iter().map(String::as_str));
            ids.extend(inv.conditions.iter().map(String::as_str));
        }
        ids.extend(self.encounter.table.monsters.iter().map(|m| m.id.as_ref()));
        ids.extend(self.encounter.setup.rules.environment.as_deref());
        ids.sort_unstable();
        ids.dedup();
        ids
    }
}
