//! Where a follower stands on a tile, as written (`meeple:`, `spot:`), and
//! how that resolves to a feature of the placed tile.

use std::fmt;

use crate::geometry::{Edge, Half, Pos, Rotation};
use crate::tileset::catalog::Entry;
use crate::tileset::{FeatureKind, Tile};

/// A location in board orientation (docs/records.md).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Location {
    /// The road or city at the middle of an edge.
    Edge(Edge),
    /// The field at a half-edge.
    Half(Half),
    /// The field at a corner: the corner between two half-edges.
    Corner(Half, Half),
    /// The cloister or abbey.
    Cloister,
    /// A feature by its name in the tile definition.
    Named(String),
    /// The top of the tile's tower (The Tower): no feature.
    Tower,
}

impl Location {
    /// Parses a location (case-insensitive).
    #[must_use]
    pub fn parse(text: &str) -> Option<Location> {
        let t = text.trim();
        if let Some(name) = t.strip_prefix('#') {
            return (!name.is_empty()).then(|| Location::Named(name.to_string()));
        }
        // The words below are ASCII and at most 9 letters (`MONASTERY`): a
        // text that is not is none of them, and the others are upper-cased
        // without allocating.
        let mut buf = [0u8; 9];
        let upper = match buf.get_mut(..t.len()) {
            Some(room) if t.is_ascii() => {
                room.copy_from_slice(t.as_bytes());
                room.make_ascii_uppercase();
                std::str::from_utf8(room).unwrap_or_default()
            }
            _ => "",
        };
        Some(match upper {
            "N" | "E" | "S" | "W" => Location::Edge(Edge::from_letter(upper.chars().next()?)?),
            "NE" => Location::Corner(Half::Nne, Half::Ene),
            "SE" => Location::Corner(Half::Ese, Half::Sse),
            "SW" => Location::Corner(Half::Ssw, Half::Wsw),
            "NW" => Location::Corner(Half::Wnw, Half::Nnw),
            "C" | "CLOISTER" | "MONASTERY" | "ABBEY" => Location::Cloister,
            "TOWER" => Location::Tower,
            _ => match Half::from_name(upper) {
                Some(h) => Location::Half(h),
                // A feature by the name its tile gives it (`inner`); the
                // words above never name one.
                None if t
                    .chars()
                    .all(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | '.')) =>
                {
                    Location::Named(t.to_string())
                }
                None => return None,
            },
        })
    }

    /// The corner point a corner location names on the tile at `pos`, as
    /// the tile whose north-east corner it is; `None` for other locations.
    #[must_use]
    pub fn corner_point(&self, pos: Pos) -> Option<Pos> {
        let (dx, dy) = match self {
            Location::Corner(Half::Nne, Half::Ene) => (0, 0),
            Location::Corner(Half::Ese, Half::Sse) => (0, -1),
            Location::Corner(Half::Ssw, Half::Wsw) => (-1, -1),
            Location::Corner(Half::Wnw, Half::Nnw) => (-1, 0),
            _ => return None,
        };
        Some(Pos::new(pos.x + dx, pos.y + dy))
    }

    /// The location in one byte, when it is a compass word or the
    /// cloister (what a follower keeps of the spot its record wrote).
    #[must_use]
    pub fn code(&self) -> Option<u8> {
        let halves = |h: Half| Half::ALL.iter().position(|x| *x == h);
        let code = match self {
            Location::Edge(e) => Edge::ALL.iter().position(|x| x == e)?,
            Location::Half(h) => 4 + halves(*h)?,
            Location::Corner(a, _) => 12 + halves(*a)? / 2,
            Location::Cloister => 16,
            // A name, or a place off any feature.
            _ => return None,
        };
        u8::try_from(code).ok()
    }

    /// The location [`Location::code`] gave `code`.
    #[must_use]
    pub fn from_code(code: u8) -> Option<Location> {
        let code = usize::from(code);
        Some(match code {
            0..4 => Location::Edge(Edge::ALL[code]),
            4..12 => Location::Half(Half::ALL[code - 4]),
            12..16 => {
                let a = Half::ALL[(code - 12) * 2];
                let b = Half::ALL[(code - 12) * 2 + 1];
                Location::Corner(a, b)
            }
            16 => Location::Cloister,
            _ => return None,
        })
    }

    /// Whether it names a spot of a feature, rather than a place off any
    /// feature that a mechanic keeps.
    #[must_use]
    pub fn on_a_feature(&self) -> bool {
        matches!(
            self,
            Location::Edge(_)
                | Location::Half(_)
                | Location::Corner(..)
                | Location::Cloister
                | Location::Named(_)
        )
    }

    /// The feature of `tile` (lying rotated by `rot`) at this location.
    pub fn resolve(&self, tile: &Tile, rot: Rotation) -> Result<usize, LocationProblem> {
        let field = |f: Option<usize>| match f {
            Some(i) if tile.features[i].kind == FeatureKind::Field => Ok(i),
            Some(i) => Err(LocationProblem::WrongKind {
                found: tile.features[i].kind,
            }),
            None => Err(LocationProblem::Nothing),
        };
        match self {
            Location::Edge(e) => match tile.feature_on_edge(*e, rot) {
                _ if tile.shared_on_edge(*e, rot).is_some() => Err(LocationProblem::TwoCities),
                Some(i) => Ok(i),
                None => Err(LocationProblem::Nothing),
            },
            Location::Half(h) => field(tile.feature_on_half(*h, rot)),
            Location::Corner(a, b) => {
                let fields: Vec<usize> = [*a, *b]
                    .into_iter()
                    .filter_map(|h| tile.feature_on_half(h, rot))
                    .filter(|&i| tile.features[i].kind == FeatureKind::Field)
                    .collect();
                match fields[..] {
                    [] => Err(LocationProblem::Nothing),
                    [one] => Ok(one),
                    [x, y] if x == y => Ok(x),
                    _ => Err(LocationProblem::TwoFields),
                }
            }
            Location::Cloister => tile.cloister.ok_or(LocationProblem::Nothing),
            Location::Named(n) => tile.named(n).ok_or(LocationProblem::Nothing),
            // The top of a tower is a place of the tower's mechanic.
            Location::Tower => Err(LocationProblem::Nothing),
        }
    }
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Location::Edge(e) => write!(f, "{e}"),
            Location::Half(h) => write!(f, "{h}"),
            Location::Corner(a, _) => f.write_str(match a {
                Half::Nne => "NE",
                Half::Ese => "SE",
                Half::Ssw => "SW",
                _ => "NW",
            }),
            Location::Cloister => f.write_str("C"),
            Location::Named(n) if n.is_empty() => f.write_str("?"),
            Location::Named(n) => write!(f, "#{n}"),
            Location::Tower => f.write_str("tower"),
        }
    }
}

/// Why a location names no feature.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LocationProblem {
    /// Nothing lies there.
    Nothing,
    /// A half-edge or corner names a city, not a field.
    WrongKind {
        /// What lies there.
        found: FeatureKind,
    },
    /// A corner touched by two different fields.
    TwoFields,
    /// An edge two cities of the tile share (HS02's north edge).
    TwoCities,
}

/// A location that names no spot of the tile it is written for (or a tile
/// that is not there), with what the tile offers instead: what the
/// referee and the record reader both report, in the same words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unnamed {
    /// The location as written.
    pub location: Location,
    /// Where.
    pub at: Pos,
    /// The tile there and how it lies; `None` when no tile lies there.
    pub tile: Option<(String, Rotation)>,
    /// Why the location names nothing (when a tile lies there).
    pub problem: LocationProblem,
    /// The spots the tile offers as it lies.
    pub spots: Vec<(Location, FeatureKind)>,
    /// The location word the tile takes that is nearest to the one
    /// written, when one is near.
    pub near: Option<String>,
}

impl Unnamed {
    /// `location`, which names nothing on `tile` lying at `at` rotated by
    /// `rot` for `problem`.
    #[must_use]
    pub fn on(
        location: &Location,
        at: Pos,
        tile: &Tile,
        rot: Rotation,
        problem: LocationProblem,
    ) -> Unnamed {
        let spots = (0..tile.features.len())
            .filter(|&i| tile.features[i].kind.holds_followers())
            .map(|i| (location_of(tile, rot, i), tile.features[i].kind))
            .collect();
        // Every word that names a spot of the tile as it lies.
        let words: Vec<String> = Edge::ALL
            .into_iter()
            .map(Location::Edge)
            .chain(Half::ALL.into_iter().map(Location::Half))
            .chain(
                [
                    (Half::Nne, Half::Ene),
                    (Half::Ese, Half::Sse),
                    (Half::Ssw, Half::Wsw),
                    (Half::Wnw, Half::Nnw),
                ]
                .map(|(a, b)| Location::Corner(a, b)),
            )
            .chain([Location::Cloister])
            .filter(|l| l.resolve(tile, rot).is_ok())
            .map(|l| l.to_string())
            .chain(tile.features.iter().filter_map(|f| f.name.clone()))
            .collect();
        let written = match location {
            Location::Named(n) => n.clone(),
            other => other.to_string(),
        };
        let near = crate::suggest::nearest(&written, words.iter().map(String::as_str))
            .filter(|n| !n.eq_ignore_ascii_case(&written))
            .map(str::to_string);
        Unnamed {
            location: location.clone(),
            at,
            tile: Some((tile.id.clone(), rot)),
            problem,
            spots,
            near,
        }
    }

    /// `location` on `at`, where no tile lies.
    #[must_use]
    pub fn nowhere(location: &Location, at: Pos) -> Unnamed {
        Unnamed {
            location: location.clone(),
            at,
            tile: None,
            problem: LocationProblem::Nothing,
            spots: Vec::new(),
            near: None,
        }
    }

    /// Its message and help line.
    #[must_use]
    pub fn words(&self) -> (String, String) {
        let Unnamed {
            location,
            at,
            tile,
            problem,
            spots,
            near,
        } = self;
        // As written: a name without the `#` it may be written with.
        let location = match location {
            Location::Named(n) => n.clone(),
            other => other.to_string(),
        };
        match tile {
            Some((id, rot)) => {
                let problem = match problem {
                    LocationProblem::Nothing => "nothing".to_string(),
                    LocationProblem::WrongKind { found } => format!("a {found}, not a field,"),
                    LocationProblem::TwoFields => "two different fields".to_string(),
                    LocationProblem::TwoCities => {
                        "two cities that share the edge (name each by another of its edges)"
                            .to_string()
                    }
                };
                let spots: Vec<String> = spots.iter().map(|(l, k)| format!("{l} ({k})")).collect();
                let near = near
                    .as_ref()
                    .map_or_else(String::new, |n| format!("did you mean `{n}`? "));
                (
                    format!("`{location}` names {problem} on tile {id} (rot {rot})"),
                    format!("{near}as it lies, the tile has: {}", spots.join(", ")),
                )
            }
            None => (
                format!("`{location}` names a spot on tile {at} (there is no tile there)"),
                "a follower stands on a tile listed in `board`".into(),
            ),
        }
    }
}

/// The location naming feature `feature` of `tile` lying rotated by `rot`:
/// an edge for roads and cities, a half-edge for fields, `C` for cloisters.
#[must_use]
pub fn location_of(tile: &Tile, rot: Rotation, feature: usize) -> Location {
    for e in Edge::ALL {
        if tile.feature_on_edge(e, rot) == Some(feature) && tile.shared_on_edge(e, rot).is_none() {
            return Location::Edge(e);
        }
    }
    for h in Half::ALL {
        if tile.feature_on_half(h, rot) == Some(feature) {
            return Location::Half(h);
        }
    }
    if tile.cloister == Some(feature) {
        return Location::Cloister;
    }
    Location::Named(tile.features[feature].name.clone().unwrap_or_default())
}

/// [`location_of`] for a catalog entry, read from its sides turned by
/// `rot` (what a placement already looks at) where they name the feature.
#[must_use]
pub fn location_in(entry: &Entry, rot: Rotation, feature: usize) -> Location {
    let sides = &entry.sides[rot.quarters()];
    let is = |f: Option<u8>| f.is_some_and(|f| usize::from(f) == feature);
    for e in Edge::ALL {
        if is(sides.on_edge[e.index()]) && sides.shared_on_edge[e.index()].is_none() {
            return Location::Edge(e);
        }
    }
    for h in Half::ALL {
        if is(sides.field_on_half[h.index()]) {
            return Location::Half(h);
        }
    }
    location_of(&entry.tile, rot, feature)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_catalog_entry_names_each_feature_as_its_tile_does() {
        // Every tile of every built-in set (bridged forms included), every
        // turn, every feature: the sides' reading is the tile's.
        let loader = crate::loader::Loader::default();
        let sets = crate::tileset::builtin::NAMES
            .iter()
            .map(|n| crate::tileset::load(&loader, n, std::path::Path::new("")).expect("a set"))
            .collect();
        let catalog = crate::tileset::Catalog::new(sets);
        let mut looked = 0;
        for entry in &catalog.tiles {
            for rot in Rotation::ALL {
                for f in 0..entry.tile.features.len() {
                    let want = location_of(&entry.tile, rot, f);
                    assert_eq!(
                        location_in(entry, rot, f),
                        want,
                        "{} {rot:?} {f}",
                        entry.tile.id
                    );
                    looked += 1;
                }
            }
        }
        assert!(looked > 1000, "{looked}");
    }

    #[test]
    fn a_compass_word_keeps_in_a_byte() {
        for word in [
            "N", "E", "S", "W", "NNE", "ENE", "ESE", "SSE", "SSW", "WSW", "WNW", "NNW", "NE", "SE",
            "SW", "NW", "C",
        ] {
            let l = Location::parse(word).expect("a location");
            let code = l.code().expect("a code");
            assert_eq!(Location::from_code(code), Some(l), "{word}");
        }
        assert_eq!(Location::Named("inner".into()).code(), None);
        assert_eq!(Location::from_code(17), None);
    }

    #[test]
    fn parses_the_words_in_any_case_and_names_as_written() {
        for (text, want) in [
            ("N", Location::Edge(Edge::N)),
            (" w ", Location::Edge(Edge::W)),
            ("se", Location::Corner(Half::Ese, Half::Sse)),
            ("nNe", Location::Half(Half::Nne)),
            ("Monastery", Location::Cloister),
            ("cloister", Location::Cloister),
            ("abbey", Location::Cloister),
            ("C", Location::Cloister),
            ("Tower", Location::Tower),
            ("#inner", Location::Named("inner".into())),
            ("inner_2", Location::Named("inner_2".into())),
            ("MONASTERYX", Location::Named("MONASTERYX".into())),
            ("städte", Location::Named("städte".into())),
        ] {
            assert_eq!(Location::parse(text), Some(want), "{text:?}");
        }
        for bad in ["#", "n e", "a/b", "ß!"] {
            assert_eq!(Location::parse(bad), None, "{bad:?}");
        }
    }
}
