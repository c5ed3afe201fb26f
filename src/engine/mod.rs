//! The engine: the board, features across tiles, legality, and scoring.
//!
//! It is generic over the tile-set data: nothing here looks at tile ids.
//! [`game::Game`] holds the rules of play; [`referee`] walks a record
//! through it and turns every problem into a finding.

pub mod abbey;
pub mod barn;
mod board;
pub mod dragon;
pub mod event;
pub mod fairy;
mod features;
pub mod game;
pub mod mechanic;
pub mod open;
pub mod position;
pub mod princess;
pub mod referee;
pub mod registry;
pub mod river;
pub mod scoring;
pub mod supply;
pub mod tower;
pub mod traders;
pub mod turns;
pub mod violation;
pub mod wagon;

pub use event::{
    Event, FeatureId, FeatureName, FeatureReport, Gone, Note, NoteKind, Phase, ScoredKind, Step,
};
pub use game::{Game, Spot};
pub use position::{Move, MovesAfter, Position, implied_discards, position};
pub use referee::{Adjudication, Refused, adjudicate};
pub use violation::{
    AfterTheEnd, CornerProblem, DragonProblem, Elsewhere, MoveProblem, PlacedWhen, PointsFrom,
    TowerProblem, Violation, ViolationKind,
};
