//! Figures as data: what a player deploys, where it may stand, what it
//! counts for in a majority, and whether it stands beside a follower (a
//! companion, like the builder and the pig). The built-in figures are one
//! table, [`BUILTIN`]; a tile set declares more (`figure_kinds:`) and the
//! sets in play make one [`FigureTable`] that the loader, the referee,
//! `moves`, the generator, the pictures and the page all read.

use serde::{Deserialize, Serialize};

use super::kind::FeatureKind;

/// A figure: its index in the figure table of the sets in play. The
/// built-in figures come first, in the order of [`BUILTIN`], so their
/// handles are the same in every game; declared figures follow.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Figure(pub u8);

impl Figure {
    /// The normal follower (meeple).
    pub const FOLLOWER: Figure = Figure(0);
    /// Inns & Cathedrals' big follower: counts as two for every majority.
    pub const BIG: Figure = Figure(1);
    /// Traders & Builders' builder.
    pub const BUILDER: Figure = Figure(2);
    /// Traders & Builders' pig.
    pub const PIG: Figure = Figure(3);
    /// Abbey & Mayor's mayor: a follower for cities whose strength is its
    /// city's pennants.
    pub const MAYOR: Figure = Figure(4);
    /// Abbey & Mayor's wagon: a follower for roads, cities and cloisters.
    pub const WAGON: Figure = Figure(5);
    /// Abbey & Mayor's barn: it stands on a corner point.
    pub const BARN: Figure = Figure(6);

    /// Its index in per-figure tables.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// What a figure counts for in the majority of the feature it stands on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Strength {
    /// So many followers.
    Fixed(u32),
    /// As many as the feature holds of this modifier (the mayor: its
    /// city's pennants).
    Per(String),
}

/// A kind of figure.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FigureKind {
    /// The word records use after `figure:` (and the `[figures]` key).
    pub name: String,
    /// The kinds of feature it may stand on.
    pub stands: Vec<FeatureKind>,
    /// What it counts for in a majority (0 for a companion).
    pub strength: Strength,
    /// It stands beside its owner's follower, counts for no majority,
    /// scores nothing and never makes a feature taken.
    pub companion: bool,
    /// It stands on a corner point where four placed tiles meet (the
    /// barn), on the farm of the four field quarters there, not on a
    /// feature of one tile; it counts in no majority.
    pub corner: bool,
    /// What it is, for the `[figures]` table's documentation.
    pub doc: String,
}

/// A row of the built-in figure table.
#[derive(Debug, Clone, Copy)]
pub struct Builtin {
    /// Its word.
    pub name: &'static str,
    /// Where it may stand.
    pub stands: &'static [FeatureKind],
    /// Its strength in a majority.
    pub strength: u32,
    /// Its strength is instead the count of this modifier on its feature.
    pub per: Option<&'static str>,
    /// Whether it is a companion.
    pub companion: bool,
    /// Whether it stands on a corner point.
    pub corner: bool,
    /// What it is.
    pub doc: &'static str,
}

/// Features a follower may stand on.
const ANY: &[FeatureKind] = &[
    FeatureKind::Road,
    FeatureKind::City,
    FeatureKind::Cloister,
    FeatureKind::Field,
];

/// The built-in figures, in the order of their handles. Every one but the
/// follower is a `[figures]` key of rulesets and tile sets.
pub const BUILTIN: [Builtin; 7] = [
    Builtin {
        name: "follower",
        stands: ANY,
        strength: 1,
        per: None,
        companion: false,
        corner: false,
        doc: "The normal follower; each player's count is the ruleset's `followers`.",
    },
    Builtin {
        name: "big",
        stands: ANY,
        strength: 2,
        per: None,
        companion: false,
        corner: false,
        doc: "Big followers per player (Inns & Cathedrals: 1).",
    },
    Builtin {
        name: "builder",
        stands: &[FeatureKind::Road, FeatureKind::City],
        strength: 0,
        per: None,
        companion: true,
        corner: false,
        doc: "Builders per player (Traders & Builders: 1).",
    },
    Builtin {
        name: "pig",
        stands: &[FeatureKind::Field],
        strength: 0,
        per: None,
        companion: true,
        corner: false,
        doc: "Pigs per player (Traders & Builders: 1).",
    },
    Builtin {
        name: "mayor",
        stands: &[FeatureKind::City],
        strength: 0,
        per: Some("pennant"),
        companion: false,
        corner: false,
        doc: "Mayors per player (Abbey & Mayor: 1); a mayor counts as many followers as its city has pennants.",
    },
    Builtin {
        name: "wagon",
        stands: &[FeatureKind::Road, FeatureKind::City, FeatureKind::Cloister],
        strength: 1,
        per: None,
        companion: false,
        corner: false,
        doc: "Wagons per player (Abbey & Mayor: 1).",
    },
    Builtin {
        name: "barn",
        stands: &[FeatureKind::Field],
        strength: 0,
        per: None,
        companion: false,
        corner: true,
        doc: "Barns per player (Abbey & Mayor: 1).",
    },
];

/// Names no declared figure may take: the built-in figures', and the
/// words the contract keeps for figures carca plays or will play.
pub const RESERVED: [&str; 1] = ["tower"];

impl Builtin {
    /// The row as a figure kind.
    #[must_use]
    pub fn kind(&self) -> FigureKind {
        FigureKind {
            name: self.name.to_string(),
            stands: self.stands.to_vec(),
            strength: match self.per {
                Some(m) => Strength::Per(m.to_string()),
                None => Strength::Fixed(self.strength),
            },
            companion: self.companion,
            corner: self.corner,
            doc: self.doc.to_string(),
        }
    }
}

/// The `[figures]` keys of the built-in figures (all but the follower).
#[must_use]
pub fn builtin_keys() -> Vec<&'static str> {
    BUILTIN[1..].iter().map(|b| b.name).collect()
}

/// A strength resolved against the modifiers in play.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Weight {
    /// So many followers.
    Fixed(u32),
    /// As many as the feature holds of the modifier with this index (in
    /// the catalog's modifiers); 0 when none is in play.
    Per(Option<u16>),
}

/// The figures of the sets in play: the built-in ones, then every declared
/// one, with what the sets bring of each and their weights.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FigureTable {
    /// Every kind, by handle.
    pub kinds: Vec<FigureKind>,
    /// Per kind: how many each player gets unless the ruleset says
    /// otherwise (the most any set in play brings; 0 for the follower,
    /// whose count is the ruleset's).
    pub brought: Vec<u32>,
    /// Per kind: its strength, its modifier resolved.
    pub weights: Vec<Weight>,
}

impl FigureTable {
    /// The built-in figures only, none brought.
    #[must_use]
    pub fn builtin() -> FigureTable {
        FigureTable::new(Vec::new(), &[], |_| None)
    }

    /// The built-in figures and `declared`, with what the sets bring
    /// (`brought`: name and count) and `modifier` finding a modifier's
    /// index by name.
    #[must_use]
    pub fn new(
        declared: Vec<FigureKind>,
        brought: &[(&str, u32)],
        modifier: impl Fn(&str) -> Option<u16>,
    ) -> FigureTable {
        let mut kinds: Vec<FigureKind> = BUILTIN.iter().map(Builtin::kind).collect();
        kinds.extend(declared);
        // The most any set brings of each figure, by name.
        let mut most: std::collections::HashMap<&str, u32> = std::collections::HashMap::new();
        for &(name, count) in brought {
            let m = most.entry(name).or_insert(0);
            *m = (*m).max(count);
        }
        let counts = kinds
            .iter()
            .map(|k| most.get(k.name.as_str()).copied().unwrap_or(0))
            .collect();
        let weights = kinds
            .iter()
            .map(|k| match &k.strength {
                _ if k.companion || k.corner => Weight::Fixed(0),
                Strength::Fixed(n) => Weight::Fixed(*n),
                Strength::Per(m) => Weight::Per(modifier(m)),
            })
            .collect();
        FigureTable {
            kinds,
            brought: counts,
            weights,
        }
    }

    /// How many kinds.
    #[must_use]
    pub fn len(&self) -> usize {
        self.kinds.len()
    }

    /// Whether there are none (never: the built-in ones are always there).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.kinds.is_empty()
    }

    /// Every figure, in handle order.
    pub fn all(&self) -> impl Iterator<Item = Figure> + '_ {
        (0..self.kinds.len()).map(|i| Figure(i as u8))
    }

    /// The figure with this word.
    #[must_use]
    pub fn find(&self, name: &str) -> Option<Figure> {
        self.kinds
            .iter()
            .position(|k| k.name == name)
            .map(|i| Figure(i as u8))
    }

    /// The kind of a figure.
    #[must_use]
    pub fn kind(&self, f: Figure) -> &FigureKind {
        &self.kinds[f.index().min(self.kinds.len() - 1)]
    }

    /// A figure's word.
    #[must_use]
    pub fn name(&self, f: Figure) -> &str {
        self.kinds
            .get(f.index())
            .map_or("figure", |k| k.name.as_str())
    }

    /// Whether a figure is a follower (not a companion, nor a figure that
    /// stands apart): it takes part in majorities, and a feature that
    /// holds one is taken.
    #[must_use]
    pub fn is_follower(&self, f: Figure) -> bool {
        self.kinds
            .get(f.index())
            .is_some_and(|k| !k.companion && !k.corner && k.strength != Strength::Fixed(0))
    }

    /// Whether a figure stands apart: of strength 0 and no companion, it
    /// counts in no majority and takes no feature (followers may join it,
    /// and it them), and a scoring of its feature leaves it there; the
    /// rules of its expansion move it (the shepherd).
    #[must_use]
    pub fn stands_apart(&self, f: Figure) -> bool {
        self.kinds
            .get(f.index())
            .is_some_and(|k| !k.companion && !k.corner && k.strength == Strength::Fixed(0))
    }

    /// Whether a figure is one of the built-in ones (not declared by a
    /// tile set).
    #[must_use]
    pub fn is_builtin(&self, f: Figure) -> bool {
        f.index() < BUILTIN.len()
    }

    /// Whether a figure stands on a corner point (the barn).
    #[must_use]
    pub fn on_corner(&self, f: Figure) -> bool {
        self.kinds.get(f.index()).is_some_and(|k| k.corner)
    }

    /// Whether a figure is a follower that may stand on every kind of
    /// feature that holds one (the follower, the big follower): any free
    /// spot takes it.
    #[must_use]
    pub fn stands_anywhere(&self, f: Figure) -> bool {
        let k = self.kind(f);
        !k.companion && k.stands.len() >= ANY.len()
    }

    /// A figure's strength.
    #[must_use]
    pub fn weight(&self, f: Figure) -> Weight {
        self.weights
            .get(f.index())
            .copied()
            .unwrap_or(Weight::Fixed(0))
    }

    /// The `[figures]` keys of the declared figures.
    #[must_use]
    pub fn declared_keys(&self) -> Vec<String> {
        self.kinds[BUILTIN.len()..]
            .iter()
            .map(|k| k.name.clone())
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_builtin_handles_name_their_rows() {
        let t = FigureTable::builtin();
        for (f, word) in [
            (Figure::FOLLOWER, "follower"),
            (Figure::BIG, "big"),
            (Figure::BUILDER, "builder"),
            (Figure::PIG, "pig"),
        ] {
            assert_eq!(t.find(word), Some(f));
            assert_eq!(t.name(f), word);
        }
        assert!(t.is_follower(Figure::BIG) && !t.is_follower(Figure::PIG));
        assert_eq!(t.weight(Figure::BIG), Weight::Fixed(2));
        assert_eq!(t.weight(Figure::BUILDER), Weight::Fixed(0));
    }

    #[test]
    fn declared_figures_follow_with_their_counts_and_weights() {
        let marshal = FigureKind {
            name: "marshal".into(),
            stands: vec![FeatureKind::City],
            strength: Strength::Per("pennant".into()),
            companion: false,
            corner: false,
            doc: String::new(),
        };
        let t = FigureTable::new(
            vec![marshal],
            &[("marshal", 1), ("big", 1), ("marshal", 2)],
            |m| (m == "pennant").then_some(0),
        );
        let f = t.find("marshal").expect("declared");
        assert_eq!(f, Figure(7));
        assert_eq!(t.brought[f.index()], 2);
        assert_eq!(t.brought[Figure::BIG.index()], 1);
        assert_eq!(t.weight(f), Weight::Per(Some(0)));
        assert_eq!(t.declared_keys(), ["marshal"]);
    }
}
