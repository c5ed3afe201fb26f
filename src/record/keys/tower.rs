//! The Tower: a turn's `tower:`, `capture:` and `ransom:`, and a
//! snapshot's `towers:` and `prisoners:`.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::Deserialize;

use super::Context;
use super::RawPair;
use crate::record::{Capture, Location, Ransom, RecordError, SnapshotTowers, TowerPiece};
use crate::rules::Figure;
use crate::spanned::Spanned;
use crate::tileset::Catalog;

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

/// A snapshot's towers and prisoners.
pub(crate) fn snapshot_towers<C: Context>(
    cx: &mut C,
    towers: Option<&Spanned<Vec<Spanned<RawTowerHeight>>>>,
    prisoners: Option<&Spanned<RawPrisoners>>,
    catalog: &Catalog,
    players: &[String],
) -> SnapshotTowers {
    let mut out = SnapshotTowers::default();
    for t in towers.iter().flat_map(|l| l.value.iter()) {
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
            out.heights.push((at, h, cx.span(&t.value.at)));
        }
    }
    for (jailer, list) in prisoners.iter().flat_map(|m| m.value.iter()) {
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
                    catalog,
                ),
                None => Some(Figure::FOLLOWER),
            };
            if let (Some(owner), Some(figure)) = (owner, figure) {
                out.prisoners.push((by, owner, figure, cx.span(p)));
            }
        }
    }
    out
}

/// A follower a tower takes.
pub(crate) fn capture<C: Context>(
    cx: &mut C,
    c: &Spanned<RawCapture>,
    players: &[String],
    catalog: &Catalog,
) -> Option<Capture> {
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
        Some(p) => Some((cx.player(p, players)?, cx.span(p))),
        None => None,
    };
    let figure = match &raw.figure {
        Some(f) => Some((cx.figure(Some(f), catalog)?, cx.span(f))),
        None => None,
    };
    let exchange = match &raw.exchange {
        Some(f) => Some((cx.figure(Some(f), catalog)?, cx.span(f))),
        None => None,
    };
    Some(Capture {
        at,
        at_span: cx.span(&raw.at),
        spot,
        spot_span: cx.span(&raw.spot),
        player,
        figure,
        exchange,
        span: cx.span(c),
    })
}

/// A ransom paid.
pub(crate) fn ransom<C: Context>(
    cx: &mut C,
    r: &Spanned<RawRansom>,
    players: &[String],
    catalog: &Catalog,
) -> Option<Ransom> {
    let from = cx.player(&r.value.from, players)?;
    let figure = match &r.value.figure {
        Some(f) => Some((cx.figure(Some(f), catalog)?, cx.span(f))),
        None => None,
    };
    Some(Ransom {
        from,
        from_span: cx.span(&r.value.from),
        figure,
        span: cx.span(r),
    })
}

/// A tower piece.
pub(crate) fn piece<C: Context>(cx: &mut C, t: &Spanned<RawTowerPiece>) -> Option<TowerPiece> {
    Some(TowerPiece {
        at: cx.position(&t.value.at)?,
        at_span: cx.span(&t.value.at),
    })
}
