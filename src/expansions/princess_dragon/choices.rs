//! The Princess & the Dragon's choices in `carca moves`' words: the
//! fairy's move, the princess's choice, the dragon's first steps (said
//! together, after the placement's figures) and a flight under way.

use crate::engine::mechanic::ActionOption;
use crate::expansions::{Choice, Names, takes_words};

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
