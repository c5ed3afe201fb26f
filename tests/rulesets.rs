//! Ruleset files: broken ones are rejected with a diagnostic (exit 2), sound
//! ones score, and the built-in rulesets have the values the contract gives.

use carca::rules::{FarmScoring, Ruleset};

use crate::common::{carca, relative};

#[test]
fn broken_rulesets() {
    insta::glob!("../fixtures/rulesets", "*.toml", |path| {
        if path.ends_with("house-rules.toml") {
            return;
        }
        let out = carca(&[
            "score",
            "fixtures/records/small-city.yaml",
            "--rules",
            &relative(path),
        ]);
        assert!(
            out.starts_with("exit: 2"),
            "a broken ruleset exits 2:\n{out}"
        );
        assert!(out.contains("carca::"), "{out}");
        insta::assert_snapshot!(out);
    });
}

#[test]
fn custom_ruleset_scores() {
    let out = carca(&[
        "score",
        "fixtures/records/three-farm-editions.yaml",
        "--rules",
        "fixtures/rulesets/house-rules.toml",
    ]);
    assert!(out.starts_with("exit: 0"), "{out}");
    assert!(
        out.contains("scored under house-rules (small_city = false, farm_scoring = \"first\""),
        "{out}"
    );
    assert!(out.contains("red      4"), "first-edition farms: {out}");
}

#[test]
fn builtin_rulesets_match_the_contract() {
    let table = [
        ("modern", false, FarmScoring::Third, "final-round", true),
        ("first-edition", true, FarmScoring::First, "none", true),
        ("second-edition", true, FarmScoring::Second, "none", true),
        ("hig-faq-2007", false, FarmScoring::Third, "none", true),
        (
            "all-or-nothing",
            false,
            FarmScoring::Third,
            "final-round",
            false,
        ),
        ("tournament", false, FarmScoring::Third, "none", true),
    ];
    for (name, small, farms, abbey, incomplete) in table {
        let r = Ruleset::builtin(name).unwrap_or_else(|| panic!("{name}"));
        assert_eq!(r.name, name);
        assert_eq!(r.small_city, small, "{name}");
        assert_eq!(r.farm_scoring, farms, "{name}");
        assert_eq!(r.word("end_game_abbey"), abbey, "{name}");
        assert_eq!(r.incomplete_features_score(), incomplete, "{name}");
        assert_eq!(r.followers, 7, "{name}");
    }
}

#[test]
fn the_options_of_the_expansions_are_declared_by_them_and_read_as_words() {
    use carca::expansions::{abbey_mayor::barn, princess_dragon};
    use carca::rules::Ruleset;

    // Each option a mechanic reads is declared by its expansion, with the
    // current rules' word by default.
    let modern = Ruleset::modern();
    for (option, default) in [
        (barn::PLACEMENT, "farm-without-barn"),
        (princess_dragon::dragon::MOVE, "before-scoring"),
        (princess_dragon::fairy::PLACEMENT, "next-to-follower"),
        (princess_dragon::princess::ACTION, "may"),
    ] {
        assert_eq!(modern.option(&option), default, "{}", option.key);
        assert!(
            carca::expansions::toggles().any(|t| t.key == option.key),
            "{}",
            option.key
        );
        assert!(
            !carca::rules::table::TOGGLES
                .iter()
                .any(|t| t.key == option.key),
            "{} is the expansion's, not the base game's",
            option.key
        );
    }
    // A ruleset that sets one keeps the word; the others keep theirs.
    let scratch = crate::common::Scratch::new("dragon-option");
    let file = scratch.path("first-dragon.toml");
    std::fs::write(
        &file,
        "name = \"first dragon\"\ndragon_move = \"after-scoring\"\n",
    )
    .expect("written");
    let with = carca::rules::Declared {
        options: &carca::expansions::OPTIONS,
        ..carca::rules::Declared::default()
    };
    let rules = carca::rules::load_with(
        crate::common::loader(),
        &file,
        std::path::Path::new(""),
        &with,
    )
    .expect("a ruleset");
    assert_eq!(
        rules.option(&princess_dragon::dragon::MOVE),
        "after-scoring"
    );
    assert_eq!(rules.option(&princess_dragon::princess::ACTION), "may");
    // Without the expansions' options, the key is unknown (the reader is
    // handed them by its caller; it names no expansion).
    let bare = carca::rules::load_with(
        crate::common::loader(),
        &file,
        std::path::Path::new(""),
        &carca::rules::Declared::default(),
    )
    .expect_err("an unknown key");
    assert!(
        bare.iter().any(|f| f.to_string().contains("dragon_move")),
        "{bare:?}"
    );
}
