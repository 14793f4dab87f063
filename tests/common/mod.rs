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
