//! The README's examples are real: each `$ carca ...` console block is the
//! output carca prints (standard output, then diagnostics).

use crate::common::carca;

#[test]
fn readme_examples_are_real_output() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).expect("README");
    let mut checked = 0;
    for block in readme.split("```console\n").skip(1) {
        let block = block.split("```").next().unwrap_or_default();
        let Some((command, shown)) = block.split_once('\n') else {
            continue;
        };
        let Some(args) = command.strip_prefix("$ carca ") else {
            continue;
        };
        let args: Vec<&str> = args.split_whitespace().collect();
        let out = carca(&args);
        let (_, rest) = out.split_once("--- stdout\n").expect("stdout");
        let (stdout, stderr) = rest.split_once("--- stderr\n").expect("stderr");
        assert_eq!(
            format!("{stdout}{stderr}"),
            shown,
            "README example `{command}`"
        );
        checked += 1;
    }
    assert!(
        checked >= 3,
        "the README shows at least three examples, found {checked}"
    );
}
