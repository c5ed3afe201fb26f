//! Features across tiles: a union-find over the features of placed tiles.
//!
//! Every feature of every placed tile is a node. Placing a tile joins its
//! nodes to its neighbours' across matching edges and half-edges. Each set
//! (a whole road, city, river or farm) keeps, at its root, the number of
//! edges still open, its extras (pennants, inns, a designer's modifiers),
//! its followers, its earliest node (which names it in reports) and whether
//! it has been scored. Extras merge here, in [`Features::join_across`],
//! whatever they are. Members form a circular list, so a feature's segments
//! can be listed when it is scored without searching the board; a set's
//! followers form a list too, so a union moves them by relinking two ends.
//! The work per placement is a few near-constant-time unions, however large
//! the board.

use rustc_hash::FxHashMap as HashMap;

/// Node ids are indices into the arrays below.
pub(crate) type Node = u32;

/// One node: where it lies, and (valid at roots) what its set holds.
#[derive(Debug, Clone, Copy)]
struct Slot {
    parent: Node,
    size: u32,
    /// Next member in the set's circular list.
    next: Node,
    /// Placed-tile index.
    tile: u32,
    /// Open edges (at roots).
    open: u32,
    /// The set's first and last follower (at roots; `NONE` when it has
    /// none): the followers form a list through `next_follower`, in the
    /// order they came to the set.
    first: u32,
    last: u32,
    /// The set's lowest node: its earliest segment (at roots).
    least: Node,
    /// Feature index within its tile.
    feature: u16,
    /// Already scored (at roots).
    scored: bool,
    /// The set carries extras, kept in `extras` under its root (at roots).
    has_extras: bool,
}

/// The feature store: one slot per node, kept together so that a union
/// touches one cache line per node.
#[derive(Debug, Clone, Default)]
pub(crate) struct Features {
    slots: Vec<Slot>,
    /// What sets carry, by root: modifier indices (into the catalog's
    /// modifiers) with counts, sorted. Most sets carry nothing, have no
    /// entry and are marked so in their slot, so a union looks here only
    /// when the set it absorbs carries something.
    extras: HashMap<Node, Vec<(u16, u32)>>,
    /// The follower after each follower on its set's list, by follower.
    next_follower: Vec<u32>,
}

/// No follower.
const NONE: u32 = u32::MAX;

impl Features {
    /// A store with room for `nodes` nodes.
    pub(crate) fn with_capacity(nodes: usize) -> Features {
        Features {
            slots: Vec::with_capacity(nodes),
            extras: HashMap::default(),
            next_follower: Vec::new(),
        }
    }

    /// Adds a node for a feature of a placed tile.
    #[inline]
    pub(crate) fn add(
        &mut self,
        tile: u32,
        feature: u16,
        open: u32,
        extras: &[(u16, u32)],
    ) -> Node {
        let id = self.slots.len() as Node;
        if !extras.is_empty() {
            self.extras.insert(id, extras.to_vec());
        }
        self.slots.push(Slot {
            parent: id,
            size: 1,
            next: id,
            tile,
            open,
            first: NONE,
            last: NONE,
            least: id,
            feature,
            scored: false,
            has_extras: !extras.is_empty(),
        });
        id
    }

    /// The placed tile (index in placement order) a node lies on.
    pub(crate) fn tile(&self, n: Node) -> usize {
        self.slots[n as usize].tile as usize
    }

    /// The feature of its tile a node is.
    pub(crate) fn feature(&self, n: Node) -> usize {
        usize::from(self.slots[n as usize].feature)
    }

    /// The root of a node's set.
    pub(crate) fn find(&self, mut n: Node) -> Node {
        while self.slots[n as usize].parent != n {
            n = self.slots[n as usize].parent;
        }
        n
    }

    /// The root, compressing the path on the way.
    fn find_mut(&mut self, n: Node) -> Node {
        let root = self.find(n);
        let mut m = n;
        while self.slots[m as usize].parent != root {
            let up = self.slots[m as usize].parent;
            self.slots[m as usize].parent = root;
            m = up;
        }
        root
    }

    /// Joins two sets where one edge of each meets the other: two open
    /// edges close. Returns the root.
    pub(crate) fn join_across(&mut self, a: Node, b: Node) -> Node {
        let (ra, rb) = (self.find_mut(a), self.find_mut(b));
        if ra == rb {
            let root = &mut self.slots[ra as usize];
            root.open = root.open.saturating_sub(2);
            return ra;
        }
        let (big, small) = if self.slots[ra as usize].size >= self.slots[rb as usize].size {
            (ra, rb)
        } else {
            (rb, ra)
        };
        let (bi, si) = (big as usize, small as usize);
        let s = self.slots[si];
        let b = &mut self.slots[bi];
        b.size += s.size;
        b.open = (b.open + s.open).saturating_sub(2);
        b.scored |= s.scored;
        b.least = b.least.min(s.least);
        // Swapping the two `next` links splices the circular lists.
        let b_next = b.next;
        b.next = s.next;
        self.slots[si].next = b_next;
        self.slots[si].parent = big;
        if s.has_extras
            && let Some(moved) = self.extras.remove(&small)
        {
            self.slots[bi].has_extras = true;
            let into = self.extras.entry(big).or_default();
            for (m, n) in moved {
                match into.binary_search_by_key(&m, |e| e.0) {
                    Ok(i) => into[i].1 = into[i].1.saturating_add(n),
                    Err(i) => into.insert(i, (m, n)),
                }
            }
        }
        if s.first != NONE {
            let b = self.slots[bi];
            if b.first == NONE {
                self.slots[bi].first = s.first;
            } else {
                self.next_follower[b.last as usize] = s.first;
            }
            self.slots[bi].last = s.last;
        }
        big
    }

    /// Closes one open edge of a set (an edge against an abbey).
    pub(crate) fn close_one(&mut self, n: Node) {
        let r = self.find_mut(n) as usize;
        self.slots[r].open = self.slots[r].open.saturating_sub(1);
    }

    /// Open edges of the set.
    pub(crate) fn open(&self, n: Node) -> u32 {
        self.slots[self.find(n) as usize].open
    }

    /// What the set carries: modifier indices with counts, sorted.
    pub(crate) fn extras(&self, n: Node) -> &[(u16, u32)] {
        let root = self.find(n);
        if self.slots[root as usize].has_extras {
            self.extras.get(&root).map_or(&[], Vec::as_slice)
        } else {
            &[]
        }
    }

    /// The set's lowest node: the segment on the earliest placed tile.
    pub(crate) fn least(&self, n: Node) -> Node {
        self.slots[self.find(n) as usize].least
    }

    /// How many nodes the set has.
    pub(crate) fn size(&self, n: Node) -> usize {
        self.slots[self.find(n) as usize].size as usize
    }

    /// Whether the set has been scored.
    pub(crate) fn scored(&self, n: Node) -> bool {
        self.slots[self.find(n) as usize].scored
    }

    /// Marks the set scored.
    pub(crate) fn mark_scored(&mut self, n: Node) {
        let r = self.find(n) as usize;
        self.slots[r].scored = true;
    }

    /// Whether any follower stands on the set.
    pub(crate) fn occupied(&self, n: Node) -> bool {
        self.slots[self.find(n) as usize].first != NONE
    }

    /// The followers on the set, in the order they came to it.
    pub(crate) fn occupants(&self, n: Node) -> impl Iterator<Item = u32> + '_ {
        let first = self.slots[self.find(n) as usize].first;
        std::iter::successors((first != NONE).then_some(first), |&f| {
            let next = self.next_follower[f as usize];
            (next != NONE).then_some(next)
        })
    }

    /// Puts a follower (numbered from 0, in the order deployed) on the set.
    pub(crate) fn occupy(&mut self, n: Node, follower: u32) {
        let r = self.find(n) as usize;
        let f = follower as usize;
        if self.next_follower.len() <= f {
            self.next_follower.resize(f + 1, NONE);
        }
        self.next_follower[f] = NONE;
        let root = self.slots[r];
        if root.first == NONE {
            self.slots[r].first = follower;
        } else {
            self.next_follower[root.last as usize] = follower;
        }
        self.slots[r].last = follower;
    }

    /// Takes every follower off the set.
    pub(crate) fn vacate(&mut self, n: Node) -> Vec<u32> {
        let r = self.find(n) as usize;
        let out = self.occupants(n).collect();
        let root = &mut self.slots[r];
        root.first = NONE;
        root.last = NONE;
        out
    }

    /// Takes one follower off the set; `false` when it is not on it.
    pub(crate) fn vacate_one(&mut self, n: Node, follower: u32) -> bool {
        let r = self.find(n) as usize;
        let mut prev = NONE;
        let mut at = self.slots[r].first;
        while at != NONE && at != follower {
            prev = at;
            at = self.next_follower[at as usize];
        }
        if at == NONE {
            return false;
        }
        let next = self.next_follower[at as usize];
        if prev == NONE {
            self.slots[r].first = next;
        } else {
            self.next_follower[prev as usize] = next;
        }
        if self.slots[r].last == follower {
            self.slots[r].last = prev;
        }
        self.next_follower[at as usize] = NONE;
        true
    }

    /// Roots of all sets that hold followers, in node order.
    pub(crate) fn occupied_roots(&self) -> Vec<Node> {
        (0..self.slots.len() as Node)
            .filter(|&n| {
                let s = &self.slots[n as usize];
                s.parent == n && s.first != NONE
            })
            .collect()
    }

    /// Every member of a node's set, starting with the node.
    pub(crate) fn members(&self, n: Node) -> impl Iterator<Item = Node> + '_ {
        std::iter::successors(Some(n), move |&m| {
            let next = self.slots[m as usize].next;
            (next != n).then_some(next)
        })
    }

    /// Number of nodes.
    pub(crate) fn len(&self) -> usize {
        self.slots.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Three road segments in a row: open ends close as they join, extras
    /// add up, members and followers follow the union, and one follower
    /// leaves without the others.
    #[test]
    fn joins_keep_open_edges_extras_members_and_followers() {
        let mut set = Features::with_capacity(3);
        let first = set.add(0, 0, 2, &[(1, 1)]);
        let second = set.add(1, 0, 2, &[]);
        let third = set.add(2, 0, 1, &[(1, 2)]);
        set.occupy(first, 0);
        set.occupy(third, 1);
        assert_eq!((set.size(first), set.open(first)), (1, 2));
        let ab = set.join_across(first, second);
        assert_eq!((set.size(ab), set.open(ab)), (2, 2));
        let abc = set.join_across(second, third);
        assert_eq!(set.find(first), set.find(third));
        assert_eq!((set.size(abc), set.open(abc)), (3, 1));
        assert_eq!(set.extras(abc), &[(1, 3)]);
        assert_eq!(set.least(abc), first);
        let mut members: Vec<Node> = set.members(third).collect();
        members.sort_unstable();
        assert_eq!(members, [first, second, third]);
        assert_eq!(set.occupants(second).collect::<Vec<_>>(), [0, 1]);
        // One follower leaves: the other stays, in order, and the set is
        // still occupied; a follower not on it is refused.
        assert!(set.vacate_one(second, 0));
        assert!(!set.vacate_one(second, 0));
        assert_eq!(set.occupants(first).collect::<Vec<_>>(), [1]);
        set.occupy(first, 2);
        assert_eq!(set.occupants(third).collect::<Vec<_>>(), [1, 2]);
        assert!(set.vacate_one(third, 2));
        assert_eq!(set.occupants(third).collect::<Vec<_>>(), [1]);
        assert_eq!(set.occupied_roots(), [set.find(first)]);
        assert_eq!(set.vacate(second), [1]);
        assert!(!set.occupied(first));
        // Joining a set with itself closes two more open edges (a loop).
        let mut g = Features::with_capacity(1);
        let r = g.add(0, 0, 2, &[]);
        g.join_across(r, r);
        assert_eq!(g.open(r), 0);
    }
}
