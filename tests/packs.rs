//! Modding without recompiling: the example pack, copied to a temporary folder, is validated and its
//! scenarios are played by the built `mythos` binary; an edit to a copied card or script changes the
//! result at once.

mod common;

use common::mythos;
use std::path::{Path, PathBuf};

const PACK: &str = "examples/packs/miskatonic_expedition";

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("create the copy");
    for e in std::fs::read_dir(from).expect("read the pack") {
        let p = e.expect("entry").path();
        let target = to.join(p.file_name().expect("a name"));
        if p.is_dir() {
            copy_dir(&p, &target);
        } else {
            std::fs::copy(&p, &target).expect("copy a file");
        }
    }
}

/// A fresh copy of the example pack in its own temporary folder, removed when dropped.
struct Copied(PathBuf);

impl std::ops::Deref for Copied {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl Drop for Copied {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn copied_pack(test: &str) -> Copied {
    let dir = std::env::temp_dir().join(format!("mythos-packs-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    copy_dir(&Path::new(env!("CARGO_MANIFEST_DIR")).join(PACK), &dir);
    Copied(dir)
}

fn edit(path: &Path, from: &str, to: &str) {
    let text = std::fs::read_to_string(path).expect("read");
    assert!(text.contains(from), "{} holds {from:?}", path.display());
    std::fs::write(path, text.replace(from, to)).expect("write");
}

#[test]
fn the_copied_pack_validates() {
    let dir = copied_pack("validate");
    let (status, out, err) = mythos(&dir, &["validate", "."]);
    assert_eq!(status, Some(0), "{out}{err}");
    assert_eq!(out.trim(), "5 cards, no problems");
}

#[test]
fn the_copied_pack_scenarios_hold_with_the_built_binary() {
    let dir = copied_pack("check");
    let (status, out, err) = mythos(&dir, &["check", "scenarios"]);
    assert_eq!(status, Some(0), "{out}{err}");
    assert!(
        out.contains("scenarios: 4 passed, 0 failed, 0 with errors"),
        "{out}"
    );
}

#[test]
fn an_edited_script_changes_the_result_without_recompiling() {
    let dir = copied_pack("edit");
    // The Bone Swarm now shrugs off 2 Health instead of 1: its scenario expects 1 Health token.
    edit(
        &dir.join("scripts/bone_swarm.rhai"),
        "loss.reduce(1)",
        "loss.reduce(2)",
    );
    let (status, out, _) = mythos(&dir, &["check", "scenarios/bone_swarm_loses_one_less.toml"]);
    assert_eq!(status, Some(1), "{out}");
    assert!(
        out.contains("monsters.0.damage: expected 1, got 0"),
        "{out}"
    );
}

#[test]
fn pack_flag_loads_a_pack_for_a_scenario_without_packs() {
    let dir = copied_pack("flag");
    edit(
        &dir.join("scenarios/bone_swarm_loses_one_less.toml"),
        "packs = [\"..\"]\n",
        "",
    );
    let (status, out, err) = mythos(
        &dir,
        &[
            "--pack",
            ".",
            "check",
            "scenarios/bone_swarm_loses_one_less.toml",
        ],
    );
    assert_eq!(status, Some(0), "{out}{err}");
    // Without the pack the Bone Swarm is unknown.
    let (status, _, err) = mythos(&dir, &["check", "scenarios/bone_swarm_loses_one_less.toml"]);
    assert_eq!(status, Some(2));
    assert!(err.contains("E0201 unknown card `Bone Swarm`"), "{err}");
}

#[test]
fn the_transcript_names_the_pack_of_a_replacing_card() {
    let dir = copied_pack("transcript");
    let (status, out, err) = mythos(
        &dir,
        &[
            "run",
            "scenarios/the_expedition_ghoul_replaces_the_base_one.toml",
        ],
    );
    assert_eq!(status, Some(0), "{err}");
    assert!(
        out.contains(
            "pack `miskatonic_expedition`: Ghoul (./cards/monsters/ghoul.toml), in place of pack `base`'s card (cards/eldritch/monsters/ghoul.toml)"
        ),
        "{out}"
    );
    assert!(out.contains("Ghoul, toughness 2"), "{out}");
}

#[test]
fn a_second_card_with_the_same_id_without_replaces_names_both_files() {
    let dir = copied_pack("duplicate");
    edit(
        &dir.join("cards/monsters/ghoul.toml"),
        "replaces = \"ghoul\"\n",
        "",
    );
    let (status, _, err) = mythos(&dir, &["validate", "."]);
    assert_eq!(status, Some(2), "{err}");
    assert!(
        err.contains("./cards/monsters/ghoul.toml:2:6: E0202 card id `ghoul` is defined twice: in cards/eldritch/monsters/ghoul.toml and here"),
        "{err}"
    );
    assert!(err.contains("add `replaces = \"ghoul\"`"), "{err}");
}
