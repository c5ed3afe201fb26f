//! Who makes a turn's choices. The referee walks the phases of every turn
//! in one order, for every command (`score`, `moves`, the page, `gen`);
//! at each phase that takes choices it asks the turn's seat for them.
//!
//! A record is a seat whose choices are all written already: the referee
//! reads the turn's entry, and each method here says so by returning
//! `None`. A player who chooses now (the generator's dice, or an import
//! drawing from a bag by a saved random number) makes them in the phase,
//! through the mechanics' proposals, and adds what it chose to `made`:
//! those are the turn's acts from then on.

use super::game::Game;
use super::mechanic::{Acting, Laying, Mechanics, Phases, Said, Scored, TurnEnded};
use crate::record::Act;

/// The choices of a turn, phase by phase (see the module's text). Each
/// method that makes a choice applies it through the mechanics, as the
/// referee applies a written one, and returns what the mechanics said.
pub(crate) trait Seat {
    /// The "place" phase: the form the tile is laid in (a bridge across
    /// it), made by acts the seat adds to `made`.
    fn lay(
        &mut self,
        _mechanics: &mut Mechanics,
        _game: &mut Game,
        _laying: &Laying<'_>,
        _made: &mut Vec<Act>,
    ) -> Option<(Option<usize>, Said)> {
        None
    }

    /// The "act" phase: a mechanic's action instead of a deployment (a
    /// ransom, a tower piece), or more acts beside it.
    fn act(
        &mut self,
        _mechanics: &mut Mechanics,
        _game: &mut Game,
        _acting: &Acting<'_>,
        _made: &mut Vec<Act>,
    ) -> Option<Said> {
        None
    }

    /// The "deploy" phase: the figure deployed (unless an act the seat
    /// made is the turn's action), which the referee then deploys as it
    /// would a written one.
    fn deploy(
        &mut self,
        _mechanics: &Mechanics,
        _game: &Game,
        _acting: &Acting<'_>,
        _made: &mut Vec<Act>,
    ) {
    }

    /// The "move" phase: neutral figures moving before the scoring.
    fn before_scoring(
        &mut self,
        _mechanics: &mut Mechanics,
        _game: &mut Game,
        _acting: &Acting<'_>,
        _made: &mut Vec<Act>,
    ) -> Option<Said> {
        None
    }

    /// The "scored" phase: figures the scoring sent home moving on.
    fn scored(
        &mut self,
        _mechanics: &mut Mechanics,
        _game: &mut Game,
        _scored: &Scored<'_>,
        _made: &mut Vec<Act>,
    ) -> Option<Said> {
        None
    }

    /// The "turn end" phase: what comes between turns (an auction), whose
    /// acts the referee then hands the mechanics.
    fn turn_end(
        &mut self,
        _mechanics: &Mechanics,
        _game: &Game,
        _ended: &TurnEnded<'_>,
        _made: &mut Vec<Act>,
    ) {
    }
}

/// A record's seat: every choice is written in the turn's entry.
pub(crate) struct Written;

impl Seat for Written {}

/// A record's seat, except that the acts of one record key in one turn's
/// "move" phase are made, not read, each choice by `pick` (the acts it
/// made are kept in `acts`).
pub(crate) struct Proposing {
    /// The turn's number.
    pub turn: usize,
    /// The record key (`flock`).
    pub key: String,
    /// Makes each choice: an index below the number of options.
    pub pick: Box<dyn FnMut(usize) -> Option<usize>>,
    /// The acts made.
    pub acts: Vec<Act>,
}

impl Seat for Proposing {
    fn before_scoring(
        &mut self,
        mechanics: &mut Mechanics,
        game: &mut Game,
        acting: &Acting<'_>,
        _made: &mut Vec<Act>,
    ) -> Option<Said> {
        if acting.turn != self.turn
            || !mechanics.busy(
                game,
                Phases::MOVE,
                acting.actor,
                Some(acting.placed),
                acting.acts,
            )
        {
            return None;
        }
        let (acts, said) =
            mechanics.play_before_scoring(game, acting, Some(&self.key), &mut self.pick);
        self.acts = acts;
        Some(said)
    }
}
