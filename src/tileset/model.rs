//! The validated tile model the engine reads.
//!
//! A [`Tile`] lists its features once, in its canonical orientation, with
//! lookup tables from edges and half-edges to features. Everything the engine
//! needs is data here: nothing downstream looks at tile ids.

pub use super::kind::FeatureKind;

use serde::{Deserialize, Serialize};

use crate::geometry::{Edge, Half, Rotation};

/// What an edge of a tile shows, as written in the edge code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EdgeKind {
    /// `C`: a city wall opening.
    City,
    /// `R`: a road with fields on both sides.
    Road,
    /// `F`: field only.
    Field,
    /// `I`: a river with fields on both sides.
    River,
    /// `A`: matches any edge and continues nothing (the abbey).
    Any,
    /// `-`: an inner edge of a block of tiles that lie together from the
    /// start (the City of Carcassonne): no road or city; a field may reach
    /// either half of it. It matches only another inner edge.
    Inner,
}

impl EdgeKind {
    /// Parses an edge-code letter.
    #[must_use]
    pub fn from_letter(c: char) -> Option<EdgeKind> {
        match c {
            'C' => Some(EdgeKind::City),
            'R' => Some(EdgeKind::Road),
            'F' => Some(EdgeKind::Field),
            'I' => Some(EdgeKind::River),
            'A' => Some(EdgeKind::Any),
            '-' => Some(EdgeKind::Inner),
            _ => None,
        }
    }

    /// The edge-code letter.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            EdgeKind::City => 'C',
            EdgeKind::Road => 'R',
            EdgeKind::Field => 'F',
            EdgeKind::River => 'I',
            EdgeKind::Any => 'A',
            EdgeKind::Inner => '-',
        }
    }

    /// A word for reports.
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            EdgeKind::City => "city",
            EdgeKind::Road => "road",
            EdgeKind::Field => "field",
            EdgeKind::River => "river",
            EdgeKind::Any => "any",
            EdgeKind::Inner => "inner",
        }
    }

    /// Whether two edges may lie against each other.
    #[must_use]
    pub fn matches(self, other: EdgeKind) -> bool {
        self == other
            || (self == EdgeKind::Any && other != EdgeKind::Inner)
            || (other == EdgeKind::Any && self != EdgeKind::Inner)
    }

    /// Whether the edge's two halves are field half-edges.
    #[must_use]
    pub const fn has_field_halves(self) -> bool {
        matches!(
            self,
            EdgeKind::Road | EdgeKind::Field | EdgeKind::River | EdgeKind::Inner
        )
    }
}

/// Where a road or river that leaves the tile by one edge ends inside it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum End {
    /// At a village or crossing in the middle of the tile.
    Village,
    /// At the tile's cloister.
    Cloister,
    /// At the feature with this index (a city, a river, a named feature).
    Feature(usize),
    /// At a spring or a lake (rivers).
    Water,
    /// Inside the tile, at a house or a well that is no feature (Inns &
    /// Cathedrals): it closes that end like a village, and the middle of
    /// the tile holds nothing.
    Inside,
}

/// The name of the built-in pennant modifier.
pub const PENNANT: &str = "pennant";

/// So many of one modifier on a feature.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Extra {
    /// The modifier's name.
    pub modifier: String,
    /// How many (at least 1).
    pub count: u32,
}

/// How a modifier changes what its feature scores.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Shape {
    /// Adds points per occurrence (a pennant).
    Counted,
    /// Changes the feature's rates per tile and per counted modifier while
    /// the feature holds at least one (an inn, a cathedral).
    Present,
    /// A trade good (Traders & Builders): scores nothing in its city; the
    /// player who completes the city takes a token per symbol, and the
    /// players with the most tokens of a good score for it at the end.
    Goods,
}

impl Shape {
    /// The word used in tile sets.
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            Shape::Counted => "counted",
            Shape::Present => "present",
            Shape::Goods => "goods",
        }
    }
}

/// Something a road or city may carry that changes its score: built in
/// (pennant, inn, cathedral) or declared by a tile set.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Modifier {
    /// Its name, as tiles write it (`with: [well]`).
    pub name: String,
    /// The kind of feature it lies on (road or city).
    pub on: FeatureKind,
    /// How it scores.
    pub shape: Shape,
    /// The ruleset's `[points]` key of its rate on a completed feature.
    pub key: String,
    /// The `[points]` key of its rate on an unfinished feature.
    pub incomplete_key: String,
    /// The rate on a completed feature, unless the ruleset says otherwise.
    pub complete: u32,
    /// The rate on an unfinished feature, unless the ruleset says otherwise.
    pub incomplete: u32,
    /// Declared by a tile set (not built in).
    pub declared: bool,
}

impl Modifier {
    /// A modifier a tile set declares: its `[points]` keys are its name and
    /// its name with `_incomplete`.
    #[must_use]
    pub fn declared(
        name: &str,
        on: FeatureKind,
        shape: Shape,
        complete: u32,
        incomplete: u32,
    ) -> Modifier {
        Modifier {
            name: name.to_string(),
            on,
            shape,
            key: name.to_string(),
            incomplete_key: format!("{name}_incomplete"),
            complete,
            incomplete,
            declared: true,
        }
    }

    /// The modifiers every tile set knows: the pennant (counted, on
    /// cities), the inn (present, on roads), the cathedral (present, on
    /// cities) and the three trade goods (on cities). Their rates are
    /// `[points]` keys of the ruleset table; a good's is what a majority of
    /// its tokens scores at the end.
    #[must_use]
    pub fn builtin() -> Vec<Modifier> {
        let make = |name: &str, on, shape, key: &str, incomplete_key: &str| Modifier {
            name: name.to_string(),
            on,
            shape,
            key: key.to_string(),
            incomplete_key: incomplete_key.to_string(),
            complete: 0,
            incomplete: 0,
            declared: false,
        };
        vec![
            make(
                PENNANT,
                FeatureKind::City,
                Shape::Counted,
                "pennant",
                "pennant_incomplete",
            ),
            make(
                "inn",
                FeatureKind::Road,
                Shape::Present,
                "inn_road",
                "inn_road_incomplete",
            ),
            make(
                "cathedral",
                FeatureKind::City,
                Shape::Present,
                "cathedral_city",
                "cathedral_city_incomplete",
            ),
            make(
                "wine",
                FeatureKind::City,
                Shape::Goods,
                "goods_majority",
                "goods_majority",
            ),
            make(
                "grain",
                FeatureKind::City,
                Shape::Goods,
                "goods_majority",
                "goods_majority",
            ),
            make(
                "cloth",
                FeatureKind::City,
                Shape::Goods,
                "goods_majority",
                "goods_majority",
            ),
        ]
    }
}

/// One feature of a tile, in the tile's canonical orientation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Feature {
    /// Its kind.
    pub kind: FeatureKind,
    /// The name the definition gives it, if any (`#name` locations).
    pub name: Option<String>,
    /// Edges whose middle it occupies (cities, roads, rivers).
    pub edges: Vec<Edge>,
    /// Half-edges it occupies (fields).
    pub halves: Vec<Half>,
    /// What the feature carries (pennants, inns, a designer's wells), by
    /// modifier name, each name once.
    pub extras: Vec<Extra>,
    /// Indices of the cities on this tile a field touches.
    pub touches: Vec<usize>,
    /// Where a road or river with one edge ends.
    pub ends: Option<End>,
    /// A city that is scenery: no figure, no scoring; every landmark of
    /// one name on the board is one city, complete from the start.
    #[serde(default)]
    pub landmark: bool,
    /// A city part that is no base for a token built on a small completed
    /// city, though it touches one edge only (the tile language's `castle:
    /// false`).
    #[serde(default)]
    pub no_base: bool,
}

impl Feature {
    /// A feature of `kind` with nothing else set.
    #[must_use]
    pub fn new(kind: FeatureKind) -> Feature {
        Feature {
            kind,
            name: None,
            edges: Vec::new(),
            halves: Vec::new(),
            extras: Vec::new(),
            touches: Vec::new(),
            ends: None,
            landmark: false,
            no_base: false,
        }
    }

    /// How many of the modifier `name` the feature carries.
    #[must_use]
    pub fn count_of(&self, name: &str) -> u32 {
        self.extras
            .iter()
            .find(|e| e.modifier == name)
            .map_or(0, |e| e.count)
    }

    /// Pennants on the feature.
    #[must_use]
    pub fn pennants(&self) -> u32 {
        self.count_of(PENNANT)
    }

    /// Adds `count` of modifier `name`.
    pub fn add_extra(&mut self, name: &str, count: u32) {
        if count == 0 {
            return;
        }
        match self.extras.iter_mut().find(|e| e.modifier == name) {
            Some(e) => e.count = e.count.saturating_add(count),
            None => self.extras.push(Extra {
                modifier: name.to_string(),
                count,
            }),
        }
    }

    /// A short description in canonical orientation, like `city N+W` or
    /// `field ENE+WNW`.
    #[must_use]
    pub fn describe(&self) -> String {
        let place = match self.kind {
            FeatureKind::Field => join(self.halves.iter().map(|h| h.name().to_string()), "+"),
            FeatureKind::Road | FeatureKind::River if self.edges.len() == 2 => {
                join(self.edges.iter().map(ToString::to_string), "–")
            }
            _ => join(self.edges.iter().map(ToString::to_string), "+"),
        };
        match (&self.name, place.is_empty()) {
            (Some(n), true) => format!("{} #{n}", self.kind),
            (_, true) => self.kind.to_string(),
            (_, false) => format!("{} {place}", self.kind),
        }
    }
}

fn join(parts: impl Iterator<Item = String>, sep: &str) -> String {
    parts.collect::<Vec<_>>().join(sep)
}

/// A validated tile type.
#[allow(
    clippy::struct_excessive_bools,
    reason = "independent flags of the tile-set language"
)]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tile {
    /// Its id, unique in its set.
    pub id: String,
    /// How many the set holds (per player when `per_player`).
    pub count: u32,
    /// The count is per player (the abbey).
    pub per_player: bool,
    /// May only be placed into a hole: all four neighbours occupied.
    pub hole_only: bool,
    /// A tower foundation lies in its middle (The Tower).
    pub tower: bool,
    /// The symbols the tile shows (words its set declares), which
    /// mechanics read: The Princess & the Dragon's volcano, say.
    pub symbols: Vec<String>,
    /// Its id in JCloisterZone's saves (after its set's prefix), and the
    /// clockwise rotation in degrees that turns JCloisterZone's
    /// orientation into carca's.
    pub jcz: Option<(String, u32)>,
    /// The city an in-city symbol of the tile stands in (the tile
    /// language's `princess: true`, or a tile's one city when it shows
    /// such a symbol).
    pub marked_city: Option<usize>,
    /// The set's start tile.
    pub start: bool,
    /// Where it lies from the start, unturned, when it is one of a block
    /// of tiles that forms the start (the City of Carcassonne).
    #[serde(default)]
    pub at: Option<(i32, i32)>,
    /// Placed last among the set's tiles (the lake of The River).
    pub last: bool,
    /// Edge kinds in order N, E, S, W.
    pub edges: [EdgeKind; 4],
    /// Features; indices are stable and used by every table below.
    pub features: Vec<Feature>,
    /// The city, road or river at the middle of each edge.
    pub on_edge: [Option<usize>; 4],
    /// The second city that reaches each edge (`shares`), whose first is
    /// in `on_edge`: a tile put there joins both.
    #[serde(default)]
    pub shared: [Option<usize>; 4],
    /// The field (or city) at each half-edge.
    pub on_half: [Option<usize>; 8],
    /// The cloister, if any.
    pub cloister: Option<usize>,
    /// Roads meet at a village in the middle of the tile.
    pub village: bool,
}

impl Tile {
    /// The tile with a road laid straight across it from edge `from` to
    /// the opposite edge (canonical orientation), over two field edges: a
    /// bridge. It is a road feature of its own, after the others, that
    /// cuts no field; `None` when either edge is no field edge. The form
    /// is never in a supply: a placed tile takes it when a bridge is laid.
    #[must_use]
    pub fn bridged(&self, from: Edge) -> Option<Tile> {
        let to = from.opposite();
        if self.edges[from.index()] != EdgeKind::Field || self.edges[to.index()] != EdgeKind::Field
        {
            return None;
        }
        let mut t = self.clone();
        let road = t.features.len();
        let mut f = Feature::new(FeatureKind::Road);
        f.edges = vec![from, to];
        t.features.push(f);
        for e in [from, to] {
            t.edges[e.index()] = EdgeKind::Road;
            t.on_edge[e.index()] = Some(road);
        }
        t.count = 0;
        t.start = false;
        t.at = None;
        t.last = false;
        t.per_player = false;
        Some(t)
    }

    /// Whether it shows the symbol `word`.
    #[must_use]
    pub fn shows(&self, word: &str) -> bool {
        self.symbols.iter().any(|s| s == word)
    }

    /// The edge code, like `CRFR`.
    #[must_use]
    pub fn edge_code(&self) -> String {
        self.edges.iter().map(|e| e.letter()).collect()
    }

    /// The kind of the board edge `edge` when the tile lies rotated by `rot`.
    #[must_use]
    pub fn edge_kind(&self, edge: Edge, rot: Rotation) -> EdgeKind {
        self.edges[edge.rotated(rot.inverse()).index()]
    }

    /// The feature at the middle of board edge `edge` under rotation `rot`.
    #[must_use]
    pub fn feature_on_edge(&self, edge: Edge, rot: Rotation) -> Option<usize> {
        self.on_edge[edge.rotated(rot.inverse()).index()]
    }

    /// The second city at board edge `edge` under rotation `rot`, when two
    /// cities share it.
    #[must_use]
    pub fn shared_on_edge(&self, edge: Edge, rot: Rotation) -> Option<usize> {
        self.shared[edge.rotated(rot.inverse()).index()]
    }

    /// Each feature's open sides while the tile lies alone: the edges of
    /// a city, road or river ([`Tile::reach`]), the half-edges of a field,
    /// none for a cloister; a tile beside it closes them.
    #[must_use]
    pub fn open(&self) -> Vec<u32> {
        (0..self.features.len())
            .map(|fi| {
                let n = match self.features[fi].kind {
                    FeatureKind::City | FeatureKind::Road | FeatureKind::River => self.reach(fi),
                    FeatureKind::Field => self.features[fi].halves.len(),
                    FeatureKind::Cloister => 0,
                };
                u32::try_from(n).unwrap_or(u32::MAX)
            })
            .collect()
    }

    /// How many board edges feature `feature` reaches, shared ones
    /// included: a city or road is open at each until a tile lies there.
    #[must_use]
    pub fn reach(&self, feature: usize) -> usize {
        self.features[feature].edges.len()
            + self.shared.iter().filter(|s| **s == Some(feature)).count()
    }

    /// The feature at board half-edge `half` under rotation `rot`.
    #[must_use]
    pub fn feature_on_half(&self, half: Half, rot: Rotation) -> Option<usize> {
        self.on_half[half.rotated(rot.inverse()).index()]
    }

    /// The feature with this name.
    #[must_use]
    pub fn named(&self, name: &str) -> Option<usize> {
        self.features
            .iter()
            .position(|f| f.name.as_deref() == Some(name))
    }

    /// Total pennants on the tile.
    #[must_use]
    pub fn pennants(&self) -> u32 {
        self.features.iter().map(Feature::pennants).sum()
    }
}

/// A validated tile set.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TileSet {
    /// Its name.
    pub name: String,
    /// A line about it.
    pub description: Option<String>,
    /// Sets it is played with.
    pub requires: Vec<String>,
    /// Its tiles are played before all others, from its start tile to its last.
    pub opening: bool,
    /// The modifiers it declares (beyond the built-in ones).
    pub modifiers: Vec<Modifier>,
    /// The figures it declares (beyond the built-in ones).
    pub figure_kinds: Vec<super::figure::FigureKind>,
    /// The symbols its tiles may show (`symbols:`).
    pub symbols: Vec<String>,
    /// It brings bridges: every tile in play may take a road laid across
    /// it ([`Tile::bridged`]).
    #[serde(default)]
    pub across: bool,
    /// Modifiers on its tiles that count only when another set is in
    /// play: (modifier, set).
    pub modifiers_need: Vec<(String, String)>,
    /// The prefixes of its tile ids in JCloisterZone's saves.
    pub jcz: Vec<String>,
    /// Figures it brings per player, by name (built-in or declared).
    pub figures: Vec<(String, u32)>,
    /// Its tiles.
    pub tiles: Vec<Tile>,
}

impl TileSet {
    /// The tile with this id.
    #[must_use]
    pub fn tile(&self, id: &str) -> Option<&Tile> {
        self.tiles.iter().find(|t| t.id == id)
    }

    /// The start tile, if the set has one.
    #[must_use]
    pub fn start(&self) -> Option<&Tile> {
        self.tiles.iter().find(|t| t.start)
    }

    /// Number of tiles (per-player tiles counted once per player of `players`).
    #[must_use]
    pub fn total(&self, players: u32) -> u64 {
        self.tiles
            .iter()
            .map(|t| u64::from(t.count) * if t.per_player { u64::from(players) } else { 1 })
            .sum()
    }
}
