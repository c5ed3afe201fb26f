//! Hills & Sheep's rules, broken as a record says, in words.

use crate::engine::violation::{Problem, Wording};
use crate::geometry::Pos;

use super::keys::Token;

/// A rule of the shepherd and the bag a record breaks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SheepProblem {
    /// A flock's entry is due and the record has none.
    Missing {
        /// The player whose entry it is.
        player: String,
        /// The shepherd's tile.
        at: Pos,
        /// Its first draw (the shepherd was placed this turn), else the
        /// choice to grow or score the flock.
        first: bool,
    },
    /// An entry that is not due.
    NotDue {
        /// The player.
        player: String,
        /// The tile it names, if it names one.
        at: Option<Pos>,
    },
    /// `score` for a shepherd placed this turn.
    Score {
        /// The player.
        player: String,
        /// The shepherd's tile.
        at: Pos,
    },
    /// A token the bag no longer holds.
    Bag {
        /// The token.
        token: Token,
    },
    /// A shepherd where it may not go.
    Shepherd {
        /// The player.
        player: String,
        /// Why.
        why: &'static str,
    },
}

impl Problem for SheepProblem {
    fn code(&self) -> &'static str {
        match self {
            SheepProblem::Missing { .. } => "carca::rules::flock-missing",
            SheepProblem::NotDue { .. } => "carca::rules::flock-not-due",
            SheepProblem::Score { .. } => "carca::rules::flock-score",
            SheepProblem::Bag { .. } => "carca::rules::sheep-bag",
            SheepProblem::Shepherd { .. } => "carca::rules::shepherd",
        }
    }

    fn wording(&self) -> Wording {
        let w = Wording::new;
        match self {
            SheepProblem::Missing {
                player,
                at,
                first: true,
            } => w(
                format!("{player} placed a shepherd at {at} and drew no token for it"),
                "a shepherd placed draws its first token at once: `flock: { draw: 1 | 2 | 3 | 4 | wolf }`",
                "no `flock` entry",
            ),
            SheepProblem::Missing { player, at, .. } => w(
                format!(
                    "{player}'s tile extends the field of {player}'s shepherd at {at}, and the record neither grows nor scores its flock"
                ),
                "a tile that extends the field of the player's own shepherd grows its flock (`flock: { draw: TOKEN }`) or herds it into the stable (`flock: { score: true }`)",
                "no `flock` entry",
            ),
            SheepProblem::NotDue { player, at } => w(
                match at {
                    Some(at) => format!("{player} has no flock to tend at {at} on this turn"),
                    None => format!("{player} has no flock to tend on this turn"),
                },
                "a `flock` entry is due when the turn places the player's shepherd, or its tile extends the field of the player's shepherd placed earlier",
                "not due",
            ),
            SheepProblem::Score { player, at } => w(
                format!(
                    "{player}'s shepherd at {at} was placed on this turn: its flock cannot be scored yet"
                ),
                "a shepherd placed this turn draws its first token (`flock: { draw: TOKEN }`); its flock may be scored on a later turn",
                "score on the first turn",
            ),
            SheepProblem::Bag { token } => w(
                format!("the bag holds no token of {token}: all of them lie beside shepherds"),
                "the bag has 4 tokens of 1 sheep, 5 of 2, 5 of 3, 2 of 4 and 2 wolves; a token beside a shepherd is out of it until the flock is scored or eaten",
                "not in the bag",
            ),
            SheepProblem::Shepherd { player, why } => w(
                format!("{player}'s shepherd {why}"),
                "a shepherd goes on a field of the tile just placed that holds no shepherd, as the turn's action",
                "shepherd refused",
            ),
        }
    }
}
