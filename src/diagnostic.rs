//! Findings about user files, ready to be rendered.
//!
//! Each layer (tile sets, rulesets, records, the engine) has its own error
//! enum with stable codes, labels and help lines. A [`Finding`] pairs one of
//! those errors with the file it is about and says whether it makes the
//! file unreadable (exit code 2) or reports a defect or rule violation in a
//! readable file (exit code 1).

use std::fmt;

use miette::{Diagnostic, LabeledSpan, SourceCode, SourceSpan};

use crate::source::SourceFile;

/// What a finding means for the exit code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Class {
    /// Worth knowing, but nothing is wrong (exit 0).
    Warning,
    /// A readable file with a defect, a rule violation or a mismatch (exit 1).
    Defect,
    /// The file could not be read or is not a valid file (exit 2).
    Input,
}

/// One diagnostic about one file.
pub struct Finding {
    class: Class,
    src: Option<SourceFile>,
    inner: Box<dyn Reportable>,
}

/// A diagnostic a finding holds: any layer's, kept typed so that a caller
/// can ask for its own kind of finding back ([`Finding::typed`]).
pub trait Reportable: Diagnostic + Send + Sync + 'static {
    /// The diagnostic as a value of its own type.
    fn as_any(&self) -> &dyn std::any::Any;
}

impl<T: Diagnostic + Send + Sync + 'static> Reportable for T {
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

impl Finding {
    /// A finding about `src`.
    pub fn new(
        class: Class,
        src: &SourceFile,
        inner: impl Diagnostic + Send + Sync + 'static,
    ) -> Finding {
        Finding {
            class,
            src: Some(src.clone()),
            inner: Box::new(inner),
        }
    }

    /// The same finding shown on `src` when it was found in a file of that
    /// name: a copy of `src` whose bytes lie where they lie in `src` (a
    /// second reading with unknown keys blanked out).
    #[must_use]
    pub fn shown_on(mut self, src: &SourceFile) -> Finding {
        if self.src.as_ref().is_some_and(|s| s.name() == src.name()) {
            self.src = Some(src.clone());
        }
        self
    }

    /// The diagnostic this finding holds, if it is a `T` (a rule
    /// violation of the engine, say).
    #[must_use]
    pub fn typed<T: 'static>(&self) -> Option<&T> {
        self.inner.as_any().downcast_ref()
    }

    /// A finding with no file to quote (a file that could not be opened).
    pub fn detached(class: Class, inner: impl Diagnostic + Send + Sync + 'static) -> Finding {
        Finding {
            class,
            src: None,
            inner: Box::new(inner),
        }
    }

    /// Whether the finding makes the input unreadable or reports a defect.
    #[must_use]
    pub fn class(&self) -> Class {
        self.class
    }

    /// The file the finding is about, if any.
    #[must_use]
    pub fn source(&self) -> Option<&SourceFile> {
        self.src.as_ref()
    }

    /// The stable diagnostic code, such as `carca::tileset::edge_code_length`.
    #[must_use]
    pub fn code_string(&self) -> String {
        self.inner
            .as_ref()
            .code()
            .map(|c| c.to_string())
            .unwrap_or_default()
    }

    /// The help line, if any.
    #[must_use]
    pub fn help_string(&self) -> Option<String> {
        self.inner.as_ref().help().map(|h| h.to_string())
    }

    /// The first labelled span, if any.
    #[must_use]
    pub fn primary_span(&self) -> Option<SourceSpan> {
        self.inner
            .as_ref()
            .labels()
            .and_then(|mut l| l.next())
            .map(|l| *l.inner())
    }

    /// Whether every label points somewhere: a value read without its
    /// position (a record read the quick way) gives a label at no place,
    /// an empty span at the text's start.
    #[must_use]
    pub fn located(&self) -> bool {
        self.inner
            .as_ref()
            .labels()
            .is_none_or(|mut l| l.all(|l| l.inner().offset() != 0 || !l.inner().is_empty()))
    }

    /// 1-based line and column of the primary span.
    #[must_use]
    pub fn line_col(&self) -> Option<(usize, usize)> {
        let src = self.src.as_ref()?;
        let span = self.primary_span()?;
        (span.offset() <= src.text().len()).then(|| src.line_col(span.offset()))
    }
}

impl fmt::Debug for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Finding")
            .field("class", &self.class)
            .field("code", &self.code_string())
            .field("message", &self.inner.as_ref().to_string())
            .field("source", &self.src.as_ref().map(SourceFile::name))
            .finish_non_exhaustive()
    }
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.inner.as_ref(), f)
    }
}

impl std::error::Error for Finding {}

impl Diagnostic for Finding {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.inner.as_ref().code()
    }
    fn severity(&self) -> Option<miette::Severity> {
        self.inner.as_ref().severity()
    }
    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.inner.as_ref().help()
    }
    fn url<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.inner.as_ref().url()
    }
    fn source_code(&self) -> Option<&dyn SourceCode> {
        match &self.src {
            Some(s) => Some(s),
            None => self.inner.as_ref().source_code(),
        }
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        self.inner.as_ref().labels()
    }
    fn related<'a>(&'a self) -> Option<Box<dyn Iterator<Item = &'a dyn Diagnostic> + 'a>> {
        self.inner.as_ref().related()
    }
    fn diagnostic_source(&self) -> Option<&dyn Diagnostic> {
        self.inner.as_ref().diagnostic_source()
    }
}

/// The exit code for a list of findings: 0 none, 1 defects only, 2 any input error.
#[must_use]
pub fn exit_code(findings: &[Finding]) -> u8 {
    match findings.iter().map(Finding::class).max() {
        None | Some(Class::Warning) => 0,
        Some(Class::Defect) => 1,
        Some(Class::Input) => 2,
    }
}
