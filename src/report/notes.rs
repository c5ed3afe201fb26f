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
        NoteKind::WentHome { at, gone } => format!(
            "turn {} · went home from {at}: {}",
            n.turn,
            crate::expansions::gone::words(players, gone)
        ),
        // Turn 0: at the end, before the final scoring.
        NoteKind::Mechanic(told) if n.turn == 0 => {
            format!("at the end · {}", told.tale().words(players, n.player))
        }
        NoteKind::Mechanic(told) => {
            format!("turn {} · {}", n.turn, told.tale().words(players, n.player))
        }
    }
}

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
    let went: Vec<&Note> = notes
        .iter()
        .filter(|n| matches!(n.kind, NoteKind::WentHome { .. }))
        .collect();
    if !went.is_empty() {
        let _ = writeln!(out, "\nfigures sent home from a tile");
        for n in went {
            let _ = writeln!(out, "  {}", words(players, n));
        }
    }
    // Each expansion's notes under its heading, in the registry's order,
    // then those of a heading it does not list, in the order they came.
    let mut headings: Vec<&str> = crate::expansions::NOTES.iter().map(|k| k.heading).collect();
    for n in notes {
        if let NoteKind::Mechanic(t) = &n.kind
            && !headings.contains(&t.tale().heading())
        {
            headings.push(t.tale().heading());
        }
    }
    for heading in headings {
        let mine: Vec<&Note> = notes
            .iter()
            .filter(|n| matches!(&n.kind, NoteKind::Mechanic(t) if t.tale().heading() == heading))
            .collect();
        if !mine.is_empty() {
            let _ = writeln!(out, "\n{heading}");
            for n in mine {
                let _ = writeln!(out, "  {}", words(players, n));
            }
        }
    }
}
