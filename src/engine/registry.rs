//! Every mechanic carca plays, listed once: each entry builds its mechanic
//! (or scoring hook) when the sets and ruleset in play need it. The
//! registry sits above the mechanics, which know only the hooks of
//! [`super::mechanic`]; the referee and the generator ask it for a game's
//! mechanics.

use super::mechanic::{Hooks, Mechanic, Mechanics, Scoring, Setup};
use crate::rules::Ruleset;
use crate::tileset::Catalog;

/// Builds a turn mechanic, if the game needs it.
pub type BuildTurn = fn(&Setup<'_>) -> Option<Box<dyn Mechanic>>;
/// Builds a scoring hook, if the game needs it.
pub type BuildScoring = fn(&Catalog, &Ruleset, usize) -> Option<Box<dyn Scoring>>;

/// The turn mechanics, in the order their hooks are asked.
pub const TURN: [BuildTurn; 10] = [
    super::river::mechanic,
    super::traders::builders,
    super::abbey::mechanic,
    super::wagon::mechanic,
    super::barn::mechanic,
    super::tower::mechanic,
    super::princess::mechanic,
    super::fairy::mechanic,
    super::princess::portal,
    super::dragon::mechanic,
];

/// The scoring hooks, in the order they are asked.
pub const SCORING: [BuildScoring; 4] = [
    super::traders::goods,
    super::traders::pigs,
    super::barn::scoring,
    super::fairy::scoring,
];

// Every mechanic of the registry has its bit in a phase's mask.
const _: () = assert!(TURN.len() <= 32);

/// The turn mechanics the sets and ruleset in play need.
#[must_use]
pub fn mechanics(setup: &Setup<'_>) -> Mechanics {
    Mechanics::new(
        setup,
        TURN.iter().filter_map(|build| build(setup)).collect(),
    )
}

/// The scoring hooks the sets and ruleset in play need.
#[must_use]
pub fn scoring_hooks(catalog: &Catalog, rules: &Ruleset, players: usize) -> Hooks {
    Hooks(
        SCORING
            .iter()
            .filter_map(|build| build(catalog, rules, players))
            .collect(),
    )
}
