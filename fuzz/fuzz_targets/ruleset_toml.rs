//! The `ruleset_toml` target: see `fuzz/drive/targets.rs`.
#![no_main]

include!("../drive/text_target.rs");

text_target!(ruleset_toml);
