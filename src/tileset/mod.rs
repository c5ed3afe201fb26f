//! Tile sets: the declarative YAML language, its validation and the
//! built-in sets.
//!
//! Data flows one way: `raw` (the file as written, with spans) →
//! [`build`] (derivation and validation) → [`model`] (what the engine reads).

pub mod build;
pub mod builtin;
pub mod catalog;
pub mod error;
pub mod figure;
pub mod kind;
pub mod model;
mod raw;
mod topology;

pub use catalog::Catalog;
pub use error::TilesetError;
pub use figure::{Figure, FigureKind, FigureTable};
pub use model::{EdgeKind, End, Feature, FeatureKind, Tile, TileSet};

use std::path::Path;
use std::sync::Arc;

use crate::diagnostic::Finding;
use crate::files::Files;

/// Where tile sets come from: the built-in sets (each decoded once by
/// whoever keeps them, a [`crate::loader::Loader`]) and the files a record
/// names.
pub trait SetSource: Files {
    /// A built-in tile set by name.
    fn builtin_set(&self, name: &str) -> Result<&Arc<TileSet>, Vec<Finding>>;

    /// The built-in sets, as the sets a tile set may require.
    fn companions(&self) -> build::Companions<'_>;
}

/// The JSON Schema of tile-set files.
#[must_use]
pub fn schema() -> serde_json::Value {
    raw::schema()
}
use crate::source::SourceFile;

/// Parses and validates a tile-set file, with the built-in sets as the
/// sets it may require (see [`build::parse`]).
pub fn parse(loader: &dyn SetSource, src: &SourceFile) -> Result<TileSet, Vec<Finding>> {
    build::parse(src, loader.companions())
}

/// A tile set loaded from a name or a file, with the source it came from.
#[derive(Debug, Clone)]
pub struct Loaded {
    /// The set (shared: a built-in set is decoded once per loader).
    pub set: Arc<TileSet>,
    /// Its source text.
    pub source: SourceFile,
}

/// Loads a built-in set by name, or a tile-set file by path.
pub fn load(loader: &dyn SetSource, spec: &str, base: &Path) -> Result<Loaded, Vec<Finding>> {
    if let Some(source) = builtin::source_file(spec) {
        return loader.builtin_set(spec).map(|set| Loaded {
            set: Arc::clone(set),
            source,
        });
    }
    let source = loader
        .read_named(spec, base, "tile set", &builtin::NAMES)
        .map_err(|f| vec![*f])?;
    build::parse(&source, loader.companions()).map(|set| Loaded {
        set: Arc::new(set),
        source,
    })
}

/// Loads a set as [`load`] does, with the warnings about it (none for a
/// built-in set).
pub fn check(
    loader: &dyn SetSource,
    spec: &str,
    base: &Path,
) -> Result<(Loaded, Vec<Finding>), Vec<Finding>> {
    if builtin::source_file(spec).is_some() {
        return load(loader, spec, base).map(|l| (l, Vec::new()));
    }
    check_source(
        loader,
        loader
            .read_named(spec, base, "tile set", &builtin::NAMES)
            .map_err(|f| vec![*f])?,
    )
}

/// Validates a tile set already read (from standard input, say),
/// reporting every problem and the warnings of a sound one.
///
/// # Errors
/// The set's problems.
pub fn check_source(
    loader: &dyn SetSource,
    source: SourceFile,
) -> Result<(Loaded, Vec<Finding>), Vec<Finding>> {
    build::check(&source, loader.companions()).map(|(set, warnings)| {
        (
            Loaded {
                set: Arc::new(set),
                source,
            },
            warnings,
        )
    })
}
