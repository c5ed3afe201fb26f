//! The Princess & the Dragon's choices in `carca moves`' words: the
//! fairy's move, the princess's choice, the dragon's first steps (said
//! together, after the placement's figures) and a flight under way.

use crate::engine::mechanic::ActionOption;
use crate::expansions::{Choice, Names, PageAct, PagePick, takes_words};

/// The expansion's acts on the page, by what the player clicks.
pub const PAGE: [PageAct; 4] = [
    PageAct {
        name: "portal",
        offered_by: "portal",
        writes: "meeple",
        menu: "follower through the portal (last turn)",
        hint: "Click a tile and a dot: the last turn's follower goes there through the magic portal (again to take it back).",
        pick: PagePick::Spot {
            owner: false,
            figure: false,
            top: None,
        },
        fixed: &[],
        clears_figure: true,
        summary: "",
    },
    PageAct {
        name: "fairy",
        offered_by: "fairy",
        writes: "fairy",
        menu: "fairy (last turn): beside a follower",
        hint: "Click a tile and a dot where a follower of the player of the last turn stands: the fairy moves beside it.",
        pick: PagePick::Spot {
            owner: false,
            figure: false,
            top: None,
        },
        fixed: &[],
        clears_figure: false,
        summary: "fairy beside",
    },
    PageAct {
        name: "princess",
        offered_by: "princess",
        writes: "princess",
        menu: "princess (last turn): send a follower home",
        hint: "Click a tile and a dot where a knight of the princess's city stands: she sends it home.",
        pick: PagePick::Spot {
            owner: true,
            figure: false,
            top: None,
        },
        fixed: &[],
        clears_figure: false,
        summary: "princess sends home",
    },
    PageAct {
        name: "dragon",
        offered_by: "dragon",
        writes: "dragon",
        menu: "dragon step (last turn): click the next tile",
        hint: "Click a tile beside the dragon: the last turn's flight takes one more step there; click the dragon to take the last step back.",
        pick: PagePick::Step {
            neutral: super::dragon::DRAGON,
        },
        fixed: &[],
        clears_figure: false,
        summary: "dragon",
    },
];

/// The expansion's choices, by the record key that writes each.
pub const CHOICES: [Choice; 3] = [
    Choice {
        key: "fairy",
        option: fairy,
        gathered: None,
        under_way: None,
        alternative: true,
    },
    Choice {
        key: "princess",
        option: princess,
        gathered: None,
        under_way: None,
        alternative: false,
    },
    Choice {
        key: "dragon",
        option: step,
        gathered: Some(first_steps),
        under_way: Some("dragon's flight"),
        alternative: false,
    },
];

fn fairy(a: &ActionOption, _: &Names<'_>) -> String {
    format!(
        "move the fairy {}",
        match &a.spot {
            Some(l) => format!("beside the follower at {} {l}", a.at),
            None => format!("to the tile at {}", a.at),
        }
    )
}

fn princess(a: &ActionOption, names: &Names<'_>) -> String {
    format!(
        "the princess may send home {}",
        takes_words(&a.takes, names).join(" or ")
    )
}

fn step(a: &ActionOption, _: &Names<'_>) -> String {
    format!("the dragon may fly to {}", a.at)
}

fn first_steps(options: &[&ActionOption], _: &Names<'_>) -> String {
    let to: Vec<String> = options.iter().map(|a| a.at.to_string()).collect();
    format!("the dragon may fly first to {}", to.join(" or "))
}
