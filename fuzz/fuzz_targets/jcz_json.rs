//! Any bytes as a JCloisterZone save: a record that reads, or diagnostics,
//! never a panic.
#![no_main]

use carca::source::SourceFile;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(yaml) = carca::jcz::import(&SourceFile::new("fuzz.jcz", text)) {
        let src = SourceFile::new("imported", yaml);
        if let Ok(rec) = carca::record::parse(&src, std::path::Path::new("")) {
            let rules = carca::rules::Ruleset::modern();
            let _ = carca::engine::adjudicate(&rec, &rules, "modern", true);
        }
    }
});
