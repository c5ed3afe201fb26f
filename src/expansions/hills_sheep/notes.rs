//! What the shepherds, the bag and the hills note happened, in words and
//! JSON.

use schemars::JsonSchema;
use serde::Serialize;

use crate::engine::event::{FeatureId, Tale};
use crate::geometry::Pos;

use super::keys::Token;

/// The breakdown's heading over the notes of Hills & Sheep.
pub const HEADING: &str = "the shepherds, the bag and the hills";

/// Why a flock was scored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Why {
    /// Its owner herded it into the stable.
    Score,
    /// No tile can extend its field any more.
    Closed,
}

/// The flock whose points an event gives: its detail, `"flock":
/// {"sheep", "shepherds", "why"}`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Herded {
    /// Its sheep tokens, each 1 to 4 sheep.
    pub sheep: Vec<u8>,
    /// The shepherds on its field.
    pub shepherds: usize,
    /// Why it scored.
    pub why: Why,
}

impl Tale for Herded {
    fn words(&self, _players: &[String], _player: usize) -> String {
        let tokens: Vec<String> = self.sheep.iter().map(ToString::to_string).collect();
        let tokens = if tokens.is_empty() {
            "no sheep".to_string()
        } else {
            format!("tokens of {} sheep", tokens.join(" + "))
        };
        format!(
            "flock: {tokens}, {} shepherd{}",
            self.shepherds,
            if self.shepherds == 1 { "" } else { "s" }
        )
    }

    fn json(&self, _players: &[String]) -> serde_json::Value {
        serde_json::json!({ "flock": {
            "sheep": self.sheep,
            "shepherds": self.shepherds,
            "why": self.why,
        } })
    }

    fn heading(&self) -> &'static str {
        HEADING
    }
}

/// What happened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SheepNote {
    /// The player of the note drew a token for their shepherd at `at`;
    /// a wolf sent the shepherds of its field home (`home`: their owners).
    Drew {
        /// The shepherd's tile.
        at: Pos,
        /// The token.
        token: Token,
        /// Owners of the shepherds the wolf sent home.
        home: Vec<usize>,
    },
    /// A flock was scored: every owner of a shepherd on the field scored
    /// the sheep of all of them.
    Herded {
        /// The field.
        field: FeatureId,
        /// The tokens of all its shepherds.
        sheep: Vec<u8>,
        /// How many shepherds.
        shepherds: usize,
        /// The players who scored.
        players: Vec<usize>,
        /// Why.
        why: Why,
    },
    /// A hill placed: the next tile of the supply went under it.
    Hid {
        /// The hill.
        at: Pos,
    },
}

/// The notes of Hills & Sheep in `carca score --format json`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(tag = "note", rename_all = "snake_case")]
pub enum SheepNoteJson {
    /// The player of the note drew a token for their shepherd.
    FlockDraw {
        /// The shepherd's tile: [x, y].
        at: [i32; 2],
        /// The token: 1 to 4 sheep, or `"wolf"`.
        sheep: serde_json::Value,
        /// With the wolf: the owners of the shepherds it sent home.
        #[serde(skip_serializing_if = "Option::is_none")]
        home: Option<Vec<String>>,
    },
    /// A flock was scored (its points are an event with rule `flock`).
    Flock {
        /// The field.
        feature: String,
        /// What was scored.
        flock: FlockJson,
        /// The players who scored it.
        players: Vec<String>,
    },
    /// A hill hid the next tile of the supply.
    Hill {
        /// The hill's tile: [x, y].
        hill: [i32; 2],
    },
}

/// A flock scored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct FlockJson {
    /// The tokens of all the shepherds on the field.
    pub sheep: Vec<u8>,
    /// How many shepherds stood there.
    pub shepherds: usize,
    /// Why it was scored.
    pub why: Why,
}

/// The JSON Schema of the notes of Hills & Sheep.
pub fn schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
    generator.subschema_for::<SheepNoteJson>()
}

/// Names, joined.
fn names(players: &[String], who: &[usize]) -> Vec<String> {
    who.iter()
        .map(|&p| players.get(p).cloned().unwrap_or_default())
        .collect()
}

impl Tale for SheepNote {
    fn words(&self, players: &[String], player: usize) -> String {
        let who = players.get(player).map_or("", String::as_str);
        match self {
            SheepNote::Drew {
                at,
                token: Token::Wolf,
                home,
            } => format!(
                "{who} draws the wolf for the shepherd at {at}: the field's shepherds go home ({}), their sheep back into the bag",
                names(players, home).join(", "),
            ),
            SheepNote::Drew { at, token, .. } => {
                format!("{who} draws {token} for the shepherd at {at}")
            }
            SheepNote::Herded {
                field,
                sheep,
                shepherds,
                players: scored,
                why,
            } => {
                let total: u32 = sheep.iter().map(|&s| u32::from(s)).sum();
                let how = match why {
                    Why::Score => "herded into the stable",
                    Why::Closed => "scored: the field can grow no more",
                };
                let counted = if sheep.is_empty() {
                    "no sheep".to_string()
                } else {
                    let each: Vec<String> = sheep.iter().map(u8::to_string).collect();
                    format!("{total} sheep ({})", each.join(" + "))
                };
                format!(
                    "the flock of the {field} is {how}: {counted} of {shepherds} shepherd{} for {}",
                    if *shepherds == 1 { "" } else { "s" },
                    names(players, scored).join(" and "),
                )
            }
            SheepNote::Hid { at } => {
                format!("{who} placed a hill at {at}: the next tile of the supply goes under it")
            }
        }
    }

    fn json(&self, players: &[String]) -> serde_json::Value {
        let json = match self {
            SheepNote::Drew { at, token, home } => SheepNoteJson::FlockDraw {
                at: [at.x, at.y],
                sheep: token.written(),
                home: (*token == Token::Wolf).then(|| names(players, home)),
            },
            SheepNote::Herded {
                field,
                sheep,
                shepherds,
                players: scored,
                why,
            } => SheepNoteJson::Flock {
                feature: field.to_string(),
                flock: FlockJson {
                    sheep: sheep.clone(),
                    shepherds: *shepherds,
                    why: *why,
                },
                players: names(players, scored),
            },
            SheepNote::Hid { at } => SheepNoteJson::Hill { hill: [at.x, at.y] },
        };
        serde_json::to_value(json).unwrap_or_default()
    }

    fn heading(&self) -> &'static str {
        HEADING
    }
}
