//! How Traders & Builders' figures are drawn: the builder (a little
//! tower) and the pig, beside where a follower of their feature stands,
//! in their owner's colour.

use svg::node::element::{Circle, Ellipse, Group, Line, Path, Rectangle};

use crate::expansions::{FigureArt, Shape};

/// The builder's and the pig's drawings.
pub const ART: [FigureArt; 2] = [
    FigureArt {
        word: "builder",
        glyph: '⌂',
        shape: Shape::Drawn(builder_beside),
    },
    FigureArt {
        word: "pig",
        glyph: '∞',
        shape: Shape::Drawn(pig_beside),
    },
];

/// Beside the point where a follower of the feature stands.
fn builder_beside(x: f64, y: f64, colour: &str) -> Group {
    builder(x + 12.0, y + 6.0, colour)
}

/// Beside the point where a follower of the farm stands.
fn pig_beside(x: f64, y: f64, colour: &str) -> Group {
    pig(x + 12.0, y + 8.0, colour)
}

/// A builder: a little tower in its owner's colour.
fn builder(x: f64, y: f64, colour: &str) -> Group {
    Group::new()
        .set("transform", format!("translate({x:.1},{y:.1})"))
        .add(
            Path::new()
                .set("d", "M-6,9 L-6,-3 L0,-10 L6,-3 L6,9 Z")
                .set("fill", colour)
                .set("stroke", "#ffffff")
                .set("stroke-width", 1.6),
        )
        .add(
            Rectangle::new()
                .set("x", -2)
                .set("y", 2)
                .set("width", 4)
                .set("height", 7)
                .set("fill", "#ffffff")
                .set("fill-opacity", 0.7),
        )
}

/// A pig: a round body with a snout and legs, in its owner's colour.
fn pig(x: f64, y: f64, colour: &str) -> Group {
    let legs = [-6.0, -2.0, 2.0, 6.0]
        .into_iter()
        .fold(Group::new(), |g, dx| {
            g.add(
                Line::new()
                    .set("x1", dx)
                    .set("y1", 4)
                    .set("x2", dx)
                    .set("y2", 9)
                    .set("stroke", colour)
                    .set("stroke-width", 2.2),
            )
        });
    Group::new()
        .set("transform", format!("translate({x:.1},{y:.1}) scale(1.3)"))
        .add(legs)
        .add(
            Ellipse::new()
                .set("cx", 0)
                .set("cy", 0)
                .set("rx", 10)
                .set("ry", 6.5)
                .set("fill", colour)
                .set("stroke", "#ffffff")
                .set("stroke-width", 1.6),
        )
        .add(
            Circle::new()
                .set("cx", 10)
                .set("cy", -1)
                .set("r", 3)
                .set("fill", colour)
                .set("stroke", "#ffffff")
                .set("stroke-width", 1.2),
        )
}
