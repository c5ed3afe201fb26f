//! The quick way through a record's turns: each turn is read as the one
//! written form of a turn ([`RawTurn`]) and converted by the one converter
//! ([`Builder::turn`]) as soon as it is read, so that a game of a million
//! tiles never holds a million raw turns. The quick readers keep no
//! positions; anything that does not read cleanly makes the caller fall back
//! to the spanned parser, whose diagnostics point at lines.

use serde::de::{DeserializeSeed, IgnoredAny, MapAccess, SeqAccess, Visitor};

use super::Turn;
use super::raw::RawTurn;
use super::validate::Builder;
use crate::tileset::Catalog;

/// The `turns` of a record, converted against the tiles and players in
/// play while they are read.
struct Turns<'b, 'a> {
    builder: &'b mut Builder<'a>,
    catalog: &'b Catalog,
    players: &'b [String],
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
        let mut out = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(1 << 16));
        while let Some(t) = seq.next_element::<RawTurn>()? {
            // Read without positions, a turn has no span.
            let nowhere = miette::SourceSpan::from((0, 0));
            let turn = self
                .builder
                .turn(out.len() + 1, &t, nowhere, self.catalog, self.players)
                .ok_or_else(|| serde::de::Error::custom("turn does not read cleanly"))?;
            out.push(turn);
        }
        Ok(out)
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
    builder: &mut Builder<'_>,
    catalog: &Catalog,
    players: &[String],
) -> Option<Vec<Turn>> {
    let mut d = serde_json::Deserializer::from_str(text);
    let turns = turns_of(&mut d, builder, catalog, players)?;
    d.end().ok()?;
    Some(turns)
}

/// Reads the turns of a record from any deserializer of the whole record,
/// or `None` if they do not read cleanly.
pub(super) fn turns_of<'de, D: serde::Deserializer<'de>>(
    d: D,
    builder: &mut Builder<'_>,
    catalog: &Catalog,
    players: &[String],
) -> Option<Vec<Turn>> {
    d.deserialize_map(OnlyTurns(Turns {
        builder,
        catalog,
        players,
    }))
    .ok()
}
