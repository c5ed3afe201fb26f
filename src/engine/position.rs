//! The query side of the engine: a record's position before a turn (who
//! is to play, the tiles left, the game as it stands) and the legal moves
//! of a tile there, which `carca moves` and the page ask for. It is the
//! referee stopped before that turn, so it cannot disagree with it.

use super::game::{Game, Spot};
use super::mechanic::{Mechanics, Placing};
use super::referee::Referee;
use super::registry::Registry;
use crate::geometry::{Pos, Rotation};
use crate::record::location::location_of;
use crate::record::{Body, Location, Record, Turn};
use crate::rules::{Figure, Ruleset};
use crate::tileset::FeatureKind;

/// A legal placement and the follower spots legal on it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Move {
    /// Where.
    pub at: Pos,
    /// How it is turned.
    pub rot: Rotation,
    /// Locations (board orientation) and kinds of the features a follower
    /// could stand on.
    pub spots: Vec<(Location, FeatureKind)>,
    /// Where the player's builder or pig could go instead (Traders &
    /// Builders): the figure, the location and the kind of feature.
    pub companions: Vec<(Figure, Location, FeatureKind)>,
    /// Figures the placement's scoring would send home that may move on
    /// (wagons), with where each may go (with no figure deployed).
    pub after: Vec<MovesAfter>,
    /// Where the turn's follower may go on other tiles, when the tile lets
    /// it (a magic portal): tiles, spots and kinds.
    pub elsewhere: Vec<(Pos, Location, FeatureKind)>,
    /// What the mechanics offer once the tile lies there (the princess's
    /// choices, the dragon's first steps).
    pub actions: Vec<super::mechanic::ActionOption>,
}

/// Where a figure the placement's scoring sends home may move on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MovesAfter {
    /// The figure.
    pub figure: Figure,
    /// Its owner.
    pub player: usize,
    /// The tile it stood on.
    pub from: Pos,
    /// The tiles and spots it may move to, with their kinds.
    pub to: Vec<(Pos, Location, FeatureKind)>,
}

/// A placement tried on a copy of the game: the game with the tile
/// placed, the mechanics as the "placed" phase left them (only when the
/// tile woke any; else the position's own), and the tile's index.
struct Tried<'g> {
    game: Game<'g>,
    mechanics: Option<Mechanics>,
    idx: usize,
}

impl Tried<'_> {
    /// The mechanics after the placement.
    fn mechanics<'m>(&'m self, referee: &'m Referee<'_>) -> &'m Mechanics {
        self.mechanics.as_ref().unwrap_or(&referee.mechanics)
    }

    /// Whether the referee would let the player to move deploy `figure` on
    /// feature `feature` of the tile tried: the referee's own question.
    fn allows(&self, position: &Position<'_>, feature: usize, figure: Figure) -> bool {
        let r = &position.referee;
        r.feature_problem_in(
            &self.game,
            self.mechanics(r),
            self.idx,
            feature,
            position.player,
            figure,
        )
        .is_none()
    }
}

/// The position after some turns of a record, for asking where a tile fits.
pub struct Position<'r> {
    referee: Referee<'r>,
    /// The player to move.
    pub player: usize,
    /// Turns played.
    pub turns: usize,
    /// The game is over at this moment (no tile left, or a finished
    /// record's last turn).
    pub ended: bool,
    /// The last land tile is down and the final abbey round is on: only
    /// an abbey may be placed, by [`Position::player`].
    pub final_round: bool,
}

impl Position<'_> {
    /// The followers the player to move has in supply that may stand on
    /// any free road, city, cloister or field (a follower, the big
    /// follower): every spot of [`Move::spots`] takes any of them. Other
    /// figures have spots of their own ([`Move::companions`]).
    #[must_use]
    pub fn figures(&self) -> Vec<Figure> {
        let table = self.referee.game.figures();
        table
            .all()
            .filter(|&f| table.stands_anywhere(f) && self.referee.game.supply(self.player, f) > 0)
            .collect()
    }

    /// Tiles the player to move may play now, by catalog index: the tile
    /// a mechanic dealt them (got at a bazaar), else those left to draw
    /// (the common supply) and their own tiles (an abbey).
    #[must_use]
    pub fn tiles_left(&self) -> Vec<u32> {
        if let Some(tile) = self.dealt() {
            let mut only = vec![0; self.referee.record.catalog.tiles.len()];
            if let Some(n) = only.get_mut(tile) {
                *n = 1;
            }
            return only;
        }
        self.referee.supply.left_for(self.player)
    }

    /// The tile a mechanic dealt the player to move for this turn (got at
    /// a bazaar), which they play instead of drawing one.
    #[must_use]
    pub fn dealt(&self) -> Option<usize> {
        let r = &self.referee;
        if !r.mechanics.hooks_draw() {
            return None;
        }
        r.mechanics
            .dealt(self.player, r.order.is_second(self.player))
    }

    /// Why `tile` may not be drawn now, if a mechanic keeps it out of the
    /// draw (a dragon tile before the first volcano): the referee's own
    /// rule, so that `carca moves` does not offer it.
    #[must_use]
    pub fn draw_problem(&self, tile: usize) -> Option<super::violation::ViolationKind> {
        let r = &self.referee;
        r.mechanics.draw_problem(&r.record.catalog, &r.supply, tile)
    }

    /// Every legal placement of `tile` now, with its legal follower spots.
    /// Each placement is tried on a copy of the game as the referee plays
    /// it (the tile placed, the mechanics told of it), and every figure
    /// and act listed is one the referee accepts there: both ask the same
    /// questions.
    #[must_use]
    pub fn moves(&self, tile: usize) -> Vec<Move> {
        let r = &self.referee;
        // A rotation that shows the same sides as a smaller one (a
        // cloister, a city on four sides) is the same placement: listed once.
        let entry = &r.record.catalog.tiles[tile];
        let same_as_smaller =
            |rot: Rotation| (0..rot.quarters()).any(|q| entry.same_turned(q, rot.quarters()));
        let placements: Vec<(Pos, Rotation)> = r
            .game
            .legal_placements(tile)
            .into_iter()
            .filter(|&(_, rot)| !same_as_smaller(rot))
            .filter(|&(pos, rot)| r.mechanic_problem(tile, pos, rot).is_none())
            .collect();
        // A placement that wakes no mechanic, where no mechanic asks more
        // of it (a base game's), is tried on one copy of the game after
        // another, each taken back; any other on a copy of its own.
        let alone = r.mechanics.placed_concerns(tile) == 0
            && !r.mechanics.hooks_scored()
            && !self.opens_on_placing();
        let mut scratch: Option<Game<'_>> = None;
        placements
            .into_iter()
            .map(|(at, rot)| {
                if alone {
                    let mut game = scratch.take().unwrap_or_else(|| r.game.trial());
                    if let Some(placed) = game.place_for_now(tile, at, rot) {
                        let tried = Tried {
                            game,
                            mechanics: None,
                            idx: placed.idx,
                        };
                        let m = self.move_tried(&tried, at, rot);
                        let mut game = tried.game;
                        game.take_back(placed);
                        scratch = Some(game);
                        return m;
                    }
                    scratch = Some(game);
                }
                self.move_at(tile, at, rot, &[])
            })
            .collect()
    }

    /// Whether a placement itself opens anything (a portal, the princess,
    /// a flight): asked of the game with the tile in place.
    fn opens_on_placing(&self) -> bool {
        let r = &self.referee;
        r.mechanics.offers_elsewhere().is_some()
            || r.mechanics.hooks_move()
            || r.mechanics.hooks_act()
    }

    /// The placements of `tile` its edges alone do not allow but an act
    /// laid with it does (a bridge carrying a road on), each with its
    /// spots and choices as the tile lies with that act, and the act.
    #[must_use]
    pub fn enabled(&self, tile: usize) -> Vec<(Move, crate::record::Act)> {
        let r = &self.referee;
        r.mechanics
            .enabled(&r.game, &r.record.players, self.player, tile)
            .into_iter()
            .map(|(at, rot, act)| {
                let m = self.move_at(tile, at, rot, std::slice::from_ref(&act));
                (m, act)
            })
            .collect()
    }

    /// The placement of `tile` at `at` turned by `rot`, laid with the acts
    /// `laid`, with its legal follower spots and choices.
    fn move_at(&self, tile: usize, at: Pos, rot: Rotation, laid: &[crate::record::Act]) -> Move {
        let tried = self.tried(tile, at, rot, laid);
        self.move_tried(&tried, at, rot)
    }

    /// The move of the tile `tried` placed at `at` turned by `rot`: its
    /// legal follower spots and choices there.
    fn move_tried(&self, tried: &Tried<'_>, at: Pos, rot: Rotation) -> Move {
        let r = &self.referee;
        let can_deploy = !self.figures().is_empty();
        let placed_options = self.opens_on_placing();
        // The tile in the form it lies in (with a bridge across it).
        let t = tried.game.tile(tried.game.placed()[tried.idx].tile());
        let spots = if can_deploy {
            let follower = self.figures()[0];
            (0..t.features.len())
                .filter(|&f| tried.allows(self, f, follower))
                .map(|f| (location_of(t, rot, f), t.features[f].kind))
                .collect()
        } else {
            Vec::new()
        };
        let companions = self.companion_spots(tried, at);
        let after = if r.mechanics.hooks_scored() {
            self.moves_after(tried)
        } else {
            Vec::new()
        };
        let (elsewhere, mut actions) = if placed_options {
            self.placed_options(tried, can_deploy)
        } else {
            (Vec::new(), Vec::new())
        };
        // The actions open wherever the tile goes: a placement that wakes a
        // mechanic may open more (a foundation of its own, a tile the
        // dragon left), listed with it.
        if let Some(mechanics) = &tried.mechanics {
            let everywhere = self.action_options();
            actions.extend(
                mechanics
                    .action_options(&tried.game, self.player)
                    .into_iter()
                    .filter(|a| !everywhere.contains(a)),
            );
        }
        Move {
            at,
            rot,
            spots,
            companions,
            after,
            elsewhere,
            actions,
        }
    }

    /// `tile` placed at `at` turned by `rot` on a copy of the game, and the
    /// mechanics told of it when the tile wakes any (a volcano calls the
    /// dragon at once, a foundation joins the towers), as the referee's
    /// "placed" phase does.
    fn tried(&self, tile: usize, at: Pos, rot: Rotation, laid: &[crate::record::Act]) -> Tried<'_> {
        let r = &self.referee;
        let mut game = r.game.trial();
        // The acts laid with the tile (a bridge) change the board or the
        // tile's form first, as the referee's "place" phase does.
        let mut laying = None;
        let mut form = tile;
        if !laid.is_empty() {
            let mut mechanics = r.mechanics.clone();
            let (f, _) = mechanics.laying(
                &mut game,
                &super::mechanic::Laying {
                    turn: self.turns + 1,
                    actor: self.player,
                    names: &r.record.players,
                    tile,
                    pos: at,
                    rot,
                    acts: laid,
                    record: None,
                },
            );
            form = f.unwrap_or(tile);
            laying = Some(mechanics);
        }
        let idx = game.place(form, at, rot, None);
        let concerned = r.mechanics.placed_concerns(tile) != 0;
        let mechanics = (concerned || laying.is_some()).then(|| {
            let mut mechanics = laying.unwrap_or_else(|| r.mechanics.clone());
            mechanics.placed(
                &mut game,
                &Placing {
                    tile,
                    pos: at,
                    rot,
                    placed: idx,
                    actor: self.player,
                    drawn: !r.record.catalog.tiles[tile].tile.per_player,
                    second: r.order.is_second(self.player),
                    // The tile is still among those left to draw.
                    left: r.drawable().saturating_sub(1),
                },
            );
            mechanics
        });
        Tried {
            game,
            mechanics,
            idx,
        }
    }

    /// Where the turn's follower may go on other tiles (a magic portal),
    /// and the mechanics' actions, with the tile placed as `tried` has it.
    #[allow(clippy::type_complexity)]
    fn placed_options(
        &self,
        tried: &Tried<'_>,
        can_deploy: bool,
    ) -> (
        Vec<(Pos, Location, FeatureKind)>,
        Vec<super::mechanic::ActionOption>,
    ) {
        let (after, idx) = (&tried.game, tried.idx);
        let mechanics = tried.mechanics(&self.referee);
        let mut elsewhere = Vec::new();
        if can_deploy && mechanics.deploys_elsewhere(after, idx) {
            let follower = Figure::FOLLOWER;
            for (placed, p) in after.placed().iter().enumerate() {
                if placed == idx {
                    continue;
                }
                let t = after.tile(p.tile());
                for feature in 0..t.features.len() {
                    let spot = Spot { placed, feature };
                    if !after.finished(spot)
                        && self
                            .referee
                            .feature_problem_in(
                                after,
                                mechanics,
                                placed,
                                feature,
                                self.player,
                                follower,
                            )
                            .is_none()
                    {
                        elsewhere.push((
                            p.pos,
                            location_of(t, p.rot, feature),
                            t.features[feature].kind,
                        ));
                    }
                }
            }
            elsewhere.sort_by_key(|(p, l, _)| (-p.y, p.x, l.to_string()));
        }
        let actions = mechanics.placement_options(after, idx, self.player);
        (elsewhere, actions)
    }

    /// Where the figures that the scoring of the tile placed as `tried`
    /// has it sends home may move on (no figure deployed with it).
    fn moves_after(&self, tried: &Tried<'_>) -> Vec<MovesAfter> {
        let mut after = tried.game.trial();
        after.score_completed(
            tried.idx,
            super::Phase::Turn {
                number: self.turns + 1,
                player: self.player,
            },
        );
        tried
            .mechanics(&self.referee)
            .move_options(&after)
            .into_iter()
            .map(|o| MovesAfter {
                figure: o.figure,
                player: o.player,
                from: o.from,
                to: o.to.into_iter().map(|s| after.named_spot(s)).collect(),
            })
            .collect()
    }

    /// Where the player's other figures (a builder or pig, a mayor, a
    /// wagon, a barn on a corner, a figure that stands on some kinds of
    /// feature only) could stand with the tile placed as `tried` has it
    /// (at `at`): companions go only beside their owner's follower, and
    /// never on a road or city the tile completes.
    fn companion_spots(&self, tried: &Tried<'_>, at: Pos) -> Vec<(Figure, Location, FeatureKind)> {
        let game = &self.referee.game;
        let table = game.figures();
        let held: Vec<Figure> = table
            .all()
            .filter(|&f| !table.stands_anywhere(f) && game.supply(self.player, f) > 0)
            .collect();
        if held.is_empty() {
            return Vec::new();
        }
        let after = &tried.game;
        let mechanics = tried.mechanics(&self.referee);
        let p = &after.placed()[tried.idx];
        let t = after.tile(p.tile());
        let mut out = Vec::new();
        for f in held {
            if table.on_corner(f) {
                for word in ["NE", "SE", "SW", "NW"] {
                    let Some(loc) = Location::parse(word) else {
                        continue;
                    };
                    let Some(point) = loc.corner_point(at) else {
                        continue;
                    };
                    if self
                        .referee
                        .corner_problem_in(after, Some(mechanics), point, self.player, f)
                        .is_none()
                    {
                        out.push((f, loc, FeatureKind::Field));
                    }
                }
                continue;
            }
            for feature in 0..t.features.len() {
                if tried.allows(self, feature, f) {
                    out.push((f, location_of(t, p.rot, feature), t.features[feature].kind));
                }
            }
        }
        out
    }

    /// The players, in turn order.
    #[must_use]
    pub fn players(&self) -> &[String] {
        &self.referee.record.players
    }

    /// The game as it stands.
    #[must_use]
    pub fn game(&self) -> &Game<'_> {
        &self.referee.game
    }

    /// The actions the mechanics offer the player to move instead of
    /// deploying a figure (tower pieces and their captures, followers on
    /// towers), on the board as it lies.
    #[must_use]
    pub fn action_options(&self) -> Vec<super::mechanic::ActionOption> {
        self.referee
            .mechanics
            .action_options(&self.referee.game, self.player)
    }

    /// The act the last turn played left under way (a flight that stopped
    /// while it could go on), with the next choices.
    #[must_use]
    pub fn under_way(&self) -> Option<super::mechanic::UnderWay> {
        self.referee.mechanics.under_way(&self.referee.game)
    }

    /// The notes of the moment that say the record owes an act before
    /// the next turn ([`super::event::Tale::owed`]: an auction not
    /// written).
    #[must_use]
    pub fn owed(&self) -> Vec<&super::Note> {
        self.referee
            .notes
            .iter()
            .filter(|n| match &n.kind {
                super::event::NoteKind::Mechanic(told) => told.tale().owed(),
                _ => false,
            })
            .collect()
    }

    /// How a mechanic in play lets the turn's figure go to another tile,
    /// in its words (`through the portal`), if one does.
    #[must_use]
    pub fn elsewhere_words(&self) -> Option<&'static str> {
        self.referee.mechanics.offers_elsewhere()
    }

    /// The record keys of the acts the mechanics in play take.
    #[must_use]
    pub fn act_keys(&self) -> Vec<&'static str> {
        self.referee.mechanics.act_keys()
    }

    /// The stacks of pieces the mechanics keep on the board (towers).
    #[must_use]
    pub fn stacks(&self) -> Vec<super::mechanic::Stack> {
        self.referee.mechanics.stacks()
    }

    /// The figures players hold of one another's (prisoners).
    #[must_use]
    pub fn held(&self) -> Vec<super::mechanic::Held> {
        self.referee.mechanics.held()
    }

    /// The figures mechanics keep beside the board (in the City).
    #[must_use]
    pub fn aside(&self) -> Vec<super::mechanic::Aside> {
        self.referee.mechanics.aside()
    }

    /// What the mechanics keep on tiles that pictures mark there (a
    /// castle, a flock, the Count).
    #[must_use]
    pub fn badges(&self) -> Vec<super::mechanic::Badge> {
        self.referee.mechanics.badges(&self.referee.game)
    }
}

/// The position of a history record before turn `before` (1-based; `None`:
/// after the last turn).
#[must_use]
pub fn position<'r>(
    record: &'r Record,
    rules: &'r Ruleset,
    before: Option<usize>,
    registry: &Registry,
) -> Position<'r> {
    let mut referee = Referee::new(record, rules, registry);
    let turns: &[Turn] = match &record.body {
        Body::History(t) => t,
        Body::Snapshot { board, meeples } => {
            referee.snapshot(board, meeples);
            return Position {
                referee,
                player: 0,
                turns: 0,
                ended: !record.declared_open,
                final_round: false,
            };
        }
    };
    let upto = before.map_or(turns.len(), |b| b.saturating_sub(1).min(turns.len()));
    let over = referee.history(&turns[..upto]);
    // `final: true` speaks of the end of the record, not of earlier moments.
    let ended = if upto == turns.len() {
        over
    } else {
        referee.land_left() == 0
    };
    // Whose turn it is: the referee's own turn order, after those turns.
    let mut player = referee.order.next();
    let n = record.players.len();
    // After the last land tile, a mechanic (the final abbey round) says
    // whether anyone may still play, and who.
    let mut final_round = false;
    let finished = upto == turns.len() && record.declared_final;
    if referee.land_left() == 0 && !finished {
        let end = referee.end(referee.last_land.map_or(n - 1, |(_, last)| last));
        if let Some(p) = referee.mechanics.due_after_the_end(&end) {
            player = p;
            final_round = true;
        }
    }
    Position {
        referee,
        player,
        turns: upto,
        ended: ended && !final_round,
        final_round,
    }
}

/// The acts of the record key `key` that the mechanics would have turn
/// `index` of a history make, each choice made by `pick` as the generator
/// makes it (a draw from a bag: an index into what it holds). The turns
/// before it are played as recorded; the turn's own acts of that key are
/// not read. An import uses it for a chance its save states only by the
/// random number it was drawn with.
#[must_use]
pub fn proposed(
    record: &Record,
    rules: &Ruleset,
    registry: &Registry,
    index: usize,
    key: &str,
    pick: Box<dyn FnMut(usize) -> Option<usize>>,
) -> Vec<crate::record::Act> {
    let Body::History(turns) = &record.body else {
        return Vec::new();
    };
    let Some(turn) = turns.get(index) else {
        return Vec::new();
    };
    let mut referee = Referee::new(record, rules, registry);
    let mut seat = super::seat::Proposing {
        turn: turn.number,
        key: key.to_string(),
        pick,
        acts: Vec::new(),
    };
    referee.history_with(&turns[..=index], &mut seat, |_, _| {});
    seat.acts
}

/// The discards a history implies when it does not say how the game ended
/// (a JCloisterZone save without its annotations: a tile drawn that fits
/// nowhere is discarded without a message). For each tile left in the
/// common supply after the history, the first moment (the number of turns
/// played, up to the turn that drew the last tile placed) at which it could
/// have been drawn and fitted nowhere: there it was discarded, and the game
/// is over. `None` when some tile left fitted somewhere at every moment: it
/// was never discarded, so the game is still going. An empty list when no
/// tile is left.
#[must_use]
pub fn implied_discards(
    record: &Record,
    rules: &Ruleset,
    registry: &Registry,
) -> Option<Vec<(usize, usize)>> {
    let Body::History(turns) = &record.body else {
        return Some(Vec::new());
    };
    let mut first = Referee::new(record, rules, registry);
    first.history(turns);
    if first.land_left() == 0 {
        return Some(Vec::new());
    }
    let left: Vec<(usize, u32)> = first
        .supply
        .common
        .iter()
        .enumerate()
        .filter(|(_, n)| **n > 0)
        .map(|(t, n)| (t, *n))
        .collect();
    // The moment after the last turn that placed a drawn tile: no draw
    // comes later (an abbey placed after it is the final round's).
    let last_draw = turns
        .iter()
        .rposition(|t| match &t.action {
            crate::record::Action::Place { placement } => {
                !record.catalog.tiles[placement.tile()].tile.per_player
            }
            crate::record::Action::Discard { .. } => true,
        })
        .map_or(0, |i| i + 1);
    // The first such moment of each tile will do: any one makes the
    // discard legal, and a tile found is not looked at again.
    let mut found: Vec<Option<usize>> = vec![None; left.len()];
    let mut second = Referee::new(record, rules, registry);
    second.history_seen(turns, |r, moment| {
        if moment > last_draw {
            return;
        }
        for (k, &(tile, _)) in left.iter().enumerate() {
            if found[k].is_some() {
                continue;
            }
            let drawable = r
                .mechanics
                .draw_problem(&r.record.catalog, &r.supply, tile)
                .is_none();
            if drawable && !r.fits_somewhere(tile) {
                found[k] = Some(moment);
            }
        }
    });
    let mut discards = Vec::new();
    for ((tile, count), moment) in left.into_iter().zip(found) {
        let moment = moment?;
        discards.extend(std::iter::repeat_n((moment, tile), count as usize));
    }
    discards.sort_unstable();
    Some(discards)
}
