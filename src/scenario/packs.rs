//! A scenario's `packs`: folders relative to the scenario file, read by the caller (the CLI reads the
//! disk, this room does not) and loaded after the base pack and any `--pack`, in the order listed.

use crate::defs::{CardSet, Code, Diagnostic, Diagnostics, Pack, SourceFile};
use crate::kernel::Game;
use toml::Spanned;

/// Where a game's base pack comes from (the embedded one, or `--base DIR`).
pub type BaseLoader<'a> = &'a dyn Fn(Game) -> Result<CardSet, Diagnostics>;

/// A pack folder as its reader found it: the folder's path as diagnostics show it, the files read
/// (paths starting with that folder), and every file the reader refused, each with its diagnostic.
#[derive(Debug, Clone, Default)]
pub struct PackFolder {
    pub root: String,
    pub files: Vec<(String, String)>,
    pub refused: Vec<Diagnostic>,
}

impl PackFolder {
    /// A folder whose files were all read.
    pub fn new(root: impl Into<String>, files: Vec<(String, String)>) -> PackFolder {
        PackFolder {
            root: root.into(),
            files,
            refused: Vec::new(),
        }
    }

    /// The pack of the files read, when its manifest could be read and checked, and every problem: the
    /// refused files and the manifest's problems. A pack with problems is still returned when its
    /// manifest holds, so that `validate` reports the problems of its cards too.
    pub fn into_pack(self) -> (Option<Pack>, Vec<Diagnostic>) {
        let manifest = Pack::manifest_path(&self.root);
        let mut problems = self.refused;
        let manifest_refused = problems
            .iter()
            .any(|d| d.file.as_ref().is_some_and(|f| f.path == manifest));
        if manifest_refused {
            return (None, problems);
        }
        match Pack::from_files(&self.root, self.files) {
            Ok(pack) => (Some(pack), problems),
            Err(mut ds) => {
                problems.append(&mut ds);
                (None, problems)
            }
        }
    }
}

/// Reads the pack folder a scenario names (`dir` exactly as written, relative to the scenario file);
/// or says why the folder cannot be read at all.
pub type PackReader<'a> = &'a dyn Fn(&str) -> Result<PackFolder, String>;

/// The reader of a caller that reads no packs from disk: every pack is unreadable (tests and the
/// bench; the library API reads the folders given to its `Library`).
#[cfg(any(test, feature = "bench"))]
pub fn no_packs(_: &str) -> Result<PackFolder, String> {
    Err("this caller reads no pack folders (the `mythos` command does)".to_string())
}

pub use crate::limits::MAX_SCENARIO_PACKS;

/// Loads each pack a scenario lists into `set`, reporting every problem. A list longer than
/// [`MAX_SCENARIO_PACKS`] is refused whole (E0105), no folder read.
pub fn load_packs(
    set: &mut CardSet,
    packs: &[Spanned<String>],
    read: PackReader<'_>,
    file: &SourceFile,
) -> Vec<Diagnostic> {
    if let Some(extra) = packs.get(MAX_SCENARIO_PACKS) {
        return vec![
            Diagnostic::new(
                Code::OutOfRange,
                format!(
                    "`packs` lists {} folders; a scenario lists at most {MAX_SCENARIO_PACKS}",
                    packs.len()
                ),
            )
            .at(file, extra.span())
            .label("one too many")
            .hint("load the packs a scenario does not need with `--pack`, or not at all"),
        ];
    }
    let mut problems = Vec::new();
    for dir in packs {
        match read(dir.get_ref()) {
            Err(why) => problems.push(
                Diagnostic::new(
                    Code::CannotRead,
                    format!("cannot read pack `{}`: {why}", dir.get_ref()),
                )
                .at(file, dir.span())
                .label("this folder")
                .hint("`packs` are folders relative to the scenario file, each holding pack.toml"),
            ),
            Ok(folder) => {
                let (pack, mut ds) = folder.into_pack();
                problems.append(&mut ds);
                if let Some(pack) = pack {
                    problems.extend(set.add_pack(&pack));
                }
            }
        }
    }
    problems
}
