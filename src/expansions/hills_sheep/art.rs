//! How Hills & Sheep's shepherd is drawn (a follower's shape with an `S`
//! in pictures, a crook on the terminal board), and its hills and
//! vineyards.

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

/// How its two symbols are drawn: a hill's mound, a vineyard's grapes.
pub const MARKS: [crate::expansions::Mark; 2] = [
    crate::expansions::Mark {
        word: super::HILL,
        glyph: ('∩', "1;32"),
        label: "hill",
        article: "a",
        path: ("M-9 5 Q0 -11 9 5 Z", "#a3b86c", "#4d5e1f", 1.5),
        in_city: false,
    },
    crate::expansions::Mark {
        word: super::VINEYARD,
        glyph: ('♣', "1;35"),
        label: "vineyard",
        article: "a",
        path: (
            "M-7 -3 A3.5 3.5 0 1 0 0 -3 A3.5 3.5 0 1 0 -7 -3 M0 -3 A3.5 3.5 0 1 0 7 -3 A3.5 3.5 0 1 0 0 -3 M-3.5 3 A3.5 3.5 0 1 0 3.5 3 A3.5 3.5 0 1 0 -3.5 3",
            "#7e3f98",
            "#3b1650",
            1.0,
        ),
        in_city: false,
    },
];
