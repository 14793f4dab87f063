//! The opening and closing lines of a transcript: what the scenario is and who the investigator is;
//! where the investigator and each monster end. Depends on `kernel` only.

use super::words::{Names, Title, Words, counters, plural, signed, status_text};
use crate::kernel::{Board, EncounterKind, Game, Investigator, Monster, Place, SpaceKind, visible};
use std::fmt::Write;

/// The closing lines: where the investigator (and each monster) stands.
pub fn render_summary(
    inv: &Investigator,
    monsters: &[std::sync::Arc<Monster>],
    game: Game,
    names: &Names,
) -> String {
    let w = Words::names_only(names, game);
    let mut out = String::new();
    let _ = write!(
        out,
        "\nEnd: {} — {}",
        visible(&inv.name),
        counters(inv, game)
    );
    let delayed = if inv.delayed { ", delayed" } else { "" };
    let _ = writeln!(out, "; {}{delayed}", status_text(inv.status));
    if !inv.conditions.is_empty() {
        let list: Vec<String> = inv.conditions.iter().map(|c| w.card(c)).collect();
        let _ = writeln!(out, "  conditions: {}", list.join(", "));
    }
    for m in monsters {
        let state = match (m.defeated, m.place) {
            (true, Place::Trophy) => "defeated, a trophy".to_string(),
            (true, Place::Box) => "defeated, in the box".to_string(),
            (true, _) => "defeated, in the cup".to_string(),
            (false, Place::Cup) => "not defeated, back in the cup".to_string(),
            (false, Place::Evaded) => "evaded".to_string(),
            (false, _) if game == Game::Arkham => "on the space".to_string(),
            (false, _) => format!(
                "on the space with {}",
                plural(m.health_tokens, "Health token", "Health tokens")
            ),
        };
        let _ = writeln!(out, "  {}: {state}", visible(&m.name));
    }
    out
}

/// AH2e: what a scenario sets of the town (`terror_level`, `environment`), for the header; each
/// `None` when the scenario does not set it.
#[derive(Debug, Clone, Copy, Default)]
pub struct Town<'a> {
    pub terror_level: Option<u32>,
    /// The Environment (Mythos card) in play, by id.
    pub environment: Option<&'a str>,
}

/// The opening lines: what the scenario is and who the investigator is.
pub fn render_header(
    title: Option<&str>,
    source: Option<&str>,
    inv: &Investigator,
    game: Game,
    (board, town): (&Board, Town<'_>),
    names: &Names,
) -> String {
    let w = Words::names_only(names, game);
    let mut out = String::new();
    let game_name = match game {
        Game::Eldritch => "Eldritch Horror",
        Game::Arkham => "Arkham Horror (2nd edition)",
    };
    // The scenario's words, each one line: a line break in them is shown as `\n`.
    let _ = writeln!(out, "{}", visible(title.unwrap_or("(untitled scenario)")));
    let _ = writeln!(out, "game: {game_name}");
    if let Some(s) = source {
        let _ = writeln!(out, "source: {}", visible(s));
    }
    let skills: Vec<String> = game
        .skills()
        .iter()
        .map(|s| format!("{} {}", s.title(), inv.skill(*s)))
        .collect();
    let _ = write!(
        out,
        "\n{}: {}; {}",
        visible(&inv.name),
        skills.join(", "),
        counters(inv, game)
    );
    let _ = writeln!(out);
    if let Some(line) = board_line(board) {
        let _ = writeln!(out, "  board: {line}");
    }
    // AH2e: the terror level and the Environment in play, as a scenario sets them.
    let mut town_parts = Vec::new();
    if let Some(t) = town.terror_level {
        town_parts.push(format!("the terror level stands at {t}"));
    }
    if let Some(e) = town.environment {
        town_parts.push(format!("the Environment in play is {}", w.card(e)));
    }
    if !town_parts.is_empty() {
        let _ = writeln!(out, "  Arkham: {}", town_parts.join("; "));
    }
    // EH `[[on_space]]`: each other investigator named on the space, by his cards.
    for other in &board.others {
        let who = other
            .card
            .as_ref()
            .map_or_else(|| "an investigator".to_string(), |c| w.card(c));
        let held: Vec<String> = other.possessions.iter().map(|c| w.card(c)).collect();
        if held.is_empty() {
            let _ = writeln!(out, "  on the space: {who}");
        } else {
            let _ = writeln!(out, "  on the space: {who}, holding {}", held.join(", "));
        }
    }
    if !inv.improvements.is_empty() {
        let list: Vec<String> = inv
            .improvements
            .iter()
            .map(|(s, v)| format!("{} {}", s.title(), signed(*v)))
            .collect();
        let _ = writeln!(out, "  tokens: {}", list.join(", "));
    }
    if !inv.possessions.is_empty() {
        let list: Vec<String> = inv.possessions.iter().map(|c| w.card(c)).collect();
        let _ = writeln!(out, "  possessions: {}", list.join(", "));
    }
    if !inv.conditions.is_empty() {
        let list: Vec<String> = inv.conditions.iter().map(|c| w.card(c)).collect();
        let _ = writeln!(out, "  conditions: {}", list.join(", "));
    }
    out
}

/// EH: what the scenario says of the board that a card may read, `None` when it says nothing.
fn board_line(board: &Board) -> Option<String> {
    let mut parts = Vec::new();
    if let Some(space) = board.space {
        let kind = match space {
            SpaceKind::City => "a City space",
            SpaceKind::Wilderness => "a Wilderness space",
            SpaceKind::Sea => "a Sea space",
        };
        parts.push(kind.to_string());
    }
    if board.investigators_on_space > 0 {
        parts.push(format!(
            "{} on the space",
            plural(
                board.investigators_on_space as i32,
                "other investigator",
                "other investigators"
            )
        ));
    }
    if board.mysteries_solved > 0 {
        parts.push(format!(
            "{} solved",
            plural(board.mysteries_solved, "Mystery", "Mysteries")
        ));
    }
    if let Some(a) = &board.ancient_one {
        parts.push(format!("the Ancient One {a}"));
    }
    let encounter = match board.encounter {
        Some(EncounterKind::Location) => Some("a Location Encounter"),
        Some(EncounterKind::Research) => Some("a Research Encounter"),
        Some(EncounterKind::OtherWorld) => Some("an Other World Encounter"),
        Some(EncounterKind::Expedition) => Some("an Expedition Encounter"),
        Some(EncounterKind::Special) => Some("a Special Encounter"),
        Some(EncounterKind::MysticRuins) => Some("a Mystic Ruins Encounter"),
        Some(EncounterKind::DreamQuest) => Some("a Dream-Quest Encounter"),
        // A Combat Encounter says so at each monster.
        Some(EncounterKind::Combat) | None => None,
    };
    if let Some(e) = encounter {
        parts.push(format!("the test is part of {e}"));
    }
    (!parts.is_empty()).then(|| parts.join("; "))
}
