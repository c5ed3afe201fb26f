//! The rules test suite (`fixtures/conformance/suite.json`): carca passes
//! it through its own protocol, as an outside engine would be run; a
//! deliberately wrong engine fails the cases of the rule it gets wrong;
//! and the suite is what its sources make of it (set
//! `CARCA_CONFORMANCE_WRITE=1` to write it again, after a verdict changed
//! with a rules source).

use std::path::Path;

use crate::common::binary;
use carca::cli::conformance::{Case, SUITE_FORM, SUITE_SEEDS, Suite, generated, mixes};
use carca::loader::Loader;
use serde_json::Value;

const SUITE: &str = "fixtures/conformance/suite.json";
/// The generated group: the suite's generated games and more of each mix.
const GROUP: &str = "fixtures/conformance/generated.jsonl";
/// How many more games of each mix the generated group holds than the
/// suite.
const GROUP_MORE: u64 = 68;

/// The suite as shipped.
fn shipped() -> Suite {
    serde_json::from_str(&std::fs::read_to_string(SUITE).expect("the suite")).expect("a suite")
}

/// The Python interpreter itself, not a launcher that looks for it (as
/// pyenv's `python3` is), which would start slower than a case runs.
fn python() -> String {
    std::process::Command::new("python3")
        .args(["-c", "import sys; print(sys.executable)"])
        .output()
        .ok()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .filter(|p| !p.is_empty())
        .unwrap_or_else(|| "python3".to_string())
}

/// The points of dispute of RULES.md §10, each with its cases: the
/// fixtures made for it (`records:…` and `illegal:…`, with their twins
/// under other rulesets) and the claims a misreading of it would write
/// (`misread:…`, [`MISREADS`]). Each has a legal case and an illegal one.
const DISPUTES: &[(&str, &[&str])] = &[
    (
        "corners-never-connect",
        &["records:corner-cities", "misread:corner-cities"],
    ),
    (
        "deploy-on-completed",
        &["records:deploy-on-completed", "misread:deploy-on-completed"],
    ),
    (
        "occupied-anywhere-along",
        &[
            "records:shared-majority",
            "illegal:feature-occupied",
            "illegal:occupied-named-as-written",
            "illegal:farm-occupied",
        ],
    ),
    (
        "shared-majority",
        &["records:shared-majority", "misread:shared-majority"],
    ),
    (
        "road-ends",
        &[
            "records:road-ends",
            "records:ic-cloister-cuts-road",
            "misread:road-ends",
        ],
    ),
    (
        "two-segments-one-city",
        &[
            "records:two-segments-one-city",
            "misread:two-segments-one-city",
        ],
    ),
    (
        "incomplete-city-pennant",
        &[
            "records:incomplete-city-pennant",
            "misread:incomplete-city-pennant",
        ],
    ),
    (
        "cloister-five-neighbours",
        &[
            "records:cloister-five-neighbours",
            "misread:cloister-five-neighbours",
        ],
    ),
    (
        "farm-touches-city-twice",
        &[
            "records:farm-touches-city-twice",
            "misread:farm-touches-city-twice",
        ],
    ),
    (
        "farm-no-city",
        &["records:farm-no-city", "illegal:farmer-stays"],
    ),
    (
        "discard-that-fits",
        &["records:discard-legal", "illegal:discard-fits"],
    ),
    (
        "three-farm-editions",
        &[
            "records:three-farm-editions",
            "records:farm-city-paid-twice",
            "misread:three-farm-editions",
        ],
    ),
    (
        "big-follower-against-one",
        &[
            "records:ic-big-follower",
            "misread:ic-big-follower",
            "illegal:ic-second-big-follower",
        ],
    ),
    (
        "big-follower-against-two",
        &["records:ic-big-follower-tie", "misread:ic-big-follower-tie"],
    ),
    ("inn-unfinished", &["records:ic-inns", "misread:ic-inns"]),
    (
        "cathedral-city-open",
        &["records:ic-cathedral", "misread:ic-cathedral"],
    ),
    (
        "builder-double-turn",
        &[
            "records:tb-builder",
            "illegal:tb-third-turn",
            "illegal:tb-double-turn-unearned",
        ],
    ),
    (
        "builder-and-abbey",
        &["records:tb-builder-abbey", "illegal:tb-abbey-second-turn"],
    ),
    ("pig-farm-editions", &["records:tb-pig", "misread:tb-pig"]),
    (
        "goods-without-knight",
        &["records:tb-goods", "misread:tb-goods-no-knight"],
    ),
    ("goods-ties", &["records:tb-goods", "misread:tb-goods-tie"]),
    (
        "mayor-without-pennants",
        &[
            "records:am-mayor",
            "misread:am-mayor",
            "illegal:am-figures-misplaced",
        ],
    ),
    (
        "mayor-against-knights",
        &[
            "records:am-mayor-two-knights",
            "records:am-mayor-majorities",
            "misread:am-mayor-two-knights",
        ],
    ),
    (
        "mayor-at-the-end",
        &["records:am-mayor-majorities", "misread:am-mayor"],
    ),
    (
        "wagon-moves",
        &[
            "records:am-wagon",
            "records:am-wagon-abbey",
            "records:am-wagon-stays",
            "illegal:am-wagon-moves",
        ],
    ),
    (
        "two-wagons",
        &[
            "records:am-two-wagons",
            "records:am-two-wagons-one-player",
            "illegal:am-wagon-moves",
        ],
    ),
    (
        "barn-on-farmers",
        &[
            "records:am-barn",
            "records:am-barn-others",
            "records:am-barn-pig",
            "misread:am-barn-pig",
        ],
    ),
    (
        "farms-joined-to-barns",
        &[
            "records:am-barn",
            "records:am-barns-joined",
            "illegal:am-barn-misplaced",
        ],
    ),
    (
        "barn-placement",
        &["records:am-barn", "illegal:am-barn-misplaced"],
    ),
    (
        "abbey-mayor-land-tiles",
        &[
            "records:am-three-ended-road",
            "records:am-crossing-cities",
            "records:am-road-by-city",
            "records:am-road-under-city",
            "misread:am-three-ended-road",
        ],
    ),
    (
        "capture-range",
        &["records:tw-capture-range", "illegal:tw-capture-diagonal"],
    ),
    ("exchange", &["records:tw-exchange", "misread:tw-exchange"]),
    (
        "ransom",
        &[
            "records:tw-ransom",
            "illegal:tw-ransom-too-poor",
            "illegal:tw-ransom-twice",
        ],
    ),
    (
        "capture-from-completed",
        &[
            "records:tw-capture-before-scoring",
            "misread:tw-capture-before-scoring",
        ],
    ),
    (
        "follower-on-tower",
        &["records:tw-follower-on-tower", "illegal:tw-misplaced"],
    ),
    (
        "big-follower-ransom",
        &["records:tw-big-follower", "misread:tw-big-follower"],
    ),
    (
        "mayor-taken",
        &["records:tw-mayor-builder", "misread:tw-mayor-builder"],
    ),
];

/// A misreading of a point of dispute, as the claims it makes players
/// write: its case id (`misread:…`), the fixture it is made of, the
/// built-in ruleset it is judged under (when not the fixture's own), the
/// totals claimed, and the misreading. carca refuses the claims
/// (`carca::score::claim_mismatch`).
type Misread = (
    &'static str,
    &'static str,
    Option<&'static str>,
    &'static [(&'static str, i64)],
    &'static str,
);

const MISREADS: &[Misread] = &[
    (
        "corner-cities",
        "corner-cities",
        None,
        &[("red", 8), ("blue", 3)],
        "Corners read as joining the two cities into one, so that blue's farm touches one completed city, not two",
    ),
    (
        "deploy-on-completed",
        "deploy-on-completed",
        None,
        &[("red", 3), ("blue", 0)],
        "A follower read as barred from a feature its own tile completes, so that only red's monk scores",
    ),
    (
        "shared-majority",
        "shared-majority",
        None,
        &[("red", 3), ("blue", 3)],
        "A shared majority read as splitting the road's points",
    ),
    (
        "road-ends",
        "road-ends",
        Some("all-or-nothing"),
        &[("red", 0), ("blue", 0)],
        "The road read as running on through the cloister and into the city, so unfinished: nothing under all-or-nothing",
    ),
    (
        "two-segments-one-city",
        "two-segments-one-city",
        None,
        &[("red", 14), ("blue", 0)],
        "Tile H counted once for each of its two pieces of city: 7 tiles",
    ),
    (
        "incomplete-city-pennant",
        "incomplete-city-pennant",
        None,
        &[("red", 2), ("blue", 0)],
        "The pennant left out of an unfinished city",
    ),
    (
        "cloister-five-neighbours",
        "cloister-five-neighbours",
        None,
        &[("red", 5), ("blue", 0)],
        "The cloister's own tile left out: its 5 neighbours only",
    ),
    (
        "farm-touches-city-twice",
        "farm-touches-city-twice",
        None,
        &[("red", 6), ("blue", 0)],
        "The city counted once for each tile where the farm touches it",
    ),
    (
        "three-farm-editions",
        "three-farm-editions",
        None,
        &[("red", 4), ("blue", 0)],
        "The first edition's farm rule used under the third: the city pays 4 to the player with the most farmers around it",
    ),
    (
        "ic-big-follower",
        "ic-big-follower",
        None,
        &[("red", 3), ("blue", 3)],
        "The big follower counted as one follower: a shared majority",
    ),
    (
        "ic-big-follower-tie",
        "ic-big-follower-tie",
        None,
        &[("red", 5), ("blue", 0)],
        "The big follower counted as one follower, so that red's two thieves win",
    ),
    (
        "ic-inns",
        "ic-inns",
        None,
        &[("red", 14), ("blue", 1)],
        "The unfinished road with an inn scored 1 a tile, as if it had none (the house rule inn_cathedral_incomplete = normal, not the printed rule)",
    ),
    (
        "ic-cathedral",
        "ic-cathedral",
        None,
        &[("red", 24), ("blue", 2)],
        "The open city with a cathedral scored 1 a tile and pennant, as if it had none (the house rule inn_cathedral_incomplete = normal, not the printed rule)",
    ),
    (
        "tb-pig",
        "tb-pig",
        None,
        &[("red", 3), ("blue", 0)],
        "The pig read as adding nothing to its farm",
    ),
    (
        "tb-goods-no-knight",
        "tb-goods",
        None,
        &[("red", 26), ("blue", 10)],
        "A completed city's goods read as going to the player whose knights win it, not to the player who completed it: red takes the grain",
    ),
    (
        "tb-goods-tie",
        "tb-goods",
        None,
        &[("red", 6), ("blue", 10)],
        "A tie for the most tokens of a good read as paying nobody",
    ),
    (
        "am-mayor",
        "am-mayor",
        None,
        &[("red", 10), ("blue", 0)],
        "A mayor read as counting one follower in a city without pennants, so that red's unfinished city scores at the end",
    ),
    (
        "am-mayor-two-knights",
        "am-mayor-two-knights",
        None,
        &[("red", 8), ("blue", 8)],
        "The mayor read as counting two, like a big follower: a tie",
    ),
    (
        "am-barn-pig",
        "am-barn-pig",
        None,
        &[("red", 9), ("blue", 5)],
        "The pig's bonus read as paying the barn too at the end",
    ),
    (
        "am-three-ended-road",
        "am-three-ended-road",
        None,
        &[("red", 2), ("blue", 0)],
        "AM11's junction read as a village that ends three roads, so that red's thief holds a road of 2 tiles",
    ),
    (
        "tw-exchange",
        "tw-exchange",
        None,
        &[("red", 0), ("blue", 0)],
        "Prisoners read as staying with their captors until bought back, so that neither player has a follower to deploy again",
    ),
    (
        "tw-capture-before-scoring",
        "tw-capture-before-scoring",
        None,
        &[("red", 0), ("blue", 10)],
        "The city read as scoring before the tower takes its knight: blue scores its 4 tiles and pennant",
    ),
    (
        "tw-big-follower",
        "tw-big-follower",
        None,
        &[("red", 0), ("blue", 4)],
        "A big follower's ransom read as 6 (two followers'), which blue with 4 points cannot pay, so that red keeps it",
    ),
    (
        "tw-mayor-builder",
        "tw-mayor-builder",
        None,
        &[("red", 0), ("blue", 4)],
        "A mayor read as out of a tower's reach (taking followers only), so that blue's mayor stays and scores its unfinished city",
    ),
];

/// How many games of the suite are judged again under each rule option's
/// other values.
const PER_OPTION: usize = 2;

/// Every value of every rule option (a ruleset's toggles), as written in a
/// ruleset, but a count's: `followers = 1` stands for the counts.
fn option_values() -> Vec<(&'static str, Value)> {
    use carca::rules::table::Values;
    let mut out = Vec::new();
    for t in carca::expansions::toggles() {
        match t.values {
            Values::Bool => {
                out.push((t.key, Value::from(true)));
                out.push((t.key, Value::from(false)));
            }
            Values::Words(words) => out.extend(words.iter().map(|w| (t.key, Value::from(*w)))),
            Values::Count { .. } => out.push((t.key, Value::from(1))),
        }
    }
    out
}

/// The leading comment of a fixture: why its verdict is what it is.
fn reason(text: &str) -> String {
    text.lines()
        .take_while(|l| l.starts_with('#'))
        .map(|l| l.trim_start_matches('#').trim())
        .filter(|l| !l.is_empty() && !l.starts_with("yaml-language-server"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The suite its sources make: every record fixture that stands alone
/// (names only built-in sets and rulesets), legal and illegal, and a few
/// generated games of every set with the base game and of all at once.
fn build() -> Suite {
    let loader = carca::expansions::loader();
    let mut cases = Vec::new();
    let mut per_option = std::collections::BTreeMap::new();
    for dir in ["fixtures/records", "fixtures/illegal"] {
        let mut files: Vec<_> = std::fs::read_dir(dir)
            .expect("a fixture folder")
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "yaml"))
            .collect();
        files.sort();
        for path in files {
            let text = std::fs::read_to_string(&path).expect("a fixture");
            let options = carca::source::yaml_options(text.len());
            let Ok(mut record) = serde_saphyr::from_str_with_options::<Value>(&text, options)
            else {
                continue;
            };
            // A ruleset file beside the fixture is written into the case.
            if let Some(file) = record["rules"].as_str().filter(|r| {
                Path::new(r)
                    .extension()
                    .is_some_and(|e| e.eq_ignore_ascii_case("toml"))
            }) {
                let toml_text = std::fs::read_to_string(Path::new(dir).join(file))
                    .expect("the fixture's ruleset");
                let ruleset: Value = toml::from_str(&toml_text).expect("a ruleset");
                if let Some(map) = record.as_object_mut() {
                    map.remove("rules");
                    map.insert("ruleset".into(), ruleset);
                }
            }
            // A case stands alone: built-in sets and rulesets only.
            let own_sets = record["tilesets"].as_array().is_some_and(|a| {
                a.iter()
                    .any(|s| !carca::tileset::builtin::NAMES.contains(&s.as_str().unwrap_or("")))
            });
            let own_rules = record["rules"]
                .as_str()
                .is_some_and(|r| !carca::rules::BUILTIN.contains(&r));
            if own_sets
                || own_rules
                || record.get("ruleset").is_some_and(|r| {
                    r.get("extends")
                        .is_some_and(|e| e.as_str().is_some_and(|e| e.contains('.')))
                })
            {
                continue;
            }
            let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("case");
            let group = Path::new(dir)
                .file_name()
                .and_then(|s| s.to_str())
                .unwrap_or("");
            let why = format!(
                "{} (from {})",
                reason(&text),
                path.to_string_lossy().replace('\\', "/")
            );
            let c = Case::of(&loader, format!("{group}:{stem}"), record, why);
            // A snapshot's verdict does not hang on the order its tiles
            // and figures are listed: its twin lists them the other way.
            if c.record.get("board").is_some() {
                let mut record = c.record.clone();
                for key in ["board", "meeples"] {
                    if let Some(list) = record.get_mut(key).and_then(Value::as_array_mut) {
                        list.reverse();
                    }
                }
                let mut twin = Case::of(
                    &loader,
                    format!("{}-reversed", c.id),
                    record,
                    format!(
                        "{} Its tiles and figures listed the other way round.",
                        c.reason
                    ),
                );
                assert_eq!(
                    twin.verdict, c.verdict,
                    "{}: the order changes the verdict",
                    c.id
                );
                twin.tags.push("reordered".into());
                twin.tags.sort();
                twin.sections.clone_from(&c.sections);
                cases.push(c);
                cases.push(twin);
                continue;
            }
            // The same game under every other built-in ruleset whose
            // verdict differs (the farm editions, the small city, …).
            let own_rules = c.record["rules"].as_str().unwrap_or("modern").to_string();
            if group == "records" && c.record.get("ruleset").is_none() {
                for rules in carca::rules::BUILTIN.iter().filter(|r| **r != own_rules) {
                    let mut record = c.record.clone();
                    if let Some(map) = record.as_object_mut() {
                        map.remove("claims");
                        map.remove("expect");
                        map.insert("rules".into(), Value::from(*rules));
                    }
                    let mut under = Case::of(
                        &loader,
                        format!("{}@{rules}", c.id),
                        record,
                        format!(
                            "{} Judged under the built-in ruleset {rules} (docs/rulesets.md).",
                            c.reason
                        ),
                    );
                    if under.verdict == c.verdict {
                        continue;
                    }
                    under.tags.push(format!("rules:{rules}"));
                    under.tags.sort();
                    cases.push(under);
                }
            }
            // The same game with one rule option set otherwise, for the
            // first games whose verdict that changes.
            if c.record.get("ruleset").is_none() {
                for (key, value) in option_values() {
                    let shown = value
                        .as_str()
                        .map_or_else(|| value.to_string(), str::to_string);
                    let n = per_option.entry(format!("{key}={shown}")).or_insert(0);
                    if *n >= PER_OPTION {
                        continue;
                    }
                    let mut record = c.record.clone();
                    let Some(map) = record.as_object_mut() else {
                        continue;
                    };
                    map.remove("claims");
                    map.remove("expect");
                    let extends = map.remove("rules").unwrap_or_else(|| Value::from("modern"));
                    let mut ruleset = serde_json::Map::new();
                    let base = extends.as_str().unwrap_or("modern").to_string();
                    ruleset.insert("extends".into(), extends);
                    ruleset.insert(key.into(), value.clone());
                    map.insert("ruleset".into(), Value::Object(ruleset));
                    let mut under = Case::of(
                        &loader,
                        format!("{}@{key}={shown}", c.id),
                        record,
                        format!(
                            "{} Judged under {base} with the rule option {key} = {shown} (docs/rulesets.md).",
                            c.reason
                        ),
                    );
                    if under.verdict == c.verdict
                        || !under
                            .tags
                            .iter()
                            .any(|t| t.starts_with(&format!("option:{key}=")))
                    {
                        continue;
                    }
                    *n += 1;
                    under.tags.sort();
                    cases.push(under);
                }
            }
            cases.push(c);
        }
    }
    cases.extend(misreads(&loader, &cases));
    // Each case of a point of dispute (and its twins) names the point.
    for c in &mut cases {
        let stem = c.id.split(['@']).next().unwrap_or("");
        let stem = stem.strip_suffix("-reversed").unwrap_or(stem);
        let points: Vec<&str> = DISPUTES
            .iter()
            .filter(|(_, ids)| ids.contains(&stem))
            .map(|(point, _)| *point)
            .collect();
        if !points.is_empty() {
            c.tags.extend(points.iter().map(|p| format!("dispute:{p}")));
            c.tags.sort();
            c.sections.push("§10".into());
            c.sections.sort();
            c.sections.dedup();
        }
    }
    cases.extend(generated(&loader, SUITE_SEEDS).expect("generated games"));
    Suite {
        form: SUITE_FORM.to_string(),
        version: "0.2.0".to_string(),
        about: "carca's rules test suite: each case is a game record (the contract's record form, in JSON) and the verdict on it; docs/conformance.md says how an engine is run against it. A case is added with the fixture it is made of, with the reason and rules source in its comment; a verdict changes only with a rules source, in a new version of the suite.".to_string(),
        cases,
    }
}

/// The misreadings' cases: each fixture's record with the claims a
/// misreading writes, which carca refuses.
fn misreads(loader: &Loader, cases: &[Case]) -> Vec<Case> {
    let mut out = Vec::new();
    for (id, fixture, rules, claims, why) in MISREADS {
        let source = cases
            .iter()
            .find(|c| c.id == format!("records:{fixture}"))
            .unwrap_or_else(|| panic!("misread:{id}: no case records:{fixture}"));
        let mut record = source.record.clone();
        let map = record.as_object_mut().expect("a record");
        map.remove("expect");
        if let Some(rules) = rules {
            map.insert("rules".into(), Value::from(*rules));
        }
        let claimed: serde_json::Map<String, Value> = claims
            .iter()
            .map(|(p, n)| ((*p).to_string(), Value::from(*n)))
            .collect();
        map.insert("claims".into(), Value::Object(claimed));
        let under = rules.map_or_else(String::new, |r| format!(" under {r}"));
        let c = Case::of(
            loader,
            format!("misread:{id}"),
            record,
            format!(
                "{why}: the players wrote down {}{under}, and carca refuses the claims (carca::score::claim_mismatch). The right reading is the case records:{fixture}: {}",
                claims
                    .iter()
                    .map(|(p, n)| format!("{p} {n}"))
                    .collect::<Vec<_>>()
                    .join(", "),
                source.reason
            ),
        );
        assert!(
            c.verdict
                .problems
                .iter()
                .any(|p| p.code == "carca::score::claim_mismatch"),
            "misread:{id}: the claims are what carca scores"
        );
        out.push(c);
    }
    out
}

/// Every point of dispute of RULES.md §10 has a legal case and an illegal
/// one in the suite, and every case it names is there.
#[test]
fn every_point_of_dispute_has_a_legal_and_an_illegal_case() {
    let suite = shipped();
    for (point, ids) in DISPUTES {
        for id in *ids {
            assert!(
                suite.cases.iter().any(|c| c.id == *id),
                "{point}: no case {id}"
            );
        }
        let tagged: Vec<&Case> = suite
            .cases
            .iter()
            .filter(|c| c.tags.contains(&format!("dispute:{point}")))
            .collect();
        assert!(
            tagged.iter().any(|c| c.verdict.legal) && tagged.iter().any(|c| !c.verdict.legal),
            "{point}: a legal and an illegal case"
        );
        assert!(tagged.iter().all(|c| c.sections.iter().any(|s| s == "§10")));
    }
}

/// Every shipped tile set and every figure it brings (and the follower)
/// appear in the suite, legal and illegal, and so do the expansions'
/// pieces that are no figure (the tower's pieces, the fairy, the dragon).
#[test]
fn every_shipped_set_and_figure_appears() {
    let suite = shipped();
    let both = |tag: &str| {
        let with: Vec<&Case> = suite
            .cases
            .iter()
            .filter(|c| c.tags.iter().any(|t| t == tag))
            .collect();
        with.iter().any(|c| c.verdict.legal) && with.iter().any(|c| !c.verdict.legal)
    };
    let mut figures = vec!["follower".to_string()];
    for set in carca::tileset::builtin::NAMES {
        assert!(
            both(&format!("set:{set}")),
            "set {set}: a legal and an illegal case"
        );
        let text = std::fs::read_to_string(format!("tilesets/{set}.yaml")).expect("a set");
        let v: Value = serde_saphyr::from_str(&text).expect("a set");
        figures.extend(
            v["figures"]
                .as_object()
                .into_iter()
                .flatten()
                .map(|(k, _)| k.clone()),
        );
    }
    assert!(figures.len() >= 7, "{figures:?}");
    for f in &figures {
        assert!(
            both(&format!("figure:{f}")),
            "figure {f}: a legal and an illegal case"
        );
    }
    for key in ["key:tower", "key:fairy", "key:dragon"] {
        assert!(both(key), "{key}: a legal and an illegal case");
    }
}

/// Every rule option (each value of each toggle other than `modern`'s)
/// and every built-in ruleset other than `modern` changes the verdict of
/// some case of the suite, which is tagged with it.
#[test]
fn every_rule_option_and_ruleset_changes_some_verdict() {
    let suite = shipped();
    let modern = carca::rules::Ruleset::modern();
    for t in carca::expansions::toggles() {
        for (key, value) in option_values().into_iter().filter(|(k, _)| *k == t.key) {
            let shown = value
                .as_str()
                .map_or_else(|| value.to_string(), str::to_string);
            let default = t.get(&modern).plain();
            if shown == default {
                continue;
            }
            assert!(
                suite
                    .cases
                    .iter()
                    .any(|c| c.tags.contains(&format!("option:{key}={shown}"))),
                "no case judged with {key} = {shown}"
            );
        }
    }
    for rules in carca::rules::BUILTIN.iter().filter(|r| **r != "modern") {
        assert!(
            suite
                .cases
                .iter()
                .any(|c| c.tags.contains(&format!("rules:{rules}"))),
            "no case whose verdict the built-in ruleset {rules} changes"
        );
    }
}

/// The generated group is what `carca conformance export --generated 68
/// --tag generated` makes: the suite's generated games and 68 more of
/// each of the 47 mixes, a few thousand in all, each a legal game whose
/// verdict is carca's.
#[test]
fn the_generated_group_is_what_the_generator_makes() {
    if std::env::var_os("CARCA_CONFORMANCE_WRITE").is_some() {
        let (code, _, err) = binary(&[
            "conformance",
            "export",
            "--generated",
            &GROUP_MORE.to_string(),
            "--tag",
            "generated",
            "--force",
            "-o",
            GROUP,
        ]);
        assert_eq!(code, 0, "{err}");
    }
    let group = carca::cli::conformance::suite(Some(Path::new(GROUP))).expect("the group");
    let loader = carca::expansions::loader();
    let end = SUITE_SEEDS.end;
    let mut made = generated(&loader, SUITE_SEEDS).expect("generated games");
    made.extend(generated(&loader, end..end + GROUP_MORE).expect("generated games"));
    assert_eq!(group.cases.len(), made.len());
    assert_eq!(made.len(), mixes().len() * (end - 1 + GROUP_MORE) as usize);
    assert!(made.len() >= 2000);
    for (have, want) in group.cases.iter().zip(&made) {
        assert_eq!(have.id, want.id);
        assert!(
            serde_json::to_value(have).ok() == serde_json::to_value(want).ok(),
            "{GROUP}: {} is not what the generator makes: write it again with CARCA_CONFORMANCE_WRITE=1",
            have.id
        );
        assert!(want.verdict.legal, "{} is not legal", want.id);
    }
    assert_eq!(group.version, shipped().version);
    // Every mix of two expansions is there.
    for mix in mixes() {
        let id = format!("generated:{}-{end}", mix.join("+"));
        assert!(group.cases.iter().any(|c| c.id == id), "no case {id}");
    }
}

#[test]
fn the_suite_is_what_its_sources_make() {
    let made = build();
    let text = format!(
        "{}\n",
        serde_json::to_string_pretty(&made).expect("a suite in JSON")
    );
    if std::env::var_os("CARCA_CONFORMANCE_WRITE").is_some() {
        std::fs::write(SUITE, &text).expect("the suite written");
    }
    let shipped = std::fs::read_to_string(SUITE).expect("the shipped suite");
    assert!(
        shipped == text,
        "{SUITE} is not what its sources make: write it again with CARCA_CONFORMANCE_WRITE=1 (only after a verdict changed with a rules source)"
    );
    assert!(made.cases.len() > 150, "{} cases", made.cases.len());
    assert!(
        made.cases
            .iter()
            .all(|c| c.verdict.readable || c.id.starts_with("illegal:")),
        "a record fixture the suite cannot read"
    );
    for c in &made.cases {
        assert!(!c.reason.trim().is_empty(), "{} gives no reason", c.id);
    }
}

/// carca passes its own suite through the protocol, as an outside engine
/// would be run: one process a case, the case on standard input.
#[test]
fn carca_passes_the_suite_through_the_protocol() {
    let engine = env!("CARGO_BIN_EXE_carca");
    let (code, out, err) = binary(&[
        "conformance",
        "run",
        "--format",
        "json",
        "--",
        engine,
        "verdict",
    ]);
    let v: Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out} {err}"));
    assert_eq!(v["failed"], 0, "{}", &out[..out.len().min(3000)]);
    assert_eq!(code, 0);
    assert!(v["passed"].as_u64().unwrap_or(0) > 150, "{}", v["passed"]);
}

/// A wrong engine fails the cases of the rule it gets wrong, and only
/// those: an engine that pays 4 for each completed city a farm supplies
/// (not 3) fails the farm cases, which the report names by RULES section
/// (§6), and no case where no farm scores.
#[test]
fn a_wrong_engine_fails_the_cases_of_the_rule_it_gets_wrong() {
    let dir = std::env::temp_dir().join(format!("carca-wrong-engine-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    let script = dir.join("wrong.py");
    // The engine: carca, with a farm's completed city worth 4.
    std::fs::write(
        &script,
        format!(
            r#"import json, os, sys
case = json.load(sys.stdin)
record = case["record"]
rules = record.get("ruleset") or {{"extends": record.pop("rules", "modern")}}
rules.setdefault("points", {{}})["farm_city"] = 4
record["ruleset"] = rules
path = os.path.join({dir:?}, "case-%d.json" % os.getpid())
with open(path, "w") as f:
    json.dump(case, f)
os.execv({carca:?}, [{carca:?}, "verdict", path])
"#,
            carca = env!("CARGO_BIN_EXE_carca")
        ),
    )
    .expect("the script");
    let script = script.to_string_lossy().to_string();
    let (code, out, _) = binary(&[
        "conformance",
        "run",
        "--format",
        "json",
        "--",
        &python(),
        "-S",
        &script,
    ]);
    let v: Value = serde_json::from_str(&out).expect("a report");
    assert_eq!(code, 1);
    let cases = v["cases"].as_array().expect("cases");
    let words = |c: &Value, key: &str| -> Vec<String> {
        c[key]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .map(str::to_string)
            .collect()
    };
    // Exactly the cases where a farm was paid per completed city at that
    // rate (the second and third editions, and farmers scored when a barn
    // comes; the first edition and barns have rates of their own), each
    // named with §6.
    let per_city = |c: &Value| {
        words(c, "tags").iter().any(|t| {
            t == "award:second_edition" || t == "award:third_edition" || t == "award:barn_placed"
        })
    };
    let failed: Vec<&Value> = cases.iter().filter(|c| c["result"] == "fail").collect();
    let expected: Vec<&Value> = cases.iter().filter(|c| per_city(c)).collect();
    assert!(failed.len() >= 20, "{} failures", failed.len());
    for c in &failed {
        assert!(
            per_city(c) && words(c, "sections").iter().any(|s| s == "§6"),
            "{} fails though no farm is paid per city in it: {}",
            c["id"],
            c["why"]
        );
    }
    assert_eq!(
        failed.len(),
        expected.len(),
        "farm cases that pass: {:?}",
        expected
            .iter()
            .filter(|c| c["result"] != "fail")
            .map(|c| c["id"].clone())
            .collect::<Vec<_>>()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// What a new user does with docs/conformance.md alone: saves its adapter
/// for the toy engine and runs the suite against it; the toy skips every
/// case of an expansion and fails where it counts nothing, each failure
/// with the field that differs, as the page shows.
#[test]
fn the_adapter_of_the_docs_runs_the_suite() {
    let doc = std::fs::read_to_string("docs/conformance.md").expect("the docs");
    let adapter = doc
        .split("```python\n")
        .nth(1)
        .and_then(|b| b.split("```").next())
        .expect("an adapter in the docs");
    let dir = std::env::temp_dir().join(format!("carca-toy-adapter-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    let script = dir.join("toy_adapter.py");
    std::fs::write(&script, adapter).expect("the adapter");
    let script = script.to_string_lossy().to_string();
    let (code, out, _) = binary(&["conformance", "run", "--", &python(), "-S", &script]);
    assert_eq!(code, 1, "{out}");
    let line = "fail records:small-city  (§1 §2 §3 §4 §5 §7): totals: expected {\"blue\":2,\"red\":4}, got {\"blue\":0,\"red\":0}";
    assert!(out.contains(line), "{out}");
    assert!(
        doc.contains(line),
        "the docs show another failure than the run"
    );
    assert!(out.contains("skip generated:base+tower-1"), "{out}");
    let suite = shipped();
    let expansions = suite
        .cases
        .iter()
        .filter(|c| {
            c.tags
                .iter()
                .any(|t| t.starts_with("set:") && t != "set:base")
                || c.tags.iter().any(|t| t == "snapshot")
        })
        .count();
    assert!(
        out.contains(&format!("{expansions} skipped")),
        "{expansions} skips expected: {out}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// carca's verdicts follow their schema (`carca schema verdict`).
#[test]
fn verdicts_follow_their_schema() {
    let schema: Value = serde_json::from_str(
        &std::fs::read_to_string("docs/schema/verdict.json").expect("the schema"),
    )
    .expect("JSON");
    let validator = jsonschema::validator_for(&schema).expect("a schema");
    let suite = shipped();
    for c in &suite.cases {
        let v = serde_json::to_value(&c.verdict).expect("JSON");
        assert!(validator.is_valid(&v), "{}", c.id);
    }
}

/// More generated games are made on demand: run with them, and exported
/// with them into a suite file that runs as the shipped one does.
#[test]
fn more_generated_games_are_run_and_exported() {
    let engine = env!("CARGO_BIN_EXE_carca");
    let (code, out, err) = binary(&[
        "conformance",
        "run",
        "--jobs",
        "1",
        "--generated",
        "1",
        "--tag",
        "generated",
        "--format",
        "json",
        "--",
        engine,
        "verdict",
    ]);
    let v: Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {err}"));
    let short = &out[..out.len().min(2000)];
    assert_eq!(code, 0, "{short}");
    // The suite's own 114, and one more of each of the 57 mixes.
    assert_eq!(v["passed"], 171, "{short}");
    assert!(out.contains("generated:base+tower-3"), "{short}");
    let dir = std::env::temp_dir().join(format!("carca-export-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    let file = dir.join("suite.json");
    let file = file.to_string_lossy().to_string();
    let (code, _, err) = binary(&["conformance", "export", "--generated", "1", "-o", &file]);
    assert_eq!(code, 0, "{err}");
    let exported: Suite =
        serde_json::from_str(&std::fs::read_to_string(&file).expect("written")).expect("a suite");
    let shipped = shipped();
    assert_eq!(exported.cases.len(), shipped.cases.len() + 57);
    // JSON Lines, as the generated group is written: a case a line.
    let lines = dir.join("generated.jsonl");
    let lines = lines.to_string_lossy().to_string();
    let (code, _, err) = binary(&["conformance", "export", "--tag", "set:river", "-o", &lines]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&lines).expect("written");
    let river = shipped
        .cases
        .iter()
        .filter(|c| c.tags.iter().any(|t| t == "set:river"))
        .count();
    assert_eq!(text.lines().count(), river + 1);
    let (code, out, _) = binary(&["conformance", "list", "--suite", &lines]);
    assert_eq!(code, 0);
    assert!(out.contains(&format!("({river} cases)")), "{out}");
    // An existing file is left as it is without --force.
    let (code, _, err) = binary(&["conformance", "export", "-o", &file]);
    assert_eq!(code, 2, "{err}");
    let (code, out, _) = binary(&[
        "conformance",
        "run",
        "--suite",
        &file,
        "--tag",
        "set:tower",
        "--",
        engine,
        "verdict",
    ]);
    assert_eq!(code, 0, "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}
