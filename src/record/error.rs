//! Everything that can make a game record unreadable.

use miette::{Diagnostic, SourceSpan};
use thiserror::Error;

/// A problem that keeps a record from being read (exit code 2).
#[derive(Debug, Error, Diagnostic)]
pub enum RecordError {
    /// A key a record does not have (every one is reported).
    #[error("unknown key `{key}`")]
    #[diagnostic(code(carca::record::yaml), help("{help}"))]
    UnknownKey {
        /// The key.
        key: String,
        /// The nearest known key, and all of them.
        help: String,
        /// Where.
        #[label("not a key here")]
        span: SourceSpan,
    },

    /// A value of the wrong kind (`final: yes`, `at: 1,0`); every one is
    /// reported.
    #[error("{message}")]
    #[diagnostic(code(carca::record::yaml), help("{help}"))]
    WrongValue {
        /// What is written where what goes.
        message: String,
        /// How to write it.
        help: String,
        /// Where.
        #[label("not a value here")]
        span: SourceSpan,
    },

    /// The YAML could not be read into a record.
    #[error("not a valid game record: {message}")]
    #[diagnostic(
        code(carca::record::yaml),
        help("see docs/records.md for the keys a record may have")
    )]
    Yaml {
        /// The parser's message.
        message: String,
        /// Where it stopped.
        #[label("here")]
        span: SourceSpan,
    },

    /// Text that no YAML reader takes, found before parsing so that every
    /// command reads a record the same way.
    #[error("not a valid game record: {problem}")]
    #[diagnostic(code(carca::record::yaml), help("{help}"))]
    Unreadable {
        /// What is wrong.
        problem: String,
        /// How to mend it.
        help: &'static str,
        /// Where.
        #[label("here")]
        span: SourceSpan,
    },

    /// No players, or a player named twice.
    #[error("{problem}")]
    #[diagnostic(
        code(carca::record::players),
        help("list the players in turn order, each once: `players: [red, blue]`")
    )]
    Players {
        /// What is wrong.
        problem: String,
        /// The list or the repeated name.
        #[label("here")]
        span: SourceSpan,
    },

    /// A name that is not one of the players.
    #[error("`{name}` is not one of the players")]
    #[diagnostic(
        code(carca::record::unknown_player),
        help("{suggestion}the players are {known}")
    )]
    UnknownPlayer {
        /// "did you mean …?", or nothing.
        suggestion: String,
        /// The name.
        name: String,
        /// The players.
        known: String,
        /// The name.
        #[label("unknown player")]
        span: SourceSpan,
    },

    /// Both or neither of `turns` and `board`.
    #[error("{problem}")]
    #[diagnostic(
        code(carca::record::form),
        help("a record is either a history (`turns:`) or a snapshot (`board:` and `meeples:`)")
    )]
    Form {
        /// What is wrong.
        problem: &'static str,
        /// The record.
        #[label("here")]
        span: SourceSpan,
    },

    /// A start tile or an opening set beside a start block.
    #[error("{problem}")]
    #[diagnostic(
        code(carca::record::start_block),
        help(
            "a start block lies on the board from the start: the record names no `start`, and no set played before all others goes with it"
        )
    )]
    StartBlock {
        /// What is wrong.
        problem: String,
        /// Where.
        #[label("here")]
        span: SourceSpan,
    },

    /// A value of an expansion's key that the key cannot take.
    #[error("{problem}")]
    #[diagnostic(code(carca::record::key), help("{help}"))]
    Key {
        /// What is wrong.
        problem: &'static str,
        /// How to put it right.
        help: &'static str,
        /// The value.
        #[label("here")]
        span: SourceSpan,
    },

    /// A `goods:` entry that names no trade good in play, or a count out of
    /// range.
    #[error("{problem}")]
    #[diagnostic(code(carca::record::goods), help("{help}"))]
    Goods {
        /// What is wrong.
        problem: String,
        /// How to put it right.
        help: String,
        /// The value.
        #[label("here")]
        span: SourceSpan,
    },

    /// A tile id no set in play has.
    #[error("no tile set in play has a tile `{id}`")]
    #[diagnostic(
        code(carca::record::unknown_tile),
        help("{suggestion}tiles in play: {known}")
    )]
    UnknownTile {
        /// "did you mean …?", or nothing.
        suggestion: String,
        /// The id.
        id: String,
        /// Some ids.
        known: String,
        /// The id.
        #[label("unknown tile")]
        span: SourceSpan,
    },

    /// A tile id that two sets in play define.
    #[error("tile `{id}` is in more than one set in play: {sets}")]
    #[diagnostic(
        code(carca::record::ambiguous_tile),
        help("name the set with the id: `{example}`")
    )]
    AmbiguousTile {
        /// The id.
        id: String,
        /// The sets that define it.
        sets: String,
        /// `SET/ID` for one of them.
        example: String,
        /// The id.
        #[label("which one?")]
        span: SourceSpan,
    },

    /// A rotation that is not a multiple of 90.
    #[error("rotation {value} is not one of 0, 90, 180, 270")]
    #[diagnostic(
        code(carca::record::rotation),
        help("`rot` is clockwise degrees: 0, 90, 180 or 270")
    )]
    Rotation {
        /// The value.
        value: i64,
        /// The value.
        #[label("not a rotation")]
        span: SourceSpan,
    },

    /// Coordinates that are not two integers in range.
    #[error("a position is two integers [x, y] between -{limit} and {limit}")]
    #[diagnostic(
        code(carca::record::position),
        help("x grows east, y grows north: `at: [1, -2]`")
    )]
    Position {
        /// The coordinate limit.
        limit: i64,
        /// The value.
        #[label("not a position")]
        span: SourceSpan,
    },

    /// A follower location that is not a location.
    #[error("`{text}` is not a follower location")]
    #[diagnostic(
        code(carca::record::location),
        help(
            "locations are N E S W (road or city), NNE ENE ESE SSE SSW WSW WNW NNW (field), NE SE SW NW (field at a corner), C (cloister) or #name"
        )
    )]
    Location {
        /// The text.
        text: String,
        /// The value.
        #[label("unknown location")]
        span: SourceSpan,
    },

    /// A location that names no spot of the turn's tile as it lies: what
    /// the referee reports of a record it plays, said while reading one
    /// that cannot be played for other problems, so that one run shows
    /// them all.
    #[error("{message}")]
    #[diagnostic(code(carca::record::location_nothing), help("{help}"))]
    NoSuchSpot {
        /// What is wrong.
        message: String,
        /// The spots of the tile.
        help: String,
        /// The location.
        #[label("names nothing here")]
        span: SourceSpan,
    },

    /// A figure carca does not know or does not adjudicate.
    #[error("unknown figure `{name}`")]
    #[diagnostic(code(carca::record::figure), help("{help}"))]
    Figure {
        /// The name.
        name: String,
        /// The figures carca knows.
        help: String,
        /// The value.
        #[label("not a figure carca adjudicates")]
        span: SourceSpan,
    },

    /// A turn that is neither a placement nor a discard.
    #[error("{problem}")]
    #[diagnostic(
        code(carca::record::turn),
        help(
            "a turn is `{{ tile: ID, at: [x, y], rot: R, meeple: LOC }}` or `{{ discard: ID }}`, each with an optional `player`"
        )
    )]
    Turn {
        /// What is wrong.
        problem: &'static str,
        /// The turn.
        #[label("this turn")]
        span: SourceSpan,
    },

    /// A turn with two actions (`meeple:` and `tower:`).
    #[error("this turn takes two actions, `{first}` and `{second}`")]
    #[diagnostic(
        code(carca::record::two_actions),
        help(
            "after placing its tile a turn takes one action: deploy a figure (`meeple:`) or put a tower piece (`tower:`); a record cannot say which of the two happened"
        )
    )]
    TwoActions {
        /// The first action's key.
        first: &'static str,
        /// The second action's key.
        second: &'static str,
        /// The second action.
        #[label("a second action")]
        span: SourceSpan,
    },

    /// A tile set named by the record could not be loaded.
    #[error("tile set `{name}` could not be loaded")]
    #[diagnostic(code(carca::record::tileset))]
    Tileset {
        /// The name or path.
        name: String,
        /// The built-in sets, and where paths lead.
        #[help]
        help: String,
        /// The name.
        #[label("this tile set")]
        span: SourceSpan,
    },

    /// The list of tile sets is empty or names a set twice.
    #[error("{problem}")]
    #[diagnostic(
        code(carca::record::tilesets),
        help(
            "list each tile set in play once, e.g. `tilesets: [base, river]`; leave the key out to play the base game"
        )
    )]
    TilesetList {
        /// What is wrong.
        problem: String,
        /// The list or the repeated name.
        #[label("here")]
        span: SourceSpan,
    },

    /// Two tile sets in play declare a modifier or a figure of the same
    /// name differently.
    #[error("tile sets `{first}` and `{second}` both declare the {what} `{name}`, differently")]
    #[diagnostic(
        code(carca::record::modifier_conflict),
        help(
            "a {what}'s name means one thing in a game: rename it in one of the sets, or declare it the same way in both"
        )
    )]
    ModifierConflict {
        /// What is declared twice: `modifier` or `figure`.
        what: &'static str,
        /// The name.
        name: String,
        /// The set that declared it first.
        first: String,
        /// The set that declares it again.
        second: String,
        /// The list of tile sets.
        #[label("these tile sets")]
        span: SourceSpan,
    },

    /// The record's ruleset could not be loaded.
    #[error("ruleset `{name}` could not be loaded")]
    #[diagnostic(
        code(carca::record::rules),
        help(
            "built-in rulesets are modern, first-edition, second-edition, hig-faq-2007, all-or-nothing, tournament; paths are relative to the record"
        )
    )]
    Rules {
        /// The name or path.
        name: String,
        /// The name.
        #[label("this ruleset")]
        span: SourceSpan,
    },

    /// No start tile and none could be chosen.
    #[error("no start tile: the tile sets in play have none")]
    #[diagnostic(
        code(carca::record::no_start),
        help("write `start: {{ tile: ID, at: [0, 0] }}`")
    )]
    NoStart {
        /// The tile sets.
        #[label("these sets have no start tile")]
        span: SourceSpan,
    },

    /// A supply scale out of range.
    #[error("`supply_scale` is {value}; it must be between 1 and {max}")]
    #[diagnostic(
        code(carca::record::supply_scale),
        help(
            "`supply_scale: N` plays with N copies of every tile (per-player tiles too; a start block such as the City of Carcassonne lies once)"
        )
    )]
    SupplyScale {
        /// The value.
        value: i64,
        /// The largest allowed.
        max: i64,
        /// The value.
        #[label("out of range")]
        span: SourceSpan,
    },

    /// Points beyond what every JSON reader keeps exactly.
    #[error("{value} points is beyond ±{max}")]
    #[diagnostic(
        code(carca::record::points),
        help(
            "points are whole numbers from -{max} to {max}, which every JSON reader (the page's too) keeps exactly"
        )
    )]
    Points {
        /// The value.
        value: i64,
        /// The largest allowed.
        max: i64,
        /// The value.
        #[label("out of range")]
        span: SourceSpan,
    },

    /// More than carca handles.
    #[error("the record has {value} {what}; carca accepts at most {limit}")]
    #[diagnostic(code(carca::record::too_large), help("split the record"))]
    TooLarge {
        /// What is counted.
        what: &'static str,
        /// How many.
        value: usize,
        /// The limit.
        limit: usize,
        /// The list.
        #[label("too many")]
        span: SourceSpan,
    },
}
