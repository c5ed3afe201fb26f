//! The rules test suite (docs/conformance.md): `carca verdict`, carca's
//! side of its protocol, and `carca conformance run | list | show`, which
//! run the suite's cases through any engine that speaks it.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::io::{Read, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::error::CliError;
use super::{Format, Outcome};
use crate::loader::Loader;
use crate::report::verdict::Verdict;
use crate::source::SourceFile;

/// The form of a case sent to an engine.
pub const CASE_FORM: &str = "carca-case/1";
/// The form of the suite's file.
pub const SUITE_FORM: &str = "carca-suite/1";
/// The suite as carca ships it (`fixtures/conformance/suite.json`).
const SHIPPED: &str = include_str!("../../fixtures/conformance/suite.json");

/// The rules test suite: its version and every case, in one JSON file.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Suite {
    /// `carca-suite/1`.
    pub form: String,
    /// The suite's version: its cases and verdicts change only with a
    /// new version, and a verdict only with a rules source.
    pub version: String,
    /// How cases are added and verdicts change.
    pub about: String,
    /// Every case (in JSON Lines, a case on each line after the first).
    #[serde(default)]
    pub cases: Vec<Case>,
}

/// A case: a game record and the verdict on it, with why.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Case {
    /// Its id.
    pub id: String,
    /// What it needs and what it is about: its tile sets (`set:tower`),
    /// `legal`, `illegal` or `unreadable`, the kinds it scores
    /// (`scores:farm`), the codes it reports (`code:…`), `generated`.
    pub tags: Vec<String>,
    /// The sections of RULES.md it exercises (`§6`).
    pub sections: Vec<String>,
    /// Why the verdict is what it is, and the rules source.
    pub reason: String,
    /// The game record, in the contract's record form.
    pub record: Value,
    /// The verdict.
    pub verdict: Verdict,
}

/// The RULES.md section of a built-in tile set's expansion.
fn section_of(set: &str) -> Option<&'static str> {
    crate::expansions::RULES_SECTIONS
        .iter()
        .find(|(s, _)| *s == set)
        .map(|(_, section)| *section)
}

impl Case {
    /// A case of a record, with carca's verdict on it and the tags and
    /// sections that verdict and record give it.
    #[must_use]
    pub fn of(loader: &Loader, id: String, record: Value, reason: String) -> Case {
        // The verdict, and the rules that paid points (`award:third_edition`,
        // `award:barn`, …), which say which rates a case hangs on.
        let mut options = BTreeSet::new();
        let (verdict, awards) = match played(loader, &record, "case.json", None) {
            Ok((p, a)) => {
                options = options_of(&p.rules);
                let json = crate::report::score::json("", &a);
                let awards: BTreeSet<String> = json["events"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter(|e| {
                        e["points"]
                            .as_object()
                            .is_some_and(|m| m.values().any(|n| n.as_i64().unwrap_or(0) != 0))
                    })
                    .flat_map(|e| e["award"].as_array().cloned().unwrap_or_default())
                    .filter_map(|a| a["rule"].as_str().map(|r| format!("award:{r}")))
                    .collect();
                (Verdict::of_scored(&p.record, &a, &json), awards)
            }
            Err(findings) => (Verdict::unreadable(&findings), BTreeSet::new()),
        };
        let sets: Vec<String> = record["tilesets"].as_array().map_or_else(
            || vec!["base".to_string()],
            |a| {
                a.iter()
                    .filter_map(Value::as_str)
                    .map(str::to_string)
                    .collect()
            },
        );
        let mut tags: BTreeSet<String> = sets.iter().map(|s| format!("set:{s}")).collect();
        let mut sections: BTreeSet<String> = sets
            .iter()
            .filter_map(|s| section_of(s))
            .map(str::to_string)
            .collect();
        tags.insert(
            match (verdict.readable, verdict.legal) {
                (false, _) => "unreadable",
                (true, true) => "legal",
                (true, false) => "illegal",
            }
            .to_string(),
        );
        tags.extend(awards);
        tags.extend(options);
        tags.extend(needs(&record));
        let snapshot = record.get("board").is_some();
        tags.insert(if snapshot { "snapshot" } else { "history" }.to_string());
        // Every case places tiles (§2); a history is played turn by turn
        // (§1); a figure put on a feature is a deployment (§3); a game
        // declared over ends (§7).
        sections.insert("§2".into());
        if !snapshot {
            sections.insert("§1".into());
        }
        let text = record.to_string();
        if text.contains("\"meeple\"") || text.contains("\"meeples\"") {
            sections.insert("§3".into());
        }
        if record["final"] == Value::Bool(true) {
            sections.insert("§7".into());
        }
        for kinds in verdict.points.values() {
            for kind in kinds.keys() {
                tags.insert(format!("scores:{kind}"));
                match kind.as_str() {
                    "road" | "city" | "cloister" => {
                        sections.insert("§4".into());
                        sections.insert("§5".into());
                    }
                    "farm" => {
                        sections.insert("§6".into());
                    }
                    _ => {}
                }
            }
        }
        for p in &verdict.problems {
            tags.insert(format!("code:{}", p.code));
            let section = match p.code.rsplit("::").next().unwrap_or_default() {
                "edge_mismatch" | "no_contact" | "occupied" | "position_taken" => "§2",
                "feature_occupied" | "no_figure" | "too_many_followers" | "same_spot" => "§3",
                "claim_mismatch" | "game_over" => "§7",
                _ => continue,
            };
            sections.insert(section.into());
        }
        Case {
            id,
            tags: tags.into_iter().collect(),
            sections: sections.into_iter().collect(),
            reason,
            record,
            verdict,
        }
    }
}

/// The keys of a record of the base game, at its top level and in a turn
/// or a follower (those of its schema without the expansions' keys): a
/// case that writes any other is tagged with it (`key:tower`,
/// `key:goods`).
fn base_keys() -> &'static BTreeSet<String> {
    static KEYS: std::sync::OnceLock<BTreeSet<String>> = std::sync::OnceLock::new();
    KEYS.get_or_init(|| {
        let schema = crate::record::schema(&[], &[], crate::record::RecordKeys::NONE);
        let mut out = BTreeSet::new();
        for props in [
            &schema["properties"],
            &schema["$defs"]["RawTurn"]["properties"],
            &schema["$defs"]["RawMeeple"]["properties"],
        ] {
            out.extend(
                props
                    .as_object()
                    .into_iter()
                    .flat_map(|m| m.keys().cloned()),
            );
        }
        // `spot` is another name for `meeple`, and `meeple` for `spot`.
        out.extend(["spot".to_string(), "meeple".to_string()]);
        out
    })
}

/// What a record needs of an engine besides its tile sets: each figure it
/// puts on the board (`figure:follower`, `figure:barn`) and each record key
/// of an expansion it writes (`key:wagon`, `key:towers`).
fn needs(record: &Value) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut keys = |m: &serde_json::Map<String, Value>| {
        for k in m.keys().filter(|k| !base_keys().contains(k.as_str())) {
            out.insert(format!("key:{k}"));
        }
    };
    let Some(top) = record.as_object() else {
        return BTreeSet::new();
    };
    keys(top);
    let placed: Vec<&serde_json::Map<String, Value>> = ["turns", "meeples"]
        .iter()
        .filter_map(|k| record[*k].as_array())
        .flatten()
        .filter_map(Value::as_object)
        .collect();
    for m in &placed {
        keys(m);
    }
    for m in placed {
        if m.contains_key("meeple") || m.contains_key("spot") {
            let figure = m
                .get("figure")
                .and_then(Value::as_str)
                .unwrap_or("follower");
            out.insert(format!("figure:{figure}"));
        }
    }
    out
}

/// The tags of the rule options a ruleset sets otherwise than `modern`
/// does (`option:farm_scoring=first`, `option:points.farm_city=4`).
fn options_of(rules: &crate::rules::Ruleset) -> BTreeSet<String> {
    let modern = crate::rules::Ruleset::modern();
    let toggles = crate::expansions::toggles()
        .filter(|t| t.get(rules) != t.get(&modern))
        .map(|t| format!("option:{}={}", t.key, t.get(rules).plain()));
    let points = rules
        .points
        .changed(&crate::expansions::RATES)
        .into_iter()
        .map(|(k, v)| format!("option:points.{k}={v}"));
    toggles.chain(points).collect()
}

/// The tile-set mixes of generated games: the base game alone, with each
/// built-in expansion, with each two of them, and with all of them.
#[must_use]
pub fn mixes() -> Vec<Vec<String>> {
    let expansions: Vec<String> = crate::expansions::RULES_SECTIONS
        .iter()
        .map(|(set, _)| (*set).to_string())
        .collect();
    let with_base = |more: &[&String]| -> Vec<String> {
        std::iter::once("base".to_string())
            .chain(more.iter().map(|s| (*s).clone()))
            .collect()
    };
    // A set played before all others (The River) and one that lays a
    // start block (The Count of Carcassonne) cannot start one game: every
    // set goes with the others but those.
    let set = |n: &str| crate::tileset::builtin::prepared(n);
    let opening = |n: &str| set(n).is_some_and(|s| s.opening);
    let block = |n: &str| set(n).is_some_and(|s| s.tiles.iter().any(|t| t.at.is_some()));
    let clash = |a: &str, b: &str| (opening(a) && block(b)) || (block(a) && opening(b));
    let mut out = vec![with_base(&[])];
    out.extend(expansions.iter().map(|e| with_base(&[e])));
    for (i, a) in expansions.iter().enumerate() {
        for b in expansions[i + 1..].iter().filter(|b| !clash(a, b)) {
            out.push(with_base(&[a, b]));
        }
    }
    let all: Vec<&String> = expansions.iter().filter(|e| !block(e)).collect();
    out.push(with_base(&all));
    if expansions.iter().any(|e| block(e)) {
        let all: Vec<&String> = expansions.iter().filter(|e| !opening(e)).collect();
        out.push(with_base(&all));
    }
    out
}

/// The seeds of the generated games the shipped suite holds of each mix;
/// the generated group (`fixtures/conformance/generated.jsonl`) goes on
/// from there.
pub const SUITE_SEEDS: std::ops::Range<u64> = 1..3;

/// Generated games as cases, their verdicts carca's: of each mix of
/// [`mixes`], the 40-tile, 3-player games of the seeds `seeds`.
pub fn generated(loader: &Loader, seeds: std::ops::Range<u64>) -> Result<Vec<Case>, String> {
    let mut cases = Vec::new();
    for sets in mixes() {
        let options = crate::generator::Options {
            tiles: 40,
            players: 3,
            seed: 0,
            tilesets: sets.clone(),
            followers: 0.5,
        };
        let plan = super::generate::plan(
            loader,
            &options,
            super::RecordFormat::Json,
            1,
            crate::report::diagnostics::Style::Plain,
        )
        .map_err(|o| o.stderr)?;
        let mix = sets.join(",");
        for seed in seeds.clone() {
            let record: Value = serde_json::from_str(&plan.game_json(seed))
                .map_err(|e| format!("a generated game is not JSON: {e}"))?;
            let mut c = Case::of(
                loader,
                format!("generated:{}-{seed}", mix.replace(',', "+")),
                record,
                format!(
                    "a legal game generated by `carca gen --players 3 --seed {seed} --tilesets {mix} --tiles 40`: its verdict is carca's"
                ),
            );
            c.tags.push("generated".into());
            c.tags.sort();
            cases.push(c);
        }
    }
    Ok(cases)
}

/// What an engine is sent for a case: the case without its verdict.
#[derive(Debug, Serialize)]
struct Sent<'a> {
    form: &'a str,
    id: &'a str,
    record: &'a Value,
}

/// `carca verdict`: reads a case (or a bare record) in JSON on standard
/// input, and prints carca's verdict on it.
pub(crate) fn verdict(loader: &Loader, input: &str, rules: Option<&str>) -> Outcome {
    let value: Value = match serde_json::from_str(input) {
        Ok(v) => v,
        Err(e) => return usage(&format!("standard input is not a case in JSON: {e}")),
    };
    let record = value.get("record").cloned().unwrap_or(value);
    let v = verdict_under(loader, &record, rules);
    Outcome {
        stdout: format!("{}\n", serde_json::to_string(&v).unwrap_or_default()),
        stderr: String::new(),
        code: 0,
    }
}

/// carca's verdict on a record given as JSON, under its own ruleset.
#[must_use]
pub fn verdict_of(loader: &Loader, record: &Value) -> Verdict {
    verdict_under(loader, record, None)
}

/// carca's verdict on a record given as JSON, under `rules` when given.
fn verdict_under(loader: &Loader, record: &Value, rules: Option<&str>) -> Verdict {
    match played(loader, record, "case.json", rules) {
        Ok((p, a)) => Verdict::of(&p.record, &a),
        Err(findings) => Verdict::unreadable(&findings),
    }
}

/// A record given as JSON (named `name`), read and played by carca.
fn played(
    loader: &Loader,
    record: &Value,
    name: &str,
    rules: Option<&str>,
) -> Result<(super::load::Prepared, crate::engine::Adjudication), Vec<crate::diagnostic::Finding>> {
    let text = serde_json::to_string(record).unwrap_or_default();
    let src = SourceFile::new(name, text);
    let p = crate::record::parse(loader, &src, Path::new(""))
        .and_then(|r| super::load::prepare_record(loader, r, rules))?;
    let a = crate::engine::adjudicate(&p.record, &p.rules, &p.spec, p.own, &crate::expansions::ALL);
    Ok((p, a))
}

fn usage(message: &str) -> Outcome {
    Outcome {
        stdout: String::new(),
        stderr: CliError::Usage {
            message: message.to_string(),
        }
        .rendered(),
        code: 2,
    }
}

/// The suite: the shipped one, or the file `given`.
pub fn suite(given: Option<&Path>) -> Result<Suite, String> {
    let text = match given {
        None => SHIPPED.to_string(),
        Some(path) => std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?,
    };
    let name = given.map_or_else(
        || "the shipped suite".to_string(),
        |p| p.display().to_string(),
    );
    let s = read_suite(&text).map_err(|e| format!("{name} is not a rules test suite: {e}"))?;
    if s.form != SUITE_FORM {
        return Err(format!(
            "{name} is of the form `{}`; carca reads `{SUITE_FORM}`",
            s.form
        ));
    }
    Ok(s)
}

/// A suite from its text: one JSON object, or JSON Lines (the suite
/// without its cases on the first line, then a case on each line, as
/// `fixtures/conformance/generated.jsonl` is written).
fn read_suite(text: &str) -> Result<Suite, String> {
    let whole = serde_json::from_str::<Suite>(text);
    let mut lines = text.lines().filter(|l| !l.trim().is_empty());
    let Some(first) = lines.next().filter(|l| l.trim_start().starts_with('{')) else {
        return whole.map_err(|e| e.to_string());
    };
    let Ok(mut s) = serde_json::from_str::<Suite>(first) else {
        return whole.map_err(|e| e.to_string());
    };
    for (i, line) in lines.enumerate() {
        s.cases
            .push(serde_json::from_str(line).map_err(|e| format!("line {}: {e}", i + 2))?);
    }
    Ok(s)
}

/// The suite as JSON Lines: the suite without its cases on the first
/// line, then a case on each line.
fn json_lines(s: &Suite) -> String {
    let head = Suite {
        cases: Vec::new(),
        ..s.clone()
    };
    let mut out = serde_json::to_string(&head).unwrap_or_default();
    out.push('\n');
    for c in &s.cases {
        out.push_str(&serde_json::to_string(c).unwrap_or_default());
        out.push('\n');
    }
    out
}

/// The suite, with `more` generated games of each mix besides its own
/// (seeds from 1,000 on, which the suite's own do not use).
fn with_generated(loader: &Loader, given: Option<&Path>, more: u64) -> Result<Suite, String> {
    let mut m = suite(given)?;
    if more > 0 {
        let from = SUITE_SEEDS.end;
        m.cases.extend(generated(loader, from..from + more)?);
    }
    Ok(m)
}

/// `carca conformance export`: the suite as one file, for a runner of
/// another language, with `more` generated games of each mix besides.
pub(crate) fn export(
    loader: &Loader,
    given: Option<&Path>,
    more: u64,
    tag: Option<&str>,
    output: &Path,
) -> Outcome {
    let mut m = match with_generated(loader, given, more) {
        Ok(m) => m,
        Err(e) => return usage(&e),
    };
    m.cases.retain(|c| tagged(c, tag));
    let text = if output.extension().is_some_and(|e| e == "jsonl") {
        json_lines(&m)
    } else {
        format!("{}\n", serde_json::to_string_pretty(&m).unwrap_or_default())
    };
    if output.as_os_str() == "-" {
        return Outcome {
            stdout: text,
            stderr: String::new(),
            code: 0,
        };
    }
    match crate::write::create_with(output, |w| w.write_all(text.as_bytes())) {
        Ok(()) => Outcome {
            stdout: String::new(),
            stderr: format!(
                "wrote {} ({} cases)\n",
                crate::text::name(&output.to_string_lossy()),
                m.cases.len()
            ),
            code: 0,
        },
        Err(e) => usage(&format!("cannot write {}: {e}", output.display())),
    }
}

/// Whether a case is tagged `tag` (or exercises the section `tag`).
fn tagged(c: &Case, tag: Option<&str>) -> bool {
    tag.is_none_or(|t| c.tags.iter().any(|x| x == t) || c.sections.iter().any(|s| s == t))
}

/// `carca conformance list`: the cases, by tag.
pub(crate) fn list(given: Option<&Path>, tag: Option<&str>, format: Format) -> Outcome {
    let m = match suite(given) {
        Ok(m) => m,
        Err(e) => return usage(&e),
    };
    let cases: Vec<&Case> = m.cases.iter().filter(|c| tagged(c, tag)).collect();
    let stdout = if matches!(format, Format::Json | Format::Jsonl) {
        let listed: Vec<Value> = cases
            .iter()
            .map(|c| serde_json::json!({ "id": c.id, "tags": c.tags, "sections": c.sections }))
            .collect();
        format!(
            "{}\n",
            serde_json::to_string_pretty(&listed).unwrap_or_default()
        )
    } else {
        let mut out = format!("rules test suite {} ({} cases", m.version, m.cases.len());
        if let Some(t) = tag {
            let _ = write!(out, ", {} tagged {t}", cases.len());
        }
        out.push_str(")\n");
        let mut by_tag: BTreeMap<&str, usize> = BTreeMap::new();
        for c in &cases {
            for t in c.tags.iter().chain(&c.sections) {
                *by_tag.entry(t).or_default() += 1;
            }
        }
        out.push_str("\nby tag\n");
        for (t, n) in &by_tag {
            let _ = writeln!(out, "  {t:<40} {n}");
        }
        out.push_str("\ncases\n");
        for c in &cases {
            let _ = writeln!(out, "  {:<48} {}", c.id, c.sections.join(" "));
        }
        out
    };
    Outcome {
        stdout,
        stderr: String::new(),
        code: 0,
    }
}

/// `carca conformance show CASE`: the case's record, its verdict, and why,
/// in carca's words (the breakdown).
pub(crate) fn show(loader: &Loader, given: Option<&Path>, id: &str) -> Outcome {
    let m = match suite(given) {
        Ok(m) => m,
        Err(e) => return usage(&e),
    };
    let Some(c) = m.cases.iter().find(|c| c.id == id) else {
        let ids = m.cases.iter().map(|c| c.id.as_str());
        return usage(&format!(
            "the suite has no case `{id}`; {}`carca conformance list` lists them",
            crate::suggest::did_you_mean(id, ids)
        ));
    };
    let mut out = format!("case {}\n\n{}\n\nthe record\n", c.id, c.reason);
    out.push_str(&serde_json::to_string_pretty(&c.record).unwrap_or_default());
    out.push_str("\n\nthe verdict\n");
    out.push_str(&serde_json::to_string_pretty(&c.verdict).unwrap_or_default());
    out.push_str("\n\nin carca's words\n");
    match played(loader, &c.record, &format!("{id}.json"), None) {
        Ok((_, a)) => {
            out.push_str(&crate::report::score::text(id, &a));
            for f in &a.findings {
                let _ = writeln!(out, "{}: {f}", f.code_string());
            }
        }
        Err(findings) => {
            for f in &findings {
                let _ = writeln!(out, "{}: {f}", f.code_string());
            }
        }
    }
    Outcome {
        stdout: out,
        stderr: String::new(),
        code: 0,
    }
}

/// How one case went.
#[derive(Debug, Clone, Serialize)]
struct Ran {
    id: String,
    /// `pass`, `fail` or `skip`.
    result: &'static str,
    /// For a failure, the first field that differs (or what went wrong);
    /// for a skip, the engine's reason.
    #[serde(skip_serializing_if = "Option::is_none")]
    why: Option<String>,
    sections: Vec<String>,
    tags: Vec<String>,
}

/// How `carca conformance run` runs the cases.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Running<'a> {
    /// More generated games of each mix besides the suite's.
    pub(crate) more: u64,
    /// The most a case may take.
    pub(crate) limit: Duration,
    /// Only the cases with this tag or section.
    pub(crate) tag: Option<&'a str>,
    /// How many cases run at once.
    pub(crate) jobs: usize,
    /// How the report is written.
    pub(crate) format: Format,
}

/// How one case went: `pass`, `fail` or `skip`, and why.
type Answer = (&'static str, Option<String>);

/// `carca conformance run -- COMMAND [ARGS…]`: every case of the suite
/// through the engine, each within `limit`, `jobs` at a time.
pub(crate) fn run(
    loader: &Loader,
    given: Option<&Path>,
    engine: &[String],
    how: &Running<'_>,
) -> Outcome {
    let Running {
        more,
        limit,
        tag,
        jobs,
        format,
    } = *how;
    let m = match with_generated(loader, given, more) {
        Ok(m) => m,
        Err(e) => return usage(&e),
    };
    let Some((program, args)) = engine.split_first() else {
        return usage("name the engine to run after `--`: carca conformance run -- carca verdict");
    };
    let chosen: Vec<&Case> = m.cases.iter().filter(|c| tagged(c, tag)).collect();
    // The cases, `jobs` at a time, each reported in the suite's order.
    let next = std::sync::atomic::AtomicUsize::new(0);
    let answers: std::sync::Mutex<Vec<Option<Answer>>> =
        std::sync::Mutex::new(vec![None; chosen.len()]);
    std::thread::scope(|scope| {
        for _ in 0..jobs.clamp(1, chosen.len().max(1)) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some(c) = chosen.get(i) else { break };
                    let answer = one(program, args, c, limit);
                    if let Ok(mut all) = answers.lock() {
                        all[i] = Some(answer);
                    }
                }
            });
        }
    });
    let answers = answers.into_inner().unwrap_or_default();
    let ran: Vec<Ran> = chosen
        .iter()
        .zip(answers)
        .map(|(c, answer)| {
            let (result, why) =
                answer.unwrap_or(("fail", Some("the case was not run".to_string())));
            Ran {
                id: c.id.clone(),
                result,
                why,
                sections: c.sections.clone(),
                tags: c.tags.clone(),
            }
        })
        .collect();
    let count = |r: &str| ran.iter().filter(|x| x.result == r).count();
    let (pass, fail, skip) = (count("pass"), count("fail"), count("skip"));
    let code = u8::from(fail > 0);
    let stdout = if matches!(format, Format::Json | Format::Jsonl) {
        let v = serde_json::json!({
            "suite": m.version,
            "engine": engine,
            "passed": pass,
            "failed": fail,
            "skipped": skip,
            "cases": ran,
        });
        format!("{}\n", serde_json::to_string_pretty(&v).unwrap_or_default())
    } else {
        let mut out = String::new();
        for r in ran.iter().filter(|r| r.result != "pass") {
            let _ = writeln!(
                out,
                "{} {}  ({}): {}",
                r.result,
                r.id,
                r.sections.join(" "),
                r.why.as_deref().unwrap_or_default()
            );
        }
        // By section, then by tag: how many passed of how many run.
        let mut by: BTreeMap<String, (usize, usize)> = BTreeMap::new();
        for r in &ran {
            for k in r.sections.iter().chain(&r.tags) {
                let e = by.entry(k.clone()).or_default();
                e.1 += 1;
                if r.result == "pass" {
                    e.0 += 1;
                }
            }
        }
        if !ran.is_empty() {
            out.push_str("\nby RULES section and tag (passed / run)\n");
        }
        for (k, (p, n)) in &by {
            let _ = writeln!(out, "  {k:<40} {p} / {n}");
        }
        let _ = writeln!(
            out,
            "\nrules test suite {}: {pass} passed, {fail} failed, {skip} skipped, of {}",
            m.version,
            ran.len()
        );
        out
    };
    Outcome {
        stdout,
        stderr: String::new(),
        code,
    }
}

/// Runs one case through the engine: its result, and why.
fn one(program: &str, args: &[String], c: &Case, limit: Duration) -> Answer {
    let sent = serde_json::to_string(&Sent {
        form: CASE_FORM,
        id: &c.id,
        record: &c.record,
    })
    .unwrap_or_default();
    let child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn();
    let mut child = match child {
        Ok(c) => c,
        Err(e) => return ("fail", Some(format!("the engine does not start: {e}"))),
    };
    if let Some(mut stdin) = child.stdin.take() {
        let _ = stdin.write_all(sent.as_bytes());
    }
    // Its answer, read beside it, within the time limit.
    let mut stdout = child.stdout.take();
    let reader = std::thread::spawn(move || {
        let mut out = String::new();
        if let Some(s) = stdout.as_mut() {
            let _ = s.take(64 << 20).read_to_string(&mut out);
        }
        out
    });
    let start = Instant::now();
    loop {
        match child.try_wait() {
            Ok(Some(_)) => break,
            Ok(None) if start.elapsed() > limit => {
                let _ = child.kill();
                let _ = child.wait();
                return (
                    "fail",
                    Some(format!("no verdict within {} s", limit.as_secs_f64())),
                );
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(2)),
            Err(e) => return ("fail", Some(format!("the engine failed: {e}"))),
        }
    }
    let out = reader.join().unwrap_or_default();
    let answer: Value = match serde_json::from_str(out.trim()) {
        Ok(v) => v,
        Err(e) => return ("fail", Some(format!("the answer is not JSON: {e}"))),
    };
    if let Some(why) = answer.get("skip") {
        return ("skip", Some(why.as_str().unwrap_or("skipped").to_string()));
    }
    match serde_json::from_value::<Verdict>(answer) {
        Ok(got) => match c.verdict.differs(&got) {
            None => ("pass", None),
            Some(d) => ("fail", Some(d)),
        },
        Err(e) => (
            "fail",
            Some(format!(
                "the answer is not a verdict (carca schema verdict): {e}"
            )),
        ),
    }
}
