//! The engine driven by arbitrary moves: any tile anywhere, any follower on
//! any feature, with the same checks the referee makes first. Followers are
//! conserved after every move, and final scoring never panics.
#![no_main]

use arbitrary::Arbitrary;
use carca::engine::{Game, Phase};
use carca::geometry::{Pos, Rotation};
use carca::rules::Ruleset;
use carca::tileset::{Catalog, builtin};
use libfuzzer_sys::fuzz_target;

#[derive(Arbitrary, Debug)]
struct Move {
    tile: u8,
    x: i8,
    y: i8,
    rot: u8,
    follower: Option<u8>,
    player: u8,
}

fuzz_target!(|moves: Vec<Move>| {
    let sets = ["base", "abbey", "river"]
        .iter()
        .map(|n| carca::tileset::Loaded {
            set: builtin::get(n).expect("built-in").clone(),
            source: builtin::source_file(n).expect("built-in"),
        })
        .collect();
    let catalog = Catalog::new(sets);
    let rules = Ruleset::modern();
    let players = 3;
    let mut game = Game::new(&catalog, &rules, players);
    let start = catalog.default_start().expect("start");
    game.place(start, Pos::new(0, 0), Rotation::R0, None);
    for (n, m) in moves.iter().take(400).enumerate() {
        let tile = usize::from(m.tile) % catalog.tiles.len();
        let pos = Pos::new(i32::from(m.x) / 8, i32::from(m.y) / 8);
        let rot = Rotation::ALL[usize::from(m.rot) % 4];
        let player = usize::from(m.player) % players;
        // Like the referee: a tile goes only on an empty position.
        if game.at(pos).is_some() {
            continue;
        }
        let idx = game.place(tile, pos, rot, Some(n + 1));
        if let Some(f) = m.follower {
            let f = usize::from(f) % game.tile(tile).features.len().max(1);
            if game.tile(tile).features.len() > f && game.deploy_problem(idx, f, player).is_none() {
                game.deploy(idx, f, player);
            }
        }
        game.score_completed(idx, Phase::Turn { number: n + 1, player });
        let on_board = game.followers().iter().filter(|f| f.on_board).count() as u32;
        let in_supply: u32 = game.supply().iter().sum();
        assert_eq!(on_board + in_supply, rules.followers * players as u32, "followers are conserved");
    }
    game.final_scoring();
    assert!(game.scores().iter().all(|s| *s >= 0));
});
