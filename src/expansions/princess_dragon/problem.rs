//! The Princess & the Dragon's rules, broken as a record says: why the
//! dragon, the fairy or the princess does not do what the record says, in
//! words.

use crate::diagnostic::Class;
use crate::engine::violation::{Why, Wording};
use crate::geometry::Pos;
use crate::text::plural as s;

/// An act of The Princess & the Dragon that does not happen as the record
/// says.
pub type Refused = crate::engine::violation::Refused<DragonProblem>;

impl Why for DragonProblem {
    fn words(&self, player: &str, act: &str) -> (&'static str, Wording) {
        words(player, act, self)
    }

    fn class(&self) -> Class {
        match self {
            DragonProblem::WhichFollower(_) => Class::Input,
            _ => Class::Defect,
        }
    }
}

/// Why the dragon, the fairy or the princess does not do what the record
/// says (The Princess & the Dragon).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DragonProblem {
    /// A dragon tile placed before any volcano: it should have been set
    /// aside.
    TileTooEarly(String),
    /// The dragon is not on the board yet (no volcano placed).
    NotInPlay,
    /// `dragon:` on a turn whose tile shows no dragon.
    NoDragonTile,
    /// A step onto a square without a tile.
    StepEmpty(Pos),
    /// A step onto a tile with no landscape (the City of Carcassonne's
    /// inner tiles).
    StepBare(Pos),
    /// A step onto a tile the dragon already visited in this flight.
    StepVisited(Pos),
    /// A step onto the fairy's tile.
    StepFairy(Pos),
    /// A seventh step.
    TooManySteps,
    /// The flight stops at `at` after `steps` steps while it could go on:
    /// the directions it could take.
    StopsEarly {
        /// Where it stopped.
        at: Pos,
        /// Steps made.
        steps: usize,
        /// Where it could go.
        could: Vec<crate::geometry::Edge>,
    },
    /// A figure put on the tile where the dragon stands.
    OnDragonTile(Pos),
    /// No tile lies there.
    NoTile(Pos),
    /// No follower of the player's stands there (as the record names it).
    NoFollower(Pos),
    /// The follower named is another player's.
    NotOwn(String),
    /// The fairy already stands beside that follower (or on that tile).
    Already,
    /// The tile just placed shows no princess.
    NoPrincess,
    /// The follower named is not in the princess's city.
    NotInCity(Pos),
    /// Followers of several players stand there: `player:` must say whose.
    WhichFollower(Vec<String>),
    /// The princess's city holds followers, and the ruleset says one must
    /// go home.
    MustSendHome,
}

/// The words of an act of The Princess & the Dragon that does not happen.
fn words(player: &str, act: &str, why: &DragonProblem) -> (&'static str, Wording) {
    let (what, code) = match (act, why) {
        (
            "dragon",
            DragonProblem::NotInPlay | DragonProblem::NoDragonTile | DragonProblem::NoTile(_),
        ) => ("the steps are ignored", "carca::rules::dragon"),
        ("dragon", DragonProblem::StopsEarly { .. }) => (
            "the dragon stays where the list ends",
            "carca::rules::dragon",
        ),
        ("dragon", _) => ("the dragon stops before that step", "carca::rules::dragon"),
        ("fairy", _) => ("the fairy stays where it was", "carca::rules::fairy"),
        ("princess", _) => ("nobody goes home", "carca::rules::princess"),
        ("tile", _) => ("the dragon does not fly", "carca::rules::dragon_tile"),
        _ => (
            "the figure stays in its owner's supply",
            "carca::rules::dragon_tile",
        ),
    };
    let list = |v: &[String]| v.join(", ");
    let (why, help, label) = match why {
        DragonProblem::TileTooEarly(id) => (
            format!("{id} shows a dragon, and no volcano has been placed yet"),
            "a dragon tile drawn before the first volcano is set aside and drawn again later; the record places it before any volcano".to_string(),
            "before any volcano".to_string(),
        ),
        DragonProblem::NotInPlay => (
            "the dragon is not on the board: no volcano has been placed".to_string(),
            "the first volcano brings the dragon; remove `dragon:` from this turn".to_string(),
            "no dragon yet".to_string(),
        ),
        DragonProblem::NoDragonTile => (
            "the tile of this turn shows no dragon".to_string(),
            "the dragon flies only on a turn that places a dragon tile; remove `dragon:`".to_string(),
            "no dragon tile".to_string(),
        ),
        DragonProblem::StepEmpty(at) => (
            format!("no tile lies at {at}"),
            "each step goes to a tile beside the dragon's, in row or column".to_string(),
            "no tile".to_string(),
        ),
        DragonProblem::StepBare(at) => (
            format!("the tile at {at} shows no landscape: the dragon never enters it"),
            "each step goes to a tile beside the dragon's with a road, city, field or cloister (the City of Carcassonne's two inner tiles have none)".to_string(),
            "no landscape".to_string(),
        ),
        DragonProblem::StepVisited(at) => (
            format!("the dragon has already been at {at} in this flight"),
            "in one flight the dragon never enters a tile twice, nor goes back to the tile it started from".to_string(),
            "visited".to_string(),
        ),
        DragonProblem::StepFairy(at) => (
            format!("the fairy stands at {at}"),
            "the dragon never enters the fairy's tile".to_string(),
            "the fairy's tile".to_string(),
        ),
        DragonProblem::TooManySteps => (
            "the dragon makes at most 6 steps".to_string(),
            "remove the steps after the sixth".to_string(),
            "a seventh step".to_string(),
        ),
        DragonProblem::StopsEarly { at, steps, could } => (
            format!(
                "after {steps} step{} at {at} it could still go {}",
                s(*steps),
                could
                    .iter()
                    .map(|e| e.letter().to_string())
                    .collect::<Vec<_>>()
                    .join(" or ")
            ),
            "the dragon makes 6 steps, fewer only when no step is possible; list every step: `dragon: [E, N, …]`".to_string(),
            "stops early".to_string(),
        ),
        DragonProblem::OnDragonTile(at) => (
            format!("the dragon stands on the tile at {at}"),
            "no figure but a barn is deployed on the dragon's tile".to_string(),
            "the dragon's tile".to_string(),
        ),
        DragonProblem::NoTile(at) => (
            format!("no tile lies at {at}"),
            "name a placed tile: `at: [x, y]`".to_string(),
            "no tile".to_string(),
        ),
        DragonProblem::NoFollower(at) => (
            format!("no such follower stands on the tile at {at}"),
            "name the tile and spot of a follower on the board: `{ at: [x, y], spot: LOC }`".to_string(),
            "nobody here".to_string(),
        ),
        DragonProblem::NotOwn(owner) => (
            format!("that follower is {owner}'s"),
            "the fairy goes beside a follower of the player of the turn".to_string(),
            format!("{owner}'s"),
        ),
        DragonProblem::Already => (
            "the fairy stands there already".to_string(),
            "moving the fairy takes it to another follower (or tile)".to_string(),
            "already there".to_string(),
        ),
        DragonProblem::NoPrincess => (
            "the tile just placed shows no princess".to_string(),
            "the princess sends a follower home only on the turn her tile is placed".to_string(),
            "no princess".to_string(),
        ),
        DragonProblem::NotInCity(at) => (
            format!("the follower at {at} is not in the princess's city"),
            "the princess sends home a follower of the city she stands in, as her tile joins it".to_string(),
            "not her city".to_string(),
        ),
        DragonProblem::WhichFollower(them) => (
            format!("followers of {} stand there", list(them)),
            "add `player:` to say whose follower goes home".to_string(),
            "whose?".to_string(),
        ),
        DragonProblem::MustSendHome => (
            "the princess's city holds followers, and under this ruleset one must go home".to_string(),
            "`princess_action = \"must\"`: add `princess: { player, at, spot }` naming a follower of her city".to_string(),
            "princess unused".to_string(),
        ),
    };
    let message = if player.is_empty() {
        format!("{why}; {what}")
    } else {
        format!("{player}: {why}; {what}")
    };
    (
        code,
        Wording {
            message,
            help,
            label,
        },
    )
}
