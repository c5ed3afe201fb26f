//! The typed JSON of `carca moves`, `compare`, `test` and `tiles check`:
//! the types that write each output also describe it (`carca schema
//! moves|compare|test|tiles-check`), as `score`'s do (`output.rs`), so that
//! outside programs and the page can rely on their shape.

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::Serialize;
use serde::ser::SerializeMap;

use super::output::{DiagnosticJson, UnreadableJson};

/// An object whose keys are names given at run time (rulesets, players),
/// in the order given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Keyed<T>(pub Vec<(String, T)>);

impl<T: Serialize> Serialize for Keyed<T> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            m.serialize_entry(k, v)?;
        }
        m.end()
    }
}

impl<T: JsonSchema> JsonSchema for Keyed<T> {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        format!("Keyed_{}", T::schema_name()).into()
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        let inner = generator.subschema_for::<T>();
        json_schema!({
            "description": "Keyed by names given at run time (rulesets, players), in their order.",
            "type": "object",
            "additionalProperties": inner,
        })
    }
}

/// What `carca moves --format json` prints: the legal placements of a
/// tile at a moment of a record.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields, title = "carca moves")]
pub struct MovesJson {
    /// The record, as named on the command line.
    pub record: String,
    /// The tile asked about.
    pub tile: String,
    /// Turns of the record played before this moment.
    pub turns_played: usize,
    /// The player to move.
    pub player: String,
    /// The final round is on: only a player's own tile (an abbey) may be
    /// placed.
    pub final_round: bool,
    /// The followers the player has in supply that any free spot takes.
    pub figures: Vec<String>,
    /// Every legal placement.
    pub moves: Vec<MoveJson>,
}

/// One legal placement.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct MoveJson {
    /// Where: `[x, y]`.
    pub at: [i32; 2],
    /// How it is turned, in degrees clockwise.
    pub rot: u32,
    /// Where a follower could stand.
    pub followers: Vec<SpotJson>,
    /// Where the player's other figures could stand (a builder, a pig, a
    /// figure for some kinds of feature only).
    pub others: Vec<OtherSpotJson>,
}

/// A spot of a tile.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct SpotJson {
    /// Its location, in board orientation (`N`, `NNE`, `C`, …).
    pub location: String,
    /// The kind of feature: `road`, `city`, `cloister`, `field`.
    pub kind: String,
}

/// A spot where a figure other than a follower could stand.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct OtherSpotJson {
    /// The figure's word.
    pub figure: String,
    /// Its location, in board orientation.
    pub location: String,
    /// The kind of feature.
    pub kind: String,
}

/// What `carca compare --format json` prints: a record scored under
/// several rulesets.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields, title = "carca compare")]
pub struct CompareJson {
    /// The record, as named on the command line.
    pub record: String,
    /// The rulesets, in the order asked; each name once.
    pub rulesets: Vec<String>,
    /// The players, in turn order.
    pub players: Vec<String>,
    /// Totals per ruleset, per player.
    pub totals: Keyed<Keyed<i64>>,
    /// The winners per ruleset.
    pub winners: Keyed<Vec<String>>,
    /// The features that score differently, and why.
    pub differences: Vec<DifferenceJson>,
    /// The diagnostics per ruleset.
    pub diagnostics: Keyed<Vec<DiagnosticJson>>,
}

/// A feature that scores differently under the rulesets.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct DifferenceJson {
    /// The feature, as events name it.
    pub feature: String,
    /// Its points per ruleset, per player.
    pub points: Keyed<Keyed<i64>>,
    /// The ruleset keys that make the difference.
    pub toggles: Vec<String>,
}

/// What `carca tiles check --format json` prints: one result per file.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(title = "carca tiles check")]
pub struct TilesCheckJson(pub Vec<TileSetCheckJson>);

/// The check of one tile-set file.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct TileSetCheckJson {
    /// The file, as named on the command line.
    pub file: String,
    /// `sound`, `defective` (a readable set with defects) or
    /// `unreadable`.
    pub result: CheckResult,
    /// The set's name, when it is sound.
    pub name: Option<String>,
    /// Its tile types, when it is sound.
    pub tile_types: Option<usize>,
    /// Its tiles, when it is sound.
    pub tiles: Option<u64>,
    /// Every problem, or the warnings of a sound set.
    pub diagnostics: Vec<DiagnosticJson>,
}

/// A tile set's verdict.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum CheckResult {
    /// No defect.
    Sound,
    /// A readable set with defects.
    Defective,
    /// The file could not be read as a tile set.
    Unreadable,
}

/// What `carca test --format json` prints (`jsonl`: one record a line).
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields, title = "carca test")]
pub struct TestJson {
    /// Every record tested.
    pub records: Vec<RecordTestJson>,
    /// Records whose every expectation holds.
    pub passed: usize,
    /// Records with an expectation that does not hold, or that could not
    /// be read.
    pub failed: usize,
    /// Records without an `expect:` block.
    pub skipped: usize,
    /// Expectations rewritten (`--update`).
    pub updated: usize,
    /// What was passed over, and why.
    pub notes: Vec<String>,
}

/// One record's expectations.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct RecordTestJson {
    /// The record's file.
    pub file: String,
    /// `passed`, `failed`, `skipped`, or `error` (the record cannot be
    /// read).
    pub result: String,
    /// Each ruleset its `expect:` block names.
    pub rulesets: Vec<RulesetTestJson>,
    /// Notes about the record.
    pub notes: Vec<String>,
    /// The diagnostics of mismatches and of a record that cannot be read.
    pub diagnostics: Vec<DiagnosticJson>,
}

/// One expectation of a record.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct RulesetTestJson {
    /// The ruleset, as the `expect:` block names it.
    pub ruleset: String,
    /// `ok`, `fail`, `updated`, or `error` (the ruleset cannot be loaded).
    pub result: String,
    /// The totals expected, per player.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expected: Option<Keyed<i64>>,
    /// The totals computed, per player.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub computed: Option<Keyed<i64>>,
    /// Rule violations under the ruleset.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub violations: Option<usize>,
}

/// What a command that reads one record prints: its answer, or the short
/// object of a record that could not be read (as `score` prints it).
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum OrUnreadable<T> {
    /// The answer.
    Answer(T),
    /// The record could not be read.
    Unreadable(UnreadableJson),
}

/// The JSON Schema of an output, under its command's title.
fn schema_of<T: JsonSchema>(title: &str) -> serde_json::Value {
    let mut v = serde_json::to_value(schemars::schema_for!(T)).unwrap_or_default();
    if let Some(o) = v.as_object_mut() {
        o.insert("title".into(), title.into());
    }
    v
}

/// The schema of `carca moves --format json`.
#[must_use]
pub fn moves_schema() -> serde_json::Value {
    schema_of::<OrUnreadable<MovesJson>>("carca moves")
}

/// The schema of `carca compare --format json`.
#[must_use]
pub fn compare_schema() -> serde_json::Value {
    schema_of::<OrUnreadable<CompareJson>>("carca compare")
}

/// The schema of `carca tiles check --format json`.
#[must_use]
pub fn tiles_check_schema() -> serde_json::Value {
    schema_of::<TilesCheckJson>("carca tiles check")
}

/// The schema of `carca test --format json`.
#[must_use]
pub fn test_schema() -> serde_json::Value {
    schema_of::<TestJson>("carca test")
}
