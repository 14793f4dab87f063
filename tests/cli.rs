//! The binary as a user runs it from a checkout.

use std::process::Command;

fn mythos(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_mythos"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the binary runs")
}

/// `check` on a folder holding a pack plays the pack's scenarios and leaves its card files alone.
#[test]
fn check_of_the_examples_folder_skips_the_packs_card_files() {
    let out = mythos(&["check", "examples"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains("0 failed, 0 with errors"), "{stdout}");
    assert!(!stdout.contains("pack.toml"), "{stdout}");
}

/// `odds --format json` reports the contract's outcomes for a combat.
#[test]
fn odds_json_of_the_ghoul_gives_the_defeat_probability() {
    let out = mythos(&[
        "odds",
        "tests/scenarios/eldritch/combat/ghoul_worked_example_a.toml",
        "--format",
        "json",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let p = v["monsters"][0]["defeated"]
        .as_f64()
        .expect("a probability");
    assert!((p - (1.0 - (2.0f64 / 3.0).powi(4))).abs() < 1e-12);
    assert_eq!(v["method"], "exact");
    assert_eq!(v["monsters"][0]["card"], "ghoul");
}

/// A missed `[expect]` line is exit 1 with the file and line of the expectation.
#[test]
fn a_failed_expectation_exits_1_naming_its_line() {
    let dir = std::env::temp_dir().join(format!("mythos-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("miss.toml");
    std::fs::write(
        &file,
        "game = \"eldritch\"\nsource = \"x\"\n[investigator]\nwill = 1\n[test]\nskill = \"will\"\n[dice]\nfaces = [6]\n[expect]\n\"tests.0.passed\" = false\n",
    )
    .unwrap();
    let out = mythos(&["check", file.to_str().unwrap()]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.contains("miss.toml:10: tests.0.passed: expected false, got true"),
        "{stdout}"
    );
    std::fs::remove_dir_all(&dir).ok();
}
