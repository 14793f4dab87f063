//! The script sandbox (DESIGN invariants 2, 5 and 8): a hostile card script fails with a diagnostic that
//! names the card, the hook and the line, the run ends, and nothing of the hook it ran in is applied.
//! The hostile scripts of one hook are rows of two tables, [`runaways`] and [`forbidden`]; each row's
//! hook first gains 2 Clues, so that a half-applied hook would show in the result. The hostile
//! scenarios of `tests/sandbox/` are played in `sandbox_scenario_tests.rs`.

use crate::defs::{CardSet, Diagnostic, SourceFile, render_all};
use crate::scenario::{Played, play_file};
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

/// The line of `hostile.toml` a diagnostic names when a limit stops the running hook: `body`'s, at the
/// statement under way, at its call of the helper that recursed or hit a limit, or at the call that
/// asked for one effect too many.
const HOOK_LINE: u32 = 9;
/// The line of `hostile.toml` a diagnostic names when the script is refused: the script itself.
const SCRIPT_LINE: u32 = 9;

/// One hostile script for the hook of [`scenario`], the diagnostic it must end with, and why.
struct Attack {
    /// What the script tries, and the limit or rule that must stop it.
    reason: &'static str,
    /// The script, run after the hook gained its 2 Clues.
    script: String,
    /// The code expected.
    code: &'static str,
    /// The line of `hostile.toml` expected.
    line: u32,
    /// Words the message must hold; empty when the code says it all.
    says: String,
}

fn attack(
    reason: &'static str,
    script: impl Into<String>,
    code: &'static str,
    line: u32,
    says: impl Into<String>,
) -> Attack {
    let (script, says) = (script.into(), says.into());
    Attack {
        reason,
        script,
        code,
        line,
        says,
    }
}

impl Attack {
    /// The diagnostic has this row's code, names the card, the hook and this row's line, and says
    /// this row's words.
    fn assert(&self, d: &Diagnostic) {
        let why = format!("{} (`{}`)", self.reason, self.script);
        assert_at(
            d,
            self.code,
            "hostile",
            "on_pool",
            "hostile.toml",
            self.line,
            &why,
        );
        assert!(
            d.message.contains(&self.says),
            "{why}: says {:?}: {d}",
            self.says
        );
    }

    /// The script runs and fails within seconds; nothing of its hook is applied.
    fn stops(&self) {
        let played = match within_seconds(|| play(&self.script)) {
            Ok(p) => p,
            Err(ds) => panic!(
                "{}: expected it to run: {}",
                self.reason,
                render_all(&ds, false)
            ),
        };
        let d = played.error.clone();
        let d = d.unwrap_or_else(|| panic!("{}: the hook fails", self.reason));
        self.assert(&d);
        let clues = Some(i64::from(played.encounter.table.investigator.clues));
        assert_eq!(
            clues,
            Some(0),
            "{}: the 2 Clues of the failed hook are not gained",
            self.reason
        );
    }

    /// The script is refused, alone, when it is compiled, before anything runs.
    fn is_refused(&self) {
        match play(&self.script) {
            Ok(p) => panic!("{}: expected a refusal, got {:?}", self.reason, p.error),
            Err(ds) => {
                assert_eq!(ds.len(), 1, "{}: {}", self.reason, render_all(&ds, false));
                self.assert(&ds[0]);
            }
        }
    }
}

/// Hostile scripts that a sandbox limit stops while the hook runs (E0403). A table: one row a
/// reason, then its script and the words the message must hold.
#[rustfmt::skip]
fn runaways() -> Vec<Attack> {
    // One wording for the operations limit, whichever count stopped the call: Rhai's own (a loop
    // of plain operations) or the engine's (a function charged for its work).
    let ops = format!("took more than {} operations in one hook call", Limits::OPERATIONS);
    let run = |reason, script: &str, says: &str| attack(reason, script, "E0403", HOOK_LINE, says);
    let mut rows = vec![
        run("a loop that never ends stops at the operations limit",
            "loop {}", &ops),
        run("recursion without end stops at the call depth limit",
            "deeper(0);", "Stack overflow"),
        run("a limit hit inside a helper function is still a sandbox limit",
            r#"grow("ab");"#, "string"),
        run("a huge string stops at the string size limit",
            r#"let s = "ab"; loop { s += s; }"#, "string"),
        run("a huge array stops at the array size limit",
            "let a = []; loop { a.push(1); }", "array"),
        run("a padded array cannot outgrow the limit in one call",
            "let a = [1]; a.pad(1000000000, 0);", ""),
        run("a long map key (128 bytes, built while the hook runs) stops at the map key limit",
            r#"let k = "k"; for i in 0..7 { k += k; } let m = #{}; m[k] = 1;"#, "map key"),
        run("a hook asking for too many effects stops at the effects limit",
            &format!(r#"for i in 0..{} {{ ctx.note("x"); }}"#, Limits::EFFECTS), "effects"),
        // Formatting a value takes time the operations limit does not count: asking for text
        // without end is a runaway, even once the text is cut.
        run("a hook that keeps printing stops at the print limit",
            &with_large_array("loop { debug(a); }"),
            &format!("more than {} bytes of text", Limits::PRINT_ASKED_PER_HOOK)),
        // 4,096 bytes, each replaced by the 4,096 bytes: 16 MiB built for one operation, before
        // Rhai looked at its size.
        run("a replacement that would pass the string size limit is refused before it is built",
            r#"let s = "a"; for i in 0..12 { s += s; } loop { let t = s; t.replace("a", s); }"#,
            "string"),
    ];
    // Rhai counts one operation per call, however many elements it compares: these loops ran for
    // minutes within 100,000 operations. Each call now costs one operation per value it looks at.
    let large = "a function's work on a large array counts against the operations limit";
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
        rows.push(run(large, &with_large_array(body), &ops));
    }
    rows
}

/// Hostile scripts refused when the card is compiled: a construct the sandbox does not allow
/// (E0408), or a function it does not have (E0407). A table: one row a reason, then its script,
/// code and the words the message must hold.
#[rustfmt::skip]
fn forbidden() -> Vec<Attack> {
    let refuse = |reason, script: &str, code, says: &str| attack(reason, script, code, SCRIPT_LINE, says);
    let mut rows = vec![
        refuse("import is refused",
            r#"import "helpers" as h;"#, "E0408", "`import` is not allowed"),
        refuse("eval is refused",
            r#"let n = eval("40 + 2");"#, "E0408", "`eval` is not allowed"),
        refuse("a function pointer, which can carry data, is refused",
            r#"let f = Fn("deeper");"#, "E0408", "`Fn` is not allowed"),
        refuse("a curried function, which carries data, is refused",
            "let g = |x, y| x + y; let f = g.curry(1);", "E0408", "`curry` is not allowed"),
        refuse("a closure that captures a value is refused",
            r#"let big = "ab"; let f = |x| x + big;"#, "E0408", "may not capture `big`"),
        refuse("a long map key written in the script is refused",
            &format!(r#"let m = #{{ "{}": 1 }};"#, "k".repeat(Limits::MAP_KEY + 1)), "E0408", "map key"),
    ];
    // The clock and sleep; and, since floating point results of libm may differ between
    // machines, the transcendental and float functions.
    for call in [
        "let t = timestamp();",
        "sleep(1);",
        "let x = sin(1);",
        "let x = exp(1);",
        "let x = sqrt(4);",
        "let x = to_float(1);",
        "let x = parse_float(\"1.5\");",
    ] {
        rows.push(refuse("a function the sandbox does not have is refused",
            call, "E0407", "is not a function of the script API"));
    }
    rows
}

#[test]
fn a_runaway_hook_stops_at_a_sandbox_limit_and_nothing_of_it_is_applied() {
    for row in runaways() {
        row.stops();
    }
}

#[test]
fn a_forbidden_construct_or_function_is_refused_before_anything_runs() {
    for row in forbidden() {
        row.is_refused();
    }
}

/// The diagnostic has `code`, names `card` and `hook`, and points at `line` of `file`.
pub(super) fn assert_at(
    d: &Diagnostic,
    code: &str,
    card: &str,
    hook: &str,
    file: &str,
    line: u32,
    why: &str,
) {
    let shown = render_all(std::slice::from_ref(d), false);
    assert_eq!(d.code, code, "{why}: {shown}");
    assert!(
        d.message.contains(&format!("`{card}`")),
        "{why}: names the card: {d}"
    );
    assert!(
        d.message.contains(&format!("hook `{hook}`")),
        "{why}: names the hook: {d}"
    );
    let at = d.location().expect("a location");
    assert!(at.starts_with(&format!("{file}:{line}:")), "{why}: {at}");
}

/// Runs `attack`, failing the test if it takes longer than a hostile script may: a bound on a
/// runaway (minutes before these limits), not a measure of speed. The heaviest case, a debug build
/// running hooks to the run's operations limit, took 9.9 s and 16 s on a loaded machine (load
/// average 13 to 15 on 2 cores), so the bound is 60 s: far below a hang, above a loaded debug build.
pub(super) fn within_seconds<T>(attack: impl FnOnce() -> T) -> T {
    let start = std::time::Instant::now();
    let out = attack();
    let took = start.elapsed();
    assert!(took < std::time::Duration::from_secs(60), "took {took:?}");
    out
}

/// Builds `a`, an array of 250 numbers (the array size limit is 256), before `body`.
fn with_large_array(body: &str) -> String {
    format!("let a = []; for i in 0..250 {{ a.push(i); }} {body}")
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
    let found = |name: &str| standard.iter().any(|s| s.starts_with(name));
    assert!(found("sleep("), "{standard:?}");
    assert!(found("timestamp("), "{standard:?}");
    let engine = sandboxed_engine(Default::default());
    let listed = engine.gen_fn_signatures(true).len();
    assert!(listed > 300, "every function is listed");
    assert_eq!(unsafe_functions(&engine), Vec::<String>::new());
}

#[test]
fn no_function_a_script_can_reach_takes_or_gives_a_float() {
    // Floating point results of libm (`sin`, `exp`, `**`) may differ between machines; Rhai is built
    // without floats (DESIGN invariant 2; `no_float` in Cargo.toml). Every engine of this build,
    // the standard one too, lacks them: this guards that feature, and a registered float function.
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
fn a_float_literal_is_refused_when_the_script_is_loaded() {
    // Rhai without floats would say "Expecting name of a property" after `1.`.
    let d = match play("let x = 1.5;") {
        Ok(p) => panic!("expected a refusal, got {:?}", p.error),
        Err(ds) => {
            assert_eq!(ds.len(), 1, "{}", render_all(&ds, false));
            ds[0].clone()
        }
    };
    assert_eq!(d.code, "E0401", "{d}");
    assert!(d.message.contains("`1.5` is not a whole number"), "{d}");
    assert_eq!(d.location().as_deref(), Some("hostile.toml:9:13"));
}
