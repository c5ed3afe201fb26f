//! The turn machine's hooks. A turn goes through phases: the tile is drawn
//! (or discarded), placed, its features joined; then a figure may be
//! deployed, what the tile completed is scored, and the next player plays;
//! after the last land tile a mechanic may still give turns (a final
//! round); then final scoring. The referee, the legal moves of a position
//! (`carca moves`, the page) and the generator walk the same phases, and
//! every rule an expansion adds is a [`Mechanic`] (turn phases) or a
//! [`Scoring`] hook (what scoring adds, called by the game itself), built only for the tile sets and
//! ruleset in play: a base game builds none and pays nothing for them.
//!
//! The registry (`engine/registry.rs`) is the one place that lists them;
//! each lives in its expansion's module.

use std::fmt;

use super::event::{FeatureId, Gone, Note, NoteKind};
use super::game::Game;
pub use super::game::{Hooks, Scoring, Spot};
use super::supply::Supply;
use super::violation::{AfterTheEnd, ViolationKind};
use crate::geometry::{Pos, Rotation};
use crate::record::Act;
use crate::rules::Figure;
use crate::rules::Ruleset;
use crate::tileset::{Catalog, Tile};

/// A tile just placed, as the "placed" phase tells mechanics of it.
#[derive(Debug, Clone, Copy)]
pub struct Placing {
    /// Catalog index.
    pub tile: usize,
    /// Where.
    pub pos: Pos,
    /// How it is turned.
    pub rot: Rotation,
    /// Its index among placed tiles.
    pub placed: usize,
    /// The player placing it.
    pub actor: usize,
    /// It was drawn from the common supply (not a tile of the player's
    /// own).
    pub drawn: bool,
    /// This turn is itself a second turn (so it earns no third).
    pub second: bool,
    /// Land tiles still to draw after it (what mechanics set aside or
    /// hid left out).
    pub left: u64,
}

/// Where a figure is being deployed: a feature, or a corner point (the
/// north-east corner of the tile at that position).
#[derive(Debug, Clone, Copy)]
pub enum Target {
    /// A feature of a placed tile.
    Feature(Spot),
    /// A corner point.
    Corner(Pos),
}

/// A tile about to be placed, as the "place" phase tells mechanics of it
/// before it lies: they may change tiles on the board and the form it is
/// placed in, as the turn's acts say (a bridge laid with it).
#[derive(Debug, Clone, Copy)]
pub struct Laying<'t> {
    /// The entry of `turns`.
    pub turn: usize,
    /// Its player.
    pub actor: usize,
    /// The players' names, for the words of violations and notes.
    pub names: &'t [String],
    /// Catalog index of the tile drawn.
    pub tile: usize,
    /// Where it goes.
    pub pos: Pos,
    /// How it is turned.
    pub rot: Rotation,
    /// The turn's acts, in the order written (none for a snapshot's
    /// board).
    pub acts: &'t [Act],
    /// The record, when a record is played: a snapshot's board tile is
    /// laid in the form its state says (`turn` 0).
    pub record: Option<&'t crate::record::Record>,
}

/// A turn whose placement has just been scored, as the "scored" phase
/// tells mechanics of it.
#[derive(Debug, Clone, Copy)]
pub struct Scored<'t> {
    /// The entry of `turns`.
    pub turn: usize,
    /// Its player.
    pub actor: usize,
    /// How many players.
    pub players: usize,
    /// Their names, for the words of violations.
    pub names: &'t [String],
    /// The placed tile.
    pub placed: usize,
    /// What else the turn's record entry does, in order: the mechanics of
    /// this phase take the acts they own (a wagon's move) and leave the
    /// rest.
    pub acts: &'t [Act],
}

/// A turn whose tile is placed and joined, before its deployment, as the
/// "act" phase tells mechanics of it.
#[derive(Debug, Clone, Copy)]
pub struct Acting<'t> {
    /// The entry of `turns`.
    pub turn: usize,
    /// Its player.
    pub actor: usize,
    /// Their names, for the words of violations and notes.
    pub names: &'t [String],
    /// The placed tile.
    pub placed: usize,
    /// This turn is a second turn (a builder's): with the one before, one
    /// turn.
    pub second: bool,
    /// The turn's acts, in the order written.
    pub acts: &'t [Act],
    /// The turn's entry in the record, for a rule its acts leave broken.
    pub span: miette::SourceSpan,
}

/// The start of a player's turn, as the "begin" phase tells mechanics of
/// it.
#[derive(Debug, Clone, Copy)]
pub struct Begun {
    /// The entry of `turns` that starts it.
    pub turn: usize,
    /// Its player.
    pub actor: usize,
}

/// A player's turn that is over (after a builder's second turn), as the
/// "turn end" phase tells mechanics of it.
#[derive(Debug, Clone, Copy)]
pub struct TurnEnded<'t> {
    /// The last entry of `turns` it took.
    pub turn: usize,
    /// Its player.
    pub actor: usize,
    /// The players' names, for the words of violations and notes.
    pub names: &'t [String],
    /// The acts a mechanic is to take now, as the generator proposed them
    /// (a record's acts were taken in the turn's "act" phase).
    pub acts: &'t [Act],
    /// The last entry, for a rule the turn leaves broken.
    pub span: miette::SourceSpan,
    /// Whether the record goes on after it.
    pub more: bool,
    /// Land tiles left to draw from the common supply.
    pub left: u64,
    /// When the record ends with this turn: the catalog and, per entry of
    /// it, the tiles left in the common supply, which an act the record
    /// owes would draw from (`None` while it goes on).
    pub left_at_end: Option<(&'t Catalog, &'t [u32])>,
}

/// Pieces stacked on a tile (a tower) and the figure on top, if any, as
/// a mechanic keeps them: for pictures and the page.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stack {
    /// The tile.
    pub at: Pos,
    /// How many pieces.
    pub height: u32,
    /// The figure on top: owner and figure.
    pub top: Option<(usize, Figure)>,
}

/// An action a mechanic offers the player to move instead of deploying a
/// figure (for `carca moves` and the page): a tower piece, or a follower
/// put on top of a tower.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ActionOption {
    /// The record key that writes it (`tower`, `meeple`).
    pub key: &'static str,
    /// The tile it is about.
    pub at: Pos,
    /// The tower's height with the piece (for a follower on top: as it is).
    pub height: u32,
    /// The followers it may take then: tile, spot, owner, figure (for
    /// the princess: the follower she may send home).
    pub takes: Vec<(Pos, crate::record::Location, usize, Figure)>,
    /// The spot it names on its tile, if any (the follower the fairy would
    /// stand beside).
    pub spot: Option<crate::record::Location>,
}

/// An act the record's last turn left under way (a flight that stopped
/// while steps remained): who goes on with it, how far it got, and the
/// choices they have now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnderWay {
    /// The record key of the act (`dragon`).
    pub key: &'static str,
    /// The turn it belongs to (counted from 1, as notes count them).
    pub turn: usize,
    /// The player whose choice is next.
    pub player: usize,
    /// How many parts of it were made (the steps taken).
    pub done: usize,
    /// Where it stands (the dragon's tile).
    pub from: Pos,
    /// The next choices: `at` is where each goes.
    pub options: Vec<ActionOption>,
}

/// Something a mechanic keeps on a tile that pictures mark there (a
/// castle, a flock, the Count): the tile, a short label, and whose it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Badge {
    /// The tile.
    pub at: Pos,
    /// What it says (`castle`, `5 sheep`).
    pub label: String,
    /// Whose it is, if anyone's (drawn in their colour).
    pub owner: Option<usize>,
}

/// A figure one player holds of another's (a prisoner).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Held {
    /// The player who holds it.
    pub by: usize,
    /// Its owner.
    pub owner: usize,
    /// Which figure.
    pub figure: Figure,
}

/// A figure a mechanic keeps beside the board, neither on a feature nor
/// in its owner's supply (a follower in the City of Carcassonne).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Aside {
    /// Its owner.
    pub owner: usize,
    /// Which figure.
    pub figure: Figure,
    /// Where it is, in a word (`market`: a quarter of the City).
    pub place: String,
}

/// What mechanics say in a phase: the rules the record breaks there (with
/// the place in the record), what happened without points, and which of
/// the record's moves they took up.
#[derive(Debug, Default)]
pub struct Said {
    /// Rule violations and where.
    pub violations: Vec<(ViolationKind, miette::SourceSpan)>,
    /// Notes of the adjudication.
    pub notes: Vec<Note>,
    /// Indices of the acts (of [`Scored::acts`]) a mechanic took.
    pub taken: Vec<usize>,
    /// Tiles a neutral figure cleared (the dragon ate there): the figures
    /// other mechanics keep on them go home too (a follower on a tower),
    /// listed with the note that says what went home there.
    pub cleared: Vec<Pos>,
}

/// Where a figure that a scoring sent home may move on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveOptions {
    /// The figure.
    pub figure: Figure,
    /// Its owner.
    pub player: usize,
    /// The tile it stood on.
    pub from: Pos,
    /// The spots it may move to.
    pub to: Vec<Spot>,
}

/// What the game looks like once the last land tile is down.
#[derive(Debug, Clone)]
pub struct End {
    /// The player who placed the last land tile.
    pub last: usize,
    /// How many players.
    pub players: usize,
    /// Per player: still holds a tile of their own.
    pub holds: Vec<bool>,
}

/// Why a turn after the end is out of place.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EndProblem {
    /// Another player was due: the first one still able to play, if any.
    OutOfOrder {
        /// Who was due.
        expected: Option<usize>,
    },
    /// The round is over.
    Over,
}

/// The phases a mechanic hooks into, so that a phase asks only the
/// mechanics that change it (a base game's turns ask none).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Phases(u16);

impl Phases {
    /// Drawing a tile from the supply.
    pub const DRAW: Phases = Phases(1);
    /// Placing a tile: where it may go.
    pub const PLACE: Phases = Phases(2);
    /// A tile placed, its features joined.
    pub const PLACED: Phases = Phases(4);
    /// After the last land tile.
    pub const END: Phases = Phases(8);
    /// The turn's roads, cities and cloisters are scored: figures may
    /// move on, farms may score in play.
    pub const SCORED: Phases = Phases(16);
    /// A figure is deployed: where it may go.
    pub const DEPLOY: Phases = Phases(32);
    /// The turn's acts before the deployment: a mechanic takes the acts it
    /// owns (a ransom, a tower piece and its capture, a follower put on a
    /// tower) instead of the deployment.
    pub const ACT: Phases = Phases(64);
    /// The start of a player's turn, before the tile (not a second turn,
    /// nor a draw again after a discard, nor a turn after the end).
    pub const BEGIN: Phases = Phases(128);
    /// After the deployment, before the turn's scoring: neutral figures
    /// move (the dragon's flight).
    pub const MOVE: Phases = Phases(256);
    /// A tile is cleared of figures: a mechanic sends home those it keeps
    /// there (a follower on a tower).
    pub const CLEAR: Phases = Phases(512);
    /// The game is over, before the final scoring: figures move a last
    /// time as the record's top-level keys say (followers leave the City).
    pub const FINAL: Phases = Phases(1024);
    /// A player's turn is over, after a builder's second turn: what comes
    /// between two players' turns (a bazaar's auction).
    pub const TURN_END: Phases = Phases(2048);

    /// Both.
    #[must_use]
    pub const fn and(self, other: Phases) -> Phases {
        Phases(self.0 | other.0)
    }

    /// Those of these phases that are also in `other`.
    #[must_use]
    pub const fn within(self, other: Phases) -> Phases {
        Phases(self.0 & other.0)
    }

    /// Whether these phases include `other`.
    #[must_use]
    pub const fn has(self, other: Phases) -> bool {
        self.0 & other.0 != 0
    }
}

/// A mechanic that hooks into the phases of a turn. Every hook has a
/// default that does nothing, so a mechanic writes only the phases it
/// changes, and says which ([`Mechanic::phases`]).
pub trait Mechanic: fmt::Debug + Send + Sync {
    /// A copy of it, in its present state.
    fn boxed(&self) -> Box<dyn Mechanic>;

    /// The phases whose hooks it writes; the others are not asked. Asked
    /// when a game is set up, and again, when it [`Mechanic::narrows`],
    /// after its "placed" and "act" hooks and a snapshot's restoring: a
    /// mechanic may leave a phase it is done with (the dragon leaves the
    /// draw phase once a volcano brought it), never join one.
    fn phases(&self) -> Phases;

    /// Whether its phases may narrow as the game goes on (asked once; the
    /// dragon's do): only then are they asked again.
    fn narrows(&self) -> bool {
        false
    }

    /// Phase "draw": a rule of the supply's order that taking `tile`
    /// breaks.
    fn draw_problem(
        &self,
        _catalog: &Catalog,
        _supply: &Supply,
        _tile: usize,
    ) -> Option<ViolationKind> {
        None
    }

    /// Phase "place": a rule that placing `tile` at `pos` turned by `rot`
    /// breaks, and whether the placement as a whole is at fault (its
    /// diagnostic points at the whole entry) rather than its position.
    fn placement_problem(
        &self,
        _catalog: &Catalog,
        _tile: usize,
        _pos: Pos,
        _rot: Rotation,
    ) -> Option<(ViolationKind, bool)> {
        None
    }

    /// Where `tile` may go at all when this mechanic decides it (a river
    /// tile: the river's open end); `None`: wherever it fits.
    fn only_at(&self, _catalog: &Catalog, _tile: usize) -> Option<Vec<Pos>> {
        None
    }

    /// Phase "place", before the tile lies: the mechanic takes the acts it
    /// owns that change tiles on the board or the form of the tile being
    /// placed (a bridge), and returns that form when it changes it. Asked
    /// only for turns whose record writes acts of expansions.
    fn laying(
        &mut self,
        _game: &mut Game,
        _laying: &Laying<'_>,
        _said: &mut Said,
    ) -> Option<usize> {
        None
    }

    /// For the generator: the acts of the "place" phase this mechanic
    /// would have a record make with the tile about to lie (a bridge
    /// across it), each choice made by `pick`.
    fn propose_laying(
        &self,
        _game: &Game,
        _laying: &Laying<'_>,
        _pick: &mut dyn FnMut(usize) -> Option<usize>,
    ) -> Vec<Act> {
        Vec::new()
    }

    /// Phase "place": the acts laid with the tile that might make placing
    /// `tile` of `actor` at `pos` turned by `rot` legal where its edges
    /// alone do not (`problems`: each a mismatched edge; a bridge carrying
    /// a road on); each is checked by laying it ([`Mechanics::enabled`]).
    fn enabling(
        &self,
        _game: &Game,
        _actor: usize,
        _tile: usize,
        _at: (Pos, Rotation),
        _problems: &[super::game::PlaceProblem],
    ) -> Vec<Act> {
        Vec::new()
    }

    /// Whether [`Mechanic::enabling`] may name any act (so that the
    /// generator looks for such placements only then).
    fn may_enable(&self) -> bool {
        false
    }

    /// Phase "placed": the tile lies on the board and its features are
    /// joined; nothing is deployed or scored yet. Returns the feature that
    /// earns the player one more turn, if this mechanic gives one.
    fn placed(&mut self, _game: &mut Game, _placing: &Placing) -> Option<FeatureId> {
        None
    }

    /// Phases "placed", "act" and "move": which placed tiles wake this
    /// mechanic in `phase` (asked once per phase when a game is set up,
    /// and looked up in the catalog's index of symbols, or tried on each
    /// tile of the catalog). In the "placed"
    /// phase a mechanic is called only on a tile that wakes it; in the
    /// "act" and "move" phases, on a turn whose tile wakes it or whose
    /// record writes an act of one of its keys ([`Mechanic::act_keys`]),
    /// and then it is asked [`Mechanic::busy`]. Every tile, unless a
    /// mechanic says otherwise.
    fn wakes(&self, _phase: Phases) -> Wakes {
        Wakes::Every
    }

    /// Phase "scored": which turns it has anything to do on, so that the
    /// others do not ask it: every turn (the default), a turn that
    /// completed a road, city or cloister ([`Game::completed_any`]: for a
    /// mechanic that scores only what a turn completed, or moves a figure
    /// on only from a feature scored), or a turn with an act of its keys
    /// (a figure sent somewhere by the record). A turn that writes a
    /// figure's move asks every mechanic of the phase.
    fn scored_wakes(&self) -> ScoredWakes {
        ScoredWakes::Every
    }

    /// Phases "begin", "act", "move" and "turn end": whether it has
    /// anything to do in `phase` on this turn of `actor`, the tile at `placed` (none at the
    /// beginning) and the record's `acts` (asked before the phase, once
    /// the turn woke it ([`Mechanic::wakes`]); when no mechanic has, the
    /// phase costs nothing).
    fn busy(
        &self,
        _game: &Game,
        _phase: Phases,
        _actor: usize,
        _placed: Option<usize>,
        _acts: &[Act],
    ) -> bool {
        true
    }

    /// Phase "final": the record is played out (`ended`: the game is over),
    /// before the final scoring; a mechanic moves figures as the record's
    /// top-level keys say (the followers that leave the City).
    fn finish(
        &mut self,
        _game: &mut Game,
        _record: &crate::record::Record,
        _ended: bool,
        _said: &mut Said,
    ) {
    }

    /// For `carca moves` and the page: an act of the last turn played that
    /// stopped while it could have gone on (the dragon's flight), with the
    /// next choices.
    fn under_way(&self, _game: &Game) -> Option<UnderWay> {
        None
    }

    /// Phase "clear": the figures this mechanic keeps on the tile at `at`
    /// (off any feature) go home: what went.
    fn cleared(&mut self, _game: &mut Game, _at: Pos) -> Vec<Gone> {
        Vec::new()
    }

    /// Phase "deploy": a rule of this mechanic that deploying `figure` of
    /// `player` at `target` breaks (the generic rules hold already).
    fn deploy_problem(
        &self,
        _game: &Game,
        _names: &[String],
        _player: usize,
        _figure: Figure,
        _target: Target,
    ) -> Option<ViolationKind> {
        None
    }

    /// Phase "draw": whether `tile` is set aside when drawn now, not to be
    /// drawn yet (a dragon tile before the first volcano): such tiles do
    /// not count among the tiles left, and the game ends when the others
    /// run out.
    fn sets_aside(&self, _catalog: &Catalog, _tile: usize) -> bool {
        false
    }

    /// Phase "draw": how many land tiles of the common supply it sets aside
    /// now (what [`Mechanic::sets_aside`] says, counted in `supply`).
    fn set_aside(&self, _catalog: &Catalog, _supply: &Supply) -> u64 {
        0
    }

    /// Phase "draw": the tile dealt to `actor` for this part of a turn
    /// (`second`: a builder's second tile), which they play instead of
    /// drawing one (a tile got at a bazaar); `None`: they draw.
    fn dealt(&self, _actor: usize, _second: bool) -> Option<usize> {
        None
    }

    /// Phase "draw": `actor` plays or discards `tile` on a turn for which
    /// [`Mechanic::dealt`] named a tile: the dealt tile is spent; the rule
    /// that playing another tile breaks (that tile is then drawn from the
    /// supply as usual).
    fn spend_dealt(
        &mut self,
        _catalog: &Catalog,
        _names: &[String],
        _actor: usize,
        _tile: usize,
    ) -> Option<ViolationKind> {
        None
    }

    /// Tiles drawn from the supply and dealt to players, not played yet:
    /// they count among the tiles left, and the game goes on until they
    /// are played.
    fn dealt_left(&self) -> u64 {
        0
    }

    /// Phase "turn end": a player's turn is over (after a builder's second
    /// turn, before the next player's): the mechanic takes what comes
    /// between turns (a bazaar's auction), taking the tiles it needs from
    /// the supply with `take` (`false`: that tile is not left).
    fn turn_ended(
        &mut self,
        _game: &mut Game,
        _ended: &TurnEnded<'_>,
        _take: &mut dyn FnMut(usize) -> bool,
        _said: &mut Said,
    ) {
    }

    /// For the generator: the acts of the "turn end" phase this mechanic
    /// would have a record make, the tiles it needs drawn with `draw`
    /// (`None`: the supply is out), each choice made by `pick`.
    fn propose_turn_end(
        &self,
        _game: &Game,
        _ended: &TurnEnded<'_>,
        _draw: &mut dyn FnMut() -> Option<usize>,
        _pick: &mut dyn FnMut(usize) -> Option<usize>,
    ) -> Vec<Act> {
        Vec::new()
    }

    /// For the generator: what this mechanic would have a finished
    /// record state at its top level for the "final" phase
    /// ([`Mechanic::finish`] reads it: the followers that leave the City),
    /// written into `top` (players by `names`, figures by `word`), each
    /// choice made by `pick`.
    fn propose_finish(
        &self,
        _game: &Game,
        _top: &mut crate::record::written::WrittenTop,
        _names: &[String],
        _word: &dyn Fn(Figure) -> String,
        _pick: &mut dyn FnMut(usize) -> Option<usize>,
    ) {
    }

    /// Phase "begin": the player's turn starts (points that come at the
    /// start of a turn).
    fn begins(&mut self, _game: &mut Game, _begun: &Begun, _said: &mut Said) {}

    /// Phase "deploy": whether the turn's figure may be deployed on
    /// another tile than the one just placed (a magic portal), at an
    /// unfinished feature.
    fn deploys_elsewhere(&self, _game: &Game, _placed: usize) -> bool {
        false
    }

    /// Whether some tile may let the turn's figure go to another tile (so
    /// that a figure sent elsewhere from any other tile is refused by the
    /// rules rather than unknown to the game): the words for how, as
    /// `carca moves` says it (`through the portal`).
    fn offers_elsewhere(&self) -> Option<&'static str> {
        None
    }

    /// Phase "move": after the deployment and before the turn's scoring,
    /// take the acts this mechanic owns (the dragon's flight).
    fn before_scoring(&mut self, _game: &mut Game, _acting: &Acting<'_>, _said: &mut Said) {}

    /// For the generator: the acts this mechanic would have a record make
    /// in the "move" phase now, each choice made by `pick`.
    fn propose_before_scoring(
        &self,
        _game: &Game,
        _acting: &Acting<'_>,
        _pick: &mut dyn FnMut(usize) -> Option<usize>,
    ) -> Vec<Act> {
        Vec::new()
    }

    /// Phase "scored": the turn's roads, cities and cloisters are scored
    /// and their figures home. The mechanic may move figures (the
    /// wagon) and score (the barn), reading the record's moves.
    fn scored(&mut self, _game: &mut Game, _scored: &Scored<'_>, _said: &mut Said) {}

    /// The "act" phase: take the acts this mechanic owns (their indices in
    /// [`Said::taken`]), before the turn's deployment.
    fn act(&mut self, _game: &mut Game, _acting: &Acting<'_>, _said: &mut Said) {}

    /// A snapshot's board is laid: restore this mechanic's state from what
    /// the record says (its own keys, and the `meeples:` entries it owns,
    /// whose indices go in [`Said::taken`]). Returns the figures it keeps
    /// out of their owners' supplies (on towers, held), by owner.
    fn restore(
        &mut self,
        _game: &mut Game,
        _record: &crate::record::Record,
        _said: &mut Said,
    ) -> Vec<(usize, Figure)> {
        Vec::new()
    }

    /// A snapshot's figures are on the board: settle what depends on them
    /// (the follower the fairy stands beside).
    fn settled(&mut self, _game: &mut Game, _record: &crate::record::Record, _said: &mut Said) {}

    /// The record keys of the acts this mechanic takes (for the page's
    /// controls; an act of one of them wakes it in the "act" and "move"
    /// phases).
    fn act_keys(&self) -> &'static [&'static str] {
        &[]
    }

    /// The actions this mechanic offers `player` instead of deploying a
    /// figure, on the board as it lies.
    fn action_options(&self, _game: &Game, _player: usize) -> Vec<ActionOption> {
        Vec::new()
    }

    /// The actions this mechanic offers `player` once the tile lies at
    /// placed index `placed` of `game` (the princess's choices, the
    /// dragon's first steps).
    fn placement_options(&self, _game: &Game, _placed: usize, _player: usize) -> Vec<ActionOption> {
        Vec::new()
    }

    /// The stacks of pieces this mechanic keeps on the board (towers), for
    /// pictures and the page.
    fn stacks(&self) -> Vec<Stack> {
        Vec::new()
    }

    /// The figures players hold of one another's (prisoners).
    fn held(&self) -> Vec<Held> {
        Vec::new()
    }

    /// The figures this mechanic keeps beside the board, for pictures.
    fn aside(&self) -> Vec<Aside> {
        Vec::new()
    }

    /// What this mechanic keeps on tiles that pictures mark there (a
    /// castle, a flock, the Count).
    fn badges(&self, _game: &Game) -> Vec<Badge> {
        Vec::new()
    }

    /// For the generator: the acts this mechanic would have a record make
    /// in the "act" phase now, each choice made by `pick(n)` among `n`
    /// options (`None`: none of them).
    fn propose_acts(
        &self,
        _game: &Game,
        _acting: &Acting<'_>,
        _pick: &mut dyn FnMut(usize) -> Option<usize>,
    ) -> Vec<Act> {
        Vec::new()
    }

    /// For the generator: the moves this mechanic would have a record make
    /// in the "scored" phase now (the wagons the scoring sent home), each
    /// chosen by `pick` among the legal ones (`pick(n)`: an index below
    /// `n`, or `None` to make no move).
    fn propose_moves(
        &self,
        _game: &Game,
        _scored: &Scored<'_>,
        _pick: &mut dyn FnMut(usize) -> Option<usize>,
    ) -> Vec<Act> {
        Vec::new()
    }

    /// Where each figure the last scoring sent home may move on now (the
    /// wagon): the figure, its owner, the tile it stood on, and the spots
    /// it may move to, each on its own (not seeing the others' moves).
    fn move_options(&self, _game: &Game) -> Vec<MoveOptions> {
        Vec::new()
    }

    /// Whether it may give a player one more turn at once.
    fn gives_extra_turns(&self) -> bool {
        false
    }

    /// Phase "after the end": the last land tile is down and a turn places
    /// `tile`. Who plays it (`written`: the player the record names) and
    /// what is wrong with it, or `None` when this mechanic allows no such
    /// turn.
    fn after_the_end(
        &mut self,
        _catalog: &Catalog,
        _tile: usize,
        _written: Option<usize>,
        _end: &End,
    ) -> Option<(usize, Option<EndProblem>)> {
        None
    }

    /// Who may still play after the end, if this mechanic lets anyone.
    fn due_after_the_end(&self, _end: &End) -> Option<usize> {
        None
    }

    /// Why nothing more may be played after the end, when this mechanic
    /// has a say.
    fn over_because(&self) -> Option<AfterTheEnd> {
        None
    }
}

/// Which placed tiles wake a mechanic in one of the phases "placed", "act"
/// and "move" ([`Mechanic::wakes`]).
#[derive(Debug, Clone, Copy)]
pub enum Wakes {
    /// Every tile.
    Every,
    /// No tile: only an act of its keys.
    Never,
    /// A tile that shows one of these symbols.
    Showing(&'static [&'static str]),
    /// A tile whose definition passes this test (one that holds a given
    /// landmark, say).
    Where(fn(&Tile) -> bool),
}

/// Which turns wake a mechanic in the "scored" phase
/// ([`Mechanic::scored_wakes`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScoredWakes {
    /// Every turn.
    Every,
    /// A turn that completed a road, city or cloister.
    Completion,
    /// A turn with an act of its keys.
    Acts,
}

/// The turn mechanics in play, the phases each hooks into (asked once),
/// and the phases any of them hooks into.
#[derive(Debug, Default)]
pub struct Mechanics {
    all: Vec<Box<dyn Mechanic>>,
    each: Vec<Phases>,
    phases: Phases,
    /// Per phase (by its bit), the mechanics hooked into it: bit `i` for
    /// `all[i]`.
    by_phase: [u32; 16],
    /// Per phase of [`WOKEN`], the mechanics every placed tile wakes (bit
    /// `i` for `all[i]`).
    by_every_tile: [u32; 3],
    /// Per tile of the catalog, the mechanics its placement wakes besides
    /// in the "placed", "act" and "move" phases, by the symbols it shows;
    /// empty when none is woken by symbols.
    by_tile: Vec<[u32; 3]>,
    /// Per record key of an act, the mechanics an act of it wakes.
    by_act: Vec<(&'static str, u32)>,
    /// The mechanics a figure deployed wakes (`by_act`'s entry for its
    /// key, looked up once).
    by_deploy: u32,
    /// The mechanics that have nothing to do in the "scored" phase of a
    /// turn that completed nothing ([`ScoredWakes::Completion`]).
    on_completion: u32,
    /// The mechanics that have nothing to do in the "scored" phase of a
    /// turn without an act of their keys ([`ScoredWakes::Acts`]).
    on_acts: u32,
    /// The entries of `by_act` that wake those mechanics, looked through
    /// after every scoring.
    by_scored_act: Vec<(&'static str, u32)>,
    /// The mechanics whose phases may narrow ([`Mechanic::narrows`]).
    narrowing: u32,
}

/// The phases a placed tile wakes mechanics in, in the order of
/// [`Mechanics::by_tile`]'s entries.
const WOKEN: [Phases; 3] = [Phases::PLACED, Phases::ACT, Phases::MOVE];

/// Whether two act keys are the same, the different ones told apart
/// without a call to compare their bytes most of the time (keys of six
/// letters abound: `meeple`, `bridge`, `castle`, `bazaar`).
#[inline]
fn same_key(a: &str, b: &str) -> bool {
    std::ptr::eq(a, b)
        || (a.len() == b.len() && a.as_bytes().first() == b.as_bytes().first() && a == b)
}

impl Clone for Mechanics {
    fn clone(&self) -> Mechanics {
        Mechanics {
            all: self.all.iter().map(|m| m.boxed()).collect(),
            each: self.each.clone(),
            phases: self.phases,
            by_phase: self.by_phase,
            by_every_tile: self.by_every_tile,
            by_tile: self.by_tile.clone(),
            by_act: self.by_act.clone(),
            by_deploy: self.by_deploy,
            on_completion: self.on_completion,
            on_acts: self.on_acts,
            by_scored_act: self.by_scored_act.clone(),
            narrowing: self.narrowing,
        }
    }
}

/// What a mechanic is built from: the sets in play, the ruleset, the
/// players, and the start tile as it lies.
#[derive(Debug, Clone, Copy)]
pub struct Setup<'a> {
    /// The sets in play.
    pub catalog: &'a Catalog,
    /// The ruleset.
    pub rules: &'a Ruleset,
    /// How many players.
    pub players: usize,
    /// The start tile: catalog index, position, rotation.
    pub start: (usize, Pos, Rotation),
}

impl Mechanics {
    /// The turn mechanics of a game (those the registry built for the sets
    /// and ruleset in play, in its order; at most 32).
    #[must_use]
    pub fn new(setup: &Setup<'_>, all: Vec<Box<dyn Mechanic>>) -> Mechanics {
        let each: Vec<Phases> = all.iter().map(|m| m.phases()).collect();
        let phases = each.iter().fold(Phases::default(), |p, m| p.and(*m));
        let by_phase = Mechanics::masks(&each);
        // A game no mechanic wakes by a tile's symbols keeps no table.
        let mut by_every_tile = [0u32; 3];
        let mut by_tile = Vec::new();
        for (slot, &phase) in WOKEN.iter().enumerate() {
            for i in Mechanics::hooked(&by_phase, phase) {
                let tiles: Vec<usize> = match all[i].wakes(phase) {
                    Wakes::Every => {
                        by_every_tile[slot] |= 1 << i;
                        continue;
                    }
                    Wakes::Never => continue,
                    Wakes::Showing(symbols) => symbols
                        .iter()
                        .flat_map(|s| setup.catalog.showing(s))
                        .copied()
                        .collect(),
                    Wakes::Where(test) => (0..setup.catalog.tiles.len())
                        .filter(|&t| test(&setup.catalog.tiles[t].tile))
                        .collect(),
                };
                for t in tiles {
                    if by_tile.is_empty() {
                        by_tile = vec![[0u32; 3]; setup.catalog.tiles.len()];
                    }
                    by_tile[t][slot] |= 1 << i;
                }
            }
        }
        // Per kind of act, the mechanics whose keys name it.
        let mut by_act: Vec<(&'static str, u32)> = Vec::new();
        for (i, m) in all.iter().enumerate() {
            for &key in m.act_keys() {
                match by_act.iter_mut().find(|(k, _)| *k == key) {
                    Some((_, mask)) => *mask |= 1 << i,
                    None => by_act.push((key, 1 << i)),
                }
            }
        }
        let by_deploy = by_act
            .iter()
            .find(|(k, _)| *k == crate::record::DEPLOY_KEY)
            .map_or(0, |(_, m)| *m);
        let scored_by = |wakes: ScoredWakes| {
            all.iter()
                .enumerate()
                .filter(|(_, m)| m.scored_wakes() == wakes)
                .fold(0, |mask, (i, _)| mask | 1 << i)
        };
        let on_completion = scored_by(ScoredWakes::Completion);
        let on_acts = scored_by(ScoredWakes::Acts);
        let by_scored_act = by_act
            .iter()
            .filter(|(_, m)| m & on_acts != 0)
            .map(|&(k, m)| (k, m & on_acts))
            .collect();
        let narrowing = all
            .iter()
            .enumerate()
            .filter(|(_, m)| m.narrows())
            .fold(0, |mask, (i, _)| mask | 1 << i);
        Mechanics {
            all,
            each,
            phases,
            by_phase,
            by_every_tile,
            by_tile,
            by_act,
            by_deploy,
            on_completion,
            on_acts,
            by_scored_act,
            narrowing,
        }
    }

    /// The mechanics hooked into `phase` (one phase), by index, in order.
    fn hooked(by_phase: &[u32; 16], phase: Phases) -> impl Iterator<Item = usize> + use<> {
        Mechanics::bits(Mechanics::mask_of(by_phase, phase))
    }

    /// The mechanics hooked into `phase` (one phase): bit `i` for the
    /// `i`th.
    fn mask_of(by_phase: &[u32; 16], phase: Phases) -> u32 {
        by_phase
            .get(phase.0.trailing_zeros() as usize)
            .copied()
            .unwrap_or(0)
    }

    /// The indices of the bits set in `mask`, lowest first.
    fn bits(mut mask: u32) -> impl Iterator<Item = usize> {
        std::iter::from_fn(move || {
            (mask != 0).then(|| {
                let i = mask.trailing_zeros() as usize;
                mask &= mask - 1;
                i
            })
        })
    }

    /// The mechanics hooked into a phase (none at once when no mechanic
    /// is).
    fn in_phase(&self, phase: Phases) -> impl Iterator<Item = &dyn Mechanic> {
        Mechanics::hooked(&self.by_phase, phase).map(|i| self.all[i].as_ref())
    }

    /// Every mechanic hooked into `phase`, in turn, with what they say
    /// (none at once when no mechanic is).
    fn each_in(&mut self, phase: Phases, mut f: impl FnMut(&mut dyn Mechanic, &mut Said)) -> Said {
        let mut said = Said::default();
        for i in Mechanics::hooked(&self.by_phase, phase) {
            f(self.all[i].as_mut(), &mut said);
        }
        said
    }

    /// The first rule of the supply's order that taking `tile` breaks.
    #[must_use]
    pub fn draw_problem(
        &self,
        catalog: &Catalog,
        supply: &Supply,
        tile: usize,
    ) -> Option<ViolationKind> {
        self.in_phase(Phases::DRAW)
            .find_map(|m| m.draw_problem(catalog, supply, tile))
    }

    /// The first rule placing `tile` at `pos` turned by `rot` breaks.
    #[must_use]
    pub fn placement_problem(
        &self,
        catalog: &Catalog,
        tile: usize,
        pos: Pos,
        rot: Rotation,
    ) -> Option<(ViolationKind, bool)> {
        self.in_phase(Phases::PLACE)
            .find_map(|m| m.placement_problem(catalog, tile, pos, rot))
    }

    /// Where `tile` may go at all, when a mechanic decides it.
    #[must_use]
    pub fn only_at(&self, catalog: &Catalog, tile: usize) -> Option<Vec<Pos>> {
        self.in_phase(Phases::PLACE)
            .find_map(|m| m.only_at(catalog, tile))
    }

    /// The "place" phase before the tile lies, for the mechanics hooked
    /// into it: the form to place the tile in (the last a mechanic chose),
    /// and what they said.
    pub fn laying(&mut self, game: &mut Game, laying: &Laying<'_>) -> (Option<usize>, Said) {
        let mut form = None;
        let said = self.each_in(Phases::PLACE, |m, said| {
            if let Some(f) = m.laying(game, laying, said) {
                form = Some(f);
            }
        });
        (form, said)
    }

    /// The generator's "place" phase before the tile lies: the acts the
    /// mechanics propose, taken at once; the form to place the tile in and
    /// the acts.
    pub fn play_laying(
        &mut self,
        game: &mut Game,
        laying: &Laying<'_>,
        pick: &mut dyn FnMut(usize) -> Option<usize>,
    ) -> (Option<usize>, Vec<Act>) {
        let mut form = None;
        let mut all = Vec::new();
        for i in Mechanics::hooked(&self.by_phase, Phases::PLACE) {
            let acts = self.all[i].propose_laying(game, laying, pick);
            if acts.is_empty() {
                continue;
            }
            let mut said = Said::default();
            let own = Laying {
                acts: &acts,
                ..*laying
            };
            if let Some(f) = self.all[i].laying(game, &own, &mut said) {
                form = Some(f);
            }
            debug_assert!(said.violations.is_empty(), "{:?}", said.violations);
            all.extend(acts);
        }
        (form, all)
    }

    /// The placements of `tile` by `actor` that its edges alone do not
    /// allow but an act laid with it does (a bridge carrying a road on),
    /// each with the first such act, checked by laying it on a copy of the
    /// game: for `carca moves`, the page and the generator.
    #[must_use]
    pub fn enabled(
        &self,
        game: &Game,
        names: &[String],
        actor: usize,
        tile: usize,
    ) -> Vec<(Pos, Rotation, Act)> {
        let mut out = Vec::new();
        if !self.may_enable() {
            return out;
        }
        let catalog = game.catalog;
        // A rotation that shows the same sides as a smaller one is the
        // same placement.
        let entry = &catalog.tiles[tile];
        let rotations: Vec<Rotation> = Rotation::ALL
            .into_iter()
            .filter(|r| !(0..r.quarters()).any(|q| entry.same_turned(q, r.quarters())))
            .collect();
        for pos in game.open_positions() {
            for &rot in &rotations {
                let problems = game.placement_problems(tile, pos, rot);
                if problems.is_empty()
                    || !problems
                        .iter()
                        .all(|p| matches!(p, super::game::PlaceProblem::Mismatch { .. }))
                    || self.placement_problem(catalog, tile, pos, rot).is_some()
                {
                    continue;
                }
                let acts = self
                    .in_phase(Phases::PLACE)
                    .flat_map(|m| m.enabling(game, actor, tile, (pos, rot), &problems))
                    .collect::<Vec<Act>>();
                for act in acts {
                    let mut tried = game.trial();
                    let mut mechanics = self.clone();
                    let (form, said) = mechanics.laying(
                        &mut tried,
                        &Laying {
                            turn: 1,
                            actor,
                            names,
                            tile,
                            pos,
                            rot,
                            acts: std::slice::from_ref(&act),
                            record: None,
                        },
                    );
                    if said.violations.is_empty()
                        && tried
                            .placement_problems(form.unwrap_or(tile), pos, rot)
                            .is_empty()
                    {
                        out.push((pos, rot, act));
                        break;
                    }
                }
            }
        }
        out.sort_by_key(|&(p, rot, _)| (-p.y, p.x, rot));
        out
    }

    /// Whether some mechanic may make a placement legal with an act laid
    /// with the tile.
    #[must_use]
    pub fn may_enable(&self) -> bool {
        self.in_phase(Phases::PLACE).any(Mechanic::may_enable)
    }

    /// Whether any mechanic hooks into the "place" phase.
    #[must_use]
    pub fn hooks_place(&self) -> bool {
        self.phases.has(Phases::PLACE)
    }

    /// The "placed" phase for every mechanic; the feature that earned one
    /// more turn, if any did.
    pub fn placed(&mut self, game: &mut Game, placing: &Placing) -> Option<FeatureId> {
        let mask = self.placed_concerns(placing.tile);
        if mask == 0 {
            return None;
        }
        let mut earned = None;
        for i in Mechanics::bits(mask) {
            if let Some(f) = self.all[i].placed(game, placing) {
                earned.get_or_insert(f);
            }
        }
        self.narrow(mask);
        earned
    }

    /// The first rule of a mechanic that deploying `figure` of `player` at
    /// `target` breaks.
    #[must_use]
    pub fn deploy_problem(
        &self,
        game: &Game,
        names: &[String],
        player: usize,
        figure: Figure,
        target: Target,
    ) -> Option<ViolationKind> {
        self.in_phase(Phases::DEPLOY)
            .find_map(|m| m.deploy_problem(game, names, player, figure, target))
    }

    /// The "scored" phase for the mechanics of `mask`, those the turn
    /// wakes ([`Mechanics::in_scored`]).
    pub fn scored(&mut self, game: &mut Game, scored: &Scored<'_>, mask: u32) -> Said {
        let mut said = Said::default();
        for i in Mechanics::bits(mask) {
            self.all[i].scored(game, scored, &mut said);
        }
        self.clear(game, &mut said);
        said
    }

    /// The mechanics the "scored" phase asks now, on a turn of the
    /// record's `acts` (bit `i` for `all[i]`; `moves`: some of them are
    /// figures' moves): those hooked into it, less those the turn does
    /// not wake ([`Mechanic::scored_wakes`]).
    #[must_use]
    #[inline]
    pub fn in_scored(&self, game: &Game, acts: &[Act], moves: bool) -> u32 {
        let mut mask = Mechanics::mask_of(&self.by_phase, Phases::SCORED);
        if moves {
            return mask;
        }
        if !game.completed_any() {
            mask &= !self.on_completion;
        }
        if mask & self.on_acts != 0 {
            mask &= !self.on_acts | self.woken_after_scoring(acts);
        }
        mask
    }

    /// The mechanics woken only by their acts in the "scored" phase
    /// ([`ScoredWakes::Acts`]) that `acts` wake.
    #[inline(never)]
    fn woken_after_scoring(&self, acts: &[Act]) -> u32 {
        acts.iter().fold(0, |woken, a| {
            let key = a.key();
            woken
                | self
                    .by_scored_act
                    .iter()
                    .find(|(k, _)| same_key(k, key))
                    .map_or(0, |(_, m)| *m)
        })
    }

    /// The "clear" phase for the tiles a mechanic cleared: what other
    /// mechanics keep there goes home, listed where the notes say what
    /// went home from that tile (the last such note).
    fn clear(&mut self, game: &mut Game, said: &mut Said) {
        if said.cleared.is_empty() {
            return;
        }
        if !self.phases.has(Phases::CLEAR) {
            said.cleared.clear();
            return;
        }
        for at in std::mem::take(&mut said.cleared) {
            let mut went = Vec::new();
            for i in Mechanics::hooked(&self.by_phase, Phases::CLEAR) {
                went.extend(self.all[i].cleared(game, at));
            }
            if went.is_empty() {
                continue;
            }
            if let Some(list) = said.notes.iter_mut().rev().find_map(|n| n.gone_at(at)) {
                list.extend(went);
            } else {
                // A mechanic that clears a tile notes it; should one not,
                // the figures still go home with a note of their own.
                let (turn, player) = said.notes.last().map_or((0, 0), |n| (n.turn, n.player));
                said.notes.push(Note {
                    turn,
                    player,
                    kind: NoteKind::WentHome { at, gone: went },
                });
            }
        }
    }

    /// Whether `tile` is set aside when drawn now.
    #[must_use]
    pub fn sets_aside(&self, catalog: &Catalog, tile: usize) -> bool {
        self.in_phase(Phases::DRAW)
            .any(|m| m.sets_aside(catalog, tile))
    }

    /// Land tiles of the common supply set aside now.
    #[must_use]
    pub fn set_aside(&self, catalog: &Catalog, supply: &Supply) -> u64 {
        self.in_phase(Phases::DRAW)
            .map(|m| m.set_aside(catalog, supply))
            .sum()
    }

    /// The tile dealt to `actor` for this part of a turn, if a mechanic
    /// dealt one.
    #[must_use]
    pub fn dealt(&self, actor: usize, second: bool) -> Option<usize> {
        self.in_phase(Phases::DRAW)
            .find_map(|m| m.dealt(actor, second))
    }

    /// `actor` plays `tile` where a tile was dealt to them: spent; the rule
    /// it breaks when it is another.
    pub fn spend_dealt(
        &mut self,
        catalog: &Catalog,
        names: &[String],
        actor: usize,
        second: bool,
        tile: usize,
    ) -> Option<ViolationKind> {
        let i = Mechanics::hooked(&self.by_phase, Phases::DRAW)
            .find(|&i| self.all[i].dealt(actor, second).is_some())?;
        self.all[i].spend_dealt(catalog, names, actor, tile)
    }

    /// Tiles dealt and not played yet.
    #[must_use]
    pub fn dealt_left(&self) -> u64 {
        self.in_phase(Phases::DRAW).map(Mechanic::dealt_left).sum()
    }

    /// The "turn end" phase for every mechanic hooked into it.
    pub fn turn_ended(
        &mut self,
        game: &mut Game,
        ended: &TurnEnded<'_>,
        take: &mut dyn FnMut(usize) -> bool,
    ) -> Said {
        self.each_in(Phases::TURN_END, |m, said| {
            m.turn_ended(game, ended, take, said);
        })
    }

    /// For the generator: what the mechanics would have a finished
    /// record state at its top level, written into `top`
    /// ([`Mechanic::propose_finish`]).
    pub fn propose_finish(
        &self,
        game: &Game,
        top: &mut crate::record::written::WrittenTop,
        names: &[String],
        word: &dyn Fn(Figure) -> String,
        pick: &mut dyn FnMut(usize) -> Option<usize>,
    ) {
        for m in self.in_phase(Phases::FINAL) {
            m.propose_finish(game, top, names, word, pick);
        }
    }

    /// For the generator: the acts of the "turn end" phase the mechanics
    /// would have a record make, the tiles they need drawn with `draw`,
    /// each choice made by `pick` (then taken by [`Mechanics::turn_ended`]).
    pub fn propose_turn_end(
        &self,
        game: &Game,
        ended: &TurnEnded<'_>,
        draw: &mut dyn FnMut() -> Option<usize>,
        pick: &mut dyn FnMut(usize) -> Option<usize>,
    ) -> Vec<Act> {
        self.in_phase(Phases::TURN_END)
            .flat_map(|m| m.propose_turn_end(game, ended, draw, pick))
            .collect()
    }

    /// The "begin" phase for every mechanic hooked into it.
    pub fn begins(&mut self, game: &mut Game, begun: &Begun) -> Said {
        self.each_in(Phases::BEGIN, |m, said| m.begins(game, begun, said))
    }

    /// Whether the turn's figure may go to another tile than the one just
    /// placed.
    #[must_use]
    pub fn deploys_elsewhere(&self, game: &Game, placed: usize) -> bool {
        self.in_phase(Phases::DEPLOY)
            .any(|m| m.deploys_elsewhere(game, placed))
    }

    /// Whether some mechanic may let the turn's figure go to another tile,
    /// and its words for how.
    #[must_use]
    pub fn offers_elsewhere(&self) -> Option<&'static str> {
        self.in_phase(Phases::DEPLOY)
            .find_map(Mechanic::offers_elsewhere)
    }

    /// The "move" phase: the mechanics take the acts they own after the
    /// deployment, before the scoring.
    ///
    /// Only the mechanics of `busy` ([`Mechanics::busy_mask`]) are asked.
    pub fn before_scoring(&mut self, game: &mut Game, acting: &Acting<'_>, busy: u32) -> Said {
        let mut said = Said::default();
        for i in Mechanics::bits(busy & Mechanics::mask_of(&self.by_phase, Phases::MOVE)) {
            self.all[i].before_scoring(game, acting, &mut said);
        }
        self.clear(game, &mut said);
        said
    }

    /// The generator's "move" phase: each mechanic in turn proposes the
    /// acts it would have a record make, each choice made by `pick`, and
    /// takes them at once, so that the next one proposes from what they
    /// left (a castle after the dragon flew). The acts, in that order, and
    /// what the mechanics said.
    ///
    /// With `only` a record key, only the mechanics that own it propose;
    /// the others take the record's acts, as when a record is adjudicated
    /// (an import asking what a chance of the save comes to).
    pub fn play_before_scoring(
        &mut self,
        game: &mut Game,
        acting: &Acting<'_>,
        only: Option<&str>,
        pick: &mut dyn FnMut(usize) -> Option<usize>,
    ) -> (Vec<Act>, Said) {
        let mut all = Vec::new();
        let mut said = Said::default();
        for i in Mechanics::hooked(&self.by_phase, Phases::MOVE) {
            if only.is_some_and(|key| !self.all[i].act_keys().contains(&key)) {
                self.all[i].before_scoring(game, acting, &mut said);
                continue;
            }
            let acts = self.all[i].propose_before_scoring(game, acting, pick);
            let own = Acting {
                acts: &acts,
                ..*acting
            };
            self.all[i].before_scoring(game, &own, &mut said);
            all.extend(acts);
        }
        self.clear(game, &mut said);
        (all, said)
    }

    /// Whether any mechanic hooks into the "draw" phase.
    #[must_use]
    pub fn hooks_draw(&self) -> bool {
        self.phases.has(Phases::DRAW)
    }

    /// Whether any mechanic hooks into the "move" phase.
    #[must_use]
    pub fn hooks_move(&self) -> bool {
        self.phases.has(Phases::MOVE)
    }

    /// Whether any mechanic hooks into the "final" phase.
    #[must_use]
    pub fn hooks_final(&self) -> bool {
        self.phases.has(Phases::FINAL)
    }

    /// Whether a mechanic hooks into the "begin" phase.
    #[must_use]
    pub fn hooks_begin(&self) -> bool {
        self.phases.has(Phases::BEGIN)
    }

    /// The "act" phase: the mechanics of `busy` ([`Mechanics::busy_mask`];
    /// `u32::MAX`: every one hooked into it) take the acts they own.
    pub fn act(&mut self, game: &mut Game, acting: &Acting<'_>, busy: u32) -> Said {
        let mask = busy & Mechanics::mask_of(&self.by_phase, Phases::ACT);
        let mut said = Said::default();
        for i in Mechanics::bits(mask) {
            self.all[i].act(game, acting, &mut said);
        }
        self.narrow(mask);
        said
    }

    /// The phases of the mechanics of `mask` (bit `i` for the `i`th: those
    /// a phase just woke) that may narrow asked again: each keeps those it
    /// still hooks into (never one it did not).
    fn narrow(&mut self, mask: u32) {
        let mut changed = false;
        for i in Mechanics::bits(mask & self.narrowing & Mechanics::all_bits(self.all.len())) {
            let (m, each) = (&self.all[i], &mut self.each[i]);
            let now = each.within(m.phases());
            changed |= now != *each;
            *each = now;
        }
        if changed {
            self.phases = self.each.iter().fold(Phases::default(), |p, m| p.and(*m));
            self.by_phase = Mechanics::masks(&self.each);
        }
    }

    /// The bits of `n` mechanics.
    const fn all_bits(n: usize) -> u32 {
        if n >= 32 { u32::MAX } else { (1 << n) - 1 }
    }

    /// Per phase (by its bit), the mechanics hooked into it.
    fn masks(each: &[Phases]) -> [u32; 16] {
        let mut by_phase = [0u32; 16];
        for (i, p) in each.iter().enumerate() {
            for (bit, mask) in by_phase.iter_mut().enumerate() {
                if p.has(Phases(1 << bit)) {
                    *mask |= 1 << i;
                }
            }
        }
        by_phase
    }

    /// The acts the mechanics of the "act" phase would have a record make
    /// now, for the generator.
    pub fn propose_acts(
        &self,
        game: &Game,
        acting: &Acting<'_>,
        pick: &mut dyn FnMut(usize) -> Option<usize>,
    ) -> Vec<Act> {
        // One action a turn: once a mechanic proposed one, the others
        // propose nothing more.
        let mut acts: Vec<Act> = Vec::new();
        for m in self.in_phase(Phases::ACT) {
            if acts.iter().any(Act::is_action) {
                break;
            }
            acts.extend(m.propose_acts(game, acting, pick));
        }
        acts
    }

    /// A snapshot's board is laid: the mechanics restore their state.
    /// Returns what they said and the figures they keep out of supply.
    pub fn restore(
        &mut self,
        game: &mut Game,
        record: &crate::record::Record,
    ) -> (Said, Vec<(usize, Figure)>) {
        let mut said = Said::default();
        let mut out = Vec::new();
        for m in &mut self.all {
            out.extend(m.restore(game, record, &mut said));
        }
        self.narrow(u32::MAX);
        (said, out)
    }

    /// The record is played out, before the final scoring: mechanics move
    /// figures as its top-level keys say.
    pub fn finish(&mut self, game: &mut Game, record: &crate::record::Record, ended: bool) -> Said {
        self.each_in(Phases::FINAL, |m, said| m.finish(game, record, ended, said))
    }

    /// A snapshot's figures are on the board: the mechanics settle what
    /// depends on them.
    pub fn settled(&mut self, game: &mut Game, record: &crate::record::Record) -> Said {
        let mut said = Said::default();
        for m in &mut self.all {
            m.settled(game, record, &mut said);
        }
        said
    }

    /// The record keys of the acts the mechanics take.
    #[must_use]
    pub fn act_keys(&self) -> Vec<&'static str> {
        self.all
            .iter()
            .flat_map(|m| m.act_keys())
            .copied()
            .collect()
    }

    /// The actions the mechanics offer `player` instead of deploying.
    #[must_use]
    pub fn action_options(&self, game: &Game, player: usize) -> Vec<ActionOption> {
        self.all
            .iter()
            .flat_map(|m| m.action_options(game, player))
            .collect()
    }

    /// Whether a mechanic of `phase` has anything to do on this turn.
    #[must_use]
    #[inline]
    pub fn busy(
        &self,
        game: &Game,
        phase: Phases,
        actor: usize,
        placed: Option<usize>,
        acts: &[Act],
    ) -> bool {
        self.busy_mask(game, phase, actor, placed, acts) != 0
    }

    /// The mechanics of `phase` (bit `i` for the `i`th) that have anything
    /// to do on this turn: those the turn woke ([`Mechanic::wakes`], in
    /// the "act" and "move" phases) and that say they are busy. The
    /// referee asks only them in the phase.
    #[must_use]
    #[inline]
    pub fn busy_mask(
        &self,
        game: &Game,
        phase: Phases,
        actor: usize,
        placed: Option<usize>,
        acts: &[Act],
    ) -> u32 {
        // Most games have no mechanic in most phases: answered here.
        if self.phases.has(phase) {
            self.busy_in(game, phase, actor, placed, acts)
        } else {
            0
        }
    }

    /// [`Mechanics::busy_mask`] for a phase some mechanic is hooked into.
    #[inline(never)]
    fn busy_in(
        &self,
        game: &Game,
        phase: Phases,
        actor: usize,
        placed: Option<usize>,
        acts: &[Act],
    ) -> u32 {
        let mut mask = Mechanics::mask_of(&self.by_phase, phase);
        if WOKEN.contains(&phase) {
            mask &= self.woken(game, phase, placed, acts);
        }
        let mut busy = 0;
        for i in Mechanics::bits(mask) {
            if self.all[i].busy(game, phase, actor, placed, acts) {
                busy |= 1 << i;
            }
        }
        busy
    }

    /// The act the last turn played left under way, if any.
    #[must_use]
    pub fn under_way(&self, game: &Game) -> Option<UnderWay> {
        self.all.iter().find_map(|m| m.under_way(game))
    }

    /// The actions the mechanics offer `player` once the tile lies at
    /// `placed`.
    #[must_use]
    pub fn placement_options(
        &self,
        game: &Game,
        placed: usize,
        player: usize,
    ) -> Vec<ActionOption> {
        self.all
            .iter()
            .flat_map(|m| m.placement_options(game, placed, player))
            .collect()
    }

    /// Every mechanic's stacks of pieces on the board.
    #[must_use]
    pub fn stacks(&self) -> Vec<Stack> {
        self.all.iter().flat_map(|m| m.stacks()).collect()
    }

    /// Every figure a player holds of another's.
    #[must_use]
    pub fn held(&self) -> Vec<Held> {
        self.all.iter().flat_map(|m| m.held()).collect()
    }

    /// Every figure the mechanics keep beside the board.
    #[must_use]
    pub fn aside(&self) -> Vec<Aside> {
        self.all.iter().flat_map(|m| m.aside()).collect()
    }

    /// What the mechanics keep on tiles that pictures mark there.
    #[must_use]
    pub fn badges(&self, game: &Game) -> Vec<Badge> {
        self.all.iter().flat_map(|m| m.badges(game)).collect()
    }

    /// Whether any mechanic hooks into the "act" phase.
    #[must_use]
    pub fn hooks_act(&self) -> bool {
        self.phases.has(Phases::ACT)
    }

    /// The generator's "scored" phase: each mechanic in turn proposes the
    /// acts it would have a record make and takes them at once, with the
    /// acts the turn wrote before (`before`: a flight the phase takes), so
    /// that the next one proposes from what they left (a follower enters
    /// the City after a barn's farm scored). The acts proposed, in that
    /// order, and what the mechanics said.
    pub fn play_scored(
        &mut self,
        game: &mut Game,
        scored: &Scored<'_>,
        before: &[Act],
        pick: &mut dyn FnMut(usize) -> Option<usize>,
    ) -> (Vec<Act>, Said) {
        let mut all = Vec::new();
        let mut said = Said::default();
        for i in Mechanics::hooked(&self.by_phase, Phases::SCORED) {
            let acts = self.all[i].propose_moves(game, scored, pick);
            let heard: Vec<Act> = before.iter().chain(&acts).cloned().collect();
            let own = Scored {
                acts: &heard,
                ..*scored
            };
            self.all[i].scored(game, &own, &mut said);
            all.extend(acts);
        }
        self.clear(game, &mut said);
        (all, said)
    }

    /// Where the figures the last scoring sent home may move on.
    #[must_use]
    pub fn move_options(&self, game: &Game) -> Vec<MoveOptions> {
        self.in_phase(Phases::SCORED)
            .flat_map(|m| m.move_options(game))
            .collect()
    }

    /// Whether any mechanic hooks into the "after the end" phase (a final
    /// round).
    #[must_use]
    pub fn hooks_end(&self) -> bool {
        self.phases.has(Phases::END)
    }

    /// Whether any mechanic hooks into the "deploy" phase.
    #[must_use]
    pub fn hooks_deploy(&self) -> bool {
        self.phases.has(Phases::DEPLOY)
    }

    /// Whether the game has no mechanic (a base game).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.all.is_empty()
    }

    /// Whether any mechanic hooks into the "scored" phase.
    #[must_use]
    pub fn hooks_scored(&self) -> bool {
        self.phases.has(Phases::SCORED)
    }

    /// The mechanics (bit `i` for the `i`th) that placing `tile` concerns
    /// in the "placed" phase; none: its caller need not describe the
    /// placement.
    #[must_use]
    pub fn placed_concerns(&self, tile: usize) -> u32 {
        (self.by_every_tile[0] | self.by_tile.get(tile).map_or(0, |w| w[0]))
            & Mechanics::mask_of(&self.by_phase, Phases::PLACED)
    }

    /// The mechanics of the "act" or "move" `phase` (bit `i` for the
    /// `i`th) that the turn wakes: by its tile, placed at `placed`, or by
    /// an act of their keys among `acts`.
    fn woken(&self, game: &Game, phase: Phases, placed: Option<usize>, acts: &[Act]) -> u32 {
        let Some(slot) = WOKEN.iter().position(|&p| p == phase) else {
            return u32::MAX;
        };
        let by_tile = placed
            .and_then(|i| game.placed().get(i))
            .map_or(u32::MAX, |p| {
                self.by_every_tile[slot] | self.by_tile.get(p.tile()).map_or(0, |w| w[slot])
            });
        let by_act = acts.iter().fold(0, |mask, a| {
            mask | match a {
                // The turn's figure, on most turns: its mask is kept.
                Act::Deploy(_) => self.by_deploy,
                Act::Keyed(_) => {
                    let key = a.key();
                    self.by_act
                        .iter()
                        .find(|(k, _)| same_key(k, key))
                        .map_or(0, |(_, m)| *m)
                }
            }
        });
        by_tile | by_act
    }

    /// Whether any mechanic may give one more turn.
    #[must_use]
    pub fn gives_extra_turns(&self) -> bool {
        self.all.iter().any(|m| m.gives_extra_turns())
    }

    /// The "after the end" phase: the first mechanic that allows a turn
    /// placing `tile`.
    pub fn after_the_end(
        &mut self,
        catalog: &Catalog,
        tile: usize,
        written: Option<usize>,
        end: &End,
    ) -> Option<(usize, Option<EndProblem>)> {
        self.all
            .iter_mut()
            .zip(&self.each)
            .filter(|(_, p)| p.has(Phases::END))
            .find_map(|(m, _)| m.after_the_end(catalog, tile, written, end))
    }

    /// Who may still play after the end.
    #[must_use]
    pub fn due_after_the_end(&self, end: &End) -> Option<usize> {
        self.in_phase(Phases::END)
            .find_map(|m| m.due_after_the_end(end))
    }

    /// Why nothing more may be played after the end.
    #[must_use]
    pub fn over_because(&self) -> AfterTheEnd {
        self.in_phase(Phases::END)
            .find_map(Mechanic::over_because)
            .unwrap_or(AfterTheEnd::NoFinalRound)
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::Ruleset;
    use crate::tileset::Catalog;

    /// A base game builds no table of the tiles that wake a mechanic: no
    /// placement of its concerns one. (What wakes an
    /// expansion's mechanic is its folder's test: the dragon's is
    /// `princess_dragon::dragon`'s
    /// `a_turn_wakes_only_the_mechanics_its_tile_or_acts_concern`.)
    #[test]
    fn a_base_game_builds_no_table_of_tiles_that_wake_a_mechanic() {
        let base = Catalog::of_builtin(&["base"]);
        let rules = Ruleset::modern();
        let none = crate::expansions::ALL.mechanics_for(&base, &rules);
        assert!(none.by_tile.is_empty());
        assert!((0..base.tiles.len()).all(|t| none.placed_concerns(t) == 0));
    }
}
