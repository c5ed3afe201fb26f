//! The Count of Carcassonne in a JCloisterZone save. Its City is the
//! set's start block (carca lays it). After a turn's `COMMIT` come, in
//! JCloisterZone's order, the followers leaving the City for the features
//! the turn completed (`DEPLOY_MEEPLE` of a follower in a quarter, by its
//! owner: `leave:`), which ends with the turn's player passing or
//! confirming; then a follower put into a quarter (`DEPLOY_MEEPLE` to a
//! `Quarter`: `enter:`) and the Count's move (`MOVE_NEUTRAL_FIGURE` of the
//! Count: `count:`). Followers leaving the City after the last turn's
//! phases are the final scoring's (`final_leave:`).

use serde_json::{Value, json};

use super::keys;
use crate::jcz::{
    Context, Deployed, Element, Message, Messages, Off, Plays, Reading, Rule, append, figure_word,
};

/// What a save's setup says of The Count of Carcassonne.
pub const SETUP: crate::jcz::Setup = crate::jcz::Setup {
    sets: &[("count", &["count"])],
    legacy_sets: &[("COUNT", &["count"])],
    elements: &[("count", COUNT)],
    capabilities: &[("Count", COUNT)],
    rules: &[
        Rule {
            name: "coc-final-scoring",
            written: "any-district",
            plays: Plays::Option("coc_final_scoring", "any-quarter"),
        },
        Rule {
            name: "count-move",
            written: "clockwise",
            plays: Plays::Option("count_move", "clockwise"),
        },
        Rule {
            name: "count-move",
            written: "follow-meeple",
            plays: Plays::Option("count_move", "follow-follower"),
        },
    ],
    ..crate::jcz::Setup::NONE
};

const COUNT: Element = Element::Switch {
    sets: &["count"],
    off: Off::Refused("the City of Carcassonne without the Count"),
};

/// A reader of the City's messages.
#[must_use]
pub fn messages() -> Box<dyn Messages> {
    Box::new(City::default())
}

/// The followers in the City, and whether the turn's followers may still
/// leave it before its scoring.
#[derive(Default)]
struct City {
    /// JCloisterZone's ids of the followers in the City.
    inside: Vec<String>,
    /// The turn's leaving is under way.
    leaving: bool,
}

/// carca's quarter of JCloisterZone's location (`QUARTER_MARKET`).
fn quarter(location: &str) -> Option<&'static str> {
    Some(match location {
        "QUARTER_CASTLE" => "castle",
        "QUARTER_BLACKSMITH" => "blacksmith",
        "QUARTER_CATHEDRAL" => "cathedral",
        "QUARTER_MARKET" => "market",
        _ => return None,
    })
}

impl Messages for City {
    fn placed(&mut self, _cx: &mut Context<'_, '_>, _turn: &mut Reading) {
        self.leaving = false;
    }

    fn moved(&mut self, cx: &mut Context<'_, '_>, turn: &mut Reading, d: &Deployed<'_>) -> bool {
        let (_, loc) = d.pointer;
        let figure = (d.figure != "small").then(|| figure_word(d.figure));
        // Into a quarter.
        if loc.starts_with("QUARTER_") {
            let Some(q) = quarter(loc) else {
                cx.unsupported(format!("the quarter `{loc}`"), &format!("\"{loc}\""));
                return true;
            };
            let entry = match &figure {
                None => Value::from(q),
                Some(f) => json!({ "quarter": q, "figure": f }),
            };
            turn.turn.keyed.set(&keys::ENTER, entry);
            self.inside.push(d.id.to_string());
            self.leaving = false;
            return true;
        }
        // Out of the City.
        let Some(k) = self.inside.iter().position(|i| i == d.id) else {
            return false;
        };
        let (Some(owner), Some(at), Some(spot)) = (d.owner.clone(), d.pos, d.spot.clone()) else {
            cx.unsupported(
                format!("the move out of the City of replay message {}", d.index),
                &format!("\"{}\"", d.id),
            );
            return true;
        };
        self.inside.remove(k);
        let mut entry = json!({ "player": owner, "at": [at.x, at.y], "spot": spot });
        if let Some(f) = figure {
            entry["figure"] = Value::from(f);
        }
        // Before a turn's scoring a follower leaves only for a feature
        // completed (or a farm a barn scores, with Abbey & Mayor); before
        // the final scoring the market's leave for farms. A move onto a
        // farm without barns in play is the final scoring's even when no
        // message ended the last turn's leaving.
        let farm = d.pointer.0 == Some("Field") && !cx.in_play("abbey-mayor");
        if self.leaving && !farm {
            append(turn.turn.keyed.entry(&keys::LEAVE), entry);
        } else {
            // Always a list.
            let list = cx.top().entry(&keys::FINAL_LEAVE);
            if list.is_null() {
                *list = Value::Array(Vec::new());
            }
            append(list, entry);
        }
        true
    }

    fn message(
        &mut self,
        cx: &mut Context<'_, '_>,
        turn: Option<&mut Reading>,
        m: &Message<'_>,
    ) -> bool {
        let Some(turn) = turn else {
            return false;
        };
        match m.kind {
            // The turn's actions end, and its followers may leave the City;
            // the turn's player confirming ends that.
            "COMMIT" => {
                self.leaving = !turn.committed;
                false
            }
            "PASS" => {
                if turn.committed && m.who.is_some() && m.who == turn.turn.player.as_deref() {
                    self.leaving = false;
                }
                false
            }
            "MOVE_NEUTRAL_FIGURE" => {
                let id = m.text("/figureId");
                if !id.starts_with("count") {
                    return false;
                }
                let loc = m.text("/to/location");
                match quarter(loc) {
                    Some(q) => turn.turn.keyed.set(&keys::COUNT, q),
                    None => cx.unsupported(
                        format!("the Count's move of replay message {}", m.index),
                        &format!("\"{id}\""),
                    ),
                }
                self.leaving = false;
                true
            }
            _ => false,
        }
    }
}
