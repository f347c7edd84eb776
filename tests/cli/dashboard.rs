//! The dashboard of `parley serve`, driven as a person drives it: headless Chromium over the
//! DevTools protocol (a small WebSocket client below) for what the pages show, their live
//! updates and injected markup; plain HTTP for the login, the cookie and the CSRF check.
//!
//! A browser test skips where Chromium is not installed, except under `CI`, where it fails.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::support::{CHROMIUM, HEADLESS, chromium_available, code, parley_std, stderr, stdout};

/// Markup an agent may write, in every text it writes here.
const INJECTED: &str = "<script>window.__pwned=1</script><img src=x onerror=\"window.__pwned=2\"> \
                        [click](javascript:window.__pwned=3) <a href=\"javascript:window.__pwned=4\">x</a>";

/// Runs `parley ARGS` in `dir` and asserts exit 0.
fn ok(dir: &Path, args: &[&str]) -> String {
    let output = parley_std().current_dir(dir).args(args).output().unwrap();
    assert_eq!(
        code(&output),
        0,
        "parley {args:?}: {}{}",
        stdout(&output),
        stderr(&output)
    );
    stdout(&output)
}

/// A ROOT with a session of every protocol, each holding [`INJECTED`] where an agent writes.
fn root_with_every_protocol() -> tempfile::TempDir {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path();
    std::fs::create_dir_all(root.join("team")).unwrap();
    std::fs::create_dir_all(root.join("proj")).unwrap();
    std::fs::create_dir_all(root.join(".hidden")).unwrap();
    let neg = "team/neg";
    ok(root, &["init", neg, "2"]);
    for agent in ["agent-alpha", "agent-beta"] {
        ok(root, &["register", neg, agent]);
    }
    ok(root, &["wait-for-start", neg, "agent-alpha"]);
    for (index, agent) in ["agent-alpha", "agent-beta"].iter().enumerate() {
        ok(
            root,
            &["file-draft-issue", neg, agent, &format!("topic-{index}")],
        );
        ok(root, &["end-analysis", neg, agent]);
    }
    ok(
        root,
        &[
            "position",
            neg,
            "agent-alpha",
            "1",
            "--body",
            &format!("Position text {INJECTED}"),
        ],
    );
    ok(
        root,
        &[
            "note",
            neg,
            "agent-beta",
            "--body",
            &format!("Note text {INJECTED}"),
        ],
    );
    ok(
        root,
        &[
            "escalate",
            neg,
            "agent-alpha",
            "1",
            "--summary",
            &format!("Stuck {INJECTED}"),
        ],
    );
    // Issue 2 stays OPEN, argued: the page says who may agree on it.
    ok(
        root,
        &[
            "position",
            neg,
            "agent-alpha",
            "2",
            "--body",
            "Second issue's position.",
        ],
    );
    ok(
        root,
        &[
            "bounce",
            "new",
            "bounce.md",
            "--title",
            &format!("Bounce title {INJECTED}"),
            "--agents",
            "ann,bob",
        ],
    );
    ok(
        root,
        &[
            "parliament",
            "init",
            "parl",
            "--problem",
            &format!("Problem {INJECTED}"),
            "--rep",
            "rep_1:Ann:cost",
            "--rep",
            "rep_2:Bob:speed",
        ],
    );
    ok(
        root,
        &[
            "agent",
            "register",
            "--agent",
            "amber-otter",
            "--project-root",
            "proj",
            "--role",
            "<img src=x onerror=\"window.__pwned=5\">",
        ],
    );
    // A negotiation in a dot-directory is not listed.
    ok(root, &["init", ".hidden/neg", "2"]);
    tmp
}

/// What follows `prefix` on the first line of `child`'s stderr that starts with it, within
/// `limit`; the rest of stderr is read on and dropped, so that the child never blocks on it.
fn line_after(child: &mut Child, prefix: &'static str, limit: Duration) -> String {
    let err = child.stderr.take().unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(err).lines().map_while(|l| l.ok()) {
            if let Some(rest) = line.strip_prefix(prefix) {
                let _ = tx.send(rest.trim().to_owned());
            }
        }
    });
    rx.recv_timeout(limit)
        .unwrap_or_else(|_| panic!("no line '{prefix}...' on stderr within {limit:?}"))
}

/// A `parley serve` started by a test, killed when dropped.
struct Server {
    child: Child,
    addr: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Server {
    fn start(root: &Path, tokens: Option<&Path>) -> Server {
        let mut command = parley_std();
        command
            .args(["serve"])
            .arg(root)
            .args(["--listen", "127.0.0.1:0"]);
        if let Some(tokens) = tokens {
            command.arg("--tokens").arg(tokens);
        }
        let mut child = command
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let addr = line_after(&mut child, "listening on http://", Duration::from_secs(30));
        Server { child, addr }
    }

    fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }

    /// One plain HTTP/1.1 request.
    fn http(&self, method: &str, path: &str, headers: &[(&str, &str)], body: &str) -> Reply {
        let mut stream = TcpStream::connect(&self.addr).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(30)))
            .unwrap();
        let mut request = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nContent-Length: {}\r\n",
            self.addr,
            body.len()
        );
        for (name, value) in headers {
            request.push_str(&format!("{name}: {value}\r\n"));
        }
        request.push_str("\r\n");
        request.push_str(body);
        stream.write_all(request.as_bytes()).unwrap();
        let mut raw = Vec::new();
        stream.read_to_end(&mut raw).unwrap();
        let raw = String::from_utf8_lossy(&raw).into_owned();
        let (head, body) = raw.split_once("\r\n\r\n").unwrap_or((&raw, ""));
        let mut lines = head.lines();
        let status = lines
            .next()
            .and_then(|l| l.split(' ').nth(1))
            .and_then(|s| s.parse().ok())
            .unwrap_or(0);
        let headers = lines
            .filter_map(|l| l.split_once(':'))
            .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_owned()))
            .collect();
        Reply {
            status,
            headers,
            body: body.to_owned(),
        }
    }
}

#[derive(Debug)]
struct Reply {
    status: u16,
    headers: Vec<(String, String)>,
    body: String,
}

impl Reply {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}

/// Headless Chromium driven over the DevTools protocol, killed when dropped.
struct Browser {
    child: Child,
    ws: Ws,
    next: u64,
    session: String,
    _profile: tempfile::TempDir,
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Browser {
    /// A browser with one page open at `url`.
    fn open(url: &str) -> Browser {
        let profile = tempfile::tempdir().unwrap();
        let mut child = std::process::Command::new(CHROMIUM)
            .args(HEADLESS)
            .args(["--window-size=1200,900", "--remote-debugging-port=0"])
            .arg(format!("--user-data-dir={}", profile.path().display()))
            .arg("about:blank")
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let ws_url = line_after(
            &mut child,
            "DevTools listening on ",
            Duration::from_secs(60),
        );
        let mut browser = Browser {
            child,
            ws: Ws::connect(&ws_url),
            next: 0,
            session: String::new(),
            _profile: profile,
        };
        let target = browser.call("Target.createTarget", json!({ "url": url }));
        let target = target["targetId"].as_str().unwrap().to_owned();
        let attached = browser.call(
            "Target.attachToTarget",
            json!({ "targetId": target, "flatten": true }),
        );
        browser.session = attached["sessionId"].as_str().unwrap().to_owned();
        browser
    }

    /// One DevTools call (on the page once attached); its result.
    fn call(&mut self, method: &str, params: Value) -> Value {
        let reply = self.reply(method, params);
        assert!(reply.get("error").is_none(), "{method}: {reply}");
        reply["result"].clone()
    }

    /// One DevTools call's whole reply, an error included.
    fn reply(&mut self, method: &str, params: Value) -> Value {
        self.next += 1;
        let id = self.next;
        let mut message = json!({ "id": id, "method": method, "params": params });
        if !self.session.is_empty() {
            message["sessionId"] = json!(self.session);
        }
        self.ws.send(&message.to_string());
        loop {
            let reply: Value = serde_json::from_str(&self.ws.recv()).unwrap();
            if reply["id"] == json!(id) {
                return reply;
            }
        }
    }

    /// The value of a JavaScript expression in the page.
    fn eval(&mut self, expression: &str) -> Value {
        let result = self.call(
            "Runtime.evaluate",
            json!({ "expression": expression, "returnByValue": true }),
        );
        result["result"]["value"].clone()
    }

    /// The text a person sees; none while a page is being replaced (its script context is
    /// gone for a moment after a form's post).
    fn text(&mut self) -> String {
        let reply = self.reply(
            "Runtime.evaluate",
            json!({ "expression": "document.body ? document.body.innerText : ''", "returnByValue": true }),
        );
        reply["result"]["result"]["value"]
            .as_str()
            .unwrap_or_default()
            .to_owned()
    }

    /// Waits (polling the page, up to `limit`) until its text holds every one of `wanted`.
    fn wait_for_text(&mut self, wanted: &[&str], limit: Duration) -> String {
        let began = Instant::now();
        loop {
            let text = self.text();
            if wanted.iter().all(|w| text.contains(w)) {
                return text;
            }
            assert!(
                began.elapsed() < limit,
                "the page did not show {wanted:?} within {limit:?}; it shows:\n{text}"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// Waits until the live stream is connected (the bar says `live`).
    fn wait_live(&mut self) {
        let began = Instant::now();
        while self.eval("document.getElementById('state').textContent") != json!("live") {
            assert!(
                began.elapsed() < LIVE_BOUND,
                "the live stream did not connect"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    fn navigate(&mut self, url: &str) {
        self.call("Page.navigate", json!({ "url": url }));
        let began = Instant::now();
        while self.eval("location.href") != json!(url)
            || self.eval("document.readyState") != json!("complete")
        {
            assert!(
                began.elapsed() < Duration::from_secs(20),
                "{url} not loaded"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Asserts that nothing injected became markup or ran: no script, image or frame in the
    /// content, no link but http(s) and in-page ones, and no `__pwned` set.
    fn assert_inert(&mut self) {
        let verdict = self.eval(
            "(function () {
                var main = document.querySelector('main');
                var bad = main.querySelectorAll('script, img, iframe, object, embed, [onerror], [onclick]');
                var links = Array.prototype.filter.call(main.querySelectorAll('a'), function (a) {
                    var href = a.getAttribute('href') || '';
                    return !(href.charAt(0) === '#' || href.charAt(0) === '/' || /^https?:/.test(href));
                });
                return JSON.stringify({ pwned: window.__pwned === undefined ? null : window.__pwned,
                                        markup: bad.length, links: links.length });
            })()",
        );
        assert_eq!(
            verdict,
            json!("{\"pwned\":null,\"markup\":0,\"links\":0}"),
            "injected markup came alive"
        );
    }
}

/// A WebSocket client, as much as the DevTools protocol needs: text frames, masked out,
/// unmasked in, with continuations.
struct Ws {
    stream: TcpStream,
}

impl Ws {
    fn connect(url: &str) -> Ws {
        let rest = url.strip_prefix("ws://").unwrap();
        let (host, path) = rest.split_at(rest.find('/').unwrap());
        let mut stream = TcpStream::connect(host).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(60)))
            .unwrap();
        write!(
            stream,
            "GET {path} HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
             Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        )
        .unwrap();
        let mut head = Vec::new();
        let mut byte = [0u8; 1];
        while !head.ends_with(b"\r\n\r\n") {
            stream.read_exact(&mut byte).unwrap();
            head.push(byte[0]);
        }
        let head = String::from_utf8_lossy(&head);
        assert!(head.starts_with("HTTP/1.1 101"), "{head}");
        Ws { stream }
    }

    fn send(&mut self, text: &str) {
        let payload = text.as_bytes();
        let mut frame = vec![0x81u8];
        match payload.len() {
            n if n < 126 => frame.push(0x80 | n as u8),
            n if n < 65536 => {
                frame.push(0x80 | 126);
                frame.extend_from_slice(&(n as u16).to_be_bytes());
            }
            n => {
                frame.push(0x80 | 127);
                frame.extend_from_slice(&(n as u64).to_be_bytes());
            }
        }
        let mask = [0x12u8, 0x34, 0x56, 0x78];
        frame.extend_from_slice(&mask);
        frame.extend(payload.iter().enumerate().map(|(i, b)| b ^ mask[i % 4]));
        self.stream.write_all(&frame).unwrap();
    }

    fn recv(&mut self) -> String {
        let mut message = Vec::new();
        loop {
            let mut head = [0u8; 2];
            self.stream.read_exact(&mut head).unwrap();
            let fin = head[0] & 0x80 != 0;
            let opcode = head[0] & 0x0f;
            let len = match head[1] & 0x7f {
                126 => {
                    let mut n = [0u8; 2];
                    self.stream.read_exact(&mut n).unwrap();
                    u16::from_be_bytes(n) as usize
                }
                127 => {
                    let mut n = [0u8; 8];
                    self.stream.read_exact(&mut n).unwrap();
                    u64::from_be_bytes(n) as usize
                }
                n => n as usize,
            };
            let mut payload = vec![0u8; len];
            self.stream.read_exact(&mut payload).unwrap();
            assert_ne!(opcode, 8, "the browser closed the DevTools connection");
            if opcode == 9 || opcode == 10 {
                continue;
            }
            message.extend_from_slice(&payload);
            if fin {
                return String::from_utf8(message).unwrap();
            }
        }
    }
}

/// Standard base64, decoded (a screenshot from the DevTools protocol).
fn base64(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        _ => 63,
    };
    let digits: Vec<u8> = text.bytes().filter(|c| *c != b'=').map(value).collect();
    let mut out = Vec::with_capacity(digits.len() * 3 / 4);
    for chunk in digits.chunks(4) {
        let mut acc = 0u32;
        for (i, d) in chunk.iter().enumerate() {
            acc |= u32::from(*d) << (18 - 6 * i);
        }
        let bytes = acc.to_be_bytes();
        out.extend_from_slice(&bytes[1..chunk.len()]);
    }
    out
}

/// Where a screenshot of the page goes when asked (for docs/serve.md), else nowhere.
fn screenshot_to() -> Option<PathBuf> {
    std::env::var_os("PARLEY_DASHBOARD_SCREENSHOT").map(PathBuf::from)
}

const LIVE_BOUND: Duration = Duration::from_secs(20);

#[test]
fn the_dashboard_shows_every_session_live_in_a_browser_and_injected_markup_stays_text() {
    if !chromium_available() {
        return;
    }
    let tmp = root_with_every_protocol();
    let root = tmp.path();
    let server = Server::start(root, None);
    let mut browser = Browser::open(&server.url("/"));
    // The index: every session, by protocol, with what its status says.
    let text = browser.wait_for_text(
        &[
            "team/neg",
            "bounce.md",
            "parl",
            "proj",
            "Negotiations (1)",
            "Bounce sessions (1)",
            "Parliaments (1)",
            "Operative projects (1)",
            "positions",
            "agent-alpha, agent-beta",
            "1 escalated",
            "amber-otter",
            "<script>window.__pwned=1</script>",
        ],
        LIVE_BOUND,
    );
    assert!(!text.contains(".hidden"), "{text}");
    browser.wait_live();
    browser.assert_inert();
    // A session that appears shows up without a reload (the marker would be gone).
    browser.eval("window.__marker = 42");
    ok(
        root,
        &[
            "bounce",
            "new",
            "team/later.md",
            "--title",
            "Arrived later",
            "--agents",
            "ann,bob",
        ],
    );
    browser.wait_for_text(&["team/later.md", "Bounce sessions (2)"], LIVE_BOUND);
    assert_eq!(
        browser.eval("window.__marker"),
        json!(42),
        "the page reloaded"
    );

    // A negotiation's page: the turn, the issues with their entries, the notes, the log.
    let neg_url = server.url("/session?kind=negotiation&path=team%2Fneg");
    browser.navigate(&neg_url);
    browser.wait_for_text(
        &[
            "Phase positions",
            "Position text <script>window.__pwned=1</script>",
            "Note text <script>window.__pwned=1</script><img src=x onerror=\"window.__pwned=2\">",
            "Stuck <script>window.__pwned=1</script>",
            "[click](javascript:window.__pwned=3)",
            "Escalated: for a person to settle",
            "Open: who may agree (1)",
            "agent-alpha's position (round 1)",
            "Timeline",
            "Notes (1)",
        ],
        LIVE_BOUND,
    );
    browser.wait_live();
    browser.assert_inert();
    if let Some(out) = screenshot_to() {
        let shot = browser.call("Page.captureScreenshot", json!({ "format": "png" }));
        std::fs::write(out, base64(shot["data"].as_str().unwrap())).unwrap();
    }
    let shot = browser.call("Page.captureScreenshot", json!({ "format": "png" }));
    let png = base64(shot["data"].as_str().unwrap());
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n", "a PNG");
    // A change made by a command appears without a reload.
    browser.eval("window.__marker = 43");
    ok(
        root,
        &["note", "team/neg", "agent-alpha", "--body", "A live note"],
    );
    browser.wait_for_text(&["A live note", "Notes (2)"], LIVE_BOUND);
    assert_eq!(
        browser.eval("window.__marker"),
        json!(43),
        "the page reloaded"
    );

    // The other protocols' pages say what their status says, as text.
    for (url, wanted) in [
        (
            "/session?kind=bounce&path=bounce.md",
            "Bounce title <script>window.__pwned=1</script>",
        ),
        (
            "/session?kind=parliament&path=parl",
            "Problem <script>window.__pwned=1</script>",
        ),
        ("/session?kind=operative&path=proj", "amber-otter"),
    ] {
        browser.navigate(&server.url(url));
        browser.wait_for_text(&[wanted], LIVE_BOUND);
        browser.assert_inert();
    }
    // A session that ends (removed) says so on its page.
    browser.navigate(&server.url("/session?kind=bounce&path=team%2Flater.md"));
    browser.wait_for_text(&["Arrived later"], LIVE_BOUND);
    browser.wait_live();
    std::fs::remove_file(root.join("team/later.md")).unwrap();
    browser.wait_for_text(&["no longer under"], LIVE_BOUND);
}

/// `parley token new FILE ROLE... --label LABEL`: the token printed.
fn token(dir: &Path, file: &Path, role: &[&str], label: &str) -> String {
    let mut args = vec!["token", "new", file.to_str().unwrap()];
    args.extend_from_slice(role);
    args.extend_from_slice(&["--label", label]);
    ok(dir, &args).trim().to_owned()
}

/// The session cookie a login answer sets (`name=value`).
fn login(server: &Server, token: &str) -> Reply {
    let body: String = form_body(&[("token", token)]);
    server.http(
        "POST",
        "/login",
        &[("Content-Type", "application/x-www-form-urlencoded")],
        &body,
    )
}

fn form_body(pairs: &[(&str, &str)]) -> String {
    pairs
        .iter()
        .map(|(k, v)| {
            let enc = |s: &str| -> String {
                s.bytes()
                    .map(|b| match b {
                        b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' => {
                            (b as char).to_string()
                        }
                        _ => format!("%{b:02X}"),
                    })
                    .collect()
            };
            format!("{}={}", enc(k), enc(v))
        })
        .collect::<Vec<_>>()
        .join("&")
}

fn cookie_of(reply: &Reply) -> String {
    let set = reply.header("set-cookie").expect("a cookie");
    set.split(';').next().unwrap().trim().to_owned()
}

/// The CSRF value of the page's resolve form.
fn csrf_in(page: &str) -> Option<String> {
    let at = page.find("name=\"csrf\" value=\"")? + "name=\"csrf\" value=\"".len();
    Some(page[at..at + page[at..].find('"')?].to_owned())
}

#[test]
fn with_tokens_people_log_in_with_a_cookie_and_only_an_admin_resolves_with_the_csrf_check() {
    let tmp = root_with_every_protocol();
    let root = tmp.path();
    let secrets = tempfile::tempdir().unwrap();
    let file = secrets.path().join("tokens.toml");
    let admin = token(root, &file, &["--admin"], "ada");
    let viewer = token(root, &file, &["--viewer"], "vic");
    let agent = token(root, &file, &["--agent", "agent-alpha"], "bot");
    let server = Server::start(root, Some(&file));
    let page = "/session?kind=negotiation&path=team%2Fneg";

    // Nothing without a login; the form and the assets are open.
    let home = server.http("GET", "/", &[], "");
    assert_eq!(home.status, 303);
    assert_eq!(home.header("location"), Some("/login"));
    assert_eq!(server.http("GET", page, &[], "").status, 303);
    assert_eq!(server.http("GET", "/live", &[], "").status, 401);
    let form = server.http("GET", "/login", &[], "");
    assert_eq!(form.status, 200);
    assert!(form.body.contains("action=\"/login\""));
    assert_eq!(
        server.http("GET", "/assets/dashboard.js", &[], "").status,
        200
    );
    // A token in a URL is refused, whoever's.
    let in_url = server.http("GET", &format!("/?token={admin}"), &[], "");
    assert_eq!(in_url.status, 401, "{}", in_url.body);

    // A client that is no browser may read with a viewer's token in the header (no form).
    let bearer = format!("Bearer {viewer}");
    let read = server.http("GET", page, &[("Authorization", bearer.as_str())], "");
    assert_eq!(read.status, 200);
    // No page names where the server keeps its files.
    let placed = root.canonicalize().unwrap().to_string_lossy().into_owned();
    for path in [
        "/",
        page,
        "/session?kind=bounce&path=bounce.md",
        "/session?kind=operative&path=proj",
        "/session?kind=parliament&path=parl",
    ] {
        let shown = server.http("GET", path, &[("Authorization", bearer.as_str())], "");
        assert_eq!(shown.status, 200, "{path}");
        assert!(
            !shown.body.contains(&placed),
            "{path} shows {placed}: {}",
            shown.body
        );
    }
    assert!(csrf_in(&read.body).is_none());
    let agent_bearer = format!("Bearer {agent}");
    let refused = server.http("GET", page, &[("Authorization", agent_bearer.as_str())], "");
    assert_eq!(refused.status, 303);
    // An agent's token and an unknown one do not log in.
    assert_eq!(login(&server, &agent).status, 403);
    let unknown = login(&server, "parley_nope");
    assert_eq!(unknown.status, 401);
    assert!(unknown.header("set-cookie").is_none());

    // A viewer logs in: an opaque, HttpOnly, SameSite=Strict cookie (no Secure over HTTP).
    let viewed = login(&server, &viewer);
    assert_eq!(viewed.status, 303, "{}", viewed.body);
    let set = viewed.header("set-cookie").unwrap().to_owned();
    assert!(
        set.contains("HttpOnly") && set.contains("SameSite=Strict"),
        "{set}"
    );
    assert!(!set.contains("Secure"), "{set}");
    assert!(!set.contains(&viewer) && !set.contains(&viewer["parley_".len()..]));
    let viewer_cookie = cookie_of(&viewed);
    let cookie = [("Cookie", viewer_cookie.as_str())];
    let listed = server.http("GET", "/", &cookie, "");
    assert_eq!(listed.status, 200);
    assert!(listed.body.contains("team/neg"), "{}", listed.body);
    let csp = listed.header("content-security-policy").unwrap();
    assert!(csp.contains("script-src 'self'") && !csp.contains("unsafe-inline"));
    // The cookie is no token at /mcp.
    let mcp = server.http(
        "POST",
        "/mcp",
        &[
            ("Cookie", viewer_cookie.as_str()),
            ("Content-Type", "application/json"),
        ],
        "{}",
    );
    assert_eq!(mcp.status, 401);
    // A viewer sees the escalated issue but no form, and may not resolve.
    let seen = server.http("GET", page, &cookie, "");
    assert!(seen.body.contains("Escalated: for a person to settle"));
    assert!(csrf_in(&seen.body).is_none());
    let tried = server.http(
        "POST",
        "/resolve",
        &[
            ("Cookie", viewer_cookie.as_str()),
            ("Content-Type", "application/x-www-form-urlencoded"),
        ],
        &form_body(&[("path", "team/neg"), ("issue", "1"), ("decision", "No.")]),
    );
    assert_eq!(tried.status, 403);

    // An admin's form carries the check; without it, or with another, nothing changes.
    let admin_cookie = cookie_of(&login(&server, &admin));
    let page_html = server.http("GET", page, &[("Cookie", admin_cookie.as_str())], "");
    let csrf = csrf_in(&page_html.body).expect("an admin's page has the resolve form");
    let post = |fields: &[(&str, &str)], cookie: &str| {
        server.http(
            "POST",
            "/resolve",
            &[
                ("Cookie", cookie),
                ("Content-Type", "application/x-www-form-urlencoded"),
            ],
            &form_body(fields),
        )
    };
    let before = ok(root, &["status", "team/neg", "--json"]);
    for fields in [
        vec![("path", "team/neg"), ("issue", "1"), ("decision", "Do A.")],
        vec![
            ("csrf", "0000"),
            ("path", "team/neg"),
            ("issue", "1"),
            ("decision", "Do A."),
        ],
    ] {
        assert_eq!(post(&fields, &admin_cookie).status, 403);
    }
    // Another login's check is not this one's.
    let other_admin = cookie_of(&login(&server, &admin));
    let fields = [
        ("csrf", csrf.as_str()),
        ("path", "team/neg"),
        ("issue", "1"),
        ("decision", "Do A."),
    ];
    assert_eq!(post(&fields, &other_admin).status, 403);
    assert_eq!(ok(root, &["status", "team/neg", "--json"]), before);
    // With it, the issue is settled by the token's label.
    let done = post(&fields, &admin_cookie);
    assert_eq!(done.status, 303, "{}", done.body);
    let after: Value = serde_json::from_str(&ok(root, &["status", "team/neg", "--json"])).unwrap();
    let issue = &after["data"]["issues"][0];
    assert_eq!(issue["resolved_by"], json!("ada"), "{after}");

    // A revoked token ends its logins at once; logging out ends one.
    ok(root, &["token", "revoke", file.to_str().unwrap(), "ada"]);
    assert_eq!(
        server
            .http("GET", "/", &[("Cookie", admin_cookie.as_str())], "")
            .status,
        303
    );
    let out = server.http("POST", "/logout", &cookie, "");
    assert!(out.header("set-cookie").unwrap().contains("Max-Age=0"));
    assert_eq!(server.http("GET", "/", &cookie, "").status, 303);
}

#[test]
fn without_tokens_the_dashboard_is_read_only_and_serves_nothing_outside_root() {
    let tmp = root_with_every_protocol();
    let root = tmp.path();
    let server = Server::start(&root.join("team"), None);
    let index = server.http("GET", "/", &[], "");
    assert_eq!(index.status, 200);
    assert!(index.body.contains("neg"), "{}", index.body);
    assert!(
        !index.body.contains("bounce.md"),
        "outside ROOT: {}",
        index.body
    );
    let page = server.http("GET", "/session?kind=negotiation&path=neg", &[], "");
    assert_eq!(page.status, 200);
    assert!(page.body.contains("Escalated: for a person to settle"));
    // What still blocks finish, each as status says it, and the sign-offs (required by
    // default: owed by both agents).
    let status: Value = serde_json::from_str(&ok(root, &["status", "team/neg", "--json"])).unwrap();
    let blockers = status["data"]["finish_blockers"].as_array().unwrap();
    assert!(!blockers.is_empty(), "{status}");
    assert!(
        page.body.contains(&format!(
            "<h2>What still blocks finish ({})</h2>",
            blockers.len()
        )),
        "{}",
        page.body
    );
    for blocker in blockers {
        let shown = format!("<li>{}</li>", escape_html(blocker.as_str().unwrap()));
        assert!(page.body.contains(&shown), "{shown}: {}", page.body);
    }
    // The sign-offs in status's own words.
    let said = ok(root, &["status", "team/neg"]);
    let line = said
        .lines()
        .find(|line| line.starts_with("Sign-offs"))
        .unwrap_or_else(|| panic!("{said}"));
    assert!(line.contains("owed by agent-alpha, agent-beta"), "{line}");
    assert!(
        page.body.contains(&escape_html(line)),
        "{line}: {}",
        page.body
    );
    assert!(csrf_in(&page.body).is_none(), "no form without tokens");
    assert!(!page.body.contains("<script>window"), "escaped");
    // No inline script anywhere: the only script is the page's own file.
    assert_eq!(page.body.matches("<script").count(), 1);
    assert!(
        page.body
            .contains("<script src=\"/assets/dashboard.js\" defer></script>")
    );
    let before = ok(root, &["status", "team/neg", "--json"]);
    let tried = server.http(
        "POST",
        "/resolve",
        &[("Content-Type", "application/x-www-form-urlencoded")],
        &form_body(&[("path", "neg"), ("issue", "1"), ("decision", "No.")]),
    );
    assert_eq!(tried.status, 403);
    assert_eq!(ok(root, &["status", "team/neg", "--json"]), before);
    for path in [
        "/session?kind=bounce&path=..%2Fbounce.md",
        "/session?kind=negotiation&path=%2Ftmp",
        &format!(
            "/session?kind=negotiation&path={}",
            root.join("team/neg").display()
        ),
        "/session?kind=parliament&path=..%2Fparl",
        "/live?kind=bounce&path=..%2Fbounce.md",
    ] {
        let reply = server.http("GET", path, &[], "");
        assert_eq!(reply.status, 404, "{path}: {}", reply.body);
    }
    // A finished negotiation's page shows everything `report --html` shows: each text block
    // and each table cell of the report is on the page, escaped the same way.
    ok(root, &["demo", "--scene", "negotiation", "team/demo"]);
    let report = root.join("report.html");
    ok(
        root,
        &[
            "report",
            "team/demo/negotiation",
            "--html",
            report.to_str().unwrap(),
        ],
    );
    let report = std::fs::read_to_string(&report).unwrap();
    let finished = server.http(
        "GET",
        "/session?kind=negotiation&path=demo%2Fnegotiation",
        &[],
        "",
    );
    assert!(finished.body.contains("finished"), "{}", finished.body);
    assert!(!finished.body.contains("What still blocks finish"));
    let mut pieces = 0;
    for (open, close) in [
        ("<pre class=\"text\">", "</pre>"),
        ("<td>", "</td>"),
        ("<h4>", "</h4>"),
    ] {
        for piece in report.split(open).skip(1) {
            let piece = &piece[..piece.find(close).unwrap()];
            assert!(
                finished.body.contains(piece),
                "the page lacks what the report shows: {piece}"
            );
            pieces += 1;
        }
    }
    assert!(pieces > 20, "{pieces} pieces compared");
    // A foreign Origin or Host is refused, as everywhere on the server.
    let foreign = server.http("GET", "/", &[("Origin", "http://evil.example")], "");
    assert_eq!(foreign.status, 403);
}

/// The forms as a person uses them, in the browser: its own posts carry the Origin header the
/// page's referrer policy lets it send, which the server must accept (with `no-referrer` a
/// browser sends `Origin: null` and every login was refused).
#[test]
fn in_a_browser_an_admin_logs_in_settles_an_escalation_and_logs_out() {
    if !chromium_available() {
        return;
    }
    let tmp = root_with_every_protocol();
    let root = tmp.path();
    let secrets = tempfile::tempdir().unwrap();
    let file = secrets.path().join("tokens.toml");
    let admin = token(root, &file, &["--admin"], "ada");
    let server = Server::start(root, Some(&file));
    let mut browser = Browser::open(&server.url("/login"));
    browser.wait_for_text(&["Token"], LIVE_BOUND);
    browser.eval(&format!(
        "document.querySelector('input[name=token]').value = {}; \
         document.querySelector('form.login button').click(); true",
        json!(admin)
    ));
    browser.wait_for_text(&["Negotiations (1)", "ada"], LIVE_BOUND);
    browser.navigate(&server.url("/session?kind=negotiation&path=team%2Fneg"));
    browser.wait_for_text(
        &["Escalated: for a person to settle", "Resolve as ada"],
        LIVE_BOUND,
    );
    browser.eval(
        "document.querySelector('form.resolve textarea').value = 'Settled in the browser.'; \
         document.querySelector('form.resolve button').click(); true",
    );
    browser.wait_for_text(&["resolved by ada"], LIVE_BOUND);
    let settled = std::fs::read_dir(root.join("team/neg/positions"))
        .unwrap()
        .map(|entry| std::fs::read_to_string(entry.unwrap().path()).unwrap())
        .any(|text| text.contains("Settled in the browser."));
    assert!(settled, "no positions file holds the decision");
    browser.eval("document.querySelector('form.logout button').click(); true");
    browser.wait_for_text(&["Log in"], LIVE_BOUND);
}

/// A text as the pages write it into HTML.
fn escape_html(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}
