//! `carca render`, `carca tiles render` and `carca score --render`.

use crate::loader::Loader;
use std::path::Path;

use super::Outcome;
use crate::engine::{Game, adjudicate, position};
use crate::geometry::Pos;
use crate::record::Location;
use crate::report::diagnostics::Style;
use crate::report::picture::{Scene, Target, png, svg, terminal};

/// Writes a scene to `output` by its extension, or returns it as a terminal
/// picture.
pub(crate) fn write(scene: &Scene, output: Option<&Path>, colour: bool) -> Result<String, String> {
    let Some(path) = output else {
        // Colour only for a person looking at a terminal.
        use std::io::IsTerminal;
        scene.check_size(Target::Terminal)?;
        let colour = colour && std::io::stdout().is_terminal();
        return Ok(terminal(scene, colour));
    };
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase)
        .unwrap_or_default();
    let bytes = match ext.as_str() {
        "svg" => {
            scene.check_size(Target::Svg)?;
            svg(scene).into_bytes()
        }
        "png" => {
            scene.check_size(Target::Png)?;
            png(&svg(scene))?
        }
        other => {
            return Err(format!(
                "cannot tell the format of `{}` (`.{other}`): use .svg or .png",
                path.display()
            ));
        }
    };
    crate::write::atomic(path, &bytes)
        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    Ok(format!("wrote {}\n", path.display()))
}

/// Parses `X,Y:LOCATION`, or a feature's name as breakdowns print it:
/// `farm at (0,1) WSW`, `(0,1) WSW`.
fn feature_spec(spec: &str) -> Option<(Pos, Location)> {
    let spec = spec.trim();
    let spec = spec.split_once(" at ").map_or(spec, |(_, rest)| rest);
    let (at, loc) = match spec.split_once(':') {
        Some(pair) => pair,
        None => spec.rsplit_once(' ')?,
    };
    let (x, y) = at
        .trim()
        .trim_matches(['(', ')', '[', ']'])
        .split_once(',')?;
    Some((
        Pos::new(x.trim().parse().ok()?, y.trim().parse().ok()?),
        Location::parse(loc)?,
    ))
}

/// The segments of the feature named by `spec` on the board.
fn highlight(game: &Game, spec: &str) -> Result<Vec<(usize, usize)>, String> {
    let (at, loc) = feature_spec(spec).ok_or_else(|| format!("`{spec}` is not a feature: write X,Y:LOCATION, like 1,0:N or 0,0:SSE, or a name from a breakdown, like \"farm at (0,1) WSW\""))?;
    let placed = game.at(at).ok_or_else(|| format!("no tile lies at {at}"))?;
    let p = &game.placed()[placed];
    let feature = loc
        .resolve(game.tile(p.tile()), p.rot)
        .map_err(|_| format!("`{loc}` names no feature of the tile at {at}"))?;
    Ok(game.members(placed, feature))
}

/// Draws a record's board after turn `turn` (default: the end).
pub(crate) fn run(
    loader: &Loader,
    path: &str,
    turn: Option<usize>,
    output: Option<&Path>,
    feature: Option<&str>,
    style: Style,
) -> Outcome {
    let p = match super::load::prepare(loader, path, None) {
        Ok(p) => p,
        Err(findings) => return super::load::failed(path, &findings, super::Format::Text, style),
    };
    if let Err(e) = super::check_turn(&p.record, turn) {
        return super::usage_error(&e);
    }
    let pos = position(
        &p.record,
        &p.rules,
        turn.map(|t| t.saturating_add(1)),
        &crate::expansions::ALL,
    );
    let game = pos.game();
    let mut scene = Scene::of_position(&pos, &p.record.players);
    if feature.is_some() && output.is_none() {
        return super::usage_error(
            "--feature outlines a feature in an SVG or PNG picture; add -o board.svg (or .png)",
        );
    }
    if let Some(spec) = feature {
        match highlight(game, spec) {
            Ok(h) => scene.highlight = h,
            Err(e) => return super::usage_error(&e),
        }
    }
    finish(
        write(&scene, output, style == Style::Colour),
        output.is_some(),
    )
}

/// A picture for the terminal goes to standard output; "wrote FILE", as
/// every command that writes a file says it, to standard error.
pub(crate) fn finish(result: Result<String, String>, to_file: bool) -> Outcome {
    match result {
        Ok(text) if to_file => Outcome {
            stderr: text,
            ..Outcome::default()
        },
        Ok(stdout) => Outcome {
            stdout,
            ..Outcome::default()
        },
        Err(e) => super::usage_error(&e),
    }
}

/// Draws the final board of a record, marking placements that broke a rule
/// and followers the rules refused.
pub(crate) fn draw(
    loader: &Loader,
    path: &str,
    rules_override: Option<&str>,
    file: &Path,
) -> Result<String, String> {
    let p = super::load::prepare(loader, path, rules_override)
        .map_err(|_| format!("cannot draw {path}: it cannot be read"))?;
    let a = adjudicate(&p.record, &p.rules, &p.spec, p.own, &crate::expansions::ALL);
    let pos = crate::engine::position(&p.record, &p.rules, None, &crate::expansions::ALL);
    let mut scene = Scene::of_position(&pos, &p.record.players);
    scene.marks = a.marks;
    let marks = crate::report::picture::marks(&p.record.players);
    scene.refused = a
        .refused
        .iter()
        .map(|r| crate::report::picture::Figure {
            tile: r.placed,
            feature: r.feature,
            colour: crate::report::picture::player_colour(
                p.record.players.get(r.player).map_or("", String::as_str),
                r.player,
            ),
            mark: marks.get(r.player).copied().unwrap_or('●'),
            kind: crate::rules::Figure::FOLLOWER,
            word: "follower".into(),
            companion: false,
            corner: false,
        })
        .collect();
    write(&scene, Some(file), false)
}
