//! The files of a folder, for tests only: the unit tests of this crate and, by path, the harnesses of
//! `tests/` (`tests/common/mod.rs`), so that both walk a folder the same way. Imports nothing.

use std::path::{Path, PathBuf};

/// Every file under `dir`, recursively, whose name ends with `.{ext}`, sorted.
pub fn files(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).expect("read a folder") {
        let p = e.expect("an entry").path();
        if p.is_dir() {
            out.extend(files(&p, ext));
        } else if p.extension().is_some_and(|x| x == ext) {
            out.push(p);
        }
    }
    out.sort();
    out
}
