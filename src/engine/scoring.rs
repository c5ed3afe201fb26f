//! How many points a feature is worth under a ruleset, and the rule that
//! says so. This is the one place where the ruleset's toggles and numbers
//! (`[points]`) become points.

use crate::rules::{FarmScoring, Point, Ruleset};

/// Points and the rule that produced them, as shown in breakdowns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Award {
    /// Points for each player with the majority.
    pub points: i64,
    /// The rule, in words: "city: 3 tiles × 2 + 1 pennant × 2".
    pub rule: String,
}

fn plural(n: u32, word: &str) -> String {
    match (n, word.strip_suffix('y')) {
        (1, _) => format!("1 {word}"),
        (_, Some(stem)) => format!("{n} {stem}ies"),
        (_, None) => format!("{n} {word}s"),
    }
}

/// A road of `tiles` tiles.
#[must_use]
pub fn road(rules: &Ruleset, tiles: u32, complete: bool) -> Award {
    if !complete && !rules.incomplete_features_score() {
        return Award {
            points: 0,
            rule: "unfinished road scores nothing (incomplete_features = \"none\")".into(),
        };
    }
    let (state, per) = if complete {
        ("road", rules.points[Point::Road])
    } else {
        ("unfinished road", rules.points[Point::RoadIncomplete])
    };
    Award {
        points: i64::from(tiles) * i64::from(per),
        rule: format!("{state}: {} × {per}", plural(tiles, "tile")),
    }
}

/// A city of `tiles` tiles with `pennants` pennants.
#[must_use]
pub fn city(rules: &Ruleset, tiles: u32, pennants: u32, complete: bool) -> Award {
    let with_pennants = |per: u32| {
        if pennants == 0 {
            String::new()
        } else {
            format!(" + {} × {per}", plural(pennants, "pennant"))
        }
    };
    if !complete {
        if !rules.incomplete_features_score() {
            return Award {
                points: 0,
                rule: "unfinished city scores nothing (incomplete_features = \"none\")".into(),
            };
        }
        let (per, per_pennant) = (
            rules.points[Point::CityIncomplete],
            rules.points[Point::PennantIncomplete],
        );
        return Award {
            points: i64::from(tiles) * i64::from(per)
                + i64::from(pennants) * i64::from(per_pennant),
            rule: format!(
                "unfinished city: {} × {per}{}",
                plural(tiles, "tile"),
                with_pennants(per_pennant)
            ),
        };
    }
    if rules.small_city && tiles == 2 {
        let per = rules.points[Point::SmallCity];
        return Award {
            points: (2 + i64::from(pennants)) * i64::from(per),
            rule: format!(
                "small city: 2 tiles × {per}{} (small_city)",
                with_pennants(per)
            ),
        };
    }
    let (per, per_pennant) = (rules.points[Point::City], rules.points[Point::Pennant]);
    Award {
        points: i64::from(tiles) * i64::from(per) + i64::from(pennants) * i64::from(per_pennant),
        rule: format!(
            "city: {} × {per}{}",
            plural(tiles, "tile"),
            with_pennants(per_pennant)
        ),
    }
}

/// A cloister (or abbey) with `around` of its 8 neighbours occupied.
#[must_use]
pub fn cloister(rules: &Ruleset, around: u32) -> Award {
    let per = rules.points[Point::Cloister];
    let times = if per == 1 {
        String::new()
    } else {
        format!(" × {per}")
    };
    if around >= 8 {
        return Award {
            points: 9 * i64::from(per),
            rule: if per == 1 {
                "cloister: surrounded, 9".into()
            } else {
                format!("cloister: surrounded, 9 tiles{times}")
            },
        };
    }
    if !rules.incomplete_features_score() {
        return Award {
            points: 0,
            rule: "unfinished cloister scores nothing (incomplete_features = \"none\")".into(),
        };
    }
    let around_text = format!("1 + {} around it", plural(around, "tile"));
    Award {
        points: (1 + i64::from(around)) * i64::from(per),
        rule: if per == 1 {
            format!("unfinished cloister: {around_text}")
        } else {
            format!("unfinished cloister: ({around_text}){times}")
        },
    }
}

/// Points per completed city for a farm, and the rule, under each edition.
/// `cities` is the number of completed cities counted; `already` (second
/// edition) the number that were already paid to the player.
#[must_use]
pub fn farm(rules: &Ruleset, cities: u32, already: u32) -> Award {
    let per = rules.points[Point::FarmCity];
    match rules.farm_scoring {
        FarmScoring::Third => Award {
            points: i64::from(per) * i64::from(cities),
            rule: format!(
                "farm, third edition: {} × {per}",
                plural(cities, "completed city")
            ),
        },
        FarmScoring::Second => {
            let paid = cities - already.min(cities);
            let note = if already > 0 {
                format!(
                    " ({} already paid to this player through another farm)",
                    plural(already, "city")
                )
            } else {
                String::new()
            };
            Award {
                points: i64::from(per) * i64::from(paid),
                rule: format!(
                    "farm, second edition: {} × {per}, each city once per player{note}",
                    plural(paid, "completed city")
                ),
            }
        }
        FarmScoring::First => {
            let per = rules.points[Point::FarmCityFirst];
            Award {
                points: i64::from(per),
                rule: format!(
                    "farms, first edition: the completed city pays {per} to the player(s) with most farmers on the farms around it"
                ),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with(f: impl FnOnce(&mut Ruleset)) -> Ruleset {
        let mut r = Ruleset::modern();
        f(&mut r);
        r
    }

    #[test]
    fn small_city_rule_applies_only_to_completed_two_tile_cities() {
        let old = with(|r| r.small_city = true);
        assert_eq!(city(&old, 2, 0, true).points, 2);
        assert_eq!(city(&old, 2, 1, true).points, 3);
        assert_eq!(city(&old, 3, 0, true).points, 6);
        assert_eq!(city(&old, 2, 1, false).points, 3);
        assert_eq!(city(&Ruleset::modern(), 2, 0, true).points, 4);
    }

    #[test]
    fn incomplete_features_can_score_nothing() {
        let none = with(|r| r.incomplete_features = crate::rules::Incomplete::None);
        assert_eq!(road(&none, 4, false).points, 0);
        assert_eq!(road(&none, 4, true).points, 4);
        assert_eq!(city(&none, 3, 1, false).points, 0);
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
        assert_eq!(farm(&house, 4, 0).points, 8);
        assert_eq!(city(&house, 3, 1, true).points, 11);
        assert_eq!(cloister(&house, 8).points, 18);
        assert_eq!(cloister(&house, 2).points, 6);
        assert_eq!(road(&house, 3, true).points, 3);
    }

    #[test]
    fn cloister_with_five_neighbours_scores_six() {
        assert_eq!(cloister(&Ruleset::modern(), 5).points, 6);
    }
}
