//! The quick way through a JSON record: its punctuation walked here, each
//! key and header value read by the JSON reader (`serde_json`), and each
//! turn of the usual shape read straight from its text
//! ([`RawTurn::from_flat_json`], or [`RawTurn::from_json_with_keys`] with
//! expansions' keys, each key's value read by the JSON reader), any other
//! by the reader. The turns are converted as they are read, so that a
//! game of a million tiles never holds a million raw turns. Nothing is
//! taken that the reader would refuse: anything that does not read
//! cleanly makes the caller fall back to the spanned parser, whose
//! diagnostics point at lines.

use std::borrow::Cow;
use std::path::Path;

use serde::Deserialize;
use serde::de::IgnoredAny;
use serde::de::value::MapDeserializer;
use serde_json::value::RawValue;

use super::raw::{RawRecord, RawTurn};
use super::validate::Converter;
use super::{Body, Record, Turn};
use crate::tileset::Catalog;

/// About the bytes a turn takes in JSON: `{"tile":"A","at":[0,0]}` and a
/// comma take 24, a rotation or a follower 8 to 16 more. Shorter turns
/// only make the list grow as it is read.
pub(super) const TURN_BYTES: usize = 32;

/// Why a JSON record was not read in one pass: a key that converts the
/// turns came after them, or the keys before them were not a record's
/// header. The turns were read before all that converts them was known,
/// so the record is read in two passes.
pub(super) struct TurnsFirst;

/// The keys that say how turns are converted (the tiles and figures in
/// play, the players): a record that writes one after its turns is read
/// in two passes.
const CONVERT_TURNS: [&str; 3] = ["tilesets", "supply_scale", "players"];

/// Text that does not read cleanly as JSON (or not as a record).
struct Unread;

/// A JSON object's entries, walked one by one through its text.
struct Members<'a> {
    text: &'a str,
    /// Where the walk is.
    at: usize,
    /// Whether no entry has been read yet.
    first: bool,
}

impl<'a> Members<'a> {
    /// The object that `text` is, its opening bracket read.
    fn open(text: &'a str) -> Option<Members<'a>> {
        let mut m = Members {
            text,
            at: 0,
            first: true,
        };
        m.punctuation(b'{')?;
        Some(m)
    }

    /// The next byte after blanks, not taken.
    fn peek(&mut self) -> Option<u8> {
        let bytes = self.text.as_bytes();
        while let Some(b' ' | b'\n' | b'\r' | b'\t') = bytes.get(self.at) {
            self.at += 1;
        }
        bytes.get(self.at).copied()
    }

    /// Takes `byte` after blanks, or `None` if another comes.
    fn punctuation(&mut self, byte: u8) -> Option<()> {
        (self.peek()? == byte).then(|| self.at += 1)
    }

    /// The next entry's key, its colon read; `None` at the object's end,
    /// its closing bracket read.
    fn next_key(&mut self) -> Result<Option<Cow<'a, str>>, Unread> {
        let next = self.peek().ok_or(Unread)?;
        if next == b'}' {
            self.at += 1;
            return Ok(None);
        }
        if !std::mem::replace(&mut self.first, false) {
            self.punctuation(b',').ok_or(Unread)?;
        }
        let key = self.value::<Cow<'a, str>>().ok_or(Unread)?;
        self.punctuation(b':').ok_or(Unread)?;
        Ok(Some(key))
    }

    /// The value that comes next, read by the JSON reader.
    fn value<T: Deserialize<'a>>(&mut self) -> Option<T> {
        let rest = self.text.get(self.at..)?;
        let mut stream = serde_json::Deserializer::from_str(rest).into_iter::<T>();
        let value = stream.next()?.ok()?;
        self.at += stream.byte_offset();
        Some(value)
    }

    /// A turn that is not of the usual shape, or of a record with such
    /// turns: read straight from its text when it writes the base game's
    /// keys and the expansions' keys in use, by the reader otherwise.
    #[inline(never)]
    fn other_turn(&mut self) -> Option<RawTurn> {
        match RawTurn::from_json_with_keys(self.text.get(self.at..)?) {
            Some((raw, len)) => {
                self.at += len;
                Some(raw)
            }
            None => self.value::<RawTurn>(),
        }
    }

    /// Whether nothing but blanks follows the object.
    fn end(&mut self) -> bool {
        self.peek().is_none()
    }

    /// The list of turns that comes next, each converted as it is read;
    /// `None` if they do not read cleanly.
    fn turns(
        &mut self,
        converter: &mut Converter<'_>,
        catalog: &Catalog,
        players: &[String],
    ) -> Option<Vec<Turn>> {
        self.punctuation(b'[')?;
        let room = (self.text.len() - self.at) / TURN_BYTES;
        let mut out = Vec::with_capacity(room.min(super::MAX_TURNS));
        // Read without positions, a turn has no span.
        let nowhere = miette::SourceSpan::from((0, 0));
        let mut keyed = false;
        loop {
            if self.peek()? == b']' {
                self.at += 1;
                return Some(out);
            }
            if !out.is_empty() {
                self.punctuation(b',')?;
            }
            // Once a turn is not of the usual shape (it writes an
            // expansion's key), the record's other turns are read first
            // the way that reads it, which reads the usual ones too.
            let raw = if keyed {
                self.other_turn()?
            } else {
                match RawTurn::from_flat_json(self.text.get(self.at..)?) {
                    Some((raw, len)) => {
                        self.at += len;
                        raw
                    }
                    None => {
                        keyed = true;
                        self.other_turn()?
                    }
                }
            };
            out.push(converter.turn(out.len() + 1, &raw, nowhere, catalog, players)?);
        }
    }
}

/// Reads the turns of a JSON record, or `None` if they do not read cleanly.
pub(super) fn read_turns(
    text: &str,
    converter: &mut Converter<'_>,
    catalog: &Catalog,
    players: &[String],
) -> Option<Vec<Turn>> {
    crate::spanned::bare(|| {
        let mut object = Members::open(text)?;
        let mut turns = None;
        while let Some(key) = object.next_key().ok()? {
            if key != "turns" {
                object.value::<IgnoredAny>()?;
            } else if turns.is_none() {
                turns = Some(object.turns(converter, catalog, players)?);
            } else {
                return None;
            }
        }
        object.end().then_some(turns)?
    })
}

/// `turns` among the header's keys: an empty list, so that the header
/// says the record has turns (they are read apart).
const TURNS_HERE: &str = "[]";

/// Reads a JSON record in one pass over its text: the keys before `turns`
/// are kept as the slices of text they are, read into the record's header
/// when `turns` comes, and the turns are converted as they are read. A
/// record's header is a few short values, so its second reading costs
/// nothing that counts; a snapshot (no `turns`) reads its board that way.
///
/// `Ok(None)` when something is to be reported (the caller reads the
/// record again with spans).
pub(super) fn read_json(
    text: &str,
    converter: &mut Converter<'_>,
    dir: &Path,
) -> Result<Option<Record>, TurnsFirst> {
    crate::spanned::bare(|| {
        let Some(mut object) = Members::open(text) else {
            return Ok(None);
        };
        let mut header: Vec<(Cow<'_, str>, &RawValue)> = Vec::with_capacity(4);
        // The record as read when the turns were, and how many keys came
        // before them.
        let mut read: Option<(Record, usize)> = None;
        loop {
            let Ok(next) = object.next_key() else {
                return Ok(None);
            };
            let Some(key) = next else { break };
            if read.is_some() && CONVERT_TURNS.contains(&key.as_ref()) {
                // The turns were read without what converts them.
                return Err(TurnsFirst);
            }
            if key != "turns" || read.is_some() {
                let Some(value) = object.value() else {
                    return Ok(None);
                };
                header.push((key, value));
                continue;
            }
            let Ok(here) = serde_json::from_str::<&RawValue>(TURNS_HERE) else {
                return Ok(None);
            };
            header.push((key, here));
            // What is missing may come after the turns.
            let head = header_of(header.clone()).ok_or(TurnsFirst)?;
            let mut failed = false;
            let record = converter.record(head, dir, &mut |b, catalog, players| {
                object.turns(b, catalog, players).unwrap_or_else(|| {
                    failed = true;
                    Vec::new()
                })
            });
            match record {
                Some(r) if !failed && converter.findings.is_empty() => {
                    read = Some((r, header.len()));
                }
                // Something to report: the spanned reader says where.
                _ => return Ok(None),
            }
        }
        if !object.end() {
            return Ok(None);
        }
        Ok(match read {
            Some((record, keys)) if keys == header.len() => Some(record),
            Some((mut record, _)) => {
                // Keys after the turns (`final`, `claims`, …): the record
                // again from all its keys, with the turns already read.
                let mut turns = match &mut record.body {
                    Body::History(list) => std::mem::take(list),
                    Body::Snapshot { .. } => Vec::new(),
                };
                header_of(header).and_then(|head| {
                    converter.record(head, dir, &mut |_, _, _| std::mem::take(&mut turns))
                })
            }
            // A snapshot, or a record without turns: its header is all of it.
            None => header_of(header)
                .and_then(|head| converter.record(head, dir, &mut |_, _, _| Vec::new())),
        })
    })
}

/// The header of a record from its keys and the text of their values.
fn header_of(entries: Vec<(Cow<'_, str>, &RawValue)>) -> Option<RawRecord<IgnoredAny>> {
    // The map's end is checked too: every key is taken.
    let map = MapDeserializer::<_, serde_json::Error>::new(entries.into_iter());
    RawRecord::<IgnoredAny>::deserialize(map).ok()
}
