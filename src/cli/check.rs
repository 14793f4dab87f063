//! `mythos check`: every scenario file below the paths given, played, its `[expect]` lines checked.

use super::args::Cli;
use super::paths::shown;
use super::play::{play_path, read};
use super::report::print_diagnostics;
use super::text_file::{MAX_DEPTH, MAX_ENTRIES, MAX_SHOWN, about, refused_kind};
use crate::defs::{Code, Diagnostic};
use crate::scenario::{Miss, check_expectations, check_refusal, result_object};
use std::path::{Path, PathBuf};

/// What `check` plays: the scenario files found, in order, and each entry refused, with its diagnostic.
#[derive(Default)]
struct Found {
    files: Vec<PathBuf>,
    refused: Vec<(PathBuf, Diagnostic)>,
    entries: usize,
}

impl Found {
    /// The scenario files below the folder `dir`: every `.toml` file, except in a pack folder its
    /// `pack.toml`, its `cards/` and its `scripts/` (a pack's own scenarios are checked). Links are not
    /// followed (each is refused, E0002), folders nest at most [`MAX_DEPTH`] deep and at most
    /// [`MAX_ENTRIES`] entries are looked at (E0004): a walk always ends.
    fn walk(&mut self, dir: &Path, depth: usize) {
        let mut entries: Vec<std::fs::DirEntry> = Vec::new();
        let cannot = |e: std::io::Error| {
            let at = shown(dir);
            (
                dir.to_path_buf(),
                about(Code::CannotRead, &at, format!("cannot read `{at}`: {e}"))
                    .hint("check the folder"),
            )
        };
        match std::fs::read_dir(dir) {
            Err(e) => self.refused.push(cannot(e)),
            Ok(rd) => {
                for e in rd {
                    self.entries += 1;
                    if self.entries > MAX_ENTRIES {
                        let at = shown(dir);
                        let message = format!(
                            "more than {MAX_ENTRIES} files and folders; the rest of `{at}` was \
                             not looked at"
                        );
                        let d = about(Code::TooMany, &at, message).hint("check a smaller folder");
                        self.refused.push((dir.to_path_buf(), d));
                        return;
                    }
                    match e {
                        Ok(e) => entries.push(e),
                        Err(e) => self.refused.push(cannot(e)),
                    }
                }
            }
        }
        entries.sort_by_key(|e| e.file_name());
        let is_pack = std::fs::symlink_metadata(dir.join("pack.toml")).is_ok();
        for e in entries {
            if self.entries > MAX_ENTRIES {
                return;
            }
            let p = e.path();
            let name = e.file_name();
            let name = name.to_str().unwrap_or("");
            if is_pack && matches!(name, "pack.toml" | "cards" | "scripts") {
                continue;
            }
            match e.file_type() {
                Ok(t) if t.is_dir() && depth + 1 > MAX_DEPTH => {
                    let at = shown(&p);
                    let d = about(
                        Code::TooMany,
                        &at,
                        format!("`{at}` is more than {MAX_DEPTH} folders deep; not looked at"),
                    )
                    .hint("check that folder itself");
                    self.refused.push((p, d));
                }
                Ok(t) if t.is_dir() => self.walk(&p, depth + 1),
                Ok(t) if t.is_symlink() => {
                    let d = refused_kind(&shown(&p), "a symbolic link");
                    self.refused.push((p, d));
                }
                _ if p.extension().is_some_and(|e| e == "toml") => self.files.push(p),
                _ => {}
            }
        }
    }

    /// A path typed on the command line: a folder is walked, anything else is played (and refused
    /// there if it is not a regular file).
    fn add(&mut self, path: &Path) {
        if path.is_dir() {
            self.walk(path, 0);
        } else {
            self.files.push(path.to_path_buf());
        }
    }
}

/// `mythos check`: plays every scenario below `paths` and reports each `[expect]` line that does not
/// hold. Exit 0 all hold, 1 a miss, 2 bad input.
pub(super) fn check(cli: &Cli, paths: &[PathBuf]) -> i32 {
    let mut found = Found::default();
    for p in paths {
        found.add(p);
    }
    let (mut passed, mut failed, mut bad) = (0, 0, 0);
    for (f, d) in &found.refused {
        bad += 1;
        println!("error {}", f.display());
        print_diagnostics(std::slice::from_ref(d));
    }
    let files = found.files;
    for f in &files {
        let outcome = play_path(f, cli);
        // A scenario that says it must be refused (`[expect] refused = "CODE"`) passes when it is.
        let refusal = |ds: &[Diagnostic]| read(f).ok().and_then(|file| check_refusal(&file, ds));
        let misses: Vec<Miss> = match &outcome {
            Err(ds) => match refusal(ds) {
                Some(m) => m,
                None => {
                    bad += 1;
                    println!("error {}", f.display());
                    print_diagnostics(ds);
                    continue;
                }
            },
            Ok(played) => match &played.error {
                Some(d) => match refusal(std::slice::from_ref(d)) {
                    Some(m) => m,
                    None => {
                        bad += 1;
                        println!("error {}", f.display());
                        print_diagnostics(std::slice::from_ref(d));
                        continue;
                    }
                },
                None => check_expectations(played, &result_object(played)),
            },
        };
        if misses.is_empty() {
            passed += 1;
            println!("ok    {}", f.display());
        } else {
            failed += 1;
            println!("FAIL  {}", f.display());
            for m in misses.iter().take(MAX_SHOWN) {
                println!("      {m}");
            }
            if misses.len() > MAX_SHOWN {
                println!("      … and {} more", misses.len() - MAX_SHOWN);
            }
        }
    }
    println!("\nscenarios: {passed} passed, {failed} failed, {bad} with errors");
    if bad > 0 {
        2
    } else if failed > 0 {
        1
    } else {
        0
    }
}
