//! `mythos check`: every scenario file below the paths given, played, its `[expect]` lines checked.
//! A folder is walked through what was opened (`folder`: each entry opened relative to the folder that
//! listed it, never following a link), so a folder or file swapped for a link between being listed
//! and being read is refused, not followed.

use super::args::Cli;
use super::folder::{Folder, Kind, Sub};
use super::pack_dir::library;
use super::paths::shown;
use super::play::{ScenarioFile, parse_source, read};
use super::report::print_diagnostics;
use super::text_file::{
    MAX_DEPTH, MAX_ENTRIES, MAX_FILE_BYTES, MAX_SHOWN, about, cannot_read, read_opened,
    refused_kind,
};
use mythos::{Diagnostic, Misses, Reading, visible};
use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};

/// A scenario file to play: its path, and its text when the walk read it through its folder (a path
/// typed on the command line is read when it is played).
struct Scenario {
    path: PathBuf,
    read: Option<ScenarioFile>,
}

/// What `check` plays: the scenario files found, in order, and each entry refused, with its diagnostic.
#[derive(Default)]
struct Found {
    files: Vec<Scenario>,
    refused: Vec<(PathBuf, Diagnostic)>,
    entries: usize,
    /// More than [`MAX_ENTRIES`] entries were listed: nothing more is looked at.
    full: bool,
}

/// E0001 for the folder or file at `path`.
fn cannot(path: &Path, e: std::io::Error) -> (PathBuf, Diagnostic) {
    let at = shown(path);
    let d = about(Reading::CannotRead, &at, format!("cannot read `{at}`: {e}"))
        .with_hint("check the folder");
    (path.to_path_buf(), d)
}

impl Found {
    /// The scenario files below the open folder `dir` (at `path`, `depth` folders below a path typed
    /// on the command line): every `.toml` file, except in a pack folder its `pack.toml`, its `cards/`
    /// and its `scripts/` (a pack's own scenarios are checked). Links are not followed (each is
    /// refused, E0002), folders nest at most [`MAX_DEPTH`] deep and at most [`MAX_ENTRIES`] entries are
    /// looked at (E0004): a walk always ends.
    fn walk(&mut self, dir: &Folder, path: &Path, depth: usize) {
        match dir.entries(MAX_ENTRIES.saturating_sub(self.entries)) {
            Ok(listed) => self.walk_listed(dir, path, listed, depth),
            Err(e) => self.refused.push(cannot(path, e)),
        }
    }

    /// The walk of `dir` once it is listed: each entry is opened relative to `dir` as what it was
    /// listed as, so one swapped for a link since is refused.
    fn walk_listed(
        &mut self,
        dir: &Folder,
        path: &Path,
        listed: Vec<Option<(OsString, Kind)>>,
        depth: usize,
    ) {
        let mut entries = Vec::with_capacity(listed.len());
        for e in listed {
            self.entries += 1;
            let Some(e) = e else {
                let at = shown(path);
                let message = format!(
                    "more than {MAX_ENTRIES} files and folders; the rest of `{at}` was not looked at"
                );
                let d = about(Reading::TooMany, &at, message).with_hint("check a smaller folder");
                self.refused.push((path.to_path_buf(), d));
                self.full = true;
                return;
            };
            entries.push(e);
        }
        entries.sort_by(|a, b| a.0.cmp(&b.0));
        let is_pack = entries.iter().any(|(n, _)| n == "pack.toml");
        for (name, kind) in entries {
            if self.full {
                return;
            }
            let p = path.join(&name);
            if is_pack && matches!(name.to_str(), Some("pack.toml" | "cards" | "scripts")) {
                continue;
            }
            match kind {
                Kind::Folder if depth + 1 > MAX_DEPTH => {
                    let at = shown(&p);
                    let d = about(
                        Reading::TooMany,
                        &at,
                        format!("`{at}` is more than {MAX_DEPTH} folders deep; not looked at"),
                    )
                    .with_hint("check that folder itself");
                    self.refused.push((p, d));
                }
                // Opened relative to `dir`, without following a link: a folder swapped for a link
                // since it was listed is refused here.
                Kind::Folder => match dir.sub(&name) {
                    Ok(Sub::Opened(sub)) => self.walk(&sub, &p, depth + 1),
                    Ok(Sub::Missing) => {
                        let gone = std::io::Error::new(
                            std::io::ErrorKind::NotFound,
                            "it went away while the folder was walked",
                        );
                        self.refused.push(cannot(&p, gone));
                    }
                    Ok(Sub::Not(k)) => {
                        let d = refused_kind(&shown(&p), k.refused().unwrap_or("not a folder"));
                        self.refused.push((p, d));
                    }
                    Err(e) => self.refused.push(cannot(&p, e)),
                },
                // A link is refused whatever its name; anything else that is not a `.toml` file is
                // not a scenario.
                Kind::Link => {
                    let d = refused_kind(&shown(&p), "a symbolic link");
                    self.refused.push((p, d));
                }
                _ if Path::new(&name).extension().is_none_or(|e| e != "toml") => {}
                Kind::File => self.read_file(dir, &name, p),
                k => {
                    let d = refused_kind(&shown(&p), k.refused().unwrap_or("not a regular file"));
                    self.refused.push((p, d));
                }
            }
        }
    }

    /// Reads the scenario file `name` of `dir` (at `path`), opened relative to `dir` without following
    /// a link.
    fn read_file(&mut self, dir: &Folder, name: &OsStr, path: PathBuf) {
        let at = path.display().to_string();
        let opened = dir.file(name).map_err(|e| {
            if e.kind() == std::io::ErrorKind::InvalidInput {
                // Swapped for a link since it was listed.
                refused_kind(&at, "a symbolic link")
            } else {
                cannot_read(&at)(e)
            }
        });
        match opened.and_then(|f| read_opened(f, &at, MAX_FILE_BYTES)) {
            Ok(text) => self.files.push(Scenario {
                path,
                read: Some(ScenarioFile { path: at, text }),
            }),
            Err(d) => self.refused.push((path, d)),
        }
    }

    /// A path typed on the command line: a folder is walked (links in its path are followed), anything
    /// else is played (and refused there if it is not a regular file).
    fn add(&mut self, path: &Path) {
        if path.is_dir() {
            match Folder::open(path) {
                Ok(dir) => self.walk(&dir, path, 0),
                Err(e) => self.refused.push(cannot(path, e)),
            }
        } else {
            self.files.push(Scenario {
                path: path.to_path_buf(),
                read: None,
            });
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
    let library = library(&cli.base, &cli.packs);
    let (mut passed, mut failed, mut bad) = (0, 0, 0);
    for (f, d) in &found.refused {
        bad += 1;
        outln!("error {}", visible(&f.display().to_string()));
        print_diagnostics(std::slice::from_ref(d));
    }
    for Scenario {
        path: f,
        read: text,
    } in found.files
    {
        let file = match text {
            Some(file) => Ok(file),
            None => read(&f),
        };
        let (outcome, file) = match file {
            Ok(file) => {
                let played = parse_source(&library, &f, &file)
                    .and_then(|s| s.play().map_err(mythos::Error::into_diagnostics));
                (played, Some(file))
            }
            Err(d) => (Err(vec![d]), None),
        };
        // A scenario that says it must be refused (`[expect] refused = "CODE"`) passes when it is.
        let refusal = |ds: &[Diagnostic]| {
            file.as_ref()
                .and_then(|file| Misses::of_refusal(&file.path, &file.text, ds))
        };
        let misses: Misses = match &outcome {
            Err(ds) => match refusal(ds) {
                Some(m) => m,
                None => {
                    bad += 1;
                    outln!("error {}", visible(&f.display().to_string()));
                    print_diagnostics(ds);
                    continue;
                }
            },
            Ok(played) => match &played.error() {
                Some(d) => match refusal(std::slice::from_ref(d)) {
                    Some(m) => m,
                    None => {
                        bad += 1;
                        outln!("error {}", visible(&f.display().to_string()));
                        print_diagnostics(std::slice::from_ref(d));
                        continue;
                    }
                },
                None => {
                    let unknown = played.unknown_paths();
                    if !unknown.is_empty() {
                        bad += 1;
                        outln!("error {}", visible(&f.display().to_string()));
                        print_diagnostics(&unknown);
                        continue;
                    }
                    played.check()
                }
            },
        };
        if misses.is_empty() {
            passed += 1;
            outln!("ok    {}", visible(&f.display().to_string()));
        } else {
            failed += 1;
            outln!("FAIL  {}", visible(&f.display().to_string()));
            for m in misses.iter().take(MAX_SHOWN) {
                outln!("      {m}");
            }
            if misses.len() > MAX_SHOWN {
                outln!("      … and {} more", misses.len() - MAX_SHOWN);
            }
        }
    }
    outln!("\nscenarios: {passed} passed, {failed} failed, {bad} with errors");
    if bad > 0 {
        2
    } else if failed > 0 {
        1
    } else {
        0
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::symlink;

    /// A folder swapped for a link between being listed and being walked is refused (E0002), and
    /// nothing of what the link leads to is played; so is a scenario file swapped for a link.
    #[test]
    fn a_folder_or_file_swapped_for_a_link_after_the_listing_is_refused_not_followed() {
        let root = std::env::temp_dir().join(format!("mythos-check-swap-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let write = |rel: &str| {
            let p = root.join(rel);
            std::fs::create_dir_all(p.parent().expect("a parent")).expect("folders");
            std::fs::write(p, "game = \"eldritch\"\n").expect("written");
        };
        write("scenarios/sub/mine.toml");
        write("scenarios/b.toml");
        write("outside/secret.toml");
        let dir = root.join("scenarios");
        let folder = Folder::open(&dir).expect("opened");
        let listed = folder.entries(10).expect("listed");
        // After the listing: `sub` becomes a link to a folder outside, `b.toml` a link to a file there.
        std::fs::rename(dir.join("sub"), root.join("sub_old")).expect("moved");
        symlink(root.join("outside"), dir.join("sub")).expect("linked");
        std::fs::remove_file(dir.join("b.toml")).expect("removed");
        symlink(root.join("outside/secret.toml"), dir.join("b.toml")).expect("linked");
        let mut found = Found::default();
        found.walk_listed(&folder, &dir, listed, 0);
        let refused: Vec<(PathBuf, &str)> = found
            .refused
            .iter()
            .map(|(p, d)| (p.clone(), d.code()))
            .collect();
        assert_eq!(
            refused,
            [(dir.join("b.toml"), "E0002"), (dir.join("sub"), "E0002")]
        );
        assert_eq!(found.files.len(), 0);
        let _ = std::fs::remove_dir_all(&root);
    }
}
