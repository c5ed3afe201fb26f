//! `carca score`: check a record and explain its score.

use std::path::Path;

use super::{Format, Outcome};
use crate::diagnostic::{Finding, exit_code};
use crate::engine::{Adjudication, adjudicate};
use crate::record::{self, Record};
use crate::report::diagnostics::{Style, render};
use crate::report::score;
use crate::rules::{self, Ruleset};

/// A record with the ruleset it is scored under.
pub(crate) struct Prepared {
    pub(crate) record: Record,
    pub(crate) rules: Ruleset,
    /// What the ruleset is ([`Record::ruleset_identity`]).
    pub(crate) spec: String,
    pub(crate) own: bool,
}

/// Loads a record and the ruleset named by `--rules` (relative to the
/// working folder) or by the record (relative to the record).
pub(crate) fn prepare(path: &str, rules_override: Option<&str>) -> Result<Prepared, Vec<Finding>> {
    prepare_with(path, rules_override, false)
}

/// As [`prepare`]; with `quick`, a JSON record is read without spans (see
/// [`record::parse_fast`]), falling back to the spanned parser.
pub(crate) fn prepare_with(
    path: &str,
    rules_override: Option<&str>,
    quick: bool,
) -> Result<Prepared, Vec<Finding>> {
    let record = read_record(path, quick)?;
    // The record's own ruleset is part of the record: it must load even when
    // the record is scored under another.
    let own_rules = own_ruleset(&record)?;
    let own_identity = record.own_ruleset_identity();
    let (rules, spec) = match rules_override {
        None => (own_rules, own_identity.clone()),
        Some(r) => {
            let base = super::cwd();
            (
                ruleset_for(&record, r, &base)?,
                record.ruleset_identity(r, &base),
            )
        }
    };
    let own = spec == own_identity;
    Ok(Prepared {
        record,
        rules,
        spec,
        own,
    })
}

/// Reads the record named on the command line: a file (a JCloisterZone
/// save is imported), or `-` for standard input. With `quick`, a JSON
/// record is read without spans first (see [`record::parse_fast`]).
pub(crate) fn read_record(path: &str, quick: bool) -> Result<Record, Vec<Finding>> {
    let file = Path::new(path);
    Ok(if record::is_jcz(file) {
        record::load(file)?
    } else {
        // Read once (a record may come from standard input), parsed the
        // quick way first when asked.
        let src = if path == "-" {
            crate::diagnostic::read_stdin()
        } else {
            crate::diagnostic::read_source(file)
        }
        .map_err(|f| vec![*f])?;
        let dir = file.parent().map(Path::to_path_buf).unwrap_or_default();
        match quick.then(|| record::parse_fast(&src, &dir)).flatten() {
            Some(r) => r,
            None => record::parse(&src, &dir)?,
        }
    })
}

/// How a record named on the command line is called in reports.
pub(crate) fn shown_name(path: &str) -> &str {
    if path == "-" { "<stdin>" } else { path }
}

/// The record's own ruleset; when it cannot be loaded, the findings start
/// with one on the record's `rules:` value.
pub(crate) fn own_ruleset(record: &Record) -> Result<Ruleset, Vec<Finding>> {
    ruleset_for(record, record.rules_name(), &record.dir).map_err(|mut inner| {
        if let Some((name, span)) = &record.rules {
            inner.insert(
                0,
                Finding::new(
                    crate::diagnostic::Class::Input,
                    &record.source,
                    record::RecordError::Rules {
                        name: name.clone(),
                        span: *span,
                    },
                ),
            );
        }
        inner
    })
}

/// The ruleset `spec` names for `record`: the record's inline ruleset when
/// the spec is its name, else a built-in ruleset or a file relative to `base`.
pub(crate) fn ruleset_for(
    record: &Record,
    spec: &str,
    base: &Path,
) -> Result<Ruleset, Vec<Finding>> {
    // The rates of the modifiers the record's tile sets declare are
    // `[points]` keys too.
    let extra: Vec<String> = record
        .catalog
        .modifiers
        .iter()
        .filter(|m| m.declared)
        .flat_map(|m| [m.key.clone(), m.incomplete_key.clone()])
        .collect();
    match &record.inline_rules {
        Some(draft) if spec == record.rules_name() => rules::resolve(
            draft,
            &record.source,
            Some(&record.dir),
            0,
            record::INLINE_RULESET,
            &extra,
        ),
        _ => rules::load_with(spec, base, &extra),
    }
}

/// Scores one record.
pub(crate) fn run(
    path: &str,
    rules_override: Option<&str>,
    format: Format,
    style: Style,
) -> Outcome {
    // A JSON record is read the quick way; if anything is to be reported, it
    // is read again with spans so that diagnostics point at its lines.
    let p = match prepare_with(path, rules_override, true) {
        Ok(p) => p,
        Err(findings) => return failed(path, &findings, format, style),
    };
    let mut a: Adjudication = adjudicate(&p.record, &p.rules, &p.spec, p.own);
    if !a.findings.is_empty() && p.record.source.text().trim_start().starts_with('{') {
        match prepare(path, rules_override) {
            Ok(p) => a = adjudicate(&p.record, &p.rules, &p.spec, p.own),
            Err(findings) => return failed(path, &findings, format, style),
        }
    }
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

/// Draws the final board of a record, marking placements that broke a rule
/// and followers the rules refused.
pub(crate) fn draw(
    path: &str,
    rules_override: Option<&str>,
    file: &Path,
) -> Result<String, String> {
    let p = prepare(path, rules_override)
        .map_err(|_| format!("cannot draw {path}: it cannot be read"))?;
    let a = adjudicate(&p.record, &p.rules, &p.spec, p.own);
    let pos = crate::engine::position(&p.record, &p.rules, None);
    let mut scene = crate::report::picture::Scene::of_game(pos.game(), &p.record.players);
    scene.marks = a.marks;
    let marks = crate::report::picture::marks(&p.record.players);
    scene.refused = a
        .refused
        .iter()
        .map(|r| crate::report::picture::Figure {
            tile: r.placed,
            feature: r.feature,
            colour: crate::report::picture::player_colour(
                p.record.players.get(r.player).map_or("", String::as_str),
                r.player,
            ),
            mark: marks.get(r.player).copied().unwrap_or('●'),
            big: false,
        })
        .collect();
    super::render::write(&scene, Some(file), false)
}

/// The outcome for a record that could not be read.
pub(crate) fn failed(path: &str, findings: &[Finding], format: Format, style: Style) -> Outcome {
    let code = exit_code(findings).max(2);
    match format {
        Format::Text => Outcome {
            stdout: String::new(),
            stderr: render(findings, style),
            code,
        },
        Format::Json | Format::Jsonl => {
            let v = serde_json::json!({
                "record": path,
                "totals": {},
                "events": [],
                "diagnostics": findings.iter().map(score::finding_json).collect::<Vec<_>>(),
            });
            Outcome {
                stdout: format!("{}\n", serde_json::to_string_pretty(&v).unwrap_or_default()),
                stderr: String::new(),
                code,
            }
        }
    }
}
