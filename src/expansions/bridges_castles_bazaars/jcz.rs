//! Bridges, Castles & Bazaars in a JCloisterZone save: the set, its
//! castles and bridges (`PLACE_TOKEN` of `CASTLE` and `BRIDGE`), and its
//! auctions (`BAZAAR_BID`, `PASS`, `BAZAAR_BUY_OR_SELL`), whose tiles the
//! save names only where each player places the tile they got.

use serde_json::Value;
use serde_saphyr::FlowMap;

use super::keys;
use crate::jcz::{Context, Element, Message, Messages, Off, Reading, append, location, position};
use crate::record::written::WrittenTurn;

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
    rules: &[crate::jcz::Rule {
        name: "bazaar-no-auction",
        written: "true",
        plays: crate::jcz::Plays::Option("bazaar_auction", "choose"),
    }],
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

/// A reader of the castles' and bridges' tokens and of the auctions.
#[must_use]
pub fn messages() -> Box<dyn Messages> {
    Box::new(Tokens::default())
}

#[derive(Default)]
struct Tokens {
    /// The auction being read.
    auction: Option<Auction>,
    /// Per auction read, per tile: the player who got it and, once they
    /// placed it, its id.
    got: Vec<Vec<(String, Option<String>)>>,
}

/// An auction as its messages come: who chooses, who bids now, and the
/// entries written so far.
#[derive(Debug)]
struct Auction {
    /// The tiles drawn, by JCloisterZone's index: the player who took
    /// each, once one did.
    owners: Vec<Option<usize>>,
    /// The entries, in the order auctioned: the index of the tile, and
    /// the entry without its tile.
    entries: Vec<(usize, serde_json::Map<String, Value>)>,
    /// The chooser of the tile being auctioned, and the player asked
    /// now; `None`: a tile is to be chosen.
    bidding: Option<(usize, usize)>,
    /// The highest bid on it so far, and its bidder.
    high: (u32, usize),
    /// The last chooser.
    last: usize,
    /// Bids are made (else each chooser simply takes a tile).
    bids: bool,
}

impl Auction {
    /// The first player after `after` without a tile.
    fn next_without(&self, after: usize, n: usize) -> Option<usize> {
        (1..=n)
            .map(|k| (after + k) % n)
            .find(|&p| !self.owners.contains(&Some(p)))
    }
}

/// What an auction's entry is written with in place of its tile until
/// the tile is known (`#bazaar:AUCTION:INDEX`): where its player places it.
const PLACEHOLDER: &str = "#bazaar";

impl Tokens {
    /// A bazaar message: the auction moves on as JCloisterZone's phase
    /// does; `false` when the message is out of place.
    fn bazaar(
        &mut self,
        cx: &mut Context<'_, '_>,
        turn: Option<&Reading>,
        m: &Message<'_>,
    ) -> bool {
        let n = cx.players.len();
        let who = m.who.and_then(|w| cx.players.iter().position(|p| p == w));
        let Some(who) = who else {
            return false;
        };
        if self.auction.is_none() {
            if m.kind != "BAZAAR_BID" {
                return false;
            }
            // The auction begins: as many tiles as players are drawn.
            let Some(placer) = turn
                .as_ref()
                .and_then(|t| t.turn.player.as_ref())
                .and_then(|p| cx.players.iter().position(|q| q == p))
            else {
                return false;
            };
            for _ in 0..n {
                cx.next_random();
            }
            self.auction = Some(Auction {
                owners: vec![None; n],
                entries: Vec::new(),
                bidding: None,
                high: (0, placer),
                last: placer,
                bids: cx.option("bazaar_auction") != Some("choose"),
            });
        }
        let Some(a) = self.auction.as_mut() else {
            return false;
        };
        let price = m
            .payload
            .get("price")
            .and_then(Value::as_u64)
            .map_or(0, |p| u32::try_from(p).unwrap_or(u32::MAX));
        let index = m
            .payload
            .get("supplyIndex")
            .and_then(Value::as_u64)
            .and_then(|i| usize::try_from(i).ok());
        let name = |p: usize| cx.players[p].clone();
        match (m.kind, a.bidding) {
            // A tile chosen, with the chooser's opening bid.
            ("BAZAAR_BID", None) => {
                let Some(i) = index.filter(|&i| i < n && a.owners[i].is_none()) else {
                    return false;
                };
                if a.next_without(a.last, n) != Some(who) {
                    return false;
                }
                a.last = who;
                let mut entry = serde_json::Map::new();
                entry.insert("player".into(), name(who).into());
                if a.bids {
                    let mut bids = serde_json::Map::new();
                    bids.insert(name(who), price.into());
                    entry.insert("bids".into(), bids.into());
                    a.entries.push((i, entry));
                    a.high = (price, who);
                    a.bidding = Some((who, who));
                    self.next_bidder(n);
                } else {
                    a.entries.push((i, entry));
                    self.took(who, n);
                }
            }
            // A raise, or a pass, of the player asked.
            ("BAZAAR_BID" | "PASS", Some((_, asked))) if asked == who => {
                if m.kind == "BAZAAR_BID" {
                    if price <= a.high.0 {
                        return false;
                    }
                    a.high = (price, who);
                    if let Some((_, e)) = a.entries.last_mut()
                        && let Some(Value::Object(bids)) = e.get_mut("bids")
                    {
                        bids.insert(name(who), price.into());
                    }
                }
                self.next_bidder(n);
            }
            // The chooser buys or sells.
            ("BAZAAR_BUY_OR_SELL", Some((chooser, asked)))
                if asked == chooser && chooser == who =>
            {
                let sold = m.text("/value") == "SELL";
                let to = if sold { a.high.1 } else { chooser };
                if sold {
                    if let Some((_, e)) = a.entries.last_mut() {
                        e.insert("sell".into(), true.into());
                    }
                }
                self.took(to, n);
            }
            _ => return false,
        }
        true
    }

    /// The next player asked to raise, or the tile goes to the chooser
    /// when all were asked and nobody outbid them.
    fn next_bidder(&mut self, n: usize) {
        let Some(a) = self.auction.as_mut() else {
            return;
        };
        let Some((chooser, asked)) = a.bidding else {
            return;
        };
        let taken = |a: &Auction, p: usize| a.owners.contains(&Some(p));
        let mut p = asked;
        loop {
            p = (p + 1) % n;
            if p == chooser {
                // Everyone was asked: the chooser decides, unless they bid
                // the most themselves (then they buy).
                if a.high.1 == chooser {
                    self.took(chooser, n);
                } else {
                    a.bidding = Some((chooser, chooser));
                }
                return;
            }
            if !taken(a, p) {
                a.bidding = Some((chooser, p));
                return;
            }
        }
    }

    /// The tile being auctioned goes to `to`; the next is chosen, or the
    /// last goes free to the last player without one.
    fn took(&mut self, to: usize, n: usize) {
        let Some(a) = self.auction.as_mut() else {
            return;
        };
        if let Some(&(i, _)) = a.entries.last() {
            a.owners[i] = Some(to);
        }
        a.bidding = None;
        a.high = (0, to);
        let left: Vec<usize> = (0..n).filter(|&i| a.owners[i].is_none()).collect();
        if let [i] = left[..]
            && let Some(p) = a.next_without(a.last, n)
        {
            a.owners[i] = Some(p);
            a.entries.push((i, serde_json::Map::new()));
        }
    }

    /// The auction's entries, once every tile has an owner: written on
    /// the turn, their tiles to be filled in once placed.
    fn written(&mut self, cx: &Context<'_, '_>, turn: &mut Reading) {
        let Some(a) = self.auction.as_ref() else {
            return;
        };
        if a.owners.contains(&None) {
            return;
        }
        let k = self.got.len();
        let mut got = Vec::with_capacity(a.owners.len());
        let mut list = Vec::with_capacity(a.entries.len());
        for (i, entry) in &a.entries {
            let mut e = serde_json::Map::new();
            e.insert("tile".into(), format!("{PLACEHOLDER}:{k}:{i}").into());
            e.extend(entry.clone());
            list.push(Value::Object(e));
        }
        for owner in &a.owners {
            let owner = owner.map(|p| cx.players[p].clone()).unwrap_or_default();
            got.push((owner, None));
        }
        turn.turn.keyed.set(&keys::BAZAAR, list);
        self.got.push(got);
        self.auction = None;
    }
}

impl Tokens {
    /// The tile `player` got at an auction and has not placed yet: the
    /// auction and the tile's index.
    fn pending(&self, player: &str) -> Option<(usize, usize)> {
        self.got.iter().enumerate().find_map(|(k, g)| {
            g.iter()
                .position(|(p, t)| p == player && t.is_none())
                .map(|i| (k, i))
        })
    }
}

impl Messages for Tokens {
    fn dealt(&mut self, player: &str) -> bool {
        // The player's first tile after the auction is the one they got.
        self.pending(player).is_some()
    }

    fn placed(&mut self, cx: &mut Context<'_, '_>, turn: &mut Reading) {
        if self.auction.take().is_some() {
            cx.unsupported(
                "an auction whose messages stop before every tile has an owner".into(),
                "\"BAZAAR_BID\"",
            );
        }
        let (Some(player), Some(tile)) = (turn.turn.player.clone(), turn.turn.tile.clone()) else {
            return;
        };
        if let Some((k, i)) = self.pending(&player) {
            self.got[k][i].1 = Some(tile);
        }
    }

    fn finish(&mut self, cx: &mut Context<'_, '_>, turns: &mut [FlowMap<WrittenTurn>]) {
        for t in turns {
            let Some(Value::Array(list)) = t.0.keyed.get_mut("bazaar") else {
                continue;
            };
            for e in list {
                let Some(slot) = e.get_mut("tile") else {
                    continue;
                };
                let Some(ids) = slot
                    .as_str()
                    .and_then(|s| s.strip_prefix(PLACEHOLDER))
                    .map(str::to_string)
                else {
                    continue;
                };
                let mut parts = ids.split(':').skip(1).map(|x| x.parse::<usize>().ok());
                let found = match (parts.next().flatten(), parts.next().flatten()) {
                    (Some(k), Some(i)) => self
                        .got
                        .get(k)
                        .and_then(|g| g.get(i))
                        .and_then(|g| g.1.clone()),
                    _ => None,
                };
                match found {
                    Some(id) => *slot = id.into(),
                    None => cx.unsupported(
                        "a tile of an auction its player never placed (carca cannot tell which tile it was)".into(),
                        "\"BAZAAR_BID\"",
                    ),
                }
            }
        }
    }

    fn message(
        &mut self,
        cx: &mut Context<'_, '_>,
        turn: Option<&mut Reading>,
        m: &Message<'_>,
    ) -> bool {
        if matches!(m.kind, "BAZAAR_BID" | "BAZAAR_BUY_OR_SELL")
            || (m.kind == "PASS" && self.auction.is_some())
        {
            let ok = cx.in_play(SET) && self.bazaar(cx, turn.as_deref(), m);
            if !ok {
                cx.unsupported(
                    format!(
                        "the auction message {} of replay message {} (out of JCloisterZone's order)",
                        m.kind, m.index
                    ),
                    &format!("\"{}\"", m.kind),
                );
                self.auction = None;
            } else if let Some(t) = turn {
                self.written(cx, t);
            }
            return true;
        }
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
