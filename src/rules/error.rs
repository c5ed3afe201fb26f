//! Everything that can be wrong with a ruleset file.

use miette::{Diagnostic, SourceSpan};
use thiserror::Error;

/// A problem in a ruleset file.
#[derive(Debug, Error, Diagnostic)]
pub enum RulesError {
    /// A key a ruleset does not have (every one is reported).
    #[error("unknown key `{key}`")]
    #[diagnostic(code(carca::rules::toml), help("{help}"))]
    UnknownKey {
        /// The key.
        key: String,
        /// The nearest known key, and all of them.
        help: String,
        /// Where.
        #[label("not a key here")]
        span: SourceSpan,
    },

    /// Not valid TOML, an unknown key or a wrong type.
    #[error("not a valid ruleset: {message}")]
    #[diagnostic(
        code(carca::rules::toml),
        help(
            "a ruleset takes name, extends, small_city, farm_scoring, end_game_abbey, incomplete_features and followers; see docs/rulesets.md"
        )
    )]
    Toml {
        /// The parser's message.
        message: String,
        /// Where.
        #[label("here")]
        span: SourceSpan,
    },

    /// A value outside the allowed words.
    #[error("`{key}` cannot be \"{value}\"")]
    #[diagnostic(code(carca::rules::bad_value), help("`{key}` is one of {allowed}"))]
    BadValue {
        /// The key.
        key: &'static str,
        /// The value given.
        value: String,
        /// The allowed values.
        allowed: String,
        /// The value.
        #[label("not allowed")]
        span: SourceSpan,
    },

    /// A follower count out of range.
    #[error("`followers` is {value}; it must be between 0 and {max}")]
    #[diagnostic(
        code(carca::rules::bad_followers),
        help("the base game gives each player 7 followers")
    )]
    BadFollowers {
        /// The value.
        value: i64,
        /// The largest allowed.
        max: i64,
        /// The value.
        #[label("out of range")]
        span: SourceSpan,
    },

    /// `extends` names nothing.
    #[error("`extends` names `{name}`, which is neither a built-in ruleset nor a readable file")]
    #[diagnostic(
        code(carca::rules::unknown_extends),
        help("built-in rulesets are {known}; paths are relative to this file")
    )]
    UnknownExtends {
        /// The name.
        name: String,
        /// Built-in names.
        known: String,
        /// The name.
        #[label("unknown ruleset")]
        span: SourceSpan,
    },

    /// `extends` chains too long (or in a circle).
    #[error("rulesets extend each other more than {limit} deep (a circle?)")]
    #[diagnostic(
        code(carca::rules::extends_too_deep),
        help("make the chain of `extends` end at a built-in ruleset")
    )]
    ExtendsTooDeep {
        /// The limit.
        limit: usize,
        /// The `extends` that went too far.
        #[label("too deep")]
        span: SourceSpan,
    },
}
