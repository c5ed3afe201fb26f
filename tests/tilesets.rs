//! Tile-set fixtures: every broken set's diagnostics and every shipped set's
//! picture, snapshotted.

use crate::common::{carca, relative};

#[test]
fn broken_tile_sets() {
    insta::glob!("../fixtures/tilesets", "*.yaml", |path| {
        let output = carca(&["tiles", "check", &relative(path)]);
        assert!(
            output.starts_with("exit: 1") || output.starts_with("exit: 2"),
            "a broken fixture must fail: {output}"
        );
        insta::assert_snapshot!(output);
    });
}

#[test]
fn shipped_tile_sets_are_sound() {
    for name in carca::tileset::builtin::NAMES {
        for set in [name.to_string(), format!("tilesets/{name}.yaml")] {
            let output = carca(&["tiles", "check", &set]);
            assert!(output.starts_with("exit: 0"), "{output}");
        }
    }
}

#[test]
fn shipped_tile_sets_pictures() {
    for name in carca::tileset::builtin::NAMES {
        insta::assert_snapshot!(format!("show_{name}"), carca(&["tiles", "show", name]));
    }
}

#[test]
fn one_tile_can_be_shown_alone() {
    let out = carca(&["tiles", "show", "base", "L"]);
    assert!(out.starts_with("exit: 0"));
    assert!(out.contains("L ×3  edges CRRR"), "{out}");
    assert!(!out.contains("K ×3"), "{out}");
    assert!(!out.contains("statistics"), "{out}");
}

#[test]
fn tiles_check_reports_as_json() {
    let out = carca(&[
        "tiles",
        "check",
        "--format",
        "json",
        "base",
        "fixtures/tilesets/contact-impossible.yaml",
        "fixtures/tilesets/no-such-set.yaml",
    ]);
    insta::assert_snapshot!(out);
    assert!(out.starts_with("exit: 2"), "{out}");
    let v = crate::common::stdout_json(&out);
    let results = v.as_array().expect("one array, a result per file");
    assert_eq!(results.len(), 3);
    assert_eq!(results[0]["result"], "sound");
    assert_eq!(results[0]["tiles"], 72);
    assert_eq!(results[1]["result"], "defective");
    // A defective set still says the name it gives itself.
    assert_eq!(results[1]["name"], "contact-impossible");
    assert_eq!(
        results[1]["diagnostics"][0]["code"],
        "carca::tileset::contact_impossible"
    );
    assert_eq!(results[2]["result"], "unreadable");
}

#[test]
fn an_id_that_a_required_set_has_too_is_a_warning() {
    let out = carca(&["tiles", "check", "fixtures/sets/own-d.yaml"]);
    insta::assert_snapshot!(out);
    assert!(
        out.starts_with("exit: 0"),
        "a warning leaves the set sound: {out}"
    );
    assert!(out.contains("carca::tileset::shadowed_id"), "{out}");
    assert!(out.contains("(1 warning)"), "{out}");
    let json = carca(&[
        "tiles",
        "check",
        "fixtures/sets/own-d.yaml",
        "--format",
        "json",
    ]);
    let v = crate::common::stdout_json(&json);
    assert_eq!(v[0]["result"], "sound");
    assert_eq!(v[0]["diagnostics"][0]["class"], "warning");
    // Sets without such ids draw no warning.
    for set in ["base", "river", "abbey", "fixtures/sets/split-corner.yaml"] {
        let out = carca(&["tiles", "check", set]);
        assert!(!out.contains("warning"), "{set}: {out}");
    }
}
