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
    /// A bridge refused: it is not laid.
    Bridge {
        /// The player.
        player: String,
        /// Why, in words.
        why: String,
    },
    /// A snapshot's bridge that cannot be.
    SnapshotBridge {
        /// Why, in words.
        why: String,
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
            BcbProblem::Bridge { .. } | BcbProblem::SnapshotBridge { .. } => "carca::rules::bridge",
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
            BcbProblem::Bridge { player, why } => w(
                format!("{player} cannot lay this bridge: {why}; it is not laid"),
                "with a tile a player may lay one bridge, across that tile or a tile beside it, from a field edge to the opposite field edge of a tile with no bridge; an end beside a placed tile must meet a road",
                "bridge refused",
            ),
            BcbProblem::SnapshotBridge { why } => w(
                format!("this bridge cannot lie here: {why}"),
                "a snapshot's bridge lies across a tile from a field edge to the opposite field edge, one bridge a tile",
                "here",
            ),
            BcbProblem::SnapshotCastle { why } => w(
                format!("this castle cannot stand here: {why}"),
                "a snapshot's castle stands on a completed city of exactly two tiles, both castle bases; its player's castles and followers count against their supply",
                "here",
            ),
        }
    }
}
