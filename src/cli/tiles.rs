//! `carca tiles check` and `carca tiles show`.

use crate::loader::Loader;
use std::fmt::Write;

use super::{Format, Outcome};
use crate::diagnostic::exit_code;
use crate::report::diagnostics::{Style, render};
use crate::report::json::{CheckResult, TileSetCheckJson, TilesCheckJson};
use crate::report::output::DiagnosticJson;
use crate::report::tiles::show_set;
use crate::tileset;

/// What a defective tile set says of itself, when its file reads as YAML:
/// its `name`, and how many tile types and tiles its `tiles` list declares
/// (a `count` left out is 1), when the list reads.
fn declared(loader: &Loader, file: &str) -> (Option<String>, Option<(usize, u64)>) {
    #[derive(serde::Deserialize)]
    struct Named {
        name: Option<String>,
    }
    #[derive(serde::Deserialize)]
    struct Listed {
        tiles: Vec<Counted>,
    }
    #[derive(serde::Deserialize)]
    struct Counted {
        count: Option<u64>,
    }
    let Ok(src) = loader.read(std::path::Path::new(file)) else {
        return (None, None);
    };
    let options = || crate::source::yaml_options(src.text().len());
    let name = serde_saphyr::from_str_with_options::<Named>(src.text(), options())
        .ok()
        .and_then(|n| n.name);
    let counts = serde_saphyr::from_str_with_options::<Listed>(src.text(), options())
        .ok()
        .map(|l| {
            let tiles = l
                .tiles
                .iter()
                .map(|t| t.count.unwrap_or(1))
                .fold(0u64, u64::saturating_add);
            (l.tiles.len(), tiles)
        });
    (name, counts)
}

/// Validates each file and reports every problem.
pub(crate) fn check(loader: &Loader, files: &[String], format: Format, style: Style) -> Outcome {
    let mut out = Outcome::default();
    let mut results: Vec<TileSetCheckJson> = Vec::new();
    for file in files {
        let shown = crate::text::escaped(file, false);
        // `-`: the tile set comes on standard input.
        let checked = if file == "-" {
            loader
                .read_stdin()
                .map_err(|f| vec![*f])
                .and_then(|source| tileset::check_source(loader, source))
        } else {
            tileset::check(loader, file, &super::cwd())
        };
        match checked {
            Ok((found, warnings)) => {
                let total: u64 = found.set.tiles.iter().map(|t| u64::from(t.count)).sum();
                results.push(TileSetCheckJson {
                    file: file.clone(),
                    result: CheckResult::Sound,
                    name: Some(found.set.name.clone()),
                    tile_types: Some(found.set.tiles.len()),
                    tiles: Some(total),
                    diagnostics: warnings.iter().map(DiagnosticJson::of).collect(),
                });
                out.stderr.push_str(&render(&warnings, style));
                let _ = writeln!(
                    out.stdout,
                    "ok {}: tile set `{}`, {}, {}{}",
                    shown,
                    crate::text::name(&found.set.name),
                    crate::text::count(found.set.tiles.len(), "tile type", "tile types"),
                    crate::text::count(
                        usize::try_from(total).unwrap_or(usize::MAX),
                        "tile",
                        "tiles"
                    ),
                    if warnings.is_empty() {
                        String::new()
                    } else {
                        format!(
                            " ({})",
                            crate::text::count(warnings.len(), "warning", "warnings")
                        )
                    }
                );
            }
            Err(findings) => {
                out.stderr.push_str(&render(&findings, style));
                let (name, counts) = declared(loader, file);
                results.push(TileSetCheckJson {
                    file: file.clone(),
                    result: if exit_code(&findings) == 2 {
                        CheckResult::Unreadable
                    } else {
                        CheckResult::Defective
                    },
                    name,
                    tile_types: counts.map(|c| c.0),
                    tiles: counts.map(|c| c.1),
                    diagnostics: findings.iter().map(DiagnosticJson::of).collect(),
                });
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
    match format {
        Format::Text => {}
        Format::Json => {
            out.stderr.clear();
            out.stdout = super::json_text(
                &serde_json::to_value(TilesCheckJson(results)).unwrap_or_default(),
                format,
            );
        }
        Format::Jsonl => {
            out.stderr.clear();
            out.stdout = results
                .iter()
                .map(|r| serde_json::to_string(r).unwrap_or_default() + "\n")
                .collect();
        }
    }
    out
}

/// Draws a set's tiles.
pub(crate) fn show(loader: &Loader, spec: &str, id: Option<&str>, style: Style) -> Outcome {
    match named_set(loader, spec) {
        Ok(found) => {
            if let Some(id) = id
                && found.set.tile(id).is_none()
            {
                let ids: Vec<&str> = found.set.tiles.iter().map(|t| t.id.as_str()).collect();
                return super::usage_error(&format!(
                    "tile set `{}` has no tile `{id}`; {}its tiles are {}",
                    crate::text::name(&found.set.name),
                    crate::suggest::did_you_mean(id, ids.iter().copied()),
                    ids.join(" ")
                ));
            }
            Outcome {
                stdout: show_set(&found.set, id),
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

/// The tile set named on the command line: a built-in name, a file, or
/// `-` for standard input.
fn named_set(
    loader: &Loader,
    spec: &str,
) -> Result<tileset::Loaded, Vec<crate::diagnostic::Finding>> {
    if spec == "-" {
        return loader
            .read_stdin()
            .map_err(|f| vec![*f])
            .and_then(|source| tileset::check_source(loader, source))
            .map(|(found, _)| found);
    }
    tileset::load(loader, spec, &super::cwd())
}

/// Draws every tile of a set.
pub(crate) fn draw(
    loader: &Loader,
    spec: &str,
    output: Option<&std::path::Path>,
    style: Style,
) -> Outcome {
    match named_set(loader, spec) {
        Ok(found) => {
            let scene = crate::report::picture::Scene::sheet(&found.set.tiles);
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
