//! `parley serve`: the real binary on port 0, driven over real HTTP by rmcp's streamable HTTP
//! client (the calls) and by a plain HTTP/1.1 client written here (the refusals).
//!
//! No sleeps: the server is ready when it prints `listening on URL`; a wait is known to be
//! blocked when its first progress notification arrives.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

use rmcp::model::{CallToolRequestParams, CallToolResult, ProgressNotificationParam};
use rmcp::service::{NotificationContext, PeerRequestOptions, RunningService};
use rmcp::transport::StreamableHttpClientTransport;
use rmcp::transport::streamable_http_client::StreamableHttpClientTransportConfig;
use rmcp::{ClientHandler, RoleClient, ServiceExt};
use serde_json::{Value, json};
use tokio::sync::mpsc;

use crate::mcp::block_on;
use crate::support::*;

/// A running `parley serve` and the URL it printed.
pub(crate) struct Server {
    child: Child,
    pub(crate) url: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Server {
    /// Starts `parley serve ROOT ARGS` on a free port; returns once it is listening.
    pub(crate) fn start(cwd: &Path, args: &[&str]) -> Server {
        let mut child = parley_std()
            .arg("serve")
            .args(args)
            .args(["--listen", "127.0.0.1:0"])
            .current_dir(cwd)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("parley serve starts");
        let mut stderr = BufReader::new(child.stderr.take().unwrap());
        let mut first = String::new();
        stderr.read_line(&mut first).unwrap();
        let url = first
            .trim()
            .strip_prefix("listening on ")
            .unwrap_or_else(|| panic!("the first stderr line says where: {first:?}"))
            .to_owned();
        // The rest of stderr is drained so that the server never blocks on it.
        std::thread::spawn(move || {
            let mut rest = String::new();
            let _ = stderr.read_to_string(&mut rest);
        });
        Server { child, url }
    }

    fn addr(&self) -> String {
        self.url.trim_start_matches("http://").to_owned()
    }

    /// How many inotify instances the server holds.
    fn inotify_instances(&self) -> usize {
        std::fs::read_dir(format!("/proc/{}/fd", self.child.id()))
            .unwrap()
            .flatten()
            .filter(|fd| {
                std::fs::read_link(fd.path())
                    .is_ok_and(|target| target.to_string_lossy().contains("inotify"))
            })
            .count()
    }
}

/// A token made with `parley token new FILE ARGS`.
pub(crate) fn token(file: &Path, args: &[&str]) -> String {
    let output = parley_std()
        .args(["token", "new"])
        .arg(file)
        .args(args)
        .output()
        .unwrap();
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    stdout(&output).trim().to_owned()
}

struct Progress(mpsc::UnboundedSender<ProgressNotificationParam>);

impl ClientHandler for Progress {
    async fn on_progress(
        &self,
        params: ProgressNotificationParam,
        _context: NotificationContext<RoleClient>,
    ) {
        let _ = self.0.send(params);
    }
}

struct Client {
    client: RunningService<RoleClient, Progress>,
    progress: mpsc::UnboundedReceiver<ProgressNotificationParam>,
}

impl Client {
    async fn connect(server: &Server, token: &str) -> Client {
        let config = StreamableHttpClientTransportConfig::with_uri(format!("{}/mcp", server.url))
            .auth_header(token.to_owned());
        let transport = StreamableHttpClientTransport::from_config(config);
        let (sender, progress) = mpsc::unbounded_channel();
        let client = Progress(sender)
            .serve(transport)
            .await
            .expect("the MCP session starts over HTTP");
        Client { client, progress }
    }

    async fn call(&self, tool: &str, arguments: Value) -> CallToolResult {
        let Value::Object(arguments) = arguments else {
            panic!("arguments are an object");
        };
        self.client
            .call_tool(CallToolRequestParams::new(tool.to_owned()).with_arguments(arguments))
            .await
            .unwrap_or_else(|e| panic!("{tool} call failed: {e}"))
    }

    /// Calls and returns the structured content, asserting its exit code.
    async fn expect(&self, tool: &str, arguments: Value, exit: u64) -> Value {
        let shown = arguments.to_string();
        let result = self.call(tool, arguments).await;
        let content = result
            .structured_content
            .clone()
            .expect("structured content");
        assert_eq!(content["exit"], exit, "{tool} {shown}: {content}");
        content
    }

    /// A negotiation action that must answer 0.
    async fn ok(&self, arguments: Value) -> Value {
        self.expect("negotiation", arguments, 0).await
    }

    async fn wait_in_background(
        &self,
        arguments: Value,
    ) -> rmcp::service::RequestHandle<RoleClient> {
        let Value::Object(arguments) = arguments else {
            panic!("arguments are an object");
        };
        self.client
            .send_cancellable_request(
                rmcp::model::ClientRequest::CallToolRequest(rmcp::model::CallToolRequest::new(
                    CallToolRequestParams::new("wait".to_owned()).with_arguments(arguments),
                )),
                PeerRequestOptions::no_options(),
            )
            .await
            .unwrap()
    }
}

fn exit_of(response: rmcp::model::ServerResult) -> u64 {
    match response {
        rmcp::model::ServerResult::CallToolResult(result) => {
            result.structured_content.expect("structured content")["exit"]
                .as_u64()
                .unwrap()
        }
        other => panic!("not a tool result: {other:?}"),
    }
}

/// Tokens for alice, bob, a viewer and an admin in `dir/tokens.toml`.
struct Tokens {
    file: std::path::PathBuf,
    alice: String,
    bob: String,
    viewer: String,
    admin: String,
}

fn tokens(dir: &Path) -> Tokens {
    let file = dir.join("tokens.toml");
    Tokens {
        alice: token(&file, &["--agent", "alice", "--label", "alice"]),
        bob: token(&file, &["--agent", "bob", "--label", "bob"]),
        viewer: token(&file, &["--viewer", "--label", "viewer"]),
        admin: token(&file, &["--admin", "--label", "admin"]),
        file,
    }
}

fn root(tmp: &tempfile::TempDir) -> String {
    let root = tmp.path().join("root");
    std::fs::create_dir_all(&root).unwrap();
    root.to_string_lossy().into_owned()
}

/// A plain HTTP/1.1 request; returns the status and the whole response.
fn raw(addr: &str, request: &str) -> (u16, String) {
    let mut stream = std::net::TcpStream::connect(addr).unwrap();
    stream.write_all(request.as_bytes()).unwrap();
    let mut response = String::new();
    let _ = stream.read_to_string(&mut response);
    let status = response
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("an HTTP response: {response:?}"));
    (status, response)
}

fn post(addr: &str, host: &str, headers: &str, body: &str) -> (u16, String) {
    raw(
        addr,
        &format!(
            "POST /mcp HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n{headers}Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        ),
    )
}

const LIST: &str = r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#;

#[test]
fn agents_negotiate_through_their_tokens_and_a_wait_wakes_on_the_hand_off() {
    let tmp = tempfile::tempdir().unwrap();
    let root = root(&tmp);
    let t = tokens(tmp.path());
    let server = Server::start(tmp.path(), &[&root, "--tokens", t.file.to_str().unwrap()]);
    block_on(async {
        let alice = Client::connect(&server, &t.alice).await;
        let bob = Client::connect(&server, &t.bob).await;
        let viewer = Client::connect(&server, &t.viewer).await;
        alice
            .ok(json!({"action": "init", "dir": "neg", "num_agents": 2}))
            .await;
        // The acting agent left out is the token's; `--auto` registers the token's name.
        alice.ok(json!({"action": "register", "dir": "neg"})).await;
        bob.ok(json!({"action": "register", "dir": "neg", "auto": true}))
            .await;
        alice
            .expect("wait", json!({"action": "start", "dir": "neg"}), 0)
            .await;
        bob.expect("wait", json!({"action": "start", "dir": "neg"}), 0)
            .await;
        let status = viewer
            .call("negotiation", json!({"action": "status", "dir": "neg"}))
            .await;
        let content = status.structured_content.clone().unwrap();
        assert_eq!(content["exit"], 0, "{content}");
        assert!(
            content.to_string().contains("alice") && content.to_string().contains("bob"),
            "{content}"
        );
        // The text the command line would print travels along, for a remote command line.
        let cli = &status.meta.as_ref().expect("_meta").0["parley/cli"];
        assert!(cli["stdout"].as_str().unwrap().contains("alice"), "{cli}");
        assert_eq!(cli["exit"], 0);
        // Whoever holds the turn hands it on; the other's wait, blocked first, wakes with it.
        let alice_holds = alice
            .call("negotiation", json!({"action": "poll", "dir": "neg"}))
            .await
            .structured_content
            .unwrap()["exit"]
            == 0;
        let (holder, mut waiter) = if alice_holds {
            (alice, bob)
        } else {
            (bob, alice)
        };
        let handle = waiter
            .wait_in_background(json!({"action": "turn", "dir": "neg", "timeout_seconds": 40}))
            .await;
        waiter
            .progress
            .recv()
            .await
            .expect("the wait reports progress once blocked");
        holder
            .ok(json!({"action": "end_analysis", "dir": "neg"}))
            .await;
        let answer = handle.await_response().await.unwrap();
        assert_eq!(exit_of(answer), 0, "the wait woke with the turn");
        // `report` returns the page instead of writing a file on the server.
        let report = viewer
            .ok(json!({"action": "report", "dir": "neg", "html": "/elsewhere/neg.html"}))
            .await;
        assert!(
            report["data"]["html"].as_str().unwrap().contains("<html"),
            "{report}"
        );
        assert!(!Path::new("/elsewhere").exists());
    });
}

#[test]
fn every_refusal_changes_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let root = root(&tmp);
    let t = tokens(tmp.path());
    std::fs::create_dir(tmp.path().join("outside")).unwrap();
    std::os::unix::fs::symlink(tmp.path().join("outside"), Path::new(&root).join("out")).unwrap();
    let server = Server::start(tmp.path(), &[&root, "--tokens", t.file.to_str().unwrap()]);
    let addr = server.addr();
    block_on(async {
        let alice = Client::connect(&server, &t.alice).await;
        let viewer = Client::connect(&server, &t.viewer).await;
        let admin = Client::connect(&server, &t.admin).await;
        alice
            .ok(json!({"action": "init", "dir": "neg", "num_agents": 2}))
            .await;
        // A viewer reads (its first read writes a derived cache, before the snapshot).
        viewer.ok(json!({"action": "status", "dir": "neg"})).await;
        let before = snapshot(Path::new(&root));
        let refused = |content: Value, needle: &str| {
            assert_eq!(content["error"]["code"], "FORBIDDEN", "{content}");
            let message = content["error"]["message"].as_str().unwrap();
            assert!(message.contains(needle), "{message} names {needle}");
        };
        // An agent token acts only as its agent.
        refused(
            alice
                .expect(
                    "negotiation",
                    json!({"action": "register", "dir": "neg", "agent": "bob"}),
                    77,
                )
                .await,
            "bob",
        );
        // What is for people needs an admin token.
        refused(
            alice
                .expect("negotiation", json!({"action": "resolve", "dir": "neg", "issue": "1", "decision": "x", "by": "me"}), 77)
                .await,
            "resolve",
        );
        // A viewer only reads.
        refused(
            viewer
                .expect(
                    "negotiation",
                    json!({"action": "register", "dir": "neg", "agent": "carol"}),
                    77,
                )
                .await,
            "register",
        );
        viewer.ok(json!({"action": "status", "dir": "neg"})).await;
        // ... and may ask what `finish` would answer (nothing changes: see the end), but not
        // finish.
        let checked = viewer
            .call(
                "negotiation",
                json!({"action": "finish", "dir": "neg", "check": true}),
            )
            .await
            .structured_content
            .expect("structured content");
        assert_ne!(checked["exit"], 77, "{checked}");
        refused(
            viewer
                .expect("negotiation", json!({"action": "finish", "dir": "neg"}), 77)
                .await,
            "finish",
        );
        // Paths out of ROOT, by every route, for every role.
        let absolute = format!("{root}/neg");
        for dir in [
            absolute.as_str(),
            "../root/neg",
            "neg/../../root/neg",
            "out/root/neg",
            "out",
        ] {
            for client in [&alice, &viewer, &admin] {
                refused(
                    client
                        .expect("negotiation", json!({"action": "status", "dir": dir}), 77)
                        .await,
                    dir,
                );
            }
            refused(
                admin
                    .expect(
                        "negotiation",
                        json!({"action": "init", "dir": format!("{dir}/new"), "num_agents": 2}),
                        77,
                    )
                    .await,
                dir,
            );
        }
        assert_eq!(
            snapshot(Path::new(&root)),
            before,
            "nothing changed under ROOT"
        );
        assert_eq!(
            std::fs::read_dir(tmp.path().join("outside"))
                .unwrap()
                .count(),
            0
        );
    });
    let bearer = format!("Authorization: Bearer {}\r\n", t.alice);
    // The same request is served with the token in its header...
    assert_eq!(post(&addr, &addr, &bearer, LIST).0, 200);
    // ... a body that is no JSON-RPC message gets 400 and a JSON-RPC error ...
    for (body, code) in [("{not json", -32700), ("{}", -32600), ("[1, 2]", -32600)] {
        let (status, response) = post(&addr, &addr, &bearer, body);
        assert_eq!(status, 400, "{body}: {response}");
        let answer: Value = serde_json::from_str(response.split("\r\n\r\n").nth(1).unwrap())
            .unwrap_or_else(|e| panic!("{body}: {e}: {response}"));
        assert_eq!(answer["error"]["code"], code, "{body}: {answer}");
        assert_eq!(answer["id"], Value::Null, "{body}: {answer}");
    }
    // ... and refused without it, with a bad one, or with the token in the URL.
    let (status, response) = post(&addr, &addr, "", LIST);
    assert_eq!(status, 401);
    assert!(
        response
            .to_ascii_lowercase()
            .contains("www-authenticate: bearer"),
        "{response}"
    );
    assert_eq!(
        post(&addr, &addr, "Authorization: Bearer nope\r\n", LIST).0,
        401
    );
    let in_url = format!(
        "POST /mcp?access_token={} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{LIST}",
        t.alice,
        LIST.len()
    );
    assert_eq!(raw(&addr, &in_url).0, 401);
    // DNS rebinding: a Host or an Origin that is not this server's.
    assert_eq!(post(&addr, "evil.example", &bearer, LIST).0, 403);
    assert_eq!(
        post(
            &addr,
            &addr,
            &format!("{bearer}Origin: http://evil.example\r\n"),
            LIST
        )
        .0,
        403
    );
    assert_eq!(
        post(
            &addr,
            &addr,
            &format!("{bearer}Origin: {}\r\n", server.url),
            LIST
        )
        .0,
        200
    );
    // Two of a header that is checked: refused, whichever comes first (a proxy may route on
    // the other one).
    for twice in [
        format!("{bearer}Host: evil.example\r\n"),
        format!(
            "{bearer}Origin: {}\r\nOrigin: http://evil.example\r\n",
            server.url
        ),
        format!("{bearer}Authorization: Bearer nope\r\n"),
    ] {
        let (status, response) = post(&addr, &addr, &twice, LIST);
        assert_eq!(status, 400, "{twice}: {response}");
    }
    // A body over 4 MiB is refused before it is read.
    let big = format!(
        "POST /mcp HTTP/1.1\r\nHost: {addr}\r\n{bearer}Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        5 * 1024 * 1024
    );
    assert_eq!(raw(&addr, &big).0, 413);
    // Health needs no token.
    let health = raw(
        &addr,
        &format!("GET /healthz HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"),
    );
    assert_eq!(health.0, 200);
    // A revoked token is refused at once, without a restart.
    let revoked = parley_std()
        .args(["token", "revoke"])
        .arg(&t.file)
        .arg("alice")
        .output()
        .unwrap();
    assert_eq!(code(&revoked), 0, "{}", stderr(&revoked));
    assert_eq!(post(&addr, &addr, &bearer, LIST).0, 401);
}

/// A client that opens a connection and never finishes its request headers does not keep it:
/// the server closes it after `--header-timeout`, and serves complete requests meanwhile.
#[test]
fn a_request_whose_headers_never_end_is_closed() {
    let tmp = tempfile::tempdir().unwrap();
    let root = root(&tmp);
    let server = Server::start(tmp.path(), &[&root, "--header-timeout", "1"]);
    let mut slow = std::net::TcpStream::connect(server.addr()).unwrap();
    slow.write_all(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        .unwrap();
    // Well beyond the server's timeout: a read that runs out means the server kept it.
    slow.set_read_timeout(Some(std::time::Duration::from_secs(30)))
        .unwrap();
    let (status, _) = raw(
        &server.addr(),
        "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
    );
    assert_eq!(status, 200);
    let mut answer = Vec::new();
    match slow.read_to_end(&mut answer) {
        // Closed, with nothing or with a 408 said first.
        Ok(_) => {
            let answer = String::from_utf8_lossy(&answer);
            assert!(answer.is_empty() || answer.contains(" 408 "), "{answer}");
        }
        Err(e) => assert!(
            !matches!(
                e.kind(),
                std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
            ),
            "the connection was kept open: {e}"
        ),
    }
}

#[test]
fn without_tokens_only_loopback_is_served() {
    let tmp = tempfile::tempdir().unwrap();
    let output = parley_std()
        .args(["serve", ".", "--listen", "0.0.0.0:0"])
        .current_dir(tmp.path())
        .output()
        .unwrap();
    assert_eq!(code(&output), 64, "{}", stderr(&output));
    assert!(stderr(&output).contains("--tokens"));
    // Nor is the `null` origin ever allowed (sandboxed frames, local files).
    // (A root that does not exist: were the origin let through, the answer would be the
    // missing root's, not a server that never ends.)
    let output = parley_std()
        .args(["serve", "no-such-root", "--allowed-origin", "null/"])
        .current_dir(tmp.path())
        .output()
        .unwrap();
    assert_eq!(code(&output), 64, "{}", stderr(&output));
    assert!(stderr(&output).contains("null"), "{}", stderr(&output));
}

#[test]
fn many_waits_share_one_watcher_and_all_wake() {
    const WAITS: usize = 150;
    let tmp = tempfile::tempdir().unwrap();
    let root = root(&tmp);
    let server = Server::start(tmp.path(), &[&root]);
    block_on(async {
        let mut client = Client::connect(&server, "").await;
        client
            .ok(json!({"action": "init", "dir": "neg", "num_agents": 2}))
            .await;
        for agent in ["alice", "bob"] {
            client
                .ok(json!({"action": "register", "dir": "neg", "agent": agent}))
                .await;
        }
        client
            .expect(
                "wait",
                json!({"action": "start", "dir": "neg", "agent": "alice"}),
                0,
            )
            .await;
        let alice_holds = client
            .call(
                "negotiation",
                json!({"action": "poll", "dir": "neg", "agent": "alice"}),
            )
            .await
            .structured_content
            .unwrap()["exit"]
            == 0;
        let (holder, waiter) = if alice_holds {
            ("alice", "bob")
        } else {
            ("bob", "alice")
        };
        let mut handles = Vec::new();
        for _ in 0..WAITS {
            handles.push(
                client
                    .wait_in_background(json!({"action": "turn", "dir": "neg", "agent": waiter, "timeout_seconds": 45}))
                    .await,
            );
        }
        let mut blocked = std::collections::HashSet::new();
        while blocked.len() < WAITS {
            let progress = client.progress.recv().await.expect("progress");
            blocked.insert(format!("{:?}", progress.progress_token));
        }
        assert!(
            server.inotify_instances() <= 1,
            "{} inotify instances for {WAITS} waits",
            server.inotify_instances()
        );
        client
            .ok(json!({"action": "end_analysis", "dir": "neg", "agent": holder}))
            .await;
        for handle in handles {
            assert_eq!(exit_of(handle.await_response().await.unwrap()), 0);
        }
    });
}

#[test]
fn a_server_killed_and_restarted_carries_on() {
    let tmp = tempfile::tempdir().unwrap();
    let root = root(&tmp);
    let t = tokens(tmp.path());
    let args = [root.as_str(), "--tokens", t.file.to_str().unwrap()];
    let server = Server::start(tmp.path(), &args);
    block_on(async {
        let alice = Client::connect(&server, &t.alice).await;
        alice
            .ok(json!({"action": "init", "dir": "neg", "num_agents": 2}))
            .await;
        alice.ok(json!({"action": "register", "dir": "neg"})).await;
    });
    // kill -9: no chance to tidy up.
    let mut server = server;
    server.child.kill().unwrap();
    server.child.wait().unwrap();
    drop(server);
    let server = Server::start(tmp.path(), &args);
    block_on(async {
        let bob = Client::connect(&server, &t.bob).await;
        bob.ok(json!({"action": "register", "dir": "neg"})).await;
        bob.expect("wait", json!({"action": "start", "dir": "neg"}), 0)
            .await;
        let status = bob.ok(json!({"action": "status", "dir": "neg"})).await;
        assert!(status.to_string().contains("alice"), "{status}");
    });
}

#[test]
fn an_input_file_sent_by_content_is_exactly_a_name_and_a_content() {
    let tmp = tempfile::tempdir().unwrap();
    let root = root(&tmp);
    let server = Server::start(tmp.path(), &[&root]);
    block_on(async {
        let client = Client::connect(&server, "").await;
        // The schema says so: a path, or a file sent by content.
        let listed = client.client.list_tools(None).await.unwrap();
        let negotiation = listed
            .tools
            .iter()
            .find(|t| t.name == "negotiation")
            .unwrap();
        let schema = Value::Object((*negotiation.input_schema).clone());
        assert_eq!(
            schema["properties"]["source"]["items"]["anyOf"][1]["$ref"], "#/$defs/sent_file",
            "{schema}"
        );
        assert_eq!(
            schema["$defs"]["sent_file"]["required"],
            json!(["name", "content"])
        );
        // `file` is an input for `note` but names an issue file for `show`: a path only.
        assert_eq!(
            schema["properties"]["file"],
            json!({"type": "string"}),
            "{schema}"
        );
        let size = serde_json::to_string(&listed.tools).unwrap().len();
        assert!(size < 12_000, "tools/list over HTTP is {size} bytes");
        for (n, sent) in [
            json!({"name": "a.md", "content": "A.", "extra": 1}),
            json!({"name": "a.md"}),
            json!({"name": "../a.md", "content": "A."}),
            json!({"name": "a.md", "content": 7}),
            json!({"name": "a\".md\n", "content": "A."}),
        ]
        .into_iter()
        .enumerate()
        {
            let dir = format!("refused-{n}");
            let content = client
                .expect(
                    "negotiation",
                    json!({"action": "init", "dir": dir, "num_agents": 2, "source": [sent]}),
                    65,
                )
                .await;
            assert_eq!(content["error"]["code"], "BAD_SENT_FILE", "{content}");
            assert!(!Path::new(&root).join(&dir).exists(), "{content}");
        }
        client
            .expect(
                "negotiation",
                json!({"action": "init", "dir": "neg", "num_agents": 2,
                       "source": [{"name": "a.md", "content": "A."}]}),
                0,
            )
            .await;
        assert_eq!(
            std::fs::read_to_string(Path::new(&root).join("neg/sources/a.md")).unwrap(),
            "A."
        );
    });
}

/// Behind a proxy (`--allowed-host`), the server's own pages come from that host: their
/// posts' Origin is accepted, any other still refused.
#[test]
fn an_allowed_host_is_also_an_allowed_origin() {
    let tmp = tempfile::tempdir().unwrap();
    let root = root(&tmp);
    let server = Server::start(tmp.path(), &[&root, "--allowed-host", "parley.example.com"]);
    let addr = server.addr();
    let host = "parley.example.com";
    for origin in ["https://parley.example.com", "http://parley.example.com/"] {
        let (status, response) = post(&addr, host, &format!("Origin: {origin}\r\n"), LIST);
        assert_eq!(status, 200, "{origin}: {response}");
    }
    for origin in ["https://evil.example", "null"] {
        let (status, response) = post(&addr, host, &format!("Origin: {origin}\r\n"), LIST);
        assert_eq!(status, 403, "{origin}: {response}");
        // `null` can never be allowed: the refusal does not suggest --allowed-origin.
        assert_eq!(
            response.contains("--allowed-origin"),
            origin != "null",
            "{response}"
        );
    }
}

/// An operative scope comes back as the commands take it: relative to the project root the
/// call named, so that what `reservations` lists can be released as it is.
#[test]
fn an_operative_scope_comes_back_relative_to_its_project() {
    let tmp = tempfile::tempdir().unwrap();
    let root = root(&tmp);
    std::fs::create_dir_all(Path::new(&root).join("proj/src")).unwrap();
    std::os::unix::fs::symlink("proj", Path::new(&root).join("inner")).unwrap();
    let t = tokens(tmp.path());
    let server = Server::start(tmp.path(), &[&root, "--tokens", t.file.to_str().unwrap()]);
    block_on(async {
        let alice = Client::connect(&server, &t.alice).await;
        let project = json!("proj");
        let reserved = alice
            .expect(
                "operative",
                json!({"action": "reserve", "project_root": project, "scope": "src/lib"}),
                0,
            )
            .await;
        assert_eq!(reserved["data"]["scope"], "src/lib", "{reserved}");
        let listed = alice
            .expect(
                "operative",
                json!({"action": "reservations", "project_root": project}),
                0,
            )
            .await;
        let scope = listed["data"]["reservations"][0]["scope"].clone();
        assert_eq!(scope, "src/lib", "{listed}");
        // Through a link to the project inside ROOT, the same.
        let linked = alice
            .expect(
                "operative",
                json!({"action": "reservations", "project_root": "inner"}),
                0,
            )
            .await;
        assert_eq!(
            linked["data"]["reservations"][0]["scope"], "src/lib",
            "{linked}"
        );
        alice
            .expect(
                "operative",
                json!({"action": "release", "project_root": project, "scope": scope}),
                0,
            )
            .await;
    });
}

/// A `notifications/cancelled` sent in a request of its own ends the call it names, the
/// caller's own: the stateless transport keeps no session that would tie the two.
#[test]
fn a_cancellation_in_a_request_of_its_own_ends_the_callers_wait() {
    let tmp = tempfile::tempdir().unwrap();
    let root = root(&tmp);
    let t = tokens(tmp.path());
    let server = Server::start(tmp.path(), &[&root, "--tokens", t.file.to_str().unwrap()]);
    block_on(async {
        let alice = Client::connect(&server, &t.alice).await;
        let bob = Client::connect(&server, &t.bob).await;
        alice
            .ok(json!({"action": "init", "dir": "neg", "num_agents": 2}))
            .await;
        alice.ok(json!({"action": "register", "dir": "neg"})).await;
        bob.ok(json!({"action": "register", "dir": "neg"})).await;
        alice
            .expect("wait", json!({"action": "start", "dir": "neg"}), 0)
            .await;
    });
    let addr = server.addr();
    let call = r#"{"jsonrpc":"2.0","id":99,"method":"tools/call","params":{"name":"wait","arguments":{"action":"turn","dir":"neg","timeout_seconds":45},"_meta":{"progressToken":"p"}}}"#;
    let cancel = r#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":99,"reason":"no longer needed"}}"#;
    let bearer = |token: &str| format!("Authorization: Bearer {token}\r\n");
    // Bob waits for his turn (alice holds it); his first progress event says the call runs.
    let (progressed, heard) = std::sync::mpsc::channel();
    let waiting = {
        let (addr, header) = (addr.clone(), bearer(&t.bob));
        std::thread::spawn(move || {
            let began = Instant::now();
            let mut stream = std::net::TcpStream::connect(&addr).unwrap();
            write!(
                stream,
                "POST /mcp HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n{header}Content-Length: {}\r\nConnection: close\r\n\r\n{call}",
                call.len()
            )
            .unwrap();
            let mut answer = String::new();
            for line in BufReader::new(stream).lines() {
                let line = line.unwrap_or_default();
                if line.contains("notifications/progress") {
                    let _ = progressed.send(());
                }
                answer.push_str(&line);
                answer.push('\n');
            }
            (answer, began.elapsed())
        })
    };
    let next_progress = |what: &str| {
        heard
            .recv_timeout(Duration::from_secs(10))
            .unwrap_or_else(|_| panic!("{what}"));
    };
    next_progress("the wait runs on the server");
    // Alice naming bob's request id cancels nothing of his: his wait reports again after.
    assert_eq!(post(&addr, &addr, &bearer(&t.alice), cancel).0, 202);
    while heard.try_recv().is_ok() {}
    next_progress("another caller's cancellation ended bob's wait");
    // His own ends it.
    assert_eq!(post(&addr, &addr, &bearer(&t.bob), cancel).0, 202);
    let (answer, took) = waiting.join().unwrap();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(
        took < Duration::from_secs(40),
        "the wait ran to its timeout: {took:?}: {answer}"
    );
}

/// An operative call that names no project works on ROOT itself, even when ROOT sits in a git
/// repository (whose top level is outside ROOT): nothing is written or shown above ROOT.
#[test]
fn an_operative_project_left_unnamed_is_root_itself() {
    let tmp = tempfile::tempdir().unwrap();
    let repo = tmp.path().join("repo");
    let root = repo.join("root");
    std::fs::create_dir_all(&root).unwrap();
    // Without git on the machine there is no repository to escape to: the test still holds.
    let _ = std::process::Command::new("git")
        .args(["init", "-q"])
        .current_dir(&repo)
        .output();
    let t = tokens(tmp.path());
    let root_text = root.to_str().unwrap();
    let server = Server::start(
        tmp.path(),
        &[root_text, "--tokens", t.file.to_str().unwrap()],
    );
    block_on(async {
        let alice = Client::connect(&server, &t.alice).await;
        let reserved = alice
            .expect("operative", json!({"action": "reserve", "scope": "src"}), 0)
            .await;
        assert_eq!(reserved["data"]["scope"], "src", "{reserved}");
    });
    assert!(root.join(".parley").exists());
    assert!(!repo.join(".parley").exists(), "written above ROOT");
}

/// What is the Speaker's or the orchestrator's stays a person's, whatever form the call
/// takes: a message read from a file is checked like one given inline, the tally and the
/// amendments a representative may read but not rule, a bounce session's escalation is the
/// orchestrator's; an operative scope is never absolute.
#[test]
fn an_agent_token_cannot_rule_for_the_speaker_or_the_orchestrator_by_another_route() {
    let tmp = tempfile::tempdir().unwrap();
    let root = root(&tmp);
    let t = tokens(tmp.path());
    let server = Server::start(tmp.path(), &[&root, "--tokens", t.file.to_str().unwrap()]);
    let message = |from: &str| {
        json!({"type": "QUESTION", "from": from, "to": "alice",
               "content": {"topic": "t", "question": "Why?", "motive_context": "Because."}})
    };
    block_on(async {
        let alice = Client::connect(&server, &t.alice).await;
        let admin = Client::connect(&server, &t.admin).await;
        admin
            .expect(
                "parliament",
                json!({"action": "init", "dir": "parl", "problem": "p",
                       "rep": ["alice:Alice:cost", "bob:Bob:speed"]}),
                0,
            )
            .await;
        admin
            .expect(
                "parliament",
                json!({"action": "round", "dir": "parl", "start": true}),
                0,
            )
            .await;
        // Bob's message (or the Speaker's) as a file, sent or under ROOT: refused as inline.
        std::fs::write(
            Path::new(&root).join("bob.json"),
            message("bob").to_string(),
        )
        .unwrap();
        let before = snapshot(Path::new(&root));
        for file in [
            json!({"name": "q.json", "content": message("bob").to_string()}),
            json!({"name": "q.json", "content": message("speaker").to_string()}),
            json!("bob.json"),
        ] {
            let refused = alice
                .expect(
                    "parliament",
                    json!({"action": "append", "dir": "parl", "file": file}),
                    77,
                )
                .await;
            assert_eq!(refused["error"]["code"], "FORBIDDEN", "{refused}");
        }
        // The Speaker's tally and amendments: read, not ruled.
        alice
            .expect("parliament", json!({"action": "tally", "dir": "parl"}), 0)
            .await;
        for ruled in [
            json!({"action": "tally", "dir": "parl", "append": true}),
            json!({"action": "amendments", "dir": "parl", "apply": true}),
        ] {
            alice.expect("parliament", ruled, 77).await;
        }
        assert_eq!(snapshot(Path::new(&root)), before);
        // Her own message inline is hers to send.
        alice
            .expect(
                "parliament",
                json!({"action": "append", "dir": "parl", "message": message("alice")}),
                0,
            )
            .await;
        // A bounce session's escalation is the orchestrator's.
        admin
            .expect(
                "bounce",
                json!({"action": "new", "file": "b.md", "title": "T", "agents": "alice,bob"}),
                0,
            )
            .await;
        alice
            .expect("bounce", json!({"action": "escalate", "file": "b.md"}), 77)
            .await;
        // An absolute scope: refused before anything is looked at, inside ROOT or not.
        for scope in [format!("{root}/src"), "/elsewhere/src".to_owned()] {
            let refused = alice
                .expect(
                    "operative",
                    json!({"action": "reserve", "scope": scope}),
                    77,
                )
                .await;
            assert_eq!(refused["error"]["code"], "FORBIDDEN", "{refused}");
        }
    });
}

/// No call makes the server run a program in ROOT: an operative session's look at the work
/// tree (`git status`) is not taken there, since a repository under ROOT could name a program
/// for git to run (`core.fsmonitor`).
#[test]
fn an_operative_session_over_http_runs_no_git() {
    let tmp = tempfile::tempdir().unwrap();
    let root = root(&tmp);
    let marker = tmp.path().join("ran");
    let hook = tmp.path().join("hook.sh");
    std::fs::write(&hook, format!("#!/bin/sh\ntouch {}\n", marker.display())).unwrap();
    std::fs::set_permissions(&hook, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let git = |args: &[&str]| {
        std::process::Command::new("git")
            .args(args)
            .current_dir(&root)
            .output()
    };
    // Without git on the machine nothing could run it: the test still holds.
    let _ = git(&["init", "-q"]);
    let _ = git(&["config", "core.fsmonitor", hook.to_str().unwrap()]);
    std::fs::create_dir_all(Path::new(&root).join("src")).unwrap();
    std::fs::write(Path::new(&root).join("src/a.rs"), "fn main() {}\n").unwrap();
    let t = tokens(tmp.path());
    let server = Server::start(tmp.path(), &[&root, "--tokens", t.file.to_str().unwrap()]);
    block_on(async {
        let alice = Client::connect(&server, &t.alice).await;
        alice
            .expect("operative", json!({"action": "agent_register"}), 0)
            .await;
        let adopted = alice
            .call(
                "operative",
                json!({"action": "session", "non_interactive": true, "adopt": "alice", "scope": "src"}),
            )
            .await
            .structured_content
            .expect("structured content");
        assert!(adopted["exit"].as_u64().unwrap() < 64, "{adopted}");
    });
    assert!(!marker.exists(), "the server ran git's hook");
}
