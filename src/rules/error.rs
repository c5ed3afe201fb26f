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

    /// Not valid TOML.
    #[error("not a valid ruleset: {message}")]
    #[diagnostic(
        code(carca::rules::toml),
        help(
            "a ruleset is a TOML file of `key = value` lines and `[points]` and `[figures]` tables; see docs/rulesets.md"
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

    /// A value of the wrong type.
    #[error("`{key}` is {found}; it must be {expected}")]
    #[diagnostic(
        code(carca::rules::wrong_type),
        help("see docs/rulesets.md for every key and its values")
    )]
    WrongType {
        /// The key.
        key: String,
        /// What was written: "a string".
        found: &'static str,
        /// What it must be.
        expected: String,
        /// The value.
        #[label("wrong type")]
        span: SourceSpan,
    },

    /// A number of `[points]` or `[figures]` out of range.
    #[error("`{key}` is {value}; it must be between 0 and {max}")]
    #[diagnostic(
        code(carca::rules::bad_count),
        help("points and figure counts are whole numbers from 0 up; see docs/rulesets.md")
    )]
    BadCount {
        /// The key, with its table: `points.farm_city`.
        key: String,
        /// The value.
        value: i64,
        /// The largest allowed.
        max: u32,
        /// The value.
        #[label("out of range")]
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
