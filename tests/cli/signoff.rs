//! Review before it is final: `parley init` needs every agent's sign-off (links do not), what
//! voids a sign-off, who is not waited for, and the news of it all (`changes`, `status`, the
//! "finished" answer, notes after `finish`).

use serde_json::Value;

use crate::support::*;

fn json(output: &std::process::Output) -> Value {
    serde_json::from_str(stdout(output).trim()).unwrap_or_else(|e| {
        panic!("not JSON ({e}): {}", stdout(output));
    })
}

/// Made by `parley init` (the default: sign-offs required), two agents, in the positions
/// phase with every issue agreed by hand, the audit and final.md written; agent-alpha holds
/// the turn.
fn finishable() -> Neg {
    let neg = Neg::empty();
    neg.ok(&["init", "{dir}", "2"]);
    neg.register_two_with_drafts();
    neg.make_finishable();
    neg
}

fn failures(neg: &Neg, args: &[&str]) -> (i32, Value) {
    let mut args = args.to_vec();
    args.push("--json");
    let output = neg.run(&args);
    (code(&output), json(&output))
}

#[test]
fn parley_init_requires_sign_offs_and_the_script_links_keep_the_old_meta() {
    let neg = finishable();
    assert!(neg.read("meta.md").contains("- **sign_off:** required\n"));
    let (exit, envelope) = failures(&neg, &["finish", "{dir}"]);
    assert_eq!(exit, 1, "{envelope}");
    assert_eq!(envelope["error"]["code"], "NOT_READY");
    assert_eq!(
        envelope["data"]["failures"],
        serde_json::json!([
            "NOT SIGNED OFF: agent-alpha — has not signed off (`parley sign-off DIR agent-alpha`)",
            "NOT SIGNED OFF: agent-beta — has not signed off (`parley sign-off DIR agent-beta`)"
        ])
    );
    assert_eq!(
        neg.turn(),
        "agent-alpha",
        "a refused finish changes nothing"
    );

    // --no-sign-off: an `off` line, and finish needs none.
    let off = Neg::empty();
    off.ok(&["init", "{dir}", "2", "--no-sign-off"]);
    assert!(off.read("meta.md").contains("- **sign_off:** off\n"));
    assert_eq!(
        code(&off.run(&["init", "{dir}-2", "2", "--sign-off", "--no-sign-off"])),
        64
    );

    // Through the links: the old scripts' meta.md, no sign-off line, same bytes as
    // `--no-sign-off` minus that line (and minus the duplicate proposals' setting, also new).
    let linked = Neg::empty();
    let scripts = scripts(linked.tmp.path());
    for link in ["init.sh", "init", "parley-init"] {
        let dir = linked.tmp.path().join(format!("neg-{link}"));
        let mut command = isolated(scripts.join(if link == "parley-init" { "init" } else { link }));
        if link == "parley-init" {
            // `parley-init` is the same applet; the links directory names it `init`.
            std::os::unix::fs::symlink(bin(), linked.tmp.path().join("parley-init")).unwrap();
            command = isolated(linked.tmp.path().join("parley-init"));
        }
        let output = command
            .env("PARLEY_NOW", NOW)
            .arg(&dir)
            .arg("2")
            .output()
            .unwrap();
        assert_eq!(code(&output), 0, "{link}: {}", stderr(&output));
        let meta = std::fs::read_to_string(dir.join("meta.md")).unwrap();
        assert!(!meta.contains("sign_off"), "{link}: {meta}");
        assert_eq!(
            meta,
            off.read("meta.md")
                .replace("- **sign_off:** off\n", "")
                .replace("- **duplicate_proposals:** entry\n", ""),
            "{link}"
        );
    }
}

#[test]
fn a_link_made_negotiation_finishes_without_sign_offs() {
    let neg = Neg::empty();
    init_by_link(&neg);
    neg.register_two_with_drafts();
    neg.make_finishable();
    neg.ok(&["finish", "{dir}"]);
    assert_eq!(neg.turn(), "done");
}

#[test]
fn a_change_of_the_audit_final_a_decision_a_new_issue_or_a_reopen_voids_the_sign_offs() {
    let neg = finishable();
    let owed = |neg: &Neg| -> Value {
        let status = json(&neg.run(&["status", "{dir}", "--json"]));
        status["data"]["sign_offs"].clone()
    };
    // The audit rewritten by hand.
    neg.ok(&["sign-off", "{dir}", "agent-beta"]);
    assert_eq!(owed(&neg)["given"][0]["agent"], "agent-beta");
    neg.write(
        "coverage-audit.md",
        "# Coverage Audit\n\n- all: INCLUDED, revised\n",
    );
    let sign_offs = owed(&neg);
    assert_eq!(sign_offs["given"], serde_json::json!([]));
    assert_eq!(sign_offs["voided"][0]["agent"], "agent-beta");
    assert_eq!(
        sign_offs["voided"][0]["change"],
        "coverage-audit.md changed by hand"
    );
    assert_eq!(
        sign_offs["owed"],
        serde_json::json!(["agent-alpha", "agent-beta"])
    );
    let human = neg.ok(&["status", "{dir}"]);
    assert!(
        human.contains(
            "agent-beta's sign-off (2026-02-18T10:00:00Z) voided: coverage-audit.md changed by hand"
        ),
        "{human}"
    );

    // final.md through `final` (alpha holds the turn): voided, with who and when.
    neg.ok(&["sign-off", "{dir}", "agent-beta"]);
    neg.ok(&[
        "final",
        "{dir}",
        "agent-alpha",
        "--body",
        "# Final\n\nThe decision, reworded.",
    ]);
    let sign_offs = owed(&neg);
    assert_eq!(sign_offs["voided"][0]["by"], "agent-alpha");
    assert_eq!(
        sign_offs["voided"][0]["change"],
        "final by agent-alpha: final.md"
    );

    // A decision changed: a reopen (then the issue is OPEN again).
    neg.ok(&["sign-off", "{dir}", "agent-beta"]);
    neg.ok(&[
        "reopen",
        "{dir}",
        "agent-alpha",
        "1",
        "--reason",
        "The decision misses the fallback.",
    ]);
    let sign_offs = owed(&neg);
    assert!(
        sign_offs["voided"][0]["change"]
            .as_str()
            .unwrap()
            .starts_with("reopen by agent-alpha: positions/01-topic-0.md"),
        "{sign_offs}"
    );
    // agent-beta is told on its turn, in its changes.
    neg.ok(&["hand-off", "{dir}", "agent-alpha"]);
    let changes = json(&neg.run(&["changes", "{dir}", "agent-beta", "--json"]));
    let voided = &changes["data"]["changes"]["voided_sign_offs"];
    assert_eq!(voided[0]["agent"], "agent-beta", "{changes}");
    let text = neg.ok(&["changes", "{dir}", "agent-beta"]);
    assert!(
        text.contains("  sign-off voided: agent-beta's sign-off (2026-02-18T10:00:00Z) voided: reopen by agent-alpha"),
        "{text}"
    );

    // The same in the "your turn" list of poll (stderr).
    let polled = neg.run(&["poll", "{dir}", "agent-beta"]);
    assert_eq!(code(&polled), 0);
    assert!(
        stderr(&polled).contains("  sign-off voided: agent-beta's sign-off"),
        "{}",
        stderr(&polled)
    );

    // A new issue.
    let neg = finishable();
    neg.ok(&["sign-off", "{dir}", "agent-beta"]);
    neg.ok(&["new-issue", "{dir}", "late-question"]);
    let sign_offs = owed(&neg);
    assert!(
        sign_offs["voided"][0]["change"]
            .as_str()
            .unwrap()
            .starts_with("new-issue by "),
        "{sign_offs}"
    );
    // An unchanged rewrite of final.md voids nothing.
    let neg = finishable();
    neg.ok(&["sign-off", "{dir}", "agent-beta"]);
    neg.write("final.md", "# Final\n\nThe decision.\n");
    assert_eq!(owed(&neg)["given"][0]["agent"], "agent-beta");
}

#[test]
fn finish_with_agent_signs_off_and_the_finished_answer_says_who_when_and_how() {
    let neg = finishable();
    neg.ok(&["sign-off", "{dir}", "agent-beta"]);
    // A refused finish records no sign-off.
    let (exit, _) = failures(&neg, &["finish", "{dir}"]);
    assert_eq!(exit, 1);
    let out = neg.ok(&["finish", "{dir}", "--agent", "agent-alpha"]);
    assert!(out.contains("Negotiation complete."), "{out}");
    let log = neg.read(".parley/log.jsonl");
    assert!(
        log.contains(r#""agent":"agent-alpha","command":"finish","event":"sign-off""#),
        "{log}"
    );

    // poll and wait: exit 2, `done` on stdout, how it ended on stderr and in data.
    for answer in ["poll", "wait"] {
        let output = neg.run(&[answer, "{dir}", "agent-beta"]);
        assert_eq!(code(&output), 2);
        assert_eq!(stdout(&output), "done\n");
        let dir = neg.dir.canonicalize().unwrap();
        assert!(
            stderr(&output).contains(&format!(
                "Finished by agent-alpha at 2026-02-18T10:00:00Z: 2 agreed, 0 escalated (2 issues). Final document: {}/final.md",
                dir.display()
            )),
            "{}",
            stderr(&output)
        );
        let (exit, envelope) = failures(&neg, &[answer, "{dir}", "agent-beta"]);
        assert_eq!(exit, 2);
        assert_eq!(envelope["error"]["code"], "FINISHED");
        let data = &envelope["data"];
        assert_eq!(data["answer"], "done");
        assert_eq!(data["finished_by"], "agent-alpha");
        assert_eq!(data["finished_at"], NOW);
        assert_eq!(data["agreed"], 2);
        assert_eq!(data["escalated"], 0);
        assert_eq!(data["issues"], 2);
        assert!(data["final"].as_str().unwrap().ends_with("/final.md"));
    }
    // A refused change: the same in data and in the message.
    let (exit, envelope) = failures(&neg, &["hand-off", "{dir}", "agent-beta"]);
    assert_eq!(exit, 2);
    assert_eq!(envelope["ok"], false);
    assert_eq!(envelope["error"]["code"], "FINISHED");
    assert_eq!(envelope["data"]["finished_by"], "agent-alpha");
    assert_eq!(envelope["data"]["agreed"], 2);
    assert!(
        envelope["error"]["message"]
            .as_str()
            .unwrap()
            .contains("Finished by agent-alpha"),
        "{envelope}"
    );
    let output = neg.run(&["position", "{dir}", "agent-beta", "1", "--body", "Late."]);
    assert_eq!(code(&output), 2);
    assert!(stderr(&output).contains("Finished by agent-alpha"));

    // A note still works, and the changes list the sign-off and the finish.
    neg.ok(&["note", "{dir}", "agent-beta", "--body", "Thanks, all good."]);
    let text = neg.ok(&["changes", "{dir}", "agent-beta"]);
    assert!(
        text.contains("  sign-off: agent-alpha signed off by finishing (2026-02-18T10:00:00Z)"),
        "{text}"
    );
    assert!(
        text.contains("  finish: by agent-alpha (2026-02-18T10:00:00Z)"),
        "{text}"
    );
    let alpha = neg.ok(&["changes", "{dir}", "agent-alpha"]);
    assert!(
        alpha.contains("note: agent-beta's note 1 (2026-02-18T10:00:00Z): Thanks, all good."),
        "{alpha}"
    );
}

#[test]
fn an_agent_skipped_for_its_timeout_since_the_last_change_is_not_waited_for() {
    let neg = finishable();
    neg.ok(&["sign-off", "{dir}", "agent-alpha"]);
    neg.ok(&["hand-off", "{dir}", "agent-alpha"]);
    // agent-beta never answers: refused until the rules skip it.
    let (exit, envelope) = failures(&neg, &["finish", "{dir}", "--agent", "agent-alpha"]);
    assert_eq!(exit, 1, "{envelope}");
    let late = at(601);
    let output = neg.run_at(&late, &["poll", "{dir}", "agent-alpha"]);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    assert!(stdout(&output).contains("Skipped agent-beta"));
    let status = json(&neg.run_at(&late, &["status", "{dir}", "--json"]));
    assert_eq!(
        status["data"]["sign_offs"]["excused"],
        serde_json::json!(["agent-beta"])
    );
    assert_eq!(status["data"]["sign_offs"]["owed"], serde_json::json!([]));
    let output = neg.run_at(&late, &["finish", "{dir}", "--agent", "agent-alpha"]);
    assert_eq!(code(&output), 0, "{}", stdout(&output));

    // A skip before the last change does not excuse: the change restarts the count.
    let neg = finishable();
    neg.ok(&["hand-off", "{dir}", "agent-alpha"]);
    let late = at(601);
    assert_eq!(
        code(&neg.run_at(&late, &["poll", "{dir}", "agent-alpha"])),
        0
    );
    neg.run_at(&late, &["new-issue", "{dir}", "late-question"]);
    let status = json(&neg.run_at(&late, &["status", "{dir}", "--json"]));
    assert_eq!(
        status["data"]["sign_offs"]["excused"],
        serde_json::json!([]),
        "{status}"
    );
}

#[test]
fn a_long_note_is_cut_with_the_command_that_reads_it_whole() {
    let neg = Neg::in_positions(2);
    let long = "word ".repeat(200);
    neg.ok(&["note", "{dir}", "agent-beta", "--body", &long]);
    neg.ok(&[
        "note",
        "{dir}",
        "agent-beta",
        "--body",
        "Short.\nTwo lines.",
    ]);
    let text = neg.ok(&["changes", "{dir}", "agent-alpha"]);
    let dir = neg.dir.canonicalize().unwrap();
    assert!(
        text.contains(&format!(
            "    … read it whole: parley show {} agent-alpha --file notes.md",
            dir.display()
        )),
        "{text}"
    );
    assert!(text.contains("cut at 600 of 999 characters"), "{text}");
    assert!(
        text.contains(
            "  note: agent-beta's note 2 (2026-02-18T10:00:00Z): Short.\n    Two lines.\n"
        ),
        "{text}"
    );
}

#[test]
fn the_demo_shows_a_sign_off_before_the_finish() {
    let (tmp, all) = demo_transcript();
    let signed = all
        .find("signs off final.md, the audit and every decision")
        .unwrap_or_else(|| panic!("no sign-off in the transcript:\n{all}"));
    let finished = all
        .find("parley finish DIR/negotiation --agent")
        .unwrap_or_else(|| panic!("no finish --agent in the transcript:\n{all}"));
    assert!(signed < finished, "{all}");
    let meta = std::fs::read_to_string(tmp.path().join("d/negotiation/meta.md")).unwrap();
    assert!(meta.contains("- **sign_off:** required\n"), "{meta}");
}
