//! carca's integration tests: one binary, one file per topic.

mod architecture;
mod base_tiles;
mod batch;
mod bell;
mod cli;
mod common;
mod conformance;
mod docs;
mod expansions;
mod generator;
mod hostile;
mod jcz;
mod jcz_client;
mod pictures;
mod properties;
mod records;
mod robustness;
mod rulesets;
mod schema;
mod serve;
mod tilesets;
mod variants;
mod writes;
