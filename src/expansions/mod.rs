//! The expansions carca plays, one folder each: its mechanics (the turn
//! machine's hooks, [`crate::engine::mechanic`]) and what they need. This
//! module is the one registry that names them ([`ALL`]); the engine below
//! knows only the hooks, and is handed the registry by whoever asks it to
//! play a record.
//!
//! The Inns & Cathedrals need no code: their inns, cathedrals and big
//! follower are tile-set modifiers and a figure of the figure table.

pub mod abbey;
pub mod abbey_mayor;
pub mod bridges_castles_bazaars;
pub mod count;
pub mod gone;
pub mod hills_sheep;
pub mod inns_cathedrals;
pub mod princess_dragon;
pub mod river;
pub mod tower;
pub mod traders_builders;

use crate::engine::registry::{BuildScoring, BuildTurn, Registry};

/// The turn mechanics, in the order their hooks are asked.
const TURN: [BuildTurn; 15] = [
    river::mechanic,
    traders_builders::builders,
    abbey::mechanic,
    abbey_mayor::wagon::mechanic,
    abbey_mayor::barn::mechanic,
    tower::mechanic,
    // Before the dragon: a flock is tended before the dragon flies.
    hills_sheep::mechanic,
    princess_dragon::princess::mechanic,
    princess_dragon::fairy::mechanic,
    princess_dragon::princess::portal,
    princess_dragon::dragon::mechanic,
    // Last: followers leave the City after the dragon flew, and enter it
    // after the barns and the wagons.
    count::mechanic,
    // After the dragon flew and followers left the City: a castle is made
    // just before the scoring, and scores after the barns.
    bridges_castles_bazaars::castle::mechanic,
    bridges_castles_bazaars::bridge::mechanic,
    bridges_castles_bazaars::bazaar::mechanic,
];

/// The scoring hooks, in the order they are asked.
const SCORING: [BuildScoring; 5] = [
    traders_builders::goods,
    traders_builders::pigs,
    abbey_mayor::barn::scoring,
    princess_dragon::fairy::scoring,
    hills_sheep::scoring,
];

// Every mechanic of the registry has its bit in a phase's mask.
const _: () = assert!(TURN.len() <= 32);

/// The notes of an expansion's mechanics, as the reports list them.
#[derive(Debug, Clone, Copy)]
pub struct Notes {
    /// The heading the breakdown lists them under (each expansion's notes
    /// together, in the order of [`NOTES`]).
    pub heading: &'static str,
    /// The JSON Schema of their JSON in `carca score --format json`.
    pub schema: fn(&mut schemars::SchemaGenerator) -> schemars::Schema,
}

/// Every expansion's notes, in the order the breakdown lists them.
pub const NOTES: [Notes; 5] = [
    Notes {
        heading: tower::notes::HEADING,
        schema: tower::notes::schema,
    },
    Notes {
        heading: princess_dragon::notes::HEADING,
        schema: princess_dragon::notes::schema,
    },
    Notes {
        heading: bridges_castles_bazaars::notes::HEADING,
        schema: bridges_castles_bazaars::notes::schema,
    },
    Notes {
        heading: hills_sheep::notes::HEADING,
        schema: hills_sheep::notes::schema,
    },
    Notes {
        heading: count::notes::HEADING,
        schema: count::notes::schema,
    },
];

/// The section of RULES.md that gives the rules of each built-in tile
/// set's expansion (the base game's are §1 to §7), by which the rules test
/// suite tags its cases and mixes its generated games.
pub const RULES_SECTIONS: [(&str, &str); 10] = [
    ("river", "§9"),
    ("abbey", "§8"),
    ("inns-cathedrals", "§11"),
    ("traders-builders", "§12"),
    ("abbey-mayor", "§13"),
    ("tower", "§15"),
    ("princess-dragon", "§14"),
    ("bridges-castles-bazaars", "§16"),
    ("hills-sheep", "§18"),
    ("count", "§17"),
];

/// What the expansions bring to reading a JCloisterZone save: their
/// mechanics, and a reader of each one's messages.
pub static JCZ: crate::jcz::Expansions = crate::jcz::Expansions {
    registry: &ALL,
    messages: &[
        count::jcz::messages,
        abbey_mayor::jcz::messages,
        tower::jcz::messages,
        princess_dragon::jcz::messages,
        hills_sheep::jcz::messages,
        bridges_castles_bazaars::jcz::messages,
    ],
    setups: &[
        river::jcz::SETUP,
        abbey::jcz::SETUP,
        inns_cathedrals::JCZ_SETUP,
        traders_builders::jcz::SETUP,
        abbey_mayor::jcz::SETUP,
        tower::jcz::SETUP,
        princess_dragon::jcz::SETUP,
        hills_sheep::jcz::SETUP,
        bridges_castles_bazaars::jcz::SETUP,
        count::jcz::SETUP,
    ],
};

/// Every expansion carca plays: what the referee, `carca moves`, the page
/// and the generator hand the engine.
pub static ALL: Registry = Registry {
    turn: &TURN,
    scoring: &SCORING,
    rates: &RATES,
};

/// How a symbol an expansion's tiles show is drawn: on the terminal board
/// (a character in a colour, named in the board's key) and on tile sheets
/// and boards in SVG and PNG (a small path). A symbol with no mark here is
/// drawn as its word's first letter.
#[derive(Debug, Clone, Copy)]
pub struct Mark {
    /// The symbol's word, as tile sets declare it.
    pub word: &'static str,
    /// The character the terminal board shows, and its ANSI colour.
    pub glyph: (char, &'static str),
    /// What the board's key calls it (`dragon tile`).
    pub label: &'static str,
    /// The article before it in `tiles show` ("shows a volcano", "shows
    /// the princess").
    pub article: &'static str,
    /// Its picture: an SVG path around (0, 0), about 18 units wide, its
    /// fill, stroke and stroke width.
    pub path: (&'static str, &'static str, &'static str, f64),
    /// It is drawn in the tile's princess city rather than in the tile's
    /// corner (the tile language's `princess: true`).
    pub in_city: bool,
}

/// How an expansion's figure is drawn: on the terminal board, a
/// character in its owner's colour; in SVG and PNG pictures, a shape.
#[derive(Clone, Copy)]
pub struct FigureArt {
    /// The figure's word (`builder`).
    pub word: &'static str,
    /// Its character on the terminal board, in colour (without colour,
    /// every figure is its owner's initial).
    pub glyph: char,
    /// Its shape in pictures.
    pub shape: Shape,
}

/// A figure's shape in pictures.
#[derive(Clone, Copy)]
pub enum Shape {
    /// A follower's: half as large again when `big`, with `letter` on it.
    Follower {
        /// Drawn half as large again.
        big: bool,
        /// A letter on it (`M`).
        letter: Option<&'static str>,
    },
    /// A drawing of its own, in its owner's colour, made for the point
    /// where a follower of its feature would stand (or, for a figure on a
    /// corner, the corner point); pictures are 100 units a tile.
    Drawn(fn(f64, f64, &str) -> svg::node::element::Group),
}

/// How a neutral figure is drawn (in its own colours).
#[derive(Clone, Copy)]
pub struct Neutral {
    /// Its name (`dragon`).
    pub name: &'static str,
    /// Its character and ANSI colour on the terminal board.
    pub glyph: (char, &'static str),
    /// What the board's key says of it ("Ж the dragon").
    pub label: &'static str,
    /// Where it stands on its tile when beside no follower, in picture
    /// units from the tile's north-west corner (a tile is 100 across).
    pub alone: (f64, f64),
    /// Its character cell on the terminal board's tile (column, row).
    pub cell: (usize, usize),
    /// Its drawing at a point.
    pub draw: fn(f64, f64) -> svg::node::element::Group,
}

/// Every expansion's figures that are drawn their own way.
pub const FIGURE_ART: [&[FigureArt]; 4] = [
    &inns_cathedrals::ART,
    &traders_builders::art::ART,
    &abbey_mayor::art::ART,
    &hills_sheep::art::ART,
];

/// Every expansion's neutral figures.
pub const NEUTRALS: [&[Neutral]; 1] = [&princess_dragon::art::NEUTRALS];

/// How the figure `word` is drawn, if an expansion draws it its own way.
#[must_use]
pub fn figure_art(word: &str) -> Option<&'static FigureArt> {
    FIGURE_ART
        .iter()
        .flat_map(|a| a.iter())
        .find(|a| a.word == word)
}

/// How the neutral figure `name` is drawn.
#[must_use]
pub fn neutral(name: &str) -> Option<&'static Neutral> {
    NEUTRALS
        .iter()
        .flat_map(|a| a.iter())
        .find(|a| a.name == name)
}

/// Whom a choice's words name: the players, and the figures by name.
pub struct Names<'a> {
    /// The players, in turn order.
    pub players: &'a [String],
    /// The figure table.
    pub figures: &'a crate::tileset::FigureTable,
}

/// How `carca moves` words the choices a mechanic offers a player
/// ([`crate::engine::mechanic::ActionOption`]s, by the record key that
/// writes them).
#[derive(Clone, Copy)]
pub struct Choice {
    /// The record key.
    pub key: &'static str,
    /// One choice, on its own ("move the fairy beside …").
    pub option: fn(&crate::engine::mechanic::ActionOption, &Names<'_>) -> String,
    /// The choices of one placement said together, before the others
    /// ("the dragon may fly first to (1,0) or (0,-1)"), when they are.
    pub gathered: Option<fn(&[&crate::engine::mechanic::ActionOption], &Names<'_>) -> String>,
    /// What an act of the key is called when a record leaves it under way
    /// ("dragon's flight"), for an act that can be.
    pub under_way: Option<&'static str>,
    /// Said after a placement's figures as an alternative to them ("or
    /// move the fairy …"), rather than as it is ("the princess may send
    /// home …", which comes with the placement).
    pub alternative: bool,
}

/// An act the page records on the last turn of a history, and what the
/// player clicks to make it: the page offers it, in the figure menu,
/// when a mechanic in play takes its key, and writes it with no code of
/// its own.
#[derive(Debug, Clone, Copy)]
pub struct PageAct {
    /// Its name in the menu's value (`act:NAME`), unique.
    pub name: &'static str,
    /// The act key of the mechanic that offers it ([`crate::engine::mechanic::Mechanic::act_keys`]).
    pub offered_by: &'static str,
    /// The record key it writes.
    pub writes: &'static str,
    /// The menu's words.
    pub menu: &'static str,
    /// The hint while it is chosen.
    pub hint: &'static str,
    /// What the player clicks.
    pub pick: PagePick,
    /// Fields written with every value (`spot: tower`), each as YAML
    /// reads a plain scalar: `true` and numbers are written as such
    /// (`score: true`, `draw: 3`).
    pub fixed: &'static [(&'static str, &'static str)],
    /// Whether it takes the turn's `figure` away (a follower it puts
    /// elsewhere is a normal one).
    pub clears_figure: bool,
    /// How the turn list says it, before the place it names (`fairy
    /// beside`); empty: as its key.
    pub summary: &'static str,
}

/// What the player clicks to make a [`PageAct`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PagePick {
    /// A tile: `{ at }`.
    Tile,
    /// A spot of a tile: `{ at, spot }`, with the owner (`player`) of the
    /// figure standing there when `owner`, its figure (`figure`, when not
    /// a follower) when `figure`; with `top`, a click on a tile whose
    /// stack has a figure on top picks that figure, at the spot `top`
    /// names.
    Spot {
        /// Writes the owner of the figure there.
        owner: bool,
        /// Writes the figure there.
        figure: bool,
        /// The spot of a tile's stack top, which a click on the tile
        /// picks, if it is one.
        top: Option<&'static str>,
    },
    /// A player, written under `field`.
    Player {
        /// The field the player's name is written under.
        field: &'static str,
    },
    /// A step of a neutral figure to a neighbouring tile, added to a list
    /// (a click on the figure takes the last step back).
    Step {
        /// The neutral figure.
        neutral: &'static str,
    },
    /// Nothing: choosing the act in the menu writes its fixed fields (a
    /// quarter of the City entered); choosing it again takes it back. The
    /// turn list says the value of `field`.
    Nothing {
        /// The fixed field the turn list says.
        field: &'static str,
    },
    /// Entries of a list, each filled in on a small form of `fields` and
    /// added to the list by its button (a bazaar's tiles, one after
    /// another); a field left blank is not written. The turn list says
    /// each entry's `field`.
    Form {
        /// The form's fields, in order.
        fields: &'static [FormField],
        /// The field of each entry the turn list says.
        field: &'static str,
    },
}

/// A field of a [`PagePick::Form`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FormField {
    /// The key it writes in the entry.
    pub name: &'static str,
    /// Its label on the form.
    pub label: &'static str,
    /// What it holds.
    pub kind: FormKind,
}

/// What a [`FormField`] holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum FormKind {
    /// A tile id, of the tiles left to play.
    Tile,
    /// A player's name.
    Player,
    /// A number for each of any of the players: `{ P: n, Q: m }`.
    Amounts,
    /// `true`, or nothing.
    Flag,
}

/// Every act the page records, in the order its menu lists them.
pub const PAGE_ACTS: [&[PageAct]; 5] = [
    &tower::choices::PAGE,
    &princess_dragon::choices::PAGE,
    &bridges_castles_bazaars::choices::PAGE,
    &hills_sheep::choices::PAGE,
    &count::choices::PAGE,
];

/// Every expansion's rule options (its toggles of ruleset files), listed
/// after the base game's in every report.
pub const OPTIONS: [&[crate::rules::table::Toggle]; 5] = [
    &[abbey_mayor::barn::PLACEMENT],
    &[
        princess_dragon::dragon::MOVE,
        princess_dragon::fairy::PLACEMENT,
        princess_dragon::princess::ACTION,
    ],
    &[bridges_castles_bazaars::bazaar::AUCTION],
    &[hills_sheep::HILL_TIEBREAKER],
    &[count::FINAL_SCORING, count::COUNT_MOVE],
];

/// Every expansion's `[points]` rows, listed after the base game's.
pub const RATES: [&[crate::rules::table::Row]; 5] = [
    &abbey_mayor::barn::RATES,
    &tower::RATES,
    &princess_dragon::fairy::RATES,
    &bridges_castles_bazaars::RATES,
    &hills_sheep::RATES,
];

/// Every toggle of a ruleset: the base game's and the expansions'.
pub fn toggles() -> impl Iterator<Item = &'static crate::rules::table::Toggle> {
    crate::rules::table::every_toggle(&OPTIONS)
}

/// The keys the expansions add to a record's turns, in the order a turn
/// takes and writes them.
const TURN_KEYS: [&'static dyn crate::record::Key; 14] = [
    &abbey_mayor::keys::WAGON,
    &tower::keys::TOWER,
    &tower::keys::CAPTURE,
    &tower::keys::RANSOM,
    &princess_dragon::keys::FAIRY,
    &princess_dragon::keys::PRINCESS,
    &princess_dragon::keys::DRAGON,
    &hills_sheep::keys::FLOCK,
    &count::keys::LEAVE,
    &count::keys::ENTER,
    &count::keys::COUNT,
    &bridges_castles_bazaars::keys::BRIDGE,
    &bridges_castles_bazaars::keys::CASTLE,
    &bridges_castles_bazaars::keys::BAZAAR,
];

/// The keys the expansions add to a snapshot, in the order they are read.
const SNAPSHOT_KEYS: [&'static dyn crate::record::SnapKey; 10] = [
    &traders_builders::keys::GOODS,
    &tower::keys::TOWERS,
    &tower::keys::PRISONERS,
    &princess_dragon::keys::DRAGON_AT,
    &princess_dragon::keys::FAIRY_AT,
    &bridges_castles_bazaars::keys::BRIDGES,
    &bridges_castles_bazaars::keys::CASTLES,
    &count::keys::QUARTERS,
    &count::keys::COUNT_AT,
    &count::keys::FINAL_LEAVE,
];

/// The keys the expansions add to records.
pub static RECORD_KEYS: crate::record::RecordKeys = crate::record::RecordKeys {
    turn: &TURN_KEYS,
    snapshot: &SNAPSHOT_KEYS,
};

/// A loader whose rulesets know the expansions' options and whose records
/// take their keys: what the commands read records with.
#[must_use]
pub fn loader() -> crate::loader::Loader {
    equip(crate::loader::Loader::default())
}

/// `loader`, knowing the expansions' options and record keys.
#[must_use]
pub fn equip(loader: crate::loader::Loader) -> crate::loader::Loader {
    loader
        .with_options(&OPTIONS)
        .with_rates(&RATES)
        .with_record_keys(&RECORD_KEYS)
}

/// Every expansion's choices.
pub const CHOICES: [&[Choice]; 5] = [
    &tower::choices::CHOICES,
    &princess_dragon::choices::CHOICES,
    &bridges_castles_bazaars::choices::CHOICES,
    &hills_sheep::choices::CHOICES,
    &count::choices::CHOICES,
];

/// How the choices of the record key `key` are worded.
#[must_use]
pub fn choice(key: &str) -> Option<&'static Choice> {
    CHOICES.iter().flat_map(|c| c.iter()).find(|c| c.key == key)
}

/// The followers a choice may take, in words: "blue's follower at (1,0) N".
#[must_use]
pub fn takes_words(
    takes: &[(
        crate::geometry::Pos,
        crate::record::Location,
        usize,
        crate::rules::Figure,
    )],
    names: &Names<'_>,
) -> Vec<String> {
    takes
        .iter()
        .map(|(p, l, o, f)| {
            format!(
                "{}'s {} at {p} {l}",
                names.players.get(*o).map_or("", String::as_str),
                names.figures.name(*f)
            )
        })
        .collect()
}

/// Every expansion's marks, in the order the board's key lists them.
pub const MARKS: [&[Mark]; 4] = [
    &princess_dragon::symbols::MARKS,
    &bridges_castles_bazaars::art::MARKS,
    &hills_sheep::art::MARKS,
    &count::art::MARKS,
];

/// The mark of the symbol `word`, if an expansion draws it.
#[must_use]
pub fn mark(word: &str) -> Option<(usize, &'static Mark)> {
    MARKS
        .iter()
        .flat_map(|m| m.iter())
        .enumerate()
        .find(|(_, m)| m.word == word)
}
