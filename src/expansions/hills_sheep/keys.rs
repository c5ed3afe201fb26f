//! Hills & Sheep's record key: `flock:`, the tokens drawn from the bag
//! and the flocks herded into the stable, so that a history is complete.

use miette::SourceSpan;
use schemars::JsonSchema;
use serde::Deserialize;
use serde::de::value::{MapAccessDeserializer, SeqAccessDeserializer};

use crate::geometry::Pos;
use crate::record::written::WrittenKeys;
use crate::record::{
    Act, ActValue, Context, Key, Keyed, Location, RawPair, RecordError, TurnKey, TurnWords,
};
use crate::rules::Figure;
use crate::spanned::Spanned;

/// `flock:`.
#[derive(Debug)]
pub(crate) struct FlockKey;

/// The key, as the registry lists it.
pub(crate) static FLOCK: FlockKey = FlockKey;

/// A token of the bag.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Token {
    /// So many sheep (1 to 4).
    Sheep(u8),
    /// The wolf.
    Wolf,
}

impl Token {
    /// Every kind of token, in the order the bag lists them.
    pub const ALL: [Token; 5] = [
        Token::Sheep(1),
        Token::Sheep(2),
        Token::Sheep(3),
        Token::Sheep(4),
        Token::Wolf,
    ];

    /// As a record writes it.
    #[must_use]
    pub fn written(self) -> serde_json::Value {
        match self {
            Token::Sheep(n) => n.into(),
            Token::Wolf => "wolf".into(),
        }
    }
}

impl std::fmt::Display for Token {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Token::Sheep(1) => f.write_str("1 sheep"),
            Token::Sheep(n) => write!(f, "{n} sheep"),
            Token::Wolf => f.write_str("the wolf"),
        }
    }
}

/// What a flock's owner does: draw a token, or herd the flock into the
/// stable.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Choice {
    /// A token drawn from the bag.
    Draw(Token),
    /// The flock is scored.
    Score,
}

/// One entry of `flock:`: the choice, the shepherd's tile it is for (when
/// written), and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// What is done.
    pub choice: Choice,
    /// The tile of the shepherd it is for, when written.
    pub at: Option<(Pos, SourceSpan)>,
    /// The entry.
    pub span: SourceSpan,
}

/// The turn's `flock:` entries, in the order they are made.
#[derive(Debug, Clone)]
pub struct Flock {
    /// The entries.
    pub entries: Vec<Entry>,
    /// Written as a list (else one map).
    pub listed: bool,
    /// The whole value.
    pub span: SourceSpan,
}

/// `flock:` as written: one entry, or a list of them.
#[derive(Debug)]
pub(crate) enum RawFlock {
    /// `{ draw: 3 }`.
    One(RawEntry),
    /// `[{ draw: 3, at: [1, 0] }, { score: true, at: [2, 0] }]`.
    Many(Vec<Spanned<RawEntry>>),
}

impl<'de> Deserialize<'de> for RawFlock {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = RawFlock;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("`{ draw: TOKEN }`, `{ score: true }`, or a list of them with `at`")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, map: A) -> Result<RawFlock, A::Error> {
                RawEntry::deserialize(MapAccessDeserializer::new(map)).map(RawFlock::One)
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(self, seq: A) -> Result<RawFlock, A::Error> {
                Vec::deserialize(SeqAccessDeserializer::new(seq)).map(RawFlock::Many)
            }
        }
        d.deserialize_any(V)
    }
}

/// The schema's view of `flock:`.
#[derive(JsonSchema)]
#[serde(untagged)]
#[allow(dead_code)]
pub(crate) enum FlockShape {
    /// One entry.
    One(RawEntry),
    /// Several, each with `at`.
    Many(Vec<RawEntry>),
}

/// One entry as written.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawEntry {
    /// The token drawn: `1`, `2`, `3`, `4` (sheep) or `wolf`.
    #[schemars(with = "Option<TokenShape>")]
    pub(crate) draw: Option<Spanned<RawToken>>,
    /// `true`: the flock is herded into the stable and scored.
    #[schemars(with = "Option<bool>")]
    pub(crate) score: Option<Spanned<bool>>,
    /// The tile of the shepherd it is for: [x, y] (when two entries are
    /// due on one turn).
    #[schemars(with = "Option<[i64; 2]>")]
    pub(crate) at: Option<Spanned<RawPair>>,
}

/// A token as the schema shows it.
#[derive(JsonSchema)]
#[serde(untagged)]
#[allow(dead_code)]
pub(crate) enum TokenShape {
    /// So many sheep.
    Sheep(#[schemars(range(min = 1, max = 4))] u8),
    /// The wolf.
    Wolf(#[schemars(regex(pattern = r"^wolf$"))] String),
}

/// A token as written: a number or a word.
#[derive(Debug)]
pub(crate) enum RawToken {
    /// A number.
    Number(i64),
    /// A word.
    Word(String),
}

impl<'de> Deserialize<'de> for RawToken {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl serde::de::Visitor<'_> for V {
            type Value = RawToken;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a token: 1, 2, 3, 4 or wolf")
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<RawToken, E> {
                Ok(RawToken::Number(v))
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<RawToken, E> {
                Ok(RawToken::Number(i64::try_from(v).unwrap_or(i64::MAX)))
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<RawToken, E> {
                // The quick reader gives numbers as words.
                Ok(match v.trim().parse::<i64>() {
                    Ok(n) => RawToken::Number(n),
                    Err(_) => RawToken::Word(v.trim().to_string()),
                })
            }
        }
        d.deserialize_any(V)
    }
}

impl crate::record::KeyForm for FlockKey {
    const NAME: &'static str = "flock";
    const ABOUT: &'static str = "Hills & Sheep: the token the turn's player draws from the bag for a\nshepherd (`{ draw: 1 | 2 | 3 | 4 | wolf }`) or the flock they herd into the\nstable (`{ score: true }`); a list of them, each with `at: [x, y]` (the\nshepherd's tile), when two are due on one turn.";
    type Raw = RawFlock;
    type Shape = FlockShape;
}

impl TurnKey for FlockKey {
    const ORDER: u16 = 800;

    fn acts(
        &self,
        cx: &mut dyn Context,
        raw: &Spanned<RawFlock>,
        _: &TurnWords<'_>,
        acts: &mut Vec<Act>,
    ) -> Option<()> {
        let span = cx.span(raw);
        let (entries, listed) = match &raw.value {
            RawFlock::One(e) => (vec![entry(cx, e, span)?], false),
            RawFlock::Many(list) => {
                let mut out = Vec::with_capacity(list.len());
                let mut ok = true;
                for e in list {
                    let at = cx.span(e);
                    match entry(cx, &e.value, at) {
                        Some(e) => out.push(e),
                        None => ok = false,
                    }
                }
                ok.then_some(())?;
                if out.is_empty() {
                    cx.error(RecordError::Turn {
                        problem: "`flock` lists no entry: leave it out, or write `{ draw: TOKEN }` or `{ score: true }`",
                        span,
                    });
                    return None;
                }
                if out.len() > 1 && out.iter().any(|e| e.at.is_none()) {
                    cx.error(RecordError::Turn {
                        problem: "`flock` lists several entries: each names its shepherd's tile with `at: [x, y]`",
                        span,
                    });
                    return None;
                }
                (out, true)
            }
        };
        acts.push(Act::Keyed(Keyed::new(Flock {
            entries,
            listed,
            span,
        })));
        Some(())
    }
}

/// One entry, checked.
fn entry(cx: &mut dyn Context, raw: &RawEntry, span: SourceSpan) -> Option<Entry> {
    let at = match &raw.at {
        Some(a) => Some((cx.position(a)?, cx.span(a))),
        None => None,
    };
    let choice = match (&raw.draw, &raw.score) {
        (Some(_), Some(_)) | (None, None) => {
            cx.error(RecordError::Turn {
                problem: "a `flock` entry either draws a token (`draw: 1 | 2 | 3 | 4 | wolf`) or scores the flock (`score: true`)",
                span,
            });
            return None;
        }
        (None, Some(s)) if !s.value => {
            cx.error(RecordError::Turn {
                problem: "`score: false` says nothing: write `score: true` to herd the flock, or `draw: TOKEN` to grow it",
                span: cx.span(s),
            });
            return None;
        }
        (None, Some(_)) => Choice::Score,
        (Some(d), None) => match &d.value {
            RawToken::Number(n @ 1..=4) => Choice::Draw(Token::Sheep(*n as u8)),
            RawToken::Word(w) if w == "wolf" => Choice::Draw(Token::Wolf),
            _ => {
                cx.error(RecordError::Turn {
                    problem: "a token of the bag is `1`, `2`, `3` or `4` (sheep) or `wolf`",
                    span: cx.span(d),
                });
                return None;
            }
        },
    };
    Some(Entry { choice, at, span })
}

impl Entry {
    /// As written.
    fn written(&self, with_at: bool) -> serde_json::Value {
        let mut w = serde_json::Map::new();
        match self.choice {
            Choice::Draw(t) => {
                w.insert("draw".into(), t.written());
            }
            Choice::Score => {
                w.insert("score".into(), true.into());
            }
        }
        if with_at && let Some((at, _)) = self.at {
            w.insert("at".into(), serde_json::json!([at.x, at.y]));
        }
        w.into()
    }
}

impl ActValue for Flock {
    fn key(&self) -> &'static dyn Key {
        &FLOCK
    }
    fn span(&self) -> SourceSpan {
        self.span
    }
    fn after_deployment(&self) -> bool {
        true
    }
    fn moved(&self, spot: &dyn Fn(Pos) -> Pos, _: &dyn Fn(&Location) -> Location) -> Keyed {
        let mut f = self.clone();
        for e in &mut f.entries {
            if let Some((at, _)) = &mut e.at {
                *at = spot(*at);
            }
        }
        Keyed::new(f)
    }
    fn write(&self, out: &mut WrittenKeys, _: &[String], _: &dyn Fn(Figure) -> String) {
        if self.listed || self.entries.len() > 1 {
            let list: Vec<serde_json::Value> =
                self.entries.iter().map(|e| e.written(true)).collect();
            out.set(&FLOCK, list);
        } else if let Some(e) = self.entries.first() {
            out.set(&FLOCK, e.written(true));
        }
    }
}
