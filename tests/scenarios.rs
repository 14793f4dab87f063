//! Every scenario in tests/scenarios/: it plays without a diagnostic, every `[expect]` line holds, and its
//! full text transcript is an insta snapshot (reviewed like code: a rules change shows up as a diff).

use mythos::defs::{CardSet, SourceFile, render_all};
use mythos::scenario::{check_expectations, play_file, result_object, transcript_text};

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

#[test]
fn transcripts() {
    insta::glob!("scenarios/**/*.toml", |path| {
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
