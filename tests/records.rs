//! Record fixtures: every legal game scored under every built-in ruleset
//! (text and JSON), every illegal and malformed record's diagnostics.

use std::fmt::Write;

use crate::common::{Scratch, carca, relative, stdout_json};

use carca::engine::Violation;
use carca::rules::BUILTIN as RULESETS;

#[test]
fn scored_records() {
    insta::glob!("../fixtures/records", "*.yaml", |path| {
        let rel = relative(path);
        let own = carca(&["score", &rel]);
        assert!(
            own.starts_with("exit: 0"),
            "{rel} under its own ruleset:\n{own}"
        );
        let mut text = String::new();
        let mut json = String::new();
        for r in RULESETS {
            let out = carca(&["score", &rel, "--rules", r]);
            // Every fixture states its expected totals for every ruleset:
            // a mismatch would show as an expect diagnostic.
            assert!(
                !out.contains("carca::score::expect"),
                "{rel} under {r}:\n{out}"
            );
            let _ = writeln!(text, "==== --rules {r}\n{out}");
            let _ = writeln!(
                json,
                "==== --rules {r}\n{}",
                carca(&["score", &rel, "--rules", r, "--format", "json"])
            );
        }
        insta::assert_snapshot!("text", text);
        insta::assert_snapshot!("json", json);
    });
}

/// Scores a record that must fail with `code`, and returns the output.
fn failing(path: &std::path::Path, code: u8) -> String {
    let out = carca(&["score", &relative(path)]);
    assert!(
        out.starts_with(&format!("exit: {code}\n")),
        "expected exit {code}:\n{out}"
    );
    assert!(out.contains("carca::"), "with a diagnostic:\n{out}");
    out
}

#[test]
fn illegal_records() {
    insta::glob!("../fixtures/illegal", "*.yaml", |path| {
        insta::assert_snapshot!(failing(path, 1));
    });
}

#[test]
fn malformed_records() {
    insta::glob!("../fixtures/malformed", "*.yaml", |path| {
        insta::assert_snapshot!(failing(path, 2));
    });
}

#[test]
fn json_follows_the_contract() {
    let out = carca(&[
        "score",
        "fixtures/records/small-city.yaml",
        "--format",
        "json",
    ]);
    let v = stdout_json(&out);
    assert_eq!(v["totals"]["red"], 4);
    assert_eq!(v["totals"]["blue"], 2);
    let events = v["events"].as_array().expect("events");
    let city = &events[0];
    assert_eq!(city["phase"], "turn");
    assert_eq!(city["turn"], 1);
    assert_eq!(city["feature"]["kind"], "city");
    assert_eq!(city["feature"]["complete"], true);
    assert_eq!(city["feature"]["pennants"], 0);
    assert_eq!(
        city["feature"]["tiles"],
        serde_json::json!([[0, 0], [0, 1]])
    );
    assert_eq!(city["points"]["red"], 4);
    assert_eq!(city["rule"], "city: 2 tiles × 2");
    assert_eq!(events[1]["phase"], "final");
    assert!(v["diagnostics"].as_array().is_some_and(Vec::is_empty));
}

#[test]
fn json_diagnostics_carry_code_and_line() {
    let out = carca(&[
        "score",
        "fixtures/illegal/feature-occupied.yaml",
        "--format",
        "json",
    ]);
    assert!(out.starts_with("exit: 1"));
    let v = stdout_json(&out);
    let d = &v["diagnostics"][0];
    assert_eq!(d["code"], "carca::rules::feature_occupied");
    assert_eq!(d["line"], 5);
    assert_eq!(d["class"], "violation");
}

#[test]
fn rules_override_skips_claims() {
    // The claims were written under the modern rules; under the first
    // edition they are not compared.
    let own = carca(&["score", "fixtures/illegal/claim-mismatch.yaml"]);
    assert!(own.starts_with("exit: 1"));
    let other = carca(&[
        "score",
        "fixtures/illegal/claim-mismatch.yaml",
        "--rules",
        "first-edition",
    ]);
    assert!(other.starts_with("exit: 0"), "{other}");
}

#[test]
fn claims_scored_under_another_ruleset_are_said_to_be_unchecked() {
    let record = "fixtures/illegal/claim-mismatch.yaml";
    let out = carca(&["score", record, "--rules", "first-edition"]);
    assert!(out.starts_with("exit: 0"), "{out}");
    assert!(
        out.contains("the claims were not checked: they are totals under the record's own ruleset (modern), and this is first-edition"),
        "{out}"
    );
    let json = stdout_json(&carca(&[
        "score",
        record,
        "--rules",
        "first-edition",
        "--format",
        "json",
    ]));
    assert_eq!(json["claims"]["checked"], false);
    let own = stdout_json(&carca(&["score", record, "--format", "json"]));
    assert_eq!(own["claims"]["checked"], true);
}

#[test]
fn unknown_names_get_the_nearest_known_one() {
    let s = crate::common::Scratch::new("did-you-mean");
    let record = s.write(
        "typo.yaml",
        b"players: [red, blue]\nturns:\n  - { tile: e, at: [0, 1], rot: 180 }\n  - { player: bleu, tile: U, at: [1, 0] }\n",
    );
    let out = carca(&["score", &record]);
    assert!(out.contains("did you mean `E`?"), "{out}");
    assert!(out.contains("did you mean `blue`?"), "{out}");
    let out = carca(&[
        "score",
        "fixtures/records/small-city.yaml",
        "--rules",
        "modrn",
    ]);
    assert!(out.contains("did you mean `modern`?"), "{out}");
}

#[test]
fn meeple_and_spot_are_read_in_either_place() {
    let s = crate::common::Scratch::new("meeple-spot");
    let history = s.write(
        "history.yaml",
        b"players: [red, blue]\nturns:\n  - { tile: E, at: [0, 1], rot: 180, spot: S }\nfinal: true\n",
    );
    let json = stdout_json(&carca(&["score", &history, "--format", "json"]));
    assert_eq!(json["totals"]["red"], 4, "{json}");
    let snapshot = s.write(
        "snapshot.yaml",
        b"players: [red]\nboard:\n  - { tile: E, at: [0, 1], rot: 180 }\nmeeples:\n  - { player: red, at: [0, 1], meeple: S }\n",
    );
    let json = stdout_json(&carca(&["score", &snapshot, "--format", "json"]));
    assert_eq!(json["totals"]["red"], 4, "{json}");
}

#[test]
fn a_big_follower_weighs_two_in_json_records_too() {
    let scratch = Scratch::new("big-json");
    let record = r#"{
  "players": ["red", "blue"],
  "ruleset": { "extends": "modern", "name": "big", "figures": { "big": 1 } },
  "turns": [
    { "tile": "W", "at": [-1, 0], "meeple": "E", "figure": "big" },
    { "tile": "U", "at": [0, -1], "meeple": "E" },
    { "tile": "V", "at": [1, -1], "rot": 90 },
    { "tile": "W", "at": [-1, -1], "rot": 270 },
    { "tile": "V", "at": [1, 0] }
  ],
  "final": true
}"#;
    let path = scratch.write("big.json", record.as_bytes());
    let v = stdout_json(&carca(&["score", &path, "--format", "json"]));
    assert_eq!(v["totals"], serde_json::json!({ "red": 6, "blue": 0 }));
    let road = &v["events"][0];
    assert_eq!(
        road["followers"],
        serde_json::json!({ "red": 1, "blue": 1 })
    );
    assert_eq!(road["strength"], serde_json::json!({ "red": 2, "blue": 1 }));
    assert_eq!(v["ruleset"]["figures"]["big"], 1);
    // The same game written in YAML scores the same.
    let yaml = stdout_json(&carca(&[
        "score",
        "fixtures/records/big-follower.yaml",
        "--format",
        "json",
    ]));
    assert_eq!(yaml["totals"], v["totals"]);
    assert_eq!(yaml["events"][0]["strength"], road["strength"]);
}

/// Adjudicates a fixture under the modern ruleset, in process.
fn adjudicated(path: &str) -> carca::engine::Adjudication {
    let text = std::fs::read_to_string(path).expect("fixture");
    let src = carca::source::SourceFile::new(path, text.as_str());
    let record = carca::record::parse(
        crate::common::loader(),
        &src,
        std::path::Path::new("fixtures"),
    )
    .expect("readable");
    carca::engine::adjudicate(
        &record,
        &carca::rules::Ruleset::modern(),
        "modern",
        true,
        &carca::expansions::ALL,
    )
}

#[test]
fn violations_are_data_that_the_report_puts_in_words() {
    use carca::engine::ViolationKind;
    use carca::geometry::{Edge, Pos, Rotation};
    use carca::tileset::EdgeKind;

    let a = adjudicated("fixtures/illegal/edge-mismatch-rotation.yaml");
    let found: Vec<_> = a
        .findings
        .iter()
        .filter_map(|f| f.typed::<Violation>())
        .collect();
    assert_eq!(found.len(), 1, "{:?}", a.findings);
    assert_eq!(
        found[0].kind,
        ViolationKind::EdgeMismatch {
            id: "E".into(),
            pos: Pos::new(0, 1),
            edge: Edge::S,
            ours: EdgeKind::Field,
            neighbour: "D".into(),
            at: Pos::new(0, 0),
            theirs: EdgeKind::City,
            fits: vec![Rotation::ALL[2]],
        }
    );
    // The words are the report's: the message names the edges, the help
    // the rotation that fits.
    let f = &a.findings[0];
    assert_eq!(f.code_string(), "carca::rules::edge_mismatch");
    assert!(
        f.to_string().contains("the S edge of E (field) meets D"),
        "{f}"
    );
    assert!(
        f.help_string()
            .unwrap_or_default()
            .ends_with("at (0,1) it fits with rot: 180")
    );

    // A location that names nothing is an unreadable value (exit 2), with
    // the spots the tile offers as data.
    let a = adjudicated("fixtures/malformed/location-wrong-kind.yaml");
    let f = a
        .findings
        .iter()
        .find(|f| f.typed::<Violation>().is_some())
        .expect("a finding");
    assert_eq!(f.class(), carca::diagnostic::Class::Input);
    let Some(ViolationKind::NoSuchSpot(unnamed)) = f.typed::<Violation>().map(|v| &v.kind) else {
        panic!("not a NoSuchSpot: {f:?}");
    };
    let carca::record::Unnamed { spots, tile, .. } = &**unnamed;
    assert_eq!(tile.as_ref().map(|t| t.0.as_str()), Some("E"));
    assert!(
        spots
            .iter()
            .any(|(_, k)| *k == carca::tileset::FeatureKind::City)
    );
}

#[test]
fn a_mismatch_lists_the_scorings_it_is_made_of() {
    use carca::engine::ViolationKind;
    let a = adjudicated("fixtures/illegal/claim-mismatch.yaml");
    let v = a
        .findings
        .iter()
        .find_map(|f| f.typed::<Violation>())
        .expect("a mismatch");
    let ViolationKind::ClaimMismatch { computed, from, .. } = &v.kind else {
        panic!("{v:?}");
    };
    assert!(v.kind.is_mismatch());
    assert_eq!(*computed, from.total);
    assert_eq!(from.scorings.iter().map(|s| s.2).sum::<i64>(), from.total);
}

#[test]
fn a_name_is_read_the_same_way_in_players_and_in_claims() {
    // A player's name is trimmed where it is read: a claim or expectation
    // written with the same name, spaces and all, is that player's.
    let s = Scratch::new("trimmed");
    let record = s.write(
        "trimmed.yaml",
        "players: [\"red\\u2028\", \" blue\\t\"]\n\
         turns:\n\
         \x20 - { tile: E, at: [0, 1], rot: 180, meeple: S }\n\
         final: true\n\
         claims: { \"red\\u2028\": 4, \" blue\\t\": 0 }\n\
         expect:\n\
         \x20 modern: { \"red\\u2028\": 4, \" blue\\t\": 0 }\n"
            .as_bytes(),
    );
    let out = carca(&["score", &record]);
    assert!(out.starts_with("exit: 0"), "{out}");
    assert!(out.contains("the claims match"), "{out}");
}

#[test]
fn the_base_game_is_played_the_same_with_no_mechanic_handed_down() {
    // The engine plays what it is handed: with no mechanic at all
    // (`Registry::NONE`) a base game scores as with every expansion's.
    let mut paths: Vec<_> = std::fs::read_dir("fixtures/records")
        .expect("fixtures")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "yaml"))
        .collect();
    paths.sort();
    let rules = carca::rules::Ruleset::modern();
    let mut base = 0;
    for path in paths {
        let text = std::fs::read_to_string(&path).expect("fixture");
        let src = carca::source::SourceFile::new(path.display().to_string(), text.as_str());
        let Ok(record) = carca::record::parse(
            crate::common::loader(),
            &src,
            std::path::Path::new("fixtures/records"),
        ) else {
            continue;
        };
        if !record.catalog.sets.iter().all(|l| l.set.name == "base") {
            continue;
        }
        let with = |registry| carca::engine::adjudicate(&record, &rules, "modern", true, registry);
        let (all, none) = (
            with(&carca::expansions::ALL),
            with(&carca::engine::registry::Registry::NONE),
        );
        assert_eq!(all.totals, none.totals, "{}", path.display());
        assert_eq!(all.events, none.events, "{}", path.display());
        assert_eq!(
            all.findings.len(),
            none.findings.len(),
            "{}",
            path.display()
        );
        base += 1;
    }
    assert!(base >= 20, "{base} base-game fixtures");
}

#[test]
fn an_expansions_broken_rule_is_its_own_data_with_its_own_words() {
    use carca::engine::ViolationKind;
    use carca::expansions::tower::problem::{Refused, TowerProblem};
    use carca::geometry::Pos;

    // The Tower's problem travels as the generic `Mechanic` violation and
    // is found again as The Tower's own type.
    let a = adjudicated("fixtures/illegal/pd-tower-dragon-tile.yaml");
    let f = a
        .findings
        .iter()
        .find(|f| f.typed::<Violation>().is_some())
        .expect("a violation");
    let Some(ViolationKind::Mechanic(broken)) = f.typed::<Violation>().map(|v| &v.kind) else {
        panic!("not an expansion's rule: {f:?}");
    };
    assert_eq!(
        broken.get::<Refused>(),
        Some(&Refused {
            player: "blue".into(),
            act: "meeple",
            why: TowerProblem::Barred {
                at: Pos::new(2, -1),
                by: "dragon",
            },
        })
    );
    // Its code and words are The Tower's.
    assert_eq!(f.code_string(), "carca::rules::tower_follower");
    assert_eq!(f.class(), carca::diagnostic::Class::Defect);
    assert!(
        f.to_string()
            .contains("the dragon stands on the tile at (2,-1)"),
        "{f}"
    );

    // An ambiguous act is unreadable (exit 2): the problem says so.
    let a = adjudicated("fixtures/malformed/tw-exchange-which.yaml");
    let f = a
        .findings
        .iter()
        .find(|f| f.typed::<Violation>().is_some())
        .expect("a violation");
    assert_eq!(f.class(), carca::diagnostic::Class::Input);
}

#[test]
fn an_expansions_note_is_its_own_data_with_its_own_words_and_json() {
    use carca::engine::NoteKind;
    use carca::expansions::tower::notes::TowerNote;
    use carca::geometry::Pos;

    let a = adjudicated("fixtures/illegal/pd-tower-dragon-tile.yaml");
    let piece = a
        .notes
        .iter()
        .find_map(|n| match &n.kind {
            NoteKind::Mechanic(told) => told.get::<TowerNote>().map(|t| (n, told, t)),
            _ => None,
        })
        .expect("a note of The Tower");
    let (note, told, tale) = piece;
    assert_eq!(
        tale,
        &TowerNote::Piece {
            at: Pos::new(2, -1),
            height: 1
        }
    );
    let players = ["red".to_string(), "blue".to_string()];
    assert_eq!(note.player, 0);
    assert_eq!(
        told.tale().words(&players, note.player),
        "red put a tower piece on the tower at (2,-1): height 1"
    );
    assert_eq!(
        told.tale().json(&players),
        serde_json::json!({ "note": "tower_piece", "at": [2, -1], "height": 1 })
    );
    assert_eq!(
        told.tale().heading(),
        carca::expansions::tower::notes::HEADING
    );
}

#[test]
fn a_scaled_supply_is_its_records_own_though_catalogs_are_shared() {
    // The loader keeps one catalog per list of built-in sets and supply
    // scale: a record's scale never reaches another record's supply.
    let read = |text: &str| {
        let src = carca::source::SourceFile::new("scaled.yaml", text);
        carca::record::parse(crate::common::loader(), &src, std::path::Path::new(""))
            .expect("readable")
    };
    let count = |r: &carca::record::Record| {
        let d = r.catalog.find("D").expect("tile D");
        r.catalog.tiles[d].tile.count
    };
    let scaled = "players: [red]\nsupply_scale: 2\nturns: []\n";
    let plain = "players: [red]\nturns: []\n";
    assert_eq!(count(&read(scaled)), 8);
    assert_eq!(count(&read(plain)), 4);
    assert_eq!(count(&read(scaled)), 8);
    assert_eq!(
        count(&read("players: [red]\nsupply_scale: 3\nturns: []\n")),
        12
    );
}

#[test]
fn a_feature_whose_followers_were_taken_off_says_why_it_scores_for_nobody() {
    // Red's knight was eaten before red's city was completed: the city is
    // listed, scoring for nobody, with the follower taken off it.
    let a = adjudicated("fixtures/records/pd-dragon-after-scoring.yaml");
    let city = a
        .events
        .iter()
        .find(|e| e.feature.kind == carca::engine::ScoredKind::City)
        .expect("the city is an event");
    assert!(city.winners.is_empty());
    assert_eq!(city.points, vec![0, 0]);
    assert_eq!(city.taken, vec![(0, carca::rules::Figure::FOLLOWER)]);
    // A feature completed with nobody on it, and nobody taken off it,
    // is still no event.
    let plain = adjudicated("fixtures/records/road-ends.yaml");
    assert!(
        plain
            .events
            .iter()
            .all(|e| e.winners.len() + e.taken.len() > 0)
    );
}

/// A key written `null` is as if it were not written, whether the base
/// game's or an expansion's, in a turn or in a snapshot, and whichever
/// reader reads it.
#[test]
fn a_key_written_null_is_not_written() {
    use carca::record;
    use carca::source::SourceFile;
    let loader = crate::common::loader();
    let dir = std::path::Path::new("");
    let cases = [
        (
            "tilesets: [base, tower]\nplayers: [red, blue]\nturns:\n  - { tile: D, at: [1, 0], rot: ~, player: ~, tower: ~, capture: null }\nclaims: ~\n",
            "tilesets: [base, tower]\nplayers: [red, blue]\nturns:\n  - { tile: D, at: [1, 0] }\n",
        ),
        (
            "tilesets: [base, tower]\nplayers: [red, blue]\nboard:\n  - { tile: D, at: [1, 0] }\nmeeples:\ntowers: ~\nprisoners: null\n",
            "tilesets: [base, tower]\nplayers: [red, blue]\nboard:\n  - { tile: D, at: [1, 0] }\n",
        ),
    ];
    for (nulls, plain) in cases {
        let json: serde_json::Value = serde_saphyr::from_str(nulls).expect("YAML");
        let json = json.to_string();
        let mut scored = Vec::new();
        for text in [nulls, plain, json.as_str()] {
            let src = SourceFile::new("null.yaml", text);
            let spanned =
                record::parse(loader, &src, dir).unwrap_or_else(|f| panic!("{f:?}\n{text}"));
            // The quick YAML reader may leave `~` to the spanned one; JSON
            // it reads.
            let quick = record::parse_fast(loader, &src, dir);
            assert!(quick.is_some() || !text.starts_with('{'), "{text}");
            let quick = quick.unwrap_or_else(|| spanned.clone());
            let a = carca::engine::adjudicate(
                &spanned,
                &carca::rules::Ruleset::modern(),
                "modern",
                true,
                &carca::expansions::ALL,
            );
            let b = carca::engine::adjudicate(
                &quick,
                &carca::rules::Ruleset::modern(),
                "modern",
                true,
                &carca::expansions::ALL,
            );
            assert_eq!(a.totals, b.totals, "{text}");
            assert!(a.findings.is_empty(), "{text}: {:?}", a.findings);
            scored.push((a.totals, spanned.claims.is_some()));
        }
        assert!(scored.windows(2).all(|w| w[0] == w[1]), "{scored:?}");
    }
}

#[test]
fn a_record_with_findings_is_read_again_with_spans_only_where_it_has_them() {
    // Every illegal fixture, as written (YAML) and as JSON: read the quick
    // way, then again with spans for its header and the turns whose walk
    // made findings only, it gives the findings of the whole record read
    // with spans, word for word and at the same places.
    let loader = crate::common::loader();
    let rules = carca::rules::Ruleset::modern();
    let adjudicate = |r: &carca::record::Record| {
        carca::engine::adjudicate(r, &rules, "modern", true, &carca::expansions::ALL)
    };
    let shown = |a: &carca::engine::Adjudication| {
        carca::report::diagnostics::render(&a.findings, carca::report::diagnostics::Style::Plain)
    };
    let dir = std::path::Path::new("fixtures/illegal");
    let (mut checked, mut fewer) = (0, 0);
    for entry in std::fs::read_dir(dir).expect("fixtures") {
        let path = entry.expect("entry").path();
        if path.extension().is_none_or(|e| e != "yaml") {
            continue;
        }
        let yaml = std::fs::read_to_string(&path).expect("fixture");
        let value: serde_json::Value = serde_saphyr::from_str(&yaml).expect("YAML");
        let json = serde_json::to_string_pretty(&value).expect("JSON");
        for (name, text) in [("yaml", yaml.as_str()), ("json", json.as_str())] {
            let label = format!("{} as {name}", path.display());
            let src = carca::source::SourceFile::new(label.as_str(), text);
            let Some(quick) = carca::record::parse_fast(loader, &src, dir) else {
                continue;
            };
            let a = adjudicate(&quick);
            if a.findings.is_empty() {
                continue;
            }
            // A snapshot has no turns: it is read again whole.
            let carca::record::Body::History(turns) = &quick.body else {
                continue;
            };
            let again = carca::record::respan(loader, &quick, &a.turns_with_findings)
                .unwrap_or_else(|| panic!("{label}: its turns are found"));
            let whole = carca::record::parse(loader, &src, dir).expect("readable");
            assert_eq!(
                shown(&adjudicate(&again)),
                shown(&adjudicate(&whole)),
                "{label}"
            );
            checked += 1;
            if a.turns_with_findings.len() < turns.len() {
                fewer += 1;
            }
        }
    }
    assert!(checked >= 100, "{checked} records checked");
    assert!(
        fewer * 2 >= checked,
        "{fewer} of {checked} read fewer turns again"
    );
}
