//! `carca tiles check` and `carca tiles show`.

use std::fmt::Write;

use super::Outcome;
use crate::diagnostic::exit_code;
use crate::report::diagnostics::{Style, render};
use crate::report::tiles::show_set;
use crate::tileset;

/// Validates each file and reports every problem.
pub(crate) fn check(files: &[String], style: Style) -> Outcome {
    let mut out = Outcome::default();
    for file in files {
        let shown = crate::report::text::escaped(file, false);
        match tileset::load(file, &super::cwd()) {
            Ok(loaded) => {
                let total: u64 = loaded.set.tiles.iter().map(|t| u64::from(t.count)).sum();
                let _ = writeln!(
                    out.stdout,
                    "ok {}: tile set `{}`, {}, {}",
                    shown,
                    crate::report::text::name(&loaded.set.name),
                    crate::report::text::count(loaded.set.tiles.len(), "tile type", "tile types"),
                    crate::report::text::count(
                        usize::try_from(total).unwrap_or(usize::MAX),
                        "tile",
                        "tiles"
                    )
                );
            }
            Err(findings) => {
                out.stderr.push_str(&render(&findings, style));
                let _ = writeln!(
                    out.stdout,
                    "{} {}: {} problem{}",
                    if exit_code(&findings) == 2 {
                        "unreadable"
                    } else {
                        "defective"
                    },
                    shown,
                    findings.len(),
                    if findings.len() == 1 { "" } else { "s" }
                );
                out.code = out.code.max(exit_code(&findings));
            }
        }
    }
    out
}

/// Draws a set's tiles.
pub(crate) fn show(spec: &str, id: Option<&str>, style: Style) -> Outcome {
    match tileset::load(spec, &super::cwd()) {
        Ok(loaded) => {
            if let Some(id) = id
                && loaded.set.tile(id).is_none()
            {
                let ids: Vec<&str> = loaded.set.tiles.iter().map(|t| t.id.as_str()).collect();
                return super::usage_error(&format!(
                    "tile set `{}` has no tile `{id}`; {}its tiles are {}",
                    crate::report::text::name(&loaded.set.name),
                    crate::suggest::did_you_mean(id, ids.iter().copied()),
                    ids.join(" ")
                ));
            }
            Outcome {
                stdout: show_set(&loaded.set, id),
                ..Outcome::default()
            }
        }
        Err(findings) => Outcome {
            stderr: render(&findings, style),
            code: exit_code(&findings).max(1),
            ..Outcome::default()
        },
    }
}

/// Draws every tile of a set.
pub(crate) fn draw(spec: &str, output: Option<&std::path::Path>, style: Style) -> Outcome {
    match tileset::load(spec, &super::cwd()) {
        Ok(loaded) => {
            let scene = crate::report::picture::Scene::sheet(&loaded.set.tiles);
            super::render::finish(
                super::render::write(&scene, output, style == Style::Colour),
                output.is_some(),
            )
        }
        Err(findings) => Outcome {
            stderr: render(&findings, style),
            code: exit_code(&findings).max(1),
            ..Outcome::default()
        },
    }
}
