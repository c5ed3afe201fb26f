//! What the City and the Count note happened, in words and JSON.

use schemars::JsonSchema;
use serde::Serialize;

use super::Quarter;
use crate::engine::event::Tale;

/// The breakdown's heading over the notes of The Count of Carcassonne.
pub const HEADING: &str = "the City of Carcassonne and the Count";

/// What happened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CocNote {
    /// The player of the note put a follower into a quarter.
    Entered {
        /// The quarter.
        quarter: Quarter,
        /// The figure's word.
        figure: String,
    },
    /// A follower left the City for a feature.
    Left {
        /// Its owner.
        owner: usize,
        /// The quarter it left.
        quarter: Quarter,
        /// The figure's word.
        figure: String,
        /// The feature, by name.
        to: String,
        /// Before the final scoring (else before a turn's scoring).
        at_the_end: bool,
    },
    /// The Count moved.
    Count {
        /// From.
        from: Quarter,
        /// To.
        to: Quarter,
    },
}

/// What kind of move of the City a note is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Coc {
    /// A follower went in.
    Enter,
    /// A follower left before a turn's scoring.
    Leave,
    /// A follower left before the final scoring.
    FinalLeave,
    /// The Count moved.
    Count,
}

/// A note of The Count of Carcassonne in `carca score --format json`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(tag = "note", rename_all = "snake_case")]
pub enum CocNoteJson {
    /// A follower went into the City or left it, or the Count moved.
    Coc {
        /// What moved.
        coc: Coc,
        /// The quarter entered or left; for the Count, the one it left.
        quarter: Quarter,
        /// Where it went: a feature's name, or (the Count) a quarter.
        #[serde(skip_serializing_if = "Option::is_none")]
        to: Option<String>,
        /// The figure, when not a normal follower.
        #[serde(skip_serializing_if = "Option::is_none")]
        figure: Option<String>,
    },
}

impl Serialize for Quarter {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.word())
    }
}

impl JsonSchema for Quarter {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Quarter".into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "A quarter of the City of Carcassonne.",
            "enum": ["castle", "blacksmith", "cathedral", "market"]
        })
    }
}

/// The JSON Schema of the notes of The Count of Carcassonne.
pub fn schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
    generator.subschema_for::<CocNoteJson>()
}

/// A figure's word unless it is a normal follower.
fn special(figure: &str) -> Option<String> {
    (figure != "follower").then(|| {
        if figure == "big follower" {
            "big".to_string()
        } else {
            figure.to_string()
        }
    })
}

impl Tale for CocNote {
    fn words(&self, players: &[String], player: usize) -> String {
        let name = |p: usize| players.get(p).map_or("", String::as_str);
        match self {
            CocNote::Entered { quarter, figure } => {
                format!(
                    "{} puts a {figure} into the {quarter} of the City",
                    name(player)
                )
            }
            CocNote::Left {
                owner,
                quarter,
                figure,
                to,
                at_the_end,
            } => format!(
                "{}'s {figure} leaves the {quarter} for the {to}{}",
                name(*owner),
                if *at_the_end {
                    " before the final scoring"
                } else {
                    ""
                }
            ),
            CocNote::Count { from, to } => {
                format!(
                    "{} moves the Count from the {from} to the {to}",
                    name(player)
                )
            }
        }
    }

    fn json(&self, _players: &[String]) -> serde_json::Value {
        let json = match self {
            CocNote::Entered { quarter, figure } => CocNoteJson::Coc {
                coc: Coc::Enter,
                quarter: *quarter,
                to: None,
                figure: special(figure),
            },
            CocNote::Left {
                quarter,
                figure,
                to,
                at_the_end,
                ..
            } => CocNoteJson::Coc {
                coc: if *at_the_end {
                    Coc::FinalLeave
                } else {
                    Coc::Leave
                },
                quarter: *quarter,
                to: Some(to.clone()),
                figure: special(figure),
            },
            CocNote::Count { from, to } => CocNoteJson::Coc {
                coc: Coc::Count,
                quarter: *from,
                to: Some(to.word().to_string()),
                figure: None,
            },
        };
        serde_json::to_value(json).unwrap_or_default()
    }

    fn heading(&self) -> &'static str {
        HEADING
    }
}
