//! Expansions from end to end. Inns & Cathedrals: the rule the house may
//! change, the big follower in `moves`, six players, generated games,
//! pictures. The Abbey: `moves` during the final abbey round.

use crate::common::{Scratch, carca, stdout_json, with_stdin};

#[test]
fn unfinished_inns_and_cathedrals_count_under_the_house_rule() {
    let out = carca(&[
        "compare",
        "fixtures/records/ic-cathedral.yaml",
        "--rules",
        "modern,fixtures/house-rules/unfinished-inns-count.toml",
    ]);
    assert!(
        out.contains("city at (1,0) S (inn_cathedral_incomplete): nothing under modern · blue +2 under unfinished-inns-count"),
        "{out}"
    );
    insta::assert_snapshot!("cathedral", out);
    let inns = stdout_json(&carca(&[
        "score",
        "fixtures/records/ic-inns.yaml",
        "--rules",
        "fixtures/house-rules/unfinished-inns-count.toml",
        "--format",
        "json",
    ]));
    // Blue's one-tile road with an inn: 1 instead of 0.
    assert_eq!(inns["totals"]["blue"], 1, "{inns}");
    assert_eq!(inns["totals"]["red"], 14, "{inns}");
}

#[test]
fn moves_offer_the_big_follower_while_it_is_in_supply() {
    let before = |turn: &str| {
        stdout_json(&carca(&[
            "moves",
            "fixtures/jcz/inns-legacy.yaml",
            "--tile",
            "U",
            "--turn",
            turn,
            "--format",
            "json",
        ]))
    };
    assert_eq!(
        before("2")["figures"],
        serde_json::json!(["follower", "big"])
    );
    // Red's big follower stands on the road with the inn from turn 5 on.
    assert_eq!(before("4")["figures"], serde_json::json!(["follower"]));
    let text = carca(&[
        "moves",
        "fixtures/jcz/inns-legacy.yaml",
        "--tile",
        "U",
        "--turn",
        "2",
    ]);
    assert!(
        text.contains("(red to play; a follower or the big follower on any spot)"),
        "{text}"
    );
}

#[test]
fn six_players_each_have_a_big_follower() {
    let s = Scratch::new("six");
    let record = s.write(
        "six.yaml",
        "players: [red, blue, green, yellow, black, grey]\n\
         tilesets: [base, inns-cathedrals]\n\
         turns:\n\
         \x20 - { tile: IC15, at: [1, 0], meeple: E, figure: big }\n\
         \x20 - { tile: U, at: [-1, 0], meeple: NNE, figure: big }\n\
         \x20 - { tile: E, at: [0, 1], rot: 180, meeple: S, figure: big }\n\
         \x20 - { tile: B, at: [0, -1], meeple: C, figure: big }\n\
         \x20 - { tile: B, at: [1, -1], meeple: C, figure: big }\n\
         \x20 - { tile: B, at: [-1, -1], meeple: C, figure: big }\n"
            .as_bytes(),
    );
    let out = carca(&["score", &record]);
    assert!(out.starts_with("exit: 0"), "{out}");
    assert!(out.contains("the record is legal"), "{out}");
}

#[test]
fn generated_games_with_the_expansion_use_every_tile_and_big_followers() {
    let out = carca(&[
        "gen",
        "--tilesets",
        "base,inns-cathedrals",
        "--tiles",
        "90",
        "--seed",
        "11",
        "--players",
        "4",
    ]);
    assert!(out.starts_with("exit: 0"), "{out}");
    for i in 1..=17 {
        assert!(out.contains(&format!("tile: IC{i:02}")), "IC{i:02} missing");
    }
    assert!(out.contains("figure: big"), "{out}");
    let s = Scratch::new("gen-ic");
    let text = out.split_once("--- stdout\n").map_or("", |(_, rest)| {
        rest.split("--- stderr").next().unwrap_or("")
    });
    let record = s.write("game.yaml", text.as_bytes());
    for r in carca::rules::BUILTIN {
        let scored = carca(&["score", &record, "--rules", r]);
        assert!(scored.starts_with("exit: 0"), "{r}: {scored}");
    }
}

#[test]
fn pictures_show_inns_and_cathedrals() {
    let board = carca(&[
        "render",
        "fixtures/records/ic-cathedral.yaml",
        "--color",
        "never",
    ]);
    assert!(board.contains('✚'), "{board}");
    let inns = carca(&[
        "render",
        "fixtures/records/ic-inns.yaml",
        "--color",
        "never",
    ]);
    assert!(inns.contains('▲'), "{inns}");
}

/// `moves` follows the final abbey round (engine/abbey.rs) as the referee
/// does: after the last land tile only abbeys, by the player due.
#[test]
fn moves_know_the_final_abbey_round() {
    let abbey = carca(&[
        "moves",
        "fixtures/records/abbey-final-round.yaml",
        "--tile",
        "Abbey",
        "--turn",
        "12",
    ]);
    assert!(
        abbey.contains(
            "Abbey fits 1 way in 1 place after turn 12 (blue to play, in the final abbey round):"
        ),
        "{abbey}"
    );
    let land = carca(&[
        "moves",
        "fixtures/records/abbey-final-round.yaml",
        "--tile",
        "B",
        "--turn",
        "12",
    ]);
    assert!(land.starts_with("exit: 2"), "{land}");
    assert!(land.contains("only an abbey may be placed"), "{land}");
    // Without the final round, the game ends with the last land tile.
    let none = carca(&[
        "moves",
        "fixtures/records/abbey-final-round.yaml",
        "--tile",
        "Abbey",
        "--turn",
        "12",
        "--rules",
        "hig-faq-2007",
    ]);
    assert!(none.contains("the game is over after turn 12"), "{none}");
}

#[test]
fn princess_and_dragon_fixtures_meet_their_expectations_under_every_option() {
    // The fixtures name the rule options' rulesets among their
    // expectations (`../house-rules/*.toml`): `carca test` checks them all.
    let mut names: Vec<String> = std::fs::read_dir("fixtures/records")
        .expect("fixtures")
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("pd-"))
        .collect();
    names.sort();
    assert!(names.len() >= 7, "{names:?}");
    for name in names {
        let out = carca(&["test", &format!("fixtures/records/{name}")]);
        assert!(out.starts_with("exit: 0"), "{name}:\n{out}");
    }
    let fairy = carca(&[
        "compare",
        "fixtures/records/pd-fairy-on-tile.yaml",
        "--rules",
        "modern,fixtures/house-rules/fairy-on-tile.toml",
    ]);
    insta::assert_snapshot!("fairy_placement", fairy);
    let dragon = carca(&[
        "compare",
        "fixtures/records/pd-dragon-after-scoring.yaml",
        "--rules",
        "modern,fixtures/house-rules/dragon-after-scoring.toml",
    ]);
    insta::assert_snapshot!("dragon_move", dragon);
    // Under "must" the princess tile that joins a city with a knight and
    // sends nobody home breaks a rule; under "may" it does not.
    let may = carca(&[
        "score",
        "fixtures/illegal/pd-princess-must.yaml",
        "--rules",
        "modern",
    ]);
    assert!(may.starts_with("exit: 0"), "{may}");
    let must = carca(&[
        "score",
        "fixtures/illegal/pd-princess-must.yaml",
        "--rules",
        "fixtures/house-rules/princess-must.toml",
    ]);
    assert!(
        must.starts_with("exit: 1") && must.contains("carca::rules::princess"),
        "{must}"
    );
}

#[test]
fn moves_list_portal_targets_the_princess_the_dragon_and_the_fairy() {
    let moves = |record: &str, turn: &str, tile: &str| {
        stdout_json(&carca(&[
            "moves", record, "--turn", turn, "--tile", tile, "--format", "json",
        ]))
    };
    // Before red's portal tile: the follower may go onto the start tile's
    // road, which nobody holds; never onto a finished feature.
    let portal = moves("fixtures/records/pd-princess.yaml", "6", "PD08");
    let targets = portal["moves"][0]["elsewhere"]
        .as_array()
        .expect("portal targets");
    assert!(
        targets
            .iter()
            .any(|t| t["at"] == serde_json::json!([0, 0]) && t["kind"] == "road"),
        "{portal}"
    );
    assert!(
        !targets.iter().any(|t| t["kind"] == "city"),
        "the city is finished: {portal}"
    );
    // The princess's tile that joins blue's city: she may send the knight
    // home.
    let princess = moves("fixtures/records/pd-princess.yaml", "4", "PD09");
    let offered: Vec<&serde_json::Value> = princess["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .flat_map(|m| m["actions"].as_array().into_iter().flatten())
        .filter(|a| a["key"] == "princess")
        .collect();
    assert_eq!(offered.len(), 1, "{princess}");
    assert_eq!(offered[0]["takes"][0]["player"], "blue");
    // A dragon tile: the dragon's first steps; and the fairy's moves
    // beside red's follower, instead of a figure.
    let dragon = moves("fixtures/records/pd-fairy.yaml", "5", "PD14");
    let first = &dragon["moves"][0]["actions"];
    assert_eq!(first[0]["key"], "dragon", "{dragon}");
    assert_eq!(first[0]["at"], serde_json::json!([0, 0]));
    let fairy = moves("fixtures/records/pd-fairy.yaml", "4", "E");
    assert!(
        fairy["actions"]
            .as_array()
            .expect("actions")
            .iter()
            .any(|a| a["key"] == "fairy"
                && a["at"] == serde_json::json!([-1, 0])
                && a["spot"] == "NNE"),
        "{fairy}"
    );
    let text = carca(&[
        "moves",
        "fixtures/records/pd-fairy.yaml",
        "--turn",
        "4",
        "--tile",
        "E",
    ]);
    assert!(
        text.contains("move the fairy beside the follower at (-1,0) NNE"),
        "{text}"
    );
    // The princess's and the dragon's choices, each in its expansion's
    // words, after the placement's figures.
    let text = carca(&[
        "moves",
        "fixtures/records/pd-princess.yaml",
        "--turn",
        "4",
        "--tile",
        "PD09",
    ]);
    assert!(
        text.contains("; the princess may send home blue's follower at (0,1) S"),
        "{text}"
    );
    let text = carca(&[
        "moves",
        "fixtures/records/pd-fairy.yaml",
        "--turn",
        "5",
        "--tile",
        "PD14",
    ]);
    assert!(
        text.contains("; the dragon may fly first to (0,0)"),
        "{text}"
    );
}

/// A record that ends while the dragon's flight could go on: `moves`
/// says whose step is next and where it may go, in text and JSON.
#[test]
fn moves_list_the_next_steps_of_a_flight_under_way() {
    let record = b"players: [red, blue]
tilesets: [base, princess-dragon]
turns:
  - { tile: PD01, at: [0, -1] }
  - { tile: U, at: [1, 0] }
  - { tile: U, at: [2, 0] }
  - { tile: PD16, at: [0, -2], dragon: [N] }
";
    let (code, text) = with_stdin(&["moves", "-", "--tile", "B"], record);
    assert_eq!(code, Some(0), "{text}");
    assert!(
        text.contains(
            "the dragon's flight of turn 4 is under way at (0,0) after 1 step: red takes the next, E (1,0)"
        ),
        "{text}"
    );
    let (code, json) = with_stdin(&["moves", "-", "--tile", "B", "--format", "json"], record);
    assert_eq!(code, Some(0), "{json}");
    let v: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    let under_way = &v["under_way"];
    assert_eq!(under_way["key"], "dragon", "{v}");
    assert_eq!(under_way["player"], "red");
    assert_eq!(under_way["done"], 1);
    assert_eq!(under_way["from"], serde_json::json!([0, 0]));
    assert_eq!(under_way["options"][0]["at"], serde_json::json!([1, 0]));
    assert_eq!(under_way["options"].as_array().map(Vec::len), Some(1));
    // Once the flight is written whole, nothing is under way.
    let whole = String::from_utf8_lossy(record).replace("dragon: [N]", "dragon: [N, E, E]");
    let (_, json) = with_stdin(
        &["moves", "-", "--tile", "B", "--format", "json"],
        whole.as_bytes(),
    );
    let v: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    assert!(v.get("under_way").is_none(), "{v}");
    let (code, _) = with_stdin(&["score", "-"], whole.as_bytes());
    assert_eq!(code, Some(0), "the whole flight is legal");
}

/// `carca moves` offers the City to a player whose placement's scoring
/// pays others and not them (RULES §17), and only there.
#[test]
fn moves_offer_the_city_where_the_scoring_pays_only_others() {
    let moves = stdout_json(&carca(&[
        "moves",
        "fixtures/records/coc-enter-leave.yaml",
        "--turn",
        "2",
        "--tile",
        "W",
        "--format",
        "json",
    ]));
    let all = moves["moves"].as_array().expect("moves");
    let offering: Vec<&serde_json::Value> = all
        .iter()
        .filter(|m| {
            m["actions"]
                .as_array()
                .is_some_and(|a| a.iter().any(|x| x["key"] == "enter"))
        })
        .collect();
    // The three turns of the village at (-4, 1) that close blue's road.
    assert_eq!(offering.len(), 3, "{moves}");
    assert!(
        offering
            .iter()
            .all(|m| m["at"] == serde_json::json!([-4, 1])),
        "{moves}"
    );
    // Blue, whose own road it is, is offered nothing there.
    let blue = stdout_json(&carca(&[
        "moves",
        "fixtures/records/coc-enter-leave.yaml",
        "--turn",
        "1",
        "--tile",
        "W",
        "--format",
        "json",
    ]));
    assert!(!blue.to_string().contains("\"enter\""), "{blue}");
    let text = carca(&[
        "moves",
        "fixtures/records/coc-enter-leave.yaml",
        "--turn",
        "2",
        "--tile",
        "W",
    ]);
    assert!(text.contains("`enter: QUARTER`"), "{text}");
}

#[test]
fn moves_say_an_auction_the_record_owes() {
    // The record stops after blue's bazaar, before its auction: the tile
    // red plays next comes from it, so `moves` says so, in words and JSON.
    let text = carca(&[
        "moves",
        "fixtures/records/bb-bazaar-owed.yaml",
        "--tile",
        "U",
    ]);
    assert!(text.starts_with("exit: 0"), "{text}");
    assert!(
        text.contains("the record owes an act: turn 2 · blue's bazaar: the record ends before the auction that follows it (2 tiles, red choosing first)"),
        "{text}"
    );
    let json = |path: &str, turn: &str, tile: &str| {
        let out = carca(&[
            "moves", path, "--turn", turn, "--tile", tile, "--format", "json",
        ]);
        assert!(out.starts_with("exit: 0"), "{out}");
        stdout_json(&out)
    };
    let owed = json("fixtures/records/bb-bazaar-owed.yaml", "2", "U");
    assert_eq!(owed["owed"][0]["note"], "auction_owed", "{owed}");
    assert_eq!(owed["owed"][0]["chooser"], "red", "{owed}");
    assert_eq!(owed["owed"][0]["tiles"], 2, "{owed}");
    assert_eq!(owed["owed"][0]["turn"], 2, "{owed}");
    // The tiles to bid on: what the supply holds, less the tiles placed
    // (red's E, blue's only BB06) and the start tile (a D).
    assert!(
        text.contains("The tiles to bid on are drawn from the 81 left: A ×2, B ×4, C, D ×3, E ×4,"),
        "{text}"
    );
    let supply = owed["owed"][0]["supply"].as_array().expect("supply");
    let count = |id: &str| {
        supply
            .iter()
            .find(|t| t["tile"] == id)
            .map_or(0, |t| t["count"].as_u64().unwrap_or(0))
    };
    assert_eq!(
        (count("D"), count("E"), count("BB06"), count("BB01")),
        (3, 4, 0, 2),
        "{owed}"
    );
    assert_eq!(
        supply
            .iter()
            .map(|t| t["count"].as_u64().unwrap_or(0))
            .sum::<u64>(),
        81
    );
    // After a turn whose entry writes its auction, nothing is owed: blue
    // plays the E it got.
    let written = json("fixtures/records/bb-bazaar.yaml", "1", "E");
    assert!(written.get("owed").is_none(), "{written}");
}

#[test]
fn moves_list_the_placements_a_bridge_makes_legal() {
    // Before the first turn a cloister tile fits east of the start tile
    // only with a bridge across it; after turn 2 the road tile fits
    // beside blue's cloister only with a bridge across that cloister.
    let json = |turn: &str, tile: &str| {
        let out = carca(&[
            "moves",
            "fixtures/records/bb-bridge.yaml",
            "--turn",
            turn,
            "--tile",
            tile,
            "--format",
            "json",
        ]);
        assert!(out.starts_with("exit: 0"), "{out}");
        stdout_json(&out)
    };
    let first = json("0", "B");
    let enabled = first["enabled"].as_array().expect("enabled placements");
    assert!(
        enabled
            .iter()
            .any(|e| e["at"] == serde_json::json!([1, 0]) && e["with"]["bridge"] == "WE"),
        "{first}"
    );
    assert!(
        first["moves"]
            .as_array()
            .is_some_and(|m| m.iter().all(|m| m["at"] != serde_json::json!([1, 0]))),
        "without a bridge it does not fit there: {first}"
    );
    let third = json("2", "U");
    assert!(
        third["enabled"]
            .as_array()
            .is_some_and(|e| e.iter().any(|e| e["at"] == serde_json::json!([1, -1])
                && e["with"]["bridge"] == serde_json::json!({ "at": [0, -1], "span": "WE" }))),
        "{third}"
    );
    // In words, as a record writes the act.
    let text = carca(&[
        "moves",
        "fixtures/records/bb-bridge.yaml",
        "--turn",
        "2",
        "--tile",
        "U",
    ]);
    assert!(
        text.contains("fits these places only with what is laid with it:\n")
            && text.contains(
                "(1,-1) rot   0 with `bridge: { at: [0, -1], span: WE }`: followers on E (road)"
            ),
        "{text}"
    );
}
