//! `parley mcp`: the server driven as a child process by rmcp's own client, over stdio.
//!
//! No sleeps and no timing assertions: a wait is known to be blocked when its first progress
//! notification arrives, and known to have ended when the server says so on stderr.

use std::future::Future;
use std::path::Path;
use std::process::Stdio;

use rmcp::model::{
    CallToolRequest, CallToolRequestParams, CallToolResult, ClientRequest,
    ProgressNotificationParam, ServerResult,
};
use rmcp::service::{NotificationContext, PeerRequestOptions, RunningService};
use rmcp::transport::TokioChildProcess;
use rmcp::{ClientHandler, RoleClient, ServiceExt};
use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::ChildStderr;
use tokio::sync::mpsc;

use crate::support::*;

/// Runs a test's async body on a current-thread runtime, as the server itself runs. The bound
/// is no timing assertion: it turns a server that never answers into a failure, not a hang.
pub(crate) fn block_on<F: Future>(future: F) -> F::Output {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
        .block_on(async {
            tokio::time::timeout(std::time::Duration::from_secs(300), future)
                .await
                .expect("the server answered within 5 minutes")
        })
}

/// The client side: progress notifications go to a channel the test reads.
struct Client {
    progress: mpsc::UnboundedSender<ProgressNotificationParam>,
}

impl ClientHandler for Client {
    async fn on_progress(
        &self,
        params: ProgressNotificationParam,
        _context: NotificationContext<RoleClient>,
    ) {
        let _ = self.progress.send(params);
    }
}

/// A running `parley mcp` and the client connected to it.
pub(crate) struct Mcp {
    client: RunningService<RoleClient, Client>,
    progress: mpsc::UnboundedReceiver<ProgressNotificationParam>,
    stderr: tokio::io::Lines<BufReader<ChildStderr>>,
}

/// The server command: `parley mcp` with the test environment, in `cwd`.
fn server_command(cwd: &Path, extra: &[&str], env: &[(&str, &str)]) -> tokio::process::Command {
    let mut std = parley_std();
    std.arg("mcp");
    std.args(extra).current_dir(cwd);
    for (key, value) in env {
        std.env(key, value);
    }
    tokio::process::Command::from(std)
}

impl Mcp {
    pub(crate) async fn start(cwd: &Path, extra: &[&str]) -> Mcp {
        Mcp::start_with(cwd, extra, &[]).await
    }

    async fn start_with(cwd: &Path, extra: &[&str], env: &[(&str, &str)]) -> Mcp {
        let (transport, stderr) = TokioChildProcess::builder(server_command(cwd, extra, env))
            .stderr(Stdio::piped())
            .spawn()
            .expect("parley mcp starts");
        let (sender, progress) = mpsc::unbounded_channel();
        let client = Client { progress: sender }
            .serve(transport)
            .await
            .expect("the MCP session starts");
        Mcp {
            client,
            progress,
            stderr: BufReader::new(stderr.expect("piped")).lines(),
        }
    }

    /// Starts a call of the `wait` tool and returns its handle without waiting for the answer
    /// (to cancel it, or to see its progress meanwhile).
    async fn wait_in_background(
        &self,
        arguments: Value,
    ) -> rmcp::service::RequestHandle<RoleClient> {
        self.client
            .send_cancellable_request(
                call_request("wait", arguments),
                PeerRequestOptions::no_options(),
            )
            .await
            .unwrap()
    }

    /// Calls `tool` with `arguments`; returns the result.
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
    pub(crate) async fn expect(&self, tool: &str, arguments: Value, exit: u64) -> Value {
        let shown = arguments.to_string();
        let result = self.call(tool, arguments).await;
        let content = structured(&result);
        assert_eq!(content["exit"], exit, "{tool} {shown}: {content}");
        content
    }

    /// Reads the server's stderr until a line contains `needle`.
    async fn stderr_until(&mut self, needle: &str) -> String {
        while let Some(line) = self.stderr.next_line().await.unwrap() {
            if line.contains(needle) {
                return line;
            }
        }
        panic!("the server ended without saying {needle:?}");
    }

    pub(crate) async fn stop(self) {
        let _ = self.client.cancel().await;
    }
}

/// A result's structured content, checked against its text content and its isError.
fn structured(result: &CallToolResult) -> Value {
    let content = result
        .structured_content
        .clone()
        .expect("structured content");
    let text = result.content[0]
        .as_text()
        .expect("text content")
        .text
        .clone();
    assert_eq!(serde_json::from_str::<Value>(&text).unwrap(), content);
    let exit = content["exit"].as_u64().unwrap();
    assert_eq!(
        result.is_error,
        Some(exit >= 64 && exit != 124),
        "isError for exit {exit}"
    );
    content
}

fn without_exit(mut envelope: Value) -> Value {
    envelope.as_object_mut().unwrap().remove("exit");
    envelope
}

/// `parley ARGS --json` in `cwd`: (exit code, envelope).
fn cli_json(cwd: &Path, args: &[&str], env: &[(&str, &str)]) -> (i32, Value) {
    let mut command = parley();
    command.current_dir(cwd).arg("--json").args(args);
    for (key, value) in env {
        command.env(key, value);
    }
    let output = command.output().unwrap();
    let envelope = serde_json::from_str(stdout(&output).trim())
        .unwrap_or_else(|e| panic!("{args:?}: not JSON ({e}): {}", stdout(&output)));
    (code(&output), envelope)
}

fn action_names(tool: &rmcp::model::Tool) -> Vec<String> {
    tool.input_schema["properties"]["action"]["enum"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_owned())
        .collect()
}

#[test]
fn tools_are_the_pinned_ones_with_their_actions_in_under_12000_bytes() {
    let tmp = tempfile::TempDir::new().unwrap();
    block_on(async {
        let mcp = Mcp::start(tmp.path(), &[]).await;
        let listed = mcp.client.list_tools(None).await.unwrap();
        let names: Vec<&str> = listed.tools.iter().map(|t| t.name.as_ref()).collect();
        assert_eq!(
            names,
            [
                "negotiation",
                "operative",
                "bounce",
                "parliament",
                "feedback",
                "wait"
            ]
        );
        let bytes = serde_json::to_vec(&listed).unwrap().len();
        eprintln!("tools/list: {bytes} bytes");
        assert!(bytes < 12_000, "tools/list is {bytes} bytes");
        let pinned: &[(&str, &[&str])] = &[
            (
                "negotiation",
                &[
                    "init",
                    "register",
                    "file_draft_issue",
                    "end_analysis",
                    "poll",
                    "new_issue",
                    "hand_off",
                    "status",
                    "position",
                    "challenge",
                    "agree",
                    "escalate",
                    "resolve",
                    "audit_template",
                    "check",
                    "finish",
                    "log",
                    "report",
                    // Issue 15's commands, added to the registry after issue 13 pinned the list.
                    "changes",
                    "duplicate",
                    "note",
                    "reopen",
                    "sign_off",
                    // Issue 32's: the negotiation read and written through tools.
                    "show",
                    "analysis",
                    "audit",
                    "final",
                ],
            ),
            (
                "operative",
                &[
                    "agent_register",
                    "agent_heartbeat",
                    "agent_list",
                    "agent_show",
                    "scope_overlap",
                    "reserve",
                    "release",
                    "reservations",
                    "event_handoff",
                    "event_blocked",
                    "event_read",
                    "event_ack",
                    "events",
                    "session",
                ],
            ),
            (
                "bounce",
                &[
                    "new",
                    "validate",
                    "append",
                    "status",
                    "next",
                    "consensus",
                    "escalate",
                ],
            ),
            (
                "parliament",
                &[
                    "init",
                    "append",
                    "validate",
                    "tally",
                    "gate",
                    "clock",
                    "round",
                    "amendments",
                    "status",
                ],
            ),
            ("feedback", &["validate", "extract", "ask", "log"]),
            ("wait", &["turn", "start", "bounce_turn"]),
        ];
        for (tool, actions) in pinned {
            let listed = listed.tools.iter().find(|t| t.name == *tool).unwrap();
            let mut got = action_names(listed);
            let mut want: Vec<String> = actions.iter().map(|a| (*a).to_owned()).collect();
            got.sort();
            want.sort();
            assert_eq!(got, want, "actions of {tool}");
        }
        for tool in &listed.tools {
            let schema = &tool.input_schema;
            assert_eq!(schema["type"], "object", "{}", tool.name);
            assert_eq!(schema["required"], json!(["action"]), "{}", tool.name);
            for key in ["oneOf", "anyOf", "allOf"] {
                assert!(!schema.contains_key(key), "{} has {key}", tool.name);
            }
            let output = tool.output_schema.as_ref().expect("an output schema");
            assert_eq!(output["type"], "object");
        }
        mcp.stop().await;
    });
}

#[test]
fn protocols_limits_the_tools_and_wait_is_always_there() {
    let tmp = tempfile::TempDir::new().unwrap();
    block_on(async {
        let mcp = Mcp::start(tmp.path(), &["--protocols", "negotiation,bounce"]).await;
        let listed = mcp.client.list_tools(None).await.unwrap();
        let names: Vec<&str> = listed.tools.iter().map(|t| t.name.as_ref()).collect();
        assert_eq!(names, ["negotiation", "bounce", "wait"]);
        mcp.stop().await;
    });
}

/// Two agents, each with a server of its own, settle one issue through tool calls alone; the
/// files an agent writes itself (the audit, the final document) are written as files.
#[test]
fn a_two_agent_negotiation_through_tools_only() {
    let neg = Neg::empty();
    let dir = neg.dir.to_string_lossy().into_owned();
    block_on(async {
        let alpha = Mcp::start(neg.tmp.path(), &[]).await;
        let beta = Mcp::start(neg.tmp.path(), &[]).await;
        let n = "negotiation";
        let created = alpha
            .expect(
                n,
                json!({"action": "init", "dir": dir, "num_agents": 2, "topic": "Cache design"}),
                0,
            )
            .await;
        assert_eq!(created["command"], "init");
        alpha
            .expect(
                n,
                json!({"action": "register", "dir": dir, "agent": "agent-alpha"}),
                0,
            )
            .await;
        beta.expect(
            n,
            json!({"action": "register", "dir": dir, "agent": "agent-beta"}),
            0,
        )
        .await;
        for (mcp, agent) in [(&alpha, "agent-alpha"), (&beta, "agent-beta")] {
            let started = mcp
                .expect(
                    "wait",
                    json!({"action": "start", "dir": dir, "agent": agent}),
                    0,
                )
                .await;
            assert_eq!(started["command"], "wait-for-start");
        }
        // Analysis: alpha files the one issue; both end their analysis; the last one merges.
        alpha
            .expect(
                n,
                json!({"action": "file_draft_issue", "dir": dir, "agent": "agent-alpha",
                       "topic": "cache-location", "title": "Remote or local cache"}),
                0,
            )
            .await;
        alpha
            .expect(
                n,
                json!({"action": "end_analysis", "dir": dir, "agent": "agent-alpha"}),
                0,
            )
            .await;
        beta.expect(
            "wait",
            json!({"action": "turn", "dir": dir, "agent": "agent-beta"}),
            0,
        )
        .await;
        beta.expect(
            n,
            json!({"action": "end_analysis", "dir": dir, "agent": "agent-beta"}),
            0,
        )
        .await;
        // Positions: alpha states, beta states, alpha challenges, beta agrees.
        let entry = |action: &str, agent: &str, text: &str| json!({"action": action, "dir": dir, "agent": agent, "issue": "1", "body": text});
        alpha
            .expect(
                "wait",
                json!({"action": "turn", "dir": dir, "agent": "agent-alpha"}),
                0,
            )
            .await;
        alpha
            .expect(
                n,
                entry("position", "agent-alpha", "A shared remote cache."),
                0,
            )
            .await;
        alpha
            .expect(
                n,
                json!({"action": "hand_off", "dir": dir, "agent": "agent-alpha"}),
                0,
            )
            .await;
        beta.expect(
            "wait",
            json!({"action": "turn", "dir": dir, "agent": "agent-beta"}),
            0,
        )
        .await;
        beta.expect(
            n,
            entry("position", "agent-beta", "Local caches per runner."),
            0,
        )
        .await;
        beta.expect(
            n,
            json!({"action": "hand_off", "dir": dir, "agent": "agent-beta"}),
            0,
        )
        .await;
        alpha
            .expect(
                "wait",
                json!({"action": "turn", "dir": dir, "agent": "agent-alpha"}),
                0,
            )
            .await;
        alpha
            .expect(
                n,
                entry(
                    "challenge",
                    "agent-alpha",
                    "Local caches miss across runners.",
                ),
                0,
            )
            .await;
        alpha
            .expect(
                n,
                json!({"action": "hand_off", "dir": dir, "agent": "agent-alpha"}),
                0,
            )
            .await;
        beta.expect(
            "wait",
            json!({"action": "turn", "dir": dir, "agent": "agent-beta"}),
            0,
        )
        .await;
        beta.expect(
            n,
            json!({"action": "agree", "dir": dir, "agent": "agent-beta", "issue": "1",
                   "decision": "A remote cache with a local fallback."}),
            0,
        )
        .await;
        let status = beta
            .expect(n, json!({"action": "status", "dir": dir}), 0)
            .await;
        assert_eq!(status["data"]["issues"][0]["status"], "AGREED");
        // The audit and the final document are the agents' own files.
        std::fs::write(
            neg.path("coverage-audit.md"),
            "# Coverage Audit\n\n- cache location: INCLUDED\n",
        )
        .unwrap();
        std::fs::write(neg.path("final.md"), "# Final\n\nA remote cache.\n").unwrap();
        // Made by `init`, the negotiation needs every agent's sign-off: beta finishing
        // signs off for beta, alpha has not yet.
        let refused = beta
            .expect(
                n,
                json!({"action": "finish", "dir": dir, "agent": "agent-beta"}),
                1,
            )
            .await;
        assert_eq!(refused["error"]["code"], "NOT_READY");
        assert_eq!(
            refused["data"]["failures"],
            json!([
                "NOT SIGNED OFF: agent-alpha — has not signed off (`parley sign-off DIR agent-alpha`)"
            ])
        );
        alpha
            .expect(
                n,
                json!({"action": "sign_off", "dir": dir, "agent": "agent-alpha"}),
                0,
            )
            .await;
        beta.expect(
            n,
            json!({"action": "finish", "dir": dir, "agent": "agent-beta"}),
            0,
        )
        .await;
        let finished = alpha
            .expect(
                "wait",
                json!({"action": "turn", "dir": dir, "agent": "agent-alpha"}),
                2,
            )
            .await;
        assert_eq!(finished["command"], "wait");
        // The finished answer says who finished, when, how and where final.md is.
        assert_eq!(finished["data"]["finished_by"], "agent-beta");
        assert_eq!(finished["data"]["agreed"], 1);
        assert_eq!(finished["data"]["escalated"], 0);
        assert!(
            finished["data"]["final"]
                .as_str()
                .is_some_and(|p| p.ends_with("final.md")),
            "{finished}"
        );
        // A refused change carries the same.
        let refused = alpha
            .expect(
                n,
                json!({"action": "hand_off", "dir": dir, "agent": "agent-alpha"}),
                2,
            )
            .await;
        assert_eq!(refused["error"]["code"], "FINISHED");
        assert_eq!(refused["data"]["finished_by"], "agent-beta");
        // A note still works after finish.
        alpha
            .expect(
                n,
                json!({"action": "note", "dir": dir, "agent": "agent-alpha",
                       "body": "Thanks: agreed with the final text."}),
                0,
            )
            .await;
        alpha.stop().await;
        beta.stop().await;
    });
    assert_eq!(neg.turn(), "done");
}

/// A wait blocked in the server is woken by a hand-off that another process makes, and while
/// it is blocked the same server answers other calls; progress arrives meanwhile.
#[test]
fn a_wait_is_woken_by_a_hand_off_from_another_process_and_reports_progress() {
    let neg = Neg::in_positions(2);
    let dir = neg.dir.to_string_lossy().into_owned();
    block_on(async {
        let mut mcp = Mcp::start(neg.tmp.path(), &[]).await;
        let handle = mcp
            .wait_in_background(json!({"action": "turn", "dir": dir, "agent": "agent-beta",
                                            "timeout_seconds": 3600}))
            .await;
        // Blocked: it reports progress, saying how long it has waited so far.
        let first = mcp.progress.recv().await.expect("a progress notification");
        assert_eq!(first.progress_token, handle.progress_token);
        let message = first.message.expect("a progress message");
        assert!(message.contains("agent-alpha holds the turn"), "{message}");
        // A blocked wait delays nobody: the same server answers status at once.
        mcp.expect("negotiation", json!({"action": "status", "dir": dir}), 0)
            .await;
        // Another process hands the turn over.
        neg.ok(&["hand-off", "{dir}", "agent-alpha"]);
        let response = handle.await_response().await.unwrap();
        let ServerResult::CallToolResult(result) = response else {
            panic!("not a tool result: {response:?}");
        };
        let content = structured(&result);
        assert_eq!(content["exit"], 0, "{content}");
        assert_eq!(content["command"], "wait");
        mcp.stop().await;
    });
}

fn call_request(tool: &str, arguments: Value) -> ClientRequest {
    let Value::Object(arguments) = arguments else {
        panic!("arguments are an object");
    };
    ClientRequest::CallToolRequest(CallToolRequest::new(
        CallToolRequestParams::new(tool.to_owned()).with_arguments(arguments),
    ))
}

/// A wait whose operation re-checks rarely (polling every hour here) still reports progress:
/// the server repeats the last line between two re-checks.
#[test]
fn progress_keeps_coming_between_rare_rechecks() {
    let neg = Neg::started(2);
    let dir = neg.dir.to_string_lossy().into_owned();
    block_on(async {
        let mut mcp = Mcp::start(neg.tmp.path(), &[]).await;
        let handle = mcp
            .wait_in_background(json!({"action": "turn", "dir": dir, "agent": "agent-beta",
                           "poll": true, "poll_interval": 3600, "timeout_seconds": 3600}))
            .await;
        let first = mcp.progress.recv().await.expect("a progress notification");
        let second = mcp.progress.recv().await.expect("another one");
        assert!(second.progress > first.progress);
        assert!(
            second
                .message
                .unwrap()
                .contains("agent-alpha holds the turn"),
            "the last line is repeated"
        );
        handle.cancel(None).await.unwrap();
        mcp.stderr_until("cancelled by the client").await;
        mcp.stop().await;
    });
}

/// `notifications/cancelled` ends a blocked wait (the server says so on stderr) and the server
/// keeps serving.
#[test]
fn a_cancelled_wait_ends_and_the_server_keeps_serving() {
    let neg = Neg::started(2);
    let dir = neg.dir.to_string_lossy().into_owned();
    block_on(async {
        let mut mcp = Mcp::start(neg.tmp.path(), &[]).await;
        let handle = mcp
            .wait_in_background(json!({"action": "turn", "dir": dir, "agent": "agent-beta",
                                            "timeout_seconds": 3600}))
            .await;
        mcp.progress.recv().await.expect("the wait is blocked");
        handle
            .cancel(Some("the agent moved on".into()))
            .await
            .unwrap();
        let line = mcp.stderr_until("cancelled by the client").await;
        assert!(line.contains("wait"), "{line}");
        let status = mcp
            .expect("negotiation", json!({"action": "status", "dir": dir}), 0)
            .await;
        assert_eq!(status["data"]["turn"], "agent-alpha", "{status}");
        mcp.stop().await;
    });
    assert_eq!(neg.turn(), "agent-alpha");
}

/// When the client goes away, a wait still blocked is ended at once and the server exits,
/// instead of lingering until the wait's own timeout.
#[test]
fn closing_the_connection_ends_a_blocked_wait_and_the_server() {
    let neg = Neg::started(2);
    let dir = neg.dir.to_string_lossy().into_owned();
    block_on(async {
        let mut mcp = Mcp::start(neg.tmp.path(), &[]).await;
        let _handle = mcp
            .wait_in_background(json!({"action": "turn", "dir": dir, "agent": "agent-beta",
                                            "timeout_seconds": 3600}))
            .await;
        mcp.progress.recv().await.expect("the wait is blocked");
        let Mcp {
            client, mut stderr, ..
        } = mcp;
        // The client is gone; the stop does not wait for the server.
        tokio::spawn(async move {
            let _ = client.cancel().await;
        });
        let mut said = Vec::new();
        while let Some(line) = stderr.next_line().await.unwrap() {
            said.push(line);
        }
        assert!(
            said.iter().any(|l| l.contains("wait ended after")),
            "the server said: {said:?}"
        );
    });
}

/// `bounce_turn` waits for a turn in a bounce session, like `parley bounce wait`.
#[test]
fn bounce_turn_waits_for_a_turn_in_a_bounce_session() {
    let tmp = tempfile::TempDir::new().unwrap();
    let file = tmp.path().join("s.md").to_string_lossy().into_owned();
    block_on(async {
        let mcp = Mcp::start(tmp.path(), &[]).await;
        // The agents are one text, as on the command line; an array says how to write it.
        let refused = mcp
            .expect(
                "bounce",
                json!({"action": "new", "file": file, "title": "Cache", "agents": ["alpha", "beta"]}),
                64,
            )
            .await;
        assert!(
            refused["error"]["hint"]
                .as_str()
                .unwrap()
                .contains("\"alpha,beta\""),
            "{refused}"
        );
        mcp.expect(
            "bounce",
            json!({"action": "new", "file": file, "title": "Cache", "agents": "alpha,beta"}),
            0,
        )
        .await;
        let turn = mcp
            .expect(
                "wait",
                json!({"action": "bounce_turn", "file": file, "agent": "alpha"}),
                0,
            )
            .await;
        assert_eq!(turn["command"], "bounce wait");
        mcp.expect(
            "wait",
            json!({"action": "bounce_turn", "file": file, "agent": "beta", "timeout_seconds": 0}),
            124,
        )
        .await;
        mcp.stop().await;
    });
}

/// Text the command line reads from a file is accepted inline; the server never offers its
/// stdin (its protocol) in place of a missing file.
#[test]
fn inline_text_stands_for_a_file_and_stdin_is_never_read() {
    let tmp = tempfile::TempDir::new().unwrap();
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/feedback/spec-5.1-first-request.json");
    let text = std::fs::read_to_string(&fixture).unwrap();
    block_on(async {
        let mcp = Mcp::start(tmp.path(), &[]).await;
        // The spec's own example lacks protocol_version: the same verdict as from the file.
        let inline = mcp
            .expect(
                "feedback",
                json!({"action": "validate", "kind": "request", "file_text": text}),
                1,
            )
            .await;
        let (exit, envelope) = cli_json(
            tmp.path(),
            &[
                "feedback",
                "validate",
                "request",
                &fixture.to_string_lossy(),
            ],
            &[],
        );
        assert_eq!(exit, 1);
        assert_eq!(without_exit(inline), envelope);
        // Without `kind`, an inline response is checked as a response, like the command line's
        // `feedback validate response`; a `kind` outside the choices is a usage error.
        let response = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/feedback/spec-5.2-response.json");
        let guessed = structured(
            &mcp.call(
                "feedback",
                json!({"action": "validate", "file_text": std::fs::read_to_string(&response).unwrap()}),
            )
            .await,
        );
        let (_, envelope) = cli_json(
            tmp.path(),
            &[
                "feedback",
                "validate",
                "response",
                &response.to_string_lossy(),
            ],
            &[],
        );
        assert_eq!(without_exit(guessed), envelope);
        mcp.expect(
            "feedback",
            json!({"action": "validate", "kind": "sideways", "file_text": "{}"}),
            64,
        )
        .await;
        let refused = mcp
            .expect("feedback", json!({"action": "validate"}), 64)
            .await;
        let message = refused["error"]["message"].as_str().unwrap();
        assert!(message.contains("standard input"), "{message}");
        mcp.stop().await;
    });
}

/// A wait that reaches timeout_seconds is the answer 124, not an error.
#[test]
fn a_wait_that_times_out_is_124_and_not_an_error() {
    let neg = Neg::started(2);
    let dir = neg.dir.to_string_lossy().into_owned();
    block_on(async {
        let mcp = Mcp::start(neg.tmp.path(), &[]).await;
        let result = mcp
            .call(
                "wait",
                json!({"action": "turn", "dir": dir, "agent": "agent-beta", "timeout_seconds": 0}),
            )
            .await;
        let content = structured(&result);
        assert_eq!(content["exit"], 124, "{content}");
        assert_eq!(result.is_error, Some(false));
        assert_eq!(content["error"]["code"], "TIMEOUT");
        mcp.stop().await;
    });
}

/// Bad arguments are usage errors (64) naming the field, and change nothing.
#[test]
fn bad_arguments_are_usage_errors_that_name_the_field() {
    let neg = Neg::empty();
    let dir = neg.dir.to_string_lossy().into_owned();
    block_on(async {
        let mcp = Mcp::start(neg.tmp.path(), &[]).await;
        let cases: Vec<(&str, Value, &str)> = vec![
            ("negotiation", json!({"dir": dir}), "'action'"),
            ("negotiation", json!({"action": "frob", "dir": dir}), "frob"),
            ("negotiation", json!({"action": 7}), "'action'"),
            (
                "negotiation",
                json!({"action": "init", "dir": dir, "num_agents": 2, "colour": "red"}),
                "'colour'",
            ),
            (
                "negotiation",
                json!({"action": "init", "dir": dir}),
                "'num_agents'",
            ),
            (
                "negotiation",
                json!({"action": "init", "dir": dir, "num_agents": 1}),
                "'num_agents'",
            ),
            (
                "negotiation",
                json!({"action": "init", "dir": dir, "num_agents": "many"}),
                "'num_agents'",
            ),
            (
                "negotiation",
                json!({"action": "init", "dir": dir, "num_agents": 2, "lock_timeout": -1}),
                "lock_timeout",
            ),
            (
                "negotiation",
                json!({"action": "finish", "dir": dir, "allow_escalated": "yes"}),
                "'allow_escalated'",
            ),
            // The live view is not a tool: `status` has no `watch` (it would block unbounded).
            (
                "negotiation",
                json!({"action": "status", "dir": dir, "watch": true}),
                "'watch'",
            ),
            (
                "bounce",
                json!({"action": "new", "file": "s.md", "title": "T", "agents": "a,b",
                       "turn_order": "sideways"}),
                "'turn_order'",
            ),
            (
                "feedback",
                json!({"action": "ask", "dir": dir, "artifact": "a.md"}),
                "--feedback-provider",
            ),
            (
                "negotiation",
                json!({"action": "init", "dir": dir, "num_agents": 2, "topic": "T",
                       "topic_file": "t.md"}),
                "'topic_file'",
            ),
            (
                "negotiation",
                json!({"action": "agree", "dir": dir, "agent": "agent-alpha", "issue": "1",
                       "file": "d.md", "file_text": "Decided."}),
                "'file_text'",
            ),
            (
                "parliament",
                json!({"action": "round", "dir": dir}),
                "start, end",
            ),
            (
                "operative",
                json!({"action": "session", "register": true, "adopt": "amber-otter"}),
                "'adopt'",
            ),
        ];
        for (tool, arguments, named) in cases {
            let shown = arguments.to_string();
            let result = mcp.call(tool, arguments).await;
            let content = structured(&result);
            assert_eq!(content["exit"], 64, "{tool} {shown}: {content}");
            assert_eq!(content["ok"], false);
            let error = content["error"].to_string();
            assert!(
                error.contains(named),
                "{tool} {shown}: {error} names {named}"
            );
        }
        mcp.stop().await;
    });
    assert!(!neg.dir.exists(), "a refused call changed nothing");
}

/// For each protocol, a command's structured content is what `parley ... --json` prints.
#[test]
fn structured_content_is_the_command_lines_envelope() {
    let neg = Neg::started(2);
    let root = neg.tmp.path();
    let dir = neg.dir.to_string_lossy().into_owned();
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let bounce_file = fixtures.join("bounce/valid-1.md");
    let bounce_file = bounce_file.to_string_lossy().into_owned();
    let request = fixtures.join("feedback/spec-5.1-first-request.json");
    let request = request.to_string_lossy().into_owned();
    let project = root.join("project");
    std::fs::create_dir(&project).unwrap();
    let project = project.to_string_lossy().into_owned();
    let env = [("PARLEY_PROJECT_ROOT", project.as_str())];
    let cases: Vec<(&str, Value, Vec<&str>)> = vec![
        (
            "negotiation",
            json!({"action": "status", "dir": dir}),
            vec!["status", &dir],
        ),
        (
            "negotiation",
            json!({"action": "hand_off", "dir": dir, "agent": "agent-beta"}),
            vec!["hand-off", &dir, "agent-beta"],
        ),
        (
            "operative",
            json!({"action": "agent_list"}),
            vec!["agent", "list"],
        ),
        (
            "bounce",
            json!({"action": "status", "file": bounce_file}),
            vec!["bounce", "status", &bounce_file],
        ),
        (
            "parliament",
            json!({"action": "status", "dir": "parl"}),
            vec!["parliament", "status", "parl"],
        ),
        (
            "parliament",
            json!({"action": "status", "dir": "no-ledger"}),
            vec!["parliament", "status", "no-ledger"],
        ),
        (
            "feedback",
            json!({"action": "validate", "file": request}),
            vec!["feedback", "validate", "request", &request],
        ),
    ];
    let (created, _) = cli_json(
        root,
        &[
            "parliament",
            "init",
            "parl",
            "--problem",
            "Pick a cache design",
            "--rep",
            "rep-a:Alice:speed,cost",
            "--rep",
            "rep-b:Bob:safety",
        ],
        &[],
    );
    assert_eq!(created, 0);
    block_on(async {
        let mcp = Mcp::start_with(root, &[], &env).await;
        for (tool, arguments, args) in &cases {
            let shown = arguments.to_string();
            let content = mcp.call(tool, arguments.clone()).await;
            let content = structured(&content);
            let (exit, envelope) = cli_json(root, args, &env);
            assert_eq!(content["exit"], exit, "{tool} {shown}");
            assert_eq!(without_exit(content), envelope, "{tool} {shown}");
        }
        mcp.stop().await;
    });
}

/// An option that takes `true` or `false` is a JSON boolean with the command line's default,
/// and a number JSON cannot carry (`"nan"`) is refused as the command line refuses it.
#[test]
fn boolean_valued_options_and_non_finite_numbers_read_as_on_the_command_line() {
    let tmp = tempfile::TempDir::new().unwrap();
    let root = tmp.path().to_string_lossy().into_owned();
    block_on(async {
        let mcp = Mcp::start(tmp.path(), &[]).await;
        let handoff = |requires_ack: Option<bool>| {
            let mut call = json!({
                "action": "event_handoff", "project_root": root, "from": "amber-otter",
                "to": "cobalt-harbor", "bead": "bb-1", "subject": "Parser done",
                "summary": "Tests pass", "next_action": "Review it",
            });
            if let Some(flag) = requires_ack {
                call["requires_ack"] = json!(flag);
            }
            call
        };
        let default = mcp.expect("operative", handoff(None), 0).await;
        let (exit, cli) = cli_json(
            tmp.path(),
            &[
                "event",
                "handoff",
                "--project-root",
                &root,
                "--from",
                "amber-otter",
                "--to",
                "cobalt-harbor",
                "--bead",
                "bb-1",
                "--subject",
                "Parser done",
                "--summary",
                "Tests pass",
                "--next-action",
                "Review it",
            ],
            &[],
        );
        assert_eq!(exit, 0, "{cli}");
        assert_eq!(
            default["data"]["event"]["requires_ack"], cli["data"]["event"]["requires_ack"],
            "{default}\n{cli}"
        );
        mcp.expect("operative", handoff(Some(false)), 0).await;
        let refused = mcp
            .expect(
                "negotiation",
                json!({"action": "poll", "dir": root, "agent": "agent-alpha", "timeout": "nan"}),
                64,
            )
            .await;
        assert!(refused["error"].is_object());
        mcp.stop().await;
    });
}

/// Over MCP, an agent that wrote on an issue this turn may not agree it (the same refusal as
/// the command line's), and a draft can be given whole, inline, in the template's shape.
#[test]
fn own_fresh_entry_refusal_and_a_whole_draft_through_tools() {
    let neg = Neg::started(2);
    let dir = neg.dir.to_string_lossy().into_owned();
    block_on(async {
        let mcp = Mcp::start(neg.tmp.path(), &[]).await;
        let n = "negotiation";
        let text = "# Issue: Cache location\n\n## Question\nRemote or local?\n\n## Context\nc\n\n\
                    ## Position A\nRemote.\n\n## Position B\nLocal.\n";
        let filed = mcp
            .expect(
                n,
                json!({"action": "file_draft_issue", "dir": dir, "agent": "agent-alpha",
                       "topic": "cache-location", "file_text": text}),
                0,
            )
            .await;
        assert_eq!(filed["data"]["file"], "01-cache-location.md");
        assert_eq!(
            neg.read("issues-draft/agent-alpha/01-cache-location.md"),
            text
        );
        let bad = mcp
            .expect(
                n,
                json!({"action": "file_draft_issue", "dir": dir, "agent": "agent-alpha",
                       "topic": "bad", "file_text": "Cache location\n"}),
                65,
            )
            .await;
        assert_eq!(bad["error"]["code"], "ISSUE_SHAPE");
        mcp.stop().await;
    });
    neg.ok(&["end-analysis", "{dir}", "agent-alpha"]);
    neg.ok(&["end-analysis", "{dir}", "agent-beta"]);
    neg.ok(&["position", "{dir}", "agent-alpha", "1", "--body", "Remote."]);
    neg.ok(&["hand-off", "{dir}", "agent-alpha"]);
    neg.ok(&["position", "{dir}", "agent-beta", "1", "--body", "Local."]);
    neg.ok(&["challenge", "{dir}", "agent-beta", "1", "--body", "Misses."]);
    neg.ok(&["hand-off", "{dir}", "agent-beta"]);
    let agree = |check: bool| {
        json!({"action": "agree", "dir": dir, "agent": "agent-alpha", "issue": "1",
               "decision": "Remote.", "check": check})
    };
    block_on(async {
        let mcp = Mcp::start(neg.tmp.path(), &[]).await;
        let n = "negotiation";
        mcp.expect(n, agree(true), 0).await;
        mcp.expect(
            n,
            json!({"action": "position", "dir": dir, "agent": "agent-alpha", "issue": "1",
                   "body": "Remote, with a local fallback."}),
            0,
        )
        .await;
        for check in [true, false] {
            let refused = mcp.expect(n, agree(check), 4).await;
            assert_eq!(refused["error"]["code"], "OWN_ENTRY_THIS_TURN", "{refused}");
            let (exit, envelope) = cli_json(
                neg.tmp.path(),
                &["agree", &dir, "agent-alpha", "1", "--decision", "Remote."],
                &[],
            );
            assert_eq!(exit, 4);
            assert_eq!(refused["error"], envelope["error"]);
        }
        // Without a decision, --check is the usage error agree is.
        let usage = mcp
            .expect(
                n,
                json!({"action": "agree", "dir": dir, "agent": "agent-alpha", "issue": "1",
                       "check": true}),
                64,
            )
            .await;
        assert!(
            usage["error"]["message"]
                .as_str()
                .unwrap()
                .contains("--decision")
        );
        mcp.stop().await;
    });
    assert!(
        !neg.read("positions/01-cache-location.md")
            .contains("AGREED")
    );
}

/// Issue 32: every likely duplicate proposed in one call and confirmed in one call, through
/// the MCP server alone once the drafts are merged.
#[test]
fn duplicates_are_proposed_and_confirmed_in_one_call_each_over_mcp() {
    let neg = Neg::started(2);
    for (agent, topic, title) in [
        (
            "agent-alpha",
            "burst-semantics",
            "Limiting algorithm and burst semantics",
        ),
        (
            "agent-beta",
            "counting-burst",
            "Counting algorithm and burst semantics",
        ),
    ] {
        neg.ok(&["file-draft-issue", "{dir}", agent, topic, "--title", title]);
        neg.ok(&["end-analysis", "{dir}", agent]);
    }
    let dir = neg.dir.to_str().unwrap().to_owned();
    let holder = neg.turn();
    let other = if holder == "agent-alpha" {
        "agent-beta"
    } else {
        "agent-alpha"
    };
    block_on(async {
        let mcp = Mcp::start(neg.tmp.path(), &[]).await;
        let n = "negotiation";
        let proposed = mcp
            .expect(
                n,
                json!({"action": "duplicate", "dir": dir, "agent": holder, "likely": true}),
                0,
            )
            .await;
        let list = proposed["data"]["proposed"].as_array().unwrap();
        assert_eq!(list.len(), 1, "{proposed}");
        assert_eq!(list[0]["file"], "02-counting-burst.md");
        assert_eq!(list[0]["duplicate_of"], "01-burst-semantics.md");
        mcp.expect(
            n,
            json!({"action": "hand_off", "dir": dir, "agent": holder}),
            0,
        )
        .await;
        let confirmed = mcp
            .expect(
                n,
                json!({"action": "agree", "dir": dir, "agent": other, "duplicates": true}),
                0,
            )
            .await;
        assert_eq!(
            confirmed["data"]["confirmed"][0]["status"], "AGREED",
            "{confirmed}"
        );
    });
    assert!(
        neg.read("positions/02-counting-burst.md")
            .contains("## Status: AGREED\nDuplicate of 01-burst-semantics.md\n")
    );
}

/// `status` with `agent` over MCP: the command line's short view, under 2 KB.
#[test]
fn status_for_one_agent_through_tools_is_the_command_lines() {
    let neg = Neg::in_positions(2);
    let root = neg.tmp.path();
    let dir = neg.dir.to_string_lossy().into_owned();
    let env = [("PARLEY_NOW", NOW)];
    block_on(async {
        let mcp = Mcp::start_with(root, &[], &env).await;
        let arguments = json!({"action": "status", "dir": dir, "agent": "agent-alpha"});
        let content = structured(&mcp.call("negotiation", arguments).await);
        let (exit, envelope) = cli_json(root, &["status", &dir, "--agent", "agent-alpha"], &env);
        assert_eq!((content["exit"].as_i64(), exit), (Some(0), 0), "{content}");
        assert_eq!(without_exit(content.clone()), envelope);
        assert_eq!(content["data"]["your_turn"], true);
        assert_eq!(content["data"]["to_answer"].as_array().unwrap().len(), 2);
        assert!(content.to_string().len() < 2048);
        mcp.stop().await;
    });
}
