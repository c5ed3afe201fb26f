//! Bridges, Castles & Bazaars' rules, broken as a record says, in words.

use crate::engine::violation::{Problem, Wording};

/// A rule of bridges, castles or bazaars a record breaks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BcbProblem {
    /// A castle refused: the city scores as usual.
    Castle {
        /// The player written or due.
        player: String,
        /// Why, in words.
        why: String,
    },
    /// A figure put on a castle's city.
    InCastle {
        /// The player.
        player: String,
    },
    /// A snapshot's castle that cannot be.
    SnapshotCastle {
        /// Why, in words.
        why: String,
    },
}

impl Problem for BcbProblem {
    fn code(&self) -> &'static str {
        match self {
            BcbProblem::Castle { .. }
            | BcbProblem::InCastle { .. }
            | BcbProblem::SnapshotCastle { .. } => "carca::rules::castle",
        }
    }

    fn wording(&self) -> Wording {
        let w = Wording::new;
        match self {
            BcbProblem::Castle { player, why } => w(
                format!("{player} cannot make this castle: {why}; the city scores as usual"),
                "a city of exactly two tiles, both parts castle bases (a part touching one edge, not marked `castle: false`), completed by the tile just placed and held by exactly one follower, becomes a castle of that follower's owner instead of scoring, if they have a castle left",
                "castle refused",
            ),
            BcbProblem::InCastle { player } => w(
                format!("{player} cannot put a figure in a castle"),
                "a castle holds the one follower that made it, until it scores; no other figure goes there",
                "castle",
            ),
            BcbProblem::SnapshotCastle { why } => w(
                format!("this castle cannot stand here: {why}"),
                "a snapshot's castle stands on a completed city of exactly two tiles, both castle bases; its player's castles and followers count against their supply",
                "here",
            ),
        }
    }
}
