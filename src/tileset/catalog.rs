//! The tiles of all sets in play, as one table the engine indexes.

use super::{Loaded, Tile};

/// One tile type in play.
#[derive(Debug, Clone)]
pub struct Entry {
    /// Index of its set in [`Catalog::sets`].
    pub set: usize,
    /// The tile.
    pub tile: Tile,
    /// Its set is played first (The River).
    pub opening: bool,
}

/// The tile sets in play and their tiles.
#[derive(Debug, Clone)]
pub struct Catalog {
    /// The sets, in the order the record names them.
    pub sets: Vec<Loaded>,
    /// Every tile type of every set.
    pub tiles: Vec<Entry>,
    /// The first tile with each id.
    by_id: std::collections::HashMap<String, usize>,
    /// Ids that more than one set in play defines.
    ambiguous: std::collections::HashSet<String>,
}

impl Catalog {
    /// The catalog of these sets.
    #[must_use]
    pub fn new(sets: Vec<Loaded>) -> Catalog {
        let tiles: Vec<Entry> = sets
            .iter()
            .enumerate()
            .flat_map(|(i, l)| {
                l.set.tiles.iter().map(move |t| Entry {
                    set: i,
                    tile: t.clone(),
                    opening: l.set.opening,
                })
            })
            .collect();
        let mut by_id = std::collections::HashMap::new();
        let mut ambiguous = std::collections::HashSet::new();
        for (i, e) in tiles.iter().enumerate() {
            let first = *by_id.entry(e.tile.id.clone()).or_insert(i);
            if tiles[first].set != e.set {
                ambiguous.insert(e.tile.id.clone());
            }
        }
        Catalog {
            sets,
            tiles,
            by_id,
            ambiguous,
        }
    }

    /// The tile with this id (`ID`, or `SET/ID` to pick a set).
    #[must_use]
    pub fn find(&self, id: &str) -> Option<usize> {
        let id = id.trim();
        if let Some((set, tile)) = id.split_once('/') {
            return self
                .tiles
                .iter()
                .position(|e| self.sets[e.set].set.name == set && e.tile.id == tile);
        }
        self.by_id.get(id).copied()
    }

    /// Whether more than one set in play has a tile with this id.
    #[must_use]
    pub fn is_ambiguous(&self, id: &str) -> bool {
        !self.ambiguous.is_empty() && self.ambiguous.contains(id.trim())
    }

    /// The names of the sets in play that have a tile with this id (more
    /// than one: `ID` alone is ambiguous, `SET/ID` is not).
    #[must_use]
    pub fn sets_with(&self, id: &str) -> Vec<&str> {
        let id = id.trim();
        let mut names: Vec<&str> = self
            .tiles
            .iter()
            .filter(|e| e.tile.id == id)
            .map(|e| self.sets[e.set].set.name.as_str())
            .collect();
        names.dedup();
        names
    }

    /// The default start tile: the opening set's, else the first set's.
    #[must_use]
    pub fn default_start(&self) -> Option<usize> {
        self.tiles
            .iter()
            .position(|e| e.opening && e.tile.start)
            .or_else(|| self.tiles.iter().position(|e| e.tile.start))
    }

    /// Some tile ids, for help lines.
    #[must_use]
    pub fn some_ids(&self) -> String {
        let ids: Vec<&str> = self.tiles.iter().map(|e| e.tile.id.as_str()).collect();
        if ids.len() > 30 {
            format!("{} … ({} in all)", ids[..30].join(" "), ids.len())
        } else {
            ids.join(" ")
        }
    }
}
