use std::io::{IsTerminal, Write};
use std::process::ExitCode;

use carca::cli::{Args, run};
use carca::report::diagnostics::Style;
use clap::Parser;

fn main() -> ExitCode {
    let args = Args::parse();
    let colour = std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let style = if colour { Style::Colour } else { Style::Plain };
    let outcome = run(args, style);
    // A closed pipe (`carca ... | head`) is not an error worth a panic.
    let _ = std::io::stdout().write_all(outcome.stdout.as_bytes());
    let _ = std::io::stderr().write_all(outcome.stderr.as_bytes());
    ExitCode::from(outcome.code)
}
