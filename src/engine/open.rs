//! The open positions of a board (empty squares beside a tile), grouped by
//! what their neighbours show on each side, so that every place a tile fits
//! is found by looking at the few hundred kinds of position rather than at
//! every position. The referee (discards, legal moves) and the generator
//! both use it.

use std::collections::BTreeMap;

use rustc_hash::FxHashMap;

use crate::geometry::{Edge, Pos, Rotation};
use crate::tileset::{EdgeKind, Tile};

/// A set of positions with O(1) insertion, removal and random access.
#[derive(Debug, Clone, Default)]
pub struct PosSet {
    list: Vec<Pos>,
    index: FxHashMap<Pos, usize>,
}

impl PosSet {
    /// Adds `p` if it is not there yet.
    pub fn add(&mut self, p: Pos) {
        if !self.index.contains_key(&p) {
            self.index.insert(p, self.list.len());
            self.list.push(p);
        }
    }

    /// Removes `p` if it is there.
    pub fn remove(&mut self, p: Pos) {
        if let Some(i) = self.index.remove(&p) {
            self.list.swap_remove(i);
            if let Some(&moved) = self.list.get(i) {
                self.index.insert(moved, i);
            }
        }
    }

    /// The positions, in no particular order.
    #[must_use]
    pub fn list(&self) -> &[Pos] {
        &self.list
    }
}

/// The open positions of a board by signature: the edge kind a neighbour
/// shows on each side (3 bits a side, 0 for no neighbour).
#[derive(Debug, Clone, Default)]
pub struct OpenPositions {
    all: PosSet,
    buckets: BTreeMap<u16, PosSet>,
    of: FxHashMap<Pos, u16>,
}

/// The signature of `pos` on a board where `shown(q, e)` is what the tile
/// at `q` shows along its edge `e` (`None`: no tile at `q`).
fn signature(shown: &impl Fn(Pos, Edge) -> Option<EdgeKind>, pos: Pos) -> u16 {
    let mut sig = 0u16;
    for e in Edge::ALL {
        let kind = shown(pos.step(e), e.opposite()).map_or(0, |k| match k {
            EdgeKind::City => 1,
            EdgeKind::Road => 2,
            EdgeKind::Field => 3,
            EdgeKind::River => 4,
            EdgeKind::Any => 5,
            EdgeKind::Inner => 6,
        });
        sig |= kind << (3 * e.index());
    }
    sig
}

/// Whether `tile` turned by `rot` matches every neighbour of a position
/// with signature `sig` (and may stand beside an empty side at all).
fn fits_signature(tile: &Tile, rot: Rotation, sig: u16) -> bool {
    Edge::ALL.into_iter().all(|e| {
        let kind = match (sig >> (3 * e.index())) & 7 {
            0 => return !tile.hole_only,
            1 => EdgeKind::City,
            2 => EdgeKind::Road,
            3 => EdgeKind::Field,
            4 => EdgeKind::River,
            5 => EdgeKind::Any,
            _ => EdgeKind::Inner,
        };
        tile.edge_kind(e, rot).matches(kind)
    })
}

impl OpenPositions {
    fn set(&mut self, pos: Pos, sig: Option<u16>) {
        if let Some(old) = self.of.remove(&pos)
            && let Some(b) = self.buckets.get_mut(&old)
        {
            b.remove(pos);
            if b.list.is_empty() {
                self.buckets.remove(&old);
            }
        }
        match sig {
            Some(sig) => {
                self.of.insert(pos, sig);
                self.buckets.entry(sig).or_default().add(pos);
                self.all.add(pos);
            }
            None => self.all.remove(pos),
        }
    }

    /// Takes in a tile just placed at `pos` on a board where `shown(q, e)`
    /// is what the tile at `q` shows along its edge `e` (`None`: no tile).
    pub fn placed(&mut self, pos: Pos, shown: impl Fn(Pos, Edge) -> Option<EdgeKind>) {
        self.set(pos, None);
        for e in Edge::ALL {
            let n = pos.step(e);
            if shown(n, Edge::N).is_none() {
                self.set(n, Some(signature(&shown, n)));
            }
        }
    }

    /// Every open position.
    #[must_use]
    pub fn all(&self) -> &[Pos] {
        self.all.list()
    }

    /// The groups of open positions where `tile`, turned by the rotation
    /// given with each group, matches every neighbour's edge.
    #[must_use]
    pub fn fitting(&self, tile: &Tile) -> Vec<(&[Pos], Rotation)> {
        let mut out = Vec::new();
        for (&sig, bucket) in &self.buckets {
            for rot in Rotation::ALL {
                if fits_signature(tile, rot, sig) {
                    out.push((bucket.list(), rot));
                }
            }
        }
        out
    }
}
