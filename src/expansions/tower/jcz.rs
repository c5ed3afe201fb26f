//! The Tower's messages in a JCloisterZone save: a tower piece
//! (`PLACE_TOKEN`), the follower it takes (`CAPTURE_FOLLOWER`), the kind an
//! exchange brings back (`EXCHANGE_FOLLOWER`), a ransom (`PAY_RANSOM`), and
//! a follower put on top of a tower (`DEPLOY_MEEPLE` to its `I`).

use serde_json::Value;

use super::keys;

use crate::jcz::{
    Context, Deployed, Message, Messages, Reading, figure_word, meeple_named, meeple_pointer,
    position,
};
use crate::record::ReadKey;

/// What a save's Tower messages leave to read on.
#[derive(Default)]
struct Tower {
    /// Followers held: holder, owner, kind, JCloisterZone's id.
    held: Vec<(String, String, String, String)>,
    /// An exchange whose choice the next message makes.
    exchange_pending: bool,
    /// A ransom paid before the turn's tile, which carca writes after it.
    pending_ransom: Option<Value>,
}

/// What a save's setup says of The Tower: the set, and the tower pieces
/// (without the `tower` element, or 4.x's capability, the tower tiles are
/// land tiles only).
pub const SETUP: crate::jcz::Setup = crate::jcz::Setup {
    sets: &[("tower", &["tower"])],
    legacy_sets: &[("TOWER", &["tower"])],
    elements: &[("tower", PIECES)],
    capabilities: &[("Tower", PIECES)],
    ..crate::jcz::Setup::NONE
};

const PIECES: crate::jcz::Element = crate::jcz::Element::Switch {
    sets: &["tower"],
    off: crate::jcz::Off::Figure("tower"),
};

/// A reader of The Tower's messages.
#[must_use]
pub fn messages() -> Box<dyn Messages> {
    Box::new(Tower::default())
}

impl Messages for Tower {
    fn placed(&mut self, _cx: &mut Context<'_, '_>, turn: &mut Reading) {
        if let Some(ransom) = self.pending_ransom.take() {
            turn.turn.keyed.set(&keys::RANSOM, ransom);
        }
    }

    fn deploy(&mut self, _cx: &mut Context<'_, '_>, turn: &mut Reading, d: &Deployed<'_>) -> bool {
        // A follower on top of a tower, on any tile.
        let (Some("tower"), Some(at)) = (d.spot.as_deref(), d.pos) else {
            return false;
        };
        turn.deploy_at(at, "tower".into(), d.figure);
        true
    }

    fn message(
        &mut self,
        cx: &mut Context<'_, '_>,
        turn: Option<&mut Reading>,
        m: &Message<'_>,
    ) -> bool {
        let i = m.index;
        let open = turn.filter(|t| !t.committed);
        match m.kind {
            "PLACE_TOKEN" => {
                let token = m
                    .payload
                    .get("token")
                    .and_then(Value::as_str)
                    .unwrap_or_default();
                // Other tokens are other expansions'.
                if token != "TOWER_PIECE" {
                    return false;
                }
                let at = m.payload.pointer("/pointer/position").and_then(position);
                match (at, open) {
                    (Some(at), Some(turn)) => {
                        let piece = serde_json::json!({ "at": [at.x, at.y] });
                        turn.turn.keyed.set(&keys::TOWER, piece);
                    }
                    _ => cx.unsupported(
                        format!("the token `{token}` of replay message {i}"),
                        &format!("\"{token}\""),
                    ),
                }
            }
            "CAPTURE_FOLLOWER" => {
                let (id, at, spot) = meeple_pointer(m.payload);
                let owner = cx.owner(&id);
                let kind = id.split('.').nth(1).unwrap_or_default().to_string();
                let (Some(at), Some(spot), Some(owner), Some(turn)) = (at, spot, owner, open)
                else {
                    cx.unsupported(
                        format!("the capture of replay message {i}"),
                        &format!("\"{id}\""),
                    );
                    return true;
                };
                let word = figure_word(&kind);
                let capture = keys::written_capture(
                    at,
                    spot,
                    Some(owner.clone()),
                    (kind != "small").then(|| word.clone()),
                    None,
                );
                turn.turn.keyed.set(&keys::CAPTURE, capture);
                let capturer = m
                    .who
                    .map(str::to_string)
                    .or_else(|| turn.turn.player.clone())
                    .unwrap_or_default();
                if owner != capturer {
                    // An exchange, when the captured player holds followers
                    // of the capturer's: of one kind, at once; of several,
                    // the next message says which.
                    let mine: Vec<usize> = (0..self.held.len())
                        .filter(|&k| self.held[k].0 == owner && self.held[k].1 == capturer)
                        .collect();
                    let mut kinds: Vec<&str> =
                        mine.iter().map(|&k| self.held[k].2.as_str()).collect();
                    kinds.sort_unstable();
                    kinds.dedup();
                    match kinds.len() {
                        0 => self.held.push((capturer, owner, kind, id)),
                        1 => {
                            self.held.remove(mine[0]);
                        }
                        _ => self.exchange_pending = true,
                    }
                }
            }
            "EXCHANGE_FOLLOWER" => {
                let (id, kind) = meeple_named(m.payload);
                let capture = open
                    .and_then(|t| t.turn.keyed.get_mut(keys::CAPTURE.name()))
                    .and_then(Value::as_object_mut);
                match (capture, self.held.iter().position(|h| h.3 == id)) {
                    (Some(c), Some(k)) if self.exchange_pending => {
                        c.insert("exchange".into(), figure_word(kind).into());
                        self.held.remove(k);
                        self.exchange_pending = false;
                    }
                    _ => cx.unsupported(
                        format!("the exchange of replay message {i}"),
                        &format!("\"{id}\""),
                    ),
                }
            }
            "PAY_RANSOM" => {
                let (id, kind) = meeple_named(m.payload);
                let Some(k) = self.held.iter().position(|h| h.3 == id) else {
                    cx.unsupported(
                        format!("the ransom of replay message {i} for a follower nobody holds"),
                        &format!("\"{id}\""),
                    );
                    return true;
                };
                let (jailer, _, _, _) = self.held.remove(k);
                let ransom =
                    keys::written_ransom(jailer, (kind != "small").then(|| figure_word(kind)));
                // carca places a ransom after the turn's tile: one paid
                // before it waits for it.
                match open {
                    Some(turn) => turn.turn.keyed.set(&keys::RANSOM, ransom),
                    None => self.pending_ransom = Some(ransom),
                }
            }
            _ => return false,
        }
        true
    }
}
