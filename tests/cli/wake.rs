//! The waiter that reads inotify itself (Linux, top-level watched files): what wakes it and
//! what it answers. Every assertion is about the answer, never about how fast.

use std::process::{Child, Stdio};

use crate::support::*;

fn spawn_wait(neg: &Neg, agent: &str) -> Child {
    parley_std()
        .env("PARLEY_NOW", NOW)
        .args(["--json", "wait", &neg.dir.to_string_lossy(), agent])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

#[test]
fn changes_to_other_files_and_temporary_files_do_not_answer_a_waiter() {
    let neg = Neg::in_positions(2);
    let waiter = spawn_wait(&neg, "agent-beta");
    wait_until_watching(&waiter);
    // Neither is the turn: the waiter may re-check, and must go on waiting.
    neg.write("unrelated.txt", "x\n");
    neg.write(".parley-tmp-turn", "agent-beta\n");
    std::fs::remove_file(neg.path(".parley-tmp-turn")).unwrap();
    neg.ok(&["hand-off", "{dir}", "agent-alpha"]);
    let output = waiter.wait_with_output().unwrap();
    assert_eq!(code(&output), 0);
    let answer: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(answer["data"]["answer"], "your-turn");
    assert_eq!(answer["data"]["turn"], "agent-beta");
}

#[test]
#[allow(clippy::disallowed_methods)] // the test moves the directory away, as a person might
fn a_waiter_whose_directory_goes_away_stops_with_an_error() {
    let neg = Neg::in_positions(2);
    let waiter = spawn_wait(&neg, "agent-beta");
    wait_until_watching(&waiter);
    // Moved away in one rename: removing it file by file would race with the waiter's own
    // writes (its lock label) and fail with "directory not empty".
    std::fs::rename(&neg.dir, neg.tmp.path().join("moved-away")).unwrap();
    let output = waiter.wait_with_output().unwrap();
    assert!(code(&output) >= 64, "exit {}", code(&output));
    let answer: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(answer["ok"], false);
    assert!(answer["error"].is_object());
}
