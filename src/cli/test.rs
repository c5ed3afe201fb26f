//! `carca test`: check every record's `expect:` block, and `--update` it.

use crate::loader::Loader;
use std::fmt::Write;
use std::path::{Path, PathBuf};

use super::{Format, Outcome};
use crate::diagnostic::{Class, Finding};
use crate::engine::{Violation, adjudicate};
use crate::record::{self, update::rewrite_expectations};
use crate::report::diagnostics::{Style, render};
use crate::report::json::{Keyed, RecordTestJson, RulesetTestJson, TestJson};
use crate::report::output::DiagnosticJson;

/// One record's result as JSON: what `--format json` prints per record.
#[derive(Default)]
struct RecordJson {
    rulesets: Vec<RulesetTestJson>,
    diagnostics: Vec<DiagnosticJson>,
    notes: Vec<String>,
}

impl RecordJson {
    fn findings(&mut self, findings: &[Finding]) {
        self.diagnostics
            .extend(findings.iter().map(DiagnosticJson::of));
    }

    fn done(self, file: &str, result: &str) -> RecordTestJson {
        RecordTestJson {
            file: file.to_string(),
            result: result.to_string(),
            rulesets: self.rulesets,
            notes: self.notes,
            diagnostics: self.diagnostics,
        }
    }
}

/// Totals per player, in turn order.
fn totals_json(players: &[String], points: impl Iterator<Item = (usize, i64)>) -> Keyed<i64> {
    let mut points: Vec<(usize, i64)> = points.collect();
    points.sort_by_key(|&(p, _)| p);
    Keyed(
        points
            .into_iter()
            .map(|(p, v)| (players[p].clone(), v))
            .collect(),
    )
}

/// Files under the given paths, sorted; folders are searched recursively
/// for `.yaml`, `.yml` and `.json` files. Notes say what was passed over.
fn collect(
    paths: &[String],
    out: &mut Vec<PathBuf>,
    missing: &mut Vec<String>,
    notes: &mut Vec<String>,
) {
    let keep = |p: &Path| {
        p.extension().is_some_and(|e| {
            e.eq_ignore_ascii_case("yaml")
                || e.eq_ignore_ascii_case("yml")
                || e.eq_ignore_ascii_case("json")
        })
    };
    for p in paths {
        let path = PathBuf::from(p);
        if p == "-" {
            // Standard input: one record.
            out.push(path);
        } else if path.is_dir() {
            super::walk(&path, &keep, out, notes);
        } else if path.exists() {
            out.push(path);
        } else {
            missing.push(p.clone());
        }
    }
}

/// Runs every record's expectations; with `update`, rewrites them.
pub(crate) fn run(
    loader: &Loader,
    paths: &[String],
    update: bool,
    format: Format,
    style: Style,
) -> Outcome {
    if update && paths.iter().any(|p| p == "-") {
        return super::usage_error(
            "--update rewrites the files it tests; a record on standard input has none: name its file",
        );
    }
    let mut files = Vec::new();
    let mut missing = Vec::new();
    let mut notes = Vec::new();
    collect(paths, &mut files, &mut missing, &mut notes);
    // A record on standard input is read once, when its turn comes.
    let mut stdin = paths
        .iter()
        .any(|p| p == "-")
        .then(|| super::load::read_record(loader, "-", false));
    let mut read = |file: &Path| -> Result<crate::record::Record, Vec<Finding>> {
        if file == Path::new("-") {
            return stdin.take().unwrap_or_else(|| Err(Vec::new()));
        }
        super::load::record_file(loader, file)
    };
    let mut out = Outcome::default();
    let mut missing_errors = String::new();
    for m in &missing {
        missing_errors.push_str(
            &super::error::CliError::Usage {
                message: format!("{m}: no such file or folder"),
            }
            .rendered(),
        );
        out.code = 2;
    }
    out.stderr.clone_from(&missing_errors);
    let named: Vec<PathBuf> = paths.iter().map(PathBuf::from).collect();
    let (mut passed, mut failed, mut skipped, mut updated) = (0, 0, 0, 0);
    let mut records_json = Vec::new();
    for file in files {
        let raw = if file == Path::new("-") {
            "<stdin>".to_string()
        } else {
            file.to_string_lossy().replace('\\', "/")
        };
        let name = crate::text::escaped(&raw, false).into_owned();
        // What a file is, its contents say; a file named on the command
        // line is read as a record whatever it holds.
        let asked = named.contains(&file);
        let probe = if file == Path::new("-") {
            record::Probe::Other
        } else {
            record::probe(loader, &file)
        };
        match probe {
            // A record without expectations is skipped, if it can be read:
            // one that cannot is counted as such.
            record::Probe::Record if super::load::record_file(loader, &file).is_ok() => {
                notes.push(format!("{name} has no `expect:` block: skipped"));
                records_json.push(RecordJson::default().done(&raw, "skipped"));
                skipped += 1;
                continue;
            }
            record::Probe::Other if !asked => continue,
            record::Probe::Unreadable if !asked => {
                notes.push(format!(
                    "{name} is not readable as YAML or JSON: passed over"
                ));
                continue;
            }
            // Records with expectations, and files named on the command line.
            record::Probe::Record
            | record::Probe::RecordWithExpectations
            | record::Probe::Other
            | record::Probe::Unreadable => {}
        }
        let record = match read(&file) {
            Ok(r) => r,
            Err(findings) => {
                let _ = writeln!(out.stdout, "error {name}: the record cannot be read");
                out.stderr.push_str(&render(&findings, style));
                let mut j = RecordJson::default();
                j.findings(&findings);
                records_json.push(j.done(&raw, "error"));
                out.code = 2;
                failed += 1;
                continue;
            }
        };
        // A record on standard input is known to have no expectations
        // only once read.
        if record.expect.is_empty() {
            notes.push(format!("{name} has no `expect:` block: skipped"));
            records_json.push(RecordJson::default().done(&raw, "skipped"));
            skipped += 1;
            continue;
        }
        let mut computed = Vec::new();
        let mut lines = Vec::new();
        let mut file_updates = 0;
        // A record passes when every expectation it states holds.
        let mut record_failed = false;
        let mut ok: Vec<String> = Vec::new();
        let mut notes: Vec<String> = Vec::new();
        let mut j = RecordJson::default();
        let mut adjudicated: std::collections::HashMap<String, crate::engine::Adjudication> =
            std::collections::HashMap::new();
        for e in &record.expect {
            let ruleset = match super::load::ruleset_for(loader, &record, &e.ruleset, &record.dir) {
                Ok(r) => r,
                Err(mut findings) => {
                    // First, where the record names it.
                    findings.insert(
                        0,
                        Finding::new(
                            Class::Input,
                            &record.source,
                            record::RecordError::Rules {
                                name: e.ruleset.clone(),
                                span: e.span,
                            },
                        ),
                    );
                    let _ = writeln!(
                        out.stdout,
                        "error {name}: ruleset `{}` cannot be loaded",
                        crate::text::name(&e.ruleset)
                    );
                    out.stderr.push_str(&render(&findings, style));
                    j.findings(&findings);
                    j.rulesets.push(RulesetTestJson {
                        ruleset: e.ruleset.clone(),
                        result: "error".to_string(),
                        expected: None,
                        computed: None,
                        violations: None,
                    });
                    out.code = 2;
                    record_failed = true;
                    computed.push(Vec::new());
                    continue;
                }
            };
            let identity = e.identity.clone();
            let shown = crate::text::name(&e.ruleset);
            let own = identity == record.own_ruleset_identity();
            // Blocks naming the same ruleset (by other paths) share one
            // adjudication, which checks them all.
            let a = &*adjudicated.entry(identity.clone()).or_insert_with(|| {
                adjudicate(&record, &ruleset, &identity, own, &crate::expansions::ALL)
            });
            let mismatches: Vec<&Finding> = a
                .findings
                .iter()
                .filter(|f| {
                    f.typed::<Violation>()
                        .is_some_and(|v| v.kind.is_expectation())
                })
                .collect();
            let violations = a
                .findings
                .iter()
                .filter(|f| {
                    f.typed::<Violation>()
                        .is_some_and(|v| !v.kind.is_mismatch())
                })
                .count();
            let note = if violations > 0 {
                format!(
                    " ({violations} rule violation{} under it; see carca score)",
                    if violations == 1 { "" } else { "s" }
                )
            } else {
                String::new()
            };
            let result = match (mismatches.is_empty(), update) {
                (true, _) => "ok",
                (false, true) => "updated",
                (false, false) => "fail",
            };
            j.rulesets.push(RulesetTestJson {
                ruleset: e.ruleset.clone(),
                result: result.to_string(),
                expected: Some(totals_json(
                    &record.players,
                    e.totals.points.iter().map(|&(p, v, _)| (p, v)),
                )),
                computed: Some(totals_json(
                    &record.players,
                    a.totals.iter().copied().enumerate(),
                )),
                violations: Some(violations),
            });
            if !mismatches.is_empty() && !update {
                j.diagnostics
                    .extend(mismatches.iter().map(|f| DiagnosticJson::of(f)));
            }
            if mismatches.is_empty() {
                ok.push(shown.clone());
                if !note.is_empty() {
                    notes.push(format!("     {shown}{note}"));
                }
            } else if update {
                file_updates += 1;
                lines.push(format!("updated {name} under {shown}{note}"));
                // Totals taken from a game that breaks the rules are said
                // to be so, and the run does not pass quietly.
                if violations > 0 {
                    out.code = out.code.max(1);
                }
            } else {
                record_failed = true;
                out.code = out.code.max(1);
                lines.push(format!("FAIL {name} under {shown}{note}"));
                for f in mismatches {
                    out.stderr.push_str(&render(std::slice::from_ref(f), style));
                }
            }
            computed.push(a.totals.clone());
        }
        if update && computed.iter().all(|c| !c.is_empty()) {
            match rewrite_expectations(loader, &record, &computed) {
                Ok(text) if text == record.source.text() => {}
                Ok(text) => {
                    if let Err(e) = crate::write::replace(
                        &file,
                        text.as_bytes(),
                        Some(record.source.text().as_bytes()),
                    ) {
                        let error = Finding::detached(
                            Class::Input,
                            super::error::CliError::Write {
                                path: name.clone(),
                                reason: e.to_string(),
                            },
                        );
                        out.stderr
                            .push_str(&render(std::slice::from_ref(&error), Style::Plain));
                        j.findings(std::slice::from_ref(&error));
                        // Nothing was written: say so, and count nothing.
                        for r in &mut j.rulesets {
                            if r.result == "updated" {
                                r.result = "fail".to_string();
                            }
                        }
                        lines.retain(|l| !l.starts_with("updated "));
                        lines.push(format!("FAIL {name}: not updated, it cannot be written"));
                        record_failed = true;
                        file_updates = 0;
                        out.code = 2;
                    }
                }
                Err(finding) => {
                    out.stderr
                        .push_str(&render(std::slice::from_ref(&finding), style));
                    j.findings(std::slice::from_ref(&finding));
                    for r in &mut j.rulesets {
                        if r.result == "updated" {
                            r.result = "fail".to_string();
                        }
                    }
                    lines.retain(|l| !l.starts_with("updated "));
                    lines.push(format!("FAIL {name}: not updated, left as it was"));
                    record_failed = true;
                    file_updates = 0;
                    out.code = out.code.max(1);
                }
            }
        }
        updated += file_updates;
        if record_failed {
            failed += 1;
        } else {
            passed += 1;
        }
        j.notes = notes.iter().map(|n| n.trim().to_string()).collect();
        records_json.push(j.done(&raw, if record_failed { "failed" } else { "passed" }));
        if !ok.is_empty() {
            let _ = writeln!(out.stdout, "ok   {name} under {}", ok.join(", "));
        }
        for l in notes.into_iter().chain(lines) {
            let _ = writeln!(out.stdout, "{l}");
        }
    }
    if update {
        let _ = writeln!(
            out.stdout,
            "{updated} expectation{} updated",
            if updated == 1 { "" } else { "s" }
        );
    }
    for n in &notes {
        let _ = writeln!(out.stderr, "note: {n}");
    }
    if format != Format::Text {
        // The results as JSON; what the command line got wrong stays a
        // diagnostic on standard error.
        out.stderr = missing_errors;
        out.stdout = if format == Format::Jsonl {
            records_json
                .iter()
                .map(|r| serde_json::to_string(r).unwrap_or_default() + "\n")
                .collect()
        } else {
            super::json_text(
                &serde_json::to_value(TestJson {
                    records: records_json,
                    passed,
                    failed,
                    skipped,
                    updated,
                    notes: notes.clone(),
                })
                .unwrap_or_default(),
                format,
            )
        };
    }
    if passed + failed == 0 && missing.is_empty() {
        out.stderr.push_str(
            &super::error::CliError::Usage {
                message: format!(
                    "nothing to test: no record with an `expect:` block in {}",
                    paths.join(", ")
                ),
            }
            .rendered(),
        );
        out.code = 2;
    }
    let skipped = if skipped > 0 {
        format!(", {skipped} skipped")
    } else {
        String::new()
    };
    if format == Format::Text {
        let _ = writeln!(out.stdout, "{passed} passed, {failed} failed{skipped}");
    }
    out
}
