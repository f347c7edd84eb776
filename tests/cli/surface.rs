//! The command surface: multi-call names, links, completions, the JSON envelope, the
//! exit-code table and its documentation.

use std::path::Path;

use serde_json::Value;

use crate::support::*;

fn json(output: &std::process::Output) -> Value {
    serde_json::from_str(stdout(output).trim())
        .unwrap_or_else(|e| panic!("not one JSON object ({e}): {}", stdout(output)))
}

fn link(dir: &Path, name: &str) -> std::path::PathBuf {
    let path = dir.join(name);
    std::os::unix::fs::symlink(bin(), &path).unwrap();
    path
}

#[test]
fn every_program_name_form_runs_the_same_applet() {
    let neg = Neg::started(2);
    let links = tempfile::TempDir::new().unwrap();
    for name in ["poll", "poll.sh", "parley-poll"] {
        let program = link(links.path(), name);
        let output = isolated(&program)
            .args([neg.dir.to_str().unwrap(), "agent-beta"])
            .env("PARLEY_NOW", NOW)
            .output()
            .unwrap();
        assert_eq!(code(&output), 1, "{name}: {}", stderr(&output));
        assert_eq!(
            stdout(&output).trim(),
            "waiting (current turn: agent-alpha)"
        );
    }
}

#[test]
fn an_unknown_program_name_is_a_usage_error() {
    let links = tempfile::TempDir::new().unwrap();
    let program = link(links.path(), "frobnicate.sh");
    let output = isolated(&program).output().unwrap();
    assert_eq!(code(&output), 64);
    assert!(stderr(&output).contains("unknown program 'frobnicate.sh'"));
}

#[test]
fn links_makes_every_script_name_and_is_idempotent() {
    let tmp = tempfile::TempDir::new().unwrap();
    let dir = scripts(tmp.path());
    let names = [
        "init",
        "register",
        "wait-for-start",
        "file-draft-issue",
        "end-analysis",
        "poll",
        "new-issue",
        "hand-off",
        "status",
        "finish",
        "wait",
    ];
    for name in names {
        for file in [format!("{name}.sh"), name.to_owned()] {
            let path = dir.join(&file);
            let meta = std::fs::symlink_metadata(&path).unwrap();
            assert!(meta.file_type().is_symlink(), "{file} is not a link");
            assert_eq!(path.canonicalize().unwrap(), bin().canonicalize().unwrap());
        }
    }
    // Exactly the old scripts' names: the sibling protocols' commands get no links.
    let mut made: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    made.sort();
    let mut expected: Vec<String> = names
        .iter()
        .flat_map(|name| [format!("{name}.sh"), (*name).to_owned()])
        .collect();
    expected.sort();
    assert_eq!(made, expected);
    // Twice is fine and changes nothing.
    let again = parley().arg("links").arg(&dir).output().unwrap();
    assert_eq!(code(&again), 0, "{}", stderr(&again));
    assert!(stdout(&again).contains("22 already in place"));
}

#[test]
fn links_never_overwrites_a_foreign_file_without_force() {
    let tmp = tempfile::TempDir::new().unwrap();
    let dir = tmp.path().join("scripts");
    std::fs::create_dir(&dir).unwrap();
    std::fs::write(dir.join("poll.sh"), "#!/bin/sh\necho old script\n").unwrap();
    let before = snapshot(&dir);
    let refused = parley().arg("links").arg(&dir).output().unwrap();
    assert_eq!(code(&refused), 3);
    assert!(stdout(&refused).contains("poll.sh"));
    assert_eq!(
        snapshot(&dir),
        before,
        "a refused links call must change nothing"
    );

    let forced = parley()
        .args(["links", "--force"])
        .arg(&dir)
        .output()
        .unwrap();
    assert_eq!(code(&forced), 0, "{}", stderr(&forced));
    assert!(
        std::fs::symlink_metadata(dir.join("poll.sh"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
}

#[test]
fn the_old_scripts_flow_works_through_links() {
    let neg = Neg::empty();
    let scripts = scripts(neg.tmp.path());
    let dir = neg.dir.to_str().unwrap().to_owned();
    let run = |script: &str, args: &[&str]| {
        let output = isolated(scripts.join(script))
            .args(args)
            .env("PARLEY_NOW", NOW)
            .output()
            .unwrap();
        (code(&output), stdout(&output))
    };
    assert_eq!(run("init.sh", &[&dir, "2"]).0, 0);
    assert_eq!(run("init.sh", &[&dir, "2"]).0, 3);
    assert_eq!(run("register.sh", &[&dir, "agent-alpha"]).0, 0);
    let (rc, out) = run("register.sh", &[&dir, "agent-alpha"]);
    assert_eq!((rc, out.trim()), (1, "Already registered: agent-alpha"));
    assert_eq!(run("register.sh", &[&dir, "agent-beta"]).0, 0);
    assert_eq!(run("wait-for-start.sh", &[&dir, "agent-beta"]).0, 0);
    assert_eq!(
        run("poll.sh", &[&dir, "agent-alpha"]),
        (0, "your-turn\n".to_owned())
    );
    assert_eq!(run("poll.sh", &[&dir, "agent-beta"]).0, 1);
    let (rc, file) = run("file-draft-issue.sh", &[&dir, "agent-alpha", "auth-method"]);
    assert_eq!((rc, file.as_str()), (0, "01-auth-method.md\n"));
    assert_eq!(run("end-analysis.sh", &[&dir, "agent-alpha"]).0, 0);
    assert_eq!(run("end-analysis.sh", &[&dir, "agent-beta"]).0, 0);
    let (rc, file) = run("new-issue.sh", &[&dir, "caching"]);
    assert_eq!((rc, file.as_str()), (0, "02-caching.md\n"));
    assert_eq!(run("hand-off.sh", &[&dir, "agent-alpha"]).0, 0);
    assert_eq!(run("status.sh", &[&dir]).0, 0);
    assert_eq!(run("finish.sh", &[&dir]).0, 1);
    neg.make_finishable();
    assert_eq!(run("finish.sh", &[&dir]).0, 0);
    assert_eq!(run("poll.sh", &[&dir, "agent-alpha"]).0, 2);
}

#[test]
fn committed_completions_match_what_the_binary_generates() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("completions");
    for (shell, file) in [
        ("bash", "parley.bash"),
        ("zsh", "_parley"),
        ("fish", "parley.fish"),
        ("elvish", "parley.elv"),
        ("powershell", "_parley.ps1"),
    ] {
        let output = parley().args(["completions", shell]).output().unwrap();
        assert_eq!(code(&output), 0);
        let committed = std::fs::read_to_string(root.join(file)).unwrap();
        assert!(
            stdout(&output) == committed,
            "completions/{file} is stale: regenerate it with `parley completions {shell} > completions/{file}`"
        );
    }
}

#[test]
fn the_exit_code_table_is_in_help_and_in_the_docs() {
    let help = stdout(&parley().arg("--help").output().unwrap());
    let doc =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/exit-codes.md"))
            .unwrap();
    let expected = [0, 1, 2, 3, 4, 64, 65, 66, 73, 74, 75, 77, 124, 130];
    let documented: Vec<u32> = doc
        .lines()
        .filter_map(|line| line.strip_prefix("| "))
        .filter_map(|rest| rest.split('|').next())
        .filter_map(|cell| cell.trim().parse().ok())
        .collect();
    assert_eq!(documented, expected, "docs/exit-codes.md rows");
    for code in expected {
        assert!(
            help.lines()
                .any(|l| l.trim_start().starts_with(&format!("{code} "))),
            "--help lacks exit code {code}"
        );
    }
}

#[test]
fn usage_errors_exit_64_never_2() {
    for args in [
        vec!["poll"],
        vec!["poll", "dir"],
        vec!["frobnicate"],
        vec!["status", "dir", "--no-such-flag"],
        vec!["init", "dir", "1"],
    ] {
        let output = parley().args(&args).output().unwrap();
        assert_eq!(code(&output), 64, "{args:?}: {}", stderr(&output));
    }
    let output = parley().args(["poll", "--json"]).output().unwrap();
    assert_eq!(code(&output), 64);
    let envelope = json(&output);
    assert_eq!(envelope["error"]["code"], "USAGE");
}

#[test]
fn help_and_version_exit_0() {
    assert_eq!(code(&parley().arg("--help").output().unwrap()), 0);
    assert_eq!(code(&parley().arg("--version").output().unwrap()), 0);
    assert_eq!(
        code(&parley().args(["poll", "--help"]).output().unwrap()),
        0
    );
}

#[test]
fn the_json_envelope_always_has_four_keys_and_the_same_exit_code() {
    let neg = Neg::started(2);
    let cases: Vec<(Vec<&str>, i32, Option<&str>)> = vec![
        (vec!["poll", "{dir}", "agent-alpha", "--json"], 0, None),
        (
            vec!["poll", "{dir}", "agent-beta", "--json"],
            1,
            Some("WAITING"),
        ),
        (
            vec!["register", "{dir}", "agent-gamma", "--json"],
            4,
            Some("REGISTRATION_CLOSED"),
        ),
        (
            vec!["hand-off", "{dir}", "agent-beta", "--json"],
            4,
            Some("NOT_YOUR_TURN"),
        ),
        (
            vec!["poll", "{dir}/nope", "agent-beta", "--json"],
            66,
            Some("NO_NEGOTIATION"),
        ),
        (vec!["status", "{dir}", "--json"], 0, None),
    ];
    for (args, exit, error) in cases {
        let output = neg.run(&args);
        assert_eq!(code(&output), exit, "{args:?}: {}", stderr(&output));
        let envelope = json(&output);
        for key in ["ok", "command", "data", "error"] {
            assert!(envelope.get(key).is_some(), "{args:?}: no {key}");
        }
        assert_eq!(envelope["ok"], exit == 0);
        assert_eq!(envelope["command"], args[0]);
        match error {
            None => assert!(envelope["error"].is_null()),
            Some(code) => assert_eq!(envelope["error"]["code"], code, "{args:?}"),
        }
    }
}

#[test]
fn new_issue_and_draft_print_the_bare_file_name() {
    let neg = Neg::started(2);
    let out = neg.ok(&["file-draft-issue", "{dir}", "agent-alpha", "auth-method"]);
    assert_eq!(out, "01-auth-method.md\n");
    let neg = Neg::in_positions(2);
    let out = neg.ok(&["new-issue", "{dir}", "caching"]);
    assert_eq!(out, "03-caching.md\n");
}

#[test]
fn the_log_records_every_state_change() {
    let neg = Neg::in_positions(2);
    neg.ok(&["hand-off", "{dir}", "agent-alpha"]);
    let log = neg.read(".parley/log.jsonl");
    let events: Vec<Value> = log
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let kinds: Vec<&str> = events
        .iter()
        .map(|e| e["event"].as_str().unwrap())
        .collect();
    for kind in [
        "init",
        "deadline",
        "register",
        "turn",
        "draft",
        "analysis-done",
        "merge",
        "phase",
    ] {
        assert!(kinds.contains(&kind), "no {kind} event in {kinds:?}");
    }
    let last = events.last().unwrap();
    assert_eq!(last["event"], "turn");
    assert_eq!(last["agent"], "agent-alpha");
    assert_eq!(last["before"], "agent-alpha");
    assert_eq!(last["after"], "agent-beta");
    assert_eq!(last["at"], NOW);

    let readable = neg.ok(&["log", "{dir}"]);
    assert!(
        readable
            .lines()
            .last()
            .unwrap()
            .contains("agent-alpha -> agent-beta")
    );
}

#[test]
fn a_torn_last_log_line_is_skipped_with_a_warning() {
    let neg = Neg::started(2);
    let path = neg.path(".parley/log.jsonl");
    let mut log = std::fs::read_to_string(&path).unwrap();
    log.push_str("{\"at\":\"2026-02");
    std::fs::write(&path, log).unwrap();
    let output = neg.run(&["log", "{dir}"]);
    assert_eq!(code(&output), 0);
    assert!(stderr(&output).contains("skipped an unreadable entry"));
}

/// The shell block under `heading` in README.md.
fn readme_block(heading: &str) -> String {
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    let section = &readme[readme.find(heading).unwrap()..];
    let start = section.find("```sh\n").unwrap() + "```sh\n".len();
    section[start..start + section[start..].find("```").unwrap()].to_owned()
}

#[test]
fn the_readme_quick_start_runs_as_written() {
    let work = tempfile::TempDir::new().unwrap();
    let bin_dir = bin().parent().unwrap().to_path_buf();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    for heading in [
        "## Quick start",
        "To replace a skill's",
        "## The sibling protocols",
    ] {
        let mut command = isolated("bash");
        command
            .arg("-c")
            .arg(readme_block(heading))
            .current_dir(work.path())
            .env("PATH", &path);
        let output = command.output().unwrap();
        assert_eq!(code(&output), 0, "{heading}: {}", stderr(&output));
    }
    let neg = work.path().join("neg");
    assert_eq!(
        std::fs::read_to_string(neg.join("turn.md")).unwrap().trim(),
        "agent-beta"
    );
    assert!(
        neg.join("issues-draft/agent-alpha/01-auth-method.md")
            .is_file()
    );
    assert!(work.path().join("scripts/poll.sh").exists());
    assert!(work.path().join(".parley/operative").is_dir());
    assert!(work.path().join("design.md").is_file());
    assert!(work.path().join("parl/ledger.json").is_file());
    assert!(
        work.path()
            .join("review/iterations/0001-response.json")
            .is_file()
    );
}

/// One success and one failure of every protocol's commands (and usage errors of nested
/// subcommands), each with `--json`: the envelope always has its four keys, `command` is the
/// full subcommand path, a failure has `error.code`, `error.message` and `error.exit` equal to
/// the exit code, and a verdict is `ok` true with `error` null whatever it exits.
#[test]
fn every_protocol_answers_in_the_same_envelope() {
    let work = tempfile::TempDir::new().unwrap();
    let provider = bin().to_string_lossy().into_owned();
    std::fs::write(work.path().join("request.json"), "{}").unwrap();
    std::fs::write(work.path().join("not-json.json"), "not json").unwrap();
    std::fs::write(work.path().join("not-a-session.md"), "junk\n").unwrap();
    let body = [
        "--stance",
        "approve",
        "--confidence",
        "0.8",
        "--summary",
        "Remote cache",
        "--action-requested",
        "beta: review",
        "--evidence",
        "bench",
        "--body",
        "Use one remote cache.",
    ];
    let append = |author: &'static str| {
        let mut args = vec!["bounce", "append", "design.md", "--author", author];
        args.extend(body);
        args
    };
    let reps = [
        "--problem",
        "Pick a cache",
        "--rep",
        "rep-a:Alice:speed",
        "--rep",
        "rep-b:Bob:safety",
    ];
    let parliament_init = || {
        let mut args = vec!["parliament", "init", "parl"];
        args.extend(reps);
        args
    };
    // (arguments, exit code, JSON command, a verdict)
    let cases: Vec<(Vec<&str>, i32, &str, bool)> = vec![
        // negotiation and its views
        (vec!["init", "neg", "2"], 0, "init", false),
        (vec!["init", "neg", "2"], 3, "init", false),
        (vec!["register", "neg", "agent-alpha"], 0, "register", false),
        (vec!["register", "neg", "Bad"], 65, "register", false),
        (vec!["status", "neg"], 0, "status", false),
        (vec!["watch", "nope", "--once"], 66, "watch", false),
        (
            vec!["report", "neg", "--html", "report.html"],
            0,
            "report",
            false,
        ),
        (
            vec!["report", "neg", "--html", "report.html"],
            3,
            "report",
            false,
        ),
        (vec!["links", "scripts"], 0, "links", false),
        (vec!["poll"], 64, "poll", false),
        // operative scopes
        (
            vec!["agent", "register", "--agent", "amber-otter"],
            0,
            "agent register",
            false,
        ),
        (
            vec!["agent", "register", "--agent", "amber-otter"],
            3,
            "agent register",
            false,
        ),
        (
            vec!["reserve", "--agent", "amber-otter", "--scope", "src/*"],
            0,
            "reserve",
            false,
        ),
        (
            vec!["release", "--agent", "cobalt-harbor", "--scope", "src/*"],
            4,
            "release",
            false,
        ),
        (
            vec!["scope", "overlap", "src/*", "src/a"],
            0,
            "scope overlap",
            false,
        ),
        (
            vec!["event", "read", "--agent", "amber-otter", "--event", "x"],
            65,
            "event read",
            false,
        ),
        (vec!["agent"], 64, "agent", false),
        (vec!["agent", "register"], 64, "agent register", false),
        // bounce
        (
            vec![
                "bounce",
                "new",
                "design.md",
                "--title",
                "T",
                "--agents",
                "alpha,beta",
            ],
            0,
            "bounce new",
            false,
        ),
        (
            vec![
                "bounce",
                "new",
                "design.md",
                "--title",
                "T",
                "--agents",
                "alpha,beta",
            ],
            3,
            "bounce new",
            false,
        ),
        (append("alpha"), 0, "bounce append", false),
        (append("alpha"), 4, "bounce append", false),
        (
            vec!["bounce", "validate", "design.md"],
            0,
            "bounce validate",
            true,
        ),
        (
            vec!["bounce", "validate", "not-a-session.md"],
            1,
            "bounce validate",
            true,
        ),
        (
            vec!["bounce", "status", "nope.md"],
            66,
            "bounce status",
            false,
        ),
        (vec!["bounce"], 64, "bounce", false),
        (vec!["bounce", "append"], 64, "bounce append", false),
        // parliament
        (parliament_init(), 0, "parliament init", false),
        (parliament_init(), 3, "parliament init", false),
        (
            vec!["parliament", "round", "parl", "--start"],
            0,
            "parliament round",
            false,
        ),
        (
            vec!["parliament", "gate", "parl"],
            1,
            "parliament gate",
            false,
        ),
        (
            vec!["parliament", "tally", "parl"],
            0,
            "parliament tally",
            false,
        ),
        (
            vec!["parliament", "tally", "nope"],
            66,
            "parliament tally",
            false,
        ),
        (
            vec!["parliament", "validate", "parl"],
            0,
            "parliament validate",
            true,
        ),
        (vec!["parliament", "frob"], 64, "parliament", false),
        // feedback
        (
            vec![
                "feedback",
                "ask",
                "review",
                "--artifact",
                "design.md",
                "--",
                &provider,
                "feedback",
                "mock-provider",
            ],
            0,
            "feedback ask",
            false,
        ),
        (
            vec![
                "feedback",
                "extract",
                "review/iterations/0001-stream.ndjson",
            ],
            0,
            "feedback extract",
            true,
        ),
        (
            vec!["feedback", "extract", "not-json.json"],
            65,
            "feedback extract",
            false,
        ),
        (
            vec!["feedback", "validate", "request", "request.json"],
            1,
            "feedback validate request",
            true,
        ),
        (vec!["feedback", "log", "review"], 0, "feedback log", false),
        (vec!["feedback", "log", "nope"], 66, "feedback log", false),
        (vec!["feedback", "validate"], 64, "feedback validate", false),
        (vec!["frobnicate"], 64, "parley", false),
    ];
    for (args, exit, command, verdict) in cases {
        let output = parley()
            .arg("--json")
            .args(&args)
            .current_dir(work.path())
            .env("PARLEY_PROJECT_ROOT", work.path())
            .output()
            .unwrap();
        assert_eq!(code(&output), exit, "{args:?}: {}", stdout(&output));
        let envelope: Value = serde_json::from_str(stdout(&output).trim())
            .unwrap_or_else(|e| panic!("{args:?}: not one JSON object ({e}): {}", stdout(&output)));
        let mut keys: Vec<&String> = envelope.as_object().unwrap().keys().collect();
        keys.sort();
        assert_eq!(keys, ["command", "data", "error", "ok"], "{args:?}");
        assert_eq!(envelope["command"], command, "{args:?}");
        let error = &envelope["error"];
        if verdict || exit == 0 {
            assert_eq!(envelope["ok"], true, "{args:?}");
            assert!(error.is_null(), "{args:?}");
        } else {
            assert_eq!(envelope["ok"], false, "{args:?}");
            assert!(
                error["code"].as_str().is_some_and(|c| !c.is_empty()),
                "{args:?}"
            );
            assert!(error["message"].is_string(), "{args:?}");
            assert_eq!(error["exit"], exit, "{args:?}");
        }
        if exit >= 64 {
            assert!(envelope["data"].is_null(), "{args:?}");
        }
    }
}

#[test]
fn nested_usage_errors_exit_64_and_their_help_0() {
    for args in [
        vec!["bounce"],
        vec!["bounce", "append"],
        vec!["bounce", "append", "--author"],
        vec!["parliament", "frob"],
        vec!["parliament", "tally"],
        vec!["feedback", "validate"],
        vec!["feedback", "validate", "request", "--previous"],
        vec!["agent"],
        vec!["agent", "register", "--no-such-flag"],
        vec!["event", "read"],
    ] {
        let output = parley().args(&args).output().unwrap();
        assert_eq!(code(&output), 64, "{args:?}: {}", stderr(&output));
        assert!(stdout(&output).is_empty(), "{args:?}");
    }
    for args in [
        vec!["bounce", "--help"],
        vec!["bounce", "append", "--help"],
        vec!["parliament", "help", "tally"],
        vec!["agent", "--version"],
        vec!["help", "feedback"],
    ] {
        let output = parley().args(&args).output().unwrap();
        assert_eq!(code(&output), 0, "{args:?}: {}", stderr(&output));
    }
}

#[test]
fn help_describes_every_top_level_command_on_one_line() {
    // clap wraps at the terminal's width, at most 100 columns: the width of a pipe.
    let help = stdout(
        &parley()
            .arg("--help")
            .env("COLUMNS", "100")
            .output()
            .unwrap(),
    );
    for protocol in [
        "negotiation",
        "operative",
        "bounce",
        "parliament",
        "feedback",
    ] {
        assert!(
            help.contains(&format!("- {protocol}")),
            "--help: {protocol}"
        );
    }
    let commands = &help[help.find("Commands:\n").unwrap()..help.find("\nOptions:").unwrap()];
    let lines: Vec<&str> = commands.lines().skip(1).collect();
    for name in parley::app::applets().iter().map(|applet| applet.name) {
        let line = lines
            .iter()
            .find(|l| l.split_whitespace().next() == Some(name))
            .unwrap_or_else(|| panic!("--help does not list {name}"));
        assert!(
            line.split_whitespace().count() > 1,
            "{name} has no description"
        );
    }
    assert!(
        lines
            .iter()
            .all(|l| l.starts_with("  ") && !l.starts_with("   ")),
        "a description runs over one line:\n{commands}"
    );
}

/// The protocols under one name (`bounce`, `agent`, ...) answer to a program name too:
/// `parley-bounce validate F` is `parley bounce validate F`; a deeper name is unknown.
#[test]
fn protocol_program_names_dispatch_to_their_subcommands() {
    let links = tempfile::TempDir::new().unwrap();
    let work = tempfile::TempDir::new().unwrap();
    let session = work.path().join("s.md");
    let made = parley()
        .args(["bounce", "new", "--title", "T", "--agents", "alpha,beta"])
        .arg(&session)
        .output()
        .unwrap();
    assert_eq!(code(&made), 0, "{}", stderr(&made));
    for name in ["parley-bounce", "bounce.sh"] {
        let program = link(links.path(), name);
        let valid = isolated(&program)
            .arg("validate")
            .arg(&session)
            .output()
            .unwrap();
        assert_eq!(code(&valid), 0, "{name}: {}", stderr(&valid));
        let bare = isolated(&program).output().unwrap();
        assert_eq!(code(&bare), 64, "{name}: {}", stderr(&bare));
    }
    let program = link(links.path(), "parley-bounce-validate");
    let unknown = isolated(&program).arg(&session).output().unwrap();
    assert_eq!(code(&unknown), 64);
    assert!(stderr(&unknown).contains("unknown program 'parley-bounce-validate'"));
}

/// The code string right after each `marker(` in `source`, with the status written before it
/// if any: `Error::new(Status::NotFound, "NO_SESSION", ...)` gives `("NO_SESSION",
/// Some("NotFound"))`. A code passed as a variable is not seen.
fn literal_codes(source: &str, marker: &str) -> Vec<(String, Option<String>)> {
    let mut codes = Vec::new();
    for (at, _) in source.match_indices(marker) {
        let mut rest = source[at + marker.len()..].trim_start();
        let first = rest.split(',').next().unwrap_or_default();
        let mut status = None;
        if let Some(name) = first.trim().rsplit("Status::").next()
            && first.contains("Status::")
            && !first.contains('"')
        {
            status = Some(name.to_owned());
            rest = rest[first.len() + 1..].trim_start();
        }
        if let Some(quoted) = rest.strip_prefix('"') {
            let code = &quoted[..quoted.find('"').unwrap()];
            if !code.is_empty()
                && code
                    .chars()
                    .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
            {
                codes.push((code.to_owned(), status));
            }
        }
    }
    codes
}

fn rust_sources(dir: &Path, found: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_sources(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
}

#[test]
fn every_error_code_in_the_source_is_documented() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let doc = std::fs::read_to_string(root.join("docs/exit-codes.md")).unwrap();
    let mut files = Vec::new();
    rust_sources(&root.join("src"), &mut files);
    // Every code with the exit it comes with: the status written at the call, or the one the
    // helper implies.
    let exit_of = |status: &str| {
        parley::error::EXIT_CODES
            .iter()
            .find(|(s, _, _)| format!("{s:?}") == status)
            .unwrap_or_else(|| panic!("no status {status}"))
            .1
    };
    let mut codes = std::collections::BTreeSet::new();
    let mut answers = std::collections::BTreeSet::new();
    for file in files {
        let source = std::fs::read_to_string(&file).unwrap();
        for (marker, implied) in [
            ("Error::new(", None),
            ("Error::forbidden(", Some(4)),
            ("Error::bad_input(", Some(65)),
        ] {
            for (code, status) in literal_codes(&source, marker) {
                let exit = implied.or(status.map(|s| exit_of(&s)));
                codes.insert((code, exit.unwrap_or_else(|| panic!("{file:?}: no status"))));
            }
        }
        // A typed result names the code of its non-zero answer in `Reply::code`, and its
        // status apart, in `Reply::status`: an answer, whose exit is one of 1 to 4.
        for body in reply_code_bodies(&source) {
            answers.extend(
                literal_codes(body, "Some(")
                    .into_iter()
                    .map(|(code, _)| code),
            );
        }
    }
    let names: Vec<&str> = codes
        .iter()
        .map(|(code, _)| code.as_str())
        .chain(answers.iter().map(String::as_str))
        .collect();
    assert!(
        [
            "USAGE",
            "NO_SESSION",
            "WAITING",
            "NOT_YOUR_TURN",
            "AGENT_EXISTS",
            "NO_PARLIAMENT"
        ]
        .iter()
        .all(|c| names.contains(c)),
        "the extraction missed known codes: {names:?}"
    );
    let missing: Vec<&(String, u8)> = codes
        .iter()
        .filter(|(code, exit)| !doc.contains(&format!("| `{code}` | {exit} |")))
        .collect();
    assert!(
        missing.is_empty(),
        "docs/exit-codes.md has no row for these (code, exit): {missing:?}"
    );
    let missing: Vec<&String> = answers
        .iter()
        .filter(|code| !(1..=4).any(|exit| doc.contains(&format!("| `{code}` | {exit} |"))))
        .collect();
    assert!(
        missing.is_empty(),
        "docs/exit-codes.md has no row with an answer's exit (1 to 4) for these: {missing:?}"
    );
}

/// The bodies of the `Reply::code` methods in `source`, each up to the end of its method.
fn reply_code_bodies(source: &str) -> Vec<&str> {
    source
        .match_indices("fn code(&self) -> Option<&'static str> {")
        .map(|(at, _)| {
            let body = &source[at..];
            &body[..body.find("\n    }\n").unwrap_or(body.len())]
        })
        .collect()
}

/// The process starts without the standard library's start-up (`src/main.rs`): what parley
/// kept of it still holds. A command started with its standard error closed writes its
/// error nowhere: without `/dev/null` put there, the lock file, the first file it opens
/// (and still open, in the thread that waits for the lock, when the error is printed),
/// takes that number and receives the message. And a command whose reader went away ends
/// with its own exit code, not killed by `SIGPIPE`.
#[test]
#[allow(clippy::disallowed_methods)] // the test plays a lock holder
fn a_closed_standard_error_or_a_gone_reader_changes_no_file_and_no_exit_code() {
    use std::os::unix::process::CommandExt;
    let neg = Neg::in_positions(2);
    let holder = std::fs::File::open(neg.path(".parley/lock")).unwrap();
    holder.lock().unwrap();
    let before = std::fs::read(neg.path(".parley/lock")).unwrap();
    let dir = neg.path("");
    let mut handing = parley_std();
    handing.args([
        "hand-off",
        dir.to_str().unwrap(),
        &neg.turn(),
        "--lock-timeout",
        "0.2",
    ]);
    // SAFETY: only `close`, which is async-signal-safe, between fork and exec.
    unsafe {
        handing.pre_exec(|| {
            libc::close(2);
            Ok(())
        });
    }
    let status = handing.status().unwrap();
    assert_eq!(status.code(), Some(75));
    let after = std::fs::read(neg.path(".parley/lock")).unwrap();
    assert_eq!(
        String::from_utf8_lossy(&after),
        String::from_utf8_lossy(&before),
        "the error went into the lock file"
    );
    drop(holder);

    // A reader that closed its end before the answer was written.
    let mut status = parley_std()
        .args(["status", dir.to_str().unwrap()])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    drop(status.stdout.take());
    let ended = status.wait().unwrap();
    assert!(
        ended.code().is_some(),
        "killed by a signal instead of exiting: {ended:?}"
    );
}
