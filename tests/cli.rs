//! The real binary: exit codes and argument handling.

use clap::CommandFactory;

use crate::common::binary;

#[test]
fn arguments_are_well_formed() {
    carca::cli::Args::command().debug_assert();
}

#[test]
fn sound_sets_exit_zero() {
    let (code, stdout, stderr) = binary(&["tiles", "check", "base", "abbey", "river"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("ok base: tile set `base`, 24 tile types, 72 tiles"));
}

#[test]
fn defects_exit_one() {
    let (code, stdout, stderr) =
        binary(&["tiles", "check", "fixtures/tilesets/crossing-roads.yaml"]);
    assert_eq!(code, 1);
    assert!(stdout.contains("defective"));
    assert!(stderr.contains("carca::tileset::crossing"));
}

#[test]
fn a_defective_set_in_json_says_what_it_declares() {
    let (code, stdout, _) = binary(&[
        "tiles",
        "check",
        "fixtures/tilesets/crossing-roads.yaml",
        "fixtures/tilesets/yaml-syntax.yaml",
        "--format",
        "json",
    ]);
    assert_eq!(code, 2);
    let json: serde_json::Value = serde_json::from_str(&stdout).expect("JSON");
    // Two entries with no count: two types, a tile each.
    assert_eq!(json[0]["result"], "defective", "{json}");
    assert_eq!(json[0]["name"], "crossing-roads", "{json}");
    assert_eq!(json[0]["tile_types"], 2, "{json}");
    assert_eq!(json[0]["tiles"], 2, "{json}");
    // A file that is not YAML declares nothing.
    assert_eq!(json[1]["result"], "unreadable", "{json}");
    assert_eq!(json[1]["tiles"], serde_json::Value::Null, "{json}");
}

#[test]
fn unreadable_files_exit_two() {
    for path in [
        "fixtures/tilesets/yaml-syntax.yaml",
        "fixtures/tilesets/not-utf8.yaml",
        "fixtures/tilesets/does-not-exist.yaml",
    ] {
        let (code, _, stderr) = binary(&["tiles", "check", path]);
        assert_eq!(code, 2, "{path}: {stderr}");
        assert!(stderr.contains("carca::"), "{stderr}");
    }
}

#[test]
fn the_worst_file_decides_the_exit_code() {
    let (code, _, _) = binary(&[
        "tiles",
        "check",
        "base",
        "fixtures/tilesets/no-start.yaml",
        "fixtures/tilesets/unknown-key.yaml",
    ]);
    assert_eq!(code, 2);
}

#[test]
fn unknown_tile_in_show_exits_two() {
    let (code, _, stderr) = binary(&["tiles", "show", "base", "Z"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("has no tile `Z`"), "{stderr}");
}

#[test]
fn usage_errors_exit_two() {
    let (code, _, _) = binary(&["tiles", "check"]);
    assert_eq!(code, 2);
}

#[test]
fn completions_and_manual() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let (code, stdout, _) = binary(&["completions", shell]);
        assert_eq!(code, 0, "{shell}");
        assert!(
            stdout.contains("score") && stdout.contains("compare"),
            "{shell}: {stdout}"
        );
        // --rules and --tilesets complete to the built-in names (elvish
        // and PowerShell scripts complete options only).
        for name in ["first-edition", "hig-faq-2007", "river", "abbey"] {
            let completes = ["bash", "zsh", "fish"].contains(&shell);
            assert_eq!(stdout.contains(name), completes, "{shell} and {name}");
        }
    }
    // Completion names never restrict what is accepted: files still work.
    let out = crate::common::carca(&[
        "score",
        "fixtures/records/small-city.yaml",
        "--rules",
        "fixtures/records/one-follower.toml",
    ]);
    assert!(out.starts_with("exit: 0"), "{out}");
    let (code, stdout, _) = binary(&["man"]);
    assert_eq!(code, 0);
    // --max-file-mib belongs to the commands that read files only.
    assert!(!stdout.contains("max"), "{stdout}");
    for command in [
        &["schema", "record"][..],
        &["completions", "bash"],
        &["man"],
    ] {
        let mut args = command.to_vec();
        args.extend(["--max-file-mib", "4"]);
        assert_eq!(binary(&args).0, 2, "{args:?}");
    }
    let (code, _, _) = binary(&["tiles", "check", "base", "--max-file-mib", "4"]);
    assert_eq!(code, 0);
    assert!(stdout.contains(".TH carca"), "{stdout}");
    assert!(
        stdout.contains("Settles Carcassonne rules disputes"),
        "{stdout}"
    );
}

#[test]
fn a_manual_page_per_command_with_examples_and_exit_codes() {
    let (code, page, _) = binary(&["man", "score"]);
    assert_eq!(code, 0);
    for part in [
        ".TH carca-score 1",
        "carca score",
        ".SH EXAMPLES",
        "carca new -o game.yaml",
        ".SH \"EXIT STATUS\"",
        "carca(1)",
    ] {
        assert!(page.contains(part), "{part}: {page}");
    }
    let (code, page, _) = binary(&["man", "tiles", "check"]);
    assert_eq!(code, 0);
    assert!(page.contains(".TH carca-tiles-check 1"), "{page}");
    // carca's own page names the pages it refers to, which now exist.
    let (_, own, _) = binary(&["man"]);
    assert!(
        own.contains(".SH FILES") && own.contains(r"carca\-score(1)"),
        "{own}"
    );
    let out = crate::common::carca(&["man", "scroe"]);
    assert!(out.starts_with("exit: 2"), "{out}");
    assert!(
        out.contains("carca::cli::usage") && out.contains("score"),
        "{out}"
    );

    let scratch = crate::common::Scratch::new("man");
    let dir = scratch.path("");
    let out = crate::common::carca(&["man", "--dir", &dir]);
    assert!(out.starts_with("exit: 0"), "{out}");
    let mut pages: Vec<String> = std::fs::read_dir(&dir)
        .expect("the folder")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    pages.sort();
    for page in [
        "carca.1",
        "carca-score.1",
        "carca-tiles-check.1",
        "carca-import-jcz.1",
    ] {
        assert!(pages.iter().any(|p| p == page), "{page} in {pages:?}");
    }
    assert_eq!(pages.len(), 24, "{pages:?}");
    // A folder that does not exist yet is made, as `mkdir -p` would.
    let deep = scratch.path("share/man/man1");
    let out = crate::common::carca(&["man", "--dir", &deep]);
    assert!(out.starts_with("exit: 0"), "{out}");
    assert!(
        std::path::Path::new(&deep).join("carca.1").is_file(),
        "{out}"
    );
}

#[test]
fn help_ends_with_examples_and_exit_codes() {
    let (code, help, _) = binary(&["score", "--help"]);
    assert_eq!(code, 0);
    assert!(
        help.contains("Examples:\n  carca new -o game.yaml"),
        "{help}"
    );
    assert!(help.contains("Exit status:"), "{help}");
    let (_, short, _) = binary(&["score", "-h"]);
    assert!(short.contains("Examples and exit codes: --help"), "{short}");
}

#[test]
fn a_record_can_come_from_standard_input() {
    let record = std::fs::read("fixtures/records/small-city.yaml").expect("fixture");
    for command in ["score", "compare"] {
        let (code, stdout) = crate::common::with_stdin(&[command, "-"], &record);
        assert_eq!(code, Some(0), "{command}: {stdout}");
        assert!(stdout.starts_with("<stdin> "), "{command}: {stdout}");
    }
    // Every command that reads a record or a tile set takes `-`.
    let (code, out) =
        crate::common::with_stdin(&["moves", "-", "--tile", "U", "--turn", "1"], &record);
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("U fits"), "{out}");
    let (code, out) = crate::common::with_stdin(&["render", "-"], &record);
    assert_eq!(code, Some(0), "{out}");
    let expecting = std::fs::read("fixtures/records/three-farm-editions.yaml").expect("fixture");
    let (code, out) = crate::common::with_stdin(&["test", "-"], &expecting);
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("ok   <stdin> under"), "{out}");
    let (code, out) = crate::common::with_stdin(&["test", "--update", "-"], &expecting);
    assert_eq!(code, Some(2), "{out}");
    let tiles = std::fs::read("docs/examples/meadows.yaml").expect("example");
    for args in [vec!["tiles", "check", "-"], vec!["tiles", "show", "-"]] {
        let (code, out) = crate::common::with_stdin(&args, &tiles);
        assert_eq!(code, Some(0), "{args:?}: {out}");
        assert!(out.contains("meadows"), "{args:?}: {out}");
    }
}

/// Commands that write the file `-o` names (the name comes last), and a
/// file name for each.
fn file_writers() -> Vec<(Vec<&'static str>, &'static str)> {
    vec![
        (vec!["gen", "-o"], "g.yaml"),
        (
            vec!["render", "fixtures/records/small-city.yaml", "-o"],
            "b.svg",
        ),
        (vec!["tiles", "render", "base", "-o"], "t.svg"),
        (
            vec!["import", "jcz", "fixtures/jcz/abbey.jcz", "-o"],
            "a.yaml",
        ),
    ]
}

#[test]
fn every_command_that_writes_a_named_file_leaves_an_existing_one_unless_forced() {
    let s = crate::common::Scratch::new("keep");
    let mut commands = file_writers();
    commands.push((vec!["new", "-o"], "n.yaml"));
    commands.push((
        vec!["score", "fixtures/records/small-city.yaml", "--render"],
        "s.svg",
    ));
    for (args, file) in commands {
        let path = s.write(file, b"mine");
        let mut args = args.clone();
        args.push(&path);
        // Refused, in a line that says how to replace it; the file stays.
        let out = crate::common::carca(&args);
        assert!(out.starts_with("exit: 2"), "{args:?}: {out}");
        assert!(
            out.contains("exists already") && out.contains("--force"),
            "{args:?}: {out}"
        );
        assert_eq!(std::fs::read(&path).expect("kept"), b"mine", "{args:?}");
        // The streaming entry (what the binary runs) refuses alike.
        let (code, _, _) = crate::common::binary(&args);
        assert_eq!(code, 2, "{args:?}");
        assert_eq!(std::fs::read(&path).expect("kept"), b"mine", "{args:?}");
        // With --force it is replaced.
        args.push("--force");
        let out = crate::common::carca(&args);
        assert!(!out.starts_with("exit: 2"), "{args:?}: {out}");
        assert_ne!(std::fs::read(&path).expect("written"), b"mine", "{args:?}");
    }
}

#[test]
fn every_command_that_writes_a_file_says_so_on_standard_error() {
    let s = crate::common::Scratch::new("wrote");
    for (args, file) in file_writers() {
        let path = s.path(file);
        let mut args = args.clone();
        args.push(&path);
        let out = crate::common::carca(&args);
        let (stdout, stderr) = out
            .split_once("--- stdout\n")
            .and_then(|(_, r)| r.split_once("--- stderr\n"))
            .expect("streams");
        assert!(stdout.is_empty(), "{args:?}: {out}");
        assert_eq!(stderr, format!("wrote {path}\n"), "{args:?}");
    }
}

#[test]
fn command_line_errors_are_diagnostics_with_codes() {
    let s = crate::common::Scratch::new("cli-errors");
    for (args, code) in [
        (
            vec!["render", "fixtures/records/small-city.yaml", "-o", "x.gif"],
            "carca::cli::usage",
        ),
        (vec!["gen", "--games", "2"], "carca::cli::usage"),
        (
            vec!["moves", "fixtures/records/small-city.yaml", "--tile", "Q9"],
            "carca::cli::usage",
        ),
        (vec!["test", "no/such/folder"], "carca::cli::usage"),
    ] {
        let out = crate::common::carca(&args);
        assert!(out.starts_with("exit: 2"), "{args:?}: {out}");
        assert!(
            out.contains(code) && out.contains("help:"),
            "{args:?}: {out}"
        );
    }
    let missing = s.path("no/such/folder/game.yaml");
    let out = crate::common::carca(&["gen", "-o", &missing]);
    assert!(
        out.contains("carca::cli::write") && out.contains("help:"),
        "{out}"
    );
}

#[test]
fn colour_follows_the_flag_then_no_color_then_clicolor_force() {
    use carca::cli::ColorWhen;
    use carca::report::diagnostics::Style;
    let env = |pairs: &'static [(&'static str, &'static str)]| {
        move |name: &str| {
            pairs
                .iter()
                .find(|(k, _)| *k == name)
                .map(|(_, v)| (*v).to_string())
        }
    };
    let auto = ColorWhen::Auto;
    assert_eq!(auto.style(true, env(&[])), Style::Colour);
    assert_eq!(auto.style(false, env(&[])), Style::Plain);
    assert_eq!(auto.style(true, env(&[("NO_COLOR", "1")])), Style::Plain);
    assert_eq!(auto.style(true, env(&[("NO_COLOR", "")])), Style::Colour);
    assert_eq!(
        auto.style(false, env(&[("CLICOLOR_FORCE", "1")])),
        Style::Colour
    );
    assert_eq!(
        auto.style(true, env(&[("CLICOLOR_FORCE", "0")])),
        Style::Plain
    );
    assert_eq!(
        auto.style(false, env(&[("CLICOLOR_FORCE", "1"), ("NO_COLOR", "1")])),
        Style::Plain
    );
    assert_eq!(
        ColorWhen::Always.style(false, env(&[("NO_COLOR", "1")])),
        Style::Colour
    );
    assert_eq!(
        ColorWhen::Never.style(true, env(&[("CLICOLOR_FORCE", "1")])),
        Style::Plain
    );

    // The real binary, through a pipe.
    let run = |args: &[&str], force: bool| {
        let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_carca"));
        command
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .env_remove("NO_COLOR")
            .env_remove("CLICOLOR_FORCE");
        if force {
            command.env("CLICOLOR_FORCE", "1");
        }
        let out = command.output().expect("carca runs");
        String::from_utf8_lossy(&out.stderr).contains('\u{1b}')
    };
    let record = "fixtures/illegal/claim-mismatch.yaml";
    assert!(!run(&["score", record], false), "a pipe is not coloured");
    assert!(
        run(&["score", record], true),
        "CLICOLOR_FORCE colours a pipe"
    );
    assert!(run(&["score", record, "--color", "always"], false));
    assert!(!run(&["--color", "never", "score", record], true));
}

#[test]
fn a_save_and_a_tile_set_can_come_from_standard_input() {
    let run = |args: &[&str], input: &str| {
        crate::common::with_stdin(args, &std::fs::read(input).expect("fixture"))
    };
    let (code, piped) = run(&["import", "jcz", "-"], "fixtures/jcz/tower.jcz");
    assert_eq!(code, Some(0), "{piped}");
    let named = crate::common::carca(&["import", "jcz", "fixtures/jcz/tower.jcz"]);
    assert!(named.contains(&piped), "{named}\n{piped}");
    let (code, checked) = run(&["tiles", "check", "-"], "tilesets/tower.yaml");
    assert_eq!(code, Some(0), "{checked}");
    assert_eq!(checked, "ok -: tile set `tower`, 17 tile types, 18 tiles\n");
    let (code, _) = run(
        &["tiles", "check", "-"],
        "fixtures/tilesets/bridge-crossing.yaml",
    );
    assert_eq!(code, Some(1));
}

/// `carca new` starts each kind of file from nothing but the binary, and
/// carca accepts each as it is: a record of every shipped set (its
/// `expect:` totals right), a ruleset, a tile set; it never writes over a
/// file.
#[test]
fn new_writes_starters_that_carca_accepts() {
    let s = crate::common::Scratch::new("new");
    for set in carca::tileset::builtin::NAMES {
        let sets = if set == "base" {
            "base".to_string()
        } else {
            format!("base,{set}")
        };
        let file = s.path(&format!("{set}.yaml"));
        let (code, _, err) = binary(&["new", "--tilesets", &sets, "--players", "3", "-o", &file]);
        assert_eq!(code, 0, "{set}: {err}");
        let text = std::fs::read_to_string(&file).expect("written");
        assert!(text.starts_with("# A game record for carca"), "{text}");
        let (code, out, err) = binary(&["score", &file]);
        assert_eq!(code, 0, "{set}: {out}{err}");
        let (code, out, err) = binary(&["test", &file]);
        assert_eq!(code, 0, "{set}: {out}{err}");
    }
    let rules = s.path("house.toml");
    assert_eq!(binary(&["new", "ruleset", "-o", &rules]).0, 0);
    let record = s.path("base.yaml");
    let (code, out, err) = binary(&["compare", &record, "--rules", &format!("modern,{rules}")]);
    assert_eq!(code, 0, "{out}{err}");
    let tiles = s.path("meadows.yaml");
    assert_eq!(binary(&["new", "tileset", "-o", &tiles]).0, 0);
    let (code, out, err) = binary(&["tiles", "check", &tiles]);
    assert_eq!(code, 0, "{out}{err}");
    // A file that exists is left as it is.
    let before = std::fs::read(&record).expect("record");
    let (code, _, err) = binary(&["new", "-o", &record]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("exists already"), "{err}");
    assert_eq!(std::fs::read(&record).expect("record"), before);
    // Without -o, standard output.
    let (code, out, _) = binary(&["new", "ruleset"]);
    assert_eq!(code, 0);
    assert!(out.contains("extends = \"modern\""), "{out}");
}

/// Every text that lists the built-in tile sets names each of them: the
/// lists come from the one list of sets.
#[test]
fn every_list_of_builtin_sets_names_them_all() {
    let scratch = crate::common::Scratch::new("builtin-set-lists");
    let record = scratch.write(
        "game.yaml",
        b"tilesets: [base, bas]\nplayers: [red]\nturns: []\n",
    );
    let refused = crate::common::carca(&["score", &record]);
    let (_, help, _) = crate::common::binary(&["tiles", "check", "--help"]);
    let (_, starter, _) = crate::common::binary(&["new", "-o", "-"]);
    let starter = starter.replace("\n# ", " ");
    for name in carca::tileset::builtin::NAMES {
        assert!(
            refused.contains(name),
            "the unloadable-set help lacks {name}:\n{refused}"
        );
        assert!(
            help.contains(name),
            "`tiles check --help` lacks {name}:\n{help}"
        );
        assert!(
            starter.contains(name),
            "`carca new` lacks {name}:\n{starter}"
        );
    }
}

#[test]
fn moves_lists_the_dragons_first_steps_together() {
    let out = crate::common::carca(&[
        "moves",
        "fixtures/records/pd-pig-home-with-farmer.yaml",
        "--turn",
        "3",
        "--tile",
        "PD14",
    ]);
    assert!(out.starts_with("exit: 0"), "{out}");
    assert!(
        out.contains("(1,0) rot  90: followers on N (road), WNW (field); the dragon may fly first to (1,0) or (0,-1)\n"),
        "{out}"
    );
    assert!(
        !out.contains("; the dragon may fly first to (0,-1); the dragon"),
        "{out}"
    );
}
