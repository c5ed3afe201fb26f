//! Abbey & Mayor's wagon moving on (RULES.md §13). A wagon is a follower
//! of the figure table (roads, cities and cloisters, strength 1); what is
//! its own is the move: when a turn's scoring sends a wagon home, its owner
//! may at once put it on an unfinished road, city or cloister where no
//! figure stands, with a part on the tile the wagon stood on or one of the
//! 8 around it. Owners decide in turn order from the player of the turn,
//! each seeing the moves before; a wagon the record moves nowhere stays
//! home. Wagons never move at the final scoring (no turn is scored there).

use super::keys::WagonMove;
use crate::engine::event::{Note, NoteKind};
use crate::engine::game::{Game, Spot};
use crate::engine::mechanic::{Mechanic, MoveOptions, Phases, Said, Scored, ScoredWakes, Setup};
use crate::engine::violation::{MoveProblem, ViolationKind};
use crate::geometry::Pos;
use crate::record::location::location_of;
use crate::record::{Act, FigureMove, Keyed};
use crate::rules::Figure;

/// The wagon's move, for games with wagons in supply.
#[must_use]
pub fn mechanic(setup: &Setup<'_>) -> Option<Box<dyn Mechanic>> {
    (setup
        .rules
        .supply_with(Figure::WAGON, &setup.catalog.figures)
        > 0)
    .then(|| Box::new(Wagons) as Box<dyn Mechanic>)
}

/// The wagons' moves after a scoring.
#[derive(Debug, Clone, Copy)]
struct Wagons;

/// A wagon the scoring sent home.
#[derive(Debug, Clone, Copy)]
struct Home {
    player: usize,
    from: Pos,
    moved: bool,
}

/// Whether `to` is next to `from` or the same square.
fn within_reach(from: Pos, to: Pos) -> bool {
    (from.x - to.x).abs() <= 1 && (from.y - to.y).abs() <= 1
}

/// Why `figure` may not move from `from` onto `spot`, if it may not.
fn problem(game: &Game, figure: Figure, from: Pos, spot: Spot) -> Option<MoveProblem> {
    let to = game.placed()[spot.placed].pos;
    let kind = game.kind_at(spot);
    let stands = &game.figures().kind(figure).stands;
    if !stands.contains(&kind) {
        return Some(MoveProblem::WrongFeature {
            kind,
            stands: stands.clone(),
        });
    }
    if !within_reach(from, to) {
        return Some(MoveProblem::TooFar { from, to });
    }
    if game.finished(spot) {
        return Some(MoveProblem::Finished(kind));
    }
    if game.holds_figure(spot) {
        return Some(MoveProblem::Occupied(kind));
    }
    None
}

/// Every spot a figure that came home from `from` may move to now: on the
/// tile at `from` and the 8 around it, in board order.
#[must_use]
pub fn targets(game: &Game, figure: Figure, from: Pos) -> Vec<Spot> {
    let mut squares = vec![from];
    squares.extend(from.ring());
    squares.sort_unstable_by_key(|p| (-p.y, p.x));
    let mut out = Vec::new();
    for pos in squares {
        let Some(placed) = game.at(pos) else { continue };
        let tile = game.tile(game.placed()[placed].tile());
        for feature in 0..tile.features.len() {
            let spot = Spot { placed, feature };
            if problem(game, figure, from, spot).is_none() {
                out.push(spot);
            }
        }
    }
    out
}

/// The wagons the last scoring sent home: owner and the tile each stood
/// on, in the order they came.
fn came_home(game: &Game) -> Vec<(usize, Pos)> {
    game.came_home()
        .iter()
        .map(|&id| &game.followers()[id as usize])
        .filter(|f| f.figure == Figure::WAGON)
        .map(|f| (f.player, game.placed()[f.placed].pos))
        .collect()
}

impl Mechanic for Wagons {
    fn boxed(&self) -> Box<dyn Mechanic> {
        Box::new(*self)
    }

    /// A wagon moves on only from a feature a completion scored (or a
    /// move the record writes, which wakes every mechanic of the phase).
    fn scored_wakes(&self) -> ScoredWakes {
        ScoredWakes::Completion
    }

    fn move_options(&self, game: &Game) -> Vec<MoveOptions> {
        came_home(game)
            .into_iter()
            .map(|(player, from)| MoveOptions {
                figure: Figure::WAGON,
                player,
                from,
                to: targets(game, Figure::WAGON, from),
            })
            .collect()
    }

    fn propose_moves(
        &self,
        game: &Game,
        scored: &Scored<'_>,
        pick: &mut dyn FnMut(usize) -> Option<usize>,
    ) -> Vec<Act> {
        let mut home = came_home(game);
        let n = scored.players.max(1);
        home.sort_by_key(|&(p, _)| (p + n - scored.actor % n) % n);
        let nowhere = miette::SourceSpan::from((0, 0));
        let mut taken: Vec<Spot> = Vec::new();
        let mut out = Vec::new();
        for &(p, from) in &home {
            // Each move sees the ones before it: a feature taken is taken.
            let options: Vec<Spot> = targets(game, Figure::WAGON, from)
                .into_iter()
                .filter(|s| !taken.iter().any(|t| game.same_feature(*t, *s)))
                .collect();
            let Some(k) = pick(options.len()) else {
                continue;
            };
            let to = options[k];
            taken.push(to);
            let placed = &game.placed()[to.placed];
            let several = home.iter().filter(|(q, _)| *q == p).count() > 1;
            out.push(Act::Keyed(Keyed::new(WagonMove(FigureMove {
                figure: Figure::WAGON,
                player: Some((p, nowhere)),
                from: several.then_some((from, nowhere)),
                at: placed.pos,
                at_span: nowhere,
                spot: location_of(game.tile(placed.tile()), placed.rot, to.feature),
                spot_span: nowhere,
                span: nowhere,
            }))));
        }
        out
    }

    fn phases(&self) -> Phases {
        Phases::SCORED
    }

    fn scored(&mut self, game: &mut Game, scored: &Scored<'_>, said: &mut Said) {
        let figure = Figure::WAGON;
        let home = came_home(game);
        let moves = || {
            scored
                .acts
                .iter()
                .enumerate()
                .filter_map(|(i, a)| Some((i, a.figure_move().filter(|m| m.figure == figure)?)))
        };
        if home.is_empty() && moves().next().is_none() {
            return;
        }
        let mut home: Vec<Home> = home
            .into_iter()
            .map(|(player, from)| Home {
                player,
                from,
                moved: false,
            })
            .collect();
        let n = scored.players.max(1);
        let rank = |p: usize| (p + n - scored.actor % n) % n;
        // The last player who moved, so that a later move of an earlier
        // player is out of order.
        let mut last: Option<usize> = None;
        let word = game.figures().name(figure).to_string();
        for (i, m) in moves() {
            said.taken.push(i);
            let player = m.player.map_or(scored.actor, |(p, _)| p);
            let refuse = |said: &mut Said, why: MoveProblem, span| {
                said.violations.push((
                    ViolationKind::MoveRefused {
                        player: scored.names[player].clone(),
                        figure: word.clone(),
                        why,
                    },
                    span,
                ));
            };
            let mine: Vec<usize> = (0..home.len())
                .filter(|&k| home[k].player == player && !home[k].moved)
                .collect();
            let which = match (m.from, &mine[..]) {
                (_, []) => {
                    let why = if home.iter().any(|h| h.player == player) {
                        MoveProblem::Again
                    } else {
                        MoveProblem::NotHome
                    };
                    refuse(said, why, m.player.map_or(m.span, |p| p.1));
                    continue;
                }
                (Some((pos, span)), _) => {
                    match mine.iter().copied().find(|&k| home[k].from == pos) {
                        Some(k) => k,
                        None => {
                            refuse(said, MoveProblem::NotFrom(pos), span);
                            continue;
                        }
                    }
                }
                (None, [one]) => *one,
                (None, many) => {
                    let from = many.iter().map(|&k| home[k].from).collect();
                    refuse(said, MoveProblem::WhichOne(from), m.span);
                    continue;
                }
            };
            // The wagon's owner decides once: a move refused leaves it home.
            home[which].moved = true;
            if let Some(before) = last.filter(|&b| rank(b) > rank(player)) {
                refuse(
                    said,
                    MoveProblem::OutOfOrder {
                        before: scored.names[before].clone(),
                    },
                    m.player.map_or(m.span, |p| p.1),
                );
                continue;
            }
            let from = home[which].from;
            if game.at(m.at).is_none() {
                refuse(said, MoveProblem::NoTile(m.at), m.at_span);
                continue;
            }
            let spot = match game.locate(m.at, &m.spot) {
                Ok(spot) => spot,
                Err(unnamed) => {
                    said.violations
                        .push((ViolationKind::NoSuchSpot(unnamed), m.spot_span));
                    continue;
                }
            };
            let Spot { placed, feature } = spot;
            if let Some(why) = problem(game, figure, from, spot) {
                let span = match why {
                    MoveProblem::TooFar { .. } => m.at_span,
                    _ => m.spot_span,
                };
                refuse(said, why, span);
                continue;
            }
            last = Some(player);
            let spot_word = game.named_spot(spot).1;
            game.deploy_written(placed, feature, player, figure, Some(&m.spot));
            // A wagon stands on no river, so its feature has a name.
            if let Some(feature) = game.feature_id(placed, feature) {
                said.notes.push(Note {
                    turn: scored.turn,
                    player,
                    kind: NoteKind::Moved {
                        figure: word.clone(),
                        from,
                        at: m.at,
                        spot: spot_word,
                        feature,
                    },
                });
            }
        }
        for h in home.iter().filter(|h| !h.moved) {
            let could = targets(game, figure, h.from)
                .into_iter()
                .map(|s| game.named_spot(s))
                .collect();
            said.notes.push(Note {
                turn: scored.turn,
                player: h.player,
                kind: NoteKind::Stayed {
                    figure: word.clone(),
                    from: h.from,
                    could,
                },
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::game::tests::base;
    use crate::geometry::{Edge, Rotation};
    use crate::rules::Ruleset;

    #[test]
    fn a_wagon_moves_only_to_a_free_unfinished_feature_within_one_square() {
        let catalog = base();
        let rules = Ruleset::modern();
        let mut game = Game::new(&catalog, &rules, 2);
        let tile = |id: &str| catalog.find(id).expect("tile");
        // D at the start; a cloister north-west of it; a finished
        // two-tile city north (E turned to close D's); a road running
        // east to (3,0), two squares beyond reach of a wagon from (0,0).
        game.place(tile("D"), Pos::new(0, 0), Rotation::R0, None);
        let city = game.place(tile("E"), Pos::new(0, 1), Rotation::ALL[2], Some(1));
        let cloister = game.place(tile("B"), Pos::new(-1, -1), Rotation::R0, Some(2));
        let west = game.place(tile("U"), Pos::new(-1, 0), Rotation::R0, Some(3));
        game.place(tile("U"), Pos::new(1, 0), Rotation::R0, Some(4));
        game.place(tile("U"), Pos::new(2, 0), Rotation::R0, Some(5));
        let far = game.place(tile("U"), Pos::new(3, 0), Rotation::R0, Some(6));
        let spot = |placed: usize, edge: Option<Edge>| {
            let p = &game.placed()[placed];
            let t = game.tile(p.tile());
            let feature = match edge {
                Some(e) => t.feature_on_edge(e, p.rot).expect("feature"),
                None => t.cloister.expect("cloister"),
            };
            Spot { placed, feature }
        };
        let from = Pos::new(0, 0);
        let road = spot(west, Some(Edge::W));
        let cloister = spot(cloister, None);
        let finished = spot(city, Some(Edge::S));
        let far_road = spot(far, Some(Edge::E));
        let field = Spot {
            placed: west,
            feature: game
                .tile(tile("U"))
                .features
                .iter()
                .position(|f| f.kind == crate::tileset::FeatureKind::Field)
                .expect("field"),
        };
        let w = Figure::WAGON;
        assert_eq!(problem(&game, w, from, road), None);
        assert_eq!(problem(&game, w, from, cloister), None);
        assert_eq!(
            problem(&game, w, from, finished),
            Some(MoveProblem::Finished(crate::tileset::FeatureKind::City))
        );
        assert!(matches!(
            problem(&game, w, from, field),
            Some(MoveProblem::WrongFeature { .. })
        ));
        // The road that reaches (3,0) has a part at (1,0), within reach; a
        // spot named on (3,0) itself is too far.
        assert_eq!(
            problem(&game, w, from, far_road),
            Some(MoveProblem::TooFar {
                from,
                to: Pos::new(3, 0)
            })
        );
        // A follower anywhere on the road takes it.
        game.deploy(far, far_road.feature, 1, Figure::FOLLOWER);
        assert_eq!(
            problem(&game, w, from, road),
            Some(MoveProblem::Occupied(crate::tileset::FeatureKind::Road))
        );
        assert_eq!(
            targets(&game, w, from),
            [cloister],
            "only the cloister is left"
        );
        // A monk on the cloister: nowhere is left to move on to.
        game.deploy(cloister.placed, cloister.feature, 0, Figure::FOLLOWER);
        assert_eq!(targets(&game, w, from), []);
    }
}
