//! Figures gone from a tile (eaten, sent home), in the words and the JSON
//! that the notes of every expansion, and the generic note of figures
//! sent home, share.

use std::fmt::Write as _;

use schemars::JsonSchema;
use serde::Serialize;

use crate::engine::Gone;
use crate::text::figure_word;

/// Figures gone from the board, in words: "blue's farmer (N), red's pig
/// (C)", and those that went home with them after.
#[must_use]
pub fn words(players: &[String], gone: &[Gone]) -> String {
    let each = |with: bool| {
        gone.iter()
            .filter(|g| g.with == with)
            .map(|g| {
                format!(
                    "{}'s {} ({})",
                    players[g.owner],
                    figure_word(&g.figure),
                    g.spot
                )
            })
            .collect::<Vec<_>>()
    };
    let (alone, with) = (each(false), each(true));
    let mut out = alone.join(", ");
    // A builder or pig goes home because its owner's follower did.
    if !with.is_empty() {
        let verb = if with.len() == 1 { "goes" } else { "go" };
        let whom = if alone.len() == 1 { "it" } else { "them" };
        let _ = write!(out, "; {} {verb} home with {whom}", with.join(", "));
    }
    out
}

/// A figure gone from the board (eaten, sent home).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct GoneJson {
    /// Its owner.
    pub owner: String,
    /// Its word.
    pub figure: String,
    /// Where it stood on its tile.
    pub spot: String,
    /// It went home with a follower of its owner's that left (a builder
    /// or a pig), not by itself.
    pub with: bool,
}

/// Figures gone from the board, as JSON.
#[must_use]
pub fn json(players: &[String], gone: &[Gone]) -> Vec<GoneJson> {
    gone.iter()
        .map(|g| GoneJson {
            owner: players[g.owner].clone(),
            figure: g.figure.clone(),
            spot: g.spot.to_string(),
            with: g.with,
        })
        .collect()
}
