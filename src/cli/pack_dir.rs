//! Pack folders on disk: the base packs of `--base`, each `--pack`, a scenario's `packs` and the packs
//! `validate DIR` finds, read into (path, text) pairs for `defs`. May import `defs` and `scenario`.

use super::paths::shown;
use super::text_file::{MAX_ENTRIES, MAX_FILE_BYTES, about, read_text, refused_kind};
use super::tree::Tree;
use crate::defs::{CardSet, Code, Diagnostic, Diagnostics, Pack, embedded_base_files};
use crate::kernel::Game;
use crate::scenario::PackFolder;
use std::path::{Path, PathBuf};

/// The base pack of `game` in the folder `--base` names: `cards/GAME/**.toml` and
/// `scripts/GAME/**.rhai`, paths relative to that folder; or the copy built into the binary.
pub(super) fn base_files(
    base: &Option<PathBuf>,
    game: Game,
) -> Result<Vec<(String, String)>, Diagnostics> {
    let Some(dir) = base else {
        return Ok(embedded_base_files(game));
    };
    if !dir.is_dir() {
        return Err(Diagnostic::new(
            Code::CannotRead,
            format!("cannot read `{}`: no such folder", shown(dir)),
        )
        .hint("`--base` takes a folder holding cards/ and scripts/")
        .into());
    }
    let mut tree = Tree::default();
    for (sub, ext) in [("cards", ".toml"), ("scripts", ".rhai")] {
        let shown = format!("{sub}/{}", game.as_str());
        tree.read_top(dir, &[sub, game.as_str()], &shown, ext);
    }
    if !tree.problems.is_empty() {
        return Err(Diagnostics(tree.problems));
    }
    // A base without a card of the game would make every card of a scenario unknown without saying
    // why (issue 39): the folder is refused, named.
    if !tree.files.iter().any(|(path, _)| path.ends_with(".toml")) {
        return Err(Diagnostic::new(
            Code::CannotRead,
            format!(
                "`--base {}` holds no card of {}: no `.toml` file in its `cards/{}`",
                shown(dir),
                game.as_str(),
                game.as_str()
            ),
        )
        .hint("`--base` takes a folder holding cards/eldritch, cards/arkham (and scripts/): the base packs")
        .into());
    }
    Ok(tree.files)
}

/// A pack folder's manifest, cards and scripts as (path, text) pairs, paths starting with the folder,
/// and every file refused; or why the folder cannot be read at all.
pub(super) fn read_pack_files(dir: &Path) -> Result<PackFolder, String> {
    if !dir.is_dir() {
        return Err("no such folder".to_string());
    }
    let root = shown(dir);
    let base = root.trim_end_matches('/');
    let mut tree = Tree::default();
    let manifest = Pack::manifest_path(&root);
    match std::fs::symlink_metadata(dir.join("pack.toml")) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        _ => match read_text(&dir.join("pack.toml"), &manifest, MAX_FILE_BYTES) {
            Ok(text) => tree.files.push((manifest, text)),
            Err(d) => tree.problems.push(d),
        },
    }
    for (sub, ext) in [("cards", ".toml"), ("scripts", ".rhai")] {
        tree.read_top(dir, &[sub], &format!("{base}/{sub}"), ext);
    }
    Ok(PackFolder {
        root,
        files: tree.files,
        refused: tree.problems,
    })
}

/// Reads the pack in `dir`: the pack when its manifest holds, and every problem found reading it.
pub(super) fn read_pack(dir: &Path) -> (Option<Pack>, Vec<Diagnostic>) {
    match read_pack_files(dir) {
        Ok(folder) => folder.into_pack(),
        Err(why) => (
            None,
            vec![
                Diagnostic::new(
                    Code::CannotRead,
                    format!("cannot read pack `{}`: {why}", shown(dir)),
                )
                .hint("a pack is a folder holding pack.toml, cards/ and scripts/"),
            ],
        ),
    }
}

/// The base pack of `game`, then every `--pack` of that game, in order.
pub(super) fn load_set(
    base: &Option<PathBuf>,
    packs: &[PathBuf],
    game: Game,
) -> Result<CardSet, Diagnostics> {
    let mut set = CardSet::load(game, &base_files(base, game)?)?;
    let mut problems = set.add_shipped();
    for dir in packs {
        let (pack, ds) = read_pack(dir);
        problems.extend(ds);
        match pack {
            Some(pack) if pack.game == game => problems.extend(set.add_pack(&pack)),
            _ => {}
        }
    }
    if problems.is_empty() {
        Ok(set)
    } else {
        Err(Diagnostics(problems))
    }
}

/// The packs in `dir`: the folder itself when it holds pack.toml, else each sub-folder that does (a link
/// among them is refused, E0002; other entries are not packs and are left alone).
pub(super) fn pack_dirs(dir: &Path) -> (Vec<PathBuf>, Vec<Diagnostic>) {
    let holds_manifest = |d: &Path| std::fs::symlink_metadata(d.join("pack.toml")).is_ok();
    if holds_manifest(dir) {
        return (vec![dir.to_path_buf()], Vec::new());
    }
    let mut subs = Vec::new();
    let mut problems = Vec::new();
    if let Ok(rd) = std::fs::read_dir(dir) {
        for (n, e) in rd.enumerate() {
            if n == MAX_ENTRIES {
                let at = shown(dir);
                problems.push(
                    about(
                        Code::TooMany,
                        &at,
                        format!("`{at}` holds more than {MAX_ENTRIES} entries; the rest were not looked at"),
                    )
                    .hint("name the pack folders themselves"),
                );
                break;
            }
            let Ok(e) = e else { continue };
            match e.file_type() {
                Ok(t) if t.is_dir() && holds_manifest(&e.path()) => subs.push(e.path()),
                Ok(t) if t.is_symlink() => {
                    problems.push(refused_kind(&shown(&e.path()), "a symbolic link"))
                }
                _ => {}
            }
        }
    }
    subs.sort();
    if subs.is_empty() && problems.is_empty() {
        // Not a pack: reading it reports the missing pack.toml.
        subs.push(dir.to_path_buf());
    }
    (subs, problems)
}
