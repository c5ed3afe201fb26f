//! The loader: the one value that holds what a run of carca may read and
//! what it has read already. Its limits (the largest file read) and its
//! caches (the built-in tile sets, parsed once; the catalogs of built-in
//! sets, built once) live here and nowhere else, so two loaders never
//! share state and a library caller decides both.

use std::collections::HashMap;
use std::path::Path;
use std::sync::{Arc, Mutex, OnceLock};

use crate::diagnostic::Finding;
use crate::source::{DEFAULT_MAX_FILE_BYTES, SourceFile};
use crate::tileset::build::Companions;
use crate::tileset::{Catalog, TileSet, builtin};

/// Limits and caches for reading files.
#[derive(Debug)]
pub struct Loader {
    max_file_bytes: u64,
    builtin: [OnceLock<Option<Arc<TileSet>>>; builtin::NAMES.len()],
    catalogs: Mutex<HashMap<Vec<String>, Arc<Catalog>>>,
}

impl Default for Loader {
    fn default() -> Loader {
        Loader::new(DEFAULT_MAX_FILE_BYTES)
    }
}

impl Loader {
    /// A loader that reads files of at most `max_file_bytes` bytes.
    #[must_use]
    pub fn new(max_file_bytes: u64) -> Loader {
        Loader {
            max_file_bytes,
            builtin: [const { OnceLock::new() }; builtin::NAMES.len()],
            catalogs: Mutex::default(),
        }
    }

    /// The largest file this loader reads; larger ones are rejected unread.
    #[must_use]
    pub fn max_file_bytes(&self) -> u64 {
        self.max_file_bytes
    }

    /// Reads a text file within the limit.
    pub fn read(&self, path: &Path) -> Result<SourceFile, Box<Finding>> {
        crate::diagnostic::read_source(path, self.max_file_bytes)
    }

    /// Reads standard input within the limit.
    pub fn read_stdin(&self) -> Result<SourceFile, Box<Finding>> {
        crate::diagnostic::read_stdin(self.max_file_bytes)
    }

    /// Reads a file named by a record or a command line (`spec`, relative
    /// to `base`), which must not be one of the built-in names `known`.
    pub fn read_named(
        &self,
        spec: &str,
        base: &Path,
        what: &'static str,
        known: &[&str],
    ) -> Result<SourceFile, Box<Finding>> {
        crate::diagnostic::read_named(spec, base, what, known, self.max_file_bytes)
    }

    /// A built-in tile set, decoded from its prepared form (or, failing
    /// that, built from its YAML) the first time it is asked for.
    pub fn builtin_set(&self, name: &str) -> Result<&Arc<TileSet>, Vec<Finding>> {
        let Some(i) = builtin::NAMES.iter().position(|n| *n == name) else {
            return Err(Vec::new());
        };
        let mut errors = Vec::new();
        let parsed = self.builtin[i].get_or_init(|| {
            if let Some(set) = builtin::prepared(name) {
                return Some(Arc::new(set));
            }
            let src = builtin::source_file(name)?;
            match crate::tileset::build::parse(&src, self.companions()) {
                Ok(set) => Some(Arc::new(set)),
                Err(e) => {
                    errors = e;
                    None
                }
            }
        });
        parsed.as_ref().ok_or(errors)
    }

    /// The built-in sets, as the sets a tile set may require.
    #[must_use]
    pub fn companions(&self) -> Companions<'_> {
        Companions {
            names: &builtin::NAMES,
            loader: self,
        }
    }

    /// The catalog of these built-in sets, if one was built already.
    pub(crate) fn cached_catalog(&self, names: &[String]) -> Option<Arc<Catalog>> {
        self.catalogs
            .lock()
            .ok()
            .and_then(|m| m.get(names).cloned())
    }

    /// Keeps the catalog of these built-in sets for the next record.
    pub(crate) fn keep_catalog(&self, names: Vec<String>, catalog: &Arc<Catalog>) {
        if let Ok(mut m) = self.catalogs.lock() {
            m.insert(names, Arc::clone(catalog));
        }
    }
}
