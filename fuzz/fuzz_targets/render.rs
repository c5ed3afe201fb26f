//! The `render` target: see `fuzz/drive/targets.rs`.
#![no_main]

include!("../drive/text_target.rs");

text_target!(render);
