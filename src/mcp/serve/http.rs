//! The HTTP side of `parley serve`: the listener (plain or TLS), the refusals made before a
//! request body is read, and the routes.
//!
//! In order, for every request but `GET /healthz`: a Host header not allowed → 403 (DNS
//! rebinding); an Origin header not allowed → 403; a declared body over [`MAX_BODY`] → 413
//! (a body that turns out longer while read is refused by rmcp with 413 too); with tokens, a
//! missing or unknown bearer token → 401 with `WWW-Authenticate: Bearer`. Only the
//! `Authorization` header carries a token: one in the URL is never looked at, and a request
//! that tries is refused with 401 even when it also has the header, so that the mistake is seen.
//! The caller found is put in the request's extensions, where the gate
//! ([`super::access`]) reads it.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use axum::Router;
use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use rmcp::transport::streamable_http_server::session::never::NeverSessionManager;
use rmcp::transport::{StreamableHttpServerConfig, StreamableHttpService};
use std::time::Duration;
use tokio_rustls::rustls;

use super::tokens::{Book, Caller};
use crate::context::{Ctx, SharedWatcher};
use crate::error::{Error, Result, Status};
use crate::mcp::dashboard::auth::{Logins, Tokens};
use crate::mcp::dashboard::live::Changes;
use crate::mcp::dashboard::{self, Dashboard};
use crate::mcp::handler::Handler;

/// The largest request body accepted.
pub const MAX_BODY: usize = 4 * 1024 * 1024;

pub struct Setup {
    /// What the dashboard's pages read with.
    pub ctx: Ctx,
    /// The watcher the waits share, which the dashboard's pages share too.
    pub watch: Option<Arc<dyn SharedWatcher>>,
    pub listen: SocketAddr,
    pub handler: Handler,
    pub book: Option<Arc<Book>>,
    pub tls: Option<Arc<rustls::ServerConfig>>,
    pub allowed_hosts: Vec<String>,
    pub allowed_origins: Vec<String>,
    pub root: PathBuf,
    /// How long a connection may take to send a request's headers (and to finish its TLS
    /// handshake) before it is closed: a client that opens connections and trickles bytes
    /// must not hold them open for ever.
    pub header_timeout: Duration,
    /// The calls running, which a `notifications/cancelled` request ends.
    pub running: Arc<super::running::Running>,
}

/// What the checks made before a body is read need.
struct Guard {
    running: Arc<super::running::Running>,
    book: Option<Arc<Book>>,
    /// Host headers accepted, lower case, with or without the port.
    hosts: Vec<String>,
    /// Origins accepted, lower case, `scheme://host[:port]`.
    origins: Vec<String>,
}

/// Loads a certificate chain and its key (PEM) into a TLS configuration, with the `ring`
/// provider (no C build tools needed beyond Rust's).
pub fn tls_config(cert: &Path, key: &Path) -> Result<Arc<rustls::ServerConfig>> {
    use rustls::pki_types::pem::PemObject;
    use rustls::pki_types::{CertificateDer, PrivateKeyDer};
    let read = |path: &Path| {
        super::tokens::regular(path)?;
        std::fs::read(path).map_err(|e| Error::io("read", path, e))
    };
    let bad = |path: &Path, e: &dyn std::fmt::Display| {
        Error::bad_input("BAD_TLS", format!("{}: {e}", path.display()))
    };
    let certs: Vec<CertificateDer<'static>> = CertificateDer::pem_slice_iter(&read(cert)?)
        .collect::<std::result::Result<_, _>>()
        .map_err(|e| bad(cert, &e))?;
    if certs.is_empty() {
        return Err(bad(cert, &"no certificate in the file"));
    }
    let key_der = PrivateKeyDer::from_pem_slice(&read(key)?).map_err(|e| bad(key, &e))?;
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = rustls::ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|e| bad(cert, &e))?
        .with_no_client_auth()
        .with_single_cert(certs, key_der)
        .map_err(|e| bad(cert, &e))?;
    Ok(Arc::new(config))
}

/// Binds, says where on stderr, and serves until the process ends.
pub async fn serve(setup: Setup) -> Result<()> {
    let listener = tokio::net::TcpListener::bind(setup.listen)
        .await
        .map_err(|e| {
            Error::new(
                Status::Io,
                "IO",
                format!("cannot listen on {}: {e}", setup.listen),
            )
        })?;
    let local = listener
        .local_addr()
        .map_err(|e| Error::new(Status::Io, "IO", format!("cannot read the address: {e}")))?;
    let scheme = if setup.tls.is_some() { "https" } else { "http" };
    let mut hosts: Vec<String> = vec![
        local.to_string(),
        local.ip().to_string(),
        "localhost".into(),
        format!("localhost:{}", local.port()),
        "127.0.0.1".into(),
        format!("127.0.0.1:{}", local.port()),
    ];
    hosts.extend(setup.allowed_hosts.iter().map(|h| h.to_ascii_lowercase()));
    let mut origins: Vec<String> = [
        local.to_string(),
        format!("localhost:{}", local.port()),
        format!("127.0.0.1:{}", local.port()),
    ]
    .iter()
    .map(|authority| format!("{scheme}://{authority}"))
    .collect();
    // On its scheme's default port a browser names the origin without the port.
    if (scheme, local.port()) == ("http", 80) || (scheme, local.port()) == ("https", 443) {
        for host in [
            local.ip().to_string(),
            "localhost".into(),
            "127.0.0.1".into(),
        ] {
            origins.push(format!("{scheme}://{host}"));
        }
    }
    // A host the server is reached by (behind a proxy, with or without TLS) is where its own
    // pages come from: their form posts carry that origin.
    for host in &setup.allowed_hosts {
        let host = host.to_ascii_lowercase();
        origins.push(format!("http://{host}"));
        origins.push(format!("https://{host}"));
    }
    origins.extend(setup.allowed_origins.iter().map(|o| normal_origin(o)));
    let tokens = setup.book.as_ref().map(|book| book.count());
    let guard = Arc::new(Guard {
        running: setup.running.clone(),
        book: setup.book,
        hosts,
        origins,
    });
    let dashboard = Arc::new(Dashboard {
        ctx: setup.ctx,
        changes: match &setup.watch {
            Some(watch) => Changes::shared(watch.as_ref(), &setup.root),
            None => None,
        }
        .unwrap_or_else(|| Changes::ticking(std::time::Duration::from_secs(1))),
        root: setup.root.clone(),
        logins: guard
            .book
            .clone()
            .map(|book| Logins::new(book as Arc<dyn Tokens>)),
        secure: setup.tls.is_some(),
    });
    let app = router(setup.handler, guard, dashboard);
    eprintln!("listening on {scheme}://{local}");
    match tokens {
        None => eprintln!(
            "parley serve: no --tokens: loopback only, and every caller may do everything; serving {}",
            setup.root.display()
        ),
        Some(n) => eprintln!(
            "parley serve: {n} token(s); every request needs one; serving {}",
            setup.root.display()
        ),
    }
    let tls = setup.tls.map(tokio_rustls::TlsAcceptor::from);
    let header_timeout = setup.header_timeout;
    loop {
        let (stream, _) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(e) => {
                // Out of descriptors, a connection reset before it was accepted: the next
                // one may do.
                eprintln!("parley serve: accept: {e}");
                tokio::task::yield_now().await;
                continue;
            }
        };
        let app = app.clone();
        let tls = tls.clone();
        tokio::spawn(async move {
            let service = hyper_util::service::TowerToHyperService::new(app);
            let mut http = hyper::server::conn::http1::Builder::new();
            http.timer(hyper_util::rt::TokioTimer::new())
                .header_read_timeout(header_timeout);
            match tls {
                None => {
                    let io = hyper_util::rt::TokioIo::new(stream);
                    let _ = http.serve_connection(io, service).await;
                }
                Some(acceptor) => {
                    let handshake = tokio::time::timeout(header_timeout, acceptor.accept(stream));
                    if let Ok(Ok(stream)) = handshake.await {
                        let io = hyper_util::rt::TokioIo::new(stream);
                        let _ = http.serve_connection(io, service).await;
                    }
                }
            }
        });
    }
}

/// The dashboard's checks: those made before a body is read, and no token in a URL; a person
/// logs in with a form, so no bearer token is asked for (see `dashboard`).
async fn check_browser(State(guard): State<Arc<Guard>>, request: Request, next: Next) -> Response {
    if let Some(refused) = refused_before_body(&guard, &request) {
        return refused;
    }
    if guard.book.is_some() && request.uri().query().is_some_and(token_in_query) {
        return refuse(
            StatusCode::UNAUTHORIZED,
            "a token is never accepted in a URL: log in with the form at /login (and make a new token: a URL is logged)",
        );
    }
    next.run(request).await
}

/// The routes: `/healthz`, `/mcp`, and the dashboard's pages beside them.
fn router(handler: Handler, guard: Arc<Guard>, dashboard: Arc<Dashboard>) -> Router {
    let config = StreamableHttpServerConfig::default()
        .with_legacy_session_mode(false)
        .with_json_response(true)
        .with_max_request_body_bytes(MAX_BODY)
        // Host and Origin are checked before this service (see `check`), with the server's
        // own lists.
        .disable_allowed_hosts()
        .disable_allowed_origins();
    let mcp = StreamableHttpService::new(
        move || Ok(handler.clone()),
        Arc::new(NeverSessionManager::default()),
        config,
    );
    let guarded = Router::new()
        .route_service("/mcp", mcp)
        .layer(middleware::from_fn_with_state(Arc::clone(&guard), check));
    let pages =
        dashboard::router(dashboard).layer(middleware::from_fn_with_state(guard, check_browser));
    Router::new()
        .route("/healthz", get(|| async { "ok\n" }))
        .merge(guarded)
        .merge(pages)
}

/// An origin as compared: lower case, without a trailing `/`.
pub fn normal_origin(origin: &str) -> String {
    origin.trim().trim_end_matches('/').to_ascii_lowercase()
}

fn refuse(status: StatusCode, message: &str) -> Response {
    let body = serde_json::json!({"error": message}).to_string();
    let mut response = (status, body).into_response();
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    response
}

fn unauthorized(message: &str, presented: bool) -> Response {
    let mut response = refuse(StatusCode::UNAUTHORIZED, message);
    let challenge = if presented {
        "Bearer realm=\"parley\", error=\"invalid_token\""
    } else {
        "Bearer realm=\"parley\""
    };
    response.headers_mut().insert(
        header::WWW_AUTHENTICATE,
        HeaderValue::from_static(challenge),
    );
    response
}

fn header_str(headers: &HeaderMap, name: header::HeaderName) -> Option<&str> {
    headers.get(name).and_then(|v| v.to_str().ok())
}

/// Whether a query string tries to carry a token.
fn token_in_query(query: &str) -> bool {
    query.split('&').any(|pair| {
        let key = pair
            .split('=')
            .next()
            .unwrap_or_default()
            .to_ascii_lowercase();
        matches!(
            key.as_str(),
            "access_token" | "token" | "bearer" | "auth" | "authorization" | "api_key" | "key"
        )
    })
}

/// The refusals every route but `/healthz` makes before a body is read: Host, Origin, size.
fn refused_before_body(guard: &Guard, request: &Request) -> Option<Response> {
    let headers = request.headers();
    // One of each that is checked: with two, a proxy may route on the one not checked.
    for name in [header::HOST, header::ORIGIN, header::AUTHORIZATION] {
        if headers.get_all(&name).iter().count() > 1 {
            return Some(refuse(
                StatusCode::BAD_REQUEST,
                &format!("more than one {name} header"),
            ));
        }
    }
    let host = header_str(headers, header::HOST)
        .map(str::to_ascii_lowercase)
        .or_else(|| {
            request
                .uri()
                .authority()
                .map(|a| a.as_str().to_ascii_lowercase())
        });
    if !host.as_ref().is_some_and(|h| guard.hosts.contains(h)) {
        return Some(refuse(
            StatusCode::FORBIDDEN,
            "this Host is not served here (add it with --allowed-host)",
        ));
    }
    if let Some(origin) = header_str(headers, header::ORIGIN)
        && !guard.origins.contains(&normal_origin(origin))
    {
        return Some(refuse(
            StatusCode::FORBIDDEN,
            if origin.trim() == "null" {
                "an Origin of null (a sandboxed frame, a local file) is never allowed"
            } else {
                "this Origin is not allowed here (add it with --allowed-origin)"
            },
        ));
    }
    let declared = header_str(headers, header::CONTENT_LENGTH).and_then(|n| n.parse::<u64>().ok());
    if declared.is_some_and(|n| n > MAX_BODY as u64) {
        return Some(refuse(
            StatusCode::PAYLOAD_TOO_LARGE,
            "the body is larger than 4 MiB",
        ));
    }
    None
}

async fn check(State(guard): State<Arc<Guard>>, mut request: Request, next: Next) -> Response {
    if let Some(refused) = refused_before_body(&guard, &request) {
        return refused;
    }
    if let Some(book) = &guard.book {
        if request.uri().query().is_some_and(token_in_query) {
            return unauthorized(
                "a token is never accepted in a URL: send it as Authorization: Bearer TOKEN (and make a new one: a URL is logged)",
                true,
            );
        }
        let presented = header_str(request.headers(), header::AUTHORIZATION).and_then(|value| {
            let (scheme, token) = value.split_once(' ')?;
            scheme
                .eq_ignore_ascii_case("bearer")
                .then(|| token.trim().to_owned())
        });
        let Some(token) = presented else {
            return unauthorized("this server needs Authorization: Bearer TOKEN", false);
        };
        let Some(caller) = book.find(&token) else {
            return unauthorized("the bearer token is not valid here", true);
        };
        request.extensions_mut().insert(caller);
    }
    if request.method() != axum::http::Method::POST {
        return next.run(request).await;
    }
    // A body that is no JSON-RPC message gets a JSON-RPC error with 400, as the transport's
    // rules say, rather than the MCP library's plain-text 415 (which names a media type).
    let (parts, body) = request.into_parts();
    let Ok(bytes) = axum::body::to_bytes(body, MAX_BODY).await else {
        return refuse(
            StatusCode::PAYLOAD_TOO_LARGE,
            "the body is larger than 4 MiB",
        );
    };
    let message = match json_rpc(&bytes) {
        Ok(message) => message,
        Err(refused) => return *refused,
    };
    // A cancellation comes in a request of its own, which the stateless transport accepts
    // and drops: the call it names, this caller's, is ended here.
    if let Some(id) = cancelled_request(&message) {
        guard.running.cancel(parts.extensions.get::<Caller>(), &id);
    }
    next.run(Request::from_parts(parts, axum::body::Body::from(bytes)))
        .await
}

/// The request id a `notifications/cancelled` message names, as JSON text.
fn cancelled_request(message: &serde_json::Value) -> Option<String> {
    if message.get("method")?.as_str()? != "notifications/cancelled" || message.get("id").is_some()
    {
        return None;
    }
    super::running::id_text_of(message.get("params")?.get("requestId")?)
}

/// The 400 answer to a body that is not one JSON-RPC message: a parse error (-32700) for
/// what is not JSON, an invalid request (-32600) for JSON that is no `"jsonrpc": "2.0"`
/// object (batches included: MCP no longer has them). The message, when it is one.
fn json_rpc(body: &[u8]) -> std::result::Result<serde_json::Value, Box<Response>> {
    let (code, message) = match serde_json::from_slice::<serde_json::Value>(body) {
        Err(e) => (-32700, format!("Parse error: the body is not JSON ({e})")),
        Ok(message) if message.get("jsonrpc").and_then(|v| v.as_str()) == Some("2.0") => {
            return Ok(message);
        }
        Ok(_) => (
            -32600,
            "Invalid Request: the body must be one JSON-RPC 2.0 message, an object with \"jsonrpc\": \"2.0\"".to_owned(),
        ),
    };
    let body = serde_json::json!({
        "jsonrpc": "2.0",
        "id": null,
        "error": {"code": code, "message": message},
    });
    let mut response = (StatusCode::BAD_REQUEST, body.to_string()).into_response();
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    Err(Box::new(response))
}
