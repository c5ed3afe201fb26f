//! Abbey & Mayor: a wagon's move after the scoring, `wagon:`.

use miette::SourceSpan;
use schemars::JsonSchema;
use serde::Deserialize;

use super::Context;
use super::RawPair;
use crate::record::{FigureMove, Location, RecordError};
use crate::rules::Figure;
use crate::spanned::Spanned;

/// A figure moving on after a scoring: `{ player, at, spot, from }`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawMove {
    /// The figure's owner (default: the player of the turn).
    #[schemars(with = "Option<String>")]
    pub(crate) player: Option<Spanned<String>>,
    /// The tile it moves to: [x, y].
    #[schemars(with = "[i64; 2]")]
    pub(crate) at: Spanned<RawPair>,
    /// Where on that tile, in board orientation. `meeple` is taken as
    /// another name for it.
    #[serde(alias = "meeple")]
    #[schemars(with = "String")]
    pub(crate) spot: Spanned<String>,
    /// The tile it stood on, needed only when its owner has several that
    /// came home in the scoring: [x, y].
    #[schemars(with = "Option<[i64; 2]>")]
    pub(crate) from: Option<Spanned<RawPair>>,
}

/// A figure's move after a scoring.
pub(crate) fn figure_move<C: Context>(
    cx: &mut C,
    raw: &RawMove,
    figure: Figure,
    players: &[String],
) -> Option<FigureMove> {
    let player = match &raw.player {
        Some(p) => Some((cx.player(p, players)?, cx.span(p))),
        None => None,
    };
    let from = match &raw.from {
        Some(f) => Some((cx.position(f)?, cx.span(f))),
        None => None,
    };
    let at = cx.position(&raw.at);
    let Some(spot) = Location::parse(&raw.spot.value) else {
        cx.error(RecordError::Location {
            text: raw.spot.value.clone(),
            span: cx.span(&raw.spot),
        });
        return None;
    };
    let at_span = cx.span(&raw.at);
    let spot_span = cx.span(&raw.spot);
    Some(FigureMove {
        figure,
        player,
        from,
        at: at?,
        at_span,
        spot,
        spot_span,
        span: {
            let start = at_span.offset().min(spot_span.offset());
            let end = (at_span.offset() + at_span.len()).max(spot_span.offset() + spot_span.len());
            SourceSpan::from((start, end - start))
        },
    })
}
