//! The hostile scenarios of `tests/sandbox/` (DESIGN invariants 5 and 8): hooks whose runaway shows
//! only across a whole encounter (cascades, tests that ask for tests, budgets of a run) end with a
//! diagnostic that names the card, the hook and the line, and what a hook prints is cut at its budget.

use super::sandbox_tests::{assert_at, within_seconds};
use crate::defs::{CardSet, Diagnostic, SourceFile, render_all};
use crate::scenario::{Played, play_file, transcript_text};
use crate::script::Limits;

/// Plays `tests/sandbox/NAME.toml`, which must load.
fn play_hostile(name: &str) -> Played {
    let path = format!("tests/sandbox/{name}.toml");
    let text = std::fs::read_to_string(&path).expect("the scenario file");
    match play_file(&SourceFile::new(path, text), &CardSet::base) {
        Ok(p) => p,
        Err(ds) => panic!("expected it to run: {}", render_all(&ds, false)),
    }
}

/// Plays `tests/sandbox/NAME.toml` within seconds; it must stop with E0403 naming `card`, `hook`
/// and `line` of the file.
fn stopped_in(name: &str, card: &str, hook: &str, line: u32) -> (Played, Diagnostic) {
    let played = within_seconds(|| play_hostile(name));
    let d = played.error.clone();
    let d = d.unwrap_or_else(|| panic!("{name}: the run is stopped"));
    let file = format!("tests/sandbox/{name}.toml");
    assert_at(&d, "E0403", card, hook, &file, line, name);
    (played, d)
}

/// A number of the end state, named by its path in the result object (`investigator.clues`,
/// `monsters.0.damage`: the monster's Health tokens as its game counts them).
fn number(played: &Played, path: &[&str]) -> i64 {
    let table = &played.encounter.table;
    match path {
        ["investigator", "clues"] => i64::from(table.investigator.clues),
        ["monsters", i, "damage"] => {
            let m = &table.monsters[i.parse::<usize>().expect("an index")];
            i64::from(played.encounter.procedure().health_tokens(m))
        }
        _ => panic!("{path:?}: not a number these tests read"),
    }
}

#[test]
fn an_on_damage_that_fires_itself_stops_at_the_cascade_depth() {
    // The Hydra's on_damage makes it lose 1 Health, which fires its on_damage again, without end.
    let (played, d) = stopped_in("damage_that_fires_itself", "hydra", "on_damage", 11);
    let deep = format!("went {} deep", crate::limits::HOOK_CASCADE);
    assert!(d.message.contains(&deep), "{d}");
    // Nothing of the cascade is applied: not the Clues of any of its hooks, not the Health it lost,
    // nor the Strength test's 2 successes, whose loss fired it.
    assert_eq!(number(&played, &["investigator", "clues"]), 0);
    assert_eq!(number(&played, &["monsters", "0", "damage"]), 0);
}

#[test]
fn a_card_asking_for_tests_after_every_test_stops_at_the_test_limit() {
    // Four tests asked after each test: 4, 16, 64, 256... The card's 1,001st ask is refused.
    let (played, d) = stopped_in("tests_that_ask_for_tests", "hydra_lore", "after_test", 7);
    let beyond = format!("beyond the {}", crate::limits::TESTS_PER_ENCOUNTER);
    assert!(d.message.contains(&beyond), "{d}");
    // Each hook that asked for its 4 tests gained 2 Clues; the one refused gained none.
    let whole_hooks = (crate::limits::TESTS_PER_ENCOUNTER / 4) as i64;
    assert_eq!(number(&played, &["investigator", "clues"]), 2 * whole_hooks);
}

#[test]
fn a_chain_of_tests_stops_at_the_test_limit() {
    // One more test after every test: the chain is not stopped after some rounds, but at the tests.
    let (played, _) = stopped_in("a_test_after_every_test", "hydra_lore", "after_test", 7);
    // Every test asked for was resolved, and each of their after_test hooks but the last applied.
    let clues = number(&played, &["investigator", "clues"]);
    assert_eq!(clues, 2 * crate::limits::TESTS_PER_ENCOUNTER as i64);
}

#[test]
fn hooks_that_together_run_long_stop_at_the_run_operations_limit() {
    // Each hook stays within the operations of one call; together they pass those of one run.
    // At the hook's call, on line 8, of the function that was running when the run's budget ran out.
    let (played, d) = stopped_in("every_hook_runs_long", "treadmill", "on_pool", 8);
    let together = format!("more than {} operations together", Limits::RUN_OPERATIONS);
    assert!(d.message.contains(&together), "{d}");
    // The hooks before the one stopped were applied: the run got that far within its budget.
    assert!(number(&played, &["investigator", "clues"]) > 0);
}

#[test]
fn hooks_whose_functions_together_work_long_stop_at_the_run_operations_limit() {
    // Each hook searches a large array within the operations of one call; together they pass those
    // of one run.
    let name = "every_hook_searches_a_large_array";
    // At the hook's call, on line 8, of the function that was running when the run's budget ran out.
    let (_, d) = stopped_in(name, "seeker", "on_pool", 8);
    let together = format!("more than {} operations together", Limits::RUN_OPERATIONS);
    assert!(d.message.contains(&together), "{d}");
}

#[test]
fn what_one_hook_prints_is_cut_at_the_hook_budget() {
    // 40 times an array of 250 numbers (1,140 bytes): 45,600 bytes asked for, within what a hook may
    // ask.
    let played = play_hostile("one_hook_prints_without_end");
    assert!(played.error.is_none(), "cutting the text is not an error");
    let text = transcript_text(&played);
    let cut = format!(
        "[text cut: a hook may write {} bytes",
        Limits::PRINTED_PER_HOOK
    );
    assert!(text.contains(&cut), "{text}");
    // The whole transcript: the hook's budget and a few lines of the test around it.
    let bytes = text.len();
    assert!(bytes < Limits::PRINTED_PER_HOOK + 2_000, "{bytes} bytes");
}

#[test]
fn what_all_hooks_of_a_run_print_is_cut_at_the_run_budget() {
    // 12 tests, 4 hooks each printing 4,560 bytes (cut at 4,096): about 197,000 bytes asked for.
    let played = play_hostile("every_hook_prints");
    assert!(played.error.is_none(), "{:?}", played.error);
    let bytes = transcript_text(&played).len();
    assert!(bytes < Limits::PRINTED_PER_RUN + 20_000, "{bytes} bytes");
    let more = "the test asked for more than the budget";
    assert!(bytes > Limits::PRINTED_PER_RUN, "{more}: {bytes} bytes");
}
