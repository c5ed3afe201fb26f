//! The Princess & the Dragon's record keys: of a turn, `fairy:` (the
//! fairy moved beside a follower), `princess:` (a follower the princess
//! sends home) and `dragon:` (the dragon's flight); of a snapshot,
//! `dragon:` (where it stands) and `fairy:` (where it stands).

use miette::SourceSpan;
use schemars::JsonSchema;
use serde::Deserialize;

use crate::geometry::{Edge, Pos};
use crate::record::written::WrittenKeys;
use crate::record::{
    Act, ActValue, Context, Key, Keyed, Location, RawPair, RecordError, SnapshotKey, TurnKey,
    TurnWords,
};
use crate::rules::Figure;
use crate::spanned::Spanned;

/// `fairy:`.
#[derive(Debug)]
pub(crate) struct FairyKey;
/// `princess:`.
#[derive(Debug)]
pub(crate) struct PrincessKey;
/// `dragon:`.
#[derive(Debug)]
pub(crate) struct DragonKey;

/// The keys, as the registry lists them.
pub(crate) static FAIRY: FairyKey = FairyKey;
/// `princess:`.
pub(crate) static PRINCESS: PrincessKey = PrincessKey;
/// `dragon:`.
pub(crate) static DRAGON: DragonKey = DragonKey;

/// Who picks a follower on the board by a turn's action.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Picker {
    /// The fairy moves beside it (`fairy:`).
    Fairy,
    /// The princess sends it home (`princess:`).
    Princess,
}

/// A follower picked by the turn's action: the fairy's or the princess's.
#[derive(Debug, Clone)]
pub struct Picked {
    /// Who picks it.
    pub by: Picker,
    /// The follower.
    pub pick: Pick,
}

/// The dragon's steps on a turn that placed a dragon tile: each a
/// direction in board orientation, in the order flown.
#[derive(Debug, Clone)]
pub struct Flight {
    /// The steps, each with its span.
    pub steps: Vec<(Edge, SourceSpan)>,
    /// The whole list.
    pub span: SourceSpan,
}

/// The act of a follower `by` picks (`needed`: what is said when the
/// pick names no spot, where it needs one).
fn picked(
    cx: &mut dyn Context,
    raw: &Spanned<RawPick>,
    players: &[String],
    by: Picker,
    needed: Option<&'static str>,
    acts: &mut Vec<Act>,
) -> Option<()> {
    let pick = pick(cx, raw, players, needed)?;
    acts.push(Act::Keyed(Keyed::new(Picked { by, pick })));
    Some(())
}

impl crate::record::KeyForm for FairyKey {
    const NAME: &'static str = "fairy";
    const ABOUT: &'static str = "The Princess & the Dragon: the turn's action is to move the fairy\nbeside a follower of the player's: `{ at: [x, y], spot: LOC }`.";
    type Raw = RawPick;
    type Shape = RawPick;
}

impl TurnKey for FairyKey {
    const ORDER: u16 = 700;

    fn acts(
        &self,
        cx: &mut dyn Context,
        raw: &Spanned<RawPick>,
        turn: &TurnWords<'_>,
        acts: &mut Vec<Act>,
    ) -> Option<()> {
        picked(cx, raw, turn.players, Picker::Fairy, None, acts)
    }
}

impl crate::record::KeyForm for PrincessKey {
    const NAME: &'static str = "princess";
    const ABOUT: &'static str = "The Princess & the Dragon: the turn's action is to send a follower\nof the princess's city home: `{ player, at: [x, y], spot: LOC }`.";
    type Raw = RawPick;
    type Shape = RawPick;
}

impl TurnKey for PrincessKey {
    const ORDER: u16 = 701;

    fn acts(
        &self,
        cx: &mut dyn Context,
        raw: &Spanned<RawPick>,
        turn: &TurnWords<'_>,
        acts: &mut Vec<Act>,
    ) -> Option<()> {
        let needed = "`princess` names the follower that goes home: `{ at: [x, y], spot: LOC }`";
        picked(cx, raw, turn.players, Picker::Princess, Some(needed), acts)
    }
}

impl crate::record::KeyForm for DragonKey {
    const NAME: &'static str = "dragon";
    const ABOUT: &'static str = "The Princess & the Dragon: the dragon's steps after a dragon tile,\nin order: `[E, E, N, W, S, S]` (board orientation).";
    type Raw = Vec<Spanned<String>>;
    type Shape = Vec<String>;
}

impl TurnKey for DragonKey {
    const ORDER: u16 = 702;

    fn acts(
        &self,
        cx: &mut dyn Context,
        list: &Spanned<Vec<Spanned<String>>>,
        _: &TurnWords<'_>,
        acts: &mut Vec<Act>,
    ) -> Option<()> {
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
        ok.then_some(())?;
        acts.push(Act::Keyed(Keyed::new(Flight {
            steps,
            span: cx.span(list),
        })));
        Some(())
    }
}

/// A pick as written: `{ player, at, spot }`.
pub(crate) fn written_pick(
    player: Option<String>,
    at: Pos,
    spot: Option<String>,
) -> serde_json::Value {
    let mut w = serde_json::Map::new();
    if let Some(player) = player {
        w.insert("player".into(), player.into());
    }
    w.insert("at".into(), serde_json::json!([at.x, at.y]));
    if let Some(spot) = spot {
        w.insert("spot".into(), spot.into());
    }
    w.into()
}

impl ActValue for Picked {
    fn key(&self) -> &'static dyn Key {
        match self.by {
            Picker::Fairy => &FAIRY,
            Picker::Princess => &PRINCESS,
        }
    }
    fn span(&self) -> SourceSpan {
        self.pick.span
    }
    fn is_action(&self) -> bool {
        true
    }
    fn moved(&self, spot: &dyn Fn(Pos) -> Pos, turn: &dyn Fn(&Location) -> Location) -> Keyed {
        let mut pick = self.pick.clone();
        pick.at = spot(pick.at);
        pick.spot = pick.spot.as_ref().map(|(l, s)| (turn(l), *s));
        Keyed::new(Picked { by: self.by, pick })
    }
    fn write(&self, out: &mut WrittenKeys, names: &[String], _: &dyn Fn(Figure) -> String) {
        let p = &self.pick;
        let player = p
            .player
            .map(|(pl, _)| names.get(pl).cloned().unwrap_or_default());
        let spot = p.spot.as_ref().map(|(l, _)| l.to_string());
        out.set(self.key(), written_pick(player, p.at, spot));
    }
}

impl ActValue for Flight {
    fn key(&self) -> &'static dyn Key {
        &DRAGON
    }
    fn span(&self) -> SourceSpan {
        self.span
    }
    fn after_deployment(&self) -> bool {
        true
    }
    fn moved(&self, spot: &dyn Fn(Pos) -> Pos, _: &dyn Fn(&Location) -> Location) -> Keyed {
        // A direction turns as the board does: the edge the step crosses,
        // moved as a position one square away.
        let mut f = self.clone();
        let o = spot(Pos::new(0, 0));
        for (e, _) in &mut f.steps {
            let to = spot(Pos::new(0, 0).step(*e));
            if let Some(d) = Edge::ALL.into_iter().find(|d| o.step(*d) == to) {
                *e = d;
            }
        }
        Keyed::new(f)
    }
    fn write(&self, out: &mut WrittenKeys, _: &[String], _: &dyn Fn(Figure) -> String) {
        let steps: Vec<String> = self
            .steps
            .iter()
            .map(|(e, _)| e.letter().to_string())
            .collect();
        out.set(&DRAGON, steps);
    }
}

/// `dragon:` of a snapshot: the tile the dragon stands on.
#[derive(Debug)]
pub(crate) struct DragonAtKey;
/// `fairy:` of a snapshot: where the fairy stands.
#[derive(Debug)]
pub(crate) struct FairyAtKey;

/// The snapshot keys, as the registry lists them.
pub(crate) static DRAGON_AT: DragonAtKey = DragonAtKey;
/// `fairy:` of a snapshot.
pub(crate) static FAIRY_AT: FairyAtKey = FairyAtKey;

/// A follower picked on the board by a turn (`fairy:`, `princess:`): the
/// tile, the spot on it (the fairy's may leave it out under `on-tile`),
/// and its owner when the record names one.
#[derive(Debug, Clone)]
pub struct Pick {
    /// Its owner, when the record names one.
    pub player: Option<(usize, SourceSpan)>,
    /// The tile.
    pub at: Pos,
    /// That position in the file.
    pub at_span: SourceSpan,
    /// Where on the tile, with its span.
    pub spot: Option<(Location, SourceSpan)>,
    /// The whole entry.
    pub span: SourceSpan,
}

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

/// The tile a snapshot's dragon stands on, and where it is written.
#[derive(Debug, Clone)]
pub struct DragonAt(pub Pos, pub SourceSpan);

/// Where a snapshot's fairy stands: the player, the tile and the
/// follower's spot (none: beside nobody).
#[derive(Debug, Clone)]
pub struct FairyAt(pub usize, pub Pick);

impl crate::record::KeyForm for DragonAtKey {
    const NAME: &'static str = "dragon";
    const ABOUT: &'static str = "The tile the dragon stands on (a snapshot of a game with The\nPrincess & the Dragon): [x, y]; absent, it is not in play.";
    type Raw = RawPair;
    type Shape = [i64; 2];
}

impl SnapshotKey for DragonAtKey {
    const IN_HISTORY: &'static str = "a top-level `dragon` belongs to snapshots; in a history, the dragon flies with `dragon:` on a turn";
    type State = DragonAt;

    fn state(
        &self,
        cx: &mut dyn Context,
        d: &Spanned<Self::Raw>,
        _: &TurnWords<'_>,
    ) -> Option<DragonAt> {
        Some(DragonAt(cx.position(d)?, cx.span(d)))
    }
}

impl crate::record::KeyForm for FairyAtKey {
    const NAME: &'static str = "fairy";
    const ABOUT: &'static str = "Where the fairy stands (a snapshot): `{ player, at: [x, y], spot:\nLOC }`, beside that player's follower; without `spot`, on that\ntile beside nobody.";
    type Raw = RawPick;
    type Shape = RawPick;
}

impl SnapshotKey for FairyAtKey {
    const IN_HISTORY: &'static str = "a top-level `fairy` belongs to snapshots; in a history, the fairy moves with `fairy:` on a turn";
    type State = FairyAt;

    fn state(
        &self,
        cx: &mut dyn Context,
        f: &Spanned<Self::Raw>,
        words: &TurnWords<'_>,
    ) -> Option<FairyAt> {
        let Some(name) = &f.value.player else {
            cx.error(RecordError::Form {
                problem: "a snapshot's `fairy` names the player whose follower it stands beside: `{ player, at: [x, y], spot: LOC }`",
                span: cx.span(f),
            });
            return None;
        };
        let player = cx.player(name, words.players)?;
        Some(FairyAt(player, pick(cx, f, words.players, None)?))
    }
}
