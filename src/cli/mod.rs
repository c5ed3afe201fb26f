//! Command-line arguments and the commands behind them.
//!
//! [`run`] takes parsed arguments and returns what to print and the exit
//! code, so that the binary stays a few lines and tests can run commands in
//! process.

mod batch;
mod compare;
pub mod conformance;
pub mod error;
mod generate;
mod import;
mod load;
mod manual;
mod moves;
mod new;
mod render;
mod score;
pub mod serve;
mod test;
mod tiles;

use crate::loader::Loader;
use std::path::{Path, PathBuf};

use clap::{Parser, Subcommand};

use crate::report::diagnostics::Style;

/// Settles Carcassonne rules disputes: checks and scores described games,
/// verifies tile sets, compares rule editions.
#[derive(Debug, Parser)]
#[command(name = "carca", version, about, long_about = None)]
pub struct Args {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
    /// When to colour diagnostics and pictures: `auto` colours a terminal
    /// unless `NO_COLOR` is set (`CLICOLOR_FORCE` colours even a pipe).
    #[arg(long, global = true, value_enum, value_name = "WHEN", default_value_t = ColorWhen::Auto)]
    pub color: ColorWhen,
}

/// When to use colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorWhen {
    /// On a terminal, unless `NO_COLOR` is set; always when `CLICOLOR_FORCE` is.
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

impl ColorWhen {
    /// How to draw, given whether standard error is a terminal and the
    /// environment (`NO_COLOR`, `CLICOLOR_FORCE`; see no-color.org and
    /// bixense.com/clicolors).
    #[must_use]
    pub fn style(self, terminal: bool, env: impl Fn(&str) -> Option<String>) -> Style {
        let set = |name: &str| env(name).is_some_and(|v| !v.is_empty());
        let colour = match self {
            ColorWhen::Always => true,
            ColorWhen::Never => false,
            ColorWhen::Auto if set("NO_COLOR") => false,
            ColorWhen::Auto if set("CLICOLOR_FORCE") => {
                env("CLICOLOR_FORCE").is_some_and(|v| v != "0")
            }
            ColorWhen::Auto => terminal,
        };
        if colour { Style::Colour } else { Style::Plain }
    }
}

/// The command line, with examples and exit codes after each command's
/// options (`--help`).
#[must_use]
pub fn command() -> clap::Command {
    manual::with_help(<Args as clap::CommandFactory>::command())
}

/// Limits on what a command reads.
#[derive(Debug, Clone, Copy, Default, clap::Args)]
pub struct Limits {
    /// Largest file to read, in MiB (default 16). Each line of a `.jsonl`
    /// file is a file of its own.
    #[arg(long, value_name = "MIB", value_parser = clap::value_parser!(u64).range(1..=65_536))]
    pub max_file_mib: Option<u64>,
}

impl Command {
    /// The limits the command was given (none for commands that read no file).
    fn limits(&self) -> Limits {
        match self {
            Command::Score { limits, .. }
            | Command::Compare { limits, .. }
            | Command::Test { limits, .. }
            | Command::Moves { limits, .. }
            | Command::Render { limits, .. }
            | Command::Gen(GenArgs { limits, .. })
            | Command::New(NewArgs { limits, .. })
            | Command::Serve(serve::ServeArgs { limits, .. })
            | Command::Tiles(
                TilesCommand::Check { limits, .. }
                | TilesCommand::Render { limits, .. }
                | TilesCommand::Show { limits, .. },
            )
            | Command::Import(ImportCommand::Jcz { limits, .. })
            | Command::Verdict { limits, .. } => *limits,
            Command::Schema { .. }
            | Command::Completions { .. }
            | Command::Man { .. }
            | Command::Conformance(_) => Limits::default(),
        }
    }
}

/// carca's commands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Check every placement of a game record and explain its score; with
    /// several records, folders or `.jsonl` files, score them all in parallel.
    Score {
        /// Records (YAML, JSON or JCloisterZone saves), folders, or `.jsonl`
        /// files with one JSON record per line; `-` reads a record from
        /// standard input.
        #[arg(value_name = "RECORD", required = true)]
        records: Vec<String>,
        /// Score under this ruleset (built-in name or TOML file) instead of the record's.
        #[arg(long, value_name = "RULES", value_parser = ruleset_names(), hide_possible_values = true)]
        rules: Option<String>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
        /// Also draw the final board to this file (.svg or .png), with the
        /// placements that broke a rule marked and refused followers crossed out.
        #[arg(long, value_name = "FILE")]
        render: Option<PathBuf>,
        /// Replace the file written if it exists already (without it, an
        /// existing file is left as it is and nothing is written).
        #[arg(long)]
        force: bool,
        /// With several records, print only the closing summary (and the
        /// exit code), not a line and diagnostics per record.
        #[arg(short, long)]
        quiet: bool,
        #[command(flatten)]
        limits: Limits,
    },
    /// Score one record under several rulesets, side by side.
    Compare {
        /// The record (YAML, JSON or a JCloisterZone save; `-` for standard
        /// input).
        #[arg(value_name = "RECORD")]
        record: String,
        /// Rulesets to compare, comma-separated (default: every built-in ruleset).
        #[arg(long, value_delimiter = ',', value_name = "R1,R2,...", value_parser = ruleset_names(), hide_possible_values = true)]
        rules: Vec<String>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
        #[command(flatten)]
        limits: Limits,
    },
    /// Check every record's `expect:` block under each ruleset it names.
    Test {
        /// Record files or folders (searched recursively).
        #[arg(required = true, value_name = "PATH")]
        paths: Vec<String>,
        /// Rewrite the `expect:` blocks from the computed results, keeping the rest of each file.
        #[arg(long)]
        update: bool,
        /// Output format: `json` is one document with every record and the
        /// counts, `jsonl` one line per record.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
        #[command(flatten)]
        limits: Limits,
    },
    /// Every legal placement of a tile at a moment of a game, with the
    /// follower spots each leaves open.
    Moves {
        /// The record.
        #[arg(value_name = "RECORD")]
        record: String,
        /// The tile to place.
        #[arg(long, value_name = "ID")]
        tile: String,
        /// The moment: after this turn, as every command counts turns
        /// (0: the start tile alone; default: after the last turn).
        #[arg(long, value_name = "N", value_parser = turn_number)]
        turn: Option<usize>,
        /// Ruleset (changes the follower supply): a built-in name or a TOML file.
        #[arg(long, value_name = "RULES", value_parser = ruleset_names(), hide_possible_values = true)]
        rules: Option<String>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
        #[command(flatten)]
        limits: Limits,
    },
    /// Draw the board of a record after a turn: SVG or PNG by the file's
    /// extension, or a picture in the terminal.
    Render {
        /// The record.
        #[arg(value_name = "RECORD")]
        record: String,
        /// Draw the board as it stands after this turn, as every command
        /// counts turns (0: the start tile alone; default: the end).
        #[arg(long, value_name = "N", value_parser = turn_number)]
        turn: Option<usize>,
        /// Write to this file (.svg or .png) instead of the terminal.
        #[arg(short, long, value_name = "FILE")]
        output: Option<PathBuf>,
        /// Replace the file written if it exists already (without it, an
        /// existing file is left as it is and nothing is written).
        #[arg(long)]
        force: bool,
        /// Outline one feature across all its tiles: X,Y:LOCATION (1,0:N, 0,0:SSE).
        #[arg(long, value_name = "AT:LOCATION")]
        feature: Option<String>,
        #[command(flatten)]
        limits: Limits,
    },
    /// Check and show tile sets.
    #[command(subcommand)]
    Tiles(TilesCommand),
    /// Serve a local web page where a board is built by clicking tiles and
    /// followers onto it and adjudicated live (and the HTTP API behind it).
    Serve(serve::ServeArgs),
    /// Print the JSON Schema of a kind of carca file, for editors.
    Schema {
        /// Which kind of file.
        #[arg(value_enum)]
        kind: crate::schema::Kind,
    },
    /// Print a shell completion script.
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff) of carca or of one command, or write
    /// every page into a folder.
    Man {
        /// The command whose page to print (`score`, `tiles check`, …);
        /// none for carca's own page.
        #[arg(value_name = "COMMAND")]
        command: Vec<String>,
        /// Write every page (carca.1, carca-score.1, …) into this folder.
        #[arg(long, value_name = "DIR")]
        dir: Option<PathBuf>,
    },
    /// Convert a game saved by another program into a carca record.
    #[command(subcommand)]
    Import(ImportCommand),
    /// Print carca's verdict on one case of the rules test suite (or a
    /// record) given in JSON on standard input: carca's side of the
    /// suite's protocol (docs/conformance.md).
    Verdict {
        /// The case or record (JSON); none or `-`: standard input.
        #[arg(value_name = "CASE.json")]
        case: Option<PathBuf>,
        /// Judge the record under this built-in ruleset instead of its own.
        #[arg(long, value_name = "RULES")]
        rules: Option<String>,
        #[command(flatten)]
        limits: Limits,
    },
    /// The rules test suite: run it against any engine, list its cases,
    /// show one (docs/conformance.md).
    #[command(subcommand)]
    Conformance(ConformanceCommand),
    /// Generate a random legal game as a history record, the same for the same seed.
    Gen(GenArgs),
    /// Write a commented starter file to change into your own, which carca
    /// accepts as it is: a record (a short game of the sets named), a
    /// ruleset, or a tile set.
    New(NewArgs),
}

/// What `carca new` starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum NewKind {
    /// A game record: a short legal game, commented key by key.
    Record,
    /// A ruleset (TOML) extending the modern rules.
    Ruleset,
    /// A tile set (YAML) of three tiles.
    Tileset,
}

/// `carca new`'s options.
#[derive(Debug, clap::Args)]
pub struct NewArgs {
    /// What to start.
    #[arg(value_enum, default_value_t = NewKind::Record)]
    pub kind: NewKind,
    /// Tile sets in play in the record, comma-separated (built-in names or files).
    #[arg(long, value_delimiter = ',', default_value = "base", value_parser = tileset_names(), hide_possible_values = true)]
    pub tilesets: Vec<String>,
    /// Players of the record (1 to 8).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(1..=8))]
    pub players: u8,
    /// Write to this file instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<std::path::PathBuf>,
    /// Replace the file written if it exists already (without it, an
    /// existing file is left as it is and nothing is written).
    #[arg(long)]
    pub force: bool,
    #[command(flatten)]
    pub limits: Limits,
}

/// `carca gen`'s options.
#[derive(Debug, clap::Args)]
pub struct GenArgs {
    /// Land tiles drawn, the start tile included (the supply is scaled up
    /// when needed), from 1 to 2,000,001.
    #[arg(long, default_value_t = 72, value_parser = clap::value_parser!(u64).range(1..=MAX_GENERATED_TILES))]
    pub tiles: u64,
    /// Number of players (1 to 8).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(1..=8))]
    pub players: u8,
    /// Seed of the random choices.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Tile sets in play, comma-separated (built-in names or files).
    #[arg(long, value_delimiter = ',', default_value = "base", value_parser = tileset_names(), hide_possible_values = true)]
    pub tilesets: Vec<String>,
    /// Chance of deploying a follower after each placement, from 0 to 1.
    #[arg(long, default_value_t = 0.5)]
    pub followers: f64,
    /// Write the record to this file instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<std::path::PathBuf>,
    /// Replace the file written if it exists already (without it, an
    /// existing file is left as it is and nothing is written).
    #[arg(long)]
    pub force: bool,
    /// Record format: YAML, or JSON on one line (YAML readers read it too).
    #[arg(long, value_enum, default_value_t = RecordFormat::Yaml)]
    pub format: RecordFormat,
    /// Generate this many games, with seeds SEED, SEED+1, …, one JSON record
    /// per line (needs `--format json`): input for batch scoring.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    pub games: u64,
    #[command(flatten)]
    pub limits: Limits,
}

impl GenArgs {
    /// What the generator is asked for.
    fn options(&self) -> crate::generator::Options {
        crate::generator::Options {
            tiles: self.tiles,
            players: usize::from(self.players),
            seed: self.seed,
            tilesets: self.tilesets.clone(),
            followers: self.followers,
        }
    }
}

/// The most tiles `carca gen` draws: the start tile and as many turns as a
/// record may hold.
const MAX_GENERATED_TILES: u64 = crate::record::MAX_TURNS as u64 + 1;

/// Parses a turn number: from 0 (the start tile alone) to the most turns a
/// record may hold.
fn turn_number(text: &str) -> Result<usize, String> {
    let max = crate::record::MAX_TURNS;
    match text.trim().parse::<usize>() {
        Ok(n) if n <= max => Ok(n),
        _ => Err(format!(
            "a turn number is a whole number from 0 (the start tile alone) to {max}"
        )),
    }
}

/// Checks `--turn N`, the moment after turn N, against a record.
pub(crate) fn check_turn(
    record: &crate::record::Record,
    turn: Option<usize>,
) -> Result<(), String> {
    let Some(n) = turn else { return Ok(()) };
    match &record.body {
        crate::record::Body::Snapshot { .. } => Err(format!(
            "--turn {n}: a snapshot has no turns; leave out --turn to see the board as it lies"
        )),
        crate::record::Body::History(turns) => {
            if n <= turns.len() {
                Ok(())
            } else {
                Err(format!(
                    "--turn {n} is out of range: 0 to {} here (the record has {})",
                    turns.len(),
                    crate::text::count(turns.len(), "turn", "turns")
                ))
            }
        }
    }
}

/// How results are printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// For people.
    Text,
    /// JSON for programs (docs/records.md lists the fields).
    Json,
    /// JSON on one line per result, for streams.
    Jsonl,
}

/// How `carca gen` writes records.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum RecordFormat {
    /// A YAML record.
    Yaml,
    /// A JSON record on one line.
    Json,
}

/// One JSON document as `--format` asks: pretty for `json`, on one line
/// for `jsonl`.
pub(crate) fn json_text(v: &serde_json::Value, format: Format) -> String {
    let text = if format == Format::Jsonl {
        serde_json::to_string(v)
    } else {
        serde_json::to_string_pretty(v)
    };
    text.unwrap_or_default() + "\n"
}

/// Where a streaming command writes.
pub struct Io<'a> {
    /// Results.
    pub stdout: &'a mut dyn std::io::Write,
    /// Diagnostics, progress and summaries.
    pub stderr: &'a mut dyn std::io::Write,
    /// Whether to draw a progress bar for long batches.
    pub progress: bool,
    /// Whether to print only the closing summary of a batch.
    pub quiet: bool,
}

/// The loader of one run: the file-size limit `--max-file-mib` sets, and
/// fresh caches.
fn loader_for(args: &Args) -> Loader {
    crate::expansions::equip(match args.command.limits().max_file_mib {
        Some(mib) => Loader::new(mib.saturating_mul(1024 * 1024)),
        None => Loader::default(),
    })
}

/// Runs a command, writing as it goes; returns the exit code. Batches of
/// records stream their results; other commands write when done.
pub fn run_streaming(args: Args, style: Style, io: &mut Io) -> u8 {
    if let Some(refused) = keeps_existing(&args.command) {
        let _ = io.stderr.write_all(refused.stderr.as_bytes());
        return refused.code;
    }
    let loader = &loader_for(&args);
    if let Command::Score {
        records,
        rules,
        format,
        quiet,
        render,
        ..
    } = &args.command
        && batch::is_batch(records, *format)
    {
        if render.is_some() {
            let out = render_not_batch();
            let _ = io.stderr.write_all(out.stderr.as_bytes());
            return out.code;
        }
        io.quiet = *quiet;
        return batch::run(loader, records, rules.as_deref(), *format, style, io);
    }
    if let Command::Gen(g) = &args.command {
        return generate::stream(loader, g, style, io);
    }
    if let Command::Serve(s) = &args.command {
        return serve::run(loader_for(&args), s, style, io);
    }
    let out = run(args, style);
    // The report first, then the diagnostics it points to ("see the
    // diagnostics"), in that order on a terminal too.
    let _ = io.stdout.write_all(out.stdout.as_bytes());
    let _ = io.stdout.flush();
    let _ = io.stderr.write_all(out.stderr.as_bytes());
    out.code
}

/// `carca tiles ...`
#[derive(Debug, Subcommand)]
pub enum TilesCommand {
    /// Validate tile-set files (or built-in sets by name), reporting every problem.
    Check {
        #[arg(required = true, value_name = "TILESET", help = tileset_argument_help())]
        files: Vec<String>,
        /// Output format: `json` is one array with a result per file,
        /// `jsonl` one line per file.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
        #[command(flatten)]
        limits: Limits,
    },
    /// Draw every tile of a set with its id and count: SVG or PNG by the
    /// file's extension, or in the terminal.
    Render {
        /// A built-in set name or a tile-set file.
        #[arg(value_name = "SET")]
        set: String,
        /// Write to this file (.svg or .png) instead of the terminal.
        #[arg(short, long, value_name = "FILE")]
        output: Option<PathBuf>,
        /// Replace the file written if it exists already (without it, an
        /// existing file is left as it is and nothing is written).
        #[arg(long)]
        force: bool,
        #[command(flatten)]
        limits: Limits,
    },
    /// Draw each tile of a set as text, with the set's statistics.
    Show {
        /// A built-in set name or a tile-set file.
        #[arg(value_name = "SET")]
        set: String,
        /// Show only this tile.
        #[arg(value_name = "ID")]
        id: Option<String>,
        #[command(flatten)]
        limits: Limits,
    },
}

/// `carca conformance ...`
#[derive(Debug, Subcommand)]
pub enum ConformanceCommand {
    /// Run every case through an engine (a command that reads a case on
    /// standard input and prints its verdict), and report passes,
    /// failures (with the first field that differs) and skips, by RULES
    /// section and tag; exit 0 only when nothing failed.
    Run {
        /// The engine: a command and its arguments, after `--`.
        #[arg(value_name = "COMMAND", last = true, required = true)]
        engine: Vec<String>,
        /// A suite file instead of the shipped one.
        #[arg(long, value_name = "SUITE.json")]
        suite: Option<PathBuf>,
        /// Only the cases with this tag or RULES section (`set:tower`, `§6`).
        #[arg(long, value_name = "TAG")]
        tag: Option<String>,
        /// The most a case may take, in seconds.
        #[arg(long, value_name = "SECS", default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=3600))]
        timeout: u64,
        /// Also this many more generated games of each expansion mix (their
        /// verdicts carca's; 30 mixes, so 30 × N cases).
        #[arg(long, value_name = "N", default_value_t = 0, value_parser = clap::value_parser!(u64).range(0..=10_000))]
        generated: u64,
        /// How many cases run at once (default: one for each processor).
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=256))]
        jobs: Option<u16>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// List the cases, with how many carry each tag and RULES section.
    List {
        /// A suite file instead of the shipped one.
        #[arg(long, value_name = "SUITE.json")]
        suite: Option<PathBuf>,
        /// Only the cases with this tag or RULES section.
        #[arg(long, value_name = "TAG")]
        tag: Option<String>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Write the suite as one JSON file (or JSON Lines, a case a line, when
    /// the file's name ends in `.jsonl`), for a runner of another
    /// language, with more generated games if asked.
    Export {
        /// Where (`-`: standard output).
        #[arg(short, long, value_name = "SUITE.json")]
        output: PathBuf,
        /// Only the cases with this tag or RULES section (`generated`).
        #[arg(long, value_name = "TAG")]
        tag: Option<String>,
        /// Replace the file written if it exists already (without it, an
        /// existing file is left as it is and nothing is written).
        #[arg(long)]
        force: bool,
        /// A suite file instead of the shipped one.
        #[arg(long, value_name = "SUITE.json")]
        suite: Option<PathBuf>,
        /// Also this many more generated games of each expansion mix.
        #[arg(long, value_name = "N", default_value_t = 0, value_parser = clap::value_parser!(u64).range(0..=10_000))]
        generated: u64,
    },
    /// Show one case: its record, its verdict, and carca's breakdown of it.
    Show {
        /// The case's id (`illegal:feature-occupied`).
        #[arg(value_name = "CASE")]
        case: String,
        /// A suite file instead of the shipped one.
        #[arg(long, value_name = "SUITE.json")]
        suite: Option<PathBuf>,
    },
}

/// `carca import ...`
#[derive(Debug, Subcommand)]
pub enum ImportCommand {
    /// A JCloisterZone saved game (.jcz, both the current and the 4.x format).
    Jcz {
        /// The saved game (`-` for standard input).
        #[arg(value_name = "SAVE.jcz")]
        save: PathBuf,
        /// Write the record here instead of printing it.
        #[arg(short, long, value_name = "RECORD.yaml")]
        output: Option<PathBuf>,
        /// Replace the file written if it exists already (without it, an
        /// existing file is left as it is and nothing is written).
        #[arg(long)]
        force: bool,
        #[command(flatten)]
        limits: Limits,
    },
}

/// What a command produced.
#[derive(Debug, Default)]
pub struct Outcome {
    /// For standard output.
    pub stdout: String,
    /// For standard error (diagnostics).
    pub stderr: String,
    /// The process exit code.
    pub code: u8,
}

/// A command used wrongly: its diagnostic on standard error, exit code 2.
pub(crate) fn usage_error(message: &str) -> Outcome {
    error::usage(message)
}

/// `score --render` draws one record: with several records or
/// `--format jsonl` it is a usage error, not a flag ignored.
fn render_not_batch() -> Outcome {
    usage_error(
        "--render draws the board of one record; it cannot be used with several records or --format jsonl (score them, then `carca render RECORD -o FILE` each)",
    )
}

impl Command {
    /// The file the command is asked to write, the command's name, and
    /// whether it may replace that file.
    fn written_file(&self) -> Option<(&Path, &'static str, bool)> {
        let (path, name, force) = match self {
            Command::Score { render, force, .. } => (render.as_deref()?, "score", *force),
            Command::Render { output, force, .. } => (output.as_deref()?, "render", *force),
            Command::Tiles(TilesCommand::Render { output, force, .. }) => {
                (output.as_deref()?, "tiles render", *force)
            }
            Command::Import(ImportCommand::Jcz { output, force, .. }) => {
                (output.as_deref()?, "import", *force)
            }
            Command::New(n) => (n.output.as_deref()?, "new", n.force),
            Command::Gen(g) => (g.output.as_deref()?, "gen", g.force),
            Command::Conformance(ConformanceCommand::Export { output, force, .. }) => {
                (output.as_path(), "conformance export", *force)
            }
            _ => return None,
        };
        // `-o -` is standard output.
        (path.as_os_str() != "-").then_some((path, name, force))
    }
}

/// Every command that writes a named file leaves an existing one as it
/// is unless given `--force`: the refusal, when the file exists.
fn keeps_existing(command: &Command) -> Option<Outcome> {
    let (path, name, force) = command.written_file()?;
    (!force && path.exists()).then(|| {
        usage_error(&format!(
            "{} exists already: carca {name} leaves it as it is; name another file, or add --force to replace it",
            crate::text::escaped(&path.display().to_string(), false)
        ))
    })
}

/// Runs a command. `style` says how to draw diagnostics.
#[must_use]
pub fn run(args: Args, style: Style) -> Outcome {
    if let Some(refused) = keeps_existing(&args.command) {
        return refused;
    }
    let loader = &loader_for(&args);
    match args.command {
        Command::Score {
            records,
            rules,
            format,
            render,
            quiet,
            ..
        } => match &records[..] {
            [one] if !batch::is_batch(&records, format) => {
                let mut out = score::run(loader, one, rules.as_deref(), format, style);
                if let Some(file) = render {
                    match render::draw(loader, one, rules.as_deref(), &file) {
                        Ok(msg) => out.stderr.push_str(&msg),
                        Err(e) => {
                            out.stderr
                                .push_str(&error::CliError::Usage { message: e }.rendered());
                            out.code = out.code.max(2);
                        }
                    }
                }
                out
            }
            _ if render.is_some() => render_not_batch(),
            _ => {
                let (mut out, mut err) = (Vec::new(), Vec::new());
                let code = batch::run(
                    loader,
                    &records,
                    rules.as_deref(),
                    format,
                    style,
                    &mut Io {
                        stdout: &mut out,
                        stderr: &mut err,
                        progress: false,
                        quiet,
                    },
                );
                Outcome {
                    stdout: String::from_utf8_lossy(&out).into_owned(),
                    stderr: String::from_utf8_lossy(&err).into_owned(),
                    code,
                }
            }
        },
        Command::Tiles(TilesCommand::Check { files, format, .. }) => {
            tiles::check(loader, &files, format, style)
        }
        Command::Tiles(TilesCommand::Render { set, output, .. }) => {
            tiles::draw(loader, &set, output.as_deref(), style)
        }
        Command::Render {
            record,
            turn,
            output,
            feature,
            ..
        } => render::run(
            loader,
            &record,
            turn,
            output.as_deref(),
            feature.as_deref(),
            style,
        ),
        Command::Moves {
            record,
            tile,
            turn,
            rules,
            format,
            ..
        } => moves::run(
            loader,
            &record,
            turn,
            &tile,
            rules.as_deref(),
            format,
            style,
        ),
        Command::Completions { shell } => {
            let mut buf = Vec::new();
            clap_complete::generate(
                shell,
                &mut <Args as clap::CommandFactory>::command(),
                "carca",
                &mut buf,
            );
            Outcome {
                stdout: String::from_utf8_lossy(&buf).into_owned(),
                ..Outcome::default()
            }
        }
        Command::Man { command, dir } => manual::run(&command, dir.as_deref()),
        Command::Schema { kind } => Outcome {
            stdout: format!(
                "{}\n",
                serde_json::to_string_pretty(&crate::schema::of(kind)).unwrap_or_default()
            ),
            ..Outcome::default()
        },
        Command::Import(ImportCommand::Jcz { save, output, .. }) => {
            import::jcz(loader, &save, output.as_deref(), style)
        }
        Command::Verdict { case, rules, .. } => {
            let mut input = String::new();
            let limit = loader.max_file_bytes();
            let read = match case.as_deref().filter(|p| p.as_os_str() != "-") {
                Some(path) => loader
                    .read(path)
                    .map(|src| input = src.text().to_string())
                    .map_err(|f| f.to_string()),
                None => std::io::Read::read_to_string(
                    &mut std::io::Read::take(std::io::stdin(), limit),
                    &mut input,
                )
                .map(|_| ())
                .map_err(|e| format!("cannot read standard input: {e}")),
            };
            match read {
                Ok(()) => conformance::verdict(loader, &input, rules.as_deref()),
                Err(message) => Outcome {
                    stdout: String::new(),
                    stderr: error::CliError::Usage { message }.rendered(),
                    code: 2,
                },
            }
        }
        Command::Conformance(ConformanceCommand::Export {
            output,
            suite,
            generated,
            tag,
            ..
        }) => conformance::export(loader, suite.as_deref(), generated, tag.as_deref(), &output),
        Command::Conformance(ConformanceCommand::Run {
            engine,
            suite,
            tag,
            timeout,
            format,
            generated,
            jobs,
        }) => conformance::run(
            loader,
            suite.as_deref(),
            &engine,
            &conformance::Running {
                more: generated,
                limit: std::time::Duration::from_secs(timeout),
                tag: tag.as_deref(),
                jobs: jobs.map_or_else(
                    || std::thread::available_parallelism().map_or(1, std::num::NonZero::get),
                    usize::from,
                ),
                format,
            },
        ),
        Command::Conformance(ConformanceCommand::List { suite, tag, format }) => {
            conformance::list(suite.as_deref(), tag.as_deref(), format)
        }
        Command::Conformance(ConformanceCommand::Show { case, suite }) => {
            conformance::show(loader, suite.as_deref(), &case)
        }
        Command::Test {
            paths,
            update,
            format,
            ..
        } => test::run(loader, &paths, update, format, style),
        Command::Compare {
            record,
            rules,
            format,
            ..
        } => compare::run(loader, &record, &rules, format, style),
        Command::Gen(g) => generate::run(loader, &g, style),
        Command::New(n) => new::run(loader, &n, style),
        Command::Serve(_) => {
            usage_error("carca serve runs until stopped: start it from the command line")
        }
        Command::Tiles(TilesCommand::Show { set, id, .. }) => {
            tiles::show(loader, &set, id.as_deref(), style)
        }
    }
}

/// Collects the files under `dir` that `keep` accepts, in path order.
/// Links to folders are not followed (a link to `.` would never end), and
/// what is not a regular file (pipes, devices, sockets) is passed over;
/// each gets a note, as does a folder that cannot be read.
fn walk(
    dir: &std::path::Path,
    keep: &dyn Fn(&std::path::Path) -> bool,
    out: &mut Vec<PathBuf>,
    notes: &mut Vec<String>,
) {
    let shown =
        |p: &std::path::Path| crate::text::escaped(&p.display().to_string(), false).into_owned();
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) => {
            notes.push(format!("{} cannot be read: {e}", shown(dir)));
            return;
        }
    };
    let mut entries: Vec<(PathBuf, Option<std::fs::FileType>)> = entries
        .filter_map(Result::ok)
        .map(|e| (e.path(), e.file_type().ok()))
        .collect();
    entries.sort_by(|a, b| a.0.cmp(&b.0));
    for (p, kind) in entries {
        let Some(kind) = kind else { continue };
        if kind.is_dir() {
            walk(&p, keep, out, notes);
        } else if kind.is_symlink() {
            // A link to a file is read as that file; a link to a folder is
            // not followed.
            match std::fs::metadata(&p) {
                Ok(m) if m.is_file() => {
                    if keep(&p) {
                        out.push(p);
                    }
                }
                Ok(m) if m.is_dir() => {
                    notes.push(format!("{} is a link to a folder: not followed", shown(&p)));
                }
                Ok(m) => notes.push(format!(
                    "{} is a link to {}: passed over",
                    shown(&p),
                    crate::files::file_kind(&m.file_type())
                )),
                Err(_) => notes.push(format!("{} is a broken link: passed over", shown(&p))),
            }
        } else if kind.is_file() {
            if keep(&p) {
                out.push(p);
            }
        } else {
            notes.push(format!(
                "{} is {}: passed over",
                shown(&p),
                crate::files::file_kind(&kind)
            ));
        }
    }
}

/// The folder paths are relative to.
fn cwd() -> PathBuf {
    PathBuf::new()
}

/// A value that is a built-in name or a file: any text is accepted, and
/// shell completions offer the built-in names.
#[derive(Clone)]
struct NameOrFile(&'static [&'static str]);

impl clap::builder::TypedValueParser for NameOrFile {
    type Value = String;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<String, clap::Error> {
        clap::builder::StringValueParser::new().parse_ref(cmd, arg, value)
    }

    fn possible_values(
        &self,
    ) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        Some(Box::new(
            self.0.iter().map(|n| clap::builder::PossibleValue::new(*n)),
        ))
    }
}

/// Ruleset names for completions.
fn ruleset_names() -> NameOrFile {
    NameOrFile(&crate::rules::BUILTIN)
}

/// Tile-set names for completions.
fn tileset_names() -> NameOrFile {
    NameOrFile(&crate::tileset::builtin::NAMES)
}

/// The help of `tiles check`'s files: the built-in sets, from the one list.
fn tileset_argument_help() -> String {
    format!(
        "Tile-set files, names of built-in sets ({}), or `-` for standard input.",
        crate::tileset::builtin::NAMES.join(", ")
    )
}
