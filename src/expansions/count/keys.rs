//! The Count of Carcassonne's record keys: of a turn, `leave:` (followers
//! that leave the City before the turn's scoring), `enter:` (a follower
//! put into a quarter after it) and `count:` (where the Count goes); at the
//! top level, `final_leave:` (followers that leave the City before the
//! final scoring, in a history or a snapshot); of a snapshot, `quarters:`
//! (the followers in the City) and `count:` (where the Count stands).

use std::collections::BTreeMap;

use miette::SourceSpan;
use schemars::JsonSchema;
use serde::Deserialize;

use super::Quarter;
use crate::geometry::Pos;
use crate::record::forms::{OneOrMany, WordOrMap};
use crate::record::written::WrittenKeys;
use crate::record::{
    Act, ActValue, Context, Key, Keyed, Location, RawPair, RecordError, SnapshotKey, TurnKey,
    TurnWords,
};
use crate::rules::Figure;
use crate::spanned::Spanned;

/// `leave:`.
#[derive(Debug)]
pub(crate) struct LeaveKey;
/// `enter:`.
#[derive(Debug)]
pub(crate) struct EnterKey;
/// `count:` of a turn.
#[derive(Debug)]
pub(crate) struct CountKey;
/// `final_leave:`.
#[derive(Debug)]
pub(crate) struct FinalLeaveKey;
/// `quarters:` of a snapshot.
#[derive(Debug)]
pub(crate) struct QuartersKey;
/// `count:` of a snapshot.
#[derive(Debug)]
pub(crate) struct CountAtKey;

/// The keys, as the registry lists them.
pub(crate) static LEAVE: LeaveKey = LeaveKey;
/// `enter:`.
pub(crate) static ENTER: EnterKey = EnterKey;
/// `count:` of a turn.
pub(crate) static COUNT: CountKey = CountKey;
/// `final_leave:`.
pub(crate) static FINAL_LEAVE: FinalLeaveKey = FinalLeaveKey;
/// `quarters:`.
pub(crate) static QUARTERS: QuartersKey = QuartersKey;
/// `count:` of a snapshot.
pub(crate) static COUNT_AT: CountAtKey = CountAtKey;

/// What the quarters are called, for problems.
const QUARTER_WORDS: &str =
    "a quarter of the City is `castle`, `blacksmith`, `cathedral` or `market`";

/// Whether the City is in play, else an input error at `span`.
fn in_play(cx: &mut dyn Context, words: &TurnWords<'_>, span: SourceSpan) -> Option<()> {
    if words.catalog.shows(super::QUARTERS) {
        return Some(());
    }
    cx.error(RecordError::Key {
        problem: "this key belongs to games with The Count of Carcassonne",
        help: "add `count` to `tilesets`, or leave out `leave`, `enter`, `count`, `quarters` and `final_leave`",
        span,
    });
    None
}

/// A quarter's word, checked.
fn quarter(cx: &mut dyn Context, raw: &Spanned<String>) -> Option<Quarter> {
    let q = Quarter::parse(&raw.value);
    if q.is_none() {
        cx.error(RecordError::Key {
            problem: "no such quarter of the City",
            help: QUARTER_WORDS,
            span: cx.span(raw),
        });
    }
    q
}

/// A follower that leaves the City: `{ player, at: [x, y], spot: LOC,
/// figure }`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawMove {
    /// The follower's owner (on a turn, the turn's player by default).
    #[schemars(with = "Option<String>")]
    pub(crate) player: Option<Spanned<String>>,
    /// The tile of the feature it goes onto: [x, y].
    #[schemars(with = "[i64; 2]")]
    pub(crate) at: Spanned<RawPair>,
    /// A part of that feature on that tile.
    #[schemars(with = "String")]
    pub(crate) spot: Spanned<String>,
    /// `big`, `mayor`, `wagon` or a follower a tile set declares; a
    /// normal follower when left out.
    #[schemars(with = "Option<String>")]
    pub(crate) figure: Option<Spanned<String>>,
}

/// One move out of the City, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Move {
    /// Its owner, when written.
    pub player: Option<(usize, SourceSpan)>,
    /// The figure.
    pub figure: Figure,
    /// The tile.
    pub at: Pos,
    /// That position in the file.
    pub at_span: SourceSpan,
    /// Where on the tile.
    pub spot: Location,
    /// That location in the file.
    pub spot_span: SourceSpan,
    /// The whole entry.
    pub span: SourceSpan,
}

impl Move {
    /// A move the generator proposes: `player`'s `figure` onto the spot
    /// `spot` of the tile at `at`, written nowhere.
    pub(crate) fn proposed(player: usize, figure: Figure, at: Pos, spot: Location) -> Move {
        let nowhere = SourceSpan::from((0, 0));
        Move {
            player: Some((player, nowhere)),
            figure,
            at,
            at_span: nowhere,
            spot,
            spot_span: nowhere,
            span: nowhere,
        }
    }

    /// As written.
    pub(crate) fn written(
        &self,
        names: &[String],
        word: &dyn Fn(Figure) -> String,
    ) -> serde_json::Value {
        let mut w = serde_json::Map::new();
        if let Some((p, _)) = self.player {
            w.insert(
                "player".into(),
                names.get(p).cloned().unwrap_or_default().into(),
            );
        }
        w.insert("at".into(), serde_json::json!([self.at.x, self.at.y]));
        w.insert("spot".into(), self.spot.to_string().into());
        if self.figure != Figure::FOLLOWER {
            w.insert("figure".into(), word(self.figure).into());
        }
        w.into()
    }
}

/// A move, read.
fn one_move(
    cx: &mut dyn Context,
    r: &RawMove,
    span: SourceSpan,
    words: &TurnWords<'_>,
) -> Option<Move> {
    let player = match &r.player {
        Some(name) => Some((cx.player(name, words.players)?, cx.span(name))),
        None => None,
    };
    let at = cx.position(&r.at)?;
    let Some(spot) = Location::parse(&r.spot.value) else {
        cx.error(RecordError::Location {
            text: r.spot.value.clone(),
            span: cx.span(&r.spot),
        });
        return None;
    };
    let figure = cx.figure(r.figure.as_ref(), words.catalog)?;
    Some(Move {
        player,
        figure,
        at,
        at_span: cx.span(&r.at),
        spot,
        spot_span: cx.span(&r.spot),
        span,
    })
}

/// The schema's view of `leave:`.
#[derive(JsonSchema)]
#[serde(untagged)]
#[allow(dead_code)]
pub(crate) enum LeaveShape {
    /// One move.
    One(RawMove),
    /// Several, in the order made.
    Many(Vec<RawMove>),
}

/// The turn's moves out of the City, in the order written.
#[derive(Debug, Clone)]
pub struct Leave {
    /// The moves.
    pub moves: Vec<Move>,
    /// Written as a list.
    pub listed: bool,
    /// The whole value.
    pub span: SourceSpan,
}

impl crate::record::KeyForm for LeaveKey {
    const NAME: &'static str = "leave";
    const ABOUT: &'static str = "The Count of Carcassonne: the followers that leave the City before\nthis turn's scoring, onto a feature this turn completes of their\nquarter's kind: `{ player, at: [x, y], spot: LOC, figure }` or a list\nof them in the order made (from the player after the turn's player).";
    type Raw = OneOrMany<RawMove>;
    type Shape = LeaveShape;
}

impl TurnKey for LeaveKey {
    const ORDER: u16 = 900;

    fn acts(
        &self,
        cx: &mut dyn Context,
        raw: &Spanned<Self::Raw>,
        words: &TurnWords<'_>,
        acts: &mut Vec<Act>,
    ) -> Option<()> {
        let span = cx.span(raw);
        in_play(cx, words, span)?;
        let mut moves = Vec::new();
        let mut ok = true;
        let listed = match &raw.value {
            OneOrMany::One(m) => {
                match one_move(cx, m, span, words) {
                    Some(m) => moves.push(m),
                    None => ok = false,
                }
                false
            }
            OneOrMany::Many(list) => {
                for m in list {
                    let at = cx.span(m);
                    match one_move(cx, &m.value, at, words) {
                        Some(m) => moves.push(m),
                        None => ok = false,
                    }
                }
                true
            }
        };
        ok.then_some(())?;
        acts.push(Act::Keyed(Keyed::new(Leave {
            moves,
            listed,
            span,
        })));
        Some(())
    }
}

impl ActValue for Leave {
    fn key(&self) -> &'static dyn Key {
        &LEAVE
    }
    fn span(&self) -> SourceSpan {
        self.span
    }
    fn after_deployment(&self) -> bool {
        true
    }
    fn moved(&self, spot: &dyn Fn(Pos) -> Pos, turn: &dyn Fn(&Location) -> Location) -> Keyed {
        let mut l = self.clone();
        for m in &mut l.moves {
            m.at = spot(m.at);
            m.spot = turn(&m.spot);
        }
        Keyed::new(l)
    }
    fn write(&self, out: &mut WrittenKeys, names: &[String], word: &dyn Fn(Figure) -> String) {
        let list: Vec<serde_json::Value> =
            self.moves.iter().map(|m| m.written(names, word)).collect();
        match &list[..] {
            [one] if !self.listed => out.set(&LEAVE, one),
            _ => out.set(&LEAVE, list),
        }
    }
}

/// `enter:` as written: a quarter (`enter: market`), or `{ quarter,
/// figure }`.
pub(crate) type RawEnter = WordOrMap<RawEnterMap>;

/// `{ quarter, figure }`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawEnterMap {
    /// The quarter.
    #[schemars(with = "QuarterWord")]
    pub(crate) quarter: Spanned<String>,
    /// `big`, `mayor`, `wagon` or a follower a tile set declares.
    #[schemars(with = "Option<String>")]
    pub(crate) figure: Option<Spanned<String>>,
}

/// A quarter's word, for the schema.
#[derive(JsonSchema)]
#[schemars(transparent)]
#[allow(dead_code)]
pub(crate) struct QuarterWord(
    #[schemars(regex(pattern = r"^(castle|blacksmith|cathedral|market)$"))] String,
);

/// The schema's view of `enter:`.
#[derive(JsonSchema)]
#[serde(untagged)]
#[allow(dead_code)]
pub(crate) enum EnterShape {
    /// A quarter.
    Word(QuarterWord),
    /// A quarter and the figure.
    Map(RawEnterMap),
}

/// A follower put into the City.
#[derive(Debug, Clone)]
pub struct Enter {
    /// The quarter.
    pub quarter: Quarter,
    /// The figure.
    pub figure: Figure,
    /// Written as a map.
    pub map: bool,
    /// The value.
    pub span: SourceSpan,
}

impl crate::record::KeyForm for EnterKey {
    const NAME: &'static str = "enter";
    const ABOUT: &'static str = "The Count of Carcassonne: the quarter of the City the turn's player\nputs a follower into after the turn's scoring (when others scored and\nthey did not): `castle`, `blacksmith`, `cathedral` or `market`, or\n`{ quarter, figure }` for another figure than a normal follower.";
    type Raw = RawEnter;
    type Shape = EnterShape;
}

impl TurnKey for EnterKey {
    const ORDER: u16 = 901;

    fn acts(
        &self,
        cx: &mut dyn Context,
        raw: &Spanned<Self::Raw>,
        words: &TurnWords<'_>,
        acts: &mut Vec<Act>,
    ) -> Option<()> {
        let span = cx.span(raw);
        in_play(cx, words, span)?;
        let (quarter_word, figure, map) = match &raw.value {
            WordOrMap::Word(w) => (
                Spanned {
                    value: w.clone(),
                    at: raw.at,
                },
                None,
                false,
            ),
            WordOrMap::Map(m) => (
                Spanned {
                    value: m.quarter.value.clone(),
                    at: m.quarter.at,
                },
                m.figure.as_ref(),
                true,
            ),
        };
        let quarter = quarter(cx, &quarter_word)?;
        let figure = cx.figure(figure, words.catalog)?;
        acts.push(Act::Keyed(Keyed::new(Enter {
            quarter,
            figure,
            map,
            span,
        })));
        Some(())
    }
}

impl ActValue for Enter {
    fn key(&self) -> &'static dyn Key {
        &ENTER
    }
    fn span(&self) -> SourceSpan {
        self.span
    }
    fn after_deployment(&self) -> bool {
        true
    }
    fn moved(&self, _: &dyn Fn(Pos) -> Pos, _: &dyn Fn(&Location) -> Location) -> Keyed {
        Keyed::new(self.clone())
    }
    fn write(&self, out: &mut WrittenKeys, _: &[String], word: &dyn Fn(Figure) -> String) {
        if self.figure == Figure::FOLLOWER && !self.map {
            out.set(&ENTER, self.quarter.word());
        } else {
            let mut w = serde_json::Map::new();
            w.insert("quarter".into(), self.quarter.word().into());
            if self.figure != Figure::FOLLOWER {
                w.insert("figure".into(), word(self.figure).into());
            }
            out.set(&ENTER, w);
        }
    }
}

/// `count:` as written: a quarter (`count: cathedral`), or `{ quarter }`.
pub(crate) type RawCount = WordOrMap<RawCountMap>;

/// `{ quarter }`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawCountMap {
    /// The quarter.
    #[schemars(with = "QuarterWord")]
    pub(crate) quarter: Spanned<String>,
}

/// The schema's view of `count:`.
#[derive(JsonSchema)]
#[serde(untagged)]
#[allow(dead_code)]
pub(crate) enum CountShape {
    /// A quarter.
    Word(QuarterWord),
    /// The same, as a map.
    Map(RawCountMap),
}

/// Where the turn's player moves the Count.
#[derive(Debug, Clone)]
pub struct CountTo {
    /// The quarter.
    pub quarter: Quarter,
    /// The value.
    pub span: SourceSpan,
}

impl crate::record::KeyForm for CountKey {
    const NAME: &'static str = "count";
    const ABOUT: &'static str = "The Count of Carcassonne: the quarter the turn's player moves the Count\nto after putting a follower into the City (or `{ quarter }`).";
    type Raw = RawCount;
    type Shape = CountShape;
}

impl TurnKey for CountKey {
    const ORDER: u16 = 902;

    fn acts(
        &self,
        cx: &mut dyn Context,
        raw: &Spanned<Self::Raw>,
        words: &TurnWords<'_>,
        acts: &mut Vec<Act>,
    ) -> Option<()> {
        let span = cx.span(raw);
        in_play(cx, words, span)?;
        let word = match &raw.value {
            WordOrMap::Word(w) => Spanned {
                value: w.clone(),
                at: raw.at,
            },
            WordOrMap::Map(m) => Spanned {
                value: m.quarter.value.clone(),
                at: m.quarter.at,
            },
        };
        let quarter = quarter(cx, &word)?;
        acts.push(Act::Keyed(Keyed::new(CountTo { quarter, span })));
        Some(())
    }
}

impl ActValue for CountTo {
    fn key(&self) -> &'static dyn Key {
        &COUNT
    }
    fn span(&self) -> SourceSpan {
        self.span
    }
    fn after_deployment(&self) -> bool {
        true
    }
    fn moved(&self, _: &dyn Fn(Pos) -> Pos, _: &dyn Fn(&Location) -> Location) -> Keyed {
        Keyed::new(self.clone())
    }
    fn write(&self, out: &mut WrittenKeys, _: &[String], _: &dyn Fn(Figure) -> String) {
        out.set(&COUNT, self.quarter.word());
    }
}

/// The followers that leave the City before the final scoring.
#[derive(Debug, Clone)]
pub struct FinalLeave(pub Vec<Move>, pub SourceSpan);

impl crate::record::KeyForm for FinalLeaveKey {
    const NAME: &'static str = "final_leave";
    const ABOUT: &'static str = "The Count of Carcassonne: the followers that leave the City before the\nfinal scoring (a game that has ended): `{ player, at: [x, y], spot: LOC,\nfigure }` each, from the market onto a farm (and under\n`coc_final_scoring = \"any-quarter\"` from the other quarters onto an\nunfinished feature of their kind).";
    type Raw = Vec<Spanned<RawMove>>;
    type Shape = Vec<RawMove>;
}

impl SnapshotKey for FinalLeaveKey {
    const IN_HISTORY: &'static str = "";
    const HISTORY: bool = true;
    type State = FinalLeave;

    fn state(
        &self,
        cx: &mut dyn Context,
        raw: &Spanned<Self::Raw>,
        words: &TurnWords<'_>,
    ) -> Option<FinalLeave> {
        let span = cx.span(raw);
        in_play(cx, words, span)?;
        let mut out = Vec::with_capacity(raw.value.len());
        let mut ok = true;
        for m in &raw.value {
            if m.value.player.is_none() {
                cx.error(RecordError::Key {
                    problem: "a `final_leave` entry names the follower's owner",
                    help: "write each follower that leaves the City at the end as `{ player, at: [x, y], spot: LOC }`",
                    span: cx.span(m),
                });
                ok = false;
                continue;
            }
            let at = cx.span(m);
            match one_move(cx, &m.value, at, words) {
                Some(m) => out.push(m),
                None => ok = false,
            }
        }
        ok.then_some(FinalLeave(out, span))
    }
}

/// A follower in a quarter as a snapshot writes it: its owner (`red`),
/// or `{ player, figure }`.
pub(crate) type RawOccupant = WordOrMap<RawOccupantMap>;

/// `{ player, figure }`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawOccupantMap {
    /// The owner.
    #[schemars(with = "String")]
    pub(crate) player: Spanned<String>,
    /// The figure.
    #[schemars(with = "Option<String>")]
    pub(crate) figure: Option<Spanned<String>>,
}

/// The schema's view of a follower in a quarter.
#[derive(JsonSchema)]
#[serde(untagged)]
#[allow(dead_code)]
pub(crate) enum OccupantShape {
    /// Its owner.
    Player(String),
    /// Its owner and figure.
    Figure(RawOccupantMap),
}

/// The followers in the City a snapshot states: quarter, owner, figure.
#[derive(Debug, Clone)]
pub struct Quarters(pub Vec<(Quarter, usize, Figure, SourceSpan)>);

impl crate::record::KeyForm for QuartersKey {
    const NAME: &'static str = "quarters";
    const ABOUT: &'static str = "The followers in the City of Carcassonne (a snapshot of a game with\nThe Count of Carcassonne), by quarter: `{ castle: [red], market: [blue,\n{ player: red, figure: big }] }`.";
    type Raw = BTreeMap<String, Spanned<Vec<Spanned<RawOccupant>>>>;
    type Shape = BTreeMap<String, Vec<OccupantShape>>;
}

impl SnapshotKey for QuartersKey {
    const IN_HISTORY: &'static str = "a top-level `quarters` belongs to snapshots; in a history, followers go into the City with `enter:` on a turn";
    type State = Quarters;

    fn state(
        &self,
        cx: &mut dyn Context,
        raw: &Spanned<Self::Raw>,
        words: &TurnWords<'_>,
    ) -> Option<Quarters> {
        let span = cx.span(raw);
        in_play(cx, words, span)?;
        let mut out = Vec::new();
        let mut ok = true;
        for (word, list) in &raw.value {
            let word = Spanned {
                value: word.clone(),
                at: list.at,
            };
            let Some(q) = quarter(cx, &word) else {
                ok = false;
                continue;
            };
            for o in &list.value {
                let span = cx.span(o);
                let (name, figure) = match &o.value {
                    WordOrMap::Word(p) => (
                        Spanned {
                            value: p.clone(),
                            at: o.at,
                        },
                        None,
                    ),
                    WordOrMap::Map(m) => (
                        Spanned {
                            value: m.player.value.clone(),
                            at: m.player.at,
                        },
                        m.figure.as_ref(),
                    ),
                };
                let (Some(player), Some(figure)) = (
                    cx.player(&name, words.players),
                    cx.figure(figure, words.catalog),
                ) else {
                    ok = false;
                    continue;
                };
                out.push((q, player, figure, span));
            }
        }
        ok.then_some(Quarters(out))
    }
}

/// Where the Count stands in a snapshot.
#[derive(Debug, Clone)]
pub struct CountAt(pub Quarter);

impl crate::record::KeyForm for CountAtKey {
    const NAME: &'static str = "count";
    const ABOUT: &'static str = "The quarter of the City the Count stands in (a snapshot of a game with\nThe Count of Carcassonne; default `castle`).";
    type Raw = String;
    type Shape = QuarterWord;
}

impl SnapshotKey for CountAtKey {
    const IN_HISTORY: &'static str = "a top-level `count` belongs to snapshots; in a history, the Count moves with `count:` on a turn";
    type State = CountAt;

    fn state(
        &self,
        cx: &mut dyn Context,
        raw: &Spanned<Self::Raw>,
        words: &TurnWords<'_>,
    ) -> Option<CountAt> {
        let span = cx.span(raw);
        in_play(cx, words, span)?;
        quarter(cx, raw).map(CountAt)
    }
}
