//! Bridges (RULES.md §16): laid with a tile, across it or across a tile
//! beside it, from field edge to field edge. The tile takes its bridged
//! form (the catalog's [`crate::tileset::Catalog::bridged`]): a road of its
//! own that cuts no field, which may make the placement legal.

use super::keys::{Bridge, Bridges, Span};
use super::notes::BcbNote;
use super::problem::BcbProblem;
use crate::engine::event::{Note, NoteKind, Told};
use crate::engine::game::{Game, PlaceProblem};
use crate::engine::mechanic::{Laying, Mechanic, Phases, Said, Setup};
use crate::engine::violation::{Broken, ViolationKind};
use crate::geometry::{Edge, Pos, Rotation};
use crate::record::{Act, Keyed};
use crate::rules::Figure;
use crate::rules::table::Piece;
use crate::tileset::{Catalog, EdgeKind};

/// `[figures] bridge`: the bridges each player has.
pub const TOKENS: Piece = Piece {
    key: "bridge",
    doc: "Bridges per player (Bridges, Castles & Bazaars; default 3 with up to four players, 2 with five or more).",
    per_players: super::tokens_for,
    in_play: super::in_play,
};

/// The bridges each player has left.
#[derive(Debug, Clone)]
pub struct Bridging {
    left: Vec<u32>,
}

/// The bridges, when the expansion is in play.
#[must_use]
pub fn mechanic(setup: &Setup<'_>) -> Option<Box<dyn Mechanic>> {
    if !super::in_play(setup.catalog) {
        return None;
    }
    let n = super::tokens(setup, &TOKENS);
    Some(Box::new(Bridging {
        left: vec![n; setup.players],
    }))
}

/// The form of `tile` turned by `rot` with a bridge across it along
/// `span` (board orientation), if both ends are field edges.
fn bridged(catalog: &Catalog, tile: usize, rot: Rotation, span: Span) -> Option<usize> {
    if catalog.is_bridged(tile) {
        return None;
    }
    catalog.bridged(tile, span.edge().rotated(rot.inverse()))
}

/// Why an end of a bridge on the tile at `at` (turned by `rot`, in the
/// form `form`) cannot lie there: a tile beside it, or the tile about to
/// be placed at `new` in the form `new_form`, shows other than a road
/// there.
fn ends_problem(
    game: &Game,
    at: Pos,
    span: Span,
    new: Option<(Pos, usize, Rotation)>,
) -> Option<String> {
    for e in [span.edge(), span.edge().opposite()] {
        let beyond = at.step(e);
        let shown = match new {
            Some((p, form, rot)) if p == beyond => {
                Some(game.tile(form).edge_kind(e.opposite(), rot))
            }
            _ => game.edge_shown(beyond, e.opposite()),
        };
        if let Some(kind) = shown
            && kind != EdgeKind::Road
        {
            return Some(format!(
                "its {e} end meets {} at {beyond}, not a road",
                kind.word()
            ));
        }
    }
    None
}

impl Bridging {
    /// Lays the turn's bridge, if it can lie: the form of the tile being
    /// placed when the bridge is on it.
    fn lay(
        &mut self,
        game: &mut Game,
        laying: &Laying<'_>,
        b: &Bridge,
        said: &mut Said,
    ) -> Option<usize> {
        let who = laying.names.get(laying.actor).cloned().unwrap_or_default();
        let refuse = |said: &mut Said, why: String| {
            said.violations.push((
                ViolationKind::Mechanic(Broken::new(BcbProblem::Bridge {
                    player: who.clone(),
                    why,
                })),
                b.written,
            ));
            None
        };
        if self.left.get(laying.actor).copied().unwrap_or(0) == 0 {
            return refuse(said, "no bridge is left in their supply".into());
        }
        let at = b.at.unwrap_or(laying.pos);
        let catalog = game.catalog;
        if at == laying.pos {
            let Some(form) = bridged(catalog, laying.tile, laying.rot, b.span) else {
                return refuse(
                    said,
                    format!(
                        "the tile placed at {at} shows no field edges {} for a bridge",
                        b.span.word()
                    ),
                );
            };
            if let Some(why) = ends_problem(game, at, b.span, None) {
                return refuse(said, why);
            }
            self.left[laying.actor] -= 1;
            Self::note(laying, at, b.span, said);
            return Some(form);
        }
        if !Edge::ALL.iter().any(|&e| laying.pos.step(e) == at) {
            return refuse(
                said,
                format!(
                    "{at} is neither the tile placed at {} nor one beside it",
                    laying.pos
                ),
            );
        }
        let Some(idx) = game.at(at) else {
            return refuse(said, format!("no tile lies at {at}"));
        };
        let placed = &game.placed()[idx];
        let Some(form) = bridged(catalog, placed.tile(), placed.rot, b.span) else {
            return refuse(
                said,
                format!(
                    "the tile at {at} shows no field edges {} for a bridge, or has one already",
                    b.span.word()
                ),
            );
        };
        let new = Some((laying.pos, laying.tile, laying.rot));
        if let Some(why) = ends_problem(game, at, b.span, new) {
            return refuse(said, why);
        }
        self.left[laying.actor] -= 1;
        game.edit(idx, form);
        Self::note(laying, at, b.span, said);
        None
    }

    /// The form a snapshot's board tile lies in: bridged, when the
    /// snapshot's `bridges:` says so.
    fn from_snapshot(game: &Game, laying: &Laying<'_>, said: &mut Said) -> Option<usize> {
        let Bridges(list) = laying.record?.snapshot.get::<Bridges>()?;
        let mut form = None;
        for &(at, span, written) in list.iter().filter(|b| b.0 == laying.pos) {
            match (form, bridged(game.catalog, laying.tile, laying.rot, span)) {
                (None, Some(f)) => form = Some(f),
                _ => said.violations.push((
                    ViolationKind::Mechanic(Broken::new(BcbProblem::SnapshotBridge {
                        why: format!(
                            "the tile at {at} shows no field edges {} for a bridge, or has one already",
                            span.word()
                        ),
                    })),
                    written,
                )),
            }
        }
        form
    }

    fn note(laying: &Laying<'_>, at: Pos, span: Span, said: &mut Said) {
        said.notes.push(Note {
            turn: laying.turn,
            player: laying.actor,
            kind: NoteKind::Mechanic(Told::new(BcbNote::Bridge { at, span })),
        });
    }
}

impl Mechanic for Bridging {
    fn boxed(&self) -> Box<dyn Mechanic> {
        Box::new(self.clone())
    }

    fn phases(&self) -> Phases {
        Phases::PLACE
    }

    fn act_keys(&self) -> &'static [&'static str] {
        &["bridge"]
    }

    fn laying(&mut self, game: &mut Game, laying: &Laying<'_>, said: &mut Said) -> Option<usize> {
        if laying.turn == 0 {
            return Self::from_snapshot(game, laying, said);
        }
        let mut form = None;
        for (i, act) in laying.acts.iter().enumerate() {
            if let Some(b) = act.get::<Bridge>() {
                said.taken.push(i);
                form = self.lay(game, laying, b, said).or(form);
            }
        }
        form
    }

    fn may_enable(&self) -> bool {
        true
    }

    fn enabling(
        &self,
        game: &Game,
        actor: usize,
        tile: usize,
        (pos, rot): (Pos, Rotation),
        problems: &[PlaceProblem],
    ) -> Vec<Act> {
        // A bridge turns field edges into road: it mends only a road that
        // meets a field, and at most two edges (its two ends).
        let mendable = problems.len() <= 2
            && problems.iter().all(|p| {
                matches!(
                    p,
                    PlaceProblem::Mismatch { ours, theirs, .. }
                        if matches!((ours, theirs), (EdgeKind::Road, EdgeKind::Field) | (EdgeKind::Field, EdgeKind::Road))
                )
            });
        if !mendable || self.left.get(actor).copied().unwrap_or(0) == 0 {
            return Vec::new();
        }
        let act = |at: Option<Pos>, span: Span| {
            Act::Keyed(Keyed::new(Bridge {
                at,
                span,
                map: at.is_some(),
                written: miette::SourceSpan::from((0, 0)),
            }))
        };
        // Across the tile itself, or across a neighbour towards it.
        let mut out: Vec<Act> = [Span::NorthSouth, Span::WestEast]
            .into_iter()
            .filter(|&s| bridged(game.catalog, tile, rot, s).is_some())
            .map(|s| act(None, s))
            .collect();
        for e in Edge::ALL {
            let at = pos.step(e);
            let span = if matches!(e, Edge::N | Edge::S) {
                Span::NorthSouth
            } else {
                Span::WestEast
            };
            if let Some(idx) = game.at(at) {
                let p = &game.placed()[idx];
                if bridged(game.catalog, p.tile(), p.rot, span).is_some() {
                    out.push(act(Some(at), span));
                }
            }
        }
        out
    }

    fn propose_laying(
        &self,
        game: &Game,
        laying: &Laying<'_>,
        pick: &mut dyn FnMut(usize) -> Option<usize>,
    ) -> Vec<Act> {
        if self.left.get(laying.actor).copied().unwrap_or(0) == 0 {
            return Vec::new();
        }
        // A bridge across the tile, now and then, where both its ends lie
        // free of other tiles.
        let spans: Vec<Span> = [Span::NorthSouth, Span::WestEast]
            .into_iter()
            .filter(|&s| {
                bridged(game.catalog, laying.tile, laying.rot, s).is_some()
                    && Edge::ALL.iter().all(|&e| {
                        !(e == s.edge() || e == s.edge().opposite())
                            || game.at(laying.pos.step(e)).is_none()
                    })
            })
            .collect();
        if spans.is_empty() {
            return Vec::new();
        }
        match pick(spans.len() * 4) {
            Some(k) if k < spans.len() => vec![Act::Keyed(Keyed::new(Bridge {
                at: None,
                span: spans[k],
                map: false,
                written: miette::SourceSpan::from((0, 0)),
            }))],
            _ => Vec::new(),
        }
    }

    fn restore(
        &mut self,
        game: &mut Game,
        record: &crate::record::Record,
        said: &mut Said,
    ) -> Vec<(usize, Figure)> {
        // The board's tiles took their bridges as they were laid; a bridge
        // where no tile lies is said here.
        let Some(Bridges(list)) = record.snapshot.get::<Bridges>() else {
            return Vec::new();
        };
        for &(at, _, written) in list {
            if game.at(at).is_none() {
                said.violations.push((
                    ViolationKind::Mechanic(Broken::new(BcbProblem::SnapshotBridge {
                        why: format!("no tile lies at {at}"),
                    })),
                    written,
                ));
            }
        }
        Vec::new()
    }
}
