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
//! [`Spanned`] (in `spanned.rs`) is the value-with-position that carca's
//! raw types hold; the quick reader answers it with the bare value.

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
    let mut out = Vec::with_capacity(text.len() / 32);
    for raw in text.split('\n') {
        let raw = raw.strip_suffix('\r').unwrap_or(raw);
        if raw.bytes().any(|b| b == b'\t' || b == b'\r') {
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
            if entries.iter().any(|(k, _)| same_key(k, &key)) {
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
            let item = if blank(after) {
                self.pos += 1;
                match self.next_indent() {
                    Some(i) if i > indent => self.block(indent + 1)?,
                    _ => return None,
                }
            } else if is_item(rest) {
                return None;
            } else if !rest.starts_with(['[', '{']) && key(rest).is_some() {
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
        let (node, rest) = if text.starts_with(['[', '{']) {
            self.flow(text)?
        } else {
            scalar(text, false)?
        };
        blank(rest).then_some(node)
    }

    /// A flow collection, and the text after it (on the same line).
    fn flow(&mut self, text: &'a str) -> Option<(Node<'a>, &'a str)> {
        self.deeper()?;
        let map = text.starts_with('{');
        let close = if map { '}' } else { ']' };
        let mut rest = text[1..].trim_start_matches(' ');
        let mut items = Vec::new();
        let mut entries: Vec<(Node<'a>, Node<'a>)> = Vec::new();
        // A closing bracket here ends an empty collection or follows an
        // entry: a comma never comes right before one.
        while !rest.starts_with(close) {
            if map {
                let (k, after) = scalar(rest, true)?;
                if key_too_long(&k) {
                    return None;
                }
                let after = after.trim_start_matches(' ').strip_prefix(": ")?;
                let (v, after) = self.flow_value(after.trim_start_matches(' '))?;
                if entries.iter().any(|(seen, _)| same_key(seen, &k)) {
                    return None;
                }
                entries.push((k, v));
                rest = after;
            } else {
                let (v, after) = self.flow_value(rest)?;
                items.push(v);
                rest = after;
            }
            rest = rest.trim_start_matches(' ');
            if let Some(after) = rest.strip_prefix(',') {
                rest = after.trim_start_matches(' ');
                if rest.starts_with([']', '}', ',']) {
                    return None;
                }
            } else if !rest.starts_with(close) {
                return None;
            }
        }
        self.depth -= 1;
        let node = if map {
            Node::Map(entries)
        } else {
            Node::Seq(items)
        };
        Some((node, &rest[1..]))
    }

    fn flow_value(&mut self, text: &'a str) -> Option<(Node<'a>, &'a str)> {
        if text.starts_with(['[', '{']) {
            self.flow(text)
        } else {
            scalar(text, true)
        }
    }
}

/// Whether what is left of a line holds nothing but spaces and a comment.
fn blank(rest: &str) -> bool {
    let trimmed = rest.trim_start_matches(' ');
    trimmed.is_empty() || (trimmed.starts_with('#') && trimmed.len() < rest.len())
}

fn same_key(a: &Node<'_>, b: &Node<'_>) -> bool {
    matches!((a, b), (Node::Scalar(x, _), Node::Scalar(y, _)) if x == y)
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
    let first = text.chars().next()?;
    match first {
        '"' | '\'' => {
            let body = &text[1..];
            let end = body.find(first)?;
            let content = &body[..end];
            let after = &body[end + 1..];
            if (first == '"' && content.contains('\\'))
                || (first == '\'' && after.starts_with('\''))
            {
                return None;
            }
            Some((Node::Scalar(content, false), after))
        }
        _ => {
            let second = text[first.len_utf8()..].chars().next();
            let starts_well = first.is_alphanumeric()
                || first == '_'
                || first == '/'
                || (first == '.' && matches!(second, Some('.' | '/')))
                || (first == '-' && second.is_some_and(|c| c.is_ascii_digit()));
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
            if matches!(content, "null" | "Null" | "NULL") {
                return None;
            }
            Some((Node::Scalar(content, true), &text[content.len()..]))
        }
    }
}

/// Where a plain scalar's characters end (byte by byte while they are
/// ASCII, the common case).
fn plain_end(text: &str, in_flow: bool) -> usize {
    let bytes = text.as_bytes();
    let mut end = 0;
    while let Some(&b) = bytes.get(end) {
        if b.is_ascii() {
            if !plain_char(char::from(b), in_flow) {
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
        } else if name == crate::spanned::WORD_OR_MAP {
            // A word (never a boolean or a number here) or a mapping.
            match self {
                Node::Scalar(t, _) => v.visit_borrowed_str(t),
                Node::Map(_) => self.map_of(v),
                Node::Seq(_) => declined("a list where a word or a mapping goes"),
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
        assert_eq!(entries[0].1, Node::Seq(vec![scalar("red"), scalar("blue")]));
        let Node::Seq(turns) = &entries[1].1 else {
            panic!("a list")
        };
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
    fn takes_a_list_at_its_key_s_indentation() {
        let node = read("turns:\n- a\n- b\nplayers: [x]\n").expect("plain YAML");
        assert_eq!(
            node,
            Node::Map(vec![
                (scalar("turns"), Node::Seq(vec![scalar("a"), scalar("b")])),
                (scalar("players"), Node::Seq(vec![scalar("x")])),
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
        ] {
            assert!(read(text).is_none(), "{text:?} should be declined");
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
