//! A board as SVG: the tiles, their figures, coordinates and a legend.

// Geometry reads best with x, y and the corners a, b, c.
#![allow(clippy::many_single_char_names)]

use super::tile_art::{
    HIGHLIGHT, figure_at, highlight_shape, meeple, ornaments, refused_meeple, tile_group, token,
};
use svg::Document;
use svg::node::element::{Definitions, Group, Line, Pattern, Rectangle, Text};

use crate::geometry::Pos;
use crate::tileset::FeatureKind;

use super::{LEGEND, MARGIN, Scene, T};

/// Where a tile's square starts in the picture, and the picture's size.
pub(super) fn layout(scene: &Scene) -> (impl Fn(Pos) -> (f64, f64), f64, f64) {
    let (min_x, max_x, min_y, max_y) = scene.bounds();
    let caption = if scene.tiles.iter().any(|t| t.caption.is_some()) {
        22.0
    } else {
        0.0
    };
    let width = f64::from(max_x - min_x + 1) * T + 2.0 * MARGIN;
    let legend = if scene.legend.is_empty() { 0.0 } else { LEGEND };
    let height = f64::from(max_y - min_y + 1) * T + 2.0 * MARGIN + caption + legend;
    let origin = move |p: Pos| {
        (
            MARGIN + f64::from(p.x - min_x) * T,
            MARGIN + f64::from(max_y - p.y) * T,
        )
    };
    (origin, width, height)
}

/// The picture as SVG text.
#[must_use]
pub fn svg(scene: &Scene) -> String {
    let (origin, width, height) = layout(scene);
    let mut doc = Document::new()
        .set("viewBox", (0, 0, width, height))
        .set("width", width)
        .set("height", height)
        .set("font-family", "DejaVu Sans, Verdana, sans-serif")
        .add(
            Rectangle::new()
                .set("width", width)
                .set("height", height)
                .set("fill", "#f7f4ec"),
        );
    if !scene.highlight.is_empty() {
        // Farms are outlined by a hatch, which no tile colour looks like.
        doc = doc.add(
            Definitions::new().add(
                Pattern::new()
                    .set("id", "carca-hatch")
                    .set("width", 8)
                    .set("height", 8)
                    .set("patternUnits", "userSpaceOnUse")
                    .set("patternTransform", "rotate(45)")
                    .add(
                        Line::new()
                            .set("x1", 0)
                            .set("y1", 0)
                            .set("x2", 0)
                            .set("y2", 8)
                            .set("stroke", HIGHLIGHT)
                            .set("stroke-width", 3),
                    ),
            ),
        );
    }
    let legend_row = if scene.legend.is_empty() { 0.0 } else { LEGEND };
    let mut x = MARGIN;
    let y = height - LEGEND + 2.0;
    for (name, colour, _) in &scene.legend {
        let shown = crate::text::name(name);
        doc = doc.add(meeple(x + 8.0, y, colour, false, false)).add(
            Text::new(shown.clone())
                .set("x", x + 22.0)
                .set("y", y + 5.0)
                .set("font-size", 14)
                .set("fill", "#222222"),
        );
        let letters = u32::try_from(shown.chars().count()).unwrap_or(u32::MAX);
        x += 40.0 + 8.0 * f64::from(letters);
    }
    for (i, p) in scene.tiles.iter().enumerate() {
        let (x, y) = origin(p.at);
        let mut g = Group::new().set(
            "transform",
            format!(
                "translate({x:.1},{y:.1}) rotate({} {} {})",
                p.rot.degrees(),
                T / 2.0,
                T / 2.0
            ),
        );
        let (fields, others): (Vec<usize>, Vec<usize>) = scene
            .highlight
            .iter()
            .filter(|(t, _)| *t == i)
            .map(|&(_, f)| f)
            .partition(|&f| p.tile.features[f].kind == FeatureKind::Field);
        g = g.add(tile_group(p.tile, &fields));
        for f in others {
            g = g.add(highlight_shape(p.tile, f));
        }
        doc = doc
            .add(g)
            .add(ornaments(p.tile, p.rot).set("transform", format!("translate({x:.1},{y:.1})")));
        if let Some(c) = &p.caption {
            doc = doc.add(
                Text::new(c.clone())
                    .set("x", x + T / 2.0)
                    .set("y", y + T + 16.0)
                    .set("text-anchor", "middle")
                    .set("font-size", 13)
                    .set("fill", "#222222"),
            );
        }
    }
    for fig in &scene.figures {
        let Some(p) = scene.tiles.get(fig.tile) else {
            continue;
        };
        let (x0, y0) = origin(p.at);
        let art = crate::expansions::figure_art(&fig.word).map(|a| a.shape);
        if fig.corner {
            // On the point where its tile's north-east corner meets three
            // other tiles.
            doc = doc.add(match art {
                Some(crate::expansions::Shape::Drawn(draw)) => draw(x0 + T, y0, &fig.colour),
                _ => token(x0 + T, y0, &fig.colour),
            });
            continue;
        }
        // The anchor turns with the tile; the figure stays upright.
        let (ax, ay) = figure_at(p.tile, fig.feature, p.rot);
        let lying = p.tile.features[fig.feature].kind == FeatureKind::Field;
        if let Some(crate::expansions::Shape::Follower {
            big,
            letter: Some(letter),
        }) = art
        {
            doc = doc
                .add(meeple(x0 + ax, y0 + ay, &fig.colour, lying, big))
                .add(
                    Text::new(letter)
                        .set("x", x0 + ax)
                        .set("y", y0 + ay + 4.0)
                        .set("text-anchor", "middle")
                        .set("font-size", 11)
                        .set("fill", "#ffffff"),
                );
            continue;
        }
        doc = doc.add(match art {
            Some(crate::expansions::Shape::Drawn(draw)) => draw(x0 + ax, y0 + ay, &fig.colour),
            // Beside where a follower of the feature would stand.
            None if fig.companion => token(x0 + ax + 12.0, y0 + ay + 6.0, &fig.colour),
            Some(crate::expansions::Shape::Follower { big, .. }) => {
                meeple(x0 + ax, y0 + ay, &fig.colour, lying, big)
            }
            None => meeple(x0 + ax, y0 + ay, &fig.colour, lying, false),
        });
    }
    for s in &scene.stacks {
        let Some(p) = scene.tiles.get(s.tile) else {
            continue;
        };
        let (x0, y0) = origin(p.at);
        let (cx, cy) = (x0 + T / 2.0, y0 + T / 2.0);
        doc = doc.add(
            Text::new(s.height.to_string())
                .set("x", cx + 13.0)
                .set("y", cy + 4.0)
                .set("font-size", 13)
                .set("font-weight", "bold")
                .set("fill", "#222222")
                .set("stroke", "#ffffff")
                .set("stroke-width", 3)
                .set("paint-order", "stroke"),
        );
        if let Some((colour, _, kind)) = &s.top {
            doc = doc.add(meeple(
                cx,
                cy - 14.0,
                colour,
                false,
                *kind == crate::rules::Figure::BIG,
            ));
        }
    }
    // Badges of what mechanics keep on tiles, stacked down the tile's
    // north-west corner, each framed in its owner's colour.
    for (k, b) in scene.badges.iter().enumerate() {
        let Some(p) = scene.tiles.get(b.tile) else {
            continue;
        };
        let (x0, y0) = origin(p.at);
        let row = scene.badges[..k]
            .iter()
            .filter(|o| o.tile == b.tile)
            .count();
        #[allow(clippy::cast_precision_loss)]
        let (w, y) = (
            b.label.chars().count() as f64 * 6.0 + 8.0,
            y0 + 3.0 + row as f64 * 16.0,
        );
        let colour = b.owner.as_ref().map_or("#555555", |(c, _)| c.as_str());
        doc = doc
            .add(
                Rectangle::new()
                    .set("x", x0 + 3.0)
                    .set("y", y)
                    .set("width", w)
                    .set("height", 14)
                    .set("rx", 4)
                    .set("fill", "#ffffff")
                    .set("fill-opacity", 0.9)
                    .set("stroke", colour)
                    .set("stroke-width", 1.5),
            )
            .add(
                Text::new(b.label.clone())
                    .set("x", x0 + 7.0)
                    .set("y", y + 10.5)
                    .set("font-size", 10)
                    .set("fill", "#222222"),
            );
    }
    // The neutral figures: beside their follower, or where on their tile
    // their expansion says.
    for (name, tile, beside) in &scene.neutrals {
        let Some(p) = scene.tiles.get(*tile) else {
            continue;
        };
        let (x0, y0) = origin(p.at);
        let Some(art) = crate::expansions::neutral(name) else {
            continue;
        };
        let (x, y) = match beside.and_then(|f| scene.figures.get(f)) {
            Some(fig) => {
                let (ax, ay) = figure_at(p.tile, fig.feature, p.rot);
                (x0 + ax - 12.0, y0 + ay - 10.0)
            }
            None => (x0 + art.alone.0, y0 + art.alone.1),
        };
        doc = doc.add((art.draw)(x, y));
    }
    for fig in &scene.refused {
        let Some(p) = scene.tiles.get(fig.tile) else {
            continue;
        };
        let (x0, y0) = origin(p.at);
        let (ax, ay) = figure_at(p.tile, fig.feature, p.rot);
        doc = doc.add(refused_meeple(x0 + ax, y0 + ay, &fig.colour));
    }
    for m in &scene.marks {
        let (x, y) = origin(*m);
        doc = doc.add(
            Rectangle::new()
                .set("x", x + 3.0)
                .set("y", y + 3.0)
                .set("width", T - 6.0)
                .set("height", T - 6.0)
                .set("fill", "none")
                .set("stroke", "#e00000")
                .set("stroke-width", 5)
                .set("stroke-dasharray", "10,6"),
        );
    }
    if scene.coordinates && !scene.tiles.is_empty() {
        let (min_x, max_x, min_y, max_y) = scene.bounds();
        for x in min_x..=max_x {
            let (px, _) = origin(Pos::new(x, max_y));
            for y_text in [MARGIN - 12.0, height - legend_row - MARGIN + 24.0] {
                doc = doc.add(
                    Text::new(x.to_string())
                        .set("x", px + T / 2.0)
                        .set("y", y_text)
                        .set("text-anchor", "middle")
                        .set("font-size", 15)
                        .set("fill", "#444444"),
                );
            }
        }
        for y in min_y..=max_y {
            let (_, py) = origin(Pos::new(min_x, y));
            for (x_text, anchor) in [(MARGIN - 8.0, "end"), (width - MARGIN + 8.0, "start")] {
                doc = doc.add(
                    Text::new(y.to_string())
                        .set("x", x_text)
                        .set("y", py + T / 2.0 + 5.0)
                        .set("text-anchor", anchor)
                        .set("font-size", 15)
                        .set("fill", "#444444"),
                );
            }
        }
    }
    doc.to_string()
}
