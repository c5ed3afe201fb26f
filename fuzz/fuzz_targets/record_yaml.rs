//! The `record_yaml` target: see `fuzz/drive/targets.rs`.
#![no_main]

include!("../drive/text_target.rs");

text_target!(record_yaml);
