//! The River's rules, broken as a record says, in words.

use crate::engine::violation::{Problem, Wording};
use crate::geometry::Pos;
use crate::text::plural as s;

/// A river rule a placement breaks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RiverViolation {
    /// A non-river tile before the river is done.
    First {
        /// The tile.
        id: String,
        /// River tiles left.
        remaining: u32,
    },
    /// The lake before the other river tiles.
    Last {
        /// The tile.
        id: String,
        /// Other river tiles left.
        remaining: u32,
    },
    /// A river tile that does not continue the river.
    Continue {
        /// The tile.
        id: String,
        /// Where the river goes on, if it still does.
        expected: Option<Pos>,
    },
    /// Two river curves one right after the other turning the same way.
    UTurn {
        /// Both turn right (else left).
        right: bool,
    },
}

impl Problem for RiverViolation {
    fn code(&self) -> &'static str {
        match self {
            RiverViolation::First { .. } => "carca::rules::river_first",
            RiverViolation::Last { .. } => "carca::rules::river_last",
            RiverViolation::Continue { .. } => "carca::rules::river_continue",
            RiverViolation::UTurn { .. } => "carca::rules::river_u_turn",
        }
    }

    fn wording(&self) -> Wording {
        let w = Wording::new;
        match self {
            RiverViolation::First { id, remaining } => w(
                format!(
                    "{id} is placed while {remaining} river tile{} remain; the river is played first",
                    s(*remaining as usize)
                ),
                "all river tiles are placed before any other tile",
                "river not finished",
            ),
            RiverViolation::Last { id, remaining } => w(
                format!(
                    "{id} ends the river, but {remaining} other river tile{} remain",
                    s(*remaining as usize)
                ),
                "the lake is placed after every other river tile",
                "placed too early",
            ),
            RiverViolation::Continue { id, expected } => w(
                format!(
                    "{id} does not continue the river, which goes on at {}",
                    expected.map_or_else(
                        || "no position: the river has ended".into(),
                        |p| p.to_string()
                    )
                ),
                "each river tile is placed where the river flows on, its river joining the river's open end",
                "not at the river's end",
            ),
            RiverViolation::UTurn { right } => {
                let direction = if *right { "right" } else { "left" };
                w(
                    format!("the river turns {direction} twice in a row: a U-turn"),
                    &format!(
                        "right after a {direction} turn the river must run straight or turn the other way; rotate this tile"
                    ),
                    &format!("second {direction} turn"),
                )
            }
        }
    }
}
