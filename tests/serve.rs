//! `carca serve`: its API answers as the commands do, reads nothing but
//! what a request sends, and refuses bad requests with diagnostics; the
//! real server bounds what it reads and whom it answers.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use carca::cli::serve::api::{self, Query, Reply};

use crate::common::{carca, loader, stdout_json};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

type Call = fn(&carca::loader::Loader, &Query, &[u8]) -> Reply;

/// A refused request as the snapshot shows it: status, code, words, help.
fn refusal(what: &str, reply: &Reply) -> String {
    let first = &json(reply)["diagnostics"][0];
    format!(
        "{what}: {} {}\n  {}\n  help: {}\n",
        reply.status,
        first["code"].as_str().unwrap_or("(no code)"),
        first["message"].as_str().unwrap_or(""),
        first["help"].as_str().unwrap_or("(no help)"),
    )
}

fn query(pairs: &[(&str, &str)]) -> Query {
    pairs
        .iter()
        .map(|(k, v)| ((*k).to_string(), (*v).to_string()))
        .collect()
}

fn json(reply: &Reply) -> serde_json::Value {
    serde_json::from_slice(&reply.body).expect("a JSON reply")
}

/// A verdict without the names of the files it came from.
fn verdict(mut v: serde_json::Value) -> serde_json::Value {
    v["record"] = serde_json::Value::Null;
    if let Some(list) = v["diagnostics"].as_array_mut() {
        for d in list {
            d["file"] = serde_json::Value::Null;
        }
    }
    v
}

#[test]
fn the_api_scores_as_carca_score_does() {
    let mut checked = 0;
    for dir in ["fixtures/records", "fixtures/illegal"] {
        let mut files: Vec<_> = std::fs::read_dir(Path::new(ROOT).join(dir))
            .expect("fixtures")
            .map(|e| e.expect("entry").path())
            .filter(|p| p.extension().is_some_and(|e| e == "yaml"))
            .collect();
        files.sort();
        for path in files {
            let text = std::fs::read_to_string(&path).expect("fixture");
            // Records that name files of their own are read with them sent
            // (below); here, those that name only built-in data.
            if text.contains(".yaml") || text.contains(".toml") {
                continue;
            }
            let shown = crate::common::relative(&path);
            for rules in ["", "first-edition"] {
                let mut args = vec!["score", shown.as_str(), "--format", "json"];
                if !rules.is_empty() {
                    args.extend(["--rules", rules]);
                }
                let cli = stdout_json(&carca(&args));
                let reply = api::score(loader(), &query(&[("rules", rules)]), text.as_bytes());
                let expected_status = if cli.get("ruleset").is_some() {
                    200
                } else {
                    400
                };
                assert_eq!(reply.status, expected_status, "{shown} {rules}");
                assert_eq!(verdict(json(&reply)), verdict(cli), "{shown} {rules}");
                checked += 1;
            }
        }
    }
    assert!(checked > 100, "only {checked} records compared");
}

#[test]
fn compare_and_moves_answer_as_the_commands_do() {
    let file = "fixtures/records/three-farm-editions.yaml";
    let text = std::fs::read_to_string(Path::new(ROOT).join(file)).expect("fixture");
    let cli = stdout_json(&carca(&["compare", file, "--format", "json"]));
    let reply = api::compare(loader(), &Query::new(), text.as_bytes());
    assert_eq!(reply.status, 200);
    assert_eq!(verdict(json(&reply)), verdict(cli));

    let file = "fixtures/records/full-game-72.yaml";
    let text = std::fs::read_to_string(Path::new(ROOT).join(file)).expect("fixture");
    let cli = stdout_json(&carca(&[
        "moves", file, "--tile", "C", "--turn", "29", "--format", "json",
    ]));
    let reply = api::moves(
        loader(),
        &query(&[("tile", "C"), ("turn", "29")]),
        text.as_bytes(),
    );
    assert_eq!(reply.status, 200);
    let mut got = json(&reply);
    assert_eq!(got["ended"], false);
    got.as_object_mut().expect("an object").remove("ended");
    assert_eq!(verdict(got), verdict(cli));
}

#[test]
fn the_board_of_a_position_names_every_spot_and_figure() {
    let text =
        std::fs::read_to_string(Path::new(ROOT).join("fixtures/records/three-farm-editions.yaml"))
            .expect("fixture");
    let reply = api::board(loader(), &Query::new(), text.as_bytes());
    assert_eq!(reply.status, 200);
    let v = json(&reply);
    assert_eq!(v["mode"], "snapshot");
    assert_eq!(v["tiles"].as_array().map(Vec::len), Some(5));
    let g = &v["tiles"][1];
    assert_eq!(
        (g["tile"].as_str(), g["rot"].as_u64()),
        (Some("G"), Some(90))
    );
    // The spots of G name the features events name.
    let names: Vec<&str> = g["spots"]
        .as_array()
        .expect("spots")
        .iter()
        .filter_map(|s| s["feature"].as_str())
        .collect();
    assert!(names.contains(&"farm at (0,1) WSW"), "{names:?}");
    assert!(names.contains(&"farm at (0,1) ENE"), "{names:?}");
    assert_eq!(v["figures"].as_array().map(Vec::len), Some(3));
    let g_left = v["palette"]
        .as_array()
        .expect("palette")
        .iter()
        .find(|t| t["tile"] == "G")
        .expect("G")["left"]
        .as_u64();
    assert_eq!(g_left, Some(0));
}

#[test]
fn a_request_reads_only_the_files_it_sends() {
    let file = "fixtures/records/modifiers.yaml";
    let text = std::fs::read_to_string(Path::new(ROOT).join(file)).expect("fixture");
    assert!(text.contains("../sets/wells-and-lakes.yaml"));
    // Not sent: not read, though it lies beside the server's files.
    let reply = api::score(loader(), &Query::new(), text.as_bytes());
    assert_eq!(reply.status, 400);
    let codes: Vec<String> = json(&reply)["diagnostics"]
        .as_array()
        .expect("diagnostics")
        .iter()
        .map(|d| d["code"].as_str().unwrap_or("").to_string())
        .collect();
    assert!(
        codes.contains(&"carca::serve::not_uploaded".to_string()),
        "{codes:?}"
    );

    // Sent: read from the request, and scored as carca score does.
    let set = std::fs::read_to_string(Path::new(ROOT).join("fixtures/sets/wells-and-lakes.yaml"))
        .expect("set");
    let envelope = serde_json::json!({
        "record": text,
        "files": { "../sets/wells-and-lakes.yaml": set },
    });
    let reply = api::score(loader(), &Query::new(), envelope.to_string().as_bytes());
    assert_eq!(
        reply.status,
        200,
        "{}",
        String::from_utf8_lossy(&reply.body)
    );
    let cli = stdout_json(&carca(&["score", file, "--format", "json"]));
    assert_eq!(json(&reply)["totals"], cli["totals"]);
    assert_eq!(json(&reply)["events"], cli["events"]);

    // A ruleset by path, and a path out of the tree: never read.
    for record in [
        "players: [a]\nrules: /etc/passwd\nturns: []\n",
        "players: [a]\ntilesets: [/etc/hostname]\nturns: []\n",
        "players: [a]\nrules: ../../Cargo.toml\nturns: []\n",
    ] {
        let reply = api::score(loader(), &Query::new(), record.as_bytes());
        assert_eq!(reply.status, 400);
        let body = String::from_utf8_lossy(&reply.body);
        assert!(body.contains("carca::serve::not_uploaded"), "{body}");
        assert!(
            !body.contains("root:") && !body.contains("[package]"),
            "{body}"
        );
    }
}

#[test]
fn bad_requests_get_a_diagnostic() {
    let full = std::fs::read_to_string(Path::new(ROOT).join("fixtures/records/full-game-72.yaml"))
        .expect("fixture");
    let good = "players: [red, blue]\nturns:\n  - { tile: V, at: [1, 0], rot: 90 }\n";
    let score: Call = api::score;
    let moves: Call = api::moves;
    let board: Call = api::board;
    let record: Call = |l, _, b| api::record(l, b);
    let cases: Vec<(&str, Call, Query, Vec<u8>)> = vec![
        (
            "body not UTF-8",
            score,
            Query::new(),
            vec![0xff, 0xfe, 0x00],
        ),
        ("empty body", score, Query::new(), Vec::new()),
        (
            "malformed YAML",
            score,
            Query::new(),
            b"players: [red\n".to_vec(),
        ),
        (
            "malformed JSON",
            score,
            Query::new(),
            b"{\"players\": [\"red\"".to_vec(),
        ),
        (
            "unknown key",
            score,
            Query::new(),
            b"players: [a]\nturns: []\nboard_size: 3\n".to_vec(),
        ),
        (
            "envelope with a stray key",
            score,
            Query::new(),
            br#"{"record": "players: [a]", "file": {}}"#.to_vec(),
        ),
        (
            "envelope files not text",
            score,
            Query::new(),
            br#"{"record": "players: [a]", "files": {"a.yaml": 3}}"#.to_vec(),
        ),
        (
            "unknown ruleset",
            score,
            query(&[("rules", "fifth-edition")]),
            good.as_bytes().to_vec(),
        ),
        (
            "moves of an unknown tile",
            moves,
            query(&[("tile", "Q7")]),
            good.as_bytes().to_vec(),
        ),
        (
            "moves at a turn that is no number",
            moves,
            query(&[("tile", "V"), ("turn", "first")]),
            good.as_bytes().to_vec(),
        ),
        (
            "moves after the last turn",
            moves,
            query(&[("tile", "V"), ("turn", "9")]),
            good.as_bytes().to_vec(),
        ),
        (
            "a position of a turn of a snapshot",
            board,
            query(&[("turn", "1")]),
            b"players: [a]\nboard: []\n".to_vec(),
        ),
        (
            "a record that is not one",
            record,
            Query::new(),
            b"- just\n- a list\n".to_vec(),
        ),
        (
            "a list where a record is",
            score,
            Query::new(),
            b"[1, 2, 3]".to_vec(),
        ),
        (
            "a game of the wrong shape",
            score,
            Query::new(),
            full.replace("at: [", "at: [[").into_bytes(),
        ),
    ];
    let mut shown = String::new();
    for (what, call, q, body) in cases {
        let reply = call(loader(), &q, &body);
        let v = json(&reply);
        let first = &v["diagnostics"][0];
        shown.push_str(&refusal(what, &reply));
        assert!(reply.status >= 400, "{what}");
        assert!(
            first["code"].is_string() && first["help"].is_string(),
            "{what}: {v}"
        );
    }
    for (what, q) in [
        (
            "a picture of an unknown set",
            query(&[("set", "fan"), ("tile", "A")]),
        ),
        (
            "a picture of an unknown tile",
            query(&[("set", "base"), ("tile", "Z")]),
        ),
        (
            "a picture turned 45°",
            query(&[("set", "base"), ("tile", "A"), ("rot", "45")]),
        ),
    ] {
        shown.push_str(&refusal(what, &api::tile_svg(loader(), &q)));
    }
    insta::assert_snapshot!(shown);
}

#[test]
fn tile_pictures_are_svg_turned_as_asked() {
    let reply = api::tile_svg(
        loader(),
        &query(&[("set", "base"), ("tile", "V"), ("rot", "270")]),
    );
    assert_eq!((reply.status, reply.content_type), (200, "image/svg+xml"));
    let svg = String::from_utf8(reply.body).expect("text");
    assert!(
        svg.starts_with("<svg") && svg.contains("rotate(270 50 50)"),
        "{svg}"
    );
    let names: Vec<String> = json(&api::rulesets())["rulesets"]
        .as_array()
        .expect("rulesets")
        .iter()
        .map(|r| r["name"].as_str().unwrap_or("").to_string())
        .collect();
    assert_eq!(names, carca::rules::BUILTIN.map(String::from).to_vec());
    let sets = json(&api::tilesets(loader()));
    assert_eq!(sets["tilesets"][0]["name"], "base");
    assert_eq!(
        sets["tilesets"][0]["tiles"].as_array().map(Vec::len),
        Some(24)
    );
}

/// A running `carca serve`, stopped when dropped.
struct Server {
    child: Child,
    addr: String,
}

impl Server {
    fn start(args: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_carca"))
            .args(["serve", "--port", "0"])
            .args(args)
            .current_dir(ROOT)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("carca serve starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("stdout"))
            .read_line(&mut line)
            .expect("its address");
        let addr = line
            .trim()
            .trim_start_matches("http://")
            .trim_end_matches('/')
            .to_string();
        assert!(addr.starts_with("127.0.0.1:"), "{line}");
        Server { child, addr }
    }

    /// Sends raw bytes; returns the status and the whole response.
    fn send(&self, request: &[u8]) -> (u16, String) {
        let mut s = TcpStream::connect(&self.addr).expect("connects");
        s.set_read_timeout(Some(Duration::from_secs(20)))
            .expect("timeout");
        s.write_all(request).expect("sends");
        let mut out = Vec::new();
        let _ = s.read_to_end(&mut out);
        let text = String::from_utf8_lossy(&out).into_owned();
        let status = text
            .split(' ')
            .nth(1)
            .and_then(|c| c.parse().ok())
            .unwrap_or(0);
        (status, text)
    }

    fn request(&self, method: &str, path: &str, headers: &str, body: &[u8]) -> (u16, String) {
        let mut r = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nContent-Length: {}\r\n{headers}\r\n",
            self.addr,
            body.len()
        )
        .into_bytes();
        r.extend_from_slice(body);
        self.send(&r)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn the_server_bounds_what_it_reads_and_whom_it_answers() {
    let server = Server::start(&["--max-body-kib", "4", "--timeout", "1"]);
    let record = std::fs::read("fixtures/illegal/claim-mismatch.yaml")
        .or_else(|_| std::fs::read(Path::new(ROOT).join("fixtures/illegal/claim-mismatch.yaml")))
        .expect("fixture");

    let (status, page) = server.request("GET", "/", "", b"");
    assert_eq!(status, 200);
    // The page's script is native ES modules: every module of the page's
    // folder is served as a script, and every module imports only modules
    // that are.
    let dir = Path::new(ROOT).join("src/cli/serve/assets");
    let mut modules = 0;
    for entry in std::fs::read_dir(&dir).expect("the page's folder") {
        let path = entry.expect("an entry").path();
        if path.extension().and_then(|e| e.to_str()) != Some("js") {
            continue;
        }
        let name = path.file_name().and_then(|n| n.to_str()).expect("a name");
        let (status, reply) = server.request("GET", &format!("/{name}"), "", b"");
        assert_eq!(status, 200, "/{name}");
        assert!(
            reply.contains("content-type: text/javascript"),
            "/{name}: {reply}"
        );
        let text = std::fs::read_to_string(&path).expect("a module");
        for line in text.lines().filter(|l| l.starts_with("import ")) {
            let from = line.rsplit("from './").next().expect("a module's path");
            let imported = from.trim_end_matches("';");
            assert!(dir.join(imported).is_file(), "{name} imports {imported}");
        }
        modules += 1;
    }
    assert!(modules >= 6, "{modules}");
    assert!(
        page.contains("data-record")
            && page.contains("content-security-policy: default-src 'none'"),
        "{page}"
    );
    let (status, reply) = server.request("POST", "/api/score", "", &record);
    assert_eq!(status, 200, "{reply}");
    assert!(reply.contains("\"totals\""), "{reply}");

    let cases: Vec<(&str, u16, &str, (u16, String))> = vec![
        ("a body over the limit", 413, "carca::serve::too_large",
            server.request("POST", "/api/score", "", &vec![b'#'; 5000])),
        ("another host", 421, "carca::serve::host",
            server.send(b"GET /api/rulesets HTTP/1.1\r\nHost: carca.example\r\nConnection: close\r\n\r\n")),
        ("another origin", 403, "carca::serve::origin",
            server.request("POST", "/api/score", "Origin: http://carca.example\r\n", &record)),
        ("an unknown address", 404, "carca::serve::not_found",
            server.request("GET", "/etc/passwd", "", b"")),
        ("a method not taken", 405, "carca::serve::method",
            server.request("PUT", "/api/score", "", &record)),
        ("an unknown ruleset", 400, "carca::io::unknown_name",
            server.request("POST", "/api/score?rules=%ZZ", "", &record)),
        ("a body that never comes", 503, "carca::serve::timeout",
            server.send(format!("POST /api/score HTTP/1.1\r\nHost: {}\r\nContent-Length: 900\r\n\r\nplayers: [a]", server.addr).as_bytes())),
    ];
    for (what, status, code, (got, reply)) in cases {
        assert_eq!(got, status, "{what}: {reply}");
        assert!(
            reply.contains(code) && reply.contains("\"help\""),
            "{what}: {reply}"
        );
    }
    // Garbage is refused, and the server goes on answering.
    let (status, _) = server.send(b"\x16\x03\x01 not http at all\r\n\r\n");
    assert!(status == 0 || status == 400, "{status}");
    let (status, _) = server.request("GET", "/api/rulesets", "", b"");
    assert_eq!(status, 200);
}

#[test]
fn serve_reports_a_record_it_cannot_read_and_a_port_in_use() {
    let (code, _, err) = crate::common::binary(&["serve", "--port", "0", "no/such/record.yaml"]);
    assert_eq!(code, 2);
    assert!(err.contains("carca::io::read"), "{err}");
    let server = Server::start(&[]);
    let port = server.addr.rsplit(':').next().expect("a port");
    let (code, _, err) = crate::common::binary(&["serve", "--port", port]);
    assert_eq!(code, 2);
    assert!(err.contains("--port"), "{err}");
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

    /// Whatever a request carries, each endpoint answers with JSON: a
    /// verdict, or a refusal with a diagnostic; never a panic.
    #[test]
    fn any_body_gets_an_answer(
        cut in 0usize..4000,
        flips in proptest::collection::vec((0usize..4000, proptest::prelude::any::<u8>()), 0..6),
        turn in proptest::option::of(0usize..80),
    ) {
        let full = std::fs::read(Path::new(ROOT).join("fixtures/records/full-game-72.yaml"))
            .expect("fixture");
        let mut body = full[..cut.min(full.len())].to_vec();
        for (at, byte) in flips {
            if let Some(b) = body.get_mut(at) {
                *b = byte;
            }
        }
        let mut q = query(&[("tile", "V")]);
        if let Some(t) = turn {
            q.insert("turn".to_string(), t.to_string());
        }
        let calls: [(&str, Call); 4] = [
            ("score", api::score),
            ("moves", api::moves),
            ("position", api::board),
            ("record", |l, _, b| api::record(l, b)),
        ];
        for (name, call) in calls {
            let reply = call(loader(), &q, &body);
            let v = json(&reply);
            if reply.status == 200 {
                proptest::prop_assert!(v.is_object(), "{}", name);
            } else {
                proptest::prop_assert!(reply.status >= 400 && reply.status < 500, "{} {}", name, reply.status);
                proptest::prop_assert!(v["diagnostics"][0]["code"].is_string(), "{}: {}", name, v);
            }
        }
    }
}

#[test]
fn the_page_is_told_the_figures_of_the_sets_in_play() {
    // A record with a fan set declaring figures, sent with its set: the
    // board's figure table lists the built-in figures and the declared ones,
    // which the page's figure menu offers.
    let text = std::fs::read_to_string(
        Path::new(ROOT).join("fixtures/records/declared-figures-history.yaml"),
    )
    .expect("fixture");
    let set = std::fs::read_to_string(Path::new(ROOT).join("fixtures/sets/scouts-and-hounds.yaml"))
        .expect("set");
    let envelope = serde_json::json!({
        "record": text,
        "files": { "../sets/scouts-and-hounds.yaml": set },
    });
    let reply = api::board(loader(), &Query::new(), envelope.to_string().as_bytes());
    assert_eq!(
        reply.status,
        200,
        "{}",
        String::from_utf8_lossy(&reply.body)
    );
    let v = json(&reply);
    let kinds: Vec<(&str, bool)> = v["figure_kinds"]
        .as_array()
        .expect("figure_kinds")
        .iter()
        .map(|k| (k["name"].as_str().unwrap_or(""), k["companion"] == true))
        .collect();
    assert_eq!(
        kinds,
        [
            ("follower", false),
            ("big", false),
            ("builder", true),
            ("pig", true),
            ("mayor", false),
            ("wagon", false),
            ("barn", false),
            ("scout", false),
            ("marshal", false),
            ("hound", true),
        ]
    );
    let hound = &v["figure_kinds"][9];
    assert_eq!(hound["stands"], serde_json::json!(["field"]));
    // Each player has one of each declared figure, and no builder.
    assert_eq!(
        (
            hound["supply"].as_u64(),
            v["figure_kinds"][2]["supply"].as_u64()
        ),
        (Some(1), Some(0))
    );
}

#[test]
fn the_board_is_typed_json_that_its_schema_describes() {
    // `carca schema board` describes what POST /api/position answers, for
    // fixtures of every expansion, at the end and before a turn, and with
    // the pictures of a fan set's tiles.
    let schema: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(Path::new(ROOT).join("docs/schema/board.json")).expect("schema"),
    )
    .expect("JSON");
    let validator = jsonschema::validator_for(&schema).expect("board schema");
    let mut checked = 0;
    for (file, sent) in [
        ("fixtures/records/three-farm-editions.yaml", None),
        ("fixtures/records/tb-builder.yaml", None),
        ("fixtures/records/tb-builder-abbey.yaml", None),
        ("fixtures/records/river-game.yaml", None),
        (
            "fixtures/records/declared-figures-history.yaml",
            Some((
                "../sets/scouts-and-hounds.yaml",
                "fixtures/sets/scouts-and-hounds.yaml",
            )),
        ),
    ] {
        let text = std::fs::read_to_string(Path::new(ROOT).join(file)).expect("fixture");
        let body = match sent {
            None => text,
            Some((name, path)) => serde_json::json!({
                "record": text,
                "files": { name: std::fs::read_to_string(Path::new(ROOT).join(path)).expect("set") },
            })
            .to_string(),
        };
        let snapshot = file.ends_with("three-farm-editions.yaml");
        for q in [vec![], vec![("turn", "2")], vec![("pictures", "1")]] {
            if snapshot && q.first().is_some_and(|(k, _)| *k == "turn") {
                continue; // a snapshot has no turns
            }
            let reply = api::board(loader(), &query(&q), body.as_bytes());
            assert_eq!(reply.status, 200, "{file} {q:?}");
            let v = json(&reply);
            let errors: Vec<String> = validator.iter_errors(&v).map(|e| e.to_string()).collect();
            assert!(errors.is_empty(), "{file} {q:?}: {errors:?}");
            checked += 1;
        }
    }
    assert_eq!(checked, 14);
}

#[test]
fn with_host_the_server_still_answers_only_for_its_own_names() {
    // --host opens the page to the network but keeps the Host check: a
    // page elsewhere that rebinds its own domain to this machine gets 421,
    // while this machine's addresses and the names the user allows work.
    let server = Server::start(&["--host", "127.0.0.1", "--allow-host", "table.local"]);
    let port = server
        .addr
        .rsplit_once(':')
        .map_or("", |(_, p)| p)
        .to_string();
    let get = |host: &str| {
        server.send(
            format!("GET /api/rulesets HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n")
                .as_bytes(),
        )
    };
    let (status, body) = get("rebind.example");
    assert_eq!(status, 421, "{body}");
    assert!(body.contains("carca::serve::host"), "{body}");
    assert_eq!(get(&format!("rebind.example:{port}")).0, 421);
    assert_eq!(get(&server.addr).0, 200);
    assert_eq!(get(&format!("localhost:{port}")).0, 200);
    assert_eq!(get(&format!("table.local:{port}")).0, 200);
}

#[test]
fn files_a_record_names_outside_its_folder_are_said_at_start() {
    // The page shows the text of the tile sets and rulesets the opened
    // record names; one outside the record's folder is said on standard
    // error before anything is served.
    let dir = std::env::temp_dir().join(format!("carca-outside-{}", std::process::id()));
    let inner = dir.join("games");
    std::fs::create_dir_all(&inner).expect("folders");
    std::fs::write(
        dir.join("house.toml"),
        "name = \"house\"\nextends = \"modern\"\n",
    )
    .expect("ruleset");
    let record = inner.join("game.yaml");
    std::fs::write(
        &record,
        "rules: ../house.toml\nplayers: [red, blue]\nturns: []\n",
    )
    .expect("record");
    let mut child = Command::new(env!("CARGO_BIN_EXE_carca"))
        .args(["serve", "--port", "0"])
        .arg(&record)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("carca serve starts");
    let mut line = String::new();
    BufReader::new(child.stderr.take().expect("stderr"))
        .read_line(&mut line)
        .expect("a line");
    let _ = child.kill();
    let _ = child.wait();
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        line.starts_with("warning: the record names files outside its folder")
            && line.contains("../house.toml"),
        "{line}"
    );
}

#[test]
fn a_client_that_sends_its_request_too_slowly_is_closed_and_the_page_still_answered() {
    // Half a request, then silence: after --idle-timeout without an
    // answer the server closes the connection; meanwhile and after, other
    // requests are answered.
    let server = Server::start(&["--idle-timeout", "1"]);
    let mut slow = TcpStream::connect(&server.addr).expect("connects");
    slow.write_all(b"GET /api/rulesets HTTP/1.1\r\nHost: ")
        .expect("sends half");
    slow.set_read_timeout(Some(Duration::from_secs(10)))
        .expect("timeout");
    let (status, _) = server.request("GET", "/api/rulesets", "", b"");
    assert_eq!(status, 200);
    let started = std::time::Instant::now();
    let mut rest = Vec::new();
    // Closed by the server: the read ends (with nothing, or an error)
    // well before our own 10 s.
    let _ = slow.read_to_end(&mut rest);
    assert!(started.elapsed() < Duration::from_secs(8), "held for good");
    let (status, _) = server.request("GET", "/api/rulesets", "", b"");
    assert_eq!(status, 200);
}

#[test]
fn connections_beyond_the_limit_close_the_quietest_and_the_page_is_answered() {
    // More half-sent requests than the server holds connections: each new
    // connection closes the one silent the longest, so the page is still
    // answered at once, and the slow clients beyond the limit are closed.
    let server = Server::start(&[]);
    let mut slow = Vec::new();
    for _ in 0..300 {
        let mut s = TcpStream::connect(&server.addr).expect("connects");
        s.write_all(b"GET /api/rulesets HTTP/1.1\r\nHost: ")
            .expect("sends half");
        slow.push(s);
    }
    let (status, _) = server.request("GET", "/", "", b"");
    assert_eq!(status, 200);
    // The server holds at most 256 of them: the others end (with nothing,
    // or an error) well before the idle timeout of 30 s.
    let started = std::time::Instant::now();
    let mut closed = vec![false; slow.len()];
    while closed.iter().filter(|&&c| c).count() < 300 - 256
        && started.elapsed() < Duration::from_secs(10)
    {
        for (s, c) in slow.iter_mut().zip(closed.iter_mut()) {
            if *c {
                continue;
            }
            s.set_nonblocking(true).expect("nonblocking");
            let mut byte = [0u8; 1];
            *c = match s.read(&mut byte) {
                Ok(_) => true,
                Err(e) => e.kind() != std::io::ErrorKind::WouldBlock,
            };
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    assert!(
        closed.iter().filter(|&&c| c).count() >= 300 - 256,
        "connections beyond the limit were held"
    );
    let (status, _) = server.request("GET", "/api/rulesets", "", b"");
    assert_eq!(status, 200);
}

#[test]
fn the_page_draws_boards_of_bounded_size() {
    // A board of more tiles than the page draws is refused before it is
    // laid out (the memory of its reply is bounded), with a diagnostic.
    let server = Server::start(&[]);
    let record: String = std::iter::once("players: [red]\nboard:\n".to_string())
        .chain((1..=api::MAX_BOARD_TILES + 1).map(|x| format!("- {{tile: U, at: [{x}, 0]}}\n")))
        .collect();
    let (status, body) = server.request("POST", "/api/position", "", record.as_bytes());
    assert_eq!(status, 413, "{}", &body[..body.len().min(400)]);
    assert!(body.contains("carca::serve::board_too_large"), "{body}");
}

#[test]
fn every_answer_of_the_api_is_typed_json_that_its_schema_describes() {
    // Besides the board (above) and the commands' own JSON: the rulesets,
    // the tile sets, a record as data, the moves with `ended`, and the
    // record named on the command line, each against its committed schema.
    let validate = |kind: &str, v: &serde_json::Value| {
        let schema: serde_json::Value = serde_json::from_str(
            &std::fs::read_to_string(Path::new(ROOT).join(format!("docs/schema/{kind}.json")))
                .expect("schema"),
        )
        .expect("JSON");
        let validator = jsonschema::validator_for(&schema).expect("a schema");
        let errors: Vec<String> = validator.iter_errors(v).map(|e| e.to_string()).collect();
        assert!(errors.is_empty(), "{kind}: {errors:?}\n{v}");
    };
    let rulesets = json(&api::rulesets());
    assert_eq!(rulesets["rulesets"][0]["name"], "modern");
    validate("serve-rulesets", &rulesets);
    let tilesets = json(&api::tilesets(loader()));
    assert!(
        tilesets["tilesets"]
            .as_array()
            .is_some_and(|a| a.iter().any(|s| s["name"] == "abbey-mayor"))
    );
    validate("serve-tilesets", &tilesets);
    for file in [
        "fixtures/records/am-wagon.yaml",
        "fixtures/records/three-farm-editions.yaml",
        "fixtures/records/inline-ruleset.yaml",
    ] {
        let text = std::fs::read_to_string(Path::new(ROOT).join(file)).expect("fixture");
        let reply = api::record(loader(), text.as_bytes());
        assert_eq!(reply.status, 200, "{file}");
        validate("serve-record", &json(&reply));
    }
    let text = std::fs::read_to_string(Path::new(ROOT).join("fixtures/records/am-wagon.yaml"))
        .expect("fixture");
    let reply = api::moves(
        loader(),
        &query(&[("tile", "T"), ("turn", "2")]),
        text.as_bytes(),
    );
    let moves = json(&reply);
    assert_eq!(moves["ended"], false);
    validate("moves", &moves);
    let server = Server::start(&["fixtures/jcz/abbey-mayor.jcz"]);
    let (status, body) = server.request("GET", "/api/initial", "", b"");
    assert_eq!(status, 200);
    let (_, body) = body.split_once("\r\n\r\n").expect("a body");
    let initial: serde_json::Value = serde_json::from_str(body).expect("JSON");
    assert_eq!(initial["name"], "fixtures/jcz/abbey-mayor.jcz");
    validate("serve-initial", &initial);
    validate("serve-initial", &serde_json::Value::Null);
}

#[test]
fn serve_opens_a_record_from_standard_input() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_carca"))
        .args(["serve", "-", "--port", "0"])
        .current_dir(ROOT)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("carca serve starts");
    let record = std::fs::read("fixtures/records/small-city.yaml").expect("fixture");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(&record)
        .expect("sends the record");
    let mut line = String::new();
    BufReader::new(child.stdout.take().expect("stdout"))
        .read_line(&mut line)
        .expect("its address");
    let server = Server {
        child,
        addr: line
            .trim()
            .trim_start_matches("http://")
            .trim_end_matches('/')
            .to_string(),
    };
    let (status, body) = server.request("GET", "/api/initial", "", b"");
    assert_eq!(status, 200, "{body}");
    assert!(
        body.contains("\"name\": \"game.yaml\"") && body.contains("players: [red, blue]"),
        "{body}"
    );
}

#[test]
fn with_host_the_address_for_phones_is_printed_with_a_qr_code_of_it() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_carca"))
        .args(["serve", "--port", "0", "--host", "127.0.0.1"])
        .current_dir(ROOT)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("carca serve starts");
    let mut url = String::new();
    BufReader::new(child.stdout.take().expect("stdout"))
        .read_line(&mut url)
        .expect("its address");
    let url = url.trim().to_string();
    let mut said = Vec::new();
    for line in BufReader::new(child.stderr.take().expect("stderr")).lines() {
        let line = line.expect("a line");
        let last = line.starts_with("carca serve:");
        said.push(line);
        if last {
            break;
        }
    }
    let _ = child.kill();
    let _ = child.wait();
    assert!(
        said.iter()
            .any(|l| l.contains("on a phone") && l.contains(&url)),
        "{said:?}"
    );
    // The block of half blocks, read back into modules (a drawn half is a
    // light module), is the QR code of that address.
    let rows: Vec<Vec<bool>> = said
        .iter()
        .filter(|l| l.starts_with('█') || l.starts_with('▀') || l.starts_with('▄'))
        .flat_map(|l| {
            let (top, bottom): (Vec<bool>, Vec<bool>) = l
                .chars()
                .map(|c| (matches!(c, '█' | '▀'), matches!(c, '█' | '▄')))
                .unzip();
            [top, bottom]
        })
        .collect();
    let code = qrcode::QrCode::new(url.as_bytes()).expect("a code");
    let n = code.width();
    let colours = code.to_colors();
    let quiet = 4;
    assert!(rows.len() >= n + 2 * quiet, "{} rows", rows.len());
    for y in 0..n + 2 * quiet {
        assert_eq!(rows[y].len(), n + 2 * quiet, "row {y}");
        for x in 0..n + 2 * quiet {
            let dark = (quiet..quiet + n).contains(&x)
                && (quiet..quiet + n).contains(&y)
                && colours[(y - quiet) * n + (x - quiet)] == qrcode::Color::Dark;
            assert_eq!(rows[y][x], !dark, "module {x},{y}");
        }
    }
}
