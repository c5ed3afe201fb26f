//! Rewriting a record's `expect:` values in place, leaving every other
//! byte of the file (comments, layout, order) as it was.
//!
//! Only edits that are plainly safe are made: a number written as a number
//! inside its `expect` block (not reached through an alias or a merge key),
//! and missing players added to a one-line flow map or after the last line
//! of a block map. The result is read back as a record, and must say
//! exactly the intended expectations, before it is returned; otherwise
//! nothing is rewritten and the reason is reported.

use std::fmt::Write;

use miette::{Diagnostic, SourceSpan};
use thiserror::Error;

use super::{Record, Totals};
use crate::diagnostic::{Class, Finding};
use crate::source::{MAX_KEY_CHARS, SourceFile};

/// Why an `expect` block cannot be rewritten safely.
#[derive(Debug, Error, Diagnostic)]
#[error("`--update` cannot rewrite this expectation safely: {why}")]
#[diagnostic(
    code(carca::update::unsafe_edit),
    help(
        "the file is left exactly as it was; write the expected totals by hand (`carca test` shows them)"
    )
)]
pub struct UnsafeEdit {
    /// Why.
    pub why: String,
    /// The value or block.
    #[label("here")]
    pub span: SourceSpan,
}

/// A text edit: replace `start..end` with `text`.
struct Edit {
    start: usize,
    end: usize,
    text: String,
}

/// How a player's name is written as a YAML key, if it can be written as
/// one at all.
fn key(name: &str) -> Option<String> {
    if name.chars().count() > MAX_KEY_CHARS - 2 {
        return None;
    }
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
        Some(name.to_string())
    } else {
        // A JSON string is a YAML double-quoted scalar, escapes and all.
        serde_json::to_string(name).ok()
    }
}

fn refuse(why: impl Into<String>, span: SourceSpan) -> UnsafeEdit {
    UnsafeEdit {
        why: why.into(),
        span,
    }
}

/// Edits that make one totals map say `computed`.
/// `block` runs from the start of the map to the next block's key (or the
/// end of the file): a value written anywhere else was merged in.
fn edits_for(
    text: &str,
    players: &[String],
    written: &Totals,
    block: std::ops::Range<usize>,
    computed: &[i64],
) -> Result<Vec<Edit>, UnsafeEdit> {
    let mut edits = Vec::new();
    for &(p, value, span) in &written.points {
        if value == computed[p] {
            continue;
        }
        let range = span.offset()..span.offset() + span.len();
        // The value must be written here, as a number: not an alias, not
        // a value merged in from an anchor elsewhere.
        let literal = text.get(range.clone()).unwrap_or_default();
        let digits = literal.strip_prefix(['-', '+']).unwrap_or(literal);
        if !(block.start <= range.start && range.end <= block.end)
            || digits.is_empty()
            || !digits.chars().all(|c| c.is_ascii_digit())
        {
            return Err(refuse(
                format!(
                    "{}'s value is not written here as a number (an alias or a merge key?)",
                    players[p]
                ),
                span,
            ));
        }
        edits.push(Edit {
            start: range.start,
            end: range.end,
            text: computed[p].to_string(),
        });
    }
    let missing: Vec<usize> = (0..players.len())
        .filter(|p| !written.points.iter().any(|(q, _, _)| q == p))
        .collect();
    if missing.is_empty() {
        return Ok(edits);
    }
    let mut entries = Vec::new();
    for &p in &missing {
        let k = key(&players[p]).ok_or_else(|| {
            refuse(
                format!("player {p} has a name that cannot be written as a key"),
                written.span,
            )
        })?;
        entries.push(format!("{k}: {}", computed[p]));
    }
    let rest = text.get(block.start..).unwrap_or_default();
    if rest.starts_with('{') {
        // A flow map: only on one line, without comments or nested braces,
        // the new entries going before its closing brace.
        let line = rest[..rest.find('\n').unwrap_or(rest.len())].trim_end();
        if !line.ends_with('}')
            || line.contains('#')
            || line.matches('{').count() != 1
            || line.matches('}').count() != 1
        {
            return Err(refuse(
                "the map spans several lines, holds a comment or nests braces",
                written.span,
            ));
        }
        let inner = line[1..line.len() - 1].trim_end();
        if written.points.is_empty() && inner.trim().is_empty() {
            edits.push(Edit {
                start: block.start,
                end: block.start + line.len(),
                text: format!("{{ {} }}", entries.join(", ")),
            });
        } else {
            let at = block.start + 1 + inner.len();
            let sep = if inner.ends_with(',') { " " } else { ", " };
            edits.push(Edit {
                start: at,
                end: at,
                text: format!("{sep}{}", entries.join(", ")),
            });
        }
    } else {
        // A block mapping: new entries go after the last one, indented alike.
        let line_start = text
            .get(..block.start)
            .and_then(|t| t.rfind('\n'))
            .map_or(0, |i| i + 1);
        let indent = text.get(line_start..block.start).unwrap_or_default();
        if !indent.chars().all(|c| c == ' ') {
            return Err(refuse(
                "the block is not indented with spaces",
                written.span,
            ));
        }
        let last = written
            .points
            .iter()
            .map(|(_, _, s)| s.offset() + s.len())
            .max()
            .unwrap_or(block.start);
        let at = text
            .get(last..)
            .and_then(|t| t.find('\n'))
            .map_or(text.len(), |i| last + i);
        let mut lines = String::new();
        for e in &entries {
            let _ = write!(lines, "\n{indent}{e}");
        }
        edits.push(Edit {
            start: at,
            end: at,
            text: lines,
        });
    }
    Ok(edits)
}

/// The record's text with each `expect` block set to the computed totals
/// (`computed[i]` for `record.expect[i]`), read back and checked; or why it
/// cannot be rewritten safely.
pub fn rewrite_expectations(
    loader: &crate::loader::Loader,
    record: &Record,
    computed: &[Vec<i64>],
) -> Result<String, Finding> {
    let src = &record.source;
    let text = src.text();
    let unsafe_edit = |e: UnsafeEdit| Finding::new(Class::Defect, src, e);
    let mut edits = Vec::new();
    for (i, (e, c)) in record.expect.iter().zip(computed).enumerate() {
        let end = record
            .expect
            .get(i + 1)
            .map_or(text.len(), |next| next.span.offset());
        let block = e.totals.span.offset()..end;
        edits.extend(edits_for(text, &record.players, &e.totals, block, c).map_err(unsafe_edit)?);
    }
    edits.sort_by_key(|e| std::cmp::Reverse((e.start, e.end)));
    // Two edits of one place (an anchor shared by two values) are refused.
    for pair in edits.windows(2) {
        if pair[1].end > pair[0].start || pair[1].start == pair[0].start {
            return Err(unsafe_edit(refuse(
                "two expectations share one written value",
                SourceSpan::from((pair[0].start, pair[0].end - pair[0].start)),
            )));
        }
    }
    let mut out = text.to_string();
    for e in edits {
        if !(out.is_char_boundary(e.start) && out.is_char_boundary(e.end)) {
            return Err(unsafe_edit(refuse(
                "a value does not start where the file says",
                SourceSpan::from((e.start, 0)),
            )));
        }
        out.replace_range(e.start..e.end, &e.text);
    }
    verify(loader, record, computed, &out)?;
    Ok(out)
}

/// Reads the new text back: it must be a record whose expectations are
/// exactly the computed totals, for the same rulesets in the same order.
fn verify(
    loader: &crate::loader::Loader,
    record: &Record,
    computed: &[Vec<i64>],
    new: &str,
) -> Result<(), Finding> {
    let whole = SourceSpan::from((0, record.source.text().len()));
    let fail = |why: &str| {
        Finding::new(
            Class::Defect,
            &record.source,
            refuse(
                format!("the rewritten file would not read back: {why}"),
                whole,
            ),
        )
    };
    let reread = super::parse(
        loader,
        &SourceFile::new(record.source.name(), new),
        &record.dir,
    )
    .map_err(|_| fail("it is no longer a valid record"))?;
    if reread.players != record.players || reread.expect.len() != record.expect.len() {
        return Err(fail("its players or expectations changed"));
    }
    for ((before, after), totals) in record.expect.iter().zip(&reread.expect).zip(computed) {
        let mut got = vec![None; totals.len()];
        for &(p, v, _) in &after.totals.points {
            got[p] = Some(v);
        }
        let wanted: Vec<Option<i64>> = totals.iter().map(|&t| Some(t)).collect();
        if before.ruleset != after.ruleset || got != wanted {
            return Err(fail(&format!(
                "the expectation under {} would not say the computed totals",
                before.ruleset
            )));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{key, rewrite_expectations};
    use crate::loader::Loader;
    use crate::source::SourceFile;
    use std::path::Path;

    fn record(text: &str) -> super::Record {
        super::super::parse(
            &Loader::default(),
            &SourceFile::new("r.yaml", text),
            Path::new(""),
        )
        .expect("a record")
    }

    #[test]
    fn names_are_written_as_keys_that_read_back_as_themselves() {
        assert_eq!(key("red").as_deref(), Some("red"));
        // Words older readers take for booleans, numbers, spaces, quotes:
        // double-quoted, as JSON writes them.
        assert_eq!(key("yes").as_deref(), Some("\"yes\""));
        assert_eq!(key("12").as_deref(), Some("\"12\""));
        assert_eq!(key("a b").as_deref(), Some("\"a b\""));
        assert_eq!(key("-x").as_deref(), Some("\"-x\""));
        assert_eq!(key("q\"").as_deref(), Some("\"q\\\"\""));
        // A name too long for a key is refused.
        assert!(key(&"n".repeat(crate::source::MAX_KEY_CHARS)).is_none());
    }

    #[test]
    fn values_change_and_every_other_byte_stays() {
        let text = "players: [red, blue]   # the players\n\
                    turns:\n  - { tile: E, at: [0, 1], rot: 180, meeple: S }\n\
                    final: true\n\
                    expect:\n  modern: { red: 1, blue: 9 }   # by hand\n";
        let r = record(text);
        let out = rewrite_expectations(&Loader::default(), &r, &[vec![4, 0]]).expect("rewritten");
        assert_eq!(
            out,
            text.replace("{ red: 1, blue: 9 }", "{ red: 4, blue: 0 }")
        );
    }

    #[test]
    fn a_missing_player_is_added_to_the_map() {
        let text = "players: [red, blue]\nturns: []\nexpect:\n  modern: { red: 1 }\n";
        let r = record(text);
        let out = rewrite_expectations(&Loader::default(), &r, &[vec![2, 3]]).expect("rewritten");
        let again = record(&out);
        let mut got: Vec<(usize, i64)> = again.expect[0]
            .totals
            .points
            .iter()
            .map(|&(p, v, _)| (p, v))
            .collect();
        got.sort_unstable();
        assert_eq!(got, vec![(0, 2), (1, 3)]);
    }

    #[test]
    fn a_value_shared_through_an_anchor_is_not_rewritten() {
        let text =
            "players: [red]\nturns: []\nexpect:\n  modern: &a { red: 1 }\n  first-edition: *a\n";
        let r = record(text);
        assert!(rewrite_expectations(&Loader::default(), &r, &[vec![2], vec![3]]).is_err());
    }
}
