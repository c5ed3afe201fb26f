//! The Princess & the Dragon's messages in a JCloisterZone save: the
//! dragon's steps and the fairy's moves (`MOVE_NEUTRAL_FIGURE`), the
//! princess sending a follower home (`RETURN_MEEPLE` from `PRINCESS`), and
//! a follower deployed through a magic portal.

use serde_json::Value;

use super::{keys, symbols};
use crate::geometry::Pos;
use crate::jcz::{
    Context, Deployed, Message, Messages, Reading, location, meeple_pointer, position,
};

/// Where the dragon stands, as the save's moves have left it.
#[derive(Default)]
struct PrincessDragon {
    dragon_at: Option<Pos>,
}

/// What a save's setup says of The Princess & the Dragon: the set (its
/// neutral figures and symbols come with its tiles), and its three rules.
pub const SETUP: crate::jcz::Setup = crate::jcz::Setup {
    sets: &[("princess-and-dragon", &["princess-dragon"])],
    legacy_sets: &[("PRINCESS_AND_DRAGON", &["princess-dragon"])],
    elements: &[
        ("dragon", crate::jcz::Element::WithTiles),
        ("fairy", crate::jcz::Element::WithTiles),
        ("princess", crate::jcz::Element::WithTiles),
        ("portal", crate::jcz::Element::WithTiles),
    ],
    capabilities: &[
        ("Dragon", crate::jcz::Element::WithTiles),
        ("Fairy", crate::jcz::Element::WithTiles),
        ("Princess", crate::jcz::Element::WithTiles),
        ("Portal", crate::jcz::Element::WithTiles),
    ],
    rules: &[
        crate::jcz::Rule {
            name: "dragon-move",
            written: "after-scoring",
            plays: crate::jcz::Plays::Option("dragon_move", "after-scoring"),
        },
        crate::jcz::Rule {
            name: "fairy-placement",
            written: "on-tile",
            plays: crate::jcz::Plays::Option("fairy_placement", "on-tile"),
        },
        crate::jcz::Rule {
            name: "princess-action",
            written: "must",
            plays: crate::jcz::Plays::Option("princess_action", "must"),
        },
    ],
    ..crate::jcz::Setup::NONE
};

/// A reader of The Princess & the Dragon's messages.
#[must_use]
pub fn messages() -> Box<dyn Messages> {
    Box::new(PrincessDragon::default())
}

impl Messages for PrincessDragon {
    fn placed(&mut self, cx: &mut Context<'_, '_>, turn: &mut Reading) {
        // A volcano brings the dragon (JCloisterZone moves it there
        // without a message).
        if turn
            .turn
            .tile
            .as_deref()
            .is_some_and(|t| cx.shows(t, symbols::VOLCANO))
        {
            self.dragon_at = Some(turn.at);
        }
    }

    fn deploy(&mut self, cx: &mut Context<'_, '_>, turn: &mut Reading, d: &Deployed<'_>) -> bool {
        // Through a magic portal, on any tile.
        let (Some(to), Some(spot)) = (d.pos, d.spot.as_ref()) else {
            return false;
        };
        if to == turn.at
            || turn.deployed
            || !turn
                .turn
                .tile
                .as_deref()
                .is_some_and(|t| cx.shows(t, symbols::PORTAL))
        {
            return false;
        }
        turn.deploy_at(to, spot.clone(), d.figure);
        true
    }

    fn message(
        &mut self,
        cx: &mut Context<'_, '_>,
        turn: Option<&mut Reading>,
        m: &Message<'_>,
    ) -> bool {
        let i = m.index;
        match m.kind {
            "MOVE_NEUTRAL_FIGURE" => {
                let id = m
                    .payload
                    .get("figureId")
                    .and_then(Value::as_str)
                    .unwrap_or_default();
                let to = m.payload.get("to").cloned().unwrap_or(Value::Null);
                let feature_pointer = to.get("featurePointer").unwrap_or(&to);
                let at =
                    position(&to).or_else(|| feature_pointer.get("position").and_then(position));
                let Some(turn) = turn else {
                    cx.unsupported(
                        format!("the move of `{id}` before any tile (replay message {i})"),
                        &format!("\"{id}\""),
                    );
                    return true;
                };
                if id.starts_with("dragon") {
                    let step = match (at, self.dragon_at) {
                        (Some(to), Some(from)) => match (to.x - from.x, to.y - from.y) {
                            (0, 1) => Some("N"),
                            (1, 0) => Some("E"),
                            (0, -1) => Some("S"),
                            (-1, 0) => Some("W"),
                            _ => None,
                        },
                        _ => None,
                    };
                    let Some(step) = step else {
                        cx.unsupported(
                            format!("the dragon's move of replay message {i}, which is no step to a neighbouring tile"),
                            &format!("\"{id}\""),
                        );
                        return true;
                    };
                    let steps = turn.turn.keyed.entry(&keys::DRAGON);
                    if !steps.is_array() {
                        *steps = Value::Array(Vec::new());
                    }
                    if let Some(steps) = steps.as_array_mut() {
                        steps.push(step.to_string().into());
                    }
                    self.dragon_at = at;
                } else if id.starts_with("fairy") {
                    let loc = feature_pointer
                        .get("location")
                        .and_then(Value::as_str)
                        .unwrap_or_default();
                    let feature = feature_pointer.get("feature").and_then(Value::as_str);
                    let Some(at) = at else {
                        cx.unsupported(
                            format!("the fairy's move of replay message {i}"),
                            &format!("\"{id}\""),
                        );
                        return true;
                    };
                    let pick = keys::written_pick(None, at, location(loc, feature));
                    turn.turn.keyed.set(&keys::FAIRY, pick);
                } else {
                    cx.unsupported(format!("the figure `{id}`"), &format!("\"{id}\""));
                }
                true
            }
            "RETURN_MEEPLE" => {
                let source = m
                    .payload
                    .get("source")
                    .and_then(Value::as_str)
                    .unwrap_or_default();
                if source != "PRINCESS" {
                    return false;
                }
                let (id, at, spot) = meeple_pointer(m.payload);
                match (at, spot, turn.filter(|t| !t.committed)) {
                    (Some(at), Some(spot), Some(turn)) => {
                        let pick = keys::written_pick(cx.owner(&id), at, Some(spot));
                        turn.turn.keyed.set(&keys::PRINCESS, pick);
                    }
                    _ => cx.unsupported(
                        format!("the follower sent home by `{source}` in replay message {i}"),
                        &format!("\"{source}\""),
                    ),
                }
                true
            }
            _ => false,
        }
    }
}
