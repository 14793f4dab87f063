//! Fuzzing the loaders (DESIGN invariant 4: bad input never panics): arbitrary bytes, and real card,
//! script, pack and scenario files mutated with random edits, go through the card loader (cards and
//! scripts), the pack manifest and the scenario loader (parsed, compiled and played). A panic anywhere
//! fails the test and proptest shrinks it to a small input.
//!
//! `cargo test` runs 256 cases of each. For a long run, set `MYTHOS_FUZZ_SECS` and run in release:
//! `MYTHOS_FUZZ_SECS=600 cargo test --release --test fuzz -- --nocapture` keeps drawing new cases of
//! each property, with a new random seed each round, for that many seconds.

use mythos::{Diagnostic, Game, Library, PackFiles, Scenario};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestRunner};
use std::path::Path;
use std::time::{Duration, Instant};

/// Runs `test` on cases of `strategy`: 256 of them, or rounds of 256 until `MYTHOS_FUZZ_SECS` passed.
fn fuzz<S: Strategy>(name: &str, strategy: S, test: impl Fn(S::Value) -> Result<(), TestCaseError>)
where
    S::Value: std::fmt::Debug,
{
    let secs: u64 = std::env::var("MYTHOS_FUZZ_SECS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let deadline = Instant::now() + Duration::from_secs(secs);
    let mut cases = 0u64;
    loop {
        let config = Config {
            cases: 256,
            failure_persistence: None,
            ..Config::default()
        };
        let mut runner = TestRunner::new(config);
        if let Err(e) = runner.run(&strategy, &test) {
            panic!("{name}: {e}");
        }
        cases += 256;
        if Instant::now() >= deadline {
            break;
        }
    }
    if secs > 0 {
        eprintln!("{name}: {cases} cases, no panic");
    }
}

/// Every file below `dir` with extension `ext`, as text.
fn corpus(dir: &str, ext: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut dirs = vec![Path::new(env!("CARGO_MANIFEST_DIR")).join(dir)];
    while let Some(d) = dirs.pop() {
        let Ok(rd) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in rd.flatten() {
            let p = e.path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|x| x == ext)
                && let Ok(t) = std::fs::read_to_string(&p)
            {
                out.push(t);
            }
        }
    }
    out.sort();
    out
}

/// Pieces of TOML and Rhai that random edits insert: they reach far deeper than random bytes.
const TOKENS: &[&str] = &[
    "\"",
    "'",
    "\"\"\"",
    "[",
    "]",
    "{",
    "}",
    "=",
    ",",
    "\n",
    "#",
    ".",
    "[[",
    "]]",
    "-1",
    "0",
    "99999999999999999999",
    // A number at an end of `i32` or `u32`, the rest of the line a comment: inserted before a value, it
    // replaces it (the overflow class of the hostile-packs issue).
    "2147483647 #",
    "-2147483648 #",
    "4294967295 #",
    "-99 #",
    "1e400",
    "nan",
    "true",
    "\u{1F47B}",
    "\\u0000",
    "skill = \"will\"",
    "kind = \"monster\"",
    "toughness = 0",
    "fn on_pool(ctx) {",
    "fn after_roll(ctx, x) {",
    "loop {}",
    "ctx.",
    "ctx.test.reroll(",
    "ctx.roll(100)",
    "ctx.test.bonus(",
    "ctx.test.set_face(0, 7)",
    "ctx.investigator.gain_condition(\"",
    "import \"x\" as y;",
    "eval(\"1\")",
    "}\n",
    "(",
    ")",
    "faces = [",
];

#[derive(Debug, Clone)]
enum Edit {
    Insert(u16, String),
    Token(u16, usize),
    Delete(u16, u8),
}

fn edits() -> impl Strategy<Value = Vec<Edit>> {
    let edit = prop_oneof![
        (any::<u16>(), "\\PC{0,6}").prop_map(|(at, s)| Edit::Insert(at, s)),
        (any::<u16>(), 0..TOKENS.len()).prop_map(|(at, t)| Edit::Token(at, t)),
        (any::<u16>(), any::<u8>()).prop_map(|(at, n)| Edit::Delete(at, n)),
    ];
    prop::collection::vec(edit, 1..6)
}

/// Applies edits at positions scaled to the text, on character boundaries.
fn mutate(text: &str, edits: &[Edit]) -> String {
    let mut s = text.to_string();
    for e in edits {
        let at_of = |at: u16, s: &str| {
            let mut i = (at as usize * s.len()) / (u16::MAX as usize + 1);
            while !s.is_char_boundary(i) {
                i -= 1;
            }
            i
        };
        match e {
            Edit::Insert(at, t) => {
                let i = at_of(*at, &s);
                s.insert_str(i, t);
            }
            Edit::Token(at, t) => {
                let i = at_of(*at, &s);
                s.insert_str(i, TOKENS[*t]);
            }
            Edit::Delete(at, n) => {
                let i = at_of(*at, &s);
                let mut j = (i + *n as usize).min(s.len());
                while !s.is_char_boundary(j) {
                    j -= 1;
                }
                s.replace_range(i..j, "");
            }
        }
    }
    s
}

/// Loads one card file (and a script with its stem) into the base set of `game`, then compiles every
/// script: any outcome but a panic is fine.
fn load_card(game: Game, card: &str, script: Option<&str>) {
    let library = Library::new();
    let mut files = library.base_files(game);
    files.push(("pack/cards/fuzzed.toml".into(), card.into()));
    if let Some(s) = script {
        files.push(("pack/scripts/fuzzed.rhai".into(), s.into()));
    }
    let problems = library.with_base(game, files).validate();
    rendered(&problems);
}

/// Plays a scenario; its diagnostics, if any, are rendered as the command line prints them.
fn play(text: &str) -> Vec<Diagnostic> {
    match Scenario::parse(&Library::new(), "fuzzed.toml", text).and_then(|s| s.play()) {
        Ok(_) => Vec::new(),
        Err(ds) => {
            rendered(&ds);
            ds.into_diagnostics()
        }
    }
}

/// Diagnostics rendered as on a terminal (colour off and on): no panic, and no control character
/// from the file but the renderer's own line breaks (and the escapes of the colour theme).
fn rendered(ds: &[Diagnostic]) -> String {
    let _ = mythos::render(ds, true);
    let text = mythos::render(ds, false);
    assert!(
        !text.chars().any(|c| c.is_control() && c != '\n'),
        "a control character in a rendered diagnostic: {text:?}"
    );
    text
}

fn game() -> impl Strategy<Value = Game> {
    prop_oneof![Just(Game::Eldritch), Just(Game::Arkham)]
}

#[test]
fn card_loader_takes_arbitrary_bytes() {
    fuzz(
        "card_loader_takes_arbitrary_bytes",
        (game(), prop::collection::vec(any::<u8>(), 0..400)),
        |(g, bytes)| {
            load_card(g, &String::from_utf8_lossy(&bytes), None);
            Ok(())
        },
    );
}

#[test]
fn card_loader_takes_mutated_cards_and_scripts() {
    let cards = corpus("cards", "toml");
    let scripts = corpus("scripts", "rhai");
    assert!(!cards.is_empty() && !scripts.is_empty());
    fuzz(
        "card_loader_takes_mutated_cards_and_scripts",
        (
            game(),
            0..cards.len(),
            edits(),
            prop::option::of((0..scripts.len(), edits())),
        ),
        |(g, c, e, s)| {
            let card = mutate(&cards[c], &e);
            let script = s.map(|(i, e)| mutate(&scripts[i], &e));
            load_card(g, &card, script.as_deref());
            Ok(())
        },
    );
}

#[test]
fn pack_manifest_takes_mutated_manifests() {
    let manifest = "name = \"p\"\ngame = \"eldritch\"\nversion = \"1.0.0\"\nrequires = []\n";
    fuzz("pack_manifest_takes_mutated_manifests", edits(), |e| {
        let files = vec![("p/pack.toml".to_string(), mutate(manifest, &e))];
        for game in Game::ALL {
            let _ = Library::new()
                .with_pack(PackFiles::new("p", files.clone()))
                .cards(game);
        }
        Ok(())
    });
}

#[test]
fn scenario_loader_takes_arbitrary_bytes() {
    fuzz(
        "scenario_loader_takes_arbitrary_bytes",
        prop::collection::vec(any::<u8>(), 0..400),
        |bytes| {
            play(&String::from_utf8_lossy(&bytes));
            Ok(())
        },
    );
}

#[test]
fn scenario_loader_takes_mutated_scenarios() {
    let mut scenarios = corpus("tests/scenarios", "toml");
    scenarios.extend(corpus("tests/diagnostics", "toml"));
    assert!(!scenarios.is_empty());
    fuzz(
        "scenario_loader_takes_mutated_scenarios",
        (0..scenarios.len(), edits()),
        |(i, e)| {
            play(&mutate(&scenarios[i], &e));
            Ok(())
        },
    );
}

/// A diagnostic anywhere on a line of any length (up to the 1 MiB a file may hold) renders: the line
/// is cut around the span, the headline names the column, and nothing of the line but what is shown
/// reaches the output (issue 39: a column past 65,535 panicked in the renderer).
#[test]
fn diagnostics_render_at_any_position_of_a_long_line() {
    fuzz(
        "diagnostics_render_at_any_position_of_a_long_line",
        (
            0usize..200_000,
            0usize..3,
            prop::sample::select(vec![" ", "é", "\u{1b}", "\t", "\u{7}", "字"]),
            prop::sample::select(vec![
                "card = \"no_such_card\"",
                "@@@",
                "card = \"ghoul\" \u{1b}]0;x\u{7}",
            ]),
        ),
        |(pad, at, fill, tail)| {
            let line = format!("{}{tail}", fill.repeat(pad / fill.len().max(1)));
            let text = match at {
                0 => format!("{line}\ngame = \"eldritch\"\n"),
                1 => format!(
                    "game = \"eldritch\"\ntitle = \"t\"\n[investigator]\ncard = \"mark_harrigan\"\n[[monsters]]\n{line}\n"
                ),
                _ => format!("game = \"eldritch\"\n[[monsters]]\n{line}"),
            };
            let ds = play(&text);
            prop_assert!(!ds.is_empty(), "no diagnostic for {text:?}");
            let shown = rendered(&ds);
            for d in &ds {
                if let Some(loc) = d.location() {
                    prop_assert!(shown.contains(&loc));
                }
            }
            // At most three quoted lines of 320 characters, each at most 10 bytes as shown (`\u{1b}`).
            prop_assert!(
                shown.len() < 16_000 * ds.len(),
                "{} bytes shown",
                shown.len()
            );
            Ok(())
        },
    );
}
