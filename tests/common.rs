//! Helpers shared by the integration tests.

use std::path::Path;
use std::process::Command;

use carca::cli::{Args, run};
use carca::report::diagnostics::Style;
use clap::Parser;

/// Runs carca in process and renders what a terminal-less user would see.
pub(crate) fn carca(args: &[&str]) -> String {
    let parsed = Args::try_parse_from(std::iter::once("carca").chain(args.iter().copied()))
        .expect("arguments parse");
    let out = run(parsed, Style::Plain);
    format!(
        "exit: {}\n--- stdout\n{}--- stderr\n{}",
        out.code, out.stdout, out.stderr
    )
}

/// A fixture path relative to the crate root, as a user would type it.
pub(crate) fn relative(path: &Path) -> String {
    path.strip_prefix(env!("CARGO_MANIFEST_DIR"))
        .unwrap_or(path)
        .to_string_lossy()
        .replace('\\', "/")
}

/// Runs the real binary from the crate root; returns (exit code, stdout, stderr).
pub(crate) fn binary(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_carca"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1")
        .output()
        .expect("carca runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Runs the real binary from the crate root with `input` on its standard
/// input; returns its exit code and standard output.
pub(crate) fn with_stdin(args: &[&str], input: &[u8]) -> (Option<i32>, String) {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_carca"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("carca runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input)
        .expect("write");
    let out = child.wait_with_output().expect("carca ends");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

/// The JSON that a command printed on standard output (from [`carca`]).
pub(crate) fn stdout_json(out: &str) -> serde_json::Value {
    let body = out
        .split_once("--- stdout\n")
        .and_then(|(_, rest)| rest.split_once("--- stderr"))
        .map(|(json, _)| json)
        .expect("standard output");
    serde_json::from_str(body).expect("valid JSON")
}

/// A scratch folder, removed when dropped.
pub(crate) struct Scratch(std::path::PathBuf);

impl Scratch {
    /// A new empty folder for one test.
    pub(crate) fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("carca-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("scratch folder");
        Scratch(dir)
    }

    /// The path of a file in it.
    pub(crate) fn path(&self, name: &str) -> String {
        self.0.join(name).to_string_lossy().into_owned()
    }

    /// Writes a file in it and returns its path.
    pub(crate) fn write(&self, name: &str, bytes: &[u8]) -> String {
        let path = self.path(name);
        std::fs::write(&path, bytes).expect("write");
        path
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// One loader for the whole test binary, as one run of carca has.
pub(crate) fn loader() -> &'static carca::loader::Loader {
    static LOADER: std::sync::OnceLock<carca::loader::Loader> = std::sync::OnceLock::new();
    LOADER.get_or_init(carca::expansions::loader)
}

/// How many mixes of the built-in tile sets there are: the base set with
/// any choice of the others.
pub(crate) const MIXES: u32 = 1 << (carca::tileset::builtin::NAMES.len() - 1);

/// Mix `k` (below [`MIXES`]) of the built-in tile sets: the base set and
/// the others whose bit is set in `k`. Mix `MIXES - 1` holds them all,
/// but for a set played before all others (The River) when a set lays a
/// start block (The Count of Carcassonne): the two cannot start one game.
pub(crate) fn mix(k: u32) -> Vec<&'static str> {
    let others = carca::tileset::builtin::NAMES
        .iter()
        .copied()
        .filter(|n| *n != "base");
    let sets: Vec<&'static str> = std::iter::once("base")
        .chain(
            others
                .enumerate()
                .filter(|(i, _)| k >> i & 1 == 1)
                .map(|(_, n)| n),
        )
        .collect();
    let set = |n: &str| carca::tileset::builtin::prepared(n).expect("built-in");
    let block = sets
        .iter()
        .any(|n| set(n).tiles.iter().any(|t| t.at.is_some()));
    sets.into_iter()
        .filter(|n| !(block && set(n).opening))
        .collect()
}
