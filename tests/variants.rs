//! `carca compare` and `carca test`: rule variants side by side, reference
//! folders checked, and `--update` rewriting expectations in place.

use crate::common::{Scratch, carca, relative, stdout_json};

#[test]
fn compare_every_fixture() {
    insta::glob!("../fixtures/records", "*.yaml", |path| {
        let out = carca(&["compare", &relative(path)]);
        assert!(out.contains("under 6 rulesets"), "{out}");
        insta::assert_snapshot!(out);
    });
}

#[test]
fn compare_names_the_toggle() {
    let out = carca(&["compare", "fixtures/records/small-city.yaml"]);
    assert!(out.contains("city at (0,0) N (small_city): red +4 under modern, hig-faq-2007, all-or-nothing, tournament · red +2 under first-edition, second-edition"), "{out}");
    assert!(
        out.contains("road at (0,0) E (incomplete_features)"),
        "{out}"
    );
}

#[test]
fn compare_custom_rulesets_and_json() {
    let out = carca(&[
        "compare",
        "fixtures/records/three-farm-editions.yaml",
        "--rules",
        "modern,fixtures/rulesets/house-rules.toml",
        "--format",
        "json",
    ]);
    assert!(out.starts_with("exit: 0"), "{out}");
    let v = stdout_json(&out);
    assert_eq!(v["rulesets"], serde_json::json!(["modern", "house-rules"]));
    assert_eq!(v["totals"]["modern"]["red"], 6);
    assert_eq!(v["totals"]["house-rules"]["red"], 4);
    assert_eq!(
        v["differences"][0]["toggles"],
        serde_json::json!(["farm_scoring"])
    );
}

#[test]
fn compare_rejects_an_unknown_ruleset() {
    let out = carca(&[
        "compare",
        "fixtures/records/small-city.yaml",
        "--rules",
        "modern,fifth-edition",
    ]);
    assert!(out.starts_with("exit: 2"), "{out}");
    assert!(out.contains("carca::io::unknown_name"), "{out}");
}

#[test]
fn the_fixture_folders_pass_and_unreadable_records_are_counted() {
    let out = carca(&["test", "fixtures/records", "fixtures/illegal"]);
    assert!(out.starts_with("exit: 0"), "{out}");
    assert!(out.contains(" passed, 0 failed, "), "{out}");
    // A record that cannot be read is counted as such, with or without an
    // `expect:` block: never passed over as "skipped".
    let out = carca(&["test", "fixtures/malformed"]);
    assert!(out.starts_with("exit: 2"), "{out}");
    assert!(
        out.contains("error fixtures/malformed/bad-figure.yaml: the record cannot be read"),
        "{out}"
    );
    assert!(
        !out.contains("bad-figure.yaml has no `expect:` block"),
        "{out}"
    );
}

#[test]
fn wrong_expectations_fail_on_their_line() {
    let out = carca(&["test", "tests/data/expectations"]);
    insta::assert_snapshot!(out);
    assert!(out.starts_with("exit: 1"));
    assert!(out.contains("0 passed, 2 failed"));
    assert!(
        out.contains("wrong.yaml:7:18"),
        "the label points at the expected value: {out}"
    );
}

#[test]
fn update_round_trips_a_file_with_comments() {
    let original = std::fs::read_to_string("fixtures/records/small-city.yaml").expect("fixture");
    let broken = original
        .replace(
            "modern: { red: 4, blue: 2 }",
            "modern: { red: 40, blue: 2 }",
        )
        .replace(
            "first-edition: { red: 2, blue: 2 }",
            "first-edition: { red: 2 }",
        )
        .replace("all-or-nothing: { red: 4, blue: 0 }", "all-or-nothing: {}");
    assert_ne!(broken, original);
    let scratch = Scratch::new("update");
    let path = scratch.write("small-city.yaml", broken.as_bytes());
    let before = carca(&["test", &path]);
    assert!(before.starts_with("exit: 1"), "{before}");
    let updated = carca(&["test", "--update", &path]);
    assert!(updated.starts_with("exit: 0"), "{updated}");
    assert!(updated.contains("3 expectations updated"), "{updated}");
    let after = std::fs::read_to_string(&path).expect("updated file");
    assert_eq!(after, original, "the update restores the file exactly");
    assert!(carca(&["test", &path]).starts_with("exit: 0"));
}

#[test]
fn update_extends_block_style_expectations() {
    let scratch = Scratch::new("block");
    let text = "# a comment that must stay\nplayers: [red, blue]\nturns:\n  - { tile: E, at: [0, 1], rot: 180, meeple: S } # red\nfinal: true\nexpect:\n  modern:\n    red: 1   # wrong on purpose\n  first-edition: {}\n";
    let path = scratch.write("block.yaml", text.as_bytes());
    let out = carca(&["test", "--update", &path]);
    assert!(out.starts_with("exit: 0"), "{out}");
    let after = std::fs::read_to_string(&path).expect("updated file");
    assert_eq!(
        after,
        "# a comment that must stay\nplayers: [red, blue]\nturns:\n  - { tile: E, at: [0, 1], rot: 180, meeple: S } # red\nfinal: true\nexpect:\n  modern:\n    red: 4   # wrong on purpose\n    blue: 0\n  first-edition: { red: 2, blue: 0 }\n"
    );
}

#[test]
fn test_without_paths_is_a_usage_error() {
    let (code, _, _) = crate::common::binary(&["test"]);
    assert_eq!(code, 2);
    let out = carca(&["test", "no/such/folder"]);
    assert!(out.starts_with("exit: 2"), "{out}");
}

#[test]
fn rulesets_are_told_apart_by_what_names_them_not_by_display_name() {
    // A house file displays the name `first-edition` (it has no `name`).
    let out = carca(&["test", "tests/data/ruleset-names"]);
    assert!(out.starts_with("exit: 0"), "{out}");
    assert!(out.contains("1 passed, 0 failed"), "{out}");
    let house = "tests/data/ruleset-names/house/first-edition.toml";
    let game = "tests/data/ruleset-names/game.yaml";
    // Scored under the file, only the file's expectation applies.
    let out = carca(&["score", game, "--rules", house]);
    assert!(out.starts_with("exit: 0"), "{out}");
    // compare keeps both, the file shown by its path.
    let json = crate::common::stdout_json(&carca(&[
        "compare",
        game,
        "--rules",
        &format!("first-edition,{house}"),
        "--format",
        "json",
    ]));
    assert_eq!(
        json["rulesets"],
        serde_json::json!(["first-edition", house])
    );
}

#[test]
fn a_broken_own_ruleset_is_reported_whatever_ruleset_is_asked_for() {
    let record = "fixtures/malformed/bad-inline-ruleset.yaml";
    for args in [
        vec!["score", record, "--rules", "modern"],
        vec!["compare", record],
        vec!["compare", record, "--rules", "modern,first-edition"],
    ] {
        let out = carca(&args);
        assert!(out.starts_with("exit: 2"), "{args:?}: {out}");
        assert!(out.contains("carca::rules::bad_value"), "{args:?}: {out}");
    }
}

#[test]
fn test_results_as_json_for_ci_and_editors() {
    let out = carca(&[
        "test",
        "--format",
        "json",
        "tests/data/expectations",
        "docs/examples/reference",
        "docs/examples/friday.yaml",
    ]);
    insta::assert_snapshot!(out);
    assert!(out.starts_with("exit: 1"), "{out}");
    let v = crate::common::stdout_json(&out);
    assert_eq!(v["passed"], 2, "{v}");
    assert_eq!(v["failed"], 2, "{v}");
    let wrong = &v["records"][1];
    assert_eq!(wrong["file"], "tests/data/expectations/wrong.yaml");
    assert_eq!(wrong["result"], "failed");
    assert_eq!(
        wrong["diagnostics"][0]["code"], "carca::score::expect_mismatch",
        "{wrong}"
    );
    assert_eq!(wrong["diagnostics"][0]["line"], 7, "{wrong}");
}

#[test]
fn test_results_as_json_lines_one_per_record() {
    let out = carca(&[
        "test",
        "--format",
        "jsonl",
        "docs/examples/reference",
        "tests/data/expectations",
    ]);
    let (_, body) = out.split_once("--- stdout\n").expect("stdout");
    let (lines, stderr) = body.split_once("--- stderr\n").expect("stderr");
    assert_eq!(stderr, "", "diagnostics are in the JSON");
    let records: Vec<serde_json::Value> = lines
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect();
    assert_eq!(records.len(), 3, "{lines}");
    assert_eq!(records[0]["result"], "passed");
    assert_eq!(records[0]["rulesets"][2]["ruleset"], "../house.toml");
    assert_eq!(records[0]["rulesets"][2]["computed"]["red"], 4);
}

#[test]
fn house_rules_change_numbers_not_code() {
    let farms = carca(&[
        "compare",
        "fixtures/records/three-farm-editions.yaml",
        "--rules",
        "modern,fixtures/house-rules/farms-pay-two.toml",
    ]);
    assert!(
        farms.contains(
            "farm at (0,1) ENE (points.farm_city): red +3 under modern · red +2 under farms-pay-two"
        ),
        "{farms}"
    );
    insta::assert_snapshot!("farms-pay-two", farms);
    let cities = carca(&[
        "compare",
        "fixtures/records/small-city.yaml",
        "--rules",
        "modern,fixtures/house-rules/cities-three.toml,first-edition",
    ]);
    assert!(
        cities.contains(
            "red +4 under modern · red +6 under cities-three · red +2 under first-edition"
        ),
        "{cities}"
    );
    insta::assert_snapshot!("cities-three", cities);
}

#[test]
fn the_tournament_ruleset_breaks_ties_against_the_starting_player() {
    let out = carca(&[
        "compare",
        "fixtures/records/shared-majority.yaml",
        "--rules",
        "modern,tournament",
    ]);
    let winners: Vec<&str> = out
        .lines()
        .filter(|l| l.trim_start().starts_with("winner"))
        .collect();
    assert_eq!(winners, ["  winner  red, blue        blue"], "{out}");
    insta::assert_snapshot!(out);
    let json = stdout_json(&carca(&[
        "score",
        "fixtures/records/shared-majority.yaml",
        "--rules",
        "tournament",
        "--format",
        "json",
    ]));
    assert_eq!(json["winners"], serde_json::json!(["blue"]));
    assert_eq!(json["ruleset"]["tie_break"], "starting-player-loses");
}

#[test]
fn figure_counts_come_from_the_ruleset() {
    let out = carca(&[
        "compare",
        "fixtures/records/big-follower.yaml",
        "--rules",
        "fixtures/house-rules/big-followers.toml,modern",
    ]);
    assert!(
        out.contains("road at (0,0) E (followers, figures.big): red +6 under big-followers · blue +6 under modern"),
        "{out}"
    );
    insta::assert_snapshot!(out);
}

/// A tile set declares modifiers of both shapes with no code
/// (fixtures/sets/wells-and-lakes.yaml); their rates are `[points]` keys
/// under their names, which `compare` names when they make the difference.
#[test]
fn declared_modifiers_score_and_their_rates_are_house_rules() {
    let out = carca(&[
        "compare",
        "fixtures/records/modifiers.yaml",
        "--rules",
        "modern,fixtures/house-rules/wells-pay-five.toml",
    ]);
    for line in [
        "road at (0,0) E (points.well): red +6 under modern · red +9 under wells pay five",
        "road at (2,0) S (points.lake): blue +9 under modern · blue +12 under wells pay five",
        "city at (0,0) N (inn_cathedral_incomplete): nothing under modern · blue +2 under wells pay five",
    ] {
        assert!(out.contains(line), "{line}\n{out}");
    }
    insta::assert_snapshot!(out);
    let json = stdout_json(&carca(&[
        "score",
        "fixtures/records/modifiers.yaml",
        "--rules",
        "fixtures/house-rules/wells-pay-five.toml",
        "--format",
        "json",
    ]));
    assert_eq!(json["ruleset"]["points"]["well"], 5);
    let well_road = &json["events"][0];
    assert_eq!(well_road["feature"]["extras"]["well"], 1);
    assert_eq!(
        well_road["award"][0]["parts"],
        serde_json::json!([
            { "count": 4, "of": "tile", "rate": 1 },
            { "count": 1, "of": "well", "rate": 5 }
        ])
    );
    // A rate for a modifier that no tile set in play declares is an
    // unknown key, with the declared ones suggested when they are in play.
    let refused = carca(&[
        "score",
        "fixtures/records/road-ends.yaml",
        "--rules",
        "fixtures/house-rules/wells-pay-five.toml",
    ]);
    assert!(refused.starts_with("exit: 2"), "{refused}");
    assert!(refused.contains("unknown key `well`"), "{refused}");
}

#[test]
fn declared_figures_play_by_their_declarations_without_code() {
    // fixtures/sets/scouts-and-hounds.yaml declares a scout (roads, strength
    // 2), a marshal (cities, strength per pennant) and a hound (a companion
    // on fields); no source file names them.
    let out = carca(&["score", "fixtures/records/declared-figures.yaml"]);
    for line in [
        "followers: red 1 scout = 2, blue 1 → red",
        "followers: red 1 marshal = 1 pennant, blue 1 → shared majority: red, blue",
        "farmers: red 1, blue 1 (and red's hound) → shared majority: red, blue",
    ] {
        assert!(out.contains(line), "{line}\n{out}");
    }
    let history = carca(&["score", "fixtures/records/declared-figures-history.yaml"]);
    assert!(history.starts_with("exit: 0"), "{history}");
    assert!(
        history.contains(
            "followers: blue 1 marshal = 0 pennants → nobody (no follower counts for anything)\n    nobody scores"
        ),
        "{history}"
    );
    let json = stdout_json(&carca(&[
        "score",
        "fixtures/records/declared-figures.yaml",
        "--format",
        "json",
    ]));
    let road = &json["events"][0];
    assert_eq!(road["strength"]["red"], 2, "{road}");
    assert_eq!(json["ruleset"]["figures"]["scout"], 1, "{json}");
    let farm = &json["events"][2];
    assert_eq!(farm["others"][0]["figure"], "hound", "{farm}");
    // A ruleset counts a declared figure under `[figures]`: with no scouts,
    // red's is refused and stays in supply.
    let none = carca(&[
        "score",
        "fixtures/records/declared-figures-history.yaml",
        "--rules",
        "fixtures/house-rules/no-scouts.toml",
    ]);
    assert!(none.starts_with("exit: 1"), "{none}");
    assert!(none.contains("red has no scout left to deploy"), "{none}");
    // Where no set in play declares it, `scout` is no key of `[figures]`.
    let unknown = carca(&[
        "score",
        "fixtures/records/road-ends.yaml",
        "--rules",
        "fixtures/house-rules/no-scouts.toml",
    ]);
    assert!(unknown.starts_with("exit: 2"), "{unknown}");
    assert!(
        unknown.contains("pig, mayor, wagon, barn, tower,") && unknown.contains("castle (and"),
        "{unknown}"
    );
    // `carca moves` lists where the scout could go (roads only) beside
    // the followers' spots.
    let moves = carca(&[
        "moves",
        "fixtures/records/declared-figures-history.yaml",
        "--tile",
        "U",
        "--turn",
        "0",
    ]);
    assert!(moves.contains("; the scout on E (road)"), "{moves}");
    assert!(!moves.contains("the scout on NNE"), "{moves}");
}

#[test]
fn compared_rulesets_always_have_names_of_their_own() {
    // Two files named alike, and a third named as the first one's path:
    // renaming the first to its path would clash with the third.
    let s = Scratch::new("compare-names");
    let one = s.write("one.toml", b"name = \"same\"\nextends = \"modern\"\n");
    let two = s.write(
        "two.toml",
        b"name = \"same\"\nextends = \"first-edition\"\n",
    );
    let three = s.write(
        "three.toml",
        format!("name = \"{one}\"\nextends = \"second-edition\"\n").as_bytes(),
    );
    let rules = format!("{one},{two},{three},modern");
    let out = carca(&[
        "compare",
        "fixtures/records/three-farm-editions.yaml",
        "--rules",
        &rules,
        "--format",
        "json",
    ]);
    let json = stdout_json(&out);
    let names: Vec<&str> = json["rulesets"]
        .as_array()
        .expect("rulesets")
        .iter()
        .filter_map(|n| n.as_str())
        .collect();
    let distinct: std::collections::BTreeSet<&str> = names.iter().copied().collect();
    assert_eq!(names.len(), 4, "{names:?}");
    assert_eq!(distinct.len(), 4, "{names:?}");
    let totals = json["totals"].as_object().expect("totals");
    assert_eq!(totals.len(), 4, "every ruleset keeps its totals: {json}");
    // The text shows four columns with four names.
    let text = carca(&[
        "compare",
        "fixtures/records/three-farm-editions.yaml",
        "--rules",
        &rules,
    ]);
    for n in &names {
        assert!(text.contains(n), "{n}: {text}");
    }
}

#[test]
fn a_points_key_has_one_owner_across_the_sets_in_play() {
    // One set declares `well`; another `well_incomplete`, which is the
    // first one's unfinished rate: played together, they conflict.
    let s = Scratch::new("modifier-keys");
    let wells = std::fs::read_to_string("fixtures/sets/wells-and-lakes.yaml").expect("set");
    s.write("wells.yaml", wells.as_bytes());
    s.write(
        "more.yaml",
        b"name: more-wells\nrequires: [base]\nmodifiers:\n  - { name: well_incomplete, on: road, counted: { complete: 5, incomplete: 5 } }\ntiles:\n  - { id: MW1, edges: FRFR, with: [well_incomplete] }\n",
    );
    let record = s.write(
        "game.yaml",
        b"tilesets: [base, wells.yaml, more.yaml]\nplayers: [red]\nturns: []\n",
    );
    let out = carca(&["score", &record]);
    assert!(out.starts_with("exit: 2"), "{out}");
    assert!(out.contains("carca::record::modifier_conflict"), "{out}");
    assert!(out.contains("well_incomplete"), "{out}");
}

#[test]
fn update_from_a_game_that_breaks_the_rules_says_so() {
    // An edge mismatch, and a wrong expectation: the update writes the
    // totals as scored, says the game breaks the rules, and exits 1.
    let s = Scratch::new("update-illegal");
    let path = s.write(
        "game.yaml",
        b"players: [red, blue]\nturns:\n  - { tile: E, at: [0, 1] }\nfinal: true\nexpect:\n  modern: { red: 9, blue: 9 }\n",
    );
    let out = carca(&["test", "--update", &path]);
    assert!(out.starts_with("exit: 1"), "{out}");
    assert!(out.contains("rule violation"), "{out}");
    assert!(out.contains("1 expectation updated"), "{out}");
    let after = std::fs::read_to_string(&path).expect("updated");
    assert!(after.contains("modern: { red: 0, blue: 0 }"), "{after}");
}

#[test]
fn a_wagon_move_must_say_which_wagon_when_a_player_has_several_home() {
    // Under a house rule of two wagons a player, red's last tile sends
    // both of red's wagons home: a move without `from:` cannot be read
    // (the record's own ruleset only: the built-in ones give one wagon).
    let s = Scratch::new("which-wagon");
    let record = s.write(
        "which.yaml",
        b"ruleset: { name: two-wagons, extends: modern, figures: { wagon: 2 } }
players: [red, blue]
tilesets: [base, abbey-mayor]
turns:
  - { tile: N, at: [0, 1], rot: 180, meeple: S, figure: wagon }
  - { tile: U, at: [-1, 0] }
  - { tile: D, at: [1, 0], meeple: N, figure: wagon }
  - { tile: U, at: [-2, 0] }
  - { tile: N, at: [1, 1], rot: 270, wagon: { at: [0, 0], spot: E } }
",
    );
    let out = carca(&["score", &record]);
    assert!(out.starts_with("exit: 2"), "{out}");
    assert!(out.contains("carca::rules::figure_move"), "{out}");
    assert!(
        out.contains("2 wagons of red's came home: say which one moves"),
        "{out}"
    );
    assert!(out.contains("add `from: [x, y]`"), "{out}");
    // Naming one that did not come home is refused too, as a violation.
    let wrong = s.write(
        "wrong.yaml",
        std::fs::read_to_string(&record)
            .expect("written")
            .replace("wagon: { at", "wagon: { from: [5, 5], at")
            .as_bytes(),
    );
    let out = carca(&["score", &wrong]);
    assert!(out.starts_with("exit: 1"), "{out}");
    assert!(
        out.contains("no wagon of red's came home from (5,5)"),
        "{out}"
    );
}

#[test]
fn moves_lists_tower_pieces_with_their_captures_and_tower_tops() {
    // Before red's turn 5 of tw-capture-range.yaml: red's tower at (0,-1)
    // is one high; a second piece reaches both of blue's monks along the
    // row, and a follower may go on top of it.
    let out = carca(&[
        "moves",
        "fixtures/records/tw-capture-range.yaml",
        "--tile",
        "B",
        "--turn",
        "4",
    ]);
    assert!(out.starts_with("exit: 0"), "{out}");
    assert!(
        out.contains("put a tower piece on (0,-1) (height 2), then take blue's follower at (1,-1) C or blue's follower at (2,-1) C"),
        "{out}"
    );
    assert!(
        out.contains("put a follower on top of the tower at (0,-1) (height 1)"),
        "{out}"
    );
    let json = stdout_json(&carca(&[
        "moves",
        "fixtures/records/tw-capture-range.yaml",
        "--tile",
        "B",
        "--turn",
        "4",
        "--format",
        "json",
    ]));
    assert_eq!(json["actions"][0]["key"], "tower");
    assert_eq!(
        json["actions"][0]["takes"].as_array().map(Vec::len),
        Some(2)
    );
    // A game without towers lists no actions.
    let base = stdout_json(&carca(&[
        "moves",
        "fixtures/records/full-game-72.yaml",
        "--tile",
        "V",
        "--turn",
        "39",
        "--format",
        "json",
    ]));
    assert!(base.get("actions").is_none(), "{base}");
}

#[test]
fn declared_symbols_are_marks_that_need_no_code() {
    // A set declares its symbols; its tiles show one or several, which
    // `tiles show` lists, the pictures draw, and the board's key names.
    let set = "fixtures/sets/trees-and-mills.yaml";
    assert!(carca(&["tiles", "check", set]).starts_with("exit: 0"));
    let shown = carca(&["tiles", "show", set]);
    assert!(
        shown.contains("TM1 ×2  edges FRFR, shows a tree"),
        "{shown}"
    );
    assert!(
        shown.contains("TM3 ×1  edges FFFF, shows a tree and a mill"),
        "{shown}"
    );
    let s = Scratch::new("symbols");
    let out = s.path("sheet.svg");
    assert!(carca(&["tiles", "render", set, "-o", &out, "--force"]).starts_with("exit: 0"));
    let svg = std::fs::read_to_string(&out).expect("written");
    assert!(svg.contains("<title>tree</title>"), "{svg}");
    assert!(svg.contains("<title>mill</title>"), "{svg}");
    // The game plays as if the tiles showed nothing, and the board's key
    // names the marks.
    let record = "fixtures/records/declared-symbols.yaml";
    assert!(carca(&["score", record]).starts_with("exit: 0"));
    let board = carca(&["render", record]);
    assert!(board.contains("t tree   m mill"), "{board}");
    // A symbol the set does not declare is an error at its place.
    let refused = carca(&["tiles", "check", "fixtures/tilesets/symbol-undeclared.yaml"]);
    assert!(
        refused.contains("carca::tileset::unknown_symbol"),
        "{refused}"
    );
    assert!(refused.contains("did you mean `tree`?"), "{refused}");
}
