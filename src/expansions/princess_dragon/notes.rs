//! What the dragon, the fairy and the princess note happened without
//! points, in words and JSON.

use std::fmt::Write as _;

use schemars::JsonSchema;
use serde::Serialize;

use crate::engine::Gone;
use crate::engine::event::Tale;
use crate::expansions::gone::{self, GoneJson};
use crate::geometry::Pos;
use crate::record::location::Location;
use crate::text::figure_word;

/// The breakdown's heading over the notes of The Princess & the Dragon
/// (the princess's included).
pub const HEADING: &str = "the dragon, the fairy and the princess";

/// One step of the dragon's flight: where to, who moved it (the player
/// whose step it was), and what it ate there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// The tile it entered.
    pub to: Pos,
    /// The player who made the step.
    pub by: usize,
    /// The figures it ate there (and those that went home with them).
    pub ate: Vec<Gone>,
}

/// What the dragon, the fairy or the princess did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DragonNote {
    /// The dragon came onto a volcano just placed.
    Arrived {
        /// The volcano's tile.
        at: Pos,
    },
    /// The dragon flew after a dragon tile: where from, and each step.
    Flew {
        /// The tile it started from.
        from: Pos,
        /// Its steps, in order.
        steps: Vec<Step>,
        /// It could not go on where it stopped (a dead end).
        stuck: bool,
        /// A step the record lists was refused, and the dragon stopped
        /// before it.
        refused: bool,
    },
    /// The fairy moved: beside a follower of the player of the note (its
    /// word and spot), or onto a tile.
    FairyMoved {
        /// The tile.
        at: Pos,
        /// The follower's word and spot, when it stands beside one.
        beside: Option<(String, Location)>,
    },
    /// The princess sent a follower of her city home (and the figures
    /// that went with it).
    SentHome {
        /// The tile it stood on.
        at: Pos,
        /// The figures that went home.
        gone: Vec<Gone>,
    },
}

/// The dragon's, the fairy's and the princess's notes in `carca score --format json`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(tag = "note", rename_all = "snake_case")]
pub enum DragonNoteJson {
    /// The dragon came onto a volcano the player of the note placed.
    DragonArrived {
        /// The volcano's tile: [x, y].
        at: [i32; 2],
    },
    /// The dragon flew after a dragon tile.
    DragonFlew {
        /// The tile it started from: [x, y].
        from: [i32; 2],
        /// Its steps, in order.
        steps: Vec<StepJson>,
        /// It could not go on where it stopped before its sixth step (a
        /// dead end).
        stuck: bool,
        /// A step the record lists was refused (see the diagnostics), and
        /// the dragon stopped before it.
        refused: bool,
    },
    /// The player of the note moved the fairy.
    FairyMoved {
        /// The tile: [x, y].
        at: [i32; 2],
        /// The follower it stands beside (the player's): its word and
        /// spot, or null when it stands on the tile.
        beside: Option<FigureAtJson>,
    },
    /// The princess of the player of the note's tile sent a follower home.
    SentHome {
        /// The tile it stood on: [x, y].
        at: [i32; 2],
        /// The figures that went home (the follower first).
        gone: Vec<GoneJson>,
    },
}

/// One step of the dragon's flight.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct StepJson {
    /// The tile it entered: [x, y].
    pub to: [i32; 2],
    /// The player who made the step.
    pub by: String,
    /// The figures it ate there.
    pub ate: Vec<GoneJson>,
}

/// A figure by its word and spot.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct FigureAtJson {
    /// Its word.
    pub figure: String,
    /// Where it stands on its tile.
    pub spot: String,
}

/// The JSON Schema of the dragon's, the fairy's and the princess's notes.
pub fn schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
    generator.subschema_for::<DragonNoteJson>()
}

impl Tale for DragonNote {
    fn words(&self, players: &[String], player: usize) -> String {
        let who = &players[player];
        match self {
            DragonNote::Arrived { at } => {
                format!("{who} placed a volcano at {at}: the dragon moves there")
            }
            DragonNote::Flew {
                from,
                steps,
                stuck: true,
                ..
            } if steps.is_empty() => {
                format!("the dragon at {from} cannot move: no step is possible")
            }
            DragonNote::Flew {
                from,
                steps,
                refused: true,
                ..
            } if steps.is_empty() => format!(
                "the dragon stays at {from}: the record's first step is refused (see the diagnostics)"
            ),
            DragonNote::Flew { from, steps, .. } if steps.is_empty() => {
                format!("the dragon stays at {from}: the record lists no step")
            }
            DragonNote::Flew {
                from,
                steps,
                stuck,
                refused,
            } => {
                let mut out = format!("the dragon flies from {from}:");
                for (k, step) in steps.iter().enumerate() {
                    let _ = write!(out, " {}. {} to {}", k + 1, players[step.by], step.to);
                    if !step.ate.is_empty() {
                        let _ = write!(out, ", eats {}", gone::words(players, &step.ate));
                    }
                    out.push(';');
                }
                out.pop();
                if *refused {
                    out.push_str("; the record's next step is refused (see the diagnostics)");
                } else if *stuck {
                    out.push_str(" (a dead end)");
                }
                out
            }
            DragonNote::FairyMoved { at, beside } => match beside {
                Some((figure, spot)) => format!(
                    "{who} moved the fairy beside {who}'s {} at {at} {spot}",
                    figure_word(figure)
                ),
                None => format!("{who} moved the fairy to the tile at {at}"),
            },
            DragonNote::SentHome { at, gone } => format!(
                "{who}'s princess sent home from {at}: {}",
                gone::words(players, gone)
            ),
        }
    }

    fn json(&self, players: &[String]) -> serde_json::Value {
        let json = match self {
            DragonNote::Arrived { at } => DragonNoteJson::DragonArrived { at: [at.x, at.y] },
            DragonNote::Flew {
                from,
                steps,
                stuck,
                refused,
            } => DragonNoteJson::DragonFlew {
                from: [from.x, from.y],
                stuck: *stuck,
                refused: *refused,
                steps: steps
                    .iter()
                    .map(|s| StepJson {
                        to: [s.to.x, s.to.y],
                        by: players[s.by].clone(),
                        ate: gone::json(players, &s.ate),
                    })
                    .collect(),
            },
            DragonNote::FairyMoved { at, beside } => DragonNoteJson::FairyMoved {
                at: [at.x, at.y],
                beside: beside.as_ref().map(|(figure, spot)| FigureAtJson {
                    figure: figure.clone(),
                    spot: spot.to_string(),
                }),
            },
            DragonNote::SentHome { at, gone } => DragonNoteJson::SentHome {
                at: [at.x, at.y],
                gone: gone::json(players, gone),
            },
        };
        serde_json::to_value(json).unwrap_or_default()
    }

    fn heading(&self) -> &'static str {
        HEADING
    }

    fn gone_at(&mut self, at: Pos) -> Option<&mut Vec<Gone>> {
        match self {
            DragonNote::Flew { steps, .. } => {
                steps.iter_mut().find(|s| s.to == at).map(|s| &mut s.ate)
            }
            DragonNote::SentHome { at: there, gone } if *there == at => Some(gone),
            _ => None,
        }
    }
}
