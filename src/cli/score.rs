//! `carca score`: check a record and explain its score.

use super::load::{Prepared, failed, prepare_record, prepare_with, shown_name, with_spans};
use super::{Format, Outcome};
use crate::diagnostic::exit_code;
use crate::engine::{Adjudication, adjudicate};
use crate::loader::Loader;
use crate::report::diagnostics::{Style, render};
use crate::report::score;

/// Adjudicates a prepared record. A record read the quick way that has
/// something to report is read again with spans where it needs them
/// ([`with_spans`]), so that its diagnostics point at its lines.
pub(crate) fn adjudicated(
    loader: &Loader,
    p: &Prepared,
    rules_override: Option<&str>,
) -> Result<Adjudication, Vec<crate::diagnostic::Finding>> {
    let a = adjudicate(&p.record, &p.rules, &p.spec, p.own, &crate::expansions::ALL);
    if a.findings.is_empty() || !p.record.read_quickly {
        return Ok(a);
    }
    with_spans(loader, &p.record, &a, |r| {
        let spanned = prepare_record(loader, r, rules_override)?;
        Ok(adjudicate(
            &spanned.record,
            &spanned.rules,
            &spanned.spec,
            spanned.own,
            &crate::expansions::ALL,
        ))
    })
}

/// Scores one record.
pub(crate) fn run(
    loader: &Loader,
    path: &str,
    rules_override: Option<&str>,
    format: Format,
    style: Style,
) -> Outcome {
    // The record is read the quick way; if anything is to be reported, it
    // is read again with spans so that diagnostics point at its lines.
    let p = match prepare_with(loader, path, rules_override, true) {
        Ok(p) => p,
        Err(findings) => return failed(path, &findings, format, style),
    };
    let a = match adjudicated(loader, &p, rules_override) {
        Ok(a) => a,
        Err(findings) => return failed(path, &findings, format, style),
    };
    let code = exit_code(&a.findings);
    match format {
        Format::Text => Outcome {
            stdout: score::text(shown_name(path), &a),
            stderr: render(&a.findings, style),
            code,
        },
        Format::Json | Format::Jsonl => Outcome {
            stdout: format!(
                "{}\n",
                serde_json::to_string_pretty(&score::json(shown_name(path), &a))
                    .unwrap_or_default()
            ),
            stderr: String::new(),
            code,
        },
    }
}
