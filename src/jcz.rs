//! JCloisterZone saved games (`.jcz`, JSON) turned into carca records.
//!
//! Both formats are read: the current one (`setup.sets`, `elements`,
//! `rules`, `start`, `players`, `gameAnnotations`) and the older 4.x one
//! (`slots`, `setup.expansions`, `annotations.tilePack`). The conversion is
//! documented in docs/jcz.md: y is flipped (JCloisterZone's y grows south),
//! rotations carry over (both are clockwise), tile ids map to carca's,
//! follower locations are already in board orientation. Anything carca
//! cannot represent (other expansions, other figures) is reported, never
//! guessed.

use crate::expansions::princess_dragon::symbols;
use miette::{Diagnostic, SourceSpan};
use serde_json::Value;
use thiserror::Error;

use crate::diagnostic::{Class, Finding};
use crate::geometry::{Pos, Rotation};
use crate::loader::Loader;
use crate::record::written::{
    Written, WrittenAt, WrittenCapture, WrittenMove, WrittenPick, WrittenPlace, WrittenRansom,
    WrittenRuleset, WrittenTurn, WrittenWhere,
};
use crate::source::SourceFile;
use serde_saphyr::{FlowMap, FlowSeq};

/// A problem with a JCloisterZone save.
#[derive(Debug, Error, Diagnostic)]
pub enum JczError {
    /// Not JSON.
    #[error("not valid JSON: {message}")]
    #[diagnostic(
        code(carca::jcz::json),
        help("a .jcz file is the JSON that JCloisterZone saves")
    )]
    Json {
        /// The parser's message.
        message: String,
        /// Where.
        #[label("here")]
        span: SourceSpan,
    },
    /// JSON, but not a saved game.
    #[error("not a JCloisterZone saved game: {missing}")]
    #[diagnostic(
        code(carca::jcz::not_a_save),
        help(
            "carca reads the saves of JCloisterZone 4.x (`slots`, `setup.expansions`) and later (`players`, `setup.sets`)"
        )
    )]
    NotASave {
        /// What is missing.
        missing: String,
        /// Where.
        #[label("here")]
        span: SourceSpan,
    },
    /// Something carca cannot represent.
    #[error("{what} is not supported")]
    #[diagnostic(
        code(carca::jcz::unsupported),
        help(
            "carca plays the base game with the Abbey tile, The River, Inns & Cathedrals, Traders & Builders, Abbey & Mayor, The Tower and The Princess & the Dragon; a game with {what} cannot be scored without guessing"
        )
    )]
    Unsupported {
        /// What it is.
        what: String,
        /// Where.
        #[label("unsupported")]
        span: SourceSpan,
    },
    /// A value of the wrong shape.
    #[error("{what}")]
    #[diagnostic(
        code(carca::jcz::bad_value),
        help("the save seems damaged; JCloisterZone writes {expected}")
    )]
    BadValue {
        /// What is wrong.
        what: String,
        /// What was expected.
        expected: &'static str,
        /// Where.
        #[label("here")]
        span: SourceSpan,
    },
}

/// The JCloisterZone ids of the built-in tile sets' tiles, as the sets
/// declare them (`jcz:`, `jcz_rot:`): by prefix, each tile's id after it,
/// its carca id, the rotation from JCloisterZone's orientation to carca's,
/// and its set.
struct Ids {
    tiles: Vec<(String, String, String, u32, String)>,
    /// The symbols the sets' tiles show: the tile's carca id and the word.
    symbols: Vec<(String, String)>,
}

impl Ids {
    fn of(loader: &Loader) -> Ids {
        let mut ids = Ids {
            tiles: Vec::new(),
            symbols: Vec::new(),
        };
        for name in crate::tileset::builtin::NAMES {
            let Ok(set) = loader.builtin_set(name) else {
                continue;
            };
            for t in &set.tiles {
                ids.symbols
                    .extend(t.symbols.iter().map(|s| (t.id.clone(), s.clone())));
                let Some((id, rot)) = &t.jcz else { continue };
                for prefix in &set.jcz {
                    ids.tiles.push((
                        prefix.clone(),
                        id.clone(),
                        t.id.clone(),
                        *rot,
                        set.name.clone(),
                    ));
                }
            }
        }
        ids
    }

    /// The carca tile, the extra rotation and the set of a JCloisterZone
    /// tile id: its id after the prefix as written, else without the
    /// number a repeated design carries (`Cc.1`, `IFI.2`).
    fn tile(&self, id: &str, legacy: bool) -> Option<(&str, u32, &str)> {
        let (prefix, rest) = if legacy {
            id.split_once('.')?
        } else {
            id.split_once('/').or_else(|| id.split_once('.'))?
        };
        let bare = match rest.rsplit_once('.') {
            Some((b, n)) if n.chars().all(|c| c.is_ascii_digit()) => b,
            _ => rest,
        };
        let find = |want: &str| {
            self.tiles
                .iter()
                .find(|(p, j, ..)| p == prefix && j == want)
                .map(|(_, _, c, r, set)| (c.as_str(), *r, set.as_str()))
        };
        find(rest).or_else(|| find(bare))
    }

    /// Whether the tile with carca id `tile` shows the symbol `symbol`.
    fn shows(&self, tile: &str, symbol: &str) -> bool {
        self.symbols.iter().any(|(t, s)| t == tile && s == symbol)
    }
}

/// The rules JCloisterZone's client writes in `setup.rules` (its
/// `models/rules.js`): each id with every value it may take. A save lists
/// only those not at their default.
const CLIENT_RULES: [(&str, &[&str]); 19] = [
    ("princess-action", &["may", "must"]),
    ("fairy-placement", &["next-follower", "on-tile"]),
    ("dragon-move", &["before-scoring", "after-scoring"]),
    ("barn-placement", &["not-occupied", "occupied"]),
    ("wagon-move", &["C1", "C2"]),
    ("bazaar-no-auction", &["false", "true"]),
    (
        "hill-tiebreaker",
        &["at-least-one-follower", "number-of-followers"],
    ),
    ("espace-variant", &["any-tile", "siege-tile"]),
    ("gq11-pig-herd", &["pig", "nothing"]),
    ("tunnelize-other-expansions", &["true", "false"]),
    ("more-tunnel-tokens", &["3/2", "2/1", "1/1"]),
    ("festival-return", &["meeple", "follower"]),
    ("keep-monasteries", &["replace", "keep"]),
    ("labyrinth-variant", &["basic", "advanced"]),
    ("coc-final-scoring", &["market-only", "any-district"]),
    ("count-move", &["by-player", "clockwise", "follow-meeple"]),
    ("little-buildings-scoring", &["1/1/1", "3/2/1"]),
    (
        "king-and-robber-scoring",
        &["default", "10/20", "15/40", "continuously"],
    ),
    ("tiny-city-scoring", &["4", "2"]),
];

/// A follower location in carca's terms, from JCloisterZone's feature
/// kind and location name (its `board/Location.java`; docs/jcz.md lists
/// every form).
fn location(loc: &str, feature: Option<&str>) -> Option<String> {
    let loc = loc.trim();
    match (feature, loc) {
        // The top of a tower (5.x: feature `Tower`, location `I`; 4.x:
        // location `TOWER`).
        (Some("Tower"), _) | (_, "TOWER") => return Some("tower".into()),
        // A cloister (the abbey's included).
        (Some("Cloister" | "Monastery"), _) | (None, "CLOISTER" | "MONASTERY" | "ABBEY") => {
            return Some("C".into());
        }
        // Fields that touch no edge: carca names them `inner`, `inner2`.
        (Some("Field"), "I") => return Some("inner".into()),
        (Some("Field"), "II") => return Some("inner2".into()),
        // An inner location without a feature kind (4.x saves) is a
        // cloister.
        (None, "I") => return Some("C".into()),
        _ => {}
    }
    let half = |h: &str| {
        Some(match h {
            "NL" => "NNW",
            "NR" => "NNE",
            "EL" => "ENE",
            "ER" => "ESE",
            "SL" => "SSE",
            "SR" => "SSW",
            "WL" => "WSW",
            "WR" => "WNW",
            _ => return None,
        })
    };
    let first = loc.split('.').next().unwrap_or_default();
    if let Some(h) = half(first) {
        return Some(h.into());
    }
    // `_N`, `_E`, `_S`, `_W` name every side but that one (a city on
    // three sides): any of the other three picks out the feature.
    if let Some(but) = loc.strip_prefix('_') {
        let sides = ["N", "E", "S", "W"];
        return sides
            .contains(&but)
            .then(|| sides.iter().find(|s| **s != but).map(|s| (*s).to_string()))
            .flatten();
    }
    // Roads and cities are named by the edges they reach (`N`, `SE`,
    // `NWSE`); any one of them picks out the feature.
    if !loc.is_empty() && loc.chars().all(|c| "NESW".contains(c)) {
        return loc.chars().next().map(|c| c.to_string());
    }
    None
}

struct Reader<'a> {
    src: &'a SourceFile,
    findings: Vec<Finding>,
}

impl Reader<'_> {
    /// The span of the first occurrence of `needle` in the file.
    fn at(&self, needle: &str) -> SourceSpan {
        self.src
            .find_in(SourceSpan::from((0, self.src.text().len())), needle)
    }

    fn unsupported(&mut self, what: String, needle: &str) {
        let span = self.at(needle);
        self.findings.push(Finding::new(
            Class::Input,
            self.src,
            JczError::Unsupported { what, span },
        ));
    }

    fn bad(&mut self, what: String, expected: &'static str, needle: &str) {
        let span = self.at(needle);
        self.findings.push(Finding::new(
            Class::Input,
            self.src,
            JczError::BadValue {
                what,
                expected,
                span,
            },
        ));
    }
}

fn rotation(v: &Value) -> Option<u32> {
    let deg = match v {
        Value::String(s) => s.trim_start_matches('R').parse::<u32>().ok()?,
        Value::Number(n) => u32::try_from(n.as_u64()?).ok()?,
        _ => return None,
    };
    (deg % 90 == 0 && deg < 360).then_some(deg)
}

/// A JCloisterZone position in carca's terms (y flipped), if it lies on
/// carca's board.
fn position(v: &Value) -> Option<Pos> {
    match v.as_array()?.as_slice() {
        [x, y] => Pos::checked(x.as_i64()?, y.as_i64()?.checked_neg()?),
        _ => None,
    }
}

/// Converts a saved game into the text of an equivalent carca record.
/// The `loader` brings the tile sets, for a save that does not say how
/// the game ended (see [`implied_end`]).
pub fn import(loader: &Loader, src: &SourceFile) -> Result<String, Vec<Finding>> {
    let v: Value = serde_json::from_str(src.text()).map_err(|e| {
        let offset = src.offset_of_line_col(e.line() as u64, e.column() as u64);
        vec![Finding::new(
            Class::Input,
            src,
            JczError::Json {
                message: e
                    .to_string()
                    .split(" at line ")
                    .next()
                    .unwrap_or_default()
                    .to_string(),
                span: SourceSpan::from((offset, 0)),
            },
        )]
    })?;
    let mut r = Reader {
        src,
        findings: Vec::new(),
    };
    let out = convert(&mut r, &v, &Ids::of(loader));
    if !r.findings.is_empty() {
        return Err(r.findings);
    }
    let Some(mut out) = out else {
        return Err(Vec::new());
    };
    if out.open_end {
        implied_end(loader, src, &mut out);
    }
    Ok(out.record.yaml(&out.comments))
}

/// A save converted: the record, its opening comments, and whether the
/// save leaves the end of the game unsaid (no annotations, no end).
struct Converted {
    record: Written,
    comments: Vec<String>,
    open_end: bool,
}

/// JCloisterZone discards a tile drawn that fits nowhere, without a
/// message, and the game ends when its pack is empty; a save without its
/// annotations says neither. The tiles the record leaves in the supply
/// were discarded when each, at some moment, fitted nowhere (the engine
/// finds the first such moment, [`crate::engine::implied_discards`]): they
/// join the record there, and the game is over. When one of them fitted
/// somewhere at every moment, it is still in the pack: the game goes on.
fn implied_end(loader: &Loader, src: &SourceFile, out: &mut Converted) {
    let text = out.record.yaml(&out.comments);
    let imported = SourceFile::new(src.name(), text);
    let Ok(record) = crate::record::parse(loader, &imported, std::path::Path::new("")) else {
        return;
    };
    let Ok(rules) = crate::record::ruleset_for(
        loader,
        &record,
        record.rules_name(),
        std::path::Path::new(""),
    ) else {
        return;
    };
    let Some(discards) = crate::engine::implied_discards(&record, &rules, &crate::expansions::ALL)
    else {
        return;
    };
    if discards.is_empty() {
        return;
    }
    let mut said = Vec::new();
    for &(moment, tile) in discards.iter().rev() {
        let id = &record.catalog.tiles[tile].tile.id;
        let mut discard = WrittenTurn::discard(id);
        discard.player = out
            .record
            .turns
            .get(moment)
            .and_then(|t| t.0.player.clone());
        out.record.turns.insert(moment, FlowMap(discard));
        said.push(format!("{id} after turn {moment}"));
    }
    said.reverse();
    out.record.final_ = true;
    out.comments
        .push("The save does not say how the game ended. Each tile left in the pack fitted".into());
    out.comments.push(format!(
        "nowhere at some moment, so JCloisterZone discarded it ({}): the game is over.",
        said.join(", ")
    ));
}

fn convert(reader: &mut Reader, save: &Value, ids: &Ids) -> Option<Converted> {
    let not_a_save = |reader: &mut Reader, missing: &str| {
        let span = SourceSpan::from((0, 0));
        reader.findings.push(Finding::new(
            Class::Input,
            reader.src,
            JczError::NotASave {
                missing: missing.into(),
                span,
            },
        ));
    };
    let Some(setup) = save.get("setup").filter(|s| s.is_object()) else {
        not_a_save(reader, "it has no `setup`");
        return None;
    };
    let legacy = setup.get("expansions").is_some();

    // Players, in turn order.
    let players: Vec<String> = if legacy {
        let mut slots: Vec<&Value> = save
            .get("slots")
            .and_then(Value::as_array)
            .map(|a| a.iter().collect())
            .unwrap_or_default();
        // 4.x seats players in the order their slots were taken
        // (`serial`); `number` is the colour.
        slots.sort_by_key(|s| {
            s.get("serial")
                .or_else(|| s.get("number"))
                .and_then(Value::as_i64)
                .unwrap_or(0)
        });
        slots
            .iter()
            .map(|s| {
                s.get("nickname")
                    .and_then(Value::as_str)
                    .unwrap_or("player")
                    .to_string()
            })
            .collect()
    } else {
        // The client writes the players in seat order (turn order);
        // `slot` is the colour, and a figure's id starts with the seat.
        save.get("players")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .map(|s| {
                s.get("name")
                    .and_then(Value::as_str)
                    .unwrap_or("player")
                    .to_string()
            })
            .collect()
    };
    if players.is_empty() {
        not_a_save(
            reader,
            if legacy {
                "it has no `slots`"
            } else {
                "it has no `players`"
            },
        );
        return None;
    }

    // Tile sets, figures and rules.
    let mut tilesets = vec!["base".to_string()];
    let mut scale: u32 = 1;
    let mut followers: u32 = 7;
    let mut small_city = false;
    // Big followers, builders and pigs per player, when the save says.
    let mut big: Option<u32> = None;
    let mut builders: Option<u32> = None;
    let mut pigs: Option<u32> = None;
    // Mayors, wagons and barns per player, when the save says.
    let mut mayors: Option<u32> = None;
    let mut wagons: Option<u32> = None;
    let mut barns: Option<u32> = None;
    // JCloisterZone's `barn-placement` rule: "occupied" lets a barn go on
    // a farm that holds one.
    let mut barn_any_farm = false;
    // Trade goods score (JCloisterZone's `traders` element).
    let mut traders = false;
    // Tower pieces are in play (the `tower` element; 4.x: the capability).
    let mut towers = false;
    // JCloisterZone's first-edition wagon move (`wagon-move: C1`), which
    // carca does not play.
    let mut wagon_c1 = false;
    // The Princess & the Dragon's rules, where not the default.
    let mut dragon_move: Option<String> = None;
    let mut fairy_placement: Option<String> = None;
    let mut princess_action: Option<String> = None;
    // A count must be a whole number from `min` to `max`.
    let count = |reader: &mut Reader, v: &Value, what: &str, min: u64, max: u64| -> Option<u32> {
        match v.as_u64().filter(|n| (min..=max).contains(n)) {
            Some(n) => u32::try_from(n).ok(),
            None => {
                reader.bad(
                    format!("`{what}` is {v}"),
                    "a whole number in range",
                    &format!("\"{what}\""),
                );
                None
            }
        }
    };
    let max_scale = u64::try_from(crate::record::MAX_SUPPLY_SCALE).unwrap_or(1);
    if legacy {
        for (name, value) in setup["expansions"].as_object().into_iter().flatten() {
            match name.as_str() {
                "BASIC" => scale = count(reader, value, name, 1, max_scale).unwrap_or(1),
                "RIVER" => tilesets.push("river".into()),
                // The abbey and the twelve land tiles; the figures come
                // with their capabilities, below.
                "ABBEY_AND_MAYOR" => {
                    tilesets.push("abbey".into());
                    tilesets.push("abbey-mayor".into());
                }
                "INNS_AND_CATHEDRALS" => tilesets.push("inns-cathedrals".into()),
                "TRADERS_AND_BUILDERS" => tilesets.push("traders-builders".into()),
                "TOWER" => tilesets.push("tower".into()),
                "PRINCESS_AND_DRAGON" => tilesets.push("princess-dragon".into()),
                other => {
                    reader.unsupported(format!("the expansion `{other}`"), &format!("\"{other}\""));
                }
            }
        }
        for cap in setup
            .get("capabilities")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            // A 4.x save lists the capabilities in play; a figure whose
            // capability is missing is not in the game.
            match cap.as_str().unwrap_or_default() {
                // The neutral figures and the symbols of The Princess & the
                // Dragon come with its tiles.
                "StandardGame" | "Abbey" | "River" | "Inn" | "Cathedral" | "BigFollower"
                | "Dragon" | "Fairy" | "Princess" | "Portal" => {}
                "Mayor" => mayors = Some(1),
                "Wagon" => wagons = Some(1),
                "Barn" => barns = Some(1),
                "Builder" => builders = Some(1),
                "Pig" => pigs = Some(1),
                "TradeGoods" => traders = true,
                "Tower" => towers = true,
                c => reader.unsupported(format!("the capability `{c}`"), &format!("\"{c}\"")),
            }
        }
        for (name, value) in setup
            .get("rules")
            .and_then(Value::as_object)
            .into_iter()
            .flatten()
        {
            if name.to_ascii_uppercase().contains("TINY_CITY") && value.as_bool() == Some(true) {
                small_city = true;
            }
            if name == "MULTI_BARN_ALLOWED" && value.as_bool() == Some(true) {
                barn_any_farm = true;
            }
        }
    } else {
        for (name, value) in setup
            .get("sets")
            .and_then(Value::as_object)
            .into_iter()
            .flatten()
        {
            let family = name.split(':').next().unwrap_or_default();
            match family {
                "basic" => scale = count(reader, value, name, 1, max_scale).unwrap_or(1),
                "river" => tilesets.push("river".into()),
                "inns-and-cathedrals" => tilesets.push("inns-cathedrals".into()),
                "traders-and-builders" => tilesets.push("traders-builders".into()),
                "abbey-and-mayor" => tilesets.push("abbey-mayor".into()),
                "tower" => tilesets.push("tower".into()),
                "princess-and-dragon" => tilesets.push("princess-dragon".into()),
                other => {
                    reader.unsupported(format!("the tile set `{other}`"), &format!("\"{name}\""));
                }
            }
        }
        for (name, value) in setup
            .get("elements")
            .and_then(Value::as_object)
            .into_iter()
            .flatten()
        {
            let on = match value {
                Value::Bool(b) => *b,
                Value::Number(n) => n.as_f64().is_some_and(|n| n > 0.0),
                Value::Null => false,
                _ => true,
            };
            match name.as_str() {
                "small-follower" => {
                    followers = count(reader, value, name, 0, 1000).unwrap_or(7);
                }
                // Farmers are always in play; inns and cathedrals, the
                // neutral figures and the symbols come with their tiles.
                "farmers" | "inn" | "cathedral" | "dragon" | "fairy" | "princess" | "portal" => {}
                "big-follower" => {
                    big = count(reader, value, name, 0, 1000);
                }
                "builder" => builders = count(reader, value, name, 0, 1000),
                "pig" => pigs = count(reader, value, name, 0, 1000),
                "mayor" => mayors = count(reader, value, name, 0, 1000),
                "wagon" => wagons = count(reader, value, name, 0, 1000),
                "barn" => barns = count(reader, value, name, 0, 1000),
                "traders" => traders = on,
                "tower" => towers = on,
                "abbey" if on => {
                    if count(reader, value, name, 0, 1000).is_some_and(|n| n > 1) {
                        reader.unsupported("more than one abbey per player".into(), "\"abbey\"");
                    }
                    tilesets.push("abbey".into());
                }
                _ if !on => {}
                other => {
                    reader.unsupported(format!("the element `{other}`"), &format!("\"{other}\""));
                }
            }
        }
        // Every rule the client writes (only those not at their default),
        // read with the values it writes; those of expansions carca does
        // not play change nothing here, since their tiles and figures are
        // refused.
        for (name, value) in setup
            .get("rules")
            .and_then(Value::as_object)
            .into_iter()
            .flatten()
        {
            let Some(rule) = CLIENT_RULES.iter().find(|r| r.0 == name) else {
                reader.unsupported(format!("the rule `{name}`"), &format!("\"{name}\""));
                continue;
            };
            // A switch is written as a JSON boolean, a choice as a string.
            let switch = rule.1 == ["false", "true"] || rule.1 == ["true", "false"];
            let said = match value {
                Value::String(v) if !switch => v.clone(),
                Value::Bool(b) if switch => b.to_string(),
                _ => String::new(),
            };
            if !rule.1.contains(&said.as_str()) {
                reader.bad(
                    format!("`{name}` is {value}"),
                    "one of the values JCloisterZone's client writes (docs/jcz.md)",
                    &format!("\"{name}\""),
                );
                continue;
            }
            match (name.as_str(), said.as_str()) {
                ("barn-placement", "occupied") => barn_any_farm = true,
                ("dragon-move", "after-scoring") => dragon_move = Some(said),
                ("fairy-placement", "on-tile") => fairy_placement = Some(said),
                ("princess-action", "must") => princess_action = Some(said),
                ("tiny-city-scoring", "2") => small_city = true,
                ("wagon-move", "C1") => wagon_c1 = true,
                _ => {}
            }
        }
    }

    // The tile sets bring one big follower, builder and pig each; a save
    // that says otherwise needs the ruleset to say so too.
    let brought = u32::from(tilesets.iter().any(|t| t == "inns-cathedrals"));
    let tb = tilesets.iter().any(|t| t == "traders-builders");
    let am = tilesets.iter().any(|t| t == "abbey-mayor");
    let mut figures = std::collections::BTreeMap::new();
    for (key, said, brings) in [
        ("big", big, brought),
        ("builder", builders, u32::from(tb)),
        ("pig", pigs, u32::from(tb)),
        ("mayor", mayors, u32::from(am)),
        ("wagon", wagons, u32::from(am)),
        ("barn", barns, u32::from(am)),
    ] {
        match said {
            Some(n) if n != brings => {
                figures.insert(key.to_string(), n);
            }
            // JCloisterZone deploys no builder or pig the save does not
            // list (a save without `big-follower` is read as the set says).
            None if brings > 0 && key != "big" => {
                figures.insert(key.to_string(), 0);
            }
            _ => {}
        }
    }
    if wagon_c1 && wagons.unwrap_or(u32::from(am)) > 0 {
        reader.unsupported(
            "the first edition's wagon move (`wagon-move: C1`); carca moves wagons as JCloisterZone's default C2".into(),
            "\"wagon-move\"",
        );
    }
    // Tower pieces come with the `tower` element: without it the tower
    // tiles are land tiles only.
    if tilesets.iter().any(|t| t == "tower") && !towers {
        figures.insert("tower".to_string(), 0);
    }
    // Goods are in the tiles; without the `traders` element they score
    // nothing.
    let points: std::collections::BTreeMap<String, u32> = (tb && !traders)
        .then(|| ("goods_majority".to_string(), 0))
        .into_iter()
        .collect();
    let version = save
        .get("appVersion")
        .and_then(Value::as_str)
        .unwrap_or("unknown")
        .to_string();
    let mut record = Written {
        description: None,
        tilesets: FlowSeq(tilesets.clone()),
        supply_scale: (scale > 1).then_some(scale),
        ruleset: (small_city
            || barn_any_farm
            || dragon_move.is_some()
            || fairy_placement.is_some()
            || princess_action.is_some()
            || followers != 7
            || !figures.is_empty()
            || !points.is_empty())
        .then(|| {
            FlowMap(WrittenRuleset {
                name: "jcloisterzone".into(),
                extends: "modern".into(),
                small_city: small_city.then_some(true),
                barn_placement: barn_any_farm.then(|| "any-farm".to_string()),
                followers: (followers != 7).then_some(followers),
                dragon_move: dragon_move.clone(),
                fairy_placement: fairy_placement.clone(),
                princess_action: princess_action.clone(),
                figures: (!figures.is_empty()).then(|| FlowMap(figures.clone())),
                points: (!points.is_empty()).then(|| FlowMap(points.clone())),
            })
        }),
        players: FlowSeq(players.clone()),
        start: None,
        turns: Vec::new(),
        final_: false,
    };

    // The start tile.
    let start = setup
        .get("start")
        .and_then(Value::as_array)
        .and_then(|a| a.first());
    match start {
        Some(s) => {
            let id = s.get("tile").and_then(Value::as_str).unwrap_or_default();
            let xy = [s.get("x"), s.get("y")].map(|v| v.cloned().unwrap_or(Value::from(0)));
            let Some(at) = position(&Value::Array(xy.to_vec())) else {
                reader.bad(
                    "the start tile lies off the board".into(),
                    "x and y within ±1,000,000",
                    "\"start\"",
                );
                return None;
            };
            let rot = s.get("rotation").and_then(rotation).unwrap_or(0);
            match ids.tile(id, legacy) {
                Some((t, extra, _)) => {
                    let mut placed = WrittenTurn::place(t, at, rotated(rot + extra), None);
                    placed.rot = Some((rot + extra) % 360);
                    record.start = Some(FlowMap(placed));
                }
                None => reader.unsupported(format!("the start tile `{id}`"), &format!("\"{id}\"")),
            }
        }
        None if tilesets.iter().any(|t| t == "river") => {
            // JCloisterZone lays the spring unturned: its river flows east.
            let mut spring = WrittenTurn::place("spring", Pos::new(0, 0), rotated(270), None);
            spring.rot = Some(270);
            record.start = Some(FlowMap(spring));
        }
        None => {}
    }

    // The draw order tells which drawn tiles were discarded.
    let draw: Vec<String> = if legacy {
        save.pointer("/annotations/tilePack/params/drawOrder")
    } else {
        save.pointer("/gameAnnotations/drawOrder")
    }
    .and_then(Value::as_array)
    .map(|a| {
        a.iter()
            .filter_map(Value::as_str)
            .map(str::to_string)
            .collect()
    })
    .unwrap_or_default();
    let ended = if legacy {
        draw.last().is_some_and(|d| d == "#END")
    } else {
        save.pointer("/gameAnnotations/endTurn").is_some()
    };
    let mut drawn = 0;

    let Some(replay) = save.get("replay").and_then(Value::as_array) else {
        reader.bad(
            "the save has no list of moves (`replay`)".into(),
            "`replay`: the list of every move of the game",
            "\"replay\"",
        );
        return None;
    };
    // The turn being read: the placement, where it lies, whether a figure
    // was deployed with it, and whether its actions are committed (after
    // which come the moves of wagons its scoring sent home).
    let mut current: Option<(WrittenTurn, Pos, bool, bool)> = None;
    // The Tower: followers held (holder, owner, kind, JCloisterZone's id),
    // an exchange whose choice the next message makes, and a ransom paid
    // before the turn's tile.
    let mut held: Vec<(String, String, String, String)> = Vec::new();
    let mut exchange_pending = false;
    let mut pending_ransom: Option<FlowMap<WrittenRansom>> = None;
    let mut game_over = false;
    // The Princess & the Dragon: where the dragon stands.
    let mut dragon_at: Option<Pos> = None;
    for (i, msg) in replay.iter().enumerate() {
        let kind = msg.get("type").and_then(Value::as_str).unwrap_or_default();
        let payload = msg.get("payload").cloned().unwrap_or(Value::Null);
        let who = match msg.get("player") {
            None | Some(Value::Null) => None,
            Some(p) => match p
                .as_u64()
                .and_then(|p| players.get(usize::try_from(p).ok()?))
            {
                Some(name) => Some(name.clone()),
                None => {
                    reader.bad(
                        format!("replay message {i} names player {p}, who is not in the game"),
                        "a player's seat: 0 for the first in `players`",
                        &format!("\"{kind}\""),
                    );
                    continue;
                }
            },
        };
        match kind {
            "PLACE_TILE" => {
                if let Some((turn, _, _, _)) = current.take() {
                    record.turns.push(FlowMap(turn));
                }
                let id = payload
                    .get("tileId")
                    .and_then(Value::as_str)
                    .unwrap_or_default()
                    .to_string();
                let Some((t, extra, set)) = ids.tile(&id, legacy) else {
                    reader.unsupported(format!("the tile `{id}`"), &format!("\"{id}\""));
                    continue;
                };
                if !tilesets.iter().any(|s| s == set) {
                    reader.unsupported(
                        format!("the tile `{id}` without its expansion"),
                        &format!("\"{id}\""),
                    );
                    continue;
                }
                let Some(rot) = payload.get("rotation").and_then(rotation) else {
                    reader.bad(
                        format!("replay message {i} has no rotation"),
                        "R0, R90, R180 or R270",
                        &id,
                    );
                    continue;
                };
                let Some(at) = payload.get("position").and_then(position) else {
                    reader.bad(
                        format!("replay message {i} has no position on the board"),
                        "[x, y] with x and y within ±1,000,000",
                        &id,
                    );
                    continue;
                };
                if set != "abbey" && !draw.is_empty() {
                    while drawn < draw.len() && draw[drawn] != id && draw[drawn] != "#END" {
                        let skipped = draw[drawn].clone();
                        match ids.tile(&skipped, legacy) {
                            Some((d, _, _)) => {
                                let mut discard = WrittenTurn::discard(d);
                                discard.player.clone_from(&who);
                                record.turns.push(FlowMap(discard));
                            }
                            None => reader.unsupported(
                                format!("the tile `{skipped}`"),
                                &format!("\"{skipped}\""),
                            ),
                        }
                        drawn += 1;
                    }
                    drawn += 1;
                }
                // A volcano brings the dragon (JCloisterZone moves it there
                // without a message).
                if ids.shows(t, symbols::VOLCANO) {
                    dragon_at = Some(at);
                }
                let mut turn = WrittenTurn::place(t, at, rotated(rot + extra), None);
                turn.player = who;
                turn.ransom = pending_ransom.take();
                current = Some((turn, at, false, false));
            }
            "DEPLOY_MEEPLE" => {
                let id = payload
                    .get("meepleId")
                    .and_then(Value::as_str)
                    .unwrap_or_default();
                let figure = id.split('.').nth(1).unwrap_or_default();
                let in_play =
                    |said: Option<u32>, brings: bool| said.unwrap_or(u32::from(brings)) > 0;
                let known = match figure {
                    "small" => true,
                    "big" => in_play(big, brought > 0),
                    "builder" => in_play(builders, tb),
                    "pig" => in_play(pigs, tb),
                    "mayor" => in_play(mayors, am),
                    "wagon" => in_play(wagons, am),
                    "barn" => in_play(barns, am),
                    _ => false,
                };
                if !known {
                    reader.unsupported(format!("the figure `{figure}`"), &format!("\"{id}\""));
                    continue;
                }
                let pointer = payload.get("pointer").cloned().unwrap_or(Value::Null);
                let loc = pointer
                    .get("location")
                    .and_then(Value::as_str)
                    .unwrap_or_default();
                let feature = pointer.get("feature").and_then(Value::as_str);
                let pos = pointer.get("position").and_then(position);
                // A figure is its owner's: JCloisterZone names the owner first
                // in the figure's id, and the message's player makes the
                // move. Either one other than the player placing the tile
                // is not a deployment of that turn.
                let owner = id
                    .split('.')
                    .next()
                    .and_then(|p| p.parse::<usize>().ok())
                    .and_then(|p| players.get(p))
                    .cloned();
                // After the turn's actions are committed, a wagon's
                // deployment is its move after the scoring, by its owner.
                if figure == "wagon"
                    && let Some((turn, _, _, true)) = current.as_mut()
                {
                    let (Some(to), Some(spot)) = (pos, location(loc, feature)) else {
                        reader.unsupported(
                            format!("the wagon move of replay message {i}"),
                            &format!("\"{id}\""),
                        );
                        continue;
                    };
                    if wagons.unwrap_or(1) > 1 {
                        reader.unsupported(
                            "wagon moves with more than one wagon per player".into(),
                            &format!("\"{id}\""),
                        );
                        continue;
                    }
                    turn.moves
                        .entry("wagon".into())
                        .or_default()
                        .push(FlowMap(WrittenMove {
                            player: owner.clone().or_else(|| who.clone()),
                            at: FlowSeq([to.x, to.y]),
                            spot,
                            from: None,
                        }));
                    continue;
                }
                let placer = current.as_ref().and_then(|c| c.0.player.clone());
                if let Some(placer) = &placer
                    && let Some(other) = [&owner, &who].into_iter().flatten().find(|p| *p != placer)
                {
                    reader.unsupported(
                        format!(
                            "a figure of {other} deployed on {placer}'s turn (replay message {i})"
                        ),
                        &format!("\"{id}\""),
                    );
                    continue;
                }
                // A follower on top of a tower, on any tile.
                if location(loc, feature).as_deref() == Some("tower")
                    && let (Some((turn, _, deployed, _)), Some(at)) = (current.as_mut(), pos)
                {
                    turn.meeple = Some(WrittenWhere::At(FlowMap(WrittenPlace {
                        at: FlowSeq([at.x, at.y]),
                        spot: "tower".into(),
                    })));
                    turn.figure = (figure != "small").then(|| figure.to_string());
                    *deployed = true;
                    continue;
                }
                // A barn stands on the corner point north-west of the tile
                // JCloisterZone names (y grows south there): one of the
                // four corners of the tile just placed.
                if figure == "barn"
                    && let Some((turn, at, deployed, _)) = current.as_mut()
                    && !*deployed
                {
                    let corner = pos.and_then(|p| match (p.x - at.x, p.y - at.y) {
                        (1, 0) => Some("NE"),
                        (0, 0) => Some("NW"),
                        (1, -1) => Some("SE"),
                        (0, -1) => Some("SW"),
                        _ => None,
                    });
                    let Some(corner) = corner else {
                        reader.unsupported(
                            format!("a barn away from the tile just placed (replay message {i})"),
                            &format!("\"{id}\""),
                        );
                        continue;
                    };
                    turn.meeple = Some(WrittenWhere::Here(corner.to_string()));
                    turn.figure = Some("barn".into());
                    *deployed = true;
                    continue;
                }
                // Through a magic portal, on any tile.
                if let (Some((turn, at, deployed, _)), Some(to)) = (current.as_mut(), pos)
                    && to != *at
                    && turn
                        .tile
                        .as_deref()
                        .is_some_and(|t| ids.shows(t, symbols::PORTAL))
                    && !*deployed
                    && let Some(spot) = location(loc, feature)
                {
                    turn.meeple = Some(WrittenWhere::At(FlowMap(WrittenPlace {
                        at: FlowSeq([to.x, to.y]),
                        spot,
                    })));
                    turn.figure = (figure != "small").then(|| figure.to_string());
                    *deployed = true;
                    continue;
                }
                let Some((turn, _, deployed, _)) = current.as_mut().filter(|c| Some(c.1) == pos)
                else {
                    reader.unsupported(
                        format!("a follower deployed away from the tile just placed (replay message {i})"),
                        &format!("\"{id}\""),
                    );
                    continue;
                };
                if *deployed {
                    reader.bad(
                        format!("replay message {i} deploys a second figure in one turn"),
                        "at most one DEPLOY_MEEPLE after each PLACE_TILE",
                        &format!("\"{id}\""),
                    );
                    continue;
                }
                match location(loc, feature) {
                    Some(l) => {
                        turn.meeple = Some(WrittenWhere::Here(l));
                        turn.figure = (figure != "small").then(|| figure.to_string());
                        *deployed = true;
                    }
                    None => reader.unsupported(
                        format!("the follower location `{loc}`"),
                        &format!("\"{loc}\""),
                    ),
                }
            }
            "COMMIT" => {
                if let Some(c) = current.as_mut() {
                    c.3 = true;
                }
            }
            // The Tower: a piece, a capture (and the kind an exchange
            // brings back), a ransom.
            "PLACE_TOKEN" => {
                let token = payload
                    .get("token")
                    .and_then(Value::as_str)
                    .unwrap_or_default();
                let at = payload.pointer("/pointer/position").and_then(position);
                match (token, at, current.as_mut()) {
                    ("TOWER_PIECE", Some(at), Some((turn, _, _, false))) => {
                        turn.tower = Some(FlowMap(WrittenAt {
                            at: FlowSeq([at.x, at.y]),
                        }));
                    }
                    _ => reader.unsupported(
                        format!("the token `{token}` of replay message {i}"),
                        &format!("\"{token}\""),
                    ),
                }
            }
            "CAPTURE_FOLLOWER" => {
                let (id, at, spot) = meeple_pointer(&payload);
                let owner = meeple_owner(&id, &players);
                let kind = id.split('.').nth(1).unwrap_or_default().to_string();
                let capturer = who
                    .clone()
                    .or_else(|| current.as_ref().and_then(|c| c.0.player.clone()));
                let (Some(at), Some(spot), Some(owner), Some((turn, _, _, false))) =
                    (at, spot, owner, current.as_mut())
                else {
                    reader.unsupported(
                        format!("the capture of replay message {i}"),
                        &format!("\"{id}\""),
                    );
                    continue;
                };
                let word = figure_word(&kind);
                turn.capture = Some(FlowMap(WrittenCapture {
                    at: FlowSeq([at.x, at.y]),
                    spot,
                    player: Some(owner.clone()),
                    figure: (kind != "small").then(|| word.clone()),
                    exchange: None,
                }));
                let capturer = capturer.or_else(|| turn.player.clone()).unwrap_or_default();
                if owner != capturer {
                    // An exchange, when the captured player holds followers
                    // of the capturer's: of one kind, at once; of several,
                    // the next message says which.
                    let mine: Vec<usize> = (0..held.len())
                        .filter(|&k| held[k].0 == owner && held[k].1 == capturer)
                        .collect();
                    let mut kinds: Vec<&str> = mine.iter().map(|&k| held[k].2.as_str()).collect();
                    kinds.sort_unstable();
                    kinds.dedup();
                    match kinds.len() {
                        0 => held.push((capturer, owner, kind, id)),
                        1 => {
                            held.remove(mine[0]);
                        }
                        _ => exchange_pending = true,
                    }
                }
            }
            "EXCHANGE_FOLLOWER" => {
                let id = payload
                    .get("meepleId")
                    .and_then(Value::as_str)
                    .unwrap_or_default();
                let kind = id.split('.').nth(1).unwrap_or_default();
                let capture = current.as_mut().and_then(|c| c.0.capture.as_mut());
                match (capture, held.iter().position(|h| h.3 == id)) {
                    (Some(c), Some(k)) if exchange_pending => {
                        c.0.exchange = Some(figure_word(kind));
                        held.remove(k);
                        exchange_pending = false;
                    }
                    _ => reader.unsupported(
                        format!("the exchange of replay message {i}"),
                        &format!("\"{id}\""),
                    ),
                }
            }
            "PAY_RANSOM" => {
                let id = payload
                    .get("meepleId")
                    .and_then(Value::as_str)
                    .unwrap_or_default();
                let kind = id.split('.').nth(1).unwrap_or_default();
                let Some(k) = held.iter().position(|h| h.3 == id) else {
                    reader.unsupported(
                        format!("the ransom of replay message {i} for a follower nobody holds"),
                        &format!("\"{id}\""),
                    );
                    continue;
                };
                let (jailer, _, _, _) = held.remove(k);
                let ransom = FlowMap(WrittenRansom {
                    from: jailer,
                    figure: (kind != "small").then(|| figure_word(kind)),
                });
                // carca places a ransom after the turn's tile: one paid
                // before it waits for it.
                match current.as_mut() {
                    Some((turn, _, _, false)) => turn.ransom = Some(ransom),
                    _ => pending_ransom = Some(ransom),
                }
            }
            // The Princess & the Dragon: the dragon's steps and the fairy's
            // moves, and the princess sending a follower home.
            "MOVE_NEUTRAL_FIGURE" => {
                let id = payload
                    .get("figureId")
                    .and_then(Value::as_str)
                    .unwrap_or_default();
                let to = payload.get("to").cloned().unwrap_or(Value::Null);
                let feature_pointer = to.get("featurePointer").unwrap_or(&to);
                let at =
                    position(&to).or_else(|| feature_pointer.get("position").and_then(position));
                let Some((turn, _, _, _)) = current.as_mut() else {
                    reader.unsupported(
                        format!("the move of `{id}` before any tile (replay message {i})"),
                        &format!("\"{id}\""),
                    );
                    continue;
                };
                if id.starts_with("dragon") {
                    let step = match (at, dragon_at) {
                        (Some(to), Some(from)) => match (to.x - from.x, to.y - from.y) {
                            (0, 1) => Some("N"),
                            (1, 0) => Some("E"),
                            (0, -1) => Some("S"),
                            (-1, 0) => Some("W"),
                            _ => None,
                        },
                        _ => None,
                    };
                    let Some(step) = step else {
                        reader.unsupported(
                            format!("the dragon's move of replay message {i}, which is no step to a neighbouring tile"),
                            &format!("\"{id}\""),
                        );
                        continue;
                    };
                    turn.dragon
                        .get_or_insert_with(|| FlowSeq(Vec::new()))
                        .0
                        .push(step.to_string());
                    dragon_at = at;
                } else if id.starts_with("fairy") {
                    let loc = feature_pointer
                        .get("location")
                        .and_then(Value::as_str)
                        .unwrap_or_default();
                    let feature = feature_pointer.get("feature").and_then(Value::as_str);
                    let Some(at) = at else {
                        reader.unsupported(
                            format!("the fairy's move of replay message {i}"),
                            &format!("\"{id}\""),
                        );
                        continue;
                    };
                    turn.fairy = Some(FlowMap(WrittenPick {
                        player: None,
                        at: FlowSeq([at.x, at.y]),
                        spot: location(loc, feature),
                    }));
                } else {
                    reader.unsupported(format!("the figure `{id}`"), &format!("\"{id}\""));
                }
            }
            "RETURN_MEEPLE" => {
                let source = payload
                    .get("source")
                    .and_then(Value::as_str)
                    .unwrap_or_default();
                let (id, at, spot) = meeple_pointer(&payload);
                match (source, at, spot, current.as_mut()) {
                    ("PRINCESS", Some(at), Some(spot), Some((turn, _, _, false))) => {
                        turn.princess = Some(FlowMap(WrittenPick {
                            player: meeple_owner(&id, &players),
                            at: FlowSeq([at.x, at.y]),
                            spot: Some(spot),
                        }));
                    }
                    _ => reader.unsupported(
                        format!("the follower sent home by `{source}` in replay message {i}"),
                        &format!("\"{source}\""),
                    ),
                }
            }
            "PASS" => {}
            "GAME_OVER" => game_over = true,
            other => reader.unsupported(
                format!("the replay message `{other}`"),
                &format!("\"{other}\""),
            ),
        }
    }
    if let Some((turn, _, _, _)) = current.take() {
        record.turns.push(FlowMap(turn));
    }
    record.final_ = ended || game_over;
    Some(Converted {
        record,
        comments: vec![format!(
            "Imported from a JCloisterZone {version} save (see docs/jcz.md)."
        )],
        open_end: draw.is_empty() && !ended && !game_over,
    })
}

/// The owner of a JCloisterZone figure: its id starts with their slot.
/// A message's meeple pointer: the figure's id, its tile and its spot in
/// carca's terms (`tower` for the top of a tower).
fn meeple_pointer(payload: &Value) -> (String, Option<Pos>, Option<String>) {
    let id = payload
        .pointer("/pointer/meepleId")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_string();
    let fp = payload.pointer("/pointer/featurePointer");
    let at = fp.and_then(|f| f.get("position")).and_then(position);
    let loc = fp
        .and_then(|f| f.get("location"))
        .and_then(Value::as_str)
        .unwrap_or_default();
    let feature = fp.and_then(|f| f.get("feature")).and_then(Value::as_str);
    (id, at, location(loc, feature))
}

fn meeple_owner(id: &str, players: &[String]) -> Option<String> {
    id.split('.')
        .next()
        .and_then(|p| p.parse::<usize>().ok())
        .and_then(|p| players.get(p))
        .cloned()
}

/// carca's word for a JCloisterZone figure kind (`small` is a follower).
fn figure_word(kind: &str) -> String {
    if kind == "small" { "follower" } else { kind }.to_string()
}

/// A rotation from degrees (a multiple of 90).
fn rotated(degrees: u32) -> Rotation {
    Rotation::from_degrees(i64::from(degrees % 360)).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::{Ids, location};

    #[test]
    fn every_built_in_tile_has_one_jcloisterzone_id() {
        let loader = crate::loader::Loader::default();
        let ids = Ids::of(&loader);
        for name in crate::tileset::builtin::NAMES {
            let set = loader.builtin_set(name).expect("built-in set");
            assert!(!set.jcz.is_empty(), "{name} declares no prefix");
            for t in &set.tiles {
                let (id, rot) = t.jcz.clone().expect("a JCloisterZone id");
                for prefix in &set.jcz {
                    let found = ids.tile(&format!("{prefix}/{id}"), false);
                    assert_eq!(found, Some((t.id.as_str(), rot, name)), "{prefix}/{id}");
                    // 4.x writes a dot after the prefix.
                    let legacy = ids.tile(&format!("{prefix}.{id}"), true);
                    assert_eq!(legacy, found, "{prefix}.{id}");
                }
            }
        }
        // A repeated design's number is dropped when the id with it names
        // no tile; an unknown id names none.
        assert_eq!(ids.tile("BA/Cc.2", false), Some(("N", 0, "base")));
        assert_eq!(ids.tile("TO/CC.2", false), Some(("TW14", 0, "tower")));
        assert_eq!(ids.tile("R1/I.s", false), Some(("spring", 270, "river")));
        assert_eq!(ids.tile("BA/Nothing", false), None);
        assert!(ids.shows("PD01", "volcano") && !ids.shows("PD02", "volcano"));
    }

    #[test]
    fn every_location_form_of_a_save_names_a_spot() {
        let cases = [
            // Every side but the one after the underscore.
            ("City", "_N", "E"),
            ("City", "_E", "N"),
            ("City", "_S", "N"),
            ("City", "_W", "N"),
            // The sides a road or city reaches.
            ("Road", "WE", "W"),
            ("City", "NWSE", "N"),
            ("City", "SE", "S"),
            // Half-edges of a field.
            ("Field", "EL.SR", "ENE"),
            ("Field", "WR", "WNW"),
            // Inner locations, by the feature.
            ("Field", "I", "inner"),
            ("Field", "II", "inner2"),
            ("Monastery", "I", "C"),
            ("Tower", "I", "tower"),
        ];
        for (feature, loc, spot) in cases {
            assert_eq!(
                location(loc, Some(feature)).as_deref(),
                Some(spot),
                "{feature} {loc}"
            );
        }
        // 4.x names, without a feature kind.
        assert_eq!(location("CLOISTER", None).as_deref(), Some("C"));
        assert_eq!(location("TOWER", None).as_deref(), Some("tower"));
        // What no supported tile has is not guessed at.
        for (feature, loc) in [("Field", "III"), ("City", "_X"), ("Road", "QUARTER_MARKET")] {
            assert_eq!(location(loc, Some(feature)), None, "{feature} {loc}");
        }
    }
}
