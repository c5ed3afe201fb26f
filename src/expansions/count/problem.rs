//! The Count of Carcassonne's rules, broken as a record says, in words.

use crate::engine::violation::{Problem, Wording};

/// A rule of the City and the Count a record breaks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CocProblem {
    /// `enter:` refused: the figure stays in supply.
    Enter {
        /// The player.
        player: String,
        /// Why, in words.
        why: String,
    },
    /// A move out of the City refused: the follower stays.
    Leave {
        /// The player (empty for the whole key).
        player: String,
        /// Why, in words.
        why: String,
    },
    /// `count:` refused.
    Count {
        /// Why, in words.
        why: String,
    },
    /// A move out of the City listed before one that comes first in turn
    /// order.
    Order {
        /// The player whose move it is.
        player: String,
        /// The player listed before, who comes later.
        before: String,
    },
}

impl Problem for CocProblem {
    fn code(&self) -> &'static str {
        match self {
            CocProblem::Enter { .. } => "carca::rules::coc_enter",
            CocProblem::Leave { .. } => "carca::rules::coc_leave",
            CocProblem::Count { .. } => "carca::rules::coc_count",
            CocProblem::Order { .. } => "carca::rules::coc_order",
        }
    }

    fn wording(&self) -> Wording {
        let w = Wording::new;
        match self {
            CocProblem::Enter { player, why } => w(
                format!("{player} {why}: the figure stays in supply"),
                "a player who scored nothing on their turn while another player scored puts one follower into a quarter of the City after the scoring (a mayor into the castle only, a wagon never into the market)",
                "enter refused",
            ),
            CocProblem::Leave { player, why } if player.is_empty() => w(
                format!("{why}: no follower leaves the City"),
                "`final_leave` lists the followers that leave the City before the final scoring of a game that has ended",
                "here",
            ),
            CocProblem::Leave { player, why } => w(
                format!("{player} {why}: the follower stays in the City"),
                "before a turn's scoring a follower leaves its quarter for a feature of its kind that the turn completes (castle: city, blacksmith: road, cathedral: cloister, market: a farm a barn scores); never from the Count's quarter",
                "leave refused",
            ),
            CocProblem::Count { why } => w(
                format!("the Count {why}: it stays where the rules put it"),
                "after a follower enters the City the turn's player may move the Count to another quarter (`count_move = \"by-player\"`); under the other `count_move` rules it moves by itself",
                "count refused",
            ),
            CocProblem::Order { player, before } => w(
                format!(
                    "{player}'s move out of the City is listed after {before}'s, who comes later in turn order"
                ),
                "followers leave the City in turn order from the player after the turn's player, ending with the turn's player",
                "out of order",
            ),
        }
    }
}
