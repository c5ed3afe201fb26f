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

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRuleset {
    name: Option<Spanned<String>>,
    extends: Option<Spanned<String>>,
    small_city: Option<Spanned<bool>>,
    farm_scoring: Option<Spanned<String>>,
    end_game_abbey: Option<Spanned<String>>,
    incomplete_features: Option<Spanned<String>>,
    followers: Option<Spanned<i64>>,
}

/// Longest chain of `extends`.
const MAX_EXTENDS: usize = 16;
/// Most followers a ruleset may give each player.
const MAX_FOLLOWERS: i64 = 1000;

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

fn load_source(
    src: &SourceFile,
    dir: Option<&Path>,
    depth: usize,
) -> Result<Ruleset, Vec<Finding>> {
    let raw: RawRuleset = toml::from_str(src.text()).map_err(|e| {
        let span = e.span().map_or(SourceSpan::from((0, 0)), |r| {
            SourceSpan::from((r.start, r.end - r.start))
        });
        vec![Finding::new(
            Class::Input,
            src,
            RulesError::Toml {
                message: e.message().trim().to_string(),
                span,
            },
        )]
    })?;
    let mut errors = Vec::new();
    let mut rules = match &raw.extends {
        None => Ruleset::modern(),
        Some(parent) if depth >= MAX_EXTENDS => {
            errors.push(RulesError::ExtendsTooDeep {
                limit: MAX_EXTENDS,
                span: span_of(parent),
            });
            Ruleset::modern()
        }
        Some(parent) => {
            let name = parent.get_ref();
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
                            span: span_of(parent),
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
        Some(n) => n.get_ref().trim().to_string(),
        None => src
            .name()
            .rsplit(['/', '\\'])
            .next()
            .unwrap_or("custom")
            .trim_end_matches(".toml")
            .trim_start_matches("builtin:")
            .to_string(),
    };
    if let Some(v) = &raw.small_city {
        rules.small_city = *v.get_ref();
    }
    let mut word =
        |v: &Option<Spanned<String>>, key: &'static str, allowed: &'static [&'static str]| {
            let v = v.as_ref()?;
            if allowed.contains(&v.get_ref().as_str()) {
                Some(v.get_ref().clone())
            } else {
                errors.push(RulesError::BadValue {
                    key,
                    value: v.get_ref().clone(),
                    allowed: allowed
                        .iter()
                        .map(|a| format!("\"{a}\""))
                        .collect::<Vec<_>>()
                        .join(", "),
                    span: span_of(v),
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
    if let Some(f) = &raw.followers {
        let n = *f.get_ref();
        if (0..=MAX_FOLLOWERS).contains(&n) {
            rules.followers = n as u32;
        } else {
            errors.push(RulesError::BadFollowers {
                value: n,
                max: MAX_FOLLOWERS,
                span: span_of(f),
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
