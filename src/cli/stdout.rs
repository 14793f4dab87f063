//! Standard output, written so that a closed pipe ends the command quietly (`mythos odds FILE | head`):
//! `print!` would panic with "Broken pipe". May import nothing of mythos.

use std::io::{ErrorKind, Write};

/// The status a command ends with when its standard output is closed: 141, as a process killed by
/// SIGPIPE (128 + 13) shows in a shell.
pub(super) const CLOSED: i32 = 141;

/// Writes `args` to standard output and flushes it. When standard output is closed the command ends
/// at once with status [`CLOSED`] and no message; another write error ends it with status 2 and one
/// line on stderr.
pub(super) fn write(args: std::fmt::Arguments<'_>) {
    let mut out = std::io::stdout().lock();
    let Err(e) = out.write_fmt(args).and_then(|()| out.flush()) else {
        return;
    };
    if e.kind() == ErrorKind::BrokenPipe {
        std::process::exit(CLOSED);
    }
    let _ = writeln!(std::io::stderr(), "mythos: cannot write the output: {e}");
    std::process::exit(2);
}
