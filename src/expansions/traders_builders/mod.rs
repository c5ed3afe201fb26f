//! Traders & Builders: the builder's second turn, trade goods and the
//! pig's bonus.
//!
//! The expansion's figures are data: the builder and the pig are
//! companions in the figure table (`tileset/figure.rs`), and the goods are
//! built-in modifiers of the `goods` shape. What is left is here, as the
//! turn machine's hooks ([`crate::engine::mechanic`]): the builder's mechanic (a
//! drawn tile that extends the road or city of the player's builder earns
//! one more turn, which [`crate::engine::turns::TurnOrder`] gives), the goods'
//! scoring hook (who takes the goods of a completed city, who wins each
//! good at the end) and the pig's (more per city its owner's farm pays).

pub mod art;
pub mod jcz;
pub mod keys;

use crate::engine::event::{
    Basis, Event, FeatureId, FeatureName, FeatureReport, Part, Phase, ScoredKind, Unit,
};
use crate::engine::features::Node;
use crate::engine::game::Game;
use crate::engine::mechanic::{Mechanic, Phases, Placing, Scoring, Setup};
use crate::engine::scoring;
use crate::rules::{Figure, Ruleset};
use crate::tileset::model::Shape;
use crate::tileset::{Catalog, FeatureKind};

/// The word of trade goods' tokens in reports and JSON (`kind: goods`).
const GOODS: &str = "goods";

impl Game<'_> {
    /// The road or city holding a builder `player` put there on an earlier
    /// turn that placed tile `placed` became part of, if any: the
    /// builder's double turn. Asked before the placement scores anything,
    /// since scoring sends the builder home.
    #[must_use]
    pub fn meets_builder(&self, placed: usize, player: usize) -> Option<FeatureId> {
        let base = self.placed[placed].base;
        let t = self.tile(self.placed[placed].tile());
        let roots: Vec<(Node, FeatureKind)> = t
            .features
            .iter()
            .enumerate()
            .filter(|(_, f)| matches!(f.kind, FeatureKind::Road | FeatureKind::City))
            .map(|(i, f)| (self.features.find(base + i as Node), f.kind))
            .collect();
        self.followers
            .iter()
            .filter(|fo| {
                fo.on_board
                    && fo.figure == Figure::BUILDER
                    && fo.player == player
                    && fo.placed != placed
            })
            .find_map(|fo| {
                let root = self.features.find(fo.node);
                let &(_, kind) = roots.iter().find(|(r, _)| *r == root)?;
                let scored = if kind == FeatureKind::Road {
                    ScoredKind::Road
                } else {
                    ScoredKind::City
                };
                Some(self.id_of(scored, root))
            })
    }
}

/// The builder's second turn, as a turn mechanic.
#[derive(Debug, Clone, Copy)]
struct Builders {
    /// Builders each player has: one whose supply holds them all has none
    /// on the board, and earns no second turn.
    each: u32,
}

/// The builder's mechanic, when players have builders.
#[must_use]
pub fn builders(setup: &Setup<'_>) -> Option<Box<dyn Mechanic>> {
    let each = setup
        .rules
        .supply_with(Figure::BUILDER, &setup.catalog.figures);
    (each > 0).then(|| Box::new(Builders { each }) as Box<dyn Mechanic>)
}

impl Mechanic for Builders {
    fn boxed(&self) -> Box<dyn Mechanic> {
        Box::new(*self)
    }

    fn phases(&self) -> Phases {
        Phases::PLACED
    }

    /// A drawn tile (not a player's own) that extends the road or city of
    /// the player's builder earns one more turn, unless this is already a
    /// second turn. Asked before anything scores, since scoring sends the
    /// builder home.
    fn placed(&mut self, game: &mut Game, placing: &Placing) -> Option<FeatureId> {
        if !placing.drawn
            || placing.second
            || game.supply(placing.actor, Figure::BUILDER) >= self.each
        {
            return None;
        }
        game.meets_builder(placing.placed, placing.actor)
    }

    fn gives_extra_turns(&self) -> bool {
        true
    }
}

/// Trade goods as a scoring hook: the tokens each player holds.
#[derive(Debug, Clone)]
struct Goods {
    players: usize,
    /// Modifiers in play.
    mods: usize,
    /// Tokens by player, then modifier: empty until a player first holds
    /// one.
    tokens: Vec<u32>,
}

/// Whether a tile in play carries trade goods: every catalog knows the
/// built-in goods, but only such tiles let a player take any, so a game
/// without them has no goods to score (nor to pay for).
pub(crate) fn goods_in_play(catalog: &Catalog) -> bool {
    catalog
        .modifiers
        .iter()
        .enumerate()
        .any(|(i, m)| m.shape == Shape::Goods && catalog.carries(i))
}

/// Trade goods, when a set in play has goods.
#[must_use]
pub fn goods(catalog: &Catalog, _rules: &Ruleset, players: usize) -> Option<Box<dyn Scoring>> {
    goods_in_play(catalog).then(|| {
        Box::new(Goods {
            players,
            mods: catalog.modifiers.len(),
            tokens: Vec::new(),
        }) as Box<dyn Scoring>
    })
}

impl Scoring for Goods {
    fn boxed(&self) -> Box<dyn Scoring> {
        Box::new(self.clone())
    }

    /// The player whose turn completed a city takes a token for each good
    /// symbol in it, whoever holds it.
    fn completed(&mut self, game: &mut Game, root: Node, phase: Phase) {
        let Phase::Turn { player, .. } = phase else {
            return;
        };
        if game.features.extras(root).is_empty() {
            return;
        }
        let goods: Vec<(usize, u32)> = game
            .features
            .extras(root)
            .iter()
            .map(|&(m, n)| (usize::from(m), n))
            .filter(|&(m, n)| n > 0 && game.rates.get(m).is_some_and(|r| r.shape == Shape::Goods))
            .collect();
        let mut taken = Vec::with_capacity(goods.len());
        for (m, n) in goods {
            self.holding(player, m, n);
            taken.push((game.rates[m].name.clone(), n));
        }
        if taken.is_empty() {
            return;
        }
        let city = game.id_of(ScoredKind::City, root);
        let players = game.players;
        let tiles = game.positions(root);
        game.events.push(Event {
            phase,
            feature: FeatureReport {
                kind: ScoredKind::Tokens(GOODS),
                name: FeatureName::TokensOf(GOODS, city),
                tiles,
                extras: taken,
                complete: true,
                cities: Vec::new(),
                open_cities: Vec::new(),
                landmarks: Vec::new(),
                marked: Vec::new(),
            },
            followers: vec![0; players],
            strength: vec![0; players],
            winners: vec![player],
            points: vec![0; players],
            basis: vec![Basis::Mechanic {
                rule: "goods_taken",
                words: "trade goods go to the player who completed the city, whoever holds it",
                parts: Vec::new(),
            }],
            others: Vec::new(),
            weighed: Vec::new(),
            tokens: Vec::new(),
            taken: Vec::new(),
            detail: None,
        });
    }

    /// Tokens of a good a player takes from a city, or that a snapshot
    /// says they hold.
    fn holding(&mut self, player: usize, modifier: usize, n: u32) {
        if player >= self.players || modifier >= self.mods {
            return;
        }
        if self.tokens.is_empty() {
            self.tokens = vec![0; self.players * self.mods];
        }
        let t = &mut self.tokens[player * self.mods + modifier];
        *t = t.saturating_add(n);
    }

    /// For each good, the players with the most tokens (at least one)
    /// score its rate.
    fn final_scoring(&mut self, game: &mut Game) {
        if self.tokens.is_empty() {
            return;
        }
        let mods = self.mods;
        for m in 0..mods.min(game.rates.len()) {
            let r = &game.rates[m];
            if r.shape != Shape::Goods {
                continue;
            }
            let tokens: Vec<u32> = (0..self.players)
                .map(|p| self.tokens[p * mods + m])
                .collect();
            let winners = scoring::majority(&tokens);
            if winners.is_empty() {
                continue;
            }
            let (name, rate) = (r.name.clone(), r.complete);
            let mut points = vec![0; self.players];
            for &w in &winners {
                points[w] = i64::from(rate);
                game.scores[w] += i64::from(rate);
            }
            game.events.push(Event {
                phase: Phase::Final,
                feature: FeatureReport {
                    kind: ScoredKind::Tokens(GOODS),
                    name: FeatureName::Tokens(name.clone()),
                    tiles: Vec::new(),
                    extras: Vec::new(),
                    complete: true,
                    cities: Vec::new(),
                    open_cities: Vec::new(),
                    landmarks: Vec::new(),
                    marked: Vec::new(),
                },
                followers: vec![0; self.players],
                strength: vec![0; self.players],
                winners,
                points,
                basis: vec![Basis::Mechanic {
                    rule: "goods_majority",
                    words: "the most tokens of a trade good",
                    parts: vec![Part {
                        count: 1,
                        unit: Unit::Modifier(name),
                        rate,
                    }],
                }],
                others: Vec::new(),
                weighed: Vec::new(),
                tokens,
                taken: Vec::new(),
                detail: None,
            });
        }
    }
}

/// The pig's bonus as a scoring hook: `[points] pig` more per city a farm
/// pays its owner.
#[derive(Debug, Clone, Copy)]
struct Pigs {
    rate: u32,
}

/// The pig's bonus, when players have pigs.
#[must_use]
pub fn pigs(catalog: &Catalog, rules: &Ruleset, _players: usize) -> Option<Box<dyn Scoring>> {
    (rules.supply_with(Figure::PIG, &catalog.figures) > 0).then(|| {
        Box::new(Pigs {
            rate: rules.point_by_key("pig").unwrap_or(1),
        }) as Box<dyn Scoring>
    })
}

impl Scoring for Pigs {
    fn boxed(&self) -> Box<dyn Scoring> {
        Box::new(*self)
    }

    fn farm_bonus(&self, game: &Game, farm: Node) -> Option<(Vec<u32>, &'static str)> {
        let mut out = vec![0; game.players];
        let mut any = false;
        for f in game.features.occupants(farm) {
            let fo = &game.followers[f as usize];
            if fo.figure == Figure::PIG {
                out[fo.player] = self.rate;
                any = true;
            }
        }
        any.then_some((out, "pig"))
    }
}
