//! Every scenario in tests/scenarios/: it plays without a diagnostic, every `[expect]` line holds, and its
//! full text transcript is an insta snapshot (reviewed like code: a rules change shows up as a diff).

mod common;

use mythos::{Library, Misses, Played, Scenario, render};

/// The text of the scenario at `path` and its path relative to the crate, as diagnostics name it.
fn read(path: &std::path::Path) -> (String, String) {
    let text = std::fs::read_to_string(path).expect("scenario file is readable");
    let rel = path
        .strip_prefix(env!("CARGO_MANIFEST_DIR"))
        .unwrap_or(path)
        .display()
        .to_string();
    (rel, text)
}

/// The scenario at `path`, parsed against the base packs.
fn parse(path: &std::path::Path) -> Scenario {
    let (rel, text) = read(path);
    match Scenario::parse(&Library::new(), &rel, &text) {
        Ok(s) => s,
        Err(ds) => panic!("{}", render(&ds, false)),
    }
}

fn play(path: &std::path::Path) -> Played {
    match parse(path).play() {
        Ok(p) => p,
        Err(ds) => panic!("{}", render(&ds, false)),
    }
}

/// A scenario that must be refused (`[expect] refused = "CODE"`) has the rendered diagnostics as its
/// snapshot; `None` when the scenario played (or was refused without saying it must be).
fn refused(path: &std::path::Path) -> Option<String> {
    let (rel, text) = read(path);
    Scenario::refusal_expected(&text)?;
    assert!(
        text.lines().any(|l| l.starts_with("source = ")),
        "{}: every ruling scenario names its `source`",
        path.display()
    );
    let ds = match Scenario::parse(&Library::new(), &rel, &text).and_then(|s| s.play()) {
        Err(ds) => ds.into_diagnostics(),
        Ok(p) => p.error().into_iter().collect(),
    };
    let misses = Misses::of_refusal(&rel, &text, &ds).expect("the file has a `refused` line");
    assert!(
        misses.is_empty() && !ds.is_empty(),
        "{}: {}",
        path.display(),
        if ds.is_empty() {
            "played to the end, but it must be refused".to_string()
        } else {
            misses.to_string()
        }
    );
    Some(render(&ds, false))
}

#[test]
fn transcripts() {
    insta::glob!("scenarios/**/*.toml", |path| {
        if let Some(rendered) = refused(path) {
            insta::assert_snapshot!(rendered);
            return;
        }
        let scenario = parse(path);
        assert!(
            scenario.source().is_some(),
            "{}: every ruling scenario names its `source`",
            path.display()
        );
        let played = match scenario.play() {
            Ok(p) => p,
            Err(ds) => panic!("{}", render(&ds, false)),
        };
        if let Some(d) = played.error() {
            panic!("{}", d.render(false));
        }
        // Every `[expect]` path could name a value of the result (E0108 otherwise).
        let unknown = played.unknown_paths();
        assert!(unknown.is_empty(), "{}", render(&unknown, false));
        let misses = played.check();
        assert!(misses.is_empty(), "{misses}");
        insta::assert_snapshot!(played.transcript());
    });
}

#[test]
fn the_shipped_examples_meet_their_expectations() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
    let mut n = 0;
    for entry in std::fs::read_dir(dir).expect("examples/ exists") {
        let path = entry.expect("readable entry").path();
        if path.extension().is_some_and(|e| e == "toml") {
            let played = play(&path);
            assert!(played.error().is_none(), "{}", path.display());
            assert_eq!(played.check().to_string(), "");
            n += 1;
        }
    }
    assert!(n > 0, "examples/ holds at least one scenario");
}

/// Every base-pack card with a script (special text) is in play in at least one ruling scenario (a
/// shipped pack's cards are played by its own scenarios: `tests/shipped_packs.rs`).
#[test]
fn every_scripted_card_is_exercised_by_a_scenario() {
    use std::collections::BTreeSet;
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios");
    let files = common::files(&root, "toml");
    let mut in_play = BTreeSet::new();
    let mut games = BTreeSet::new();
    for f in &files {
        if refused(f).is_some() {
            continue;
        }
        let p = play(f);
        games.insert(p.game());
        in_play.extend(p.cards_in_play().into_iter().map(str::to_string));
    }
    for game in games {
        let cards = Library::new().cards(game).expect("base pack loads");
        let missing: Vec<&str> = cards
            .iter()
            .filter(|c| c.pack() == "base" && c.has_script() && !in_play.contains(c.id()))
            .map(|c| c.id())
            .collect();
        assert!(
            missing.is_empty(),
            "scripted cards no scenario puts in play: {missing:?}"
        );
    }
}

/// Every transcript snapshot belongs to a scenario that still exists: a renamed or deleted scenario
/// leaves no stale snapshot behind.
#[test]
fn every_transcript_snapshot_has_its_scenario() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let mut stale = Vec::new();
    for e in std::fs::read_dir(root.join("snapshots")).expect("tests/snapshots exists") {
        let name = e.expect("entry").file_name().to_string_lossy().to_string();
        let Some(rest) = name.strip_prefix("scenarios__transcripts@") else {
            continue;
        };
        let Some(rel) = rest.strip_suffix(".snap") else {
            continue;
        };
        let path = root.join("scenarios").join(rel.replace("__", "/"));
        if !path.exists() {
            stale.push(name);
        }
    }
    assert!(stale.is_empty(), "snapshots without a scenario: {stale:?}");
}
