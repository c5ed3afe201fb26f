//! The quick way through a YAML record's turns (a JSON record's are read
//! in `json`): each turn is read as the one written form of a turn ([`RawTurn`]) and converted by the one converter
//! ([`Converter::turn`]) as soon as it is read, so that a game of a million
//! tiles never holds a million raw turns. The quick readers keep no
//! positions; anything that does not read cleanly makes the caller fall back
//! to the spanned parser, whose diagnostics point at lines.

use serde::Deserialize;
use serde::de::{DeserializeSeed, IgnoredAny, MapAccess, SeqAccess, Visitor};

use super::Turn;
use super::raw::RawTurn;
use super::validate::Converter;
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
        // A list that does not say its length: room for the turns its
        // text holds at about the length of a turn.
        let room = seq
            .size_hint()
            .unwrap_or(self.text_len / super::json::TURN_BYTES);
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
