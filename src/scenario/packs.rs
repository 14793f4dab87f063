//! A scenario's `packs`: folders relative to the scenario file, read by the caller (the CLI reads the
//! disk, this room does not) and loaded after the base pack and any `--pack`, in the order listed.

use crate::defs::{CardSet, Code, Diagnostic, Pack, SourceFile};
use toml::Spanned;

/// Reads the pack folder a scenario names (`dir` exactly as written, relative to the scenario file):
/// the folder's path as it should appear in diagnostics and its files as (path, text) pairs, paths
/// starting with that folder; or why it cannot be read.
pub type PackReader<'a> = &'a dyn Fn(&str) -> Result<(String, Vec<(String, String)>), String>;

/// The reader of a caller that reads no packs from disk: every pack is unreadable.
pub fn no_packs(_: &str) -> Result<(String, Vec<(String, String)>), String> {
    Err("this caller reads no pack folders (the `mythos` command does)".to_string())
}

/// Loads each pack a scenario lists into `set`, reporting every problem.
pub fn load_packs(
    set: &mut CardSet,
    packs: &[Spanned<String>],
    read: PackReader<'_>,
    file: &SourceFile,
) -> Vec<Diagnostic> {
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
            Ok((root, files)) => match Pack::from_files(&root, files) {
                Err(mut ds) => problems.append(&mut ds),
                Ok(pack) => problems.extend(set.add_pack(&pack)),
            },
        }
    }
    problems
}
