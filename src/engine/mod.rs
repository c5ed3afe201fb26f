//! The engine: the board, features across tiles, legality, and scoring.
//!
//! It is generic over the tile-set data: nothing here looks at tile ids.
//! [`game::Game`] holds the rules of play; [`referee`] walks a record
//! through it and turns every problem into a finding.

mod board;
pub mod event;
pub(crate) mod features;
pub mod game;
pub mod mechanic;
pub mod open;
pub mod position;
pub mod referee;
pub mod registry;
pub mod scoring;
pub(crate) mod seat;
pub mod supply;
pub mod turns;
pub mod violation;

pub use event::{
    Event, FeatureId, FeatureName, FeatureReport, Gone, Note, NoteKind, Phase, ScoredKind, Tale,
    Told,
};
pub use game::{Game, Spot};
pub use position::{Move, MovesAfter, Position, implied_discards, position, proposed};
pub use referee::{Adjudication, Refused, adjudicate};
pub use violation::{
    AfterTheEnd, Broken, CornerProblem, Elsewhere, MoveProblem, PlacedWhen, PointsFrom, Problem,
    Violation, ViolationKind, Wording,
};
