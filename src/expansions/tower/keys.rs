//! The Tower's record keys: of a turn, `tower:` (a piece put on a tower),
//! `capture:` (the follower the tower takes) and `ransom:` (a follower
//! bought back); of a snapshot, `towers:` (their heights) and
//! `prisoners:` (the followers held).

use std::collections::BTreeMap;

use miette::SourceSpan;
use schemars::JsonSchema;
use serde::Deserialize;

use crate::geometry::Pos;
use crate::record::written::WrittenKeys;
use crate::record::{
    Act, ActValue, Context, Key, Keyed, Location, RawPair, RecordError, SnapshotKey, TurnKey,
    TurnWords,
};
use crate::rules::Figure;
use crate::spanned::Spanned;

/// `tower:`.
#[derive(Debug)]
pub(crate) struct Tower;
/// `capture:`.
#[derive(Debug)]
pub(crate) struct CaptureKey;
/// `ransom:`.
#[derive(Debug)]
pub(crate) struct RansomKey;

/// The keys, as the registry lists them.
pub(crate) static TOWER: Tower = Tower;
/// `capture:`.
pub(crate) static CAPTURE: CaptureKey = CaptureKey;
/// `ransom:`.
pub(crate) static RANSOM: RansomKey = RansomKey;

/// A tower piece: `{ at: [x, y] }`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawTowerPiece {
    /// The tile whose foundation or open tower takes the piece: [x, y].
    #[schemars(with = "[i64; 2]")]
    pub(crate) at: Spanned<RawPair>,
}

/// A capture: `{ at: [x, y], spot: LOC, player, figure, exchange }`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawCapture {
    /// The tile the follower stands on: [x, y].
    #[schemars(with = "[i64; 2]")]
    pub(crate) at: Spanned<RawPair>,
    /// Where on it (`tower`: on top of its tower). `meeple` is taken as
    /// another name for it.
    #[serde(alias = "meeple")]
    #[schemars(with = "String")]
    pub(crate) spot: Spanned<String>,
    /// The follower's owner, needed only where followers of two players
    /// stand there.
    #[schemars(with = "Option<String>")]
    pub(crate) player: Option<Spanned<String>>,
    /// Which figure it is (`follower`, `big`, `mayor`, `wagon`), needed
    /// only where two kinds stand there.
    #[schemars(with = "Option<String>")]
    pub(crate) figure: Option<Spanned<String>>,
    /// When the capture is exchanged for one of the capturer's followers
    /// and the captured player holds several kinds of them: the kind that
    /// comes back.
    #[schemars(with = "Option<String>")]
    pub(crate) exchange: Option<Spanned<String>>,
}

/// A ransom: `{ from: P, figure }`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawRansom {
    /// The player who holds the follower and is paid.
    #[schemars(with = "String")]
    pub(crate) from: Spanned<String>,
    /// Which follower comes back, needed only when that player holds
    /// several kinds of the payer's followers.
    #[schemars(with = "Option<String>")]
    pub(crate) figure: Option<Spanned<String>>,
}

/// A tower piece put on a tower (`tower: { at }`): the turn's action.
#[derive(Debug, Clone)]
pub struct TowerPiece {
    /// The tile of the tower.
    pub at: Pos,
    /// That position in the file.
    pub at_span: SourceSpan,
}

/// A follower a tower takes (`capture:`).
#[derive(Debug, Clone)]
pub struct Capture {
    /// The tile it stands on.
    pub at: Pos,
    /// That position in the file.
    pub at_span: SourceSpan,
    /// Where on the tile (`Location::Tower`: on top of its tower).
    pub spot: Location,
    /// The spot in the file.
    pub spot_span: SourceSpan,
    /// Its owner, when the record names one.
    pub player: Option<(usize, SourceSpan)>,
    /// Which figure, when the record names one.
    pub figure: Option<(Figure, SourceSpan)>,
    /// The kind of the capturer's followers that an exchange brings back.
    pub exchange: Option<(Figure, SourceSpan)>,
    /// The whole entry.
    pub span: SourceSpan,
}

/// A ransom paid (`ransom:`).
#[derive(Debug, Clone)]
pub struct Ransom {
    /// The player paid, who holds the follower.
    pub from: usize,
    /// That name in the file.
    pub from_span: SourceSpan,
    /// Which figure comes back, when the record names one.
    pub figure: Option<(Figure, SourceSpan)>,
    /// The whole entry.
    pub span: SourceSpan,
}

impl crate::record::KeyForm for Tower {
    const NAME: &'static str = "tower";
    const ABOUT: &'static str = "The Tower: the turn's action is a tower piece put on the foundation\nor open tower of the tile at `at` (any tile on the board), instead\nof deploying a figure.";
    type Raw = RawTowerPiece;
    type Shape = RawTowerPiece;
}

impl TurnKey for Tower {
    const ORDER: u16 = 600;

    fn acts(
        &self,
        cx: &mut dyn Context,
        t: &Spanned<RawTowerPiece>,
        _: &TurnWords<'_>,
        acts: &mut Vec<Act>,
    ) -> Option<()> {
        acts.push(Act::Keyed(Keyed::new(TowerPiece {
            at: cx.position(&t.value.at)?,
            at_span: cx.span(&t.value.at),
        })));
        Some(())
    }
}

impl crate::record::KeyForm for CaptureKey {
    const NAME: &'static str = "capture";
    const ABOUT: &'static str = "The Tower: after its piece, the follower the tower takes.";
    type Raw = RawCapture;
    type Shape = RawCapture;
}

impl TurnKey for CaptureKey {
    const ORDER: u16 = 601;

    fn acts(
        &self,
        cx: &mut dyn Context,
        c: &Spanned<RawCapture>,
        turn: &TurnWords<'_>,
        acts: &mut Vec<Act>,
    ) -> Option<()> {
        let raw = &c.value;
        let at = cx.position(&raw.at)?;
        let Some(spot) = Location::parse(&raw.spot.value) else {
            cx.error(RecordError::Location {
                text: raw.spot.value.clone(),
                span: cx.span(&raw.spot),
            });
            return None;
        };
        let player = match &raw.player {
            Some(p) => Some((cx.player(p, turn.players)?, cx.span(p))),
            None => None,
        };
        let figure = match &raw.figure {
            Some(f) => Some((cx.figure(Some(f), turn.catalog)?, cx.span(f))),
            None => None,
        };
        let exchange = match &raw.exchange {
            Some(f) => Some((cx.figure(Some(f), turn.catalog)?, cx.span(f))),
            None => None,
        };
        acts.push(Act::Keyed(Keyed::new(Capture {
            at,
            at_span: cx.span(&raw.at),
            spot,
            spot_span: cx.span(&raw.spot),
            player,
            figure,
            exchange,
            span: cx.span(c),
        })));
        Some(())
    }
}

impl crate::record::KeyForm for RansomKey {
    const NAME: &'static str = "ransom";
    const ABOUT: &'static str = "The Tower: the player of the turn buys back one of their followers\nfrom the player who holds it.";
    type Raw = RawRansom;
    type Shape = RawRansom;
}

impl TurnKey for RansomKey {
    const ORDER: u16 = 602;

    fn acts(
        &self,
        cx: &mut dyn Context,
        r: &Spanned<RawRansom>,
        turn: &TurnWords<'_>,
        acts: &mut Vec<Act>,
    ) -> Option<()> {
        let from = cx.player(&r.value.from, turn.players)?;
        let figure = match &r.value.figure {
            Some(f) => Some((cx.figure(Some(f), turn.catalog)?, cx.span(f))),
            None => None,
        };
        acts.push(Act::Keyed(Keyed::new(Ransom {
            from,
            from_span: cx.span(&r.value.from),
            figure,
            span: cx.span(r),
        })));
        Some(())
    }
}

impl ActValue for TowerPiece {
    fn key(&self) -> &'static dyn Key {
        &TOWER
    }
    fn span(&self) -> SourceSpan {
        self.at_span
    }
    fn is_action(&self) -> bool {
        true
    }
    fn moved(&self, spot: &dyn Fn(Pos) -> Pos, _: &dyn Fn(&Location) -> Location) -> Keyed {
        Keyed::new(TowerPiece {
            at: spot(self.at),
            at_span: self.at_span,
        })
    }
    fn write(&self, out: &mut WrittenKeys, _: &[String], _: &dyn Fn(Figure) -> String) {
        out.set(&TOWER, serde_json::json!({ "at": [self.at.x, self.at.y] }));
    }
}

impl ActValue for Capture {
    fn key(&self) -> &'static dyn Key {
        &CAPTURE
    }
    fn span(&self) -> SourceSpan {
        self.span
    }
    fn moved(&self, spot: &dyn Fn(Pos) -> Pos, turn: &dyn Fn(&Location) -> Location) -> Keyed {
        let mut c = self.clone();
        c.at = spot(c.at);
        c.spot = turn(&c.spot);
        Keyed::new(c)
    }
    fn write(&self, out: &mut WrittenKeys, names: &[String], word: &dyn Fn(Figure) -> String) {
        let player = self
            .player
            .map(|(p, _)| names.get(p).cloned().unwrap_or_default());
        let figure = self
            .figure
            .filter(|(f, _)| *f != Figure::FOLLOWER)
            .map(|(f, _)| word(f));
        let exchange = self.exchange.map(|(f, _)| word(f));
        out.set(
            &CAPTURE,
            written_capture(self.at, self.spot.to_string(), player, figure, exchange),
        );
    }
}

impl ActValue for Ransom {
    fn key(&self) -> &'static dyn Key {
        &RANSOM
    }
    fn span(&self) -> SourceSpan {
        self.span
    }
    fn moved(&self, _: &dyn Fn(Pos) -> Pos, _: &dyn Fn(&Location) -> Location) -> Keyed {
        Keyed::new(self.clone())
    }
    fn write(&self, out: &mut WrittenKeys, names: &[String], word: &dyn Fn(Figure) -> String) {
        // The figure is written even when it is a follower: the player
        // paid may hold followers of more than one kind.
        let from = names.get(self.from).cloned().unwrap_or_default();
        out.set(
            &RANSOM,
            written_ransom(from, self.figure.map(|(f, _)| word(f))),
        );
    }
}

/// A capture as written: `{ at, spot, player, figure, exchange }`.
pub(crate) fn written_capture(
    at: Pos,
    spot: String,
    player: Option<String>,
    figure: Option<String>,
    exchange: Option<String>,
) -> serde_json::Value {
    let mut w = serde_json::Map::new();
    w.insert("at".into(), serde_json::json!([at.x, at.y]));
    w.insert("spot".into(), spot.into());
    for (key, value) in [
        ("player", player),
        ("figure", figure),
        ("exchange", exchange),
    ] {
        if let Some(v) = value {
            w.insert(key.into(), v.into());
        }
    }
    w.into()
}

/// A ransom as written: `{ from, figure }`.
pub(crate) fn written_ransom(from: String, figure: Option<String>) -> serde_json::Value {
    let mut w = serde_json::Map::new();
    w.insert("from".into(), from.into());
    if let Some(f) = figure {
        w.insert("figure".into(), f.into());
    }
    w.into()
}

/// `towers:` of a snapshot.
#[derive(Debug)]
pub(crate) struct TowersKey;
/// `prisoners:` of a snapshot.
#[derive(Debug)]
pub(crate) struct PrisonersKey;

/// The snapshot keys, as the registry lists them.
pub(crate) static TOWERS: TowersKey = TowersKey;
/// `prisoners:`.
pub(crate) static PRISONERS: PrisonersKey = PrisonersKey;

/// A snapshot's prisoners: per player who holds them, the followers held.
pub(crate) type RawPrisoners = BTreeMap<String, Spanned<Vec<Spanned<RawPrisoner>>>>;

/// A tower's height in a snapshot: `{ at: [x, y], height: N }`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawTowerHeight {
    /// The tile of the tower: [x, y].
    #[schemars(with = "[i64; 2]")]
    pub(crate) at: Spanned<RawPair>,
    /// Its pieces.
    #[schemars(with = "i64", range(min = 0, max = 1000))]
    pub(crate) height: Spanned<i64>,
}

/// A follower held: its owner's name (a normal follower), or `{ player,
/// figure }`.
#[derive(Debug)]
pub(crate) struct RawPrisoner {
    /// Its owner.
    pub(crate) player: String,
    /// Which figure, when not a normal follower.
    pub(crate) figure: Option<String>,
}

/// How [`RawPrisoner`] is written, for the schema.
#[derive(JsonSchema)]
#[serde(untagged)]
#[allow(dead_code)]
pub(crate) enum RawPrisonerSchema {
    /// The owner of a normal follower.
    Owner(String),
    /// The owner and the figure.
    Of {
        /// The owner.
        player: String,
        /// Which figure (`big`, `mayor`, `wagon`).
        figure: Option<String>,
    },
}

impl<'de> Deserialize<'de> for RawPrisoner {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct Of {
            player: String,
            figure: Option<String>,
        }
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = RawPrisoner;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a player's name, or a mapping { player, figure }")
            }
            fn visit_str<E>(self, v: &str) -> Result<RawPrisoner, E> {
                Ok(RawPrisoner {
                    player: v.to_string(),
                    figure: None,
                })
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                map: A,
            ) -> Result<RawPrisoner, A::Error> {
                Of::deserialize(serde::de::value::MapAccessDeserializer::new(map)).map(|o| {
                    RawPrisoner {
                        player: o.player,
                        figure: o.figure,
                    }
                })
            }
            fn visit_newtype_struct<D: serde::Deserializer<'de>>(
                self,
                d: D,
            ) -> Result<RawPrisoner, D::Error> {
                d.deserialize_any(self)
            }
        }
        d.deserialize_newtype_struct(crate::spanned::WORD_OR_MAP, V)
    }
}

/// The towers a snapshot says stand on the board: their tile, height,
/// and where each is written.
#[derive(Debug, Clone, Default)]
pub struct Heights(pub Vec<(Pos, u32, SourceSpan)>);

/// The followers a snapshot says are held: holder, owner, figure, and
/// where each is written.
#[derive(Debug, Clone, Default)]
pub struct Prisoners(pub Vec<(usize, usize, Figure, SourceSpan)>);

impl crate::record::KeyForm for TowersKey {
    const NAME: &'static str = "towers";
    const ABOUT: &'static str = "The heights of the towers on the board (a snapshot of a game with\nThe Tower): `[{ at: [x, y], height: N }]`; a tower not listed has\nheight 0.";
    type Raw = Vec<Spanned<RawTowerHeight>>;
    type Shape = Vec<RawTowerHeight>;
}

impl SnapshotKey for TowersKey {
    const IN_HISTORY: &'static str =
        "`towers` belongs to snapshots; in a history, towers are built with `tower:` on a turn";
    type State = Heights;

    fn state(
        &self,
        cx: &mut dyn Context,
        towers: &Spanned<Self::Raw>,
        _: &TurnWords<'_>,
    ) -> Option<Heights> {
        let mut out = Vec::new();
        for t in &towers.value {
            let at = cx.position(&t.value.at);
            let height = u32::try_from(t.value.height.value)
                .ok()
                .filter(|&h| h <= 1000);
            if height.is_none() {
                cx.error(RecordError::Form {
                    problem: "a tower's height is a whole number from 0 to 1000",
                    span: cx.span(&t.value.height),
                });
            }
            if let (Some(at), Some(h)) = (at, height) {
                out.push((at, h, cx.span(&t.value.at)));
            }
        }
        Some(Heights(out))
    }
}

impl crate::record::KeyForm for PrisonersKey {
    const NAME: &'static str = "prisoners";
    const ABOUT: &'static str = "The followers each player holds of the others' (a snapshot of a\ngame with The Tower): `{ red: [blue, { player: blue, figure: big }] }`.";
    type Raw = RawPrisoners;
    type Shape = BTreeMap<String, Vec<RawPrisonerSchema>>;
}

impl SnapshotKey for PrisonersKey {
    const IN_HISTORY: &'static str = "`prisoners` belongs to snapshots; in a history, followers are taken with `capture:` on a turn";
    type State = Prisoners;

    fn state(
        &self,
        cx: &mut dyn Context,
        prisoners: &Spanned<Self::Raw>,
        words: &TurnWords<'_>,
    ) -> Option<Prisoners> {
        let players = words.players;
        let mut out = Vec::new();
        for (jailer, list) in &prisoners.value {
            let Some(by) = cx.player(
                &Spanned {
                    value: jailer.clone(),
                    at: list.at,
                },
                players,
            ) else {
                continue;
            };
            for p in &list.value {
                let owner = cx.player(
                    &Spanned {
                        value: p.value.player.clone(),
                        at: p.at,
                    },
                    players,
                );
                let figure = match &p.value.figure {
                    Some(f) => cx.figure(
                        Some(&Spanned {
                            value: f.clone(),
                            at: p.at,
                        }),
                        words.catalog,
                    ),
                    None => Some(Figure::FOLLOWER),
                };
                if let (Some(owner), Some(figure)) = (owner, figure) {
                    out.push((by, owner, figure, cx.span(p)));
                }
            }
        }
        Some(Prisoners(out))
    }
}
