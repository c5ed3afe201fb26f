//! Bazaars (RULES.md §16): after a turn that placed a bazaar tile, one
//! tile per player is drawn and auctioned (or simply chosen); each
//! player's next turn plays the tile they got.

use miette::SourceSpan;

use super::keys::{Bazaar, Sale};
use super::notes::{BcbNote, Sold};
use super::problem::BcbProblem;
use crate::engine::Note;
use crate::engine::event::{NoteKind, Phase, Told};
use crate::engine::game::{Game, Payment};
use crate::engine::mechanic::{Acting, Mechanic, Phases, Placing, Said, Setup, TurnEnded, Wakes};
use crate::engine::violation::{Broken, ViolationKind};
use crate::record::{Act, Keyed};
use crate::rules::table::{Bears, Kept, Toggle, Values};

/// The rule option `bazaar_auction`.
pub const AUCTION: Toggle = Toggle {
    key: "bazaar_auction",
    doc: "Bridges, Castles & Bazaars: the tiles of a bazaar are auctioned, with bids and a choice to buy or sell (`auction`, the printed rule), or each player in turn simply chooses one (`choose`).",
    values: Values::Words(&["auction", "choose"]),
    always_shown: false,
    bears: Bears::Moves,
    kept: Kept::Word { default: "auction" },
};

/// The bazaars, when the expansion is in play.
#[must_use]
pub fn mechanic(setup: &Setup<'_>) -> Option<Box<dyn Mechanic>> {
    let catalog = setup.catalog;
    if !super::in_play(catalog) {
        return None;
    }
    let mut bazaar = vec![false; catalog.tiles.len()];
    for &t in catalog.showing(super::BAZAAR) {
        bazaar[t] = true;
    }
    Some(Box::new(Bazaars {
        players: setup.players,
        auction: setup.rules.option(&AUCTION) != "choose",
        bazaar,
        round: false,
        due: false,
        written: None,
        dealt: vec![None; setup.players],
    }))
}

/// The bazaars of a game: the round under way and the tiles dealt.
#[derive(Debug, Clone)]
struct Bazaars {
    players: usize,
    /// Bids (else each chooser simply takes a tile).
    auction: bool,
    /// Per catalog tile: it shows a bazaar.
    bazaar: Vec<bool>,
    /// A bazaar round is running: from its auction to the end of the last
    /// turn that plays one of its tiles.
    round: bool,
    /// This turn placed a bazaar outside a round: an auction follows it.
    due: bool,
    /// The auction this turn's record writes.
    written: Option<Bazaar>,
    /// Per player, the tile they got at the bazaar, not played yet.
    dealt: Vec<Option<usize>>,
}

/// An auction's rule broken.
fn broken(why: impl Into<String>) -> ViolationKind {
    ViolationKind::Mechanic(Broken::new(BcbProblem::Bazaar { why: why.into() }))
}

impl Bazaars {
    /// The first player after `after` in turn order who has no tile yet.
    fn next_without(&self, got: &[Option<usize>], after: usize) -> Option<usize> {
        (1..=self.players)
            .map(|k| (after + k) % self.players)
            .find(|&p| got[p].is_none())
    }

    /// Carries out the auction `written` after `ended`'s turn, as written,
    /// reporting every rule it breaks.
    fn auction(
        &mut self,
        game: &mut Game,
        ended: &TurnEnded<'_>,
        written: &Bazaar,
        take: &mut dyn FnMut(usize) -> bool,
        said: &mut Said,
    ) {
        let n = self.players;
        let name = |p: usize| ended.names.get(p).cloned().unwrap_or_default();
        if written.sales.len() != n {
            said.violations.push((
                broken(format!(
                    "{n} tiles are auctioned, one per player, but {} are written",
                    written.sales.len()
                )),
                written.span,
            ));
        }
        let mut got: Vec<Option<usize>> = vec![None; n];
        let mut last = ended.actor;
        let mut sold = Vec::with_capacity(n);
        for sale in written.sales.iter() {
            let Some(due) = self.next_without(&got, last) else {
                said.violations.push((
                    broken("every player has a tile already; this entry is ignored"),
                    sale.span,
                ));
                continue;
            };
            if !take(sale.tile) {
                said.violations.push((
                    broken(format!("no {} is left in the supply", sale.id)),
                    sale.tile_span,
                ));
            }
            // The chooser: as written when that player has no tile yet.
            let chooser = match sale.player {
                Some((p, span)) if p != due => {
                    said.violations.push((
                        broken(format!("{} chooses now, not {}", name(due), name(p))),
                        span,
                    ));
                    if got[p].is_none() { p } else { due }
                }
                _ => due,
            };
            last = chooser;
            let left = got.iter().filter(|g| g.is_none()).count();
            if left == 1 {
                if sale.bids.is_some() || sale.sell.is_some() {
                    said.violations.push((
                        broken(
                            "the tile left over goes free to the last player without one: no bids",
                        ),
                        sale.bids_span,
                    ));
                }
                got[chooser] = Some(sale.tile);
                sold.push(Sold {
                    tile: sale.id.clone(),
                    chooser,
                    to: chooser,
                    price: 0,
                    sold: false,
                    free: true,
                    bidder: None,
                });
                continue;
            }
            let (to, price, from, paid, bidder) = if self.auction {
                self.bids(sale, chooser, &got, &name, said)
            } else {
                if sale.bids.is_some() || sale.sell.is_some() {
                    said.violations.push((
                        broken("under `bazaar_auction = \"choose\"` a chooser takes a tile without bids"),
                        sale.bids_span,
                    ));
                }
                (chooser, 0, None, None, None)
            };
            got[to] = Some(sale.tile);
            let s = Sold {
                tile: sale.id.clone(),
                chooser,
                to,
                price,
                sold: to != chooser,
                free: false,
                bidder,
            };
            if price > 0 {
                game.payment(
                    Phase::Turn {
                        number: ended.turn,
                        player: ended.actor,
                    },
                    Payment {
                        from,
                        to: paid,
                        points: i64::from(price),
                        rule: "bazaar",
                        words: "the highest bid",
                        unit: "tile",
                        name: ["the bazaar's ", &sale.id].concat(),
                    },
                );
                if let Some(e) = game.events.last_mut() {
                    e.detail = Some(Told::new(s.clone()));
                }
            }
            sold.push(s);
        }
        for (p, tile) in got.into_iter().enumerate() {
            if tile.is_some() {
                self.dealt[p] = tile;
                self.round = true;
            }
        }
        said.notes.push(Note {
            turn: ended.turn,
            player: ended.actor,
            kind: NoteKind::Mechanic(Told::new(BcbNote::Bazaar { sales: sold })),
        });
    }

    /// The bids on one tile: who takes it, the price, who pays and who is
    /// paid.
    fn bids(
        &self,
        sale: &Sale,
        chooser: usize,
        got: &[Option<usize>],
        name: &dyn Fn(usize) -> String,
        said: &mut Said,
    ) -> (usize, u32, Option<usize>, Option<usize>, Option<usize>) {
        let n = self.players;
        let bids = sale.bids.as_deref().unwrap_or_default();
        let opening = match bids.iter().find(|b| b.0 == chooser) {
            Some(&(_, points, _)) => points,
            None => {
                said.violations.push((
                    broken(format!(
                        "{} chooses this tile and opens the bidding: `bids` names their bid (0 or more)",
                        name(chooser)
                    )),
                    sale.bids_span,
                ));
                0
            }
        };
        // The raises in turn order from the chooser.
        let mut raises: Vec<&(usize, u32, SourceSpan)> =
            bids.iter().filter(|b| b.0 != chooser).collect();
        raises.sort_by_key(|b| (b.0 + n - chooser) % n);
        let mut high = (chooser, opening);
        for &&(p, points, span) in &raises {
            if got[p].is_some() {
                said.violations.push((
                    broken(format!(
                        "{} has a tile of this bazaar already and bids no more",
                        name(p)
                    )),
                    span,
                ));
            } else if points <= high.1 {
                said.violations.push((
                    broken(format!(
                        "{}'s raise of {points} is not above {}'s {}",
                        name(p),
                        name(high.0),
                        high.1
                    )),
                    span,
                ));
            } else {
                high = (p, points);
            }
        }
        let (bidder, price) = high;
        let sells = match sale.sell {
            Some((true, span)) if bidder == chooser => {
                said.violations.push((
                    broken(format!(
                        "nobody outbid {}: they buy the tile at their own bid",
                        name(chooser)
                    )),
                    span,
                ));
                false
            }
            Some((sells, _)) => sells,
            None => false,
        };
        let outbid = (bidder != chooser).then_some(bidder);
        if sells {
            (bidder, price, Some(bidder), Some(chooser), outbid)
        } else {
            (chooser, price, Some(chooser), outbid, outbid)
        }
    }

    /// The auction the generator has a record write now: the tiles drawn
    /// by `draw`, the choices made by `pick`.
    fn propose(
        &self,
        game: &Game,
        actor: usize,
        draw: &mut dyn FnMut() -> Option<usize>,
        pick: &mut dyn FnMut(usize) -> Option<usize>,
    ) -> Option<Bazaar> {
        let n = self.players;
        let mut tiles: Vec<usize> = (0..n).map_while(|_| draw()).collect();
        if tiles.len() < n {
            return None;
        }
        let span = SourceSpan::from((0, 0));
        let mut got: Vec<Option<usize>> = vec![None; n];
        let mut last = actor;
        let mut sales = Vec::with_capacity(n);
        while let Some(chooser) = self.next_without(&got, last) {
            last = chooser;
            let tile = tiles.remove(pick(tiles.len()).unwrap_or(0).min(tiles.len() - 1));
            let mut sale = Sale {
                tile,
                id: game.tile(tile).id.as_str().into(),
                tile_span: span,
                player: Some((chooser, span)),
                bids: None,
                bids_span: span,
                sell: None,
                span,
            };
            if tiles.is_empty() {
                sale.player = None;
                got[chooser] = Some(tile);
                sales.push(sale);
                break;
            }
            let mut to = chooser;
            if self.auction {
                let opening = u32::try_from(pick(3).unwrap_or(0)).unwrap_or(0);
                let mut bids = vec![(chooser, opening, span)];
                let mut high = (chooser, opening);
                for k in 1..n {
                    let p = (chooser + k) % n;
                    if got[p].is_none() && pick(3) == Some(0) {
                        let raise = high.1 + 1 + u32::try_from(pick(2).unwrap_or(0)).unwrap_or(0);
                        bids.push((p, raise, span));
                        high = (p, raise);
                    }
                }
                if high.0 != chooser && pick(2) == Some(1) {
                    sale.sell = Some((true, span));
                    to = high.0;
                }
                sale.bids = Some(bids);
            }
            got[to] = Some(tile);
            sales.push(sale);
        }
        Some(Bazaar {
            sales: sales.into(),
            span,
        })
    }
}

impl Mechanic for Bazaars {
    fn boxed(&self) -> Box<dyn Mechanic> {
        Box::new(self.clone())
    }

    fn phases(&self) -> Phases {
        // The record's auction is taken in the "move" phase, after the
        // deployment, where a castle is made too: a turn pays for no more
        // phases than before.
        Phases::DRAW
            .and(Phases::PLACED)
            .and(Phases::MOVE)
            .and(Phases::TURN_END)
    }

    fn wakes(&self, phase: Phases) -> Wakes {
        if phase == Phases::PLACED {
            Wakes::Showing(&[super::BAZAAR])
        } else {
            Wakes::Never
        }
    }

    fn act_keys(&self) -> &'static [&'static str] {
        &["bazaar"]
    }

    fn busy(
        &self,
        _game: &Game,
        phase: Phases,
        _actor: usize,
        _placed: Option<usize>,
        acts: &[Act],
    ) -> bool {
        if phase == Phases::TURN_END {
            // Nothing to do between turns unless an auction is due or
            // written, or a round runs.
            return self.due || self.written.is_some() || self.round;
        }
        phase != Phases::MOVE || acts.iter().any(|a| a.get::<Bazaar>().is_some())
    }

    fn placed(&mut self, _game: &mut Game, placing: &Placing) -> Option<crate::engine::FeatureId> {
        // A bazaar placed while a round runs starts no auction.
        if self.bazaar.get(placing.tile).copied().unwrap_or(false) && !self.round {
            self.due = true;
        }
        None
    }

    fn before_scoring(&mut self, _game: &mut Game, acting: &Acting<'_>, said: &mut Said) {
        for (i, act) in acting.acts.iter().enumerate() {
            let Some(b) = act.get::<Bazaar>() else {
                continue;
            };
            said.taken.push(i);
            if self.written.is_some() {
                said.violations.push((
                    broken("one auction follows a turn; this one is ignored"),
                    b.span,
                ));
            } else {
                self.written = Some(b.clone());
            }
        }
    }

    fn dealt(&self, actor: usize, second: bool) -> Option<usize> {
        // A builder's second tile is drawn as usual.
        if second {
            return None;
        }
        self.dealt.get(actor).copied().flatten()
    }

    fn spend_dealt(
        &mut self,
        catalog: &crate::tileset::Catalog,
        names: &[String],
        actor: usize,
        tile: usize,
    ) -> Option<ViolationKind> {
        let got = self.dealt.get_mut(actor)?.take()?;
        (got != tile).then(|| {
            ViolationKind::Mechanic(Broken::new(BcbProblem::BazaarTile {
                player: names.get(actor).cloned().unwrap_or_default(),
                got: catalog.tiles[got].tile.id.clone(),
                played: catalog.tiles[tile].tile.id.clone(),
            }))
        })
    }

    fn dealt_left(&self) -> u64 {
        self.dealt.iter().filter(|d| d.is_some()).count() as u64
    }

    fn turn_ended(
        &mut self,
        game: &mut Game,
        ended: &TurnEnded<'_>,
        take: &mut dyn FnMut(usize) -> bool,
        said: &mut Said,
    ) {
        let written = self
            .written
            .take()
            .or_else(|| ended.acts.iter().find_map(|a| a.get::<Bazaar>()).cloned());
        let due = std::mem::take(&mut self.due);
        // The round is over once every tile of it is played.
        if self.round && self.dealt.iter().all(Option::is_none) {
            self.round = false;
        }
        if !due {
            if let Some(w) = written {
                said.violations.push((
                    broken("no auction follows this turn (it placed no bazaar, or one during a bazaar round); the entry is ignored"),
                    w.span,
                ));
            }
            return;
        }
        let n = self.players;
        if ended.left < n as u64 || n < 2 {
            if let Some(w) = written {
                said.violations.push((
                    broken(format!(
                        "no auction: {} tile{} left, fewer than one per player; the entry is ignored",
                        ended.left,
                        if ended.left == 1 { " is" } else { "s are" }
                    )),
                    w.span,
                ));
            }
            return;
        }
        match written {
            Some(w) => self.auction(game, ended, &w, take, said),
            None if ended.more => said.violations.push((
                ViolationKind::Mechanic(Broken::new(BcbProblem::BazaarMissing {
                    player: ended.names.get(ended.actor).cloned().unwrap_or_default(),
                })),
                ended.span,
            )),
            // The record ends here: the auction is owed, and says so.
            None => said.notes.push(Note {
                turn: ended.turn,
                player: ended.actor,
                kind: NoteKind::Mechanic(Told::new(BcbNote::AuctionOwed {
                    tiles: n,
                    chooser: (ended.actor + 1) % n,
                    supply: ended
                        .left_at_end
                        .map(|(catalog, left)| {
                            left.iter()
                                .zip(&catalog.tiles)
                                .filter(|(left, _)| **left > 0)
                                .map(|(left, e)| (std::sync::Arc::from(e.tile.id.as_str()), *left))
                                .collect()
                        })
                        .unwrap_or_default(),
                })),
            }),
        }
    }

    fn propose_turn_end(
        &self,
        game: &Game,
        ended: &TurnEnded<'_>,
        draw: &mut dyn FnMut() -> Option<usize>,
        pick: &mut dyn FnMut(usize) -> Option<usize>,
    ) -> Vec<Act> {
        if !self.due || ended.left < self.players as u64 || self.players < 2 {
            return Vec::new();
        }
        self.propose(game, ended.actor, draw, pick)
            .map(|b| vec![Act::Keyed(Keyed::new(b))])
            .unwrap_or_default()
    }
}
