//! How Bridges, Castles & Bazaars' bazaar is drawn: the symbol of the
//! tiles that start an auction.

/// The bazaar's mark: a market stall under a striped awning.
pub const MARKS: [crate::expansions::Mark; 1] = [crate::expansions::Mark {
    word: super::BAZAAR,
    glyph: ('$', "1;33"),
    label: "bazaar",
    article: "a",
    path: (
        "M-9 -2 L-6 -9 L6 -9 L9 -2 Z M-7 -2 V8 M7 -2 V8 M-7 3 H7",
        "#e8b64c",
        "#7a4a12",
        1.3,
    ),
    in_city: false,
}];
