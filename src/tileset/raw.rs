//! The tile-set file as written: serde types that keep every value's span.
//!
//! Nothing here is checked beyond YAML types and known keys; [`super::build`]
//! turns a [`RawTileSet`] into a validated [`super::TileSet`]. The doc
//! comments are also the descriptions of the JSON Schema (`carca schema
//! tileset`).

use crate::spanned::Spanned;
use schemars::JsonSchema;
use serde::Deserialize;

/// A carca tile set: the tiles of a game or an expansion, and what lies on
/// them (docs/tilesets.md).
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(title = "carca tile set")]
pub(crate) struct RawTileSet {
    /// The set's name, used by records in `tilesets:`.
    #[schemars(with = "String")]
    pub(crate) name: Spanned<String>,
    /// One line about the set.
    #[schemars(with = "Option<String>")]
    pub(crate) description: Option<Spanned<String>>,
    /// Built-in sets this one is played with (an expansion needs no start
    /// tile of its own).
    #[schemars(with = "Option<Vec<String>>")]
    pub(crate) requires: Option<Vec<Spanned<String>>>,
    /// The set's tiles are played before all others, from its start tile to
    /// its last tile (The River).
    #[schemars(with = "Option<bool>")]
    pub(crate) opening: Option<Spanned<bool>>,
    /// Modifiers the set's tiles may carry besides the built-in `pennant`,
    /// `inn` and `cathedral` (docs/tilesets.md, "Modifiers").
    #[schemars(with = "Option<Vec<RawModifier>>")]
    pub(crate) modifiers: Option<Spanned<Vec<Spanned<RawModifier>>>>,
    /// Figures of the set's own (docs/tilesets.md, "Figures"), which
    /// records name after `figure:` and rulesets count under `[figures]`.
    #[schemars(with = "Option<Vec<RawFigureKind>>")]
    pub(crate) figure_kinds: Option<Spanned<Vec<Spanned<RawFigureKind>>>>,
    /// The symbols the set's tiles may show (docs/tilesets.md, "Symbols"):
    /// words that an expansion's rules read, such as `volcano` or `hill`.
    #[schemars(with = "Option<Vec<SymbolWord>>")]
    pub(crate) symbols: Option<Spanned<Vec<Spanned<String>>>>,
    /// The set brings bridges: a road laid straight across a placed tile
    /// between two opposite field edges (docs/tilesets.md).
    #[serde(rename = "bridges")]
    #[schemars(with = "Option<bool>")]
    pub(crate) across: Option<Spanned<bool>>,
    /// Modifiers on the set's tiles that count only when another set is in
    /// play, by modifier: `{ inn: inns-cathedrals }`.
    #[schemars(with = "Option<std::collections::BTreeMap<String, String>>")]
    pub(crate) modifiers_need: Option<Spanned<std::collections::BTreeMap<String, Spanned<String>>>>,
    /// The prefixes of the set's tile ids in JCloisterZone's saves (`BA`
    /// for `BA/RCr`), for `carca import` (docs/jcz.md).
    #[schemars(with = "Option<Vec<JczWord>>")]
    pub(crate) jcz: Option<Vec<Spanned<String>>>,
    /// Special figures the set brings per player, by `[figures]` key:
    /// `{ big: 1 }`, and the set's own figures by name.
    #[schemars(with = "Option<std::collections::BTreeMap<String, u32>>")]
    pub(crate) figures: Option<Spanned<std::collections::BTreeMap<String, Spanned<i64>>>>,
    /// The tile types.
    #[schemars(with = "Vec<RawTile>", length(min = 1))]
    pub(crate) tiles: Spanned<Vec<Spanned<RawTile>>>,
}

/// One tile type, in its canonical orientation.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawTile {
    /// Unique in the set; letters, digits, `.`, `_`, `-`.
    #[schemars(with = "String", regex(pattern = r"^[\p{L}\p{N}._-]{1,40}$"))]
    pub(crate) id: Spanned<String>,
    /// How many tiles of this type (default 1).
    #[schemars(with = "Option<i64>", range(min = 1, max = 100_000))]
    pub(crate) count: Option<Spanned<i64>>,
    /// The edge code, clockwise from north: C city, R road, F field, I river,
    /// A any (abbey-like), - inner (against another tile of a block that
    /// lies together from the start).
    #[schemars(with = "String", regex(pattern = r"^\s*[CRFIA-]{4}\s*$"))]
    pub(crate) edges: Spanned<String>,
    /// The cities, when they are not one city over all city edges.
    #[schemars(with = "Option<Vec<RawFeature>>")]
    pub(crate) cities: Option<Spanned<Vec<Spanned<RawFeature>>>>,
    /// The roads, when the edge code does not settle them.
    #[schemars(with = "Option<Vec<RawFeature>>")]
    pub(crate) roads: Option<Spanned<Vec<Spanned<RawFeature>>>>,
    /// The rivers, when the edge code does not settle them.
    #[schemars(with = "Option<Vec<RawFeature>>")]
    pub(crate) rivers: Option<Spanned<Vec<Spanned<RawFeature>>>>,
    /// The fields, when they cannot be derived from the other features.
    #[schemars(with = "Option<Vec<RawFeature>>")]
    pub(crate) fields: Option<Spanned<Vec<Spanned<RawFeature>>>>,
    /// The tile has a cloister (or an abbey) in its middle.
    #[schemars(with = "Option<bool>")]
    pub(crate) cloister: Option<Spanned<bool>>,
    /// Pennants on the tile's only city.
    #[schemars(with = "Option<i64>", range(min = 0, max = 99))]
    pub(crate) pennants: Option<Spanned<i64>>,
    /// The trade good (`wine`, `grain` or `cloth`) on the tile's only city.
    #[schemars(with = "Option<String>")]
    pub(crate) goods: Option<Spanned<String>>,
    /// Modifiers on the tile's only road or city of the modifier's kind:
    /// `[inn]`, `[well, well]`.
    #[schemars(with = "Option<Vec<String>>")]
    pub(crate) with: Option<Spanned<Vec<Spanned<String>>>>,
    /// The set's start tile.
    #[schemars(with = "Option<bool>")]
    pub(crate) start: Option<Spanned<bool>>,
    /// The tile lies on the board from the start, here, unturned: the
    /// set's tiles with `at` form the start instead of a start tile (the
    /// City of Carcassonne), one of them at `[0, 0]`.
    #[schemars(with = "Option<[i64; 2]>")]
    pub(crate) at: Option<Spanned<Vec<Spanned<i64>>>>,
    /// Placed last among the set's tiles (the lake).
    #[schemars(with = "Option<bool>")]
    pub(crate) last: Option<Spanned<bool>>,
    /// `count` is per player (the abbey).
    #[schemars(with = "Option<bool>")]
    pub(crate) per_player: Option<Spanned<bool>>,
    /// Its roads pass over one another on a bridge instead of meeting
    /// (Traders & Builders).
    #[schemars(with = "Option<bool>")]
    pub(crate) bridge: Option<Spanned<bool>>,
    /// May only be placed where all four neighbours are occupied.
    #[schemars(with = "Option<bool>")]
    pub(crate) hole_only: Option<Spanned<bool>>,
    /// A tower foundation lies in its middle (The Tower): a place for
    /// tower pieces that is no feature and cuts nothing; roads that end in
    /// the middle (`ends: tower`) end at it.
    #[schemars(with = "Option<bool>")]
    pub(crate) tower: Option<Spanned<bool>>,
    /// The symbol the tile shows, one of those its set declares under
    /// `symbols` (The Princess & the Dragon's `volcano`, `dragon`, `portal`
    /// or `princess`: she stands in the tile's only city, or in the city
    /// marked `princess: true`).
    #[schemars(with = "Option<SymbolWord>")]
    pub(crate) symbol: Option<Spanned<String>>,
    /// The symbols the tile shows, when it shows several (with `symbol`,
    /// that one first).
    #[schemars(with = "Option<Vec<SymbolWord>>")]
    pub(crate) symbols: Option<Spanned<Vec<Spanned<String>>>>,
    /// Its id in JCloisterZone's saves, after the set's prefix (`RCr` for
    /// `BA/RCr`), for `carca import`.
    #[schemars(with = "Option<JczWord>")]
    pub(crate) jcz: Option<Spanned<String>>,
    /// The clockwise rotation, in degrees, that turns JCloisterZone's
    /// orientation of the tile into this one (default 0).
    #[schemars(with = "Option<i64>", extend("enum" = [0, 90, 180, 270]))]
    pub(crate) jcz_rot: Option<Spanned<i64>>,
}

/// A tile id, or the prefix of tile ids, in JCloisterZone's saves, for the
/// schema.
#[derive(JsonSchema)]
#[schemars(transparent)]
#[allow(dead_code)]
pub(crate) struct JczWord(#[schemars(regex(pattern = r"^[A-Za-z0-9.+!_-]{1,40}$"))] String);

/// A symbol's word, for the schema.
#[derive(JsonSchema)]
#[schemars(transparent)]
#[allow(dead_code)]
pub(crate) struct SymbolWord(#[schemars(regex(pattern = r"^[a-z][a-z0-9_]{0,39}$"))] String);

/// A city, road, river or field. Cities take `edges`, `pennants`, `goods`,
/// `with`, `princess`, `shares`, `name`; roads and rivers `edges`, `ends`, `name`
/// (roads also `with`); fields `halves`, `touches`, `apart`, `name`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawFeature {
    /// A name, for features inside the tile and `#name` references.
    #[schemars(with = "Option<String>")]
    pub(crate) name: Option<Spanned<String>>,
    /// Edges it reaches: `N`, `N+W`, `W-E`.
    #[schemars(with = "Option<String>")]
    pub(crate) edges: Option<Spanned<String>>,
    /// Half-edges a field reaches: `ENE+WNW`.
    #[schemars(with = "Option<String>")]
    pub(crate) halves: Option<Spanned<String>>,
    /// Pennants on a city.
    #[schemars(with = "Option<i64>", range(min = 0, max = 99))]
    pub(crate) pennants: Option<Spanned<i64>>,
    /// The trade good shown in a city: `wine`, `grain` or `cloth`
    /// (Traders & Builders).
    #[schemars(with = "Option<String>")]
    pub(crate) goods: Option<Spanned<String>>,
    /// Modifiers on this road or city, one entry per occurrence: `[inn]`,
    /// `[cathedral]`, `[well, well]`.
    #[schemars(with = "Option<Vec<String>>")]
    pub(crate) with: Option<Spanned<Vec<Spanned<String>>>>,
    /// Where a road or river with one edge ends: `village`, `cloister`,
    /// `city`, `river`, `spring`, `lake` or `#name`.
    #[schemars(with = "Option<String>")]
    pub(crate) ends: Option<Spanned<String>>,
    /// The cities a field touches, by one of their edges (`N`) or `#name`.
    #[schemars(with = "Option<Vec<String>>")]
    pub(crate) touches: Option<Spanned<Vec<Spanned<String>>>>,
    /// Cities a field meets only at a corner of the tile, which the
    /// drawing keeps apart from it (they do not touch), by one of their
    /// edges or `#name`.
    #[schemars(with = "Option<Vec<String>>")]
    pub(crate) apart: Option<Spanned<Vec<Spanned<String>>>>,
    /// The princess stands in this city (a tile with `symbol: princess`
    /// and more than one city).
    #[schemars(with = "Option<bool>")]
    pub(crate) princess: Option<Spanned<bool>>,
    /// A city that is part of the scenery (the City of Carcassonne): it has
    /// no edges and a `name`; no figure stands in it and it never scores;
    /// every landmark of one name on the board is one city, complete from
    /// the start, which counts for the fields that touch it.
    #[schemars(with = "Option<bool>")]
    pub(crate) landmark: Option<Spanned<bool>>,
    /// Edges a city also reaches that another city of the tile holds
    /// (`N`): until a tile lies there the two are apart and both open
    /// there; a tile put there joins both to its own city.
    #[schemars(with = "Option<String>")]
    pub(crate) shares: Option<Spanned<String>>,
    /// `false`: this city part is no base for a token built on a small
    /// completed city (Bridges, Castles & Bazaars' castle), though it
    /// touches one edge only.
    #[serde(rename = "castle")]
    #[schemars(with = "Option<bool>")]
    pub(crate) base: Option<Spanned<bool>>,
}

/// A modifier a tile set declares: a name, the kind of feature it lies on,
/// and either `counted` or `present` with its rates.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawModifier {
    /// Its name: lower-case letters, digits and `_`, starting with a letter.
    /// It is also its `[points]` key; `NAME_incomplete` is the unfinished rate.
    #[schemars(with = "String", regex(pattern = r"^[a-z][a-z0-9_]{0,39}$"))]
    pub(crate) name: Spanned<String>,
    /// The kind of feature it lies on: `road` or `city`.
    #[schemars(with = "String", regex(pattern = r"^(road|city)$"))]
    pub(crate) on: Spanned<String>,
    /// Points per occurrence, added to what the feature scores (like a
    /// pennant).
    #[schemars(with = "Option<RawRates>")]
    pub(crate) counted: Option<Spanned<RawRates>>,
    /// The feature's rate per tile and per counted modifier while it holds
    /// at least one (like an inn or a cathedral).
    #[schemars(with = "Option<RawRates>")]
    pub(crate) present: Option<Spanned<RawRates>>,
}

/// A figure a tile set declares.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawFigureKind {
    /// Its name: the word records write after `figure:`, and its
    /// `[figures]` key. Lower-case letters, digits and `_`.
    #[schemars(with = "String", regex(pattern = r"^[a-z][a-z0-9_]{0,39}$"))]
    pub(crate) name: Spanned<String>,
    /// The kinds of feature it may be deployed on: `road`, `city`,
    /// `cloister`, `field` (default: all four).
    #[schemars(with = "Option<Vec<String>>")]
    pub(crate) stands: Option<Spanned<Vec<Spanned<String>>>>,
    /// How many followers it counts as in every majority (default 1): a
    /// number, or `{ per: MODIFIER }`, as many as its feature holds of that
    /// modifier. Not for a companion.
    #[schemars(with = "Option<RawStrength>")]
    pub(crate) strength: Option<Spanned<RawStrength>>,
    /// It stands beside its owner's follower on the feature, counts for no
    /// majority and scores nothing (like the builder and the pig).
    #[schemars(with = "Option<bool>")]
    pub(crate) companion: Option<Spanned<bool>>,
}

/// A declared figure's strength.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(untagged)]
pub(crate) enum RawStrength {
    /// So many followers.
    Count(#[schemars(range(min = 0, max = 100))] i64),
    /// As many as the feature holds of a modifier.
    Per {
        /// The modifier's name (`pennant`, or one a set in play declares).
        per: String,
    },
}

/// A modifier's rates, before the ruleset's `[points]` may change them.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawRates {
    /// On a completed feature.
    #[schemars(with = "i64", range(min = 0, max = 1000))]
    pub(crate) complete: Spanned<i64>,
    /// On a feature unfinished at the end of the game.
    #[schemars(with = "i64", range(min = 0, max = 1000))]
    pub(crate) incomplete: Spanned<i64>,
}

/// The JSON Schema of tile-set files.
pub(crate) fn schema() -> serde_json::Value {
    serde_json::to_value(schemars::schema_for!(RawTileSet)).unwrap_or_default()
}
