//! Castles (RULES.md §16): a small completed city held by one follower
//! becomes its owner's castle instead of scoring; in a later turn it scores
//! the best road, city or cloister completed in its six-tile vicinity (or
//! the points of a castle beside it that scored), and its follower goes
//! home. Farms count a castle as a completed city worth `farm_castle`
//! more.

use super::keys::{Castle, Castles, Making};
use super::notes::BcbNote;
use super::problem::BcbProblem;
use crate::engine::event::{FeatureId, Note, NoteKind, Phase, Told};
use crate::engine::game::{Game, Grant, Spot};
use crate::engine::mechanic::{
    Acting, ActionOption, Aside, Mechanic, Phases, Said, Scored, ScoredWakes, Setup, Target, Wakes,
};
use crate::engine::scoring::Converted;
use crate::engine::violation::{Broken, ViolationKind};
use crate::geometry::Pos;
use crate::record::{Act, Keyed, Location};
use crate::rules::Figure;
use crate::rules::table::{Bears, Piece, PointKey};
use crate::tileset::FeatureKind;

/// `[points] farm_castle`.
pub const FARM_CASTLE: PointKey = PointKey {
    key: "farm_castle",
    modern: 1,
    doc: "Added to what a farm pays per completed city, for each castle it touches, in every farm scoring (Bridges, Castles & Bazaars).",
    bears: Bears::Kind {
        kind: "farm",
        complete: None,
    },
};

/// `[figures] castle`: the castles each player has.
pub const TOKENS: Piece = Piece {
    key: "castle",
    doc: "Castles per player (Bridges, Castles & Bazaars; default 3 with up to four players, 2 with five or more).",
    per_players: super::tokens_for,
    in_play: super::in_play,
};

/// Why a city with no follower cannot become a castle.
const NO_FOLLOWER: &str = "no follower stands in the city";

/// The castles' rule, in the breakdown's words.
const SCORES: &str = "a castle scores the best feature completed in its vicinity";

/// A castle on the board.
#[derive(Debug, Clone)]
struct Made {
    /// Its two tiles, in board order.
    tiles: [Pos; 2],
    /// Its owner.
    owner: usize,
    /// Its follower, while it is in the castle.
    figure: Option<Figure>,
    /// Where the follower is kept: a tile and the city's part there.
    kept: (Pos, Location),
    /// The turn it was made (0 for a snapshot's).
    turn: usize,
    /// A snapshot's entry for it.
    written: Option<miette::SourceSpan>,
}

impl Made {
    /// Its six-tile vicinity: its tiles and the two beside each across its
    /// line.
    fn vicinity(&self) -> [Pos; 6] {
        let [a, b] = self.tiles;
        let (dx, dy) = if a.x == b.x { (1, 0) } else { (0, 1) };
        let side = |p: Pos, k: i32| Pos::new(p.x + k * dx, p.y + k * dy);
        [a, b, side(a, -1), side(a, 1), side(b, -1), side(b, 1)]
    }

    fn near(&self, p: Pos) -> bool {
        self.vicinity().contains(&p)
    }
}

/// The castles, and the castles each player has left.
#[derive(Debug, Clone)]
pub struct Castling {
    made: Vec<Made>,
    left: Vec<u32>,
    /// What a castle pays a farm more.
    converted: Converted,
}

/// The castles, when the expansion is in play.
#[must_use]
pub fn mechanic(setup: &Setup<'_>) -> Option<Box<dyn Mechanic>> {
    if !super::in_play(setup.catalog) {
        return None;
    }
    let n = super::tokens(setup, &TOKENS);
    Some(Box::new(Castling {
        made: Vec::new(),
        left: vec![n; setup.players],
        converted: Converted {
            word: "castles",
            rule: FARM_CASTLE.key,
            words: "a castle pays a farm more than a city",
            unit: "castle",
            rate: setup.rules.points.rate(&FARM_CASTLE),
        },
    }))
}

impl Castling {
    /// Why the city of `spot` cannot become a castle; else its two tiles
    /// and its follower (an index of [`Game::followers`]).
    fn check(game: &Game, spot: Spot, fresh: bool) -> Result<([Pos; 2], Option<usize>), String> {
        if game.kind_at(spot) != FeatureKind::City {
            return Err(format!(
                "this is a {}, not a city",
                game.kind_at(spot).word()
            ));
        }
        if game.landmark_at(spot.placed, spot.feature).is_some() {
            return Err("a landmark never becomes a castle".into());
        }
        if !game.finished(spot) {
            return Err("the city is not completed".into());
        }
        if fresh && game.was_scored(spot) {
            return Err("the tile just placed did not complete this city".into());
        }
        let members = game.members(spot.placed, spot.feature);
        let [(p, f), (q, g)] = members[..] else {
            return Err(format!(
                "the city has {} parts; a castle is made from a city of exactly two tiles",
                members.len()
            ));
        };
        if p == q {
            return Err("the city lies on one tile; a castle needs two".into());
        }
        for (placed, feature) in [(p, f), (q, g)] {
            let tile = game.tile(game.placed()[placed].tile());
            let part = &tile.features[feature];
            let shared = tile.shared.contains(&Some(feature));
            if part.no_base || part.edges.len() != 1 || shared {
                let at = game.placed()[placed].pos;
                return Err(format!("its part on {at} is no castle base"));
            }
        }
        let mut tiles = [game.placed()[p].pos, game.placed()[q].pos];
        tiles.sort_by_key(|t| (t.x, t.y));
        if !fresh {
            return Ok((tiles, None));
        }
        let on = game.figures_on(game.root_of(spot));
        let followers: Vec<usize> = on
            .iter()
            .copied()
            .filter(|&id| game.figures().is_follower(game.followers()[id].figure))
            .collect();
        match (&followers[..], on.len()) {
            ([one], 1) => Ok((tiles, Some(*one))),
            ([], _) => Err(NO_FOLLOWER.into()),
            _ => Err("a castle holds one follower, and more figures stand in the city".into()),
        }
    }

    /// The cities of the tile at placed index `placed` that may become
    /// castles now, as spots: completed by it, of two castle bases, held
    /// by one follower (or by none, when `unheld`: the player may still
    /// deploy there).
    fn candidates(game: &Game, placed: usize, unheld: bool) -> Vec<(Spot, Option<usize>)> {
        let tile = game.tile(game.placed()[placed].tile());
        let mut out: Vec<(Spot, Option<usize>)> = Vec::new();
        for feature in 0..tile.features.len() {
            let spot = Spot { placed, feature };
            if tile.features[feature].kind != FeatureKind::City
                || out.iter().any(|(s, _)| game.same_feature(*s, spot))
            {
                continue;
            }
            let held = match Self::check(game, spot, true) {
                Ok((_, Some(id))) => Some(id),
                Err(why) if unheld && why == NO_FOLLOWER => None,
                _ => continue,
            };
            out.push((spot, held));
        }
        out
    }

    /// Makes the castles a turn's `castle:` asks for.
    fn make(&mut self, game: &mut Game, acting: &Acting<'_>, castle: &Castle, said: &mut Said) {
        let placed_at = game.placed()[acting.placed].pos;
        for m in &castle.list {
            let at = m.at.unwrap_or(placed_at);
            let written = m.player.map_or(acting.actor, |(p, _)| p);
            let refuse = |said: &mut Said, player: usize, why: String, span| {
                said.violations.push((
                    ViolationKind::Mechanic(Broken::new(BcbProblem::Castle {
                        player: acting.names.get(player).cloned().unwrap_or_default(),
                        why,
                    })),
                    span,
                ));
            };
            let spot = match game.locate(at, &m.spot) {
                Ok(s) => s,
                Err(u) => {
                    said.violations
                        .push((ViolationKind::NoSuchSpot(u), m.spot_span));
                    continue;
                }
            };
            if !game
                .members(spot.placed, spot.feature)
                .iter()
                .any(|&(p, _)| p == acting.placed)
            {
                refuse(
                    said,
                    written,
                    "the tile just placed is no part of this city".into(),
                    m.spot_span,
                );
                continue;
            }
            let (tiles, id) = match Self::check(game, spot, true) {
                Ok((tiles, Some(id))) => (tiles, id),
                Ok((_, None)) => continue,
                Err(why) => {
                    refuse(said, written, why, m.spot_span);
                    continue;
                }
            };
            let (owner, figure) = (game.followers()[id].player, game.followers()[id].figure);
            if let Some((p, span)) = m.player
                && p != owner
            {
                let whose = acting.names.get(owner).cloned().unwrap_or_default();
                refuse(
                    said,
                    p,
                    format!("the follower in the city is {whose}'s"),
                    span,
                );
                continue;
            }
            if self.left.get(owner).copied().unwrap_or(0) == 0 {
                refuse(
                    said,
                    owner,
                    "no castle is left in their supply".into(),
                    m.spot_span,
                );
                continue;
            }
            self.left[owner] -= 1;
            self.build(game, spot, owner, Some((id, figure)), acting.turn, tiles, m);
            let city = game
                .feature_id(spot.placed, spot.feature)
                .map_or_else(String::new, |id| id.to_string());
            said.notes.push(Note {
                turn: acting.turn,
                player: owner,
                kind: NoteKind::Mechanic(Told::new(BcbNote::Castle { owner, tiles, city })),
            });
        }
    }

    /// Puts a castle on the city of `spot`, its follower (`id`, figure)
    /// kept in it.
    #[allow(clippy::too_many_arguments)]
    fn build(
        &mut self,
        game: &mut Game,
        spot: Spot,
        owner: usize,
        follower: Option<(usize, Figure)>,
        turn: usize,
        tiles: [Pos; 2],
        m: &Making,
    ) {
        let at = game.placed()[spot.placed].pos;
        let figure = follower.map(|(id, figure)| {
            game.remove(id, false);
            game.keep(at, m.spot.clone(), owner, figure);
            figure
        });
        game.convert(spot, self.converted);
        self.made.push(Made {
            tiles,
            owner,
            figure,
            kept: (at, m.spot.clone()),
            turn,
            written: None,
        });
    }

    /// The roads, cities and cloisters turn `placed`'s tile completed whose
    /// tiles that count for a castle's vicinity (a cloister's own) `wanted`
    /// takes, with those tiles and their points.
    fn completed(
        &self,
        game: &Game,
        placed: usize,
        wanted: impl Fn(&[Pos]) -> bool,
    ) -> Vec<(Vec<Pos>, i64, Option<FeatureId>)> {
        let here = game.placed()[placed].pos;
        let mut seen: Vec<Spot> = Vec::new();
        let mut out = Vec::new();
        let ring = here.ring();
        let tiles = std::iter::once(placed).chain(ring.into_iter().filter_map(|q| game.at(q)));
        for p in tiles {
            let tile = game.tile(game.placed()[p].tile());
            // Around the tile placed only a cloister counts.
            let features = match tile.cloister {
                _ if p == placed => 0..tile.features.len(),
                Some(c) => c..c + 1,
                None => 0..0,
            };
            for feature in features {
                let spot = Spot { placed: p, feature };
                let kind = tile.features[feature].kind;
                let counts = match kind {
                    FeatureKind::Road | FeatureKind::City => p == placed,
                    FeatureKind::Cloister => true,
                    _ => false,
                };
                if !counts
                    || !game.finished(spot)
                    || game.landmark_at(p, feature).is_some()
                    || seen.iter().any(|s| game.same_feature(*s, spot))
                {
                    continue;
                }
                seen.push(spot);
                let near: Vec<Pos> = if kind == FeatureKind::Cloister {
                    vec![game.placed()[p].pos]
                } else {
                    let mut v: Vec<Pos> = game
                        .members(p, feature)
                        .into_iter()
                        .map(|(q, _)| game.placed()[q].pos)
                        .collect();
                    v.dedup();
                    v
                };
                // What lies beside no castle that may score is not worth
                // pricing.
                if !wanted(&near) || self.is_castle(game, spot) {
                    continue;
                }
                out.push((near, game.worth(spot), game.feature_id(p, feature)));
            }
        }
        out
    }

    /// The city castle `c` stands on, by name.
    fn city_of(&self, game: &Game, c: usize) -> Option<FeatureId> {
        let (at, spot) = &self.made[c].kept;
        let s = game.locate(*at, spot).ok()?;
        game.feature_id(s.placed, s.feature)
    }

    /// Whether the city of `spot` is a castle.
    fn is_castle(&self, game: &Game, spot: Spot) -> bool {
        self.made.iter().any(|c| {
            game.locate(c.kept.0, &c.kept.1)
                .is_ok_and(|s| game.same_feature(s, spot))
        })
    }

    /// Scores the occupied castles (not made this turn) beside what turn
    /// `turn` completed, and the castles beside those.
    fn score(&mut self, game: &mut Game, turn: usize, actor: usize, placed: usize) {
        // Only an occupied castle made before this turn scores, and only
        // when the turn completed something.
        let scores = |c: &Made| c.figure.is_some() && c.turn < turn;
        if !game.completed_any() || !self.made.iter().any(scores) {
            return;
        }
        let eligible: Vec<usize> = (0..self.made.len())
            .filter(|&c| scores(&self.made[c]))
            .collect();
        let done = self.completed(game, placed, |near| {
            eligible
                .iter()
                .any(|&c| near.iter().any(|&p| self.made[c].near(p)))
        });
        if done.is_empty() {
            return;
        }
        // The best points per castle, and what they are for.
        let mut best: Vec<Option<(i64, Option<FeatureId>)>> = vec![None; self.made.len()];
        for &c in &eligible {
            for (near, points, name) in &done {
                if near.iter().any(|&p| self.made[c].near(p))
                    && best[c].as_ref().is_none_or(|(b, _)| points > b)
                {
                    best[c] = Some((*points, name.clone()));
                }
            }
        }
        // A castle that scores counts as completed for the castles beside
        // it, until none is left to score.
        loop {
            let mut changed = false;
            for &c in &eligible {
                for &d in &eligible {
                    let Some((points, _)) = best[d].clone() else {
                        continue;
                    };
                    if c != d
                        && self.made[d].tiles.iter().any(|&p| self.made[c].near(p))
                        && best[c].as_ref().is_none_or(|(b, _)| points > *b)
                    {
                        best[c] = Some((points, self.city_of(game, d)));
                        changed = true;
                    }
                }
            }
            if !changed {
                break;
            }
        }
        for &c in &eligible {
            let Some((points, about)) = best[c].take() else {
                continue;
            };
            let castle = &mut self.made[c];
            let owner = castle.owner;
            let phase = Phase::Turn {
                number: turn,
                player: actor,
            };
            game.grant(
                phase,
                owner,
                1,
                u32::try_from(points.max(0)).unwrap_or(u32::MAX),
                Grant {
                    rule: "castle",
                    words: SCORES,
                    unit: "castle",
                    by: "the castle",
                    about,
                },
            );
            if let Some(e) = game.events.last_mut() {
                e.feature.tiles = castle.tiles.to_vec();
                e.detail = Some(crate::engine::Told::new(super::notes::CastleScored {
                    owner,
                    tiles: castle.tiles,
                }));
            }
            if let Some(figure) = castle.figure.take() {
                game.release(castle.kept.0, &castle.kept.1);
                game.return_to_supply(owner, figure);
            }
        }
    }
}

impl Mechanic for Castling {
    fn boxed(&self) -> Box<dyn Mechanic> {
        Box::new(self.clone())
    }

    fn phases(&self) -> Phases {
        Phases::MOVE
            .and(Phases::SCORED)
            .and(Phases::FINAL)
            .and(Phases::DEPLOY)
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
            return None;
        };
        self.is_castle(game, spot).then(|| {
            ViolationKind::Mechanic(Broken::new(BcbProblem::InCastle {
                player: names.get(player).cloned().unwrap_or_default(),
            }))
        })
    }

    fn act_keys(&self) -> &'static [&'static str] {
        &["castle"]
    }

    fn scored_wakes(&self) -> ScoredWakes {
        // A castle scores only what a turn completed beside it.
        ScoredWakes::Completion
    }

    fn wakes(&self, phase: Phases) -> Wakes {
        // In the "move" phase only a `castle:` act wakes it.
        if phase == Phases::MOVE {
            Wakes::Never
        } else {
            Wakes::Every
        }
    }

    fn busy(
        &self,
        _game: &Game,
        phase: Phases,
        _actor: usize,
        _placed: Option<usize>,
        acts: &[Act],
    ) -> bool {
        if phase == Phases::MOVE {
            acts.iter().any(|a| a.get::<Castle>().is_some())
        } else {
            self.made.iter().any(|c| c.figure.is_some())
        }
    }

    fn before_scoring(&mut self, game: &mut Game, acting: &Acting<'_>, said: &mut Said) {
        for (i, act) in acting.acts.iter().enumerate() {
            if let Some(castle) = act.get::<Castle>() {
                said.taken.push(i);
                self.make(game, acting, castle, said);
            }
        }
    }

    fn scored(&mut self, game: &mut Game, scored: &Scored<'_>, _said: &mut Said) {
        self.score(game, scored.turn, scored.actor, scored.placed);
    }

    fn restore(
        &mut self,
        game: &mut Game,
        record: &crate::record::Record,
        said: &mut Said,
    ) -> Vec<(usize, Figure)> {
        let Some(Castles(list)) = record.snapshot.get::<Castles>() else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for c in list {
            let refuse = |said: &mut Said, why: String, span| {
                said.violations.push((
                    ViolationKind::Mechanic(Broken::new(BcbProblem::SnapshotCastle { why })),
                    span,
                ));
            };
            let spot = match game.locate(c.at, &c.spot) {
                Ok(s) => s,
                Err(u) => {
                    said.violations
                        .push((ViolationKind::NoSuchSpot(u), c.spot_span));
                    continue;
                }
            };
            let tiles = match Self::check(game, spot, false) {
                Ok((tiles, _)) => tiles,
                Err(why) => {
                    refuse(said, why, c.spot_span);
                    continue;
                }
            };
            if self.is_castle(game, spot) {
                refuse(said, "another castle stands on this city".into(), c.span);
                continue;
            }
            if !game.figures().is_follower(c.figure) {
                refuse(said, "only a follower stands in a castle".into(), c.span);
                continue;
            }
            if !game.figures_on(game.root_of(spot)).is_empty() {
                refuse(
                    said,
                    "a figure stands in the city; a castle's follower is written by its `player`"
                        .into(),
                    c.span,
                );
                continue;
            }
            match self.left.get_mut(c.player) {
                Some(n) if *n > 0 => *n -= 1,
                _ => {
                    refuse(said, "its player has no castle left".into(), c.span);
                    continue;
                }
            }
            let figure = (!c.empty).then_some(c.figure);
            let m = Making {
                at: None,
                spot: c.spot.clone(),
                spot_span: c.spot_span,
                player: None,
                map: false,
            };
            let at = game.placed()[spot.placed].pos;
            if let Some(f) = figure {
                game.keep(at, m.spot.clone(), c.player, f);
                out.push((c.player, f));
            }
            game.convert(spot, self.converted);
            self.made.push(Made {
                tiles,
                owner: c.player,
                figure,
                kept: (at, m.spot),
                turn: 0,
                written: Some(c.span),
            });
        }
        out
    }

    fn settled(&mut self, game: &mut Game, record: &crate::record::Record, said: &mut Said) {
        // A snapshot's figure in a castle's city cannot stand there.
        for c in &self.made {
            let (Ok(spot), Some(span)) = (game.locate(c.kept.0, &c.kept.1), c.written) else {
                continue;
            };
            for id in game.figures_on(game.root_of(spot)) {
                let player = game.followers()[id].player;
                game.remove(id, true);
                said.violations.push((
                    ViolationKind::Mechanic(Broken::new(BcbProblem::InCastle {
                        player: record.players.get(player).cloned().unwrap_or_default(),
                    })),
                    span,
                ));
            }
        }
    }

    fn propose_before_scoring(
        &self,
        game: &Game,
        acting: &Acting<'_>,
        pick: &mut dyn FnMut(usize) -> Option<usize>,
    ) -> Vec<Act> {
        let nowhere = miette::SourceSpan::from((0, 0));
        let mut list = Vec::new();
        let mut left = self.left.clone();
        for (spot, held) in Self::candidates(game, acting.placed, false) {
            let Some(id) = held else {
                continue;
            };
            let owner = game.followers()[id].player;
            if left.get(owner).copied().unwrap_or(0) == 0 || pick(2) != Some(0) {
                continue;
            }
            left[owner] -= 1;
            let (_, location, _) = game.named_spot(spot);
            list.push(Making {
                at: None,
                spot: location,
                spot_span: nowhere,
                player: None,
                map: false,
            });
        }
        if list.is_empty() {
            return Vec::new();
        }
        vec![Act::Keyed(Keyed::new(Castle {
            listed: list.len() > 1,
            list,
            span: nowhere,
        }))]
    }

    fn placement_options(&self, game: &Game, placed: usize, player: usize) -> Vec<ActionOption> {
        Self::candidates(game, placed, true)
            .into_iter()
            .filter(|&(_, held)| {
                // Where none stands yet, the player deploys one first.
                let owner = held.map_or(player, |id| game.followers()[id].player);
                (held.is_some() || game.supply(player, Figure::FOLLOWER) > 0)
                    && self.left.get(owner).copied().unwrap_or(0) > 0
            })
            .map(|(spot, held)| {
                let (at, location, _) = game.named_spot(spot);
                // The follower in it, if one stands there yet (else the
                // player may deploy one there first).
                let takes = held
                    .map(|id| {
                        let (p, l) = game.spot_of(id);
                        let f = &game.followers()[id];
                        vec![(p, l, f.player, f.figure)]
                    })
                    .unwrap_or_default();
                ActionOption {
                    key: "castle",
                    at,
                    height: 0,
                    takes,
                    spot: Some(location),
                }
            })
            .collect()
    }

    fn finish(
        &mut self,
        _game: &mut Game,
        _record: &crate::record::Record,
        ended: bool,
        said: &mut Said,
    ) {
        if !ended {
            return;
        }
        for c in &self.made {
            if c.figure.is_some() {
                said.notes.push(Note {
                    turn: 0,
                    player: c.owner,
                    kind: NoteKind::Mechanic(Told::new(BcbNote::Unscored {
                        owner: c.owner,
                        tiles: c.tiles,
                    })),
                });
            }
        }
    }

    fn badges(&self, _game: &Game) -> Vec<crate::engine::mechanic::Badge> {
        self.made
            .iter()
            .map(|c| crate::engine::mechanic::Badge {
                at: c.tiles[0],
                label: if c.figure.is_some() {
                    "castle".to_string()
                } else {
                    "castle (scored)".to_string()
                },
                owner: Some(c.owner),
            })
            .collect()
    }

    fn aside(&self) -> Vec<Aside> {
        self.made
            .iter()
            .filter_map(|c| {
                Some(Aside {
                    owner: c.owner,
                    figure: c.figure?,
                    place: format!("castle on {} and {}", c.tiles[0], c.tiles[1]),
                })
            })
            .collect()
    }
}
