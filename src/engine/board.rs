//! Where each placed tile lies: position → placement index.
//!
//! Every placement asks about its eight neighbours, so this lookup is the
//! engine's most frequent. A real board is compact, so positions are kept
//! in a dense grid over the board's bounding box (grown by doubling), where
//! a lookup is an index computation. A board too sparse for a grid (a long
//! diagonal, say) moves to a hash map once and stays there.

use rustc_hash::FxHashMap;

use crate::geometry::Pos;

/// An empty cell of the grid.
const EMPTY: u32 = u32::MAX;
/// Cells a grid may hold whatever the board: a 128 × 128 square.
const MIN_CELLS: usize = 128 * 128;
/// Cells a grid may hold per tile on the board, beyond [`MIN_CELLS`].
const CELLS_PER_TILE: usize = 8;

/// Placed tiles by position.
#[derive(Debug, Clone, Default)]
pub(crate) struct Board {
    /// Cells by row from `y0`, then column from `x0`; `EMPTY` or a
    /// placement index.
    cells: Vec<u32>,
    x0: i32,
    y0: i32,
    width: usize,
    height: usize,
    /// Tiles on the board.
    len: usize,
    /// Where a board too sparse for the grid keeps its tiles instead.
    sparse: Option<FxHashMap<Pos, u32>>,
    /// How many tiles the game will place, when known: the hash map is
    /// made that large at once, so that it never holds its old table and
    /// a new one together while it grows.
    expected: usize,
}

impl Board {
    /// An empty board for a game that places about `tiles` tiles.
    pub(crate) fn with_room(tiles: usize) -> Board {
        Board {
            expected: tiles,
            ..Board::default()
        }
    }

    /// The column and row of `p` in the grid, if it covers them. (A
    /// position left of or below the grid wraps to a large number.)
    #[inline]
    fn column_row(&self, p: Pos) -> Option<(usize, usize)> {
        let dx = p.x.wrapping_sub(self.x0) as u32 as usize;
        let dy = p.y.wrapping_sub(self.y0) as u32 as usize;
        (dx < self.width && dy < self.height).then_some((dx, dy))
    }

    /// The cell of `p`, if the grid covers it.
    #[inline]
    fn cell(&self, p: Pos) -> Option<usize> {
        self.column_row(p).map(|(dx, dy)| dy * self.width + dx)
    }

    #[inline]
    fn at_cell(&self, c: usize) -> Option<usize> {
        let v = self.cells[c];
        (v != EMPTY).then_some(v as usize)
    }

    /// The placement at `p`.
    #[inline]
    pub(crate) fn get(&self, p: Pos) -> Option<usize> {
        match &self.sparse {
            Some(map) => map.get(&p).map(|&i| i as usize),
            None => self.cell(p).and_then(|c| self.at_cell(c)),
        }
    }

    /// The placements on the eight positions around `p`, in the order of
    /// [`Pos::ring`].
    #[inline]
    pub(crate) fn around(&self, p: Pos) -> [Option<usize>; 8] {
        let inner = match (&self.sparse, self.column_row(p)) {
            (None, Some((x, y)))
                if x >= 1 && y >= 1 && x + 1 < self.width && y + 1 < self.height =>
            {
                Some(y * self.width + x)
            }
            _ => None,
        };
        let Some(c) = inner else {
            return p.ring().map(|q| self.get(q));
        };
        // Rows grow north: the ring's first three lie one row up.
        let (up, down) = (c + self.width, c - self.width);
        [
            self.at_cell(up - 1),
            self.at_cell(up),
            self.at_cell(up + 1),
            self.at_cell(c + 1),
            self.at_cell(down + 1),
            self.at_cell(down),
            self.at_cell(down - 1),
            self.at_cell(c - 1),
        ]
    }

    /// Whether a tile lies at `p`.
    pub(crate) fn contains(&self, p: Pos) -> bool {
        self.get(p).is_some()
    }

    /// Puts placement `index` at `p` (an empty position).
    #[inline]
    pub(crate) fn insert(&mut self, p: Pos, index: usize) {
        self.len += 1;
        if self.sparse.is_none() && self.cell(p).is_none() {
            self.grow_to(p);
        }
        let cell = self.cell(p);
        match (&mut self.sparse, cell) {
            (Some(map), _) => {
                map.insert(p, index as u32);
            }
            (None, Some(c)) => self.cells[c] = index as u32,
            (None, None) => unreachable!("the grid was grown to cover the position"),
        }
    }

    /// Grows the grid to cover `p` (at least doubling the side that must
    /// grow), or moves the board to a hash map when the grid would be
    /// mostly empty.
    /// Takes the tile at `p` off (the last one inserted, taken back).
    pub(crate) fn remove(&mut self, p: Pos) {
        match &mut self.sparse {
            Some(map) => {
                if map.remove(&p).is_some() {
                    self.len -= 1;
                }
            }
            None => {
                if let Some(c) = self.cell(p)
                    && self.cells[c] != EMPTY
                {
                    self.cells[c] = EMPTY;
                    self.len -= 1;
                }
            }
        }
    }

    fn grow_to(&mut self, p: Pos) {
        let (x0, y0) = (i64::from(self.x0), i64::from(self.y0));
        let (w, h) = (self.width as i64, self.height as i64);
        let (px, py) = (i64::from(p.x), i64::from(p.y));
        let (mut nx0, mut ny0, mut nw, mut nh) = if self.width == 0 {
            (px - 8, py - 8, 17, 17)
        } else {
            (x0, y0, w, h)
        };
        (nx0, nw) = cover(nx0, nw, px);
        (ny0, nh) = cover(ny0, nh, py);
        let cells = usize::try_from(nw.saturating_mul(nh)).unwrap_or(usize::MAX);
        let limit = MIN_CELLS.saturating_add(self.len.saturating_mul(CELLS_PER_TILE));
        let fits = |v: i64| i32::try_from(v).is_ok();
        if cells > limit || !fits(nx0) || !fits(ny0) {
            self.go_sparse();
            return;
        }
        let (nw, nh) = (nw as usize, nh as usize);
        let mut grown = vec![EMPTY; nw * nh];
        for row in 0..self.height {
            let from = row * self.width;
            let to = (row + (y0 - ny0) as usize) * nw + (x0 - nx0) as usize;
            grown[to..to + self.width].copy_from_slice(&self.cells[from..from + self.width]);
        }
        self.cells = grown;
        self.x0 = nx0 as i32;
        self.y0 = ny0 as i32;
        self.width = nw;
        self.height = nh;
    }

    fn go_sparse(&mut self) {
        let mut map = FxHashMap::default();
        map.reserve(self.len.max(self.expected));
        for (i, &v) in self.cells.iter().enumerate() {
            if v != EMPTY {
                let x = self.x0 + (i % self.width) as i32;
                let y = self.y0 + (i / self.width) as i32;
                map.insert(Pos::new(x, y), v);
            }
        }
        self.cells = Vec::new();
        self.width = 0;
        self.height = 0;
        self.sparse = Some(map);
    }
}

/// One side of the grid, `start` and `len`, grown to cover `p`: by at
/// least its length, towards `p`.
fn cover(start: i64, len: i64, p: i64) -> (i64, i64) {
    if p < start {
        let grow = (start - p).max(len);
        (start - grow, len + grow)
    } else if p >= start + len {
        (start, len + (p - (start + len) + 1).max(len))
    } else {
        (start, len)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_what_was_put_wherever_the_board_grows() {
        let mut b = Board::default();
        let spots: Vec<Pos> = (0..300)
            .map(|i| Pos::new((i * 7) % 41 - 20, (i * 13) % 37 - 18))
            .chain([Pos::new(-500, 3), Pos::new(400, -900)])
            .collect();
        let mut placed = Vec::new();
        for p in spots {
            if !b.contains(p) {
                b.insert(p, placed.len());
                placed.push(p);
            }
        }
        for (i, &p) in placed.iter().enumerate() {
            assert_eq!(b.get(p), Some(i), "{p:?}");
            assert_eq!(b.around(p), p.ring().map(|q| b.get(q)), "{p:?}");
        }
        assert_eq!(b.get(Pos::new(1_000, 1_000)), None);
    }

    #[test]
    fn a_sparse_board_moves_to_a_map() {
        let mut b = Board::default();
        let far = 1_000_000;
        b.insert(Pos::new(0, 0), 0);
        b.insert(Pos::new(far, far), 1);
        b.insert(Pos::new(-far, far), 2);
        assert!(b.sparse.is_some());
        assert_eq!(b.get(Pos::new(far, far)), Some(1));
        assert_eq!(b.get(Pos::new(-far, far)), Some(2));
        assert_eq!(b.get(Pos::new(0, 0)), Some(0));
        assert_eq!(b.get(Pos::new(1, 0)), None);
    }
}
