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

use std::fmt::Write;

use miette::{Diagnostic, SourceSpan};
use serde_json::Value;
use thiserror::Error;

use crate::diagnostic::{Class, Finding};
use crate::geometry::Pos;
use crate::source::SourceFile;

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
            "carca plays the base game with the Abbey tile and The River; a game with {what} cannot be scored without guessing"
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

/// Base-game ids (JCloisterZone → carca); the canonical orientations agree.
const BASE: [(&str, &str); 24] = [
    ("L", "B"),
    ("LR", "A"),
    ("RCr", "D"),
    ("Cccc+", "C"),
    ("CccR+", "S"),
    ("CccR", "T"),
    ("CFc+", "F"),
    ("CFc", "G"),
    ("Cc", "N"),
    ("Cc+", "M"),
    ("CcRr", "P"),
    ("CcRr+", "O"),
    ("Ccc", "R"),
    ("Ccc+", "Q"),
    ("CRr", "J"),
    ("CRRR", "L"),
    ("RrC", "K"),
    ("C", "E"),
    ("CFC", "H"),
    ("CC", "I"),
    ("RRRR", "X"),
    ("RRR", "W"),
    ("Rr", "V"),
    ("RFr", "U"),
];

/// River ids (JCloisterZone → carca, and the rotation that turns
/// JCloisterZone's orientation into carca's).
const RIVER: [(&str, &str, u32); 10] = [
    ("I.s", "spring", 270),
    ("I.e", "lake", 270),
    ("CICI", "city-city", 0),
    ("CIRI", "city-road", 0),
    ("LIRI", "cloister-road", 0),
    ("RIrI", "bridge", 0),
    ("IFI", "straight", 0),
    ("CcII", "city-curve", 0),
    ("RrII", "road-curve", 0),
    ("II", "curve", 0),
];

/// The carca tile and extra rotation for a JCloisterZone tile id.
fn tile(id: &str, legacy: bool) -> Option<(&'static str, u32, &'static str)> {
    let (prefix, rest) = if legacy {
        id.split_once('.')?
    } else {
        id.split_once('/').or_else(|| id.split_once('.'))?
    };
    // Ids of repeated designs carry a suffix (`Cc.1`, `IFI.2`).
    let bare = match rest.rsplit_once('.') {
        Some((b, n)) if n.chars().all(|c| c.is_ascii_digit()) => b,
        _ => rest,
    };
    match prefix {
        "BA" => BASE
            .iter()
            .find(|(j, _)| *j == bare)
            .map(|(_, c)| (*c, 0, "base")),
        "AM" if bare == "A" => Some(("Abbey", 0, "abbey")),
        "R1" | "RI" => RIVER
            .iter()
            .find(|(j, _, _)| *j == rest || *j == bare)
            .map(|(_, c, r)| (*c, *r, "river")),
        _ => None,
    }
}

/// A follower location in carca's terms.
fn location(loc: &str, feature: Option<&str>) -> Option<String> {
    let loc = loc.trim();
    if matches!(loc, "CLOISTER" | "MONASTERY" | "I" | "ABBEY")
        || matches!(feature, Some("Cloister" | "Monastery"))
    {
        return Some("C".into());
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
    // Roads and cities are named by the edges they reach; any one of them
    // picks out the feature.
    let edges = loc.trim_start_matches('_');
    if !edges.is_empty() && edges.chars().all(|c| "NESW".contains(c)) {
        return edges.chars().next().map(|c| c.to_string());
    }
    None
}

fn q(s: &str) -> String {
    serde_json::to_string(s).unwrap_or_else(|_| "\"?\"".into())
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
pub fn import(src: &SourceFile) -> Result<String, Vec<Finding>> {
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
    let out = convert(&mut r, &v);
    if r.findings.is_empty() {
        out.ok_or_else(Vec::new)
    } else {
        Err(r.findings)
    }
}

fn convert(reader: &mut Reader, save: &Value) -> Option<String> {
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
        slots.sort_by_key(|s| s.get("number").and_then(Value::as_i64).unwrap_or(0));
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
        let mut list: Vec<&Value> = save
            .get("players")
            .and_then(Value::as_array)
            .map(|a| a.iter().collect())
            .unwrap_or_default();
        list.sort_by_key(|s| s.get("slot").and_then(Value::as_i64).unwrap_or(0));
        list.iter()
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
    let mut scale = 1;
    let mut followers = 7;
    let mut small_city = false;
    if legacy {
        for (name, count) in setup["expansions"].as_object().into_iter().flatten() {
            match name.as_str() {
                "BASIC" => scale = count.as_u64().unwrap_or(1).max(1),
                "RIVER" => tilesets.push("river".into()),
                "ABBEY_AND_MAYOR" => tilesets.push("abbey".into()),
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
            let c = cap.as_str().unwrap_or_default();
            if !matches!(c, "StandardGame" | "Abbey" | "River") {
                reader.unsupported(format!("the capability `{c}`"), &format!("\"{c}\""));
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
        }
    } else {
        for (name, count) in setup
            .get("sets")
            .and_then(Value::as_object)
            .into_iter()
            .flatten()
        {
            let family = name.split(':').next().unwrap_or_default();
            match family {
                "basic" => scale = count.as_u64().unwrap_or(1).max(1),
                "river" => tilesets.push("river".into()),
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
                Value::Number(n) => n.as_u64().is_some_and(|n| n > 0),
                Value::Null => false,
                _ => true,
            };
            match name.as_str() {
                "small-follower" => followers = value.as_u64().unwrap_or(7),
                "farmers" => {}
                "abbey" if on => {
                    if value.as_u64().is_some_and(|n| n > 1) {
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
        match setup
            .get("rules")
            .and_then(|rules| rules.get("tiny-city-scoring"))
            .and_then(Value::as_str)
        {
            Some("2") => small_city = true,
            Some("4") | None => {}
            Some(other) => reader.bad(
                format!("`tiny-city-scoring` is \"{other}\""),
                "\"2\" or \"4\"",
                "tiny-city-scoring",
            ),
        }
    }

    let mut out = String::new();
    let version = save
        .get("appVersion")
        .and_then(Value::as_str)
        .unwrap_or("unknown");
    let _ = writeln!(
        out,
        "# Imported from a JCloisterZone {version} save (see docs/jcz.md)."
    );
    let _ = writeln!(out, "tilesets: [{}]", tilesets.join(", "));
    if scale > 1 {
        let _ = writeln!(out, "supply_scale: {scale}");
    }
    if small_city || followers != 7 {
        let mut parts = vec![
            "name: jcloisterzone".to_string(),
            "extends: modern".to_string(),
        ];
        if small_city {
            parts.push("small_city: true".into());
        }
        if followers != 7 {
            parts.push(format!("followers: {followers}"));
        }
        let _ = writeln!(out, "ruleset: {{ {} }}", parts.join(", "));
    }
    let names: Vec<String> = players.iter().map(|p| q(p)).collect();
    let _ = writeln!(out, "players: [{}]", names.join(", "));

    // The start tile.
    let start = setup
        .get("start")
        .and_then(Value::as_array)
        .and_then(|a| a.first());
    match start {
        Some(s) => {
            let id = s.get("tile").and_then(Value::as_str).unwrap_or_default();
            let xy = [s.get("x"), s.get("y")].map(|v| v.cloned().unwrap_or(Value::from(0)));
            let Some(Pos { x, y }) = position(&Value::Array(xy.to_vec())) else {
                reader.bad(
                    "the start tile lies off the board".into(),
                    "x and y within ±1,000,000",
                    "\"start\"",
                );
                return None;
            };
            let rot = s.get("rotation").and_then(rotation).unwrap_or(0);
            match tile(id, legacy) {
                Some((t, extra, _)) => {
                    let _ = writeln!(
                        out,
                        "start: {{ tile: {t}, at: [{x}, {y}], rot: {} }}",
                        (rot + extra) % 360
                    );
                }
                None => reader.unsupported(format!("the start tile `{id}`"), &format!("\"{id}\"")),
            }
        }
        None if tilesets.iter().any(|t| t == "river") => {
            // JCloisterZone lays the spring unturned: its river flows east.
            let _ = writeln!(out, "start: {{ tile: spring, at: [0, 0], rot: 270 }}");
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

    let header_len = out.len();
    let _ = writeln!(out, "turns:");
    let replay = save
        .get("replay")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    let mut current: Option<(String, Pos, String)> = None; // (turn text, position, player)
    let mut game_over = false;
    let flush =
        |out: &mut String, current: &mut Option<(String, Pos, String)>, meeple: Option<String>| {
            if let Some((text, _, _)) = current.take() {
                match meeple {
                    Some(m) => {
                        let _ = writeln!(out, "  - {{ {text}, meeple: {m} }}");
                    }
                    None => {
                        let _ = writeln!(out, "  - {{ {text} }}");
                    }
                }
            }
        };
    let mut pending_meeple: Option<String> = None;
    for (i, msg) in replay.iter().enumerate() {
        let kind = msg.get("type").and_then(Value::as_str).unwrap_or_default();
        let payload = msg.get("payload").cloned().unwrap_or(Value::Null);
        let who = msg
            .get("player")
            .and_then(Value::as_u64)
            .and_then(|p| players.get(p as usize))
            .map(|p| format!("player: {}, ", q(p)))
            .unwrap_or_default();
        match kind {
            "PLACE_TILE" => {
                flush(&mut out, &mut current, pending_meeple.take());
                let id = payload
                    .get("tileId")
                    .and_then(Value::as_str)
                    .unwrap_or_default()
                    .to_string();
                let Some((t, extra, set)) = tile(&id, legacy) else {
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
                        match tile(&skipped, legacy) {
                            Some((d, _, _)) => {
                                let _ = writeln!(
                                    out,
                                    "  - {{ {who}discard: {d} }}   # drawn and discarded"
                                );
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
                current = Some((
                    format!(
                        "{who}tile: {t}, at: [{}, {}], rot: {}",
                        at.x,
                        at.y,
                        (rot + extra) % 360
                    ),
                    at,
                    who.clone(),
                ));
            }
            "DEPLOY_MEEPLE" => {
                let id = payload
                    .get("meepleId")
                    .and_then(Value::as_str)
                    .unwrap_or_default();
                let figure = id.split('.').nth(1).unwrap_or_default();
                if figure != "small" {
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
                if current.as_ref().map(|c| Some(c.1)) != Some(pos) {
                    reader.unsupported(
                        format!("a follower deployed away from the tile just placed (replay message {i})"),
                        &format!("\"{id}\""),
                    );
                    continue;
                }
                match location(loc, feature) {
                    Some(l) => pending_meeple = Some(l),
                    None => reader.unsupported(
                        format!("the follower location `{loc}`"),
                        &format!("\"{loc}\""),
                    ),
                }
            }
            "PASS" | "COMMIT" => {}
            "GAME_OVER" => game_over = true,
            other => reader.unsupported(
                format!("the replay message `{other}`"),
                &format!("\"{other}\""),
            ),
        }
    }
    flush(&mut out, &mut current, pending_meeple.take());
    if out.ends_with("turns:\n") && out.len() == header_len + "turns:\n".len() {
        out.truncate(header_len);
        out.push_str("turns: []\n");
    }
    if ended || game_over {
        let _ = writeln!(out, "final: true");
    }
    Some(out)
}
