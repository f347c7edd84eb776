//! Races between real processes of the real binary (spec §5, defects 1, 2, 4, 11 and 12): every
//! racer is spawned before any is waited for, so they truly run at once. Every assertion is an
//! invariant (exactly one winner, nothing lost, nothing torn), never a duration.
//!
//! The racing commands get a generous `--lock-timeout`: on a busy machine with real fsyncs a
//! queue of 32 writers can take longer than the default, and a timeout (75) is not what these
//! tests are about. Lock timeouts have tests of their own below.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Child, Output, Stdio};
use std::time::{Duration, Instant};

use crate::support::*;

/// Passed to every racer: long enough that nobody gives up on the lock, whatever the load.
const PATIENT: &str = "120";

/// The issue template of spec §2, exactly.
const TEMPLATE: &str = "# Issue: [TODO: Short Title]\n\
\n\
## Question\n\
[TODO: What specific decision needs to be made?]\n\
\n\
## Context\n\
[TODO: Relevant background, references to source docs.]\n\
\n\
## Position A\n\
[TODO: What one source says or implies.]\n\
\n\
## Position B\n\
[TODO: What the other source says or implies.]\n";

/// Starts `parley ARGS` (with `{dir}` replaced) without waiting for it.
pub(crate) fn spawn(neg: &Neg, args: &[&str]) -> Child {
    let dir = neg.dir.to_string_lossy().into_owned();
    let args: Vec<String> = args.iter().map(|a| a.replace("{dir}", &dir)).collect();
    parley_std()
        .current_dir(neg.tmp.path())
        .args(&args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Spawns one process per argument list, all of them before waiting for any, then waits for
/// all. Outputs come back in the order of `runs`.
pub(crate) fn race(neg: &Neg, runs: &[Vec<String>]) -> Vec<Output> {
    let children: Vec<Child> = runs
        .iter()
        .map(|args| {
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            spawn(neg, &args)
        })
        .collect();
    children
        .into_iter()
        .map(|child| child.wait_with_output().unwrap())
        .collect()
}

/// `n` copies of the same command.
fn times(n: usize, args: &[&str]) -> Vec<Vec<String>> {
    (0..n)
        .map(|_| args.iter().map(|a| (*a).to_owned()).collect())
        .collect()
}

fn describe(output: &Output) -> String {
    format!(
        "exit {:?}\nstdout: {}\nstderr: {}",
        output.status.code(),
        stdout(output),
        stderr(output)
    )
}

/// The agent names of `agents.md`, in order (`- NAME (registered: ...)` lines).
fn agent_lines(neg: &Neg) -> Vec<String> {
    neg.read("agents.md")
        .lines()
        .filter_map(|line| line.strip_prefix("- "))
        .map(|rest| rest.split(' ').next().unwrap_or_default().to_owned())
        .collect()
}

/// The file names of a directory, sorted.
fn file_names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// Leftover staging files or directories directly inside `dir`.
fn temporaries(dir: &Path) -> Vec<String> {
    file_names(dir)
        .into_iter()
        .filter(|n| n.starts_with(".parley-tmp-"))
        .collect()
}

/// What is missing or wrong in a freshly initialized negotiation directory (empty: complete).
fn incompleteness(dir: &Path) -> Vec<String> {
    let mut wrong = Vec::new();
    let read = |rel: &str| std::fs::read_to_string(dir.join(rel));
    for file in ["meta.md", "agents.md", "topic.md"] {
        match read(file) {
            Ok(text) if !text.trim().is_empty() => {}
            Ok(_) => wrong.push(format!("{file} is empty")),
            Err(e) => wrong.push(format!("{file}: {e}")),
        }
    }
    match read("meta.md") {
        Ok(text) if text.contains("expected_agents:** 2") => {}
        Ok(text) => wrong.push(format!("meta.md lacks expected_agents 2: {text:?}")),
        Err(_) => {}
    }
    match read("agents.md") {
        Ok(text) if text.starts_with("# Registered Agents") => {}
        Ok(text) => wrong.push(format!("agents.md has no heading: {text:?}")),
        Err(_) => {}
    }
    for (file, expected) in [("turn.md", "registration"), ("phase.md", "analysis")] {
        match read(file) {
            Ok(text) if text.trim() == expected => {}
            Ok(text) => wrong.push(format!("{file} is {text:?}, not {expected}")),
            Err(e) => wrong.push(format!("{file}: {e}")),
        }
    }
    for sub in ["sources", "issues", "positions", "analysis", "issues-draft"] {
        if !dir.join(sub).is_dir() {
            wrong.push(format!("{sub}/ is missing"));
        }
    }
    wrong
}

/// Checks that `files` (sorted names of `dir`) are exactly `01-*.md` .. `NN-*.md`, one per
/// number, each holding the issue template.
fn assert_numbered_templates(dir: &Path, files: &[String], count: u64) {
    let numbers: Vec<u64> = files
        .iter()
        .map(|f| {
            let (digits, _) = f.split_once('-').unwrap_or_else(|| panic!("odd file {f}"));
            assert!(digits.len() >= 2, "{f} is not zero-padded");
            digits.parse().unwrap_or_else(|_| panic!("odd file {f}"))
        })
        .collect();
    let expected: Vec<u64> = (1..=count).collect();
    assert_eq!(
        numbers, expected,
        "numbering has gaps or repeats: {files:?}"
    );
    for file in files {
        let text = std::fs::read_to_string(dir.join(file)).unwrap();
        assert_eq!(text, TEMPLATE, "{file} is not the whole template");
    }
}

// ---------------------------------------------------------------------------------------------
// init

#[test]
fn sixteen_racing_inits_one_winner_and_every_loser_sees_a_complete_directory() {
    let neg = Neg::empty();
    let dir = neg.dir.to_string_lossy().into_owned();
    let children: Vec<Child> = (0..16)
        .map(|_| spawn(&neg, &["init", "{dir}", "2"]))
        .collect();
    // One thread per child: each loser's directory is inspected the moment it has exited,
    // before any other racer is waited for.
    let threads: Vec<_> = children
        .into_iter()
        .map(|child| {
            let dir = neg.dir.clone();
            std::thread::spawn(move || {
                let output = child.wait_with_output().unwrap();
                let seen = if code(&output) == 3 {
                    incompleteness(&dir)
                } else {
                    Vec::new()
                };
                (output, seen)
            })
        })
        .collect();
    let results: Vec<(Output, Vec<String>)> =
        threads.into_iter().map(|t| t.join().unwrap()).collect();

    let winners = results.iter().filter(|(o, _)| code(o) == 0).count();
    assert_eq!(winners, 1, "exactly one init must win");
    let already = format!("Already initialized: {dir} (another agent got here first)");
    for (output, seen) in &results {
        match code(output) {
            0 => assert!(
                stdout(output).contains(&format!("Negotiation initialized at: {dir}")),
                "{}",
                describe(output)
            ),
            3 => {
                assert!(stdout(output).contains(&already), "{}", describe(output));
                assert!(
                    seen.is_empty(),
                    "a loser got exit 3 before the directory was complete: {seen:?}"
                );
            }
            _ => panic!("an init racer neither won nor lost: {}", describe(output)),
        }
    }
    assert!(incompleteness(&neg.dir).is_empty());
    assert_eq!(
        temporaries(neg.tmp.path()),
        Vec::<String>::new(),
        "staging directories left beside DIR"
    );
}

// ---------------------------------------------------------------------------------------------
// register

#[test]
fn sixteen_racing_registrations_of_one_name_one_winner() {
    let neg = Neg::init(16);
    let outputs = race(
        &neg,
        &times(
            16,
            &[
                "--lock-timeout",
                PATIENT,
                "register",
                "{dir}",
                "agent-alpha",
            ],
        ),
    );
    let winners = outputs.iter().filter(|o| code(o) == 0).count();
    assert_eq!(
        winners, 1,
        "exactly one registration of agent-alpha must win"
    );
    for output in &outputs {
        match code(output) {
            0 => assert!(stdout(output).contains("Registered: agent-alpha (1/16 agents)")),
            1 => assert!(
                stdout(output).contains("Already registered: agent-alpha"),
                "{}",
                describe(output)
            ),
            _ => panic!("unexpected answer: {}", describe(output)),
        }
    }
    assert_eq!(agent_lines(&neg), vec!["agent-alpha".to_owned()]);
}

#[test]
fn sixteen_racing_registrations_of_distinct_names_all_win_and_one_deadline_is_written() {
    let neg = Neg::init(16);
    let names: Vec<String> = (1..=16).map(|n| format!("agent-{n}")).collect();
    let runs: Vec<Vec<String>> = names
        .iter()
        .map(|name| {
            ["--lock-timeout", PATIENT, "register", "{dir}", name]
                .iter()
                .map(|a| (*a).to_owned())
                .collect()
        })
        .collect();
    let outputs = race(&neg, &runs);
    let mut counts = Vec::new();
    for (name, output) in names.iter().zip(&outputs) {
        assert_eq!(code(output), 0, "{name}: {}", describe(output));
        let out = stdout(output);
        let prefix = format!("Registered: {name} (");
        let line = out
            .lines()
            .find(|l| l.starts_with(&prefix))
            .unwrap_or_else(|| panic!("{name}: {out}"));
        let k: u32 = line[prefix.len()..]
            .split('/')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        counts.push(k);
    }
    counts.sort_unstable();
    assert_eq!(
        counts,
        (1..=16).collect::<Vec<u32>>(),
        "each registration counts a different k"
    );
    let started = outputs
        .iter()
        .filter(|o| stdout(o).contains("Registration window started. Deadline: "))
        .count();
    assert_eq!(started, 1, "exactly one registration starts the window");
    let complete = outputs
        .iter()
        .filter(|o| stdout(o).contains("All agents registered. Negotiation can begin."))
        .count();
    assert_eq!(complete, 1, "exactly one registration completes it");

    let registered = agent_lines(&neg);
    assert_eq!(registered.len(), 16, "{registered:?}");
    let distinct: BTreeSet<&String> = registered.iter().collect();
    let expected: BTreeSet<&String> = names.iter().collect();
    assert_eq!(distinct, expected);

    let meta = neg.read("meta.md");
    let deadlines = meta
        .lines()
        .filter(|l| l.contains("registration_deadline"))
        .count();
    assert_eq!(deadlines, 1, "meta.md:\n{meta}");
}

#[test]
fn sixteen_racing_auto_registrations_get_distinct_names() {
    let neg = Neg::init(16);
    let outputs = race(
        &neg,
        &times(
            16,
            &["--lock-timeout", PATIENT, "register", "{dir}", "--auto"],
        ),
    );
    let mut printed = BTreeSet::new();
    for output in &outputs {
        assert_eq!(code(output), 0, "{}", describe(output));
        let name = stdout(output).lines().next().unwrap_or_default().to_owned();
        assert!(
            name.starts_with("agent-"),
            "first line is not a name: {}",
            describe(output)
        );
        assert!(printed.insert(name.clone()), "{name} given twice");
    }
    assert_eq!(printed.len(), 16);
    let registered = agent_lines(&neg);
    assert_eq!(registered.len(), 16, "{registered:?}");
    let registered: BTreeSet<String> = registered.into_iter().collect();
    assert_eq!(registered, printed);
}

// ---------------------------------------------------------------------------------------------
// new issues and drafts

#[test]
fn thirty_two_racing_new_issues_get_distinct_numbers_without_gaps() {
    let neg = Neg::in_positions(2);
    let before = file_names(&neg.path("issues"));
    assert_eq!(before.len(), 2, "{before:?}");
    let runs: Vec<Vec<String>> = (0..32)
        .map(|k| {
            ["--lock-timeout", PATIENT, "new-issue", "{dir}"]
                .iter()
                .map(|a| (*a).to_owned())
                .chain([format!("raced-{k}")])
                .collect()
        })
        .collect();
    let outputs = race(&neg, &runs);
    let mut printed = BTreeSet::new();
    for (k, output) in outputs.iter().enumerate() {
        assert_eq!(code(output), 0, "new-issue raced-{k}: {}", describe(output));
        let file = stdout(output).trim_end().to_owned();
        assert!(
            file.ends_with(&format!("-raced-{k}.md")) && !file.contains('\n'),
            "new-issue raced-{k} printed {file:?}"
        );
        assert!(printed.insert(file.clone()), "{file} printed twice");
    }
    assert_eq!(printed.len(), 32);

    let files = file_names(&neg.path("issues"));
    assert_eq!(files.len(), 34, "{files:?}");
    for file in &printed {
        assert!(
            files.contains(file),
            "{file} was printed but is not in issues/"
        );
    }
    for file in &before {
        assert!(files.contains(file), "{file} was lost");
    }
    let numbers: Vec<u64> = files
        .iter()
        .map(|f| f.split_once('-').unwrap().0.parse().unwrap())
        .collect();
    assert_eq!(numbers, (1..=34).collect::<Vec<u64>>(), "{files:?}");
    let raced: Vec<String> = files
        .iter()
        .filter(|f| f.contains("-raced-"))
        .cloned()
        .collect();
    for file in &raced {
        let text = neg.read(&format!("issues/{file}"));
        assert_eq!(text, TEMPLATE, "{file} is not the whole template");
    }
    assert_eq!(temporaries(&neg.path("issues")), Vec::<String>::new());
}

#[test]
fn twelve_racing_drafts_are_numbered_in_decimal() {
    let neg = Neg::started(2);
    let runs: Vec<Vec<String>> = (0..12)
        .map(|k| {
            [
                "--lock-timeout",
                PATIENT,
                "file-draft-issue",
                "{dir}",
                "agent-alpha",
            ]
            .iter()
            .map(|a| (*a).to_owned())
            .chain([format!("raced-{k}")])
            .collect()
        })
        .collect();
    let outputs = race(&neg, &runs);
    let mut printed = BTreeSet::new();
    for (k, output) in outputs.iter().enumerate() {
        assert_eq!(code(output), 0, "draft raced-{k}: {}", describe(output));
        let file = stdout(output).trim_end().to_owned();
        assert!(
            file.ends_with(&format!("-raced-{k}.md")),
            "draft raced-{k} printed {file:?}"
        );
        assert!(printed.insert(file.clone()), "{file} printed twice");
    }
    let drafts: PathBuf = neg.path("issues-draft/agent-alpha");
    let files = file_names(&drafts);
    assert_eq!(files.len(), 12, "{files:?}");
    assert_eq!(files.iter().cloned().collect::<BTreeSet<_>>(), printed);
    for number in ["08", "09", "10", "11", "12"] {
        assert!(
            files.iter().any(|f| f.starts_with(&format!("{number}-"))),
            "no draft {number}: {files:?}"
        );
    }
    assert_numbered_templates(&drafts, &files, 12);
}

// ---------------------------------------------------------------------------------------------
// the lock

const HOLD_LOCK_VAR: &str = "PARLEY_TEST_HOLD_LOCK";

/// Not a test: run by [`LockHolder::start`] in a child copy of this test binary, it takes the
/// lock at `$PARLEY_TEST_HOLD_LOCK`, says so with a `.held` marker and keeps it until killed.
#[test]
#[ignore = "helper process for the lock tests; does nothing unless PARLEY_TEST_HOLD_LOCK is set"]
#[allow(clippy::disallowed_methods)]
fn lock_holder_helper() {
    let Some(path) = std::env::var_os(HOLD_LOCK_VAR) else {
        return;
    };
    let path = PathBuf::from(path);
    let file = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open(&path)
        .unwrap_or_else(|e| panic!("cannot open {}: {e}", path.display()));
    file.lock().expect("lock");
    std::fs::write(marker(&path), b"held\n").unwrap();
    std::thread::sleep(Duration::from_secs(60));
    drop(file);
}

fn marker(lock: &Path) -> PathBuf {
    let mut name = lock.as_os_str().to_owned();
    name.push(".held");
    PathBuf::from(name)
}

/// A child process holding the directory lock; killed (SIGKILL) when dropped at the latest.
struct LockHolder {
    child: Option<Child>,
}

impl LockHolder {
    fn start(neg: &Neg) -> LockHolder {
        let lock = neg.path(".parley/lock");
        assert!(lock.is_file(), "init made no {}", lock.display());
        let child = isolated(std::env::current_exe().unwrap())
            .args([
                "--exact",
                "concurrency::lock_holder_helper",
                "--ignored",
                "--nocapture",
            ])
            .env(HOLD_LOCK_VAR, &lock)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut holder = LockHolder { child: Some(child) };
        let held = marker(&lock);
        let give_up = Instant::now() + Duration::from_secs(20);
        while !held.exists() {
            let child = holder.child.as_mut().unwrap();
            if child.try_wait().unwrap().is_some() {
                let output = holder.child.take().unwrap().wait_with_output().unwrap();
                panic!(
                    "the lock holder exited before taking the lock: {}",
                    describe(&output)
                );
            }
            assert!(
                Instant::now() < give_up,
                "the lock holder did not take the lock within 20 s"
            );
            std::thread::sleep(Duration::from_millis(10));
        }
        holder
    }

    /// `kill -9`, then reap it.
    fn kill(mut self) {
        let mut child = self.child.take().unwrap();
        child.kill().unwrap();
        let status = child.wait().unwrap();
        assert!(
            !status.success(),
            "the holder was supposed to die: {status}"
        );
    }
}

impl Drop for LockHolder {
    fn drop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

#[test]
fn a_lock_holder_killed_with_sigkill_does_not_block_the_next_command() {
    let neg = Neg::in_positions(2);
    let holder = LockHolder::start(&neg);
    // The label a parley process that has exited left: not who holds the lock now (process
    // numbers stay below pid_max, so this one cannot run).
    let gone_pid: u64 = std::fs::read_to_string("/proc/sys/kernel/pid_max")
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    std::fs::write(
        neg.path(".parley/lock"),
        format!("pid {gone_pid}: parley final agent-alpha\n"),
    )
    .unwrap();

    // The lock is real: while it is held, a hand-off gives up with 75 and names the lock.
    let output = neg.run(&["--lock-timeout", "0.3", "hand-off", "{dir}", "agent-alpha"]);
    assert_eq!(code(&output), 75, "{}", describe(&output));
    assert!(
        stderr(&output).contains(".parley/lock"),
        "the error does not name the lock: {}",
        describe(&output)
    );
    assert!(
        stderr(&output).contains(&format!(
            "(holder unknown: no process {gone_pid}, the last parley holder, runs here)"
        )),
        "{}",
        describe(&output)
    );
    assert_eq!(neg.turn(), "agent-alpha");

    holder.kill();

    let output = neg.run(&["poll", "{dir}", "agent-beta"]);
    assert_eq!(
        (code(&output), stdout(&output).trim_end()),
        (1, "waiting (current turn: agent-alpha)"),
        "{}",
        describe(&output)
    );
    let output = neg.run(&["hand-off", "{dir}", "agent-alpha"]);
    assert_eq!(code(&output), 0, "{}", describe(&output));
    assert!(
        stdout(&output).contains("Turn handed to: agent-beta"),
        "{}",
        describe(&output)
    );
    assert_eq!(neg.turn(), "agent-beta");
    let output = neg.run(&["poll", "{dir}", "agent-beta"]);
    assert_eq!(
        (code(&output), stdout(&output).trim_end()),
        (0, "your-turn"),
        "{}",
        describe(&output)
    );
}

#[test]
fn a_held_lock_makes_poll_give_up_with_75_and_change_nothing() {
    let neg = Neg::in_positions(2);
    let holder = LockHolder::start(&neg);
    let lock = neg.path(".parley/lock");
    // The holder's marker is scaffolding of this test, and it may still be being written when
    // the holder is seen to exist; only parley's own files are compared.
    let held = marker(&lock);
    let without_lock = |files: Vec<(PathBuf, Vec<u8>)>| -> Vec<(PathBuf, Vec<u8>)> {
        files
            .into_iter()
            .filter(|(path, _)| path != &lock && path != &held)
            .collect()
    };
    let before = without_lock(snapshot(&neg.dir));

    let output = neg.run(&[
        "--lock-timeout",
        "0.2",
        "poll",
        "{dir}",
        "agent-alpha",
        "--json",
    ]);
    assert_eq!(code(&output), 75, "{}", describe(&output));
    let envelope: serde_json::Value = serde_json::from_str(stdout(&output).trim())
        .unwrap_or_else(|e| panic!("not one JSON object ({e}): {}", describe(&output)));
    assert_eq!(envelope["ok"], serde_json::json!(false), "{envelope}");
    assert_eq!(envelope["error"]["code"], "LOCK_TIMEOUT", "{envelope}");

    let after = without_lock(snapshot(&neg.dir));
    drop(holder);
    assert!(
        before == after,
        "a poll that timed out on the lock changed DIR"
    );
}

// ---------------------------------------------------------------------------------------------
// mixed storm

#[test]
fn twenty_polls_racing_a_hand_off_leave_a_consistent_turn() {
    let neg = Neg::in_positions(2);
    let mut runs = times(
        20,
        &["--lock-timeout", PATIENT, "poll", "{dir}", "agent-beta"],
    );
    // The hand-off in the middle of the spawn order, so polls start before and after it.
    runs.insert(
        10,
        [
            "--lock-timeout",
            PATIENT,
            "hand-off",
            "{dir}",
            "agent-alpha",
        ]
        .iter()
        .map(|a| (*a).to_owned())
        .collect(),
    );
    let mut outputs = race(&neg, &runs);
    let hand_off = outputs.remove(10);
    assert_eq!(code(&hand_off), 0, "{}", describe(&hand_off));
    assert!(stdout(&hand_off).contains("Turn handed to: agent-beta"));
    for output in &outputs {
        match code(output) {
            0 => assert_eq!(stdout(output).trim_end(), "your-turn"),
            1 => assert_eq!(
                stdout(output).trim_end(),
                "waiting (current turn: agent-alpha)"
            ),
            _ => panic!("a poll failed during the storm: {}", describe(output)),
        }
    }
    assert_eq!(
        neg.read("turn.md").trim_end_matches('\n'),
        "agent-beta",
        "turn.md must hold exactly one name"
    );
    let started = neg.read(".turn-started");
    assert_eq!(
        started.lines().next(),
        Some("agent-beta"),
        ".turn-started: {started:?}"
    );
    assert_eq!(temporaries(&neg.dir), Vec::<String>::new());
}

/// `parley token new` and `revoke` rewrite the tokens file whole: at once, each must still see
/// the others' changes (a lock beside the file), so no token is lost and none comes back.
#[test]
fn sixteen_racing_token_commands_lose_no_change() {
    let neg = Neg::init(2);
    let file = neg.tmp.path().join("tokens.toml");
    let file_arg = file.to_string_lossy().into_owned();
    for n in 0..4 {
        let output = parley_std()
            .args(["token", "new", &file_arg, "--viewer", "--label"])
            .arg(format!("old-{n}"))
            .output()
            .unwrap();
        assert_eq!(code(&output), 0, "{}", describe(&output));
    }
    let owned = |args: &[&str]| {
        args.iter()
            .map(|a| (*a).to_owned())
            .collect::<Vec<String>>()
    };
    let mut runs: Vec<Vec<String>> = (0..12)
        .map(|n| {
            let label = format!("new-{n}");
            owned(&[
                "--lock-timeout",
                PATIENT,
                "token",
                "new",
                &file_arg,
                "--agent",
                "agent-alpha",
                "--label",
                &label,
            ])
        })
        .collect();
    runs.extend((0..4).map(|n| {
        let label = format!("old-{n}");
        owned(&[
            "--lock-timeout",
            PATIENT,
            "token",
            "revoke",
            &file_arg,
            &label,
        ])
    }));
    for output in race(&neg, &runs) {
        assert_eq!(code(&output), 0, "{}", describe(&output));
    }
    let listed = parley_std()
        .args(["token", "list", &file_arg])
        .output()
        .unwrap();
    assert_eq!(code(&listed), 0, "{}", describe(&listed));
    let labels: BTreeSet<String> = stdout(&listed)
        .lines()
        .filter_map(|line| line.split('\t').next())
        .map(str::to_owned)
        .collect();
    let expected: BTreeSet<String> = (0..12).map(|n| format!("new-{n}")).collect();
    assert_eq!(labels, expected);
}
