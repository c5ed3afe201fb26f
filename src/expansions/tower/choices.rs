//! The Tower's choices in `carca moves`' words: a tower piece (and the
//! followers it may take then), a follower on top of a tower.

use crate::engine::mechanic::ActionOption;
use crate::expansions::{Choice, Names, takes_words};

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
