//! Bad input never panics: each case in `tests/diagnostics/` gets a diagnostic with a stable code, the
//! file, line and column, and a hint (DESIGN invariant 4), and the `mythos` command exits 2. Each test
//! states the code and the place explicitly, then pins the whole no-colour rendering as a snapshot.

use mythos::{Diagnostic, Library, PackFiles, Played, Scenario, render as render_all};
use std::path::Path;
use std::process::Command;

/// The path of a case as diagnostics name it: relative to the crate, so snapshots do not depend on
/// where the checkout is.
fn path(name: &str) -> String {
    format!("tests/diagnostics/{name}.toml")
}

/// A case's text.
fn text(name: &str) -> String {
    let full = format!("{}/{}", env!("CARGO_MANIFEST_DIR"), path(name));
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{full}: {e}"))
}

/// A case parsed against the base packs, with every pack folder of `tests/diagnostics/packs/` that a
/// case's `packs` may name.
fn parse(name: &str) -> Result<Scenario, Vec<Diagnostic>> {
    let mut library = Library::new();
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut dirs: Vec<_> = std::fs::read_dir(crate_dir.join("tests/diagnostics/packs"))
        .expect("tests/diagnostics/packs")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().to_string())
        .collect();
    dirs.sort();
    for d in dirs {
        let dir = format!("packs/{d}");
        library = library.with_folder(&dir, read_pack(&dir));
    }
    Scenario::parse(&library, &path(name), &text(name)).map_err(mythos::Error::into_diagnostics)
}

fn play(name: &str) -> Result<Played, Vec<Diagnostic>> {
    parse(name)?.play().map_err(mythos::Error::into_diagnostics)
}

/// A case prepared for odds.
fn prepared(name: &str) -> Scenario {
    parse(name).unwrap_or_else(|ds| panic!("{name}:\n{}", render_all(&ds, false)))
}

/// Reads a pack folder a case's `packs` names, paths relative to the crate as the CLI shows them.
fn read_pack(dir: &str) -> PackFiles {
    fn walk(crate_dir: &Path, rel: &str, out: &mut Vec<(String, String)>) {
        let Ok(rd) = std::fs::read_dir(crate_dir.join(rel)) else {
            return;
        };
        let mut entries: Vec<_> = rd.flatten().map(|e| e.file_name()).collect();
        entries.sort();
        for name in entries {
            let child = format!("{rel}/{}", name.to_string_lossy());
            let full = crate_dir.join(&child);
            if full.is_dir() {
                walk(crate_dir, &child, out);
            } else if let Ok(text) = std::fs::read_to_string(&full) {
                out.push((child, text));
            }
        }
    }
    let root = format!("tests/diagnostics/{dir}");
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    walk(crate_dir, &root, &mut files);
    PackFiles::new(root, files)
}

/// A case refused before anything is played: every problem, in the order found.
fn refused(name: &str) -> Vec<Diagnostic> {
    match play(name) {
        Err(ds) => ds,
        Ok(p) => panic!(
            "{name}: expected the scenario to be refused, but it was played (error: {:?})",
            p.error()
        ),
    }
}

/// A case that fails while it is played: the one diagnostic in `Played::error`, and what was played.
fn failed(name: &str) -> (Diagnostic, Played) {
    match play(name) {
        Ok(p) => match p.error() {
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
    assert_eq!(d.code(), code, "{d}");
    assert_eq!(
        d.location().as_deref(),
        Some(format!("{}:{line_col}", path(name)).as_str()),
        "{d}"
    );
    let h = d.hint().unwrap_or_else(|| panic!("no hint: {d}"));
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

/// A rating printed −X (`rating = "-X"`) has no value until a card gives it: a Combat check that
/// reaches its dice with none given stops the play, E0406 at the monster's card (here inline, in the
/// scenario file).
#[test]
fn a_rating_printed_minus_x_that_no_card_gave_stops_the_play_at_the_check() {
    let (d, played) = failed("rating_x_never_given");
    assert_eq!(d.code(), "E0406", "{d}");
    assert_eq!(
        d.location().as_deref(),
        Some(format!("{}:9:15", path("rating_x_never_given")).as_str()),
        "{d}"
    );
    assert!(d.to_string().contains("printed −X"), "{d}");
    assert!(
        d.hint().is_some_and(|h| h.contains("no hook was running")),
        "{d}"
    );
    // The check was never resolved: no test in the result.
    assert_eq!(
        played.result()["tests"].as_array().map(Vec::len),
        Some(0),
        "{}",
        played.transcript()
    );
    insta::assert_snapshot!(render_all(std::slice::from_ref(&d), false));
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
fn too_many_hands() {
    // The .45 Automatic takes one hand and the Tommy Gun two (AH rulebook p.16: at most two). The
    // kernel finds it in the setup; the caret spans the round's whole `wield` list.
    let out = refused_one("too_many_hands", "E0105", "13:10", "AH rulebook p.16");
    assert!(out.contains("these cards need 3 hands"), "{out}");
    insta::assert_snapshot!(out);
}

#[test]
fn a_location_that_is_no_location_is_refused_where_it_is_written() {
    // The file's word names no location of the game: the scenario refuses it itself.
    let out = refused_one(
        "no_such_location",
        "E0105",
        "6:12",
        "`arkham` or `other_world`",
    );
    assert!(
        out.contains("`innsmouth` is not a starting location"),
        "{out}"
    );
}

#[test]
fn a_hospital_start_and_a_round_that_hides_are_both_refused_rounds_first() {
    // St. Mary's Hospital is a location, but not one an investigator starts in (the kernel's check);
    // `hide` is no action of a round (the file's own word). Both are reported, in the file's
    // section order (rounds, then location).
    let ds = refused("hospital_start_and_no_action");
    let out = render_all(&ds, false);
    assert_eq!(ds.len(), 2, "{out}");
    assert_diag(
        &ds[0],
        "hospital_start_and_no_action",
        "E0105",
        "12:10",
        "`fight` or `flee`",
    );
    assert!(out.contains("`hide` is not a combat action"), "{out}");
    assert_diag(
        &ds[1],
        "hospital_start_and_no_action",
        "E0105",
        "6:12",
        "`arkham` or `other_world`",
    );
    assert!(
        out.contains("`st_marys_hospital` is not a starting location"),
        "{out}"
    );
}

#[test]
fn script_syntax_error() {
    // A one-line script in `"""…"""`: the column is counted from the start of the file's line, so the
    // caret sits under the `}` that Rhai did not expect.
    let out = refused_one("script_syntax_error", "E0401", "6:115", "script API");
    let d = &refused("script_syntax_error")[0];
    assert_eq!(d.file(), Some(path("script_syntax_error").as_str()));
    let start = d.span().start;
    assert_eq!(&text("script_syntax_error")[start..start + 1], "}");
    insta::assert_snapshot!(out);
}

#[test]
fn misnamed_hook() {
    // `on_pol` is defined on line 11, after a helper function: the diagnostic points at it, not at the
    // script's first line.
    let out = refused_one("misnamed_hook", "E0404", "11:1", "did you mean `on_pool`?");
    insta::assert_snapshot!(out);
}

/// A property read from `ctx` is checked along its whole chain against what the engine registers:
/// the first name (`ctx.investigater`) and a name after a correct head (`ctx.combat.numbr`), each
/// E0407 where it is written, with the closest name of the same object as the hint; both at once.
#[test]
fn misspelt_properties_in_a_chain_are_refused_where_written() {
    let name = "misspelt_property_in_a_chain";
    let ds = refused(name);
    let out = render_all(&ds, false);
    assert_eq!(ds.len(), 2, "{out}");
    assert_diag(
        &ds[0],
        name,
        "E0407",
        "8:12",
        "did you mean `ctx.investigator`?",
    );
    assert!(
        out.contains("`ctx.investigater` is not a property"),
        "{out}"
    );
    assert_diag(
        &ds[1],
        name,
        "E0407",
        "11:39",
        "did you mean `ctx.combat.number`?",
    );
    assert!(
        out.contains("`ctx.combat.numbr` is not a property"),
        "{out}"
    );
}

/// The flat names `ctx` had before it had objects are gone: a script that still uses one is refused
/// where the name is written, with the new name as the hint (docs/script-api.md, "Moving a script to this API"):
/// a property (`ctx.kind`), a method whose name another object still has (`ctx.bonus`), one no object
/// has (`ctx.skip_test`), an old field of an object (`ctx.monster.will_test_skill`), and an object
/// used as the value it was (`ctx.card` was the id, `ctx.loss` the amount), which would otherwise
/// compare unequal, or fail only when the hook runs.
#[test]
fn old_api_names_are_refused_with_the_new_name() {
    let name = "old_api_names";
    let ds = refused(name);
    let out = render_all(&ds, false);
    assert_eq!(ds.len(), 6, "{out}");
    assert_diag(&ds[0], name, "E0407", "8:12", "use `ctx.test.kind`");
    assert_diag(&ds[1], name, "E0407", "9:13", "use `ctx.test.bonus(n)`");
    assert_diag(&ds[2], name, "E0407", "11:9", "use `ctx.test.skip(reason)`");
    assert_diag(
        &ds[3],
        name,
        "E0407",
        "12:41",
        "use `ctx.monster.horror_skill`",
    );
    assert_diag(&ds[4], name, "E0407", "13:38", "`ctx.card.id`");
    assert_diag(&ds[5], name, "E0407", "17:12", "`ctx.loss.amount`");
    insta::assert_snapshot!(out);
}

/// A literal argument outside the range its method checks when called is refused at load time, at
/// the number, with the range as the hint: a count is 0 to 100, a die face 1 to 6, a die's number
/// at least 0 (on an object kept in a variable too; the face of `negate_face` too), a modifier -20
/// to 20.
#[test]
fn literal_arguments_out_of_range_are_refused_where_written() {
    let name = "literal_out_of_range";
    let ds = refused(name);
    let out = render_all(&ds, false);
    assert_eq!(ds.len(), 5, "{out}");
    assert_diag(&ds[0], name, "E0105", "8:20", "0 to 100");
    assert_diag(&ds[1], name, "E0105", "9:27", "a die face is 1 to 6");
    assert_diag(&ds[2], name, "E0105", "13:14", "at least 0");
    assert_diag(&ds[3], name, "E0105", "14:19", "a die face is 1 to 6");
    assert_diag(&ds[4], name, "E0105", "17:35", "a modifier is -20 to 20");
    insta::assert_snapshot!(out);
}

#[test]
fn several_problems() {
    // Validation collects every problem before it stops.
    let ds = refused("several_problems");
    let got: Vec<(&str, String)> = ds
        .iter()
        .map(|d| (d.code(), d.location().unwrap_or_default()))
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
    assert!(ds.iter().all(|d| d.hint().is_some()));
    insta::assert_snapshot!(render_all(&ds, false));
}

#[test]
fn too_few_faces() {
    let out = failed_one("too_few_faces", "E0301", "11:10", "one face for every die");
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
        "11:10",
        "every face given must be rolled",
    );
    assert!(out.contains("2 dice faces were not used"), "{out}");
    insta::assert_snapshot!(out);
}

#[test]
fn too_few_flips() {
    // Wither is flipped after its Lore test: the scenario gives no copy for it.
    let out = failed_one(
        "too_few_flips",
        "E0306",
        "18:1",
        "one copy for every card flipped",
    );
    assert!(
        out.contains("`ctx.card.flip()` of wither wanted flip 1 but only 0 are given"),
        "{out}"
    );
    insta::assert_snapshot!(out);
}

#[test]
fn too_many_flips() {
    let out = failed_one(
        "too_many_flips",
        "E0307",
        "12:10",
        "remove the flips no card takes",
    );
    assert!(out.contains("1 flips were not used"), "{out}");
    insta::assert_snapshot!(out);
}

#[test]
fn script_runtime_error() {
    // A stat the rules do not have: the caret is on the call, line 10 of the file.
    let out = failed_one(
        "script_runtime_error",
        "E0402",
        "10:26",
        "nothing of this hook",
    );
    assert!(out.contains("`luck` is not a stat"), "{out}");
    insta::assert_snapshot!(out);
}

/// One refused case per code: the case, its code, where the diagnostic points (a path relative to the
/// crate, line, column) and a piece of its hint. Each rendering is pinned as `refused@<case>.snap`.
const REFUSED: [(&str, &str, &str, &str); 14] = [
    (
        "rating_not_a_number",
        "E0103",
        "tests/diagnostics/rating_not_a_number.toml:8:97",
        "or \"-X\" for one printed −X",
    ),
    (
        "wrong_type",
        "E0103",
        "tests/diagnostics/wrong_type.toml:5:8",
        "expected an integer",
    ),
    (
        "missing_key",
        "E0104",
        "tests/diagnostics/missing_key.toml:4:1",
        "add `skill = ...`",
    ),
    (
        "key_of_the_other_game",
        "E0106",
        "tests/diagnostics/key_of_the_other_game.toml:5:9",
        "skills of eldritch",
    ),
    (
        "ability_of_the_other_game",
        "E0106",
        "tests/diagnostics/ability_of_the_other_game.toml:5:215",
        "abilities are `physical_resistance` and",
    ),
    (
        "card_of_the_wrong_kind",
        "E0107",
        "tests/diagnostics/card_of_the_wrong_kind.toml:5:8",
        "name an investigator card",
    ),
    (
        "nothing_happens",
        "E0303",
        "tests/diagnostics/nothing_happens.toml:1:8",
        "add `[test]`",
    ),
    (
        "hook_with_two_parameters",
        "E0405",
        "tests/diagnostics/hook_with_two_parameters.toml:7:1",
        "fn after_roll(ctx)",
    ),
    (
        "unknown_api_function",
        "E0407",
        "tests/diagnostics/unknown_api_function.toml:9:13",
        "did you mean `ctx.test.reroll()`?",
    ),
    (
        "eval_in_a_script",
        "E0408",
        "tests/diagnostics/eval_in_a_script.toml:8:20",
        "stands alone",
    ),
    (
        "pack_folder_missing",
        "E0001",
        "tests/diagnostics/pack_folder_missing.toml:3:10",
        "relative to the scenario file",
    ),
    (
        "pack_of_the_other_game",
        "E0204",
        "tests/diagnostics/packs/arkham_only/pack.toml:2:8",
        "its own game",
    ),
    (
        "pack_requires_a_pack_not_loaded",
        "E0205",
        "tests/diagnostics/packs/needs_other/pack.toml:4:13",
        "load `miskatonic_expedition` first",
    ),
    (
        "two_packs_with_one_name",
        "E0206",
        "tests/diagnostics/packs/twin_b/pack.toml:1:8",
        "already loaded from `tests/diagnostics/packs/twin_a`",
    ),
];

#[test]
fn refused_cases() {
    for (name, code, at, hint) in REFUSED {
        let ds = refused(name);
        let out = render_all(&ds, false);
        assert_eq!(ds.len(), 1, "{name}:\n{out}");
        let d = &ds[0];
        assert_eq!(d.code(), code, "{name}:\n{out}");
        assert_eq!(d.location().as_deref(), Some(at), "{name}:\n{out}");
        let h = d.hint().unwrap_or_else(|| panic!("{name}: no hint"));
        assert!(
            h.contains(hint),
            "{name}: hint {h:?} should contain {hint:?}"
        );
        insta::assert_snapshot!(format!("refused@{name}"), out);
    }
}

/// `mythos validate DIR` on a pack with one problem a file reports every one of them, in one run.
#[test]
fn validate_reports_every_problem_of_a_pack_at_once() {
    let out = Command::new(env!("CARGO_BIN_EXE_mythos"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1")
        .args(["validate", "tests/diagnostics/packs/broken"])
        .output()
        .expect("mythos runs");
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    let heads: Vec<&str> = stderr
        .lines()
        .filter(|l| l.starts_with("tests/"))
        .map(|l| {
            l.split(": ").take(2).collect::<Vec<_>>()[1]
                .split(' ')
                .next()
                .unwrap_or("")
        })
        .collect();
    assert_eq!(
        heads,
        [
            "E0205", // requires a pack not loaded
            "E0202", // ghoul: defined twice
            "E0104", // missing `name`
            "E0105", // `fight` is not an Eldritch Horror skill
            "E0201", // replaces a card that does not exist
            "E0102", // `toughnes`
            "E0102", // `epik`, in the same file: every problem of a file, not just its first
            "E0103", // toughness = "two"
            "E0203", // orphan.rhai
            "E0201", // possessions = ["tommy_gunn"]
            "E0404", // on_pol
            "E0405", // after_roll(ctx, die)
            "E0407", // ctx.reroll_die
            "E0407", // ctx.sucesses
            "E0201", // gain_condition("paranoya")
            "E0401", // syntax
            "E0408", // eval
        ],
        "{stderr}"
    );
    assert!(stderr.ends_with("17 problems\n"), "{stderr}");
    insta::assert_snapshot!(stderr);
}

/// A refused effect is shown at the script's call that asked for it (the method's name), in the pack's
/// `.rhai` file, not at the card file: `ctx.test.add_dice(more)` on line 4, `add_dice` at column 14.
#[test]
fn refused_in_a_pack_script() {
    let (d, _) = failed("refused_in_a_pack_script");
    assert_eq!(d.code(), "E0406", "{d}");
    assert_eq!(
        d.location().as_deref(),
        Some("tests/diagnostics/packs/refusing/scripts/late_charm.rhai:4:14"),
        "{d}"
    );
    insta::assert_snapshot!(render_all(std::slice::from_ref(&d), false));
}

/// Where `runaway_script`'s `loop {}` runs away: line 8, its block at column 10.
const RUNAWAY_AT: &str = "8:10";

#[test]
fn runaway_script() {
    // `loop {}` in on_pool stops at the operations limit: at the loop on line 8 (not at the hook's
    // `fn` on line 7), column 10 being its block `{}`, what repeats without end.
    let out = failed_one("runaway_script", "E0403", RUNAWAY_AT, "limits");
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
        stderr.contains(&format!("{}:{RUNAWAY_AT}", path("runaway_script"))),
        "{stderr}"
    );
}

#[test]
fn a_sandbox_limit_inside_sampled_odds_keeps_its_code_and_place() {
    // The runaway script fails in every sample; sampled odds report the failure as `run` does: E0403
    // at the loop, not E0402 without a place.
    let (in_run, _) = failed("runaway_script");
    let p = prepared("runaway_script");
    let d = p.sampled_odds(10, 1).expect_err("every sample runs away");
    assert_eq!(d.code(), "E0403", "{d}");
    assert_eq!(
        d.location().as_deref(),
        Some(format!("{}:{RUNAWAY_AT}", path("runaway_script")).as_str())
    );
    assert_eq!(render_all(&[d], false), render_all(&[in_run], false));
}

#[test]
fn cli_odds_with_samples_reports_the_script_s_own_code_and_place() {
    let out = Command::new(env!("CARGO_BIN_EXE_mythos"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1")
        .args(["odds", "--samples", "10", &path("runaway_script")])
        .output()
        .expect("mythos runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.starts_with(&format!("{}:{RUNAWAY_AT}: E0403 ", path("runaway_script"))),
        "{stderr}"
    );
}

/// A printed bonus is to a skill ("+1 Fight": `skill`) or, AH2e, to a kind of check ("+3 to Combat
/// checks": `check`), exactly one of the two: neither is E0104 at the value, both E0103 at `check`, a
/// check that is not one of combat, horror, evade, spell E0105 at it; every one reported.
#[test]
fn bonus_to_a_skill_or_a_check() {
    let ds = refused("bonus_to_a_skill_or_a_check");
    let got: Vec<(&str, String)> = ds
        .iter()
        .map(|d| (d.code(), d.location().unwrap_or_default()))
        .collect();
    let at = |lc: &str| format!("{}:{lc}", path("bonus_to_a_skill_or_a_check"));
    assert_eq!(
        got,
        [
            ("E0104", at("7:81")),
            ("E0103", at("8:88")),
            ("E0105", at("9:85")),
        ]
    );
    assert!(
        ds[2]
            .hint()
            .unwrap_or_default()
            .contains("combat, horror, evade, spell")
    );
    insta::assert_snapshot!(render_all(&ds, false));
}

/// `check` is a key of Arkham Horror, which prints "+X to Combat checks"; an Eldritch Horror bonus is
/// to a skill ("+1 Strength during Combat Encounters"): E0106 at `check`.
#[test]
fn check_bonus_in_eldritch() {
    let out = refused_one(
        "check_bonus_in_eldritch",
        "E0106",
        "6:83",
        "`skill = \"strength\", during = \"combat\"`",
    );
    insta::assert_snapshot!(out);
}

#[test]
fn writing_a_ctx_object() {
    // `ctx.test` has a setter only for Rhai's write-back after a method call on it, which takes
    // the test object itself: a script that writes anything else to it is stopped where it does
    // (line 9, the caret on the property written), and the die its earlier call added is not
    // applied.
    let out = failed_one(
        "writing_a_ctx_object",
        "E0402",
        "9:9",
        "nothing of this hook",
    );
    insta::assert_snapshot!(out);
}

/// A modder's mistakes are caught when the script is loaded, before any play (issue 40): a literal
/// argument of a type the method does not take (`gain("clues", "1")`) is E0103 at the literal, with
/// the method's signature as the hint, not Rhai's "function not found" when the hook runs; a key of
/// a map of skills the API returns that is not a skill of the game (`skills["fihgt"]`) is E0102 at
/// the key, with the keys the map has.
#[test]
fn a_wrong_argument_type_and_a_misspelt_skill_key_are_refused_at_load() {
    let name = "modders_mistakes_in_a_script";
    let ds = refused(name);
    let out = render_all(&ds, false);
    assert_eq!(ds.len(), 2, "{out}");
    assert_diag(
        &ds[0],
        name,
        "E0103",
        "8:36",
        "`Investigator.gain(string, int)`",
    );
    assert!(out.contains("argument 2 of `.gain()` is a string"), "{out}");
    assert_diag(
        &ds[1],
        name,
        "E0102",
        "9:32",
        "lore, influence, observation, strength, will",
    );
    assert!(out.contains("`fihgt` is not a key of `skills`"), "{out}");
}
