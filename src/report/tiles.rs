//! Text pictures of tiles and tile-set statistics (`carca tiles show`).
//!
//! A tile is drawn as a 13×7 character grid in its canonical orientation
//! (north up). Cities are capital letters, fields small letters, roads box
//! lines, rivers `~`, a cloister `⌂`, a village `•`, pennants `★`, edges
//! that match anything `*`. A legend beside the picture names each feature.

use std::collections::VecDeque;
use std::fmt::Write;

use crate::geometry::{Edge, Half};
use crate::tileset::{EdgeKind, End, FeatureKind, Tile, TileSet};

const W: usize = 13;
const H: usize = 7;
const CX: usize = 6;
const CY: usize = 3;

/// Draws every tile of the set (or one) and the set's statistics.
#[must_use]
pub fn show_set(set: &TileSet, only: Option<&str>) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "tile set {}", crate::text::name(&set.name));
    if let Some(d) = &set.description {
        let _ = writeln!(out, "{}", crate::text::message(d));
    }
    for t in set
        .tiles
        .iter()
        .filter(|t| only.is_none_or(|id| t.id == id))
    {
        out.push('\n');
        out.push_str(&show_tile(t));
    }
    if only.is_none() {
        out.push('\n');
        out.push_str(&stats(set));
    }
    out
}

/// Labels for a tile's features: cities `A B …`, fields `a b …`.
fn labels(tile: &Tile) -> Vec<char> {
    let (mut city, mut field) = (b'A', b'a');
    tile.features
        .iter()
        .map(|f| match f.kind {
            FeatureKind::City => {
                city = city.saturating_add(1);
                char::from(city - 1)
            }
            FeatureKind::Field => {
                field = field.saturating_add(1);
                char::from(field - 1)
            }
            FeatureKind::Road => '─',
            FeatureKind::River => '~',
            FeatureKind::Cloister => '⌂',
        })
        .collect()
}

/// The border cells of a half-edge.
fn half_cells(h: Half) -> Vec<(usize, usize)> {
    match h {
        Half::Nnw => (1..=5).map(|x| (x, 0)).collect(),
        Half::Nne => (7..=11).map(|x| (x, 0)).collect(),
        Half::Ene => (1..=2).map(|y| (W - 1, y)).collect(),
        Half::Ese => (4..=5).map(|y| (W - 1, y)).collect(),
        Half::Sse => (7..=11).map(|x| (x, H - 1)).collect(),
        Half::Ssw => (1..=5).map(|x| (x, H - 1)).collect(),
        Half::Wsw => (4..=5).map(|y| (0, y)).collect(),
        Half::Wnw => (1..=2).map(|y| (0, y)).collect(),
    }
}

fn mid_cell(e: Edge) -> (usize, usize) {
    match e {
        Edge::N => (CX, 0),
        Edge::E => (W - 1, CY),
        Edge::S => (CX, H - 1),
        Edge::W => (0, CY),
    }
}

/// Cells of the straight line from an edge's middle to the centre.
fn spoke(e: Edge) -> Vec<(usize, usize)> {
    match e {
        Edge::N => (0..=CY).map(|y| (CX, y)).collect(),
        Edge::S => (CY..H).map(|y| (CX, y)).collect(),
        Edge::E => (CX..W).map(|x| (x, CY)).collect(),
        Edge::W => (0..=CX).map(|x| (x, CY)).collect(),
    }
}

fn fill(
    grid: &mut [[Option<char>; W]; H],
    xs: std::ops::RangeInclusive<usize>,
    ys: std::ops::RangeInclusive<usize>,
    c: char,
) {
    for y in ys {
        for x in xs.clone() {
            grid[y][x] = Some(c);
        }
    }
}

/// The 13×7 picture of a tile, one string per row.
#[must_use]
pub fn picture(tile: &Tile) -> Vec<String> {
    let labels = labels(tile);
    let mut grid: [[Option<char>; W]; H] = [[None; W]; H];
    for e in Edge::ALL {
        if tile.edges[e.index()] == EdgeKind::Any {
            let cells: Vec<(usize, usize)> = e
                .halves()
                .into_iter()
                .flat_map(half_cells)
                .chain([mid_cell(e)])
                .collect();
            for (x, y) in cells {
                grid[y][x] = Some('*');
            }
        }
    }
    for (i, f) in tile.features.iter().enumerate() {
        if f.kind != FeatureKind::City {
            continue;
        }
        let c = labels[i];
        for e in &f.edges {
            match e {
                Edge::N => fill(&mut grid, 0..=W - 1, 0..=1, c),
                Edge::S => fill(&mut grid, 0..=W - 1, H - 2..=H - 1, c),
                Edge::E => fill(&mut grid, W - 3..=W - 1, 0..=H - 1, c),
                Edge::W => fill(&mut grid, 0..=2, 0..=H - 1, c),
            }
        }
        if f.edges.len() >= 2 {
            for e in &f.edges {
                match e {
                    Edge::N => fill(&mut grid, CX - 2..=CX + 2, 0..=CY, c),
                    Edge::S => fill(&mut grid, CX - 2..=CX + 2, CY..=H - 1, c),
                    Edge::E => fill(&mut grid, CX..=W - 1, CY - 1..=CY + 1, c),
                    Edge::W => fill(&mut grid, 0..=CX, CY - 1..=CY + 1, c),
                }
            }
        }
        if f.pennants() > 0
            && let Some(e) = f.edges.first()
        {
            let (x, y) = match e {
                Edge::N => (CX, 1),
                Edge::S => (CX, H - 2),
                Edge::E => (W - 2, CY),
                Edge::W => (1, CY),
            };
            grid[y][x] = Some('★');
        }
    }
    let city_cell = |grid: &[[Option<char>; W]; H], x: usize, y: usize| {
        grid[y][x].is_some_and(|c| c.is_ascii_uppercase() || c == '★')
    };
    let mut centre_edges: Vec<Edge> = Vec::new();
    for f in &tile.features {
        if !matches!(f.kind, FeatureKind::Road | FeatureKind::River) {
            continue;
        }
        for e in &f.edges {
            let line = match (f.kind, e) {
                (FeatureKind::River, _) => '~',
                (_, Edge::N | Edge::S) => '│',
                _ => '─',
            };
            for (x, y) in spoke(*e) {
                if (x, y) != (CX, CY) && !city_cell(&grid, x, y) {
                    grid[y][x] = Some(line);
                }
            }
        }
        if f.kind == FeatureKind::Road && (f.edges.len() == 2 || f.ends == Some(End::Village)) {
            centre_edges.extend(f.edges.iter().copied());
        }
    }
    let centre = if tile.cloister.is_some() {
        Some('⌂')
    } else if tile.village {
        Some('•')
    } else if tile.features.iter().any(|f| f.ends == Some(End::Inside)) {
        // Roads end at a house or a well: no feature, no follower.
        Some('▪')
    } else {
        corner_glyph(&centre_edges)
    };
    if let Some(c) = centre
        && !city_cell(&grid, CX, CY)
    {
        grid[CY][CX] = Some(c);
    }
    if grid[CY][CX].is_none() && tile.features.iter().any(|f| f.kind == FeatureKind::River) {
        grid[CY][CX] = Some('~');
    }
    // Fields: seed their border cells, then flood the rest.
    let mut queue = VecDeque::new();
    for h in Half::ALL {
        if let Some(f) = tile.on_half[h.index()]
            && tile.features[f].kind == FeatureKind::Field
        {
            for (x, y) in half_cells(h) {
                grid[y][x] = Some(labels[f]);
                queue.push_back((x, y));
            }
        }
    }
    while let Some((x, y)) = queue.pop_front() {
        let c = grid[y][x];
        let mut next = vec![];
        if x > 0 {
            next.push((x - 1, y));
        }
        if x + 1 < W {
            next.push((x + 1, y));
        }
        if y > 0 {
            next.push((x, y - 1));
        }
        if y + 1 < H {
            next.push((x, y + 1));
        }
        for (nx, ny) in next {
            if grid[ny][nx].is_none() {
                grid[ny][nx] = c;
                queue.push_back((nx, ny));
            }
        }
    }
    grid.iter()
        .map(|row| row.iter().map(|c| c.unwrap_or(' ')).collect())
        .collect()
}

fn corner_glyph(edges: &[Edge]) -> Option<char> {
    let has = |e| edges.contains(&e);
    Some(
        match (has(Edge::N), has(Edge::E), has(Edge::S), has(Edge::W)) {
            (true, false, true, false) => '│',
            (false, true, false, true) => '─',
            (true, true, false, false) => '└',
            (true, false, false, true) => '┘',
            (false, true, true, false) => '┌',
            (false, false, true, true) => '┐',
            _ => return None,
        },
    )
}

/// The legend: one line per feature.
fn legend(tile: &Tile) -> Vec<String> {
    let labels = labels(tile);
    tile.features
        .iter()
        .enumerate()
        .map(|(i, f)| {
            let mut line = format!("{}  {}", labels[i], f.describe());
            for e in &f.extras {
                let _ = write!(line, ", {}", super::award::extra(e.count, &e.modifier));
            }
            if f.no_base {
                line.push_str(", `castle: false`");
            }
            match f.ends {
                Some(End::Village) if tile.tower => line.push_str(", ends at the tower"),
                Some(End::Village) => line.push_str(", ends at the village"),
                Some(End::Inside) => line.push_str(", ends on the tile"),
                Some(End::Cloister) => line.push_str(", ends at the cloister"),
                Some(End::Water) => line.push_str(", ends in the tile (spring or lake)"),
                Some(End::Feature(j)) => {
                    let _ = write!(line, ", ends at {}", tile.features[j].describe());
                }
                None => {}
            }
            if f.landmark {
                line.push_str(
                    ", a landmark: complete, counts for the fields that touch it, never scores",
                );
            }
            for e in crate::geometry::Edge::ALL {
                if tile.shared[e.index()] == Some(i) {
                    let _ = write!(
                        line,
                        ", shares edge {} with city {}",
                        e.letter(),
                        tile.on_edge[e.index()].map_or('?', |c| labels[c])
                    );
                }
            }
            // What stands in a marked city: the tile's in-city symbol.
            let marks = tile
                .symbols
                .iter()
                .filter_map(|s| crate::expansions::mark(s));
            if tile.marked_city == Some(i)
                && let Some((_, m)) = marks.into_iter().find(|(_, m)| m.in_city)
            {
                let _ = write!(line, ", {} {} stands in it", m.article, m.label);
            }
            if !f.touches.is_empty() {
                let cities: Vec<String> = f
                    .touches
                    .iter()
                    .map(|c| format!("{}", labels[*c]))
                    .collect();
                let _ = write!(line, ", touches city {}", cities.join(" and "));
            }
            line
        })
        .collect()
}

/// One tile: a header line, then picture and legend side by side.
#[must_use]
pub fn show_tile(tile: &Tile) -> String {
    let mut head = format!("{} ×{}", tile.id, tile.count);
    if tile.per_player {
        head.push_str(" per player");
    }
    let _ = write!(head, "  edges {}", tile.edge_code());
    for (flag, word) in [
        (tile.start, "start tile"),
        (tile.last, "placed last"),
        (tile.hole_only, "only into a hole"),
        (tile.tower, "tower foundation"),
    ] {
        if flag {
            let _ = write!(head, ", {word}");
        }
    }
    if !tile.symbols.is_empty() {
        let shown: Vec<String> = tile
            .symbols
            .iter()
            .map(|s| {
                let article = crate::expansions::mark(s).map_or("a", |(_, m)| m.article);
                format!("{article} {s}")
            })
            .collect();
        let _ = write!(head, ", shows {}", shown.join(" and "));
    }
    let pic = picture(tile);
    let legend = legend(tile);
    let mut out = head + "\n";
    for i in 0..pic.len().max(legend.len()) {
        let left = pic.get(i).map_or(" ".repeat(W), Clone::clone);
        let line = match legend.get(i) {
            Some(l) => format!("  {left}   {l}"),
            None => format!("  {left}"),
        };
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// The set's statistics.
#[must_use]
pub fn stats(set: &TileSet) -> String {
    let total: u64 = set.tiles.iter().map(|t| u64::from(t.count)).sum();
    let per = |f: &dyn Fn(&Tile) -> u64| -> u64 {
        set.tiles.iter().map(|t| u64::from(t.count) * f(t)).sum()
    };
    let edge_count =
        |k: EdgeKind| per(&|t: &Tile| t.edges.iter().filter(|e| **e == k).count() as u64);
    let mut out = String::new();
    let _ = writeln!(out, "statistics for {}", crate::text::name(&set.name));
    let per_player = if set.tiles.iter().any(|t| t.per_player) {
        " (per-player tiles counted once)"
    } else {
        ""
    };
    let _ = writeln!(out, "  tile types  {}", set.tiles.len());
    let _ = writeln!(out, "  tiles       {total}{per_player}");
    let _ = writeln!(
        out,
        "  edges       {} city, {} road, {} field, {} river, {} any",
        edge_count(EdgeKind::City),
        edge_count(EdgeKind::Road),
        edge_count(EdgeKind::Field),
        edge_count(EdgeKind::River),
        edge_count(EdgeKind::Any),
    );
    let _ = writeln!(
        out,
        "  pennants    {}",
        per(&|t: &Tile| u64::from(t.pennants()))
    );
    // Other modifiers the tiles carry (inns, cathedrals, a designer's own),
    // in the order they first appear.
    let mut names: Vec<&str> = Vec::new();
    for e in set
        .tiles
        .iter()
        .flat_map(|t| &t.features)
        .flat_map(|f| &f.extras)
    {
        if e.modifier != crate::tileset::model::PENNANT && !names.contains(&e.modifier.as_str()) {
            names.push(&e.modifier);
        }
    }
    for name in names {
        let n = per(&|t: &Tile| t.features.iter().map(|f| u64::from(f.count_of(name))).sum());
        let _ = writeln!(
            out,
            "  {:<11} {n}",
            super::award::extra(2, name).trim_start_matches("2 ")
        );
    }
    let _ = writeln!(
        out,
        "  cloisters   {}",
        per(&|t: &Tile| u64::from(t.cloister.is_some()))
    );
    let figures: Vec<String> = set
        .figures
        .iter()
        .filter(|(_, n)| *n > 0)
        .map(|(f, n)| format!("{n} {f} per player"))
        .collect();
    if !figures.is_empty() {
        let _ = writeln!(out, "  figures     {}", figures.join(", "));
    }
    let _ = writeln!(
        out,
        "  start tile  {}",
        set.start()
            .map_or("none (played with another set)".to_string(), |t| t
                .id
                .clone())
    );
    out
}
