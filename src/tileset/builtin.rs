//! The tile sets shipped with carca, embedded in the binary.

use std::sync::OnceLock;

use super::TileSet;
use crate::diagnostic::Finding;
use crate::source::SourceFile;

/// Names of the built-in tile sets.
pub const NAMES: [&str; 4] = ["base", "abbey", "river", "inns-cathedrals"];

/// The YAML text of a built-in set.
#[must_use]
pub fn source(name: &str) -> Option<&'static str> {
    match name {
        "base" => Some(include_str!("../../tilesets/base.yaml")),
        "abbey" => Some(include_str!("../../tilesets/abbey.yaml")),
        "river" => Some(include_str!("../../tilesets/river.yaml")),
        "inns-cathedrals" => Some(include_str!("../../tilesets/inns-cathedrals.yaml")),
        _ => None,
    }
}

/// The built-in sets, as the sets a tile set may require.
#[must_use]
pub fn companions() -> super::build::Companions {
    super::build::Companions {
        names: &NAMES,
        get: |name| get(name).ok(),
    }
}

/// The source file of a built-in set, named `builtin:NAME`.
#[must_use]
pub fn source_file(name: &str) -> Option<SourceFile> {
    source(name).map(|text| SourceFile::new(format!("builtin:{name}"), text))
}

/// A built-in set, parsed once.
pub fn get(name: &str) -> Result<&'static TileSet, Vec<Finding>> {
    static CACHE: [OnceLock<Option<TileSet>>; NAMES.len()] =
        [const { OnceLock::new() }; NAMES.len()];
    let Some(i) = NAMES.iter().position(|n| *n == name) else {
        return Err(Vec::new());
    };
    let Some(src) = source_file(name) else {
        return Err(Vec::new());
    };
    let mut errors = Vec::new();
    let parsed = CACHE[i].get_or_init(|| match super::build::parse(&src, companions()) {
        Ok(set) => Some(set),
        Err(e) => {
            errors = e;
            None
        }
    });
    parsed.as_ref().ok_or(errors)
}
