//! Malformed input never panics: every mutation of a shipped file either
//! parses or yields diagnostics with codes.

use carca::source::SourceFile;
use carca::tileset::build::parse;

/// A small deterministic generator (xorshift), so failures reproduce.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

const PIECES: &[&str] = &[
    "",
    " ",
    "\n",
    "-",
    ":",
    "[",
    "]",
    "{",
    "}",
    "&a",
    "*a",
    "!!str",
    "#",
    "'",
    "\"",
    "0",
    "-1",
    "99999999999",
    "true",
    "C",
    "R",
    "F",
    "I",
    "A",
    "X",
    "N",
    "NNE",
    "edges",
    "cities",
    "fields",
    "halves",
    "touches",
    "ends",
    "village",
    "#x",
    "~",
    "null",
    "\t",
    "é",
];

#[test]
fn mutated_tile_sets_never_panic() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let originals = [
        carca::tileset::builtin::source("base").unwrap_or_default(),
        carca::tileset::builtin::source("river").unwrap_or_default(),
    ];
    let (mut ok, mut failed) = (0, 0);
    for round in 0..3000 {
        let original = originals[round % 2];
        let mut text: Vec<char> = original.chars().collect();
        for _ in 0..=rng.below(4) {
            let at = rng.below(text.len() + 1);
            let len = rng.below(6).min(text.len() - at.min(text.len()));
            let piece: Vec<char> = PIECES[rng.below(PIECES.len())].chars().collect();
            text.splice(at..at + len, piece);
        }
        let text: String = text.into_iter().collect();
        match parse(&SourceFile::new("mutant.yaml", text)) {
            Ok(_) => ok += 1,
            Err(findings) => {
                assert!(!findings.is_empty(), "an error comes with findings");
                for f in &findings {
                    assert!(f.code_string().starts_with("carca::"), "{f:?}");
                }
                failed += 1;
            }
        }
    }
    assert!(
        failed > 0 && ok > 0,
        "mutations should both break and keep files: {ok} ok, {failed} failed"
    );
}
