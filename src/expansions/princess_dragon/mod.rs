//! The Princess & the Dragon (RULES.md §14): the dragon ([`dragon`]), the
//! fairy ([`fairy`]), the princess and the magic portal ([`princess`]).

pub mod art;
pub mod choices;
pub mod dragon;
pub mod fairy;
pub mod jcz;
pub mod keys;
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

    use crate::expansions::Mark;

    /// How the four symbols are drawn: a volcano, a dragon's head, a
    /// magic portal's ring, the princess's crown in her city.
    pub const MARKS: [Mark; 4] = [
        Mark {
            word: VOLCANO,
            glyph: ('^', "1;31"),
            label: "volcano",
            article: "a",
            path: ("M-9 6 L-3 -6 L3 -6 L9 6 L-9 6 Z", "#8a3b12", "#e85d04", 2.0),
            in_city: false,
        },
        Mark {
            word: DRAGON,
            glyph: ('d', "1;32"),
            label: "dragon tile",
            article: "a",
            path: (
                "M-8 5 Q-6 -8 8 -5 L2 0 Q6 6 -8 5 Z",
                "#2f6b2f",
                "#b91c1c",
                1.5,
            ),
            in_city: false,
        },
        Mark {
            word: PORTAL,
            glyph: ('@', "1;35"),
            label: "magic portal",
            article: "a",
            path: (
                "M-7 0 A7 7 0 1 1 7 0 A7 7 0 1 1 -7 0",
                "#c4b5fd",
                "#6d28d9",
                2.5,
            ),
            in_city: false,
        },
        Mark {
            word: PRINCESS,
            glyph: ('♛', "1;33"),
            label: "princess",
            article: "the",
            path: (
                "M-7 4 L-8 -5 L-3.5 -1 L0 -7 L3.5 -1 L8 -5 L7 4 Z",
                "#facc15",
                "#92400e",
                1.2,
            ),
            in_city: true,
        },
    ];
}
