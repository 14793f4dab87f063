//! The expansion packs shipped in `packs/`: every folder there is validated and its scenarios are played
//! by the built `mythos` binary, and every card of a pack is played by one of its own scenarios.

mod common;

use common::files;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

/// Every pack folder in `packs/`, by name.
fn packs() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(root().join("packs"))
        .expect("packs/ exists")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.is_dir())
        .map(|p| {
            p.file_name()
                .expect("a name")
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    names.sort();
    names
}

/// Runs the built binary from the checkout: exit status, stdout, stderr.
fn mythos(args: &[&str]) -> (Option<i32>, String, String) {
    common::mythos(&root(), args)
}

#[test]
fn there_are_shipped_packs() {
    assert!(packs().len() >= 5, "{:?}", packs());
}

#[test]
fn every_shipped_pack_validates_with_no_problem() {
    for pack in packs() {
        let cards = files(&root().join("packs").join(&pack).join("cards"), "toml").len();
        assert!(cards > 0, "pack {pack} has no card");
        let (status, out, err) = mythos(&["validate", &format!("packs/{pack}")]);
        assert_eq!(status, Some(0), "{pack}: {out}{err}");
        assert_eq!(out.trim(), format!("{cards} cards, no problems"), "{pack}");
    }
}

#[test]
fn every_scenario_of_every_shipped_pack_holds() {
    for pack in packs() {
        let dir = root().join("packs").join(&pack).join("scenarios");
        let n = files(&dir, "toml").len();
        assert!(n > 0, "pack {pack} has no scenario");
        let (status, out, err) = mythos(&["check", &format!("packs/{pack}/scenarios")]);
        assert_eq!(status, Some(0), "{pack}: {out}{err}");
        assert!(
            out.contains(&format!("scenarios: {n} passed, 0 failed, 0 with errors")),
            "{pack}: {out}"
        );
    }
}

/// A card no scenario plays is a card whose printed text nothing proves.
#[test]
fn every_card_of_a_shipped_pack_is_played_by_one_of_its_scenarios() {
    for pack in packs() {
        let dir = root().join("packs").join(&pack);
        let mut transcripts = String::new();
        for scenario in files(&dir.join("scenarios"), "toml") {
            let path = scenario.strip_prefix(root()).expect("inside the checkout");
            let (status, out, err) = mythos(&["run", &path.to_string_lossy()]);
            assert_eq!(status, Some(0), "{}: {out}{err}", path.display());
            transcripts.push_str(&out);
        }
        for card in files(&dir.join("cards"), "toml") {
            let rel = card.strip_prefix(root()).expect("inside the checkout");
            // The transcript names each pack card it uses with its file.
            let used = format!("pack `{pack}`: ");
            let file = format!("({})", rel.display());
            assert!(
                transcripts
                    .lines()
                    .any(|l| l.starts_with(&used) && l.ends_with(&file)),
                "no scenario of {pack} plays {}",
                rel.display()
            );
        }
    }
}
