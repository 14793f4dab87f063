//! The script sandbox (DESIGN invariant 5): a hostile card script fails with a diagnostic that names the
//! card, the hook and the line, and nothing of the hook it ran in is applied. Each test holds one
//! hostile script; each first gains 2 Clues, so that a half-applied hook would show in the result.

use mythos::defs::{CardSet, Diagnostic, SourceFile, render_all};
use mythos::scenario::{Played, play_file, result_object};
use mythos::script::{Limits, sandboxed_engine};

/// A scenario whose one possession runs `body` in `on_pool`, after gaining 2 Clues. The hook's
/// `fn on_pool` is on line 7 of the file, `body` starts on line 9.
fn scenario(body: &str) -> SourceFile {
    let text = format!(
        r#"game = "eldritch"
title = "A hostile script"

[investigator]
lore = 2
possessions = [{{ id = "hostile", name = "Hostile", kind = "asset", script = """
fn on_pool(ctx) {{
    ctx.gain("clues", 2);
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
    assert_eq!(
        d.code,
        code,
        "{}",
        render_all(std::slice::from_ref(d), false)
    );
    assert!(d.message.contains("`hostile`"), "names the card: {d}");
    assert!(d.message.contains("hook `on_pool`"), "names the hook: {d}");
    let at = d.location().expect("a location");
    assert!(at.starts_with(&format!("hostile.toml:{line}:")), "{at}");
}

#[test]
fn a_loop_that_never_ends_stops_at_the_operations_limit() {
    let (d, clues) = stopped("loop {}");
    assert_names(&d, "E0403", "7");
    assert_eq!(clues, 0, "the 2 Clues of the failed hook are not gained");
}

#[test]
fn recursion_without_end_stops_at_the_call_depth_limit() {
    // Rhai gives no position with a stack overflow: the diagnostic names the line of the hook.
    let (d, clues) = stopped("deeper(0);");
    assert_names(&d, "E0403", "7");
    assert!(d.message.contains("Stack overflow"), "{d}");
    assert_eq!(clues, 0);
}

#[test]
fn a_limit_hit_inside_a_helper_function_is_still_a_sandbox_limit() {
    // Rhai gives no position with a limit: the diagnostic names the line of the hook.
    let (d, clues) = stopped(r#"grow("ab");"#);
    assert_names(&d, "E0403", "7");
    assert!(d.message.contains("string"), "{d}");
    assert_eq!(clues, 0);
}

#[test]
fn a_huge_string_stops_at_the_string_size_limit() {
    let (d, clues) = stopped(r#"let s = "ab"; loop { s += s; }"#);
    assert_names(&d, "E0403", "7");
    assert!(d.message.contains("string"), "{d}");
    assert_eq!(clues, 0);
}

#[test]
fn a_huge_array_stops_at_the_array_size_limit() {
    let (d, clues) = stopped("let a = []; loop { a.push(1); }");
    assert_names(&d, "E0403", "7");
    assert!(d.message.contains("array"), "{d}");
    assert_eq!(clues, 0);
}

#[test]
fn a_padded_array_cannot_outgrow_the_limit_in_one_call() {
    let (d, clues) = stopped("let a = [1]; a.pad(1000000000, 0);");
    assert_names(&d, "E0403", "7");
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
