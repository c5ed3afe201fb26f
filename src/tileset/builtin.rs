//! The tile sets shipped with carca, embedded in the binary.
//!
//! Each set is embedded twice: as its YAML source, which `tiles check`,
//! `tiles show` and diagnostics read, and as the validated [`TileSet`]
//! prepared from that source ahead of time (`src/tileset/prepared/`), which a
//! run decodes instead of reading and validating the YAML again. A test
//! keeps the two in step.

use crate::source::SourceFile;

use super::TileSet;

/// A built-in set: its name, its YAML source and its prepared form.
macro_rules! set {
    ($name:literal) => {
        (
            $name,
            include_str!(concat!("../../tilesets/", $name, ".yaml")),
            include_bytes!(concat!("prepared/", $name, ".postcard")).as_slice(),
        )
    };
}

/// Every built-in set, in the order they are listed to users.
const SETS: [(&str, &str, &[u8]); 11] = [
    set!("base"),
    set!("abbey"),
    set!("river"),
    set!("inns-cathedrals"),
    set!("traders-builders"),
    set!("abbey-mayor"),
    set!("tower"),
    set!("princess-dragon"),
    set!("bridges-castles-bazaars"),
    set!("hills-sheep"),
    set!("count"),
];

/// Names of the built-in tile sets.
pub const NAMES: [&str; SETS.len()] = {
    let mut names = [""; SETS.len()];
    let mut i = 0;
    while i < SETS.len() {
        names[i] = SETS[i].0;
        i += 1;
    }
    names
};

/// The YAML text of a built-in set.
#[must_use]
pub fn source(name: &str) -> Option<&'static str> {
    SETS.iter().find(|s| s.0 == name).map(|s| s.1)
}

/// The source file of a built-in set, named `builtin:NAME`.
#[must_use]
pub fn source_file(name: &str) -> Option<SourceFile> {
    source(name).map(|text| SourceFile::new(format!("builtin:{name}"), text))
}

/// The prepared form of a built-in set (postcard-encoded).
fn prepared_bytes(name: &str) -> Option<&'static [u8]> {
    SETS.iter().find(|s| s.0 == name).map(|s| s.2)
}

/// A built-in set as prepared ahead of time, or `None` for an unknown name
/// (or prepared bytes this build cannot decode, which the test below rules
/// out).
#[must_use]
pub fn prepared(name: &str) -> Option<TileSet> {
    prepared_bytes(name).and_then(|bytes| postcard::from_bytes(bytes).ok())
}

/// Encodes a set the way [`prepared`] decodes it.
///
/// # Errors
/// Never for a validated set; the error is postcard's.
pub fn prepare(set: &TileSet) -> Result<Vec<u8>, postcard::Error> {
    postcard::to_allocvec(set)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::loader::Loader;

    /// The prepared sets are exactly what their YAML builds to. After a
    /// change to a built-in set or to the tile model, run this test with
    /// `CARCA_PREPARE=1` to write them again.
    #[test]
    fn prepared_sets_are_those_their_sources_build() {
        let loader = Loader::default();
        let write = std::env::var_os("CARCA_PREPARE").is_some();
        let mut stale = Vec::new();
        for name in NAMES {
            let src = source_file(name).expect("a built-in name");
            let (built, warnings) =
                super::super::build::check_spanned(&src, loader.companions()).expect("valid");
            assert!(warnings.is_empty(), "{name}: {warnings:?}");
            let bytes = prepare(&built).expect("encodable");
            if write {
                let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                    .join(format!("src/tileset/prepared/{name}.postcard"));
                std::fs::write(path, &bytes).expect("writable");
            } else if prepared(name).as_ref() != Some(&built) {
                stale.push(name);
            }
        }
        assert!(
            stale.is_empty(),
            "prepared sets out of date: {stale:?}; run `CARCA_PREPARE=1 cargo test prepared_sets`"
        );
    }
}
