//! The query side of the engine: a record's position before a turn (who
//! is to play, the tiles left, the game as it stands) and the legal moves
//! of a tile there, which `carca moves` and the page ask for. It is the
//! referee stopped before that turn, so it cannot disagree with it.

use super::game::{Game, Spot};
use super::mechanic::Target;
use super::referee::Referee;
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

    /// Tiles left to draw, by catalog index: the common supply, and the
    /// player to move's own tiles (an abbey).
    #[must_use]
    pub fn tiles_left(&self) -> Vec<u32> {
        self.referee.supply.left_for(self.player)
    }

    /// Every legal placement of `tile` now, with its legal follower spots.
    #[must_use]
    pub fn moves(&self, tile: usize) -> Vec<Move> {
        let r = &self.referee;
        let t = &r.record.catalog.tiles[tile].tile;
        let can_deploy = !self.figures().is_empty();
        // A mechanic's own rules of deployment (a barn's farm takes no
        // farmer) are asked of the game with the tile in place.
        let checked = r.mechanics.hooks_deploy();
        // What a placement itself opens (a portal, the princess, a
        // flight): asked of the game with the tile in place.
        let placed_options =
            r.mechanics.offers_elsewhere() || r.mechanics.hooks_move() || r.mechanics.hooks_act();
        // A rotation that shows the same sides as a smaller one (a
        // cloister, a city on four sides) is the same placement: listed once.
        let entry = &r.record.catalog.tiles[tile];
        let same_as_smaller =
            |rot: Rotation| (0..rot.quarters()).any(|q| entry.same_turned(q, rot.quarters()));
        r.game
            .legal_placements(tile)
            .into_iter()
            .filter(|&(_, rot)| !same_as_smaller(rot))
            .filter(|&(pos, rot)| r.mechanic_problem(tile, pos, rot).is_none())
            .map(|(at, rot)| {
                let spots = if !can_deploy {
                    Vec::new()
                } else if checked {
                    let mut after = r.game.clone();
                    let idx = after.place(tile, at, rot, None);
                    let follower = self.figures()[0];
                    (0..t.features.len())
                        .filter(|&f| {
                            r.game.spot_free(tile, at, rot, f)
                                && self.mechanics_allow(
                                    &after,
                                    follower,
                                    Target::Feature(Spot {
                                        placed: idx,
                                        feature: f,
                                    }),
                                )
                        })
                        .map(|f| (location_of(t, rot, f), t.features[f].kind))
                        .collect()
                } else {
                    (0..t.features.len())
                        .filter(|&f| r.game.spot_free(tile, at, rot, f))
                        .map(|f| (location_of(t, rot, f), t.features[f].kind))
                        .collect()
                };
                let companions = self.companion_spots(tile, at, rot);
                let after = if r.mechanics.hooks_scored() {
                    self.moves_after(tile, at, rot)
                } else {
                    Vec::new()
                };
                let (elsewhere, actions) = if placed_options {
                    self.placed_options(tile, at, rot, can_deploy)
                } else {
                    (Vec::new(), Vec::new())
                };
                Move {
                    at,
                    rot,
                    spots,
                    companions,
                    after,
                    elsewhere,
                    actions,
                }
            })
            .collect()
    }

    /// With `tile` at `at` turned by `rot`: where the turn's follower may
    /// go on other tiles (a magic portal), and the mechanics' actions.
    #[allow(clippy::type_complexity)]
    fn placed_options(
        &self,
        tile: usize,
        at: Pos,
        rot: Rotation,
        can_deploy: bool,
    ) -> (
        Vec<(Pos, Location, FeatureKind)>,
        Vec<super::mechanic::ActionOption>,
    ) {
        let r = &self.referee;
        let mut after = r.game.clone();
        let idx = after.place(tile, at, rot, None);
        let mut elsewhere = Vec::new();
        if can_deploy && r.mechanics.deploys_elsewhere(&after, idx) {
            let follower = Figure::FOLLOWER;
            for (placed, p) in after.placed().iter().enumerate() {
                if placed == idx {
                    continue;
                }
                let t = after.tile(p.tile());
                for feature in 0..t.features.len() {
                    let spot = Spot { placed, feature };
                    if !after.finished(spot)
                        && after
                            .deploy_problem(placed, feature, self.player, follower)
                            .is_none()
                        && self.mechanics_allow(&after, follower, Target::Feature(spot))
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
        let actions = r.mechanics.placement_options(&after, idx, self.player);
        (elsewhere, actions)
    }

    /// Where the figures that the scoring of `tile` at `at` turned by
    /// `rot` sends home may move on (no figure deployed with it).
    fn moves_after(&self, tile: usize, at: Pos, rot: Rotation) -> Vec<MovesAfter> {
        let r = &self.referee;
        let mut after = r.game.clone();
        let idx = after.place(tile, at, rot, None);
        after.score_completed(
            idx,
            super::Phase::Turn {
                number: self.turns + 1,
                player: self.player,
            },
        );
        r.mechanics
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

    /// Whether the mechanics' own rules let the player to move deploy
    /// `figure` at `target` in `game`.
    fn mechanics_allow(&self, game: &Game<'_>, figure: Figure, target: Target) -> bool {
        let r = &self.referee;
        r.mechanics
            .deploy_problem(game, &r.record.players, self.player, figure, target)
            .is_none()
    }

    /// Where the player's other figures (a builder or pig, a mayor, a
    /// wagon, a barn on a corner, a figure that stands on some kinds of
    /// feature only) could stand if `tile` lay at `at` turned by `rot`:
    /// the placement is tried on a copy of the game, since companions go
    /// only beside their owner's follower, and never on a road or city the
    /// tile completes.
    fn companion_spots(
        &self,
        tile: usize,
        at: Pos,
        rot: Rotation,
    ) -> Vec<(Figure, Location, FeatureKind)> {
        let game = &self.referee.game;
        let table = game.figures();
        let held: Vec<Figure> = table
            .all()
            .filter(|&f| !table.stands_anywhere(f) && game.supply(self.player, f) > 0)
            .collect();
        if held.is_empty() {
            return Vec::new();
        }
        let mut after = game.clone();
        let idx = after.place(tile, at, rot, None);
        let t = after.tile(tile);
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
                    if after.corner_problem(point).is_none()
                        && self.mechanics_allow(&after, f, Target::Corner(point))
                    {
                        out.push((f, loc, FeatureKind::Field));
                    }
                }
                continue;
            }
            for feature in 0..t.features.len() {
                if after.deploy_problem(idx, feature, self.player, f).is_none()
                    && self.mechanics_allow(
                        &after,
                        f,
                        Target::Feature(Spot {
                            placed: idx,
                            feature,
                        }),
                    )
                {
                    out.push((f, location_of(t, rot, feature), t.features[feature].kind));
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
}

/// The position of a history record before turn `before` (1-based; `None`:
/// after the last turn).
#[must_use]
pub fn position<'r>(record: &'r Record, rules: &'r Ruleset, before: Option<usize>) -> Position<'r> {
    let mut referee = Referee::new(record, rules);
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
