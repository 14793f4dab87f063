//! A card written inline in a scenario (`possessions = [{ id = "x", ... }]`): parsed on its own with every
//! span still pointing into the scenario file.

use crate::defs::{Code, Diagnostic, RawCard, SourceFile, toml_diagnostic};
use std::ops::Range;

#[derive(serde::Deserialize)]
struct Holder {
    x: RawCard,
}

/// Parses the inline table at `span` of `file` as a card. Every byte outside the table becomes a space
/// (newlines stay), and `x=` goes just before it, so line, column and byte offsets are unchanged.
pub fn parse_inline_card(file: &SourceFile, span: Range<usize>) -> Result<RawCard, Diagnostic> {
    let text = file.text.as_bytes();
    let line_start = file.text[..span.start].rfind('\n').map_or(0, |n| n + 1);
    if span.start - line_start < 2 {
        return Err(Diagnostic::new(
            Code::WrongType,
            "an inline card must follow a key on its line",
        )
        .at(file, span.clone())
        .hint("write it as `card = { id = \"...\", ... }`"));
    }
    let mut out: Vec<u8> = text
        .iter()
        .enumerate()
        .map(|(i, b)| {
            if span.contains(&i) || *b == b'\n' {
                *b
            } else {
                b' '
            }
        })
        .collect();
    out[span.start - 2] = b'x';
    out[span.start - 1] = b'=';
    let masked = String::from_utf8(out).expect("only ASCII bytes were replaced");
    toml::from_str::<Holder>(&masked)
        .map(|h| h.x)
        .map_err(|e| toml_diagnostic(&e, file))
}
