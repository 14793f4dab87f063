//! A problem with the input, as data (code, message, file, line, column, hint) and rendered with the
//! line it points at. Wraps the loaders' own diagnostic; may import `defs` only.

use serde_json::Value;
use std::fmt;

/// A problem with a card, a pack or a scenario: a stable code (`E0101`), a short message, where it is
/// (file, 1-based line and column) and a hint.
///
/// ```
/// use mythos::{Library, Scenario};
/// let text = "game = \"eldritch\"\n[investigator]\ncard = \"Nobody At All\"\n";
/// let problems = Scenario::parse(&Library::new(), "s.toml", text).err().unwrap();
/// let d = &problems[0];
/// assert_eq!(d.code(), "E0201");
/// assert_eq!((d.file(), d.line(), d.column()), (Some("s.toml"), Some(3), Some(8)));
/// assert!(d.render(false).contains("s.toml:3:8"));
/// ```
#[derive(Debug, Clone)]
///
/// Boxed, so that a `Result` whose error it is stays small (clippy's `result_large_err`).
pub struct Diagnostic(pub(crate) Box<crate::defs::Diagnostic>);

impl Diagnostic {
    /// The stable code, e.g. `E0101`; docs/diagnostic-codes.md says what each means.
    pub fn code(&self) -> &'static str {
        self.0.code.as_str()
    }

    /// What the code means, in a few words (the same for every diagnostic of that code).
    pub fn meaning(&self) -> &'static str {
        self.0.code.meaning()
    }

    /// The message: short, lowercase, names in backticks.
    pub fn message(&self) -> &str {
        &self.0.message
    }

    /// The path of the file the problem is in, as it was given; `None` when it is in no one file.
    pub fn file(&self) -> Option<&str> {
        self.0.file.as_ref().map(|f| f.path.as_str())
    }

    /// The 1-based line the problem starts on.
    pub fn line(&self) -> Option<usize> {
        self.place().map(|(line, _)| line)
    }

    /// The 1-based column (in characters) the problem starts at.
    pub fn column(&self) -> Option<usize> {
        self.place().map(|(_, col)| col)
    }

    /// `file:line:col`, as the headline of [`Diagnostic::render`] shows it; `None` when it is in no one file.
    pub fn location(&self) -> Option<String> {
        self.0.location()
    }

    /// The byte range of the file the problem covers (empty when it has no file).
    pub fn span(&self) -> std::ops::Range<usize> {
        self.0.span.clone()
    }

    /// What to do about it.
    pub fn hint(&self) -> Option<&str> {
        self.0.hint.as_deref()
    }

    /// The few words shown under the caret, if any.
    pub fn label(&self) -> Option<&str> {
        self.0.label.as_deref()
    }

    fn place(&self) -> Option<(usize, usize)> {
        let f = self.0.file.as_ref()?;
        Some(f.line_col(self.0.span.start))
    }

    /// The diagnostic as `mythos` prints it: a `file:line:col CODE message` headline, the source line
    /// with a caret under the problem, and the hint. `color` adds terminal colours.
    pub fn render(&self, color: bool) -> String {
        crate::defs::render(&self.0, color)
    }

    /// The diagnostic as a JSON object: `code`, `message`, `file`, `line`, `column` and `hint`, each
    /// `null` when it has none (the error object of `mythos run --format json`).
    pub fn to_json(&self) -> Value {
        self.0.to_json()
    }
}

impl fmt::Display for Diagnostic {
    /// `file:line:col: message`, on one line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for Diagnostic {}

impl PartialEq for Diagnostic {
    /// The same code, message, place and hint (as [`Diagnostic::to_json`] gives them).
    fn eq(&self, other: &Diagnostic) -> bool {
        self.to_json() == other.to_json()
    }
}

impl serde::Serialize for Diagnostic {
    /// The JSON object of [`Diagnostic::to_json`].
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.to_json().serialize(s)
    }
}

/// Every problem found loading a scenario or the cards, or playing a scenario: the error of
/// [`Scenario::parse`](crate::Scenario::parse), [`Scenario::play`](crate::Scenario::play) and
/// [`Library::cards`](crate::Library::cards). It implements [`std::error::Error`] (so `?` takes it
/// into a `Box<dyn Error>`), and it is a slice of [`Diagnostic`]s, in the order found, never empty.
///
/// ```
/// use mythos::{Library, Scenario};
/// fn parse(text: &str) -> Result<Scenario, Box<dyn std::error::Error + Send + Sync>> {
///     Ok(Scenario::parse(&Library::new(), "s.toml", text)?)
/// }
/// let e = parse("game = \"chess\"\n").err().unwrap();
/// assert!(e.to_string().starts_with("s.toml:1:8: "));
/// let e = Scenario::parse(&Library::new(), "s.toml", "game = \"chess\"\n").err().unwrap();
/// assert_eq!(e[0].line(), Some(1));
/// assert!(e.iter().all(|d| d.code().starts_with('E')));
/// ```
#[derive(Debug, Clone)]
pub struct Error(pub(crate) Vec<Diagnostic>);

impl Error {
    /// The loaders' diagnostics, wrapped (never empty: a refusal says why).
    pub(crate) fn wrap(ds: Vec<crate::defs::Diagnostic>) -> Error {
        Error(wrap(ds))
    }

    /// Every diagnostic, in the order found.
    ///
    /// ```
    /// let e = mythos::Scenario::parse(&mythos::Library::new(), "s.toml", "").err().unwrap();
    /// assert!(!e.diagnostics().is_empty());
    /// ```
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.0
    }

    /// Every diagnostic, in the order found, owned.
    ///
    /// ```
    /// let e = mythos::Scenario::parse(&mythos::Library::new(), "s.toml", "").err().unwrap();
    /// let ds: Vec<mythos::Diagnostic> = e.into_diagnostics();
    /// assert!(ds.iter().any(|d| d.code() == "E0104"));
    /// ```
    pub fn into_diagnostics(self) -> Vec<Diagnostic> {
        self.0
    }
}

impl std::ops::Deref for Error {
    type Target = [Diagnostic];

    fn deref(&self) -> &[Diagnostic] {
        &self.0
    }
}

impl fmt::Display for Error {
    /// Each diagnostic as `file:line:col: message`, one a line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Error {}

impl From<Diagnostic> for Error {
    fn from(d: Diagnostic) -> Error {
        Error(vec![d])
    }
}

impl From<Error> for Vec<Diagnostic> {
    fn from(e: Error) -> Vec<Diagnostic> {
        e.0
    }
}

impl IntoIterator for Error {
    type Item = Diagnostic;
    type IntoIter = std::vec::IntoIter<Diagnostic>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl<'a> IntoIterator for &'a Error {
    type Item = &'a Diagnostic;
    type IntoIter = std::slice::Iter<'a, Diagnostic>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl serde::Serialize for Error {
    /// The array of each diagnostic's JSON object.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(s)
    }
}

impl From<crate::defs::Diagnostic> for Diagnostic {
    fn from(d: crate::defs::Diagnostic) -> Diagnostic {
        Diagnostic(Box::new(d))
    }
}

/// Several diagnostics rendered as `mythos` prints them, one after the other.
///
/// ```
/// use mythos::{Library, Scenario, render};
/// let problems = Scenario::parse(&Library::new(), "s.toml", "game = \"chess\"\n").err().unwrap();
/// assert!(render(&problems, false).starts_with("s.toml:1:8: E0"));
/// ```
pub fn render(diagnostics: &[Diagnostic], color: bool) -> String {
    diagnostics
        .iter()
        .map(|d| d.render(color))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The loaders' diagnostics, wrapped.
pub(crate) fn wrap(ds: Vec<crate::defs::Diagnostic>) -> Vec<Diagnostic> {
    ds.into_iter().map(Diagnostic::from).collect()
}

/// The first of `ds`: why a scenario could not be compiled again on a thread (never expected: its
/// scripts compiled once already), or a diagnostic that says so when there is none.
pub(crate) fn first(ds: Vec<Diagnostic>) -> Diagnostic {
    ds.into_iter().next().unwrap_or_else(|| {
        Diagnostic::from(crate::defs::Diagnostic::new(
            crate::defs::Code::HookFailed,
            "the scenario's scripts could not be compiled again",
        ))
    })
}
