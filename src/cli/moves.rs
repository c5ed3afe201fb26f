//! `carca moves`: where could this tile go now?

use crate::loader::Loader;
use std::fmt::Write;

use super::{Format, Outcome};
use crate::engine::position;
use crate::report::diagnostics::Style;

/// Lists every legal placement of `tile` after turn `turn` (default: now).
pub(crate) fn run(
    loader: &Loader,
    path: &str,
    turn: Option<usize>,
    tile: &str,
    rules: Option<&str>,
    format: Format,
    style: Style,
) -> Outcome {
    let p = match super::load::prepare(loader, path, rules) {
        Ok(p) => p,
        Err(findings) => return super::load::failed(path, &findings, format, style),
    };
    let record = &p.record;
    let Some(tile_index) = record.catalog.find(tile) else {
        return super::usage_error(&format!(
            "no tile set in play has a tile `{tile}`; {}tiles in play: {}",
            crate::suggest::did_you_mean(
                tile,
                record.catalog.tiles.iter().map(|e| e.tile.id.as_str())
            ),
            record.catalog.some_ids()
        ));
    };
    if let Err(e) = super::check_turn(record, turn) {
        return super::usage_error(&e);
    }
    let pos = position(
        record,
        &p.rules,
        turn.map(|t| t + 1),
        &crate::expansions::ALL,
    );
    if pos.ended {
        return super::usage_error(&format!(
            "the game is over after turn {}: no tile is left to place; --turn N asks about the moment after turn N",
            pos.turns
        ));
    }
    if pos.final_round && !record.catalog.tiles[tile_index].tile.per_player {
        return super::usage_error(&format!(
            "after turn {} the last land tile is down: only an abbey may be placed, in the final round ({} to play)",
            pos.turns, record.players[pos.player]
        ));
    }
    let when = if pos.turns == 0 {
        "before the first turn".to_string()
    } else {
        format!("after turn {}", pos.turns)
    };
    if let Some(why) = pos.draw_problem(tile_index) {
        return super::usage_error(&format!(
            "{tile} may not be drawn {when}: {}",
            crate::engine::Violation {
                kind: why,
                span: (0, 0).into(),
                inferred: None,
            }
        ));
    }
    if let Some(dealt) = pos.dealt().filter(|&d| d != tile_index) {
        let id = &record.catalog.tiles[dealt].tile.id;
        return super::usage_error(&format!(
            "{} plays {id} {when}, the tile dealt to them, not {tile}: ask `carca moves {} --tile {id}`",
            record.players[pos.player], path
        ));
    }
    let moves = pos.moves(tile_index);
    let figures = pos.figures();
    let player = &record.players[pos.player];
    match format {
        Format::Text => {
            let player = crate::text::name(player);
            let tile = crate::text::name(tile);
            let mut out = String::new();
            let places: std::collections::BTreeSet<_> = moves.iter().map(|m| m.at).collect();
            if moves.is_empty() {
                let _ = writeln!(
                    out,
                    "{tile} fits nowhere {when} ({player} to play): it may be discarded"
                );
            } else {
                let _ = writeln!(
                    out,
                    "{tile} fits {} way{} in {} place{} {when} ({player} to play{}):",
                    moves.len(),
                    if moves.len() == 1 { "" } else { "s" },
                    places.len(),
                    if places.len() == 1 { "" } else { "s" },
                    match (
                        pos.final_round,
                        figures.contains(&crate::rules::Figure::BIG)
                    ) {
                        (true, _) => ", in the final abbey round",
                        (false, true) => "; a follower or the big follower on any spot",
                        (false, false) => "",
                    }
                );
            }
            for m in &moves {
                let words = move_words(&pos, &record.players, m);
                let _ = writeln!(out, "  {} rot {:>3}: {words}", m.at, m.rot.degrees());
            }
            if let Some(u) = pos.under_way() {
                let to: Vec<String> = u
                    .options
                    .iter()
                    .map(|a| {
                        let edge = crate::geometry::Edge::ALL
                            .into_iter()
                            .find(|&e| u.from.step(e) == a.at);
                        match edge {
                            Some(e) => format!("{} {}", e.letter(), a.at),
                            None => a.at.to_string(),
                        }
                    })
                    .collect();
                let _ = writeln!(
                    out,
                    "the {} of turn {} is under way at {} after {} step{}: {} takes the next, {}",
                    crate::expansions::choice(u.key)
                        .and_then(|c| c.under_way)
                        .unwrap_or(u.key),
                    u.turn,
                    u.from,
                    u.done,
                    if u.done == 1 { "" } else { "s" },
                    crate::text::name(record.players.get(u.player).map_or("", String::as_str)),
                    to.join(" or ")
                );
            }
            // What the record owes before this turn (an auction).
            for n in pos.owed() {
                let _ = writeln!(
                    out,
                    "the record owes an act: {}",
                    crate::report::notes::words(&record.players, n)
                );
            }
            // Placements an act laid with the tile makes legal (a bridge).
            let enabled = pos.enabled(tile_index);
            if !enabled.is_empty() {
                let _ = writeln!(
                    out,
                    "{tile} fits these places only with what is laid with it:"
                );
                for (m, act) in &enabled {
                    let _ = writeln!(
                        out,
                        "  {} rot {:>3} with `{}`: {}",
                        m.at,
                        m.rot.degrees(),
                        flow(&written_act(&pos, act)),
                        move_words(&pos, &record.players, m)
                    );
                }
            }
            // Actions instead of a figure, wherever the tile goes.
            let actions = pos.action_options();
            if !actions.is_empty() {
                let names = crate::expansions::Names {
                    players: &record.players,
                    figures: pos.game().figures(),
                };
                let _ = writeln!(
                    out,
                    "instead of a figure, {player} may (a placement that opens more lists it with it):"
                );
                for a in &actions {
                    let _ = writeln!(out, "  {}", action_words(a, &names));
                }
            }
            Outcome {
                stdout: out,
                ..Outcome::default()
            }
        }
        Format::Json | Format::Jsonl => {
            let v = json(path, tile, player, &pos, &moves);
            Outcome {
                stdout: super::json_text(&v, format),
                ..Outcome::default()
            }
        }
    }
}

/// What a placement leaves the player, in words: the spots a follower or
/// another figure may take, the moves its scoring allows, the choices it
/// opens.
fn move_words(
    pos: &crate::engine::Position,
    players: &[String],
    m: &crate::engine::Move,
) -> String {
    let spots: Vec<String> = m.spots.iter().map(|(l, k)| format!("{l} ({k})")).collect();
    let mut followers = if spots.is_empty() {
        "no follower can be deployed".to_string()
    } else {
        format!("followers on {}", spots.join(", "))
    };
    let table = pos.game().figures();
    for figure in table.all() {
        let at: Vec<String> = m
            .companions
            .iter()
            .filter(|(f, _, _)| *f == figure)
            .map(|(_, l, k)| format!("{l} ({k})"))
            .collect();
        if !at.is_empty() {
            let _ = write!(
                followers,
                "; the {} on {}",
                table.name(figure),
                at.join(", ")
            );
        }
    }
    for a in &m.after {
        let to: Vec<String> =
            a.to.iter()
                .map(|(p, l, k)| format!("{p} {l} ({k})"))
                .collect();
        let _ = write!(
            followers,
            "; its scoring sends {}'s {} home from {}: {}",
            players.get(a.player).map_or("", String::as_str),
            table.name(a.figure),
            a.from,
            if to.is_empty() {
                "nowhere to move on".to_string()
            } else {
                format!("it may move on to {}", to.join(", "))
            }
        );
    }
    if !m.elsewhere.is_empty() {
        let to: Vec<String> = m
            .elsewhere
            .iter()
            .map(|(p, l, k)| format!("{p} {l} ({k})"))
            .collect();
        let _ = write!(
            followers,
            "; {}, a follower on {}",
            pos.elsewhere_words().unwrap_or("elsewhere"),
            to.join(", ")
        );
    }
    // The choices a mechanic says together come first (the
    // dragon's first steps: "(1,0) or (0,-1)"), then each other
    // in its own words.
    let names = crate::expansions::Names {
        players,
        figures: pos.game().figures(),
    };
    let mut keys: Vec<&str> = Vec::new();
    for a in &m.actions {
        if !keys.contains(&a.key) {
            keys.push(a.key);
        }
    }
    for key in &keys {
        let Some(gathered) = crate::expansions::choice(key).and_then(|c| c.gathered) else {
            continue;
        };
        let these: Vec<&crate::engine::mechanic::ActionOption> =
            m.actions.iter().filter(|a| a.key == *key).collect();
        let _ = write!(followers, "; {}", gathered(&these, &names));
    }
    for a in &m.actions {
        let choice = crate::expansions::choice(a.key);
        if choice.is_some_and(|c| c.gathered.is_some()) {
            continue;
        }
        let words = action_words(a, &names);
        if choice.is_none_or(|c| c.alternative) {
            let _ = write!(followers, "; or {words}");
        } else {
            let _ = write!(followers, "; {words}");
        }
    }
    followers
}

/// An act laid with a tile as a turn of a record writes it: `{"bridge":
/// {"at": [2, 1], "span": "NS"}}`.
fn written_act(
    pos: &crate::engine::Position,
    act: &crate::record::Act,
) -> serde_json::Map<String, serde_json::Value> {
    let table = pos.game().figures();
    let mut w = crate::record::written::WrittenTurn::default();
    w.put(act, pos.players(), &|f| table.name(f).to_string());
    match serde_json::to_value(&w.keyed) {
        Ok(serde_json::Value::Object(m)) => m,
        _ => serde_json::Map::new(),
    }
}

/// Keys and values in a record's flow style: `bridge: { at: [2, 1], span:
/// NS }`.
fn flow(keys: &serde_json::Map<String, serde_json::Value>) -> String {
    fn value(v: &serde_json::Value) -> String {
        match v {
            serde_json::Value::Object(m) => format!(
                "{{ {} }}",
                m.iter()
                    .map(|(k, v)| format!("{k}: {}", value(v)))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            serde_json::Value::Array(a) => {
                format!("[{}]", a.iter().map(value).collect::<Vec<_>>().join(", "))
            }
            serde_json::Value::String(s) => s.clone(),
            other => other.to_string(),
        }
    }
    keys.iter()
        .map(|(k, v)| format!("{k}: {}", value(v)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// An action a mechanic offers instead of a figure, in its expansion's
/// words.
fn action_words(
    a: &crate::engine::mechanic::ActionOption,
    names: &crate::expansions::Names<'_>,
) -> String {
    crate::expansions::choice(a.key).map_or_else(
        || format!("{} at {}", a.key, a.at),
        |c| (c.option)(a, names),
    )
}

/// An action a mechanic offers, as JSON.
fn action_json(
    pos: &crate::engine::Position,
    a: &crate::engine::mechanic::ActionOption,
) -> crate::report::json::ActionJson {
    let table = pos.game().figures();
    crate::report::json::ActionJson {
        key: a.key.to_string(),
        at: [a.at.x, a.at.y],
        height: a.height,
        takes: a
            .takes
            .iter()
            .map(|(p, l, o, f)| crate::report::json::TakeJson {
                at: [p.x, p.y],
                spot: l.to_string(),
                player: pos.players().get(*o).cloned().unwrap_or_default(),
                figure: table.name(*f).to_string(),
            })
            .collect(),
        spot: a.spot.as_ref().map(ToString::to_string),
    }
}

/// A spot of a tile on the board, as JSON.
fn spot_at_json(
    (p, l, k): &(
        crate::geometry::Pos,
        crate::record::Location,
        crate::tileset::FeatureKind,
    ),
) -> crate::report::json::SpotAtJson {
    crate::report::json::SpotAtJson {
        at: [p.x, p.y],
        location: l.to_string(),
        kind: k.word().to_string(),
    }
}

/// A placement, as JSON.
fn move_json(
    pos: &crate::engine::Position,
    m: &crate::engine::Move,
) -> crate::report::json::MoveJson {
    use crate::report::json::{MoveJson, MoveOnJson, OtherSpotJson, SpotJson};
    let table = pos.game().figures();
    MoveJson {
        at: [m.at.x, m.at.y],
        rot: m.rot.degrees(),
        followers: m
            .spots
            .iter()
            .map(|(l, k)| SpotJson {
                location: l.to_string(),
                kind: k.word().to_string(),
            })
            .collect(),
        others: m
            .companions
            .iter()
            .map(|(f, l, k)| OtherSpotJson {
                figure: table.name(*f).to_string(),
                location: l.to_string(),
                kind: k.word().to_string(),
            })
            .collect(),
        after_scoring: m
            .after
            .iter()
            .map(|a| MoveOnJson {
                figure: table.name(a.figure).to_string(),
                player: pos.players().get(a.player).cloned().unwrap_or_default(),
                from: [a.from.x, a.from.y],
                to: a.to.iter().map(spot_at_json).collect(),
            })
            .collect(),
        elsewhere: m.elsewhere.iter().map(spot_at_json).collect(),
        actions: m.actions.iter().map(|a| action_json(pos, a)).collect(),
    }
}

/// The legal placements of `tile` at a position, as `moves --format json`
/// and `carca serve` give them.
pub(crate) fn json(
    record_name: &str,
    tile: &str,
    player: &str,
    pos: &crate::engine::Position,
    moves: &[crate::engine::Move],
) -> serde_json::Value {
    use crate::report::json::MovesJson;
    let table = pos.game().figures();
    let json = MovesJson {
        record: record_name.to_string(),
        tile: tile.to_string(),
        turns_played: pos.turns,
        player: player.to_string(),
        final_round: pos.final_round,
        figures: pos
            .figures()
            .iter()
            .map(|f| table.name(*f).to_string())
            .collect(),
        moves: moves.iter().map(|m| move_json(pos, m)).collect(),
        actions: pos
            .action_options()
            .iter()
            .map(|a| action_json(pos, a))
            .collect(),
        ended: None,
        under_way: pos.under_way().map(|u| crate::report::json::UnderWayJson {
            key: u.key.to_string(),
            turn: u.turn,
            player: pos.players().get(u.player).cloned().unwrap_or_default(),
            done: u.done,
            from: [u.from.x, u.from.y],
            options: u.options.iter().map(|a| action_json(pos, a)).collect(),
        }),
        owed: pos
            .owed()
            .into_iter()
            .map(|n| crate::report::output::NoteJson::of(pos.players(), n))
            .collect(),
        enabled: pos
            .game()
            .catalog
            .find(tile)
            .map(|t| pos.enabled(t))
            .unwrap_or_default()
            .iter()
            .map(|(m, act)| crate::report::json::EnabledJson {
                placement: move_json(pos, m),
                with: written_act(pos, act),
            })
            .collect(),
    };
    serde_json::to_value(json).unwrap_or_default()
}
