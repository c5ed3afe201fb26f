//! Random legal games (`carca gen`), deterministic per seed.
//!
//! The generator shuffles the supply (the opening set first, its last tile
//! last), places each drawn tile at a random legal spot, deploys a follower
//! at the given rate on a random legal feature (now and then another
//! figure of the sets in play), moves figures a scoring sends home as the
//! mechanics allow, and discards tiles that fit nowhere. A player holding a
//! tile of their own (the abbey) places it into a hole now and then instead
//! of drawing, and in the final round after the last land tile. It plays
//! through [`Game`] and the mechanics in play, so every move it writes is
//! one the referee accepts.

use std::collections::VecDeque;
use std::sync::Arc;

use crate::engine::mechanic::{Acting, Laying, Mechanics, Said, Scored, Target, TurnEnded};
use crate::engine::open::OpenPositions;
use crate::engine::referee::Referee;
use crate::engine::seat::Seat;
use crate::engine::{Game, Spot};
use crate::geometry::{Pos, Rotation};
use crate::record::location::location_of;
use crate::record::written::{Written, WrittenTurn};
use crate::record::{Act, Action, Acts, Location, Placement, Record, Span};
use crate::rules::{Figure, Ruleset};
use crate::tileset::Catalog;
use serde_saphyr::{FlowMap, FlowSeq};

/// What to generate.
#[derive(Debug, Clone)]
pub struct Options {
    /// Land tiles drawn, the start tile included.
    pub tiles: u64,
    /// Number of players.
    pub players: usize,
    /// The seed: the same seed gives the same game.
    pub seed: u64,
    /// Tile sets, as a record names them.
    pub tilesets: Vec<String>,
    /// Chance of deploying a follower after a placement (0 to 1).
    pub followers: f64,
}

/// `SplitMix64`: small, fast, and fixed forever, so that a seed names the same
/// game in every version of carca.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    /// True with probability `p`: compares 32 random bits with `p` scaled
    /// to the same range.
    fn chance(&mut self, p: f64) -> bool {
        let bits = f64::from((self.next() >> 32) as u32);
        p > 0.0 && bits < p * f64::from(u32::MAX)
    }
}

/// Player names used by generated records.
const NAMES: [&str; 8] = [
    "red", "blue", "green", "yellow", "black", "grey", "pink", "purple",
];

/// A random place among `open` where `tile` fits (uniform over every
/// fitting position and rotation).
fn choose(
    open: &OpenPositions,
    tile: &crate::tileset::Tile,
    rng: &mut Rng,
) -> Option<(Pos, Rotation)> {
    let options = open.fitting(tile);
    let total: usize = options.iter().map(|(list, _)| list.len()).sum();
    if total == 0 {
        return None;
    }
    let mut k = rng.below(total);
    for (list, rot) in options {
        if k < list.len() {
            return Some((list[k], rot));
        }
        k -= list.len();
    }
    None
}

/// The supply scale needed for `tiles` land tiles, if a record may carry it
/// (at most `MAX_SUPPLY_SCALE` copies of every tile).
#[must_use]
pub fn scale_for(catalog: &Catalog, tiles: u64) -> Option<u32> {
    // A start block lies once, whatever the scale (`Catalog::scale`).
    let (block, rest) =
        catalog
            .tiles
            .iter()
            .filter(|e| !e.tile.per_player)
            .fold((0, 0), |(block, rest), e| {
                let n = u64::from(e.tile.count);
                if e.tile.at.is_some() {
                    (block + n, rest)
                } else {
                    (block, rest + n)
                }
            });
    let scale = tiles.saturating_sub(block).div_ceil(rest.max(1)).max(1);
    u32::try_from(scale)
        .ok()
        .filter(|&s| i64::from(s) <= crate::record::MAX_SUPPLY_SCALE)
}

/// One generated turn.
#[derive(Debug, Clone)]
enum Turn {
    Place {
        tile: String,
        at: Pos,
        rot: Rotation,
        meeple: Option<String>,
        /// The figure deployed, when not a normal follower.
        figure: Option<String>,
        /// Who played it, written when builders may change the turn order.
        player: Option<usize>,
        /// The mechanics' acts: of the "act" phase (a piece and its
        /// capture, a ransom, a follower on another tile), and of the
        /// "scored" phase (figures the scoring sent home moving on).
        acts: Vec<crate::record::Act>,
    },
    Discard {
        tile: String,
    },
}

/// A generated game, to be written as YAML or JSON.
#[derive(Debug, Clone)]
pub struct Generated {
    options: Options,
    players: usize,
    scale: u32,
    /// The start tile's id, position and rotation.
    start: (String, Pos, Rotation),
    turns: Vec<Turn>,
    declared_final: bool,
    /// The words of the figures in play, by their index.
    words: Vec<String>,
    /// The record's top-level keys the mechanics wrote at the end.
    top: crate::record::written::WrittenTop,
}

/// Corner locations, clockwise.
const CORNERS: [&str; 4] = ["NE", "SE", "SW", "NW"];

/// A follower location after turning the board clockwise by `q` quarters.
fn turn_location(loc: &str, q: usize) -> String {
    use crate::geometry::{Edge, Half};
    let r = Rotation::ALL[q % 4];
    if let Some(e) = loc
        .chars()
        .next()
        .filter(|_| loc.len() == 1)
        .and_then(Edge::from_letter)
    {
        return e.rotated(r).to_string();
    }
    if let Some(h) = Half::from_name(loc) {
        return h.rotated(r).to_string();
    }
    if let Some(i) = CORNERS.iter().position(|c| c.eq_ignore_ascii_case(loc)) {
        return CORNERS[(i + q) % 4].to_string();
    }
    loc.to_string()
}

impl Generated {
    /// Writes a turn's acts of the "act" phase under their record keys.
    fn write_acts(&self, w: &mut WrittenTurn, acts: &[Act]) {
        let names: Vec<String> = NAMES[..self.players]
            .iter()
            .map(ToString::to_string)
            .collect();
        let word = |f: Figure| self.words.get(f.index()).cloned().unwrap_or_default();
        for a in acts {
            w.put(a, &names, &word);
        }
    }

    /// The same game with the whole board moved by `shift` and then turned
    /// clockwise about the origin by `quarters` quarter turns: every
    /// position, rotation and follower location moves with it.
    #[must_use]
    pub fn transformed(&self, shift: (i32, i32), quarters: usize) -> Generated {
        let r = Rotation::ALL[quarters % 4];
        let place = |at: Pos, rot: Rotation| {
            let mut p = Pos::new(at.x + shift.0, at.y + shift.1);
            for _ in 0..quarters % 4 {
                p = Pos::new(p.y, -p.x);
            }
            (p, Rotation::ALL[(rot.quarters() + r.quarters()) % 4])
        };
        let (id, at, rot) = &self.start;
        let (start_at, start_rot) = place(*at, *rot);
        Generated {
            start: (id.clone(), start_at, start_rot),
            turns: self
                .turns
                .iter()
                .map(|t| match t {
                    Turn::Discard { tile } => Turn::Discard { tile: tile.clone() },
                    Turn::Place {
                        tile,
                        at,
                        rot,
                        meeple,
                        figure,
                        player,
                        acts,
                    } => {
                        let (at, rot) = place(*at, *rot);
                        let spot = |p: Pos| place(p, Rotation::R0).0;
                        let turned = |l: &Location| {
                            Location::parse(&turn_location(&l.to_string(), quarters))
                                .unwrap_or_else(|| l.clone())
                        };
                        let acts = acts.iter().map(|a| a.moved(&spot, &turned)).collect();
                        Turn::Place {
                            tile: tile.clone(),
                            at,
                            rot,
                            meeple: meeple.as_ref().map(|m| turn_location(m, quarters)),
                            figure: figure.clone(),
                            player: *player,
                            acts,
                        }
                    }
                })
                .collect(),
            ..self.clone()
        }
    }

    /// The same game without turn `index` (0-based), or with it played twice,
    /// or with its tile turned a quarter more, moved one step east, or its
    /// follower moved to `spot`: for mutation tests.
    #[must_use]
    pub fn mutated(&self, index: usize, how: usize, spot: &str) -> Generated {
        let mut g = self.clone();
        if g.turns.is_empty() {
            return g;
        }
        let i = index % g.turns.len();
        match how % 5 {
            0 => {
                g.turns.remove(i);
            }
            1 => {
                let t = g.turns[i].clone();
                g.turns.insert(i, t);
            }
            k => {
                if let Turn::Place {
                    at, rot, meeple, ..
                } = &mut g.turns[i]
                {
                    match k {
                        2 => *rot = Rotation::ALL[(rot.quarters() + 1) % 4],
                        3 => *at = Pos::new(at.x + 1, at.y),
                        _ => *meeple = Some(spot.to_string()),
                    }
                }
            }
        }
        g
    }

    /// The game as a record to write.
    #[must_use]
    pub fn written(&self) -> Written {
        let (id, at, rot) = &self.start;
        Written {
            description: None,
            tilesets: FlowSeq(self.options.tilesets.clone()),
            supply_scale: (self.scale > 1).then_some(self.scale),
            ruleset: None,
            players: FlowSeq(
                NAMES[..self.players]
                    .iter()
                    .map(ToString::to_string)
                    .collect(),
            ),
            start: ((at.x, at.y, rot.quarters()) != (0, 0, 0)).then(|| {
                let mut start = WrittenTurn::place(id, *at, *rot, None);
                start.rot = Some(rot.degrees());
                FlowMap(start)
            }),
            turns: self
                .turns
                .iter()
                .map(|t| {
                    FlowMap(match t {
                        Turn::Discard { tile } => WrittenTurn::discard(tile),
                        Turn::Place {
                            tile,
                            at,
                            rot,
                            meeple,
                            figure,
                            player,
                            acts,
                        } => {
                            let mut w = WrittenTurn::place(tile, *at, *rot, meeple.clone());
                            self.write_acts(&mut w, acts);
                            w.figure.clone_from(figure);
                            w.player = player.map(|p| NAMES[p].to_string());
                            w
                        }
                    })
                })
                .collect(),
            final_: self.declared_final,
            keyed: self.top.clone(),
        }
    }

    /// The game as a YAML record, with a comment saying how it was made.
    #[must_use]
    pub fn yaml(&self) -> String {
        let o = &self.options;
        self.written().yaml(&[format!(
            "Generated by `carca gen --tiles {} --players {} --seed {} --tilesets {} --followers {}`.",
            o.tiles,
            self.players,
            o.seed,
            o.tilesets.join(","),
            o.followers
        )])
    }

    /// The game as a JSON record on one line.
    #[must_use]
    pub fn json(&self) -> String {
        self.written().json()
    }
}

/// Draws the next tile: a tile a mechanic refuses now (a dragon tile
/// before the first volcano) is set aside, and the tiles set aside go back
/// into the deck, shuffled, once they may be drawn.
fn draw(
    deck: &mut VecDeque<usize>,
    aside: &mut Vec<usize>,
    mechanics: &Mechanics,
    catalog: &Catalog,
) -> Option<usize> {
    if let Some(&first) = aside.first()
        && !mechanics.sets_aside(catalog, first)
    {
        // Back among the tiles still to draw, spread evenly: the deck was
        // shuffled already.
        let mut merged = VecDeque::with_capacity(deck.len() + aside.len());
        let step = (deck.len() / aside.len()).max(1);
        let mut back = aside.drain(..);
        for (i, t) in deck.drain(..).enumerate() {
            if i % step == 0
                && let Some(a) = back.next()
            {
                merged.push_back(a);
            }
            merged.push_back(t);
        }
        merged.extend(back);
        *deck = merged;
    }
    while let Some(tile) = deck.pop_front() {
        if !mechanics.sets_aside(catalog, tile) {
            return Some(tile);
        }
        aside.push(tile);
    }
    None
}

/// The turn's follower on a free, unfinished feature of another tile (a
/// magic portal), among a few tiles picked at random: the act that writes
/// it.
fn elsewhere(
    game: &Game,
    mechanics: &Mechanics,
    names: &[String],
    player: usize,
    placed: usize,
    rng: &mut Rng,
) -> Option<Act> {
    let tiles = game.placed().len();
    let mut candidates: Vec<Spot> = Vec::new();
    for _ in 0..16 {
        let p = rng.below(tiles);
        if p == placed {
            continue;
        }
        let t = game.tile(game.placed()[p].tile());
        for feature in 0..t.features.len() {
            let spot = Spot { placed: p, feature };
            if !candidates.contains(&spot)
                && !game.finished(spot)
                && game
                    .deploy_problem(p, feature, player, Figure::FOLLOWER)
                    .is_none()
                && mechanics
                    .deploy_problem(game, names, player, Figure::FOLLOWER, Target::Feature(spot))
                    .is_none()
            {
                candidates.push(spot);
            }
        }
    }
    if candidates.is_empty() {
        return None;
    }
    let spot = candidates[rng.below(candidates.len())];
    let (at, location, _) = game.named_spot(spot);
    let nowhere = miette::SourceSpan::from((0, 0));
    Some(Act::Deploy(crate::record::Deploy {
        location,
        span: nowhere,
        figure: Figure::FOLLOWER,
        at: Some((at, nowhere)),
    }))
}

/// The generator's seat at the referee's table: the dice make each phase's
/// choices, through the mechanics' proposals.
struct Dice<'a> {
    rng: &'a mut Rng,
    /// Chance of deploying a follower.
    followers: f64,
    /// The tile drawn (its form on the board may differ: a bridge).
    tile: usize,
    /// The act that makes the placement legal (a bridge), if it needs one.
    enabling: Option<Act>,
    /// The neutral figures' moves of the "move" phase, heard again in the
    /// "scored" phase (a dragon that flies after the scoring).
    flight: Vec<Act>,
    /// What the supply holds, for tiles drawn between turns.
    deck: &'a mut VecDeque<usize>,
    reserve: &'a mut VecDeque<usize>,
    aside: &'a mut Vec<usize>,
    catalog: &'a Catalog,
}

impl Seat for Dice<'_> {
    fn lay(
        &mut self,
        mechanics: &mut Mechanics,
        game: &mut Game,
        laying: &Laying<'_>,
        made: &mut Vec<Act>,
    ) -> Option<(Option<usize>, Said)> {
        if let Some(act) = self.enabling.take() {
            made.push(act);
            return Some(mechanics.laying(
                game,
                &Laying {
                    acts: made,
                    ..*laying
                },
            ));
        }
        let rng = &mut *self.rng;
        let (form, acts) =
            mechanics.play_laying(game, laying, &mut |n| (n > 0).then(|| rng.below(n)));
        made.extend(acts);
        Some((form, Said::default()))
    }

    fn act(
        &mut self,
        mechanics: &mut Mechanics,
        game: &mut Game,
        acting: &Acting<'_>,
        made: &mut Vec<Act>,
    ) -> Option<Said> {
        if !mechanics.hooks_act() {
            return Some(Said::default());
        }
        // The dice are rolled only when a mechanic offers an act.
        let rng = &mut *self.rng;
        let proposed = mechanics.propose_acts(game, acting, &mut |n| {
            (n > 0 && rng.chance(0.3)).then(|| rng.below(n))
        });
        if proposed.is_empty() {
            return Some(Said::default());
        }
        let said = mechanics.act(
            game,
            &Acting {
                acts: &proposed,
                ..*acting
            },
            u32::MAX,
        );
        made.extend(proposed);
        Some(said)
    }

    fn deploy(
        &mut self,
        mechanics: &Mechanics,
        game: &Game,
        acting: &Acting<'_>,
        made: &mut Vec<Act>,
    ) {
        if made.iter().any(Act::is_action) {
            return;
        }
        let (player, idx, names) = (acting.actor, acting.placed, acting.names);
        let rng = &mut *self.rng;
        let t = &self.catalog.tiles[self.tile].tile;
        let (pos, rot) = (game.placed()[idx].pos, game.placed()[idx].rot);
        // A follower through a magic portal now and then, where a mechanic
        // lets the figure go to another tile.
        let far = mechanics.deploys_elsewhere(game, idx)
            && game.supply(player, Figure::FOLLOWER) > 0
            && rng.chance(self.followers)
            && rng.chance(0.5);
        if far {
            made.extend(elsewhere(game, mechanics, names, player, idx, rng));
            return;
        }
        if !rng.chance(self.followers) {
            return;
        }
        // Another figure now and then (a big follower, a builder, a pig, a
        // mayor, a wagon, a barn, a figure a set declares), while the
        // player has one, in the order of the figure table: the dice are
        // rolled only then, so games without them are as before.
        let table = game.figures();
        let spot_ok = |f: usize, kind: Figure| {
            game.deploy_problem(idx, f, player, kind).is_none()
                && mechanics
                    .deploy_problem(
                        game,
                        names,
                        player,
                        kind,
                        Target::Feature(Spot {
                            placed: idx,
                            feature: f,
                        }),
                    )
                    .is_none()
        };
        let corners = |kind: Figure| -> Vec<&'static str> {
            CORNERS
                .iter()
                .filter(|&&c| {
                    Location::parse(c)
                        .and_then(|l| l.corner_point(pos))
                        .is_some_and(|point| {
                            game.corner_problem(point).is_none()
                                && mechanics
                                    .deploy_problem(
                                        game,
                                        names,
                                        player,
                                        kind,
                                        Target::Corner(point),
                                    )
                                    .is_none()
                        })
                })
                .copied()
                .collect()
        };
        let mut kind = Figure::FOLLOWER;
        for other in table.all().skip(1) {
            let anywhere = table.stands_anywhere(other);
            if kind == Figure::FOLLOWER
                && game.supply(player, other) > 0
                && rng.chance(0.3)
                && (anywhere
                    || if table.on_corner(other) {
                        !corners(other).is_empty()
                    } else {
                        (0..t.features.len()).any(|f| spot_ok(f, other))
                    })
            {
                kind = other;
            }
        }
        let location = if table.on_corner(kind) {
            let legal = corners(kind);
            Location::parse(legal[rng.below(legal.len())])
        } else {
            let legal: Vec<usize> = (0..t.features.len())
                .filter(|&f| spot_ok(f, kind))
                .collect();
            (!legal.is_empty()).then(|| location_of(t, rot, legal[rng.below(legal.len())]))
        };
        if let Some(location) = location {
            made.push(Act::Deploy(crate::record::Deploy {
                location,
                span: miette::SourceSpan::from((0, 0)),
                figure: kind,
                at: None,
            }));
        }
    }

    fn before_scoring(
        &mut self,
        mechanics: &mut Mechanics,
        game: &mut Game,
        acting: &Acting<'_>,
        made: &mut Vec<Act>,
    ) -> Option<Said> {
        if !mechanics.hooks_move() {
            return Some(Said::default());
        }
        // The dice choose each step. A ruleset that moves neutral figures
        // after the scoring (`dragon_move = "after-scoring"`) takes the
        // same flight in the "scored" phase.
        let rng = &mut *self.rng;
        let (flight, said) = mechanics
            .play_before_scoring(game, acting, None, &mut |n| (n > 0).then(|| rng.below(n)));
        made.extend(flight.iter().cloned());
        self.flight = flight;
        Some(said)
    }

    fn scored(
        &mut self,
        mechanics: &mut Mechanics,
        game: &mut Game,
        scored: &Scored<'_>,
        made: &mut Vec<Act>,
    ) -> Option<Said> {
        if !mechanics.hooks_scored() {
            return None;
        }
        // Figures the scoring sent home may move on (the dice are rolled
        // only when a mechanic offers a move); the flight is heard again.
        let rng = &mut *self.rng;
        let (written, said) = mechanics.play_scored(game, scored, &self.flight, &mut |n| {
            if !rng.chance(0.8) || n == 0 {
                return None;
            }
            Some(rng.below(n))
        });
        made.extend(written);
        Some(said)
    }

    fn turn_end(
        &mut self,
        mechanics: &Mechanics,
        game: &Game,
        ended: &TurnEnded<'_>,
        made: &mut Vec<Act>,
    ) {
        // What comes between turns (a bazaar's auction, its tiles drawn
        // from the deck and then from the tiles beyond it).
        let (deck, reserve, aside, catalog) = (
            &mut *self.deck,
            &mut *self.reserve,
            &mut *self.aside,
            self.catalog,
        );
        let rng = &mut *self.rng;
        made.extend(mechanics.propose_turn_end(
            game,
            ended,
            &mut || {
                draw(deck, aside, mechanics, catalog)
                    .or_else(|| draw(reserve, aside, mechanics, catalog))
            },
            &mut |n| (n > 0).then(|| rng.below(n)),
        ));
    }
}

/// Generates a history record (YAML text) from `catalog`, whose counts
/// must already be scaled by `scale`.
#[must_use]
pub fn generate(catalog: &Catalog, options: &Options, scale: u32) -> String {
    play(catalog, options, scale).yaml()
}

/// Plays a random legal game from `catalog`, whose counts must already be
/// scaled by `scale`.
#[must_use]
pub fn play(catalog: &Catalog, options: &Options, scale: u32) -> Generated {
    play_under(catalog, options, scale, &Ruleset::modern())
}

/// [`play`] under `rules`: the mechanics offer the moves its options allow
/// (where the fairy goes, when the dragon flies, whether the princess must
/// act, where a barn may stand). The record written names no ruleset: the
/// caller says which one it was played under.
#[must_use]
pub fn play_under(catalog: &Catalog, options: &Options, scale: u32, rules: &Ruleset) -> Generated {
    let players = options.players.clamp(1, NAMES.len());
    let mut rng = Rng(options.seed);

    // The deck: opening tiles first (their last tile last), then the rest.
    let mut opening = Vec::new();
    let mut closing = Vec::new();
    let mut rest = Vec::new();
    let start = catalog.default_start().unwrap_or(0);
    for (i, e) in catalog.tiles.iter().enumerate() {
        if e.tile.per_player || e.tile.at.is_some() && i != start {
            continue;
        }
        let count = e.tile.count - u32::from(i == start);
        for _ in 0..count {
            match (e.opening, e.tile.last) {
                (true, true) => closing.push(i),
                (true, false) => opening.push(i),
                _ => rest.push(i),
            }
        }
    }
    for deck in [&mut opening, &mut rest] {
        for i in (1..deck.len()).rev() {
            let j = rng.below(i + 1);
            deck.swap(i, j);
        }
    }
    let mut deck = opening;
    deck.extend(closing);
    deck.extend(rest);
    // The tiles beyond those the game draws: a mechanic that draws tiles
    // between turns (a bazaar's auction) may take them, as the supply
    // still holds them.
    let mut reserve: VecDeque<usize> = deck
        .split_off(deck.len().min(options.tiles.saturating_sub(1) as usize))
        .into();
    let exhausted = deck.len() as u64 + 1 + catalog.start_block().len() as u64
        >= catalog
            .tiles
            .iter()
            .filter(|e| !e.tile.per_player)
            .map(|e| u64::from(e.tile.count))
            .sum::<u64>();
    let mut deck: VecDeque<usize> = deck.into();

    // The game is played at the referee's table: it walks each turn's
    // phases in its one order, the dice choosing in each.
    let record = Record::playing(
        Arc::new(catalog.clone()),
        NAMES[..players].iter().map(ToString::to_string).collect(),
        start,
    );
    let names = &record.players;
    let mut referee = Referee::new(&record, rules, &crate::expansions::ALL);
    referee.begin();
    let extra_turns = referee.mechanics.gives_extra_turns();
    // The open positions around the start, opened tile by tile as it was
    // laid (the order the dice pick from).
    let mut open = OpenPositions::default();
    let game = &referee.game;
    for (i, p) in game.placed().iter().enumerate() {
        open.placed(p.pos, |q, e| {
            game.at(q)
                .filter(|&j| j <= i)
                .and_then(|_| game.edge_shown(q, e))
        });
    }
    let mut turns: Vec<Turn> = Vec::new();
    // A tile of a player's own (the abbey) they hold, and where it may go.
    let holds = |referee: &Referee, p: usize| referee.supply.own[p].iter().position(|&n| n > 0);
    let own_spots = |referee: &Referee, tile: usize| -> Vec<(Pos, Rotation)> {
        referee
            .game
            .legal_placements(tile)
            .into_iter()
            .filter(|&(p, r)| {
                referee
                    .mechanics
                    .placement_problem(catalog, tile, p, r)
                    .is_none()
            })
            .collect()
    };
    // Tiles a mechanic sets aside when drawn (dragon tiles before the
    // first volcano): shuffled back into the deck once they may be drawn.
    let mut aside: Vec<usize> = Vec::new();
    // Once the last land tile is down (the whole supply drawn), the final
    // round of the players' own tiles, in the order its mechanic keeps:
    // whether it is on, and the players who let their turn in it pass.
    let mut in_final_round = false;
    let mut passed: Vec<usize> = Vec::new();
    loop {
        // A turn places a tile of the player's own now and then (an abbey
        // into a hole: the dice are rolled only when the player holds
        // one), else draws; after the last land tile, the final round.
        let mut chosen_own: Option<(usize, Vec<(Pos, Rotation)>)> = None;
        let player = if in_final_round {
            // The mechanic says who is due; a player may let it pass.
            let mut end = referee.end(referee.last_land.map_or(players - 1, |(_, last)| last));
            let mut next = None;
            loop {
                for &p in &passed {
                    end.holds[p] = false;
                }
                let Some(p) = referee.mechanics.due_after_the_end(&end) else {
                    break;
                };
                if let Some(tile) = holds(&referee, p) {
                    let spots = own_spots(&referee, tile);
                    if !spots.is_empty() && rng.chance(0.7) {
                        chosen_own = Some((tile, spots));
                        next = Some(p);
                        break;
                    }
                }
                passed.push(p);
            }
            match next {
                Some(p) => p,
                None => break,
            }
        } else {
            let p = referee.order.next();
            if let Some(tile) = holds(&referee, p)
                && rng.chance(0.1)
            {
                let spots = own_spots(&referee, tile);
                if !spots.is_empty() {
                    chosen_own = Some((tile, spots));
                }
            }
            p
        };
        let mechanics = &referee.mechanics;
        let game = &referee.game;
        // A tile dealt to the player (got at a bazaar) is theirs to play.
        let dealt = if chosen_own.is_none() && mechanics.hooks_draw() {
            mechanics.dealt(player, referee.order.is_second(player))
        } else {
            None
        };
        let (tile, own_found) = match chosen_own {
            Some((tile, spots)) => (tile, Some(spots[rng.below(spots.len())])),
            None if let Some(tile) = dealt => (tile, None),
            None => match draw(&mut deck, &mut aside, mechanics, catalog) {
                Some(tile) => (tile, None),
                None => {
                    if exhausted
                        && mechanics.hooks_end()
                        && (0..players).any(|p| holds(&referee, p).is_some())
                    {
                        in_final_round = true;
                        continue;
                    }
                    break;
                }
            },
        };
        let t = &catalog.tiles[tile].tile;
        let fits = |pos: Pos, rot: Rotation| {
            game.placement_problems(tile, pos, rot).is_empty()
                && mechanics
                    .placement_problem(catalog, tile, pos, rot)
                    .is_none()
        };
        let mut found = own_found;
        for _ in 0..48 {
            if found.is_some() {
                break;
            }
            let all = open.all();
            if all.is_empty() {
                break;
            }
            let pos = all[rng.below(all.len())];
            let rot = Rotation::ALL[rng.below(4)];
            if fits(pos, rot) {
                found = Some((pos, rot));
                break;
            }
        }
        if found.is_none() {
            found = match mechanics.only_at(catalog, tile) {
                None => choose(&open, t, &mut rng),
                // A mechanic says where the tile may go (a river tile:
                // where the river flows on).
                Some(at) => {
                    let fitting: Vec<(Pos, Rotation)> = at
                        .into_iter()
                        .flat_map(|p| Rotation::ALL.map(|r| (p, r)))
                        .filter(|&(p, r)| fits(p, r))
                        .collect();
                    (!fitting.is_empty()).then(|| fitting[rng.below(fitting.len())])
                }
            };
        }
        // A tile that fits nowhere as it is may fit with an act laid with
        // it (a bridge carrying a road on); it is placed so now and then.
        // Now and then such a placement is chosen though the tile fits
        // elsewhere too.
        let mut enabling = None;
        if mechanics.may_enable() && (found.is_none() || rng.chance(0.1)) {
            let mut enabled = mechanics.enabled(game, names, player, tile);
            if !enabled.is_empty() && rng.chance(0.5) {
                let (pos, rot, act) = enabled.swap_remove(rng.below(enabled.len()));
                found = Some((pos, rot));
                enabling = Some(act);
            }
        }
        let edited = enabling.is_some();
        let number = turns.len() + 1;
        let nowhere = Span::default();
        let entry = crate::record::Turn {
            number,
            span: nowhere,
            // A final-round turn names its player: a player may let the
            // round pass them by.
            player: (found.is_some() && (extra_turns || in_final_round))
                .then(|| (u32::try_from(player).unwrap_or(u32::MAX), nowhere)),
            action: match found {
                Some((pos, rot)) => Action::Place {
                    placement: Placement::at(tile, pos, rot),
                },
                None => Action::Discard {
                    tile,
                    span: nowhere,
                },
            },
            acts: Acts::default(),
        };
        let hidden = referee.game.hidden();
        let mut seat = Dice {
            rng: &mut rng,
            followers: options.followers,
            tile,
            enabling,
            flight: Vec::new(),
            deck: &mut deck,
            reserve: &mut reserve,
            aside: &mut aside,
            catalog,
        };
        let mut made = Vec::new();
        referee.turn(&entry, &mut seat, true, &mut made);
        debug_assert!(
            referee.findings.is_empty(),
            "{:?}",
            referee.findings.first()
        );
        // A tile put out of the game unseen (under a hill) is the next of
        // the deck.
        for _ in hidden..referee.game.hidden() {
            deck.pop_front();
        }
        let Some((pos, rot)) = found else {
            turns.push(Turn::Discard { tile: t.id.clone() });
            continue;
        };
        if edited {
            // A tile on the board changed its edges (a bridge across it):
            // the open positions are read again.
            open = OpenPositions::default();
            for p in referee.game.placed() {
                open.placed(p.pos, |q, e| referee.game.edge_shown(q, e));
            }
        } else {
            open.placed(pos, |q, e| referee.game.edge_shown(q, e));
        }
        // The figure deployed on the tile is written as the turn's
        // `meeple`; the other acts under their record keys.
        let mut meeple = None;
        let mut figure = None;
        let mut acts = Vec::new();
        for act in made {
            match act {
                Act::Deploy(d) if d.at.is_none() => {
                    meeple = Some(d.location.to_string());
                    figure = (d.figure != Figure::FOLLOWER)
                        .then(|| catalog.figures.name(d.figure).to_string());
                }
                other => acts.push(other),
            }
        }
        turns.push(Turn::Place {
            tile: t.id.clone(),
            at: pos,
            rot,
            meeple,
            figure,
            player: entry.player.map(|_| player),
            acts,
        });
    }
    let words: Vec<String> = catalog
        .figures
        .all()
        .map(|f| catalog.figures.name(f).to_string())
        .collect();
    // The "final" phase: what the mechanics have a finished record state
    // at its top level (followers that leave the City).
    let mut top = crate::record::written::WrittenTop::default();
    referee.mechanics.propose_finish(
        &referee.game,
        &mut top,
        names,
        &|f: Figure| words.get(f.index()).cloned().unwrap_or_default(),
        &mut |n| (n > 0).then(|| rng.below(n)),
    );
    Generated {
        options: options.clone(),
        players,
        scale,
        start: (
            catalog.tiles[start].tile.id.clone(),
            Pos::new(0, 0),
            Rotation::R0,
        ),
        turns,
        declared_final: !exhausted,
        words,
        top,
    }
}
