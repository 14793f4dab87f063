//! The files of a pack's `cards/` and `scripts/` (or a `--base` folder's), walked without following a
//! link, within the limits of `text_file`: every entry is read or refused with a diagnostic, none is
//! skipped without a rule (hidden names, starting with `.`, are not read). May import `defs`.

use super::text_file::{
    MAX_DEPTH, MAX_ENTRIES, MAX_FILE_BYTES, MAX_PACK_BYTES, about, odd_kind, read_text,
    refused_kind,
};
use crate::defs::{Code, Diagnostic};
use std::path::Path;

/// What one walk read: `(path, text)` pairs in path order, and every entry refused.
#[derive(Default)]
pub(super) struct Tree {
    pub files: Vec<(String, String)>,
    pub problems: Vec<Diagnostic>,
    entries: usize,
    bytes: u64,
    /// A limit of the whole walk was reached: nothing more is read.
    full: bool,
}

impl Tree {
    /// Reads the folder `dir` (shown as `shown`), which holds files ending in `ext` (`.toml` card files
    /// or `.rhai` scripts) and folders of them. A folder that does not exist holds nothing; a link, or
    /// anything else that is not a folder, is refused.
    pub fn read_top(&mut self, dir: &Path, shown: &str, ext: &str) {
        match std::fs::symlink_metadata(dir) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => self.problems.push(about(
                Code::CannotRead,
                shown,
                format!("cannot read `{shown}`: {e}"),
            )),
            Ok(meta) => match odd_kind(&meta) {
                Some(kind) => self.problems.push(refused_kind(shown, kind)),
                None if meta.is_file() => self.problems.push(
                    about(
                        Code::NotPackFile,
                        shown,
                        format!("`{shown}` is a file, not a folder"),
                    )
                    .hint("`cards` and `scripts` are folders"),
                ),
                None => self.read_dir(dir, shown, ext, 0),
            },
        }
    }

    fn read_dir(&mut self, dir: &Path, shown: &str, ext: &str, depth: usize) {
        let cannot = |e: std::io::Error| {
            about(
                Code::CannotRead,
                shown,
                format!("cannot read `{shown}`: {e}"),
            )
            .hint("check the folder")
        };
        let mut entries = Vec::new();
        match std::fs::read_dir(dir) {
            Err(e) => return self.problems.push(cannot(e)),
            Ok(rd) => {
                for e in rd {
                    self.entries += 1;
                    if self.entries > MAX_ENTRIES {
                        self.full = true;
                        return self.problems.push(
                            about(
                                Code::TooMany,
                                shown,
                                format!(
                                    "more than {MAX_ENTRIES} files and folders; `{shown}` was not read"
                                ),
                            )
                            .hint(format!(
                                "a pack's cards/ and scripts/ hold at most {MAX_ENTRIES} files and folders"
                            )),
                        );
                    }
                    match e {
                        Ok(e) => entries.push(e),
                        Err(e) => self.problems.push(cannot(e)),
                    }
                }
            }
        }
        entries.sort_by_key(|e| e.file_name());
        for e in entries {
            if self.full {
                return;
            }
            let name = e.file_name();
            let Some(name) = name.to_str() else {
                let child = format!("{shown}/{}", name.to_string_lossy());
                self.problems.push(
                    about(
                        Code::NotPackFile,
                        &child,
                        format!("`{child}`: the name is not UTF-8"),
                    )
                    .hint("rename it with letters, digits, `_`, `-` and `.`"),
                );
                continue;
            };
            if name.starts_with('.') {
                continue;
            }
            let child = format!("{shown}/{name}");
            let path = e.path();
            match e.file_type() {
                Err(err) => self.problems.push(cannot(err)),
                Ok(t) if t.is_dir() => {
                    if depth + 1 > MAX_DEPTH {
                        self.problems.push(
                            about(
                                Code::TooMany,
                                &child,
                                format!(
                                    "`{child}` is more than {MAX_DEPTH} folders deep; not read"
                                ),
                            )
                            .hint(format!(
                                "folders in cards/ and scripts/ nest at most {MAX_DEPTH} deep"
                            )),
                        );
                    } else {
                        self.read_dir(&path, &child, ext, depth + 1);
                    }
                }
                Ok(t) if t.is_file() && name.ends_with(ext) => self.read_file(&path, &child),
                Ok(t) if t.is_file() => self.problems.push(
                    about(
                        Code::NotPackFile,
                        &child,
                        format!(
                            "`{child}` is not a {}",
                            if ext == ".rhai" {
                                "script (`.rhai`)"
                            } else {
                                "card file (`.toml`)"
                            }
                        ),
                    )
                    .hint(
                        "cards/ holds only .toml card files and scripts/ only .rhai scripts, in \
                         folders if you like; keep other files elsewhere in the pack",
                    ),
                ),
                Ok(_) => {
                    let kind = std::fs::symlink_metadata(&path)
                        .ok()
                        .and_then(|m| odd_kind(&m))
                        .unwrap_or("not a regular file");
                    self.problems.push(refused_kind(&child, kind));
                }
            }
        }
    }

    fn read_file(&mut self, path: &Path, shown: &str) {
        match read_text(path, shown, MAX_FILE_BYTES) {
            Err(d) => self.problems.push(d),
            Ok(text) => {
                self.bytes += text.len() as u64;
                if self.bytes > MAX_PACK_BYTES {
                    self.full = true;
                    self.problems.push(
                        about(
                            Code::TooLarge,
                            shown,
                            format!(
                                "the files read up to `{shown}` hold more than {} MiB; the rest was not read",
                                MAX_PACK_BYTES >> 20
                            ),
                        )
                        .hint(format!(
                            "a pack's cards and scripts hold at most {} MiB together",
                            MAX_PACK_BYTES >> 20
                        )),
                    );
                } else {
                    self.files.push((shown.to_string(), text));
                }
            }
        }
    }
}
