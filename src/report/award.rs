//! The words of an award: "city: 3 tiles × 2 + 1 pennant × 2". The engine
//! says which rule applied and with which numbers ([`Basis`]); this module
//! alone turns that into a sentence.

use crate::engine::event::{Basis, FarmBonus, Nothing, Part, Unit};
use crate::rules::FarmScoring;

/// `n` of `word`, in English: "1 tile", "3 tiles", "2 cities". A word
/// may give its own plural after a `/` (`sheep/sheep`).
#[must_use]
pub fn plural(n: u32, word: &str) -> String {
    if let Some((one, many)) = word.split_once('/') {
        return format!("{n} {}", if n == 1 { one } else { many });
    }
    match (n, word.strip_suffix('y')) {
        (1, _) => format!("1 {word}"),
        (_, Some(stem)) => format!("{n} {stem}ies"),
        (_, None) => format!("{n} {word}s"),
    }
}

/// So many of a modifier, in words: "1 pennant", "2 market squares".
#[must_use]
pub fn extra(n: u32, name: &str) -> String {
    plural(n, &spoken(name))
}

/// A modifier's name as a word: `market_square` is "market square".
fn spoken(name: &str) -> String {
    name.replace('_', " ")
}

/// "a well", "an inn".
fn article(word: &str) -> String {
    let an = word
        .chars()
        .next()
        .is_some_and(|c| matches!(c, 'a' | 'e' | 'i' | 'o' | 'u'));
    format!("{} {word}", if an { "an" } else { "a" })
}

fn part(p: &Part) -> String {
    let unit = match &p.unit {
        Unit::Tile => "tile".to_string(),
        Unit::Modifier(name) => spoken(name),
        Unit::Named(word) => spoken(word),
    };
    format!("{} × {}", plural(p.count, &unit), p.rate)
}

/// One rule in words.
#[must_use]
pub fn words(basis: &Basis) -> String {
    match basis {
        Basis::Rated {
            kind,
            complete,
            small_city,
            present,
            parts,
        } => {
            let with = present
                .as_ref()
                .map(|p| format!(" with {}", article(&spoken(p))))
                .unwrap_or_default();
            let head = match (complete, small_city) {
                (true, true) => "small city".to_string(),
                (true, false) => format!("{kind}{with}"),
                (false, _) => format!("unfinished {kind}{with}"),
            };
            let parts: Vec<String> = parts.iter().map(part).collect();
            let tail = if *small_city { " (small_city)" } else { "" };
            format!("{head}: {}{tail}", parts.join(" + "))
        }
        Basis::Nothing { kind, why } => match why {
            Nothing::IncompleteNone => {
                format!("unfinished {kind} scores nothing (incomplete_features = \"none\")")
            }
            Nothing::Modifier(name) => format!(
                "unfinished {kind} with {} scores nothing (inn_cathedral_incomplete = \"zero\")",
                article(&spoken(name))
            ),
        },
        Basis::Cloister { around, rate } => {
            let times = if *rate == 1 {
                String::new()
            } else {
                format!(" × {rate}")
            };
            if *around >= 8 {
                if *rate == 1 {
                    "cloister: surrounded, 9".into()
                } else {
                    format!("cloister: surrounded, 9 tiles{times}")
                }
            } else {
                let around_text = format!("1 + {} around it", plural(*around, "tile"));
                if *rate == 1 {
                    format!("unfinished cloister: {around_text}")
                } else {
                    format!("unfinished cloister: ({around_text}){times}")
                }
            }
        }
        Basis::Farm {
            edition,
            cities,
            rate,
            already,
            bonus,
        } => match edition {
            FarmScoring::Second => {
                let note = if *already > 0 {
                    format!(
                        " ({} already paid to this player through another farm)",
                        plural(*already, "city")
                    )
                } else {
                    String::new()
                };
                format!(
                    "farm, second edition: {} × {}, each city once per player{note}",
                    plural(*cities, "completed city"),
                    with_bonus(*rate, *bonus)
                )
            }
            _ => format!(
                "farm, third edition: {} × {}",
                plural(*cities, "completed city"),
                with_bonus(*rate, *bonus)
            ),
        },
        Basis::FarmsAround {
            rate,
            suppliers,
            bonus,
        } => format!(
            "farms, first edition: the completed city pays {} to the player(s) with most farmers on the farms around it (supplied by {})",
            with_bonus(*rate, *bonus),
            super::names::join(suppliers)
        ),
        Basis::FarmSuppliesNone => {
            "farms, first edition: this farm touches no completed city, so it supplies none".into()
        }
        Basis::Mechanic { words, parts, .. } if parts.is_empty() => (*words).to_string(),
        Basis::Mechanic { words, parts, .. } => {
            let parts: Vec<String> = parts.iter().map(part).collect();
            format!("{words}: {}", parts.join(" + "))
        }
    }
}

/// A farm's rate per city, with the bonus a figure of the player's adds
/// to it, in the words of the mechanic that adds it.
fn with_bonus(rate: u32, bonus: FarmBonus) -> String {
    if bonus.rate == 0 {
        rate.to_string()
    } else {
        format!("({rate} + {} for the {})", bonus.rate, bonus.word)
    }
}

/// The rules of an event in words, joined.
#[must_use]
pub fn rule(basis: &[Basis]) -> String {
    basis.iter().map(words).collect::<Vec<_>>().join("; ")
}

/// Whether an event is a first-edition "farms around a city" scoring.
#[must_use]
pub fn is_farms_around(basis: &[Basis]) -> bool {
    matches!(basis.first(), Some(Basis::FarmsAround { .. }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tileset::FeatureKind;

    #[test]
    fn the_words_name_every_part() {
        let b = Basis::Rated {
            kind: FeatureKind::Road,
            complete: true,
            small_city: false,
            present: Some("market_square".into()),
            parts: vec![
                Part {
                    count: 3,
                    unit: Unit::Tile,
                    rate: 2,
                },
                Part {
                    count: 2,
                    unit: Unit::Modifier("well".into()),
                    rate: 2,
                },
            ],
        };
        assert_eq!(
            words(&b),
            "road with a market square: 3 tiles × 2 + 2 wells × 2"
        );
        let none = Basis::Nothing {
            kind: FeatureKind::City,
            why: Nothing::Modifier("cathedral".into()),
        };
        assert_eq!(
            words(&none),
            "unfinished city with a cathedral scores nothing (inn_cathedral_incomplete = \"zero\")"
        );
    }
}
