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
pub mod gone;
pub mod inns_cathedrals;
pub mod princess_dragon;
pub mod river;
pub mod tower;
pub mod traders_builders;

use crate::engine::registry::{BuildScoring, BuildTurn, Registry};

/// The turn mechanics, in the order their hooks are asked.
const TURN: [BuildTurn; 10] = [
    river::mechanic,
    traders_builders::builders,
    abbey::mechanic,
    abbey_mayor::wagon::mechanic,
    abbey_mayor::barn::mechanic,
    tower::mechanic,
    princess_dragon::princess::mechanic,
    princess_dragon::fairy::mechanic,
    princess_dragon::princess::portal,
    princess_dragon::dragon::mechanic,
];

/// The scoring hooks, in the order they are asked.
const SCORING: [BuildScoring; 4] = [
    traders_builders::goods,
    traders_builders::pigs,
    abbey_mayor::barn::scoring,
    princess_dragon::fairy::scoring,
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
pub const NOTES: [Notes; 2] = [
    Notes {
        heading: tower::notes::HEADING,
        schema: tower::notes::schema,
    },
    Notes {
        heading: princess_dragon::notes::HEADING,
        schema: princess_dragon::notes::schema,
    },
];

/// The section of RULES.md that gives the rules of each built-in tile
/// set's expansion (the base game's are §1 to §7), by which the rules test
/// suite tags its cases and mixes its generated games.
pub const RULES_SECTIONS: [(&str, &str); 7] = [
    ("river", "§9"),
    ("abbey", "§8"),
    ("inns-cathedrals", "§11"),
    ("traders-builders", "§12"),
    ("abbey-mayor", "§13"),
    ("tower", "§15"),
    ("princess-dragon", "§14"),
];

/// What the expansions bring to reading a JCloisterZone save: their
/// mechanics, and a reader of each one's messages.
pub static JCZ: crate::jcz::Expansions = crate::jcz::Expansions {
    registry: &ALL,
    messages: &[
        abbey_mayor::jcz::messages,
        tower::jcz::messages,
        princess_dragon::jcz::messages,
    ],
    setups: &[
        river::jcz::SETUP,
        abbey::jcz::SETUP,
        inns_cathedrals::JCZ_SETUP,
        traders_builders::jcz::SETUP,
        abbey_mayor::jcz::SETUP,
        tower::jcz::SETUP,
        princess_dragon::jcz::SETUP,
    ],
};

/// Every expansion carca plays: what the referee, `carca moves`, the page
/// and the generator hand the engine.
pub static ALL: Registry = Registry {
    turn: &TURN,
    scoring: &SCORING,
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

/// Every expansion's choices.
pub const CHOICES: [&[Choice]; 2] = [&tower::choices::CHOICES, &princess_dragon::choices::CHOICES];

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
pub const MARKS: [&[Mark]; 1] = [&princess_dragon::symbols::MARKS];

/// The mark of the symbol `word`, if an expansion draws it.
#[must_use]
pub fn mark(word: &str) -> Option<(usize, &'static Mark)> {
    MARKS
        .iter()
        .flat_map(|m| m.iter())
        .enumerate()
        .find(|(_, m)| m.word == word)
}
