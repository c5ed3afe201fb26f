//! JCloisterZone saved games (`.jcz`, JSON) turned into carca records.
//!
//! Both formats are read: the current one (`setup.sets`, `elements`,
//! `rules`, `start`, `players`, `gameAnnotations`) and the older 4.x one
//! (`slots`, `setup.expansions`, `annotations.tilePack`). The conversion is
//! documented in docs/jcz.md: y is flipped (JCloisterZone's y grows south),
//! rotations carry over (both are clockwise), tile ids map to carca's,
//! follower locations are already in board orientation. Anything carca
//! cannot represent (other expansions, other figures) is reported, never
//! guessed.

use miette::{Diagnostic, SourceSpan};
use serde_json::Value;
use thiserror::Error;

use crate::diagnostic::{Class, Finding};
use crate::engine::registry::Registry;
use crate::geometry::{Pos, Rotation};
use crate::loader::Loader;
use crate::record::written::{Written, WrittenPlace, WrittenRuleset, WrittenTurn, WrittenWhere};
use crate::source::SourceFile;
use serde_saphyr::{FlowMap, FlowSeq};

/// A problem with a JCloisterZone save.
#[derive(Debug, Error, Diagnostic)]
pub enum JczError {
    /// Not JSON.
    #[error("not valid JSON: {message}")]
    #[diagnostic(
        code(carca::jcz::json),
        help("a .jcz file is the JSON that JCloisterZone saves")
    )]
    Json {
        /// The parser's message.
        message: String,
        /// Where.
        #[label("here")]
        span: SourceSpan,
    },
    /// JSON, but not a saved game.
    #[error("not a JCloisterZone saved game: {missing}")]
    #[diagnostic(
        code(carca::jcz::not_a_save),
        help(
            "carca reads the saves of JCloisterZone 4.x (`slots`, `setup.expansions`) and later (`players`, `setup.sets`)"
        )
    )]
    NotASave {
        /// What is missing.
        missing: String,
        /// Where.
        #[label("here")]
        span: SourceSpan,
    },
    /// Something carca cannot represent.
    #[error("{what} is not supported")]
    #[diagnostic(code(carca::jcz::unsupported))]
    Unsupported {
        /// What it is.
        what: String,
        /// Where.
        #[label("unsupported")]
        span: SourceSpan,
        /// What carca plays.
        #[help]
        help: String,
    },
    /// A value of the wrong shape.
    #[error("{what}")]
    #[diagnostic(
        code(carca::jcz::bad_value),
        help("the save seems damaged; JCloisterZone writes {expected}")
    )]
    BadValue {
        /// What is wrong.
        what: String,
        /// What was expected.
        expected: &'static str,
        /// Where.
        #[label("here")]
        span: SourceSpan,
    },
}

/// The JCloisterZone ids of the built-in tile sets' tiles, as the sets
/// declare them (`jcz:`, `jcz_rot:`): by prefix, each tile's id after it,
/// its carca id, the rotation from JCloisterZone's orientation to carca's,
/// and its set.
struct Ids {
    tiles: Vec<(String, String, String, u32, String)>,
    /// The figures each set brings a player: the set, the figure, how many.
    figures: Vec<(String, String, u32)>,
    /// The tiles of each player's own, never drawn (the abbey), by carca id.
    own: Vec<String>,
    /// The symbols the sets' tiles show: the tile's carca id and the word.
    symbols: Vec<(String, String)>,
    /// The tiles of start blocks (the City of Carcassonne): carca id and
    /// place.
    block: Vec<(String, (i32, i32))>,
}

impl Ids {
    fn of(loader: &Loader) -> Ids {
        let mut ids = Ids {
            tiles: Vec::new(),
            figures: Vec::new(),
            own: Vec::new(),
            symbols: Vec::new(),
            block: Vec::new(),
        };
        for name in crate::tileset::builtin::NAMES {
            let Ok(set) = loader.builtin_set(name) else {
                continue;
            };
            ids.figures.extend(
                set.figures
                    .iter()
                    .map(|(f, n)| (set.name.clone(), f.clone(), *n)),
            );
            for t in &set.tiles {
                if t.per_player {
                    ids.own.push(t.id.clone());
                }
                if let Some(at) = t.at {
                    ids.block.push((t.id.clone(), at));
                }
                ids.symbols
                    .extend(t.symbols.iter().map(|s| (t.id.clone(), s.clone())));
                let Some((id, rot)) = &t.jcz else { continue };
                for prefix in &set.jcz {
                    ids.tiles.push((
                        prefix.clone(),
                        id.clone(),
                        t.id.clone(),
                        *rot,
                        set.name.clone(),
                    ));
                }
            }
        }
        ids
    }

    /// The carca tile, the extra rotation and the set of a JCloisterZone
    /// tile id: its id after the prefix as written, else without the
    /// number a repeated design carries (`Cc.1`, `IFI.2`).
    fn tile(&self, id: &str, legacy: bool) -> Option<(&str, u32, &str)> {
        let (prefix, rest) = if legacy {
            id.split_once('.')?
        } else {
            id.split_once('/').or_else(|| id.split_once('.'))?
        };
        let bare = match rest.rsplit_once('.') {
            Some((b, n)) if n.chars().all(|c| c.is_ascii_digit()) => b,
            _ => rest,
        };
        let find = |want: &str| {
            self.tiles
                .iter()
                .find(|(p, j, ..)| p == prefix && j == want)
                .map(|(_, _, c, r, set)| (c.as_str(), *r, set.as_str()))
        };
        find(rest).or_else(|| find(bare))
    }

    /// Whether the tile with carca id `tile` shows the symbol `symbol`.
    fn shows(&self, tile: &str, symbol: &str) -> bool {
        self.symbols.iter().any(|(t, s)| t == tile && s == symbol)
    }
}

/// The rules JCloisterZone's client writes in `setup.rules` (its
/// `models/rules.js`): each id with every value it may take. A save lists
/// only those not at their default.
const CLIENT_RULES: [(&str, &[&str]); 19] = [
    ("princess-action", &["may", "must"]),
    ("fairy-placement", &["next-follower", "on-tile"]),
    ("dragon-move", &["before-scoring", "after-scoring"]),
    ("barn-placement", &["not-occupied", "occupied"]),
    ("wagon-move", &["C1", "C2"]),
    ("bazaar-no-auction", &["false", "true"]),
    (
        "hill-tiebreaker",
        &["at-least-one-follower", "number-of-followers"],
    ),
    ("espace-variant", &["any-tile", "siege-tile"]),
    ("gq11-pig-herd", &["pig", "nothing"]),
    ("tunnelize-other-expansions", &["true", "false"]),
    ("more-tunnel-tokens", &["3/2", "2/1", "1/1"]),
    ("festival-return", &["meeple", "follower"]),
    ("keep-monasteries", &["replace", "keep"]),
    ("labyrinth-variant", &["basic", "advanced"]),
    ("coc-final-scoring", &["market-only", "any-district"]),
    ("count-move", &["by-player", "clockwise", "follow-meeple"]),
    ("little-buildings-scoring", &["1/1/1", "3/2/1"]),
    (
        "king-and-robber-scoring",
        &["default", "10/20", "15/40", "continuously"],
    ),
    ("tiny-city-scoring", &["4", "2"]),
];

/// A follower location in carca's terms, from JCloisterZone's feature
/// kind and location name (its `board/Location.java`; docs/jcz.md lists
/// every form).
#[must_use]
pub fn location(loc: &str, feature: Option<&str>) -> Option<String> {
    let loc = loc.trim();
    match (feature, loc) {
        // The top of a tower (5.x: feature `Tower`, location `I`; 4.x:
        // location `TOWER`).
        (Some("Tower"), _) | (_, "TOWER") => return Some("tower".into()),
        // A cloister (the abbey's included).
        (Some("Cloister" | "Monastery"), _) | (None, "CLOISTER" | "MONASTERY" | "ABBEY") => {
            return Some("C".into());
        }
        // Fields that touch no edge: carca names them `inner`, `inner2`.
        (Some("Field"), "I") => return Some("inner".into()),
        (Some("Field"), "II") => return Some("inner2".into()),
        // An inner location without a feature kind (4.x saves) is a
        // cloister.
        (None, "I") => return Some("C".into()),
        _ => {}
    }
    let half = |h: &str| {
        Some(match h {
            "NL" => "NNW",
            "NR" => "NNE",
            "EL" => "ENE",
            "ER" => "ESE",
            "SL" => "SSE",
            "SR" => "SSW",
            "WL" => "WSW",
            "WR" => "WNW",
            _ => return None,
        })
    };
    let first = loc.split('.').next().unwrap_or_default();
    if let Some(h) = half(first) {
        return Some(h.into());
    }
    // `_N`, `_E`, `_S`, `_W` name every side but that one (a city on
    // three sides): any of the other three picks out the feature.
    if let Some(but) = loc.strip_prefix('_') {
        let sides = ["N", "E", "S", "W"];
        return sides
            .contains(&but)
            .then(|| sides.iter().find(|s| **s != but).map(|s| (*s).to_string()))
            .flatten();
    }
    // Roads and cities are named by the edges they reach (`N`, `SE`,
    // `NWSE`); any one of them picks out the feature.
    if !loc.is_empty() && loc.chars().all(|c| "NESW".contains(c)) {
        return loc.chars().next().map(|c| c.to_string());
    }
    None
}

struct Reader<'a> {
    src: &'a SourceFile,
    findings: Vec<Finding>,
}

impl Reader<'_> {
    /// The span of the first occurrence of `needle` in the file.
    fn at(&self, needle: &str) -> SourceSpan {
        self.src
            .find_in(SourceSpan::from((0, self.src.text().len())), needle)
    }

    fn unsupported(&mut self, what: String, needle: &str) {
        let span = self.at(needle);
        self.findings.push(Finding::new(
            Class::Input,
            self.src,
            JczError::Unsupported {
                help: format!(
                    "carca plays the tile sets {} with their figures and rules; a game with {what} cannot be scored without guessing",
                    crate::tileset::builtin::NAMES.join(", ")
                ),
                what,
                span,
            },
        ));
    }

    fn bad(&mut self, what: String, expected: &'static str, needle: &str) {
        let span = self.at(needle);
        self.findings.push(Finding::new(
            Class::Input,
            self.src,
            JczError::BadValue {
                what,
                expected,
                span,
            },
        ));
    }
}

/// What the expansions bring to reading a save: their mechanics (to work
/// out how a game ended that the save does not say) and a reader of their
/// messages each, made afresh for every save.
#[derive(Clone, Copy)]
pub struct Expansions {
    /// The mechanics of the expansions.
    pub registry: &'static Registry,
    /// A reader of each expansion's messages.
    pub messages: &'static [fn() -> Box<dyn Messages>],
    /// What each expansion reads of a save's setup.
    pub setups: &'static [Setup],
}

impl Expansions {
    /// The first of the expansions' declarations (`list` of each setup)
    /// named `name`, with its name.
    fn find<T: Copy + 'static>(
        &self,
        list: impl Fn(&Setup) -> &'static [(&'static str, T)],
        name: &str,
    ) -> Option<T> {
        self.find_named(list, name).map(|(_, t)| t)
    }

    /// [`Expansions::find`], with the name as declared.
    fn find_named<T: Copy + 'static>(
        &self,
        list: impl Fn(&Setup) -> &'static [(&'static str, T)],
        name: &str,
    ) -> Option<(&'static str, T)> {
        self.setups
            .iter()
            .flat_map(|x| list(x).iter())
            .find(|(n, _)| *n == name)
            .copied()
    }
}

/// An expansion's part in reading a save's moves (`replay`): the messages
/// it owns, and the figures it deploys its own way. Each hook says whether
/// it took what it was shown; what no expansion takes, the generic reader
/// reads, or refuses.
pub trait Messages {
    /// A tile was placed: the turn it begins.
    fn placed(&mut self, _cx: &mut Context<'_, '_>, _turn: &mut Reading) {}

    /// A figure deployed after the turn's scoring (a figure moving on).
    fn moved(&mut self, _cx: &mut Context<'_, '_>, _turn: &mut Reading, _d: &Deployed<'_>) -> bool {
        false
    }

    /// A figure deployed by the player of the turn, other than on a spot
    /// of the tile just placed in the usual way.
    fn deploy(
        &mut self,
        _cx: &mut Context<'_, '_>,
        _turn: &mut Reading,
        _d: &Deployed<'_>,
    ) -> bool {
        false
    }

    /// A figure the generic reader deployed on the tile just placed (a
    /// shepherd, whose first draw follows).
    fn deployed(&mut self, _cx: &mut Context<'_, '_>, _turn: &mut Reading, _d: &Deployed<'_>) {}

    /// A message of a kind the generic reader does not read.
    fn message(
        &mut self,
        _cx: &mut Context<'_, '_>,
        _turn: Option<&mut Reading>,
        _m: &Message<'_>,
    ) -> bool {
        false
    }

    /// Whether the tile `player` places now was dealt to them (got at a
    /// bazaar) rather than drawn: it takes no random number and no place
    /// in the draw order.
    fn dealt(&mut self, _player: &str) -> bool {
        false
    }

    /// Every message is read: the expansion completes what it wrote on
    /// earlier turns with what it learnt later (the tiles of an auction,
    /// known once they are placed).
    fn finish(&mut self, _cx: &mut Context<'_, '_>, _turns: &mut [FlowMap<WrittenTurn>]) {}
}

/// The turn being read: its record entry, where its tile lies, whether it
/// deployed a figure, and whether its actions are committed (after which
/// come the moves of figures its scoring sent home).
#[derive(Debug)]
pub struct Reading {
    /// The record's entry.
    pub turn: WrittenTurn,
    /// Where its tile lies.
    pub at: Pos,
    /// It deployed a figure.
    pub deployed: bool,
    /// Its actions are committed.
    pub committed: bool,
    /// What chance decided in it, that the engine works out from the
    /// position (`None`: nothing).
    pub chance: Option<Chance>,
}

/// A turn's acts of one record key that the save states only by the
/// choices made and the random numbers drawn (a flock's draws from the
/// bag): the engine proposes them with these picks, as the generator
/// does ([`crate::engine::proposed`]).
#[derive(Debug, Clone)]
pub struct Chance {
    /// The record key (`flock`).
    pub key: &'static str,
    /// Each choice, in the order the engine asks.
    pub picks: Vec<Pick>,
}

/// One choice among the options the engine offers.
#[derive(Debug, Clone, Copy)]
pub enum Pick {
    /// The option with this index.
    Index(usize),
    /// The option JCloisterZone's engine draws with this random number
    /// (its `getNextInt`: the number times the count of options, rounded
    /// down).
    Fraction(f64),
}

impl Pick {
    /// The index it picks among `n` options.
    #[must_use]
    pub fn among(self, n: usize) -> Option<usize> {
        if n == 0 {
            return None;
        }
        #[allow(
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss,
            clippy::cast_precision_loss
        )]
        let k = match self {
            Pick::Index(k) => k,
            // As Java's `(int) (random * bound)`.
            Pick::Fraction(f) => (f * n as f64) as usize,
        };
        Some(k.min(n - 1))
    }
}

impl Reading {
    /// The picks of the turn's chance of the record key `key`.
    pub fn chance(&mut self, key: &'static str) -> &mut Vec<Pick> {
        &mut self
            .chance
            .get_or_insert(Chance {
                key,
                picks: Vec::new(),
            })
            .picks
    }
}

/// JCloisterZone's random number generator as the save's moves leave it:
/// the client's initial number, then each message's `random` (a commit's,
/// a flock's), each draw moving it on (its `RandomGenerator`).
#[derive(Debug, Clone, Copy, Default)]
pub struct Random {
    value: Option<f64>,
}

impl Random {
    const MASK: u64 = (1 << 48) - 1;
    const A: u64 = 25_214_903_917;
    const C: u64 = 11;

    /// The number the next draw uses, moving the generator on as a draw
    /// does; `None` when the save does not keep its numbers (4.x).
    pub fn take(&mut self) -> Option<f64> {
        let now = self.value?;
        let x = now.to_bits() & Self::MASK;
        let x = Self::A.wrapping_mul(x).wrapping_add(Self::C) & Self::MASK;
        #[allow(clippy::cast_precision_loss)]
        let next = x as f64 / (Self::MASK + 1) as f64;
        self.value = Some(next);
        Some(now)
    }
}

impl Reading {
    /// The turn deploys `figure` (JCloisterZone's kind) at `spot` of the
    /// tile at `at`, which need not be the tile just placed.
    pub fn deploy_at(&mut self, at: Pos, spot: String, figure: &str) {
        self.turn.meeple = Some(WrittenWhere::At(FlowMap(WrittenPlace {
            at: FlowSeq([at.x, at.y]),
            spot,
        })));
        self.turn.figure = (figure != "small").then(|| figure.to_string());
        self.deployed = true;
    }
}

/// The figure a message's payload names by `meepleId`: its id, and its
/// kind (`small`, `big`).
#[must_use]
pub fn meeple_named(payload: &Value) -> (&str, &str) {
    let id = payload
        .get("meepleId")
        .and_then(Value::as_str)
        .unwrap_or_default();
    (id, id.split('.').nth(1).unwrap_or_default())
}

/// One message of a save's moves.
#[derive(Debug)]
pub struct Message<'a> {
    /// Its type (`PLACE_TOKEN`).
    pub kind: &'a str,
    /// Its payload.
    pub payload: &'a Value,
    /// The player it names, if any.
    pub who: Option<&'a str>,
    /// Its place in the list.
    pub index: usize,
}

impl Message<'_> {
    /// The text at `pointer` of its payload (`/token`), or "".
    #[must_use]
    pub fn text(&self, pointer: &str) -> &str {
        self.payload
            .pointer(pointer)
            .and_then(Value::as_str)
            .unwrap_or_default()
    }
}

/// Adds `entry` to the value of a record key that holds one entry or a
/// list of them (`castle:`, `leave:`): the first alone, then a list.
pub fn append(slot: &mut Value, entry: Value) {
    match slot {
        Value::Array(list) => list.push(entry),
        Value::Null => *slot = entry,
        one => {
            let first = one.take();
            *one = Value::Array(vec![first, entry]);
        }
    }
}

/// A figure a `DEPLOY_MEEPLE` message deploys.
#[derive(Debug)]
pub struct Deployed<'a> {
    /// JCloisterZone's id of the figure (`0.small`).
    pub id: &'a str,
    /// Its kind (`small`, `wagon`).
    pub figure: &'a str,
    /// Its owner.
    pub owner: Option<String>,
    /// The player the message names.
    pub who: Option<&'a str>,
    /// The tile it goes to.
    pub pos: Option<Pos>,
    /// Its spot there, in carca's terms.
    pub spot: Option<String>,
    /// JCloisterZone's feature kind and location (`Quarter`,
    /// `QUARTER_MARKET`).
    pub pointer: (Option<&'a str>, &'a str),
    /// Its place in the list.
    pub index: usize,
}

/// What an expansion's reader may ask of the save: its players, its tiles'
/// symbols, how many figures of a kind each player has; and where it
/// reports what it cannot read.
pub struct Context<'r, 'a> {
    reader: &'r mut Reader<'a>,
    ids: &'r Ids,
    /// The players, in turn order.
    pub players: &'r [String],
    /// Figures per player the save gives where the sets bring others.
    figures: &'r std::collections::BTreeMap<String, u32>,
    /// JCloisterZone's random numbers.
    random: &'r mut Random,
    /// carca's tile sets in play.
    tilesets: &'r [String],
    /// The record's top-level expansion keys.
    top: &'r mut crate::record::written::WrittenTop,
    /// The ruleset options the save's rules chose.
    options: &'r std::collections::BTreeMap<String, String>,
}

impl Context<'_, '_> {
    /// Reports something of the save carca cannot represent, at `needle`.
    pub fn unsupported(&mut self, what: String, needle: &str) {
        self.reader.unsupported(what, needle);
    }

    /// Whether carca's tile `tile` shows `symbol`.
    #[must_use]
    pub fn shows(&self, tile: &str, symbol: &str) -> bool {
        self.ids.shows(tile, symbol)
    }

    /// How many of carca's figure `word` each player has, when the save
    /// gives another number than the sets in play bring.
    #[must_use]
    pub fn per_player(&self, word: &str) -> Option<u32> {
        self.figures.get(word).copied()
    }

    /// The owner of a figure by JCloisterZone's id: its seat comes first.
    #[must_use]
    pub fn owner(&self, id: &str) -> Option<String> {
        meeple_owner(id, self.players)
    }

    /// The record's top-level keys (`final_leave:`), to write.
    pub fn top(&mut self) -> &mut crate::record::written::WrittenTop {
        self.top
    }

    /// The value of the ruleset option `key` the save's rules chose, if
    /// they chose one (else the ruleset's default holds).
    #[must_use]
    pub fn option(&self, key: &str) -> Option<&str> {
        self.options.get(key).map(String::as_str)
    }

    /// Whether carca's tile set `set` is in play.
    #[must_use]
    pub fn in_play(&self, set: &str) -> bool {
        self.tilesets.iter().any(|s| s == set)
    }

    /// The random number JCloisterZone's engine draws with now, moving its
    /// generator on; `None` when the save does not keep its numbers.
    pub fn next_random(&mut self) -> Option<f64> {
        self.random.take()
    }
}

fn rotation(v: &Value) -> Option<u32> {
    let deg = match v {
        Value::String(s) => s.trim_start_matches('R').parse::<u32>().ok()?,
        Value::Number(n) => u32::try_from(n.as_u64()?).ok()?,
        _ => return None,
    };
    (deg % 90 == 0 && deg < 360).then_some(deg)
}

/// A JCloisterZone position in carca's terms (y flipped), if it lies on
/// carca's board.
#[must_use]
pub fn position(v: &Value) -> Option<Pos> {
    match v.as_array()?.as_slice() {
        [x, y] => Pos::checked(x.as_i64()?, y.as_i64()?.checked_neg()?),
        _ => None,
    }
}

/// Where a start entry of a save's setup (`{ tile, x, y, rotation }`)
/// lies in carca's terms, if on the board.
fn start_position(s: &Value) -> Option<Pos> {
    let xy = [s.get("x"), s.get("y")].map(|v| v.cloned().unwrap_or(Value::from(0)));
    position(&Value::Array(xy.to_vec()))
}

/// Converts a saved game into the text of an equivalent carca record.
/// The `loader` brings the tile sets, for a save that does not say how
/// the game ended (see [`implied_end`]).
pub fn import(loader: &Loader, src: &SourceFile, with: Expansions) -> Result<String, Vec<Finding>> {
    let v: Value = serde_json::from_str(src.text()).map_err(|e| {
        let offset = src.offset_of_line_col(e.line() as u64, e.column() as u64);
        vec![Finding::new(
            Class::Input,
            src,
            JczError::Json {
                message: e
                    .to_string()
                    .split(" at line ")
                    .next()
                    .unwrap_or_default()
                    .to_string(),
                span: SourceSpan::from((offset, 0)),
            },
        )]
    })?;
    let mut r = Reader {
        src,
        findings: Vec::new(),
    };
    let out = convert(&mut r, &v, &Ids::of(loader), with);
    if !r.findings.is_empty() {
        return Err(r.findings);
    }
    let Some(mut out) = out else {
        return Err(Vec::new());
    };
    if !out.chances.is_empty() {
        resolve_chances(loader, src, &mut out, with.registry);
    }
    if out.open_end {
        implied_end(loader, src, &mut out, with.registry);
    }
    Ok(out.record.yaml(&out.comments))
}

/// A save converted: the record, its opening comments, and whether the
/// save leaves the end of the game unsaid (no annotations, no end).
struct Converted {
    /// The turns (by index) whose chance the engine is to work out.
    chances: Vec<(usize, Chance)>,
    record: Written,
    comments: Vec<String>,
    open_end: bool,
}

/// The record and ruleset of the text converted so far, if it reads.
fn reread(
    loader: &Loader,
    src: &SourceFile,
    out: &Converted,
) -> Option<(crate::record::Record, crate::rules::Ruleset)> {
    let text = out.record.yaml(&out.comments);
    let imported = SourceFile::new(src.name(), text);
    let record = crate::record::parse(loader, &imported, std::path::Path::new("")).ok()?;
    let rules = crate::record::ruleset_for(
        loader,
        &record,
        record.rules_name(),
        std::path::Path::new(""),
    )
    .ok()?;
    Some((record, rules))
}

/// Each turn's chance, in the order played: the engine proposes the
/// turn's acts of its key from the position the turns before it leave,
/// each choice made by the save's picks (a flock's draw: the token the
/// random number picks from what the bag holds then).
fn resolve_chances(loader: &Loader, src: &SourceFile, out: &mut Converted, registry: &Registry) {
    let chances = std::mem::take(&mut out.chances);
    for (index, chance) in chances {
        let Some((record, rules)) = reread(loader, src, out) else {
            return;
        };
        let mut picks = chance.picks.into_iter();
        let acts = crate::engine::proposed(
            &record,
            &rules,
            registry,
            index,
            chance.key,
            Box::new(move |n| picks.next().and_then(|p| p.among(n))),
        );
        let Some(turn) = out.record.turns.get_mut(index) else {
            continue;
        };
        if acts.is_empty() {
            out.comments.push(format!(
                "JCloisterZone made a `{}` choice on turn {}, where carca finds none due.",
                chance.key,
                index + 1
            ));
        }
        let word = |f: crate::rules::Figure| record.catalog.figures.name(f).to_string();
        for act in &acts {
            turn.0.put(act, &record.players, &word);
        }
    }
}

/// JCloisterZone discards a tile drawn that fits nowhere, without a
/// message, and the game ends when its pack is empty; a save without its
/// annotations says neither. The tiles the record leaves in the supply
/// were discarded when each, at some moment, fitted nowhere (the engine
/// finds the first such moment, [`crate::engine::implied_discards`]): they
/// join the record there, and the game is over. When one of them fitted
/// somewhere at every moment, it is still in the pack: the game goes on.
fn implied_end(loader: &Loader, src: &SourceFile, out: &mut Converted, registry: &Registry) {
    let Some((record, rules)) = reread(loader, src, out) else {
        return;
    };
    let Some(discards) = crate::engine::implied_discards(&record, &rules, registry) else {
        return;
    };
    if discards.is_empty() {
        return;
    }
    let mut said = Vec::new();
    for &(moment, tile) in discards.iter().rev() {
        let id = &record.catalog.tiles[tile].tile.id;
        let mut discard = WrittenTurn::discard(id);
        discard.player = out
            .record
            .turns
            .get(moment)
            .and_then(|t| t.0.player.clone());
        out.record.turns.insert(moment, FlowMap(discard));
        said.push(format!("{id} after turn {moment}"));
    }
    said.reverse();
    out.record.final_ = true;
    out.comments
        .push("The save does not say how the game ended. Each tile left in the pack fitted".into());
    out.comments.push(format!(
        "nowhere at some moment, so JCloisterZone discarded it ({}): the game is over.",
        said.join(", ")
    ));
}

/// A count in a save, which must be a whole number from `min` to `max`.
fn count_in(reader: &mut Reader, v: &Value, what: &str, min: u64, max: u64) -> Option<u32> {
    match v.as_u64().filter(|n| (min..=max).contains(n)) {
        Some(n) => u32::try_from(n).ok(),
        None => {
            reader.bad(
                format!("`{what}` is {v}"),
                "a whole number in range",
                &format!("\"{what}\""),
            );
            None
        }
    }
}

/// Whether an element's value puts it in play (a count above 0, `true`).
fn switched_on(value: &Value) -> bool {
    match value {
        Value::Bool(b) => *b,
        Value::Number(n) => n.as_f64().is_some_and(|n| n > 0.0),
        Value::Null => false,
        _ => true,
    }
}

/// What an expansion reads of a save's setup (`setup`): the client's tile
/// sets and the 4.x expansions that bring its tile sets, the elements and
/// 4.x capabilities that bring its figures, and the rules it plays. The
/// generic reader reads the base game's, and refuses what no expansion
/// declares (docs/jcz.md).
#[derive(Debug, Clone, Copy)]
pub struct Setup {
    /// The client's set families (`tower` of `tower:1`) with carca's tile
    /// sets they bring.
    pub sets: &'static [(&'static str, &'static [&'static str])],
    /// The 4.x expansions (`TOWER`) with carca's tile sets they bring.
    pub legacy_sets: &'static [(&'static str, &'static [&'static str])],
    /// The client's elements (`mayor`, `tower`).
    pub elements: &'static [(&'static str, Element)],
    /// The 4.x capabilities (`Mayor`, `Tower`): listed, each is in play.
    pub capabilities: &'static [(&'static str, Element)],
    /// The client's rules, by the value written, that carca plays
    /// otherwise than by default or refuses.
    pub rules: &'static [Rule],
    /// The 4.x rules that, `true`, set a ruleset option: the rule, the
    /// option and its value.
    pub legacy_rules: &'static [(&'static str, (&'static str, &'static str))],
    /// The start tile JCloisterZone lays for the expansion's sets when the
    /// save names none, and its rotation in carca's terms.
    pub start: Option<(&'static str, u32)>,
}

impl Setup {
    /// A setup that reads nothing (to be filled in by field).
    pub const NONE: Setup = Setup {
        sets: &[],
        legacy_sets: &[],
        elements: &[],
        capabilities: &[],
        rules: &[],
        legacy_rules: &[],
        start: None,
    };
}

/// What an element or a capability brings.
#[derive(Debug, Clone, Copy)]
pub enum Element {
    /// Nothing to read: it comes with the tiles (inns, the dragon).
    WithTiles,
    /// A count of a figure per player (`mayor: 1`). `listed`: without it
    /// in the save, the figure is not in play though the set brings it
    /// (builders, pigs); else the set's count holds (big followers).
    Figure {
        /// The figure's word.
        figure: &'static str,
        /// The save must list it.
        listed: bool,
    },
    /// A part of the sets `sets` that is off unless the save lists it
    /// switched on (`traders`, `tower`), and what it takes away when off.
    Switch {
        /// The sets it is part of.
        sets: &'static [&'static str],
        /// What is out of play without it.
        off: Off,
    },
    /// A tile set (the abbey), one tile a player at most.
    Tileset(&'static str),
}

/// What a switch that is off takes out of play.
#[derive(Debug, Clone, Copy)]
pub enum Off {
    /// A figure (its count set to 0).
    Figure(&'static str),
    /// A rate of `[points]` (set to 0).
    Point(&'static str),
    /// Nothing carca can leave out (the hills' part of their tiles): the
    /// save is refused, saying so.
    Refused(&'static str),
}

/// A rule the client writes, with one of its values.
#[derive(Debug, Clone, Copy)]
pub struct Rule {
    /// The rule (`dragon-move`).
    pub name: &'static str,
    /// The value written (`after-scoring`).
    pub written: &'static str,
    /// How carca plays it.
    pub plays: Plays,
}

/// How carca plays a rule's value.
#[derive(Debug, Clone, Copy)]
pub enum Plays {
    /// With a ruleset option and its value (`dragon_move`,
    /// `after-scoring`).
    Option(&'static str, &'static str),
    /// Not at all, while `figure` is in play: the save is refused, with
    /// `why`.
    Refused {
        /// The figure the rule is about.
        figure: &'static str,
        /// What carca says.
        why: &'static str,
    },
}

/// What the setup said, as the generic reader gathers it.
#[derive(Debug, Default)]
struct SetupRead {
    /// The tile sets in play.
    tilesets: Vec<String>,
    /// The figures the save counts.
    counts: std::collections::BTreeMap<&'static str, u32>,
    /// The switches on.
    on: Vec<&'static str>,
    /// The ruleset's options.
    options: std::collections::BTreeMap<String, String>,
    /// The rules refused while their figure is in play.
    refused: Vec<(String, &'static str, &'static str)>,
}

impl SetupRead {
    /// An element (`value`) or a 4.x capability (no value: listed, it is
    /// in play) that an expansion declares.
    fn element(
        &mut self,
        reader: &mut Reader,
        name: &str,
        e: (&'static str, Element),
        value: Option<&Value>,
    ) {
        let (word, e) = e;
        let on = value.is_none_or(switched_on);
        match e {
            Element::WithTiles => {}
            Element::Figure { figure, .. } => {
                let n = match value {
                    None => Some(1),
                    Some(v) => count_in(reader, v, name, 0, 1000),
                };
                if let Some(n) = n {
                    self.counts.insert(figure, n);
                }
            }
            Element::Switch { .. } => {
                if on {
                    self.on.push(word);
                }
            }
            Element::Tileset(set) => {
                if !on {
                    return;
                }
                if value.is_some_and(|v| count_in(reader, v, name, 0, 1000).is_some_and(|n| n > 1))
                {
                    reader.unsupported(
                        format!("more than one {name} per player"),
                        &format!("\"{name}\""),
                    );
                }
                self.tilesets.push(set.to_string());
            }
        }
    }
}

fn convert(reader: &mut Reader, save: &Value, ids: &Ids, with: Expansions) -> Option<Converted> {
    let not_a_save = |reader: &mut Reader, missing: &str| {
        let span = SourceSpan::from((0, 0));
        reader.findings.push(Finding::new(
            Class::Input,
            reader.src,
            JczError::NotASave {
                missing: missing.into(),
                span,
            },
        ));
    };
    let Some(setup) = save.get("setup").filter(|s| s.is_object()) else {
        not_a_save(reader, "it has no `setup`");
        return None;
    };
    let legacy = setup.get("expansions").is_some();

    // Players, in turn order.
    let players: Vec<String> = if legacy {
        let mut slots: Vec<&Value> = save
            .get("slots")
            .and_then(Value::as_array)
            .map(|a| a.iter().collect())
            .unwrap_or_default();
        // 4.x seats players in the order their slots were taken
        // (`serial`); `number` is the colour.
        slots.sort_by_key(|s| {
            s.get("serial")
                .or_else(|| s.get("number"))
                .and_then(Value::as_i64)
                .unwrap_or(0)
        });
        slots
            .iter()
            .map(|s| {
                s.get("nickname")
                    .and_then(Value::as_str)
                    .unwrap_or("player")
                    .to_string()
            })
            .collect()
    } else {
        // The client writes the players in seat order (turn order);
        // `slot` is the colour, and a figure's id starts with the seat.
        save.get("players")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .map(|s| {
                s.get("name")
                    .and_then(Value::as_str)
                    .unwrap_or("player")
                    .to_string()
            })
            .collect()
    };
    if players.is_empty() {
        not_a_save(
            reader,
            if legacy {
                "it has no `slots`"
            } else {
                "it has no `players`"
            },
        );
        return None;
    }

    // Tile sets, figures and rules: the base game's here, each
    // expansion's as its slice declares them (`Setup`).
    let mut read = SetupRead {
        tilesets: vec!["base".to_string()],
        ..SetupRead::default()
    };
    let mut scale: u32 = 1;
    let mut followers: u32 = 7;
    let mut small_city = false;
    let max_scale = u64::try_from(crate::record::MAX_SUPPLY_SCALE).unwrap_or(1);
    if legacy {
        for (name, value) in setup["expansions"].as_object().into_iter().flatten() {
            if name == "BASIC" {
                scale = count_in(reader, value, name, 1, max_scale).unwrap_or(1);
            } else if let Some(sets) = with.find(|x| x.legacy_sets, name) {
                read.tilesets.extend(sets.iter().map(|s| (*s).to_string()));
            } else {
                reader.unsupported(format!("the expansion `{name}`"), &format!("\"{name}\""));
            }
        }
        for cap in setup
            .get("capabilities")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            // A 4.x save lists the capabilities in play; a figure whose
            // capability is missing is not in the game.
            let c = cap.as_str().unwrap_or_default();
            match with.find_named(|x| x.capabilities, c) {
                _ if c == "StandardGame" => {}
                Some(e) => read.element(reader, c, e, None),
                None => reader.unsupported(format!("the capability `{c}`"), &format!("\"{c}\"")),
            }
        }
        for (name, value) in setup
            .get("rules")
            .and_then(Value::as_object)
            .into_iter()
            .flatten()
        {
            if value.as_bool() != Some(true) {
                continue;
            }
            if name.to_ascii_uppercase().contains("TINY_CITY") {
                small_city = true;
            } else if let Some((key, to)) = with.find(|x| x.legacy_rules, name) {
                read.options.insert((*key).to_string(), (*to).to_string());
            }
        }
    } else {
        for (name, value) in setup
            .get("sets")
            .and_then(Value::as_object)
            .into_iter()
            .flatten()
        {
            let family = name.split(':').next().unwrap_or_default();
            if family == "basic" {
                scale = count_in(reader, value, name, 1, max_scale).unwrap_or(1);
            } else if let Some(sets) = with.find(|x| x.sets, family) {
                read.tilesets.extend(sets.iter().map(|s| (*s).to_string()));
            } else {
                reader.unsupported(format!("the tile set `{family}`"), &format!("\"{name}\""));
            }
        }
        for (name, value) in setup
            .get("elements")
            .and_then(Value::as_object)
            .into_iter()
            .flatten()
        {
            match (name.as_str(), with.find_named(|x| x.elements, name)) {
                ("small-follower", _) => {
                    followers = count_in(reader, value, name, 0, 1000).unwrap_or(7);
                }
                // Farmers are always in play.
                ("farmers", _) => {}
                (_, Some(e)) => read.element(reader, name, e, Some(value)),
                _ if !switched_on(value) => {}
                (other, None) => {
                    reader.unsupported(format!("the element `{other}`"), &format!("\"{other}\""));
                }
            }
        }
        // Every rule the client writes (only those not at their default),
        // read with the values it writes; those of expansions carca does
        // not play change nothing here, since their tiles and figures are
        // refused.
        for (name, value) in setup
            .get("rules")
            .and_then(Value::as_object)
            .into_iter()
            .flatten()
        {
            let Some(rule) = CLIENT_RULES.iter().find(|r| r.0 == name) else {
                reader.unsupported(format!("the rule `{name}`"), &format!("\"{name}\""));
                continue;
            };
            // A switch is written as a JSON boolean, a choice as a string.
            let switch = rule.1 == ["false", "true"] || rule.1 == ["true", "false"];
            let said = match value {
                Value::String(v) if !switch => v.clone(),
                Value::Bool(b) if switch => b.to_string(),
                _ => String::new(),
            };
            if !rule.1.contains(&said.as_str()) {
                reader.bad(
                    format!("`{name}` is {value}"),
                    "one of the values JCloisterZone's client writes (docs/jcz.md)",
                    &format!("\"{name}\""),
                );
                continue;
            }
            if (name.as_str(), said.as_str()) == ("tiny-city-scoring", "2") {
                small_city = true;
            }
            let chosen = with
                .setups
                .iter()
                .flat_map(|x| x.rules.iter())
                .find(|r| r.name == name && r.written == said);
            match chosen.map(|r| r.plays) {
                Some(Plays::Option(key, to)) => {
                    read.options.insert(key.to_string(), to.to_string());
                }
                Some(Plays::Refused { figure, why }) => {
                    read.refused.push((name.clone(), figure, why));
                }
                None => {}
            }
        }
    }
    let tilesets = read.tilesets.clone();

    // The tile sets bring their figures (one big follower, builder, pig,
    // mayor, wagon and barn each); a save that says otherwise needs the
    // ruleset to say so too.
    let brings = |figure: &str| -> u32 {
        ids.figures
            .iter()
            .filter(|(set, f, _)| f == figure && tilesets.contains(set))
            .map(|(.., n)| *n)
            .sum()
    };
    let mut figures = std::collections::BTreeMap::new();
    for (figure, listed) in with
        .setups
        .iter()
        .flat_map(|x| x.elements.iter())
        .filter_map(|(_, e)| match e {
            Element::Figure { figure, listed } => Some((*figure, *listed)),
            _ => None,
        })
    {
        let brought = brings(figure);
        // A figure a tile set declares, counted without that set in play,
        // has no kind carca knows.
        let known = brought > 0
            || crate::tileset::figure::BUILTIN
                .iter()
                .any(|b| b.name == figure);
        if !known && read.counts.get(figure).is_some_and(|&n| n > 0) {
            reader.unsupported(
                format!("the figure `{figure}` without the tile set that brings it"),
                &format!("\"{figure}\""),
            );
            continue;
        }
        match read.counts.get(figure) {
            Some(&n) if n != brought => {
                figures.insert(figure.to_string(), n);
            }
            // JCloisterZone deploys no figure the save does not list, when
            // the figure is one a save lists (`listed`).
            None if brought > 0 && listed => {
                figures.insert(figure.to_string(), 0);
            }
            _ => {}
        }
    }
    for (rule, figure, why) in &read.refused {
        if figures
            .get(*figure)
            .copied()
            .unwrap_or_else(|| brings(figure))
            > 0
        {
            reader.unsupported((*why).to_string(), &format!("\"{rule}\""));
        }
    }
    // What a switch that is off takes away: a figure (tower pieces without
    // the `tower` element) or a rate (goods without `traders`).
    let mut points = std::collections::BTreeMap::new();
    for (name, e) in with.setups.iter().flat_map(|x| {
        if legacy {
            x.capabilities.iter()
        } else {
            x.elements.iter()
        }
    }) {
        let Element::Switch { sets, off } = e else {
            continue;
        };
        if read.on.contains(name) || !tilesets.iter().any(|t| sets.contains(&t.as_str())) {
            continue;
        }
        match off {
            Off::Figure(f) => {
                figures.insert((*f).to_string(), 0);
            }
            Off::Point(p) => {
                points.insert((*p).to_string(), 0);
            }
            Off::Refused(what) => reader.unsupported((*what).to_string(), &format!("\"{name}\"")),
        }
    }
    let version = save
        .get("appVersion")
        .and_then(Value::as_str)
        .unwrap_or("unknown")
        .to_string();
    let mut record = Written {
        description: None,
        tilesets: FlowSeq(tilesets.clone()),
        supply_scale: (scale > 1).then_some(scale),
        ruleset: (small_city
            || !read.options.is_empty()
            || followers != 7
            || !figures.is_empty()
            || !points.is_empty())
        .then(|| {
            FlowMap(WrittenRuleset {
                name: "jcloisterzone".into(),
                extends: "modern".into(),
                small_city: small_city.then_some(true),
                followers: (followers != 7).then_some(followers),
                options: read.options.clone(),
                figures: (!figures.is_empty()).then(|| FlowMap(figures.clone())),
                points: (!points.is_empty()).then(|| FlowMap(points.clone())),
            })
        }),
        players: FlowSeq(players.clone()),
        start: None,
        turns: Vec::new(),
        final_: false,
        keyed: crate::record::written::WrittenTop::default(),
    };

    // The start tile; or a tile set's start block (the City of
    // Carcassonne), which carca lays itself: each of its tiles must lie
    // where the set says, unturned.
    let starts: Vec<&Value> = setup
        .get("start")
        .and_then(Value::as_array)
        .map(|a| a.iter().collect())
        .unwrap_or_default();
    // Whether a start entry lies where its block's set lays it, unturned
    // (`None`: it is no block's tile).
    let block_tile = |s: &Value| -> Option<bool> {
        let id = s.get("tile").and_then(Value::as_str).unwrap_or_default();
        let (t, extra, _) = ids.tile(id, legacy)?;
        let at = ids.block.iter().find(|(b, _)| b == t)?.1;
        let here = start_position(s);
        let rot = s.get("rotation").and_then(rotation).unwrap_or(0);
        Some(here.is_some_and(|p| (p.x, p.y) == at) && (rot + extra) % 360 == 0)
    };
    let in_block = starts.iter().filter(|s| block_tile(s).is_some()).count();
    if in_block > 0 || starts.len() > 1 {
        // carca lays the block itself, where the set says.
        let in_play = ids
            .block
            .iter()
            .filter(|(b, _)| {
                ids.tiles
                    .iter()
                    .any(|(_, _, c, _, set)| c == b && tilesets.contains(set))
            })
            .count();
        let laid_right = starts.iter().all(|s| block_tile(s) == Some(true)) && in_block == in_play;
        if !laid_right {
            reader.unsupported(
                "a start of several tiles other than a tile set's start block, where the set lays it"
                    .into(),
                "\"start\"",
            );
        }
    } else if let Some(s) = starts.first() {
        let id = s.get("tile").and_then(Value::as_str).unwrap_or_default();
        let Some(at) = start_position(s) else {
            reader.bad(
                "the start tile lies off the board".into(),
                "x and y within ±1,000,000",
                "\"start\"",
            );
            return None;
        };
        let rot = s.get("rotation").and_then(rotation).unwrap_or(0);
        match ids.tile(id, legacy) {
            Some((t, extra, _)) => {
                let mut placed = WrittenTurn::place(t, at, rotated(rot + extra), None);
                placed.rot = Some((rot + extra) % 360);
                record.start = Some(FlowMap(placed));
            }
            None => reader.unsupported(format!("the start tile `{id}`"), &format!("\"{id}\"")),
        }
    } else {
        // A set whose start tile JCloisterZone lays its own way (the
        // spring, unturned).
        let laid = with
            .setups
            .iter()
            .filter(|x| {
                x.sets
                    .iter()
                    .any(|(_, sets)| sets.iter().any(|s| tilesets.iter().any(|t| t == s)))
            })
            .find_map(|x| x.start);
        if let Some((tile, rot)) = laid {
            let mut first = WrittenTurn::place(tile, Pos::new(0, 0), rotated(rot), None);
            first.rot = Some(rot);
            record.start = Some(FlowMap(first));
        }
    }

    // The draw order tells which drawn tiles were discarded.
    let draw: Vec<String> = if legacy {
        save.pointer("/annotations/tilePack/params/drawOrder")
    } else {
        save.pointer("/gameAnnotations/drawOrder")
    }
    .and_then(Value::as_array)
    .map(|a| {
        a.iter()
            .filter_map(Value::as_str)
            .map(str::to_string)
            .collect()
    })
    .unwrap_or_default();
    let ended = if legacy {
        draw.last().is_some_and(|d| d == "#END")
    } else {
        save.pointer("/gameAnnotations/endTurn").is_some()
    };
    let mut drawn = 0;

    let Some(replay) = save.get("replay").and_then(Value::as_array) else {
        reader.bad(
            "the save has no list of moves (`replay`)".into(),
            "`replay`: the list of every move of the game",
            "\"replay\"",
        );
        return None;
    };
    // The turn being read, and each expansion's reader of its messages.
    let mut current: Option<Reading> = None;
    let mut slices: Vec<Box<dyn Messages>> = with.messages.iter().map(|m| m()).collect();
    let mut game_over = false;
    // The turns read, each with the chance the engine is to work out.
    let mut chances: Vec<(usize, Chance)> = Vec::new();
    let mut done = |record: &mut Written, reading: Reading| {
        if let Some(c) = reading.chance {
            chances.push((record.turns.len(), c));
        }
        record.turns.push(FlowMap(reading.turn));
    };
    let mut top = crate::record::written::WrittenTop::default();
    // The client's first random number (4.x saves keep none).
    let mut random = Random {
        value: (!legacy)
            .then(|| save.get("initialRandom").and_then(Value::as_f64))
            .flatten(),
    };
    // What an expansion's reader may ask, made afresh for each message.
    macro_rules! context {
        () => {
            Context {
                reader,
                ids,
                players: &players,
                figures: &figures,
                random: &mut random,
                tilesets: &tilesets,
                top: &mut top,
                options: &read.options,
            }
        };
    }
    for (i, msg) in replay.iter().enumerate() {
        let kind = msg.get("type").and_then(Value::as_str).unwrap_or_default();
        let payload = msg.get("payload").cloned().unwrap_or(Value::Null);
        // A message that brings a random number sets the generator before
        // the engine hears it.
        if let Some(r) = payload.get("random").and_then(Value::as_f64)
            && !legacy
        {
            random.value = Some(r);
        }
        let who = match msg.get("player") {
            None | Some(Value::Null) => None,
            Some(p) => match p
                .as_u64()
                .and_then(|p| players.get(usize::try_from(p).ok()?))
            {
                Some(name) => Some(name.clone()),
                None => {
                    reader.bad(
                        format!("replay message {i} names player {p}, who is not in the game"),
                        "a player's seat: 0 for the first in `players`",
                        &format!("\"{kind}\""),
                    );
                    continue;
                }
            },
        };
        let mut cx = context!();
        match kind {
            "PLACE_TILE" => {
                if let Some(reading) = current.take() {
                    done(&mut record, reading);
                }
                let id = payload
                    .get("tileId")
                    .and_then(Value::as_str)
                    .unwrap_or_default()
                    .to_string();
                let Some((t, extra, set)) = ids.tile(&id, legacy) else {
                    cx.reader
                        .unsupported(format!("the tile `{id}`"), &format!("\"{id}\""));
                    continue;
                };
                if !tilesets.iter().any(|s| s == set) {
                    cx.reader.unsupported(
                        format!("the tile `{id}` without its expansion"),
                        &format!("\"{id}\""),
                    );
                    continue;
                }
                let Some(rot) = payload.get("rotation").and_then(rotation) else {
                    cx.reader.bad(
                        format!("replay message {i} has no rotation"),
                        "R0, R90, R180 or R270",
                        &id,
                    );
                    continue;
                };
                let Some(at) = payload.get("position").and_then(position) else {
                    cx.reader.bad(
                        format!("replay message {i} has no position on the board"),
                        "[x, y] with x and y within ±1,000,000",
                        &id,
                    );
                    continue;
                };
                // A tile of the player's own is not drawn, nor one dealt
                // to them. A drawn tile the draw order does not force took
                // a random number.
                let dealt = who
                    .as_deref()
                    .is_some_and(|p| slices.iter_mut().any(|s| s.dealt(p)));
                let own = dealt || ids.own.iter().any(|o| o == t);
                if !own && (draw.is_empty() || drawn >= draw.len()) {
                    cx.next_random();
                }
                if !own && !draw.is_empty() {
                    while drawn < draw.len() && draw[drawn] != id && draw[drawn] != "#END" {
                        let skipped = draw[drawn].clone();
                        match ids.tile(&skipped, legacy) {
                            Some((d, _, _)) => {
                                let mut discard = WrittenTurn::discard(d);
                                discard.player.clone_from(&who);
                                record.turns.push(FlowMap(discard));
                            }
                            None => cx.reader.unsupported(
                                format!("the tile `{skipped}`"),
                                &format!("\"{skipped}\""),
                            ),
                        }
                        drawn += 1;
                    }
                    drawn += 1;
                }
                let mut turn = WrittenTurn::place(t, at, rotated(rot + extra), None);
                turn.player = who;
                let mut reading = Reading {
                    turn,
                    at,
                    deployed: false,
                    committed: false,
                    chance: None,
                };
                for slice in &mut slices {
                    slice.placed(&mut cx, &mut reading);
                }
                current = Some(reading);
            }
            "DEPLOY_MEEPLE" => {
                let id = payload
                    .get("meepleId")
                    .and_then(Value::as_str)
                    .unwrap_or_default();
                let figure = id.split('.').nth(1).unwrap_or_default();
                // A follower, or a figure an expansion reads that is in
                // play.
                let declared =
                    with.setups.iter().flat_map(|x| x.elements.iter()).any(
                        |(_, e)| matches!(e, Element::Figure { figure: f, .. } if *f == figure),
                    );
                let known = figure == "small"
                    || (declared
                        && figures
                            .get(figure)
                            .copied()
                            .unwrap_or_else(|| brings(figure))
                            > 0);
                if !known {
                    cx.reader
                        .unsupported(format!("the figure `{figure}`"), &format!("\"{id}\""));
                    continue;
                }
                let pointer = payload.get("pointer").cloned().unwrap_or(Value::Null);
                let loc = pointer
                    .get("location")
                    .and_then(Value::as_str)
                    .unwrap_or_default();
                let feature = pointer.get("feature").and_then(Value::as_str);
                // A figure is its owner's: JCloisterZone names the owner
                // first in the figure's id, and the message's player makes
                // the move.
                let deployed = Deployed {
                    id,
                    figure,
                    owner: meeple_owner(id, &players),
                    who: who.as_deref(),
                    pos: pointer.get("position").and_then(position),
                    spot: location(loc, feature),
                    pointer: (feature, loc),
                    index: i,
                };
                // After the turn's actions are committed: a figure its
                // scoring sent home moving on, by its owner.
                if let Some(reading) = current.as_mut().filter(|c| c.committed)
                    && slices
                        .iter_mut()
                        .any(|s| s.moved(&mut cx, reading, &deployed))
                {
                    continue;
                }
                // Either the owner or the message's player other than the
                // player placing the tile is not a deployment of that turn.
                let placer = current.as_ref().and_then(|c| c.turn.player.clone());
                if let Some(placer) = &placer
                    && let Some(other) = [deployed.owner.as_deref(), deployed.who]
                        .into_iter()
                        .flatten()
                        .find(|p| *p != placer)
                {
                    cx.reader.unsupported(
                        format!(
                            "a figure of {other} deployed on {placer}'s turn (replay message {i})"
                        ),
                        &format!("\"{id}\""),
                    );
                    continue;
                }
                if let Some(reading) = current.as_mut()
                    && slices
                        .iter_mut()
                        .any(|s| s.deploy(&mut cx, reading, &deployed))
                {
                    continue;
                }
                let Some(reading) = current.as_mut().filter(|c| Some(c.at) == deployed.pos) else {
                    cx.reader.unsupported(
                        format!("a follower deployed away from the tile just placed (replay message {i})"),
                        &format!("\"{id}\""),
                    );
                    continue;
                };
                if reading.deployed {
                    cx.reader.bad(
                        format!("replay message {i} deploys a second figure in one turn"),
                        "at most one DEPLOY_MEEPLE after each PLACE_TILE",
                        &format!("\"{id}\""),
                    );
                    continue;
                }
                match &deployed.spot {
                    Some(l) => {
                        reading.turn.meeple = Some(WrittenWhere::Here(l.clone()));
                        reading.turn.figure = (figure != "small").then(|| figure.to_string());
                        reading.deployed = true;
                        for slice in &mut slices {
                            slice.deployed(&mut cx, reading, &deployed);
                        }
                    }
                    None => cx.reader.unsupported(
                        format!("the follower location `{loc}`"),
                        &format!("\"{loc}\""),
                    ),
                }
            }
            "COMMIT" | "PASS" => {
                // The expansions hear them too (a phase of theirs ends),
                // and nothing more comes of them.
                let m = Message {
                    kind,
                    payload: &payload,
                    who: who.as_deref(),
                    index: i,
                };
                for slice in &mut slices {
                    slice.message(&mut cx, current.as_mut(), &m);
                }
                if kind == "COMMIT"
                    && let Some(c) = current.as_mut()
                {
                    c.committed = true;
                }
            }
            "GAME_OVER" => game_over = true,
            other => {
                let m = Message {
                    kind: other,
                    payload: &payload,
                    who: who.as_deref(),
                    index: i,
                };
                let mut turn = current.as_mut();
                let mut taken = false;
                for slice in &mut slices {
                    if slice.message(&mut cx, turn.as_deref_mut(), &m) {
                        taken = true;
                        break;
                    }
                }
                if !taken {
                    cx.reader.unsupported(
                        format!("the replay message `{other}`"),
                        &format!("\"{other}\""),
                    );
                }
            }
        }
    }
    if let Some(reading) = current.take() {
        done(&mut record, reading);
    }
    let mut cx = context!();
    for slice in &mut slices {
        slice.finish(&mut cx, &mut record.turns);
    }
    record.final_ = ended || game_over;
    record.keyed = top;
    Some(Converted {
        chances,
        record,
        comments: vec![format!(
            "Imported from a JCloisterZone {version} save (see docs/jcz.md)."
        )],
        open_end: draw.is_empty() && !ended && !game_over,
    })
}

/// The owner of a JCloisterZone figure: its id starts with their slot.
/// A message's meeple pointer: the figure's id, its tile and its spot in
/// carca's terms (`tower` for the top of a tower).
#[must_use]
pub fn meeple_pointer(payload: &Value) -> (String, Option<Pos>, Option<String>) {
    let id = payload
        .pointer("/pointer/meepleId")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_string();
    let fp = payload.pointer("/pointer/featurePointer");
    let at = fp.and_then(|f| f.get("position")).and_then(position);
    let loc = fp
        .and_then(|f| f.get("location"))
        .and_then(Value::as_str)
        .unwrap_or_default();
    let feature = fp.and_then(|f| f.get("feature")).and_then(Value::as_str);
    (id, at, location(loc, feature))
}

fn meeple_owner(id: &str, players: &[String]) -> Option<String> {
    id.split('.')
        .next()
        .and_then(|p| p.parse::<usize>().ok())
        .and_then(|p| players.get(p))
        .cloned()
}

/// carca's word for a JCloisterZone figure kind (`small` is a follower).
#[must_use]
pub fn figure_word(kind: &str) -> String {
    if kind == "small" { "follower" } else { kind }.to_string()
}

/// A rotation from degrees (a multiple of 90).
fn rotated(degrees: u32) -> Rotation {
    Rotation::from_degrees(i64::from(degrees % 360)).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::{Ids, Pick, Random, location};

    /// JCloisterZone's generator moves on as its `RandomGenerator` does
    /// (numbers worked out apart from carca, from its constants), and a
    /// pick rounds down as Java's `(int) (random * bound)`.
    #[test]
    fn the_random_numbers_move_on_as_jcloisterzone_s() {
        let mut r = Random { value: Some(0.23) };
        assert_eq!(r.take(), Some(0.23));
        assert_eq!(r.take(), Some(0.480_032_249_280_299_1));
        let mut r = Random {
            value: Some(0.2861),
        };
        r.take();
        assert_eq!(r.take(), Some(0.836_833_825_911_778_5));
        assert_eq!(Random::default().take(), None);
        assert_eq!(Pick::Fraction(0.95).among(16), Some(15));
        assert_eq!(Pick::Fraction(0.999_999).among(3), Some(2));
        assert_eq!(Pick::Index(7).among(3), Some(2));
        assert_eq!(Pick::Index(0).among(0), None);
    }

    #[test]
    fn every_built_in_tile_has_one_jcloisterzone_id() {
        let loader = crate::loader::Loader::default();
        let ids = Ids::of(&loader);
        for name in crate::tileset::builtin::NAMES {
            let set = loader.builtin_set(name).expect("built-in set");
            assert!(!set.jcz.is_empty(), "{name} declares no prefix");
            for t in &set.tiles {
                let (id, rot) = t.jcz.clone().expect("a JCloisterZone id");
                for prefix in &set.jcz {
                    let found = ids.tile(&format!("{prefix}/{id}"), false);
                    assert_eq!(found, Some((t.id.as_str(), rot, name)), "{prefix}/{id}");
                    // 4.x writes a dot after the prefix.
                    let legacy = ids.tile(&format!("{prefix}.{id}"), true);
                    assert_eq!(legacy, found, "{prefix}.{id}");
                }
            }
        }
        // A repeated design's number is dropped when the id with it names
        // no tile; an unknown id names none.
        assert_eq!(ids.tile("BA/Cc.2", false), Some(("N", 0, "base")));
        assert_eq!(ids.tile("TO/CC.2", false), Some(("TW14", 0, "tower")));
        assert_eq!(ids.tile("R1/I.s", false), Some(("spring", 270, "river")));
        assert_eq!(ids.tile("BA/Nothing", false), None);
        assert!(ids.shows("PD01", "volcano") && !ids.shows("PD02", "volcano"));
    }

    #[test]
    fn every_location_form_of_a_save_names_a_spot() {
        let cases = [
            // Every side but the one after the underscore.
            ("City", "_N", "E"),
            ("City", "_E", "N"),
            ("City", "_S", "N"),
            ("City", "_W", "N"),
            // The sides a road or city reaches.
            ("Road", "WE", "W"),
            ("City", "NWSE", "N"),
            ("City", "SE", "S"),
            // Half-edges of a field.
            ("Field", "EL.SR", "ENE"),
            ("Field", "WR", "WNW"),
            // Inner locations, by the feature.
            ("Field", "I", "inner"),
            ("Field", "II", "inner2"),
            ("Monastery", "I", "C"),
            ("Tower", "I", "tower"),
        ];
        for (feature, loc, spot) in cases {
            assert_eq!(
                location(loc, Some(feature)).as_deref(),
                Some(spot),
                "{feature} {loc}"
            );
        }
        // 4.x names, without a feature kind.
        assert_eq!(location("CLOISTER", None).as_deref(), Some("C"));
        assert_eq!(location("TOWER", None).as_deref(), Some("tower"));
        // What no supported tile has is not guessed at.
        for (feature, loc) in [("Field", "III"), ("City", "_X"), ("Road", "QUARTER_MARKET")] {
            assert_eq!(location(loc, Some(feature)), None, "{feature} {loc}");
        }
    }
}
