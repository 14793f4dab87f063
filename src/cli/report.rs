//! Diagnostics printed on stderr, in colour when it is a terminal (and `NO_COLOR` is not set).

use super::text_file::MAX_SHOWN;
use mythos::{Diagnostic, render};
use std::io::IsTerminal;

pub(super) fn color() -> bool {
    std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none()
}

/// Prints diagnostics on stderr: the first [`MAX_SHOWN`], then how many more there are.
pub(super) fn print_diagnostics(ds: &[Diagnostic]) {
    let shown = ds.len().min(MAX_SHOWN);
    eprintln!("{}", render(&ds[..shown], color()));
    if ds.len() > shown {
        eprintln!(
            "… and {} more problems, not shown (fix these first)",
            ds.len() - shown
        );
    }
}
