//! The tiles left to draw: the common supply, the tiles each player holds
//! of their own (a tile set's `per_player` tiles), and how many land and
//! opening tiles are left.

use crate::tileset::Catalog;

/// Tiles left.
#[derive(Debug, Clone)]
pub struct Supply {
    /// Per catalog entry: tiles left in the common supply.
    pub common: Vec<u32>,
    /// Per player, per catalog entry: tiles of their own left.
    pub own: Vec<Vec<u32>>,
    /// Tiles left in the common supply, in all.
    pub land_left: u64,
    /// Tiles of an opening set (played before all others) left.
    pub opening_left: u32,
}

impl Supply {
    /// The full supply of a catalog for `players` players.
    #[must_use]
    pub fn new(catalog: &Catalog, players: usize) -> Supply {
        let common: Vec<u32> = catalog
            .tiles
            .iter()
            .map(|e| if e.tile.per_player { 0 } else { e.tile.count })
            .collect();
        let own = vec![
            catalog
                .tiles
                .iter()
                .map(|e| if e.tile.per_player { e.tile.count } else { 0 })
                .collect::<Vec<u32>>();
            players
        ];
        let land_left = common.iter().map(|&c| u64::from(c)).sum();
        let opening_left = catalog
            .tiles
            .iter()
            .zip(&common)
            .filter(|(e, _)| e.opening)
            .map(|(_, c)| *c)
            .sum();
        Supply {
            common,
            own,
            land_left,
            opening_left,
        }
    }

    /// Takes a tile from the common supply; `false` when none is left.
    pub fn draw(&mut self, catalog: &Catalog, tile: usize) -> bool {
        let Some(left) = self.common.get_mut(tile).filter(|c| **c > 0) else {
            return false;
        };
        *left -= 1;
        self.land_left -= 1;
        if catalog.tiles[tile].opening {
            self.opening_left -= 1;
        }
        true
    }

    /// Whether `player` still holds a tile of their own.
    #[must_use]
    pub fn holds_own(&self, player: usize) -> bool {
        self.own
            .get(player)
            .is_some_and(|o| o.iter().any(|&c| c > 0))
    }

    /// Per catalog entry, what is left for `player` to draw or play: the
    /// common supply and their own tiles.
    #[must_use]
    pub fn left_for(&self, player: usize) -> Vec<u32> {
        let own = self.own.get(player);
        self.common
            .iter()
            .enumerate()
            .map(|(i, a)| a + own.and_then(|o| o.get(i)).copied().unwrap_or(0))
            .collect()
    }
}
