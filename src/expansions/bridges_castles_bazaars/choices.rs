//! Bridges, Castles & Bazaars' choices in `carca moves`' words: a small
//! city the placement completes that may become a castle; on the page,
//! such a castle on the last turn.

use crate::engine::mechanic::ActionOption;
use crate::expansions::{Choice, Names, PageAct, PagePick};

/// The expansion's choices, by the record key that writes each.
pub const CHOICES: [Choice; 1] = [Choice {
    key: "castle",
    option: castle,
    gathered: None,
    under_way: None,
    alternative: false,
}];

fn castle(a: &ActionOption, _: &Names<'_>) -> String {
    let spot = a
        .spot
        .as_ref()
        .map_or_else(String::new, ToString::to_string);
    format!(
        "the small city it completes at {} {spot} may become a castle of its one follower's owner instead of scoring (`castle: {spot}`)",
        a.at
    )
}

/// The expansion's acts on the page, on the last turn: the small city
/// clicked becomes a castle.
pub const PAGE: [PageAct; 1] = [PageAct {
    name: "castle",
    offered_by: "castle",
    writes: "castle",
    menu: "castle (last turn): the small city clicked becomes a castle",
    hint: "Click a spot of the two-tile city the last turn completes: its one follower's owner makes it a castle instead of scoring it.",
    pick: PagePick::Spot {
        owner: false,
        figure: false,
        top: None,
    },
    fixed: &[],
    clears_figure: false,
    summary: "makes a castle of",
}];
