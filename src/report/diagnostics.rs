//! Rendering findings with miette's graphical handler.
//!
//! What reaches the terminal is bounded: at most [`MAX_SHOWN`] diagnostics
//! (the rest are counted by code), messages escaped and cut, and a snippet
//! from a long line or one holding control characters is shown as a short
//! escaped window around the labels instead of the raw line.

use std::collections::BTreeMap;
use std::fmt::{self, Write};

use miette::{
    Diagnostic, GraphicalReportHandler, GraphicalTheme, LabeledSpan, MietteError,
    MietteSpanContents, SourceCode, SourceSpan, SpanContents,
};

use crate::diagnostic::Finding;
use crate::source::SourceFile;
use crate::text;

/// How diagnostics are drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// Unicode, no colour, 80 columns: stable output for files, pipes and snapshots.
    Plain,
    /// Unicode with colour, for a terminal.
    Colour,
}

/// The most diagnostics drawn for one input; JSON output lists them all.
pub const MAX_SHOWN: usize = 100;

/// Lines longer than this (in bytes) are shown as a window around the label.
const MAX_LINE: usize = 200;

/// Characters of context shown on each side of a label in a window.
const WINDOW_CONTEXT: usize = 40;

/// The most characters of a label shown in a window.
const WINDOW_LABEL: usize = 120;

/// Renders findings one after another: the first [`MAX_SHOWN`], then a
/// count of the rest by code.
#[must_use]
pub fn render(findings: &[Finding], style: Style) -> String {
    let theme = match style {
        Style::Plain => GraphicalTheme::unicode_nocolor(),
        Style::Colour => GraphicalTheme::unicode(),
    };
    // Lines wrap between words, never inside one at a hyphen
    // (`hig-faq-2007` stays whole).
    let handler = GraphicalReportHandler::new_themed(theme)
        .with_width(80)
        .with_links(false)
        .with_word_splitter(textwrap::WordSplitter::NoHyphenation);
    let mut out = String::new();
    for f in findings.iter().take(MAX_SHOWN) {
        let shown = Shown::new(f);
        if handler.render_report(&mut out, &shown).is_err() {
            out.push_str(&shown.message);
            out.push('\n');
        }
    }
    if findings.len() > MAX_SHOWN {
        let mut codes: BTreeMap<String, usize> = BTreeMap::new();
        for f in &findings[MAX_SHOWN..] {
            *codes.entry(f.code_string()).or_default() += 1;
        }
        let list: Vec<String> = codes
            .iter()
            .map(|(code, n)| format!("{code} ×{n}"))
            .collect();
        let _ = writeln!(
            out,
            "… and {} more diagnostic{} not shown ({})",
            findings.len() - MAX_SHOWN,
            if findings.len() - MAX_SHOWN == 1 {
                ""
            } else {
                "s"
            },
            list.join(", ")
        );
    }
    out
}

/// A finding as it is drawn: escaped and bounded texts, and its labels in a
/// [`Window`] when the file's own lines cannot be shown as they are.
struct Shown<'a> {
    finding: &'a Finding,
    message: String,
    help: Option<String>,
    labels: Vec<LabeledSpan>,
    window: Option<Window>,
}

impl<'a> Shown<'a> {
    fn new(finding: &'a Finding) -> Shown<'a> {
        let labels: Vec<LabeledSpan> = finding
            .labels()
            .map(|l| {
                l.map(|l| {
                    let label = l.label().map(text::message);
                    let span = match finding.source() {
                        Some(src) => first_lines(src, *l.inner()),
                        None => *l.inner(),
                    };
                    LabeledSpan::new_with_span(label, span)
                })
                .collect()
            })
            .unwrap_or_default();
        let window = finding
            .source()
            .filter(|src| needs_window(src, &labels))
            .map(|src| Window::new(src, &labels));
        let labels = match &window {
            Some(w) => w.labels.clone(),
            None => labels,
        };
        Shown {
            finding,
            message: text::message(&finding.to_string()),
            help: finding.help_string().map(|h| text::message(&h)),
            labels,
            window,
        }
    }
}

impl fmt::Debug for Shown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.finding, f)
    }
}

impl fmt::Display for Shown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Shown<'_> {}

impl Diagnostic for Shown<'_> {
    fn code<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        self.finding.code()
    }
    fn severity(&self) -> Option<miette::Severity> {
        self.finding.severity()
    }
    fn help<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        self.help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }
    fn source_code(&self) -> Option<&dyn SourceCode> {
        match &self.window {
            Some(w) => Some(w),
            None => self.finding.source_code(),
        }
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        if self.labels.is_empty() {
            None
        } else {
            Some(Box::new(self.labels.iter().cloned()))
        }
    }
}

/// The most lines a label may cover; a longer one is cut to its first
/// line, so that a diagnostic quotes a short window of a file, never all of
/// it.
const MAX_LABEL_LINES: usize = 3;

fn first_lines(src: &SourceFile, span: SourceSpan) -> SourceSpan {
    let len = src.text().len();
    let start = span.offset().min(len);
    let end = (span.offset() + span.len()).min(len);
    let first = src.line_of(start);
    if src.line_of(end) - first < MAX_LABEL_LINES {
        return span;
    }
    SourceSpan::from((start, src.line_range(first).end.max(start) - start))
}

/// Whether the lines a snippet would show (each label's line and the
/// lines around it) are too long or hold characters a terminal must not get.
fn needs_window(src: &SourceFile, labels: &[LabeledSpan]) -> bool {
    let text = src.text();
    labels.iter().any(|l| {
        let line = src.line_of(l.offset().min(text.len()));
        let end = src.line_of((l.offset() + l.len()).min(text.len()));
        (line.saturating_sub(1)..=end + 1).any(|n| {
            let range = src.line_range(n);
            range.len() > MAX_LINE
                || text[range]
                    .chars()
                    .any(|c| text::hidden(c) && !matches!(c, '\t' | '\r'))
        })
    })
}

/// The labelled lines of a file, each cut to a window around its labels and
/// escaped, as a small text of their own that keeps the file's name and
/// line numbers.
struct Window {
    name: String,
    text: String,
    /// One entry per labelled line, in order.
    segments: Vec<Segment>,
    labels: Vec<LabeledSpan>,
}

struct Segment {
    /// Byte range in `Window::text`.
    range: std::ops::Range<usize>,
    /// 0-based line in the file.
    line: usize,
    /// For every character boundary of the segment: (offset in the window's
    /// text, offset in the file).
    map: Vec<(usize, usize)>,
    /// The file it came from, for columns.
    columns: Vec<usize>,
}

impl Segment {
    /// The window offset of file offset `at` (clamped to the segment).
    fn to_window(&self, at: usize) -> usize {
        let i = self.map.partition_point(|&(_, file)| file < at);
        self.map
            .get(i)
            .or(self.map.last())
            .map_or(self.range.start, |&(w, _)| w)
    }

    /// The 0-based column in the file of window offset `at`.
    fn column(&self, at: usize) -> usize {
        let i = self
            .map
            .partition_point(|&(w, _)| w < at)
            .min(self.columns.len().saturating_sub(1));
        self.columns.get(i).copied().unwrap_or(0)
    }
}

impl Window {
    fn new(src: &SourceFile, labels: &[LabeledSpan]) -> Window {
        let text = src.text();
        let mut lines: BTreeMap<usize, Vec<&LabeledSpan>> = BTreeMap::new();
        for l in labels {
            lines
                .entry(src.line_of(l.offset().min(text.len())))
                .or_default()
                .push(l);
        }
        let mut window = Window {
            name: src.name().to_string(),
            text: String::new(),
            segments: Vec::new(),
            labels: Vec::new(),
        };
        for (&line, on_line) in &lines {
            let range = src.line_range(line);
            let lo = on_line
                .iter()
                .map(|l| l.offset())
                .min()
                .unwrap_or(range.start)
                .clamp(range.start, range.end);
            let hi = on_line
                .iter()
                .map(|l| l.offset() + l.len())
                .max()
                .unwrap_or(lo)
                .clamp(lo, range.end);
            let hi = hi.min(char_floor(text, lo + WINDOW_LABEL * 4));
            let start = char_floor(text, lo.saturating_sub(WINDOW_CONTEXT).max(range.start));
            let end = char_ceil(text, (hi + WINDOW_CONTEXT).min(range.end));
            let (start, end) = if range.len() <= MAX_LINE {
                (range.start, range.end)
            } else {
                (start, end)
            };
            if !window.text.is_empty() {
                window.text.push('\n');
            }
            let first = window.text.len();
            let mut map = Vec::new();
            let mut columns = Vec::new();
            let column_of = |at: usize| src.line_col(at).1 - 1;
            if start > range.start {
                window.text.push('…');
            }
            for (i, c) in text[start..end].char_indices() {
                map.push((window.text.len(), start + i));
                columns.push(column_of(start + i));
                text::push_shown(&mut window.text, c);
            }
            map.push((window.text.len(), end));
            columns.push(column_of(end));
            if end < range.end {
                window.text.push('…');
            }
            let segment = Segment {
                range: first..window.text.len(),
                line: line + src.line_offset(),
                map,
                columns,
            };
            for l in on_line {
                let a = segment.to_window(l.offset());
                let b = segment.to_window(l.offset() + l.len()).max(a);
                window.labels.push(LabeledSpan::new_with_span(
                    l.label().map(str::to_string),
                    SourceSpan::from((a, b - a)),
                ));
            }
            window.segments.push(segment);
        }
        window
    }
}

fn char_floor(text: &str, mut at: usize) -> usize {
    at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

fn char_ceil(text: &str, mut at: usize) -> usize {
    at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at += 1;
    }
    at
}

impl SourceCode for Window {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        context_lines_before: usize,
        _context_lines_after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        // The segments holding the span, whole: a window shows no context
        // lines, and segments of lines that are not neighbours in the file
        // are never merged (each counts as one line).
        let end = span.offset() + span.len();
        let first = self
            .segments
            .iter()
            .position(|s| span.offset() <= s.range.end)
            .ok_or(MietteError::OutOfBounds)?;
        let last = self.segments[first..]
            .iter()
            .rposition(|s| s.range.start <= end)
            .map_or(first, |i| first + i);
        let (a, b) = (
            self.segments[first].range.start,
            self.segments[last].range.end,
        );
        let column = if context_lines_before == 0 {
            self.segments[first].column(span.offset())
        } else {
            0
        };
        Ok(Box::new(MietteSpanContents::new_named(
            self.name.clone(),
            &self.text.as_bytes()[a..b],
            SourceSpan::from((a, b - a)),
            self.segments[first].line,
            column,
            last - first + 1,
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::Class;

    #[derive(Debug, thiserror::Error, Diagnostic)]
    #[error("bad value {value}")]
    #[diagnostic(code(carca::test::bad), help("fix {value}"))]
    struct Bad {
        value: String,
        #[label("this one")]
        span: SourceSpan,
    }

    fn finding(text: &str, at: usize, len: usize, value: &str) -> Finding {
        let src = SourceFile::new("f.json", text);
        Finding::new(
            Class::Defect,
            &src,
            Bad {
                value: value.into(),
                span: SourceSpan::from((at, len)),
            },
        )
    }

    #[test]
    fn a_label_far_along_a_long_line_is_shown_in_a_window() {
        let mut text = "x".repeat(70_000);
        text.push_str("TARGET");
        text.push_str(&"y".repeat(1_000));
        let out = render(&[finding(&text, 70_000, 6, "v")], Style::Plain);
        assert!(out.contains("TARGET"), "{out}");
        assert!(out.contains("f.json:1:70001"), "{out}");
        assert!(out.len() < 2_000, "{out}");
    }

    #[test]
    fn control_characters_in_snippets_and_messages_are_escaped() {
        let text = "players: [\"\u{1b}[31mred\", blue]\nturns: []\n";
        let out = render(&[finding(text, 11, 9, "\u{1b}[2J\u{202e}")], Style::Plain);
        assert!(!out.contains('\u{1b}'), "{out:?}");
        assert!(!out.contains('\u{202e}'), "{out:?}");
        assert!(out.contains("\\u{1b}[31mred"), "{out}");
        assert!(out.contains("f.json:1:12"), "{out}");
    }

    #[test]
    fn at_most_a_hundred_diagnostics_are_drawn() {
        let text = "a: 1\n".repeat(300);
        let many: Vec<Finding> = (0..250).map(|i| finding(&text, i * 5, 1, "v")).collect();
        let out = render(&many, Style::Plain);
        assert_eq!(out.matches("carca::test::bad\n").count(), MAX_SHOWN);
        assert!(
            out.contains("… and 150 more diagnostics not shown (carca::test::bad ×150)"),
            "{out}"
        );
    }
}
