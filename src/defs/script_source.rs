//! A card's Rhai source and where each of its characters sits in the file that holds it: a `.rhai` file
//! as a whole, or a `script` string inside a TOML file (escapes, CRLF and multi-byte characters
//! included). Imports only `defs`' own diagnostics, never `rhai`.

use super::{Code, Diagnostic, SourceFile};
use std::ops::Range;

pub use crate::limits::{MOST_SCRIPT_COLUMNS, MOST_SCRIPT_LINES};

#[derive(Debug, Clone)]
pub struct ScriptSource {
    pub card: String,
    pub file: SourceFile,
    pub code: String,
    /// The byte offset in `file` of each character of `code`, then of its end; empty when `code` is
    /// the whole of `file`.
    origin: Vec<usize>,
}

impl ScriptSource {
    /// A script that is a whole file (a `.rhai` of a pack).
    pub fn whole(card: impl Into<String>, file: SourceFile) -> ScriptSource {
        ScriptSource {
            card: card.into(),
            code: file.text.to_string(),
            file,
            origin: Vec::new(),
        }
    }

    /// A script written as the TOML string at `span` of `file` (quotes included), whose value is
    /// `code`. Each character is traced back through the string's escapes; should the trace not give
    /// `code` back, every character is placed at the string's start, never elsewhere.
    pub fn embedded(
        card: impl Into<String>,
        file: SourceFile,
        span: Range<usize>,
        code: String,
    ) -> ScriptSource {
        let origin = trace(&file.text, span.clone(), &code)
            .unwrap_or_else(|| vec![span.start; code.chars().count() + 1]);
        ScriptSource {
            card: card.into(),
            file,
            code,
            origin,
        }
    }

    /// The byte offset in the file of a script position: a 1-based line and column (in characters)
    /// of the script, as Rhai gives them. A column past its line's end is the line's end.
    pub fn offset(&self, line: usize, col: usize) -> usize {
        let mut at = 0; // characters before the script line
        let mut byte = 0;
        for (i, l) in self.code.split_inclusive('\n').enumerate() {
            if i + 1 == line.max(1) {
                let width = l.strip_suffix('\n').unwrap_or(l).chars().count();
                let k = col.max(1).min(width + 1) - 1;
                let in_line: usize = l.chars().take(k).map(char::len_utf8).sum();
                return self.char_offset(at + k, byte + in_line);
            }
            at += l.chars().count();
            byte += l.len();
        }
        self.char_offset(at, byte)
    }

    /// The file offset of the script's character `k`, which starts at byte `byte` of `code`.
    fn char_offset(&self, k: usize, byte: usize) -> usize {
        if self.origin.is_empty() {
            byte
        } else {
            self.origin[k.min(self.origin.len() - 1)]
        }
    }

    /// The 1-based file line and column (in characters) and the byte offset of a script position.
    pub fn locate(&self, line: usize, col: usize) -> (usize, usize, usize) {
        let offset = self.offset(line, col);
        let (line, col) = self.file.line_col(offset);
        (line, col, offset)
    }

    /// E0409 when the script has more lines, or a line of more characters, than Rhai can count.
    pub fn too_long(&self) -> Option<Diagnostic> {
        let lines = self.code.split('\n').count();
        let widest = self.code.split('\n').map(|l| l.chars().count()).max();
        if lines <= MOST_SCRIPT_LINES && widest.unwrap_or(0) <= MOST_SCRIPT_COLUMNS {
            return None;
        }
        let start = self.offset(1, 1);
        Some(
            Diagnostic::new(
                Code::ScriptTooLong,
                format!(
                    "the script of `{}` has {lines} lines, the widest of {} characters",
                    self.card,
                    widest.unwrap_or(0)
                ),
            )
            .at(&self.file, start..start)
            .hint(format!(
                "a script has at most {MOST_SCRIPT_LINES} lines of at most {MOST_SCRIPT_COLUMNS} characters: Rhai could not say where a problem is past that"
            )),
        )
    }
}

/// The file offset of each character of the TOML string at `span` of `text` (and of its end), if
/// decoding the string by TOML's rules gives `code`.
fn trace(text: &str, span: Range<usize>, code: &str) -> Option<Vec<usize>> {
    let raw = text.get(span.clone())?;
    let (quote, literal) = ["\"\"\"", "'''", "\"", "'"]
        .into_iter()
        .find(|q| raw.starts_with(q))
        .map(|q| (q.len(), q.starts_with('\'')))?;
    let body_end = span.end.checked_sub(quote)?;
    let mut i = span.start + quote;
    // A newline right after the opening `"""` or `'''` is not part of the string.
    if quote == 3 {
        if text[i..].starts_with("\r\n") {
            i += 2;
        } else if text[i..].starts_with('\n') {
            i += 1;
        }
    }
    let mut decoded = String::with_capacity(code.len());
    let mut origin = Vec::with_capacity(code.len() + 1);
    while i < body_end {
        let c = text[i..].chars().next()?;
        if literal || c != '\\' {
            decoded.push(c);
            origin.push(i);
            i += c.len_utf8();
            continue;
        }
        let next = text[i + 1..].chars().next()?;
        let simple = match next {
            'b' => Some('\u{8}'),
            't' => Some('\t'),
            'n' => Some('\n'),
            'f' => Some('\u{c}'),
            'r' => Some('\r'),
            'e' => Some('\u{1b}'),
            '"' => Some('"'),
            '\\' => Some('\\'),
            _ => None,
        };
        if let Some(s) = simple {
            decoded.push(s);
            origin.push(i);
            i += 2;
            continue;
        }
        let digits = match next {
            'x' => 2,
            'u' => 4,
            'U' => 8,
            _ => 0,
        };
        if digits > 0 {
            let hex = text.get(i + 2..i + 2 + digits)?;
            decoded.push(char::from_u32(u32::from_str_radix(hex, 16).ok()?)?);
            origin.push(i);
            i += 2 + digits;
            continue;
        }
        // A line-ending backslash: it and every space, tab and newline after it are dropped.
        let rest = &text[i + 1..body_end];
        let skipped = rest.len() - rest.trim_start_matches([' ', '\t', '\r', '\n']).len();
        if skipped == 0 {
            return None;
        }
        i += 1 + skipped;
    }
    origin.push(body_end);
    (decoded == code).then_some(origin)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The file `line:col` of the character of the script at script `line:col`.
    fn at(text: &str, line: usize, col: usize) -> (usize, usize) {
        #[derive(serde::Deserialize)]
        struct S {
            script: toml::Spanned<String>,
        }
        let s: S = toml::from_str(text).expect("TOML");
        let span = s.script.span();
        let src = ScriptSource::embedded(
            "c",
            SourceFile::new("f.toml", text),
            span,
            s.script.into_inner(),
        );
        let (l, c, _) = src.locate(line, col);
        (l, c)
    }

    #[test]
    fn a_basic_string_s_escaped_newlines_stay_on_the_file_s_line() {
        // Script line 2, column 3 is the `y` after `\n  `, on file line 2.
        let text = "a = 1\nscript = \"x\\n  y\"\n";
        assert_eq!(at(text, 2, 3), (2, 16));
    }

    #[test]
    fn an_escaped_quote_counts_as_the_characters_written() {
        // `"\"q\" z"`: the script's `z` is the file's 17th character.
        let text = "script = \"\\\"q\\\" z\"\n";
        assert_eq!(at(text, 1, 5), (1, 17));
    }

    #[test]
    fn a_multi_line_string_with_crlf_starts_on_the_line_after_its_quotes() {
        let text = "script = \"\"\"\r\nab\r\ncd\r\n\"\"\"\r\n";
        assert_eq!(at(text, 2, 2), (3, 2));
    }

    #[test]
    fn multi_byte_characters_count_as_one_column() {
        let text = "script = 'é€ x'\n";
        assert_eq!(at(text, 1, 4), (1, 14));
    }

    #[test]
    fn a_line_ending_backslash_joins_lines_in_the_file_not_in_the_script() {
        // `"""a \<newline>   b"""` is `a b`: its `b` is on file line 2, column 4.
        let text = "script = \"\"\"a \\\n   b\"\"\"\n";
        assert_eq!(at(text, 1, 3), (2, 4));
    }

    #[test]
    fn a_script_wider_than_rhai_counts_is_refused() {
        let wide = format!("let x = \"{}\";", "a".repeat(MOST_SCRIPT_COLUMNS));
        let src = ScriptSource::whole("c", SourceFile::new("c.rhai", wide));
        let d = src.too_long().expect("refused");
        assert_eq!(d.code, Code::ScriptTooLong);
        let fits = ScriptSource::whole("c", SourceFile::new("c.rhai", "let x = 1;\n"));
        assert!(fits.too_long().is_none());
    }
}
