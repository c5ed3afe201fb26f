//! `carca compare`: one record under several rulesets.

use crate::loader::Loader;
use std::collections::HashSet;

use super::{Format, Outcome};
use crate::diagnostic::{Finding, exit_code};
use crate::engine::{Adjudication, adjudicate};
use crate::report::compare;
use crate::report::diagnostics::{Style, render};
use crate::rules;

/// Scores `path` under each ruleset of `specs` (default: every built-in one).
pub(crate) fn run(
    loader: &Loader,
    path: &str,
    specs: &[String],
    format: Format,
    style: Style,
) -> Outcome {
    let record = match super::load::read_record(loader, path, false) {
        Ok(r) => r,
        Err(findings) => return super::load::failed(path, &findings, format, style),
    };
    let (runs, unreadable) = adjudicate_all(loader, &record, specs);
    if !unreadable.is_empty() {
        return super::load::failed(path, &unreadable, format, style);
    }
    // A violation found under several rulesets is shown once.
    let mut seen = HashSet::new();
    let mut shown: Vec<&Finding> = Vec::new();
    for a in &runs {
        for f in &a.findings {
            let key = (
                f.code_string(),
                f.to_string(),
                f.primary_span().map(|s| s.offset()),
            );
            if seen.insert(key) {
                shown.push(f);
            }
        }
    }
    let code = runs
        .iter()
        .map(|a| exit_code(&a.findings))
        .max()
        .unwrap_or(0);
    match format {
        Format::Text => {
            let mut stderr = String::new();
            for f in shown {
                stderr.push_str(&render(std::slice::from_ref(f), style));
            }
            Outcome {
                stdout: compare::text(super::load::shown_name(path), &runs),
                stderr,
                code,
            }
        }
        Format::Json | Format::Jsonl => Outcome {
            stdout: super::json_text(&compare::json(super::load::shown_name(path), &runs), format),
            stderr: String::new(),
            code,
        },
    }
}

/// `record` scored under each ruleset of `specs` (default: every built-in
/// one), each ruleset once; and the findings of rulesets that do not load.
pub(crate) fn adjudicate_all(
    loader: &Loader,
    record: &crate::record::Record,
    specs: &[String],
) -> (Vec<Adjudication>, Vec<Finding>) {
    let specs: Vec<String> = if specs.is_empty() {
        rules::BUILTIN.iter().map(ToString::to_string).collect()
    } else {
        specs.to_vec()
    };
    let mut runs: Vec<Adjudication> = Vec::new();
    let mut unreadable: Vec<Finding> = Vec::new();
    // The record's own ruleset is part of the record, compared or not.
    if let Err(f) = super::load::own_ruleset(loader, record) {
        unreadable.extend(f);
    }
    let own_identity = record.own_ruleset_identity();
    let mut identities: Vec<String> = Vec::new();
    let mut known = std::collections::HashSet::new();
    // The spec each run was named by.
    let mut named: Vec<&String> = Vec::new();
    for spec in &specs {
        let identity = record.ruleset_identity(spec, &super::cwd());
        if !known.insert(identity.clone()) {
            continue;
        }
        match super::load::ruleset_for(loader, record, spec, &super::cwd()) {
            Ok(r) => {
                let own = identity == own_identity;
                runs.push(adjudicate(
                    record,
                    &r,
                    &identity,
                    own,
                    &crate::expansions::ALL,
                ));
                identities.push(identity);
                named.push(spec);
            }
            Err(f) => unreadable.extend(f),
        }
    }
    // A ruleset file that displays the name of another ruleset compared is
    // shown by its path as written, so that neither hides the other; a
    // name still taken after that gets a number. Every column, and every
    // key of the JSON, is a ruleset's own.
    let mut times: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    for a in &runs {
        *times.entry(a.rules.name.clone()).or_default() += 1;
    }
    for (i, run) in runs.iter_mut().enumerate() {
        if identities[i].starts_with("file:") && times.get(&run.rules.name).copied() > Some(1) {
            run.rules.name.clone_from(named[i]);
        }
    }
    let mut seen = std::collections::HashSet::new();
    let mut next: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    for run in &mut runs {
        let base = run.rules.name.clone();
        while !seen.insert(run.rules.name.clone()) {
            let k = next.entry(base.clone()).or_insert(2);
            run.rules.name = format!("{base} ({k})");
            *k += 1;
        }
    }
    (runs, unreadable)
}
