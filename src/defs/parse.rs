//! Every key problem of one TOML file, not just the first: serde stops at the first unknown key or wrong
//! type, so the line that holds it is blanked (byte offsets kept) and the file parsed again.

use super::card::parse_toml;
use super::{Diagnostic, SourceFile};

/// At most this many problems are collected from one file.
const MOST: usize = 20;

/// The key at the start of the line holding byte `at`, if the line starts with `key =`.
fn line_key(text: &str, at: usize) -> Option<(usize, String)> {
    let start = text[..at.min(text.len())].rfind('\n').map_or(0, |n| n + 1);
    let line = &text[start..];
    let (key, _) = line.split_once('=')?;
    let key = key.trim();
    let bare = !key.is_empty()
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-' || c == '"');
    bare.then(|| (start, key.trim_matches('"').to_string()))
}

fn was_blanked(d: &Diagnostic, blanked: &[String]) -> bool {
    blanked
        .iter()
        .any(|k| d.message == format!("missing key `{k}`"))
}

fn misspelt(d: &Diagnostic, found: &[Diagnostic]) -> bool {
    let Some(key) = d.message.strip_prefix("missing key ") else {
        return false;
    };
    let hint = format!("did you mean {key}?");
    found
        .iter()
        .any(|f| f.hint.as_deref() == Some(hint.as_str()))
}

/// Parses `file` as `T`. On an unknown key (E0102) or a wrong type (E0103) on a line of its own, that
/// line is blanked and the file parsed again, so that every such problem is reported at once. A
/// missing key that was only blanked out, or that a reported unknown key misspells, is not reported, and
/// a problem that the blanking itself caused (a syntax error) stops the search.
pub fn parse_toml_all<T: serde::de::DeserializeOwned>(
    file: &SourceFile,
) -> Result<T, Vec<Diagnostic>> {
    let first = match parse_toml::<T>(file) {
        Ok(v) => return Ok(v),
        Err(d) => d,
    };
    let mut found = vec![first];
    let mut text = file.text.to_string();
    let mut blanked: Vec<String> = Vec::new();
    while found.len() < MOST {
        let last = found.last().expect("one problem at least");
        if !matches!(last.code, "E0102" | "E0103") {
            break;
        }
        let Some((start, key)) = line_key(&text, last.span.start) else {
            break;
        };
        // Blank from the line's start through the end of the problem's line (multi-line values too).
        let end = text[last.span.end.min(text.len())..]
            .find('\n')
            .map_or(text.len(), |n| last.span.end + n);
        let masked: String = text[start..end]
            .chars()
            .map(|c| if c == '\n' { '\n' } else { ' ' })
            .collect();
        text.replace_range(start..end, &masked);
        blanked.push(key);
        let retry = SourceFile::new(file.path.clone(), text.as_str());
        match parse_toml::<T>(&retry) {
            Ok(_) => break,
            Err(d) if d.code == "E0101" => break,
            // A key blanked out, or the key an unknown one misspells, is not also missing.
            Err(d) if d.code == "E0104" && (was_blanked(&d, &blanked) || misspelt(&d, &found)) => {
                break;
            }
            Err(mut d) => {
                // Point into the file as written, not the blanked copy.
                d.file = Some(file.clone());
                found.push(d);
            }
        }
    }
    found.sort_by_key(|d| d.span.start);
    Err(found)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct T {
        id: String,
        n: Option<i32>,
        m: Option<i32>,
    }

    fn codes(text: &str) -> Vec<(&'static str, String)> {
        let file = SourceFile::new("t.toml", text);
        parse_toml_all::<T>(&file)
            .expect_err("problems")
            .iter()
            .map(|d| (d.code, d.location().unwrap_or_default()))
            .collect()
    }

    #[test]
    fn every_unknown_key_and_wrong_type_is_reported() {
        let got = codes("id = \"a\"\nnn = 1\nn = \"x\"\nmm = 2\n");
        assert_eq!(
            got,
            [
                ("E0102", "t.toml:2:1".to_string()),
                ("E0103", "t.toml:3:5".to_string()),
                ("E0102", "t.toml:4:1".to_string()),
            ]
        );
    }

    #[test]
    fn a_required_key_of_the_wrong_type_is_not_also_missing() {
        assert_eq!(codes("id = 5\n"), [("E0103", "t.toml:1:6".to_string())]);
    }
}
