//! Blocking waits: `wait`, `poll --wait` and `wait-for-start` wake on file events, on the
//! holder's timeout and on Ctrl-C. Every assertion is about what the waiter answers, never
//! about how fast.

use std::process::{Child, Stdio};

use crate::support::*;

fn spawn(neg: &Neg, now: &str, args: &[&str]) -> Child {
    let dir = neg.dir.to_string_lossy().into_owned();
    let args: Vec<String> = args.iter().map(|a| a.replace("{dir}", &dir)).collect();
    parley_std()
        .env("PARLEY_NOW", now)
        .args(&args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// CPU time (user + system, in clock ticks) a process has used so far.
fn cpu_ticks(child: &Child) -> u64 {
    let stat = std::fs::read_to_string(format!("/proc/{}/stat", child.id())).unwrap();
    let after_name = &stat[stat.rfind(')').unwrap() + 2..];
    let fields: Vec<&str> = after_name.split_whitespace().collect();
    fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap()
}

fn finish(child: Child) -> (i32, String) {
    let output = child.wait_with_output().unwrap();
    (code(&output), stdout(&output))
}

#[test]
fn wait_returns_0_when_the_turn_arrives() {
    let neg = Neg::in_positions(2);
    let waiter = spawn(&neg, NOW, &["wait", "{dir}", "agent-beta"]);
    neg.ok(&["hand-off", "{dir}", "agent-alpha"]);
    assert_eq!(finish(waiter), (0, "your-turn\n".to_owned()));
}

#[test]
fn poll_wait_returns_2_when_the_negotiation_finishes() {
    let neg = Neg::in_positions(2);
    let waiter = spawn(&neg, NOW, &["poll", "{dir}", "agent-beta", "--wait"]);
    neg.make_finishable();
    neg.ok(&["finish", "{dir}"]);
    assert_eq!(finish(waiter).0, 2);
}

#[test]
fn a_wait_that_reaches_its_timeout_exits_124() {
    let neg = Neg::in_positions(2);
    let output = neg.run(&["wait", "{dir}", "agent-beta", "--timeout", "0.2"]);
    assert_eq!(code(&output), 124);
    let output = neg.run(&["poll", "{dir}", "agent-beta", "--wait", "--timeout", "0"]);
    assert_eq!(code(&output), 124);
    assert_eq!(neg.turn(), "agent-alpha");
}

#[test]
fn the_holder_answers_at_once() {
    let neg = Neg::in_positions(2);
    let output = neg.run(&["wait", "{dir}", "agent-alpha", "--timeout", "0"]);
    assert_eq!(
        (code(&output), stdout(&output)),
        (0, "your-turn\n".to_owned())
    );
}

#[test]
fn a_waiter_wakes_by_itself_when_the_holder_times_out() {
    let neg = Neg::in_positions(2);
    // The turn was given at NOW; 0.3 s before the timeout expires nobody else acts, and the
    // waiter must skip the holder on its own.
    let output = neg.run_at("2026-02-18T10:10:00.700Z", &["wait", "{dir}", "agent-beta"]);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    assert!(
        stdout(&output).contains(
            "Turn timeout: agent-alpha has been inactive for 601s (limit: 600s). Skipping."
        )
    );
    assert!(
        stdout(&output).ends_with("Skipped agent-alpha, turn passed to agent-beta\nyour-turn\n")
    );
    assert_eq!(neg.turn(), "agent-beta");
}

#[test]
fn the_polling_path_works_on_a_local_directory() {
    let neg = Neg::in_positions(2);
    let waiter = spawn(
        &neg,
        NOW,
        &[
            "wait",
            "{dir}",
            "agent-beta",
            "--poll",
            "--poll-interval",
            "0.05",
        ],
    );
    neg.ok(&["hand-off", "{dir}", "agent-alpha"]);
    assert_eq!(finish(waiter), (0, "your-turn\n".to_owned()));
}

#[test]
fn thirty_two_waiters_each_wake_exactly_when_their_turn_comes() {
    let agents = 32;
    let neg = Neg::init(agents);
    let names: Vec<String> = (0..agents).map(|i| format!("agent-{i}")).collect();
    for name in &names {
        neg.ok(&["register", "{dir}", name]);
    }
    neg.ok(&["wait-for-start", "{dir}", &names[0]]);
    let mut waiters: Vec<Option<Child>> = names
        .iter()
        .map(|name| Some(spawn(&neg, NOW, &["wait", "{dir}", name])))
        .collect();
    for (index, name) in names.iter().enumerate() {
        let (code, out) = finish(waiters[index].take().unwrap());
        assert_eq!((code, out.as_str()), (0, "your-turn\n"), "{name}");
        for (other, waiter) in waiters.iter_mut().enumerate() {
            if let Some(child) = waiter {
                assert!(
                    child.try_wait().unwrap().is_none(),
                    "agent-{other} stopped waiting while {name} held the turn"
                );
            }
        }
        neg.ok(&["end-analysis", "{dir}", name]);
    }
    assert_eq!(neg.read("phase.md").trim(), "positions");
}

#[test]
fn waiters_for_start_all_proceed_once_the_last_agent_registers() {
    let neg = Neg::init(3);
    neg.ok(&["register", "{dir}", "agent-alpha"]);
    neg.ok(&["register", "{dir}", "agent-beta"]);
    let first = spawn(&neg, NOW, &["wait-for-start", "{dir}", "agent-alpha"]);
    let second = spawn(&neg, NOW, &["wait-for-start", "{dir}", "agent-beta"]);
    neg.ok(&["register", "{dir}", "agent-gamma"]);
    let third = neg.ok(&["wait-for-start", "{dir}", "agent-gamma"]);
    for (code, out) in [finish(first), finish(second)] {
        assert_eq!(code, 0);
        assert!(out.contains("All 3 agents registered."));
        assert!(out.contains("First turn: agent-alpha"));
    }
    assert!(third.contains("Turn order: 3 of 3"));
    let turns = neg
        .read(".parley/log.jsonl")
        .lines()
        .filter(|l| l.contains("\"event\":\"turn\""))
        .count();
    assert_eq!(turns, 1, "the first turn is set exactly once");
}

#[test]
fn wait_for_start_wakes_by_itself_at_the_deadline() {
    let neg = Neg::init(3);
    neg.ok(&["register", "{dir}", "agent-alpha"]);
    neg.ok(&["register", "{dir}", "agent-beta"]);
    // The deadline is NOW + 120 s; start 0.3 s before it.
    let output = neg.run_at(
        "2026-02-18T10:01:59.700Z",
        &["wait-for-start", "{dir}", "agent-beta", "--allow-partial"],
    );
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    assert!(stdout(&output).contains("Registration deadline passed. Proceeding with 2 agents."));
}

#[test]
fn ctrl_c_ends_a_wait_with_130() {
    let neg = Neg::in_positions(2);
    let child = spawn(&neg, NOW, &["wait", "{dir}", "agent-beta"]);
    // The waiter installs its Ctrl-C handler before it starts watching the directory: once
    // it holds an inotify descriptor, SIGINT goes to the handler.
    wait_until_watching(&child);
    // SAFETY: sending a signal to our own child process.
    unsafe { libc::kill(child.id() as i32, libc::SIGINT) };
    assert_eq!(finish(child).0, 130);
    assert_eq!(neg.turn(), "agent-alpha");
}

#[test]
fn a_waiter_sleeps_instead_of_spinning_on_its_own_reads() {
    // Reading the state raises access events on the watched directory; a waiter that woke
    // on them would re-read forever. Over a second of waiting it must use next to no CPU
    // (a spinning waiter uses most of a core; the bound is far above an idle one's).
    let neg = Neg::in_positions(2);
    let child = spawn(&neg, NOW, &["wait", "{dir}", "agent-beta"]);
    wait_until_watching(&child);
    let before = cpu_ticks(&child);
    std::thread::sleep(std::time::Duration::from_secs(1));
    let used = cpu_ticks(&child) - before;
    neg.ok(&["hand-off", "{dir}", "agent-alpha"]);
    assert_eq!(finish(child).0, 0);
    assert!(
        used < 30,
        "the waiter used {used} ticks of CPU in 1 s of waiting"
    );
}
