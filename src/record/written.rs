//! Records as carca writes them (`carca gen`, `carca import jcz`): built as
//! values and serialized, never pieced together as text, so that no name,
//! id or version read from elsewhere can change the record's shape.

use serde::Serialize;
use serde_saphyr::{FlowMap, FlowSeq};

use crate::geometry::{Pos, Rotation};
use crate::record::Key;
use crate::rules::Figure;

/// A history record to write.
#[derive(Debug, Clone, Serialize)]
pub struct Written {
    /// A line about the game.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// Tile sets in play.
    pub tilesets: FlowSeq<Vec<String>>,
    /// Copies of every tile, when more than one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub supply_scale: Option<u32>,
    /// A ruleset written in the record.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ruleset: Option<FlowMap<WrittenRuleset>>,
    /// Players in turn order.
    pub players: FlowSeq<Vec<String>>,
    /// The start tile, when not the default.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start: Option<FlowMap<WrittenTurn>>,
    /// The turns.
    pub turns: Vec<FlowMap<WrittenTurn>>,
    /// The game is over.
    #[serde(rename = "final", skip_serializing_if = "std::ops::Not::not")]
    pub final_: bool,
    /// What the expansions' top-level record keys say (`final_leave:`).
    #[serde(flatten)]
    pub keyed: WrittenTop,
}

/// An inline ruleset.
#[derive(Debug, Clone, Default, Serialize)]
pub struct WrittenRuleset {
    /// Its name.
    pub name: String,
    /// What it extends.
    pub extends: String,
    /// The small-city rule, when on.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub small_city: Option<bool>,
    /// Followers per player, when not the default.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub followers: Option<u32>,
    /// The expansions' rule options that are not at their default
    /// (`dragon_move: after-scoring`).
    #[serde(flatten)]
    pub options: std::collections::BTreeMap<String, String>,
    /// Special figures per player (`{ big: 2 }`), when not what the tile
    /// sets bring.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub figures: Option<FlowMap<std::collections::BTreeMap<String, u32>>>,
    /// Numbers that differ from what it extends (`{ goods_majority: 0 }`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub points: Option<FlowMap<std::collections::BTreeMap<String, u32>>>,
}

/// A turn (or the start tile).
#[derive(Debug, Clone, Default, Serialize)]
pub struct WrittenTurn {
    /// Who played it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
    /// The tile placed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tile: Option<String>,
    /// Where.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at: Option<FlowSeq<[i32; 2]>>,
    /// The rotation, when not 0.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rot: Option<u32>,
    /// Where the follower stands.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub meeple: Option<WrittenWhere>,
    /// Which figure, when not a normal follower (`big`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub figure: Option<String>,
    /// A tile drawn and discarded.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub discard: Option<String>,
    /// What the expansions' record keys say, in the order of their keys.
    #[serde(flatten)]
    pub keyed: WrittenKeys,
}

/// Expansion keys and their values as written: a turn's
/// ([`WrittenKeys`]) or a record's top level ([`WrittenTop`]).
pub struct KeyValues<K: ?Sized + 'static>(Vec<(&'static K, serde_json::Value)>);

/// A turn's expansion keys and their values, kept in the order the keys
/// are written ([`Key::order`]).
pub type WrittenKeys = KeyValues<dyn Key>;

/// A record's top-level expansion keys and their values, in the order
/// written.
pub type WrittenTop = KeyValues<dyn super::keys::ReadKey>;

impl<K: ?Sized> Default for KeyValues<K> {
    fn default() -> Self {
        KeyValues(Vec::new())
    }
}

impl<K: ?Sized> Clone for KeyValues<K> {
    fn clone(&self) -> Self {
        KeyValues(self.0.clone())
    }
}

impl<K: ?Sized + super::keys::ReadKey> std::fmt::Debug for KeyValues<K> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_map()
            .entries(self.0.iter().map(|(k, v)| (k.name(), v)))
            .finish()
    }
}

impl<K: ?Sized + super::keys::ReadKey> Serialize for KeyValues<K> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            map.serialize_entry(k.name(), v)?;
        }
        map.end()
    }
}

impl WrittenTop {
    /// The value written under `key`, made `null` first when there is
    /// none (to be filled in).
    pub fn entry(&mut self, key: &'static dyn super::keys::ReadKey) -> &mut serde_json::Value {
        let i = match self.0.iter().position(|(k, _)| k.name() == key.name()) {
            Some(i) => i,
            None => {
                self.0.push((key, serde_json::Value::Null));
                self.0.len() - 1
            }
        };
        &mut self.0[i].1
    }
}

impl WrittenKeys {
    /// The value written under `key`, made `null` first when there is
    /// none (to be filled in).
    pub fn entry(&mut self, key: &'static dyn Key) -> &mut serde_json::Value {
        let i = match self.0.iter().position(|(k, _)| k.name() == key.name()) {
            Some(i) => i,
            None => {
                let i = self
                    .0
                    .iter()
                    .position(|(k, _)| k.order() > key.order())
                    .unwrap_or(self.0.len());
                self.0.insert(i, (key, serde_json::Value::Null));
                i
            }
        };
        &mut self.0[i].1
    }

    /// Writes `value` under `key`, in place of what was written there.
    pub fn set(&mut self, key: &'static dyn Key, value: impl Serialize) {
        *self.entry(key) = serde_json::to_value(value).unwrap_or_default();
    }

    /// The value written under the key `name`.
    #[must_use]
    pub fn get(&self, name: &str) -> Option<&serde_json::Value> {
        self.0
            .iter()
            .find(|(k, _)| k.name() == name)
            .map(|(_, v)| v)
    }

    /// The value written under the key `name`, to change.
    pub fn get_mut(&mut self, name: &str) -> Option<&mut serde_json::Value> {
        self.0
            .iter_mut()
            .find(|(k, _)| k.name() == name)
            .map(|(_, v)| v)
    }
}

/// Where a figure goes: a location on the tile just placed, or a place on
/// any tile (`{ at, spot }`).
#[derive(Debug, Clone, Serialize)]
#[serde(untagged)]
pub enum WrittenWhere {
    /// On the tile just placed.
    Here(String),
    /// On the tile at `at`.
    At(FlowMap<WrittenPlace>),
}

/// A place on a tile: `{ at, spot }`.
#[derive(Debug, Clone, Serialize)]
pub struct WrittenPlace {
    /// The tile.
    pub at: FlowSeq<[i32; 2]>,
    /// Where on it.
    pub spot: String,
}

impl WrittenTurn {
    /// Writes an act of the turn under its record key (`names`: the
    /// players'; `word`: a figure's word).
    pub fn put(&mut self, act: &super::Act, names: &[String], word: &dyn Fn(Figure) -> String) {
        match act {
            super::Act::Deploy(d) => {
                let spot = d.location.to_string();
                self.meeple = Some(match d.at {
                    Some((p, _)) => WrittenWhere::At(FlowMap(WrittenPlace {
                        at: FlowSeq([p.x, p.y]),
                        spot,
                    })),
                    None => WrittenWhere::Here(spot),
                });
                self.figure = (d.figure != Figure::FOLLOWER).then(|| word(d.figure));
            }
            super::Act::Keyed(k) => k.value().write(&mut self.keyed, names, word),
        }
    }

    /// A placement.
    #[must_use]
    pub fn place(tile: &str, at: Pos, rot: Rotation, meeple: Option<String>) -> WrittenTurn {
        WrittenTurn {
            tile: Some(tile.to_string()),
            at: Some(FlowSeq([at.x, at.y])),
            rot: (rot != Rotation::R0).then(|| rot.degrees()),
            meeple: meeple.map(WrittenWhere::Here),
            ..WrittenTurn::default()
        }
    }

    /// A discard.
    #[must_use]
    pub fn discard(tile: &str) -> WrittenTurn {
        WrittenTurn {
            discard: Some(tile.to_string()),
            ..WrittenTurn::default()
        }
    }
}

impl Written {
    /// The record as YAML, after comment lines saying where it came from
    /// (each kept to one line, with anything that is not printable escaped).
    #[must_use]
    pub fn yaml(&self, comments: &[String]) -> String {
        // The turns are serialized on their own, one flow map a line: after
        // a flow-style value (`start`), the serializer would otherwise write
        // the whole list on one line.
        #[derive(Serialize)]
        struct Tail<'a> {
            turns: &'a [FlowMap<WrittenTurn>],
            #[serde(rename = "final", skip_serializing_if = "std::ops::Not::not")]
            final_: bool,
            #[serde(flatten)]
            keyed: &'a WrittenTop,
        }
        let mut out = String::new();
        for c in comments {
            out.push_str("# ");
            out.push_str(&crate::text::escaped(c, false));
            out.push('\n');
        }
        let head = Written {
            description: self.description.clone(),
            tilesets: FlowSeq(self.tilesets.0.clone()),
            supply_scale: self.supply_scale,
            ruleset: self.ruleset.clone(),
            players: FlowSeq(self.players.0.clone()),
            start: self.start.clone(),
            turns: Vec::new(),
            final_: false,
            keyed: WrittenTop::default(),
        };
        let head = serde_saphyr::to_string(&head).unwrap_or_default();
        out.push_str(head.trim_end().trim_end_matches("turns: []").trim_end());
        out.push('\n');
        let tail = Tail {
            turns: &self.turns,
            final_: self.final_,
            keyed: &self.keyed,
        };
        out.push_str(&serde_saphyr::to_string(&tail).unwrap_or_default());
        out
    }

    /// The record as JSON on one line.
    #[must_use]
    pub fn json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_cannot_change_the_shape_of_a_record() {
        let w = Written {
            tilesets: FlowSeq(vec!["base".into()]),
            players: FlowSeq(vec![
                "red\nfinal: true".into(),
                "bl\u{7f}ue".into(),
                "- x".into(),
            ]),
            turns: vec![FlowMap(WrittenTurn::place(
                "U",
                Pos::new(1, 0),
                Rotation::R90,
                Some("E".into()),
            ))],
            description: None,
            supply_scale: None,
            ruleset: None,
            start: None,
            final_: false,
            keyed: WrittenTop::default(),
        };
        let text = w.yaml(&["made by\na test".into()]);
        let src = crate::source::SourceFile::new("w.yaml", text.as_str());
        let rec = crate::record::parse(
            &crate::loader::Loader::default(),
            &src,
            std::path::Path::new(""),
        )
        .unwrap_or_else(|f| panic!("{f:?}\n{text}"));
        assert_eq!(rec.players, ["red\nfinal: true", "bl\u{7f}ue", "- x"]);
        assert!(!rec.declared_final, "{text}");
        assert!(text.starts_with("# made by\\u{a}a test\n"), "{text}");
    }
}
