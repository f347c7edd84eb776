//! Bad input of every kind: invalid names and topics in every applet that takes one, a DIR
//! that is not a negotiation, corrupt state files, usage errors and a bad clock. Each is an
//! error of its own exit code (64, 65, 66; never an answer 0 to 4), says what is wrong on
//! stderr, and changes nothing in the workspace.

use std::ffi::{OsStr, OsString};
use std::os::unix::ffi::OsStrExt;
use std::path::PathBuf;
use std::process::Output;

use serde_json::Value;

use crate::support::*;

/// The whole workspace except the lock file, whose content is a label that may change.
fn workspace(neg: &Neg) -> Vec<(PathBuf, Vec<u8>)> {
    let lock = neg.path(".parley/lock");
    snapshot(neg.tmp.path())
        .into_iter()
        .filter(|(path, _)| path != &lock)
        .collect()
}

/// Runs parley with raw (possibly non-UTF-8) arguments; an argument `{dir}` is replaced by
/// the negotiation directory.
fn run_os(neg: &Neg, now: &str, args: &[OsString]) -> Output {
    let args: Vec<OsString> = args
        .iter()
        .map(|a| {
            if a == "{dir}" {
                neg.dir.clone().into_os_string()
            } else {
                a.clone()
            }
        })
        .collect();
    parley()
        .env("PARLEY_NOW", now)
        .current_dir(neg.tmp.path())
        .args(&args)
        .output()
        .unwrap()
}

fn os(text: &str) -> OsString {
    OsString::from(text)
}

fn report(output: &Output) -> String {
    format!(
        "exit {:?}\nstdout: {}\nstderr: {}",
        output.status.code(),
        stdout(output),
        stderr(output)
    )
}

/// Every kind of invalid name, with a label for messages.
fn bad_names() -> Vec<(&'static str, OsString)> {
    vec![
        ("a slash", os("agent/alpha")),
        ("a leading slash", os("/etc/passwd")),
        ("dot-dot", os("..")),
        ("dot-dot-slash", os("../../escape")),
        ("a dot", os("agent.alpha")),
        ("upper case", os("Agent-Alpha")),
        ("the empty string", os("")),
        ("a space", os("agent alpha")),
        ("10 000 characters", os(&"a".repeat(10_000))),
        (
            "non-UTF-8 bytes",
            OsStr::from_bytes(b"agent-\xff").to_os_string(),
        ),
        ("a leading digit", os("1agent")),
        ("a leading dash", os("-agent")),
        ("a newline", os("agent\nalpha")),
    ]
}

/// What stderr must show of a bad name: its text (lossy), or for a long one its first 40
/// characters; the empty name shows as `""`.
fn mention(raw: &OsStr) -> String {
    let text = raw.to_string_lossy();
    if text.is_empty() {
        "\"\"".to_owned()
    } else if text.contains('\n') {
        "agent".to_owned()
    } else {
        text.chars().take(40).collect()
    }
}

/// One applet taking a name: how to call it with `name` in the place under test.
struct Case {
    applet: &'static str,
    /// "agent name" or "topic"
    kind: &'static str,
    flags: &'static [&'static str],
    positionals: fn(&OsStr) -> Vec<OsString>,
    now: String,
}

impl Case {
    fn args(&self, name: &OsStr) -> Vec<OsString> {
        let mut args = vec![os(self.applet)];
        args.extend(self.flags.iter().map(|f| os(f)));
        // A name starting with '-' can only be passed as a value after `--`.
        if name.as_bytes().first() == Some(&b'-') {
            args.push(os("--"));
        }
        args.extend((self.positionals)(name));
        args
    }
}

/// Every bad name is refused with 65, a message naming it on stderr, nothing on stdout and
/// nothing changed; then the same call with `valid` succeeds and changes the workspace, which
/// shows the fixture was one where a change was possible.
fn refuses_every_bad_name(neg: &Neg, case: &Case, valid: &str) {
    let before = workspace(neg);
    for (label, name) in bad_names() {
        let args = case.args(&name);
        let output = run_os(neg, &case.now, &args);
        let what = format!("{} with {label} as the {}", case.applet, case.kind);
        assert_eq!(code(&output), 65, "{what}: {}", report(&output));
        let err = stderr(&output);
        assert!(
            err.contains(&format!("invalid {}", case.kind)),
            "{what}: stderr does not say which argument is invalid: {err}"
        );
        assert!(
            err.contains(&mention(&name)),
            "{what}: stderr does not mention the name: {err}"
        );
        assert!(
            stdout(&output).is_empty(),
            "{what}: printed an answer: {}",
            stdout(&output)
        );
        assert_eq!(workspace(neg), before, "{what} changed the workspace");
    }
    let output = run_os(neg, &case.now, &case.args(OsStr::new(valid)));
    assert_eq!(
        code(&output),
        0,
        "{} with the valid {valid}: {}",
        case.applet,
        report(&output)
    );
    assert_ne!(
        workspace(neg),
        before,
        "{} with the valid {valid} changed nothing: the fixture proves nothing",
        case.applet
    );
}

fn dir_and(name: &OsStr) -> Vec<OsString> {
    vec![os("{dir}"), name.to_os_string()]
}

/// Initialized, both agents registered, not started.
fn ready() -> Neg {
    let neg = Neg::init(2);
    neg.ok(&["register", "{dir}", "agent-alpha"]);
    neg.ok(&["register", "{dir}", "agent-beta"]);
    neg
}

#[test]
fn register_refuses_bad_names() {
    let case = Case {
        applet: "register",
        kind: "agent name",
        flags: &[],
        positionals: dir_and,
        now: NOW.to_owned(),
    };
    refuses_every_bad_name(&Neg::init(2), &case, "agent-alpha");
}

#[test]
fn wait_for_start_refuses_bad_names() {
    let case = Case {
        applet: "wait-for-start",
        kind: "agent name",
        flags: &["--timeout", "10"],
        positionals: dir_and,
        now: NOW.to_owned(),
    };
    refuses_every_bad_name(&ready(), &case, "agent-alpha");
}

#[test]
fn file_draft_issue_refuses_bad_agent_names() {
    let case = Case {
        applet: "file-draft-issue",
        kind: "agent name",
        flags: &[],
        positionals: |name| vec![os("{dir}"), name.to_os_string(), os("topic-x")],
        now: NOW.to_owned(),
    };
    refuses_every_bad_name(&Neg::started(2), &case, "agent-alpha");
}

#[test]
fn file_draft_issue_refuses_bad_topics() {
    let case = Case {
        applet: "file-draft-issue",
        kind: "topic",
        flags: &[],
        positionals: |name| vec![os("{dir}"), os("agent-alpha"), name.to_os_string()],
        now: NOW.to_owned(),
    };
    refuses_every_bad_name(&Neg::started(2), &case, "topic-x");
}

#[test]
fn end_analysis_refuses_bad_names() {
    let case = Case {
        applet: "end-analysis",
        kind: "agent name",
        flags: &[],
        positionals: dir_and,
        now: NOW.to_owned(),
    };
    refuses_every_bad_name(&Neg::started(2), &case, "agent-alpha");
}

/// At +601 a valid poll by agent-beta would skip agent-alpha: a bad name must not.
#[test]
fn poll_refuses_bad_names() {
    let case = Case {
        applet: "poll",
        kind: "agent name",
        flags: &[],
        positionals: dir_and,
        now: at(601),
    };
    refuses_every_bad_name(&Neg::started(2), &case, "agent-beta");
}

#[test]
fn wait_refuses_bad_names() {
    let case = Case {
        applet: "wait",
        kind: "agent name",
        flags: &["--timeout", "10"],
        positionals: dir_and,
        now: at(601),
    };
    refuses_every_bad_name(&Neg::started(2), &case, "agent-beta");
}

#[test]
fn hand_off_refuses_bad_names() {
    let case = Case {
        applet: "hand-off",
        kind: "agent name",
        flags: &[],
        positionals: dir_and,
        now: NOW.to_owned(),
    };
    refuses_every_bad_name(&Neg::in_positions(2), &case, "agent-alpha");
}

#[test]
fn new_issue_refuses_bad_topics() {
    let case = Case {
        applet: "new-issue",
        kind: "topic",
        flags: &[],
        positionals: dir_and,
        now: NOW.to_owned(),
    };
    refuses_every_bad_name(&Neg::in_positions(2), &case, "topic-x");
}

/// Without `--`, a name starting with '-' reads as an option: a usage error (64), never an
/// answer, and nothing changes.
#[test]
fn a_dash_name_without_double_dash_is_a_usage_error() {
    let neg = Neg::started(2);
    let before = workspace(&neg);
    for args in [
        vec!["register", "{dir}", "-agent"],
        vec!["poll", "{dir}", "-agent"],
        vec!["hand-off", "{dir}", "-agent"],
        vec!["file-draft-issue", "{dir}", "agent-alpha", "-topic"],
    ] {
        let output = neg.run(&args);
        assert_eq!(code(&output), 64, "{args:?}: {}", report(&output));
        assert_eq!(workspace(&neg), before, "{args:?} changed the workspace");
    }
}

/// One bad-input case through `--json`: the envelope has its four keys and the stable code.
#[test]
fn a_bad_name_in_json_mode_is_an_invalid_name_envelope() {
    let neg = Neg::started(2);
    let before = workspace(&neg);
    let output = neg.run(&["poll", "{dir}", "Agent-Alpha", "--json"]);
    assert_eq!(code(&output), 65, "{}", report(&output));
    let envelope: Value = serde_json::from_str(stdout(&output).trim())
        .unwrap_or_else(|e| panic!("stdout is not one JSON object ({e}): {}", stdout(&output)));
    for key in ["ok", "command", "data", "error"] {
        assert!(envelope.get(key).is_some(), "no {key} in {envelope}");
    }
    assert_eq!(envelope["ok"], false);
    assert_eq!(envelope["command"], "poll");
    assert_eq!(envelope["error"]["code"], "INVALID_NAME");
    assert!(
        envelope["error"]["message"]
            .as_str()
            .unwrap()
            .contains("Agent-Alpha"),
        "{envelope}"
    );
    assert_eq!(workspace(&neg), before);
}

// ---------------------------------------------------------------------------------------------
// DIR that is not a negotiation.
// ---------------------------------------------------------------------------------------------

fn every_dir_command() -> Vec<Vec<&'static str>> {
    vec![
        vec!["poll", "{dir}", "agent-alpha"],
        vec!["status", "{dir}"],
        vec!["register", "{dir}", "agent-alpha"],
        vec!["wait-for-start", "{dir}", "agent-alpha", "--timeout", "10"],
        vec!["wait", "{dir}", "agent-alpha", "--timeout", "10"],
        vec!["file-draft-issue", "{dir}", "agent-alpha", "topic-x"],
        vec!["end-analysis", "{dir}", "agent-alpha"],
        vec!["new-issue", "{dir}", "topic-x"],
        vec!["hand-off", "{dir}", "agent-alpha"],
        vec!["finish", "{dir}"],
    ]
}

#[test]
fn a_dir_that_is_a_regular_file_is_66() {
    let neg = Neg::empty();
    std::fs::write(&neg.dir, "just a file\n").unwrap();
    let before = workspace(&neg);
    for args in every_dir_command() {
        let output = neg.run(&args);
        assert_eq!(code(&output), 66, "{args:?}: {}", report(&output));
        assert!(
            stderr(&output).contains(&neg.dir.display().to_string()),
            "{args:?}: stderr does not name DIR: {}",
            stderr(&output)
        );
        assert_eq!(workspace(&neg), before, "{args:?} changed the workspace");
    }
}

#[test]
fn a_missing_dir_is_66_and_is_not_created() {
    let neg = Neg::empty();
    for args in every_dir_command() {
        let output = neg.run(&args);
        assert_eq!(code(&output), 66, "{args:?}: {}", report(&output));
        assert!(
            stderr(&output).contains(&neg.dir.display().to_string()),
            "{args:?}: stderr does not name DIR: {}",
            stderr(&output)
        );
        assert!(!neg.dir.exists(), "{args:?} created DIR");
        assert!(workspace(&neg).is_empty(), "{args:?} wrote something");
    }
}

#[test]
fn a_dir_without_meta_is_66_and_stays_empty() {
    let neg = Neg::empty();
    std::fs::create_dir(&neg.dir).unwrap();
    for args in every_dir_command() {
        let output = neg.run(&args);
        assert_eq!(code(&output), 66, "{args:?}: {}", report(&output));
        assert_eq!(
            std::fs::read_dir(&neg.dir).unwrap().count(),
            0,
            "{args:?} wrote into a directory that is not a negotiation"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Corrupt state files.
// ---------------------------------------------------------------------------------------------

/// Runs readers and writers on a corrupt directory: each exits 65 naming `file`, and nothing
/// changes.
fn refuses_corrupt(neg: &Neg, file: &str, what: &str) {
    let before = workspace(neg);
    for args in [
        vec!["poll", "{dir}", "agent-beta"],
        vec!["poll", "{dir}", "agent-alpha"],
        vec!["status", "{dir}"],
        vec!["status", "{dir}", "--json"],
        vec!["register", "{dir}", "agent-gamma"],
        vec!["end-analysis", "{dir}", "agent-alpha"],
        vec!["file-draft-issue", "{dir}", "agent-alpha", "topic-x"],
        vec!["finish", "{dir}"],
    ] {
        let output = neg.run_at(&at(601), &args);
        assert_eq!(
            code(&output),
            65,
            "{args:?} with {what}: {}",
            report(&output)
        );
        let said = if args.contains(&"--json") {
            stdout(&output)
        } else {
            stderr(&output)
        };
        assert!(
            said.contains(file),
            "{args:?} with {what}: the error does not name {file}: {said}"
        );
        assert_eq!(
            workspace(neg),
            before,
            "{args:?} with {what} changed the workspace"
        );
    }
}

#[test]
fn a_corrupt_turn_file_is_65_naming_it() {
    let neg = Neg::started(2);
    for content in [
        "agent-alpha; rm -rf /\n",
        "agent-alpha;rm\n",
        "agent-alpha agent-beta\n",
        "agent-alpha\nagent-beta\n",
        "",
        "\n",
        "agent-zeta\n",
        "Agent-Alpha\n",
    ] {
        neg.write("turn.md", content);
        refuses_corrupt(&neg, "turn.md", &format!("turn.md = {content:?}"));
    }
}

#[test]
fn a_corrupt_turn_started_is_65_naming_it() {
    let neg = Neg::started(2);
    for content in [
        "agent-alpha\n",
        "agent-alpha\nabc\n",
        "agent-alpha\n-5\n",
        "agent-alpha\n12 34\n",
        "agent-alpha\n 1771408800\n",
        "agent-alpha\n1771408800 \n",
        " agent-alpha\n1771408800\n",
        "agent-alpha\n1771408800\nextra\n",
        "",
        "../../x\n1771408800\n",
    ] {
        neg.write(".turn-started", content);
        refuses_corrupt(
            &neg,
            ".turn-started",
            &format!(".turn-started = {content:?}"),
        );
    }
}

#[test]
fn a_corrupt_meta_value_is_65_naming_the_file_and_line() {
    for (key, bad) in [
        ("turn_timeout_seconds", "10m"),
        ("turn_timeout_seconds", "-1"),
        ("expected_agents", "two"),
        ("poll_interval_seconds", ""),
        ("registration_deadline", "tomorrow"),
    ] {
        let neg = Neg::started(2);
        let text = neg.read("meta.md");
        let prefix = format!("- **{key}:**");
        let line_no = text.lines().position(|l| l.starts_with(&prefix)).unwrap() + 1;
        let changed: String = text
            .lines()
            .map(|l| {
                if l.starts_with(&prefix) {
                    format!("{prefix} {bad}\n")
                } else {
                    format!("{l}\n")
                }
            })
            .collect();
        neg.write("meta.md", &changed);
        refuses_corrupt(
            &neg,
            &format!("meta.md:{line_no}"),
            &format!("{key} = {bad:?}"),
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Usage errors and the clock.
// ---------------------------------------------------------------------------------------------

#[test]
fn usage_errors_are_64_never_2_and_change_nothing() {
    let neg = Neg::started(2);
    let before = workspace(&neg);
    for args in [
        // Missing arguments.
        vec!["poll", "{dir}"],
        vec!["register"],
        vec!["hand-off", "{dir}"],
        vec!["file-draft-issue", "{dir}", "agent-alpha"],
        vec!["new-issue", "{dir}"],
        vec!["init", "{dir}"],
        // Unknown flags.
        vec!["poll", "{dir}", "agent-alpha", "--frobnicate"],
        vec!["status", "{dir}", "-z"],
        vec!["hand-off", "--force", "{dir}", "agent-alpha"],
        // Unknown subcommands.
        vec!["frobnicate"],
        vec!["poll.sh", "{dir}", "agent-alpha"],
        // Extra arguments and values that do not parse.
        vec!["poll", "{dir}", "agent-alpha", "extra"],
        vec!["init", "{dir}-two", "two"],
        vec!["wait", "{dir}", "agent-beta", "--timeout", "soon"],
    ] {
        let output = neg.run(&args);
        assert_eq!(code(&output), 64, "{args:?}: {}", report(&output));
        assert!(!stderr(&output).is_empty(), "{args:?}: no message");
        assert!(stdout(&output).is_empty(), "{args:?}: {}", stdout(&output));
        assert_eq!(workspace(&neg), before, "{args:?} changed the workspace");
    }
}

#[test]
fn a_json_usage_error_is_64_with_an_envelope() {
    let neg = Neg::started(2);
    for args in [
        vec!["poll", "{dir}", "--json"],
        vec!["--json", "frobnicate"],
        vec!["hand-off", "{dir}", "agent-alpha", "--frobnicate", "--json"],
    ] {
        let output = neg.run(&args);
        assert_eq!(code(&output), 64, "{args:?}: {}", report(&output));
        let envelope: Value = serde_json::from_str(stdout(&output).trim()).unwrap_or_else(|e| {
            panic!(
                "{args:?}: stdout is not a JSON envelope ({e}): {}",
                report(&output)
            )
        });
        for key in ["ok", "command", "data", "error"] {
            assert!(envelope.get(key).is_some(), "{args:?}: no {key}");
        }
        assert_eq!(envelope["ok"], false);
        assert_eq!(envelope["error"]["code"], "USAGE", "{args:?}");
    }
}

#[test]
fn an_invalid_parley_now_is_65_and_changes_nothing() {
    let neg = Neg::started(2);
    let before = workspace(&neg);
    let bad: Vec<OsString> = vec![
        os("yesterday"),
        os("2026-02-18 10:00"),
        os("2026-02-30T10:00:00Z"),
        os("1771408800"),
        OsStr::from_bytes(b"2026-02-18T10:00:00Z\xff").to_os_string(),
    ];
    for now in bad {
        for args in [
            vec!["poll", "{dir}", "agent-beta"],
            vec!["status", "{dir}"],
            vec!["hand-off", "{dir}", "agent-alpha"],
        ] {
            let dir = neg.dir.to_string_lossy().into_owned();
            let args: Vec<String> = args.iter().map(|a| a.replace("{dir}", &dir)).collect();
            let output = parley()
                .env("PARLEY_NOW", &now)
                .current_dir(neg.tmp.path())
                .args(&args)
                .output()
                .unwrap();
            assert_eq!(
                code(&output),
                65,
                "PARLEY_NOW={now:?} {args:?}: {}",
                report(&output)
            );
            assert!(
                stderr(&output).contains("PARLEY_NOW"),
                "PARLEY_NOW={now:?}: {}",
                stderr(&output)
            );
            assert_eq!(workspace(&neg), before, "PARLEY_NOW={now:?} {args:?}");
        }
    }
    let fresh = Neg::empty();
    let output = parley()
        .env("PARLEY_NOW", "yesterday")
        .current_dir(fresh.tmp.path())
        .arg("init")
        .arg(&fresh.dir)
        .arg("2")
        .output()
        .unwrap();
    assert_eq!(
        code(&output),
        65,
        "init with a bad clock: {}",
        report(&output)
    );
    assert!(!fresh.dir.exists(), "init with a bad clock created DIR");
}
