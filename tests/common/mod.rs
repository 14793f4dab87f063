//! What several harnesses share: running the built binary, and the files of a folder (the same walk
//! as the crate's own unit tests, `src/test_files.rs`).

#![allow(
    dead_code,
    unused_imports,
    reason = "each harness uses the part it needs"
)]

use std::path::Path;
use std::process::Command;

#[path = "../../src/test_files.rs"]
mod test_files;

pub use test_files::files;

/// Runs the built binary from `dir`: exit status, stdout, stderr.
pub fn mythos(dir: &Path, args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_mythos"))
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .args(args)
        .output()
        .expect("mythos runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

/// The names of the pack folders shipped in `packs/`, sorted.
pub fn pack_folders(crate_dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(crate_dir.join("packs"))
        .expect("packs/ exists")
        .flatten()
        .filter(|e| e.path().is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// The files of the shipped pack `packs/NAME` (pack.toml, cards/, scripts/), paths relative to the
/// crate as the `mythos` command shows them; its scenarios are not part of the pack.
pub fn pack_files(crate_dir: &Path, name: &str) -> mythos::PackFiles {
    let root = format!("packs/{name}");
    let mut files = vec![(
        format!("{root}/pack.toml"),
        std::fs::read_to_string(crate_dir.join(&root).join("pack.toml")).expect("pack.toml"),
    )];
    for (sub, ext) in [("cards", "toml"), ("scripts", "rhai")] {
        for path in files_of(&crate_dir.join(&root).join(sub), ext) {
            let rel = path.strip_prefix(crate_dir).expect("inside the crate");
            let text = std::fs::read_to_string(&path).expect("a pack file");
            files.push((rel.display().to_string(), text));
        }
    }
    mythos::PackFiles::new(root, files)
}

fn files_of(dir: &Path, ext: &str) -> Vec<std::path::PathBuf> {
    if dir.is_dir() {
        files(dir, ext)
    } else {
        Vec::new()
    }
}
