//! Bridges, Castles & Bazaars (RULES.md §16): castles made from small
//! completed cities, which score the best feature completed around them;
//! bridges; and bazaars, where the players auction the next tiles.
//!
//! The tiles are `tilesets/bridges-castles-bazaars.yaml`: eight show the
//! `bazaar` symbol, and city parts that are no castle base say `castle:
//! false` in every set. This folder is the rest.

pub mod art;
pub mod bazaar;
pub mod bridge;
pub mod castle;
pub mod choices;
pub mod jcz;
pub mod keys;
pub mod notes;
pub mod problem;

use crate::rules::table::Row;
use crate::tileset::Catalog;

/// The symbol of the tiles that start an auction.
pub const BAZAAR: &str = "bazaar";

/// Whether the expansion is in play: its tiles are.
#[must_use]
pub fn in_play(catalog: &Catalog) -> bool {
    catalog.shows(BAZAAR)
}

/// Castles (and bridges) per player by the number of players (RULES §16:
/// 3 with up to four players, 2 with five or more).
#[must_use]
pub fn tokens_for(players: usize) -> u32 {
    if players <= 4 { 3 } else { 2 }
}

/// How many of `piece` each player has: the ruleset's `[figures]` count,
/// else [`tokens_for`] the players.
#[must_use]
pub fn tokens(
    setup: &crate::engine::mechanic::Setup<'_>,
    piece: &crate::rules::table::Piece,
) -> u32 {
    setup
        .rules
        .figures
        .get(piece.key)
        .copied()
        .unwrap_or_else(|| (piece.per_players)(setup.players))
}

/// The expansion's rows of a ruleset's tables.
pub const RATES: [Row; 3] = [
    Row::Point(castle::FARM_CASTLE),
    Row::Piece(bridge::TOKENS),
    Row::Piece(castle::TOKENS),
];
