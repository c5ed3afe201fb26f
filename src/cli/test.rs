//! `carca test`: check every record's `expect:` block, and `--update` it.

use std::fmt::Write;
use std::path::{Path, PathBuf};

use super::Outcome;
use crate::diagnostic::{Class, Finding};
use crate::engine::adjudicate;
use crate::record::{self, update::rewrite_expectations};
use crate::report::diagnostics::{Style, render};

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
        if path.is_dir() {
            super::walk(&path, &keep, out, notes);
        } else if path.exists() {
            out.push(path);
        } else {
            missing.push(p.clone());
        }
    }
}

/// Runs every record's expectations; with `update`, rewrites them.
pub(crate) fn run(paths: &[String], update: bool, style: Style) -> Outcome {
    let mut files = Vec::new();
    let mut missing = Vec::new();
    let mut notes = Vec::new();
    collect(paths, &mut files, &mut missing, &mut notes);
    let mut out = Outcome::default();
    for m in &missing {
        out.stderr.push_str(
            &super::error::CliError::Usage {
                message: format!("{m}: no such file or folder"),
            }
            .rendered(),
        );
        out.code = 2;
    }
    let named: Vec<PathBuf> = paths.iter().map(PathBuf::from).collect();
    let (mut passed, mut failed, mut skipped, mut updated) = (0, 0, 0, 0);
    for file in files {
        let name = crate::report::text::escaped(&file.to_string_lossy().replace('\\', "/"), false)
            .into_owned();
        // What a file is, its contents say; a file named on the command
        // line is read as a record whatever it holds.
        let asked = named.contains(&file);
        match record::probe(&file) {
            record::Probe::Record => {
                notes.push(format!("{name} has no `expect:` block: skipped"));
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
            record::Probe::RecordWithExpectations
            | record::Probe::Other
            | record::Probe::Unreadable => {}
        }
        let record = match record::load(&file) {
            Ok(r) => r,
            Err(findings) => {
                let _ = writeln!(out.stdout, "error {name}: the record cannot be read");
                out.stderr.push_str(&render(&findings, style));
                out.code = 2;
                failed += 1;
                continue;
            }
        };
        let mut computed = Vec::new();
        let mut lines = Vec::new();
        let mut file_updates = 0;
        // A record passes when every expectation it states holds.
        let mut record_failed = false;
        let mut ok: Vec<String> = Vec::new();
        let mut notes: Vec<String> = Vec::new();
        for e in &record.expect {
            let ruleset = match super::score::ruleset_for(&record, &e.ruleset, &record.dir) {
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
                        crate::report::text::name(&e.ruleset)
                    );
                    out.stderr.push_str(&render(&findings, style));
                    out.code = 2;
                    record_failed = true;
                    computed.push(Vec::new());
                    continue;
                }
            };
            let identity = record.ruleset_identity(&e.ruleset, &record.dir);
            let shown = crate::report::text::name(&e.ruleset);
            let own = identity == record.own_ruleset_identity();
            let a = adjudicate(&record, &ruleset, &identity, own);
            let mismatches: Vec<&Finding> = a
                .findings
                .iter()
                .filter(|f| f.code_string().starts_with("carca::score::expect"))
                .collect();
            let violations = a
                .findings
                .iter()
                .filter(|f| {
                    f.class() == Class::Defect && !f.code_string().starts_with("carca::score::")
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
            if mismatches.is_empty() {
                ok.push(shown.clone());
                if !note.is_empty() {
                    notes.push(format!("     {shown}{note}"));
                }
            } else if update {
                file_updates += 1;
                lines.push(format!("updated {name} under {shown}"));
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
            match rewrite_expectations(&record, &computed) {
                Ok(text) if text == record.source.text() => {}
                Ok(text) => {
                    if let Err(e) = crate::write::replace(
                        &file,
                        text.as_bytes(),
                        Some(record.source.text().as_bytes()),
                    ) {
                        out.stderr.push_str(
                            &super::error::CliError::Write {
                                path: name.clone(),
                                reason: e.to_string(),
                            }
                            .rendered(),
                        );
                        out.code = 2;
                    }
                }
                Err(finding) => {
                    out.stderr
                        .push_str(&render(std::slice::from_ref(&finding), style));
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
    let _ = writeln!(out.stdout, "{passed} passed, {failed} failed{skipped}");
    out
}
