//! The validated record: its turns or its board, its players, ruleset,
//! claims and expectations, every value with its span in the file.

use super::Location;
use crate::geometry::Pos;
use crate::geometry::Rotation;
use crate::rules::Figure;
use crate::source::SourceFile;
use crate::tileset::Catalog;
use miette::SourceSpan;
use std::path::Path;
use std::path::PathBuf;
use std::sync::Arc;

pub use crate::geometry::MAX_COORD;
/// The name of an inline ruleset that gives none.
pub const INLINE_RULESET: &str = "record";
/// Most players in one game.
pub const MAX_PLAYERS: usize = 64;
/// Largest `supply_scale`.
pub const MAX_SUPPLY_SCALE: i64 = 100_000;
/// Most turns (or board tiles) in one record.
pub const MAX_TURNS: usize = 2_000_000;

/// Where something is written in a record: a byte offset and a length, in
/// 8 bytes (a [`SourceSpan`] takes 16), since a record keeps several for
/// every turn and a game may have a million turns. A file of more than
/// 4 GiB, which carca does not read, would have its positions cut short.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Span {
    offset: u32,
    len: u32,
}

impl From<SourceSpan> for Span {
    fn from(s: SourceSpan) -> Span {
        let cut = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
        Span {
            offset: cut(s.offset()),
            len: cut(s.len()),
        }
    }
}

impl From<Span> for SourceSpan {
    fn from(s: Span) -> SourceSpan {
        SourceSpan::from((s.offset as usize, s.len as usize))
    }
}

/// A tile put on the board.
#[derive(Debug, Clone)]
pub struct Placement {
    /// Index into the catalog (4 bytes, as a record holds a placement for
    /// every tile; [`Placement::tile`] gives it as an index).
    pub tile_index: u32,
    /// The tile id in the file.
    pub tile_span: Span,
    /// Where.
    pub at: Pos,
    /// The position in the file.
    pub at_span: Span,
    /// Clockwise rotation.
    pub rot: Rotation,
    /// The whole entry.
    pub span: Span,
}

impl Placement {
    /// `tile` placed at `at` turned by `rot`, written nowhere (a placement
    /// chosen, not read).
    #[must_use]
    pub fn at(tile: usize, at: Pos, rot: Rotation) -> Placement {
        Placement {
            tile_index: Placement::index(tile),
            tile_span: Span::default(),
            at,
            at_span: Span::default(),
            rot,
            span: Span::default(),
        }
    }

    /// A catalog index as a placement keeps it: a catalog holds far fewer
    /// tile types than a `u32` counts.
    #[must_use]
    pub fn index(tile: usize) -> u32 {
        u32::try_from(tile).unwrap_or(u32::MAX)
    }

    /// Its tile's index into the catalog.
    #[must_use]
    pub fn tile(&self) -> usize {
        self.tile_index as usize
    }
}

/// A figure deployed on the tile just placed, or (`meeple: { at, spot }`)
/// at a place on another tile: the top of a tower.
#[derive(Debug, Clone)]
pub struct Deploy {
    /// Where on the tile.
    pub location: Location,
    /// The location in the file.
    pub span: SourceSpan,
    /// Which figure.
    pub figure: Figure,
    /// The tile, when the record names one (`meeple: { at, spot }`).
    pub at: Option<(Pos, SourceSpan)>,
}

/// A figure that came home in a turn's scoring moving on at once (the
/// wagon, `wagon:`): whose, from which tile, and to which spot.
#[derive(Debug, Clone)]
pub struct FigureMove {
    /// Which figure moves: the one its key names.
    pub figure: Figure,
    /// Its owner, when the record names one (the player of the turn
    /// otherwise).
    pub player: Option<(usize, SourceSpan)>,
    /// The tile it stood on, when the record names it (`from:`).
    pub from: Option<(Pos, SourceSpan)>,
    /// The tile it moves to.
    pub at: Pos,
    /// That position in the file.
    pub at_span: SourceSpan,
    /// Where on that tile.
    pub spot: Location,
    /// The spot in the file.
    pub spot_span: SourceSpan,
    /// The whole entry.
    pub span: SourceSpan,
}

/// The figure a `figure:` value names among the figures in play.
pub(crate) fn figure_of(word: &str, catalog: &Catalog) -> Option<Figure> {
    catalog.figures.find(word.trim())
}

/// What a turn did with its tile.
#[derive(Debug, Clone)]
pub enum Action {
    /// Placed a tile.
    Place {
        /// The tile.
        placement: Placement,
    },
    /// Said a drawn tile fitted nowhere.
    Discard {
        /// The tile.
        tile: usize,
        /// The id in the file.
        span: Span,
    },
}

/// One thing a turn does besides placing its tile, as its record entry
/// says. The turn machine takes each in the phase it belongs to: a
/// deployment (`meeple:`) is the base game's; every other act is made by
/// an expansion's record key ([`TurnKey`](crate::record::TurnKey)) and
/// read by its mechanic.
#[derive(Debug, Clone)]
pub enum Act {
    /// A figure deployed (`meeple:` with `figure:`): the turn's action.
    Deploy(Deploy),
    /// What an expansion's record key says.
    Keyed(Keyed),
}

/// What an expansion's record key says a turn does: a value of the
/// expansion's own type.
#[derive(Debug)]
pub struct Keyed(Box<dyn ActValue>);

impl Clone for Keyed {
    fn clone(&self) -> Keyed {
        self.0.cloned()
    }
}

impl Keyed {
    /// An act of an expansion's type.
    pub fn new(value: impl ActValue) -> Keyed {
        Keyed(Box::new(value))
    }

    /// Its value, when it is of type `T`.
    #[must_use]
    pub fn get<T: ActValue>(&self) -> Option<&T> {
        let any: &dyn std::any::Any = &*self.0;
        any.downcast_ref::<T>()
    }

    /// Its value.
    #[must_use]
    pub fn value(&self) -> &dyn ActValue {
        &*self.0
    }
}

/// The value of an act an expansion's record key makes: what the generic
/// layers ask of it (its key, where it is written, its place in the turn,
/// how it moves with the board, how it is written back).
pub trait ActValue: std::any::Any + std::fmt::Debug + Send + Sync + CloneAct {
    /// The record key that writes it.
    fn key(&self) -> &'static dyn crate::record::Key;
    /// Where it is written.
    fn span(&self) -> SourceSpan;
    /// Whether it is the turn's one action (RULES: a turn takes at most
    /// one), rather than something that comes with any action.
    fn is_action(&self) -> bool {
        false
    }
    /// Whether a phase after the deployment takes it (the move phase
    /// before the scoring, the scored phase after it), rather than the act
    /// or deploy phase.
    fn after_deployment(&self) -> bool {
        false
    }
    /// The figure it moves on after the turn's scoring, when it is such a
    /// move (which the referee checks against the figures that came home).
    fn figure_move(&self) -> Option<&FigureMove> {
        None
    }
    /// The act on a board whose positions move by `spot` and whose
    /// locations turn by `turn`.
    fn moved(&self, spot: &dyn Fn(Pos) -> Pos, turn: &dyn Fn(&Location) -> Location) -> Keyed;
    /// Writes it under its key (`names`: the players'; `word`: a figure's
    /// word).
    fn write(
        &self,
        out: &mut crate::record::written::WrittenKeys,
        names: &[String],
        word: &dyn Fn(Figure) -> String,
    );
}

/// A copy of an act's value: every `ActValue` that is `Clone` has it.
pub trait CloneAct {
    /// A copy.
    fn cloned(&self) -> Keyed;
}

impl<T: ActValue + Clone> CloneAct for T {
    fn cloned(&self) -> Keyed {
        Keyed::new(self.clone())
    }
}

impl Act {
    /// Whether it is the turn's one action (RULES: a turn takes at most
    /// one), rather than something that comes with any action.
    #[must_use]
    pub fn is_action(&self) -> bool {
        match self {
            Act::Deploy(_) => true,
            Act::Keyed(k) => k.0.is_action(),
        }
    }

    /// Whether a phase after the deployment takes it (the move phase
    /// before the scoring, the scored phase after it), rather than the act
    /// or deploy phase.
    #[must_use]
    pub fn after_deployment(&self) -> bool {
        match self {
            Act::Deploy(_) => false,
            Act::Keyed(k) => k.0.after_deployment(),
        }
    }

    /// The figure it moves on after the turn's scoring, when it is such a
    /// move.
    #[must_use]
    pub fn figure_move(&self) -> Option<&FigureMove> {
        match self {
            Act::Deploy(_) => None,
            Act::Keyed(k) => k.0.figure_move(),
        }
    }

    /// Its value, when it is an expansion's act of type `T`.
    #[must_use]
    pub fn get<T: ActValue>(&self) -> Option<&T> {
        match self {
            Act::Deploy(_) => None,
            Act::Keyed(k) => k.get(),
        }
    }

    /// The act on a board whose positions move by `spot` and whose
    /// locations turn by `turn` (the same game, moved and turned).
    #[must_use]
    pub fn moved(&self, spot: &dyn Fn(Pos) -> Pos, turn: &dyn Fn(&Location) -> Location) -> Act {
        match self {
            Act::Deploy(d) => {
                let mut d = d.clone();
                d.at = d.at.map(|(p, s)| (spot(p), s));
                d.location = turn(&d.location);
                Act::Deploy(d)
            }
            Act::Keyed(k) => Act::Keyed(k.0.moved(spot, turn)),
        }
    }

    /// The record key that writes it.
    #[must_use]
    pub fn key(&self) -> &'static str {
        match self {
            Act::Deploy(_) => DEPLOY_KEY,
            Act::Keyed(k) => k.0.key().name(),
        }
    }

    /// Where it is written.
    #[must_use]
    pub fn span(&self) -> SourceSpan {
        match self {
            Act::Deploy(d) => d.span,
            Act::Keyed(k) => k.0.span(),
        }
    }
}

/// The record key of a deployment.
pub const DEPLOY_KEY: &str = "meeple";

/// One entry of `turns`.
#[derive(Debug, Clone)]
pub struct Turn {
    /// 1-based position in `turns`.
    pub number: usize,
    /// The whole entry.
    pub span: Span,
    /// The player the record names, if any (an index of the players).
    pub player: Option<(u32, Span)>,
    /// What happened to the tile.
    pub action: Action,
    /// What else the turn did, in the order written: at most one action
    /// (a deployment), and moves after the scoring.
    pub acts: Acts,
}

/// The acts of a turn, as a list (`&[Act]`) kept in one word: most turns
/// have none, and a record holds a turn for every tile.
#[derive(Debug, Clone, Default)]
// A boxed list is one word (a boxed slice is two); the extra allocation is
// made only for the few turns that have acts.
#[allow(clippy::box_collection)]
pub struct Acts(Option<Box<Vec<Act>>>);

impl From<Vec<Act>> for Acts {
    fn from(acts: Vec<Act>) -> Acts {
        Acts((!acts.is_empty()).then(|| Box::new(acts)))
    }
}

impl std::ops::Deref for Acts {
    type Target = [Act];
    fn deref(&self) -> &[Act] {
        self.0.as_deref().map_or(&[], Vec::as_slice)
    }
}

impl Turn {
    /// The player the record names, if any: an index of the players, and
    /// where the name is written.
    #[must_use]
    pub fn player(&self) -> Option<(usize, SourceSpan)> {
        self.player.map(|(p, span)| (p as usize, span.into()))
    }

    /// The figure the turn deploys, if any.
    #[must_use]
    pub fn deploy(&self) -> Option<&Deploy> {
        self.acts.iter().find_map(|a| match a {
            Act::Deploy(d) => Some(d),
            Act::Keyed(_) => None,
        })
    }

    /// The figures moving on after the turn's scoring, in the order
    /// written.
    pub fn moves(&self) -> impl Iterator<Item = &FigureMove> {
        self.acts.iter().filter_map(Act::figure_move)
    }
}

/// A follower on the table in a snapshot.
#[derive(Debug, Clone)]
pub struct Meeple {
    /// Its owner.
    pub player: usize,
    /// Where its tile lies.
    pub at: Pos,
    /// The position in the file.
    pub at_span: SourceSpan,
    /// Where on the tile.
    pub spot: Location,
    /// The spot in the file.
    pub spot_span: SourceSpan,
    /// Which figure.
    pub figure: Figure,
    /// The whole entry.
    pub span: SourceSpan,
}

/// History or snapshot.
#[derive(Debug, Clone)]
pub enum Body {
    /// The turns in order.
    History(Vec<Turn>),
    /// The position on the table.
    Snapshot {
        /// Every tile on the table.
        board: Vec<Placement>,
        /// Every follower on the table.
        meeples: Vec<Meeple>,
    },
}

/// Points per player written in the record, with their spans.
#[derive(Debug, Clone)]
pub struct Totals {
    /// (player index, points, span of the value).
    pub points: Vec<(usize, i64, SourceSpan)>,
    /// The whole map.
    pub span: SourceSpan,
}

/// One ruleset's block of `expect`.
#[derive(Debug, Clone)]
pub struct Expectation {
    /// The ruleset as named.
    pub ruleset: String,
    /// Its key.
    pub span: SourceSpan,
    /// The expected totals.
    pub totals: Totals,
    /// What the ruleset is ([`Record::ruleset_identity`]), worked out once
    /// when the record is read.
    pub identity: String,
}

/// A validated record.
#[derive(Debug, Clone)]
pub struct Record {
    /// The file.
    pub source: SourceFile,
    /// Its folder, for relative paths.
    pub dir: PathBuf,
    /// A line about the game.
    pub description: Option<String>,
    /// The tiles in play (shared between records that use the same built-in sets).
    pub catalog: Arc<Catalog>,
    /// The ruleset the record names, with its span.
    pub rules: Option<(String, SourceSpan)>,
    /// A ruleset written in the record itself (`ruleset:`).
    pub inline_rules: Option<crate::rules::Draft>,
    /// Every tile count is multiplied by this (`supply_scale`, default 1).
    pub supply_scale: u32,
    /// Players in turn order.
    pub players: Vec<String>,
    /// The start tile.
    pub start: Placement,
    /// History or snapshot.
    pub body: Body,
    /// `final: true`.
    pub declared_final: bool,
    /// `final: false`: for a snapshot, a game still in progress.
    pub declared_open: bool,
    /// What the players wrote down.
    pub claims: Option<Totals>,
    /// Expected totals per ruleset.
    pub expect: Vec<Expectation>,
    /// Read the quick way ([`parse_fast`](crate::record::parse_fast)),
    /// without spans: a finding about it must be made again from a record
    /// read with [`parse`](crate::record::parse).
    pub read_quickly: bool,
    /// What a snapshot's expansion keys say (each key's state, which its
    /// mechanic restores).
    pub snapshot: crate::record::SnapshotState,
}

/// What a snapshot says each player holds of the modifiers' tokens:
/// (player, index in the catalog's modifiers, count). The referee gives
/// the players these before the board is laid.
#[derive(Debug, Clone, Default)]
pub struct Holdings(pub Vec<(usize, usize, u32)>);

impl Record {
    /// The record of a game being played now, with no turn written yet
    /// (the generator's, whose turns the referee walks as they are
    /// chosen): its tiles, its players and its start tile.
    #[must_use]
    pub(crate) fn playing(catalog: Arc<Catalog>, players: Vec<String>, start: usize) -> Record {
        Record {
            source: SourceFile::new("", ""),
            dir: PathBuf::new(),
            description: None,
            catalog,
            rules: None,
            inline_rules: None,
            supply_scale: 1,
            players,
            start: Placement::at(start, Pos::new(0, 0), Rotation::R0),
            body: Body::History(Vec::new()),
            declared_final: false,
            declared_open: false,
            claims: None,
            expect: Vec::new(),
            read_quickly: false,
            snapshot: crate::record::SnapshotState::default(),
        }
    }
    /// How the record names its own ruleset: the `rules:` value, the inline
    /// ruleset's name, or `modern`.
    #[must_use]
    pub fn rules_name(&self) -> &str {
        match (&self.rules, &self.inline_rules) {
            (Some((n, _)), _) => n.as_str(),
            (None, Some(d)) => d
                .entries
                .iter()
                .find_map(|e| match (&*e.key, &e.value) {
                    ("name", crate::rules::Value::Str(n)) => Some(n.as_str()),
                    _ => None,
                })
                .unwrap_or(INLINE_RULESET),
            (None, None) => "modern",
        }
    }

    /// What a ruleset spec names, however it is spelled: the record's inline
    /// ruleset (by its name), a built-in ruleset (by its name), or a file
    /// (by its canonical path, the spec being relative to `base`). Rulesets
    /// are told apart by this, never by the name they display, so that a
    /// file `house/first-edition.toml` is not the built-in `first-edition`.
    #[must_use]
    pub fn ruleset_identity(&self, spec: &str, base: &Path) -> String {
        if self.inline_rules.is_some() && spec == self.rules_name() {
            return format!("record:{spec}");
        }
        crate::rules::identity(spec, base)
    }

    /// The identity of the record's own ruleset.
    #[must_use]
    pub fn own_ruleset_identity(&self) -> String {
        self.ruleset_identity(self.rules_name(), &self.dir)
    }
}
