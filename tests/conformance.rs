//! The rules test suite (`fixtures/conformance/suite.json`): carca passes
//! it through its own protocol, as an outside engine would be run; a
//! deliberately wrong engine fails the cases of the rule it gets wrong;
//! and the suite is what its sources make of it (set
//! `CARCA_CONFORMANCE_WRITE=1` to write it again, after a verdict changed
//! with a rules source).

use std::path::Path;

use crate::common::binary;
use carca::cli::conformance::{Case, SUITE_FORM, Suite, generated};
use carca::loader::Loader;
use serde_json::Value;

const SUITE: &str = "fixtures/conformance/suite.json";

/// The suite as shipped.
fn shipped() -> Suite {
    serde_json::from_str(&std::fs::read_to_string(SUITE).expect("the suite")).expect("a suite")
}

/// The Python interpreter itself, not a launcher that looks for it (as
/// pyenv's `python3` is), which would start slower than a case runs.
fn python() -> String {
    std::process::Command::new("python3")
        .args(["-c", "import sys; print(sys.executable)"])
        .output()
        .ok()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .filter(|p| !p.is_empty())
        .unwrap_or_else(|| "python3".to_string())
}

/// The fixtures made for a point of dispute of RULES.md §10.
const DISPUTES: [&str; 44] = [
    "corner-cities",
    "feature-occupied",
    "occupied-named-as-written",
    "shared-majority",
    "road-ends",
    "ic-cloister-cuts-road",
    "two-segments-one-city",
    "incomplete-city-pennant",
    "cloister-five-neighbours",
    "farm-touches-city-twice",
    "farm-city-paid-twice",
    "farm-no-city",
    "discard-fits",
    "discard-legal",
    "three-farm-editions",
    "ic-big-follower",
    "ic-big-follower-tie",
    "ic-inns",
    "ic-cathedral",
    "tb-builder",
    "tb-third-turn",
    "tb-builder-abbey",
    "tb-pig",
    "tb-goods",
    "am-mayor",
    "am-mayor-two-knights",
    "am-mayor-majorities",
    "am-wagon",
    "am-wagon-abbey",
    "am-wagon-stays",
    "am-two-wagons",
    "am-barn",
    "am-barn-others",
    "am-barn-pig",
    "am-barns-joined",
    "am-barn-misplaced",
    "am-three-ended-road",
    "tw-capture-range",
    "tw-capture-diagonal",
    "tw-exchange",
    "tw-ransom",
    "tw-ransom-too-poor",
    "tw-follower-on-tower",
    "tw-big-follower",
];

/// The leading comment of a fixture: why its verdict is what it is.
fn reason(text: &str) -> String {
    text.lines()
        .take_while(|l| l.starts_with('#'))
        .map(|l| l.trim_start_matches('#').trim())
        .filter(|l| !l.is_empty() && !l.starts_with("yaml-language-server"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The suite its sources make: every record fixture that stands alone
/// (names only built-in sets and rulesets), legal and illegal, and a few
/// generated games of every set with the base game and of all at once.
fn build() -> Suite {
    let loader = Loader::default();
    let mut cases = Vec::new();
    for dir in ["fixtures/records", "fixtures/illegal"] {
        let mut files: Vec<_> = std::fs::read_dir(dir)
            .expect("a fixture folder")
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "yaml"))
            .collect();
        files.sort();
        for path in files {
            let text = std::fs::read_to_string(&path).expect("a fixture");
            let options = carca::source::yaml_options(text.len());
            let Ok(record) = serde_saphyr::from_str_with_options::<Value>(&text, options) else {
                continue;
            };
            // A case stands alone: built-in sets and rulesets only.
            let own_sets = record["tilesets"].as_array().is_some_and(|a| {
                a.iter()
                    .any(|s| !carca::tileset::builtin::NAMES.contains(&s.as_str().unwrap_or("")))
            });
            let own_rules = record["rules"]
                .as_str()
                .is_some_and(|r| !carca::rules::BUILTIN.contains(&r));
            if own_sets
                || own_rules
                || record.get("ruleset").is_some_and(|r| {
                    r.get("extends")
                        .is_some_and(|e| e.as_str().is_some_and(|e| e.contains('.')))
                })
            {
                continue;
            }
            let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("case");
            let group = Path::new(dir)
                .file_name()
                .and_then(|s| s.to_str())
                .unwrap_or("");
            let why = format!(
                "{} (from {})",
                reason(&text),
                path.to_string_lossy().replace('\\', "/")
            );
            let mut c = Case::of(&loader, format!("{group}:{stem}"), record, why);
            if DISPUTES.contains(&stem) {
                c.sections.push("§10".into());
                c.sections.sort();
            }
            // A snapshot's verdict does not hang on the order its tiles
            // and figures are listed: its twin lists them the other way.
            if c.record.get("board").is_some() {
                let mut record = c.record.clone();
                for key in ["board", "meeples"] {
                    if let Some(list) = record.get_mut(key).and_then(Value::as_array_mut) {
                        list.reverse();
                    }
                }
                let mut twin = Case::of(
                    &loader,
                    format!("{}-reversed", c.id),
                    record,
                    format!(
                        "{} Its tiles and figures listed the other way round.",
                        c.reason
                    ),
                );
                assert_eq!(
                    twin.verdict, c.verdict,
                    "{}: the order changes the verdict",
                    c.id
                );
                twin.tags.push("reordered".into());
                twin.tags.sort();
                twin.sections.clone_from(&c.sections);
                cases.push(c);
                cases.push(twin);
                continue;
            }
            // The same game under every other built-in ruleset whose
            // verdict differs (the farm editions, the small city, …).
            let own_rules = c.record["rules"].as_str().unwrap_or("modern").to_string();
            if group == "records" && c.record.get("ruleset").is_none() {
                for rules in carca::rules::BUILTIN.iter().filter(|r| **r != own_rules) {
                    let mut record = c.record.clone();
                    if let Some(map) = record.as_object_mut() {
                        map.remove("claims");
                        map.remove("expect");
                        map.insert("rules".into(), Value::from(*rules));
                    }
                    let mut under = Case::of(
                        &loader,
                        format!("{}@{rules}", c.id),
                        record,
                        format!(
                            "{} Judged under the built-in ruleset {rules} (docs/rulesets.md).",
                            c.reason
                        ),
                    );
                    if under.verdict.totals == c.verdict.totals {
                        continue;
                    }
                    under.tags.push(format!("rules:{rules}"));
                    under.tags.sort();
                    cases.push(under);
                }
            }
            cases.push(c);
        }
    }
    cases.extend(generated(&loader, 1..5).expect("generated games"));
    Suite {
        form: SUITE_FORM.to_string(),
        version: "0.1.0".to_string(),
        about: "carca's rules test suite: each case is a game record (the contract's record form, in JSON) and the verdict on it; docs/conformance.md says how an engine is run against it. A case is added with the fixture it is made of, with the reason and rules source in its comment; a verdict changes only with a rules source, in a new version of the suite.".to_string(),
        cases,
    }
}

#[test]
fn the_suite_is_what_its_sources_make() {
    let made = build();
    let text = format!(
        "{}\n",
        serde_json::to_string_pretty(&made).expect("a suite in JSON")
    );
    if std::env::var_os("CARCA_CONFORMANCE_WRITE").is_some() {
        std::fs::write(SUITE, &text).expect("the suite written");
    }
    let shipped = std::fs::read_to_string(SUITE).expect("the shipped suite");
    assert!(
        shipped == text,
        "{SUITE} is not what its sources make: write it again with CARCA_CONFORMANCE_WRITE=1 (only after a verdict changed with a rules source)"
    );
    assert!(made.cases.len() > 150, "{} cases", made.cases.len());
    assert!(
        made.cases
            .iter()
            .all(|c| c.verdict.readable || c.id.starts_with("illegal:")),
        "a record fixture the suite cannot read"
    );
    for c in &made.cases {
        assert!(!c.reason.trim().is_empty(), "{} gives no reason", c.id);
    }
}

/// carca passes its own suite through the protocol, as an outside engine
/// would be run: one process a case, the case on standard input.
#[test]
fn carca_passes_the_suite_through_the_protocol() {
    let engine = env!("CARGO_BIN_EXE_carca");
    let (code, out, err) = binary(&[
        "conformance",
        "run",
        "--format",
        "json",
        "--",
        engine,
        "verdict",
    ]);
    let v: Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out} {err}"));
    assert_eq!(v["failed"], 0, "{}", &out[..out.len().min(3000)]);
    assert_eq!(code, 0);
    assert!(v["passed"].as_u64().unwrap_or(0) > 150, "{}", v["passed"]);
}

/// A wrong engine fails the cases of the rule it gets wrong, and only
/// those: an engine that pays 4 for each completed city a farm supplies
/// (not 3) fails the farm cases, which the report names by RULES section
/// (§6), and no case where no farm scores.
#[test]
fn a_wrong_engine_fails_the_cases_of_the_rule_it_gets_wrong() {
    let dir = std::env::temp_dir().join(format!("carca-wrong-engine-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    let script = dir.join("wrong.py");
    // The engine: carca, with a farm's completed city worth 4.
    std::fs::write(
        &script,
        format!(
            r#"import json, os, sys
case = json.load(sys.stdin)
record = case["record"]
rules = record.get("ruleset") or {{"extends": record.pop("rules", "modern")}}
rules.setdefault("points", {{}})["farm_city"] = 4
record["ruleset"] = rules
path = os.path.join({dir:?}, "case-%d.json" % os.getpid())
with open(path, "w") as f:
    json.dump(case, f)
os.execv({carca:?}, [{carca:?}, "verdict", path])
"#,
            carca = env!("CARGO_BIN_EXE_carca")
        ),
    )
    .expect("the script");
    let script = script.to_string_lossy().to_string();
    let (code, out, _) = binary(&[
        "conformance",
        "run",
        "--format",
        "json",
        "--",
        &python(),
        "-S",
        &script,
    ]);
    let v: Value = serde_json::from_str(&out).expect("a report");
    assert_eq!(code, 1);
    let cases = v["cases"].as_array().expect("cases");
    let words = |c: &Value, key: &str| -> Vec<String> {
        c[key]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .map(str::to_string)
            .collect()
    };
    // Exactly the cases where a farm was paid per completed city at that
    // rate (the second and third editions, and farmers scored when a barn
    // comes; the first edition and barns have rates of their own), each
    // named with §6.
    let per_city = |c: &Value| {
        words(c, "tags").iter().any(|t| {
            t == "award:second_edition" || t == "award:third_edition" || t == "award:barn_placed"
        })
    };
    let failed: Vec<&Value> = cases.iter().filter(|c| c["result"] == "fail").collect();
    let expected: Vec<&Value> = cases.iter().filter(|c| per_city(c)).collect();
    assert!(failed.len() >= 20, "{} failures", failed.len());
    for c in &failed {
        assert!(
            per_city(c) && words(c, "sections").iter().any(|s| s == "§6"),
            "{} fails though no farm is paid per city in it: {}",
            c["id"],
            c["why"]
        );
    }
    assert_eq!(
        failed.len(),
        expected.len(),
        "farm cases that pass: {:?}",
        expected
            .iter()
            .filter(|c| c["result"] != "fail")
            .map(|c| c["id"].clone())
            .collect::<Vec<_>>()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// What a new user does with docs/conformance.md alone: saves its adapter
/// for the toy engine and runs the suite against it; the toy skips every
/// case of an expansion and fails where it counts nothing, each failure
/// with the field that differs, as the page shows.
#[test]
fn the_adapter_of_the_docs_runs_the_suite() {
    let doc = std::fs::read_to_string("docs/conformance.md").expect("the docs");
    let adapter = doc
        .split("```python\n")
        .nth(1)
        .and_then(|b| b.split("```").next())
        .expect("an adapter in the docs");
    let dir = std::env::temp_dir().join(format!("carca-toy-adapter-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    let script = dir.join("toy_adapter.py");
    std::fs::write(&script, adapter).expect("the adapter");
    let script = script.to_string_lossy().to_string();
    let (code, out, _) = binary(&["conformance", "run", "--", &python(), "-S", &script]);
    assert_eq!(code, 1, "{out}");
    let line = "fail records:small-city  (§1 §2 §3 §4 §5 §7): totals: expected {\"blue\":2,\"red\":4}, got {\"blue\":0,\"red\":0}";
    assert!(out.contains(line), "{out}");
    assert!(
        doc.contains(line),
        "the docs show another failure than the run"
    );
    assert!(out.contains("skip generated:base+tower-1"), "{out}");
    let suite = shipped();
    let expansions = suite
        .cases
        .iter()
        .filter(|c| {
            c.tags
                .iter()
                .any(|t| t.starts_with("set:") && t != "set:base")
                || c.tags.iter().any(|t| t == "snapshot")
        })
        .count();
    assert!(
        out.contains(&format!("{expansions} skipped")),
        "{expansions} skips expected: {out}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// carca's verdicts follow their schema (`carca schema verdict`).
#[test]
fn verdicts_follow_their_schema() {
    let schema: Value = serde_json::from_str(
        &std::fs::read_to_string("docs/schema/verdict.json").expect("the schema"),
    )
    .expect("JSON");
    let validator = jsonschema::validator_for(&schema).expect("a schema");
    let suite = shipped();
    for c in &suite.cases {
        let v = serde_json::to_value(&c.verdict).expect("JSON");
        assert!(validator.is_valid(&v), "{}", c.id);
    }
}

/// More generated games are made on demand: run with them, and exported
/// with them into a suite file that runs as the shipped one does.
#[test]
fn more_generated_games_are_run_and_exported() {
    let engine = env!("CARGO_BIN_EXE_carca");
    let (code, out, err) = binary(&[
        "conformance",
        "run",
        "--generated",
        "1",
        "--tag",
        "generated",
        "--format",
        "json",
        "--",
        engine,
        "verdict",
    ]);
    let v: Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out} {err}"));
    assert_eq!(code, 0, "{out}");
    // The suite's own 32, and one more of each of the 8 mixes.
    assert_eq!(v["passed"], 40, "{out}");
    assert!(out.contains("generated:base+tower-1000"), "{out}");
    let dir = std::env::temp_dir().join(format!("carca-export-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    let file = dir.join("suite.json");
    let file = file.to_string_lossy().to_string();
    let (code, _, err) = binary(&["conformance", "export", "--generated", "1", "-o", &file]);
    assert_eq!(code, 0, "{err}");
    let exported: Suite =
        serde_json::from_str(&std::fs::read_to_string(&file).expect("written")).expect("a suite");
    let shipped = shipped();
    assert_eq!(exported.cases.len(), shipped.cases.len() + 8);
    // An existing file is left as it is without --force.
    let (code, _, err) = binary(&["conformance", "export", "-o", &file]);
    assert_eq!(code, 2, "{err}");
    let (code, out, _) = binary(&[
        "conformance",
        "run",
        "--suite",
        &file,
        "--tag",
        "set:tower",
        "--",
        engine,
        "verdict",
    ]);
    assert_eq!(code, 0, "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}
