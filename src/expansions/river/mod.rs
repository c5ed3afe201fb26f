//! The River: where the river may go on, and the U-turn rule.
//!
//! The referee, legal-move listing and the generator all ask this one
//! module, so they can never disagree about a river tile.

pub mod jcz;
pub mod problem;

use crate::engine::event::FeatureId;
use crate::engine::game::Game;
use crate::engine::mechanic::{Mechanic, Phases, Placing, Setup};
use crate::engine::supply::Supply;
use crate::engine::violation::{Broken, ViolationKind};
use crate::geometry::{Edge, Pos, Rotation};
use crate::tileset::{Catalog, EdgeKind};
use problem::RiverViolation;

/// The state of the river on the board.
#[derive(Debug, Clone, Copy, Default)]
pub struct River {
    /// Where the river goes on: the next position and the edge of it that
    /// faces the river's open end. `None` once the river has ended (or
    /// before it started).
    end: Option<(Pos, Edge)>,
    /// The way the river tile placed last turned (true: right); `None` when
    /// it ran straight. Only an immediate U-turn is forbidden (RULES.md §9),
    /// so a straight tile forgets the turn before it.
    last_turn: Option<bool>,
}

/// Why a river tile cannot lie where it was put.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RiverProblem {
    /// The tile does not continue the river at its open end; carries that
    /// position, or `None` when the river has ended.
    NotAtTheEnd(Option<Pos>),
    /// Two curves one right after the other turn the same way (true: right).
    UTurn(bool),
}

/// The edges of `tile` (turned by `rot`) that the river crosses, in the
/// order of [`Edge::ALL`].
#[must_use]
pub fn edges(catalog: &Catalog, tile: usize, rot: Rotation) -> Edges {
    let t = &catalog.tiles[tile].tile;
    let mut out = Edges {
        list: [Edge::N; 4],
        len: 0,
    };
    // Most tiles have no river at all, whichever way they are turned.
    if !t.edges.contains(&EdgeKind::River) {
        return out;
    }
    for e in Edge::ALL {
        if t.edge_kind(e, rot) == EdgeKind::River {
            out.list[out.len] = e;
            out.len += 1;
        }
    }
    out
}

/// A few edges of one tile, held in place (a river tile has two or so,
/// and every placement asks).
#[derive(Debug, Clone, Copy)]
pub struct Edges {
    list: [Edge; 4],
    len: usize,
}

impl std::ops::Deref for Edges {
    type Target = [Edge];
    fn deref(&self) -> &[Edge] {
        &self.list[..self.len]
    }
}

/// The turn a river tile makes, entering through `facing` and leaving
/// through `out`: `None` straight on, `Some(true)` right, `Some(false)` left.
fn turn_of(facing: Edge, out: Edge) -> Option<bool> {
    let heading = facing.opposite();
    (out != heading).then(|| out == heading.rotated(Rotation::R90))
}

impl River {
    /// The river as the start tile leaves it: flowing out of its one river
    /// edge, or no river at all.
    #[must_use]
    pub fn start(catalog: &Catalog, tile: usize, at: Pos, rot: Rotation) -> River {
        let end = match edges(catalog, tile, rot)[..] {
            [e] => Some((at.step(e), e.opposite())),
            _ => None,
        };
        River {
            end,
            last_turn: None,
        }
    }

    /// The position where the river goes on, if it does.
    #[must_use]
    pub fn open_end(&self) -> Option<Pos> {
        self.end.map(|(p, _)| p)
    }

    /// The river rule a placement breaks, if any. Tiles without a river
    /// break none.
    #[must_use]
    pub fn check(
        &self,
        catalog: &Catalog,
        tile: usize,
        pos: Pos,
        rot: Rotation,
    ) -> Option<RiverProblem> {
        let rivers = edges(catalog, tile, rot);
        if rivers.is_empty() {
            return None;
        }
        let Some((p, facing)) = self.end else {
            return Some(RiverProblem::NotAtTheEnd(None));
        };
        if p != pos || !rivers.contains(&facing) {
            return Some(RiverProblem::NotAtTheEnd(Some(p)));
        }
        match rivers[..] {
            [a, b] => {
                let out = if a == facing { b } else { a };
                match (turn_of(facing, out), self.last_turn) {
                    (Some(now), Some(before)) if now == before => Some(RiverProblem::UTurn(now)),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// The river after a tile was placed at `pos` (whether or not it was
    /// legal there: a tile off the river's end changes nothing).
    #[must_use]
    pub fn advance(self, catalog: &Catalog, tile: usize, pos: Pos, rot: Rotation) -> River {
        let rivers = edges(catalog, tile, rot);
        let facing = match self.end {
            Some((p, f)) if p == pos && !rivers.is_empty() => f,
            _ => return self,
        };
        let mut outs = rivers.iter().filter(|e| **e != facing);
        match (outs.next(), outs.next()) {
            (Some(&out), None) => River {
                end: Some((pos.step(out), out.opposite())),
                last_turn: turn_of(facing, out),
            },
            _ => River {
                end: None,
                last_turn: None,
            },
        }
    }
}

/// The River as a turn mechanic: the opening set's tiles come first and
/// its last tile (the lake) after the others; each river tile continues
/// the river at its open end, never turning the same way twice in a row.
#[derive(Debug, Clone)]
struct RiverRule {
    river: River,
}

/// The River's rules, when a tile set in play has river edges or an
/// opening set.
#[must_use]
pub fn mechanic(setup: &Setup<'_>) -> Option<Box<dyn Mechanic>> {
    let catalog = setup.catalog;
    let rivers = catalog
        .tiles
        .iter()
        .any(|e| e.opening || e.tile.edges.contains(&EdgeKind::River));
    let (tile, at, rot) = setup.start;
    rivers.then(|| {
        Box::new(RiverRule {
            river: River::start(catalog, tile, at, rot),
        }) as Box<dyn Mechanic>
    })
}

impl Mechanic for RiverRule {
    fn boxed(&self) -> Box<dyn Mechanic> {
        Box::new(self.clone())
    }

    fn phases(&self) -> Phases {
        Phases::DRAW.and(Phases::PLACE).and(Phases::PLACED)
    }

    fn draw_problem(
        &self,
        catalog: &Catalog,
        supply: &Supply,
        tile: usize,
    ) -> Option<ViolationKind> {
        let entry = &catalog.tiles[tile];
        let id = || entry.tile.id.clone();
        if supply.opening_left > 0 && !entry.opening {
            return Some(ViolationKind::Mechanic(Broken::new(
                RiverViolation::First {
                    id: id(),
                    remaining: supply.opening_left,
                },
            )));
        }
        if entry.opening && entry.tile.last {
            // Opening tiles left other than lakes.
            let lakes: u32 = catalog
                .tiles
                .iter()
                .zip(&supply.common)
                .filter(|(e, _)| e.opening && e.tile.last)
                .map(|(_, c)| *c)
                .sum();
            let others = supply.opening_left - lakes.min(supply.opening_left);
            if others > 0 {
                return Some(ViolationKind::Mechanic(Broken::new(RiverViolation::Last {
                    id: id(),
                    remaining: others,
                })));
            }
        }
        None
    }

    fn placement_problem(
        &self,
        catalog: &Catalog,
        tile: usize,
        pos: Pos,
        rot: Rotation,
    ) -> Option<(ViolationKind, bool)> {
        Some(match self.river.check(catalog, tile, pos, rot)? {
            RiverProblem::UTurn(right) => (
                ViolationKind::Mechanic(Broken::new(RiverViolation::UTurn { right })),
                true,
            ),
            RiverProblem::NotAtTheEnd(expected) => (
                ViolationKind::Mechanic(Broken::new(RiverViolation::Continue {
                    id: catalog.tiles[tile].tile.id.clone(),
                    expected,
                })),
                false,
            ),
        })
    }

    fn only_at(&self, catalog: &Catalog, tile: usize) -> Option<Vec<Pos>> {
        (!edges(catalog, tile, Rotation::R0).is_empty())
            .then(|| self.river.open_end().into_iter().collect())
    }

    fn placed(&mut self, game: &mut Game, placing: &Placing) -> Option<FeatureId> {
        self.river = self
            .river
            .advance(game.catalog, placing.tile, placing.pos, placing.rot);
        None
    }
}
