//! Abbey & Mayor's rules, broken as a record says, in words.

use crate::engine::violation::{Problem, Wording};

/// A figure put on a farm that a barn keeps it from: a farmer on a farm
/// with a barn, or (unless `barn_placement = "any-farm"`) a second barn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FarmTaken {
    /// The player.
    pub player: String,
    /// The figure's word.
    pub figure: String,
    /// The owner of the figure that holds the farm.
    pub by: String,
    /// That figure's word.
    pub holder: String,
}

impl Problem for FarmTaken {
    fn code(&self) -> &'static str {
        "carca::rules::farm_taken"
    }

    fn wording(&self) -> Wording {
        let FarmTaken {
            player,
            figure,
            by,
            holder,
        } = self;
        Wording {
            message: format!(
                "{player}'s {figure} may not go on a farm that holds {by}'s {holder}: it stays in {player}'s supply"
            ),
            help: format!("a farm with a {holder} takes no {figure}"),
            label: format!("this farm holds a {holder}"),
        }
    }
}
