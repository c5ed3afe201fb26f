//! The `jcz_json` target: see `fuzz/drive/targets.rs`.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[allow(dead_code)]
mod targets {
    include!("../drive/targets.rs");
}

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        targets::jcz_json(text);
    }
});
