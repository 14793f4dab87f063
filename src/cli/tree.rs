//! The files of a pack's `cards/` and `scripts/` (or a `--base` folder's), walked through open folders
//! (`folder`: each entry opened relative to the folder that listed it, never following a link, so a
//! folder swapped for a link mid-walk is refused, not followed), within the limits of `text_file`:
//! every entry is read or refused with a diagnostic, none is skipped without a rule (hidden names,
//! starting with `.`, are not read). Goes over the public API only.

use super::folder::{Folder, Kind, Sub};
use super::text_file::{
    MAX_DEPTH, MAX_ENTRIES, MAX_FILE_BYTES, MAX_PACK_BYTES, about, read_opened, refused_kind,
};
use mythos::{Diagnostic, Reading};
use std::ffi::{OsStr, OsString};
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
    /// Reads the folder `rel` (one or more names, each a folder inside the last) below the folder
    /// `root` (a path given by the user: links in it are followed), shown as `shown`, which holds files
    /// ending in `ext` (`.toml` card files or `.rhai` scripts) and folders of them. A folder that does
    /// not exist holds nothing; a link at any of the names of `rel`, or anything else that is not a
    /// folder, is refused.
    pub fn read_top(&mut self, root: &Path, rel: &[&str], shown: &str, ext: &str) {
        let cannot = |e: std::io::Error| {
            about(
                Reading::CannotRead,
                shown,
                format!("cannot read `{shown}`: {e}"),
            )
        };
        let mut folder = match Folder::open(root) {
            Ok(f) => f,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return,
            Err(e) => return self.problems.push(cannot(e)),
        };
        for name in rel {
            folder = match folder.sub(name.as_ref()) {
                Ok(Sub::Opened(f)) => f,
                Ok(Sub::Missing) => return,
                Ok(Sub::Not(Kind::File)) => {
                    return self.problems.push(
                        about(
                            Reading::NotPackFile,
                            shown,
                            format!("`{shown}` is a file, not a folder"),
                        )
                        .with_hint("`cards` and `scripts` are folders"),
                    );
                }
                Ok(Sub::Not(k)) => {
                    let kind = k.refused().unwrap_or("not a folder");
                    return self.problems.push(refused_kind(shown, kind));
                }
                Err(e) => return self.problems.push(cannot(e)),
            };
        }
        self.read_folder(&folder, shown, ext, 0);
    }

    /// Reads the open folder `dir` (shown as `shown`), `depth` folders below the top.
    pub(super) fn read_folder(&mut self, dir: &Folder, shown: &str, ext: &str, depth: usize) {
        let Some(entries) = self.list(dir, shown) else {
            return;
        };
        for (name, kind) in entries {
            if self.full {
                return;
            }
            let Some(text_name) = name.to_str() else {
                let child = format!("{shown}/{}", name.to_string_lossy());
                self.problems.push(
                    about(
                        Reading::NotPackFile,
                        &child,
                        format!("`{child}`: the name is not UTF-8"),
                    )
                    .with_hint("rename it with letters, digits, `_`, `-` and `.`"),
                );
                continue;
            };
            if text_name.starts_with('.') {
                continue;
            }
            let child = format!("{shown}/{text_name}");
            match kind {
                Kind::Folder => self.read_sub(dir, &name, (shown, &child), ext, depth),
                Kind::File if text_name.ends_with(ext) => self.read_file(dir, &name, &child),
                Kind::File => self.problems.push(not_of_the_folder(&child, ext)),
                k => self.problems.push(refused_kind(
                    &child,
                    k.refused().unwrap_or("not a regular file"),
                )),
            }
        }
    }

    /// The entries of the open folder `dir` (shown as `shown`) sorted by name, or `None` (reported)
    /// when it cannot be read or the walk holds too many entries.
    fn list(&mut self, dir: &Folder, shown: &str) -> Option<Vec<(OsString, Kind)>> {
        let listed = match dir.entries(MAX_ENTRIES.saturating_sub(self.entries)) {
            Err(e) => {
                self.problems.push(cannot_read(shown, e));
                return None;
            }
            Ok(l) => l,
        };
        let mut entries = Vec::with_capacity(listed.len());
        for e in listed {
            self.entries += 1;
            let Some(e) = e else {
                self.full = true;
                self.problems.push(
                    about(
                        Reading::TooMany,
                        shown,
                        format!(
                            "more than {MAX_ENTRIES} files and folders; `{shown}` was not read"
                        ),
                    )
                    .with_hint(format!(
                        "a pack's cards/ and scripts/ hold at most {MAX_ENTRIES} files and folders"
                    )),
                );
                return None;
            };
            entries.push(e);
        }
        entries.sort_by(|a, b| a.0.cmp(&b.0));
        Some(entries)
    }

    /// The folder `name` of the open folder `dir`, shown as `child` inside `shown`, read unless it
    /// is too deep. It is opened relative to `dir`, without following a link: a folder swapped for a
    /// link since it was listed is refused here.
    fn read_sub(
        &mut self,
        dir: &Folder,
        name: &OsStr,
        (shown, child): (&str, &str),
        ext: &str,
        depth: usize,
    ) {
        if depth + 1 > MAX_DEPTH {
            return self.problems.push(
                about(
                    Reading::TooMany,
                    child,
                    format!("`{child}` is more than {MAX_DEPTH} folders deep; not read"),
                )
                .with_hint(format!(
                    "folders in cards/ and scripts/ nest at most {MAX_DEPTH} deep"
                )),
            );
        }
        match dir.sub(name) {
            Ok(Sub::Opened(sub)) => self.read_folder(&sub, child, ext, depth + 1),
            Ok(Sub::Missing) => {
                let gone = std::io::Error::new(
                    std::io::ErrorKind::NotFound,
                    format!("`{child}` went away while it was read"),
                );
                self.problems.push(cannot_read(shown, gone))
            }
            Ok(Sub::Not(k)) => self
                .problems
                .push(refused_kind(child, k.refused().unwrap_or("not a folder"))),
            Err(e) => self.problems.push(cannot_read(shown, e)),
        }
    }

    fn read_file(&mut self, dir: &Folder, name: &OsStr, shown: &str) {
        let opened = dir.file(name).map_err(|e| {
            if e.kind() == std::io::ErrorKind::InvalidInput {
                // Swapped for a link since it was listed.
                refused_kind(shown, "a symbolic link")
            } else {
                about(
                    Reading::CannotRead,
                    shown,
                    format!("cannot read `{shown}`: {e}"),
                )
                .with_hint("check the path")
            }
        });
        match opened.and_then(|f| read_opened(f, shown, MAX_FILE_BYTES)) {
            Err(d) => self.problems.push(d),
            Ok(text) => {
                self.bytes += text.len() as u64;
                if self.bytes > MAX_PACK_BYTES {
                    self.full = true;
                    self.problems.push(
                        about(
                            Reading::TooLarge,
                            shown,
                            format!(
                                "the files read up to `{shown}` hold more than {} MiB; the rest was not read",
                                MAX_PACK_BYTES >> 20
                            ),
                        )
                        .with_hint(format!(
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

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::symlink;
    use std::path::PathBuf;

    /// A fresh temporary folder, removed when dropped.
    struct Tmp(PathBuf);

    impl Tmp {
        fn new(test: &str) -> Tmp {
            let p = std::env::temp_dir().join(format!("mythos-tree-{}-{test}", std::process::id()));
            let _ = std::fs::remove_dir_all(&p);
            std::fs::create_dir_all(&p).expect("a temporary folder");
            Tmp(p)
        }
        fn write(&self, rel: &str, text: &str) {
            let p = self.0.join(rel);
            std::fs::create_dir_all(p.parent().expect("a parent")).expect("folders");
            std::fs::write(p, text).expect("written");
        }
    }

    impl Drop for Tmp {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    fn codes(t: &Tree) -> Vec<(String, &'static str)> {
        t.problems
            .iter()
            .map(|d| (d.location().unwrap_or_default(), d.code()))
            .collect()
    }

    #[test]
    fn a_folder_swapped_for_a_link_after_it_was_listed_is_refused_not_followed() {
        // The race of a walk, made to happen: the folder is listed, then `a` becomes a link to a
        // folder outside the pack, then the walk opens `a`.
        let t = Tmp::new("swap");
        t.write("pack/cards/a/wisp.toml", "id = \"wisp\"\n");
        t.write("outside/secret.toml", "SECRET\n");
        let cards = Folder::open(&t.0.join("pack/cards")).expect("opened");
        let listed = cards.entries(10).expect("listed");
        assert_eq!(listed.len(), 1);
        assert!(matches!(&listed[0], Some((n, Kind::Folder)) if n == "a"));
        std::fs::rename(t.0.join("pack/cards/a"), t.0.join("pack/a_old")).expect("moved");
        symlink(t.0.join("outside"), t.0.join("pack/cards/a")).expect("linked");
        assert!(matches!(cards.sub("a".as_ref()), Ok(Sub::Not(Kind::Link))));
        // A file swapped for a link is refused the same way.
        t.write("pack/cards/b.toml", "id = \"b\"\n");
        std::fs::remove_file(t.0.join("pack/cards/b.toml")).expect("removed");
        symlink(
            t.0.join("outside/secret.toml"),
            t.0.join("pack/cards/b.toml"),
        )
        .expect("linked");
        let e = cards.file("b.toml".as_ref()).expect_err("refused");
        assert_eq!(e.kind(), std::io::ErrorKind::InvalidInput, "{e}");
    }

    #[test]
    fn a_walk_reads_the_folder_it_opened_not_whatever_is_at_its_path_later() {
        let t = Tmp::new("moved");
        t.write("pack/cards/sub/first.toml", "id = \"first\"\n");
        let cards = Folder::open(&t.0.join("pack/cards")).expect("opened");
        // The pack moves away and another takes its path before the walk.
        std::fs::rename(t.0.join("pack"), t.0.join("moved")).expect("moved");
        t.write("pack/cards/sub/other.toml", "id = \"other\"\n");
        let mut tree = Tree::default();
        tree.read_folder(&cards, "cards", ".toml", 0);
        assert_eq!(codes(&tree), Vec::new());
        let names: Vec<&str> = tree.files.iter().map(|(p, _)| p.as_str()).collect();
        assert_eq!(names, ["cards/sub/first.toml"]);
    }

    #[test]
    fn a_link_at_any_depth_is_refused_and_the_rest_is_read() {
        let t = Tmp::new("depths");
        t.write("outside/secret.toml", "SECRET\n");
        t.write("pack/cards/one.toml", "id = \"one\"\n");
        t.write("pack/cards/a/b/c/deep.toml", "id = \"deep\"\n");
        let outside = t.0.join("outside");
        symlink(&outside, t.0.join("pack/cards/link0")).expect("linked");
        symlink(&outside, t.0.join("pack/cards/a/link1")).expect("linked");
        symlink(&outside, t.0.join("pack/cards/a/b/link2")).expect("linked");
        symlink(&outside, t.0.join("pack/cards/a/b/c/link3")).expect("linked");
        symlink(
            t.0.join("outside/secret.toml"),
            t.0.join("pack/cards/a/b/c/file.toml"),
        )
        .expect("linked");
        let mut tree = Tree::default();
        tree.read_top(&t.0.join("pack"), &["cards"], "pack/cards", ".toml");
        let refused: Vec<(String, &str)> = codes(&tree);
        assert_eq!(
            refused,
            [
                ("pack/cards/a/b/c/file.toml:1:1".to_string(), "E0002"),
                ("pack/cards/a/b/c/link3:1:1".to_string(), "E0002"),
                ("pack/cards/a/b/link2:1:1".to_string(), "E0002"),
                ("pack/cards/a/link1:1:1".to_string(), "E0002"),
                ("pack/cards/link0:1:1".to_string(), "E0002"),
            ]
        );
        let names: Vec<&str> = tree.files.iter().map(|(p, _)| p.as_str()).collect();
        assert_eq!(names, ["pack/cards/a/b/c/deep.toml", "pack/cards/one.toml"]);
        assert!(tree.files.iter().all(|(_, text)| !text.contains("SECRET")));
        // The top folder itself, and a folder on the way to it, as links.
        let mut tree = Tree::default();
        std::fs::create_dir_all(t.0.join("base/cards")).expect("folders");
        symlink(t.0.join("pack/cards"), t.0.join("base/cards/eldritch")).expect("linked");
        symlink(t.0.join("pack/cards"), t.0.join("base/scripts")).expect("linked");
        tree.read_top(
            &t.0.join("base"),
            &["cards", "eldritch"],
            "cards/eldritch",
            ".toml",
        );
        tree.read_top(
            &t.0.join("base"),
            &["scripts", "eldritch"],
            "scripts/eldritch",
            ".rhai",
        );
        assert_eq!(
            codes(&tree),
            [
                ("cards/eldritch:1:1".to_string(), "E0002"),
                ("scripts/eldritch:1:1".to_string(), "E0002"),
            ]
        );
        assert!(tree.files.is_empty());
    }
}

/// E0001: the folder `shown` cannot be read.
fn cannot_read(shown: &str, e: std::io::Error) -> Diagnostic {
    about(
        Reading::CannotRead,
        shown,
        format!("cannot read `{shown}`: {e}"),
    )
    .with_hint("check the folder")
}

/// A file of a pack's `cards/` (`ext` `.toml`) or `scripts/` (`.rhai`) that is neither.
fn not_of_the_folder(child: &str, ext: &str) -> Diagnostic {
    let what = if ext == ".rhai" {
        "script (`.rhai`)"
    } else {
        "card file (`.toml`)"
    };
    about(
        Reading::NotPackFile,
        child,
        format!("`{child}` is not a {what}"),
    )
    .with_hint(
        "cards/ holds only .toml card files and scripts/ only .rhai scripts, in folders if you \
         like; keep other files elsewhere in the pack",
    )
}
