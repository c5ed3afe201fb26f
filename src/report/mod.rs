//! Turning findings and results into text for people and JSON for programs.

pub mod award;
pub mod compare;
pub mod diagnostics;
pub mod json;
pub mod names;
pub mod notes;
pub mod output;
pub mod picture;
pub mod score;
pub mod tiles;
pub mod verdict;
pub mod violation;
