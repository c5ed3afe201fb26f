//! Every unknown key of a file at once, each with the keys that fit where
//! it stands and the nearest of them.
//!
//! The readers stop at the first key they do not know. When they do, the
//! text is walked once more against the file kind's JSON Schema (the same
//! schema editors use), so that a file with three misspelt keys gets three
//! diagnostics, not one per run.

use miette::SourceSpan;
use serde_json::Value;
use serde_saphyr::granit_parser::{Event, Parser};

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
    // Only the events of nodes: comments and anchor notes are not nodes.
    let mut events = Parser::new_from_str(text)
        .filter_map(Result::ok)
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
    let mut out = Vec::new();
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
            Some(schema),
            schema,
            aliases,
            0,
            &mut out,
        );
    }
    out
}

/// Walks one node whose first event is `event`, spanning `span`; returns
/// where the node ends.
#[allow(clippy::too_many_arguments)]
fn node<'t>(
    events: &mut impl Iterator<Item = (Event<'t>, SourceSpan)>,
    event: &Event<'t>,
    span: SourceSpan,
    schema: Option<&Value>,
    root: &Value,
    aliases: &[(&str, &str)],
    depth: usize,
    out: &mut Vec<UnknownKey>,
) -> usize {
    let mut end = span.offset() + span.len();
    // Deeper than any carca file goes (the reader refuses it anyway): the
    // rest of the node is passed over without recursion.
    if depth >= 64 {
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
        return end;
    }
    match event {
        Event::SequenceStart(..) => {
            let inner = schema.and_then(|s| items(root, s));
            while let Some((e, s)) = events.next() {
                if matches!(e, Event::SequenceEnd) {
                    return s.offset() + s.len();
                }
                end = node(events, &e, s, inner, root, aliases, depth + 1, out);
            }
        }
        Event::MappingStart(..) => {
            let known = schema.and_then(|s| known_keys(root, s, aliases));
            while let Some((key, key_span)) = events.next() {
                let name = match key {
                    Event::MappingEnd => return key_span.offset() + key_span.len(),
                    Event::Scalar(ref text, ..) => Some(text.to_string()),
                    other => {
                        node(
                            events,
                            &other,
                            key_span,
                            None,
                            root,
                            aliases,
                            depth + 1,
                            out,
                        );
                        None
                    }
                };
                let value_schema = match (&name, schema, &known) {
                    (Some(k), _, _) if k == "<<" => None,
                    (Some(k), Some(s), Some(known)) => {
                        if known.iter().any(|x| x == k) {
                            child(root, s, k, aliases)
                        } else {
                            out.push(UnknownKey {
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
                        .last()
                        .is_some_and(|u| u.span.offset() == key_span.offset());
                let Some((value, value_span)) = events.next() else {
                    return end;
                };
                end = node(
                    events,
                    &value,
                    value_span,
                    value_schema,
                    root,
                    aliases,
                    depth + 1,
                    out,
                );
                if unknown
                    && let Some(u) = out
                        .iter_mut()
                        .rev()
                        .find(|u| u.span.offset() == key_span.offset())
                {
                    let start = key_span.offset();
                    u.entry = SourceSpan::from((start, end.max(start) - start));
                }
            }
        }
        _ => {}
    }
    end
}

/// `text` with the entries of `unknown` blanked out (each byte but line
/// breaks a space, and the comma that parted an entry from its neighbour
/// in a flow mapping), so that it reads as if they were not written while
/// every other byte stays where it was: a reader's spans on it are spans
/// on `text`.
#[must_use]
pub fn without(text: &str, unknown: &[UnknownKey]) -> String {
    let mut bytes = text.as_bytes().to_vec();
    let blank = |bytes: &mut Vec<u8>, at: usize| {
        if let Some(b) = bytes.get_mut(at)
            && *b != b'\n'
            && *b != b'\r'
        {
            *b = b' ';
        }
    };
    for u in unknown {
        let start = u.entry.offset().min(bytes.len());
        let end = (start + u.entry.len()).min(bytes.len());
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

/// The findings of a file its reader refused: every unknown key, and the
/// reader's own error unless it was about one of those keys.
pub(crate) fn with_unknown_keys<E>(
    src: &SourceFile,
    message: &str,
    reader: Finding,
    unknown: impl Iterator<Item = E>,
) -> Vec<Finding>
where
    E: miette::Diagnostic + Send + Sync + 'static,
{
    let mut out: Vec<Finding> = unknown
        .map(|e| Finding::new(Class::Input, src, e))
        .collect();
    if out.is_empty() || !message.contains("unknown field") {
        out.insert(0, reader);
    }
    out
}

/// The findings of a file its reader refused with `reader` (its error
/// `message`): every unknown key (as `error` words it), and, when those
/// were all that stopped the reader, the findings `again` gives on the
/// text with their entries blanked out ([`without`]), shown on the file
/// itself: one run reports every problem.
pub(crate) fn refused<E>(
    src: &SourceFile,
    message: &str,
    reader: Finding,
    unknown: Vec<UnknownKey>,
    error: impl Fn(UnknownKey) -> E,
    again: impl FnOnce(&SourceFile) -> Vec<Finding>,
) -> Vec<Finding>
where
    E: miette::Diagnostic + Send + Sync + 'static,
{
    let rest = if !unknown.is_empty() && message.contains("unknown field") {
        let blanked = SourceFile::new(src.name(), without(src.text(), &unknown))
            .at_line(src.line_offset() + 1);
        again(&blanked)
    } else {
        Vec::new()
    };
    let mut out = with_unknown_keys(src, message, reader, unknown.into_iter().map(error));
    out.extend(rest.into_iter().map(|f| f.shown_on(src)));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_unknown_key_of_a_record_with_its_place() {
        let text = "players: [red, blue]\nturns:\n  - { tile: E, at: [0, 1], rotation: 180, spot: S }\n  - { tile: U, at: [1, 0], meple: E }\nsmallcity: true\nexpect:\n  modern: { red: 1 }\n";
        let found = yaml(text, &crate::record::schema(), &[("spot", "meeple")]);
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
        let schema = crate::record::schema();
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
            let blanked = without(text, &unknown);
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
        assert_eq!(yaml(&text, &crate::record::schema(), &[]), []);
        let text = format!("{}x: 1{}", "{a: ".repeat(100_000), "}".repeat(100_000));
        assert!(yaml(&text, &crate::record::schema(), &[]).len() <= 1);
        let text = format!("{}x: 1{}", "{a: ".repeat(100), "}".repeat(100));
        let found = yaml(&text, &crate::record::schema(), &[]);
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
