//! Shared helpers: run the real binary in a temporary directory, with a cleared
//! environment and a fixed clock.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Output;

use assert_cmd::Command;
use tempfile::TempDir;

/// The fixed "now" of every test unless it says otherwise.
pub const NOW: &str = "2026-02-18T10:00:00Z";

/// `NOW` plus `seconds`, in RFC 3339.
pub fn at(seconds: i64) -> String {
    let base = chrono::DateTime::parse_from_rfc3339(NOW).unwrap();
    (base + chrono::Duration::seconds(seconds))
        .to_utc()
        .to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

pub fn bin() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_parley"))
}

/// The only variables a test process takes from the shell that runs the tests: the rest of
/// the environment is cleared, so that no `PARLEY_*` setting, agent identity or any variable
/// added later leaks into a test. A test that needs another sets it itself.
pub const KEPT: &[&str] = &["PATH", "HOME", "TMPDIR"];

/// `program` with a cleared environment but for [`KEPT`].
pub fn isolated(program: impl AsRef<std::ffi::OsStr>) -> std::process::Command {
    let mut command = std::process::Command::new(program);
    command.env_clear();
    for var in KEPT {
        if let Some(value) = std::env::var_os(var) {
            command.env(var, value);
        }
    }
    command
}

/// `parley` with a cleared environment ([`isolated`]) and `PARLEY_NOW` = [`NOW`].
pub fn parley_std() -> std::process::Command {
    let mut command = isolated(bin());
    command.env("PARLEY_NOW", NOW);
    command
}

/// Returns once `child` holds an inotify descriptor, i.e. has started watching; fails the
/// test if it has not within 10 seconds (it exited, or never got that far).
pub fn wait_until_watching(child: &std::process::Child) {
    let fds = format!("/proc/{}/fd", child.id());
    let watching = || {
        std::fs::read_dir(&fds)
            .into_iter()
            .flatten()
            .flatten()
            .any(|fd| {
                std::fs::read_link(fd.path())
                    .is_ok_and(|target| target.to_string_lossy().contains("inotify"))
            })
    };
    for _ in 0..2000 {
        if watching() {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    panic!(
        "process {} did not start watching (no inotify descriptor in {fds}) within 10 s",
        child.id()
    );
}

/// The same as an `assert_cmd` command.
pub fn parley() -> Command {
    Command::from_std(parley_std())
}

pub fn code(output: &Output) -> i32 {
    output.status.code().expect("exited normally")
}

pub fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

pub fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// A temporary workspace holding one negotiation directory, `neg`.
pub struct Neg {
    pub tmp: TempDir,
    pub dir: PathBuf,
}

impl Neg {
    /// Two agents registered in a directory just made, started, each with one draft issue
    /// (`topic-0`, `topic-1`) and its analysis ended: the positions phase, agent-alpha's turn.
    pub fn register_two_with_drafts(&self) {
        for name in Neg::names(2) {
            self.ok(&["register", "{dir}", &name]);
        }
        self.ok(&["wait-for-start", "{dir}", "agent-alpha"]);
        for (index, name) in Neg::names(2).iter().enumerate() {
            self.ok(&["file-draft-issue", "{dir}", name, &format!("topic-{index}")]);
            self.ok(&["end-analysis", "{dir}", name]);
        }
    }

    /// A workspace without a negotiation yet.
    pub fn empty() -> Neg {
        let tmp = TempDir::new().unwrap();
        let dir = tmp.path().join("neg");
        Neg { tmp, dir }
    }

    /// `init neg N --no-sign-off` (sign-offs are tested on their own).
    pub fn init(agents: u32) -> Neg {
        let neg = Neg::empty();
        neg.ok(&["init", "{dir}", &agents.to_string(), "--no-sign-off"]);
        neg
    }

    /// Initialized, `agents` registered as agent-alpha, agent-beta, ... and started.
    pub fn started(agents: u32) -> Neg {
        let neg = Neg::init(agents);
        for name in Neg::names(agents) {
            neg.ok(&["register", "{dir}", &name]);
        }
        neg.ok(&["wait-for-start", "{dir}", "agent-alpha"]);
        neg
    }

    /// Started, every agent's analysis ended with one draft each, so in the positions phase
    /// with one issue per agent; the turn is back with agent-alpha.
    pub fn in_positions(agents: u32) -> Neg {
        let neg = Neg::started(agents);
        for (index, name) in Neg::names(agents).iter().enumerate() {
            neg.ok(&["file-draft-issue", "{dir}", name, &format!("topic-{index}")]);
            neg.ok(&["end-analysis", "{dir}", name]);
        }
        neg
    }

    pub fn names(agents: u32) -> Vec<String> {
        [
            "alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta",
        ]
        .iter()
        .take(agents as usize)
        .map(|g| format!("agent-{g}"))
        .collect()
    }

    /// Runs parley with `{dir}` in the arguments replaced by the negotiation directory.
    pub fn run(&self, args: &[&str]) -> Output {
        self.run_at(NOW, args)
    }

    pub fn run_at(&self, now: &str, args: &[&str]) -> Output {
        let dir = self.dir.to_string_lossy().into_owned();
        let args: Vec<String> = args.iter().map(|a| a.replace("{dir}", &dir)).collect();
        parley()
            .env("PARLEY_NOW", now)
            .current_dir(self.tmp.path())
            .args(&args)
            .output()
            .unwrap()
    }

    /// Runs and asserts exit 0, returning stdout.
    pub fn ok(&self, args: &[&str]) -> String {
        let output = self.run(args);
        assert_eq!(
            code(&output),
            0,
            "parley {args:?} failed:\nstdout: {}\nstderr: {}",
            stdout(&output),
            stderr(&output)
        );
        stdout(&output)
    }

    pub fn path(&self, rel: &str) -> PathBuf {
        self.dir.join(rel)
    }

    pub fn read(&self, rel: &str) -> String {
        std::fs::read_to_string(self.path(rel)).unwrap_or_else(|e| panic!("cannot read {rel}: {e}"))
    }

    pub fn write(&self, rel: &str, text: &str) {
        std::fs::write(self.path(rel), text).unwrap();
    }

    /// `.parley/digests.jsonl` as one JSON value: its first line, with the records of its
    /// second line under `baselines` (the layout of docs/file-formats.md).
    pub fn read_digests(&self) -> serde_json::Value {
        let text = self.read(".parley/digests.jsonl");
        let (head, records) = text.split_once('\n').expect("two lines");
        let mut value: serde_json::Value = serde_json::from_str(head).unwrap();
        value["baselines"] = serde_json::from_str(records).unwrap();
        value
    }

    /// Writes a value of [`Neg::read_digests`]'s shape back as the file's two lines; returns
    /// the text written.
    pub fn write_digests(&self, value: &serde_json::Value) -> String {
        let mut head = value.clone();
        let records = head
            .as_object_mut()
            .and_then(|fields| fields.remove("baselines"))
            .unwrap_or_else(|| serde_json::json!({}));
        let text = format!("{head}\n{records}\n");
        self.write(".parley/digests.jsonl", &text);
        text
    }

    pub fn turn(&self) -> String {
        self.read("turn.md").trim().to_owned()
    }

    /// A positions file with the given entries (name, "position"|"challenge", round) and a
    /// status line.
    pub fn positions(&self, file: &str, entries: &[(&str, &str, u32)], status: &str) {
        let mut text = String::from("# Positions: test\n\n");
        for (name, kind, round) in entries {
            text.push_str(&format!(
                "## {name}'s {kind} (round {round})\nArgument.\n\n"
            ));
        }
        text.push_str(&format!("## Status: {status}\nDecision.\n"));
        self.write(&format!("positions/{file}"), &text);
    }

    /// Two agents in the positions phase, agent-alpha's position on the first issue just
    /// written (and recorded by the command: the digests file names it).
    pub fn with_a_recorded_position() -> Neg {
        let neg = Neg::in_positions(2);
        neg.ok(&[
            "position",
            "{dir}",
            "agent-alpha",
            "1",
            "--body",
            "Use OAuth.",
        ]);
        neg
    }

    /// Makes everything ready for `finish`: every issue agreed by two agents after a challenge,
    /// a coverage audit and a final document.
    pub fn make_finishable(&self) {
        for entry in std::fs::read_dir(self.path("issues")).unwrap() {
            let file = entry.unwrap().file_name().to_string_lossy().into_owned();
            self.positions(
                &file,
                &[
                    ("agent-alpha", "position", 1),
                    ("agent-beta", "position", 1),
                    ("agent-alpha", "challenge", 1),
                    ("agent-beta", "position", 2),
                ],
                "AGREED",
            );
        }
        self.write("coverage-audit.md", "# Coverage Audit\n\n- all: INCLUDED\n");
        self.write("final.md", "# Final\n\nThe decision.\n");
    }
}

/// `init.sh DIR 2` through a script-named link, at [`NOW`]: the negotiation as the old
/// scripts made it. Returns the links' directory.
pub fn init_by_link(neg: &Neg) -> PathBuf {
    let scripts = scripts(neg.tmp.path());
    let output = isolated(scripts.join("init.sh"))
        .env("PARLEY_NOW", NOW)
        .arg(&neg.dir)
        .arg("2")
        .output()
        .unwrap();
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    scripts
}

/// The demo run in a new directory (`demo d --json`, at the real time): the directory, and
/// its transcript as one text.
pub fn demo_transcript() -> (tempfile::TempDir, String) {
    let tmp = tempfile::TempDir::new().unwrap();
    let output = parley()
        .env_remove("PARLEY_NOW")
        .current_dir(tmp.path())
        .args(["--json", "demo", "d"])
        .output()
        .unwrap();
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let envelope: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let lines = envelope["data"]["transcript"].as_array().unwrap().iter();
    let lines: Vec<&str> = lines.map(|l| l.as_str().unwrap()).collect();
    (tmp, lines.join("\n"))
}

/// A directory of links named like the old scripts, made by `parley links`.
pub fn scripts(parent: &Path) -> PathBuf {
    let dir = parent.join("scripts");
    let output = parley().arg("links").arg(&dir).output().unwrap();
    assert_eq!(code(&output), 0, "links failed: {}", stderr(&output));
    dir
}

/// Every file under `root`, with its content, for "nothing changed" assertions.
pub fn snapshot(root: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut files = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries {
            let path = entry.unwrap().path();
            let meta = std::fs::symlink_metadata(&path).unwrap();
            if meta.is_dir() {
                stack.push(path);
            } else if meta.file_type().is_symlink() {
                files.push((
                    path.clone(),
                    std::fs::read_link(&path)
                        .unwrap()
                        .into_os_string()
                        .into_encoded_bytes(),
                ));
            } else {
                files.push((path.clone(), std::fs::read(&path).unwrap()));
            }
        }
    }
    files.sort();
    files
}

/// Where the browser tests find Chromium.
pub const CHROMIUM: &str = "/usr/bin/chromium";

/// The flags every headless Chromium of the tests runs with: no sandbox, GPU, network
/// services or first-run screens.
pub const HEADLESS: &[&str] = &[
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
];

/// Whether a browser test runs: Chromium is installed; where it is not the test skips with a
/// message, except under `CI` (set by `.ci/run`, which installs it), where it fails.
pub fn chromium_available() -> bool {
    if std::path::Path::new(CHROMIUM).exists() {
        return true;
    }
    let ci = std::env::var_os("CI").is_some_and(|v| !v.is_empty());
    assert!(
        !ci,
        "{CHROMIUM} is not installed and CI is set: install it (apt-get install chromium)"
    );
    eprintln!("skipped: {CHROMIUM} is not installed (apt-get install chromium)");
    false
}
