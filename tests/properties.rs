//! Properties of random legal games (proptest): scores do not depend on
//! where the board lies or how it is turned, a finished position scores as
//! its history does, followers are conserved, replay is deterministic, and
//! any mutation of a record gets an answer, never a panic.

use std::fmt::Write;
use std::path::Path;

use carca::cli::{Args, run};
use carca::engine::{Phase, adjudicate, position};
use carca::generator::{Generated, Options, play, scale_for};
use carca::record;
use carca::record::location::location_of;
use carca::report::diagnostics::Style;
use carca::rules::Ruleset;
use carca::source::SourceFile;
use carca::tileset::{self, Catalog};
use clap::Parser;
use proptest::prelude::*;

/// Cases per property; each case plays and scores whole games.
const CASES: u32 = 48;

fn game(seed: u64, players: usize, followers: f64, sets: &[&str]) -> Generated {
    let loaded = sets
        .iter()
        .map(|s| tileset::load(crate::common::loader(), s, Path::new("")).expect("built-in set"))
        .collect();
    let catalog = Catalog::new(loaded);
    let scale = scale_for(&catalog, 72).expect("a supply scale a record may carry");
    let options = Options {
        tiles: 72,
        players,
        seed,
        tilesets: sets.iter().map(ToString::to_string).collect(),
        followers,
    };
    play(&catalog, &options, scale)
}

fn score(text: &str, rules: &Ruleset) -> (Vec<i64>, usize) {
    let src = SourceFile::new("game.yaml", text);
    let rec = record::parse(crate::common::loader(), &src, Path::new(""))
        .expect("a generated record reads");
    let a = adjudicate(&rec, rules, &rules.name, true, &carca::expansions::ALL);
    (a.totals, a.findings.len())
}

fn sets(river: bool) -> &'static [&'static str] {
    if river { &["base", "river"] } else { &["base"] }
}

/// The final position of a generated game as a snapshot record, its board
/// and figures listed in an order `shuffle` decides.
fn snapshot_of(text: &str, sets: &[&str], shuffle: u64) -> String {
    let rules = Ruleset::modern();
    let src = SourceFile::new("game.yaml", text);
    let rec = record::parse(crate::common::loader(), &src, Path::new("")).expect("reads");
    let pos = position(&rec, &rules, None, &carca::expansions::ALL);
    let g = pos.game();
    let mut board: Vec<String> = g
        .placed()
        .iter()
        .skip(1)
        .map(|p| {
            format!(
                "  - {{ tile: {}, at: [{}, {}], rot: {} }}\n",
                g.tile(p.tile()).id,
                p.pos.x,
                p.pos.y,
                p.rot
            )
        })
        .collect();
    let mut figures: Vec<String> = g
        .followers()
        .iter()
        .filter(|f| f.on_board)
        .map(|f| {
            let p = &g.placed()[f.placed];
            format!(
                "  - {{ player: {}, at: [{}, {}], spot: '{}', figure: {} }}\n",
                rec.players[f.player],
                p.pos.x,
                p.pos.y,
                location_of(g.tile(p.tile()), p.rot, f.feature),
                g.figures().name(f.figure)
            )
        })
        .collect();
    // Figures on corner points (barns): the corner north-east of the tile
    // the point is named by.
    figures.extend(g.corners().iter().map(|c| {
        format!(
            "  - {{ player: {}, at: [{}, {}], spot: NE, figure: {} }}\n",
            rec.players[c.player],
            c.point.x,
            c.point.y,
            g.figures().name(c.figure)
        )
    }));
    // Towers (The Tower): their heights, and the figures on top.
    let mut towers: Vec<String> = Vec::new();
    for stack in pos.stacks().iter().filter(|s| s.height > 0) {
        towers.push(format!(
            "{{ at: [{}, {}], height: {} }}",
            stack.at.x, stack.at.y, stack.height
        ));
        if let Some((owner, figure)) = stack.top {
            figures.push(format!(
                "  - {{ player: {}, at: [{}, {}], spot: tower, figure: {} }}\n",
                rec.players[owner],
                stack.at.x,
                stack.at.y,
                g.figures().name(figure)
            ));
        }
    }
    // A small deterministic shuffle (Fisher–Yates over a linear
    // congruential sequence).
    let mut state = shuffle
        .wrapping_mul(6_364_136_223_846_793_005)
        .wrapping_add(1);
    let mut next = |n: usize| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 33) as usize % n
    };
    for list in [&mut board, &mut figures, &mut towers] {
        for i in (1..list.len()).rev() {
            let j = next(i + 1);
            list.swap(i, j);
        }
    }
    // The neutral figures (the dragon, the fairy beside its follower).
    let mut neutrals = String::new();
    for n in g.neutrals() {
        match (n.name, n.beside) {
            ("dragon", _) => {
                let _ = writeln!(neutrals, "dragon: [{}, {}]", n.at.x, n.at.y);
            }
            (_, Some(beside)) if g.figure_beside(beside).is_some() => {
                let (at, spot, owner, _) = g.figure_beside(beside).expect("on the board");
                let _ = writeln!(
                    neutrals,
                    "{}: {{ player: {}, at: [{}, {}], spot: '{spot}' }}",
                    n.name, rec.players[owner], at.x, at.y,
                );
            }
            _ => {}
        }
    }
    let towers = if towers.is_empty() {
        String::new()
    } else {
        format!("towers: [{}]\n", towers.join(", "))
    };
    // Bridges (Bridges, Castles & Bazaars): the tiles in a bridged form,
    // whose last feature is the bridge; castles: the cities converted,
    // with the follower kept in each (off any feature), if any.
    let mut bridges = String::new();
    for p in g.placed() {
        if rec.catalog.is_bridged(p.tile()) {
            let road = g.tile(p.tile()).features.last().expect("the bridge");
            let edge = road.edges[0].rotated(p.rot);
            let span = if matches!(edge, carca::geometry::Edge::N | carca::geometry::Edge::S) {
                "NS"
            } else {
                "WE"
            };
            let _ = write!(
                bridges,
                "{{ at: [{}, {}], span: {span} }}, ",
                p.pos.x, p.pos.y
            );
        }
    }
    let bridges = if bridges.is_empty() {
        String::new()
    } else {
        format!("bridges: [{}]\n", bridges.trim_end_matches(", "))
    };
    let mut castles = String::new();
    for spot in g.converted() {
        let (at, loc, _) = g.named_spot(spot);
        let kept = g.all_kept().iter().find(|k| {
            k.spot != carca::record::Location::Tower
                && g.locate(k.at, &k.spot)
                    .is_ok_and(|s| g.same_feature(s, spot))
        });
        let _ = match kept {
            Some(k) => write!(
                castles,
                "{{ at: [{}, {}], spot: '{}', player: {}, figure: {} }}, ",
                k.at.x,
                k.at.y,
                k.spot,
                rec.players[k.owner],
                g.figures().name(k.figure)
            ),
            None => write!(
                castles,
                "{{ at: [{}, {}], spot: '{loc}', player: {}, empty: true }}, ",
                at.x, at.y, rec.players[0]
            ),
        };
    }
    let castles = if castles.is_empty() {
        String::new()
    } else {
        format!("castles: [{}]\n", castles.trim_end_matches(", "))
    };
    format!(
        "tilesets: [{}]\nplayers: [{}]\n{neutrals}{towers}{bridges}{castles}board:\n{}meeples:\n{}",
        sets.join(", "),
        rec.players.join(", "),
        board.concat(),
        figures.concat()
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(CASES))]

    #[test]
    fn totals_survive_moving_and_turning_the_board(
        seed in any::<u64>(),
        players in 1usize..5,
        followers in 0.0f64..1.0,
        dx in -50i32..50,
        dy in -50i32..50,
        quarters in 0usize..4,
        mix in 0..crate::common::MIXES,
    ) {
        let sets = crate::common::mix(mix);
        // A start block (the City of Carcassonne) lies where its tile set
        // puts it: a board with one cannot move.
        prop_assume!(!sets.contains(&"count"));
        let g = game(seed, players, followers, &sets);
        for name in ["modern", "first-edition", "second-edition"] {
            let rules = Ruleset::builtin(name).expect("built-in");
            let (before, problems) = score(&g.yaml(), &rules);
            // The game is generated under `modern`; under another ruleset
            // a ransom may find its payer short of points (The Tower), the
            // same wherever the board lies.
            if name == "modern" {
                prop_assert_eq!(problems, 0);
            }
            let moved = g.transformed((dx, dy), quarters);
            let (after, moved_problems) = score(&moved.yaml(), &rules);
            prop_assert_eq!(problems, moved_problems, "{}", moved.yaml());
            prop_assert_eq!(before, after);
        }
    }

    #[test]
    fn the_final_position_scores_as_its_history(
        seed in any::<u64>(),
        players in 1usize..5,
        followers in 0.0f64..1.0,
    ) {
        let rules = Ruleset::modern();
        let text = game(seed, players, followers, sets(false)).yaml();
        let src = SourceFile::new("game.yaml", text.as_str());
        let rec = record::parse(crate::common::loader(), &src, Path::new("")).expect("reads");
        let history = adjudicate(&rec, &rules, "modern", true, &carca::expansions::ALL);
        let final_points: Vec<i64> = (0..players)
            .map(|p| history.events.iter().filter(|e| e.phase == Phase::Final).map(|e| e.points[p]).sum())
            .collect();
        // The same table as a snapshot: every tile, every follower still out.
        let pos = position(&rec, &rules, None, &carca::expansions::ALL);
        let g = pos.game();
        let mut snapshot = format!("players: [{}]\nboard:\n", rec.players.join(", "));
        for p in g.placed().iter().skip(1) {
            let _ = writeln!(
                snapshot,
                "  - {{ tile: {}, at: [{}, {}], rot: {} }}",
                g.tile(p.tile()).id, p.pos.x, p.pos.y, p.rot
            );
        }
        snapshot.push_str("meeples:\n");
        for f in g.followers().iter().filter(|f| f.on_board) {
            let p = &g.placed()[f.placed];
            let _ = writeln!(
                snapshot,
                "  - {{ player: {}, at: [{}, {}], spot: {} }}",
                rec.players[f.player], p.pos.x, p.pos.y, location_of(g.tile(p.tile()), p.rot, f.feature)
            );
        }
        let (totals, problems) = score(&snapshot, &rules);
        prop_assert_eq!(problems, 0, "{}", snapshot);
        prop_assert_eq!(totals, final_points, "{}", snapshot);
    }

    #[test]
    fn a_position_scores_the_same_whatever_order_it_is_listed_in(
        seed in any::<u64>(),
        players in 2usize..5,
        followers in 0.3f64..1.0,
        mix in 0..crate::common::MIXES,
        first in any::<u64>(),
        second in any::<u64>(),
    ) {
        let sets = crate::common::mix(mix);
        let text = game(seed, players, followers, &sets).yaml();
        let one = snapshot_of(&text, &sets, first);
        let two = snapshot_of(&text, &sets, second);
        for rules in ["modern", "first-edition", "second-edition"] {
            let rules = Ruleset::builtin(rules).expect("built-in");
            let (a, problems) = score(&one, &rules);
            prop_assert_eq!(problems, 0, "{}", one);
            let (b, _) = score(&two, &rules);
            prop_assert_eq!(a, b, "{}\n---\n{}", one, two);
        }
    }

    #[test]
    fn followers_are_conserved_after_every_turn(
        seed in any::<u64>(),
        players in 1usize..5,
    ) {
        let rules = Ruleset::modern();
        let text = game(seed, players, 0.8, sets(false)).yaml();
        let src = SourceFile::new("game.yaml", text.as_str());
        let rec = record::parse(crate::common::loader(), &src, Path::new("")).expect("reads");
        let turns = match &rec.body { record::Body::History(t) => t.len(), record::Body::Snapshot { .. } => 0 };
        for n in 1..=turns + 1 {
            let pos = position(&rec, &rules, Some(n), &carca::expansions::ALL);
            let g = pos.game();
            let on_board = g.followers().iter().filter(|f| f.on_board).count() as u32;
            let in_supply: u32 = (0..players).map(|p| g.supply(p, carca::rules::Figure::FOLLOWER)).sum();
            prop_assert_eq!(on_board + in_supply, rules.followers * players as u32, "before turn {}", n);
        }
    }

    #[test]
    fn the_open_position_index_finds_exactly_the_legal_placements(
        seed in any::<u64>(),
        moment in 1usize..80,
        river in any::<bool>(),
    ) {
        let rules = Ruleset::modern();
        let text = game(seed, 2, 0.5, sets(river)).yaml();
        let src = SourceFile::new("game.yaml", text.as_str());
        let rec = record::parse(crate::common::loader(), &src, Path::new("")).expect("reads");
        // Asked twice at two moments, so that the index is also brought up
        // to date after it was first built.
        for n in [moment / 2 + 1, moment] {
            let pos = position(&rec, &rules, Some(n), &carca::expansions::ALL);
            let g = pos.game();
            let mut open: Vec<carca::geometry::Pos> = g
                .placed()
                .iter()
                .flat_map(|p| carca::geometry::Edge::ALL.map(|e| p.pos.step(e)))
                .filter(|&q| g.at(q).is_none())
                .collect();
            open.sort_by_key(|p| (-p.y, p.x));
            open.dedup();
            for tile in 0..rec.catalog.tiles.len() {
                let brute: Vec<_> = open
                    .iter()
                    .flat_map(|&p| carca::geometry::Rotation::ALL.map(|r| (p, r)))
                    .filter(|&(p, r)| g.placement_problems(tile, p, r).is_empty())
                    .collect();
                prop_assert_eq!(g.legal_placements(tile), brute, "tile {} before turn {}", tile, n);
            }
        }
    }

    #[test]
    fn replay_is_deterministic(seed in any::<u64>(), players in 1usize..5) {
        let rules = Ruleset::modern();
        let text = game(seed, players, 0.5, sets(true)).yaml();
        let src = SourceFile::new("game.yaml", text.as_str());
        let rec = record::parse(crate::common::loader(), &src, Path::new("")).expect("reads");
        let a = adjudicate(&rec, &rules, "modern", true, &carca::expansions::ALL);
        let b = adjudicate(&rec, &rules, "modern", true, &carca::expansions::ALL);
        prop_assert_eq!(a.totals, b.totals);
        prop_assert_eq!(a.events, b.events);
    }

    #[test]
    fn mutated_records_get_an_answer(
        seed in any::<u64>(),
        index in any::<usize>(),
        how in 0usize..5,
        spot in prop::sample::select(vec!["N", "E", "S", "W", "NNE", "SSW", "NE", "SW", "C", "#keep"]),
    ) {
        let mutant = game(seed, 2, 0.6, sets(false)).mutated(index, how, spot).yaml();
        let dir = std::env::temp_dir().join(format!("carca-mutant-{}-{seed}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("scratch folder");
        let path = dir.join("mutant.yaml");
        std::fs::write(&path, &mutant).expect("write");
        let args = Args::try_parse_from(["carca", "score", &path.to_string_lossy()]).expect("arguments");
        let out = run(args, Style::Plain);
        let _ = std::fs::remove_dir_all(&dir);
        prop_assert!(out.code <= 2);
        if out.code > 0 {
            prop_assert!(out.stderr.contains("carca::"), "a failure comes with a diagnostic:\n{}", mutant);
        }
    }
}

/// A turn entry of a record, as flow YAML with every string quoted.
fn entry(player: &str, tile: &str, at: carca::geometry::Pos, rot: u32, more: &str) -> String {
    format!(
        "- {{player: \"{player}\", tile: \"{tile}\", at: [{}, {}], rot: {rot}{more}}}",
        at.x, at.y
    )
}

/// The findings of a record text (with the first diagnostic's words).
fn findings_of(text: &str, rules: &Ruleset) -> (usize, String) {
    let src = SourceFile::new("game.yaml", text);
    let rec = match record::parse(crate::common::loader(), &src, Path::new("")) {
        Ok(r) => r,
        Err(f) => return (f.len().max(1), format!("{f:?}")),
    };
    let a = adjudicate(&rec, rules, &rules.name, true, &carca::expansions::ALL);
    let first = a
        .findings
        .first()
        .map(|f| format!("{f:?}"))
        .unwrap_or_default();
    (a.findings.len(), first)
}

/// A whole flight of the dragon after a dragon tile is placed at `placed`,
/// as a turn writes it: each step to the first tile it may enter (N, E,
/// S, W), never one it visited nor the fairy's, six steps or a dead end.
fn dragon_flight(
    pos: &carca::engine::Position<'_>,
    placed: carca::geometry::Pos,
    fairy_to: Option<carca::geometry::Pos>,
) -> String {
    let g = pos.game();
    let Some(mut at) = g
        .neutrals()
        .iter()
        .find(|n| n.name == "dragon")
        .map(|n| n.at)
    else {
        return String::new();
    };
    let fairy = fairy_to.or_else(|| {
        g.neutrals()
            .iter()
            .find(|n| n.name == "fairy")
            .map(|n| n.at)
    });
    let mut visited = vec![at];
    let mut steps = Vec::new();
    while steps.len() < 6 {
        let Some(e) = carca::geometry::Edge::ALL.into_iter().find(|&e| {
            let q = at.step(e);
            // A tile with no landscape (the City's inner tiles) is never
            // entered.
            let landscape = g
                .at(q)
                .is_some_and(|p| !g.tile(g.placed()[p].tile()).features.is_empty());
            (landscape || q == placed) && !visited.contains(&q) && Some(q) != fairy
        }) else {
            break;
        };
        at = at.step(e);
        visited.push(at);
        steps.push(format!("\"{}\"", e.letter()));
    }
    format!(", dragon: [{}]", steps.join(", "))
}

/// A generated history record cut after the turn `cut` picks from its
/// number of turns: the text, the cut, and the record read.
fn cut_history(text: &str, cut: impl Fn(usize) -> usize) -> (String, usize, record::Record) {
    let lines: Vec<&str> = text.lines().collect();
    let first = lines
        .iter()
        .position(|l| *l == "turns:")
        .expect("a history")
        + 1;
    let turns = lines[first..]
        .iter()
        .take_while(|l| l.starts_with("- "))
        .count();
    let cut = cut(turns);
    let head = lines[..first + cut].join("\n") + "\n";
    let src = SourceFile::new("game.yaml", head.as_str());
    let rec = record::parse(crate::common::loader(), &src, Path::new(""))
        .expect("a generated record reads");
    (head, cut, rec)
}

/// `carca moves` and the referee ask one question: at a position of a
/// generated game of every mix of the shipped expansions, every placement,
/// figure and act that `moves` lists, appended as the next turn, is
/// accepted by the referee.
#[test]
fn every_move_that_moves_lists_is_one_the_referee_accepts() {
    let rules = Ruleset::modern();
    let mut tried = 0usize;
    for k in 0..crate::common::MIXES as usize {
        let sets = &crate::common::mix(k as u32);
        let players = 2 + k % 3;
        let text = game(k as u64 * 31 + 7, players, 0.6, sets).yaml();
        // One moment of each game: early, late, or before the last turn.
        let (head, cut, rec) = cut_history(&text, |turns| {
            [turns / 3, turns * 2 / 3, turns.saturating_sub(1)][k % 3]
        });
        assert_eq!(
            findings_of(&head, &rules).0,
            0,
            "{sets:?} game {k}: the prefix is legal"
        );
        let pos = position(&rec, &rules, None, &carca::expansions::ALL);
        if pos.ended || pos.final_round {
            continue;
        }
        let player = rec.players[pos.player].clone();
        let table = pos.game().figures();
        let figure = pos.figures().first().map(|&f| table.name(f).to_string());
        let left = pos.tiles_left();
        // Every entry built from what `moves` lists; a dozen of them,
        // spread over all, are tried.
        let mut listed: Vec<String> = Vec::new();
        // A few tiles left, spread over every set in play.
        let tiles: Vec<usize> = (0..left.len()).filter(|&i| left[i] > 0).collect();
        let step = (tiles.len() / 4).max(1);
        let tiles: Vec<usize> = tiles.into_iter().skip(cut % step).step_by(step).collect();
        for tile in tiles {
            if pos.draw_problem(tile).is_some() {
                continue;
            }
            let id = rec.catalog.tiles[tile].tile.id.clone();
            // The placements, and a few that only an act laid with the
            // tile makes legal (a bridge), written with that act.
            let moves = pos.moves(tile);
            let mut all: Vec<(&carca::engine::Move, String)> = moves
                .iter()
                .step_by((moves.len() / 4).max(1))
                .map(|m| (m, String::new()))
                .collect();
            let enabled = pos.enabled(tile);
            for (m, act) in enabled.iter().take(2) {
                let mut w = carca::record::written::WrittenTurn::default();
                w.put(act, &rec.players, &|f| table.name(f).to_string());
                let keys = serde_json::to_value(&w.keyed).expect("JSON");
                let laid = keys
                    .as_object()
                    .into_iter()
                    .flatten()
                    .fold(String::new(), |acc, (k, v)| acc + &format!(", {k}: {v}"));
                all.push((m, laid));
            }
            let global = pos.action_options();
            for (m, laid) in all {
                let rot = m.rot.degrees();
                // Each entry's keys after the placement, and the
                // tile the fairy moves to, if it does.
                let mut extras: Vec<(String, Option<carca::geometry::Pos>)> =
                    vec![(String::new(), None)];
                if let Some(f) = &figure {
                    for (l, _) in &m.spots {
                        extras.push((format!(", meeple: \"{l}\", figure: \"{f}\""), None));
                    }
                }
                for (f, l, _) in &m.companions {
                    extras.push((
                        format!(", meeple: \"{l}\", figure: \"{}\"", table.name(*f)),
                        None,
                    ));
                }
                for (p, l, _) in &m.elsewhere {
                    extras.push((
                        format!(", meeple: {{at: [{}, {}], spot: \"{l}\"}}", p.x, p.y),
                        None,
                    ));
                }
                for a in m.actions.iter().chain(&global) {
                    let at = format!("at: [{}, {}]", a.at.x, a.at.y);
                    let keys = match a.key {
                        "tower" => format!(", tower: {{{at}}}"),
                        // The figure the player has: a follower, else
                        // the big follower.
                        "meeple" => match &figure {
                            Some(f) if f != "follower" => {
                                format!(", meeple: {{{at}, spot: tower}}, figure: \"{f}\"")
                            }
                            _ => format!(", meeple: {{{at}, spot: tower}}"),
                        },
                        "fairy" => match &a.spot {
                            Some(l) => format!(", fairy: {{{at}, spot: \"{l}\"}}"),
                            None => format!(", fairy: {{{at}}}"),
                        },
                        "princess" => {
                            let (p, l, o, _) = &a.takes[0];
                            format!(
                                ", princess: {{at: [{}, {}], spot: \"{l}\", player: \"{}\"}}",
                                p.x, p.y, rec.players[*o]
                            )
                        }
                        // A castle of the city's one follower, deployed
                        // now where none stands there yet.
                        "castle" => match (&a.spot, a.takes.is_empty()) {
                            (Some(l), true) => format!(", meeple: \"{l}\", castle: \"{l}\""),
                            (Some(l), false) => format!(", castle: \"{l}\""),
                            (None, _) => continue,
                        },
                        "leave" => match &a.spot {
                            Some(l) => format!(", leave: {{{at}, spot: \"{l}\"}}"),
                            None => continue,
                        },
                        // Into the City, with no follower placed to score.
                        "enter" => ", enter: market".to_string(),
                        // The flight and the flocks go with every entry
                        // below.
                        "dragon" | "flock" => continue,
                        other => {
                            panic!("an action with a key the test does not know: {other}")
                        }
                    };
                    extras.push((keys, (a.key == "fairy").then_some(a.at)));
                }
                // A dragon tile's turn lists the dragon's flight
                // (which the fairy's new tile may change).
                let flies = m.actions.iter().any(|a| a.key == "dragon");
                // The flocks the tile lets their owner tend are scored; a
                // shepherd just placed draws (a wolf: the bag never runs
                // out of them).
                let flocks: Vec<String> = m
                    .actions
                    .iter()
                    .filter(|a| a.key == "flock")
                    .map(|a| format!("{{score: true, at: [{}, {}]}}", a.at.x, a.at.y))
                    .collect();
                for (more, fairy_to) in extras {
                    let mut due = flocks.clone();
                    if more.contains("figure: \"shepherd\"") {
                        due.push(format!("{{draw: wolf, at: [{}, {}]}}", m.at.x, m.at.y));
                    }
                    let more = match &due[..] {
                        [] => more,
                        [one] => format!("{more}, flock: {one}"),
                        many => format!("{more}, flock: [{}]", many.join(", ")),
                    };
                    let more = if flies {
                        more + &dragon_flight(&pos, m.at, fairy_to)
                    } else {
                        more
                    };
                    listed.push(entry(&player, &id, m.at, rot, &format!("{laid}{more}")));
                }
            }
        }
        for line in listed.iter().step_by((listed.len() / 12).max(1)) {
            let whole = format!("{head}{line}\n");
            let (n, first) = findings_of(&whole, &rules);
            assert_eq!(
                n, 0,
                "{sets:?} game {k} after {cut} turns: `moves` lists\n{line}\nwhich the referee refuses: {first}"
            );
            tried += 1;
        }
    }
    assert!(tried > 800, "only {tried} moves tried");
}

/// The other half of the question: at positions of generated games of
/// every mix, a placement `moves` leaves out, and a follower on a spot of
/// a listed placement that it leaves out, are refused by the referee.
#[test]
fn what_moves_leaves_out_the_referee_refuses() {
    let rules = Ruleset::modern();
    let mut tried = 0usize;
    for k in 0..crate::common::MIXES as usize {
        let sets = &crate::common::mix(k as u32);
        let players = 2 + k % 3;
        let text = game(k as u64 * 17 + 5, players, 0.5, sets).yaml();
        let (head, cut, rec) = cut_history(&text, |turns| [turns / 4, turns * 3 / 4][k % 2]);
        let pos = position(&rec, &rules, None, &carca::expansions::ALL);
        if pos.ended || pos.final_round || pos.figures().is_empty() {
            continue;
        }
        let player = rec.players[pos.player].clone();
        let g = pos.game();
        let occupied: std::collections::HashSet<carca::geometry::Pos> =
            g.placed().iter().map(|p| p.pos).collect();
        // The empty squares beside the board, in a fixed order.
        let mut open: Vec<carca::geometry::Pos> = occupied
            .iter()
            .flat_map(|p| {
                [(0, 1), (1, 0), (0, -1), (-1, 0)]
                    .map(|(dx, dy)| carca::geometry::Pos::new(p.x + dx, p.y + dy))
            })
            .filter(|q| !occupied.contains(q))
            .collect();
        open.sort_by_key(|p| (p.x, p.y));
        open.dedup();
        let left = pos.tiles_left();
        let tiles: Vec<usize> = (0..left.len()).filter(|&i| left[i] > 0).collect();
        for &tile in tiles.iter().step_by((tiles.len() / 3).max(1)) {
            if pos.draw_problem(tile).is_some() {
                continue;
            }
            let moves = pos.moves(tile);
            // A dragon tile's entry needs its flight: its refusals
            // would say nothing of the placement.
            if moves
                .iter()
                .any(|m| m.actions.iter().any(|a| a.key == "dragon"))
            {
                continue;
            }
            let id = rec.catalog.tiles[tile].tile.id.clone();
            // A rotation that shows the same sides as a listed one is
            // the same placement, listed once.
            let entry_of = &rec.catalog.tiles[tile];
            let listed = |at: carca::geometry::Pos, rot: u32| {
                moves.iter().any(|m| {
                    m.at == at && entry_of.same_turned(m.rot.quarters(), (rot / 90) as usize)
                })
            };
            let mut entries: Vec<String> = open
                .iter()
                .flat_map(|&at| [0u32, 90, 180, 270].map(|rot| (at, rot)))
                .filter(|&(at, rot)| !listed(at, rot))
                .step_by(7)
                .take(3)
                .map(|(at, rot)| entry(&player, &id, at, rot, ""))
                .collect();
            // Spots of the tile that a listed placement does not offer.
            let shape = &rec.catalog.tiles[tile].tile;
            for m in moves.iter().take(2) {
                for f in 0..shape.features.len() {
                    let spot = location_of(shape, m.rot, f);
                    if !m.spots.iter().any(|(l, _)| *l == spot) {
                        entries.push(entry(
                            &player,
                            &id,
                            m.at,
                            m.rot.degrees(),
                            &format!(", meeple: \"{spot}\", figure: follower"),
                        ));
                    }
                }
            }
            for line in entries {
                let whole = format!("{head}{line}\n");
                let (n, _) = findings_of(&whole, &rules);
                assert!(
                    n > 0,
                    "{sets:?} after {cut} turns: `moves` leaves out\n{line}\nwhich the referee accepts"
                );
                tried += 1;
            }
        }
    }
    assert!(tried > 100, "only {tried} entries tried");
}
