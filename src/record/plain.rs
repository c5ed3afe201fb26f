//! The quick way through a JSON record's turns: plain values, converted to
//! [`Turn`]s as they are read. Anything that does not read cleanly makes the
//! caller fall back to the spanned parser, whose diagnostics point at lines.

use std::cell::RefCell;

use miette::SourceSpan;
use serde::Deserialize;
use serde::de::{SeqAccess, Visitor};

use super::raw::PlainTurn;
use super::{Action, Deploy, Location, Placement, Turn};
use crate::geometry::{Pos, Rotation};
use crate::rules::Figure;
use crate::tileset::Catalog;

thread_local! {
    /// What turns are converted against: the tiles and players in play.
    static CONTEXT: RefCell<Option<(Catalog, Vec<String>)>> = const { RefCell::new(None) };
}

/// The `turns` of a record, converted while they are read.
struct Turns(Vec<Turn>);

impl<'de> Deserialize<'de> for Turns {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Turns;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a list of turns")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Turns, A::Error> {
                CONTEXT.with_borrow(|ctx| {
                    let Some((catalog, players)) = ctx else {
                        return Err(serde::de::Error::custom("no context"));
                    };
                    let mut out = Vec::with_capacity(seq.size_hint().unwrap_or(0));
                    while let Some(t) = seq.next_element::<PlainTurn>()? {
                        let turn =
                            convert(out.len() + 1, t, catalog, players).ok_or_else(|| {
                                serde::de::Error::custom("turn does not read cleanly")
                            })?;
                        out.push(turn);
                    }
                    Ok(Turns(out))
                })
            }
        }
        d.deserialize_seq(V)
    }
}

#[derive(Deserialize)]
struct OnlyTurns {
    turns: Turns,
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
                Some(word) => super::figure_of(word)?,
                None => Figure::Follower,
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
    })
}

/// Reads the turns of a JSON record, or `None` if they do not read cleanly.
pub(super) fn read_turns(text: &str, catalog: &Catalog, players: &[String]) -> Option<Vec<Turn>> {
    CONTEXT.with_borrow_mut(|ctx| *ctx = Some((catalog.clone(), players.to_vec())));
    let result = serde_json::from_str::<OnlyTurns>(text)
        .ok()
        .map(|t| t.turns.0);
    CONTEXT.with_borrow_mut(|ctx| *ctx = None);
    result
}
