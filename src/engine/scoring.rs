//! How many points a feature is worth under a ruleset, and what the points
//! are made of. This is the one place where the ruleset's toggles and
//! numbers (`[points]`) and the modifiers in play become points.
//!
//! Awards are data: a [`Basis`] says which rule applied and lists its
//! [`Part`]s (so many tiles at such a rate, so many pennants at such a
//! rate). The words ("city: 3 tiles × 2 + 1 pennant × 2") are made in
//! `report::award`.

use super::event::{Award, Basis, FarmBonus, FeatureId, Nothing, Part, Unit};
use crate::rules::{FarmScoring, Point, Ruleset};
use crate::tileset::FeatureKind;
use crate::tileset::model::{Modifier, Shape};

/// A modifier in play with its rates under the ruleset.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rated {
    /// Its name.
    pub name: String,
    /// How it scores.
    pub shape: Shape,
    /// Rate on a completed feature.
    pub complete: u32,
    /// Rate on an unfinished feature.
    pub incomplete: u32,
}

/// The rates of the modifiers in play (the catalog's, in its order) under
/// `rules`: a built-in `[points]` key, else a value the ruleset gives for
/// a declared modifier, else the tile set's default.
#[must_use]
pub fn rates(rules: &Ruleset, modifiers: &[Modifier]) -> Vec<Rated> {
    let value = |key: &str, default: u32| {
        rules
            .point_by_key(key)
            .or_else(|| rules.extra_point(key))
            .unwrap_or(default)
    };
    modifiers
        .iter()
        .map(|m| Rated {
            name: m.name.clone(),
            shape: m.shape,
            complete: value(&m.key, m.complete),
            incomplete: value(&m.incomplete_key, m.incomplete),
        })
        .collect()
}

/// What each counted modifier of a feature pays: the present modifier's
/// rate, the small-city rate (pennants only), or its own.
enum Counted {
    All(u32),
    Pennants(u32),
    Own,
}

/// A road or city of `tiles` tiles carrying `extras` (indices into
/// `modifiers` with counts).
#[must_use]
pub fn feature(
    rules: &Ruleset,
    modifiers: &[Rated],
    kind: FeatureKind,
    tiles: u32,
    complete: bool,
    extras: &[(u16, u32)],
) -> Award {
    let city = kind == FeatureKind::City;
    let present = extras
        .iter()
        .filter_map(|&(m, n)| modifiers.get(usize::from(m)).filter(|_| n > 0))
        .find(|m| m.shape == Shape::Present);
    let counted = || {
        extras
            .iter()
            .filter_map(|&(m, n)| Some((modifiers.get(usize::from(m))?, n)))
            .filter(|(m, n)| m.shape == Shape::Counted && *n > 0)
    };
    let nothing = |why| Award {
        points: 0,
        basis: Basis::Nothing { kind, why },
    };
    let (tile_rate, counted_rate);
    let mut small_city = false;
    let mut applied = None;
    if complete {
        if let Some(p) = present {
            (tile_rate, counted_rate) = (p.complete, Counted::All(p.complete));
            applied = Some(p.name.clone());
        } else if city && rules.small_city && tiles == 2 {
            let per = rules.points[Point::SmallCity];
            small_city = true;
            (tile_rate, counted_rate) = (per, Counted::Pennants(per));
        } else {
            tile_rate = rules.points[if city { Point::City } else { Point::Road }];
            counted_rate = Counted::Own;
        }
    } else {
        if !rules.incomplete_features_score() {
            return nothing(Nothing::IncompleteNone);
        }
        match present {
            Some(p) if rules.present_rates_unfinished() => {
                if p.incomplete == 0 {
                    return nothing(Nothing::Modifier(p.name.clone()));
                }
                (tile_rate, counted_rate) = (p.incomplete, Counted::All(p.incomplete));
                applied = Some(p.name.clone());
            }
            _ => {
                tile_rate = rules.points[if city {
                    Point::CityIncomplete
                } else {
                    Point::RoadIncomplete
                }];
                counted_rate = Counted::Own;
            }
        }
    }
    let rate_of = |m: &Rated| match counted_rate {
        Counted::All(r) => r,
        Counted::Pennants(r) if m.name == crate::tileset::model::PENNANT => r,
        _ if complete => m.complete,
        _ => m.incomplete,
    };
    let mut parts = vec![Part {
        count: tiles,
        unit: Unit::Tile,
        rate: tile_rate,
    }];
    parts.extend(counted().map(|(m, n)| Part {
        count: n,
        unit: Unit::Modifier(m.name.clone()),
        rate: rate_of(m),
    }));
    Award {
        points: parts
            .iter()
            .map(|p| i64::from(p.count) * i64::from(p.rate))
            .sum(),
        basis: Basis::Rated {
            kind,
            complete,
            small_city,
            present: applied,
            parts,
        },
    }
}

/// A cloister (or abbey) with `around` of its 8 neighbours occupied.
#[must_use]
pub fn cloister(rules: &Ruleset, around: u32) -> Award {
    let rate = rules.points[Point::Cloister];
    if around < 8 && !rules.incomplete_features_score() {
        return Award {
            points: 0,
            basis: Basis::Nothing {
                kind: FeatureKind::Cloister,
                why: Nothing::IncompleteNone,
            },
        };
    }
    Award {
        points: (1 + i64::from(around.min(8))) * i64::from(rate),
        basis: Basis::Cloister {
            around: around.min(8),
            rate,
        },
    }
}

/// What a farm scores for a player under the second or third edition:
/// `cities` completed cities, of which `already` were already paid to the
/// player through another farm (second edition); `bonus` more per city
/// paid when a mechanic adds one (the player's pig on the farm).
#[must_use]
pub fn farm(rules: &Ruleset, cities: u32, already: u32, bonus: FarmBonus) -> Award {
    let rate = rules.points[Point::FarmCity];
    let (paid, already) = match rules.farm_scoring {
        FarmScoring::Second => (cities - already.min(cities), already.min(cities)),
        _ => (cities, 0),
    };
    Award {
        points: (i64::from(rate) + i64::from(bonus.rate)) * i64::from(paid),
        basis: Basis::Farm {
            edition: rules.farm_scoring,
            cities: paid,
            rate,
            already,
            bonus,
        },
    }
}

/// First edition: what a completed city pays the farmers around it,
/// supplied by the farms named; `bonus` more for a winner a mechanic adds
/// one to on one of them (the pig; carca's reading: once for the city).
#[must_use]
pub fn farms_around(rules: &Ruleset, suppliers: Vec<FeatureId>, bonus: FarmBonus) -> Award {
    let rate = rules.points[Point::FarmCityFirst];
    Award {
        points: i64::from(rate) + i64::from(bonus.rate),
        basis: Basis::FarmsAround {
            rate,
            suppliers,
            bonus,
        },
    }
}

/// The players with the majority: the greatest strength, if any.
#[must_use]
pub fn majority(strength: &[u32]) -> Vec<usize> {
    let max = strength.iter().copied().max().unwrap_or(0);
    if max == 0 {
        return Vec::new();
    }
    (0..strength.len())
        .filter(|&i| strength[i] == max)
        .collect()
}

/// A farm as farm scoring sees it.
#[derive(Debug, Clone)]
pub struct FarmInput {
    /// Which farm, for first-edition breakdowns.
    pub name: FeatureId,
    /// What each player's farmers on it weigh.
    pub strength: Vec<u32>,
    /// Who of the players tied for its majority score, when a scoring
    /// hook decided it (second and third edition only).
    pub decided: Option<Vec<usize>>,
    /// What a mechanic adds per city paid, per player (the pig's bonus);
    /// empty when nothing is added.
    pub bonus: Vec<u32>,
    /// The mechanic's word for what adds `bonus` (`pig`).
    pub bonus_word: &'static str,
    /// The completed cities it touches, by an id of the caller's, sorted
    /// and each once.
    pub cities: Vec<u32>,
    /// Those of `cities` a mechanic made into something that pays a farm
    /// more (castles); empty in a game without them.
    pub marked: Vec<u32>,
}

/// What a mechanic made of completed cities that no longer score as cities
/// (a castle): what each pays a farm beyond a completed city, and the rule
/// that says so.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Converted {
    /// Its word, as a farm counts them (`castles`).
    pub word: &'static str,
    /// The `[points]` key of the rate (`farm_castle`).
    pub rule: &'static str,
    /// The rule in words.
    pub words: &'static str,
    /// What it counts (`castle`).
    pub unit: &'static str,
    /// Points a farm pays for one beyond a completed city.
    pub rate: u32,
}

impl Converted {
    /// What `count` of them pay a winner beyond their cities, and why.
    #[must_use]
    pub fn pays(&self, count: u32) -> (i64, Basis) {
        (
            i64::from(count) * i64::from(self.rate),
            Basis::Mechanic {
                rule: self.rule,
                words: self.words,
                parts: vec![super::event::Part {
                    count,
                    unit: super::event::Unit::Named(self.unit),
                    rate: self.rate,
                }],
            },
        )
    }
}

/// One scoring of farm scoring.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FarmOutcome {
    /// A farm scored on its own (second and third edition; under the first,
    /// a farm that supplies no completed city).
    Farm {
        /// Index of the farm in the input.
        farm: usize,
        /// Players with the majority.
        winners: Vec<usize>,
        /// Points per player.
        points: Vec<i64>,
        /// One per distinct award among the winners.
        basis: Vec<Basis>,
    },
    /// First edition: a completed city pays the players with most farmers
    /// on the farms around it.
    City {
        /// The city's id.
        city: u32,
        /// The farms around it (indices in the input).
        farms: Vec<usize>,
        /// Players with the majority over those farms together.
        winners: Vec<usize>,
        /// Points per player.
        points: Vec<i64>,
        /// One per distinct award among the winners.
        basis: Vec<Basis>,
    },
}

/// Final farm scoring under the ruleset's edition, for `players` players.
/// Third edition: each farm pays its majority per completed city. Second:
/// the same, but a player is paid for a city once, however many of their
/// farms touch it (farms in input order). First: each completed city pays
/// the majority of the farmers on all farms around it; a farm that touches
/// no completed city supplies none.
#[must_use]
pub fn farms(
    rules: &Ruleset,
    players: usize,
    farms: &[FarmInput],
    converted: Option<&Converted>,
) -> Vec<FarmOutcome> {
    // What `count` marked cities pay a winner more, and why.
    let more = |count: u32| converted.filter(|_| count > 0).map(|c| c.pays(count));
    let mut out = Vec::new();
    if rules.farm_scoring == FarmScoring::First {
        let mut around: std::collections::BTreeMap<u32, Vec<usize>> =
            std::collections::BTreeMap::new();
        for (i, f) in farms.iter().enumerate() {
            for &c in &f.cities {
                around.entry(c).or_default().push(i);
            }
        }
        for (city, ids) in around {
            let mut strength = vec![0; players];
            for &i in &ids {
                for (s, t) in strength.iter_mut().zip(&farms[i].strength) {
                    *s += t;
                }
            }
            let winners = majority(&strength);
            let suppliers: Vec<FeatureId> = ids.iter().map(|&i| farms[i].name.clone()).collect();
            let mut points = vec![0; players];
            let mut basis: Vec<Basis> = Vec::new();
            for &w in &winners {
                let bonus = ids
                    .iter()
                    .filter_map(|&i| {
                        farms[i].bonus.get(w).map(|&rate| FarmBonus {
                            rate,
                            word: farms[i].bonus_word,
                        })
                    })
                    .max_by_key(|b| b.rate)
                    .unwrap_or_default();
                let award = farms_around(rules, suppliers.clone(), bonus);
                points[w] = award.points;
                if !basis.contains(&award.basis) {
                    basis.push(award.basis);
                }
                let marked = ids.iter().any(|&i| farms[i].marked.contains(&city));
                if let Some((p, b)) = more(u32::from(marked)) {
                    points[w] += p;
                    if !basis.contains(&b) {
                        basis.push(b);
                    }
                }
            }
            if basis.is_empty() {
                basis.push(farms_around(rules, suppliers, FarmBonus::default()).basis);
            }
            out.push(FarmOutcome::City {
                city,
                farms: ids,
                winners,
                points,
                basis,
            });
        }
        for (i, f) in farms
            .iter()
            .enumerate()
            .filter(|(_, f)| f.cities.is_empty())
        {
            out.push(FarmOutcome::Farm {
                farm: i,
                winners: majority(&f.strength),
                points: vec![0; players],
                basis: vec![Basis::FarmSuppliesNone],
            });
        }
        return out;
    }
    let winners: Vec<Vec<usize>> = farms
        .iter()
        .map(|f| f.decided.clone().unwrap_or_else(|| majority(&f.strength)))
        .collect();
    let bonus = |i: usize, w: usize| farms[i].bonus.get(w).copied().unwrap_or(0);
    // Second edition: a completed city pays a player once, through the farm
    // of theirs touching it that pays them most (with their pig's bonus),
    // so that no listing order decides what they score; among farms that
    // pay alike, the first one shows the points.
    let mut payer: std::collections::HashMap<(usize, u32), usize> =
        std::collections::HashMap::new();
    if rules.farm_scoring == FarmScoring::Second {
        for (i, f) in farms.iter().enumerate() {
            for &w in &winners[i] {
                for &c in &f.cities {
                    payer
                        .entry((w, c))
                        .and_modify(|best| {
                            if bonus(i, w) > bonus(*best, w) {
                                *best = i;
                            }
                        })
                        .or_insert(i);
                }
            }
        }
    }
    for (i, f) in farms.iter().enumerate() {
        let winners = winners[i].clone();
        let mut points = vec![0; players];
        let mut basis: Vec<Basis> = Vec::new();
        for &w in &winners {
            let already = f
                .cities
                .iter()
                .filter(|&&c| payer.get(&(w, c)).is_some_and(|&p| p != i))
                .count() as u32;
            let a = farm(
                rules,
                f.cities.len() as u32,
                already,
                FarmBonus {
                    rate: bonus(i, w),
                    word: f.bonus_word,
                },
            );
            points[w] = a.points;
            if !basis.contains(&a.basis) {
                basis.push(a.basis);
            }
            let marked = f
                .marked
                .iter()
                .filter(|&&c| payer.get(&(w, c)).is_none_or(|&p| p == i))
                .count() as u32;
            if let Some((p, b)) = more(marked) {
                points[w] += p;
                if !basis.contains(&b) {
                    basis.push(b);
                }
            }
        }
        if basis.is_empty() {
            basis.push(farm(rules, f.cities.len() as u32, 0, FarmBonus::default()).basis);
        }
        out.push(FarmOutcome::Farm {
            farm: i,
            winners,
            points,
            basis,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with(f: impl FnOnce(&mut Ruleset)) -> Ruleset {
        let mut r = Ruleset::modern();
        f(&mut r);
        r
    }

    fn builtin(rules: &Ruleset) -> Vec<Rated> {
        rates(rules, &Modifier::builtin())
    }

    /// Extras: pennants are modifier 0, inns 1, cathedrals 2.
    fn city(rules: &Ruleset, tiles: u32, pennants: u32, complete: bool) -> i64 {
        feature(
            rules,
            &builtin(rules),
            FeatureKind::City,
            tiles,
            complete,
            &[(0, pennants)],
        )
        .points
    }

    fn road(rules: &Ruleset, tiles: u32, complete: bool) -> i64 {
        feature(
            rules,
            &builtin(rules),
            FeatureKind::Road,
            tiles,
            complete,
            &[],
        )
        .points
    }

    #[test]
    fn small_city_rule_applies_only_to_completed_two_tile_cities() {
        let old = with(|r| r.small_city = true);
        assert_eq!(city(&old, 2, 0, true), 2);
        assert_eq!(city(&old, 2, 1, true), 3);
        assert_eq!(city(&old, 3, 0, true), 6);
        assert_eq!(city(&old, 2, 1, false), 3);
        assert_eq!(city(&Ruleset::modern(), 2, 0, true), 4);
    }

    #[test]
    fn incomplete_features_can_score_nothing() {
        let none = with(|r| r.incomplete_features = crate::rules::Incomplete::None);
        assert_eq!(road(&none, 4, false), 0);
        assert_eq!(road(&none, 4, true), 4);
        assert_eq!(city(&none, 3, 1, false), 0);
        assert_eq!(cloister(&none, 5).points, 0);
        assert_eq!(cloister(&none, 8).points, 9);
    }

    #[test]
    fn every_rate_comes_from_the_points_table() {
        let house = with(|r| {
            r.points[Point::FarmCity] = 2;
            r.points[Point::City] = 3;
            r.points[Point::Cloister] = 2;
        });
        assert_eq!(farm(&house, 4, 0, FarmBonus::default()).points, 8);
        let bonus = FarmBonus {
            rate: house.point_by_key("pig").unwrap_or(0),
            word: "pig",
        };
        assert_eq!(farm(&house, 4, 0, bonus).points, 12);
        assert_eq!(city(&house, 3, 1, true), 11);
        assert_eq!(cloister(&house, 8).points, 18);
        assert_eq!(cloister(&house, 2).points, 6);
        assert_eq!(road(&house, 3, true), 3);
    }

    #[test]
    fn farm_editions_aggregate_as_the_rules_say() {
        let id = |x| FeatureId {
            kind: super::super::event::ScoredKind::Farm,
            pos: crate::geometry::Pos::new(x, 0),
            location: crate::record::Location::Cloister,
        };
        // Two farms, both red's, touching the same completed city 7; the
        // second also touches city 8. Blue holds a third farm on city 8.
        let input = [
            FarmInput {
                name: id(0),
                decided: None,
                strength: vec![1, 0],
                bonus: Vec::new(),
                bonus_word: "",
                cities: vec![7],
                marked: Vec::new(),
            },
            FarmInput {
                name: id(1),
                decided: None,
                strength: vec![1, 0],
                bonus: Vec::new(),
                bonus_word: "",
                cities: vec![7, 8],
                marked: Vec::new(),
            },
            FarmInput {
                name: id(2),
                decided: None,
                strength: vec![0, 2],
                bonus: Vec::new(),
                bonus_word: "",
                cities: vec![8],
                marked: Vec::new(),
            },
        ];
        let totals = |rules: &Ruleset| {
            let mut t = vec![0; 2];
            for o in farms(rules, 2, &input, None) {
                let (FarmOutcome::Farm { points, .. } | FarmOutcome::City { points, .. }) = o;
                for (a, b) in t.iter_mut().zip(points) {
                    *a += b;
                }
            }
            t
        };
        let third = Ruleset::modern();
        assert_eq!(totals(&third), [9, 3]);
        let second = with(|r| r.farm_scoring = FarmScoring::Second);
        assert_eq!(totals(&second), [6, 3]);
        // First edition: city 7 pays red (2 farmers around it); city 8 has
        // red 1 against blue 2.
        let first = with(|r| r.farm_scoring = FarmScoring::First);
        assert_eq!(totals(&first), [4, 4]);

        // Red's pig on the second farm: one more per city paid through it.
        let mut input = input;
        input[1].bonus = vec![third.point_by_key("pig").unwrap_or(0), 0];
        let totals = |rules: &Ruleset| {
            let mut t = vec![0; 2];
            for o in farms(rules, 2, &input, None) {
                let (FarmOutcome::Farm { points, .. } | FarmOutcome::City { points, .. }) = o;
                for (a, b) in t.iter_mut().zip(points) {
                    *a += b;
                }
            }
            t
        };
        // Third: 3 + 2 × (3 + 1). Second: each city pays red once, through
        // the farm that pays red most, the one with the pig: 2 × (3 + 1),
        // whatever order the farms come in. First: red wins city 7, whose
        // farms hold red's pig: 4 + 1.
        assert_eq!(totals(&third), [11, 3]);
        assert_eq!(totals(&second), [8, 3]);
        assert_eq!(totals(&first), [5, 4]);
        let mut reversed = input.clone();
        reversed.reverse();
        for rules in [&third, &second, &first] {
            let mut t = vec![0; 2];
            for o in farms(rules, 2, &reversed, None) {
                let (FarmOutcome::Farm { points, .. } | FarmOutcome::City { points, .. }) = o;
                for (a, b) in t.iter_mut().zip(points) {
                    *a += b;
                }
            }
            assert_eq!(t, totals(rules), "{:?}", rules.farm_scoring);
        }

        // City 8 made into something worth one more to its farms (a
        // castle), without the pig: once per city and winner, as the city.
        input[1].bonus = Vec::new();
        input[1].marked = vec![8];
        input[2].marked = vec![8];
        let castle = Converted {
            word: "castles",
            rule: "farm_castle",
            words: "more for a castle",
            unit: "castle",
            rate: 1,
        };
        let totals = |rules: &Ruleset| {
            let mut t = vec![0; 2];
            for o in farms(rules, 2, &input, Some(&castle)) {
                let (FarmOutcome::Farm { points, .. } | FarmOutcome::City { points, .. }) = o;
                for (a, b) in t.iter_mut().zip(points) {
                    *a += b;
                }
            }
            t
        };
        // Third: red 3 + (3 + 3 + 1), blue 3 + 1. Second: red is paid city
        // 7 once and city 8 once: 3 + 3 + 1. First: city 8 pays blue 4 + 1.
        assert_eq!(totals(&third), [10, 4]);
        assert_eq!(totals(&second), [7, 4]);
        assert_eq!(totals(&first), [4, 5]);
    }

    #[test]
    fn cloister_with_five_neighbours_scores_six() {
        assert_eq!(cloister(&Ruleset::modern(), 5).points, 6);
    }

    #[test]
    fn an_inn_or_a_cathedral_sets_the_rates_while_present() {
        let modern = Ruleset::modern();
        let m = builtin(&modern);
        let inn = |complete| feature(&modern, &m, FeatureKind::Road, 3, complete, &[(1, 1)]);
        assert_eq!(inn(true).points, 6);
        assert_eq!(inn(false).points, 0);
        // A cathedral city of 5 tiles with 2 pennants: (5 + 2) × 3.
        let cathedral = |complete| {
            feature(
                &modern,
                &m,
                FeatureKind::City,
                5,
                complete,
                &[(0, 2), (2, 1)],
            )
        };
        assert_eq!(cathedral(true).points, 21);
        assert_eq!(cathedral(false).points, 0);
        let normal = with(|r| {
            r.words.insert("inn_cathedral_incomplete", "normal");
        });
        let n = builtin(&normal);
        assert_eq!(
            feature(&normal, &n, FeatureKind::Road, 3, false, &[(1, 1)]).points,
            3
        );
        assert_eq!(
            feature(&normal, &n, FeatureKind::City, 5, false, &[(0, 2), (2, 1)]).points,
            7
        );
    }

    #[test]
    fn declared_modifiers_take_their_rates_from_the_ruleset_first() {
        let declared = [
            Modifier::declared("well", FeatureKind::Road, Shape::Counted, 2, 1),
            Modifier::declared("lake", FeatureKind::Road, Shape::Present, 3, 0),
        ];
        let modern = Ruleset::modern();
        let m = rates(&modern, &declared);
        // 4 tiles × 1 + 2 wells × 2.
        let wells = |m: &[Rated], complete| {
            feature(&modern, m, FeatureKind::Road, 4, complete, &[(0, 2)]).points
        };
        assert_eq!(wells(&m, true), 8);
        assert_eq!(wells(&m, false), 6);
        // With a lake, every tile and every well pays 3.
        assert_eq!(
            feature(&modern, &m, FeatureKind::Road, 4, true, &[(0, 2), (1, 1)]).points,
            18
        );
        let house = with(|r| r.set_extra_point("well", 5));
        let m = rates(&house, &declared);
        assert_eq!(wells(&m, true), 14);
    }
}
