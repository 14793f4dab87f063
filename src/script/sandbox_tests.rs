//! The script sandbox (DESIGN invariants 2, 5 and 8): a hostile card script fails with a diagnostic that
//! names the card, the hook and the line, the run ends, and nothing of the hook it ran in is applied.
//! Each test holds one hostile script; each first gains 2 Clues, so that a half-applied hook would show
//! in the result. The hostile scenarios of whole encounters are in `tests/sandbox/`.

use crate::defs::{CardSet, Diagnostic, SourceFile, render_all};
use crate::scenario::{Played, play_file, result_object, transcript_text};
use crate::script::{Limits, sandboxed_engine};

/// A scenario whose one possession runs `body` in `on_pool`, after gaining 2 Clues. The hook's
/// `fn on_pool` is on line 7 of the file, `body` starts on line 9 (where a sandbox limit hit in it is
/// shown: at its statement, or at its call of the function that hit it).
fn scenario(body: &str) -> SourceFile {
    let text = format!(
        r#"game = "eldritch"
title = "A hostile script"

[investigator]
lore = 2
possessions = [{{ id = "hostile", name = "Hostile", kind = "asset", script = """
fn on_pool(ctx) {{
    ctx.investigator.gain("clues", 2);
    {body}
}}
fn deeper(n) {{
    deeper(n + 1)
}}
fn grow(s) {{
    loop {{ s += s; }}
}}
""" }}]

[test]
skill = "lore"

[dice]
faces = [5, 2]
"#
    );
    SourceFile::new("hostile.toml", text)
}

fn play(body: &str) -> Result<Played, Vec<Diagnostic>> {
    play_file(&scenario(body), &CardSet::base)
}

/// A script that fails while it runs: the diagnostic, and the Clues held when the scenario stopped.
fn stopped(body: &str) -> (Diagnostic, i64) {
    let played = match play(body) {
        Ok(p) => p,
        Err(ds) => panic!("expected it to run: {}", render_all(&ds, false)),
    };
    let d = played.error.clone().expect("the hook fails");
    let clues = result_object(&played)["investigator"]["clues"]
        .as_i64()
        .expect("clues");
    (d, clues)
}

/// A script refused when it is compiled, before anything runs.
fn refused(body: &str) -> Diagnostic {
    match play(body) {
        Ok(p) => panic!("expected a refusal, got {:?}", p.error),
        Err(ds) => {
            assert_eq!(ds.len(), 1, "{}", render_all(&ds, false));
            ds[0].clone()
        }
    }
}

fn assert_names(d: &Diagnostic, code: &str, line: &str) {
    assert_at(d, code, "hostile", "on_pool", "hostile.toml", line);
}

fn assert_at(d: &Diagnostic, code: &str, card: &str, hook: &str, file: &str, line: &str) {
    assert_eq!(
        d.code,
        code,
        "{}",
        render_all(std::slice::from_ref(d), false)
    );
    assert!(
        d.message.contains(&format!("`{card}`")),
        "names the card: {d}"
    );
    assert!(
        d.message.contains(&format!("hook `{hook}`")),
        "names the hook: {d}"
    );
    let at = d.location().expect("a location");
    assert!(at.starts_with(&format!("{file}:{line}:")), "{at}");
}

/// Plays `tests/sandbox/NAME.toml`, which must load.
fn play_hostile(name: &str) -> Played {
    let path = format!("tests/sandbox/{name}.toml");
    let text = std::fs::read_to_string(&path).expect("the scenario file");
    match play_file(&SourceFile::new(path, text), &CardSet::base) {
        Ok(p) => p,
        Err(ds) => panic!("expected it to run: {}", render_all(&ds, false)),
    }
}

fn number(played: &Played, path: &[&str]) -> i64 {
    let mut v = result_object(played);
    for p in path {
        v = match p.parse::<usize>() {
            Ok(i) => v[i].clone(),
            Err(_) => v[*p].clone(),
        };
    }
    v.as_i64().unwrap_or_else(|| panic!("{path:?} is a number"))
}

#[test]
fn a_loop_that_never_ends_stops_at_the_operations_limit() {
    let (d, clues) = stopped("loop {}");
    assert_names(&d, "E0403", "9");
    assert_eq!(clues, 0, "the 2 Clues of the failed hook are not gained");
}

#[test]
fn recursion_without_end_stops_at_the_call_depth_limit() {
    // At the call in the hook's body (line 9) of the function that recursed.
    let (d, clues) = stopped("deeper(0);");
    assert_names(&d, "E0403", "9");
    assert!(d.message.contains("Stack overflow"), "{d}");
    assert_eq!(clues, 0);
}

#[test]
fn a_limit_hit_inside_a_helper_function_is_still_a_sandbox_limit() {
    // At the call in the hook's body (line 9) of the function that hit it.
    let (d, clues) = stopped(r#"grow("ab");"#);
    assert_names(&d, "E0403", "9");
    assert!(d.message.contains("string"), "{d}");
    assert_eq!(clues, 0);
}

#[test]
fn a_huge_string_stops_at_the_string_size_limit() {
    let (d, clues) = stopped(r#"let s = "ab"; loop { s += s; }"#);
    assert_names(&d, "E0403", "9");
    assert!(d.message.contains("string"), "{d}");
    assert_eq!(clues, 0);
}

#[test]
fn a_huge_array_stops_at_the_array_size_limit() {
    let (d, clues) = stopped("let a = []; loop { a.push(1); }");
    assert_names(&d, "E0403", "9");
    assert!(d.message.contains("array"), "{d}");
    assert_eq!(clues, 0);
}

#[test]
fn a_padded_array_cannot_outgrow_the_limit_in_one_call() {
    let (d, clues) = stopped("let a = [1]; a.pad(1000000000, 0);");
    assert_names(&d, "E0403", "9");
    assert_eq!(clues, 0);
}

#[test]
fn import_is_refused_before_anything_runs() {
    let d = refused(r#"import "helpers" as h;"#);
    assert_names(&d, "E0408", "9");
    assert!(d.message.contains("`import` is not allowed"), "{d}");
}

#[test]
fn eval_is_refused_before_anything_runs() {
    let d = refused(r#"let n = eval("40 + 2");"#);
    assert_names(&d, "E0408", "9");
    assert!(d.message.contains("`eval` is not allowed"), "{d}");
}

#[test]
fn the_engine_runs_under_the_documented_limits_in_every_build() {
    // The limits are constants, not `cfg(debug_assertions)`: the engine reports the same numbers in a
    // debug and a release build.
    let e = sandboxed_engine(Default::default());
    assert_eq!(e.max_operations(), Limits::OPERATIONS);
    assert_eq!(e.max_call_levels(), Limits::CALL_LEVELS);
    assert_eq!(e.max_string_size(), Limits::STRING_SIZE);
    assert_eq!(e.max_array_size(), Limits::ARRAY_SIZE);
    assert_eq!(e.max_map_size(), Limits::MAP_SIZE);
    assert_eq!(e.max_modules(), 0);
}

#[test]
fn an_on_damage_that_fires_itself_stops_at_the_cascade_depth() {
    // The Hydra's on_damage makes it lose 1 Health, which fires its on_damage again, without end.
    let played = play_hostile("damage_that_fires_itself");
    let d = played.error.clone().expect("the cascade is stopped");
    assert_at(
        &d,
        "E0403",
        "hydra",
        "on_damage",
        "tests/sandbox/damage_that_fires_itself.toml",
        "11",
    );
    assert!(
        d.message
            .contains(&format!("went {} deep", Limits::HOOK_CASCADE)),
        "{d}"
    );
    // Nothing of the cascade is applied: not the Clues of any of its hooks, not the Health it lost,
    // nor the Strength test's 2 successes, whose loss fired it.
    assert_eq!(number(&played, &["investigator", "clues"]), 0);
    assert_eq!(number(&played, &["monsters", "0", "damage"]), 0);
}

#[test]
fn a_card_asking_for_tests_after_every_test_stops_at_the_test_limit() {
    // Four tests asked after each test: 4, 16, 64, 256... The card's 1,001st ask is refused.
    let played = play_hostile("tests_that_ask_for_tests");
    let d = played.error.clone().expect("the tests are stopped");
    assert_at(
        &d,
        "E0403",
        "hydra_lore",
        "after_test",
        "tests/sandbox/tests_that_ask_for_tests.toml",
        "7",
    );
    assert!(
        d.message.contains(&format!("beyond the {}", Limits::TESTS)),
        "{d}"
    );
    // Each hook that asked for its 4 tests gained 2 Clues; the one refused gained none.
    let whole_hooks = (Limits::TESTS / 4) as i64;
    assert_eq!(number(&played, &["investigator", "clues"]), 2 * whole_hooks);
}

#[test]
fn what_one_hook_prints_is_cut_at_the_hook_budget() {
    // 40 times an array of 250 numbers (1,140 bytes): 45,600 bytes asked for, within what a hook may
    // ask.
    let played = play_hostile("one_hook_prints_without_end");
    assert!(played.error.is_none(), "cutting the text is not an error");
    let text = transcript_text(&played);
    assert!(
        text.contains(&format!(
            "[text cut: a hook may write {} bytes",
            Limits::PRINTED_PER_HOOK
        )),
        "{text}"
    );
    // The whole transcript: the hook's budget and a few lines of the test around it.
    assert!(
        text.len() < Limits::PRINTED_PER_HOOK + 2_000,
        "{} bytes",
        text.len()
    );
}

#[test]
fn what_all_hooks_of_a_run_print_is_cut_at_the_run_budget() {
    // 12 tests, 4 hooks each printing 4,560 bytes (cut at 4,096): about 197,000 bytes asked for.
    let played = play_hostile("every_hook_prints");
    assert!(played.error.is_none(), "{:?}", played.error);
    let text = transcript_text(&played);
    assert!(
        text.len() < Limits::PRINTED_PER_RUN + 20_000,
        "{} bytes",
        text.len()
    );
    assert!(
        text.len() > Limits::PRINTED_PER_RUN,
        "the test asked for more than the budget: {} bytes",
        text.len()
    );
}

#[test]
fn function_pointers_that_carry_data_are_refused_before_anything_runs() {
    let d = refused(r#"let f = Fn("deeper");"#);
    assert_names(&d, "E0408", "9");
    assert!(d.message.contains("`Fn` is not allowed"), "{d}");
    let d = refused("let g = |x, y| x + y; let f = g.curry(1);");
    assert_names(&d, "E0408", "9");
    assert!(d.message.contains("`curry` is not allowed"), "{d}");
}

#[test]
fn a_closure_that_captures_a_value_is_refused_before_anything_runs() {
    let d = refused(r#"let big = "ab"; let f = |x| x + big;"#);
    assert_names(&d, "E0408", "9");
    assert!(d.message.contains("may not capture `big`"), "{d}");
}

#[test]
fn a_long_map_key_stops_at_the_map_key_limit() {
    // 128 bytes, built while the hook runs.
    let (d, clues) = stopped(r#"let k = "k"; for i in 0..7 { k += k; } let m = #{}; m[k] = 1;"#);
    assert_names(&d, "E0403", "9");
    assert!(d.message.contains("map key"), "{d}");
    assert_eq!(clues, 0);
}

#[test]
fn a_long_map_key_written_in_the_script_is_refused_before_anything_runs() {
    let key = "k".repeat(Limits::MAP_KEY + 1);
    let d = refused(&format!(r#"let m = #{{ "{key}": 1 }};"#));
    assert_names(&d, "E0408", "9");
    assert!(d.message.contains("map key"), "{d}");
}

#[test]
fn a_hook_asking_for_too_many_effects_stops_at_the_effects_limit() {
    let (d, clues) = stopped(&format!(
        r#"for i in 0..{} {{ ctx.note("x"); }}"#,
        Limits::EFFECTS
    ));
    // At the call that asked for one effect too many, in the body on line 9.
    assert_names(&d, "E0403", "9");
    assert!(d.message.contains("effects"), "{d}");
    assert_eq!(clues, 0);
}

#[test]
fn the_clock_and_sleep_are_not_functions_of_the_script_api() {
    for call in ["let t = timestamp();", "sleep(1);"] {
        let d = refused(call);
        assert_names(&d, "E0407", "9");
        assert!(
            d.message.contains("is not a function of the script API"),
            "{d}"
        );
    }
}

/// Names of functions that read a clock, the environment or a random source, or block.
fn unsafe_functions(engine: &rhai::Engine) -> Vec<String> {
    const WORDS: [&str; 17] = [
        "sleep",
        "timestamp",
        "elapsed",
        "now",
        "time",
        "clock",
        "instant",
        "env",
        "getenv",
        "random",
        "rand",
        "shuffle",
        "seed",
        "exit",
        "parse_json",
        "eval",
        "metadata",
    ];
    const TYPES: [&str; 4] = ["Instant", "Timestamp", "Duration", "SystemTime"];
    engine
        .gen_fn_signatures(true)
        .into_iter()
        .filter(|sig| {
            let name = sig.split('(').next().unwrap_or_default();
            let name = name.trim_start_matches("get$").trim_start_matches("set$");
            name.to_lowercase()
                .split('_')
                .any(|w| WORDS.iter().any(|f| w == *f || name == *f))
                || TYPES.iter().any(|t| sig.contains(t))
        })
        .collect()
}

#[test]
fn no_function_a_script_can_reach_reads_the_clock_the_environment_or_chance() {
    // The check finds them in Rhai's standard engine, so it can fail.
    let standard = unsafe_functions(&rhai::Engine::new());
    assert!(
        standard.iter().any(|s| s.starts_with("sleep(")),
        "{standard:?}"
    );
    assert!(
        standard.iter().any(|s| s.starts_with("timestamp(")),
        "{standard:?}"
    );
    let engine = sandboxed_engine(Default::default());
    assert!(
        engine.gen_fn_signatures(true).len() > 300,
        "every function is listed"
    );
    assert_eq!(unsafe_functions(&engine), Vec::<String>::new());
}

#[test]
fn a_hook_that_keeps_printing_stops_at_the_print_limit() {
    // Formatting a value takes time the operations limit does not count: asking for text without
    // end is a runaway, even once the text is cut.
    let (d, clues) = stopped("let a = []; for i in 0..250 { a.push(i); } loop { debug(a); }");
    assert_names(&d, "E0403", "9");
    assert!(
        d.message.contains(&format!(
            "more than {} bytes of text",
            Limits::PRINT_ASKED_PER_HOOK
        )),
        "{d}"
    );
    assert_eq!(clues, 0);
}

#[test]
fn hooks_that_together_run_long_stop_at_the_run_operations_limit() {
    // Each hook stays within the operations of one call; together they pass those of one run.
    let played = play_hostile("every_hook_runs_long");
    let d = played.error.clone().expect("the run is stopped");
    assert_at(
        &d,
        "E0403",
        "treadmill",
        "on_pool",
        "tests/sandbox/every_hook_runs_long.toml",
        // The hook's call, on line 8, of the function that was running when the run's budget ran out.
        "8",
    );
    assert!(
        d.message.contains(&format!(
            "more than {} operations together",
            Limits::RUN_OPERATIONS
        )),
        "{d}"
    );
    // The hooks before the one stopped were applied: the run got that far within its budget.
    assert!(number(&played, &["investigator", "clues"]) > 0);
}

#[test]
fn a_chain_of_tests_stops_at_the_test_limit() {
    // One more test after every test: the chain is not stopped after some rounds, but at the tests.
    let played = play_hostile("a_test_after_every_test");
    let d = played.error.clone().expect("the chain is stopped");
    assert_at(
        &d,
        "E0403",
        "hydra_lore",
        "after_test",
        "tests/sandbox/a_test_after_every_test.toml",
        "7",
    );
    // Every test asked for was resolved, and each of their after_test hooks but the last applied.
    assert_eq!(
        number(&played, &["investigator", "clues"]),
        2 * Limits::TESTS as i64
    );
}

/// Runs `attack`, failing the test if it takes longer than a hostile script may: a bound on a
/// runaway (minutes before these limits), not a measure of speed.
fn within_seconds<T>(attack: impl FnOnce() -> T) -> T {
    let start = std::time::Instant::now();
    let out = attack();
    let took = start.elapsed();
    assert!(took < std::time::Duration::from_secs(10), "took {took:?}");
    out
}

/// Builds `a`, an array of 250 numbers (the array size limit is 256), before `body`.
fn with_large_array(body: &str) -> String {
    format!("let a = []; for i in 0..250 {{ a.push(i); }} {body}")
}

#[test]
fn a_function_s_work_on_a_large_array_counts_against_the_operations_limit() {
    // Rhai counts one operation per call, however many elements it compares: these loops ran for
    // minutes within 100,000 operations. Each call now costs one operation per value it looks at.
    for body in [
        "loop { a.contains(-1); }",
        "loop { if -1 in a {} }",
        "loop { a.index_of(-1); }",
        "loop { a.index_of(-1, 0); }",
        "let b = a; loop { if a == b {} }",
        "let b = a; loop { if a != b {} }",
        "loop { a.dedup(); }",
        "loop { a.sort(); }",
        "loop { a.sort_desc(); }",
        "loop { let b = a.order(); }",
        "loop { let s = a.to_string(); }",
        "loop { let s = `${a}`; }",
        "loop { let b = a + []; }",
        "loop { let b = []; b.append(a); }",
        "let m = #{}; for i in 0..90 { m[`k${i}`] = a[i]; } let n = m; loop { if m == n {} }",
        "let m = #{}; for i in 0..90 { m[`k${i}`] = a[i]; } loop { let s = m.to_string(); }",
    ] {
        let (d, clues) = within_seconds(|| stopped(&with_large_array(body)));
        assert_names(&d, "E0403", "9");
        assert!(
            d.message.contains(&format!(
                "took more than {} operations in one hook call",
                Limits::OPERATIONS
            )),
            "{body}: {d}"
        );
        assert_eq!(clues, 0, "{body}");
    }
}

#[test]
fn a_replacement_that_would_pass_the_string_size_limit_is_refused_before_it_is_built() {
    // 4,096 bytes, each replaced by the 4,096 bytes: 16 MiB built for one operation, before Rhai
    // looked at its size.
    let (d, clues) = within_seconds(|| {
        stopped(r#"let s = "a"; for i in 0..12 { s += s; } loop { let t = s; t.replace("a", s); }"#)
    });
    assert_names(&d, "E0403", "9");
    assert!(d.message.contains("string"), "{d}");
    assert_eq!(clues, 0);
}

#[test]
fn hooks_whose_functions_together_work_long_stop_at_the_run_operations_limit() {
    // Each hook searches a large array within the operations of one call; together they pass those
    // of one run.
    let played = within_seconds(|| play_hostile("every_hook_searches_a_large_array"));
    let d = played.error.clone().expect("the run is stopped");
    assert_at(
        &d,
        "E0403",
        "seeker",
        "on_pool",
        "tests/sandbox/every_hook_searches_a_large_array.toml",
        // The hook's call, on line 8, of the function that was running when the run's budget ran out.
        "8",
    );
    assert!(
        d.message.contains(&format!(
            "more than {} operations together",
            Limits::RUN_OPERATIONS
        )),
        "{d}"
    );
}

#[test]
fn no_function_a_script_can_reach_takes_or_gives_a_float() {
    // Floating point results of libm (`sin`, `exp`, `**`) may differ between machines; Rhai is built
    // without floats (DESIGN invariant 2). The check finds them in a standard engine, so it can fail.
    let floats = |e: &rhai::Engine| -> Vec<String> {
        e.gen_fn_signatures(true)
            .into_iter()
            .filter(|s| s.contains("f64") || s.contains("f32") || s.contains("float"))
            .collect()
    };
    let engine = sandboxed_engine(Default::default());
    assert_eq!(floats(&engine), Vec::<String>::new());
}

#[test]
fn transcendental_and_float_functions_are_not_functions_of_the_script_api() {
    for call in [
        "let x = sin(1);",
        "let x = exp(1);",
        "let x = sqrt(4);",
        "let x = to_float(1);",
        "let x = parse_float(\"1.5\");",
    ] {
        let d = refused(call);
        assert_names(&d, "E0407", "9");
        assert!(
            d.message.contains("is not a function of the script API"),
            "{call}: {d}"
        );
    }
}

#[test]
fn a_float_literal_is_refused_when_the_script_is_loaded() {
    // Rhai without floats would say "Expecting name of a property" after `1.`.
    let d = refused("let x = 1.5;");
    assert_eq!(d.code, "E0401", "{d}");
    assert!(d.message.contains("`1.5` is not a whole number"), "{d}");
    assert_eq!(d.location().as_deref(), Some("hostile.toml:9:13"));
}
