//! How Hills & Sheep's shepherd is drawn: a follower's shape with an `S`
//! in pictures, a crook on the terminal board.

use crate::expansions::{FigureArt, Shape};

/// The shepherd's drawing.
pub const ART: [FigureArt; 1] = [FigureArt {
    word: super::SHEPHERD,
    glyph: 'ʃ',
    shape: Shape::Follower {
        big: false,
        letter: Some("S"),
    },
}];
