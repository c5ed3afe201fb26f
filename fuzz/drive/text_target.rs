// The body of every text fuzz target: the input, when it is UTF-8, goes to
// the driver of the target's name in `targets.rs`.

#[allow(dead_code)]
mod targets {
    include!("targets.rs");
}

macro_rules! text_target {
    ($name:ident) => {
        libfuzzer_sys::fuzz_target!(|data: &[u8]| {
            if let Ok(text) = std::str::from_utf8(data) {
                targets::$name(text);
            }
        });
    };
}
