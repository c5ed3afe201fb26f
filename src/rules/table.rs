//! Every key of a ruleset, declared once.
//!
//! The loader, the error help, the report's description of a ruleset, the
//! JSON output, `compare` and the JSON Schema all read these tables; a new
//! toggle is one row here (and, if it is a new kind of rule, the engine code
//! that reads its value). An expansion's option keeps its value among the
//! ruleset's words ([`Kept::Word`]): its mechanics read it by key with
//! [`Ruleset::word`], and it needs no field and no type of its own.

use std::ops::{Index, IndexMut};

use super::Ruleset;

/// A toggle whose values are words.
pub trait Word: Copy + Eq + 'static {
    /// Every value with its word, in the order the docs list them.
    const ALL: &'static [(Self, &'static str)];

    /// The value as written in rulesets.
    #[must_use]
    fn word(self) -> &'static str {
        Self::ALL
            .iter()
            .find(|(v, _)| *v == self)
            .map_or("", |(_, w)| w)
    }

    /// The value a word names.
    #[must_use]
    fn from_word(word: &str) -> Option<Self> {
        Self::ALL.iter().find(|(_, w)| *w == word).map(|(v, _)| *v)
    }
}

/// How farms are scored at the end of the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FarmScoring {
    /// 2000: each completed city pays to the player(s) with most farmers on
    /// all the farms around it.
    First,
    /// 2001: per completed city touching a farm the player owns, each city
    /// at most once per player.
    Second,
    /// Current: each farm pays its owners per completed city it touches.
    Third,
}

impl Word for FarmScoring {
    const ALL: &'static [(Self, &'static str)] = &[
        (FarmScoring::First, "first"),
        (FarmScoring::Second, "second"),
        (FarmScoring::Third, "third"),
    ];
}

/// Whether unfinished roads, cities and cloisters score at the end.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Incomplete {
    /// They score (the printed rule).
    Score,
    /// They score nothing (a house rule).
    None,
}

impl Word for Incomplete {
    const ALL: &'static [(Self, &'static str)] =
        &[(Incomplete::Score, "score"), (Incomplete::None, "none")];
}

/// Who wins on equal totals.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TieBreak {
    /// Every tied player.
    Shared,
    /// Every tied player but the one who played the first turn.
    StartingPlayerLoses,
}

impl Word for TieBreak {
    const ALL: &'static [(Self, &'static str)] = &[
        (TieBreak::Shared, "shared"),
        (TieBreak::StartingPlayerLoses, "starting-player-loses"),
    ];
}

/// A toggle's value, as read from a file or shown in a report.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Setting {
    /// `true` or `false`.
    Bool(bool),
    /// One of the toggle's words.
    Word(&'static str),
    /// A count.
    Count(u32),
}

impl std::fmt::Display for Setting {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Setting::Bool(b) => write!(f, "{b}"),
            Setting::Word(w) => write!(f, "\"{w}\""),
            Setting::Count(n) => write!(f, "{n}"),
        }
    }
}

impl Setting {
    /// The value in JSON.
    #[must_use]
    pub fn json(self) -> serde_json::Value {
        match self {
            Setting::Bool(b) => b.into(),
            Setting::Word(w) => w.into(),
            Setting::Count(n) => n.into(),
        }
    }

    /// The value as a ruleset file writes it, without quotes: `true`,
    /// `first`, `7`.
    #[must_use]
    pub fn plain(self) -> String {
        match self {
            Setting::Bool(b) => b.to_string(),
            Setting::Word(w) => w.to_string(),
            Setting::Count(n) => n.to_string(),
        }
    }
}

/// The values a toggle takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Values {
    /// `true` or `false`.
    Bool,
    /// One of these words.
    Words(&'static [&'static str]),
    /// An integer from 0 to the limit.
    Count {
        /// The largest allowed.
        max: u32,
    },
}

impl Values {
    /// The values in words, for help lines: `"first", "second", "third"`.
    #[must_use]
    pub fn describe(self) -> String {
        match self {
            Values::Bool => "true or false".into(),
            Values::Words(words) => words
                .iter()
                .map(|w| format!("\"{w}\""))
                .collect::<Vec<_>>()
                .join(", "),
            Values::Count { max } => format!("an integer from 0 to {max}"),
        }
    }
}

/// What a toggle can change, so that `compare` can say which toggle made a
/// feature score differently.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bears {
    /// Which moves are legal (so any feature).
    Moves,
    /// Features of one kind (`road`, `city`, `cloister`, `farm`), only
    /// completed ones, only unfinished ones, or both.
    Kind {
        /// The kind's word.
        kind: &'static str,
        /// `Some(true)`: completed only; `Some(false)`: unfinished only.
        complete: Option<bool>,
    },
    /// Completed cities of exactly two tiles.
    SmallCity,
    /// Unfinished roads, cities and cloisters.
    Unfinished,
    /// The winner, not the points.
    Winner,
}

/// Pieces that `[figures]` counts besides the figures, which an
/// expansion declares: pieces are no figures (they never stand on a
/// feature), but a ruleset sets how many each player has the same way
/// (a tower's pieces).
#[derive(Debug, Clone, Copy)]
pub struct Piece {
    /// Its `[figures]` key.
    pub key: &'static str,
    /// What it is.
    pub doc: &'static str,
    /// How many each player has by default, by the number of players.
    pub per_players: fn(usize) -> u32,
    /// Whether the tiles in play bring it.
    pub in_play: fn(&crate::tileset::Catalog) -> bool,
}

/// A row an expansion adds to a ruleset's tables: a `[points]` number,
/// or a `[figures]` count of pieces.
#[derive(Debug, Clone, Copy)]
pub enum Row {
    /// A `[points]` number.
    Point(PointKey),
    /// A `[figures]` count of pieces.
    Piece(Piece),
}

/// Limits of counts.
const MAX_COUNT: u32 = 1000;

/// Where a toggle's value is kept.
#[derive(Debug, Clone, Copy)]
pub enum Kept {
    /// In a field of [`Ruleset`] that the engine reads.
    Field {
        /// Reads the value.
        get: fn(&Ruleset) -> Setting,
        /// Sets a value already checked against `values`.
        set: fn(&mut Ruleset, Setting),
    },
    /// Among the ruleset's words by key ([`Ruleset::word`]): an option of
    /// an expansion, which its mechanics read by its key.
    Word {
        /// The value of a ruleset that does not set it (`modern`'s).
        default: &'static str,
    },
}

/// A toggle: one key of a ruleset file with a single value.
#[derive(Debug, Clone, Copy)]
pub struct Toggle {
    /// The key.
    pub key: &'static str,
    /// What it means (the JSON Schema's description).
    pub doc: &'static str,
    /// What it may be.
    pub values: Values,
    /// Shown in the description of every custom ruleset (the others only
    /// when they differ from `modern`).
    pub always_shown: bool,
    /// What it changes.
    pub bears: Bears,
    /// Where its value is kept.
    pub kept: Kept,
}

impl Toggle {
    /// Its value in `rules`.
    #[must_use]
    pub fn get(&self, rules: &Ruleset) -> Setting {
        match self.kept {
            Kept::Field { get, .. } => get(rules),
            Kept::Word { default } => {
                Setting::Word(rules.words.get(self.key).copied().unwrap_or(default))
            }
        }
    }

    /// Sets a value already checked against `values`.
    pub fn set(&self, rules: &mut Ruleset, value: Setting) {
        match (self.kept, value) {
            (Kept::Field { set, .. }, _) => set(rules, value),
            (Kept::Word { default }, Setting::Word(w)) => {
                if w == default {
                    rules.words.remove(self.key);
                } else {
                    rules.words.insert(self.key, w);
                }
            }
            (Kept::Word { .. }, _) => {}
        }
    }
}

/// The toggles the expansions declare (an expansion's rule options), each
/// expansion's in a list of its own: handed to the ruleset reader by its
/// caller, and listed after [`TOGGLES`].
pub type Options = &'static [&'static [Toggle]];

/// Every toggle: [`TOGGLES`], then `options`.
pub fn every_toggle(options: Options) -> impl Iterator<Item = &'static Toggle> {
    TOGGLES.iter().chain(options.iter().flat_map(|o| o.iter()))
}

fn word<T: Word>(s: Setting, current: T) -> T {
    match s {
        Setting::Word(w) => T::from_word(w).unwrap_or(current),
        _ => current,
    }
}

/// The toggles of the base game and of the engine's own rules, in the
/// order reports list them; an expansion declares its own
/// ([`Options`]), listed after these.
pub const TOGGLES: [Toggle; 7] = [
    Toggle {
        key: "small_city",
        doc: "A completed city of exactly two tiles scores `points.small_city` per tile and per pennant instead of the usual rates.",
        values: Values::Bool,
        always_shown: true,
        bears: Bears::SmallCity,
        kept: Kept::Field {
            get: |r| Setting::Bool(r.small_city),
            set: |r, s| {
                if let Setting::Bool(b) = s {
                    r.small_city = b;
                }
            },
        },
    },
    Toggle {
        key: "farm_scoring",
        doc: "Farm scoring edition: 2000 (`first`), 2001 (`second`) or current (`third`).",
        values: Values::Words(&["first", "second", "third"]),
        always_shown: true,
        bears: Bears::Kind {
            kind: "farm",
            complete: None,
        },
        kept: Kept::Field {
            get: |r| Setting::Word(r.farm_scoring.word()),
            set: |r, s| r.farm_scoring = word(s, r.farm_scoring),
        },
    },
    Toggle {
        key: "end_game_abbey",
        doc: "Whether players holding an abbey may place it in one final round after the last land tile.",
        values: Values::Words(&["final-round", "none"]),
        always_shown: true,
        bears: Bears::Moves,
        kept: Kept::Word {
            default: "final-round",
        },
    },
    Toggle {
        key: "incomplete_features",
        doc: "`none`: unfinished roads, cities and cloisters score nothing at the end.",
        values: Values::Words(&["score", "none"]),
        always_shown: true,
        bears: Bears::Unfinished,
        kept: Kept::Field {
            get: |r| Setting::Word(r.incomplete_features.word()),
            set: |r, s| r.incomplete_features = word(s, r.incomplete_features),
        },
    },
    Toggle {
        key: "followers",
        doc: "Followers each player has (7).",
        values: Values::Count { max: MAX_COUNT },
        always_shown: true,
        bears: Bears::Moves,
        kept: Kept::Field {
            get: |r| Setting::Count(r.followers),
            set: |r, s| {
                if let Setting::Count(n) = s {
                    r.followers = n;
                }
            },
        },
    },
    Toggle {
        key: "inn_cathedral_incomplete",
        doc: "How a road with an inn and a city with a cathedral score when unfinished at the end: `zero` (the printed rule) or `normal` (as if they had none; a house rule).",
        values: Values::Words(&["zero", "normal"]),
        always_shown: false,
        bears: Bears::Unfinished,
        kept: Kept::Word { default: "zero" },
    },
    Toggle {
        key: "tie_break",
        doc: "Who wins on equal totals: every tied player (`shared`), or every tied player but the one who played the first turn (`starting-player-loses`, tournaments).",
        values: Values::Words(&["shared", "starting-player-loses"]),
        always_shown: false,
        bears: Bears::Winner,
        kept: Kept::Field {
            get: |r| Setting::Word(r.tie_break.word()),
            set: |r, s| r.tie_break = word(s, r.tie_break),
        },
    },
];

/// The tables of numbers a ruleset holds: `[points]` and `[figures]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Group {
    /// `[points]`.
    Points,
    /// `[figures]`.
    Figures,
}

impl Group {
    /// The table's key.
    #[must_use]
    pub const fn key(self) -> &'static str {
        match self {
            Group::Points => "points",
            Group::Figures => "figures",
        }
    }

    /// What the table is (the JSON Schema's description).
    #[must_use]
    pub const fn doc(self) -> &'static str {
        match self {
            Group::Points => {
                "The numbers every score is made of; a house rule changes a number (`farm_city = 2`: farms pay 2 per city)."
            }
            Group::Figures => {
                "Per-player counts of special figures. Default: what the tile sets in play bring, 0 otherwise."
            }
        }
    }

    /// The keys of the table, in order, with the expansions' `rates`.
    #[must_use]
    pub fn keys(self, rates: Rates) -> Vec<&'static str> {
        match self {
            Group::Points => every_rate(rates).map(|p| p.key).collect(),
            Group::Figures => {
                let mut keys = crate::tileset::figure::builtin_keys();
                keys.extend(every_piece(rates).map(|p| p.key));
                keys
            }
        }
    }

    /// The doc of one key (of [`Group::keys`]).
    #[must_use]
    pub fn key_doc(self, rates: Rates, i: usize) -> &'static str {
        match self {
            Group::Points => every_rate(rates).nth(i).map_or("", |p| p.doc),
            Group::Figures => {
                let figures = crate::tileset::figure::BUILTIN.len() - 1;
                match i.checked_sub(figures) {
                    Some(j) => every_piece(rates).nth(j).map_or("", |p| p.doc),
                    None => crate::tileset::figure::BUILTIN[i + 1].doc,
                }
            }
        }
    }

    /// The largest value of a key.
    #[must_use]
    pub const fn max(self) -> u32 {
        MAX_COUNT
    }

    /// Sets key `i` of the table (of [`Group::keys`]).
    pub fn set(self, rules: &mut Ruleset, rates: Rates, i: usize, n: u32) {
        match self {
            Group::Points => match (rules.points.base.get_mut(i), every_rate(rates).nth(i)) {
                (Some(v), _) => *v = n,
                (None, Some(row)) => rules.points.set_rate(row, n),
                (None, None) => {}
            },
            Group::Figures => {
                if let Some(key) = self.keys(rates).get(i) {
                    rules.figures.insert((*key).to_string(), n);
                }
            }
        }
    }

    /// Key `i` of the table (of [`Group::keys`]) as the ruleset has it
    /// (`None`: a figure count left to the tile sets).
    #[must_use]
    pub fn get(self, rules: &Ruleset, rates: Rates, i: usize) -> Option<u32> {
        match self {
            Group::Points => match rules.points.base.get(i) {
                Some(v) => Some(*v),
                None => every_rate(rates).nth(i).map(|row| rules.points.rate(row)),
            },
            Group::Figures => self
                .keys(rates)
                .get(i)
                .and_then(|k| rules.figures.get(*k).copied()),
        }
    }
}

/// The tables, in order.
pub const GROUPS: [Group; 2] = [Group::Points, Group::Figures];

/// One number of `[points]` that the engine's own scoring reads, the
/// first rows of [`POINTS`] in order; the rows after them (an inn's, a
/// cathedral's, the goods', the pig's) are read by key by the tile sets'
/// modifiers and the expansions' scorings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Point {
    /// Per tile of a completed road.
    Road,
    /// Per tile of an unfinished road at the end.
    RoadIncomplete,
    /// Per tile of a completed city.
    City,
    /// Per tile of an unfinished city at the end.
    CityIncomplete,
    /// Per pennant of a completed city.
    Pennant,
    /// Per pennant of an unfinished city at the end.
    PennantIncomplete,
    /// Per tile and pennant of a completed two-tile city (`small_city`).
    SmallCity,
    /// Per tile of a cloister's 3×3, itself included.
    Cloister,
    /// Per completed city to a farm (second and third edition).
    FarmCity,
    /// Per completed city to the farms around it (first edition).
    FarmCityFirst,
}

/// A row of the `[points]` table.
#[derive(Debug, Clone, Copy)]
pub struct PointKey {
    /// Its key.
    pub key: &'static str,
    /// Its `modern` value.
    pub modern: u32,
    /// What it means.
    pub doc: &'static str,
    /// What it changes.
    pub bears: Bears,
}

const fn kind(kind: &'static str, complete: Option<bool>) -> Bears {
    Bears::Kind { kind, complete }
}

/// The `[points]` table of the ruleset format, in order: [`Point`]'s rows
/// first.
pub const POINTS: [PointKey; 14] = [
    PointKey {
        key: "road",
        modern: 1,
        doc: "Per tile of a completed road.",
        bears: kind("road", Some(true)),
    },
    PointKey {
        key: "road_incomplete",
        modern: 1,
        doc: "Per tile of an unfinished road at the end.",
        bears: kind("road", Some(false)),
    },
    PointKey {
        key: "city",
        modern: 2,
        doc: "Per tile of a completed city.",
        bears: kind("city", Some(true)),
    },
    PointKey {
        key: "city_incomplete",
        modern: 1,
        doc: "Per tile of an unfinished city at the end.",
        bears: kind("city", Some(false)),
    },
    PointKey {
        key: "pennant",
        modern: 2,
        doc: "Per pennant of a completed city.",
        bears: kind("city", Some(true)),
    },
    PointKey {
        key: "pennant_incomplete",
        modern: 1,
        doc: "Per pennant of an unfinished city at the end.",
        bears: kind("city", Some(false)),
    },
    PointKey {
        key: "small_city",
        modern: 1,
        doc: "Per tile and per pennant of a completed two-tile city when `small_city = true`.",
        bears: Bears::SmallCity,
    },
    PointKey {
        key: "cloister",
        modern: 1,
        doc: "Per tile of a cloister's 3×3, itself included (9 when complete).",
        bears: kind("cloister", None),
    },
    PointKey {
        key: "farm_city",
        modern: 3,
        doc: "Per completed city to a farm (second and third edition).",
        bears: kind("farm", None),
    },
    PointKey {
        key: "farm_city_first",
        modern: 4,
        doc: "Per completed city to the farms around it (first edition).",
        bears: kind("farm", None),
    },
    PointKey {
        key: "inn_road",
        modern: 2,
        doc: "Per tile of a completed road with an inn.",
        bears: kind("road", Some(true)),
    },
    PointKey {
        key: "cathedral_city",
        modern: 3,
        doc: "Per tile and per pennant of a completed city with a cathedral.",
        bears: kind("city", Some(true)),
    },
    PointKey {
        key: "goods_majority",
        modern: 10,
        doc: "To each player with the most tokens of a trade good, at the end.",
        bears: Bears::Winner,
    },
    PointKey {
        key: "pig",
        modern: 1,
        doc: "Added per city for the pig's owner.",
        bears: kind("farm", None),
    },
];

/// The rows the expansions add to a ruleset's tables (an expansion's own
/// numbers: the barn's, the ransom, the fairy's; its pieces: the tower's),
/// each expansion's in a list of its own: handed to the ruleset reader by
/// its caller, and listed after the base game's.
pub type Rates = &'static [&'static [Row]];

/// Every row of `[points]`: [`POINTS`], then the points of `rates`.
pub fn every_rate(rates: Rates) -> impl Iterator<Item = &'static PointKey> {
    POINTS
        .iter()
        .chain(rates.iter().flat_map(|r| r.iter()).filter_map(|r| match r {
            Row::Point(p) => Some(p),
            Row::Piece(_) => None,
        }))
}

/// The pieces of `rates`.
pub fn every_piece(rates: Rates) -> impl Iterator<Item = &'static Piece> {
    rates.iter().flat_map(|r| r.iter()).filter_map(|r| match r {
        Row::Piece(p) => Some(p),
        Row::Point(_) => None,
    })
}

/// The numbers of `[points]`: the base game's, indexed by [`Point`], and
/// the expansions' rows a ruleset sets to other than their default.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Points {
    base: [u32; POINTS.len()],
    /// The declared rows set to other than their `modern` value, by key.
    rates: std::collections::BTreeMap<&'static str, u32>,
}

impl Points {
    /// The `modern` values.
    #[must_use]
    pub fn modern() -> Points {
        Points {
            base: POINTS.map(|p| p.modern),
            rates: std::collections::BTreeMap::new(),
        }
    }

    /// The value of a row an expansion declares (its `modern` value unless
    /// the ruleset sets it).
    #[must_use]
    pub fn rate(&self, row: &PointKey) -> u32 {
        self.rates.get(row.key).copied().unwrap_or(row.modern)
    }

    /// Sets a row an expansion declares.
    pub fn set_rate(&mut self, row: &'static PointKey, n: u32) {
        if n == row.modern {
            self.rates.remove(row.key);
        } else {
            self.rates.insert(row.key, n);
        }
    }

    /// The keys whose value differs from `modern`, with their values: the
    /// base game's in order, then the expansions' `rates`.
    #[must_use]
    pub fn changed(&self, rates: Rates) -> Vec<(&'static str, u32)> {
        every_rate(rates)
            .enumerate()
            .map(|(i, k)| (k, self.value(i, k)))
            .filter(|(k, v)| k.modern != *v)
            .map(|(k, v)| (k.key, v))
            .collect()
    }

    /// The value of row `i` of [`every_rate`], `k`.
    fn value(&self, i: usize, k: &PointKey) -> u32 {
        self.base.get(i).copied().unwrap_or_else(|| self.rate(k))
    }

    /// Every key with its value: the base game's, then the expansions'
    /// `rates`.
    pub fn iter(&self, rates: Rates) -> impl Iterator<Item = (&'static str, u32)> + '_ {
        every_rate(rates)
            .enumerate()
            .map(|(i, k)| (k.key, self.value(i, k)))
    }
}

impl Index<Point> for Points {
    type Output = u32;
    fn index(&self, p: Point) -> &u32 {
        &self.base[p as usize]
    }
}

impl IndexMut<Point> for Points {
    fn index_mut(&mut self, p: Point) -> &mut u32 {
        &mut self.base[p as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_points_table_is_in_the_order_of_its_enum() {
        let order = [
            (Point::Road, "road"),
            (Point::RoadIncomplete, "road_incomplete"),
            (Point::City, "city"),
            (Point::CityIncomplete, "city_incomplete"),
            (Point::Pennant, "pennant"),
            (Point::PennantIncomplete, "pennant_incomplete"),
            (Point::SmallCity, "small_city"),
            (Point::Cloister, "cloister"),
            (Point::FarmCity, "farm_city"),
            (Point::FarmCityFirst, "farm_city_first"),
        ];
        for (p, key) in order {
            assert_eq!(POINTS[p as usize].key, key);
        }
    }

    #[test]
    fn every_word_reads_back() {
        for (v, w) in FarmScoring::ALL {
            assert_eq!(FarmScoring::from_word(w), Some(*v));
        }
        for t in TOGGLES {
            if let Values::Words(words) = t.values {
                let mut r = Ruleset::modern();
                for w in words {
                    t.set(&mut r, Setting::Word(w));
                    assert_eq!(t.get(&r), Setting::Word(w), "{}", t.key);
                }
            }
        }
    }
}
