//! Hostile input: every file in fixtures/hostile/ is refused with a
//! diagnostic and exit code 2 (CRLF line ends are fine), and so are inputs
//! too large to commit, made here.

use std::fmt::Write;

use crate::common::{Scratch, binary, carca, relative};

#[test]
fn hostile_fixtures_are_refused() {
    insta::glob!("../fixtures/hostile", "*.*", |path| {
        let file = relative(path);
        let toml = path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("toml"));
        let out = if toml {
            carca(&[
                "score",
                "fixtures/records/small-city.yaml",
                "--rules",
                &file,
            ])
        } else if file.contains("tile-bomb") {
            carca(&["tiles", "check", &file])
        } else {
            carca(&["score", &file])
        };
        if file.contains("crlf") {
            assert!(
                out.starts_with("exit: 0"),
                "CRLF line ends read like LF: {out}"
            );
        } else {
            assert!(out.starts_with("exit: 2"), "{file}: {out}");
            assert!(out.contains("carca::"), "{file}: {out}");
        }
        insta::assert_snapshot!(out);
    });
}

#[test]
fn a_file_over_the_size_limit_is_not_read() {
    let s = Scratch::new("size");
    let mut text = String::from("players: [red, blue]\nturns:\n");
    while text.len() <= 17 * 1024 * 1024 {
        text.push_str("  - { tile: U, at: [1, 0] }\n");
    }
    let path = s.write("huge.yaml", text.as_bytes());
    let out = carca(&["score", &path]);
    assert!(
        out.starts_with("exit: 2") && out.contains("carca::io::too_large"),
        "{out}"
    );
    // The limit is process-wide: tests that change it run the binary.
    let (code, _, stderr) = binary(&["score", &path, "--max-file-mib", "1"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("carca::io::too_large"), "{stderr}");
}

#[test]
fn deep_nesting_is_refused_without_exhausting_the_stack() {
    let s = Scratch::new("deep");
    let depth = 100_000;
    let nest = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
    for (file, text) in [
        ("deep.yaml", format!("players: {nest}\nturns: []\n")),
        (
            "deep.json",
            format!("{{\"players\": {nest}, \"turns\": []}}"),
        ),
        (
            "deep.jcz",
            format!("{{\"setup\": {{}}, \"replay\": {nest}}}"),
        ),
    ] {
        let out = carca(&["score", &s.write(file, text.as_bytes())]);
        assert!(out.starts_with("exit: 2"), "{file}: {out}");
    }
}

#[test]
fn long_lines_and_long_lists_get_an_answer() {
    let s = Scratch::new("long");
    // A megabyte-long description is odd but legal.
    let long = format!(
        "description: \"{}\"\nplayers: [red, blue]\nturns:\n  - {{ tile: U, at: [1, 0] }}\nfinal: true\n",
        "x".repeat(1 << 20)
    );
    let out = carca(&["score", &s.write("long.yaml", long.as_bytes())]);
    assert!(out.starts_with("exit: 0"), "{}", &out[..out.len().min(300)]);
    // Two thousand turns on the same spot: every one after the first is a
    // violation, reported, and the run ends.
    let mut many = String::from("players: [red, blue]\nturns:\n");
    for _ in 0..2_000 {
        many.push_str("  - { tile: U, at: [1, 0] }\n");
    }
    let out = carca(&["score", &s.write("many.yaml", many.as_bytes())]);
    assert!(out.starts_with("exit: 1"), "{}", &out[..out.len().min(300)]);
    // A .jsonl line longer than the limit is refused, the others are read.
    let mut lines = String::new();
    let _ = writeln!(
        lines,
        "{{\"players\": [\"a\"], \"turns\": [], \"final\": true}}"
    );
    let _ = writeln!(
        lines,
        "{{\"description\": \"{}\", \"players\": [\"a\"], \"turns\": []}}",
        "y".repeat(2 << 20)
    );
    let _ = writeln!(
        lines,
        "{{\"players\": [\"b\"], \"turns\": [], \"final\": true}}"
    );
    let (code, stdout, stderr) = binary(&[
        "score",
        &s.write("games.jsonl", lines.as_bytes()),
        "--max-file-mib",
        "1",
    ]);
    assert_eq!(code, 2);
    assert!(
        stdout.contains("3 records: 2 legal, 0 with violations or mismatches, 1 unreadable"),
        "{stdout}"
    );
    assert!(stderr.contains("carca::io::too_large"), "{stderr}");
}

/// A 2,000-tile game as one JSON line (about 70 KB), with claims that are
/// wrong, so that its diagnostics point past column 65,535.
fn long_line_game(players: [&str; 2]) -> String {
    let (code, json, _) = binary(&["gen", "--tiles", "2000", "--format", "json"]);
    assert_eq!(code, 0);
    let mut v: serde_json::Value = serde_json::from_str(&json).expect("a JSON record");
    v["players"] = serde_json::json!(players);
    v["claims"] = serde_json::json!({ players[0]: 1, players[1]: 1 });
    serde_json::to_string(&v).expect("JSON")
}

#[test]
fn diagnostics_far_along_a_long_line_are_drawn_in_a_window() {
    let s = Scratch::new("long-line");
    let game = long_line_game(["red", "blue"]);
    assert!(game.len() > 65_536 && !game.contains('\n'));
    let out = carca(&["score", &s.write("long.json", game.as_bytes())]);
    assert!(out.starts_with("exit: 1"), "{}", &out[..out.len().min(400)]);
    assert!(out.contains("carca::score::claim_mismatch"), "{out}");
    // The snippet is a window of the line, not the whole 70 KB of it.
    assert!(out.len() < 20_000, "{} bytes", out.len());
    assert!(out.contains("…"), "{out}");
    // In a batch, that line and every other get their result.
    let mut lines = String::new();
    for i in 0..20 {
        if i % 5 == 2 {
            lines.push_str(&game);
        } else {
            lines.push_str(r#"{"players": ["a"], "turns": [], "final": true}"#);
        }
        lines.push('\n');
    }
    let (code, stdout, _) = binary(&["score", &s.write("games.jsonl", lines.as_bytes())]);
    assert_eq!(code, 1);
    assert!(
        stdout.contains("20 records: 16 legal, 4 with violations or mismatches, 0 unreadable"),
        "{stdout}"
    );
}

#[test]
fn long_names_are_cut_in_reports() {
    let s = Scratch::new("long-name");
    let name = "r".repeat(70_000);
    let record = format!(
        "players: [\"{name}\", blue]\nruleset: {{ name: \"{name}\", extends: modern }}\nturns:\n  - {{ tile: U, at: [1, 0], meeple: E }}\nfinal: true\n"
    );
    let path = s.write("long-name.yaml", record.as_bytes());
    for command in ["score", "compare"] {
        let out = carca(&[command, &path]);
        assert!(out.starts_with("exit: 0"), "{command}: {}", &out[..400]);
        assert!(out.lines().all(|l| l.chars().count() < 400), "{command}");
        assert!(out.contains(&format!("{}…", "r".repeat(59))), "{command}");
    }
    // JSON keeps the name exactly.
    let json = carca(&["score", &path, "--format", "json"]);
    assert!(json.contains(&name));
}

#[test]
fn many_violations_are_counted_not_all_drawn() {
    let s = Scratch::new("many-violations");
    let mut many = String::from("players: [red, blue]\nturns:\n");
    for _ in 0..500 {
        many.push_str("  - { tile: U, at: [1, 0] }\n");
    }
    let path = s.write("many.yaml", many.as_bytes());
    let out = carca(&["score", &path]);
    assert!(out.starts_with("exit: 1"));
    let drawn = out.lines().filter(|l| l.starts_with("carca::")).count();
    assert_eq!(drawn, 100);
    assert!(
        out.contains("more diagnostics not shown (carca::rules::occupied_position ×"),
        "{}",
        &out[out.len().saturating_sub(600)..]
    );
    let json = crate::common::stdout_json(&carca(&["score", &path, "--format", "json"]));
    assert!(json["diagnostics"].as_array().expect("diagnostics").len() > 900);
}

#[test]
fn control_and_bidi_characters_never_reach_the_terminal() {
    let s = Scratch::new("escape");
    // A clear-screen escape, a right-to-left override and a zero-width space
    // in player names, as JSON escapes so that the file is valid YAML too.
    let record = r#"{"players": ["\u001b[2Jred", "\u202eeulb", "red\u200b"], "turns": [{"tile": "U", "at": [1, 0], "meeple": "E"}], "final": true, "claims": {"\u001b[2Jred": 9}}"#;
    let path = s.write("escape.json", record.as_bytes());
    for args in [
        vec!["score", path.as_str()],
        vec!["compare", path.as_str()],
        vec!["score", path.as_str(), path.as_str()],
    ] {
        let out = carca(&args);
        for c in ['\u{1b}', '\u{202e}', '\u{200b}'] {
            assert!(!out.contains(c), "{args:?} prints {c:?}: {out}");
        }
        assert!(out.contains("\\u{1b}[2Jred"), "{args:?}: {out}");
        assert!(out.contains("red\\u{200b}"), "{args:?}: {out}");
    }
    // A file name with a line break cannot forge a line of batch output.
    let forged = s.write(
        "x.yaml\nok    y.yaml  red 99",
        b"players: [a]\nturns: []\nfinal: true\n",
    );
    let out = carca(&["score", &forged, &path]);
    assert!(!out.lines().any(|l| l.starts_with("ok    y.yaml")), "{out}");
    // JSON output keeps every string exactly.
    let json = carca(&["score", &path, "--format", "json"]);
    assert!(json.contains("\\u001b[2Jred"), "{json}");
}

/// The first diagnostic code a command printed.
fn first_code(out: &str) -> Option<&str> {
    out.lines().find(|l| l.starts_with("carca::"))
}

#[test]
fn one_record_one_verdict_whichever_command_reads_it() {
    let mut files: Vec<String> = Vec::new();
    for dir in ["fixtures/hostile", "fixtures/malformed", "fixtures/records"] {
        for entry in std::fs::read_dir(dir).expect("fixtures") {
            let path = entry.expect("entry").path();
            if path.extension().is_some_and(|e| e == "json" || e == "yaml") {
                files.push(relative(&path));
            }
        }
    }
    files.sort();
    for file in &files {
        let score = carca(&["score", file]);
        let unreadable = score.starts_with("exit: 2");
        // compare adjudicates as score does: the same verdict.
        let compare = carca(&["compare", file]);
        assert_eq!(
            compare.starts_with("exit: 2"),
            unreadable,
            "{file}: score and compare disagree:\n{score}\n{compare}"
        );
        if unreadable {
            assert_eq!(first_code(&compare), first_code(&score), "{file}");
        }
        // render only reads and draws: a file it cannot read, score cannot
        // either, and a file that no reader takes, render refuses too.
        let render = carca(&["render", file]);
        if render.starts_with("exit: 2") {
            assert!(
                unreadable,
                "{file}: render refuses what score reads:\n{render}"
            );
        }
        if first_code(&score).is_some_and(|c| c.starts_with("carca::record::yaml")) {
            assert!(render.starts_with("exit: 2"), "{file}: {render}");
            assert_eq!(first_code(&render), first_code(&score), "{file}");
        }
    }
}

#[test]
fn a_record_cannot_make_carca_show_other_files() {
    let s = Scratch::new("disclosure");
    let secret = s.write("secret.txt", b"password = hunter2\ntoken: hunter2\n");
    let parent = s.write("parent.toml", format!("extends = {secret:?}\n").as_bytes());
    for (file, text) in [
        (
            "rules.yaml",
            format!("rules: {secret:?}\nplayers: [red]\nturns: []\n"),
        ),
        (
            "tiles.yaml",
            format!("tilesets: [base, {secret:?}]\nplayers: [red]\nturns: []\n"),
        ),
        (
            "extends.yaml",
            format!("rules: {parent:?}\nplayers: [red]\nturns: []\n"),
        ),
        (
            "inline.yaml",
            format!("ruleset: {{ extends: {secret:?} }}\nplayers: [red]\nturns: []\n"),
        ),
    ] {
        let out = carca(&["score", &s.write(file, text.as_bytes())]);
        assert!(out.starts_with("exit: 2"), "{file}: {out}");
        assert!(!out.contains("hunter2"), "{file} shows the file: {out}");
        assert!(out.contains("carca::io::wrong_kind"), "{file}: {out}");
    }
    // A tile set whose error spans the whole file is quoted a few lines at
    // most.
    let mut long = String::from("name: x\ntiles:\n");
    for i in 0..200 {
        let _ = writeln!(long, "  - line {i}");
    }
    long.push_str("  ]\n");
    let out = carca(&["tiles", "check", &s.write("broken.yaml", long.as_bytes())]);
    assert!(out.lines().count() < 30, "{out}");
}

/// A set that declares 20,000 figures and gives each a count is refused
/// for its size, each count passed over once: the checks of the names
/// are sets, not lists searched for every name.
#[test]
fn many_figure_declarations_with_counts_are_refused_at_once() {
    let s = Scratch::new("many-figures");
    let n = 20_000;
    let mut text = String::from("name: many\nrequires: [base]\nfigure_kinds:\n");
    for i in 0..n {
        let _ = writeln!(text, "  - {{ name: f{i}, stands: [road] }}");
    }
    let counts: Vec<String> = (0..n).map(|i| format!("f{i}: 1")).collect();
    let _ = writeln!(text, "figures: {{{}}}", counts.join(", "));
    text.push_str("tiles:\n  - { id: X1, edges: FRFR }\n");
    let path = s.write("many.yaml", text.as_bytes());
    let out = carca(&["tiles", "check", &path]);
    assert!(
        out.starts_with("exit: 2"),
        "{}",
        &out[..out.len().min(2000)]
    );
    assert!(
        out.contains("carca::tileset::too_large"),
        "{}",
        &out[..out.len().min(2000)]
    );
    assert!(
        !out.contains("bad_figure"),
        "no count is reported as an unknown figure"
    );
}
