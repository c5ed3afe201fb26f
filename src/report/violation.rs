//! Rule violations in words: the message, the stable code, the help line
//! and the label at the value in the record. The engine finds them as data
//! ([`Violation`]); every text, JSON and miette rendering reads them here.

use std::fmt;

use miette::{Diagnostic, LabeledSpan};

use crate::engine::Phase;
use crate::engine::violation::Wording;
use crate::engine::{
    AfterTheEnd, CornerProblem, Elsewhere, MoveProblem, PlacedWhen, PointsFrom, Violation,
    ViolationKind,
};
use crate::geometry::Rotation;
use crate::text::{or_list, plural as s};

/// A violation's words.
struct Words {
    message: String,
    code: &'static str,
    help: String,
    label: String,
}

use super::names::figure_word;

fn signed(n: i64) -> String {
    if n > 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}

/// Which rotations would fit, for the edge-mismatch help line.
fn fitting(id: &str, pos: crate::geometry::Pos, fits: &[Rotation]) -> String {
    let fits: Vec<String> = fits.iter().map(|r| format!("rot: {r}")).collect();
    match &fits[..] {
        [] => format!("no rotation of {id} fits at {pos}"),
        [one] => format!("at {pos} it fits with {one}"),
        [rest @ .., last] => format!("at {pos} it fits with {} or {last}", rest.join(", ")),
    }
}

/// Where a player's points come from, for mismatch help lines.
fn explain(from: &PointsFrom) -> String {
    match from.in_progress {
        Some(end) => {
            let so_far = if from.scorings.is_empty() {
                format!("{} has scored nothing yet", from.player)
            } else {
                explain_so_far(from)
            };
            format!(
                "the game is still in progress (tiles are left and the record does not say `final: true`), so these are the points so far: {so_far}; final scoring would make it {end}. If the game is over, write `final: true`"
            )
        }
        None => explain_so_far(from),
    }
}

/// The scorings that paid a player so far.
fn explain_so_far(from: &PointsFrom) -> String {
    let name = &from.player;
    if from.scorings.is_empty() {
        return format!("{name} scores nothing in this game");
    }
    let shown = from.scorings.len().min(12);
    let parts: Vec<String> = from.scorings[..shown]
        .iter()
        .map(|(feature, phase, points)| {
            let when = match phase {
                Phase::Turn { number, .. } => format!("turn {number}"),
                Phase::Final => "final".into(),
            };
            format!("{feature} {points:+} ({when})")
        })
        .collect();
    let more = if from.scorings.len() > shown {
        format!(", and {} more", from.scorings.len() - shown)
    } else {
        String::new()
    };
    format!("{name}'s {} points: {}{more}", from.total, parts.join(", "))
}

impl Violation {
    fn words(&self) -> Words {
        let w = |message: String, code, help: &str, label: &str| Words {
            message,
            code,
            help: help.to_string(),
            label: label.to_string(),
        };
        match &self.kind {
            ViolationKind::TurnOrder {
                turn,
                expected,
                got,
            } => w(
                format!(
                    "turn {turn} is {expected}'s, but the record says {got}: scored as {got}'s turn; the turn order continues from {got}"
                ),
                "carca::rules::turn_order",
                "players take turns in the order of `players`; after a discard the same player draws again",
                &format!("expected {expected}"),
            ),
            ViolationKind::OccupiedPosition { pos, id, placed } => {
                let placed = match placed {
                    None => String::new(),
                    Some(PlacedWhen::Start) => " (the start tile)".into(),
                    Some(PlacedWhen::Turn(t)) => format!(" (placed on turn {t})"),
                };
                w(
                    format!("{pos} already holds tile {id}{placed}"),
                    "carca::rules::occupied_position",
                    "each position holds one tile; this placement is ignored",
                    "occupied",
                )
            }
            ViolationKind::NoContact { id, pos, corner } => w(
                format!(
                    "tile {id} at {pos} touches no tile along an edge{}",
                    if *corner { ", only at a corner" } else { "" }
                ),
                "carca::rules::no_contact",
                "a tile must share at least one edge with a placed tile; corners connect nothing",
                "no neighbour along an edge",
            ),
            ViolationKind::EdgeMismatch {
                id,
                pos,
                edge,
                ours,
                neighbour,
                at,
                theirs,
                fits,
            } => w(
                format!(
                    "the {} edge of {id} ({}) meets {neighbour} at {at} ({})",
                    edge.letter(),
                    ours.word(),
                    theirs.word()
                ),
                "carca::rules::edge_mismatch",
                &format!(
                    "touching edges must match: city to city, road to road, field to field, river to river; {}",
                    fitting(id, *pos, fits)
                ),
                &format!("{} edge does not match", edge.letter()),
            ),
            ViolationKind::NotAHole { id, pos, empty } => w(
                format!(
                    "{id} may only be placed into a hole, but {pos} has no neighbour to the {}",
                    empty
                        .iter()
                        .map(ToString::to_string)
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                "carca::rules::not_a_hole",
                "the abbey goes only where all four neighbours are tiles",
                "not a hole",
            ),
            ViolationKind::Supply { id, count, start } => w(
                format!(
                    "no {id} is left: the tile sets hold {count}{}",
                    if *start {
                        ", the start tile included"
                    } else {
                        ""
                    }
                ),
                "carca::rules::supply",
                "check the tile id; every tile is drawn at most as often as the set holds it",
                "none left",
            ),
            ViolationKind::NoOwnTile { player, id, count } => w(
                format!("{player} has no {id} left to place"),
                "carca::rules::no_abbey",
                &format!("each player has {count} of these for the whole game"),
                "already placed",
            ),
            ViolationKind::DiscardFits { id, fits } => {
                let shown: Vec<String> = fits
                    .iter()
                    .take(4)
                    .map(|(p, r)| format!("at {p} rot {r}"))
                    .collect();
                let more = if fits.len() > 4 { ", …" } else { "" };
                w(
                    format!(
                        "{id} was discarded, but it fits {} place{}: {}{more}",
                        fits.len(),
                        s(fits.len()),
                        shown.join(", ")
                    ),
                    "carca::rules::discard_fits",
                    "only a tile that fits nowhere may be discarded",
                    "this tile fits",
                )
            }
            ViolationKind::NoFollower { player } => w(
                format!("{player} has no follower left to deploy: the turn is scored without one"),
                "carca::rules::no_follower",
                "followers come back when their feature is scored; farmers never do",
                "no follower in supply",
            ),
            ViolationKind::NoFigure {
                player,
                figure,
                count,
            } => w(
                format!(
                    "{player} has no {} left to deploy: the deployment is void and {player}'s supply is unchanged",
                    if figure == "big" {
                        "big follower"
                    } else {
                        figure.as_str()
                    }
                ),
                "carca::rules::no_figure",
                &format!(
                    "the ruleset gives each player {count} of this figure (`[figures]` in the ruleset, or the tile sets in play); figures come back when their feature is scored"
                ),
                "none in supply",
            ),
            ViolationKind::Mechanic(broken) => {
                let p = broken.problem();
                let Wording {
                    message,
                    help,
                    label,
                } = p.wording();
                Words {
                    message,
                    code: p.code(),
                    help,
                    label,
                }
            }
            ViolationKind::ElsewhereRefused {
                player,
                figure,
                at,
                why,
            } => {
                let figure = figure_word(figure);
                let (why, help, label) = match why {
                    Elsewhere::NotOffered => (
                        "the tile just placed shows no magic portal".to_string(),
                        "a figure goes on the tile just placed (`meeple: LOC`), unless that tile shows a magic portal",
                        "no portal",
                    ),
                    Elsewhere::NotFollower => (
                        format!("a {figure} never goes through a magic portal"),
                        "only followers (a normal or big follower, a mayor, a wagon) go to another tile; builders, pigs and barns stay by the tile just placed",
                        "not a follower",
                    ),
                    Elsewhere::Finished => (
                        format!("that feature of the tile at {at} is finished"),
                        "through a magic portal a follower goes only on a feature that is not finished",
                        "finished",
                    ),
                };
                w(
                    format!(
                        "{player}'s {figure} may not go to the tile at {at}: {why}; it stays in {player}'s supply"
                    ),
                    "carca::rules::portal",
                    help,
                    label,
                )
            }
            ViolationKind::NotInPlay { key } => w(
                format!("`{key}` does nothing in this game: no tile set in play brings its rule"),
                "carca::rules::not_in_play",
                "add the tile set whose rule it is to `tilesets` (`tower` for tower pieces, captures, ransoms and followers on towers; `princess-dragon` for the dragon, the fairy, the princess and magic portals), or remove the key",
                "not in this game",
            ),
            ViolationKind::CornerRefused {
                player,
                figure,
                point,
                why,
            } => {
                let corner = format!(
                    "the corner point where ({}) ({}) ({}) ({}) meet",
                    format_args!("{},{}", point.x, point.y),
                    format_args!("{},{}", point.x + 1, point.y),
                    format_args!("{},{}", point.x, point.y + 1),
                    format_args!("{},{}", point.x + 1, point.y + 1)
                );
                let why = match why {
                    CornerProblem::Missing(empty) => format!(
                        "no tile lies at {}",
                        empty
                            .iter()
                            .map(ToString::to_string)
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                    CornerProblem::NotField(at) => {
                        format!("the quarter of the tile at {at} there is not one field")
                    }
                    CornerProblem::Taken => "a figure stands there already".to_string(),
                };
                w(
                    format!(
                        "a {figure} may not stand on {corner}: {why}; it stays in {player}'s supply"
                    ),
                    "carca::rules::corner",
                    &format!(
                        "a {figure} stands where four placed tiles meet, and each one's quarter there is one field (no city, no road between two fields)"
                    ),
                    "not a corner of four fields",
                )
            }
            ViolationKind::NotACorner { figure } => w(
                format!("a {figure} stands on a corner point, which this location does not name"),
                "carca::record::corner",
                &format!(
                    "name a corner of the tile: NE, SE, SW or NW (`meeple: NE, figure: {figure}`)"
                ),
                "not a corner",
            ),
            ViolationKind::MoveRefused {
                player,
                figure,
                why,
            } => {
                let (why, help, label) = match why {
                    MoveProblem::NotHome => (
                        format!("no {figure} of {player}'s came home in this turn's scoring"),
                        format!("a {figure} moves on only when the turn's scoring sends it home"),
                        "nothing to move".to_string(),
                    ),
                    MoveProblem::Again => (
                        format!("{player}'s {figure} has had its move in this turn"),
                        format!("each {figure} the scoring sent home moves once, or stays home"),
                        "moved already".to_string(),
                    ),
                    MoveProblem::NotFrom(at) => (
                        format!("no {figure} of {player}'s came home from {at}"),
                        format!("`from:` names the tile the {figure} stood on"),
                        "not where it stood".to_string(),
                    ),
                    MoveProblem::WhichOne(from) => (
                        format!(
                            "{} {figure}s of {player}'s came home: say which one moves",
                            from.len()
                        ),
                        format!(
                            "add `from: [x, y]`, the tile it stood on: {}",
                            from.iter()
                                .map(ToString::to_string)
                                .collect::<Vec<_>>()
                                .join(" or ")
                        ),
                        "which one?".to_string(),
                    ),
                    MoveProblem::OutOfOrder { before } => (
                        format!("{player}'s {figure} moves after {before}'s"),
                        "moves are listed in turn order, starting with the player of the turn"
                            .to_string(),
                        "out of turn order".to_string(),
                    ),
                    MoveProblem::NoTile(at) => (
                        format!("{player}'s {figure} may not move to {at}: no tile lies there"),
                        format!("a {figure} moves onto a feature of a placed tile"),
                        "no tile here".to_string(),
                    ),
                    MoveProblem::TooFar { from, to } => (
                        format!("{player}'s {figure} may not move from {from} to {to}: too far"),
                        format!("a {figure} moves onto its own tile or one of the 8 around it"),
                        "out of reach".to_string(),
                    ),
                    MoveProblem::WrongFeature { kind, stands } => (
                        format!("{player}'s {figure} may not move onto a {}", kind.word()),
                        format!(
                            "a {figure} stands on {}",
                            or_list(&stands.iter().map(|k| k.word()).collect::<Vec<_>>())
                        ),
                        format!("not a place for a {figure}"),
                    ),
                    MoveProblem::Finished(kind) => (
                        format!(
                            "{player}'s {figure} may not move onto a finished {}",
                            kind.word()
                        ),
                        format!("a {figure} moves onto an unfinished feature"),
                        "finished".to_string(),
                    ),
                    MoveProblem::Occupied(kind) => (
                        format!(
                            "{player}'s {figure} may not move onto a {} that holds a figure",
                            kind.word()
                        ),
                        format!("a {figure} moves onto a feature where no figure stands"),
                        "taken".to_string(),
                    ),
                };
                w(
                    format!("{why}: it stays in {player}'s supply"),
                    "carca::rules::figure_move",
                    &help,
                    &label,
                )
            }
            ViolationKind::FigureMisplaced {
                player,
                figure,
                stands,
                kind,
            } => w(
                format!(
                    "a {figure} may not stand on a {}: it stays in {player}'s supply",
                    kind.word()
                ),
                "carca::rules::figure_misplaced",
                &format!(
                    "a {figure} stands on {}",
                    or_list(&stands.iter().map(|k| k.word()).collect::<Vec<_>>())
                ),
                &format!("not a place for a {figure}"),
            ),
            ViolationKind::FigureAlone {
                player,
                figure,
                stands,
                kind,
            } => w(
                format!(
                    "{player} has no follower on this {}, so the {figure} may not go there: it stays in {player}'s supply",
                    kind.word(),
                ),
                "carca::rules::figure_alone",
                &format!(
                    "a {figure} joins {} of the tile just placed that already holds one of its owner's followers",
                    or_list(&stands.iter().map(|k| k.word()).collect::<Vec<_>>())
                ),
                &format!("no follower of {player} here"),
            ),
            ViolationKind::CompanionOnCompleted {
                player,
                figure,
                kind,
            } => w(
                format!(
                    "this tile completes the {}, so a {figure} may not go there: it stays in {player}'s supply",
                    kind.word()
                ),
                "carca::rules::builder_on_completed",
                &format!(
                    "a {figure} goes on an unfinished road or city; it would come home at once"
                ),
                "completed by this tile",
            ),
            ViolationKind::DoubleTurnSkipped {
                turn,
                player,
                earned,
                got,
            } => w(
                format!(
                    "turn {turn} is {player}'s second turn, earned by {player}'s builder on turn {earned}, but the record says {got}: scored as {got}'s turn; the turn order continues from {got}"
                ),
                "carca::rules::turn_order",
                "when a player's drawn tile extends the road or city that holds their builder, they take one more turn at once",
                &format!("expected {player} again"),
            ),
            ViolationKind::DoubleTurnUnearned {
                turn,
                player,
                expected,
                third,
            } => {
                let why = if *third {
                    "a second turn never gives a third"
                } else {
                    "no builder of theirs earned a second turn"
                };
                w(
                    format!(
                        "turn {turn} gives {player} another turn, but {why}; it is {expected}'s: scored as {player}'s turn; the turn order continues from {player}"
                    ),
                    "carca::rules::turn_order",
                    "a player takes a second turn only when their drawn tile extends the road or city that holds their builder, and never a third",
                    &format!("expected {expected}"),
                )
            }
            ViolationKind::FollowerOnRiver { player } => w(
                format!(
                    "followers may not stand on the river: the follower stays in {player}'s supply"
                ),
                "carca::rules::follower_on_river",
                "deploy on the tile's road, city, field or cloister instead",
                "this is the river",
            ),
            ViolationKind::FollowerInLandmark { player, landmark } => w(
                format!(
                    "no figure stands in the landmark #{landmark}: the figure stays in {player}'s supply"
                ),
                "carca::rules::follower_in_landmark",
                "deploy on a road, city, field or cloister of the tile instead",
                "this is a landmark",
            ),
            ViolationKind::FeatureOccupied {
                player,
                figure,
                kind,
                by,
            } => {
                let by = by
                    .iter()
                    .map(|(who, f, pos, l)| format!("{who}'s {} at {pos} {l}", figure_word(f)))
                    .collect::<Vec<_>>()
                    .join(" and ");
                w(
                    format!(
                        "the {} here already holds {by}: the {} stays in {player}'s supply",
                        kind.word(),
                        figure_word(figure)
                    ),
                    "carca::rules::feature_occupied",
                    "a follower may not join a feature that holds any follower, however far away, the player's own included",
                    "already occupied",
                )
            }
            ViolationKind::GameOver { ended, turn, why } => w(
                format!("the game ended on turn {ended}; turn {turn} comes after it"),
                "carca::rules::game_over",
                match why {
                    AfterTheEnd::RoundOver => {
                        "every player has placed an abbey or had the chance to in the final round"
                    }
                    AfterTheEnd::OnlyOwnTiles => {
                        "after the last land tile only abbeys may be placed, in one final round"
                    }
                    AfterTheEnd::NoFinalRound => {
                        "under this ruleset the game ends with the last land tile (end_game_abbey = \"none\")"
                    }
                },
                "after the end",
            ),
            ViolationKind::FinalRoundOrder { got, expected } => w(
                format!(
                    "{got} places an abbey out of turn in the final round; next could be {}",
                    expected.as_deref().unwrap_or("nobody")
                ),
                "carca::rules::final_round_order",
                "the final abbey round goes clockwise from the player after the one who placed the last tile, ending with that player",
                "out of order",
            ),
            ViolationKind::Disconnected { id, pos } => w(
                format!("tile {id} at {pos} is not connected to the start tile"),
                "carca::rules::disconnected",
                "every tile on the table shares an edge with the rest of the board",
                "cut off",
            ),
            ViolationKind::TooManyFollowers { player, count, max } => w(
                format!("{player} has {count} followers on the table but only {max} in all"),
                "carca::rules::too_many_followers",
                &format!("the ruleset gives each player {max} followers"),
                "one too many",
            ),
            ViolationKind::SameSpot { kind, pos } => w(
                format!(
                    "two followers stand on the same {} of tile {pos}",
                    kind.word()
                ),
                "carca::rules::same_spot",
                "one follower per feature of a tile; followers on one feature came from different tiles",
                "second follower here",
            ),
            ViolationKind::ClaimMismatch {
                claimed,
                computed,
                ruleset,
                from,
            } => w(
                format!(
                    "{} claims {claimed} points, but the game scores {computed} under {ruleset}",
                    from.player
                ),
                "carca::score::claim_mismatch",
                &explain(from),
                &format!("differs by {}", signed(computed - claimed)),
            ),
            ViolationKind::ExpectMismatch {
                expected,
                computed,
                ruleset,
                from,
            } => w(
                format!(
                    "expected {expected} points for {} under {ruleset}, but the game scores {computed}",
                    from.player
                ),
                "carca::score::expect_mismatch",
                &explain(from),
                &format!("differs by {}", signed(computed - expected)),
            ),
            ViolationKind::NoSuchSpot(unnamed) => {
                let (message, help) = unnamed.words();
                w(
                    message,
                    "carca::record::location_nothing",
                    &help,
                    "names nothing here",
                )
            }
            ViolationKind::ExpectMissing {
                player,
                ruleset,
                computed,
            } => w(
                format!(
                    "`expect` for {ruleset} gives no total for {player}, who scores {computed}"
                ),
                "carca::score::expect_missing",
                "list every player in each `expect` block",
                &format!("no total for {player}"),
            ),
        }
    }
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.words().message)
    }
}

impl std::error::Error for Violation {}

impl Diagnostic for Violation {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(self.words().code))
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        let help = self.words().help;
        Some(Box::new(match &self.inferred {
            Some((turn, player)) => format!(
                "{help}. Note: the turn order is carca's inference: the record names no player on turn {turn}, which carca gave to {player} as their builder's second turn; if that second turn was not played, write `player:` on the turns"
            ),
            None => help,
        }))
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        Some(Box::new(std::iter::once(LabeledSpan::new_with_span(
            Some(self.words().label),
            self.span,
        ))))
    }
}
