//! `mythos validate`: every card file, cross-reference and script of the packs named, over their game's
//! base pack.

use super::pack_dir::{base_files, pack_dirs, read_pack};
use super::report::print_diagnostics;
use crate::defs::{CardSet, Pack, in_requires_order};
use crate::kernel::Game;
use crate::script::ScriptHooks;
use std::path::PathBuf;

/// `mythos validate`: the base packs and `--pack` packs, or the packs in `dirs` over their game's base
/// pack; every card file, every cross-reference and every script checked. Returns the exit status.
pub(super) fn validate(base: &Option<PathBuf>, packs: &[PathBuf], dirs: &[PathBuf]) -> i32 {
    let mut problems = Vec::new();
    let mut count = 0;
    let mut extra: Vec<Pack> = Vec::new();
    let mut folders = packs.to_vec();
    for d in dirs {
        let (found, ds) = pack_dirs(d);
        folders.extend(found);
        problems.extend(ds);
    }
    for dir in folders {
        let (pack, ds) = read_pack(&dir);
        problems.extend(ds);
        extra.extend(pack);
    }
    for game in [Game::Eldritch, Game::Arkham] {
        // In `requires` order: a folder's packs are found in name order.
        let mine: Vec<&Pack> =
            in_requires_order(&extra.iter().filter(|p| p.game == game).collect::<Vec<_>>());
        if !dirs.is_empty() && mine.is_empty() {
            continue;
        }
        let mut set = match base_files(base, game).and_then(|files| CardSet::load(game, &files)) {
            Ok(set) => set,
            Err(ds) => {
                problems.extend(ds.0);
                continue;
            }
        };
        problems.extend(set.add_shipped());
        let names: Vec<&str> = mine.iter().map(|p| p.name.as_str()).collect();
        for p in mine {
            problems.extend(set.add_pack(p));
        }
        count += set
            .origins
            .values()
            .filter(|o| dirs.is_empty() || names.contains(&o.pack.as_str()))
            .count();
        problems.extend(set.check_references());
        if let Err(ds) = ScriptHooks::compile(&set) {
            problems.extend(ds);
        }
    }
    if problems.is_empty() {
        outln!("{count} cards, no problems");
        0
    } else {
        print_diagnostics(&problems);
        eprintln!(
            "{} problem{}",
            problems.len(),
            if problems.len() == 1 { "" } else { "s" }
        );
        2
    }
}
