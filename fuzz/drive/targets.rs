// What every text fuzz target does with its input, shared by the fuzz
// targets and by the seed replay in the test suite (both `include!` this
// file), so that an input means the same thing in both.

/// One loader for every input, as one run of carca has: its caches (the
/// built-in sets, parsed once) are then warm.
fn loader() -> &'static carca::loader::Loader {
    static LOADER: std::sync::OnceLock<carca::loader::Loader> = std::sync::OnceLock::new();
    LOADER.get_or_init(carca::loader::Loader::default)
}

/// Any text as a tile-set file: a set or diagnostics, never a panic. A set
/// read the quick way is the set the spanned reader builds, with nothing
/// to warn about.
pub(crate) fn tileset_yaml(text: &str) {
    use carca::source::SourceFile;
    use carca::tileset::build;
    let src = SourceFile::new("fuzz.yaml", text);
    if let Err(findings) = carca::tileset::parse(loader(), &src) {
        assert!(!findings.is_empty());
    }
    if let Some(quick) = build::quick(&src, loader().companions()) {
        let spanned = build::check_spanned(&src, loader().companions());
        let (set, warnings) = spanned.expect("a set read the quick way reads the slow way too");
        assert_eq!(quick, set, "the quick reader and the spanned one disagree");
        assert!(warnings.is_empty());
    }
}

/// Any text as a game record: scored, or diagnostics. The text also goes
/// the quick way (JSON, or plain YAML), which must mean the same game: the
/// whole report (every event, every total) is the same.
pub(crate) fn record_yaml(text: &str) {
    use carca::engine::adjudicate;
    use carca::rules::Ruleset;
    use carca::source::SourceFile;
    let src = SourceFile::new("fuzz.yaml", text);
    let dir = std::path::Path::new("");
    let rules = Ruleset::modern();
    let slow = carca::record::parse(loader(), &src, dir)
        .ok()
        .map(|r| adjudicate(&r, &rules, "modern", true, &carca::expansions::ALL));
    if let Some(rec) = carca::record::parse_fast(loader(), &src, dir) {
        let quick = adjudicate(&rec, &rules, "modern", true, &carca::expansions::ALL);
        if quick.findings.is_empty() {
            let slow = slow.expect("a record read the quick way reads the slow way too");
            assert_eq!(
                carca::report::score::json("r", &quick),
                carca::report::score::json("r", &slow),
                "the quick reader and the spanned one disagree"
            );
        }
    }
}

/// Any text as a ruleset file: a ruleset or diagnostics.
pub(crate) fn ruleset_toml(text: &str) {
    use carca::source::SourceFile;
    let _ = carca::rules::parse(loader(), &SourceFile::new("fuzz.toml", text), None);
}

/// Any text as a JCloisterZone save: a record that reads (and scores), or
/// diagnostics.
pub(crate) fn jcz_json(text: &str) {
    use carca::source::SourceFile;
    if let Ok(yaml) = carca::jcz::import(
        loader(),
        &SourceFile::new("fuzz.jcz", text),
        carca::expansions::JCZ,
    ) {
        let src = SourceFile::new("imported", yaml);
        if let Ok(rec) = carca::record::parse(loader(), &src, std::path::Path::new("")) {
            let rules = carca::rules::Ruleset::modern();
            let _ =
                carca::engine::adjudicate(&rec, &rules, "modern", true, &carca::expansions::ALL);
        }
    }
}

/// Any text as a record with expectations, updated as `carca test
/// --update` does: the update is refused, or the new text reads back with
/// exactly the computed expectations and the same players and turns.
pub(crate) fn update_yaml(text: &str) {
    use carca::engine::adjudicate;
    use carca::source::SourceFile;
    let dir = std::path::Path::new("");
    let Ok(rec) = carca::record::parse(loader(), &SourceFile::new("fuzz.yaml", text), dir) else {
        return;
    };
    let mut computed = Vec::new();
    for e in &rec.expect {
        let identity = rec.ruleset_identity(&e.ruleset, dir);
        let Some(rules) = carca::rules::BUILTIN
            .iter()
            .find(|b| **b == identity)
            .and_then(|b| carca::rules::load(loader(), b, dir).ok())
        else {
            return;
        };
        computed.push(adjudicate(&rec, &rules, &identity, false, &carca::expansions::ALL).totals);
    }
    if let Ok(new) = carca::record::update::rewrite_expectations(loader(), &rec, &computed) {
        let again =
            carca::record::parse(loader(), &SourceFile::new("fuzz.yaml", new.as_str()), dir)
                .expect("an updated record reads back");
        assert_eq!(again.players, rec.players);
        assert_eq!(again.expect.len(), rec.expect.len());
        for (e, totals) in again.expect.iter().zip(&computed) {
            let mut got = vec![None; totals.len()];
            for &(p, v, _) in &e.totals.points {
                got[p] = Some(v);
            }
            assert_eq!(got, totals.iter().map(|&t| Some(t)).collect::<Vec<_>>());
        }
    }
}

/// Any text as a record, drawn: refused for its size, or a bounded
/// terminal picture and SVG text.
pub(crate) fn render(text: &str) {
    use carca::report::picture::{MAX_TERMINAL_SIDE, Scene, Target, svg, terminal};
    use carca::source::SourceFile;
    let Ok(rec) = carca::record::parse(
        loader(),
        &SourceFile::new("fuzz.yaml", text),
        std::path::Path::new(""),
    ) else {
        return;
    };
    let rules = carca::rules::Ruleset::modern();
    let pos = carca::engine::position(&rec, &rules, None, &carca::expansions::ALL);
    let scene = Scene::of_game(pos.game(), &rec.players);
    if scene.check_size(Target::Terminal).is_ok() {
        let picture = terminal(&scene, true);
        let rows = usize::try_from(MAX_TERMINAL_SIDE).unwrap_or(usize::MAX) * 3 + 2;
        assert!(picture.lines().count() <= rows);
    }
    if scene.check_size(Target::Svg).is_ok() {
        assert!(svg(&scene).starts_with("<svg"));
    }
}

/// Any text as a record, reported for people: the text breakdown, the
/// comparison and the diagnostics, bounded and free of control characters.
pub(crate) fn report_text(text: &str) {
    use carca::report::diagnostics::{Style, render};
    use carca::source::SourceFile;
    let src = SourceFile::new("fuzz.yaml", text);
    let runs: Vec<carca::engine::Adjudication> =
        match carca::record::parse(loader(), &src, std::path::Path::new("")) {
            Ok(rec) => ["modern", "first-edition"]
                .iter()
                .filter_map(|r| carca::rules::load(loader(), r, std::path::Path::new("")).ok())
                .map(|rules| {
                    carca::engine::adjudicate(
                        &rec,
                        &rules,
                        &rules.name.clone(),
                        true,
                        &carca::expansions::ALL,
                    )
                })
                .collect(),
            Err(findings) => {
                let shown = render(&findings, Style::Plain);
                assert!(!shown.contains('\u{1b}'));
                return;
            }
        };
    for a in &runs {
        let shown = carca::report::score::text("fuzz.yaml", a) + &render(&a.findings, Style::Plain);
        assert!(
            !shown.contains(['\u{1b}', '\u{202e}', '\u{0}']),
            "{shown:?}"
        );
    }
    let _ = carca::report::compare::text("fuzz.yaml", &runs);
}
