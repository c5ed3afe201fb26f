//! The tile-set file as written: serde types that keep every value's span.
//!
//! Nothing here is checked beyond YAML types and known keys; [`super::build`]
//! turns a [`RawTileSet`] into a validated [`super::TileSet`].

use serde::Deserialize;
use serde_saphyr::Spanned;

/// A whole tile-set file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawTileSet {
    pub(crate) name: Spanned<String>,
    pub(crate) description: Option<Spanned<String>>,
    /// Sets this one is played with (an expansion needs no start tile).
    pub(crate) requires: Option<Vec<Spanned<String>>>,
    /// The set's tiles are played before all others (The River).
    pub(crate) opening: Option<Spanned<bool>>,
    pub(crate) tiles: Spanned<Vec<Spanned<RawTile>>>,
}

/// One tile type.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawTile {
    pub(crate) id: Spanned<String>,
    pub(crate) count: Option<Spanned<i64>>,
    pub(crate) edges: Spanned<String>,
    pub(crate) cities: Option<Spanned<Vec<Spanned<RawFeature>>>>,
    pub(crate) roads: Option<Spanned<Vec<Spanned<RawFeature>>>>,
    pub(crate) rivers: Option<Spanned<Vec<Spanned<RawFeature>>>>,
    pub(crate) fields: Option<Spanned<Vec<Spanned<RawFeature>>>>,
    pub(crate) cloister: Option<Spanned<bool>>,
    pub(crate) pennants: Option<Spanned<i64>>,
    pub(crate) start: Option<Spanned<bool>>,
    pub(crate) last: Option<Spanned<bool>>,
    pub(crate) per_player: Option<Spanned<bool>>,
    pub(crate) hole_only: Option<Spanned<bool>>,
}

/// A city, road, river or field entry. Which keys apply depends on the
/// list it stands in; the builder reports keys that do not apply.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawFeature {
    pub(crate) name: Option<Spanned<String>>,
    pub(crate) edges: Option<Spanned<String>>,
    pub(crate) halves: Option<Spanned<String>>,
    pub(crate) pennants: Option<Spanned<i64>>,
    pub(crate) ends: Option<Spanned<String>>,
    pub(crate) touches: Option<Spanned<Vec<Spanned<String>>>>,
}
