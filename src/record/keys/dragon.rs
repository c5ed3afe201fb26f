//! The Princess & the Dragon: a snapshot's `dragon:` and `fairy:`, and a
//! follower picked on the board, as a turn's keys pick one too.

use schemars::JsonSchema;
use serde::Deserialize;

use super::Context;
use super::RawPair;
use crate::record::{Location, Pick, RecordError, SnapshotNeutrals};
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

/// A follower picked on the board; `needed`: what is said when it names
/// no spot, where one is needed.
pub(crate) fn pick(
    cx: &mut dyn Context,
    p: &Spanned<RawPick>,
    players: &[String],
    needed: Option<&'static str>,
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
        None if needed.is_some() => {
            cx.error(RecordError::Turn {
                problem: needed.unwrap_or_default(),
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

/// A snapshot's neutral figures: `dragon: [x, y]` and `fairy: { player,
/// at, spot }`.
pub(crate) fn snapshot(
    cx: &mut dyn Context,
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
        Some((player, pick(cx, f, players, None)?))
    });
    SnapshotNeutrals { dragon, fairy }
}
