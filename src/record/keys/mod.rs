//! The record keys of the expansions' mechanics, one module each: their
//! written form (with its schema), and how the record reader turns it into
//! the model (an `Act` of a turn, or a snapshot's state), through the
//! reader's [`Context`], so that a mechanic's keys live together, apart from
//! the generic reader.

pub(crate) mod dragon;
pub(crate) mod goods;
pub(crate) mod tower;
pub(crate) mod wagon;

use miette::SourceSpan;
use serde::Deserialize;

use super::RecordError;
use crate::geometry::Pos;
use crate::rules::Figure;
use crate::spanned::{Mark, Spanned};
use crate::tileset::Catalog;

/// What a mechanic's keys ask of the record reader: where a value is
/// written, to report a problem there, and the generic values (players,
/// positions, figures) checked the one way.
pub(crate) trait Context {
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
    /// The span of a spanned value.
    fn span<T>(&self, v: &Spanned<T>) -> SourceSpan
    where
        Self: Sized,
    {
        self.span_at(&v.at)
    }
}

/// A position as written, `[x, y]`: its two integers with their
/// positions, or `None` for a list of another length (which the validator
/// reports). Read without allocating, since every turn has one.
#[derive(Debug)]
pub(crate) struct RawPair(pub(crate) Option<[Spanned<i64>; 2]>);

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
