//! The typed JSON of `carca moves`, `compare`, `test` and `tiles check`:
//! the types that write each output also describe it (`carca schema
//! moves|compare|test|tiles-check`), as `score`'s do (`output.rs`), so that
//! outside programs and the page can rely on their shape.

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::Serialize;
use serde::ser::SerializeMap;

pub use super::output::SpotAtJson;
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
    /// What the player may do instead of deploying a figure, wherever the
    /// tile goes (The Tower: a piece on a tower and the followers it may
    /// take then, a follower on top of a tower); left out when nothing.
    /// A placed tile with a tower foundation adds its own, of height 0.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[schemars(default)]
    pub actions: Vec<ActionJson>,
    /// `carca serve`'s `/api/moves` only: the game is over at this moment
    /// (a snapshot never is, since the page still adds tiles to it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ended: Option<bool>,
    /// An act the last turn played stopped while it could go on (the
    /// dragon's flight written in part): who goes on with it and where;
    /// left out when none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub under_way: Option<UnderWayJson>,
    /// What the record owes before this moment's turn can be played, as
    /// notes of the score's breakdown (a bazaar's auction not written:
    /// the tile of the player to move comes from it); left out when
    /// nothing.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[schemars(default)]
    pub owed: Vec<super::output::NoteJson>,
    /// Placements the tile's edges alone do not allow but an act laid with
    /// it does (a bridge carrying a road on), each with that act; left out
    /// when none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[schemars(default)]
    pub enabled: Vec<EnabledJson>,
}

/// A placement an act laid with the tile makes legal: the placement as
/// the tile lies with that act, and the act.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct EnabledJson {
    /// The placement, its spots and choices.
    #[serde(flatten)]
    pub placement: MoveJson,
    /// The act, as a turn of a record writes it (`{"bridge": {"at": [x,
    /// y], "span": "NS"}}`).
    pub with: serde_json::Map<String, serde_json::Value>,
}

/// An act of the last turn played, under way.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct UnderWayJson {
    /// Its record key (`dragon`: the flight).
    pub key: String,
    /// The turn it belongs to (1-based).
    pub turn: usize,
    /// The player whose choice is next (for the flight: whose step).
    pub player: String,
    /// How many parts of it were made (steps taken).
    pub done: usize,
    /// Where it stands: `[x, y]` (the dragon's tile).
    pub from: [i32; 2],
    /// The next choices (for the flight: the tiles the next step may
    /// enter, key `dragon`); the record writes the chosen one at the end
    /// of the act's list.
    pub options: Vec<ActionJson>,
}

/// An action instead of a deployment, or what a placement opens.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct ActionJson {
    /// Its record key: `tower` (a piece), `meeple` (a follower on top,
    /// `{ at, spot: tower }`), `fairy` (the fairy moved beside a follower
    /// at `at`), `princess` (a follower of her city sent home) or `dragon`
    /// (a first step of the flight, onto the tile at `at`).
    pub key: String,
    /// The tower's tile: `[x, y]`.
    pub at: [i32; 2],
    /// The tower's height with the piece (for a follower on top: as it
    /// is).
    pub height: u32,
    /// The followers the piece's tower may take then (`capture:`); for
    /// `princess`, the followers she may send home.
    pub takes: Vec<TakeJson>,
    /// For `fairy`: the spot of the follower it would stand beside (left
    /// out under `fairy_placement = "on-tile"`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub spot: Option<String>,
}

/// A follower a tower may take.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct TakeJson {
    /// Its tile: `[x, y]`.
    pub at: [i32; 2],
    /// Where on it (`tower`: on top of a tower).
    pub spot: String,
    /// Its owner.
    pub player: String,
    /// Which figure.
    pub figure: String,
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
    /// Figures this placement's scoring would send home that may move on
    /// at once (wagons), with where each may go; left out when none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[schemars(default)]
    pub after_scoring: Vec<MoveOnJson>,
    /// Where the turn's follower may go on other tiles (a magic portal:
    /// `meeple: { at, spot }`); left out when nowhere.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[schemars(default)]
    pub elsewhere: Vec<SpotAtJson>,
    /// What this placement opens (the princess's choices, the dragon's
    /// first steps); left out when nothing.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[schemars(default)]
    pub actions: Vec<ActionJson>,
}

/// A figure a placement's scoring sends home, and where it may move on.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct MoveOnJson {
    /// The figure's word (`wagon`).
    pub figure: String,
    /// Its owner.
    pub player: String,
    /// The tile it stood on: `[x, y]`.
    pub from: [i32; 2],
    /// Where it may go, each on its own.
    pub to: Vec<SpotAtJson>,
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
    /// The set's name: a defective set's own `name`, when its file reads
    /// as YAML.
    pub name: Option<String>,
    /// Its tile types: for a defective set, the entries of its `tiles`
    /// list, when the list reads (`null` otherwise).
    pub tile_types: Option<usize>,
    /// Its tiles: for a defective set, the counts its `tiles` list
    /// declares (a `count` left out is 1), when the list reads.
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

/// What `GET /api/rulesets` of `carca serve` answers.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct ServeRulesetsJson {
    /// The built-in rulesets, in the order `carca rules list` gives them.
    pub rulesets: Vec<RulesetNameJson>,
}

/// A built-in ruleset.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct RulesetNameJson {
    /// Its name, for `rules:` and `--rules`.
    pub name: String,
    /// What it is.
    pub description: Option<String>,
}

/// What `GET /api/tilesets` of `carca serve` answers.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct ServeTilesetsJson {
    /// The built-in tile sets.
    pub tilesets: Vec<TilesetTilesJson>,
}

/// A built-in tile set and its tiles.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct TilesetTilesJson {
    /// Its name, for `tilesets:`.
    pub name: String,
    /// Its tiles.
    pub tiles: Vec<TileCountJson>,
}

/// A tile of a set and how many there are.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct TileCountJson {
    /// Its id.
    pub tile: String,
    /// How many the set has (per player, for a player's own tile).
    pub count: u32,
    /// Each player has their own (an abbey).
    pub per_player: bool,
}

/// What `GET /api/initial` of `carca serve` answers: the record named on
/// the command line, or `null`.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct ServeInitialJson {
    /// As named on the command line.
    pub name: String,
    /// Its text (a JCloisterZone save imported).
    pub text: String,
    /// The tile sets and ruleset it names by path, by that name: the page
    /// sends them with the record.
    pub files: std::collections::BTreeMap<String, String>,
    /// Those of them that lie outside the record's folder.
    pub outside: Vec<String>,
}

/// The schema of what `GET /api/rulesets` answers.
#[must_use]
pub fn serve_rulesets_schema() -> serde_json::Value {
    schema_of::<ServeRulesetsJson>("carca serve: GET /api/rulesets")
}

/// The schema of what `GET /api/tilesets` answers.
#[must_use]
pub fn serve_tilesets_schema() -> serde_json::Value {
    schema_of::<ServeTilesetsJson>("carca serve: GET /api/tilesets")
}

/// The schema of what `GET /api/initial` answers.
#[must_use]
pub fn serve_initial_schema() -> serde_json::Value {
    schema_of::<Option<ServeInitialJson>>("carca serve: GET /api/initial")
}

/// The schema of what `POST /api/record` answers: `{"record": ...}`, the
/// record as data, which the record schema describes.
#[must_use]
pub fn serve_record_schema() -> serde_json::Value {
    let mut record = crate::record::schema(
        &crate::expansions::OPTIONS,
        &crate::expansions::RATES,
        crate::expansions::RECORD_KEYS,
    );
    let defs = record
        .as_object_mut()
        .and_then(|o| o.remove("$defs"))
        .unwrap_or_else(|| serde_json::json!({}));
    if let Some(o) = record.as_object_mut() {
        o.remove("$schema");
        o.remove("title");
    }
    serde_json::json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "carca serve: POST /api/record",
        "description": "A record that carca reads, as data: `record` has the keys of a record file.",
        "type": "object",
        "properties": { "record": record },
        "required": ["record"],
        "additionalProperties": false,
        "$defs": defs,
    })
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

/// What `POST /api/position` of `carca serve` answers: the board at a
/// moment of a record, as the page draws it.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct BoardJson {
    /// The players, in turn order, with their colours.
    pub players: Vec<BoardPlayerJson>,
    /// `history` or `snapshot`.
    pub mode: String,
    /// The record's turns (a history), or null.
    pub turns: Option<usize>,
    /// Turns played before this moment.
    pub turns_played: usize,
    /// The player to move.
    pub to_play: Option<String>,
    /// The game is over at this moment.
    pub ended: bool,
    /// The final round is on.
    pub final_round: bool,
    /// The followers the player to move has that any free spot takes.
    pub figures_available: Vec<String>,
    /// The figures of the sets in play, with each player's supply.
    pub figure_kinds: Vec<FigureKindJson>,
    /// Every tile on the board, with its spots.
    pub tiles: Vec<BoardTileJson>,
    /// Every figure on the board.
    pub figures: Vec<BoardFigureJson>,
    /// Figures the record deploys that the rules refused (the whole
    /// record's).
    pub refused: Vec<RefusedFigureJson>,
    /// Positions of placements that broke a rule (the whole record's).
    pub marks: Vec<[i32; 2]>,
    /// Every tile type in play, with how many are left.
    pub palette: Vec<PaletteTileJson>,
    /// The tile sets in play.
    pub sets: Vec<BoardSetJson>,
    /// With `pictures=1`: the SVG of each tile of a set sent with the
    /// record, by id.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pictures: Option<Keyed<String>>,
    /// Stacks of pieces on tiles (towers), with the figure on top.
    pub stacks: Vec<BoardStackJson>,
    /// The record keys of the acts the mechanics in play take on a turn
    /// besides a deployment (`tower`, `capture`, `ransom`, `fairy`,
    /// `princess`, `dragon`; `portal` for a follower sent to another tile),
    /// for the page's controls.
    pub act_keys: Vec<String>,
    /// The acts the page records on the last turn of a history, of the
    /// mechanics in play, in the order its menu lists them.
    pub acts: Vec<PageActJson>,
    /// Figures players hold of one another's (prisoners).
    pub held: Vec<HeldJson>,
    /// Neutral figures on the board (the dragon, the fairy).
    pub neutrals: Vec<NeutralJson>,
    /// What mechanics keep on tiles (a castle, a flock, the Count).
    pub badges: Vec<BadgeJson>,
}

/// Something a mechanic keeps on a tile (a castle, a flock, the Count).
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct BadgeJson {
    /// The tile: `[x, y]`.
    pub at: [i32; 2],
    /// What it says (`castle`, `5 sheep`, `Count: market`).
    pub label: String,
    /// Whose it is, or null.
    pub player: Option<String>,
}

/// A neutral figure on the board.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct NeutralJson {
    /// Its word (`dragon`, `fairy`).
    pub name: String,
    /// The tile it stands on: `[x, y]`.
    pub at: [i32; 2],
    /// The follower it stands beside: its tile, spot and owner, or null.
    pub beside: Option<TakeJson>,
}

/// A stack of pieces on a tile (a tower).
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct BoardStackJson {
    /// The tile: `[x, y]`.
    pub at: [i32; 2],
    /// How many pieces.
    pub height: u32,
    /// The player whose figure stands on top, or null.
    pub player: Option<String>,
    /// That figure's word, or null.
    pub figure: Option<String>,
}

/// An act the page records on the last turn, and what the player clicks
/// to make it.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct PageActJson {
    /// Its name in the figure menu's value (`act:NAME`).
    pub name: String,
    /// The record key it writes on the turn.
    pub writes: String,
    /// The menu's words.
    pub menu: String,
    /// The hint while it is chosen.
    pub hint: String,
    /// What the player clicks: `tile` (`{ at }`), `spot` (`{ at, spot }`),
    /// `player` (`{ FIELD: name }`), `step` (a direction added to a list),
    /// `none` (choosing it in the menu writes its fixed fields), or `form`
    /// (entries of a list, each filled in on a form).
    pub pick: String,
    /// With `spot`: the owner of the figure there is written (`player`).
    pub owner: bool,
    /// With `spot`: the figure there is written (`figure`), when not a
    /// follower.
    pub figure: bool,
    /// With `spot`: a click on a tile whose stack has a figure on top
    /// picks that figure, written at this spot.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub top: Option<String>,
    /// With `player`: the field the name is written under.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
    /// With `step`: the neutral figure that steps.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub neutral: Option<String>,
    /// With `form`: its fields, in order; each entry filled in is added
    /// to the list the act writes (`field` names what the turn list says
    /// of an entry).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub form: Vec<FormFieldJson>,
    /// Fields written with every value: a word, a number or a boolean.
    pub fixed: std::collections::BTreeMap<String, serde_json::Value>,
    /// Whether it takes the turn's `figure` away.
    pub clears_figure: bool,
    /// How the turn list says it, before what it names; empty: not said
    /// apart (a follower's place is said with the turn's figure).
    pub summary: String,
}

impl From<&crate::expansions::PageAct> for PageActJson {
    fn from(a: &crate::expansions::PageAct) -> PageActJson {
        use crate::expansions::PagePick;
        let (pick, owner, figure, top, field, neutral) = match a.pick {
            PagePick::Tile => ("tile", false, false, None, None, None),
            PagePick::Spot { owner, figure, top } => ("spot", owner, figure, top, None, None),
            PagePick::Player { field } => ("player", false, false, None, Some(field), None),
            PagePick::Step { neutral } => ("step", false, false, None, None, Some(neutral)),
            PagePick::Nothing { field } => ("none", false, false, None, Some(field), None),
            PagePick::Form { field, .. } => ("form", false, false, None, Some(field), None),
        };
        let form = match a.pick {
            PagePick::Form { fields, .. } => fields
                .iter()
                .map(|f| FormFieldJson {
                    name: f.name.to_string(),
                    label: f.label.to_string(),
                    kind: f.kind,
                })
                .collect(),
            _ => Vec::new(),
        };
        PageActJson {
            name: a.name.to_string(),
            writes: a.writes.to_string(),
            menu: a.menu.to_string(),
            hint: a.hint.to_string(),
            pick: pick.to_string(),
            owner,
            figure,
            top: top.map(str::to_string),
            field: field.map(str::to_string),
            neutral: neutral.map(str::to_string),
            form,
            fixed: a
                .fixed
                .iter()
                .map(|(k, v)| {
                    // A plain scalar as YAML reads it: `true`, `3`, else a word.
                    let value = serde_json::from_str::<serde_json::Value>(v)
                        .ok()
                        .filter(|j| j.is_boolean() || j.is_number())
                        .unwrap_or_else(|| serde_json::Value::String((*v).to_string()));
                    ((*k).to_string(), value)
                })
                .collect(),
            clears_figure: a.clears_figure,
            summary: a.summary.to_string(),
        }
    }
}

/// A field of a page act's form.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct FormFieldJson {
    /// The key it writes in each entry.
    pub name: String,
    /// Its label on the form.
    pub label: String,
    /// What it holds: `tile` (a tile id, of the tiles left), `player` (a
    /// player's name), `amounts` (a number for each of any of the players,
    /// `{ P: n }`) or `flag` (`true`, or nothing).
    pub kind: crate::expansions::FormKind,
}

/// A figure one player holds of another's.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct HeldJson {
    /// The player who holds it.
    pub by: String,
    /// Its owner.
    pub owner: String,
    /// Which figure.
    pub figure: String,
}

/// A player as the page draws them.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct BoardPlayerJson {
    /// The name.
    pub name: String,
    /// A colour of the Okabe–Ito palette (CSS).
    pub colour: String,
    /// The mark that stands for them where there is no colour.
    pub mark: String,
}

/// A figure of the sets in play.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct FigureKindJson {
    /// Its word.
    pub name: String,
    /// It stands beside its owner's follower.
    pub companion: bool,
    /// The kinds of feature it stands on.
    pub stands: Vec<String>,
    /// It stands on a corner point where four tiles meet (the barn), named
    /// `NE`, `SE`, `SW` or `NW` of a tile, not on a feature.
    pub corner: bool,
    /// A turn's scoring may send it home and the record move it on at
    /// once, under its word as a key (the wagon: `wagon:`).
    pub moves: bool,
    /// Each player's supply under the ruleset.
    pub supply: u32,
}

/// A tile on the board.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct BoardTileJson {
    /// Its id.
    pub tile: String,
    /// Where: `[x, y]`.
    pub at: [i32; 2],
    /// How it is turned, in degrees clockwise.
    pub rot: u32,
    /// The turn that placed it (null: the start tile, a snapshot).
    pub turn: Option<usize>,
    /// Its spots.
    pub spots: Vec<BoardSpotJson>,
    /// It has a tower foundation (The Tower); left out when not.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    #[schemars(default)]
    pub tower: bool,
}

/// A spot of a tile on the board.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct BoardSpotJson {
    /// Its location, in board orientation.
    pub location: String,
    /// The kind of feature.
    pub kind: String,
    /// The feature it belongs to, as events name it.
    pub feature: Option<String>,
    /// Where a figure stands on the tile's square (0 to 100, north up).
    pub point: [f64; 2],
}

/// A figure on the board.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct BoardFigureJson {
    /// Its owner.
    pub player: Option<String>,
    /// The figure's word.
    pub figure: String,
    /// The tile it stands on.
    pub at: [i32; 2],
    /// Its location on that tile.
    pub location: String,
    /// Where it stands on the tile's square.
    pub point: [f64; 2],
}

/// A figure the rules refused.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct RefusedFigureJson {
    /// Its owner.
    pub player: Option<String>,
    /// The tile the record put it on.
    pub at: [i32; 2],
    /// Its location on that tile.
    pub location: String,
    /// Where it would stand on the tile's square.
    pub point: [f64; 2],
}

/// A tile type in play.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct PaletteTileJson {
    /// Its id.
    pub tile: String,
    /// Its set.
    pub set: Option<String>,
    /// How many the set has (per player for a player's own tile).
    pub count: u32,
    /// How many are left to the player to move.
    pub left: u32,
    /// Each player has their own (the abbey).
    pub per_player: bool,
}

/// A tile set in play.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct BoardSetJson {
    /// Its name.
    pub name: String,
    /// A built-in set (its tiles are drawn by the server).
    pub builtin: bool,
}

/// The schema of what `POST /api/position` of `carca serve` answers.
#[must_use]
pub fn board_schema() -> serde_json::Value {
    schema_of::<BoardJson>("carca serve: POST /api/position")
}
