//! The game record as written: serde types that keep every value's span.
//! The doc comments are also the descriptions of the JSON Schema (`carca
//! schema record`).

use std::collections::BTreeMap;

use crate::spanned::Spanned;
use schemars::JsonSchema;
use serde::Deserialize;

/// A short word a turn writes (a tile id, a location), kept in place
/// rather than in an allocation of its own: every turn has one or two.
pub(crate) type Word = compact_str::CompactString;

/// A carca game record: the turns that were played (`turns`), or the board
/// as it lies on the table (`board` and `meeples`). See docs/records.md.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(title = "carca game record")]
pub(crate) struct RawRecord<T = Vec<RawTurn>> {
    /// A line about the game.
    #[schemars(with = "Option<String>")]
    pub(crate) description: Option<Spanned<String>>,
    /// Tile sets in play: built-in names (`base`, `abbey`, `river`) or paths
    /// relative to the record. Default `[base]`.
    #[schemars(with = "Option<Vec<String>>")]
    pub(crate) tilesets: Option<Spanned<Vec<Spanned<String>>>>,
    /// The ruleset: a built-in name (`modern`, `first-edition`,
    /// `second-edition`, `hig-faq-2007`, `all-or-nothing`, `tournament`) or a TOML
    /// file.
    /// Default `modern`.
    #[schemars(with = "Option<String>")]
    pub(crate) rules: Option<Spanned<String>>,
    /// Play with this many copies of every tile (default 1).
    #[schemars(with = "Option<i64>", range(min = 1, max = 100_000))]
    pub(crate) supply_scale: Option<Spanned<i64>>,
    /// A ruleset written in the record, instead of `rules`.
    #[schemars(with = "Option<RawRuleset>")]
    pub(crate) ruleset: Option<Spanned<RawRuleset>>,
    /// Players in turn order.
    #[schemars(with = "Vec<String>", length(min = 1))]
    pub(crate) players: Spanned<Vec<Spanned<String>>>,
    /// The start tile (default: the set's start tile at [0, 0], rot 0).
    #[schemars(with = "Option<RawPlacement>")]
    pub(crate) start: Option<Spanned<RawPlacement>>,
    /// The turns, in order (a history).
    #[schemars(with = "Option<Vec<RawTurn>>")]
    pub(crate) turns: Option<Spanned<T>>,
    /// `true`: the game is over, though tiles remain. `false` on a snapshot:
    /// the game is still going on.
    #[serde(rename = "final")]
    #[schemars(with = "Option<bool>")]
    pub(crate) final_: Option<Spanned<bool>>,
    /// Every tile on the table (a snapshot).
    #[schemars(with = "Option<Vec<RawPlacement>>")]
    pub(crate) board: Option<Spanned<Vec<Spanned<RawPlacement>>>>,
    /// Every follower on the table (a snapshot).
    #[schemars(with = "Option<Vec<RawMeeple>>")]
    pub(crate) meeples: Option<Spanned<Vec<Spanned<RawMeeple>>>>,
    /// The trade-good tokens each player holds (a snapshot of a game with
    /// Traders & Builders): `{ red: { wine: 2, cloth: 1 } }`.
    #[schemars(with = "Option<BTreeMap<String, BTreeMap<String, u32>>>")]
    pub(crate) goods: Option<Spanned<RawGoods>>,
    /// The heights of the towers on the board (a snapshot of a game with
    /// The Tower): `[{ at: [x, y], height: N }]`; a tower not listed has
    /// height 0.
    #[schemars(with = "Option<Vec<RawTowerHeight>>")]
    pub(crate) towers: Option<Spanned<Vec<Spanned<RawTowerHeight>>>>,
    /// The followers each player holds of the others' (a snapshot of a
    /// game with The Tower): `{ red: [blue, { player: blue, figure: big }] }`.
    #[schemars(with = "Option<BTreeMap<String, Vec<RawPrisonerSchema>>>")]
    pub(crate) prisoners: Option<Spanned<RawPrisoners>>,
    /// The tile the dragon stands on (a snapshot of a game with The
    /// Princess & the Dragon): [x, y]; absent, it is not in play.
    #[schemars(with = "Option<[i64; 2]>")]
    pub(crate) dragon: Option<Spanned<RawPair>>,
    /// Where the fairy stands (a snapshot): `{ player, at: [x, y], spot:
    /// LOC }`, beside that player's follower; without `spot`, on that
    /// tile beside nobody.
    #[schemars(with = "Option<RawPick>")]
    pub(crate) fairy: Option<Spanned<RawPick>>,
    /// The totals the players wrote down, under the record's own ruleset.
    #[schemars(with = "Option<BTreeMap<String, i64>>")]
    pub(crate) claims: Option<Spanned<RawTotals>>,
    /// Expected totals per ruleset, for `carca test`.
    #[schemars(with = "Option<BTreeMap<String, BTreeMap<String, i64>>>")]
    pub(crate) expect: Option<Spanned<BTreeMap<String, Spanned<RawTotals>>>>,
}

/// A ruleset written inside the record, with the keys of a ruleset file:
/// read as keys and values with their spans, checked by
/// [`crate::rules::resolve`] like a file's.
#[derive(Debug, Default)]
pub(crate) struct RawRuleset(pub(crate) Vec<(Spanned<String>, Spanned<RawSetting>)>);

/// A value of an inline ruleset, as written.
#[derive(Debug)]
pub(crate) enum RawSetting {
    Bool(bool),
    Int(i64),
    Str(String),
    Table(RawRuleset),
    Other(&'static str),
}

impl<'de> Deserialize<'de> for RawRuleset {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_map(RulesetVisitor)
    }
}

struct RulesetVisitor;

impl<'de> serde::de::Visitor<'de> for RulesetVisitor {
    type Value = RawRuleset;
    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a map of ruleset keys")
    }
    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<RawRuleset, A::Error> {
        let mut out = Vec::new();
        while let Some(k) = map.next_key::<Spanned<String>>()? {
            if out
                .iter()
                .any(|(seen, _): &(Spanned<String>, _)| seen.value == k.value)
            {
                return Err(serde::de::Error::custom(format_args!(
                    "duplicate key `{}`",
                    k.value
                )));
            }
            out.push((k, map.next_value()?));
        }
        Ok(RawRuleset(out))
    }
}

impl<'de> Deserialize<'de> for RawSetting {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = RawSetting;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a ruleset value")
            }
            fn visit_bool<E>(self, v: bool) -> Result<RawSetting, E> {
                Ok(RawSetting::Bool(v))
            }
            fn visit_i64<E>(self, v: i64) -> Result<RawSetting, E> {
                Ok(RawSetting::Int(v))
            }
            fn visit_u64<E>(self, v: u64) -> Result<RawSetting, E> {
                Ok(i64::try_from(v)
                    .map_or(RawSetting::Other("a number too large"), RawSetting::Int))
            }
            fn visit_f64<E>(self, _: f64) -> Result<RawSetting, E> {
                Ok(RawSetting::Other("a float"))
            }
            fn visit_str<E>(self, v: &str) -> Result<RawSetting, E> {
                Ok(RawSetting::Str(v.to_string()))
            }
            fn visit_unit<E>(self) -> Result<RawSetting, E> {
                Ok(RawSetting::Other("empty"))
            }
            fn visit_none<E>(self) -> Result<RawSetting, E> {
                Ok(RawSetting::Other("empty"))
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<RawSetting, A::Error> {
                while seq.next_element::<serde::de::IgnoredAny>()?.is_some() {}
                Ok(RawSetting::Other("a list"))
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                map: A,
            ) -> Result<RawSetting, A::Error> {
                RulesetVisitor.visit_map(map).map(RawSetting::Table)
            }
        }
        d.deserialize_any(V)
    }
}

impl JsonSchema for RawRuleset {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "RawRuleset".into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let mut s = crate::rules::schema_with(SCHEMA_OPTIONS.with(std::cell::Cell::get));
        if let Some(o) = s.as_object_mut() {
            o.remove("$schema");
            o.remove("title");
            o.insert(
                "description".into(),
                "A ruleset written in the record, with the keys of a ruleset file.".into(),
            );
        }
        schemars::Schema::try_from(s).unwrap_or_default()
    }
}

/// Points per player name. A name written twice is an error, whichever
/// parser reads the file.
#[derive(Debug, Default)]
pub(crate) struct RawTotals(pub(crate) BTreeMap<String, Spanned<i64>>);

impl std::ops::Deref for RawTotals {
    type Target = BTreeMap<String, Spanned<i64>>;
    fn deref(&self) -> &Self::Target {
        &self.0
    }
}

impl<'de> Deserialize<'de> for RawTotals {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = RawTotals;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a map of player names to points")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<RawTotals, A::Error> {
                let mut out = BTreeMap::new();
                while let Some((k, v)) = map.next_entry::<String, Spanned<i64>>()? {
                    if out.contains_key(&k) {
                        return Err(serde::de::Error::custom(format!(
                            "player `{k}` is listed twice"
                        )));
                    }
                    out.insert(k, v);
                }
                Ok(RawTotals(out))
            }
        }
        d.deserialize_map(Visitor)
    }
}

/// One turn: a placement `{ tile, at, rot, meeple }` or a discard
/// `{ discard }`, each with an optional `player`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawTurn {
    /// Who played it (checked against the turn order).
    // Boxed, as the fields below that most turns leave out: a turn is read
    // by value, and moved whole.
    #[schemars(with = "Option<String>")]
    pub(crate) player: Option<Box<Spanned<String>>>,
    /// The tile placed.
    #[schemars(with = "Option<String>")]
    pub(crate) tile: Option<Spanned<Word>>,
    /// Where: [x, y], x east, y north.
    #[schemars(with = "Option<[i64; 2]>")]
    pub(crate) at: Option<Spanned<RawPair>>,
    /// Clockwise rotation in degrees.
    #[schemars(with = "Option<i64>", extend("enum" = [0, 90, 180, 270]))]
    pub(crate) rot: Option<Spanned<i64>>,
    /// Where the follower goes, in board orientation: N E S W, NNE … NNW,
    /// NE SE SW NW, C, #name, or `tower` (the top of the tile's tower);
    /// or `{ at: [x, y], spot: LOC }` for a place on another tile (the
    /// top of a tower anywhere: `spot: tower`). `spot` is taken as another
    /// name for it.
    #[serde(alias = "spot")]
    #[schemars(with = "Option<RawWhereSchema>")]
    pub(crate) meeple: Option<Spanned<RawWhere>>,
    /// Which figure `meeple` deploys: `follower` (the default), `big`
    /// (Inns & Cathedrals' big follower, counting two in every majority),
    /// `builder` or `pig` (Traders & Builders), or a figure a tile set in
    /// play declares.
    #[schemars(with = "Option<String>", regex(pattern = r"^[a-z][a-z0-9_]{0,39}$"))]
    pub(crate) figure: Option<Box<Spanned<String>>>,
    /// A tile drawn that fitted nowhere.
    #[schemars(with = "Option<String>")]
    pub(crate) discard: Option<Box<Spanned<Word>>>,
    /// Abbey & Mayor: wagons that the turn's scoring sent home moving on
    /// at once, one move or a list of them in the order they are made.
    // Boxed: most turns have none, and a turn is read by value.
    #[schemars(with = "Option<OneOrList<RawMove>>")]
    pub(crate) wagon: Option<Box<OneOrList<RawMove>>>,
    /// The Tower: the turn's action is a tower piece put on the foundation
    /// or open tower of the tile at `at` (any tile on the board), instead
    /// of deploying a figure.
    #[schemars(with = "Option<RawTowerPiece>")]
    pub(crate) tower: Option<Box<Spanned<RawTowerPiece>>>,
    /// The Tower: after its piece, the follower the tower takes.
    #[schemars(with = "Option<RawCapture>")]
    pub(crate) capture: Option<Box<Spanned<RawCapture>>>,
    /// The Tower: the player of the turn buys back one of their followers
    /// from the player who holds it.
    #[schemars(with = "Option<RawRansom>")]
    pub(crate) ransom: Option<Box<Spanned<RawRansom>>>,
    /// The Princess & the Dragon: the turn's action is to move the fairy
    /// beside a follower of the player's: `{ at: [x, y], spot: LOC }`.
    #[schemars(with = "Option<RawPick>")]
    pub(crate) fairy: Option<Box<Spanned<RawPick>>>,
    /// The Princess & the Dragon: the turn's action is to send a follower
    /// of the princess's city home: `{ player, at: [x, y], spot: LOC }`.
    #[schemars(with = "Option<RawPick>")]
    pub(crate) princess: Option<Box<Spanned<RawPick>>>,
    /// The Princess & the Dragon: the dragon's steps after a dragon tile,
    /// in order: `[E, E, N, W, S, S]` (board orientation).
    #[schemars(with = "Option<Vec<String>>")]
    pub(crate) dragon: Option<Box<Spanned<Vec<Spanned<String>>>>>,
}

/// Where a figure goes: a location on the tile just placed, or a place on
/// any tile.
#[derive(Debug)]
pub(crate) enum RawWhere {
    /// A location on the tile just placed.
    Here(Word),
    /// A tile and a location on it (boxed: most turns write a word, and a
    /// turn is read by value).
    At(Box<RawPlace>),
}

/// How [`RawWhere`] is written, for the schema.
#[derive(JsonSchema)]
#[serde(untagged)]
#[allow(dead_code)]
pub(crate) enum RawWhereSchema {
    /// A location on the tile just placed.
    Here(String),
    /// A tile and a location on it.
    At(RawPlace),
}

impl<'de> Deserialize<'de> for RawWhere {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = RawWhere;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a location, or a mapping { at: [x, y], spot: LOC }")
            }
            fn visit_str<E>(self, v: &str) -> Result<RawWhere, E> {
                Ok(RawWhere::Here(Word::from(v)))
            }
            fn visit_string<E>(self, v: String) -> Result<RawWhere, E> {
                Ok(RawWhere::Here(Word::from(v)))
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, map: A) -> Result<RawWhere, A::Error> {
                RawPlace::deserialize(serde::de::value::MapAccessDeserializer::new(map))
                    .map(|p| RawWhere::At(Box::new(p)))
            }
            fn visit_newtype_struct<D: serde::Deserializer<'de>>(
                self,
                d: D,
            ) -> Result<RawWhere, D::Error> {
                d.deserialize_any(self)
            }
        }
        d.deserialize_newtype_struct(crate::spanned::WORD_OR_MAP, V)
    }
}

/// A place on a tile of the board: `{ at: [x, y], spot: LOC }`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawPlace {
    /// The tile: [x, y].
    #[schemars(with = "[i64; 2]")]
    pub(crate) at: Spanned<RawPair>,
    /// Where on it, in board orientation (`tower`: the top of its tower).
    /// `meeple` is taken as another name for it.
    #[serde(alias = "meeple")]
    #[schemars(with = "String")]
    pub(crate) spot: Spanned<String>,
}

/// One value or a list of them.
#[derive(Debug, JsonSchema)]
#[serde(untagged)]
pub(crate) enum OneOrList<T> {
    /// One.
    One(T),
    /// A list.
    List(Vec<T>),
}

impl<T> OneOrList<T> {
    /// The values, in order.
    pub(crate) fn items(&self) -> &[T] {
        match self {
            OneOrList::One(t) => std::slice::from_ref(t),
            OneOrList::List(v) => v,
        }
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for OneOrList<T> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V<T>(std::marker::PhantomData<T>);
        impl<'de, T: Deserialize<'de>> serde::de::Visitor<'de> for V<T> {
            type Value = OneOrList<T>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a mapping or a list of mappings")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                map: A,
            ) -> Result<OneOrList<T>, A::Error> {
                T::deserialize(serde::de::value::MapAccessDeserializer::new(map))
                    .map(OneOrList::One)
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<OneOrList<T>, A::Error> {
                let mut out = Vec::new();
                while let Some(t) = seq.next_element()? {
                    out.push(t);
                }
                Ok(OneOrList::List(out))
            }
        }
        d.deserialize_any(V(std::marker::PhantomData))
    }
}

/// A tile on the board (`start`, `board`).
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawPlacement {
    /// The tile id.
    #[schemars(with = "String")]
    pub(crate) tile: Spanned<String>,
    /// Where: [x, y], x east, y north.
    #[schemars(with = "Option<[i64; 2]>")]
    pub(crate) at: Option<Spanned<RawPair>>,
    /// Clockwise rotation in degrees.
    #[schemars(with = "Option<i64>", extend("enum" = [0, 90, 180, 270]))]
    pub(crate) rot: Option<Spanned<i64>>,
}

/// A follower on the table, in a snapshot.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawMeeple {
    /// Its owner.
    #[schemars(with = "String")]
    pub(crate) player: Spanned<String>,
    /// The position of its tile.
    #[schemars(with = "[i64; 2]")]
    pub(crate) at: Spanned<RawPair>,
    /// Where on the tile, in board orientation. `meeple` is taken as another
    /// name for it.
    #[serde(alias = "meeple")]
    #[schemars(with = "String")]
    pub(crate) spot: Spanned<String>,
    /// Which figure it is: `follower` (the default), a built-in figure's
    /// word, or a figure a tile set in play declares.
    #[schemars(with = "Option<String>", regex(pattern = r"^[a-z][a-z0-9_]{0,39}$"))]
    pub(crate) figure: Option<Spanned<String>>,
}

pub(crate) use super::keys::RawPair;
pub(crate) use super::keys::dragon::RawPick;
pub(crate) use super::keys::goods::RawGoods;
pub(crate) use super::keys::tower::{
    RawCapture, RawPrisonerSchema, RawPrisoners, RawRansom, RawTowerHeight, RawTowerPiece,
};
pub(crate) use super::keys::wagon::RawMove;

thread_local! {
    /// The expansions' options while a record schema is made
    /// ([`schema`]), which the inline ruleset's schema lists.
    static SCHEMA_OPTIONS: std::cell::Cell<crate::rules::table::Options> =
        const { std::cell::Cell::new(&[]) };
}

/// The JSON Schema of record files, whose inline rulesets may set the
/// expansions' `options` too.
pub(crate) fn schema(options: crate::rules::table::Options) -> serde_json::Value {
    SCHEMA_OPTIONS.with(|o| o.set(options));
    let s = serde_json::to_value(schemars::schema_for!(RawRecord)).unwrap_or_default();
    SCHEMA_OPTIONS.with(|o| o.set(&[]));
    s
}
