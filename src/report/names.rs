//! Feature names as people read them: "city at (1,0) N", "farms around
//! city at (0,0) N". The engine names a feature by where it lies
//! ([`FeatureId`]); the words are made here.

use std::fmt;

use crate::engine::{FeatureId, FeatureName};

impl fmt::Display for FeatureId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at {} {}", self.kind.word(), self.pos, self.location)
    }
}

impl fmt::Display for FeatureName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FeatureName::Feature(id) => id.fmt(f),
            FeatureName::FarmsAround(city) => write!(f, "farms around {city}"),
            FeatureName::TokensOf(what, feature) => write!(f, "{what} of {feature}"),
            FeatureName::Tokens(kind) => write!(f, "{} tokens", kind.replace('_', " ")),
            FeatureName::Payment(rule) => f.write_str(rule),
            FeatureName::Bonus { by, about } => {
                f.write_str(by)?;
                match about {
                    Some(id) => write!(f, " by {id}"),
                    None => Ok(()),
                }
            }
        }
    }
}

/// Features named and joined with commas.
#[must_use]
pub fn join(ids: &[FeatureId]) -> String {
    ids.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Features named, one string each (for JSON).
#[must_use]
pub fn each(ids: &[FeatureId]) -> Vec<String> {
    ids.iter().map(ToString::to_string).collect()
}

pub use crate::text::figure_word;
