//! JSON Schemas of carca's files, generated from the same types that read
//! them, for editors (docs/editors.md), and of the JSON that `score`,
//! `moves`, `compare`, `test` and `tiles check` print, generated from the
//! types that write it.

/// The kinds of file with a schema.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Kind {
    /// Tile-set YAML files.
    Tileset,
    /// Game-record YAML files.
    Record,
    /// Ruleset TOML files.
    Ruleset,
    /// What `carca score --format json` prints for one record.
    Score,
    /// What `carca moves --format json` prints.
    Moves,
    /// What `carca compare --format json` prints.
    Compare,
    /// What `carca test --format json` prints.
    Test,
    /// What `carca tiles check --format json` prints.
    TilesCheck,
    /// What `POST /api/position` of `carca serve` answers.
    Board,
    /// What `POST /api/record` of `carca serve` answers.
    ServeRecord,
    /// What `GET /api/rulesets` of `carca serve` answers.
    ServeRulesets,
    /// What `GET /api/tilesets` of `carca serve` answers.
    ServeTilesets,
    /// What `GET /api/initial` of `carca serve` answers.
    ServeInitial,
    /// What `carca verdict` prints: an engine's verdict under the rules
    /// test suite's protocol (docs/conformance.md).
    Verdict,
}

/// The JSON Schema of a kind of file.
#[must_use]
pub fn of(kind: Kind) -> serde_json::Value {
    let mut schema = match kind {
        Kind::Tileset => crate::tileset::schema(),
        Kind::Record => crate::record::schema(
            &crate::expansions::OPTIONS,
            &crate::expansions::RATES,
            crate::expansions::RECORD_KEYS,
        ),
        Kind::Ruleset => {
            crate::rules::schema_with(&crate::expansions::OPTIONS, &crate::expansions::RATES)
        }
        Kind::Score => crate::report::output::schema(),
        Kind::Moves => crate::report::json::moves_schema(),
        Kind::Compare => crate::report::json::compare_schema(),
        Kind::Test => crate::report::json::test_schema(),
        Kind::TilesCheck => crate::report::json::tiles_check_schema(),
        Kind::Board => crate::report::json::board_schema(),
        Kind::ServeRecord => crate::report::json::serve_record_schema(),
        Kind::ServeRulesets => crate::report::json::serve_rulesets_schema(),
        Kind::ServeTilesets => crate::report::json::serve_tilesets_schema(),
        Kind::ServeInitial => crate::report::json::serve_initial_schema(),
        Kind::Verdict => crate::report::verdict::schema(),
    };
    if let Some(obj) = schema.as_object_mut() {
        let name = match kind {
            Kind::Tileset => "tileset",
            Kind::Record => "record",
            Kind::Ruleset => "ruleset",
            Kind::Score => "score",
            Kind::Moves => "moves",
            Kind::Compare => "compare",
            Kind::Test => "test",
            Kind::TilesCheck => "tiles-check",
            Kind::Board => "board",
            Kind::ServeRecord => "serve-record",
            Kind::ServeRulesets => "serve-rulesets",
            Kind::ServeTilesets => "serve-tilesets",
            Kind::ServeInitial => "serve-initial",
            Kind::Verdict => "verdict",
        };
        obj.insert(
            "$id".into(),
            serde_json::Value::String(format!("carca:{name}")),
        );
    }
    schema
}
