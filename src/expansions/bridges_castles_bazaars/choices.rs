//! Bridges, Castles & Bazaars' choices in `carca moves`' words: a small
//! city the placement completes that may become a castle; on the page,
//! such a castle on the last turn.

use crate::engine::mechanic::ActionOption;
use crate::expansions::{Choice, FormField, FormKind, Names, PageAct, PagePick};

/// The expansion's choices, by the record key that writes each.
pub const CHOICES: [Choice; 1] = [Choice {
    key: "castle",
    option: castle,
    gathered: None,
    under_way: None,
    alternative: false,
}];

fn castle(a: &ActionOption, _: &Names<'_>) -> String {
    let spot = a
        .spot
        .as_ref()
        .map_or_else(String::new, ToString::to_string);
    format!(
        "the small city it completes at {} {spot} may become a castle of its one follower's owner instead of scoring (`castle: {spot}`)",
        a.at
    )
}

/// A bazaar's tile on the page: the tile chosen, its chooser, the bids
/// and whether the chooser sold it.
const SALE: [FormField; 4] = [
    FormField {
        name: "tile",
        label: "tile chosen",
        kind: FormKind::Tile,
    },
    FormField {
        name: "player",
        label: "chooser",
        kind: FormKind::Player,
    },
    FormField {
        name: "bids",
        label: "bids (the chooser's first; blank: passed)",
        kind: FormKind::Amounts,
    },
    FormField {
        name: "sell",
        label: "the chooser sold it to the highest bidder",
        kind: FormKind::Flag,
    },
];

/// The expansion's acts on the page, on the last turn: a bridge across
/// the tile clicked (the tile placed or one beside it), north to south or
/// west to east; the small city clicked becomes a castle; the auction
/// after a bazaar, tile by tile.
pub const PAGE: [PageAct; 4] = [
    PageAct {
        name: "bridge-ns",
        offered_by: "bridge",
        writes: "bridge",
        menu: "bridge north–south (last turn): across the tile clicked",
        hint: "Click the tile just placed or one beside it: a bridge runs across it from its north edge to its south edge, both field edges.",
        pick: PagePick::Tile,
        fixed: &[("span", "NS")],
        clears_figure: false,
        summary: "a bridge north–south across",
    },
    PageAct {
        name: "bridge-we",
        offered_by: "bridge",
        writes: "bridge",
        menu: "bridge west–east (last turn): across the tile clicked",
        hint: "Click the tile just placed or one beside it: a bridge runs across it from its west edge to its east edge, both field edges.",
        pick: PagePick::Tile,
        fixed: &[("span", "WE")],
        clears_figure: false,
        summary: "a bridge west–east across",
    },
    PageAct {
        name: "castle",
        offered_by: "castle",
        writes: "castle",
        menu: "castle (last turn): the small city clicked becomes a castle",
        hint: "Click a spot of the two-tile city the last turn completes: its one follower's owner makes it a castle instead of scoring it.",
        pick: PagePick::Spot {
            owner: false,
            figure: false,
            top: None,
        },
        fixed: &[],
        clears_figure: false,
        summary: "makes a castle of",
    },
    PageAct {
        name: "bazaar",
        offered_by: "bazaar",
        writes: "bazaar",
        menu: "bazaar auction (last turn)",
        hint: "The last turn placed a bazaar: fill in each tile of its auction in the order it was auctioned, and add it. The chooser may be left blank; the tile left over has no bids, and under the rule without bids no tile has any.",
        pick: PagePick::Form {
            fields: &SALE,
            field: "tile",
        },
        fixed: &[],
        clears_figure: false,
        summary: "bazaar:",
    },
];
