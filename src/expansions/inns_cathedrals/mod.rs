//! Inns & Cathedrals need no code to play: their inns, cathedrals and big
//! follower are tile-set modifiers and a figure of the figure table. What
//! is here is how a JCloisterZone save says they are in play.

use crate::expansions::{FigureArt, Shape};
use crate::jcz::{Element, Setup};

/// The big follower: a follower half as large again.
pub const ART: [FigureArt; 1] = [FigureArt {
    word: "big",
    glyph: '⬤',
    shape: Shape::Follower {
        big: true,
        letter: None,
    },
}];

/// What a save's setup says of Inns & Cathedrals: the set, and the big
/// follower (a save without the element plays the set's one).
pub const JCZ_SETUP: Setup = Setup {
    sets: &[("inns-and-cathedrals", &["inns-cathedrals"])],
    legacy_sets: &[("INNS_AND_CATHEDRALS", &["inns-cathedrals"])],
    elements: &[
        ("inn", Element::WithTiles),
        ("cathedral", Element::WithTiles),
        (
            "big-follower",
            Element::Figure {
                figure: "big",
                listed: false,
            },
        ),
    ],
    capabilities: &[
        ("Inn", Element::WithTiles),
        ("Cathedral", Element::WithTiles),
        ("BigFollower", Element::WithTiles),
    ],
    ..Setup::NONE
};
