//! Hills & Sheep (RULES.md §18): the shepherd and the bag, hills that hide
//! a tile and break ties, vineyards that pay a completed cloister.
//!
//! The tiles are `tilesets/hills-sheep.yaml`: hills and vineyards are
//! symbols; the shepherd is a figure of strength 0, which stands apart
//! (it counts in no majority and takes no field). This folder is the
//! rest: the flocks, the bag and the tiles under hills ([`Shepherds`]),
//! the hills' tie-break and the vineyards ([`Hills`]), the record key
//! `flock:` ([`keys`]), their notes and the rules a record can break.

pub mod art;
pub mod choices;
pub mod jcz;
pub mod keys;
pub mod notes;
pub mod problem;

use keys::{Choice, Entry, Flock, Token};
use notes::{SheepNote, Why};
use problem::SheepProblem;

use crate::engine::event::{Award, Basis, Gone, Note, NoteKind, Part, Phase, Told, Unit};
use crate::engine::features::Node;
use crate::engine::game::{Game, Grant, Scoring, Spot};
use crate::engine::mechanic::{
    Acting, ActionOption, Mechanic, Phases, Placing, Said, Setup, Target, Wakes,
};
use crate::engine::violation::{Broken, ViolationKind};
use crate::geometry::Pos;
use crate::record::{Act, Keyed};
use crate::rules::table::{Bears, Kept, PointKey, Row, Toggle, Values};
use crate::rules::{Figure, Ruleset};
use crate::tileset::{Catalog, EdgeKind, FeatureKind};

/// The symbol of a hill.
pub const HILL: &str = "hill";
/// The symbol of a vineyard.
pub const VINEYARD: &str = "vineyard";
/// The figure's word.
pub const SHEPHERD: &str = "shepherd";

/// The rule option `hill_tiebreaker`.
pub const HILL_TIEBREAKER: Toggle = Toggle {
    key: "hill_tiebreaker",
    doc: "Hills & Sheep: of the players tied for the most followers on a road, city or farm, those with at least one follower on a hill tile of it score (`at-least-one-follower`, the printed rule), or those with the most followers on its hill tiles (`number-of-followers`); when none of them has one there, all of them score.",
    values: Values::Words(&["at-least-one-follower", "number-of-followers"]),
    always_shown: false,
    bears: Bears::Winner,
    kept: Kept::Word {
        default: "at-least-one-follower",
    },
};

/// `[points] vineyard`.
pub const VINEYARD_RATE: PointKey = PointKey {
    key: "vineyard",
    modern: 3,
    doc: "Added to a cloister completed during the game for each vineyard tile among its 8 neighbours (Hills & Sheep).",
    bears: Bears::Kind {
        kind: "cloister",
        complete: Some(true),
    },
};

/// Hills & Sheep's `[points]` rows.
pub const RATES: [Row; 1] = [Row::Point(VINEYARD_RATE)];

/// The bag's tokens at the start, in the order of [`Token::ALL`].
const BAG: [u8; 5] = [4, 5, 5, 2, 2];

/// The shepherds' flocks, the bag and the tiles hidden under hills, when
/// the tiles in play show hills or bring shepherds.
#[must_use]
pub fn mechanic(setup: &Setup<'_>) -> Option<Box<dyn Mechanic>> {
    let shepherd = setup.catalog.figures.find(SHEPHERD);
    (shepherd.is_some() || setup.catalog.shows(HILL)).then(|| {
        Box::new(Shepherds {
            shepherd,
            flocks: Vec::new(),
            bag: BAG,
            hill: None,
            seen: 0,
        }) as Box<dyn Mechanic>
    })
}

/// The hills' tie-break and the vineyards' points, when the tiles in play
/// show them.
#[must_use]
pub fn scoring(catalog: &Catalog, rules: &Ruleset, _players: usize) -> Option<Box<dyn Scoring>> {
    let (hills, vineyards) = (catalog.shows(HILL), catalog.shows(VINEYARD));
    (hills || vineyards).then(|| {
        Box::new(Hills {
            tie_break: hills,
            vineyards,
            by_number: rules.option(&HILL_TIEBREAKER) == "number-of-followers",
            rate: rules.points.rate(&VINEYARD_RATE),
        }) as Box<dyn Scoring>
    })
}

/// A shepherd on the board and its flock.
#[derive(Debug, Clone)]
struct Flocked {
    /// The shepherd: an index of [`Game::followers`].
    id: usize,
    /// Its owner.
    owner: usize,
    /// Its tile.
    at: Pos,
    /// Its tokens (sheep).
    sheep: Vec<u8>,
    /// The turn it was placed on.
    placed_on: usize,
}

/// The flocks and the bag.
#[derive(Debug, Clone)]
struct Shepherds {
    /// The shepherd's figure, if the tiles bring it.
    shepherd: Option<Figure>,
    /// The shepherds on the board, in the order they came.
    flocks: Vec<Flocked>,
    /// Tokens in the bag, in the order of [`Token::ALL`].
    bag: [u8; 5],
    /// A hill placed this turn that hid a tile, noted in the next phase.
    hill: Option<Pos>,
    /// Figures deployed before this many were looked at.
    seen: usize,
}

/// The roots of a tile's fields, without allocating (a tile has a few).
#[derive(Debug, Default)]
struct Fields {
    /// The roots.
    roots: [Node; 12],
    /// How many.
    len: usize,
}

impl Fields {
    /// Whether the field of `field` is one of them.
    fn has(&self, game: &Game, field: Spot) -> bool {
        let root = game.root_of(field);
        self.roots[..self.len].contains(&root)
    }
}

/// An entry due on a turn: the field, the actor's shepherds there, and
/// whether it is a new shepherd's first draw.
#[derive(Debug, Clone)]
struct Due {
    /// A spot of the field.
    field: Spot,
    /// The actor's shepherds there (indices of [`Game::followers`]).
    mine: Vec<usize>,
    /// The first draw of a shepherd placed this turn.
    first: bool,
}

impl Flocked {
    /// Whether its shepherd is still on the board.
    fn on_board(&self, game: &Game) -> bool {
        game.followers().get(self.id).is_some_and(|fo| fo.on_board)
    }
}

impl Shepherds {
    /// Whether every shepherd it knows is still on the board.
    fn all_on_board(&self, game: &Game) -> bool {
        self.flocks.iter().all(|f| f.on_board(game))
    }

    /// The bag's slot of a token.
    fn slot(token: Token) -> usize {
        Token::ALL.iter().position(|&t| t == token).unwrap_or(0)
    }

    /// Puts a flock's sheep back into the bag.
    fn back_to_bag(&mut self, sheep: &[u8]) {
        for &n in sheep {
            self.bag[Self::slot(Token::Sheep(n))] += 1;
        }
    }

    /// Forgets shepherds that left the board by another rule (eaten by
    /// the dragon): their sheep go back into the bag; and takes in those
    /// deployed since, as placed on `turn`.
    fn reconcile(&mut self, game: &Game, turn: usize) {
        if !self.all_on_board(game) {
            self.forget_gone(game);
        }
        let Some(shepherd) = self.shepherd else {
            return;
        };
        let all = game.followers();
        for (id, fo) in all.iter().enumerate().skip(self.seen) {
            if fo.on_board && fo.figure == shepherd {
                self.flocks.push(Flocked {
                    id,
                    owner: fo.player,
                    at: game.placed()[fo.placed].pos,
                    sheep: Vec::new(),
                    placed_on: turn,
                });
            }
        }
        self.seen = all.len();
    }

    /// Forgets the shepherds no longer on the board; their sheep go back
    /// into the bag.
    fn forget_gone(&mut self, game: &Game) {
        let mut gone = Vec::new();
        self.flocks.retain(|f| {
            let on = f.on_board(game);
            if !on {
                gone.extend(f.sheep.iter().copied());
            }
            on
        });
        self.back_to_bag(&gone);
    }

    /// The flock of the shepherd `id`, if it is on the board.
    fn flock(&self, id: usize) -> Option<usize> {
        self.flocks.iter().position(|f| f.id == id)
    }

    /// The field a shepherd stands on.
    fn field_of(game: &Game, f: &Flocked) -> Spot {
        let fo = &game.followers()[f.id];
        Spot {
            placed: fo.placed,
            feature: fo.feature,
        }
    }

    /// The entries due on turn `turn` of `actor`, whose tile extends the
    /// fields `here` (needed only when a shepherd of the actor's was
    /// placed before the turn), in the order of the shepherds.
    fn dues(&self, game: &Game, actor: usize, turn: usize, here: Option<&Fields>) -> Vec<Due> {
        let mut dues: Vec<Due> = Vec::new();
        if !self.flocks.iter().any(|f| f.owner == actor) {
            return dues;
        }
        for f in &self.flocks {
            if f.owner != actor {
                continue;
            }
            let field = Self::field_of(game, f);
            if f.placed_on == turn {
                dues.push(Due {
                    field,
                    mine: vec![f.id],
                    first: true,
                });
                continue;
            }
            if !here.is_some_and(|h| h.has(game, field)) {
                continue;
            }
            match dues
                .iter_mut()
                .find(|d| !d.first && game.same_feature(d.field, field))
            {
                Some(d) => d.mine.push(f.id),
                None => dues.push(Due {
                    field,
                    mine: vec![f.id],
                    first: false,
                }),
            }
        }
        dues
    }

    /// The fields (their roots) of the tile at placed index `placed`:
    /// the fields it extends.
    fn fields_at(game: &Game, placed: usize) -> Fields {
        let tile = game.tile(game.placed()[placed].tile());
        let mut out = Fields::default();
        for feature in 0..tile.features.len() {
            if tile.features[feature].kind == FeatureKind::Field && out.len < out.roots.len() {
                let spot = Spot { placed, feature };
                out.roots[out.len] = game.root_of(spot);
                out.len += 1;
            }
        }
        out
    }

    /// The shepherds (indices of [`Shepherds::flocks`]) on the field of
    /// `field`.
    fn on_field(&self, game: &Game, field: Spot) -> Vec<usize> {
        (0..self.flocks.len())
            .filter(|&i| game.same_feature(Self::field_of(game, &self.flocks[i]), field))
            .collect()
    }

    /// Draws `token` for the shepherds `mine` on `field`.
    fn draw(
        &mut self,
        game: &mut Game,
        acting: &Acting<'_>,
        due: &Due,
        token: Token,
        entry: &Entry,
        said: &mut Said,
    ) {
        let slot = Self::slot(token);
        if self.bag[slot] == 0 {
            said.violations.push((
                ViolationKind::Mechanic(Broken::new(SheepProblem::Bag { token })),
                entry.span,
            ));
            return;
        }
        let Some(first) = due.mine.iter().find_map(|&id| self.flock(id)) else {
            return;
        };
        let at = self.flocks[first].at;
        let mut home = Vec::new();
        match token {
            Token::Wolf => {
                // The wolf goes back into the bag; every shepherd of the
                // field goes home, its sheep back into the bag.
                let there = self.on_field(game, due.field);
                for &i in there.iter().rev() {
                    let f = self.flocks.remove(i);
                    game.remove(f.id, true);
                    self.back_to_bag(&f.sheep);
                    if !home.contains(&f.owner) {
                        home.push(f.owner);
                    }
                }
                home.sort_unstable();
            }
            Token::Sheep(n) => {
                self.bag[slot] -= 1;
                self.flocks[first].sheep.push(n);
            }
        }
        said.notes.push(Note {
            turn: acting.turn,
            player: acting.actor,
            kind: NoteKind::Mechanic(Told::new(SheepNote::Drew { at, token, home })),
        });
    }

    /// Scores the flock of `field`: every owner of a shepherd there scores
    /// the sheep of all of them, and they go home.
    fn herd(
        &mut self,
        game: &mut Game,
        acting: &Acting<'_>,
        field: Spot,
        why: Why,
        said: &mut Said,
    ) {
        let there = self.on_field(game, field);
        if there.is_empty() {
            return;
        }
        let mut sheep = Vec::new();
        let mut owners = Vec::new();
        for &i in &there {
            sheep.extend(self.flocks[i].sheep.iter().copied());
            if !owners.contains(&self.flocks[i].owner) {
                owners.push(self.flocks[i].owner);
            }
        }
        owners.sort_unstable();
        let total: u32 = sheep.iter().map(|&n| u32::from(n)).sum();
        let Some(id) = game.feature_id(field.placed, field.feature) else {
            return;
        };
        let phase = Phase::Turn {
            number: acting.turn,
            player: acting.actor,
        };
        game.grant_each(
            phase,
            &owners,
            total,
            1,
            Grant {
                rule: "flock",
                words: match why {
                    Why::Score => "the flock herded into the stable",
                    Why::Closed => "the flock of a field that can grow no more",
                },
                unit: "sheep/sheep",
                by: "the flock",
                about: Some(id.clone()),
            },
        );
        if let Some(e) = game.events.last_mut() {
            e.detail = Some(Told::new(notes::Herded {
                sheep: sheep.clone(),
                shepherds: there.len(),
                why,
            }));
        }
        for &i in there.iter().rev() {
            let f = self.flocks.remove(i);
            game.remove(f.id, true);
        }
        self.back_to_bag(&sheep);
        said.notes.push(Note {
            turn: acting.turn,
            player: acting.actor,
            kind: NoteKind::Mechanic(Told::new(SheepNote::Herded {
                field: id,
                sheep,
                shepherds: there.len(),
                players: owners,
                why,
            })),
        });
    }

    /// Whether no tile can extend the field of `field` any more: every
    /// half-edge it reaches has a tile beside it.
    fn closed(game: &Game, field: Spot) -> bool {
        game.open_sides(field) == 0
    }

    /// The turn's choices for the flocks due, in the order the record
    /// makes them, and the entries that are not due.
    fn tend(
        &mut self,
        game: &mut Game,
        acting: &Acting<'_>,
        dues: &[Due],
        written: &[Entry],
        said: &mut Said,
    ) {
        let who = acting.names.get(acting.actor).cloned().unwrap_or_default();
        let (for_due, extra) = self.matched(dues, written);
        for e in extra {
            said.violations.push((
                ViolationKind::Mechanic(Broken::new(SheepProblem::NotDue {
                    player: who.clone(),
                    at: e.at.map(|(p, _)| p),
                })),
                e.span,
            ));
        }
        // The choices, in the order the record makes them (by their place
        // in the list: a record read the quick way keeps no positions).
        let mut order: Vec<usize> = (0..dues.len()).collect();
        order.sort_by_key(|&k| {
            for_due[k]
                .and_then(|e| written.iter().position(|w| std::ptr::eq(w, e)))
                .unwrap_or(usize::MAX)
        });
        for k in order {
            let due = &dues[k];
            // An earlier choice (a wolf) may have sent these shepherds home.
            let Some(first) = due.mine.iter().find_map(|&id| self.flock(id)) else {
                continue;
            };
            let at = self.flocks[first].at;
            match for_due[k] {
                None => said.violations.push((
                    ViolationKind::Mechanic(Broken::new(SheepProblem::Missing {
                        player: who.clone(),
                        at,
                        first: due.first,
                    })),
                    acting.span,
                )),
                Some(e) => match e.choice {
                    Choice::Score if due.first => said.violations.push((
                        ViolationKind::Mechanic(Broken::new(SheepProblem::Score {
                            player: who.clone(),
                            at,
                        })),
                        e.span,
                    )),
                    Choice::Score => self.herd(game, acting, due.field, Why::Score, said),
                    Choice::Draw(token) => self.draw(game, acting, due, token, e, said),
                },
            }
        }
    }

    /// Matches the turn's entries to the entries due: for each due, the
    /// entry written for it (by `at`, or the only one).
    fn matched<'a>(
        &self,
        dues: &[Due],
        entries: &'a [Entry],
    ) -> (Vec<Option<&'a Entry>>, Vec<&'a Entry>) {
        let mut for_due: Vec<Option<&Entry>> = vec![None; dues.len()];
        let mut extra = Vec::new();
        for e in entries {
            let slot = match e.at {
                Some((at, _)) => dues.iter().enumerate().position(|(k, d)| {
                    for_due[k].is_none()
                        && d.mine
                            .iter()
                            .any(|&id| self.flock(id).is_some_and(|i| self.flocks[i].at == at))
                }),
                None if dues.len() == 1 && for_due[0].is_none() => Some(0),
                None => None,
            };
            match slot {
                Some(k) => for_due[k] = Some(e),
                None => extra.push(e),
            }
        }
        (for_due, extra)
    }
}

impl Mechanic for Shepherds {
    fn boxed(&self) -> Box<dyn Mechanic> {
        Box::new(self.clone())
    }

    fn phases(&self) -> Phases {
        Phases::PLACED
            .and(Phases::MOVE)
            .and(Phases::DEPLOY)
            .and(Phases::CLEAR)
    }

    /// A tile a neutral figure cleared (the dragon ate there): a shepherd
    /// it took off leaves its flock at once, its sheep back in the bag,
    /// though the turn asks the shepherds nothing more.
    fn cleared(&mut self, game: &mut Game, _at: Pos) -> Vec<Gone> {
        if !self.all_on_board(game) {
            self.forget_gone(game);
        }
        Vec::new()
    }

    fn act_keys(&self) -> &'static [&'static str] {
        &["flock"]
    }

    fn badges(&self, _game: &Game) -> Vec<crate::engine::mechanic::Badge> {
        self.flocks
            .iter()
            .map(|f| {
                let n: u32 = f.sheep.iter().map(|&s| u32::from(s)).sum();
                crate::engine::mechanic::Badge {
                    at: f.at,
                    label: format!("{n} sheep"),
                    owner: Some(f.owner),
                }
            })
            .collect()
    }

    fn wakes(&self, phase: Phases) -> Wakes {
        // Only a hill hides a tile; every tile may extend a shepherd's
        // field.
        if phase == Phases::PLACED {
            Wakes::Showing(&[HILL])
        } else {
            Wakes::Every
        }
    }

    fn busy(
        &self,
        game: &Game,
        phase: Phases,
        _actor: usize,
        placed: Option<usize>,
        acts: &[Act],
    ) -> bool {
        if phase != Phases::MOVE || self.hill.is_some() {
            return true;
        }
        // A flock entry to take or refuse, or a shepherd deployed now
        // (its first draw).
        let shepherd = self.shepherd;
        if acts.iter().any(|a| match a {
            Act::Deploy(d) => Some(d.figure) == shepherd,
            Act::Keyed(_) => a.get::<Flock>().is_some(),
        }) {
            return true;
        }
        if self.flocks.is_empty() {
            return false;
        }
        // A shepherd that left the board by another rule (its sheep go
        // back into the bag), or a flock whose field the tile extends: a
        // draw may be due, or the field closed. A tile whose edges take
        // anything (the abbey) may close a field it does not extend.
        if !self.all_on_board(game) {
            return true;
        }
        let (Some(placed), Some(shepherd)) = (placed, shepherd) else {
            return true;
        };
        let tile = game.tile(game.placed()[placed].tile());
        tile.edges.contains(&EdgeKind::Any)
            || (0..tile.features.len()).any(|feature| {
                tile.features[feature].kind == FeatureKind::Field
                    && game.holds(Spot { placed, feature }, shepherd)
            })
    }

    /// A snapshot's shepherds were placed before it: no draw is due for
    /// them, and their flocks are not stated (sheep score nothing at the
    /// end).
    fn settled(&mut self, game: &mut Game, _record: &crate::record::Record, _said: &mut Said) {
        self.reconcile(game, 0);
    }

    fn placed(
        &mut self,
        game: &mut Game,
        placing: &Placing,
    ) -> Option<crate::engine::event::FeatureId> {
        if placing.left > 0 && game.tile(placing.tile).shows(HILL) {
            game.hide_tile();
            self.hill = Some(placing.pos);
        }
        None
    }

    fn deploy_problem(
        &self,
        game: &Game,
        names: &[String],
        player: usize,
        figure: Figure,
        target: Target,
    ) -> Option<ViolationKind> {
        if Some(figure) != self.shepherd {
            return None;
        }
        let who = names.get(player).cloned().unwrap_or_default();
        let refuse = |why: &'static str| {
            Some(ViolationKind::Mechanic(Broken::new(
                SheepProblem::Shepherd {
                    player: who.clone(),
                    why,
                },
            )))
        };
        let Target::Feature(spot) = target else {
            return refuse("stands on a field, never on a corner");
        };
        if spot.placed + 1 != game.placed().len() {
            return refuse(
                "goes only on a field of the tile just placed (never through a magic portal)",
            );
        }
        let here = game
            .figures_on(game.root_of(spot))
            .into_iter()
            .any(|id| game.followers()[id].figure == figure);
        if here {
            return refuse("may not go on a field that already holds a shepherd");
        }
        None
    }

    fn before_scoring(&mut self, game: &mut Game, acting: &Acting<'_>, said: &mut Said) {
        if let Some(at) = self.hill.take() {
            said.notes.push(Note {
                turn: acting.turn,
                player: acting.actor,
                kind: NoteKind::Mechanic(Told::new(SheepNote::Hid { at })),
            });
        }
        self.reconcile(game, acting.turn);
        if self.flocks.is_empty() && !acting.acts.iter().any(|a| a.get::<Flock>().is_some()) {
            return;
        }
        let entries: Vec<(usize, &Flock)> = acting
            .acts
            .iter()
            .enumerate()
            .filter_map(|(i, a)| a.get::<Flock>().map(|f| (i, f)))
            .collect();
        said.taken.extend(entries.iter().map(|(i, _)| *i));
        let written: Vec<Entry> = entries
            .iter()
            .flat_map(|(_, f)| f.entries.iter().cloned())
            .collect();
        // The fields the tile extends, found only when a flock of the
        // actor's placed before may be among them, or a flock's field can
        // grow no more.
        let mut here: Option<Fields> = None;
        if self
            .flocks
            .iter()
            .any(|f| f.owner == acting.actor && f.placed_on != acting.turn)
        {
            here = Some(Self::fields_at(game, acting.placed));
        }
        let dues = self.dues(game, acting.actor, acting.turn, here.as_ref());
        if !written.is_empty() || !dues.is_empty() {
            self.tend(game, acting, &dues, &written, said);
        }
        // Fields that can grow no more score at once. Only a tile that
        // extends a field, or one whose edges take anything (the abbey),
        // can close it.
        let tile = game.tile(game.placed()[acting.placed].tile());
        let any_edge = tile.edges.contains(&EdgeKind::Any);
        let mut k = 0;
        while k < self.flocks.len() {
            let field = Self::field_of(game, &self.flocks[k]);
            if Self::closed(game, field)
                && (any_edge
                    || here
                        .get_or_insert_with(|| Self::fields_at(game, acting.placed))
                        .has(game, field))
            {
                self.herd(game, acting, field, Why::Closed, said);
            } else {
                k += 1;
            }
        }
    }

    fn placement_options(&self, game: &Game, placed: usize, player: usize) -> Vec<ActionOption> {
        // The flocks of the player's shepherds whose fields the tile
        // extends: each grows or is scored.
        self.dues(
            game,
            player,
            usize::MAX,
            Some(&Self::fields_at(game, placed)),
        )
        .into_iter()
        .filter_map(|d| {
            let i = d.mine.iter().find_map(|&id| self.flock(id))?;
            Some(ActionOption {
                key: "flock",
                at: self.flocks[i].at,
                height: 0,
                takes: Vec::new(),
                spot: None,
            })
        })
        .collect()
    }

    fn propose_before_scoring(
        &self,
        game: &Game,
        acting: &Acting<'_>,
        pick: &mut dyn FnMut(usize) -> Option<usize>,
    ) -> Vec<Act> {
        let mut me = self.clone();
        me.reconcile(game, acting.turn);
        let dues = me.dues(
            game,
            acting.actor,
            acting.turn,
            Some(&Self::fields_at(game, acting.placed)),
        );
        if dues.is_empty() {
            return Vec::new();
        }
        let nowhere = miette::SourceSpan::from((0, 0));
        let mut bag = me.bag;
        let mut entries = Vec::with_capacity(dues.len());
        for due in &dues {
            let at = due
                .mine
                .iter()
                .find_map(|&id| me.flock(id))
                .map_or(Pos::new(0, 0), |i| me.flocks[i].at);
            let score = !due.first && pick(2) == Some(0);
            let choice = if score {
                Choice::Score
            } else {
                let total: usize = bag.iter().map(|&n| usize::from(n)).sum();
                let mut k = pick(total).unwrap_or(0);
                let mut token = Token::Wolf;
                for (slot, &n) in bag.iter().enumerate() {
                    if k < usize::from(n) {
                        token = Token::ALL[slot];
                        break;
                    }
                    k -= usize::from(n);
                }
                if token != Token::Wolf {
                    bag[Self::slot(token)] -= 1;
                }
                Choice::Draw(token)
            };
            entries.push(Entry {
                choice,
                at: (dues.len() > 1).then_some((at, nowhere)),
                span: nowhere,
            });
        }
        vec![Act::Keyed(Keyed::new(Flock {
            listed: entries.len() > 1,
            entries,
            span: nowhere,
        }))]
    }
}

/// The hills' tie-break and the vineyards' points.
#[derive(Debug, Clone)]
struct Hills {
    /// The tiles in play show hills.
    tie_break: bool,
    /// The tiles in play show vineyards.
    vineyards: bool,
    /// `hill_tiebreaker = "number-of-followers"`.
    by_number: bool,
    /// `[points] vineyard`.
    rate: u32,
}

impl Scoring for Hills {
    fn boxed(&self) -> Box<dyn Scoring> {
        Box::new(self.clone())
    }

    fn breaks_tie(&self, game: &Game, root: Node, tied: &[usize]) -> Option<(Vec<usize>, Basis)> {
        if !self.tie_break {
            return None;
        }
        let table = game.figures();
        let mut on_hills = vec![0u32; game.scores().len()];
        for id in game.figures_on(root) {
            let fo = &game.followers()[id];
            if table.is_follower(fo.figure)
                && tied.contains(&fo.player)
                && game.tile(game.placed()[fo.placed].tile()).shows(HILL)
            {
                on_hills[fo.player] += 1;
            }
        }
        let best = tied.iter().map(|&p| on_hills[p]).max().unwrap_or(0);
        if best == 0 {
            return None;
        }
        let winners: Vec<usize> = if self.by_number {
            tied.iter()
                .copied()
                .filter(|&p| on_hills[p] == best)
                .collect()
        } else {
            tied.iter().copied().filter(|&p| on_hills[p] > 0).collect()
        };
        if winners.len() == tied.len() {
            return None;
        }
        Some((
            winners,
            Basis::Mechanic {
                rule: "hill_tiebreaker",
                words: if self.by_number {
                    "the tie goes to the most followers on hills"
                } else {
                    "the tie goes to the followers on a hill"
                },
                parts: Vec::new(),
            },
        ))
    }

    fn adds(&self, game: &Game, root: Node, complete: bool) -> Option<Award> {
        if !self.vineyards || !complete {
            return None;
        }
        let spot = game.spot_of_set(root);
        if game.kind_at(spot) != FeatureKind::Cloister {
            return None;
        }
        let at = game.placed()[spot.placed].pos;
        let count = at
            .ring()
            .into_iter()
            .filter_map(|q| game.at(q))
            .filter(|&p| game.tile(game.placed()[p].tile()).shows(VINEYARD))
            .count() as u32;
        (count > 0).then(|| Award {
            points: i64::from(count) * i64::from(self.rate),
            basis: Basis::Mechanic {
                rule: "vineyard",
                words: "vineyards beside it",
                parts: vec![Part {
                    count,
                    unit: Unit::Named("vineyard"),
                    rate: self.rate,
                }],
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::{BAG, SHEPHERD, Shepherds};
    use crate::engine::game::Game;
    use crate::engine::mechanic::{Mechanic, Phases};
    use crate::geometry::{Pos, Rotation};
    use crate::record::location::Location;
    use crate::rules::Ruleset;
    use crate::tileset::Catalog;

    #[test]
    fn the_shepherds_are_asked_only_when_a_tile_extends_a_flocks_field() {
        let catalog = Catalog::of_builtin(&["base", "hills-sheep"]);
        let rules = Ruleset::modern();
        let shepherd = catalog.figures.find(SHEPHERD).expect("the shepherd");
        let mut shepherds = Shepherds {
            shepherd: Some(shepherd),
            flocks: Vec::new(),
            bag: BAG,
            hill: None,
            seen: 0,
        };
        let mut game = Game::new(&catalog, &rules, 2);
        let tile = |id: &str| catalog.find(id).expect("tile");
        game.place(tile("D"), Pos::new(0, 0), Rotation::R0, None);
        let road = game.place(tile("U"), Pos::new(1, 0), Rotation::R0, Some(1));
        let move_phase = |s: &Shepherds, game: &Game, placed: usize| {
            s.busy(game, Phases::MOVE, 0, Some(placed), &[])
        };
        // No shepherd on the board: nothing to ask.
        assert!(!move_phase(&shepherds, &game, road));
        // A shepherd on the field north of the road.
        let north = game
            .locate(Pos::new(1, 0), &Location::parse("NNE").expect("location"))
            .expect("a field");
        game.deploy(north.placed, north.feature, 0, shepherd);
        shepherds.reconcile(&game, 1);
        assert_eq!(shepherds.flocks.len(), 1);
        // A tile that touches none of its field: nothing to ask.
        let apart = game.place(tile("B"), Pos::new(1, -1), Rotation::R0, Some(2));
        assert!(!move_phase(&shepherds, &game, apart));
        // A tile that extends it: a draw may be due, or the field closed.
        let beside = game.place(tile("B"), Pos::new(1, 1), Rotation::R0, Some(3));
        assert!(move_phase(&shepherds, &game, beside));
        // A shepherd taken off the board by another rule: its flock is
        // forgotten on the next turn, whatever the tile.
        let id = game.followers().len() - 1;
        game.remove(id, true);
        assert!(move_phase(&shepherds, &game, apart));
        shepherds.reconcile(&game, 4);
        assert!(shepherds.flocks.is_empty());
        assert!(!move_phase(&shepherds, &game, beside));
    }
}
