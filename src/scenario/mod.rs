//! Scenario files (spec/scenario.md, contract version 1) → an encounter, played; the result object;
//! `[expect]` lines checked against it.

mod expect;
mod file;
mod inline;
mod play;
mod result;

pub use expect::{Miss, check_expectations};
pub use file::RawScenario;
pub use play::{BaseLoader, Played, play, play_file};

/// The whole text transcript of a played scenario: header, every event, the end state.
pub fn transcript_text(p: &Played) -> String {
    let names = p.names();
    let game = p.encounter.game;
    let mut out = crate::transcript::render_header(
        p.scenario.title.as_deref(),
        p.scenario.source.as_deref(),
        &p.start,
        game,
        &names,
    );
    out.push_str(&crate::transcript::render_events(
        &p.encounter.events,
        &names,
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
