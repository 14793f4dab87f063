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
    /// An offset inside a character counts as that character's start.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = floor_boundary(&self.text, offset);
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

pub use crate::limits::SHOWN_LINE;

/// What a diagnostic shows of its file: the line of its span (cut to [`SHOWN_LINE`] characters around
/// it) with the lines before and after it (whole when no longer than that, else cut to the same
/// columns), every control character but a tab shown as its
/// escape, and the span within that text. miette reads this, never the file.
struct Excerpt {
    name: String,
    text: String,
    /// 0-based line of the excerpt's first line in the file.
    first_line: usize,
    /// The span, in the excerpt's text (on its label line).
    span: Range<usize>,
    /// 0-based column, in characters of the file, of the span's start.
    column: usize,
}

/// The byte range of the line holding `offset`, without its `\n` (nor a `\r` before it).
fn line_at(text: &str, offset: usize) -> Range<usize> {
    let start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let mut end = text[offset..].find('\n').map_or(text.len(), |i| offset + i);
    if end < text.len() && text[..end].ends_with('\r') {
        end -= 1;
    }
    start..end
}

/// Characters `from..to` of `line`, control characters but tabs escaped.
fn escaped(line: &str, from: usize, to: usize) -> String {
    let mut out = String::new();
    for c in line.chars().skip(from).take(to.saturating_sub(from)) {
        if c.is_control() && c != '\t' {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// A line around the span's: whole when it fits, else cut to the span's line's columns.
fn around(line: &str, from: usize, to: usize) -> String {
    if line.chars().count() <= SHOWN_LINE {
        escaped(line, 0, SHOWN_LINE)
    } else {
        cut(line, from, to)
    }
}

/// Characters `from..to` of `line` as shown, with `…` where the line was cut.
fn cut(line: &str, from: usize, to: usize) -> String {
    let mut out = String::new();
    if from > 0 {
        out.push('…');
    }
    out.push_str(&escaped(line, from, to));
    if line.chars().count() > to {
        out.push('…');
    }
    out
}

fn floor_boundary(text: &str, mut i: usize) -> usize {
    i = i.min(text.len());
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

impl Excerpt {
    fn new(file: &SourceFile, span: &Range<usize>) -> Excerpt {
        let text: &str = &file.text;
        let start = floor_boundary(text, span.start);
        let end = floor_boundary(text, span.end.max(start));
        let line = line_at(text, start);
        let line_text = &text[line.clone()];
        // The span's start and end on its line, in characters (a span past the line stops at its end).
        let s = text[line.start..start].chars().count();
        let e = s + text[start..end.clamp(start, line.end.max(start))]
            .chars()
            .count();
        let len = line_text.chars().count();
        // The window of columns shown, on this line and the lines around it.
        let from = if len <= SHOWN_LINE {
            0
        } else {
            s.saturating_sub(SHOWN_LINE / 3).min(len - SHOWN_LINE)
        };
        let to = from + SHOWN_LINE;
        let (e, s) = (e.min(to).max(s.min(to)), s.min(to));
        let shown_span = {
            let before =
                if from > 0 { '…'.len_utf8() } else { 0 } + escaped(line_text, from, s).len();
            before..before + escaped(line_text, s, e).len()
        };
        let (label_line, _) = file.line_col(line.start);
        let mut out = String::new();
        let mut first_line = label_line - 1;
        let mut offset = 0;
        if line.start > 0 {
            let prev = line_at(text, line.start - 1);
            out.push_str(&around(&text[prev], from, to));
            out.push('\n');
            first_line -= 1;
            offset = out.len();
        }
        out.push_str(&cut(line_text, from, to));
        // The line after, when there is one (as miette shows it: not the empty end of a file).
        let after = text[line.end..].find('\n').map(|i| line.end + i + 1);
        if let Some(next) = after.filter(|&n| n < text.len()) {
            out.push('\n');
            out.push_str(&around(&text[line_at(text, next)], from, to));
            if text[next..].contains('\n') {
                out.push('\n');
            }
        }
        Excerpt {
            name: crate::kernel::visible(&file.path).into_owned(),
            text: out,
            first_line,
            span: offset + shown_span.start..offset + shown_span.end,
            column: file.line_col(start).1 - 1,
        }
    }
}

/// miette reads the excerpt through this: its own spans, the line numbers of the file, and the
/// column of the header counted in characters of the file, as the headline counts it.
impl miette::SourceCode for Excerpt {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        before: usize,
        after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        let inner = self.text.as_str().read_span(span, before, after)?;
        let start = inner.span().offset();
        let column = if start == self.span.start {
            self.column
        } else {
            self.text
                .get(start.saturating_sub(inner.column())..start)
                .map_or(inner.column(), |s| s.chars().count())
        };
        Ok(Box::new(MietteSpanContents::new_named(
            self.name.clone(),
            inner.data(),
            *inner.span(),
            inner.line() + self.first_line,
            column,
            inner.line_count(),
        )))
    }
}

/// A diagnostic with its excerpt attached, in the form miette renders.
struct WithSource<'a> {
    d: &'a Diagnostic,
    source: Option<Excerpt>,
}

impl fmt::Debug for WithSource<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.d, f)
    }
}
impl fmt::Display for WithSource<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&shown(&self.d.message))
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
            .map(|h| Box::new(shown(h).into_owned()) as Box<dyn fmt::Display>)
    }
    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        self.source.as_ref().map(|s| s as &dyn miette::SourceCode)
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let source = self.source.as_ref()?;
        let span = SourceSpan::new(source.span.start.into(), source.span.len());
        Some(Box::new(std::iter::once(LabeledSpan::new_with_span(
            self.d.label.as_deref().map(|l| shown(l).into_owned()),
            span,
        ))))
    }
}

/// A message or hint as printed: the engine's own line breaks kept, every other control character
/// (one a file or a script put in the text it quotes) shown as its escape.
fn shown(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(|c| c.is_control() && c != '\n') {
        return std::borrow::Cow::Borrowed(text);
    }
    std::borrow::Cow::Owned(
        text.split('\n')
            .map(|l| crate::kernel::visible(l).into_owned())
            .collect::<Vec<_>>()
            .join("\n"),
    )
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
    let source = d.file.as_ref().map(|f| Excerpt::new(f, &d.span));
    let mut out = match d.location() {
        Some(loc) => format!(
            "{}: {} {}\n",
            crate::kernel::visible(&loc),
            d.code,
            shown(&d.message)
        ),
        None => format!("{} {}\n", d.code, shown(&d.message)),
    };
    let _ = handler.render_report(&mut out, &WithSource { d, source });
    out
}

#[cfg_attr(not(any(test, feature = "bench")), allow(dead_code))] // the unit tests' and the bench's
pub fn render_all(ds: &[Diagnostic], color: bool) -> String {
    ds.iter()
        .map(|d| render(d, color))
        .collect::<Vec<_>>()
        .join("\n")
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_offset_inside_a_character_is_placed_at_its_start() {
        // `é` is bytes 1..3: offset 2 lies inside it (a span a fuzzed file made: tests/fuzz.rs).
        let f = SourceFile::new("f", "aé\nb");
        assert_eq!(f.line_col(2), (1, 2));
        assert_eq!(f.line_col(3), (1, 3));
    }
}
