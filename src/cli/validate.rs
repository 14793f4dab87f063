//! `mythos validate`: every card file, cross-reference and script of the packs named, over their game's
//! base pack (`Library::validation`), over the public API.

use super::pack_dir::{library, pack_dirs};
use super::report::print_diagnostics;
use std::path::PathBuf;

/// `mythos validate`: the base packs and `--pack` packs, or the packs in `dirs` over their game's base
/// pack; every card file, every cross-reference and every script checked. Returns the exit status.
pub(super) fn validate(base: &Option<PathBuf>, packs: &[PathBuf], dirs: &[PathBuf]) -> i32 {
    let mut problems = Vec::new();
    let mut folders = packs.to_vec();
    for d in dirs {
        let (found, ds) = pack_dirs(d);
        folders.extend(found);
        problems.extend(ds);
    }
    let checked = library(base, &folders).validation(!dirs.is_empty());
    problems.extend_from_slice(checked.problems());
    if problems.is_empty() {
        outln!("{} cards, no problems", checked.cards());
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
