//! Saves shaped as JCloisterZone's client writes them (its `save` in
//! `src/renderer/store/game.js`, the messages of its engine), made from
//! carca's whole-game record fixtures, so that the importer is tried on
//! whole games of every supported set with a hand-checked twin: the record
//! the save was made from. The saves are written to `fixtures/jcz/` (as
//! `whole-*.jcz`, beside a copy of their record) and checked there: set
//! `CARCA_JCZ_WRITE=1` to write them again.
//!
//! What the client writes and the writer follows: players in seat order
//! with colour slots that are not (seat 0 has the last colour), every
//! message with its player, positions with y growing south, rotations
//! `R0` to `R270` in JCloisterZone's orientation of each tile, figures
//! named `SEAT.KIND.N`, pointers naming a feature by every edge or
//! half-edge it reaches (`_S` for a city on every side but the south,
//! `NL.NR.EL` for a field), monasteries, inner fields and tower tops at
//! `I`, and the pack's draw order (with the tiles discarded) in
//! `gameAnnotations` only when the record has a discard or is declared
//! over: a save of a game that used up its pack has none, as an ordinary
//! save.

use std::collections::BTreeMap;

use carca::geometry::{Edge, Half, Pos, Rotation};
use carca::record::Location;
use carca::tileset::{FeatureKind, Tile};
use serde_json::{Value, json};

/// The whole-game fixtures a save is made of, by the name of the save.
pub(crate) const WHOLE: [(&str, &str); 7] = [
    ("whole-river", "fixtures/records/river-game.yaml"),
    (
        "whole-abbey",
        "fixtures/records/abbey-final-round-base.yaml",
    ),
    (
        "whole-inns-cathedrals",
        "fixtures/records/ic-full-game-90.yaml",
    ),
    (
        "whole-traders-builders",
        "fixtures/records/tb-river-generated.yaml",
    ),
    ("whole-abbey-mayor", "fixtures/records/am-generated.yaml"),
    ("whole-tower", "fixtures/records/tw-generated.yaml"),
    (
        "whole-princess-dragon",
        "fixtures/records/pd-generated.yaml",
    ),
];

/// A built-in tile as the writer knows it: its tile, its JCloisterZone
/// id with prefix, and the turn from JCloisterZone's orientation to
/// carca's.
struct Known {
    tile: Tile,
    jcz: String,
    extra: u32,
}

/// The client's set family and the elements of each built-in set.
fn setup_of(set: &str) -> (Option<&'static str>, Value) {
    match set {
        "river" => (Some("river:1"), json!({})),
        "abbey" => (None, json!({ "abbey": 1 })),
        "inns-cathedrals" => (
            Some("inns-and-cathedrals:1"),
            json!({ "inn": true, "cathedral": true, "big-follower": 1 }),
        ),
        "traders-builders" => (
            Some("traders-and-builders:1"),
            json!({ "builder": 1, "pig": 1, "traders": true }),
        ),
        "abbey-mayor" => (
            Some("abbey-and-mayor:1"),
            json!({ "mayor": 1, "wagon": 1, "barn": 1 }),
        ),
        "tower" => (Some("tower:1"), json!({ "tower": true })),
        "princess-dragon" => (
            Some("princess-and-dragon:1"),
            json!({ "dragon": true, "fairy": true, "princess": true, "portal": true }),
        ),
        _ => (None, json!({})),
    }
}

/// JCloisterZone's position of a carca position (y grows south).
fn jpos(p: Pos) -> Value {
    json!([p.x, -p.y])
}

/// JCloisterZone's name of a set of edges: one letter, a pair, every side
/// but one (`_S`), or all four.
fn edges_name(edges: &[Edge]) -> String {
    let has = |e: Edge| edges.contains(&e);
    match edges.len() {
        4 => "NWSE".into(),
        3 => {
            let missing = Edge::ALL.into_iter().find(|e| !has(*e)).unwrap_or(Edge::N);
            format!("_{}", missing.letter())
        }
        2 => {
            let pairs = [
                ("NS", Edge::N, Edge::S),
                ("WE", Edge::W, Edge::E),
                ("NE", Edge::N, Edge::E),
                ("NW", Edge::N, Edge::W),
                ("SE", Edge::S, Edge::E),
                ("SW", Edge::S, Edge::W),
            ];
            pairs
                .iter()
                .find(|(_, a, b)| has(*a) && has(*b))
                .map_or_else(String::new, |(n, ..)| (*n).to_string())
        }
        _ => edges.iter().map(|e| e.letter().to_string()).collect(),
    }
}

/// JCloisterZone's names of the half-edges, in its order.
const HALVES: [(Half, &str); 8] = [
    (Half::Nnw, "NL"),
    (Half::Nne, "NR"),
    (Half::Ene, "EL"),
    (Half::Ese, "ER"),
    (Half::Sse, "SL"),
    (Half::Ssw, "SR"),
    (Half::Wsw, "WL"),
    (Half::Wnw, "WR"),
];

/// The writer: the tiles it knows, the board so far, and the figures on
/// it by their JCloisterZone ids.
struct Writer {
    tiles: BTreeMap<String, Known>,
    board: BTreeMap<(i32, i32), (String, Rotation)>,
    /// The figure standing at a place (a tile and its feature, or its
    /// tower top), by id.
    standing: BTreeMap<(i32, i32, String), String>,
    /// How many figures of each kind each seat has deployed.
    counts: BTreeMap<(usize, String), usize>,
    /// The followers each seat holds of the others' (captured), by id.
    held: Vec<(usize, String)>,
    dragon: Option<Pos>,
}

impl Writer {
    fn new() -> Writer {
        let loader = carca::loader::Loader::default();
        let mut tiles = BTreeMap::new();
        for name in carca::tileset::builtin::NAMES {
            let set = loader.builtin_set(name).expect("a built-in set");
            for t in &set.tiles {
                let Some((id, extra)) = &t.jcz else { continue };
                let Some(prefix) = set.jcz.first() else {
                    continue;
                };
                tiles.entry(t.id.clone()).or_insert_with(|| Known {
                    tile: t.clone(),
                    jcz: format!("{prefix}/{id}"),
                    extra: *extra,
                });
            }
        }
        Writer {
            tiles,
            board: BTreeMap::new(),
            standing: BTreeMap::new(),
            counts: BTreeMap::new(),
            held: Vec::new(),
            dragon: None,
        }
    }

    fn known(&self, id: &str) -> &Known {
        self.tiles
            .get(id)
            .unwrap_or_else(|| panic!("no JCloisterZone id for {id}"))
    }

    /// The feature pointer of `spot` on the tile at `at`, and the key of
    /// the place it names.
    fn pointer(&self, at: Pos, spot: &str) -> (Value, (i32, i32, String)) {
        let (id, rot) = self.board.get(&(at.x, at.y)).expect("a tile there");
        if spot == "tower" {
            return (
                json!({ "position": jpos(at), "feature": "Tower", "location": "I" }),
                (at.x, at.y, "tower".into()),
            );
        }
        let tile = &self.known(id).tile;
        let loc = Location::parse(spot).expect("a location");
        let f = loc
            .resolve(tile, *rot)
            .unwrap_or_else(|e| panic!("{spot} on {id} at {at:?}: {e:?}"));
        let feature = &tile.features[f];
        let key = (at.x, at.y, f.to_string());
        let (kind, location) = match feature.kind {
            FeatureKind::Cloister => ("Monastery", "I".to_string()),
            FeatureKind::Field => {
                let halves: Vec<&str> = HALVES
                    .iter()
                    .filter(|(h, _)| tile.feature_on_half(*h, *rot) == Some(f))
                    .map(|(_, n)| *n)
                    .collect();
                if halves.is_empty() {
                    // A field that touches no edge: the first or second.
                    let inner = tile
                        .features
                        .iter()
                        .enumerate()
                        .filter(|(i, x)| {
                            x.kind == FeatureKind::Field
                                && !HALVES
                                    .iter()
                                    .any(|(h, _)| tile.feature_on_half(*h, *rot) == Some(*i))
                        })
                        .position(|(i, _)| i == f);
                    (
                        "Field",
                        if inner == Some(0) { "I" } else { "II" }.to_string(),
                    )
                } else {
                    ("Field", halves.join("."))
                }
            }
            k => {
                let edges: Vec<Edge> = Edge::ALL
                    .into_iter()
                    .filter(|e| tile.feature_on_edge(*e, *rot) == Some(f))
                    .collect();
                (
                    if k == FeatureKind::City {
                        "City"
                    } else {
                        "Road"
                    },
                    edges_name(&edges),
                )
            }
        };
        (
            json!({ "position": jpos(at), "feature": kind, "location": location }),
            key,
        )
    }

    /// A new id for a figure of `kind` of `seat`.
    fn id(&mut self, seat: usize, kind: &str) -> String {
        let n = self.counts.entry((seat, kind.to_string())).or_default();
        *n += 1;
        format!("{seat}.{kind}.{n}")
    }
}

/// A place written `{ at: [x, y], spot }`.
fn place_of(v: &Value) -> (Pos, String) {
    let at = &v["at"];
    let p = Pos::new(
        i32::try_from(at[0].as_i64().unwrap_or(0)).unwrap_or(0),
        i32::try_from(at[1].as_i64().unwrap_or(0)).unwrap_or(0),
    );
    let spot = v["spot"]
        .as_str()
        .or_else(|| v["meeple"].as_str())
        .unwrap_or("")
        .to_string();
    (p, spot)
}

/// The JCloisterZone kind of a carca figure word.
fn kind_of(figure: Option<&str>) -> &str {
    match figure {
        None | Some("follower") => "small",
        Some(f) => f,
    }
}

/// The save the client writes of the record at `path`.
#[must_use]
pub(crate) fn save_of(path: &str) -> Value {
    let text = std::fs::read_to_string(path).expect("a record");
    let options = carca::source::yaml_options(text.len());
    let record: Value = serde_saphyr::from_str_with_options(&text, options).expect("a record");
    let mut writer = Writer::new();
    let players: Vec<String> = record["players"]
        .as_array()
        .expect("players")
        .iter()
        .filter_map(|p| p.as_str().map(str::to_string))
        .collect();
    let seat = |name: &str| players.iter().position(|p| p == name).expect("a player");
    let count = players.len();
    let sets: Vec<String> = record["tilesets"].as_array().map_or_else(
        || vec!["base".into()],
        |a| {
            a.iter()
                .filter_map(|s| s.as_str().map(str::to_string))
                .collect()
        },
    );
    let mut set_map = serde_json::Map::new();
    set_map.insert("basic:1".into(), json!(1));
    let mut elements = serde_json::Map::new();
    elements.insert("small-follower".into(), json!(7));
    elements.insert("farmers".into(), json!(true));
    for s in &sets {
        let (family, more) = setup_of(s);
        if let Some(f) = family {
            set_map.insert(f.into(), json!(1));
        }
        if let Some(m) = more.as_object() {
            elements.extend(m.clone());
        }
    }
    // The start tile: the record's, or its sets' (the river's spring,
    // else the base game's D), always named, at [0, 0].
    let mut setup = json!({ "sets": set_map, "elements": elements, "rules": {}, "timer": null });
    let start_id = record["start"]["tile"].as_str().map_or_else(
        || {
            if sets.iter().any(|s| s == "river") {
                "spring".to_string()
            } else {
                "D".to_string()
            }
        },
        str::to_string,
    );
    let start_rot =
        Rotation::from_degrees(record["start"]["rot"].as_i64().unwrap_or(0)).expect("a rotation");
    let start_tile = writer.known(&start_id);
    let jrot = (start_rot.degrees() + 360 - start_tile.extra % 360) % 360;
    setup["start"] = json!([{ "tile": start_tile.jcz, "x": 0, "y": 0, "rotation": jrot }]);
    let start = (start_id, start_rot);
    writer.board.insert((0, 0), start);
    let mut replay = Vec::new();
    let mut draw = Vec::new();
    let mut discards = false;
    let mut seat_now: Option<usize> = None;
    let mut after_discard = false;
    let turns = record["turns"].as_array().cloned().unwrap_or_default();
    for t in &turns {
        let who = match t["player"].as_str() {
            Some(p) => seat(p),
            None => match seat_now {
                None => 0,
                Some(s) if after_discard => s,
                Some(s) => (s + 1) % count,
            },
        };
        seat_now = Some(who);
        if let Some(d) = t["discard"].as_str() {
            draw.push(writer.known(d).jcz.clone());
            discards = true;
            after_discard = true;
            continue;
        }
        after_discard = false;
        let id = t["tile"].as_str().expect("a tile").to_string();
        let at = place_of(&json!({ "at": t["at"] })).0;
        let rot = Rotation::from_degrees(t["rot"].as_i64().unwrap_or(0)).expect("a rotation");
        let k = writer.known(&id);
        let jrot = (rot.degrees() + 360 - k.extra % 360) % 360;
        if !k.tile.per_player {
            draw.push(k.jcz.clone());
        }
        let volcano = k.tile.symbols.iter().any(|s| s == "volcano");
        replay.push(json!({ "type": "PLACE_TILE", "payload": { "tileId": k.jcz, "rotation": format!("R{jrot}"), "position": jpos(at) }, "player": who }));
        writer.board.insert((at.x, at.y), (id.clone(), rot));
        if volcano {
            writer.dragon = Some(at);
        }
        // A ransom, after the tile.
        if let Some(r) = t.get("ransom") {
            let from = seat(r["from"].as_str().expect("a holder"));
            let kind = kind_of(r["figure"].as_str());
            let i = writer
                .held
                .iter()
                .position(|(h, id)| *h == from && id.starts_with(&format!("{who}.{kind}.")))
                .expect("a follower held");
            let (_, mid) = writer.held.remove(i);
            replay.push(
                json!({ "type": "PAY_RANSOM", "payload": { "meepleId": mid }, "player": who }),
            );
        }
        let mut acted = false;
        if let Some(p) = t.get("tower") {
            let (to, _) = place_of(p);
            replay.push(json!({ "type": "PLACE_TOKEN", "payload": { "token": "TOWER_PIECE", "pointer": { "position": jpos(to) } }, "player": who }));
            acted = true;
        }
        if let Some(c) = t.get("capture") {
            let (to, spot) = place_of(c);
            let (fp, key) = writer.pointer(to, &spot);
            let mid = writer.standing.remove(&key).expect("a figure to capture");
            let owner: usize = mid
                .split('.')
                .next()
                .and_then(|s| s.parse().ok())
                .unwrap_or(0);
            replay.push(json!({ "type": "CAPTURE_FOLLOWER", "payload": { "pointer": { "meepleId": mid, "featurePointer": fp } }, "player": who }));
            if owner != who {
                // An exchange of the one kind held, as JCloisterZone makes it.
                if let Some(i) = writer
                    .held
                    .iter()
                    .position(|(h, id)| *h == owner && id.starts_with(&format!("{who}.")))
                {
                    writer.held.remove(i);
                } else {
                    writer.held.push((who, mid));
                }
            }
        }
        if let Some(f) = t.get("fairy") {
            let (to, spot) = place_of(f);
            let target = if spot.is_empty() {
                jpos(to)
            } else {
                let (fp, key) = writer.pointer(to, &spot);
                json!({ "meepleId": writer.standing.get(&key).cloned().unwrap_or_default(), "featurePointer": fp })
            };
            replay.push(json!({ "type": "MOVE_NEUTRAL_FIGURE", "payload": { "figureId": "fairy.1", "to": target }, "player": who }));
            acted = true;
        }
        if let Some(p) = t.get("princess") {
            let (to, spot) = place_of(p);
            let (fp, key) = writer.pointer(to, &spot);
            let mid = writer.standing.remove(&key).expect("a follower sent home");
            replay.push(json!({ "type": "RETURN_MEEPLE", "payload": { "source": "PRINCESS", "pointer": { "meepleId": mid, "featurePointer": fp } }, "player": who }));
            acted = true;
        }
        match &t["meeple"] {
            Value::Null => {
                if !acted {
                    replay.push(json!({ "type": "PASS", "payload": {}, "player": who }));
                }
            }
            m => {
                let kind = kind_of(t["figure"].as_str());
                let mid = writer.id(who, kind);
                let (to, spot) = match m {
                    Value::String(s) => (at, s.clone()),
                    other => place_of(other),
                };
                let pointer = if kind == "barn" {
                    // The tile south-east of the barn's corner point.
                    let (dx, dy) = match spot.as_str() {
                        "NE" => (1, 0),
                        "NW" => (0, 0),
                        "SE" => (1, -1),
                        _ => (0, -1),
                    };
                    json!({ "position": jpos(Pos::new(at.x + dx, at.y + dy)), "feature": "Barn", "location": "NW" })
                } else {
                    let (fp, key) = writer.pointer(to, &spot);
                    writer.standing.insert(key, mid.clone());
                    fp
                };
                replay.push(json!({ "type": "DEPLOY_MEEPLE", "payload": { "pointer": pointer, "meepleId": mid }, "player": who }));
            }
        }
        if let Some(steps) = t.get("dragon").and_then(Value::as_array) {
            for s in steps {
                let from = writer.dragon.expect("the dragon on the board");
                let to = match s.as_str().unwrap_or("") {
                    "N" => Pos::new(from.x, from.y + 1),
                    "E" => Pos::new(from.x + 1, from.y),
                    "S" => Pos::new(from.x, from.y - 1),
                    _ => Pos::new(from.x - 1, from.y),
                };
                writer.dragon = Some(to);
                replay.push(json!({ "type": "MOVE_NEUTRAL_FIGURE", "payload": { "figureId": "dragon.1", "to": jpos(to) }, "player": who }));
            }
        }
        replay.push(json!({ "type": "COMMIT", "payload": { "random": 0.5 }, "player": who }));
        // Wagons moving on after the scoring, each by its owner.
        let moves: Vec<Value> = match t.get("wagon") {
            Some(Value::Array(a)) => a.clone(),
            Some(one) => vec![one.clone()],
            None => Vec::new(),
        };
        for m in moves {
            let owner = m["player"].as_str().map_or(who, seat);
            let (to, spot) = place_of(&m);
            let mid = writer.id(owner, "wagon");
            let (fp, key) = writer.pointer(to, &spot);
            writer.standing.insert(key, mid.clone());
            replay.push(json!({ "type": "DEPLOY_MEEPLE", "payload": { "pointer": fp, "meepleId": mid }, "player": owner }));
        }
    }
    let mut save = json!({
        "appVersion": "5.10.0",
        "gameId": "carca-whole-game",
        "setup": setup,
        "players": (0..count).map(|i| json!({ "name": players[i], "slot": count - 1 - i })).collect::<Vec<_>>(),
        "replay": replay,
    });
    if discards || record["final"] == Value::Bool(true) {
        save["gameAnnotations"] = json!({ "drawOrder": draw, "endTurn": turns.len() });
    }
    save
}
