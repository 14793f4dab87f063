//! Bad input never panics: each case in `tests/diagnostics/` gets a diagnostic with a stable code, the
//! file, line and column, and a hint (DESIGN invariant 4), and the `mythos` command exits 2. Each test
//! states the code and the place explicitly, then pins the whole no-colour rendering as a snapshot.

use mythos::defs::{CardSet, Diagnostic, SourceFile, render_all};
use mythos::scenario::{Played, play_file, transcript_text};
use std::process::Command;

/// The path of a case as diagnostics name it: relative to the crate, so snapshots do not depend on
/// where the checkout is.
fn path(name: &str) -> String {
    format!("tests/diagnostics/{name}.toml")
}

fn play(name: &str) -> Result<Played, Vec<Diagnostic>> {
    let full = format!("{}/{}", env!("CARGO_MANIFEST_DIR"), path(name));
    let text = std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{full}: {e}"));
    play_file(&SourceFile::new(path(name), text), &|g| CardSet::base(g))
}

/// A case refused before anything is played: every problem, in the order found.
fn refused(name: &str) -> Vec<Diagnostic> {
    match play(name) {
        Err(ds) => ds,
        Ok(p) => panic!(
            "{name}: expected the scenario to be refused, but it was played (error: {:?})",
            p.error
        ),
    }
}

/// A case that fails while it is played: the one diagnostic in `Played::error`, and what was played.
fn failed(name: &str) -> (Diagnostic, Played) {
    match play(name) {
        Ok(mut p) => match p.error.take() {
            Some(d) => (d, p),
            None => panic!("{name}: expected an error while playing, got none"),
        },
        Err(ds) => panic!(
            "{name}: expected it to be played, but it was refused:\n{}",
            render_all(&ds, false)
        ),
    }
}

/// Checks one diagnostic's code, `line:col` and that it has a hint containing `hint`.
fn assert_diag(d: &Diagnostic, name: &str, code: &str, line_col: &str, hint: &str) {
    assert_eq!(d.code, code, "{d}");
    assert_eq!(
        d.location().as_deref(),
        Some(format!("{}:{line_col}", path(name)).as_str()),
        "{d}"
    );
    let h = d.hint.as_deref().unwrap_or_else(|| panic!("no hint: {d}"));
    assert!(h.contains(hint), "hint {h:?} should contain {hint:?}");
}

/// The single diagnostic of a refused case, checked, and its rendering.
fn refused_one(name: &str, code: &str, line_col: &str, hint: &str) -> String {
    let ds = refused(name);
    assert_eq!(ds.len(), 1, "{}", render_all(&ds, false));
    assert_diag(&ds[0], name, code, line_col, hint);
    render_all(&ds, false)
}

/// The diagnostic of a case that fails while played, checked, and its rendering.
fn failed_one(name: &str, code: &str, line_col: &str, hint: &str) -> String {
    let (d, _) = failed(name);
    assert_diag(&d, name, code, line_col, hint);
    render_all(std::slice::from_ref(&d), false)
}

#[test]
fn toml_syntax() {
    // The string opened on line 8 is never closed: the caret is at its end.
    let out = refused_one("toml_syntax", "E0101", "8:14", "toml.io");
    insta::assert_snapshot!(out);
}

#[test]
fn unknown_key() {
    let out = refused_one("unknown_key", "E0102", "8:1", "did you mean `skill`?");
    insta::assert_snapshot!(out);
}

#[test]
fn unknown_card() {
    let out = refused_one("unknown_card", "E0201", "6:16", "38_revolver");
    insta::assert_snapshot!(out);
}

#[test]
fn bad_face() {
    // `faces = [5, 7, 1]`: the 7, not the list.
    let out = refused_one("bad_face", "E0105", "11:13", "1 to 6");
    insta::assert_snapshot!(out);
}

#[test]
fn wrong_skill() {
    // `fight` is an Arkham Horror skill; the hint lists the Eldritch Horror ones.
    let out = refused_one("wrong_skill", "E0105", "8:9", "strength");
    insta::assert_snapshot!(out);
}

#[test]
fn script_syntax_error() {
    // A one-line script in `"""…"""`: the column is counted from the start of the file's line, so the
    // caret sits under the `}` that Rhai did not expect.
    let out = refused_one("script_syntax_error", "E0401", "6:110", "script API");
    let d = &refused("script_syntax_error")[0];
    let file = d.file.as_ref().expect("a file");
    assert_eq!(&file.text[d.span.start..d.span.start + 1], "}");
    insta::assert_snapshot!(out);
}

#[test]
fn misnamed_hook() {
    // `on_pol` is defined on line 11, after a helper function: the diagnostic points at it, not at the
    // script's first line.
    let out = refused_one("misnamed_hook", "E0404", "11:1", "did you mean `on_pool`?");
    insta::assert_snapshot!(out);
}

#[test]
fn several_problems() {
    // Validation collects every problem before it stops.
    let ds = refused("several_problems");
    let got: Vec<(&str, String)> = ds
        .iter()
        .map(|d| (d.code, d.location().unwrap_or_default()))
        .collect();
    let at = |lc: &str| format!("{}:{lc}", path("several_problems"));
    assert_eq!(
        got,
        [
            ("E0105", at("7:25")),
            ("E0201", at("6:16")),
            ("E0105", at("13:13")),
        ]
    );
    assert!(ds.iter().all(|d| d.hint.is_some()));
    insta::assert_snapshot!(render_all(&ds, false));
}

#[test]
fn too_few_faces() {
    let out = failed_one("too_few_faces", "E0301", "10:1", "one face for every die");
    assert!(
        out.contains("wanted die 3 but only 2 faces are given"),
        "{out}"
    );
    insta::assert_snapshot!(out);
}

#[test]
fn too_many_faces() {
    let out = failed_one(
        "too_many_faces",
        "E0302",
        "10:1",
        "every face given must be rolled",
    );
    assert!(out.contains("2 dice faces were not used"), "{out}");
    insta::assert_snapshot!(out);
}

#[test]
fn script_runtime_error() {
    // A function the script API does not have: the caret is on the call, line 9 of the file.
    let out = failed_one(
        "script_runtime_error",
        "E0402",
        "9:13",
        "nothing of this hook",
    );
    assert!(out.contains("reroll_die"), "{out}");
    insta::assert_snapshot!(out);
}

#[test]
fn bad_reroll() {
    // `ctx.reroll(0); ctx.reroll(9);`: the second effect breaks a rule, and the first is not applied
    // either (a hook applies whole or not at all).
    let (d, played) = failed("bad_reroll");
    assert_diag(
        &d,
        "bad_reroll",
        "E0406",
        "6:23",
        "nothing of this hook was applied",
    );
    let transcript = transcript_text(&played);
    assert!(transcript.contains("roll: 1 2"), "{transcript}");
    assert!(!transcript.contains("reroll die"), "{transcript}");
    assert_eq!(played.encounter.dice.left_over(), 1, "the 6 was not taken");
    insta::assert_snapshot!(render_all(std::slice::from_ref(&d), false));
}

#[test]
fn runaway_script() {
    // `loop {}` in on_pool stops at the operations limit; Rhai gives no position for it, so the
    // diagnostic names the hook's definition.
    let out = failed_one("runaway_script", "E0403", "7:1", "limits");
    assert!(out.contains("`runaway` in hook `on_pool`"), "{out}");
    insta::assert_snapshot!(out);
}

/// Runs the built `mythos run` on a case from the crate's folder, without colour.
fn run_cli(name: &str) -> (Option<i32>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_mythos"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1")
        .args(["run", &path(name)])
        .output()
        .expect("mythos runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

#[test]
fn cli_exits_2_on_a_refused_scenario() {
    let (status, stderr) = run_cli("unknown_key");
    assert_eq!(status, Some(2), "{stderr}");
    assert!(stderr.contains("E0102"), "{stderr}");
    assert!(
        stderr.contains("tests/diagnostics/unknown_key.toml:8:1"),
        "{stderr}"
    );
}

#[test]
fn cli_exits_2_on_an_error_while_playing() {
    let (status, stderr) = run_cli("runaway_script");
    assert_eq!(status, Some(2), "{stderr}");
    assert!(stderr.contains("E0403"), "{stderr}");
    assert!(
        stderr.contains("tests/diagnostics/runaway_script.toml:7:1"),
        "{stderr}"
    );
}
