//! The Tower (RULES.md §15): tower pieces, followers on top of towers,
//! captures, prisoners, their exchange and ransoms. The tiles bring the
//! foundations (the tile flag `tower`); everything else is this module's:
//! a turn's action may be a piece on any foundation or open tower (and
//! then one capture in the tower's row or column within its height) or a
//! normal or big follower on top of an open tower anywhere; a ransom may
//! come with any action. All of it happens in the "act" phase, after the
//! tile and before the deployment and the scoring, so a follower taken
//! from a feature the tile completes does not score.

pub mod choices;
pub mod jcz;
pub mod keys;
pub mod notes;
pub mod problem;

use std::collections::BTreeMap;

use crate::engine::event::FeatureId;
use crate::engine::event::{Gone, Note, NoteKind, Phase, Told};
use crate::engine::game::Game;
use crate::engine::mechanic::{
    Acting, ActionOption, Held, Mechanic, Phases, Placing, Said, Setup, Stack, Wakes,
};
use crate::engine::violation::{Broken, ViolationKind};
use crate::geometry::Pos;
use crate::record::location::Location;
use crate::record::{Act, Body, Deploy, Keyed, Record};
use crate::rules::Figure;
use crate::rules::table::{Bears, Piece, PointKey, Row};
use keys::{Capture, Ransom, TowerPiece};
use notes::TowerNote;
use problem::{Refused, TowerProblem};

/// `[points] ransom`.
pub const RANSOM: PointKey = PointKey {
    key: "ransom",
    modern: 3,
    doc: "Paid by a player to buy back a follower that another player holds (The Tower).",
    bears: Bears::Kind {
        kind: "payment",
        complete: None,
    },
};

/// `[figures] tower`: the tower pieces each player has.
pub const PIECES: Piece = Piece {
    key: "tower",
    doc: "Tower pieces per player (The Tower; default by the number of players: 2 → 10, 3 → 9, 4 → 7, 5 → 6, 6 → 5).",
    per_players: pieces_for,
    in_play: |catalog| catalog.tiles.iter().any(|e| e.tile.tower),
};

/// Tower pieces per player by the number of players, when the tiles in
/// play have tower foundations (RULES §15; JCZ's numbers beyond six).
#[must_use]
pub fn pieces_for(players: usize) -> u32 {
    match players {
        0..=2 => 10,
        3 => 9,
        4 => 7,
        5 => 6,
        6 => 5,
        7 => 4,
        _ => 3,
    }
}

/// The Tower's rows of a ruleset's tables.
pub const RATES: [Row; 2] = [Row::Point(RANSOM), Row::Piece(PIECES)];

/// The Tower's rules, for games whose tiles have tower foundations.
#[must_use]
pub fn mechanic(setup: &Setup<'_>) -> Option<Box<dyn Mechanic>> {
    if !setup.catalog.tiles.iter().any(|e| e.tile.tower) {
        return None;
    }
    let pieces = setup
        .rules
        .figures
        .get("tower")
        .copied()
        .unwrap_or_else(|| pieces_for(setup.players));
    Some(Box::new(Towers {
        pieces: vec![pieces; setup.players],
        built: BTreeMap::new(),
        prisoners: vec![Vec::new(); setup.players],
        ransom: i64::from(setup.rules.points.rate(&RANSOM)),
        ransom_paid_on: None,
        foundations: Vec::new(),
        placed_as: BTreeMap::new(),
    }))
}

/// A tower: its pieces and the follower on top (owner, figure).
#[derive(Debug, Clone, Copy, Default)]
struct Tower {
    height: u32,
    top: Option<(usize, Figure)>,
}

/// A follower that may be taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Taken {
    /// On a feature: its index among the game's figures.
    OnFeature(usize),
    /// On top of the tower at this tile.
    OnTop(Pos),
}

/// The towers of a game and what the players hold.
#[derive(Debug, Clone)]
struct Towers {
    /// Tower pieces left, per player.
    pieces: Vec<u32>,
    /// Towers by the tile they stand on.
    built: BTreeMap<Pos, Tower>,
    /// Per player, the followers they hold: (owner, figure), in the order
    /// taken.
    prisoners: Vec<Vec<(usize, Figure)>>,
    /// `[points] ransom`.
    ransom: i64,
    /// The entry of the turns on which the last ransom was paid (a
    /// builder's second turn, the next entry, is the same turn).
    ransom_paid_on: Option<usize>,
    /// The tiles with a foundation, in the order placed.
    foundations: Vec<Pos>,
    /// Each foundation's index in `foundations`.
    placed_as: BTreeMap<Pos, usize>,
}

impl Mechanic for Towers {
    fn boxed(&self) -> Box<dyn Mechanic> {
        Box::new(self.clone())
    }

    fn phases(&self) -> Phases {
        Phases::ACT.and(Phases::PLACED).and(Phases::CLEAR)
    }

    /// Only a tile with a tower foundation is noted when placed.
    fn wakes(&self, phase: Phases) -> Wakes {
        if phase == Phases::PLACED {
            Wakes::Where(|tile| tile.tower)
        } else {
            Wakes::Every
        }
    }

    fn cleared(&mut self, game: &mut Game, at: Pos) -> Vec<Gone> {
        let Some((owner, figure)) = self.built.get_mut(&at).and_then(|t| t.top.take()) else {
            return Vec::new();
        };
        game.release(at, &Location::Tower);
        game.return_to_supply(owner, figure);
        vec![Gone {
            owner,
            figure: game.figures().name(figure).to_string(),
            spot: Location::Tower,
            with: false,
        }]
    }

    fn restore(
        &mut self,
        game: &mut Game,
        record: &Record,
        said: &mut Said,
    ) -> Vec<(usize, Figure)> {
        for p in game.placed() {
            if game.tile(p.tile()).tower {
                self.placed_as.insert(p.pos, self.foundations.len());
                self.foundations.push(p.pos);
            }
        }
        let heights = record.snapshot.get::<keys::Heights>();
        for &(at, height, span) in heights.map_or(&[][..], |h| &h.0) {
            match self.tower_at(game, at) {
                Ok(_) => self.built.entry(at).or_default().height = height,
                Err(why) => refuse(said, "", "towers", why, span),
            }
        }
        let mut out = Vec::new();
        if let Body::Snapshot { meeples, .. } = &record.body {
            for (i, m) in meeples.iter().enumerate() {
                if m.spot != Location::Tower {
                    continue;
                }
                said.taken.push(i);
                let table = game.figures();
                let fits = climbs(table, m.figure);
                let problem = match self.tower_at(game, m.at) {
                    Err(p) => Some(p),
                    Ok(t) if t.height == 0 => Some(TowerProblem::BareFoundation(m.at)),
                    Ok(t) if t.top.is_some() => Some(TowerProblem::Closed(m.at)),
                    Ok(_) if !fits => {
                        Some(TowerProblem::NotOnTower(table.name(m.figure).to_string()))
                    }
                    Ok(_) => None,
                };
                if let Some(why) = problem {
                    let owner = record.players.get(m.player).map_or("", String::as_str);
                    refuse(said, owner, "meeple", why, m.span);
                    continue;
                }
                self.built.entry(m.at).or_default().top = Some((m.player, m.figure));
                game.keep(m.at, Location::Tower, m.player, m.figure);
                out.push((m.player, m.figure));
            }
        }
        let prisoners = record.snapshot.get::<keys::Prisoners>();
        for &(by, owner, figure, _) in prisoners.map_or(&[][..], |p| &p.0) {
            if let Some(list) = self.prisoners.get_mut(by) {
                list.push((owner, figure));
                out.push((owner, figure));
            }
        }
        out
    }

    fn act_keys(&self) -> &'static [&'static str] {
        &["tower", "capture", "ransom"]
    }

    fn action_options(&self, game: &Game, player: usize) -> Vec<ActionOption> {
        let mut out = Vec::new();
        let open = self.open();
        if self.pieces.get(player).copied().unwrap_or(0) > 0 {
            for &(at, t) in &open {
                out.push(ActionOption {
                    key: "tower",
                    at,
                    height: t.height + 1,
                    takes: self.in_reach(game, at, t.height + 1),
                    spot: None,
                });
            }
        }
        if game.supply(player, Figure::FOLLOWER) > 0 || game.supply(player, Figure::BIG) > 0 {
            for (at, t) in self.open_to_followers(game) {
                out.push(ActionOption {
                    key: "meeple",
                    at,
                    height: t.height,
                    takes: Vec::new(),
                    spot: None,
                });
            }
        }
        out
    }

    fn stacks(&self) -> Vec<Stack> {
        let mut out: Vec<Stack> = self
            .built
            .iter()
            .map(|(&at, t)| Stack {
                at,
                height: t.height,
                top: t.top,
            })
            .collect();
        out.sort_unstable_by_key(|s| (-s.at.y, s.at.x));
        out
    }

    fn held(&self) -> Vec<Held> {
        self.prisoners
            .iter()
            .enumerate()
            .flat_map(|(by, list)| {
                list.iter()
                    .map(move |&(owner, figure)| Held { by, owner, figure })
            })
            .collect()
    }

    fn placed(&mut self, game: &mut Game, placing: &Placing) -> Option<FeatureId> {
        if game.tile(placing.tile).tower {
            self.placed_as.insert(placing.pos, self.foundations.len());
            self.foundations.push(placing.pos);
        }
        None
    }

    fn propose_acts(
        &self,
        game: &Game,
        acting: &Acting<'_>,
        pick: &mut dyn FnMut(usize) -> Option<usize>,
    ) -> Vec<Act> {
        let me = acting.actor;
        let nowhere = miette::SourceSpan::from((0, 0));
        let mut acts = Vec::new();
        // A ransom, now and then, while the player can pay it.
        let held: Vec<(usize, Figure)> = (0..self.prisoners.len())
            .flat_map(|j| {
                self.prisoners[j]
                    .iter()
                    .filter(|&&(o, _)| o == me)
                    .map(move |&(_, f)| (j, f))
            })
            .collect();
        // The prisoner bought back, which an exchange can no longer bring.
        let mut ransomed: Option<(usize, Figure)> = None;
        if !held.is_empty()
            && !self.ransom_paid_in(acting)
            && game.scores().get(me).copied().unwrap_or(0) >= self.ransom
            && let Some(k) = pick(held.len())
        {
            let (from, figure) = held[k];
            ransomed = Some((from, figure));
            acts.push(Act::Keyed(Keyed::new(Ransom {
                from,
                from_span: nowhere,
                figure: Some((figure, nowhere)),
                span: nowhere,
            })));
        }
        // The action: a piece on an open tower, or a follower on one. Only
        // the closed towers are walked through (few: each holds a figure),
        // not every foundation of a long game.
        let pieces = self.pieces.get(me).copied().unwrap_or(0);
        let closed = self.closed();
        let open_count = if pieces > 0 {
            self.foundations.len() - closed.len()
        } else {
            0
        };
        let climbable = if game.supply(me, Figure::FOLLOWER) > 0 {
            self.open_to_followers(game)
        } else {
            Vec::new()
        };
        let Some(k) = pick(open_count + climbable.len()) else {
            return acts;
        };
        let (at, piece) = if k < open_count {
            // The k-th open foundation, in the order placed.
            let mut i = k;
            for &c in &closed {
                if c <= i {
                    i += 1;
                }
            }
            (self.foundations[i], true)
        } else {
            (climbable[k - open_count].0, false)
        };
        if !piece {
            acts.push(Act::Deploy(Deploy {
                location: Location::Tower,
                span: nowhere,
                figure: Figure::FOLLOWER,
                at: Some((at, nowhere)),
            }));
            return acts;
        }
        acts.push(Act::Keyed(Keyed::new(TowerPiece {
            at,
            at_span: nowhere,
        })));
        // A capture in the raised tower's reach, now and then.
        let height = self.built.get(&at).map_or(0, |t| t.height) + 1;
        let targets = self.in_reach(game, at, height);
        if let Some(k) = pick(targets.len()) {
            let (pos, spot, owner, figure) = targets[k].clone();
            // The kind an exchange brings back, when there is a choice
            // (not the prisoner this turn's ransom bought back).
            let mut kinds: Vec<Figure> = self
                .prisoners
                .get(owner)
                .into_iter()
                .flatten()
                .filter(|&&(o, _)| o == me)
                .map(|&(_, f)| f)
                .collect();
            if let Some((from, figure)) = ransomed
                && from == owner
                && let Some(i) = kinds.iter().position(|&f| f == figure)
            {
                kinds.remove(i);
            }
            kinds.sort_unstable_by_key(|f| f.index());
            kinds.dedup();
            acts.push(Act::Keyed(Keyed::new(Capture {
                at: pos,
                at_span: nowhere,
                spot,
                spot_span: nowhere,
                player: Some((owner, nowhere)),
                figure: Some((figure, nowhere)),
                exchange: (owner != me)
                    .then(|| kinds.first().map(|&f| (f, nowhere)))
                    .flatten(),
                span: nowhere,
            })));
        }
        acts
    }

    /// In the "act" phase, only a turn that builds, captures, ransoms or
    /// puts a follower on a tower.
    fn busy(
        &self,
        _game: &Game,
        _phase: Phases,
        _actor: usize,
        _placed: Option<usize>,
        acts: &[Act],
    ) -> bool {
        acts.iter().any(|act| match act {
            Act::Deploy(d) => d.location == Location::Tower,
            Act::Keyed(_) => {
                act.get::<TowerPiece>().is_some()
                    || act.get::<Capture>().is_some()
                    || act.get::<Ransom>().is_some()
            }
        })
    }

    fn act(&mut self, game: &mut Game, acting: &Acting<'_>, said: &mut Said) {
        // A ransom comes after the tile and before the figure, so the
        // follower bought back may be deployed at once.
        for (i, act) in acting.acts.iter().enumerate() {
            if let Some(r) = act.get::<Ransom>() {
                said.taken.push(i);
                self.ransom(game, acting, r, said);
            }
        }
        let mut piece: Option<(Pos, u32)> = None;
        for (i, act) in acting.acts.iter().enumerate() {
            if let Some(t) = act.get::<TowerPiece>() {
                said.taken.push(i);
                piece = self.piece(game, acting, t, said);
            } else if let Some(c) = act.get::<Capture>() {
                said.taken.push(i);
                self.capture(game, acting, c, piece, said);
            } else if let Act::Deploy(d) = act
                && d.location == Location::Tower
            {
                said.taken.push(i);
                self.on_top(game, acting, d, said);
            }
        }
    }
}

/// Says why an act does not happen.
fn refuse(
    said: &mut Said,
    player: &str,
    act: &'static str,
    why: TowerProblem,
    span: miette::SourceSpan,
) {
    said.violations.push((
        ViolationKind::Mechanic(Broken::new(Refused {
            player: player.to_string(),
            act,
            why,
        })),
        span,
    ));
}

/// Whether a figure may stand on top of a tower: a built-in follower
/// that stands on every kind of feature (the follower, the big follower).
/// A figure a tile set declares never does (CONTRACT §3), nor does one
/// that stands on some kinds only (the mayor, the wagon) or on a corner.
fn climbs(table: &crate::tileset::FigureTable, f: Figure) -> bool {
    table.is_builtin(f) && table.is_follower(f) && table.stands_anywhere(f) && !table.on_corner(f)
}

/// Whether a tower at `at` of `height` reaches the tile at `p`: its own
/// tile, or one in its row or column at most `height` away.
fn reaches(at: Pos, height: u32, p: Pos) -> bool {
    let reach = i32::try_from(height).unwrap_or(i32::MAX);
    let (dx, dy) = ((p.x - at.x).abs(), (p.y - at.y).abs());
    (dx == 0 && dy <= reach) || (dy == 0 && dx <= reach)
}

impl Towers {
    /// The followers a tower at `at` of `height` may take: tile, spot,
    /// owner and figure, south to north.
    fn in_reach(&self, game: &Game, at: Pos, height: u32) -> Vec<(Pos, Location, usize, Figure)> {
        let in_reach = |p: Pos| reaches(at, height, p);
        let table = game.figures();
        let mut targets: Vec<(Pos, Location, usize, Figure)> = Vec::new();
        // The tiles in reach, looked up on the board, so that a long
        // game's many figures are not all walked through; no tile lies
        // farther from the tower than there are tiles.
        let reach =
            i32::try_from(height.min(u32::try_from(game.placed().len()).unwrap_or(u32::MAX)))
                .unwrap_or(i32::MAX);
        let mut tiles = vec![at];
        for d in 1..=reach {
            tiles.extend([
                Pos::new(at.x, at.y.saturating_add(d)),
                Pos::new(at.x.saturating_add(d), at.y),
                Pos::new(at.x, at.y.saturating_sub(d)),
                Pos::new(at.x.saturating_sub(d), at.y),
            ]);
        }
        for q in tiles {
            let Some(placed) = game.at(q) else { continue };
            for id in game.figures_on_tile(placed) {
                let f = &game.followers()[id];
                if f.on_board && table.is_follower(f.figure) {
                    let (pos, spot) = game.spot_of(id);
                    targets.push((pos, spot, f.player, f.figure));
                }
            }
        }
        for (&p, t) in &self.built {
            if let Some((owner, figure)) = t.top
                && p != at
                && in_reach(p)
            {
                targets.push((p, Location::Tower, owner, figure));
            }
        }
        targets.sort_by_key(|(p, l, o, f)| (p.y, p.x, l.to_string(), *o, f.index()));
        targets
    }

    /// The foundations whose tower is closed (a follower on top), by their
    /// index in the order placed, smallest first.
    fn closed(&self) -> Vec<usize> {
        let mut out: Vec<usize> = self
            .built
            .iter()
            .filter(|(_, t)| t.top.is_some())
            .filter_map(|(p, _)| self.placed_as.get(p).copied())
            .collect();
        out.sort_unstable();
        out
    }

    /// The open towers (and bare foundations) on the board.
    fn open(&self) -> Vec<(Pos, Tower)> {
        self.foundations
            .iter()
            .map(|&p| (p, self.built.get(&p).copied().unwrap_or_default()))
            .filter(|(_, t)| t.top.is_none())
            .collect()
    }

    /// The towers a follower may go on now: open, of one piece or more,
    /// on a tile no neutral figure bars; in the order placed. Only the
    /// towers built are walked through (few: each holds a piece), not
    /// every foundation of a long game.
    fn open_to_followers(&self, game: &Game) -> Vec<(Pos, Tower)> {
        let mut out: Vec<(usize, Pos, Tower)> = self
            .built
            .iter()
            .filter(|(at, t)| t.height > 0 && t.top.is_none() && game.barred(**at).is_none())
            .filter_map(|(&at, &t)| self.placed_as.get(&at).map(|&i| (i, at, t)))
            .collect();
        out.sort_unstable_by_key(|&(i, _, _)| i);
        out.into_iter().map(|(_, at, t)| (at, t)).collect()
    }

    /// Whether a ransom was paid in the turn of `acting`: on its entry,
    /// or on the one before when it is a builder's second turn.
    fn ransom_paid_in(&self, acting: &Acting<'_>) -> bool {
        self.ransom_paid_on.is_some_and(|t| {
            t == acting.turn || (acting.second && Some(t) == acting.turn.checked_sub(1))
        })
    }

    /// The tower at `at`, if the tile there has a foundation: problems
    /// otherwise.
    fn tower_at(&self, game: &Game, at: Pos) -> Result<Tower, TowerProblem> {
        let placed = game.at(at).ok_or(TowerProblem::NoTile(at))?;
        if !game.tile(game.placed()[placed].tile()).tower {
            return Err(TowerProblem::NoFoundation(at));
        }
        Ok(self.built.get(&at).copied().unwrap_or_default())
    }

    /// `tower: { at }`: one more piece on that tower.
    fn piece(
        &mut self,
        game: &Game,
        acting: &Acting<'_>,
        t: &TowerPiece,
        said: &mut Said,
    ) -> Option<(Pos, u32)> {
        let me = acting.actor;
        let problem = match self.tower_at(game, t.at) {
            Err(p) => Some(p),
            Ok(tower) if tower.top.is_some() => Some(TowerProblem::Closed(t.at)),
            Ok(_) if self.pieces.get(me).copied().unwrap_or(0) == 0 => Some(TowerProblem::NoPieces),
            Ok(_) => None,
        };
        if let Some(why) = problem {
            refuse(said, &acting.names[acting.actor], "tower", why, t.at_span);
            return None;
        }
        self.pieces[me] -= 1;
        let tower = self.built.entry(t.at).or_default();
        tower.height += 1;
        said.notes.push(Note {
            turn: acting.turn,
            player: me,
            kind: NoteKind::Mechanic(Told::new(TowerNote::Piece {
                at: t.at,
                height: tower.height,
            })),
        });
        Some((t.at, tower.height))
    }

    /// `meeple: tower` or `meeple: { at, spot: tower }`: a normal or big
    /// follower on top of an open tower, which closes it.
    fn on_top(&mut self, game: &mut Game, acting: &Acting<'_>, d: &Deploy, said: &mut Said) {
        let me = acting.actor;
        let (at, span) = d.at.unwrap_or((game.placed()[acting.placed].pos, d.span));
        let table = game.figures();
        let word = table.name(d.figure).to_string();
        let fits = climbs(table, d.figure);
        let problem = match self.tower_at(game, at) {
            Err(p) => Some(p),
            Ok(tower) if tower.height == 0 => Some(TowerProblem::BareFoundation(at)),
            Ok(tower) if tower.top.is_some() => Some(TowerProblem::Closed(at)),
            Ok(_) if !fits => Some(TowerProblem::NotOnTower(word.clone())),
            Ok(_) if game.barred(at).is_some() => Some(TowerProblem::Barred {
                at,
                by: game.barred(at).map_or("", |n| n.name),
            }),
            Ok(_) if !game.take_from_supply(me, d.figure) => {
                Some(TowerProblem::NoneLeft(word.clone()))
            }
            Ok(_) => None,
        };
        if let Some(why) = problem {
            refuse(said, &acting.names[acting.actor], "meeple", why, span);
            return;
        }
        self.built.entry(at).or_default().top = Some((me, d.figure));
        game.keep(at, Location::Tower, me, d.figure);
        said.notes.push(Note {
            turn: acting.turn,
            player: me,
            kind: NoteKind::Mechanic(Told::new(TowerNote::OnTower { figure: word, at })),
        });
    }

    /// `capture:`: the follower the tower just raised takes.
    fn capture(
        &mut self,
        game: &mut Game,
        acting: &Acting<'_>,
        c: &Capture,
        piece: Option<(Pos, u32)>,
        said: &mut Said,
    ) {
        let me = acting.actor;
        let Some((tower, height)) = piece else {
            refuse(
                said,
                &acting.names[acting.actor],
                "capture",
                TowerProblem::NoPiece,
                c.span,
            );
            return;
        };
        if !reaches(tower, height, c.at) {
            refuse(
                said,
                &acting.names[acting.actor],
                "capture",
                TowerProblem::OutOfReach { tower, height },
                c.at_span,
            );
            return;
        }
        // Who stands there, as the record describes them.
        let mut found: Vec<(Taken, usize, Figure)> = Vec::new();
        if c.spot == Location::Tower {
            if let Some((owner, figure)) = self.built.get(&c.at).and_then(|t| t.top) {
                found.push((Taken::OnTop(c.at), owner, figure));
            }
        } else if let Some(placed) = game.at(c.at) {
            let p = &game.placed()[placed];
            if let Ok(feature) = c.spot.resolve(game.tile(p.tile()), p.rot) {
                let table = game.figures();
                for id in game.figures_at(placed, feature) {
                    let f = &game.followers()[id];
                    if f.on_board && table.is_follower(f.figure) {
                        found.push((Taken::OnFeature(id), f.player, f.figure));
                    }
                }
            }
        }
        found.retain(|&(_, owner, figure)| {
            c.player.is_none_or(|(p, _)| p == owner) && c.figure.is_none_or(|(f, _)| f == figure)
        });
        let mut kinds: Vec<(usize, Figure)> = found.iter().map(|&(_, o, f)| (o, f)).collect();
        kinds.sort_unstable_by_key(|&(o, f)| (o, f.index()));
        kinds.dedup();
        let Some(&(what, owner, figure)) = found.first() else {
            refuse(
                said,
                &acting.names[acting.actor],
                "capture",
                TowerProblem::NoFollower(c.at),
                c.spot_span,
            );
            return;
        };
        if kinds.len() > 1 {
            let table = game.figures();
            let them = kinds
                .iter()
                .map(|&(o, f)| format!("{}'s {}", acting.names[o], table.name(f)))
                .collect();
            refuse(
                said,
                &acting.names[acting.actor],
                "capture",
                TowerProblem::WhichFollower(them),
                c.spot_span,
            );
            return;
        }
        // An exchange: the captured player holds followers of the
        // capturer's, and one comes back for the one just taken.
        let mut back: Option<Figure> = None;
        if owner != me {
            let table = game.figures();
            let mut held: Vec<Figure> = self.prisoners[owner]
                .iter()
                .filter(|&&(o, _)| o == me)
                .map(|&(_, f)| f)
                .collect();
            held.sort_unstable_by_key(|f| f.index());
            held.dedup();
            back = match (&held[..], c.exchange) {
                ([], _) => None,
                (_, Some((f, _))) if held.contains(&f) => Some(f),
                ([one], None) => Some(*one),
                (_, _) => {
                    let names = held.iter().map(|&f| table.name(f).to_string()).collect();
                    refuse(
                        said,
                        &acting.names[acting.actor],
                        "capture",
                        TowerProblem::WhichExchange(names),
                        c.exchange.map_or(c.span, |(_, s)| s),
                    );
                    return;
                }
            };
        }
        let home = owner == me || back.is_some();
        let mut with = Vec::new();
        match what {
            Taken::OnFeature(id) => {
                let table = game.figures();
                with = game
                    .take_off(id, home)
                    .into_iter()
                    .map(|o| table.name(game.followers()[o].figure).to_string())
                    .collect();
            }
            Taken::OnTop(at) => {
                if let Some(t) = self.built.get_mut(&at) {
                    t.top = None;
                }
                game.release(at, &Location::Tower);
                if home {
                    game.return_to_supply(owner, figure);
                }
            }
        }
        let word = game.figures().name(figure).to_string();
        said.notes.push(Note {
            turn: acting.turn,
            player: me,
            kind: NoteKind::Mechanic(Told::new(TowerNote::Captured {
                figure: word,
                owner,
                at: c.at,
                spot: c.spot.clone(),
                home,
                with,
            })),
        });
        match back {
            Some(f) => {
                if let Some(k) = self.prisoners[owner]
                    .iter()
                    .position(|&(o, g)| o == me && g == f)
                {
                    self.prisoners[owner].remove(k);
                }
                game.return_to_supply(me, f);
                said.notes.push(Note {
                    turn: acting.turn,
                    player: me,
                    kind: NoteKind::Mechanic(Told::new(TowerNote::Exchanged {
                        figure: game.figures().name(f).to_string(),
                        from: owner,
                    })),
                });
            }
            None if owner != me => self.prisoners[me].push((owner, figure)),
            None => {}
        }
    }

    /// `ransom: { from }`: the player of the turn buys back a follower.
    fn ransom(&mut self, game: &mut Game, acting: &Acting<'_>, r: &Ransom, said: &mut Said) {
        let me = acting.actor;
        let table = game.figures();
        let mut held: Vec<Figure> = self
            .prisoners
            .get(r.from)
            .into_iter()
            .flatten()
            .filter(|&&(o, f)| o == me && r.figure.is_none_or(|(g, _)| g == f))
            .map(|&(_, f)| f)
            .collect();
        held.sort_unstable_by_key(|f| f.index());
        held.dedup();
        let points = game.scores().get(me).copied().unwrap_or(0);
        let problem = if self.ransom_paid_in(acting) {
            Some(TowerProblem::RansomTwice)
        } else if held.is_empty() {
            Some(TowerProblem::NoPrisoner(acting.names[r.from].clone()))
        } else if held.len() > 1 {
            Some(TowerProblem::WhichPrisoner(
                held.iter().map(|&f| table.name(f).to_string()).collect(),
            ))
        } else if points < self.ransom {
            Some(TowerProblem::TooPoor {
                points,
                ransom: self.ransom,
            })
        } else {
            None
        };
        if let Some(why) = problem {
            refuse(said, &acting.names[acting.actor], "ransom", why, r.span);
            return;
        }
        let figure = held[0];
        if let Some(k) = self.prisoners[r.from]
            .iter()
            .position(|&(o, f)| o == me && f == figure)
        {
            self.prisoners[r.from].remove(k);
        }
        game.return_to_supply(me, figure);
        game.pay(
            Phase::Turn {
                number: acting.turn,
                player: me,
            },
            me,
            r.from,
            self.ransom,
            "ransom",
        );
        self.ransom_paid_on = Some(acting.turn);
        said.notes.push(Note {
            turn: acting.turn,
            player: me,
            kind: NoteKind::Mechanic(Told::new(TowerNote::Ransomed {
                figure: table.name(figure).to_string(),
                from: r.from,
                points: self.ransom,
            })),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::Towers;
    use crate::engine::mechanic::Acting;
    use crate::rules::Ruleset;
    use crate::tileset::Catalog;
    use std::collections::BTreeMap;

    /// The placed phase asks the towers only of a tile with a foundation
    /// (`Wakes::Where`).
    #[test]
    fn only_a_tile_with_a_foundation_concerns_the_towers_when_placed() {
        let catalog = Catalog::of_builtin(&["base", "tower"]);
        let rules = Ruleset::modern();
        let mechanics = crate::expansions::ALL.mechanics_for(&catalog, &rules);
        let (towers, plain): (Vec<usize>, Vec<usize>) =
            (0..catalog.tiles.len()).partition(|&t| catalog.tiles[t].tile.tower);
        assert!(!towers.is_empty() && !plain.is_empty());
        assert!(towers.iter().all(|&t| mechanics.placed_concerns(t) != 0));
        assert!(plain.iter().all(|&t| mechanics.placed_concerns(t) == 0));
    }

    /// A ransom counts against the turn it was paid in and that turn's
    /// second part (a builder's), however many turns without the tower's
    /// acts lie between two ransoms.
    #[test]
    fn a_ransom_counts_against_its_own_turn_only() {
        let towers = Towers {
            pieces: vec![10; 2],
            built: BTreeMap::new(),
            prisoners: vec![Vec::new(); 2],
            ransom: 3,
            ransom_paid_on: Some(5),
            foundations: Vec::new(),
            placed_as: BTreeMap::new(),
        };
        let names = ["red".to_string(), "blue".to_string()];
        let acting = |turn: usize, second: bool| Acting {
            turn,
            actor: 1,
            names: &names,
            placed: 0,
            second,
            acts: &[],
            span: miette::SourceSpan::from((0, 0)),
        };
        assert!(towers.ransom_paid_in(&acting(5, false)));
        assert!(
            towers.ransom_paid_in(&acting(6, true)),
            "the second part of turn 5"
        );
        assert!(!towers.ransom_paid_in(&acting(6, false)), "the next turn");
        assert!(
            !towers.ransom_paid_in(&acting(9, true)),
            "a later builder's turn"
        );
        let never = Towers {
            ransom_paid_on: None,
            ..towers
        };
        assert!(!never.ransom_paid_in(&acting(0, false)));
    }
}
