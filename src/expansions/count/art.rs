//! How The Count of Carcassonne's quarters are drawn: the symbol of the
//! tile that holds them.

/// The quarters' mark: four blocks of houses around a square.
pub const MARKS: [crate::expansions::Mark; 1] = [crate::expansions::Mark {
    word: super::QUARTERS,
    glyph: ('#', "1;33"),
    label: "the City's quarters",
    article: "the",
    path: (
        "M-9 -9 h7 v7 h-7 Z M2 -9 h7 v7 h-7 Z M-9 2 h7 v7 h-7 Z M2 2 h7 v7 h-7 Z",
        "#c49a5a",
        "#6b4f2a",
        1.2,
    ),
    in_city: false,
}];
