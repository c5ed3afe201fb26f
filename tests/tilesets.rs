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
    for name in [
        "base",
        "abbey",
        "river",
        "tilesets/base.yaml",
        "tilesets/abbey.yaml",
        "tilesets/river.yaml",
    ] {
        let output = carca(&["tiles", "check", name]);
        assert!(output.starts_with("exit: 0"), "{output}");
    }
}

#[test]
fn shipped_tile_sets_pictures() {
    for name in ["base", "abbey", "river"] {
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
