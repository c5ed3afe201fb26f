//! Who plays each turn: the one turn order that the referee, the legal
//! moves of a position (`carca moves`, the page) and the generator all
//! follow, so they cannot disagree about who is to play.
//!
//! Players take turns in the record's order. A discard keeps the turn (the
//! same player draws again); a mechanic may give the player one more turn
//! at once ([`DoubleTurns`]: the builder's second turn, never a third). The final abbey
//! round keeps its own order ([`super::abbey::FinalRound`]).

/// The turn order of a game in progress.
#[derive(Debug, Clone)]
pub struct TurnOrder {
    players: usize,
    next: usize,
    doubles: DoubleTurns,
    /// Some mechanic in play can give a second turn.
    extra_turns: bool,
}

impl TurnOrder {
    /// The order of `players` players, the first to play first;
    /// `extra_turns`: a mechanic in play may give a player one more turn.
    #[must_use]
    pub fn new(players: usize, extra_turns: bool) -> TurnOrder {
        TurnOrder {
            players: players.max(1),
            next: 0,
            doubles: DoubleTurns::default(),
            extra_turns,
        }
    }

    /// The player whose turn it is.
    #[must_use]
    pub fn next(&self) -> usize {
        self.next
    }

    /// `None` when `got` is the player whose turn it is; otherwise why not.
    #[must_use]
    pub fn out_of_turn(&self, got: usize) -> Option<OutOfTurn> {
        (got != self.next).then(|| self.doubles.out_of_turn(got, self.extra_turns))
    }

    /// Whether `actor`'s turn now is a second turn (so it earns no third).
    #[must_use]
    pub fn is_second(&self, actor: usize) -> bool {
        self.extra_turns && self.doubles.is_second(actor)
    }

    /// Whether `actor` now takes a second turn owed to them.
    #[must_use]
    pub fn takes_owed(&self, actor: usize) -> bool {
        self.extra_turns && self.doubles.takes_owed(actor)
    }

    /// After `actor` played turn `number`: a discard keeps the turn, and
    /// so does a placement that `earned` one more turn (unless it was
    /// itself a second turn); otherwise the next player in order plays.
    pub fn after(&mut self, actor: usize, number: usize, discard: bool, earned: bool) {
        let earned = earned && self.extra_turns;
        self.next = self
            .doubles
            .after(actor, number, discard, earned, self.players);
    }

    /// After a turn played once the game was over: the next player in
    /// order, whatever the turn was.
    pub fn pass(&mut self, actor: usize) {
        self.next = (actor + 1) % self.players;
    }
}

/// Second turns: one owed, the player taking one, and whether the last
/// placement was one. A mechanic (the builder) earns them; a second turn
/// never earns a third.
#[derive(Debug, Clone, Default)]
pub struct DoubleTurns {
    /// A second turn owed: the player, and the turn that earned it.
    owed: Option<(usize, usize)>,
    /// The player taking a second turn now (it lasts through discards).
    in_second: Option<usize>,
    /// The last placement's player, and whether it was a second turn.
    prev: Option<(usize, bool)>,
}

/// Why a record's player is not the one whose turn it is, when second
/// turns may be earned.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutOfTurn {
    /// The turn was a second turn owed to this player, earned on this turn.
    Skipped {
        /// The player owed it.
        player: usize,
        /// The turn that earned it.
        earned: usize,
    },
    /// The record's player just played and earned no second turn; `third`
    /// when that turn was itself a second turn.
    Unearned {
        /// Whether a second turn would have been a third.
        third: bool,
    },
    /// Anything else: the plain turn order.
    Order,
}

impl DoubleTurns {
    /// What is wrong when the record gives the turn to `got` instead of
    /// `expected`; `extra`: some mechanic in play gives second turns.
    #[must_use]
    pub fn out_of_turn(&self, got: usize, extra: bool) -> OutOfTurn {
        match (self.owed, self.prev) {
            (Some((player, earned)), _) => OutOfTurn::Skipped { player, earned },
            (None, Some((last, third))) if extra && last == got => OutOfTurn::Unearned { third },
            _ => OutOfTurn::Order,
        }
    }

    /// Whether `actor`'s turn now is a second turn (so it earns no third).
    /// A player who goes on after a second turn (the record gives them a
    /// third) is still on it.
    #[must_use]
    pub fn is_second(&self, actor: usize) -> bool {
        self.owed.is_some_and(|(o, _)| o == actor)
            || self.in_second == Some(actor)
            || self.prev == Some((actor, true))
    }

    /// Whether `actor` now takes the second turn owed to them.
    #[must_use]
    pub fn takes_owed(&self, actor: usize) -> bool {
        self.owed.is_some_and(|(o, _)| o == actor)
    }

    /// After `actor`'s turn `number`: a discard keeps the turn (and a
    /// second turn stays one); a placement that earned a second turn
    /// (`earned`, and this was not one) keeps it too. Returns the player
    /// whose turn is next, given `n` players.
    pub fn after(
        &mut self,
        actor: usize,
        number: usize,
        discard: bool,
        earned: bool,
        n: usize,
    ) -> usize {
        let second = self.is_second(actor);
        self.owed = None;
        self.in_second = None;
        self.prev = (!discard).then_some((actor, second));
        if discard {
            self.in_second = second.then_some(actor);
            actor
        } else if earned && !second {
            self.owed = Some((actor, number));
            actor
        } else {
            let next = (actor + 1) % n;
            if next == actor {
                // Alone at the table, the player's next turn is a new
                // turn, not one more after a second turn.
                self.prev = Some((actor, false));
            }
            next
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn a_builder_gives_one_more_turn_and_never_a_third() {
        let mut d = DoubleTurns::default();
        // Red (0) earns a second turn on turn 1: red plays again.
        assert_eq!(d.after(0, 1, false, true, 2), 0);
        assert!(d.takes_owed(0) && d.is_second(0));
        // Red's second turn earns again: no third, blue (1) is next.
        assert_eq!(d.after(0, 2, false, true, 2), 1);
        // Red going on anyway is a third turn, not a new earning.
        assert_eq!(d.out_of_turn(0, true), OutOfTurn::Unearned { third: true });
        assert_eq!(d.after(1, 3, false, false, 2), 0);
    }

    #[test]
    fn alone_at_the_table_only_the_turn_after_the_earning_one_is_a_second_turn() {
        let mut d = DoubleTurns::default();
        // The one player earns a second turn on turn 1 and takes it.
        assert_eq!(d.after(0, 1, false, true, 1), 0);
        assert!(d.is_second(0));
        // Turn 3 is a new turn: not a second one, and it may earn again.
        assert_eq!(d.after(0, 2, false, false, 1), 0);
        assert!(!d.is_second(0), "turn 3 is a new turn");
        assert_eq!(d.after(0, 3, false, true, 1), 0);
        assert!(d.takes_owed(0) && d.is_second(0));
        // A second turn that earns again gives no third: turn 6 is new.
        assert_eq!(d.after(0, 4, false, true, 1), 0);
        assert!(!d.is_second(0) && !d.takes_owed(0));
    }

    #[test]
    fn a_discard_in_a_second_turn_keeps_it_a_second_turn() {
        let mut d = DoubleTurns::default();
        assert_eq!(d.after(0, 1, false, true, 2), 0);
        assert_eq!(d.after(0, 2, true, false, 2), 0);
        assert!(d.is_second(0));
        assert_eq!(d.after(0, 3, false, true, 2), 1);
    }

    #[test]
    fn a_skipped_second_turn_names_who_was_owed_it() {
        let mut d = DoubleTurns::default();
        d.after(1, 4, false, true, 3);
        assert_eq!(
            d.out_of_turn(2, true),
            OutOfTurn::Skipped {
                player: 1,
                earned: 4
            }
        );
        // Without builders in play, a repeated player is a plain order error.
        let mut plain = DoubleTurns::default();
        plain.after(1, 1, false, false, 3);
        assert_eq!(plain.out_of_turn(1, false), OutOfTurn::Order);
    }

    #[test]
    fn players_follow_each_other_and_a_discard_keeps_the_turn() {
        let mut o = TurnOrder::new(3, false);
        assert_eq!(o.next(), 0);
        o.after(0, 1, false, false);
        assert_eq!(o.next(), 1);
        o.after(1, 2, true, false);
        assert_eq!(o.next(), 1);
        o.after(1, 3, false, false);
        o.after(2, 4, false, false);
        assert_eq!(o.next(), 0);
        assert_eq!(o.out_of_turn(2), Some(OutOfTurn::Order));
        assert_eq!(o.out_of_turn(0), None);
    }

    #[test]
    fn a_second_turn_is_given_only_where_a_mechanic_can_give_one() {
        let mut plain = TurnOrder::new(2, false);
        plain.after(0, 1, false, true);
        assert_eq!(plain.next(), 1);
        let mut builders = TurnOrder::new(2, true);
        builders.after(0, 1, false, true);
        assert_eq!(builders.next(), 0);
        assert!(builders.takes_owed(0) && builders.is_second(0));
        builders.after(0, 2, false, true);
        assert_eq!(builders.next(), 1, "never a third turn");
    }
}
