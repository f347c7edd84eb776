//! The dashboard: a live web view of every session under a server's ROOT, for the people who
//! set agents going (see docs/serve.md, "The dashboard").
//!
//! A front end like the command line and the MCP server: it reads the sessions through the
//! application layer's operations ([`pages`]), finds them by [`discover`], keeps the pages
//! live from one watcher of ROOT ([`live`]) and, where the server has tokens, logs people in
//! ([`auth`]). Its one action is the one the protocols give people: settling an escalated
//! issue (`resolve`), for an admin, with a form that carries a check against cross-site
//! requests. The page and its script are in the binary ([`ASSETS`]); no script is inline,
//! and the Content-Security-Policy forbids any that is not served from here.

pub mod auth;
pub mod discover;
pub mod live;
pub mod pages;

use std::convert::Infallible;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, Uri, header};
use axum::middleware::{self, Next};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};

use crate::context::Ctx;
use crate::error::Status;
use auth::{Logins, Refused};
use discover::{Found, Kind};
use pages::{Viewer, escape};

/// The Content-Security-Policy of every page: nothing but this server's own script, style
/// and streams; no inline script, no frame, forms posted only here.
pub const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
                       connect-src 'self'; img-src 'self'; form-action 'self'; \
                       frame-ancestors 'none'; base-uri 'none'";

/// The files the pages load, embedded in the binary: name, content type, content.
pub const ASSETS: &[(&str, &str, &str)] = &[
    (
        "dashboard.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/dashboard.js"),
    ),
    (
        "dashboard.css",
        "text/css; charset=utf-8",
        include_str!("assets/dashboard.css"),
    ),
    (
        "report.css",
        "text/css; charset=utf-8",
        crate::negotiation::views::report::STYLE,
    ),
];

/// What the dashboard serves from.
pub struct Dashboard {
    pub ctx: Ctx,
    /// ROOT, canonical.
    pub root: PathBuf,
    pub changes: live::Changes,
    /// `None`: the server has no tokens (loopback only, read-only for everyone).
    pub logins: Option<Logins>,
    /// Served over TLS: the cookie is `Secure`.
    pub secure: bool,
}

impl std::fmt::Debug for Dashboard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Dashboard")
            .field("root", &self.root)
            .finish_non_exhaustive()
    }
}

/// The routes of the dashboard: `/`, `/session`, `/live`, `/assets/NAME`, `/login`,
/// `/logout`, `/resolve`.
pub fn router(dashboard: Arc<Dashboard>) -> Router {
    Router::new()
        .route("/", get(index))
        .route("/session", get(session))
        .route("/live", get(live_stream))
        .route("/assets/{name}", get(asset))
        // Browsers ask for it on every page: no icon, and no 404 in their console.
        .route("/favicon.ico", get(|| async { StatusCode::NO_CONTENT }))
        .route("/login", get(login_form).post(login))
        .route("/logout", post(logout))
        .route("/resolve", post(resolve))
        .layer(middleware::from_fn(guard_headers))
        .with_state(dashboard)
}

type Shared = State<Arc<Dashboard>>;

/// The headers every answer of the dashboard carries.
async fn guard_headers(request: axum::extract::Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    for (name, value) in [
        (header::CONTENT_SECURITY_POLICY, CSP),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::REFERRER_POLICY, "same-origin"),
        (header::X_FRAME_OPTIONS, "DENY"),
        (header::CACHE_CONTROL, "no-store"),
    ] {
        headers.insert(name, HeaderValue::from_static(value));
    }
    response
}

/// Who asks: the viewer, or the answer to give instead (to the login form, or 401 for a
/// stream).
enum Access {
    Viewer(Viewer),
    Login,
}

fn access(dashboard: &Dashboard, headers: &HeaderMap) -> Access {
    let Some(logins) = &dashboard.logins else {
        return Access::Viewer(Viewer::default());
    };
    let found = headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find_map(|cookie| auth::session_id(cookie).and_then(|id| logins.find(id)));
    if let Some(session) = found {
        return Access::Viewer(Viewer {
            label: Some(session.person.label.clone()),
            csrf: session.person.admin.then_some(session.csrf),
        });
    }
    let bearer = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split_once(' '))
        .filter(|(scheme, _)| scheme.eq_ignore_ascii_case("bearer"))
        .and_then(|(_, token)| logins.bearer(token.trim()));
    match bearer {
        Some(person) => Access::Viewer(Viewer {
            label: Some(person.label),
            csrf: None,
        }),
        None => Access::Login,
    }
}

fn html(status: StatusCode, body: String) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        body,
    )
        .into_response()
}

fn see_other(to: &str) -> Response {
    let mut response = StatusCode::SEE_OTHER.into_response();
    if let Ok(value) = HeaderValue::from_str(to) {
        response.headers_mut().insert(header::LOCATION, value);
    }
    response
}

/// A page that only says something (an error, a refusal), with a way back.
fn message(status: StatusCode, title: &str, text: &str, back: &str) -> Response {
    let content = format!(
        "<header>\n<h1>{}</h1>\n</header>\n<p class=\"error\">{}</p>\n<p><a href=\"{}\">Back</a></p>\n",
        escape(title),
        escape(text),
        escape(back)
    );
    html(
        status,
        pages::document(title, &content, None, &Viewer::default()),
    )
}

/// The query's pairs, decoded.
fn query(uri: &Uri) -> Vec<(String, String)> {
    form_urlencoded::parse(uri.query().unwrap_or_default().as_bytes())
        .into_owned()
        .collect()
}

fn field<'a>(pairs: &'a [(String, String)], name: &str) -> Option<&'a str> {
    pairs
        .iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.as_str())
}

/// The session a query names (`kind` and `path`), if the search finds it under ROOT.
async fn target(dashboard: &Arc<Dashboard>, pairs: &[(String, String)]) -> Option<Found> {
    let kind = Kind::parse(field(pairs, "kind")?)?;
    let rel = field(pairs, "path")?.to_owned();
    let dashboard = Arc::clone(dashboard);
    blocking(move || discover::find(&dashboard.root, kind, &rel))
        .await
        .flatten()
}

/// Runs reading or writing work off the server's threads.
async fn blocking<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> Option<T> {
    tokio::task::spawn_blocking(work).await.ok()
}

/// What a page shows: the index, or a session's content (`None`: the session is gone).
#[derive(Clone)]
enum Shown {
    Index,
    Session(Found),
}

/// The page's content, naming no place on the server: paths under ROOT relative to it, as
/// the answers over `/mcp` name them.
fn render(dashboard: &Dashboard, shown: &Shown, viewer: &Viewer) -> Option<String> {
    let content = render_placed(dashboard, shown, viewer)?;
    let root = dashboard.root.to_string_lossy();
    // In the page's text the root is escaped as any text is (a `&` in it, say).
    let escaped = escape(&root);
    let also = (escaped != root).then(|| (escaped, String::new()));
    Some(
        crate::mcp::relative::Relative::under(&dashboard.root)
            .with_files(also)
            .rewritten(&content),
    )
}

fn render_placed(dashboard: &Dashboard, shown: &Shown, viewer: &Viewer) -> Option<String> {
    match shown {
        Shown::Index => {
            let sessions = discover::sessions(&dashboard.root);
            Some(pages::index(&dashboard.ctx, &dashboard.root, &sessions))
        }
        Shown::Session(found) => {
            discover::find(&dashboard.root, found.kind, &found.rel)?;
            Some(pages::session(
                &dashboard.ctx,
                &dashboard.root,
                found,
                viewer,
            ))
        }
    }
}

async fn index(State(dashboard): Shared, headers: HeaderMap) -> Response {
    let viewer = match access(&dashboard, &headers) {
        Access::Viewer(viewer) => viewer,
        Access::Login => return see_other("/login"),
    };
    let d = Arc::clone(&dashboard);
    let shown_viewer = viewer.clone();
    let content = blocking(move || render(&d, &Shown::Index, &shown_viewer))
        .await
        .flatten()
        .unwrap_or_default();
    html(
        StatusCode::OK,
        pages::document("parley dashboard", &content, Some("/live"), &viewer),
    )
}

async fn session(State(dashboard): Shared, headers: HeaderMap, uri: Uri) -> Response {
    let viewer = match access(&dashboard, &headers) {
        Access::Viewer(viewer) => viewer,
        Access::Login => return see_other("/login"),
    };
    let pairs = query(&uri);
    let Some(found) = target(&dashboard, &pairs).await else {
        return message(
            StatusCode::NOT_FOUND,
            "No such session",
            "No session of that kind is found at that path under the server's root.",
            "/",
        );
    };
    let d = Arc::clone(&dashboard);
    let (shown, shown_viewer) = (Shown::Session(found.clone()), viewer.clone());
    let content = blocking(move || render(&d, &shown, &shown_viewer))
        .await
        .flatten()
        .unwrap_or_default();
    html(
        StatusCode::OK,
        pages::document(
            &pages::title(&found),
            &content,
            Some(&pages::address(&found, true)),
            &viewer,
        ),
    )
}

/// How long the stream waits after a change for the changes that come with it.
const SETTLE: Duration = Duration::from_millis(40);

/// The live stream of a page (Server-Sent Events): a `page` event with the page's content
/// whenever it differs from what was sent last, `gone` when the session is no longer found,
/// `login` when the login ended.
async fn live_stream(State(dashboard): Shared, headers: HeaderMap, uri: Uri) -> Response {
    let viewer = match access(&dashboard, &headers) {
        Access::Viewer(viewer) => viewer,
        Access::Login => return StatusCode::UNAUTHORIZED.into_response(),
    };
    let pairs = query(&uri);
    let shown = if pairs.is_empty() {
        Shown::Index
    } else {
        match target(&dashboard, &pairs).await {
            Some(found) => Shown::Session(found),
            None => return StatusCode::NOT_FOUND.into_response(),
        }
    };
    let changes = dashboard.changes.subscribe();
    let cookie_headers = headers;
    let start = Stream {
        dashboard,
        shown,
        viewer,
        cookie_headers,
        changes,
        last: None,
        first: true,
        ended: false,
    };
    let events = futures_util::stream::unfold(start, |mut stream| async move {
        let event = stream.next().await?;
        Some((Ok::<Event, Infallible>(event), stream))
    });
    Sse::new(events)
        .keep_alive(KeepAlive::new().interval(Duration::from_secs(15)))
        .into_response()
}

struct Stream {
    dashboard: Arc<Dashboard>,
    shown: Shown,
    viewer: Viewer,
    cookie_headers: HeaderMap,
    changes: tokio::sync::watch::Receiver<u64>,
    /// What was sent last, without its clocks.
    last: Option<String>,
    first: bool,
    ended: bool,
}

impl Stream {
    /// The next event to send (`None`: the stream ends).
    async fn next(&mut self) -> Option<Event> {
        if self.ended {
            return None;
        }
        loop {
            if !self.first {
                self.changes.changed().await.ok()?;
                tokio::time::sleep(SETTLE).await;
                self.changes.borrow_and_update();
            }
            self.first = false;
            if self.dashboard.logins.is_some()
                && matches!(access(&self.dashboard, &self.cookie_headers), Access::Login)
            {
                self.ended = true;
                return Some(Event::default().event("login").data("/login"));
            }
            let (d, shown, viewer) = (
                Arc::clone(&self.dashboard),
                self.shown.clone(),
                self.viewer.clone(),
            );
            match blocking(move || render(&d, &shown, &viewer)).await? {
                None => {
                    self.ended = true;
                    return Some(Event::default().event("gone").data("gone"));
                }
                Some(content) => {
                    let key = pages::without_clocks(&content);
                    if self.last.as_ref() != Some(&key) {
                        self.last = Some(key);
                        return Some(Event::default().event("page").data(content));
                    }
                }
            }
        }
    }
}

async fn asset(axum::extract::Path(name): axum::extract::Path<String>) -> Response {
    match ASSETS.iter().find(|(n, _, _)| *n == name) {
        Some((_, kind, content)) => ([(header::CONTENT_TYPE, *kind)], *content).into_response(),
        None => StatusCode::NOT_FOUND.into_response(),
    }
}

fn login_page(status: StatusCode, problem: Option<&str>) -> Response {
    let content = format!(
        "<header>\n<p class=\"kicker\">parley dashboard</p>\n<h1>Log in</h1>\n\
         <p class=\"facts\">This server needs a viewer's or an admin's token \
         (<code>parley token new FILE --viewer --label NAME</code>).</p>\n</header>\n{}\
         <form class=\"login\" method=\"post\" action=\"/login\">\n\
         <label>Token <input type=\"password\" name=\"token\" autocomplete=\"off\" required autofocus></label>\n\
         <button type=\"submit\">Log in</button>\n</form>\n",
        problem
            .map(|p| format!("<p class=\"error\">{}</p>\n", escape(p)))
            .unwrap_or_default()
    );
    html(
        status,
        pages::document(
            "Log in: parley dashboard",
            &content,
            None,
            &Viewer::default(),
        ),
    )
}

async fn login_form(State(dashboard): Shared) -> Response {
    if dashboard.logins.is_none() {
        return see_other("/");
    }
    login_page(StatusCode::OK, None)
}

async fn login(State(dashboard): Shared, body: Bytes) -> Response {
    let Some(logins) = &dashboard.logins else {
        return see_other("/");
    };
    let pairs: Vec<(String, String)> = form_urlencoded::parse(&body).into_owned().collect();
    let token = field(&pairs, "token").unwrap_or_default().trim();
    match logins.login(token) {
        Ok((id, _)) => {
            let mut response = see_other("/");
            if let Ok(cookie) =
                HeaderValue::from_str(&auth::set_cookie(Some(&id), dashboard.secure))
            {
                response.headers_mut().insert(header::SET_COOKIE, cookie);
            }
            response
        }
        Err(Refused::Agent) => login_page(
            StatusCode::FORBIDDEN,
            Some(
                "An agent's token does not open the dashboard: log in with a viewer's or an admin's token.",
            ),
        ),
        Err(Refused::Unknown) => login_page(
            StatusCode::UNAUTHORIZED,
            Some("This token is not valid here."),
        ),
    }
}

async fn logout(State(dashboard): Shared, headers: HeaderMap) -> Response {
    if let Some(logins) = &dashboard.logins {
        for cookie in headers.get_all(header::COOKIE).iter() {
            if let Some(id) = cookie.to_str().ok().and_then(auth::session_id) {
                logins.logout(id);
            }
        }
    }
    let mut response = see_other(if dashboard.logins.is_some() {
        "/login"
    } else {
        "/"
    });
    if let Ok(cookie) = HeaderValue::from_str(&auth::set_cookie(None, dashboard.secure)) {
        response.headers_mut().insert(header::SET_COOKIE, cookie);
    }
    response
}

/// `POST /resolve`: an admin settles an escalated issue (`resolve DIR ISSUE --decision TEXT
/// --by LABEL`, the label being the admin token's), with the form's check.
async fn resolve(State(dashboard): Shared, headers: HeaderMap, body: Bytes) -> Response {
    let refused = |text: &str| message(StatusCode::FORBIDDEN, "Not allowed", text, "/");
    let viewer = match access(&dashboard, &headers) {
        Access::Viewer(viewer) => viewer,
        Access::Login => return refused("Log in with an admin's token to settle an issue."),
    };
    let (Some(csrf), Some(label)) = (viewer.csrf, viewer.label) else {
        return refused(if dashboard.logins.is_none() {
            "This server has no tokens: its dashboard is read-only (settle with `parley resolve`)."
        } else {
            "Only an admin's login may settle an issue."
        });
    };
    let pairs: Vec<(String, String)> = form_urlencoded::parse(&body).into_owned().collect();
    if !field(&pairs, "csrf").is_some_and(|given| auth::same_secret(given, &csrf)) {
        return refused("The form's check is missing or wrong: reload the page and try again.");
    }
    let rel = field(&pairs, "path").unwrap_or_default().to_owned();
    let issue = field(&pairs, "issue").unwrap_or_default().to_owned();
    let decision = field(&pairs, "decision").unwrap_or_default().to_owned();
    let found = match target(
        &dashboard,
        &[
            ("kind".to_owned(), Kind::Negotiation.word().to_owned()),
            ("path".to_owned(), rel.clone()),
        ],
    )
    .await
    {
        Some(found) => found,
        None => {
            return message(
                StatusCode::NOT_FOUND,
                "No such negotiation",
                "No negotiation is found at that path under the server's root.",
                "/",
            );
        }
    };
    let page = pages::address(&found, false);
    let d = Arc::clone(&dashboard);
    let dir = found.path(&dashboard.root);
    let done = blocking(move || {
        crate::app::negotiation_rules::resolve(
            &d.ctx,
            crate::app::negotiation_rules::ResolveRequest {
                dir,
                issue,
                decision,
                by: label,
            },
        )
        .map(|_| ())
    })
    .await;
    match done {
        Some(Ok(())) => see_other(&page),
        Some(Err(e)) => message(
            if e.status == Status::NotFound {
                StatusCode::NOT_FOUND
            } else {
                StatusCode::CONFLICT
            },
            "Not resolved",
            // An operation's error names its files canonically: relative to ROOT here.
            &crate::mcp::relative::Relative::under(&dashboard.root).rewritten(&e.message),
            &page,
        ),
        None => message(
            StatusCode::INTERNAL_SERVER_ERROR,
            "Not resolved",
            "the resolution stopped before it answered",
            &page,
        ),
    }
}
