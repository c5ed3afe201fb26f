//! The JSON Schemas: committed copies match what carca prints, every shipped
//! file validates, and the schema errors among the broken fixtures are
//! rejected.

use std::path::Path;

use crate::common::carca;

fn schema(kind: &str) -> serde_json::Value {
    let out = carca(&["schema", kind]);
    let (_, rest) = out.split_once("--- stdout\n").expect("stdout");
    let (json, _) = rest.split_once("--- stderr").expect("stderr");
    let printed: serde_json::Value = serde_json::from_str(json).expect("JSON");
    let committed: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(format!("docs/schema/{kind}.json")).expect("committed schema"),
    )
    .expect("JSON");
    assert_eq!(
        printed, committed,
        "docs/schema/{kind}.json is out of date: run `carca schema {kind}`"
    );
    printed
}

fn yaml(path: &str) -> serde_json::Value {
    let text = std::fs::read_to_string(path).expect("file");
    // YAML 1.2, as editors read it: only `true` and `false` are booleans
    // (`N`, a tile id and an edge, stays a string).
    let options = serde_saphyr::options! { strict_booleans: true };
    serde_saphyr::from_str_with_options(&text, options).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn toml_file(path: &str) -> serde_json::Value {
    let text = std::fs::read_to_string(path).expect("file");
    let v: toml::Value = toml::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::to_value(v).expect("JSON")
}

fn files(dir: &str, ext: &str) -> Vec<String> {
    let mut out: Vec<String> = std::fs::read_dir(dir)
        .expect("folder")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == ext))
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    out.sort();
    out
}

#[test]
fn shipped_files_validate() {
    let tileset = jsonschema::validator_for(&schema("tileset")).expect("tile-set schema");
    let record = jsonschema::validator_for(&schema("record")).expect("record schema");
    let ruleset = jsonschema::validator_for(&schema("ruleset")).expect("ruleset schema");
    for f in files("tilesets", "yaml")
        .into_iter()
        .chain(files("fixtures/sets", "yaml"))
        .chain(["docs/examples/meadows.yaml".to_string()])
    {
        let errors: Vec<String> = tileset
            .iter_errors(&yaml(&f))
            .map(|e| e.to_string())
            .collect();
        assert!(errors.is_empty(), "{f}: {errors:?}");
    }
    for f in files("fixtures/records", "yaml")
        .into_iter()
        .chain(files("fixtures/jcz", "yaml"))
        .chain(
            ["friday", "snapshot", "editor", "reference/final-farm"]
                .map(|f| format!("docs/examples/{f}.yaml")),
        )
    {
        let errors: Vec<String> = record
            .iter_errors(&yaml(&f))
            .map(|e| e.to_string())
            .collect();
        assert!(errors.is_empty(), "{f}: {errors:?}");
    }
    for f in files("rulesets", "toml").into_iter().chain(
        [
            "fixtures/rulesets/house-rules.toml",
            "docs/examples/house.toml",
            "docs/examples/editor.toml",
        ]
        .map(String::from),
    ) {
        let errors: Vec<String> = ruleset
            .iter_errors(&toml_file(&f))
            .map(|e| e.to_string())
            .collect();
        assert!(errors.is_empty(), "{f}: {errors:?}");
    }
}

#[test]
fn schema_errors_in_broken_fixtures_are_rejected() {
    let tileset = jsonschema::validator_for(&schema("tileset")).expect("tile-set schema");
    let record = jsonschema::validator_for(&schema("record")).expect("record schema");
    let ruleset = jsonschema::validator_for(&schema("ruleset")).expect("ruleset schema");
    for name in [
        "unknown-key",
        "wrong-type",
        "edge-code-length",
        "edge-code-letter",
        "count-zero",
        "empty",
        "bad-id",
    ] {
        let f = format!("fixtures/tilesets/{name}.yaml");
        assert!(
            !tileset.is_valid(&yaml(&f)),
            "{f} should break the tile-set schema"
        );
    }
    for name in [
        "unknown-key",
        "wrong-type",
        "bad-rotation",
        "bad-position",
        "no-players",
        "bad-inline-ruleset",
    ] {
        let f = format!("fixtures/malformed/{name}.yaml");
        assert!(
            !record.is_valid(&yaml(&f)),
            "{f} should break the record schema"
        );
    }
    for name in ["unknown-key", "bad-value", "wrong-type", "bad-followers"] {
        let f = format!("fixtures/rulesets/{name}.toml");
        assert!(
            !ruleset.is_valid(&toml_file(&f)),
            "{f} should break the ruleset schema"
        );
    }
    assert!(
        Path::new("docs/editors.md").exists(),
        "docs/editors.md explains how to use the schemas"
    );
}

/// The walk that reports every unknown key finds none in a shipped file:
/// it never adds a false diagnostic to a file that fails for another reason.
#[test]
fn no_shipped_file_has_an_unknown_key() {
    let aliases = [("spot", "meeple"), ("meeple", "spot")];
    let record = carca::record::schema(
        &carca::expansions::OPTIONS,
        &carca::expansions::RATES,
        carca::expansions::RECORD_KEYS,
    );
    let tileset = carca::tileset::schema();
    let ruleset = carca::rules::schema();
    let mut checked = 0;
    for dir in [
        "fixtures/records",
        "fixtures/jcz",
        "fixtures/illegal",
        "docs/examples",
    ] {
        for f in files(dir, "yaml") {
            let text = std::fs::read_to_string(&f).expect("file");
            if text.lines().any(|l| l.starts_with("tiles:")) {
                continue;
            }
            assert_eq!(carca::keys::yaml(&text, &record, &aliases), [], "{f}");
            checked += 1;
        }
    }
    for dir in ["tilesets", "fixtures/sets", "docs/examples"] {
        for f in files(dir, "yaml") {
            let text = std::fs::read_to_string(&f).expect("file");
            if !text.lines().any(|l| l.starts_with("tiles:")) {
                continue;
            }
            assert_eq!(carca::keys::yaml(&text, &tileset, &[]), [], "{f}");
            checked += 1;
        }
    }
    for dir in ["rulesets", "docs/examples", "fixtures/records"] {
        for f in files(dir, "toml") {
            let text = std::fs::read_to_string(&f).expect("file");
            assert_eq!(carca::keys::toml(&text, &ruleset), [], "{f}");
            checked += 1;
        }
    }
    assert!(checked > 60, "{checked}");
}

/// A record with three misspelt keys: every one is reported, with the key
/// that was meant.
#[test]
fn every_unknown_key_is_reported_with_a_suggestion() {
    let out = carca(&["score", "fixtures/malformed/unknown-keys.yaml"]);
    insta::assert_snapshot!(out);
    assert!(out.starts_with("exit: 2"), "{out}");
    for key in ["rotation", "meple", "smallcity"] {
        assert!(
            out.contains(&format!("unknown key `{key}`")),
            "{key}: {out}"
        );
    }
    assert!(out.contains("did you mean `rot`?"), "{out}");
    assert!(out.contains("did you mean `meeple`?"), "{out}");
}

/// `carca score --format json` is built from the types `carca schema score`
/// describes: every fixture's output, legal, illegal or unreadable (a short
/// object of its own), under its own ruleset and the others, validates
/// against the schema.
#[test]
fn score_output_validates_against_its_schema() {
    let validator = jsonschema::validator_for(&schema("score")).expect("score schema");
    let mut checked = 0;
    for dir in [
        "fixtures/records",
        "fixtures/illegal",
        "fixtures/malformed",
        "fixtures/jcz",
        "fixtures/hostile",
    ] {
        for ext in ["yaml", "jcz", "json"] {
            for f in files(dir, ext) {
                for rules in [None, Some("first-edition"), Some("tournament")] {
                    let mut args = vec!["score", f.as_str(), "--format", "json"];
                    if let Some(r) = rules {
                        args.extend(["--rules", r]);
                    }
                    let out = carca(&args);
                    let Some((_, rest)) = out.split_once("--- stdout\n") else {
                        continue;
                    };
                    let json = rest.split("--- stderr").next().unwrap_or_default();
                    let Ok(v) = serde_json::from_str::<serde_json::Value>(json) else {
                        continue;
                    };
                    let errors: Vec<String> =
                        validator.iter_errors(&v).map(|e| e.to_string()).collect();
                    assert!(errors.is_empty(), "{f} ({rules:?}): {errors:?}");
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 100, "only {checked} outputs checked");
}

/// The score schema is strict enough to catch a wrong output: a missing
/// field, a field of the wrong type, a field it does not know.
#[test]
fn the_score_schema_rejects_wrong_outputs() {
    let validator = jsonschema::validator_for(&schema("score")).expect("score schema");
    let out = carca(&["score", "fixtures/records/ic-inns.yaml", "--format", "json"]);
    let json = out
        .split_once("--- stdout\n")
        .and_then(|(_, r)| r.split("--- stderr").next())
        .expect("stdout");
    let good: serde_json::Value = serde_json::from_str(json).expect("JSON");
    assert!(validator.is_valid(&good));
    let mut wrong_type = good.clone();
    wrong_type["totals"]["red"] = serde_json::json!("fourteen");
    assert!(!validator.is_valid(&wrong_type));
    let mut missing = good.clone();
    missing["events"][0]
        .as_object_mut()
        .expect("event")
        .remove("award");
    assert!(!validator.is_valid(&missing));
    let mut unknown = good;
    unknown["events"][0]["feature"]["colour"] = serde_json::json!("red");
    assert!(!validator.is_valid(&unknown));
}

/// The JSON on standard output of a run of carca.
fn stdout_of(out: &str) -> serde_json::Value {
    let (_, rest) = out.split_once("--- stdout\n").expect("stdout");
    let (json, _) = rest.split_once("--- stderr").expect("stderr");
    serde_json::from_str(json).unwrap_or_else(|e| panic!("{e}: {out}"))
}

/// `moves`, `compare`, `test` and `tiles check` print JSON built from the
/// types their schemas describe: outputs of every kind (legal, illegal,
/// expansions, a fan set's own figures, defective and unreadable sets)
/// validate, and the committed schemas are up to date.
#[test]
fn every_json_output_validates_against_its_schema() {
    let check = |kind: &str, args: &[&str]| {
        let validator = jsonschema::validator_for(&schema(kind)).expect("schema");
        let out = carca(args);
        let v = stdout_of(&out);
        let errors: Vec<String> = validator.iter_errors(&v).map(|e| e.to_string()).collect();
        assert!(errors.is_empty(), "{kind} {args:?}: {errors:?}\n{v}");
    };
    for (record, tile, turn) in [
        ("fixtures/records/tb-builder.yaml", "U", "6"),
        ("fixtures/records/declared-figures-history.yaml", "U", "2"),
        ("fixtures/records/abbey-final-round.yaml", "B", "2"),
        ("fixtures/records/river-game.yaml", "bridge", "3"),
        ("fixtures/records/no-such-record.yaml", "U", "0"),
        ("fixtures/records/full-game-72.yaml", "V", "39"),
        ("fixtures/records/am-wagon.yaml", "T", "2"),
        ("fixtures/records/am-barn.yaml", "B", "4"),
        ("fixtures/records/tw-capture-range.yaml", "B", "4"),
    ] {
        check(
            "moves",
            &[
                "moves", record, "--tile", tile, "--turn", turn, "--format", "json",
            ],
        );
        check(
            "compare",
            &[
                "compare",
                record,
                "--rules",
                "modern,first-edition,fixtures/house-rules/big-followers.toml",
                "--format",
                "json",
            ],
        );
    }
    check(
        "compare",
        &[
            "compare",
            "fixtures/illegal/edge-mismatch.yaml",
            "--rules",
            "modern,second-edition",
            "--format",
            "json",
        ],
    );
    check("test", &["test", "fixtures/records", "--format", "json"]);
    check(
        "test",
        &[
            "test",
            "fixtures/illegal/claim-mismatch.yaml",
            "fixtures/records/small-city.yaml",
            "--format",
            "json",
        ],
    );
    let mut sets: Vec<String> = files("fixtures/tilesets", "yaml");
    sets.extend(files("fixtures/sets", "yaml"));
    sets.push("tilesets/base.yaml".to_string());
    let mut args = vec!["tiles", "check", "--format", "json"];
    args.extend(sets.iter().map(String::as_str));
    check("tiles-check", &args);
}

/// Every committed schema under `docs/schema/` is what `carca schema`
/// prints, and every kind `carca schema` knows is committed.
#[test]
fn every_committed_schema_is_up_to_date() {
    let kinds = [
        "tileset",
        "record",
        "ruleset",
        "score",
        "moves",
        "compare",
        "test",
        "tiles-check",
        "board",
        "serve-record",
        "serve-rulesets",
        "serve-tilesets",
        "serve-initial",
        "verdict",
    ];
    for kind in kinds {
        let s = schema(kind);
        assert!(s["title"].is_string(), "{kind}");
    }
    let committed = files("docs/schema", "json");
    assert_eq!(committed.len(), kinds.len(), "{committed:?}");
}
