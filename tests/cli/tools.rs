//! Issue 32, item 5: the whole negotiation through tools. `show` (an issue, the whole
//! negotiation, one file), and `analysis`, `audit` and `final`, which write the documents
//! agents wrote by hand, through the binary and through the MCP server.

use serde_json::{Value, json};

use crate::mcp::{Mcp, block_on};
use crate::support::*;

/// `parley --json ARGS` in the negotiation's workspace: (exit, envelope).
fn json_run(neg: &Neg, args: &[&str]) -> (i32, Value) {
    let mut all = vec!["--json"];
    all.extend_from_slice(args);
    let output = neg.run(&all);
    let envelope: Value = serde_json::from_str(stdout(&output).trim())
        .unwrap_or_else(|e| panic!("{args:?}: not JSON ({e}): {}", stdout(&output)));
    (code(&output), envelope)
}

/// The negotiation's files, parley's own `.parley/` (its lock file, spares) left out.
fn files(neg: &Neg) -> Vec<(std::path::PathBuf, Vec<u8>)> {
    let own = neg.dir.join(".parley");
    snapshot(&neg.dir)
        .into_iter()
        .filter(|(path, _)| !path.starts_with(&own))
        .collect()
}

/// Asserts `args` fail with `exit` and the error code `code`, changing nothing.
fn refused(neg: &Neg, args: &[&str], exit: i32, error: &str) {
    let before = files(neg);
    let (got, envelope) = json_run(neg, args);
    assert_eq!(got, exit, "{args:?}: {envelope}");
    assert_eq!(envelope["ok"], false, "{args:?}: {envelope}");
    assert_eq!(envelope["error"]["code"], error, "{args:?}: {envelope}");
    assert!(files(neg) == before, "{args:?} changed something");
}

/// The kinds of the log's events, in order.
fn event_kinds(neg: &Neg) -> Vec<String> {
    neg.read(".parley/log.jsonl")
        .lines()
        .map(|l| {
            serde_json::from_str::<Value>(l).unwrap()["event"]
                .as_str()
                .unwrap()
                .to_owned()
        })
        .collect()
}

#[test]
fn analysis_is_written_by_its_own_agent_on_its_turn_and_stays_private_until_the_merge() {
    let neg = Neg::started(2);
    refused(
        &neg,
        &["analysis", "{dir}", "agent-beta", "--body", "Mine."],
        4,
        "NOT_YOUR_TURN",
    );
    refused(
        &neg,
        &["audit", "{dir}", "agent-alpha", "--body", "# Audit"],
        4,
        "WRONG_PHASE",
    );
    refused(
        &neg,
        &["analysis", "{dir}", "agent-alpha", "--body", "  \n"],
        65,
        "EMPTY_TEXT",
    );
    let out = neg.ok(&[
        "analysis",
        "{dir}",
        "agent-alpha",
        "--body",
        "Alpha reads it so.",
    ]);
    assert!(out.contains("analysis/agent-alpha.md"), "{out}");
    assert_eq!(neg.read("analysis/agent-alpha.md"), "Alpha reads it so.\n");
    assert_eq!(event_kinds(&neg).last().unwrap(), "analysis");
    neg.ok(&[
        "file-draft-issue",
        "{dir}",
        "agent-alpha",
        "limits",
        "--title",
        "Limits",
    ]);

    // Beta sees neither alpha's analysis nor its drafts.
    refused(
        &neg,
        &[
            "show",
            "{dir}",
            "agent-beta",
            "--file",
            "analysis/agent-alpha.md",
        ],
        4,
        "ANALYSIS_PRIVATE",
    );
    refused(
        &neg,
        &[
            "show",
            "{dir}",
            "agent-beta",
            "--file",
            "issues-draft/agent-alpha/01-limits.md",
        ],
        4,
        "DRAFTS_PRIVATE",
    );
    let (_, whole) = json_run(&neg, &["show", "{dir}", "agent-beta"]);
    assert_eq!(whole["data"]["negotiation"]["analyses"], json!([]));
    let (_, whole) = json_run(&neg, &["show", "{dir}", "agent-alpha"]);
    assert_eq!(
        whole["data"]["negotiation"]["analyses"][0]["text"],
        "Alpha reads it so.\n"
    );
    let (code, own) = json_run(
        &neg,
        &[
            "show",
            "{dir}",
            "agent-alpha",
            "--file",
            "issues-draft/agent-alpha/01-limits.md",
        ],
    );
    assert_eq!(code, 0, "{own}");
    assert!(
        own["data"]["file"]["text"]
            .as_str()
            .unwrap()
            .contains("# Issue: Limits")
    );

    neg.ok(&["end-analysis", "{dir}", "agent-alpha"]);
    // Its analysis ended, alpha's turn is gone: refused either way.
    refused(
        &neg,
        &["analysis", "{dir}", "agent-alpha", "--body", "More."],
        4,
        "NOT_YOUR_TURN",
    );
    let path = neg.tmp.path().join("beta.md");
    std::fs::write(&path, "Beta's own reading.\n").unwrap();
    neg.ok(&[
        "analysis",
        "{dir}",
        "agent-beta",
        "--file",
        path.to_str().unwrap(),
    ]);
    neg.ok(&["end-analysis", "{dir}", "agent-beta"]);

    // Merged: the analyses are open to all, and alpha's changes name beta's.
    let shown = neg.ok(&[
        "show",
        "{dir}",
        "agent-alpha",
        "--file",
        "analysis/agent-beta.md",
    ]);
    assert_eq!(shown, "Beta's own reading.\n");
    let (_, changes) = json_run(&neg, &["changes", "{dir}", "agent-alpha"]);
    let documents = &changes["data"]["changes"]["documents"];
    assert_eq!(documents[0]["file"], "analysis/agent-beta.md", "{changes}");
    assert_eq!(documents[0]["agent"], "agent-beta");
    assert_eq!(documents[0]["command"], "analysis");
    let text = neg.ok(&["changes", "{dir}", "agent-alpha"]);
    assert!(
        text.contains("analysis: analysis/agent-beta.md written by agent-beta"),
        "{text}"
    );
    refused(
        &neg,
        &["analysis", "{dir}", "agent-alpha", "--body", "Late."],
        4,
        "WRONG_PHASE",
    );
}

#[test]
fn audit_and_final_are_written_by_the_holder_in_order_logged_and_listed_in_changes() {
    let neg = Neg::in_positions(2);
    refused(
        &neg,
        &["final", "{dir}", "agent-alpha", "--body", "# Final"],
        4,
        "AUDIT_FIRST",
    );
    refused(
        &neg,
        &["audit", "{dir}", "agent-beta", "--body", "# Audit"],
        4,
        "NOT_YOUR_TURN",
    );
    refused(&neg, &["audit", "{dir}", "agent-alpha"], 64, "USAGE");
    // Writing is activity: the holder's clock restarts.
    let later = neg.run_at(
        &at(100),
        &["audit", "{dir}", "agent-alpha", "--body", "# Draft"],
    );
    assert_eq!(code(&later), 0, "{}", stderr(&later));
    let since: i64 = neg
        .read(".turn-started")
        .lines()
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    let now = chrono::DateTime::parse_from_rfc3339(&at(100)).unwrap();
    assert_eq!(since, now.timestamp());
    let (code, written) = json_run(
        &neg,
        &["audit", "{dir}", "agent-alpha", "--body", "# Audit\n"],
    );
    assert_eq!(code, 0, "{written}");
    assert_eq!(written["data"]["file"], "coverage-audit.md");
    assert_eq!(written["data"]["replaced"], true);
    assert_eq!(neg.read("coverage-audit.md"), "# Audit\n");
    refused(
        &neg,
        &["final", "{dir}", "agent-alpha", "--body", "# Final"],
        4,
        "ISSUES_OPEN",
    );
    neg.make_finishable();
    // A second write replaces the file whole (here the one make_finishable wrote by hand).
    let (_, replaced) = json_run(
        &neg,
        &[
            "audit",
            "{dir}",
            "agent-alpha",
            "--body",
            "# Coverage Audit\n\nAll kept.",
        ],
    );
    assert_eq!(replaced["data"]["replaced"], true);
    let out = neg.ok(&[
        "final",
        "{dir}",
        "agent-alpha",
        "--body",
        "# Final\n\nAgreed.",
    ]);
    assert!(out.contains("final.md"), "{out}");
    assert_eq!(neg.read("final.md"), "# Final\n\nAgreed.\n");
    let kinds = event_kinds(&neg);
    assert_eq!(
        kinds[kinds.len() - 4..],
        ["audit", "audit", "audit", "final"]
    );
    let log = neg.ok(&["log", "{dir}"]);
    assert!(log.lines().last().unwrap().contains("final.md"), "{log}");

    neg.ok(&["hand-off", "{dir}", "agent-alpha"]);
    let (_, changes) = json_run(&neg, &["changes", "{dir}", "agent-beta"]);
    let files: Vec<&str> = changes["data"]["changes"]["documents"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["file"].as_str().unwrap())
        .collect();
    assert_eq!(files, ["coverage-audit.md", "final.md"], "{changes}");
    // Nothing of one's own: alpha's changes do not list what alpha wrote.
    let (_, own) = json_run(&neg, &["changes", "{dir}", "agent-alpha"]);
    assert_eq!(own["data"]["changes"]["documents"], json!([]));
}

#[test]
fn show_gives_an_issue_with_its_entries_status_decision_and_who_agreed() {
    let neg = Neg::with_a_recorded_position();
    neg.ok(&["hand-off", "{dir}", "agent-alpha"]);
    neg.ok(&[
        "challenge",
        "{dir}",
        "agent-beta",
        "1",
        "--body",
        "Tokens leak.",
    ]);
    neg.ok(&[
        "position",
        "{dir}",
        "agent-beta",
        "1",
        "--body",
        "OAuth, short tokens.",
    ]);
    neg.ok(&["hand-off", "{dir}", "agent-beta"]);
    neg.ok(&[
        "agree",
        "{dir}",
        "agent-alpha",
        "1",
        "--decision",
        "OAuth with short tokens.",
    ]);
    let (code, shown) = json_run(&neg, &["show", "{dir}", "agent-beta", "1"]);
    assert_eq!(code, 0, "{shown}");
    let issue = &shown["data"]["issue"];
    assert_eq!(shown["data"]["what"], "issue");
    assert_eq!(issue["file"], "01-topic-0.md");
    assert!(
        issue["text"].as_str().unwrap().starts_with("# Issue:"),
        "{issue}"
    );
    assert_eq!(issue["status"], "AGREED");
    assert_eq!(issue["decision"], "OAuth with short tokens.");
    assert_eq!(issue["agreed_by"], "agent-alpha");
    assert_eq!(
        issue["entries"],
        json!([
            {"agent": "agent-alpha", "kind": "position", "round": 1, "body": "Use OAuth."},
            {"agent": "agent-beta", "kind": "challenge", "round": 1, "body": "Tokens leak."},
            {"agent": "agent-beta", "kind": "position", "round": 1, "body": "OAuth, short tokens."},
        ])
    );
    let text = neg.ok(&["show", "{dir}", "agent-beta", "01-topic-0.md"]);
    assert!(
        text.contains("## agent-beta's challenge (round 1)\nTokens leak."),
        "{text}"
    );
    assert!(
        text.contains("Status: AGREED (agreed by agent-alpha)"),
        "{text}"
    );
    // An issue without positions yet.
    let (_, bare) = json_run(&neg, &["show", "{dir}", "agent-beta", "2"]);
    assert_eq!(bare["data"]["issue"]["status"], Value::Null);
    assert_eq!(bare["data"]["issue"]["entries"], json!([]));
    refused(
        &neg,
        &["show", "{dir}", "agent-beta", "9"],
        66,
        "NO_SUCH_ISSUE",
    );
    refused(
        &neg,
        &["show", "{dir}", "agent-beta", "1", "--file", "topic.md"],
        64,
        "USAGE",
    );
}

#[test]
fn show_gives_the_whole_negotiation_with_sources_in_their_order() {
    let neg = Neg::empty();
    let b = neg.tmp.path().join("b-proposal.md");
    let a = neg.tmp.path().join("a-proposal.md");
    std::fs::write(&b, "# B\n").unwrap();
    std::fs::write(&a, "# A\n").unwrap();
    neg.ok(&[
        "init",
        "{dir}",
        "2",
        "--topic",
        "Rate limits",
        "--source",
        b.to_str().unwrap(),
        "--source",
        a.to_str().unwrap(),
    ]);
    for name in Neg::names(2) {
        neg.ok(&["register", "{dir}", &name]);
    }
    neg.ok(&["wait-for-start", "{dir}", "agent-alpha"]);
    neg.ok(&["note", "{dir}", "agent-beta", "--body", "Read b first."]);
    let (code, shown) = json_run(&neg, &["show", "{dir}", "agent-alpha"]);
    assert_eq!(code, 0, "{shown}");
    let whole = &shown["data"]["negotiation"];
    assert_eq!(whole["sources"], json!(["b-proposal.md", "a-proposal.md"]));
    assert!(whole["topic"].as_str().unwrap().contains("Rate limits"));
    assert_eq!(whole["phase"], "analysis");
    assert_eq!(whole["turn"], "agent-alpha");
    assert_eq!(whole["final"], Value::Null);
    assert_eq!(whole["coverage_audit"], Value::Null);
    assert_eq!(whole["notes"][0]["text"], "Read b first.");
    let text = neg.ok(&["show", "{dir}", "agent-alpha"]);
    assert!(
        text.contains("Sources (2): b-proposal.md, a-proposal.md"),
        "{text}"
    );
    let source = neg.ok(&[
        "show",
        "{dir}",
        "agent-beta",
        "--file",
        "sources/a-proposal.md",
    ]);
    assert_eq!(source, "# A\n");
    refused(&neg, &["show", "{dir}", "agent-omega"], 4, "NOT_REGISTERED");
}

#[test]
fn show_refuses_paths_that_escape_hidden_files_and_links() {
    let neg = Neg::started(2);
    for (path, exit, error) in [
        ("../outside.md", 65, "BAD_PATH"),
        ("/etc/passwd", 65, "BAD_PATH"),
        ("sources/../meta.md", 65, "BAD_PATH"),
        ("./topic.md", 65, "BAD_PATH"),
        ("sources//x.md", 65, "BAD_PATH"),
        (".parley/log.jsonl", 4, "NOT_READABLE"),
        (".turn-started", 4, "NOT_READABLE"),
        ("analysis/.agent-alpha-done", 4, "NOT_READABLE"),
        ("somewhere/else.md", 4, "NOT_READABLE"),
        ("sources/missing.md", 66, "NO_SUCH_FILE"),
    ] {
        refused(
            &neg,
            &["show", "{dir}", "agent-alpha", "--file", path],
            exit,
            error,
        );
    }
    std::fs::write(neg.tmp.path().join("secret.md"), "secret\n").unwrap();
    std::os::unix::fs::symlink(
        neg.tmp.path().join("secret.md"),
        neg.path("sources/link.md"),
    )
    .unwrap();
    refused(
        &neg,
        &["show", "{dir}", "agent-alpha", "--file", "sources/link.md"],
        65,
        "SYMLINK",
    );
    // A directory on the way that is a link out of the negotiation.
    let _ = std::fs::remove_dir(neg.path("positions"));
    std::os::unix::fs::symlink(neg.tmp.path(), neg.path("positions")).unwrap();
    refused(
        &neg,
        &[
            "show",
            "{dir}",
            "agent-alpha",
            "--file",
            "positions/secret.md",
        ],
        65,
        "SYMLINK",
    );
}

#[test]
fn the_documents_and_show_work_through_mcp() {
    let neg = Neg::started(2);
    let dir = neg.dir.to_string_lossy().into_owned();
    block_on(async {
        let mcp = Mcp::start(neg.tmp.path(), &[]).await;
        let n = "negotiation";
        let call = |action: &str, agent: &str, extra: Value| {
            let mut request = json!({"action": action, "dir": dir, "agent": agent});
            for (key, value) in extra.as_object().unwrap() {
                request[key] = value.clone();
            }
            request
        };
        let written = mcp
            .expect(
                n,
                call("analysis", "agent-alpha", json!({"body": "Alpha's view."})),
                0,
            )
            .await;
        assert_eq!(written["data"]["file"], "analysis/agent-alpha.md");
        let refused = mcp
            .expect(
                n,
                call("analysis", "agent-beta", json!({"body": "Mine."})),
                4,
            )
            .await;
        assert_eq!(refused["error"]["code"], "NOT_YOUR_TURN");
        let private = mcp
            .expect(
                n,
                call(
                    "show",
                    "agent-beta",
                    json!({"file": "analysis/agent-alpha.md"}),
                ),
                4,
            )
            .await;
        assert_eq!(private["error"]["code"], "ANALYSIS_PRIVATE");
        let escape = mcp
            .expect(n, call("show", "agent-beta", json!({"file": "../x"})), 65)
            .await;
        assert_eq!(escape["error"]["code"], "BAD_PATH");
        mcp.expect(
            n,
            call(
                "file_draft_issue",
                "agent-alpha",
                json!({"topic": "limits", "title": "Limits"}),
            ),
            0,
        )
        .await;
        let drafts = mcp
            .expect(
                n,
                call(
                    "show",
                    "agent-beta",
                    json!({"file": "issues-draft/agent-alpha/01-limits.md"}),
                ),
                4,
            )
            .await;
        assert_eq!(drafts["error"]["code"], "DRAFTS_PRIVATE");
        mcp.expect(n, call("end_analysis", "agent-alpha", json!({})), 0)
            .await;
        mcp.expect(
            n,
            call("analysis", "agent-beta", json!({"body": "Beta's view."})),
            0,
        )
        .await;
        mcp.expect(n, call("end_analysis", "agent-beta", json!({})), 0)
            .await;

        // Positions: alpha on its turn writes the audit; beta reads it and the issue.
        let audit = mcp
            .expect(
                n,
                call(
                    "audit",
                    "agent-alpha",
                    json!({"body": "# Coverage Audit\n"}),
                ),
                0,
            )
            .await;
        assert_eq!(audit["data"]["file"], "coverage-audit.md");
        let wrong = mcp
            .expect(
                n,
                call("final", "agent-alpha", json!({"body": "# Final"})),
                4,
            )
            .await;
        assert_eq!(wrong["error"]["code"], "ISSUES_OPEN");
        let empty = mcp
            .expect(n, call("final", "agent-alpha", json!({"body": " "})), 65)
            .await;
        assert_eq!(empty["error"]["code"], "EMPTY_TEXT");
        let whole = mcp
            .expect(n, call("show", "agent-beta", json!({})), 0)
            .await;
        let analyses: Vec<&str> = whole["data"]["negotiation"]["analyses"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a["agent"].as_str().unwrap())
            .collect();
        assert_eq!(analyses, ["agent-alpha", "agent-beta"]);
        assert_eq!(
            whole["data"]["negotiation"]["coverage_audit"],
            "# Coverage Audit\n"
        );
        let issue = mcp
            .expect(n, call("show", "agent-beta", json!({"issue": "1"})), 0)
            .await;
        assert_eq!(issue["data"]["issue"]["file"], "01-limits.md");
        let file = mcp
            .expect(
                n,
                call(
                    "show",
                    "agent-beta",
                    json!({"file": "analysis/agent-alpha.md"}),
                ),
                0,
            )
            .await;
        assert_eq!(file["data"]["file"]["text"], "Alpha's view.\n");
        mcp.expect(n, call("hand_off", "agent-alpha", json!({})), 0)
            .await;
        let changes = mcp
            .expect(n, call("changes", "agent-beta", json!({})), 0)
            .await;
        assert_eq!(
            changes["data"]["changes"]["documents"][0]["file"], "coverage-audit.md",
            "{changes}"
        );
        mcp.stop().await;
    });
}
