//! The rules as commands: position, challenge, agree, escalate, resolve, audit-template,
//! check, and the append-only check of positions files (digests at every hand-over).

use std::process::Output;

use serde_json::Value;

use crate::concurrency::{race, spawn};
use crate::defects::workspace;
use crate::support::*;

/// Two agents in the positions phase with two issues, `01-topic-0.md` and `02-topic-1.md`
/// (filed without a title), `max_rounds_per_agent` = `max_rounds`; agent-alpha holds the turn.
fn debate(max_rounds: u32) -> Neg {
    let neg = Neg::empty();
    neg.ok(&[
        "init",
        "{dir}",
        "2",
        "--max-rounds",
        &max_rounds.to_string(),
        "--no-sign-off",
    ]);
    neg.register_two_with_drafts();
    assert_eq!(neg.turn(), "agent-alpha");
    neg
}

/// The JSON envelope of a run.
fn json(output: &Output) -> Value {
    serde_json::from_str(&stdout(output))
        .unwrap_or_else(|e| panic!("not JSON ({e}): {}", stdout(output)))
}

/// Runs with `--json` and returns the exit code and the envelope.
fn run_json(neg: &Neg, args: &[&str]) -> (i32, Value) {
    let mut args = args.to_vec();
    args.push("--json");
    let output = neg.run(&args);
    (code(&output), json(&output))
}

/// Asserts a refusal: exit `exit`, error code `error`, nothing changed on disk.
fn refused(neg: &Neg, args: &[&str], exit: i32, error: &str) -> Value {
    let before = workspace(neg);
    let (got, envelope) = run_json(neg, args);
    assert_eq!(got, exit, "{args:?}: {envelope}");
    assert_eq!(envelope["error"]["code"], error, "{args:?}: {envelope}");
    let changed: Vec<_> = workspace(neg)
        .into_iter()
        .filter(|file| !before.contains(file))
        .map(|(path, _)| path)
        .collect();
    assert!(changed.is_empty(), "{args:?} changed {changed:?}");
    envelope
}

fn say(neg: &Neg, command: &str, agent: &str, issue: &str, body: &str) -> Value {
    let (got, envelope) = run_json(neg, &[command, "{dir}", agent, issue, "--body", body]);
    assert_eq!(got, 0, "{command} {agent} {issue}: {envelope}");
    envelope["data"].clone()
}

fn hand_off(neg: &Neg, agent: &str) {
    neg.ok(&["hand-off", "{dir}", agent]);
}

/// alpha's position, beta's position and challenge, then agent-alpha holds the turn again.
fn challenged(neg: &Neg, issue: &str) {
    say(neg, "position", "agent-alpha", issue, "Use OAuth.");
    hand_off(neg, "agent-alpha");
    say(neg, "position", "agent-beta", issue, "Use API keys.");
    say(
        neg,
        "challenge",
        "agent-beta",
        issue,
        "OAuth costs a token service.",
    );
    hand_off(neg, "agent-beta");
}

#[test]
fn entries_are_numbered_per_agent_and_the_file_is_created_with_heading_and_status() {
    let neg = debate(5);
    let first = say(&neg, "position", "agent-alpha", "1", "Use OAuth.");
    assert_eq!(first["round"], 1);
    assert_eq!(first["created"], true);
    assert_eq!(first["file"], "01-topic-0.md");
    assert_eq!(
        neg.read("positions/01-topic-0.md"),
        "# Positions: topic-0\n\n## agent-alpha's position (round 1)\nUse OAuth.\n\n## Status: OPEN\n"
    );
    // The issue by number, padded number, file name, or file name without .md.
    assert_eq!(
        say(&neg, "position", "agent-alpha", "01", "More.")["round"],
        2
    );
    assert_eq!(
        say(
            &neg,
            "challenge",
            "agent-alpha",
            "01-topic-0.md",
            "Against."
        )["round"],
        2
    );
    assert_eq!(
        say(&neg, "challenge", "agent-alpha", "01-topic-0", "Again.")["round"],
        2
    );
    hand_off(&neg, "agent-alpha");
    // Another agent starts at round 1; a challenge before any position is round 1.
    assert_eq!(
        say(&neg, "challenge", "agent-beta", "1", "Keys.")["round"],
        1
    );
    assert_eq!(
        say(&neg, "position", "agent-beta", "1", "Keys.")["round"],
        1
    );

    let text = neg.read("positions/01-topic-0.md");
    let headings: Vec<&str> = text.lines().filter(|l| l.starts_with("## ")).collect();
    assert_eq!(
        headings,
        [
            "## agent-alpha's position (round 1)",
            "## agent-alpha's position (round 2)",
            "## agent-alpha's challenge (round 2)",
            "## agent-alpha's challenge (round 2)",
            "## agent-beta's challenge (round 1)",
            "## agent-beta's position (round 1)",
            "## Status: OPEN",
        ]
    );

    // The title comes from the issue when it has one; the body from stdin with `-`.
    neg.ok(&["new-issue", "{dir}", "cache", "--title", "Cache design"]);
    let output = parley()
        .current_dir(neg.tmp.path())
        .args([
            "position",
            neg.dir.to_str().unwrap(),
            "agent-beta",
            "3",
            "-",
        ])
        .write_stdin("Remote cache.\n")
        .output()
        .unwrap();
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    assert_eq!(
        stdout(&output),
        "Appended agent-beta's position (round 1) to positions/03-cache.md\n"
    );
    assert!(neg.read("positions/03-cache.md").starts_with(
        "# Positions: Cache design\n\n## agent-beta's position (round 1)\nRemote cache.\n"
    ));
    // And from a file.
    neg.write("body.md", "From a file.\n");
    let file = neg.path("body.md");
    say_file(&neg, "challenge", "agent-beta", "3", file.to_str().unwrap());
    assert!(
        neg.read("positions/03-cache.md")
            .contains("From a file.\n\n## Status: OPEN\n")
    );
}

/// A copy of a directory tree (regular files and directories only).
fn copy_dir(from: &std::path::Path, to: &std::path::Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

fn say_file(neg: &Neg, command: &str, agent: &str, issue: &str, file: &str) {
    neg.ok(&[command, "{dir}", agent, issue, "--file", file]);
}

#[test]
fn entries_need_the_turn_the_positions_phase_an_open_issue_and_a_real_body() {
    // Registered but not started: the hint says what starts it (a wait would never end).
    let unstarted = Neg::init(2);
    for name in Neg::names(2) {
        unstarted.ok(&["register", "{dir}", &name]);
    }
    let envelope = refused(
        &unstarted,
        &["end-analysis", "{dir}", "agent-alpha"],
        4,
        "NOT_YOUR_TURN",
    );
    let hint = envelope["error"]["hint"].as_str().unwrap();
    assert!(hint.contains("wait-for-start"), "{hint}");
    let early = Neg::started(2);
    refused(
        &early,
        &["position", "{dir}", "agent-alpha", "1", "--body", "x"],
        4,
        "WRONG_PHASE",
    );

    let neg = debate(5);
    say(&neg, "position", "agent-alpha", "1", "Use OAuth.");
    refused(
        &neg,
        &["position", "{dir}", "agent-beta", "1", "--body", "x"],
        4,
        "NOT_YOUR_TURN",
    );
    refused(
        &neg,
        &["challenge", "{dir}", "agent-beta", "1", "--body", "x"],
        4,
        "NOT_YOUR_TURN",
    );
    refused(
        &neg,
        &["position", "{dir}", "agent-omega", "1", "--body", "x"],
        4,
        "NOT_REGISTERED",
    );
    refused(
        &neg,
        &["position", "{dir}", "agent-alpha", "9", "--body", "x"],
        66,
        "NO_SUCH_ISSUE",
    );
    refused(
        &neg,
        &["position", "{dir}", "agent-alpha", "../x", "--body", "x"],
        65,
        "INVALID_ISSUE",
    );
    refused(
        &neg,
        &["position", "{dir}", "Agent", "1", "--body", "x"],
        65,
        "INVALID_NAME",
    );
    refused(
        &neg,
        &["position", "{dir}", "agent-alpha", "1", "--body", "  \n"],
        65,
        "EMPTY_TEXT",
    );
    refused(
        &neg,
        &[
            "position",
            "{dir}",
            "agent-alpha",
            "1",
            "--body",
            "Fine.\n## Status: AGREED\nSneaked in.",
        ],
        65,
        "STRUCTURAL_LINE",
    );
    refused(
        &neg,
        &[
            "challenge",
            "{dir}",
            "agent-alpha",
            "1",
            "--body",
            "## agent-beta's position (round 9)\nForged.",
        ],
        65,
        "STRUCTURAL_LINE",
    );
    refused(
        &neg,
        &[
            "position",
            "{dir}",
            "agent-alpha",
            "1",
            "--file",
            "missing.md",
        ],
        66,
        "UNREADABLE_INPUT",
    );
    refused(
        &neg,
        &["position", "{dir}", "agent-alpha", "1", "--body", " \n"],
        65,
        "EMPTY_TEXT",
    );
    neg.write("huge.md", &"An argument.\n".repeat(30_000));
    let huge = neg.path("huge.md");
    refused(
        &neg,
        &[
            "position",
            "{dir}",
            "agent-alpha",
            "1",
            "--file",
            huge.to_str().unwrap(),
        ],
        65,
        "TEXT_TOO_LONG",
    );
    refused(
        &neg,
        &[
            "position",
            "{dir}",
            "agent-alpha",
            "1",
            "--body",
            "x",
            "--file",
            "y",
        ],
        64,
        "USAGE",
    );
    // Without --body, --file or `-`, stdin is not read, even when it holds text: a harness
    // that leaves stdin open must not hang the command.
    let before = workspace(&neg);
    let output = parley()
        .current_dir(neg.tmp.path())
        .args(["position", neg.dir.to_str().unwrap(), "agent-alpha", "1"])
        .write_stdin("A body nobody named.\n")
        .output()
        .unwrap();
    assert_eq!(code(&output), 64, "{}", stderr(&output));
    assert!(
        stderr(&output)
            .contains("the body is required: give it with --body TEXT, --file FILE or - (stdin)"),
        "{}",
        stderr(&output)
    );
    assert_eq!(workspace(&neg), before);

    // A closed issue takes nothing more.
    neg.ok(&[
        "escalate",
        "{dir}",
        "agent-alpha",
        "1",
        "--summary",
        "Stuck.",
    ]);
    let closed = refused(
        &neg,
        &["position", "{dir}", "agent-alpha", "1", "--body", "x"],
        4,
        "ISSUE_CLOSED",
    );
    assert!(
        closed["error"]["message"]
            .as_str()
            .unwrap()
            .contains("ESCALATE")
    );

    // A finished negotiation takes nothing at all. (make_finishable rewrites the positions
    // files by hand, which are edits of what the commands recorded.)
    neg.make_finishable();
    neg.ok(&["finish", "{dir}", "--accept-edits"]);
    refused(
        &neg,
        &["position", "{dir}", "agent-alpha", "2", "--body", "x"],
        2,
        "FINISHED",
    );
    refused(&neg, &["audit-template", "{dir}"], 2, "FINISHED");
}

#[test]
fn agree_refusals_name_their_rule() {
    let neg = debate(5);
    // Only alpha has written: no challenge, and no other agent's position.
    say(&neg, "position", "agent-alpha", "1", "Use OAuth.");
    let envelope = refused(
        &neg,
        &["agree", "{dir}", "agent-alpha", "1", "--decision", "OAuth"],
        4,
        "NO_CHALLENGE",
    );
    let message = envelope["error"]["message"].as_str().unwrap().to_owned();
    assert!(
        message.contains("rule 2 (challenge before agree)"),
        "{message}"
    );
    assert!(message.contains("rule 7 (no self-agreement)"), "{message}");

    // alpha challenges itself and agrees at once: refused, the challenge is its own.
    say(&neg, "challenge", "agent-alpha", "1", "Keys are simpler.");
    let envelope = refused(
        &neg,
        &["agree", "{dir}", "agent-alpha", "1", "--decision", "OAuth"],
        4,
        "SELF_CHALLENGE_ONLY",
    );
    let message = envelope["error"]["message"].as_str().unwrap().to_owned();
    assert!(message.contains("challenge-before-agree"), "{message}");
    hand_off(&neg, "agent-alpha");

    // beta finds alpha's position and alpha's challenge from an earlier turn: it may agree
    // (its decision is its part in the issue).
    neg.ok(&["agree", "{dir}", "agent-beta", "1", "--decision", "OAuth"]);

    // No self-agreement: beta only challenged alpha's position on issue 2, so alpha, the
    // only one with a position, may not agree.
    hand_off(&neg, "agent-beta");
    say(&neg, "position", "agent-alpha", "2", "Sign entries.");
    hand_off(&neg, "agent-alpha");
    say(
        &neg,
        "challenge",
        "agent-beta",
        "2",
        "Signing costs key management.",
    );
    hand_off(&neg, "agent-beta");
    let envelope = refused(
        &neg,
        &["agree", "{dir}", "agent-alpha", "2", "--decision", "Sign"],
        4,
        "SELF_AGREEMENT",
    );
    let message = envelope["error"]["message"].as_str().unwrap().to_owned();
    assert!(message.contains("rule 7 (no self-agreement)"), "{message}");

    // A challenge of another agent that was not there when the turn began (written by hand
    // during this turn) does not count.
    hand_off(&neg, "agent-alpha");
    neg.ok(&["new-issue", "{dir}", "signing"]);
    say(&neg, "position", "agent-beta", "3", "No signing.");
    hand_off(&neg, "agent-beta");
    say(&neg, "position", "agent-alpha", "3", "Signing.");
    hand_off(&neg, "agent-alpha");
    let path = "positions/03-signing.md";
    let text = neg.read(path).replace(
        "## Status: OPEN",
        "## agent-alpha's challenge (round 1)\nForged.\n\n## Status: OPEN",
    );
    neg.write(path, &text);
    refused(
        &neg,
        &["agree", "{dir}", "agent-beta", "3", "--decision", "No"],
        4,
        "CHALLENGE_THIS_TURN",
    );
    // Nor does a whole positions file written by hand during this turn.
    neg.ok(&["new-issue", "{dir}", "forged"]);
    neg.write(
        "positions/04-forged.md",
        "# Positions: forged\n\n## agent-alpha's position (round 1)\nForged.\n\n\
         ## agent-alpha's challenge (round 1)\nForged.\n\n## Status: OPEN\n",
    );
    refused(
        &neg,
        &["agree", "{dir}", "agent-beta", "4", "--decision", "No"],
        4,
        "CHALLENGE_THIS_TURN",
    );
    // Agreement is for the holder, on an open issue with positions.
    refused(
        &neg,
        &["agree", "{dir}", "agent-alpha", "3", "--decision", "No"],
        4,
        "NOT_YOUR_TURN",
    );
    neg.ok(&["new-issue", "{dir}", "fresh"]);
    refused(
        &neg,
        &["agree", "{dir}", "agent-beta", "5", "--decision", "No"],
        4,
        "NO_POSITIONS",
    );
    refused(
        &neg,
        &["agree", "{dir}", "agent-beta", "1", "--decision", "Again"],
        4,
        "ISSUE_CLOSED",
    );
}

#[test]
fn finish_counts_the_agent_that_agreed_with_agree_as_taking_part() {
    let neg = debate(5);
    say(&neg, "position", "agent-alpha", "1", "Use OAuth.");
    say(&neg, "challenge", "agent-alpha", "1", "Keys are simpler.");
    say(&neg, "position", "agent-alpha", "2", "Sign entries.");
    say(&neg, "challenge", "agent-alpha", "2", "Signing costs keys.");
    hand_off(&neg, "agent-alpha");
    neg.ok(&["agree", "{dir}", "agent-beta", "1", "--decision", "OAuth"]);
    // Issue 2 is marked AGREED by hand: nothing says who agreed, so one agent took part.
    let path = "positions/02-topic-1.md";
    neg.write(
        path,
        &neg.read(path)
            .replace("## Status: OPEN", "## Status: AGREED\nSign."),
    );
    neg.write("coverage-audit.md", "# Coverage Audit\n\nAll included.\n");
    neg.write("final.md", "# Final\n");
    let output = neg.run(&["finish", "{dir}"]);
    assert_eq!(code(&output), 1);
    let out = stdout(&output);
    assert!(
        out.contains("TOO FEW AGENTS: 02-topic-1.md — positions from 1 registered agent"),
        "{out}"
    );
    assert!(!out.contains("01-topic-0.md"), "{out}");
}

#[test]
fn agree_after_a_proper_challenge_sets_the_status_with_the_decision() {
    let neg = debate(5);
    challenged(&neg, "1");
    neg.write(
        "decision.md",
        "OAuth 2.0 for users; API keys for machines.\n",
    );
    let file = neg.path("decision.md");
    let output = neg.run(&[
        "agree",
        "{dir}",
        "agent-alpha",
        "1",
        "--file",
        file.to_str().unwrap(),
    ]);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    assert_eq!(
        stdout(&output),
        "Status of positions/01-topic-0.md: AGREED\n"
    );
    let text = neg.read("positions/01-topic-0.md");
    assert!(
        text.ends_with(
            "## agent-beta's challenge (round 1)\nOAuth costs a token service.\n\n## Status: AGREED\nOAuth 2.0 for users; API keys for machines.\n"
        ),
        "{text}"
    );
    let status = neg.ok(&["status", "{dir}"]);
    assert!(
        status
            .lines()
            .any(|l| l.contains("01-topic-0.md") && l.ends_with("[AGREED]")),
        "{status}"
    );
    // Every change is in the log, with its agent.
    let log = neg.read(".parley/log.jsonl");
    assert!(log.contains(r#""command":"agree","event":"status","before":"positions/01-topic-0.md: OPEN","after":"positions/01-topic-0.md: AGREED""#), "{log}");
    // Shown with the file named once: by `log`, `watch`'s last events and the report.
    let line = format!("{:<13} positions/01-topic-0.md: OPEN -> AGREED", "status");
    let shown = neg.ok(&["log", "{dir}"]);
    assert!(shown.lines().any(|l| l.ends_with(&line)), "{shown}");
    let watched = neg.ok(&["watch", "{dir}", "--once"]);
    assert!(watched.lines().any(|l| l.ends_with(&line)), "{watched}");
    let html = neg.tmp.path().join("report.html");
    neg.ok(&["report", "{dir}", "--html", html.to_str().unwrap()]);
    let html = std::fs::read_to_string(html).unwrap();
    assert!(
        html.contains("<td>positions/01-topic-0.md: OPEN → AGREED</td>"),
        "{html}"
    );
}

#[test]
fn max_rounds_refuses_the_next_position_and_points_to_escalate() {
    let neg = debate(2);
    say(&neg, "position", "agent-alpha", "1", "One.");
    say(&neg, "position", "agent-alpha", "1", "Two.");
    let envelope = refused(
        &neg,
        &["position", "{dir}", "agent-alpha", "1", "--body", "Three."],
        4,
        "MAX_ROUNDS",
    );
    assert!(
        envelope["error"]["message"]
            .as_str()
            .unwrap()
            .contains("rule 8")
    );
    assert!(
        envelope["error"]["hint"]
            .as_str()
            .unwrap()
            .contains("parley escalate DIR agent-alpha 1")
    );
    // Challenges are not rounds; the other issue has its own count.
    say(&neg, "challenge", "agent-alpha", "1", "Still.");
    say(&neg, "position", "agent-alpha", "2", "Elsewhere.");

    let output = neg.run(&[
        "escalate",
        "{dir}",
        "agent-alpha",
        "1",
        "--summary",
        "alpha wants OAuth, beta keys.",
    ]);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    assert!(stdout(&output).starts_with("Status of positions/01-topic-0.md: ESCALATE\n"));
    assert!(
        neg.read("positions/01-topic-0.md")
            .ends_with("## Status: ESCALATE\nalpha wants OAuth, beta keys.\n")
    );
    assert!(neg.ok(&["status", "{dir}"]).contains("[ESCALATE]"));
    refused(
        &neg,
        &[
            "escalate",
            "{dir}",
            "agent-alpha",
            "1",
            "--summary",
            "Again.",
        ],
        4,
        "ISSUE_CLOSED",
    );
    refused(
        &neg,
        &["escalate", "{dir}", "agent-beta", "2", "--summary", "x"],
        4,
        "NOT_YOUR_TURN",
    );
}

#[test]
fn a_person_resolves_an_escalation_and_the_negotiation_finishes_honestly() {
    let neg = debate(5);
    let scripts = scripts(neg.tmp.path());
    let finish = scripts.join("finish.sh");
    let status = scripts.join("status.sh");
    let run_link =
        |link: &std::path::Path, args: &[&str]| through(link).args(args).output().unwrap();
    let dir = neg.dir.to_str().unwrap().to_owned();

    challenged(&neg, "1");
    neg.ok(&["agree", "{dir}", "agent-alpha", "1", "--decision", "OAuth"]);
    say(&neg, "position", "agent-alpha", "2", "Sign entries.");
    neg.ok(&[
        "escalate",
        "{dir}",
        "agent-alpha",
        "2",
        "--summary",
        "No agreement.",
    ]);
    neg.ok(&["audit-template", "{dir}"]);
    neg.write(
        "coverage-audit.md",
        "# Coverage Audit\n\n## Synthesis notes\nDone.\n",
    );
    neg.write("final.md", "# Final\n");
    let refused_finish = run_link(&finish, &[&dir]);
    assert_eq!(code(&refused_finish), 1);
    assert!(stdout(&refused_finish).contains("NOT AGREED: 02-topic-1.md (ESCALATE)"));

    // Only a person, only an escalated issue.
    refused(
        &neg,
        &[
            "resolve",
            "{dir}",
            "2",
            "--decision",
            "Sign",
            "--by",
            "agent-beta",
        ],
        4,
        "AGENT_NOT_HUMAN",
    );
    refused(
        &neg,
        &[
            "resolve",
            "{dir}",
            "1",
            "--decision",
            "Sign",
            "--by",
            "Ada Lovelace",
        ],
        4,
        "NOT_ESCALATED",
    );
    refused(
        &neg,
        &[
            "resolve",
            "{dir}",
            "2",
            "--decision",
            "Sign",
            "--by",
            "Ada\nLovelace",
        ],
        65,
        "INVALID_HUMAN",
    );
    let output = neg.run(&[
        "resolve",
        "{dir}",
        "2",
        "--decision",
        "Sign the entries.",
        "--by",
        "Ada Lovelace",
    ]);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    assert_eq!(
        stdout(&output),
        "Resolved by Ada Lovelace: positions/02-topic-1.md (was ESCALATE)\n"
    );
    assert!(neg.read("positions/02-topic-1.md").ends_with(
        "## Status: AGREED\nResolved by Ada Lovelace (a person) after escalation.\n\nSign the entries.\n"
    ));
    let shown = stdout(&run_link(&status, &[&dir]));
    assert!(
        shown.contains("[AGREED] resolved by Ada Lovelace (a person)")
            && shown.lines().filter(|l| l.contains("resolved by")).count() == 1,
        "{shown}"
    );
    let view = neg.ok(&["watch", "{dir}", "--once"]);
    assert!(
        view.lines().any(|l| l.starts_with("  AGREED ")
            && l.contains("02-topic-1.md")
            && l.ends_with("resolved by Ada Lovelace (a person)")),
        "{view}"
    );
    let html = shown_report(&neg);
    assert_eq!(
        html.matches("<span class=\"badge person\">resolved by Ada Lovelace (a person)</span>")
            .count(),
        2,
        "in the contents and on the issue: {html}"
    );
    assert!(
        html.contains("<b>Decision:</b> Resolved by Ada Lovelace (a person) after escalation.")
    );
    let finished = run_link(&finish, &[&dir]);
    assert_eq!(code(&finished), 0, "{}", stdout(&finished));
    assert!(stdout(&finished).contains("RESOLVED by Ada Lovelace: 02-topic-1.md"));
    assert_eq!(neg.turn(), "done");
}

#[test]
fn a_resolution_typed_by_hand_is_not_a_persons() {
    let neg = debate(5);
    say(&neg, "position", "agent-alpha", "1", "Use OAuth.");
    say(&neg, "position", "agent-alpha", "2", "Sign.");
    for file in ["positions/01-topic-0.md", "positions/02-topic-1.md"] {
        let text = neg.read(file).replace(
            "## Status: OPEN",
            "## Status: AGREED\nResolved by Ada (a person) after escalation.\n\nMine.",
        );
        neg.write(file, &text);
    }
    neg.write("coverage-audit.md", "# Coverage Audit\n\nDone.\n");
    neg.write("final.md", "# Final\n");
    let output = neg.run(&["finish", "{dir}"]);
    assert_eq!(code(&output), 1);
    assert!(stdout(&output).contains("MISSING CHALLENGE: 01-topic-0.md"));
    assert!(!neg.ok(&["status", "{dir}"]).contains("resolved by"));
}

#[test]
fn audit_template_writes_a_section_per_source_and_finish_checks_them() {
    let neg = Neg::empty();
    std::fs::write(neg.tmp.path().join("alpha-proposal.md"), "# A\n").unwrap();
    std::fs::write(neg.tmp.path().join("beta-proposal.md"), "# B\n").unwrap();
    neg.ok(&[
        "init",
        "{dir}",
        "2",
        "--source",
        "alpha-proposal.md",
        "--source",
        "beta-proposal.md",
        "--no-sign-off",
    ]);
    for name in Neg::names(2) {
        neg.ok(&["register", "{dir}", &name]);
    }
    neg.ok(&["wait-for-start", "{dir}", "agent-alpha"]);
    refused(&neg, &["audit-template", "{dir}"], 4, "WRONG_PHASE");
    for (index, name) in Neg::names(2).iter().enumerate() {
        neg.ok(&["file-draft-issue", "{dir}", name, &format!("topic-{index}")]);
        neg.ok(&["end-analysis", "{dir}", name]);
    }
    let out = neg.ok(&["audit-template", "{dir}"]);
    assert!(out.contains("Coverage audit template written:"), "{out}");
    assert!(out.contains("(2 source sections)"), "{out}");
    let template = neg.read("coverage-audit.md");
    assert!(
        template
            .starts_with("# Coverage Audit\n\n## Unique elements from alpha-proposal.md\n- [TODO:")
    );
    assert!(template.contains("\n## Unique elements from beta-proposal.md\n"));
    assert!(template.contains("\n## Synthesis notes\n"));
    refused(&neg, &["audit-template", "{dir}"], 3, "AUDIT_EXISTS");

    // The skeleton as written has every section: finish takes it, with a warning per
    // placeholder left in (checked on a copy, so the negotiation goes on here).
    neg.make_finishable();
    neg.write("coverage-audit.md", &template);
    let copy = Neg::empty();
    copy_dir(&neg.dir, &copy.dir);
    let output = copy.run(&["finish", "{dir}"]);
    assert_eq!(code(&output), 0, "{}", stdout(&output));
    assert!(
        stderr(&output)
            .contains("warning: coverage-audit.md line 4 still holds a [TODO: ...] placeholder"),
        "{}",
        stderr(&output)
    );
    // A missing section is named.
    neg.write(
        "coverage-audit.md",
        "# Coverage Audit\n\n## Unique elements from alpha-proposal.md\n- Signing: INCLUDED\n\n## Synthesis notes\nMerged.\n",
    );
    let output = neg.run(&["finish", "{dir}"]);
    assert_eq!(code(&output), 1);
    assert!(stdout(&output).contains(
        "AUDIT SECTION MISSING: coverage-audit.md — no \"## Unique elements from beta-proposal.md\" section"
    ));
    assert!(!stdout(&output).contains("alpha-proposal.md\" section"));
    neg.write(
        "coverage-audit.md",
        "# Coverage Audit\n\n## Unique elements from alpha-proposal.md\n- Signing: INCLUDED\n\n## Unique elements from sources/beta-proposal.md\n- Hit rates: EXCLUDED (no dashboard)\n",
    );
    neg.ok(&["finish", "{dir}"]);
}

/// Two recorded entries (alpha's position, beta's position and challenge), turn back at
/// agent-alpha.
fn recorded() -> Neg {
    let neg = debate(5);
    challenged(&neg, "1");
    neg.ok(&["check", "{dir}"]);
    neg
}

fn check_lines(neg: &Neg) -> (i32, String, Value) {
    let output = neg.run(&["check", "{dir}"]);
    let (_, envelope) = run_json(neg, &["check", "{dir}"]);
    (code(&output), stdout(&output), envelope)
}

#[test]
fn pure_appends_and_status_changes_by_the_holder_are_not_edits() {
    let neg = recorded();
    let path = "positions/01-topic-0.md";
    // By hand, the old way: an entry appended after the status line, the status changed.
    let mut text = neg.read(path);
    text.push_str("\n## agent-alpha's position (round 2)\nFine.\n");
    text = text.replace("## Status: OPEN", "## Status: ESCALATE\nStuck.");
    neg.write(path, &text);
    let (exit, out, _) = check_lines(&neg);
    assert_eq!(exit, 0, "{out}");
    assert!(out.starts_with("No edits:"), "{out}");
    // What the holder typed by hand this turn is not recorded yet: it may still revise it.
    neg.write(
        path,
        &neg.read(path).replace("Fine.", "Fine, on reflection."),
    );
    assert_eq!(check_lines(&neg).0, 0);
    hand_off(&neg, "agent-alpha");
    // Once handed over, it is recorded like the rest.
    let revised = neg.read(path);
    neg.write(path, &revised.replace("on reflection", "after all"));
    assert_eq!(check_lines(&neg).0, 1);
    neg.write(path, &revised);
    // The status line goes back to OPEN, by the holder: allowed.
    let text = neg
        .read(path)
        .replace("## Status: ESCALATE\nStuck.", "## Status: OPEN");
    neg.write(path, &text);
    assert_eq!(check_lines(&neg).0, 0);
    hand_off(&neg, "agent-beta");
    assert_eq!(check_lines(&neg).0, 0);
    assert!(
        !neg.ok(&["status", "{dir}"])
            .contains("Edits of recorded positions")
    );
}

#[test]
fn an_edited_entry_is_reported_with_the_file_the_entry_and_the_holder() {
    let neg = recorded();
    let path = "positions/01-topic-0.md";
    let text = neg
        .read(path)
        .replace("Use OAuth.", "Use OAuth, obviously.");
    neg.write(path, &text);
    let (exit, out, envelope) = check_lines(&neg);
    assert_eq!(exit, 1, "{out}");
    assert!(
        out.contains("EDITED: positions/01-topic-0.md — agent-alpha's position (round 1) (line 3): changed since it was recorded at 2026-02-18T10:00:00Z; last turn holder: agent-alpha"),
        "{out}"
    );
    assert_eq!(envelope["error"]["code"], "EDITED");
    let edit = &envelope["data"]["edits"][0];
    assert_eq!(edit["file"], "positions/01-topic-0.md");
    assert_eq!(edit["change"], "edited");
    assert_eq!(edit["entry"], "agent-alpha's position (round 1)");
    assert_eq!(edit["holder"], "agent-alpha");
    // status reports it too.
    let status = neg.ok(&["status", "{dir}"]);
    assert!(
        status.contains("Edits of recorded positions (not append-only): 1"),
        "{status}"
    );
    assert!(status.contains("EDITED: positions/01-topic-0.md"));
    // The live view and the report show the same lines as status.
    let edit_lines: Vec<&str> = status
        .lines()
        .skip_while(|l| !l.starts_with("Edits of recorded positions"))
        .collect();
    assert_eq!(edit_lines.len(), 2, "{status}");
    let view = neg.ok(&["watch", "{dir}", "--once"]);
    for line in &edit_lines {
        assert!(
            view.contains(&format!("{line}\n")),
            "{line:?} not in:\n{view}"
        );
    }
    let (_, envelope) = run_json(&neg, &["watch", "{dir}", "--once"]);
    assert_eq!(
        envelope["data"]["edits"][0]["entry"],
        "agent-alpha's position (round 1)"
    );
    let html = shown_report(&neg);
    assert!(
        html.contains("EDITED: positions/01-topic-0.md — agent-alpha&#39;s position (round 1)"),
        "{html}"
    );
}

/// The HTML report of the negotiation, as text.
fn shown_report(neg: &Neg) -> String {
    let out = neg.tmp.path().join("report.html");
    neg.ok(&[
        "report",
        "{dir}",
        "--html",
        out.to_str().unwrap(),
        "--force",
    ]);
    std::fs::read_to_string(out).unwrap()
}

#[test]
fn a_deleted_entry_and_another_agents_rewritten_entry_stay_reported_after_hand_offs() {
    let neg = recorded();
    let path = "positions/01-topic-0.md";
    // During alpha's turn, beta's challenge is deleted and beta's position rewritten.
    let text = neg.read(path);
    let cut = text.find("## agent-beta's challenge").unwrap();
    let end = text.find("## Status:").unwrap();
    let text =
        format!("{}{}", &text[..cut], &text[end..]).replace("Use API keys.", "Use OAuth too.");
    neg.write(path, &text);
    hand_off(&neg, "agent-alpha");
    // The hand-off logged the edits against alpha; later hand-offs do not wash them out.
    hand_off(&neg, "agent-beta");
    let (exit, out, envelope) = check_lines(&neg);
    assert_eq!(exit, 1, "{out}");
    assert!(
        out.contains("DELETED: positions/01-topic-0.md — agent-beta's challenge (round 1), an entry of agent-beta: removed since it was recorded at 2026-02-18T10:00:00Z; last turn holder: agent-alpha"),
        "{out}"
    );
    assert!(
        out.contains("EDITED: positions/01-topic-0.md — agent-beta's position (round 1) (line 6), an entry of agent-beta: changed"),
        "{out}"
    );
    assert_eq!(envelope["data"]["edits"].as_array().unwrap().len(), 2);
    let log = neg.read(".parley/log.jsonl");
    assert_eq!(log.matches(r#""event":"edit""#).count(), 2, "{log}");

    // finish refuses until the edits are accepted.
    neg.make_finishable();
    let (exit, envelope) = run_json(&neg, &["finish", "{dir}"]);
    assert_eq!(exit, 1);
    let failures = envelope["data"]["failures"].as_array().unwrap();
    assert!(failures.iter().any(|f| {
        f.as_str()
            .unwrap()
            .starts_with("DELETED: positions/01-topic-0.md")
    }));
    assert_eq!(neg.turn(), "agent-alpha");
    let out = neg.ok(&["finish", "{dir}", "--accept-edits"]);
    assert!(
        out.contains("ACCEPTED DELETED: positions/01-topic-0.md"),
        "{out}"
    );
    assert!(out.contains("Negotiation complete."));
    let (exit, out, _) = check_lines(&neg);
    assert_eq!(exit, 0, "{out}");
    assert!(out.contains("earlier edits were accepted"), "{out}");

    // After finish nobody holds the turn: a status line change is an edit too.
    let text = neg
        .read(path)
        .replace("## Status: AGREED", "## Status: ESCALATE");
    neg.write(path, &text);
    let (exit, out, _) = check_lines(&neg);
    assert_eq!(exit, 1, "{out}");
    assert!(
        out.contains("STATUS EDITED: positions/01-topic-0.md — the status line"),
        "{out}"
    );
    assert!(out.contains("last turn holder: done"), "{out}");
}

#[test]
fn an_entry_written_by_a_command_is_recorded_at_once() {
    let neg = debate(5);
    say(&neg, "position", "agent-alpha", "1", "Use OAuth.");
    // No hand-off yet: the command's own record is enough to see the entry rewritten.
    let path = "positions/01-topic-0.md";
    neg.write(path, &neg.read(path).replace("Use OAuth.", "Use API keys."));
    let (exit, out, _) = check_lines(&neg);
    assert_eq!(exit, 1, "{out}");
    assert!(
        out.contains(
            "EDITED: positions/01-topic-0.md — agent-alpha's position (round 1) (line 3): changed"
        ),
        "{out}"
    );
    // The next command on the file logs the edit before recording the file anew.
    say(&neg, "challenge", "agent-alpha", "1", "Keys leak.");
    let log = neg.read(".parley/log.jsonl");
    assert_eq!(log.matches(r#""event":"edit""#).count(), 1, "{log}");
    assert_eq!(check_lines(&neg).0, 1);
}

#[test]
fn an_entry_slipped_before_recorded_ones_and_a_deleted_file_are_edits() {
    let neg = recorded();
    let path = "positions/01-topic-0.md";
    let text = neg.read(path).replace(
        "## agent-alpha's position (round 1)",
        "## agent-alpha's position (round 0)\nEarlier, allegedly.\n\n## agent-alpha's position (round 1)",
    );
    neg.write(path, &text);
    let (exit, out, _) = check_lines(&neg);
    assert_eq!(exit, 1);
    assert!(
        out.contains(
            "INSERTED: positions/01-topic-0.md — agent-alpha's position (round 0) (line 3)"
        ),
        "{out}"
    );
    std::fs::remove_file(neg.path(path)).unwrap();
    let (exit, out, _) = check_lines(&neg);
    assert_eq!(exit, 1);
    assert!(
        out.contains("DELETED: positions/01-topic-0.md — the whole file (3 entries)"),
        "{out}"
    );
}

#[test]
fn racing_commands_of_the_holder_lose_no_entry() {
    let neg = debate(20);
    let dir = neg.dir.to_str().unwrap().to_owned();
    let mut runs = Vec::new();
    for k in 0..8 {
        runs.push(vec![
            "challenge".to_owned(),
            dir.clone(),
            "agent-alpha".to_owned(),
            "1".to_owned(),
            "--body".to_owned(),
            format!("Challenge {k}."),
        ]);
        runs.push(vec![
            "position".to_owned(),
            dir.clone(),
            "agent-alpha".to_owned(),
            "2".to_owned(),
            "--body".to_owned(),
            format!("Position {k}."),
        ]);
        runs.push(vec![
            "position".to_owned(),
            dir.clone(),
            "agent-beta".to_owned(),
            "2".to_owned(),
            "--body".to_owned(),
            "Not my turn.".to_owned(),
        ]);
    }
    let outputs = race(&neg, &runs);
    for (args, output) in runs.iter().zip(&outputs) {
        let expected = if args[2] == "agent-beta" { 4 } else { 0 };
        assert_eq!(code(output), expected, "{args:?}: {}", stderr(output));
    }
    let challenges = neg.read("positions/01-topic-0.md");
    for k in 0..8 {
        assert!(
            challenges.contains(&format!("Challenge {k}.")),
            "{challenges}"
        );
    }
    assert_eq!(
        challenges
            .matches("## agent-alpha's challenge (round 1)")
            .count(),
        8
    );
    let positions = neg.read("positions/02-topic-1.md");
    for round in 1..=8 {
        assert_eq!(
            positions
                .matches(&format!("## agent-alpha's position (round {round})\n"))
                .count(),
            1,
            "{positions}"
        );
    }
    assert_eq!(positions.matches("## Status: OPEN").count(), 1);
    assert!(!positions.contains("Not my turn."));
    neg.ok(&["check", "{dir}"]);
}

#[test]
fn positions_racing_a_hand_off_are_each_written_or_refused() {
    let neg = debate(20);
    let dir = neg.dir.to_str().unwrap().to_owned();
    let mut runs: Vec<Vec<String>> = (0..10)
        .map(|k| {
            vec![
                "position".to_owned(),
                dir.clone(),
                "agent-alpha".to_owned(),
                "1".to_owned(),
                "--body".to_owned(),
                format!("Position {k}."),
            ]
        })
        .collect();
    runs.insert(
        5,
        vec!["hand-off".to_owned(), dir.clone(), "agent-alpha".to_owned()],
    );
    let outputs = race(&neg, &runs);
    let written = runs
        .iter()
        .zip(&outputs)
        .filter(|(args, output)| args[0] == "position" && code(output) == 0)
        .count();
    for (args, output) in runs.iter().zip(&outputs) {
        assert!(
            [0, 4].contains(&code(output)),
            "{args:?}: {}",
            stderr(output)
        );
    }
    let text = std::fs::read_to_string(neg.path("positions/01-topic-0.md")).unwrap_or_default();
    assert_eq!(text.matches("## agent-alpha's position").count(), written);
    assert_eq!(neg.turn(), "agent-beta");
    neg.ok(&["check", "{dir}"]);
}

#[test]
fn the_rule_commands_speak_json_and_run_under_their_own_names() {
    let neg = debate(5);
    let (exit, envelope) = run_json(
        &neg,
        &[
            "position",
            "{dir}",
            "agent-alpha",
            "1",
            "--body",
            "Use OAuth.",
        ],
    );
    assert_eq!(exit, 0);
    assert_eq!(envelope["command"], "position");
    assert_eq!(envelope["ok"], true);
    assert_eq!(envelope["data"]["path"], "positions/01-topic-0.md");
    assert_eq!(envelope["data"]["kind"], "position");
    let (exit, envelope) = run_json(&neg, &["check", "{dir}"]);
    assert_eq!((exit, &envelope["command"]), (0, &Value::from("check")));

    let link = neg.tmp.path().join("parley-challenge");
    std::os::unix::fs::symlink(bin(), &link).unwrap();
    let output = through(&link)
        .args([
            neg.dir.to_str().unwrap(),
            "agent-alpha",
            "1",
            "--body",
            "Keys.",
        ])
        .output()
        .unwrap();
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    assert!(
        neg.read("positions/01-topic-0.md")
            .contains("## agent-alpha's challenge (round 1)\nKeys.\n")
    );
}

/// The binary started through a link, as an agent calls the old scripts' names.
fn through(link: &std::path::Path) -> std::process::Command {
    let mut command = isolated(link);
    command.env("PARLEY_NOW", NOW);
    command
}

/// The ledger of the log kept beside it (`parley` rewrites it; readers trust it only as far
/// as the log agrees).
const DIGESTS: &str = ".parley/digests.jsonl";

fn digests_file(neg: &Neg) -> Value {
    neg.read_digests()
}

/// A directory from before the file was named `.jsonl`: its `.parley/digests.json` (the same
/// two lines) is not read and changes no answer; the next command that writes the ledger
/// writes `.parley/digests.jsonl` and removes the old file and its spare.
#[test]
fn an_old_digests_json_keeps_working_and_goes_at_the_next_write() {
    const OLD: &str = ".parley/digests.json";
    const OLD_SPARE: &str = ".parley/spare/.parley%2Fdigests.json.spare";
    let neg = Neg::in_positions(2);
    neg.ok(&["hand-off", "{dir}", &neg.turn()]);
    let status = neg.ok(&["status", "{dir}"]);
    let check = run_json(&neg, &["check", "{dir}"]);
    neg.write(OLD, &neg.read(DIGESTS));
    std::fs::remove_file(neg.path(DIGESTS)).unwrap();
    std::fs::create_dir_all(neg.path(".parley/spare")).unwrap();
    neg.write(OLD_SPARE, "an old spare\n");
    assert_eq!(neg.ok(&["status", "{dir}"]), status);
    assert_eq!(run_json(&neg, &["check", "{dir}"]), check);
    assert!(neg.path(OLD).exists(), "a reader leaves the old file");
    assert!(!neg.path(DIGESTS).exists(), "a reader writes no ledger");
    neg.ok(&["hand-off", "{dir}", &neg.turn()]);
    assert!(!neg.path(OLD).exists(), "the writer left the old file");
    assert!(
        !neg.path(OLD_SPARE).exists(),
        "the writer left the old file's spare"
    );
    assert_eq!(digests_file(&neg)["version"], 4);
}

/// `check --json` with the digests file as it is, and again without it (the whole log read):
/// both must say the same. Returns the exit code and the envelope.
fn checked_both_ways(neg: &Neg) -> (i32, Value) {
    let with = run_json(neg, &["check", "{dir}"]);
    let kept = std::fs::read(neg.path(DIGESTS)).ok();
    if kept.is_some() {
        std::fs::remove_file(neg.path(DIGESTS)).unwrap();
    }
    let without = run_json(neg, &["check", "{dir}"]);
    if let Some(bytes) = kept {
        std::fs::write(neg.path(DIGESTS), bytes).unwrap();
    }
    assert_eq!(with, without, "the digests file and the whole log disagree");
    with
}

/// `recorded()` with alpha's recorded position edited by hand: the edit `check` must find.
fn edited_after_record() -> Neg {
    let neg = recorded();
    let path = "positions/01-topic-0.md";
    neg.write(path, &neg.read(path).replace("Use OAuth.", "Use OAuth!"));
    neg
}

fn assert_the_edit_is_found(neg: &Neg, holder: &str) {
    let (exit, envelope) = checked_both_ways(neg);
    assert_eq!(exit, 1, "{envelope}");
    assert_eq!(envelope["data"]["recorded_files"], 1, "{envelope}");
    let edits = envelope["data"]["edits"].as_array().unwrap();
    assert_eq!(edits.len(), 1, "{envelope}");
    assert_eq!(edits[0]["entry"], "agent-alpha's position (round 1)");
    assert_eq!(edits[0]["holder"], holder);
}

#[test]
fn the_digests_file_is_kept_beside_the_log_and_read_only_as_far_as_the_log_agrees() {
    let neg = recorded();
    let saved = digests_file(&neg);
    assert_eq!(saved["version"], 4);
    let log_bytes = saved["log_bytes"].as_u64().unwrap();
    let log = neg.read(".parley/log.jsonl");
    // Written with the last record (the challenge), before the hand-over's `turn` event.
    assert!(log_bytes < log.len() as u64, "{log_bytes} {}", log.len());
    let last = log[..log_bytes as usize].lines().last().unwrap();
    assert!(last.contains("\"command\":\"challenge\""), "{last}");
    assert!(saved["baselines"]["positions/01-topic-0.md"]["digest"]["entries"].is_array());

    // It is what readers use: a ledger emptied in a file that still matches the log is
    // believed (so it is read, not ignored) ...
    let mut emptied = saved.clone();
    emptied["baselines"] = serde_json::json!({});
    emptied["records"] = serde_json::json!({});
    neg.write_digests(&emptied);
    let (exit, envelope) = run_json(&neg, &["check", "{dir}"]);
    assert_eq!(
        (exit, &envelope["data"]["recorded_files"]),
        (0, &Value::from(0))
    );
    // ... but not when the log no longer agrees with it: shorter than it claims, other bytes
    // before the point it names (a replaced log), or another version of the file.
    let untrusted = [
        ("log_bytes", Value::from(log.len() as u64 + 1)),
        ("log_anchor", Value::from("0000000000000000")),
        ("version", Value::from(1)),
    ];
    for (field, value) in untrusted {
        let mut wrong = emptied.clone();
        wrong[field] = value;
        neg.write_digests(&wrong);
        let (exit, envelope) = run_json(&neg, &["check", "{dir}"]);
        assert_eq!(
            (exit, &envelope["data"]["recorded_files"]),
            (0, &Value::from(1)),
            "{field}"
        );
    }
}

#[test]
fn edits_are_found_with_the_digests_file_present_missing_or_corrupt() {
    // Present.
    let neg = edited_after_record();
    assert_the_edit_is_found(&neg, "agent-alpha");
    // Missing, or corrupt: the whole log is read, and the next hand-over writes it again.
    let damages: [Option<&[u8]>; 4] = [
        None,
        Some(b"{\"version\":1,\"log_bytes\":"),
        Some(b""),
        Some(b"\xff\xfe not even text"),
    ];
    for damage in damages {
        let neg = edited_after_record();
        match damage {
            None => std::fs::remove_file(neg.path(DIGESTS)).unwrap(),
            Some(bytes) => std::fs::write(neg.path(DIGESTS), bytes).unwrap(),
        }
        assert_the_edit_is_found(&neg, "agent-alpha");
        hand_off(&neg, "agent-alpha");
        assert_eq!(digests_file(&neg)["version"], 4, "{damage:?}");
        // The edit was logged at the hand-over, in the name of the holder whose turn ended.
        assert_the_edit_is_found(&neg, "agent-alpha");
    }
}

#[test]
fn a_digests_file_whose_records_line_is_damaged_is_read_from_the_log() {
    let neg = edited_after_record();
    let text = neg.read(DIGESTS);
    let (head, _) = text.split_once('\n').unwrap();
    // The first line alone is fine as long as every file is as kept; a file that moved needs
    // the records, and records that do not parse send the reader to the log.
    for damaged in [
        format!("{head}\n{{\"positions/01-topic-0.md\":\n"),
        format!("{head}\n"),
        head.to_owned(),
    ] {
        neg.write(DIGESTS, &damaged);
        assert_the_edit_is_found(&neg, "agent-alpha");
        let status = neg.run(&["status", "{dir}"]);
        assert!(
            stdout(&status).contains("Edits of recorded positions (not append-only): 1"),
            "{}",
            stdout(&status)
        );
    }
}

#[test]
fn edits_are_found_when_the_log_grew_after_the_digests_file() {
    // What a `kill -9` between the log append and the replacement of the digests file leaves:
    // the hand-over's records are in the log, the file is the one before.
    let neg = edited_after_record();
    let before = neg.read(DIGESTS);
    hand_off(&neg, "agent-alpha");
    neg.write(DIGESTS, &before);
    // Read from the stale file alone, the edit would be today's, in agent-beta's name; the
    // log after it says it was logged when agent-alpha's turn ended.
    assert_the_edit_is_found(&neg, "agent-alpha");

    // An event appended to the log by hand after the file is read too.
    let accepted = serde_json::json!({
        "at": NOW, "agent": null, "command": "finish", "event": "accept-edits",
        "before": null, "after": null,
    });
    let mut log = neg.read(".parley/log.jsonl");
    log.push_str(&format!("{accepted}\n"));
    neg.write(".parley/log.jsonl", &log);
    let (exit, envelope) = checked_both_ways(&neg);
    assert_eq!(exit, 0, "{envelope}");
    assert_eq!(envelope["data"]["accepted"][0]["holder"], "agent-alpha");
}

#[test]
fn hand_offs_killed_at_any_point_leave_a_digests_file_that_agrees_with_the_log() {
    let neg = edited_after_record();
    let path = "positions/01-topic-0.md";
    for round in 0..16u64 {
        let holder = neg.turn();
        // A change to record at each hand-over: the holder's entry, appended by hand.
        let mut text = neg.read(path);
        text.push_str(&format!(
            "\n## {holder}'s position (round {})\nMore.\n",
            round + 2
        ));
        neg.write(path, &text);
        let mut child = spawn(&neg, &["hand-off", "{dir}", &holder]);
        // Killed at a different point of its run each time (or after it finished).
        std::thread::sleep(std::time::Duration::from_micros(round * 700));
        child.kill().unwrap();
        child.wait().unwrap();
        let (exit, envelope) = checked_both_ways(&neg);
        assert_eq!(exit, 1, "{envelope}");
        if neg.path(DIGESTS).exists() {
            let saved = digests_file(&neg);
            let log_bytes = saved["log_bytes"].as_u64().unwrap();
            assert!(log_bytes <= neg.read(".parley/log.jsonl").len() as u64);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// No closing on one's own unanswered word (OWN_ENTRY_THIS_TURN).
// ---------------------------------------------------------------------------------------------

#[test]
fn an_agent_that_wrote_on_an_issue_this_turn_may_not_agree_it_until_the_others_had_a_turn() {
    let neg = debate(5);
    challenged(&neg, "1");
    // alpha may agree as things stand (beta's challenge predates the turn) ...
    neg.ok(&[
        "agree",
        "{dir}",
        "agent-alpha",
        "1",
        "--check",
        "--decision",
        "OAuth",
    ]);
    // ... but not after writing a new position: nobody answered it.
    say(
        &neg,
        "position",
        "agent-alpha",
        "1",
        "OAuth, with a cached token.",
    );
    let args = ["agree", "{dir}", "agent-alpha", "1", "--decision", "OAuth"];
    let envelope = refused(&neg, &args, 4, "OWN_ENTRY_THIS_TURN");
    let message = envelope["error"]["message"].as_str().unwrap();
    assert!(
        message.contains("no closing on your own unanswered word")
            && message.contains("agent-alpha's position (round 2)"),
        "{message}"
    );
    let hint = envelope["error"]["hint"].as_str().unwrap();
    assert!(hint.contains("hand-off"), "{hint}");
    // --check answers the same, and status does not count alpha among who may agree now.
    let check = refused(
        &neg,
        &[
            "agree",
            "{dir}",
            "agent-alpha",
            "1",
            "--check",
            "--decision",
            "OAuth",
        ],
        4,
        "OWN_ENTRY_THIS_TURN",
    );
    assert_eq!(check["error"], envelope["error"]);
    let (_, status) = run_json(&neg, &["status", "{dir}"]);
    let open = &status["data"]["open_issues"][0];
    assert_eq!(open["file"], "01-topic-0.md");
    assert_eq!(open["may_agree"], serde_json::json!([]), "{open}");
    // A challenge written this turn is an entry too (the older rules keep their codes first).
    say(&neg, "challenge", "agent-alpha", "2", "Unclear.");
    hand_off(&neg, "agent-alpha");
    // beta answers (or not) on its turn; back with alpha, the position is no longer fresh.
    hand_off(&neg, "agent-beta");
    neg.ok(&["agree", "{dir}", "agent-alpha", "1", "--decision", "OAuth"]);
    assert!(
        neg.read("positions/01-topic-0.md")
            .contains("## Status: AGREED")
    );
}

#[test]
fn a_fresh_challenge_of_ones_own_blocks_the_agreement_and_every_broken_rule_is_named() {
    let neg = debate(5);
    challenged(&neg, "1");
    say(&neg, "challenge", "agent-alpha", "1", "API keys leak.");
    let envelope = refused(
        &neg,
        &["agree", "{dir}", "agent-alpha", "1", "--decision", "OAuth"],
        4,
        "OWN_ENTRY_THIS_TURN",
    );
    assert!(
        envelope["error"]["message"]
            .as_str()
            .unwrap()
            .contains("agent-alpha's challenge (round 1)")
    );
    // Where an older rule is broken as well, its code comes first, and both are named.
    say(&neg, "position", "agent-alpha", "2", "Sign entries.");
    let envelope = refused(
        &neg,
        &["agree", "{dir}", "agent-alpha", "2", "--decision", "Sign"],
        4,
        "NO_CHALLENGE",
    );
    let message = envelope["error"]["message"].as_str().unwrap();
    assert!(
        message.contains("rule 2") && message.contains("no closing on your own unanswered word"),
        "{message}"
    );
    assert!(
        envelope["error"]["hint"]
            .as_str()
            .unwrap()
            .contains("hand-off")
    );
}

#[test]
fn closing_a_proposed_duplicate_is_not_concerned_by_ones_own_fresh_entry() {
    let neg = debate(5);
    neg.ok(&["duplicate", "{dir}", "agent-alpha", "2", "--of", "1"]);
    hand_off(&neg, "agent-alpha");
    say(&neg, "position", "agent-beta", "2", "Same question as 1.");
    neg.ok(&["agree", "{dir}", "agent-beta", "2", "--check"]);
    neg.ok(&["agree", "{dir}", "agent-beta", "2"]);
    assert!(
        neg.read("positions/02-topic-1.md")
            .contains("## Status: AGREED")
    );
}

#[test]
fn agree_check_without_a_decision_on_an_ordinary_issue_is_a_usage_error_as_agree_is() {
    let neg = debate(5);
    challenged(&neg, "1");
    let check = neg.run(&["--json", "agree", "{dir}", "agent-alpha", "1", "--check"]);
    let real = neg.run(&["--json", "agree", "{dir}", "agent-alpha", "1"]);
    assert_eq!(code(&check), 64);
    assert_eq!(code(&real), 64);
    assert_eq!(json(&check)["error"], json(&real)["error"]);
    let message = json(&check)["error"]["message"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(message.contains("--decision"), "{message}");
    assert!(!neg.read("positions/01-topic-0.md").contains("AGREED"));
}

#[test]
fn hand_off_warns_of_open_issues_left_without_an_entry_and_still_hands_off() {
    let neg = debate(5);
    say(&neg, "position", "agent-alpha", "1", "Use OAuth.");
    let output = neg.run(&["hand-off", "{dir}", "agent-alpha"]);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    assert_eq!(stdout(&output), "Turn handed to: agent-beta\n");
    let warned = stderr(&output);
    assert!(
        warned.starts_with(
            "warning: agent-alpha left 1 open issue without an entry this turn: 02-topic-1.md"
        ),
        "{warned}"
    );
    assert!(!warned.contains("01-topic-0.md"), "{warned}");
    assert_eq!(neg.turn(), "agent-beta");
    // beta writes on neither: both are listed, in JSON too; an entry of an earlier turn
    // does not count.
    let (got, envelope) = run_json(&neg, &["hand-off", "{dir}", "agent-beta"]);
    assert_eq!(got, 0);
    assert_eq!(envelope["data"]["turn"], "agent-alpha");
    let warnings = envelope["data"]["warnings"].as_array().unwrap();
    assert_eq!(warnings.len(), 1, "{envelope}");
    let warning = warnings[0].as_str().unwrap();
    assert!(
        warning.contains("2 open issues") && warning.contains("01-topic-0.md, 02-topic-1.md"),
        "{warning}"
    );
    // alpha answers issue 1 again and escalates issue 2: nothing to warn of.
    say(&neg, "challenge", "agent-alpha", "1", "OAuth is heavy.");
    say(&neg, "position", "agent-alpha", "2", "Sign entries.");
    neg.ok(&[
        "escalate",
        "{dir}",
        "agent-alpha",
        "2",
        "--summary",
        "No common ground.",
    ]);
    let output = neg.run(&["hand-off", "{dir}", "agent-alpha"]);
    assert_eq!(code(&output), 0);
    assert_eq!(stderr(&output), "", "nothing left untouched");
}

#[test]
fn status_json_adds_rfc3339_times_and_file_name_keys_beside_the_old_ones() {
    let neg = debate(5);
    challenged(&neg, "1");
    neg.ok(&["agree", "{dir}", "agent-alpha", "1", "--decision", "OAuth"]);
    let (_, envelope) = run_json(&neg, &["status", "{dir}"]);
    let data = &envelope["data"];
    let since = data["turn_started"]["since"].as_i64().unwrap();
    let at = data["turn_started"]["since_at"].as_str().unwrap();
    assert_eq!(
        chrono::DateTime::parse_from_rfc3339(at)
            .unwrap()
            .timestamp(),
        since,
        "{at}"
    );
    assert_eq!(data["agreed_by"]["positions/01-topic-0.md"], "agent-alpha");
    assert_eq!(data["agreed_by_file"]["01-topic-0.md"], "agent-alpha");
}
