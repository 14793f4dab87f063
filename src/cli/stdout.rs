//! Standard output, written so that a closed pipe ends the command quietly (`mythos odds FILE | head`):
//! `print!` would panic with "Broken pipe". May import nothing of mythos.

use std::io::{ErrorKind, Write};

/// The status a command ends with when its standard output is closed: 141, as a process killed by
/// SIGPIPE (128 + 13) shows in a shell.
pub(super) const CLOSED: i32 = 141;

/// Writes `args` to standard output and flushes it. When standard output is closed the command ends
/// at once with status [`CLOSED`] and no message; another write error ends it with status 2 and one
/// line on stderr.
///
/// Every control character but a line break is written as its escape (`\u{1b}`): whatever text of a
/// file, pack, script or user a line quotes, nothing written here can move the cursor, set a colour
/// or a title (mythos writes no escape sequence of its own to standard output).
pub(super) fn write(args: std::fmt::Arguments<'_>) {
    let text = match args.as_str() {
        Some(s) => std::borrow::Cow::Borrowed(s),
        None => std::borrow::Cow::Owned(args.to_string()),
    };
    let text = shown(&text);
    let mut out = std::io::stdout().lock();
    let Err(e) = out.write_all(text.as_bytes()).and_then(|()| out.flush()) else {
        return;
    };
    if e.kind() == ErrorKind::BrokenPipe {
        std::process::exit(CLOSED);
    }
    let _ = writeln!(std::io::stderr(), "mythos: cannot write the output: {e}");
    std::process::exit(2);
}

/// `text` with every control character but `\n` as its escape.
pub(super) fn shown(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(|c| c.is_control() && c != '\n') {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if c.is_control() && c != '\n' {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    /// No control character but a line break reaches standard output.
    #[test]
    fn control_characters_are_written_as_escapes() {
        assert_eq!(super::shown("a\u{1b}[2Jb\u{7}\n"), "a\\u{1b}[2Jb\\u{7}\n");
        assert_eq!(super::shown("plain\n"), "plain\n");
    }
}
