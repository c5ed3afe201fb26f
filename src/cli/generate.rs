//! `carca gen`: a random legal game.

use std::path::Path;

use super::Outcome;
use super::RecordFormat;
use crate::diagnostic::exit_code;
use crate::generator::{Options, play, scale_for};
use crate::report::diagnostics::{Style, render};
use crate::tileset::{self, Catalog};

/// Generates a record and prints or writes it.
pub(crate) fn run(
    options: &Options,
    output: Option<&Path>,
    format: RecordFormat,
    games: u64,
    style: Style,
) -> Outcome {
    if games > 1 && format != RecordFormat::Json {
        return super::usage_error("--games writes one JSON record per line; add --format json");
    }
    if !(0.0..=1.0).contains(&options.followers) {
        return super::usage_error("--followers is a chance between 0 and 1");
    }
    for (i, spec) in options.tilesets.iter().enumerate() {
        if options.tilesets[..i].contains(spec) {
            return super::usage_error(&format!(
                "--tilesets names `{spec}` twice; each set in play is named once"
            ));
        }
    }
    let mut sets = Vec::new();
    for spec in &options.tilesets {
        match tileset::load(spec, &super::cwd()) {
            Ok(l) => sets.push(l),
            Err(findings) => {
                return Outcome {
                    stderr: render(&findings, style),
                    code: exit_code(&findings).max(2),
                    ..Outcome::default()
                };
            }
        }
    }
    let mut catalog = Catalog::new(sets);
    if catalog.default_start().is_none() {
        return super::usage_error("the tile sets have no start tile");
    }
    let Some(scale) = scale_for(&catalog, options.tiles) else {
        return super::usage_error(&format!(
            "--tiles {}: these tile sets would need more than {} copies of every tile",
            options.tiles,
            crate::record::MAX_SUPPLY_SCALE
        ));
    };
    for e in &mut catalog.tiles {
        e.tile.count = e.tile.count.saturating_mul(scale);
    }
    let text = match format {
        RecordFormat::Yaml => play(&catalog, options, scale).yaml(),
        RecordFormat::Json => {
            let mut text = String::new();
            for k in 0..games {
                let game = Options {
                    seed: options.seed.wrapping_add(k),
                    ..options.clone()
                };
                text.push_str(&play(&catalog, &game, scale).json());
                text.push('\n');
            }
            text
        }
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
