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
    /// An auction written against its rules: carried out as written.
    Bazaar {
        /// Why, in words.
        why: String,
    },
    /// A turn that placed a bazaar, with no auction written after it.
    BazaarMissing {
        /// The player who placed it.
        player: String,
    },
    /// A turn whose tile is not the one its player got at the bazaar.
    BazaarTile {
        /// The player.
        player: String,
        /// The tile they got.
        got: String,
        /// The tile the record plays.
        played: String,
    },
}

impl Problem for BcbProblem {
    fn code(&self) -> &'static str {
        match self {
            BcbProblem::Castle { .. }
            | BcbProblem::InCastle { .. }
            | BcbProblem::SnapshotCastle { .. } => "carca::rules::castle",
            BcbProblem::Bridge { .. } | BcbProblem::SnapshotBridge { .. } => "carca::rules::bridge",
            BcbProblem::Bazaar { .. } | BcbProblem::BazaarMissing { .. } => "carca::rules::bazaar",
            BcbProblem::BazaarTile { .. } => "carca::rules::bazaar-tile",
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
            BcbProblem::Bazaar { why } => w(
                format!("this auction breaks the bazaar's rules: {why}"),
                "after a turn that placed a bazaar (no bazaar round running, a tile per player left), one tile per player is auctioned: the first player without a tile after the last chooser chooses one and bids 0 or more, the others without a tile may each raise once in turn order, and the chooser buys (paying the highest bidder) or sells to them; the last tile goes free to the last player without one",
                "auction",
            ),
            BcbProblem::BazaarMissing { player } => w(
                format!("{player} placed a bazaar, but the auction after this turn is not written"),
                "the auction after a turn that placed a bazaar is written on that turn as `bazaar:`, one entry per tile in the order auctioned: `[{ tile: T, player: P, bids: { P: 0 } }, ..., { tile: U }]`",
                "a bazaar, no auction",
            ),
            BcbProblem::BazaarTile {
                player,
                got,
                played,
            } => w(
                format!("{player} got {got} at the bazaar, but this turn plays {played}"),
                "after an auction each player's next turn plays the tile they got there (one that fits nowhere is discarded, and a tile drawn instead)",
                "not the bazaar's tile",
            ),
            BcbProblem::SnapshotCastle { why } => w(
                format!("this castle cannot stand here: {why}"),
                "a snapshot's castle stands on a completed city of exactly two tiles, both castle bases; its player's castles and followers count against their supply",
                "here",
            ),
        }
    }
}
