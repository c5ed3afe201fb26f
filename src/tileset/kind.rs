//! The kinds of feature a tile shows: the vocabulary that tiles, figures
//! and the engine share.

use std::fmt;

use serde::{Deserialize, Serialize};

/// The kind of a feature.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum FeatureKind {
    /// A city (knights).
    City,
    /// A road (thieves).
    Road,
    /// A field (farmers).
    Field,
    /// A cloister or abbey (monks).
    Cloister,
    /// A river: separates fields, holds no follower.
    River,
}

impl FeatureKind {
    /// A word for reports.
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            FeatureKind::City => "city",
            FeatureKind::Road => "road",
            FeatureKind::Field => "field",
            FeatureKind::Cloister => "cloister",
            FeatureKind::River => "river",
        }
    }

    /// Whether a follower may stand on this kind of feature.
    #[must_use]
    pub const fn holds_followers(self) -> bool {
        !matches!(self, FeatureKind::River)
    }
}

impl fmt::Display for FeatureKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}
