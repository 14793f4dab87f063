//! EH board state a card reads that the encounter does not change: the kind of space the
//! investigator is on, the other investigators on it, the Mysteries solved, the Ancient One, and the
//! kind of encounter the play is. Set by the scenario; read by scripts (`ctx.space`, `ctx.board`,
//! `ctx.test.encounter`). Imports nothing outside the kernel.

use std::sync::Arc;

/// The kind of an Eldritch Horror space (its colour on the board).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SpaceKind {
    City,
    Wilderness,
    Sea,
}

impl SpaceKind {
    pub const NAMES: &'static [&'static str] = &["city", "wilderness", "sea"];

    pub fn parse(s: &str) -> Option<SpaceKind> {
        match s {
            "city" => Some(SpaceKind::City),
            "wilderness" => Some(SpaceKind::Wilderness),
            "sea" => Some(SpaceKind::Sea),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            SpaceKind::City => "city",
            SpaceKind::Wilderness => "wilderness",
            SpaceKind::Sea => "sea",
        }
    }
}

/// The kind of encounter the play is (EH cards name them: "during Other World Encounters", "except
/// when resolving Research Encounters"). A scenario's `[[monsters]]` is a Combat Encounter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EncounterKind {
    /// A Location Encounter: a space's own (America, Europe, Asia/Australia) or a General one.
    Location,
    Research,
    OtherWorld,
    Expedition,
    Special,
    /// A Mystic Ruins Encounter (Signs of Carcosa).
    MysticRuins,
    /// A Dream-Quest Encounter (The Dreamlands).
    DreamQuest,
    Combat,
}

impl EncounterKind {
    /// What a scenario's `[test] encounter` may name (a Combat Encounter is `[[monsters]]`).
    pub const NAMES: &'static [&'static str] = &[
        "location",
        "research",
        "other_world",
        "expedition",
        "special",
        "mystic_ruins",
        "dream_quest",
    ];

    pub fn parse(s: &str) -> Option<EncounterKind> {
        Some(match s {
            "location" => EncounterKind::Location,
            "research" => EncounterKind::Research,
            "other_world" => EncounterKind::OtherWorld,
            "expedition" => EncounterKind::Expedition,
            "special" => EncounterKind::Special,
            "mystic_ruins" => EncounterKind::MysticRuins,
            "dream_quest" => EncounterKind::DreamQuest,
            _ => return None,
        })
    }

    pub fn as_str(self) -> &'static str {
        match self {
            EncounterKind::Location => "location",
            EncounterKind::Research => "research",
            EncounterKind::OtherWorld => "other_world",
            EncounterKind::Expedition => "expedition",
            EncounterKind::Special => "special",
            EncounterKind::MysticRuins => "mystic_ruins",
            EncounterKind::DreamQuest => "dream_quest",
            EncounterKind::Combat => "combat",
        }
    }
}

/// Another investigator on the investigator's space, by his cards: his investigator card (if named)
/// and what he holds.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct OnSpace {
    pub card: Option<String>,
    pub possessions: Vec<String>,
}

/// EH board state, fixed for a play.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Board {
    /// The kind of space the investigator is on; `None` when the scenario does not say.
    pub space: Option<SpaceKind>,
    /// Other investigators on the investigator's space.
    pub investigators_on_space: u32,
    /// Those of them the scenario names (`[[on_space]]`), each by his cards.
    pub others: Vec<OnSpace>,
    /// The cards they hold whose text acts for every investigator on their space (card key
    /// `for_your_space`), in the order named: their hooks fire in the investigator's play after his
    /// own cards'.
    pub for_the_space: Vec<String>,
    /// Mysteries solved so far (0 to 3).
    pub mysteries_solved: u32,
    /// The Ancient One's printed name; `None` when the scenario does not say.
    pub ancient_one: Option<Arc<str>>,
    /// The kind of encounter the play is: a `[test]`'s `encounter`, `Combat` for `[[monsters]]`.
    pub encounter: Option<EncounterKind>,
}
