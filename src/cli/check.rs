//! `mythos check`: every scenario file below the paths given, played, its `[expect]` lines checked.

use super::play::play_path;
use super::{Cli, print_diagnostics};
use crate::scenario::{check_expectations, result_object};
use std::path::{Path, PathBuf};

/// The scenario files below `path`: every `.toml` file, except in a pack folder its `pack.toml`, its
/// `cards/` and its `scripts/` (a pack's own scenarios are checked).
fn scenario_files(path: &Path, out: &mut Vec<PathBuf>) {
    if path.is_dir() {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(path)
            .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
            .unwrap_or_default();
        entries.sort();
        let is_pack = path.join("pack.toml").is_file();
        for p in entries {
            let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            if is_pack && matches!(name, "pack.toml" | "cards" | "scripts") {
                continue;
            }
            if p.is_dir() {
                scenario_files(&p, out);
            } else if p.extension().is_some_and(|e| e == "toml") {
                out.push(p);
            }
        }
    } else {
        out.push(path.to_path_buf());
    }
}

/// `mythos check`: plays every scenario below `paths` and reports each `[expect]` line that does not
/// hold. Exit 0 all hold, 1 a miss, 2 bad input.
pub(super) fn check(cli: &Cli, paths: &[PathBuf]) -> i32 {
    let mut files = Vec::new();
    for p in paths {
        scenario_files(p, &mut files);
    }
    let (mut passed, mut failed, mut bad) = (0, 0, 0);
    for f in &files {
        match play_path(f, cli) {
            Err(ds) => {
                bad += 1;
                println!("error {}", f.display());
                print_diagnostics(&ds);
            }
            Ok(played) => {
                if let Some(d) = &played.error {
                    bad += 1;
                    println!("error {}", f.display());
                    print_diagnostics(std::slice::from_ref(d));
                    continue;
                }
                let misses = check_expectations(&played, &result_object(&played));
                if misses.is_empty() {
                    passed += 1;
                    println!("ok    {}", f.display());
                } else {
                    failed += 1;
                    println!("FAIL  {}", f.display());
                    for m in misses {
                        println!("      {m}");
                    }
                }
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
