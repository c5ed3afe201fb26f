//! The game record as written: serde types that keep every value's span.

use std::collections::BTreeMap;

use serde::Deserialize;
use serde_saphyr::Spanned;

/// A whole record file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawRecord {
    pub(crate) description: Option<Spanned<String>>,
    pub(crate) tilesets: Option<Spanned<Vec<Spanned<String>>>>,
    pub(crate) rules: Option<Spanned<String>>,
    pub(crate) supply_scale: Option<Spanned<i64>>,
    pub(crate) ruleset: Option<Spanned<RawRuleset>>,
    pub(crate) players: Spanned<Vec<Spanned<String>>>,
    pub(crate) start: Option<Spanned<RawPlacement>>,
    pub(crate) turns: Option<Spanned<Vec<Spanned<RawTurn>>>>,
    #[serde(rename = "final")]
    pub(crate) final_: Option<Spanned<bool>>,
    pub(crate) board: Option<Spanned<Vec<Spanned<RawPlacement>>>>,
    pub(crate) meeples: Option<Spanned<Vec<Spanned<RawMeeple>>>>,
    pub(crate) claims: Option<Spanned<RawTotals>>,
    pub(crate) expect: Option<Spanned<BTreeMap<String, Spanned<RawTotals>>>>,
}

/// A ruleset written inside the record, with the keys of a ruleset file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawRuleset {
    pub(crate) name: Option<Spanned<String>>,
    pub(crate) extends: Option<Spanned<String>>,
    pub(crate) small_city: Option<Spanned<bool>>,
    pub(crate) farm_scoring: Option<Spanned<String>>,
    pub(crate) end_game_abbey: Option<Spanned<String>>,
    pub(crate) incomplete_features: Option<Spanned<String>>,
    pub(crate) followers: Option<Spanned<i64>>,
}

/// Points per player name.
pub(crate) type RawTotals = BTreeMap<String, Spanned<i64>>;

/// One entry of `turns`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawTurn {
    pub(crate) player: Option<Spanned<String>>,
    pub(crate) tile: Option<Spanned<String>>,
    pub(crate) at: Option<Spanned<Vec<Spanned<i64>>>>,
    pub(crate) rot: Option<Spanned<i64>>,
    pub(crate) meeple: Option<Spanned<String>>,
    pub(crate) discard: Option<Spanned<String>>,
}

/// A tile on the board (`start`, `board`).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawPlacement {
    pub(crate) tile: Spanned<String>,
    pub(crate) at: Option<Spanned<Vec<Spanned<i64>>>>,
    pub(crate) rot: Option<Spanned<i64>>,
}

/// A follower in a snapshot.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawMeeple {
    pub(crate) player: Spanned<String>,
    pub(crate) at: Spanned<Vec<Spanned<i64>>>,
    pub(crate) spot: Spanned<String>,
}
