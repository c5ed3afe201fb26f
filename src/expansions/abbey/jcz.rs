//! The Abbey in a JCloisterZone save: the `abbey` element (one abbey
//! tile a player) and the 4.x capability.

use crate::jcz::{Element, Setup};

/// What a save's setup says of the Abbey.
pub const SETUP: Setup = Setup {
    elements: &[("abbey", Element::Tileset("abbey"))],
    capabilities: &[("Abbey", Element::WithTiles)],
    ..Setup::NONE
};
