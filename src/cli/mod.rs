//! Command-line arguments and the commands behind them.
//!
//! [`run`] takes parsed arguments and returns what to print and the exit
//! code, so that the binary stays a few lines and tests can run commands in
//! process.

mod tiles;

use std::path::PathBuf;

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
}

/// carca's commands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Check and show tile sets.
    #[command(subcommand)]
    Tiles(TilesCommand),
}

/// `carca tiles ...`
#[derive(Debug, Subcommand)]
pub enum TilesCommand {
    /// Validate tile-set files (or built-in sets by name), reporting every problem.
    Check {
        /// Tile-set files, or names of built-in sets (base, abbey, river).
        #[arg(required = true, value_name = "TILESET")]
        files: Vec<String>,
    },
    /// Draw each tile of a set as text, with the set's statistics.
    Show {
        /// A built-in set name or a tile-set file.
        #[arg(value_name = "SET")]
        set: String,
        /// Show only this tile.
        #[arg(value_name = "ID")]
        id: Option<String>,
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

/// Runs a command. `style` says how to draw diagnostics.
#[must_use]
pub fn run(args: Args, style: Style) -> Outcome {
    match args.command {
        Command::Tiles(TilesCommand::Check { files }) => tiles::check(&files, style),
        Command::Tiles(TilesCommand::Show { set, id }) => tiles::show(&set, id.as_deref(), style),
    }
}

/// The folder paths are relative to.
fn cwd() -> PathBuf {
    PathBuf::new()
}
