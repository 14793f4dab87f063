//! `[expect]` lines: paths into the result object and the values they must equal.

use super::Played;
use serde_json::Value;

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

fn lookup<'a>(v: &'a Value, path: &str) -> Option<&'a Value> {
    path.split('.').try_fold(v, |v, part| match v {
        Value::Object(m) => m.get(part),
        Value::Array(a) => part.parse::<usize>().ok().and_then(|i| a.get(i)),
        _ => None,
    })
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

/// Every `[expect]` line that does not hold, in file order.
pub fn check_expectations(p: &Played, result: &Value) -> Vec<Miss> {
    let mut lines: Vec<_> = p.scenario.expect.iter().collect();
    lines.sort_by_key(|(k, _)| k.span().start);
    let mut misses = Vec::new();
    for (key, want) in lines {
        let expected = to_json(want.get_ref());
        let got = lookup(result, key.get_ref());
        let equal = match (got, &expected) {
            (Some(Value::Number(a)), Value::Number(b)) => a.as_f64() == b.as_f64(),
            (Some(g), e) => g == e,
            (None, _) => false,
        };
        if !equal {
            let (line, _) = p.file.line_col(key.span().start);
            misses.push(Miss {
                path: key.get_ref().clone(),
                expected: expected.to_string(),
                got: got.map_or("nothing (no such path in the result)".to_string(), |g| {
                    g.to_string()
                }),
                location: format!("{}:{line}", p.file.path),
            });
        }
    }
    misses
}
