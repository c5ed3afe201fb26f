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

/// A game record as read: its base keys (see [`RawRecordShape`]) and the
/// values of the expansions' snapshot keys the loader carries. Read by
/// hand rather than derived, so that those keys are read by their own
/// types.
#[derive(Debug)]
pub(crate) struct RawRecord<T = Vec<RawTurn>> {
    /// A line about the game.
    pub(crate) description: Option<Spanned<String>>,
    /// Tile sets in play: built-in names (`base`, `abbey`, `river`) or paths
    /// relative to the record. Default `[base]`.
    pub(crate) tilesets: Option<Spanned<Vec<Spanned<String>>>>,
    /// The ruleset: a built-in name (`modern`, `first-edition`,
    /// `second-edition`, `hig-faq-2007`, `all-or-nothing`, `tournament`) or a TOML
    /// file.
    /// Default `modern`.
    pub(crate) rules: Option<Spanned<String>>,
    /// Play with this many copies of every tile but those of a start
    /// block such as the City of Carcassonne, which lies once (default 1).
    pub(crate) supply_scale: Option<Spanned<i64>>,
    /// A ruleset written in the record, instead of `rules`.
    pub(crate) ruleset: Option<Spanned<RawRuleset>>,
    /// Players in turn order.
    pub(crate) players: Spanned<Vec<Spanned<String>>>,
    /// The start tile (default: the set's start tile at [0, 0], rot 0).
    pub(crate) start: Option<Spanned<RawPlacement>>,
    /// The turns, in order (a history).
    pub(crate) turns: Option<Spanned<T>>,
    /// `true`: the game is over, though tiles remain. `false` on a snapshot:
    /// the game is still going on.
    pub(crate) final_: Option<Spanned<bool>>,
    /// Every tile on the table (a snapshot).
    pub(crate) board: Option<Spanned<Vec<Spanned<RawPlacement>>>>,
    /// Every follower on the table (a snapshot).
    pub(crate) meeples: Option<Spanned<Vec<Spanned<RawMeeple>>>>,
    /// The totals the players wrote down, under the record's own ruleset.
    pub(crate) claims: Option<Spanned<RawTotals>>,
    /// Expected totals per ruleset, for `carca test`.
    pub(crate) expect: Option<Spanned<BTreeMap<String, Spanned<RawTotals>>>>,
    /// The expansions' snapshot keys it writes, in the order of their list.
    pub(crate) keyed: Vec<SnapValue>,
}

/// A carca game record: the turns that were played (`turns`), or the board
/// as it lies on the table (`board` and `meeples`). See docs/records.md.
#[derive(JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(title = "carca game record")]
#[schemars(rename = "RawRecord")]
#[allow(dead_code)]
pub(crate) struct RawRecordShape {
    /// A line about the game.
    #[schemars(with = "Option<String>")]
    description: (),
    /// Tile sets in play: built-in names (`base`, `abbey`, `river`) or paths
    /// relative to the record. Default `[base]`.
    #[schemars(with = "Option<Vec<String>>")]
    tilesets: (),
    /// The ruleset: a built-in name (`modern`, `first-edition`,
    /// `second-edition`, `hig-faq-2007`, `all-or-nothing`, `tournament`) or a TOML
    /// file.
    /// Default `modern`.
    #[schemars(with = "Option<String>")]
    rules: (),
    /// Play with this many copies of every tile but those of a start
    /// block such as the City of Carcassonne, which lies once (default 1).
    #[schemars(with = "Option<i64>", range(min = 1, max = 100_000))]
    supply_scale: (),
    /// A ruleset written in the record, instead of `rules`.
    #[schemars(with = "Option<RawRuleset>")]
    ruleset: (),
    /// Players in turn order.
    #[schemars(with = "Vec<String>", length(min = 1))]
    players: (),
    /// The start tile (default: the set's start tile at [0, 0], rot 0).
    #[schemars(with = "Option<RawPlacement>")]
    start: (),
    /// The turns, in order (a history).
    #[schemars(with = "Option<Vec<RawTurn>>")]
    turns: (),
    /// `true`: the game is over, though tiles remain. `false` on a snapshot:
    /// the game is still going on.
    #[serde(rename = "final")]
    #[schemars(with = "Option<bool>")]
    final_: (),
    /// Every tile on the table (a snapshot).
    #[schemars(with = "Option<Vec<RawPlacement>>")]
    board: (),
    /// Every follower on the table (a snapshot).
    #[schemars(with = "Option<Vec<RawMeeple>>")]
    meeples: (),
    /// The totals the players wrote down, under the record's own ruleset.
    #[schemars(with = "Option<BTreeMap<String, i64>>")]
    claims: (),
    /// Expected totals per ruleset, for `carca test`.
    #[schemars(with = "Option<BTreeMap<String, BTreeMap<String, i64>>>")]
    expect: (),
}

/// An expansion's snapshot key, where its value is written, and the value
/// it read.
pub(crate) type SnapValue = (
    &'static dyn crate::record::SnapKey,
    (crate::spanned::Mark, super::keys::KeyValue),
);

/// The base keys of a record, as written, by [`RawRecord`]'s reader.
const RECORD_KEYS: [&str; 13] = [
    "description",
    "tilesets",
    "rules",
    "supply_scale",
    "ruleset",
    "players",
    "start",
    "turns",
    "final",
    "board",
    "meeples",
    "claims",
    "expect",
];

impl JsonSchema for RawRecord {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "RawRecord".into()
    }

    fn json_schema(g: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let mut s = RawRecordShape::json_schema(g);
        let keys = key_schemas(super::keys::snapshot_in_use().iter().map(|k| k.reader()), g);
        if let Some(props) = s
            .get_mut("properties")
            .and_then(serde_json::Value::as_object_mut)
        {
            // The snapshot's keys after its board and followers.
            let base = std::mem::take(props);
            for (name, schema) in base {
                let then = name == "meeples";
                props.insert(name, schema);
                if then {
                    for (name, schema) in &keys {
                        props.insert((*name).to_string(), schema.clone());
                    }
                }
            }
        }
        s
    }
}

/// The schemas of expansion keys, by name.
fn key_schemas<'k>(
    keys: impl Iterator<Item = &'k dyn crate::record::ReadKey>,
    g: &mut schemars::SchemaGenerator,
) -> Vec<(&'static str, serde_json::Value)> {
    keys.map(|k| (k.name(), k.schema(g).to_value())).collect()
}

/// A key of a map read by hand (a record, a turn), as its reader tells
/// them apart.
enum Field<K: ?Sized + 'static> {
    /// One of the base game's, by its index in the map's list of them.
    Base(usize),
    /// An expansion's.
    Keyed(&'static K),
    /// None it knows.
    Unknown,
}

/// Reads a key of a map: one of the base game's (`base` gives its index),
/// or one of the expansions' `keys`, found by `name`.
struct FieldSeed<K: ?Sized + 'static> {
    base: fn(&str) -> Option<usize>,
    keys: &'static [&'static K],
    name: fn(&K) -> &'static str,
}

impl<'de, K: ?Sized + 'static> serde::de::DeserializeSeed<'de> for FieldSeed<K> {
    type Value = Field<K>;
    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<Field<K>, D::Error> {
        d.deserialize_identifier(self)
    }
}

impl<K: ?Sized + 'static> serde::de::Visitor<'_> for FieldSeed<K> {
    type Value = Field<K>;
    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a key")
    }
    fn visit_str<E>(self, v: &str) -> Result<Field<K>, E> {
        Ok(match (self.base)(v) {
            Some(i) => Field::Base(i),
            None => self
                .keys
                .iter()
                .find(|k| (self.name)(k) == v)
                .map_or(Field::Unknown, |k| Field::Keyed(*k)),
        })
    }
}

/// An expansion key's value, read by the key's own type (`None`: written
/// `null`).
struct KeyedSeed<'k>(&'k dyn crate::record::ReadKey);

impl<'de> serde::de::DeserializeSeed<'de> for KeyedSeed<'_> {
    type Value = Option<(crate::spanned::Mark, super::keys::KeyValue)>;
    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        let mut erased = <dyn erased_serde::Deserializer>::erase(d);
        self.0.read(&mut erased).map_err(serde::de::Error::custom)
    }
}

/// Says that `name` is written twice among a map's expansion keys, or
/// notes it as written.
fn once<E: serde::de::Error>(seen: &mut Vec<&'static str>, name: &'static str) -> Result<(), E> {
    if seen.contains(&name) {
        return Err(E::duplicate_field(name));
    }
    seen.push(name);
    Ok(())
}

/// Puts a map's expansion keys' values in the order of their list, not
/// as written.
fn in_order<K: ?Sized, V>(
    list: &mut [(&'static K, V)],
    keys: &[&'static K],
    name: fn(&K) -> &'static str,
) {
    list.sort_by_key(|(k, _)| keys.iter().position(|known| name(known) == name(k)));
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for RawRecord<T> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V<T>(std::marker::PhantomData<T>);
        impl<'de, T: Deserialize<'de>> serde::de::Visitor<'de> for V<T> {
            type Value = RawRecord<T>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a record: a mapping of `players`, `turns` or `board`, …")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<RawRecord<T>, A::Error> {
                use serde::de::Error;
                let mut players = None;
                let mut r = RawRecord {
                    description: None,
                    tilesets: None,
                    rules: None,
                    supply_scale: None,
                    ruleset: None,
                    players: Spanned::unplaced(Vec::new()),
                    start: None,
                    turns: None,
                    final_: None,
                    board: None,
                    meeples: None,
                    claims: None,
                    expect: None,
                    keyed: Vec::new(),
                };
                let mut seen = [false; RECORD_KEYS.len()];
                let mut seen_keyed: Vec<&str> = Vec::new();
                let keys = super::keys::snapshot_in_use();
                let field_seed = || FieldSeed {
                    base: |v| RECORD_KEYS.iter().position(|k| *k == v),
                    keys,
                    name: |k: &(dyn crate::record::SnapKey + 'static)| k.name(),
                };
                while let Some(field) = map.next_key_seed(field_seed())? {
                    match field {
                        Field::Base(i) => {
                            if std::mem::replace(&mut seen[i], true) {
                                return Err(A::Error::duplicate_field(RECORD_KEYS[i]));
                            }
                            match i {
                                0 => r.description = map.next_value()?,
                                1 => r.tilesets = map.next_value()?,
                                2 => r.rules = map.next_value()?,
                                3 => r.supply_scale = map.next_value()?,
                                4 => r.ruleset = map.next_value()?,
                                5 => players = map.next_value()?,
                                6 => r.start = map.next_value()?,
                                7 => r.turns = map.next_value()?,
                                8 => r.final_ = map.next_value()?,
                                9 => r.board = map.next_value()?,
                                10 => r.meeples = map.next_value()?,
                                11 => r.claims = map.next_value()?,
                                _ => r.expect = map.next_value()?,
                            }
                        }
                        Field::Keyed(key) => {
                            once(&mut seen_keyed, key.name())?;
                            // `null` is as if the key were not written.
                            if let Some(read) = map.next_value_seed(KeyedSeed(key.reader()))? {
                                r.keyed.push((key, read));
                            }
                        }
                        Field::Unknown => {
                            return Err(A::Error::custom(
                                "unknown field: a record does not take this key",
                            ));
                        }
                    }
                }
                r.players = players.ok_or_else(|| A::Error::missing_field("players"))?;
                let keys = super::keys::snapshot_in_use();
                r.keyed
                    .sort_by_key(|(k, ..)| keys.iter().position(|known| known.name() == k.name()));
                Ok(r)
            }
        }
        d.deserialize_map(V(std::marker::PhantomData))
    }
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
        let (options, rates) = SCHEMA_OPTIONS.with(std::cell::Cell::get);
        let mut s = crate::rules::schema_with(options, rates);
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
///
/// Read by hand rather than derived: besides the keys below it takes the
/// keys the expansions in play declare ([`crate::record::TurnKey`]), each
/// read by the expansion's own type.
#[derive(Debug, Default)]
pub(crate) struct RawTurn {
    /// Who played it (boxed, as the fields below that most turns leave
    /// out: a turn is read by value, and moved whole).
    pub(crate) player: Option<Box<Spanned<String>>>,
    /// The tile placed.
    pub(crate) tile: Option<Spanned<Word>>,
    /// Where.
    pub(crate) at: Option<Spanned<RawPair>>,
    /// Clockwise rotation in degrees.
    pub(crate) rot: Option<Spanned<i64>>,
    /// Where the follower goes.
    pub(crate) meeple: Option<Spanned<RawWhere>>,
    /// Which figure `meeple` deploys.
    pub(crate) figure: Option<Box<Spanned<String>>>,
    /// A tile drawn that fitted nowhere.
    pub(crate) discard: Option<Box<Spanned<Word>>>,
    /// The expansions' keys the turn writes, in the order of the list of
    /// keys (boxed: most turns have none).
    #[allow(clippy::box_collection)]
    pub(crate) keyed: Option<Box<Vec<KeyedValue>>>,
}

/// An expansion's key of a turn and the value it read.
pub(crate) type KeyedValue = (&'static dyn crate::record::Key, super::keys::KeyValue);

// How a turn is written, for the schema: the base game's keys (the
// expansions' keys are added to it where the schema is made). Its doc
// comment is the schema's description of a turn.
/// One turn: a placement `{ tile, at, rot, meeple }` or a discard
/// `{ discard }`, each with an optional `player`.
#[derive(JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "RawTurn")]
#[allow(dead_code)]
pub(crate) struct RawTurnShape {
    /// Who played it (checked against the turn order).
    #[schemars(with = "Option<String>")]
    player: (),
    /// The tile placed.
    #[schemars(with = "Option<String>")]
    tile: (),
    /// Where: [x, y], x east, y north.
    #[schemars(with = "Option<[i64; 2]>")]
    at: (),
    /// Clockwise rotation in degrees.
    #[schemars(with = "Option<i64>", extend("enum" = [0, 90, 180, 270]))]
    rot: (),
    /// Where the follower goes, in board orientation: N E S W, NNE … NNW,
    /// NE SE SW NW, C, #name, or `tower` (the top of the tile's tower);
    /// or `{ at: [x, y], spot: LOC }` for a place on another tile (the
    /// top of a tower anywhere: `spot: tower`). `spot` is taken as another
    /// name for it.
    #[schemars(with = "Option<RawWhereSchema>")]
    meeple: (),
    /// Which figure `meeple` deploys: `follower` (the default), `big`
    /// (Inns & Cathedrals' big follower, counting two in every majority),
    /// `builder` or `pig` (Traders & Builders), or a figure a tile set in
    /// play declares.
    #[schemars(with = "Option<String>", regex(pattern = r"^[a-z][a-z0-9_]{0,39}$"))]
    figure: (),
    /// A tile drawn that fitted nowhere.
    #[schemars(with = "Option<String>")]
    discard: (),
}

/// The base game's keys of a turn, as written, by [`RawTurn`]'s reader.
const TURN_KEYS: [&str; 7] = ["player", "tile", "at", "rot", "meeple", "figure", "discard"];

impl JsonSchema for RawTurn {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "RawTurn".into()
    }

    fn json_schema(g: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let mut s = RawTurnShape::json_schema(g);
        let keys = key_schemas(super::keys::in_use().iter().map(|k| k.reader()), g);
        if let Some(props) = s
            .get_mut("properties")
            .and_then(serde_json::Value::as_object_mut)
        {
            for (name, schema) in keys {
                props.insert(name.to_string(), schema);
            }
        }
        s
    }
}

/// The index in [`TURN_KEYS`] of a base key of a turn (`spot` is another
/// name for `meeple`): a match, not a search, as every turn asks.
fn turn_key(v: &str) -> Option<usize> {
    Some(match v {
        "player" => 0,
        "tile" => 1,
        "at" => 2,
        "rot" => 3,
        "meeple" | "spot" => 4,
        "figure" => 5,
        "discard" => 6,
        _ => return None,
    })
}

impl RawTurn {
    /// A turn written on one line of YAML in the base game's keys, with
    /// words, integers and `[x, y]` for values (`{tile: A, at: [0, 1],
    /// meeple: N}`), read straight from its text (`room`: the levels of
    /// collections it may open): the turn [`RawTurn`]'s reader would read
    /// there, or `None` for anything else (an expansion's key, a value
    /// of another kind), which that reader then reads.
    pub(crate) fn from_flat_yaml(text: &str, room: usize) -> Option<RawTurn> {
        use crate::yaml::Flat;
        let mut t = RawTurn::default();
        let mut seen = [false; 7];
        let read = crate::yaml::flat_map(text, room, |key, value| {
            let Some(i) = turn_key(key) else {
                return false;
            };
            if std::mem::replace(&mut seen[i], true) {
                return false;
            }
            // What a word, a figure's place or a name reads as.
            let word = match value {
                Flat::Word(w) | Flat::Quoted(w) | Flat::Int(_, w) => Some(w),
                Flat::Pair(..) => None,
            };
            match (i, value) {
                (2, Flat::Pair(x, y)) => {
                    t.at = Some(Spanned::unplaced(RawPair(Some([
                        Spanned::unplaced(x),
                        Spanned::unplaced(y),
                    ]))));
                }
                (3, Flat::Int(n, _)) => t.rot = Some(Spanned::unplaced(n)),
                // A place or a rotation of another kind, or a pair where
                // a word goes: the reader's to read.
                (2 | 3, _) | (_, Flat::Pair(..)) => return false,
                (0, _) => t.player = word.map(|w| Box::new(Spanned::unplaced(w.to_string()))),
                (1, _) => t.tile = word.map(|w| Spanned::unplaced(Word::from(w))),
                (4, _) => t.meeple = word.map(|w| Spanned::unplaced(RawWhere::Here(Word::from(w)))),
                (5, _) => t.figure = word.map(|w| Box::new(Spanned::unplaced(w.to_string()))),
                _ => t.discard = word.map(|w| Box::new(Spanned::unplaced(Word::from(w)))),
            }
            true
        });
        read.then_some(t)
    }
}

impl RawTurn {
    /// A turn written in JSON as one object of the base game's keys with
    /// strings, integers and `[x, y]` for values (`{"tile":"A","at":[0,1],
    /// "rot":90}`) at the start of `text`, read straight from it: the turn
    /// JSON's reader reads and the length of its text, or `None`, and that
    /// reader is left to read it (or [`RawTurn::from_json_with_keys`]), for
    /// anything else (an expansion's key, a key twice, an escape in a
    /// string, a number that is not a plain integer, a value of another
    /// kind).
    pub(crate) fn from_flat_json(text: &str) -> Option<(RawTurn, usize)> {
        RawTurn::from_json::<false>(text)
    }

    /// [`RawTurn::from_flat_json`] for a turn that also writes the
    /// expansions' keys in use, each read by its key from its value's
    /// text, or a figure's place on another tile (`{"at":[x,y],
    /// "spot":"N"}`): apart, so that a base game's turns pay nothing for
    /// them.
    #[inline(never)]
    pub(crate) fn from_json_with_keys(text: &str) -> Option<(RawTurn, usize)> {
        RawTurn::from_json::<true>(text)
    }

    /// The straight reading of a JSON turn; with `KEYED`, of the
    /// expansions' keys and places on other tiles too.
    #[allow(
        clippy::inline_always,
        reason = "every turn of a base game is read here: inlined into the reader's loop, as before the expansions' keys were read here too"
    )]
    #[inline(always)]
    fn from_json<const KEYED: bool>(text: &str) -> Option<(RawTurn, usize)> {
        let mut t = RawTurn::default();
        let mut seen = [false; 7];
        // The expansions' keys written, by their place in the list of keys.
        let mut seen_keyed = 0u64;
        let mut at = Scan {
            text,
            bytes: text.as_bytes(),
            at: 0,
        };
        at.expect(b'{')?;
        loop {
            let key = at.string()?;
            let Some(i) = turn_key(key) else {
                if !KEYED {
                    return None;
                }
                at.expect(b':')?;
                at.keyed(key, &mut seen_keyed, &mut t)?;
                if at.next_entry()? {
                    continue;
                }
                return Some((t, at.at));
            };
            if std::mem::replace(&mut seen[i], true) {
                return None;
            }
            at.expect(b':')?;
            match i {
                2 => {
                    at.expect(b'[')?;
                    let x = at.integer()?;
                    at.expect(b',')?;
                    let y = at.integer()?;
                    at.expect(b']')?;
                    t.at = Some(Spanned::unplaced(RawPair(Some([
                        Spanned::unplaced(x),
                        Spanned::unplaced(y),
                    ]))));
                }
                3 => t.rot = Some(Spanned::unplaced(at.integer()?)),
                4 if KEYED && at.peek() == Some(b'{') => {
                    t.meeple = Some(Spanned::unplaced(RawWhere::At(Box::new(at.place()?))));
                }
                _ => {
                    let word = at.string()?;
                    match i {
                        0 => t.player = Some(Box::new(Spanned::unplaced(word.to_string()))),
                        1 => t.tile = Some(Spanned::unplaced(Word::from(word))),
                        4 => t.meeple = Some(Spanned::unplaced(RawWhere::Here(Word::from(word)))),
                        5 => t.figure = Some(Box::new(Spanned::unplaced(word.to_string()))),
                        _ => t.discard = Some(Box::new(Spanned::unplaced(Word::from(word)))),
                    }
                }
            }
            at.blanks();
            match at.bytes.get(at.at)? {
                b',' => at.at += 1,
                b'}' => return Some((t, at.at + 1)),
                _ => return None,
            }
        }
    }
}

/// A place in JSON text, read byte by byte.
struct Scan<'a> {
    text: &'a str,
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Scan<'a> {
    /// Moves past JSON's blanks.
    fn blanks(&mut self) {
        while let Some(b' ' | b'\n' | b'\r' | b'\t') = self.bytes.get(self.at) {
            self.at += 1;
        }
    }

    /// The byte after blanks, not taken.
    fn peek(&mut self) -> Option<u8> {
        self.blanks();
        self.bytes.get(self.at).copied()
    }

    /// Moves past an object's separator after an entry: `Some(true)`
    /// after a comma, `Some(false)` after its closing bracket, `None` for
    /// anything else.
    fn next_entry(&mut self) -> Option<bool> {
        let more = match self.peek()? {
            b',' => true,
            b'}' => false,
            _ => return None,
        };
        self.at += 1;
        Some(more)
    }

    /// `[x, y]` after blanks, of integers.
    fn pair(&mut self) -> Option<RawPair> {
        self.expect(b'[')?;
        let x = self.integer()?;
        self.expect(b',')?;
        let y = self.integer()?;
        self.expect(b']')?;
        Some(RawPair(Some([Spanned::unplaced(x), Spanned::unplaced(y)])))
    }

    /// A place on a tile after blanks, `{"at":[x,y],"spot":"N"}` (or
    /// `meeple` for `spot`), its keys in either order, each once.
    fn place(&mut self) -> Option<RawPlace> {
        self.expect(b'{')?;
        let (mut at, mut spot) = (None, None);
        loop {
            match self.string()? {
                "at" if at.is_none() => {
                    self.expect(b':')?;
                    at = Some(self.pair()?);
                }
                "spot" | "meeple" if spot.is_none() => {
                    self.expect(b':')?;
                    spot = Some(self.string()?);
                }
                _ => return None,
            }
            if !self.next_entry()? {
                break;
            }
        }
        Some(RawPlace {
            at: Spanned::unplaced(at?),
            spot: Spanned::unplaced(spot?.to_string()),
        })
    }

    /// The value of the expansion's key `name` after blanks, read by the
    /// key in use of that name into `turn`, its values kept in the order
    /// of the list of keys, as the reader keeps them (`seen`: the keys
    /// written so far, by their place in that list); `None` for a key not
    /// in use or written twice, or a value JSON's reader or the key
    /// refuses.
    fn keyed(&mut self, name: &str, seen: &mut u64, turn: &mut RawTurn) -> Option<()> {
        let keys = super::keys::in_use();
        let place = keys.iter().position(|k| k.name() == name)?;
        let bit = 1u64.checked_shl(u32::try_from(place).ok()?)?;
        if *seen & bit != 0 {
            return None;
        }
        *seen |= bit;
        self.blanks();
        let (value, len) = keys[place].reader().read_json(self.text.get(self.at..)?)?;
        self.at += len;
        // `null` is as if the key were not written.
        if let Some((_, value)) = value {
            let list = turn.keyed.get_or_insert_with(Box::default);
            let before = list
                .iter()
                .position(|(k, _)| {
                    keys.iter().position(|known| known.name() == k.name()) > Some(place)
                })
                .unwrap_or(list.len());
            list.insert(before, (keys[place], value));
        }
        Some(())
    }

    /// Moves past blanks and `byte`, or `None` if another comes.
    fn expect(&mut self, byte: u8) -> Option<()> {
        self.blanks();
        (*self.bytes.get(self.at)? == byte).then(|| self.at += 1)
    }

    /// The string after blanks; `None` for anything else, and for a string
    /// with an escape or a control character (left to the reader, which
    /// reads or refuses them).
    fn string(&mut self) -> Option<&'a str> {
        self.expect(b'"')?;
        let start = self.at;
        let len = self.bytes[start..]
            .iter()
            .position(|&b| b == b'"' || b == b'\\' || b < 0x20)?;
        self.at = start + len;
        self.expect(b'"')?;
        // Both ends are quotes, so both are boundaries of characters.
        self.text.get(start..start + len)
    }

    /// The integer after blanks (a minus, then `0` or digits without a
    /// leading zero); `None` for anything else, and for what JSON's reader
    /// reads as a float (`-0`, a fraction, an exponent) or out of range.
    fn integer(&mut self) -> Option<i64> {
        self.blanks();
        let negative = self.bytes.get(self.at) == Some(&b'-');
        let start = self.at + usize::from(negative);
        let mut n: i64 = 0;
        let mut end = start;
        while let Some(&d) = self.bytes.get(end).filter(|d| d.is_ascii_digit()) {
            if end - start == 18 {
                return None;
            }
            n = n * 10 + i64::from(d - b'0');
            end += 1;
        }
        let len = end - start;
        if len == 0
            || (len > 1 && self.bytes[start] == b'0')
            || (negative && n == 0)
            || matches!(self.bytes.get(end), Some(b'.' | b'e' | b'E'))
        {
            return None;
        }
        self.at = end;
        Some(if negative { -n } else { n })
    }
}

impl<'de> Deserialize<'de> for RawTurn {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = RawTurn;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a turn: a mapping of `tile`, `at`, `rot`, `meeple`, … or `discard`")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<RawTurn, A::Error> {
                use serde::de::Error;
                let mut t = RawTurn::default();
                let mut seen = [false; 7];
                let mut seen_keyed: Vec<&str> = Vec::new();
                let keys = super::keys::in_use();
                let field_seed = || FieldSeed {
                    base: turn_key,
                    keys,
                    name: |k: &(dyn crate::record::Key + 'static)| k.name(),
                };
                while let Some(field) = map.next_key_seed(field_seed())? {
                    match field {
                        Field::Base(i) => {
                            if std::mem::replace(&mut seen[i], true) {
                                return Err(A::Error::duplicate_field(TURN_KEYS[i]));
                            }
                            match i {
                                0 => t.player = map.next_value()?,
                                1 => t.tile = map.next_value()?,
                                2 => t.at = map.next_value()?,
                                3 => t.rot = map.next_value()?,
                                4 => t.meeple = map.next_value()?,
                                5 => t.figure = map.next_value()?,
                                _ => t.discard = map.next_value()?,
                            }
                        }
                        Field::Keyed(key) => {
                            once(&mut seen_keyed, key.name())?;
                            // `null` is as if the key were not written.
                            if let Some((_, value)) =
                                map.next_value_seed(KeyedSeed(key.reader()))?
                            {
                                t.keyed.get_or_insert_with(Box::default).push((key, value));
                            }
                        }
                        Field::Unknown => {
                            return Err(A::Error::custom(
                                "unknown field: a turn does not take this key",
                            ));
                        }
                    }
                }
                // The keys' values in the order of the list of keys, not
                // as written.
                if let Some(list) = &mut t.keyed {
                    in_order(list, keys, |k: &(dyn crate::record::Key + 'static)| {
                        k.name()
                    });
                }
                Ok(t)
            }
        }
        d.deserialize_map(V)
    }
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

/// What the expansions add to an inline ruleset: their options and their
/// `[points]` rows.
pub(crate) type Extras = (crate::rules::table::Options, crate::rules::table::Rates);

thread_local! {
    /// The expansions' options and rows while a record schema is made
    /// ([`schema`]), which the inline ruleset's schema lists.
    static SCHEMA_OPTIONS: std::cell::Cell<Extras> = const { std::cell::Cell::new((&[], &[])) };
}

/// The JSON Schema of record files, whose inline rulesets may set the
/// expansions' `options` too, and whose turns take the expansions' `keys`.
pub(crate) fn schema(options: Extras, keys: super::RecordKeys) -> serde_json::Value {
    SCHEMA_OPTIONS.with(|o| o.set(options));
    let s = super::keys::using(keys, || {
        serde_json::to_value(schemars::schema_for!(RawRecord)).unwrap_or_default()
    });
    SCHEMA_OPTIONS.with(|o| o.set((&[], &[])));
    s
}

#[cfg(test)]
mod tests {
    use super::RawTurn;
    use crate::yaml::Node;
    use serde::Deserialize;

    /// The turn the quick reader reads from a one-line flow map, or
    /// `None` where it declines.
    fn quick(text: &str, room: usize) -> Option<String> {
        crate::spanned::bare(|| RawTurn::deserialize(&Node::Flow(text, room)).ok())
            .map(|t| format!("{t:?}"))
    }

    #[test]
    fn a_flat_turn_is_read_as_the_quick_reader_reads_it_or_left_to_it() {
        // Read straight from the text: the same turn as the reader's.
        let taken = [
            "{tile: U, at: [-3, 0], rot: 270, meeple: E}",
            "{ tile: U, at: [1, 0], meeple: \"N\" }",
            "{player: red, tile: Abbey, at: [1, -2], rot: 90, spot: C}",
            "{tile: 270, at: [0, 10], meeple: 'S', figure: big}  # a comment",
            "{discard: C}",
            "{tile: B,  at: [2, 0]}",
            "{tile: 007, at: [0, 1], meeple: yes}",
            "{tile: U,at: [1, 0]}",
            "{ tile: U, at: [1, 0], meeple: E }",
            "{ player: red , tile: yes  }",
        ];
        for text in taken {
            let flat = RawTurn::from_flat_yaml(text, 8).map(|t| format!("{t:?}"));
            assert!(flat.is_some(), "{text}");
            assert_eq!(flat, quick(text, 8), "{text}");
        }
        // Left to the reader: an expansion's key, a value of another kind
        // or written another way, a key twice, too little room.
        let left = [
            "{tile: D, at: [1, 0], tower: {at: [1, 0]}}",
            "{tile: U, at: [ 1, 0]}",
            "{tile: U, at: [1,0]}",
            "{tile: U, at: [1, 0], rot: \"90\"}",
            "{tile: U, at: [1, 0], rot: 090}",
            "{tile: U, at: [1, 0], rot: R}",
            "{tile: U, at: 1}",
            "{tile: U, meeple: {at: [1, 2], spot: N}}",
            "{tile: U, tile: V}",
            "{tile: U, meeple: N, spot: S}",
            "{tile: null}",
            "{tile: A-1}",
            "{tile: \"a\\\"b\"}",
            "{tile: U, at: [1, 0]} x",
            "{ tile: U, rot: 90 }",
            "{ tile: U V }",
            "{ tile: null }",
            "{ tile: 7a }",
            "{}",
            "[U]",
        ];
        for text in left {
            assert!(RawTurn::from_flat_yaml(text, 8).is_none(), "{text}");
        }
        assert!(RawTurn::from_flat_yaml("{tile: U, at: [1, 0]}", 1).is_none());
    }

    /// Keys of the tests' own, an expansion's as the reader sees them:
    /// `lamp` takes any value, `bell` one place `{"at": [x, y]}`.
    struct Lamp;
    struct Bell;

    #[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    struct Ring {
        at: [i64; 2],
    }

    impl crate::record::KeyForm for Lamp {
        const NAME: &'static str = "lamp";
        const ABOUT: &'static str = "Any value.";
        type Raw = serde_json::Value;
        type Shape = serde_json::Value;
    }

    impl crate::record::KeyForm for Bell {
        const NAME: &'static str = "bell";
        const ABOUT: &'static str = "One place.";
        type Raw = Ring;
        type Shape = Ring;
    }

    impl crate::record::TurnKey for Lamp {
        const ORDER: u16 = 2;
        fn acts(
            &self,
            _: &mut dyn crate::record::Context,
            _: &crate::spanned::Spanned<serde_json::Value>,
            _: &crate::record::TurnWords<'_>,
            _: &mut Vec<crate::record::Act>,
        ) -> Option<()> {
            Some(())
        }
    }

    impl crate::record::TurnKey for Bell {
        const ORDER: u16 = 1;
        fn acts(
            &self,
            _: &mut dyn crate::record::Context,
            _: &crate::spanned::Spanned<Ring>,
            _: &crate::record::TurnWords<'_>,
            _: &mut Vec<crate::record::Act>,
        ) -> Option<()> {
            Some(())
        }
    }

    /// The tests' keys, `bell` listed first.
    const KEYS: crate::record::RecordKeys = crate::record::RecordKeys {
        turn: &[&Bell, &Lamp],
        snapshot: &[],
    };

    /// A turn as read, its keys' values shown too.
    fn show(t: &RawTurn) -> String {
        use crate::spanned::Spanned;
        let values: Vec<String> = t
            .keyed
            .iter()
            .flat_map(|list| list.iter())
            .map(|(k, v)| {
                let value = v
                    .downcast_ref::<Spanned<serde_json::Value>>()
                    .map(|v| v.value.to_string())
                    .or_else(|| {
                        v.downcast_ref::<Spanned<Ring>>()
                            .map(|r| format!("ring at {:?}", r.value.at))
                    });
                format!("{}={value:?}", k.name())
            })
            .collect();
        format!("{t:?} {values:?}")
    }

    /// What the straight readings of JSON take from `text`, as the quick
    /// reader tries them, with the tests' keys in use, and the length
    /// read.
    fn flat(text: &str) -> Option<(String, usize)> {
        crate::record::keys::using(KEYS, || {
            crate::spanned::bare(|| {
                RawTurn::from_flat_json(text).or_else(|| RawTurn::from_json_with_keys(text))
            })
        })
        .map(|(t, len)| (show(&t), len))
    }

    /// The turn JSON's reader reads from `text` (with the tests' keys in
    /// use), or `None` where it refuses it.
    fn json(text: &str) -> Option<String> {
        crate::record::keys::using(KEYS, || {
            crate::spanned::bare(|| serde_json::from_str::<RawTurn>(text).ok())
        })
        .map(|t| show(&t))
    }

    #[test]
    fn a_flat_json_turn_is_read_as_the_json_reader_reads_it_or_left_to_it() {
        let taken = [
            r#"{"tile":"U","at":[-3,0],"rot":270,"meeple":"E"}"#,
            r#"{ "tile" : "U" , "at" : [ 1 , 0 ] , "meeple" : "N" }"#,
            "{\"player\":\"red\",\n\t\"tile\":\"X12\",\r\n\"at\":[1,-2],\"rot\":90,\"spot\":\"C\"}",
            r#"{"tile":"270","at":[0,10],"meeple":"S","figure":"big"}"#,
            r#"{"discard":"C"}"#,
            r#"{"tile":"é","at":[0,0]}"#,
            r#"{"tile":"","at":[0,0]}"#,
            r#"{"at":[999999999999999999,-999999999999999999]}"#,
        ];
        for text in taken {
            let read = flat(text)
                .filter(|&(_, len)| len == text.len())
                .map(|(t, _)| t);
            assert!(read.is_some(), "{text}");
            assert_eq!(read, json(text), "{text}");
        }
        // Read straight too, apart: the expansions' keys in use, a place
        // on another tile.
        let keyed = [
            r#"{"meeple":{"at":[1,2],"spot":"N"}}"#,
            r#"{ "meeple" : { "spot" : "N" , "at" : [ -1 , 2 ] } }"#,
            r##"{"tile":"D","spot":{"meeple":"#inner","at":[0,0]}}"##,
            r#"{"tile":"D","at":[1,0],"lamp":{"at":[1,0]}}"#,
            r#"{"lamp":[1,{"x":null,"y":"a\"b"}],"tile":"D","bell":{"at":[2,3]}}"#,
            r#"{"bell" : { "at" : [2, 3] } , "tile":"D"}"#,
            r#"{"tile":"D","lamp":null}"#,
            r#"{"lamp":null,"bell":null}"#,
            r#"{"lamp":1.5e3}"#,
        ];
        for text in keyed {
            assert!(RawTurn::from_flat_json(text).is_none(), "{text}");
            let read = flat(text)
                .filter(|&(_, len)| len == text.len())
                .map(|(t, _)| t);
            assert!(read.is_some(), "{text}");
            assert_eq!(read, json(text), "{text}");
        }
        // Left to the reader: a key not in use, a key twice, a value of
        // another kind or written another way, one a key refuses, anything
        // after the object.
        let left = [
            r#"{"tile":"D","at":[1,0],"lantern":{"at":[1,0]}}"#,
            r#"{"tile":"D","lamp":1,"lamp":2}"#,
            r#"{"tile":"D","bell":{"at":[1,0],"x":1}}"#,
            r#"{"tile":"D","bell":{"at":[1,0]}"#,
            r#"{"tile":"D","bell":[1,0]}"#,
            r#"{"tile":"D","lamp":01}"#,
            r#"{"tile":"D","lamp":}"#,
            r#"{"tile":"D","lamp":[1,}"#,
            r#"{"tile":"D","Lamp":1}"#,
            r#"{"meeple":{"at":[1,2]}}"#,
            r#"{"meeple":{"spot":"N"}}"#,
            r#"{"meeple":{"at":[1,2],"spot":"N","x":1}}"#,
            r#"{"meeple":{"at":[1,2],"at":[1,2],"spot":"N"}}"#,
            r#"{"meeple":{"at":[1,2],"spot":"N","meeple":"S"}}"#,
            r#"{"meeple":{"at":[1,2],"spot":"N",}}"#,
            r#"{"meeple":{}}"#,
            r#"{"tile":"U","tile":"V"}"#,
            r#"{"tile":"U","meeple":"N","spot":"S"}"#,
            r#"{"tile":"U","at":[1,0],"rot":"90"}"#,
            r#"{"tile":"U","at":[1,0],"rot":90.0}"#,
            r#"{"tile":"U","at":[1,0],"rot":9e1}"#,
            r#"{"tile":"U","at":[1,0],"rot":090}"#,
            r#"{"tile":"U","at":[-0,0]}"#,
            r#"{"tile":"U","at":[1,0,2]}"#,
            r#"{"tile":"U","at":[1]}"#,
            r#"{"tile":"U","at":1}"#,
            r#"{"tile":7}"#,
            r#"{"tile":null}"#,
            r#"{"tile":"a\"b"}"#,
            r#"{"tile":"a\u0041"}"#,
            "{\"tile\":\"a\tb\"}",
            r#"{"at":[9999999999999999999,0]}"#,
            r#"{"tile":"U",}"#,
            r#"{"tile":"U"} "#,
            r#"{"Tile":"U"}"#,
            "{}",
            r#"["U"]"#,
        ];
        for text in left {
            assert!(flat(text).is_none_or(|(_, len)| len < text.len()), "{text}");
        }
    }

    proptest::proptest! {
        /// Whatever turn the straight reading takes, from keys, values and
        /// separators of every kind, is the turn the quick reader reads.
        #[test]
        fn a_flat_turn_taken_is_never_another_than_the_quick_readers(
            entries in proptest::collection::vec((0..11usize, 0..39usize, 0..5usize, 0..3usize), 1..5),
            open in 0..2usize,
            close in 0..3usize,
            after in 0..4usize,
        ) {
            const KEYS: [&str; 11] = [
                "tile", "at", "rot", "meeple", "spot", "figure", "player", "discard", "tower",
                "x", "Tile",
            ];
            const VALUES: [&str; 39] = [
                "U", "A", "yes", "N", "007", "0", "-0", "270", "-3", "12a", "a_b", "\"N\"",
                "'S'", "\"a,b\"", "'it''s'", "\"x\\\"y\"", "[1, 0]", "[-3, 10]", "[1,0]",
                "[ 1, 0]", "[1, 0, 2]", "{at: [1, 2], spot: N}", "null", "~", "#c", "a-b",
                "1e3", "0x10", ".5", "true", "\"\"", "99999999999999999999", "[1, 0 ]", "é",
                "E ", "yes  ", "90 ", "U V", "null ",
            ];
            const SEPARATORS: [&str; 5] = [", ", ",", " , ", ",  ", " ,"];
            const COLONS: [&str; 3] = [": ", ":  ", ":"];
            let mut text = String::from(["{", "{ "][open]);
            for (n, &(k, v, sep, colon)) in entries.iter().enumerate() {
                if n > 0 {
                    text.push_str(SEPARATORS[sep]);
                }
                text.push_str(KEYS[k]);
                text.push_str(COLONS[colon]);
                text.push_str(VALUES[v]);
            }
            text.push_str(["}", " }", "  }"][close]);
            text.push_str(["", " # c", "x", " "][after]);
            let text = text.trim_end_matches(' ');
            if let Some(t) = RawTurn::from_flat_yaml(text, 8) {
                proptest::prop_assert_eq!(Some(format!("{t:?}")), quick(text, 8), "{}", text);
            }
        }

        /// Whatever turn the straight reading of JSON takes, from keys,
        /// values and blanks of every kind, is the turn JSON's reader reads.
        #[test]
        fn a_flat_json_turn_taken_is_never_another_than_the_json_readers(
            entries in proptest::collection::vec((0..12usize, 0..34usize, 0..4usize, 0..4usize), 0..5),
            close in 0..3usize,
        ) {
            const KEYS: [&str; 12] = [
                "tile", "at", "rot", "meeple", "spot", "figure", "player", "discard", "lantern",
                "Tile", "lamp", "bell",
            ];
            const VALUES: [&str; 34] = [
                "\"U\"", "\"N\"", "\"007\"", "0", "-0", "270", "-3", "012", "1.5", "1e3",
                "\"a\\\"b\"", "\"\\u0041\"", "[1,0]", "[ -3 , 10 ]", "[1,0,2]", "[1]",
                "[-0,1]", "[1.0,2]", "{\"at\":[1,2],\"spot\":\"N\"}", "null", "true",
                "\"\"", "99999999999999999999", "999999999999999999", "\"é\"", "[ 1,\n2 ]",
                "\"x y\"", "-", "\"a\tb\"", "[\"1\",2]", "{\"at\":[1,2]}",
                "{\"spot\":\"N\",\"at\":[1,2],\"x\":1}", "[1,{\"a\":[]}]", "{\"meeple\":\"C\",\"at\":[0,-1]}",
            ];
            const BLANKS: [&str; 4] = ["", " ", "\n", " \t "];
            let mut text = String::from("{");
            for (n, &(k, v, before, after)) in entries.iter().enumerate() {
                if n > 0 {
                    text.push(',');
                }
                text.push_str(BLANKS[before]);
                text.push('"');
                text.push_str(KEYS[k]);
                text.push('"');
                text.push_str(BLANKS[after]);
                text.push(':');
                text.push_str(BLANKS[before]);
                text.push_str(VALUES[v]);
                text.push_str(BLANKS[after]);
            }
            text.push_str(["}", ",}", "} "][close]);
            if let Some((t, len)) = flat(&text) {
                // What follows the object is the reader's to judge.
                let object = &text[..len];
                proptest::prop_assert_eq!(Some(t), json(object), "{}", text);
            }
        }
    }
}
