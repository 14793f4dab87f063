//! The packs shipped with the project (`packs/`), embedded at build time like the base packs: every
//! card of them is found by its printed name without `--pack`. A pack folder given on the command line
//! or in a scenario's `packs` under the same name takes the shipped one's place (`CardSet::add_pack`).
//! Imports `include_dir` and this room only.

use super::pack::Pack;
use crate::kernel::Game;
use include_dir::{Dir, include_dir};

static SHIPPED: Dir<'_> = include_dir!("$CARGO_MANIFEST_DIR/packs");

/// The folder the shipped packs stand for, as transcripts and diagnostics show their files.
const SHIPPED_ROOT: &str = "packs";

fn collect(dir: &Dir<'_>, out: &mut Vec<(String, String)>) {
    for f in dir.files() {
        if let Some(text) = f.contents_utf8() {
            out.push((
                format!("{SHIPPED_ROOT}/{}", f.path().display()),
                text.to_string(),
            ));
        }
    }
    for d in dir.dirs() {
        collect(d, out);
    }
}

/// The shipped packs of `game`, each after the packs it requires (then by name), as `(path, text)`
/// files under `packs/NAME`. A shipped pack whose manifest does not load is left out here: the test
/// suite validates every one (`tests/shipped_packs.rs`).
pub fn shipped_packs(game: Game) -> Vec<Pack> {
    let mut packs: Vec<Pack> = SHIPPED
        .dirs()
        .filter_map(|d| {
            let mut files = Vec::new();
            collect(d, &mut files);
            files.sort();
            let root = format!("{SHIPPED_ROOT}/{}", d.path().display());
            Pack::from_files(&root, files).ok()
        })
        .filter(|p| p.game == game)
        .collect();
    packs.sort_by(|a, b| a.name.cmp(&b.name));
    // Each pack after those it requires: take, round after round, the first whose requirements are
    // all placed (a cycle or a missing requirement leaves the rest in name order, and loading says why).
    let mut ordered: Vec<Pack> = Vec::with_capacity(packs.len());
    while !packs.is_empty() {
        let placed = |p: &Pack| {
            p.raw.requires.iter().all(|r| {
                r.get_ref() == super::BASE_PACK || ordered.iter().any(|o| o.name == *r.get_ref())
            })
        };
        let next = packs.iter().position(placed).unwrap_or(0);
        ordered.push(packs.remove(next));
    }
    ordered
}

/// The printed name of the product a shipped pack holds (its `description` up to the colon is the
/// game; the name is the pack's), for `mythos cards` and the coverage table: `forsaken_lore` →
/// `Forsaken Lore`.
pub fn set_title(pack: &str) -> String {
    if pack == super::BASE_PACK {
        return "core".to_string();
    }
    pack.split('_')
        .enumerate()
        .map(|(i, w)| match w {
            "of" | "the" | "at" | "in" if i > 0 => w.to_string(),
            _ => {
                let mut c = w.chars();
                c.next()
                    .map(|f| f.to_uppercase().chain(c).collect())
                    .unwrap_or_default()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shipped_pack_is_embedded_with_its_cards() {
        let eh = shipped_packs(Game::Eldritch);
        let ah = shipped_packs(Game::Arkham);
        assert!(eh.iter().any(|p| p.name == "forsaken_lore"));
        assert!(ah.iter().any(|p| p.name == "kingsport_horror"));
        assert!(
            eh.iter()
                .chain(&ah)
                .all(|p| p.files.iter().any(|(f, _)| f.ends_with(".toml")))
        );
    }

    #[test]
    fn a_pack_comes_after_the_packs_it_requires() {
        for game in [Game::Eldritch, Game::Arkham] {
            let packs = shipped_packs(game);
            for (i, p) in packs.iter().enumerate() {
                for r in &p.raw.requires {
                    if r.get_ref() != crate::defs::BASE_PACK {
                        assert!(
                            packs[..i].iter().any(|o| o.name == *r.get_ref()),
                            "{}",
                            p.name
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn a_set_title_is_the_pack_name_in_words() {
        assert_eq!(set_title("forsaken_lore"), "Forsaken Lore");
        assert_eq!(set_title("under_the_pyramids"), "Under the Pyramids");
        assert_eq!(set_title("base"), "core");
    }
}
