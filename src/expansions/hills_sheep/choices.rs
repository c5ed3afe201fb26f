//! Hills & Sheep's choices in `carca moves`' words: a flock that the
//! placement lets its owner grow or score; on the page, a token drawn
//! or a flock herded on the last turn.

use crate::engine::mechanic::ActionOption;
use crate::expansions::{Choice, Names, PageAct, PagePick};

/// The expansion's choices, by the record key that writes each.
pub const CHOICES: [Choice; 1] = [Choice {
    key: "flock",
    option: flock,
    gathered: None,
    under_way: None,
    alternative: false,
}];

fn flock(a: &ActionOption, _: &Names<'_>) -> String {
    format!(
        "the flock of the shepherd at {} grows (`flock: {{ draw: 1 | 2 | 3 | 4 | wolf }}`, as drawn) or is herded into the stable (`flock: {{ score: true }}`)",
        a.at
    )
}

/// A flock's entry on the page: the token drawn (or the flock scored)
/// for the shepherd on the tile clicked.
const fn flock_act(
    name: &'static str,
    menu: &'static str,
    hint: &'static str,
    fixed: &'static [(&'static str, &'static str)],
    summary: &'static str,
) -> PageAct {
    PageAct {
        name,
        offered_by: "flock",
        writes: "flock",
        menu,
        hint,
        pick: PagePick::Tile,
        fixed,
        clears_figure: false,
        summary,
    }
}

/// The expansion's acts on the page: a token drawn for a shepherd, or
/// its flock herded, on the last turn.
pub const PAGE: [PageAct; 6] = [
    flock_act(
        "flock-1",
        "flock (last turn): 1 sheep drawn",
        "Click the shepherd's tile: the last turn draws 1 sheep for it.",
        &[("draw", "1")],
        "1 sheep drawn at",
    ),
    flock_act(
        "flock-2",
        "flock (last turn): 2 sheep drawn",
        "Click the shepherd's tile: the last turn draws 2 sheep for it.",
        &[("draw", "2")],
        "2 sheep drawn at",
    ),
    flock_act(
        "flock-3",
        "flock (last turn): 3 sheep drawn",
        "Click the shepherd's tile: the last turn draws 3 sheep for it.",
        &[("draw", "3")],
        "3 sheep drawn at",
    ),
    flock_act(
        "flock-4",
        "flock (last turn): 4 sheep drawn",
        "Click the shepherd's tile: the last turn draws 4 sheep for it.",
        &[("draw", "4")],
        "4 sheep drawn at",
    ),
    flock_act(
        "flock-wolf",
        "flock (last turn): the wolf drawn",
        "Click the shepherd's tile: the last turn draws the wolf for it, and the field's shepherds go home.",
        &[("draw", "wolf")],
        "the wolf drawn at",
    ),
    flock_act(
        "flock-score",
        "flock (last turn): herded into the stable",
        "Click the shepherd's tile: the last turn herds its flock into the stable, and it scores.",
        &[("score", "true")],
        "flock herded at",
    ),
];
