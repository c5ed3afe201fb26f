//! The words of the adjudication's notes: what happened without points.

use std::fmt::Write;

use crate::engine::{Note, NoteKind};

/// A note in words, as the breakdown says it.
#[must_use]
pub fn words(players: &[String], n: &Note) -> String {
    let who = &players[n.player];
    match &n.kind {
        NoteKind::SecondTurn { feature, taken } => {
            let taken = match taken {
                Some(t) => format!("turn {t}"),
                None => "not taken in the record".to_string(),
            };
            format!(
                "turn {} · {who} extended {feature}, which holds {who}'s builder → second turn: {taken}",
                n.turn
            )
        }
        NoteKind::Moved {
            figure,
            from,
            at,
            spot,
            feature,
        } => format!(
            "turn {} · {who}'s {figure} came home from {from} and moved on to {at} {spot} ({feature})",
            n.turn
        ),
        NoteKind::Stayed {
            figure,
            from,
            could,
        } if could.is_empty() => format!(
            "turn {} · {who}'s {figure} came home from {from} and stays home: no unfinished, free feature for it on that tile or the 8 around",
            n.turn
        ),
        NoteKind::Stayed {
            figure,
            from,
            could,
        } => {
            let places: Vec<String> = could
                .iter()
                .map(|(at, spot, kind)| format!("{at} {spot} ({})", kind.word()))
                .collect();
            format!(
                "turn {} · {who}'s {figure} came home from {from} and stays home: the record moves it nowhere (it could go to {})",
                n.turn,
                places.join(", ")
            )
        }
        NoteKind::TowerPiece { at, height } => format!(
            "turn {} · {who} put a tower piece on the tower at {at}: height {height}",
            n.turn
        ),
        NoteKind::OnTower { figure, at } => format!(
            "turn {} · {who} put a {} on top of the tower at {at}, which closes it",
            n.turn,
            figure_word(figure)
        ),
        NoteKind::Captured {
            figure,
            owner,
            at,
            spot,
            home,
            with,
        } => {
            let owner = &players[*owner];
            let with = with.iter().fold(String::new(), |mut s, f| {
                let _ = write!(s, "; {owner}'s {f} goes home");
                s
            });
            let fate = match (owner == who, home) {
                (true, _) => "it goes home".to_string(),
                (false, true) => format!("it goes home to {owner} (exchanged)"),
                (false, false) => format!("{who} holds it"),
            };
            format!(
                "turn {} · {who}'s tower took {owner}'s {} at {at} {spot}: {fate}{with}",
                n.turn,
                figure_word(figure)
            )
        }
        NoteKind::Exchanged { figure, from } => format!(
            "turn {} · prisoners exchanged: {who}'s {} held by {} goes home",
            n.turn,
            figure_word(figure),
            players[*from]
        ),
        NoteKind::Ransomed {
            figure,
            from,
            points,
        } => format!(
            "turn {} · {who} paid {} {points} points of ransom for {who}'s {}, which goes home",
            n.turn,
            players[*from],
            figure_word(figure)
        ),
        NoteKind::DragonArrived { at } => format!(
            "turn {} · {who} placed a volcano at {at}: the dragon moves there",
            n.turn
        ),
        NoteKind::DragonFlew {
            from,
            steps,
            stuck: true,
            ..
        } if steps.is_empty() => format!(
            "turn {} · the dragon at {from} cannot move: no step is possible",
            n.turn
        ),
        NoteKind::DragonFlew {
            from,
            steps,
            refused: true,
            ..
        } if steps.is_empty() => format!(
            "turn {} · the dragon stays at {from}: the record's first step is refused (see the diagnostics)",
            n.turn
        ),
        NoteKind::DragonFlew { from, steps, .. } if steps.is_empty() => format!(
            "turn {} · the dragon stays at {from}: the record lists no step",
            n.turn
        ),
        NoteKind::DragonFlew {
            from,
            steps,
            stuck,
            refused,
        } => {
            let mut out = format!("turn {} · the dragon flies from {from}:", n.turn);
            for (k, step) in steps.iter().enumerate() {
                let _ = write!(out, " {}. {} to {}", k + 1, players[step.by], step.to);
                if !step.ate.is_empty() {
                    let _ = write!(out, ", eats {}", gone_words(players, &step.ate));
                }
                out.push(';');
            }
            out.pop();
            if *refused {
                out.push_str("; the record's next step is refused (see the diagnostics)");
            } else if *stuck {
                out.push_str(" (a dead end)");
            }
            out
        }
        NoteKind::FairyMoved { at, beside } => match beside {
            Some((figure, spot)) => format!(
                "turn {} · {who} moved the fairy beside {who}'s {} at {at} {spot}",
                n.turn,
                figure_word(figure)
            ),
            None => format!(
                "turn {} · {who} moved the fairy to the tile at {at}",
                n.turn
            ),
        },
        NoteKind::SentHome { at, gone } => format!(
            "turn {} · {who}'s princess sent home from {at}: {}",
            n.turn,
            gone_words(players, gone)
        ),
    }
}

/// Figures gone from the board, in words: "blue's farmer at N, red's pig
/// at C".
fn gone_words(players: &[String], gone: &[crate::engine::Gone]) -> String {
    let each = |with: bool| {
        gone.iter()
            .filter(|g| g.with == with)
            .map(|g| {
                format!(
                    "{}'s {} ({})",
                    players[g.owner],
                    figure_word(&g.figure),
                    g.spot
                )
            })
            .collect::<Vec<_>>()
    };
    let (alone, with) = (each(false), each(true));
    let mut out = alone.join(", ");
    // A builder or pig goes home because its owner's follower did.
    if !with.is_empty() {
        let verb = if with.len() == 1 { "goes" } else { "go" };
        let whom = if alone.len() == 1 { "it" } else { "them" };
        let _ = write!(out, "; {} {verb} home with {whom}", with.join(", "));
    }
    out
}

use super::names::figure_word;

/// The notes of an adjudication, by kind, after the events.
pub fn write(out: &mut String, players: &[String], notes: &[Note]) {
    let second: Vec<&Note> = notes
        .iter()
        .filter(|n| matches!(n.kind, NoteKind::SecondTurn { .. }))
        .collect();
    if !second.is_empty() {
        let _ = writeln!(out, "\nsecond turns earned by builders");
        for n in second {
            let _ = writeln!(out, "  {}", words(players, n));
        }
    }
    let moves: Vec<&Note> = notes
        .iter()
        .filter(|n| matches!(n.kind, NoteKind::Moved { .. } | NoteKind::Stayed { .. }))
        .collect();
    if !moves.is_empty() {
        let _ = writeln!(out, "\nfigures sent home by a scoring");
        for n in moves {
            let _ = writeln!(out, "  {}", words(players, n));
        }
    }
    let towers: Vec<&Note> = notes
        .iter()
        .filter(|n| {
            matches!(
                n.kind,
                NoteKind::TowerPiece { .. }
                    | NoteKind::OnTower { .. }
                    | NoteKind::Captured { .. }
                    | NoteKind::Exchanged { .. }
                    | NoteKind::Ransomed { .. }
            )
        })
        .collect();
    if !towers.is_empty() {
        let _ = writeln!(out, "\ntowers, prisoners and ransoms");
        for n in towers {
            let _ = writeln!(out, "  {}", words(players, n));
        }
    }
    let dragon: Vec<&Note> = notes
        .iter()
        .filter(|n| {
            matches!(
                n.kind,
                NoteKind::DragonArrived { .. }
                    | NoteKind::DragonFlew { .. }
                    | NoteKind::FairyMoved { .. }
                    | NoteKind::SentHome { .. }
            )
        })
        .collect();
    if !dragon.is_empty() {
        let _ = writeln!(out, "\nthe dragon, the fairy and the princess");
        for n in dragon {
            let _ = writeln!(out, "  {}", words(players, n));
        }
    }
}
