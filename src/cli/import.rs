//! `carca import jcz`: a JCloisterZone save as a carca record.

use crate::loader::Loader;
use std::path::Path;

use super::Outcome;
use crate::diagnostic::exit_code;
use crate::jcz;
use crate::report::diagnostics::{Style, render};

/// Converts `save`, printing the record or writing it to `output`.
pub(crate) fn jcz(loader: &Loader, save: &Path, output: Option<&Path>, style: Style) -> Outcome {
    let failed = |findings: &[crate::diagnostic::Finding]| Outcome {
        stderr: render(findings, style),
        code: exit_code(findings).max(2),
        ..Outcome::default()
    };
    if let Some(out) = output
        && crate::write::same_file(save, out)
    {
        return super::usage_error(&format!(
            "-o {} is the save being imported: write the record to another file (a .yaml)",
            out.display()
        ));
    }
    // `-`: the save comes on standard input.
    let read = if save == Path::new("-") {
        loader.read_stdin()
    } else {
        loader.read(save)
    };
    let src = match read {
        Ok(s) => s,
        Err(f) => return failed(&[*f]),
    };
    let text = match jcz::import(loader, &src, crate::expansions::JCZ) {
        Ok(t) => t,
        Err(findings) => return failed(&findings),
    };
    match output {
        None => Outcome {
            stdout: text,
            ..Outcome::default()
        },
        Some(path) => match crate::write::atomic(path, text.as_bytes()) {
            Ok(()) => Outcome {
                stderr: format!("wrote {}\n", path.display()),
                ..Outcome::default()
            },
            Err(e) => super::error::write(path, e),
        },
    }
}
