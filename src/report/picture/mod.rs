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

use crate::engine::Game;
use crate::geometry::{Pos, Rotation};
use crate::tileset::Tile;
mod board_png;
mod board_svg;
mod board_text;
mod tile_art;

pub use board_png::png;
pub use board_svg::svg;
pub use board_text::terminal;
pub use tile_art::{figure_point, tile_svg};

/// Size of a tile.
pub(super) const T: f64 = 100.0;
/// Room around the board for coordinates.
pub(super) const MARGIN: f64 = 40.0;

/// Height of the row of player colours under a board.
pub(super) const LEGEND: f64 = 30.0;

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
    /// Which figure.
    pub kind: crate::rules::Figure,
    /// Its word (`follower`, `builder`): an expansion's figure is drawn
    /// as the expansion says (`expansions::figure_art`).
    pub word: String,
    /// A companion of a follower (a builder, a pig, or one a tile set
    /// declares): drawn beside where a follower of the feature stands.
    pub companion: bool,
    /// It stands on the corner point north-east of its tile (a barn), not
    /// on a feature.
    pub corner: bool,
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
    /// Stacks of pieces on tiles (towers), with the figure on top.
    pub stacks: Vec<StackMark>,
    /// Neutral figures (the dragon, the fairy): their word, the tile
    /// (index into `tiles`) and the figure they stand beside (index into
    /// `figures`), if any.
    pub neutrals: Vec<(String, usize, Option<usize>)>,
    /// What mechanics keep on tiles (a castle, a flock, the Count),
    /// marked in a corner of the tile.
    pub badges: Vec<BadgeMark>,
}

/// A badge on a tile: its label, and its owner's colour and mark.
#[derive(Debug, Clone)]
pub struct BadgeMark {
    /// Index into [`Scene::tiles`].
    pub tile: usize,
    /// What it says.
    pub label: String,
    /// Its owner's colour and mark, if it has an owner.
    pub owner: Option<(String, char)>,
}

/// A stack of pieces on a tile (a tower): its height, and the figure on
/// top (its colour, its mark, which figure).
#[derive(Debug, Clone)]
pub struct StackMark {
    /// Index into [`Scene::tiles`].
    pub tile: usize,
    /// How many pieces.
    pub height: u32,
    /// The figure on top.
    pub top: Option<(String, char, crate::rules::Figure)>,
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
                tile: game.tile(p.tile()),
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
                    word: game.figures().name(f.figure).to_string(),
                    companion: !game.figures().is_follower(f.figure),
                    corner: false,
                }
            })
            .chain(game.corners().iter().filter_map(|c| {
                let name = players.get(c.player).map_or("", String::as_str);
                Some(Figure {
                    tile: game.at(c.point)?,
                    feature: 0,
                    colour: player_colour(name, c.player),
                    mark: player_marks.get(c.player).copied().unwrap_or('●'),
                    kind: c.figure,
                    word: game.figures().name(c.figure).to_string(),
                    companion: false,
                    corner: true,
                })
            }))
            .collect();
        let legend = players
            .iter()
            .enumerate()
            .map(|(i, p)| (p.clone(), player_colour(p, i), player_marks[i]))
            .collect();
        // The figures drawn are those on the board, in the order of the
        // game's list: a neutral figure beside one finds it there.
        let shown: Vec<usize> = (0..game.followers().len())
            .filter(|&i| game.followers()[i].on_board)
            .collect();
        let neutrals = game
            .neutrals()
            .iter()
            .filter_map(|n| {
                let tile = game.at(n.at)?;
                let beside = n
                    .beside
                    .and_then(crate::engine::game::Beside::on_feature)
                    .and_then(|id| shown.iter().position(|&i| i == id));
                Some((n.name.to_string(), tile, beside))
            })
            .collect();
        Scene {
            tiles,
            figures,
            highlight: Vec::new(),
            marks: Vec::new(),
            refused: Vec::new(),
            coordinates: true,
            legend,
            stacks: Vec::new(),
            neutrals,
            badges: Vec::new(),
        }
    }

    /// A position's board with all the mechanics keep there: stacks and
    /// prisoners, figures beside the board, badges.
    #[must_use]
    pub fn of_position<'g>(pos: &'g crate::engine::Position<'_>, players: &[String]) -> Scene<'g> {
        let mut scene = Scene::of_game(pos.game(), players);
        scene.add_stacks(&pos.stacks(), &pos.held(), players);
        scene.add_aside(&pos.aside());
        scene.add_badges(&pos.badges(), players);
        scene
    }

    /// Adds the badges of what mechanics keep on tiles (a castle, a
    /// flock, the Count).
    pub fn add_badges(&mut self, badges: &[crate::engine::mechanic::Badge], players: &[String]) {
        let marks = marks(players);
        for b in badges {
            let Some(tile) = self.tiles.iter().position(|t| t.at == b.at) else {
                continue;
            };
            let owner = b.owner.map(|p| {
                let name = players.get(p).map_or("", String::as_str);
                (player_colour(name, p), marks.get(p).copied().unwrap_or('●'))
            });
            self.badges.push(BadgeMark {
                tile,
                label: b.label.clone(),
                owner,
            });
        }
    }

    /// Adds the mechanics' stacks of pieces (towers, with the figure on
    /// top) and says in the legend what each player holds of the others'
    /// (prisoners).
    pub fn add_stacks(
        &mut self,
        stacks: &[crate::engine::mechanic::Stack],
        held: &[crate::engine::mechanic::Held],
        players: &[String],
    ) {
        let marks = marks(players);
        for s in stacks {
            let Some(tile) = self.tiles.iter().position(|t| t.at == s.at) else {
                continue;
            };
            let top = s.top.map(|(p, f)| {
                let name = players.get(p).map_or("", String::as_str);
                (
                    player_colour(name, p),
                    marks.get(p).copied().unwrap_or('●'),
                    f,
                )
            });
            self.stacks.push(StackMark {
                tile,
                height: s.height,
                top,
            });
        }
        for (by, entry) in self.legend.iter_mut().enumerate() {
            let mut of: Vec<String> = Vec::new();
            for (owner, name) in players.iter().enumerate() {
                let n = held
                    .iter()
                    .filter(|h| h.by == by && h.owner == owner)
                    .count();
                if n > 0 {
                    of.push(format!("{name} ×{n}"));
                }
            }
            if !of.is_empty() {
                entry.0 = format!("{} (holds {})", entry.0, of.join(", "));
            }
        }
    }

    /// Says in the legend where each player's figures beside the board
    /// are (a follower in the City's market).
    pub fn add_aside(&mut self, aside: &[crate::engine::mechanic::Aside]) {
        for (owner, entry) in self.legend.iter_mut().enumerate() {
            let places: Vec<&str> = aside
                .iter()
                .filter(|a| a.owner == owner)
                .map(|a| a.place.as_str())
                .collect();
            if !places.is_empty() {
                entry.0 = format!("{} (aside: {})", entry.0, places.join(", "));
            }
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

#[cfg(test)]
mod tests {
    use super::tile_art::*;
    use super::*;
    use crate::tileset::FeatureKind;
    use svg::Document;

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
                word: "follower".into(),
                companion: false,
                corner: false,
            }],
            legend: vec![("blue".into(), player_colour("blue", 1), 'B')],
            ..Scene::default()
        };
        let plain = terminal(&scene, false);
        assert!(plain.contains('★'), "{plain}");
        assert!(plain.contains('B') && !plain.contains('●'), "{plain}");
        // The players, then what the board's marks mean.
        assert!(plain.ends_with("B blue\n▓ city   ★ pennant\n"), "{plain}");
        let coloured = terminal(&scene, true);
        assert!(coloured.contains('●'), "{coloured}");
    }
}
