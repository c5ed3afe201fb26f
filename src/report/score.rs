//! The scoring breakdown, as text for people settling an argument and as
//! JSON for programs (`totals`, `events`, `diagnostics`; docs/records.md).

use std::fmt::Write;

use serde_json::Value;

use crate::diagnostic::{Class, Finding};
use crate::engine::{Adjudication, Event, Phase};
use crate::geometry::Pos;
use crate::rules::Figure;
use crate::rules::table::GROUPS;
use crate::rules::{Ruleset, builtin_description};
use crate::text;
use crate::tileset::FigureTable;
use crate::tileset::figure::Strength;

fn names(players: &[String], who: &[usize]) -> String {
    who.iter()
        .map(|&i| players[i].as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

fn positions(tiles: &[Pos]) -> String {
    const SHOWN: usize = 12;
    let mut s = tiles
        .iter()
        .take(SHOWN)
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ");
    if tiles.len() > SHOWN {
        let _ = write!(s, " … ({} more)", tiles.len() - SHOWN);
    }
    s
}

/// A player's followers on a feature, with their weight in the majority
/// when some weigh other than one: "red 1 big = 2", "red 2 (1 big) = 3",
/// "blue 1 marshal = 0 pennants" (a figure whose strength is a modifier
/// of its feature says which).
fn follower_count(
    player: &str,
    n: u32,
    strength: u32,
    weighed: &[Figure],
    figures: &FigureTable,
) -> String {
    if weighed.is_empty() {
        return format!("{player} {n}");
    }
    let mut kinds: Vec<(Figure, u32)> = Vec::new();
    for &f in weighed {
        match kinds.iter_mut().find(|(k, _)| *k == f) {
            Some((_, c)) => *c += 1,
            None => kinds.push((f, 1)),
        }
    }
    // The unit, when every weighed figure counts the same modifier.
    let per: Vec<Option<&str>> = kinds
        .iter()
        .map(|(f, _)| match &figures.kind(*f).strength {
            Strength::Per(m) => Some(m.as_str()),
            Strength::Fixed(_) => None,
        })
        .collect();
    let value = match per.first() {
        Some(Some(m)) if per.iter().all(|p| *p == Some(m)) => super::award::extra(strength, m),
        _ => strength.to_string(),
    };
    match kinds.as_slice() {
        [(f, c)] if *c == n => format!("{player} {n} {} = {value}", figures.name(*f)),
        _ => {
            let list: Vec<String> = kinds
                .iter()
                .map(|(f, c)| format!("{c} {}", figures.name(*f)))
                .collect();
            format!("{player} {n} ({}) = {value}", list.join(", "))
        }
    }
}

fn describe_ruleset(rules: &Ruleset) -> String {
    if let Some(d) = builtin_description(&rules.name) {
        return format!("{} ({d})", text::name(&rules.name));
    }
    let modern = Ruleset::modern();
    let mut parts: Vec<String> = crate::expansions::toggles()
        .filter(|t| t.always_shown || t.get(rules) != t.get(&modern))
        .map(|t| format!("{} = {}", t.key, t.get(rules)))
        .collect();
    for g in GROUPS {
        let rates = &crate::expansions::RATES;
        let changed: Vec<String> = g
            .keys(rates)
            .into_iter()
            .enumerate()
            .filter(|&(i, _)| g.get(rules, rates, i) != g.get(&modern, rates, i))
            .filter_map(|(i, k)| {
                g.get(rules, rates, i)
                    .map(|v| format!("{}.{k} = {v}", g.key()))
            })
            .collect();
        parts.extend(changed);
    }
    parts.extend(
        rules
            .modifier_points
            .iter()
            .map(|(k, v)| format!("points.{k} = {v}")),
    );
    format!("{} ({})", text::name(&rules.name), parts.join(", "))
}

/// Who has the majority: a name, "shared majority: …", or nobody.
fn majority(players: &[String], winners: &[usize]) -> String {
    if winners.is_empty() {
        "nobody (no follower counts for anything)".to_string()
    } else if winners.len() > 1 {
        format!("shared majority: {}", names(players, winners))
    } else {
        names(players, winners)
    }
}

/// The points of an event's winners, and the rule that gave them.
fn write_points(out: &mut String, players: &[String], e: &Event) {
    if e.winners.is_empty() {
        let _ = writeln!(out, "    nobody scores");
        return;
    }
    let points: Vec<String> = e
        .winners
        .iter()
        .map(|&w| format!("{} +{}", players[w], e.points[w]))
        .collect();
    let _ = writeln!(
        out,
        "    {}   {}",
        points.join(", "),
        super::award::rule(&e.basis)
    );
}

/// A tokens event: the tokens taken from a completed feature (the trade
/// goods of a city), or a kind of token's majority at the end.
fn write_tokens(out: &mut String, players: &[String], e: &Event) {
    let f = &e.feature;
    if e.tokens.is_empty() {
        let taken: Vec<String> = f
            .extras
            .iter()
            .map(|(name, n)| super::award::extra(*n, name))
            .collect();
        let _ = writeln!(out, "  {} — {}", f.name, taken.join(", "));
        let _ = writeln!(
            out,
            "    {} takes them   {}",
            names(players, &e.winners),
            super::award::rule(&e.basis)
        );
        return;
    }
    let held: Vec<String> = e
        .tokens
        .iter()
        .enumerate()
        .filter(|(_, n)| **n > 0)
        .map(|(i, n)| format!("{} {n}", players[i]))
        .collect();
    let majority = majority(players, &e.winners);
    let _ = writeln!(out, "  {} — {} → {majority}", f.name, held.join(", "));
    write_points(out, players, e);
}

/// A payment between players (a ransom): who pays whom, and how much.
fn write_payment(out: &mut String, players: &[String], e: &Event) {
    let payer = e.points.iter().position(|&p| p < 0);
    let paid: Vec<String> = e
        .points
        .iter()
        .enumerate()
        .filter(|(_, p)| **p != 0)
        .map(|(i, p)| format!("{} {}{p}", players[i], if *p > 0 { "+" } else { "" }))
        .collect();
    let who = match payer {
        Some(p) if e.winners.is_empty() => format!("{} pays", players[p]),
        Some(p) => format!("{} pays {}", players[p], names(players, &e.winners)),
        None => format!("{} scores", names(players, &e.winners)),
    };
    let _ = writeln!(out, "  {} — {who}", e.feature.name);
    let _ = writeln!(
        out,
        "    {}   {}",
        paid.join(", "),
        super::award::rule(&e.basis)
    );
}

fn write_event(out: &mut String, players: &[String], figures: &FigureTable, e: &Event) {
    let f = &e.feature;
    if matches!(f.kind, crate::engine::ScoredKind::Tokens(_)) {
        write_tokens(out, players, e);
        return;
    }
    if matches!(
        f.kind,
        crate::engine::ScoredKind::Payment | crate::engine::ScoredKind::Bonus
    ) {
        write_payment(out, players, e);
        return;
    }
    let state = match (f.kind, f.complete) {
        (crate::engine::ScoredKind::Farm, _) => String::new(),
        (_, true) => "complete, ".into(),
        (_, false) => "unfinished, ".into(),
    };
    let mut pennants = String::new();
    for (name, n) in &f.extras {
        pennants.push_str(", ");
        pennants.push_str(&super::award::extra(*n, name));
    }
    let _ = writeln!(
        out,
        "  {} — {state}{} tile{}{pennants}: {}",
        f.name,
        f.tiles.len(),
        if f.tiles.len() == 1 { "" } else { "s" },
        positions(&f.tiles)
    );
    if f.kind == crate::engine::ScoredKind::Farm && !super::award::is_farms_around(&e.basis) {
        if f.cities.is_empty() && f.open_cities.is_empty() {
            let _ = writeln!(out, "    touches no city");
        }
        if !f.cities.is_empty() {
            let _ = writeln!(
                out,
                "    touches completed: {}",
                super::names::join(&f.cities)
            );
        }
        if !f.open_cities.is_empty() {
            let _ = writeln!(
                out,
                "    touches unfinished (not counted): {}",
                super::names::join(&f.open_cities)
            );
        }
    }
    let followers: Vec<String> = e
        .followers
        .iter()
        .enumerate()
        .filter(|(_, n)| **n > 0)
        .map(|(i, &n)| {
            let weighed: Vec<Figure> = e
                .weighed
                .iter()
                .filter(|(p, _)| *p == i)
                .map(|(_, f)| *f)
                .collect();
            follower_count(
                &players[i],
                n,
                e.strength.get(i).copied().unwrap_or(n),
                &weighed,
                figures,
            )
        })
        .collect();
    let majority = majority(players, &e.winners);
    let farmers = if f.kind == crate::engine::ScoredKind::Farm {
        "farmers"
    } else {
        "followers"
    };
    let other_list: Vec<String> = e
        .others
        .iter()
        .map(|&(p, fig)| format!("{}'s {}", players[p], figures.name(fig)))
        .collect();
    let others = if other_list.is_empty() {
        String::new()
    } else {
        format!(" (and {})", other_list.join(", "))
    };
    if followers.is_empty() && !e.taken.is_empty() {
        // Its followers were taken off before it was scored.
        let taken: Vec<String> = e
            .taken
            .iter()
            .map(|&(p, fig)| {
                format!(
                    "{}'s {}",
                    players[p],
                    crate::text::figure_word(figures.name(fig))
                )
            })
            .collect();
        let _ = writeln!(
            out,
            "    {farmers}: none left ({} taken off it before it was scored) → nobody",
            taken.join(", ")
        );
    } else if followers.is_empty() && !e.others.is_empty() {
        // Figures that score without a majority (barns at the end): each
        // scores for its owner.
        let _ = writeln!(
            out,
            "    on it: {} → {}",
            other_list.join(", "),
            names(players, &e.winners)
        );
    } else {
        let _ = writeln!(
            out,
            "    {farmers}: {}{others} → {majority}",
            followers.join(", ")
        );
    }
    write_points(out, players, e);
}

fn write_events(out: &mut String, players: &[String], figures: &FigureTable, events: &[Event]) {
    let mut last: Option<Phase> = None;
    for e in events {
        if last != Some(e.phase) {
            match e.phase {
                Phase::Turn { number, player } => {
                    let _ = writeln!(out, "\nturn {number} · {}", players[player]);
                }
                Phase::Final => {
                    let _ = writeln!(out, "\nfinal scoring");
                }
            }
            last = Some(e.phase);
        }
        write_event(out, players, figures, e);
        if let Some(d) = &e.detail {
            let player = match e.phase {
                Phase::Turn { player, .. } => player,
                Phase::Final => e.winners.first().copied().unwrap_or(0),
            };
            let _ = writeln!(out, "    {}", d.tale().words(players, player));
        }
    }
}

fn write_totals(out: &mut String, players: &[String], totals: &[i64], label: &str) {
    let _ = writeln!(out, "\n{label}");
    let width = players.iter().map(|p| p.chars().count()).max().unwrap_or(0);
    for (p, t) in players.iter().zip(totals) {
        let _ = writeln!(out, "  {p:<width$}  {t:>4}");
    }
}

/// The text breakdown of one adjudication.
#[must_use]
pub fn text(record_name: &str, a: &Adjudication) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} scored under {}",
        text::escaped(record_name, false),
        describe_ruleset(&a.rules)
    );
    // Names as people may see them: escaped and of bounded length.
    let players: Vec<String> = a.players.iter().map(|p| text::name(p)).collect();
    let players = &players;
    let state = if a.ended {
        "game over"
    } else {
        "game in progress"
    };
    let _ = writeln!(
        out,
        "players: {} · {} on the board · {state}",
        players.join(", "),
        text::count(a.tiles_placed, "tile", "tiles")
    );
    write_events(&mut out, players, &a.figures, &a.events);
    if a.events.is_empty() {
        let _ = writeln!(out, "\nnothing has scored");
    }
    super::notes::write(&mut out, players, &a.notes);
    let label = if a.ended { "totals" } else { "totals so far" };
    write_totals(&mut out, players, &a.totals, label);
    if let Some((events, totals)) = &a.preview {
        let _ = writeln!(out, "\nif the game ended now, final scoring would add:");
        let mut preview = String::new();
        write_events(&mut preview, players, &a.figures, events);
        if events.is_empty() {
            preview.push_str("  nothing\n");
        }
        for line in preview
            .lines()
            .filter(|l| !l.is_empty() && *l != "final scoring")
        {
            let _ = writeln!(out, "{line}");
        }
        write_totals(&mut out, players, totals, "totals then");
    } else {
        let w = a.rules.winners(&a.totals);
        if w.len() > 1 {
            let _ = writeln!(out, "\nwinners (tied): {}", names(players, &w));
        } else {
            let _ = writeln!(out, "\nwinner: {}", names(players, &w));
        }
    }
    let violations = a
        .findings
        .iter()
        .filter(|f| f.class() == Class::Defect)
        .count();
    let inputs = a.findings.len() - violations;
    if a.findings.is_empty() {
        let claims = if a.claims_checked {
            "; the claims match"
        } else {
            ""
        };
        let _ = writeln!(out, "\nthe record is legal{claims}");
    } else {
        // Only what there is: "1 rule violation or mismatch", "2 unreadable values".
        let mut parts = Vec::new();
        if violations > 0 {
            parts.push(text::count(
                violations,
                "rule violation or mismatch",
                "rule violations or mismatches",
            ));
        }
        if inputs > 0 {
            parts.push(text::count(inputs, "unreadable value", "unreadable values"));
        }
        let _ = writeln!(out, "\n{} (see the diagnostics)", parts.join(", "));
    }
    if let Some(own) = &a.claims_unchecked {
        let _ = writeln!(out, "{}", super::output::claims_note(own, &a.rules.name));
    }
    out
}

/// One finding as JSON.
#[must_use]
pub fn finding_json(f: &Finding) -> Value {
    serde_json::to_value(super::output::DiagnosticJson::of(f)).unwrap_or_default()
}

/// The JSON object of one adjudication ([`super::output::ScoreJson`]).
#[must_use]
pub fn json(record_name: &str, a: &Adjudication) -> Value {
    serde_json::to_value(super::output::ScoreJson::of(record_name, a)).unwrap_or_default()
}
