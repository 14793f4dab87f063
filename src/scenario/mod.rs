//! Scenario files (spec/scenario.md, contract version 1) → an encounter, played; the result object;
//! `[expect]` lines checked against it.

mod build;
mod expect;
mod file;
mod inline;
mod packs;
mod play;
mod played;
mod prepared;
mod result;
mod resume;
mod words;

pub use expect::{Miss, check_expectations, check_refusal, expected_refusal};
#[cfg(test)]
pub use file::RawScenario;
pub use packs::PackFolder;
#[cfg(any(test, feature = "bench"))]
pub use packs::no_packs;
#[cfg(test)]
pub use play::play_file;
pub use play::{play_file_with_packs, prepare_file};
pub use played::Played;
pub use prepared::Prepared;
pub use resume::{Checkpoint, Resumed};
pub use words::DecisionWords;

/// The whole text transcript of a played scenario: header, every event, the end state.
pub fn transcript_text(p: &Played) -> String {
    let names = p.names();
    let game = p.encounter.game;
    let mut out = crate::transcript::render_header(
        p.scenario.title.as_deref(),
        p.scenario.source.as_deref(),
        &p.start,
        game,
        &p.encounter.rules.board,
        &names,
    );
    out.push_str(&pack_lines(p));
    out.push_str(&crate::transcript::render_events(
        &p.encounter.events,
        &names,
        &p.texts(),
        game,
    ));
    out.push_str(&crate::transcript::render_summary(
        &p.encounter.investigator,
        &p.encounter.monsters,
        game,
        &names,
    ));
    out
}
pub use result::result_object;

/// One line for each card in play that came from a pack other than the base pack, saying which pack's
/// card was used and, when it replaced one, which card it stands in for.
fn pack_lines(p: &Played) -> String {
    let mut out = String::new();
    for id in p.cards_in_play() {
        let (Some(origin), Some(card)) = (p.set.origins.get(id), p.set.cards.get(id)) else {
            continue;
        };
        if origin.pack == crate::defs::BASE_PACK || origin.pack == "scenario" {
            continue;
        }
        out.push_str(&format!(
            "pack `{}`: {} ({})",
            origin.pack, card.name, card.file.path
        ));
        if let Some((pack, path)) = &origin.replaced {
            out.push_str(&format!(", in place of pack `{pack}`'s card ({path})"));
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod numbers_tests;
#[cfg(test)]
mod questions_tests;
#[cfg(test)]
pub(crate) mod synthetic;
#[cfg(test)]
mod tests;
