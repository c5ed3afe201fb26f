//! Who plays each turn: the one turn order that the referee, the legal
//! moves of a position (`carca moves`, the page) and the generator all
//! follow, so they cannot disagree about who is to play.
//!
//! Players take turns in the record's order. A discard keeps the turn (the
//! same player draws again); a mechanic may give the player one more turn
//! at once ([`DoubleTurns`], the builder's second turn). The final abbey
//! round keeps its own order ([`super::abbey::FinalRound`]).

use super::traders::{DoubleTurns, OutOfTurn};

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

#[cfg(test)]
mod tests {
    use super::*;

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
