//! Batch scoring: many records at once, in input order, with a summary.

use carca::cli::Args;
use clap::Parser;

use crate::common::{Scratch, carca, stdout_json};

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
    // The game of small-city.yaml, not yet declared over.
    let s = Scratch::new("moves");
    let text = std::fs::read_to_string("fixtures/records/small-city.yaml").expect("fixture");
    let open = s.write("open.yaml", text.replace("final: true", "").as_bytes());
    let out = carca(&["moves", &open, "--tile", "V"]);
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
        "1",
    ]);
    assert!(
        none.contains("C fits nowhere after turn 1 (blue to play): it may be discarded"),
        "{none}"
    );
    let json = carca(&[
        "moves",
        "fixtures/records/river-game.yaml",
        "--tile",
        "curve",
        "--turn",
        "2",
        "--format",
        "json",
    ]);
    assert!(json.contains("\"rot\": 270"), "{json}");
    let unknown = carca(&["moves", "fixtures/records/small-city.yaml", "--tile", "Z"]);
    assert!(unknown.starts_with("exit: 2"), "{unknown}");
}

#[test]
fn moves_list_where_builders_and_pigs_may_go() {
    // Before turn 3 of tb-builder.yaml red has a thief on the road: a U
    // that extends it may take red's builder there, and nowhere else.
    let out = carca(&[
        "moves",
        "fixtures/records/tb-builder.yaml",
        "--tile",
        "U",
        "--turn",
        "2",
    ]);
    assert!(out.starts_with("exit: 0"), "{out}");
    assert!(
        out.contains(
            "(2,0) rot   0: followers on NNE (field), ESE (field); the builder on E (road)"
        ),
        "{out}"
    );
    assert!(
        out.contains("(1,1) rot   0: followers on E (road), NNE (field), ESE (field)\n"),
        "{out}"
    );
    // Before turn 5 of tb-pig.yaml, red's pig may join red's farm only.
    let json = stdout_json(&carca(&[
        "moves",
        "fixtures/records/tb-pig.yaml",
        "--tile",
        "U",
        "--turn",
        "4",
        "--format",
        "json",
    ]));
    let pigs: Vec<String> = json["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .flat_map(|m| {
            m["others"]
                .as_array()
                .into_iter()
                .flatten()
                .map(move |o| format!("{} {} {}", m["at"], o["figure"], o["location"]))
        })
        .collect();
    assert!(
        pigs.iter().any(|p| p == "[-2,0] \"pig\" \"NNE\""),
        "{pigs:?}"
    );
    assert!(pigs.iter().all(|p| p.contains("pig")), "{pigs:?}");
    insta::assert_snapshot!(out);
}

#[test]
fn moves_list_where_mayors_wagons_and_barns_may_go() {
    // Before turn 5 of am-barn.yaml, a B at (1,-1) makes a corner of four
    // field quarters north-west of it: red's barn may go there; the farm
    // holds red's farmer, so no follower may go on the field.
    let out = carca(&[
        "moves",
        "fixtures/records/am-barn.yaml",
        "--tile",
        "B",
        "--turn",
        "4",
    ]);
    assert!(out.starts_with("exit: 0"), "{out}");
    assert!(
        out.contains(
            "(1,-1) rot   0: followers on C (cloister); the wagon on C (cloister); the barn on NW (field)\n"
        ),
        "{out}"
    );
    // Before turn 7, the barn's farm takes no farmer: a U at (2,0) offers
    // its north field only, and the wagon its road.
    let out = carca(&[
        "moves",
        "fixtures/records/am-barn.yaml",
        "--tile",
        "U",
        "--turn",
        "6",
    ]);
    assert!(
        out.contains("(2,0) rot   0: followers on E (road), NNE (field); the wagon on E (road)\n"),
        "{out}"
    );
    // A mayor goes in cities only.
    let out = carca(&[
        "moves",
        "fixtures/records/am-mayor.yaml",
        "--tile",
        "E",
        "--turn",
        "2",
    ]);
    assert!(out.contains("the mayor on N (city)"), "{out}");
    assert!(!out.contains("the mayor on NNE"), "{out}");
}

#[test]
fn turn_numbers_out_of_range_are_refused_with_the_range() {
    let game = "fixtures/records/small-city.yaml"; // two turns, then final
    let snapshot = "fixtures/records/worked-final-scoring.yaml";
    for (args, says) in [
        (
            vec!["moves", game, "--tile", "V", "--turn", "99"],
            "--turn 99 is out of range: 0 to 2 here (the record has 2 turns)",
        ),
        (
            vec!["moves", game, "--tile", "V"],
            "the game is over after turn 2",
        ),
        (
            vec!["moves", game, "--tile", "V", "--turn", "2"],
            "the game is over after turn 2",
        ),
        (
            vec!["render", game, "--turn", "3"],
            "--turn 3 is out of range: 0 to 2 here",
        ),
        (
            vec!["render", snapshot, "--turn", "1"],
            "a snapshot has no turns",
        ),
    ] {
        let out = carca(&args);
        assert!(out.starts_with("exit: 2"), "{args:?}: {out}");
        assert!(out.contains(says), "{args:?}: {out}");
    }
    for turn in ["18446744073709551615", "2000001", "x", "1.5"] {
        for command in [vec!["render", game], vec!["moves", game, "--tile", "V"]] {
            let mut args = command.clone();
            args.extend(["--turn", turn]);
            let parsed = Args::try_parse_from(std::iter::once("carca").chain(args.iter().copied()));
            let err = parsed.expect_err(turn).to_string();
            assert!(
                err.contains("from 0 (the start tile alone) to 2000000"),
                "{turn}: {err}"
            );
        }
    }
    // One meaning everywhere: after turn N, 0 the start tile alone.
    for args in [
        vec!["moves", game, "--tile", "V", "--turn", "1"],
        vec!["moves", game, "--tile", "V", "--turn", "0"],
        vec!["render", game, "--turn", "0"],
    ] {
        let ok = carca(&args);
        assert!(ok.starts_with("exit: 0"), "{args:?}: {ok}");
    }
    let first = carca(&["moves", game, "--tile", "V", "--turn", "0"]);
    assert!(first.contains("before the first turn"), "{first}");
    let second = carca(&["moves", game, "--tile", "V", "--turn", "1"]);
    assert!(second.contains("after turn 1"), "{second}");
}

#[test]
fn carca_test_decides_what_a_file_is_by_reading_it() {
    let s = Scratch::new("test-kinds");
    let body = "players: [red, blue]\nturns:\n  - { tile: E, at: [0, 1], rot: 180, meeple: S }\nfinal: true\nexpect:\n  modern: { red: 4, blue: 0 }\n";
    s.write("bom.yaml", format!("\u{feff}{body}").as_bytes());
    s.write(
        "quoted.yaml",
        body.replace("players:", "\"players\":").as_bytes(),
    );
    s.write(
        "flow.yaml",
        b"{players: [red, blue], turns: [{tile: E, at: [0, 1], rot: 180, meeple: S}], final: true, expect: {modern: {red: 4, blue: 0}}}",
    );
    s.write(
        "game.json",
        br#"{"players": ["red", "blue"], "turns": [{"tile": "E", "at": [0, 1], "rot": 180, "meeple": "S"}], "final": true, "expect": {"modern": {"red": 4, "blue": 0}}}"#,
    );
    // A tile set that mentions players in a comment is not a record.
    s.write(
        "set.yaml",
        b"# players: none here\nname: tiny\ntiles:\n  - { id: D, edges: CRFR, start: true }\n",
    );
    let dir = s.path("");
    let out = carca(&["test", &dir]);
    assert!(out.starts_with("exit: 0"), "{out}");
    assert!(out.contains("4 passed, 0 failed"), "{out}");
    assert!(!out.contains("set.yaml"), "{out}");
    // A folder with nothing to test says so.
    let empty = Scratch::new("test-empty");
    empty.write(
        "set.yaml",
        b"name: tiny\ntiles:\n  - { id: D, edges: CRFR, start: true }\n",
    );
    let out = carca(&["test", &empty.path("")]);
    assert!(out.starts_with("exit: 2"), "{out}");
    assert!(out.contains("nothing to test"), "{out}");
}

#[cfg(unix)]
#[test]
fn folder_scans_follow_no_folder_links_and_read_no_pipes() {
    use std::os::unix::fs::symlink;
    let s = Scratch::new("scan-links");
    s.write(
        "game.yaml",
        b"players: [red, blue]\nturns:\n  - { tile: U, at: [1, 0] }\nfinal: true\n",
    );
    symlink(".", s.path("loop")).expect("link");
    symlink("..", s.path("up")).expect("link");
    symlink("/dev/zero", s.path("zero.yaml")).expect("link");
    let fifo = s.path("pipe.yaml");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|st| st.success());
    let out = carca(&["score", &s.path("")]);
    assert!(
        out.contains("1 record: 1 legal, 0 with violations or mismatches, 0 unreadable"),
        "{out}"
    );
    assert!(
        out.contains("loop is a link to a folder: not followed"),
        "{out}"
    );
    assert!(
        out.contains("zero.yaml is a link to a device: passed over"),
        "{out}"
    );
    if made {
        assert!(
            out.contains("pipe.yaml is a named pipe: passed over"),
            "{out}"
        );
        // Named directly, as a record or as a tile set, a pipe is refused
        // without being opened.
        let out = carca(&["score", &fifo]);
        assert!(out.contains("carca::io::not_a_file"), "{out}");
        let record = s.write(
            "uses-pipe.yaml",
            b"tilesets: [pipe.yaml]\nplayers: [red]\nturns: []\n",
        );
        let out = carca(&["score", &record]);
        assert!(out.contains("carca::io::not_a_file"), "{out}");
    }
    let out = carca(&["score", &s.path("zero.yaml")]);
    assert!(out.contains("carca::io::not_a_file"), "{out}");
}

#[test]
fn a_file_over_the_limit_is_refused_before_it_is_read() {
    let s = Scratch::new("sparse");
    let path = s.path("huge.yaml");
    // A sparse file of 3 GB takes no room, and would take 3 GB to read.
    let f = std::fs::File::create(&path).expect("create");
    f.set_len(3 << 30).expect("sparse file");
    let out = carca(&["score", &path]);
    assert!(out.contains("carca::io::too_large"), "{out}");
    assert!(out.contains("3221225472 bytes"), "{out}");
}

#[test]
fn json_is_one_document_and_jsonl_one_line_per_result() {
    let body = |out: &str| -> String {
        out.split_once("--- stdout\n")
            .and_then(|(_, rest)| rest.split_once("--- stderr"))
            .map(|(b, _)| b.to_string())
            .expect("stdout")
    };
    // Several records as json: one array.
    let out = carca(&[
        "score",
        "fixtures/records/small-city.yaml",
        "fixtures/records/corner-cities.yaml",
        "--format",
        "json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&body(&out)).expect("one JSON document");
    assert_eq!(v.as_array().map(Vec::len), Some(2), "{out}");
    assert_eq!(v[0]["record"], "fixtures/records/small-city.yaml");
    // A folder too.
    let out = carca(&["score", "fixtures/records", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&body(&out)).expect("one JSON document");
    assert!(v.as_array().is_some_and(|a| a.len() > 10), "{out}");
    // compare and moves as jsonl: one line each.
    for args in [
        vec![
            "compare",
            "fixtures/records/small-city.yaml",
            "--format",
            "jsonl",
        ],
        vec![
            "moves",
            "fixtures/records/small-city.yaml",
            "--tile",
            "V",
            "--turn",
            "1",
            "--format",
            "jsonl",
        ],
    ] {
        let out = body(&carca(&args));
        assert_eq!(out.lines().count(), 1, "{args:?}: {out}");
        let _: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    }
}

#[test]
fn quiet_batches_print_only_the_summary() {
    let out = carca(&["score", "fixtures/records", "fixtures/illegal", "--quiet"]);
    assert!(out.starts_with("exit: 1"), "{out}");
    let lines: Vec<&str> = out
        .lines()
        .filter(|l| !l.starts_with("exit:") && !l.starts_with("---"))
        .collect();
    assert_eq!(lines.len(), 1, "{out}");
    assert!(lines[0].contains(" legal, "), "{out}");
}

#[test]
fn a_quiet_batch_counts_what_a_full_one_counts() {
    // A quiet batch prints no diagnostic, so it reads no record again for
    // its spans: its counts and exit code are the full batch's all the same.
    let summary = |out: &str| {
        let line = out
            .lines()
            .find(|l| l.contains(" legal, "))
            .unwrap_or_else(|| panic!("a summary: {out}"));
        line.split(" · ").next().unwrap_or_default().to_string()
    };
    let args = ["score", "fixtures/records", "fixtures/illegal"];
    let full = carca(&args);
    let quiet = carca(&[&args[..], &["--quiet"]].concat());
    assert_eq!(full.lines().next(), quiet.lines().next(), "the exit code");
    assert_eq!(summary(&full), summary(&quiet));
    assert!(!summary(&quiet).contains(", 0 with violations"), "{quiet}");
}

#[test]
fn a_jsonl_line_that_is_not_utf8_is_unreadable() {
    // The same record in a file of its own is unreadable; so is its line.
    let s = Scratch::new("jsonl-utf8");
    let mut bytes = br#"{"players": ["red"], "turns": []}"#.to_vec();
    bytes.push(b'\n');
    bytes.extend_from_slice(b"{\"players\": [\"r\xffd\"], \"turns\": []}\n");
    let path = s.write("games.jsonl", &bytes);
    let out = carca(&["score", &path, "--format", "jsonl"]);
    assert!(out.starts_with("exit: 2"), "{out}");
    let (_, rest) = out.split_once("--- stdout\n").expect("stdout");
    let (stdout, _) = rest.split_once("--- stderr\n").expect("stderr");
    let objects: Vec<serde_json::Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect();
    assert_eq!(objects.len(), 2, "{stdout}");
    assert_eq!(
        objects[1]["diagnostics"][0]["code"], "carca::io::not_utf8",
        "{stdout}"
    );
    assert!(
        !stdout.contains('\u{fffd}'),
        "no replaced character: {stdout}"
    );
}

#[test]
fn render_with_several_records_is_refused_not_ignored() {
    for args in [
        vec![
            "score",
            "fixtures/records/small-city.yaml",
            "fixtures/records/road-ends.yaml",
            "--render",
            "board.svg",
        ],
        vec![
            "score",
            "fixtures/records/small-city.yaml",
            "--format",
            "jsonl",
            "--render",
            "board.svg",
        ],
    ] {
        let out = carca(&args);
        assert!(out.starts_with("exit: 2"), "{out}");
        assert!(
            out.contains("--render draws the board of one record"),
            "{out}"
        );
        assert!(!std::path::Path::new("board.svg").exists());
    }
    let (code, _, stderr) = crate::common::binary(&[
        "score",
        "fixtures/batch/games.jsonl",
        "--render",
        "board.svg",
    ]);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("--render draws the board of one record"),
        "{stderr}"
    );
}

/// A folder's files are each read once, when they are scored: a tile set
/// beside the records is passed over whatever its place among them, and
/// the results, as text or as one JSON document, hold only the records.
#[test]
fn a_folder_read_once_passes_over_its_tile_sets() {
    let s = Scratch::new("batch-kinds");
    let set = b"name: tiny\ntiles:\n  - { id: D, edges: CRFR, start: true }\n";
    // Sorted first and last, so that neither end of the output has a record.
    s.write("a-set.yaml", set);
    s.write(
        "b-game.json",
        br#"{"players": ["red", "blue"], "turns": [{"tile": "E", "at": [0, 1], "rot": 180, "meeple": "S"}], "final": true}"#,
    );
    s.write(
        "c-game.yaml",
        b"players: [red, blue]\nturns:\n  - { tile: E, at: [0, 1], rot: 180, meeple: S }\nfinal: true\n",
    );
    s.write("d-broken.yaml", b"players: [red\n");
    s.write(
        "e-set.json",
        br#"{"name": "tiny", "tiles": [{"id": "D", "edges": "CRFR", "start": true}]}"#,
    );
    let dir = s.path("");
    let out = carca(&["score", &dir]);
    assert!(out.starts_with("exit: 2"), "{out}");
    assert!(out.contains("b-game.json  red 4, blue 0"), "{out}");
    assert!(out.contains("c-game.yaml  red 4, blue 0"), "{out}");
    assert!(
        out.contains("error ") && out.contains("d-broken.yaml"),
        "{out}"
    );
    assert!(!out.contains("-set."), "{out}");
    assert!(
        out.contains("3 records: 2 legal, 0 with violations or mismatches, 1 unreadable"),
        "{out}"
    );
    let out = carca(&["score", &dir, "--format", "json"]);
    let body = out
        .split_once("--- stdout\n")
        .and_then(|(_, rest)| rest.split_once("--- stderr"))
        .map(|(b, _)| b.to_string())
        .expect("stdout");
    let v: serde_json::Value = serde_json::from_str(&body).expect("one JSON document");
    let names: Vec<&str> = v
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|r| r["record"].as_str())
        .map(|n| n.rsplit('/').next().unwrap_or(n))
        .collect();
    assert_eq!(
        names,
        ["b-game.json", "c-game.yaml", "d-broken.yaml"],
        "{out}"
    );
}

/// Every follower spot `moves` lists for a placement, written into the
/// record as the next turn, scores legal: the two ask one question.
fn each_listed_spot_scores_legal(
    s: &Scratch,
    record: &str,
    tile: &str,
    at: &str,
    rot: u32,
) -> Vec<String> {
    let path = s.write("game.yaml", record.as_bytes());
    let out = carca(&["moves", &path, "--tile", tile, "--format", "json"]);
    let v = crate::common::stdout_json(&out);
    let player = v["player"].as_str().expect("a player").to_string();
    let moves = v["moves"].as_array().expect("moves");
    let m = moves
        .iter()
        .find(|m| {
            m["at"] == serde_json::from_str::<serde_json::Value>(at).expect("[x, y]")
                && m["rot"] == rot
        })
        .unwrap_or_else(|| panic!("{tile} at {at} rot {rot} is listed:\n{out}"));
    let spots: Vec<String> = m["followers"]
        .as_array()
        .expect("followers")
        .iter()
        .map(|f| f["location"].as_str().expect("a location").to_string())
        .collect();
    for spot in &spots {
        let next = format!(
            "{record}- {{player: {player}, tile: {tile}, at: {at}, rot: {rot}, meeple: \"{spot}\"}}\n"
        );
        let with = s.write("next.yaml", next.as_bytes());
        let scored = carca(&["score", &with]);
        assert!(
            scored.starts_with("exit: 0"),
            "`moves` lists {spot}, which `score` refuses:\n{scored}"
        );
    }
    spots
}

#[test]
fn moves_offers_only_what_the_referee_accepts() {
    let s = Scratch::new("moves-referee");
    // A base game: red's farmer holds the farm that the village's field
    // south-east of its crossing joins through the tile east of it.
    let base = "tilesets: [base]\nplayers: [red, blue]\nturns:\n\
        - {tile: S, at: [0, 1], rot: 90, meeple: WSW}\n\
        - {tile: U, at: [1, 0]}\n\
        - {tile: H, at: [1, 1], rot: 90}\n\
        - {tile: M, at: [1, 2], rot: 90, meeple: \"N\"}\n\
        - {tile: H, at: [0, 2], rot: 180, meeple: \"N\"}\n\
        - {tile: W, at: [-1, 0], rot: 270, meeple: SSW}\n\
        - {tile: B, at: [0, -1], rot: 180, meeple: C}\n\
        - {tile: U, at: [-2, 0], rot: 90}\n\
        - {tile: U, at: [-1, 2], rot: 90}\n\
        - {tile: V, at: [-2, -1], rot: 180, meeple: ESE}\n";
    let spots = each_listed_spot_scores_legal(&s, base, "L", "[-1,1]", 270);
    assert_eq!(
        spots,
        ["W", "N", "E", "S"],
        "no field of the village is free"
    );
    // A volcano calls the dragon at once: no follower goes on it.
    let volcano = "tilesets: [base, princess-dragon]\nplayers: [red, blue]\nturns:\n\
        - {tile: U, at: [1, 0], meeple: E}\n";
    let spots = each_listed_spot_scores_legal(&s, volcano, "PD01", "[0,-1]", 0);
    assert!(spots.is_empty(), "no spot on a volcano: {spots:?}");
}
