//! Rulesets: the rule variants as data.
//!
//! A ruleset is a small TOML file of toggles. Every key is optional; missing
//! keys come from the ruleset named by `extends`, or from `modern`. The
//! engine never asks which edition it plays: it reads these values, and
//! [`crate::engine::scoring`] is the one place that turns them into points.

mod error;

pub use error::RulesError;

use std::path::Path;

use miette::SourceSpan;
use serde::Deserialize;
use toml::Spanned;

use crate::diagnostic::{Class, Finding, read_source};
use crate::source::SourceFile;

/// How farms are scored at the end of the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FarmScoring {
    /// 2000: each completed city pays 4 to the player(s) with most farmers on
    /// all the farms around it.
    First,
    /// 2001: 3 per completed city touching a farm the player owns, each city
    /// at most once per player.
    Second,
    /// Current: each farm pays its owners 3 per completed city it touches.
    Third,
}

impl FarmScoring {
    /// The value as written in rulesets.
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            FarmScoring::First => "first",
            FarmScoring::Second => "second",
            FarmScoring::Third => "third",
        }
    }
}

/// Whether abbeys may still be placed after the last land tile.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EndGameAbbey {
    /// One final round of abbey placements.
    FinalRound,
    /// The game ends with the last land tile.
    None,
}

impl EndGameAbbey {
    /// The value as written in rulesets.
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            EndGameAbbey::FinalRound => "final-round",
            EndGameAbbey::None => "none",
        }
    }
}

/// A validated ruleset.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Ruleset {
    /// Shown in every report.
    pub name: String,
    /// A completed two-tile city scores 1 per tile and pennant.
    pub small_city: bool,
    /// Farm scoring edition.
    pub farm_scoring: FarmScoring,
    /// Abbeys after the last land tile.
    pub end_game_abbey: EndGameAbbey,
    /// Unfinished roads, cities and cloisters score at the end.
    pub incomplete_features_score: bool,
    /// Followers each player has.
    pub followers: u32,
}

/// Names of the built-in rulesets, the default first.
pub const BUILTIN: [&str; 5] = [
    "modern",
    "first-edition",
    "second-edition",
    "hig-faq-2007",
    "all-or-nothing",
];

/// What each built-in ruleset is, for reports and docs.
#[must_use]
pub fn builtin_description(name: &str) -> Option<&'static str> {
    Some(match name {
        "modern" => "HiG since 2002, all C2/C3 printings",
        "first-edition" => "the 2000 rules",
        "second-edition" => "the 2001 rules",
        "hig-faq-2007" => "modern scoring, abbeys only until the last land tile",
        "all-or-nothing" => "modern with unfinished features scoring nothing",
        _ => return None,
    })
}

fn builtin_source(name: &str) -> Option<&'static str> {
    Some(match name {
        "modern" => include_str!("../../rulesets/modern.toml"),
        "first-edition" => include_str!("../../rulesets/first-edition.toml"),
        "second-edition" => include_str!("../../rulesets/second-edition.toml"),
        "hig-faq-2007" => include_str!("../../rulesets/hig-faq-2007.toml"),
        "all-or-nothing" => include_str!("../../rulesets/all-or-nothing.toml"),
        _ => return None,
    })
}

impl Ruleset {
    /// The `modern` values, which missing keys take.
    #[must_use]
    pub fn modern() -> Ruleset {
        Ruleset {
            name: "modern".into(),
            small_city: false,
            farm_scoring: FarmScoring::Third,
            end_game_abbey: EndGameAbbey::FinalRound,
            incomplete_features_score: true,
            followers: 7,
        }
    }

    /// A built-in ruleset by name.
    #[must_use]
    pub fn builtin(name: &str) -> Option<Ruleset> {
        let text = builtin_source(name)?;
        load_source(&SourceFile::new(format!("builtin:{name}"), text), None, 0).ok()
    }
}

/// A carca ruleset: toggles for the rule variants of Carcassonne's
/// editions (docs/rulesets.md). Every key is optional; missing keys come
/// from the ruleset named by `extends`, or from `modern`.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(title = "carca ruleset")]
struct RawRuleset {
    /// Shown in every report (default: the file name).
    #[schemars(with = "Option<String>")]
    name: Option<Spanned<String>>,
    /// The ruleset this one starts from: a built-in name (`modern`,
    /// `first-edition`, `second-edition`, `hig-faq-2007`, `all-or-nothing`)
    /// or a path relative to this file.
    #[schemars(with = "Option<String>")]
    extends: Option<Spanned<String>>,
    /// A completed city of exactly two tiles scores 1 per tile and 1 per
    /// pennant instead of 2 and 2.
    #[schemars(with = "Option<bool>")]
    small_city: Option<Spanned<bool>>,
    /// Farm scoring edition: 2000 (`first`), 2001 (`second`) or current
    /// (`third`).
    #[schemars(with = "Option<String>", extend("enum" = ["first", "second", "third"]))]
    farm_scoring: Option<Spanned<String>>,
    /// Whether players holding an abbey may place it in one final round after
    /// the last land tile.
    #[schemars(with = "Option<String>", extend("enum" = ["final-round", "none"]))]
    end_game_abbey: Option<Spanned<String>>,
    /// `none`: unfinished roads, cities and cloisters score nothing at the end.
    #[schemars(with = "Option<String>", extend("enum" = ["score", "none"]))]
    incomplete_features: Option<Spanned<String>>,
    /// Followers each player has (7).
    #[schemars(with = "Option<i64>", range(min = 0, max = 1000))]
    followers: Option<Spanned<i64>>,
}

/// The JSON Schema of ruleset files.
#[must_use]
pub fn schema() -> serde_json::Value {
    serde_json::to_value(schemars::schema_for!(RawRuleset)).unwrap_or_default()
}

/// Longest chain of `extends`.
const MAX_EXTENDS: usize = 16;
/// Most followers a ruleset may give each player.
const MAX_FOLLOWERS: i64 = 1000;

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
pub fn load(spec: &str, base: &Path) -> Result<Ruleset, Vec<Finding>> {
    if let Some(text) = builtin_source(spec) {
        return load_source(&SourceFile::new(format!("builtin:{spec}"), text), None, 0);
    }
    let src =
        crate::diagnostic::read_named(spec, base, "ruleset", &BUILTIN).map_err(|f| vec![*f])?;
    let path = base.join(spec);
    load_source(&src, path.parent(), 0)
}

fn span_of<T>(v: &Spanned<T>) -> SourceSpan {
    let r = v.span();
    SourceSpan::from((r.start, r.end - r.start))
}

/// Parses a ruleset file's text (`extends` resolved relative to `dir`).
pub fn parse(src: &SourceFile, dir: Option<&Path>) -> Result<Ruleset, Vec<Finding>> {
    load_source(src, dir, 0)
}

/// A ruleset's values as written, with their spans, from a TOML file or a
/// record's inline `ruleset:` map; [`resolve`] validates it.
#[derive(Debug, Default, Clone)]
pub struct Draft {
    /// `name`.
    pub name: Option<(String, SourceSpan)>,
    /// `extends`.
    pub extends: Option<(String, SourceSpan)>,
    /// `small_city`.
    pub small_city: Option<(bool, SourceSpan)>,
    /// `farm_scoring`.
    pub farm_scoring: Option<(String, SourceSpan)>,
    /// `end_game_abbey`.
    pub end_game_abbey: Option<(String, SourceSpan)>,
    /// `incomplete_features`.
    pub incomplete_features: Option<(String, SourceSpan)>,
    /// `followers`.
    pub followers: Option<(i64, SourceSpan)>,
}

/// Whether a text is a ruleset at all: empty but for comments, or with a
/// line that sets one of a ruleset's keys or opens one of its tables.
fn looks_like_ruleset(text: &str) -> bool {
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
            .split('=')
            .next()
            .unwrap_or_default()
            .trim()
            .trim_matches('"');
        if l.contains('=') && KEYS.contains(&key) {
            return true;
        }
    }
    !any
}

/// The keys of a ruleset file.
const KEYS: [&str; 7] = [
    "name",
    "extends",
    "small_city",
    "farm_scoring",
    "end_game_abbey",
    "incomplete_features",
    "followers",
];

fn load_source(
    src: &SourceFile,
    dir: Option<&Path>,
    depth: usize,
) -> Result<Ruleset, Vec<Finding>> {
    if !looks_like_ruleset(src.text()) {
        return Err(vec![crate::diagnostic::wrong_kind(
            src,
            "ruleset",
            "it sets none of a ruleset's keys",
        )]);
    }
    let raw: RawRuleset = toml::from_str(src.text()).map_err(|e| {
        let span = e.span().map_or(SourceSpan::from((0, 0)), |r| {
            SourceSpan::from((r.start, r.end - r.start))
        });
        let message = e.message().trim().to_string();
        let unknown = crate::keys::toml(src.text(), crate::keys::ruleset_schema());
        crate::record::with_unknown_keys(
            src,
            &message,
            Finding::new(
                Class::Input,
                src,
                RulesError::Toml {
                    message: message.clone(),
                    span,
                },
            ),
            unknown.into_iter().map(|k| RulesError::UnknownKey {
                help: k.help(),
                key: k.key,
                span: k.span,
            }),
        )
    })?;
    let pair = |v: &Option<Spanned<String>>| v.as_ref().map(|v| (v.get_ref().clone(), span_of(v)));
    let draft = Draft {
        name: pair(&raw.name),
        extends: pair(&raw.extends),
        small_city: raw.small_city.as_ref().map(|v| (*v.get_ref(), span_of(v))),
        farm_scoring: pair(&raw.farm_scoring),
        end_game_abbey: pair(&raw.end_game_abbey),
        incomplete_features: pair(&raw.incomplete_features),
        followers: raw.followers.as_ref().map(|v| (*v.get_ref(), span_of(v))),
    };
    let default_name = src
        .name()
        .rsplit(['/', '\\'])
        .next()
        .unwrap_or("custom")
        .trim_end_matches(".toml")
        .trim_start_matches("builtin:")
        .to_string();
    resolve(&draft, src, dir, depth, &default_name)
}

/// Validates a draft written in `src` (whose `extends` paths are relative to
/// `dir`), filling missing values from the ruleset it extends.
pub fn resolve(
    draft: &Draft,
    src: &SourceFile,
    dir: Option<&Path>,
    depth: usize,
    default_name: &str,
) -> Result<Ruleset, Vec<Finding>> {
    let raw = draft;
    let mut errors = Vec::new();
    let mut rules = match &raw.extends {
        None => Ruleset::modern(),
        Some((_, span)) if depth >= MAX_EXTENDS => {
            errors.push(RulesError::ExtendsTooDeep {
                limit: MAX_EXTENDS,
                span: *span,
            });
            Ruleset::modern()
        }
        Some((name, parent_span)) => {
            let loaded = if let Some(text) = builtin_source(name) {
                load_source(
                    &SourceFile::new(format!("builtin:{name}"), text),
                    None,
                    depth + 1,
                )
            } else {
                let base = dir.map(Path::to_path_buf).unwrap_or_default();
                let path = base.join(name);
                match read_source(&path) {
                    Ok(s) => load_source(&s, path.parent(), depth + 1),
                    Err(_) => {
                        errors.push(RulesError::UnknownExtends {
                            name: name.clone(),
                            known: BUILTIN.join(", "),
                            span: *parent_span,
                        });
                        Ok(Ruleset::modern())
                    }
                }
            };
            match loaded {
                Ok(r) => r,
                Err(mut inner) => {
                    // The parent's own findings come first, then this file's.
                    let mut all = std::mem::take(&mut inner);
                    all.extend(
                        errors
                            .into_iter()
                            .map(|e| Finding::new(Class::Input, src, e)),
                    );
                    return Err(all);
                }
            }
        }
    };
    rules.name = match &raw.name {
        Some((n, _)) => n.trim().to_string(),
        None => default_name.to_string(),
    };
    if let Some((v, _)) = &raw.small_city {
        rules.small_city = *v;
    }
    let mut word =
        |v: &Option<(String, SourceSpan)>, key: &'static str, allowed: &'static [&'static str]| {
            let (v, span) = v.as_ref()?;
            if allowed.contains(&v.as_str()) {
                Some(v.clone())
            } else {
                errors.push(RulesError::BadValue {
                    key,
                    value: v.clone(),
                    allowed: allowed
                        .iter()
                        .map(|a| format!("\"{a}\""))
                        .collect::<Vec<_>>()
                        .join(", "),
                    span: *span,
                });
                None
            }
        };
    match word(
        &raw.farm_scoring,
        "farm_scoring",
        &["first", "second", "third"],
    )
    .as_deref()
    {
        Some("first") => rules.farm_scoring = FarmScoring::First,
        Some("second") => rules.farm_scoring = FarmScoring::Second,
        Some("third") => rules.farm_scoring = FarmScoring::Third,
        _ => {}
    }
    match word(
        &raw.end_game_abbey,
        "end_game_abbey",
        &["final-round", "none"],
    )
    .as_deref()
    {
        Some("final-round") => rules.end_game_abbey = EndGameAbbey::FinalRound,
        Some("none") => rules.end_game_abbey = EndGameAbbey::None,
        _ => {}
    }
    match word(
        &raw.incomplete_features,
        "incomplete_features",
        &["score", "none"],
    )
    .as_deref()
    {
        Some("score") => rules.incomplete_features_score = true,
        Some("none") => rules.incomplete_features_score = false,
        _ => {}
    }
    if let Some((n, span)) = &raw.followers {
        if (0..=MAX_FOLLOWERS).contains(n) {
            rules.followers = *n as u32;
        } else {
            errors.push(RulesError::BadFollowers {
                value: *n,
                max: MAX_FOLLOWERS,
                span: *span,
            });
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
