//! `carca score` over many records: files, folders (searched recursively)
//! and `.jsonl` files of one JSON record per line. Records are scored on all
//! cores and reported in input order as soon as each is ready, so that a
//! million games stream through without piling up in memory.

use crate::loader::Loader;
use std::collections::{BTreeMap, HashMap};
use std::io::BufRead;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, mpsc};
use std::time::Instant;

use super::{Format, Io};
use crate::diagnostic::{Finding, exit_code};
use crate::engine::{Adjudication, adjudicate};
use crate::record::{self, Probe, Record};
use crate::report::diagnostics::{Style, render};
use crate::report::score;
use crate::rules::Ruleset;
use crate::source::SourceFile;
use crate::text;

/// One record to score.
enum Input {
    /// A record file (YAML, JSON or a JCloisterZone save).
    File {
        /// Its path.
        path: PathBuf,
        /// Found in a folder, where tile sets live beside records: passed
        /// over if its contents say it is no record.
        found: bool,
    },
    /// A line of a `.jsonl` file longer than a record may be.
    TooLong {
        /// The file.
        file: PathBuf,
        /// 1-based line number.
        line: usize,
        /// Its length in bytes.
        length: usize,
    },
    /// A line of a `.jsonl` file that is not UTF-8 text.
    NotUtf8 {
        /// The file.
        file: PathBuf,
        /// 1-based line number.
        line: usize,
        /// Offset of the first invalid byte in the line.
        offset: usize,
    },
    /// One line of a `.jsonl` file.
    Line {
        /// The file.
        file: PathBuf,
        /// 1-based line number.
        line: usize,
        /// The record.
        text: String,
    },
}

impl Input {
    fn name(&self) -> String {
        match self {
            Input::File { path, .. } => path.to_string_lossy().replace('\\', "/"),
            Input::Line { file, line, .. }
            | Input::TooLong { file, line, .. }
            | Input::NotUtf8 { file, line, .. } => {
                format!("{}:{line}", file.to_string_lossy().replace('\\', "/"))
            }
        }
    }
}

/// Whether these arguments call for batch mode.
pub(crate) fn is_batch(paths: &[String], format: Format) -> bool {
    format == Format::Jsonl
        || paths.len() > 1
        || paths
            .iter()
            .any(|p| Path::new(p).is_dir() || p.to_ascii_lowercase().ends_with(".jsonl"))
}

fn has_ext(p: &Path, exts: &[&str]) -> bool {
    p.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| exts.iter().any(|x| e.eq_ignore_ascii_case(x)))
}

/// Expands the arguments into files that may be records (folders searched
/// recursively), each said to be found in a folder or named, and notes on
/// what a folder held that is not scored.
fn collect(paths: &[String]) -> (Vec<(PathBuf, bool)>, Vec<String>) {
    // Tile sets live beside records: what a YAML or JSON file found in a
    // folder is, its contents say when it is read to be scored.
    let keep = |p: &Path| has_ext(p, &["jcz", "jsonl", "yaml", "yml", "json"]);
    let mut files = Vec::new();
    let mut notes = Vec::new();
    for p in paths {
        let path = PathBuf::from(p);
        if path.is_dir() {
            let mut found = Vec::new();
            super::walk(&path, &keep, &mut found, &mut notes);
            files.extend(found.into_iter().map(|f| (f, true)));
        } else {
            files.push((path, false));
        }
    }
    (files, notes)
}

/// Reads one line of at most `limit` bytes; a longer line is skipped and
/// reported as `Err(Unfit::TooLong)`, one that is not UTF-8 as
/// `Err(Unfit::NotUtf8)`. `Ok(None)` at the end.
fn read_line(
    reader: &mut impl BufRead,
    limit: usize,
) -> std::io::Result<Option<Result<String, Unfit>>> {
    let mut line = Vec::new();
    let mut length = 0usize;
    loop {
        let buf = reader.fill_buf()?;
        if buf.is_empty() {
            return Ok(if length == 0 {
                None
            } else {
                Some(finish(line, length, limit))
            });
        }
        let (chunk, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], Some(i + 1)),
            None => (buf, None),
        };
        length += chunk.len();
        if length <= limit {
            line.extend_from_slice(chunk);
        }
        let used = done.unwrap_or(buf.len());
        reader.consume(used);
        if done.is_some() {
            return Ok(Some(finish(line, length.max(1), limit)));
        }
    }
}

/// Why a line of a `.jsonl` file cannot be a record.
enum Unfit {
    /// Longer than a record may be: its length.
    TooLong(usize),
    /// Not UTF-8 text: the offset of the first invalid byte.
    NotUtf8(usize),
}

fn finish(line: Vec<u8>, length: usize, limit: usize) -> Result<String, Unfit> {
    if length > limit {
        Err(Unfit::TooLong(length))
    } else {
        String::from_utf8(line).map_err(|e| Unfit::NotUtf8(e.utf8_error().valid_up_to()))
    }
}

/// Sends every record of `files` to the workers, in order; `.jsonl` files
/// line by line, so they may be of any size.
fn produce(
    loader: &Loader,
    files: &[(PathBuf, bool)],
    tx: &mpsc::SyncSender<(usize, Input)>,
    problems: &mpsc::Sender<Finding>,
) {
    let mut index = 0;
    for (f, found) in files {
        if !has_ext(f, &["jsonl"]) {
            let file = Input::File {
                path: f.clone(),
                found: *found,
            };
            if tx.send((index, file)).is_err() {
                return;
            }
            index += 1;
            continue;
        }
        let regular = std::fs::metadata(f).is_ok_and(|m| m.is_file());
        let opened = if regular {
            std::fs::File::open(f).ok()
        } else {
            None
        };
        let Some(file) = opened else {
            // Reading it again yields the diagnostic for why it cannot be opened.
            if let Err(e) = loader.read(f) {
                let _ = problems.send(*e);
            }
            continue;
        };
        let mut reader = std::io::BufReader::with_capacity(1 << 16, file);
        let mut number = 0;
        loop {
            number += 1;
            let input = match read_line(
                &mut reader,
                usize::try_from(loader.max_file_bytes()).unwrap_or(usize::MAX),
            ) {
                Ok(Some(Ok(text))) if text.trim().is_empty() => continue,
                Ok(Some(Ok(text))) => Input::Line {
                    file: f.clone(),
                    line: number,
                    text,
                },
                Ok(Some(Err(Unfit::TooLong(length)))) => Input::TooLong {
                    file: f.clone(),
                    line: number,
                    length,
                },
                Ok(Some(Err(Unfit::NotUtf8(offset)))) => Input::NotUtf8 {
                    file: f.clone(),
                    line: number,
                    offset,
                },
                Ok(None) | Err(_) => break,
            };
            if tx.send((index, input)).is_err() {
                return;
            }
            index += 1;
        }
    }
}

/// What one record came to.
struct Scored {
    name: String,
    /// The adjudication, or the findings that kept the record from being read.
    result: Result<Adjudication, Vec<Finding>>,
}

/// A record's result, rendered by the worker that scored it.
struct Rendered {
    stdout: String,
    stderr: String,
    /// 0 legal, 1 violations or mismatches, 2 unreadable.
    code: u8,
}

/// Rulesets already loaded by one worker, by (spec, folder).
type RulesCache = HashMap<(String, PathBuf), Result<Ruleset, ()>>;

fn rules_for(
    loader: &Loader,
    record: &Record,
    over: Option<&str>,
    cache: &mut RulesCache,
) -> Result<(Ruleset, String, bool), Vec<Finding>> {
    let (spec, base) = match over {
        Some(r) => (r.to_string(), super::cwd()),
        None => (record.rules_name().to_string(), record.dir.clone()),
    };
    let key = (spec.clone(), base.clone());
    let identity = record.ruleset_identity(&spec, &base);
    let own_identity = record.own_ruleset_identity();
    // The record's own ruleset must load even when another is asked for.
    if over.is_some() && record.inline_rules.is_some() {
        super::load::own_ruleset(loader, record)?;
    }
    let own = identity == own_identity;
    if record.inline_rules.is_none()
        && let Some(Ok(r)) = cache.get(&key)
    {
        return Ok((r.clone(), identity, own));
    }
    let r = super::load::ruleset_for(loader, record, &spec, &base)?;
    if record.inline_rules.is_none() {
        cache.insert(key, Ok(r.clone()));
    }
    Ok((r, identity, own))
}

/// Scores one record; `None` for a file found in a folder that is no
/// record (a tile set, say).
fn score_one(
    loader: &Loader,
    input: &Input,
    over: Option<&str>,
    cache: &mut RulesCache,
    spans: bool,
) -> Option<Scored> {
    let name = input.name();
    let found = matches!(input, Input::File { found: true, .. });
    let (src, dir) = match input {
        Input::File { path: p, .. } => {
            if record::is_jcz(p) {
                let result = super::load::record_file(loader, p).and_then(|rec| {
                    let (rules, spec, own) = rules_for(loader, &rec, over, cache)?;
                    Ok(adjudicate(
                        &rec,
                        &rules,
                        &spec,
                        own,
                        &crate::expansions::ALL,
                    ))
                });
                return Some(Scored { name, result });
            }
            match loader.read(p) {
                Ok(s) => (s, p.parent().map(Path::to_path_buf).unwrap_or_default()),
                Err(e) => {
                    return Some(Scored {
                        name,
                        result: Err(vec![*e]),
                    });
                }
            }
        }
        Input::TooLong { length, .. } => {
            let finding = Finding::detached(
                crate::diagnostic::Class::Input,
                crate::files::ReadError::TooLarge {
                    path: name.clone(),
                    size: *length as u64,
                    limit: loader.max_file_bytes(),
                },
            );
            return Some(Scored {
                name,
                result: Err(vec![finding]),
            });
        }
        Input::NotUtf8 { offset, .. } => {
            // Unreadable, as the same record in a file of its own is.
            let finding = Finding::detached(
                crate::diagnostic::Class::Input,
                crate::files::ReadError::NotUtf8 {
                    path: name.clone(),
                    offset: *offset,
                },
            );
            return Some(Scored {
                name,
                result: Err(vec![finding]),
            });
        }
        Input::Line { file, line, text } => (
            SourceFile::new(file.to_string_lossy().replace('\\', "/"), text.as_str())
                .at_line(*line),
            file.parent().map(Path::to_path_buf).unwrap_or_default(),
        ),
    };
    // The quick way first; a record with anything to report is read again
    // with spans, so that its diagnostics point at the lines, unless no
    // diagnostic is shown (`spans` false: a quiet batch counts findings and
    // prints none). What the quick way reads is a record; anything else
    // found in a folder is looked at closer, in the text already read.
    let quick = record::parse_fast(loader, &src, &dir);
    if quick.is_none() && found && record::probe_text(src.text()) == Probe::Other {
        return None;
    }
    if let Some(rec) = quick
        && let Ok((rules, spec, own)) = rules_for(loader, &rec, over, cache)
    {
        let a = adjudicate(&rec, &rules, &spec, own, &crate::expansions::ALL);
        let result = if a.findings.is_empty() || !spans {
            Ok(a)
        } else {
            super::load::with_spans(loader, &rec, &a, |r| {
                let (rules, spec, own) = rules_for(loader, &r, over, cache)?;
                Ok(adjudicate(&r, &rules, &spec, own, &crate::expansions::ALL))
            })
        };
        return Some(Scored { name, result });
    }
    let result = record::parse(loader, &src, &dir).and_then(|rec| {
        let (rules, spec, own) = rules_for(loader, &rec, over, cache)?;
        Ok(adjudicate(
            &rec,
            &rules,
            &spec,
            own,
            &crate::expansions::ALL,
        ))
    });
    Some(Scored { name, result })
}

/// Counts for the closing summary.
#[derive(Default)]
struct Summary {
    records: usize,
    legal: usize,
    violations: usize,
    unreadable: usize,
    code: u8,
}

impl Summary {
    fn add(&mut self, code: u8) {
        self.records += 1;
        self.code = self.code.max(code);
        match code {
            0 => self.legal += 1,
            1 => self.violations += 1,
            _ => self.unreadable += 1,
        }
    }
}

fn totals_text(a: &Adjudication) -> String {
    a.players
        .iter()
        .zip(&a.totals)
        .map(|(p, t)| format!("{} {t}", text::name(p)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Renders one record's result as its line of output and its diagnostics.
/// `quiet`: only the summary is printed, so neither the record's line nor
/// its diagnostics are written (its exit code counts).
fn render_one(s: &Scored, format: Format, style: Style, quiet: bool) -> Rendered {
    let (findings, readable): (&[Finding], bool) = match &s.result {
        Ok(a) => (&a.findings, true),
        Err(f) => (f, false),
    };
    let code = if readable {
        exit_code(findings)
    } else {
        exit_code(findings).max(2)
    };
    let stdout = match format {
        Format::Text if quiet => String::new(),
        Format::Text => {
            // A file name is printed escaped: a line break in it must not
            // start a line of its own.
            let name = text::escaped(&s.name, false);
            let line = match &s.result {
                Ok(a) if a.findings.is_empty() => format!("ok    {name}  {}", totals_text(a)),
                Ok(a) => {
                    let n = a.findings.len();
                    let worst = if code == 2 { "error" } else { "FAIL " };
                    format!(
                        "{worst} {name}  {} — {n} diagnostic{}",
                        totals_text(a),
                        if n == 1 { "" } else { "s" }
                    )
                }
                Err(_) => format!("error {name}  cannot be read"),
            };
            line + "\n"
        }
        Format::Json | Format::Jsonl => {
            let v = match &s.result {
                Ok(a) => score::json(&s.name, a),
                Err(f) => serde_json::json!({
                    "record": s.name,
                    "totals": {},
                    "events": [],
                    "diagnostics": f.iter().map(score::finding_json).collect::<Vec<_>>(),
                }),
            };
            serde_json::to_string(&v).unwrap_or_default() + "\n"
        }
    };
    let stderr = if format == Format::Text && !findings.is_empty() && !quiet {
        render(findings, style)
    } else {
        String::new()
    };
    Rendered {
        stdout,
        stderr,
        code,
    }
}

/// The result of a record that carca itself failed on.
fn internal_error(name: &str, format: Format) -> Rendered {
    let message =
        "carca failed on this record (an internal error: please report it with the record)";
    let stdout = match format {
        Format::Text => format!("error {}  {message}\n", text::escaped(name, false)),
        Format::Json | Format::Jsonl => {
            let v = serde_json::json!({
                "record": name,
                "totals": {},
                "events": [],
                "diagnostics": [{
                    "code": "carca::internal",
                    "class": "input",
                    "message": message,
                }],
            });
            serde_json::to_string(&v).unwrap_or_default() + "\n"
        }
    };
    Rendered {
        stdout,
        stderr: String::new(),
        code: 2,
    }
}

/// Scores every record and streams the results; returns the exit code.
pub(crate) fn run(
    loader: &Loader,
    paths: &[String],
    over: Option<&str>,
    format: Format,
    style: Style,
    io: &mut Io,
) -> u8 {
    let started = Instant::now();
    let (files, notes) = collect(paths);
    for n in &notes {
        let _ = writeln!(io.stderr, "note: {n}");
    }
    let mut summary = Summary::default();
    let known_total = files
        .iter()
        .all(|(f, _)| !has_ext(f, &["jsonl"]))
        .then_some(files.len());
    let progress = io.progress.then(|| match known_total {
        Some(n) => {
            let bar = indicatif::ProgressBar::new(n as u64);
            bar.set_style(
                indicatif::ProgressStyle::with_template(
                    "{bar:40} {pos}/{len} records · {per_sec} · {eta} left",
                )
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
            );
            bar
        }
        None => {
            let bar = indicatif::ProgressBar::new_spinner();
            bar.set_style(
                indicatif::ProgressStyle::with_template("{spinner} {pos} records · {per_sec}")
                    .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner()),
            );
            bar
        }
    });
    // With `--quiet`, a text batch prints only its summary.
    let quiet = io.quiet && format == Format::Text;
    let workers = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    let (input_tx, input_rx) = mpsc::sync_channel::<(usize, Input)>(1024);
    let input_rx = Mutex::new(input_rx);
    // `None`: a file found in a folder that is no record.
    let (result_tx, result_rx) = mpsc::sync_channel::<(usize, Option<Rendered>)>(1024);
    let (problem_tx, problem_rx) = mpsc::channel::<Finding>();
    std::thread::scope(|scope| {
        let files = &files;
        scope.spawn(move || produce(loader, files, &input_tx, &problem_tx));
        for _ in 0..workers {
            let result_tx = result_tx.clone();
            let input_rx = &input_rx;
            scope.spawn(move || {
                let mut cache = RulesCache::new();
                loop {
                    let next = input_rx.lock().ok().and_then(|rx| rx.recv().ok());
                    let Some((i, input)) = next else { break };
                    // A record that carca fails on still gets its line: a
                    // batch never loses a result.
                    let rendered = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                        score_one(loader, &input, over, &mut cache, !quiet)
                            .map(|s| render_one(&s, format, style, quiet))
                    }))
                    .unwrap_or_else(|_| Some(internal_error(&input.name(), format)));
                    if result_tx.send((i, rendered)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(result_tx);
        // Results arrive in any order; they are reported in input order.
        let mut pending: BTreeMap<usize, Option<Rendered>> = BTreeMap::new();
        let mut due = 0;
        for (i, rendered) in result_rx {
            pending.insert(i, rendered);
            while let Some(r) = pending.remove(&due) {
                due += 1;
                let Some(r) = r else {
                    // No record: it leaves the count.
                    if let Some(bar) = &progress {
                        bar.dec_length(1);
                    }
                    continue;
                };
                // `json` is one document: the records form an array.
                if quiet {
                    // Only the summary.
                } else if format == Format::Json {
                    let first = summary.records == 0;
                    let _ = io.stdout.write_all(if first { b"[\n" } else { b",\n" });
                    let _ = io.stdout.write_all(r.stdout.trim_end().as_bytes());
                } else {
                    let _ = io.stdout.write_all(r.stdout.as_bytes());
                }
                if !io.quiet && !r.stderr.is_empty() {
                    // A record's line before its diagnostics.
                    let _ = io.stdout.flush();
                    let _ = io.stderr.write_all(r.stderr.as_bytes());
                }
                summary.add(r.code);
                if let Some(bar) = &progress {
                    bar.inc(1);
                }
            }
        }
    });
    if format == Format::Json {
        let _ = io.stdout.write_all(if summary.records == 0 {
            b"[]\n"
        } else {
            b"\n]\n"
        });
    }
    for p in problem_rx.try_iter() {
        let _ = write!(io.stderr, "{}", render(std::slice::from_ref(&p), style));
        summary.code = 2;
    }
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    let seconds = started.elapsed().as_secs_f64();
    let records = u32::try_from(summary.records).map_or(f64::from(u32::MAX), f64::from);
    let rate = if seconds > 0.0 {
        records / seconds
    } else {
        0.0
    };
    let line = format!(
        "{} record{}: {} legal, {} with violations or mismatches, {} unreadable · {seconds:.2} s ({rate:.0} records/s)",
        summary.records,
        if summary.records == 1 { "" } else { "s" },
        summary.legal,
        summary.violations,
        summary.unreadable,
    );
    match format {
        Format::Text => {
            let _ = writeln!(io.stdout, "{line}");
        }
        _ => {
            let _ = writeln!(io.stderr, "{line}");
        }
    }
    let _ = io.stdout.flush();
    summary.code
}
