//! Tile art: each tile drawn from its definition in its own 100 × 100
//! square, the figures that stand on it, and where they stand.

// Geometry reads best with x, y and the corners a, b, c.
#![allow(clippy::many_single_char_names)]

use std::fmt::Write;

use svg::Document;
use svg::node::element::{Circle, Ellipse, Group, Path, Polygon, Rectangle, Text};

use super::T;
use crate::geometry::{Edge, Half, Rotation};
use crate::tileset::model::PENNANT;
use crate::tileset::{EdgeKind, End, Feature, FeatureKind, Tile};

pub(super) fn point(x: f64, y: f64) -> String {
    format!("{x:.1},{y:.1}")
}

pub(super) fn corner(e: Edge, second: bool) -> (f64, f64) {
    // The corners of an edge, clockwise.
    match (e, second) {
        (Edge::N, false) | (Edge::W, true) => (0.0, 0.0),
        (Edge::N, true) | (Edge::E, false) => (T, 0.0),
        (Edge::E, true) | (Edge::S, false) => (T, T),
        (Edge::S, true) | (Edge::W, false) => (0.0, T),
    }
}

pub(super) fn mid(e: Edge) -> (f64, f64) {
    match e {
        Edge::N => (T / 2.0, 0.0),
        Edge::E => (T, T / 2.0),
        Edge::S => (T / 2.0, T),
        Edge::W => (0.0, T / 2.0),
    }
}

pub(super) const C: (f64, f64) = (T / 2.0, T / 2.0);

/// The triangle of a half-edge: centre, edge middle, corner.
pub(super) fn half_triangle(h: Half) -> [(f64, f64); 3] {
    let e = h.edge();
    let first = e.halves()[0] == h;
    [C, mid(e), corner(e, !first)]
}

pub(super) fn city_path(f: &Feature) -> Option<String> {
    match f.edges[..] {
        [] => None,
        [e] => {
            let (a, b) = (corner(e, false), corner(e, true));
            let inward = match e {
                Edge::N => (T / 2.0, T * 0.55),
                Edge::E => (T * 0.45, T / 2.0),
                Edge::S => (T / 2.0, T * 0.45),
                Edge::W => (T * 0.55, T / 2.0),
            };
            Some(format!(
                "M{} L{} Q{} {} Z",
                point(a.0, a.1),
                point(b.0, b.1),
                point(inward.0, inward.1),
                point(a.0, a.1)
            ))
        }
        _ => {
            let (start, runs) = city_runs(f);
            let mut d = format!("M{}", point(start.0, start.1));
            for (_, ctrl, to) in &runs {
                match ctrl {
                    Some(c) => {
                        let _ = write!(d, " Q{} {}", point(c.0, c.1), point(to.0, to.1));
                    }
                    None => {
                        let _ = write!(d, " L{}", point(to.0, to.1));
                    }
                }
            }
            d.push_str(" Z");
            Some(d)
        }
    }
}

/// The outline of a city of several edges, clockwise from the start of one
/// of its edges: each step goes to a corner, along a city edge (no control
/// point) or across the edges it does not hold (a wall, with a control
/// point). A wall across one edge bows into the tile; across two, it runs
/// corner to corner.
#[allow(clippy::type_complexity, reason = "points of one outline")]
pub(super) fn city_runs(
    f: &Feature,
) -> (
    (f64, f64),
    Vec<((f64, f64), Option<(f64, f64)>, (f64, f64))>,
) {
    let holds = |i: usize| f.edges.contains(&Edge::from_index(i));
    let first = (0..4).find(|&i| holds(i)).unwrap_or(0);
    let start = corner(Edge::from_index(first), false);
    let mut steps = Vec::new();
    let mut at = start;
    let mut i = 0;
    while i < 4 {
        let e = Edge::from_index(first + i);
        if holds(e.index()) {
            let to = corner(e, true);
            steps.push((at, None, to));
            at = to;
            i += 1;
            continue;
        }
        let mut run = 1;
        while i + run < 4 && !holds(first + i + run) {
            run += 1;
        }
        let last = Edge::from_index(first + i + run - 1);
        let to = corner(last, true);
        let ctrl = if run == 1 {
            let m = mid(e);
            (m.0 + (C.0 - m.0) * 1.1, m.1 + (C.1 - m.1) * 1.1)
        } else {
            C
        };
        steps.push((at, Some(ctrl), to));
        at = to;
        i += run;
    }
    (start, steps)
}

/// Where a tile's cloister stands: in the middle, unless a river or a
/// road runs through the middle; then beside it, towards an edge that
/// holds neither.
pub(super) fn cloister_centre(tile: &Tile) -> (f64, f64) {
    let through = tile.features.iter().any(|f| {
        matches!(f.kind, FeatureKind::River | FeatureKind::Road)
            && (f.edges.len() == 2 || (f.edges.len() == 1 && f.ends != Some(End::Cloister)))
    });
    if !through {
        return C;
    }
    let free = Edge::ALL
        .into_iter()
        .find(|e| !matches!(tile.edges[e.index()], EdgeKind::River | EdgeKind::Road));
    free.map_or(C, |e| {
        let m = mid(e);
        (C.0 + (m.0 - C.0) * 0.5, C.1 + (m.1 - C.1) * 0.5 + 4.0)
    })
}

/// Where a follower stands on a feature of a tile turned by `rot`, in the
/// tile's square on the board. A monk stands to the right of the cloister,
/// which stays upright, so that both can be seen.
/// Figures on two spots of one tile stand at least this far apart (and
/// half as far from the tile's sides), so that neither hides the other,
/// and the page's dots for them do not overlap.
pub(super) const SPOT_GAP: f64 = 0.22 * T;

pub(super) fn figure_at(tile: &Tile, feature: usize, rot: Rotation) -> (f64, f64) {
    spots(tile, rot).get(feature).copied().unwrap_or(C)
}

/// Where a figure stands on each feature of a tile turned by `rot`: each at
/// its feature's anchor, and, where two anchors lie closer than
/// [`SPOT_GAP`] (two roads crossing on a bridge, a road ending at a
/// cloister), both moved apart, along their features where they can.
pub(super) fn spots(tile: &Tile, rot: Rotation) -> Vec<(f64, f64)> {
    let mut at: Vec<(f64, f64)> = (0..tile.features.len())
        .map(|f| {
            let (x, y) = turned(anchor(tile, f), rot);
            if tile.features[f].kind == FeatureKind::Cloister {
                (x + 24.0, y + 8.0)
            } else {
                (x, y)
            }
        })
        .collect();
    // Who takes part: every feature a figure may stand on.
    let holds: Vec<usize> = (0..tile.features.len())
        .filter(|&f| tile.features[f].kind.holds_followers())
        .collect();
    // The way a feature gives way: along itself, from its first edge
    // towards the middle; a feature without edges, each its own way.
    let way = |f: usize| -> (f64, f64) {
        match tile.features[f].edges.first() {
            Some(&e) => {
                let m = turned(mid(e), rot);
                let (dx, dy) = (C.0 - m.0, C.1 - m.1);
                let n = dx.hypot(dy).max(1e-9);
                (dx / n, dy / n)
            }
            None => {
                let a = f64::from(u32::try_from(f).unwrap_or(0)) * 2.399_963;
                (a.cos(), a.sin())
            }
        }
    };
    let (lo, hi) = (SPOT_GAP / 2.0, T - SPOT_GAP / 2.0);
    for _ in 0..200 {
        let mut moved = false;
        for (k, &i) in holds.iter().enumerate() {
            for &j in &holds[k + 1..] {
                let (dx, dy) = (at[i].0 - at[j].0, at[i].1 - at[j].1);
                let d = dx.hypot(dy);
                if d >= SPOT_GAP - 1e-6 {
                    continue;
                }
                let (ux, uy) = if d > 1e-6 {
                    (dx / d, dy / d)
                } else {
                    let (wi, wj) = (way(i), way(j));
                    let (x, y) = (wi.0 - wj.0, wi.1 - wj.1);
                    let n = x.hypot(y);
                    if n > 1e-6 {
                        (x / n, y / n)
                    } else {
                        (wi.1, -wi.0)
                    }
                };
                let push = (SPOT_GAP - d) / 2.0 + 0.01;
                at[i] = (at[i].0 + ux * push, at[i].1 + uy * push);
                at[j] = (at[j].0 - ux * push, at[j].1 - uy * push);
                moved = true;
            }
        }
        for &i in &holds {
            at[i] = (at[i].0.clamp(lo, hi), at[i].1.clamp(lo, hi));
        }
        if !moved {
            break;
        }
    }
    at
}

/// Where a follower stands on a feature, in the tile's own square.
pub(super) fn anchor(tile: &Tile, feature: usize) -> (f64, f64) {
    let f = &tile.features[feature];
    match f.kind {
        FeatureKind::Cloister => cloister_centre(tile),
        // A farmer lies near the edge, clear of the walls that curve in.
        FeatureKind::Field => f.halves.first().map_or(C, |h| {
            let [a, b, c] = half_triangle(*h);
            (
                0.25 * a.0 + 0.4 * b.0 + 0.35 * c.0,
                0.25 * a.1 + 0.4 * b.1 + 0.35 * c.1,
            )
        }),
        FeatureKind::City => match f.edges[..] {
            [] => C,
            [e] => {
                let m = mid(e);
                (m.0 + (C.0 - m.0) * 0.3, m.1 + (C.1 - m.1) * 0.3)
            }
            _ => {
                let n = f64::from(f.edges.len() as u32);
                let (sx, sy) = f.edges.iter().fold((0.0, 0.0), |(x, y), e| {
                    let m = mid(*e);
                    (x + m.0, y + m.1)
                });
                let (cx, cy) = (sx / n, sy / n);
                (f64::midpoint(cx, C.0), f64::midpoint(cy, C.1))
            }
        },
        FeatureKind::Road | FeatureKind::River => match f.edges[..] {
            [a, b] => {
                let (p, q) = (mid(a), mid(b));
                (
                    0.25 * p.0 + 0.5 * C.0 + 0.25 * q.0,
                    0.25 * p.1 + 0.5 * C.1 + 0.25 * q.1,
                )
            }
            [e, ..] => {
                let m = mid(e);
                (m.0 + (C.0 - m.0) * 0.45, m.1 + (C.1 - m.1) * 0.45)
            }
            [] => C,
        },
    }
}

pub(super) fn path_of(f: &Feature) -> Option<String> {
    match f.edges[..] {
        [a, b] => {
            let (p, q) = (mid(a), mid(b));
            Some(format!(
                "M{} Q{} {}",
                point(p.0, p.1),
                point(C.0, C.1),
                point(q.0, q.1)
            ))
        }
        [e] => {
            let m = mid(e);
            let end = match f.ends {
                Some(End::Cloister) => {
                    let (x, y) = (C.0 + (m.0 - C.0) * 0.3, C.1 + (m.1 - C.1) * 0.3);
                    (x, y)
                }
                // A house or well short of the middle, which holds nothing.
                Some(End::Inside) => (C.0 + (m.0 - C.0) * 0.25, C.1 + (m.1 - C.1) * 0.25),
                _ => C,
            };
            Some(format!("M{} L{}", point(m.0, m.1), point(end.0, end.1)))
        }
        // One road with three or four ends (AM11): a spoke from each edge
        // to the middle, with no village there.
        [] => None,
        ref many => Some(
            many.iter()
                .map(|&e| {
                    let m = mid(e);
                    format!("M{} L{}", point(m.0, m.1), point(C.0, C.1))
                })
                .collect::<Vec<_>>()
                .join(" "),
        ),
    }
}

/// A point of a tile's own square after the tile is turned by `rot`.
pub(super) fn turned(p: (f64, f64), rot: Rotation) -> (f64, f64) {
    let (dx, dy) = (p.0 - T / 2.0, p.1 - T / 2.0);
    let (dx, dy) = match rot.quarters() {
        1 => (-dy, dx),
        2 => (-dx, -dy),
        3 => (dy, -dx),
        _ => (dx, dy),
    };
    (T / 2.0 + dx, T / 2.0 + dy)
}

/// Where a symbol about `at` (a pennant's shield, an inn: some 8 units
/// each way) lies whole inside the tile's square: beside a city along an
/// edge, it would be cut by the square's side.
fn within_square((x, y): (f64, f64)) -> (f64, f64) {
    const MARGIN: f64 = 10.0;
    (x.clamp(MARGIN, T - MARGIN), y.clamp(MARGIN, T - MARGIN))
}

/// What stays upright however the tile is turned: cloisters and pennants,
/// in the tile's square on the board.
pub(super) fn ornaments(tile: &Tile, rot: Rotation) -> Group {
    let mut g = Group::new();
    for (i, f) in tile.features.iter().enumerate() {
        if f.kind != FeatureKind::City || f.pennants() == 0 {
            continue;
        }
        let (ax, ay) = anchor(tile, i);
        let (x, y) = within_square(turned((ax + 14.0, ay - 10.0), rot));
        g = g.add(
            Path::new()
                .set(
                    "d",
                    format!(
                        "M{} L{} L{} L{} L{} Z",
                        point(x - 6.0, y - 7.0),
                        point(x + 6.0, y - 7.0),
                        point(x + 6.0, y + 2.0),
                        point(x, y + 8.0),
                        point(x - 6.0, y + 2.0)
                    ),
                )
                .set("fill", "#1e3a8a")
                .set("stroke", "#f8fafc")
                .set("stroke-width", 1.5),
        );
    }
    // Other modifiers (inns, cathedrals, a designer's own) beside where a
    // follower would stand, on the other side from a pennant.
    for (i, f) in tile.features.iter().enumerate() {
        let mut shift = 0.0;
        for e in f.extras.iter().filter(|e| e.modifier != PENNANT) {
            let (ax, ay) = anchor(tile, i);
            let (x, y) = within_square(turned((ax - 14.0 - shift, ay - 10.0), rot));
            g = g.add(modifier_symbol(&e.modifier, x, y));
            shift += 16.0;
        }
    }
    if tile.cloister.is_some() {
        let at = turned(cloister_centre(tile), rot);
        g = g
            .add(
                Rectangle::new()
                    .set("x", at.0 - 12.0)
                    .set("y", at.1 - 8.0)
                    .set("width", 24)
                    .set("height", 20)
                    .set("fill", "#f1e6d0")
                    .set("stroke", "#5b4636")
                    .set("stroke-width", 1.5),
            )
            .add(
                Polygon::new()
                    .set(
                        "points",
                        format!(
                            "{} {} {}",
                            point(at.0 - 15.0, at.1 - 8.0),
                            point(at.0, at.1 - 20.0),
                            point(at.0 + 15.0, at.1 - 8.0)
                        ),
                    )
                    .set("fill", "#b23a2b")
                    .set("stroke", "#5b4636")
                    .set("stroke-width", 1.5),
            )
            .add(
                Rectangle::new()
                    .set("x", at.0 - 3.0)
                    .set("y", at.1 + 2.0)
                    .set("width", 6)
                    .set("height", 10)
                    .set("fill", "#5b4636"),
            );
    }
    g
}

/// A modifier's symbol centred at (x, y): an inn is a small house, a
/// cathedral a church with a cross, wine a bunch of grapes, grain a sheaf,
/// cloth a folded bolt, any other a disc with its initial.
pub(super) fn modifier_symbol(name: &str, x: f64, y: f64) -> Group {
    let g = Group::new();
    match name {
        "inn" => g
            .add(
                Rectangle::new()
                    .set("x", x - 6.0)
                    .set("y", y - 2.0)
                    .set("width", 12)
                    .set("height", 9)
                    .set("fill", "#f4d9a6")
                    .set("stroke", "#5b4636")
                    .set("stroke-width", 1.2),
            )
            .add(
                Polygon::new()
                    .set(
                        "points",
                        format!(
                            "{} {} {}",
                            point(x - 8.0, y - 2.0),
                            point(x, y - 9.0),
                            point(x + 8.0, y - 2.0)
                        ),
                    )
                    .set("fill", "#c2410c")
                    .set("stroke", "#5b4636")
                    .set("stroke-width", 1.2),
            ),
        "cathedral" => g
            .add(
                Rectangle::new()
                    .set("x", x - 5.0)
                    .set("y", y - 6.0)
                    .set("width", 10)
                    .set("height", 14)
                    .set("fill", "#e5e7eb")
                    .set("stroke", "#374151")
                    .set("stroke-width", 1.2),
            )
            .add(
                Path::new()
                    .set(
                        "d",
                        format!(
                            "M{} L{} M{} L{}",
                            point(x, y - 14.0),
                            point(x, y - 6.0),
                            point(x - 3.0, y - 11.0),
                            point(x + 3.0, y - 11.0)
                        ),
                    )
                    .set("stroke", "#374151")
                    .set("stroke-width", 1.6),
            ),
        "wine" => [
            (-3.5, -4.0),
            (3.5, -4.0),
            (0.0, -4.0),
            (-2.0, 1.0),
            (2.0, 1.0),
            (0.0, 5.5),
        ]
        .into_iter()
        .fold(g, |g, (dx, dy)| {
            g.add(
                Circle::new()
                    .set("cx", x + dx)
                    .set("cy", y + dy)
                    .set("r", 3)
                    .set("fill", "#6b21a8")
                    .set("stroke", "#2e1065")
                    .set("stroke-width", 0.8),
            )
        }),
        "grain" => [-4.0, 0.0, 4.0].into_iter().fold(g, |g, dx| {
            g.add(
                Path::new()
                    .set(
                        "d",
                        format!(
                            "M{} L{}",
                            point(x + dx * 0.5, y + 8.0),
                            point(x + dx, y - 2.0)
                        ),
                    )
                    .set("stroke", "#854d0e")
                    .set("stroke-width", 1.2),
            )
            .add(
                Ellipse::new()
                    .set("cx", x + dx)
                    .set("cy", y - 5.0)
                    .set("rx", 2.2)
                    .set("ry", 4.5)
                    .set("fill", "#facc15")
                    .set("stroke", "#854d0e")
                    .set("stroke-width", 0.8),
            )
        }),
        "cloth" => g
            .add(
                Rectangle::new()
                    .set("x", x - 8.0)
                    .set("y", y - 6.0)
                    .set("width", 16)
                    .set("height", 11)
                    .set("fill", "#2563eb")
                    .set("stroke", "#1e3a8a")
                    .set("stroke-width", 1.2),
            )
            .add(
                Path::new()
                    .set(
                        "d",
                        format!("M{} L{}", point(x - 8.0, y - 1.0), point(x + 8.0, y - 1.0)),
                    )
                    .set("stroke", "#bfdbfe")
                    .set("stroke-width", 1.2),
            ),
        other => g
            .add(
                Circle::new()
                    .set("cx", x)
                    .set("cy", y)
                    .set("r", 7)
                    .set("fill", "#f8fafc")
                    .set("stroke", "#1f2937")
                    .set("stroke-width", 1.2),
            )
            .add(
                Text::new(
                    other
                        .chars()
                        .next()
                        .map(|c| c.to_ascii_uppercase().to_string())
                        .unwrap_or_default(),
                )
                .set("x", x)
                .set("y", y + 3.5)
                .set("text-anchor", "middle")
                .set("font-size", 10)
                .set("font-family", "sans-serif")
                .set("fill", "#1f2937"),
            ),
    }
}

/// The axis a road or river runs straight across the tile along, if it
/// does: `true` north to south, `false` west to east.
fn straight(f: &Feature) -> Option<bool> {
    if !matches!(f.kind, FeatureKind::Road | FeatureKind::River) {
        return None;
    }
    match f.edges[..] {
        [a, b] if a.opposite() == b => Some(matches!(a, Edge::N | Edge::S)),
        _ => None,
    }
}

/// Where a road crosses another road or a river straight across (a bridge
/// tile), the one written last passes over on a bridge: a deck with
/// parapets over the crossing.
fn bridge(tile: &Tile, g: Group) -> Group {
    let axes: Vec<(usize, bool)> = tile
        .features
        .iter()
        .enumerate()
        .filter_map(|(i, f)| straight(f).map(|a| (i, a)))
        .collect();
    let Some(&(_, along)) = axes.iter().rev().find(|(i, a)| {
        tile.features[*i].kind == FeatureKind::Road && axes.iter().any(|(_, b)| b != a)
    }) else {
        return g;
    };
    // In the tile's own square: the deck runs along the road over the
    // crossing, its parapets on both sides.
    let (half_w, half_l) = (9.0, 17.0);
    let (w, h) = if along {
        (half_w, half_l)
    } else {
        (half_l, half_w)
    };
    let deck = Rectangle::new()
        .set("x", C.0 - w)
        .set("y", C.1 - h)
        .set("width", 2.0 * w)
        .set("height", 2.0 * h)
        .set("fill", "#f4efe1");
    let parapet = |a: (f64, f64), b: (f64, f64)| {
        Path::new()
            .set("d", format!("M{} L{}", point(a.0, a.1), point(b.0, b.1)))
            .set("fill", "none")
            .set("stroke", "#4b3b22")
            .set("stroke-width", 3)
            .set("stroke-linecap", "round")
    };
    let (p1, p2) = if along {
        (
            ((C.0 - w, C.1 - h), (C.0 - w, C.1 + h)),
            ((C.0 + w, C.1 - h), (C.0 + w, C.1 + h)),
        )
    } else {
        (
            ((C.0 - w, C.1 - h), (C.0 + w, C.1 - h)),
            ((C.0 - w, C.1 + h), (C.0 + w, C.1 + h)),
        )
    };
    g.add(deck)
        .add(parapet(p1.0, p1.1))
        .add(parapet(p2.0, p2.1))
}

/// The shapes of one tile, in its own square, before rotation; the fields
/// in `hatched` are hatched, under the roads and cities that bound them.
pub(super) fn tile_group(tile: &Tile, hatched: &[usize]) -> Group {
    let any = tile.edges.iter().all(|e| *e == EdgeKind::Any);
    let mut g = Group::new().add(
        Rectangle::new()
            .set("width", T)
            .set("height", T)
            .set("fill", if any { "#c9c3b8" } else { "#8fbf5a" }),
    );
    // Inner edges (a start block's, the City of Carcassonne's): what no
    // field reaches along them is the block's own town.
    for e in tile
        .edges
        .iter()
        .enumerate()
        .filter(|(_, k)| **k == EdgeKind::Inner)
        .map(|(i, _)| crate::geometry::Edge::ALL[i])
    {
        for h in e.halves() {
            let field = tile.on_half[h.index()]
                .is_some_and(|f| tile.features[f].kind == FeatureKind::Field);
            if !field {
                let [a, b, c] = half_triangle(h);
                g = g.add(
                    Path::new()
                        .set(
                            "d",
                            format!(
                                "M{} L{} L{} Z",
                                point(a.0, a.1),
                                point(b.0, b.1),
                                point(c.0, c.1)
                            ),
                        )
                        .set("fill", "#c49a5a")
                        .set("stroke", "#c49a5a")
                        .set("stroke-width", 0.6),
                );
            }
        }
    }
    for &f in hatched {
        g = g.add(highlight_shape(tile, f));
    }
    // Rivers and roads under cities, so that roads end at city walls.
    for f in &tile.features {
        let Some(d) = path_of(f) else { continue };
        match f.kind {
            FeatureKind::River => {
                // Square ends at the tile's edges, so that rivers meet their
                // neighbours' exactly; a river that ends on the tile (the
                // spring, the lake) ends in a pool.
                g = g.add(
                    Path::new()
                        .set("d", d)
                        .set("fill", "none")
                        .set("stroke", "#3b82c4")
                        .set("stroke-width", 16),
                );
                if f.edges.len() == 1 {
                    g = g.add(
                        Circle::new()
                            .set("cx", C.0)
                            .set("cy", C.1)
                            .set("r", 13)
                            .set("fill", "#3b82c4"),
                    );
                }
            }
            FeatureKind::Road => {
                g = g
                    .add(
                        Path::new()
                            .set("d", d.clone())
                            .set("fill", "none")
                            .set("stroke", "#6b5a3a")
                            .set("stroke-width", 11),
                    )
                    .add(
                        Path::new()
                            .set("d", d)
                            .set("fill", "none")
                            .set("stroke", "#f4efe1")
                            .set("stroke-width", 7),
                    );
            }
            _ => {}
        }
    }
    g = bridge(tile, g);
    for f in tile.features.iter().filter(|f| f.kind == FeatureKind::City) {
        if let Some(d) = city_path(f) {
            g = g.add(
                Path::new()
                    .set("d", d)
                    .set("fill", "#c49a5a")
                    .set("stroke", "#c49a5a")
                    .set("stroke-width", 0.6),
            );
        } else if !f.landmark {
            g = g.add(
                Circle::new()
                    .set("cx", C.0)
                    .set("cy", C.1)
                    .set("r", 16)
                    .set("fill", "#c49a5a"),
            );
        }
    }
    // Walls after every city's ground: where two cities cross (a bridge
    // tile), both pairs of walls show.
    for f in tile.features.iter().filter(|f| f.kind == FeatureKind::City) {
        // Walls: where the city meets the field.
        if f.edges.len() >= 2 {
            for (from, ctrl, to) in city_runs(f).1 {
                if let Some(c) = ctrl {
                    g = g.add(
                        Path::new()
                            .set(
                                "d",
                                format!(
                                    "M{} Q{} {}",
                                    point(from.0, from.1),
                                    point(c.0, c.1),
                                    point(to.0, to.1)
                                ),
                            )
                            .set("fill", "none")
                            .set("stroke", "#6b4f2a")
                            .set("stroke-width", 3),
                    );
                }
            }
        } else if let Some(d) = city_path(f) {
            g = g.add(
                Path::new()
                    .set("d", d)
                    .set("fill", "none")
                    .set("stroke", "#6b4f2a")
                    .set("stroke-width", 2.5),
            );
        }
    }
    if tile.tower {
        // The tower foundation: a grey square with battlements.
        g = g.add(
            Path::new()
                .set(
                    "d",
                    format!(
                        "M{l},{b} V{t} h3 v3 h3 v-3 h3 v3 h3 v-3 h3 V{b} Z",
                        l = C.0 - 7.5,
                        t = C.1 - 8.0,
                        b = C.1 + 7.0
                    ),
                )
                .set("fill", "#9a9a94")
                .set("stroke", "#3c3c38")
                .set("stroke-width", 1.2),
        );
    }
    for (k, symbol) in tile.symbols.iter().enumerate() {
        g = g.add(symbol_art(tile, symbol, k));
    }
    if tile.village {
        g = g.add(
            Rectangle::new()
                .set("x", C.0 - 7.0)
                .set("y", C.1 - 7.0)
                .set("width", 14)
                .set("height", 14)
                .set("fill", "#7c3f1d")
                .set("stroke", "#3f1f0e")
                .set("stroke-width", 1.5),
        );
    }
    g.add(
        Rectangle::new()
            .set("width", T)
            .set("height", T)
            .set("fill", "none")
            .set("stroke", "#3d4a2a")
            .set("stroke-width", 1),
    )
}

/// A symbol a tile shows (the `k`th), small, where it hides no feature's
/// middle: the picture its expansion gives it (in the princess's city for
/// the princess), else a disc with its word's first letter.
fn symbol_art(tile: &Tile, symbol: &str, k: usize) -> Group {
    let mark = crate::expansions::mark(symbol).map(|(_, m)| m);
    let (x, y) = match (mark.is_some_and(|m| m.in_city), tile.marked_city) {
        (true, Some(city)) => {
            let (ax, ay) = anchor(tile, city);
            (ax - 14.0, ay + 2.0)
        }
        #[allow(clippy::cast_precision_loss, reason = "a tile shows a few symbols")]
        _ => (T * 0.24 + 20.0 * k as f64, T * 0.76),
    };
    let group = Group::new().set("transform", format!("translate({x} {y})"));
    let Some(mark) = mark else {
        let initial: String = symbol.chars().take(1).collect();
        return group
            .add(
                Circle::new()
                    .set("r", 8)
                    .set("fill", "#f5f0e1")
                    .set("stroke", "#3c3c38")
                    .set("stroke-width", 1.5),
            )
            .add(
                svg::node::element::Text::new(initial)
                    .set("y", 4)
                    .set("text-anchor", "middle")
                    .set("font-family", "sans-serif")
                    .set("font-size", 11)
                    .set("fill", "#3c3c38"),
            )
            .add(svg::node::element::Title::new(symbol));
    };
    let (d, fill, stroke, width) = mark.path;
    group
        .add(
            Path::new()
                .set("d", d)
                .set("fill", fill)
                .set("stroke", stroke)
                .set("stroke-width", width),
        )
        .add(svg::node::element::Title::new(symbol))
}

/// The colour that outlines one feature.
pub(super) const HIGHLIGHT: &str = "#ff2d95";

pub(super) fn highlight_shape(tile: &Tile, feature: usize) -> Group {
    let f = &tile.features[feature];
    let colour = HIGHLIGHT;
    let mut g = Group::new();
    match f.kind {
        FeatureKind::Field => {
            for h in &f.halves {
                let [a, b, c] = half_triangle(*h);
                g = g.add(
                    Polygon::new()
                        .set(
                            "points",
                            format!(
                                "{} {} {}",
                                point(a.0, a.1),
                                point(b.0, b.1),
                                point(c.0, c.1)
                            ),
                        )
                        .set("fill", "url(#carca-hatch)"),
                );
            }
        }
        FeatureKind::City => match city_path(f) {
            Some(d) => {
                g = g.add(
                    Path::new()
                        .set("d", d)
                        .set("fill", colour)
                        .set("fill-opacity", 0.35)
                        .set("stroke", colour)
                        .set("stroke-width", 4),
                );
            }
            None => {
                g = g.add(
                    Circle::new()
                        .set("cx", C.0)
                        .set("cy", C.1)
                        .set("r", 18)
                        .set("fill", "none")
                        .set("stroke", colour)
                        .set("stroke-width", 4),
                );
            }
        },
        FeatureKind::Road | FeatureKind::River => {
            if let Some(d) = path_of(f) {
                g = g.add(
                    Path::new()
                        .set("d", d)
                        .set("fill", "none")
                        .set("stroke", colour)
                        .set("stroke-opacity", 0.8)
                        .set("stroke-width", 9),
                );
            }
        }
        FeatureKind::Cloister => {
            g = g.add(
                Circle::new()
                    .set("cx", C.0)
                    .set("cy", C.1)
                    .set("r", 24)
                    .set("fill", "none")
                    .set("stroke", colour)
                    .set("stroke-width", 4),
            );
        }
    }
    g
}

/// A follower: upright, or lying down for a farmer; a big follower is
/// drawn half as large again.
pub(super) fn meeple(x: f64, y: f64, colour: &str, lying: bool, big: bool) -> Group {
    let body = "M0,-11 C4,-11 5,-8 4,-5 L10,-3 C12,-2 12,2 9,2 L6,2 L9,11 L2,11 L0,6 L-2,11 L-9,11 L-6,2 L-9,2 C-12,2 -12,-2 -10,-3 L-4,-5 C-5,-8 -4,-11 0,-11 Z";
    let turn = if lying { 90 } else { 0 };
    let scale = if big { 1.7 } else { 1.15 };
    Group::new()
        .set(
            "transform",
            format!("translate({x:.1},{y:.1}) rotate({turn}) scale({scale})"),
        )
        .add(
            Path::new()
                .set("d", body)
                .set("fill", colour)
                .set("stroke", "#ffffff")
                .set("stroke-width", 1.6),
        )
}

/// A companion a tile set declares: a small diamond in its owner's colour.
pub(super) fn token(x: f64, y: f64, colour: &str) -> Group {
    Group::new()
        .set("transform", format!("translate({x:.1},{y:.1})"))
        .add(
            Path::new()
                .set("d", "M0,-7 L6,0 L0,7 L-6,0 Z")
                .set("fill", colour)
                .set("stroke", "#ffffff")
                .set("stroke-width", 1.6),
        )
}

/// A follower the rules refused: its outline in the player's colour,
/// crossed out in red.
pub(super) fn refused_meeple(x: f64, y: f64, colour: &str) -> Group {
    let body = "M0,-11 C4,-11 5,-8 4,-5 L10,-3 C12,-2 12,2 9,2 L6,2 L9,11 L2,11 L0,6 L-2,11 L-9,11 L-6,2 L-9,2 C-12,2 -12,-2 -10,-3 L-4,-5 C-5,-8 -4,-11 0,-11 Z";
    Group::new()
        .set("transform", format!("translate({x:.1},{y:.1}) scale(1.15)"))
        .add(
            Path::new()
                .set("d", body)
                .set("fill", "#ffffff")
                .set("fill-opacity", 0.6)
                .set("stroke", colour)
                .set("stroke-width", 2.2)
                .set("stroke-dasharray", "3,2"),
        )
        .add(
            Path::new()
                .set("d", "M-11,-11 L11,11 M11,-11 L-11,11")
                .set("stroke", "#e00000")
                .set("stroke-width", 3)
                .set("stroke-linecap", "round"),
        )
}

/// One tile turned by `rot`, filling a square 100 units wide, with no
/// margin: the page of `carca serve` lays these out as its board.
#[must_use]
pub fn tile_svg(tile: &Tile, rot: Rotation) -> String {
    let turned = Group::new()
        .set(
            "transform",
            format!("rotate({} {} {})", rot.degrees(), T / 2.0, T / 2.0),
        )
        .add(tile_group(tile, &[]));
    Document::new()
        .set("viewBox", (0, 0, T, T))
        .set("width", T)
        .set("height", T)
        .set("font-family", "DejaVu Sans, Verdana, sans-serif")
        .add(turned)
        .add(ornaments(tile, rot))
        .to_string()
}

/// Where a follower on a feature of a tile turned by `rot` stands, as
/// fractions of the tile's side from its north-west corner (x east, y
/// south), as the pictures draw it.
#[must_use]
pub fn figure_point(tile: &Tile, feature: usize, rot: Rotation) -> (f64, f64) {
    let (x, y) = figure_at(tile, feature, rot);
    (x / T, y / T)
}
#[cfg(test)]
mod tests {
    use super::*;

    /// No two spots of any tile of any shipped set, at any rotation, lie
    /// closer than the gap, and every one lies inside its tile by half of
    /// it: the page's dots do not overlap, and figures do not hide one
    /// another.
    #[test]
    fn the_spots_of_every_shipped_tile_stand_apart_inside_it() {
        for name in crate::tileset::builtin::NAMES {
            let set = crate::tileset::builtin::prepared(name).expect("a shipped set");
            for t in &set.tiles {
                for rot in Rotation::ALL {
                    let at = spots(t, rot);
                    let holds: Vec<usize> = (0..t.features.len())
                        .filter(|&f| t.features[f].kind.holds_followers())
                        .collect();
                    for (k, &i) in holds.iter().enumerate() {
                        let (x, y) = at[i];
                        let m = SPOT_GAP / 2.0 - 1e-6;
                        assert!(
                            x >= m && y >= m && x <= T - m && y <= T - m,
                            "{name} {} rot {}: spot {i} at {x:.1},{y:.1}",
                            t.id,
                            rot.degrees()
                        );
                        for &j in &holds[k + 1..] {
                            let d = (at[i].0 - at[j].0).hypot(at[i].1 - at[j].1);
                            assert!(
                                d >= SPOT_GAP - 1e-6,
                                "{name} {} rot {}: spots {i} and {j} {d:.1} apart",
                                t.id,
                                rot.degrees()
                            );
                        }
                    }
                }
            }
        }
    }
}
