//! How a tile's features lie on the square, worked out from where they
//! touch its border.
//!
//! The border is a circle of twelve slots, clockwise from the north-west
//! corner: for each edge its first half, its middle, its second half. Cities
//! hold all three slots of their edges; roads and rivers the middle one;
//! field half-edges the halves. Features joined inside the tile (roads that
//! meet at a village, a road that ends at a city or at the river) form one
//! barrier. A barrier that reaches the border at two or more slots cuts the
//! square: two field slots lie in the same field exactly when no barrier has
//! contacts on both arcs between them. Two barriers cross when one has
//! contacts on both arcs of the other.

use super::model::{End, Feature, FeatureKind};
use crate::geometry::{Edge, Half};

/// Number of border slots.
pub(crate) const SLOTS: usize = 12;

/// The slot of a half-edge.
pub(crate) fn half_slot(h: Half) -> usize {
    let e = h.edge();
    3 * e.index() + if h == e.halves()[0] { 0 } else { 2 }
}

/// The slot of an edge's middle.
pub(crate) fn mid_slot(e: Edge) -> usize {
    3 * e.index() + 1
}

/// The half-edge at a slot, if the slot is a half.
pub(crate) fn slot_half(s: usize) -> Option<Half> {
    let e = Edge::from_index(s / 3);
    match s % 3 {
        0 => Some(e.halves()[0]),
        2 => Some(e.halves()[1]),
        _ => None,
    }
}

/// The barriers of a tile.
pub(crate) struct Layout {
    /// The barrier feature holding each slot.
    pub(crate) owner: [Option<usize>; SLOTS],
    /// The barrier (component) of each feature; the village is the last node.
    pub(crate) component: Vec<usize>,
    /// Each component's border slots, sorted.
    pub(crate) contacts: Vec<Vec<usize>>,
}

impl Layout {
    /// Lays out the barriers (cities, roads, rivers and what they end at).
    pub(crate) fn new(features: &[Feature]) -> Layout {
        fn find(p: &mut [usize], mut i: usize) -> usize {
            while p[i] != i {
                p[i] = p[p[i]];
                i = p[i];
            }
            i
        }
        let village = features.len();
        let mut parent: Vec<usize> = (0..=village).collect();
        let mut owner = [None; SLOTS];
        let cloister = features
            .iter()
            .position(|f| f.kind == FeatureKind::Cloister);
        for (i, f) in features.iter().enumerate() {
            match f.kind {
                FeatureKind::City => {
                    for e in &f.edges {
                        owner[3 * e.index()..3 * e.index() + 3].fill(Some(i));
                    }
                }
                FeatureKind::Road | FeatureKind::River => {
                    for e in &f.edges {
                        owner[mid_slot(*e)] = Some(i);
                    }
                }
                FeatureKind::Field | FeatureKind::Cloister => {}
            }
            let target = match f.ends {
                Some(End::Village | End::Inside) => Some(village),
                Some(End::Cloister) => cloister,
                Some(End::Feature(j)) => Some(j),
                Some(End::Water) | None => None,
            };
            if let Some(t) = target {
                let (a, b) = (find(&mut parent, i), find(&mut parent, t));
                parent[a] = b;
            }
        }
        let component: Vec<usize> = (0..=village).map(|i| find(&mut parent, i)).collect();
        let mut contacts = vec![Vec::new(); village + 1];
        for (s, o) in owner.iter().enumerate() {
            if let Some(f) = o {
                contacts[component[*f]].push(s);
            }
        }
        Layout {
            owner,
            component,
            contacts,
        }
    }

    /// Whether the barrier `comp` separates slots `a` and `b`.
    pub(crate) fn separates(&self, comp: usize, a: usize, b: usize) -> bool {
        let p = &self.contacts[comp];
        let between = |from: usize, to: usize| {
            p.iter().any(|&s| {
                s != from && s != to && (s + SLOTS - from) % SLOTS < (to + SLOTS - from) % SLOTS
            })
        };
        between(a, b) && between(b, a)
    }

    /// The barrier separating `a` from `b`, if any.
    pub(crate) fn separator(&self, a: usize, b: usize) -> Option<usize> {
        (0..self.contacts.len()).find(|&c| self.contacts[c].len() >= 2 && self.separates(c, a, b))
    }

    /// Pairs of barriers that cross, each as (component, component).
    pub(crate) fn crossings(&self) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for c in 0..self.contacts.len() {
            for d in c + 1..self.contacts.len() {
                let q = &self.contacts[d];
                if self.contacts[c].len() < 2 || q.len() < 2 {
                    continue;
                }
                if q.iter()
                    .any(|&x| q.iter().any(|&y| self.separates(c, x, y)))
                {
                    out.push((c, d));
                }
            }
        }
        out
    }

    /// Groups field slots into the fields the barriers leave.
    pub(crate) fn faces(&self, field_slots: &[usize]) -> Vec<Vec<usize>> {
        let mut faces: Vec<Vec<usize>> = Vec::new();
        for &s in field_slots {
            match faces.iter_mut().find(|f| self.separator(f[0], s).is_none()) {
                Some(f) => f.push(s),
                None => faces.push(vec![s]),
            }
        }
        faces
    }

    /// The cities a field made of `slots` must touch: a city holding a slot
    /// next to the field, or ending a road that holds one.
    pub(crate) fn must_touch(&self, features: &[Feature], slots: &[usize]) -> Vec<usize> {
        let mut out = Vec::new();
        for n in Self::neighbours(slots) {
            let Some(f) = self.owner[n] else { continue };
            let city = match (features[f].kind, features[f].ends) {
                (FeatureKind::City, _) => Some(f),
                (FeatureKind::Road, Some(End::Feature(j)))
                    if features[j].kind == FeatureKind::City =>
                {
                    Some(j)
                }
                _ => None,
            };
            if let Some(c) = city
                && !out.contains(&c)
            {
                out.push(c);
            }
        }
        out.sort_unstable();
        out
    }

    /// Whether a field made of `slots` can touch city `city`: the city is
    /// part of a barrier next to the field, or lies inside the tile.
    pub(crate) fn may_touch(&self, features: &[Feature], slots: &[usize], city: usize) -> bool {
        if features[city].edges.is_empty() {
            return true;
        }
        let comp = self.component[city];
        Self::neighbours(slots).any(|n| self.owner[n].is_some_and(|f| self.component[f] == comp))
            || Self::centre_free(features)
    }

    /// Whether nothing lies in the middle of the tile (no road, river or
    /// cloister there; a road that ends at a house inside the tile stops
    /// short of it): then a field reaches the middle, between the walls of
    /// every city of the tile, and may touch any of them (Inns &
    /// Cathedrals' three separate cities around one field, the fields of
    /// Traders & Builders' tiles between a city and two short roads).
    fn centre_free(features: &[Feature]) -> bool {
        features.iter().all(|f| match f.kind {
            FeatureKind::Cloister => false,
            FeatureKind::Road | FeatureKind::River => {
                f.edges.len() < 2 && matches!(f.ends, None | Some(End::Inside))
            }
            FeatureKind::City | FeatureKind::Field => true,
        })
    }

    /// Slots next to the field that are not part of it.
    fn neighbours(slots: &[usize]) -> impl Iterator<Item = usize> + '_ {
        slots
            .iter()
            .flat_map(|&s| [(s + 1) % SLOTS, (s + SLOTS - 1) % SLOTS])
            .filter(|n| !slots.contains(n))
    }
}
