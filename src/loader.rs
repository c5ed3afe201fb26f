//! The loader: the one value that holds what a run of carca may read and
//! what it has read already. Its limits (the largest file read), where
//! named files come from (the disk, or only the files a request uploaded)
//! and its caches (the built-in tile sets, parsed once; the catalogs of
//! built-in sets, built once) live here and nowhere else, so a library
//! caller decides all three. Loaders share caches only when one is made
//! from another ([`Loader::sealed`]).

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
    /// `None`: files are read from the disk. Otherwise only these texts,
    /// by the name a record gives them, are read, and never the disk.
    uploads: Option<Arc<HashMap<String, String>>>,
    caches: Arc<Caches>,
    /// The expansions' rule options, which rulesets may set.
    options: crate::rules::table::Options,
    /// The expansions' `[points]` rows, which rulesets may set.
    rates: crate::rules::table::Rates,
    /// Every `[points]` key of its rulesets, which a tile set's modifiers
    /// may not take.
    point_keys: Vec<&'static str>,
    /// The keys the expansions add to records, which only the record
    /// reader reads (it knows their type; the loader only carries them).
    record_keys: &'static (dyn std::any::Any + Send + Sync),
}

/// The most catalogs a loader keeps.
pub const MAX_CATALOGS: usize = 64;

/// What a loader has read already: the built-in sets and their catalogs,
/// which are the same for every loader.
#[derive(Debug)]
struct Caches {
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
            uploads: None,
            caches: Arc::new(Caches {
                builtin: [const { OnceLock::new() }; builtin::NAMES.len()],
                catalogs: Mutex::default(),
            }),
            options: &[],
            rates: &[],
            point_keys: crate::rules::table::Group::Points.keys(&[]),
            record_keys: &(),
        }
    }

    /// This loader, its rulesets knowing the expansions' options
    /// `options` (given by whoever knows the expansions).
    #[must_use]
    pub fn with_options(mut self, options: crate::rules::table::Options) -> Loader {
        self.options = options;
        self
    }

    /// The expansions' rule options its rulesets know.
    #[must_use]
    pub fn options(&self) -> crate::rules::table::Options {
        self.options
    }

    /// This loader, its rulesets knowing the expansions' `[points]` rows
    /// `rates`.
    #[must_use]
    pub fn with_rates(mut self, rates: crate::rules::table::Rates) -> Loader {
        self.rates = rates;
        self.point_keys = crate::rules::table::Group::Points.keys(rates);
        self
    }

    /// The expansions' `[points]` rows its rulesets know.
    #[must_use]
    pub fn rates(&self) -> crate::rules::table::Rates {
        self.rates
    }

    /// This loader, its records taking the expansions' keys `keys` (what
    /// the record reader reads them with; given by whoever knows the
    /// expansions).
    #[must_use]
    pub fn with_record_keys(mut self, keys: &'static (dyn std::any::Any + Send + Sync)) -> Loader {
        self.record_keys = keys;
        self
    }

    /// The keys the expansions add to records, for the record reader.
    #[must_use]
    pub fn record_keys(&self) -> &'static (dyn std::any::Any + Send + Sync) {
        self.record_keys
    }

    /// A loader that never reads the disk: a file a record names (a tile
    /// set, a ruleset, one a ruleset extends) is one of `uploads`, by the
    /// name as written, or an error. It shares this loader's caches of
    /// built-in data and its limit. `carca serve` reads requests so.
    #[must_use]
    pub fn sealed(&self, uploads: HashMap<String, String>) -> Loader {
        Loader {
            max_file_bytes: self.max_file_bytes,
            uploads: Some(Arc::new(uploads)),
            caches: Arc::clone(&self.caches),
            options: self.options,
            rates: self.rates,
            point_keys: self.point_keys.clone(),
            record_keys: self.record_keys,
        }
    }

    /// The text uploaded under the name `path` gives, for a sealed loader.
    fn uploaded(
        &self,
        uploads: &HashMap<String, String>,
        path: &Path,
        what: &'static str,
    ) -> Result<SourceFile, Box<Finding>> {
        let name = path.to_string_lossy();
        let name = name.trim_start_matches("./");
        match uploads.get(name) {
            Some(text) if text.len() as u64 > self.max_file_bytes => {
                Err(Box::new(Finding::detached(
                    crate::diagnostic::Class::Input,
                    crate::files::ReadError::TooLarge {
                        path: name.to_string(),
                        size: text.len() as u64,
                        limit: self.max_file_bytes,
                    },
                )))
            }
            Some(text) => Ok(SourceFile::new(name, text.clone())),
            None => {
                let mut sent: Vec<&str> = uploads.keys().map(String::as_str).collect();
                sent.sort_unstable();
                Err(Box::new(Finding::detached(
                    crate::diagnostic::Class::Input,
                    crate::files::ReadError::NotUploaded {
                        name: crate::text::name(name),
                        what,
                        sent: if sent.is_empty() {
                            "none".to_string()
                        } else {
                            sent.join(", ")
                        },
                    },
                )))
            }
        }
    }

    /// The largest file this loader reads; larger ones are rejected unread.
    #[must_use]
    pub fn max_file_bytes(&self) -> u64 {
        self.max_file_bytes
    }

    /// Reads a text file within the limit.
    pub fn read(&self, path: &Path) -> Result<SourceFile, Box<Finding>> {
        match &self.uploads {
            Some(uploads) => self.uploaded(uploads, path, "file"),
            None => crate::files::read_source(path, self.max_file_bytes),
        }
    }

    /// Reads standard input within the limit.
    pub fn read_stdin(&self) -> Result<SourceFile, Box<Finding>> {
        match &self.uploads {
            Some(uploads) => self.uploaded(uploads, Path::new("-"), "file"),
            None => crate::files::read_stdin(self.max_file_bytes),
        }
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
        match &self.uploads {
            Some(uploads) => {
                let path = base.join(spec);
                let name = path.to_string_lossy();
                if !crate::files::looks_like_path(spec)
                    && !uploads.contains_key(name.trim_start_matches("./"))
                {
                    return Err(crate::files::unknown_name(spec, what, known));
                }
                self.uploaded(uploads, &path, what)
            }
            None => crate::files::read_named(spec, base, what, known, self.max_file_bytes),
        }
    }

    /// A built-in tile set, decoded from its prepared form (or, failing
    /// that, built from its YAML) the first time it is asked for.
    pub fn builtin_set(&self, name: &str) -> Result<&Arc<TileSet>, Vec<Finding>> {
        let Some(i) = builtin::NAMES.iter().position(|n| *n == name) else {
            return Err(Vec::new());
        };
        let mut errors = Vec::new();
        let parsed = self.caches.builtin[i].get_or_init(|| {
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
            point_keys: &self.point_keys,
            loader: self,
        }
    }

    /// The catalog of these built-in sets, if one was built already.
    pub(crate) fn cached_catalog(&self, names: &[String]) -> Option<Arc<Catalog>> {
        self.caches
            .catalogs
            .lock()
            .ok()
            .and_then(|m| m.get(names).cloned())
    }

    /// Keeps the catalog of these built-in sets for the next record, while
    /// fewer than [`MAX_CATALOGS`] are kept (a batch of records that each
    /// name other sets, or another supply scale, keeps its memory bounded).
    pub(crate) fn keep_catalog(&self, names: Vec<String>, catalog: &Arc<Catalog>) {
        if let Ok(mut m) = self.caches.catalogs.lock()
            && m.len() < MAX_CATALOGS
        {
            m.insert(names, Arc::clone(catalog));
        }
    }
}

impl crate::files::Files for Loader {
    fn read(&self, path: &Path) -> Result<SourceFile, Box<Finding>> {
        Loader::read(self, path)
    }

    fn read_named(
        &self,
        spec: &str,
        base: &Path,
        what: &'static str,
        known: &[&str],
    ) -> Result<SourceFile, Box<Finding>> {
        Loader::read_named(self, spec, base, what, known)
    }
}

impl crate::tileset::SetSource for Loader {
    fn builtin_set(&self, name: &str) -> Result<&Arc<TileSet>, Vec<Finding>> {
        Loader::builtin_set(self, name)
    }

    fn companions(&self) -> Companions<'_> {
        Loader::companions(self)
    }
}
