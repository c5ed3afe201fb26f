//! Users' files: every write keeps the file's mode, goes through links,
//! refuses files with several hard links, refuses read-only files and files changed
//! since they were read, leaves nothing behind when it fails, and never
//! overwrites the input it reads.

use crate::common::{Scratch, carca};

/// A record whose expectation for `modern` is wrong (red scores 4).
const WRONG: &str = "players: [red, blue]\nturns:\n  - { tile: E, at: [0, 1], rot: 180, meeple: S }\nfinal: true\nexpect:\n  modern: { red: 1, blue: 0 }\n";
const RIGHT: &str = "players: [red, blue]\nturns:\n  - { tile: E, at: [0, 1], rot: 180, meeple: S }\nfinal: true\nexpect:\n  modern: { red: 4, blue: 0 }\n";

fn names_in(dir: &str) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .expect("folder")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[cfg(unix)]
#[test]
fn update_keeps_the_mode_and_goes_through_links() {
    use std::os::unix::fs::{MetadataExt, PermissionsExt, symlink};
    let s = Scratch::new("write-mode");
    let path = s.write("game.yaml", WRONG.as_bytes());
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).expect("chmod");
    let out = carca(&["test", "--update", &path]);
    assert!(out.starts_with("exit: 0"), "{out}");
    assert_eq!(std::fs::read_to_string(&path).expect("read"), RIGHT);
    let mode = std::fs::metadata(&path).expect("meta").mode() & 0o777;
    assert_eq!(mode, 0o600);

    // Through a link: the file it points at is updated, the link stays.
    let real = s.write("real.yaml", WRONG.as_bytes());
    let link = s.path("link.yaml");
    symlink(&real, &link).expect("link");
    let out = carca(&["test", "--update", &link]);
    assert!(out.starts_with("exit: 0"), "{out}");
    assert!(
        std::fs::symlink_metadata(&link)
            .expect("meta")
            .file_type()
            .is_symlink()
    );
    assert_eq!(std::fs::read_to_string(&real).expect("read"), RIGHT);

    // Hard links: carca never rewrites a file in place (a full disk or a
    // kill would leave it cut), and replacing it would part its names, so
    // it is refused and both names keep the old file whole.
    let first = s.write("first.yaml", WRONG.as_bytes());
    let second = s.path("second.yaml");
    std::fs::hard_link(&first, &second).expect("hard link");
    let out = carca(&["test", "--update", &first]);
    assert!(!out.starts_with("exit: 0"), "{out}");
    assert!(
        out.contains("carca::cli::write") && out.contains("has 2 names"),
        "{out}"
    );
    assert_eq!(std::fs::read_to_string(&first).expect("read"), WRONG);
    assert_eq!(std::fs::read_to_string(&second).expect("read"), WRONG);
    assert_eq!(std::fs::metadata(&second).expect("meta").nlink(), 2);
}

#[cfg(unix)]
#[test]
fn a_new_file_gets_the_mode_new_files_get() {
    use std::os::unix::fs::PermissionsExt;
    let s = Scratch::new("write-new-mode");
    let path = s.path("board.svg");
    let out = carca(&["render", "fixtures/records/small-city.yaml", "-o", &path]);
    assert!(out.starts_with("exit: 0"), "{out}");
    // Whatever the umask, the file is readable by its owner and no more
    // private than a file any program creates: not the temporary 0600.
    let probe = s.path("probe");
    std::fs::write(&probe, b"").expect("probe");
    let expected = std::fs::metadata(&probe)
        .expect("meta")
        .permissions()
        .mode()
        & 0o777;
    let mode = std::fs::metadata(&path).expect("meta").permissions().mode() & 0o777;
    assert_eq!(mode, expected);
}

#[cfg(unix)]
#[test]
fn a_planted_link_at_the_old_temporary_name_is_never_followed() {
    use std::os::unix::fs::symlink;
    let s = Scratch::new("write-planted");
    let victim = s.write("victim.txt", b"keep me\n");
    let path = s.write("game.yaml", WRONG.as_bytes());
    // The name earlier versions wrote to, predictable from the process id.
    let planted = s.path(&format!(".game.yaml.carca-tmp-{}", std::process::id()));
    symlink(&victim, &planted).expect("link");
    let out = carca(&["test", "--update", &path]);
    assert!(out.starts_with("exit: 0"), "{out}");
    assert_eq!(std::fs::read_to_string(&victim).expect("read"), "keep me\n");
    assert_eq!(std::fs::read_to_string(&path).expect("read"), RIGHT);
}

#[test]
fn read_only_and_changed_files_are_left_alone() {
    let s = Scratch::new("write-refused");
    let path = s.write("game.yaml", WRONG.as_bytes());
    let mut perms = std::fs::metadata(&path).expect("meta").permissions();
    perms.set_readonly(true);
    std::fs::set_permissions(&path, perms.clone()).expect("chmod");
    let before = names_in(&s.path(""));
    let out = carca(&["test", "--update", &path]);
    assert!(out.starts_with("exit: 2"), "{out}");
    assert!(out.contains("read-only"), "{out}");
    // Nothing was written, and the report says so: no "updated".
    assert!(out.contains("not updated, it cannot be written"), "{out}");
    assert!(out.contains("0 expectations updated"), "{out}");
    assert!(!out.contains("\nupdated "), "{out}");
    let json = crate::common::stdout_json(&carca(&["test", "--update", &path, "--format", "json"]));
    assert_eq!(json["updated"], 0, "{json}");
    assert_eq!(
        json["records"][0]["rulesets"][0]["result"], "fail",
        "{json}"
    );
    assert_eq!(std::fs::read_to_string(&path).expect("read"), WRONG);
    assert_eq!(names_in(&s.path("")), before, "no temporary file is left");
    #[allow(clippy::permissions_set_readonly_false)]
    perms.set_readonly(false);
    std::fs::set_permissions(&path, perms).expect("chmod");

    // The file changed after it was read: it is not overwritten.
    let result = carca::write::replace(
        std::path::Path::new(&path),
        RIGHT.as_bytes(),
        Some(b"what was read before\n"),
    );
    assert!(
        matches!(result, Err(carca::write::WriteError::Changed)),
        "{result:?}"
    );
    assert_eq!(std::fs::read_to_string(&path).expect("read"), WRONG);
}

#[test]
fn import_never_overwrites_the_save_it_reads() {
    let s = Scratch::new("write-import");
    let save = std::fs::read("fixtures/jcz/abbey.jcz").expect("fixture");
    let path = s.write("abbey.jcz", &save);
    let out = carca(&["import", "jcz", &path, "-o", &path, "--force"]);
    assert!(out.starts_with("exit: 2"), "{out}");
    assert_eq!(std::fs::read(&path).expect("read"), save);
    #[cfg(unix)]
    {
        let link = s.path("other-name.jcz");
        std::os::unix::fs::symlink(&path, &link).expect("link");
        let out = carca(&["import", "jcz", &path, "-o", &link, "--force"]);
        assert!(out.starts_with("exit: 2"), "{out}");
        assert_eq!(std::fs::read(&path).expect("read"), save);
    }
}

#[test]
fn a_write_into_a_missing_folder_fails_cleanly() {
    let s = Scratch::new("write-missing");
    let out = carca(&["gen", "-o", &s.path("no/such/folder/game.yaml")]);
    assert!(out.starts_with("exit: 2"), "{out}");
    assert!(out.contains("folder does not exist"), "{out}");
    assert!(names_in(&s.path("")).is_empty());
}

/// The game of [`WRONG`] with an `expect:` section of its own.
fn game_expecting(expect: &str) -> String {
    format!(
        "players: [red, blue]\nturns:\n  - {{ tile: E, at: [0, 1], rot: 180, meeple: S }}\nfinal: true\nexpect:\n{expect}"
    )
}

#[test]
fn update_refuses_what_it_cannot_edit_safely_and_leaves_the_file() {
    let s = Scratch::new("update-unsafe");
    let alias_name = "\u{e7}\u{e9}";
    for (name, expect) in [
        (
            "alias",
            "  modern: &c { red: 1, blue: 0 }\n  first-edition: *c\n".to_string(),
        ),
        (
            "merge",
            "  modern: &c { red: 1, blue: 0 }\n  hig-faq-2007: { <<: *c }\n".to_string(),
        ),
        (
            "brace-in-comment",
            "  modern: { red: 1,   # a } in a comment\n    }\n".to_string(),
        ),
        (
            "non-ascii-anchor",
            format!(
                "  modern: &{alias_name} {{ red: 4, blue: 0 }}\n  first-edition: *{alias_name}\n"
            ),
        ),
    ] {
        let text = game_expecting(&expect);
        let path = s.write(&format!("{name}.yaml"), text.as_bytes());
        let out = carca(&["test", "--update", &path]);
        assert!(out.starts_with("exit: 1"), "{name}: {out}");
        assert!(out.contains("carca::update::unsafe_edit"), "{name}: {out}");
        assert_eq!(
            std::fs::read_to_string(&path).expect("read"),
            text,
            "{name}: the file is left byte for byte"
        );
    }
}

#[test]
fn update_writes_keys_and_flow_maps_that_read_back() {
    let s = Scratch::new("update-safe");
    // A trailing comma in a flow map.
    let path = s.write(
        "comma.yaml",
        game_expecting("  modern: { red: 1, }\n").as_bytes(),
    );
    let out = carca(&["test", "--update", &path]);
    assert!(out.starts_with("exit: 0"), "{out}");
    assert_eq!(
        std::fs::read_to_string(&path).expect("read"),
        game_expecting("  modern: { red: 4, blue: 0 }\n")
    );
    // Names that need quoting as keys: a colon, a line break, a control
    // character. The added keys are escaped and read back.
    let record = "players: [\"a: b\", \"c\\nd\", \"e\\u0001\"]\nturns:\n  - { tile: E, at: [0, 1], rot: 180, meeple: S }\nfinal: true\nexpect:\n  modern: {}\n";
    let path = s.write("keys.yaml", record.as_bytes());
    let out = carca(&["test", "--update", &path]);
    assert!(out.starts_with("exit: 0"), "{out}");
    let after = std::fs::read_to_string(&path).expect("read");
    assert!(
        after.contains(r#"modern: { "a: b": 4, "c\nd": 0, "e\u0001": 0 }"#),
        "{after}"
    );
    assert!(carca(&["test", &path]).starts_with("exit: 0"));
    // A name too long to be a key is refused.
    let long = "x".repeat(1_100);
    let record = format!(
        "players: [\"{long}\", blue]\nturns:\n  - {{ tile: E, at: [0, 1], rot: 180, meeple: S }}\nfinal: true\nexpect:\n  modern: {{ blue: 0 }}\n"
    );
    let path = s.write("long.yaml", record.as_bytes());
    let out = carca(&["test", "--update", &path]);
    assert!(out.starts_with("exit: 1"), "{out}");
    assert_eq!(std::fs::read_to_string(&path).expect("read"), record);
}
