//! carca settles Carcassonne rules disputes.
//!
//! The library reads tile sets, rulesets and game records, checks them and
//! returns findings; it never prints. The `carca` binary renders what the
//! library returns.

#![forbid(unsafe_code)]
#![deny(clippy::print_stdout, clippy::print_stderr)]

pub mod cli;
pub mod diagnostic;
pub mod engine;
pub mod expansions;
pub mod files;
pub mod generator;
pub mod geometry;
pub mod jcz;
pub mod keys;
pub mod loader;
pub mod record;
pub mod report;
pub mod rules;
pub mod schema;
pub mod source;
pub mod spanned;
pub mod stop;
pub mod suggest;
pub mod text;
pub mod tileset;
pub mod write;
pub mod yaml;
