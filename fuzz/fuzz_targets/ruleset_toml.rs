//! Any bytes as a ruleset file: a ruleset or diagnostics, never a panic.
#![no_main]

use carca::source::SourceFile;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = carca::rules::parse(&SourceFile::new("fuzz.toml", text), None);
    }
});
