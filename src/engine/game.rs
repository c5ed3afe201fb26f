//! The state of a game and the rules of play: placing tiles, deploying
//! followers, scoring what a placement completes, and final scoring.
//!
//! [`Game`] knows nothing of records or files: it answers "is this legal?"
//! and applies moves. [`super::referee`] walks a record through it.

use std::cell::RefCell;

use super::board::Board;
use super::event::{
    Award, Basis, Event, FeatureId, FeatureName, FeatureReport, Part, Phase, ScoredKind, Unit,
};
use super::features::{Features, Node, with_room};
use super::open::OpenPositions;
use super::scoring::{self, Rated};
use super::violation::CornerProblem;
use crate::geometry::{Edge, Half, Pos, Rotation};
use crate::record::location::{Location, location_in};
use crate::rules::{Figure, Ruleset};
use crate::tileset::figure::{FigureTable, Weight};
use crate::tileset::{Catalog, EdgeKind, FeatureKind, Tile};

/// A hook into scoring: what a mechanic adds when a feature is completed,
/// to a farm's score, and at final scoring.
pub trait Scoring: std::fmt::Debug + Send + Sync {
    /// A copy of it, in its present state.
    fn boxed(&self) -> Box<dyn Scoring>;

    /// A road or city was completed in play (the set `root`), during
    /// `phase`.
    fn completed(&mut self, _game: &mut Game, _root: Node, _phase: Phase) {}

    /// Points a farm's players add per city it pays them (the pig): per
    /// player, with the word for what adds them, or `None` when this hook
    /// adds nothing to it.
    fn farm_bonus(&self, _game: &Game, _farm: Node) -> Option<(Vec<u32>, &'static str)> {
        None
    }

    /// What a snapshot says a player holds of a modifier (trade-good
    /// tokens).
    fn holding(&mut self, _player: usize, _modifier: usize, _n: u32) {}

    /// Final scoring, after roads, cities and cloisters, before farms
    /// (the barns: their farms are scored by their own rules).
    fn before_farms(&mut self, _game: &mut Game) {}

    /// Final scoring, after features and farms.
    fn final_scoring(&mut self, _game: &mut Game) {}

    /// A road, city, cloister or farm (the set `root`) was just scored,
    /// in play or at the end, its figures still on it (the fairy's points
    /// for its follower's feature).
    fn scored(&mut self, _game: &mut Game, _root: Node, _phase: Phase) {}

    /// Of the players `tied` for the majority of a road, city, cloister or
    /// farm (the set `root`) being scored, those who score, and the rule
    /// that decided it (followers on a hill); `None` leaves them all.
    /// Farms are asked unless the first edition's cities pay farmers.
    fn breaks_tie(
        &self,
        _game: &Game,
        _root: Node,
        _tied: &[usize],
    ) -> Option<(Vec<usize>, Basis)> {
        None
    }

    /// What a road, city or cloister (the set `root`) being scored,
    /// `complete` or not, pays each of its winners on top of its rates, by
    /// the hook's own rule (a cloister's vineyards).
    fn adds(&self, _game: &Game, _root: Node, _complete: bool) -> Option<Award> {
        None
    }
}

/// The scoring hooks in play.
#[derive(Debug, Default)]
pub struct Hooks(pub(super) Vec<Box<dyn Scoring>>);

impl Clone for Hooks {
    fn clone(&self) -> Hooks {
        Hooks(self.0.iter().map(|m| m.boxed()).collect())
    }
}

impl Hooks {
    /// Whether there are none (a base game).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// Room to make at once for the events (or notes) of a game of `tiles`
/// tiles, which growing the list would copy: at most about one for every
/// two tiles in a base game, two for every three with the expansions'
/// bonuses and notes; a huge game grows its lists as it needs.
pub(crate) fn room_for_events(tiles: usize) -> usize {
    (tiles * 2 / 3).min(1024)
}

/// A tile on the board.
#[derive(Debug, Clone)]
pub struct PlacedTile {
    /// Catalog index (4 bytes, as a game holds one of these for every
    /// tile; [`PlacedTile::tile`] gives it as an index).
    pub tile_index: u32,
    /// Rotation.
    pub rot: Rotation,
    /// Position.
    pub pos: Pos,
    /// Node of its first feature.
    pub(crate) base: Node,
    /// The turn that placed it (`None` for the start tile and snapshots):
    /// 4 bytes, as a game holds one of these for every tile.
    pub turn: Option<u32>,
    /// How many figures stand on its features now.
    pub(super) figures: u32,
}

impl PlacedTile {
    /// Its tile's catalog index.
    #[must_use]
    pub fn tile(&self) -> usize {
        self.tile_index as usize
    }
}

/// A neutral figure on the board, nobody's (the dragon, the fairy): the
/// tile it stands on and the figure it stands beside, if any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Neutral {
    /// Its word.
    pub name: &'static str,
    /// The tile it stands on.
    pub at: Pos,
    /// The figure it stands beside.
    pub beside: Option<Beside>,
    /// No figure but one on a corner point goes on its tile (the dragon).
    pub bars: bool,
}

/// The figure a neutral figure stands beside.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Beside {
    /// A figure on a feature: an index of [`Game::followers`].
    Feature(usize),
    /// A figure a mechanic keeps off any feature: its [`Kept::id`].
    Kept(u32),
}

impl Beside {
    /// The figure on a feature it names, if it names one.
    #[must_use]
    pub fn on_feature(self) -> Option<usize> {
        match self {
            Beside::Feature(id) => Some(id),
            Beside::Kept(_) => None,
        }
    }
}

/// A figure that a mechanic keeps on a tile off any feature (a follower
/// on top of a tower): the game holds the list so that other mechanics
/// may find it (the fairy stands beside it) without knowing whose it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Kept {
    /// Its own number, never given twice in a game.
    pub id: u32,
    /// The tile.
    pub at: Pos,
    /// Where on the tile, as records name it.
    pub spot: Location,
    /// Its owner.
    pub owner: usize,
    /// Which figure.
    pub figure: Figure,
}

/// Points a mechanic grants outside any majority: its rule's key and
/// words, the unit it counts, what gives them (`the fairy`) and the
/// feature they are for, if any.
#[derive(Debug, Clone)]
pub struct Grant {
    /// The rule's key (`fairy_scored`).
    pub rule: &'static str,
    /// The rule in words.
    pub words: &'static str,
    /// What it counts (`turn`; with its own plural after a `/`).
    pub unit: &'static str,
    /// What gives the points.
    pub by: &'static str,
    /// The feature they are for.
    pub about: Option<FeatureId>,
}

/// Points that pass between players by a mechanic's rule
/// ([`Game::payment`]).
#[derive(Debug, Clone)]
pub struct Payment {
    /// Who pays (nobody: points out of nowhere).
    pub from: Option<usize>,
    /// Who is paid (nobody: the points leave the game).
    pub to: Option<usize>,
    /// How many.
    pub points: i64,
    /// The rule's key (`ransom`).
    pub rule: &'static str,
    /// The rule in words.
    pub words: &'static str,
    /// What is paid for (`ransom`; with its own plural after a `/`).
    pub unit: &'static str,
    /// What the breakdown calls it.
    pub name: String,
}

/// A follower deployed on the board.
#[derive(Debug, Clone)]
pub struct Follower {
    /// Owner.
    pub player: usize,
    /// Which figure.
    pub figure: Figure,
    /// The feature node it stands on.
    pub(crate) node: Node,
    /// The placed tile it stands on.
    pub placed: usize,
    /// The feature of that tile it stands on.
    pub feature: usize,
    /// Still on the board.
    pub on_board: bool,
    /// The spot its record wrote, as [`Location::code`] keeps it (`NO_WORD`:
    /// none, or a feature's name): the reports name the figure by it.
    written: u8,
}

/// A follower's written spot that the reports do not take.
const NO_WORD: u8 = u8::MAX;

/// A place on the board where a figure may stand: a feature of any placed
/// tile (by its index among placed tiles), not only of the tile just
/// placed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Spot {
    /// The placed tile.
    pub placed: usize,
    /// The feature of that tile.
    pub feature: usize,
}

/// A figure standing on a corner point where four tiles meet (the barn),
/// on the farm of the four field quarters there.
#[derive(Debug, Clone)]
pub struct CornerFigure {
    /// Owner.
    pub player: usize,
    /// Which figure.
    pub figure: Figure,
    /// The point: the north-east corner of the tile at this position.
    pub point: Pos,
    /// A node of the farm it stands on (one of the four quarters).
    pub(super) node: Node,
    /// The turn that deployed it (`None` in a snapshot).
    pub turn: Option<usize>,
}

/// How a mechanic pays a farm by a rule of its own (the barn's): the
/// rule, the rate per completed city the farm touches, to whom, and what
/// happens to the farm's figures.
#[derive(Debug, Clone)]
pub struct FarmPay {
    /// The rule's key (`barn_placed`).
    pub rule: &'static str,
    /// The rule in words.
    pub words: &'static str,
    /// Points per completed city.
    pub rate: u32,
    /// The players paid and the figure of theirs that earns it (a barn);
    /// `None`: the majority of the farm's farmers.
    pub to: Option<(Vec<usize>, Figure)>,
    /// Add what the scoring hooks add per city (the pig).
    pub bonus: bool,
    /// Send the farm's figures home afterwards.
    pub home: bool,
}

/// The tiles around the point at the north-east corner of `anchor`, each
/// with the two half-edges (board orientation) of its quarter there.
fn corner_quarters(anchor: Pos) -> [(Pos, [Half; 2]); 4] {
    let (x, y) = (anchor.x, anchor.y);
    [
        (Pos::new(x, y), [Half::Nne, Half::Ene]),
        (Pos::new(x + 1, y), [Half::Wnw, Half::Nnw]),
        (Pos::new(x, y + 1), [Half::Ese, Half::Sse]),
        (Pos::new(x + 1, y + 1), [Half::Ssw, Half::Wsw]),
    ]
}

/// Why a tile may not lie somewhere.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlaceProblem {
    /// Another tile lies there.
    Occupied {
        /// Its id.
        id: String,
        /// The turn that placed it.
        turn: Option<usize>,
    },
    /// No tile along an edge.
    NoContact {
        /// A tile touches only at a corner.
        corner: bool,
    },
    /// An edge that does not match its neighbour.
    Mismatch {
        /// The edge of the new tile (board orientation).
        edge: Edge,
        /// What the new tile shows there.
        ours: EdgeKind,
        /// The neighbour's id.
        neighbour: String,
        /// Where it lies.
        at: Pos,
        /// What it shows.
        theirs: EdgeKind,
    },
    /// A hole-only tile with empty neighbours.
    NotAHole {
        /// The empty sides.
        empty: Vec<Edge>,
    },
}

/// Why a follower may not be deployed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DeployProblem {
    /// The player has none of this figure left.
    NoFollowers(Figure),
    /// A builder or pig on a kind of feature it never stands on.
    WrongFeature(Figure, FeatureKind),
    /// A builder or pig on a feature where its owner has no follower.
    Alone(Figure, FeatureKind),
    /// A builder on a road or city its own tile completed.
    Completed(Figure, FeatureKind),
    /// Followers never stand on this kind of feature.
    NotOccupiable(FeatureKind),
    /// No figure stands in a landmark (by its name).
    Landmark(String),
    /// Someone already stands on the feature.
    Occupied {
        /// Kind of the feature.
        kind: FeatureKind,
        /// The figure refused.
        figure: Figure,
        /// Each occupant: player, its figure, tile position, location.
        by: Vec<(usize, Figure, Pos, Location)>,
    },
}

/// The followers on a feature per player, and their weight; and the
/// other figures there (builders, pigs).
#[derive(Debug, Clone, Default)]
struct Counts {
    pub(crate) followers: Vec<u32>,
    strength: Vec<u32>,
    others: Vec<(usize, Figure)>,
    /// Followers that weigh other than one (a big follower), by player.
    weighed: Vec<(usize, Figure)>,
}

impl Counts {
    fn add(&mut self, other: &Counts) {
        for (a, b) in self.followers.iter_mut().zip(&other.followers) {
            *a += b;
        }
        for (a, b) in self.strength.iter_mut().zip(&other.strength) {
            *a += b;
        }
        for &o in &other.others {
            if !self.others.contains(&o) {
                self.others.push(o);
            }
        }
        self.weighed.extend_from_slice(&other.weighed);
    }
}

/// A placement [`Game::place_for_now`] made, and what takes it back.
#[derive(Debug)]
pub(crate) struct Placed {
    /// Its index among placed tiles.
    pub(crate) idx: usize,
    pos: Pos,
    around: [Option<usize>; 8],
    saved: super::features::Saved,
    before: (Vec<Node>, Vec<usize>),
}

/// A game in progress.
#[derive(Debug, Clone)]
pub struct Game<'a> {
    pub(crate) catalog: &'a Catalog,
    rules: &'a Ruleset,
    pub(crate) players: usize,
    pub(crate) placed: Vec<PlacedTile>,
    at: Board,
    pub(crate) features: Features,
    /// The modifiers in play (the catalog's) with their rates.
    pub(crate) rates: Vec<Rated>,
    /// Occupied positions among the 8 around each placed tile.
    ring: Vec<u8>,
    pub(crate) followers: Vec<Follower>,
    /// Figures in supply: per player, per figure of the table in play.
    supply: Vec<u32>,
    /// How many kinds of figure are in play.
    kinds: usize,
    pub(crate) scores: Vec<i64>,
    /// The scoring hooks of the mechanics in play (none in a base game).
    hooks: Hooks,
    pub(crate) events: Vec<Event>,
    /// Sets whose edges the last placement closed.
    touched: Vec<Node>,
    /// Figures the last placement's scoring sent home, in the order they
    /// came, when a mechanic asks for them (`keep_home`).
    came_home: Vec<u32>,
    keep_home: bool,
    /// Figures on corner points (barns), in the order deployed.
    corners: Vec<CornerFigure>,
    /// The neutral figures on the board.
    neutrals: Vec<Neutral>,
    /// Figures mechanics keep off any feature, and the next id to give.
    kept: (Vec<Kept>, u32),
    /// Followers a mechanic took off the board ([`Game::take_off`]): the
    /// node they stood on, their owner and figure, so that a feature
    /// scored for nobody says whose followers it lost. Empty in a game
    /// without such mechanics.
    taken: Vec<(Node, usize, Figure)>,
    /// Placed tiles whose cloister the last placement surrounded (the
    /// placed tile first, then its neighbours in `Pos::ring` order).
    cloisters_closed: Vec<usize>,
    /// Whether the last placement completed a road, city or cloister
    /// ([`Game::score_completed`]).
    completed: bool,
    /// The open positions, and how many placed tiles they take in: brought
    /// up to date only when legal placements are asked for, so that scoring
    /// a game pays nothing for it.
    open: RefCell<(usize, OpenPositions)>,
    /// A node of each landmark on the board, by its name: every landmark
    /// of one name is one feature.
    landmarks: Vec<(&'a str, Node)>,
    /// Completed cities a mechanic made into something else that pays
    /// farms more (castles), and what (empty in a game without them).
    converted: (Vec<Node>, Option<scoring::Converted>),
    /// Features a placed tile took after other tiles were placed (a
    /// bridge laid on it), whose nodes do not follow its others: (placed
    /// tile, feature, node). Empty in a game without them.
    moved: Vec<(u32, u16, Node)>,
    /// Land tiles of the common supply a mechanic put out of the game
    /// unseen ([`Game::hide_tile`]).
    hidden: u64,
}

impl<'a> Game<'a> {
    /// An empty board.
    #[must_use]
    pub fn new(catalog: &'a Catalog, rules: &'a Ruleset, players: usize) -> Game<'a> {
        Game::with_capacity(catalog, rules, players, 0, 0)
    }

    /// An empty board with room for `tiles` tiles.
    #[must_use]
    ///
    /// `nodes` is how many features those tiles have in all (0 when not
    /// known): the feature store is made that large at once, so that a
    /// large game never copies it to grow it.
    pub fn with_capacity(
        catalog: &'a Catalog,
        rules: &'a Ruleset,
        players: usize,
        tiles: usize,
        nodes: usize,
    ) -> Game<'a> {
        Game {
            catalog,
            rules,
            players,
            placed: Vec::with_capacity(tiles),
            at: Board::with_room(tiles),
            features: Features::with_capacity(if nodes > 0 { nodes } else { tiles * 4 }),
            rates: scoring::rates(rules, &catalog.modifiers),
            ring: Vec::with_capacity(tiles),
            followers: Vec::with_capacity(players * 8),
            supply: (0..players)
                .flat_map(|_| catalog.figures.all())
                .map(|f| rules.supply_with(f, &catalog.figures))
                .collect(),
            kinds: catalog.figures.len(),
            scores: vec![0; players],
            hooks: Hooks::default(),
            events: Vec::with_capacity(room_for_events(tiles)),
            touched: Vec::new(),
            came_home: Vec::new(),
            keep_home: false,
            corners: Vec::new(),
            neutrals: Vec::new(),
            kept: (Vec::new(), 0),
            taken: Vec::new(),
            cloisters_closed: Vec::new(),
            completed: false,
            open: RefCell::default(),
            landmarks: Vec::new(),
            converted: (Vec::new(), None),
            moved: Vec::new(),
            hidden: 0,
        }
    }

    /// A copy of the game to try a placement on (`carca moves`):
    /// everything on the board and in the supplies, with room for one more
    /// tile so that placing it copies nothing again, and no past scoring
    /// (what the try scores is its own; a mechanic reads only the current
    /// turn's events) nor index of open positions (made again if asked).
    #[must_use]
    pub(crate) fn trial(&self) -> Game<'a> {
        Game {
            catalog: self.catalog,
            rules: self.rules,
            players: self.players,
            placed: with_room(&self.placed, 1),
            at: self.at.clone(),
            features: self.features.trial(),
            rates: self.rates.clone(),
            ring: with_room(&self.ring, 1),
            followers: with_room(&self.followers, 1),
            supply: self.supply.clone(),
            kinds: self.kinds,
            scores: self.scores.clone(),
            hooks: self.hooks.clone(),
            events: Vec::new(),
            touched: self.touched.clone(),
            came_home: self.came_home.clone(),
            keep_home: self.keep_home,
            corners: self.corners.clone(),
            neutrals: self.neutrals.clone(),
            kept: self.kept.clone(),
            taken: self.taken.clone(),
            cloisters_closed: self.cloisters_closed.clone(),
            completed: self.completed,
            open: RefCell::default(),
            landmarks: self.landmarks.clone(),
            converted: self.converted.clone(),
            moved: self.moved.clone(),
            hidden: self.hidden,
        }
    }

    /// A mechanic puts a land tile of the common supply out of the game
    /// unseen, never to be drawn (a tile under a hill): the game ends
    /// when the others run out.
    pub fn hide_tile(&mut self) {
        self.hidden += 1;
    }

    /// Land tiles put out of the game unseen ([`Game::hide_tile`]).
    #[must_use]
    pub fn hidden(&self) -> u64 {
        self.hidden
    }

    /// The tile type of a catalog index.
    #[must_use]
    pub fn tile(&self, tile: usize) -> &'a Tile {
        &self.catalog.tiles[tile].tile
    }

    /// Tiles on the board, in the order placed.
    #[must_use]
    pub fn placed(&self) -> &[PlacedTile] {
        &self.placed
    }

    /// Every scoring and the totals, taking them out of the game.
    #[must_use]
    pub fn into_results(self) -> (Vec<Event>, Vec<i64>) {
        (self.events, self.scores)
    }

    /// The placed tile at a position.
    #[must_use]
    pub fn at(&self, pos: Pos) -> Option<usize> {
        self.at.get(pos)
    }

    /// Points so far, per player.
    #[must_use]
    pub fn scores(&self) -> &[i64] {
        &self.scores
    }

    /// Everything scored so far.
    #[must_use]
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// How many of a figure a player still holds.
    #[must_use]
    pub fn supply(&self, player: usize, figure: Figure) -> u32 {
        self.supply
            .get(player * self.kinds + figure.index())
            .copied()
            .unwrap_or(0)
    }

    /// The ruleset it is played under.
    #[must_use]
    pub fn rules(&self) -> &'a Ruleset {
        self.rules
    }

    /// The figures in play.
    #[must_use]
    pub fn figures(&self) -> &'a FigureTable {
        &self.catalog.figures
    }

    /// The scoring hooks of the mechanics in play
    /// ([`super::registry::scoring_hooks`]); a game has none until given.
    #[must_use]
    pub fn with_hooks(mut self, hooks: Hooks) -> Game<'a> {
        self.hooks = hooks;
        self
    }

    /// Keeps the figures each placement's scoring sends home, for the
    /// mechanics of the "scored" phase ([`Game::came_home`]); a game
    /// without them keeps none.
    #[must_use]
    pub fn keeping_came_home(mut self, keep: bool) -> Game<'a> {
        self.keep_home = keep;
        self
    }

    /// What a snapshot says a player holds of a modifier (trade-good
    /// tokens), for the scoring hooks that keep it.
    pub fn holding(&mut self, player: usize, modifier: usize, n: u32) {
        for h in &mut self.hooks.0 {
            h.holding(player, modifier, n);
        }
    }

    /// Followers deployed so far (on the board or returned).
    #[must_use]
    pub fn followers(&self) -> &[Follower] {
        &self.followers
    }

    /// Everything that keeps `tile` from lying at `pos` rotated by `rot`.
    #[must_use]
    pub fn placement_problems(&self, tile: usize, pos: Pos, rot: Rotation) -> Vec<PlaceProblem> {
        let (here, beside) = self.at.beside(pos);
        if let Some(i) = here {
            let p = &self.placed[i];
            return vec![PlaceProblem::Occupied {
                id: self.tile(p.tile()).id.clone(),
                turn: p.turn.map(|t| t as usize),
            }];
        }
        let t = self.tile(tile);
        let mine = &self.catalog.tiles[tile].sides[rot.quarters()];
        let mut out = Vec::new();
        let mut touching = false;
        let mut empty = [false; 4];
        for e in Edge::ALL {
            let Some(n) = beside[e.index()] else {
                empty[e.index()] = true;
                continue;
            };
            touching = true;
            let nb = &self.placed[n];
            let ours = mine.edges[e.index()];
            let theirs =
                self.catalog.tiles[nb.tile()].sides[nb.rot.quarters()].edges[e.opposite().index()];
            if !ours.matches(theirs) {
                out.push(PlaceProblem::Mismatch {
                    edge: e,
                    ours,
                    neighbour: self.tile(nb.tile()).id.clone(),
                    at: nb.pos,
                    theirs,
                });
            }
        }
        if !touching && !self.placed.is_empty() {
            let corner = pos.ring().iter().any(|&q| self.at.contains(q));
            out.insert(0, PlaceProblem::NoContact { corner });
        }
        if t.hole_only && empty.contains(&true) {
            let empty = Edge::ALL.into_iter().filter(|e| empty[e.index()]).collect();
            out.push(PlaceProblem::NotAHole { empty });
        }
        out
    }

    /// What the tile at `pos` shows along its edge `e` (board
    /// orientation); `None` where no tile lies.
    #[must_use]
    pub fn edge_shown(&self, pos: Pos, e: Edge) -> Option<EdgeKind> {
        let p = &self.placed[self.at.get(pos)?];
        Some(self.catalog.tiles[p.tile()].sides[p.rot.quarters()].edges[e.index()])
    }

    /// Every position and rotation where `tile` could legally lie now.
    #[must_use]
    pub fn legal_placements(&self, tile: usize) -> Vec<(Pos, Rotation)> {
        let mut out = Vec::new();
        self.find_placement(tile, |pos, rot| {
            out.push((pos, rot));
            false
        });
        out.sort_by_key(|&(p, rot)| (-p.y, p.x, rot));
        out
    }

    /// Every empty position beside a placed tile.
    #[must_use]
    pub fn open_positions(&self) -> Vec<Pos> {
        let mut open = self.open.borrow_mut();
        let (synced, positions) = &mut *open;
        for p in &self.placed[*synced..] {
            positions.placed(p.pos, |q, e| self.edge_shown(q, e));
        }
        *synced = self.placed.len();
        positions.all().to_vec()
    }

    /// Shows `found` the legal placements of `tile` now, in no set order,
    /// until it answers true; whether it did.
    pub fn find_placement(
        &self,
        tile: usize,
        mut found: impl FnMut(Pos, Rotation) -> bool,
    ) -> bool {
        let mut open = self.open.borrow_mut();
        let (synced, positions) = &mut *open;
        for p in &self.placed[*synced..] {
            positions.placed(p.pos, |q, e| self.edge_shown(q, e));
        }
        *synced = self.placed.len();
        // The index finds the places whose neighbours' edges match; the
        // whole check confirms each one.
        positions
            .fitting(self.tile(tile))
            .into_iter()
            .flat_map(|(list, rot)| list.iter().map(move |&p| (p, rot)))
            .any(|(pos, rot)| self.placement_problems(tile, pos, rot).is_empty() && found(pos, rot))
    }

    /// Every segment (placed tile, feature) of the feature that feature
    /// `feature` of placed tile `placed` belongs to, across the board.
    #[must_use]
    pub fn members(&self, placed: usize, feature: usize) -> Vec<(usize, usize)> {
        self.features
            .members(self.node(placed, feature))
            .map(|m| (self.features.tile(m), self.features.feature(m)))
            .collect()
    }

    /// Puts a tile on an empty position and joins its features to its
    /// neighbours'. Returns its index among placed tiles.
    pub fn place(&mut self, tile: usize, pos: Pos, rot: Rotation, turn: Option<usize>) -> usize {
        let idx = self.placed.len();
        let entry = &self.catalog.tiles[tile];
        let t = &entry.tile;
        let base = self.features.len() as Node;
        // Open sides: the edges of a city, road or river, the half-edges
        // of a field, until a tile lies beside them (a catalog entry has
        // both lists for every feature).
        for (fi, (&open, extras)) in entry.open.iter().zip(&entry.extras).enumerate() {
            self.features.add(idx as u32, fi as u16, open, extras);
        }
        if entry.landmarks {
            for (fi, f) in t.features.iter().enumerate().filter(|(_, f)| f.landmark) {
                self.landmark(f.name.as_deref().unwrap_or_default(), base + fi as Node);
            }
        }
        self.placed.push(PlacedTile {
            // A catalog holds far fewer tile types than a `u32` counts.
            tile_index: u32::try_from(tile).unwrap_or(u32::MAX),
            rot,
            pos,
            base,
            // At most `MAX_TURNS` turns: a number fits.
            turn: turn.and_then(|t| u32::try_from(t).ok()),
            figures: 0,
        });
        // The eight positions around, looked up once: the neighbours along
        // the edges are among them (`Pos::ring`'s odd entries).
        let around: [Option<usize>; 8] = self.at.around(pos);
        self.at.insert(pos, idx);
        self.touched.clear();
        self.cloisters_closed.clear();
        let mine = &entry.sides[rot.quarters()];
        for e in Edge::ALL {
            let Some(n) = around[2 * e.index() + 1] else {
                continue;
            };
            let nb = &self.placed[n];
            let nb_base = nb.base;
            let theirs = &self.catalog.tiles[nb.tile()].sides[nb.rot.quarters()];
            let (side, facing) = (e.index(), e.opposite().index());
            let (a, b) = (mine.edges[side], theirs.edges[facing]);
            if a == b && a != EdgeKind::Any {
                // A neighbour's feature by `Game::node`: a bridge laid
                // across it after it was placed is a node further on in
                // the store.
                if let (Some(ours), Some(there)) = (mine.on_edge[side], theirs.on_edge[facing]) {
                    let ours = base + Node::from(ours);
                    self.features
                        .join_across(ours, self.node(n, usize::from(there)));
                    // A second city on the edge (two share it): it closes
                    // there and joins the same city as the first.
                    if let Some(f) = mine.shared_on_edge[side] {
                        self.features.join_one(base + Node::from(f), ours);
                    }
                    if let Some(f) = theirs.shared_on_edge[facing] {
                        let there_too = self.node(n, usize::from(f));
                        self.features.join_one(there_too, ours);
                    }
                }
                for h in e.halves() {
                    let mf = mine.field_on_half[h.index()];
                    let of = theirs.field_on_half[h.facing().index()];
                    if let (Some(mf), Some(of)) = (mf, of) {
                        self.features
                            .join_across(base + Node::from(mf), nb_base + Node::from(of));
                    }
                }
            } else if a == EdgeKind::Any && b != EdgeKind::Any {
                for f in [theirs.on_edge[facing], theirs.shared_on_edge[facing]]
                    .into_iter()
                    .flatten()
                {
                    let set = self.node(n, usize::from(f));
                    self.features.close_one(set);
                    self.touched.push(set);
                }
                for h in e.halves() {
                    if let Some(of) = theirs.field_on_half[h.facing().index()] {
                        self.features.close_one(nb_base + Node::from(of));
                    }
                }
            } else if b == EdgeKind::Any && a != EdgeKind::Any {
                for f in [mine.on_edge[side], mine.shared_on_edge[side]]
                    .into_iter()
                    .flatten()
                {
                    self.features.close_one(base + Node::from(f));
                }
                for h in e.halves() {
                    if let Some(mf) = mine.field_on_half[h.index()] {
                        self.features.close_one(base + Node::from(mf));
                    }
                }
            }
        }
        let mut count = 0;
        for n in around.into_iter().flatten() {
            count += 1;
            self.ring[n] += 1;
            if self.ring[n] == 8 && self.tile(self.placed[n].tile()).cloister.is_some() {
                self.cloisters_closed.push(n);
            }
        }
        self.ring.push(count);
        if count == 8 && t.cloister.is_some() {
            self.cloisters_closed.insert(0, idx);
        }
        idx
    }

    /// [`Game::place`], to be taken back by [`Game::take_back`]: for
    /// trying a placement on one copy of the game after another (`carca
    /// moves`). `None` (and nothing placed) for a tile with a landmark,
    /// which joins sets anywhere on the board.
    pub(crate) fn place_for_now(&mut self, tile: usize, pos: Pos, rot: Rotation) -> Option<Placed> {
        if self.catalog.tiles[tile].landmarks {
            return None;
        }
        // The sets the placement can join or close: those of the tiles
        // beside it (every feature, a bridge's included).
        let around = self.at.around(pos);
        let mut nodes = Vec::new();
        for n in [1, 3, 5, 7].into_iter().filter_map(|i| around[i]) {
            let p = &self.placed[n];
            let count = self.tile(p.tile()).features.len() as Node;
            nodes.extend(p.base..p.base + count);
            nodes.extend(
                self.moved
                    .iter()
                    .filter(|&&(t, _, _)| t as usize == n)
                    .map(|&(_, _, node)| node),
            );
        }
        let saved = self.features.save(nodes);
        let before = (self.touched.clone(), self.cloisters_closed.clone());
        let idx = self.place(tile, pos, rot, None);
        Some(Placed {
            idx,
            pos,
            around,
            saved,
            before,
        })
    }

    /// Takes back a placement made by [`Game::place_for_now`].
    pub(crate) fn take_back(&mut self, placed: Placed) {
        let Placed {
            idx,
            pos,
            around,
            saved,
            before,
        } = placed;
        self.features.restore(saved);
        self.at.remove(pos);
        self.placed.truncate(idx);
        self.ring.truncate(idx);
        for n in around.into_iter().flatten() {
            self.ring[n] -= 1;
        }
        (self.touched, self.cloisters_closed) = before;
        // The open positions' index, if it took the tile in.
        if self.open.borrow().0 > idx {
            *self.open.borrow_mut() = (0, OpenPositions::default());
        }
    }

    /// The name of the landmark that feature `feature` of placed tile
    /// `placed` is, if it is one.
    #[must_use]
    pub fn landmark_at(&self, placed: usize, feature: usize) -> Option<&'a str> {
        let f = &self.tile(self.placed[placed].tile()).features[feature];
        f.landmark.then(|| f.name.as_deref().unwrap_or_default())
    }

    /// A mechanic makes the completed city of `spot` into something else
    /// (a castle): it is never scored as a city, and farms count it as a
    /// completed city worth `what.rate` more.
    pub fn convert(&mut self, spot: Spot, what: scoring::Converted) {
        let node = self.node(spot.placed, spot.feature);
        self.features.mark_scored(node);
        self.converted.0.push(node);
        self.converted.1 = Some(what);
    }

    /// A spot of each completed city a mechanic converted (a castle), in
    /// the order converted.
    #[must_use]
    pub fn converted(&self) -> Vec<Spot> {
        self.converted
            .0
            .iter()
            .map(|&n| self.spot_of_set(self.features.find(n)))
            .collect()
    }

    /// The completed cities (roots) among `cities` that a mechanic
    /// converted, sorted.
    fn marked(&self, cities: &[Node]) -> Vec<Node> {
        if self.converted.0.is_empty() {
            return Vec::new();
        }
        let mut out: Vec<Node> = self
            .converted
            .0
            .iter()
            .map(|&n| self.features.find(n))
            .filter(|r| cities.contains(r))
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// What the road, city or cloister of `spot` scores now to a player
    /// who wins it: completed, if it is, or unfinished (as the final
    /// scoring would), whoever holds it.
    #[must_use]
    pub fn worth(&self, spot: Spot) -> i64 {
        let root = self.root_of(spot);
        let placed = self.features.tile(root);
        let kind = self.tile(self.placed[placed].tile()).features[self.features.feature(root)].kind;
        let (complete, award) = match kind {
            FeatureKind::Cloister => {
                let around = self.ring[placed];
                (
                    around == 8,
                    scoring::cloister(self.rules, u32::from(around)),
                )
            }
            FeatureKind::Road | FeatureKind::City => {
                let complete = self.features.open(root) == 0;
                let tiles = self.positions(root).len() as u32;
                let extras = self.features.extras(root);
                let award =
                    scoring::feature(self.rules, &self.rates, kind, tiles, complete, extras);
                (complete, award)
            }
            FeatureKind::Field | FeatureKind::River => return 0,
        };
        let more: i64 = self
            .hooks
            .0
            .iter()
            .filter_map(|h| h.adds(self, root, complete))
            .map(|a| a.points)
            .sum();
        award.points + more
    }

    /// Joins a landmark's node to the landmark of its name already on the
    /// board, if any.
    fn landmark(&mut self, name: &'a str, node: Node) {
        match self.landmarks.iter().find(|(n, _)| *n == name) {
            Some(&(_, first)) => self.features.join_apart(first, node),
            None => self.landmarks.push((name, node)),
        }
    }

    /// The node of feature `feature` of placed tile `placed`.
    pub(super) fn node(&self, placed: usize, feature: usize) -> Node {
        if !self.moved.is_empty()
            && let Some(&(_, _, n)) = self
                .moved
                .iter()
                .find(|&&(p, f, _)| p as usize == placed && usize::from(f) == feature)
        {
            return n;
        }
        self.placed[placed].base + feature as Node
    }

    /// A placed tile takes another form of its tile: `tile`, its own
    /// features in the same order and more after them (a bridge laid
    /// across it). The new features join what lies beside them; where
    /// they meet a neighbour's edge of another kind they stay open there.
    pub fn edit(&mut self, placed: usize, tile: usize) {
        let p = self.placed[placed].clone();
        let old = self.tile(p.tile()).features.len();
        let entry = &self.catalog.tiles[tile];
        let t = &entry.tile;
        let last = placed + 1 == self.placed.len();
        for fi in old..t.features.len() {
            let open = entry.open.get(fi).copied().unwrap_or(0);
            let extras = entry.extras.get(fi).map_or(&[][..], Vec::as_slice);
            let node = self.features.add(placed as u32, fi as u16, open, extras);
            if !(last && node == p.base + fi as Node) {
                self.moved.push((placed as u32, fi as u16, node));
            }
        }
        self.placed[placed].tile_index = u32::try_from(tile).unwrap_or(u32::MAX);
        let mine = &entry.sides[p.rot.quarters()];
        for e in Edge::ALL {
            let Some(f) = mine.on_edge[e.index()].filter(|&f| usize::from(f) >= old) else {
                continue;
            };
            let Some(n) = self.at.get(p.pos.step(e)) else {
                continue;
            };
            let nb = &self.placed[n];
            let theirs = &self.catalog.tiles[nb.tile()].sides[nb.rot.quarters()];
            let facing = e.opposite().index();
            if theirs.edges[facing] == mine.edges[e.index()]
                && let Some(of) = theirs.on_edge[facing]
            {
                let there = self.node(n, usize::from(of));
                let here = self.node(placed, usize::from(f));
                self.features.join_across(here, there);
            }
        }
        // The open positions' index knows the tile's old edges.
        *self.open.borrow_mut() = (0, OpenPositions::default());
    }

    /// Why `player` may not deploy `figure` on feature `feature` of placed
    /// tile `placed`.
    #[must_use]
    pub fn deploy_problem(
        &self,
        placed: usize,
        feature: usize,
        player: usize,
        figure: Figure,
    ) -> Option<DeployProblem> {
        let kind = self.tile(self.placed[placed].tile()).features[feature].kind;
        if !kind.holds_followers() {
            return Some(DeployProblem::NotOccupiable(kind));
        }
        if let Some(name) = self.landmark_at(placed, feature) {
            return Some(DeployProblem::Landmark(name.to_string()));
        }
        if self.supply(player, figure) == 0 {
            return Some(DeployProblem::NoFollowers(figure));
        }
        let node = self.node(placed, feature);
        let table = self.figures();
        let what = table.kind(figure);
        if !what.stands.contains(&kind) || what.corner {
            return Some(DeployProblem::WrongFeature(figure, kind));
        }
        if what.companion {
            let with_own = self.features.occupants(node).any(|f| {
                let fo = &self.followers[f as usize];
                fo.player == player && table.is_follower(fo.figure)
            });
            if !with_own {
                return Some(DeployProblem::Alone(figure, kind));
            }
            if kind != FeatureKind::Field && self.features.open(node) == 0 {
                return Some(DeployProblem::Completed(figure, kind));
            }
            return None;
        }
        if table.stands_apart(figure) {
            // It takes no feature: the rules of its expansion say where it
            // may not go.
            return None;
        }
        if self.features.occupied(node) && self.followers_on(node) {
            let by = self
                .features
                .occupants(node)
                .map(|f| {
                    let fo = &self.followers[f as usize];
                    let (pos, spot) = self.spot_of(f as usize);
                    (fo.player, fo.figure, pos, spot)
                })
                .collect();
            return Some(DeployProblem::Occupied { kind, figure, by });
        }
        None
    }

    /// Puts one of `player`'s figures on a feature.
    pub fn deploy(&mut self, placed: usize, feature: usize, player: usize, figure: Figure) {
        self.deploy_written(placed, feature, player, figure, None);
    }

    /// Puts one of `player`'s figures on a feature, at the spot its record
    /// wrote (`meeple: S` on a city whose first edge is E), by which the
    /// reports name it.
    pub fn deploy_written(
        &mut self,
        placed: usize,
        feature: usize,
        player: usize,
        figure: Figure,
        written: Option<&Location>,
    ) {
        let node = self.node(placed, feature);
        let id = self.followers.len() as u32;
        self.followers.push(Follower {
            player,
            figure,
            node,
            placed,
            feature,
            on_board: true,
            written: written.and_then(Location::code).unwrap_or(NO_WORD),
        });
        if let Some(held) = self.supply.get_mut(player * self.kinds + figure.index()) {
            *held = held.saturating_sub(1);
        }
        if let Some(p) = self.placed.get_mut(placed) {
            p.figures += 1;
        }
        self.features.occupy(node, id);
    }

    /// The spot a record names by a tile's place and a location on it, or
    /// why it names none (no tile there, or nothing at that location).
    pub fn locate(
        &self,
        at: Pos,
        location: &Location,
    ) -> Result<Spot, Box<crate::record::Unnamed>> {
        let Some(placed) = self.at.get(at) else {
            return Err(Box::new(crate::record::Unnamed::nowhere(location, at)));
        };
        let p = &self.placed[placed];
        let tile = self.tile(p.tile());
        location
            .resolve(tile, p.rot)
            .map(|feature| Spot { placed, feature })
            .map_err(|problem| {
                Box::new(crate::record::Unnamed::on(
                    location, at, tile, p.rot, problem,
                ))
            })
    }

    /// The spot of feature `feature` of the tile at `pos`, if a tile lies
    /// there and has that feature.
    #[must_use]
    pub fn spot(&self, pos: Pos, feature: usize) -> Option<Spot> {
        let placed = self.at.get(pos)?;
        (feature < self.tile(self.placed[placed].tile()).features.len())
            .then_some(Spot { placed, feature })
    }

    /// Where a corner point (the north-east corner of `point`) may take a
    /// figure: four placed tiles meet there and each one's quarter is one
    /// field. Returns a node of the farm those quarters make.
    pub(super) fn corner_farm(&self, point: Pos) -> Result<Node, CornerProblem> {
        let quarters = corner_quarters(point);
        let missing: Vec<Pos> = quarters
            .iter()
            .map(|(p, _)| *p)
            .filter(|&p| self.at.get(p).is_none())
            .collect();
        if !missing.is_empty() {
            return Err(CornerProblem::Missing(missing));
        }
        let mut node = None;
        for (pos, [a, b]) in quarters {
            let placed = self.at.get(pos).unwrap_or_default();
            let p = &self.placed[placed];
            let t = self.tile(p.tile());
            let field = |h: Half| {
                t.feature_on_half(h, p.rot)
                    .filter(|&f| t.features[f].kind == FeatureKind::Field)
            };
            match (field(a), field(b)) {
                (Some(f), Some(g)) if f == g => {
                    node.get_or_insert(p.base + f as Node);
                }
                _ => return Err(CornerProblem::NotField(pos)),
            }
        }
        node.ok_or(CornerProblem::NotField(point))
    }

    /// Whether a corner point may take a figure, and why not.
    #[must_use]
    pub fn corner_problem(&self, point: Pos) -> Option<CornerProblem> {
        if self.corners.iter().any(|c| c.point == point) {
            return Some(CornerProblem::Taken);
        }
        self.corner_farm(point).err()
    }

    /// Puts one of `player`'s figures on the corner point north-east of
    /// `point` (which [`Game::corner_problem`] allows), on turn `turn`.
    pub fn deploy_corner(
        &mut self,
        point: Pos,
        player: usize,
        figure: Figure,
        turn: Option<usize>,
    ) {
        let Ok(node) = self.corner_farm(point) else {
            return;
        };
        if let Some(held) = self.supply.get_mut(player * self.kinds + figure.index()) {
            *held = held.saturating_sub(1);
        }
        self.corners.push(CornerFigure {
            player,
            figure,
            point,
            node,
            turn,
        });
    }

    /// The figures on corner points, in the order deployed.
    #[must_use]
    pub fn corners(&self) -> &[CornerFigure] {
        &self.corners
    }

    /// Pays a farm (its root `farm`) in play or at the end by a mechanic's
    /// rule, and perhaps sends its figures home.
    pub(crate) fn pay_farm(&mut self, farm: Node, phase: Phase, pay: &FarmPay) {
        let farm = self.features.find(farm);
        let cities = self.farm_cities(farm);
        let mut counts = self.counts(farm);
        let winners = match &pay.to {
            Some((to, figure)) => {
                counts.others.extend(to.iter().map(|&p| (p, *figure)));
                to.clone()
            }
            None => scoring::majority(&counts.strength),
        };
        let mut winners = winners;
        let decided = if pay.to.is_none() {
            self.break_tie(farm, &mut winners)
        } else {
            None
        };
        let (bonus, bonus_word) = if pay.bonus {
            self.hooks
                .0
                .iter()
                .find_map(|h| h.farm_bonus(self, farm))
                .unwrap_or_default()
        } else {
            (Vec::new(), "")
        };
        let n = cities.0.len() as u32;
        let marked = self.marked(&cities.0).len() as u32;
        let more = self
            .converted
            .1
            .filter(|_| marked > 0)
            .map(|c| c.pays(marked));
        let mut points = vec![0; self.players];
        let mut basis: Vec<Basis> = Vec::new();
        for &w in &winners {
            let extra = bonus.get(w).copied().unwrap_or(0);
            points[w] = i64::from(n * (pay.rate + extra)) + more.as_ref().map_or(0, |m| m.0);
            let mut parts = vec![Part {
                count: n,
                unit: Unit::Named("completed_city"),
                rate: pay.rate,
            }];
            if extra > 0 {
                parts.push(Part {
                    count: n,
                    unit: Unit::Named(bonus_word),
                    rate: extra,
                });
            }
            let b = Basis::Mechanic {
                rule: pay.rule,
                words: pay.words,
                parts,
            };
            if !basis.contains(&b) {
                basis.push(b);
            }
            if let Some((_, b)) = &more
                && !basis.contains(b)
            {
                basis.push(b.clone());
            }
        }
        if basis.is_empty() {
            basis.push(Basis::Mechanic {
                rule: pay.rule,
                words: pay.words,
                parts: vec![Part {
                    count: n,
                    unit: Unit::Named("completed_city"),
                    rate: pay.rate,
                }],
            });
        }
        basis.extend(decided);
        for (s, p) in self.scores.iter_mut().zip(&points) {
            *s += p;
        }
        self.events.push(Event {
            phase,
            feature: self.farm_report(farm, &cities),
            followers: counts.followers,
            strength: counts.strength,
            winners,
            points,
            basis,
            others: counts.others,
            weighed: counts.weighed,
            tokens: Vec::new(),
            taken: Vec::new(),
            detail: None,
        });
        self.tell_scored(farm, phase);
        if pay.home {
            self.send_home(farm);
        }
    }

    /// Every figure on the set `root` goes home, but those that stand
    /// apart (their expansion's rules move them).
    fn send_home(&mut self, root: Node) {
        let table = self.figures();
        for f in self.features.vacate(root) {
            if table.stands_apart(self.followers[f as usize].figure) {
                self.features.occupy(root, f);
                continue;
            }
            if self.keep_home {
                self.came_home.push(f);
            }
            let fo = &mut self.followers[f as usize];
            fo.on_board = false;
            if let Some(p) = self.placed.get_mut(fo.placed) {
                p.figures -= 1;
            }
            if let Some(held) = self
                .supply
                .get_mut(fo.player * self.kinds + fo.figure.index())
            {
                *held += 1;
            }
        }
    }

    /// Where follower `id` stands, as its record wrote it when it did (a
    /// compass word on its feature), else by its feature's first edge or
    /// half-edge.
    #[must_use]
    pub fn spot_of(&self, id: usize) -> (Pos, Location) {
        let f = &self.followers[id];
        let p = &self.placed[f.placed];
        let spot = Location::from_code(f.written)
            .unwrap_or_else(|| location_in(&self.catalog.tiles[p.tile()], p.rot, f.feature));
        (p.pos, spot)
    }

    /// A spot as a record names it: its tile's position, its location in
    /// board orientation, and the kind of its feature.
    #[must_use]
    pub fn named_spot(&self, s: Spot) -> (Pos, Location, FeatureKind) {
        let p = &self.placed[s.placed];
        let entry = &self.catalog.tiles[p.tile()];
        (
            p.pos,
            location_in(entry, p.rot, s.feature),
            entry.tile.features[s.feature].kind,
        )
    }

    /// Whether two spots name parts of one feature.
    #[must_use]
    pub fn same_feature(&self, a: Spot, b: Spot) -> bool {
        self.root_of(a) == self.root_of(b)
    }

    /// The farm (its root) of a corner point, if it may take a figure.
    pub(crate) fn corner_root_at(&self, point: Pos) -> Option<Node> {
        self.corner_farm(point).ok().map(|n| self.features.find(n))
    }

    /// Whether a set (its root) holds a follower (not only companions).
    pub(crate) fn followers_on(&self, root: Node) -> bool {
        let table = self.figures();
        self.features
            .occupants(root)
            .any(|f| table.is_follower(self.followers[f as usize].figure))
    }

    /// The farm (its root) a corner figure stands on.
    pub(crate) fn corner_root(&self, c: &CornerFigure) -> Node {
        self.features.find(c.node)
    }

    /// The farm (its root) of a field spot.
    pub(crate) fn root_of(&self, spot: Spot) -> Node {
        self.features.find(self.node(spot.placed, spot.feature))
    }

    /// The figures (indices of [`Game::followers`]) that the last
    /// placement's scoring sent home, in the order they came (kept only
    /// when [`Game::keeping_came_home`] asked for them).
    #[must_use]
    pub fn came_home(&self) -> &[u32] {
        &self.came_home
    }

    /// The kind of feature a spot names.
    #[must_use]
    pub fn kind_at(&self, spot: Spot) -> FeatureKind {
        self.tile(self.placed[spot.placed].tile()).features[spot.feature].kind
    }

    /// Whether the feature a spot names is finished: a road or city with
    /// no open edge, a cloister with all 8 neighbours; a field never is.
    #[must_use]
    pub fn finished(&self, spot: Spot) -> bool {
        let node = self.node(spot.placed, spot.feature);
        match self.kind_at(spot) {
            FeatureKind::Road | FeatureKind::City => self.features.open(node) == 0,
            FeatureKind::Cloister => self.ring[spot.placed] == 8,
            FeatureKind::Field | FeatureKind::River => false,
        }
    }

    /// Whether the feature a spot names was scored (a road, city or
    /// cloister once completed, whether or not anyone held it).
    #[must_use]
    pub fn was_scored(&self, spot: Spot) -> bool {
        self.features.scored(self.root_of(spot))
    }

    /// Whether the corner figure `c` stands on the field of `spot`.
    #[must_use]
    pub fn corner_on(&self, c: &CornerFigure, spot: Spot) -> bool {
        self.features.find(c.node) == self.root_of(spot)
    }

    /// How many sides of the feature a spot names have no tile beside
    /// them yet, across the board: edges of a road or city, half-edges of
    /// a field (0: no tile can extend it any more).
    #[must_use]
    pub fn open_sides(&self, spot: Spot) -> u32 {
        self.features.open(self.node(spot.placed, spot.feature))
    }

    /// Whether any figure (a follower or a companion) stands on the
    /// feature a spot names, across the board.
    #[must_use]
    pub fn holds_figure(&self, spot: Spot) -> bool {
        self.features
            .occupants(self.node(spot.placed, spot.feature))
            .next()
            .is_some()
    }

    /// Whether a `figure` stands on the feature a spot names, across the
    /// board.
    #[must_use]
    pub fn holds(&self, spot: Spot, figure: Figure) -> bool {
        self.features
            .occupants(self.node(spot.placed, spot.feature))
            .any(|f| self.followers[f as usize].figure == figure)
    }

    /// The neutral figure `name`, if it is on the board.
    #[must_use]
    pub fn neutral(&self, name: &str) -> Option<&Neutral> {
        self.neutrals.iter().find(|n| n.name == name)
    }

    /// The neutral figure that bars the tile at `at` to figures, if any.
    #[must_use]
    pub fn barred(&self, at: Pos) -> Option<&Neutral> {
        self.neutrals.iter().find(|n| n.bars && n.at == at)
    }

    /// A mechanic keeps `owner`'s `figure` at `spot` of the tile at `at`,
    /// off any feature. Returns its id.
    pub fn keep(&mut self, at: Pos, spot: Location, owner: usize, figure: Figure) -> u32 {
        let id = self.kept.1;
        self.kept.1 += 1;
        self.kept.0.push(Kept {
            id,
            at,
            spot,
            owner,
            figure,
        });
        id
    }

    /// The figure kept at `spot` of the tile at `at` leaves it (it is
    /// taken, eaten or sent home).
    pub fn release(&mut self, at: Pos, spot: &Location) -> Option<Kept> {
        let i = self
            .kept
            .0
            .iter()
            .position(|k| k.at == at && k.spot == *spot)?;
        Some(self.kept.0.swap_remove(i))
    }

    /// The figure kept at `spot` of the tile at `at`, if any.
    #[must_use]
    pub fn kept_at(&self, at: Pos, spot: &Location) -> Option<&Kept> {
        self.kept.0.iter().find(|k| k.at == at && k.spot == *spot)
    }

    /// The kept figure with this id, while it is still kept.
    #[must_use]
    pub fn kept(&self, id: u32) -> Option<&Kept> {
        self.kept.0.iter().find(|k| k.id == id)
    }

    /// The figure a neutral figure stands beside, while it is on the
    /// board: its tile, spot, owner and kind.
    #[must_use]
    pub fn figure_beside(&self, beside: Beside) -> Option<(Pos, Location, usize, Figure)> {
        match beside {
            Beside::Feature(id) => {
                let f = self.followers.get(id).filter(|f| f.on_board)?;
                let (pos, spot) = self.spot_of(id);
                Some((pos, spot, f.player, f.figure))
            }
            Beside::Kept(id) => self
                .kept(id)
                .map(|k| (k.at, k.spot.clone(), k.owner, k.figure)),
        }
    }

    /// The owner of the figure a neutral figure stands beside, while it is
    /// on the board ([`Game::figure_beside`] without its place).
    #[must_use]
    pub fn owner_beside(&self, beside: Beside) -> Option<usize> {
        match beside {
            Beside::Feature(id) => self
                .followers
                .get(id)
                .filter(|f| f.on_board)
                .map(|f| f.player),
            Beside::Kept(id) => self.kept(id).map(|k| k.owner),
        }
    }

    /// The figures of `player` on the tile at `at`: on its features (in
    /// no order), then those kept off any feature there.
    pub fn figures_of_at(&self, at: Pos, player: usize) -> impl Iterator<Item = Figure> + '_ {
        self.at
            .get(at)
            .into_iter()
            .flat_map(|placed| self.tile_figures(placed))
            .map(|id| &self.followers[id])
            .filter(move |f| f.player == player)
            .map(|f| f.figure)
            .chain(
                self.kept
                    .0
                    .iter()
                    .filter(move |k| k.at == at && k.owner == player)
                    .map(|k| k.figure),
            )
    }

    /// Every figure kept off any feature.
    #[must_use]
    pub fn all_kept(&self) -> &[Kept] {
        &self.kept.0
    }

    /// Every neutral figure on the board.
    #[must_use]
    pub fn neutrals(&self) -> &[Neutral] {
        &self.neutrals
    }

    /// Puts a neutral figure on the board, or moves it.
    pub fn set_neutral(&mut self, n: Neutral) {
        match self.neutrals.iter_mut().find(|o| o.name == n.name) {
            Some(o) => *o = n,
            None => self.neutrals.push(n),
        }
    }

    /// The figures on board standing on any feature of placed tile
    /// `placed`, through the tile's features' sets (not every figure ever
    /// deployed), in no order.
    fn tile_figures(&self, placed: usize) -> impl Iterator<Item = usize> + '_ {
        let features = self
            .placed
            .get(placed)
            .filter(|p| p.figures > 0)
            .map_or(0, |p| self.tile(p.tile()).features.len());
        (0..features).flat_map(move |feature| {
            let root = self.features.find(self.node(placed, feature));
            self.features
                .occupants(root)
                .map(|i| i as usize)
                .filter(move |&i| {
                    let f = &self.followers[i];
                    f.placed == placed && f.feature == feature
                })
        })
    }

    /// The figures on board standing on any feature of placed tile
    /// `placed`: indices of [`Game::followers`], in the order deployed.
    #[must_use]
    pub fn figures_on_tile(&self, placed: usize) -> Vec<usize> {
        let mut out: Vec<usize> = self.tile_figures(placed).collect();
        out.sort_unstable();
        out
    }

    /// The figure of lowest id standing on a feature of placed tile
    /// `placed`, if any: [`Game::figures_on_tile`]'s first, found without
    /// allocating.
    #[must_use]
    pub fn first_figure_on_tile(&self, placed: usize) -> Option<usize> {
        self.tile_figures(placed).min()
    }

    /// Whether figure `id` is on the board and stands on the set `root`.
    #[must_use]
    pub fn stands_on(&self, id: usize, root: Node) -> bool {
        self.followers
            .get(id)
            .is_some_and(|f| f.on_board && self.features.find(f.node) == root)
    }

    /// The figures (indices of [`Game::followers`]) on the set `root`, in
    /// the order they came.
    #[must_use]
    pub fn figures_on(&self, root: Node) -> Vec<usize> {
        let mut out: Vec<usize> = self
            .features
            .occupants(self.features.find(root))
            .map(|i| i as usize)
            .collect();
        out.sort_unstable();
        out
    }

    /// `to` scores `count` × `rate` points by a mechanic's rule (the
    /// fairy's), outside any majority: an event of its own, named by what
    /// gives them and the feature it is about, if any.
    pub fn grant(&mut self, phase: Phase, to: usize, count: u32, rate: u32, grant: Grant) {
        let Grant {
            rule,
            words,
            unit,
            by,
            about,
        } = grant;
        let mut points = vec![0; self.scores.len()];
        if let Some(p) = points.get_mut(to) {
            *p = i64::from(count) * i64::from(rate);
        }
        let basis = Basis::Mechanic {
            rule,
            words,
            parts: vec![Part {
                count,
                unit: Unit::Named(unit),
                rate,
            }],
        };
        let name = FeatureName::Bonus { by, about };
        self.outside(phase, ScoredKind::Bonus, name, to, points, basis);
    }

    /// Each player of `to` scores `count` × `rate` points by a mechanic's
    /// rule, outside any majority, in one event (a flock's owners).
    pub fn grant_each(&mut self, phase: Phase, to: &[usize], count: u32, rate: u32, grant: Grant) {
        let Some(&first) = to.first() else {
            return;
        };
        self.grant(phase, first, count, rate, grant);
        if let Some(e) = self.events.last_mut() {
            let points = i64::from(count) * i64::from(rate);
            for &p in &to[1..] {
                if let (Some(mine), Some(total)) = (e.points.get_mut(p), self.scores.get_mut(p)) {
                    *mine = points;
                    *total += points;
                }
            }
            e.winners = to.to_vec();
        }
    }

    /// A spot of the set `root`: its root's segment (for a cloister, the
    /// cloister itself).
    #[must_use]
    pub fn spot_of_set(&self, root: Node) -> Spot {
        Spot {
            placed: self.features.tile(root),
            feature: self.features.feature(root),
        }
    }

    /// Tells the scoring hooks that the set `root` was just scored.
    fn tell_scored(&mut self, root: Node, phase: Phase) {
        if self.hooks.is_empty() {
            return;
        }
        let mut hooks = std::mem::take(&mut self.hooks);
        for h in &mut hooks.0 {
            h.scored(self, root, phase);
        }
        self.hooks = hooks;
    }

    /// Takes one of `figure` from `player`'s supply (to put it somewhere
    /// no feature is, or to hold it prisoner); `false` when none is left.
    pub fn take_from_supply(&mut self, player: usize, figure: Figure) -> bool {
        match self.supply.get_mut(player * self.kinds + figure.index()) {
            Some(held) if *held > 0 => {
                *held -= 1;
                true
            }
            _ => false,
        }
    }

    /// Gives one of `figure` back to `player`'s supply.
    pub fn return_to_supply(&mut self, player: usize, figure: Figure) {
        if let Some(held) = self.supply.get_mut(player * self.kinds + figure.index()) {
            *held += 1;
        }
    }

    /// The figures on board standing on feature `feature` of placed tile
    /// `placed` itself (not elsewhere on the feature): indices of
    /// [`Game::followers`].
    #[must_use]
    pub fn figures_at(&self, placed: usize, feature: usize) -> Vec<usize> {
        let node = self.node(placed, feature);
        let root = self.features.find(node);
        self.features
            .occupants(root)
            .map(|id| id as usize)
            .filter(|&id| {
                let f = &self.followers[id];
                f.placed == placed && f.feature == feature
            })
            .collect()
    }

    /// Takes figure `id` off the board (captured): when its owner then has
    /// no follower left on its feature, their figures beside it that need
    /// one (a builder, a pig) go home. `home`: the figure itself goes home
    /// too (else it leaves the supply, held by another player). Returns the
    /// figures that went home with it, by id in increasing order.
    pub fn take_off(&mut self, id: usize, home: bool) -> Vec<usize> {
        let Some(fo) = self.followers.get(id).filter(|f| f.on_board) else {
            return Vec::new();
        };
        let (player, root, node, figure) =
            (fo.player, self.features.find(fo.node), fo.node, fo.figure);
        if !self.remove(id, home) {
            return Vec::new();
        }
        if self.figures().is_follower(figure) {
            self.taken.push((node, player, figure));
        }
        let table = self.figures();
        // Most captures leave a follower of the owner or nobody beside:
        // nothing more to do, and nothing allocated.
        let mut beside = false;
        for o in self.features.occupants(root) {
            let f = &self.followers[o as usize];
            if f.player == player {
                if table.is_follower(f.figure) {
                    return Vec::new();
                }
                beside = true;
            }
        }
        if !beside {
            return Vec::new();
        }
        let mut went: Vec<usize> = self
            .features
            .occupants(root)
            .map(|o| o as usize)
            .filter(|&o| self.followers[o].player == player)
            .collect();
        went.retain(|&o| self.remove(o, true));
        went.sort_unstable();
        went
    }

    /// `from` pays `to` `points` by the rule `rule` (a ransom): an event of
    /// its own, so that the breakdown shows it.
    pub fn pay(&mut self, phase: Phase, from: usize, to: usize, points: i64, rule: &'static str) {
        self.payment(
            phase,
            Payment {
                from: Some(from),
                to: Some(to),
                points,
                rule,
                words: rule,
                unit: rule,
                name: rule.to_string(),
            },
        );
    }

    /// Points that pass from one player to another by a mechanic's rule
    /// (a ransom, a price), either side possibly nobody (a price paid to
    /// no one): an event of its own, so that the breakdown shows it.
    pub fn payment(&mut self, phase: Phase, payment: Payment) {
        let Payment {
            from,
            to,
            points,
            rule,
            words,
            unit,
            name,
        } = payment;
        let n = self.scores.len();
        let mut paid = vec![0; n];
        if let Some(a) = from.and_then(|f| paid.get_mut(f)) {
            *a -= points;
        }
        if let Some(b) = to.and_then(|t| paid.get_mut(t)) {
            *b += points;
        }
        let basis = Basis::Mechanic {
            rule,
            words,
            parts: vec![Part {
                count: 1,
                unit: Unit::Named(unit),
                rate: u32::try_from(points).unwrap_or(0),
            }],
        };
        let name = FeatureName::Payment(name);
        self.outside(phase, ScoredKind::Payment, name, to, paid, basis);
    }

    /// Points that no feature's majority makes (a payment, a mechanic's
    /// grant): added to the scores, and an event of their own, with `to`
    /// as its winner.
    fn outside(
        &mut self,
        phase: Phase,
        kind: ScoredKind,
        name: FeatureName,
        to: impl Into<Option<usize>>,
        points: Vec<i64>,
        basis: Basis,
    ) {
        let to: Option<usize> = to.into();
        let n = self.scores.len();
        for (s, p) in self.scores.iter_mut().zip(&points) {
            *s += p;
        }
        self.events.push(Event {
            phase,
            feature: FeatureReport {
                kind,
                name,
                tiles: Vec::new(),
                extras: Vec::new(),
                complete: true,
                cities: Vec::new(),
                open_cities: Vec::new(),
                landmarks: Vec::new(),
                marked: Vec::new(),
            },
            followers: vec![0; n],
            strength: vec![0; n],
            winners: to.into_iter().collect(),
            points,
            basis: vec![basis],
            others: Vec::new(),
            weighed: Vec::new(),
            tokens: Vec::new(),
            taken: Vec::new(),
            detail: None,
        });
    }

    /// Takes figure `id` (an index of [`Game::followers`]) off the board,
    /// back to its owner's supply (`home`) or out of the game (eaten,
    /// captured); `false` when it is not on the board.
    pub fn remove(&mut self, id: usize, home: bool) -> bool {
        let Some(fo) = self.followers.get(id).filter(|f| f.on_board) else {
            return false;
        };
        let (node, player, figure) = (fo.node, fo.player, fo.figure);
        if !self.features.vacate_one(node, id as u32) {
            return false;
        }
        self.followers[id].on_board = false;
        let placed = self.followers[id].placed;
        if let Some(p) = self.placed.get_mut(placed) {
            p.figures -= 1;
        }
        if home && let Some(held) = self.supply.get_mut(player * self.kinds + figure.index()) {
            *held += 1;
        }
        true
    }

    /// Moves figure `id`, on the board, to `to` (a wagon moving on): the
    /// rules of where it may go are its mechanic's. `false` when it is
    /// not on the board or `to` names no feature.
    pub fn relocate(&mut self, id: usize, to: Spot) -> bool {
        let Some(fo) = self.followers.get(id).filter(|f| f.on_board) else {
            return false;
        };
        let node = fo.node;
        let Some(p) = self.placed.get(to.placed) else {
            return false;
        };
        if to.feature >= self.tile(p.tile()).features.len() {
            return false;
        }
        if !self.features.vacate_one(node, id as u32) {
            return false;
        }
        let target = self.node(to.placed, to.feature);
        self.features.occupy(target, id as u32);
        let fo = &mut self.followers[id];
        fo.node = target;
        fo.placed = to.placed;
        fo.feature = to.feature;
        true
    }

    /// Scores every road, city and cloister that the placement of `placed`
    /// (the last placement) completed, returning their followers.
    pub fn score_completed(&mut self, placed: usize, phase: Phase) {
        debug_assert_eq!(placed + 1, self.placed.len(), "the last placement");
        if self.keep_home {
            self.came_home.clear();
        }
        self.completed = false;
        let p = self.placed[placed].clone();
        let t = self.tile(p.tile());
        for (i, f) in t.features.iter().enumerate() {
            if matches!(f.kind, FeatureKind::City | FeatureKind::Road) {
                // The tile placed last: its features' nodes follow one
                // another.
                self.close_set(p.base + i as Node, phase);
            }
        }
        for k in 0..self.touched.len() {
            let n = self.touched[k];
            self.close_set(n, phase);
        }
        for k in 0..self.cloisters_closed.len() {
            let c = self.cloisters_closed[k];
            if let Some(cf) = self.tile(self.placed[c].tile()).cloister {
                let node = self.node(c, cf);
                if !self.features.scored(node) {
                    self.completed = true;
                    self.score_set(node, true, phase, true);
                }
            }
        }
    }

    /// Whether the last placement completed a road, city or cloister
    /// ([`Game::score_completed`] scored one): a mechanic that looks at
    /// what a turn completed (a castle's vicinity) has nothing to do
    /// otherwise.
    #[must_use]
    pub fn completed_any(&self) -> bool {
        self.completed
    }

    /// Scores the set of node `n` if the last placement completed it. A
    /// set is marked when it is scored, so a set met twice (a city closed
    /// by two of the tile's edges) is scored once.
    #[inline]
    fn close_set(&mut self, n: Node, phase: Phase) {
        let root = self.features.find(n);
        if self.features.open(root) == 0 && !self.features.scored(root) {
            self.completed = true;
            self.score_set(root, true, phase, true);
            if !self.hooks.is_empty() {
                let mut hooks = std::mem::take(&mut self.hooks);
                for h in &mut hooks.0 {
                    h.completed(self, root, phase);
                }
                self.hooks = hooks;
            }
        }
    }

    /// The positions of the tiles a set covers, each once, sorted.
    pub(crate) fn positions(&self, root: Node) -> Vec<Pos> {
        let mut out = Vec::with_capacity(self.features.size(root));
        out.extend(
            self.features
                .members(root)
                .map(|m| self.placed[self.features.tile(m)].pos),
        );
        out.sort_unstable_by_key(|p| (p.x, p.y));
        out.dedup();
        // A farm has about two segments per tile: the list is kept, in its
        // event, until the game ends, so it gives back what it holds spare.
        if out.capacity() > out.len() + out.len() / 4 {
            out.shrink_to_fit();
        }
        out
    }

    /// The name of the feature a segment of a placed tile belongs to, as
    /// events name it ("city at (1,0) N"); `None` for the river.
    #[must_use]
    pub fn feature_id(&self, placed: usize, feature: usize) -> Option<FeatureId> {
        let p = self.placed.get(placed)?;
        let kind = match self.tile(p.tile()).features.get(feature)?.kind {
            FeatureKind::City => ScoredKind::City,
            FeatureKind::Road => ScoredKind::Road,
            FeatureKind::Field => ScoredKind::Farm,
            FeatureKind::Cloister => ScoredKind::Cloister,
            FeatureKind::River => return None,
        };
        Some(self.id_of(kind, self.node(placed, feature)))
    }

    /// A set's id: its kind, and its earliest segment's position and location.
    pub(crate) fn id_of(&self, kind: ScoredKind, set: Node) -> FeatureId {
        let first = self.features.least(set);
        let p = &self.placed[self.features.tile(first)];
        let feat = self.features.feature(first);
        FeatureId {
            kind,
            pos: p.pos,
            location: location_in(&self.catalog.tiles[p.tile()], p.rot, feat),
        }
    }

    /// Followers per player on a set, and what they weigh in the majority.
    fn counts(&self, root: Node) -> Counts {
        let table = self.figures();
        let mut counts = Counts {
            followers: vec![0; self.players],
            strength: vec![0; self.players],
            others: Vec::new(),
            weighed: Vec::new(),
        };
        for f in self.features.occupants(root) {
            let fo = &self.followers[f as usize];
            if table.is_follower(fo.figure) {
                counts.followers[fo.player] += 1;
                let weight = table.weight(fo.figure);
                if weight != Weight::Fixed(1) {
                    counts.weighed.push((fo.player, fo.figure));
                }
                counts.strength[fo.player] += match weight {
                    Weight::Fixed(n) => n,
                    Weight::Per(m) => m.map_or(0, |m| {
                        self.features
                            .extras(root)
                            .iter()
                            .find(|(k, _)| *k == m)
                            .map_or(0, |(_, n)| *n)
                    }),
                };
            } else if !counts.others.contains(&(fo.player, fo.figure)) {
                counts.others.push((fo.player, fo.figure));
            }
        }
        counts
    }

    /// Scores a road, city or cloister set.
    fn score_set(&mut self, root: Node, complete: bool, phase: Phase, return_followers: bool) {
        self.features.mark_scored(root);
        let counts = self.counts(root);
        let mut winners = scoring::majority(&counts.strength);
        let decided = self.break_tie(root, &mut winners);
        // A feature whose followers all count for nothing (a figure whose
        // strength is its city's pennants, in a city without any) scores
        // for nobody, and its followers still come home. One that holds
        // none is said only when a mechanic took its followers off.
        let mut taken = Vec::new();
        if winners.is_empty() && counts.followers.iter().all(|&n| n == 0) {
            taken = self.taken_from(root);
            if taken.is_empty() {
                return;
            }
        }
        let placed = self.features.tile(root);
        let kind = self.tile(self.placed[placed].tile()).features[self.features.feature(root)].kind;
        let (scored, award, tiles) = match kind {
            FeatureKind::Cloister => {
                let around = u32::from(self.ring[placed]);
                let award = scoring::cloister(self.rules, around);
                let at = self.placed[placed].pos;
                let mut tiles = Vec::with_capacity(9);
                tiles.push(at);
                tiles.extend(at.ring().into_iter().filter(|&q| self.at.contains(q)));
                tiles.sort_unstable_by_key(|p| (p.x, p.y));
                (ScoredKind::Cloister, award, tiles)
            }
            _ => {
                let tiles = self.positions(root);
                let award = scoring::feature(
                    self.rules,
                    &self.rates,
                    kind,
                    tiles.len() as u32,
                    complete,
                    self.features.extras(root),
                );
                let scored = if kind == FeatureKind::Road {
                    ScoredKind::Road
                } else {
                    ScoredKind::City
                };
                (scored, award, tiles)
            }
        };
        let extras = self
            .features
            .extras(root)
            .iter()
            .filter_map(|&(m, n)| Some((self.rates.get(usize::from(m))?.name.clone(), n)))
            .collect();
        let complete = complete && (kind != FeatureKind::Cloister || self.ring[placed] == 8);
        let mut award = award;
        let mut more = decided.into_iter().collect::<Vec<_>>();
        if !self.hooks.is_empty() {
            for h in &self.hooks.0 {
                if let Some(a) = h.adds(self, root, complete) {
                    award.points += a.points;
                    more.push(a.basis);
                }
            }
        }
        let report = FeatureReport {
            kind: scored,
            name: FeatureName::Feature(self.id_of(scored, root)),
            tiles,
            extras,
            complete,
            cities: Vec::new(),
            open_cities: Vec::new(),
            landmarks: Vec::new(),
            marked: Vec::new(),
        };
        self.award(phase, report, counts, winners, award);
        if let Some(e) = self.events.last_mut() {
            if !taken.is_empty() {
                e.taken = taken;
            }
            e.basis.extend(more);
        }
        self.tell_scored(root, phase);
        if return_followers {
            self.send_home(root);
        }
    }

    fn award(
        &mut self,
        phase: Phase,
        feature: FeatureReport,
        counts: Counts,
        winners: Vec<usize>,
        award: Award,
    ) {
        let mut points = vec![0; self.players];
        for &w in &winners {
            points[w] = award.points;
            self.scores[w] += award.points;
        }
        self.events.push(Event {
            phase,
            feature,
            followers: counts.followers,
            strength: counts.strength,
            others: counts.others,
            weighed: counts.weighed,
            tokens: Vec::new(),
            taken: Vec::new(),
            detail: None,
            winners,
            points,
            basis: vec![award.basis],
        });
    }

    /// Asks the scoring hooks who of the players tied for the majority of
    /// the set `root` score; narrows `winners` and gives the rule that
    /// decided, if one did.
    fn break_tie(&self, root: Node, winners: &mut Vec<usize>) -> Option<Basis> {
        if winners.len() < 2 || self.hooks.is_empty() {
            return None;
        }
        let (who, basis) = self
            .hooks
            .0
            .iter()
            .find_map(|h| h.breaks_tie(self, root, winners))?;
        *winners = who;
        Some(basis)
    }

    /// The followers mechanics took off the feature whose root is `root`:
    /// owner and figure, in the order taken.
    fn taken_from(&self, root: Node) -> Vec<(usize, Figure)> {
        self.taken
            .iter()
            .filter(|(n, ..)| self.features.find(*n) == root)
            .map(|&(_, p, f)| (p, f))
            .collect()
    }

    /// Final scoring: unfinished roads, cities and cloisters, then farms.
    /// Features that are complete but still hold followers (a snapshot)
    /// score as complete.
    pub fn final_scoring(&mut self) {
        let roots = self.features.occupied_roots();
        let mut farms = Vec::new();
        for root in roots {
            let placed = self.features.tile(root);
            let kind =
                self.tile(self.placed[placed].tile()).features[self.features.feature(root)].kind;
            match kind {
                FeatureKind::Field => farms.push(root),
                FeatureKind::Cloister => {
                    if !self.features.scored(root) {
                        self.score_set(root, self.ring[placed] == 8, Phase::Final, false);
                    }
                }
                _ => {
                    if !self.features.scored(root) {
                        let complete = self.features.open(root) == 0;
                        self.score_set(root, complete, Phase::Final, false);
                    }
                }
            }
        }
        if !self.hooks.is_empty() {
            // Each hook in turn, the others staying in place: a farm a
            // hook scores asks the others for its bonus (the pig).
            for i in 0..self.hooks.0.len() {
                let mut h = self.hooks.0.remove(i);
                h.before_farms(self);
                self.hooks.0.insert(i, h);
            }
            // The farms that still hold farmers after the hooks.
            farms.retain(|&f| self.features.occupied(f));
        }
        // A farm that holds only figures standing apart scores for nobody
        // (looked at when any figure on the board is no follower).
        let table = self.figures();
        if self.followers.iter().any(|f| !table.is_follower(f.figure)) {
            farms.retain(|&f| self.followers_on(f));
        }
        self.score_farms(&farms);
        if !self.hooks.is_empty() {
            for &farm in &farms {
                self.tell_scored(farm, Phase::Final);
            }
        }
        let mut hooks = std::mem::take(&mut self.hooks);
        for h in &mut hooks.0 {
            h.final_scoring(self);
        }
        self.hooks = hooks;
    }

    /// The cities (roots) a farm touches, each once in node order:
    /// completed, then unfinished.
    fn farm_cities(&self, farm: Node) -> (Vec<Node>, Vec<Node>) {
        let mut all = Vec::new();
        for m in self.features.members(farm) {
            let p = &self.placed[self.features.tile(m)];
            let f = &self.tile(p.tile()).features[self.features.feature(m)];
            all.extend(
                f.touches
                    .iter()
                    .map(|&c| self.features.find(p.base + c as Node)),
            );
        }
        all.sort_unstable();
        all.dedup();
        all.into_iter()
            .partition(|&root| self.features.open(root) == 0)
    }

    fn city_ids(&self, cities: &[Node]) -> Vec<FeatureId> {
        cities
            .iter()
            .map(|&c| self.id_of(ScoredKind::City, c))
            .collect()
    }

    fn farm_report(&self, farm: Node, cities: &(Vec<Node>, Vec<Node>)) -> FeatureReport {
        FeatureReport {
            kind: ScoredKind::Farm,
            name: FeatureName::Feature(self.id_of(ScoredKind::Farm, farm)),
            tiles: self.positions(farm),
            extras: Vec::new(),
            complete: false,
            cities: self.city_ids(&cities.0),
            open_cities: self.city_ids(&cities.1),
            landmarks: cities
                .0
                .iter()
                .filter_map(|&c| {
                    self.landmark_at(self.features.tile(c), self.features.feature(c))
                        .map(str::to_string)
                })
                .collect(),
            marked: self
                .converted
                .1
                .map(|c| (c.word, self.marked(&cities.0).len() as u32))
                .filter(|&(_, n)| n > 0)
                .into_iter()
                .collect(),
        }
    }

    /// Final farm scoring: the engine gathers each farm's farmers and the
    /// cities it touches; `scoring::farms` decides what they pay under the
    /// ruleset's edition.
    fn score_farms(&mut self, farms: &[Node]) {
        let touched: Vec<_> = farms.iter().map(|&f| self.farm_cities(f)).collect();
        let counts: Vec<Counts> = farms.iter().map(|&f| self.counts(f)).collect();
        // A hook may decide a farm's tie, but not the first edition's,
        // where cities pay the farmers of all the farms around them.
        let decided: Vec<Option<(Vec<usize>, Basis)>> = farms
            .iter()
            .enumerate()
            .map(|(i, &farm)| {
                if self.rules.farm_scoring == crate::rules::FarmScoring::First {
                    return None;
                }
                let mut winners = scoring::majority(&counts[i].strength);
                let basis = self.break_tie(farm, &mut winners)?;
                Some((winners, basis))
            })
            .collect();
        let input: Vec<scoring::FarmInput> = farms
            .iter()
            .enumerate()
            .map(|(i, &farm)| {
                let (bonus, bonus_word) = self
                    .hooks
                    .0
                    .iter()
                    .find_map(|h| h.farm_bonus(self, farm))
                    .unwrap_or_default();
                scoring::FarmInput {
                    name: self.id_of(ScoredKind::Farm, farm),
                    strength: counts[i].strength.clone(),
                    decided: decided[i].as_ref().map(|(w, _)| w.clone()),
                    bonus,
                    bonus_word,
                    marked: self.marked(&touched[i].0),
                    cities: touched[i].0.clone(),
                }
            })
            .collect();
        let converted = self.converted.1;
        for outcome in scoring::farms(self.rules, self.players, &input, converted.as_ref()) {
            let (feature, counts, winners, points, basis) = match outcome {
                scoring::FarmOutcome::Farm {
                    farm,
                    winners,
                    points,
                    mut basis,
                } => {
                    basis.extend(decided[farm].as_ref().map(|(_, b)| b.clone()));
                    (
                        self.farm_report(farms[farm], &touched[farm]),
                        counts[farm].clone(),
                        winners,
                        points,
                        basis,
                    )
                }
                scoring::FarmOutcome::City {
                    city,
                    farms: around,
                    winners,
                    points,
                    basis,
                } => {
                    let mut sum = Counts {
                        followers: vec![0; self.players],
                        strength: vec![0; self.players],
                        others: Vec::new(),
                        weighed: Vec::new(),
                    };
                    for &i in &around {
                        sum.add(&counts[i]);
                    }
                    let tiles = self.positions(city);
                    let city = self.id_of(ScoredKind::City, city);
                    let report = FeatureReport {
                        kind: ScoredKind::Farm,
                        name: FeatureName::FarmsAround(city.clone()),
                        tiles,
                        extras: Vec::new(),
                        complete: false,
                        cities: vec![city],
                        open_cities: Vec::new(),
                        landmarks: Vec::new(),
                        marked: Vec::new(),
                    };
                    (report, sum, winners, points, basis)
                }
            };
            for (s, p) in self.scores.iter_mut().zip(&points) {
                *s += p;
            }
            self.events.push(Event {
                phase: Phase::Final,
                feature,
                followers: counts.followers,
                strength: counts.strength,
                winners,
                points,
                basis,
                others: counts.others,
                weighed: counts.weighed,
                tokens: Vec::new(),
                taken: Vec::new(),
                detail: None,
            });
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::loader::Loader;
    use crate::tileset::Catalog;

    /// The base game's catalog, for the engine's unit tests.
    pub(crate) fn base() -> Catalog {
        let loaded = crate::tileset::load(&Loader::default(), "base", std::path::Path::new(""))
            .expect("built-in set");
        Catalog::new(vec![loaded])
    }

    fn on(game: &Game, placed: usize, feature: usize) -> Vec<u32> {
        game.features
            .occupants(game.node(placed, feature))
            .collect()
    }

    /// What a game's board says, feature by feature: each set's root, its
    /// open sides, size, extras, followers and whether it was scored, and
    /// each placed tile's neighbours.
    fn board_view(game: &Game) -> Vec<String> {
        let mut out = Vec::new();
        for (i, p) in game.placed().iter().enumerate() {
            for f in 0..game.tile(p.tile()).features.len() {
                let n = game.node(i, f);
                let fs = &game.features;
                out.push(format!(
                    "{i}/{f}: root {} open {} size {} extras {:?} on {:?} scored {} least {}",
                    fs.find(n),
                    fs.open(n),
                    fs.size(n),
                    fs.extras(n),
                    fs.occupants(n).collect::<Vec<_>>(),
                    fs.scored(n),
                    fs.least(n),
                ));
            }
            out.push(format!("{i}: at {:?} ring {}", p.pos, game.ring[i]));
        }
        out.push(format!(
            "{} nodes, {:?} {:?}",
            game.features.len(),
            game.touched,
            game.cloisters_closed
        ));
        out
    }

    #[test]
    fn a_placement_made_for_now_is_taken_back_whole() {
        let catalog = base();
        let rules = Ruleset::modern();
        let mut game = Game::new(&catalog, &rules, 2);
        let mut seed: u64 = 7;
        let mut next = |n: usize| {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            (seed >> 33) as usize % n
        };
        game.place(
            catalog.find("D").expect("D"),
            Pos::new(0, 0),
            Rotation::R0,
            None,
        );
        let mut tried = 0;
        for turn in 1..60 {
            let tile = next(catalog.tiles.len());
            let legal = game.legal_placements(tile);
            if legal.is_empty() {
                continue;
            }
            // Every legal placement of the tile, tried and taken back,
            // leaves the board as it was.
            let before = board_view(&game);
            for &(pos, rot) in &legal {
                let placed = game.place_for_now(tile, pos, rot).expect("no landmark");
                game.take_back(placed);
                tried += 1;
            }
            assert_eq!(board_view(&game), before, "turn {turn}");
            let (pos, rot) = legal[next(legal.len())];
            let idx = game.place(tile, pos, rot, Some(turn));
            // A follower now and then, so that sets hold rings of them.
            let features = game.tile(tile).features.len();
            let feature = next(features);
            if next(2) == 0
                && game
                    .deploy_problem(idx, feature, turn % 2, Figure::FOLLOWER)
                    .is_none()
            {
                game.deploy(idx, feature, turn % 2, Figure::FOLLOWER);
            }
            game.score_completed(
                idx,
                crate::engine::Phase::Turn {
                    number: turn,
                    player: turn % 2,
                },
            );
        }
        assert!(tried > 200, "{tried} placements tried");
    }

    #[test]
    fn one_figure_comes_off_a_feature_and_the_others_stay_in_order() {
        let catalog = base();
        let rules = Ruleset::modern();
        let mut game = Game::new(&catalog, &rules, 2);
        let d = catalog.find("D").expect("D");
        let u = catalog.find("U").expect("U");
        game.place(d, Pos::new(0, 0), Rotation::R0, None);
        let east = game.place(u, Pos::new(1, 0), Rotation::R0, Some(1));
        let road = game
            .tile(u)
            .feature_on_edge(Edge::E, Rotation::R0)
            .expect("road");
        for player in [0, 1, 0] {
            game.deploy(east, road, player, Figure::FOLLOWER);
        }
        assert_eq!(game.supply(0, Figure::FOLLOWER), 5);
        assert_eq!(on(&game, east, road), [0, 1, 2]);
        // The middle one, home: the others keep their order.
        assert!(game.remove(1, true));
        assert_eq!(on(&game, east, road), [0, 2]);
        assert_eq!(game.supply(1, Figure::FOLLOWER), 7);
        assert!(!game.remove(1, true), "it is off the board already");
        // The last one, out of the game (eaten): its owner's supply stays.
        assert!(game.remove(2, false));
        assert_eq!(on(&game, east, road), [0]);
        assert_eq!(game.supply(0, Figure::FOLLOWER), 5);
        // A figure deployed after comes last.
        game.deploy(east, road, 1, Figure::FOLLOWER);
        assert_eq!(on(&game, east, road), [0, 3]);
    }

    #[test]
    fn a_figure_moves_to_a_spot_on_another_tile() {
        let catalog = base();
        let rules = Ruleset::modern();
        let mut game = Game::new(&catalog, &rules, 2);
        let d = catalog.find("D").expect("D");
        let b = catalog.find("B").expect("B");
        game.place(d, Pos::new(0, 0), Rotation::R0, None);
        let road = game
            .tile(d)
            .feature_on_edge(Edge::E, Rotation::R0)
            .expect("road");
        game.deploy(0, road, 0, Figure::FOLLOWER);
        let cloister_tile = game.place(b, Pos::new(0, -1), Rotation::R0, Some(1));
        let cloister = game.tile(b).cloister.expect("a cloister");
        let to = game.spot(Pos::new(0, -1), cloister).expect("a spot");
        assert_eq!(to.placed, cloister_tile);
        assert!(game.relocate(0, to));
        assert!(on(&game, 0, road).is_empty());
        assert_eq!(on(&game, cloister_tile, cloister), [0]);
        assert_eq!(
            (game.followers()[0].placed, game.followers()[0].feature),
            (cloister_tile, cloister)
        );
        // No tile there, or no such feature: nothing moves.
        assert!(game.spot(Pos::new(5, 5), 0).is_none());
        assert!(!game.relocate(
            0,
            Spot {
                placed: 9,
                feature: 0
            }
        ));
        assert_eq!(on(&game, cloister_tile, cloister), [0]);
    }
}
