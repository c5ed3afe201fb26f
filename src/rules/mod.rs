//! Rulesets: the rule variants as data.
//!
//! A ruleset is a small TOML file of toggles and numbers. Every key is
//! optional; missing keys come from the ruleset named by `extends`, or from
//! `modern`. Every key is declared once, in [`table`]; the engine never asks
//! which edition it plays: it reads these values, and
//! [`crate::engine::scoring`] is the one place that turns them into points.

mod error;
mod load;
pub mod table;

pub use error::RulesError;
pub use load::{
    Declared, Draft, Entry, Value, identity, load, load_with, parse, resolve, schema, schema_with,
};
pub use table::{FarmScoring, Incomplete, Point, Points, TieBreak, Word};

pub use crate::tileset::figure::Figure;
use crate::tileset::figure::FigureTable;

use crate::source::SourceFile;

/// A validated ruleset.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Ruleset {
    /// Shown in every report.
    pub name: String,
    /// A completed two-tile city scores `points.small_city` per tile and pennant.
    pub small_city: bool,
    /// Farm scoring edition.
    pub farm_scoring: FarmScoring,
    /// Whether unfinished roads, cities and cloisters score at the end.
    pub incomplete_features: Incomplete,
    /// Followers each player has.
    pub followers: u32,
    /// Who wins on equal totals.
    pub tie_break: TieBreak,
    /// The options kept as words that the ruleset sets to other than
    /// their default, by key (`dragon_move` → `after-scoring`); the
    /// mechanics read them with [`Ruleset::option`] or [`Ruleset::word`],
    /// and a key not set has its toggle's default.
    pub words: std::collections::BTreeMap<&'static str, &'static str>,
    /// Per-player counts of figures the ruleset states (`[figures]`), by
    /// name; a figure not named here comes as the tile sets bring it.
    pub figures: std::collections::BTreeMap<String, u32>,
    /// The numbers scores are made of.
    pub points: Points,
    /// `[points]` values for the modifiers tile sets declare, by key.
    pub modifier_points: std::collections::BTreeMap<String, u32>,
}

/// Names of the built-in rulesets, the default first.
pub const BUILTIN: [&str; 6] = [
    "modern",
    "first-edition",
    "second-edition",
    "hig-faq-2007",
    "all-or-nothing",
    "tournament",
];

/// What each built-in ruleset is, for reports and docs.
#[must_use]
pub fn builtin_description(name: &str) -> Option<&'static str> {
    Some(match name {
        "modern" => "HiG since 2002, all C2/C3 printings",
        "first-edition" => "the 2000 rules",
        "second-edition" => "the 2001 rules",
        "hig-faq-2007" => "modern scoring, abbeys only until the last land tile",
        "all-or-nothing" => "modern with unfinished features scoring nothing",
        "tournament" => "modern for two-player tournament games: the starting player loses ties",
        _ => return None,
    })
}

fn builtin_source(name: &str) -> Option<&'static str> {
    Some(match name {
        "modern" => include_str!("../../rulesets/modern.toml"),
        "first-edition" => include_str!("../../rulesets/first-edition.toml"),
        "second-edition" => include_str!("../../rulesets/second-edition.toml"),
        "hig-faq-2007" => include_str!("../../rulesets/hig-faq-2007.toml"),
        "all-or-nothing" => include_str!("../../rulesets/all-or-nothing.toml"),
        "tournament" => include_str!("../../rulesets/tournament.toml"),
        _ => return None,
    })
}

impl Ruleset {
    /// The `modern` values, which missing keys take.
    #[must_use]
    pub fn modern() -> Ruleset {
        Ruleset {
            name: "modern".into(),
            small_city: false,
            farm_scoring: FarmScoring::Third,
            incomplete_features: Incomplete::Score,
            followers: 7,
            tie_break: TieBreak::Shared,
            words: std::collections::BTreeMap::new(),
            figures: std::collections::BTreeMap::new(),
            points: Points::modern(),
            modifier_points: std::collections::BTreeMap::new(),
        }
    }

    /// The word the option `t` of an expansion takes under this ruleset
    /// (its default when the ruleset does not set it; empty for a toggle
    /// that is not of words).
    #[must_use]
    pub fn option(&self, t: &table::Toggle) -> &'static str {
        match t.get(self) {
            table::Setting::Word(w) => w,
            _ => "",
        }
    }

    /// The word a toggle of [`table::TOGGLES`] kept among the ruleset's
    /// words takes (`end_game_abbey` → `final-round`): the ruleset's, else
    /// the toggle's default; empty for any other key.
    #[must_use]
    pub fn word(&self, key: &str) -> &'static str {
        table::TOGGLES
            .iter()
            .find(|t| t.key == key)
            .map_or("", |t| self.option(t))
    }

    /// A built-in ruleset by name.
    #[must_use]
    pub fn builtin(name: &str) -> Option<Ruleset> {
        let text = builtin_source(name)?;
        // Built-in rulesets extend only built-in ones: nothing is read.
        load::load_source(
            &crate::files::NoFiles,
            &SourceFile::new(format!("builtin:{name}"), text),
            None,
            0,
            &load::Declared::default(),
        )
        .ok()
    }

    /// How many figures of a kind each player has, the figures in play
    /// being `table`: the ruleset's count (`followers` for the follower),
    /// else what the tile sets bring.
    #[must_use]
    pub fn supply_with(&self, figure: Figure, table: &FigureTable) -> u32 {
        if figure == Figure::FOLLOWER {
            return self.followers;
        }
        let name = table.name(figure);
        self.figures
            .get(name)
            .copied()
            .unwrap_or_else(|| table.brought.get(figure.index()).copied().unwrap_or(0))
    }

    /// The ruleset with every figure count it leaves open set to what the
    /// tile sets in play bring, when they bring any.
    #[must_use]
    pub fn with_brought(
        &self,
        catalog: &crate::tileset::Catalog,
        players: usize,
        rates: table::Rates,
    ) -> Ruleset {
        let table = &catalog.figures;
        let mut r = self.clone();
        for piece in table::every_piece(rates).filter(|p| (p.in_play)(catalog)) {
            r.figures
                .entry(piece.key.to_string())
                .or_insert_with(|| (piece.per_players)(players));
        }
        for f in table.all().skip(1) {
            let b = table.brought[f.index()];
            if b > 0 {
                r.figures.entry(table.name(f).to_string()).or_insert(b);
            }
        }
        r
    }

    /// The value of a built-in `[points]` key.
    #[must_use]
    pub fn point_by_key(&self, key: &str) -> Option<u32> {
        let i = table::POINTS.iter().position(|p| p.key == key)?;
        table::Group::Points.get(self, &[], i)
    }

    /// The value the ruleset gives a declared modifier's `[points]` key.
    #[must_use]
    pub fn extra_point(&self, key: &str) -> Option<u32> {
        self.modifier_points.get(key).copied()
    }

    /// Sets a declared modifier's `[points]` key.
    pub fn set_extra_point(&mut self, key: &str, value: u32) {
        self.modifier_points.insert(key.to_string(), value);
    }

    /// Whether an unfinished feature holding a modifier of the `present`
    /// shape (an inn, a cathedral) scores that modifier's unfinished rate
    /// (the printed rule, `inn_cathedral_incomplete = "zero"`), rather than
    /// as if it held none.
    #[must_use]
    pub fn present_rates_unfinished(&self) -> bool {
        self.word("inn_cathedral_incomplete") == "zero"
    }

    /// Whether unfinished roads, cities and cloisters score at the end.
    #[must_use]
    pub fn incomplete_features_score(&self) -> bool {
        self.incomplete_features == Incomplete::Score
    }

    /// The winners among players with these totals (in turn order, the
    /// first one having played the first turn).
    #[must_use]
    pub fn winners(&self, totals: &[i64]) -> Vec<usize> {
        let best = totals.iter().copied().max().unwrap_or(0);
        let mut tied: Vec<usize> = (0..totals.len()).filter(|&i| totals[i] == best).collect();
        if self.tie_break == TieBreak::StartingPlayerLoses && tied.len() > 1 {
            tied.retain(|&i| i != 0);
        }
        tied
    }
}
