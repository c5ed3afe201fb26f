//! A board in the terminal: each tile a block of characters, figures as
//! marks in their owners' colours.

// Geometry reads best with x, y and the corners a, b, c.
#![allow(clippy::many_single_char_names)]

use super::tile_art::{anchor, figure_at, turned};
use std::fmt::Write;

use super::{Scene, T};
use crate::geometry::Edge;
use crate::tileset::model::PENNANT;
use crate::tileset::{EdgeKind, FeatureKind};

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
        // A tower's height in the middle, and the follower on top of it.
        for s in scene.stacks.iter().filter(|s| s.tile == i) {
            let (c, r) = cell(super::T / 2.0, super::T / 2.0);
            let digit = char::from_digit(s.height.min(9), 10).unwrap_or('9');
            grid[oy + r][ox + c] = (digit, "1");
            if let Some((col, mark, _)) = &s.top {
                let top = if colour { '●' } else { *mark };
                grid[oy + r.saturating_sub(1)][ox + c] = (top, ansi_for(col));
            }
        }
        // A badge in the tile's north-west corner, in its
        // owner's colour (the first badge, when it has several).
        if let Some(b) = scene.badges.iter().find(|b| b.tile == i) {
            let style = b.owner.as_ref().map_or("1", |(c, _)| ansi_for(c));
            grid[oy][ox] = ('◆', style);
        }
        // The symbol a tile shows, in its south-west corner (the first,
        // when it shows several).
        if let Some(symbol) = t.symbols.first() {
            grid[oy + 2][ox] = symbol_mark(symbol);
        }
        // Followers on this tile.
        for fig in scene.figures.iter().filter(|f| f.tile == i) {
            // A figure on a corner point (a barn) shows in the tile's
            // north-east corner.
            let (ax, ay) = if fig.corner {
                (super::T - 1.0, 0.0)
            } else {
                figure_at(t, fig.feature, p.rot)
            };
            let (c, r) = cell(ax, ay);
            // Without colour, the owner's initial tells followers apart.
            let art = crate::expansions::figure_art(&fig.word);
            let mark = match (colour, art) {
                (true, Some(a)) => a.glyph,
                (true, None) if fig.corner => '▲',
                (true, None) if fig.companion => '◆',
                (true, None) => '●',
                (false, _) => fig.mark,
            };
            grid[oy + r][ox + c] = (mark, ansi_for(&fig.colour));
        }
    }
    // The neutral figures, each in the cell of its tile its expansion
    // says.
    for (name, tile, _) in &scene.neutrals {
        let Some(p) = scene.tiles.get(*tile) else {
            continue;
        };
        let ox = (p.at.x - min_x) as usize * 5;
        let oy = (max_y - p.at.y) as usize * 3;
        if let Some(n) = crate::expansions::neutral(name) {
            grid[oy + n.cell.1][ox + n.cell.0] = n.glyph;
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
        // What the marks of the neutral figures and the tiles' symbols are.
        let mut marks: Vec<&str> = Vec::new();
        for (name, ..) in &scene.neutrals {
            if let Some(n) = crate::expansions::neutral(name) {
                marks.push(n.label);
            }
        }
        let mut symbols: Vec<&str> = Vec::new();
        for t in &scene.tiles {
            if let Some(s) = t.tile.symbols.first()
                && !symbols.contains(&s.as_str())
            {
                symbols.push(s);
            }
        }
        symbols.sort_by_key(|s| crate::expansions::mark(s).map_or(usize::MAX, |(k, _)| k));
        let named: Vec<String> = symbols
            .iter()
            .map(|s| {
                let what = crate::expansions::mark(s).map_or(*s, |(_, m)| m.label);
                format!("{} {what}", symbol_mark(s).0)
            })
            .collect();
        let mut marks: Vec<String> = marks.into_iter().map(str::to_string).collect();
        marks.extend(named);
        if !marks.is_empty() {
            out.push_str(&marks.join("   "));
            out.push('\n');
        }
        out.push_str(&key(&grid));
        // What each badge says, under the key.
        let badges: Vec<String> = scene
            .badges
            .iter()
            .filter_map(|b| {
                let at = scene.tiles.get(b.tile)?.at;
                Some(match &b.owner {
                    Some((_, mark)) => format!("◆ {at} {} ({mark})", b.label),
                    None => format!("◆ {at} {}", b.label),
                })
            })
            .collect();
        if !badges.is_empty() {
            out.push_str(&badges.join("   "));
            out.push('\n');
        }
    }
    out
}

/// What the board's own marks mean: those the picture shows, in one line.
fn key(grid: &[Vec<(char, &str)>]) -> String {
    // A builder in colour is drawn as a cloister is, in its owner's colour.
    let shown = |chars: &[char]| {
        grid.iter()
            .flatten()
            .any(|(c, code)| chars.contains(c) && !(*c == '⌂' && *code != "31"))
    };
    let words: [(&[char], &str); 10] = [
        (&['·'], "· field"),
        (&['─', '│', '┌', '┐', '└', '┘'], "─ road"),
        (&['•'], "• crossing"),
        (&['▓'], "▓ city"),
        (&['★'], "★ pennant"),
        (&['⌂'], "⌂ cloister"),
        (&['~'], "~ river"),
        (&['▲'], "▲ inn"),
        (&['✚'], "✚ cathedral"),
        (
            &['1', '2', '3', '4', '5', '6', '7', '8', '9'],
            "1–9 a tower's height",
        ),
    ];
    let said: Vec<&str> = words
        .iter()
        .filter(|(chars, _)| shown(chars))
        .map(|(_, word)| *word)
        .collect();
    if said.is_empty() {
        String::new()
    } else {
        format!("{}\n", said.join("   "))
    }
}

/// The character cell (column, row) of a point of a tile's square.
pub(super) fn cell(x: f64, y: f64) -> (usize, usize) {
    (
        (x / T * 4.99).clamp(0.0, 4.0) as usize,
        (y / T * 2.99).clamp(0.0, 2.0) as usize,
    )
}

pub(super) fn ansi_for(colour: &str) -> &'static str {
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

/// The mark of a symbol on the terminal board, and its colour: the one
/// its expansion gives it, else its word's first letter.
fn symbol_mark(symbol: &str) -> (char, &'static str) {
    crate::expansions::mark(symbol).map_or_else(
        || (symbol.chars().next().unwrap_or('?'), "1"),
        |(_, m)| m.glyph,
    )
}
