//! The Tower's rules, broken as a record says: why a tower piece, a
//! follower on a tower, a capture or a ransom does not happen, in words.

use crate::diagnostic::Class;
use crate::engine::violation::{Why, Wording};
use crate::geometry::Pos;
use crate::text::or_list;

/// A tower piece, a follower on a tower, a capture or a ransom that does
/// not happen as written: what it describes does not happen.
pub type Refused = crate::engine::violation::Refused<TowerProblem>;

impl Why for TowerProblem {
    fn words(&self, player: &str, act: &str) -> (&'static str, Wording) {
        words(player, act, self)
    }

    fn class(&self) -> Class {
        match self {
            TowerProblem::WhichFollower(_)
            | TowerProblem::WhichExchange(_)
            | TowerProblem::WhichPrisoner(_) => Class::Input,
            _ => Class::Defect,
        }
    }
}

/// Why a tower piece, a follower put on a tower, a capture or a ransom
/// does not happen as the record says (The Tower).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TowerProblem {
    /// No tile lies there.
    NoTile(Pos),
    /// A neutral figure (the dragon) bars the tile to followers.
    Barred {
        /// The tile.
        at: Pos,
        /// The neutral figure's word.
        by: &'static str,
    },
    /// The tile there has no tower foundation.
    NoFoundation(Pos),
    /// A follower stands on that tower: it is closed.
    Closed(Pos),
    /// The player has no tower piece left.
    NoPieces,
    /// A follower goes only on a tower of one piece or more.
    BareFoundation(Pos),
    /// That figure never stands on a tower (only normal and big
    /// followers do).
    NotOnTower(String),
    /// The player has none of that figure left in supply.
    NoneLeft(String),
    /// A capture with no piece put on a tower in the turn.
    NoPiece,
    /// The follower is not in the tower's row or column within its height.
    OutOfReach {
        /// The tower.
        tower: Pos,
        /// Its height, with the new piece.
        height: u32,
    },
    /// No follower that a tower may take stands there (as the record
    /// describes it).
    NoFollower(Pos),
    /// Followers of several players or kinds stand there: `player:` and
    /// `figure:` must say which.
    WhichFollower(Vec<String>),
    /// The captured player holds the capturer's followers of several
    /// kinds: `exchange:` must say which comes back.
    WhichExchange(Vec<String>),
    /// A second ransom in one turn.
    RansomTwice,
    /// The player has fewer points than the ransom.
    TooPoor {
        /// Their points.
        points: i64,
        /// The ransom.
        ransom: i64,
    },
    /// That player holds no follower of the payer's (of that kind).
    NoPrisoner(String),
    /// That player holds the payer's followers of several kinds: `figure:`
    /// must say which.
    WhichPrisoner(Vec<String>),
}

/// The words of a refused tower piece, follower on a tower, capture or
/// ransom.
fn words(player: &str, act: &str, why: &TowerProblem) -> (&'static str, Wording) {
    let (what, code, consequence) = match act {
        "tower" => (
            "the tower piece is not put",
            "carca::rules::tower_piece",
            format!("; it stays in {player}'s supply"),
        ),
        "meeple" => (
            "the follower does not go on the tower",
            "carca::rules::tower_follower",
            format!("; it stays in {player}'s supply"),
        ),
        "towers" => (
            "there is no such tower",
            "carca::rules::tower_piece",
            String::new(),
        ),
        "capture" => (
            "the tower takes nobody",
            "carca::rules::capture",
            String::new(),
        ),
        _ => (
            "the ransom is not paid",
            "carca::rules::ransom",
            String::new(),
        ),
    };
    let list = |v: &[String]| or_list(&v.iter().map(String::as_str).collect::<Vec<_>>());
    let (why, help, label) = match why {
        TowerProblem::NoTile(at) => (
            format!("no tile lies at {at}"),
            "name a placed tile: `at: [x, y]`".to_string(),
            "no tile here".to_string(),
        ),
        TowerProblem::Barred { at, by } => (
            format!("the {by} stands on the tile at {at}"),
            format!("no follower goes on a tower on the {by}'s tile; a tower piece may"),
            format!("the {by}'s tile"),
        ),
        TowerProblem::NoFoundation(at) => (
            format!("the tile at {at} has no tower foundation"),
            "tower pieces and followers on towers go on the tiles of the `tower` set".to_string(),
            "no tower".to_string(),
        ),
        TowerProblem::Closed(at) => (
            format!("a follower stands on the tower at {at}: it is closed"),
            "a tower takes no piece and no follower once a follower stands on it, until a tower takes that follower".to_string(),
            "closed".to_string(),
        ),
        TowerProblem::NoPieces => (
            format!("{player} has no tower piece left"),
            "each player has the tower pieces of `[figures] tower` (by the number of players: 2 → 10, 3 → 9, 4 → 7, 5 → 6, 6 → 5)".to_string(),
            "none left".to_string(),
        ),
        TowerProblem::BareFoundation(at) => (
            format!("the tower at {at} has no piece yet"),
            "a follower goes on a tower of height 1 or more; only pieces go on a bare foundation".to_string(),
            "bare foundation".to_string(),
        ),
        TowerProblem::NotOnTower(figure) => (
            format!("a {figure} never stands on a tower"),
            "only normal and big followers go on top of a tower".to_string(),
            format!("not a place for a {figure}"),
        ),
        TowerProblem::NoneLeft(figure) => (
            format!("{player} has no {figure} left in supply"),
            "figures come back when their feature is scored, a ransom buys one back, or an exchange sends one home".to_string(),
            "none in supply".to_string(),
        ),
        TowerProblem::NoPiece => (
            format!("{player} put no tower piece on a tower in this turn"),
            "a tower takes a follower right after a piece is put on it: `tower: { at }` with `capture:`".to_string(),
            "no piece".to_string(),
        ),
        TowerProblem::OutOfReach { tower, height } => (
            format!("the follower is out of reach of the tower at {tower} (height {height})"),
            format!("a tower of height {height} takes a follower on its own tile or on a tile in its row or column at most {height} away"),
            "out of reach".to_string(),
        ),
        TowerProblem::NoFollower(at) => (
            format!("no follower that a tower may take stands there on the tile at {at}"),
            "a tower takes a normal or big follower, a mayor or a wagon, or a follower on top of a tower (`spot: tower`); builders, pigs and barns are never taken".to_string(),
            "nobody here".to_string(),
        ),
        TowerProblem::WhichFollower(them) => (
            format!("{} stand there: say which one is taken", list(them)),
            "add `player:` (and `figure:`) to `capture:`".to_string(),
            "which one?".to_string(),
        ),
        TowerProblem::WhichExchange(kinds) => (
            format!(
                "the captured player holds {player}'s followers of {} kinds ({}): say which comes back in the exchange",
                kinds.len(),
                kinds.join(", ")
            ),
            "add `exchange: KIND` to `capture:`".to_string(),
            "which one?".to_string(),
        ),
        TowerProblem::RansomTwice => (
            format!("{player} has paid a ransom in this turn already"),
            "a player pays at most one ransom a turn (a builder's second turn is the same turn)".to_string(),
            "a second ransom".to_string(),
        ),
        TowerProblem::TooPoor { points, ransom } => (
            format!("{player} has {points} points, fewer than the ransom of {ransom}"),
            "a player with fewer points than the ransom may not pay it".to_string(),
            "not enough points".to_string(),
        ),
        TowerProblem::NoPrisoner(from) => (
            format!("{from} holds no such follower of {player}'s"),
            "a ransom buys back a follower that a tower took and another player holds".to_string(),
            "no prisoner".to_string(),
        ),
        TowerProblem::WhichPrisoner(kinds) => (
            format!(
                "the player paid holds {player}'s followers of {} kinds ({}): say which comes back",
                kinds.len(),
                kinds.join(", ")
            ),
            "add `figure: KIND` to `ransom:`".to_string(),
            "which one?".to_string(),
        ),
    };
    (
        code,
        Wording {
            message: format!("{what}: {why}{consequence}"),
            help,
            label,
        },
    )
}
