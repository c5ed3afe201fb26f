//! The claims of `docs/architecture.md` that a test can keep true: no
//! import cycle between the crate's files or between its top-level
//! modules, and no expansion's words in the generic engine.
//!
//! The sources are read as text: comments, strings and `#[cfg(test)]`
//! modules are left out, every `crate::`, `super::` and `self::` path is
//! resolved to the file that defines it (through a parent's `pub use`), and
//! the graph of "file A names something of file B" must have no cycle. A
//! parent's `mod` and `pub use` of its own children are structure, not
//! dependencies.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// A module's path below the crate root (`["engine", "game"]`).
type ModPath = Vec<String>;

/// The crate's source files by module path.
struct Crate {
    files: BTreeMap<ModPath, PathBuf>,
    /// Per `mod.rs` module: its re-exports (name → absolute path).
    reexports: BTreeMap<ModPath, BTreeMap<String, ModPath>>,
}

fn module_of(src: &Path, file: &Path) -> Option<ModPath> {
    let rel = file.strip_prefix(src).ok()?;
    let mut parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    let last = parts.pop()?;
    let stem = last.strip_suffix(".rs")?;
    match stem {
        "lib" if parts.is_empty() => {}
        "main" if parts.is_empty() => return None,
        "mod" => {}
        _ => parts.push(stem.to_string()),
    }
    Some(parts)
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("source folder")
        .flatten()
        .map(|e| e.path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            walk(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

/// The code of a file without comments, string and char literals, and
/// `#[cfg(test)]` items.
fn code_of(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < b.len() {
        let rest = &text[i..];
        if rest.starts_with("//") {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if rest.starts_with("/*") {
            let mut depth = 0;
            while i < b.len() {
                if text[i..].starts_with("/*") {
                    depth += 1;
                    i += 2;
                } else if text[i..].starts_with("*/") {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if let Some(hashes) = raw_string_start(rest) {
            let close = format!("\"{}", "#".repeat(hashes));
            let start = i + 2 + hashes;
            i = text[start..]
                .find(&close)
                .map_or(b.len(), |e| start + e + close.len());
            out.push_str("\"\"");
        } else if b[i] == b'"' {
            i += 1;
            while i < b.len() && b[i] != b'"' {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str("\"\"");
        } else if b[i] == b'\'' && is_char_literal(rest) {
            i += 1;
            while i < b.len() && b[i] != b'\'' {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str("' '");
        } else {
            let ch = rest.chars().next().unwrap_or(' ');
            out.push(ch);
            i += ch.len_utf8();
        }
    }
    strip_test_items(&out)
}

/// `r"`, `r#"`, `br"`…: the number of hashes.
fn raw_string_start(s: &str) -> Option<usize> {
    let s = s.strip_prefix('b').unwrap_or(s);
    let s = s.strip_prefix('r')?;
    let hashes = s.bytes().take_while(|&c| c == b'#').count();
    (s.as_bytes().get(hashes) == Some(&b'"')).then_some(hashes)
}

/// A quote that opens a char literal (not a lifetime).
fn is_char_literal(s: &str) -> bool {
    let mut chars = s.chars().skip(1);
    match chars.next() {
        Some('\\') => true,
        Some(_) => chars.next() == Some('\''),
        None => false,
    }
}

/// Drops every item that follows `#[cfg(test)]`, to its closing brace or
/// semicolon.
fn strip_test_items(code: &str) -> String {
    let mut out = String::with_capacity(code.len());
    let mut rest = code;
    while let Some(at) = rest.find("#[cfg(test)]") {
        out.push_str(&rest[..at]);
        let after = &rest[at..];
        let mut depth = 0;
        let mut end = after.len();
        for (k, c) in after.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = k + 1;
                        break;
                    }
                }
                ';' if depth == 0 => {
                    end = k + 1;
                    break;
                }
                _ => {}
            }
        }
        rest = &after[end..];
    }
    out.push_str(rest);
    out
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Every path a file names that starts with `crate`, `super` or `self`,
/// with `use` groups expanded: the segments as written.
fn paths_in(code: &str) -> Vec<Vec<String>> {
    paths_at(code).into_iter().map(|(_, p)| p).collect()
}

/// The inline modules of a file's code (`mod name { … }`): where each
/// one's body begins and ends (in characters), and its name.
fn inline_modules(code: &str) -> Vec<(usize, usize, String)> {
    let chars: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i + 3 < chars.len() {
        let starts_word = i == 0 || !is_ident(chars[i - 1]);
        if starts_word && chars[i..i + 3] == ['m', 'o', 'd'] && chars[i + 3].is_whitespace() {
            let mut j = i + 3;
            while j < chars.len() && chars[j].is_whitespace() {
                j += 1;
            }
            let start = j;
            while j < chars.len() && is_ident(chars[j]) {
                j += 1;
            }
            let name: String = chars[start..j].iter().collect();
            while j < chars.len() && chars[j].is_whitespace() {
                j += 1;
            }
            if !name.is_empty() && chars.get(j) == Some(&'{') {
                let mut depth = 0usize;
                let mut k = j;
                while k < chars.len() {
                    match chars[k] {
                        '{' => depth += 1,
                        '}' => {
                            depth -= 1;
                            if depth == 0 {
                                break;
                            }
                        }
                        _ => {}
                    }
                    k += 1;
                }
                out.push((j, k, name));
            }
            i = j;
        } else {
            i += 1;
        }
    }
    out
}

/// The module a place in a file's code belongs to: the file's own, and
/// the inline modules around the place.
fn module_at(file: &ModPath, inline: &[(usize, usize, String)], at: usize) -> ModPath {
    let mut here = file.clone();
    here.extend(
        inline
            .iter()
            .filter(|(start, end, _)| (*start..*end).contains(&at))
            .map(|(_, _, name)| name.clone()),
    );
    here
}

/// [`paths_in`], each path with where it begins (in characters).
fn paths_at(code: &str) -> Vec<(usize, Vec<String>)> {
    let chars: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let starts_word = i == 0 || !(is_ident(chars[i - 1]) || chars[i - 1] == ':');
        if starts_word && is_ident(chars[i]) {
            let mut j = i;
            while j < chars.len() && is_ident(chars[j]) {
                j += 1;
            }
            let word: String = chars[i..j].iter().collect();
            if matches!(word.as_str(), "crate" | "super" | "self")
                && chars.get(j) == Some(&':')
                && chars.get(j + 1) == Some(&':')
            {
                let (trees, end) = use_tree(&chars, j + 2, vec![word]);
                out.extend(trees.into_iter().map(|t| (i, t)));
                i = end;
                continue;
            }
            i = j;
        } else {
            i += 1;
        }
    }
    out
}

/// Reads a path (or `use` tree) after `prefix::` from `i`; returns every
/// full path and where reading stopped.
fn use_tree(chars: &[char], mut i: usize, prefix: Vec<String>) -> (Vec<Vec<String>>, usize) {
    let skip_ws = |i: &mut usize| {
        while *i < chars.len() && chars[*i].is_whitespace() {
            *i += 1;
        }
    };
    skip_ws(&mut i);
    if chars.get(i) == Some(&'{') {
        i += 1;
        let mut all = Vec::new();
        loop {
            skip_ws(&mut i);
            match chars.get(i) {
                Some('}') => return (all, i + 1),
                Some(',') => i += 1,
                None => return (all, i),
                _ => {
                    let (t, end) = use_tree(chars, i, prefix.clone());
                    all.extend(t);
                    i = end.max(i + 1);
                }
            }
        }
    }
    let mut path = prefix;
    loop {
        let start = i;
        while i < chars.len() && is_ident(chars[i]) {
            i += 1;
        }
        if i == start {
            return (vec![path], i);
        }
        path.push(chars[start..i].iter().collect());
        if chars.get(i) == Some(&':') && chars.get(i + 1) == Some(&':') {
            i += 2;
            skip_ws(&mut i);
            if chars.get(i) == Some(&'{') {
                return use_tree(chars, i, path);
            }
        } else {
            return (vec![path], i);
        }
    }
}

/// A written path made absolute, from the module `here`.
fn absolute(written: &[String], here: &ModPath) -> ModPath {
    let mut base: ModPath = Vec::new();
    let mut segs = written.iter().peekable();
    match segs.peek().map(|s| s.as_str()) {
        Some("crate") => {
            segs.next();
        }
        Some("self") => {
            segs.next();
            base.clone_from(here);
        }
        Some("super") => {
            base.clone_from(here);
            while segs.peek().map(|s| s.as_str()) == Some("super") {
                segs.next();
                base.pop();
            }
        }
        _ => {}
    }
    base.extend(segs.cloned());
    base
}

impl Crate {
    fn read() -> Crate {
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut all = Vec::new();
        walk(&src, &mut all);
        let mut files = BTreeMap::new();
        for f in all {
            if let Some(m) = module_of(&src, &f) {
                files.insert(m, f);
            }
        }
        let mut reexports = BTreeMap::new();
        for (m, f) in &files {
            let code = code_of(&std::fs::read_to_string(f).expect("source"));
            let mut names = BTreeMap::new();
            for stmt in code.split(';') {
                let s = stmt.trim_start();
                let Some(tree) = s
                    .strip_prefix("pub use ")
                    .or_else(|| s.strip_prefix("pub(crate) use "))
                else {
                    continue;
                };
                let chars: Vec<char> = tree.chars().collect();
                let first: String = chars.iter().take_while(|c| is_ident(**c)).collect();
                let (paths, _) = if matches!(first.as_str(), "crate" | "super" | "self") {
                    use_tree(&chars, first.len() + 2, vec![first])
                } else {
                    use_tree(&chars, 0, vec!["self".to_string()])
                };
                for p in paths {
                    if let Some(last) = p.last() {
                        names.insert(last.clone(), absolute(&p, m));
                    }
                }
            }
            reexports.insert(m.clone(), names);
        }
        Crate { files, reexports }
    }

    /// The file that defines what an absolute path names.
    fn resolve(&self, path: &ModPath, depth: usize) -> Option<ModPath> {
        let mut k = path.len();
        while k > 0 && !self.files.contains_key(&path[..k]) {
            k -= 1;
        }
        let module = path[..k].to_vec();
        if depth < 8
            && let Some(next) = path.get(k)
            && let Some(target) = self.reexports.get(&module).and_then(|r| r.get(next))
            && target != path
        {
            let mut full = target.clone();
            full.extend(path[k + 1..].iter().cloned());
            return self.resolve(&full, depth + 1);
        }
        Some(module)
    }

    /// Edges between files: who names what of whom.
    fn file_graph(&self) -> BTreeMap<ModPath, BTreeSet<ModPath>> {
        let mut graph: BTreeMap<ModPath, BTreeSet<ModPath>> = BTreeMap::new();
        for (m, f) in &self.files {
            let code = code_of(&std::fs::read_to_string(f).expect("source"));
            let deps = graph.entry(m.clone()).or_default();
            // A path inside an inline module (`mod registry { … }`) is
            // read from that module.
            let inline = inline_modules(&code);
            for (at, written) in paths_at(&code) {
                let abs = absolute(&written, &module_at(m, &inline, at));
                let Some(target) = self.resolve(&abs, 0) else {
                    continue;
                };
                // A parent's own children are its structure.
                if target == *m || target.starts_with(m) {
                    continue;
                }
                deps.insert(target);
            }
        }
        graph
    }
}

/// The strongly connected components with more than one member.
fn cycles(graph: &BTreeMap<ModPath, BTreeSet<ModPath>>) -> Vec<Vec<ModPath>> {
    // Kosaraju: order by finishing time, then walk the reversed graph.
    let nodes: Vec<&ModPath> = graph.keys().collect();
    let mut seen = BTreeSet::new();
    let mut order = Vec::new();
    for &n in &nodes {
        if seen.contains(n) {
            continue;
        }
        let mut stack = vec![(n, false)];
        while let Some((v, done)) = stack.pop() {
            if done {
                order.push(v);
                continue;
            }
            if !seen.insert(v) {
                continue;
            }
            stack.push((v, true));
            for w in graph.get(v).into_iter().flatten() {
                if !seen.contains(w) {
                    stack.push((w, false));
                }
            }
        }
    }
    let mut reversed: BTreeMap<&ModPath, Vec<&ModPath>> = BTreeMap::new();
    for (v, ws) in graph {
        for w in ws {
            reversed.entry(w).or_default().push(v);
        }
    }
    let mut assigned = BTreeSet::new();
    let mut out = Vec::new();
    for &v in order.iter().rev() {
        if assigned.contains(v) {
            continue;
        }
        let mut component = Vec::new();
        let mut stack = vec![v];
        assigned.insert(v);
        while let Some(x) = stack.pop() {
            component.push(x.clone());
            for &w in reversed.get(x).into_iter().flatten() {
                if assigned.insert(w) {
                    stack.push(w);
                }
            }
        }
        if component.len() > 1 {
            component.sort();
            out.push(component);
        }
    }
    out
}

/// Each cycle, and the edges inside it (who names whom), to break one.
fn show(graph: &BTreeMap<ModPath, BTreeSet<ModPath>>, cycles: &[Vec<ModPath>]) -> String {
    let mut s = String::new();
    for c in cycles {
        let names: Vec<String> = c.iter().map(|m| m.join("::")).collect();
        let _ = writeln!(s, "  {}", names.join(" ↔ "));
        for from in c {
            for to in graph.get(from).into_iter().flatten() {
                if c.contains(to) {
                    let _ = writeln!(s, "    {} → {}", from.join("::"), to.join("::"));
                }
            }
        }
    }
    s
}

#[test]
fn no_import_cycle_between_files() {
    let krate = Crate::read();
    assert!(krate.files.len() > 50, "the crate's files are found");
    let graph = krate.file_graph();
    // The scanner sees real dependencies.
    let referee = graph
        .get(&vec!["engine".to_string(), "referee".to_string()])
        .expect("engine/referee.rs");
    assert!(referee.contains(&vec!["engine".to_string(), "game".to_string()]));
    let found = cycles(&graph);
    assert!(
        found.is_empty(),
        "import cycles between files:\n{}",
        show(&graph, &found)
    );
}

#[test]
fn no_import_cycle_between_top_level_modules() {
    let krate = Crate::read();
    let mut graph: BTreeMap<ModPath, BTreeSet<ModPath>> = BTreeMap::new();
    for (from, tos) in krate.file_graph() {
        let Some(top) = from.first() else { continue };
        let deps = graph.entry(vec![top.clone()]).or_default();
        for to in tos {
            if let Some(t) = to.first()
                && t != top
            {
                deps.insert(vec![t.clone()]);
            }
        }
    }
    assert!(graph.len() > 10, "the top-level modules are found");
    let found = cycles(&graph);
    assert!(
        found.is_empty(),
        "import cycles between top-level modules:\n{}",
        show(&graph, &found)
    );
}

#[test]
fn the_scanner_reads_use_trees_and_skips_comments_strings_and_tests() {
    let code = code_of(
        "use crate::a::{b::C, d};\n// crate::x::y\nlet s = \"crate::z\";\nfn f() { super::e::F }\n#[cfg(test)]\nmod tests { use crate::t; }\n",
    );
    let paths = paths_in(&code);
    let joined: Vec<String> = paths.iter().map(|p| p.join("::")).collect();
    assert_eq!(
        joined,
        ["crate::a::b::C", "crate::a::d", "super::e::F"],
        "{code}"
    );
}

#[test]
fn a_path_inside_an_inline_module_is_read_from_that_module() {
    let code = code_of(
        "use super::a::B;\npub mod inner {\n    use super::super::c::D;\n    fn f() { super::E }\n}\nfn g() { super::f::G }\n",
    );
    let inline = inline_modules(&code);
    let file: ModPath = vec!["engine".into(), "x".into()];
    let resolved: Vec<String> = paths_at(&code)
        .into_iter()
        .map(|(at, p)| absolute(&p, &module_at(&file, &inline, at)).join("::"))
        .collect();
    assert_eq!(
        resolved,
        [
            "engine::a::B",
            "engine::c::D",
            "engine::x::E",
            "engine::f::G"
        ],
        "{code}"
    );
}

/// The expansions' words, by expansion: the parts of an identifier
/// (`dragon_move`, `DragonProblem`, `TOWER`) that name one.
const EXPANSION_WORDS: [(&str, &[&str]); 10] = [
    ("river", &["river", "rivers"]),
    ("abbey", &["abbey", "abbeys"]),
    (
        "inns & cathedrals",
        &["inn", "inns", "cathedral", "cathedrals"],
    ),
    (
        "traders & builders",
        &["builder", "builders", "pig", "pigs", "goods", "traders"],
    ),
    (
        "abbey & mayor",
        &["mayor", "mayors", "wagon", "wagons", "barn", "barns"],
    ),
    (
        "the tower",
        &[
            "tower",
            "towers",
            "capture",
            "captures",
            "captured",
            "ransom",
            "ransoms",
            "prisoner",
            "prisoners",
        ],
    ),
    (
        "the princess & the dragon",
        &[
            "dragon",
            "dragons",
            "fairy",
            "princess",
            "portal",
            "portals",
            "volcano",
            "volcanoes",
        ],
    ),
    (
        "hills & sheep",
        &[
            "hill",
            "hills",
            "sheep",
            "shepherd",
            "shepherds",
            "flock",
            "flocks",
            "vineyard",
            "vineyards",
            "wolf",
        ],
    ),
    (
        "the count of carcassonne",
        &["blacksmith", "castle", "market", "carcassonne", "coc"],
    ),
    // `bridge` alone is also the tile language's word for roads and
    // cities that cross (`bridge: true`), which Traders & Builders and
    // Abbey & Mayor use.
    (
        "bridges, castles & bazaars",
        &["bridges", "castle", "castles", "bazaar", "bazaars"],
    ),
];

/// The words of an identifier, lower case: `DragonProblem` → dragon,
/// problem; `dragon_move` → dragon, move.
fn identifier_words(ident: &str) -> Vec<String> {
    let mut out = Vec::new();
    for part in ident.split('_').filter(|p| !p.is_empty()) {
        let chars: Vec<char> = part.chars().collect();
        let mut word = String::new();
        for (k, &c) in chars.iter().enumerate() {
            let lower_before = k > 0 && chars[k - 1].is_lowercase();
            if c.is_uppercase() && lower_before && !word.is_empty() {
                out.push(std::mem::take(&mut word));
            }
            word.extend(c.to_lowercase());
        }
        if !word.is_empty() {
            out.push(word);
        }
    }
    out
}

/// The expansions a line of code names (indexes into [`EXPANSION_WORDS`]).
fn expansions_named(line: &str) -> BTreeSet<usize> {
    let mut found = BTreeSet::new();
    let chars: Vec<char> = line.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        if is_ident(chars[i]) {
            let start = i;
            while i < chars.len() && is_ident(chars[i]) {
                i += 1;
            }
            let ident: String = chars[start..i].iter().collect();
            for w in identifier_words(&ident) {
                for (k, (_, words)) in EXPANSION_WORDS.iter().enumerate() {
                    if words.contains(&w.as_str()) {
                        found.insert(k);
                    }
                }
            }
        } else {
            i += 1;
        }
    }
    found
}

/// The code of a JavaScript module without its comments, strings and
/// template literals.
fn js_code_of(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < b.len() {
        let rest = &text[i..];
        if rest.starts_with("//") {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if rest.starts_with("/*") {
            let end = rest.find("*/").map_or(b.len(), |e| i + e + 2);
            out.extend(text[i..end].chars().filter(|&c| c == '\n'));
            i = end;
        } else if matches!(b[i], b'"' | b'\'' | b'`') {
            let q = b[i];
            i += 1;
            while i < b.len() && b[i] != q {
                if b[i] == b'\n' {
                    out.push('\n');
                }
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str("\"\"");
        } else {
            let ch = rest.chars().next().unwrap_or(' ');
            out.push(ch);
            i += ch.len_utf8();
        }
    }
    out
}

/// Words that name no expansion though they spell one: the tile
/// language's own, which every engine reads as data (a river edge or
/// feature kind, and the follower a river feature refuses), and the
/// builders of other crates' values (clap's, tokio's, tempfile's). Each is
/// left out before a line is read.
const NOT_EXPANSIONS: [&str; 6] = [
    "FeatureKind::River",
    "EdgeKind::River",
    "FollowerOnRiver",
    "clap::builder",
    "runtime::Builder",
    "tempfile::Builder",
];

/// A line of code: its number, the line as it reads, and as it is judged.
type CodeLine = (usize, String, String);

/// Every source file outside `src/expansions/` (the page's modules
/// included), with its code lines (comments, strings, tests and module
/// lines left out, and the words that name no expansion taken out): file
/// → (line number, the line as it reads, the line as it is judged).
fn generic_code_lines() -> Vec<(PathBuf, Vec<CodeLine>)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    walk_all(&root.join("src"), &mut files);
    let mut out = Vec::new();
    for f in files {
        let rel = f.strip_prefix(root).unwrap_or(&f).to_path_buf();
        if rel.starts_with("src/expansions") {
            continue;
        }
        let js = match f.extension().and_then(|e| e.to_str()) {
            Some("rs") => false,
            Some("js" | "mjs") => true,
            _ => continue,
        };
        let text = std::fs::read_to_string(&f).expect("source");
        let code = if js {
            js_code_of(&text)
        } else {
            code_of(&text)
        };
        let mut lines = Vec::new();
        for (n, line) in code.lines().enumerate() {
            let t = line.trim();
            if t.starts_with("pub mod ") || t.starts_with("mod ") {
                continue;
            }
            let mut judged = line.to_string();
            for allowed in NOT_EXPANSIONS {
                judged = judged.replace(allowed, "");
            }
            lines.push((n + 1, t.to_string(), judged));
        }
        out.push((rel, lines));
    }
    out
}

/// Every source file outside `src/expansions/` (the page's modules
/// included), with its code lines that name an expansion: file → (line
/// number, the expansions it names, the line).
fn expansion_lines() -> BTreeMap<PathBuf, Vec<(usize, BTreeSet<usize>, String)>> {
    let mut out = BTreeMap::new();
    for (rel, lines) in generic_code_lines() {
        let named: Vec<(usize, BTreeSet<usize>, String)> = lines
            .into_iter()
            .filter_map(|(n, line, judged)| {
                let named = expansions_named(&judged);
                (!named.is_empty()).then_some((n, named, line))
            })
            .collect();
        if !named.is_empty() {
            out.insert(rel, named);
        }
    }
    out
}

/// Every file below `dir`, whatever its kind.
fn walk_all(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("source folder")
        .flatten()
        .map(|e| e.path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            walk_all(&p, out);
        } else {
            out.push(p);
        }
    }
}

#[test]
fn identifiers_are_split_into_words() {
    assert_eq!(identifier_words("DragonProblem"), ["dragon", "problem"]);
    assert_eq!(identifier_words("dragon_move"), ["dragon", "move"]);
    assert_eq!(identifier_words("BARN"), ["barn"]);
    assert_eq!(identifier_words("onTowerTop"), ["on", "tower", "top"]);
    let js =
        js_code_of("const a = 'dragon'; // fairy\nlet b = `${x} wagon`; /* barn */ tower();\n");
    let named: Vec<BTreeSet<usize>> = js.lines().map(expansions_named).collect();
    assert_eq!(named, [BTreeSet::new(), BTreeSet::from([5])], "{js}");
}

#[test]
fn no_expansion_words_in_the_engine() {
    // No file of the engine, nor the generator, names an expansion: an
    // expansion's findings, notes and tokens reach the engine as generic
    // values keyed by the expansion.
    let lines = expansion_lines();
    let mut found = String::new();
    for (file, hits) in &lines {
        let engine = file.starts_with("src/engine");
        if engine || file.ends_with("src/generator.rs") {
            for (n, named, line) in hits {
                let names: Vec<&str> = named.iter().map(|&k| EXPANSION_WORDS[k].0).collect();
                let _ = writeln!(
                    found,
                    "  {}:{n}: {} in {line}",
                    file.display(),
                    names.join(", ")
                );
            }
        }
    }
    assert!(
        !lines.is_empty(),
        "the expansions' words are found outside their folders"
    );
    assert!(
        found.is_empty(),
        "an expansion named in the generic engine (move the rule into its folder under src/expansions/):\n{found}"
    );
}

/// How far the expansions' words reach outside `src/expansions/`: per
/// expansion, the files and code lines that name it. They are exact:
/// lower them as words move into the expansions' folders. They grow only
/// when a word a generic file hid in a string (`"volcano"`) becomes a
/// reference to the expansion's own name for it, which this test can see.
const REACH: [(&str, usize, usize); 10] = [
    ("river", 5, 10),
    ("abbey", 0, 0),
    ("inns & cathedrals", 0, 0),
    ("traders & builders", 7, 32),
    ("abbey & mayor", 2, 4),
    ("the tower", 8, 18),
    ("the princess & the dragon", 3, 13),
    ("hills & sheep", 0, 0),
    ("the count of carcassonne", 0, 0),
    ("bridges, castles & bazaars", 0, 0),
];

#[test]
fn expansion_words_outside_the_expansions_only_shrink() {
    let lines = expansion_lines();
    let mut report = String::new();
    let mut over = false;
    let mut total = BTreeSet::new();
    for (k, &(name, most_files, most_lines)) in REACH.iter().enumerate() {
        assert_eq!(name, EXPANSION_WORDS[k].0);
        let mut files = 0;
        let mut count = 0;
        for (file, hits) in &lines {
            let n = hits
                .iter()
                .filter(|(_, named, _)| named.contains(&k))
                .count();
            if n > 0 {
                files += 1;
                count += n;
            }
            for (line, named, _) in hits {
                if named.contains(&k) {
                    total.insert((file.clone(), *line));
                }
            }
        }
        let mark = if files > most_files || count > most_lines {
            over = true;
            "  more than allowed"
        } else if files < most_files || count < most_lines {
            over = true;
            "  fewer: lower REACH to match"
        } else {
            ""
        };
        let _ = writeln!(
            report,
            "  {name}: {files} files (listed: {most_files}), {count} lines (listed: {most_lines}){mark}"
        );
    }
    let _ = writeln!(report, "  every expansion: {} lines", total.len());
    for (file, hits) in &lines {
        let _ = writeln!(report, "    {}: {}", file.display(), hits.len());
        if std::env::var_os("CARCA_REACH_LINES").is_some() {
            for (n, _, line) in hits {
                let _ = writeln!(report, "      {n}: {line}");
            }
        }
    }
    if std::env::var_os("CARCA_REACH_LINES").is_some() {
        eprintln!("{report}");
    }
    assert!(!over, "expansions named outside src/expansions/:\n{report}");
}

/// The layers `docs/architecture.md` draws, lowest first: a module may
/// use modules of its own layer's left or of lower layers only.
const LAYERS: [&[&str]; 15] = [
    &["text", "suggest", "geometry", "spanned", "stop"],
    &["source", "yaml"],
    &["diagnostic"],
    &["files", "write"],
    &["keys"],
    &["tileset"],
    &["rules"],
    &["loader"],
    &["record"],
    &["engine"],
    &["jcz"],
    &["expansions"],
    &["generator"],
    &["report", "schema"],
    &["cli"],
];

#[test]
fn top_level_modules_use_only_the_layers_below_them() {
    let krate = Crate::read();
    let rank = |m: &str| LAYERS.iter().position(|l| l.contains(&m));
    let mut wrong = String::new();
    for (from, tos) in krate.file_graph() {
        let Some(top) = from.first() else { continue };
        let Some(a) = rank(top) else {
            let _ = writeln!(wrong, "  {top} is in no layer of docs/architecture.md");
            continue;
        };
        for to in tos {
            let Some(t) = to.first().filter(|t| *t != top) else {
                continue;
            };
            let within = |m: &str| LAYERS[a].iter().position(|l| *l == m);
            let below = match rank(t) {
                Some(b) if b == a => within(t) < within(top),
                Some(b) => b < a,
                None => false,
            };
            if !below {
                let _ = writeln!(wrong, "  {} uses {}", from.join("::"), to.join("::"));
            }
        }
    }
    assert!(wrong.is_empty(), "against the layers:\n{wrong}");
}

/// The expansions' turn keys are listed once, in the registry, in the
/// order a turn writes them; none takes a name of the base game's keys;
/// the record's schema lists them after the base game's; and only a
/// loader that carries them reads them.
#[test]
fn turn_keys_are_listed_once_in_the_order_they_are_written() {
    let keys = carca::expansions::RECORD_KEYS.turn;
    assert!(!keys.is_empty());
    let base = [
        "player", "tile", "at", "rot", "meeple", "spot", "figure", "discard",
    ];
    for pair in keys.windows(2) {
        assert!(
            pair[0].order() < pair[1].order(),
            "`{}` is listed before `{}` but written after it",
            pair[0].name(),
            pair[1].name()
        );
    }
    let names: BTreeSet<&str> = keys.iter().map(|k| k.name()).collect();
    assert_eq!(names.len(), keys.len(), "a turn key is listed twice");
    assert!(names.iter().all(|n| !base.contains(n)), "{names:?}");
    let schema = carca::record::schema(
        &carca::expansions::OPTIONS,
        &carca::expansions::RATES,
        carca::expansions::RECORD_KEYS,
    );
    let listed: Vec<&str> = schema["$defs"]["RawTurn"]["properties"]
        .as_object()
        .expect("a turn's keys")
        .keys()
        .map(String::as_str)
        .collect();
    let theirs: Vec<&str> = keys.iter().map(|k| k.name()).collect();
    assert_eq!(listed[listed.len() - keys.len()..], theirs[..]);
    // A record that writes an expansion's key reads with the commands'
    // loader, and is refused, the key named, by a loader without it.
    let text = "tilesets: [base, tower]\nplayers: [red, blue]\nturns:\n  - { tile: TW02, at: [1, 0], tower: { at: [1, 0] } }\n";
    let src = carca::source::SourceFile::new("keyed.yaml", text);
    let dir = Path::new("");
    assert!(carca::record::parse(&carca::expansions::loader(), &src, dir).is_ok());
    let refused = carca::record::parse(&carca::loader::Loader::default(), &src, dir)
        .expect_err("no loader of the base game takes `tower`");
    let said: Vec<String> = refused.iter().map(ToString::to_string).collect();
    assert_eq!(said, ["unknown key `tower`"]);
}

/// The expansions' snapshot keys are listed once, in the registry; none
/// takes a name of the base game's keys; the record's schema lists them
/// after the board and its followers; only a loader that carries them
/// reads them; and a history that writes one is told it belongs to
/// snapshots.
#[test]
fn snapshot_keys_are_listed_once_and_read_by_their_expansion() {
    let keys = carca::expansions::RECORD_KEYS.snapshot;
    let names: Vec<&str> = keys.iter().map(|k| k.name()).collect();
    let unique: BTreeSet<&str> = names.iter().copied().collect();
    assert_eq!(unique.len(), names.len(), "a snapshot key is listed twice");
    let schema = carca::record::schema(&[], &[], carca::expansions::RECORD_KEYS);
    let listed: Vec<&str> = schema["properties"]
        .as_object()
        .expect("a record's keys")
        .keys()
        .map(String::as_str)
        .collect();
    let after = listed
        .iter()
        .position(|k| *k == "meeples")
        .expect("meeples")
        + 1;
    assert_eq!(listed[after..after + names.len()], names[..]);
    let base = carca::record::schema(&[], &[], carca::record::RecordKeys::NONE);
    let base: BTreeSet<&str> = base["properties"]
        .as_object()
        .expect("a record's keys")
        .keys()
        .map(String::as_str)
        .collect();
    assert!(names.iter().all(|n| !base.contains(n)), "{names:?}");
    let dir = Path::new("");
    let snapshot = "tilesets: [base, tower]\nplayers: [red, blue]\ntowers: [{ at: [1, 0], height: 1 }]\nboard:\n  - { tile: TW02, at: [1, 0] }\n";
    let src = carca::source::SourceFile::new("towers.yaml", snapshot);
    let read = carca::record::parse(&carca::expansions::loader(), &src, dir).expect("reads");
    assert!(format!("{:?}", read.snapshot).contains("Heights"));
    let refused = carca::record::parse(&carca::loader::Loader::default(), &src, dir)
        .expect_err("no loader of the base game takes `towers`");
    let said: Vec<String> = refused.iter().map(ToString::to_string).collect();
    assert_eq!(said, ["unknown key `towers`"]);
    let history = "tilesets: [base, tower]\nplayers: [red, blue]\ntowers: [{ at: [1, 0], height: 1 }]\nturns:\n  - { tile: TW02, at: [1, 0] }\n";
    let src = carca::source::SourceFile::new("towers.yaml", history);
    let refused = carca::record::parse(&carca::expansions::loader(), &src, dir)
        .expect_err("a history does not take `towers`");
    let said: Vec<String> = refused.iter().map(ToString::to_string).collect();
    assert!(said[0].contains("belongs to snapshots"), "{said:?}");
}

/// Every act the page records is declared once by its expansion: its
/// name is unique, and it writes a key a turn takes (a deployment, or an
/// expansion's turn key).
#[test]
fn the_pages_acts_are_declared_once_and_write_turn_keys() {
    let acts: Vec<&carca::expansions::PageAct> = carca::expansions::PAGE_ACTS
        .iter()
        .flat_map(|list| list.iter())
        .collect();
    assert!(!acts.is_empty());
    let names: BTreeSet<&str> = acts.iter().map(|a| a.name).collect();
    assert_eq!(
        names.len(),
        acts.len(),
        "an act of the page is declared twice"
    );
    let keys: Vec<&str> = carca::expansions::RECORD_KEYS
        .turn
        .iter()
        .map(|k| k.name())
        .chain([carca::record::DEPLOY_KEY])
        .collect();
    for a in acts {
        assert!(
            keys.contains(&a.writes),
            "`{}` writes `{}`",
            a.name,
            a.writes
        );
        assert!(!a.menu.is_empty() && !a.hint.is_empty(), "{}", a.name);
    }
}

/// The files outside `src/expansions/` (the page's modules included)
/// whose code names any of `words`.
fn files_naming(words: &[&str]) -> BTreeSet<PathBuf> {
    generic_code_lines()
        .into_iter()
        .filter(|(_, lines)| {
            lines.iter().any(|(_, _, judged)| {
                judged
                    .split(|c: char| !is_ident(c))
                    .flat_map(identifier_words)
                    .any(|w| words.contains(&w.as_str()))
            })
        })
        .map(|(rel, _)| rel)
        .collect()
}

/// At most six files outside the expansions' folders name the figures of
/// Abbey & Mayor, the prisoners of The Tower, or the figures and places
/// of The Princess & the Dragon.
#[test]
fn few_generic_files_name_an_expansions_figures() {
    // The words of Abbey & Mayor, of The Tower without its tower, and of
    // The Princess & the Dragon.
    let words = |k: usize| EXPANSION_WORDS[k].1;
    let prisoners: Vec<&str> = words(5)
        .iter()
        .copied()
        .filter(|w| !w.starts_with("tower"))
        .collect();
    let groups: [(&str, &[&str]); 3] = [
        ("the mayor, wagon or barn", words(4)),
        ("captures, prisoners or ransom", &prisoners),
        ("the dragon, fairy, princess, portal or volcano", words(6)),
    ];
    let mut report = String::new();
    for (name, words) in groups {
        let files = files_naming(words);
        if files.len() > 6 {
            let _ = writeln!(report, "  {name}: {} files: {files:?}", files.len());
        }
    }
    assert!(report.is_empty(), "more than six files name:\n{report}");
}

/// The expansions' `[points]` rows are declared once, in their folders:
/// no key twice, none of the base game's; the ruleset schema lists them
/// after the base game's; a ruleset read with them sets them, and one read
/// without them is told the key is unknown.
#[test]
fn points_rows_are_declared_by_their_expansions() {
    use carca::rules::table::{POINTS, every_rate};
    let rates = &carca::expansions::RATES;
    let keys: Vec<&str> = every_rate(rates).map(|p| p.key).collect();
    let unique: BTreeSet<&str> = keys.iter().copied().collect();
    assert_eq!(unique.len(), keys.len(), "a [points] key is declared twice");
    let schema = carca::rules::schema_with(&carca::expansions::OPTIONS, rates);
    let listed: Vec<&str> = schema["properties"]["points"]["properties"]
        .as_object()
        .expect("the [points] keys")
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(listed, keys);
    let row = rates
        .iter()
        .flat_map(|r| r.iter())
        .find_map(|r| match r {
            carca::rules::table::Row::Point(p) => Some(p),
            carca::rules::table::Row::Piece(_) => None,
        })
        .expect("an expansion's [points] row");
    assert!(!POINTS.iter().any(|p| p.key == row.key));
    let text = format!(
        "name = \"house\"\nextends = \"modern\"\n[points]\n{} = {}\n",
        row.key,
        row.modern + 2
    );
    let dir = std::env::temp_dir().join(format!("carca-rates-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    std::fs::write(dir.join("house.toml"), &text).expect("written");
    let loader = carca::loader::Loader::default();
    let with = carca::rules::Declared {
        options: &carca::expansions::OPTIONS,
        rates,
        ..carca::rules::Declared::default()
    };
    let read = carca::rules::load_with(&loader, "house.toml", &dir, &with).expect("reads");
    assert_eq!(read.points.rate(row), row.modern + 2);
    assert_eq!(carca::rules::Ruleset::modern().points.rate(row), row.modern);
    let bare = carca::rules::Declared::default();
    let refused = carca::rules::load_with(&loader, "house.toml", &dir, &bare)
        .expect_err("a ruleset read without the expansions' rows");
    assert!(refused[0].to_string().contains(row.key), "{refused:?}");
    // A tile set's modifier may not take a declared row's key.
    let set = format!(
        "name: clash\nrequires: [base]\nmodifiers:\n  - {{ name: {}, on: road, counted: {{ complete: 1, incomplete: 1 }} }}\ntiles:\n  - {{ id: Z1, edges: FRFR, with: [{}] }}\n",
        row.key, row.key
    );
    std::fs::write(dir.join("clash.yaml"), set).expect("written");
    let clash = carca::tileset::load(&carca::expansions::loader(), "clash.yaml", &dir);
    let plain = carca::tileset::load(&loader, "clash.yaml", &dir);
    let _ = std::fs::remove_dir_all(&dir);
    let said = format!("{:?}", clash.expect_err("the row's key is taken"));
    assert!(said.contains(&format!("points.{}", row.key)), "{said}");
    assert!(plain.is_ok(), "{plain:?}");
}

/// The pieces `[figures]` counts (a tower's) are declared by their
/// expansion too: listed in the `[figures]` schema, and given each player
/// by the number of players when the tiles in play bring them.
#[test]
fn pieces_are_declared_by_their_expansions() {
    use carca::rules::table::every_piece;
    let rates = &carca::expansions::RATES;
    let piece = every_piece(rates).next().expect("an expansion's piece");
    let schema = carca::rules::schema_with(&carca::expansions::OPTIONS, rates);
    assert!(schema["properties"]["figures"]["properties"][piece.key].is_object());
    let text = "tilesets: [base, tower]\nplayers: [red, blue]\nturns: []\n";
    let src = carca::source::SourceFile::new("pieces.yaml", text);
    let record = carca::record::parse(&carca::expansions::loader(), &src, Path::new(""))
        .expect("a record with the tower");
    let catalog = &record.catalog;
    assert!((piece.in_play)(catalog));
    let modern = carca::rules::Ruleset::modern();
    for players in 2..=6 {
        let with = modern.with_brought(catalog, players, rates);
        assert_eq!(
            with.figures.get(piece.key),
            Some(&(piece.per_players)(players))
        );
        let without = modern.with_brought(catalog, players, &[]);
        assert_eq!(without.figures.get(piece.key), None);
    }
}

/// A turn's phases are walked in one place: the referee's turn
/// (`engine/referee.rs`), which every command asks (`score`, `moves` and
/// the page through `position()`, `gen` through a seat of its own). No
/// other file outside the expansions keeps the turn order or drives a
/// phase: the generator cannot walk the phases in another order than
/// the referee's.
#[test]
fn the_turn_is_walked_by_the_referee_alone() {
    // What drives a turn: the turn order, the phases' calls that only a
    // turn makes, and the scoring of what a placement completed. The
    // board's and the mechanics' own files define them and `turns.rs` is
    // the turn order; `position.rs` also scores a placement tried on a
    // copy of the board for `carca moves` (to list where the figures sent
    // home could go), which walks no turn.
    let drivers: [(&str, &[&str]); 5] = [
        ("TurnOrder::new(", &["engine/turns.rs"]),
        (".begins(", &["engine/mechanic.rs"]),
        (".turn_ended(", &["engine/mechanic.rs"]),
        (".after_the_end(", &["engine/mechanic.rs"]),
        (
            ".score_completed(",
            &["engine/game.rs", "engine/position.rs"],
        ),
    ];
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    walk(&src, &mut files);
    let mut found = Vec::new();
    for file in files {
        let rel = file.strip_prefix(&src).expect("under src");
        let rel_text = rel.to_string_lossy().replace('\\', "/");
        if rel_text.starts_with("expansions/") || rel_text == "engine/referee.rs" {
            continue;
        }
        let code = code_of(&std::fs::read_to_string(&file).expect("source"));
        for (d, allowed) in drivers {
            if code.contains(d) && !allowed.contains(&rel_text.as_str()) {
                found.push(format!("{rel_text}: {d}"));
            }
        }
    }
    assert!(
        found.is_empty(),
        "only the referee walks a turn's phases; found elsewhere:\n{}",
        found.join("\n")
    );
    // And the generator does play through it.
    let generator = code_of(&std::fs::read_to_string(src.join("generator.rs")).expect("source"));
    assert!(generator.contains("impl Seat for") && generator.contains(".turn(&"));
}
