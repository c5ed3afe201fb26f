//! What the engine finds when it scores: events, the features they name,
//! when they happened, and the awards (which rule, made of which parts). Plain data that scoring, the referee and the
//! reports share.

use std::any::Any;
use std::fmt;

use crate::geometry::Pos;
use crate::record::location::Location;
use crate::rules::{FarmScoring, Figure};
use crate::tileset::FeatureKind;

/// When an event happened.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// During a turn (1-based entry in `turns`), played by `player`.
    Turn {
        /// Entry number.
        number: usize,
        /// The player whose turn it was.
        player: usize,
    },
    /// Final scoring.
    Final,
}

/// Something that happened without points, as the adjudication notes it:
/// a second turn earned, and (as mechanics add them) a figure moved or
/// removed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Note {
    /// The turn (1-based entry of `turns`) it happened on; 0: at the end,
    /// before the final scoring.
    pub turn: usize,
    /// The player it happened to.
    pub player: usize,
    /// What happened.
    pub kind: NoteKind,
}

impl Note {
    /// The list of figures that went home from the tile at `at`, if the
    /// note has one (a step of the dragon's flight, the princess's
    /// removal): figures other mechanics keep there join it when the tile
    /// is cleared.
    pub fn gone_at(&mut self, at: Pos) -> Option<&mut Vec<Gone>> {
        match &mut self.kind {
            NoteKind::WentHome { at: there, gone } if *there == at => Some(gone),
            NoteKind::Mechanic(told) => told.0.gone_at(at),
            _ => None,
        }
    }

    /// The second turn it notes, if it notes one: the feature that earned
    /// it and the entry that took it.
    #[must_use]
    pub fn second_turn(&self) -> Option<(&FeatureId, Option<usize>)> {
        match &self.kind {
            NoteKind::SecondTurn { feature, taken } => Some((feature, *taken)),
            _ => None,
        }
    }
}

/// What a [`Note`] says happened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NoteKind {
    /// The player's tile earned one more turn at once (the builder's second
    /// turn): the feature that earned it, and the entry of `turns` that
    /// took it, if the record has one there for the player.
    SecondTurn {
        /// The road or city that earned it.
        feature: FeatureId,
        /// The entry that took it.
        taken: Option<usize>,
    },
    /// A figure that the turn's scoring sent home moved on at once (the
    /// wagon).
    Moved {
        /// The figure's word.
        figure: String,
        /// The tile it stood on.
        from: Pos,
        /// The tile it stands on now.
        at: Pos,
        /// Where on that tile.
        spot: Location,
        /// The feature it joined.
        feature: FeatureId,
    },
    /// A figure that the turn's scoring sent home stayed in its owner's
    /// supply: it had nowhere to go (`could` empty), or the record moves
    /// it nowhere.
    Stayed {
        /// The figure's word.
        figure: String,
        /// The tile it stood on.
        from: Pos,
        /// Where it could have gone: tiles, spots and their kinds, north
        /// to south.
        could: Vec<(Pos, Location, FeatureKind)>,
    },
    /// Figures went home from a tile a mechanic cleared without noting
    /// what went home there.
    WentHome {
        /// The tile it stood on.
        at: Pos,
        /// The figures that went home.
        gone: Vec<Gone>,
    },
    /// What an expansion's mechanic notes: its own data, which says itself
    /// in words and JSON.
    Mechanic(Told),
}

/// What an expansion's mechanic notes happened ([`NoteKind::Mechanic`]):
/// its own data, which knows its words, its JSON and the heading the
/// breakdown lists it under, so that a new note needs no variant here and
/// no words in the reports.
pub trait Tale: fmt::Debug + Send + Sync + 'static {
    /// What happened, in the breakdown's words, after `turn N · ` (players
    /// by name; `player` is the player of the note).
    fn words(&self, players: &[String], player: usize) -> String;
    /// What happened, as `carca score --format json` gives it: an object
    /// with its kind under `note` (players by name).
    fn json(&self, players: &[String]) -> serde_json::Value;
    /// The heading the breakdown lists it under, with the notes of its
    /// expansion.
    fn heading(&self) -> &'static str;
    /// The figures that went home from the tile at `at`, if it lists them
    /// (a step of the dragon's flight): a figure a mechanic keeps there
    /// joins them when the tile is cleared.
    fn gone_at(&mut self, _at: Pos) -> Option<&mut Vec<Gone>> {
        None
    }
    /// Whether it says that the record, ending here, owes an act that
    /// decides what the next turn plays (a bazaar's auction not written):
    /// `carca moves` repeats such a note of the moment it asks about.
    fn owed(&self) -> bool {
        false
    }
}

/// A [`Tale`] held as a note's data: compared, cloned, and found again as
/// its own type ([`Told::get`]).
pub struct Told(Box<dyn HeldTale>);

/// What [`Told`] asks of a tale beyond [`Tale`].
trait HeldTale: Tale {
    fn any(&self) -> &dyn Any;
    fn boxed(&self) -> Box<dyn HeldTale>;
    fn same(&self, other: &dyn HeldTale) -> bool;
}

impl<T: Tale + Clone + PartialEq> HeldTale for T {
    fn any(&self) -> &dyn Any {
        self
    }
    fn boxed(&self) -> Box<dyn HeldTale> {
        Box::new(self.clone())
    }
    fn same(&self, other: &dyn HeldTale) -> bool {
        other.any().downcast_ref::<T>() == Some(self)
    }
}

impl Told {
    /// Holds `tale`.
    pub fn new<T: Tale + Clone + PartialEq>(tale: T) -> Told {
        Told(Box::new(tale))
    }

    /// The tale, if it is a `T`.
    #[must_use]
    pub fn get<T: Tale>(&self) -> Option<&T> {
        self.0.any().downcast_ref()
    }

    /// The tale.
    #[must_use]
    pub fn tale(&self) -> &dyn Tale {
        self.0.as_ref()
    }
}

impl Clone for Told {
    fn clone(&self) -> Told {
        Told(self.0.boxed())
    }
}

impl PartialEq for Told {
    fn eq(&self, other: &Told) -> bool {
        self.0.same(other.0.as_ref())
    }
}

impl Eq for Told {}

impl fmt::Debug for Told {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// A figure the dragon ate, or the princess sent home: its owner, its
/// word, and where it stood on its tile.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Gone {
    /// Its owner.
    pub owner: usize,
    /// Its word.
    pub figure: String,
    /// Where it stood on its tile.
    pub spot: Location,
    /// It went home with a follower of its owner's that left (a builder or
    /// a pig no follower of theirs is left beside), not by itself.
    pub with: bool,
}

/// What kind of feature an event scored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ScoredKind {
    /// A road.
    Road,
    /// A city.
    City,
    /// A cloister or abbey.
    Cloister,
    /// A farm (field with farmers).
    Farm,
    /// A mechanic's tokens, by their word (`goods`): taken from a
    /// completed feature, or a majority of them at the end.
    Tokens(&'static str),
    /// Points one player pays another (a ransom).
    Payment,
    /// Points a mechanic gives a player outside any majority (the
    /// fairy's).
    Bonus,
}

impl ScoredKind {
    /// The word for reports and JSON.
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            ScoredKind::Road => "road",
            ScoredKind::City => "city",
            ScoredKind::Cloister => "cloister",
            ScoredKind::Farm => "farm",
            ScoredKind::Tokens(word) => word,
            ScoredKind::Payment => "payment",
            ScoredKind::Bonus => "bonus",
        }
    }
}

/// A feature by where it lies: its kind, and the position and location of
/// its earliest segment (the first placed tile it covers). Stable across
/// rulesets, so the same feature can be matched in `compare`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct FeatureId {
    /// Kind.
    pub kind: ScoredKind,
    /// Where its earliest segment lies.
    pub pos: Pos,
    /// That segment's location on its tile (board orientation).
    pub location: Location,
}

/// What an event scored: one feature, or under first-edition farm scoring
/// the farms around a completed city, together.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum FeatureName {
    /// One feature.
    Feature(FeatureId),
    /// The farms around the city named.
    FarmsAround(FeatureId),
    /// The tokens (by their word) of the completed feature named, taken
    /// by the player who completed it.
    TokensOf(&'static str, FeatureId),
    /// The tokens of one kind (one trade good), at the end.
    Tokens(String),
    /// A payment between players, by its rule's words (`ransom`).
    Payment(String),
    /// Points a mechanic gives: what gives them (`the fairy`), and the
    /// feature they are for, if any.
    Bonus {
        /// What gives them.
        by: &'static str,
        /// The feature.
        about: Option<FeatureId>,
    },
}

/// A scored feature, described for people and programs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FeatureReport {
    /// Kind.
    pub kind: ScoredKind,
    /// A stable name (rendered by `report/`).
    pub name: FeatureName,
    /// Positions of its tiles, sorted.
    pub tiles: Vec<Pos>,
    /// What it carried: modifier names with counts (pennants, inns), in
    /// the catalog's order.
    pub extras: Vec<(String, u32)>,
    /// Complete when scored.
    pub complete: bool,
    /// Completed cities a farm touches: the ones it scores for.
    pub cities: Vec<FeatureId>,
    /// Unfinished cities a farm touches: they score nothing for it.
    pub open_cities: Vec<FeatureId>,
    /// The names of the landmarks among `cities` (the City of
    /// Carcassonne), which the reports say.
    pub landmarks: Vec<String>,
    /// How many of `cities` a mechanic made into something that pays a
    /// farm more, by its word (`castles`); empty when none.
    pub marked: Vec<(&'static str, u32)>,
}

/// One scoring.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Event {
    /// When.
    pub phase: Phase,
    /// What.
    pub feature: FeatureReport,
    /// Followers on it per player.
    pub followers: Vec<u32>,
    /// What they count for in the majority, per player: the followers
    /// weighed by their figures (a big follower counts two).
    pub strength: Vec<u32>,
    /// Players with the majority.
    pub winners: Vec<usize>,
    /// Points per player.
    pub points: Vec<i64>,
    /// The rules that produced the points: one, or for farms under the
    /// second edition one per distinct award among the winners.
    pub basis: Vec<Basis>,
    /// Figures on it that are not followers, by player (a builder going
    /// home, a pig on a farm), each once.
    pub others: Vec<(usize, Figure)>,
    /// Followers on it that weigh other than one in the majority (a big
    /// follower, a figure a tile set declares), by player, each
    /// occurrence: what makes `strength` differ from `followers`.
    pub weighed: Vec<(usize, Figure)>,
    /// Trade-good tokens per player, for the majority of a good at the end
    /// (empty for other events).
    pub tokens: Vec<u32>,
    /// Followers a mechanic took off it before it was scored (captured,
    /// eaten, sent home), by player, each occurrence: why a feature that
    /// held followers scores for nobody.
    pub taken: Vec<(usize, Figure)>,
    /// What the mechanic that made it says of it beyond points (a bazaar's
    /// tile and bids, the castle that scored): its words, under the
    /// event's line in the breakdown, and its JSON, whose fields join the
    /// event's.
    pub detail: Option<Told>,
}

impl FeatureReport {
    /// How many of the modifier `name` it carried.
    #[must_use]
    pub fn count_of(&self, name: &str) -> u32 {
        self.extras
            .iter()
            .find(|(n, _)| n == name)
            .map_or(0, |(_, c)| *c)
    }

    /// Pennants (cities).
    #[must_use]
    pub fn pennants(&self) -> u32 {
        self.count_of(crate::tileset::model::PENNANT)
    }
}

/// Points and the rule that produced them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Award {
    /// Points for each player with the majority.
    pub points: i64,
    /// The rule and its parts.
    pub basis: Basis,
}

/// So many of something at a rate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Part {
    /// How many.
    pub count: u32,
    /// Of what.
    pub unit: Unit,
    /// Points each.
    pub rate: u32,
}

/// What a mechanic adds to a farm's points per city for a player (the
/// pig's), and its word for what adds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct FarmBonus {
    /// Points more per city; 0: nothing added.
    pub rate: u32,
    /// What adds them, as a part of the points counts it (`pig`).
    pub word: &'static str,
}

/// What a [`Part`] counts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unit {
    /// Tiles of the feature.
    Tile,
    /// Occurrences of a counted modifier (a pennant, a designer's well), by
    /// name.
    Modifier(String),
    /// Something a mechanic counts, by its word (`completed_city`, `pig`;
    /// with its own plural after a `/`, `sheep/sheep`).
    Named(&'static str),
}

/// Why an unfinished feature scores nothing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Nothing {
    /// `incomplete_features = "none"`.
    IncompleteNone,
    /// A present modifier whose unfinished rate is 0 (an inn, a
    /// cathedral), by name.
    Modifier(String),
}

/// Which rule produced an award.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Basis {
    /// A road or city scored by its rates.
    Rated {
        /// Road or city.
        kind: FeatureKind,
        /// Completed (else unfinished at the end).
        complete: bool,
        /// The small-city rule applied.
        small_city: bool,
        /// The present modifier that set the rates (an inn), by name.
        present: Option<String>,
        /// Tiles, then counted modifiers.
        parts: Vec<Part>,
    },
    /// An unfinished road, city or cloister that scores nothing.
    Nothing {
        /// Its kind.
        kind: FeatureKind,
        /// Why.
        why: Nothing,
    },
    /// A cloister with `around` of its 8 neighbours occupied.
    Cloister {
        /// Occupied neighbours.
        around: u32,
        /// Points per tile of the 3×3.
        rate: u32,
    },
    /// A farm under the second or third edition.
    Farm {
        /// The edition.
        edition: FarmScoring,
        /// Completed cities paid for.
        cities: u32,
        /// Points per city.
        rate: u32,
        /// Cities already paid to this player through another farm (second
        /// edition).
        already: u32,
        /// More per city for a figure of the player's on the farm, 0
        /// without one.
        bonus: FarmBonus,
    },
    /// First edition: a completed city pays the farmers around it.
    FarmsAround {
        /// Points.
        rate: u32,
        /// The farms that supply the city, by name.
        suppliers: Vec<FeatureId>,
        /// More for a winner with a figure on one of those farms that
        /// adds it, 0 without one.
        bonus: FarmBonus,
    },
    /// First edition: a farm that touches no completed city.
    FarmSuppliesNone,
    /// Points a mechanic awards by a rule of its own (the barn's): the
    /// rule's key, its words, and the parts the points are made of.
    Mechanic {
        /// The rule's key, stable for programs (`barn_placed`).
        rule: &'static str,
        /// The rule in words, as the breakdown starts it.
        words: &'static str,
        /// So many of something at a rate.
        parts: Vec<Part>,
    },
}
