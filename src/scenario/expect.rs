//! `[expect]` lines: paths into the result object and the values they must equal; mythos's additions
//! to the contract: `PATH.len` (the number of entries of a list), `absent = [PATHS]` (no such entry)
//! and `refused = "CODE"` (the scenario must be refused with that diagnostic code).

use super::Played;
use crate::defs::{Code, Diagnostic, SourceFile};
use serde::Deserialize;
use serde_json::Value;
use toml::Spanned;

/// The `[expect]` key that lists paths that must not exist in the result.
pub const ABSENT: &str = "absent";
/// The `[expect]` key that names the code the scenario must be refused with.
pub const REFUSED: &str = "refused";
/// The last segment of a path that reads the number of entries of the list before it.
const LEN: &str = "len";

/// One expectation that did not hold.
#[derive(Debug, Clone, PartialEq)]
pub struct Miss {
    pub path: String,
    pub expected: String,
    pub got: String,
    /// `file:line` of the expectation.
    pub location: String,
}

impl std::fmt::Display for Miss {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}: {}: expected {}, got {}",
            self.location, self.path, self.expected, self.got
        )
    }
}

/// The value at `path`; a last segment `len` after a list is its number of entries.
fn lookup(v: &Value, path: &str) -> Option<Value> {
    let (head, last) = match path.rsplit_once('.') {
        Some((head, last)) => (Some(head), last),
        None => (None, path),
    };
    let step = |v: &Value, part: &str| match v {
        Value::Object(m) => m.get(part).cloned(),
        Value::Array(a) => part.parse::<usize>().ok().and_then(|i| a.get(i).cloned()),
        _ => None,
    };
    let parent = match head {
        Some(h) => h.split('.').try_fold(v.clone(), |v, part| step(&v, part))?,
        None => v.clone(),
    };
    match (&parent, last) {
        (Value::Array(a), LEN) => Some(Value::from(a.len())),
        _ => step(&parent, last),
    }
}

/// Every path of `v` that an `[expect]` line can name (`tests.0.faces`, `tests.len`), in order.
fn paths(v: &Value, prefix: &str, out: &mut Vec<String>) {
    let join = |k: &str| {
        if prefix.is_empty() {
            k.to_string()
        } else {
            format!("{prefix}.{k}")
        }
    };
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                out.push(join(k));
                paths(x, &join(k), out);
            }
        }
        Value::Array(a) => {
            out.push(join(LEN));
            for (i, x) in a.iter().enumerate() {
                out.push(join(&i.to_string()));
                paths(x, &join(&i.to_string()), out);
            }
        }
        _ => {}
    }
}

/// Whether `path` could name a value of a result of this scenario: it steps through objects by their
/// keys and lists by their indexes (`len` last after a list). A list shorter than an index asks
/// (fewer tests than expected) could still be a rule's miss, and so could a key that this entry lacks
/// but another entry of the same list has (an event without an optional field); a key no object at
/// that place has, or a step into a number, matches nothing: the line is a mistake, not a rule.
fn could_match(result: &Value, path: &str) -> bool {
    let parts: Vec<&str> = path.split('.').collect();
    // The result's paths with each index written `*`, for "another entry has it".
    let mut all = Vec::new();
    paths(result, "", &mut all);
    let star = |p: &str| -> String {
        p.split('.')
            .map(|s| if s.parse::<usize>().is_ok() { "*" } else { s })
            .collect::<Vec<_>>()
            .join(".")
    };
    let shapes: std::collections::BTreeSet<String> = all.iter().map(|p| star(p)).collect();
    let mut v = result;
    for (i, part) in parts.iter().enumerate() {
        match v {
            Value::Object(m) => match m.get(*part) {
                Some(x) => v = x,
                // A map keyed by the play's data with no entry (`investigator.drawn` when nothing
                // was drawn): its keys cannot be judged here.
                None if m.is_empty() => return true,
                None => return shapes.contains(&star(&parts[..=i].join("."))),
            },
            Value::Array(a) => {
                if *part == LEN && i + 1 == parts.len() {
                    return true;
                }
                let Ok(n) = part.parse::<usize>() else {
                    return false;
                };
                match a.get(n) {
                    Some(x) => v = x,
                    // Fewer entries than asked: what follows cannot be judged here.
                    None => return true,
                }
            }
            _ => return false,
        }
    }
    true
}

/// The `[expect]` lines whose path matches nothing a result of this scenario could hold (a misspelt
/// key, a step into a number): `E0108` at the line's key, with the closest paths the result has as
/// the hint. Such a line is an error of the scenario, not a miss of the rules.
pub fn unknown_paths(p: &Played, result: &Value) -> Vec<Diagnostic> {
    let mut lines: Vec<_> = p.scenario.expect.iter().collect();
    lines.sort_by_key(|(k, _)| k.span().start);
    let mut all = Vec::new();
    paths(result, "", &mut all);
    let mut out = Vec::new();
    for (key, want) in lines {
        let named: Vec<(String, std::ops::Range<usize>)> = match key.get_ref().as_str() {
            REFUSED => continue,
            ABSENT => match want.get_ref() {
                toml::Value::String(s) => vec![(s.clone(), want.span())],
                toml::Value::Array(a) => a
                    .iter()
                    .filter_map(|v| v.as_str())
                    .map(|s| (s.to_string(), want.span()))
                    .collect(),
                _ => Vec::new(),
            },
            path => vec![(path.to_string(), key.span())],
        };
        for (path, span) in named {
            if could_match(result, &path) {
                continue;
            }
            let near = crate::defs::closest(&path, all.iter().map(String::as_str));
            out.push(
                Diagnostic::new(
                    Code::UnknownPath,
                    format!("`[expect]` path `{path}` matches nothing in the result object"),
                )
                .at(&p.file, span)
                .label("no such path")
                .hint(if near.is_empty() {
                    "the result object is described in docs/scenario.md".to_string()
                } else {
                    format!("the closest paths the result has: {}", near.join(", "))
                }),
            );
        }
    }
    out
}

/// What a line naming a path the result does not have got: nothing, and the closest paths it has.
fn no_such_path(result: &Value, path: &str) -> String {
    let mut all = Vec::new();
    paths(result, "", &mut all);
    let near = crate::defs::closest(path, all.iter().map(String::as_str));
    if near.is_empty() {
        "nothing (no such path in the result)".to_string()
    } else {
        format!(
            "nothing (no such path in the result; closest: {})",
            near.join(", ")
        )
    }
}

fn to_json(v: &toml::Value) -> Value {
    match v {
        toml::Value::String(s) => Value::String(s.clone()),
        toml::Value::Integer(i) => Value::from(*i),
        toml::Value::Float(f) => Value::from(*f),
        toml::Value::Boolean(b) => Value::Bool(*b),
        toml::Value::Datetime(d) => Value::String(d.to_string()),
        toml::Value::Array(a) => Value::Array(a.iter().map(to_json).collect()),
        toml::Value::Table(t) => {
            Value::Object(t.iter().map(|(k, v)| (k.clone(), to_json(v))).collect())
        }
    }
}

fn location(file: &SourceFile, offset: usize) -> String {
    let (line, _) = file.line_col(offset);
    format!("{}:{line}", file.path)
}

/// Every `[expect]` line that does not hold, in file order.
pub fn check_expectations(p: &Played, result: &Value) -> Vec<Miss> {
    let mut lines: Vec<_> = p.scenario.expect.iter().collect();
    lines.sort_by_key(|(k, _)| k.span().start);
    let mut misses = Vec::new();
    for (key, want) in lines {
        let at = location(&p.file, key.span().start);
        let miss = |path: &str, expected: String, got: String| Miss {
            path: path.to_string(),
            expected,
            got,
            location: at.clone(),
        };
        match key.get_ref().as_str() {
            REFUSED => misses.push(miss(
                REFUSED,
                format!("refused with {}", to_json(want.get_ref())),
                match &p.error {
                    Some(d) => format!("{} while playing", d.code.as_str()),
                    None => "played to the end".to_string(),
                },
            )),
            ABSENT => {
                let paths: Vec<String> = match want.get_ref() {
                    toml::Value::String(s) => vec![s.clone()],
                    toml::Value::Array(a) => a
                        .iter()
                        .map(|v| v.as_str().map_or_else(|| v.to_string(), str::to_string))
                        .collect(),
                    other => vec![other.to_string()],
                };
                for path in paths {
                    if let Some(got) = lookup(result, &path) {
                        misses.push(miss(&path, "absent".to_string(), got.to_string()));
                    }
                }
            }
            path => {
                let expected = to_json(want.get_ref());
                let got = lookup(result, path);
                let equal = match (&got, &expected) {
                    (Some(Value::Number(a)), Value::Number(b)) => a.as_f64() == b.as_f64(),
                    (Some(g), e) => g == e,
                    (None, _) => false,
                };
                if !equal {
                    let got = got.map_or_else(|| no_such_path(result, path), |g| g.to_string());
                    misses.push(miss(path, expected.to_string(), got));
                }
            }
        }
    }
    misses
}

#[derive(Deserialize)]
struct OnlyExpect {
    #[serde(default)]
    expect: Option<RefusedLine>,
}

#[derive(Deserialize)]
struct RefusedLine {
    #[serde(default)]
    refused: Option<Spanned<String>>,
}

/// The code a scenario file says it must be refused with (`[expect] refused = "E0105"`) and where that
/// line is; `None` when it says nothing of the kind (or is not TOML at all), or names no code of the
/// table (then the scenario is refused for it, E0105, and that refusal is shown as an error).
pub fn expected_refusal(file: &SourceFile) -> Option<Spanned<String>> {
    toml::from_str::<OnlyExpect>(&file.text)
        .ok()?
        .expect?
        .refused
        .filter(|want| Code::ALL.iter().any(|c| c.as_str() == want.get_ref()))
}

/// A scenario that was refused (at load, or by a diagnostic while playing) checked against its own
/// `refused` line: `None` when it has none (the refusal is an error), no miss when one of the
/// diagnostics has the code expected, one miss naming the codes given otherwise.
pub fn check_refusal(file: &SourceFile, diagnostics: &[Diagnostic]) -> Option<Vec<Miss>> {
    let want = expected_refusal(file)?;
    if diagnostics
        .iter()
        .any(|d| d.code.as_str() == want.get_ref())
    {
        return Some(Vec::new());
    }
    let got: Vec<&str> = diagnostics.iter().map(|d| d.code.as_str()).collect();
    Some(vec![Miss {
        path: REFUSED.to_string(),
        expected: format!("refused with \"{}\"", want.get_ref()),
        got: format!("refused with {}", got.join(", ")),
        location: location(file, want.span().start),
    }])
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_path_the_result_lacks_names_the_closest_paths_it_has() {
        let result = serde_json::json!({"investigator": {"clues": 1, "sanity": 3}, "tests": [{"passed": true}]});
        assert!(
            no_such_path(&result, "investigator.clue")
                .starts_with("nothing (no such path in the result; closest: investigator.clues, ")
        );
        assert!(no_such_path(&result, "zzz").starts_with("nothing (no such path in the result)"));
    }

    /// A path is a mistake when no object at its place has its key, or it steps into a number; a
    /// list shorter than its index, or a key another entry of the list has, could be a rule's miss.
    #[test]
    fn a_path_that_matches_nothing_is_told_from_a_rule_that_did_not_hold() {
        let result = serde_json::json!({
            "investigator": { "clues": 1, "health": 3 },
            "tests": [ { "passed": true } ],
            "events": [ { "kind": "a", "note": "x" }, { "kind": "b" } ],
        });
        for ok in [
            "investigator.clues",
            "tests.0.passed",
            "tests.3.passed",
            "tests.len",
            "events.1.note",
        ] {
            assert!(could_match(&result, ok), "{ok}");
        }
        for wrong in [
            "investigator.cluse",
            "tests.0.pased",
            "tests.first",
            "investigator.clues.value",
            "events.0.monster",
            "skills",
        ] {
            assert!(!could_match(&result, wrong), "{wrong}");
        }
    }

    #[test]
    fn len_reads_the_number_of_entries_of_a_list() {
        let r = json!({"tests": [{"pool": 2}, {"pool": 3}], "investigator": {"conditions": []}});
        assert_eq!(lookup(&r, "tests.len"), Some(json!(2)));
        assert_eq!(lookup(&r, "investigator.conditions.len"), Some(json!(0)));
        assert_eq!(lookup(&r, "tests.1.pool"), Some(json!(3)));
        assert_eq!(lookup(&r, "tests.2"), None);
        assert_eq!(lookup(&r, "tests.1.len"), None, "an object has no `len`");
    }

    #[test]
    fn a_refused_line_is_read_from_the_text_alone() {
        let f = SourceFile::new(
            "s.toml",
            "game = \"eldritch\"\nbogus = 1\n[expect]\nrefused = \"E0102\"\n",
        );
        let want = expected_refusal(&f).expect("a refused line");
        assert_eq!(want.get_ref(), "E0102");
        let d = Diagnostic::new(crate::defs::Code::UnknownKey, "unknown key");
        assert_eq!(check_refusal(&f, std::slice::from_ref(&d)), Some(vec![]));
        let other = Diagnostic::new(crate::defs::Code::RuleRefused, "no");
        let misses = check_refusal(&f, &[other]).expect("a refused line");
        assert_eq!(
            misses[0].to_string(),
            "s.toml:4: refused: expected refused with \"E0102\", got refused with E0406"
        );
        let none = SourceFile::new("t.toml", "game = \"eldritch\"\n");
        assert_eq!(check_refusal(&none, &[d]), None);
    }
}
