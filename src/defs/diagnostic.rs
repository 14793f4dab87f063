//! A diagnostic: a stable code, a message, the file with line and column, and a hint. Rendered with
//! miette; a no-colour theme keeps snapshots stable.

use super::Code;
use miette::{
    GraphicalReportHandler, GraphicalTheme, LabeledSpan, MietteError, MietteSpanContents,
    SourceSpan, SpanContents,
};
use std::fmt;
use std::ops::Range;
use std::sync::Arc;

/// A file's name and text, shared by every diagnostic about it.
#[derive(Debug, Clone)]
pub struct SourceFile {
    pub path: String,
    pub text: Arc<str>,
}

impl SourceFile {
    pub fn new(path: impl Into<String>, text: impl Into<Arc<str>>) -> SourceFile {
        SourceFile {
            path: path.into(),
            text: text.into(),
        }
    }

    /// 1-based line and column of a byte offset: lines end at `\n` (a `\r` before it is the line's
    /// last character), columns are counted in characters, as editors show them.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let before = &self.text[..offset];
        let line = before.matches('\n').count() + 1;
        let col = before
            .rsplit('\n')
            .next()
            .map(|l| l.chars().count())
            .unwrap_or(0)
            + 1;
        (line, col)
    }

    /// Byte offset of a 1-based line and column.
    pub fn offset_of(&self, line: usize, col: usize) -> usize {
        let mut offset = 0;
        for (i, l) in self.text.split_inclusive('\n').enumerate() {
            if i + 1 == line {
                let col_bytes: usize = l
                    .chars()
                    .take(col.saturating_sub(1))
                    .map(char::len_utf8)
                    .sum();
                return offset + col_bytes;
            }
            offset += l.len();
        }
        self.text.len()
    }
}

#[derive(Debug, Clone)]
pub struct Diagnostic {
    /// Stable code, e.g. `E0102`.
    pub code: Code,
    pub message: String,
    pub file: Option<SourceFile>,
    pub span: Range<usize>,
    pub label: Option<String>,
    pub hint: Option<String>,
}

impl Diagnostic {
    pub fn new(code: Code, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            code,
            message: message.into(),
            file: None,
            span: 0..0,
            label: None,
            hint: None,
        }
    }

    pub fn at(mut self, file: &SourceFile, span: Range<usize>) -> Diagnostic {
        self.file = Some(file.clone());
        self.span = span;
        self
    }

    pub fn label(mut self, label: impl Into<String>) -> Diagnostic {
        self.label = Some(label.into());
        self
    }

    pub fn hint(mut self, hint: impl Into<String>) -> Diagnostic {
        self.hint = Some(hint.into());
        self
    }

    /// The diagnostic as a JSON object: `code`, `message`, `file`, `line`, `column` (as in the
    /// headline: 1-based, columns in characters) and `hint`, each `null` when it has none.
    pub fn to_json(&self) -> serde_json::Value {
        let place = self.file.as_ref().map(|f| (f, f.line_col(self.span.start)));
        serde_json::json!({
            "code": self.code.as_str(),
            "message": self.message,
            "file": place.map(|(f, _)| f.path.as_str()),
            "line": place.map(|(_, (line, _))| line),
            "column": place.map(|(_, (_, col))| col),
            "hint": self.hint,
        })
    }

    /// `file:line:col`, or just the file.
    pub fn location(&self) -> Option<String> {
        let file = self.file.as_ref()?;
        let (line, col) = file.line_col(self.span.start);
        Some(format!("{}:{line}:{col}", file.path))
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.location() {
            Some(loc) => write!(f, "{loc}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for Diagnostic {}

impl miette::Diagnostic for Diagnostic {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(self.code))
    }
    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.hint
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }
    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        None
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        None
    }
}

/// miette reads the file through this: its own spans, but the column of the header counted in
/// characters, as the headline counts it (miette counts bytes).
impl miette::SourceCode for SourceFile {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        before: usize,
        after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        let inner = self.text.as_ref().read_span(span, before, after)?;
        let start = inner.span().offset();
        let column = self
            .text
            .get(start.saturating_sub(inner.column())..start)
            .map_or(inner.column(), |s| s.chars().count());
        Ok(Box::new(MietteSpanContents::new_named(
            self.path.clone(),
            inner.data(),
            *inner.span(),
            inner.line(),
            column,
            inner.line_count(),
        )))
    }
}

/// A diagnostic with its source attached, in the form miette renders.
struct WithSource<'a> {
    d: &'a Diagnostic,
    source: Option<&'a SourceFile>,
}

impl fmt::Debug for WithSource<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.d, f)
    }
}
impl fmt::Display for WithSource<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.d.message)
    }
}
impl std::error::Error for WithSource<'_> {}
impl miette::Diagnostic for WithSource<'_> {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(self.d.code))
    }
    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.d
            .hint
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }
    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        self.source.map(|s| s as &dyn miette::SourceCode)
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        self.source.as_ref()?;
        let len = self.d.span.end.saturating_sub(self.d.span.start);
        let span = SourceSpan::new(self.d.span.start.into(), len);
        Some(Box::new(std::iter::once(LabeledSpan::new_with_span(
            self.d.label.clone(),
            span,
        ))))
    }
}

/// Renders one diagnostic: a `file:line:col CODE message` headline, then miette's report with the
/// source line and a caret. `color` picks the theme; tests and pipes use no colour.
pub fn render(d: &Diagnostic, color: bool) -> String {
    let theme = if color {
        GraphicalTheme::unicode()
    } else {
        GraphicalTheme::unicode_nocolor()
    };
    let handler = GraphicalReportHandler::new_themed(theme).with_width(100);
    let source = d.file.as_ref();
    let mut out = match d.location() {
        Some(loc) => format!("{loc}: {} {}\n", d.code, d.message),
        None => format!("{} {}\n", d.code, d.message),
    };
    let _ = handler.render_report(&mut out, &WithSource { d, source });
    out
}

pub fn render_all(ds: &[Diagnostic], color: bool) -> String {
    ds.iter()
        .map(|d| render(d, color))
        .collect::<Vec<_>>()
        .join("\n")
}

/// One diagnostic as its JSON object (`Diagnostic::to_json`), several as an array of them.
pub fn json_all(ds: &[Diagnostic]) -> serde_json::Value {
    match ds {
        [one] => one.to_json(),
        _ => serde_json::Value::Array(ds.iter().map(Diagnostic::to_json).collect()),
    }
}

/// Several diagnostics: validation collects every problem before it stops.
#[derive(Debug, Clone, Default)]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl From<Diagnostic> for Diagnostics {
    fn from(d: Diagnostic) -> Self {
        Diagnostics(vec![d])
    }
}

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for d in &self.0 {
            writeln!(f, "{d}")?;
        }
        Ok(())
    }
}
