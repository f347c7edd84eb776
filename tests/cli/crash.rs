//! Crashes at every write: `PARLEY_CRASH_AT=N` (read by debug builds only) kills the command
//! with SIGKILL at the N-th write step of the store, a write of content dying half-way. Each
//! test crashes a command at step 1, 2, ... until a run gets through, and checks after each
//! crash what the next command makes of the disk. Then torn tails, by hand, on every
//! append-only JSONL file of every protocol.

#![cfg(debug_assertions)]

use std::os::unix::process::ExitStatusExt;
use std::path::Path;
use std::process::Output;

use serde_json::Value;

use crate::support::*;

/// More steps than any command here takes: a loop that reaches it has stopped crashing.
const MAX_STEPS: u32 = 60;

/// Whether a run was killed at its crash point. A run that got past every step (the point
/// lies beyond the command's last write) must have succeeded.
fn crashed(first: &std::process::Output) -> bool {
    if killed(first) {
        return true;
    }
    assert_eq!(code(first), 0, "{}", stderr(first));
    false
}

fn killed(output: &Output) -> bool {
    output.status.signal() == Some(libc_sigkill())
}

fn libc_sigkill() -> i32 {
    9
}

/// `parley ARGS` in `cwd`, killed at write step `step`.
fn crashing(cwd: &Path, step: u32, args: &[&str]) -> Output {
    parley()
        .env("PARLEY_CRASH_AT", step.to_string())
        .current_dir(cwd)
        .args(args)
        .output()
        .unwrap()
}

fn run_in(cwd: &Path, args: &[&str]) -> Output {
    parley().current_dir(cwd).args(args).output().unwrap()
}

/// The events of the log; a torn last line (no newline) is left out.
fn log_events(neg: &Neg) -> Vec<Value> {
    let log = neg.read(".parley/log.jsonl");
    let whole = &log[..log.rfind('\n').map_or(0, |end| end + 1)];
    whole
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line:?}")))
        .collect()
}

fn count(events: &[Value], event: &str, after: &str) -> usize {
    events
        .iter()
        .filter(|e| e["event"] == event && (after.is_empty() || e["after"] == after))
        .count()
}

/// Runs `body(step)` for step 1, 2, ... until the command it runs is not killed.
fn every_step(mut body: impl FnMut(u32) -> bool) {
    for step in 1..=MAX_STEPS {
        if !body(step) {
            assert!(step > 1, "the command was never crashed");
            return;
        }
    }
    panic!("still crashing after {MAX_STEPS} steps");
}

// ------------------------------------------------------------------- negotiation

#[test]
fn register_killed_at_any_write_is_completed_by_its_rerun() {
    every_step(|step| {
        let neg = Neg::init(2);
        let dir = neg.dir.to_str().unwrap();
        let first = crashing(neg.tmp.path(), step, &["register", dir, "agent-alpha"]);
        if !crashed(&first) {
            return false;
        }
        let rerun = neg.run(&["register", "{dir}", "agent-alpha"]);
        assert_eq!(code(&rerun), 0, "step {step}: {}", stdout(&rerun));
        assert!(
            stdout(&rerun).contains("Registered: agent-alpha (1/2 agents)"),
            "step {step}: {}",
            stdout(&rerun)
        );
        neg.ok(&["register", "{dir}", "agent-beta"]);
        let events = log_events(&neg);
        assert_eq!(count(&events, "register", "agent-alpha"), 1, "step {step}");
        assert_eq!(count(&events, "register", "agent-beta"), 1, "step {step}");
        assert_eq!(count(&events, "deadline", ""), 1, "step {step}");
        // A torn record was moved aside, never left in the log.
        let log = neg.read(".parley/log.jsonl");
        assert!(log.ends_with('\n'), "step {step}: {log}");
        true
    });
}

#[test]
fn a_ghost_registration_is_completed_not_refused() {
    // Exactly what the issue saw: agents.md written, its record not.
    let neg = Neg::init(2);
    neg.ok(&["register", "{dir}", "agent-alpha"]);
    let log = neg.read(".parley/log.jsonl");
    let kept: Vec<&str> = log
        .lines()
        .filter(|line| !line.contains("\"event\":\"register\""))
        .collect();
    neg.write(".parley/log.jsonl", &(kept.join("\n") + "\n"));
    let rerun = neg.run(&["register", "{dir}", "agent-alpha", "--json"]);
    assert_eq!(code(&rerun), 0, "{}", stdout(&rerun));
    let envelope: Value = serde_json::from_str(&stdout(&rerun)).unwrap();
    assert_eq!(envelope["data"]["agent"], "agent-alpha");
    assert_eq!(envelope["data"]["registered"], 1);
    assert_eq!(count(&log_events(&neg), "register", "agent-alpha"), 1);
    // Once logged, the name is taken as before.
    let again = neg.run(&["register", "{dir}", "agent-alpha"]);
    assert_eq!(code(&again), 1);
    assert!(stdout(&again).contains("Already registered"));
}

#[test]
fn end_analysis_killed_at_any_write_is_completed_by_its_rerun() {
    every_step(|step| {
        let neg = Neg::started(2);
        neg.ok(&["file-draft-issue", "{dir}", "agent-alpha", "topic-a"]);
        let dir = neg.dir.to_str().unwrap();
        let first = crashing(neg.tmp.path(), step, &["end-analysis", dir, "agent-alpha"]);
        if !crashed(&first) {
            return false;
        }
        let rerun = neg.run(&["end-analysis", "{dir}", "agent-alpha"]);
        let events = log_events(&neg);
        if neg.turn() == "agent-alpha" || code(&rerun) == 0 {
            assert_eq!(code(&rerun), 0, "step {step}: {}", stderr(&rerun));
            assert!(stdout(&rerun).contains("Analysis complete for agent-alpha"));
        }
        assert_eq!(neg.turn(), "agent-beta", "step {step}");
        assert_eq!(
            count(&events, "analysis-done", "agent-alpha"),
            1,
            "step {step}"
        );
        // And the negotiation goes on.
        neg.ok(&["file-draft-issue", "{dir}", "agent-beta", "topic-b"]);
        neg.ok(&["end-analysis", "{dir}", "agent-beta"]);
        assert_eq!(count(&log_events(&neg), "merge", ""), 1, "step {step}");
        true
    });
}

#[test]
fn a_marker_without_its_record_is_logged_by_the_rerun() {
    let neg = Neg::started(2);
    neg.write("analysis/.agent-alpha-done", "done: 2026-02-18T10:00:00Z\n");
    neg.ok(&["end-analysis", "{dir}", "agent-alpha"]);
    assert_eq!(count(&log_events(&neg), "analysis-done", "agent-alpha"), 1);
}

#[test]
fn a_torn_log_line_is_moved_aside_and_the_next_event_kept() {
    let neg = Neg::init(2);
    let mut log = neg.read(".parley/log.jsonl");
    log.push_str("{\"at\":\"2026-02-18T10:00:00Z\",\"agent\":\"agent-alpha\",\"comm");
    neg.write(".parley/log.jsonl", &log);
    let output = neg.run(&["register", "{dir}", "agent-alpha"]);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    assert!(
        stderr(&output).contains("moved a torn last line"),
        "{}",
        stderr(&output)
    );
    assert!(
        neg.read(".parley/log.jsonl.torn")
            .starts_with("{\"at\":\"2026-02-18T10:00:00Z\",\"agent\":\"agent-alpha\",\"comm")
    );
    let events = log_events(&neg);
    assert_eq!(count(&events, "register", "agent-alpha"), 1);
    let readable = neg.run(&["log", "{dir}"]);
    assert_eq!(code(&readable), 0);
    assert!(
        !stderr(&readable).contains("unreadable"),
        "{}",
        stderr(&readable)
    );
    assert!(stdout(&readable).contains("agent-alpha"));
}

#[test]
fn a_malformed_log_line_before_the_last_is_an_error_naming_it() {
    let neg = Neg::started(2);
    let log = neg.read(".parley/log.jsonl");
    let mut lines: Vec<&str> = log.lines().collect();
    lines.insert(2, "{\"at\": broken");
    neg.write(".parley/log.jsonl", &(lines.join("\n") + "\n"));
    for args in [
        &["log", "{dir}", "--json"][..],
        &["status", "{dir}", "--json"],
    ] {
        let output = neg.run(args);
        assert_eq!(code(&output), 65, "{args:?}: {}", stdout(&output));
        let envelope: Value = serde_json::from_str(&stdout(&output)).unwrap();
        assert_eq!(envelope["ok"], false);
        assert_eq!(envelope["error"]["code"], "MALFORMED_STATE");
        let message = envelope["error"]["message"].as_str().unwrap();
        assert!(message.contains("log.jsonl:3"), "{message}");
    }
}

#[test]
fn a_torn_log_tail_after_the_digests_file_is_repaired_and_read_from_there() {
    let neg = Neg::in_positions(2);
    let holder = neg.turn();
    neg.ok(&["hand-off", "{dir}", &holder]);
    assert!(neg.path(".parley/digests.jsonl").exists());
    let mut log = neg.read(".parley/log.jsonl");
    log.push_str("{\"at\":\"2026-02");
    neg.write(".parley/log.jsonl", &log);
    let status = neg.run(&["status", "{dir}"]);
    assert_eq!(code(&status), 0, "{}", stderr(&status));
    let holder = neg.turn();
    neg.ok(&["hand-off", "{dir}", &holder]);
    let log = neg.read(".parley/log.jsonl");
    assert!(!log.contains("{\"at\":\"2026-02{"));
    assert!(log.ends_with('\n'));
    assert_eq!(neg.read(".parley/log.jsonl.torn"), "{\"at\":\"2026-02\n");
    let check = neg.run(&["check", "{dir}"]);
    assert!(code(&check) < 64, "{}", stderr(&check));
}

// ------------------------------------------------------------------- operative

/// A project root for the operative commands.
fn operative_root() -> tempfile::TempDir {
    let tmp = tempfile::TempDir::new().unwrap();
    std::fs::create_dir(tmp.path().join("project")).unwrap();
    tmp
}

fn operative(tmp: &tempfile::TempDir, step: Option<u32>, args: &[&str]) -> Output {
    let mut command = parley();
    command
        .env("PARLEY_PROJECT_ROOT", tmp.path().join("project"))
        .current_dir(tmp.path())
        .args(args);
    if let Some(step) = step {
        command.env("PARLEY_CRASH_AT", step.to_string());
    }
    command.output().unwrap()
}

fn operative_ok(tmp: &tempfile::TempDir, args: &[&str]) -> Value {
    let mut args = args.to_vec();
    args.push("--json");
    let output = operative(tmp, None, &args);
    assert_eq!(
        code(&output),
        0,
        "{args:?}: {}\n{}",
        stdout(&output),
        stderr(&output)
    );
    serde_json::from_str(&stdout(&output)).unwrap()
}

fn state_file(tmp: &tempfile::TempDir, name: &str) -> std::path::PathBuf {
    tmp.path().join("project/.parley/operative").join(name)
}

fn tear(path: &Path, fragment: &str) {
    let mut text = std::fs::read_to_string(path).unwrap();
    text.push_str(fragment);
    std::fs::write(path, text).unwrap();
}

#[test]
fn a_torn_tail_on_every_operative_journal_is_moved_aside_before_the_next_append() {
    let tmp = operative_root();
    operative_ok(&tmp, &["agent", "register", "--agent", "amber-otter"]);
    operative_ok(&tmp, &["agent", "register", "--agent", "cobalt-harbor"]);
    operative_ok(&tmp, &["reserve", "--agent", "amber-otter", "--scope", "a"]);
    let handoff_args = [
        "event",
        "handoff",
        "--from",
        "amber-otter",
        "--to",
        "cobalt-harbor",
        "--bead",
        "bb-1",
        "--subject",
        "s",
        "--summary",
        "s",
        "--next-action",
        "n",
    ];
    let handoff = operative_ok(&tmp, &handoff_args);
    let id = handoff["data"]["id"].as_str().unwrap().to_owned();
    operative_ok(
        &tmp,
        &["event", "read", "--agent", "cobalt-harbor", "--event", &id],
    );
    operative_ok(&tmp, &["release", "--agent", "amber-otter", "--scope", "a"]);
    let events_before = operative_ok(&tmp, &["events"])["data"]["events"]
        .as_array()
        .unwrap()
        .len();

    // A fragment on each file, then a command that appends to each.
    for name in ["events.jsonl", "receipts.jsonl", "archive.jsonl"] {
        tear(&state_file(&tmp, name), "{\"id\":\"frag");
    }
    // Reading tolerates the torn last lines, with warnings.
    let listed = operative_ok(&tmp, &["events"]);
    assert_eq!(
        listed["data"]["events"].as_array().unwrap().len(),
        events_before
    );
    operative_ok(&tmp, &["reserve", "--agent", "amber-otter", "--scope", "b"]);
    operative_ok(
        &tmp,
        &["event", "ack", "--agent", "cobalt-harbor", "--event", &id],
    );
    operative_ok(&tmp, &["release", "--agent", "amber-otter", "--scope", "b"]);
    operative_ok(&tmp, &handoff_args);
    for name in ["events.jsonl", "receipts.jsonl", "archive.jsonl"] {
        let text = std::fs::read_to_string(state_file(&tmp, name)).unwrap();
        assert!(!text.contains("frag"), "{name}: {text}");
        assert!(text.ends_with('\n'), "{name}");
        for line in text.lines() {
            serde_json::from_str::<Value>(line).unwrap_or_else(|e| panic!("{name}: {e}"));
        }
        let torn = std::fs::read_to_string(state_file(&tmp, &format!("{name}.torn"))).unwrap();
        assert_eq!(torn, "{\"id\":\"frag\n", "{name}");
    }
    let listed = operative_ok(&tmp, &["events"]);
    assert!(listed["data"]["events"].as_array().unwrap().len() > events_before);
    let archived = operative_ok(&tmp, &["reservations", "--archived"]);
    assert_eq!(
        archived["data"]["reservations"].as_array().unwrap().len(),
        2
    );
}

#[test]
fn reserve_and_release_killed_at_any_write_leave_a_project_the_next_command_uses() {
    every_step(|step| {
        let tmp = operative_root();
        operative_ok(&tmp, &["agent", "register", "--agent", "amber-otter"]);
        operative_ok(&tmp, &["reserve", "--agent", "amber-otter", "--scope", "a"]);
        let first = operative(
            &tmp,
            Some(step),
            &["release", "--agent", "amber-otter", "--scope", "a"],
        );
        if !crashed(&first) {
            return false;
        }
        // Whatever the crash left, the next commands read and append.
        operative_ok(&tmp, &["reservations"]);
        operative_ok(&tmp, &["events"]);
        let held = operative_ok(&tmp, &["reservations"]);
        if !held["data"]["reservations"].as_array().unwrap().is_empty() {
            operative_ok(&tmp, &["release", "--agent", "amber-otter", "--scope", "a"]);
        }
        let held = operative_ok(&tmp, &["reservations"]);
        assert_eq!(
            held["data"]["reservations"].as_array().unwrap().len(),
            0,
            "step {step}"
        );
        operative_ok(&tmp, &["reserve", "--agent", "amber-otter", "--scope", "c"]);
        true
    });
}

// ------------------------------------------------------------------- bounce

fn bounce_new(cwd: &Path, step: Option<u32>) -> Output {
    let args = [
        "bounce",
        "new",
        "s.md",
        "--title",
        "Test",
        "--agents",
        "alpha,beta",
        "--turn-order",
        "free-form",
    ];
    match step {
        Some(step) => crashing(cwd, step, &args),
        None => run_in(cwd, &args),
    }
}

fn bounce_append(cwd: &Path, step: Option<u32>, author: &str) -> Output {
    let args = [
        "bounce",
        "append",
        "s.md",
        "--author",
        author,
        "--stance",
        "approve",
        "--confidence",
        "0.5",
        "--summary",
        "A summary.",
        "--action-requested",
        "n/a",
        "--evidence",
        "n/a",
        "--body",
        "The body.",
    ];
    match step {
        Some(step) => crashing(cwd, step, &args),
        None => run_in(cwd, &args),
    }
}

#[test]
fn bounce_new_killed_at_any_write_leaves_no_session_or_a_whole_one() {
    every_step(|step| {
        let tmp = tempfile::TempDir::new().unwrap();
        let first = bounce_new(tmp.path(), Some(step));
        if !crashed(&first) {
            return false;
        }
        let session = tmp.path().join("s.md");
        if session.exists() {
            // Complete: it validates and has a status.
            let valid = run_in(tmp.path(), &["bounce", "validate", "s.md"]);
            assert_eq!(code(&valid), 0, "step {step}: {}", stdout(&valid));
        } else {
            let again = bounce_new(tmp.path(), None);
            assert_eq!(code(&again), 0, "step {step}: {}", stderr(&again));
        }
        let status = run_in(tmp.path(), &["bounce", "status", "s.md"]);
        assert_eq!(code(&status), 0, "step {step}: {}", stderr(&status));
        true
    });
}

#[test]
fn bounce_append_killed_at_any_write_never_blocks_the_session() {
    every_step(|step| {
        let tmp = tempfile::TempDir::new().unwrap();
        assert_eq!(code(&bounce_new(tmp.path(), None)), 0);
        assert_eq!(code(&bounce_append(tmp.path(), None, "alpha")), 0);
        let before = std::fs::read_to_string(tmp.path().join("s.md")).unwrap();
        let first = bounce_append(tmp.path(), Some(step), "beta");
        if !crashed(&first) {
            return false;
        }
        for args in [
            &["bounce", "status", "s.md"][..],
            &["bounce", "validate", "s.md"],
            &["bounce", "next", "s.md", "alpha"],
        ] {
            let output = run_in(tmp.path(), args);
            assert!(
                code(&output) < 64,
                "step {step}: {args:?}: {}{}",
                stdout(&output),
                stderr(&output)
            );
        }
        assert!(
            !tmp.path().join(".s.md.parley-journal").exists(),
            "step {step}"
        );
        let after = std::fs::read_to_string(tmp.path().join("s.md")).unwrap();
        assert!(after.starts_with(&before), "step {step}");
        let again = bounce_append(tmp.path(), None, "beta");
        assert_eq!(code(&again), 0, "step {step}: {}", stderr(&again));
        true
    });
}

#[test]
fn an_empty_or_partial_bounce_journal_is_rolled_back_by_the_next_command() {
    let whole = "parley append journal v1\nstart 10\nend 400\n";
    for cut in [0, 5, 24, 25, 33, 34, 40, whole.len() - 1] {
        let tmp = tempfile::TempDir::new().unwrap();
        assert_eq!(code(&bounce_new(tmp.path(), None)), 0);
        let before = std::fs::read_to_string(tmp.path().join("s.md")).unwrap();
        std::fs::write(tmp.path().join(".s.md.parley-journal"), &whole[..cut]).unwrap();
        let status = run_in(tmp.path(), &["bounce", "status", "s.md"]);
        assert_eq!(code(&status), 0, "{cut}: {}", stderr(&status));
        assert!(!tmp.path().join(".s.md.parley-journal").exists());
        assert_eq!(
            std::fs::read_to_string(tmp.path().join("s.md")).unwrap(),
            before
        );
        assert_eq!(code(&bounce_append(tmp.path(), None, "alpha")), 0);
    }
    // A file there that parley did not write is still refused, with what to do.
    let tmp = tempfile::TempDir::new().unwrap();
    assert_eq!(code(&bounce_new(tmp.path(), None)), 0);
    std::fs::write(tmp.path().join(".s.md.parley-journal"), "notes\n").unwrap();
    let status = run_in(tmp.path(), &["bounce", "status", "s.md"]);
    assert_eq!(code(&status), 65);
    assert!(stderr(&status).contains("remove"), "{}", stderr(&status));
}

#[test]
fn file_draft_issue_killed_at_any_write_leaves_no_partial_draft() {
    every_step(|step| {
        let neg = Neg::started(2);
        let dir = neg.dir.to_str().unwrap();
        let first = crashing(
            neg.tmp.path(),
            step,
            &["file-draft-issue", dir, "agent-alpha", "topic-a"],
        );
        if !crashed(&first) {
            return false;
        }
        // A draft is there whole or not at all.
        let drafts = neg.path("issues-draft/agent-alpha");
        for entry in std::fs::read_dir(&drafts).into_iter().flatten() {
            let entry = entry.unwrap();
            let name = entry.file_name().to_string_lossy().into_owned();
            if name.starts_with(".parley-tmp-") {
                continue;
            }
            let text = std::fs::read_to_string(entry.path()).unwrap();
            assert!(
                text.starts_with("# Issue:"),
                "step {step}: {name}: {text:?}"
            );
        }
        neg.ok(&["end-analysis", "{dir}", "agent-alpha"]);
        neg.ok(&["file-draft-issue", "{dir}", "agent-beta", "topic-b"]);
        neg.ok(&["end-analysis", "{dir}", "agent-beta"]);
        let check = neg.run(&["check", "{dir}"]);
        assert!(code(&check) < 64, "step {step}: {}", stderr(&check));
        true
    });
}

#[test]
fn position_killed_at_any_write_leaves_an_entry_recorded_or_absent() {
    every_step(|step| {
        let neg = Neg::in_positions(2);
        let holder = neg.turn();
        let dir = neg.dir.to_str().unwrap();
        let first = crashing(
            neg.tmp.path(),
            step,
            &["position", dir, &holder, "1", "--body", "Use OAuth."],
        );
        if !crashed(&first) {
            return false;
        }
        // The next hand-over records whatever reached the file; nothing reads as an edit.
        neg.ok(&["hand-off", "{dir}", &holder]);
        let check = neg.run(&["check", "{dir}", "--json"]);
        let envelope: Value = serde_json::from_str(&stdout(&check)).unwrap();
        assert!(code(&check) < 64, "step {step}: {envelope}");
        assert_eq!(
            envelope["data"]["edits"],
            serde_json::json!([]),
            "step {step}"
        );
        let log = neg.read(".parley/log.jsonl");
        assert!(log.ends_with('\n'), "step {step}");
        true
    });
}

#[test]
fn wait_for_start_killed_at_any_write_is_completed_by_the_next_look() {
    every_step(|step| {
        let neg = Neg::init(2);
        for name in Neg::names(2) {
            neg.ok(&["register", "{dir}", &name]);
        }
        let dir = neg.dir.to_str().unwrap();
        let first = crashing(
            neg.tmp.path(),
            step,
            &["wait-for-start", dir, "agent-alpha"],
        );
        if !crashed(&first) {
            return false;
        }
        neg.ok(&["wait-for-start", "{dir}", "agent-alpha"]);
        neg.ok(&["wait-for-start", "{dir}", "agent-beta"]);
        assert_eq!(neg.turn(), "agent-alpha", "step {step}");
        assert_eq!(
            count(&log_events(&neg), "turn", "agent-alpha"),
            1,
            "step {step}"
        );
        true
    });
}

#[test]
fn hand_off_killed_at_any_write_is_completed_by_its_rerun() {
    every_step(|step| {
        let neg = Neg::with_a_recorded_position();
        let turns_before = count(&log_events(&neg), "turn", "agent-beta");
        let dir = neg.dir.to_str().unwrap();
        let first = crashing(neg.tmp.path(), step, &["hand-off", dir, "agent-alpha"]);
        if !crashed(&first) {
            return false;
        }
        let rerun = neg.run(&["hand-off", "{dir}", "agent-alpha"]);
        assert_eq!(code(&rerun), 0, "step {step}: {}", stderr(&rerun));
        assert!(stdout(&rerun).contains("Turn handed to: agent-beta"));
        assert_eq!(neg.turn(), "agent-beta", "step {step}");
        let events = log_events(&neg);
        assert_eq!(
            count(&events, "turn", "agent-beta"),
            turns_before + 1,
            "step {step}"
        );
        let check = neg.run(&["check", "{dir}", "--json"]);
        let envelope: Value = serde_json::from_str(&stdout(&check)).unwrap();
        assert!(code(&check) < 64, "step {step}: {envelope}");
        assert_eq!(
            envelope["data"]["edits"],
            serde_json::json!([]),
            "step {step}"
        );
        true
    });
}

/// `.turn-started` and `turn.md` share one flush of their directory, so a power loss can keep
/// the new `turn.md` and lose the new `.turn-started` (and the `turn` record after them): a
/// state no process crash leaves, which the rerun completes and whose stale timer never
/// counts against the new holder.
#[test]
fn a_power_loss_that_keeps_the_new_turn_but_not_its_timer_is_completed_by_the_rerun() {
    let neg = Neg::with_a_recorded_position();
    let timer = neg.read(".turn-started");
    assert!(timer.starts_with("agent-alpha\n"), "{timer}");
    let turns_before = count(&log_events(&neg), "turn", "agent-beta");
    neg.ok(&["hand-off", "{dir}", "agent-alpha"]);
    neg.write(".turn-started", &timer);
    // The records logged before the two files are kept (synced first); the `turn` record
    // after them is lost.
    let logged = neg.read(".parley/log.jsonl");
    let last = logged[..logged.len() - 1].rfind('\n').unwrap() + 1;
    assert!(logged[last..].contains("\"event\":\"turn\""), "{logged}");
    neg.write(".parley/log.jsonl", &logged[..last]);

    let rerun = neg.run(&["hand-off", "{dir}", "agent-alpha"]);
    assert_eq!(code(&rerun), 0, "{}", stderr(&rerun));
    assert!(stdout(&rerun).contains("Turn handed to: agent-beta"));
    assert_eq!(neg.turn(), "agent-beta");
    let events = log_events(&neg);
    assert_eq!(count(&events, "turn", "agent-beta"), turns_before + 1);

    // The timer names the old holder: the new one's starts at the next look, so a poll long
    // after the old timer's second does not skip it.
    let later = at(3600);
    let poll = neg.run_at(&later, &["poll", "{dir}", "agent-alpha"]);
    assert!(code(&poll) < 64, "{}", stderr(&poll));
    assert_eq!(neg.turn(), "agent-beta");
    assert!(neg.read(".turn-started").starts_with("agent-beta\n"));
}

#[test]
fn the_merging_end_analysis_killed_at_any_write_is_completed_by_its_rerun() {
    every_step(|step| {
        let neg = Neg::started(2);
        neg.ok(&["file-draft-issue", "{dir}", "agent-alpha", "topic-a"]);
        neg.ok(&["end-analysis", "{dir}", "agent-alpha"]);
        neg.ok(&["file-draft-issue", "{dir}", "agent-beta", "topic-b"]);
        let dir = neg.dir.to_str().unwrap();
        let first = crashing(neg.tmp.path(), step, &["end-analysis", dir, "agent-beta"]);
        if !crashed(&first) {
            return false;
        }
        let rerun = neg.run(&["end-analysis", "{dir}", "agent-beta"]);
        assert_eq!(code(&rerun), 0, "step {step}: {}", stderr(&rerun));
        assert!(stdout(&rerun).contains("Turn handed to: agent-alpha"));
        assert_eq!(neg.turn(), "agent-alpha", "step {step}");
        assert_eq!(neg.read("phase.md").trim(), "positions", "step {step}");
        let events = log_events(&neg);
        for (event, after) in [
            ("analysis-done", "agent-beta"),
            ("merge", ""),
            ("phase", "positions"),
            ("turn", "agent-alpha"),
        ] {
            let expected = if event == "turn" { 2 } else { 1 };
            assert_eq!(
                count(&events, event, after),
                expected,
                "step {step}: {event}"
            );
        }
        let issues = std::fs::read_dir(neg.path("issues")).unwrap().count();
        assert_eq!(issues, 2, "step {step}");
        true
    });
}

// ------------------------------------------------------------------- feedback

#[test]
fn feedback_ask_killed_at_any_write_leaves_an_iteration_whole_or_not_counted() {
    every_step(|step| {
        let tmp = tempfile::TempDir::new().unwrap();
        std::fs::write(tmp.path().join("plan.md"), "# Plan\n\nAdd a dark mode.\n").unwrap();
        let parley_bin = bin();
        let ask = [
            "feedback",
            "ask",
            "conversation",
            "--artifact",
            "plan.md",
            "--",
            parley_bin.to_str().unwrap(),
            "feedback",
            "mock-provider",
            "--seed",
            "7",
            "--session",
            "{sessionID}",
        ];
        let first = crashing(tmp.path(), step, &ask);
        if !crashed(&first) {
            return false;
        }
        let log = run_in(tmp.path(), &["feedback", "log", "conversation", "--json"]);
        let before = if code(&log) == 0 {
            let envelope: Value = serde_json::from_str(&stdout(&log)).unwrap();
            envelope["data"]["iterations"].as_array().unwrap().len()
        } else {
            // Nothing stored yet: no conversation directory at all.
            assert_eq!(code(&log), 66, "step {step}: {}", stdout(&log));
            0
        };
        assert!(before <= 1, "step {step}");
        let again = run_in(tmp.path(), &ask);
        assert_eq!(code(&again), 0, "step {step}: {}", stderr(&again));
        let log = run_in(tmp.path(), &["feedback", "log", "conversation", "--json"]);
        assert_eq!(code(&log), 0, "step {step}: {}", stdout(&log));
        let envelope: Value = serde_json::from_str(&stdout(&log)).unwrap();
        assert_eq!(
            envelope["data"]["iterations"].as_array().unwrap().len(),
            before + 1,
            "step {step}"
        );
        true
    });
}

#[test]
fn note_killed_at_any_write_leaves_notes_the_next_note_and_check_accept() {
    every_step(|step| {
        let neg = Neg::started(2);
        neg.ok(&["note", "{dir}", "agent-beta", "--body", "First note."]);
        let dir = neg.dir.to_str().unwrap();
        let first = crashing(
            neg.tmp.path(),
            step,
            &[
                "note",
                dir,
                "agent-alpha",
                "--body",
                "A second note, long enough to be cut.",
            ],
        );
        if !crashed(&first) {
            return false;
        }
        let rerun = neg.run(&["note", "{dir}", "agent-alpha", "--body", "A second note."]);
        assert_eq!(code(&rerun), 0, "step {step}: {}", stderr(&rerun));
        // Nothing written before or after the crash is lost.
        let notes = neg.read("notes.md");
        assert!(notes.contains("First note."), "step {step}: {notes}");
        assert!(notes.contains("\nA second note.\n"), "step {step}: {notes}");
        let check = neg.run(&["check", "{dir}", "--json"]);
        let envelope: Value = serde_json::from_str(&stdout(&check)).unwrap();
        assert!(code(&check) < 64, "step {step}: {envelope}");
        assert_eq!(
            envelope["data"]["edits"],
            serde_json::json!([]),
            "step {step}: {}",
            neg.read("notes.md")
        );
        true
    });
}
