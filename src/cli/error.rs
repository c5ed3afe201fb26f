//! Errors of the command line itself (not of a file): a diagnostic with a
//! code and a help line, like every other.

use miette::Diagnostic;
use thiserror::Error;

use super::Outcome;
use crate::diagnostic::{Class, Finding};
use crate::report::diagnostics::{Style, render};

/// A command used wrongly, or a file it could not write.
#[derive(Debug, Error, Diagnostic)]
pub enum CliError {
    /// Options or arguments that do not fit the command or the record.
    #[error("{message}")]
    #[diagnostic(
        code(carca::cli::usage),
        help("`carca help COMMAND` lists a command's options; docs/ has examples")
    )]
    Usage {
        /// What is wrong, and what to do instead.
        message: String,
    },
    /// A file that could not be written (nothing was changed).
    #[error("cannot write {path}: {reason}")]
    #[diagnostic(
        code(carca::cli::write),
        help(
            "check that the folder exists and may be written to, and that the file is not read-only or changed meanwhile"
        )
    )]
    Write {
        /// The path.
        path: String,
        /// Why.
        reason: String,
    },
}

impl CliError {
    /// The error drawn as a diagnostic.
    #[must_use]
    pub fn rendered(self) -> String {
        render(&[Finding::detached(Class::Input, self)], Style::Plain)
    }

    /// The outcome of a command that stops here: the diagnostic, exit 2.
    #[must_use]
    pub fn outcome(self) -> Outcome {
        Outcome {
            stderr: self.rendered(),
            code: 2,
            ..Outcome::default()
        }
    }
}

/// A command used wrongly: its diagnostic, exit code 2.
pub(crate) fn usage(message: impl Into<String>) -> Outcome {
    CliError::Usage {
        message: message.into(),
    }
    .outcome()
}

/// A file that could not be written: its diagnostic, exit code 2.
pub(crate) fn write(path: &std::path::Path, reason: impl std::fmt::Display) -> Outcome {
    CliError::Write {
        path: crate::text::escaped(&path.display().to_string(), false).into_owned(),
        reason: reason.to_string(),
    }
    .outcome()
}
