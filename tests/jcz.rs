//! JCloisterZone saves: each imported game scores exactly like the same game
//! written by hand, under every built-in ruleset; unsupported content is
//! refused with a diagnostic.

use crate::common::{carca, relative, stdout_json};

use carca::rules::BUILTIN as RULESETS;

#[test]
fn imported_games_score_like_hand_written_records() {
    insta::glob!("../fixtures/jcz", "*.jcz", |path| {
        let save = relative(path);
        let record = save.replace(".jcz", ".yaml");
        for r in RULESETS {
            let a = stdout_json(&carca(&["score", &save, "--rules", r, "--format", "json"]));
            let b = stdout_json(&carca(&[
                "score", &record, "--rules", r, "--format", "json",
            ]));
            assert_eq!(a["totals"], b["totals"], "{save} under {r}");
            assert_eq!(a["events"], b["events"], "{save} under {r}");
            let codes = |v: &serde_json::Value| {
                v["diagnostics"]
                    .as_array()
                    .map(|d| d.iter().map(|x| x["code"].clone()).collect::<Vec<_>>())
            };
            assert_eq!(codes(&a), codes(&b), "{save} under {r}");
        }
        insta::assert_snapshot!(carca(&["import", "jcz", &save]));
    });
}

#[test]
fn unsupported_saves_are_refused() {
    insta::glob!("../fixtures/jcz-unsupported", "*.jcz", |path| {
        let out = carca(&["score", &relative(path)]);
        assert!(out.starts_with("exit: 2"), "{out}");
        assert!(out.contains("carca::jcz::"), "{out}");
        insta::assert_snapshot!(out);
    });
}

#[test]
fn import_writes_a_record_that_scores() {
    let dir = std::env::temp_dir().join(format!("carca-import-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("scratch folder");
    let out_path = dir.join("abbey.yaml");
    let out_str = out_path.to_string_lossy().into_owned();
    let written = carca(&["import", "jcz", "fixtures/jcz/abbey.jcz", "-o", &out_str]);
    assert!(written.starts_with("exit: 0"), "{written}");
    let scored = carca(&["score", &out_str]);
    assert!(scored.starts_with("exit: 0"), "{scored}");
    assert!(scored.contains("red     14"), "{scored}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn compare_reads_saves_directly() {
    let out = carca(&["compare", "fixtures/jcz/small-city.jcz"]);
    assert!(out.starts_with("exit: 0"), "{out}");
    assert!(out.contains("(small_city)"), "{out}");
}

#[test]
fn nothing_in_a_save_can_change_the_shape_of_the_record() {
    let s = crate::common::Scratch::new("jcz-inject");
    let mut save: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string("fixtures/jcz/abbey.jcz").expect("fixture"))
            .expect("JSON");
    // An unfinished game whose version tries to declare it finished, and
    // names with a line break and a DEL.
    save["appVersion"] = serde_json::json!("5.7.0\nfinal: true\n");
    save["players"][0]["name"] = serde_json::json!("red\nfinal: true");
    save["players"][1]["name"] = serde_json::json!("bl\u{7f}ue");
    let replay = save["replay"].as_array_mut().expect("replay");
    replay.retain(|m| m["type"] != "GAME_OVER");
    replay.truncate(6);
    if let Some(a) = save
        .get_mut("gameAnnotations")
        .and_then(|a| a.as_object_mut())
    {
        a.remove("endTurn");
    }
    let path = s.write("inject.jcz", save.to_string().as_bytes());
    let out_path = s.path("inject.yaml");
    let out = carca(&["import", "jcz", &path, "-o", &out_path]);
    assert!(out.starts_with("exit: 0"), "{out}");
    let text = std::fs::read_to_string(&out_path).expect("imported");
    let json = stdout_json(&carca(&["score", &out_path, "--format", "json"]));
    assert_eq!(json["ended"], false, "{text}");
    assert_eq!(
        json["players"],
        serde_json::json!(["red\nfinal: true", "bl\u{7f}ue"]),
        "{text}"
    );
}

#[test]
fn the_barn_rule_of_either_format_becomes_barn_placement() {
    let s = crate::common::Scratch::new("jcz-barn-rule");
    for (fixture, rules) in [
        (
            "fixtures/jcz/abbey-mayor.jcz",
            serde_json::json!({ "barn-placement": "occupied" }),
        ),
        (
            "fixtures/jcz/abbey-mayor-legacy.jcz",
            serde_json::json!({ "MULTI_BARN_ALLOWED": true }),
        ),
    ] {
        let mut save: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(fixture).expect("fixture"))
                .expect("JSON");
        let plain = carca(&["import", "jcz", fixture]);
        assert!(!plain.contains("barn_placement"), "{plain}");
        save["setup"]["rules"] = rules;
        let path = s.write("barn.jcz", save.to_string().as_bytes());
        let out = carca(&["import", "jcz", &path]);
        assert!(out.starts_with("exit: 0"), "{out}");
        assert!(out.contains("barn_placement: any-farm"), "{fixture}: {out}");
    }
}

#[test]
fn a_save_is_known_by_its_content_on_standard_input_under_another_name_and_in_the_api() {
    // Standard input: scored as the same save named `.jcz`.
    let save = std::fs::read("fixtures/jcz/tower.jcz").expect("fixture");
    let named = stdout_json(&carca(&[
        "score",
        "fixtures/jcz/tower.jcz",
        "--format",
        "json",
    ]));
    let (code, out) = crate::common::with_stdin(&["score", "-", "--format", "json"], &save);
    assert_eq!(code, Some(0));
    let piped: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(piped["totals"], named["totals"]);
    assert_eq!(piped["events"], named["events"]);
    // A file named otherwise.
    let s = crate::common::Scratch::new("jcz-sniff");
    let other = s.write("save.json", &save);
    let renamed = stdout_json(&carca(&["score", &other, "--format", "json"]));
    assert_eq!(renamed["totals"], named["totals"]);
    // The serve API, as the page's Open… sends it.
    let reply = carca::cli::serve::api::score(
        crate::common::loader(),
        &carca::cli::serve::api::Query::new(),
        &save,
    );
    assert_eq!(reply.status, 200);
    let answered: serde_json::Value = serde_json::from_slice(&reply.body).expect("JSON");
    assert_eq!(answered["totals"], named["totals"]);
    // A record whose players are named `replay` and `setup` stays a record.
    let record = s.write(
        "names.json",
        br#"{"players": ["replay", "setup"], "turns": [{"tile": "E", "at": [0, 1], "rot": 180, "meeple": "S"}]}"#,
    );
    let json = stdout_json(&carca(&["score", &record, "--format", "json"]));
    assert_eq!(json["totals"]["replay"], 4);
}

#[test]
fn the_princess_and_dragon_rules_of_a_save_become_the_rulesets_options() {
    let s = crate::common::Scratch::new("pd-rules");
    let text = std::fs::read_to_string("fixtures/jcz/princess-dragon.jcz").expect("fixture");
    let mut save: serde_json::Value = serde_json::from_str(&text).expect("json");
    save["setup"]["rules"] = serde_json::json!({
        "dragon-move": "after-scoring",
        "fairy-placement": "on-tile",
        "princess-action": "must",
    });
    let path = s.write("options.jcz", save.to_string().as_bytes());
    let out = carca(&["import", "jcz", &path]);
    for line in [
        "dragon_move: after-scoring",
        "fairy_placement: on-tile",
        "princess_action: must",
    ] {
        assert!(out.contains(line), "{line}:\n{out}");
    }
    save["setup"]["rules"] = serde_json::json!({ "dragon-move": "sideways" });
    let bad = s.write("bad.jcz", save.to_string().as_bytes());
    let refused = carca(&["import", "jcz", &bad]);
    assert!(refused.starts_with("exit: 2"), "{refused}");
}

#[test]
fn every_rule_value_the_client_writes_is_read() {
    let s = crate::common::Scratch::new("jcz-client-rules");
    let text = std::fs::read_to_string("fixtures/jcz/abbey-mayor.jcz").expect("fixture");
    let save: serde_json::Value = serde_json::from_str(&text).expect("json");
    let import = |rules: serde_json::Value| {
        let mut changed = save.clone();
        changed["setup"]["rules"] = rules;
        let path = s.write("rules.jcz", changed.to_string().as_bytes());
        carca(&["import", "jcz", &path])
    };
    // The values of the rules of expansions carca does not play change
    // nothing (their tiles are refused), and every one reads.
    let out = import(serde_json::json!({
        "fairy-placement": "next-follower",
        "dragon-move": "before-scoring",
        "princess-action": "may",
        "barn-placement": "not-occupied",
        "wagon-move": "C2",
        "tiny-city-scoring": "4",
        "bazaar-no-auction": false,
        "hill-tiebreaker": "at-least-one-follower",
        "espace-variant": "siege-tile",
        "gq11-pig-herd": "nothing",
        "tunnelize-other-expansions": false,
        "more-tunnel-tokens": "1/1",
        "festival-return": "follower",
        "keep-monasteries": "keep",
        "labyrinth-variant": "basic",
        "coc-final-scoring": "market-only",
        "count-move": "by-player",
        "little-buildings-scoring": "3/2/1",
        "king-and-robber-scoring": "15/40",
    }));
    assert!(out.starts_with("exit: 0"), "{out}");
    assert_eq!(
        out,
        import(serde_json::json!({})),
        "defaults change nothing"
    );
    // The first edition's wagon move is not carca's: refused, not scored
    // as the second's.
    let c1 = import(serde_json::json!({ "wagon-move": "C1" }));
    assert!(c1.starts_with("exit: 2"), "{c1}");
    assert!(
        c1.contains("carca::jcz::unsupported") && c1.contains("wagon-move"),
        "{c1}"
    );
    // A rule the client does not write, or a value it never takes.
    for rules in [
        serde_json::json!({ "farm-scoring": "first-edition" }),
        serde_json::json!({ "fairy-placement": "next-to-follower" }),
        serde_json::json!({ "tiny-city-scoring": 2 }),
    ] {
        let out = import(rules.clone());
        assert!(out.starts_with("exit: 2"), "{rules}: {out}");
        assert!(out.contains("carca::jcz::"), "{rules}: {out}");
    }
}

#[test]
fn a_save_without_annotations_ends_only_when_the_pack_is_spent() {
    let s = crate::common::Scratch::new("jcz-open-end");
    // A short game: most of the pack is left, and fits; the game goes on.
    let text = std::fs::read_to_string("fixtures/jcz/pointers.jcz").expect("fixture");
    let mut save: serde_json::Value = serde_json::from_str(&text).expect("json");
    save.as_object_mut()
        .expect("object")
        .remove("gameAnnotations");
    let path = s.write("open.jcz", save.to_string().as_bytes());
    let json = stdout_json(&carca(&["score", &path, "--format", "json"]));
    assert_eq!(json["ended"], false, "{json}");
    let imported = carca(&["import", "jcz", &path]);
    assert!(!imported.contains("discard"), "{imported}");
    // The whole base game but one tile, which fitted nowhere after the
    // first turn: discarded there, and the game is over (base-client.jcz
    // and its twin score alike, in imported_games_score_like_hand_written_records).
    let json = stdout_json(&carca(&[
        "score",
        "fixtures/jcz/base-client.jcz",
        "--format",
        "json",
    ]));
    assert_eq!(json["ended"], true, "{json}");
    let imported = carca(&["import", "jcz", "fixtures/jcz/base-client.jcz"]);
    assert!(
        imported.contains("{player: David, discard: C}"),
        "{imported}"
    );
    // The same save without its last turn: that tile is left too, and it
    // fitted somewhere at every moment, so it was never discarded and the
    // game goes on.
    let text = std::fs::read_to_string("fixtures/jcz/base-client.jcz").expect("fixture");
    let mut save: serde_json::Value = serde_json::from_str(&text).expect("json");
    let replay = save["replay"].as_array_mut().expect("replay");
    let last = replay.len();
    replay.truncate(last - 3);
    let path = s.write("one-short.jcz", save.to_string().as_bytes());
    let json = stdout_json(&carca(&["score", &path, "--format", "json"]));
    assert_eq!(json["ended"], false, "{json}");
}

/// Each expansion reads its own messages: without their readers, a save's
/// tower pieces, captures, dragon steps and wagon moves are refused as
/// unsupported, message by message; with them, the same saves import.
#[test]
fn the_expansions_read_their_own_messages() {
    let loader = carca::expansions::loader();
    let bare = carca::jcz::Expansions {
        registry: &carca::expansions::ALL,
        messages: &[],
        setups: carca::expansions::JCZ.setups,
    };
    for (file, message) in [
        ("fixtures/jcz/tower.jcz", "PLACE_TOKEN"),
        ("fixtures/jcz/princess-dragon.jcz", "MOVE_NEUTRAL_FIGURE"),
        ("fixtures/jcz/hills-sheep.jcz", "FLOCK_EXPAND_OR_SCORE"),
        ("fixtures/jcz/bridges-castles-bazaars.jcz", "PLACE_TOKEN"),
        ("fixtures/jcz/count.jcz", "MOVE_NEUTRAL_FIGURE"),
    ] {
        let text = std::fs::read_to_string(file).expect("a save");
        let src = carca::source::SourceFile::new(file, text);
        assert!(
            carca::jcz::import(&loader, &src, carca::expansions::JCZ).is_ok(),
            "{file}"
        );
        let refused = carca::jcz::import(&loader, &src, bare).expect_err(file);
        assert!(
            refused.iter().any(|f| f
                .to_string()
                .contains(&format!("the replay message `{message}`"))),
            "{file}: {:?}",
            refused.iter().map(ToString::to_string).collect::<Vec<_>>()
        );
    }
}

/// Each expansion reads its own part of a save's setup: without the
/// expansions' declarations, their tile sets, elements, capabilities and
/// rules are refused as unsupported, one by one; with them, the same saves
/// import, the figures, switches and options read as the slices say.
#[test]
fn the_expansions_read_their_own_setup() {
    let loader = carca::expansions::loader();
    let bare = carca::jcz::Expansions {
        registry: &carca::expansions::ALL,
        messages: carca::expansions::JCZ.messages,
        setups: &[],
    };
    for (file, refused_words) in [
        (
            "fixtures/jcz/tower.jcz",
            &["the tile set `tower`", "the element `tower`"][..],
        ),
        (
            "fixtures/jcz/abbey-mayor-legacy.jcz",
            &["the expansion `ABBEY_AND_MAYOR`", "the capability `Mayor`"][..],
        ),
        (
            "fixtures/jcz/traders-builders.jcz",
            &[
                "the tile set `traders-and-builders`",
                "the element `builder`",
            ][..],
        ),
        (
            "fixtures/jcz/hills-sheep.jcz",
            &[
                "the tile set `hills-and-sheep`",
                "the element `shepherd`",
                "the element `hill`",
                "the element `vineyard`",
            ][..],
        ),
        (
            "fixtures/jcz/bridges-castles-bazaars.jcz",
            &[
                "the tile set `bridges-castles-and-bazaars`",
                "the element `castle`",
                "the element `bridge`",
                "the element `bazaar`",
            ][..],
        ),
        (
            "fixtures/jcz/count.jcz",
            &["the tile set `count`", "the element `count`"][..],
        ),
    ] {
        let text = std::fs::read_to_string(file).expect("a save");
        let src = carca::source::SourceFile::new(file, text);
        assert!(
            carca::jcz::import(&loader, &src, carca::expansions::JCZ).is_ok(),
            "{file}"
        );
        let refused: Vec<String> = carca::jcz::import(&loader, &src, bare)
            .expect_err(file)
            .iter()
            .map(ToString::to_string)
            .collect();
        for words in refused_words {
            assert!(
                refused.iter().any(|f| f.contains(words)),
                "{file}: {words}: {refused:?}"
            );
        }
    }
}

/// Whole games of every supported set, in saves shaped as JCloisterZone's
/// client writes them (`jcz_client.rs`), beside their twins: the record
/// each save was made from, whose totals were worked out from the rules
/// (its `expect:`). The saves in `fixtures/jcz/` are what the writer makes
/// of the records (`CARCA_JCZ_WRITE=1` writes them again), and
/// `imported_games_score_like_hand_written_records` scores each like its
/// twin; here each imports, is over, and scores its record's totals.
#[test]
fn whole_games_of_every_set_import_as_their_records() {
    let mut all = Vec::new();
    for (name, record) in crate::jcz_client::WHOLE {
        let save = crate::jcz_client::save_of(record);
        let text = format!(
            "{}\n",
            serde_json::to_string_pretty(&save).expect("a save in JSON")
        );
        let path = format!("fixtures/jcz/{name}.jcz");
        let twin = format!("fixtures/jcz/{name}.yaml");
        let original = std::fs::read_to_string(record).expect("the record");
        let twin_text = format!(
            "# The game of {record}, whose save {name}.jcz is shaped as\n# JCloisterZone's client writes it (tests/jcz_client.rs).\n{original}"
        );
        if std::env::var_os("CARCA_JCZ_WRITE").is_some() {
            std::fs::write(&path, &text).expect("the save written");
            std::fs::write(&twin, &twin_text).expect("the twin written");
        }
        assert!(
            std::fs::read_to_string(&path).ok().as_deref() == Some(text.as_str()),
            "{path} is not what the writer makes of {record}: write it again with CARCA_JCZ_WRITE=1"
        );
        assert!(
            std::fs::read_to_string(&twin).ok().as_deref() == Some(twin_text.as_str()),
            "{twin} is not a copy of {record}: write it again with CARCA_JCZ_WRITE=1"
        );
        let a = stdout_json(&carca(&["score", &path, "--format", "json"]));
        let b = stdout_json(&carca(&["score", record, "--format", "json"]));
        assert_eq!(a["totals"], b["totals"], "{path}");
        assert_eq!(a["ended"], b["ended"], "{path}");
        assert_eq!(a["events"], b["events"], "{path}");
        // Players sit in an order that is not their colours'.
        let slots: Vec<u64> = save["players"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|p| p["slot"].as_u64())
            .collect();
        assert!(slots.windows(2).all(|w| w[0] > w[1]), "{path}");
        all.push(save);
    }
    // Between them, the saves write every kind of pointer and both ends.
    let text: String = all.iter().map(ToString::to_string).collect();
    for form in [
        r#""location":"_"#,
        r#""feature":"Field","location":"II""#,
        r#""feature":"Field","location":"NL"#,
        r#""feature":"Monastery","location":"I""#,
        r#""feature":"Tower","location":"I""#,
        r#""type":"PLACE_TOKEN""#,
        r#""type":"CAPTURE_FOLLOWER""#,
        r#""type":"MOVE_NEUTRAL_FIGURE""#,
        r#""type":"RETURN_MEEPLE""#,
        ".wagon.",
        ".big.",
        ".builder.",
        ".mayor.",
    ] {
        assert!(text.contains(form), "no save writes {form}");
    }
    assert!(all.iter().any(|s| s.get("gameAnnotations").is_some()));
    assert!(all.iter().any(|s| s.get("gameAnnotations").is_none()));
}
