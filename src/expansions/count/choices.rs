//! The Count of Carcassonne's choices in `carca moves`' words: a follower
//! of the player's in the City that may leave for a feature the placement
//! completes, or one that may go into the City after its scoring; on the page, such a move on the last turn.

use crate::engine::mechanic::ActionOption;
use crate::expansions::{Choice, Names, PageAct, PagePick};

/// The expansion's choices, by the record key that writes each.
pub const CHOICES: [Choice; 2] = [
    Choice {
        key: "leave",
        option: leave,
        gathered: None,
        under_way: None,
        alternative: false,
    },
    Choice {
        key: "enter",
        option: enter,
        gathered: None,
        under_way: None,
        alternative: false,
    },
];

fn enter(_: &ActionOption, _: &Names<'_>) -> String {
    "its scoring pays others, not this player (unless a follower placed with it scores): a follower may go into the City (`enter: QUARTER`) and the Count move (`count: QUARTER`)".to_string()
}

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

/// A quarter chosen in the menu, for the last turn: the follower that
/// enters it, or the Count that goes there. The turn list says the
/// quarter once, by the first act of each key (`summary`).
const fn quarter_act(
    name: &'static str,
    writes: &'static str,
    menu: &'static str,
    hint: &'static str,
    fixed: &'static [(&'static str, &'static str)],
    summary: &'static str,
) -> PageAct {
    PageAct {
        name,
        offered_by: writes,
        writes,
        menu,
        hint,
        pick: PagePick::Nothing { field: "quarter" },
        fixed,
        clears_figure: false,
        summary,
    }
}

/// The expansion's acts on the page, on the last turn: the turn's
/// player's follower leaves the City for the spot clicked, goes into a
/// quarter, or the Count goes to one.
pub const PAGE: [PageAct; 9] = [
    PageAct {
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
    },
    quarter_act(
        "enter-castle",
        "enter",
        "enter the City (last turn): the castle",
        "The last turn's player puts a follower into the castle after the scoring; choose it again to take it back.",
        &[("quarter", "castle")],
        "enters the City:",
    ),
    quarter_act(
        "enter-blacksmith",
        "enter",
        "enter the City (last turn): the blacksmith",
        "The last turn's player puts a follower into the blacksmith after the scoring; choose it again to take it back.",
        &[("quarter", "blacksmith")],
        "",
    ),
    quarter_act(
        "enter-cathedral",
        "enter",
        "enter the City (last turn): the cathedral",
        "The last turn's player puts a follower into the cathedral after the scoring; choose it again to take it back.",
        &[("quarter", "cathedral")],
        "",
    ),
    quarter_act(
        "enter-market",
        "enter",
        "enter the City (last turn): the market",
        "The last turn's player puts a follower into the market after the scoring; choose it again to take it back.",
        &[("quarter", "market")],
        "",
    ),
    quarter_act(
        "count-castle",
        "count",
        "the Count (last turn): to the castle",
        "The last turn's player moves the Count to the castle; choose it again to take it back.",
        &[("quarter", "castle")],
        "the Count to",
    ),
    quarter_act(
        "count-blacksmith",
        "count",
        "the Count (last turn): to the blacksmith",
        "The last turn's player moves the Count to the blacksmith; choose it again to take it back.",
        &[("quarter", "blacksmith")],
        "",
    ),
    quarter_act(
        "count-cathedral",
        "count",
        "the Count (last turn): to the cathedral",
        "The last turn's player moves the Count to the cathedral; choose it again to take it back.",
        &[("quarter", "cathedral")],
        "",
    ),
    quarter_act(
        "count-market",
        "count",
        "the Count (last turn): to the market",
        "The last turn's player moves the Count to the market; choose it again to take it back.",
        &[("quarter", "market")],
        "",
    ),
];
