//! The engine driven by arbitrary moves: any tile anywhere, any follower on
//! any feature, with the same checks the referee makes first. Followers are
//! conserved after every move, and final scoring never panics.
#![no_main]

use libfuzzer_sys::fuzz_target;

include!("../drive/engine_moves.rs");

fuzz_target!(|moves: Vec<Move>| drive(&moves));
