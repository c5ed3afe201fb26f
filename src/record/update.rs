//! Rewriting a record's `expect:` values in place, leaving every other
//! byte of the file (comments, layout, order) as it was.

use std::fmt::Write;

use super::{Record, Totals};

/// A text edit: replace `start..end` with `text`.
struct Edit {
    start: usize,
    end: usize,
    text: String,
}

/// How a player's name is written as a YAML key.
fn key(name: &str) -> String {
    let plain = !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || c == '_' || c == '-')
        && !name.starts_with('-')
        && !matches!(
            name.to_ascii_lowercase().as_str(),
            "y" | "n" | "yes" | "no" | "on" | "off" | "true" | "false" | "null" | "~"
        )
        && name.parse::<f64>().is_err();
    if plain {
        name.to_string()
    } else {
        format!("\"{}\"", name.replace('\\', "\\\\").replace('"', "\\\""))
    }
}

/// Edits that make one totals map say `computed`.
fn edits_for(text: &str, players: &[String], written: &Totals, computed: &[i64]) -> Vec<Edit> {
    let mut edits = Vec::new();
    for &(p, value, span) in &written.points {
        if value != computed[p] {
            edits.push(Edit {
                start: span.offset(),
                end: span.offset() + span.len(),
                text: computed[p].to_string(),
            });
        }
    }
    let missing: Vec<usize> = (0..players.len())
        .filter(|p| !written.points.iter().any(|(q, _, _)| q == p))
        .collect();
    if missing.is_empty() {
        return edits;
    }
    let start = written.span.offset();
    if text[start..].starts_with('{') {
        let close = start + text[start..].find('}').unwrap_or(0);
        let entries: Vec<String> = missing
            .iter()
            .map(|&p| format!("{}: {}", key(&players[p]), computed[p]))
            .collect();
        if written.points.is_empty() {
            edits.push(Edit {
                start,
                end: close + 1,
                text: format!("{{ {} }}", entries.join(", ")),
            });
        } else {
            let at = text[..close].trim_end().len();
            edits.push(Edit {
                start: at,
                end: at,
                text: format!(", {}", entries.join(", ")),
            });
        }
    } else {
        // A block mapping: new entries go after the last one, indented alike.
        let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
        let indent = " ".repeat(start - line_start);
        let last = written
            .points
            .iter()
            .map(|(_, _, s)| s.offset() + s.len())
            .max()
            .unwrap_or(start);
        let at = text[last..].find('\n').map_or(text.len(), |i| last + i);
        let mut lines = String::new();
        for &p in &missing {
            let _ = write!(lines, "\n{indent}{}: {}", key(&players[p]), computed[p]);
        }
        edits.push(Edit {
            start: at,
            end: at,
            text: lines,
        });
    }
    edits
}

/// The record's text with each `expect` block set to the computed totals
/// (`computed[i]` for `record.expect[i]`).
#[must_use]
pub fn rewrite_expectations(record: &Record, computed: &[Vec<i64>]) -> String {
    let text = record.source.text();
    let mut edits: Vec<Edit> = record
        .expect
        .iter()
        .zip(computed)
        .flat_map(|(e, c)| edits_for(text, &record.players, &e.totals, c))
        .collect();
    edits.sort_by_key(|e| std::cmp::Reverse(e.start));
    let mut out = text.to_string();
    for e in edits {
        out.replace_range(e.start..e.end, &e.text);
    }
    out
}
