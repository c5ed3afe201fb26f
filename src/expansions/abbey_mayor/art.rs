//! How Abbey & Mayor's figures are drawn: the mayor and the wagon as
//! followers marked M and W, the barn as a little house on its corner
//! point, in their owner's colour.

use svg::node::element::{Group, Path};

use crate::expansions::{FigureArt, Shape};

/// The mayor's, the wagon's and the barn's drawings.
pub const ART: [FigureArt; 3] = [
    FigureArt {
        word: "mayor",
        glyph: '♚',
        shape: Shape::Follower {
            big: false,
            letter: Some("M"),
        },
    },
    FigureArt {
        word: "wagon",
        glyph: '◘',
        shape: Shape::Follower {
            big: false,
            letter: Some("W"),
        },
    },
    FigureArt {
        word: "barn",
        glyph: '▲',
        shape: Shape::Drawn(barn),
    },
];

/// A barn: a little house with a wide roof, on a corner point.
fn barn(x: f64, y: f64, colour: &str) -> Group {
    Group::new()
        .set("transform", format!("translate({x:.1},{y:.1})"))
        .add(
            Path::new()
                .set("d", "M-11,9 L-11,-2 L0,-11 L11,-2 L11,9 Z")
                .set("fill", colour)
                .set("stroke", "#ffffff")
                .set("stroke-width", 1.8),
        )
        .add(
            Path::new()
                .set("d", "M-4,9 L-4,1 L4,1 L4,9")
                .set("fill", "none")
                .set("stroke", "#ffffff")
                .set("stroke-width", 1.6),
        )
}
