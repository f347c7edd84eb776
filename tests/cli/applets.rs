//! Each applet: its key output lines, files and exit codes.

use serde_json::Value;

use crate::support::*;

fn json(output: &std::process::Output) -> Value {
    serde_json::from_str(stdout(output).trim()).unwrap()
}

#[test]
fn init_prints_the_key_lines_and_builds_the_whole_directory() {
    let neg = Neg::empty();
    let out = neg.ok(&["init", "{dir}", "3"]);
    assert!(out.contains(&format!(
        "Negotiation initialized at: {}",
        neg.dir.display()
    )));
    assert!(out.contains("Expected agents: 3"));
    assert!(out.contains("Registration window: 120s"));
    for dir in ["sources", "issues", "positions", "analysis", "issues-draft"] {
        assert!(neg.path(dir).is_dir(), "{dir} missing");
    }
    assert_eq!(neg.read("turn.md").trim(), "registration");
    assert_eq!(neg.read("phase.md").trim(), "analysis");
    let meta = neg.read("meta.md");
    for line in [
        "- **expected_agents:** 3",
        "- **registration_window_seconds:** 120",
        "- **max_rounds_per_agent:** 5",
        "- **poll_interval_seconds:** 5",
        "- **turn_timeout_seconds:** 600",
        "- **created:** 2026-02-18T10:00:00Z",
    ] {
        assert!(meta.contains(line), "meta.md lacks {line}");
    }
    assert!(!meta.contains("registration_deadline"));
    assert!(neg.read("agents.md").starts_with("# Registered Agents\n"));
    assert!(neg.read("topic.md").starts_with("# Negotiation Topic\n"));
}

#[test]
fn init_takes_the_window_topic_sources_and_settings() {
    let neg = Neg::empty();
    let source = neg.tmp.path().join("alpha-proposal.md");
    std::fs::write(&source, "# Alpha\n").unwrap();
    let out = neg.ok(&[
        "init",
        "{dir}",
        "2",
        "45",
        "--topic",
        "Pick a cache design",
        "--source",
        source.to_str().unwrap(),
        "--max-rounds",
        "3",
        "--poll-interval",
        "2",
        "--turn-timeout",
        "90",
    ]);
    assert!(out.contains("Registration window: 45s"));
    assert_eq!(neg.read("sources/alpha-proposal.md"), "# Alpha\n");
    assert!(neg.read("topic.md").contains("Pick a cache design"));
    let meta = neg.read("meta.md");
    assert!(meta.contains("- **registration_window_seconds:** 45"));
    assert!(meta.contains("- **max_rounds_per_agent:** 3"));
    assert!(meta.contains("- **poll_interval_seconds:** 2"));
    assert!(meta.contains("- **turn_timeout_seconds:** 90"));
}

#[test]
fn init_on_an_existing_directory_answers_3_even_when_empty() {
    let neg = Neg::empty();
    std::fs::create_dir(&neg.dir).unwrap();
    let output = neg.run(&["init", "{dir}", "2"]);
    assert_eq!(code(&output), 3);
    let out = stdout(&output);
    assert!(out.contains(&format!(
        "Already initialized: {} (another agent got here first)",
        neg.dir.display()
    )));
    assert!(out.contains("You should join as a participant instead."));
    assert_eq!(std::fs::read_dir(&neg.dir).unwrap().count(), 0);
}

#[test]
fn register_prints_progress_and_writes_the_deadline_once() {
    let neg = Neg::init(3);
    let out = neg.ok(&["register", "{dir}", "agent-alpha"]);
    assert!(out.contains("Registered: agent-alpha (1/3 agents)"));
    assert!(out.contains("Registration window started. Deadline: 2026-02-18T10:02:00Z"));
    let output = neg.run_at(&at(30), &["register", "{dir}", "agent-beta"]);
    assert!(stdout(&output).contains("Registered: agent-beta (2/3 agents)"));
    assert!(!stdout(&output).contains("Registration window started"));
    let out = neg.ok(&["register", "{dir}", "agent-gamma"]);
    assert!(out.contains("All agents registered. Negotiation can begin."));
    let meta = neg.read("meta.md");
    assert_eq!(meta.matches("registration_deadline").count(), 1);
    assert!(meta.contains("- **registration_deadline:** 2026-02-18T10:02:00Z"));
    assert!(
        neg.read("agents.md")
            .contains("- agent-beta (registered: 2026-02-18T10:00:30Z)")
    );
}

#[test]
fn register_refuses_a_taken_name_with_1_and_a_full_registration_with_4() {
    let neg = Neg::init(2);
    neg.ok(&["register", "{dir}", "agent-alpha"]);
    let output = neg.run(&["register", "{dir}", "agent-alpha"]);
    assert_eq!(code(&output), 1);
    assert_eq!(stdout(&output).trim(), "Already registered: agent-alpha");
    neg.ok(&["register", "{dir}", "agent-beta"]);
    let output = neg.run(&["register", "{dir}", "agent-gamma"]);
    assert_eq!(code(&output), 4);
    assert!(stderr(&output).contains("registration is full"));
}

#[test]
fn register_auto_takes_the_first_free_greek_name() {
    let neg = Neg::init(3);
    neg.ok(&["register", "{dir}", "agent-beta"]);
    let first = neg.ok(&["register", "{dir}", "--auto"]);
    assert_eq!(first.lines().next(), Some("agent-alpha"));
    let second = neg.run(&["register", "{dir}", "--auto", "--json"]);
    assert_eq!(json(&second)["data"]["agent"], "agent-gamma");
}

#[test]
fn register_records_the_participant_and_refuses_a_second_name_for_it() {
    let neg = Neg::init(3);
    let output = parley()
        .env("CLAUDE_SESSION_ID", "session-42")
        .arg("register")
        .arg(&neg.dir)
        .arg("agent-alpha")
        .output()
        .unwrap();
    assert_eq!(code(&output), 0);
    assert!(
        neg.read("agents.md")
            .contains("- agent-alpha (registered: 2026-02-18T10:00:00Z, participant: session-42)")
    );
    let output = neg.run(&[
        "register",
        "{dir}",
        "agent-beta",
        "--participant",
        "session-42",
    ]);
    assert_eq!(code(&output), 4);
    assert!(stderr(&output).contains("already registered as agent-alpha"));
    // NEGOTIATE_PARTICIPANT_ID wins over the session variables.
    let output = parley()
        .env("NEGOTIATE_PARTICIPANT_ID", "chosen")
        .env("CODEX_THREAD_ID", "thread-7")
        .arg("register")
        .arg(&neg.dir)
        .arg("agent-beta")
        .output()
        .unwrap();
    assert_eq!(code(&output), 0);
    assert!(neg.read("agents.md").contains("participant: chosen)"));
}

#[test]
fn wait_for_start_sets_the_first_turn_and_its_timer_once() {
    let neg = Neg::init(2);
    neg.ok(&["register", "{dir}", "agent-alpha"]);
    neg.ok(&["register", "{dir}", "agent-beta"]);
    let out = neg.ok(&["wait-for-start", "{dir}", "agent-beta"]);
    assert_eq!(
        out,
        "All 2 agents registered.\nTurn order: 2 of 2\nAgents: agent-alpha agent-beta\nFirst turn: agent-alpha\n"
    );
    assert_eq!(neg.turn(), "agent-alpha");
    assert_eq!(neg.read(".turn-started"), "agent-alpha\n1771408800\n");
    let output = neg.run_at(&at(60), &["wait-for-start", "{dir}", "agent-alpha"]);
    assert!(stdout(&output).contains("Turn order: 1 of 2"));
    assert_eq!(neg.read(".turn-started"), "agent-alpha\n1771408800\n");
}

#[test]
fn wait_for_start_needs_permission_to_start_short_handed() {
    let neg = Neg::init(3);
    neg.ok(&["register", "{dir}", "agent-alpha"]);
    neg.ok(&["register", "{dir}", "agent-beta"]);
    let late = at(121);
    let refused = neg.run_at(&late, &["wait-for-start", "{dir}", "agent-alpha"]);
    assert_eq!(code(&refused), 4);
    assert!(stderr(&refused).contains("--allow-partial"));
    assert_eq!(neg.turn(), "registration");

    let output = parley()
        .env("PARLEY_NOW", &late)
        .env("NEGOTIATE_ALLOW_PARTIAL_REGISTRATION", "1")
        .arg("wait-for-start")
        .arg(&neg.dir)
        .arg("agent-beta")
        .output()
        .unwrap();
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    assert!(stdout(&output).contains("Registration deadline passed. Proceeding with 2 agents."));
    assert_eq!(neg.turn(), "agent-alpha");
}

#[test]
fn a_single_agent_never_starts_a_negotiation() {
    let neg = Neg::init(2);
    neg.ok(&["register", "{dir}", "agent-alpha"]);
    let output = neg.run_at(
        &at(500),
        &["wait-for-start", "{dir}", "agent-alpha", "--allow-partial"],
    );
    assert_eq!(code(&output), 4);
    assert_eq!(neg.turn(), "registration");
}

#[test]
fn wait_for_start_times_out_with_124() {
    let neg = Neg::init(2);
    neg.ok(&["register", "{dir}", "agent-alpha"]);
    let output = neg.run(&["wait-for-start", "{dir}", "agent-alpha", "--timeout", "0"]);
    assert_eq!(code(&output), 124);
    assert_eq!(neg.turn(), "registration");
}

#[test]
fn drafts_and_new_issues_fill_the_template() {
    let neg = Neg::started(2);
    let file = neg.ok(&[
        "file-draft-issue",
        "{dir}",
        "agent-beta",
        "auth-method",
        "--title",
        "Auth method",
        "--question",
        "Tokens or sessions?",
    ]);
    assert_eq!(file, "01-auth-method.md\n");
    let text = neg.read("issues-draft/agent-beta/01-auth-method.md");
    assert!(text.starts_with("# Issue: Auth method\n\n## Question\nTokens or sessions?\n"));
    assert!(text.contains("## Context\n[TODO: Relevant background, references to source docs.]\n"));
    assert!(text.contains("## Position A\n[TODO: What one source says or implies.]\n"));

    let neg = Neg::in_positions(2);
    neg.ok(&["new-issue", "{dir}", "logging"]);
    assert_eq!(
        neg.read("issues/03-logging.md"),
        "# Issue: [TODO: Short Title]\n\n## Question\n[TODO: What specific decision needs to be made?]\n\n\
         ## Context\n[TODO: Relevant background, references to source docs.]\n\n\
         ## Position A\n[TODO: What one source says or implies.]\n\n\
         ## Position B\n[TODO: What the other source says or implies.]\n"
    );
}

#[test]
fn drafts_and_new_issues_keep_to_their_phase() {
    let neg = Neg::started(2);
    let output = neg.run(&["new-issue", "{dir}", "early"]);
    assert_eq!(code(&output), 4);
    assert!(stderr(&output).contains("positions phase"));
    let output = neg.run(&["file-draft-issue", "{dir}", "agent-zeta", "x"]);
    assert_eq!(code(&output), 4, "an unregistered agent cannot draft");

    let neg = Neg::in_positions(2);
    let output = neg.run(&["file-draft-issue", "{dir}", "agent-alpha", "late"]);
    assert_eq!(code(&output), 4);
}

#[test]
fn end_analysis_and_hand_off_are_for_the_holder_only() {
    let neg = Neg::started(2);
    assert_eq!(code(&neg.run(&["end-analysis", "{dir}", "agent-beta"])), 4);
    let output = neg.run(&["hand-off", "{dir}", "agent-alpha"]);
    assert_eq!(code(&output), 4, "analysis turns end with end-analysis");
    let out = neg.ok(&["end-analysis", "{dir}", "agent-alpha"]);
    assert!(out.contains("Turn handed to: agent-beta"));

    let neg = Neg::in_positions(2);
    assert_eq!(code(&neg.run(&["hand-off", "{dir}", "agent-beta"])), 4);
    assert_eq!(
        neg.ok(&["hand-off", "{dir}", "agent-alpha"]),
        "Turn handed to: agent-beta\n"
    );
    assert_eq!(
        neg.ok(&["hand-off", "{dir}", "agent-beta"]),
        "Turn handed to: agent-alpha\n"
    );
}

#[test]
fn poll_answers_0_1_and_2() {
    let neg = Neg::init(2);
    neg.ok(&["register", "{dir}", "agent-alpha"]);
    let output = neg.run(&["poll", "{dir}", "agent-alpha"]);
    assert_eq!(code(&output), 1);
    assert_eq!(stdout(&output), "waiting (current turn: registration)\n");
    let neg = Neg::started(2);
    assert_eq!(neg.ok(&["poll", "{dir}", "agent-alpha"]), "your-turn\n");
    assert_eq!(
        stdout(&neg.run(&["poll", "{dir}", "agent-beta"])),
        "waiting (current turn: agent-alpha)\n"
    );
}

#[test]
fn poll_skips_a_holder_inactive_longer_than_the_timeout() {
    let neg = Neg::started(2);
    let output = neg.run_at(&at(600), &["poll", "{dir}", "agent-beta"]);
    assert_eq!(code(&output), 1, "600 s is not longer than 600 s");
    let output = neg.run_at(&at(601), &["poll", "{dir}", "agent-beta"]);
    assert_eq!(code(&output), 0);
    assert_eq!(
        stdout(&output),
        "Turn timeout: agent-alpha has been inactive for 601s (limit: 600s). Skipping.\n\
         Analysis of agent-alpha forfeited (its drafts are kept).\n\
         Skipped agent-alpha, turn passed to agent-beta\nyour-turn\n"
    );
    assert_eq!(neg.turn(), "agent-beta");
}

#[test]
fn status_shows_every_issue_with_its_icon_and_the_summary() {
    let neg = Neg::in_positions(2);
    neg.ok(&["new-issue", "{dir}", "third", "--title", "Third one"]);
    neg.ok(&["new-issue", "{dir}", "fourth"]);
    neg.positions(
        "01-topic-0.md",
        &[
            ("agent-alpha", "position", 1),
            ("agent-beta", "challenge", 1),
        ],
        "AGREED",
    );
    neg.positions(
        "02-topic-1.md",
        &[("agent-alpha", "position", 1)],
        "ESCALATE",
    );
    neg.positions("03-third.md", &[("agent-beta", "position", 1)], "OPEN");
    let out = neg.ok(&["status", "{dir}"]);
    assert!(out.starts_with("=== Negotiation Status ===\nCurrent turn: agent-alpha\n"));
    assert!(out.contains("  ✅ 01-topic-0.md — [TODO: Short Title] [AGREED]\n"));
    assert!(out.contains("  ⚠️ 02-topic-1.md — [TODO: Short Title] [ESCALATE]\n"));
    assert!(out.contains("  🔄 03-third.md — Third one [OPEN]\n"));
    assert!(out.contains("  📝 04-fourth.md — [TODO: Short Title] [NO POSITIONS]\n"));
    assert!(out.contains("Summary: 4 issues — 1 agreed, 2 open, 1 escalated\n"));
    assert!(!out.contains("All issues resolved"));

    let data = json(&neg.run(&["status", "{dir}", "--json"]))["data"].clone();
    assert_eq!(data["turn"], "agent-alpha");
    assert_eq!(data["phase"], "positions");
    assert_eq!(data["agents"][1]["name"], "agent-beta");
    let first = &data["issues"][0];
    assert_eq!(first["file"], "01-topic-0.md");
    assert_eq!(first["status"], "AGREED");
    assert_eq!(first["has_challenge"], true);
    assert_eq!(
        first["participants"],
        serde_json::json!(["agent-alpha", "agent-beta"])
    );
    assert_eq!(data["issues"][3]["status"], Value::Null);
    assert_eq!(data["issues"][3]["has_positions"], false);
}

#[test]
fn finish_lists_every_failure_then_marks_done() {
    let neg = Neg::in_positions(2);
    neg.positions("01-topic-0.md", &[("agent-alpha", "position", 1)], "OPEN");
    let output = neg.run(&["finish", "{dir}"]);
    assert_eq!(code(&output), 1);
    let out = stdout(&output);
    assert!(out.contains("NOT AGREED: 01-topic-0.md (OPEN)"));
    assert!(out.contains("NO POSITIONS: 02-topic-1.md"));
    assert!(out.contains("MISSING: coverage-audit.md"));
    assert!(out.contains("MISSING: final.md"));
    assert_eq!(neg.turn(), "agent-alpha");

    neg.make_finishable();
    let out = neg.ok(&["finish", "{dir}"]);
    assert!(out.contains(&format!(
        "Negotiation complete. Final document: {}/final.md",
        neg.dir.display()
    )));
    assert_eq!(neg.turn(), "done");
}

#[test]
fn finish_lets_a_human_through_with_escalated_issues() {
    let neg = Neg::in_positions(2);
    neg.make_finishable();
    neg.positions(
        "02-topic-1.md",
        &[("agent-alpha", "position", 1)],
        "ESCALATE",
    );
    let output = neg.run(&["finish", "{dir}"]);
    assert_eq!(code(&output), 1);
    assert!(stdout(&output).contains("NOT AGREED: 02-topic-1.md (ESCALATE)"));
    let out = neg.ok(&["finish", "{dir}", "--allow-escalated"]);
    assert!(out.contains("UNRESOLVED (escalated): 02-topic-1.md"));
    assert_eq!(neg.turn(), "done");
}

#[test]
fn time_comes_from_parley_now() {
    let neg = Neg::init(2);
    let output = neg.run_at(
        "2030-01-02T03:04:05Z",
        &["register", "{dir}", "agent-alpha"],
    );
    assert_eq!(code(&output), 0);
    assert!(
        neg.read("agents.md")
            .contains("(registered: 2030-01-02T03:04:05Z)")
    );
    assert!(stdout(&output).contains("Deadline: 2030-01-02T03:06:05Z"));
}

#[test]
fn a_timer_of_another_agent_restarts_instead_of_skipping() {
    // A crash between the two writes of a hand-over can leave .turn-started naming someone
    // other than the holder: the holder gets a fresh timer, never one of another agent.
    let neg = Neg::in_positions(2);
    neg.write(".turn-started", "agent-beta\n1000\n");
    let output = neg.run_at(&at(10_000), &["poll", "{dir}", "agent-beta"]);
    assert_eq!(code(&output), 1, "{}", stdout(&output));
    assert!(!stdout(&output).contains("Skipping"));
    let since = chrono::DateTime::parse_from_rfc3339(&at(10_000))
        .unwrap()
        .timestamp();
    assert_eq!(neg.read(".turn-started"), format!("agent-alpha\n{since}\n"));
}

#[test]
fn issues_are_listed_by_number_past_99() {
    let neg = Neg::in_positions(2);
    for (file, title) in [("100-late.md", "Hundred"), ("11-mid.md", "Eleven")] {
        neg.write(&format!("issues/{file}"), &format!("# Issue: {title}\n"));
    }
    let out = neg.ok(&["status", "{dir}"]);
    let eleven = out.find("11-mid.md").unwrap();
    let hundred = out.find("100-late.md").unwrap();
    assert!(eleven < hundred, "{out}");
    assert_eq!(neg.ok(&["new-issue", "{dir}", "next"]), "101-next.md\n");
}

#[test]
fn a_draft_read_whole_from_a_file_or_stdin_in_the_templates_shape() {
    let neg = Neg::started(2);
    let issue = "# Issue: Auth method\n\n## Question\nTokens or sessions?\nCosts $5.\n\n\
                 ## Context\nSee `a.md`, section 2.\n\n## Position A (a.md)\nTokens.\n\n\
                 ## Position B\n[TODO: What the other source says or implies.]\n";
    let file = neg.tmp.path().join("issue.md");
    std::fs::write(&file, issue).unwrap();
    let name = neg.ok(&[
        "file-draft-issue",
        "{dir}",
        "agent-beta",
        "auth-method",
        "--file",
        &file.to_string_lossy(),
    ]);
    assert_eq!(name, "01-auth-method.md\n");
    assert_eq!(
        neg.read("issues-draft/agent-beta/01-auth-method.md"),
        "# Issue: Auth method\n\n## Question\nTokens or sessions?\nCosts $5.\n\n\
         ## Context\nSee `a.md`, section 2.\n\n## Position A\nTokens.\n\n\
         ## Position B\n[TODO: What the other source says or implies.]\n"
    );
    // What the template renders reads back as the same issue, from stdin too.
    let dir = neg.dir.to_string_lossy().into_owned();
    let output = parley()
        .current_dir(neg.tmp.path())
        .args([
            "file-draft-issue",
            &dir,
            "agent-beta",
            "again",
            "--file",
            "-",
        ])
        .write_stdin(neg.read("issues-draft/agent-beta/01-auth-method.md"))
        .output()
        .unwrap();
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    assert_eq!(
        neg.read("issues-draft/agent-beta/02-again.md"),
        neg.read("issues-draft/agent-beta/01-auth-method.md")
    );
    // What does not fit is refused, naming the line, and nothing is written.
    let before = snapshot(&neg.dir);
    for (text, says) in [
        (
            "Auth method\n\n## Question\nx\n",
            "line 1: expected the title line",
        ),
        (
            "# Issue: A\n\n## Context\nx\n",
            "line 3: expected `## Question`",
        ),
        (
            "# Issue: A\nstray\n## Question\nx\n",
            "line 2: text before `## Question`",
        ),
        (
            "# Issue: A\n## Question\nq\n## Context\nc\n## Position A\na\n",
            "the section `## Position B` is missing",
        ),
        (
            "# Issue: A\n## Question\nq\n## Context\nc\n## Position A\na\n## Position B\nb\n## Notes\nn\n",
            "line 10: expected no further section",
        ),
        (
            "# Issue:   \n## Question\nq\n",
            "line 1: the title after `# Issue:` is empty",
        ),
        ("", "the text is empty"),
    ] {
        std::fs::write(&file, text).unwrap();
        let output = neg.run(&[
            "--json",
            "file-draft-issue",
            "{dir}",
            "agent-beta",
            "bad",
            "--file",
            &file.to_string_lossy(),
        ]);
        assert_eq!(code(&output), 65, "{text:?}: {}", stdout(&output));
        let envelope = json(&output);
        assert_eq!(envelope["error"]["code"], "ISSUE_SHAPE");
        let message = envelope["error"]["message"].as_str().unwrap();
        assert!(message.contains(says), "{text:?}: {message}");
    }
    // Whole or in parts, not both.
    let output = neg.run(&[
        "file-draft-issue",
        "{dir}",
        "agent-beta",
        "bad",
        "--file",
        &file.to_string_lossy(),
        "--title",
        "T",
    ]);
    assert_eq!(code(&output), 64);
    assert!(
        snapshot(&neg.dir) == before,
        "a refused draft changed something"
    );
}
