//! How a record is read: the quick way first (no positions), and with
//! spans only when something is to be reported; what a file in a folder
//! is; the schema of record files.

use super::raw::RawRecord;
use super::validate::Converter;
use super::{Body, Record, RecordError, RecordKeys, json, keys, plain, raw};
use crate::diagnostic::Class;
use crate::diagnostic::Finding;
use crate::loader::Loader;
use crate::source::MAX_KEY_CHARS;
use crate::source::Obstacle;
use crate::source::SourceFile;
use crate::source::yaml_error_parts;
use crate::source::yaml_obstacle;
use crate::source::yaml_options;
use miette::SourceSpan;
use std::path::Path;
use std::sync::OnceLock;

/// The JSON Schema of record files, whose inline rulesets may set the
/// expansions' `options` too, and whose turns take the expansions' `keys`.
#[must_use]
pub fn schema(
    options: crate::rules::table::Options,
    rates: crate::rules::table::Rates,
    keys: RecordKeys,
) -> serde_json::Value {
    raw::schema((options, rates), keys)
}

/// The JSON Schema of the records `loader` reads, for finding unknown
/// keys: made once for the options and keys commands read with.
pub(super) fn cached_schema(loader: &Loader) -> std::borrow::Cow<'static, serde_json::Value> {
    type Made = (
        crate::rules::table::Options,
        crate::rules::table::Rates,
        RecordKeys,
        serde_json::Value,
    );
    static SCHEMA: OnceLock<Made> = OnceLock::new();
    let (options, rates, keys) = (loader.options(), loader.rates(), RecordKeys::of(loader));
    let (o, r, k, made) =
        SCHEMA.get_or_init(|| (options, rates, keys, schema(options, rates, keys)));
    if std::ptr::eq(*o, options) && std::ptr::eq(*r, rates) && std::ptr::eq(k.turn, keys.turn) {
        std::borrow::Cow::Borrowed(made)
    } else {
        std::borrow::Cow::Owned(schema(options, rates, keys))
    }
}

/// What a file found in a folder is, judged by reading it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Probe {
    /// A record: a mapping with `players`.
    Record,
    /// A record with expectations (`expect`).
    RecordWithExpectations,
    /// Valid YAML or JSON that is not a record (a tile set, say).
    Other,
    /// Not readable as YAML or JSON at all (or too large, or not UTF-8).
    Unreadable,
}

/// Reads `path` just far enough to say what it is (with carca's size
/// limit), without checking it as a record.
#[must_use]
pub fn probe(loader: &Loader, path: &Path) -> Probe {
    match loader.read(path) {
        Ok(src) => probe_text(src.text()),
        Err(_) => Probe::Unreadable,
    }
}

/// What a text is, read just far enough to say, without checking it as a
/// record: for a text already read, which need not be read again.
#[must_use]
pub fn probe_text(text: &str) -> Probe {
    #[derive(serde::Deserialize)]
    struct Keys {
        players: Option<serde::de::IgnoredAny>,
        expect: Option<serde::de::IgnoredAny>,
    }
    let text = text.trim_start_matches('\u{feff}');
    let keys: Option<Keys> = if text.trim_start().starts_with('{') {
        serde_json::from_str(text).ok()
    } else {
        None
    };
    // Plain YAML the quick way; anything else with the spanned reader.
    let keys = keys
        .or_else(|| {
            let node = crate::yaml::read(text)?;
            <Keys as serde::Deserialize>::deserialize(&node).ok()
        })
        .or_else(|| serde_saphyr::from_str_with_options(text, yaml_options(text.len())).ok());
    match keys {
        Some(Keys {
            players: Some(_),
            expect: Some(_),
        }) => Probe::RecordWithExpectations,
        Some(Keys {
            players: Some(_), ..
        }) => Probe::Record,
        Some(_) => Probe::Other,
        None => Probe::Unreadable,
    }
}

/// Whether a path names a JCloisterZone save.
#[must_use]
pub fn is_jcz(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("jcz"))
}

/// Whether a text is a JCloisterZone save, whatever its name (standard
/// input, a file named otherwise, the page's Open…): a JSON object with a
/// `replay` and a `setup`, keys no carca record has.
#[must_use]
pub fn looks_like_jcz(text: &str) -> bool {
    /// The two keys of a save, whatever else the object holds.
    #[derive(serde::Deserialize)]
    struct SaveKeys {
        replay: Option<serde::de::IgnoredAny>,
        setup: Option<serde::de::IgnoredAny>,
    }
    // The words first (a quick search); then the top-level keys, so that a
    // record with a player named `replay` stays a record.
    text.trim_start().starts_with('{')
        && text.contains("\"replay\"")
        && text.contains("\"setup\"")
        && serde_json::from_str::<SaveKeys>(text)
            .is_ok_and(|k| k.replay.is_some() && k.setup.is_some())
}

/// Parses a record whose relative paths start at `dir`.
pub fn parse(loader: &Loader, src: &SourceFile, dir: &Path) -> Result<Record, Vec<Finding>> {
    if let Some(obstacle) = yaml_obstacle(src.text()) {
        let (problem, help, span) = match obstacle {
            Obstacle::Character { offset, found } => (
                format!(
                    "the character U+{:04X} may not appear in a record",
                    u32::from(found)
                ),
                "YAML (and so carca) takes no control characters, DEL, U+FFFE or U+FFFF as they are; in a quoted string, write an escape such as \"\\u007f\"",
                SourceSpan::from((offset, found.len_utf8())),
            ),
            Obstacle::LongKey { offset, chars } => (
                format!("a key of {chars} characters; YAML allows at most {MAX_KEY_CHARS}"),
                "a name used as a key (in `claims` or `expect`) must be shorter; shorten the player's name",
                SourceSpan::from((offset, 1)),
            ),
        };
        return Err(vec![Finding::new(
            Class::Input,
            src,
            RecordError::Unreadable {
                problem,
                help,
                span,
            },
        )]);
    }
    let read = keys::using(RecordKeys::of(loader), || {
        serde_saphyr::from_str_with_options::<RawRecord>(src.text(), yaml_options(src.text().len()))
    });
    let raw = match read {
        Ok(raw) => raw,
        Err(e) => return Err(refused(loader, src, dir, &e)),
    };
    build(loader, src, dir, raw)
}

/// The findings of a record the spanned reader refused: every unknown key,
/// and, when those were all that stopped it, every other problem of the
/// record, found by reading it again as if they were not written.
fn refused(loader: &Loader, src: &SourceFile, dir: &Path, e: &serde_saphyr::Error) -> Vec<Finding> {
    let (message, span) = yaml_error_parts(src, e);
    let reader = Finding::new(
        Class::Input,
        src,
        RecordError::Yaml {
            message: message.clone(),
            span,
        },
    );
    crate::keys::refused(
        src,
        (&message, span),
        reader,
        crate::keys::walk(src.text(), &cached_schema(loader), KEY_ALIASES),
        |k| RecordError::UnknownKey {
            help: k.help(),
            key: k.key,
            span: k.span,
        },
        |w| RecordError::WrongValue {
            message: w.message(),
            help: w.help(),
            span: w.span,
        },
        |blanked| {
            let read = keys::using(RecordKeys::of(loader), || {
                serde_saphyr::from_str_with_options::<RawRecord>(
                    blanked.text(),
                    yaml_options(blanked.text().len()),
                )
            });
            match read {
                Ok(raw) => build(loader, blanked, dir, raw).err().unwrap_or_default(),
                // What the walk did not see stopped the reader again.
                Err(e) => {
                    let (message, span) = yaml_error_parts(blanked, &e);
                    vec![Finding::new(
                        Class::Input,
                        blanked,
                        RecordError::Yaml { message, span },
                    )]
                }
            }
        },
    )
}

/// Keys the record reader takes besides the schema's names for them.
pub(super) const KEY_ALIASES: &[(&str, &str)] = &[("spot", "meeple"), ("meeple", "spot")];

/// Parses a record quickly, without source spans, or returns `None` when
/// the text does not read cleanly that way: JSON, or the plain YAML that
/// [`crate::yaml::read`] takes. A record with any finding must be read
/// again with [`parse`], whose diagnostics point at the lines.
///
/// The turns are read as every reader reads them (`RawTurn`, with no
/// positions) and turned into [`Turn`](crate::record::Turn)s one by one,
/// so that a game of a million tiles never holds a million raw turns.
#[must_use]
pub fn parse_fast(loader: &Loader, src: &SourceFile, dir: &Path) -> Option<Record> {
    keys::using(RecordKeys::of(loader), || read_fast(loader, src, dir))
}

/// [`parse_fast`], the turn keys known.
fn read_fast(loader: &Loader, src: &SourceFile, dir: &Path) -> Option<Record> {
    let text = src.text();
    let mut b = Converter {
        loader,
        src,
        findings: Vec::new(),
        deferred: Vec::new(),
    };
    let mut failed = false;
    // The quick YAML reader looks for YAML's obstacles itself.
    let record = if text.trim_start().starts_with('{') {
        if yaml_obstacle(text).is_some() {
            return None;
        }
        match json::read_json(text, &mut b, dir) {
            Ok(record) => record,
            Err(json::TurnsFirst) => {
                // What converts the turns came after them: the header
                // first, then the turns.
                b.findings.clear();
                let header: RawRecord<serde::de::IgnoredAny> =
                    crate::spanned::bare(|| serde_json::from_str(text)).ok()?;
                b.record(header, dir, &mut |b, catalog, players| {
                    let turns = json::read_turns(text, b, catalog, players);
                    failed = turns.is_none();
                    turns.unwrap_or_default()
                })
            }
        }
    } else {
        let node = crate::yaml::read(text)?;
        crate::spanned::bare(|| {
            // The turns are left unread here: `turns_of` reads them.
            let header =
                <RawRecord<crate::yaml::ReadApart> as serde::Deserialize>::deserialize(&node)
                    .ok()?;
            b.record(header, dir, &mut |b, catalog, players| {
                let turns = plain::turns_of_yaml(&node, text.len(), b, catalog, players);
                failed = turns.is_none();
                turns.unwrap_or_default()
            })
        })
    };
    let mut record = match record {
        Some(r) if b.findings.is_empty() && !failed => r,
        _ => return None,
    };
    record.read_quickly = true;
    Some(record)
}

/// A record read the quick way ([`parse_fast`]), read again with spans
/// only where it needs them: its header, and the turns at `turns` (indices
/// into its list, those whose walk made a finding). Every other turn is
/// blanked out of the text, its bytes left in place so that every offset
/// holds, and is taken from `quick` as read. `None` when the record's
/// turns cannot be found that way (then [`parse`] reads it whole).
#[must_use]
pub fn respan(loader: &Loader, quick: &Record, turns: &[usize]) -> Option<Record> {
    let Body::History(quick_turns) = &quick.body else {
        return None;
    };
    let src = &quick.source;
    let text = src.text();
    let ranges = turn_ranges(text)?;
    if ranges.len() != quick_turns.len() || turns.iter().any(|&t| t >= ranges.len()) {
        return None;
    }
    let mut bytes = text.as_bytes().to_vec();
    for (i, r) in ranges.iter().enumerate() {
        if turns.contains(&i) {
            continue;
        }
        // An empty mapping, then spaces; line ends stay where they were.
        let blank = bytes.get_mut(r.clone()).filter(|b| b.len() >= 2)?;
        for b in blank.iter_mut() {
            if *b != b'\n' && *b != b'\r' {
                *b = b' ';
            }
        }
        blank[0] = b'{';
        blank[1] = b'}';
    }
    // Only ASCII bytes took the place of a turn's, from its first bracket
    // to its last: the text is still UTF-8.
    let reduced = String::from_utf8(bytes).ok()?;
    let mut raw = keys::using(RecordKeys::of(loader), || {
        serde_saphyr::from_str_with_options::<RawRecord>(&reduced, yaml_options(reduced.len()))
    })
    .ok()?;
    let raw_turns = raw
        .turns
        .as_mut()
        .map(|t| std::mem::take(&mut t.value))
        .unwrap_or_default();
    if raw_turns.len() != quick_turns.len() {
        return None;
    }
    let mut b = Converter {
        loader,
        src,
        findings: Vec::new(),
        deferred: Vec::new(),
    };
    let record = b.record(raw, &quick.dir, &mut |b, catalog, players| {
        let mut out = Vec::with_capacity(quick_turns.len());
        for (i, (t, q)) in raw_turns.iter().zip(quick_turns).enumerate() {
            if !turns.contains(&i) {
                out.push(q.clone());
            } else if let Some(turn) = b.turn(i + 1, t, b.turn_span(t), catalog, players) {
                out.push(turn);
            }
        }
        out
    });
    match record {
        Some(r)
            if b.findings.is_empty()
                && matches!(&r.body, Body::History(t) if t.len() == quick_turns.len()) =>
        {
            Some(r)
        }
        _ => None,
    }
}

/// Where a quick-read YAML node's text starts: its first scalar's or
/// collection's.
fn yaml_start(node: &crate::yaml::Node<'_>) -> Option<*const u8> {
    match node {
        crate::yaml::Node::Scalar(s, _) | crate::yaml::Node::Flow(s, _) => Some(s.as_ptr()),
        crate::yaml::Node::Seq(v) => yaml_start(v.first()?),
        crate::yaml::Node::Map(v) => yaml_start(&v.first()?.0),
    }
}

/// Where each of a record's turns is written: the entries of a JSON
/// record's top-level `turns` list, from the first bracket to the last;
/// the items of a plain YAML record's, from the first character after the
/// item's dash to the line of the next item (a comment after it included).
/// `None` for any other way of writing them.
fn turn_ranges(text: &str) -> Option<Vec<std::ops::Range<usize>>> {
    use crate::yaml::Node;
    if text.trim_start().starts_with('{') {
        return json_turn_ranges(text.as_bytes());
    }
    let Node::Map(entries) = crate::yaml::read(text)? else {
        return None;
    };
    let k = entries
        .iter()
        .position(|(k, _)| matches!(k, Node::Scalar("turns", _)))?;
    let Node::Seq(items) = &entries[k].1 else {
        return None;
    };
    let base = text.as_ptr() as usize;
    let at = |node: &Node<'_>| (yaml_start(node)? as usize).checked_sub(base);
    let line_of = |offset: usize| text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let starts: Vec<usize> = items.iter().map(at).collect::<Option<_>>()?;
    let end = match entries.get(k + 1) {
        Some((key, _)) => line_of(at(key)?),
        None => text.len(),
    };
    let ends = starts.iter().skip(1).map(|&s| line_of(s)).chain([end]);
    let ranges: Vec<_> = starts.iter().zip(ends).map(|(&s, e)| s..e).collect();
    // Each starts right after its dash, on the dash's line.
    ranges
        .iter()
        .all(|r| {
            r.start < r.end
                && text[line_of(r.start)..r.start]
                    .trim_end_matches(' ')
                    .ends_with('-')
        })
        .then_some(ranges)
}

/// [`turn_ranges`] for a JSON record: its top-level `"turns"` key (written
/// without escapes) and the entries of its list.
fn json_turn_ranges(b: &[u8]) -> Option<Vec<std::ops::Range<usize>>> {
    // Past the string opening at `i`.
    let string_end = |mut i: usize| -> Option<usize> {
        i += 1;
        loop {
            match b.get(i)? {
                b'\\' => i += 2,
                b'"' => return Some(i + 1),
                _ => i += 1,
            }
        }
    };
    let blank = |mut i: usize| {
        while b.get(i).is_some_and(u8::is_ascii_whitespace) {
            i += 1;
        }
        i
    };
    let (mut i, mut depth) = (0, 0usize);
    let open = loop {
        match *b.get(i)? {
            b'"' => {
                let end = string_end(i)?;
                if depth == 1 && &b[i..end] == b"\"turns\"" {
                    let colon = blank(end);
                    if b.get(colon) == Some(&b':') {
                        let list = blank(colon + 1);
                        if b.get(list) != Some(&b'[') {
                            return None;
                        }
                        break list;
                    }
                }
                i = end;
                continue;
            }
            b'{' | b'[' => depth += 1,
            b'}' | b']' => depth = depth.checked_sub(1)?,
            _ => {}
        }
        i += 1;
    };
    let mut out = Vec::new();
    i = blank(open + 1);
    if b.get(i) == Some(&b']') {
        return Some(out);
    }
    loop {
        let (start, mut depth) = (i, 0usize);
        loop {
            match *b.get(i)? {
                b'"' => {
                    i = string_end(i)?;
                    continue;
                }
                b'{' | b'[' => depth += 1,
                b'}' | b']' | b',' if depth == 0 => break,
                b'}' | b']' => depth -= 1,
                _ => {}
            }
            i += 1;
        }
        let mut end = i;
        while end > start && b[end - 1].is_ascii_whitespace() {
            end -= 1;
        }
        out.push(start..end);
        if b[i] == b']' {
            return Some(out);
        }
        i = blank(i + 1);
    }
}

pub(super) fn build(
    loader: &Loader,
    src: &SourceFile,
    dir: &Path,
    mut raw: RawRecord,
) -> Result<Record, Vec<Finding>> {
    let mut b = Converter {
        loader,
        src,
        findings: Vec::new(),
        deferred: Vec::new(),
    };
    let raw_turns = raw
        .turns
        .as_mut()
        .map(|t| std::mem::take(&mut t.value))
        .unwrap_or_default();
    let record = b.record(raw, dir, &mut |b, catalog, players| {
        raw_turns
            .iter()
            .enumerate()
            .filter_map(|(i, t)| b.turn(i + 1, t, b.turn_span(t), catalog, players))
            .collect()
    });
    match record {
        Some(r) if b.findings.is_empty() => Ok(r),
        _ => Err(b.finish()),
    }
}

/// The ruleset `spec` names for `record`: the record's inline ruleset when
/// the spec is its name, else a built-in ruleset or a file relative to `base`.
pub fn ruleset_for(
    loader: &Loader,
    record: &Record,
    spec: &str,
    base: &Path,
) -> Result<crate::rules::Ruleset, Vec<Finding>> {
    // The rates of the modifiers the record's tile sets declare are
    // `[points]` keys too, and the figures they declare `[figures]` keys.
    let extra = crate::rules::Declared {
        points: record
            .catalog
            .modifiers
            .iter()
            .filter(|m| m.declared)
            .flat_map(|m| [m.key.clone(), m.incomplete_key.clone()])
            .collect(),
        figures: record.catalog.figures.declared_keys(),
        options: loader.options(),
        rates: loader.rates(),
    };
    match &record.inline_rules {
        Some(draft) if spec == record.rules_name() => crate::rules::resolve(
            loader,
            draft,
            &record.source,
            Some(&record.dir),
            0,
            super::INLINE_RULESET,
            &extra,
        ),
        _ => crate::rules::load_with(loader, spec, base, &extra),
    }
}
