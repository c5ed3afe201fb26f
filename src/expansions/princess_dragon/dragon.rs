//! The Princess & the Dragon: the dragon (RULES.md §14). The first volcano
//! brings it onto the board, and every volcano after that takes it to
//! itself; no figure but one on a corner point (a barn) goes on the tile it
//! stands on; after a dragon tile it flies up to six steps, the players
//! taking the steps in turn from the player of the turn, never entering a
//! tile twice in one flight nor the fairy's tile, and eats every figure on
//! the tiles it enters. Until the first volcano, dragon tiles are set
//! aside: a record may not place one, and they do not count among the
//! tiles left.

use super::keys::Flight;
use super::notes::{DragonNote, Step};
use super::problem::{DragonProblem, Refused};
use super::symbols;
use crate::engine::event::{Gone, Note, NoteKind, Told};
use crate::engine::game::{Game, Neutral};
use crate::engine::mechanic::{
    Acting, Mechanic, Phases, Placing, Said, Scored, Setup, Target, Wakes,
};
use crate::engine::supply::Supply;
use crate::engine::violation::{Broken, ViolationKind};
use crate::geometry::{Edge, Pos};
use crate::record::{Act, Body, Keyed, Record};
use crate::rules::Figure;
use crate::rules::table::{Bears, Kept, Toggle, Values};
use crate::tileset::Catalog;

/// The ruleset's option of when the dragon flies (`before-scoring`,
/// `after-scoring`).
/// The rule option `dragon_move`: when the dragon flies.
pub const MOVE: Toggle = Toggle {
    key: "dragon_move",
    doc: "The Princess & the Dragon: after a dragon tile the dragon flies after the deployment and before the turn's scoring (`before-scoring`, the current rules) or after the scoring and the wagons' moves (`after-scoring`, the first edition).",
    values: Values::Words(&["before-scoring", "after-scoring"]),
    always_shown: false,
    bears: Bears::Moves,
    kept: Kept::Word {
        default: "before-scoring",
    },
};

/// The most steps of one flight.
pub const STEPS: usize = 6;

/// The neutral figure's word.
pub const DRAGON: &str = "dragon";

/// The dragon's rules, for games whose tiles show volcanoes.
#[must_use]
pub fn mechanic(setup: &Setup<'_>) -> Option<Box<dyn Mechanic>> {
    if !setup.catalog.shows(symbols::VOLCANO) {
        return None;
    }
    let tiles = setup.catalog.showing(symbols::DRAGON).to_vec();
    Some(Box::new(Dragon {
        after_scoring: setup.rules.option(&MOVE) == "after-scoring",
        tiles,
        at: None,
        arrived: None,
        players: setup.players,
        under_way: None,
    }))
}

/// The dragon's state.
#[derive(Debug, Clone)]
struct Dragon {
    /// It flies after the scoring (the first edition) instead of before.
    after_scoring: bool,
    /// The catalog's dragon tiles.
    tiles: Vec<usize>,
    /// Where it stands, once a volcano brought it.
    at: Option<Pos>,
    /// The volcano the turn's tile is, which it just came onto.
    arrived: Option<Pos>,
    /// How many players take the steps.
    players: usize,
    /// The flight of the last turn, if it stopped while it could go on:
    /// its turn, the tiles it visited (its start first) and the player of
    /// its first step.
    under_way: Option<(usize, Vec<Pos>, usize)>,
}

impl Mechanic for Dragon {
    fn boxed(&self) -> Box<dyn Mechanic> {
        Box::new(self.clone())
    }

    fn phases(&self) -> Phases {
        let flight = if self.after_scoring {
            Phases::SCORED
        } else {
            Phases::MOVE
        };
        // Dragon tiles are set aside until the first volcano: then the
        // supply's order is no more its concern.
        let draw = if self.at.is_none() {
            Phases::DRAW
        } else {
            Phases::default()
        };
        draw.and(Phases::PLACED)
            .and(Phases::DEPLOY)
            .and(Phases::MOVE)
            .and(flight)
    }

    /// It leaves the draw phase once a volcano brought it.
    fn narrows(&self) -> bool {
        true
    }

    fn act_keys(&self) -> &'static [&'static str] {
        &["dragon"]
    }

    fn draw_problem(
        &self,
        catalog: &Catalog,
        _supply: &Supply,
        tile: usize,
    ) -> Option<ViolationKind> {
        (self.at.is_none() && self.tiles.contains(&tile)).then(|| {
            ViolationKind::Mechanic(Broken::new(Refused {
                player: String::new(),
                act: "tile",
                why: DragonProblem::TileTooEarly(catalog.tiles[tile].tile.id.clone()),
            }))
        })
    }

    fn sets_aside(&self, _catalog: &Catalog, tile: usize) -> bool {
        self.at.is_none() && self.tiles.contains(&tile)
    }

    fn set_aside(&self, _catalog: &Catalog, supply: &Supply) -> u64 {
        if self.at.is_some() {
            return 0;
        }
        self.tiles
            .iter()
            .map(|&i| u64::from(supply.common.get(i).copied().unwrap_or(0)))
            .sum()
    }

    /// A volcano wakes it: the dragon comes (the "placed" phase) and
    /// arrives (the "move" phase); in the "move" phase a dragon tile does
    /// too, unless it flies after the scoring. A `dragon:` act always does
    /// (and is refused where it does not belong).
    fn wakes(&self, phase: Phases) -> Wakes {
        if phase == Phases::MOVE && !self.after_scoring {
            Wakes::Showing(&[symbols::VOLCANO, symbols::DRAGON])
        } else {
            Wakes::Showing(&[symbols::VOLCANO])
        }
    }

    /// A volcano: the dragon comes onto it at once, so the tile it left
    /// is free for the rest of the turn (a follower may go on its tower);
    /// the "move" phase, which it is busy in while it just arrived, says
    /// so.
    fn placed(
        &mut self,
        game: &mut Game,
        placing: &Placing,
    ) -> Option<crate::engine::event::FeatureId> {
        self.at = Some(placing.pos);
        self.arrived = Some(placing.pos);
        game.set_neutral(Neutral {
            name: DRAGON,
            at: placing.pos,
            beside: None,
            bars: true,
        });
        None
    }

    fn deploy_problem(
        &self,
        game: &Game,
        names: &[String],
        player: usize,
        _figure: Figure,
        target: Target,
    ) -> Option<ViolationKind> {
        let Target::Feature(spot) = target else {
            // A figure on a corner point (a barn) may stand by the dragon.
            return None;
        };
        let at = self.at?;
        (game.placed().get(spot.placed)?.pos == at).then(|| {
            ViolationKind::Mechanic(Broken::new(Refused {
                player: names.get(player).cloned().unwrap_or_default(),
                act: "meeple",
                why: DragonProblem::OnDragonTile(at),
            }))
        })
    }

    fn restore(
        &mut self,
        game: &mut Game,
        record: &Record,
        said: &mut Said,
    ) -> Vec<(usize, Figure)> {
        let Some(&super::keys::DragonAt(at, span)) = record.snapshot.get() else {
            return Vec::new();
        };
        if game.at(at).is_none() {
            said.violations.push((
                ViolationKind::Mechanic(Broken::new(Refused {
                    player: String::new(),
                    act: "dragon",
                    why: DragonProblem::NoTile(at),
                })),
                span,
            ));
            return Vec::new();
        }
        self.at = Some(at);
        game.set_neutral(Neutral {
            name: DRAGON,
            at,
            beside: None,
            bars: true,
        });
        // No figure but a barn stands on the dragon's tile, and a wagon,
        // which may have moved there after a scoring (RULES §14: a move is
        // no deployment).
        if let Body::Snapshot { meeples, .. } = &record.body {
            let table = game.figures();
            for (i, m) in meeples.iter().enumerate() {
                if m.at == at && !table.on_corner(m.figure) && m.figure != Figure::WAGON {
                    said.taken.push(i);
                    said.violations.push((
                        ViolationKind::Mechanic(Broken::new(Refused {
                            player: record.players.get(m.player).cloned().unwrap_or_default(),
                            act: "meeple",
                            why: DragonProblem::OnDragonTile(at),
                        })),
                        m.span,
                    ));
                }
            }
        }
        Vec::new()
    }

    fn before_scoring(&mut self, game: &mut Game, acting: &Acting<'_>, said: &mut Said) {
        if let Some(at) = self.arrived.take() {
            said.notes.push(Note {
                turn: acting.turn,
                player: acting.actor,
                kind: NoteKind::Mechanic(Told::new(DragonNote::Arrived { at })),
            });
        }
        if !self.after_scoring {
            self.fly(
                game,
                acting.turn,
                acting.actor,
                acting.placed,
                acting.acts,
                acting.span,
                acting.names,
                said,
            );
        }
    }

    fn scored(&mut self, game: &mut Game, scored: &Scored<'_>, said: &mut Said) {
        if self.after_scoring {
            let span = scored
                .acts
                .iter()
                .find_map(|a| a.get::<Flight>().map(|f| f.span))
                .unwrap_or_else(|| miette::SourceSpan::from((0, 0)));
            self.fly(
                game,
                scored.turn,
                scored.actor,
                scored.placed,
                scored.acts,
                span,
                scored.names,
                said,
            );
        }
    }

    fn placement_options(
        &self,
        game: &Game,
        placed: usize,
        _player: usize,
    ) -> Vec<crate::engine::mechanic::ActionOption> {
        let Some(at) = self.at else {
            return Vec::new();
        };
        if !game
            .tile(game.placed()[placed].tile())
            .shows(symbols::DRAGON)
        {
            return Vec::new();
        }
        step_options(game, at, &[at])
    }

    fn under_way(&self, game: &Game) -> Option<crate::engine::mechanic::UnderWay> {
        let (turn, visited, first) = self.under_way.as_ref()?;
        // Only the flight of the last tile placed is under way.
        if game
            .placed()
            .last()
            .and_then(|p| p.turn)
            .map(|t| t as usize)
            != Some(*turn)
        {
            return None;
        }
        let at = *visited.last()?;
        let done = visited.len() - 1;
        Some(crate::engine::mechanic::UnderWay {
            key: "dragon",
            turn: *turn,
            player: (first + done) % self.players.max(1),
            done,
            from: at,
            options: step_options(game, at, visited),
        })
    }

    fn propose_before_scoring(
        &self,
        game: &Game,
        acting: &Acting<'_>,
        pick: &mut dyn FnMut(usize) -> Option<usize>,
    ) -> Vec<Act> {
        let Some(mut at) = self.at else {
            return Vec::new();
        };
        let placed = &game.placed()[acting.placed];
        if !game.tile(placed.tile()).shows(symbols::DRAGON) {
            return Vec::new();
        }
        let fairy = game.neutral(super::fairy::FAIRY).map(|n| n.at);
        let mut visited = vec![at];
        let nowhere = miette::SourceSpan::from((0, 0));
        let mut steps = Vec::new();
        while steps.len() < STEPS {
            let could = open_steps(game, at, &visited, fairy);
            if could.is_empty() {
                break;
            }
            let e = could[pick(could.len()).unwrap_or(0).min(could.len() - 1)];
            at = at.step(e);
            visited.push(at);
            steps.push((e, nowhere));
        }
        vec![Act::Keyed(Keyed::new(Flight {
            steps,
            span: nowhere,
        }))]
    }
}

/// The directions the dragon at `at` may step to: a placed tile with
/// some landscape (not the City of Carcassonne's inner tiles), not visited
/// in this flight, not the fairy's (in the order N, E, S, W).
fn open_steps(game: &Game, at: Pos, visited: &[Pos], fairy: Option<Pos>) -> Steps {
    let mut out = Steps {
        edges: Edge::ALL,
        len: 0,
    };
    for e in Edge::ALL {
        let to = at.step(e);
        let landscape = game
            .at(to)
            .is_some_and(|p| !game.tile(game.placed()[p].tile()).features.is_empty());
        if landscape && !visited.contains(&to) && Some(to) != fairy {
            out.edges[out.len] = e;
            out.len += 1;
        }
    }
    out
}

/// The next steps of a flight at `at` that visited `visited`, as choices
/// for `carca moves` and the page.
fn step_options(
    game: &Game,
    at: Pos,
    visited: &[Pos],
) -> Vec<crate::engine::mechanic::ActionOption> {
    let fairy = game.neutral(super::fairy::FAIRY).map(|n| n.at);
    open_steps(game, at, visited, fairy)
        .iter()
        .map(|&e| crate::engine::mechanic::ActionOption {
            key: "dragon",
            at: at.step(e),
            height: 0,
            takes: Vec::new(),
            spot: None,
        })
        .collect()
}

/// Up to four directions, kept without allocating.
#[derive(Debug, Clone, Copy)]
struct Steps {
    edges: [Edge; 4],
    len: usize,
}

impl std::ops::Deref for Steps {
    type Target = [Edge];

    fn deref(&self) -> &[Edge] {
        &self.edges[..self.len]
    }
}

impl Dragon {
    /// The flight after a dragon tile, as the record's `dragon:` lists it;
    /// `dragon:` on any other turn does nothing.
    #[allow(clippy::too_many_arguments)]
    fn fly(
        &mut self,
        game: &mut Game,
        turn: usize,
        actor: usize,
        placed: usize,
        acts: &[Act],
        span: miette::SourceSpan,
        names: &[String],
        said: &mut Said,
    ) {
        let dragon_tile = game
            .tile(game.placed()[placed].tile())
            .shows(symbols::DRAGON);
        // Most turns neither place a dragon tile nor list steps: nothing
        // to do, and nothing to pay for.
        if !dragon_tile && !acts.iter().any(|a| a.get::<Flight>().is_some()) {
            return;
        }
        let mut first: Option<&Flight> = None;
        for (i, act) in acts.iter().enumerate() {
            if let Some(f) = act.get::<Flight>() {
                said.taken.push(i);
                first = first.or(Some(f));
            }
        }
        // A refusal names the player whose step it is about: the players
        // move the dragon in turn, the turn's player first.
        let mover = |k: usize| (actor + k) % self.players.max(1);
        let refuse = |said: &mut Said, who: usize, why: DragonProblem, span| {
            said.violations.push((
                ViolationKind::Mechanic(Broken::new(Refused {
                    player: names.get(who).cloned().unwrap_or_default(),
                    act: "dragon",
                    why,
                })),
                span,
            ));
        };
        let (true, Some(start)) = (dragon_tile, self.at) else {
            let why = if dragon_tile {
                DragonProblem::NotInPlay
            } else {
                DragonProblem::NoDragonTile
            };
            for act in acts {
                if let Some(f) = act.get::<Flight>() {
                    refuse(said, actor, why.clone(), f.span);
                }
            }
            return;
        };
        let written: &[(Edge, miette::SourceSpan)] = first.map_or(&[], |f| &f.steps);
        let list_span = first.map_or(span, |f| f.span);
        let fairy = game.neutral(super::fairy::FAIRY).map(|n| n.at);
        let mut at = start;
        // The tiles of this flight, its start first.
        let mut trail = [start; STEPS + 1];
        let mut flown = 1;
        let mut steps: Vec<Step> = Vec::with_capacity(written.len().min(STEPS));
        said.cleared.reserve(written.len().min(STEPS));
        let mut stopped = false;
        for (k, &(e, step_span)) in written.iter().enumerate() {
            let to = at.step(e);
            let entered = game.at(to);
            let why = if k >= STEPS {
                Some(DragonProblem::TooManySteps)
            } else if entered.is_none() {
                Some(DragonProblem::StepEmpty(to))
            } else if entered
                .is_some_and(|p| game.tile(game.placed()[p].tile()).features.is_empty())
            {
                Some(DragonProblem::StepBare(to))
            } else if trail[..flown].contains(&to) {
                Some(DragonProblem::StepVisited(to))
            } else if Some(to) == fairy {
                Some(DragonProblem::StepFairy(to))
            } else {
                None
            };
            if let Some(why) = why {
                refuse(said, mover(k), why, step_span);
                stopped = true;
                break;
            }
            let Some(placed) = entered else {
                break;
            };
            trail[flown] = to;
            flown += 1;
            at = to;
            let ate = eat(game, placed);
            said.cleared.push(to);
            steps.push(Step {
                to,
                by: mover(k),
                ate,
            });
        }
        let visited = &trail[..flown];
        let could = open_steps(game, at, visited, fairy);
        if steps.len() < STEPS && !could.is_empty() {
            self.under_way = Some((turn, visited.to_vec(), actor));
        }
        if !stopped && steps.len() < STEPS && !could.is_empty() {
            refuse(
                said,
                mover(steps.len()),
                DragonProblem::StopsEarly {
                    at,
                    steps: steps.len(),
                    could: could.to_vec(),
                },
                list_span,
            );
        }
        self.at = Some(at);
        game.set_neutral(Neutral {
            name: DRAGON,
            at,
            beside: None,
            bars: true,
        });
        said.notes.push(Note {
            turn,
            player: actor,
            kind: NoteKind::Mechanic(Told::new(DragonNote::Flew {
                from: start,
                stuck: could.is_empty() && steps.len() < STEPS,
                refused: stopped,
                steps,
            })),
        });
    }
}

/// The dragon enters placed tile `placed`: every figure on it goes home
/// (followers, and the builders and pigs beside them; figures on corner
/// points stay), and a builder or pig whose owner has no follower left on
/// its feature goes with them.
fn eat(game: &mut Game, placed: usize) -> Vec<Gone> {
    let mut gone = Vec::new();
    // One by one, lowest id first: each goes off the board before the next
    // is looked for.
    let mut last = None;
    while let Some(id) = game.first_figure_on_tile(placed) {
        // A figure that would not leave is not looked at twice.
        if last.is_some_and(|l| id <= l) {
            break;
        }
        last = Some(id);
        send_home(game, id, &mut gone);
    }
    gone
}

/// Figure `id` goes home, with its owner's builder or pig that no
/// follower of theirs is left beside: adds to `gone` what went, with where
/// each stood.
pub(super) fn send_home(game: &mut Game, id: usize, gone: &mut Vec<Gone>) {
    let Some(figure) = game
        .followers()
        .get(id)
        .filter(|f| f.on_board)
        .map(|f| f.figure)
    else {
        return;
    };
    let describe = |game: &Game, id: usize, with: bool| {
        let f = &game.followers()[id];
        Gone {
            owner: f.player,
            figure: game.figures().name(f.figure).to_string(),
            spot: game.spot_of(id).1,
            with,
        }
    };
    let here = game.followers()[id].placed;
    gone.push(describe(game, id, false));
    if !game.figures().is_follower(figure) {
        game.remove(id, true);
        return;
    }
    // The owner's other figures on the feature that follow it home.
    // Those on another tile go home with it; those on its tile were there.
    for o in game.take_off(id, true) {
        let elsewhere = game.followers()[o].placed != here;
        gone.push(describe(game, o, elsewhere));
    }
}

#[cfg(test)]
mod tests {
    use super::super::keys::{Pick, Picked, Picker};
    use super::symbols;
    use crate::engine::mechanic::{Phases, Placing};
    use crate::engine::supply::Supply;
    use crate::geometry::{Pos, Rotation};
    use crate::record::{Act, Keyed};
    use crate::rules::Ruleset;
    use crate::tileset::Catalog;

    fn catalog() -> Catalog {
        Catalog::of_builtin(&["base", "princess-dragon"])
    }

    #[test]
    fn dragon_tiles_are_set_aside_until_the_first_volcano() {
        let catalog = catalog();
        let rules = Ruleset::modern();
        let start = catalog.default_start().expect("a start tile");
        let mut mechanics = crate::expansions::ALL.mechanics_for(&catalog, &rules);
        let supply = Supply::new(&catalog, 2);
        let of = |symbol| {
            (0..catalog.tiles.len())
                .filter(|&i| catalog.tiles[i].tile.shows(symbol))
                .map(|i| u64::from(catalog.tiles[i].tile.count))
                .sum::<u64>()
        };
        // The twelve dragon tiles do not count among the tiles left.
        assert_eq!(of(symbols::DRAGON), 12);
        assert_eq!(mechanics.set_aside(&catalog, &supply), 12);
        let dragon = (0..catalog.tiles.len())
            .find(|&i| catalog.tiles[i].tile.shows(symbols::DRAGON))
            .expect("a dragon tile");
        assert!(mechanics.sets_aside(&catalog, dragon));
        assert!(mechanics.hooks_draw());
        assert!(mechanics.draw_problem(&catalog, &supply, dragon).is_some());
        // A volcano brings the dragon: they are drawn as any tile.
        let volcano = (0..catalog.tiles.len())
            .find(|&i| catalog.tiles[i].tile.shows(symbols::VOLCANO))
            .expect("a volcano");
        let mut game = crate::engine::game::Game::new(&catalog, &rules, 2);
        game.place(start, Pos::new(0, 0), Rotation::R0, None);
        let idx = game.place(volcano, Pos::new(0, -1), Rotation::R0, Some(1));
        mechanics.placed(
            &mut game,
            &Placing {
                tile: volcano,
                pos: Pos::new(0, -1),
                rot: Rotation::R0,
                placed: idx,
                actor: 0,
                drawn: true,
                second: false,
                left: 0,
            },
        );
        assert_eq!(mechanics.set_aside(&catalog, &supply), 0);
        assert!(!mechanics.sets_aside(&catalog, dragon));
        // The dragon is done with the draw phase: no mechanic is left in
        // it, and drawing asks nobody.
        assert!(!mechanics.hooks_draw());
        assert!(mechanics.draw_problem(&catalog, &supply, dragon).is_none());
    }

    #[test]
    fn a_turn_wakes_only_the_mechanics_its_tile_or_acts_concern() {
        let catalog = catalog();
        let rules = Ruleset::modern();
        let start = catalog.default_start().expect("a start tile");
        let mechanics = crate::expansions::ALL.mechanics_for(&catalog, &rules);
        let find = |symbol: Option<&str>| {
            (0..catalog.tiles.len())
                .find(|&i| {
                    let t = &catalog.tiles[i].tile;
                    t.symbols.first().map(String::as_str) == symbol
                        && !t.start
                        && t.cloister.is_none()
                })
                .expect("a tile")
        };
        let (plain, volcano, dragon) = (find(None), find(Some("volcano")), find(Some("dragon")));
        let mut game = crate::engine::game::Game::new(&catalog, &rules, 2);
        game.place(start, Pos::new(0, 0), Rotation::R0, None);
        let at_plain = game.place(plain, Pos::new(0, -1), Rotation::R0, Some(1));
        let at_volcano = game.place(volcano, Pos::new(1, 0), Rotation::R0, Some(2));
        let at_dragon = game.place(dragon, Pos::new(-1, 0), Rotation::R0, Some(3));
        // The placed phase: a volcano brings the dragon; a plain tile
        // concerns nobody.
        assert_eq!(mechanics.placed_concerns(plain), 0);
        assert_ne!(mechanics.placed_concerns(volcano), 0);
        // The act and move phases: a plain tile and no act wake nobody.
        for phase in [Phases::ACT, Phases::MOVE] {
            assert!(!mechanics.busy(&game, phase, 0, Some(at_plain), &[]));
        }
        // A volcano and a dragon tile wake the dragon's move phase.
        assert!(mechanics.busy(&game, Phases::MOVE, 0, Some(at_volcano), &[]));
        assert!(mechanics.busy(&game, Phases::MOVE, 0, Some(at_dragon), &[]));
        assert!(!mechanics.busy(&game, Phases::ACT, 0, Some(at_dragon), &[]));
        // An act wakes the mechanic whose key it is, whatever the tile.
        let nowhere = miette::SourceSpan::from((0, 0));
        let pick = Pick {
            player: None,
            at: Pos::new(0, 0),
            at_span: nowhere,
            spot: None,
            span: nowhere,
        };
        let fairy = [Act::Keyed(Keyed::new(Picked {
            by: Picker::Fairy,
            pick,
        }))];
        assert!(mechanics.busy(&game, Phases::ACT, 0, Some(at_plain), &fairy));
        assert!(!mechanics.busy(&game, Phases::MOVE, 0, Some(at_plain), &fairy));
        // The phase then asks only the mechanics with something to do:
        // the fairy alone for the fairy's act; the princess too when her
        // act is written beside it.
        let mask = |acts: &[Act]| mechanics.busy_mask(&game, Phases::ACT, 0, Some(at_plain), acts);
        assert_eq!(mask(&fairy).count_ones(), 1);
        let princess = Act::Keyed(Keyed::new(Picked {
            by: Picker::Princess,
            pick: Pick {
                player: None,
                at: Pos::new(0, 0),
                at_span: nowhere,
                spot: None,
                span: nowhere,
            },
        }));
        let both = [fairy[0].clone(), princess];
        assert_eq!(mask(&both).count_ones(), 2);
        assert_eq!(mask(&both) & mask(&fairy), mask(&fairy));
    }
}
