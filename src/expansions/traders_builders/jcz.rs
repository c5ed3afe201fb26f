//! Traders & Builders in a JCloisterZone save: the set, the builder and
//! the pig (in play only when the save lists them), and the trade goods
//! (scoring only with the `traders` element).

use crate::jcz::{Element, Off, Setup};

/// What a save's setup says of Traders & Builders.
pub const SETUP: Setup = Setup {
    sets: &[("traders-and-builders", &["traders-builders"])],
    legacy_sets: &[("TRADERS_AND_BUILDERS", &["traders-builders"])],
    elements: &[
        (
            "builder",
            Element::Figure {
                figure: "builder",
                listed: true,
            },
        ),
        (
            "pig",
            Element::Figure {
                figure: "pig",
                listed: true,
            },
        ),
        ("traders", GOODS),
    ],
    capabilities: &[
        (
            "Builder",
            Element::Figure {
                figure: "builder",
                listed: true,
            },
        ),
        (
            "Pig",
            Element::Figure {
                figure: "pig",
                listed: true,
            },
        ),
        ("TradeGoods", GOODS),
    ],
    ..Setup::NONE
};

/// The goods are in the tiles; without the switch they score nothing.
const GOODS: Element = Element::Switch {
    sets: &["traders-builders"],
    off: Off::Point("goods_majority"),
};
