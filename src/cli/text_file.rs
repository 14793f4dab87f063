//! One text file read at the trust boundary: a regular file only (never through a symbolic link, never a
//! FIFO, socket or device), opened without blocking, read through a size cap, its UTF-8 checked and a
//! leading BOM dropped. The limits on what mythos reads are rows of `mythos::limits`. Goes over the public API only.

use mythos::{Diagnostic, Reading};
use std::fs::{File, Metadata};
use std::io::Read;
use std::path::Path;

pub(super) use mythos::limits::{
    MAX_DEPTH, MAX_ENTRIES, MAX_FILE_BYTES, MAX_PACK_BYTES, SHOWN_DIAGNOSTICS as MAX_SHOWN,
};

/// A diagnostic about the file at `shown` as a whole: it points at line 1, column 1 and carries no text
/// of the file (a refused file's content never reaches the output).
pub(super) fn about(why: Reading, shown: &str, message: String) -> Diagnostic {
    Diagnostic::reading(why, message).about_file(shown)
}

/// What a path is, when it is not a regular file or folder: a symbolic link, a FIFO, a socket, a device.
pub(super) fn odd_kind(meta: &Metadata) -> Option<&'static str> {
    let t = meta.file_type();
    if t.is_symlink() {
        return Some("a symbolic link");
    }
    if t.is_file() || t.is_dir() {
        return None;
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return Some("a FIFO");
        }
        if t.is_socket() {
            return Some("a socket");
        }
        if t.is_char_device() || t.is_block_device() {
            return Some("a device");
        }
    }
    Some("not a regular file")
}

/// E0002: a path that is a symbolic link, FIFO, socket or device; never opened.
pub(super) fn refused_kind(shown: &str, kind: &str) -> Diagnostic {
    about(
        Reading::NotRegularFile,
        shown,
        format!("`{shown}` is {kind}; mythos reads only regular files"),
    )
    .with_hint(
        "links are followed only in a path typed on the command line; copy the file or folder here \
         instead of linking to it",
    )
}

fn too_large(shown: &str, cap: u64) -> Diagnostic {
    about(
        Reading::TooLarge,
        shown,
        format!("`{shown}` is larger than {} KiB", cap >> 10),
    )
    .with_hint("a card, script, manifest or scenario file holds at most 1 MiB")
}

/// Opens `path` for reading without following a link and without waiting on a FIFO or device.
fn open(path: &Path) -> std::io::Result<File> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK);
    }
    options.open(path)
}

/// The text of `bytes` read from `shown` (`mythos::decode_text`: a BOM dropped, E0005 at the first
/// byte that is not UTF-8).
pub(super) fn decode(shown: &str, bytes: Vec<u8>) -> Result<String, Diagnostic> {
    mythos::decode_text(shown, bytes)
}

/// E0001 for `shown`, with what the system said.
pub(super) fn cannot_read(shown: &str) -> impl Fn(std::io::Error) -> Diagnostic + Copy + '_ {
    move |e| {
        about(
            Reading::CannotRead,
            shown,
            format!("cannot read `{shown}`: {e}"),
        )
        .with_hint("check the path")
    }
}

/// Reads the regular file at `path` (named `shown` in diagnostics) as text of at most `cap` bytes.
/// A symbolic link, FIFO, socket or device is refused without being opened (E0002), a larger file is
/// refused (E0003), a file that is not UTF-8 is E0005; nothing of a refused file is shown.
pub(super) fn read_text(path: &Path, shown: &str, cap: u64) -> Result<String, Diagnostic> {
    let cannot = cannot_read(shown);
    let meta = std::fs::symlink_metadata(path).map_err(cannot)?;
    if meta.is_dir() {
        return Err(about(
            Reading::CannotRead,
            shown,
            format!("`{shown}` is a folder, not a file"),
        )
        .with_hint("name a file"));
    }
    if let Some(kind) = odd_kind(&meta) {
        return Err(refused_kind(shown, kind));
    }
    if meta.len() > cap {
        return Err(too_large(shown, cap));
    }
    read_opened(open(path).map_err(cannot)?, shown, cap)
}

/// Reads the file `file`, opened as `shown`, as text of at most `cap` bytes: the file may have been
/// swapped since it was looked at, so what was opened is checked (a regular file, at most `cap`).
pub(super) fn read_opened(file: File, shown: &str, cap: u64) -> Result<String, Diagnostic> {
    let cannot = cannot_read(shown);
    let opened = file.metadata().map_err(cannot)?;
    if !opened.is_file() {
        return Err(refused_kind(shown, odd_kind(&opened).unwrap_or("a folder")));
    }
    if opened.len() > cap {
        return Err(too_large(shown, cap));
    }
    let mut bytes = Vec::new();
    file.take(cap + 1).read_to_end(&mut bytes).map_err(cannot)?;
    if bytes.len() as u64 > cap {
        return Err(too_large(shown, cap));
    }
    decode(shown, bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bom_is_dropped() {
        let text = decode("a.rhai", b"\xEF\xBB\xBFfn x() {}".to_vec()).expect("UTF-8");
        assert_eq!(text, "fn x() {}");
    }

    #[test]
    fn bytes_that_are_not_utf8_are_e0005_at_their_line_and_column() {
        let d = decode("a.toml", b"id = \"a\"\nname = \"\xFF\"".to_vec()).expect_err("not UTF-8");
        assert_eq!(d.code(), "E0005");
        assert_eq!(d.location().as_deref(), Some("a.toml:2:9"));
    }
}
