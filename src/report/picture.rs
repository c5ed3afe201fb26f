//! Pictures of boards and tile sets: SVG, PNG and the terminal.
//!
//! Every tile is drawn from its definition, never from an image, so a custom
//! tile set draws correctly with no extra work. In a tile's own 100 × 100
//! square (north up, before rotation): a city is the triangles from the
//! centre to its edges (a shallow cap when it has one edge), with walls where
//! it meets fields; roads and rivers run from their edges to the centre, or
//! curve through it; cloisters and villages are small buildings; fields are
//! the ground. Followers stand where their feature is; farmers lie down.

// Geometry reads best with x, y and the corners a, b, c.
#![allow(clippy::many_single_char_names)]

use std::fmt::Write;

use svg::Document;
use svg::node::element::{
    Circle, Definitions, Ellipse, Group, Line, Path, Pattern, Polygon, Rectangle, Text,
};

use crate::engine::Game;
use crate::geometry::{Edge, Half, Pos, Rotation};
use crate::tileset::model::PENNANT;
use crate::tileset::{EdgeKind, End, Feature, FeatureKind, Tile};

/// Size of a tile.
const T: f64 = 100.0;
/// Room around the board for coordinates.
const MARGIN: f64 = 40.0;

/// Height of the row of player colours under a board.
const LEGEND: f64 = 30.0;

/// One tile in a picture.
#[derive(Debug, Clone)]
pub struct Placed<'a> {
    /// The tile type.
    pub tile: &'a Tile,
    /// Where.
    pub at: Pos,
    /// How it is turned.
    pub rot: Rotation,
    /// A caption under the tile (tile sheets).
    pub caption: Option<String>,
}

/// A follower in a picture.
#[derive(Debug, Clone)]
pub struct Figure {
    /// Index into [`Scene::tiles`].
    pub tile: usize,
    /// The feature of that tile it stands on.
    pub feature: usize,
    /// Its colour (CSS).
    pub colour: String,
    /// How a terminal without colour shows it: its owner's initial.
    pub mark: char,
    /// Which figure: a big follower is drawn larger, a builder as a
    /// little tower, a pig as a pig.
    pub kind: crate::rules::Figure,
    /// A companion of a follower (a builder, a pig, or one a tile set
    /// declares): drawn beside where a follower of the feature stands.
    pub companion: bool,
}

/// The character that stands for a player in a picture without colour.
#[must_use]
pub fn initial(name: &str) -> char {
    name.chars()
        .find(|c| c.is_alphanumeric())
        .map_or('●', |c| c.to_uppercase().next().unwrap_or(c))
}

/// A character per player, different for each: the name's initial, or
/// its next letter when another player has that one, or a digit.
#[must_use]
pub fn marks(players: &[String]) -> Vec<char> {
    let mut taken: Vec<char> = Vec::new();
    for name in players {
        let letters = name
            .chars()
            .filter(|c| c.is_alphanumeric() && !c.is_control())
            .map(|c| c.to_uppercase().next().unwrap_or(c));
        let mark = letters
            .chain('1'..='9')
            .find(|c| !taken.contains(c))
            .unwrap_or('●');
        taken.push(mark);
    }
    taken
}

/// What a picture shows.
#[derive(Debug, Clone, Default)]
pub struct Scene<'a> {
    /// Tiles.
    pub tiles: Vec<Placed<'a>>,
    /// Followers.
    pub figures: Vec<Figure>,
    /// Segments (tile, feature) to outline: one feature across its tiles.
    pub highlight: Vec<(usize, usize)>,
    /// Positions to mark (placements that broke a rule).
    pub marks: Vec<Pos>,
    /// Followers the record deploys that the rules refused: drawn hollow
    /// and crossed out where they were put.
    pub refused: Vec<Figure>,
    /// Whether to write coordinates along the edges.
    pub coordinates: bool,
    /// The players, their colours and their marks, drawn as a legend.
    pub legend: Vec<(String, String, char)>,
}

/// Colours of players, by name where the name is a colour, else in turn.
#[must_use]
pub fn player_colour(name: &str, index: usize) -> String {
    const NAMED: [(&str, &str); 10] = [
        ("red", "#d62828"),
        ("blue", "#1d4ed8"),
        ("green", "#15803d"),
        ("yellow", "#eab308"),
        ("black", "#111111"),
        ("grey", "#6b7280"),
        ("gray", "#6b7280"),
        ("pink", "#ec4899"),
        ("purple", "#7e22ce"),
        ("orange", "#ea580c"),
    ];
    const CYCLE: [&str; 8] = [
        "#d62828", "#1d4ed8", "#15803d", "#eab308", "#111111", "#7e22ce", "#ec4899", "#6b7280",
    ];
    let lower = name.to_ascii_lowercase();
    if let Some((_, c)) = NAMED.iter().find(|(n, _)| *n == lower) {
        return (*c).to_string();
    }
    CYCLE[index % CYCLE.len()].to_string()
}

impl<'a> Scene<'a> {
    /// The board of a game: every tile, every follower still out.
    #[must_use]
    pub fn of_game(game: &'a Game<'a>, players: &[String]) -> Scene<'a> {
        let tiles = game
            .placed()
            .iter()
            .map(|p| Placed {
                tile: game.tile(p.tile),
                at: p.pos,
                rot: p.rot,
                caption: None,
            })
            .collect();
        let player_marks = marks(players);
        let figures = game
            .followers()
            .iter()
            .filter(|f| f.on_board)
            .map(|f| {
                let name = players.get(f.player).map_or("", String::as_str);
                Figure {
                    tile: f.placed,
                    feature: f.feature,
                    colour: player_colour(name, f.player),
                    mark: player_marks.get(f.player).copied().unwrap_or('●'),
                    kind: f.figure,
                    companion: !game.figures().is_follower(f.figure),
                }
            })
            .collect();
        let legend = players
            .iter()
            .enumerate()
            .map(|(i, p)| (p.clone(), player_colour(p, i), player_marks[i]))
            .collect();
        Scene {
            tiles,
            figures,
            highlight: Vec::new(),
            marks: Vec::new(),
            refused: Vec::new(),
            coordinates: true,
            legend,
        }
    }

    /// Every tile of a set in rows, each with its id and count.
    #[must_use]
    pub fn sheet(tiles: &'a [Tile]) -> Scene<'a> {
        let per_row = 6;
        let tiles = tiles
            .iter()
            .enumerate()
            .map(|(i, t)| Placed {
                tile: t,
                at: Pos::new((i % per_row) as i32 * 2, -((i / per_row) as i32) * 2),
                rot: Rotation::R0,
                caption: Some(format!(
                    "{} ×{}{}",
                    t.id,
                    t.count,
                    if t.per_player { " per player" } else { "" }
                )),
            })
            .collect();
        Scene {
            tiles,
            coordinates: false,
            ..Scene::default()
        }
    }

    fn bounds(&self) -> (i32, i32, i32, i32) {
        let xs = self
            .tiles
            .iter()
            .map(|t| t.at.x)
            .chain(self.marks.iter().map(|m| m.x));
        let ys = self
            .tiles
            .iter()
            .map(|t| t.at.y)
            .chain(self.marks.iter().map(|m| m.y));
        let (min_x, max_x) = xs.fold((i32::MAX, i32::MIN), |(a, b), x| (a.min(x), b.max(x)));
        let (min_y, max_y) = ys.fold((i32::MAX, i32::MIN), |(a, b), y| (a.min(y), b.max(y)));
        if min_x > max_x {
            (0, 0, 0, 0)
        } else {
            (min_x, max_x, min_y, max_y)
        }
    }
}

fn point(x: f64, y: f64) -> String {
    format!("{x:.1},{y:.1}")
}

fn corner(e: Edge, second: bool) -> (f64, f64) {
    // The corners of an edge, clockwise.
    match (e, second) {
        (Edge::N, false) | (Edge::W, true) => (0.0, 0.0),
        (Edge::N, true) | (Edge::E, false) => (T, 0.0),
        (Edge::E, true) | (Edge::S, false) => (T, T),
        (Edge::S, true) | (Edge::W, false) => (0.0, T),
    }
}

fn mid(e: Edge) -> (f64, f64) {
    match e {
        Edge::N => (T / 2.0, 0.0),
        Edge::E => (T, T / 2.0),
        Edge::S => (T / 2.0, T),
        Edge::W => (0.0, T / 2.0),
    }
}

const C: (f64, f64) = (T / 2.0, T / 2.0);

/// The triangle of a half-edge: centre, edge middle, corner.
fn half_triangle(h: Half) -> [(f64, f64); 3] {
    let e = h.edge();
    let first = e.halves()[0] == h;
    [C, mid(e), corner(e, !first)]
}

fn city_path(f: &Feature) -> Option<String> {
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
fn city_runs(
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
fn cloister_centre(tile: &Tile) -> (f64, f64) {
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
fn figure_at(tile: &Tile, feature: usize, rot: Rotation) -> (f64, f64) {
    let (x, y) = turned(anchor(tile, feature), rot);
    if tile.features[feature].kind == FeatureKind::Cloister {
        (x + 24.0, y + 8.0)
    } else {
        (x, y)
    }
}

/// Where a follower stands on a feature, in the tile's own square.
fn anchor(tile: &Tile, feature: usize) -> (f64, f64) {
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

fn path_of(f: &Feature) -> Option<String> {
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
        _ => None,
    }
}

/// A point of a tile's own square after the tile is turned by `rot`.
fn turned(p: (f64, f64), rot: Rotation) -> (f64, f64) {
    let (dx, dy) = (p.0 - T / 2.0, p.1 - T / 2.0);
    let (dx, dy) = match rot.quarters() {
        1 => (-dy, dx),
        2 => (-dx, -dy),
        3 => (dy, -dx),
        _ => (dx, dy),
    };
    (T / 2.0 + dx, T / 2.0 + dy)
}

/// What stays upright however the tile is turned: cloisters and pennants,
/// in the tile's square on the board.
fn ornaments(tile: &Tile, rot: Rotation) -> Group {
    let mut g = Group::new();
    for (i, f) in tile.features.iter().enumerate() {
        if f.kind != FeatureKind::City || f.pennants() == 0 {
            continue;
        }
        let (ax, ay) = anchor(tile, i);
        let (x, y) = turned((ax + 14.0, ay - 10.0), rot);
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
            let (x, y) = turned((ax - 14.0 - shift, ay - 10.0), rot);
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
fn modifier_symbol(name: &str, x: f64, y: f64) -> Group {
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

/// The shapes of one tile, in its own square, before rotation; the fields
/// in `hatched` are hatched, under the roads and cities that bound them.
fn tile_group(tile: &Tile, hatched: &[usize]) -> Group {
    let any = tile.edges.iter().all(|e| *e == EdgeKind::Any);
    let mut g = Group::new().add(
        Rectangle::new()
            .set("width", T)
            .set("height", T)
            .set("fill", if any { "#c9c3b8" } else { "#8fbf5a" }),
    );
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
    for f in tile.features.iter().filter(|f| f.kind == FeatureKind::City) {
        if let Some(d) = city_path(f) {
            g = g.add(
                Path::new()
                    .set("d", d)
                    .set("fill", "#c49a5a")
                    .set("stroke", "#c49a5a")
                    .set("stroke-width", 0.6),
            );
        } else {
            g = g.add(
                Circle::new()
                    .set("cx", C.0)
                    .set("cy", C.1)
                    .set("r", 16)
                    .set("fill", "#c49a5a"),
            );
        }
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

/// The colour that outlines one feature.
const HIGHLIGHT: &str = "#ff2d95";

fn highlight_shape(tile: &Tile, feature: usize) -> Group {
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
fn meeple(x: f64, y: f64, colour: &str, lying: bool, big: bool) -> Group {
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

/// A companion a tile set declares: a small diamond in its owner's colour.
fn token(x: f64, y: f64, colour: &str) -> Group {
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

/// A follower the rules refused: its outline in the player's colour,
/// crossed out in red.
fn refused_meeple(x: f64, y: f64, colour: &str) -> Group {
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

/// Where a tile's square starts in the picture, and the picture's size.
fn layout(scene: &Scene) -> (impl Fn(Pos) -> (f64, f64), f64, f64) {
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
        // The anchor turns with the tile; the figure stays upright.
        let (ax, ay) = figure_at(p.tile, fig.feature, p.rot);
        let lying = p.tile.features[fig.feature].kind == FeatureKind::Field;
        doc = doc.add(match fig.kind {
            // Beside where a follower of the feature would stand.
            crate::rules::Figure::BUILDER => builder(x0 + ax + 12.0, y0 + ay + 6.0, &fig.colour),
            crate::rules::Figure::PIG => pig(x0 + ax + 12.0, y0 + ay + 8.0, &fig.colour),
            _ if fig.companion => token(x0 + ax + 12.0, y0 + ay + 6.0, &fig.colour),
            kind => meeple(
                x0 + ax,
                y0 + ay,
                &fig.colour,
                lying,
                kind == crate::rules::Figure::BIG,
            ),
        });
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

/// What a picture is drawn as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// Characters in a terminal.
    Terminal,
    /// SVG text.
    Svg,
    /// A PNG image.
    Png,
}

/// The widest and tallest board a terminal picture shows, in squares.
pub const MAX_TERMINAL_SIDE: u64 = 250;
/// The widest and tallest board an SVG or PNG picture shows, in squares.
pub const MAX_PICTURE_SIDE: u64 = 5_000;
/// The most tiles an SVG or PNG picture draws.
pub const MAX_PICTURE_TILES: usize = 50_000;
/// The longest side of a PNG image, in pixels; a larger board is drawn
/// smaller.
pub const MAX_PNG_SIDE: u32 = 16_384;
/// The most pixels of a PNG image (256 MiB of colour); a larger board is
/// drawn smaller.
pub const MAX_PNG_PIXELS: u32 = 64 * 1024 * 1024;

impl Scene<'_> {
    /// The squares the picture spans, across and down.
    #[must_use]
    pub fn extent(&self) -> (u64, u64) {
        let (min_x, max_x, min_y, max_y) = self.bounds();
        (
            u64::try_from(i64::from(max_x) - i64::from(min_x) + 1).unwrap_or(u64::MAX),
            u64::try_from(i64::from(max_y) - i64::from(min_y) + 1).unwrap_or(u64::MAX),
        )
    }

    /// Whether the scene can be drawn as `target` within carca's bounds on
    /// pictures; if not, why, in a sentence with what to do instead.
    pub fn check_size(&self, target: Target) -> Result<(), String> {
        let (w, h) = self.extent();
        let side = match target {
            Target::Terminal => MAX_TERMINAL_SIDE,
            Target::Svg | Target::Png => MAX_PICTURE_SIDE,
        };
        if w > side || h > side {
            let instead = match target {
                Target::Terminal => "; write it to a file instead (-o board.svg)",
                Target::Svg | Target::Png => "",
            };
            return Err(format!(
                "the board spans {w} × {h} squares, more than the {side} × {side} a picture shows{instead}"
            ));
        }
        if target != Target::Terminal && self.tiles.len() > MAX_PICTURE_TILES {
            return Err(format!(
                "the board has {} tiles, more than the {MAX_PICTURE_TILES} a picture draws",
                self.tiles.len()
            ));
        }
        Ok(())
    }
}

/// The picture as PNG bytes, rasterised from the SVG (pure Rust; text uses
/// the fonts installed on the machine, and is left out where there are none).
/// A picture larger than [`MAX_PNG_SIDE`] or [`MAX_PNG_PIXELS`] is scaled
/// down to fit.
pub fn png(svg_text: &str) -> Result<Vec<u8>, String> {
    let mut options = resvg::usvg::Options::default();
    options.fontdb_mut().load_system_fonts();
    let tree = resvg::usvg::Tree::from_str(svg_text, &options).map_err(|e| e.to_string())?;
    let size = tree.size();
    let (w, h) = (f64::from(size.width()), f64::from(size.height()));
    let longest = f64::from(MAX_PNG_SIDE);
    let pixels = f64::from(MAX_PNG_PIXELS);
    let scale = 1.0_f64
        .min(longest / w)
        .min(longest / h)
        .min((pixels / (w * h)).sqrt());
    let (pw, ph) = ((w * scale).floor().max(1.0), (h * scale).floor().max(1.0));
    let mut pixmap = resvg::tiny_skia::Pixmap::new(pw as u32, ph as u32)
        .ok_or("the picture is empty or too large")?;
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::from_scale(scale as f32, scale as f32),
        &mut pixmap.as_mut(),
    );
    pixmap.encode_png().map_err(|e| e.to_string())
}

/// The picture for a terminal: each tile as 5 × 3 characters, in colour or
/// plain.
#[must_use]
pub fn terminal(scene: &Scene, colour: bool) -> String {
    let (min_x, max_x, min_y, max_y) = scene.bounds();
    if scene.tiles.is_empty() {
        return String::new();
    }
    let cols = (max_x - min_x + 1) as usize * 5 + 5;
    let captions = scene.tiles.iter().any(|t| t.caption.is_some());
    let rows = (max_y - min_y + 1) as usize * 3 + usize::from(captions);
    // (character, colour code) per cell.
    let mut grid: Vec<Vec<(char, &str)>> = vec![vec![(' ', ""); cols]; rows];
    let field = "32";
    for (i, p) in scene.tiles.iter().enumerate() {
        let ox = (p.at.x - min_x) as usize * 5;
        let oy = (max_y - p.at.y) as usize * 3;
        let t = p.tile;
        let kind_at = |e: Edge| t.edge_kind(e, p.rot);
        let feature_at_edge = |e: Edge| t.feature_on_edge(e, p.rot).map(|f| t.features[f].kind);
        let mut cells = [[('·', field); 5]; 3];
        // Corners and halves: city when both touching edges are city.
        let city = |e: Edge| kind_at(e) == EdgeKind::City;
        for (r, c, a, b) in [
            (0, 0, Edge::N, Edge::W),
            (0, 4, Edge::N, Edge::E),
            (2, 0, Edge::S, Edge::W),
            (2, 4, Edge::S, Edge::E),
        ] {
            if city(a) && city(b) {
                cells[r][c] = ('▓', "33");
            }
        }
        for (e, cells_of) in [
            (Edge::N, vec![(0, 1), (0, 2), (0, 3)]),
            (Edge::S, vec![(2, 1), (2, 2), (2, 3)]),
            (Edge::W, vec![(1, 0)]),
            (Edge::E, vec![(1, 4)]),
        ] {
            let k = kind_at(e);
            for (r, c) in cells_of {
                let middle = (r == 1) || c == 2;
                cells[r][c] = match (k, middle, feature_at_edge(e)) {
                    (EdgeKind::City, _, _) => ('▓', "33"),
                    (EdgeKind::Road, true, _) => (
                        if matches!(e, Edge::N | Edge::S) {
                            '│'
                        } else {
                            '─'
                        },
                        "37",
                    ),
                    (EdgeKind::River, true, _) => ('~', "34"),
                    (EdgeKind::Any, _, _) => ('░', "90"),
                    _ => cells[r][c],
                };
            }
        }
        // The middle.
        let roads: Vec<Edge> = Edge::ALL
            .into_iter()
            .filter(|e| kind_at(*e) == EdgeKind::Road)
            .collect();
        let rivers = Edge::ALL.into_iter().any(|e| kind_at(e) == EdgeKind::River);
        let cities = t
            .features
            .iter()
            .filter(|f| f.kind == FeatureKind::City)
            .map(|f| f.edges.len())
            .max()
            .unwrap_or(0);
        cells[1][2] = if t.cloister.is_some() {
            ('⌂', "31")
        } else if cities >= 2 {
            ('▓', "33")
        } else if t.village || roads.len() >= 3 {
            ('•', "37")
        } else if roads.len() == 2 {
            let has = |e| roads.contains(&e);
            let c = match (has(Edge::N), has(Edge::E), has(Edge::S), has(Edge::W)) {
                (true, _, true, _) => '│',
                (_, true, _, true) => '─',
                (true, true, ..) => '└',
                (true, .., true) => '┘',
                (_, true, true, _) => '┌',
                _ => '┐',
            };
            (c, "37")
        } else if rivers {
            ('~', "34")
        } else {
            cells[1][2]
        };
        // Between the west and east edges and the middle.
        for (e, c) in [(Edge::W, 1), (Edge::E, 3)] {
            match kind_at(e) {
                EdgeKind::Road => cells[1][c] = ('─', "37"),
                EdgeKind::River => cells[1][c] = ('~', "34"),
                EdgeKind::City => cells[1][c] = ('▓', "33"),
                _ => {}
            }
        }
        for (r, row) in cells.iter().enumerate() {
            for (c, cell) in row.iter().enumerate() {
                grid[oy + r][ox + c] = *cell;
            }
        }
        // Pennants, on their city.
        for (f, feature) in t.features.iter().enumerate() {
            if feature.kind == FeatureKind::City && feature.pennants() > 0 {
                // Beside where a knight would stand, as in SVG pictures.
                let (ax, ay) = anchor(t, f);
                let (ax, ay) = turned((ax + 14.0, ay - 10.0), p.rot);
                let (c, r) = cell(ax, ay);
                grid[oy + r][ox + c] = ('★', "1;33");
            }
        }
        // Other modifiers: ▲ an inn, ✚ a cathedral, else an initial.
        for (f, feature) in t.features.iter().enumerate() {
            for e in feature.extras.iter().filter(|e| e.modifier != PENNANT) {
                let (ax, ay) = anchor(t, f);
                let (ax, ay) = turned((ax - 14.0, ay - 10.0), p.rot);
                let (c, r) = cell(ax, ay);
                let mark = match e.modifier.as_str() {
                    "inn" => '▲',
                    "cathedral" => '✚',
                    other => other.chars().next().map_or('?', |c| c.to_ascii_uppercase()),
                };
                grid[oy + r][ox + c] = (mark, "1;35");
            }
        }
        if let Some(caption) = &p.caption {
            for (k, ch) in caption.chars().take(9).enumerate() {
                grid[oy + 3][ox + k] = (ch, "");
            }
        }
        // Followers on this tile.
        for fig in scene.figures.iter().filter(|f| f.tile == i) {
            let (ax, ay) = figure_at(t, fig.feature, p.rot);
            let (c, r) = cell(ax, ay);
            // Without colour, the owner's initial tells followers apart.
            let mark = match (colour, fig.kind) {
                (true, crate::rules::Figure::BIG) => '⬤',
                (true, crate::rules::Figure::BUILDER) => '⌂',
                (true, crate::rules::Figure::PIG) => '∞',
                (true, _) if fig.companion => '◆',
                (true, _) => '●',
                (false, _) => fig.mark,
            };
            grid[oy + r][ox + c] = (mark, ansi_for(&fig.colour));
        }
    }
    let mut out = String::new();
    let label_w = if scene.coordinates {
        [min_y, max_y]
            .iter()
            .map(|y| y.to_string().len())
            .max()
            .unwrap_or(1)
    } else {
        0
    };
    if scene.coordinates {
        let mut header = " ".repeat(label_w + 1);
        for x in min_x..=max_x {
            let _ = write!(header, "{x:^5}");
        }
        out.push_str(header.trim_end());
        out.push('\n');
    }
    for (r, row) in grid.iter().enumerate() {
        let y = max_y - (r / 3) as i32;
        if scene.coordinates && r % 3 == 1 {
            let _ = write!(out, "{y:>label_w$} ");
        } else if scene.coordinates {
            out.push_str(&" ".repeat(label_w + 1));
        }
        let mut line = String::new();
        for &(ch, code) in row {
            if colour && !code.is_empty() {
                let _ = write!(line, "\x1b[{code}m{ch}\x1b[0m");
            } else {
                line.push(ch);
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    if !scene.legend.is_empty() {
        let items: Vec<String> = scene
            .legend
            .iter()
            .map(|(name, c, mark)| {
                let shown = crate::text::name(name);
                if colour {
                    format!("\x1b[{}m●\x1b[0m {shown}", ansi_for(c))
                } else {
                    format!("{mark} {shown}")
                }
            })
            .collect();
        out.push('\n');
        out.push_str(&items.join("   "));
        out.push('\n');
    }
    out
}

/// The character cell (column, row) of a point of a tile's square.
fn cell(x: f64, y: f64) -> (usize, usize) {
    (
        (x / T * 4.99).clamp(0.0, 4.0) as usize,
        (y / T * 2.99).clamp(0.0, 2.0) as usize,
    )
}

fn ansi_for(colour: &str) -> &'static str {
    match colour {
        "#d62828" | "#ea580c" => "1;31",
        "#1d4ed8" => "1;34",
        "#15803d" => "1;32",
        "#eab308" => "1;33",
        "#7e22ce" | "#ec4899" => "1;35",
        "#6b7280" => "1;37",
        _ => "1;30",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tile(set: &str, id: &str) -> Tile {
        crate::loader::Loader::default()
            .builtin_set(set)
            .expect("built-in set")
            .tile(id)
            .expect("tile")
            .clone()
    }

    #[test]
    fn a_city_across_the_tile_is_one_band_with_two_walls() {
        for id in ["F", "G"] {
            let t = tile("base", id);
            let city = t
                .features
                .iter()
                .find(|f| f.kind == FeatureKind::City)
                .expect("city");
            let (_, steps) = city_runs(city);
            let walls: Vec<_> = steps.iter().filter_map(|(_, c, _)| *c).collect();
            assert_eq!(walls.len(), 2, "{id}: a wall on each field side");
            // Each wall bows in from its edge and stays clear of the middle,
            // so the two halves of the city never meet at a point.
            for w in walls {
                assert!(
                    (w.0 - C.0).abs() > 1.0 || (w.1 - C.1).abs() > 1.0,
                    "{id}: {w:?}"
                );
            }
        }
        // A city over two adjacent edges keeps its diagonal wall.
        let n = tile("base", "N");
        let city = n
            .features
            .iter()
            .find(|f| f.kind == FeatureKind::City)
            .expect("city");
        let walls: Vec<_> = city_runs(city)
            .1
            .iter()
            .filter_map(|(_, c, _)| *c)
            .collect();
        assert_eq!(walls, [C]);
    }

    #[test]
    fn a_cloister_stands_beside_a_river_and_a_monk_beside_the_cloister() {
        assert_eq!(cloister_centre(&tile("base", "B")), C);
        assert_eq!(
            cloister_centre(&tile("base", "A")),
            C,
            "a road ending at it"
        );
        let by_river = tile("river", "cloister-road");
        let at = cloister_centre(&by_river);
        assert!(at.1 < C.1 - 20.0, "north of the river: {at:?}");
        let b = tile("base", "B");
        let monk = figure_at(
            &b,
            b.cloister.expect("cloister"),
            Rotation::from_degrees(180).expect("rotation"),
        );
        assert!(
            (monk.0 - C.0).abs() >= 20.0,
            "not in front of the cloister: {monk:?}"
        );
    }

    #[test]
    fn rivers_end_at_the_tile_edge() {
        for id in ["straight", "spring", "curve"] {
            let svg = Document::new()
                .add(tile_group(&tile("river", id), &[]))
                .to_string();
            assert!(!svg.contains("stroke-linecap=\"round\""), "{id}: {svg}");
        }
    }

    #[test]
    fn farms_are_hatched_not_tinted() {
        let d = tile("base", "D");
        let field = d
            .features
            .iter()
            .position(|f| f.kind == FeatureKind::Field)
            .expect("field");
        let svg = Document::new().add(tile_group(&d, &[field])).to_string();
        assert!(svg.contains("url(#carca-hatch)"), "{svg}");
        assert!(!svg.contains("fill-opacity"), "{svg}");
    }

    #[test]
    fn every_player_has_a_mark_of_their_own() {
        let players: Vec<String> = ["red", "rose", "Red", "", "ruby"]
            .map(String::from)
            .to_vec();
        assert_eq!(marks(&players), ['R', 'O', 'E', '1', 'U']);
    }

    #[test]
    fn terminal_pictures_show_pennants_marks_and_a_legend() {
        let c = tile("base", "C");
        let scene = Scene {
            tiles: vec![Placed {
                tile: &c,
                at: Pos::new(0, 0),
                rot: Rotation::default(),
                caption: None,
            }],
            figures: vec![Figure {
                tile: 0,
                feature: 0,
                colour: player_colour("blue", 1),
                mark: 'B',
                kind: crate::rules::Figure::FOLLOWER,
                companion: false,
            }],
            legend: vec![("blue".into(), player_colour("blue", 1), 'B')],
            ..Scene::default()
        };
        let plain = terminal(&scene, false);
        assert!(plain.contains('★'), "{plain}");
        assert!(plain.contains('B') && !plain.contains('●'), "{plain}");
        assert!(plain.ends_with("B blue\n"), "{plain}");
        let coloured = terminal(&scene, true);
        assert!(coloured.contains('●'), "{coloured}");
    }
}
