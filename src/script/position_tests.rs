//! Every diagnostic about a script points at the file's line and column as an editor shows them
//! (lines split at `\n`, columns counted in characters), whatever stands between the script and the
//! file: CRLF line endings, multi-byte characters, TOML escapes, a long dotted key before an inline
//! card; and a script too long for Rhai's 16-bit positions is refused rather than misplaced.

use crate::defs::{CardSet, Code, Diagnostic, MOST_SCRIPT_LINES, SourceFile, render};
use crate::kernel::Game;
use crate::scenario::{no_packs, play_file_with_packs};
use crate::script::ScriptHooks;

/// A scenario whose investigator holds an inline asset with this `script = ...` value (written as
/// TOML, quotes included), on line 6.
fn scenario(script: &str) -> String {
    format!(
        "game = \"eldritch\"\ntitle = \"t\"\n\n[investigator]\nlore = 2\npossessions = [{{ id = \"c\", name = \"C\", kind = \"asset\", script = {script} }}]\n\n[test]\nskill = \"lore\"\n\n[dice]\nfaces = [1, 2]\n"
    )
}

/// The one diagnostic of playing `text`, refused or failed.
fn diagnostic(text: &str) -> Diagnostic {
    let file = SourceFile::new("s.toml", text);
    match play_file_with_packs(&file, &|g| CardSet::base(g), &no_packs) {
        Err(ds) => {
            assert_eq!(ds.len(), 1, "{ds:?}");
            ds.into_iter().next().expect("one")
        }
        Ok(p) => p.error.expect("an error while playing"),
    }
}

/// Checks the code, `line:col`, that the diagnostic's span starts with `at`, and that the rendered
/// header of the source excerpt names the same place as the headline.
fn assert_at(d: &Diagnostic, code: Code, line_col: &str, at: &str) {
    assert_eq!(d.code, code, "{d}");
    let file = d.file.as_ref().expect("a file");
    let loc = format!("{}:{line_col}", file.path);
    assert_eq!(d.location().as_deref(), Some(loc.as_str()), "{d}");
    assert!(file.text[d.span.start..].starts_with(at), "{d}");
    let out = render(d, false);
    assert!(out.starts_with(&format!("{loc}: {code} ")), "{out}");
    assert!(out.contains(&format!("[{loc}]")), "{out}");
}

const UNKNOWN_API: &str = "fn after_roll(ctx) {\n    if ctx.test.successes == 0 {\n        ctx.reroll_die(0);\n    }\n}\n";

#[test]
fn crlf_line_endings_keep_the_script_s_lines() {
    let script = format!("\"\"\"\n{UNKNOWN_API}\"\"\"");
    let text = scenario(&script).replace('\n', "\r\n");
    // Line 9 is `        ctx.reroll_die(0);`: the name starts in column 13.
    assert_at(&diagnostic(&text), Code::UnknownApi, "9:13", "reroll_die");
}

#[test]
fn a_crlf_rhai_file_keeps_its_lines() {
    let card = "id = \"c\"\nname = \"C\"\nkind = \"asset\"\n";
    let files = vec![
        ("cards/c.toml".to_string(), card.to_string()),
        (
            "scripts/c.rhai".to_string(),
            UNKNOWN_API.replace('\n', "\r\n"),
        ),
    ];
    let set = CardSet::load(Game::Eldritch, &files).expect("the card loads");
    let ds = ScriptHooks::compile(&set)
        .err()
        .expect("an unknown function");
    assert_eq!(ds.len(), 1);
    assert_at(&ds[0], Code::UnknownApi, "3:13", "reroll_die");
}

#[test]
fn multi_byte_characters_count_one_column_each() {
    let script = "\"\"\"\nfn after_roll(ctx) {\n    let s = \"éé€\"; if ctx.test.successes == 0 { ctx.reroll_die(0); }\n}\n\"\"\"";
    // Before `reroll_die` on line 8: 52 characters, 56 bytes.
    assert_at(
        &diagnostic(&scenario(script)),
        Code::UnknownApi,
        "8:53",
        "reroll_die",
    );
}

#[test]
fn a_basic_string_s_escapes_map_to_the_characters_written() {
    // The whole script is on line 6, its newlines written `\n` and its quotes `\"`.
    let script =
        "\"fn after_roll(ctx) {\\n    let s = \\\"x\\\";\\n    ctx.reroll_die(0);\\n}\\n\"";
    let text = scenario(script);
    let col = text.lines().nth(5).unwrap().find("reroll_die").unwrap() + 1;
    assert_eq!(col, 116);
    assert_at(&diagnostic(&text), Code::UnknownApi, "6:116", "reroll_die");
}

#[test]
fn a_runtime_error_in_an_escaped_script_points_at_the_call() {
    let script = "\"fn after_roll(ctx) {\\n    ctx.test.reroll(0);\\n    ctx.investigator.gain(\\\"luck\\\", 1);\\n}\\n\"";
    let text = scenario(script);
    let col = text.lines().nth(5).unwrap().find("gain").unwrap() + 1;
    assert_eq!(col, 134);
    assert_at(&diagnostic(&text), Code::HookFailed, "6:134", "gain");
}

#[test]
fn a_long_dotted_key_before_an_inline_card_shifts_nothing() {
    let text = "game = \"eldritch\"\ntitle = \"t\"\ninvestigator.lore = 2\ninvestigator.possessions = [{ id = \"c\", name = \"C\", kind = \"asset\", script = \"fn after_roll(ctx) {\\n  ctx.reroll_die(0);\\n}\" }]\n\n[test]\nskill = \"lore\"\n\n[dice]\nfaces = [1, 2]\n".to_string();
    let col = text.lines().nth(3).unwrap().find("reroll_die").unwrap() + 1;
    assert_eq!(col, 107);
    assert_at(&diagnostic(&text), Code::UnknownApi, "4:107", "reroll_die");
}

#[test]
fn a_script_too_long_for_rhai_s_positions_is_refused() {
    let card = "id = \"c\"\nname = \"C\"\nkind = \"asset\"\n";
    let long = "let x = 1;\n".repeat(MOST_SCRIPT_LINES + 1);
    let files = vec![
        ("cards/c.toml".to_string(), card.to_string()),
        ("scripts/c.rhai".to_string(), long),
    ];
    let ds = CardSet::load(Game::Eldritch, &files).expect_err("refused");
    assert_eq!(ds.0.len(), 1);
    assert_eq!(ds.0[0].code, Code::ScriptTooLong);
    assert_eq!(ds.0[0].location().as_deref(), Some("scripts/c.rhai:1:1"));
}

#[test]
fn an_error_past_line_65_535_of_the_file_is_placed_exactly() {
    // The script itself is short; the scenario file holds 70,000 comment lines before it.
    let pad = "# pad\n".repeat(70_000);
    let text = format!("{pad}{}", scenario(&format!("\"\"\"\n{UNKNOWN_API}\"\"\"")));
    assert_at(
        &diagnostic(&text),
        Code::UnknownApi,
        "70009:13",
        "reroll_die",
    );
}
