//! Bridges, Castles & Bazaars (RULES.md §16): castles made from small
//! completed cities, which score the best feature completed around them;
//! bridges; and bazaars, where the players auction the next tiles.
//!
//! The tiles are `tilesets/bridges-castles-bazaars.yaml`: eight show the
//! `bazaar` symbol, and city parts that are no castle base say `castle:
//! false` in every set. This folder is the rest.

pub mod art;

/// The symbol of the tiles that start an auction.
pub const BAZAAR: &str = "bazaar";
