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
        };
        serde_json::to_value(json).unwrap_or_default()
    }

    fn heading(&self) -> &'static str {
        HEADING
    }
}
