//! `carca new`: a commented starter file to change into one's own, that
//! carca accepts as it is: a record (a short legal game of the sets named,
//! with the totals `carca test` checks), a ruleset, or a tile set. It
//! needs nothing but the binary, so that every example of `--help` and
//! `carca man` runs after `cargo install`.

use std::fmt::Write as _;
use std::path::Path;

use super::{NewArgs, NewKind, Outcome};
use crate::loader::Loader;
use crate::report::diagnostics::Style;

/// Turns of the starter game after the start tile.
const TURNS: u64 = 5;

/// Seeds tried for a starter game that scores something.
const SEEDS: u64 = 32;

/// Writes the starter file to standard output or to `--output` (never over
/// a file that exists).
pub(crate) fn run(loader: &Loader, args: &NewArgs, style: Style) -> Outcome {
    let text = match args.kind {
        NewKind::Record => match record(loader, args, style) {
            Ok(t) => t,
            Err(out) => return out,
        },
        NewKind::Ruleset => RULESET.to_string(),
        NewKind::Tileset => TILESET.to_string(),
    };
    let Some(path) = args.output.as_deref().filter(|p| p.as_os_str() != "-") else {
        return Outcome {
            stdout: text,
            ..Outcome::default()
        };
    };
    match crate::write::create_with(path, |w| w.write_all(text.as_bytes())) {
        Ok(()) => Outcome {
            stderr: format!(
                "wrote {}; {}\n",
                crate::text::escaped(&path.display().to_string(), false),
                next_step(args.kind, path)
            ),
            ..Outcome::default()
        },
        Err(e) => super::error::write(path, e),
    }
}

/// What to do with the file just written.
fn next_step(kind: NewKind, path: &Path) -> String {
    let shown = path.display().to_string();
    let name = crate::text::escaped(&shown, false);
    match kind {
        NewKind::Record => format!("score it with `carca score {name}`"),
        NewKind::Ruleset => format!("use it with `carca score RECORD --rules {name}`"),
        NewKind::Tileset => format!("check it with `carca tiles check {name}`"),
    }
}

/// The starter record: a short random legal game of the sets named, with
/// a comment before each part and the totals under the modern rules.
fn record(loader: &Loader, args: &NewArgs, style: Style) -> Result<String, Outcome> {
    // The first of a few seeds whose game scores something, so that the
    // breakdown shows how a feature pays.
    let mut chosen: Option<(String, String)> = None;
    for seed in 1..=SEEDS {
        let options = crate::generator::Options {
            tiles: TURNS + 1,
            players: usize::from(args.players),
            seed,
            tilesets: args.tilesets.clone(),
            followers: 0.8,
        };
        let plan = super::generate::plan(loader, &options, super::RecordFormat::Yaml, 1, style)?;
        let mut game = Vec::new();
        plan.write(&mut game, None)
            .map_err(|e| super::usage_error(&format!("the starter game cannot be written: {e}")))?;
        // The game is in progress: the tiles left are not drawn yet.
        let mut body = String::new();
        for l in String::from_utf8_lossy(&game)
            .lines()
            .filter(|l| !l.starts_with('#') && !l.starts_with("final:"))
        {
            body.push_str(l);
            body.push('\n');
        }
        let (totals, scored) = modern_totals(loader, &body, style)?;
        let done = scored || seed == SEEDS;
        if chosen.is_none() || scored {
            chosen = Some((body, totals));
        }
        if done {
            break;
        }
    }
    let Some((body, totals)) = chosen else {
        return Err(super::usage_error("no starter game could be played"));
    };
    let mut out = String::from(RECORD_HEAD);
    for line in body.lines() {
        if line.starts_with("tilesets:") {
            out.push_str(&tilesets_comment());
        } else if let Some(comment) = RECORD_PARTS
            .iter()
            .find(|(key, _)| line.starts_with(key))
            .map(|(_, c)| c)
        {
            out.push_str(comment);
        }
        out.push_str(line);
        out.push('\n');
    }
    out.push_str(RECORD_TAIL);
    let _ = writeln!(out, "expect:\n  modern: {{ {totals} }}");
    Ok(out)
}

/// The totals of the record `text` under the modern rules, as the
/// `expect:` block writes them (`red: 2, blue: 0`), and whether anybody
/// scored.
fn modern_totals(loader: &Loader, text: &str, style: Style) -> Result<(String, bool), Outcome> {
    let source = crate::source::SourceFile::new("new.yaml", text);
    let record =
        crate::record::parse(loader, &source, &super::cwd()).map_err(|findings| Outcome {
            stderr: crate::report::diagnostics::render(&findings, style),
            code: 2,
            ..Outcome::default()
        })?;
    let rules = crate::rules::Ruleset::modern();
    let a = crate::engine::adjudicate(&record, &rules, "modern", true, &crate::expansions::ALL);
    let words = a
        .players
        .iter()
        .zip(&a.totals)
        .map(|(p, t)| format!("{p}: {t}"))
        .collect::<Vec<_>>()
        .join(", ");
    Ok((words, a.totals.iter().any(|&t| t > 0)))
}

const RECORD_HEAD: &str = "\
# A game record for carca: the turns as they were played. Change it into
# your own game; `carca score FILE` checks every placement against the
# rules and explains who scored what. `carca help score` and `carca man`
# say more; every key is in docs/records.md of carca's sources.
";

/// The comment before `tilesets:`: the built-in sets, from the one list.
fn tilesets_comment() -> String {
    let text = format!(
        "The tile sets in play: {}, or a file of your own (`carca tiles show base` draws every tile of a set, with its letter).",
        crate::tileset::builtin::NAMES.join(", ")
    );
    let mut out = String::new();
    let width = textwrap::Options::new(74).word_splitter(textwrap::WordSplitter::NoHyphenation);
    for line in textwrap::wrap(&text, width) {
        let _ = writeln!(out, "# {line}");
    }
    out
}

/// A comment before each other part of the record, by the key that starts it.
const RECORD_PARTS: [(&str, &str); 2] = [
    (
        "players:",
        "# The players, in turn order: names or colours.
",
    ),
    (
        "turns:",
        "# One entry a turn, in order from the first player: the tile drawn;
# where it goes (x grows to the east, y to the north, the start tile lies
# at [0, 0]); how far it is turned clockwise (rot: 0, 90, 180 or 270);
# and the follower its player put on it, if any: `meeple: N` on the road
# or city at that edge (N, E, S, W), `C` on a cloister, `NNE`, `ESE`… on
# a field. `carca moves FILE --tile C` lists where a tile fits now.
",
    ),
];

const RECORD_TAIL: &str = "\
# Tiles are left: the game is in progress, and the scores are those so
# far. Once the last tile is down, add `final: true`: unfinished roads,
# cities and cloisters, and the farms, score as at the end.
# The totals the players reckon, if they disagree: carca says who is right.
# claims: { red: 10, blue: 8 }
# The totals `carca test FILE` checks, under each ruleset named; after a
# change, `carca test --update FILE` writes them from the results.
";

const RULESET: &str = "\
# A ruleset for carca: the rules a table plays by. Everything not written
# here comes from the ruleset it extends. Use it with
# `carca score RECORD --rules FILE`, or `carca compare RECORD --rules
# modern,FILE` to see what it changes; every key is in docs/rulesets.md of
# carca's sources, and `carca schema ruleset` describes them for editors.
name = \"house\"
extends = \"modern\"            # or first-edition, second-edition, hig-faq-2007, …

# The rules of 2000: a finished city of two tiles scores 1 a tile.
small_city = false

# Farms: \"first\" (2000), \"second\" (2001) or \"third\" (since 2002).
farm_scoring = \"third\"

# Followers each player has.
followers = 7

# Points, as numbers (the rest as in the ruleset extended).
[points]
farm_city = 3                 # a farm's completed city, per farmer majority
";

const TILESET: &str = "\
# A tile set for carca: tiles by their edges, everything else derived.
# Edges go N, E, S, W: C a city, R a road, F a field (I a river). Check it
# with `carca tiles check FILE`, draw it with `carca tiles show FILE`, and
# play it with `tilesets: [FILE]` in a record (its start tile M1 starts the
# game; beside the base game, `tilesets: [base, FILE]`, the base game's D
# does); the whole language is in docs/tilesets.md of carca's sources.
name: meadows
description: three tiles to start from
tiles:
  # A city at the north, a road from west to east: the start tile.
  - { id: M1, count: 4, edges: CRFR, start: true }
  # Two cities that do not meet, north and south.
  - { id: M2, count: 3, edges: CFCF, cities: [{ edges: N }, { edges: S }] }
  # A city on three sides with a pennant; a road from the south ends at it.
  - id: M3
    count: 2
    edges: CCRC
    pennants: 1
    roads: [{ edges: S, ends: city }]
";
