//! Pack folders on disk: the base packs of `--base`, each `--pack`, a scenario's `packs` and the packs
//! `validate DIR` finds, read into (path, text) pairs for `defs`. May import `defs` and `scenario`.

use super::paths::shown;
use crate::defs::{CardSet, Diagnostic, Diagnostics, Pack, embedded_base_files};
use crate::kernel::Game;
use std::path::{Path, PathBuf};

/// Reads every file below `dir` as (path relative to `root`, text), sorted.
pub(super) fn read_tree(
    root: &Path,
    dir: &Path,
    out: &mut Vec<(String, String)>,
) -> std::io::Result<()> {
    if !dir.is_dir() {
        return Ok(());
    }
    let mut entries: Vec<_> = std::fs::read_dir(dir)?.collect::<Result<_, _>>()?;
    entries.sort_by_key(|e| e.path());
    for e in entries {
        let p = e.path();
        if p.is_dir() {
            read_tree(root, &p, out)?;
        } else if let Ok(text) = std::fs::read_to_string(&p) {
            let rel = p
                .strip_prefix(root)
                .unwrap_or(&p)
                .to_string_lossy()
                .replace('\\', "/");
            out.push((rel, text));
        }
    }
    Ok(())
}

pub(super) fn base_files(
    base: &Option<PathBuf>,
    game: Game,
) -> Result<Vec<(String, String)>, Diagnostics> {
    match base {
        None => Ok(embedded_base_files(game)),
        Some(dir) => {
            let mut files = Vec::new();
            for sub in ["cards", "scripts"] {
                read_tree(dir, &dir.join(sub).join(game.as_str()), &mut files).map_err(|e| {
                    Diagnostic::new(
                        crate::defs::Code::CannotRead,
                        format!("cannot read `{}`: {e}", dir.display()),
                    )
                    .hint("`--base` takes a folder holding cards/ and scripts/")
                })?;
            }
            Ok(files)
        }
    }
}

/// A pack folder's manifest, cards and scripts as (path, text) pairs, paths starting with the folder.
pub(super) fn read_pack_files(dir: &Path) -> Result<(String, Vec<(String, String)>), String> {
    if !dir.is_dir() {
        return Err("no such folder".to_string());
    }
    let root = shown(dir);
    let mut files = Vec::new();
    let manifest = dir.join("pack.toml");
    if manifest.is_file() {
        let text = std::fs::read_to_string(&manifest).map_err(|e| e.to_string())?;
        files.push((Pack::manifest_path(&root), text));
    }
    for sub in ["cards", "scripts"] {
        let mut found = Vec::new();
        read_tree(Path::new(""), &dir.join(sub), &mut found).map_err(|e| e.to_string())?;
        files.extend(found.into_iter().map(|(p, t)| (p.replace('\\', "/"), t)));
    }
    Ok((root, files))
}

/// Reads and checks the manifest of the pack in `dir`.
pub(super) fn read_pack(dir: &Path) -> Result<Pack, Vec<Diagnostic>> {
    let (root, files) = read_pack_files(dir).map_err(|why| {
        vec![
            Diagnostic::new(
                crate::defs::Code::CannotRead,
                format!("cannot read pack `{}`: {why}", shown(dir)),
            )
            .hint("a pack is a folder holding pack.toml, cards/ and scripts/"),
        ]
    })?;
    Pack::from_files(&root, files)
}

/// The base pack of `game`, then every `--pack` of that game, in order.
pub(super) fn load_set(
    base: &Option<PathBuf>,
    packs: &[PathBuf],
    game: Game,
) -> Result<CardSet, Diagnostics> {
    let mut set = CardSet::load(game, &base_files(base, game)?)?;
    let mut problems = Vec::new();
    for dir in packs {
        match read_pack(dir) {
            Err(ds) => problems.extend(ds),
            Ok(pack) if pack.game != game => {}
            Ok(pack) => problems.extend(set.add_pack(&pack)),
        }
    }
    if problems.is_empty() {
        Ok(set)
    } else {
        Err(Diagnostics(problems))
    }
}

/// The packs in `dir`: the folder itself when it holds pack.toml, else each sub-folder that does.
pub(super) fn pack_dirs(dir: &Path) -> Vec<PathBuf> {
    if dir.join("pack.toml").is_file() {
        return vec![dir.to_path_buf()];
    }
    let mut subs: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.join("pack.toml").is_file())
                .collect()
        })
        .unwrap_or_default();
    subs.sort();
    if subs.is_empty() {
        // Not a pack: reading it reports the missing pack.toml.
        subs.push(dir.to_path_buf());
    }
    subs
}
