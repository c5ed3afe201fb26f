//! The examples in the README and in `docs/` are real:
//!
//! * a `console` block is a command and the output carca prints for it
//!   (standard output, then diagnostics);
//! * a `yaml` or `toml` block is (part of) a shipped file, named in its
//!   info string (```` ```yaml file=docs/examples/friday.yaml ````), and that
//!   file is checked: records score (legal, claims and expectations right,
//!   unless they live in `fixtures/illegal/`), tile sets are sound, rulesets
//!   load;
//! * a `json` block is valid JSON;
//! * every `carca` command in an `sh` block parses (subcommand, flags and
//!   values), and the files it reads exist.

use std::path::{Path, PathBuf};

use carca::cli::Args;
use clap::Parser;

use crate::common::carca;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// One fenced block of a Markdown file.
struct Block {
    doc: String,
    line: usize,
    lang: String,
    file: Option<String>,
    body: String,
}

impl Block {
    fn at(&self) -> String {
        format!("{}:{}", self.doc, self.line)
    }
}

fn documents() -> Vec<PathBuf> {
    let mut docs = vec![Path::new(ROOT).join("README.md")];
    let mut more: Vec<PathBuf> = std::fs::read_dir(Path::new(ROOT).join("docs"))
        .expect("docs/")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    more.sort();
    docs.extend(more);
    docs
}

fn blocks(path: &Path) -> Vec<Block> {
    let doc = path
        .strip_prefix(ROOT)
        .unwrap_or(path)
        .to_string_lossy()
        .into_owned();
    let text = std::fs::read_to_string(path).expect("a readable document");
    let mut out = Vec::new();
    let mut open: Option<Block> = None;
    for (i, line) in text.lines().enumerate() {
        match (&mut open, line.strip_prefix("```")) {
            (None, Some(info)) => {
                let mut words = info.split_whitespace();
                let lang = words.next().unwrap_or_default().to_string();
                let file = words
                    .find_map(|w| w.strip_prefix("file="))
                    .map(str::to_string);
                open = Some(Block {
                    doc: doc.clone(),
                    line: i + 1,
                    lang,
                    file,
                    body: String::new(),
                });
            }
            (Some(_), Some("")) => out.extend(open.take()),
            (Some(block), _) => {
                block.body.push_str(line);
                block.body.push('\n');
            }
            (None, None) => {}
        }
    }
    assert!(open.is_none(), "{doc}: a code block is never closed");
    out
}

fn all_blocks() -> Vec<Block> {
    documents().iter().flat_map(|d| blocks(d)).collect()
}

/// Splits a shell line into commands of words: quotes group, `#` starts a
/// comment, `&&` and `|` separate commands.
fn shell_commands(line: &str) -> Vec<Vec<String>> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut quote: Option<char> = None;
    for c in line.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (None, '"' | '\'') => {
                quote = Some(c);
                word.get_or_insert_with(String::new);
            }
            (None, '#') if word.is_none() => break,
            (None, c) if c.is_whitespace() => {
                words.extend(word.take());
            }
            (_, c) => word.get_or_insert_with(String::new).push(c),
        }
    }
    words.extend(word);
    words
        .split(|w| w == "&&" || w == "|")
        .map(<[String]>::to_vec)
        .collect()
}

fn looks_like_a_file(word: &str) -> bool {
    !word.starts_with('-')
        && (word.contains('/')
            || [".yaml", ".yml", ".toml", ".jcz", ".json", ".jsonl"]
                .iter()
                .any(|e| word.ends_with(e)))
}

/// Checks one `carca` command of an `sh` block; `made` collects the files
/// earlier commands of the block wrote.
fn check_shell_command(at: &str, words: &[String], made: &mut Vec<String>) {
    let mut args = vec!["carca".to_string()];
    let mut inputs = Vec::new();
    let mut rest = words[1..].iter();
    while let Some(w) = rest.next() {
        match w.as_str() {
            ">" => made.extend(rest.next().cloned()),
            "-o" | "--output" | "--dir" => {
                args.push(w.clone());
                if let Some(out) = rest.next() {
                    made.push(out.clone());
                    args.push(out.clone());
                }
            }
            _ => {
                for part in w.split(',') {
                    if looks_like_a_file(part) {
                        inputs.push(part.to_string());
                    }
                }
                args.push(w.clone());
            }
        }
    }
    if let Err(e) = Args::try_parse_from(&args) {
        panic!("{at}: `{}` does not parse: {e}", words.join(" "));
    }
    for input in inputs {
        let exists = Path::new(ROOT).join(&input).exists();
        assert!(
            exists || made.contains(&input) || input == USERS_OWN,
            "{at}: `{}` reads `{input}`, which is not a shipped file",
            words.join(" ")
        );
    }
}

#[test]
fn every_carca_command_in_the_docs_parses_and_reads_shipped_files() {
    let mut checked = 0;
    for block in all_blocks().iter().filter(|b| b.lang == "sh") {
        let mut made = Vec::new();
        for line in block.body.lines() {
            for command in shell_commands(line) {
                if command.first().is_some_and(|w| w == "carca") {
                    check_shell_command(&block.at(), &command, &mut made);
                    checked += 1;
                }
            }
        }
    }
    assert!(checked >= 20, "only {checked} commands found in the docs");
}

/// Every command's `--help` ends with examples: each parses and reads
/// shipped files.
#[test]
fn help_examples_parse_and_read_shipped_files() {
    fn visit(cmd: &clap::Command, path: &str, checked: &mut usize) {
        let help = cmd.get_after_long_help().map(ToString::to_string);
        let help = help.unwrap_or_else(|| panic!("`{path} --help` has examples"));
        let mut made = Vec::new();
        for line in help.lines().filter(|l| l.starts_with("  carca ")) {
            for command in shell_commands(line) {
                check_shell_command(&format!("`{path} --help`"), &command, &mut made);
                *checked += 1;
            }
        }
        for sub in cmd.get_subcommands() {
            visit(sub, &format!("{path} {}", sub.get_name()), checked);
        }
    }
    let mut checked = 0;
    visit(&carca::cli::command(), "carca", &mut checked);
    assert!(checked >= 25, "only {checked} examples in the help");
}

/// The one file an example reads that only the user has: a game saved by
/// JCloisterZone.
const USERS_OWN: &str = "save.jcz";

/// Every command's `--help` examples run as shown with nothing but the
/// binary, in an empty folder, one after the other: what they read, an
/// earlier example of the same help wrote (`carca new`, `carca gen`). A
/// JCloisterZone save is the user's own and a server runs until stopped:
/// those two are only parsed (above).
#[test]
fn help_examples_run_in_an_empty_folder() {
    fn visit(cmd: &clap::Command, path: &str, ran: &mut usize) {
        let help = cmd.get_after_long_help().map(ToString::to_string);
        let help = help.unwrap_or_default();
        let scratch = crate::common::Scratch::new(&format!("help-{}", path.replace(' ', "-")));
        for line in help.lines().filter(|l| l.starts_with("  carca ")) {
            for words in shell_commands(line) {
                if words.get(1).is_some_and(|w| w == "serve")
                    || words.iter().any(|w| w == USERS_OWN)
                {
                    continue;
                }
                // As installed: `carca` on the PATH (the suite's runner
                // starts it as an engine).
                let bin = Path::new(env!("CARGO_BIN_EXE_carca"))
                    .parent()
                    .map(|d| d.to_string_lossy().to_string())
                    .unwrap_or_default();
                let search = format!("{bin}:{}", std::env::var("PATH").unwrap_or_default());
                let out = std::process::Command::new(env!("CARGO_BIN_EXE_carca"))
                    .args(&words[1..])
                    .current_dir(scratch.path(""))
                    .env("NO_COLOR", "1")
                    .env("PATH", search)
                    .output()
                    .expect("carca runs");
                assert!(
                    out.status.success(),
                    "`{path} --help`: `{}` exits {:?}: {}",
                    words.join(" "),
                    out.status.code(),
                    String::from_utf8_lossy(&out.stderr)
                );
                *ran += 1;
            }
        }
        for sub in cmd.get_subcommands() {
            visit(sub, &format!("{path} {}", sub.get_name()), ran);
        }
    }
    let mut ran = 0;
    visit(&carca::cli::command(), "carca", &mut ran);
    assert!(ran >= 40, "only {ran} examples ran");
}

#[test]
fn console_examples_are_real_output() {
    let mut checked = 0;
    for block in all_blocks().iter().filter(|b| b.lang == "console") {
        let (command, shown) = block.body.split_once('\n').unwrap_or((&block.body, ""));
        let args = command
            .strip_prefix("$ carca ")
            .unwrap_or_else(|| panic!("{}: a console block starts with `$ carca`", block.at()));
        let args: Vec<String> = shell_commands(args).concat();
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = carca(&args);
        let (_, rest) = out.split_once("--- stdout\n").expect("stdout");
        let (stdout, stderr) = rest.split_once("--- stderr\n").expect("stderr");
        assert_eq!(
            format!("{stdout}{stderr}"),
            shown,
            "{}: the output of `{command}`",
            block.at()
        );
        checked += 1;
    }
    assert!(checked >= 6, "only {checked} console examples found");
}

/// What a shipped file must do when carca reads it.
fn check_shipped_file(block: &Block, file: &str) {
    let path = Path::new(ROOT).join(file);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: `{file}` cannot be read: {e}", block.at()));
    assert!(
        text.contains(&block.body),
        "{}: the example is not a part of `{file}` as shipped",
        block.at()
    );
    let is_tileset = text.lines().any(|l| l.starts_with("tiles:"));
    match block.lang.as_str() {
        "toml" => {
            let dir = path.parent().expect("a folder");
            // A house rule for a fan set's modifiers loads where that set is
            // in play: the keys of every fixture set's modifiers are known.
            let sets: Vec<_> = std::fs::read_dir(Path::new(ROOT).join("fixtures/sets"))
                .expect("fixtures/sets")
                .filter_map(|e| {
                    carca::tileset::load(
                        crate::common::loader(),
                        &e.ok()?.path().to_string_lossy(),
                        dir,
                    )
                    .ok()
                })
                .collect();
            let declared = carca::rules::Declared {
                points: sets
                    .iter()
                    .flat_map(|l| l.set.modifiers.clone())
                    .flat_map(|m| [m.key, m.incomplete_key])
                    .collect(),
                figures: sets
                    .iter()
                    .flat_map(|l| l.set.figure_kinds.iter().map(|k| k.name.clone()))
                    .collect(),
                options: &carca::expansions::OPTIONS,
                rates: &carca::expansions::RATES,
            };
            if let Err(findings) = carca::rules::load_with(
                crate::common::loader(),
                &path.to_string_lossy(),
                dir,
                &declared,
            ) {
                panic!("{}: `{file}` does not load: {findings:?}", block.at());
            }
        }
        "yaml" if is_tileset => {
            let out = carca(&["tiles", "check", file]);
            assert!(out.starts_with("exit: 0\n"), "{}: {out}", block.at());
        }
        "yaml" => {
            let want = if file.starts_with("fixtures/illegal/") {
                "exit: 1\n"
            } else {
                "exit: 0\n"
            };
            let out = carca(&["score", file]);
            assert!(out.starts_with(want), "{}: {out}", block.at());
        }
        other => panic!("{}: no check for `{other}` files", block.at()),
    }
}

#[test]
fn file_examples_are_shipped_files_that_carca_accepts() {
    let mut checked = 0;
    for block in all_blocks() {
        match (block.lang.as_str(), &block.file) {
            ("yaml" | "toml", Some(file)) => {
                check_shipped_file(&block, file);
                checked += 1;
            }
            ("yaml" | "toml", None) => panic!(
                "{}: a {} example names the shipped file it shows (```{} file=PATH)",
                block.at(),
                block.lang,
                block.lang
            ),
            ("json", _) => {
                if let Err(e) = serde_json::from_str::<serde_json::Value>(&block.body) {
                    panic!("{}: invalid JSON: {e}", block.at());
                }
            }
            _ => {}
        }
    }
    assert!(checked >= 8, "only {checked} file examples found");
}

#[test]
fn shell_lines_split_like_a_shell() {
    assert_eq!(
        shell_commands(r#"carca render g.yaml --feature "farm at (0,1) WSW" -o f.svg   # one"#),
        vec![vec![
            "carca",
            "render",
            "g.yaml",
            "--feature",
            "farm at (0,1) WSW",
            "-o",
            "f.svg"
        ]]
    );
    assert_eq!(
        shell_commands("carca man > carca.1 && man ./carca.1"),
        vec![
            vec!["carca", "man", ">", "carca.1"],
            vec!["man", "./carca.1"]
        ]
    );
}
