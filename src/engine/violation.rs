//! Rule violations and mismatches found while adjudicating a record, as
//! data: what was broken, the values involved, and the place in the record
//! that breaks it. The words, codes and help lines of the engine's own
//! rules are made in `report::violation`; a rule an expansion adds is its
//! own [`Problem`], which brings its code and words with it.

use std::any::Any;
use std::fmt;

use miette::SourceSpan;

use super::event::{FeatureName, Phase};
use crate::diagnostic::Class;
use crate::geometry::{Edge, Pos, Rotation};
use crate::record::Location;
use crate::tileset::{EdgeKind, FeatureKind};

/// A rule the record breaks, a total that differs (exit code 1), or a
/// follower's location that names nothing (exit code 2).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    /// What is wrong.
    pub kind: ViolationKind,
    /// The value in the record that is wrong.
    pub span: SourceSpan,
    /// The turn order carca inferred before it, when the record names no
    /// player: the last entry given to a player as their builder's second
    /// turn, and that player. A record that forgot such a turn breaks rules
    /// from there on for that reason.
    pub inferred: Option<(usize, String)>,
}

impl Violation {
    /// The finding that reports it in `src`, its class set by its kind.
    #[must_use]
    pub fn finding(self, src: &crate::source::SourceFile) -> crate::diagnostic::Finding {
        crate::diagnostic::Finding::new(self.kind.class(), src, self)
    }
}

/// What a violation says: its message, its help line and the label at the
/// value in the record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Wording {
    /// What happened, and what carca did about it.
    pub message: String,
    /// What the rule is, or how to write the record.
    pub help: String,
    /// A few words at the value.
    pub label: String,
}

impl Wording {
    /// A message, its help line and its label.
    #[must_use]
    pub fn new(message: String, help: &str, label: &str) -> Wording {
        Wording {
            message,
            help: help.to_string(),
            label: label.to_string(),
        }
    }
}

/// A rule an expansion adds, broken as the record says: the expansion's
/// own data, which knows its stable code and its words, so that a new rule
/// needs no variant of [`ViolationKind`] and no words in the reports.
pub trait Problem: fmt::Debug + Send + Sync + 'static {
    /// Its stable code (`carca::rules::…`).
    fn code(&self) -> &'static str;
    /// Its message, help line and label.
    fn wording(&self) -> Wording;
    /// What it means for the exit code: a broken rule unless said
    /// otherwise (an ambiguous record is unreadable: [`Class::Input`]).
    fn class(&self) -> Class {
        Class::Defect
    }
}

/// Why an expansion's act does not happen as the record says: its words
/// for the player whose act it is and the act's key, and its stable code.
pub trait Why: fmt::Debug + Clone + PartialEq + Send + Sync + 'static {
    /// The stable code and the words.
    fn words(&self, player: &str, act: &str) -> (&'static str, Wording);
    /// What it means for the exit code (an ambiguous act is unreadable).
    fn class(&self) -> Class {
        Class::Defect
    }
}

/// An act of an expansion (a key of a turn) that does not happen as the
/// record says: a [`Problem`] made of the player, the act and its [`Why`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refused<W> {
    /// The player whose act it is (empty when the record names nobody).
    pub player: String,
    /// What the record does: the key of the act.
    pub act: &'static str,
    /// Why it does not happen.
    pub why: W,
}

impl<W: Why> Problem for Refused<W> {
    fn code(&self) -> &'static str {
        self.why.words(&self.player, self.act).0
    }

    fn wording(&self) -> Wording {
        self.why.words(&self.player, self.act).1
    }

    fn class(&self) -> Class {
        self.why.class()
    }
}

/// A [`Problem`] held as a violation's data: compared, cloned, and found
/// again as its own type ([`Broken::get`]).
pub struct Broken(Box<dyn Held>);

/// What [`Broken`] asks of a problem beyond [`Problem`].
trait Held: Problem {
    fn any(&self) -> &dyn Any;
    fn boxed(&self) -> Box<dyn Held>;
    fn same(&self, other: &dyn Held) -> bool;
}

impl<T: Problem + Clone + PartialEq> Held for T {
    fn any(&self) -> &dyn Any {
        self
    }
    fn boxed(&self) -> Box<dyn Held> {
        Box::new(self.clone())
    }
    fn same(&self, other: &dyn Held) -> bool {
        other.any().downcast_ref::<T>() == Some(self)
    }
}

impl Broken {
    /// Holds `problem`.
    pub fn new<T: Problem + Clone + PartialEq>(problem: T) -> Broken {
        Broken(Box::new(problem))
    }

    /// The problem, if it is a `T`.
    #[must_use]
    pub fn get<T: Problem>(&self) -> Option<&T> {
        self.0.any().downcast_ref()
    }

    /// The problem.
    #[must_use]
    pub fn problem(&self) -> &dyn Problem {
        self.0.as_ref()
    }
}

impl Clone for Broken {
    fn clone(&self) -> Broken {
        Broken(self.0.boxed())
    }
}

impl PartialEq for Broken {
    fn eq(&self, other: &Broken) -> bool {
        self.0.same(other.0.as_ref())
    }
}

impl Eq for Broken {}

impl fmt::Debug for Broken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// When a tile already on a position was placed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlacedWhen {
    /// It is the start tile.
    Start,
    /// On this turn.
    Turn(usize),
}

/// Why a turn after the end of the game is out of place.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AfterTheEnd {
    /// The final round (of the abbeys) is over.
    RoundOver,
    /// Only a player's own tiles (abbeys) may follow the last land tile, in
    /// the final round.
    OnlyOwnTiles,
    /// The ruleset has no final round.
    NoFinalRound,
}

/// Why the turn's figure may not go to another tile.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Elsewhere {
    /// The tile just placed lets no figure go to another tile (it shows
    /// no magic portal).
    NotOffered,
    /// Only followers go to another tile (not a builder, pig or barn).
    NotFollower,
    /// The feature there is finished.
    Finished,
}

/// Why a figure may not stand on a corner point.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CornerProblem {
    /// Fewer than four tiles meet there: the empty squares.
    Missing(Vec<Pos>),
    /// A tile's quarter there is not one field (a city reaches the corner,
    /// two fields share it, or the tile has no field).
    NotField(Pos),
    /// A figure stands on the point already.
    Taken,
}

/// Why a figure may not move on after a scoring.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveProblem {
    /// None of the player's came home in this turn's scoring.
    NotHome,
    /// The player's (every one that came home) has been moved or refused
    /// already in this turn.
    Again,
    /// None of the player's came home from that tile.
    NotFrom(Pos),
    /// Several of the player's came home: `from:` must say which.
    WhichOne(Vec<Pos>),
    /// Another player decides first (clockwise from the player of the
    /// turn).
    OutOfOrder {
        /// The player who moves before.
        before: String,
    },
    /// No tile lies there.
    NoTile(Pos),
    /// The spot is not on its tile or one of the eight around it.
    TooFar {
        /// The tile it stood on.
        from: Pos,
        /// The tile named.
        to: Pos,
    },
    /// The figure never stands on this kind of feature.
    WrongFeature {
        /// The feature's kind.
        kind: FeatureKind,
        /// Where it may stand.
        stands: Vec<FeatureKind>,
    },
    /// The feature is finished.
    Finished(FeatureKind),
    /// The feature holds a figure.
    Occupied(FeatureKind),
}

/// Where a player's points come from: each scoring that paid them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PointsFrom {
    /// The player's name.
    pub player: String,
    /// Their total.
    pub total: i64,
    /// Each scoring that paid them: what, when, how much.
    pub scorings: Vec<(FeatureName, Phase, i64)>,
    /// The game is still in progress (the record neither runs out of
    /// tiles nor says `final: true`): their total if final scoring came
    /// now.
    pub in_progress: Option<i64>,
}

/// The kinds of violation, with their data.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ViolationKind {
    /// A turn played by the wrong player.
    TurnOrder {
        /// Entry number.
        turn: usize,
        /// Whose turn it was.
        expected: String,
        /// Who the record says.
        got: String,
    },
    /// A tile placed on an occupied position.
    OccupiedPosition {
        /// The position.
        pos: Pos,
        /// The tile there.
        id: String,
        /// When it was placed, when known.
        placed: Option<PlacedWhen>,
    },
    /// A tile touching no tile along an edge.
    NoContact {
        /// The tile.
        id: String,
        /// The position.
        pos: Pos,
        /// It touches a tile at a corner.
        corner: bool,
    },
    /// An edge that does not match its neighbour.
    EdgeMismatch {
        /// The new tile.
        id: String,
        /// Where it was put.
        pos: Pos,
        /// Its edge (board orientation).
        edge: Edge,
        /// What that edge shows.
        ours: EdgeKind,
        /// The neighbour's tile id.
        neighbour: String,
        /// The neighbour's position.
        at: Pos,
        /// What the neighbour's edge shows.
        theirs: EdgeKind,
        /// The rotations of the tile that would fit there.
        fits: Vec<Rotation>,
    },
    /// A hole-only tile placed where a neighbour is missing.
    NotAHole {
        /// The tile.
        id: String,
        /// The position.
        pos: Pos,
        /// The sides with no neighbour.
        empty: Vec<Edge>,
    },
    /// No tile of that type left.
    Supply {
        /// The tile.
        id: String,
        /// How many the sets hold.
        count: u32,
        /// The start tile is one of them.
        start: bool,
    },
    /// A player without an abbey placing one.
    NoOwnTile {
        /// The player.
        player: String,
        /// The tile.
        id: String,
        /// How many each player has.
        count: u32,
    },
    /// A discarded tile that fitted somewhere.
    DiscardFits {
        /// The tile.
        id: String,
        /// Every place it fits.
        fits: Vec<(Pos, Rotation)>,
    },
    /// A follower deployed with none in supply.
    NoFollower {
        /// The player.
        player: String,
    },
    /// A special figure the player does not have (any more).
    NoFigure {
        /// The player.
        player: String,
        /// The figure's word.
        figure: String,
        /// How many each player has.
        count: u32,
    },
    /// A figure that came home in a turn's scoring may not move on as the
    /// record says (the wagon): it stays in its owner's supply.
    MoveRefused {
        /// Its owner.
        player: String,
        /// The figure's word.
        figure: String,
        /// Why.
        why: MoveProblem,
    },
    /// A rule an expansion adds, broken: its data, code and words are the
    /// expansion's.
    Mechanic(Broken),
    /// A figure deployed on another tile than the one just placed (through
    /// a magic portal) where it may not go: not a follower, or a finished
    /// feature.
    ElsewhereRefused {
        /// The player of the turn.
        player: String,
        /// The figure's word.
        figure: String,
        /// The tile named.
        at: Pos,
        /// Why not.
        why: Elsewhere,
    },
    /// A record key that nothing in the game takes (no tile set in play
    /// brings its rule): what it says does not happen.
    NotInPlay {
        /// The key.
        key: &'static str,
    },
    /// A figure for corner points (the barn) where it may not stand.
    CornerRefused {
        /// The player.
        player: String,
        /// The figure's word.
        figure: String,
        /// The point: the north-east corner of this tile.
        point: Pos,
        /// Why.
        why: CornerProblem,
    },
    /// A figure for corner points named by a location that is no corner.
    NotACorner {
        /// The figure's word.
        figure: String,
    },
    /// A figure on a kind of feature it never stands on (a pig on a road,
    /// a builder on a field, a figure for roads only on a city).
    FigureMisplaced {
        /// The player.
        player: String,
        /// The figure's word.
        figure: String,
        /// Where it may stand.
        stands: Vec<FeatureKind>,
        /// The feature's kind.
        kind: FeatureKind,
    },
    /// A builder or pig on a feature where its owner has no follower.
    FigureAlone {
        /// The player.
        player: String,
        /// The figure's word.
        figure: String,
        /// Where it may stand.
        stands: Vec<FeatureKind>,
        /// The feature's kind.
        kind: FeatureKind,
    },
    /// A companion (a builder) on a road or city that the tile it stands
    /// on completed.
    CompanionOnCompleted {
        /// The player.
        player: String,
        /// The figure's word.
        figure: String,
        /// The feature's kind.
        kind: FeatureKind,
    },
    /// The record gives another player the turn a builder earned.
    DoubleTurnSkipped {
        /// Entry number.
        turn: usize,
        /// Whose second turn it was.
        player: String,
        /// The turn that earned it.
        earned: usize,
        /// Who the record says.
        got: String,
    },
    /// The record gives a player a second turn that no builder earned.
    DoubleTurnUnearned {
        /// Entry number.
        turn: usize,
        /// The player given two turns.
        player: String,
        /// Whose turn it was.
        expected: String,
        /// Why there was no second turn: the earlier turn was itself a
        /// second turn.
        third: bool,
    },
    /// A follower on the river.
    FollowerOnRiver {
        /// The player.
        player: String,
    },
    /// A figure in a landmark, which holds none.
    FollowerInLandmark {
        /// The player.
        player: String,
        /// The landmark's name.
        landmark: String,
    },
    /// A follower on a feature that already holds one.
    FeatureOccupied {
        /// The player deploying.
        player: String,
        /// The figure's word.
        figure: String,
        /// The feature's kind.
        kind: FeatureKind,
        /// Who stands on it, with which figure, and where.
        by: Vec<(String, String, Pos, Location)>,
    },
    /// A turn after the game ended.
    GameOver {
        /// The turn that ended it.
        ended: usize,
        /// This turn.
        turn: usize,
        /// Why nothing more may be played.
        why: AfterTheEnd,
    },
    /// An abbey placed out of order in the final round.
    FinalRoundOrder {
        /// The player named.
        got: String,
        /// Who could be next, if anybody.
        expected: Option<String>,
    },
    /// A snapshot tile connected to nothing.
    Disconnected {
        /// The tile.
        id: String,
        /// Where.
        pos: Pos,
    },
    /// More followers on the table than a player has.
    TooManyFollowers {
        /// The player.
        player: String,
        /// On the table.
        count: usize,
        /// In all.
        max: u32,
    },
    /// Two followers on one spot in a snapshot.
    SameSpot {
        /// The feature's kind.
        kind: FeatureKind,
        /// Where.
        pos: Pos,
    },
    /// A written-down total that differs.
    ClaimMismatch {
        /// Claimed.
        claimed: i64,
        /// Computed.
        computed: i64,
        /// The ruleset.
        ruleset: String,
        /// Where the computed points come from.
        from: PointsFrom,
    },
    /// An expected total that differs.
    ExpectMismatch {
        /// Expected.
        expected: i64,
        /// Computed.
        computed: i64,
        /// The ruleset.
        ruleset: String,
        /// Where the computed points come from.
        from: PointsFrom,
    },
    /// A follower's location that names no feature of the tile there, or
    /// a tile that is not there: an unreadable value (exit code 2).
    NoSuchSpot(Box<crate::record::Unnamed>),
    /// A player missing from an `expect` block.
    ExpectMissing {
        /// The player.
        player: String,
        /// The ruleset.
        ruleset: String,
        /// Computed.
        computed: i64,
    },
}

impl ViolationKind {
    /// A written total that differs (`claims`, `expect`), rather than a
    /// broken rule of play.
    #[must_use]
    pub fn is_mismatch(&self) -> bool {
        matches!(
            self,
            ViolationKind::ClaimMismatch { .. }
                | ViolationKind::ExpectMismatch { .. }
                | ViolationKind::ExpectMissing { .. }
        )
    }

    /// An `expect` block that the game does not bear out.
    #[must_use]
    pub fn is_expectation(&self) -> bool {
        matches!(
            self,
            ViolationKind::ExpectMismatch { .. } | ViolationKind::ExpectMissing { .. }
        )
    }

    /// What the violation means for the exit code: a location naming no
    /// spot is unreadable; everything else is a defect.
    #[must_use]
    pub fn class(&self) -> Class {
        match self {
            ViolationKind::NoSuchSpot(_)
            | ViolationKind::NotACorner { .. }
            | ViolationKind::MoveRefused {
                why: MoveProblem::WhichOne(_),
                ..
            } => Class::Input,
            ViolationKind::Mechanic(broken) => broken.problem().class(),
            _ => Class::Defect,
        }
    }

    /// The violation at `span`.
    #[must_use]
    pub fn at(self, span: SourceSpan) -> Violation {
        Violation {
            kind: self,
            span,
            inferred: None,
        }
    }
}
