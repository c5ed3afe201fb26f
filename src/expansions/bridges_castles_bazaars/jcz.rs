//! Bridges, Castles & Bazaars in a JCloisterZone save: the set, its
//! castles and bridges (`PLACE_TOKEN` of `CASTLE` and `BRIDGE`). Bazaars
//! without an auction change no points; an auction's messages are refused
//! (carca holds no auctions).

use serde_json::Value;

use super::keys;
use crate::jcz::{Context, Element, Message, Messages, Off, Reading, append, location, position};

/// The tile set.
const SET: &str = "bridges-castles-bazaars";

/// What a save's setup says of Bridges, Castles & Bazaars.
pub const SETUP: crate::jcz::Setup = crate::jcz::Setup {
    sets: &[("bridges-castles-and-bazaars", &[SET])],
    legacy_sets: &[("BRIDGES_CASTLES_AND_BAZAARS", &[SET])],
    elements: &[
        ("castle", CASTLES),
        ("bridge", BRIDGES),
        ("bazaar", Element::WithTiles),
    ],
    capabilities: &[
        ("Castle", CASTLES),
        ("Bridge", BRIDGES),
        ("Bazaar", Element::WithTiles),
    ],
    ..crate::jcz::Setup::NONE
};

const CASTLES: Element = Element::Switch {
    sets: &[SET],
    off: Off::Figure("castle"),
};

const BRIDGES: Element = Element::Switch {
    sets: &[SET],
    off: Off::Figure("bridge"),
};

/// A reader of the castles' and bridges' tokens.
#[must_use]
pub fn messages() -> Box<dyn Messages> {
    Box::new(Tokens)
}

struct Tokens;

impl Messages for Tokens {
    fn message(
        &mut self,
        cx: &mut Context<'_, '_>,
        turn: Option<&mut Reading>,
        m: &Message<'_>,
    ) -> bool {
        if m.kind != "PLACE_TOKEN" {
            return false;
        }
        let token = m.text("/token");
        if !matches!(token, "CASTLE" | "BRIDGE") {
            return false;
        }
        let needle = format!("\"{token}\"");
        let i = m.index;
        let pointer = m.payload.get("pointer").cloned().unwrap_or(Value::Null);
        let at = pointer.get("position").and_then(position);
        let loc = pointer
            .get("location")
            .and_then(Value::as_str)
            .unwrap_or_default();
        let (Some(turn), Some(at), true) = (turn, at, cx.in_play(SET)) else {
            cx.unsupported(
                format!(
                    "the {} of replay message {i} (castles and bridges are played with the Bridges, Castles & Bazaars tiles, on a turn)",
                    token.to_ascii_lowercase()
                ),
                &needle,
            );
            return true;
        };
        if token == "BRIDGE" {
            // A bridge's location is its span, in board orientation.
            if !matches!(loc, "NS" | "WE") {
                cx.unsupported(format!("the bridge `{loc}` of replay message {i}"), &needle);
                return true;
            }
            let span = if loc == "NS" { "NS" } else { "WE" };
            let entry = if at == turn.at {
                Value::from(span)
            } else {
                serde_json::json!({ "at": [at.x, at.y], "span": span })
            };
            turn.turn.keyed.set(&keys::BRIDGE, entry);
            return true;
        }
        let feature = pointer.get("feature").and_then(Value::as_str);
        let Some(spot) = location(loc, feature) else {
            cx.unsupported(format!("the castle `{loc}` of replay message {i}"), &needle);
            return true;
        };
        let entry = if at == turn.at {
            Value::from(spot)
        } else {
            serde_json::json!({ "at": [at.x, at.y], "spot": spot })
        };
        append(turn.turn.keyed.entry(&keys::CASTLE), entry);
        true
    }
}
