//! The tile sets shipped with carca, embedded in the binary.

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

/// The source file of a built-in set, named `builtin:NAME`.
#[must_use]
pub fn source_file(name: &str) -> Option<SourceFile> {
    source(name).map(|text| SourceFile::new(format!("builtin:{name}"), text))
}
