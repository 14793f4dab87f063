//! The library as a program that embeds it uses it (issue 40, "a library a Rust developer expects"):
//! what a server shares across threads is `Send + Sync` (checked when this file compiles), the README's
//! 20-line example runs, and the public surface is pinned so that it changes only on purpose.

use mythos::{
    BestOdds, Card, Cards, Choice, Decision, Diagnostic, Error, Game, InvestigatorOutcome, Library,
    Miss, Misses, MonsterOutcome, Objective, Odds, Outcome, PackFiles, Played, Scenario, Schema,
    TestOutcome,
};
use std::collections::BTreeSet;
use std::path::Path;

/// The example of the README's library section (`examples/library.rs`), run as it is.
#[path = "../examples/library.rs"]
mod example;

/// Compiles only for a type that may be sent to and shared between threads.
fn send_and_sync<T: Send + Sync>() {}

/// Everything the library hands out may cross threads: a bot parses a scenario once, shares it in an
/// `Arc` and answers from a pool of workers. This test fails to compile, not to run, when one is not.
#[test]
fn what_a_server_shares_is_send_and_sync() {
    send_and_sync::<Library>();
    send_and_sync::<Scenario>();
    send_and_sync::<Played>();
    send_and_sync::<Outcome>();
    send_and_sync::<InvestigatorOutcome>();
    send_and_sync::<MonsterOutcome>();
    send_and_sync::<TestOutcome>();
    send_and_sync::<Odds>();
    send_and_sync::<BestOdds>();
    send_and_sync::<Decision>();
    send_and_sync::<Choice>();
    send_and_sync::<Diagnostic>();
    send_and_sync::<Error>();
    send_and_sync::<Cards>();
    send_and_sync::<Card>();
    send_and_sync::<Misses>();
    send_and_sync::<Miss<'static>>();
    send_and_sync::<PackFiles>();
    send_and_sync::<Game>();
    send_and_sync::<Objective>();
    send_and_sync::<Schema>();
}

/// The example parses a scenario once, plays it twice and takes its odds on a worker thread, every
/// error through `?`.
#[test]
fn the_readme_example_runs() {
    example::main().expect("the example succeeds");
}

/// A scenario parsed on one thread is played and explored on others, and gives there what it gives
/// here: Strength 3 less 1 is two dice, P(a 5 or 6 among them, rerolling both once with the Clue)
/// as exact odds compute it on this thread.
#[test]
fn a_scenario_shared_between_threads_gives_the_same_answers() {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/trish_strength_test.toml"),
    )
    .expect("the example scenario");
    let scenario =
        std::sync::Arc::new(Scenario::parse(&Library::new(), "trish.toml", &text).expect("parses"));
    let here = scenario.exact_odds().expect("exact odds").to_json();
    let played_here = scenario.play().expect("played").result();
    let there: Vec<_> = (0..2)
        .map(|_| {
            let s = std::sync::Arc::clone(&scenario);
            std::thread::spawn(move || {
                let odds = s.exact_odds().expect("exact odds").to_json();
                (odds, s.play().expect("played").result())
            })
        })
        .collect();
    for t in there {
        let (odds, played) = t.join().expect("the thread ends");
        assert_eq!(odds, here);
        assert_eq!(played, played_here);
    }
    assert_eq!(played_here["tests"][0]["passed"], true);
}

/// `?` takes every error of the library into a `Box<dyn Error>`: parsing and playing (`Error`, every
/// diagnostic) and odds (`Diagnostic`).
#[test]
fn question_mark_takes_every_error_into_a_box() {
    fn odds_of(text: &str) -> Result<f64, Box<dyn std::error::Error>> {
        let scenario = Scenario::parse(&Library::new(), "s.toml", text)?;
        let played = scenario.play()?;
        assert!(played.error().is_none());
        Ok(scenario.exact_odds()?.test_passed().unwrap_or(0.0))
    }
    let ok = "game = \"eldritch\"\n[investigator]\nwill = 1\n[test]\nskill = \"will\"\n[dice]\nfaces = [5]\n";
    // Will 1: one die, a 5 or a 6.
    assert!((odds_of(ok).expect("plays") - 1.0 / 3.0).abs() < 1e-12);
    let err = odds_of("game = \"chess\"\n").expect_err("refused");
    let e = err.downcast_ref::<Error>().expect("the library's error");
    assert_eq!(e[0].file(), Some("s.toml"));
    assert_eq!(err.to_string(), e[0].to_string());
}

/// The typed results serialise (serde) as exactly the JSON the command line prints.
#[test]
fn results_serialise_as_the_scenario_contract() {
    let text = "game = \"eldritch\"\n[investigator]\ncard = \"Trish Scarborough\"\n[test]\nskill = \"will\"\n[dice]\nfaces = [5, 1]\n";
    let scenario = Scenario::parse(&Library::new(), "s.toml", text).expect("parses");
    let played = scenario.play().expect("played");
    assert_eq!(serde_json::to_value(&played).unwrap(), played.result());
    let odds = scenario.exact_odds().expect("odds");
    assert_eq!(
        serde_json::to_string_pretty(&odds).unwrap(),
        serde_json::to_string_pretty(&odds.to_json()).unwrap()
    );
    let refused = Scenario::parse(&Library::new(), "s.toml", "game = \"chess\"\n")
        .err()
        .expect("refused");
    assert_eq!(
        serde_json::to_value(&refused).unwrap()[0],
        refused[0].to_json()
    );
}

/// Every `.toml` under `dir`, sorted.
fn toml_files(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).expect("a folder").flatten() {
        let p = e.path();
        if p.is_dir() {
            out.extend(toml_files(&p));
        } else if p.extension().is_some_and(|x| x == "toml") {
            out.push(p);
        }
    }
    out.sort();
    out
}

/// The typed result object is the contract's JSON, for every scenario of `tests/scenarios`: its text
/// (`serde_json::to_string_pretty` of `Played::outcome`, written field by field in declaration order)
/// is byte for byte the JSON value's (`Played::result`, whose keys serde_json sorts), game by game
/// (a field left out in one game, `null` in another), and every `[expect]` line of the scenario, a
/// ruling's value at a path of the contract, holds against it with no unknown path.
#[test]
fn the_typed_result_is_the_result_object_of_every_scenario() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let library = Library::new();
    let (mut played_count, mut games) = (0, BTreeSet::new());
    for path in toml_files(&root.join("tests/scenarios")) {
        let rel = path
            .strip_prefix(root)
            .expect("under the root")
            .display()
            .to_string();
        let text = std::fs::read_to_string(&path).expect("read");
        // A scenario refused at load or mid-play (an `[expect] refused` ruling) has no result.
        let Ok(played) = Scenario::parse(&library, &rel, &text).and_then(|s| s.play()) else {
            continue;
        };
        if played.error().is_some() {
            continue;
        }
        let typed = serde_json::to_string_pretty(played.outcome()).expect("serialises");
        let value = serde_json::to_string_pretty(&played.result()).expect("serialises");
        assert_eq!(typed, value, "{rel}: the typed result's JSON");
        assert_eq!(
            serde_json::to_string(&played).expect("serialises"),
            serde_json::to_string(&played.result()).expect("serialises"),
            "{rel}: Played's JSON"
        );
        let misses = played.check();
        assert!(misses.is_empty(), "{rel}: {misses}");
        assert!(played.unknown_paths().is_empty(), "{rel}");
        let o = played.outcome();
        games.insert(o.game.as_str());
        // The game's own fields, and only those (docs/scenario.md): Health and Focus in eldritch,
        // Stamina and a location in arkham.
        let eldritch = o.game == Game::Eldritch;
        assert_eq!(o.investigator.health.is_some(), eldritch, "{rel}");
        assert_eq!(o.investigator.focus.is_some(), eldritch, "{rel}");
        assert_eq!(o.investigator.improvements.is_some(), eldritch, "{rel}");
        assert_eq!(o.investigator.stamina.is_some(), !eldritch, "{rel}");
        assert_eq!(o.investigator.location.is_some(), !eldritch, "{rel}");
        played_count += 1;
    }
    assert_eq!(games.len(), 2, "both games were played");
    assert!(played_count > 400, "{played_count} scenarios played");
}

// The public surface, read from the source text: every `pub` item of `src/api/`, of the types
// `src/lib.rs` re-exports from elsewhere (`Objective`), each with its signature; the variants of the
// public enums; the traits implemented for the public types; and `lib.rs`'s re-exports. Held to
// `tests/public_api.txt`: a change to the API shows there, in the diff a reviewer reads.

/// The source with comments and attributes dropped, one line a logical line of text.
fn code_lines(text: &str) -> Vec<String> {
    text.lines()
        .map(|l| l.trim())
        .filter(|l| !l.starts_with("//") && !l.starts_with("#[") && !l.starts_with("#!["))
        .map(str::to_string)
        .collect()
}

/// From `line` on, the text up to the first `{` or `;` at depth 0 of parentheses and brackets, as one
/// line with single spaces.
fn signature(lines: &[String], from: usize) -> String {
    let mut out = String::new();
    let mut depth = 0i32;
    for l in &lines[from..] {
        for c in l.chars() {
            match c {
                '(' | '[' | '<' => depth += 1,
                ')' | ']' => depth -= 1,
                '>' if !out.ends_with('-') => depth -= 1,
                '{' | ';' if depth <= 0 => return tidy(&out),
                _ => {}
            }
            out.push(c);
        }
        out.push(' ');
    }
    tidy(&out)
}

/// A signature on one line, however `cargo fmt` wraps it: single spaces, no space inside the
/// parentheses, no trailing comma.
fn tidy(s: &str) -> String {
    s.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .replace("( ", "(")
        .replace(", )", ")")
        .replace(" )", ")")
}

/// The names `lib.rs` re-exports at the crate's root from the API (`pub use api::…`; the internals
/// the `bench` feature reaches are not the API).
fn exported(lib: &str) -> BTreeSet<String> {
    let flat: String = code_lines(lib).join(" ");
    let mut names = BTreeSet::new();
    for part in flat.split("pub use api::").skip(1) {
        let end = part.find(';').unwrap_or(part.len());
        let tree = &part[..end];
        let inner = match (tree.find('{'), tree.rfind('}')) {
            (Some(a), Some(b)) => &tree[a + 1..b],
            _ => tree.rsplit("::").next().unwrap_or(tree),
        };
        for n in inner.split(',') {
            let n = n.trim();
            if !n.is_empty() {
                names.insert(n.to_string());
            }
        }
    }
    names
}

/// `<…> Type` → `Type`: the generics an `impl` opens with, dropped.
fn without_generics(s: &str) -> String {
    let s = s.trim();
    if !s.starts_with('<') {
        return s.to_string();
    }
    let mut depth = 0;
    for (i, c) in s.char_indices() {
        match c {
            '<' => depth += 1,
            '>' => {
                depth -= 1;
                if depth == 0 {
                    return s[i + 1..].trim().to_string();
                }
            }
            _ => {}
        }
    }
    s.to_string()
}

/// The public items of one file, each on a line: `Type::item signature`, `Type variant V`,
/// `Type::field: type` (a public field of a public struct), `impl Trait for Type`, or a free item's
/// signature. `only`: keep only the items of these types.
fn surface_of(file: &str, text: &str, only: Option<&BTreeSet<String>>) -> Vec<String> {
    let lines = code_lines(text);
    let mut out = Vec::new();
    // The type whose `impl`, `enum` or `struct` block is open, what it is, and the depth of braces it
    // opened at.
    let mut context: Option<(String, Block, i32)> = None;
    let mut depth = 0i32;
    let mut in_tests = false;
    let keep = |ty: &str| only.is_none_or(|o| o.contains(ty));
    for (i, l) in lines.iter().enumerate() {
        if l.starts_with("mod tests") || l.starts_with("pub(crate) mod tests") {
            in_tests = true;
        }
        if !in_tests {
            let word = |l: &str, k: &str| {
                l.strip_prefix(k).map(|r| {
                    r.split(|c: char| !c.is_alphanumeric() && c != '_')
                        .next()
                        .unwrap_or("")
                        .to_string()
                })
            };
            if depth == 0 {
                if l.starts_with("impl") {
                    let sig = signature(&lines, i);
                    let ty = match sig.rsplit_once(" for ") {
                        Some((_, t)) => t.to_string(),
                        None => without_generics(sig.trim_start_matches("impl")),
                    };
                    let base = ty.split(['<', ' ']).next().unwrap_or("").to_string();
                    // A trait implemented for a public type, or with one as its parameter
                    // (`From<Error> for Vec<Diagnostic>`, `IntoIterator for &Error`).
                    let names_one = sig
                        .split(|c: char| !c.is_alphanumeric() && c != '_')
                        .any(|w| keep(w) && w.starts_with(|c: char| c.is_ascii_uppercase()));
                    if sig.contains(" for ") && names_one && !sig.contains("crate::") {
                        out.push(format!("{file}: {sig}"));
                    }
                    context = Some((base, Block::Impl, depth));
                } else if let Some(name) = word(l, "pub enum ") {
                    if keep(&name) {
                        out.push(format!("{file}: {}", signature(&lines, i)));
                    }
                    context = Some((name, Block::Enum, depth));
                } else if l.starts_with("pub ")
                    && !l.starts_with("pub use")
                    && !l.starts_with("pub mod")
                {
                    let sig = signature(&lines, i);
                    let name = [
                        "pub struct ",
                        "pub fn ",
                        "pub const ",
                        "pub type ",
                        "pub trait ",
                    ]
                    .iter()
                    .find_map(|k| word(l, k))
                    .unwrap_or_default();
                    // A struct by its name: its fields are private, not the surface.
                    let sig = if l.starts_with("pub struct ") {
                        format!("pub struct {name}")
                    } else {
                        sig
                    };
                    if keep(&name) {
                        out.push(format!("{file}: {sig}"));
                    }
                    if l.starts_with("pub struct ") && l.ends_with('{') {
                        context = Some((name, Block::Struct, depth));
                    }
                }
            } else if let Some((ty, block, at)) = &context
                && depth == at + 1
                && keep(ty)
            {
                if *block == Block::Struct {
                    if let Some(field) = l.strip_prefix("pub ") {
                        out.push(format!("{file}: {ty}::{}", field.trim_end_matches(',')));
                    }
                } else if *block == Block::Enum {
                    let v: String = l
                        .chars()
                        .take_while(|c| c.is_alphanumeric() || *c == '_')
                        .collect();
                    if v.starts_with(|c: char| c.is_ascii_uppercase()) {
                        out.push(format!("{file}: {ty} variant {v}"));
                    }
                } else if l.starts_with("pub ") {
                    out.push(format!(
                        "{file}: {ty}::{}",
                        signature(&lines, i).trim_start_matches("pub ")
                    ));
                }
            }
        }
        for c in l.chars() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if context.as_ref().is_some_and(|(_, _, at)| *at == depth) {
                        context = None;
                    }
                }
                _ => {}
            }
        }
    }
    out
}

/// What a block opened at depth 0 of a file is.
#[derive(Clone, Copy, PartialEq)]
enum Block {
    Impl,
    Enum,
    Struct,
}

/// The limits `limits!` declares in `src/limits.rs`, one a line of the macro's call
/// (`Sandbox HOOK_OPERATIONS: u64 = 100_000,`): `pub const HOOK_OPERATIONS: u64`, and its `TABLE`.
fn declared_limits(text: &str) -> Vec<String> {
    let call = text
        .split("\nlimits! {")
        .nth(1)
        .expect("limits.rs calls limits!");
    let call = &call[..call.find("\n}").expect("the call ends")];
    let mut out = vec!["limits.rs: pub const TABLE: &[Limit]".to_string()];
    for l in call.lines() {
        let mut words = l.split_whitespace();
        if let (Some(room), Some(name), Some(ty)) = (words.next(), words.next(), words.next())
            && room.starts_with(|c: char| c.is_ascii_uppercase())
            && let Some(name) = name.strip_suffix(':')
        {
            out.push(format!("limits.rs: pub const {name}: {ty}"));
        }
    }
    out
}

/// Every public item of the library, sorted.
fn public_surface() -> Vec<String> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let read =
        |p: &str| std::fs::read_to_string(src.join(p)).unwrap_or_else(|e| panic!("{p}: {e}"));
    let lib = read("lib.rs");
    let names = exported(&lib);
    let mut out: Vec<String> = names
        .iter()
        .map(|n| format!("lib.rs: pub use {n}"))
        .collect();
    // The public modules: every limit (`mythos::limits`), its table and the constants it declares.
    for l in code_lines(&lib) {
        // `pub mod bench { … }` (feature `bench`) is not the API.
        if let Some(m) = l.strip_prefix("pub mod ").and_then(|m| m.strip_suffix(';')) {
            out.push(format!("lib.rs: pub mod {m}"));
        }
    }
    let limits = read("limits.rs");
    out.extend(surface_of("limits.rs", &limits, None));
    out.extend(declared_limits(&limits));
    let mut api: Vec<String> = std::fs::read_dir(src.join("api"))
        .expect("src/api")
        .flatten()
        .map(|e| format!("api/{}", e.file_name().to_string_lossy()))
        .filter(|p| p.ends_with(".rs"))
        .collect();
    api.sort();
    for p in &api {
        out.extend(surface_of(p, &read(p), Some(&names)));
    }
    // The one definition of `Objective` lives with the search that maximises it.
    let only: BTreeSet<String> = ["Objective".to_string()].into();
    out.extend(surface_of(
        "odds/exact/choose.rs",
        &read("odds/exact/choose.rs"),
        Some(&only),
    ));
    out.sort();
    out.dedup();
    out
}

#[test]
fn the_public_surface_changes_only_on_purpose() {
    let pinned = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/public_api.txt");
    let now = public_surface().join("\n") + "\n";
    let before = std::fs::read_to_string(&pinned).unwrap_or_default();
    if now != before {
        let new = pinned.with_extension("txt.new");
        std::fs::write(&new, &now).expect("written");
        panic!(
            "the public API changed: compare {} with {} and, if the change is meant, move it over",
            new.display(),
            pinned.display()
        );
    }
}

/// Mark Harrigan with 2 Clues against the Ghoul: Clue rerolls to decide.
const GHOUL_TWO_CLUES: &str = "game = \"eldritch\"\n[investigator]\ncard = \"mark_harrigan\"\nclues = 2\n[[monsters]]\ncard = \"ghoul\"\n";

/// Issue 38: under `survive`, options that survive alike are told apart by what they lose. At every
/// decision of the first round, the best option loses the least Health and Sanity on average among
/// the options of the best value (the case: keeping a Clue advised where spending it loses
/// less, 2.08 against 1.41 Stamina).
#[test]
fn ties_under_survive_go_to_the_option_that_loses_less() {
    let scenario = Scenario::parse(&Library::new(), "ghoul.toml", GHOUL_TWO_CLUES).expect("parses");
    let best = scenario.best_odds(Objective::Survive).expect("answered");
    let json = best.to_json();
    let decisions = json["best"]["decisions"].as_array().expect("decisions");
    let mut spent_to_lose_less = 0;
    for d in decisions {
        let options = d["options"].as_array().expect("options");
        let value = |o: &serde_json::Value| o["value"].as_f64().expect("a value");
        let lost = |o: &serde_json::Value| {
            o["health_lost_mean"].as_f64().expect("a mean")
                + o["sanity_lost_mean"].as_f64().expect("a mean")
        };
        let top = options.iter().map(value).fold(f64::MIN, f64::max);
        let least = options
            .iter()
            .filter(|o| value(o) > top - 1e-12)
            .map(lost)
            .fold(f64::MAX, f64::min);
        let chosen = &options[d["best"].as_u64().expect("an index") as usize];
        assert!((lost(chosen) - least).abs() < 1e-9, "{d}");
        if chosen["answer"]["kind"] == "reroll" && (value(&options[0]) - top).abs() < 1e-12 {
            spent_to_lose_less += 1;
        }
    }
    assert!(spent_to_lose_less > 0, "no Clue spent only to lose less");
}

/// Issue 38: where the search grouped faces that count alike, the faces it holds are a class's
/// representative ("dice 4 4 4" when 1 2 3 were rolled); the advice tells those dice by what they
/// count, and the JSON's `counted` gives each die's successes.
#[test]
fn grouped_faces_are_told_by_what_they_count() {
    let scenario = Scenario::parse(&Library::new(), "ghoul.toml", GHOUL_TWO_CLUES).expect("parses");
    let best = scenario.best_odds(Objective::Survive).expect("answered");
    let text = best.text_all();
    assert!(text.contains("4 dice: 3 failing, 1 success"), "{text}");
    assert!(!text.contains("showing"), "{text}");
    assert!(
        text.contains("reroll die 1 (a failing die) with a clue token"),
        "{text}"
    );
    let json = best.to_json();
    assert!(
        json["best"]["decisions"]
            .as_array()
            .expect("decisions")
            .iter()
            .any(|d| d["counted"] == serde_json::json!([0, 0, 0, 1]))
    );
}

/// Issue 38: the question names its test ("the Strength test against Ghoul", not "test 2"), and
/// `text_all` (`--all`) shows every decision of the first round, not the first 8.
#[test]
fn advice_names_the_test_and_reaches_every_decision() {
    let scenario = Scenario::parse(&Library::new(), "ghoul.toml", GHOUL_TWO_CLUES).expect("parses");
    let best = scenario.best_odds(Objective::Survive).expect("answered");
    let total = best.to_json()["best"]["decisions_total"]
        .as_u64()
        .expect("a count") as usize;
    assert!(total > 8, "{total}");
    let text = best.text_all();
    let asked = |test: &str| {
        let question = format!("the {test} test against Ghoul: spend a token to reroll a die?");
        text.lines().filter(|l| l.ends_with(&question)).count()
    };
    assert!(asked("Strength") > 0 && asked("Will") > 0, "{text}");
    assert_eq!(asked("Strength") + asked("Will"), total, "{text}");
    assert!(!text.contains("test 2:"), "{text}");
    assert_eq!(best.decisions().len(), total);
}

/// Issue 38: at the table (`mythos play`), the faces shown are those rolled, and rerolls of dice that
/// lead to the same odds are one option. Lore 3 and a Clue (EH), 1 2 3 rolled: no card tells the
/// failing faces apart, so the kernel offers one reroll of a failing die (any of them alike), 1/3 to
/// pass.
#[test]
fn at_the_table_identical_rerolls_are_one_option() {
    let text = "game = \"eldritch\"\n[investigator]\nname = \"T\"\nlore = 3\nclues = 1\n[test]\nskill = \"lore\"\n";
    let scenario = Scenario::parse(&Library::new(), "lore.toml", text).expect("parses");
    let d = scenario
        .decision(Objective::Pass, &[1, 2, 3], &[])
        .expect("a decision");
    let shown = d.text();
    assert!(
        shown.contains("dice showing 1 2 3: the Lore test: spend a token"),
        "{shown}"
    );
    let rerolls = shown.lines().filter(|l| l.contains(". reroll")).count();
    assert_eq!(rerolls, 1, "{shown}");
    assert!(
        d.options()
            .iter()
            .skip(1)
            .all(|o| (o.value() - 1.0 / 3.0).abs() < 1e-9)
    );
}

/// Issue 38: a scenario's `[choices]` pin a fixed policy for `Scenario::odds`; without them it is the
/// best play for the default objective, the same odds as `best_odds` of it.
#[test]
fn odds_follow_the_scenario_policy() {
    let lib = Library::new();
    let plain = Scenario::parse(&lib, "g.toml", GHOUL_TWO_CLUES).expect("parses");
    assert_eq!(
        plain.policy(),
        mythos::Policy::Best {
            objective: Objective::DefeatAll,
            default: true
        }
    );
    let odds = plain.odds().expect("answered").odds();
    let best = plain.best_odds(Objective::DefeatAll).expect("answered");
    assert!((odds.defeated()[0].2 - best.value()).abs() < 1e-12);
    let pinned = Scenario::parse(
        &lib,
        "g.toml",
        &format!("{GHOUL_TWO_CLUES}[choices]\nrerolls = \"none\"\n"),
    )
    .expect("parses");
    assert_eq!(pinned.policy(), mythos::Policy::Choices { written: true });
    assert!(matches!(pinned.odds(), Ok(mythos::OddsOf::Fixed(_))));
}
