//! Every scenario in tests/scenarios/: it plays without a diagnostic, every `[expect]` line holds, and its
//! full text transcript is an insta snapshot (reviewed like code: a rules change shows up as a diff).

use mythos::defs::{CardSet, SourceFile, render_all};
use mythos::scenario::{
    check_expectations, check_refusal, expected_refusal, play_file, result_object, transcript_text,
};

fn play(path: &std::path::Path) -> mythos::scenario::Played {
    let text = std::fs::read_to_string(path).expect("scenario file is readable");
    let rel = path
        .strip_prefix(env!("CARGO_MANIFEST_DIR"))
        .unwrap_or(path)
        .display()
        .to_string();
    let file = SourceFile::new(rel, text);
    match play_file(&file, &CardSet::base) {
        Ok(p) => p,
        Err(ds) => panic!("{}", render_all(&ds, false)),
    }
}

/// A scenario that must be refused (`[expect] refused = "CODE"`) has the rendered diagnostics as its
/// snapshot; `None` when the scenario played (or was refused without saying it must be).
fn refused(path: &std::path::Path) -> Option<String> {
    let text = std::fs::read_to_string(path).expect("scenario file is readable");
    let rel = path
        .strip_prefix(env!("CARGO_MANIFEST_DIR"))
        .unwrap_or(path)
        .display()
        .to_string();
    let file = SourceFile::new(rel, text);
    expected_refusal(&file)?;
    assert!(
        file.text.lines().any(|l| l.starts_with("source = ")),
        "{}: every ruling scenario names its `source`",
        path.display()
    );
    let ds = match play_file(&file, &CardSet::base) {
        Err(ds) => ds,
        Ok(p) => p.error.into_iter().collect(),
    };
    let misses = check_refusal(&file, &ds).expect("the file has a `refused` line");
    let shown: Vec<String> = misses.iter().map(ToString::to_string).collect();
    assert!(
        misses.is_empty() && !ds.is_empty(),
        "{}: {}",
        path.display(),
        if ds.is_empty() {
            "played to the end, but it must be refused".to_string()
        } else {
            shown.join("\n")
        }
    );
    Some(render_all(&ds, false))
}

#[test]
fn transcripts() {
    insta::glob!("scenarios/**/*.toml", |path| {
        if let Some(rendered) = refused(path) {
            insta::assert_snapshot!(rendered);
            return;
        }
        let played = play(path);
        if let Some(d) = &played.error {
            panic!("{}", mythos::defs::render(d, false));
        }
        let misses = check_expectations(&played, &result_object(&played));
        assert!(
            misses.is_empty(),
            "{}",
            misses
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("\n")
        );
        assert!(
            played.scenario.source.is_some(),
            "{}: every ruling scenario names its `source`",
            path.display()
        );
        insta::assert_snapshot!(transcript_text(&played));
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
            assert!(played.error.is_none(), "{}", path.display());
            assert_eq!(check_expectations(&played, &result_object(&played)), vec![]);
            n += 1;
        }
    }
    assert!(n > 0, "examples/ holds at least one scenario");
}

/// Every base-pack card with a script (special text) is in play in at least one ruling scenario.
#[test]
fn every_scripted_card_is_exercised_by_a_scenario() {
    use std::collections::BTreeSet;
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios");
    let mut files = Vec::new();
    let mut dirs = vec![root];
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(d).expect("readable folder") {
            let p = e.expect("entry").path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|x| x == "toml") {
                files.push(p);
            }
        }
    }
    let mut in_play = BTreeSet::new();
    let mut games = BTreeSet::new();
    for f in &files {
        if refused(f).is_some() {
            continue;
        }
        let p = play(f);
        games.insert(p.encounter.game);
        in_play.extend(p.start.card.clone());
        in_play.extend(p.start.possessions.iter().cloned());
        in_play.extend(p.start.conditions.iter().cloned());
        in_play.extend(p.encounter.investigator.conditions.iter().cloned());
        in_play.extend(p.encounter.monsters.iter().map(|m| m.id.clone()));
    }
    for game in games {
        let set = CardSet::base(game).expect("base pack loads");
        let missing: Vec<&String> = set
            .scripts
            .keys()
            .filter(|id| !in_play.contains(*id))
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
