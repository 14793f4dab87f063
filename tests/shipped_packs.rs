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

/// Rat-thing's "you must discard 1 Item or automatically fail" is the player's choice: with a Knife
/// (+1) and a .38 Revolver (+3), Fight 1 against its combat rating −1 and toughness 1, the scenario's
/// answer (the last Item listed, the Revolver, is discarded) leaves 1 die, 1/3; the best player
/// discards the Knife and fights with 3 dice, 1 − (2/3)³ = 19/27.
#[test]
fn rat_thing_the_player_chooses_which_item_to_discard() {
    let file = "packs/dunwich_horror/scenarios/rat_thing_the_player_chooses_the_item.toml";
    let number = |args: &[&str], pointer: &str| -> f64 {
        let (status, out, err) = mythos(args);
        assert_eq!(status, Some(0), "{out}{err}");
        let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
        v.pointer(pointer).and_then(|x| x.as_f64()).expect(pointer)
    };
    let fixed = number(
        &["odds", file, "--fixed", "--format", "json"],
        "/monsters/0/defeated",
    );
    let best = number(
        &["odds", file, "--best", "defeat_all", "--format", "json"],
        "/best/value",
    );
    assert!((fixed - 1.0 / 3.0).abs() < 1e-9, "{fixed}");
    assert!((best - 19.0 / 27.0).abs() < 1e-9, "{best}");
}

/// A rating printed −X is headed −X at every check: the Crawling One's second Combat check is "Fight
/// (−X)", not the −4 the die gave the first, and the card's line then says the value it uses (−1, was
/// −4). Before, the heading showed the earlier check's value until the card gave the new one.
#[test]
fn a_rating_printed_minus_x_is_headed_minus_x_at_every_check() {
    let (status, out, err) = mythos(&[
        "run",
        "packs/kingsport_horror/scenarios/crawling_one_rating_minus_the_die_rolled.toml",
    ]);
    assert_eq!(status, Some(0), "{out}{err}");
    assert!(
        out.contains("Test 2: Fight (−X) [1], Combat check"),
        "{out}"
    );
    assert!(
        out.contains("Test 3: Fight (−X) [1], Combat check"),
        "{out}"
    );
    assert!(
        out.contains("the monster's combat rating is −1 (was −4)"),
        "{out}"
    );
}

/// The shipped packs are in the library without `--pack`; a folder under a shipped pack's name takes
/// its place, even at the shipped pack's own path (a checkout's `packs/NAME`, edited since the binary
/// was built).
#[test]
fn a_folder_under_a_shipped_pack_s_name_takes_its_place_even_at_its_path() {
    use mythos::{Game, Library, PackFiles};
    let shipped = Library::new()
        .cards(Game::Eldritch)
        .expect("the cards load");
    assert_eq!(
        shipped.get("lucky_ring").map(|c| c.pack()),
        Some("forsaken_lore")
    );
    let edited = PackFiles::new(
        "packs/forsaken_lore",
        vec![
            (
                "packs/forsaken_lore/pack.toml".into(),
                "name = \"forsaken_lore\"\ngame = \"eldritch\"\nversion = \"1.0.0\"\n".into(),
            ),
            (
                "packs/forsaken_lore/cards/edited.toml".into(),
                "id = \"edited\"\nname = \"Edited\"\nkind = \"asset\"\nsource = \"a test\"\n"
                    .into(),
            ),
        ],
    );
    let cards = Library::new()
        .with_pack(edited)
        .cards(Game::Eldritch)
        .expect("the cards load");
    assert_eq!(cards.get("edited").map(|c| c.pack()), Some("forsaken_lore"));
    assert!(
        cards.get("lucky_ring").is_none(),
        "the shipped copy is gone"
    );
}
