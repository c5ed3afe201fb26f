//! Pictures: SVG text snapshotted, PNGs decoded with the expected size, the
//! terminal picture, and the README's picture kept up to date.

use crate::common::{Scratch, binary, carca};

/// Width and height from a PNG's header, after checking its signature.
fn png_size(bytes: &[u8]) -> (u32, u32) {
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "a PNG file");
    let word =
        |at: usize| u32::from_be_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
    (word(16), word(20))
}

#[test]
fn boards_and_sheets_as_svg() {
    let s = Scratch::new("svg");
    for (name, args) in [
        (
            "west-farm",
            vec![
                "render",
                "fixtures/records/three-farm-editions.yaml",
                "--feature",
                "0,1:WNW",
            ],
        ),
        (
            "abbey-game",
            vec![
                "render",
                "fixtures/records/abbey-final-round.yaml",
                "--turn",
                "8",
            ],
        ),
        ("river-sheet", vec!["tiles", "render", "river"]),
    ] {
        let out = s.path(&format!("{name}.svg"));
        let mut args = args.clone();
        args.extend(["-o", &out, "--force"]);
        let result = carca(&args);
        assert!(result.starts_with("exit: 0"), "{result}");
        let svg = std::fs::read_to_string(&out).expect("SVG written");
        assert!(svg.starts_with("<svg"), "{name}");
        insta::assert_snapshot!(name, svg);
    }
}

#[test]
fn builders_pigs_and_goods_are_drawn() {
    let s = Scratch::new("traders");
    let draw = |record: &str, turn: Option<&str>| {
        let out = s.path("t.svg");
        let mut args = vec!["render", record];
        if let Some(t) = turn {
            args.extend(["--turn", t]);
        }
        args.extend(["-o", &out, "--force"]);
        let result = carca(&args);
        assert!(result.starts_with("exit: 0"), "{result}");
        std::fs::read_to_string(&out).expect("SVG written")
    };
    // Blue's builder stands on the road after turn 7; the grain city shows
    // its sheaf.
    let builder = draw("fixtures/records/tb-with-inns-cathedrals.yaml", Some("7"));
    assert_eq!(
        builder.matches("M-6,9 L-6,-3 L0,-10 L6,-3 L6,9 Z").count(),
        1
    );
    assert!(builder.contains("#facc15"), "the grain sheaf");
    // Red's pig lies on red's farm at the end.
    let pig = draw("fixtures/records/tb-pig.yaml", None);
    assert_eq!(pig.matches("rx=\"10\"").count(), 1, "one pig");
}

/// The neutral figures are drawn as their expansion says: the dragon in
/// the middle of its tile, the fairy beside its follower, in pictures and
/// on the terminal board with its key.
#[test]
fn the_dragon_and_the_fairy_are_drawn() {
    let s = Scratch::new("neutrals");
    let out = s.path("n.svg");
    let result = carca(&[
        "render",
        "fixtures/records/pd-fairy.yaml",
        "-o",
        &out,
        "--force",
    ]);
    assert!(result.starts_with("exit: 0"), "{result}");
    let svg = std::fs::read_to_string(&out).expect("SVG written");
    assert_eq!(svg.matches("<title>the dragon</title>").count(), 1);
    assert_eq!(svg.matches("<title>the fairy</title>").count(), 1);
    assert!(svg.contains("#14532d") && svg.contains("#f0abfc"));
    let text = carca(&[
        "render",
        "fixtures/records/pd-fairy.yaml",
        "--color",
        "never",
    ]);
    assert_eq!(text.matches('Ж').count(), 2, "{text}");
    assert_eq!(text.matches('✧').count(), 2, "{text}");
    assert!(text.contains("Ж the dragon   ✧ the fairy"), "{text}");
}

#[test]
fn mayors_wagons_and_barns_are_drawn() {
    let s = Scratch::new("abbey-mayor");
    let draw = |record: &str| {
        let out = s.path("a.svg");
        let result = carca(&["render", record, "-o", &out, "--force"]);
        assert!(result.starts_with("exit: 0"), "{result}");
        std::fs::read_to_string(&out).expect("SVG written")
    };
    // Two barns, each on the corner point where four tiles meet: red's at
    // the north-east corner of (0,-1), blue's at that of (1,-1).
    let barns = draw("fixtures/records/am-barn-snapshot.yaml");
    let roof = "M-11,9 L-11,-2 L0,-11 L11,-2 L11,9 Z";
    assert_eq!(barns.matches(roof).count(), 2, "{barns}");
    // Two mayors, each a follower marked M; a wagon marked W.
    let mayors = draw("fixtures/records/am-mayor-majorities.yaml");
    assert_eq!(
        mayors.matches(">\nM\n<").count() + mayors.matches(">M<").count(),
        2
    );
    let wagon = draw("fixtures/records/am-wagon.yaml");
    assert_eq!(
        wagon.matches(">\nW\n<").count() + wagon.matches(">W<").count(),
        2
    );
}

#[test]
fn towers_their_followers_and_prisoners_are_drawn() {
    let s = Scratch::new("tower");
    // After turn 3 red's follower stands on top of a tower of height 1: a
    // meeple in red's colour more than after turn 2, over the height.
    let draw = |turn: &str| {
        let out = s.path("t.svg");
        let result = carca(&[
            "render",
            "fixtures/records/tw-follower-on-tower.yaml",
            "--turn",
            turn,
            "-o",
            &out,
            "--force",
        ]);
        assert!(result.starts_with("exit: 0"), "{result}");
        std::fs::read_to_string(&out).expect("SVG written")
    };
    let (before, after) = (draw("2"), draw("3"));
    let red = "fill=\"#d62828\"";
    assert_eq!(after.matches(red).count(), before.matches(red).count() + 1);
    assert!(
        after.contains(">\n1\n<") || after.contains(">1<"),
        "{after}"
    );
    // In the terminal: the tower's height in its middle, and the legend
    // says what red holds.
    let text = carca(&[
        "render",
        "fixtures/records/tw-capture-range.yaml",
        "--color",
        "never",
    ]);
    assert!(text.contains("R red (holds blue ×2)"), "{text}");
    assert!(text.contains("····3····"), "{text}");
}

#[test]
fn castles_flocks_and_the_count_are_marked_on_their_tiles() {
    let s = Scratch::new("badges");
    let draw = |record: &str, turn: &str| {
        let out = s.path("t.svg");
        let result = carca(&["render", record, "--turn", turn, "-o", &out, "--force"]);
        assert!(result.starts_with("exit: 0"), "{result}");
        let svg = std::fs::read_to_string(&out).expect("SVG written");
        let text = carca(&["render", record, "--turn", turn, "--color", "never"]);
        (svg, text)
    };
    // Red's castle on (0,0) and (0,1), framed in red.
    let (svg, text) = draw("fixtures/records/bb-castle.yaml", "1");
    assert!(
        svg.contains(">castle<") || svg.contains(">\ncastle\n<"),
        "{svg}"
    );
    assert!(svg.contains("stroke=\"#d62828\""), "{svg}");
    assert!(text.contains("◆ (0,0) castle (R)"), "{text}");
    // Red's two flocks before red herds them: 3 + 1 sheep and 2.
    let (_, text) = draw("fixtures/records/hs-two-flocks.yaml", "3");
    assert!(
        text.contains("◆ (1,0) 4 sheep (R)   ◆ (2,0) 2 sheep (R)"),
        "{text}"
    );
    let (_, after) = draw("fixtures/records/hs-two-flocks.yaml", "5");
    assert!(!after.contains("sheep"), "herded: {after}");
    // The Count in the castle quarter at the start; after turn 3 in the
    // cathedral, red's follower in the blacksmith's quarter.
    let (_, text) = draw("fixtures/records/coc-enter-leave.yaml", "0");
    assert!(text.contains("Count: castle"), "{text}");
    let (svg, text) = draw("fixtures/records/coc-enter-leave.yaml", "3");
    assert!(
        text.contains("◆ (0,0) Count: cathedral   ◆ (0,0) blacksmith ×1 (R)"),
        "{text}"
    );
    assert!(svg.contains("blacksmith ×1"), "{svg}");
}

#[test]
fn boards_and_sheets_as_png() {
    let s = Scratch::new("png");
    for (args, size) in [
        (
            vec!["render", "fixtures/records/three-farm-editions.yaml"],
            (380, 410),
        ),
        (
            vec!["render", "fixtures/records/full-game-72.yaml"],
            (1480, 1410),
        ),
        (vec!["tiles", "render", "base"], (1180, 802)),
    ] {
        let out = s.path("picture.png");
        let mut args = args.clone();
        args.extend(["-o", &out, "--force"]);
        let result = carca(&args);
        assert!(result.starts_with("exit: 0"), "{result}");
        let bytes = std::fs::read(&out).expect("PNG written");
        assert_eq!(png_size(&bytes), size, "{args:?}");
        let decoded = resvg::tiny_skia::Pixmap::decode_png(&bytes).expect("the PNG decodes");
        assert_eq!((decoded.width(), decoded.height()), size);
    }
}

#[test]
fn a_board_in_the_terminal() {
    let out = carca(&["render", "fixtures/records/three-farm-editions.yaml"]);
    assert!(out.starts_with("exit: 0"), "{out}");
    assert!(
        !out.contains('\u{1b}'),
        "no colour when not on a terminal: {out}"
    );
    insta::assert_snapshot!(out);
    let (code, stdout, _) = binary(&["tiles", "render", "abbey"]);
    assert_eq!(code, 0);
    assert!(stdout.contains('⌂'), "{stdout}");
}

#[test]
fn score_marks_illegal_placements() {
    let s = Scratch::new("marks");
    let out = s.path("bad.svg");
    let result = carca(&[
        "score",
        "fixtures/illegal/edge-mismatch.yaml",
        "--render",
        &out,
    ]);
    assert!(result.starts_with("exit: 1"), "{result}");
    let svg = std::fs::read_to_string(&out).expect("SVG written");
    assert!(
        svg.contains("stroke-dasharray"),
        "the bad placement is marked"
    );
}

#[test]
fn score_marks_refused_followers_where_they_were_put() {
    let s = Scratch::new("refused");
    let cross = "M-11,-11 L11,11 M11,-11 L-11,11";
    for (record, refused) in [
        ("fixtures/illegal/feature-occupied.yaml", 1),
        ("fixtures/illegal/no-follower.yaml", 1),
        ("fixtures/illegal/same-spot.yaml", 1),
        ("fixtures/illegal/follower-on-river.yaml", 1),
        ("fixtures/records/full-game-72.yaml", 0),
    ] {
        let out = s.path("board.svg");
        let result = carca(&["score", record, "--render", &out, "--force"]);
        assert!(!result.starts_with("exit: 2"), "{record}: {result}");
        let svg = std::fs::read_to_string(&out).expect("SVG written");
        assert_eq!(svg.matches(cross).count(), refused, "{record}");
    }
}

#[test]
fn features_by_their_breakdown_names() {
    let s = Scratch::new("names");
    let a = s.path("a.svg");
    let b = s.path("b.svg");
    assert!(
        carca(&[
            "render",
            "fixtures/records/three-farm-editions.yaml",
            "--feature",
            "0,1:WSW",
            "-o",
            &a
        ])
        .starts_with("exit: 0")
    );
    assert!(
        carca(&[
            "render",
            "fixtures/records/three-farm-editions.yaml",
            "--feature",
            "farm at (0,1) WSW",
            "-o",
            &b
        ])
        .starts_with("exit: 0")
    );
    assert_eq!(
        std::fs::read_to_string(&a).ok(),
        std::fs::read_to_string(&b).ok()
    );
}

#[test]
fn render_errors() {
    let s = Scratch::new("errors");
    let gif = s.path("board.gif");
    let svg = s.path("board.svg");
    for (extra, expected) in [
        (
            vec!["--feature", "nowhere", "-o", svg.as_str()],
            "X,Y:LOCATION",
        ),
        (
            vec!["--feature", "9,9:N", "-o", svg.as_str()],
            "no tile lies at (9,9)",
        ),
        (vec!["-o", gif.as_str()], "use .svg or .png"),
        // The terminal picture outlines nothing: asked to, carca says so.
        (vec!["--feature", "0,0:N"], "add -o board.svg"),
    ] {
        let mut args = vec!["render", "fixtures/records/small-city.yaml"];
        args.extend(extra);
        let out = carca(&args);
        assert!(
            out.starts_with("exit: 2") && out.contains(expected),
            "{out}"
        );
    }
}

#[test]
fn the_readme_pictures_are_current() {
    let s = Scratch::new("readme");
    for (file, args) in [
        (
            "full-game-72",
            vec!["render", "fixtures/records/full-game-72.yaml"],
        ),
        (
            "west-farm",
            vec![
                "render",
                "fixtures/records/three-farm-editions.yaml",
                "--feature",
                "0,1:WNW",
            ],
        ),
        ("tiles-base", vec!["tiles", "render", "base"]),
        ("tiles-river", vec!["tiles", "render", "river"]),
        ("tiles-abbey", vec!["tiles", "render", "abbey"]),
        (
            "tiles-inns-cathedrals",
            vec!["tiles", "render", "inns-cathedrals"],
        ),
        (
            "tiles-traders-builders",
            vec!["tiles", "render", "traders-builders"],
        ),
        ("tiles-abbey-mayor", vec!["tiles", "render", "abbey-mayor"]),
        ("tiles-tower", vec!["tiles", "render", "tower"]),
        (
            "tiles-princess-dragon",
            vec!["tiles", "render", "princess-dragon"],
        ),
        (
            "tiles-bridges-castles-bazaars",
            vec!["tiles", "render", "bridges-castles-bazaars"],
        ),
        ("tiles-hills-sheep", vec!["tiles", "render", "hills-sheep"]),
        ("tiles-count", vec!["tiles", "render", "count"]),
    ] {
        let out = s.path("p.svg");
        let mut args = args.clone();
        args.extend(["-o", &out, "--force"]);
        assert!(carca(&args).starts_with("exit: 0"));
        let now = std::fs::read_to_string(&out).expect("written");
        let committed = std::fs::read_to_string(format!("docs/pictures/{file}.svg"))
            .expect("committed picture");
        assert_eq!(
            now, committed,
            "docs/pictures/{file}.svg is out of date: render it again"
        );
    }
}

#[test]
fn every_fixture_and_tile_set_renders() {
    let s = Scratch::new("all");
    let mut inputs: Vec<(Vec<String>, String)> = Vec::new();
    for entry in std::fs::read_dir("fixtures/records").expect("fixtures") {
        let path = entry.expect("entry").path();
        if path.extension().is_some_and(|e| e == "yaml") {
            inputs.push((
                vec!["render".into(), path.to_string_lossy().into_owned()],
                path.to_string_lossy().into_owned(),
            ));
        }
    }
    for set in [
        "base",
        "abbey",
        "river",
        "fixtures/sets/cloister-field.yaml",
        "fixtures/sets/split-corner.yaml",
    ] {
        inputs.push((
            vec!["tiles".into(), "render".into(), set.into()],
            set.into(),
        ));
    }
    for (args, name) in inputs {
        for ext in ["svg", "png"] {
            let out = s.path(&format!("picture.{ext}"));
            let mut args: Vec<&str> = args.iter().map(String::as_str).collect();
            args.extend(["-o", &out, "--force"]);
            let result = carca(&args);
            assert!(result.starts_with("exit: 0"), "{name} as {ext}: {result}");
            let bytes = std::fs::read(&out).expect("written");
            if ext == "png" {
                let (w, h) = png_size(&bytes);
                assert!(w >= 100 && h >= 100, "{name}");
                assert!(
                    resvg::tiny_skia::Pixmap::decode_png(&bytes).is_ok(),
                    "{name}"
                );
            } else {
                assert!(bytes.starts_with(b"<svg"), "{name}");
            }
        }
    }
}

#[test]
fn pictures_have_bounds() {
    let s = crate::common::Scratch::new("picture-bounds");
    let far = s.write(
        "far.yaml",
        b"players: [red]\nboard:\n  - { tile: D, at: [0, 0] }\n  - { tile: U, at: [1000000, 1000000] }\n",
    );
    for out in [None, Some("far.svg"), Some("far.png")] {
        let mut args = vec!["render", far.as_str()];
        let path = out.map(|o| s.path(o));
        if let Some(p) = &path {
            args.extend(["-o", p.as_str(), "--force"]);
        }
        let result = carca(&args);
        assert!(result.starts_with("exit: 2"), "{out:?}: {result}");
        assert!(result.contains("1000001 × 1000001 squares"), "{result}");
        if let Some(p) = &path {
            assert!(!std::path::Path::new(p).exists());
        }
    }
    // A wide board is drawn smaller, within the PNG bounds.
    let wide = s.write(
        "wide.yaml",
        b"players: [red]\nboard:\n  - { tile: D, at: [0, 0] }\n  - { tile: U, at: [199, 0] }\n",
    );
    let png = s.path("wide.png");
    let result = carca(&["render", &wide, "-o", &png, "--force"]);
    assert!(result.starts_with("exit: 0"), "{result}");
    let (width, _) = png_size(&std::fs::read(&png).expect("png"));
    assert!(width <= carca::report::picture::MAX_PNG_SIDE, "{width}");
    assert!(width > 8_000, "{width}");
}

#[test]
fn a_big_follower_is_drawn_larger() {
    let scratch = Scratch::new("big-picture");
    let out = scratch.path("big.svg");
    let run = carca(&[
        "render",
        "fixtures/records/big-farmer-snapshot.yaml",
        "-o",
        &out,
    ]);
    assert!(run.starts_with("exit: 0"), "{run}");
    let svg = std::fs::read_to_string(&out).expect("written");
    assert_eq!(svg.matches("scale(1.7)").count(), 1, "one big follower");
    assert_eq!(
        svg.matches("scale(1.15)").count(),
        2 + 2,
        "two followers and the legend's two"
    );
}

#[test]
fn the_terminal_board_says_what_its_marks_mean() {
    let out = carca(&[
        "render",
        "fixtures/records/tw-follower-on-tower.yaml",
        "--color",
        "never",
    ]);
    assert!(out.starts_with("exit: 0"), "{out}");
    let key = out
        .lines()
        .find(|l| l.starts_with("· field"))
        .unwrap_or_else(|| panic!("a key line: {out}"));
    for word in ["─ road", "▓ city", "⌂ cloister", "1–9 a tower's height"] {
        assert!(key.contains(word), "{word}: {key}");
    }
    // Only what the board shows.
    assert!(!key.contains("river"), "{key}");
}
