//! Reading files from disk (or standard input) within carca's limits,
//! and the findings of a read that failed. [`Files`] is what a layer that
//! follows names to files (a ruleset's `extends`, a tile set's path) asks
//! of whoever reads for it: the [`crate::loader::Loader`] of a run, or
//! [`NoFiles`] where nothing may be read.

use std::path::Path;

use miette::Diagnostic;

use crate::diagnostic::{Class, Finding};
use crate::source::SourceFile;

/// Whatever reads the files a user's file names.
pub trait Files {
    /// Reads a text file.
    fn read(&self, path: &Path) -> Result<SourceFile, Box<Finding>>;

    /// Reads a file named by a record or a command line (`spec`, relative
    /// to `base`), which must not be one of the built-in names `known`.
    fn read_named(
        &self,
        spec: &str,
        base: &Path,
        what: &'static str,
        known: &[&str],
    ) -> Result<SourceFile, Box<Finding>>;
}

/// Reads nothing: every name is unknown (built-in data extends only
/// built-in data).
#[derive(Debug, Clone, Copy, Default)]
pub struct NoFiles;

impl Files for NoFiles {
    fn read(&self, path: &Path) -> Result<SourceFile, Box<Finding>> {
        Err(Box::new(Finding::detached(
            Class::Input,
            ReadError::Io {
                path: path.display().to_string(),
                reason: "nothing is read here".to_string(),
            },
        )))
    }

    fn read_named(
        &self,
        spec: &str,
        _base: &Path,
        what: &'static str,
        known: &[&str],
    ) -> Result<SourceFile, Box<Finding>> {
        Err(unknown_name(spec, what, known))
    }
}

/// Errors reading a file from disk.
#[derive(Debug, thiserror::Error, Diagnostic)]
pub enum ReadError {
    /// The file could not be opened or read.
    #[error("cannot read {path}: {reason}")]
    #[diagnostic(
        code(carca::io::read),
        help("check that the path exists and is a readable file")
    )]
    Io {
        /// The path as given.
        path: String,
        /// The operating system's reason.
        reason: String,
    },
    /// A name that is neither built in nor a file.
    #[error("`{name}` is neither a built-in {what} nor a file")]
    #[diagnostic(
        code(carca::io::unknown_name),
        help("{suggestion}built-in {what}s: {known}; a file is named by its path")
    )]
    UnknownName {
        /// "did you mean …?", or nothing.
        suggestion: String,
        /// Tile set or ruleset.
        what: &'static str,
        /// The name given.
        name: String,
        /// The built-in names.
        known: String,
    },
    /// A file a record names that a request to `carca serve` did not send:
    /// the server reads no file from its disk on a request's behalf.
    #[error("the {what} `{name}` was not sent with the request")]
    #[diagnostic(
        code(carca::serve::not_uploaded),
        help(
            "the server reads no files of its own: send the file's text in the request's `files` under the name the record gives it (files sent: {sent}); built-in tile sets and rulesets are named without a path"
        )
    )]
    NotUploaded {
        /// The name as written.
        name: String,
        /// Tile set, ruleset or file.
        what: &'static str,
        /// The names of the files the request sent.
        sent: String,
    },
    /// The file is larger than carca reads.
    #[error("{path} is {size} bytes, more than the {limit} bytes carca reads")]
    #[diagnostic(
        code(carca::io::too_large),
        help(
            "raise the limit with --max-file-mib if this really is a record (a game of a million tiles is about 30 MiB)"
        )
    )]
    TooLarge {
        /// The path as given.
        path: String,
        /// Its size.
        size: u64,
        /// The limit.
        limit: u64,
    },
    /// The path names something other than a regular file.
    #[error("{path} is {what}, not a file carca reads")]
    #[diagnostic(
        code(carca::io::not_a_file),
        help("give the path of a record, tile set or ruleset file")
    )]
    NotAFile {
        /// The path as given.
        path: String,
        /// What it is.
        what: &'static str,
    },
    /// The file is not of the kind it was named as: its contents are not
    /// shown, since it may be any file on the machine.
    #[error("{path} is not a {what}: {reason}")]
    #[diagnostic(
        code(carca::io::wrong_kind),
        help(
            "name a {what} file here; carca does not show the contents of a file that is not one"
        )
    )]
    WrongKind {
        /// The path as given.
        path: String,
        /// What it was named as.
        what: &'static str,
        /// What it lacks.
        reason: &'static str,
    },
    /// The file is not UTF-8 text.
    #[error("{path} is not UTF-8 text (invalid byte at offset {offset})")]
    #[diagnostic(code(carca::io::not_utf8), help("save the file as UTF-8"))]
    NotUtf8 {
        /// The path as given.
        path: String,
        /// Offset of the first invalid byte.
        offset: usize,
    },
}

/// Reads a file named by `spec` (relative to `base`), or reports that a
/// bare name is neither one of the built-in `known` names nor a file.
pub fn read_named(
    spec: &str,
    base: &std::path::Path,
    what: &'static str,
    known: &[&str],
    limit: u64,
) -> Result<SourceFile, Box<Finding>> {
    let path = base.join(spec);
    if !looks_like_path(spec) && !path.exists() {
        return Err(unknown_name(spec, what, known));
    }
    read_source(&path, limit)
}

/// Whether a name of a tile set or ruleset is written as a path (with a
/// folder or a file extension) rather than as a built-in name.
#[must_use]
pub fn looks_like_path(spec: &str) -> bool {
    let extension = std::path::Path::new(spec)
        .extension()
        .map(std::ffi::OsStr::to_ascii_lowercase);
    spec.contains(['/', '\\'])
        || extension.is_some_and(|e| e == "yaml" || e == "yml" || e == "toml")
}

/// A name that is neither built in nor a file.
#[must_use]
pub fn unknown_name(spec: &str, what: &'static str, known: &[&str]) -> Box<Finding> {
    Box::new(Finding::detached(
        Class::Input,
        ReadError::UnknownName {
            suggestion: crate::suggest::did_you_mean(spec, known.iter().copied()),
            what,
            name: spec.to_string(),
            known: known.join(", "),
        },
    ))
}

/// Reads a record from standard input (`-` on the command line), with
/// carca's size limit.
pub fn read_stdin(limit: u64) -> Result<SourceFile, Box<Finding>> {
    use std::io::Read;
    let shown = "<stdin>".to_string();
    let mut bytes = Vec::new();
    std::io::stdin()
        .lock()
        .take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| {
            Box::new(Finding::detached(
                Class::Input,
                ReadError::Io {
                    path: shown.clone(),
                    reason: e.to_string(),
                },
            ))
        })?;
    from_bytes(shown, bytes, limit)
}

/// A [`SourceFile`] from bytes read, if they are within the limit and UTF-8.
fn from_bytes(shown: String, bytes: Vec<u8>, limit: u64) -> Result<SourceFile, Box<Finding>> {
    if bytes.len() as u64 > limit {
        return Err(Box::new(Finding::detached(
            Class::Input,
            ReadError::TooLarge {
                size: bytes.len() as u64,
                path: shown,
                limit,
            },
        )));
    }
    match String::from_utf8(bytes) {
        Ok(text) => Ok(SourceFile::new(shown, text)),
        Err(e) => Err(Box::new(Finding::detached(
            Class::Input,
            ReadError::NotUtf8 {
                path: shown,
                offset: e.utf8_error().valid_up_to(),
            },
        ))),
    }
}

/// Reads a text file with carca's size limit, as a [`SourceFile`].
pub fn read_source(path: &std::path::Path, limit: u64) -> Result<SourceFile, Box<Finding>> {
    use std::io::Read;
    let shown = path.display().to_string();
    let io = |e: std::io::Error| {
        let reason = match e.kind() {
            std::io::ErrorKind::NotFound => "no such file".to_string(),
            std::io::ErrorKind::PermissionDenied => "permission denied".to_string(),
            std::io::ErrorKind::IsADirectory => "it is a folder".to_string(),
            _ => e.to_string(),
        };
        Box::new(Finding::detached(
            Class::Input,
            ReadError::Io {
                path: shown.clone(),
                reason,
            },
        ))
    };
    // What the path is, before it is opened: a FIFO would block, a device
    // never end, and a file over the limit is not read at all.
    let meta = std::fs::metadata(path).map_err(io)?;
    if !meta.is_file() {
        return Err(Box::new(Finding::detached(
            Class::Input,
            ReadError::NotAFile {
                path: shown,
                what: file_kind(&meta.file_type()),
            },
        )));
    }
    if meta.len() > limit {
        return Err(Box::new(Finding::detached(
            Class::Input,
            ReadError::TooLarge {
                path: shown,
                size: meta.len(),
                limit,
            },
        )));
    }
    let file = std::fs::File::open(path).map_err(io)?;
    // Room for the file as it was measured (and one byte to see it grew),
    // so that a large file is not copied while it is read.
    let mut bytes = Vec::with_capacity(usize::try_from(meta.len().saturating_add(1)).unwrap_or(0));
    file.take(limit + 1).read_to_end(&mut bytes).map_err(io)?;
    from_bytes(shown, bytes, limit)
}

/// What a file type is, in words.
#[must_use]
pub fn file_kind(t: &std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a named pipe";
        }
        if t.is_socket() {
            return "a socket";
        }
        if t.is_block_device() || t.is_char_device() {
            return "a device";
        }
    }
    if t.is_dir() {
        "a folder"
    } else if t.is_symlink() {
        "a link"
    } else if t.is_file() {
        "a file"
    } else {
        "not a regular file"
    }
}

/// A file named as a tile set or ruleset that holds nothing of the kind, as
/// a finding that does not quote it.
#[must_use]
pub fn wrong_kind(src: &SourceFile, what: &'static str, reason: &'static str) -> Finding {
    Finding::detached(
        Class::Input,
        ReadError::WrongKind {
            path: src.name().to_string(),
            what,
            reason,
        },
    )
}
