//! User files as diagnostics see them.
//!
//! A [`SourceFile`] is a file's name and text, cheaply shared, so that every
//! diagnostic about the file can quote it. It owns the conversions from the
//! parsers' positions (serde-saphyr locations, TOML byte ranges) to
//! [`SourceSpan`]s.

use std::fmt;
use std::sync::{Arc, OnceLock};

use miette::{MietteError, MietteSpanContents, SourceCode, SourceSpan, SpanContents};
use serde_saphyr::Location;

use crate::spanned::Spanned;

/// The largest file carca reads unless told otherwise (16 MiB).
pub const DEFAULT_MAX_FILE_BYTES: u64 = 16 * 1024 * 1024;

/// A named text shared by all diagnostics about it.
#[derive(Clone)]
pub struct SourceFile {
    name: Arc<str>,
    // The text as read, shared without copying it (a record may be tens of MB).
    text: Arc<String>,
    /// Where each line starts, built the first time a position is asked
    /// for, so that every later lookup is a binary search.
    lines: Arc<OnceLock<LineIndex>>,
    /// Lines of the file before this text (a line of a `.jsonl` file is a
    /// text of its own that starts further down).
    line_offset: usize,
}

/// The start of every line of a text, and whether the line is ASCII (so
/// that its columns are byte distances).
#[derive(Debug, Default)]
struct LineIndex {
    starts: Vec<usize>,
    ascii: Vec<bool>,
}

impl LineIndex {
    fn new(text: &str) -> LineIndex {
        let mut index = LineIndex {
            starts: vec![0],
            ascii: Vec::new(),
        };
        let mut ascii = true;
        for (i, b) in text.bytes().enumerate() {
            ascii &= b.is_ascii();
            if b == b'\n' {
                index.starts.push(i + 1);
                index.ascii.push(ascii);
                ascii = true;
            }
        }
        index.ascii.push(ascii);
        index
    }
}

impl SourceFile {
    /// A source from its display name and text.
    #[must_use]
    pub fn new(name: impl AsRef<str>, text: impl Into<String>) -> SourceFile {
        let text: String = text.into();
        SourceFile {
            name: Arc::from(name.as_ref()),
            text: Arc::new(text),
            lines: Arc::default(),
            line_offset: 0,
        }
    }

    /// A text that is line `line` (1-based) of a larger file: positions are
    /// shown with the file's line numbers.
    #[must_use]
    pub fn at_line(mut self, line: usize) -> SourceFile {
        self.line_offset = line.saturating_sub(1);
        self
    }

    fn index(&self) -> &LineIndex {
        self.lines.get_or_init(|| LineIndex::new(&self.text))
    }

    /// Lines of the file before this text (see [`SourceFile::at_line`]).
    #[must_use]
    pub fn line_offset(&self) -> usize {
        self.line_offset
    }

    /// The 0-based line that holds byte `offset`.
    #[must_use]
    pub fn line_of(&self, offset: usize) -> usize {
        self.index().starts.partition_point(|&s| s <= offset) - 1
    }

    /// The byte range of 0-based line `line`, without its line end.
    #[must_use]
    pub fn line_range(&self, line: usize) -> std::ops::Range<usize> {
        let starts = &self.index().starts;
        let start = starts.get(line).copied().unwrap_or(self.text.len());
        let mut end = starts.get(line + 1).map_or(self.text.len(), |&e| e - 1);
        if end > start && self.text.as_bytes()[end - 1] == b'\r' {
            end -= 1;
        }
        start..end.max(start)
    }

    /// 1-based line and column (in characters) of byte `offset`.
    #[must_use]
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let line = self.line_of(offset);
        let start = self.index().starts[line];
        let column = if self.index().ascii[line] {
            offset - start
        } else {
            self.text
                .get(start..offset)
                .map_or(offset - start, |s| s.chars().count())
        };
        (line + 1 + self.line_offset, column + 1)
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
        self.span_at(&crate::spanned::Mark::from(loc))
    }

    /// The span of a value's mark, clamped to the text.
    #[must_use]
    pub fn span_at(&self, mark: &crate::spanned::Mark) -> SourceSpan {
        // Values read by a parser that keeps no positions (JSON) have none.
        if mark.line() == 0 {
            return SourceSpan::from((0, 0));
        }
        let len = self.text.len();
        let (offset, width) = match mark.bytes() {
            Some(b) => b,
            None => (self.offset_of_line_col(mark.line(), mark.column()), 1),
        };
        let offset = offset.min(len);
        let width = width.min(len - offset);
        SourceSpan::from((offset, width))
    }

    /// The span of a spanned value.
    #[must_use]
    pub fn span<T>(&self, v: &Spanned<T>) -> SourceSpan {
        self.span_at(&v.at)
    }

    /// Byte offset of a 1-based line and column (columns count characters).
    #[must_use]
    pub fn offset_of_line_col(&self, line: u64, column: u64) -> usize {
        let starts = &self.index().starts;
        let Some(&start) = usize::try_from(line)
            .ok()
            .and_then(|l| l.checked_sub(1))
            .and_then(|l| starts.get(l))
        else {
            return self.text.len();
        };
        let rest = &self.text[start..];
        let rest = &rest[..rest.find('\n').map_or(rest.len(), |e| e + 1)];
        start
            + rest
                .char_indices()
                .nth(column.saturating_sub(1) as usize)
                .map_or(rest.len(), |(b, _)| b)
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
        // Only the lines around the span are handed to miette, found by the
        // line index: reading a span costs the same anywhere in a file.
        let len = self.text.len();
        let first = self
            .line_of(span.offset().min(len))
            .saturating_sub(context_lines_before);
        let last = self.line_of((span.offset() + span.len()).min(len)) + context_lines_after + 1;
        let from = self.index().starts[first];
        let to = self.index().starts.get(last + 1).copied().unwrap_or(len);
        let region = &self.text.as_bytes()[from..to];
        let local = SourceSpan::from((span.offset().saturating_sub(from), span.len()));
        let inner = region.read_span(&local, context_lines_before, context_lines_after)?;
        let shown = SourceSpan::from((inner.span().offset() + from, inner.span().len()));
        let line = inner.line() + first;
        let end = (shown.offset() + shown.len()).saturating_sub(1).min(len);
        Ok(Box::new(MietteSpanContents::new_named(
            self.name.to_string(),
            inner.data(),
            shown,
            line + self.line_offset,
            inner.column(),
            self.line_of(end).saturating_sub(line) + 1,
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
/// a budget against alias bombs and deep nesting, and YAML 1.2's booleans
/// only (`true`, `false`): `yes`, `no`, `on`, `off`, `y` and `n` are words
/// in every file carca reads, so that a location such as `N` stays a
/// location wherever a value may be a word. The budget allows as many
/// nodes as the text has bytes (a long game is long), but few aliases and
/// anchors (carca's files never need many) and little depth.
#[must_use]
pub fn yaml_options(len: usize) -> serde_saphyr::Options {
    let nodes = len.max(250_000);
    serde_saphyr::options! {
        with_snippet: false,
        strict_booleans: true,
        budget: serde_saphyr::budget! {
            max_nodes: nodes,
            max_events: 2 * nodes,
            max_aliases: 1_000,
            max_anchors: 1_000,
            max_depth: 32,
        },
    }
}

/// Something in a text that YAML does not allow, whatever else the text is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Obstacle {
    /// A character outside YAML's printable set (control characters but
    /// tab and line ends, DEL, C1 controls but NEL, U+FFFE and U+FFFF).
    Character {
        /// Its byte offset.
        offset: usize,
        /// The character.
        found: char,
    },
    /// A quoted key longer than the 1,024 characters YAML allows.
    LongKey {
        /// Byte offset of its opening quote.
        offset: usize,
        /// Its length in characters.
        chars: usize,
    },
}

/// The longest key YAML allows, in characters.
pub const MAX_KEY_CHARS: usize = 1024;

/// Whether YAML allows `c` in a file.
fn yaml_printable(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | ' '..='~' | '\u{85}' | '\u{a0}'..='\u{d7ff}' | '\u{e000}'..='\u{fffd}' | '\u{10000}'..)
}

/// Whether every byte is printable ASCII, a tab or a line break: a few
/// instructions for 64 bytes, since the test of a block of bytes has no
/// branch and is made with vector instructions.
fn printable_ascii(bytes: &[u8]) -> bool {
    // Branch-free arithmetic, which the compiler turns into vector code: a
    // byte is out of place when it is not from a space to `~` and not a
    // tab, a line feed or a carriage return.
    let bad = |b: u8| {
        u8::from(b.wrapping_sub(b' ') > b'~' - b' ')
            & u8::from(b != b'\t')
            & u8::from(b != b'\n')
            & u8::from(b != b'\r')
    };
    let mut blocks = bytes.chunks_exact(64);
    let clean = blocks
        .by_ref()
        .all(|block| block.iter().fold(0u8, |seen, &b| seen | bad(b)) == 0);
    clean && blocks.remainder().iter().all(|&b| bad(b) == 0)
}

/// Whether a JSON text of printable ASCII surely holds no string longer
/// than a key may be, found without walking it byte by byte. Without a
/// backslash, a string runs from one quote to the next; one of over
/// `MAX_KEY_CHARS` bytes would hold a whole block of half that many,
/// aligned, without a quote, so a text whose every such block has one
/// holds none. `false` means only "look closer".
fn no_long_string(bytes: &[u8]) -> bool {
    bytes.len() <= MAX_KEY_CHARS
        || (!bytes.contains(&b'\\')
            && bytes
                .chunks_exact(MAX_KEY_CHARS / 2)
                .all(|block| block.contains(&b'"')))
}

/// Whether a JSON text is printable ASCII with no string longer than a
/// key may be: one pass over its bytes, so that such a text (most are) is
/// not walked character by character.
fn plain_json(text: &str) -> bool {
    let (mut quoted, mut escaped, mut len) = (false, false, 0usize);
    for &b in text.as_bytes() {
        if !matches!(b, b' '..=b'~' | b'\n' | b'\r' | b'\t') {
            return false;
        }
        if !quoted {
            if b == b'"' {
                (quoted, len) = (true, 0);
            }
        } else if escaped {
            escaped = false;
            len += 1;
        } else if b == b'"' {
            if len > MAX_KEY_CHARS {
                return false;
            }
            quoted = false;
        } else {
            escaped = b == b'\\';
            len += 1;
        }
    }
    true
}

/// The first thing in `text` that a YAML reader refuses for what it is, not
/// for where it stands: every reader of records checks this first, so that a
/// JSON record read the quick way gets the verdict the YAML reader gives.
#[must_use]
pub fn yaml_obstacle(text: &str) -> Option<Obstacle> {
    // Long keys are looked for in JSON texts only: the YAML reader reports
    // them itself in YAML, where a quote may stand inside a plain scalar.
    let json = text.trim_start().starts_with('{');
    // Most texts are printable ASCII: a YAML text of it holds no obstacle,
    // and a JSON text none but a long key, which needs that many bytes.
    if printable_ascii(text.as_bytes()) && (!json || no_long_string(text.as_bytes())) {
        return None;
    }
    if json && plain_json(text) {
        return None;
    }
    let mut quote: Option<(usize, usize)> = None; // (offset, characters so far)
    let mut escaped = false;
    let mut closed: Option<(usize, usize)> = None; // a long string just closed
    for (offset, found) in text.char_indices() {
        if !yaml_printable(found) {
            return Some(Obstacle::Character { offset, found });
        }
        match &mut quote {
            Some((start, chars)) => {
                if escaped {
                    escaped = false;
                } else if found == '\\' {
                    escaped = true;
                } else if found == '"' {
                    if *chars > MAX_KEY_CHARS {
                        closed = Some((*start, *chars));
                    }
                    quote = None;
                    continue;
                }
                *chars += 1;
            }
            None => {
                if let Some((start, chars)) = closed {
                    match found {
                        ' ' | '\t' | '\r' | '\n' => continue,
                        ':' => {
                            return Some(Obstacle::LongKey {
                                offset: start,
                                chars,
                            });
                        }
                        _ => closed = None,
                    }
                }
                if json && found == '"' {
                    quote = Some((offset, 0));
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_texts_are_checked_for_long_keys_and_unprintable_characters() {
        let long = "k".repeat(MAX_KEY_CHARS + 1);
        // A long key is an obstacle; a long value, or an escaped quote in
        // a short key, is none.
        let key = format!("{{\"{long}\": 1}}");
        assert!(matches!(
            yaml_obstacle(&key),
            Some(Obstacle::LongKey { offset: 1, chars }) if chars == MAX_KEY_CHARS + 1
        ));
        assert_eq!(yaml_obstacle(&format!("{{\"a\": \"{long}\"}}")), None);
        assert_eq!(yaml_obstacle("{\"a\\\"b\": 1, \"c\": \"\\\\\"}"), None);
        // DEL in a string is an obstacle whatever its length.
        assert!(matches!(
            yaml_obstacle("{\"a\": \"x\u{7f}\"}"),
            Some(Obstacle::Character {
                found: '\u{7f}',
                ..
            })
        ));
    }

    #[test]
    fn the_quick_checks_say_no_only_when_a_closer_look_is_needed() {
        // Every byte value, alone in a block of 64 and in the tail.
        for b in 0u8..=255 {
            let printable = matches!(b, b' '..=b'~' | b'\t' | b'\n' | b'\r');
            for len in [64, 100] {
                let mut bytes = vec![b'a'; len];
                bytes[len - 1] = b;
                assert_eq!(printable_ascii(&bytes), printable, "byte {b} of {len}");
            }
        }
        // A long string is found wherever it lies against the blocks.
        for start in [0, 1, 300, 511, 512, 700] {
            for len in [MAX_KEY_CHARS - 1, MAX_KEY_CHARS, MAX_KEY_CHARS + 1] {
                let text = format!("{}\"{}\": 1", "\"a\",".repeat(start / 4), "k".repeat(len));
                let long = len > MAX_KEY_CHARS;
                assert!(
                    !long || !no_long_string(text.as_bytes()),
                    "{len} at {start}"
                );
                // A closer look settles what the quick one leaves open.
                let json = format!("{{{text}}}");
                assert_eq!(yaml_obstacle(&json).is_some(), long, "{len} at {start}");
            }
        }
        // A backslash always calls for the closer look.
        let escaped = format!("{{\"a\\\"\": \"{}\"}}", "x".repeat(MAX_KEY_CHARS));
        assert!(!no_long_string(escaped.as_bytes()));
        assert_eq!(yaml_obstacle(&escaped), None);
    }
}
