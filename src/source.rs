//! User files as diagnostics see them.
//!
//! A [`SourceFile`] is a file's name and text, cheaply shared, so that every
//! diagnostic about the file can quote it. It owns the conversions from the
//! parsers' positions (serde-saphyr locations, TOML byte ranges) to
//! [`SourceSpan`]s.

use std::fmt;
use std::sync::Arc;

use miette::{MietteError, MietteSpanContents, SourceCode, SourceSpan, SpanContents};
use serde_saphyr::{Location, Spanned};

use std::sync::atomic::{AtomicU64, Ordering};

/// The largest file carca reads unless told otherwise (16 MiB).
pub const DEFAULT_MAX_FILE_BYTES: u64 = 16 * 1024 * 1024;

static MAX_FILE_BYTES: AtomicU64 = AtomicU64::new(DEFAULT_MAX_FILE_BYTES);

/// The largest file carca reads now; larger files are rejected unread.
#[must_use]
pub fn max_file_bytes() -> u64 {
    MAX_FILE_BYTES.load(Ordering::Relaxed)
}

/// Sets the largest file carca reads (`--max-file-mib`).
pub fn set_max_file_bytes(bytes: u64) {
    MAX_FILE_BYTES.store(bytes, Ordering::Relaxed);
}

/// A named text shared by all diagnostics about it.
#[derive(Clone)]
pub struct SourceFile {
    name: Arc<str>,
    text: Arc<str>,
}

impl SourceFile {
    /// A source from its display name and text.
    #[must_use]
    pub fn new(name: impl AsRef<str>, text: impl Into<String>) -> SourceFile {
        let text: String = text.into();
        SourceFile {
            name: Arc::from(name.as_ref()),
            text: Arc::from(text),
        }
    }

    /// The display name (a path or `builtin:NAME`).
    #[must_use]
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The whole text.
    #[must_use]
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The span of a serde-saphyr location, clamped to the text.
    #[must_use]
    pub fn span_of(&self, loc: &Location) -> SourceSpan {
        // Values read by a parser that keeps no positions (JSON) have none.
        if loc.line() == 0 {
            return SourceSpan::from((0, 0));
        }
        let span = loc.span();
        let len = self.text.len();
        let (offset, width) = match (span.byte_offset(), span.byte_len()) {
            (Some(o), Some(l)) => (o as usize, l as usize),
            _ => (self.offset_of_line_col(loc.line(), loc.column()), 1),
        };
        let offset = offset.min(len);
        let width = width.min(len - offset);
        SourceSpan::from((offset, width))
    }

    /// The span of a spanned value.
    #[must_use]
    pub fn span<T>(&self, v: &Spanned<T>) -> SourceSpan {
        self.span_of(&v.referenced)
    }

    /// Byte offset of a 1-based line and column (columns count characters).
    #[must_use]
    pub fn offset_of_line_col(&self, line: u64, column: u64) -> usize {
        let mut offset = 0;
        for (i, l) in self.text.split_inclusive('\n').enumerate() {
            if i as u64 + 1 == line {
                return offset
                    + l.char_indices()
                        .nth(column.saturating_sub(1) as usize)
                        .map_or(l.len(), |(b, _)| b);
            }
            offset += l.len();
        }
        self.text.len()
    }

    /// The span of the `index`-th character inside the scalar at `span`,
    /// skipping an opening quote.
    #[must_use]
    pub fn char_in(&self, span: SourceSpan, index: usize) -> SourceSpan {
        let start = span.offset();
        let Some(scalar) = self.text.get(start..start + span.len()) else {
            return span;
        };
        let skip = usize::from(scalar.starts_with(['"', '\'']));
        match scalar.char_indices().nth(index + skip) {
            Some((b, c)) => SourceSpan::from((start + b, c.len_utf8())),
            None => span,
        }
    }

    /// The span of the first occurrence of `needle` inside `span` (or `span`).
    #[must_use]
    pub fn find_in(&self, span: SourceSpan, needle: &str) -> SourceSpan {
        let start = span.offset();
        self.text
            .get(start..start + span.len())
            .and_then(|s| s.find(needle))
            .map_or(span, |b| SourceSpan::from((start + b, needle.len())))
    }
}

impl fmt::Debug for SourceFile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SourceFile")
            .field("name", &self.name())
            .finish_non_exhaustive()
    }
}

impl SourceCode for SourceFile {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        let inner =
            self.text
                .as_ref()
                .read_span(span, context_lines_before, context_lines_after)?;
        Ok(Box::new(MietteSpanContents::new_named(
            self.name.to_string(),
            inner.data(),
            *inner.span(),
            inner.line(),
            inner.column(),
            inner.line_count(),
        )))
    }
}

/// Splits a serde-saphyr error into its message (without the trailing
/// position, which the diagnostic shows) and its span.
#[must_use]
pub fn yaml_error_parts(src: &SourceFile, err: &serde_saphyr::Error) -> (String, SourceSpan) {
    let full = err.to_string();
    let message = match full.rfind(" at line ") {
        Some(i) => full[..i].to_string(),
        None => full,
    };
    let span = err
        .location()
        .map_or_else(|| SourceSpan::from((0, 0)), |l| src.span_of(&l));
    (message, span)
}

/// The options carca parses a YAML text of `len` bytes with: no snippets
/// (the diagnostics quote the file themselves), duplicate keys rejected, and
/// a budget against alias bombs and deep nesting. The budget allows as many
/// nodes as the text has bytes (a long game is long), but few aliases and
/// anchors (carca's files never need many) and little depth.
#[must_use]
pub fn yaml_options(len: usize) -> serde_saphyr::Options {
    let nodes = len.max(250_000);
    serde_saphyr::options! {
        with_snippet: false,
        budget: serde_saphyr::budget! {
            max_nodes: nodes,
            max_events: 2 * nodes,
            max_aliases: 1_000,
            max_anchors: 1_000,
            max_depth: 32,
        },
    }
}
