//! Features across tiles: a union-find over the features of placed tiles.
//!
//! Every feature of every placed tile is a node. Placing a tile joins its
//! nodes to its neighbours' across matching edges and half-edges. Each set
//! (a whole road, city, river or farm) keeps, at its root, the number of
//! edges still open, its extras (pennants, inns, a designer's modifiers),
//! its followers and whether it has been scored. Extras merge here, in
//! [`Features::join_across`], whatever they are. Members form a circular list, so a feature's segments can be
//! listed when it is scored without searching the board. The work per
//! placement is a few near-constant-time unions, however large the board.

use rustc_hash::FxHashMap as HashMap;

/// Node ids are indices into the arrays below.
pub(crate) type Node = u32;

/// The feature store.
#[derive(Debug, Clone, Default)]
pub(crate) struct Features {
    parent: Vec<Node>,
    size: Vec<u32>,
    /// Next member in the set's circular list.
    next: Vec<Node>,
    /// Placed-tile index of each node.
    pub(crate) tile: Vec<u32>,
    /// Feature index (within its tile) of each node.
    pub(crate) feature: Vec<u16>,
    /// Open edges (valid at roots).
    open: Vec<u32>,
    /// What each set carries, by root: modifier indices (into the
    /// catalog's modifiers) with counts, sorted. Most sets carry nothing
    /// and have no entry.
    extras: HashMap<Node, Vec<(u16, u32)>>,
    /// Already scored (valid at roots).
    scored: Vec<bool>,
    /// Followers on the set (valid at roots), so that unions of empty sets
    /// need not look in `occupants`.
    followers: Vec<u32>,
    /// Followers on each set, by root.
    occupants: HashMap<Node, Vec<u32>>,
}

impl Features {
    /// A store with room for `nodes` nodes.
    pub(crate) fn with_capacity(nodes: usize) -> Features {
        Features {
            parent: Vec::with_capacity(nodes),
            size: Vec::with_capacity(nodes),
            next: Vec::with_capacity(nodes),
            tile: Vec::with_capacity(nodes),
            feature: Vec::with_capacity(nodes),
            open: Vec::with_capacity(nodes),
            extras: HashMap::default(),
            scored: Vec::with_capacity(nodes),
            followers: Vec::with_capacity(nodes),
            occupants: HashMap::default(),
        }
    }

    /// Adds a node for a feature of a placed tile.
    pub(crate) fn add(
        &mut self,
        tile: u32,
        feature: u16,
        open: u32,
        extras: &[(u16, u32)],
    ) -> Node {
        let id = self.parent.len() as Node;
        self.parent.push(id);
        self.size.push(1);
        self.next.push(id);
        self.tile.push(tile);
        self.feature.push(feature);
        self.open.push(open);
        if !extras.is_empty() {
            self.extras.insert(id, extras.to_vec());
        }
        self.scored.push(false);
        self.followers.push(0);
        id
    }

    /// The root of a node's set.
    pub(crate) fn find(&self, mut n: Node) -> Node {
        while self.parent[n as usize] != n {
            n = self.parent[n as usize];
        }
        n
    }

    /// The root, compressing the path on the way.
    fn find_mut(&mut self, n: Node) -> Node {
        let root = self.find(n);
        let mut m = n;
        while self.parent[m as usize] != root {
            let up = self.parent[m as usize];
            self.parent[m as usize] = root;
            m = up;
        }
        root
    }

    /// Joins two sets where one edge of each meets the other: two open
    /// edges close. Returns the root.
    pub(crate) fn join_across(&mut self, a: Node, b: Node) -> Node {
        let (ra, rb) = (self.find_mut(a), self.find_mut(b));
        if ra == rb {
            self.open[ra as usize] = self.open[ra as usize].saturating_sub(2);
            return ra;
        }
        let (big, small) = if self.size[ra as usize] >= self.size[rb as usize] {
            (ra, rb)
        } else {
            (rb, ra)
        };
        let (bi, si) = (big as usize, small as usize);
        self.parent[si] = big;
        self.size[bi] += self.size[si];
        self.open[bi] = (self.open[bi] + self.open[si]).saturating_sub(2);
        if let Some(moved) = self.extras.remove(&small) {
            let into = self.extras.entry(big).or_default();
            for (m, n) in moved {
                match into.binary_search_by_key(&m, |e| e.0) {
                    Ok(i) => into[i].1 = into[i].1.saturating_add(n),
                    Err(i) => into.insert(i, (m, n)),
                }
            }
        }
        self.scored[bi] |= self.scored[si];
        self.next.swap(bi, si);
        if self.followers[si] > 0 {
            self.followers[bi] += self.followers[si];
            if let Some(mut moved) = self.occupants.remove(&small) {
                self.occupants.entry(big).or_default().append(&mut moved);
            }
        }
        big
    }

    /// Closes one open edge of a set (an edge against an abbey).
    pub(crate) fn close_one(&mut self, n: Node) {
        let r = self.find_mut(n) as usize;
        self.open[r] = self.open[r].saturating_sub(1);
    }

    /// Open edges of the set.
    pub(crate) fn open(&self, n: Node) -> u32 {
        self.open[self.find(n) as usize]
    }

    /// What the set carries: modifier indices with counts, sorted.
    pub(crate) fn extras(&self, n: Node) -> &[(u16, u32)] {
        self.extras.get(&self.find(n)).map_or(&[], Vec::as_slice)
    }

    /// Whether the set has been scored.
    pub(crate) fn scored(&self, n: Node) -> bool {
        self.scored[self.find(n) as usize]
    }

    /// Marks the set scored.
    pub(crate) fn mark_scored(&mut self, n: Node) {
        let r = self.find(n) as usize;
        self.scored[r] = true;
    }

    /// The followers on the set.
    pub(crate) fn occupants(&self, n: Node) -> &[u32] {
        self.occupants.get(&self.find(n)).map_or(&[], Vec::as_slice)
    }

    /// Puts a follower on the set.
    pub(crate) fn occupy(&mut self, n: Node, follower: u32) {
        let r = self.find(n);
        self.followers[r as usize] += 1;
        self.occupants.entry(r).or_default().push(follower);
    }

    /// Takes every follower off the set.
    pub(crate) fn vacate(&mut self, n: Node) -> Vec<u32> {
        let r = self.find(n);
        self.followers[r as usize] = 0;
        self.occupants.remove(&r).unwrap_or_default()
    }

    /// Roots of all sets that hold followers, in node order.
    pub(crate) fn occupied_roots(&self) -> Vec<Node> {
        let mut roots: Vec<Node> = self.occupants.keys().copied().collect();
        roots.sort_unstable();
        roots
    }

    /// Every member of a node's set, starting with the node.
    pub(crate) fn members(&self, n: Node) -> Vec<Node> {
        let mut out = vec![n];
        let mut m = self.next[n as usize];
        while m != n {
            out.push(m);
            m = self.next[m as usize];
        }
        out
    }

    /// Number of nodes.
    pub(crate) fn len(&self) -> usize {
        self.parent.len()
    }
}
