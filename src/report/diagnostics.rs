//! Rendering findings with miette's graphical handler.

use miette::{GraphicalReportHandler, GraphicalTheme};

use crate::diagnostic::Finding;

/// How diagnostics are drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// Unicode, no colour, 80 columns: stable output for files, pipes and snapshots.
    Plain,
    /// Unicode with colour, for a terminal.
    Colour,
}

/// Renders findings one after another.
#[must_use]
pub fn render(findings: &[Finding], style: Style) -> String {
    let theme = match style {
        Style::Plain => GraphicalTheme::unicode_nocolor(),
        Style::Colour => GraphicalTheme::unicode(),
    };
    let handler = GraphicalReportHandler::new_themed(theme)
        .with_width(80)
        .with_links(false);
    let mut out = String::new();
    for f in findings {
        if handler.render_report(&mut out, f).is_err() {
            out.push_str(&f.to_string());
            out.push('\n');
        }
    }
    out
}
