//! The Tower: a snapshot's `towers:` and `prisoners:`.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::Deserialize;

use super::Context;
use super::RawPair;
use crate::record::{RecordError, SnapshotTowers};
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

/// A snapshot's towers and prisoners.
pub(crate) fn snapshot_towers(
    cx: &mut dyn Context,
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
