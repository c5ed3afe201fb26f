//! Shapes an expansion's record key may take, read by serde: one entry or
//! a list, a word or a map, or any of the three.

use crate::spanned::Spanned;
use serde::Deserialize;
use serde::de::value::{MapAccessDeserializer, SeqAccessDeserializer};

/// One entry or a list of them.
#[derive(Debug)]
pub enum OneOrMany<T> {
    /// One.
    One(T),
    /// A list.
    Many(Vec<Spanned<T>>),
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for OneOrMany<T> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V<T>(std::marker::PhantomData<T>);
        impl<'de, T: Deserialize<'de>> serde::de::Visitor<'de> for V<T> {
            type Value = OneOrMany<T>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("`{ player, at: [x, y], spot: LOC }` or a list of them")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                map: A,
            ) -> Result<Self::Value, A::Error> {
                T::deserialize(MapAccessDeserializer::new(map)).map(OneOrMany::One)
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                seq: A,
            ) -> Result<Self::Value, A::Error> {
                Vec::deserialize(SeqAccessDeserializer::new(seq)).map(OneOrMany::Many)
            }
        }
        d.deserialize_any(V(std::marker::PhantomData))
    }
}

/// A word, or a map that says more.
#[derive(Debug)]
pub enum WordOrMap<M> {
    /// The word.
    Word(String),
    /// The map.
    Map(M),
}

impl<'de, M: Deserialize<'de>> Deserialize<'de> for WordOrMap<M> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V<M>(std::marker::PhantomData<M>);
        impl<'de, M: Deserialize<'de>> serde::de::Visitor<'de> for V<M> {
            type Value = WordOrMap<M>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a word, or a map")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Self::Value, E> {
                Ok(WordOrMap::Word(v.to_string()))
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                map: A,
            ) -> Result<Self::Value, A::Error> {
                M::deserialize(MapAccessDeserializer::new(map)).map(WordOrMap::Map)
            }
        }
        d.deserialize_any(V(std::marker::PhantomData))
    }
}

/// A word, a map, or a list of either.
#[derive(Debug)]
pub enum AnyOf<M> {
    /// One, a word or a map.
    One(WordOrMap<M>),
    /// A list of them.
    Many(Vec<Spanned<WordOrMap<M>>>),
}

impl<'de, M: Deserialize<'de>> Deserialize<'de> for AnyOf<M> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V<M>(std::marker::PhantomData<M>);
        impl<'de, M: Deserialize<'de>> serde::de::Visitor<'de> for V<M> {
            type Value = AnyOf<M>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a word, a map, or a list of them")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Self::Value, E> {
                Ok(AnyOf::One(WordOrMap::Word(v.to_string())))
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                map: A,
            ) -> Result<Self::Value, A::Error> {
                M::deserialize(MapAccessDeserializer::new(map))
                    .map(|m| AnyOf::One(WordOrMap::Map(m)))
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                seq: A,
            ) -> Result<Self::Value, A::Error> {
                Vec::deserialize(SeqAccessDeserializer::new(seq)).map(AnyOf::Many)
            }
        }
        d.deserialize_any(V(std::marker::PhantomData))
    }
}
