//! The record keys the expansions add: a turn's keys ([`TurnKey`],
//! declared in each expansion's folder and listed by the registry, which
//! hands them to the reader through the loader as [`RecordKeys`]), and the
//! snapshot keys still read here, one module each. A key's written form
//! (with its schema) and the acts it makes live together, apart from the
//! generic reader, which asks them through the reader's [`Context`].

use std::any::Any;
use std::cell::Cell;

use miette::SourceSpan;
use schemars::JsonSchema;
use serde::Deserialize;

use super::{Act, RecordError};
use crate::geometry::Pos;
use crate::rules::Figure;
use crate::spanned::{Mark, Spanned};
use crate::tileset::Catalog;

/// What every key an expansion adds to records has: its written name
/// and description, the type it is read as (with its span, which the
/// spanned reader keeps) and the shape the schema shows.
pub trait KeyForm: Sync + 'static {
    /// The key as written.
    const NAME: &'static str;
    /// What it is, for the schema (`carca schema record`) and editors.
    const ABOUT: &'static str;
    /// Its value as read.
    type Raw: serde::de::DeserializeOwned + Send + Sync + 'static;
    /// How it is written, for the schema.
    type Shape: JsonSchema;
}

/// A key an expansion adds to a record's turns (`tower:`, `dragon:`): the
/// acts its value makes. The generic reader reads it wherever a turn is
/// read.
pub trait TurnKey: KeyForm {
    /// Where it is written among a turn's expansion keys, lowest first:
    /// its expansion's number in hundreds, its own in ones (the order of
    /// the schema and of the acts is the registry's list).
    const ORDER: u16;
    /// The acts its value makes, added to `acts` in the order the turn
    /// takes them; `None` when a problem was reported through `cx`.
    fn acts(
        &self,
        cx: &mut dyn Context,
        raw: &Spanned<Self::Raw>,
        turn: &TurnWords<'_>,
        acts: &mut Vec<Act>,
    ) -> Option<()>;
}

/// A key an expansion adds to a snapshot (`towers:`, `fairy:`): the state
/// its value says, which the expansion's mechanic restores
/// ([`SnapshotState::get`]).
pub trait SnapshotKey: KeyForm {
    /// What is said when a history writes it (its state is made by turns).
    const IN_HISTORY: &'static str;
    /// Whether a history may write it too: a top-level key of the whole
    /// game (the followers that leave the City before the final scoring),
    /// not a state its turns make.
    const HISTORY: bool = false;
    /// The state its value says.
    type State: Any + std::fmt::Debug + Send + Sync;
    /// Reads the state, or `None` when a problem was reported through
    /// `cx`.
    fn state(
        &self,
        cx: &mut dyn Context,
        raw: &Spanned<Self::Raw>,
        words: &TurnWords<'_>,
    ) -> Option<Self::State>;
}

/// What a key's value may look up: the players and the tiles in play.
#[derive(Debug, Clone, Copy)]
pub struct TurnWords<'a> {
    /// The players, in turn order.
    pub players: &'a [String],
    /// The tiles and figures in play.
    pub catalog: &'a Catalog,
}

/// A value as a key reads it, before it is converted.
pub(crate) type KeyValue = Box<dyn Any + Send + Sync>;

/// Any key an expansion adds to records, as the generic readers ask it:
/// its name, its schema, and its value read by its own type.
pub trait ReadKey: Sync {
    /// The key as written.
    fn name(&self) -> &'static str;
    /// Its schema, with its description.
    fn schema(&self, g: &mut schemars::SchemaGenerator) -> schemars::Schema;
    /// Reads its value, and where it is written (`None`: written
    /// `null`, as if not written).
    ///
    /// # Errors
    /// The parser's, when the value is not of its shape.
    fn read(
        &self,
        d: &mut dyn erased_serde::Deserializer<'_>,
    ) -> Result<Option<(Mark, KeyValue)>, erased_serde::Error>;
    /// Reads its value from the start of JSON text as [`ReadKey::read`]
    /// reads it there (`None` inside: written `null`), without going
    /// through an erased reader, and the length of its text; `None` where
    /// JSON's reader or the key refuses it.
    fn read_json(&self, text: &str) -> Option<(Option<(Mark, KeyValue)>, usize)>;
}

impl<K: KeyForm> ReadKey for K {
    fn name(&self) -> &'static str {
        K::NAME
    }

    fn schema(&self, g: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let mut s = g.subschema_for::<Option<K::Shape>>();
        s.insert("description".into(), K::ABOUT.into());
        s
    }

    fn read(
        &self,
        d: &mut dyn erased_serde::Deserializer<'_>,
    ) -> Result<Option<(Mark, KeyValue)>, erased_serde::Error> {
        let v = erased_serde::deserialize::<Option<Spanned<K::Raw>>>(d)?;
        Ok(v.map(|v| (v.at, Box::new(v) as KeyValue)))
    }

    fn read_json(&self, text: &str) -> Option<(Option<(Mark, KeyValue)>, usize)> {
        let mut stream =
            serde_json::Deserializer::from_str(text).into_iter::<Option<Spanned<K::Raw>>>();
        let v = stream.next()?.ok()?;
        Some((
            v.map(|v| (v.at, Box::new(v) as KeyValue)),
            stream.byte_offset(),
        ))
    }
}

/// A turn key of any type: what the turn's reader asks of it.
pub trait Key: ReadKey {
    /// It, as any key is read.
    fn reader(&self) -> &dyn ReadKey;
    /// Where it is written among a turn's keys ([`TurnKey::ORDER`]).
    fn order(&self) -> u16;
    /// The acts of a value it read (see [`TurnKey::acts`]).
    fn acts(
        &self,
        cx: &mut dyn Context,
        raw: &(dyn Any + Send + Sync),
        turn: &TurnWords<'_>,
        acts: &mut Vec<Act>,
    ) -> Option<()>;
}

impl<K: TurnKey> Key for K {
    fn reader(&self) -> &dyn ReadKey {
        self
    }

    fn order(&self) -> u16 {
        K::ORDER
    }

    fn acts(
        &self,
        cx: &mut dyn Context,
        raw: &(dyn Any + Send + Sync),
        turn: &TurnWords<'_>,
        acts: &mut Vec<Act>,
    ) -> Option<()> {
        let raw = raw.downcast_ref::<Spanned<K::Raw>>()?;
        TurnKey::acts(self, cx, raw, turn, acts)
    }
}

impl std::fmt::Debug for dyn Key {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A snapshot key of any type: what the record's reader asks of it.
pub trait SnapKey: ReadKey {
    /// It, as any key is read.
    fn reader(&self) -> &dyn ReadKey;
    /// What is said when a history writes it.
    fn in_history(&self) -> &'static str;
    /// Whether a history may write it ([`SnapshotKey::HISTORY`]).
    fn history(&self) -> bool;
    /// The state of a value it read (see [`SnapshotKey::state`]).
    fn state(
        &self,
        cx: &mut dyn Context,
        raw: &(dyn Any + Send + Sync),
        words: &TurnWords<'_>,
    ) -> Option<StateValue>;
}

impl std::fmt::Debug for dyn SnapKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A snapshot key's state, as the record keeps it.
pub(crate) type StateValue = std::sync::Arc<dyn StateAny>;

/// A state of any type, which can say what it is.
pub trait StateAny: Any + std::fmt::Debug + Send + Sync {}
impl<T: Any + std::fmt::Debug + Send + Sync> StateAny for T {}

impl<K: SnapshotKey> SnapKey for K {
    fn reader(&self) -> &dyn ReadKey {
        self
    }

    fn in_history(&self) -> &'static str {
        K::IN_HISTORY
    }

    fn history(&self) -> bool {
        K::HISTORY
    }

    fn state(
        &self,
        cx: &mut dyn Context,
        raw: &(dyn Any + Send + Sync),
        words: &TurnWords<'_>,
    ) -> Option<StateValue> {
        let raw = raw.downcast_ref::<Spanned<K::Raw>>()?;
        let state = SnapshotKey::state(self, cx, raw, words)?;
        Some(std::sync::Arc::new(state))
    }
}

/// What a snapshot's expansion keys say: each key's state, by its name.
#[derive(Debug, Clone, Default)]
pub struct SnapshotState(pub(crate) Vec<(&'static str, StateValue)>);

impl SnapshotState {
    /// The state of type `T` the snapshot says, if it writes its key.
    #[must_use]
    pub fn get<T: Any>(&self) -> Option<&T> {
        self.0.iter().find_map(|(_, v)| {
            let any: &dyn Any = &**v;
            any.downcast_ref::<T>()
        })
    }
}

/// The record keys of the expansions in play, in the order a turn takes
/// and writes them: what the registry gives the loader
/// ([`Loader::with_record_keys`](crate::loader::Loader::with_record_keys)).
#[derive(Clone, Copy)]
pub struct RecordKeys {
    /// A turn's keys.
    pub turn: &'static [&'static dyn Key],
    /// A snapshot's keys.
    pub snapshot: &'static [&'static dyn SnapKey],
}

impl std::fmt::Debug for RecordKeys {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let turn: Vec<&str> = self.turn.iter().map(|k| k.name()).collect();
        let snapshot: Vec<&str> = self.snapshot.iter().map(|k| k.name()).collect();
        f.debug_struct("RecordKeys")
            .field("turn", &turn)
            .field("snapshot", &snapshot)
            .finish()
    }
}

impl RecordKeys {
    /// No expansion's keys: the base game's record.
    pub const NONE: RecordKeys = RecordKeys {
        turn: &[],
        snapshot: &[],
    };

    /// The keys a loader carries.
    #[must_use]
    pub fn of(loader: &crate::loader::Loader) -> RecordKeys {
        loader
            .record_keys()
            .downcast_ref::<RecordKeys>()
            .copied()
            .unwrap_or(RecordKeys::NONE)
    }

    /// The turn key written `name`.
    #[must_use]
    pub fn turn_key(&self, name: &str) -> Option<&'static dyn Key> {
        self.turn.iter().copied().find(|k| k.name() == name)
    }
}

thread_local! {
    /// The keys a read or a schema in progress knows.
    static IN_USE: Cell<RecordKeys> = const { Cell::new(RecordKeys::NONE) };
}

/// Runs `read` (a read of records, or the making of their schema) with
/// `keys` known to every record and turn read inside it.
pub(crate) fn using<R>(keys: RecordKeys, read: impl FnOnce() -> R) -> R {
    struct Restore(RecordKeys);
    impl Drop for Restore {
        fn drop(&mut self) {
            IN_USE.set(self.0);
        }
    }
    let _restore = Restore(IN_USE.replace(keys));
    read()
}

/// The turn keys known where a turn is read.
pub(crate) fn in_use() -> &'static [&'static dyn Key] {
    IN_USE.get().turn
}

/// The snapshot keys known where a record is read.
pub(crate) fn snapshot_in_use() -> &'static [&'static dyn SnapKey] {
    IN_USE.get().snapshot
}

/// What a mechanic's keys ask of the record reader: where a value is
/// written, to report a problem there, and the generic values (players,
/// positions, figures) checked the one way.
pub trait Context {
    /// The span of a value's mark.
    fn span_at(&self, at: &Mark) -> SourceSpan;
    /// The span of a map key written just before its value at `value`.
    fn key_span(&self, value: SourceSpan, key: &str) -> SourceSpan;
    /// Reports a problem.
    fn error(&mut self, e: RecordError);
    /// A player by name, reported when unknown.
    fn player(&mut self, name: &Spanned<String>, players: &[String]) -> Option<usize>;
    /// A position, reported when not one.
    fn position(&mut self, at: &Spanned<RawPair>) -> Option<Pos>;
    /// The figure a `figure:` names (a normal follower when none).
    fn figure(&mut self, raw: Option<&Spanned<String>>, catalog: &Catalog) -> Option<Figure>;
    /// A tile by its id, reported when unknown or ambiguous.
    fn tile(&mut self, id: &Spanned<String>, catalog: &Catalog) -> Option<usize>;
}

impl dyn Context + '_ {
    /// The span of a spanned value.
    pub fn span<T>(&self, v: &Spanned<T>) -> SourceSpan {
        self.span_at(&v.at)
    }
}

/// A position as written, `[x, y]`: its two integers with their
/// positions, or `None` for a list of another length (which the validator
/// reports). Read without allocating, since every turn has one.
#[derive(Debug)]
pub struct RawPair(pub(crate) Option<[Spanned<i64>; 2]>);

impl<'de> Deserialize<'de> for RawPair {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = RawPair;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a list of two integers [x, y]")
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<RawPair, A::Error> {
                let x = seq.next_element::<Spanned<i64>>()?;
                let y = match x {
                    Some(_) => seq.next_element::<Spanned<i64>>()?,
                    None => None,
                };
                let mut more = false;
                while seq.next_element::<serde::de::IgnoredAny>()?.is_some() {
                    more = true;
                }
                Ok(RawPair(match (x, y, more) {
                    (Some(x), Some(y), false) => Some([x, y]),
                    _ => None,
                }))
            }
        }
        d.deserialize_seq(V)
    }
}
