//! The Tower's choices in `carca moves`' words: a tower piece (and the
//! followers it may take then), a follower on top of a tower.

use crate::engine::mechanic::ActionOption;
use crate::expansions::{Choice, Names, PageAct, PagePick, takes_words};

/// The Tower's acts on the page, by what the player clicks.
pub const PAGE: [PageAct; 4] = [
    PageAct {
        name: "tower",
        offered_by: "tower",
        writes: "tower",
        menu: "tower piece (last turn)",
        hint: "Click a tile with a tower foundation: the last turn puts a tower piece on it (again to take it back).",
        pick: PagePick::Tile,
        fixed: &[],
        clears_figure: false,
        summary: "tower piece on",
    },
    PageAct {
        name: "tower-top",
        offered_by: "tower",
        writes: "meeple",
        menu: "follower on a tower (last turn)",
        hint: "Click a tile whose tower has a piece: the last turn puts a follower on top of it.",
        pick: PagePick::Tile,
        fixed: &[("spot", "tower")],
        clears_figure: true,
        summary: "",
    },
    PageAct {
        name: "capture",
        offered_by: "capture",
        writes: "capture",
        menu: "capture (last turn)",
        hint: "Click a tile and a dot, or a tower with a follower on top: the last turn's tower takes that follower.",
        pick: PagePick::Spot {
            owner: true,
            figure: true,
            top: Some("tower"),
        },
        fixed: &[],
        clears_figure: false,
        summary: "captures",
    },
    PageAct {
        name: "ransom",
        offered_by: "ransom",
        writes: "ransom",
        menu: "ransom (last turn): click the player paid",
        hint: "Click the player who holds the follower: the last turn pays them the ransom.",
        pick: PagePick::Player { field: "from" },
        fixed: &[],
        clears_figure: false,
        summary: "ransom to",
    },
];

/// The Tower's choices, by the record key that writes each.
pub const CHOICES: [Choice; 2] = [
    Choice {
        key: "tower",
        option: piece,
        gathered: None,
        under_way: None,
        alternative: true,
    },
    Choice {
        key: "meeple",
        option: on_top,
        gathered: None,
        under_way: None,
        alternative: true,
    },
];

fn piece(a: &ActionOption, names: &Names<'_>) -> String {
    let takes = takes_words(&a.takes, names);
    format!(
        "put a tower piece on {} (height {}){}",
        a.at,
        a.height,
        if takes.is_empty() {
            String::new()
        } else {
            format!(", then take {}", takes.join(" or "))
        }
    )
}

fn on_top(a: &ActionOption, _: &Names<'_>) -> String {
    format!(
        "put a follower on top of the tower at {} (height {})",
        a.at, a.height
    )
}
