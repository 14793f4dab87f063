//! TOML text → a value of the file's shape, with diagnostics: the toml crate's error read once into a
//! typed `TomlFault` beside its diagnostic, and every key problem of a file, not just the first (serde
//! stops at the first unknown key or wrong type, so the line that holds it is blanked, byte offsets
//! kept, and the file parsed again). Imports `toml` and `serde`, never `kernel`.

use super::{Code, Diagnostic, SourceFile};

use crate::limits::PROBLEMS_PER_FILE as MOST;

/// What a TOML error is, as a value: read once from the toml crate's error, where its diagnostic is
/// built, so that nothing downstream reads a message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum TomlFault {
    /// Not TOML (E0101).
    Syntax,
    /// `key` is not a key here (E0102); `suggested` is the closest valid key, if one is near.
    UnknownKey {
        key: String,
        suggested: Option<String>,
    },
    /// A value of the wrong type or out of its set (E0103).
    WrongType,
    /// `key` is required and absent (E0104).
    MissingKey { key: String },
}

fn parse_typed<T: serde::de::DeserializeOwned>(
    file: &SourceFile,
) -> Result<T, (Diagnostic, TomlFault)> {
    toml::from_str::<T>(&file.text).map_err(|e| toml_fault(&e, file))
}

/// The diagnostic of a toml crate error about `file`.
pub fn toml_diagnostic(e: &toml::de::Error, file: &SourceFile) -> Diagnostic {
    toml_fault(e, file).0
}

/// The diagnostic of a toml crate error, and what kind of error it is. The toml crate reports serde's
/// errors only as text: this is the one place that reads it.
fn toml_fault(e: &toml::de::Error, file: &SourceFile) -> (Diagnostic, TomlFault) {
    let msg = e.message().trim().to_string();
    let span = e.span().unwrap_or(0..0);
    if let Some(rest) = msg.strip_prefix("unknown field `") {
        let key = rest.split('`').next().unwrap_or("");
        let expected: Vec<&str> = msg
            .split("expected ")
            .nth(1)
            .map(|l| {
                l.split('`')
                    .enumerate()
                    .filter(|(i, _)| i % 2 == 1)
                    .map(|(_, s)| s)
                    .collect()
            })
            .unwrap_or_default();
        let suggested = super::closest(key, expected.iter().copied())
            .first()
            .map(|s| s.to_string());
        let hint = match &suggested {
            Some(best) => format!("did you mean `{best}`?"),
            None if !expected.is_empty() => format!("valid keys here: {}", expected.join(", ")),
            None => "remove it".to_string(),
        };
        let d = Diagnostic::new(Code::UnknownKey, format!("unknown key `{key}`"))
            .at(file, span)
            .label("not a key here")
            .hint(hint);
        let key = key.to_string();
        return (d, TomlFault::UnknownKey { key, suggested });
    }
    if let Some(rest) = msg.strip_prefix("missing field `") {
        let key = rest.split('`').next().unwrap_or("");
        let d = Diagnostic::new(Code::MissingKey, format!("missing key `{key}`"))
            .at(file, span)
            .hint(format!("add `{key} = ...`"));
        let key = key.to_string();
        return (d, TomlFault::MissingKey { key });
    }
    if msg.starts_with("invalid type")
        || msg.starts_with("unknown variant")
        || msg.starts_with("invalid value")
    {
        let hint = match msg.split("expected ").nth(1) {
            Some(exp) => format!("expected {}", plain_type(exp)),
            None => "check the value's type".to_string(),
        };
        let first = msg.split(", expected").next().unwrap_or(&msg).to_string();
        let d = Diagnostic::new(Code::WrongType, first)
            .at(file, span)
            .hint(hint);
        return (d, TomlFault::WrongType);
    }
    let d = Diagnostic::new(Code::TomlSyntax, format!("TOML syntax: {msg}"))
        .at(file, span)
        .hint("see https://toml.io for the syntax");
    (d, TomlFault::Syntax)
}

/// serde's Rust type names in words a modder reads: `i32` → `an integer`.
fn plain_type(expected: &str) -> String {
    match expected.trim() {
        "i8" | "i16" | "i32" | "i64" | "u8" | "u16" | "u32" | "u64" | "usize" => {
            "an integer".to_string()
        }
        "a boolean" | "bool" => "`true` or `false`".to_string(),
        other => other.to_string(),
    }
}

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

/// Parses `file` as `T`. On an unknown key (E0102) or a wrong type (E0103) on a line of its own, that
/// line is blanked and the file parsed again, so that every such problem is reported at once. A
/// missing key that was only blanked out, or that a reported unknown key misspells, is not reported, and
/// a problem that the blanking itself caused (a syntax error) stops the search.
pub fn parse_toml_all<T: serde::de::DeserializeOwned>(
    file: &SourceFile,
) -> Result<T, Vec<Diagnostic>> {
    let first = match parse_typed::<T>(file) {
        Ok(v) => return Ok(v),
        Err(problem) => problem,
    };
    let mut found = vec![first];
    let mut text = file.text.to_string();
    let mut blanked: Vec<String> = Vec::new();
    while found.len() < MOST {
        let (last, fault) = found.last().expect("one problem at least");
        if !matches!(fault, TomlFault::UnknownKey { .. } | TomlFault::WrongType) {
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
        match parse_typed::<T>(&retry) {
            Ok(_) | Err((_, TomlFault::Syntax)) => break,
            // A key blanked out, or the key an unknown one misspells, is not also missing.
            Err((_, TomlFault::MissingKey { key }))
                if blanked.contains(&key) || misspelt(&key, &found) =>
            {
                break;
            }
            Err((mut d, fault)) => {
                // Point into the file as written, not the blanked copy.
                d.file = Some(file.clone());
                found.push((d, fault));
            }
        }
    }
    let mut found: Vec<Diagnostic> = found.into_iter().map(|(d, _)| d).collect();
    found.sort_by_key(|d| d.span.start);
    Err(found)
}

/// Whether an unknown key already reported suggests `key`: then `key` is missing only because it was
/// misspelt.
fn misspelt(key: &str, found: &[(Diagnostic, TomlFault)]) -> bool {
    found
        .iter()
        .any(|(_, f)| matches!(f, TomlFault::UnknownKey { suggested: Some(s), .. } if s == key))
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

    fn codes(text: &str) -> Vec<(Code, String)> {
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
                (Code::UnknownKey, "t.toml:2:1".to_string()),
                (Code::WrongType, "t.toml:3:5".to_string()),
                (Code::UnknownKey, "t.toml:4:1".to_string()),
            ]
        );
    }

    #[test]
    fn a_required_key_of_the_wrong_type_is_not_also_missing() {
        assert_eq!(
            codes("id = 5\n"),
            [(Code::WrongType, "t.toml:1:6".to_string())]
        );
    }

    #[test]
    fn a_misspelt_required_key_is_reported_once_as_unknown() {
        // `idd` is unknown and the closest valid key is `id`, so `id` is not also reported missing.
        assert_eq!(
            codes("idd = \"a\"\n"),
            [(Code::UnknownKey, "t.toml:1:1".to_string())]
        );
    }

    #[test]
    fn the_fault_of_an_unknown_key_names_the_key_and_its_suggestion() {
        let file = SourceFile::new("t.toml", "id = \"a\"\nnn = 1\n");
        let (d, fault) = parse_typed::<T>(&file).expect_err("an unknown key");
        assert_eq!(d.code, Code::UnknownKey);
        assert_eq!(
            fault,
            TomlFault::UnknownKey {
                key: "nn".into(),
                suggested: Some("n".into())
            }
        );
    }
}
