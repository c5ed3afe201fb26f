//! The quick way through a record's turns: plain values, converted to
//! [`Turn`]s as they are read. Anything that does not read cleanly makes the
//! caller fall back to the spanned parser, whose diagnostics point at lines.

use miette::SourceSpan;
use serde::de::{DeserializeSeed, IgnoredAny, MapAccess, SeqAccess, Visitor};

use super::raw::PlainTurn;
use super::{Action, Deploy, Location, Placement, Turn};
use crate::geometry::{Pos, Rotation};
use crate::rules::Figure;
use crate::tileset::Catalog;

/// The `turns` of a record, converted against the tiles and players in
/// play while they are read.
#[derive(Clone, Copy)]
struct Turns<'a> {
    catalog: &'a Catalog,
    players: &'a [String],
}

impl<'de> DeserializeSeed<'de> for Turns<'_> {
    type Value = Vec<Turn>;

    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<Vec<Turn>, D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for Turns<'_> {
    type Value = Vec<Turn>;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a list of turns")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<Turn>, A::Error> {
        let mut out = Vec::with_capacity(seq.size_hint().unwrap_or(0));
        while let Some(t) = seq.next_element::<PlainTurn>()? {
            let turn = convert(out.len() + 1, t, self.catalog, self.players)
                .ok_or_else(|| serde::de::Error::custom("turn does not read cleanly"))?;
            out.push(turn);
        }
        Ok(out)
    }
}

/// A record's top level, of which only `turns` is read.
struct OnlyTurns<'a>(Turns<'a>);

impl<'de> Visitor<'de> for OnlyTurns<'_> {
    type Value = Vec<Turn>;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a record")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Vec<Turn>, A::Error> {
        let mut turns = None;
        while let Some(key) = map.next_key::<std::borrow::Cow<'de, str>>()? {
            if key == "turns" {
                if turns.is_some() {
                    return Err(serde::de::Error::duplicate_field("turns"));
                }
                turns = Some(map.next_value_seed(self.0)?);
            } else {
                map.next_value::<IgnoredAny>()?;
            }
        }
        turns.ok_or_else(|| serde::de::Error::missing_field("turns"))
    }
}

fn convert(number: usize, t: PlainTurn, catalog: &Catalog, players: &[String]) -> Option<Turn> {
    let none = SourceSpan::from((0, 0));
    let player = match &t.player {
        Some(p) => Some((players.iter().position(|q| q == p.trim())?, none)),
        None => None,
    };
    let action = match (t.tile, t.discard) {
        (Some(tile), None) => {
            let [x, y] = t.at?;
            let at = Pos::checked(x, y)?;
            let figure = match &t.figure {
                Some(word) => super::figure_of(word, catalog)?,
                None => Figure::FOLLOWER,
            };
            let meeple = match &t.meeple {
                Some(m) => Some(Deploy {
                    location: Location::parse(m)?,
                    span: none,
                    figure,
                }),
                None if t.figure.is_some() => return None,
                None => None,
            };
            Action::Place {
                placement: Placement {
                    tile: (!catalog.is_ambiguous(&tile))
                        .then(|| catalog.find(&tile))
                        .flatten()?,
                    tile_span: none,
                    at,
                    at_span: none,
                    rot: Rotation::from_degrees(t.rot.unwrap_or(0))?,
                    span: none,
                },
                meeple,
            }
        }
        (None, Some(d))
            if t.at.is_none() && t.rot.is_none() && t.meeple.is_none() && t.figure.is_none() =>
        {
            Action::Discard {
                tile: (!catalog.is_ambiguous(&d))
                    .then(|| catalog.find(&d))
                    .flatten()?,
                span: none,
            }
        }
        _ => return None,
    };
    Some(Turn {
        number,
        span: none,
        player,
        action,
        moves: Vec::new(),
    })
}

/// Reads the turns of a JSON record, or `None` if they do not read cleanly.
pub(super) fn read_turns(text: &str, catalog: &Catalog, players: &[String]) -> Option<Vec<Turn>> {
    let mut d = serde_json::Deserializer::from_str(text);
    let turns = turns_of(&mut d, catalog, players)?;
    d.end().ok()?;
    Some(turns)
}

/// Reads the turns of a record from any deserializer of the whole record,
/// or `None` if they do not read cleanly.
pub(super) fn turns_of<'de, D: serde::Deserializer<'de>>(
    d: D,
    catalog: &Catalog,
    players: &[String],
) -> Option<Vec<Turn>> {
    d.deserialize_map(OnlyTurns(Turns { catalog, players }))
        .ok()
}
