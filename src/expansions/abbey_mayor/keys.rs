//! Abbey & Mayor's record key: a wagon's move after the scoring,
//! `wagon:`, one move or a list of them.

use miette::SourceSpan;
use schemars::JsonSchema;
use serde::Deserialize;

use crate::geometry::Pos;
use crate::record::written::WrittenKeys;
use crate::record::{
    Act, ActValue, Context, FigureMove, Key, Keyed, Location, OneOrList, RawPair, RecordError,
    TurnKey, TurnWords,
};
use crate::rules::Figure;
use crate::spanned::Spanned;

/// `wagon:`.
#[derive(Debug)]
pub(crate) struct Wagon;

/// The key, as the registry lists it.
pub(crate) static WAGON: Wagon = Wagon;

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

impl crate::record::KeyForm for Wagon {
    const NAME: &'static str = "wagon";
    const ABOUT: &'static str = "Abbey & Mayor: wagons that the turn's scoring sent home moving on\nat once, one move or a list of them in the order they are made.";
    type Raw = OneOrList<RawMove>;
    type Shape = OneOrList<RawMove>;
}

impl TurnKey for Wagon {
    const ORDER: u16 = 500;

    fn acts(
        &self,
        cx: &mut dyn Context,
        raw: &Spanned<OneOrList<RawMove>>,
        turn: &TurnWords<'_>,
        acts: &mut Vec<Act>,
    ) -> Option<()> {
        let mut ok = true;
        for m in raw.value.items() {
            match figure_move(cx, m, Figure::WAGON, turn.players) {
                Some(m) => acts.push(Act::Keyed(Keyed::new(WagonMove(m)))),
                None => ok = false,
            }
        }
        ok.then_some(())
    }
}

/// A wagon moving on after the turn's scoring.
#[derive(Debug, Clone)]
pub struct WagonMove(pub FigureMove);

impl ActValue for WagonMove {
    fn key(&self) -> &'static dyn Key {
        &WAGON
    }

    fn span(&self) -> SourceSpan {
        self.0.span
    }

    fn after_deployment(&self) -> bool {
        true
    }

    fn figure_move(&self) -> Option<&FigureMove> {
        Some(&self.0)
    }

    fn moved(&self, spot: &dyn Fn(Pos) -> Pos, turn: &dyn Fn(&Location) -> Location) -> Keyed {
        let mut m = self.0.clone();
        m.at = spot(m.at);
        m.from = m.from.map(|(p, s)| (spot(p), s));
        m.spot = turn(&m.spot);
        Keyed::new(WagonMove(m))
    }

    fn write(&self, out: &mut WrittenKeys, names: &[String], _: &dyn Fn(Figure) -> String) {
        let m = &self.0;
        let player = m
            .player
            .map(|(p, _)| names.get(p).cloned().unwrap_or_default());
        write_move(
            out,
            player,
            m.at,
            m.spot.to_string(),
            m.from.map(|(f, _)| f),
        );
    }
}

/// Writes a wagon's move after those the turn wrote already: `{ player,
/// at, spot, from }`.
pub(crate) fn write_move(
    out: &mut WrittenKeys,
    player: Option<String>,
    at: Pos,
    spot: String,
    from: Option<Pos>,
) {
    let mut w = serde_json::Map::new();
    if let Some(player) = player {
        w.insert("player".into(), player.into());
    }
    w.insert("at".into(), serde_json::json!([at.x, at.y]));
    w.insert("spot".into(), spot.into());
    if let Some(f) = from {
        w.insert("from".into(), serde_json::json!([f.x, f.y]));
    }
    let list = out.entry(&WAGON);
    if !list.is_array() {
        *list = serde_json::Value::Array(Vec::new());
    }
    if let Some(list) = list.as_array_mut() {
        list.push(w.into());
    }
}

/// A figure's move after a scoring.
fn figure_move(
    cx: &mut dyn Context,
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
