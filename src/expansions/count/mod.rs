//! The Count of Carcassonne (RULES.md §17): the City of Carcassonne, its
//! four quarters, the followers that enter them when others score, leave
//! them for a feature of the quarter's kind just before it scores, and the
//! Count, who bars one quarter.
//!
//! The tiles are `tilesets/count.yaml`: a start block of 12 tiles whose
//! City is a landmark (one completed city for the farms around it, which
//! the engine counts like any other). Its tile CO07 shows the `quarters`
//! symbol. This folder is the rest: the followers in the City and the
//! Count ([`City`]), the record keys ([`keys`]), their notes and the rules
//! a record can break.

pub mod art;
pub mod choices;
pub mod jcz;
pub mod keys;
pub mod notes;
pub mod problem;

use keys::{CountAt, CountTo, Enter, FinalLeave, Leave, Move, Quarters};
use notes::CocNote;
use problem::CocProblem;

use crate::engine::event::{Note, NoteKind, Phase, ScoredKind, Told};
use crate::engine::game::{Game, Spot};
use crate::engine::mechanic::{
    Acting, ActionOption, Aside, Mechanic, Phases, Said, Scored, ScoredWakes, Setup, Wakes,
};
use crate::engine::violation::{Broken, ViolationKind};
use crate::record::{Act, Keyed};
use crate::rules::Figure;
use crate::rules::table::{Bears, Kept, Toggle, Values};
use crate::tileset::FeatureKind;

/// The symbol of the tile that holds the City's quarters.
pub const QUARTERS: &str = "quarters";

/// The rule option `coc_final_scoring`.
pub const FINAL_SCORING: Toggle = Toggle {
    key: "coc_final_scoring",
    doc: "The Count of Carcassonne: before the final scoring only the market's followers leave the City, onto farms (`market-only`), or every quarter's, onto unfinished features of its kind and farms (`any-quarter`); never the Count's quarter's.",
    values: Values::Words(&["market-only", "any-quarter"]),
    always_shown: false,
    bears: Bears::Moves,
    kept: Kept::Word {
        default: "market-only",
    },
};

/// The rule option `count_move`.
pub const COUNT_MOVE: Toggle = Toggle {
    key: "count_move",
    doc: "The Count of Carcassonne: after a follower enters the City its owner may move the Count to another quarter (`by-player`), or the Count moves on by itself, castle, market, blacksmith, cathedral (`clockwise`), or to the quarter just entered (`follow-follower`).",
    values: Values::Words(&["by-player", "clockwise", "follow-follower"]),
    always_shown: false,
    bears: Bears::Moves,
    kept: Kept::Word {
        default: "by-player",
    },
};

/// A quarter of the City.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Quarter {
    /// Its followers leave for cities.
    Castle,
    /// For roads.
    Blacksmith,
    /// For cloisters (and abbeys).
    Cathedral,
    /// For farms.
    Market,
}

impl Quarter {
    /// Every quarter, in the order the rules list them.
    pub const ALL: [Quarter; 4] = [
        Quarter::Castle,
        Quarter::Blacksmith,
        Quarter::Cathedral,
        Quarter::Market,
    ];

    /// The quarter a word names.
    #[must_use]
    pub fn parse(word: &str) -> Option<Quarter> {
        Quarter::ALL
            .into_iter()
            .find(|q| q.word().eq_ignore_ascii_case(word.trim()))
    }

    /// Its word.
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            Quarter::Castle => "castle",
            Quarter::Blacksmith => "blacksmith",
            Quarter::Cathedral => "cathedral",
            Quarter::Market => "market",
        }
    }

    /// The quarter whose followers leave for a feature of `kind`.
    #[must_use]
    pub const fn of_kind(kind: FeatureKind) -> Option<Quarter> {
        match kind {
            FeatureKind::City => Some(Quarter::Castle),
            FeatureKind::Road => Some(Quarter::Blacksmith),
            FeatureKind::Cloister => Some(Quarter::Cathedral),
            FeatureKind::Field => Some(Quarter::Market),
            FeatureKind::River => None,
        }
    }

    /// The next quarter clockwise: castle, market, blacksmith, cathedral.
    #[must_use]
    pub const fn clockwise(self) -> Quarter {
        match self {
            Quarter::Castle => Quarter::Market,
            Quarter::Market => Quarter::Blacksmith,
            Quarter::Blacksmith => Quarter::Cathedral,
            Quarter::Cathedral => Quarter::Castle,
        }
    }
}

impl std::fmt::Display for Quarter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.word())
    }
}

/// Who moves the Count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum CountMove {
    /// The player who put a follower in, if they want.
    ByPlayer,
    /// The Count moves on clockwise by itself.
    Clockwise,
    /// The Count goes to the quarter just entered.
    FollowFollower,
}

/// A follower in the City.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Inside {
    /// Its quarter.
    pub quarter: Quarter,
    /// Its owner.
    pub owner: usize,
    /// Which figure.
    pub figure: Figure,
}

/// The followers in the City and the Count, when the City is in play.
#[must_use]
pub fn mechanic(setup: &Setup<'_>) -> Option<Box<dyn Mechanic>> {
    if !setup.catalog.shows(QUARTERS) {
        return None;
    }
    let figures = &setup.catalog.figures;
    let count_move = match setup.rules.option(&COUNT_MOVE) {
        "clockwise" => CountMove::Clockwise,
        "follow-follower" => CountMove::FollowFollower,
        _ => CountMove::ByPlayer,
    };
    Some(Box::new(City {
        count: Quarter::Castle,
        inside: Vec::new(),
        any_quarter: setup.rules.option(&FINAL_SCORING) == "any-quarter",
        count_move,
        mayor: figures.find("mayor"),
        wagon: figures.find("wagon"),
        quarters_at: setup
            .catalog
            .showing(QUARTERS)
            .first()
            .and_then(|&t| setup.catalog.tiles[t].tile.at)
            .map(|(x, y)| crate::geometry::Pos::new(x, y)),
    }))
}

/// The City's followers and the Count.
#[derive(Debug, Clone)]
pub struct City {
    /// Where the Count stands.
    pub count: Quarter,
    /// The followers in the City, in the order they came.
    pub inside: Vec<Inside>,
    /// `coc_final_scoring = "any-quarter"`.
    any_quarter: bool,
    /// `count_move`.
    count_move: CountMove,
    /// The tile of the quarters, where pictures mark the Count.
    quarters_at: Option<crate::geometry::Pos>,
    /// The mayor, when in play (the castle only).
    mayor: Option<Figure>,
    /// The wagon, when in play (never the market).
    wagon: Option<Figure>,
}

impl City {
    /// Why `figure` may not go into `quarter`, if it may not.
    fn entry_refused(&self, game: &Game, figure: Figure, quarter: Quarter) -> Option<&'static str> {
        let table = game.figures();
        if !table.is_follower(figure) {
            return Some("only followers go into the City");
        }
        if Some(figure) == self.mayor && quarter != Quarter::Castle {
            return Some("a mayor goes into the castle only");
        }
        if Some(figure) == self.wagon && quarter == Quarter::Market {
            return Some("a wagon goes into any quarter but the market");
        }
        None
    }

    /// The landscape points each player scored on turn `turn`: roads,
    /// cities, cloisters and farms (a barn's), not a mechanic's grants.
    fn scored_on(game: &Game, turn: usize, players: usize) -> Vec<i64> {
        let mut out = vec![0; players];
        for e in game.events().iter().rev() {
            match e.phase {
                Phase::Turn { number, .. } if number == turn => {}
                Phase::Turn { number, .. } if number < turn => break,
                _ => continue,
            }
            if !matches!(
                e.feature.kind,
                ScoredKind::Road | ScoredKind::City | ScoredKind::Cloister | ScoredKind::Farm
            ) {
                continue;
            }
            for (p, &pts) in e.points.iter().enumerate() {
                if let Some(o) = out.get_mut(p) {
                    *o += pts;
                }
            }
        }
        out
    }

    /// Why the turn's player may not put a follower into the City after
    /// this turn's scoring, if they may not: they scored, or nobody else
    /// did.
    fn why_not_enter(game: &Game, scored: &Scored<'_>) -> Option<&'static str> {
        let points = Self::scored_on(game, scored.turn, scored.players);
        let mine = points.get(scored.actor).copied().unwrap_or(0);
        let others = points
            .iter()
            .enumerate()
            .any(|(p, &v)| p != scored.actor && v > 0);
        if mine > 0 {
            Some("scored points on this turn")
        } else if !others {
            Some("saw no other player score on this turn")
        } else {
            None
        }
    }

    /// The turn's player may put a follower into the City after the
    /// scoring of this placement (none of theirs deployed with it): it
    /// gives other players points and them none, and they have a
    /// follower left. The option stands on the City's quarters' tile.
    fn enter_option(game: &Game, placed: usize, player: usize) -> Vec<ActionOption> {
        if game.supply(player, Figure::FOLLOWER) == 0 {
            return Vec::new();
        }
        let mut after = game.trial();
        // A turn number no real turn has, so that only this scoring counts.
        let turn = usize::MAX;
        after.score_completed(
            placed,
            Phase::Turn {
                number: turn,
                player,
            },
        );
        let points = Self::scored_on(&after, turn, game.players);
        let mine = points.get(player).copied().unwrap_or(0);
        let others = points
            .iter()
            .enumerate()
            .any(|(p, &v)| p != player && v > 0);
        if mine > 0 || !others {
            return Vec::new();
        }
        let at = game
            .placed()
            .iter()
            .find(|p| game.tile(p.tile()).symbols.iter().any(|s| s == QUARTERS))
            .map_or(crate::geometry::Pos::new(0, 0), |p| p.pos);
        vec![ActionOption {
            key: "enter",
            at,
            height: 0,
            takes: Vec::new(),
            spot: None,
        }]
    }

    /// The follower of `owner` and `figure` in `quarter`, if one is there.
    fn find(&self, quarter: Quarter, owner: usize, figure: Figure) -> Option<usize> {
        self.inside
            .iter()
            .position(|i| i.quarter == quarter && i.owner == owner && i.figure == figure)
    }

    /// Whether the feature of `spot` is completed and not yet scored: the
    /// turn completed it (a landmark is never one).
    fn completed_now(game: &Game, spot: Spot) -> bool {
        game.landmark_at(spot.placed, spot.feature).is_none()
            && game.finished(spot)
            && !game.was_scored(spot)
    }

    /// Whether a barn scores the farm of `spot` on turn `turn`: a barn
    /// was put on it this turn.
    fn barn_scores(game: &Game, spot: Spot, turn: usize) -> bool {
        game.corners()
            .iter()
            .filter(|c| c.turn == Some(turn))
            .any(|c| game.corner_on(c, spot))
    }

    /// Moves a follower out of the City onto `spot`, and notes it.
    fn leave(
        &mut self,
        game: &mut Game,
        k: usize,
        spot: Spot,
        m: &Move,
        turn: usize,
        final_: bool,
    ) -> Note {
        let i = self.inside.remove(k);
        game.return_to_supply(i.owner, i.figure);
        game.deploy_written(spot.placed, spot.feature, i.owner, i.figure, Some(&m.spot));
        let to = game
            .feature_id(spot.placed, spot.feature)
            .map_or_else(String::new, |id| id.to_string());
        // The note is the follower's owner's, whoever's turn it is.
        Note {
            turn,
            player: i.owner,
            kind: NoteKind::Mechanic(Told::new(CocNote::Left {
                owner: i.owner,
                quarter: i.quarter,
                figure: crate::text::figure_word(game.figures().name(i.figure)).to_string(),
                to,
                at_the_end: final_,
            })),
        }
    }

    /// Checks one move out of the City; the index of the follower inside
    /// and the spot it goes to, or the violation and where.
    fn check_move(
        &self,
        game: &Game,
        names: &[String],
        owner: usize,
        m: &Move,
        allowed: impl Fn(Quarter, Spot) -> Option<&'static str>,
    ) -> Result<(usize, Spot), Box<(ViolationKind, miette::SourceSpan)>> {
        let who = names.get(owner).cloned().unwrap_or_default();
        let spot = match game.locate(m.at, &m.spot) {
            Ok(s) => s,
            Err(u) => return Err(Box::new((ViolationKind::NoSuchSpot(u), m.spot_span))),
        };
        let refuse = |why: String, span| {
            Err(Box::new((
                ViolationKind::Mechanic(Broken::new(CocProblem::Leave {
                    player: who.clone(),
                    why,
                })),
                span,
            )))
        };
        let kind = game.kind_at(spot);
        let Some(quarter) = Quarter::of_kind(kind) else {
            return refuse("no quarter's followers go onto a river".into(), m.spot_span);
        };
        let figure = crate::text::figure_word(game.figures().name(m.figure)).to_string();
        let Some(k) = self.find(quarter, owner, m.figure) else {
            return refuse(
                format!(
                    "has no {figure} in the {quarter}, whose followers go onto a {}",
                    kind.word()
                ),
                m.span,
            );
        };
        if quarter == self.count {
            return refuse(
                format!("cannot take a follower out of the {quarter}: the Count stands there"),
                m.span,
            );
        }
        if let Some(why) = allowed(quarter, spot) {
            return refuse(why.to_string(), m.spot_span);
        }
        if let Some(n) = game.barred(m.at) {
            return refuse(
                format!("cannot send a follower onto the {}'s tile", n.name),
                m.at_span,
            );
        }
        // A follower a tile set declares may stand on some kinds only.
        if !game.figures().kind(m.figure).stands.contains(&kind) {
            return refuse(
                format!("{figure} cannot stand on a {}", kind.word()),
                m.spot_span,
            );
        }
        Ok((k, spot))
    }

    /// `leave:` of the turn: the moves out of the City before the scoring.
    fn leave_before_scoring(
        &mut self,
        game: &mut Game,
        acting: &Acting<'_>,
        leave: &Leave,
        said: &mut Said,
    ) {
        let n = acting.names.len().max(1);
        let rank = |p: usize| (p + n - acting.actor - 1) % n;
        let mut last: Option<usize> = None;
        for m in &leave.moves {
            let owner = m.player.map_or(acting.actor, |(p, _)| p);
            if let Some(before) = last.filter(|&b| rank(b) > rank(owner)) {
                said.violations.push((
                    ViolationKind::Mechanic(Broken::new(CocProblem::Order {
                        player: acting.names[owner].clone(),
                        before: acting.names[before].clone(),
                    })),
                    m.player.map_or(m.span, |p| p.1),
                ));
            }
            last = Some(owner);
            let turn = acting.turn;
            let checked = self.check_move(game, acting.names, owner, m, |quarter, spot| {
                if quarter == Quarter::Market {
                    return (!Self::barn_scores(game, spot, turn))
                        .then_some("may leave the market during play only for a farm a barn scores on this turn");
                }
                (!Self::completed_now(game, spot))
                    .then_some("may leave the City only for a feature this turn completes")
            });
            match checked {
                Ok((k, spot)) => {
                    let note = self.leave(game, k, spot, m, acting.turn, false);
                    said.notes.push(note);
                }
                Err(v) => said.violations.push(*v),
            }
        }
    }
}

impl Mechanic for City {
    fn boxed(&self) -> Box<dyn Mechanic> {
        Box::new(self.clone())
    }

    fn phases(&self) -> Phases {
        Phases::MOVE.and(Phases::SCORED).and(Phases::FINAL)
    }

    /// After the scoring it only reads its acts: a follower entering the
    /// City, the Count moving.
    fn scored_wakes(&self) -> ScoredWakes {
        ScoredWakes::Acts
    }

    fn act_keys(&self) -> &'static [&'static str] {
        &["leave", "enter", "count"]
    }

    /// No tile wakes it: a follower leaving the City before the scoring
    /// is an act of its own (`leave:`).
    fn wakes(&self, _phase: Phases) -> Wakes {
        Wakes::Never
    }

    fn busy(
        &self,
        _game: &Game,
        phase: Phases,
        _actor: usize,
        _placed: Option<usize>,
        acts: &[Act],
    ) -> bool {
        phase != Phases::MOVE || acts.iter().any(|a| a.get::<Leave>().is_some())
    }

    fn before_scoring(&mut self, game: &mut Game, acting: &Acting<'_>, said: &mut Said) {
        for (i, act) in acting.acts.iter().enumerate() {
            if let Some(leave) = act.get::<Leave>() {
                said.taken.push(i);
                self.leave_before_scoring(game, acting, leave, said);
            }
        }
    }

    fn scored(&mut self, game: &mut Game, scored: &Scored<'_>, said: &mut Said) {
        let mut enter: Option<&Enter> = None;
        let mut count: Option<&CountTo> = None;
        for (i, act) in scored.acts.iter().enumerate() {
            if let Some(e) = act.get::<Enter>() {
                said.taken.push(i);
                enter = Some(e);
            } else if let Some(c) = act.get::<CountTo>() {
                said.taken.push(i);
                count = Some(c);
            }
        }
        let refuse = |said: &mut Said, problem: CocProblem, span| {
            said.violations
                .push((ViolationKind::Mechanic(Broken::new(problem)), span));
        };
        // A Count's move with no follower entering is refused.
        let stays = |said: &mut Said| {
            if let Some(c) = count {
                refuse(
                    said,
                    CocProblem::Count {
                        why: "moves only after a follower entered the City on this turn".into(),
                    },
                    c.span,
                );
            }
        };
        let Some(e) = enter else {
            stays(said);
            return;
        };
        let who = scored.names.get(scored.actor).cloned().unwrap_or_default();
        let why = Self::why_not_enter(game, scored);
        let word = crate::text::figure_word(game.figures().name(e.figure)).to_string();
        let figure_why = self.entry_refused(game, e.figure, e.quarter);
        let problem = match (why, figure_why) {
            (Some(why), _) => Some(CocProblem::Enter {
                player: who.clone(),
                why: format!("may not put a follower into the City: {who} {why}"),
            }),
            (None, Some(why)) => Some(CocProblem::Enter {
                player: who.clone(),
                why: format!("may not put the {word} into the {}: {why}", e.quarter),
            }),
            (None, None) if !game.take_from_supply(scored.actor, e.figure) => {
                Some(CocProblem::Enter {
                    player: who.clone(),
                    why: format!("has no {word} left in supply"),
                })
            }
            (None, None) => None,
        };
        if let Some(p) = problem {
            refuse(said, p, e.span);
            stays(said);
            return;
        }
        self.inside.push(Inside {
            quarter: e.quarter,
            owner: scored.actor,
            figure: e.figure,
        });
        said.notes.push(Note {
            turn: scored.turn,
            player: scored.actor,
            kind: NoteKind::Mechanic(Told::new(CocNote::Entered {
                quarter: e.quarter,
                figure: word,
            })),
        });
        let from = self.count;
        let due = match self.count_move {
            CountMove::ByPlayer => None,
            CountMove::Clockwise => Some(from.clockwise()),
            CountMove::FollowFollower => Some(e.quarter),
        };
        let to = match (due, count) {
            (None, Some(c)) if c.quarter == from => {
                refuse(
                    said,
                    CocProblem::Count {
                        why: format!("already stands in the {from}"),
                    },
                    c.span,
                );
                from
            }
            (None, Some(c)) => c.quarter,
            (None, None) => from,
            (Some(d), Some(c)) if c.quarter != d => {
                refuse(
                    said,
                    CocProblem::Count {
                        why: format!(
                            "goes to the {d} by the ruleset's `count_move`, not the {}",
                            c.quarter
                        ),
                    },
                    c.span,
                );
                d
            }
            (Some(d), _) => d,
        };
        if to != from {
            self.count = to;
            said.notes.push(Note {
                turn: scored.turn,
                player: scored.actor,
                kind: NoteKind::Mechanic(Told::new(CocNote::Count { from, to })),
            });
        }
    }

    fn restore(
        &mut self,
        _game: &mut Game,
        record: &crate::record::Record,
        _said: &mut Said,
    ) -> Vec<(usize, Figure)> {
        if let Some(CountAt(q)) = record.snapshot.get::<CountAt>() {
            self.count = *q;
        }
        let mut out = Vec::new();
        if let Some(Quarters(list)) = record.snapshot.get::<Quarters>() {
            for &(quarter, owner, figure, _) in list {
                self.inside.push(Inside {
                    quarter,
                    owner,
                    figure,
                });
                out.push((owner, figure));
            }
        }
        out
    }

    fn finish(
        &mut self,
        game: &mut Game,
        record: &crate::record::Record,
        ended: bool,
        said: &mut Said,
    ) {
        let Some(FinalLeave(moves, span)) = record.snapshot.get::<FinalLeave>() else {
            return;
        };
        if !ended {
            said.violations.push((
                ViolationKind::Mechanic(Broken::new(CocProblem::Leave {
                    player: String::new(),
                    why: "`final_leave` comes only once the game has ended".into(),
                })),
                *span,
            ));
            return;
        }
        let any_quarter = self.any_quarter;
        for m in moves {
            let owner = m.player.map_or(0, |(p, _)| p);
            let checked = self.check_move(game, &record.players, owner, m, |quarter, spot| {
                if quarter == Quarter::Market {
                    return None;
                }
                if !any_quarter {
                    return Some("only the market's followers leave the City at the end (`coc_final_scoring = \"market-only\"`)");
                }
                game.finished(spot)
                    .then_some("may leave the City at the end only for an unfinished feature")
            });
            match checked {
                Ok((k, spot)) => {
                    let note = self.leave(game, k, spot, m, 0, true);
                    said.notes.push(note);
                }
                Err(v) => said.violations.push(*v),
            }
        }
    }

    fn badges(&self, _game: &Game) -> Vec<crate::engine::mechanic::Badge> {
        let Some(at) = self.quarters_at else {
            return Vec::new();
        };
        // The Count, then each player's followers in each quarter.
        let mut out = vec![crate::engine::mechanic::Badge {
            at,
            label: format!("Count: {}", self.count.word()),
            owner: None,
        }];
        let mut seen: Vec<(Quarter, usize)> = Vec::new();
        for i in &self.inside {
            if seen.contains(&(i.quarter, i.owner)) {
                continue;
            }
            seen.push((i.quarter, i.owner));
            let n = self
                .inside
                .iter()
                .filter(|j| j.quarter == i.quarter && j.owner == i.owner)
                .count();
            out.push(crate::engine::mechanic::Badge {
                at,
                label: format!("{} ×{n}", i.quarter.word()),
                owner: Some(i.owner),
            });
        }
        out
    }

    fn aside(&self) -> Vec<Aside> {
        let mut out: Vec<Aside> = self
            .inside
            .iter()
            .map(|i| Aside {
                owner: i.owner,
                figure: i.figure,
                place: i.quarter.word().to_string(),
            })
            .collect();
        out.sort_by(|a, b| a.place.cmp(&b.place));
        out
    }

    fn placement_options(&self, game: &Game, placed: usize, player: usize) -> Vec<ActionOption> {
        // The features this placement completes that a follower of the
        // player's in the City may leave for (not from the Count's
        // quarter; the market's only for a barn's farm, which a turn's
        // placement alone never makes).
        let mut options = Self::enter_option(game, placed, player);
        if !self.inside.iter().any(|i| i.owner == player) {
            return options;
        }
        let leaving = completed_spots(game, placed)
            .into_iter()
            .filter_map(|(spot, kind)| {
                let quarter = Quarter::of_kind(kind)?;
                let here = self
                    .inside
                    .iter()
                    .any(|i| i.owner == player && i.quarter == quarter);
                (here && quarter != self.count && quarter != Quarter::Market).then(|| {
                    let (at, location, _) = game.named_spot(spot);
                    ActionOption {
                        key: "leave",
                        at,
                        height: 0,
                        takes: Vec::new(),
                        spot: Some(location),
                    }
                })
            });
        options.extend(leaving);
        options
    }

    fn propose_before_scoring(
        &self,
        game: &Game,
        acting: &Acting<'_>,
        pick: &mut dyn FnMut(usize) -> Option<usize>,
    ) -> Vec<Act> {
        if self.inside.is_empty() {
            return Vec::new();
        }
        let n = acting.names.len().max(1);
        let mut inside = self.inside.clone();
        let mut moves = Vec::new();
        let nowhere = miette::SourceSpan::from((0, 0));
        for step in 1..=n {
            let player = (acting.actor + step) % n;
            for (spot, kind) in completed_spots(game, acting.placed) {
                let Some(quarter) = Quarter::of_kind(kind) else {
                    continue;
                };
                if quarter == self.count || quarter == Quarter::Market {
                    continue;
                }
                let Some(k) = inside
                    .iter()
                    .position(|i| i.owner == player && i.quarter == quarter)
                else {
                    continue;
                };
                if pick(2) != Some(0) {
                    continue;
                }
                let i = inside.remove(k);
                let (at, spot, _) = game.named_spot(spot);
                moves.push(Move::proposed(player, i.figure, at, spot));
            }
        }
        if moves.is_empty() {
            return Vec::new();
        }
        vec![Act::Keyed(Keyed::new(Leave {
            listed: moves.len() > 1,
            moves,
            span: nowhere,
        }))]
    }

    fn propose_finish(
        &self,
        game: &Game,
        top: &mut crate::record::written::WrittenTop,
        names: &[String],
        word: &dyn Fn(Figure) -> String,
        pick: &mut dyn FnMut(usize) -> Option<usize>,
    ) {
        // Now and then a follower leaves the City before the final
        // scoring: from the market onto any farm, and under `any-quarter`
        // from another quarter onto an unfinished feature of its kind;
        // never from the Count's quarter.
        let mut moves = Vec::new();
        for i in &self.inside {
            let market = i.quarter == Quarter::Market;
            if i.quarter == self.count || !(market || self.any_quarter) || pick(2) != Some(0) {
                continue;
            }
            let stands = &game.figures().kind(i.figure).stands;
            let spots: Vec<Spot> = game
                .placed()
                .iter()
                .enumerate()
                .filter(|(_, p)| game.barred(p.pos).is_none())
                .flat_map(|(placed, p)| {
                    let tile = game.tile(p.tile());
                    (0..tile.features.len()).map(move |feature| Spot { placed, feature })
                })
                .filter(|&s| {
                    let kind = game.kind_at(s);
                    Quarter::of_kind(kind) == Some(i.quarter)
                        && stands.contains(&kind)
                        && (market || !game.finished(s))
                })
                .collect();
            let Some(k) = pick(spots.len()) else {
                continue;
            };
            let (at, spot, _) = game.named_spot(spots[k]);
            moves.push(Move::proposed(i.owner, i.figure, at, spot).written(names, word));
        }
        if !moves.is_empty() {
            *top.entry(&keys::FINAL_LEAVE) = serde_json::Value::Array(moves);
        }
    }

    fn propose_moves(
        &self,
        game: &Game,
        scored: &Scored<'_>,
        pick: &mut dyn FnMut(usize) -> Option<usize>,
    ) -> Vec<Act> {
        if Self::why_not_enter(game, scored).is_some()
            || game.supply(scored.actor, Figure::FOLLOWER) == 0
        {
            return Vec::new();
        }
        let Some(q) = pick(5).filter(|&q| q < 4) else {
            return Vec::new();
        };
        let nowhere = miette::SourceSpan::from((0, 0));
        let quarter = Quarter::ALL[q];
        let mut acts = vec![Act::Keyed(Keyed::new(Enter {
            quarter,
            figure: Figure::FOLLOWER,
            map: false,
            span: nowhere,
        }))];
        if self.count_move == CountMove::ByPlayer
            && let Some(c) = pick(4)
            && Quarter::ALL[c] != self.count
        {
            acts.push(Act::Keyed(Keyed::new(CountTo {
                quarter: Quarter::ALL[c],
                span: nowhere,
            })));
        }
        acts
    }
}

/// The features the tile at placed index `placed` completed, not yet
/// scored: one spot and kind each.
fn completed_spots(game: &Game, placed: usize) -> Vec<(Spot, FeatureKind)> {
    let mut out: Vec<(Spot, FeatureKind)> = Vec::new();
    let here = game.placed()[placed].pos;
    let mut tiles = vec![placed];
    tiles.extend(here.ring().into_iter().filter_map(|q| game.at(q)));
    for p in tiles {
        let tile = game.tile(game.placed()[p].tile());
        for feature in 0..tile.features.len() {
            let spot = Spot { placed: p, feature };
            let kind = tile.features[feature].kind;
            let near = p == placed || kind == FeatureKind::Cloister;
            if near
                && game.barred(game.placed()[p].pos).is_none()
                && City::completed_now(game, spot)
                && !out.iter().any(|(s, _)| game.same_feature(*s, spot))
            {
                out.push((spot, kind));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::Quarter;
    use super::keys::Enter;
    use crate::engine::event::Phase;
    use crate::engine::game::Game;
    use crate::expansions::abbey_mayor::keys::WagonMove;
    use crate::geometry::{Edge, Pos, Rotation};
    use crate::record::location::Location;
    use crate::record::{Act, FigureMove, Keyed};
    use crate::rules::{Figure, Ruleset};
    use crate::tileset::Catalog;

    #[test]
    fn the_scored_phase_asks_only_the_mechanics_a_turn_wakes() {
        let catalog =
            Catalog::of_builtin(&["base", "abbey-mayor", "count", "bridges-castles-bazaars"]);
        let rules = Ruleset::modern();
        let mechanics = crate::expansions::ALL.mechanics_for(&catalog, &rules);
        let start = catalog.find("D").expect("D");
        let nowhere = miette::SourceSpan::from((0, 0));
        let enter = [Act::Keyed(Keyed::new(Enter {
            quarter: Quarter::Market,
            figure: Figure::FOLLOWER,
            map: false,
            span: nowhere,
        }))];
        let wagon = [Act::Keyed(Keyed::new(WagonMove(FigureMove {
            figure: Figure::WAGON,
            player: None,
            from: None,
            at: Pos::new(0, 0),
            at_span: nowhere,
            spot: Location::Edge(Edge::N),
            spot_span: nowhere,
            span: nowhere,
        })))];
        let mut game = Game::new(&catalog, &rules, 2);
        game.place(start, Pos::new(0, 0), Rotation::R0, None);
        // A road that goes on: the turn completes nothing.
        let road = game.place(
            catalog.find("U").expect("U"),
            Pos::new(1, 0),
            Rotation::R0,
            Some(1),
        );
        let phase = Phase::Turn {
            number: 1,
            player: 0,
        };
        game.score_completed(road, phase);
        assert!(!game.completed_any());
        // A written move asks every mechanic of the phase: the barns, the
        // wagons, the Count and the castles.
        let all = mechanics.in_scored(&game, &wagon, true);
        assert_eq!(all.count_ones(), 4);
        // Otherwise only the barns, which look at every turn; an entry
        // into the City wakes the Count too.
        let quiet = mechanics.in_scored(&game, &[], false);
        assert_eq!(quiet.count_ones(), 1);
        let entering = mechanics.in_scored(&game, &enter, false);
        assert_eq!(entering.count_ones(), 2);
        assert_eq!(entering & quiet, quiet);
        // A turn that completes a city (E turned to close D's) wakes the
        // wagons and the castles.
        let end = game.place(
            catalog.find("E").expect("E"),
            Pos::new(0, 1),
            Rotation::ALL[2],
            Some(2),
        );
        game.score_completed(end, phase);
        assert!(game.completed_any());
        let completing = mechanics.in_scored(&game, &[], false);
        assert_eq!(completing.count_ones(), 3);
        assert_eq!(completing | entering, all);
    }
}
