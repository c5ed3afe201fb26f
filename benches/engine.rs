//! Engine benchmarks: a whole base game parsed, checked and scored, and how
//! the cost grows with the number of tiles (see docs/performance.md).

use std::hint::black_box;
use std::path::Path;

use carca::engine::adjudicate;
use carca::generator::{Options, generate, scale_for};
use carca::record;
use carca::rules::Ruleset;
use carca::source::SourceFile;
use carca::tileset::{self, Catalog};
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};

fn generated(tiles: u64) -> String {
    let mut catalog = Catalog::new(vec![tileset::load("base", Path::new("")).expect("base")]);
    let scale = scale_for(&catalog, tiles);
    for e in &mut catalog.tiles {
        e.tile.count *= scale;
    }
    let options = Options {
        tiles,
        players: 4,
        seed: 7,
        tilesets: vec!["base".into()],
        followers: 0.5,
    };
    generate(&catalog, &options, scale)
}

fn full_game(c: &mut Criterion) {
    let text = std::fs::read_to_string("fixtures/records/full-game-72.yaml").expect("fixture");
    let rules = Ruleset::modern();
    c.bench_function("72 tiles: parse, check and score", |b| {
        b.iter(|| {
            let src = SourceFile::new("full-game-72.yaml", text.as_str());
            let rec = record::parse(&src, Path::new("")).expect("legal record");
            black_box(adjudicate(&rec, &rules, "modern", true).totals)
        });
    });
    let src = SourceFile::new("full-game-72.yaml", text.as_str());
    let rec = record::parse(&src, Path::new("")).expect("legal record");
    c.bench_function("72 tiles: check and score (engine only)", |b| {
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
        let rec = record::parse(&src, Path::new("")).expect("legal record");
        group.throughput(Throughput::Elements(tiles));
        group.bench_with_input(BenchmarkId::from_parameter(tiles), &rec, |b, rec| {
            b.iter(|| black_box(adjudicate(rec, &rules, "modern", true).totals));
        });
    }
    group.finish();
}

criterion_group!(benches, full_game, scaling);
criterion_main!(benches);
