//! Hills & Sheep's choices in `carca moves`' words: a flock that the
//! placement lets its owner grow or score.

use crate::engine::mechanic::ActionOption;
use crate::expansions::{Choice, Names};

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
