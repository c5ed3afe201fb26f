//! One record under several rulesets, side by side (`carca compare`).
//!
//! Totals and winners get a column per ruleset; below them, only the
//! features whose points differ between rulesets, each with the toggle that
//! makes the difference.

use std::collections::BTreeMap;
use std::fmt::Write;

use serde_json::Value;

use crate::engine::{Adjudication, Event, ScoredKind};
use crate::rules::Ruleset;
use crate::rules::table::{Bears, GROUPS, Group, every_rate};
use crate::text;

/// A feature whose points differ between rulesets.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Difference {
    /// The feature's name.
    pub feature: String,
    /// Points per ruleset (in column order), per player.
    pub points: Vec<Vec<i64>>,
    /// The ruleset keys that explain the difference.
    pub toggles: Vec<String>,
}

/// A ruleset key as `compare` weighs it: its name, its value in a ruleset
/// and what it bears on.
struct Key {
    name: String,
    value: Box<dyn Fn(&Ruleset) -> String>,
    bears: Bearing,
}

/// What a key bears on: as the tables say, or (a declared modifier's
/// rate) features that carry the modifier, completed or unfinished.
enum Bearing {
    Table(Bears),
    Modifier { name: String, complete: bool },
}

/// Every key of the ruleset tables, toggles first, then `[points]` and
/// `[figures]` (as `points.farm_city`), then the `[points]` keys of
/// declared modifiers that any of `rules` sets.
fn keys(rules: &[&Ruleset]) -> Vec<Key> {
    let mut out: Vec<Key> = crate::expansions::toggles()
        .map(|t| Key {
            name: t.key.to_string(),
            value: Box::new(move |r| t.get(r).to_string()),
            bears: Bearing::Table(t.bears),
        })
        .collect();
    for g in GROUPS {
        let rates = &crate::expansions::RATES;
        for (i, k) in g.keys(rates).into_iter().enumerate() {
            out.push(Key {
                name: format!("{}.{k}", g.key()),
                value: Box::new(move |r| format!("{:?}", g.get(r, rates, i))),
                bears: Bearing::Table(match g {
                    Group::Points => every_rate(rates).nth(i).map_or(Bears::Moves, |p| p.bears),
                    Group::Figures => Bears::Moves,
                }),
            });
        }
    }
    let mut declared: Vec<&String> = rules
        .iter()
        .flat_map(|r| r.modifier_points.keys())
        .collect();
    declared.sort();
    declared.dedup();
    for key in declared {
        let (name, complete) = match key.strip_suffix("_incomplete") {
            Some(stem) => (stem.to_string(), false),
            None => (key.clone(), true),
        };
        let k = key.clone();
        out.push(Key {
            name: format!("points.{key}"),
            value: Box::new(move |r| format!("{:?}", r.extra_point(&k))),
            bears: Bearing::Modifier { name, complete },
        });
    }
    out
}

/// Whether a key bears directly on how this feature scores.
fn bears_on(bearing: &Bearing, e: &Event) -> bool {
    let f = &e.feature;
    let bears = match bearing {
        Bearing::Table(b) => *b,
        Bearing::Modifier { name, complete } => {
            return f.count_of(name) > 0 && f.complete == *complete;
        }
    };
    match bears {
        Bears::SmallCity => f.kind == ScoredKind::City && f.complete && f.tiles.len() == 2,
        Bears::Kind { kind, complete } => {
            f.kind.word() == kind && complete.is_none_or(|c| c == f.complete)
        }
        Bears::Unfinished => f.kind != ScoredKind::Farm && !f.complete,
        Bears::Moves | Bears::Winner => false,
    }
}

/// The toggles that explain why a feature scores differently: those that
/// differ between two rulesets giving it different points, narrowed to the
/// ones bearing on the feature's kind when any does. (The final abbey round
/// and the follower count change which moves are legal, so they can change
/// any feature.)
fn responsible(rules: &[&Ruleset], points: &[Vec<i64>], event: &Event) -> Vec<String> {
    let keys = keys(rules);
    // A key is a candidate when two rulesets that score the feature
    // differently give it different values. The points differ somewhere
    // (else no difference is reported), so that is every key whose value
    // is not the same in all rulesets: found in one pass per key. They are
    // listed by the first pair of rulesets (in the order compared) that
    // shows it, as a walk over every pair would list them.
    let mut candidates: Vec<((usize, usize), usize, &Key)> = Vec::new();
    for (ki, k) in keys.iter().enumerate() {
        let values: Vec<_> = rules.iter().map(|r| (k.value)(r)).collect();
        if values.iter().all(|v| *v == values[0]) {
            continue;
        }
        let first = (0..rules.len()).find_map(|i| {
            (i + 1..rules.len())
                .find(|&j| values[i] != values[j] && points[i] != points[j])
                .map(|j| (i, j))
        });
        if let Some(first) = first {
            candidates.push((first, ki, k));
        }
    }
    candidates.sort_by_key(|&(first, ki, _)| (first, ki));
    let candidates: Vec<&Key> = candidates.into_iter().map(|(_, _, k)| k).collect();
    let direct: Vec<String> = candidates
        .iter()
        .filter(|k| bears_on(&k.bears, event))
        .map(|k| k.name.clone())
        .collect();
    if direct.is_empty() {
        candidates.iter().map(|k| k.name.clone()).collect()
    } else {
        direct
    }
}

/// Features whose points differ across the adjudications, in first-seen order.
#[must_use]
pub fn differences(runs: &[Adjudication]) -> Vec<Difference> {
    let rules: Vec<&Ruleset> = runs.iter().map(|a| &a.rules).collect();
    let players = runs.first().map_or(0, |a| a.players.len());
    let mut order: Vec<String> = Vec::new();
    let mut table: BTreeMap<String, (Vec<Vec<i64>>, Event)> = BTreeMap::new();
    for (i, a) in runs.iter().enumerate() {
        for e in &a.events {
            let name = e.feature.name.to_string();
            let entry = table.entry(name.clone()).or_insert_with(|| {
                order.push(name);
                (vec![vec![0; players]; runs.len()], e.clone())
            });
            for (p, pts) in e.points.iter().enumerate() {
                entry.0[i][p] += pts;
            }
        }
    }
    order
        .into_iter()
        .filter_map(|name| {
            let (points, event) = table.remove(&name)?;
            if points.iter().all(|p| *p == points[0]) {
                return None;
            }
            let toggles = responsible(&rules, &points, &event);
            Some(Difference {
                feature: name,
                points,
                toggles,
            })
        })
        .collect()
}

fn points_text(players: &[String], points: &[i64]) -> String {
    let parts: Vec<String> = points
        .iter()
        .enumerate()
        .filter(|(_, p)| **p != 0)
        .map(|(i, p)| format!("{} {p:+}", players[i]))
        .collect();
    if parts.is_empty() {
        "nothing".into()
    } else {
        parts.join(", ")
    }
}

/// The comparison as text.
#[must_use]
pub fn text(record_name: &str, runs: &[Adjudication]) -> String {
    let mut out = String::new();
    let Some(first) = runs.first() else {
        return out;
    };
    // Names as people may see them: escaped and of bounded length.
    let players: Vec<String> = first.players.iter().map(|p| text::name(p)).collect();
    let players = &players;
    let shown: Vec<String> = runs.iter().map(|a| text::name(&a.rules.name)).collect();
    let names: Vec<&str> = shown.iter().map(String::as_str).collect();
    let _ = writeln!(
        out,
        "{} under {} rulesets",
        text::escaped(record_name, false),
        runs.len()
    );
    let label_width = players
        .iter()
        .map(|p| p.chars().count())
        .chain(["winner".len()])
        .max()
        .unwrap_or(6);
    let winners_row: Vec<String> = runs
        .iter()
        .map(|a| {
            let w = a.rules.winners(&a.totals);
            let names = w
                .iter()
                .map(|&i| players[i].as_str())
                .collect::<Vec<_>>()
                .join(", ");
            if names.chars().count() > 16 {
                format!("{}-way tie", w.len())
            } else {
                names
            }
        })
        .collect();
    let widths: Vec<usize> = names
        .iter()
        .zip(&winners_row)
        .map(|(n, w)| n.chars().count().max(w.chars().count()).max(4))
        .collect();
    let mut header = format!("\n  {:label_width$}", "");
    for (n, w) in names.iter().zip(&widths) {
        let _ = write!(header, "  {n:>w$}");
    }
    let _ = writeln!(out, "{}", header.trim_end());
    for (p, name) in players.iter().enumerate() {
        let mut row = format!("  {name:label_width$}");
        for (a, w) in runs.iter().zip(&widths) {
            let _ = write!(row, "  {:>w$}", a.totals[p]);
        }
        let _ = writeln!(out, "{row}");
    }
    let mut row = format!("  {:label_width$}", "winner");
    for (win, w) in winners_row.iter().zip(&widths) {
        let _ = write!(row, "  {win:>w$}");
    }
    let _ = writeln!(out, "{row}");
    let diffs = differences(runs);
    if diffs.is_empty() {
        let _ = writeln!(out, "\nevery feature scores the same under these rulesets");
    } else {
        let _ = writeln!(out, "\nfeatures that score differently:");
        for d in &diffs {
            // Rulesets that give the same points are named together.
            let mut groups: Vec<(String, Vec<&str>)> = Vec::new();
            for (n, p) in names.iter().zip(&d.points) {
                let text = points_text(players, p);
                match groups.iter_mut().find(|(t, _)| *t == text) {
                    Some((_, list)) => list.push(n),
                    None => groups.push((text, vec![n])),
                }
            }
            let per: Vec<String> = groups
                .iter()
                .map(|(text, list)| format!("{text} under {}", list.join(", ")))
                .collect();
            let _ = writeln!(
                out,
                "  {} ({}): {}",
                d.feature,
                d.toggles.join(", "),
                per.join(" · ")
            );
        }
    }
    let unfinished: Vec<&str> = runs
        .iter()
        .filter(|a| !a.ended)
        .map(|a| a.rules.name.as_str())
        .collect();
    if !unfinished.is_empty() {
        let _ = writeln!(
            out,
            "\nthe game is not over: totals are the points scored so far"
        );
    }
    out
}

/// The comparison as JSON.
#[must_use]
pub fn json(record_name: &str, runs: &[Adjudication]) -> Value {
    use super::json::{CompareJson, DifferenceJson, Keyed};
    use super::output::DiagnosticJson;
    let players: Vec<String> = runs.first().map(|a| a.players.clone()).unwrap_or_default();
    let per_player = |v: &[i64]| {
        Keyed(
            players
                .iter()
                .enumerate()
                .map(|(p, name)| (name.clone(), v[p]))
                .collect(),
        )
    };
    let by_ruleset = |f: &dyn Fn(&Adjudication) -> _| {
        Keyed(runs.iter().map(|a| (a.rules.name.clone(), f(a))).collect())
    };
    let json = CompareJson {
        record: record_name.to_string(),
        rulesets: runs.iter().map(|a| a.rules.name.clone()).collect(),
        players: players.clone(),
        totals: by_ruleset(&|a| per_player(&a.totals)),
        winners: Keyed(
            runs.iter()
                .map(|a| {
                    let w = a.rules.winners(&a.totals);
                    (
                        a.rules.name.clone(),
                        w.iter().map(|&w| players[w].clone()).collect(),
                    )
                })
                .collect(),
        ),
        differences: differences(runs)
            .iter()
            .map(|d| DifferenceJson {
                feature: d.feature.clone(),
                points: Keyed(
                    runs.iter()
                        .zip(&d.points)
                        .map(|(a, p)| (a.rules.name.clone(), per_player(p)))
                        .collect(),
                ),
                toggles: d.toggles.clone(),
            })
            .collect(),
        diagnostics: Keyed(
            runs.iter()
                .map(|a| {
                    (
                        a.rules.name.clone(),
                        a.findings.iter().map(DiagnosticJson::of).collect(),
                    )
                })
                .collect(),
        ),
    };
    serde_json::to_value(json).unwrap_or_default()
}
