//! The tiles of all sets in play, as one table the engine indexes.

use super::build::MAX_FEATURES_PER_TILE;
use super::figure::{FigureKind, FigureTable};
use super::model::Modifier;
use super::{EdgeKind, FeatureKind, Loaded, Tile};
use crate::geometry::{Edge, Half, Rotation};

// `Sides` names features in a byte.
const _: () = assert!(MAX_FEATURES_PER_TILE <= u8::MAX as usize);

/// One tile type in play.
#[derive(Debug, Clone)]
pub struct Entry {
    /// Index of its set in [`Catalog::sets`].
    pub set: usize,
    /// The tile.
    pub tile: Tile,
    /// Its set is played first (The River).
    pub opening: bool,
    /// What each of its features carries: indices into
    /// [`Catalog::modifiers`] with counts, by feature index.
    pub extras: Vec<Vec<(u16, u32)>>,
    /// What it shows along its sides, for each rotation (indexed by
    /// quarter turns).
    pub sides: [Sides; 4],
    /// Each feature's open sides when the tile is placed alone ([`Tile::open`]),
    /// by feature index: counted once, read at every placement.
    pub open: Vec<u32>,
    /// Whether any of its features is a landmark.
    pub landmarks: bool,
}

/// What a tile turned one way shows along its sides, by board edge and
/// half-edge: all a placement asks of the tiles it meets, so that neither
/// rules check nor union turns anything.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sides {
    /// The kind of each board edge, N, E, S, W.
    pub edges: [EdgeKind; 4],
    /// The city, road or river at the middle of each board edge.
    pub on_edge: [Option<u8>; 4],
    /// The second city at the middle of a board edge two cities share.
    pub shared_on_edge: [Option<u8>; 4],
    /// The field at each board half-edge (`None` where the half belongs to
    /// no field).
    pub field_on_half: [Option<u8>; 8],
}

impl Sides {
    /// What `tile` shows turned by `rot`.
    #[must_use]
    pub fn of(tile: &Tile, rot: Rotation) -> Sides {
        let narrow = |f: Option<usize>| f.and_then(|f| u8::try_from(f).ok());
        Sides {
            edges: Edge::ALL.map(|e| tile.edge_kind(e, rot)),
            on_edge: Edge::ALL.map(|e| narrow(tile.feature_on_edge(e, rot))),
            shared_on_edge: Edge::ALL.map(|e| narrow(tile.shared_on_edge(e, rot))),
            field_on_half: Half::ALL.map(|h| {
                narrow(
                    tile.feature_on_half(h, rot)
                        .filter(|&f| tile.features[f].kind == FeatureKind::Field),
                )
            }),
        }
    }
}

impl Entry {
    /// Whether the tile turned by `one` and by `other` quarter turns lies
    /// the same on the board: the same kinds along every edge, and its
    /// features matched one to one (a road tile turned half round shows
    /// its two fields swapped) with the same kind, extras, road end and
    /// cities touched, so that a record could not tell the two apart.
    #[must_use]
    pub fn same_turned(&self, one: usize, other: usize) -> bool {
        let (Some(this), Some(that)) = (self.sides.get(one), self.sides.get(other)) else {
            return false;
        };
        if this.edges != that.edges {
            return false;
        }
        let features = &self.tile.features;
        let count = features.len();
        let mut to: Vec<Option<usize>> = vec![None; count];
        let mut from: Vec<Option<usize>> = vec![None; count];
        let mut pair = |f: Option<u8>, g: Option<u8>| match (f, g) {
            (None, None) => true,
            (Some(f), Some(g)) => {
                let (f, g) = (usize::from(f), usize::from(g));
                match (to.get(f).copied().flatten(), from.get(g).copied().flatten()) {
                    (None, None) if f < count && g < count => {
                        to[f] = Some(g);
                        from[g] = Some(f);
                        true
                    }
                    (Some(there), Some(back)) => there == g && back == f,
                    _ => false,
                }
            }
            _ => false,
        };
        let sides_match = (0..4).all(|i| pair(this.on_edge[i], that.on_edge[i]))
            && (0..4).all(|i| pair(this.shared_on_edge[i], that.shared_on_edge[i]))
            && (0..8).all(|i| pair(this.field_on_half[i], that.field_on_half[i]));
        if !sides_match {
            return false;
        }
        // A feature on no edge (a cloister) stays where it is.
        for f in 0..count {
            if to[f].is_none() {
                if from[f].is_some() {
                    return false;
                }
                to[f] = Some(f);
                from[f] = Some(f);
            }
        }
        let mapped = |f: usize| to[f].unwrap_or(usize::MAX);
        // The princess's city stays hers.
        if self.tile.marked_city.map(mapped) != self.tile.marked_city {
            return false;
        }
        (0..count).all(|f| {
            let (p, q) = (&features[f], &features[mapped(f)]);
            let mut mine: Vec<usize> = p.touches.iter().map(|&c| mapped(c)).collect();
            let mut theirs = q.touches.clone();
            mine.sort_unstable();
            theirs.sort_unstable();
            let end = |e: &Option<super::model::End>| match e {
                Some(super::model::End::Feature(c)) => Some(super::model::End::Feature(mapped(*c))),
                other => *other,
            };
            p.kind == q.kind
                && p.extras == q.extras
                && end(&p.ends) == q.ends
                && mine == theirs
                && self.extras.get(f) == self.extras.get(mapped(f))
        })
    }
}

/// The tile sets in play and their tiles.
#[derive(Debug, Clone)]
pub struct Catalog {
    /// The sets, in the order the record names them.
    pub sets: Vec<Loaded>,
    /// Every tile type of every set.
    pub tiles: Vec<Entry>,
    /// The modifiers in play: the built-in ones, then those the sets
    /// declare, each name once.
    pub modifiers: Vec<Modifier>,
    /// The figures in play: the built-in ones and every one a set in play
    /// declares, with what the sets bring of each.
    pub figures: std::sync::Arc<FigureTable>,
    /// Modifier or figure names that two sets in play declare
    /// differently.
    pub conflicts: Vec<Conflict>,
    /// The first tile with each id.
    by_id: rustc_hash::FxHashMap<String, usize>,
    /// Ids that more than one set in play defines.
    ambiguous: std::collections::HashSet<String>,
    /// The symbols some tile in play shows, found once, each with the
    /// tiles (indices of `tiles`) that show it.
    symbols: Vec<(String, Vec<usize>)>,
    /// By modifier index: whether some tile in play carries it.
    carried: Vec<bool>,
    /// With bridges in play, per tile of the sets: its forms bridged N–S
    /// and W–E (canonical), which follow the sets' tiles in `tiles`.
    bridged: Vec<[Option<u32>; 2]>,
}

/// A name two sets in play declare differently.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Conflict {
    /// What is declared: `modifier` or `figure`.
    pub what: &'static str,
    /// The name.
    pub name: String,
    /// The set that declared it first (or `built-in`).
    pub first: String,
    /// The set that declares it again.
    pub second: String,
}

impl Catalog {
    /// Whether some tile in play shows the symbol `symbol`.
    #[must_use]
    pub fn shows(&self, symbol: &str) -> bool {
        self.symbols.iter().any(|(s, _)| s == symbol)
    }

    /// The tiles (indices of `tiles`) that show the symbol `symbol`.
    #[must_use]
    pub fn showing(&self, symbol: &str) -> &[usize] {
        self.symbols
            .iter()
            .find(|(s, _)| s == symbol)
            .map_or(&[], |(_, tiles)| tiles)
    }

    /// The catalog of these sets.
    #[must_use]
    pub fn new(sets: Vec<Loaded>) -> Catalog {
        let mut modifiers = Modifier::builtin();
        let mut declared_by: Vec<usize> = vec![usize::MAX; modifiers.len()];
        let mut conflicts = Vec::new();
        for (i, l) in sets.iter().enumerate() {
            for m in &l.set.modifiers {
                match modifiers.iter().position(|k| k.name == m.name) {
                    None => {
                        modifiers.push(m.clone());
                        declared_by.push(i);
                    }
                    Some(k) if modifiers[k] != *m => conflicts.push(Conflict {
                        what: "modifier",
                        name: m.name.clone(),
                        first: sets
                            .get(declared_by[k])
                            .map_or_else(|| "built-in".to_string(), |s| s.set.name.clone()),
                        second: l.set.name.clone(),
                    }),
                    Some(_) => {}
                }
            }
        }
        // Every `[points]` key has one owner across the sets in play: a
        // modifier whose keys are another's is a conflict.
        let set_name = |i: usize| {
            sets.get(declared_by[i])
                .map_or_else(|| "built-in".to_string(), |s| s.set.name.clone())
        };
        for k in 0..modifiers.len() {
            let mine = [&modifiers[k].key, &modifiers[k].incomplete_key];
            for j in 0..k {
                let other = &modifiers[j];
                // Built-in modifiers may share a rate (the goods' majority).
                if !(modifiers[k].declared || other.declared) {
                    continue;
                }
                if [&other.key, &other.incomplete_key]
                    .iter()
                    .any(|o| mine.contains(o))
                {
                    conflicts.push(Conflict {
                        what: "modifier",
                        name: modifiers[k].name.clone(),
                        first: set_name(j),
                        second: set_name(k),
                    });
                }
            }
        }
        let index = |name: &str| {
            modifiers
                .iter()
                .position(|m| m.name == name)
                .and_then(|i| u16::try_from(i).ok())
        };
        let names: Vec<&str> = sets.iter().map(|l| l.set.name.as_str()).collect();
        let names = &names;
        let tiles: Vec<Entry> = sets
            .iter()
            .enumerate()
            .flat_map(|(i, l)| {
                l.set.tiles.iter().map(move |t| Entry {
                    set: i,
                    tile: t.clone(),
                    opening: l.set.opening,
                    extras: t
                        .features
                        .iter()
                        .map(|f| {
                            let mut ids: Vec<(u16, u32)> = f
                                .extras
                                .iter()
                                .filter(|e| {
                                    l.set.modifiers_need.iter().all(|(m, set)| {
                                        *m != e.modifier || names.contains(&set.as_str())
                                    })
                                })
                                .filter_map(|e| index(&e.modifier).map(|m| (m, e.count)))
                                .collect();
                            ids.sort_unstable();
                            ids
                        })
                        .collect(),
                    sides: Rotation::ALL.map(|r| Sides::of(t, r)),
                    open: t.open(),
                    landmarks: t.features.iter().any(|f| f.landmark),
                })
            })
            .collect();
        let mut by_id = rustc_hash::FxHashMap::default();
        let mut ambiguous = std::collections::HashSet::new();
        for (i, e) in tiles.iter().enumerate() {
            let first = *by_id.entry(e.tile.id.clone()).or_insert(i);
            if tiles[first].set != e.set {
                ambiguous.insert(e.tile.id.clone());
            }
        }
        // The figures the sets declare, each name once.
        let mut kinds: Vec<FigureKind> = Vec::new();
        let mut kind_by: Vec<usize> = Vec::new();
        let mut kind_named: std::collections::HashMap<String, usize> =
            std::collections::HashMap::new();
        for (i, l) in sets.iter().enumerate() {
            for k in &l.set.figure_kinds {
                match kind_named.get(&k.name).copied() {
                    None => {
                        kind_named.insert(k.name.clone(), kinds.len());
                        kinds.push(k.clone());
                        kind_by.push(i);
                    }
                    Some(d) if kinds[d] != *k => conflicts.push(Conflict {
                        what: "figure",
                        name: k.name.clone(),
                        first: sets[kind_by[d]].set.name.clone(),
                        second: l.set.name.clone(),
                    }),
                    Some(_) => {}
                }
            }
        }
        let brought: Vec<(&str, u32)> = sets
            .iter()
            .flat_map(|l| l.set.figures.iter().map(|(n, c)| (n.as_str(), *c)))
            .collect();
        let figures = std::sync::Arc::new(FigureTable::new(kinds, &brought, index));
        // With bridges in play, each tile's bridged forms, after the tiles
        // of the sets (no supply holds them).
        let mut tiles = tiles;
        let mut bridged = Vec::new();
        if sets.iter().any(|l| l.set.across) {
            let n = tiles.len();
            bridged = vec![[None; 2]; n];
            for (i, slot) in bridged.iter_mut().enumerate() {
                for (k, from) in [Edge::N, Edge::W].into_iter().enumerate() {
                    let Some(t) = tiles[i].tile.bridged(from) else {
                        continue;
                    };
                    let mut extras = tiles[i].extras.clone();
                    extras.push(Vec::new());
                    slot[k] = u32::try_from(tiles.len()).ok();
                    tiles.push(Entry {
                        set: tiles[i].set,
                        opening: tiles[i].opening,
                        extras,
                        sides: Rotation::ALL.map(|r| Sides::of(&t, r)),
                        open: t.open(),
                        landmarks: t.features.iter().any(|f| f.landmark),
                        tile: t,
                    });
                }
            }
        }
        let mut symbols: Vec<(String, Vec<usize>)> = Vec::new();
        for (i, e) in tiles.iter().enumerate() {
            for symbol in &e.tile.symbols {
                match symbols.iter_mut().find(|(s, _)| s == symbol) {
                    Some((_, showing)) => {
                        if showing.last() != Some(&i) {
                            showing.push(i);
                        }
                    }
                    None => symbols.push((symbol.clone(), vec![i])),
                }
            }
        }
        let mut carried = vec![false; modifiers.len()];
        for &(m, n) in tiles.iter().flat_map(|e| e.extras.iter().flatten()) {
            if n > 0
                && let Some(c) = carried.get_mut(usize::from(m))
            {
                *c = true;
            }
        }
        Catalog {
            sets,
            tiles,
            modifiers,
            figures,
            conflicts,
            by_id,
            ambiguous,
            symbols,
            carried,
            bridged,
        }
    }

    /// Whether some tile in play carries modifier `modifier` (an index
    /// into [`Catalog::modifiers`]).
    #[must_use]
    pub fn carries(&self, modifier: usize) -> bool {
        self.carried.get(modifier).copied().unwrap_or(false)
    }

    /// The form of tile `tile` with a bridge from its canonical edge
    /// `from` to the opposite one, when bridges are in play and both are
    /// field edges.
    #[must_use]
    pub fn bridged(&self, tile: usize, from: Edge) -> Option<usize> {
        let k = match from {
            Edge::N | Edge::S => 0,
            Edge::E | Edge::W => 1,
        };
        self.bridged.get(tile)?[k].map(|i| i as usize)
    }

    /// The names of the sets with a tile for which `has` holds, in order,
    /// joined for a message (`a`, `b`); empty when none.
    #[must_use]
    pub fn sets_where(&self, has: impl Fn(&Entry) -> bool) -> String {
        let mut names: Vec<&str> = self
            .tiles
            .iter()
            .filter(|e| has(e))
            .map(|e| self.sets[e.set].set.name.as_str())
            .collect();
        names.dedup();
        names.join("`, `")
    }

    /// Why these sets cannot start a game together, if they cannot: a set
    /// that lays a start block (the City of Carcassonne) with a set
    /// played before all others (The River).
    #[must_use]
    pub fn start_conflict(&self) -> Option<String> {
        let block = |e: &Entry| e.tile.at.is_some();
        let opening = |e: &Entry| e.opening;
        // Named only when they meet (a record is read on every call).
        (self.tiles.iter().any(block) && self.tiles.iter().any(opening)).then(|| {
            format!(
                "the tile set `{}` lays a start block and `{}` is played before all others: they cannot both start the game",
                self.sets_where(block),
                self.sets_where(opening)
            )
        })
    }

    /// Whether tile `tile` is the bridged form of another.
    #[must_use]
    pub fn is_bridged(&self, tile: usize) -> bool {
        !self.bridged.is_empty() && tile >= self.bridged.len()
    }

    /// The tile with this id (`ID`, or `SET/ID` to pick a set).
    #[must_use]
    pub fn find(&self, id: &str) -> Option<usize> {
        // Most ids name a tile as written: one look-up first. (A tile's id
        // has no spaces and no `/`, so nothing else can name it so.)
        if let Some(&found) = self.by_id.get(id) {
            return Some(found);
        }
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

    /// Plays with `scale` copies of every tile (`supply_scale`), but for
    /// the tiles that lie on the board from the start at their `at` (a
    /// start block such as the City of Carcassonne lies once).
    pub fn scale(&mut self, scale: u32) {
        for e in &mut self.tiles {
            if e.tile.at.is_none() {
                e.tile.count = e.tile.count.saturating_mul(scale);
            }
        }
    }

    /// The default start tile: the opening set's, else the first set's.
    #[must_use]
    pub fn default_start(&self) -> Option<usize> {
        self.tiles
            .iter()
            .position(|e| e.tile.at == Some((0, 0)))
            .or_else(|| self.tiles.iter().position(|e| e.opening && e.tile.start))
            .or_else(|| self.tiles.iter().position(|e| e.tile.start))
    }

    /// The tiles that lie on the board from the start besides the start
    /// tile at [0, 0] (a start block: the City of Carcassonne), with their
    /// places, in the catalog's order; empty for a start tile alone.
    #[must_use]
    pub fn start_block(&self) -> Vec<(usize, crate::geometry::Pos)> {
        self.tiles
            .iter()
            .enumerate()
            .filter_map(|(i, e)| {
                let (x, y) = e.tile.at?;
                ((x, y) != (0, 0)).then_some((i, crate::geometry::Pos::new(x, y)))
            })
            .collect()
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

#[cfg(test)]
impl Catalog {
    /// The catalog of these built-in sets (for tests).
    pub(crate) fn of_builtin(names: &[&str]) -> Catalog {
        let loader = crate::loader::Loader::default();
        Catalog::new(
            names
                .iter()
                .map(|name| {
                    crate::tileset::load(&loader, name, std::path::Path::new(""))
                        .expect("built-in set")
                })
                .collect(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::Catalog;

    #[test]
    fn turns_that_lie_alike_are_the_same() {
        let catalog = Catalog::of_builtin(&["base", "inns-cathedrals"]);
        let entry = |id: &str| &catalog.tiles[catalog.find(id).expect("a tile")];
        // A straight road: half a turn swaps its two fields, and lies alike.
        assert!(entry("U").same_turned(0, 2));
        assert!(!entry("U").same_turned(0, 1));
        // A cloister in a field: every turn alike.
        assert!((1..4).all(|q| entry("B").same_turned(0, q)));
        // A city and a road: no turn alike.
        assert!((1..4).all(|q| !entry("D").same_turned(0, q)));
        // Two cities apart: half a turn alike.
        assert!(entry("H").same_turned(0, 2));
        assert!(!entry("H").same_turned(0, 1));
        // A cloister that cuts a road in two, each end at the cloister.
        assert!(entry("IC02").same_turned(0, 2));
        // Four city quarters around one field that touches them all.
        assert!((1..4).all(|q| entry("IC03").same_turned(0, q)));
    }
}
