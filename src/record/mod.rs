//! Game records: the turns that were played (history) or the board as it
//! lies on the table (snapshot), read into a validated [`Record`] whose
//! every value keeps its span in the file.

mod error;
pub mod forms;
mod json;
mod keys;
pub mod location;
mod plain;
mod raw;
pub mod update;
pub mod written;

pub use error::RecordError;
pub use keys::{
    Context, Key, KeyForm, RawPair, ReadKey, RecordKeys, SnapKey, SnapshotKey, SnapshotState,
    StateAny, TurnKey, TurnWords,
};
pub use location::Location;
pub use location::Unnamed;
pub(crate) use raw::OneOrList;

mod model;
mod read;
mod validate;

pub use model::*;
pub use read::{
    Probe, is_jcz, looks_like_jcz, parse, parse_fast, probe, probe_text, respan, ruleset_for,
    schema,
};
