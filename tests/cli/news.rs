//! Issue 15, the negotiation as agents use it: what changed while an agent waited, the first
//! turn's clock, duplicates settled in one exchange, who may agree, `finish --check`, the
//! sign-off, notes, reopening an agreement, attribution.

use serde_json::Value;

use crate::support::*;

fn json(output: &std::process::Output) -> Value {
    serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|e| panic!("not JSON ({e}): {}", stdout(output)))
}

/// Every file of the negotiation but the lock's label, which every writer rewrites even
/// when it then refuses: "changes nothing" is about the negotiation.
fn files(neg: &Neg) -> Vec<(std::path::PathBuf, Vec<u8>)> {
    let mut all = snapshot(&neg.dir);
    all.retain(|(path, _)| !path.ends_with(".parley/lock"));
    all
}

/// The agent of the last logged event of `command`.
fn logged_agent(neg: &Neg, command: &str) -> Value {
    let (_, log) = run_json(neg, &["log", "{dir}"]);
    log["data"]["events"]
        .as_array()
        .unwrap()
        .iter()
        .rev()
        .find(|e| e["command"] == command)
        .map(|e| e["agent"].clone())
        .unwrap_or(Value::Null)
}

fn run_json(neg: &Neg, args: &[&str]) -> (i32, Value) {
    let mut all = vec!["--json"];
    all.extend_from_slice(args);
    let output = neg.run(&all);
    (code(&output), json(&output))
}

/// In the positions phase with 01-topic-0 and 02-topic-1; agent-alpha wrote a position on 1
/// and handed off; agent-beta challenged it, wrote its own and handed off: the turn is
/// agent-alpha's again.
fn argued() -> Neg {
    let neg = Neg::in_positions(2);
    neg.ok(&[
        "position",
        "{dir}",
        "agent-alpha",
        "1",
        "--body",
        "Use Redis.",
    ]);
    neg.ok(&["hand-off", "{dir}", "agent-alpha"]);
    neg.ok(&[
        "challenge",
        "{dir}",
        "agent-beta",
        "1",
        "--body",
        "Redis is one more service.",
    ]);
    neg.ok(&[
        "position",
        "{dir}",
        "agent-beta",
        "1",
        "--body",
        "An in-process cache.",
    ]);
    neg.ok(&["hand-off", "{dir}", "agent-beta"]);
    neg
}

// ---------------------------------------------------------------------------------------------
// 3. What changed while an agent waited.
// ---------------------------------------------------------------------------------------------

#[test]
fn your_turn_lists_the_others_moves_since_the_last_hand_off_and_stdout_stays_the_old_line() {
    let neg = argued();
    let output = neg.run(&["poll", "{dir}", "agent-alpha"]);
    assert_eq!(code(&output), 0);
    assert_eq!(
        stdout(&output),
        "your-turn\n",
        "the old scripts' line stays alone"
    );
    let err = stderr(&output);
    assert!(
        err.contains("Changes since your last hand-off (2026-02-18T10:00:00Z): 2"),
        "{err}"
    );
    assert!(
        err.contains("new entry: 01-topic-0.md — agent-beta's challenge (round 1)"),
        "{err}"
    );
    assert!(
        err.contains("new entry: 01-topic-0.md — agent-beta's position (round 1)"),
        "{err}"
    );
    assert!(
        !err.contains("agent-alpha's position"),
        "its own entries are not news: {err}"
    );

    let (exit, envelope) = run_json(&neg, &["poll", "{dir}", "agent-alpha"]);
    assert_eq!(exit, 0);
    let changes = &envelope["data"]["changes"];
    assert_eq!(changes["entries"].as_array().unwrap().len(), 2, "{changes}");
    assert_eq!(changes["entries"][0]["agent"], "agent-beta");
    assert_eq!(changes["entries"][0]["kind"], "challenge");
    assert_eq!(changes["entries"][0]["round"], 1);
    assert_eq!(envelope["data"]["turn_seconds_left"], 600);

    // `changes` says the same, as often as asked: nothing is marked as seen.
    let (first, second) = (
        run_json(&neg, &["changes", "{dir}", "agent-alpha"]),
        run_json(&neg, &["changes", "{dir}", "agent-alpha"]),
    );
    assert_eq!(first.0, 0);
    assert_eq!(first.1["data"]["changes"], second.1["data"]["changes"]);
    assert_eq!(first.1["data"]["changes"], *changes);

    // Its own moves during the turn do not show; the others' status change does.
    neg.ok(&[
        "agree",
        "{dir}",
        "agent-alpha",
        "1",
        "--decision",
        "In-process cache.",
    ]);
    let (_, after) = run_json(&neg, &["changes", "{dir}", "agent-alpha"]);
    assert_eq!(after["data"]["changes"]["statuses"], Value::Array(vec![]));
    neg.ok(&["hand-off", "{dir}", "agent-alpha"]);
    let (_, beta) = run_json(&neg, &["changes", "{dir}", "agent-beta"]);
    let statuses = &beta["data"]["changes"]["statuses"];
    assert_eq!(statuses[0]["file"], "01-topic-0.md", "{beta}");
    assert_eq!(statuses[0]["before"], "OPEN");
    assert_eq!(statuses[0]["after"], "AGREED");
    assert_eq!(statuses[0]["by"], "agent-alpha");
}

#[test]
fn after_the_merge_every_issue_is_new_and_a_new_issue_is_listed() {
    let neg = Neg::in_positions(2);
    let (_, envelope) = run_json(&neg, &["changes", "{dir}", "agent-alpha"]);
    let issues = &envelope["data"]["changes"]["issues"];
    assert_eq!(issues.as_array().unwrap().len(), 2, "{envelope}");
    neg.ok(&["hand-off", "{dir}", "agent-alpha"]);
    neg.ok(&[
        "new-issue",
        "{dir}",
        "late-question",
        "--title",
        "A late question",
    ]);
    let (_, alpha) = run_json(&neg, &["changes", "{dir}", "agent-alpha"]);
    let issues = &alpha["data"]["changes"]["issues"];
    assert_eq!(issues.as_array().unwrap().len(), 1, "{alpha}");
    assert_eq!(issues[0]["file"], "03-late-question.md");
    assert_eq!(issues[0]["title"], "A late question");
    let output = neg.run(&["changes", "{dir}", "agent-alpha"]);
    assert!(stdout(&output).contains("new issue: 03-late-question.md — A late question"));
}

#[test]
fn changes_needs_a_registered_agent_and_changes_nothing() {
    let neg = argued();
    let before = files(&neg);
    let output = neg.run(&["changes", "{dir}", "agent-omega"]);
    assert_eq!(code(&output), 4, "{}", stderr(&output));
    assert_eq!(code(&neg.run(&["changes", "{dir}", "Not A Name"])), 65);
    neg.ok(&["changes", "{dir}", "agent-beta"]);
    assert!(files(&neg) == before, "something changed");
}

// ---------------------------------------------------------------------------------------------
// 1. The first turn's clock.
// ---------------------------------------------------------------------------------------------

#[test]
fn the_first_turn_clock_restarts_when_its_holder_learns_of_it() {
    let neg = Neg::init(2);
    neg.ok(&["register", "{dir}", "agent-alpha"]);
    neg.ok(&["register", "{dir}", "agent-beta"]);
    // agent-beta's wait-for-start gives the first turn at NOW; agent-alpha learns at +300.
    neg.ok(&["wait-for-start", "{dir}", "agent-beta"]);
    let output = neg.run_at(
        &at(300),
        &["--json", "wait-for-start", "{dir}", "agent-alpha"],
    );
    assert_eq!(code(&output), 0);
    let envelope = json(&output);
    assert_eq!(envelope["data"]["turn_seconds_left"], 600, "{envelope}");
    assert_eq!(neg.read(".turn-started"), "agent-alpha\n1771408800\n");
    let human = neg.run_at(&at(310), &["wait-for-start", "{dir}", "agent-alpha"]);
    // Each wait-for-start of the holder counts, like its poll.
    assert!(
        stderr(&human).contains("You hold the turn: 600s"),
        "{}",
        stderr(&human)
    );

    // One timeout after the turn was given is no longer enough to skip it ...
    let early = neg.run_at(&at(901), &["poll", "{dir}", "agent-beta"]);
    assert_eq!(code(&early), 1, "{}", stdout(&early));
    assert_eq!(neg.turn(), "agent-alpha");
    // ... one timeout after it learned of it is.
    let late = neg.run_at(&at(911), &["poll", "{dir}", "agent-beta"]);
    assert_eq!(code(&late), 0, "{}", stdout(&late));
    assert!(stdout(&late).contains("Skipped agent-alpha, turn passed to agent-beta"));
}

#[test]
fn a_first_holder_that_never_calls_is_skipped_one_timeout_after_the_turn_was_given() {
    let neg = Neg::init(2);
    neg.ok(&["register", "{dir}", "agent-alpha"]);
    neg.ok(&["register", "{dir}", "agent-beta"]);
    neg.ok(&["wait-for-start", "{dir}", "agent-beta"]);
    let output = neg.run_at(&at(601), &["--json", "poll", "{dir}", "agent-beta"]);
    assert_eq!(code(&output), 0);
    let envelope = json(&output);
    assert_eq!(envelope["data"]["skipped"], true);
    assert_eq!(envelope["data"]["turn_seconds_left"], 600);
}

// ---------------------------------------------------------------------------------------------
// 2. Duplicates.
// ---------------------------------------------------------------------------------------------

/// Two agents who filed the same question twice (same topic) and once more (same title).
fn with_duplicates() -> Neg {
    let neg = Neg::started(2);
    neg.ok(&[
        "file-draft-issue",
        "{dir}",
        "agent-alpha",
        "cache-location",
        "--title",
        "Where to cache",
    ]);
    neg.ok(&[
        "file-draft-issue",
        "{dir}",
        "agent-alpha",
        "limits",
        "--title",
        "Rate limits: per user?",
    ]);
    neg.ok(&["end-analysis", "{dir}", "agent-alpha"]);
    neg.ok(&[
        "file-draft-issue",
        "{dir}",
        "agent-beta",
        "cache-location",
        "--title",
        "Cache placement",
    ]);
    neg.ok(&[
        "file-draft-issue",
        "{dir}",
        "agent-beta",
        "per-user",
        "--title",
        "rate LIMITS per user",
    ]);
    let merged = neg.ok(&["end-analysis", "{dir}", "agent-beta"]);
    assert!(
        merged.contains(
            "Merged 4 issues total.\nLikely duplicate: 02-cache-location.md of 01-cache-location.md (same topic; shared terms: cach, locat)\nLikely duplicate: 04-per-user.md of 03-limits.md (shared terms: limit, user, rat)\nAny agent may propose these on its turn"
        ),
        "{merged}"
    );
    neg
}

#[test]
fn the_merge_and_status_report_likely_duplicates() {
    let neg = with_duplicates();
    let status = neg.ok(&["status", "{dir}"]);
    assert!(
        status.contains(
            "Likely duplicate: 02-cache-location.md of 01-cache-location.md (same topic; shared terms: cach, locat)"
        )
    );
    let (_, envelope) = run_json(&neg, &["status", "{dir}"]);
    assert_eq!(envelope["data"]["duplicates"][1]["file"], "04-per-user.md");
    assert_eq!(envelope["data"]["duplicates"][1]["of"], "03-limits.md");
    // Template placeholders never match each other.
    let plain = Neg::in_positions(2);
    assert!(!plain.ok(&["status", "{dir}"]).contains("Likely duplicate"));
}

#[test]
fn a_duplicate_is_settled_in_one_exchange_and_finish_accepts_it() {
    let neg = with_duplicates();
    let proposed = neg.ok(&["duplicate", "{dir}", "agent-alpha", "2", "--of", "1"]);
    assert!(
        proposed.contains(
            "Appended agent-alpha's duplicate proposal to positions/02-cache-location.md"
        )
    );
    let file = neg.read("positions/02-cache-location.md");
    // Its own entry: neither a challenge nor a round (issue 32).
    assert!(
        file.contains("## agent-alpha's duplicate proposal\nDuplicate of 01-cache-location.md.\n"),
        "{file}"
    );
    // The proposer cannot agree its own proposal, even on a later turn.
    let own = neg.run(&["agree", "{dir}", "agent-alpha", "2"]);
    assert_eq!(code(&own), 4);
    assert!(stderr(&own).contains("SELF_CHALLENGE_ONLY") || stderr(&own).contains("own"));
    neg.ok(&["hand-off", "{dir}", "agent-alpha"]);

    let before = files(&neg);
    let (exit, check) = run_json(&neg, &["agree", "{dir}", "agent-beta", "2", "--check"]);
    assert_eq!(exit, 0, "{check}");
    assert_eq!(
        check["data"]["decision"],
        "Duplicate of 01-cache-location.md"
    );
    assert!(files(&neg) == before, "agree --check changes nothing");

    let agreed = neg.ok(&["agree", "{dir}", "agent-beta", "2"]);
    assert!(agreed.contains("Status of positions/02-cache-location.md: AGREED"));
    assert!(
        neg.read("positions/02-cache-location.md")
            .contains("## Status: AGREED\nDuplicate of 01-cache-location.md\n")
    );

    // The other issues agreed by hand, the audit and the final document: finish passes, and
    // so does the old script's name.
    for file in ["01-cache-location.md", "03-limits.md", "04-per-user.md"] {
        neg.positions(
            file,
            &[
                ("agent-alpha", "position", 1),
                ("agent-beta", "position", 1),
                ("agent-alpha", "challenge", 1),
            ],
            "AGREED",
        );
    }
    neg.write("coverage-audit.md", "# Coverage Audit\n\n- all: INCLUDED\n");
    neg.write("final.md", "# Final\n\nThe decision.\n");
    let (exit, ready) = run_json(&neg, &["finish", "{dir}", "--check"]);
    assert_eq!(exit, 0, "{ready}");
    let scripts = scripts(neg.tmp.path());
    let output = parley_std()
        .arg0_finish(&scripts)
        .arg(&neg.dir)
        .output()
        .unwrap();
    assert_eq!(code(&output), 0, "{}{}", stdout(&output), stderr(&output));
    assert_eq!(neg.turn(), "done");
}

/// Runs the `finish.sh` link instead of `parley`.
trait Arg0 {
    fn arg0_finish(self, scripts: &std::path::Path) -> std::process::Command;
}

impl Arg0 for std::process::Command {
    fn arg0_finish(self, scripts: &std::path::Path) -> std::process::Command {
        let mut command = isolated(scripts.join("finish.sh"));
        command.env("PARLEY_NOW", NOW);
        command
    }
}

/// `status` with no OPEN issue keeps only the events it reads (`.parley/log-events.json`): a
/// proposal, an agreement by `agree`, a person's settlement and a sign-off each still count
/// as they do when the whole log is read.
#[test]
fn status_from_the_few_events_it_keeps_answers_as_from_the_whole_log() {
    let neg = with_duplicates();
    neg.ok(&["duplicate", "{dir}", "agent-alpha", "2", "--of", "1"]);
    neg.ok(&["hand-off", "{dir}", "agent-alpha"]);
    neg.ok(&["agree", "{dir}", "agent-beta", "2"]);
    let argued = [
        ("agent-alpha", "position", 1),
        ("agent-beta", "position", 1),
        ("agent-alpha", "challenge", 1),
    ];
    neg.positions("01-cache-location.md", &argued, "AGREED");
    neg.positions("03-limits.md", &argued, "ESCALATE");
    neg.positions("04-per-user.md", &argued, "AGREED");
    neg.ok(&[
        "resolve",
        "{dir}",
        "3",
        "--decision",
        "Per user.",
        "--by",
        "Ada Lovelace",
    ]);
    neg.write(
        "meta.md",
        &neg.read("meta.md")
            .replace("- **sign_off:** off\n", "- **sign_off:** required\n"),
    );
    neg.write("coverage-audit.md", "# Coverage Audit\n\n- all: INCLUDED\n");
    neg.write("final.md", "# Final\n\nThe decision.\n");
    neg.ok(&["sign-off", "{dir}", "agent-beta"]);

    neg.ok(&["status", "{dir}", "--json"]);
    let kept: Value = serde_json::from_str(&neg.read(".parley/log-events.json")).unwrap();
    let kinds: Vec<(&str, &str)> = kept["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e["command"].as_str().unwrap(), e["event"].as_str().unwrap()))
        .collect();
    assert_eq!(
        kinds,
        [
            // The merge: a change the sign-off rule reads (it voids earlier sign-offs).
            ("end-analysis", "merge"),
            ("duplicate", "entry"),
            ("agree", "status"),
            ("resolve", "resolve"),
            ("sign-off", "sign-off")
        ]
    );
    // A turn logged since: parsed from the log, then the events kept; the same answer as
    // without the file (the log read from its start, the same events kept).
    let holder = neg.turn();
    neg.ok(&["hand-off", "{dir}", &holder]);
    let (_, from_kept) = run_json(&neg, &["status", "{dir}"]);
    std::fs::remove_file(neg.path(".parley/log-events.json")).unwrap();
    let (_, again) = run_json(&neg, &["status", "{dir}"]);
    assert_eq!(from_kept, again);
    let kept = &from_kept["data"];
    assert_eq!(kept["issues"][2]["resolved_by"], "Ada Lovelace", "{kept}");
    assert_eq!(
        kept["agreed_by"]["positions/02-cache-location.md"],
        "agent-beta"
    );
    let blockers = |data: &Value| -> Vec<String> {
        (data["finish_blockers"].as_array().unwrap().iter())
            .map(|b| b.as_str().unwrap().to_owned())
            .filter(|b| !b.contains("05-open-question"))
            .collect()
    };
    let kept_blockers = blockers(kept);
    let listed = format!("{kept_blockers:?}");
    assert!(listed.contains("NOT SIGNED OFF: agent-alpha"), "{listed}");
    assert!(!listed.contains("NOT SIGNED OFF: agent-beta"), "{listed}");

    // An OPEN issue makes `status` read every event of the log: the four issues, who agreed
    // and what blocks `finish` (but the new issue) are as the events kept said.
    neg.ok(&["new-issue", "{dir}", "open-question"]);
    neg.positions("05-open-question.md", &argued[..1], "OPEN");
    let (_, whole) = run_json(&neg, &["status", "{dir}"]);
    let whole = &whole["data"];
    assert_eq!(whole["open_issues"].as_array().unwrap().len(), 1, "{whole}");
    let four = |data: &Value| data["issues"].as_array().unwrap()[..4].to_vec();
    assert_eq!(four(whole), four(kept));
    assert_eq!(whole["agreed_by"], kept["agreed_by"]);
    assert_eq!(blockers(whole), kept_blockers);
}

#[test]
fn agreeing_to_a_duplicate_follows_the_challenge_rules_and_needs_a_proposal() {
    let neg = with_duplicates();
    // No proposal and no decision: a usage error, nothing written.
    neg.ok(&["position", "{dir}", "agent-alpha", "1", "--body", "Here."]);
    let before = files(&neg);
    let output = neg.run(&["agree", "{dir}", "agent-alpha", "1"]);
    assert_eq!(code(&output), 64, "{}", stderr(&output));
    assert!(stderr(&output).contains("no duplicate proposal"));
    // Not of itself, not of an issue that does not exist.
    assert_eq!(
        code(&neg.run(&["duplicate", "{dir}", "agent-alpha", "2", "--of", "2"])),
        65
    );
    assert_eq!(
        code(&neg.run(&["duplicate", "{dir}", "agent-alpha", "2", "--of", "9"])),
        66
    );
    // Not off turn.
    assert_eq!(
        code(&neg.run(&["duplicate", "{dir}", "agent-beta", "2", "--of", "1"])),
        4
    );
    assert!(files(&neg) == before, "something changed");
}

// ---------------------------------------------------------------------------------------------
// 7. Who may agree, and agree --check.
// ---------------------------------------------------------------------------------------------

#[test]
fn status_shows_rounds_challengers_and_who_may_agree() {
    let neg = argued();
    let status = neg.ok(&["status", "{dir}"]);
    assert!(
        status.contains(
            "      round 1; challenged by agent-beta (round 1, 2026-02-18T10:00:00Z); may agree on their turn: agent-alpha"
        ),
        "{status}"
    );
    let (_, envelope) = run_json(&neg, &["status", "{dir}"]);
    let open = &envelope["data"]["open_issues"][0];
    assert_eq!(open["file"], "01-topic-0.md");
    assert_eq!(open["may_agree"], serde_json::json!(["agent-alpha"]));
    assert_eq!(open["challenges"][0]["agent"], "agent-beta");
}

#[test]
fn agree_check_answers_as_agree_would_and_changes_nothing_not_even_the_clock() {
    let neg = argued();
    let before = files(&neg);
    let ok = neg.run_at(
        &at(30),
        &[
            "agree",
            "{dir}",
            "agent-alpha",
            "1",
            "--check",
            "--decision",
            "x",
        ],
    );
    assert_eq!(code(&ok), 0, "{}", stderr(&ok));
    assert!(files(&neg) == before, "something changed");
    // Refused with agree's own code and message.
    let refused_check = neg.run(&["--json", "agree", "{dir}", "agent-alpha", "2", "--check"]);
    let refused = neg.run(&[
        "--json",
        "agree",
        "{dir}",
        "agent-alpha",
        "2",
        "--decision",
        "x",
    ]);
    assert_eq!(code(&refused_check), code(&refused));
    assert_eq!(json(&refused_check)["error"], json(&refused)["error"]);
    assert!(files(&neg) == before, "something changed");
}

// ---------------------------------------------------------------------------------------------
// 4. finish --check, what blocks finish, the sign-off.
// ---------------------------------------------------------------------------------------------

#[test]
fn finish_check_reports_exactly_as_finish_and_changes_nothing() {
    let neg = Neg::in_positions(2);
    let before = files(&neg);
    let check = neg.run(&["finish", "{dir}", "--check"]);
    assert!(files(&neg) == before, "finish --check changed something");
    let real = neg.run(&["finish", "{dir}"]);
    assert_eq!(code(&check), 1);
    assert_eq!(stdout(&check), stdout(&real));
    let status = neg.ok(&["status", "{dir}"]);
    assert!(status.contains("What still blocks finish ("), "{status}");
    assert!(status.contains("  NO POSITIONS: 01-topic-0.md"), "{status}");

    neg.make_finishable();
    let ready = neg.run(&["finish", "{dir}", "--check"]);
    assert_eq!(code(&ready), 0, "{}", stdout(&ready));
    assert!(stdout(&ready).contains("Ready to finish"));
    assert_eq!(neg.turn(), "agent-alpha");
    neg.ok(&["finish", "{dir}", "--agent", "agent-alpha"]);
    let status = neg.ok(&["status", "{dir}"]);
    assert!(!status.contains("Ready for final document"), "{status}");
    assert!(!status.contains("What still blocks finish"), "{status}");
    assert_eq!(logged_agent(&neg, "finish"), "agent-alpha");
    // A finished negotiation: --check answers 2 like finish.
    assert_eq!(code(&neg.run(&["finish", "{dir}", "--check"])), 2);
}

#[test]
fn with_sign_off_finish_needs_every_other_agent_after_the_last_edit() {
    let neg = Neg::empty();
    neg.ok(&["init", "{dir}", "2", "--sign-off"]);
    assert!(neg.read("meta.md").contains("- **sign_off:** required\n"));
    neg.register_two_with_drafts();
    neg.make_finishable();
    // Before final.md exists nobody can sign off (tested on a copy-free order: remove it).
    std::fs::remove_file(neg.path("final.md")).unwrap();
    assert_eq!(code(&neg.run(&["sign-off", "{dir}", "agent-beta"])), 4);
    neg.write("final.md", "# Final\n\nThe decision.\n");

    let refused = neg.run(&["finish", "{dir}", "--agent", "agent-alpha"]);
    assert_eq!(code(&refused), 1);
    assert!(stdout(&refused).contains("NOT SIGNED OFF: agent-beta — has not signed off"));
    assert!(!stdout(&refused).contains("NOT SIGNED OFF: agent-alpha"));
    neg.ok(&["sign-off", "{dir}", "agent-beta"]);
    // An edit voids it.
    neg.write("final.md", "# Final\n\nThe decision, revised.\n");
    let voided = neg.run(&["finish", "{dir}", "--agent", "agent-alpha"]);
    assert!(stdout(&voided).contains(
        "NOT SIGNED OFF: agent-beta — its sign-off was voided (final.md changed by hand)"
    ));
    neg.ok(&["sign-off", "{dir}", "agent-beta"]);
    // Without --agent nobody is excused.
    let output = neg.run(&["finish", "{dir}"]);
    assert!(stdout(&output).contains("NOT SIGNED OFF: agent-alpha"));
    neg.ok(&["finish", "{dir}", "--agent", "agent-alpha"]);
    assert_eq!(neg.turn(), "done");
    assert_eq!(code(&neg.run(&["sign-off", "{dir}", "agent-beta"])), 2);
}

// ---------------------------------------------------------------------------------------------
// 5. Notes.
// ---------------------------------------------------------------------------------------------

#[test]
fn a_note_by_any_agent_shows_in_the_others_changes_and_is_append_only() {
    let neg = Neg::in_positions(2);
    neg.ok(&["hand-off", "{dir}", "agent-alpha"]);
    // agent-alpha, off turn, leaves a note.
    let out = neg.ok(&[
        "note",
        "{dir}",
        "agent-alpha",
        "--body",
        "I will be brief on 02.",
    ]);
    assert_eq!(out, "Appended agent-alpha's note 1 to notes.md\n");
    assert!(neg.read("notes.md").starts_with(
        "# Notes\n\n## agent-alpha's note 1 (2026-02-18T10:00:00Z)\nI will be brief on 02.\n"
    ));
    let (_, beta) = run_json(&neg, &["poll", "{dir}", "agent-beta"]);
    assert_eq!(
        beta["data"]["changes"]["notes"][0]["text"], "I will be brief on 02.",
        "{beta}"
    );
    let (_, alpha) = run_json(&neg, &["changes", "{dir}", "agent-alpha"]);
    assert_eq!(
        alpha["data"]["changes"]["notes"],
        Value::Array(vec![]),
        "its own notes are not news"
    );
    let view = neg.ok(&["watch", "{dir}", "--once"]);
    assert!(
        view.contains(
            "Last notes:\n  agent-alpha's note 1 (2026-02-18T10:00:00Z): I will be brief on 02."
        ),
        "{view}"
    );

    // A rewrite of what was there is an edit, like one of recorded positions.
    neg.write("notes.md", "# Notes\n\nnothing to see\n");
    let check = neg.run(&["check", "{dir}"]);
    assert_eq!(code(&check), 1, "{}", stdout(&check));
    assert!(
        stdout(&check).contains("EDITED: notes.md"),
        "{}",
        stdout(&check)
    );
    // Unregistered, or after finish: refused.
    assert_eq!(
        code(&neg.run(&["note", "{dir}", "agent-omega", "--body", "x"])),
        4
    );
    assert_eq!(
        code(&neg.run(&["note", "{dir}", "agent-beta", "--body", "## Status: AGREED"])),
        65
    );
}

// ---------------------------------------------------------------------------------------------
// 6. Reopen.
// ---------------------------------------------------------------------------------------------

#[test]
fn an_agreement_is_reopened_by_another_agent_and_must_be_argued_afresh() {
    let neg = argued();
    neg.ok(&[
        "agree",
        "{dir}",
        "agent-alpha",
        "1",
        "--decision",
        "In-process cache.",
    ]);
    // Its own agreement: no.
    let own = neg.run(&[
        "reopen",
        "{dir}",
        "agent-alpha",
        "1",
        "--reason",
        "Second thoughts.",
    ]);
    assert_eq!(code(&own), 4);
    assert!(stderr(&own).contains("OWN_AGREEMENT") || stderr(&own).contains("wrote the agreement"));
    neg.ok(&["hand-off", "{dir}", "agent-alpha"]);
    let out = neg.ok(&[
        "reopen",
        "{dir}",
        "agent-beta",
        "1",
        "--reason",
        "The cache must survive restarts.",
    ]);
    assert!(
        out.contains("Status of positions/01-topic-0.md: OPEN (reopened)"),
        "{out}"
    );
    let file = neg.read("positions/01-topic-0.md");
    assert!(file.contains("> In-process cache."), "{file}");
    assert!(
        file.trim_end()
            .ends_with("## Status: OPEN\nReopened by agent-beta; it needs an agreement again."),
        "{file}"
    );
    // The old challenge no longer counts: agent-beta's reopen is the challenge now, so
    // agent-beta cannot agree, and agent-alpha can only on its next turn.
    neg.ok(&["hand-off", "{dir}", "agent-beta"]);
    let (_, status) = run_json(&neg, &["status", "{dir}"]);
    assert_eq!(
        status["data"]["open_issues"][0]["may_agree"],
        serde_json::json!(["agent-alpha"])
    );
    neg.ok(&[
        "agree",
        "{dir}",
        "agent-alpha",
        "1",
        "--decision",
        "Redis after all.",
    ]);
    // Not an OPEN issue.
    neg.ok(&["hand-off", "{dir}", "agent-alpha"]);
    assert_eq!(
        code(&neg.run(&["reopen", "{dir}", "agent-beta", "2", "--reason", "x"])),
        4
    );
}

// ---------------------------------------------------------------------------------------------
// 9. Attribution.
// ---------------------------------------------------------------------------------------------

#[test]
fn audit_template_records_the_agent_that_ran_it() {
    let neg = Neg::in_positions(2);
    neg.ok(&["audit-template", "{dir}", "--agent", "agent-beta"]);
    assert_eq!(logged_agent(&neg, "audit-template"), "agent-beta");
    assert_eq!(
        code(&neg.run(&["audit-template", "{dir}", "--agent", "agent-omega"])),
        4
    );
}

#[test]
fn an_agreement_names_who_agreed_in_the_log_and_in_status() {
    let neg = argued();
    neg.ok(&[
        "agree",
        "{dir}",
        "agent-alpha",
        "1",
        "--decision",
        "In-process cache.",
    ]);
    let status = neg.ok(&["status", "{dir}"]);
    assert!(
        status.contains("[AGREED]\n      agreed by agent-alpha\n"),
        "{status}"
    );
    let (_, log) = run_json(&neg, &["log", "{dir}"]);
    let agreed = log["data"]["events"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["command"] == "agree" && e["event"] == "status")
        .unwrap()
        .clone();
    assert_eq!(agreed["detail"]["agreed_by"], "agent-alpha");
    assert_eq!(agreed["detail"]["decision"], "In-process cache.");
}

// ---------------------------------------------------------------------------------------------
// 8. Sources in the order init was given them.
// ---------------------------------------------------------------------------------------------

#[test]
fn positions_and_audit_sections_follow_the_order_of_the_sources_at_init() {
    let neg = Neg::empty();
    for name in ["zeta-plan.md", "alpha-plan.md"] {
        std::fs::write(neg.tmp.path().join(name), "# plan\n").unwrap();
    }
    neg.ok(&[
        "init",
        "{dir}",
        "2",
        "--source",
        "zeta-plan.md",
        "--source",
        "alpha-plan.md",
    ]);
    assert!(
        neg.read("meta.md")
            .contains("- **source_order:** [\"zeta-plan.md\",\"alpha-plan.md\"]\n")
    );
    for name in Neg::names(2) {
        neg.ok(&["register", "{dir}", &name]);
    }
    neg.ok(&["wait-for-start", "{dir}", "agent-alpha"]);
    neg.ok(&["file-draft-issue", "{dir}", "agent-alpha", "cache"]);
    let draft = neg.read("issues-draft/agent-alpha/01-cache.md");
    assert!(
        draft.contains("## Position A (zeta-plan.md)\n[TODO: What one source says or implies.]\n\n## Position B (alpha-plan.md)\n"),
        "{draft}"
    );
    for name in Neg::names(2) {
        if name != "agent-alpha" {
            neg.ok(&["file-draft-issue", "{dir}", &name, "other"]);
        }
        neg.ok(&["end-analysis", "{dir}", &name]);
    }
    neg.ok(&["audit-template", "{dir}"]);
    let audit = neg.read("coverage-audit.md");
    let zeta = audit.find("## Unique elements from zeta-plan.md").unwrap();
    let alpha = audit.find("## Unique elements from alpha-plan.md").unwrap();
    assert!(zeta < alpha, "{audit}");
    // Without sources the template stays exactly the old one.
    let plain = Neg::started(2);
    plain.ok(&["file-draft-issue", "{dir}", "agent-alpha", "cache"]);
    assert!(
        plain
            .read("issues-draft/agent-alpha/01-cache.md")
            .contains("## Position A\n[TODO: What one source says or implies.]\n\n## Position B\n")
    );
}

// ---------------------------------------------------------------------------------------------
// The demo.
// ---------------------------------------------------------------------------------------------

#[test]
fn the_demo_shows_the_changes_and_a_settled_duplicate_and_replaces_only_the_path() {
    let (tmp, all) = demo_transcript();
    assert!(all.contains("parley init DIR/negotiation 2 60 --topic \"How should the build cache of our CI be designed?\""), "{all}");
    assert!(all.contains("Changes since your last hand-off"), "{all}");
    assert!(all.contains("parley duplicate DIR/negotiation "), "{all}");
    assert!(all.contains("is settled as a duplicate of"), "{all}");
    let status = parley()
        .current_dir(tmp.path())
        .args(["status", "d/negotiation"])
        .output()
        .unwrap();
    assert!(
        stdout(&status).contains("Summary: 5 issues — 5 agreed"),
        "{}",
        stdout(&status)
    );
}

// ---------------------------------------------------------------------------------------------
// Races and crashes.
// ---------------------------------------------------------------------------------------------

#[test]
fn notes_written_at_once_by_many_processes_all_land_with_distinct_numbers() {
    let neg = Neg::in_positions(2);
    let runs: Vec<Vec<String>> = (0..12)
        .map(|i| {
            let agent = if i % 2 == 0 {
                "agent-alpha"
            } else {
                "agent-beta"
            };
            ["note", "{dir}", agent, "--body"]
                .iter()
                .map(|s| s.to_string())
                .chain([format!("note from process {i}")])
                .collect()
        })
        .collect();
    for output in crate::concurrency::race(&neg, &runs) {
        assert_eq!(code(&output), 0, "{}", stderr(&output));
    }
    let notes = neg.read("notes.md");
    for number in 1..=12 {
        assert_eq!(
            notes.matches(&format!("'s note {number} (")).count(),
            1,
            "note {number}:\n{notes}"
        );
    }
    for i in 0..12 {
        assert!(
            notes.contains(&format!("note from process {i}\n")),
            "{notes}"
        );
    }
    assert_eq!(
        code(&neg.run(&["check", "{dir}"])),
        0,
        "appends are not edits"
    );
}

#[test]
fn a_note_torn_by_a_crash_is_no_edit_and_the_next_note_goes_on() {
    let neg = Neg::in_positions(2);
    neg.ok(&["note", "{dir}", "agent-beta", "--body", "First."]);
    // What a crash can leave: part of an append, and no log line for it.
    let mut notes = neg.read("notes.md");
    notes.push_str("## agent-beta's note 2 (2026-02-18T10:00:00Z)\nHalf a sen");
    neg.write("notes.md", &notes);
    assert_eq!(code(&neg.run(&["check", "{dir}"])), 0);
    let out = neg.ok(&["note", "{dir}", "agent-alpha", "--body", "Next."]);
    assert_eq!(out, "Appended agent-alpha's note 3 to notes.md\n");
    assert!(
        neg.read("notes.md")
            .contains("Half a sen\n## agent-alpha's note 3 (")
    );
    let (_, beta) = run_json(&neg, &["changes", "{dir}", "agent-beta"]);
    let listed: Vec<u64> = beta["data"]["changes"]["notes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n["number"].as_u64().unwrap())
        .collect();
    assert_eq!(listed, vec![3]);
    assert_eq!(code(&neg.run(&["check", "{dir}"])), 0);
}

#[test]
fn wait_answers_a_holder_at_once_with_its_clock_and_changes() {
    let neg = argued();
    let output = neg.run(&["--json", "wait", "{dir}", "agent-alpha", "--timeout", "5"]);
    assert_eq!(code(&output), 0);
    let envelope = json(&output);
    assert_eq!(envelope["data"]["turn_seconds_left"], 600);
    assert_eq!(
        envelope["data"]["changes"]["entries"]
            .as_array()
            .unwrap()
            .len(),
        2
    );
    let human = neg.run(&["wait", "{dir}", "agent-alpha", "--timeout", "5"]);
    assert_eq!(stdout(&human), "your-turn\n");
    assert!(stderr(&human).contains("Changes since your last hand-off"));
}

// ---------------------------------------------------------------------------------------------
// Bad input: a clear error, nothing changed.
// ---------------------------------------------------------------------------------------------

#[test]
fn the_new_commands_refuse_bad_input_clearly_and_change_nothing() {
    let neg = Neg::in_positions(2);
    let before = files(&neg);
    for (args, exit) in [
        (&["note", "{dir}", "agent-alpha"][..], 64),
        (&["note", "{dir}", "agent-alpha", "--body", "  "][..], 65),
        (&["note", "{dir}", "Bad Name", "--body", "x"][..], 65),
        (&["duplicate", "{dir}", "agent-alpha", "1"][..], 64),
        (
            &["duplicate", "{dir}", "agent-alpha", "x y", "--of", "1"][..],
            65,
        ),
        (&["reopen", "{dir}", "agent-alpha", "1"][..], 64),
        (
            &["reopen", "{dir}", "agent-alpha", "1", "--reason", ""][..],
            65,
        ),
        (
            &["reopen", "{dir}", "agent-alpha", "1", "--reason", "why"][..],
            4,
        ),
        (
            &["reopen", "{dir}", "agent-alpha", "9", "--reason", "why"][..],
            66,
        ),
        (&["changes", "{dir}/missing", "agent-alpha"][..], 66),
        (&["sign-off", "{dir}", "agent-alpha"][..], 4),
        (
            &["finish", "{dir}", "--check", "--agent", "agent-omega"][..],
            4,
        ),
        (&["audit-template", "{dir}", "--agent", "Bad"][..], 65),
    ] {
        let output = neg.run(args);
        assert_eq!(code(&output), exit, "{args:?}: {}", stderr(&output));
        assert!(!stderr(&output).is_empty(), "{args:?}: no message");
        let envelope = json(&neg.run(&[&["--json"][..], args].concat()));
        assert_eq!(envelope["ok"], false, "{args:?}");
        assert!(envelope["error"]["code"].is_string(), "{args:?}");
    }
    assert!(files(&neg) == before, "a refused command changed something");
}

#[test]
fn a_skipped_agent_gets_the_changes_since_the_skip_took_its_turn() {
    let neg = Neg::in_positions(2);
    // agent-alpha idles past the timeout; agent-beta's poll skips it and plays.
    let skipped = neg.run_at(&at(601), &["poll", "{dir}", "agent-beta"]);
    assert_eq!(code(&skipped), 0, "{}", stdout(&skipped));
    neg.ok(&["position", "{dir}", "agent-beta", "2", "--body", "Mine."]);
    neg.ok(&["hand-off", "{dir}", "agent-beta"]);
    let (exit, alpha) = run_json(&neg, &["poll", "{dir}", "agent-alpha"]);
    assert_eq!(exit, 0);
    let changes = &alpha["data"]["changes"];
    assert_eq!(changes["since"], at(601), "{changes}");
    assert_eq!(changes["entries"][0]["file"], "02-topic-1.md");
    assert_eq!(changes["entries"][0]["agent"], "agent-beta");
    assert_eq!(changes["issues"], Value::Array(vec![]), "{changes}");
}

#[test]
fn status_says_who_may_agree_to_a_pending_duplicate_as_agree_check_does() {
    let neg = with_duplicates();
    neg.ok(&["duplicate", "{dir}", "agent-alpha", "2", "--of", "1"]);
    neg.ok(&["hand-off", "{dir}", "agent-alpha"]);
    let (exit, _) = run_json(&neg, &["agree", "{dir}", "agent-beta", "2", "--check"]);
    assert_eq!(exit, 0);
    let (_, envelope) = run_json(&neg, &["status", "{dir}"]);
    let open = envelope["data"]["open_issues"]
        .as_array()
        .unwrap()
        .iter()
        .find(|issue| issue["file"] == "02-cache-location.md")
        .cloned()
        .unwrap_or_else(|| panic!("02 is open: {envelope}"));
    assert_eq!(
        open["may_agree"],
        serde_json::json!(["agent-beta"]),
        "{open}"
    );
}

#[test]
fn a_second_entry_of_the_same_kind_and_round_is_news_too() {
    let neg = argued();
    // agent-alpha challenges issue 2 twice in one turn: two entries with the same title.
    for body in ["First objection.", "Second objection."] {
        neg.ok(&["challenge", "{dir}", "agent-alpha", "2", "--body", body]);
    }
    neg.ok(&["hand-off", "{dir}", "agent-alpha"]);
    let (_, envelope) = run_json(&neg, &["changes", "{dir}", "agent-beta"]);
    let challenges: Vec<&Value> = envelope["data"]["changes"]["entries"]
        .as_array()
        .unwrap_or_else(|| panic!("entries: {envelope}"))
        .iter()
        .filter(|e| e["agent"] == "agent-alpha" && e["kind"] == "challenge")
        .collect();
    assert_eq!(challenges.len(), 2, "{envelope}");
}

/// A duplicate proposal another agent has confirmed since is not offered to confirm again in
/// the third agent's changes: it is listed as an entry, with the issue's new status.
#[test]
fn a_proposal_confirmed_since_is_not_offered_again_in_the_changes() {
    let neg = Neg::started(3);
    for (agent, title) in [
        ("agent-alpha", "Where to cache"),
        ("agent-beta", "Cache placement"),
    ] {
        neg.ok(&[
            "file-draft-issue",
            "{dir}",
            agent,
            "cache-location",
            "--title",
            title,
        ]);
    }
    for agent in Neg::names(3) {
        neg.ok(&["end-analysis", "{dir}", &agent]);
    }
    assert_eq!(neg.turn(), "agent-alpha");
    neg.ok(&["duplicate", "{dir}", "agent-alpha", "2", "--of", "1"]);
    neg.ok(&["hand-off", "{dir}", "agent-alpha"]);
    neg.ok(&["agree", "{dir}", "agent-beta", "2"]);
    neg.ok(&["hand-off", "{dir}", "agent-beta"]);
    let changes = neg.ok(&["changes", "{dir}", "agent-gamma"]);
    assert!(changes.contains("-> AGREED (by agent-beta)"), "{changes}");
    assert!(!changes.contains("may confirm"), "{changes}");
    assert!(
        changes.contains("agent-alpha's duplicate proposal"),
        "{changes}"
    );
}
