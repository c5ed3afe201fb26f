//! The Count of Carcassonne's choices in `carca moves`' words: a follower
//! of the player's in the City that may leave for a feature the placement
//! completes; on the page, such a move on the last turn.

use crate::engine::mechanic::ActionOption;
use crate::expansions::{Choice, Names, PageAct, PagePick};

/// The expansion's choices, by the record key that writes each.
pub const CHOICES: [Choice; 1] = [Choice {
    key: "leave",
    option: leave,
    gathered: None,
    under_way: None,
    alternative: false,
}];

fn leave(a: &ActionOption, _: &Names<'_>) -> String {
    let spot = a
        .spot
        .as_ref()
        .map_or_else(String::new, ToString::to_string);
    format!(
        "a follower of the City may leave for the feature it completes at {} {spot} before the scoring (`leave: {{ at: [{}, {}], spot: {spot} }}`)",
        a.at, a.at.x, a.at.y
    )
}

/// The expansion's acts on the page: the turn's player's follower leaves
/// the City for the spot clicked, on the last turn.
pub const PAGE: [PageAct; 1] = [PageAct {
    name: "leave",
    offered_by: "leave",
    writes: "leave",
    menu: "leave the City (last turn): a follower goes onto the feature clicked",
    hint: "Click a spot of a feature the last turn completes: the turn's player's follower leaves its quarter for it before the scoring.",
    pick: PagePick::Spot {
        owner: false,
        figure: false,
        top: None,
    },
    fixed: &[],
    clears_figure: false,
    summary: "leaves the City for",
}];
