//! Where a Rhai position is in the file that holds the script, and where a function is defined (Rhai
//! keeps no position for a definition). Imports only `defs`; `check` and `hooks` both use it.

use crate::defs::ScriptSource;
use rhai::Position;

/// 1-based line and column of a Rhai position, mapped into the file that holds the script.
pub fn place(src: &ScriptSource, pos: Position) -> (usize, usize, std::ops::Range<usize>) {
    let (line, col, start) = src.locate(pos.line().unwrap_or(1), pos.position().unwrap_or(1));
    let end = src.file.text[start..]
        .find(['\r', '\n'])
        .map_or(src.file.text.len(), |n| start + n)
        .max(start);
    let end = if end > start { end } else { start };
    (line, col, start..end)
}

/// Where `fn name(` is defined in a script: Rhai keeps no position for a function definition, nor for
/// some errors (too many operations). The script's start if it is not found.
pub fn fn_position(code: &str, name: &str) -> Position {
    for (i, line) in code.lines().enumerate() {
        let trimmed = line.trim_start();
        let def = trimmed
            .strip_prefix("private ")
            .map_or(trimmed, str::trim_start);
        let is_def = def
            .strip_prefix("fn ")
            .and_then(|rest| rest.trim_start().strip_prefix(name))
            .is_some_and(|rest| rest.trim_start().starts_with('('));
        if is_def {
            let col = line.chars().count() - trimmed.chars().count() + 1;
            let to_u16 = |n: usize| u16::try_from(n).unwrap_or(u16::MAX);
            return Position::new(to_u16(i + 1), to_u16(col));
        }
    }
    Position::new(1, 1)
}
