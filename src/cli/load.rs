//! Loading what a command reads: a record named on the command line (a
//! file, standard input or a JCloisterZone save) and the ruleset it is
//! scored under, and the outcome when it cannot be read. Every command that
//! reads records loads them here.

use std::path::Path;

use super::{Format, Outcome};
use crate::diagnostic::{Finding, exit_code};
use crate::engine::Adjudication;
use crate::loader::Loader;
use crate::record::{self, Record};
use crate::report::diagnostics::{Style, render};
use crate::rules::Ruleset;

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
pub(crate) fn prepare(
    loader: &Loader,
    path: &str,
    rules_override: Option<&str>,
) -> Result<Prepared, Vec<Finding>> {
    prepare_with(loader, path, rules_override, false)
}

/// As [`prepare`]; with `quick`, the record is read without spans when it
/// can be (see [`record::parse_fast`]), falling back to the spanned parser.
pub(crate) fn prepare_with(
    loader: &Loader,
    path: &str,
    rules_override: Option<&str>,
    quick: bool,
) -> Result<Prepared, Vec<Finding>> {
    prepare_read(loader, read_record(loader, path, quick)?, rules_override)
}

/// As [`prepare_record`], for a record that may have been read the quick
/// way: a ruleset that does not load is then reported at the record's
/// line, read again with spans.
pub(crate) fn prepare_read(
    loader: &Loader,
    record: Record,
    rules_override: Option<&str>,
) -> Result<Prepared, Vec<Finding>> {
    if !record.read_quickly {
        return prepare_record(loader, record, rules_override);
    }
    let (source, dir) = (record.source.clone(), record.dir.clone());
    prepare_record(loader, record, rules_override).or_else(|_| {
        let record = record::parse(loader, &source, &dir)?;
        prepare_record(loader, record, rules_override)
    })
}

/// Adjudicates again, with spans, a record read the quick way whose
/// adjudication `quick` made findings, so that they point at its lines:
/// only its header and the turns whose walk made them are read again
/// ([`record::respan`]), when that gives the same findings, each pointing
/// somewhere; else the whole record. `score` adjudicates a record read.
pub(crate) fn with_spans(
    loader: &Loader,
    record: &Record,
    quick: &Adjudication,
    mut score: impl FnMut(Record) -> Result<Adjudication, Vec<Finding>>,
) -> Result<Adjudication, Vec<Finding>> {
    if let Some(r) = record::respan(loader, record, &quick.turns_with_findings)
        && let Ok(a) = score(r)
        && a.findings.len() == quick.findings.len()
        && a.findings.iter().all(Finding::located)
        && a.findings
            .iter()
            .zip(&quick.findings)
            .all(|(a, q)| a.code_string() == q.code_string())
    {
        return Ok(a);
    }
    score(record::parse(loader, &record.source, &record.dir)?)
}

/// Reads a record's text already in memory: the quick way first when
/// asked (see [`record::parse_fast`]), else with spans.
pub(crate) fn parse_source(
    loader: &Loader,
    src: &crate::source::SourceFile,
    dir: &Path,
    quick: bool,
) -> Result<Record, Vec<Finding>> {
    match quick
        .then(|| record::parse_fast(loader, src, dir))
        .flatten()
    {
        Some(r) => Ok(r),
        None => record::parse(loader, src, dir),
    }
}

/// As [`prepare`], for a record already read.
pub(crate) fn prepare_record(
    loader: &Loader,
    record: Record,
    rules_override: Option<&str>,
) -> Result<Prepared, Vec<Finding>> {
    // The record's own ruleset is part of the record: it must load even when
    // the record is scored under another.
    let own_rules = own_ruleset(loader, &record)?;
    let own_identity = record.own_ruleset_identity();
    let (rules, spec) = match rules_override {
        None => (own_rules, own_identity.clone()),
        Some(r) => {
            let base = super::cwd();
            (
                ruleset_for(loader, &record, r, &base)?,
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

/// Reads a record file; a JCloisterZone save (`.jcz`) is imported first.
pub(crate) fn record_file(loader: &Loader, path: &Path) -> Result<Record, Vec<Finding>> {
    let src = loader.read(path).map_err(|f| vec![*f])?;
    let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
    if record::is_jcz(path) || record::looks_like_jcz(src.text()) {
        let text = crate::jcz::import(loader, &src, crate::expansions::JCZ)?;
        let imported = crate::source::SourceFile::new(format!("{} (imported)", src.name()), text);
        return record::parse(loader, &imported, &dir);
    }
    record::parse(loader, &src, &dir)
}

/// Reads the record named on the command line: a file (a JCloisterZone
/// save is imported), or `-` for standard input. With `quick`, the record
/// is read without spans first (see [`record::parse_fast`]).
pub(crate) fn read_record(
    loader: &Loader,
    path: &str,
    quick: bool,
) -> Result<Record, Vec<Finding>> {
    let file = Path::new(path);
    Ok(if record::is_jcz(file) {
        record_file(loader, file)?
    } else {
        // Read once (a record may come from standard input), parsed the
        // quick way first when asked.
        let src = if path == "-" {
            loader.read_stdin()
        } else {
            loader.read(file)
        }
        .map_err(|f| vec![*f])?;
        let dir = file.parent().map(Path::to_path_buf).unwrap_or_default();
        // A JCloisterZone save is known by its content too (standard
        // input, another name).
        if record::looks_like_jcz(src.text()) {
            let text = crate::jcz::import(loader, &src, crate::expansions::JCZ)?;
            let imported =
                crate::source::SourceFile::new(format!("{} (imported)", src.name()), text);
            return record::parse(loader, &imported, &dir);
        }
        parse_source(loader, &src, &dir, quick)?
    })
}

/// How a record named on the command line is called in reports.
pub(crate) fn shown_name(path: &str) -> &str {
    if path == "-" { "<stdin>" } else { path }
}

/// The record's own ruleset; when it cannot be loaded, the findings start
/// with one on the record's `rules:` value.
pub(crate) fn own_ruleset(loader: &Loader, record: &Record) -> Result<Ruleset, Vec<Finding>> {
    ruleset_for(loader, record, record.rules_name(), &record.dir).map_err(|mut inner| {
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

pub(crate) use crate::record::ruleset_for;

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
            let v = crate::report::output::UnreadableJson::of(path, findings);
            Outcome {
                stdout: format!("{}\n", serde_json::to_string_pretty(&v).unwrap_or_default()),
                stderr: String::new(),
                code,
            }
        }
    }
}
