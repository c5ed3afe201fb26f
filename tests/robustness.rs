//! Malformed input never panics: every mutation of a shipped file either
//! parses or yields diagnostics with codes.

use carca::source::SourceFile;
use carca::tileset::parse;

/// A small deterministic generator (xorshift), so failures reproduce.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

const PIECES: &[&str] = &[
    "",
    " ",
    "\n",
    "-",
    ":",
    "[",
    "]",
    "{",
    "}",
    "&a",
    "*a",
    "!!str",
    "#",
    "'",
    "\"",
    "0",
    "-1",
    "99999999999",
    "true",
    "C",
    "R",
    "F",
    "I",
    "A",
    "X",
    "N",
    "NNE",
    "edges",
    "cities",
    "fields",
    "halves",
    "touches",
    "ends",
    "village",
    "#x",
    "~",
    "null",
    "\t",
    "é",
];

#[test]
fn mutated_tile_sets_never_panic() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let originals = [
        carca::tileset::builtin::source("base").unwrap_or_default(),
        carca::tileset::builtin::source("river").unwrap_or_default(),
    ];
    let (mut ok, mut failed) = (0, 0);
    for round in 0..3000 {
        let original = originals[round % 2];
        let mut text: Vec<char> = original.chars().collect();
        for _ in 0..=rng.below(4) {
            let at = rng.below(text.len() + 1);
            let len = rng.below(6).min(text.len() - at.min(text.len()));
            let piece: Vec<char> = PIECES[rng.below(PIECES.len())].chars().collect();
            text.splice(at..at + len, piece);
        }
        let text: String = text.into_iter().collect();
        match parse(
            crate::common::loader(),
            &SourceFile::new("mutant.yaml", text),
        ) {
            Ok(_) => ok += 1,
            Err(findings) => {
                assert!(!findings.is_empty(), "an error comes with findings");
                for f in &findings {
                    assert!(f.code_string().starts_with("carca::"), "{f:?}");
                }
                failed += 1;
            }
        }
    }
    assert!(
        failed > 0 && ok > 0,
        "mutations should both break and keep files: {ok} ok, {failed} failed"
    );
}

#[test]
fn mutated_records_never_panic() {
    use carca::engine::adjudicate;
    use carca::rules::Ruleset;
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/records");
    let mut originals: Vec<String> = std::fs::read_dir(dir)
        .expect("fixtures")
        .filter_map(Result::ok)
        .filter(|e| e.path().extension().is_some_and(|x| x == "yaml"))
        .filter_map(|e| std::fs::read_to_string(e.path()).ok())
        .collect();
    originals.sort();
    let rules = Ruleset::modern();
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let (mut scored, mut rejected) = (0, 0);
    for round in 0..1500 {
        let original = &originals[round % originals.len()];
        let mut text: Vec<char> = original.chars().collect();
        for _ in 0..=rng.below(3) {
            let at = rng.below(text.len() + 1);
            let len = rng.below(6).min(text.len() - at.min(text.len()));
            let piece: Vec<char> = RECORD_PIECES[rng.below(RECORD_PIECES.len())]
                .chars()
                .collect();
            text.splice(at..at + len, piece);
        }
        let src = SourceFile::new("mutant.yaml", text.into_iter().collect::<String>());
        match carca::record::parse(crate::common::loader(), &src, std::path::Path::new(dir)) {
            Ok(rec) => {
                let a = adjudicate(&rec, &rules, "modern", true, &carca::expansions::ALL);
                assert_eq!(a.totals.len(), rec.players.len());
                scored += 1;
            }
            Err(findings) => {
                assert!(!findings.is_empty());
                rejected += 1;
            }
        }
    }
    assert!(
        scored > 0 && rejected > 0,
        "{scored} scored, {rejected} rejected"
    );
}

const RECORD_PIECES: &[&str] = &[
    "",
    " ",
    "\n",
    "-1",
    "0",
    "90",
    "180",
    "45",
    "[",
    "]",
    "{",
    "}",
    "D",
    "X",
    "C",
    "Abbey",
    "B",
    "N",
    "NNE",
    "NE",
    "#x",
    "meeple: C",
    "discard: C",
    "player: blue",
    "2147483647",
    "-2147483648",
    "99999999999999",
    "true",
    "final: true",
    "at: [0, 0]",
    "rot: 270",
    "~",
    "&a",
    "*a",
];

/// The `engine_moves` fuzz target's driver, so that its corpus replays here.
mod engine_moves {
    include!("../fuzz/drive/engine_moves.rs");
}

/// The text fuzz targets' drivers, so that their seeds replay here.
#[allow(dead_code)]
mod targets {
    include!("../fuzz/drive/targets.rs");
}

/// The committed seeds of a fuzz target (what `fuzz/run.sh` starts from):
/// fixture folders, `fuzz/seeds/TARGET` and `fuzz/regressions/TARGET`.
fn seeds(target: &str) -> Vec<std::path::PathBuf> {
    let folders: &[&str] = match target {
        "tileset_yaml" => &["fixtures/tilesets", "tilesets", "fixtures/sets"],
        "ruleset_toml" => &["fixtures/rulesets", "rulesets"],
        "jcz_json" => &["fixtures/jcz", "fixtures/jcz-unsupported"],
        "engine_moves" => &["fuzz/seeds/engine_moves"],
        _ => &[
            "fixtures/records",
            "fixtures/illegal",
            "fixtures/malformed",
            "fixtures/hostile",
        ],
    };
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let regressions = format!("fuzz/regressions/{target}");
    let mut files: Vec<std::path::PathBuf> = folders
        .iter()
        .copied()
        .chain([regressions.as_str()])
        .flat_map(|f| std::fs::read_dir(root.join(f)).into_iter().flatten())
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    files
}

/// The smoke pass of the fuzz targets: every committed seed goes through
/// the same code as its target (`fuzz/drive/`), and nothing panics.
#[test]
fn fuzz_seeds_replay_without_panics() {
    type Target = (&'static str, fn(&str));
    let text_targets: [Target; 7] = [
        ("tileset_yaml", targets::tileset_yaml),
        ("record_yaml", targets::record_yaml),
        ("ruleset_toml", targets::ruleset_toml),
        ("jcz_json", targets::jcz_json),
        ("update_yaml", targets::update_yaml),
        ("render", targets::render),
        ("report_text", targets::report_text),
    ];
    let mut replayed = 0;
    for (target, run) in text_targets {
        for path in seeds(target) {
            // Large seeds are cut as the fuzzer cuts them (-max_len=8192).
            let bytes = std::fs::read(&path).expect("a seed reads");
            let bytes = &bytes[..bytes.len().min(8192)];
            if let Ok(text) = std::str::from_utf8(bytes) {
                run(text);
            }
            replayed += 1;
        }
    }
    for path in seeds("engine_moves") {
        let bytes = std::fs::read(&path).expect("a seed reads");
        let input = arbitrary::Unstructured::new(&bytes);
        if let Ok(moves) =
            <Vec<engine_moves::Move> as arbitrary::Arbitrary>::arbitrary_take_rest(input)
        {
            engine_moves::drive(&moves);
        }
        replayed += 1;
    }
    assert!(replayed > 500, "the seeds are there: {replayed} inputs");
}

/// A loader's file-size limit is its own: two loaders in one process keep
/// theirs, and the smaller refuses a file the larger reads.
#[test]
fn each_loader_keeps_its_own_limit() {
    use carca::loader::Loader;
    let path = std::path::Path::new("fixtures/records/full-game-72.yaml");
    let size = std::fs::metadata(path).expect("fixture").len();
    let small = Loader::new(size - 1);
    let large = Loader::default();
    let refused = small.read(path).expect_err("over the small loader's limit");
    assert_eq!(refused.code_string(), "carca::io::too_large");
    assert!(large.read(path).is_ok());
    // The small loader's refusal changed nothing for the large one.
    assert_eq!(
        large.max_file_bytes(),
        carca::source::DEFAULT_MAX_FILE_BYTES
    );
    assert!(small.read(path).is_err());
}

/// The quick reader takes the records people write: all but a few of the
/// legal fixtures (the others use YAML it leaves to the spanned reader),
/// and every generated game. What it reads means the same as the spanned
/// reader's reading (`fuzz_seeds_replay_without_panics` compares them).
#[test]
fn legal_records_are_read_the_quick_way() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut legal = 0;
    let mut slow = Vec::new();
    for path in seeds("record_yaml") {
        if path.extension().is_none_or(|e| e != "yaml") {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue; // a hostile fixture that is not UTF-8
        };
        let src = carca::source::SourceFile::new("r.yaml", text);
        let dir = path.parent().unwrap_or(root);
        if carca::record::parse(crate::common::loader(), &src, dir).is_err() {
            continue;
        }
        legal += 1;
        if carca::record::parse_fast(crate::common::loader(), &src, dir).is_none() {
            slow.push(
                path.strip_prefix(root)
                    .unwrap_or(&path)
                    .display()
                    .to_string(),
            );
        }
    }
    eprintln!("{} of {legal} read the spanned way: {slow:?}", slow.len());
    assert!(legal > 50, "the fixtures are there: {legal}");
    assert!(
        slow.len() * 10 < legal,
        "{} of {legal}: {slow:?}",
        slow.len()
    );
    for quick in ["full-game-72.yaml", "ic-full-game-90.yaml"] {
        assert!(!slow.iter().any(|s| s.ends_with(quick)), "{quick}");
    }
}

/// Every shipped tile set is plain YAML that the quick reader takes.
#[test]
fn shipped_tile_sets_are_read_the_quick_way() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut read = 0;
    for entry in std::fs::read_dir(root.join("tilesets")).expect("the shipped sets") {
        let path = entry.expect("an entry").path();
        let text = std::fs::read_to_string(&path).expect("a set reads");
        let src = carca::source::SourceFile::new("set.yaml", text);
        let quick = carca::tileset::build::quick(&src, crate::common::loader().companions());
        assert!(quick.is_some(), "{}", path.display());
        read += 1;
    }
    assert!(read >= 4, "the shipped sets are there: {read}");
}

/// A JSON record is read in one pass whatever the order of its keys: the
/// turns are converted as they are read when what converts them came
/// first, and read after the rest when keys follow them. Every order
/// means what the spanned reader reads, and a key the record does not
/// take, wherever it stands, leaves the record to the spanned reader.
#[test]
fn json_records_read_the_quick_way_in_any_order_of_keys() {
    use carca::engine::adjudicate;
    let text = std::fs::read_to_string("fixtures/records/full-game-72.yaml").expect("fixture");
    // YAML 1.2's booleans only, as carca reads records (`meeple: N`).
    let mut options = serde_saphyr::Options::default();
    options.strict_booleans = true;
    let value: serde_json::Value =
        serde_saphyr::from_str_with_options(&text, options).expect("YAML");
    let (turns, players) = (&value["turns"], &value["players"]);
    let claims = serde_json::json!({ "red": 1, "blue": 2, "green": 3 });
    let orders = [
        serde_json::json!({ "tilesets": ["base"], "players": players, "turns": turns }),
        serde_json::json!({ "turns": turns, "players": players, "tilesets": ["base"] }),
        serde_json::json!({ "players": players, "turns": turns, "claims": claims }),
        serde_json::json!({ "description": "x", "players": players, "turns": turns, "final": true }),
    ];
    let rules = carca::rules::Ruleset::modern();
    let dir = std::path::Path::new("");
    let mut scored = Vec::new();
    for order in &orders {
        // `preserve_order` keeps the keys as written.
        let json = serde_json::to_string(order).expect("JSON");
        let src = SourceFile::new("r.json", json.as_str());
        let quick = carca::record::parse_fast(crate::common::loader(), &src, dir)
            .unwrap_or_else(|| panic!("{json:.80}"));
        let slow = carca::record::parse(crate::common::loader(), &src, dir).expect("read");
        let (quick, slow) = (
            adjudicate(&quick, &rules, "modern", true, &carca::expansions::ALL),
            adjudicate(&slow, &rules, "modern", true, &carca::expansions::ALL),
        );
        // What is scored, and what is found; where a finding points is
        // the spanned reader's to say.
        let report = |a| {
            let mut r = carca::report::score::json("r", a);
            let diagnostics = r["diagnostics"].as_array_mut().into_iter().flatten();
            for d in diagnostics.filter_map(serde_json::Value::as_object_mut) {
                d.retain(|k, _| k == "code" || k == "message");
            }
            r.to_string()
        };
        assert!(report(&quick) == report(&slow), "{json:.80}");
        scored.push(quick.totals);
    }
    assert!(scored.windows(2).all(|w| w[0] == w[1]), "{scored:?}");
    // An unknown key before the turns, or after them.
    for extra in [
        serde_json::json!({ "players": players, "colour": 1, "turns": turns }),
        serde_json::json!({ "players": players, "turns": turns, "colour": 1 }),
    ] {
        let json = serde_json::to_string(&extra).expect("JSON");
        let src = SourceFile::new("r.json", json.as_str());
        assert!(
            carca::record::parse_fast(crate::common::loader(), &src, std::path::Path::new(""))
                .is_none()
        );
    }
}

/// The quick JSON reader walks a record's punctuation itself and reads a
/// usual turn straight from its text: JSON's blanks anywhere between
/// tokens read as the spanned reader reads them, and text that is not
/// JSON (a comma too many or too few, a bracket left open, a number
/// written another way) is never read the quick way.
#[test]
fn json_records_are_read_the_quick_way_only_when_they_are_json() {
    use carca::source::SourceFile;
    let dir = std::path::Path::new("");
    let read = |text: &str| {
        let src = SourceFile::new("r.json", text);
        carca::record::parse_fast(crate::common::loader(), &src, dir)
    };
    let turns = [
        r#"{"tile":"D","at":[1,0]}"#,
        r#"{"tile":"U","at":[0,1],"rot":90,"meeple":"N"}"#,
        r#"{"tile":"E","at":[-1,0],"meeple":{"at":[-1,0],"spot":"N"}}"#,
    ];
    let compact = format!(r#"{{"players":["a","b"],"turns":[{}]}}"#, turns.join(","));
    let rules = carca::rules::Ruleset::modern();
    // What is scored, and what is found (two edges that do not match);
    // where a finding points is the spanned reader's to say.
    let scored = |r: &carca::record::Record| {
        let a = carca::engine::adjudicate(r, &rules, "modern", true, &carca::expansions::ALL);
        let mut r = carca::report::score::json("r", &a);
        let diagnostics = r["diagnostics"].as_array_mut().into_iter().flatten();
        for d in diagnostics.filter_map(serde_json::Value::as_object_mut) {
            d.retain(|k, _| k == "code" || k == "message");
        }
        r.to_string()
    };
    let expected = scored(&read(&compact).expect("the compact record reads quickly"));
    // Blanks of every kind JSON takes, around every token.
    for blank in [" ", "\n", "\r\n", "\t", " \n\t "] {
        // (No string of the record holds punctuation.)
        let mut spaced = String::new();
        for c in compact.chars() {
            if "{}[],:".contains(c) {
                spaced.push_str(blank);
                spaced.push(c);
                spaced.push_str(blank);
            } else {
                spaced.push(c);
            }
        }
        let quick = read(&spaced).unwrap_or_else(|| panic!("{spaced:?}"));
        assert_eq!(scored(&quick), expected, "{spaced:?}");
        let src = SourceFile::new("r.json", spaced.as_str());
        let slow = carca::record::parse(crate::common::loader(), &src, dir).expect("read");
        assert_eq!(scored(&slow), expected, "{spaced:?}");
    }
    // Not JSON, however close: the quick reader leaves each to the
    // spanned one.
    let broken = [
        compact.replace("}]}", "},]}"),
        compact.replace("]}", "],}"),
        compact.replace("},{", "}{"),
        compact.replace(r#""players":"#, r#""players""#),
        compact.replace(r#"["a","b"]"#, r#"["a",,"b"]"#),
        compact.replace("]}", "]"),
        compact.replace(r#""rot":90"#, r#""rot":090"#),
        compact.replace(r#""rot":90"#, r#""rot":+90"#),
        compact.replace(r#""tile":"U""#, r#""tile":'U'"#),
        format!("{compact}x"),
        format!("{compact},"),
    ];
    for text in &broken {
        assert!(
            serde_json::from_str::<serde_json::Value>(text).is_err(),
            "{text}"
        );
        assert!(read(text).is_none(), "{text}");
    }
}
