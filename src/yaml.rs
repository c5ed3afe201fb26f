//! carca's two ways of reading YAML.
//!
//! The spanned way is serde-saphyr: every value keeps its position, so that
//! every diagnostic points at its line, but the parser reads a few MB/s.
//! The quick way ([`read`]) takes only the plain YAML that records and tile
//! sets are written in (block maps and lists, one-line flow collections,
//! plain and simply quoted scalars, comments) and reads it many times
//! faster, without positions. Anything else it declines (`None`), and so
//! does the value it yields whenever a scalar could mean two things; the
//! caller then reads the text the spanned way. A text the quick way
//! accepts means the same in both readers: a fuzz target and the tests
//! compare them.
//!
//! Block structure is read into [`Node`]s; a one-line flow collection (a
//! turn, `{ tile: A, at: [0, 1] }`) is kept as its text and read straight
//! into the value asked for, so that a record's turns build no tree. What
//! it holds is checked then, and even a value nobody wants is read whole.
//!
//! [`Spanned`](crate::spanned::Spanned) (in `spanned.rs`) is the
//! value-with-position that carca's raw types hold; the quick reader
//! answers it with the bare value.

use std::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};

/// A YAML value read the quick way.
#[derive(Debug, PartialEq)]
pub enum Node<'a> {
    /// A scalar's text, and whether it was plain (unquoted).
    Scalar(&'a str, bool),
    /// A list.
    Seq(Vec<Node<'a>>),
    /// A map, in the order written; keys are scalars, none twice.
    Map(Vec<(Node<'a>, Node<'a>)>),
    /// A flow collection written on one line (`[0, 1]`, `{ tile: A }`):
    /// the line from its opening bracket on (a comment may follow the
    /// collection), and how many levels of collections it may open (the
    /// nesting left below `MAX_DEPTH`). It is read when its value is
    /// asked for, straight into that value, without nodes.
    Flow(&'a str, usize),
}

/// Deepest nesting the quick way reads (the spanned reader's limit is 32).
const MAX_DEPTH: usize = 24;
/// Longest key YAML allows, in characters.
const MAX_KEY_CHARS: usize = 1024;

/// Reads `text` the quick way, or `None` when it is not plain YAML of the
/// kind described in the module's documentation.
#[must_use]
pub fn read(text: &str) -> Option<Node<'_>> {
    if crate::source::yaml_obstacle(text).is_some() {
        return None;
    }
    let mut r = Reader {
        lines: lines(text)?,
        pos: 0,
        depth: 0,
    };
    r.lines.first()?;
    let node = r.block(0)?;
    (r.pos == r.lines.len()).then_some(node)
}

/// A line with content: its indentation and the rest.
#[derive(Clone, Copy)]
struct Line<'a> {
    indent: usize,
    text: &'a str,
}

/// The lines that hold content (not blank, not only a comment), or `None`
/// for what the quick way does not take: tabs, lone carriage returns,
/// directives, document markers but a first `---`.
fn lines(text: &str) -> Option<Vec<Line<'_>>> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    // Most texts hold neither: their lines need not be looked at for them.
    let tabs_or_returns = !no_tab_or_return(text.as_bytes());
    let mut out = Vec::with_capacity(text.len() / 32);
    for raw in text.split('\n') {
        let raw = raw.strip_suffix('\r').unwrap_or(raw);
        if tabs_or_returns && raw.bytes().any(|b| b == b'\t' || b == b'\r') {
            return None;
        }
        let rest = raw.trim_start_matches(' ');
        if rest.is_empty() || rest.starts_with('#') {
            continue;
        }
        let indent = raw.len() - rest.len();
        if indent == 0 && (rest.starts_with("---") || rest.starts_with("...")) {
            let marker_only = rest[3..].trim_start_matches(' ');
            if out.is_empty() && rest.starts_with("---") && marker_only.is_empty() {
                continue;
            }
            if marker_only.is_empty() || rest[3..].starts_with(' ') {
                return None;
            }
        }
        if indent == 0 && rest.starts_with('%') {
            return None;
        }
        out.push(Line { indent, text: rest });
    }
    Some(out)
}

/// Whether `bytes` hold no tab and no carriage return, looked at 64 at a
/// time (arithmetic without branches, which becomes vector code).
fn no_tab_or_return(bytes: &[u8]) -> bool {
    let found = |b: u8| u8::from(b == b'\t') | u8::from(b == b'\r');
    let mut blocks = bytes.chunks_exact(64);
    let clean = blocks
        .by_ref()
        .all(|block| block.iter().fold(0u8, |seen, &b| seen | found(b)) == 0);
    clean && blocks.remainder().iter().all(|&b| found(b) == 0)
}

struct Reader<'a> {
    lines: Vec<Line<'a>>,
    pos: usize,
    depth: usize,
}

/// Whether a line's content starts a list item.
fn is_item(text: &str) -> bool {
    text == "-" || text.starts_with("- ")
}

impl<'a> Reader<'a> {
    fn deeper(&mut self) -> Option<()> {
        self.depth += 1;
        (self.depth <= MAX_DEPTH).then_some(())
    }

    /// The block node whose first line is the current one.
    fn block(&mut self, min_indent: usize) -> Option<Node<'a>> {
        let line = *self.lines.get(self.pos)?;
        if line.indent < min_indent {
            return None;
        }
        self.deeper()?;
        let node = if is_item(line.text) {
            self.list(line.indent)
        } else {
            self.map(line.indent)
        };
        self.depth -= 1;
        node
    }

    /// The indentation of the next line (none: the text's end).
    fn next_indent(&self) -> Option<usize> {
        self.lines.get(self.pos).map(|l| l.indent)
    }

    /// After a value written on its line: the next line must not continue
    /// it (a plain scalar may run on to more indented lines).
    fn ends_at(&self, indent: usize) -> Option<()> {
        match self.next_indent() {
            Some(i) if i > indent => None,
            _ => Some(()),
        }
    }

    fn map(&mut self, indent: usize) -> Option<Node<'a>> {
        let mut entries: Vec<(Node<'a>, Node<'a>)> = Vec::new();
        let mut keys = Keys::default();
        while let Some(line) = self.lines.get(self.pos).copied() {
            if line.indent < indent {
                break;
            }
            if line.indent > indent || is_item(line.text) {
                return None;
            }
            let (key, rest) = key(line.text)?;
            self.pos += 1;
            let value = if blank(rest) {
                match self.lines.get(self.pos) {
                    Some(l) if l.indent > indent => self.block(indent + 1)?,
                    Some(l) if l.indent == indent && is_item(l.text) => {
                        self.deeper()?;
                        let list = self.list(indent);
                        self.depth -= 1;
                        list?
                    }
                    // An empty value is null, which the quick way leaves
                    // to the spanned reader.
                    _ => return None,
                }
            } else {
                let v = self.inline(rest)?;
                self.ends_at(indent)?;
                v
            };
            let Node::Scalar(text, _) = key else {
                return None;
            };
            if !keys.add(text) {
                return None;
            }
            entries.push((key, value));
        }
        Some(Node::Map(entries))
    }

    fn list(&mut self, indent: usize) -> Option<Node<'a>> {
        let mut items = Vec::new();
        while let Some(line) = self.lines.get(self.pos).copied() {
            if line.indent < indent || (line.indent == indent && !is_item(line.text)) {
                break;
            }
            if line.indent > indent {
                return None;
            }
            let after = &line.text[1..];
            let rest = after.trim_start_matches(' ');
            let item = if rest.starts_with(['[', '{']) {
                // A flow collection (a turn, most often) takes the line.
                self.pos += 1;
                let v = self.flow(rest);
                self.ends_at(indent)?;
                v
            } else if blank(after) {
                self.pos += 1;
                match self.next_indent() {
                    Some(i) if i > indent => self.block(indent + 1)?,
                    _ => return None,
                }
            } else if is_item(rest) {
                return None;
            } else if key(rest).is_some() {
                // A map that starts on the item's line, at the column of
                // its first key.
                let column = indent + 1 + (after.len() - rest.len());
                self.lines[self.pos] = Line {
                    indent: column,
                    text: rest,
                };
                self.block(column)?
            } else {
                self.pos += 1;
                let v = self.inline(rest)?;
                self.ends_at(indent)?;
                v
            };
            items.push(item);
        }
        Some(Node::Seq(items))
    }

    /// A value written on its line: a flow collection or a scalar, then at
    /// most a comment.
    fn inline(&mut self, text: &'a str) -> Option<Node<'a>> {
        let text = text.trim_start_matches(' ');
        if text.starts_with(['[', '{']) {
            return Some(self.flow(text));
        }
        let (node, rest) = scalar(text, false)?;
        blank(rest).then_some(node)
    }

    /// A flow collection, which takes the rest of its line: reading it
    /// finds out where it ends, and that at most a comment follows.
    fn flow(&self, text: &'a str) -> Node<'a> {
        let room = MAX_DEPTH.saturating_sub(self.depth);
        Node::Flow(text.trim_end_matches(' '), room)
    }
}

/// Whether what is left of a line holds nothing but spaces and a comment.
fn blank(rest: &str) -> bool {
    let trimmed = rest.trim_start_matches(' ');
    trimmed.is_empty() || (trimmed.starts_with('#') && trimmed.len() < rest.len())
}

fn key_too_long(k: &Node<'_>) -> bool {
    matches!(k, Node::Scalar(t, _) if t.len() > MAX_KEY_CHARS && t.chars().count() > MAX_KEY_CHARS)
}

/// A block map's key and what follows its `:`.
fn key(text: &str) -> Option<(Node<'_>, &str)> {
    let (k, rest) = scalar(text, false)?;
    if key_too_long(&k) {
        return None;
    }
    let rest = rest.trim_start_matches(' ').strip_prefix(':')?;
    (rest.is_empty() || rest.starts_with(' ')).then_some((k, rest))
}

/// A scalar at the start of `text`, and the text after it. Plain scalars
/// must start with a letter, a digit, `_`, `/`, `./`, `../`, or `-` and a
/// digit, and hold no
/// character that could end or change them elsewhere (`:` `#` quotes,
/// brackets, braces, a backslash, a comma in a flow collection); quoted
/// ones must close on the line and hold no escape.
fn scalar(text: &str, in_flow: bool) -> Option<(Node<'_>, &str)> {
    let bytes = text.as_bytes();
    let first = *bytes.first()?;
    match first {
        b'"' | b'\'' => {
            let body = &text[1..];
            let end = body.as_bytes().iter().position(|&b| b == first)?;
            let content = &body[..end];
            let after = &body[end + 1..];
            if (first == b'"' && content.as_bytes().contains(&b'\\'))
                || (first == b'\'' && after.starts_with('\''))
            {
                return None;
            }
            Some((Node::Scalar(content, false), after))
        }
        _ => {
            let second = bytes.get(1).copied();
            let starts_well = if first.is_ascii() {
                first.is_ascii_alphanumeric()
                    || first == b'_'
                    || first == b'/'
                    || (first == b'.' && matches!(second, Some(b'.' | b'/')))
                    || (first == b'-' && second.is_some_and(|c| c.is_ascii_digit()))
            } else {
                text.chars().next().is_some_and(char::is_alphanumeric)
            };
            if !starts_well {
                return None;
            }
            let end = plain_end(text, in_flow);
            let content = text[..end].trim_end_matches(' ');
            let after = &text[end..];
            // `#` starts a comment only after a space.
            if after.starts_with('#') && content.len() == end {
                return None;
            }
            if content.len() == 4 && matches!(content, "null" | "Null" | "NULL") {
                return None;
            }
            Some((Node::Scalar(content, true), &text[content.len()..]))
        }
    }
}

/// Which ASCII characters a plain scalar holds, in a block and in a flow
/// collection: [`plain_char`] of each, made once when carca is built.
const PLAIN_ASCII: [[bool; 128]; 2] = {
    let mut table = [[false; 128]; 2];
    let mut b = 0;
    while b < 128 {
        // An ASCII control character is one below a space, or DEL.
        let c = b as u8;
        let plain = !(c < b' '
            || c == 0x7f
            || matches!(
                c,
                b':' | b'#' | b'"' | b'\\' | b'[' | b']' | b'{' | b'}' | b'`'
            ));
        table[0][b] = plain;
        table[1][b] = plain && c != b',';
        b += 1;
    }
    table
};

/// Where a plain scalar's characters end (byte by byte while they are
/// ASCII, the common case).
fn plain_end(text: &str, in_flow: bool) -> usize {
    let table = &PLAIN_ASCII[usize::from(in_flow)];
    let bytes = text.as_bytes();
    let mut end = 0;
    while let Some(&b) = bytes.get(end) {
        if b.is_ascii() {
            if !table[usize::from(b)] {
                break;
            }
            end += 1;
        } else {
            match text[end..].chars().next() {
                Some(c) if plain_char(c, in_flow) => end += c.len_utf8(),
                _ => break,
            }
        }
    }
    end
}

#[inline]
fn plain_char(c: char, in_flow: bool) -> bool {
    !(c.is_control()
        || matches!(
            c,
            ':' | '#' | '"' | '\\' | '[' | ']' | '{' | '}' | '`' | '\u{feff}'
        )
        || (in_flow && c == ','))
}

/// A plain scalar read as an integer, the YAML 1.2 way that every reader
/// agrees on: decimal digits, an optional minus, no leading zero.
fn integer(text: &str) -> Option<i128> {
    let digits = text.strip_prefix('-').unwrap_or(text);
    let clean = !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && (digits == "0" && digits.len() == text.len() || !digits.starts_with('0'));
    if !clean || digits.len() > 20 {
        return None;
    }
    // Up to 18 digits fit an `i64`: added up at once.
    if digits.len() <= 18 {
        let n = digits
            .bytes()
            .fold(0i64, |n, b| n * 10 + i64::from(b - b'0'));
        return Some(i128::from(if digits.len() < text.len() { -n } else { n }));
    }
    text.parse().ok()
}

/// What a plain scalar is when nothing says which type it should be.
enum Plain<'a> {
    Bool(bool),
    Int,
    Str(&'a str),
}

fn untyped(text: &str) -> Option<Plain<'_>> {
    match text {
        "true" => return Some(Plain::Bool(true)),
        "false" => return Some(Plain::Bool(false)),
        _ => {}
    }
    if integer(text).is_some() {
        return Some(Plain::Int);
    }
    // Words that YAML 1.1 or 1.2 read as booleans or null, numbers in any
    // other form, and what Rust reads as a float: left to the spanned reader.
    let ambiguous = ["y", "yes", "n", "no", "on", "off", "true", "false", "null"]
        .iter()
        .any(|w| text.eq_ignore_ascii_case(w))
        || text.starts_with(|c: char| c.is_ascii_digit() || matches!(c, '+' | '-'))
        || (text.starts_with('.') && !text.starts_with("..") && !text.starts_with("./"))
        || text.parse::<f64>().is_ok();
    (!ambiguous).then_some(Plain::Str(text))
}

/// Why the quick reader declined a value; the caller reads the text the
/// spanned way, which says what is wrong.
#[derive(Debug)]
pub struct Declined(String);

impl fmt::Display for Declined {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Declined {}

impl de::Error for Declined {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        Declined(msg.to_string())
    }
}

fn declined<T>(what: &str) -> Result<T, Declined> {
    Err(Declined(what.to_string()))
}

impl<'a> Node<'a> {
    /// Reads every flow collection within, for nothing but to find out
    /// whether the quick way takes them.
    fn read_whole(&self) -> Result<(), Declined> {
        match self {
            Node::Scalar(..) => Ok(()),
            Node::Seq(items) => items.iter().try_for_each(Node::read_whole),
            Node::Map(entries) => entries.iter().try_for_each(|(_, v)| v.read_whole()),
            Node::Flow(text, room) => {
                whole(text, *room, |f| f.deserialize_ignored_any(de::IgnoredAny)).map(drop)
            }
        }
    }

    fn plain_text(&self) -> Option<&'a str> {
        match *self {
            Node::Scalar(t, true) => Some(t),
            _ => None,
        }
    }

    fn int<'de, V: Visitor<'de>>(&self, v: V) -> Result<V::Value, Declined> {
        match self.plain_text().and_then(integer) {
            Some(n) => match (i64::try_from(n), u64::try_from(n)) {
                (_, Ok(u)) => v.visit_u64(u),
                (Ok(i), _) => v.visit_i64(i),
                _ => declined("a number out of range"),
            },
            None => declined("not a plain integer"),
        }
    }
}

struct Items<'x, 'a>(std::slice::Iter<'x, Node<'a>>);

impl<'de> SeqAccess<'de> for Items<'_, 'de> {
    type Error = Declined;
    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Declined> {
        self.0.next().map(|n| seed.deserialize(n)).transpose()
    }
    fn size_hint(&self) -> Option<usize> {
        Some(self.0.len())
    }
}

struct Entries<'x, 'a> {
    entries: std::slice::Iter<'x, (Node<'a>, Node<'a>)>,
    value: Option<&'x Node<'a>>,
}

impl<'de> MapAccess<'de> for Entries<'_, 'de> {
    type Error = Declined;
    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Declined> {
        match self.entries.next() {
            Some((k, v)) => {
                self.value = Some(v);
                seed.deserialize(k).map(Some)
            }
            None => Ok(None),
        }
    }
    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Declined> {
        match self.value.take() {
            Some(v) => seed.deserialize(v),
            None => declined("a value without a key"),
        }
    }
    fn size_hint(&self) -> Option<usize> {
        Some(self.entries.len())
    }
}

impl<'de, 'x> Node<'de> {
    fn seq<V: Visitor<'de>>(&'x self, v: V) -> Result<V::Value, Declined> {
        if let Node::Flow(text, room) = self {
            return whole(text, *room, |f| f.deserialize_seq(v));
        }
        let Node::Seq(items) = self else {
            return declined("not a list");
        };
        let mut access = Items(items.iter());
        let out = v.visit_seq(&mut access)?;
        if access.0.len() == 0 {
            Ok(out)
        } else {
            declined("a list longer than expected")
        }
    }

    fn map_of<V: Visitor<'de>>(&'x self, v: V) -> Result<V::Value, Declined> {
        if let Node::Flow(text, room) = self {
            return whole(text, *room, |f| f.deserialize_map(v));
        }
        let Node::Map(entries) = self else {
            return declined("not a map");
        };
        let mut access = Entries {
            entries: entries.iter(),
            value: None,
        };
        let out = v.visit_map(&mut access)?;
        if access.entries.len() == 0 {
            Ok(out)
        } else {
            declined("a map with more entries than expected")
        }
    }
}

/// Integer targets all read a plain integer; the visitor checks the range.
macro_rules! forward_integers {
    ($($method:ident),*) => {
        $(
            fn $method<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Declined> {
                self.int(v)
            }
        )*
    };
}

impl<'de> Deserializer<'de> for &Node<'de> {
    type Error = Declined;

    fn deserialize_any<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Declined> {
        match self {
            Node::Scalar(t, false) => v.visit_borrowed_str(t),
            Node::Scalar(t, true) => match untyped(t) {
                Some(Plain::Bool(b)) => v.visit_bool(b),
                Some(Plain::Int) => self.int(v),
                Some(Plain::Str(s)) => v.visit_borrowed_str(s),
                None => declined("a scalar that could mean two things"),
            },
            Node::Seq(_) => self.seq(v),
            Node::Map(_) => self.map_of(v),
            Node::Flow(text, room) => whole(text, *room, |f| f.deserialize_any(v)),
        }
    }

    fn deserialize_bool<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Declined> {
        match self.plain_text() {
            Some("true") => v.visit_bool(true),
            Some("false") => v.visit_bool(false),
            _ => declined("not true or false"),
        }
    }

    forward_integers!(
        deserialize_i8,
        deserialize_i16,
        deserialize_i32,
        deserialize_i64,
        deserialize_u8,
        deserialize_u16,
        deserialize_u32,
        deserialize_u64
    );

    fn deserialize_f32<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Declined> {
        declined("a float")
    }
    fn deserialize_f64<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Declined> {
        declined("a float")
    }
    fn deserialize_char<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Declined> {
        declined("a character")
    }

    fn deserialize_str<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Declined> {
        match self {
            Node::Scalar(t, _) => v.visit_borrowed_str(t),
            _ => declined("not a scalar"),
        }
    }
    fn deserialize_string<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Declined> {
        self.deserialize_str(v)
    }
    fn deserialize_identifier<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Declined> {
        self.deserialize_str(v)
    }

    fn deserialize_bytes<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Declined> {
        declined("bytes")
    }
    fn deserialize_byte_buf<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Declined> {
        declined("bytes")
    }

    fn deserialize_option<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Declined> {
        // The quick way reads no nulls: a value written is `Some`.
        v.visit_some(self)
    }

    fn deserialize_unit<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Declined> {
        declined("a null")
    }
    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        _: V,
    ) -> Result<V::Value, Declined> {
        declined("a null")
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        v: V,
    ) -> Result<V::Value, Declined> {
        if name == crate::spanned::SPANNED {
            v.visit_some(self)
        } else if name == READ_APART {
            // Read by its own reader, later: not read here at all.
            v.visit_unit()
        } else if name == crate::spanned::WORD_OR_MAP {
            // A word (never a boolean or a number here) or a mapping.
            match self {
                Node::Scalar(t, _) => v.visit_borrowed_str(t),
                Node::Map(_) => self.map_of(v),
                Node::Flow(text, _) if text.starts_with('{') => self.map_of(v),
                Node::Seq(_) | Node::Flow(..) => declined("a list where a word or a mapping goes"),
            }
        } else {
            v.visit_newtype_struct(self)
        }
    }

    fn deserialize_seq<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Declined> {
        self.seq(v)
    }
    fn deserialize_tuple<V: Visitor<'de>>(self, _: usize, v: V) -> Result<V::Value, Declined> {
        self.seq(v)
    }
    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        _: usize,
        v: V,
    ) -> Result<V::Value, Declined> {
        self.seq(v)
    }
    fn deserialize_map<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Declined> {
        self.map_of(v)
    }
    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        _: &'static [&'static str],
        v: V,
    ) -> Result<V::Value, Declined> {
        self.map_of(v)
    }
    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _: &'static str,
        _: &'static [&'static str],
        _: V,
    ) -> Result<V::Value, Declined> {
        declined("an enum")
    }
    fn deserialize_ignored_any<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Declined> {
        // Read all the same: what the quick way takes, it reads whole.
        self.read_whole()?;
        v.visit_unit()
    }
}

/// A value of a flat flow map as [`flat_map`] reads it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Flat<'a> {
    /// A plain word: letters, digits and `_`, a letter or digit first (not
    /// a null), as the quick way reads it where a word goes.
    Word(&'a str),
    /// A simply quoted scalar's text.
    Quoted(&'a str),
    /// A plain integer (decimal digits, a minus before them, no leading
    /// zero), and its text, which is also what a word it stands for reads.
    Int(i64, &'a str),
    /// `[x, y]`: two such integers.
    Pair(i64, i64),
}

/// Reads a one-line flow map whose values are words, quoted scalars,
/// integers and `[x, y]` pairs (`{tile: A, at: [0, 1], rot: 90}`), handing
/// each key and value to `each` in the order written, without the reader's
/// general machinery; `false` (and nothing more is read) when the text is
/// anything else, or `each` says so. It takes only text the quick way
/// reads in one way, the same values, so that a caller that reads what it
/// declines the quick way gets what the quick way would give. `room` is
/// how many levels of collections the text may open.
pub(crate) fn flat_map<'a>(
    text: &'a str,
    room: usize,
    mut each: impl FnMut(&'a str, Flat<'a>) -> bool,
) -> bool {
    if room < 2 {
        return false;
    }
    let Some(body) = text.strip_prefix('{') else {
        return false;
    };
    let mut rest = skip_spaces(body);
    if rest.starts_with('}') {
        return false;
    }
    loop {
        let mut here = FlowValue {
            rest: &mut rest,
            room: 0,
        };
        let Some(key) = here.short_word(true) else {
            return false;
        };
        let Some(after) = rest.strip_prefix(": ") else {
            return false;
        };
        rest = skip_spaces(after);
        let Some(value) = flat_value(&mut rest) else {
            return false;
        };
        if !each(key, value) || next_entry(&mut rest, b'}').is_err() {
            return false;
        }
        if let Some(after) = rest.strip_prefix('}') {
            return blank(after);
        }
    }
}

/// The value at the start of `rest` for [`flat_map`], which the text
/// moves past (to the comma or bracket after it).
fn flat_value<'a>(rest: &mut &'a str) -> Option<Flat<'a>> {
    let text = *rest;
    match *text.as_bytes().first()? {
        b'[' => {
            let mut inside = &text[1..];
            let mut here = FlowValue {
                rest: &mut inside,
                room: 0,
            };
            let x = here.short_integer()?;
            let after = inside.strip_prefix(", ")?;
            if !after.starts_with(|c: char| c == '-' || c.is_ascii_digit()) {
                return None;
            }
            inside = after;
            let mut here = FlowValue {
                rest: &mut inside,
                room: 0,
            };
            let y = here.short_integer()?;
            *rest = inside.strip_prefix(']')?;
            Some(Flat::Pair(x, y))
        }
        b'"' | b'\'' => {
            let (node, after) = scalar(text, true)?;
            let Node::Scalar(content, false) = node else {
                return None;
            };
            *rest = after;
            Some(Flat::Quoted(content))
        }
        _ => {
            let mut here = FlowValue {
                rest: &mut *rest,
                room: 0,
            };
            if let Some(n) = here.short_integer() {
                let len = text.len() - rest.len();
                return Some(Flat::Int(n, &text[..len]));
            }
            let mut here = FlowValue {
                rest: &mut *rest,
                room: 0,
            };
            if let Some(word) = here.short_word(false) {
                return Some(Flat::Word(word));
            }
            // A word that spaces follow before the comma or bracket (`{ tile:
            // U }`), a letter first: the plain scalar the quick reader reads
            // there, its spaces trimmed. The spaces are left for the
            // entry's end.
            let bytes = text.as_bytes();
            if !bytes.first()?.is_ascii_alphabetic() {
                return None;
            }
            let len = bytes.iter().take_while(|&&b| WORD[usize::from(b)]).count();
            let spaces = bytes[len..].iter().take_while(|&&b| b == b' ').count();
            let word = &text[..len];
            if spaces == 0
                || len > MAX_KEY_CHARS
                || matches!(word, "null" | "Null" | "NULL")
                || !matches!(bytes.get(len + spaces), Some(b',' | b']' | b'}'))
            {
                return None;
            }
            *rest = &text[len..];
            Some(Flat::Word(word))
        }
    }
}

/// The name under which a [`ReadApart`] asks for itself.
const READ_APART: &str = "__carca_read_apart";

/// A value that its own reader reads apart, later (a record's turns, read
/// one by one as they are converted): the quick reader leaves it unread
/// here, and any other reader skips it as any value.
pub(crate) struct ReadApart;

impl<'de> serde::Deserialize<'de> for ReadApart {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<ReadApart, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = ReadApart;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("any value")
            }
            fn visit_unit<E: de::Error>(self) -> Result<ReadApart, E> {
                Ok(ReadApart)
            }
            fn visit_newtype_struct<D: Deserializer<'de>>(
                self,
                d: D,
            ) -> Result<ReadApart, D::Error> {
                <de::IgnoredAny as serde::Deserialize>::deserialize(d).map(|_| ReadApart)
            }
        }
        d.deserialize_newtype_struct(READ_APART, V)
    }
}

/// Reads a flow collection's line with `read`, which must take all of it
/// but a comment; `room` is how many levels of collections it may open.
fn whole<'de, T>(
    text: &'de str,
    room: usize,
    read: impl FnOnce(FlowValue<'_, 'de>) -> Result<T, Declined>,
) -> Result<T, Declined> {
    let mut rest = text;
    let out = read(FlowValue {
        rest: &mut rest,
        room,
    })?;
    if blank(rest) {
        Ok(out)
    } else {
        declined("a flow collection that ends elsewhere")
    }
}

/// The value at the start of what is left of a flow collection's text: a
/// scalar, read as its [`Node`], or a collection, read entry by entry.
/// Reading it moves the text on past it.
struct FlowValue<'c, 'a> {
    rest: &'c mut &'a str,
    /// How many levels of collections may still open here.
    room: usize,
}

/// What a collection is read as.
#[derive(Clone, Copy, PartialEq)]
enum Want {
    Any,
    Seq,
    Map,
}

/// Which ASCII bytes a short word holds: letters, digits and `_`.
const WORD: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        table[b] = c.is_ascii_alphanumeric() || c == b'_';
        b += 1;
    }
    table
};

impl<'a> FlowValue<'_, 'a> {
    /// The scalar at the start, which the text moves past.
    fn scalar(&mut self) -> Result<Node<'a>, Declined> {
        match scalar(self.rest, true) {
            Some((node, after)) => {
                *self.rest = after;
                Ok(node)
            }
            None => declined("not a plain or simply quoted scalar"),
        }
    }

    /// The integer at the start, when it is plain decimal digits (a minus
    /// before them, no leading zero, at most 18) that a comma or a closing
    /// bracket follows at once, which the text moves past: what [`integer`]
    /// reads of such a scalar, found without taking the scalar apart.
    fn short_integer(&mut self) -> Option<i64> {
        let bytes = self.rest.as_bytes();
        let minus = usize::from(*bytes.first()? == b'-');
        let mut end = minus;
        let mut n = 0i64;
        loop {
            let b = *bytes.get(end)?;
            let digit = b.wrapping_sub(b'0');
            if digit > 9 {
                if !matches!(b, b',' | b']' | b'}') {
                    return None;
                }
                break;
            }
            // At most 18 digits, which an `i64` holds.
            if end - minus == 18 {
                return None;
            }
            n = n * 10 + i64::from(digit);
            end += 1;
        }
        let digits = end - minus;
        let zero_led = bytes[minus] == b'0' && (digits > 1 || minus == 1);
        if digits == 0 || zero_led {
            return None;
        }
        *self.rest = &self.rest[end..];
        Some(if minus == 1 { -n } else { n })
    }

    /// The word at the start, when it is letters, digits and `_` (a letter
    /// or digit first) that a `:` follows at once (a key) or a comma or a
    /// closing bracket (a value), which the text moves past: the plain
    /// scalar [`scalar`] reads there, found without its general rules.
    #[inline]
    fn short_word(&mut self, key: bool) -> Option<&'a str> {
        let bytes = self.rest.as_bytes();
        if !bytes.first()?.is_ascii_alphanumeric() {
            return None;
        }
        let mut len = 1;
        while bytes.get(len).is_some_and(|&b| WORD[usize::from(b)]) {
            len += 1;
        }
        let ends = match bytes.get(len) {
            Some(b':') => key,
            Some(b',' | b']' | b'}') => !key,
            _ => false,
        };
        if len > MAX_KEY_CHARS || !ends {
            return None;
        }
        let word = &self.rest[..len];
        if len == 4 && matches!(word, "null" | "Null" | "NULL") {
            return None;
        }
        *self.rest = &self.rest[len..];
        Some(word)
    }

    /// Whether a collection starts here.
    fn collection_here(&self) -> bool {
        self.rest.starts_with(['[', '{'])
    }

    /// The collection at the start, read by `v` as `want` says, its
    /// entries as the quick reader takes them: `, ` between them and none
    /// after the last, `: ` after a key, no key twice.
    fn collection<V: Visitor<'a>>(self, v: V, want: Want) -> Result<V::Value, Declined> {
        let map = self.rest.starts_with('{');
        if want == Want::Seq && map || want == Want::Map && !map {
            return declined(if map { "not a list" } else { "not a map" });
        }
        let Some(room) = self.room.checked_sub(1) else {
            return declined("collections nested too deeply");
        };
        let close = if map { '}' } else { ']' };
        *self.rest = skip_spaces(&self.rest[1..]);
        let out = if map {
            v.visit_map(FlowEntries {
                rest: &mut *self.rest,
                room,
                keys: Keys::default(),
            })?
        } else {
            v.visit_seq(FlowItems {
                rest: &mut *self.rest,
                room,
            })?
        };
        // What the visitor left unread: the collection is longer than it
        // takes.
        match self.rest.strip_prefix(close) {
            Some(after) => {
                *self.rest = after;
                Ok(out)
            }
            None => declined("a collection longer than expected"),
        }
    }
}

/// After an entry of a collection closed by `close`: a comma and the next
/// entry, or the closing bracket, which is left to be read.
#[inline]
fn next_entry(rest: &mut &str, close: u8) -> Result<(), Declined> {
    // As most entries end: `, ` and the next one, or the bracket.
    match *rest.as_bytes() {
        [b',', b' ', next, ..] if !matches!(next, b' ' | b']' | b'}' | b',') => {
            *rest = &rest[2..];
            return Ok(());
        }
        [b, ..] if b == close => return Ok(()),
        _ => {}
    }
    let after = skip_spaces(rest);
    match after.as_bytes().first() {
        Some(b',') => {
            *rest = skip_spaces(&after[1..]);
            if matches!(rest.as_bytes().first(), Some(b']' | b'}' | b',')) {
                return declined("a comma with no entry after it");
            }
            Ok(())
        }
        Some(&b) if b == close => {
            *rest = after;
            Ok(())
        }
        _ => declined("an entry not followed by a comma or the end"),
    }
}

/// `text` after its leading spaces.
#[inline]
fn skip_spaces(text: &str) -> &str {
    let bytes = text.as_bytes();
    let mut spaces = 0;
    while bytes.get(spaces) == Some(&b' ') {
        spaces += 1;
    }
    &text[spaces..]
}

struct FlowItems<'c, 'a> {
    rest: &'c mut &'a str,
    /// How many levels of collections an item may open.
    room: usize,
}

impl<'de> SeqAccess<'de> for FlowItems<'_, 'de> {
    type Error = Declined;
    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Declined> {
        if self.rest.starts_with(']') {
            return Ok(None);
        }
        let value = seed.deserialize(FlowValue {
            rest: &mut *self.rest,
            room: self.room,
        })?;
        next_entry(self.rest, b']')?;
        Ok(Some(value))
    }
}

struct FlowEntries<'c, 'a> {
    rest: &'c mut &'a str,
    /// How many levels of collections a value may open.
    room: usize,
    /// The keys read so far.
    keys: Keys<'a>,
}

/// The keys of a map read so far, kept without allocating for the few
/// that most maps have, and in a hash set beyond them (made only then, and
/// hashed with random keys, which a text cannot choose collisions for), so
/// that a map of many keys is checked in time proportional to its length.
#[derive(Default)]
struct Keys<'a> {
    first: [&'a str; 8],
    count: usize,
    more: Option<std::collections::HashSet<&'a str>>,
}

impl<'a> Keys<'a> {
    /// Adds `key`; `false` if it was there already.
    fn add(&mut self, key: &'a str) -> bool {
        let few = self.count.min(self.first.len());
        if self.first[..few].contains(&key) {
            return false;
        }
        match self.first.get_mut(self.count) {
            Some(slot) => *slot = key,
            None => {
                if !self.more.get_or_insert_default().insert(key) {
                    return false;
                }
            }
        }
        self.count += 1;
        true
    }
}

impl<'de> MapAccess<'de> for FlowEntries<'_, 'de> {
    type Error = Declined;
    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Declined> {
        if self.rest.starts_with('}') {
            return Ok(None);
        }
        let mut here = FlowValue {
            rest: &mut *self.rest,
            room: 0,
        };
        let (text, plain) = match here.short_word(true) {
            Some(word) => (word, true),
            None => match here.scalar()? {
                Node::Scalar(text, plain) => (text, plain),
                _ => return declined("a key that is not a scalar"),
            },
        };
        let key = Node::Scalar(text, plain);
        if key_too_long(&key) || !self.keys.add(text) {
            return declined("a long key, or a key written twice");
        }
        match skip_spaces(self.rest).strip_prefix(": ") {
            Some(after) => *self.rest = skip_spaces(after),
            None => return declined("a key without `: `"),
        }
        seed.deserialize(&key).map(Some)
    }
    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Declined> {
        let value = seed.deserialize(FlowValue {
            rest: &mut *self.rest,
            room: self.room,
        })?;
        next_entry(self.rest, b'}')?;
        Ok(value)
    }
}

/// Integer targets: a short integer that an entry's end follows is read
/// at once; anything else as any scalar is.
macro_rules! integers {
    ($($method:ident),*) => {
        $(
            fn $method<V: Visitor<'de>>(mut self, v: V) -> Result<V::Value, Declined> {
                match self.short_integer() {
                    Some(n) if n >= 0 => v.visit_u64(n.unsigned_abs()),
                    Some(n) => v.visit_i64(n),
                    None => {
                        if self.collection_here() {
                            return declined("a collection where a scalar goes");
                        }
                        let node = self.scalar()?;
                        (&node).$method(v)
                    }
                }
            }
        )*
    };
}

/// Deserializer methods that take a scalar only: a collection is
/// declined, as the node of a list or a map declines them.
macro_rules! scalar_only {
    ($($method:ident),*) => {
        $(
            fn $method<V: Visitor<'de>>(mut self, v: V) -> Result<V::Value, Declined> {
                if self.collection_here() {
                    return declined("a collection where a scalar goes");
                }
                let node = self.scalar()?;
                (&node).$method(v)
            }
        )*
    };
}

impl<'de> Deserializer<'de> for FlowValue<'_, 'de> {
    type Error = Declined;

    integers!(
        deserialize_i8,
        deserialize_i16,
        deserialize_i32,
        deserialize_i64,
        deserialize_u8,
        deserialize_u16,
        deserialize_u32,
        deserialize_u64
    );

    scalar_only!(
        deserialize_bool,
        deserialize_f32,
        deserialize_f64,
        deserialize_char,
        deserialize_bytes,
        deserialize_byte_buf,
        deserialize_unit
    );

    fn deserialize_str<V: Visitor<'de>>(mut self, v: V) -> Result<V::Value, Declined> {
        if let Some(word) = self.short_word(false) {
            return v.visit_borrowed_str(word);
        }
        if self.collection_here() {
            return declined("a collection where a scalar goes");
        }
        let node = self.scalar()?;
        (&node).deserialize_str(v)
    }
    fn deserialize_string<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Declined> {
        self.deserialize_str(v)
    }
    fn deserialize_identifier<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Declined> {
        self.deserialize_str(v)
    }

    fn deserialize_any<V: Visitor<'de>>(mut self, v: V) -> Result<V::Value, Declined> {
        if self.collection_here() {
            return self.collection(v, Want::Any);
        }
        let node = self.scalar()?;
        (&node).deserialize_any(v)
    }

    fn deserialize_option<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Declined> {
        // The quick way reads no nulls: a value written is `Some`.
        v.visit_some(self)
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        v: V,
    ) -> Result<V::Value, Declined> {
        self.deserialize_unit(v)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        mut self,
        name: &'static str,
        v: V,
    ) -> Result<V::Value, Declined> {
        if name == crate::spanned::SPANNED {
            v.visit_some(self)
        } else if name == crate::spanned::WORD_OR_MAP {
            if let Some(word) = self.short_word(false) {
                v.visit_borrowed_str(word)
            } else if self.collection_here() {
                self.collection(v, Want::Map)
            } else {
                let node = self.scalar()?;
                (&node).deserialize_newtype_struct(name, v)
            }
        } else {
            v.visit_newtype_struct(self)
        }
    }

    fn deserialize_seq<V: Visitor<'de>>(mut self, v: V) -> Result<V::Value, Declined> {
        if self.collection_here() {
            return self.collection(v, Want::Seq);
        }
        let node = self.scalar()?;
        (&node).deserialize_seq(v)
    }
    fn deserialize_tuple<V: Visitor<'de>>(self, _: usize, v: V) -> Result<V::Value, Declined> {
        self.deserialize_seq(v)
    }
    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        _: usize,
        v: V,
    ) -> Result<V::Value, Declined> {
        self.deserialize_seq(v)
    }
    fn deserialize_map<V: Visitor<'de>>(mut self, v: V) -> Result<V::Value, Declined> {
        if self.collection_here() {
            return self.collection(v, Want::Map);
        }
        let node = self.scalar()?;
        (&node).deserialize_map(v)
    }
    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        _: &'static [&'static str],
        v: V,
    ) -> Result<V::Value, Declined> {
        self.deserialize_map(v)
    }
    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _: &'static str,
        _: &'static [&'static str],
        _: V,
    ) -> Result<V::Value, Declined> {
        declined("an enum")
    }
    fn deserialize_ignored_any<V: Visitor<'de>>(mut self, v: V) -> Result<V::Value, Declined> {
        // Read all the same, to find where it ends and that it is written
        // as the quick way takes.
        if self.collection_here() {
            self.collection(de::IgnoredAny, Want::Any)?;
        } else {
            self.scalar()?;
        }
        v.visit_unit()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spanned::Spanned;
    use serde::Deserialize;

    fn scalar(t: &str) -> Node<'_> {
        Node::Scalar(t, true)
    }

    #[test]
    fn reads_block_maps_lists_and_flow_collections() {
        let text = "# a record\nplayers: [red, blue]\nturns:\n  - { tile: B, at: [0, -1] }\n  - tile: C\n    rot: 90\nexpect:\n  modern: { red: 3 }\n";
        let node = read(text).expect("plain YAML");
        let Node::Map(entries) = node else {
            panic!("a map")
        };
        assert_eq!(entries[0].0, scalar("players"));
        // A flow collection is kept as written, and read when asked for.
        assert!(matches!(entries[0].1, Node::Flow("[red, blue]", _)));
        let players = Vec::<String>::deserialize(&entries[0].1).expect("a list");
        assert_eq!(players, ["red", "blue"]);
        let Node::Seq(turns) = &entries[1].1 else {
            panic!("a list")
        };
        assert!(matches!(
            turns[0],
            Node::Flow("{ tile: B, at: [0, -1] }", _)
        ));
        assert_eq!(
            turns[1],
            Node::Map(vec![
                (scalar("tile"), scalar("C")),
                (scalar("rot"), scalar("90"))
            ])
        );
        assert_eq!(entries.len(), 3);
    }

    #[test]
    fn the_table_of_plain_ascii_says_what_plain_char_says() {
        for b in 0u8..128 {
            for in_flow in [false, true] {
                assert_eq!(
                    PLAIN_ASCII[usize::from(in_flow)][usize::from(b)],
                    plain_char(char::from(b), in_flow),
                    "{b} {in_flow}"
                );
            }
        }
    }

    #[test]
    fn takes_a_list_at_its_key_s_indentation() {
        let node = read("turns:\n- a\n- b\nplayers: [x]\n").expect("plain YAML");
        assert_eq!(
            node,
            Node::Map(vec![
                (scalar("turns"), Node::Seq(vec![scalar("a"), scalar("b")])),
                (scalar("players"), Node::Flow("[x]", MAX_DEPTH - 1)),
            ])
        );
    }

    #[test]
    fn declines_what_it_does_not_read_alike() {
        for text in [
            "a: &x 1\nb: *x\n",
            "a: |\n  text\n",
            "a: b\n  continued\n",
            "a: 'it''s'\n",
            "a: \"\\u0041\"\n",
            "a:\n",
            "a: null\n",
            "a: 1\na: 2\n",
            "a: [1,\n  2]\n",
            "a: [1, 2,]\n",
            "a:\tb\n",
            "a: b:c\n",
            "a: b#c\n",
            "%YAML 1.2\n---\na: 1\n",
            "a: 1\n---\nb: 2\n",
            "{a: 1}\n",
            "- - a\n",
            "a: !tag b\n",
            "? a\n: b\n",
            "a: {b: 1, b: 2}\n",
            "a: [1, , 2]\n",
            "a: {b:1}\n",
            "a: [1, [2]\n",
            "a: [1]]\n",
            "a: ['x]\n",
            "a: [\"x\\\"y\"]\n",
            "a: [null]\n",
            "a: {b: [1, 2], c: {d: e}, e: 'it''s'}\n",
            "a: [1]# not a comment\n",
            "a: [1] x\n",
            "a: [1] [2]\n",
            "a: [1 # a comment inside\n",
            "- {b: 1}}\n",
        ] {
            // Declined when read, or when its value is asked for, even if
            // nothing of it is wanted.
            let declined = read(text).is_none_or(|node| {
                serde_json::Value::deserialize(&node).is_err()
                    && de::IgnoredAny::deserialize(&node).is_err()
            });
            assert!(declined, "{text:?} should be declined");
        }
    }

    #[test]
    fn flow_collections_read_what_the_spanned_reader_reads() {
        #[derive(Deserialize, Debug, PartialEq)]
        struct Turn {
            tile: String,
            at: [i64; 2],
            rot: Option<u32>,
        }
        for text in [
            "a: [0, -1, 12, -345]\n",
            "a: {tile: B, at: [0, -1], rot: 90, meeple: {at: [1, 2], spot: NE}}\n",
            "a: [ x , 'y z', \"w\" ]  # a comment\n",
            "a: [it's, a b, c_d, /e, ./f, ../g]\n",
            "a: []\nb: {}\n",
            "a: [[1, 2], [3, [4, {b: c}]]]\n",
            "a: {yes_or_no: word, n: -12}\n",
            "a: [1, 2] # a comment\n",
            "a: {b: '#x', c: \"y # z\"}   # a comment [ with ] brackets\n",
            "- [\"x # y\", '[', ']']  #\n",
        ] {
            let node = read(text).expect("plain YAML");
            let quick =
                serde_json::Value::deserialize(&node).unwrap_or_else(|e| panic!("{text:?}: {e}"));
            let spanned: serde_json::Value = serde_saphyr::from_str(text).expect("YAML");
            assert_eq!(quick, spanned, "{text:?}");
            de::IgnoredAny::deserialize(&node).expect("read whole");
        }
        // Typed targets take the short forms at once and the others the
        // long way: both agree with the spanned reader.
        for text in [
            "t: {tile: B, at: [0, -1], rot: 90}\n",
            "t: {tile: 'B', at: [ 0 , -1 ], rot: 90 }\n",
            "t: {tile: a b, at: [-12345678901234567, 0]}\n",
        ] {
            #[derive(Deserialize, Debug, PartialEq)]
            struct Doc {
                t: Turn,
            }
            let node = read(text).expect("plain YAML");
            let quick = Doc::deserialize(&node).expect("read quickly");
            let spanned: Doc = serde_saphyr::from_str(text).expect("YAML");
            assert_eq!(quick, spanned, "{text:?}");
        }
        // Leading zeros and a minus zero are left to the spanned reader.
        for text in ["t: {tile: B, at: [00, 1]}\n", "t: {tile: B, at: [-0, 1]}\n"] {
            #[derive(Deserialize)]
            struct Doc {
                #[allow(dead_code)]
                t: Turn,
            }
            let node = read(text).expect("plain YAML");
            assert!(Doc::deserialize(&node).is_err(), "{text:?}");
        }
    }

    #[test]
    fn flow_collections_nest_no_deeper_than_the_limit() {
        let nest = |depth: usize, after: &str| {
            format!("a: {}{}{after}\n", "[".repeat(depth), "]".repeat(depth))
        };
        // The block map at the top takes one level of the limit.
        for after in ["", "  # a comment"] {
            let fits = nest(MAX_DEPTH - 1, after);
            let node = read(&fits).expect("plain YAML");
            de::IgnoredAny::deserialize(&node).expect("within the limit");
            serde_json::Value::deserialize(&node).expect("within the limit");
            for depth in [MAX_DEPTH, 100_000] {
                let deep = nest(depth, after);
                let declined = read(&deep).is_none_or(|node| {
                    de::IgnoredAny::deserialize(&node).is_err()
                        && serde_json::Value::deserialize(&node).is_err()
                });
                assert!(declined, "{depth} levels, {after:?}");
            }
        }
    }

    #[test]
    fn a_map_of_many_keys_is_checked_for_twice_written_ones() {
        // Checked in time proportional to the keys (a hostile file may
        // write a million); a key written twice, however late, declines.
        let keys: Vec<String> = (0..100_000).map(|i| format!("k{i}")).collect();
        let flow = |last: &str| format!("a: {{{}, {last}: 1}}\n", keys.join(": 1, ") + ": 1");
        let block = |last: &str| format!("{}: 1\n{last}: 1\n", keys.join(": 1\n"));
        for text in [flow("k_new"), block("k_new")] {
            let node = read(&text).expect("plain YAML");
            de::IgnoredAny::deserialize(&node).expect("no key twice");
        }
        for text in [flow("k99999"), block("k99999")] {
            let declined =
                read(&text).is_none_or(|node| de::IgnoredAny::deserialize(&node).is_err());
            assert!(declined, "a key written twice");
        }
    }

    #[test]
    fn leaves_doubtful_scalars_to_the_spanned_reader() {
        #[derive(Deserialize)]
        struct Typed {
            s: Spanned<String>,
            n: i64,
            b: bool,
        }
        #[derive(Deserialize)]
        struct Any {
            #[allow(dead_code)]
            v: serde_json::Value,
        }
        for doubtful in [
            "yes", "No", "ON", "y", "True", "1e3", "0x10", "010", "+1", "nan", "inf", ".5", "-0",
        ] {
            let text = format!("v: {doubtful}\n");
            let declined = read(&text).is_none_or(|node| Any::deserialize(&node).is_err());
            assert!(declined, "{doubtful} should be declined");
        }
        let node = read("s: N\nn: -12\nb: true\n").expect("plain YAML");
        let t = Typed::deserialize(&node).expect("typed values read");
        assert_eq!((t.s.value.as_str(), t.n, t.b), ("N", -12, true));
    }
}
