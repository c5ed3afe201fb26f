//! Traders & Builders: trade goods and the builder's double turn.
//!
//! The expansion's figures are data: the builder and the pig are figures
//! that weigh nothing and go only beside their owner's follower
//! ([`crate::rules::Figure::companion_of`]), the pig's bonus is a
//! `[points]` number that farm scoring adds ([`super::scoring::farms`]),
//! and the goods are built-in modifiers of the `goods` shape. What is left
//! is here: who takes the goods of a completed city and who wins each good
//! at the end ([`Game`]'s goods methods), which road or city a placement
//! extends for its builder, and [`DoubleTurns`], the turn order the
//! builder changes, which the referee consults.

use super::event::{Basis, Event, FeatureId, FeatureName, FeatureReport, Phase, ScoredKind};
use super::features::Node;
use super::game::Game;
use super::scoring;
use crate::rules::Figure;
use crate::tileset::FeatureKind;
use crate::tileset::model::Shape;

impl Game<'_> {
    /// The road or city holding a builder `player` put there on an earlier
    /// turn that placed tile `placed` became part of, if any: the
    /// builder's double turn. Asked before the placement scores anything,
    /// since scoring sends the builder home.
    #[must_use]
    pub fn meets_builder(&self, placed: usize, player: usize) -> Option<FeatureId> {
        let base = self.placed[placed].base;
        let t = self.tile(self.placed[placed].tile);
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

    /// Trade goods (Traders & Builders): the player whose turn completed a
    /// city takes a token for each good symbol in it, whoever holds it.
    pub(super) fn take_goods(&mut self, root: Node, phase: Phase) {
        let Phase::Turn { player, .. } = phase else {
            return;
        };
        let goods: Vec<(usize, u32)> = self
            .features
            .extras(root)
            .iter()
            .map(|&(m, n)| (usize::from(m), n))
            .filter(|&(m, n)| n > 0 && self.rates.get(m).is_some_and(|r| r.shape == Shape::Goods))
            .collect();
        let mut taken = Vec::with_capacity(goods.len());
        for (m, n) in goods {
            self.add_tokens(player, m, n);
            taken.push((self.rates[m].name.clone(), n));
        }
        if taken.is_empty() {
            return;
        }
        let city = self.id_of(ScoredKind::City, root);
        self.events.push(Event {
            phase,
            feature: FeatureReport {
                kind: ScoredKind::Goods,
                name: FeatureName::GoodsOf(city),
                tiles: self.positions(root),
                extras: taken,
                complete: true,
                cities: Vec::new(),
                open_cities: Vec::new(),
            },
            followers: vec![0; self.players],
            strength: vec![0; self.players],
            winners: vec![player],
            points: vec![0; self.players],
            basis: vec![Basis::GoodsTaken],
            others: Vec::new(),
            weighed: Vec::new(),
            tokens: Vec::new(),
        });
    }

    /// Gives a player tokens of a good (taken from a city, or what a
    /// snapshot says they hold).
    pub fn add_tokens(&mut self, player: usize, modifier: usize, n: u32) {
        let mods = self.rates.len();
        if player >= self.players || modifier >= mods {
            return;
        }
        if self.tokens.is_empty() {
            self.tokens = vec![0; self.players * mods];
        }
        let t = &mut self.tokens[player * mods + modifier];
        *t = t.saturating_add(n);
    }

    /// Final scoring of trade goods: for each good, the players with the
    /// most tokens (at least one) score its rate.
    pub(super) fn score_goods(&mut self) {
        if self.tokens.is_empty() {
            return;
        }
        let mods = self.rates.len();
        for m in 0..mods {
            let r = &self.rates[m];
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
                self.scores[w] += i64::from(rate);
            }
            self.events.push(Event {
                phase: Phase::Final,
                feature: FeatureReport {
                    kind: ScoredKind::Goods,
                    name: FeatureName::Good(name.clone()),
                    tiles: Vec::new(),
                    extras: Vec::new(),
                    complete: true,
                    cities: Vec::new(),
                    open_cities: Vec::new(),
                },
                followers: vec![0; self.players],
                strength: vec![0; self.players],
                winners,
                points,
                basis: vec![Basis::GoodsMajority { good: name, rate }],
                others: Vec::new(),
                weighed: Vec::new(),
                tokens,
            });
        }
    }

    /// Whether each player has a pig on a farm.
    pub(super) fn pigs(&self, farm: Node) -> Vec<bool> {
        let mut out = vec![false; self.players];
        for f in self.features.occupants(farm) {
            let fo = &self.followers[f as usize];
            if fo.figure == Figure::PIG {
                out[fo.player] = true;
            }
        }
        out
    }
}

/// The turn order as builders change it: a second turn owed, the player
/// taking one, and whether the last placement was one.
#[derive(Debug, Clone, Default)]
pub struct DoubleTurns {
    /// A second turn owed: the player, and the turn that earned it.
    owed: Option<(usize, usize)>,
    /// The player taking a second turn now (it lasts through discards).
    in_second: Option<usize>,
    /// The last placement's player, and whether it was a second turn.
    prev: Option<(usize, bool)>,
}

/// Why a record's player is not the one whose turn it is, as builders see
/// it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutOfTurn {
    /// The turn was a second turn owed to this player, earned on this turn.
    Skipped {
        /// The player owed it.
        player: usize,
        /// The turn that earned it.
        earned: usize,
    },
    /// The record's player just played and earned no second turn; `third`
    /// when that turn was itself a second turn.
    Unearned {
        /// Whether a second turn would have been a third.
        third: bool,
    },
    /// Anything else: the plain turn order.
    Order,
}

impl DoubleTurns {
    /// What is wrong when the record gives the turn to `got` instead of
    /// `expected`; `builders`: builders are in play.
    #[must_use]
    pub fn out_of_turn(&self, got: usize, builders: bool) -> OutOfTurn {
        match (self.owed, self.prev) {
            (Some((player, earned)), _) => OutOfTurn::Skipped { player, earned },
            (None, Some((last, third))) if builders && last == got => OutOfTurn::Unearned { third },
            _ => OutOfTurn::Order,
        }
    }

    /// Whether `actor`'s turn now is a second turn (so it earns no third).
    /// A player who goes on after a second turn (the record gives them a
    /// third) is still on it.
    #[must_use]
    pub fn is_second(&self, actor: usize) -> bool {
        self.owed.is_some_and(|(o, _)| o == actor)
            || self.in_second == Some(actor)
            || self.prev == Some((actor, true))
    }

    /// Whether `actor` now takes the second turn owed to them.
    #[must_use]
    pub fn takes_owed(&self, actor: usize) -> bool {
        self.owed.is_some_and(|(o, _)| o == actor)
    }

    /// After `actor`'s turn `number`: a discard keeps the turn (and a
    /// second turn stays one); a placement that earned a second turn
    /// (`earned`, and this was not one) keeps it too. Returns the player
    /// whose turn is next, given `n` players.
    pub fn after(
        &mut self,
        actor: usize,
        number: usize,
        discard: bool,
        earned: bool,
        n: usize,
    ) -> usize {
        let second = self.is_second(actor);
        self.owed = None;
        self.in_second = None;
        self.prev = (!discard).then_some((actor, second));
        if discard {
            self.in_second = second.then_some(actor);
            actor
        } else if earned && !second {
            self.owed = Some((actor, number));
            actor
        } else {
            (actor + 1) % n
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_builder_gives_one_more_turn_and_never_a_third() {
        let mut d = DoubleTurns::default();
        // Red (0) earns a second turn on turn 1: red plays again.
        assert_eq!(d.after(0, 1, false, true, 2), 0);
        assert!(d.takes_owed(0) && d.is_second(0));
        // Red's second turn earns again: no third, blue (1) is next.
        assert_eq!(d.after(0, 2, false, true, 2), 1);
        // Red going on anyway is a third turn, not a new earning.
        assert_eq!(d.out_of_turn(0, true), OutOfTurn::Unearned { third: true });
        assert_eq!(d.after(1, 3, false, false, 2), 0);
    }

    #[test]
    fn a_discard_in_a_second_turn_keeps_it_a_second_turn() {
        let mut d = DoubleTurns::default();
        assert_eq!(d.after(0, 1, false, true, 2), 0);
        assert_eq!(d.after(0, 2, true, false, 2), 0);
        assert!(d.is_second(0));
        assert_eq!(d.after(0, 3, false, true, 2), 1);
    }

    #[test]
    fn a_skipped_second_turn_names_who_was_owed_it() {
        let mut d = DoubleTurns::default();
        d.after(1, 4, false, true, 3);
        assert_eq!(
            d.out_of_turn(2, true),
            OutOfTurn::Skipped {
                player: 1,
                earned: 4
            }
        );
        // Without builders in play, a repeated player is a plain order error.
        let mut plain = DoubleTurns::default();
        plain.after(1, 1, false, false, 3);
        assert_eq!(plain.out_of_turn(1, false), OutOfTurn::Order);
    }
}
