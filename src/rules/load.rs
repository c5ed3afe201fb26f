//! Reading rulesets: a TOML file or a record's inline `ruleset:` map becomes
//! a [`Draft`] (keys and values as written, with their spans, whatever the
//! format), which [`resolve`] checks against the tables of [`super::table`].

use std::collections::BTreeMap;
use std::path::Path;

use miette::SourceSpan;
use serde_json::json;

use super::table::{GROUPS, Group, Options, Rates, Setting, Toggle, Values, every_toggle};
use super::{BUILTIN, RulesError, Ruleset, builtin_source};
use crate::diagnostic::{Class, Finding};
use crate::files::Files;
use crate::source::SourceFile;

/// A value as written, before it is checked.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    /// `true` or `false`.
    Bool(bool),
    /// An integer.
    Int(i64),
    /// A string.
    Str(String),
    /// A table of further keys.
    Table(Vec<Entry>),
    /// Anything else, named as in messages: "a float", "a list".
    Other(&'static str),
}

impl Value {
    fn kind(&self) -> &'static str {
        match self {
            Value::Bool(_) => "a boolean",
            Value::Int(_) => "an integer",
            Value::Str(_) => "a string",
            Value::Table(_) => "a table",
            Value::Other(what) => what,
        }
    }
}

/// A key and its value as written, with their spans.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    /// The key.
    pub key: String,
    /// Where the key is.
    pub key_span: SourceSpan,
    /// The value.
    pub value: Value,
    /// Where the value is.
    pub span: SourceSpan,
}

/// A ruleset as written, from a TOML file or a record's inline `ruleset:`
/// map; [`resolve`] validates it.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Draft {
    /// The keys in the order written.
    pub entries: Vec<Entry>,
}

impl Draft {
    fn get(&self, key: &str) -> Option<&Entry> {
        self.entries.iter().find(|e| e.key == key)
    }
}

/// Longest chain of `extends`.
const MAX_EXTENDS: usize = 16;

/// Every top-level key of a ruleset (with the expansions' `options`),
/// sorted.
fn top_keys(options: Options) -> Vec<&'static str> {
    let mut keys: Vec<&'static str> = ["name", "extends"]
        .into_iter()
        .chain(every_toggle(options).map(|t| t.key))
        .chain(GROUPS.iter().map(|g| g.key()))
        .collect();
    keys.sort_unstable();
    keys
}

fn unknown_key(key: &str, span: SourceSpan, known: &[&str]) -> RulesError {
    RulesError::UnknownKey {
        help: format!(
            "{}here the keys are {}",
            crate::suggest::did_you_mean(key, known.iter().copied()),
            known.join(", ")
        ),
        key: key.to_string(),
        span,
    }
}

/// The JSON Schema of ruleset files of the base game, made from the
/// tables.
#[must_use]
pub fn schema() -> serde_json::Value {
    schema_with(&[], &[])
}

/// The JSON Schema of ruleset files, with the expansions' `options` and
/// `[points]` rows (`rates`).
#[must_use]
pub fn schema_with(options: Options, rates: Rates) -> serde_json::Value {
    let value_schema = |values: Values| match values {
        Values::Bool => json!({ "type": "boolean" }),
        Values::Words(words) => json!({ "type": "string", "enum": words }),
        Values::Count { max } => json!({ "type": "integer", "minimum": 0, "maximum": max }),
    };
    let mut properties = serde_json::Map::new();
    properties.insert(
        "name".into(),
        json!({ "type": "string", "description": "Shown in every report (default: the file name)." }),
    );
    properties.insert(
        "extends".into(),
        json!({
            "type": "string",
            "description": format!(
                "The ruleset this one starts from: a built-in name ({}) or a path relative to this file.",
                BUILTIN.map(|b| format!("`{b}`")).join(", ")
            ),
        }),
    );
    for t in every_toggle(options) {
        let mut s = value_schema(t.values);
        s["description"] = t.doc.into();
        properties.insert(t.key.into(), s);
    }
    for g in GROUPS {
        let mut keys = serde_json::Map::new();
        for (i, k) in g.keys(rates).into_iter().enumerate() {
            let mut s = value_schema(Values::Count { max: g.max() });
            s["description"] = g.key_doc(rates, i).into();
            keys.insert(k.into(), s);
        }
        // The tile sets in play declare more keys: the rates of their
        // modifiers, their figures. carca itself reports a key no set in
        // play declares, with the nearest known one.
        let mut declared = value_schema(Values::Count { max: g.max() });
        declared["description"] = match g {
            Group::Points => "The rate of a modifier a tile set in play declares.",
            Group::Figures => "The count of a figure a tile set in play declares.",
        }
        .into();
        properties.insert(
            g.key().into(),
            json!({
                "type": "object",
                "description": g.doc(),
                "properties": keys,
                "additionalProperties": declared,
            }),
        );
    }
    json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "carca ruleset",
        "description": "A carca ruleset: toggles and numbers for the rule variants of Carcassonne's editions (docs/rulesets.md). Every key is optional; missing keys come from the ruleset named by `extends`, or from `modern`.",
        "type": "object",
        "properties": properties,
        "additionalProperties": false,
    })
}

/// What `spec` names, as [`load`] reads it: a built-in name as it is, a
/// file as `file:` and its canonical path (or the path as joined, if it
/// does not exist).
#[must_use]
pub fn identity(spec: &str, base: &Path) -> String {
    if builtin_source(spec).is_some() {
        return spec.to_string();
    }
    let path = base.join(spec);
    let path = path.canonicalize().unwrap_or(path);
    format!("file:{}", path.display())
}

/// Loads a ruleset by built-in name or by path (relative to `base`).
pub fn load(loader: &dyn Files, spec: &str, base: &Path) -> Result<Ruleset, Vec<Finding>> {
    load_with(loader, spec, base, &Declared::default())
}

/// The keys the tile sets in play add to a ruleset's tables: the rates
/// of the modifiers they declare (`[points]`) and the figures they declare
/// (`[figures]`); and the rule options the expansions declare.
#[derive(Debug, Clone, Default)]
pub struct Declared {
    /// `[points]` keys.
    pub points: Vec<String>,
    /// `[figures]` keys.
    pub figures: Vec<String>,
    /// The expansions' rule options (toggles).
    pub options: Options,
    /// The expansions' `[points]` rows.
    pub rates: Rates,
}

/// As [`load`], where `[points]` may also set the keys in `extra` (the
/// rates of the modifiers the tile sets in play declare).
pub fn load_with(
    loader: &dyn Files,
    spec: &str,
    base: &Path,
    extra: &Declared,
) -> Result<Ruleset, Vec<Finding>> {
    if let Some(text) = builtin_source(spec) {
        return load_source(
            loader,
            &SourceFile::new(format!("builtin:{spec}"), text),
            None,
            0,
            extra,
        );
    }
    let src = loader
        .read_named(spec, base, "ruleset", &BUILTIN)
        .map_err(|f| vec![*f])?;
    let path = base.join(spec);
    load_source(loader, &src, path.parent(), 0, extra)
}

/// Parses a ruleset file's text (`extends` resolved relative to `dir`).
pub fn parse(
    loader: &dyn Files,
    src: &SourceFile,
    dir: Option<&Path>,
) -> Result<Ruleset, Vec<Finding>> {
    load_source(loader, src, dir, 0, &Declared::default())
}

/// Whether a text is a ruleset at all: empty but for comments, or with a
/// line that sets one of a ruleset's keys or opens one of its tables.
fn looks_like_ruleset(text: &str, options: Options) -> bool {
    let keys = top_keys(options);
    let lines = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'));
    let mut any = false;
    for l in lines {
        any = true;
        if l.starts_with('[') {
            return true;
        }
        let key = l
            .split(['=', '.'])
            .next()
            .unwrap_or_default()
            .trim()
            .trim_matches('"');
        if l.contains('=') && keys.contains(&key) {
            return true;
        }
    }
    !any
}

fn span_of(r: std::ops::Range<usize>) -> SourceSpan {
    SourceSpan::from((r.start, r.end - r.start))
}

/// A TOML table as a list of entries: the values come from the parsed
/// `values`, the spans from the same table read with them.
fn toml_entries(spans: &toml::de::DeTable<'_>, values: &toml::Table) -> Vec<Entry> {
    let mut entries: Vec<Entry> = spans
        .iter()
        .filter_map(|(k, v)| {
            let key = k.get_ref().to_string();
            let parsed = values.get(&key)?;
            let value = match (parsed, v.get_ref()) {
                (toml::Value::Table(t), toml::de::DeValue::Table(inner)) => {
                    Value::Table(toml_entries(inner, t))
                }
                (toml::Value::Boolean(b), _) => Value::Bool(*b),
                (toml::Value::Integer(n), _) => Value::Int(*n),
                (toml::Value::String(s), _) => Value::Str(s.clone()),
                (toml::Value::Float(_), _) => Value::Other("a float"),
                (toml::Value::Array(_), _) => Value::Other("a list"),
                (toml::Value::Datetime(_), _) => Value::Other("a date"),
                (toml::Value::Table(_), _) => Value::Other("a table"),
            };
            Some(Entry {
                key,
                key_span: span_of(k.span()),
                value,
                span: span_of(v.span()),
            })
        })
        .collect();
    // In the order written, so that diagnostics come in file order.
    entries.sort_by_key(|e| e.key_span.offset());
    entries
}

/// Reads a ruleset file's text into a draft.
fn toml_draft(src: &SourceFile) -> Result<Draft, Vec<Finding>> {
    let text = src.text();
    let syntax = |e: toml::de::Error| {
        let span = e.span().map_or(SourceSpan::from((0, 0)), span_of);
        vec![Finding::new(
            Class::Input,
            src,
            RulesError::Toml {
                message: e.message().trim().to_string(),
                span,
            },
        )]
    };
    let values: toml::Table = toml::from_str(text).map_err(syntax)?;
    let spans = toml::de::DeTable::parse(text).map_err(syntax)?;
    Ok(Draft {
        entries: toml_entries(spans.get_ref(), &values),
    })
}

pub(super) fn load_source(
    loader: &dyn Files,
    src: &SourceFile,
    dir: Option<&Path>,
    depth: usize,
    extra: &Declared,
) -> Result<Ruleset, Vec<Finding>> {
    if !looks_like_ruleset(src.text(), extra.options) {
        return Err(vec![crate::files::wrong_kind(
            src,
            "ruleset",
            "it sets none of a ruleset's keys",
        )]);
    }
    let draft = toml_draft(src)?;
    let default_name = src
        .name()
        .rsplit(['/', '\\'])
        .next()
        .unwrap_or("custom")
        .trim_end_matches(".toml")
        .trim_start_matches("builtin:")
        .to_string();
    resolve(loader, &draft, src, dir, depth, &default_name, extra)
}

/// The ruleset `extends` names, loaded.
fn parent(
    loader: &dyn Files,
    draft: &Draft,
    src: &SourceFile,
    dir: Option<&Path>,
    depth: usize,
    extra: &Declared,
    errors: &mut Vec<RulesError>,
) -> Result<Ruleset, Vec<Finding>> {
    let Some(entry) = draft.get("extends") else {
        return Ok(Ruleset::modern());
    };
    let Value::Str(name) = &entry.value else {
        return Ok(Ruleset::modern());
    };
    if depth >= MAX_EXTENDS {
        errors.push(RulesError::ExtendsTooDeep {
            limit: MAX_EXTENDS,
            span: entry.span,
        });
        return Ok(Ruleset::modern());
    }
    let parent_rules = if let Some(text) = builtin_source(name) {
        load_source(
            loader,
            &SourceFile::new(format!("builtin:{name}"), text),
            None,
            depth + 1,
            extra,
        )
    } else {
        let base = dir.map(Path::to_path_buf).unwrap_or_default();
        let path = base.join(name);
        match loader.read(&path) {
            Ok(s) => load_source(loader, &s, path.parent(), depth + 1, extra),
            Err(_) => {
                errors.push(RulesError::UnknownExtends {
                    name: name.clone(),
                    known: BUILTIN.join(", "),
                    span: entry.span,
                });
                Ok(Ruleset::modern())
            }
        }
    };
    parent_rules.map_err(|mut inner| {
        // The parent's own findings come first, then this file's.
        inner.extend(
            std::mem::take(errors)
                .into_iter()
                .map(|e| Finding::new(Class::Input, src, e)),
        );
        inner
    })
}

fn wrong_type(key: &str, expected: &str, e: &Entry) -> RulesError {
    RulesError::WrongType {
        key: key.to_string(),
        found: e.value.kind(),
        expected: expected.to_string(),
        span: e.span,
    }
}

/// Checks one toggle's value.
fn toggle_value(t: &Toggle, e: &Entry) -> Result<Setting, RulesError> {
    match (t.values, &e.value) {
        (Values::Bool, Value::Bool(b)) => Ok(Setting::Bool(*b)),
        (Values::Words(words), Value::Str(s)) => words
            .iter()
            .find(|w| **w == s.as_str())
            .map(|w| Setting::Word(w))
            .ok_or_else(|| RulesError::BadValue {
                key: t.key,
                value: s.clone(),
                allowed: t.values.describe(),
                span: e.span,
            }),
        (Values::Count { max }, Value::Int(n)) => count(t.key, *n, max, e.span),
        (values, _) => Err(wrong_type(t.key, &values.describe(), e)),
    }
}

fn count(key: &str, n: i64, max: u32, span: SourceSpan) -> Result<Setting, RulesError> {
    match u32::try_from(n) {
        Ok(v) if v <= max => Ok(Setting::Count(v)),
        _ if key == "followers" => Err(RulesError::BadFollowers {
            value: n,
            max: i64::from(max),
            span,
        }),
        _ => Err(RulesError::BadCount {
            key: key.to_string(),
            value: n,
            max,
            span,
        }),
    }
}

/// Checks a `[points]` or `[figures]` table, setting what is right.
fn group(
    table: Group,
    entry: &Entry,
    rules: &mut Ruleset,
    extra: &Declared,
    errors: &mut Vec<RulesError>,
) {
    let Value::Table(entries) = &entry.value else {
        errors.push(wrong_type(
            table.key(),
            &format!(
                "a table of integers ({})",
                table.keys(extra.rates).join(", ")
            ),
            entry,
        ));
        return;
    };
    let keys = table.keys(extra.rates);
    for inner in entries {
        let index = keys.iter().position(|k| *k == inner.key);
        let declared = match table {
            Group::Points => &extra.points,
            Group::Figures => &extra.figures,
        };
        let modifier = declared.contains(&inner.key);
        if index.is_none() && !modifier {
            let mut known = keys.clone();
            known.extend(declared.iter().map(String::as_str));
            let mut err = unknown_key(&inner.key, inner.key_span, &known);
            if let RulesError::UnknownKey { help, .. } = &mut err {
                help.push_str(match table {
                    Group::Points => {
                        " (and the rates of the modifiers that the tile sets in play declare)"
                    }
                    Group::Figures => " (and the figures that the tile sets in play declare)",
                });
            }
            errors.push(err);
            continue;
        }
        let full = format!("{}.{}", table.key(), inner.key);
        let Value::Int(n) = inner.value else {
            errors.push(wrong_type(
                &full,
                &Values::Count { max: table.max() }.describe(),
                inner,
            ));
            continue;
        };
        match count(&full, n, table.max(), inner.span) {
            Ok(Setting::Count(v)) => match index {
                Some(index) => table.set(rules, extra.rates, index, v),
                None if table == Group::Points => rules.set_extra_point(&inner.key, v),
                None => {
                    rules.figures.insert(inner.key.clone(), v);
                }
            },
            Ok(_) => {}
            Err(err) => errors.push(err),
        }
    }
}

/// Validates a draft written in `src` (whose `extends` paths are relative to
/// `dir`), filling missing values from the ruleset it extends.
pub fn resolve(
    loader: &dyn Files,
    draft: &Draft,
    src: &SourceFile,
    dir: Option<&Path>,
    depth: usize,
    default_name: &str,
    extra: &Declared,
) -> Result<Ruleset, Vec<Finding>> {
    let mut errors = Vec::new();
    let mut rules = parent(loader, draft, src, dir, depth, extra, &mut errors)?;
    rules.name = default_name.to_string();
    let known = top_keys(extra.options);
    let mut seen: BTreeMap<&str, SourceSpan> = BTreeMap::new();
    for e in &draft.entries {
        if seen.insert(e.key.as_str(), e.key_span).is_some() {
            // Both readers refuse a key written twice; a draft made by hand
            // keeps the first.
            continue;
        }
        match e.key.as_str() {
            "name" | "extends" => match &e.value {
                Value::Str(s) if e.key == "name" => s.trim().clone_into(&mut rules.name),
                Value::Str(_) => {}
                _ => errors.push(wrong_type(&e.key, "a string", e)),
            },
            key => {
                if let Some(t) = every_toggle(extra.options).find(|t| t.key == key) {
                    match toggle_value(t, e) {
                        Ok(v) => t.set(&mut rules, v),
                        Err(err) => errors.push(err),
                    }
                } else if let Some(g) = GROUPS.iter().find(|g| g.key() == key) {
                    group(*g, e, &mut rules, extra, &mut errors);
                } else {
                    errors.push(unknown_key(key, e.key_span, &known));
                }
            }
        }
    }
    if errors.is_empty() {
        Ok(rules)
    } else {
        Err(errors
            .into_iter()
            .map(|e| Finding::new(Class::Input, src, e))
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<Ruleset, Vec<Finding>> {
        parse(
            &crate::loader::Loader::default(),
            &SourceFile::new("test.toml", text),
            None,
        )
    }

    #[test]
    fn points_and_figures_are_read_from_their_tables() {
        let r = read("extends = \"modern\"\n[points]\nfarm_city = 2\n[figures]\nbig = 1\n")
            .expect("valid");
        assert_eq!(r.points[super::super::Point::FarmCity], 2);
        let table = crate::tileset::FigureTable::builtin();
        assert_eq!(r.supply_with(super::super::Figure::BIG, &table), 1);
        assert_eq!(r.supply_with(super::super::Figure::PIG, &table), 0);
        let dotted = read("points.city = 3\n").expect("valid");
        assert_eq!(dotted.points[super::super::Point::City], 3);
    }

    #[test]
    fn every_wrong_value_is_reported_with_its_key() {
        let errs =
            read("[points]\nfarm_city = -2\ncastle = 1\nroad = \"one\"\n").expect_err("invalid");
        let text: Vec<String> = errs.iter().map(ToString::to_string).collect();
        assert_eq!(text.len(), 3, "{text:?}");
        assert!(text[0].contains("points.farm_city"), "{text:?}");
        assert!(text[1].contains("castle"), "{text:?}");
        assert!(text[2].contains("points.road"), "{text:?}");
    }

    #[test]
    fn the_schema_lists_every_key_of_the_tables() {
        let s = schema();
        for k in top_keys(&[]) {
            assert!(s["properties"].get(k).is_some(), "{k}");
        }
        assert_eq!(
            s["properties"]["points"]["properties"]["farm_city"]["type"],
            "integer"
        );
    }
}
