//! What The Tower notes happened without points: pieces, followers on
//! towers, captures, exchanges and ransoms, in words and JSON.

use std::fmt::Write as _;

use schemars::JsonSchema;
use serde::Serialize;

use crate::engine::event::Tale;
use crate::geometry::Pos;
use crate::record::location::Location;
use crate::text::figure_word;

/// The breakdown's heading over The Tower's notes.
pub const HEADING: &str = "towers, prisoners and ransoms";

/// What happened at a tower.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TowerNote {
    /// A tower piece put on a tower.
    Piece {
        /// The tower's tile.
        at: Pos,
        /// Its height now.
        height: u32,
    },
    /// A follower put on top of a tower, which closes it.
    OnTower {
        /// The figure's word.
        figure: String,
        /// The tower's tile.
        at: Pos,
    },
    /// A tower took a follower: its owner's own goes home, another
    /// player's is held by the player of the turn (unless exchanged).
    Captured {
        /// The figure's word.
        figure: String,
        /// Its owner.
        owner: usize,
        /// Its tile.
        at: Pos,
        /// Where on it (`tower` for the top of a tower).
        spot: Location,
        /// It went home (its owner's own tower took it, or an exchange
        /// sent it back).
        home: bool,
        /// Its owner's figures beside it that went home with it (a builder,
        /// a pig: their owner had no follower left there).
        with: Vec<String>,
    },
    /// Prisoners exchanged: the follower just taken went home, and one of
    /// the capturer's came back from its owner.
    Exchanged {
        /// The word of the capturer's follower that came back.
        figure: String,
        /// The player who held it.
        from: usize,
    },
    /// A follower bought back (the player of the note paid).
    Ransomed {
        /// The figure's word.
        figure: String,
        /// The player paid, who held it.
        from: usize,
        /// The points paid.
        points: i64,
    },
}

/// The Tower's notes in `carca score --format json`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(tag = "note", rename_all = "snake_case")]
pub enum TowerNoteJson {
    /// A tower piece put on a tower (The Tower).
    TowerPiece {
        /// The tower's tile: [x, y].
        at: [i32; 2],
        /// Its height now.
        height: u32,
    },
    /// A follower put on top of a tower, which closes it.
    OnTower {
        /// The figure's word.
        figure: String,
        /// The tower's tile: [x, y].
        at: [i32; 2],
    },
    /// A tower took a follower.
    Captured {
        /// The figure's word.
        figure: String,
        /// Its owner.
        owner: String,
        /// Its tile: [x, y].
        at: [i32; 2],
        /// Where on it (`tower`: the top of a tower).
        spot: String,
        /// It went home (its owner's own, or exchanged); false: the
        /// player of the note holds it.
        home: bool,
        /// Its owner's figures beside it that went home with it (a
        /// builder, a pig).
        with: Vec<String>,
    },
    /// Prisoners exchanged: one of the player's followers came back.
    Exchanged {
        /// The word of the follower that came back.
        figure: String,
        /// The player who held it.
        from: String,
    },
    /// A follower bought back by the player of the note.
    Ransomed {
        /// The figure's word.
        figure: String,
        /// The player paid, who held it.
        from: String,
        /// The points paid.
        points: i64,
    },
}

/// The JSON Schema of The Tower's notes.
pub fn schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
    generator.subschema_for::<TowerNoteJson>()
}

impl Tale for TowerNote {
    fn words(&self, players: &[String], player: usize) -> String {
        let who = &players[player];
        match self {
            TowerNote::Piece { at, height } => {
                format!("{who} put a tower piece on the tower at {at}: height {height}")
            }
            TowerNote::OnTower { figure, at } => format!(
                "{who} put a {} on top of the tower at {at}, which closes it",
                figure_word(figure)
            ),
            TowerNote::Captured {
                figure,
                owner,
                at,
                spot,
                home,
                with,
            } => {
                let owner = &players[*owner];
                let with = with.iter().fold(String::new(), |mut s, f| {
                    let _ = write!(s, "; {owner}'s {f} goes home");
                    s
                });
                let fate = match (owner == who, home) {
                    (true, _) => "it goes home".to_string(),
                    (false, true) => format!("it goes home to {owner} (exchanged)"),
                    (false, false) => format!("{who} holds it"),
                };
                format!(
                    "{who}'s tower took {owner}'s {} at {at} {spot}: {fate}{with}",
                    figure_word(figure)
                )
            }
            TowerNote::Exchanged { figure, from } => format!(
                "prisoners exchanged: {who}'s {} held by {} goes home",
                figure_word(figure),
                players[*from]
            ),
            TowerNote::Ransomed {
                figure,
                from,
                points,
            } => format!(
                "{who} paid {} {points} points of ransom for {who}'s {}, which goes home",
                players[*from],
                figure_word(figure)
            ),
        }
    }

    fn json(&self, players: &[String]) -> serde_json::Value {
        let json = match self {
            TowerNote::Piece { at, height } => TowerNoteJson::TowerPiece {
                at: [at.x, at.y],
                height: *height,
            },
            TowerNote::OnTower { figure, at } => TowerNoteJson::OnTower {
                figure: figure.clone(),
                at: [at.x, at.y],
            },
            TowerNote::Captured {
                figure,
                owner,
                at,
                spot,
                home,
                with,
            } => TowerNoteJson::Captured {
                figure: figure.clone(),
                owner: players[*owner].clone(),
                at: [at.x, at.y],
                spot: spot.to_string(),
                home: *home,
                with: with.clone(),
            },
            TowerNote::Exchanged { figure, from } => TowerNoteJson::Exchanged {
                figure: figure.clone(),
                from: players[*from].clone(),
            },
            TowerNote::Ransomed {
                figure,
                from,
                points,
            } => TowerNoteJson::Ransomed {
                figure: figure.clone(),
                from: players[*from].clone(),
                points: *points,
            },
        };
        serde_json::to_value(json).unwrap_or_default()
    }

    fn heading(&self) -> &'static str {
        HEADING
    }
}
