// The engine driven by arbitrary moves, shared by the `engine_moves` fuzz
// target and the corpus replay in the test suite (both `include!` it, so
// that an input means the same moves in both).

/// One move as the fuzzer spells it: any tile, anywhere near the start, any
/// rotation, perhaps a follower (or, with the high bit, a big follower) on
/// any feature, for any player.
#[derive(arbitrary::Arbitrary, Debug)]
pub(crate) struct Move {
    tile: u8,
    x: i8,
    y: i8,
    rot: u8,
    follower: Option<u8>,
    player: u8,
}

/// Plays up to 400 moves with the checks the referee makes first (an empty
/// position, a follower the rules allow), asserting after every move that
/// followers are conserved, then scores the end of the game.
pub(crate) fn drive(moves: &[Move]) {
    use carca::engine::{Game, Phase};
    use carca::geometry::{Pos, Rotation};
    use carca::rules::{Figure, Ruleset};
    use carca::tileset::{Catalog, builtin};

    // The catalog is the same for every input: build it once.
    static CATALOG: std::sync::OnceLock<Catalog> = std::sync::OnceLock::new();
    let catalog = CATALOG.get_or_init(|| {
        let loader = carca::expansions::loader();
        let sets = ["base", "abbey", "river", "inns-cathedrals"]
            .iter()
            .map(|n| carca::tileset::Loaded {
                set: loader.builtin_set(n).expect("built-in").clone(),
                source: builtin::source_file(n).expect("built-in"),
            })
            .collect();
        Catalog::new(sets)
    });
    let mut rules = Ruleset::modern();
    rules.figures.insert("big".to_string(), 1);
    let players = 3;
    let mut game = Game::new(catalog, &rules, players);
    let start = catalog.default_start().expect("start");
    game.place(start, Pos::new(0, 0), Rotation::R0, None);
    for (n, m) in moves.iter().take(400).enumerate() {
        let tile = usize::from(m.tile) % catalog.tiles.len();
        let pos = Pos::new(i32::from(m.x) / 8, i32::from(m.y) / 8);
        let rot = Rotation::ALL[usize::from(m.rot) % 4];
        let player = usize::from(m.player) % players;
        if game.at(pos).is_some() {
            continue;
        }
        let idx = game.place(tile, pos, rot, Some(n + 1));
        if let Some(f) = m.follower {
            let figure = if f & 0x80 == 0 {
                Figure::FOLLOWER
            } else {
                Figure::BIG
            };
            let count = game.tile(tile).features.len();
            let f = usize::from(f & 0x7f) % count.max(1);
            if count > f && game.deploy_problem(idx, f, player, figure).is_none() {
                game.deploy(idx, f, player, figure);
            }
        }
        game.score_completed(
            idx,
            Phase::Turn {
                number: n + 1,
                player,
            },
        );
        let on_board = game.followers().iter().filter(|f| f.on_board).count();
        let in_supply: u32 = (0..players)
            .map(|p| game.supply(p, Figure::FOLLOWER) + game.supply(p, Figure::BIG))
            .sum();
        assert_eq!(
            u64::try_from(on_board).expect("small") + u64::from(in_supply),
            u64::from(rules.followers + 1) * players as u64,
            "followers and big followers are conserved"
        );
    }
    game.final_scoring();
    assert!(
        game.scores().iter().all(|s| *s >= 0),
        "scores are never negative"
    );
}
