//! Issue 14, section 3, through the binary: inputs that are not regular files are refused
//! without blocking, a key given twice in meta.md is an error, every exit of 64 or more
//! carries `ok` false and an `error`, structured fields must be populated, and parsers stay
//! linear on large inputs. The property tests of every parser are in `src/` (`cargo test
//! --lib`), where they run in-process.

use std::ffi::CString;
use std::os::unix::ffi::OsStrExt;
use std::path::Path;
use std::process::{Output, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use serde_json::Value;
use tempfile::TempDir;

use crate::support::{Neg, code, parley_std, stderr, stdout};

/// Runs `args` (with `{tmp}` replaced by the workspace) to completion with stdin closed. A
/// process still running after a minute is killed and the test fails: a guard against a
/// regression that would block forever (on a FIFO, say), never a timing assertion.
fn bounded(tmp: &Path, args: &[&str]) -> Output {
    let dir = tmp.to_string_lossy().into_owned();
    let mut command = parley_std();
    command
        .current_dir(tmp)
        .args(args.iter().map(|a| a.replace("{tmp}", &dir)))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let child = command.spawn().unwrap();
    let pid = child.id() as i32;
    let (done, ended) = mpsc::channel::<()>();
    let guard = std::thread::spawn(move || {
        let blocked = ended.recv_timeout(Duration::from_secs(60)).is_err();
        if blocked {
            // SAFETY: kill(2) on the pid of a child not yet waited for.
            unsafe { libc::kill(pid, libc::SIGKILL) };
        }
        blocked
    });
    let output = child.wait_with_output().unwrap();
    let _ = done.send(());
    assert!(
        !guard.join().unwrap(),
        "parley {args:?} blocked and was killed"
    );
    output
}

/// Adds `--json` where parley reads it: before a `--` that starts a provider's command.
fn with_json(args: &mut Vec<&str>) {
    let at = args.iter().position(|a| *a == "--").unwrap_or(args.len());
    args.insert(at, "--json");
}

fn envelope(output: &Output) -> Value {
    serde_json::from_str(stdout(output).trim()).unwrap_or_else(|e| {
        panic!(
            "not one JSON envelope ({e}):\nstdout: {}\nstderr: {}",
            stdout(output),
            stderr(output)
        )
    })
}

/// A FIFO at `path`, made with mkfifo(3).
fn mkfifo(path: &Path) {
    let name = CString::new(path.as_os_str().as_bytes()).unwrap();
    // SAFETY: a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o600) }, 0, "mkfifo");
}

/// A workspace with a FIFO `fifo`, a parliament `parl`, a bounce session `s.md` and a
/// negotiation `neg` in its positions phase.
fn workspace() -> TempDir {
    let tmp = TempDir::new().unwrap();
    mkfifo(&tmp.path().join("fifo"));
    let ok = |args: &[&str]| {
        let output = bounded(tmp.path(), args);
        assert_eq!(code(&output), 0, "{args:?}: {}", stderr(&output));
    };
    ok(&[
        "parliament",
        "init",
        "parl",
        "--problem",
        "p",
        "--rep",
        "rep_1:One:cost",
    ]);
    ok(&["bounce", "new", "s.md", "--title", "T", "--agents", "a,b"]);
    ok(&["init", "neg", "2"]);
    tmp
}

/// A FIFO planted where an append reads its record of what the spare ledger shares is
/// neither waited for nor read: the append goes on as without a record.
#[test]
fn a_fifo_at_the_spares_record_is_never_waited_for() {
    let tmp = workspace();
    let message = tmp.path().join("question.json");
    std::fs::write(
        &message,
        r#"{"type": "QUESTION", "from": "rep_1", "to": "rep_1",
            "content": {"topic": "t", "question": "Why?", "motive_context": "Because."}}"#,
    )
    .unwrap();
    let append = || {
        bounded(
            tmp.path(),
            &["parliament", "append", "parl", "question.json"],
        )
    };
    let first = append();
    assert_eq!(code(&first), 0, "{}", stderr(&first));
    let record = tmp
        .path()
        .join("parl/.parley/spare/ledger.json.spare.shared");
    std::fs::remove_file(&record).unwrap();
    mkfifo(&record);
    let second = append();
    assert_eq!(code(&second), 0, "{}", stderr(&second));
}

#[test]
fn an_input_that_is_a_fifo_is_refused_without_blocking() {
    let tmp = workspace();
    let cases: &[(&[&str], &str)] = &[
        (
            &["parliament", "append", "parl", "fifo"],
            "UNREADABLE_INPUT",
        ),
        (
            &["feedback", "validate", "request", "fifo"],
            "UNREADABLE_INPUT",
        ),
        (
            &["feedback", "validate", "response", "fifo"],
            "UNREADABLE_INPUT",
        ),
        (
            &[
                "feedback",
                "validate",
                "response",
                "--request",
                "fifo",
                "fifo",
            ],
            "UNREADABLE_INPUT",
        ),
        (&["feedback", "extract", "fifo"], "UNREADABLE_INPUT"),
        (
            &[
                "feedback",
                "ask",
                "conv",
                "--artifact",
                "fifo",
                "--",
                "true",
            ],
            "UNREADABLE_INPUT",
        ),
        (
            &[
                "bounce",
                "new",
                "t.md",
                "--title",
                "T",
                "--agents",
                "a",
                "--context-file",
                "fifo",
            ],
            "UNREADABLE_INPUT",
        ),
        (
            &[
                "bounce",
                "append",
                "s.md",
                "--author",
                "a",
                "--stance",
                "approve",
                "--confidence",
                "1",
                "--summary",
                "s",
                "--action-requested",
                "r",
                "--evidence",
                "e",
                "--body-file",
                "fifo",
            ],
            "UNREADABLE_INPUT",
        ),
        (
            &["position", "neg", "agent-alpha", "1", "--file", "fifo"],
            "UNREADABLE_INPUT",
        ),
        (&["bounce", "validate", "fifo"], "FILE_UNREADABLE"),
        (&["bounce", "status", "fifo"], "NO_SESSION"),
    ];
    for (args, expected) in cases {
        let mut args = args.to_vec();
        with_json(&mut args);
        let output = bounded(tmp.path(), &args);
        assert_eq!(code(&output), 66, "{args:?}: {}", stdout(&output));
        let value = envelope(&output);
        assert_eq!(value["ok"], false, "{args:?}: {value}");
        assert_eq!(value["error"]["code"], *expected, "{args:?}: {value}");
    }
    // Nothing was created on the way.
    for absent in ["t.md", "conv"] {
        assert!(!tmp.path().join(absent).exists(), "{absent}");
    }
    let message = envelope(&bounded(
        tmp.path(),
        &["parliament", "append", "parl", "fifo", "--json"],
    ))["error"]["message"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(
        message.contains("FIFO") && message.contains("fifo"),
        "{message}"
    );
    // Standard input stays readable whatever it is (a pipe is its normal form).
    let output = bounded(
        tmp.path(),
        &["feedback", "validate", "request", "-", "--json"],
    );
    assert_eq!(code(&output), 65, "{}", stdout(&output));
}

/// `init --topic-file` reads its file in `src/app.rs` with `std::fs::read_to_string`, which
/// this branch may not edit: the lead switches it to `crate::input::Source`, then this test
/// runs (see docs/design.md, "Inputs that are not regular files").
#[test]
fn a_topic_file_that_is_a_fifo_is_refused_without_blocking() {
    let tmp = TempDir::new().unwrap();
    mkfifo(&tmp.path().join("fifo"));
    let output = bounded(
        tmp.path(),
        &["init", "neg", "2", "--topic-file", "fifo", "--json"],
    );
    assert!(code(&output) >= 64, "{}", stdout(&output));
    assert_eq!(envelope(&output)["ok"], false);
    assert!(!tmp.path().join("neg").exists());
}

#[test]
fn a_key_given_twice_in_meta_md_is_an_error_naming_file_and_line() {
    let neg = Neg::init(2);
    let meta = neg.read("meta.md");
    let line = meta.lines().count() + 1;
    neg.write("meta.md", &format!("{meta}- **expected_agents:** 5\n"));
    for command in ["status", "register"] {
        let args: Vec<&str> = if command == "register" {
            vec![command, "{dir}", "agent-alpha", "--json"]
        } else {
            vec![command, "{dir}", "--json"]
        };
        let output = neg.run(&args);
        assert_eq!(code(&output), 65, "{command}: {}", stdout(&output));
        let value = envelope(&output);
        assert_eq!(value["error"]["code"], "MALFORMED_STATE");
        let message = value["error"]["message"].as_str().unwrap();
        assert!(
            message.contains(&format!("meta.md:{line}")) && message.contains("expected_agents"),
            "{message}"
        );
    }
    // Nothing was registered.
    assert!(!neg.read("agents.md").contains("agent-alpha"));
}

#[test]
fn bounce_validate_of_a_missing_file_is_a_failure_with_ok_false() {
    let tmp = TempDir::new().unwrap();
    let output = bounded(tmp.path(), &["bounce", "validate", "missing.md", "--json"]);
    assert_eq!(code(&output), 66);
    let value = envelope(&output);
    assert_eq!(value["ok"], false, "{value}");
    assert_eq!(value["error"]["code"], "FILE_UNREADABLE");
    assert_eq!(value["error"]["exit"], 66);
    assert_eq!(value["data"]["files"][0]["verdict"], "invalid");
}

fn fixture(name: &str) -> String {
    std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/bounce")
            .join(name),
    )
    .unwrap()
}

/// (code, line) of every finding of the one file of a `bounce validate --json`.
fn bounce_findings(tmp: &Path, text: &str) -> (i32, Vec<(String, u64)>) {
    std::fs::write(tmp.join("s.md"), text).unwrap();
    let output = bounded(tmp, &["bounce", "validate", "s.md", "--json"]);
    let value = envelope(&output);
    let findings = value["data"]["files"][0]["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["code"].as_str().unwrap().to_owned(),
                f["line"].as_u64().unwrap(),
            )
        })
        .collect();
    (code(&output), findings)
}

#[test]
fn a_structured_field_present_but_empty_is_not_populated() {
    let tmp = TempDir::new().unwrap();
    let valid = fixture("valid-1.md");
    let line_of = |key: &str| valid.lines().position(|l| l.starts_with(key)).unwrap() as u64 + 1;
    for key in ["summary", "action_requested", "evidence"] {
        let original = valid
            .lines()
            .find(|l| l.starts_with(&format!("{key}: ")))
            .unwrap();
        for empty in [format!("{key}:"), format!("{key}:   ")] {
            let text = valid.replace(original, &empty);
            let (exit, findings) = bounce_findings(tmp.path(), &text);
            assert_eq!(exit, 1, "{empty:?}: {findings:?}");
            assert!(
                findings.contains(&("FIELD_EMPTY".to_owned(), line_of(key))),
                "{empty:?}: {findings:?}"
            );
        }
        // In free-text mode an empty field is allowed, as a missing one is.
        let text = valid
            .replace(original, &format!("{key}:"))
            .replace("output-format: structured", "output-format: free-text");
        let (exit, findings) = bounce_findings(tmp.path(), &text);
        assert!(exit == 0, "{key}: {findings:?}");
    }
}

/// Every subcommand path, from the help's `Commands:` lists.
fn command_paths(prefix: &[String], paths: &mut Vec<Vec<String>>) {
    let mut args = prefix.to_vec();
    args.push("--help".into());
    let output = parley_std()
        .args(&args)
        .env("COLUMNS", "200")
        .output()
        .unwrap();
    let help = stdout(&output);
    let mut commands = Vec::new();
    let mut listing = false;
    for line in help.lines() {
        if line.starts_with("Commands:") {
            listing = true;
            continue;
        }
        if listing {
            let Some(name) = line.split_whitespace().next() else {
                break;
            };
            if !line.starts_with("  ") {
                break;
            }
            if name != "help" {
                commands.push(name.to_owned());
            }
        }
    }
    if commands.is_empty() {
        paths.push(prefix.to_vec());
    }
    for command in commands {
        let mut path = prefix.to_vec();
        path.push(command);
        command_paths(&path, paths);
    }
}

#[test]
fn every_exit_of_64_or_more_carries_ok_false_and_an_error_in_every_command() {
    let tmp = workspace();
    std::fs::write(tmp.path().join("garbage"), b"\xff\x00not anything\n").unwrap();
    let mut paths = Vec::new();
    command_paths(&[], &mut paths);
    assert!(paths.len() > 40, "{paths:?}");
    // Error paths each command can hit without a live peer: no such directory or file, a
    // file of garbage, a FIFO, a bad name, no arguments at all.
    let attempts: &[&[&str]] = &[
        &[],
        &["{tmp}/none/x"],
        &["{tmp}/none/x", "agent-alpha"],
        &["{tmp}/none/x", "agent-alpha", "1"],
        &["{tmp}/garbage"],
        &["{tmp}/garbage", "agent-alpha"],
        &["{tmp}/fifo"],
        &["{tmp}/neg", "Bad Name"],
        &["{tmp}/neg", "agent-alpha", "99"],
        &["{tmp}/s.md", "--author", "x"],
        &["{tmp}/parl", "{tmp}/fifo"],
        &["{tmp}/parl", "--round", "99"],
    ];
    let mut failures = 0;
    for path in &paths {
        // The demo plays whole scenes, and `links` and `man` create their directory with its
        // parents (a success, not an error path).
        if path
            .first()
            .is_some_and(|p| p == "demo" || p == "links" || p == "man")
        {
            continue;
        }
        for attempt in attempts {
            let mut args: Vec<&str> = path.iter().map(String::as_str).collect();
            args.extend_from_slice(attempt);
            if path.iter().any(|p| p == "ask") {
                args.extend(["--artifact", "{tmp}/fifo", "--", "true"]);
            }
            with_json(&mut args);
            let output = bounded(tmp.path(), &args);
            let exit = code(&output);
            if exit < 64 {
                continue;
            }
            failures += 1;
            let value = envelope(&output);
            assert_eq!(value["ok"], false, "{args:?} exit {exit}: {value}");
            assert!(value["error"]["code"].is_string(), "{args:?}: {value}");
            assert!(value["error"]["message"].is_string(), "{args:?}: {value}");
            assert_eq!(value["error"]["exit"], exit, "{args:?}: {value}");
        }
    }
    assert!(failures > 100, "only {failures} error paths reached");
    // Nothing was created outside the workspace's own files.
    assert!(!tmp.path().join("none").exists());
}

/// Sizes where the parsers were quadratic (issue 14: `status` with a 40 000-line agents.md
/// took 1.6 s, `bounce validate` with 32 000 agents 0.9 s). Not timed: the files are built at
/// those sizes and must be read whole and right; docs/design.md has the measurements.
#[test]
fn large_agent_lists_are_read_whole() {
    let neg = Neg::init(2);
    let mut text = neg.read("agents.md");
    for n in 0..40_000 {
        text.push_str(&format!("- agent-{n} (registered: 2026-02-18T10:00:00Z)\n"));
    }
    // The duplicate check still works at that size (and names the line).
    neg.write("agents.md", &text);
    let output = neg.run(&["status", "{dir}", "--json"]);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let duplicated = format!("{text}- agent-7 (registered: 2026-02-18T10:00:00Z)\n");
    neg.write("agents.md", &duplicated);
    let output = neg.run(&["status", "{dir}", "--json"]);
    assert_eq!(code(&output), 65);
    let message = envelope(&output)["error"]["message"].to_string();
    let line = duplicated.lines().count();
    assert!(message.contains(&format!("agents.md:{line}")), "{message}");

    let tmp = TempDir::new().unwrap();
    let many: String = (0..32_000).map(|n| format!("  - agent-{n}\n")).collect();
    let session = fixture("valid-1.md").replace(
        "  - security-auditor\n",
        &format!("{many}  - security-auditor\n"),
    );
    let (exit, findings) = bounce_findings(tmp.path(), &session);
    assert_eq!(exit, 0, "{findings:?}");
    let twice = session.replace(
        "  - security-auditor\n",
        "  - security-auditor\n  - agent-9\n",
    );
    let (exit, findings) = bounce_findings(tmp.path(), &twice);
    assert_eq!(exit, 1);
    assert!(
        findings.iter().any(|f| f.0 == "AGENT_DUPLICATE"),
        "{findings:?}"
    );
}

/// A long bounce session (the walk over its entries was quadratic: 20 000 entries took over
/// 30 s, 10 000 entries among 5 000 agents over 100 s), read whole and right.
#[test]
fn a_long_bounce_session_is_read_whole() {
    let tmp = TempDir::new().unwrap();
    for (agents, entries) in [(2, 20_000), (3_000, 6_000)] {
        let names: Vec<String> = (0..agents).map(|n| format!("agent-{n}")).collect();
        let mut text = String::from(
            "<!-- bounce-protocol: 0.1 -->\n<!-- created: 2026-02-18T10:00:00Z -->\n\
             <!-- session-id: a1b2c3d4-e5f6-4890-abcd-ef1234567890 -->\n\n\
             # Bounce Session: Long\n\n## Protocol Rules\n\n```yaml\nagents:\n",
        );
        for name in &names {
            text.push_str(&format!("  - {name}\n"));
        }
        text.push_str(
            "turn-order: round-robin\nmax-turns-per-round: 1\nturn-timeout: 300\n\
             consensus-threshold: 1.0\nconsensus-mode: unanimous\nescalation: human\n\
             max-rounds: 100000\noutput-format: free-text\n```\n\n## Context\n\nLong.\n\n\
             ## Dialogue\n\n",
        );
        for turn in 0..entries {
            text.push_str(&format!(
                "<!-- entry: {turn:08x}-0000-4000-8000-000000000000 -->\n\
                 <!-- turn: {} round: {} -->\n\
                 2026-02-18T10:01:00Z [author: {}] [status: yield]\n\nText.\n\n<!-- yield -->\n\n",
                turn + 1,
                turn / agents + 1,
                names[turn % agents]
            ));
        }
        let (exit, findings) = bounce_findings(tmp.path(), &text);
        assert_eq!(
            exit,
            0,
            "{agents} agents: {:?}",
            &findings[..findings.len().min(5)]
        );
        let output = bounded(tmp.path(), &["bounce", "status", "s.md", "--json"]);
        assert_eq!(code(&output), 0, "{}", stdout(&output));
        let value = envelope(&output);
        assert_eq!(value["data"]["round"], entries / agents + 1, "{value}");
    }
}
