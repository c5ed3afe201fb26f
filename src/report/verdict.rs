//! A verdict: what an engine says of a game, in the form every engine
//! under the rules test suite writes (docs/conformance.md), so that two
//! engines' verdicts compare field by field.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::diagnostic::Class;
use crate::engine::Adjudication;
use crate::record::{Body, Record};

/// The version of the verdict's form and of the suite's cases.
pub const FORM: &str = "carca-verdict/1";

/// What an engine says of one game: whether the record could be read,
/// whether it is legal (and each rule it breaks, by the turn that breaks
/// it), and the points: each player's total, by kind, and after each turn
/// that changed a total.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(title = "carca rules test suite verdict")]
pub struct Verdict {
    /// The form of this verdict: `carca-verdict/1`.
    pub form: String,
    /// The record could be read and played; when not, only `problems`
    /// says more.
    pub readable: bool,
    /// Nothing in the record breaks a rule (and the record is readable).
    pub legal: bool,
    /// Every rule the record breaks, or (unreadable) why it cannot be
    /// read, in the order of the record: the turn (1-based; none for the
    /// record as a whole or a snapshot) and the contract's code, such as
    /// `carca::rules::feature_occupied`.
    pub problems: Vec<Problem>,
    /// Each player's points at the end (or now, for a game in progress).
    pub totals: BTreeMap<String, i64>,
    /// Each player's points by kind of what scored (`road`, `city`,
    /// `cloister`, `farm`, and each expansion's kinds); kinds that gave a
    /// player nothing are left out.
    pub points: BTreeMap<String, BTreeMap<String, i64>>,
    /// A history's totals after each turn that changed them, by the turn's
    /// number; the last ones are `totals` (with final scoring).
    pub after_turn: BTreeMap<String, BTreeMap<String, i64>>,
    /// Who wins a game that is over, under its ruleset's tie-break (every
    /// tied player, or all but the starting player under a tournament's
    /// `starting-player-loses`); empty for a game in progress.
    pub winners: Vec<String>,
}

/// A rule a record breaks, or a reason it cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Problem {
    /// The turn, 1-based; none for the record as a whole.
    pub turn: Option<usize>,
    /// The contract's diagnostic code.
    pub code: String,
}

impl Verdict {
    /// The verdict on a record that could not be read: the codes of why.
    #[must_use]
    pub fn unreadable(findings: &[crate::diagnostic::Finding]) -> Verdict {
        Verdict {
            form: FORM.to_string(),
            readable: false,
            legal: false,
            problems: findings
                .iter()
                .filter(|f| f.class() != Class::Warning)
                .map(|f| Problem {
                    turn: None,
                    code: f.code_string(),
                })
                .collect(),
            totals: BTreeMap::new(),
            points: BTreeMap::new(),
            after_turn: BTreeMap::new(),
            winners: Vec::new(),
        }
    }

    /// The verdict on a record the engine played.
    #[must_use]
    pub fn of(record: &Record, a: &Adjudication) -> Verdict {
        Verdict::of_scored(record, a, &super::score::json("", a))
    }

    /// [`Verdict::of`], given the game's JSON as `carca score --format
    /// json` prints it (`json`), for a caller that reads it too.
    #[must_use]
    pub fn of_scored(record: &Record, a: &Adjudication, json: &Value) -> Verdict {
        let turn_at = |offset: usize| -> Option<usize> {
            let Body::History(turns) = &record.body else {
                return None;
            };
            turns.iter().find_map(|t| {
                let s: miette::SourceSpan = t.span.into();
                (offset >= s.offset() && offset <= s.offset() + s.len()).then_some(t.number)
            })
        };
        let problems: Vec<Problem> = a
            .findings
            .iter()
            .filter(|f| f.class() != Class::Warning)
            .map(|f| Problem {
                turn: f.primary_span().and_then(|s| turn_at(s.offset())),
                code: f.code_string(),
            })
            .collect();
        let unreadable = a.findings.iter().any(|f| f.class() == Class::Input);
        let name = |p: usize| a.players.get(p).cloned().unwrap_or_default();
        let totals: BTreeMap<String, i64> = a
            .totals
            .iter()
            .enumerate()
            .map(|(p, &t)| (name(p), t))
            .collect();
        // Points by kind, and the running totals after each turn, from
        // the events as `carca score --format json` lists them.
        let mut points: BTreeMap<String, BTreeMap<String, i64>> = a
            .players
            .iter()
            .map(|p| (p.clone(), BTreeMap::new()))
            .collect();
        let mut running: BTreeMap<String, i64> = a.players.iter().map(|p| (p.clone(), 0)).collect();
        let mut after_turn = BTreeMap::new();
        for e in json["events"].as_array().into_iter().flatten() {
            let kind = e
                .pointer("/feature/kind")
                .or_else(|| e.get("kind"))
                .and_then(Value::as_str)
                .unwrap_or("other");
            for (player, n) in e["points"].as_object().into_iter().flatten() {
                let n = n.as_i64().unwrap_or(0);
                if n != 0 {
                    *points
                        .entry(player.clone())
                        .or_default()
                        .entry(kind.to_string())
                        .or_default() += n;
                    *running.entry(player.clone()).or_default() += n;
                }
            }
            if let Some(turn) = e["turn"].as_u64() {
                after_turn.insert(turn.to_string(), running.clone());
            }
        }
        let winners = if a.ended && !unreadable {
            a.rules.winners(&a.totals).into_iter().map(name).collect()
        } else {
            Vec::new()
        };
        Verdict {
            form: FORM.to_string(),
            readable: !unreadable,
            legal: problems.is_empty(),
            problems,
            totals,
            points,
            after_turn,
            winners,
        }
    }

    /// The first field in which `got` differs from this verdict, in words,
    /// or `None` when they agree. Problems compare as a list in any order.
    #[must_use]
    pub fn differs(&self, got: &Verdict) -> Option<String> {
        if self.readable != got.readable {
            return Some(format!(
                "readable: expected {}, got {}",
                self.readable, got.readable
            ));
        }
        if self.legal != got.legal {
            return Some(format!("legal: expected {}, got {}", self.legal, got.legal));
        }
        let (mut want, mut have) = (self.problems.clone(), got.problems.clone());
        want.sort();
        have.sort();
        if want != have {
            return Some(format!(
                "problems: expected {}, got {}",
                show(&want),
                show(&have)
            ));
        }
        if self.totals != got.totals {
            return Some(format!(
                "totals: expected {}, got {}",
                show(&self.totals),
                show(&got.totals)
            ));
        }
        if self.winners != got.winners {
            return Some(format!(
                "winners: expected {}, got {}",
                show(&self.winners),
                show(&got.winners)
            ));
        }
        for (player, kinds) in &self.points {
            let theirs = got.points.get(player).cloned().unwrap_or_default();
            if *kinds != theirs {
                return Some(format!(
                    "points of {player}: expected {}, got {}",
                    show(kinds),
                    show(&theirs)
                ));
            }
        }
        for (turn, totals) in &self.after_turn {
            match got.after_turn.get(turn) {
                Some(t) if t == totals => {}
                t => {
                    return Some(format!(
                        "totals after turn {turn}: expected {}, got {}",
                        show(totals),
                        t.map_or_else(|| "nothing".to_string(), show)
                    ));
                }
            }
        }
        if got.after_turn.len() != self.after_turn.len() {
            return Some("after_turn: totals after turns that change nothing".to_string());
        }
        None
    }
}

/// A value shown in a difference, as compact JSON.
fn show<T: Serialize>(v: &T) -> String {
    serde_json::to_string(v).unwrap_or_default()
}

/// The JSON Schema of a verdict.
#[must_use]
pub fn schema() -> serde_json::Value {
    serde_json::to_value(schemars::schema_for!(Verdict)).unwrap_or_default()
}
