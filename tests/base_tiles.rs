//! The base set as derived by carca, checked against the
//! published table of the base tiles, transcribed here independently of the YAML.

use std::collections::BTreeSet;

use carca::tileset::{End, FeatureKind, Tile};

/// id, count, edges, cities (edges:pennants), roads (edges>end), cloister,
/// fields (halves -> touched cities, by their edges).
const TABLE: &[(&str, u32, &str, &str, &str, bool, &str)] = &[
    (
        "A",
        2,
        "FFRF",
        "",
        "S>cloister",
        true,
        "NNE ENE ESE SSE SSW WSW WNW NNW",
    ),
    (
        "B",
        4,
        "FFFF",
        "",
        "",
        true,
        "NNE ENE ESE SSE SSW WSW WNW NNW",
    ),
    ("C", 1, "CCCC", "NESW:1", "", false, ""),
    (
        "D",
        4,
        "CRFR",
        "N:0",
        "EW",
        false,
        "ENE WNW->N; ESE SSE SSW WSW",
    ),
    (
        "E",
        5,
        "CFFF",
        "N:0",
        "",
        false,
        "ENE ESE SSE SSW WSW WNW->N",
    ),
    (
        "F",
        2,
        "FCFC",
        "EW:1",
        "",
        false,
        "NNW NNE->EW; SSE SSW->EW",
    ),
    (
        "G",
        1,
        "FCFC",
        "EW:0",
        "",
        false,
        "NNW NNE->EW; SSE SSW->EW",
    ),
    ("H", 3, "CFCF", "N:0 S:0", "", false, "ENE ESE WSW WNW->N,S"),
    ("I", 2, "CFFC", "N:0 W:0", "", false, "ENE ESE SSE SSW->N,W"),
    (
        "J",
        3,
        "CRRF",
        "N:0",
        "ES",
        false,
        "ENE SSW WSW WNW->N; ESE SSE",
    ),
    (
        "K",
        3,
        "CFRR",
        "N:0",
        "SW",
        false,
        "WNW ENE ESE SSE->N; WSW SSW",
    ),
    (
        "L",
        3,
        "CRRR",
        "N:0",
        "E>village S>village W>village",
        false,
        "WNW ENE->N; WSW SSW; ESE SSE",
    ),
    ("M", 2, "CFFC", "NW:1", "", false, "ENE ESE SSE SSW->NW"),
    ("N", 3, "CFFC", "NW:0", "", false, "ENE ESE SSE SSW->NW"),
    ("O", 2, "CRRC", "NW:1", "ES", false, "ENE SSW->NW; ESE SSE"),
    ("P", 3, "CRRC", "NW:0", "ES", false, "ENE SSW->NW; ESE SSE"),
    ("Q", 1, "CCFC", "NEW:1", "", false, "SSE SSW->NEW"),
    ("R", 3, "CCFC", "NEW:0", "", false, "SSE SSW->NEW"),
    (
        "S",
        2,
        "CCRC",
        "NEW:1",
        "S>city",
        false,
        "SSE->NEW; SSW->NEW",
    ),
    (
        "T",
        1,
        "CCRC",
        "NEW:0",
        "S>city",
        false,
        "SSE->NEW; SSW->NEW",
    ),
    (
        "U",
        8,
        "FRFR",
        "",
        "EW",
        false,
        "WNW NNW NNE ENE; ESE SSE SSW WSW",
    ),
    (
        "V",
        9,
        "FFRR",
        "",
        "SW",
        false,
        "WNW NNW NNE ENE ESE SSE; SSW WSW",
    ),
    (
        "W",
        4,
        "FRRR",
        "",
        "E>village S>village W>village",
        false,
        "WNW NNW NNE ENE; ESE SSE; SSW WSW",
    ),
    (
        "X",
        1,
        "RRRR",
        "",
        "N>village E>village S>village W>village",
        false,
        "WNW NNW; NNE ENE; ESE SSE; SSW WSW",
    ),
];

fn edges_key(tile: &Tile, i: usize) -> String {
    let mut e: Vec<char> = tile.features[i].edges.iter().map(|e| e.letter()).collect();
    e.sort_by_key(|c| "NESW".find(*c));
    e.into_iter().collect()
}

fn words(s: &str) -> BTreeSet<String> {
    s.split_whitespace().map(str::to_string).collect()
}

/// Other modifiers of a feature, as `+inn`.
fn others(f: &carca::tileset::Feature) -> String {
    f.extras
        .iter()
        .filter(|e| e.modifier != "pennant")
        .flat_map(|e| ["+", e.modifier.as_str()])
        .collect()
}

#[test]
fn base_set_matches_the_contract_table() {
    let (total, pennants) = matches_table("base", TABLE, "D");
    assert_eq!(total, 72);
    assert_eq!(pennants, 10);
}

/// Checks a built-in set against a table; returns its tile and pennant
/// counts.
fn matches_table(
    name: &str,
    table: &[(&str, u32, &str, &str, &str, bool, &str)],
    start: &str,
) -> (u32, u32) {
    let set = crate::common::loader()
        .builtin_set(name)
        .expect("the set is sound");
    assert_eq!(set.tiles.len(), table.len());
    let mut total = 0;
    let mut pennants = 0;
    for &(id, count, edges, cities, roads, cloister, fields) in table {
        let t = set.tile(id).unwrap_or_else(|| panic!("tile {id}"));
        assert_eq!(t.count, count, "{id} count");
        assert_eq!(t.edge_code(), edges, "{id} edges");
        assert_eq!(t.start, id == start, "{id} start");
        total += t.count;
        pennants += t.count * t.pennants();

        let of = |k: FeatureKind| (0..t.features.len()).filter(move |&i| t.features[i].kind == k);
        let got_cities: BTreeSet<String> = of(FeatureKind::City)
            .map(|i| {
                let f = &t.features[i];
                format!("{}:{}{}", edges_key(t, i), f.pennants(), others(f))
            })
            .collect();
        assert_eq!(got_cities, words(cities), "{id} cities");

        let got_roads: BTreeSet<String> = of(FeatureKind::Road)
            .map(|i| {
                let end = match t.features[i].ends {
                    None => String::new(),
                    Some(End::Village) => ">village".into(),
                    Some(End::Cloister) => ">cloister".into(),
                    Some(End::Feature(j)) => format!(">{}", t.features[j].kind),
                    Some(End::Water) => ">water".into(),
                    Some(End::Inside) => ">tile".into(),
                };
                format!("{}{end}{}", edges_key(t, i), others(&t.features[i]))
            })
            .collect();
        assert_eq!(got_roads, words(roads), "{id} roads");
        assert_eq!(t.cloister.is_some(), cloister, "{id} cloister");

        let got_fields: BTreeSet<String> = of(FeatureKind::Field)
            .map(|i| {
                let f = &t.features[i];
                let halves: BTreeSet<&str> = f.halves.iter().map(|h| h.name()).collect();
                let mut touched: Vec<String> = f.touches.iter().map(|&c| edges_key(t, c)).collect();
                touched.sort();
                let halves = if halves.is_empty() {
                    format!("#{}", f.name.clone().unwrap_or_default())
                } else {
                    halves.into_iter().collect::<Vec<_>>().join(" ")
                };
                if touched.is_empty() {
                    halves
                } else {
                    format!("{halves}->{}", touched.join(","))
                }
            })
            .collect();
        let want_fields: BTreeSet<String> = fields
            .split(';')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(|s| {
                let (halves, touched) = s.split_once("->").unwrap_or((s, ""));
                let halves = words(halves).into_iter().collect::<Vec<_>>().join(" ");
                if touched.is_empty() {
                    halves
                } else {
                    format!("{halves}->{touched}")
                }
            })
            .collect();
        assert_eq!(got_fields, want_fields, "{id} fields");
    }
    (total, pennants)
}

/// The Inns & Cathedrals table of the contract, transcribed: "tile" is a
/// road that ends inside the tile, `+inn` and `+cathedral` the modifiers.
const IC_TABLE: &[(&str, u32, &str, &str, &str, bool, &str)] = &[
    ("IC01", 2, "CCCC", "NESW:0+cathedral", "", false, ""),
    (
        "IC02",
        1,
        "FRFR",
        "",
        "E>cloister W>cloister",
        true,
        "ESE SSE SSW WSW; WNW NNW NNE ENE",
    ),
    (
        "IC03",
        1,
        "CCCC",
        "N:0 E:0 S:0 W:0",
        "",
        false,
        "#inner->E,N,S,W",
    ),
    (
        "IC04",
        1,
        "CCFC",
        "N:0 E:0 W:0",
        "",
        false,
        "SSE SSW->E,N,W",
    ),
    (
        "IC05",
        1,
        "CRCR",
        "N:0 S:0",
        "E>tile W>tile",
        false,
        "ENE->N; ESE->S; WSW->S; WNW->N",
    ),
    ("IC06", 1, "CFCC", "NW:1 S:0", "", false, "ENE ESE->NW,S"),
    (
        "IC07",
        1,
        "CFFF",
        "N:0",
        "",
        false,
        "ENE ESE->N; SSE SSW WSW WNW->N",
    ),
    (
        "IC08",
        1,
        "CFRF",
        "N:0",
        "S>tile",
        false,
        "SSW WSW WNW->N; ENE ESE SSE->N",
    ),
    (
        "IC09",
        1,
        "CRFC",
        "NW:0",
        "E>tile",
        false,
        "ENE->NW; ESE SSE SSW->NW",
    ),
    (
        "IC10",
        1,
        "RCRC",
        "EW:1",
        "N>city S>city",
        false,
        "NNW->EW; NNE->EW; SSE->EW; SSW->EW",
    ),
    (
        "IC11",
        1,
        "CFRC",
        "NW:0",
        "S>tile+inn",
        false,
        "SSW->NW; SSE ENE ESE->NW",
    ),
    (
        "IC12",
        1,
        "CFRR",
        "N:0",
        "SW+inn",
        false,
        "SSW WSW; WNW ENE ESE SSE->N",
    ),
    (
        "IC13",
        1,
        "CRRC",
        "NW:1",
        "ES+inn",
        false,
        "SSE ESE; SSW ENE->NW",
    ),
    (
        "IC14",
        1,
        "FRRR",
        "",
        "E>village+inn S>village W>village",
        false,
        "WNW NNW NNE ENE; WSW SSW; ESE SSE",
    ),
    (
        "IC15",
        1,
        "FRFR",
        "",
        "EW+inn",
        false,
        "WNW NNW NNE ENE; ESE SSE SSW WSW",
    ),
    (
        "IC16",
        1,
        "FFRR",
        "",
        "SW+inn",
        false,
        "WNW NNW NNE ENE ESE SSE; SSW WSW",
    ),
    (
        "IC17",
        1,
        "RRRR",
        "",
        "NW ES",
        false,
        "NNW WNW; SSE ESE; NNE ENE SSW WSW",
    ),
];

/// The Traders & Builders table of the contract, transcribed: `+wine`,
/// `+grain` and `+cloth` are the goods a city shows; `#inner` the field
/// between separate cities.
const TB_TABLE: &[(&str, u32, &str, &str, &str, bool, &str)] = &[
    (
        "TB01",
        1,
        "CFFC",
        "NW:0+grain",
        "",
        false,
        "ENE ESE SSE SSW->NW",
    ),
    (
        "TB02",
        1,
        "CFFC",
        "NW:0+wine",
        "",
        false,
        "ENE ESE SSE SSW->NW",
    ),
    (
        "TB03",
        1,
        "FCCC",
        "EW:0+cloth S:0",
        "",
        false,
        "NNW NNE->EW; #inner->EW,S",
    ),
    (
        "TB04",
        1,
        "FCCC",
        "EW:0+wine S:0",
        "",
        false,
        "NNW NNE->EW; #inner->EW,S",
    ),
    ("TB05", 1, "CCFC", "NEW:0+grain", "", false, "SSE SSW->NEW"),
    (
        "TB06",
        1,
        "CCCC",
        "NW:0+cloth E:0 S:0",
        "",
        false,
        "#inner->E,NW,S",
    ),
    (
        "TB07",
        1,
        "CRRC",
        "NW:0+cloth",
        "E>tile S>tile",
        false,
        "ENE->NW; ESE->NW; SSE->NW; SSW->NW",
    ),
    (
        "TB08",
        1,
        "CRRC",
        "NW:0+wine",
        "E>tile S>tile",
        false,
        "ENE->NW; ESE SSE->NW; SSW->NW",
    ),
    (
        "TB09",
        1,
        "CRCC",
        "NW:0+cloth S:0",
        "E>tile",
        false,
        "ENE->NW; ESE->NW,S",
    ),
    (
        "TB10",
        1,
        "CRCC",
        "NW:0+grain S:0",
        "E>tile",
        false,
        "ENE->NW; ESE->NW,S",
    ),
    (
        "TB11",
        1,
        "CRFC",
        "NW:0+cloth",
        "E>tile",
        false,
        "ENE->NW; ESE SSE SSW->NW",
    ),
    (
        "TB12",
        1,
        "CRFC",
        "NW:0+wine",
        "E>tile",
        false,
        "ENE->NW; ESE->NW; SSE SSW->NW",
    ),
    (
        "TB13",
        1,
        "CCRC",
        "NEW:0+wine",
        "S>city",
        false,
        "SSE->NEW; SSW->NEW",
    ),
    (
        "TB14",
        1,
        "CCCC",
        "NW:0+wine ES:0",
        "",
        false,
        "#inner->ES,NW",
    ),
    (
        "TB15",
        1,
        "FCFC",
        "EW:0+wine",
        "",
        false,
        "NNW NNE->EW; SSE SSW->EW",
    ),
    (
        "TB16",
        1,
        "CRFF",
        "N:0",
        "E>tile",
        false,
        "ENE->N; ESE SSE SSW WSW WNW->N",
    ),
    (
        "TB17",
        1,
        "FCRC",
        "EW:0+grain",
        "S>city",
        false,
        "NNW NNE->EW; SSE->EW; SSW->EW",
    ),
    (
        "TB18",
        1,
        "FCRC",
        "EW:0+wine",
        "S>city",
        false,
        "NNW NNE->EW; SSE->EW; SSW->EW",
    ),
    (
        "TB19",
        1,
        "RCRC",
        "EW:0+wine",
        "N>city S>city",
        false,
        "NNW->EW; NNE->EW; SSE->EW; SSW->EW",
    ),
    (
        "TB20",
        1,
        "FRRR",
        "",
        "E>cloister S>cloister W>cloister",
        true,
        "WNW NNW NNE ENE; ESE SSE; SSW WSW",
    ),
    (
        "TB21",
        1,
        "CFRC",
        "NW:0+grain",
        "S>tile",
        false,
        "SSW->NW; SSE ENE ESE->NW",
    ),
    (
        "TB22",
        1,
        "CFRC",
        "NW:0+grain",
        "S>tile",
        false,
        "SSW->NW; SSE->NW; ENE ESE->NW",
    ),
    (
        "TB23",
        1,
        "CFRR",
        "N:0",
        "W>tile S>tile",
        false,
        "WNW->N; WSW SSW; ENE ESE SSE->N",
    ),
    (
        "TB24",
        1,
        "RRRR",
        "",
        "NS EW",
        false,
        "WNW NNW; NNE ENE; ESE SSE; SSW WSW",
    ),
];

/// How many of a modifier a set's tiles show, counting every copy.
fn occurrences(set: &carca::tileset::TileSet, name: &str) -> u32 {
    set.tiles
        .iter()
        .map(|t| t.count * t.features.iter().map(|f| f.count_of(name)).sum::<u32>())
        .sum()
}

#[test]
fn traders_and_builders_match_the_contract_table() {
    let (total, pennants) = matches_table("traders-builders", TB_TABLE, "");
    assert_eq!((total, pennants), (24, 0));
    let set = crate::common::loader()
        .builtin_set("traders-builders")
        .expect("sound");
    let count = |name: &str| occurrences(set, name);
    assert_eq!(
        (count("wine"), count("grain"), count("cloth")),
        (9, 6, 5),
        "9 wine, 6 grain, 5 cloth"
    );
    let without = set
        .tiles
        .iter()
        .filter(|t| {
            t.features.iter().all(|f| {
                ["wine", "grain", "cloth"]
                    .iter()
                    .all(|g| f.count_of(g) == 0)
            })
        })
        .count();
    assert_eq!(without, 4, "4 tiles without goods");
    assert_eq!(
        set.figures,
        [("builder".to_string(), 1), ("pig".to_string(), 1)],
        "one builder and one pig per player"
    );
    let bridge = set.tile("TB24").expect("TB24");
    assert!(!bridge.village, "the bridge is not a crossing");
}

#[test]
fn inns_and_cathedrals_match_the_contract_table() {
    let (total, pennants) = matches_table("inns-cathedrals", IC_TABLE, "");
    assert_eq!((total, pennants), (18, 3));
    let set = crate::common::loader()
        .builtin_set("inns-cathedrals")
        .expect("sound");
    let count = |name: &str| occurrences(set, name);
    assert_eq!((count("cathedral"), count("inn")), (2, 6));
    assert_eq!(
        set.figures,
        [("big".to_string(), 1)],
        "one big follower per player"
    );
}

#[test]
fn every_half_edge_and_edge_points_at_the_right_feature() {
    let set = crate::common::loader()
        .builtin_set("base")
        .expect("base is sound");
    for t in &set.tiles {
        for (e, kind) in t.edges.iter().enumerate() {
            let f = t.on_edge[e];
            match kind {
                carca::tileset::EdgeKind::City => {
                    assert_eq!(
                        f.map(|i| t.features[i].kind),
                        Some(FeatureKind::City),
                        "{} edge {e}",
                        t.id
                    );
                }
                carca::tileset::EdgeKind::Road => {
                    assert_eq!(
                        f.map(|i| t.features[i].kind),
                        Some(FeatureKind::Road),
                        "{} edge {e}",
                        t.id
                    );
                }
                _ => assert_eq!(f, None, "{} edge {e}", t.id),
            }
        }
        for (h, f) in t.on_half.iter().enumerate() {
            let f = f.unwrap_or_else(|| panic!("{} half {h} uncovered", t.id));
            assert!(matches!(
                t.features[f].kind,
                FeatureKind::City | FeatureKind::Field
            ));
        }
    }
}

#[test]
fn abbey_and_river_sets() {
    let abbey = crate::common::loader()
        .builtin_set("abbey")
        .expect("abbey is sound");
    let a = abbey.tile("Abbey").expect("Abbey tile");
    assert!(a.per_player && a.hole_only && a.cloister.is_some());
    assert_eq!(a.edge_code(), "AAAA");
    assert!(
        a.on_half.iter().all(Option::is_none),
        "the abbey has no field"
    );

    let river = crate::common::loader()
        .builtin_set("river")
        .expect("river is sound");
    assert_eq!(river.tiles.iter().map(|t| t.count).sum::<u32>(), 12);
    assert_eq!(river.start().map(|t| t.id.as_str()), Some("spring"));
    assert!(river.tile("lake").is_some_and(|t| t.last));
    // The bridge: a road crossing the river leaves four separate fields.
    let bridge = river.tile("bridge").expect("bridge");
    assert_eq!(
        bridge
            .features
            .iter()
            .filter(|f| f.kind == FeatureKind::Field)
            .count(),
        4
    );
    // The spring's field wraps around it.
    let spring = river.tile("spring").expect("spring");
    assert_eq!(
        spring
            .features
            .iter()
            .filter(|f| f.kind == FeatureKind::Field)
            .count(),
        1
    );
}
