//! The River in a JCloisterZone save: its tile set, and the spring that
//! JCloisterZone lays unturned when the save names no start tile.

use crate::jcz::{Element, Setup};

/// What a save's setup says of the River.
pub const SETUP: Setup = Setup {
    sets: &[("river", &["river"])],
    legacy_sets: &[("RIVER", &["river"])],
    capabilities: &[("River", Element::WithTiles)],
    // JCloisterZone's spring flows east: carca's turned a quarter back.
    start: Some(("spring", 270)),
    ..Setup::NONE
};
