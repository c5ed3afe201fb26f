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
    /// The feature's index within its tile (the low 8 bits), two flags (at
    /// roots): [`SCORED`], the set is already scored; [`HAS_EXTRAS`], it
    /// carries extras, kept in `extras` under its root; and its placed
    /// tile's index (the bits from [`TILE_SHIFT`] up).
    place: u32,
    /// Open edges (at roots).
    open: u32,
    /// The set's last follower (at roots; `NONE` when it has none): the
    /// followers form a ring through `next_follower`, in the order they
    /// came to the set, and the last one's next is the first.
    last: u32,
    /// The set's lowest node: its earliest segment (at roots).
    least: Node,
}

// A slot is 28 bytes, since a game of a million tiles has some 3.4 million:
// a feature index, a tile index and two flags share a word. Tiles and
// features are bounded so that they fit.
const _: () = assert!(crate::record::MAX_TURNS < 1 << 22);
const _: () = assert!(crate::tileset::build::MAX_FEATURES_PER_TILE <= 1 << 8);
/// The bit of [`Slot::place`] that says the set is scored.
const SCORED: u32 = 1 << 8;
/// The bit of [`Slot::place`] that says the set carries extras.
const HAS_EXTRAS: u32 = 1 << 9;
/// Where the tile index starts in [`Slot::place`].
const TILE_SHIFT: u32 = 10;

impl Slot {
    fn scored(self) -> bool {
        self.place & SCORED != 0
    }
    fn has_extras(self) -> bool {
        self.place & HAS_EXTRAS != 0
    }
}

/// The feature store: one slot per node, kept together so that a union
/// touches one cache line per node.
/// A copy of `v` with room for `more` entries.
pub(crate) fn with_room<T: Clone>(v: &[T], more: usize) -> Vec<T> {
    let mut out = Vec::with_capacity(v.len() + more);
    out.extend_from_slice(v);
    out
}

/// The sets a placement can change, as they were before it
/// ([`Features::save`]).
#[derive(Debug)]
pub(crate) struct Saved {
    len: usize,
    slots: Vec<(Node, Slot)>,
    extras: Vec<(Node, Option<Carried>)>,
    links: Vec<(u32, u32)>,
}

/// What a set carries: modifier indices with counts, sorted.
type Carried = Vec<(u16, u32)>;

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
    #[allow(
        clippy::inline_always,
        reason = "called for every feature of every placement: left to itself the compiler no longer inlines it since `Game::edit` calls it too"
    )]
    #[inline(always)]
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
        let flags = if extras.is_empty() { 0 } else { HAS_EXTRAS };
        self.slots.push(Slot {
            parent: id,
            size: 1,
            next: id,
            place: (tile << TILE_SHIFT) | u32::from(feature) | flags,
            open,
            last: NONE,
            least: id,
        });
        id
    }

    /// A copy with room for one more tile's features
    /// (`Game::trial`).
    pub(crate) fn trial(&self) -> Features {
        Features {
            slots: with_room(&self.slots, crate::tileset::build::MAX_FEATURES_PER_TILE),
            extras: self.extras.clone(),
            next_follower: with_room(&self.next_follower, 1),
        }
    }

    /// What joins to the sets of `nodes` can change, saved before a tile is
    /// placed beside them so that [`Features::restore`] takes the placement
    /// back: every node from each of `nodes` up to its set's root (a join
    /// writes only roots, and a path's compression only the nodes on it),
    /// with what the roots carry and their followers' ring links.
    pub(crate) fn save(&self, nodes: impl IntoIterator<Item = Node>) -> Saved {
        let mut saved = Saved {
            len: self.slots.len(),
            slots: Vec::new(),
            extras: Vec::new(),
            links: Vec::new(),
        };
        for start in nodes {
            let mut n = start;
            while let Some(&slot) = self.slots.get(n as usize) {
                if saved.slots.iter().any(|&(m, _)| m == n) {
                    break;
                }
                saved.slots.push((n, slot));
                saved.extras.push((n, self.extras.get(&n).cloned()));
                if slot.last != NONE
                    && let Some(&next) = self.next_follower.get(slot.last as usize)
                {
                    saved.links.push((slot.last, next));
                }
                if slot.parent == n {
                    break;
                }
                n = slot.parent;
            }
        }
        saved
    }

    /// Takes back what happened to the sets since `saved` was made by
    /// [`Features::save`] (a tile placed): the nodes added go, and the
    /// saved ones are as they were.
    pub(crate) fn restore(&mut self, saved: Saved) {
        let len = saved.len as Node;
        self.extras.retain(|&n, _| n < len);
        self.slots.truncate(saved.len);
        for (n, slot) in saved.slots {
            self.slots[n as usize] = slot;
        }
        for (n, extras) in saved.extras {
            match extras {
                Some(e) => {
                    self.extras.insert(n, e);
                }
                None => {
                    self.extras.remove(&n);
                }
            }
        }
        for (f, next) in saved.links {
            self.next_follower[f as usize] = next;
        }
    }

    /// The placed tile (index in placement order) a node lies on.
    pub(crate) fn tile(&self, n: Node) -> usize {
        (self.slots[n as usize].place >> TILE_SHIFT) as usize
    }

    /// The feature of its tile a node is.
    pub(crate) fn feature(&self, n: Node) -> usize {
        (self.slots[n as usize].place & 0xff) as usize
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
        self.join(a, b, 2)
    }

    /// Joins the set of `a` to that of `b` across an edge only `a`'s
    /// side closes (a second city on an edge two cities share: the other
    /// side's closed with the first city's join).
    pub(crate) fn join_one(&mut self, a: Node, b: Node) {
        self.join(a, b, 1);
    }

    /// Joins two sets that meet at no edge (landmarks of one name).
    pub(crate) fn join_apart(&mut self, a: Node, b: Node) {
        self.join(a, b, 0);
    }

    /// Joins two sets, closing `closing` open edges. Returns the root.
    fn join(&mut self, a: Node, b: Node, closing: u32) -> Node {
        let (ra, rb) = (self.find_mut(a), self.find_mut(b));
        if ra == rb {
            let root = &mut self.slots[ra as usize];
            root.open = root.open.saturating_sub(closing);
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
        b.open = (b.open + s.open).saturating_sub(closing);
        b.place |= s.place & SCORED;
        b.least = b.least.min(s.least);
        // Swapping the two `next` links splices the circular lists.
        let b_next = b.next;
        b.next = s.next;
        self.slots[si].next = b_next;
        self.slots[si].parent = big;
        if s.has_extras()
            && let Some(moved) = self.extras.remove(&small)
        {
            self.slots[bi].place |= HAS_EXTRAS;
            let into = self.extras.entry(big).or_default();
            for (m, n) in moved {
                match into.binary_search_by_key(&m, |e| e.0) {
                    Ok(i) => into[i].1 = into[i].1.saturating_add(n),
                    Err(i) => into.insert(i, (m, n)),
                }
            }
        }
        if s.last != NONE {
            // The two rings become one: the big set's followers, then the
            // small one's.
            let b = self.slots[bi];
            if b.last != NONE {
                let (b_first, s_first) = (
                    self.next_follower[b.last as usize],
                    self.next_follower[s.last as usize],
                );
                self.next_follower[b.last as usize] = s_first;
                self.next_follower[s.last as usize] = b_first;
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
        if self.slots[root as usize].has_extras() {
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
        self.slots[self.find(n) as usize].scored()
    }

    /// Marks the set scored.
    pub(crate) fn mark_scored(&mut self, n: Node) {
        let r = self.find(n) as usize;
        self.slots[r].place |= SCORED;
    }

    /// Whether any follower stands on the set.
    pub(crate) fn occupied(&self, n: Node) -> bool {
        self.slots[self.find(n) as usize].last != NONE
    }

    /// The followers on the set, in the order they came to it.
    pub(crate) fn occupants(&self, n: Node) -> impl Iterator<Item = u32> + '_ {
        let last = self.slots[self.find(n) as usize].last;
        let first = (last != NONE).then(|| self.next_follower[last as usize]);
        std::iter::successors(first, move |&f| {
            (f != last).then(|| self.next_follower[f as usize])
        })
    }

    /// Puts a follower (numbered from 0, in the order deployed) on the set.
    pub(crate) fn occupy(&mut self, n: Node, follower: u32) {
        let r = self.find(n) as usize;
        let f = follower as usize;
        if self.next_follower.len() <= f {
            self.next_follower.resize(f + 1, NONE);
        }
        let last = self.slots[r].last;
        if last == NONE {
            self.next_follower[f] = follower;
        } else {
            self.next_follower[f] = self.next_follower[last as usize];
            self.next_follower[last as usize] = follower;
        }
        self.slots[r].last = follower;
    }

    /// Takes every follower off the set.
    pub(crate) fn vacate(&mut self, n: Node) -> Vec<u32> {
        let r = self.find(n) as usize;
        let out = self.occupants(n).collect();
        self.slots[r].last = NONE;
        out
    }

    /// Takes one follower off the set; `false` when it is not on it.
    pub(crate) fn vacate_one(&mut self, n: Node, follower: u32) -> bool {
        let r = self.find(n) as usize;
        let last = self.slots[r].last;
        if last == NONE {
            return false;
        }
        // Round the ring from the first follower, one behind.
        let (mut prev, mut at) = (last, self.next_follower[last as usize]);
        while at != follower {
            if at == last {
                return false;
            }
            prev = at;
            at = self.next_follower[at as usize];
        }
        if prev == at {
            // It was the only one.
            self.slots[r].last = NONE;
        } else {
            self.next_follower[prev as usize] = self.next_follower[at as usize];
            if at == last {
                self.slots[r].last = prev;
            }
        }
        self.next_follower[at as usize] = NONE;
        true
    }

    /// Roots of all sets that hold followers, in node order.
    pub(crate) fn occupied_roots(&self) -> Vec<Node> {
        (0..self.slots.len() as Node)
            .filter(|&n| {
                let s = &self.slots[n as usize];
                s.parent == n && s.last != NONE
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

    /// Followers keep the order they came in through unions of occupied
    /// sets, and any one of them leaves the ring wherever it stands.
    #[test]
    fn followers_keep_their_order_through_unions_and_departures() {
        let mut set = Features::with_capacity(2);
        let (a, b) = (set.add(0, 0, 1, &[]), set.add(1, 0, 1, &[]));
        for f in [0, 1, 2] {
            set.occupy(a, f);
        }
        for f in [3, 4] {
            set.occupy(b, f);
        }
        assert_eq!(std::mem::size_of::<Slot>(), 28);
        let root = set.join_across(a, b);
        let order: Vec<u32> = set.occupants(root).collect();
        // The larger set's followers first; both sets are of one node, so
        // either may be the larger.
        assert!(
            order == [0, 1, 2, 3, 4] || order == [3, 4, 0, 1, 2],
            "{order:?}"
        );
        let mut left = order.clone();
        // The first, a middle one, the last, then the rest.
        for f in [order[0], order[2], order[4], order[1]] {
            assert!(set.vacate_one(root, f));
            assert!(!set.vacate_one(root, f));
            left.retain(|&x| x != f);
            assert_eq!(set.occupants(root).collect::<Vec<_>>(), left);
        }
        set.occupy(root, 5);
        assert_eq!(set.occupants(root).collect::<Vec<_>>(), [order[3], 5]);
        assert_eq!(set.vacate(root), [order[3], 5]);
        assert!(!set.occupied(root) && set.occupants(root).next().is_none());
    }
}
