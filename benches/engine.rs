//! Engine benchmarks: a whole base game parsed, checked and scored, and how
//! the cost grows with the number of tiles (see docs/performance.md).

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

/// One loader for every benchmark, as one run of carca has.
fn loader() -> &'static carca::loader::Loader {
    static LOADER: std::sync::OnceLock<carca::loader::Loader> = std::sync::OnceLock::new();
    LOADER.get_or_init(carca::loader::Loader::default)
}

/// A generated base game of `tiles` tiles, 4 players.
fn game(tiles: u64, followers: f64) -> carca::generator::Generated {
    let mut catalog = Catalog::new(vec![
        tileset::load(loader(), "base", Path::new("")).expect("base"),
    ]);
    let scale = scale_for(&catalog, tiles).expect("a supply scale a record may carry");
    for e in &mut catalog.tiles {
        e.tile.count *= scale;
    }
    let options = Options {
        tiles,
        players: 4,
        seed: 7,
        tilesets: vec!["base".into()],
        followers,
    };
    carca::generator::play(&catalog, &options, scale)
}

/// A generated game as a YAML record, followers on half the turns.
fn generated(tiles: u64) -> String {
    game(tiles, 0.5).yaml()
}

fn full_game(c: &mut Criterion) {
    let text = std::fs::read_to_string("fixtures/records/full-game-72.yaml").expect("fixture");
    let rules = Ruleset::modern();
    c.bench_function("72 tiles: parse, check and score", |b| {
        b.iter(|| {
            let src = SourceFile::new("full-game-72.yaml", text.as_str());
            let rec = record::parse(loader(), &src, Path::new("")).expect("legal record");
            black_box(adjudicate(&rec, &rules, "modern", true).totals)
        });
    });
    let src = SourceFile::new("full-game-72.yaml", text.as_str());
    let rec = record::parse(loader(), &src, Path::new("")).expect("legal record");
    c.bench_function("72 tiles: check and score (engine only)", |b| {
        b.iter(|| black_box(adjudicate(&rec, &rules, "modern", true).totals));
    });
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
            b.iter(|| black_box(adjudicate(&rec, &rules, "modern", true).totals));
        },
    );
    let base = generated(90);
    let src = SourceFile::new("base-90.yaml", base.as_str());
    let rec = record::parse(loader(), &src, Path::new("")).expect("legal record");
    c.bench_function("90 base tiles: check and score (engine only)", |b| {
        b.iter(|| black_box(adjudicate(&rec, &rules, "modern", true).totals));
    });
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
            b.iter(|| black_box(adjudicate(rec, &rules, "modern", true).totals));
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
                black_box(adjudicate(&rec, &rules, "modern", true).totals)
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
    let pos = carca::engine::position(&rec, &rules, None);
    let tile = rec.catalog.find("V").expect("tile V");
    c.bench_function("moves of V on a 10,000-tile board", |b| {
        b.iter(|| black_box(pos.moves(tile).len()));
    });
    // What checking one discard costs late in a huge game: the open
    // positions are indexed, so this does not grow with the board.
    let text = game(300_000, 0.3).json();
    let src = SourceFile::new("huge.json", text);
    let rec = record::parse_fast(loader(), &src, Path::new("")).expect("legal record");
    let pos = carca::engine::position(&rec, &rules, None);
    c.bench_function("moves of V on a 300,000-tile board", |b| {
        b.iter(|| black_box(pos.moves(tile).len()));
    });
}

fn batch_record(c: &mut Criterion) {
    let text = std::fs::read_to_string("fixtures/records/full-game-72.yaml").expect("fixture");
    let options = serde_saphyr::options! { strict_booleans: true };
    let value: serde_json::Value =
        serde_saphyr::from_str_with_options(&text, options).expect("YAML");
    let json = serde_json::to_string(&value).expect("JSON");
    let rules = Ruleset::modern();
    c.bench_function("72 tiles as JSON: parse, check and score", |b| {
        b.iter(|| {
            let src = SourceFile::new("full-game-72.json", json.as_str());
            let rec = record::parse_fast(loader(), &src, Path::new("")).expect("legal record");
            black_box(adjudicate(&rec, &rules, "modern", true).totals)
        });
    });
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
    scaling,
    batch_record,
    moves,
    tileset_validation,
    large
);
criterion_main!(benches);
