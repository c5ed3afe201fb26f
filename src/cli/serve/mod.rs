//! `carca serve`: a local web page where a board is built by clicking and
//! adjudicated live, and the HTTP API behind it.
//!
//! * `api.rs`: each endpoint as a function from query and body to a reply;
//! * `http.rs`: routes, limits (body size, time, hosts, origins, the
//!   engine's work in flight), headers;
//! * `conn.rs`: the connections held (how many, how long without an
//!   answer);
//! * `assets/`: the page (HTML, native ES modules, one style sheet), embedded.

pub mod api;
mod conn;
pub mod http;

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use super::{Io, Limits};
use crate::loader::Loader;
use crate::report::diagnostics::{Style, render};

/// The port `carca serve` listens on unless told otherwise.
pub const DEFAULT_PORT: u16 = 7878;

/// `carca serve`'s arguments.
#[derive(Debug, Clone, clap::Args)]
pub struct ServeArgs {
    /// A record to open (YAML, JSON or a JCloisterZone save); without one
    /// the page starts from an empty base game.
    #[arg(value_name = "RECORD")]
    pub record: Option<String>,
    /// The port to listen on (0: any free port).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_PORT)]
    pub port: u16,
    /// Listen on the local network too, for a phone at the table: on every
    /// interface, or on ADDR. Anyone on that network can use the page.
    #[arg(long, value_name = "ADDR", num_args = 0..=1, default_missing_value = "0.0.0.0")]
    pub host: Option<IpAddr>,
    /// With --host: another name the page may be reached by (as a phone
    /// types it, `NAME` or `NAME:PORT`), beside this machine's own names
    /// and addresses; may be given again. Any other name is refused, so a
    /// web page elsewhere cannot reach the server through its own domain.
    #[arg(long, value_name = "NAME")]
    pub allow_host: Vec<String>,
    /// Open the page in the default browser.
    #[arg(long)]
    pub open: bool,
    /// The largest request body the server reads, in KiB.
    #[arg(long, value_name = "KIB", default_value_t = 1024, value_parser = clap::value_parser!(u32).range(1..=1_048_576))]
    pub max_body_kib: u32,
    /// The longest a request may take, in seconds, from its headers to the
    /// answer (a slow body included).
    #[arg(long, value_name = "SECS", default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub timeout: u64,
    /// How long a connection is held without an answer written on it: a
    /// request's headers must arrive within it, and an idle connection is
    /// closed after it.
    #[arg(long, value_name = "SECS", default_value_t = 30, value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub idle_timeout: u64,
    #[command(flatten)]
    pub limits: Limits,
}

/// Starts the server and serves until interrupted.
pub(crate) fn run(loader: Loader, args: &ServeArgs, style: Style, io: &mut Io) -> u8 {
    let initial = match &args.record {
        None => None,
        Some(path) => match read_initial(&loader, path) {
            Ok(initial) => Some(initial),
            Err(findings) => {
                let _ = io.stderr.write_all(render(&findings, style).as_bytes());
                return 2;
            }
        },
    };
    let ip = args.host.unwrap_or(IpAddr::V4(Ipv4Addr::LOCALHOST));
    let listener = match std::net::TcpListener::bind(SocketAddr::new(ip, args.port))
        .and_then(|l| l.set_nonblocking(true).map(|()| l))
    {
        Ok(l) => l,
        Err(e) => {
            let out = super::usage_error(&format!(
                "cannot listen on {ip} port {}: {e}{}",
                args.port,
                if e.kind() == std::io::ErrorKind::AddrInUse {
                    "; choose another with --port N (0 picks a free one)"
                } else {
                    ""
                }
            ));
            let _ = io.stderr.write_all(out.stderr.as_bytes());
            return out.code;
        }
    };
    let Ok(bound) = listener.local_addr() else {
        return 2;
    };
    let port = bound.port();
    // The names the page may be asked for: this machine's own, and with
    // --host its addresses on the network and the names the user allows.
    // Any other Host (a DNS-rebinding page's domain) is refused.
    let mut names: Vec<String> = ["127.0.0.1", "localhost", "[::1]"]
        .iter()
        .map(ToString::to_string)
        .collect();
    if args.host.is_some() {
        let mut ips = Vec::new();
        if !ip.is_unspecified() {
            ips.push(ip);
        }
        ips.extend(local_address());
        for ip in ips {
            names.push(match ip {
                IpAddr::V4(v4) => v4.to_string(),
                IpAddr::V6(v6) => format!("[{v6}]"),
            });
        }
        names.extend(args.allow_host.iter().cloned());
    }
    let hosts = Some(names.iter().map(|h| with_port(h, port)).collect());
    // On every interface, the address to give a phone is this machine's
    // on the local network.
    let shown = if bound.ip().is_unspecified() {
        local_address().map_or(bound, |ip| SocketAddr::new(ip, port))
    } else {
        bound
    };
    let url = format!("http://{shown}/");
    let _ = writeln!(io.stdout, "{url}");
    let _ = io.stdout.flush();
    if args.host.is_some() {
        let _ = writeln!(
            io.stderr,
            "warning: the page is open to the network on {bound}: anyone who can reach this machine can use it; leave out --host to serve this machine only"
        );
        let _ = writeln!(
            io.stderr,
            "on a phone at the table, open {url}, or point its camera at this code:"
        );
        if let Some(code) = qr(&url) {
            let _ = write!(io.stderr, "{code}");
        }
    }
    if let Some(i) = initial.as_ref().filter(|i| !i.outside.is_empty()) {
        let _ = writeln!(
            io.stderr,
            "warning: the record names files outside its folder, and the page shows their text: {}",
            i.outside
                .iter()
                .map(|n| crate::text::name(n))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    let _ = writeln!(
        io.stderr,
        "carca serve: {}; press Ctrl-C to stop",
        match &initial {
            Some(_) if args.record.as_deref() == Some("-") => {
                "opened the record on standard input (the page saves it as game.yaml)".to_string()
            }
            Some(i) => format!("opened {}", crate::text::name(&i.name)),
            None => "a new game".to_string(),
        }
    );
    let _ = io.stderr.flush();
    if args.open {
        open_browser(&url);
    }
    let app = Arc::new(http::App {
        loader,
        max_body: (args.max_body_kib as usize).saturating_mul(1024),
        timeout: Duration::from_secs(args.timeout),
        hosts,
        initial,
        // The engine's work in flight: one request a core, the others wait
        // (within their time limit), so memory stays bounded.
        work: Arc::new(tokio::sync::Semaphore::new(
            std::thread::available_parallelism().map_or(2, std::num::NonZero::get),
        )),
    });
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_io()
        .enable_time()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            let _ = writeln!(io.stderr, "error: cannot start the server: {e}");
            return 2;
        }
    };
    let idle = Duration::from_secs(args.idle_timeout);
    let served = runtime.block_on(async move {
        let listener = tokio::net::TcpListener::from_std(listener)?;
        let listener = conn::Bounded::new(listener, conn::MAX_CONNECTIONS, idle);
        axum::serve(listener, http::router(app))
            .with_graceful_shutdown(async {
                let _ = tokio::signal::ctrl_c().await;
            })
            .await
    });
    match served {
        Ok(()) => 0,
        Err(e) => {
            let _ = writeln!(io.stderr, "error: the server stopped: {e}");
            2
        }
    }
}

/// The record named on the command line (a JCloisterZone save is
/// imported): its text, and the tile sets and ruleset files it names, read
/// now from beside it, since the server reads no file later.
fn read_initial(
    loader: &Loader,
    path: &str,
) -> Result<http::Initial, Vec<crate::diagnostic::Finding>> {
    let file = Path::new(path);
    // `-`: the record comes on standard input.
    let src = if path == "-" {
        loader.read_stdin()
    } else {
        loader.read(file)
    }
    .map_err(|f| vec![*f])?;
    let text = if crate::record::is_jcz(file) || crate::record::looks_like_jcz(src.text()) {
        crate::jcz::import(loader, &src, crate::expansions::JCZ)?
    } else {
        src.text().to_string()
    };
    let dir = file.parent().unwrap_or(Path::new(""));
    let mut files = std::collections::BTreeMap::new();
    if let Ok(v) = api::record_data(&text) {
        let names = v["tilesets"]
            .as_array()
            .into_iter()
            .flatten()
            .chain(std::iter::once(&v["rules"]))
            .filter_map(serde_json::Value::as_str)
            .filter(|n| crate::files::looks_like_path(n));
        for name in names {
            // What cannot be read here is reported on the page, as the
            // server would report it.
            if let Ok(f) = loader.read(&dir.join(name)) {
                files.insert(name.to_string(), f.text().to_string());
            }
        }
    }
    // A file the record names outside its own folder is shown on the page
    // too: said at start, so that nothing leaves this machine unsaid.
    let mut outside: Vec<String> = files
        .keys()
        .filter(|n| {
            let p = Path::new(n);
            p.is_absolute()
                || p.components()
                    .any(|c| matches!(c, std::path::Component::ParentDir))
        })
        .cloned()
        .collect();
    outside.sort();
    Ok(http::Initial {
        name: if path == "-" { "game.yaml" } else { path }.to_string(),
        text,
        files,
        outside,
    })
}

/// `url` as a QR code drawn with half blocks, two rows of modules a line,
/// light modules drawn (a terminal's dark background shows the dark
/// ones), inside a quiet zone; phones read it either way round.
fn qr(url: &str) -> Option<String> {
    use qrcode::render::unicode::Dense1x2;
    let code = qrcode::QrCode::new(url.as_bytes()).ok()?;
    let mut text = code
        .render::<Dense1x2>()
        .dark_color(Dense1x2::Light)
        .light_color(Dense1x2::Dark)
        .quiet_zone(true)
        .build();
    text.push('\n');
    Some(text)
}

/// A host name as a Host header gives it: with the port, unless it has
/// one (`NAME:PORT`, `[::1]:PORT`).
fn with_port(name: &str, port: u16) -> String {
    let has_port = match name.rsplit_once(':') {
        Some((head, tail)) => {
            !tail.is_empty()
                && tail.chars().all(|c| c.is_ascii_digit())
                && (head.ends_with(']') || !head.contains(':'))
        }
        None => false,
    };
    if has_port {
        name.to_string()
    } else {
        format!("{name}:{port}")
    }
}

/// This machine's address on its local network: the one a socket would
/// send from towards a public address (nothing is sent: a UDP socket only
/// chooses its route when connected).
fn local_address() -> Option<IpAddr> {
    let socket = std::net::UdpSocket::bind((Ipv4Addr::UNSPECIFIED, 0)).ok()?;
    socket.connect((Ipv4Addr::new(192, 0, 2, 1), 9)).ok()?;
    let ip = socket.local_addr().ok()?.ip();
    (!ip.is_unspecified()).then_some(ip)
}

/// Asks the desktop to open `url`; a failure only means the user opens it.
fn open_browser(url: &str) {
    let program = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(target_os = "windows") {
        "explorer"
    } else {
        "xdg-open"
    };
    let _ = std::process::Command::new(program)
        .arg(url)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
}
