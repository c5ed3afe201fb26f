//! What the engine is given to play the expansions: the builders of their
//! turn mechanics and scoring hooks. The engine names no expansion; the
//! list of them is `crate::expansions::ALL`, in the layer above, and every
//! caller of the referee ([`super::adjudicate`], [`super::position`]) hands
//! it down. A game played with [`Registry::NONE`] is the base game.

use super::mechanic::{Hooks, Mechanic, Mechanics, Scoring, Setup};
use crate::rules::Ruleset;
use crate::tileset::Catalog;

/// Builds a turn mechanic, if the game needs it.
pub type BuildTurn = fn(&Setup<'_>) -> Option<Box<dyn Mechanic>>;
/// Builds a scoring hook, if the game needs it.
pub type BuildScoring = fn(&Catalog, &Ruleset, usize) -> Option<Box<dyn Scoring>>;

/// The mechanics a game may need, each built only when the sets and
/// ruleset in play need it.
#[derive(Debug, Clone, Copy)]
pub struct Registry {
    /// The turn mechanics, in the order their hooks are asked (at most 32:
    /// every mechanic has its bit in a phase's mask).
    pub turn: &'static [BuildTurn],
    /// The scoring hooks, in the order they are asked.
    pub scoring: &'static [BuildScoring],
    /// The rows they add to a ruleset's tables (their `[points]` numbers
    /// and `[figures]` pieces).
    pub rates: crate::rules::table::Rates,
}

impl Registry {
    /// No mechanic at all: the base game's rules only.
    pub const NONE: Registry = Registry {
        turn: &[],
        scoring: &[],
        rates: &[],
    };

    /// The turn mechanics the sets and ruleset in play need.
    #[must_use]
    pub fn mechanics(&self, setup: &Setup<'_>) -> Mechanics {
        Mechanics::new(
            setup,
            self.turn.iter().filter_map(|build| build(setup)).collect(),
        )
    }

    /// The scoring hooks the sets and ruleset in play need.
    #[must_use]
    pub fn scoring_hooks(&self, catalog: &Catalog, rules: &Ruleset, players: usize) -> Hooks {
        Hooks(
            self.scoring
                .iter()
                .filter_map(|build| build(catalog, rules, players))
                .collect(),
        )
    }
}

#[cfg(test)]
impl Registry {
    /// The mechanics of a two-player game of `catalog` under `rules`, its
    /// default start tile at the origin (for tests).
    pub(crate) fn mechanics_for(&self, catalog: &Catalog, rules: &Ruleset) -> Mechanics {
        let start = catalog.default_start().expect("a start tile");
        self.mechanics(&Setup {
            catalog,
            rules,
            players: 2,
            start: (
                start,
                crate::geometry::Pos::new(0, 0),
                crate::geometry::Rotation::R0,
            ),
        })
    }
}
