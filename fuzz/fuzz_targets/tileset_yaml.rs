//! Any bytes as a tile-set file: a set or diagnostics, never a panic.
#![no_main]

use carca::source::SourceFile;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        match carca::tileset::build::parse(&SourceFile::new("fuzz.yaml", text)) {
            Ok(_) => {}
            Err(findings) => assert!(!findings.is_empty()),
        }
    }
});
