//! What a program that reads files from the disk for the library (the `mythos` command) says when it
//! cannot: the diagnostics of codes E0001 to E0007, built as the library builds its own, the text of
//! a file's bytes checked, and control characters made visible. May import `defs` and `kernel`.

use super::diagnostic::Diagnostic;
use crate::defs::{Code, SourceFile};
use std::borrow::Cow;

/// Why a file, a folder or an argument could not be read: the codes E0001 to E0007
/// (docs/diagnostic-codes.md), for [`Diagnostic::reading`].
///
/// ```
/// use mythos::{Diagnostic, Reading};
/// assert_eq!(Diagnostic::reading(Reading::TooLarge, "too big").code(), "E0003");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reading {
    /// E0001: a file or folder cannot be read.
    CannotRead,
    /// E0002: a symbolic link, FIFO, socket or device where a file or folder is read.
    NotRegularFile,
    /// E0003: a file, or a pack, larger than the limits.
    TooLarge,
    /// E0004: folders nested too deep, or too many entries.
    TooMany,
    /// E0005: a file that is not UTF-8 text.
    NotUtf8,
    /// E0006: a file of a pack's `cards/` or `scripts/` that is neither a card nor a script.
    NotPackFile,
    /// E0007: a command-line argument that cannot be read.
    BadArgument,
}

impl Reading {
    fn code(self) -> Code {
        match self {
            Reading::CannotRead => Code::CannotRead,
            Reading::NotRegularFile => Code::NotRegularFile,
            Reading::TooLarge => Code::TooLarge,
            Reading::TooMany => Code::TooMany,
            Reading::NotUtf8 => Code::NotUtf8,
            Reading::NotPackFile => Code::NotPackFile,
            Reading::BadArgument => Code::BadArgument,
        }
    }
}

impl Diagnostic {
    /// A diagnostic of why something could not be read, with `message` and no place yet
    /// ([`Diagnostic::about_file`] gives it one).
    ///
    /// ```
    /// use mythos::{Diagnostic, Reading};
    /// let d = Diagnostic::reading(Reading::CannotRead, "cannot read `x`: no such folder")
    ///     .with_hint("check the path");
    /// assert_eq!((d.code(), d.file(), d.hint()), ("E0001", None, Some("check the path")));
    /// ```
    pub fn reading(why: Reading, message: impl Into<String>) -> Diagnostic {
        Diagnostic::from(crate::defs::Diagnostic::new(why.code(), message))
    }

    /// The same diagnostic about the file `path` as a whole: it points at line 1, column 1 and
    /// carries no text of the file (a refused file's content never reaches the output).
    ///
    /// ```
    /// use mythos::{Diagnostic, Reading};
    /// let d = Diagnostic::reading(Reading::NotRegularFile, "`a.toml` is a FIFO").about_file("a.toml");
    /// assert_eq!(d.location().as_deref(), Some("a.toml:1:1"));
    /// ```
    pub fn about_file(self, path: &str) -> Diagnostic {
        Diagnostic::from((*self.0).at(&SourceFile::new(path, ""), 0..0))
    }

    /// The same diagnostic with `hint`, what to do about it.
    ///
    /// ```
    /// use mythos::{Diagnostic, Reading};
    /// let d = Diagnostic::reading(Reading::TooMany, "too deep").with_hint("check a smaller folder");
    /// assert_eq!(d.hint(), Some("check a smaller folder"));
    /// ```
    pub fn with_hint(self, hint: impl Into<String>) -> Diagnostic {
        Diagnostic::from((*self.0).hint(hint))
    }
}

/// The text of a file's `bytes`, read from `path` (as diagnostics show it): a leading UTF-8 BOM
/// dropped; E0005 at the first byte that is not UTF-8 (the text before it is the only text shown, with
/// U+FFFD in the bad byte's place).
///
/// ```
/// assert_eq!(mythos::decode_text("a.rhai", b"\xEF\xBB\xBFfn x() {}".to_vec()).unwrap(), "fn x() {}");
/// let d = mythos::decode_text("a.toml", b"id = \"a\"\nname = \"\xFF\"".to_vec()).unwrap_err();
/// assert_eq!((d.code(), d.location().as_deref()), ("E0005", Some("a.toml:2:9")));
/// ```
pub fn decode_text(path: &str, mut bytes: Vec<u8>) -> Result<String, Diagnostic> {
    if bytes.starts_with(b"\xEF\xBB\xBF") {
        bytes.drain(..3);
    }
    String::from_utf8(bytes).map_err(|e| {
        let good = e.utf8_error().valid_up_to();
        // The text before the bad byte, and U+FFFD standing in for it, for the caret to point at.
        let mut prefix = String::from_utf8_lossy(&e.as_bytes()[..good]).into_owned();
        prefix.push(char::REPLACEMENT_CHARACTER);
        let file = SourceFile::new(path, prefix);
        let (line, col) = file.line_col(good);
        Diagnostic::from(
            crate::defs::Diagnostic::new(
                Code::NotUtf8,
                format!("`{path}` is not UTF-8 text (line {line}, column {col})"),
            )
            .at(&file, good..good + char::REPLACEMENT_CHARACTER.len_utf8())
            .label("the first byte that is not UTF-8")
            .hint("save the file as UTF-8"),
        )
    })
}

/// `text` with every control character (ESC, a line break, …) shown as its escape, as mythos shows
/// a file name or a card's words; borrowed when there is none.
///
/// ```
/// assert_eq!(mythos::visible("a\u{1b}[31mb"), "a\\u{1b}[31mb");
/// assert_eq!(mythos::visible("plain"), "plain");
/// ```
pub fn visible(text: &str) -> Cow<'_, str> {
    crate::kernel::visible(text)
}
