//! `carca gen`: a random legal game.

use crate::loader::Loader;

use super::Outcome;
use super::RecordFormat;
use crate::diagnostic::exit_code;
use crate::generator::{Options, play, scale_for};
use crate::report::diagnostics::{Style, render};
use crate::tileset::{self, Catalog};

/// What `carca gen` is about to write: the supply and the options.
pub(crate) struct Plan<'a> {
    catalog: Catalog,
    scale: u32,
    options: &'a Options,
    format: RecordFormat,
    games: u64,
}

/// Checks the options and loads the tile sets.
pub(crate) fn plan<'a>(
    loader: &Loader,
    options: &'a Options,
    format: RecordFormat,
    games: u64,
    style: Style,
) -> Result<Plan<'a>, Outcome> {
    if games > 1 && format != RecordFormat::Json {
        return Err(super::usage_error(
            "--games writes one JSON record per line; add --format json",
        ));
    }
    if !(0.0..=1.0).contains(&options.followers) {
        return Err(super::usage_error(
            "--followers is a chance between 0 and 1",
        ));
    }
    for (i, spec) in options.tilesets.iter().enumerate() {
        if options.tilesets[..i].contains(spec) {
            return Err(super::usage_error(&format!(
                "--tilesets names `{spec}` twice; each set in play is named once"
            )));
        }
    }
    let mut sets = Vec::new();
    for spec in &options.tilesets {
        match tileset::load(loader, spec, &super::cwd()) {
            Ok(l) => sets.push(l),
            Err(findings) => {
                return Err(Outcome {
                    stderr: render(&findings, style),
                    code: exit_code(&findings).max(2),
                    ..Outcome::default()
                });
            }
        }
    }
    let mut catalog = Catalog::new(sets);
    if let Some(c) = catalog.conflicts.first() {
        let (what, name, first, second) = (c.what, &c.name, &c.first, &c.second);
        return Err(super::usage_error(&format!(
            "tile sets `{first}` and `{second}` both declare the {what} `{name}`, differently; a {what}'s name means one thing in a game"
        )));
    }
    if let Some(problem) = catalog.start_conflict() {
        return Err(super::usage_error(&format!(
            "{problem}; generate a game of one of them"
        )));
    }
    if catalog.default_start().is_none() {
        return Err(super::usage_error("the tile sets have no start tile"));
    }
    let Some(scale) = scale_for(&catalog, options.tiles) else {
        return Err(super::usage_error(&format!(
            "--tiles {}: these tile sets would need more than {} copies of every tile",
            options.tiles,
            crate::record::MAX_SUPPLY_SCALE
        )));
    };
    catalog.scale(scale);
    Ok(Plan {
        catalog,
        scale,
        options,
        format,
        games,
    })
}

impl Plan<'_> {
    /// The game of seed `seed` as one line of JSON.
    pub(crate) fn game_json(&self, seed: u64) -> String {
        let game = Options {
            seed,
            ..self.options.clone()
        };
        play(&self.catalog, &game, self.scale).json()
    }

    /// Whether the run is long enough to show progress on a terminal.
    pub(crate) fn is_long(&self) -> bool {
        self.games >= 100 || self.options.tiles >= 20_000
    }

    /// A progress bar for the run (drawn on standard error).
    pub(crate) fn progress(&self) -> indicatif::ProgressBar {
        if self.games > 1 {
            let bar = indicatif::ProgressBar::new(self.games);
            bar.set_style(
                indicatif::ProgressStyle::with_template(
                    "{bar:40} {pos}/{len} games · {per_sec} · {eta} left",
                )
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
            );
            bar
        } else {
            let bar = indicatif::ProgressBar::new_spinner();
            bar.set_style(
                indicatif::ProgressStyle::with_template(&format!(
                    "{{spinner}} playing a {}-tile game · {{elapsed}}",
                    self.options.tiles
                ))
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner()),
            );
            bar.enable_steady_tick(std::time::Duration::from_millis(120));
            bar
        }
    }

    /// Writes the games, one at a time.
    pub(crate) fn write(
        &self,
        w: &mut dyn std::io::Write,
        progress: Option<&indicatif::ProgressBar>,
    ) -> std::io::Result<()> {
        match self.format {
            RecordFormat::Yaml => {
                w.write_all(
                    play(&self.catalog, self.options, self.scale)
                        .yaml()
                        .as_bytes(),
                )?;
            }
            RecordFormat::Json => {
                for k in 0..self.games {
                    let game = Options {
                        seed: self.options.seed.wrapping_add(k),
                        ..self.options.clone()
                    };
                    w.write_all(play(&self.catalog, &game, self.scale).json().as_bytes())?;
                    w.write_all(b"\n")?;
                    if let Some(bar) = progress {
                        bar.inc(1);
                    }
                }
            }
        }
        Ok(())
    }
}

/// Generates the records and prints or writes them; the streaming form
/// (no more than one game in memory) with a progress bar on a terminal.
pub(crate) fn stream(
    loader: &Loader,
    args: &super::GenArgs,
    style: Style,
    io: &mut super::Io,
) -> u8 {
    let options = args.options();
    // `-o -` is standard output, as `-` is wherever carca reads a file.
    let output = args.output.as_deref().filter(|p| p.as_os_str() != "-");
    let plan = match plan(loader, &options, args.format, args.games, style) {
        Ok(p) => p,
        Err(out) => {
            let _ = io.stderr.write_all(out.stderr.as_bytes());
            return out.code;
        }
    };
    let progress = (io.progress && plan.is_long()).then(|| plan.progress());
    let result = match output {
        None => plan
            .write(&mut *io.stdout, progress.as_ref())
            .and_then(|()| io.stdout.flush()),
        Some(path) => match crate::write::create_with(path, |w| plan.write(w, progress.as_ref())) {
            Ok(()) => Ok(()),
            Err(e) => {
                if let Some(bar) = &progress {
                    bar.finish_and_clear();
                }
                let out = super::error::write(path, e);
                let _ = io.stderr.write_all(out.stderr.as_bytes());
                return out.code;
            }
        },
    };
    if let Some(bar) = &progress {
        bar.finish_and_clear();
    }
    match (result, output) {
        // A closed pipe (`carca gen | head`) is not an error.
        (Err(e), None) if e.kind() == std::io::ErrorKind::BrokenPipe => 0,
        (Err(e), None) => {
            let _ = writeln!(io.stderr, "carca: cannot write to standard output: {e}");
            2
        }
        (_, Some(path)) => {
            let _ = writeln!(
                io.stderr,
                "wrote {}",
                crate::text::escaped(&path.display().to_string(), false)
            );
            0
        }
        (Ok(()), None) => 0,
    }
}

/// Generates the records and returns them (or writes them to a file).
pub(crate) fn run(loader: &Loader, args: &super::GenArgs, style: Style) -> Outcome {
    let mut stdout = Vec::new();
    let mut stderr = Vec::new();
    let code = stream(
        loader,
        args,
        style,
        &mut super::Io {
            stdout: &mut stdout,
            stderr: &mut stderr,
            progress: false,
            quiet: false,
        },
    );
    Outcome {
        stdout: String::from_utf8_lossy(&stdout).into_owned(),
        stderr: String::from_utf8_lossy(&stderr).into_owned(),
        code,
    }
}
