//! A test-only expansion, the bell, built outside carca as its recipe
//! says (docs/architecture.md, "An expansion"): a record key of a turn
//! (`bell: { at: [x, y] }`), a mechanic that takes its act, a note of its
//! own, a violation of its own and a point of its own. It is declared
//! here alone: no file of carca names it, and the engine, the record
//! reader and the reports play it through their generic values.

use carca::engine::event::{Note, NoteKind, Phase, Tale, Told};
use carca::engine::game::{Game, Grant};
use carca::engine::mechanic::{Acting, Mechanic, Phases, Said, Setup};
use carca::engine::registry::Registry;
use carca::engine::violation::{Broken, Problem, ViolationKind, Wording};
use carca::geometry::Pos;
use carca::record::written::WrittenKeys;
use carca::record::{
    Act, ActValue, Context, Key, Keyed, Location, RawPair, RecordKeys, TurnKey, TurnWords,
};
use carca::rules::Figure;
use carca::spanned::Spanned;
use miette::SourceSpan;

/// `bell:`, a turn's key.
#[derive(Debug)]
struct BellKey;

static BELL: BellKey = BellKey;

/// How `bell:` is written.
#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
struct RawBell {
    /// The tile whose bell is rung.
    #[schemars(with = "[i64; 2]")]
    at: Spanned<RawPair>,
}

/// A bell rung on a turn.
#[derive(Debug, Clone)]
struct Ring {
    at: Pos,
    span: SourceSpan,
}

impl carca::record::KeyForm for BellKey {
    const NAME: &'static str = "bell";
    const ABOUT: &'static str = "The bell: the turn rings the bell of the tile at `at`.";
    type Raw = RawBell;
    type Shape = RawBell;
}

impl TurnKey for BellKey {
    const ORDER: u16 = 9900;

    fn acts(
        &self,
        cx: &mut dyn Context,
        raw: &Spanned<RawBell>,
        _: &TurnWords<'_>,
        acts: &mut Vec<Act>,
    ) -> Option<()> {
        let at = cx.position(&raw.value.at)?;
        acts.push(Act::Keyed(Keyed::new(Ring {
            at,
            span: cx.span(raw),
        })));
        Some(())
    }
}

impl ActValue for Ring {
    fn key(&self) -> &'static dyn Key {
        &BELL
    }
    fn span(&self) -> SourceSpan {
        self.span
    }
    fn moved(&self, spot: &dyn Fn(Pos) -> Pos, _: &dyn Fn(&Location) -> Location) -> Keyed {
        Keyed::new(Ring {
            at: spot(self.at),
            span: self.span,
        })
    }
    fn write(&self, out: &mut WrittenKeys, _: &[String], _: &dyn Fn(Figure) -> String) {
        out.set(&BELL, serde_json::json!({ "at": [self.at.x, self.at.y] }));
    }
}

/// What the bell's mechanic notes: a bell rung.
#[derive(Debug, Clone, PartialEq)]
struct Rang {
    at: Pos,
}

impl Tale for Rang {
    fn words(&self, players: &[String], player: usize) -> String {
        format!("{} rang the bell at {}", players[player], self.at)
    }
    fn json(&self, _: &[String]) -> serde_json::Value {
        serde_json::json!({ "note": "bell", "at": [self.at.x, self.at.y] })
    }
    fn heading(&self) -> &'static str {
        "bells"
    }
}

/// A bell rung where no tile lies.
#[derive(Debug, Clone, PartialEq)]
struct NoBell {
    at: Pos,
}

impl Problem for NoBell {
    fn code(&self) -> &'static str {
        "carca::rules::bell_nowhere"
    }
    fn wording(&self) -> Wording {
        Wording {
            message: format!("no tile lies at {}, so no bell rings there", self.at),
            help: "a bell rings on a tile of the board".into(),
            label: "no tile".into(),
        }
    }
}

/// The bell's mechanic: a rung bell scores its player a point.
#[derive(Debug, Clone)]
struct Bell;

impl Mechanic for Bell {
    fn boxed(&self) -> Box<dyn Mechanic> {
        Box::new(self.clone())
    }
    fn phases(&self) -> Phases {
        Phases::ACT
    }
    fn act_keys(&self) -> &'static [&'static str] {
        &["bell"]
    }
    fn act(&mut self, game: &mut Game, acting: &Acting<'_>, said: &mut Said) {
        for (i, act) in acting.acts.iter().enumerate() {
            let Some(ring) = act.get::<Ring>() else {
                continue;
            };
            said.taken.push(i);
            if game.at(ring.at).is_none() {
                let problem = ViolationKind::Mechanic(Broken::new(NoBell { at: ring.at }));
                said.violations.push((problem, ring.span));
                continue;
            }
            let phase = Phase::Turn {
                number: acting.turn,
                player: acting.actor,
            };
            let grant = Grant {
                rule: "bell",
                words: "a bell rung",
                unit: "ring",
                by: "the bell",
                about: None,
            };
            game.grant(phase, acting.actor, 1, 1, grant);
            said.notes.push(Note {
                turn: acting.turn,
                player: acting.actor,
                kind: NoteKind::Mechanic(Told::new(Rang { at: ring.at })),
            });
        }
    }
}

// A registry's builder says whether the game needs the mechanic: the
// bell's always does.
#[allow(clippy::unnecessary_wraps)]
fn bell(_: &Setup<'_>) -> Option<Box<dyn Mechanic>> {
    Some(Box::new(Bell))
}

static TURN: [carca::engine::registry::BuildTurn; 1] = [bell];
static REGISTRY: Registry = Registry {
    turn: &TURN,
    scoring: &[],
    rates: &[],
};
static KEYS: [&'static dyn Key; 1] = [&BELL];
static RECORD_KEYS: RecordKeys = RecordKeys {
    turn: &KEYS,
    snapshot: &[],
};

/// The bell plays through the record reader, the engine and the reports:
/// its key reads (with spans, quickly, from JSON), its act is taken, its
/// point, note and violation are reported in its own words, and its key
/// is written back.
#[test]
fn a_test_only_expansion_plays_through_the_generic_layers() {
    let loader = carca::loader::Loader::default().with_record_keys(&RECORD_KEYS);
    let text = "players: [red, blue]\nturns:\n  - { tile: B, at: [0, -1], bell: { at: [0, -1] } }\n  - { tile: P, at: [0, 1], rot: 270, bell: { at: [5, 5] } }\n";
    let src = carca::source::SourceFile::new("bell.yaml", text);
    let dir = std::path::Path::new("");
    let record = carca::record::parse(&loader, &src, dir).unwrap_or_else(|f| panic!("{f:?}"));
    let rules = carca::rules::Ruleset::modern();
    let a = carca::engine::adjudicate(&record, &rules, "modern", true, &REGISTRY);
    // Red rang a bell on a tile; blue rang one where none lies.
    assert_eq!(a.totals[0] - a.totals[1], 1, "{:?}", a.totals);
    let report = carca::report::score::text("bell.yaml", &a);
    assert!(report.contains("red rang the bell at (0,-1)"), "{report}");
    let codes: Vec<String> = a
        .findings
        .iter()
        .map(carca::diagnostic::Finding::code_string)
        .collect();
    assert_eq!(codes, ["carca::rules::bell_nowhere"]);
    let json = carca::report::score::json("bell.yaml", &a).to_string();
    assert!(json.contains(r#""note":"bell""#), "{json}");
    assert!(json.contains("bell_nowhere"), "{json}");
    // The quick readers read it too, from YAML and from JSON.
    let json_text =
        serde_json::to_string(&serde_saphyr::from_str::<serde_json::Value>(text).expect("YAML"))
            .expect("JSON");
    for quick in [text, json_text.as_str()] {
        let src = carca::source::SourceFile::new("bell", quick);
        let fast = carca::record::parse_fast(&loader, &src, dir).expect("reads quickly");
        let b = carca::engine::adjudicate(&fast, &rules, "modern", true, &REGISTRY);
        assert_eq!(a.totals, b.totals, "{quick}");
    }
    // Without the bell's keys, the key is unknown; without its mechanic,
    // its act is refused as not in play.
    let plain = carca::loader::Loader::default();
    assert!(carca::record::parse(&plain, &src, dir).is_err());
    let none = carca::engine::adjudicate(&record, &rules, "modern", true, &Registry::NONE);
    assert_eq!(none.totals, [0, 0], "{:?}", none.totals);
    // The key is in the record's schema, and is written back.
    let schema = carca::record::schema(&[], &[], RECORD_KEYS);
    assert!(schema["$defs"]["RawTurn"]["properties"]["bell"].is_object());
    let mut w = carca::record::written::WrittenTurn::default();
    for act in record_acts(&record) {
        w.put(act, &record.players, &|f| f.index().to_string());
    }
    assert_eq!(
        serde_json::to_value(&w).expect("JSON")["bell"],
        serde_json::json!({ "at": [5, 5] })
    );
}

/// Every act of a record's turns, in order.
fn record_acts(record: &carca::record::Record) -> Vec<&Act> {
    match &record.body {
        carca::record::Body::History(turns) => turns.iter().flat_map(|t| t.acts.iter()).collect(),
        carca::record::Body::Snapshot { .. } => Vec::new(),
    }
}
