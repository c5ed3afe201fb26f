//! The Abbey's final round: after the last land tile, under
//! `end_game_abbey = "final-round"`, players still holding an abbey may
//! place it, once each, clockwise from the player after the one who placed
//! the last tile and ending with that player.
//!
//! (The Abbey's other rule, holes only, is the tile set's `hole_only` flag,
//! which [`crate::engine::Game::placement_problems`] checks for every caller.)

pub mod jcz;

use crate::engine::mechanic::{End, EndProblem, Mechanic, Phases, Setup};
use crate::engine::violation::AfterTheEnd;
use crate::tileset::Catalog;

/// The final round's order and how far it has gone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FinalRound {
    /// Players in the round's order.
    order: Vec<usize>,
    /// The next place in `order` that may still play.
    cursor: usize,
}

/// Why a final-round turn is out of place.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RoundProblem {
    /// Another player was due: the first one still holding an abbey, if any.
    OutOfOrder {
        /// Who was due.
        expected: Option<usize>,
    },
    /// Everyone has played the round or holds no abbey.
    Over,
}

impl FinalRound {
    /// The round after `last` placed the last land tile, among `players`.
    #[must_use]
    pub fn new(last: usize, players: usize) -> FinalRound {
        let n = players.max(1);
        FinalRound {
            order: (1..=n).map(|k| (last + k) % n).collect(),
            cursor: 0,
        }
    }

    /// The players still due who hold an abbey, in order.
    fn due(&self, holds: &dyn Fn(usize) -> bool) -> Vec<usize> {
        self.order[self.cursor.min(self.order.len())..]
            .iter()
            .copied()
            .filter(|&p| holds(p))
            .collect()
    }

    /// Who places the next abbey, if anyone may.
    #[must_use]
    pub fn next(&self, holds: &dyn Fn(usize) -> bool) -> Option<usize> {
        self.due(holds).first().copied()
    }

    /// Takes an abbey turn. `written` is the player the record names, if it
    /// names one. Returns who plays it, and the problem if it is out of
    /// place (the turn is still played, by the written player or by the
    /// last one of the round).
    pub fn take(
        &mut self,
        written: Option<usize>,
        holds: &dyn Fn(usize) -> bool,
    ) -> (usize, Option<RoundProblem>) {
        let due = self.due(holds);
        let last = self.order.last().copied().unwrap_or(0);
        match written {
            Some(p) => {
                let k = self.order.iter().position(|&o| o == p).unwrap_or(0);
                let problem =
                    (k < self.cursor || !due.contains(&p)).then(|| RoundProblem::OutOfOrder {
                        expected: due.first().copied(),
                    });
                self.cursor = self.cursor.max(k + 1);
                (p, problem)
            }
            None => match due.first() {
                Some(&p) => {
                    self.cursor = self.order.iter().position(|&o| o == p).unwrap_or(0) + 1;
                    (p, None)
                }
                None => (last, Some(RoundProblem::Over)),
            },
        }
    }
}

/// The final round as a turn mechanic: built under
/// `end_game_abbey = "final-round"`, it lets each player still holding a
/// tile of their own place it after the last land tile.
#[derive(Debug, Clone, Default)]
struct EndRound {
    /// The round, once it has begun.
    round: Option<FinalRound>,
}

/// The final abbey round, when the ruleset plays one.
#[must_use]
pub fn mechanic(setup: &Setup<'_>) -> Option<Box<dyn Mechanic>> {
    (setup.rules.word("end_game_abbey") == "final-round")
        .then(|| Box::new(EndRound::default()) as Box<dyn Mechanic>)
}

impl Mechanic for EndRound {
    fn boxed(&self) -> Box<dyn Mechanic> {
        Box::new(self.clone())
    }

    fn phases(&self) -> Phases {
        Phases::END
    }

    fn after_the_end(
        &mut self,
        catalog: &Catalog,
        tile: usize,
        written: Option<usize>,
        end: &End,
    ) -> Option<(usize, Option<EndProblem>)> {
        if !catalog.tiles[tile].tile.per_player {
            return None;
        }
        let round = self
            .round
            .get_or_insert_with(|| FinalRound::new(end.last, end.players));
        let holds = |p: usize| end.holds.get(p).copied().unwrap_or(false);
        let (actor, problem) = round.take(written, &holds);
        let problem = problem.map(|p| match p {
            RoundProblem::OutOfOrder { expected } => EndProblem::OutOfOrder { expected },
            RoundProblem::Over => EndProblem::Over,
        });
        Some((actor, problem))
    }

    fn due_after_the_end(&self, end: &End) -> Option<usize> {
        let round = self
            .round
            .clone()
            .unwrap_or_else(|| FinalRound::new(end.last, end.players));
        round.next(&|p: usize| end.holds.get(p).copied().unwrap_or(false))
    }

    fn over_because(&self) -> Option<AfterTheEnd> {
        Some(AfterTheEnd::OnlyOwnTiles)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_round_starts_after_the_last_player_and_ends_with_them() {
        let round = FinalRound::new(1, 3);
        assert_eq!(round.order, [2, 0, 1]);
        assert_eq!(round.next(&|_| true), Some(2));
        assert_eq!(round.next(&|p| p != 2), Some(0));
    }

    #[test]
    fn each_holder_plays_once_and_in_order() {
        let mut round = FinalRound::new(0, 3);
        assert_eq!(round.take(None, &|_| true), (1, None));
        assert_eq!(
            round.take(Some(1), &|_| true),
            (1, Some(RoundProblem::OutOfOrder { expected: Some(2) }))
        );
        assert_eq!(round.take(None, &|_| true), (2, None));
        assert_eq!(round.take(None, &|_| true), (0, None));
        assert_eq!(round.take(None, &|_| true), (0, Some(RoundProblem::Over)));
    }

    #[test]
    fn a_player_without_an_abbey_is_skipped() {
        let mut round = FinalRound::new(0, 3);
        assert_eq!(round.take(None, &|p| p != 1), (2, None));
        assert_eq!(
            round.take(Some(1), &|p| p != 1),
            (1, Some(RoundProblem::OutOfOrder { expected: Some(0) }))
        );
    }
}
