//! The HTTP side of `carca serve`: routes, limits and the page's files.
//! Every reply comes from [`super::api`]; this file only moves bytes and
//! enforces what a local server owes its machine: requests of bounded size
//! and time, from its own page only, and nothing fetched from elsewhere.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::extract::{Query, Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{MethodRouter, get, post};

use super::api::{self, Reply};
use crate::loader::Loader;

/// The page and its script and style, inside the binary.
const INDEX: &str = include_str!("assets/index.html");
const STYLE: &str = include_str!("assets/app.css");
/// The page's script: native ES modules, each served at `/NAME`.
const MODULES: [(&str, &str); 6] = [
    ("/app.js", include_str!("assets/app.js")),
    ("/dom.js", include_str!("assets/dom.js")),
    ("/yaml.js", include_str!("assets/yaml.js")),
    ("/state.js", include_str!("assets/state.js")),
    ("/server.js", include_str!("assets/server.js")),
    ("/pieces.js", include_str!("assets/pieces.js")),
];

/// What every response says about where the page may load from: itself only.
const POLICY: &str = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'";

/// What the server needs to answer.
pub struct App {
    /// Reads requests (sealed per request) and keeps the built-in data.
    pub loader: Loader,
    /// The largest body read, in bytes.
    pub max_body: usize,
    /// The longest a request may take.
    pub timeout: Duration,
    /// `None`: any host name (the server was exposed with `--host`);
    /// otherwise the `Host` values it answers (loopback names and its port).
    pub hosts: Option<Vec<String>>,
    /// The record named on the command line.
    pub initial: Option<Initial>,
    /// Permits for the engine's work in flight: a request computes only
    /// with one, and keeps it until its work is done, even when it was
    /// answered with a timeout meanwhile.
    pub work: Arc<tokio::sync::Semaphore>,
}

/// The flag of a request's work, raised when the request was answered
/// with a timeout: its work stops (`crate::stop`).
#[derive(Clone, Default)]
struct GiveUp(Arc<AtomicBool>);

/// The record named on the command line, for the page to open (typed
/// where the other answers are, with its schema).
pub type Initial = crate::report::json::ServeInitialJson;

/// The routes of the server.
pub fn router(app: Arc<App>) -> Router {
    let mut router = Router::new();
    for (path, text) in MODULES {
        router = router.route(
            path,
            get(move || async move { file(text, "text/javascript; charset=utf-8") }),
        );
    }
    router
        .route("/", get(|| async { file(INDEX, "text/html; charset=utf-8") }))
        .route("/app.css", get(|| async { file(STYLE, "text/css; charset=utf-8") }))
        .route("/api/initial", get(initial))
        .route("/api/rulesets", get(|| async { send(api::rulesets()) }))
        .route("/api/tilesets", get(tilesets))
        .route("/api/tile.svg", get(tile_svg))
        .route("/api/score", engine(api::score))
        .route("/api/compare", engine(api::compare))
        .route("/api/moves", engine(api::moves))
        .route("/api/position", engine(api::board))
        .route("/api/record", engine(|l, _, b| api::record(l, b)))
        .fallback(|| async {
            send(Reply::problem(
                404,
                "carca::serve::not_found",
                "nothing is served at this address",
                "the API is POST /api/score, /api/compare, /api/moves, /api/position, /api/record and GET /api/rulesets, /api/tilesets, /api/tile.svg",
            ))
        })
        .method_not_allowed_fallback(|| async {
            send(Reply::problem(
                405,
                "carca::serve::method",
                "this address does not take that method",
                "records are sent with POST; the page, the rulesets, the tile sets and tile pictures are read with GET",
            ))
        })
        .layer(middleware::from_fn_with_state(Arc::clone(&app), guard))
        .with_state(app)
}

fn file(text: &'static str, kind: &'static str) -> Response {
    ([(header::CONTENT_TYPE, kind)], text).into_response()
}

fn send(reply: Reply) -> Response {
    let status = StatusCode::from_u16(reply.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    (
        status,
        [(header::CONTENT_TYPE, reply.content_type)],
        reply.body,
    )
        .into_response()
}

type Params = Result<Query<HashMap<String, String>>, axum::extract::rejection::QueryRejection>;

fn params(q: Params) -> Result<api::Query, Reply> {
    q.map(|Query(q)| q).map_err(|e| {
        Reply::problem(
            400,
            "carca::serve::query",
            &format!("the request's query cannot be read: {e}"),
            "write the query as key=value pairs joined by &, like ?rules=modern",
        )
    })
}

async fn initial(State(app): State<Arc<App>>) -> Response {
    send(Reply::json(200, &app.initial))
}

async fn tilesets(State(app): State<Arc<App>>) -> Response {
    send(api::tilesets(&app.loader))
}

async fn tile_svg(State(app): State<Arc<App>>, q: Params) -> Response {
    match params(q) {
        Ok(q) => {
            let mut r = send(api::tile_svg(&app.loader, &q));
            if r.status().is_success() {
                r.headers_mut().insert(
                    header::CACHE_CONTROL,
                    HeaderValue::from_static("max-age=3600"),
                );
            }
            r
        }
        Err(r) => send(r),
    }
}

/// A route that reads a record from the body and runs `f` on it away from
/// the threads that serve connections.
fn engine(f: fn(&Loader, &api::Query, &[u8]) -> Reply) -> MethodRouter<Arc<App>> {
    post(
        move |State(app): State<Arc<App>>,
              give_up: Option<axum::Extension<GiveUp>>,
              headers: HeaderMap,
              q: Params,
              body: Body| async move {
            let query = match params(q) {
                Ok(q) => q,
                Err(r) => return send(r),
            };
            let bytes = match read_body(&headers, body, app.max_body).await {
                Ok(b) => b,
                Err(r) => return send(r),
            };
            let worker = Arc::clone(&app);
            let Ok(permit) = Arc::clone(&app.work).acquire_owned().await else {
                return send(Reply::problem(
                    503,
                    "carca::serve::busy",
                    "the server is stopping",
                    "try again in a moment",
                ));
            };
            let flag = give_up.map(|g| g.0.0).unwrap_or_default();
            let work = move || {
                let _permit = permit;
                // A request already answered with a timeout computes
                // nothing more.
                if flag.load(Ordering::Relaxed) {
                    return Reply::problem(503, "carca::serve::timeout", "given up", "");
                }
                crate::stop::watching(flag, || f(&worker.loader, &query, &bytes))
            };
            match tokio::task::spawn_blocking(work).await {
                Ok(reply) => {
                    let mut r = send(reply);
                    r.headers_mut()
                        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
                    r
                }
                Err(_) => send(Reply::problem(
                    500,
                    "carca::serve::internal",
                    "the request could not be answered",
                    "this is a bug in carca: please report the record that caused it",
                )),
            }
        },
    )
}

/// The body, if it is no larger than `max`.
async fn read_body(headers: &HeaderMap, body: Body, max: usize) -> Result<Vec<u8>, Reply> {
    let too_large = |size: Option<u64>| {
        Reply::problem(
            413,
            "carca::serve::too_large",
            &match size {
                Some(n) => format!(
                    "the request's body is {n} bytes, more than the {max} bytes the server reads"
                ),
                None => format!("the request's body is more than the {max} bytes the server reads"),
            },
            "a game of a few hundred tiles is far smaller; start the server with a larger --max-body-kib for larger records",
        )
    };
    let declared = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if let Some(n) = declared
        && n > max as u64
    {
        return Err(too_large(Some(n)));
    }
    axum::body::to_bytes(body, max)
        .await
        .map(|b| b.to_vec())
        .map_err(|_| too_large(None))
}

/// Every request: from an allowed host, from the page's own origin, done
/// in time; every response: the page's security headers.
async fn guard(State(app): State<Arc<App>>, mut request: Request, next: Next) -> Response {
    let host = request
        .headers()
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("")
        .to_string();
    if let Some(allowed) = &app.hosts
        && !allowed.iter().any(|a| a.eq_ignore_ascii_case(&host))
    {
        return secured(send(Reply::problem(
            421,
            "carca::serve::host",
            &format!(
                "this server does not answer for the host `{}`",
                crate::text::name(&host)
            ),
            &format!(
                "open the page at the address carca serve printed ({}); to reach it from another machine, start it with --host, and to use another name for this machine, with --allow-host NAME too",
                allowed.first().map_or("", String::as_str)
            ),
        )));
    }
    if let Some(origin) = request.headers().get(header::ORIGIN) {
        let origin = origin.to_str().unwrap_or("");
        let own = format!("http://{host}");
        if !origin.eq_ignore_ascii_case(&own) {
            return secured(send(Reply::problem(
                403,
                "carca::serve::origin",
                &format!(
                    "requests from the page at `{}` are refused",
                    crate::text::name(origin)
                ),
                "the API answers its own page and programs that send no Origin header (curl, scripts)",
            )));
        }
    }
    let give_up = GiveUp::default();
    request.extensions_mut().insert(give_up.clone());
    match tokio::time::timeout(app.timeout, next.run(request)).await {
        Ok(response) => secured(response),
        Err(_) => {
            // The work of the request stops at its next check.
            give_up.0.store(true, Ordering::Relaxed);
            secured(send(Reply::problem(
                503,
                "carca::serve::timeout",
                &format!(
                    "the request took more than {} seconds",
                    app.timeout.as_secs()
                ),
                "send a smaller record, or the whole body at once",
            )))
        }
    }
}

fn secured(mut response: Response) -> Response {
    let h = response.headers_mut();
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(POLICY),
    );
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    response
}
