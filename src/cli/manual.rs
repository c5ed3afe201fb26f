//! The manual: a page per command (`carca man COMMAND`, or every page into
//! a folder with `carca man --dir DIR`), and the examples and exit codes
//! that `--help` shows after the options.

use std::fmt::Write;
use std::path::Path;

use super::{Args, Outcome, error};

/// What every command's exit code means.
pub(crate) const EXIT_STATUS: &str = "\
Exit status:
  0  legal, sound, or as expected
  1  rule violations, defective tiles, or totals other than the claims or
     expectations
  2  a file could not be read or written, or the command was used wrongly";

/// Where to read more.
const DOCS: &str = "\
Documentation: README.md and docs/ in carca's sources (records.md,
rulesets.md, tilesets.md, jcz.md, editors.md, robustness.md).";

/// Examples shown after the options of `carca help COMMAND` and in the
/// command's manual page. Every line that starts with `carca` is checked
/// by the test suite.
pub(crate) fn examples(command: &str) -> &'static str {
    match command {
        "score" => {
            "  carca new -o game.yaml
      a starter record (a short game, commented) to change into your own
  carca score game.yaml
      check every placement and explain the score under the record's rules
  carca score game.yaml --rules first-edition
      the same game under the rules of 2000
  carca score game.yaml --render board.svg
      also draw the board, with any placement that broke a rule marked
  carca gen --games 20 --format json -o games.jsonl
      twenty random games, one JSON record per line
  carca score games.jsonl --quiet
      every record of the file (or of a folder), in parallel, only the summary"
        }
        "compare" => {
            "  carca new -o game.yaml
      a starter record (see carca new)
  carca compare game.yaml
      the totals under every built-in ruleset, and the features that differ
  carca new ruleset -o house.toml
      a house ruleset to change
  carca compare game.yaml --rules modern,house.toml
      the built-in modern rules against the house ruleset"
        }
        "test" => {
            "  carca new -o game.yaml
      a starter record, with the totals carca test checks (expect:)
  carca test game.yaml
      every expect: block, under each ruleset it names (of a folder: every record)
  carca test --update game.yaml
      rewrite the expected totals from the results, comments kept
  carca test game.yaml --format json
      the results as one JSON document, for CI and editors"
        }
        "moves" => {
            "  carca new -o game.yaml
      a starter record (see carca new)
  carca moves game.yaml --tile C
      where C could go now, and the follower spots each place leaves open
  carca moves game.yaml --tile C --turn 2
      where C could have gone on turn 3: after turn 2, as every command counts"
        }
        "render" => {
            "  carca new -o game.yaml
      a starter record (see carca new)
  carca render game.yaml
      the board in the terminal
  carca render game.yaml --turn 2 -o board.png
      the board as it stood after turn 2, as a PNG
  carca render game.yaml --feature 0,0:N -o city.svg
      one feature outlined: the start tile's city"
        }
        "tiles" | "check" => {
            "  carca new tileset -o meadows.yaml
      a starter tile set of three tiles
  carca tiles check meadows.yaml
      every problem of a tile set at once, with line and column
  carca tiles show base D
      one tile drawn as text, with its features
  carca tiles render river -o river.svg
      every tile of a set as a picture"
        }
        "show" => {
            "  carca new tileset -o meadows.yaml
      a starter tile set of three tiles
  carca tiles show meadows.yaml
      each tile drawn as text, with the set's statistics
  carca tiles show base D
      one tile"
        }
        "import" | "jcz" => {
            "  carca import jcz save.jcz -o game.yaml
      a game saved by JCloisterZone (its .jcz file) as a carca record"
        }
        "gen" => {
            "  carca gen --seed 7 -o game.yaml
      a random legal 72-tile game, the same for the same seed
  carca gen --games 100 --format json -o games.jsonl
      a hundred games, one JSON record per line, for batch scoring
  carca gen --tilesets base,river --players 4
      a four-player game with the river"
        }
        "new" => {
            "  carca new -o game.yaml
      a starter record: a short legal game of the base set, commented
  carca new --tilesets base,inns-cathedrals --players 3 -o big.yaml
      the same with an expansion and three players
  carca new ruleset -o house.toml
      a house ruleset that extends the modern rules
  carca new tileset -o meadows.yaml
      a tile set of three tiles, for fan designers"
        }
        "serve" => {
            "  carca serve
      a new game on a local page (http://127.0.0.1:7878/), built by clicking
  carca new -o game.yaml
      a starter record (see carca new)
  carca serve game.yaml --open
      a record opened in the browser, adjudicated live as it is edited
  carca serve --host --port 8080
      the page on the local network too, for a phone at the table"
        }
        "schema" => {
            "  carca schema record
      the JSON Schema of records, for editors (see docs/editors.md)"
        }
        "completions" => {
            "  carca completions bash
      a bash completion script; also zsh, fish, elvish, powershell"
        }
        "verdict" => {
            "  carca gen -o game.json --format json
      a game to judge
  carca verdict game.json
      carca's verdict on it, as the rules test suite's protocol writes one
      (without a file, the case or record comes on standard input)"
        }
        "conformance" | "conformance run" => {
            "  carca conformance run -- carca verdict
      run the rules test suite against carca itself, as against any engine
      (carca's own verdict command, on the PATH); --tag §6 runs only the
      cases about farms, --generated N adds N generated games of each mix"
        }
        "conformance list" => {
            "  carca conformance list --tag set:tower
      the cases that play The Tower"
        }
        "conformance export" => {
            "  carca conformance export --generated 10 -o suite.json
      the suite with 80 more generated games (10 of each mix), for a runner
      of your own"
        }
        "conformance show" => {
            "  carca conformance show illegal:feature-occupied
      one case, its verdict, and carca's breakdown of it"
        }
        "man" => {
            "  carca man score
      the manual page of carca score
  carca man --dir man/
      every page, carca.1 and carca-COMMAND.1, into a folder (made if need be)"
        }
        _ => {
            "  carca new -o game.yaml
      a starter record: change it into your own game
  carca score game.yaml
      check and score it
  carca compare game.yaml
      the same board under every edition
  carca new tileset -o meadows.yaml
      a starter tile set
  carca tiles check meadows.yaml
      check it"
        }
    }
}

/// Adds the examples, exit codes and documentation pointer to every
/// command's long help (`--help`), and a pointer to them to the short one.
pub(crate) fn with_help(cmd: clap::Command) -> clap::Command {
    fn extend(cmd: clap::Command, name: &str) -> clap::Command {
        let long = format!("Examples:\n{}\n\n{EXIT_STATUS}\n\n{DOCS}", examples(name));
        let subs: Vec<String> = cmd
            .get_subcommands()
            .map(|s| s.get_name().to_string())
            .collect();
        let mut cmd = cmd
            .after_long_help(long)
            .after_help("Examples and exit codes: --help (or carca man).");
        for sub in subs {
            // The suite's commands have names other commands have too.
            let key = if name == "conformance" {
                format!("conformance {sub}")
            } else {
                sub.clone()
            };
            cmd = cmd.mut_subcommand(&sub, |s| extend(s, &key));
        }
        cmd
    }
    extend(cmd, "carca")
}

/// The whole command, with every page's extras.
fn command() -> clap::Command {
    let mut cmd =
        with_help(<Args as clap::CommandFactory>::command()).disable_help_subcommand(true);
    cmd.build();
    cmd
}

/// The command a page describes: `carca`, or a command path such as
/// `score` or `tiles check`.
fn find<'a>(root: &'a clap::Command, path: &[String]) -> Option<&'a clap::Command> {
    path.iter()
        .try_fold(root, |cmd, name| cmd.find_subcommand(name))
}

/// The roff page of one command.
fn page(cmd: &clap::Command, name: &str) -> Result<String, std::io::Error> {
    let man = clap_mangen::Man::new(cmd.clone())
        .source(format!("carca {}", env!("CARGO_PKG_VERSION")))
        .manual("carca");
    let mut buf = Vec::new();
    man.render_title(&mut buf)?;
    man.render_name_section(&mut buf)?;
    man.render_synopsis_section(&mut buf)?;
    man.render_description_section(&mut buf)?;
    if cmd.get_arguments().any(|a| !a.is_hide_set()) {
        man.render_options_section(&mut buf)?;
    }
    if cmd.has_subcommands() {
        man.render_subcommands_section(&mut buf)?;
    }
    let mut extra = String::new();
    extra.push_str(".SH EXAMPLES\n.nf\n");
    extra.push_str(&roff_text(examples(name)));
    extra.push_str("\n.fi\n.SH \"EXIT STATUS\"\n.nf\n");
    extra.push_str(&roff_text(EXIT_STATUS.trim_start_matches("Exit status:\n")));
    extra.push_str("\n.fi\n");
    if name == "carca" {
        extra.push_str(".SH FILES\n");
        extra.push_str(&roff_text(&format!(
            "Records (.yaml, .json, .jsonl), rulesets (.toml) and tile sets (.yaml) are read from the paths given; paths inside a record are relative to its folder; carca new writes a starter of each. The built-in rulesets ({}) and tile sets ({}) are part of the binary. JCloisterZone saves (.jcz) are read by score, compare and import jcz.",
            crate::rules::BUILTIN.join(", "),
            crate::tileset::builtin::NAMES.join(", ")
        )));
        extra.push('\n');
    }
    extra.push_str(".SH \"SEE ALSO\"\n");
    if name != "carca" {
        extra.push_str("carca(1)\n.PP\n");
    }
    extra.push_str(&roff_text(DOCS));
    extra.push('\n');
    buf.extend_from_slice(extra.as_bytes());
    if cmd.get_version().is_some() {
        man.render_version_section(&mut buf)?;
    }
    Ok(String::from_utf8_lossy(&buf).into_owned())
}

/// Text for roff: backslashes escaped, and no line starting with a
/// control character.
fn roff_text(text: &str) -> String {
    text.replace('\\', "\\e")
        .lines()
        .map(|l| {
            if l.starts_with('.') || l.starts_with('\'') {
                format!("\\&{l}")
            } else {
                l.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every page: the command's own and one per command below it.
fn pages(cmd: &clap::Command, name: &str, out: &mut Vec<(String, String)>) -> std::io::Result<()> {
    let file = format!(
        "{}.1",
        cmd.get_display_name().unwrap_or_else(|| cmd.get_name())
    );
    out.push((file, page(cmd, name)?));
    for sub in cmd.get_subcommands() {
        pages(sub, sub.get_name(), out)?;
    }
    Ok(())
}

/// `carca man [COMMAND...] [--dir DIR]`.
pub(crate) fn run(path: &[String], dir: Option<&Path>) -> Outcome {
    let root = command();
    let Some(cmd) = find(&root, path) else {
        let names: Vec<&str> = root
            .get_subcommands()
            .map(clap::Command::get_name)
            .collect();
        return error::usage(format!(
            "carca has no command `{}`; {}the commands are {}",
            path.join(" "),
            crate::suggest::did_you_mean(&path.join(" "), names.iter().copied()),
            names.join(", ")
        ));
    };
    let name = path.last().map_or("carca", String::as_str);
    let Some(dir) = dir else {
        return match page(cmd, name) {
            Ok(text) => Outcome {
                stdout: text,
                ..Outcome::default()
            },
            Err(e) => error::usage(format!("cannot render the manual: {e}")),
        };
    };
    let mut all = Vec::new();
    if let Err(e) = pages(cmd, name, &mut all) {
        return error::usage(format!("cannot render the manual: {e}"));
    }
    let mut out = Outcome::default();
    // The folder is made when it does not exist yet (as `mkdir -p`).
    if let Err(e) = std::fs::create_dir_all(dir) {
        return error::write(dir, crate::write::WriteError::Io(e));
    }
    for (file, text) in all {
        let target = dir.join(&file);
        if let Err(e) = crate::write::replace(&target, text.as_bytes(), None) {
            return error::write(&target, e);
        }
        let _ = writeln!(
            out.stderr,
            "wrote {}",
            crate::text::escaped(&target.display().to_string(), false)
        );
    }
    out
}
