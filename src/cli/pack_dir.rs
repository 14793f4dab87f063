//! Pack folders on disk: the base packs of `--base`, each `--pack`, a scenario's `packs` and the packs
//! `validate DIR` finds, read into (path, text) pairs and handed to the library (`Library::with_base_from`,
//! `with_pack_from`, `with_folders_from`: read lazily, when the cards are first loaded). Goes over the
//! public API only.

use super::paths::{normalize, shown};
use super::text_file::{MAX_ENTRIES, MAX_FILE_BYTES, about, read_text, refused_kind};
use super::tree::Tree;
use mythos::{Diagnostic, Game, Library, PackFiles, Reading};
use std::path::{Path, PathBuf};

/// Where a pack's manifest is: `pack.toml` in its folder, as diagnostics show it.
fn manifest_path(root: &str) -> String {
    format!("{}/pack.toml", root.trim_end_matches('/'))
}

/// One pack folder read: the folder as diagnostics show it, its (path, text) pairs and every file
/// refused.
pub(super) struct PackRead {
    pub root: String,
    pub files: Vec<(String, String)>,
    pub refused: Vec<Diagnostic>,
}

impl PackRead {
    /// The pack as the library takes it, its refused files with it.
    pub fn into_files(self) -> PackFiles {
        PackFiles::new(self.root, self.files).with_refused(self.refused)
    }
}

/// The library the command line describes, read lazily from the disk: `--base` (when given) for each
/// game's base pack, then every `--pack`, in order.
pub(super) fn library(base: &Option<PathBuf>, packs: &[PathBuf]) -> Library {
    let mut library = Library::new();
    if let Some(dir) = base {
        let dir = Some(dir.clone());
        library = library.with_base_from(move |game| base_files(&dir, game));
    }
    for dir in packs {
        let path = dir.clone();
        library = library.with_pack_from(shown(dir), move |_| {
            read_pack_files(&path).map(PackRead::into_files)
        });
    }
    library
}

/// `library` with the folders a scenario file at `path` names in its `packs`, read relative to it.
pub(super) fn with_scenario_folders(library: &Library, path: &Path) -> Library {
    let here = path.parent().unwrap_or(Path::new("")).to_path_buf();
    library.clone().with_folders_from(move |dir| {
        read_pack_files(&normalize(&here.join(dir))).map(PackRead::into_files)
    })
}

/// The base pack of `game` in the folder `--base` names: `cards/GAME/**.toml` and
/// `scripts/GAME/**.rhai`, paths relative to that folder; or the copy built into the binary.
pub(super) fn base_files(
    base: &Option<PathBuf>,
    game: Game,
) -> Result<Vec<(String, String)>, Vec<Diagnostic>> {
    let Some(dir) = base else {
        return Ok(Library::new().base_files(game));
    };
    if !dir.is_dir() {
        return Err(vec![
            Diagnostic::reading(
                Reading::CannotRead,
                format!("cannot read `{}`: no such folder", shown(dir)),
            )
            .with_hint("`--base` takes a folder holding cards/ and scripts/"),
        ]);
    }
    let mut tree = Tree::default();
    for (sub, ext) in [("cards", ".toml"), ("scripts", ".rhai")] {
        let shown = format!("{sub}/{}", game.as_str());
        tree.read_top(dir, &[sub, game.as_str()], &shown, ext);
    }
    if !tree.problems.is_empty() {
        return Err(tree.problems);
    }
    // A base without a card of the game would make every card of a scenario unknown without saying
    // why (issue 39): the folder is refused, named.
    if !tree.files.iter().any(|(path, _)| path.ends_with(".toml")) {
        return Err(vec![Diagnostic::reading(
            Reading::CannotRead,
            format!(
                "`--base {}` holds no card of {}: no `.toml` file in its `cards/{}`",
                shown(dir),
                game.as_str(),
                game.as_str()
            ),
        )
        .with_hint("`--base` takes a folder holding cards/eldritch, cards/arkham (and scripts/): the base packs")]);
    }
    Ok(tree.files)
}

/// A pack folder's manifest, cards and scripts as (path, text) pairs, paths starting with the folder,
/// and every file refused; or why the folder cannot be read at all.
pub(super) fn read_pack_files(dir: &Path) -> Result<PackRead, String> {
    if !dir.is_dir() {
        return Err("no such folder".to_string());
    }
    let root = shown(dir);
    let base = root.trim_end_matches('/');
    let mut tree = Tree::default();
    let manifest = manifest_path(&root);
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
    Ok(PackRead {
        root,
        files: tree.files,
        refused: tree.problems,
    })
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
                        Reading::TooMany,
                        &at,
                        format!("`{at}` holds more than {MAX_ENTRIES} entries; the rest were not looked at"),
                    )
                    .with_hint("name the pack folders themselves"),
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
