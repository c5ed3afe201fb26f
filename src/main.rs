use std::io::IsTerminal;
use std::process::ExitCode;

use carca::cli::{Args, Io, run_streaming};
use clap::FromArgMatches;

// Scoring allocates many small, short-lived values; mimalloc serves them
// several times faster than the system allocator (docs/performance.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let args = match Args::from_arg_matches(&carca::cli::command().get_matches()) {
        Ok(args) => args,
        Err(e) => e.exit(),
    };
    let style = args.color.style(std::io::stderr().is_terminal(), |name| {
        std::env::var_os(name).map(|v| v.to_string_lossy().into_owned())
    });
    let (stdout, stderr) = (std::io::stdout(), std::io::stderr());
    // Writes to a closed pipe (`carca ... | head`) are ignored, not a panic.
    let code = run_streaming(
        args,
        style,
        &mut Io {
            stdout: &mut std::io::BufWriter::new(stdout.lock()),
            stderr: &mut stderr.lock(),
            progress: std::io::stderr().is_terminal(),
            quiet: false,
        },
    );
    ExitCode::from(code)
}
