//! Where each placed tile lies: position → placement index.
//!
//! Every placement asks about its eight neighbours, so this lookup is the
//! engine's most frequent. A real board is compact, so positions are kept
//! in square chunks of cells, made as tiles reach them, under a directory
//! over the board's bounding box (grown by doubling): a lookup is two index
//! computations, and a chunk, once made, is never copied. A board too
//! sparse for chunks (a long diagonal, say) moves to a hash map once and
//! stays there; the chunks may hold a few cells for each tile the game
//! will place, so a large game that is lopsided while it is small keeps
//! them.

use rustc_hash::FxHashMap;

use crate::geometry::Pos;

/// A chunk is a square of `1 << SHIFT` positions a side.
const SHIFT: u32 = 5;
/// The positions on a chunk's side.
const SIDE: usize = 1 << SHIFT;
/// A position's column (or row) within its chunk.
const MASK: i32 = (1 << SHIFT) - 1;
/// A directory entry without a chunk.
const NO_CHUNK: u32 = u32::MAX;
/// Cells the chunks may hold whatever the board: a 128 × 128 square.
const MIN_CELLS: usize = 128 * 128;
/// Cells the chunks may hold per tile on the board, beyond [`MIN_CELLS`].
const CELLS_PER_TILE: usize = 8;

/// The cells of a chunk.
const CELLS: usize = SIDE * SIDE;

/// One chunk's cells by row, then column: 0 for an empty cell, or one more
/// than a placement index (so that a new chunk is zeroed memory).
type Chunk = Box<[u32; CELLS]>;

/// Placed tiles by position.
#[derive(Debug, Clone, Default)]
pub(crate) struct Board {
    /// The directory over the chunks that cover the bounding box, by row
    /// from `cy0`, then column from `cx0`: [`NO_CHUNK`] or an index into
    /// `chunks`.
    directory: Vec<u32>,
    cx0: i32,
    cy0: i32,
    width: usize,
    height: usize,
    chunks: Vec<Chunk>,
    /// Tiles on the board.
    len: usize,
    /// Where a board too sparse for chunks keeps its tiles instead.
    sparse: Option<FxHashMap<Pos, u32>>,
    /// How many tiles the game will place, when known: the chunks may
    /// take room for them, and a hash map is made that large at once, so
    /// that it never holds its old table and a new one together while it
    /// grows.
    expected: usize,
}

/// How far the chunks are shifted from the origin: half a chunk, so that
/// the start tile lies in the middle of one, and a small game in one.
const CENTRE: i32 = 1 << (SHIFT - 1);

/// The chunk of `p` and its cell there.
#[inline]
fn chunk_cell(p: Pos) -> ((i32, i32), usize) {
    let (x, y) = (p.x.wrapping_add(CENTRE), p.y.wrapping_add(CENTRE));
    let cell = ((y & MASK) as usize) << SHIFT | (x & MASK) as usize;
    ((x >> SHIFT, y >> SHIFT), cell)
}

impl Board {
    /// An empty board for a game that places about `tiles` tiles.
    pub(crate) fn with_room(tiles: usize) -> Board {
        Board {
            expected: tiles,
            ..Board::default()
        }
    }

    /// The directory entry of chunk `(cx, cy)`, if the directory covers
    /// it. (A chunk left of or below the directory wraps to a large
    /// number.)
    #[inline]
    fn entry(&self, (cx, cy): (i32, i32)) -> Option<usize> {
        let dx = cx.wrapping_sub(self.cx0) as u32 as usize;
        let dy = cy.wrapping_sub(self.cy0) as u32 as usize;
        (dx < self.width && dy < self.height).then_some(dy * self.width + dx)
    }

    /// The index in `chunks` of chunk `(cx, cy)`, if it was made.
    #[inline]
    fn made(&self, c: (i32, i32)) -> Option<usize> {
        let made = *self.directory.get(self.entry(c)?)?;
        (made != NO_CHUNK).then_some(made as usize)
    }

    /// The chunk `(cx, cy)`, if it was made.
    #[inline]
    fn chunk(&self, c: (i32, i32)) -> Option<&[u32; CELLS]> {
        self.chunks.get(self.made(c)?).map(|chunk| &**chunk)
    }

    /// The placement at `p`.
    #[inline]
    pub(crate) fn get(&self, p: Pos) -> Option<usize> {
        if let Some(map) = &self.sparse {
            return map.get(&p).map(|&i| i as usize);
        }
        let (c, cell) = chunk_cell(p);
        self.chunk(c)?[cell].checked_sub(1).map(|i| i as usize)
    }

    /// The chunk that holds `p` and the eight positions around it, and the
    /// cell of `p` there: `Err(())` where the ring leaves the chunk (or the
    /// board keeps no chunks), `Ok(None)` where no chunk was made.
    #[inline]
    fn ring_chunk(&self, p: Pos) -> Result<Option<(&[u32; CELLS], usize)>, ()> {
        let inside = |v: i32| (1..MASK).contains(&(v.wrapping_add(CENTRE) & MASK));
        if self.sparse.is_some() || !inside(p.x) || !inside(p.y) {
            return Err(());
        }
        let (c, cell) = chunk_cell(p);
        Ok(self.chunk(c).map(|chunk| (chunk, cell)))
    }

    /// The placements on the eight positions around `p`, in the order of
    /// [`Pos::ring`].
    #[inline]
    pub(crate) fn around(&self, p: Pos) -> [Option<usize>; 8] {
        let (chunk, cell) = match self.ring_chunk(p) {
            Ok(Some(found)) => found,
            Ok(None) => return [None; 8],
            Err(()) => return p.ring().map(|q| self.get(q)),
        };
        let at = |i: usize| chunk[i].checked_sub(1).map(|i| i as usize);
        // Rows grow north: the ring's first three lie one row up.
        let (up, down) = (cell + SIDE, cell - SIDE);
        [
            at(up - 1),
            at(up),
            at(up + 1),
            at(cell + 1),
            at(down + 1),
            at(down),
            at(down - 1),
            at(cell - 1),
        ]
    }

    /// The placement at `p` and those beside it, in the order of
    /// [`Edge::ALL`](crate::geometry::Edge::ALL).
    #[inline]
    pub(crate) fn beside(&self, p: Pos) -> (Option<usize>, [Option<usize>; 4]) {
        let (chunk, cell) = match self.ring_chunk(p) {
            Ok(Some(found)) => found,
            Ok(None) => return (None, [None; 4]),
            Err(()) => {
                let edges = crate::geometry::Edge::ALL.map(|e| self.get(p.step(e)));
                return (self.get(p), edges);
            }
        };
        let at = |i: usize| chunk[i].checked_sub(1).map(|i| i as usize);
        (
            at(cell),
            [at(cell + SIDE), at(cell + 1), at(cell - SIDE), at(cell - 1)],
        )
    }

    /// Whether a tile lies at `p`.
    pub(crate) fn contains(&self, p: Pos) -> bool {
        self.get(p).is_some()
    }

    /// Puts placement `index` at `p` (an empty position).
    #[inline]
    pub(crate) fn insert(&mut self, p: Pos, index: usize) {
        self.len += 1;
        if self.sparse.is_none() {
            let (c, cell) = chunk_cell(p);
            if let Some(made) = self.made(c).or_else(|| self.make_chunk(c)) {
                self.chunks[made][cell] = index as u32 + 1;
                return;
            }
        }
        if let Some(map) = &mut self.sparse {
            map.insert(p, index as u32);
        }
    }

    /// Takes the tile at `p` off (the last one inserted, taken back).
    pub(crate) fn remove(&mut self, p: Pos) {
        if let Some(map) = &mut self.sparse {
            if map.remove(&p).is_some() {
                self.len -= 1;
            }
            return;
        }
        let (c, cell) = chunk_cell(p);
        if let Some(made) = self.made(c)
            && self.chunks[made][cell] != 0
        {
            self.chunks[made][cell] = 0;
            self.len -= 1;
        }
    }

    /// The cells the board may hold in chunks: a few for each tile on it
    /// or to come. A board that will grow large may be lopsided while it
    /// is small (a long arm early on): the tiles it will hold set its
    /// room.
    fn room(&self) -> usize {
        let tiles = self.len.max(self.expected);
        MIN_CELLS.saturating_add(tiles.saturating_mul(CELLS_PER_TILE))
    }

    /// Makes chunk `c` and gives its index, growing the directory to
    /// cover it (at least doubling the side that must grow), or moves the
    /// board to a hash map when the chunks or the directory would be
    /// mostly empty.
    #[cold]
    fn make_chunk(&mut self, c: (i32, i32)) -> Option<usize> {
        let room = self.room();
        let fits = (self.chunks.len() + 1) * CELLS <= room;
        let entry = if fits {
            self.entry(c).or_else(|| self.grow_to(c, room))
        } else {
            None
        };
        let Some(e) = entry else {
            self.go_sparse();
            return None;
        };
        // Zeroed memory, made as such.
        let Ok(chunk) = Chunk::try_from(vec![0; CELLS].into_boxed_slice()) else {
            unreachable!("a chunk's cells are as many as made");
        };
        self.directory[e] = self.chunks.len() as u32;
        self.chunks.push(chunk);
        Some(self.chunks.len() - 1)
    }

    /// Grows the directory to cover chunk `c` and gives its entry, or
    /// `None` if it would take more than a word for every `SIDE` cells of
    /// `room`.
    fn grow_to(&mut self, (cx, cy): (i32, i32), room: usize) -> Option<usize> {
        let (x0, y0) = (i64::from(self.cx0), i64::from(self.cy0));
        let (w, h) = (self.width as i64, self.height as i64);
        let (px, py) = (i64::from(cx), i64::from(cy));
        let (mut nx0, mut ny0, mut nw, mut nh) = if self.width == 0 {
            (px - 1, py - 1, 3, 3)
        } else {
            (x0, y0, w, h)
        };
        (nx0, nw) = cover(nx0, nw, px);
        (ny0, nh) = cover(ny0, nh, py);
        let entries = usize::try_from(nw.saturating_mul(nh)).unwrap_or(usize::MAX);
        let fits = |v: i64| i32::try_from(v).is_ok();
        if entries > room / SIDE || !fits(nx0) || !fits(ny0) {
            return None;
        }
        let (nw, nh) = (nw as usize, nh as usize);
        let mut grown = vec![NO_CHUNK; nw * nh];
        for row in 0..self.height {
            let from = row * self.width;
            let to = (row + (y0 - ny0) as usize) * nw + (x0 - nx0) as usize;
            grown[to..to + self.width].copy_from_slice(&self.directory[from..from + self.width]);
        }
        self.directory = grown;
        self.cx0 = nx0 as i32;
        self.cy0 = ny0 as i32;
        self.width = nw;
        self.height = nh;
        self.entry((cx, cy))
    }

    fn go_sparse(&mut self) {
        let mut map = FxHashMap::default();
        map.reserve(self.len.max(self.expected));
        for (e, &made) in self.directory.iter().enumerate() {
            let Some(chunk) = self.chunks.get(made as usize) else {
                continue;
            };
            let cx = self.cx0 + (e % self.width) as i32;
            let cy = self.cy0 + (e / self.width) as i32;
            for (cell, &v) in chunk.iter().enumerate() {
                if v != 0 {
                    let x = ((cx << SHIFT) + (cell % SIDE) as i32).wrapping_sub(CENTRE);
                    let y = ((cy << SHIFT) + (cell / SIDE) as i32).wrapping_sub(CENTRE);
                    map.insert(Pos::new(x, y), v - 1);
                }
            }
        }
        self.directory = Vec::new();
        self.chunks = Vec::new();
        self.width = 0;
        self.height = 0;
        self.sparse = Some(map);
    }
}

/// One side of the directory, `start` and `len`, grown to cover `p`: by
/// at least its length, towards `p`.
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
            for q in p.ring() {
                let edges = crate::geometry::Edge::ALL.map(|e| b.get(q.step(e)));
                assert_eq!(b.beside(q), (b.get(q), edges), "{q:?}");
            }
        }
        assert_eq!(b.get(Pos::new(1_000, 1_000)), None);
    }

    #[test]
    fn a_board_lopsided_while_small_keeps_its_grid_when_it_will_grow() {
        // A long arm first, too long for a grid of its own tiles, then the
        // rows that fill in beside it.
        let long = 1_100;
        let arm = (0..long).map(|x| Pos::new(x, 0));
        let rows = (0..long * 20).map(|i| Pos::new(i % long, i / long + 1));
        let spots: Vec<Pos> = arm.chain(rows).collect();
        let mut expecting = Board::with_room(spots.len());
        let mut unknown = Board::default();
        for (i, &p) in spots.iter().enumerate() {
            expecting.insert(p, i);
            unknown.insert(p, i);
        }
        assert!(expecting.sparse.is_none());
        assert!(unknown.sparse.is_some());
        for (i, &p) in spots.iter().enumerate().step_by(97) {
            assert_eq!(expecting.get(p), Some(i));
            assert_eq!(expecting.around(p), unknown.around(p), "{p:?}");
        }
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
