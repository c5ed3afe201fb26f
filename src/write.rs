//! Writing users' files safely.
//!
//! The new contents go to a temporary file created exclusively (an
//! unpredictable name, never an existing file or link) in the folder of the
//! file they replace, which is then renamed over it: an interrupted run
//! leaves the old file or the new one, never half of either. The file keeps
//! its permissions (and, where carca may, its owner); a link is written
//! through to the file it points at; a file with several hard links is
//! refused (renaming would part its names, and rewriting it in place could
//! leave it half written); a read-only file is refused; and a file that
//! changed since carca read it is left alone.

use std::fmt;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Why a file was not written. Nothing was changed.
#[derive(Debug)]
pub enum WriteError {
    /// The target is read-only.
    ReadOnly,
    /// The target has this many names (hard links).
    HardLinks(u64),
    /// The target is a folder or not a regular file.
    NotAFile(&'static str),
    /// The file changed since carca read it.
    Changed,
    /// The operating system refused.
    Io(std::io::Error),
}

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WriteError::ReadOnly => f.write_str("the file is read-only"),
            WriteError::HardLinks(n) => write!(
                f,
                "the file has {n} names (hard links): carca replaces a file whole, so that it is never left half written, which would part its names; update a copy, or give the file one name"
            ),
            WriteError::NotAFile(what) => write!(f, "it is {what}"),
            WriteError::Changed => {
                f.write_str("the file changed since carca read it (was it edited meanwhile?)")
            }
            WriteError::Io(e) => match e.kind() {
                std::io::ErrorKind::NotFound => f.write_str("its folder does not exist"),
                std::io::ErrorKind::PermissionDenied => f.write_str("permission denied"),
                _ => write!(f, "{e}"),
            },
        }
    }
}

impl std::error::Error for WriteError {}

impl From<std::io::Error> for WriteError {
    fn from(e: std::io::Error) -> WriteError {
        WriteError::Io(e)
    }
}

/// Writes `bytes` to `path` safely (see the module documentation).
pub fn atomic(path: &Path, bytes: &[u8]) -> Result<(), WriteError> {
    replace(path, bytes, None)
}

/// Writes `bytes` to `path` safely, if the file still holds `read`: what
/// carca read from it before working out the new contents.
pub fn replace(path: &Path, bytes: &[u8], read: Option<&[u8]>) -> Result<(), WriteError> {
    replace_with(path, read, |w| w.write_all(bytes))
}

/// Writes to `path` safely what `fill` writes, as it goes: for contents
/// too large to hold in memory. Nothing changes if `fill` fails.
pub fn create_with(
    path: &Path,
    fill: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> Result<(), WriteError> {
    replace_with(path, None, fill)
}

fn replace_with(
    path: &Path,
    read: Option<&[u8]>,
    fill: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> Result<(), WriteError> {
    // A link is written through: the file it points at is the one replaced.
    let target: PathBuf = match std::fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => std::fs::canonicalize(path)?,
        _ => path.to_path_buf(),
    };
    let existing = match std::fs::metadata(&target) {
        Ok(m) => Some(m),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(e.into()),
    };
    if let Some(m) = &existing {
        if !m.is_file() {
            return Err(WriteError::NotAFile(crate::files::file_kind(
                &m.file_type(),
            )));
        }
        if m.permissions().readonly() {
            return Err(WriteError::ReadOnly);
        }
    }
    let unchanged = || match read {
        None => Ok(()),
        Some(read) => match std::fs::read(&target) {
            Ok(now) if now == read => Ok(()),
            Ok(_) => Err(WriteError::Changed),
            Err(e) => Err(WriteError::Io(e)),
        },
    };
    if let Some(n) = existing.as_ref().and_then(several_links) {
        return Err(WriteError::HardLinks(n));
    }
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let name = target
        .file_name()
        .map_or_else(|| "carca".into(), |n| n.to_string_lossy().into_owned());
    // Removed when dropped, so a failure leaves nothing behind. A new file
    // gets the mode any new file gets (0666 less the umask), not the
    // temporary file's private 0600.
    let prefix = format!(".{name}.");
    let mut new_file = tempfile::Builder::new();
    new_file.prefix(&prefix).suffix(".carca-tmp");
    #[cfg(unix)]
    if existing.is_none() {
        use std::os::unix::fs::PermissionsExt;
        new_file.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let mut tmp = new_file.tempfile_in(dir)?;
    {
        let mut buffered = std::io::BufWriter::new(tmp.as_file_mut());
        fill(&mut buffered)?;
        buffered.flush()?;
    }
    if let Some(m) = &existing {
        tmp.as_file().set_permissions(m.permissions())?;
        keep_owner(tmp.as_file(), m);
    }
    tmp.as_file().sync_all()?;
    unchanged()?;
    tmp.persist(&target).map_err(|e| WriteError::Io(e.error))?;
    Ok(())
}

/// How many names a file has, when it has more than one.
#[cfg(unix)]
fn several_links(m: &std::fs::Metadata) -> Option<u64> {
    use std::os::unix::fs::MetadataExt;
    (m.nlink() > 1).then(|| m.nlink())
}

#[cfg(not(unix))]
fn several_links(_: &std::fs::Metadata) -> Option<u64> {
    None
}

/// Gives the new file the old one's owner, where carca may (as root, or
/// when the owner is carca's user already); otherwise it stays carca's.
#[cfg(unix)]
fn keep_owner(file: &std::fs::File, m: &std::fs::Metadata) {
    use std::os::unix::fs::MetadataExt;
    let _ = std::os::unix::fs::fchown(file, Some(m.uid()), Some(m.gid()));
}

#[cfg(not(unix))]
fn keep_owner(_: &std::fs::File, _: &std::fs::Metadata) {}

/// Whether two paths name the same file (after links, and for hard links
/// too): `import x.jcz -o x.jcz` must not overwrite what it reads.
#[must_use]
pub fn same_file(a: &Path, b: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if let (Ok(x), Ok(y)) = (std::fs::metadata(a), std::fs::metadata(b)) {
            return x.dev() == y.dev() && x.ino() == y.ino();
        }
    }
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(x), Ok(y)) => x == y,
        _ => false,
    }
}
