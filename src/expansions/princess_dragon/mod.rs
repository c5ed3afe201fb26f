//! The Princess & the Dragon (RULES.md §14): the dragon ([`dragon`]), the
//! fairy ([`fairy`]), the princess and the magic portal ([`princess`]).

pub mod dragon;
pub mod fairy;
pub mod notes;
pub mod princess;
pub mod problem;

/// The symbols the tiles of The Princess & the Dragon show
/// (`tilesets/princess-dragon.yaml` declares them), which its rules read.
pub mod symbols {
    /// The dragon comes onto a volcano when it is placed.
    pub const VOLCANO: &str = "volcano";
    /// The dragon flies after a dragon tile is placed.
    pub const DRAGON: &str = "dragon";
    /// The turn's follower may go to any tile through a magic portal.
    pub const PORTAL: &str = "portal";
    /// A follower of the princess's city may be sent home.
    pub const PRINCESS: &str = "princess";
}
