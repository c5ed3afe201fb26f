//! From a raw tile-set file to a validated [`TileSet`], collecting every
//! defect on the way.
//!
//! Simple tiles are short because much can be derived from the edge code:
//! all city edges form one city unless `cities` says otherwise; two road
//! edges form one road, three or four meet at a village, a single one ends at
//! the cloister; fields and the cities they touch follow from where the
//! cities, roads and rivers lie (see `topology.rs`). What cannot be
//! derived unambiguously must be spelled out, and what is spelled out is
//! checked against the same geometry.

use std::collections::HashMap;

use crate::spanned::Spanned;
use miette::SourceSpan;

use super::error::TilesetError as E;
use super::figure::{self, FigureKind, Strength};
use super::model::{EdgeKind, End, Feature, FeatureKind, Modifier, Shape, Tile, TileSet};
use super::raw::{RawFeature, RawFigureKind, RawModifier, RawStrength, RawTile, RawTileSet};
use super::topology::{Layout, SLOTS, half_slot, mid_slot, slot_half};
use crate::diagnostic::{Class, Finding};
use crate::geometry::{Edge, Half};
use crate::source::{SourceFile, yaml_error_parts, yaml_options};

/// Most tile types a set may define.
pub const MAX_TILE_TYPES: usize = 10_000;
/// Most tiles a set may hold in all.
pub const MAX_TILES: u64 = 1_000_000;
/// Largest count of one tile type.
const MAX_COUNT: i64 = 100_000;
/// Most pennants on one city.
const MAX_PENNANTS: i64 = 99;
/// Most modifiers one set may declare, and most entries in one `with`.
const MAX_MODIFIERS: usize = 64;

/// The most symbols a set declares.
const MAX_SYMBOLS: usize = 64;

/// The symbol of the tile language's princess city (`princess: true`).
const PRINCESS: &str = "princess";
/// Largest rate a declared modifier may give.
const MAX_RATE: i64 = 1000;
/// Whether a text is a tile set at all: it names a `tiles` key somewhere
/// (as a YAML key, plain or quoted).
fn looks_like_tileset(text: &str) -> bool {
    text.match_indices("tiles").any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + "tiles".len()..].trim_start_matches(['"', '\'']);
        matches!(
            before,
            None | Some('\n' | ' ' | '\t' | '{' | ',' | '"' | '\'')
        ) && after.trim_start_matches([' ', '\t']).starts_with(':')
    })
}

/// The JSON Schema of tile sets, made once, for finding unknown keys.
fn cached_schema() -> &'static serde_json::Value {
    static SCHEMA: std::sync::OnceLock<serde_json::Value> = std::sync::OnceLock::new();
    SCHEMA.get_or_init(super::schema)
}

/// Most features (cities, roads, rivers and fields listed) on one tile.
/// Real tiles have at most a dozen; features are numbered in 16 bits on
/// the board, and some checks compare every pair of a tile's features.
pub const MAX_FEATURES_PER_TILE: usize = 64;

/// What a tile set is checked against, given by the caller so that this
/// module needs none of it: the sets it may name in `requires` (the
/// built-in ones), and the keys of a ruleset's `[points]` table that a
/// declared modifier's rates may not take.
#[derive(Clone, Copy)]
pub struct Companions<'a> {
    /// Their names.
    pub names: &'static [&'static str],
    /// The ruleset's own `[points]` keys (the base game's and the
    /// expansions' rows).
    pub point_keys: &'a [&'static str],
    /// Where they come from.
    pub loader: &'a dyn super::SetSource,
}

impl<'a> Companions<'a> {
    /// A set by name, if it is one of them and sound.
    fn set(&self, name: &str) -> Option<&'a TileSet> {
        self.loader.builtin_set(name).ok().map(AsRef::as_ref)
    }
}

/// Parses and validates a tile-set file. On failure, every problem found is
/// returned: input errors (YAML, keys, types) or defects.
pub fn parse(src: &SourceFile, companions: Companions<'_>) -> Result<TileSet, Vec<Finding>> {
    check(src, companions).map(|(set, _)| set)
}

/// Builds a tile set from its source, with the warnings about it (ids
/// that the sets it requires have too).
pub fn check(
    src: &SourceFile,
    companions: Companions<'_>,
) -> Result<(TileSet, Vec<Finding>), Vec<Finding>> {
    if !looks_like_tileset(src.text()) {
        return Err(vec![crate::files::wrong_kind(
            src,
            "tile set",
            "it has no `tiles` key",
        )]);
    }
    match quick(src, companions) {
        Some(set) => Ok((set, Vec::new())),
        None => check_spanned(src, companions),
    }
}

/// As [`check`], always reading the text with spans.
pub fn check_spanned(
    src: &SourceFile,
    companions: Companions<'_>,
) -> Result<(TileSet, Vec<Finding>), Vec<Finding>> {
    let raw: RawTileSet =
        match serde_saphyr::from_str_with_options(src.text(), yaml_options(src.text().len())) {
            Ok(raw) => raw,
            Err(e) => return Err(refused(src, companions, &e)),
        };
    checked(src, companions, &raw)
}

/// The findings of a tile set the spanned reader refused: every unknown
/// key, and, when those were all that stopped it, every other problem of
/// the set, found by reading it again as if they were not written.
fn refused(src: &SourceFile, companions: Companions<'_>, e: &serde_saphyr::Error) -> Vec<Finding> {
    let (message, span) = yaml_error_parts(src, e);
    let reader = Finding::new(
        Class::Input,
        src,
        E::Yaml {
            message: message.clone(),
            span,
        },
    );
    crate::keys::refused(
        src,
        (&message, span),
        reader,
        crate::keys::walk(src.text(), cached_schema(), &[]),
        |k| E::UnknownKey {
            help: k.help(),
            key: k.key,
            span: k.span,
        },
        |w| E::WrongValue {
            message: w.message(),
            help: w.help(),
            span: w.span,
        },
        |blanked| {
            match serde_saphyr::from_str_with_options::<RawTileSet>(
                blanked.text(),
                yaml_options(blanked.text().len()),
            ) {
                Ok(raw) => checked(blanked, companions, &raw).err().unwrap_or_default(),
                // What the walk did not see stopped the reader again.
                Err(e) => {
                    let (message, span) = yaml_error_parts(blanked, &e);
                    vec![Finding::new(
                        Class::Input,
                        blanked,
                        E::Yaml { message, span },
                    )]
                }
            }
        },
    )
}

/// A tile set read with spans, built and checked.
fn checked(
    src: &SourceFile,
    companions: Companions<'_>,
    raw: &RawTileSet,
) -> Result<(TileSet, Vec<Finding>), Vec<Finding>> {
    let mut b = Assembler::new(src, companions);
    let set = b.set(raw);
    if b.errors.is_empty() {
        let warnings = b
            .warnings
            .into_iter()
            .map(|w| Finding::new(Class::Warning, src, w))
            .collect();
        Ok((set, warnings))
    } else {
        b.errors.sort_by_key(|e| {
            use miette::Diagnostic;
            e.labels()
                .and_then(|mut l| l.next())
                .map_or(0, |l| l.offset())
        });
        Err(b
            .errors
            .into_iter()
            .map(|e| {
                // A set too large to take in is not a file carca can read.
                let class = if matches!(e, E::TooLarge { .. }) {
                    Class::Input
                } else {
                    Class::Defect
                };
                Finding::new(class, src, e)
            })
            .collect())
    }
}

/// The set read the quick way ([`crate::yaml::read`]), when the text is
/// plain YAML and the set has nothing to report; otherwise it is read again
/// with spans, so that what is reported points at its line.
#[must_use]
pub fn quick(src: &SourceFile, companions: Companions<'_>) -> Option<TileSet> {
    if !looks_like_tileset(src.text()) {
        return None;
    }
    let node = crate::yaml::read(src.text())?;
    let raw = <RawTileSet as serde::Deserialize>::deserialize(&node).ok()?;
    let mut b = Assembler::new(src, companions);
    let set = b.set(&raw);
    (b.errors.is_empty() && b.warnings.is_empty()).then_some(set)
}

struct Assembler<'a> {
    src: &'a SourceFile,
    errors: Vec<E>,
    warnings: Vec<E>,
    /// The modifiers tiles may carry: the built-in ones, then the set's own.
    modifiers: Vec<Modifier>,
    /// The sets `requires` may name.
    companions: Companions<'a>,
    /// The symbols the set declares (`symbols:`).
    symbols: Vec<String>,
}

/// A feature under construction, with where it was written.
struct Draft {
    feature: Feature,
    /// Its entry (or the edge code, when derived).
    span: SourceSpan,
    /// Its `edges` value (or the edge code).
    edges_span: SourceSpan,
    /// An `ends` value still to resolve.
    pending_end: Option<(String, SourceSpan)>,
}

impl<'a> Assembler<'a> {
    fn new(src: &'a SourceFile, companions: Companions<'a>) -> Self {
        Assembler {
            src,
            errors: Vec::new(),
            warnings: Vec::new(),
            modifiers: Modifier::builtin(),
            companions,
            symbols: Vec::new(),
        }
    }
}

impl Assembler<'_> {
    fn span<T>(&self, v: &Spanned<T>) -> SourceSpan {
        self.src.span(v)
    }

    fn set(&mut self, raw: &RawTileSet) -> TileSet {
        let name = raw.name.value.trim().to_string();
        let requires: Vec<String> = raw
            .requires
            .iter()
            .flatten()
            .filter_map(|r| {
                if self.companions.names.contains(&r.value.as_str()) {
                    Some(r.value.clone())
                } else {
                    self.errors.push(E::UnknownRequirement {
                        name: name.clone(),
                        required: r.value.clone(),
                        known: self.companions.names.join(", "),
                        span: self.span(r),
                    });
                    None
                }
            })
            .collect();
        let builtin_count = self.modifiers.len();
        for m in raw.modifiers.iter().flat_map(|l| &l.value) {
            if let Some(m) = self.modifier(&m.value, self.span(m)) {
                self.modifiers.push(m);
            }
        }
        if let Some(list) = &raw.modifiers
            && list.value.len() > MAX_MODIFIERS
        {
            self.errors.push(E::TooLarge {
                what: "modifiers",
                value: list.value.len() as u64,
                limit: MAX_MODIFIERS as u64,
                span: self.span(list),
            });
        }
        let declared = self.modifiers[builtin_count..].to_vec();
        let figure_kinds = self.figure_kinds(raw);
        let figures = self.figures(raw, &figure_kinds);
        self.declare_symbols(raw);
        let modifiers_need = self.modifiers_need(raw);
        let raw_tiles = &raw.tiles.value;
        let list_span = self.span(&raw.tiles);
        if raw_tiles.is_empty() {
            self.errors.push(E::Empty {
                name: name.clone(),
                span: list_span,
            });
        }
        if raw_tiles.len() > MAX_TILE_TYPES {
            self.errors.push(E::TooLarge {
                what: "tile types",
                value: raw_tiles.len() as u64,
                limit: MAX_TILE_TYPES as u64,
                span: list_span,
            });
            return TileSet {
                name,
                description: None,
                requires,
                opening: false,
                modifiers: declared,
                figure_kinds,
                symbols: self.symbols.clone(),
                modifiers_need: Vec::new(),
                across: false,
                jcz: Vec::new(),
                figures,
                tiles: Vec::new(),
            };
        }
        // Duplicate ids are found among all tiles as written, whether or
        // not they have other problems.
        let mut seen: HashMap<&str, SourceSpan> = HashMap::new();
        for rt in raw_tiles {
            let id = rt.value.id.value.trim();
            let span = self.span(&rt.value.id);
            match seen.get(id) {
                Some(first) => self.errors.push(E::DuplicateId {
                    id: id.to_string(),
                    span,
                    first: *first,
                }),
                None => {
                    seen.insert(id, span);
                }
            }
            for set in &requires {
                if self
                    .companions
                    .set(set)
                    .is_some_and(|s| s.tile(id).is_some())
                {
                    self.warnings.push(E::ShadowedId {
                        id: id.to_string(),
                        set: set.clone(),
                        name: name.clone(),
                        span,
                    });
                }
            }
        }
        let mut tiles = Vec::new();
        let mut spans = Vec::new();
        for rt in raw_tiles {
            if let Some(t) = self.tile(&rt.value) {
                spans.push((self.span(&rt.value.id), self.span(&rt.value.edges)));
                tiles.push(t);
            }
        }
        let total: u64 = tiles.iter().map(|t| u64::from(t.count)).sum();
        if total > MAX_TILES {
            self.errors.push(E::TooLarge {
                what: "tiles",
                value: total,
                limit: MAX_TILES,
                span: list_span,
            });
        }
        for (flag, get) in [
            ("start", (|t: &Tile| t.start) as fn(&Tile) -> bool),
            ("last", |t: &Tile| t.last),
        ] {
            let marked: Vec<usize> = (0..tiles.len()).filter(|&i| get(&tiles[i])).collect();
            if let [first, second, ..] = marked[..] {
                self.errors.push(E::SeveralFlagged {
                    flag,
                    span: spans[second].0,
                    first: spans[first].0,
                });
            }
        }
        self.check_block(&tiles, &spans, list_span);
        let block = tiles.iter().any(|t| t.at == Some((0, 0)));
        if requires.is_empty() && !tiles.is_empty() && !tiles.iter().any(|t| t.start) && !block {
            self.errors.push(E::NoStart {
                name: name.clone(),
                span: self.span(&raw.name),
            });
        }
        // A set with defective tiles would make this check report their neighbours.
        if self.errors.is_empty() {
            self.check_placeable(&tiles, &spans, &requires);
        }
        TileSet {
            name,
            description: raw.description.as_ref().map(|d| d.value.clone()),
            requires,
            opening: raw.opening.as_ref().is_some_and(|o| o.value),
            modifiers: declared,
            figure_kinds,
            symbols: std::mem::take(&mut self.symbols),
            modifiers_need,
            across: raw.across.as_ref().is_some_and(|b| b.value),
            jcz: raw
                .jcz
                .iter()
                .flatten()
                .map(|p| p.value.trim().to_string())
                .collect(),
            figures,
            tiles,
        }
    }

    /// The modifiers of the set's tiles that count only with another set
    /// in play (`modifiers_need:`), each a known modifier.
    fn modifiers_need(&mut self, raw: &RawTileSet) -> Vec<(String, String)> {
        let Some(map) = &raw.modifiers_need else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for (name, set) in &map.value {
            let written = Spanned {
                value: name.clone(),
                at: set.at,
            };
            if self.known_modifier(&written).is_some() {
                out.push((name.trim().to_string(), set.value.trim().to_string()));
            }
        }
        out
    }

    /// The symbols the set declares (`symbols:`): words, each once.
    fn declare_symbols(&mut self, raw: &RawTileSet) {
        let Some(list) = &raw.symbols else {
            return;
        };
        if list.value.len() > MAX_SYMBOLS {
            self.errors.push(E::TooLarge {
                what: "symbols",
                value: list.value.len() as u64,
                limit: MAX_SYMBOLS as u64,
                span: self.span(list),
            });
            return;
        }
        for w in &list.value {
            let word = w.value.trim();
            let well_formed = word.len() <= 40
                && word.starts_with(|c: char| c.is_ascii_lowercase())
                && word
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
            if !well_formed {
                self.errors.push(E::BadSymbol {
                    name: crate::text::cut(word, crate::text::MAX_NAME).into_owned(),
                    why: "a symbol is a word of lower-case letters, digits and `_`, starting with a letter (at most 40)",
                    span: self.span(w),
                });
            } else if self.symbols.iter().any(|s| s == word) {
                self.errors.push(E::BadSymbol {
                    name: word.to_string(),
                    why: "the set declares this symbol twice",
                    span: self.span(w),
                });
            } else {
                self.symbols.push(word.to_string());
            }
        }
    }

    /// The figures the set declares (`figure_kinds:`), each checked.
    fn figure_kinds(&mut self, raw: &RawTileSet) -> Vec<FigureKind> {
        let mut out: Vec<FigureKind> = Vec::new();
        let Some(list) = &raw.figure_kinds else {
            return out;
        };
        if list.value.len() > MAX_MODIFIERS {
            self.errors.push(E::TooLarge {
                what: "figure kinds",
                value: list.value.len() as u64,
                limit: MAX_MODIFIERS as u64,
                span: self.span(list),
            });
            return out;
        }
        // The names declared so far: a set of them, so that a long list is
        // checked in time proportional to its length.
        let mut names: std::collections::HashSet<String> = std::collections::HashSet::new();
        for k in &list.value {
            if let Some(kind) = self.figure_kind(&k.value, &names) {
                names.insert(kind.name.clone());
                out.push(kind);
            }
        }
        out
    }

    /// Checks one figure declaration against the built-in figures, the
    /// names carca keeps, the set's other declarations and its modifiers.
    fn figure_kind(
        &mut self,
        raw: &RawFigureKind,
        before: &std::collections::HashSet<String>,
    ) -> Option<FigureKind> {
        let name = raw.name.value.trim().to_string();
        let name_span = self.span(&raw.name);
        let mut problems: Vec<(String, &'static str, SourceSpan)> = Vec::new();
        let well_formed = name.len() <= 40
            && name.starts_with(|c: char| c.is_ascii_lowercase())
            && name
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
        if !well_formed {
            problems.push((
                "the name is not lower-case letters, digits and `_`, starting with a letter".into(),
                "write a name like `scout` or `night_watch`: records use it after `figure:`",
                name_span,
            ));
        } else if figure::BUILTIN.iter().any(|b| b.name == name)
            || figure::RESERVED.contains(&name.as_str())
        {
            problems.push((
                "the name is one of carca's own figures".into(),
                "built-in figures need no declaration; give a new figure a name of its own",
                name_span,
            ));
        } else if before.contains(&name) {
            problems.push((
                "it is declared twice".into(),
                "declare each figure once",
                name_span,
            ));
        }
        let mut stands = Vec::new();
        match &raw.stands {
            None => stands.extend([
                FeatureKind::Road,
                FeatureKind::City,
                FeatureKind::Cloister,
                FeatureKind::Field,
            ]),
            Some(list) => {
                for s in &list.value {
                    let kind = match s.value.trim() {
                        "road" => FeatureKind::Road,
                        "city" => FeatureKind::City,
                        "cloister" => FeatureKind::Cloister,
                        "field" => FeatureKind::Field,
                        other => {
                            problems.push((
                                format!("`{other}` is not a kind of feature a figure stands on"),
                                "`stands` lists some of `road`, `city`, `cloister` and `field`",
                                self.span(s),
                            ));
                            continue;
                        }
                    };
                    if !stands.contains(&kind) {
                        stands.push(kind);
                    }
                }
                if list.value.is_empty() {
                    problems.push((
                        "`stands` is empty: the figure could stand nowhere".into(),
                        "list the kinds of feature it may be deployed on",
                        self.span(list),
                    ));
                }
            }
        }
        let companion = raw.companion.as_ref().is_some_and(|c| c.value);
        let strength = match &raw.strength {
            None => Strength::Fixed(u32::from(!companion)),
            Some(s) if companion => {
                problems.push((
                    "a companion has no strength: it counts for no majority".into(),
                    "leave out `strength`, or `companion: true`",
                    self.span(s),
                ));
                Strength::Fixed(0)
            }
            Some(s) => match &s.value {
                RawStrength::Count(n) if (0..=100).contains(n) => Strength::Fixed(*n as u32),
                RawStrength::Count(n) => {
                    problems.push((
                        format!("a strength of {n} is out of range"),
                        "a strength is a whole number from 0 to 100, or `{ per: MODIFIER }`",
                        self.span(s),
                    ));
                    Strength::Fixed(0)
                }
                RawStrength::Per { per } => {
                    let per = per.trim();
                    if !self.modifiers.iter().any(|m| m.name == per) {
                        problems.push((
                            format!("`per: {per}` names no modifier in play"),
                            "name a built-in modifier (pennant, inn, cathedral, wine, grain, cloth) or one the set declares",
                            self.span(s),
                        ));
                    }
                    Strength::Per(per.to_string())
                }
            },
        };
        if problems.is_empty() {
            return Some(FigureKind {
                name,
                stands,
                strength,
                companion,
                corner: false,
                doc: String::new(),
            });
        }
        for (problem, help, span) in problems {
            self.errors.push(E::BadFigureKind {
                name: name.clone(),
                problem,
                help: help.to_string(),
                span,
            });
        }
        None
    }

    /// The figures the set brings per player (`figures: { big: 1 }`): the
    /// built-in ones and the set's own.
    fn figures(&mut self, raw: &RawTileSet, declared: &[FigureKind]) -> Vec<(String, u32)> {
        let mut out = Vec::new();
        let Some(map) = &raw.figures else {
            return out;
        };
        let mut keys = figure::builtin_keys();
        keys.extend(declared.iter().map(|k| k.name.as_str()));
        let known: std::collections::HashSet<&str> = keys.iter().copied().collect();
        // Every name written under `figure_kinds`, well declared or not: a
        // set, so that a long list costs time in proportion to its length.
        let written: std::collections::HashSet<&str> = raw
            .figure_kinds
            .iter()
            .flat_map(|l| &l.value)
            .map(|k| k.value.name.value.trim())
            .collect();
        for (key, value) in &map.value {
            if !known.contains(key.as_str()) {
                if written.contains(key.as_str()) {
                    // Its declaration is wrong, and says so.
                    continue;
                }
                self.errors.push(E::BadFigure {
                    key: key.clone(),
                    help: format!(
                        "{}the figures a set may bring are {} (and the figures it declares under `figure_kinds`)",
                        crate::suggest::did_you_mean(key, keys.iter().copied()),
                        keys.join(", ")
                    ),
                    span: self.span(value),
                });
                continue;
            }
            if let Some(n) = self.ranged(Some(value), "a figure count", 0, 1000) {
                out.push((key.clone(), u32::try_from(n).unwrap_or(0)));
            }
        }
        out
    }

    /// Checks a modifier declaration.
    fn modifier(&mut self, raw: &RawModifier, span: SourceSpan) -> Option<Modifier> {
        let name = raw.name.value.trim().to_string();
        let name_span = self.span(&raw.name);
        let bad = |b: &mut Self, problem: String, help: &str, span: SourceSpan| {
            b.errors.push(E::BadModifier {
                name: name.clone(),
                problem,
                help: help.to_string(),
                span,
            });
        };
        let mut chars = name.chars();
        let well_formed = chars.next().is_some_and(|c| c.is_ascii_lowercase())
            && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
            && name.len() <= 40;
        if !well_formed {
            bad(
                self,
                "a modifier's name is lower-case letters, digits and `_`, starting with a letter (at most 40)".into(),
                "the name is also its `[points]` key in rulesets, so it must be a plain key: `well`, `market_square`",
                name_span,
            );
            return None;
        }
        let incomplete_key = format!("{name}_incomplete");
        if let Some(m) = self.modifiers.iter().find(|m| m.name == name) {
            bad(
                self,
                if m.declared {
                    "it is declared twice".into()
                } else {
                    "it is a built-in modifier".into()
                },
                "built-in modifiers (pennant, inn, cathedral) need no declaration; give every other one a name of its own",
                name_span,
            );
            return None;
        }
        let taken = self.companions.point_keys;
        if let Some(k) = taken.iter().find(|k| **k == name || **k == incomplete_key) {
            bad(
                self,
                format!("its `[points]` keys would clash with the ruleset's own `points.{k}`"),
                "choose another name: a modifier's name and NAME_incomplete are its `[points]` keys",
                name_span,
            );
            return None;
        }
        // Every `[points]` key has one owner: the keys of the modifiers
        // already known (built-in, or declared before) are taken too.
        if let Some((k, owner)) = self.modifiers.iter().find_map(|m| {
            [&m.key, &m.incomplete_key]
                .into_iter()
                .find(|k| **k == name || **k == incomplete_key)
                .map(|k| (k.clone(), m.name.clone()))
        }) {
            bad(
                self,
                format!(
                    "its `[points]` keys would clash with `points.{k}`, a rate of the modifier `{owner}`"
                ),
                "choose another name: a modifier's name and NAME_incomplete are its `[points]` keys, and each key has one owner",
                name_span,
            );
            return None;
        }
        let on = match raw.on.value.trim() {
            "road" => FeatureKind::Road,
            "city" => FeatureKind::City,
            other => {
                bad(
                    self,
                    format!("`on: {other}` is not a kind a modifier can lie on"),
                    "write `on: road` or `on: city`",
                    self.span(&raw.on),
                );
                return None;
            }
        };
        let (shape, rates) = match (&raw.counted, &raw.present) {
            (Some(r), None) => (Shape::Counted, r),
            (None, Some(r)) => (Shape::Present, r),
            (Some(_), Some(r)) => {
                bad(
                    self,
                    "it is both `counted` and `present`".into(),
                    "keep one: `counted` adds points per occurrence, `present` changes the feature's rates",
                    self.span(r),
                );
                return None;
            }
            (None, None) => {
                bad(
                    self,
                    "it says neither `counted` nor `present`".into(),
                    "add `counted: { complete: 2, incomplete: 1 }` (points per occurrence) or `present: { complete: 2, incomplete: 0 }` (the feature's rates while it holds one)",
                    span,
                );
                return None;
            }
        };
        let complete = self.ranged(
            Some(&rates.value.complete),
            "a modifier's rate",
            0,
            MAX_RATE,
        );
        let incomplete = self.ranged(
            Some(&rates.value.incomplete),
            "a modifier's rate",
            0,
            MAX_RATE,
        );
        Some(Modifier::declared(
            &name,
            on,
            shape,
            u32::try_from(complete?).ok()?,
            u32::try_from(incomplete?).ok()?,
        ))
    }

    /// Whether a `with` list is too long to take in (then reported).
    fn too_many(&mut self, list: &Spanned<Vec<Spanned<String>>>) -> bool {
        let long = list.value.len() > MAX_MODIFIERS;
        if long {
            self.errors.push(E::TooLarge {
                what: "modifiers in one `with`",
                value: list.value.len() as u64,
                limit: MAX_MODIFIERS as u64,
                span: self.span(list),
            });
        }
        long
    }

    /// Applies a `with` list to a feature.
    fn with(&mut self, list: &Spanned<Vec<Spanned<String>>>, feature: &mut Feature) {
        if self.too_many(list) {
            return;
        }
        for n in &list.value {
            let Some(m) = self.known_modifier(n) else {
                continue;
            };
            if m.on == feature.kind {
                feature.add_extra(&m.name, 1);
            } else {
                self.errors.push(E::ModifierMisplaced {
                    name: m.name.clone(),
                    on: m.on.word(),
                    kind: feature.kind.word(),
                    span: self.span(n),
                });
            }
        }
    }

    /// A city's trade good: one token of a built-in goods modifier.
    fn goods(&mut self, g: &Spanned<String>, feature: &mut Feature) {
        let name = g.value.trim();
        let goods: Vec<&str> = self
            .modifiers
            .iter()
            .filter(|m| m.shape == Shape::Goods)
            .map(|m| m.name.as_str())
            .collect();
        if goods.contains(&name) {
            feature.add_extra(name, 1);
        } else {
            let help = format!(
                "{}the goods are {}",
                crate::suggest::did_you_mean(name, goods.iter().copied()),
                goods.join(", ")
            );
            self.errors.push(E::UnknownGood {
                name: name.to_string(),
                help,
                span: self.span(g),
            });
        }
    }

    /// The modifier a `with` entry names, or an error.
    fn known_modifier(&mut self, n: &Spanned<String>) -> Option<Modifier> {
        let name = n.value.trim();
        if let Some(m) = self.modifiers.iter().find(|m| m.name == name) {
            return Some(m.clone());
        }
        let names: Vec<&str> = self.modifiers.iter().map(|m| m.name.as_str()).collect();
        let help = format!(
            "{}modifiers here: {} (declare others under `modifiers:`)",
            crate::suggest::did_you_mean(name, names.iter().copied()),
            names.join(", ")
        );
        self.errors.push(E::UnknownModifier {
            name: name.to_string(),
            help,
            span: self.span(n),
        });
        None
    }

    /// Applies a tile-level `with` list: each modifier goes on the tile's
    /// only feature of its kind.
    fn tile_with(&mut self, list: &Spanned<Vec<Spanned<String>>>, drafts: &mut [Draft]) {
        if self.too_many(list) {
            return;
        }
        for n in &list.value {
            let Some(m) = self.known_modifier(n) else {
                continue;
            };
            let of_kind: Vec<usize> = (0..drafts.len())
                .filter(|&i| drafts[i].feature.kind == m.on)
                .collect();
            match of_kind[..] {
                [one] => drafts[one].feature.add_extra(&m.name, 1),
                _ => {
                    let list = if m.on == FeatureKind::City {
                        "cities"
                    } else {
                        "roads"
                    };
                    self.errors.push(E::ModifierAmbiguous {
                        name: m.name.clone(),
                        on: m.on.word(),
                        list,
                        count: if of_kind.is_empty() {
                            format!("no {}", m.on.word())
                        } else {
                            format!("{} {list}", of_kind.len())
                        },
                        span: self.span(n),
                    });
                }
            }
        }
    }

    /// Every tile needs an edge that matches an edge of some tile it could
    /// lie next to: another tile of the set or of the sets it requires, or a
    /// second copy of itself.
    fn check_placeable(
        &mut self,
        tiles: &[Tile],
        spans: &[(SourceSpan, SourceSpan)],
        requires: &[String],
    ) {
        let companions: Vec<&TileSet> = requires
            .iter()
            .filter_map(|r| self.companions.set(r))
            .collect();
        // Start tiles and the start block are laid, not placed.
        for (i, t) in tiles
            .iter()
            .enumerate()
            .filter(|(_, t)| !t.start && t.at.is_none())
        {
            let others = tiles
                .iter()
                .enumerate()
                .filter(|&(j, u)| j != i || u.count > 1 || u.per_player)
                .map(|(_, u)| u)
                .chain(companions.iter().flat_map(|s| s.tiles.iter()));
            let mut placeable = false;
            for u in others {
                if t.edges
                    .iter()
                    .any(|a| u.edges.iter().any(|b| a.matches(*b)))
                {
                    placeable = true;
                    break;
                }
            }
            if !placeable {
                self.errors.push(E::Unplaceable {
                    id: t.id.clone(),
                    code: t.edge_code(),
                    span: spans[i].1,
                });
            }
        }
    }

    /// Whether a problem found since `before` keeps the tile's geometry
    /// from being checked further. A wrong id, or pennants or goods that
    /// cannot be placed, say nothing of the tile's edges, features and
    /// fields: those are checked too, so that every problem of a tile is
    /// reported at once.
    fn blocked_since(&self, before: usize) -> bool {
        self.errors.get(before..).is_some_and(|new| {
            new.iter().any(|e| {
                !matches!(
                    e,
                    E::BadId { .. }
                        | E::PennantAmbiguous { .. }
                        | E::PennantOutsideCity { .. }
                        | E::GoodsAmbiguous { .. }
                        | E::GoodsOutsideCity { .. }
                )
            })
        })
    }

    fn tile(&mut self, raw: &RawTile) -> Option<Tile> {
        let before = self.errors.len();
        let listed: usize = [&raw.cities, &raw.roads, &raw.rivers, &raw.fields]
            .into_iter()
            .flatten()
            .map(|l| l.value.len())
            .sum();
        if listed > MAX_FEATURES_PER_TILE {
            self.errors.push(E::TooLarge {
                what: "features on one tile",
                value: listed as u64,
                limit: MAX_FEATURES_PER_TILE as u64,
                span: self.span(&raw.id),
            });
            return None;
        }
        let id = raw.id.value.trim().to_string();
        let id_ok = !id.is_empty()
            && id.chars().count() <= 40
            && id
                .chars()
                .all(|c| c.is_alphanumeric() || matches!(c, '.' | '_' | '-'));
        if !id_ok {
            self.errors.push(E::BadId {
                id: id.clone(),
                span: self.span(&raw.id),
            });
        }
        let count = self
            .ranged(raw.count.as_ref(), "count", 1, MAX_COUNT)
            .unwrap_or(1);
        let edges = self.edge_code(&raw.edges)?;
        let code_span = self.span(&raw.edges);

        let mut drafts: Vec<Draft> = Vec::new();
        self.cities(raw, edges, code_span, &mut drafts);
        if raw.cloister.as_ref().is_some_and(|c| c.value) {
            drafts.push(Draft {
                feature: Feature::new(FeatureKind::Cloister),
                span: self.span(raw.cloister.as_ref()?),
                edges_span: code_span,
                pending_end: None,
            });
        }
        self.paths(
            raw.roads.as_ref(),
            FeatureKind::Road,
            edges,
            code_span,
            &mut drafts,
        );
        self.paths(
            raw.rivers.as_ref(),
            FeatureKind::River,
            edges,
            code_span,
            &mut drafts,
        );
        if let Some(w) = &raw.with {
            self.tile_with(w, &mut drafts);
        }
        self.check_names(&drafts);
        self.resolve_ends(&mut drafts);

        let mut on_edge = [None; 4];
        let mut on_half = [None; 8];
        let clean = !self.blocked_since(before);
        self.cover_edges(edges, code_span, &drafts, &mut on_edge, &mut on_half, clean);
        if self.blocked_since(before) {
            return None;
        }
        let shared = self.shared_edges(raw, edges, &drafts, &on_edge);
        if self.blocked_since(before) {
            return None;
        }
        let features: Vec<Feature> = drafts.iter().map(|d| d.feature.clone()).collect();
        let layout = Layout::new(&features);
        let bridge = raw.bridge.as_ref().is_some_and(|b| b.value);
        self.check_crossings(&layout, &features, code_span, bridge);
        let fields = match &raw.fields {
            None => self.derive_fields(&layout, &features, edges, &drafts),
            Some(list) => {
                let middle = Middle {
                    bridge,
                    tower: raw.tower.as_ref().is_some_and(|b| b.value),
                };
                self.explicit_fields(list, &layout, &features, edges, &on_edge, middle)
            }
        };
        let mut features = features;
        for (field, _) in &fields {
            let idx = features.len();
            for h in &field.halves {
                on_half[h.index()] = Some(idx);
            }
            features.push(field.clone());
        }
        if self.blocked_since(before) {
            return None;
        }
        let (symbols, marked_city) = self.symbols(raw, &drafts);
        if self.blocked_since(before) {
            return None;
        }
        let flag = |f: &Option<Spanned<bool>>| f.as_ref().is_some_and(|v| v.value);
        let tower = flag(&raw.tower);
        let jcz_rot = match raw.jcz_rot.as_ref() {
            None => 0,
            Some(r) if matches!(r.value, 0 | 90 | 180 | 270) => r.value as u32,
            Some(r) => {
                self.errors.push(E::BadJczRotation { span: self.span(r) });
                return None;
            }
        };
        let jcz = raw
            .jcz
            .as_ref()
            .map(|j| (j.value.trim().to_string(), jcz_rot));
        Some(Tile {
            symbols,
            jcz,
            marked_city,
            id,
            count: count as u32,
            per_player: flag(&raw.per_player),
            hole_only: flag(&raw.hole_only),
            tower,
            start: flag(&raw.start),
            at: self.start_at(raw, count),
            last: flag(&raw.last),
            edges,
            cloister: features
                .iter()
                .position(|f| f.kind == FeatureKind::Cloister),
            // Roads that end at a tower end at no village.
            village: !tower && features.iter().any(|f| f.ends == Some(End::Village)),
            features,
            on_edge,
            shared,
            on_half,
        })
    }

    /// The start block as a whole: one tile at [0, 0], no two at one
    /// place, no start tile beside it.
    fn check_block(
        &mut self,
        tiles: &[Tile],
        spans: &[(SourceSpan, SourceSpan)],
        list: SourceSpan,
    ) {
        let block: Vec<usize> = (0..tiles.len())
            .filter(|&i| tiles[i].at.is_some())
            .collect();
        if block.is_empty() {
            return;
        }
        let mut problem = None;
        if !block.iter().any(|&i| tiles[i].at == Some((0, 0))) {
            problem = Some((
                "no tile of the start block lies at [0, 0]".to_string(),
                list,
            ));
        }
        for (k, &i) in block.iter().enumerate() {
            if let Some(&j) = block[..k].iter().find(|&&j| tiles[j].at == tiles[i].at) {
                problem = Some((
                    format!("{} and {} lie at the same place", tiles[j].id, tiles[i].id),
                    spans[i].0,
                ));
            }
        }
        if let Some(i) = (0..tiles.len()).find(|&i| tiles[i].start) {
            problem = Some((
                "a set with a start block has no start tile".to_string(),
                spans[i].0,
            ));
        }
        if let Some((problem, span)) = problem {
            self.errors.push(E::BadStartBlock { problem, span });
        }
    }

    /// Where a tile of the start block lies (`at: [x, y]`): one tile there.
    fn start_at(&mut self, raw: &RawTile, count: i64) -> Option<(i32, i32)> {
        let at = raw.at.as_ref()?;
        let span = self.span(at);
        let pos = match &at.value[..] {
            [x, y] => crate::geometry::Pos::checked(x.value, y.value),
            _ => None,
        };
        let problem = match pos {
            None => Some("`at` is two whole numbers on the board: `[x, y]`".to_string()),
            Some(_) if count != 1 => Some(format!(
                "a tile that lies on the board from the start is one tile, not {count}"
            )),
            Some(_) if raw.start.as_ref().is_some_and(|s| s.value) => {
                Some("a tile is the start tile or lies in the start block, not both".to_string())
            }
            Some(_) => None,
        };
        if let Some(problem) = problem {
            self.errors.push(E::BadStartBlock { problem, span });
            return None;
        }
        pos.map(|p| (p.x, p.y))
    }

    /// The cities' `shares`: per edge, the second city that reaches it
    /// (the city entries are the first drafts, in their order).
    fn shared_edges(
        &mut self,
        raw: &RawTile,
        edges: [EdgeKind; 4],
        drafts: &[Draft],
        on_edge: &[Option<usize>; 4],
    ) -> [Option<usize>; 4] {
        let mut shared = [None; 4];
        let Some(list) = &raw.cities else {
            return shared;
        };
        for (i, entry) in list.value.iter().enumerate() {
            let Some(s) = &entry.value.shares else {
                continue;
            };
            for e in self.parse_edges(s).unwrap_or_default() {
                let why = match on_edge[e.index()] {
                    _ if edges[e.index()] != EdgeKind::City => Some("it is no `C` edge"),
                    Some(j) if j == i => Some("the city holds that edge itself"),
                    Some(j) if drafts[j].feature.kind != FeatureKind::City => {
                        Some("no other city holds it")
                    }
                    None => Some("no other city holds it"),
                    Some(_) if shared[e.index()].is_some() => {
                        Some("another city shares it already")
                    }
                    Some(_) => None,
                };
                match why {
                    Some(why) => self.errors.push(E::BadSharedEdge {
                        edge: e.letter(),
                        why,
                        span: self.span(s),
                    }),
                    None => shared[e.index()] = Some(i),
                }
            }
        }
        shared
    }

    fn ranged(
        &mut self,
        v: Option<&Spanned<i64>>,
        what: &'static str,
        min: i64,
        max: i64,
    ) -> Option<i64> {
        let v = v?;
        if (min..=max).contains(&v.value) {
            Some(v.value)
        } else {
            self.errors.push(E::OutOfRange {
                what,
                help: if what.contains("rate") {
                    "a modifier's rates are whole numbers of points, 0 to 1000"
                } else if what.contains("figure") {
                    "a set brings 0 to 1000 of a figure per player"
                } else {
                    "a tile's count is at least 1; pennants are 0 or more"
                },
                value: v.value,
                min,
                max,
                span: self.span(v),
            });
            None
        }
    }

    fn edge_code(&mut self, raw: &Spanned<String>) -> Option<[EdgeKind; 4]> {
        let span = self.span(raw);
        let text = raw.value.trim();
        let len = text.chars().count();
        if len != 4 {
            self.errors.push(E::EdgeCodeLength {
                code: text.to_string(),
                len,
                span,
            });
            return None;
        }
        let mut out = [EdgeKind::Field; 4];
        let mut ok = true;
        for (i, c) in text.chars().enumerate() {
            if let Some(k) = EdgeKind::from_letter(c) {
                out[i] = k;
            } else {
                ok = false;
                self.errors.push(E::EdgeCodeLetter {
                    letter: c,
                    span: self.src.char_in(span, i),
                });
            }
        }
        ok.then_some(out)
    }

    fn parse_edges(&mut self, v: &Spanned<String>) -> Option<Vec<Edge>> {
        let mut out = Vec::new();
        for c in v.value.chars() {
            if matches!(c, '+' | '-' | '–' | ',' | ' ' | '/') {
                continue;
            }
            match Edge::from_letter(c) {
                Some(e) if !out.contains(&e) => out.push(e),
                _ => {
                    out.clear();
                    break;
                }
            }
        }
        if out.is_empty() {
            self.errors.push(E::BadEdges {
                text: v.value.clone(),
                span: self.span(v),
            });
            return None;
        }
        Some(out)
    }

    fn parse_halves(&mut self, v: &Spanned<String>) -> Option<Vec<Half>> {
        let mut out = Vec::new();
        for part in v
            .value
            .split(['+', ',', ' ', '/'])
            .filter(|p| !p.is_empty())
        {
            match Half::from_name(part) {
                Some(h) if !out.contains(&h) => out.push(h),
                _ => {
                    self.errors.push(E::BadHalves {
                        text: v.value.clone(),
                        span: self.span(v),
                    });
                    return None;
                }
            }
        }
        if out.is_empty() {
            self.errors.push(E::BadHalves {
                text: v.value.clone(),
                span: self.span(v),
            });
            return None;
        }
        Some(out)
    }

    /// Reports keys of an entry that do not apply to its kind.
    fn misplaced(&mut self, raw: &RawFeature, kind: FeatureKind) {
        let allowed = match kind {
            FeatureKind::City => {
                "name, edges, pennants, goods, with, princess, shares, landmark, castle"
            }
            FeatureKind::Road => "name, edges, ends, with",
            FeatureKind::River => "name, edges, ends",
            _ => "name, halves, touches, apart",
        };
        let kind_word = kind.word();
        let s = self.src;
        if kind != FeatureKind::City
            && let Some(p) = &raw.pennants
        {
            self.errors.push(E::PennantOutsideCity {
                kind: kind_word,
                span: s.span(p),
            });
        }
        let mut bad = |key: &'static str, span: Option<SourceSpan>| {
            if let Some(span) = span {
                self.errors.push(E::MisplacedKey {
                    key,
                    kind: kind_word,
                    allowed,
                    span,
                });
            }
        };
        match kind {
            FeatureKind::City => {
                bad("halves", raw.halves.as_ref().map(|v| s.span(v)));
                bad("ends", raw.ends.as_ref().map(|v| s.span(v)));
                bad("touches", raw.touches.as_ref().map(|v| s.span(v)));
                bad("apart", raw.apart.as_ref().map(|v| s.span(v)));
            }
            FeatureKind::Road | FeatureKind::River => {
                bad("castle", raw.base.as_ref().map(|v| s.span(v)));
                bad("landmark", raw.landmark.as_ref().map(|v| s.span(v)));
                bad("shares", raw.shares.as_ref().map(|v| s.span(v)));
                bad("apart", raw.apart.as_ref().map(|v| s.span(v)));
                bad("princess", raw.princess.as_ref().map(|v| s.span(v)));
                bad("goods", raw.goods.as_ref().map(|v| s.span(v)));
                bad("halves", raw.halves.as_ref().map(|v| s.span(v)));
                bad("touches", raw.touches.as_ref().map(|v| s.span(v)));
                if kind == FeatureKind::River {
                    bad("with", raw.with.as_ref().map(|v| s.span(v)));
                }
            }
            _ => {
                bad("castle", raw.base.as_ref().map(|v| s.span(v)));
                bad("landmark", raw.landmark.as_ref().map(|v| s.span(v)));
                bad("shares", raw.shares.as_ref().map(|v| s.span(v)));
                bad("princess", raw.princess.as_ref().map(|v| s.span(v)));
                bad("goods", raw.goods.as_ref().map(|v| s.span(v)));
                bad("edges", raw.edges.as_ref().map(|v| s.span(v)));
                bad("ends", raw.ends.as_ref().map(|v| s.span(v)));
                bad("with", raw.with.as_ref().map(|v| s.span(v)));
            }
        }
    }

    /// The symbols a tile shows (`symbol`, then `symbols`), each declared
    /// by the set, and the city the princess stands in (the tile's only
    /// city, or the one marked `princess: true`).
    fn symbols(&mut self, raw: &RawTile, drafts: &[Draft]) -> (Vec<String>, Option<usize>) {
        let marked: Vec<usize> = raw
            .cities
            .iter()
            .flat_map(|l| l.value.iter())
            .enumerate()
            .filter(|(_, c)| c.value.princess.as_ref().is_some_and(|p| p.value))
            .map(|(i, _)| i)
            .collect();
        let written = raw
            .symbol
            .iter()
            .chain(raw.symbols.iter().flat_map(|l| l.value.iter()));
        let mut symbols: Vec<String> = Vec::new();
        for w in written {
            let word = w.value.trim();
            if !self.symbols.iter().any(|s| s == word) {
                let help = if self.symbols.is_empty() {
                    "the set declares no symbol: list the words its tiles show under `symbols:` at the top of the set (docs/tilesets.md, \"Symbols\")".to_string()
                } else {
                    format!(
                        "{}the set declares {} (add a word to `symbols:` to declare it)",
                        crate::suggest::did_you_mean(word, self.symbols.iter().map(String::as_str)),
                        self.symbols.join(", ")
                    )
                };
                self.errors.push(E::UnknownSymbol {
                    name: crate::text::cut(word, crate::text::MAX_NAME).into_owned(),
                    help,
                    span: self.span(w),
                });
            } else if !symbols.iter().any(|s| s == word) {
                symbols.push(word.to_string());
            }
        }
        let cities: Vec<usize> = (0..drafts.len())
            .filter(|&i| drafts[i].feature.kind == FeatureKind::City)
            .collect();
        let span = raw
            .symbol
            .as_ref()
            .map_or_else(|| self.span(&raw.id), |w| self.span(w));
        if !symbols.iter().any(|s| s == PRINCESS) {
            if !marked.is_empty() {
                self.errors.push(E::PrincessPlace {
                    why: "a city is marked `princess: true`, but the tile does not show the `princess` symbol",
                    span,
                });
            }
            return (symbols, None);
        }
        // Cities written out come first among the drafts, in the order
        // written.
        let princess = match (&marked[..], &cities[..]) {
            ([one], _) => cities.get(*one).copied(),
            ([], [only]) => Some(*only),
            ([], []) => {
                self.errors.push(E::PrincessPlace {
                    why: "the princess stands in a city, and the tile has none",
                    span,
                });
                None
            }
            _ => {
                self.errors.push(E::PrincessPlace {
                    why: "the tile has several cities: mark the princess's one with `princess: true` (once)",
                    span,
                });
                None
            }
        };
        (symbols, princess)
    }

    fn cities(
        &mut self,
        raw: &RawTile,
        edges: [EdgeKind; 4],
        code_span: SourceSpan,
        drafts: &mut Vec<Draft>,
    ) {
        match &raw.cities {
            None => {
                let city_edges: Vec<Edge> = Edge::ALL
                    .into_iter()
                    .filter(|e| edges[e.index()] == EdgeKind::City)
                    .collect();
                if !city_edges.is_empty() {
                    let mut f = Feature::new(FeatureKind::City);
                    f.edges = city_edges;
                    drafts.push(Draft {
                        feature: f,
                        span: code_span,
                        edges_span: code_span,
                        pending_end: None,
                    });
                }
            }
            Some(list) => {
                for entry in &list.value {
                    let r = &entry.value;
                    self.misplaced(r, FeatureKind::City);
                    let mut f = Feature::new(FeatureKind::City);
                    f.name = r
                        .name
                        .as_ref()
                        .map(|n| n.value.trim_start_matches('#').to_string());
                    if let Some(e) = &r.edges {
                        f.edges = self.parse_edges(e).unwrap_or_default();
                    }
                    if let Some(p) = self.ranged(r.pennants.as_ref(), "pennants", 0, MAX_PENNANTS) {
                        f.add_extra(super::model::PENNANT, p as u32);
                    }
                    if let Some(g) = &r.goods {
                        self.goods(g, &mut f);
                    }
                    if let Some(w) = &r.with {
                        self.with(w, &mut f);
                    }
                    f.no_base = r.base.as_ref().is_some_and(|b| !b.value);
                    if r.landmark.as_ref().is_some_and(|l| l.value) {
                        f.landmark = true;
                        let why = if f.name.is_none() {
                            Some("has no `name`")
                        } else if r.edges.is_some() || r.shares.is_some() {
                            Some("reaches an edge")
                        } else if !f.extras.is_empty() {
                            Some("carries something")
                        } else {
                            None
                        };
                        if let Some(why) = why {
                            self.errors.push(E::BadLandmark {
                                why,
                                span: self.span(entry),
                            });
                        }
                    }
                    if r.edges.is_none() && f.name.is_none() {
                        self.errors.push(E::Nowhere {
                            kind: "city",
                            span: self.span(entry),
                        });
                    }
                    drafts.push(Draft {
                        feature: f,
                        span: self.span(entry),
                        edges_span: r.edges.as_ref().map_or(self.span(entry), |e| self.span(e)),
                        pending_end: None,
                    });
                }
            }
        }
        if let Some(p) = &raw.pennants {
            let cities: Vec<usize> = (0..drafts.len())
                .filter(|&i| drafts[i].feature.kind == FeatureKind::City)
                .collect();
            match cities[..] {
                [] => self.errors.push(E::PennantOutsideCity {
                    kind: "tile without a city",
                    span: self.span(p),
                }),
                [one] => {
                    if let Some(n) = self.ranged(Some(p), "pennants", 0, MAX_PENNANTS) {
                        drafts[one]
                            .feature
                            .add_extra(super::model::PENNANT, n as u32);
                    }
                }
                _ => self.errors.push(E::PennantAmbiguous {
                    cities: cities.len(),
                    span: self.span(p),
                }),
            }
        }
        if let Some(g) = &raw.goods {
            let cities: Vec<usize> = (0..drafts.len())
                .filter(|&i| drafts[i].feature.kind == FeatureKind::City)
                .collect();
            match cities[..] {
                [] => self.errors.push(E::GoodsOutsideCity { span: self.span(g) }),
                [one] => self.goods(g, &mut drafts[one].feature),
                _ => self.errors.push(E::GoodsAmbiguous {
                    cities: cities.len(),
                    span: self.span(g),
                }),
            }
        }
    }

    /// Roads or rivers, written or derived from the edge code.
    fn paths(
        &mut self,
        list: Option<&Spanned<Vec<Spanned<RawFeature>>>>,
        kind: FeatureKind,
        edges: [EdgeKind; 4],
        code_span: SourceSpan,
        drafts: &mut Vec<Draft>,
    ) {
        let (letter_kind, kinds) = match kind {
            FeatureKind::Road => (EdgeKind::Road, "roads"),
            _ => (EdgeKind::River, "rivers"),
        };
        let has_cloister = drafts
            .iter()
            .any(|d| d.feature.kind == FeatureKind::Cloister);
        let Some(list) = list else {
            let own: Vec<Edge> = Edge::ALL
                .into_iter()
                .filter(|e| edges[e.index()] == letter_kind)
                .collect();
            let derived = |edges: Vec<Edge>, ends: Option<End>| {
                let mut f = Feature::new(kind);
                f.edges = edges;
                f.ends = ends;
                Draft {
                    feature: f,
                    span: code_span,
                    edges_span: code_span,
                    pending_end: None,
                }
            };
            match own.len() {
                0 => {}
                2 => drafts.push(derived(own, None)),
                1 if kind == FeatureKind::River => drafts.push(derived(own, Some(End::Water))),
                1 if has_cloister => drafts.push(derived(own, Some(End::Cloister))),
                1 => self.errors.push(E::EndAmbiguous {
                    kind: kind.word(),
                    kinds,
                    edge: own[0].letter(),
                    span: self.src.char_in(code_span, own[0].index()),
                }),
                _ => {
                    for e in own {
                        drafts.push(derived(vec![e], Some(End::Village)));
                    }
                }
            }
            return;
        };
        let singles =
            list.value
                .iter()
                .filter(|r| {
                    r.value.edges.as_ref().is_some_and(|e| {
                        e.value.chars().filter(char::is_ascii_alphabetic).count() == 1
                    })
                })
                .count();
        for entry in &list.value {
            let r = &entry.value;
            self.misplaced(r, kind);
            let mut f = Feature::new(kind);
            f.name = r
                .name
                .as_ref()
                .map(|n| n.value.trim_start_matches('#').to_string());
            let Some(edges_v) = &r.edges else {
                self.errors.push(E::Nowhere {
                    kind: kind.word(),
                    span: self.span(entry),
                });
                continue;
            };
            let Some(list) = self.parse_edges(edges_v) else {
                continue;
            };
            // A road may reach three or four edges without a village (one
            // road with three ends); a river reaches one or two.
            if list.len() > 2 && kind != FeatureKind::Road {
                self.errors.push(E::BadEdgeCount {
                    kind: kind.word(),
                    count: list.len(),
                    span: self.span(edges_v),
                });
                continue;
            }
            let mut pending_end = None;
            if list.len() >= 2 {
                if let Some(ends) = &r.ends {
                    self.errors.push(E::MisplacedKey {
                        key: "ends",
                        kind: "road or river that crosses the tile",
                        allowed: "name, edges",
                        span: self.span(ends),
                    });
                }
            } else if let Some(ends) = &r.ends {
                pending_end = Some((ends.value.trim().to_string(), self.span(ends)));
            } else if kind == FeatureKind::River {
                f.ends = Some(End::Water);
            } else if has_cloister {
                f.ends = Some(End::Cloister);
            } else if singles >= 3 {
                f.ends = Some(End::Village);
            } else {
                self.errors.push(E::EndAmbiguous {
                    kind: kind.word(),
                    kinds,
                    edge: list[0].letter(),
                    span: self.span(edges_v),
                });
            }
            f.edges = list;
            if let Some(w) = &r.with {
                self.with(w, &mut f);
            }
            drafts.push(Draft {
                feature: f,
                span: self.span(entry),
                edges_span: self.span(edges_v),
                pending_end,
            });
        }
    }

    fn check_names(&mut self, drafts: &[Draft]) {
        for (i, d) in drafts.iter().enumerate() {
            if let Some(n) = &d.feature.name
                && drafts[..i]
                    .iter()
                    .any(|o| o.feature.name.as_ref() == Some(n))
            {
                self.errors.push(E::DuplicateName {
                    name: n.clone(),
                    span: d.span,
                });
            }
        }
    }

    fn resolve_ends(&mut self, drafts: &mut [Draft]) {
        let only = |kind: FeatureKind, drafts: &[Draft]| {
            let all: Vec<usize> = (0..drafts.len())
                .filter(|&i| drafts[i].feature.kind == kind)
                .collect();
            if all.len() == 1 { Some(all[0]) } else { None }
        };
        for i in 0..drafts.len() {
            let Some((value, span)) = drafts[i].pending_end.take() else {
                continue;
            };
            let kind = drafts[i].feature.kind;
            let lower = value.to_ascii_lowercase();
            let end = match (kind, lower.as_str()) {
                // A tower ends roads as a village does (The Tower).
                (FeatureKind::Road, "village" | "crossing" | "tower") => Some(End::Village),
                (FeatureKind::Road, "tile" | "house" | "well") => Some(End::Inside),
                (FeatureKind::Road, "cloister" | "monastery") => {
                    only(FeatureKind::Cloister, drafts).map(|_| End::Cloister)
                }
                (FeatureKind::Road, "city") => only(FeatureKind::City, drafts).map(End::Feature),
                (FeatureKind::Road, "river") => only(FeatureKind::River, drafts).map(End::Feature),
                (FeatureKind::River, "spring" | "lake") => Some(End::Water),
                (_, name) if name.starts_with('#') => {
                    let name = &value[1..];
                    drafts
                        .iter()
                        .position(|d| d.feature.name.as_deref() == Some(name))
                        .filter(|&j| j != i)
                        .map(End::Feature)
                }
                _ => None,
            };
            match end {
                Some(e) => drafts[i].feature.ends = Some(e),
                None => self.errors.push(E::BadEnd {
                    value,
                    help: match kind {
                        FeatureKind::Road => "a road ends at `village`, `tower` (a tower foundation), `tile` (a house or well that is no feature), `cloister`, `city` or `river` (the tile's only one), or at `#name`".into(),
                        _ => "a river ends at `spring`, `lake` or `#name`".into(),
                    },
                    span,
                }),
            }
        }
    }

    fn cover_edges(
        &mut self,
        edges: [EdgeKind; 4],
        code_span: SourceSpan,
        drafts: &[Draft],
        on_edge: &mut [Option<usize>; 4],
        on_half: &mut [Option<usize>; 8],
        report_uncovered: bool,
    ) {
        for (i, d) in drafts.iter().enumerate() {
            let want = match d.feature.kind {
                FeatureKind::City => EdgeKind::City,
                FeatureKind::Road => EdgeKind::Road,
                FeatureKind::River => EdgeKind::River,
                _ => continue,
            };
            for e in &d.feature.edges {
                let have = edges[e.index()];
                if have != want {
                    self.errors.push(E::EdgeMismatch {
                        edge: e.letter(),
                        feature: want.word(),
                        code: have.word(),
                        span: d.edges_span,
                    });
                } else if on_edge[e.index()].is_some() {
                    self.errors.push(E::EdgeCoveredTwice {
                        edge: e.letter(),
                        kind: want.word(),
                        span: d.edges_span,
                    });
                } else {
                    on_edge[e.index()] = Some(i);
                    if want == EdgeKind::City {
                        for h in e.halves() {
                            on_half[h.index()] = Some(i);
                        }
                    }
                }
            }
        }
        for e in Edge::ALL {
            let kind = edges[e.index()];
            if report_uncovered
                && matches!(kind, EdgeKind::City | EdgeKind::Road | EdgeKind::River)
                && on_edge[e.index()].is_none()
            {
                self.errors.push(E::EdgeUncovered {
                    edge: e.letter(),
                    kind: kind.word(),
                    span: self.src.char_in(code_span, e.index()),
                });
            }
        }
    }

    /// Features that cross; on a `bridge` tile, roads and cities may pass
    /// over one another.
    fn check_crossings(
        &mut self,
        layout: &Layout,
        features: &[Feature],
        span: SourceSpan,
        bridge: bool,
    ) {
        let name_of = |comp: usize| {
            let members: Vec<&Feature> = (0..features.len())
                .filter(|&i| layout.component[i] == comp)
                .map(|i| &features[i])
                .collect();
            let all = |kinds: &[FeatureKind]| members.iter().all(|f| kinds.contains(&f.kind));
            let sides = (
                all(&[FeatureKind::River]),
                all(&[FeatureKind::Road]),
                all(&[FeatureKind::Road, FeatureKind::City]),
            );
            let name = members
                .iter()
                .map(|f| f.describe())
                .collect::<Vec<_>>()
                .join(" with ");
            (name, sides)
        };
        for (c, d) in layout.crossings() {
            let (a, (a_river, a_road, a_built)) = name_of(c);
            let (b, (b_river, b_road, b_built)) = name_of(d);
            // A road may cross a river on a bridge, and roads and cities may
            // cross one another on a tile that says it has a bridge.
            if (a_river && b_road) || (a_road && b_river) || (bridge && a_built && b_built) {
                continue;
            }
            self.errors.push(E::Crossing {
                first: a,
                second: b,
                span,
            });
        }
    }

    /// Field slots of a tile: the halves of road, field and river edges, and
    /// the middles of field edges.
    fn field_slots(edges: [EdgeKind; 4]) -> Vec<usize> {
        let mut out = Vec::new();
        for e in Edge::ALL {
            let k = edges[e.index()];
            // Derived fields never reach an inner edge: a field that does
            // is written.
            if k.has_field_halves() && k != EdgeKind::Inner {
                out.push(half_slot(e.halves()[0]));
                if k == EdgeKind::Field {
                    out.push(mid_slot(e));
                }
                out.push(half_slot(e.halves()[1]));
            }
        }
        out
    }

    fn derive_fields(
        &mut self,
        layout: &Layout,
        features: &[Feature],
        edges: [EdgeKind; 4],
        drafts: &[Draft],
    ) -> Vec<(Feature, SourceSpan)> {
        let faces = layout.faces(&Self::field_slots(edges));
        let mut out: Vec<(Feature, SourceSpan)> = faces
            .iter()
            .map(|slots| {
                let mut f = Feature::new(FeatureKind::Field);
                f.halves = sorted_halves(slots);
                f.touches = layout.must_touch(features, slots);
                (f, SourceSpan::from((0, 0)))
            })
            .collect();
        // Cities that meet no edge and hang on nothing lie in some field.
        for (i, f) in features.iter().enumerate() {
            let isolated = f.kind == FeatureKind::City
                && f.edges.is_empty()
                && layout.contacts[layout.component[i]].is_empty();
            if !isolated {
                continue;
            }
            match out.len() {
                0 => {}
                1 => out[0].0.touches.push(i),
                _ => self.errors.push(E::ContactAmbiguous {
                    city: f.describe(),
                    span: drafts[i].span,
                }),
            }
        }
        out
    }

    fn explicit_fields(
        &mut self,
        list: &Spanned<Vec<Spanned<RawFeature>>>,
        layout: &Layout,
        features: &[Feature],
        edges: [EdgeKind; 4],
        on_edge: &[Option<usize>; 4],
        middle: Middle,
    ) -> Vec<(Feature, SourceSpan)> {
        let Middle { bridge, tower } = middle;
        let mut out: Vec<WrittenField> = Vec::new();
        let mut covered: [bool; 8] = [false; 8];
        let before = self.errors.len();
        for entry in &list.value {
            let r = &entry.value;
            self.misplaced(r, FeatureKind::Field);
            let mut f = Feature::new(FeatureKind::Field);
            f.name = r
                .name
                .as_ref()
                .map(|n| n.value.trim_start_matches('#').to_string());
            let span = r.halves.as_ref().map_or(self.span(entry), |h| self.span(h));
            if let Some(h) = &r.halves {
                f.halves = self.parse_halves(h).unwrap_or_default();
            } else if f.name.is_none() {
                self.errors.push(E::Nowhere {
                    kind: "field",
                    span: self.span(entry),
                });
            }
            for h in &f.halves {
                let k = edges[h.edge().index()];
                if !k.has_field_halves() {
                    self.errors.push(E::HalfMismatch {
                        half: h.name(),
                        edge: h.edge().letter(),
                        kind: k.word(),
                        span,
                    });
                } else if covered[h.index()] {
                    self.errors.push(E::HalfCoveredTwice {
                        half: h.name(),
                        span,
                    });
                } else {
                    covered[h.index()] = true;
                }
            }
            let mut touch_spans = Vec::new();
            for t in r.touches.iter().flat_map(|t| t.value.iter()) {
                match Self::city_ref(&t.value, features, on_edge) {
                    Some(c) if !f.touches.contains(&c) => {
                        f.touches.push(c);
                        touch_spans.push((c, self.span(t)));
                    }
                    Some(_) => {}
                    None => self.errors.push(E::UnknownCity {
                        reference: t.value.clone(),
                        span: self.span(t),
                    }),
                }
            }
            // Cities the field meets only at a corner of the tile, which
            // the drawing keeps apart from it (PD10's western field).
            let mut apart = Vec::new();
            for t in r.apart.iter().flat_map(|t| t.value.iter()) {
                match Self::city_ref(&t.value, features, on_edge) {
                    Some(c) if f.touches.contains(&c) => self.errors.push(E::ContactImpossible {
                        field: f.describe(),
                        city: features[c].describe(),
                        reference: city_reference(&features[c]),
                        span: self.span(t),
                    }),
                    Some(c) => apart.push(c),
                    None => self.errors.push(E::UnknownCity {
                        reference: t.value.clone(),
                        span: self.span(t),
                    }),
                }
            }
            let mut slots: Vec<usize> = f.halves.iter().map(|h| half_slot(*h)).collect();
            for e in Edge::ALL {
                let [a, b] = e.halves();
                if edges[e.index()] == EdgeKind::Field
                    && f.halves.contains(&a)
                    && f.halves.contains(&b)
                {
                    slots.push(mid_slot(e));
                }
            }
            slots.sort_unstable();
            f.halves = sorted_halves(&slots);
            out.push((f, span, slots, touch_spans, apart));
        }
        let parsed_cleanly = self.errors.len() == before;
        for e in Edge::ALL.into_iter().filter(|_| parsed_cleanly) {
            // An inner edge's halves may belong to no field.
            if edges[e.index()].has_field_halves() && edges[e.index()] != EdgeKind::Inner {
                for h in e.halves() {
                    if !covered[h.index()] {
                        self.errors.push(E::HalfUncovered {
                            half: h.name(),
                            span: self.span(list),
                        });
                    }
                }
            }
        }
        for (f, span, slots, touch_spans, apart) in &out {
            let cut = slots
                .iter()
                .enumerate()
                .find_map(|(i, &a)| slots[i + 1..].iter().find_map(|&b| layout.separator(a, b)));
            // On a bridge tile a field may pass under a road or a city
            // (AM12's southern field, under its road).
            if let Some(comp) = cut.filter(|_| !bridge) {
                let barrier = (0..features.len())
                    .filter(|&i| layout.component[i] == comp)
                    .map(|i| features[i].describe())
                    .collect::<Vec<_>>()
                    .join(" with ");
                self.errors.push(E::FieldCrosses {
                    field: f.describe(),
                    barrier,
                    span: *span,
                });
                continue;
            }
            for c in layout.must_touch(features, slots) {
                if !f.touches.contains(&c) && !apart.contains(&c) {
                    self.errors.push(E::ContactMissing {
                        field: f.describe(),
                        city: features[c].describe(),
                        reference: city_reference(&features[c]),
                        span: *span,
                    });
                }
            }
            // A field inside the tile (a name, no half-edges) lies among
            // the tile's cities and may touch any of them; on a tower tile
            // a field may meet a city at the foundation in the middle
            // (TW13's field below its road).
            for &(c, at) in touch_spans.iter().filter(|_| !slots.is_empty() && !tower) {
                if !layout.may_touch(features, slots, c) {
                    self.errors.push(E::ContactImpossible {
                        field: f.describe(),
                        city: features[c].describe(),
                        reference: city_reference(&features[c]),
                        span: at,
                    });
                }
            }
        }
        for i in 0..out.len() {
            for j in i + 1..out.len() {
                if interleave(&out[i].2, &out[j].2) {
                    self.errors.push(E::FieldsCross {
                        first: out[i].0.describe(),
                        second: out[j].0.describe(),
                        span: out[j].1,
                    });
                }
            }
        }
        out.into_iter().map(|(f, s, _, _, _)| (f, s)).collect()
    }

    fn city_ref(r: &str, features: &[Feature], on_edge: &[Option<usize>; 4]) -> Option<usize> {
        let r = r.trim();
        if let Some(name) = r.strip_prefix('#') {
            return features
                .iter()
                .position(|f| f.kind == FeatureKind::City && f.name.as_deref() == Some(name));
        }
        let mut chars = r.chars();
        if let (Some(c), None) = (chars.next(), chars.next())
            && let Some(e) = Edge::from_letter(c)
        {
            return on_edge[e.index()].filter(|&i| features[i].kind == FeatureKind::City);
        }
        None
    }
}

/// A spelled-out field: the feature, its `halves` span, its border slots,
/// each touched city with the span of its reference, and the cities it
/// meets only at a corner, apart (`apart:`).
type WrittenField = (
    Feature,
    SourceSpan,
    Vec<usize>,
    Vec<(usize, SourceSpan)>,
    Vec<usize>,
);

/// How a file refers to a city: by its first edge, or by name.
fn city_reference(city: &Feature) -> String {
    match (&city.name, city.edges.first()) {
        (_, Some(e)) => e.to_string(),
        (Some(n), None) => format!("#{n}"),
        (None, None) => "?".into(),
    }
}

/// The half-edges among `slots`, in clockwise order from `NNE`.
fn sorted_halves(slots: &[usize]) -> Vec<Half> {
    let mut h: Vec<Half> = slots.iter().filter_map(|&s| slot_half(s)).collect();
    h.sort();
    h
}

/// Whether two sets of border slots interleave around the circle.
fn interleave(p: &[usize], q: &[usize]) -> bool {
    let inside = |from: usize, to: usize, s: usize| {
        s != from && s != to && (s + SLOTS - from) % SLOTS < (to + SLOTS - from) % SLOTS
    };
    p.iter().any(|&a| {
        p.iter().any(|&b| {
            a != b && q.iter().any(|&x| inside(a, b, x)) && q.iter().any(|&y| inside(b, a, y))
        })
    })
}

/// What lies in the middle of a tile, for the fields written out: a
/// bridge (they may pass under roads and cities) and a tower foundation
/// (they may meet a city there).
#[derive(Debug, Clone, Copy)]
struct Middle {
    bridge: bool,
    tower: bool,
}
