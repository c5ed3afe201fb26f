//! How The Princess & the Dragon's neutral figures are drawn: the dragon
//! in the middle of its tile, the fairy beside its follower (or in its
//! tile's corner), in their own colours.

use svg::node::element::{Circle, Group, Path, Polygon};

use crate::expansions::Neutral;

/// The dragon's and the fairy's drawings.
pub const NEUTRALS: [Neutral; 2] = [
    Neutral {
        name: "dragon",
        glyph: ('Ж', "1;31"),
        label: "Ж the dragon",
        alone: (50.0, 68.0),
        cell: (2, 2),
        draw: dragon_figure,
    },
    Neutral {
        name: "fairy",
        glyph: ('✧', "1;35"),
        label: "✧ the fairy",
        alone: (88.0, 88.0),
        cell: (0, 0),
        draw: fairy_figure,
    },
];

/// A point, as SVG writes it.
fn point(x: f64, y: f64) -> String {
    format!("{x:.1},{y:.1}")
}

/// The dragon, a neutral figure: a green body with wings and a red eye.
fn dragon_figure(x: f64, y: f64) -> Group {
    Group::new()
        .add(
            Path::new()
                .set(
                    "d",
                    format!(
                        "M{} {} L{} {} L{} {} L{} {} L{} {} L{} {} Z",
                        x - 13.0,
                        y + 2.0,
                        x - 5.0,
                        y - 9.0,
                        x,
                        y - 2.0,
                        x + 5.0,
                        y - 9.0,
                        x + 13.0,
                        y + 2.0,
                        x,
                        y + 8.0
                    ),
                )
                .set("fill", "#14532d")
                .set("stroke", "#ffffff")
                .set("stroke-width", 1.5),
        )
        .add(
            Circle::new()
                .set("cx", x)
                .set("cy", y + 1.0)
                .set("r", 2.2)
                .set("fill", "#ef4444"),
        )
        .add(svg::node::element::Title::new("the dragon"))
}

/// The fairy, a neutral figure: a small star.
fn fairy_figure(x: f64, y: f64) -> Group {
    let points: Vec<String> = (0..10)
        .map(|k| {
            let r = if k % 2 == 0 { 7.0 } else { 3.0 };
            let a = std::f64::consts::PI * f64::from(k) / 5.0 - std::f64::consts::FRAC_PI_2;
            point(x + r * a.cos(), y + r * a.sin())
        })
        .collect();
    Group::new()
        .add(
            Polygon::new()
                .set("points", points.join(" "))
                .set("fill", "#f0abfc")
                .set("stroke", "#86198f")
                .set("stroke-width", 1.2),
        )
        .add(svg::node::element::Title::new("the fairy"))
}
