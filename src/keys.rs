//! Every unknown key of a file at once, each with the keys that fit where
//! it stands and the nearest of them.
//!
//! The readers stop at the first key they do not know. When they do, the
//! text is walked once more against the file kind's JSON Schema (the same
//! schema editors use), so that a file with three misspelt keys gets three
//! diagnostics, not one per run.

use miette::SourceSpan;
use serde_json::Value;
use serde_saphyr::granit_parser::{Event, Parser, ScalarStyle};

use crate::diagnostic::{Class, Finding};
use crate::source::SourceFile;

/// A key the file's kind does not know there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownKey {
    /// The key as written.
    pub key: String,
    /// Where it is.
    pub span: SourceSpan,
    /// The key and its value, from the key's first byte to the value's
    /// last.
    pub entry: SourceSpan,
    /// The keys that fit there.
    pub known: Vec<String>,
}

impl UnknownKey {
    /// The help line: the nearest known key, then all of them.
    #[must_use]
    pub fn help(&self) -> String {
        format!(
            "{}here the keys are {}",
            crate::suggest::did_you_mean(&self.key, self.known.iter().map(String::as_str)),
            self.known.join(", ")
        )
    }
}

/// A value of the wrong kind: a word where a list goes, `yes` where a
/// boolean goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WrongValue {
    /// The key it is the value of (`None`: an item of a list, or the
    /// whole file when `within` is `None`).
    pub key: Option<String>,
    /// The value as written.
    pub found: String,
    /// What goes there, in words (`true or false`, `a position [x, y]`).
    pub expected: &'static str,
    /// Where the value is.
    pub span: SourceSpan,
    /// The key and its value (`None`: an item of a list, which is not
    /// blanked).
    pub entry: Option<SourceSpan>,
    /// The mapping it stands in.
    pub within: Option<SourceSpan>,
}

impl WrongValue {
    /// The message: what is written where what goes.
    #[must_use]
    pub fn message(&self) -> String {
        let found = match self.found.as_str() {
            LIST | MAPPING | NOTHING => self.found.clone(),
            text => format!("`{text}`"),
        };
        match (&self.key, self.within) {
            (Some(k), _) => format!("`{k}` takes {}, not {found}", self.expected),
            (None, Some(_)) => format!("this item must be {}, not {found}", self.expected),
            (None, None) => format!("the file must be {}, not {found}", self.expected),
        }
    }

    /// The help line: how to write it.
    #[must_use]
    pub fn help(&self) -> String {
        let key = self.key.as_deref().unwrap_or("key");
        match self.expected {
            BOOLEAN => format!(
                "booleans are `true` and `false` in every file carca reads (as in JSON and YAML 1.2; `yes`, `no`, `on` and `off` are words): write `{key}: true` or `{key}: false`"
            ),
            POSITION => {
                let inner: Vec<&str> = self
                    .found
                    .split(',')
                    .map(str::trim)
                    .filter(|p| !p.is_empty())
                    .collect();
                if inner.len() == 2 && inner.iter().all(|p| p.parse::<i64>().is_ok()) {
                    format!(
                        "a position is two integers in brackets: write `{key}: [{}, {}]`",
                        inner[0], inner[1]
                    )
                } else {
                    format!("a position is two integers in brackets, x then y: `{key}: [1, 0]`")
                }
            }
            _ => format!("write {} here", self.expected),
        }
    }
}

/// What the walk of a file finds: unknown keys and values of the wrong
/// kind, in the order written.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Walk {
    /// Keys the file's kind does not know where they stand.
    pub unknown: Vec<UnknownKey>,
    /// Values of the wrong kind.
    pub wrong: Vec<WrongValue>,
}

impl Walk {
    /// Whether it found nothing.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.unknown.is_empty() && self.wrong.is_empty()
    }

    /// The spans to blank for a reader to read the file as if they were
    /// not written.
    fn entries(&self) -> Vec<SourceSpan> {
        let mut out: Vec<SourceSpan> = self
            .unknown
            .iter()
            .map(|u| u.entry)
            .chain(self.wrong.iter().filter_map(|w| w.entry))
            .collect();
        out.sort_by_key(SourceSpan::offset);
        out
    }
}

const BOOLEAN: &str = "`true` or `false`";
const LIST: &str = "a list";
const MAPPING: &str = "a mapping";
const NOTHING: &str = "nothing";
const POSITION: &str = "a position [x, y]";

/// The kind of value a schema takes, when it says one: the words for it
/// and whether a kind of YAML node fits. `None`: any value may go (or
/// the schema does not say).
fn expected(root: &Value, schema: &Value) -> Option<(Vec<&'static str>, &'static str)> {
    let mut kinds: Vec<&'static str> = Vec::new();
    let mut words = None;
    for alt in alternatives(root, schema) {
        let types: Vec<&str> = match alt.get("type")? {
            Value::String(t) => vec![t.as_str()],
            Value::Array(list) => list.iter().filter_map(Value::as_str).collect(),
            _ => return None,
        };
        for t in types {
            let (kind, word) = match t {
                "boolean" => ("boolean", BOOLEAN),
                "integer" => ("integer", "a whole number"),
                "number" => ("number", "a number"),
                "string" => ("string", "a word or text"),
                "null" => ("null", ""),
                "array" => {
                    let pair = alt.get("minItems").and_then(Value::as_u64) == Some(2)
                        && alt.get("maxItems").and_then(Value::as_u64) == Some(2);
                    ("array", if pair { POSITION } else { "a list" })
                }
                "object" => ("object", "a mapping of keys"),
                _ => return None,
            };
            kinds.push(kind);
            if !word.is_empty() && words.is_none() {
                words = Some(word);
            }
        }
    }
    Some((kinds, words?))
}

/// The kind of a plain YAML scalar under the core schema, with carca's
/// strict booleans: `null`, `boolean`, `integer`, `number` or `string`.
fn plain_kind(text: &str) -> &'static str {
    let t = text.trim();
    match t {
        "" | "~" | "null" | "Null" | "NULL" => return "null",
        "true" | "false" => return "boolean",
        _ => {}
    }
    let digits = t.strip_prefix(['-', '+']).unwrap_or(t);
    if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
        || t.strip_prefix("0x")
            .is_some_and(|h| !h.is_empty() && h.bytes().all(|b| b.is_ascii_hexdigit()))
        || t.strip_prefix("0o")
            .is_some_and(|o| !o.is_empty() && o.bytes().all(|b| (b'0'..=b'7').contains(&b)))
    {
        return "integer";
    }
    if t.parse::<f64>().is_ok() {
        return "number";
    }
    "string"
}

/// Whether a node of YAML kind `found` may stand where `kinds` go.
fn fits(kinds: &[&str], found: &str) -> bool {
    kinds.iter().any(|k| {
        *k == found
            || (*k == "number" && found == "integer")
            // Any scalar reads as text.
            || (*k == "string" && matches!(found, "boolean" | "integer" | "number"))
    })
}

/// The schema a `$ref` points at, or the schema itself.
fn resolve<'a>(root: &'a Value, schema: &'a Value) -> &'a Value {
    let mut s = schema;
    for _ in 0..16 {
        match s.get("$ref").and_then(Value::as_str) {
            Some(r) => match r.strip_prefix("#/$defs/") {
                Some(name) => match root.get("$defs").and_then(|d| d.get(name)) {
                    Some(next) => s = next,
                    None => return s,
                },
                None => return s,
            },
            None => return s,
        }
    }
    s
}

/// The alternatives of a schema (`anyOf`, `oneOf`), or the schema alone.
fn alternatives<'a>(root: &'a Value, schema: &'a Value) -> Vec<&'a Value> {
    let s = resolve(root, schema);
    let mut out = Vec::new();
    for key in ["anyOf", "oneOf"] {
        if let Some(list) = s.get(key).and_then(Value::as_array) {
            for alt in list {
                out.extend(alternatives(root, alt));
            }
        }
    }
    if out.is_empty() {
        out.push(s);
    }
    out
}

/// What a mapping may hold under `schema`: `None` when any key goes.
fn known_keys(root: &Value, schema: &Value, aliases: &[(&str, &str)]) -> Option<Vec<String>> {
    let mut keys: Vec<String> = Vec::new();
    let mut closed = false;
    for alt in alternatives(root, schema) {
        if let Some(props) = alt.get("properties").and_then(Value::as_object) {
            keys.extend(props.keys().cloned());
        }
        match alt.get("additionalProperties") {
            Some(Value::Bool(false)) => closed = true,
            Some(_) => return None,
            None if alt.get("properties").is_some() => {}
            None => {}
        }
    }
    if !closed {
        return None;
    }
    for (alias, of) in aliases {
        if keys.iter().any(|k| k == of) {
            keys.push((*alias).to_string());
        }
    }
    keys.sort();
    keys.dedup();
    Some(keys)
}

/// The schema of the value under `key`.
fn child<'a>(
    root: &'a Value,
    schema: &'a Value,
    key: &str,
    aliases: &[(&str, &str)],
) -> Option<&'a Value> {
    let key = aliases
        .iter()
        .find(|(alias, _)| *alias == key)
        .map_or(key, |(_, of)| *of);
    for alt in alternatives(root, schema) {
        if let Some(s) = alt.get("properties").and_then(|p| p.get(key)) {
            return Some(s);
        }
        if let Some(s) = alt.get("additionalProperties").filter(|v| v.is_object()) {
            return Some(s);
        }
    }
    None
}

/// The schema of a sequence's items.
fn items<'a>(root: &'a Value, schema: &'a Value) -> Option<&'a Value> {
    alternatives(root, schema)
        .into_iter()
        .find_map(|alt| alt.get("items"))
}

/// Every unknown key of a YAML text under `schema`. `aliases` pairs a key
/// the reader also takes with the schema's name for it. Text that does not
/// parse yields what was found before the error.
#[must_use]
pub fn yaml(text: &str, schema: &Value, aliases: &[(&str, &str)]) -> Vec<UnknownKey> {
    walk(text, schema, aliases).unknown
}

/// Every unknown key and every value of the wrong kind of a YAML text
/// under `schema` (see [`yaml`]).
#[must_use]
pub fn walk(text: &str, schema: &Value, aliases: &[(&str, &str)]) -> Walk {
    // Only the events of nodes: comments and anchor notes are not nodes.
    // A text that is not YAML at all is told so by its reader: its values
    // are not judged (its keys are, as far as it reads).
    let broken = std::cell::Cell::new(false);
    let mut events = Parser::new_from_str(text)
        .filter_map(|e| {
            if e.is_err() {
                broken.set(true);
            }
            e.ok()
        })
        .filter(|(e, _)| {
            matches!(
                e,
                Event::Scalar(..)
                    | Event::SequenceStart(..)
                    | Event::SequenceEnd
                    | Event::MappingStart(..)
                    | Event::MappingEnd
                    | Event::Alias(..)
                    | Event::DocumentStart(..)
                    | Event::StreamEnd
            )
        });
    let mut events = events.by_ref().map(|(e, span)| {
        let start = span.start.byte_offset().unwrap_or(0);
        let end = span.end.byte_offset().unwrap_or(start).max(start);
        (e, SourceSpan::from((start, end - start)))
    });
    let mut out = Walk::default();
    // Up to the root node.
    for (event, _) in events.by_ref() {
        match event {
            Event::DocumentStart(..) => break,
            Event::StreamEnd => return out,
            _ => {}
        }
    }
    if let Some((event, span)) = events.next() {
        node(
            &mut events,
            &event,
            span,
            None,
            Some(schema),
            schema,
            aliases,
            0,
            &mut out,
        );
    }
    drop(events);
    if broken.get() {
        out.wrong.clear();
    }
    out
}

/// Walks one node whose first event is `event`, spanning `span`, the
/// value of `key` (`None`: an item of a list, or the root); returns where
/// the node ends.
#[allow(clippy::too_many_arguments)]
fn node<'t>(
    events: &mut impl Iterator<Item = (Event<'t>, SourceSpan)>,
    event: &Event<'t>,
    span: SourceSpan,
    key: Option<&str>,
    schema: Option<&Value>,
    root: &Value,
    aliases: &[(&str, &str)],
    depth: usize,
    out: &mut Walk,
) -> usize {
    let mut end = span.offset() + span.len();
    // Deeper than any carca file goes (the reader refuses it anyway): the
    // rest of the node is passed over without recursion.
    if depth >= 64 {
        return skip(events, event, end);
    }
    // A value of the wrong kind is reported, and not walked further.
    if let Some((kinds, words)) = schema.and_then(|s| expected(root, s)) {
        let (found, text) = match event {
            Event::Scalar(text, ScalarStyle::Plain, ..) => (plain_kind(text), text.to_string()),
            Event::Scalar(text, ..) => ("string", text.to_string()),
            Event::SequenceStart(..) => ("array", LIST.to_string()),
            Event::MappingStart(..) => ("object", MAPPING.to_string()),
            _ => ("", String::new()),
        };
        if !found.is_empty() && !fits(&kinds, found) {
            let end = skip(events, event, end);
            out.wrong.push(WrongValue {
                key: key.map(str::to_string),
                found: if found == "null" {
                    NOTHING.to_string()
                } else {
                    text
                },
                expected: words,
                span: SourceSpan::from((span.offset(), end - span.offset())),
                entry: None,
                within: None,
            });
            return end;
        }
    }
    match event {
        Event::SequenceStart(..) => {
            let inner = schema.and_then(|s| items(root, s));
            let first_wrong = out.wrong.len();
            while let Some((e, s)) = events.next() {
                if matches!(e, Event::SequenceEnd) {
                    let end = s.offset() + s.len();
                    let within = SourceSpan::from((span.offset(), end - span.offset()));
                    for w in &mut out.wrong[first_wrong..] {
                        w.within.get_or_insert(within);
                    }
                    return end;
                }
                end = node(events, &e, s, None, inner, root, aliases, depth + 1, out);
            }
        }
        Event::MappingStart(..) => {
            let known = schema.and_then(|s| known_keys(root, s, aliases));
            let first_wrong = out.wrong.len();
            while let Some((k, key_span)) = events.next() {
                let name = match k {
                    Event::MappingEnd => {
                        let end = key_span.offset() + key_span.len();
                        let within = SourceSpan::from((span.offset(), end - span.offset()));
                        for w in &mut out.wrong[first_wrong..] {
                            w.within.get_or_insert(within);
                        }
                        return end;
                    }
                    Event::Scalar(ref text, ..) => Some(text.to_string()),
                    other => {
                        node(
                            events,
                            &other,
                            key_span,
                            None,
                            None,
                            root,
                            aliases,
                            depth + 1,
                            out,
                        );
                        None
                    }
                };
                // `at: 1,0` in a flow mapping reads as `at: 1` and a key
                // `0`: the key is the rest of the wrong position.
                let folded = name.as_ref().is_some_and(|n| plain_kind(n) == "integer")
                    && out.wrong.last().is_some_and(|w| {
                        w.expected == POSITION
                            && w.entry.is_some_and(|e| {
                                e.offset() + e.len() <= key_span.offset()
                                    && key_span.offset() - (e.offset() + e.len()) <= 2
                            })
                    });
                let value_schema = match (&name, schema, &known) {
                    _ if folded => None,
                    (Some(k), _, _) if k == "<<" => None,
                    (Some(k), Some(s), Some(known)) => {
                        if known.iter().any(|x| x == k) {
                            child(root, s, k, aliases)
                        } else {
                            out.unknown.push(UnknownKey {
                                key: k.clone(),
                                span: key_span,
                                entry: key_span,
                                known: known.clone(),
                            });
                            None
                        }
                    }
                    (Some(k), Some(s), None) => child(root, s, k, aliases),
                    _ => None,
                };
                let unknown = value_schema.is_none()
                    && out
                        .unknown
                        .last()
                        .is_some_and(|u| u.span.offset() == key_span.offset());
                let wrong_before = out.wrong.len();
                let Some((value, value_span)) = events.next() else {
                    return end;
                };
                end = node(
                    events,
                    &value,
                    value_span,
                    name.as_deref(),
                    value_schema,
                    root,
                    aliases,
                    depth + 1,
                    out,
                );
                let start = key_span.offset();
                let entry = SourceSpan::from((start, end.max(start) - start));
                if folded && let Some(w) = out.wrong.last_mut() {
                    let from = w.span.offset();
                    let to = key_span.offset() + key_span.len();
                    w.found = format!("{},{}", w.found, name.as_deref().unwrap_or_default());
                    w.span = SourceSpan::from((from, to - from));
                    if let Some(e) = w.entry {
                        w.entry = Some(SourceSpan::from((e.offset(), end - e.offset())));
                    }
                } else if out.wrong.len() == wrong_before + 1
                    && let Some(w) = out.wrong.last_mut()
                    && w.span.offset() == value_span.offset()
                {
                    w.entry = Some(entry);
                }
                if unknown
                    && let Some(u) = out
                        .unknown
                        .iter_mut()
                        .rev()
                        .find(|u| u.span.offset() == key_span.offset())
                {
                    u.entry = entry;
                }
            }
        }
        _ => {}
    }
    end
}

/// Passes over the rest of a node whose first event is `event`, without
/// recursion; returns where it ends (`end`: where the event ends).
fn skip<'t>(
    events: &mut impl Iterator<Item = (Event<'t>, SourceSpan)>,
    event: &Event<'t>,
    mut end: usize,
) -> usize {
    let mut open = usize::from(matches!(
        event,
        Event::SequenceStart(..) | Event::MappingStart(..)
    ));
    while open > 0 {
        match events.next() {
            Some((Event::SequenceStart(..) | Event::MappingStart(..), _)) => open += 1,
            Some((Event::SequenceEnd | Event::MappingEnd, s)) => {
                open -= 1;
                end = s.offset() + s.len();
            }
            Some(_) => {}
            None => return end,
        }
    }
    end
}

/// `text` with `entries` blanked out (each byte but line
/// breaks a space, and the comma that parted an entry from its neighbour
/// in a flow mapping), so that it reads as if they were not written while
/// every other byte stays where it was: a reader's spans on it are spans
/// on `text`.
#[must_use]
pub fn without(text: &str, entries: &[SourceSpan]) -> String {
    let mut bytes = text.as_bytes().to_vec();
    let blank = |bytes: &mut Vec<u8>, at: usize| {
        if let Some(b) = bytes.get_mut(at)
            && *b != b'\n'
            && *b != b'\r'
        {
            *b = b' ';
        }
    };
    for e in entries {
        let start = e.offset().min(bytes.len());
        let end = (start + e.len()).min(bytes.len());
        for at in start..end {
            blank(&mut bytes, at);
        }
        // A flow mapping's comma: the one after the entry, else the one
        // before it.
        let after = (end..bytes.len()).find(|&i| !bytes[i].is_ascii_whitespace());
        if let Some(i) = after.filter(|&i| bytes[i] == b',') {
            blank(&mut bytes, i);
        } else if let Some(i) = (0..start)
            .rev()
            .find(|&i| !bytes[i].is_ascii_whitespace())
            .filter(|&i| bytes[i] == b',')
        {
            blank(&mut bytes, i);
        }
    }
    // Only ASCII bytes were written over whole characters' bytes.
    String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// Every unknown top-level key of a TOML text whose schema is one flat
/// table (a ruleset).
#[must_use]
pub fn toml(text: &str, schema: &Value) -> Vec<UnknownKey> {
    let Some(known) = known_keys(schema, schema, &[]) else {
        return Vec::new();
    };
    let Ok(table) = ::toml::de::DeTable::parse(text) else {
        return Vec::new();
    };
    let mut out: Vec<UnknownKey> = table
        .get_ref()
        .iter()
        .filter(|(k, _)| !known.iter().any(|x| x == k.get_ref().as_ref()))
        .map(|(k, _)| {
            let r = k.span();
            UnknownKey {
                key: k.get_ref().to_string(),
                span: SourceSpan::from((r.start, r.end - r.start)),
                entry: SourceSpan::from((r.start, r.end - r.start)),
                known: known.clone(),
            }
        })
        .collect();
    out.sort_by_key(|k| k.span.offset());
    out
}

/// The findings of a file its reader refused with `reader` (its error
/// message, and where it is): every unknown key and every value of the wrong
/// kind (as `unknown` and `wrong` word them), and the findings `again`
/// gives on the text with those entries blanked out ([`without`]), shown
/// on the file itself: one run reports every problem. The reader's own
/// finding is left out when it is about one of them.
pub(crate) fn refused<E, F>(
    src: &SourceFile,
    (message, at): (&str, SourceSpan),
    reader: Finding,
    walk: Walk,
    unknown: impl Fn(UnknownKey) -> E,
    wrong: impl Fn(WrongValue) -> F,
    again: impl FnOnce(&SourceFile) -> Vec<Finding>,
) -> Vec<Finding>
where
    E: miette::Diagnostic + Send + Sync + 'static,
    F: miette::Diagnostic + Send + Sync + 'static,
{
    let entries = walk.entries();
    let about_them = message.contains("unknown field")
        || walk.wrong.iter().any(|w| {
            let inside =
                |s: SourceSpan| at.offset() >= s.offset() && at.offset() <= s.offset() + s.len();
            inside(w.span) || w.entry.is_some_and(inside)
        });
    let rest = if entries.is_empty() {
        Vec::new()
    } else {
        let blanked = SourceFile::new(src.name(), without(src.text(), &entries))
            .at_line(src.line_offset() + 1);
        // That a blanked value is missing is not news: the value's own
        // finding says what is wrong with it.
        let missing = |f: &Finding| {
            let Some(s) = f.primary_span() else {
                return false;
            };
            let inside = |w: SourceSpan| {
                s.offset() >= w.offset() && s.offset() < w.offset() + w.len().max(1)
            };
            let message = f.to_string();
            // A reader's complaint about a wrong value left in place, or
            // about what blanking took (an anchor, a required key, the
            // whole text).
            if walk.wrong.iter().any(|w| inside(w.span))
                || ["unknown anchor", "missing field", "end of input"]
                    .iter()
                    .any(|m| message.contains(m))
            {
                return true;
            }
            let help = f.help_string().unwrap_or_default();
            walk.wrong.iter().any(|w| {
                // A boolean blanked is false to the reader: what it says
                // of the key being false is not news either.
                let said_false = w.expected == BOOLEAN
                    && w.key.as_ref().is_some_and(|k| {
                        let t = format!("`{k}: true`");
                        message.contains(&t) || help.contains(&t)
                    });
                let here = w.within.is_some_and(|m| {
                    s.offset() >= m.offset() && s.offset() <= m.offset() + m.len()
                }) && w
                    .key
                    .as_ref()
                    .is_some_and(|k| message.contains(&format!("`{k}")));
                said_false || here
            })
        };
        again(&blanked)
            .into_iter()
            .filter(|f| !missing(f))
            .collect()
    };
    let mut found: Vec<(usize, Finding)> = walk
        .unknown
        .into_iter()
        .map(|k| (k.span.offset(), Finding::new(Class::Input, src, unknown(k))))
        .chain(
            walk.wrong
                .into_iter()
                .map(|w| (w.span.offset(), Finding::new(Class::Input, src, wrong(w)))),
        )
        .collect();
    found.sort_by_key(|(at, _)| *at);
    if found.is_empty() || !about_them {
        found.insert(0, (0, reader));
    }
    // Every finding in the order of the file.
    found.extend(rest.into_iter().map(|f| {
        let at = f.primary_span().map_or(usize::MAX, |s| s.offset());
        (at, f.shown_on(src))
    }));
    found.sort_by_key(|(at, _)| *at);
    found.into_iter().map(|(_, f)| f).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_unknown_key_of_a_record_with_its_place() {
        let text = "players: [red, blue]\nturns:\n  - { tile: E, at: [0, 1], rotation: 180, spot: S }\n  - { tile: U, at: [1, 0], meple: E }\nsmallcity: true\nexpect:\n  modern: { red: 1 }\n";
        let found = yaml(
            text,
            &crate::record::schema(&[], &[], crate::record::RecordKeys::NONE),
            &[("spot", "meeple")],
        );
        let keys: Vec<&str> = found.iter().map(|k| k.key.as_str()).collect();
        assert_eq!(keys, ["rotation", "meple", "smallcity"]);
        assert_eq!(&text[found[0].span.offset()..][..8], "rotation");
        assert!(
            found[0].help().contains("did you mean `rot`"),
            "{}",
            found[0].help()
        );
        assert!(found[1].help().contains("`meeple`"), "{}", found[1].help());
    }

    #[test]
    fn a_text_without_its_unknown_entries_reads_as_if_they_were_not_written() {
        let schema = crate::record::schema(&[], &[], crate::record::RecordKeys::NONE);
        let aliases = &[("spot", "meeple")];
        for (text, left) in [
            // First, last and only entries of flow mappings, and a block
            // value over several lines.
            (
                "players: [a, b]\ncolour:\n  x: 1\n  y: [1, 2]\nturns:\n  - { extra: 1, tile: E, at: [0, 1] }\n  - { tile: U, at: [1, 0], xx: é }\n  - { yy: 2 }\n",
                "players: [a, b]\nturns:\n  - { tile: E, at: [0, 1] }\n  - { tile: U, at: [1, 0] }\n  - { }\n",
            ),
            // JSON.
            (
                "{\"players\": [\"a\"], \"zz\": {\"q\": 1}, \"turns\": []}",
                "{\"players\": [\"a\"], \"turns\": []}",
            ),
        ] {
            let unknown = yaml(text, &schema, aliases);
            assert!(!unknown.is_empty(), "{text}");
            let entries: Vec<SourceSpan> = unknown.iter().map(|u| u.entry).collect();
            let blanked = without(text, &entries);
            assert_eq!(blanked.len(), text.len());
            assert_eq!(blanked.lines().count(), text.lines().count());
            assert!(yaml(&blanked, &schema, aliases).is_empty(), "{blanked}");
            let squeeze = |t: &str| -> String {
                t.lines()
                    .map(str::trim_end)
                    .filter(|l| !l.trim().is_empty())
                    .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
                    .collect::<Vec<_>>()
                    .join("\n")
            };
            assert_eq!(squeeze(&blanked), squeeze(left), "{blanked}");
        }
    }

    #[test]
    fn deep_nesting_is_walked_without_deep_recursion() {
        let text = format!("players: {}{}", "[".repeat(200_000), "]".repeat(200_000));
        assert_eq!(
            yaml(
                &text,
                &crate::record::schema(&[], &[], crate::record::RecordKeys::NONE),
                &[]
            ),
            []
        );
        let text = format!("{}x: 1{}", "{a: ".repeat(100_000), "}".repeat(100_000));
        assert!(
            yaml(
                &text,
                &crate::record::schema(&[], &[], crate::record::RecordKeys::NONE),
                &[]
            )
            .len()
                <= 1
        );
        let text = format!("{}x: 1{}", "{a: ".repeat(100), "}".repeat(100));
        let found = yaml(
            &text,
            &crate::record::schema(&[], &[], crate::record::RecordKeys::NONE),
            &[],
        );
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].key, "a");
    }

    #[test]
    fn every_unknown_key_of_a_ruleset() {
        let text = "name = \"x\"\nsmallcity = true\nfollower = 8\n";
        let found = toml(text, &crate::rules::schema());
        let keys: Vec<&str> = found.iter().map(|k| k.key.as_str()).collect();
        assert_eq!(keys, ["smallcity", "follower"]);
        assert!(found[1].help().contains("`followers`"));
    }
}
