//! The quick way through a record's turns: each turn is read as the one
//! written form of a turn ([`RawTurn`]) and converted by the one converter
//! ([`Converter::turn`]) as soon as it is read, so that a game of a million
//! tiles never holds a million raw turns. The quick readers keep no
//! positions; anything that does not read cleanly makes the caller fall back
//! to the spanned parser, whose diagnostics point at lines.

use std::borrow::Cow;
use std::path::Path;

use serde::Deserialize;
use serde::de::value::MapDeserializer;
use serde::de::{DeserializeSeed, Error as _, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::value::RawValue;

use super::raw::{RawRecord, RawTurn};
use super::validate::Converter;
use super::{Body, Record, Turn};
use crate::tileset::Catalog;

/// The `turns` of a record, converted against the tiles and players in
/// play while they are read.
struct Turns<'b, 'a> {
    converter: &'b mut Converter<'a>,
    catalog: &'b Catalog,
    players: &'b [String],
    /// The length of the record's text, which bounds how many turns it
    /// holds.
    text_len: usize,
}

/// About the bytes a turn takes in JSON: `{"tile":"A","at":[0,0]}` and a
/// comma take 24, a rotation or a follower 8 to 16 more. Shorter turns
/// only make the list grow as it is read.
const TURN_BYTES: usize = 32;

impl<'de> DeserializeSeed<'de> for Turns<'_, '_> {
    type Value = Vec<Turn>;

    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<Vec<Turn>, D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for Turns<'_, '_> {
    type Value = Vec<Turn>;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a list of turns")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<Turn>, A::Error> {
        // A JSON list does not say its length: room for the turns its
        // text holds at about the length of a turn.
        let room = seq.size_hint().unwrap_or(self.text_len / TURN_BYTES);
        let mut out = Vec::with_capacity(room.min(super::MAX_TURNS));
        loop {
            let seed = OneTurn {
                converter: &mut *self.converter,
                catalog: self.catalog,
                players: self.players,
                number: out.len() + 1,
            };
            match seq.next_element_seed(seed)? {
                Some(Some(turn)) => out.push(turn),
                Some(None) => {
                    return Err(serde::de::Error::custom("turn does not read cleanly"));
                }
                None => return Ok(out),
            }
        }
    }
}

/// One turn, read and converted where it is read, so that the raw turn
/// (the larger of the two) is not handed up through the reader's layers;
/// `None` if it does not convert cleanly.
struct OneTurn<'b, 'a> {
    converter: &'b mut Converter<'a>,
    catalog: &'b Catalog,
    players: &'b [String],
    /// The turn's number, from 1.
    number: usize,
}

impl<'de> DeserializeSeed<'de> for OneTurn<'_, '_> {
    type Value = Option<Turn>;

    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<Option<Turn>, D::Error> {
        let raw = RawTurn::deserialize(d)?;
        // Read without positions, a turn has no span.
        let nowhere = miette::SourceSpan::from((0, 0));
        Ok(self
            .converter
            .turn(self.number, &raw, nowhere, self.catalog, self.players))
    }
}

/// A record's top level, of which only `turns` is read.
struct OnlyTurns<'b, 'a>(Turns<'b, 'a>);

impl<'de> Visitor<'de> for OnlyTurns<'_, '_> {
    type Value = Vec<Turn>;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a record")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Vec<Turn>, A::Error> {
        let mut seed = Some(self.0);
        let mut turns = None;
        while let Some(key) = map.next_key::<std::borrow::Cow<'de, str>>()? {
            if key == "turns" {
                let Some(s) = seed.take() else {
                    return Err(serde::de::Error::duplicate_field("turns"));
                };
                turns = Some(map.next_value_seed(s)?);
            } else {
                map.next_value::<IgnoredAny>()?;
            }
        }
        turns.ok_or_else(|| serde::de::Error::missing_field("turns"))
    }
}

/// Reads the turns of a JSON record, or `None` if they do not read cleanly.
pub(super) fn read_turns(
    text: &str,
    converter: &mut Converter<'_>,
    catalog: &Catalog,
    players: &[String],
) -> Option<Vec<Turn>> {
    let mut d = serde_json::Deserializer::from_str(text);
    let turns = crate::spanned::bare(|| turns_of(&mut d, text.len(), converter, catalog, players))?;
    d.end().ok()?;
    Some(turns)
}

/// Reads the turns of a record from any deserializer of the whole record,
/// or `None` if they do not read cleanly. `text_len` is the length of its
/// text.
pub(super) fn turns_of<'de, D: serde::Deserializer<'de>>(
    d: D,
    text_len: usize,
    converter: &mut Converter<'_>,
    catalog: &Catalog,
    players: &[String],
) -> Option<Vec<Turn>> {
    d.deserialize_map(OnlyTurns(Turns {
        converter,
        catalog,
        players,
        text_len,
    }))
    .ok()
}

/// Reads the turns of a YAML record the quick way has read into `node`,
/// or `None` if they do not read cleanly: as [`turns_of`] does, with each
/// turn written on one line in the base game's keys read straight from
/// its text ([`RawTurn::from_flat_yaml`]), and any other through the
/// reader.
pub(super) fn turns_of_yaml(
    node: &crate::yaml::Node<'_>,
    text_len: usize,
    converter: &mut Converter<'_>,
    catalog: &Catalog,
    players: &[String],
) -> Option<Vec<Turn>> {
    use crate::yaml::Node;
    let Node::Map(entries) = node else {
        return turns_of(node, text_len, converter, catalog, players);
    };
    let is_turns = |k: &Node<'_>| matches!(k, Node::Scalar("turns", _));
    let Some((_, Node::Seq(items))) = entries.iter().find(|(k, _)| is_turns(k)) else {
        return turns_of(node, text_len, converter, catalog, players);
    };
    // The other entries are read whole, as `turns_of` reads them.
    for (_, value) in entries.iter().filter(|(k, _)| !is_turns(k)) {
        IgnoredAny::deserialize(value).ok()?;
    }
    let nowhere = miette::SourceSpan::from((0, 0));
    let mut out = Vec::with_capacity(items.len().min(super::MAX_TURNS));
    for (i, item) in items.iter().enumerate() {
        let flat = match item {
            Node::Flow(text, room) => RawTurn::from_flat_yaml(text, *room),
            _ => None,
        };
        let raw = match flat {
            Some(raw) => raw,
            None => RawTurn::deserialize(item).ok()?,
        };
        out.push(converter.turn(i + 1, &raw, nowhere, catalog, players)?);
    }
    Some(out)
}

/// Why a JSON record was not read in one pass: a key that converts the
/// turns came after them, or the keys before them were not a record's
/// header. The turns were read before all that converts them was known,
/// so the record is read in two passes.
pub(super) struct TurnsFirst;

/// Reads a JSON record in one pass over its text: the keys before `turns`
/// are kept as the slices of text they are, read into the record's header
/// when `turns` comes, and the turns are converted as they are read. A
/// record's header is a few short values, so its second reading costs
/// nothing that counts; a snapshot (no `turns`) reads its board that way.
///
/// `Ok(None)` when something is to be reported (the caller reads the
/// record again with spans).
pub(super) fn read_json(
    text: &str,
    converter: &mut Converter<'_>,
    dir: &Path,
) -> Result<Option<Record>, TurnsFirst> {
    let mut d = serde_json::Deserializer::from_str(text);
    let mut out = Whole {
        converter,
        dir,
        text_len: text.len(),
        after_turns: false,
    };
    let read = crate::spanned::bare(|| serde::Deserializer::deserialize_map(&mut d, &mut out));
    match read {
        _ if out.after_turns => Err(TurnsFirst),
        Ok(record) if d.end().is_ok() => Ok(record),
        _ => Ok(None),
    }
}

/// A JSON record's top level, read in one pass.
struct Whole<'w, 'a> {
    converter: &'w mut Converter<'a>,
    dir: &'w Path,
    /// The length of the record's text.
    text_len: usize,
    /// Set when a key follows `turns`.
    after_turns: bool,
}

/// `turns` among the header's keys: an empty list, so that the header
/// says the record has turns (they are read apart).
const TURNS_HERE: &str = "[]";

impl<'de> Visitor<'de> for &mut Whole<'_, '_> {
    type Value = Option<Record>;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a record")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Option<Record>, A::Error> {
        let mut header: Vec<(Cow<'de, str>, &'de RawValue)> = Vec::with_capacity(4);
        // The record as read when the turns were, and how many keys came
        // before them.
        let mut read: Option<(Record, usize)> = None;
        while let Some(key) = map.next_key::<Cow<'de, str>>()? {
            if read.is_some() && CONVERT_TURNS.contains(&key.as_ref()) {
                // The turns were read without what converts them.
                self.after_turns = true;
                return Err(A::Error::custom("a key after `turns` that converts them"));
            }
            if key != "turns" || read.is_some() {
                header.push((key, map.next_value()?));
                continue;
            }
            let here: &RawValue = serde_json::from_str(TURNS_HERE).map_err(A::Error::custom)?;
            header.push((key, here));
            let Some(head) = header_of(header.clone()) else {
                // What is missing may come after the turns.
                self.after_turns = true;
                return Err(A::Error::custom("the turns before the header"));
            };
            let mut failed = false;
            let text_len = self.text_len;
            let record = self
                .converter
                .record(head, self.dir, &mut |b, catalog, players| {
                    let seed = Turns {
                        converter: b,
                        catalog,
                        players,
                        text_len,
                    };
                    map.next_value_seed(seed).unwrap_or_else(|_| {
                        failed = true;
                        Vec::new()
                    })
                });
            match record {
                Some(r) if !failed && self.converter.findings.is_empty() => {
                    read = Some((r, header.len()));
                }
                // Something to report: the spanned reader says where.
                _ => return Ok(None),
            }
        }
        match read {
            Some((record, keys)) if keys == header.len() => Ok(Some(record)),
            Some((mut record, _)) => {
                // Keys after the turns (`final`, `claims`, …): the record
                // again from all its keys, with the turns already read.
                let mut turns = match &mut record.body {
                    Body::History(list) => std::mem::take(list),
                    Body::Snapshot { .. } => Vec::new(),
                };
                Ok(header_of(header).and_then(|head| {
                    self.converter
                        .record(head, self.dir, &mut |_, _, _| std::mem::take(&mut turns))
                }))
            }
            // A snapshot, or a record without turns: its header is all of it.
            None => Ok(header_of(header).and_then(|head| {
                self.converter
                    .record(head, self.dir, &mut |_, _, _| Vec::new())
            })),
        }
    }
}

/// The keys that say how turns are converted (the tiles and figures in
/// play, the players): a record that writes one after its turns is read
/// in two passes.
const CONVERT_TURNS: [&str; 3] = ["tilesets", "supply_scale", "players"];

/// The header of a record from its keys and the text of their values.
fn header_of(entries: Vec<(Cow<'_, str>, &RawValue)>) -> Option<RawRecord<IgnoredAny>> {
    // The map's end is checked too: every key is taken.
    let map = MapDeserializer::<_, serde_json::Error>::new(entries.into_iter());
    RawRecord::<IgnoredAny>::deserialize(map).ok()
}
