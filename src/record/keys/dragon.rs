//! The Princess & the Dragon: a turn's `dragon:` (the flight), `fairy:`
//! and `princess:`, and a snapshot's `dragon:` and `fairy:`.

use schemars::JsonSchema;
use serde::Deserialize;

use super::Context;
use super::RawPair;
use crate::geometry::Edge;
use crate::record::{Flight, Location, Pick, RecordError, SnapshotNeutrals};
use crate::spanned::Spanned;

/// A follower picked on the board: `{ player, at: [x, y], spot: LOC }`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawPick {
    /// The follower's owner.
    #[schemars(with = "Option<String>")]
    pub(crate) player: Option<Spanned<String>>,
    /// The tile it stands on: [x, y].
    #[schemars(with = "[i64; 2]")]
    pub(crate) at: Spanned<RawPair>,
    /// Where on the tile, in board orientation. `meeple` is taken as
    /// another name for it.
    #[serde(alias = "meeple")]
    #[schemars(with = "Option<String>")]
    pub(crate) spot: Option<Spanned<String>>,
}

/// A follower picked by a turn (the fairy's, the princess's).
pub(crate) fn pick<C: Context>(
    cx: &mut C,
    p: &Spanned<RawPick>,
    players: &[String],
    key: &'static str,
    spot_needed: bool,
) -> Option<Pick> {
    let raw = &p.value;
    let player = match &raw.player {
        Some(name) => Some((cx.player(name, players)?, cx.span(name))),
        None => None,
    };
    let at = cx.position(&raw.at)?;
    let spot = match &raw.spot {
        Some(s) => {
            let Some(l) = Location::parse(&s.value) else {
                cx.error(RecordError::Location {
                    text: s.value.clone(),
                    span: cx.span(s),
                });
                return None;
            };
            Some((l, cx.span(s)))
        }
        None if spot_needed => {
            cx.error(RecordError::Turn {
                problem: match key {
                    "princess" => {
                        "`princess` names the follower that goes home: `{ at: [x, y], spot: LOC }`"
                    }
                    _ => "`fairy` names the follower it stands beside: `{ at: [x, y], spot: LOC }`",
                },
                span: cx.span(p),
            });
            return None;
        }
        None => None,
    };
    Some(Pick {
        player,
        at,
        at_span: cx.span(&raw.at),
        spot,
        span: cx.span(p),
    })
}

/// The dragon's steps: `[E, E, N]`.
pub(crate) fn flight<C: Context>(
    cx: &mut C,
    list: &Spanned<Vec<Spanned<String>>>,
) -> Option<Flight> {
    let mut steps = Vec::with_capacity(list.value.len());
    let mut ok = true;
    for s in &list.value {
        let mut letters = s.value.trim().chars();
        let edge = match (letters.next(), letters.next()) {
            (Some(c), None) => Edge::from_letter(c),
            _ => None,
        };
        match edge {
            Some(e) => steps.push((e, cx.span(s))),
            None => {
                cx.error(RecordError::Turn {
                    problem: "a step of the dragon is `N`, `E`, `S` or `W`",
                    span: cx.span(s),
                });
                ok = false;
            }
        }
    }
    ok.then(|| Flight {
        steps,
        span: cx.span(list),
    })
}

/// A snapshot's neutral figures: `dragon: [x, y]` and `fairy: { player,
/// at, spot }`.
pub(crate) fn snapshot<C: Context>(
    cx: &mut C,
    dragon: Option<&Spanned<RawPair>>,
    fairy: Option<&Spanned<RawPick>>,
    players: &[String],
) -> SnapshotNeutrals {
    let dragon = dragon.and_then(|d| Some((cx.position(d)?, cx.span(d))));
    let fairy = fairy.and_then(|f| {
        let Some(name) = &f.value.player else {
            cx.error(RecordError::Form {
                problem: "a snapshot's `fairy` names the player whose follower it stands beside: `{ player, at: [x, y], spot: LOC }`",
                span: cx.span(f),
            });
            return None;
        };
        let player = cx.player(name, players)?;
        Some((player, pick(cx, f, players, "fairy", false)?))
    });
    SnapshotNeutrals { dragon, fairy }
}
