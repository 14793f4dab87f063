//! Paths as diagnostics and transcripts show them: forward slashes, no trailing slash, `..` folded
//! lexically. Pure string work: no file is touched here.

use std::path::{Component, Path, PathBuf};

/// A path as diagnostics show it: forward slashes, no trailing slash, control characters (a file
/// name may hold ESC or a line break) shown as escapes.
pub(super) fn shown(path: &Path) -> String {
    let s = mythos::visible(&path.display().to_string().replace('\\', "/")).into_owned();
    match s.trim_end_matches('/') {
        "" => s,
        t => t.to_string(),
    }
}

/// `a/scenarios/..` → `a`, lexically, so that diagnostics and transcripts show short paths.
pub(super) fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir
                if matches!(out.components().next_back(), Some(Component::Normal(_))) =>
            {
                out.pop();
            }
            other => out.push(other),
        }
    }
    if out.as_os_str().is_empty() {
        out.push(".");
    }
    out
}
