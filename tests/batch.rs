//! Batch scoring: many records at once, in input order, with a summary.

use crate::common::carca;

/// The output with the timing of the summary line blanked out.
fn steady(out: &str) -> String {
    out.lines()
        .map(|l| match l.find(" · ") {
            Some(i) if l.contains(" records/s)") => format!("{} · (timing)", &l[..i]),
            _ => l.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn a_folder_of_legal_records() {
    let out = carca(&["score", "fixtures/records"]);
    assert!(out.starts_with("exit: 0"), "{out}");
    let lines: Vec<&str> = out.lines().filter(|l| l.starts_with("ok ")).collect();
    let mut sorted = lines.clone();
    sorted.sort_unstable();
    assert_eq!(lines, sorted, "results come in input order");
    assert!(
        out.contains("ok    fixtures/records/small-city.yaml  red 4, blue 2"),
        "{out}"
    );
    assert!(
        out.contains(" legal, 0 with violations or mismatches, 0 unreadable"),
        "{out}"
    );
}

#[test]
fn jsonl_lines_with_problems() {
    let out = carca(&["score", "fixtures/batch/games.jsonl"]);
    assert!(out.starts_with("exit: 2"), "{out}");
    insta::assert_snapshot!(steady(&out));
}

#[test]
fn jsonl_output_is_one_object_per_record() {
    let out = carca(&["score", "fixtures/batch/games.jsonl", "--format", "jsonl"]);
    let (_, rest) = out.split_once("--- stdout\n").expect("stdout");
    let (stdout, stderr) = rest.split_once("--- stderr\n").expect("stderr");
    let objects: Vec<serde_json::Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect();
    assert_eq!(objects.len(), 7);
    assert_eq!(objects[4]["record"], "fixtures/batch/games.jsonl:5");
    assert_eq!(
        objects[4]["diagnostics"][0]["code"],
        "carca::record::rotation"
    );
    assert_eq!(
        objects[5]["diagnostics"][0]["code"],
        "carca::rules::no_contact"
    );
    assert!(
        objects[0]["totals"]
            .as_object()
            .is_some_and(|t| t.len() == 3)
    );
    assert!(
        stderr.contains("7 records: 5 legal, 1 with violations or mismatches, 1 unreadable"),
        "{stderr}"
    );
}

#[test]
fn several_files_and_a_missing_one() {
    let out = carca(&[
        "score",
        "fixtures/records/small-city.yaml",
        "fixtures/illegal/turn-order.yaml",
        "fixtures/records/no-such-game.yaml",
    ]);
    assert!(out.starts_with("exit: 2"), "{out}");
    insta::assert_snapshot!(steady(&out));
}

#[test]
fn moves_lists_placements_and_follower_spots() {
    let out = carca(&["moves", "fixtures/records/small-city.yaml", "--tile", "V"]);
    assert!(out.starts_with("exit: 0"), "{out}");
    insta::assert_snapshot!(out);
    // Blue's thief holds the start road, so a V joining it offers no road spot.
    assert!(
        out.contains("(2,0) rot   0: followers on NNE (field), SSW (field)"),
        "{out}"
    );
    let none = carca(&[
        "moves",
        "fixtures/records/discard-legal.yaml",
        "--tile",
        "C",
        "--turn",
        "2",
    ]);
    assert!(
        none.contains("C fits nowhere before turn 2 (blue to play): it may be discarded"),
        "{none}"
    );
    let json = carca(&[
        "moves",
        "fixtures/records/river-game.yaml",
        "--tile",
        "curve",
        "--turn",
        "3",
        "--format",
        "json",
    ]);
    assert!(json.contains("\"rot\": 270"), "{json}");
    let unknown = carca(&["moves", "fixtures/records/small-city.yaml", "--tile", "Z"]);
    assert!(unknown.starts_with("exit: 2"), "{unknown}");
}
