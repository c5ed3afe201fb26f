//! [`Spanned`]: a value and where it was written, which carca's raw types
//! hold. It reads its position from serde-saphyr, the spanned YAML reader,
//! and none from the other readers (the quick YAML reader, JSON).

use std::cell::Cell;
use std::fmt;
use std::marker::PhantomData;

use serde::Deserialize;
use serde::de::{Deserializer, Visitor};
use serde_saphyr::Location;

/// A value and where it was written (nowhere, when read by a reader that
/// keeps no positions).
#[derive(Debug, Clone, PartialEq)]
pub struct Spanned<T> {
    /// The value.
    pub value: T,
    /// Where it was written.
    pub at: Mark,
}

/// Where a value was written, in 16 bytes: its line and column (1-based;
/// line 0 when read by a reader that keeps no positions) and, when the
/// reader knows them, its byte offset and length. Kept small because a
/// record holds several for every turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mark {
    line: u32,
    column: u32,
    offset: u32,
    len: u32,
}

impl Mark {
    /// No position.
    pub const UNKNOWN: Mark = Mark {
        line: 0,
        column: 0,
        offset: u32::MAX,
        len: 0,
    };

    /// The 1-based line, or 0 for no position.
    #[must_use]
    pub fn line(&self) -> u64 {
        u64::from(self.line)
    }

    /// The 1-based column.
    #[must_use]
    pub fn column(&self) -> u64 {
        u64::from(self.column)
    }

    /// The byte offset and length, when the reader knew them.
    #[must_use]
    pub fn bytes(&self) -> Option<(usize, usize)> {
        (self.offset != u32::MAX).then_some((self.offset as usize, self.len as usize))
    }
}

impl From<&Location> for Mark {
    fn from(l: &Location) -> Mark {
        let s = l.span();
        let bytes = s
            .byte_offset()
            .zip(s.byte_len())
            .and_then(|(o, n)| Some((u32::try_from(o).ok()?, u32::try_from(n).ok()?)));
        Mark {
            line: u32::try_from(l.line()).unwrap_or(u32::MAX),
            column: u32::try_from(l.column()).unwrap_or(u32::MAX),
            offset: bytes.map_or(u32::MAX, |b| b.0),
            len: bytes.map_or(0, |b| b.1),
        }
    }
}

impl<T> Spanned<T> {
    /// A value read without a position.
    pub fn unplaced(value: T) -> Self {
        Spanned {
            value,
            at: Mark::UNKNOWN,
        }
    }
}

/// The name under which a [`Spanned`] asks its deserializer for itself. The
/// quick reader answers with the bare value (`visit_some`); any other
/// deserializer sees a newtype and is asked for serde-saphyr's spanned
/// value, which carries a position when the deserializer is serde-saphyr's.
pub(crate) const SPANNED: &str = "__carca_spanned";

/// The name under which a value that is a word or a mapping (`meeple: N`,
/// `meeple: { at, spot }`) asks its deserializer for itself: the quick
/// reader answers with the word as written (never a boolean); any other
/// deserializer sees a newtype and is asked for any value.
pub(crate) const WORD_OR_MAP: &str = "__carca_word_or_map";

thread_local! {
    /// Whether the reader at work on this thread keeps no positions, so
    /// that a [`Spanned`] reads its bare value and asks nothing more.
    static BARE: Cell<bool> = const { Cell::new(false) };
}

/// Runs `read` with every [`Spanned`] read as its bare value, at no cost
/// beyond the value's own: for the readers that keep no positions (JSON,
/// the quick YAML reader), which would otherwise be asked for
/// serde-saphyr's spanned form of each value and answer it the long way.
pub(crate) fn bare<R>(read: impl FnOnce() -> R) -> R {
    /// Puts the flag back as it was, however `read` ends.
    struct Restore(bool);
    impl Drop for Restore {
        fn drop(&mut self) {
            BARE.set(self.0);
        }
    }
    let _restore = Restore(BARE.replace(true));
    read()
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Spanned<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Wrapped<T>(PhantomData<T>);
        impl<'de, T: Deserialize<'de>> Visitor<'de> for Wrapped<T> {
            type Value = Spanned<T>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a value")
            }
            fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Spanned<T>, D::Error> {
                T::deserialize(d).map(Spanned::unplaced)
            }
            fn visit_newtype_struct<D: Deserializer<'de>>(
                self,
                d: D,
            ) -> Result<Spanned<T>, D::Error> {
                serde_saphyr::Spanned::<T>::deserialize(d).map(|s| Spanned {
                    value: s.value,
                    at: Mark::from(&s.referenced),
                })
            }
        }
        if BARE.get() {
            return T::deserialize(d).map(Spanned::unplaced);
        }
        d.deserialize_newtype_struct(SPANNED, Wrapped(PhantomData))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spanned_values_keep_their_position_from_the_spanned_reader() {
        let s: Spanned<String> = serde_saphyr::from_str("x").expect("YAML");
        assert_eq!((s.value.as_str(), s.at.line()), ("x", 1));
        let j: Spanned<i64> = serde_json::from_str("5").expect("JSON");
        assert_eq!((j.value, j.at.line()), (5, 0));
    }

    #[test]
    fn a_bare_read_gives_the_same_values_and_ends_with_the_call() {
        type Map = std::collections::BTreeMap<String, Spanned<serde_json::Value>>;
        let text = r#"{"a": [1, 2], "b": "x"}"#;
        let spanned: Map = serde_json::from_str(text).expect("JSON");
        let plain: Map = bare(|| serde_json::from_str(text)).expect("JSON");
        assert_eq!(spanned, plain);
        // Outside the call, serde-saphyr's positions are read again.
        let s: Spanned<String> = serde_saphyr::from_str("\n  x").expect("YAML");
        assert_eq!(s.at.line(), 2);
    }
}
