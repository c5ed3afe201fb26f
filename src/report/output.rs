//! The JSON that `carca score --format json` prints, as typed structs.
//!
//! The output is these structs serialized, and `carca schema score` is
//! their JSON Schema, so the two cannot drift apart; the test suite checks
//! every fixture's output against the schema. Field order is the order
//! written here.

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::Serialize;
use serde::ser::SerializeMap;

use crate::diagnostic::{Class, Finding};
use crate::engine::event::{Basis, Nothing, Unit};
use crate::engine::{Adjudication, Event, Note, NoteKind, Phase};
use crate::expansions::gone::{self, GoneJson};
use crate::rules::FarmScoring;
use crate::rules::Ruleset;
use crate::rules::table::{GROUPS, Group};
use crate::text;
use crate::tileset::FigureTable;
use serde_json::{Map, Value};

/// Numbers by player name, in the players' order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PerPlayer(pub Vec<(String, i64)>);

impl Serialize for PerPlayer {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            m.serialize_entry(k, v)?;
        }
        m.end()
    }
}

impl JsonSchema for PerPlayer {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "PerPlayer".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "A number per player, keyed by the player's name, in turn order.",
            "type": "object",
            "additionalProperties": { "type": "integer" }
        })
    }
}

impl PerPlayer {
    fn of(players: &[String], values: impl Iterator<Item = (usize, i64)>) -> PerPlayer {
        PerPlayer(values.map(|(i, v)| (players[i].clone(), v)).collect())
    }
}

/// The ruleset a record was scored under: every key of the ruleset tables
/// (docs/rulesets.md), with `[points]` and `[figures]` as objects.
#[derive(Debug, Clone, PartialEq)]
pub struct RulesetJson(pub serde_json::Value);

impl Serialize for RulesetJson {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(s)
    }
}

impl JsonSchema for RulesetJson {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Ruleset".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        // The same tables that define ruleset files, with every key given.
        let mut file =
            crate::rules::schema_with(&crate::expansions::OPTIONS, &crate::expansions::RATES);
        let obj = file.as_object_mut();
        let mut properties = obj
            .and_then(|o| o.get("properties").cloned())
            .unwrap_or_default();
        if let Some(p) = properties.as_object_mut() {
            p.remove("extends");
            p.insert("name".into(), serde_json::json!({ "type": "string" }));
            // The rates of declared modifiers appear in `points` too.
            if let Some(points) = p.get_mut("points").and_then(|v| v.as_object_mut()) {
                points.insert(
                    "additionalProperties".into(),
                    serde_json::json!({ "type": "integer", "minimum": 0 }),
                );
            }
        }
        let required: Vec<String> = properties
            .as_object()
            .map(|p| p.keys().cloned().collect())
            .unwrap_or_default();
        json_schema!({
            "description": "The ruleset used, every key given.",
            "type": "object",
            "properties": properties,
            "required": required,
        })
    }
}

/// When an event happened.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum PhaseJson {
    /// During a turn.
    Turn,
    /// At final scoring.
    Final,
}

/// A scored feature. Keys beyond those listed are the names of the
/// landmarks a farm counts among its completed cities, each `true`, and
/// the words of the cities a mechanic made into something that pays a
/// farm more, each with how many (`"castles": 1`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
#[schemars(extend("additionalProperties" = {"anyOf": [{"type": "boolean", "const": true}, {"type": "integer", "minimum": 1}]}))]
pub struct FeatureJson {
    /// `road`, `city`, `cloister`, `farm` or `goods`.
    pub kind: &'static str,
    /// Its stable name: kind, first tile and location there.
    pub name: String,
    /// Its tiles, `[x, y]`, sorted.
    pub tiles: Vec<[i32; 2]>,
    /// Pennants (cities).
    pub pennants: u32,
    /// Complete when scored.
    pub complete: bool,
    /// Completed cities a farm touches.
    pub cities: Vec<String>,
    /// Unfinished cities a farm touches (they score nothing for it).
    pub open_cities: Vec<String>,
    /// For each landmark among the completed cities a farm touches, its
    /// name with `true` (`"city_of_carcassonne": true`); none otherwise.
    #[serde(flatten)]
    pub landmarks: std::collections::BTreeMap<String, bool>,
    /// For each kind of city a mechanic made into something that pays a
    /// farm more (a castle), its word with how many the farm touches.
    #[serde(flatten)]
    pub marked: std::collections::BTreeMap<&'static str, u32>,
    /// Modifiers other than pennants it carries, with their counts
    /// (`{"inn": 1}`); left out when there are none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub extras: Option<std::collections::BTreeMap<String, u32>>,
}

/// So many of something at a rate.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct PartJson {
    /// How many.
    pub count: u32,
    /// Of what: `tile`, `completed_city`, `pig` (per city, for a farm
    /// that holds the player's pig) or a modifier's name.
    pub of: String,
    /// Points each.
    pub rate: u32,
}

/// One award of an event: which rule, and the parts the points are made of
/// (points = Σ count × rate).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(untagged)]
#[schemars(deny_unknown_fields)]
pub enum AwardJson {
    /// A road or city scored by its rates.
    Rated {
        /// `complete`, `unfinished` or `small_city`.
        rule: &'static str,
        /// The modifier that set the rates (an inn, a cathedral), or null.
        present: Option<String>,
        /// Tiles, then counted modifiers.
        parts: Vec<PartJson>,
    },
    /// An unfinished feature that scores nothing.
    Nothing {
        /// `nothing`.
        rule: &'static str,
        /// `incomplete_features`, or the modifier whose unfinished rate is 0.
        because: String,
    },
    /// A farm under the second or third edition.
    Farm {
        /// `second_edition` or `third_edition`.
        rule: &'static str,
        /// The completed cities paid for.
        parts: Vec<PartJson>,
        /// Cities already paid to this player through another farm.
        already_paid: u32,
    },
    /// First edition: a completed city pays the farmers around it.
    FarmsAround {
        /// `first_edition`.
        rule: &'static str,
        /// The city's pay.
        parts: Vec<PartJson>,
        /// The farms around the city.
        supplied_by: Vec<String>,
    },
    /// A cloister, a first-edition farm that supplies no city, trade
    /// goods, or a mechanic's own rule (the barn's).
    Plain {
        /// `complete`, `unfinished`, `first_edition`, `goods_taken`,
        /// `goods_majority`, or a mechanic's rule: `barn_placed`,
        /// `barn_connected`, `barn`.
        rule: &'static str,
        /// The tiles of the cloister's 3×3, a good's majority, or none.
        parts: Vec<PartJson>,
    },
}

/// Parts as JSON: so many of what, at a rate.
fn parts_json(parts: &[crate::engine::event::Part]) -> Vec<PartJson> {
    parts
        .iter()
        .map(|p| PartJson {
            count: p.count,
            of: match &p.unit {
                Unit::Tile => "tile",
                Unit::Modifier(m) => m.as_str(),
                // A word that gives its own plural (`sheep/sheep`): the word.
                Unit::Named(w) => w.split('/').next().unwrap_or(w),
            }
            .to_string(),
            rate: p.rate,
        })
        .collect()
}

impl AwardJson {
    fn of(b: &Basis) -> AwardJson {
        let part = |count, of: &str, rate| PartJson {
            count,
            of: of.to_string(),
            rate,
        };
        match b {
            Basis::Rated {
                complete,
                small_city,
                present,
                parts,
                ..
            } => AwardJson::Rated {
                rule: if *small_city {
                    "small_city"
                } else if *complete {
                    "complete"
                } else {
                    "unfinished"
                },
                present: present.clone(),
                parts: parts_json(parts),
            },
            Basis::Nothing { why, .. } => AwardJson::Nothing {
                rule: "nothing",
                because: match why {
                    Nothing::IncompleteNone => "incomplete_features".to_string(),
                    Nothing::Modifier(m) => m.clone(),
                },
            },
            Basis::Cloister { around, rate } => AwardJson::Plain {
                rule: if *around >= 8 {
                    "complete"
                } else {
                    "unfinished"
                },
                parts: vec![part(1 + around, "tile", *rate)],
            },
            Basis::Farm {
                edition,
                cities,
                rate,
                already,
                bonus,
            } => AwardJson::Farm {
                rule: match edition {
                    FarmScoring::Second => "second_edition",
                    _ => "third_edition",
                },
                parts: std::iter::once(part(*cities, "completed_city", *rate))
                    .chain((bonus.rate > 0).then(|| part(*cities, bonus.word, bonus.rate)))
                    .collect(),
                already_paid: *already,
            },
            Basis::FarmsAround {
                rate,
                suppliers,
                bonus,
            } => AwardJson::FarmsAround {
                rule: "first_edition",
                parts: std::iter::once(part(1, "completed_city", *rate))
                    .chain((bonus.rate > 0).then(|| part(1, bonus.word, bonus.rate)))
                    .collect(),
                supplied_by: super::names::each(suppliers),
            },
            Basis::FarmSuppliesNone => AwardJson::Plain {
                rule: "first_edition",
                parts: Vec::new(),
            },
            Basis::Mechanic { rule, parts, .. } => AwardJson::Plain {
                rule,
                parts: parts_json(parts),
            },
        }
    }
}

/// One scoring.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct EventJson {
    /// During a turn or at final scoring.
    pub phase: PhaseJson,
    /// The turn (1-based entry of `turns`), or null at final scoring.
    pub turn: Option<usize>,
    /// Whose turn it was, or null at final scoring.
    pub player: Option<String>,
    /// What was scored.
    pub feature: FeatureJson,
    /// Followers on it, per player that has any.
    pub followers: PerPlayer,
    /// Players with the majority.
    pub winners: Vec<String>,
    /// Points, per winner.
    pub points: PerPlayer,
    /// The rule, in words.
    pub rule: String,
    /// The rule as data, one entry per distinct award.
    pub award: Vec<AwardJson>,
    /// What the followers weigh in the majority, when a big follower makes
    /// it differ from `followers`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub strength: Option<PerPlayer>,
    /// Figures on it that are not followers (a builder, a pig), which count
    /// for no majority; left out when there are none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[schemars(default)]
    pub others: Vec<OtherFigureJson>,
    /// Trade-good tokens per player that holds any, for a good's majority
    /// at the end; left out for other events.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tokens: Option<PerPlayer>,
    /// Followers taken off it before it was scored (captured by a tower,
    /// eaten by the dragon, sent home by the princess), each occurrence:
    /// why a feature that held followers scores for nobody; left out when
    /// there are none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[schemars(default)]
    pub taken: Vec<OtherFigureJson>,
    /// What the expansion that made the event says of it beyond points,
    /// each under its own key (`bazaar`: the tile and the price paid;
    /// `castle`: the castle that scored).
    #[serde(flatten)]
    #[schemars(with = "DetailJson")]
    pub detail: serde_json::Map<String, serde_json::Value>,
}

/// The schema of an event's detail: fields an expansion adds, each an
/// object under the expansion's own key.
type DetailJson = std::collections::BTreeMap<String, serde_json::Map<String, serde_json::Value>>;

/// A figure and its owner: a companion on a scored feature (a builder, a
/// pig, or a companion a tile set declares), or a follower taken off it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct OtherFigureJson {
    /// Its owner.
    pub player: String,
    /// The figure's word: `builder`, `pig`, or a declared figure's name.
    pub figure: String,
}

impl EventJson {
    /// The JSON of an event.
    #[must_use]
    pub fn of(players: &[String], figures: &FigureTable, e: &Event) -> EventJson {
        let (phase, turn, player) = match e.phase {
            Phase::Turn { number, player } => {
                (PhaseJson::Turn, Some(number), Some(players[player].clone()))
            }
            Phase::Final => (PhaseJson::Final, None, None),
        };
        let f = &e.feature;
        let others: std::collections::BTreeMap<String, u32> = f
            .extras
            .iter()
            .filter(|(name, _)| name != crate::tileset::model::PENNANT)
            .cloned()
            .collect();
        let counts = |v: &[u32]| {
            PerPlayer::of(
                players,
                v.iter()
                    .enumerate()
                    .filter(|(_, n)| **n > 0)
                    .map(|(i, n)| (i, i64::from(*n))),
            )
        };
        EventJson {
            phase,
            turn,
            player,
            feature: FeatureJson {
                kind: f.kind.word(),
                name: f.name.to_string(),
                tiles: f.tiles.iter().map(|p| [p.x, p.y]).collect(),
                pennants: f.pennants(),
                complete: f.complete,
                cities: super::names::each(&f.cities),
                open_cities: super::names::each(&f.open_cities),
                landmarks: f.landmarks.iter().map(|n| (n.clone(), true)).collect(),
                marked: f.marked.iter().copied().collect(),
                extras: (!others.is_empty()).then_some(others),
            },
            followers: counts(&e.followers),
            winners: e.winners.iter().map(|&w| players[w].clone()).collect(),
            // The winners' points, and what a payment took from others.
            points: PerPlayer::of(
                players,
                e.points
                    .iter()
                    .enumerate()
                    .filter_map(|(p, &n)| (e.winners.contains(&p) || n < 0).then_some((p, n))),
            ),
            rule: super::award::rule(&e.basis),
            award: e.basis.iter().map(AwardJson::of).collect(),
            strength: (e.strength != e.followers).then(|| counts(&e.strength)),
            others: e
                .others
                .iter()
                .map(|&(p, f)| OtherFigureJson {
                    player: players[p].clone(),
                    figure: figures.name(f).to_string(),
                })
                .collect(),
            tokens: (!e.tokens.is_empty()).then(|| counts(&e.tokens)),
            taken: e
                .taken
                .iter()
                .map(|&(p, f)| OtherFigureJson {
                    player: players[p].clone(),
                    figure: figures.name(f).to_string(),
                })
                .collect(),
            detail: match e.detail.as_ref().map(|d| d.tale().json(players)) {
                Some(serde_json::Value::Object(fields)) => fields,
                _ => serde_json::Map::new(),
            },
        }
    }
}

/// How a diagnostic is to be taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum ClassJson {
    /// A file that cannot be read as it is (exit 2).
    Input,
    /// A rule the record breaks, or a claim that does not hold (exit 1).
    Violation,
    /// Worth knowing; the verdict stands (exit 0).
    Warning,
}

/// One diagnostic.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct DiagnosticJson {
    /// Its code, like `carca::rules::edge_mismatch`.
    pub code: String,
    /// Input error, rule violation or warning.
    pub class: ClassJson,
    /// What is wrong.
    pub message: String,
    /// The file it points into, if any.
    pub file: Option<String>,
    /// The line (1-based), if it points at one.
    pub line: Option<usize>,
    /// The column (1-based), if it points at one.
    pub column: Option<usize>,
    /// How to fix it.
    pub help: Option<String>,
}

impl DiagnosticJson {
    /// The JSON of a finding.
    #[must_use]
    pub fn of(f: &Finding) -> DiagnosticJson {
        let (line, column) = f.line_col().unzip();
        DiagnosticJson {
            code: f.code_string(),
            class: match f.class() {
                Class::Warning => ClassJson::Warning,
                Class::Defect => ClassJson::Violation,
                Class::Input => ClassJson::Input,
            },
            message: f.to_string(),
            file: f.source().map(|s| s.name().to_string()),
            line,
            column,
            help: f.help_string(),
        }
    }
}

/// What final scoring would add to a game in progress.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct PreviewJson {
    /// The events of final scoring.
    pub events: Vec<EventJson>,
    /// The totals then.
    pub totals: PerPlayer,
}

/// A second turn a builder earned.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct DoubleTurnJson {
    /// The turn whose tile extended the road or city with the builder.
    pub earned: usize,
    /// The player.
    pub player: String,
    /// The road or city that holds the builder.
    pub feature: String,
    /// The entry of `turns` that took the second turn, or null when the
    /// record has none there for the player.
    pub taken: Option<usize>,
}

/// Something that happened without points.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct NoteJson {
    /// The turn (entry of `turns`) it happened on; 0: at the end, before
    /// the final scoring.
    pub turn: usize,
    /// The player it happened to.
    pub player: String,
    /// What happened, by kind.
    #[serde(flatten)]
    pub what: NoteWhat,
    /// In words, as the text report says it.
    pub text: String,
}

/// What a note says happened.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(tag = "note", rename_all = "snake_case")]
pub enum NoteWhat {
    /// One more turn earned at once (the builder's second turn).
    SecondTurn {
        /// The road or city that earned it.
        feature: String,
        /// The entry of `turns` that took it, or null.
        taken: Option<usize>,
    },
    /// A figure that the turn's scoring sent home moved on at once (the
    /// wagon).
    Moved {
        /// The figure's word.
        figure: String,
        /// The tile it stood on: [x, y].
        from: [i32; 2],
        /// The tile it stands on now: [x, y].
        at: [i32; 2],
        /// Where on that tile (board orientation).
        spot: String,
        /// The feature it joined.
        feature: String,
    },
    /// A figure that the turn's scoring sent home stayed in its owner's
    /// supply.
    Stayed {
        /// The figure's word.
        figure: String,
        /// The tile it stood on: [x, y].
        from: [i32; 2],
        /// It had somewhere to go (the record moves it nowhere); false: it
        /// had nowhere to go.
        could: bool,
        /// Where it could have gone (empty when nowhere): tiles and spots,
        /// north to south.
        to: Vec<SpotAtJson>,
    },
    /// Figures went home from a tile that a mechanic cleared without
    /// noting them otherwise.
    WentHome {
        /// The tile they stood on: [x, y].
        at: [i32; 2],
        /// The figures that went home.
        gone: Vec<GoneJson>,
    },
    /// What an expansion's mechanic notes, with its own `note` kind and
    /// fields.
    #[serde(untagged)]
    Mechanic(MechanicNoteJson),
}

/// The JSON of an expansion's note, as its expansion writes it: one of
/// the kinds the expansions declare (`crate::expansions::NOTES`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct MechanicNoteJson(pub serde_json::Value);

impl JsonSchema for MechanicNoteJson {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "MechanicNoteJson".into()
    }

    fn inline_schema() -> bool {
        true
    }

    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let kinds: Vec<serde_json::Value> = crate::expansions::NOTES
            .iter()
            .map(|n| (n.schema)(generator).to_value())
            .collect();
        schemars::json_schema!({ "oneOf": kinds })
    }
}

impl NoteJson {
    /// The JSON of a note.
    #[must_use]
    pub fn of(players: &[String], n: &Note) -> NoteJson {
        NoteJson {
            turn: n.turn,
            player: players[n.player].clone(),
            what: match &n.kind {
                NoteKind::SecondTurn { feature, taken } => NoteWhat::SecondTurn {
                    feature: feature.to_string(),
                    taken: *taken,
                },
                NoteKind::Moved {
                    figure,
                    from,
                    at,
                    spot,
                    feature,
                } => NoteWhat::Moved {
                    figure: figure.clone(),
                    from: [from.x, from.y],
                    at: [at.x, at.y],
                    spot: spot.to_string(),
                    feature: feature.to_string(),
                },
                NoteKind::Stayed {
                    figure,
                    from,
                    could,
                } => NoteWhat::Stayed {
                    figure: figure.clone(),
                    from: [from.x, from.y],
                    could: !could.is_empty(),
                    to: could
                        .iter()
                        .map(|(at, spot, kind)| SpotAtJson {
                            at: [at.x, at.y],
                            location: spot.to_string(),
                            kind: kind.word().to_string(),
                        })
                        .collect(),
                },
                NoteKind::WentHome { at, gone } => NoteWhat::WentHome {
                    at: [at.x, at.y],
                    gone: gone::json(players, gone),
                },
                NoteKind::Mechanic(told) => {
                    NoteWhat::Mechanic(MechanicNoteJson(told.tale().json(players)))
                }
            },
            text: super::notes::words(players, n),
        }
    }
}

/// A spot of a tile on the board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct SpotAtJson {
    /// The tile: `[x, y]`.
    pub at: [i32; 2],
    /// Its location, in board orientation.
    pub location: String,
    /// The kind of feature.
    pub kind: String,
}

/// Whether a record's `claims` were compared with the totals.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct ClaimsJson {
    /// Compared (only under the record's own ruleset).
    pub checked: bool,
    /// Why they were not.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// The result of `carca score --format json` for one record (docs/records.md).
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct ScoreJson {
    /// The record, as named on the command line.
    pub record: String,
    /// The ruleset it was scored under.
    pub ruleset: RulesetJson,
    /// The players, in turn order.
    pub players: Vec<String>,
    /// The game is over (final scoring ran).
    pub ended: bool,
    /// Tiles on the board.
    pub tiles: usize,
    /// Points per player.
    pub totals: PerPlayer,
    /// The winners under the ruleset's tie rule (none while in progress).
    pub winners: Vec<String>,
    /// Every scoring, in order.
    pub events: Vec<EventJson>,
    /// Second turns that builders earned (Traders & Builders); left out
    /// when there are none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[schemars(default)]
    pub double_turns: Vec<DoubleTurnJson>,
    /// What happened without points, in order (a second turn earned, a wagon moved on or stayed home);
    /// left out when nothing did.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[schemars(default)]
    pub notes: Vec<NoteJson>,
    /// For a game in progress: what final scoring would add now.
    pub preview: Option<PreviewJson>,
    /// Every diagnostic.
    pub diagnostics: Vec<DiagnosticJson>,
    /// For a record with `claims`: whether they were compared.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub claims: Option<ClaimsJson>,
}

impl ScoreJson {
    /// The JSON of one adjudication.
    #[must_use]
    pub fn of(record_name: &str, a: &Adjudication) -> ScoreJson {
        let p = &a.players;
        let events = |events: &[Event]| {
            events
                .iter()
                .map(|e| EventJson::of(p, &a.figures, e))
                .collect()
        };
        ScoreJson {
            record: record_name.to_string(),
            ruleset: RulesetJson(ruleset_json(&a.rules)),
            players: p.clone(),
            ended: a.ended,
            tiles: a.tiles_placed,
            totals: PerPlayer::of(p, a.totals.iter().copied().enumerate()),
            winners: if a.ended {
                a.rules
                    .winners(&a.totals)
                    .into_iter()
                    .map(|w| p[w].clone())
                    .collect()
            } else {
                Vec::new()
            },
            events: events(&a.events),
            double_turns: a
                .notes
                .iter()
                .filter_map(|n| {
                    let (feature, taken) = n.second_turn()?;
                    Some(DoubleTurnJson {
                        earned: n.turn,
                        player: p[n.player].clone(),
                        feature: feature.to_string(),
                        taken,
                    })
                })
                .collect(),
            notes: a.notes.iter().map(|n| NoteJson::of(p, n)).collect(),
            preview: a.preview.as_ref().map(|(ev, totals)| PreviewJson {
                events: events(ev),
                totals: PerPlayer::of(p, totals.iter().copied().enumerate()),
            }),
            diagnostics: a.findings.iter().map(DiagnosticJson::of).collect(),
            claims: if a.claims_checked {
                Some(ClaimsJson {
                    checked: true,
                    note: None,
                })
            } else {
                a.claims_unchecked.as_ref().map(|own| ClaimsJson {
                    checked: false,
                    note: Some(claims_note(own, &a.rules.name)),
                })
            },
        }
    }
}

/// The result for a record that could not be read at all: no totals, no
/// events, and the diagnostics that say why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct UnreadableJson {
    /// The record, as named on the command line.
    pub record: String,
    /// Empty.
    pub totals: PerPlayer,
    /// Empty.
    pub events: Vec<EventJson>,
    /// Why the record could not be read.
    pub diagnostics: Vec<DiagnosticJson>,
}

impl UnreadableJson {
    /// The JSON for a record that could not be read.
    #[must_use]
    pub fn of(record_name: &str, findings: &[Finding]) -> UnreadableJson {
        UnreadableJson {
            record: record_name.to_string(),
            totals: PerPlayer::default(),
            events: Vec::new(),
            diagnostics: findings.iter().map(DiagnosticJson::of).collect(),
        }
    }
}

/// What `carca score --format json` prints for one record: its result, or
/// why it could not be read.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[serde(untagged)]
#[schemars(title = "carca score result")]
pub enum ScoreOutput {
    /// The record was adjudicated.
    Scored(Box<ScoreJson>),
    /// The record could not be read.
    Unreadable(UnreadableJson),
}

/// The JSON Schema of `carca score --format json` output.
#[must_use]
pub fn schema() -> serde_json::Value {
    serde_json::to_value(schemars::schema_for!(ScoreOutput)).unwrap_or_default()
}

/// The ruleset in JSON: every key of the tables.
#[must_use]
pub fn ruleset_json(rules: &Ruleset) -> Value {
    let mut o = Map::new();
    o.insert("name".into(), rules.name.clone().into());
    for t in crate::expansions::toggles() {
        o.insert(t.key.into(), t.get(rules).json());
    }
    for g in GROUPS {
        let rates = &crate::expansions::RATES;
        let table: Map<String, Value> = g
            .keys(rates)
            .into_iter()
            .enumerate()
            .map(|(i, k)| (k.to_string(), g.get(rules, rates, i).unwrap_or(0).into()))
            .collect();
        let mut table = table;
        if g == Group::Points {
            // The rates the ruleset gives declared modifiers.
            for (k, v) in &rules.modifier_points {
                table.insert(k.clone(), (*v).into());
            }
        } else {
            // The counts of figures the tile sets in play declare.
            for (k, v) in &rules.figures {
                table.entry(k.clone()).or_insert_with(|| (*v).into());
            }
        }
        o.insert(g.key().into(), table.into());
    }
    Value::Object(o)
}

/// Why a record's claims were not checked.
pub(crate) fn claims_note(own: &str, used: &str) -> String {
    format!(
        "the claims were not checked: they are totals under the record's own ruleset ({}), and this is {}",
        text::name(own),
        text::name(used)
    )
}
