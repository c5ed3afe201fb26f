//! Bridges, Castles & Bazaars' record keys: of a turn, `castle:` (the small
//! cities the tile completed that become castles); of a snapshot,
//! `castles:` (the castles on the board).

use miette::SourceSpan;
use schemars::JsonSchema;
use serde::Deserialize;

use crate::geometry::Pos;
use crate::record::forms::{AnyOf, WordOrMap};
use crate::record::written::WrittenKeys;
use crate::record::{
    Act, ActValue, Context, Key, Keyed, Location, RawPair, RecordError, SnapshotKey, TurnKey,
    TurnWords,
};
use crate::rules::Figure;
use crate::spanned::Spanned;

/// `castle:`.
#[derive(Debug)]
pub(crate) struct CastleKey;
/// `castles:` of a snapshot.
#[derive(Debug)]
pub(crate) struct CastlesKey;

/// `castle:`, as the registry lists it.
pub(crate) static CASTLE: CastleKey = CastleKey;
/// `castles:`.
pub(crate) static CASTLES: CastlesKey = CastlesKey;

/// Whether the expansion is in play, else an input error at `span`.
pub(super) fn in_play(cx: &mut dyn Context, words: &TurnWords<'_>, span: SourceSpan) -> Option<()> {
    if super::in_play(words.catalog) {
        return Some(());
    }
    cx.error(RecordError::Key {
        problem: "this key belongs to games with Bridges, Castles & Bazaars",
        help: "add `bridges-castles-bazaars` to `tilesets`, or leave out `castle`, `castles`, `bridge`, `bridges` and `bazaar`",
        span,
    });
    None
}

/// A location on a tile, checked.
fn location(cx: &mut dyn Context, raw: &Spanned<String>) -> Option<Location> {
    let l = Location::parse(&raw.value);
    if l.is_none() {
        cx.error(RecordError::Location {
            text: raw.value.clone(),
            span: cx.span(raw),
        });
    }
    l
}

/// `{ spot: LOC, player: P }`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawCastleMap {
    /// The tile of the part named (default: the tile just placed).
    #[schemars(with = "Option<[i64; 2]>")]
    pub(crate) at: Option<Spanned<RawPair>>,
    /// The city's part on that tile.
    #[schemars(with = "String")]
    pub(crate) spot: Spanned<String>,
    /// The player whose follower stands in the city (checked).
    #[schemars(with = "Option<String>")]
    pub(crate) player: Option<Spanned<String>>,
}

/// The schema's view of one castle.
#[derive(JsonSchema)]
#[serde(untagged)]
#[allow(dead_code)]
pub(crate) enum OneCastleShape {
    /// The city's part on the tile just placed.
    Spot(String),
    /// The same, with the player.
    Map(RawCastleMap),
}

/// The schema's view of `castle:`.
#[derive(JsonSchema)]
#[serde(untagged)]
#[allow(dead_code)]
pub(crate) enum CastleShape {
    /// One castle.
    One(OneCastleShape),
    /// Several (the tile completes two small cities).
    Many(Vec<OneCastleShape>),
}

/// One castle a turn makes, as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Making {
    /// The tile of the part named, when written (else the tile just
    /// placed).
    pub at: Option<Pos>,
    /// The city's part on that tile.
    pub spot: Location,
    /// That location in the file.
    pub spot_span: SourceSpan,
    /// The player written, if any.
    pub player: Option<(usize, SourceSpan)>,
    /// Written as a map.
    pub map: bool,
}

/// The castles a turn makes.
#[derive(Debug, Clone)]
pub struct Castle {
    /// Each castle, in the order written.
    pub list: Vec<Making>,
    /// Written as a list.
    pub listed: bool,
    /// The whole value.
    pub span: SourceSpan,
}

impl crate::record::KeyForm for CastleKey {
    const NAME: &'static str = "castle";
    const ABOUT: &'static str = "Bridges, Castles & Bazaars: the small city this tile completed (two\ntiles, one follower) becomes a castle of that follower's owner instead\nof scoring: its part on the tile (`castle: S`), `{ spot: S, player: P }`\n(`at: [x, y]` names a part on another tile of the city), or a list of\nthem.";
    type Raw = AnyOf<RawCastleMap>;
    type Shape = CastleShape;
}

impl TurnKey for CastleKey {
    const ORDER: u16 = 1001;

    fn acts(
        &self,
        cx: &mut dyn Context,
        raw: &Spanned<Self::Raw>,
        words: &TurnWords<'_>,
        acts: &mut Vec<Act>,
    ) -> Option<()> {
        let span = cx.span(raw);
        in_play(cx, words, span)?;
        let one = |cx: &mut dyn Context, w: &WordOrMap<RawCastleMap>, at: &crate::spanned::Mark| {
            match w {
                WordOrMap::Word(s) => {
                    let written = Spanned {
                        value: s.clone(),
                        at: *at,
                    };
                    Some(Making {
                        at: None,
                        spot: location(cx, &written)?,
                        spot_span: cx.span(&written),
                        player: None,
                        map: false,
                    })
                }
                WordOrMap::Map(m) => {
                    let player = match &m.player {
                        Some(p) => Some((cx.player(p, words.players)?, cx.span(p))),
                        None => None,
                    };
                    let at = match &m.at {
                        Some(a) => Some(cx.position(a)?),
                        None => None,
                    };
                    Some(Making {
                        at,
                        spot: location(cx, &m.spot)?,
                        spot_span: cx.span(&m.spot),
                        player,
                        map: true,
                    })
                }
            }
        };
        let (list, listed) = match &raw.value {
            AnyOf::One(w) => (vec![one(cx, w, &raw.at)], false),
            AnyOf::Many(l) => (l.iter().map(|w| one(cx, &w.value, &w.at)).collect(), true),
        };
        let list: Option<Vec<Making>> = list.into_iter().collect();
        acts.push(Act::Keyed(Keyed::new(Castle {
            list: list?,
            listed,
            span,
        })));
        Some(())
    }
}

impl ActValue for Castle {
    fn key(&self) -> &'static dyn Key {
        &CASTLE
    }
    fn span(&self) -> SourceSpan {
        self.span
    }
    fn after_deployment(&self) -> bool {
        true
    }
    fn moved(&self, spot: &dyn Fn(Pos) -> Pos, turn: &dyn Fn(&Location) -> Location) -> Keyed {
        let mut c = self.clone();
        for m in &mut c.list {
            m.at = m.at.map(spot);
            m.spot = turn(&m.spot);
        }
        Keyed::new(c)
    }
    fn write(&self, out: &mut WrittenKeys, names: &[String], _: &dyn Fn(Figure) -> String) {
        let each: Vec<serde_json::Value> = self
            .list
            .iter()
            .map(|m| {
                if m.map || m.player.is_some() || m.at.is_some() {
                    let mut w = serde_json::Map::new();
                    if let Some(at) = m.at {
                        w.insert("at".into(), serde_json::json!([at.x, at.y]));
                    }
                    w.insert("spot".into(), m.spot.to_string().into());
                    if let Some((p, _)) = m.player {
                        w.insert(
                            "player".into(),
                            names.get(p).cloned().unwrap_or_default().into(),
                        );
                    }
                    w.into()
                } else {
                    m.spot.to_string().into()
                }
            })
            .collect();
        match &each[..] {
            [one] if !self.listed => out.set(&CASTLE, one),
            _ => out.set(&CASTLE, each),
        }
    }
}

/// A castle as a snapshot writes it.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawSnapCastle {
    /// One of its two tiles: [x, y].
    #[schemars(with = "[i64; 2]")]
    pub(crate) at: Spanned<RawPair>,
    /// The city's part on that tile.
    #[schemars(with = "String")]
    pub(crate) spot: Spanned<String>,
    /// Whose castle it is (the follower in it, which counts against that
    /// player's supply).
    #[schemars(with = "String")]
    pub(crate) player: Spanned<String>,
    /// The figure in it, when not a normal follower (`big`, `mayor`,
    /// `wagon`, or a follower a tile set declares).
    #[schemars(with = "Option<String>")]
    pub(crate) figure: Option<Spanned<String>>,
    /// The castle has scored already: its follower went home.
    #[schemars(with = "Option<bool>")]
    pub(crate) empty: Option<Spanned<bool>>,
}

/// A castle a snapshot states.
#[derive(Debug, Clone)]
pub struct SnapCastle {
    /// One of its tiles.
    pub at: Pos,
    /// Where that was written.
    pub at_span: SourceSpan,
    /// The city's part there.
    pub spot: Location,
    /// Where that was written.
    pub spot_span: SourceSpan,
    /// Its owner.
    pub player: usize,
    /// The figure in it.
    pub figure: Figure,
    /// It scored already.
    pub empty: bool,
    /// The whole entry.
    pub span: SourceSpan,
}

/// The castles a snapshot states.
#[derive(Debug, Clone)]
pub struct Castles(pub Vec<SnapCastle>);

impl crate::record::KeyForm for CastlesKey {
    const NAME: &'static str = "castles";
    const ABOUT: &'static str = "The castles on the board (a snapshot of a game with Bridges, Castles &\nBazaars): `[{ at: [x, y], spot: LOC, player: P }]`, the castle on the\ncity part at `at`/`spot` with `player`'s follower in it; `empty: true`\nfor a castle that has scored; `figure:` for another follower than a\nnormal one.";
    type Raw = Vec<Spanned<RawSnapCastle>>;
    type Shape = Vec<RawSnapCastle>;
}

impl SnapshotKey for CastlesKey {
    const IN_HISTORY: &'static str = "a top-level `castles` belongs to snapshots; in a history, castles are made with `castle:` on a turn";
    type State = Castles;

    fn state(
        &self,
        cx: &mut dyn Context,
        raw: &Spanned<Self::Raw>,
        words: &TurnWords<'_>,
    ) -> Option<Castles> {
        let span = cx.span(raw);
        in_play(cx, words, span)?;
        let mut out = Vec::with_capacity(raw.value.len());
        let mut ok = true;
        for c in &raw.value {
            let r = &c.value;
            let (Some(at), Some(spot), Some(player), Some(figure)) = (
                cx.position(&r.at),
                location(cx, &r.spot),
                cx.player(&r.player, words.players),
                cx.figure(r.figure.as_ref(), words.catalog),
            ) else {
                ok = false;
                continue;
            };
            out.push(SnapCastle {
                at,
                at_span: cx.span(&r.at),
                spot,
                spot_span: cx.span(&r.spot),
                player,
                figure,
                empty: r.empty.as_ref().is_some_and(|e| e.value),
                span: cx.span(c),
            });
        }
        ok.then_some(Castles(out))
    }
}

/// `bridge:`.
#[derive(Debug)]
pub(crate) struct BridgeKey;
/// `bridges:` of a snapshot.
#[derive(Debug)]
pub(crate) struct BridgesKey;

/// `bridge:`, as the registry lists it.
pub(crate) static BRIDGE: BridgeKey = BridgeKey;
/// `bridges:`.
pub(crate) static BRIDGES: BridgesKey = BridgesKey;

/// Which way a bridge runs across its tile, in board orientation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Span {
    /// From the north edge to the south edge.
    NorthSouth,
    /// From the west edge to the east edge.
    WestEast,
}

impl Span {
    /// Its word.
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            Span::NorthSouth => "NS",
            Span::WestEast => "WE",
        }
    }

    /// The board edge one end lies on.
    #[must_use]
    pub const fn edge(self) -> crate::geometry::Edge {
        match self {
            Span::NorthSouth => crate::geometry::Edge::N,
            Span::WestEast => crate::geometry::Edge::W,
        }
    }

    /// The span a word names.
    fn parse(word: &str) -> Option<Span> {
        match word.trim().to_ascii_uppercase().as_str() {
            "NS" | "SN" => Some(Span::NorthSouth),
            "WE" | "EW" => Some(Span::WestEast),
            _ => None,
        }
    }
}

/// A span's word, checked.
fn span_word(cx: &mut dyn Context, raw: &Spanned<String>) -> Option<Span> {
    let s = Span::parse(&raw.value);
    if s.is_none() {
        cx.error(RecordError::Key {
            problem: "a bridge spans `NS` (north to south) or `WE` (west to east)",
            help: "write `bridge: NS`, or `bridge: { at: [x, y], span: WE }`",
            span: cx.span(raw),
        });
    }
    s
}

/// `{ at: [x, y], span: NS }`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawBridgeMap {
    /// The tile it lies on (default: the tile just placed).
    #[schemars(with = "Option<[i64; 2]>")]
    pub(crate) at: Option<Spanned<RawPair>>,
    /// `NS` or `WE`.
    #[schemars(with = "SpanWord")]
    pub(crate) span: Spanned<String>,
}

/// A span's word, for the schema.
#[derive(JsonSchema)]
#[schemars(transparent)]
#[allow(dead_code)]
pub(crate) struct SpanWord(#[schemars(regex(pattern = r"^(NS|WE)$"))] String);

/// The schema's view of `bridge:`.
#[derive(JsonSchema)]
#[serde(untagged)]
#[allow(dead_code)]
pub(crate) enum BridgeShape {
    /// Across the tile just placed.
    Span(SpanWord),
    /// Across a tile.
    Map(RawBridgeMap),
}

/// A bridge a turn lays.
#[derive(Debug, Clone)]
pub struct Bridge {
    /// The tile, when written (else the tile just placed).
    pub at: Option<Pos>,
    /// Which way.
    pub span: Span,
    /// Written as a map.
    pub map: bool,
    /// The value.
    pub written: SourceSpan,
}

impl crate::record::KeyForm for BridgeKey {
    const NAME: &'static str = "bridge";
    const ABOUT: &'static str = "Bridges, Castles & Bazaars: a bridge laid with the tile, across it\n(`bridge: NS` or `WE`, board orientation) or across a tile beside it\n(`{ at: [x, y], span: NS }`), from field edge to field edge: a road\nthat cuts no field.";
    type Raw = WordOrMap<RawBridgeMap>;
    type Shape = BridgeShape;
}

impl TurnKey for BridgeKey {
    const ORDER: u16 = 1000;

    fn acts(
        &self,
        cx: &mut dyn Context,
        raw: &Spanned<Self::Raw>,
        words: &TurnWords<'_>,
        acts: &mut Vec<Act>,
    ) -> Option<()> {
        let written = cx.span(raw);
        in_play(cx, words, written)?;
        let bridge = match &raw.value {
            WordOrMap::Word(w) => Bridge {
                at: None,
                span: span_word(
                    cx,
                    &Spanned {
                        value: w.clone(),
                        at: raw.at,
                    },
                )?,
                map: false,
                written,
            },
            WordOrMap::Map(m) => Bridge {
                at: match &m.at {
                    Some(a) => Some(cx.position(a)?),
                    None => None,
                },
                span: span_word(cx, &m.span)?,
                map: true,
                written,
            },
        };
        acts.push(Act::Keyed(Keyed::new(bridge)));
        Some(())
    }
}

impl ActValue for Bridge {
    fn key(&self) -> &'static dyn Key {
        &BRIDGE
    }
    fn span(&self) -> SourceSpan {
        self.written
    }
    fn after_deployment(&self) -> bool {
        true
    }
    fn moved(&self, spot: &dyn Fn(Pos) -> Pos, turn: &dyn Fn(&Location) -> Location) -> Keyed {
        let mut b = self.clone();
        b.at = b.at.map(spot);
        // A quarter turn of the board turns a bridge's span.
        let n = Location::parse("N").unwrap_or(Location::Named(String::new()));
        if matches!(turn(&n).to_string().as_str(), "E" | "W") {
            b.span = match b.span {
                Span::NorthSouth => Span::WestEast,
                Span::WestEast => Span::NorthSouth,
            };
        }
        Keyed::new(b)
    }
    fn write(&self, out: &mut WrittenKeys, _: &[String], _: &dyn Fn(Figure) -> String) {
        if self.map || self.at.is_some() {
            let mut w = serde_json::Map::new();
            if let Some(at) = self.at {
                w.insert("at".into(), serde_json::json!([at.x, at.y]));
            }
            w.insert("span".into(), self.span.word().into());
            out.set(&BRIDGE, w);
        } else {
            out.set(&BRIDGE, self.span.word());
        }
    }
}

/// A bridge as a snapshot writes it.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawSnapBridge {
    /// The tile it lies on.
    #[schemars(with = "[i64; 2]")]
    pub(crate) at: Spanned<RawPair>,
    /// `NS` or `WE`.
    #[schemars(with = "SpanWord")]
    pub(crate) span: Spanned<String>,
}

/// The bridges a snapshot states: tile, span, and the entry.
#[derive(Debug, Clone)]
pub struct Bridges(pub Vec<(Pos, Span, SourceSpan)>);

impl crate::record::KeyForm for BridgesKey {
    const NAME: &'static str = "bridges";
    const ABOUT: &'static str = "The bridges on the board (a snapshot of a game with Bridges, Castles &\nBazaars): `[{ at: [x, y], span: NS }]`.";
    type Raw = Vec<Spanned<RawSnapBridge>>;
    type Shape = Vec<RawSnapBridge>;
}

impl SnapshotKey for BridgesKey {
    const IN_HISTORY: &'static str = "a top-level `bridges` belongs to snapshots; in a history, bridges are laid with `bridge:` on a turn";
    type State = Bridges;

    fn state(
        &self,
        cx: &mut dyn Context,
        raw: &Spanned<Self::Raw>,
        words: &TurnWords<'_>,
    ) -> Option<Bridges> {
        let span = cx.span(raw);
        in_play(cx, words, span)?;
        let mut out = Vec::with_capacity(raw.value.len());
        let mut ok = true;
        for b in &raw.value {
            match (cx.position(&b.value.at), span_word(cx, &b.value.span)) {
                (Some(at), Some(s)) => out.push((at, s, cx.span(b))),
                _ => ok = false,
            }
        }
        ok.then_some(Bridges(out))
    }
}

/// `bazaar:`.
#[derive(Debug)]
pub(crate) struct BazaarKey;

/// `bazaar:`, as the registry lists it.
pub(crate) static BAZAAR: BazaarKey = BazaarKey;

/// The most points one bid may be: far beyond any game's score, and exact
/// in every reader's numbers.
pub const MAX_BID: i64 = 1_000_000;

/// One tile of an auction as written: `{ tile: T, player: P, bids: { P: 0,
/// Q: 2 }, sell: true }`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawSale {
    /// The tile chosen (the last entry: the tile left over).
    #[schemars(with = "String")]
    pub(crate) tile: Spanned<String>,
    /// Who chose it (checked; may be left out).
    #[schemars(with = "Option<String>")]
    pub(crate) player: Option<Spanned<String>>,
    /// The chooser's opening bid and the others' raises, by player.
    #[schemars(with = "Option<std::collections::BTreeMap<String, u32>>")]
    pub(crate) bids: Option<Spanned<std::collections::BTreeMap<String, Spanned<i64>>>>,
    /// The chooser sold the tile to the highest bidder.
    #[schemars(with = "Option<bool>")]
    pub(crate) sell: Option<Spanned<bool>>,
}

/// One tile of an auction, read.
#[derive(Debug, Clone)]
pub struct Sale {
    /// The tile: catalog index.
    pub tile: usize,
    /// Its id, as the record writes it back.
    pub id: std::sync::Arc<str>,
    /// Where the tile is written.
    pub tile_span: SourceSpan,
    /// The chooser written, if any.
    pub player: Option<(usize, SourceSpan)>,
    /// The bids, by player, when written: points and where.
    pub bids: Option<Vec<(usize, u32, SourceSpan)>>,
    /// Where the bids are written.
    pub bids_span: SourceSpan,
    /// The chooser sold it, when written.
    pub sell: Option<(bool, SourceSpan)>,
    /// The whole entry.
    pub span: SourceSpan,
}

/// An auction, as a turn writes it: its tiles in the order they were
/// auctioned.
#[derive(Debug, Clone)]
pub struct Bazaar {
    /// Each tile (shared: the mechanic keeps the auction a turn writes
    /// until the turn ends, without copying it).
    pub sales: std::sync::Arc<[Sale]>,
    /// The whole value.
    pub span: SourceSpan,
}

impl crate::record::KeyForm for BazaarKey {
    const NAME: &'static str = "bazaar";
    const ABOUT: &'static str = "Bridges, Castles & Bazaars: the auction after a turn that placed a\nbazaar, one entry per tile in the order auctioned: `{ tile: T, player:\nP, bids: { P: 0, Q: 2 }, sell: true }` (`player`: the chooser, checked;\n`bids`: the chooser's opening bid and the others' raises; `sell`: the\nchooser sold it to the highest bidder). The last entry is the tile left\nover, free to the last player without one.";
    type Raw = Vec<Spanned<RawSale>>;
    type Shape = Vec<RawSale>;
}

impl TurnKey for BazaarKey {
    const ORDER: u16 = 1002;

    fn acts(
        &self,
        cx: &mut dyn Context,
        raw: &Spanned<Self::Raw>,
        words: &TurnWords<'_>,
        acts: &mut Vec<Act>,
    ) -> Option<()> {
        let span = cx.span(raw);
        in_play(cx, words, span)?;
        let mut sales = Vec::with_capacity(raw.value.len());
        let mut ok = true;
        for s in &raw.value {
            let r = &s.value;
            let tile = cx.tile(&r.tile, words.catalog);
            let player = match &r.player {
                Some(p) => cx.player(p, words.players).map(|i| Some((i, cx.span(p)))),
                None => Some(None),
            };
            let mut bids = None;
            if let Some(b) = &r.bids {
                let mut each = Vec::with_capacity(b.value.len());
                for (name, points) in &b.value {
                    let at = cx.span(points);
                    let named = Spanned {
                        value: name.clone(),
                        at: points.at,
                    };
                    let Some(p) = cx.player(&named, words.players) else {
                        ok = false;
                        continue;
                    };
                    match u32::try_from(points.value) {
                        Ok(n) if points.value <= MAX_BID => each.push((p, n, at)),
                        _ => {
                            cx.error(RecordError::Key {
                                problem: "a bid is a number of points from 0 to 1000000",
                                help: "write each bid as a whole number of points, 0 or more",
                                span: at,
                            });
                            ok = false;
                        }
                    }
                }
                bids = Some((each, cx.span(b)));
            }
            let (Some(tile), Some(player)) = (tile, player) else {
                ok = false;
                continue;
            };
            let (bids, bids_span) = match bids {
                Some((each, at)) => (Some(each), at),
                None => (None, cx.span(s)),
            };
            sales.push(Sale {
                tile,
                id: r.tile.value.trim().into(),
                tile_span: cx.span(&r.tile),
                player,
                bids,
                bids_span,
                sell: r.sell.as_ref().map(|b| (b.value, cx.span(b))),
                span: cx.span(s),
            });
        }
        if !ok {
            return None;
        }
        acts.push(Act::Keyed(Keyed::new(Bazaar {
            sales: sales.into(),
            span,
        })));
        Some(())
    }
}

impl ActValue for Bazaar {
    fn key(&self) -> &'static dyn Key {
        &BAZAAR
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
    fn write(&self, out: &mut WrittenKeys, names: &[String], _: &dyn Fn(Figure) -> String) {
        let name = |p: usize| names.get(p).cloned().unwrap_or_default();
        let each: Vec<serde_json::Value> = self
            .sales
            .iter()
            .map(|s| {
                let mut w = serde_json::Map::new();
                w.insert("tile".into(), s.id.to_string().into());
                if let Some((p, _)) = s.player {
                    w.insert("player".into(), name(p).into());
                }
                if let Some(bids) = &s.bids {
                    let bids: serde_json::Map<String, serde_json::Value> =
                        bids.iter().map(|&(p, n, _)| (name(p), n.into())).collect();
                    w.insert("bids".into(), bids.into());
                }
                if let Some((sell, _)) = s.sell {
                    w.insert("sell".into(), sell.into());
                }
                w.into()
            })
            .collect();
        out.set(&BAZAAR, each);
    }
}
