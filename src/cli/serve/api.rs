//! The HTTP API of `carca serve`, as plain functions from a request's
//! query and body to a reply, so that they are tested without a network.
//!
//! A request carries its record in its body, YAML or JSON, or a JSON
//! envelope `{"record": TEXT, "files": {NAME: TEXT}}` with the tile sets
//! and rulesets the record names by path. Nothing is read from the disk on
//! a request's behalf: every request is read by a sealed loader
//! ([`Loader::sealed`]).

use std::collections::HashMap;
use std::path::PathBuf;

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::super::load::{Prepared, parse_source, prepare_read};
use crate::diagnostic::Finding;
use crate::engine::{Adjudication, Position, position};
use crate::geometry::Rotation;
use crate::loader::Loader;
use crate::record::{self, Record};
use crate::report::json::{
    BoardFigureJson, BoardJson, BoardPlayerJson, BoardSetJson, BoardSpotJson, BoardTileJson,
    FigureKindJson, Keyed, PaletteTileJson, RefusedFigureJson,
};
use crate::report::output::{DiagnosticJson, UnreadableJson};
use crate::report::picture;
use crate::source::SourceFile;

/// How a request's record is named in replies and diagnostics.
pub const RECORD_NAME: &str = "request";

/// The query of a request, by key.
pub type Query = HashMap<String, String>;

/// What the server sends back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reply {
    /// HTTP status.
    pub status: u16,
    /// Its `Content-Type`.
    pub content_type: &'static str,
    /// The body.
    pub body: Vec<u8>,
}

impl Reply {
    /// A JSON reply.
    #[must_use]
    pub fn json(status: u16, value: &impl Serialize) -> Reply {
        Reply {
            status,
            content_type: "application/json",
            body: serde_json::to_vec_pretty(value).unwrap_or_default(),
        }
    }

    /// A request the server cannot serve: a diagnostic with a code and a
    /// help line, in the shape of `score --format json` for a record that
    /// cannot be read.
    #[must_use]
    pub fn problem(status: u16, code: &str, message: &str, help: &str) -> Reply {
        Reply::json(
            status,
            &UnreadableJson {
                record: RECORD_NAME.to_string(),
                totals: crate::report::output::PerPlayer::default(),
                events: Vec::new(),
                diagnostics: vec![DiagnosticJson {
                    code: code.to_string(),
                    class: crate::report::output::ClassJson::Input,
                    message: message.to_string(),
                    file: None,
                    line: None,
                    column: None,
                    help: Some(help.to_string()),
                }],
            },
        )
    }

    /// A record that could not be read: its diagnostics.
    fn unreadable(findings: &[Finding]) -> Reply {
        Reply::json(400, &UnreadableJson::of(RECORD_NAME, findings))
    }
}

/// A request's body with the files it uploads.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Envelope {
    record: String,
    #[serde(default)]
    files: HashMap<String, String>,
}

/// The record of a request, and the sealed loader that reads it and the
/// files it names.
struct Sent {
    loader: Loader,
    source: SourceFile,
}

/// Reads a request's body: a record, or an envelope with files.
fn sent(base: &Loader, body: &[u8]) -> Result<Sent, Reply> {
    let Ok(text) = std::str::from_utf8(body) else {
        return Err(Reply::problem(
            400,
            "carca::serve::not_utf8",
            "the request's body is not UTF-8 text",
            "send the record as YAML or JSON text",
        ));
    };
    if text.trim().is_empty() {
        return Err(Reply::problem(
            400,
            "carca::serve::empty",
            "the request has no body",
            "send a record (YAML or JSON) as the body, like the files `carca score` reads",
        ));
    }
    let envelope = if text.trim_start().starts_with('{') && text.contains("\"record\"") {
        match serde_json::from_str::<Value>(text) {
            Ok(Value::Object(m)) if m.get("record").is_some_and(Value::is_string) => {
                match serde_json::from_value::<Envelope>(Value::Object(m)) {
                    Ok(e) => Some(e),
                    Err(e) => {
                        return Err(Reply::problem(
                            400,
                            "carca::serve::envelope",
                            &format!("the request's envelope is malformed: {e}"),
                            "an envelope is {\"record\": TEXT, \"files\": {NAME: TEXT}}, nothing else",
                        ));
                    }
                }
            }
            _ => None,
        }
    } else {
        None
    };
    let mut sent = match envelope {
        Some(e) => Sent {
            loader: base.sealed(e.files),
            source: SourceFile::new(RECORD_NAME, e.record),
        },
        None => Sent {
            loader: base.sealed(HashMap::new()),
            source: SourceFile::new(RECORD_NAME, text.to_string()),
        },
    };
    // A JCloisterZone save sent as the record is imported first.
    if crate::record::looks_like_jcz(sent.source.text()) {
        match crate::jcz::import(&sent.loader, &sent.source, crate::expansions::JCZ) {
            Ok(text) => sent.source = SourceFile::new(RECORD_NAME, text),
            Err(f) => return Err(Reply::unreadable(&f)),
        }
    }
    Ok(sent)
}

/// Reads and prepares a request's record, under `?rules=` if given.
fn prepared(sent: &Sent, rules: Option<&str>) -> Result<Prepared, Vec<Finding>> {
    let dir = PathBuf::new();
    if sent.source.text().len() as u64 > sent.loader.max_file_bytes() {
        return Err(vec![Finding::detached(
            crate::diagnostic::Class::Input,
            crate::files::ReadError::TooLarge {
                path: RECORD_NAME.to_string(),
                size: sent.source.text().len() as u64,
                limit: sent.loader.max_file_bytes(),
            },
        )]);
    }
    let r = parse_source(&sent.loader, &sent.source, &dir, true)?;
    prepare_read(&sent.loader, r, rules)
}

/// A request's record, read and prepared under `?rules=` if given.
fn read(base: &Loader, query: &Query, body: &[u8]) -> Result<(Sent, Prepared), Reply> {
    let sent = sent(base, body)?;
    let p = prepared(&sent, rules_of(query)).map_err(|f| Reply::unreadable(&f))?;
    given_up()?;
    Ok((sent, p))
}

/// Stops a request's work between its stages once the server has
/// answered it with a timeout (the answer is thrown away).
fn given_up() -> Result<(), Reply> {
    if crate::stop::stopped() {
        return Err(Reply::problem(
            503,
            "carca::serve::timeout",
            "the request took too long and was given up",
            "send a smaller record",
        ));
    }
    Ok(())
}

fn rules_of(query: &Query) -> Option<&str> {
    query
        .get("rules")
        .map(String::as_str)
        .filter(|r| !r.is_empty())
}

/// `POST /api/score?rules=R`: what `carca score --format json` prints.
#[must_use]
pub fn score(base: &Loader, query: &Query, body: &[u8]) -> Reply {
    let (sent, p) = match read(base, query, body) {
        Ok(r) => r,
        Err(r) => return r,
    };
    let rules = rules_of(query);
    match super::super::score::adjudicated(&sent.loader, &p, rules) {
        Ok(a) => Reply::json(200, &crate::report::output::ScoreJson::of(RECORD_NAME, &a)),
        Err(f) => Reply::unreadable(&f),
    }
}

/// `POST /api/compare?rules=R1,R2`: what `carca compare --format json`
/// prints (every built-in ruleset when `rules` is absent).
#[must_use]
pub fn compare(base: &Loader, query: &Query, body: &[u8]) -> Reply {
    let sent = match sent(base, body) {
        Ok(s) => s,
        Err(r) => return r,
    };
    let p = match prepared(&sent, None) {
        Ok(p) => p,
        Err(f) => return Reply::unreadable(&f),
    };
    if let Err(r) = given_up() {
        return r;
    }
    let specs: Vec<String> = rules_of(query)
        .map(|r| {
            r.split(',')
                .map(|s| s.trim().to_string())
                .filter(|s| !s.is_empty())
                .collect()
        })
        .unwrap_or_default();
    let (runs, unreadable) = super::super::compare::adjudicate_all(&sent.loader, &p.record, &specs);
    if !unreadable.is_empty() {
        return Reply::unreadable(&unreadable);
    }
    Reply::json(200, &crate::report::compare::json(RECORD_NAME, &runs))
}

/// The moment a query names (`turn=N`: after turn N, 0 the start tile
/// alone), as the engine counts it: before turn N + 1.
fn turn_of(query: &Query, record: &Record) -> Result<Option<usize>, Reply> {
    let Some(t) = query.get("turn").filter(|t| !t.is_empty()) else {
        return Ok(None);
    };
    let Ok(n) = t.parse::<usize>() else {
        return Err(Reply::problem(
            400,
            "carca::serve::turn",
            &format!("`turn={}` is not a turn number", crate::text::name(t)),
            "turn=N asks about the moment after turn N (0: the start tile alone)",
        ));
    };
    let turns = match &record.body {
        record::Body::History(t) => t.len(),
        record::Body::Snapshot { .. } => {
            return Err(Reply::problem(
                400,
                "carca::serve::turn",
                "a snapshot has no turns",
                "leave out turn= to see the board as it lies",
            ));
        }
    };
    if n <= turns {
        Ok(Some(n + 1))
    } else {
        Err(Reply::problem(
            400,
            "carca::serve::turn",
            &format!(
                "turn={n} is out of range: the record has {}",
                crate::text::count(turns, "turn", "turns")
            ),
            &format!("turn=N asks about the moment after turn N: 0 to {turns} here"),
        ))
    }
}

/// `POST /api/moves?tile=ID&turn=N`: what `carca moves --format json`
/// prints.
#[must_use]
pub fn moves(base: &Loader, query: &Query, body: &[u8]) -> Reply {
    let (_, p) = match read(base, query, body) {
        Ok(r) => r,
        Err(r) => return r,
    };
    let record = &p.record;
    let tile = query.get("tile").map_or("", String::as_str);
    let Some(tile_index) = record.catalog.find(tile) else {
        return Reply::problem(
            400,
            "carca::serve::tile",
            &format!(
                "no tile set in play has a tile `{}`",
                crate::text::name(tile)
            ),
            &format!(
                "{}tiles in play: {}",
                crate::suggest::did_you_mean(
                    tile,
                    record.catalog.tiles.iter().map(|e| e.tile.id.as_str())
                ),
                record.catalog.some_ids()
            ),
        );
    };
    let turn = match turn_of(query, record) {
        Ok(t) => t,
        Err(r) => return r,
    };
    let pos = position(record, &p.rules, turn, &crate::expansions::ALL);
    // A snapshot is scored as a finished game, but the page still adds
    // tiles to it: where they fit is asked of the board as it lies.
    let snapshot = matches!(record.body, record::Body::Snapshot { .. });
    // Nor does it offer a tile the rules keep out of the draw now (a
    // land tile while the river flows), as `carca moves` does not.
    let moves = if (pos.ended && !snapshot)
        || (pos.final_round && !record.catalog.tiles[tile_index].tile.per_player)
        || (!snapshot && pos.draw_problem(tile_index).is_some())
    {
        Vec::new()
    } else {
        pos.moves(tile_index)
    };
    let player = record.players.get(pos.player).map_or("", String::as_str);
    let mut v = super::super::moves::json(RECORD_NAME, tile, player, &pos, &moves);
    v["ended"] = json!(pos.ended && !snapshot); // `MovesJson::ended`
    Reply::json(200, &v)
}

/// The most tiles a board the page draws may have.
pub const MAX_BOARD_TILES: usize = 20_000;

/// `POST /api/position?turn=N`: the board after turn N (default: the
/// end of the record) as the page draws it: every tile with the spots a figure
/// may stand on and the feature each belongs to, the figures, the tiles
/// left, the placements that broke a rule.
#[must_use]
pub fn board(base: &Loader, query: &Query, body: &[u8]) -> Reply {
    let (_, p) = match read(base, query, body) {
        Ok(r) => r,
        Err(r) => return r,
    };
    // The board as the page draws it holds every tile's spots and
    // pictures: its size, and the memory it takes, are bounded.
    let tiles = match &p.record.body {
        record::Body::History(t) => t.len(),
        record::Body::Snapshot { board, .. } => board.len(),
    };
    if tiles > MAX_BOARD_TILES {
        return Reply::problem(
            413,
            "carca::serve::board_too_large",
            &format!(
                "the page draws boards of up to {MAX_BOARD_TILES} tiles; this record has {tiles}"
            ),
            "score it with `carca score`, or draw it with `carca render`",
        );
    }
    let turn = match turn_of(query, &p.record) {
        Ok(t) => t,
        Err(r) => return r,
    };
    // The marks and refused figures are the whole record's.
    let whole = turn.is_none().then(|| {
        crate::engine::adjudicate(&p.record, &p.rules, &p.spec, p.own, &crate::expansions::ALL)
    });
    let pos = position(&p.record, &p.rules, turn, &crate::expansions::ALL);
    if let Err(r) = given_up() {
        return r;
    }
    let mut v = board_json(&p.record, &pos, whole.as_ref());
    // Tiles of sets sent with the request have no address to be drawn
    // from: their pictures come with the board when asked for.
    if query.get("pictures").is_some_and(|x| x == "1") {
        let catalog = &p.record.catalog;
        v.pictures = Some(Keyed(
            catalog
                .tiles
                .iter()
                .filter(|e| catalog.sets.get(e.set).is_some_and(|s| !is_builtin(s)))
                .map(|e| (e.tile.id.clone(), picture::tile_svg(&e.tile, Rotation::R0)))
                .collect(),
        ));
    }
    Reply::json(200, &serde_json::to_value(v).unwrap_or_default())
}

/// The colours of players on the page, by name where the name is a colour.
fn colour(name: &str, index: usize) -> &'static str {
    const NAMED: [(&str, &str); 9] = [
        ("red", "#d55e00"),
        ("orange", "#e69f00"),
        ("blue", "#0072b2"),
        ("green", "#009e73"),
        ("yellow", "#f0e442"),
        ("black", "#222222"),
        ("pink", "#cc79a7"),
        ("purple", "#cc79a7"),
        ("sky", "#56b4e9"),
    ];
    const CYCLE: [&str; 6] = [
        "#d55e00", "#0072b2", "#009e73", "#e69f00", "#cc79a7", "#56b4e9",
    ];
    let lower = name.to_ascii_lowercase();
    NAMED
        .iter()
        .find(|(n, _)| *n == lower)
        .map_or(CYCLE[index % CYCLE.len()], |(_, c)| c)
}

/// Whether a set in play is a built-in one (and so drawn by
/// `/api/tile.svg`), not a file of the same name.
fn is_builtin(set: &crate::tileset::Loaded) -> bool {
    set.source.name().starts_with("builtin:")
}

fn board_json(record: &Record, pos: &Position, whole: Option<&Adjudication>) -> BoardJson {
    let game = pos.game();
    let table = game.figures();
    let marks = picture::marks(&record.players);
    let players = record
        .players
        .iter()
        .enumerate()
        .map(|(i, name)| BoardPlayerJson {
            name: name.clone(),
            colour: colour(name, i).to_string(),
            mark: marks.get(i).map(ToString::to_string).unwrap_or_default(),
        })
        .collect();
    let point = |(x, y): (f64, f64)| [(x * 1000.0).round() / 1000.0, (y * 1000.0).round() / 1000.0];
    let tiles = game
        .placed()
        .iter()
        .enumerate()
        .map(|(i, pl)| {
            let t = game.tile(pl.tile());
            let spots = (0..t.features.len())
                .filter(|&f| t.features[f].kind != crate::tileset::FeatureKind::River)
                .map(|f| BoardSpotJson {
                    location: crate::record::location::location_of(t, pl.rot, f).to_string(),
                    kind: t.features[f].kind.word().to_string(),
                    feature: game.feature_id(i, f).map(|id| id.to_string()),
                    point: point(picture::figure_point(t, f, pl.rot)),
                })
                .collect();
            BoardTileJson {
                tile: t.id.clone(),
                at: [pl.pos.x, pl.pos.y],
                rot: pl.rot.degrees(),
                turn: pl.turn.map(|t| t as usize),
                spots,
                tower: t.tower,
            }
        })
        .collect();
    let figure = |placed: usize, feature: usize| {
        let pl = &game.placed()[placed];
        let t = game.tile(pl.tile());
        (
            [pl.pos.x, pl.pos.y],
            crate::record::location::location_of(t, pl.rot, feature).to_string(),
            point(picture::figure_point(t, feature, pl.rot)),
        )
    };
    let figures = game
        .followers()
        .iter()
        .enumerate()
        .filter(|(_, f)| f.on_board)
        .map(|(id, f)| {
            let (at, _, point) = figure(f.placed, f.feature);
            // Where the record wrote it.
            let location = game.spot_of(id).1.to_string();
            BoardFigureJson {
                player: record.players.get(f.player).cloned(),
                figure: table.name(f.figure).to_string(),
                at,
                location,
                point,
            }
        })
        // Figures on corner points (barns), at the north-east corner of
        // the tile that names their point.
        .chain(game.corners().iter().map(|c| BoardFigureJson {
            player: record.players.get(c.player).cloned(),
            figure: table.name(c.figure).to_string(),
            at: [c.point.x, c.point.y],
            location: "NE".to_string(),
            point: [1.0, 0.0],
        }))
        .collect();
    let refused = whole.map_or_else(Vec::new, |a| {
        a.refused
            .iter()
            .filter(|r| r.placed < game.placed().len())
            .map(|r| {
                let (at, location, point) = figure(r.placed, r.feature);
                RefusedFigureJson {
                    player: record.players.get(r.player).cloned(),
                    at,
                    location,
                    point,
                }
            })
            .collect()
    });
    let left = pos.tiles_left();
    let palette = record
        .catalog
        .tiles
        .iter()
        .enumerate()
        .map(|(i, e)| PaletteTileJson {
            tile: e.tile.id.clone(),
            set: record.catalog.sets.get(e.set).map(|s| s.set.name.clone()),
            count: e.tile.count,
            left: left.get(i).copied().unwrap_or(0),
            per_player: e.tile.per_player,
        })
        .collect();
    let turns = match &record.body {
        record::Body::History(t) => Some(t.len()),
        record::Body::Snapshot { .. } => None,
    };
    BoardJson {
        players,
        mode: if turns.is_some() {
            "history"
        } else {
            "snapshot"
        }
        .to_string(),
        turns,
        turns_played: pos.turns,
        to_play: record.players.get(pos.player).cloned(),
        ended: pos.ended,
        final_round: pos.final_round,
        figures_available: pos
            .figures()
            .iter()
            .map(|f| table.name(*f).to_string())
            .collect(),
        // The figure table of the sets in play, with each player's supply
        // of each under the ruleset, for the page's figure menu.
        act_keys: pos.act_keys().iter().map(ToString::to_string).collect(),
        acts: crate::expansions::PAGE_ACTS
            .iter()
            .flat_map(|list| list.iter())
            .filter(|a| turns.is_some() && pos.act_keys().contains(&a.offered_by))
            .map(crate::report::json::PageActJson::from)
            .collect(),
        stacks: pos
            .stacks()
            .iter()
            .map(|s| crate::report::json::BoardStackJson {
                at: [s.at.x, s.at.y],
                height: s.height,
                player: s.top.and_then(|(p, _)| record.players.get(p).cloned()),
                figure: s.top.map(|(_, f)| table.name(f).to_string()),
            })
            .collect(),
        badges: pos
            .badges()
            .into_iter()
            .map(|b| crate::report::json::BadgeJson {
                at: [b.at.x, b.at.y],
                label: b.label,
                player: b.owner.and_then(|p| record.players.get(p).cloned()),
            })
            .collect(),
        neutrals: game
            .neutrals()
            .iter()
            .map(|n| crate::report::json::NeutralJson {
                name: n.name.to_string(),
                at: [n.at.x, n.at.y],
                beside: n.beside.and_then(|b| game.figure_beside(b)).map(
                    |(at, spot, player, figure)| crate::report::json::TakeJson {
                        at: [at.x, at.y],
                        spot: spot.to_string(),
                        player: record.players.get(player).cloned().unwrap_or_default(),
                        figure: table.name(figure).to_string(),
                    },
                ),
            })
            .collect(),
        held: pos
            .held()
            .iter()
            .map(|h| crate::report::json::HeldJson {
                by: record.players.get(h.by).cloned().unwrap_or_default(),
                owner: record.players.get(h.owner).cloned().unwrap_or_default(),
                figure: table.name(h.figure).to_string(),
            })
            .collect(),
        figure_kinds: table
            .all()
            .map(|f| {
                let k = table.kind(f);
                FigureKindJson {
                    name: k.name.clone(),
                    companion: k.companion,
                    stands: k.stands.iter().map(|s| s.word().to_string()).collect(),
                    corner: k.corner,
                    moves: f == crate::rules::Figure::WAGON,
                    supply: game.rules().supply_with(f, table),
                }
            })
            .collect(),
        tiles,
        figures,
        refused,
        marks: whole.map_or_else(Vec::new, |a| a.marks.iter().map(|m| [m.x, m.y]).collect()),
        palette,
        sets: record
            .catalog
            .sets
            .iter()
            .map(|s| BoardSetJson {
                name: s.set.name.clone(),
                builtin: is_builtin(s),
            })
            .collect(),
        pictures: None,
    }
}

/// `POST /api/record`: the record read as data (JSON), for the page to
/// edit; a record that cannot be read gets its diagnostics.
#[must_use]
pub fn record(base: &Loader, body: &[u8]) -> Reply {
    let sent = match sent(base, body) {
        Ok(s) => s,
        Err(r) => return r,
    };
    // Checked first: only a record carca reads is turned into data.
    if let Err(f) = record::parse(&sent.loader, &sent.source, &PathBuf::new()) {
        return Reply::unreadable(&f);
    }
    if let Err(r) = given_up() {
        return r;
    }
    match record_data(sent.source.text()) {
        Ok(v) => Reply::json(200, &json!({ "record": v })),
        Err(e) => Reply::problem(
            400,
            "carca::serve::record",
            &format!("the record cannot be turned into data: {e}"),
            "write the record in plain YAML or JSON",
        ),
    }
}

/// A record's text (YAML or JSON) read as plain data, as carca reads
/// records: `N` is a tile, not YAML 1.1's `false`.
pub(crate) fn record_data(text: &str) -> Result<Value, String> {
    if text.trim_start().starts_with('{') {
        serde_json::from_str(text).map_err(|e| e.to_string())
    } else {
        serde_saphyr::from_str_with_options(text, crate::source::yaml_options(text.len()))
            .map_err(|e| e.to_string())
    }
}

/// `GET /api/rulesets`: the built-in rulesets, with what each is.
#[must_use]
pub fn rulesets() -> Reply {
    use crate::report::json::{RulesetNameJson, ServeRulesetsJson};
    let rulesets = crate::rules::BUILTIN
        .iter()
        .map(|name| RulesetNameJson {
            name: (*name).to_string(),
            description: crate::rules::builtin_description(name).map(str::to_string),
        })
        .collect();
    Reply::json(200, &ServeRulesetsJson { rulesets })
}

/// `GET /api/tilesets`: the built-in tile sets, with their tiles.
#[must_use]
pub fn tilesets(base: &Loader) -> Reply {
    use crate::report::json::{ServeTilesetsJson, TileCountJson, TilesetTilesJson};
    let tilesets = crate::tileset::builtin::NAMES
        .iter()
        .filter_map(|name| {
            let set = base.builtin_set(name).ok()?;
            Some(TilesetTilesJson {
                name: (*name).to_string(),
                tiles: set
                    .tiles
                    .iter()
                    .map(|t| TileCountJson {
                        tile: t.id.clone(),
                        count: t.count,
                        per_player: t.per_player,
                    })
                    .collect(),
            })
        })
        .collect();
    Reply::json(200, &ServeTilesetsJson { tilesets })
}

/// `GET /api/tile.svg?set=S&tile=ID&rot=R`: a tile of a built-in set,
/// drawn as `tiles render` draws it, turned by `rot`.
#[must_use]
pub fn tile_svg(base: &Loader, query: &Query) -> Reply {
    let set_name = query.get("set").map_or("", String::as_str);
    let Ok(set) = base.builtin_set(set_name) else {
        return Reply::problem(
            404,
            "carca::serve::set",
            &format!(
                "`{}` is not a built-in tile set",
                crate::text::name(set_name)
            ),
            &format!(
                "built-in tile sets: {}",
                crate::tileset::builtin::NAMES.join(", ")
            ),
        );
    };
    let id = query.get("tile").map_or("", String::as_str);
    let Some(tile) = set.tiles.iter().find(|t| t.id == id) else {
        return Reply::problem(
            404,
            "carca::serve::tile",
            &format!("the set {set_name} has no tile `{}`", crate::text::name(id)),
            "tile=ID names a tile of the set, as `carca tiles show SET` lists them",
        );
    };
    let rot = match query.get("rot").map_or(Ok(0), |r| r.parse::<i64>()) {
        Ok(d) => Rotation::from_degrees(d),
        Err(_) => None,
    };
    let Some(rot) = rot else {
        return Reply::problem(
            400,
            "carca::serve::rot",
            "rot must be 0, 90, 180 or 270",
            "rot is clockwise degrees, as in records",
        );
    };
    Reply {
        status: 200,
        content_type: "image/svg+xml",
        body: picture::tile_svg(tile, rot).into_bytes(),
    }
}
