//! What bridges, castles and bazaars note happened, in words and JSON.

use schemars::JsonSchema;
use serde::Serialize;

use crate::engine::event::Tale;
use crate::geometry::Pos;

/// The breakdown's heading over the notes of Bridges, Castles & Bazaars.
pub const HEADING: &str = "bridges, castles and bazaars";

/// What happened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BcbNote {
    /// The player of the note laid a bridge.
    Bridge {
        /// Its tile.
        at: Pos,
        /// Which way.
        span: super::keys::Span,
    },
    /// A small city became a castle of `owner`.
    Castle {
        /// The castle's owner.
        owner: usize,
        /// Its two tiles.
        tiles: [Pos; 2],
        /// The city, by name.
        city: String,
    },
    /// A castle's follower went home at the end without scoring.
    Unscored {
        /// The castle's owner.
        owner: usize,
        /// Its two tiles.
        tiles: [Pos; 2],
    },
    /// A bazaar's auction: who got which tile, and how.
    Bazaar {
        /// Each tile, in the order auctioned.
        sales: Vec<Sold>,
    },
    /// The record ends after a bazaar's turn without the auction that
    /// follows it: the next turns' tiles come from it.
    AuctionOwed {
        /// How many tiles it deals (one per player).
        tiles: usize,
        /// Who chooses first.
        chooser: usize,
        /// The tiles left to draw them from: each id and how many.
        supply: Vec<(std::sync::Arc<str>, u32)>,
    },
}

/// The castle whose points an event gives: its detail, `"castle":
/// {"player", "tiles"}`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CastleScored {
    /// Its owner.
    pub owner: usize,
    /// Its two tiles.
    pub tiles: [Pos; 2],
}

impl Tale for CastleScored {
    fn words(&self, players: &[String], _player: usize) -> String {
        format!(
            "{}'s castle on {} and {}; its follower goes home",
            players.get(self.owner).map_or("", String::as_str),
            self.tiles[0],
            self.tiles[1]
        )
    }

    fn json(&self, players: &[String]) -> serde_json::Value {
        serde_json::json!({ "castle": {
            "player": players.get(self.owner).cloned().unwrap_or_default(),
            "tiles": self.tiles.map(pair),
        } })
    }

    fn heading(&self) -> &'static str {
        HEADING
    }
}

/// One tile of an auction, as it went: also the detail of the event of
/// its price.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sold {
    /// The tile's id (shared with the record's auction).
    pub tile: std::sync::Arc<str>,
    /// Who chose it.
    pub chooser: usize,
    /// Who took it.
    pub to: usize,
    /// The price paid (0: none).
    pub price: u32,
    /// The chooser sold it to the highest bidder.
    pub sold: bool,
    /// It was the tile left over, free to the last player.
    pub free: bool,
    /// Who outbid the chooser last, if anyone did.
    pub bidder: Option<usize>,
}

/// One tile of an auction in JSON.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct SoldJson {
    /// The tile's id.
    pub tile: String,
    /// Who chose it.
    pub chooser: String,
    /// Who took it.
    pub to: String,
    /// The price paid: to the highest bidder when the chooser bought it,
    /// to the chooser when they sold it, to nobody when nobody raised.
    pub price: u32,
    /// The chooser sold it to the highest bidder.
    pub sold: bool,
}

impl Sold {
    fn entry(&self, players: &[String]) -> SoldJson {
        let name = |p: usize| players.get(p).cloned().unwrap_or_default();
        SoldJson {
            tile: self.tile.to_string(),
            chooser: name(self.chooser),
            to: name(self.to),
            price: self.price,
            sold: self.sold,
        }
    }

    /// How it went, in words.
    fn told(&self, players: &[String]) -> String {
        let name = |p: usize| players.get(p).map_or("", String::as_str);
        let (tile, to, chooser, price) =
            (&self.tile, name(self.to), name(self.chooser), self.price);
        match self.bidder {
            _ if self.free => format!("{tile} to {to}, free (the tile left over)"),
            _ if self.sold => format!("{tile} to {to}, sold by {chooser} for {price}"),
            Some(b) => format!("{tile} to {to}, bought for {price} (paid to {})", name(b)),
            None if price == 0 => format!("{tile} to {to}, for 0"),
            None => format!("{tile} to {to}, bought at their own bid of {price} (paid to nobody)"),
        }
    }
}

/// A bazaar's price, as the detail of its event: `"bazaar": {"tile",
/// "chooser", "to", "price", "sold"}`.
impl Tale for Sold {
    fn words(&self, players: &[String], _player: usize) -> String {
        format!("bazaar: {}", self.told(players))
    }

    fn json(&self, players: &[String]) -> serde_json::Value {
        serde_json::json!({ "bazaar": self.entry(players) })
    }

    fn heading(&self) -> &'static str {
        HEADING
    }
}

/// The notes of Bridges, Castles & Bazaars in `carca score --format json`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(tag = "note", rename_all = "snake_case")]
pub enum BcbNoteJson {
    /// A bridge laid.
    Bridge {
        /// Its tile, `[x, y]`.
        at: [i32; 2],
        /// `NS` or `WE`.
        span: &'static str,
    },
    /// A small city became a castle.
    Castle {
        /// Its owner (the follower in it).
        owner: String,
        /// Its two tiles, `[x, y]`.
        tiles: [[i32; 2]; 2],
        /// The city it was made from, by name.
        city: String,
    },
    /// A castle still occupied at the end: it scores nothing, its
    /// follower goes home.
    CastleUnscored {
        /// Its owner.
        owner: String,
        /// Its two tiles, `[x, y]`.
        tiles: [[i32; 2]; 2],
    },
    /// A bazaar's auction: each tile, in the order auctioned, and who
    /// took it.
    Bazaar {
        /// The tiles.
        tiles: Vec<SoldJson>,
    },
    /// The record ends after a bazaar's turn without the auction that
    /// follows it (`bazaar:` on that turn's entry), which deals the next
    /// turns' tiles.
    AuctionOwed {
        /// How many tiles it deals (one per player).
        tiles: usize,
        /// Who chooses first.
        chooser: String,
        /// The tiles left in the supply to draw them from, each with how
        /// many are left: the tiles the players may bid on.
        supply: Vec<LeftJson>,
    },
}

/// Tiles of one kind left in the supply.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct LeftJson {
    /// The tile's id.
    pub tile: String,
    /// How many are left.
    pub count: u32,
}

/// The JSON Schema of the notes of Bridges, Castles & Bazaars.
pub fn schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
    generator.subschema_for::<BcbNoteJson>()
}

fn pair(p: Pos) -> [i32; 2] {
    [p.x, p.y]
}

impl Tale for BcbNote {
    fn words(&self, players: &[String], player: usize) -> String {
        let name = |p: usize| players.get(p).map_or("", String::as_str);
        match self {
            BcbNote::Bridge { at, span } => format!(
                "{} lays a bridge across {at} ({})",
                name(player),
                span.word()
            ),
            BcbNote::Castle { owner, tiles, city } => format!(
                "the {city} becomes {}'s castle on {} and {}",
                name(*owner),
                tiles[0],
                tiles[1]
            ),
            BcbNote::Unscored { owner, tiles } => format!(
                "{}'s castle on {} and {} scored nothing; its follower goes home",
                name(*owner),
                tiles[0],
                tiles[1]
            ),
            BcbNote::Bazaar { sales } => {
                let each: Vec<String> = sales.iter().map(|s| s.told(players)).collect();
                format!("{}'s bazaar: {}", name(player), each.join("; "))
            }
            BcbNote::AuctionOwed {
                tiles,
                chooser,
                supply,
            } => {
                let each: Vec<String> = supply
                    .iter()
                    .map(|(id, n)| {
                        if *n == 1 {
                            id.to_string()
                        } else {
                            format!("{id} ×{n}")
                        }
                    })
                    .collect();
                format!(
                    "{}'s bazaar: the record ends before the auction that follows it ({tiles} tiles, {} choosing first); write it as `bazaar:` on this turn's entry, and the next turns play the tiles it deals. The tiles to bid on are drawn from the {} left: {}",
                    name(player),
                    name(*chooser),
                    supply.iter().map(|(_, n)| *n).sum::<u32>(),
                    each.join(", ")
                )
            }
        }
    }

    fn json(&self, players: &[String]) -> serde_json::Value {
        let name = |p: usize| players.get(p).cloned().unwrap_or_default();
        let json = match self {
            BcbNote::Bridge { at, span } => BcbNoteJson::Bridge {
                at: pair(*at),
                span: span.word(),
            },
            BcbNote::Castle { owner, tiles, city } => BcbNoteJson::Castle {
                owner: name(*owner),
                tiles: tiles.map(pair),
                city: city.clone(),
            },
            BcbNote::Unscored { owner, tiles } => BcbNoteJson::CastleUnscored {
                owner: name(*owner),
                tiles: tiles.map(pair),
            },
            BcbNote::Bazaar { sales } => BcbNoteJson::Bazaar {
                tiles: sales.iter().map(|s| s.entry(players)).collect(),
            },
            BcbNote::AuctionOwed {
                tiles,
                chooser,
                supply,
            } => BcbNoteJson::AuctionOwed {
                tiles: *tiles,
                chooser: name(*chooser),
                supply: supply
                    .iter()
                    .map(|(id, n)| LeftJson {
                        tile: id.to_string(),
                        count: *n,
                    })
                    .collect(),
            },
        };
        serde_json::to_value(json).unwrap_or_default()
    }

    fn heading(&self) -> &'static str {
        HEADING
    }

    fn owed(&self) -> bool {
        matches!(self, BcbNote::AuctionOwed { .. })
    }
}
