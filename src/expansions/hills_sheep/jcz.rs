//! Hills & Sheep in a JCloisterZone save: the set and its parts (the
//! shepherd, hills, vineyards), the hills' tie-break rule, and the
//! flocks' draws. A save keeps no token drawn: it keeps the random number
//! each draw took (`random` of a `COMMIT` before the turn, or of a
//! `FLOCK_EXPAND_OR_SCORE`), and JCloisterZone's engine picks the token
//! with it from what the bag holds then. The reader states the picks; the
//! engine, which knows what the bag holds, turns them into `flock:`
//! entries.

use crate::jcz::{Context, Deployed, Element, Message, Messages, Off, Pick, Plays, Reading, Rule};

/// The record key the picks are for.
const FLOCK: &str = "flock";

/// What a save's setup says of Hills & Sheep.
pub const SETUP: crate::jcz::Setup = crate::jcz::Setup {
    sets: &[("hills-and-sheep", &["hills-sheep"])],
    legacy_sets: &[("HILLS_AND_SHEEP", &["hills-sheep"])],
    elements: &[
        ("shepherd", SHEPHERD),
        ("hill", HILLS),
        ("vineyard", VINEYARDS),
    ],
    capabilities: &[
        ("Sheep", SHEPHERD),
        ("Hill", HILLS),
        ("Vineyard", VINEYARDS),
    ],
    rules: &[Rule {
        name: "hill-tiebreaker",
        written: "number-of-followers",
        plays: Plays::Option("hill_tiebreaker", "number-of-followers"),
    }],
    ..crate::jcz::Setup::NONE
};

const SHEPHERD: Element = Element::Figure {
    figure: super::SHEPHERD,
    listed: true,
};

const HILLS: Element = Element::Switch {
    sets: &["hills-sheep"],
    off: Off::Refused("Hills & Sheep's tiles without their hills"),
};

const VINEYARDS: Element = Element::Switch {
    sets: &["hills-sheep"],
    off: Off::Point("vineyard"),
};

/// A reader of Hills & Sheep's messages.
#[must_use]
pub fn messages() -> Box<dyn Messages> {
    Box::new(Flocks)
}

struct Flocks;

impl Flocks {
    /// A draw from the bag with JCloisterZone's next random number.
    fn draw(cx: &mut Context<'_, '_>, turn: &mut Reading, needle: &str) {
        match cx.next_random() {
            Some(r) => turn.chance(FLOCK).push(Pick::Fraction(r)),
            None => cx.unsupported(
                "a flock's draw in a save that keeps no random numbers (JCloisterZone 4.x)".into(),
                needle,
            ),
        }
    }
}

impl Messages for Flocks {
    fn deployed(&mut self, cx: &mut Context<'_, '_>, turn: &mut Reading, d: &Deployed<'_>) {
        // A shepherd's first draw follows at once.
        if d.figure == super::SHEPHERD {
            Self::draw(cx, turn, &format!("\"{}\"", d.id));
        }
    }

    fn message(
        &mut self,
        cx: &mut Context<'_, '_>,
        turn: Option<&mut Reading>,
        m: &Message<'_>,
    ) -> bool {
        if m.kind != "FLOCK_EXPAND_OR_SCORE" {
            return false;
        }
        let value = m.text("/value");
        let Some(turn) = turn else {
            cx.unsupported(
                format!(
                    "a flock's choice before any tile (replay message {})",
                    m.index
                ),
                "\"FLOCK_EXPAND_OR_SCORE\"",
            );
            return true;
        };
        // The engine asks first whether the flock grows or is scored.
        match value {
            "EXPAND" => {
                turn.chance(FLOCK).push(Pick::Index(1));
                Self::draw(cx, turn, "\"EXPAND\"");
            }
            "SCORE" => turn.chance(FLOCK).push(Pick::Index(0)),
            other => cx.unsupported(
                format!("the flock's choice `{other}` (replay message {})", m.index),
                "\"FLOCK_EXPAND_OR_SCORE\"",
            ),
        }
        true
    }
}
