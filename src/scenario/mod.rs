//! Scenario files (docs/scenario.md, contract version 1) → an encounter, played; the result object;
//! `[expect]` lines checked against it.

mod build;
mod drive;
mod expect;
mod file;
mod inline;
mod packs;
mod play;
mod played;
mod prepared;
mod refusal;
mod result;
mod table;
mod words;

pub use drive::{Checkpoint, Resumed};
pub use expect::{Miss, check_expectations, check_refusal, expected_refusal, unknown_paths};
#[cfg(test)]
pub use file::RawScenario;
pub use packs::PackFolder;
#[cfg(any(test, feature = "bench"))]
pub use packs::no_packs;
#[cfg(test)]
pub use play::play_file;
#[cfg(test)]
pub use play::play_file_with_packs;
pub use play::prepare_file;
pub use played::Played;
pub use prepared::{Blueprint, Prepared};
pub use words::DecisionWords;

/// AH2e: what the scenario sets of the town, for the transcript's header.
pub(crate) fn town<'a>(
    scenario: &file::RawScenario,
    rules: &'a crate::kernel::Rules,
) -> crate::transcript::Town<'a> {
    crate::transcript::Town {
        terror_level: scenario.terror_level.as_ref().map(|_| rules.terror_level),
        environment: rules.environment.as_deref(),
    }
}

/// The whole text transcript of a played scenario: header, every event, the end state.
pub fn transcript_text(p: &Played) -> String {
    let names = p.names();
    let game = p.encounter.setup.game;
    let mut out = crate::transcript::render_header(
        p.scenario.title.as_deref(),
        p.scenario.source.as_deref(),
        &p.start,
        game,
        (
            &p.encounter.setup.rules.board,
            town(&p.scenario, &p.encounter.setup.rules),
        ),
        &names,
    );
    out.push_str(&default_slider_lines(p));
    out.push_str(&pack_lines(p));
    out.push_str(&crate::transcript::render_events(
        &p.encounter.run.events,
        &names,
        &p.texts(),
        game,
    ));
    out.push_str(&crate::transcript::render_summary(
        &p.encounter.table.investigator,
        &p.encounter.table.monsters,
        game,
        &names,
    ));
    out
}
pub use result::events;

/// AH2e: a line for each slider of the investigator's card the scenario left at its default stop
/// (it named neither the stop nor either skill), so that no value comes silently.
fn default_slider_lines(p: &Played) -> String {
    let Some(card) = p.start.card.as_ref().and_then(|id| p.set.cards.get(id)) else {
        return String::new();
    };
    let Some(sliders) = &card.raw.sliders else {
        return String::new();
    };
    let ri = p.scenario.investigator.clone().unwrap_or_default();
    let named: Vec<crate::kernel::Skill> = build::skill_keys(&ri)
        .into_iter()
        .filter(|(_, v)| v.is_some())
        .map(|(s, _)| s)
        .collect();
    let left: Vec<String> = sliders
        .keys()
        .filter(|pair| !ri.sliders.contains_key(*pair))
        .filter_map(|pair| {
            let (a, b) = build::slider_skills(pair)?;
            (!named.contains(&a) && !named.contains(&b))
                .then(|| format!("{}/{}", title(a.as_str()), title(b.as_str())))
        })
        .collect();
    if left.is_empty() {
        return String::new();
    }
    format!(
        "  sliders {} at stop {} of each (the default): name the stop (`sliders = {{ speed_sneak = 1 }}`) or the skills to choose\n",
        left.join(", "),
        build::DEFAULT_STOP + 1
    )
}

/// A skill's name as printed: `speed` → `Speed`.
fn title(word: &str) -> String {
    let mut c = word.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

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
