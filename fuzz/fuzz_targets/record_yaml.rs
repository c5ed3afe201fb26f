//! Any bytes as a game record: scored, or diagnostics, never a panic. JSON
//! texts also go the quick way, which must agree with the spanned one.
#![no_main]

use carca::engine::adjudicate;
use carca::rules::Ruleset;
use carca::source::SourceFile;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let src = SourceFile::new("fuzz.yaml", text);
    let dir = std::path::Path::new("");
    let rules = Ruleset::modern();
    let slow = carca::record::parse(&src, dir).ok().map(|r| adjudicate(&r, &rules, "modern", true));
    if let Some(rec) = carca::record::parse_fast(&src, dir) {
        let quick = adjudicate(&rec, &rules, "modern", true);
        if quick.findings.is_empty() {
            let slow = slow.expect("a record read the quick way reads the slow way too");
            assert_eq!(quick.totals, slow.totals);
        }
    }
});
