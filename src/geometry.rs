//! Tile geometry: edges, half-edges, rotations and board positions.
//!
//! Everything here follows the contract's conventions: x grows east, y grows
//! north, rotations are clockwise, half-edges are named by the 16-point
//! compass in clockwise order starting at `NNE`.

use std::fmt;

/// One of the four edges of a tile (or a direction on the board).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum Edge {
    /// North.
    N,
    /// East.
    E,
    /// South.
    S,
    /// West.
    W,
}

impl Edge {
    /// The four edges in clockwise order from north.
    pub const ALL: [Edge; 4] = [Edge::N, Edge::E, Edge::S, Edge::W];

    /// Index in clockwise order from north (0..4).
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The edge with the given clockwise index (taken modulo 4).
    #[must_use]
    pub const fn from_index(i: usize) -> Edge {
        Edge::ALL[i % 4]
    }

    /// The edge facing this one across a shared border.
    #[must_use]
    pub const fn opposite(self) -> Edge {
        Edge::from_index(self.index() + 2)
    }

    /// This edge after turning the tile clockwise by `rot`.
    #[must_use]
    pub const fn rotated(self, rot: Rotation) -> Edge {
        Edge::from_index(self.index() + rot.quarters())
    }

    /// The letter used in files and reports.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Edge::N => 'N',
            Edge::E => 'E',
            Edge::S => 'S',
            Edge::W => 'W',
        }
    }

    /// Parses `N`, `E`, `S` or `W` (either case).
    #[must_use]
    pub fn from_letter(c: char) -> Option<Edge> {
        match c.to_ascii_uppercase() {
            'N' => Some(Edge::N),
            'E' => Some(Edge::E),
            'S' => Some(Edge::S),
            'W' => Some(Edge::W),
            _ => None,
        }
    }

    /// The board offset of the neighbour across this edge.
    #[must_use]
    pub const fn offset(self) -> (i32, i32) {
        match self {
            Edge::N => (0, 1),
            Edge::E => (1, 0),
            Edge::S => (0, -1),
            Edge::W => (-1, 0),
        }
    }

    /// The two half-edges of this edge, in clockwise order.
    #[must_use]
    pub const fn halves(self) -> [Half; 2] {
        match self {
            Edge::N => [Half::Nnw, Half::Nne],
            Edge::E => [Half::Ene, Half::Ese],
            Edge::S => [Half::Sse, Half::Ssw],
            Edge::W => [Half::Wsw, Half::Wnw],
        }
    }
}

impl fmt::Display for Edge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// One of the eight half-edges where fields meet the border of a tile.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum Half {
    /// East half of the north edge.
    Nne,
    /// North half of the east edge.
    Ene,
    /// South half of the east edge.
    Ese,
    /// East half of the south edge.
    Sse,
    /// West half of the south edge.
    Ssw,
    /// South half of the west edge.
    Wsw,
    /// North half of the west edge.
    Wnw,
    /// West half of the north edge.
    Nnw,
}

impl Half {
    /// The eight half-edges in clockwise order from `NNE`.
    pub const ALL: [Half; 8] = [
        Half::Nne,
        Half::Ene,
        Half::Ese,
        Half::Sse,
        Half::Ssw,
        Half::Wsw,
        Half::Wnw,
        Half::Nnw,
    ];

    /// Index in clockwise order from `NNE` (0..8).
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The half-edge with the given clockwise index (taken modulo 8).
    #[must_use]
    pub const fn from_index(i: usize) -> Half {
        Half::ALL[i % 8]
    }

    /// The edge this half belongs to.
    #[must_use]
    pub const fn edge(self) -> Edge {
        Edge::from_index(self.index().div_ceil(2))
    }

    /// This half-edge after turning the tile clockwise by `rot`.
    #[must_use]
    pub const fn rotated(self, rot: Rotation) -> Half {
        Half::from_index(self.index() + 2 * rot.quarters())
    }

    /// The half-edge of the neighbouring tile that lies against this one.
    #[must_use]
    pub const fn facing(self) -> Half {
        match self {
            Half::Nne => Half::Sse,
            Half::Nnw => Half::Ssw,
            Half::Ene => Half::Wnw,
            Half::Ese => Half::Wsw,
            Half::Sse => Half::Nne,
            Half::Ssw => Half::Nnw,
            Half::Wnw => Half::Ene,
            Half::Wsw => Half::Ese,
        }
    }

    /// The name used in files and reports.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Half::Nne => "NNE",
            Half::Ene => "ENE",
            Half::Ese => "ESE",
            Half::Sse => "SSE",
            Half::Ssw => "SSW",
            Half::Wsw => "WSW",
            Half::Wnw => "WNW",
            Half::Nnw => "NNW",
        }
    }

    /// Parses a half-edge name (either case).
    #[must_use]
    pub fn from_name(s: &str) -> Option<Half> {
        Half::ALL
            .into_iter()
            .find(|h| h.name().eq_ignore_ascii_case(s))
    }
}

impl fmt::Display for Half {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A clockwise rotation by a multiple of 90 degrees.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Rotation(Quarters);

/// Clockwise quarter turns: an enum, so that a type holding a rotation
/// has spare values for an enum's tag (a record's turn is smaller for it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
#[repr(u8)]
enum Quarters {
    #[default]
    None = 0,
    One = 1,
    Two = 2,
    Three = 3,
}

impl Rotation {
    /// No rotation.
    pub const R0: Rotation = Rotation(Quarters::None);
    /// A quarter turn clockwise.
    pub const R90: Rotation = Rotation(Quarters::One);
    /// The four rotations.
    pub const ALL: [Rotation; 4] = [
        Rotation(Quarters::None),
        Rotation(Quarters::One),
        Rotation(Quarters::Two),
        Rotation(Quarters::Three),
    ];

    /// From clockwise degrees; only 0, 90, 180 and 270 are rotations.
    #[must_use]
    pub fn from_degrees(deg: i64) -> Option<Rotation> {
        match deg {
            0 => Some(Rotation::ALL[0]),
            90 => Some(Rotation::ALL[1]),
            180 => Some(Rotation::ALL[2]),
            270 => Some(Rotation::ALL[3]),
            _ => None,
        }
    }

    /// Number of clockwise quarter turns (0..4).
    #[must_use]
    pub const fn quarters(self) -> usize {
        self.0 as usize
    }

    /// Clockwise degrees.
    #[must_use]
    pub const fn degrees(self) -> u32 {
        self.0 as u32 * 90
    }

    /// The rotation that undoes this one.
    #[must_use]
    pub const fn inverse(self) -> Rotation {
        Rotation::ALL[(4 - self.quarters()) % 4]
    }
}

impl fmt::Display for Rotation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.degrees())
    }
}

/// Largest coordinate accepted, in either direction.
pub const MAX_COORD: i64 = 1_000_000;

/// A board position: x grows east, y grows north.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pos {
    /// Column, growing east.
    pub x: i32,
    /// Row, growing north.
    pub y: i32,
}

impl Pos {
    /// A position from its coordinates.
    #[must_use]
    pub const fn new(x: i32, y: i32) -> Pos {
        Pos { x, y }
    }

    /// A position from coordinates as written in a file, if both lie within
    /// ±[`MAX_COORD`]. Every reader goes through here, so a value at an
    /// integer limit is refused instead of wrapped or truncated.
    #[must_use]
    pub fn checked(x: i64, y: i64) -> Option<Pos> {
        let within = |v: i64| (-MAX_COORD..=MAX_COORD).contains(&v);
        if within(x) && within(y) {
            Some(Pos::new(i32::try_from(x).ok()?, i32::try_from(y).ok()?))
        } else {
            None
        }
    }

    /// The neighbour across `edge`.
    #[must_use]
    pub const fn step(self, edge: Edge) -> Pos {
        let (dx, dy) = edge.offset();
        Pos::new(self.x + dx, self.y + dy)
    }

    /// The eight positions around this one, diagonals included.
    #[must_use]
    pub fn ring(self) -> [Pos; 8] {
        let Pos { x, y } = self;
        [
            Pos::new(x - 1, y + 1),
            Pos::new(x, y + 1),
            Pos::new(x + 1, y + 1),
            Pos::new(x + 1, y),
            Pos::new(x + 1, y - 1),
            Pos::new(x, y - 1),
            Pos::new(x - 1, y - 1),
            Pos::new(x - 1, y),
        ]
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.x, self.y)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_outside_the_board_are_refused_not_wrapped() {
        assert_eq!(Pos::checked(1, 2), Some(Pos::new(1, 2)));
        assert_eq!(
            Pos::checked(-MAX_COORD, MAX_COORD),
            Some(Pos::new(-1_000_000, 1_000_000))
        );
        for bad in [
            i64::MIN,
            i64::MAX,
            1 << 32,
            -(1 << 31),
            MAX_COORD + 1,
            -MAX_COORD - 1,
        ] {
            assert_eq!(Pos::checked(1, bad), None, "{bad}");
            assert_eq!(Pos::checked(bad, 1), None, "{bad}");
        }
    }

    #[test]
    fn halves_belong_to_their_edges() {
        for e in Edge::ALL {
            for h in e.halves() {
                assert_eq!(h.edge(), e, "{h}");
            }
        }
    }

    #[test]
    fn rotation_moves_north_to_east() {
        let r90 = Rotation::from_degrees(90).unwrap();
        assert_eq!(Edge::N.rotated(r90), Edge::E);
        assert_eq!(Half::Nne.rotated(r90), Half::Ese);
        assert_eq!(Half::Nnw.rotated(r90), Half::Ene);
    }

    #[test]
    fn facing_halves_lie_on_opposite_edges() {
        for h in Half::ALL {
            assert_eq!(h.facing().edge(), h.edge().opposite());
            assert_eq!(h.facing().facing(), h);
        }
    }
}
