//! JSON Schemas of carca's files, generated from the same types that read
//! them, for editors (docs/editors.md), and of `carca score`'s JSON output,
//! generated from the types that write it.

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
}

/// The JSON Schema of a kind of file.
#[must_use]
pub fn of(kind: Kind) -> serde_json::Value {
    let mut schema = match kind {
        Kind::Tileset => crate::tileset::schema(),
        Kind::Record => crate::record::schema(),
        Kind::Ruleset => crate::rules::schema(),
        Kind::Score => crate::report::output::schema(),
    };
    if let Some(obj) = schema.as_object_mut() {
        let name = match kind {
            Kind::Tileset => "tileset",
            Kind::Record => "record",
            Kind::Ruleset => "ruleset",
            Kind::Score => "score",
        };
        obj.insert(
            "$id".into(),
            serde_json::Value::String(format!("carca:{name}")),
        );
    }
    schema
}
