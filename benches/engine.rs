//! Benchmarks: a whole base game read (from YAML and from JSON), checked
//! and scored; batches of games; how the cost grows with the number of
//! tiles (see docs/performance.md).

use std::fmt::Write;
use std::hint::black_box;
use std::path::Path;

use carca::engine::adjudicate;
use carca::generator::{Options, scale_for};
use carca::record;
use carca::rules::Ruleset;
use carca::source::SourceFile;
use carca::tileset::{self, Catalog};
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};

// The allocator the `carca` binary uses, so that the figures are the
// command's.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// One loader for every benchmark, as one run of carca has (knowing the
/// expansions' options).
fn loader() -> &'static carca::loader::Loader {
    static LOADER: std::sync::OnceLock<carca::loader::Loader> = std::sync::OnceLock::new();
    LOADER.get_or_init(carca::expansions::loader)
}

/// A generated base game of `tiles` tiles, 4 players.
fn game(tiles: u64, followers: f64) -> carca::generator::Generated {
    game_with(&["base"], tiles, followers)
}

/// A generated game of `tiles` tiles from `sets`, 4 players.
fn game_with(sets: &[&str], tiles: u64, followers: f64) -> carca::generator::Generated {
    let mut catalog = Catalog::new(
        sets.iter()
            .map(|s| tileset::load(loader(), s, Path::new("")).expect("built-in set"))
            .collect(),
    );
    let scale = scale_for(&catalog, tiles).expect("a supply scale a record may carry");
    for e in &mut catalog.tiles {
        e.tile.count *= scale;
    }
    let options = Options {
        tiles,
        players: 4,
        seed: 7,
        tilesets: sets.iter().map(ToString::to_string).collect(),
        followers,
    };
    carca::generator::play(&catalog, &options, scale)
}

/// A generated game as a YAML record, followers on half the turns.
fn generated(tiles: u64) -> String {
    game(tiles, 0.5).yaml()
}

/// The 72-tile fixture as YAML and as JSON: the same game.
fn full_game_texts() -> (String, String) {
    let yaml = std::fs::read_to_string("fixtures/records/full-game-72.yaml").expect("fixture");
    let options = serde_saphyr::options! { strict_booleans: true };
    let value: serde_json::Value =
        serde_saphyr::from_str_with_options(&yaml, options).expect("YAML");
    let json = serde_json::to_string(&value).expect("JSON");
    (yaml, json)
}

/// The 72-tile game read, checked and scored as `carca score` does it,
/// from YAML and from JSON (in one run, so that the two compare), read
/// with spans as a record with findings is, and the engine alone.
fn full_game(c: &mut Criterion) {
    let (yaml, json) = full_game_texts();
    let rules = Ruleset::modern();
    let mut group = c.benchmark_group("72 tiles");
    for (name, text) in [("YAML", &yaml), ("JSON", &json)] {
        group.bench_function(format!("{name}: read, check and score"), |b| {
            b.iter(|| {
                let src = SourceFile::new("full-game-72", text.as_str());
                let rec = record::parse_fast(loader(), &src, Path::new("")).expect("read quickly");
                black_box(adjudicate(&rec, &rules, "modern", true, &carca::expansions::ALL).totals)
            });
        });
    }
    group.bench_function("YAML read with spans: read, check and score", |b| {
        b.iter(|| {
            let src = SourceFile::new("full-game-72.yaml", yaml.as_str());
            let rec = record::parse(loader(), &src, Path::new("")).expect("legal record");
            black_box(adjudicate(&rec, &rules, "modern", true, &carca::expansions::ALL).totals)
        });
    });
    let src = SourceFile::new("full-game-72.yaml", yaml.as_str());
    let rec = record::parse(loader(), &src, Path::new("")).expect("legal record");
    group.bench_function("engine only: check and score", |b| {
        b.iter(|| {
            black_box(adjudicate(&rec, &rules, "modern", true, &carca::expansions::ALL).totals)
        });
    });
    group.finish();
}

/// The 90 tiles of the base game and Inns & Cathedrals (inns, cathedrals,
/// big followers), engine only, beside a base game of 90 tiles.
fn inns_cathedrals(c: &mut Criterion) {
    let rules = Ruleset::modern();
    let text = std::fs::read_to_string("fixtures/records/ic-full-game-90.yaml").expect("fixture");
    let src = SourceFile::new("ic-full-game-90.yaml", text.as_str());
    let rec = record::parse(loader(), &src, Path::new("")).expect("legal record");
    c.bench_function(
        "90 tiles with Inns & Cathedrals: check and score (engine only)",
        |b| {
            b.iter(|| {
                black_box(adjudicate(&rec, &rules, "modern", true, &carca::expansions::ALL).totals)
            });
        },
    );
    // Both expansions: the 114 tiles of the base game, Inns & Cathedrals
    // and Traders & Builders, with big followers, builders (and their
    // second turns), pigs and goods.
    let both = game_with(&["base", "inns-cathedrals", "traders-builders"], 114, 0.5).yaml();
    let src = SourceFile::new("both-114.yaml", both.as_str());
    let rec = record::parse(loader(), &src, Path::new("")).expect("legal record");
    c.bench_function(
        "114 tiles with Inns & Cathedrals and Traders & Builders: check and score (engine only)",
        |b| {
            b.iter(|| {
                black_box(adjudicate(&rec, &rules, "modern", true, &carca::expansions::ALL).totals)
            });
        },
    );
    // Abbey & Mayor: the 84 land tiles of the base game and the expansion,
    // with mayors, wagons (and their moves) and barns, beside a base game
    // of 84 tiles.
    let am = game_with(&["base", "abbey-mayor"], 84, 0.8).yaml();
    let src = SourceFile::new("abbey-mayor-84.yaml", am.as_str());
    let rec = record::parse(loader(), &src, Path::new("")).expect("legal record");
    c.bench_function(
        "84 tiles with Abbey & Mayor: check and score (engine only)",
        |b| {
            b.iter(|| {
                black_box(adjudicate(&rec, &rules, "modern", true, &carca::expansions::ALL).totals)
            });
        },
    );
    // The Tower: the 90 land tiles of the base game and the expansion,
    // with pieces, captures, followers on towers and ransoms, beside a base
    // game of 90 tiles (below).
    let tower = game_with(&["base", "tower"], 90, 0.8).yaml();
    let src = SourceFile::new("tower-90.yaml", tower.as_str());
    let rec = record::parse(loader(), &src, Path::new("")).expect("legal record");
    c.bench_function(
        "90 tiles with The Tower: check and score (engine only)",
        |b| {
            b.iter(|| {
                black_box(adjudicate(&rec, &rules, "modern", true, &carca::expansions::ALL).totals)
            });
        },
    );
    // Hills & Sheep: the 90 land tiles of the base game and the expansion,
    // with shepherds, draws, flocks scored and tiles hidden under hills,
    // beside a base game of 90 tiles (below).
    let hs = game_with(&["base", "hills-sheep"], 90, 0.8).yaml();
    let src = SourceFile::new("hills-sheep-90.yaml", hs.as_str());
    let rec = record::parse(loader(), &src, Path::new("")).expect("legal record");
    c.bench_function(
        "90 tiles with Hills & Sheep: check and score (engine only)",
        |b| {
            b.iter(|| {
                black_box(adjudicate(&rec, &rules, "modern", true, &carca::expansions::ALL).totals)
            });
        },
    );
    // The Count of Carcassonne: 84 tiles (the City's 12 and 72 of the base
    // game), with followers going into the City and out of it.
    let coc = game_with(&["base", "count"], 84, 0.8).yaml();
    let src = SourceFile::new("count-84.yaml", coc.as_str());
    let rec = record::parse(loader(), &src, Path::new("")).expect("legal record");
    c.bench_function(
        "84 tiles with The Count of Carcassonne: check and score (engine only)",
        |b| {
            b.iter(|| {
                black_box(adjudicate(&rec, &rules, "modern", true, &carca::expansions::ALL).totals)
            });
        },
    );
    // Bridges, Castles & Bazaars: 84 tiles (72 of the base game and the
    // expansion's 12), with bridges laid and castles made and scored.
    let bb = game_with(&["base", "bridges-castles-bazaars"], 84, 0.8).yaml();
    let src = SourceFile::new("bridges-castles-bazaars-84.yaml", bb.as_str());
    let rec = record::parse(loader(), &src, Path::new("")).expect("legal record");
    c.bench_function(
        "84 tiles with Bridges, Castles & Bazaars: check and score (engine only)",
        |b| {
            b.iter(|| {
                black_box(adjudicate(&rec, &rules, "modern", true, &carca::expansions::ALL).totals)
            });
        },
    );
    // The Princess & the Dragon: the 102 land tiles of the base game and
    // the expansion, with volcanoes, flights, the fairy, the princess and
    // portals, beside a base game of 102 tiles.
    let pd = game_with(&["base", "princess-dragon"], 102, 0.8).yaml();
    let src = SourceFile::new("princess-dragon-102.yaml", pd.as_str());
    let rec = record::parse(loader(), &src, Path::new("")).expect("legal record");
    c.bench_function(
        "102 tiles with The Princess & the Dragon: check and score (engine only)",
        |b| {
            b.iter(|| {
                black_box(adjudicate(&rec, &rules, "modern", true, &carca::expansions::ALL).totals)
            });
        },
    );
    let base102 = game_with(&["base"], 102, 0.8).yaml();
    let src = SourceFile::new("base-102.yaml", base102.as_str());
    let rec = record::parse(loader(), &src, Path::new("")).expect("legal record");
    c.bench_function("102 base tiles: check and score (engine only)", |b| {
        b.iter(|| {
            black_box(adjudicate(&rec, &rules, "modern", true, &carca::expansions::ALL).totals)
        });
    });
    let base84 = game_with(&["base"], 84, 0.8).yaml();
    let src = SourceFile::new("base-84.yaml", base84.as_str());
    let rec = record::parse(loader(), &src, Path::new("")).expect("legal record");
    c.bench_function("84 base tiles: check and score (engine only)", |b| {
        b.iter(|| {
            black_box(adjudicate(&rec, &rules, "modern", true, &carca::expansions::ALL).totals)
        });
    });
    let base = generated(90);
    let src = SourceFile::new("base-90.yaml", base.as_str());
    let rec = record::parse(loader(), &src, Path::new("")).expect("legal record");
    c.bench_function("90 base tiles: check and score (engine only)", |b| {
        b.iter(|| {
            black_box(adjudicate(&rec, &rules, "modern", true, &carca::expansions::ALL).totals)
        });
    });
}

/// Every built-in set at once against the base game, per placed tile:
/// 150 tiles, 4 players, followers on most turns (the mix of RULES.md's
/// expansions that costs the engine most). The River is left out: it
/// cannot be played with the City of Carcassonne.
fn every_set(c: &mut Criterion) {
    let rules = Ruleset::modern();
    let mut group = c.benchmark_group("150 tiles, engine only");
    for (name, sets) in [
        ("base", vec!["base"]),
        (
            "every built-in set",
            carca::tileset::builtin::NAMES
                .into_iter()
                .filter(|&s| s != "river")
                .collect(),
        ),
    ] {
        let text = game_with(&sets, 150, 0.8).yaml();
        let src = SourceFile::new("mix.yaml", text.as_str());
        let rec = record::parse(loader(), &src, Path::new("")).expect("legal record");
        let placed = match &rec.body {
            record::Body::History(turns) => turns
                .iter()
                .filter(|t| matches!(t.action, record::Action::Place { .. }))
                .count() as u64,
            record::Body::Snapshot { board, .. } => board.len() as u64,
        };
        group.throughput(Throughput::Elements(placed));
        group.bench_function(format!("{name}: check and score"), |b| {
            b.iter(|| {
                black_box(adjudicate(&rec, &rules, "modern", true, &carca::expansions::ALL).totals)
            });
        });
    }
    group.finish();
}

fn scaling(c: &mut Criterion) {
    let rules = Ruleset::modern();
    let mut group = c.benchmark_group("engine scaling");
    group.sample_size(10);
    for tiles in [72u64, 1_000, 10_000] {
        let text = generated(tiles);
        let src = SourceFile::new("generated.yaml", text);
        let rec = record::parse(loader(), &src, Path::new("")).expect("legal record");
        group.throughput(Throughput::Elements(tiles));
        group.bench_with_input(BenchmarkId::from_parameter(tiles), &rec, |b, rec| {
            b.iter(|| {
                black_box(adjudicate(rec, &rules, "modern", true, &carca::expansions::ALL).totals)
            });
        });
    }
    group.finish();
}

/// `carca gen` with The Tower, by the number of tiles: each tower's reach
/// is looked up on the board, so the time per tile stays flat.
fn generator_with_towers(c: &mut Criterion) {
    let mut group = c.benchmark_group("generate a game with The Tower");
    group.sample_size(10);
    for tiles in [1_000u64, 10_000, 40_000] {
        group.throughput(Throughput::Elements(tiles));
        group.bench_with_input(BenchmarkId::from_parameter(tiles), &tiles, |b, &tiles| {
            b.iter(|| black_box(game_with(&["base", "tower"], tiles, 0.5).yaml().len()));
        });
    }
    group.finish();
}

/// A generated game as a JSON record (the form large games are kept in),
/// followers on a tenth of the turns.
fn generated_json(tiles: u64) -> String {
    game(tiles, 0.1).json()
}

fn large(c: &mut Criterion) {
    let rules = Ruleset::modern();
    let mut group = c.benchmark_group("large games: parse, check and score");
    group.sample_size(10);
    for tiles in [100_000u64, 1_000_000] {
        let text = generated_json(tiles);
        group.throughput(Throughput::Elements(tiles));
        group.bench_with_input(BenchmarkId::from_parameter(tiles), &text, |b, text| {
            b.iter(|| {
                let src = SourceFile::new("generated.json", text.as_str());
                let rec = record::parse_fast(loader(), &src, Path::new("")).expect("legal record");
                black_box(adjudicate(&rec, &rules, "modern", true, &carca::expansions::ALL).totals)
            });
        });
    }
    group.finish();
}

fn moves(c: &mut Criterion) {
    let rules = Ruleset::modern();
    let text = generated(10_000);
    let src = SourceFile::new("generated.yaml", text);
    let rec = record::parse(loader(), &src, Path::new("")).expect("legal record");
    let pos = carca::engine::position(&rec, &rules, None, &carca::expansions::ALL);
    let tile = rec.catalog.find("V").expect("tile V");
    c.bench_function("moves of V on a 10,000-tile board", |b| {
        b.iter(|| black_box(pos.moves(tile).len()));
    });
    // What checking one discard costs late in a huge game: the open
    // positions are indexed, so this does not grow with the board.
    let text = game(300_000, 0.3).json();
    let src = SourceFile::new("huge.json", text);
    let rec = record::parse_fast(loader(), &src, Path::new("")).expect("legal record");
    let pos = carca::engine::position(&rec, &rules, None, &carca::expansions::ALL);
    c.bench_function("moves of V on a 300,000-tile board", |b| {
        b.iter(|| black_box(pos.moves(tile).len()));
    });
}

/// `carca score --quiet` over 300 generated 72-tile games, kept as YAML
/// files, as JSON files and as one `.jsonl` file.
fn batch(c: &mut Criterion) {
    use carca::cli::{Args, Io, run_streaming};
    use clap::Parser;
    let dir = tempfile::tempdir().expect("a scratch folder");
    let (yaml, json) = (dir.path().join("yaml"), dir.path().join("json"));
    std::fs::create_dir_all(&yaml).expect("a folder");
    std::fs::create_dir_all(&json).expect("a folder");
    let mut lines = String::new();
    for seed in 0..300u64 {
        let options = Options {
            tiles: 72,
            players: 3,
            seed,
            tilesets: vec!["base".into()],
            followers: 0.5,
        };
        let catalog = Catalog::new(vec![
            tileset::load(loader(), "base", Path::new("")).expect("base"),
        ]);
        let g = carca::generator::play(&catalog, &options, 1);
        std::fs::write(yaml.join(format!("{seed}.yaml")), g.yaml()).expect("written");
        let one = g.json();
        std::fs::write(json.join(format!("{seed}.json")), &one).expect("written");
        lines.push_str(one.trim_end());
        lines.push('\n');
    }
    let jsonl = dir.path().join("games.jsonl");
    std::fs::write(&jsonl, lines).expect("written");
    let mut group = c.benchmark_group("300 games");
    group.sample_size(10);
    for (name, path) in [
        ("YAML files", &yaml),
        ("JSON files", &json),
        (".jsonl", &jsonl),
    ] {
        let path = path.to_string_lossy().into_owned();
        group.bench_function(name, |b| {
            b.iter(|| {
                let args = Args::parse_from(["carca", "score", path.as_str(), "--quiet"]);
                let (mut out, mut err) = (Vec::new(), Vec::new());
                let mut io = Io {
                    stdout: &mut out,
                    stderr: &mut err,
                    progress: false,
                    quiet: true,
                };
                let code = run_streaming(args, carca::report::diagnostics::Style::Plain, &mut io);
                assert_eq!(code, 0, "{}", String::from_utf8_lossy(&err));
                black_box(err.len())
            });
        });
    }
    group.finish();
}

fn tileset_validation(c: &mut Criterion) {
    // 1,000 tile types: every edge code of the four plain edge kinds with a
    // cloister or none, and more with their roads spelled out.
    let kinds = ['C', 'R', 'F'];
    let mut text =
        String::from("name: large\ntiles:\n  - { id: start, edges: CRFR, start: true }\n");
    let mut n = 0;
    'outer: for cloister in [false, true] {
        for a in kinds {
            for b in kinds {
                for c2 in kinds {
                    for d in kinds {
                        for copy in 0..10 {
                            let code: String = [a, b, c2, d].iter().collect();
                            let roads = code.chars().filter(|&x| x == 'R').count();
                            if roads == 1 && !cloister {
                                continue;
                            }
                            let cl = if cloister { ", cloister: true" } else { "" };
                            let _ = writeln!(text, "  - {{ id: t{n}-{copy}, edges: {code}{cl} }}");
                            n += 1;
                            if n == 999 {
                                break 'outer;
                            }
                        }
                    }
                }
            }
        }
    }
    c.bench_function("validate a tile set of 1,000 tile types", |b| {
        b.iter(|| {
            let src = SourceFile::new("large.yaml", text.as_str());
            black_box(carca::tileset::parse(loader(), &src).map_or(0, |s| s.tiles.len()))
        });
    });
}

criterion_group!(
    benches,
    full_game,
    inns_cathedrals,
    every_set,
    scaling,
    batch,
    moves,
    tileset_validation,
    generator_with_towers,
    large
);
criterion_main!(benches);
