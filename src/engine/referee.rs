//! Adjudicating a record: every turn (or every tile of a snapshot) is
//! checked and applied, every problem becomes a finding that points at the
//! record, and the game is scored as recorded.

use std::collections::{HashMap, HashSet, VecDeque};

use miette::SourceSpan;

use super::event::{Event, FeatureId, Note, NoteKind, Phase};
use super::game::Spot;
use super::game::{DeployProblem, Game, PlaceProblem};
use super::mechanic::{
    Acting, Begun, End, EndProblem, Laying, Mechanics, Phases, Placing, Scored, Setup, Target,
    TurnEnded,
};
use super::registry::Registry;
use super::seat::{Seat, Written};
use super::supply::Supply;
use super::turns::{OutOfTurn, TurnOrder};

use super::violation::{
    AfterTheEnd, Elsewhere, MoveProblem, PlacedWhen, PointsFrom, ViolationKind,
};
use crate::diagnostic::Finding;
use crate::geometry::{Edge, Pos, Rotation};
use crate::record::Unnamed;
use crate::record::{Act, Action, Body, Deploy, Location, Meeple, Placement, Record, Totals, Turn};
use crate::rules::{Figure, Ruleset};
use crate::tileset::FeatureKind;

/// The result of adjudicating a record under a ruleset.
#[derive(Debug)]
pub struct Adjudication {
    /// The ruleset used.
    pub rules: Ruleset,
    /// Players in turn order.
    pub players: Vec<String>,
    /// Every scoring, in order.
    pub events: Vec<Event>,
    /// Points per player.
    pub totals: Vec<i64>,
    /// The game has ended (supply empty, `final: true`, or a snapshot).
    pub ended: bool,
    /// For a game not yet over: what final scoring would add now.
    pub preview: Option<(Vec<Event>, Vec<i64>)>,
    /// Rule violations, mismatches and unreadable values.
    pub findings: Vec<Finding>,
    /// Tiles on the board at the end.
    pub tiles_placed: usize,
    /// Whether the record's `claims` were compared.
    pub claims_checked: bool,
    /// When the record has `claims` that were not compared (it is scored
    /// under another ruleset than its own): the name of its own ruleset.
    pub claims_unchecked: Option<String>,
    /// Positions where a placement broke a rule, for pictures.
    pub marks: Vec<Pos>,
    /// Followers the record deploys that the rules refused (they stayed in
    /// their owners' supply), for pictures.
    pub refused: Vec<Refused>,
    /// What happened without points, in order (second turns earned).
    pub notes: Vec<Note>,
    /// The figures in play, for their words.
    pub figures: std::sync::Arc<crate::tileset::FigureTable>,
    /// The record's turns (indices into its list) whose walk made a
    /// finding, in order: where a record read without spans needs them.
    pub turns_with_findings: Vec<usize>,
}

/// A follower deployment the rules refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Refused {
    /// The placed tile (index in placement order).
    pub placed: usize,
    /// The feature of that tile.
    pub feature: usize,
    /// Whose follower.
    pub player: usize,
}

/// Adjudicates `record` under `rules`. `own_rules` says whether `rules` is
/// the record's own ruleset (so that its `claims` apply); `identity` is what
/// the ruleset is ([`Record::ruleset_identity`]: a built-in ruleset's name
/// for built-in ones), for matching `expect` blocks.
#[must_use]
pub fn adjudicate(
    record: &Record,
    rules: &Ruleset,
    identity: &str,
    own_rules: bool,
    registry: &Registry,
) -> Adjudication {
    let mut referee = Referee::new(record, rules, registry);
    let mut turns_with_findings = Vec::new();
    let ended = match &record.body {
        Body::History(turns) => {
            let mut found = 0;
            referee.history_seen(turns, |r, played| {
                if r.findings.len() > found {
                    found = r.findings.len();
                    if let Some(turn) = played.checked_sub(1) {
                        turns_with_findings.push(turn);
                    }
                }
            })
        }
        Body::Snapshot { board, meeples } => {
            referee.snapshot(board, meeples);
            // A snapshot is a finished game unless it says `final: false`.
            !record.declared_open
        }
    };
    if referee.mechanics.hooks_final() {
        let said = referee.mechanics.finish(&mut referee.game, record, ended);
        referee.heard(said);
    }
    let Referee {
        game,
        mut findings,
        marks,
        refused,
        notes,
        ..
    } = referee;
    let mut game = game;
    let tiles_placed = game.placed().len();
    let (preview, events, totals) = if ended {
        game.final_scoring();
        let (events, totals) = game.into_results();
        (None, events, totals)
    } else {
        let mut ahead = game.clone();
        let before = ahead.events().len();
        ahead.final_scoring();
        let (mut preview, ahead_totals) = ahead.into_results();
        let (events, totals) = game.into_results();
        (
            Some((preview.split_off(before), ahead_totals)),
            events,
            totals,
        )
    };
    let claims_checked = own_rules && record.claims.is_some();
    let at_the_end = preview.as_ref().map(|(_, t)| t.as_slice());
    if let (true, Some(claims)) = (own_rules, &record.claims) {
        for m in mismatches(record, claims, &events, &totals, at_the_end) {
            let v = ViolationKind::ClaimMismatch {
                claimed: m.written,
                computed: m.computed,
                ruleset: rules.name.clone(),
                from: m.from,
            };
            findings.push(v.at(m.span).finding(&record.source));
        }
    }
    let scored = Computed {
        events: &events,
        totals: &totals,
        at_the_end,
    };
    for e in record.expect.iter().filter(|e| e.identity == identity) {
        check_expectation(record, e, &scored, &mut findings);
    }
    Adjudication {
        rules: rules.with_brought(&record.catalog, record.players.len(), registry.rates),
        figures: std::sync::Arc::clone(&record.catalog.figures),
        players: record.players.clone(),
        events,
        totals,
        ended,
        preview,
        findings,
        tiles_placed,
        claims_checked,
        claims_unchecked: (record.claims.is_some() && !own_rules)
            .then(|| record.rules_name().to_string()),
        marks,
        refused,
        notes,
        turns_with_findings,
    }
}

/// A written total that differs from the computed one.
struct Mismatch {
    written: i64,
    computed: i64,
    from: PointsFrom,
    span: SourceSpan,
}

/// Every written total (claims or expectations) that differs.
fn mismatches(
    record: &Record,
    written: &Totals,
    events: &[Event],
    totals: &[i64],
    at_the_end: Option<&[i64]>,
) -> Vec<Mismatch> {
    written
        .points
        .iter()
        .filter(|(player, want, _)| *want != totals[*player])
        .map(|&(player, want, span)| {
            let mut from = points_from(events, player, &record.players[player], totals[player]);
            from.in_progress = at_the_end.and_then(|t| t.get(player).copied());
            Mismatch {
                written: want,
                computed: totals[player],
                from,
                span,
            }
        })
        .collect()
}

/// What a game scored: its events, totals, and (in a game still in
/// progress) the totals final scoring would give.
struct Computed<'a> {
    events: &'a [Event],
    totals: &'a [i64],
    at_the_end: Option<&'a [i64]>,
}

/// Compares one `expect` block with computed totals.
fn check_expectation(
    record: &Record,
    e: &crate::record::Expectation,
    scored: &Computed<'_>,
    findings: &mut Vec<Finding>,
) {
    let (expected, ruleset, key_span) = (&e.totals, e.ruleset.as_str(), e.span);
    let totals = scored.totals;
    for m in mismatches(record, expected, scored.events, totals, scored.at_the_end) {
        let v = ViolationKind::ExpectMismatch {
            expected: m.written,
            computed: m.computed,
            ruleset: ruleset.to_string(),
            from: m.from,
        };
        findings.push(v.at(m.span).finding(&record.source));
    }
    for (i, name) in record.players.iter().enumerate() {
        if !expected.points.iter().any(|(p, _, _)| *p == i) {
            let v = ViolationKind::ExpectMissing {
                player: name.clone(),
                ruleset: ruleset.to_string(),
                computed: totals[i],
            };
            findings.push(v.at(key_span).finding(&record.source));
        }
    }
}

/// Each scoring that paid `player`, for the help line of a mismatch.
fn points_from(events: &[Event], player: usize, name: &str, total: i64) -> PointsFrom {
    PointsFrom {
        player: name.to_string(),
        total,
        scorings: events
            .iter()
            .filter(|e| e.points[player] != 0)
            .map(|e| (e.feature.name.clone(), e.phase, e.points[player]))
            .collect(),
        in_progress: None,
    }
}

pub(crate) struct Referee<'r> {
    pub(crate) record: &'r Record,
    pub(crate) rules: &'r Ruleset,
    /// Once the last land tile is down: the turn that placed it and who
    /// placed it.
    pub(crate) last_land: Option<(usize, usize)>,
    pub(crate) game: Game<'r>,
    pub(crate) findings: Vec<Finding>,
    /// Tiles left.
    pub(crate) supply: Supply,
    /// The turn mechanics of the sets and ruleset in play.
    pub(crate) mechanics: Mechanics,
    /// Second turns earned so far.
    pub(crate) notes: Vec<Note>,
    /// The last entry carca gave to a player as their builder's second
    /// turn without the record naming that player, and the player.
    pub(crate) inferred: Option<(usize, String)>,
    /// Who plays next.
    pub(crate) order: TurnOrder,
    /// Positions of placements that broke a rule.
    pub(crate) marks: Vec<Pos>,
    /// Follower deployments refused.
    pub(crate) refused: Vec<Refused>,
    /// The player who discarded last turn, and so draws again in the same
    /// turn.
    pub(crate) drew_again: Option<usize>,
}

/// Tiles from which a game's features are counted before it is played.
const LARGE_GAME: usize = 10_000;

// The helpers a turn calls once are inlined into each seat's walk, as
// they were when one walk called them (measured: 4% of a base game).
#[allow(clippy::inline_always)]
impl<'r> Referee<'r> {
    pub(crate) fn new(record: &'r Record, rules: &'r Ruleset, registry: &Registry) -> Referee<'r> {
        let players = record.players.len();
        let catalog = &record.catalog;
        let s = &record.start;
        let mechanics = registry.mechanics(&Setup {
            catalog,
            rules,
            players,
            start: (s.tile(), s.at, s.rot),
        });
        let extra_turns = mechanics.gives_extra_turns();
        // Room for every tile the record places and, in a large game (where
        // growing the feature store would copy it), all their features.
        let features = |tile: usize| catalog.tiles.get(tile).map_or(0, |e| e.tile.features.len());
        let (tiles, nodes) = match &record.body {
            Body::History(turns) if turns.len() < LARGE_GAME => (turns.len() + 1, 0),
            Body::Snapshot { board, .. } if board.len() < LARGE_GAME => (board.len() + 1, 0),
            Body::History(turns) => {
                turns
                    .iter()
                    .fold((1, features(s.tile())), |(t, n), turn| match &turn.action {
                        Action::Place { placement } => (t + 1, n + features(placement.tile())),
                        Action::Discard { .. } => (t, n),
                    })
            }
            Body::Snapshot { board, .. } => {
                board.iter().fold((1, features(s.tile())), |(t, n), p| {
                    (t + 1, n + features(p.tile()))
                })
            }
        };
        Referee {
            record,
            last_land: None,
            rules,
            game: Game::with_capacity(catalog, rules, players, tiles, nodes)
                .with_hooks(registry.scoring_hooks(catalog, rules, players))
                .keeping_came_home(mechanics.hooks_scored()),
            findings: Vec::new(),
            supply: Supply::new(catalog, players),
            // Notes come from mechanics.
            notes: if mechanics.is_empty() {
                Vec::new()
            } else {
                Vec::with_capacity(super::game::room_for_events(tiles))
            },
            mechanics,
            inferred: None,
            order: TurnOrder::new(players, extra_turns),
            marks: Vec::new(),
            refused: Vec::new(),
            drew_again: None,
        }
    }

    /// Land tiles left to play: those left to draw ([`Referee::drawable`])
    /// and those a mechanic dealt to players (bought at a bazaar).
    pub(super) fn land_left(&self) -> u64 {
        let left = self.drawable();
        if !self.mechanics.hooks_draw() {
            return left;
        }
        left + self.mechanics.dealt_left()
    }

    /// Land tiles left to draw: the common supply less what a mechanic
    /// sets aside now (dragon tiles before the first volcano).
    pub(super) fn drawable(&self) -> u64 {
        let left = self.supply.land_left.saturating_sub(self.game.hidden());
        if !self.mechanics.hooks_draw() {
            return left;
        }
        let aside = self.mechanics.set_aside(&self.record.catalog, &self.supply);
        left.saturating_sub(aside)
    }

    /// The game after its last land tile, placed by `last`.
    pub(crate) fn end(&self, last: usize) -> End {
        let players = self.record.players.len();
        End {
            last,
            players,
            holds: (0..players).map(|p| self.supply.holds_own(p)).collect(),
        }
    }

    /// Takes in what mechanics said in a phase: its violations and notes;
    /// returns the indices of the acts they took.
    /// Whether a mechanic of `phase` has anything to do on this turn
    /// (none does in a game with no mechanic hooked into it).
    fn busy(&self, phase: Phases, actor: usize, placed: Option<usize>, acts: &[Act]) -> bool {
        self.mechanics.busy(&self.game, phase, actor, placed, acts)
    }

    #[inline]
    fn heard(&mut self, said: super::mechanic::Said) -> Vec<usize> {
        if !said.violations.is_empty() {
            for (v, span) in said.violations {
                self.violation(v, span);
            }
        }
        if !said.notes.is_empty() {
            self.notes.extend(said.notes);
        }
        said.taken
    }

    fn violation(&mut self, v: ViolationKind, span: SourceSpan) {
        let mut v = v.at(span);
        v.inferred.clone_from(&self.inferred);
        self.findings.push(v.finding(&self.record.source));
    }

    fn id(&self, tile: usize) -> String {
        self.record.catalog.tiles[tile].tile.id.clone()
    }

    fn player(&self, p: usize) -> String {
        self.record.players[p].clone()
    }

    /// Takes a land tile from the supply, reporting when none is left.
    #[inline(always)]
    fn draw(&mut self, tile: usize, span: SourceSpan) {
        let catalog = &self.record.catalog;
        if !self.supply.draw(catalog, tile) {
            let start = self.record.start.tile() == tile;
            self.violation(
                ViolationKind::Supply {
                    id: self.id(tile),
                    count: catalog.tiles[tile].tile.count,
                    start,
                },
                span,
            );
        }
    }

    /// The form a tile lies in as a snapshot's state says (a bridge across
    /// it), asked of the mechanics before it is placed; the tile itself in
    /// a history.
    fn stated_form(&mut self, tile: usize, at: Pos, rot: Rotation) -> usize {
        if !self.mechanics.hooks_place() || !matches!(self.record.body, Body::Snapshot { .. }) {
            return tile;
        }
        let (f, said) = self.mechanics.laying(
            &mut self.game,
            &Laying {
                turn: 0,
                actor: 0,
                names: &self.record.players,
                tile,
                pos: at,
                rot,
                acts: &[],
                record: Some(self.record),
            },
        );
        self.heard(said);
        f.unwrap_or(tile)
    }

    /// Lays the start tile (in the form a snapshot states), and the rest of
    /// a start block.
    fn start(&mut self) {
        let s = self.record.start.clone();
        self.draw(s.tile(), s.tile_span.into());
        let form = self.stated_form(s.tile(), s.at, s.rot);
        self.game.place(form, s.at, s.rot, None);
        for (tile, at) in self.record.catalog.start_block() {
            self.draw(tile, s.tile_span.into());
            self.game.place(tile, at, Rotation::R0, None);
        }
    }

    /// Walks the turns; returns whether the game ended.
    pub(super) fn history(&mut self, turns: &[Turn]) -> bool {
        self.history_seen(turns, |_, _| {})
    }

    /// [`Referee::history`], showing the game to `seen` before the first
    /// turn and after each (with the number of turns played).
    pub(super) fn history_seen(&mut self, turns: &[Turn], seen: impl FnMut(&Self, usize)) -> bool {
        self.history_with(turns, &mut Written, seen)
    }

    /// [`Referee::history_seen`], each turn's choices made by `seat`.
    pub(super) fn history_with(
        &mut self,
        turns: &[Turn],
        seat: &mut impl Seat,
        mut seen: impl FnMut(&Self, usize),
    ) -> bool {
        self.begin();
        seen(self, 0);
        let mut made = Vec::new();
        for (i, turn) in turns.iter().enumerate() {
            // Work nobody waits for any more stops here (`carca serve`
            // after a timeout); a command's work never does.
            if i % 256 == 255 && crate::stop::stopped() {
                break;
            }
            self.turn(turn, seat, i + 1 < turns.len(), &mut made);
            made.clear();
            seen(self, i + 1);
        }
        self.over()
    }

    /// Lays the start (see [`Referee::start`]) and notes whether the
    /// supply is empty already: the first of the calls that walk a game
    /// turn by turn ([`Referee::turn`], then [`Referee::over`]).
    pub(crate) fn begin(&mut self) {
        self.start();
        self.last_land = (self.land_left() == 0).then(|| (0, self.record.players.len() - 1));
    }

    /// Whether the game walked so far is over: its last land tile is down,
    /// or the record says it ended.
    pub(crate) fn over(&self) -> bool {
        self.last_land.is_some() || self.record.declared_final
    }

    /// Walks one turn through every phase, its choices made by `seat`
    /// (`more`: the record goes on after it); the acts the seat made are
    /// added to `made`, which is empty when the turn starts.
    #[inline(always)]
    pub(crate) fn turn(
        &mut self,
        turn: &Turn,
        seat: &mut impl Seat,
        more: bool,
        made: &mut Vec<Act>,
    ) {
        if let Some((end_turn, last)) = self.last_land {
            let written = turn.player().map(|(p, _)| p);
            let after = match &turn.action {
                Action::Place { placement, .. } => {
                    let end = self.end(last);
                    self.mechanics.after_the_end(
                        &self.record.catalog,
                        placement.tile(),
                        written,
                        &end,
                    )
                }
                Action::Discard { .. } => None,
            };
            if let Some((actor, problem)) = after {
                match problem {
                    None => {}
                    Some(EndProblem::OutOfOrder { expected }) => {
                        let expected = expected.map(|p| self.player(p));
                        self.violation(
                            ViolationKind::FinalRoundOrder {
                                got: self.player(actor),
                                expected,
                            },
                            turn.player().map_or(turn.span.into(), |(_, span)| span),
                        );
                    }
                    Some(EndProblem::Over) => self.violation(
                        ViolationKind::GameOver {
                            ended: end_turn,
                            turn: turn.number,
                            why: AfterTheEnd::RoundOver,
                        },
                        turn.span.into(),
                    ),
                }
                self.play(turn, actor, false, seat, made);
                return;
            }
            let why = self.mechanics.over_because();
            self.violation(
                ViolationKind::GameOver {
                    ended: end_turn,
                    turn: turn.number,
                    why,
                },
                turn.span.into(),
            );
            let actor = written.unwrap_or(self.order.next());
            self.play(turn, actor, false, seat, made);
            self.order.pass(actor);
            return;
        }
        let current = self.order.next();
        let actor = match turn.player() {
            Some((p, span)) if p != current => {
                let kind = match self.order.out_of_turn(p).unwrap_or(OutOfTurn::Order) {
                    OutOfTurn::Skipped { player, earned } => ViolationKind::DoubleTurnSkipped {
                        turn: turn.number,
                        player: self.player(player),
                        earned,
                        got: self.player(p),
                    },
                    OutOfTurn::Unearned { third } => ViolationKind::DoubleTurnUnearned {
                        turn: turn.number,
                        player: self.player(p),
                        expected: self.player(current),
                        third,
                    },
                    OutOfTurn::Order => ViolationKind::TurnOrder {
                        turn: turn.number,
                        expected: self.player(current),
                        got: self.player(p),
                    },
                };
                self.violation(kind, span);
                p
            }
            _ => current,
        };
        let discard = matches!(turn.action, Action::Discard { .. });
        if self.order.takes_owed(actor)
            && let Some(Note {
                kind: NoteKind::SecondTurn { taken, .. },
                ..
            }) = self
                .notes
                .iter_mut()
                .rev()
                .find(|n| matches!(n.kind, NoteKind::SecondTurn { .. }))
        {
            *taken = Some(turn.number);
        }
        let second = self.order.is_second(actor);
        // The "begin" phase: a turn starts, unless it is a second turn
        // or the same player drawing again after a discard.
        if !second
            && self.drew_again != Some(actor)
            && self.busy(Phases::BEGIN, actor, None, &turn.acts)
        {
            let said = self.mechanics.begins(
                &mut self.game,
                &Begun {
                    turn: turn.number,
                    actor,
                },
            );
            self.heard(said);
        }
        self.drew_again = discard.then_some(actor);
        // A second turn the record does not name: the turn order from
        // here is carca's inference, which later findings recall.
        if second && turn.player.is_none() {
            self.inferred = Some((turn.number, self.player(actor)));
        }
        let earned = self
            .play(turn, actor, second, seat, made)
            .filter(|_| !second);
        if let Some(feature) = &earned {
            self.notes.push(Note {
                turn: turn.number,
                player: actor,
                kind: NoteKind::SecondTurn {
                    feature: feature.clone(),
                    taken: None,
                },
            });
        }
        // A builder's second turn comes at once, and never a third;
        // after a discard the same player draws again.
        self.order
            .after(actor, turn.number, discard, earned.is_some());
        // The "turn end" phase, once the player's turn is over (after a
        // builder's second turn): what comes between turns.
        if !discard && earned.is_none() && self.busy(Phases::TURN_END, actor, None, &[]) {
            self.turn_end(turn, actor, more, seat, made);
        }
        if self.land_left() == 0 {
            self.last_land = Some((turn.number, actor));
        }
    }

    /// The "turn end" phase after `turn`, the last entry of `actor`'s turn
    /// (`more`: the record goes on).
    fn turn_end(
        &mut self,
        turn: &Turn,
        actor: usize,
        more: bool,
        seat: &mut impl Seat,
        made: &mut Vec<Act>,
    ) {
        let record = self.record;
        let at_end = (!more).then(|| self.supply.common.clone());
        let ended = TurnEnded {
            turn: turn.number,
            actor,
            names: &record.players,
            acts: &[],
            span: turn.span.into(),
            more,
            left: self.drawable(),
            left_at_end: at_end.as_deref().map(|left| (&*record.catalog, left)),
        };
        let from = made.len();
        seat.turn_end(&self.mechanics, &self.game, &ended, made);
        let ended = TurnEnded {
            acts: &made[from..],
            ..ended
        };
        let supply = &mut self.supply;
        let said = self
            .mechanics
            .turn_ended(&mut self.game, &ended, &mut |tile| {
                supply.draw(&record.catalog, tile)
            });
        self.heard(said);
    }

    /// Applies one turn for `actor` (`second`: it is a second turn), its
    /// choices made by `seat` (added to `made`). Returns the feature that
    /// earned the player one more turn, if a mechanic gave one in the
    /// "placed" phase.
    fn play(
        &mut self,
        turn: &Turn,
        actor: usize,
        second: bool,
        seat: &mut impl Seat,
        made: &mut Vec<Act>,
    ) -> Option<FeatureId> {
        let Action::Place { placement } = &turn.action else {
            if let Action::Discard { tile, span } = &turn.action {
                self.discard(*tile, (*span).into(), actor, second);
            }
            return None;
        };
        let (form, laid) = self.laying(turn, actor, placement, seat, made);
        let Some(idx) = self.place(placement, form, actor, turn.number, second) else {
            self.moves_not_taken(turn, actor, &[]);
            return None;
        };
        let earned = if self.mechanics.placed_concerns(placement.tile()) != 0 {
            let placing = Placing {
                tile: placement.tile(),
                pos: placement.at,
                rot: placement.rot,
                placed: idx,
                actor,
                drawn: !self.record.catalog.tiles[placement.tile()].tile.per_player,
                second,
                left: self.drawable(),
            };
            self.mechanics.placed(&mut self.game, &placing)
        } else {
            None
        };
        // What the act and move phases are told of the turn, with its
        // acts: those written, or those the seat made (a turn's acts are
        // one or the other).
        let record = self.record;
        let written = Acting {
            turn: turn.number,
            actor,
            names: &record.players,
            placed: idx,
            second,
            acts: &turn.acts,
            span: turn.span.into(),
        };
        // The act phase: mechanics take the acts they own (a ransom, a
        // tower piece and its capture, a follower on a tower); then the
        // deploy phase takes the deployment.
        let from = made.len();
        let taken = match seat.act(&mut self.mechanics, &mut self.game, &written, made) {
            Some(said) => {
                self.heard(said);
                (from..made.len()).collect()
            }
            None => {
                let acts = turn_acts(turn, made);
                let busy =
                    self.mechanics
                        .busy_mask(&self.game, Phases::ACT, actor, Some(idx), acts);
                if busy == 0 {
                    Vec::new()
                } else {
                    let acting = Acting { acts, ..written };
                    let said = self.mechanics.act(&mut self.game, &acting, busy);
                    self.heard(said)
                }
            }
        };
        seat.deploy(&self.mechanics, &self.game, &written, made);
        for (i, act) in turn_acts(turn, made).iter().enumerate() {
            if taken.contains(&i) {
                continue;
            }
            match act {
                Act::Deploy(d) if d.at.is_none_or(|(p, _)| p == placement.at) => {
                    self.deploy(idx, d, actor, turn.number);
                }
                Act::Deploy(d) if self.mechanics.deploys_elsewhere(&self.game, idx) => {
                    self.deploy_elsewhere(d, actor);
                }
                Act::Deploy(d) if self.mechanics.offers_elsewhere().is_some() => {
                    let v = ViolationKind::ElsewhereRefused {
                        player: self.player(actor),
                        figure: self.record.catalog.figures.name(d.figure).to_string(),
                        at: d.at.map_or(placement.at, |(p, _)| p),
                        why: Elsewhere::NotOffered,
                    };
                    self.violation(v, d.at.map_or(d.span, |(_, s)| s));
                }
                Act::Deploy(d) => {
                    let span = d.at.map_or(d.span, |(_, s)| s);
                    self.violation(
                        ViolationKind::NotInPlay {
                            key: "meeple: { at }",
                        },
                        span,
                    );
                }
                // The move and scored phases take theirs.
                later @ Act::Keyed(_) if later.after_deployment() => {}
                other @ Act::Keyed(_) => {
                    self.violation(ViolationKind::NotInPlay { key: other.key() }, other.span());
                }
            }
        }
        // The "move" phase: neutral figures move before the scoring (the
        // dragon's flight).
        let mut later = laid;
        let from = made.len();
        match seat.before_scoring(&mut self.mechanics, &mut self.game, &written, made) {
            Some(said) => {
                later.extend(self.heard(said));
                later.extend(from..made.len());
            }
            None => {
                let acts = turn_acts(turn, made);
                let busy =
                    self.mechanics
                        .busy_mask(&self.game, Phases::MOVE, actor, Some(idx), acts);
                if busy != 0 {
                    let acting = Acting { acts, ..written };
                    let said = self.mechanics.before_scoring(&mut self.game, &acting, busy);
                    later.extend(self.heard(said));
                }
            }
        }
        self.game.score_completed(
            idx,
            Phase::Turn {
                number: turn.number,
                player: actor,
            },
        );
        later.extend(self.after_scoring(turn, actor, idx, seat, made));
        // An act of those phases that no mechanic took does nothing (a
        // figure's move says why itself).
        for (i, act) in turn_acts(turn, made).iter().enumerate() {
            if act.after_deployment() && act.figure_move().is_none() && !later.contains(&i) {
                self.violation(ViolationKind::NotInPlay { key: act.key() }, act.span());
            }
        }
        earned
    }

    /// The "scored" phase: mechanics move figures the scoring sent home
    /// and score in play; a move the record lists that no mechanic took
    /// moves nothing.
    #[inline(always)]
    fn after_scoring(
        &mut self,
        turn: &Turn,
        actor: usize,
        placed: usize,
        seat: &mut impl Seat,
        made: &mut Vec<Act>,
    ) -> Vec<usize> {
        let record = self.record;
        let scored = Scored {
            turn: turn.number,
            actor,
            players: record.players.len(),
            names: &record.players,
            placed,
            acts: &turn.acts,
        };
        let from = made.len();
        if let Some(said) = seat.scored(&mut self.mechanics, &mut self.game, &scored, made) {
            let mut taken = self.heard(said);
            taken.extend(from..made.len());
            return taken;
        }
        // A game whose mechanics do nothing here pays nothing for it.
        let moves = turn.moves().next().is_some();
        if !self.mechanics.hooks_scored() && !moves {
            return Vec::new();
        }
        // Nor do mechanics with nothing to do this turn (a castle when
        // the turn completed nothing).
        let mask = self.mechanics.in_scored(&self.game, &turn.acts, moves);
        if !moves && mask == 0 {
            return Vec::new();
        }
        let said = self.mechanics.scored(&mut self.game, &scored, mask);
        let taken = self.heard(said);
        self.moves_not_taken(turn, actor, &taken);
        taken
    }

    /// The record's moves of a turn that no mechanic took (`taken` lists
    /// those taken): each moves nothing.
    #[inline(always)]
    fn moves_not_taken(&mut self, turn: &Turn, actor: usize, taken: &[usize]) {
        for (i, act) in turn.acts.iter().enumerate() {
            if let Some(m) = act.figure_move()
                && !taken.contains(&i)
            {
                let player = m.player.map_or(actor, |(p, _)| p);
                let v = ViolationKind::MoveRefused {
                    player: self.player(player),
                    figure: self.record.catalog.figures.name(m.figure).to_string(),
                    why: MoveProblem::NotHome,
                };
                self.violation(v, m.span);
            }
        }
    }

    /// Where `tile` fits now: the placements the board and the
    /// mechanics allow.
    pub(super) fn fits(&self, tile: usize) -> Vec<(Pos, Rotation)> {
        self.game
            .legal_placements(tile)
            .into_iter()
            .filter(|&(pos, rot)| self.mechanic_problem(tile, pos, rot).is_none())
            .collect()
    }

    /// Whether `tile` fits anywhere now (stops at the first placement).
    pub(super) fn fits_somewhere(&self, tile: usize) -> bool {
        self.game.find_placement(tile, |pos, rot| {
            self.mechanic_problem(tile, pos, rot).is_none()
        })
    }

    #[inline(always)]
    fn discard(&mut self, tile: usize, span: SourceSpan, actor: usize, second: bool) {
        let fits = self.fits(tile);
        if !fits.is_empty() {
            self.violation(
                ViolationKind::DiscardFits {
                    id: self.id(tile),
                    fits,
                },
                span,
            );
        }
        if !self.dealt(tile, span, actor, second) {
            self.draw(tile, span);
        }
    }

    /// Whether `tile` is the tile a mechanic dealt `actor` for this turn,
    /// which is then spent; when another tile is played where one was
    /// dealt, the dealt one is spent too, and the rule broken reported.
    #[inline(always)]
    fn dealt(&mut self, tile: usize, span: SourceSpan, actor: usize, second: bool) -> bool {
        if !self.mechanics.hooks_draw() || self.mechanics.dealt(actor, second).is_none() {
            return false;
        }
        match self.mechanics.spend_dealt(
            &self.record.catalog,
            &self.record.players,
            actor,
            second,
            tile,
        ) {
            None => true,
            Some(v) => {
                self.violation(v, span);
                false
            }
        }
    }

    /// The rule of a mechanic a placement breaks, if any (without
    /// reporting it), and whether the whole placement is at fault.
    pub(super) fn mechanic_problem(
        &self,
        tile: usize,
        pos: Pos,
        rot: Rotation,
    ) -> Option<(ViolationKind, bool)> {
        self.mechanics
            .placement_problem(&self.record.catalog, tile, pos, rot)
    }

    /// The "place" phase before the tile lies, for a turn whose record
    /// writes acts of expansions: the form the tile is placed in (the one
    /// drawn unless a mechanic changes it) and the acts the mechanics took.
    #[inline(always)]
    fn laying(
        &mut self,
        turn: &Turn,
        actor: usize,
        p: &Placement,
        seat: &mut impl Seat,
        made: &mut Vec<Act>,
    ) -> (usize, Vec<usize>) {
        if !self.mechanics.hooks_place() || self.game.at(p.at).is_some() {
            return (p.tile(), Vec::new());
        }
        let laying = Laying {
            turn: turn.number,
            actor,
            names: &self.record.players,
            tile: p.tile(),
            pos: p.at,
            rot: p.rot,
            acts: &turn.acts,
            record: None,
        };
        if let Some((form, said)) = seat.lay(&mut self.mechanics, &mut self.game, &laying, made) {
            self.heard(said);
            return (form.unwrap_or(p.tile()), (0..made.len()).collect());
        }
        if !turn.acts.iter().any(|a| matches!(a, Act::Keyed(_))) {
            return (p.tile(), Vec::new());
        }
        let (form, said) = self.mechanics.laying(
            &mut self.game,
            &Laying {
                record: Some(self.record),
                ..laying
            },
        );
        let taken = self.heard(said);
        (form.unwrap_or(p.tile()), taken)
    }

    /// Checks and places a tile (drawn as `p` says, placed in the form
    /// `form`); `None` when it cannot lie there at all.
    #[inline(always)]
    fn place(
        &mut self,
        p: &Placement,
        form: usize,
        actor: usize,
        number: usize,
        second: bool,
    ) -> Option<usize> {
        let entry = &self.record.catalog.tiles[p.tile()];
        if entry.tile.per_player {
            match self.supply.own[actor].get_mut(p.tile()) {
                Some(left) if *left > 0 => *left -= 1,
                _ => self.violation(
                    ViolationKind::NoOwnTile {
                        player: self.player(actor),
                        id: self.id(p.tile()),
                        count: entry.tile.count,
                    },
                    p.tile_span.into(),
                ),
            }
        } else if !self.dealt(p.tile(), p.tile_span.into(), actor, second) {
            if let Some(v) =
                self.mechanics
                    .draw_problem(&self.record.catalog, &self.supply, p.tile())
            {
                self.violation(v, p.tile_span.into());
            }
            self.draw(p.tile(), p.tile_span.into());
        }
        let problems = self.game.placement_problems(form, p.at, p.rot);
        if !problems.is_empty() {
            self.marks.push(p.at);
        }
        let mut occupied = false;
        for problem in problems {
            if matches!(problem, PlaceProblem::Occupied { .. }) {
                occupied = true;
            }
            let v = self.placement_violation(problem, p);
            self.violation(v, p.at_span.into());
        }
        if occupied {
            return None;
        }
        if let Some((v, whole)) = self.mechanic_problem(form, p.at, p.rot) {
            self.marks.push(p.at);
            self.violation(
                v,
                if whole {
                    p.span.into()
                } else {
                    p.at_span.into()
                },
            );
        }
        Some(self.game.place(form, p.at, p.rot, Some(number)))
    }

    /// Which rotations of a misfitting tile would match every neighbour's
    /// edge where it was put.
    fn fitting_rotations(&self, p: &Placement) -> Vec<Rotation> {
        Rotation::ALL
            .into_iter()
            .filter(|&r| {
                !self
                    .game
                    .placement_problems(p.tile(), p.at, r)
                    .iter()
                    .any(|q| matches!(q, PlaceProblem::Mismatch { .. }))
            })
            .collect()
    }

    /// The violation a placement problem amounts to (at the position).
    fn placement_violation(&self, problem: PlaceProblem, p: &Placement) -> ViolationKind {
        match problem {
            PlaceProblem::Occupied { id, turn } => ViolationKind::OccupiedPosition {
                pos: p.at,
                id,
                placed: Some(turn.map_or(PlacedWhen::Start, PlacedWhen::Turn)),
            },
            PlaceProblem::NoContact { corner } => ViolationKind::NoContact {
                id: self.id(p.tile()),
                pos: p.at,
                corner,
            },
            PlaceProblem::Mismatch {
                edge,
                ours,
                neighbour,
                at,
                theirs,
            } => ViolationKind::EdgeMismatch {
                id: self.id(p.tile()),
                pos: p.at,
                edge,
                ours,
                neighbour,
                at,
                theirs,
                fits: self.fitting_rotations(p),
            },
            PlaceProblem::NotAHole { empty } => ViolationKind::NotAHole {
                id: self.id(p.tile()),
                pos: p.at,
                empty,
            },
        }
    }

    /// Resolves a location on a placed tile; reports an input error if it
    /// names nothing.
    #[inline(always)]
    fn resolve(&mut self, idx: usize, loc: &Location, span: SourceSpan) -> Option<usize> {
        let placed = &self.game.placed()[idx];
        let tile = &self.record.catalog.tiles[placed.tile()].tile;
        match loc.resolve(tile, placed.rot) {
            Ok(f) => Some(f),
            Err(problem) => {
                let v = ViolationKind::NoSuchSpot(Box::new(Unnamed::on(
                    loc, placed.pos, tile, placed.rot, problem,
                )));
                self.violation(v, span);
                None
            }
        }
    }

    #[inline(always)]
    fn deploy(&mut self, idx: usize, d: &Deploy, actor: usize, turn: usize) {
        let span = d.span;
        if self.record.catalog.figures.on_corner(d.figure) {
            let pos = self.game.placed()[idx].pos;
            self.deploy_corner(pos, &d.location, span, actor, d.figure, Some(turn), true);
            return;
        }
        let Some(feature) = self.resolve(idx, &d.location, span) else {
            return;
        };
        let problem = self.feature_problem(idx, feature, actor, d.figure);
        self.deploy_unless(problem, idx, feature, actor, d.figure, (&d.location, span));
    }

    /// The rule, generic or a mechanic's, that deploying `figure` of
    /// `actor` on feature `feature` of placed tile `idx` breaks.
    #[inline(always)]
    fn feature_problem(
        &self,
        idx: usize,
        feature: usize,
        actor: usize,
        figure: Figure,
    ) -> Option<ViolationKind> {
        self.feature_problem_in(&self.game, &self.mechanics, idx, feature, actor, figure)
    }

    /// The same question asked of another state of the game (a placement
    /// tried on a copy, as `carca moves` tries it): one rule for both.
    #[inline(always)]
    pub(super) fn feature_problem_in(
        &self,
        game: &Game<'_>,
        mechanics: &Mechanics,
        idx: usize,
        feature: usize,
        actor: usize,
        figure: Figure,
    ) -> Option<ViolationKind> {
        match game.deploy_problem(idx, feature, actor, figure) {
            Some(problem) => Some(self.deploy_violation(problem, actor)),
            None => mechanics.deploy_problem(
                game,
                &self.record.players,
                actor,
                figure,
                Target::Feature(Spot {
                    placed: idx,
                    feature,
                }),
            ),
        }
    }

    /// Deploys the figure, or, when a rule forbids it, reports the
    /// violation and keeps the figure in supply (drawn refused).
    #[inline(always)]
    fn deploy_unless(
        &mut self,
        problem: Option<ViolationKind>,
        idx: usize,
        feature: usize,
        actor: usize,
        figure: Figure,
        (written, span): (&Location, SourceSpan),
    ) {
        match problem {
            None => self
                .game
                .deploy_written(idx, feature, actor, figure, Some(written)),
            Some(v) => {
                self.refused.push(Refused {
                    placed: idx,
                    feature,
                    player: actor,
                });
                self.violation(v, span);
            }
        }
    }

    /// Deploys the turn's figure on another tile than the one just placed,
    /// which a mechanic allows (a magic portal): only a follower, only on
    /// an unfinished feature, under the usual rules.
    fn deploy_elsewhere(&mut self, d: &Deploy, actor: usize) {
        let Some((at, at_span)) = d.at else { return };
        let table = std::sync::Arc::clone(&self.record.catalog.figures);
        let Some(idx) = self.game.at(at) else {
            let v = ViolationKind::NoSuchSpot(Box::new(Unnamed::nowhere(&d.location, at)));
            self.violation(v, at_span);
            return;
        };
        if !table.is_follower(d.figure) || table.on_corner(d.figure) {
            let v = ViolationKind::ElsewhereRefused {
                player: self.player(actor),
                figure: table.name(d.figure).to_string(),
                at,
                why: Elsewhere::NotFollower,
            };
            self.violation(v, d.span);
            return;
        }
        let Some(feature) = self.resolve(idx, &d.location, d.span) else {
            return;
        };
        let spot = Spot {
            placed: idx,
            feature,
        };
        let problem = if self.game.finished(spot) {
            Some(ViolationKind::ElsewhereRefused {
                player: self.player(actor),
                figure: table.name(d.figure).to_string(),
                at,
                why: Elsewhere::Finished,
            })
        } else {
            self.feature_problem(idx, feature, actor, d.figure)
        };
        self.deploy_unless(
            problem,
            idx,
            feature,
            actor,
            d.figure,
            (&d.location, d.span),
        );
    }

    /// Puts a figure that stands on corner points (the barn) on the corner
    /// `location` names of the tile at `pos`, if the rules allow it
    /// (`mechanics`: ask the mechanics' rules too, which a snapshot does
    /// not, since its farms may have been joined after).
    #[allow(clippy::too_many_arguments)]
    fn deploy_corner(
        &mut self,
        pos: Pos,
        location: &Location,
        span: SourceSpan,
        player: usize,
        figure: Figure,
        turn: Option<usize>,
        mechanics: bool,
    ) {
        let table = std::sync::Arc::clone(&self.record.catalog.figures);
        let Some(point) = location.corner_point(pos) else {
            self.violation(
                ViolationKind::NotACorner {
                    figure: table.name(figure).to_string(),
                },
                span,
            );
            return;
        };
        let asked = mechanics.then_some(&self.mechanics);
        let problem = self.corner_problem_in(&self.game, asked, point, player, figure);
        match problem {
            None => self.game.deploy_corner(point, player, figure, turn),
            Some(v) => self.violation(v, span),
        }
    }

    /// The rule, generic or (when `mechanics` are given) a mechanic's,
    /// that putting `player`'s `figure` on the corner point `point` breaks
    /// in `game`: the question the referee and `carca moves` both ask.
    pub(super) fn corner_problem_in(
        &self,
        game: &Game<'_>,
        mechanics: Option<&Mechanics>,
        point: Pos,
        player: usize,
        figure: Figure,
    ) -> Option<ViolationKind> {
        if game.supply(player, figure) == 0 {
            return Some(self.deploy_violation(DeployProblem::NoFollowers(figure), player));
        }
        if let Some(why) = game.corner_problem(point) {
            return Some(ViolationKind::CornerRefused {
                player: self.player(player),
                figure: self.record.catalog.figures.name(figure).to_string(),
                point,
                why,
            });
        }
        mechanics?.deploy_problem(
            game,
            &self.record.players,
            player,
            figure,
            Target::Corner(point),
        )
    }

    /// The violation a refused deployment of `actor`'s is.
    fn deploy_violation(&self, problem: DeployProblem, actor: usize) -> ViolationKind {
        let player = self.player(actor);
        let table = &self.record.catalog.figures;
        let name = |f: Figure| table.name(f).to_string();
        match problem {
            DeployProblem::NoFollowers(Figure::FOLLOWER) => ViolationKind::NoFollower { player },
            DeployProblem::NoFollowers(figure) => ViolationKind::NoFigure {
                player,
                figure: name(figure),
                count: self.rules.supply_with(figure, table),
            },
            DeployProblem::WrongFeature(figure, kind) => ViolationKind::FigureMisplaced {
                player,
                figure: name(figure),
                stands: table.kind(figure).stands.clone(),
                kind,
            },
            DeployProblem::Alone(figure, kind) => ViolationKind::FigureAlone {
                player,
                figure: name(figure),
                stands: table.kind(figure).stands.clone(),
                kind,
            },
            DeployProblem::Completed(figure, kind) => ViolationKind::CompanionOnCompleted {
                player,
                figure: name(figure),
                kind,
            },
            DeployProblem::NotOccupiable(_) => ViolationKind::FollowerOnRiver { player },
            DeployProblem::Landmark(landmark) => {
                ViolationKind::FollowerInLandmark { player, landmark }
            }
            DeployProblem::Occupied { kind, figure, by } => ViolationKind::FeatureOccupied {
                player,
                figure: name(figure),
                kind,
                by: by
                    .into_iter()
                    .map(|(pl, f, pos, l)| (self.player(pl), name(f), pos, l))
                    .collect(),
            },
        }
    }

    /// Lays out a snapshot, puts its followers on it and gives the players
    /// the trade-good tokens it says they hold.
    pub(super) fn snapshot(&mut self, board: &[Placement], meeples: &[Meeple]) {
        let held = self.record.snapshot.get::<crate::record::Holdings>();
        for &(player, good, n) in held.map_or(&[][..], |h| &h.0) {
            self.game.holding(player, good, n);
        }
        let start = &self.record.start;
        // A start block lies there from the start: a board may list its
        // tiles in their places, or leave them out.
        let block = self.record.catalog.start_block();
        let in_block = |p: &Placement| {
            p.rot == Rotation::R0
                && (p.tile() == start.tile() && p.at == start.at
                    || block.iter().any(|&(t, at)| t == p.tile() && at == p.at))
        };
        if !block.is_empty() || !board.iter().any(|p| p.at == start.at) {
            self.start();
        }
        let mut spans: HashMap<Pos, SourceSpan> = HashMap::new();
        for p in board.iter().filter(|p| block.is_empty() || !in_block(p)) {
            let entry = &self.record.catalog.tiles[p.tile()];
            if self.game.at(p.at).is_some() {
                let id = self.game.placed()[self.game.at(p.at).unwrap_or(0)].tile();
                self.violation(
                    ViolationKind::OccupiedPosition {
                        pos: p.at,
                        id: self.id(id),
                        placed: None,
                    },
                    p.at_span.into(),
                );
                continue;
            }
            if entry.tile.per_player {
                let own = &mut self.supply.own;
                let holder = (0..own.len()).find(|&pl| own[pl][p.tile()] > 0);
                match holder {
                    Some(pl) => own[pl][p.tile()] -= 1,
                    None => self.violation(
                        ViolationKind::Supply {
                            id: self.id(p.tile()),
                            count: entry.tile.count * self.record.players.len() as u32,
                            start: false,
                        },
                        p.tile_span.into(),
                    ),
                }
            } else {
                self.draw(p.tile(), p.tile_span.into());
            }
            let form = self.stated_form(p.tile(), p.at, p.rot);
            for problem in self.game.placement_problems(form, p.at, p.rot) {
                // Contact and holes are checked on the whole board below.
                if matches!(problem, PlaceProblem::Mismatch { .. }) {
                    let v = self.placement_violation(problem, p);
                    self.violation(v, p.at_span.into());
                }
            }
            spans.insert(p.at, p.at_span.into());
            self.game.place(form, p.at, p.rot, None);
        }
        self.snapshot_checks(&spans);
        let table = std::sync::Arc::clone(&self.record.catalog.figures);
        let kinds = table.len();
        let mut on_table = vec![0usize; kinds * self.record.players.len()];
        // The mechanics' own state (towers and the followers on them,
        // prisoners), and the figures it keeps out of supply.
        let (said, kept) = self.mechanics.restore(&mut self.game, self.record);
        for (v, span) in said.violations {
            self.violation(v, span);
        }
        for (player, figure) in kept {
            if let Some(n) = on_table.get_mut(player * kinds + figure.index().min(kinds - 1)) {
                *n += 1;
            }
        }
        let taken = said.taken;
        // In an order of their own (where, then whose), not the order the
        // snapshot lists them: when two cannot both stand (one spot, one
        // follower too many), which one stands does not hang on the list.
        let mut meeples: Vec<&Meeple> = meeples
            .iter()
            .enumerate()
            .filter(|(i, _)| !taken.contains(i))
            .map(|(_, m)| m)
            .collect();
        meeples.sort_by_cached_key(|m| {
            (
                -m.at.y,
                m.at.x,
                m.spot.to_string(),
                m.player,
                m.figure.index(),
            )
        });
        // The spots taken: a follower takes its spot; a companion stands
        // beside its owner's follower there, and only a second companion
        // of the same kind and owner is one too many.
        let mut spots: HashSet<SpotTaken> = HashSet::new();
        // Followers first: a builder or pig is checked against the
        // followers beside it, wherever the snapshot lists it.
        let ordered = meeples
            .iter()
            .copied()
            .filter(|m| table.is_follower(m.figure))
            .chain(
                meeples
                    .iter()
                    .copied()
                    .filter(|m| !table.is_follower(m.figure)),
            );
        for m in ordered {
            if table.on_corner(m.figure) && self.game.at(m.at).is_some() {
                self.deploy_corner(m.at, &m.spot, m.spot_span, m.player, m.figure, None, false);
                continue;
            }
            let Some(idx) = self.game.at(m.at) else {
                let v = ViolationKind::NoSuchSpot(Box::new(Unnamed::nowhere(&m.spot, m.at)));
                self.violation(v, m.at_span);
                continue;
            };
            let Some(feature) = self.resolve(idx, &m.spot, m.spot_span) else {
                continue;
            };
            let kind = self.game.tile(self.game.placed()[idx].tile()).features[feature].kind;
            let refused = Refused {
                placed: idx,
                feature,
                player: m.player,
            };
            if kind == FeatureKind::River {
                self.violation(
                    ViolationKind::FollowerOnRiver {
                        player: self.player(m.player),
                    },
                    m.spot_span,
                );
                self.refused.push(refused);
                continue;
            }
            if let Some(landmark) = self.game.landmark_at(idx, feature) {
                self.violation(
                    ViolationKind::FollowerInLandmark {
                        player: self.player(m.player),
                        landmark: landmark.to_string(),
                    },
                    m.spot_span,
                );
                self.refused.push(refused);
                continue;
            }
            let companion = (!table.is_follower(m.figure)).then_some((m.player, m.figure));
            if !spots.insert((m.at, feature, companion)) {
                self.violation(ViolationKind::SameSpot { kind, pos: m.at }, m.span);
                self.refused.push(refused);
                continue;
            }
            let slot = m.player * kinds + m.figure.index().min(kinds - 1);
            on_table[slot] += 1;
            let count = on_table[slot];
            let max = self
                .rules
                .supply_with(m.figure, &self.record.catalog.figures);
            if count > max as usize {
                let v = if m.figure == Figure::FOLLOWER {
                    ViolationKind::TooManyFollowers {
                        player: self.player(m.player),
                        count,
                        max,
                    }
                } else {
                    ViolationKind::NoFigure {
                        player: self.player(m.player),
                        figure: table.name(m.figure).to_string(),
                        count: max,
                    }
                };
                self.violation(v, m.span);
                self.refused.push(refused);
                continue;
            }
            // A snapshot may show a completed feature still held (it scores
            // as complete), its builder too, and followers of any kind that
            // were joined on one feature.
            if !table.stands_anywhere(m.figure)
                && let Some(problem) = self
                    .game
                    .deploy_problem(idx, feature, m.player, m.figure)
                    .filter(|p| {
                        !matches!(
                            p,
                            DeployProblem::Completed(..) | DeployProblem::Occupied { .. }
                        )
                    })
            {
                let v = self.deploy_violation(problem, m.player);
                self.violation(v, m.spot_span);
                self.refused.push(refused);
                continue;
            }
            self.game
                .deploy_written(idx, feature, m.player, m.figure, Some(&m.spot));
        }
        let said = self.mechanics.settled(&mut self.game, self.record);
        for (v, span) in said.violations {
            self.violation(v, span);
        }
    }

    /// Abbeys in holes, and every tile connected to the start.
    fn snapshot_checks(&mut self, spans: &HashMap<Pos, SourceSpan>) {
        let placed = self.game.placed().to_vec();
        for p in &placed {
            let t = self.game.tile(p.tile());
            if t.hole_only {
                let empty: Vec<Edge> = Edge::ALL
                    .into_iter()
                    .filter(|e| self.game.at(p.pos.step(*e)).is_none())
                    .collect();
                if !empty.is_empty() {
                    let span = spans
                        .get(&p.pos)
                        .copied()
                        .unwrap_or(SourceSpan::from((0, 0)));
                    let v = ViolationKind::NotAHole {
                        id: t.id.clone(),
                        pos: p.pos,
                        empty,
                    };
                    self.violation(v, span);
                }
            }
        }
        let Some(first) = placed.first() else { return };
        let mut seen: HashSet<Pos> = HashSet::from([first.pos]);
        let mut queue = VecDeque::from([first.pos]);
        while let Some(q) = queue.pop_front() {
            for e in Edge::ALL {
                let n = q.step(e);
                if self.game.at(n).is_some() && seen.insert(n) {
                    queue.push_back(n);
                }
            }
        }
        for p in &placed {
            if !seen.contains(&p.pos) {
                let span = spans
                    .get(&p.pos)
                    .copied()
                    .unwrap_or(SourceSpan::from((0, 0)));
                let v = ViolationKind::Disconnected {
                    id: self.game.tile(p.tile()).id.clone(),
                    pos: p.pos,
                };
                self.violation(v, span);
            }
        }
    }
}

/// A spot of a snapshot taken by a figure: the tile, the feature, and for
/// a companion its owner and kind.
type SpotTaken = (Pos, usize, Option<(usize, Figure)>);

/// A turn's acts: those its entry writes, or, when a seat made them,
/// those (a turn has one or the other).
fn turn_acts<'a>(turn: &'a Turn, made: &'a [Act]) -> &'a [Act] {
    if made.is_empty() { &turn.acts } else { made }
}

#[cfg(test)]
mod tests {
    use super::{Referee, adjudicate};
    use crate::loader::Loader;
    use crate::record::{Body, Record, parse};
    use crate::rules::Ruleset;
    use crate::source::SourceFile;
    use std::path::Path;

    fn record(text: &str) -> Record {
        parse(
            &Loader::default(),
            &SourceFile::new("r.yaml", text),
            Path::new(""),
        )
        .expect("a record")
    }

    #[test]
    fn work_given_up_stops_between_turns_and_other_work_never_does() {
        use std::fmt::Write;
        use std::sync::Arc;
        use std::sync::atomic::AtomicBool;
        // 600 straight roads in a row (more than the supply holds: those
        // break a rule, and still lie on the board).
        let mut text = String::from("players: [red, blue]\nturns:\n");
        for x in 1..=600 {
            let _ = writeln!(text, "  - {{ tile: U, at: [{x}, 0], rot: 90 }}");
        }
        let r = record(&text);
        let rules = Ruleset::modern();
        let whole = adjudicate(&r, &rules, "modern", true, &crate::expansions::ALL);
        assert_eq!(whole.tiles_placed, 601, "{:?}", whole.findings);
        let given_up = crate::stop::watching(Arc::new(AtomicBool::new(true)), || {
            adjudicate(&r, &rules, "modern", true, &crate::expansions::ALL)
        });
        assert!(given_up.tiles_placed < 300, "{}", given_up.tiles_placed);
        let watched = crate::stop::watching(Arc::new(AtomicBool::new(false)), || {
            adjudicate(&r, &rules, "modern", true, &crate::expansions::ALL)
        });
        assert_eq!(watched.tiles_placed, 601);
    }

    /// A seat that deploys a follower on the tile just placed, where it
    /// says.
    struct Deploying(&'static str);

    impl crate::engine::seat::Seat for Deploying {
        fn deploy(
            &mut self,
            _mechanics: &super::Mechanics,
            _game: &super::Game,
            _acting: &super::Acting<'_>,
            made: &mut Vec<super::Act>,
        ) {
            made.push(super::Act::Deploy(super::Deploy {
                location: super::Location::parse(self.0).expect("a location"),
                span: miette::SourceSpan::from((0, 0)),
                figure: crate::rules::Figure::FOLLOWER,
                at: None,
            }));
        }
    }

    #[test]
    fn a_seats_choices_are_judged_as_written_ones_and_become_the_turns_acts() {
        // Two turns of straight roads east of the start; each seat deploys
        // on the tile just placed.
        let r = record(
            "players: [red, blue]\nturns:\n  - { tile: U, at: [1, 0] }\n  - { tile: U, at: [2, 0] }\n",
        );
        let Body::History(turns) = &r.body else {
            panic!("a history")
        };
        let rules = Ruleset::modern();
        let played = |seat: &mut Deploying, turn: usize| {
            let mut referee = Referee::new(&r, &rules, &crate::expansions::ALL);
            referee.history(&turns[..turn]);
            let mut made = Vec::new();
            referee.turn(&turns[turn], seat, false, &mut made);
            (referee, made)
        };
        // A road the rules allow: the follower stands, and the act is the
        // turn's.
        let (referee, made) = played(&mut Deploying("E"), 0);
        assert!(referee.findings.is_empty(), "{:?}", referee.findings);
        assert_eq!(referee.game.followers().len(), 1);
        assert!(matches!(made.as_slice(), [super::Act::Deploy(_)]));
        // A cloister the tile does not have: refused as a written one is.
        let (referee, _) = played(&mut Deploying("C"), 0);
        let codes: Vec<String> = referee
            .findings
            .iter()
            .map(crate::diagnostic::Finding::code_string)
            .collect();
        assert_eq!(codes, vec!["carca::record::location_nothing".to_string()]);
        assert!(referee.game.followers().is_empty());
        // The road red's follower holds, extended: blue may not join it.
        let mut referee = Referee::new(&r, &rules, &crate::expansions::ALL);
        let mut made = Vec::new();
        referee.begin();
        referee.turn(&turns[0], &mut Deploying("E"), true, &mut made);
        made.clear();
        referee.turn(&turns[1], &mut Deploying("E"), false, &mut made);
        let codes: Vec<String> = referee
            .findings
            .iter()
            .map(crate::diagnostic::Finding::code_string)
            .collect();
        assert_eq!(codes, vec!["carca::rules::feature_occupied".to_string()]);
    }

    #[test]
    fn a_discard_keeps_the_turn_and_the_next_entry_is_the_same_players() {
        // C would fit above the start tile: the discard breaks a rule, and
        // still the same player draws again.
        let r = record(
            "players: [red, blue]\nturns:\n  - { discard: C }\n  - { tile: U, at: [1, 0] }\n  - { tile: U, at: [-1, 0] }\n",
        );
        let rules = Ruleset::modern();
        let mut referee = Referee::new(&r, &rules, &crate::expansions::ALL);
        let Body::History(turns) = &r.body else {
            panic!("a history")
        };
        referee.history(&turns[..2]);
        // After red's discard and red's tile, blue is to play.
        assert_eq!(referee.order.next(), 1);
        let a = adjudicate(&r, &rules, "modern", true, &crate::expansions::ALL);
        let codes: Vec<String> = a
            .findings
            .iter()
            .map(crate::diagnostic::Finding::code_string)
            .collect();
        assert_eq!(codes, vec!["carca::rules::discard_fits".to_string()]);
    }

    #[test]
    fn a_tile_on_an_occupied_square_is_not_placed_and_the_game_goes_on() {
        let r = record(
            "players: [red, blue]\nturns:\n  - { tile: U, at: [0, 0], meeple: E }\n  - { tile: U, at: [1, 0], meeple: E }\nfinal: true\n",
        );
        let a = adjudicate(
            &r,
            &Ruleset::modern(),
            "modern",
            true,
            &crate::expansions::ALL,
        );
        assert_eq!(a.tiles_placed, 2, "the start tile and blue's");
        assert_eq!(a.marks, vec![crate::geometry::Pos::new(0, 0)]);
        // Blue's thief on the road from the start tile: 2 points at the end.
        assert_eq!(a.totals, vec![0, 2]);
    }

    #[test]
    fn the_tiles_left_leave_out_what_a_mechanic_sets_aside() {
        let r = record("tilesets: [base, princess-dragon]\nplayers: [red, blue]\nturns: []\n");
        let rules = Ruleset::modern();
        let mut referee = Referee::new(&r, &rules, &crate::expansions::ALL);
        let Body::History(turns) = &r.body else {
            panic!("a history")
        };
        referee.history(turns);
        // 72 + 30 tiles, the start tile drawn, the 12 dragon tiles aside.
        assert_eq!(referee.supply.land_left, 101);
        assert_eq!(referee.land_left(), 89);
    }
}
