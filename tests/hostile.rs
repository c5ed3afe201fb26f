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
