//! Writing files safely: to a temporary file beside the target, then
//! renamed into place, so an interrupted run never leaves a half-written or
//! emptied file.

use std::io::Write;
use std::path::Path;

/// Writes `bytes` to `path` atomically.
pub fn atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let name = path
        .file_name()
        .map_or_else(|| "carca".into(), |n| n.to_string_lossy().into_owned());
    let tmp = dir.join(format!(".{name}.carca-tmp-{}", std::process::id()));
    let result = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}
