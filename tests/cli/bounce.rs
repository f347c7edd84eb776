//! `parley bounce`: the spec's examples as fixtures, each of the 20 rules, consensus
//! boundaries per mode, the append guarantees under real concurrent processes and `kill -9`,
//! waiting and escalation.

use std::path::{Path, PathBuf};
use std::process::{Child, Output, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;
use tempfile::TempDir;

use crate::support::*;

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/bounce");

fn fixture(name: &str) -> PathBuf {
    Path::new(FIXTURES).join(name)
}

/// `parley ARGS` run in `dir` at `now`.
fn run_at(dir: &Path, now: &str, args: &[&str]) -> Output {
    parley()
        .env("PARLEY_NOW", now)
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap()
}

fn run(dir: &Path, args: &[&str]) -> Output {
    run_at(dir, NOW, args)
}

fn json(output: &Output) -> Value {
    serde_json::from_str(stdout(output).trim()).unwrap_or_else(|e| {
        panic!(
            "not JSON ({e}): {}\nstderr: {}",
            stdout(output),
            stderr(output)
        )
    })
}

/// `validate --json FILE`: the one file's report.
fn report(dir: &Path, file: &Path) -> (i32, Value) {
    let output = run(
        dir,
        &["bounce", "validate", "--json", file.to_str().unwrap()],
    );
    let value = json(&output);
    (code(&output), value["data"]["files"][0].clone())
}

/// The codes of a report's findings of one severity, with their rules.
fn findings(report: &Value, severity: &str) -> Vec<(String, String)> {
    report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["severity"] == severity)
        .map(|f| {
            (
                f["code"].as_str().unwrap().to_owned(),
                f["rule"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

fn has(report: &Value, severity: &str, code: &str, rule: &str) -> bool {
    findings(report, severity)
        .iter()
        .any(|(c, r)| c == code && r == rule)
}

/// A workspace with session files written by the tests.
struct Work {
    tmp: TempDir,
}

impl Work {
    fn new() -> Work {
        Work {
            tmp: TempDir::new().unwrap(),
        }
    }

    fn dir(&self) -> &Path {
        self.tmp.path()
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir().join(name)
    }

    fn write(&self, name: &str, text: &str) -> PathBuf {
        let path = self.path(name);
        std::fs::write(&path, text).unwrap();
        path
    }

    fn read(&self, name: &str) -> String {
        std::fs::read_to_string(self.path(name)).unwrap()
    }

    fn run(&self, args: &[&str]) -> Output {
        run(self.dir(), args)
    }

    fn ok(&self, args: &[&str]) -> String {
        let output = self.run(args);
        assert_eq!(
            code(&output),
            0,
            "parley {args:?}:\n{}\n{}",
            stdout(&output),
            stderr(&output)
        );
        stdout(&output)
    }

    /// `bounce new NAME --title T --agents AGENTS EXTRA...`
    fn new_session(&self, name: &str, agents: &str, extra: &[&str]) -> PathBuf {
        let mut args = vec!["bounce", "new", name, "--title", "Test", "--agents", agents];
        args.extend_from_slice(extra);
        self.ok(&args);
        self.path(name)
    }

    /// A structured append by `author`.
    fn append(&self, name: &str, author: &str, stance: &str, confidence: &str) -> Output {
        self.run(&[
            "bounce",
            "append",
            name,
            "--author",
            author,
            "--stance",
            stance,
            "--confidence",
            confidence,
            "--summary",
            "A summary.",
            "--action-requested",
            "n/a",
            "--evidence",
            "n/a",
            "--body",
            "The body.",
        ])
    }

    fn append_ok(&self, name: &str, author: &str, stance: &str, confidence: &str) {
        let output = self.append(name, author, stance, confidence);
        assert_eq!(code(&output), 0, "append by {author}: {}", stderr(&output));
    }

    fn json(&self, args: &[&str]) -> Value {
        let mut args = args.to_vec();
        args.push("--json");
        json(&self.run(&args))
    }
}

/// A session file written by hand: the rules with `overrides`, then `entries`.
fn session(agents: &[&str], overrides: &[(&str, &str)], entries: &[String]) -> String {
    let mut rules = vec![
        ("turn-order", "round-robin"),
        ("max-turns-per-round", "1"),
        ("turn-timeout", "300"),
        ("consensus-threshold", "0.7"),
        ("consensus-mode", "majority"),
        ("escalation", "human"),
        ("max-rounds", "5"),
        ("output-format", "structured"),
    ];
    for (key, value) in overrides {
        match rules.iter_mut().find(|(k, _)| k == key) {
            Some(rule) => rule.1 = value,
            None => rules.push((key, value)),
        }
    }
    let mut text = String::from(
        "<!-- bounce-protocol: 0.1 -->\n<!-- created: 2026-02-18T10:00:00Z -->\n<!-- session-id: 3f1c2b7a-9d4e-4c1a-8b2f-0a1b2c3d4e5f -->\n\n# Bounce Session: Hand written\n\n## Protocol Rules\n\n```yaml\nagents:\n",
    );
    for agent in agents {
        text.push_str(&format!("  - {agent}\n"));
    }
    for (key, value) in rules {
        text.push_str(&format!("{key}: {value}\n"));
    }
    text.push_str("```\n\n## Context\n\nSome context.\n\n## Dialogue\n");
    for entry in entries {
        text.push('\n');
        text.push_str(entry);
    }
    text
}

/// One entry; `n` makes its id unique.
fn entry(n: u32, author: &str, round: u32, turn: u32, stance: &str, confidence: &str) -> String {
    entry_with(n, author, round, turn, stance, confidence, "n/a", "yield")
}

#[allow(clippy::too_many_arguments)]
fn entry_with(
    n: u32,
    author: &str,
    round: u32,
    turn: u32,
    stance: &str,
    confidence: &str,
    action: &str,
    status: &str,
) -> String {
    format!(
        "<!-- entry: 00000000-0000-4000-8000-{n:012} -->\n<!-- turn: {turn} round: {round} -->\n2026-02-18T10:0{}:00Z [author: {author}] [status: {status}]\nstance: {stance}\nconfidence: {confidence}\nsummary: Entry {n}.\naction_requested: {action}\nevidence: n/a\n\nBody of entry {n}.\n\n<!-- yield -->\n",
        n % 10
    )
}

// ---------------------------------------------------------------------------------------------
// The spec's examples (sections 8 and 9)

#[test]
fn the_six_valid_examples_have_no_error() {
    for n in 1..=6 {
        let (exit, report) = report(Path::new(FIXTURES), &fixture(&format!("valid-{n}.md")));
        assert_eq!(exit, 0, "valid-{n}: {report}");
        assert_ne!(report["verdict"], "invalid", "valid-{n}: {report}");
        assert!(findings(&report, "error").is_empty(), "valid-{n}: {report}");
    }
}

#[test]
fn each_invalid_example_fails_citing_the_rule_the_spec_names() {
    let expected = [
        (1, "HEADER_MISSING", "3.1"),
        (2, "YIELD_MISSING", "4.6"),
        (3, "STANCE_INVALID", "R10"),
        (4, "CONFIDENCE_OUT_OF_RANGE", "R11"),
        (5, "SESSION_ID_INVALID", "3.1"),
        (6, "AUTHOR_UNKNOWN", "R12"),
        (7, "ORDER_BACKWARDS", "R8"),
    ];
    for (n, code_, rule) in expected {
        let (exit, report) = report(Path::new(FIXTURES), &fixture(&format!("invalid-{n}.md")));
        assert_eq!(exit, 1, "invalid-{n}");
        assert_eq!(report["verdict"], "invalid");
        assert_eq!(
            findings(&report, "error"),
            vec![(code_.to_owned(), rule.to_owned())],
            "invalid-{n}: {report}"
        );
    }
}

#[test]
fn human_findings_read_file_line_col_severity_code_rule_message() {
    let file = fixture("invalid-4.md");
    let output = run(
        Path::new(FIXTURES),
        &["bounce", "validate", file.to_str().unwrap()],
    );
    assert_eq!(code(&output), 1);
    let text = stdout(&output);
    let expected = format!(
        "{}:32:13: error CONFIDENCE_OUT_OF_RANGE (R11): ",
        file.display()
    );
    assert!(text.contains(&expected), "{text}");
    assert!(text.contains(": warning ENTRY_ID_NOT_V4 (R7): "), "{text}");
    // Every stdout line is a finding; the verdict goes to stderr.
    for line in text.lines() {
        let (place, rest) = line.split_once(": ").unwrap();
        let mut parts = place.rsplitn(3, ':');
        assert!(parts.next().unwrap().parse::<u32>().is_ok(), "{line}");
        assert!(parts.next().unwrap().parse::<u32>().is_ok(), "{line}");
        assert!(
            rest.starts_with("error ") || rest.starts_with("warning "),
            "{line}"
        );
        assert!(rest.contains(" (") && rest.contains("): "), "{line}");
    }
    assert!(stderr(&output).contains("invalid (1 error, 2 warnings)"));
}

#[test]
fn validate_reports_every_file_and_its_verdict_as_an_answer() {
    let work = Work::new();
    let valid = fixture("valid-1.md");
    let invalid = fixture("invalid-3.md");
    let missing = work.path("missing.md");
    let output = work.run(&[
        "bounce",
        "validate",
        "--json",
        valid.to_str().unwrap(),
        invalid.to_str().unwrap(),
        missing.to_str().unwrap(),
    ]);
    assert_eq!(code(&output), 66, "an unreadable file wins");
    let value = json(&output);
    // Issue 14: every exit of 64 or more carries `ok` false and an `error`; `data` still has
    // the report of every file.
    assert_eq!(value["ok"], false);
    assert_eq!(value["error"]["code"], "FILE_UNREADABLE");
    assert_eq!(value["error"]["exit"], 66);
    assert_eq!(value["command"], "bounce validate");
    let files = value["data"]["files"].as_array().unwrap();
    assert_eq!(files.len(), 3);
    assert_eq!(files[0]["path"], valid.to_str().unwrap());
    assert_eq!(files[0]["verdict"], "valid-with-warnings");
    assert_eq!(files[1]["verdict"], "invalid");
    assert_eq!(files[2]["verdict"], "invalid");
    let finding = &files[1]["findings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["severity"] == "error")
        .unwrap();
    for key in ["code", "severity", "rule", "line", "column", "message"] {
        assert!(!finding[key].is_null(), "{key} in {finding}");
    }
    assert_eq!(finding["line"], 31);
    assert_eq!(finding["column"], 9);
    // Without the unreadable file: 1 for an error, 0 for warnings only.
    let both = work.run(&[
        "bounce",
        "validate",
        valid.to_str().unwrap(),
        invalid.to_str().unwrap(),
    ]);
    assert_eq!(code(&both), 1);
    assert_eq!(
        code(&work.run(&["bounce", "validate", valid.to_str().unwrap()])),
        0
    );
}

// ---------------------------------------------------------------------------------------------
// new

#[test]
fn new_creates_a_valid_session_exclusively() {
    let work = Work::new();
    let out = work.json(&[
        "bounce",
        "new",
        "s.md",
        "--title",
        "Pick",
        "--agents",
        "alpha,beta",
    ]);
    assert_eq!(out["ok"], true, "{out}");
    let id = out["data"]["session_id"].as_str().unwrap().to_owned();
    let text = work.read("s.md");
    assert!(text.starts_with(&format!(
        "<!-- bounce-protocol: 0.1 -->\n<!-- created: {NOW} -->\n<!-- session-id: {id} -->\n"
    )));
    assert_eq!(id.len(), 36);
    assert_eq!(&id[14..15], "4");
    assert_eq!(id, id.to_lowercase());
    for default in [
        "turn-order: round-robin",
        "max-turns-per-round: 1",
        "turn-timeout: 300",
        "consensus-threshold: 0.7",
        "consensus-mode: majority",
        "escalation: human",
        "max-rounds: 5",
        "output-format: structured",
    ] {
        assert!(text.contains(default), "{default}");
    }
    let (exit, report) = report(work.dir(), &work.path("s.md"));
    assert_eq!((exit, report["verdict"].as_str()), (0, Some("valid")));
    // Never overwritten.
    let again = work.run(&["bounce", "new", "s.md", "--title", "X", "--agents", "a,b"]);
    assert_eq!(code(&again), 3);
    assert_eq!(work.read("s.md"), text);
}

#[test]
fn new_refuses_bad_input_before_touching_the_disk() {
    let work = Work::new();
    for args in [
        vec!["--agents", "a,a"],
        vec!["--agents", "a,,b"],
        vec!["--agents", "A B"],
        vec!["--agents", "a", "--threshold", "1.5"],
        vec!["--agents", "a", "--threshold", "-0.1"],
        vec!["--agents", "a", "--context", "## Dialogue"],
        vec!["--agents", "a", "--context", "```\nopen fence"],
    ] {
        let mut all = vec!["bounce", "new", "s.md", "--title", "T"];
        all.extend(args.iter());
        let output = work.run(&all);
        assert_eq!(code(&output), 65, "{args:?}: {}", stderr(&output));
        assert!(!work.path("s.md").exists(), "{args:?}");
    }
    let missing_dir = work.run(&["bounce", "new", "no/s.md", "--title", "T", "--agents", "a"]);
    assert_eq!(code(&missing_dir), 73);
    let unreadable = work.run(&[
        "bounce",
        "new",
        "s.md",
        "--title",
        "T",
        "--agents",
        "a",
        "--context-file",
        "nope",
    ]);
    assert_eq!(code(&unreadable), 66);
}

// ---------------------------------------------------------------------------------------------
// The normative rules, one by one

/// Rules 1, 2, 3 and 5: the old file is a byte prefix of the new, the rules never change, the
/// entry lands after the last yield marker, whole, yield marker last.
#[test]
fn rules_1_2_3_5_append_only_after_the_last_yield() {
    let work = Work::new();
    work.new_session("s.md", "alpha,beta", &[]);
    let mut before = work.read("s.md");
    for (author, stance) in [
        ("alpha", "approve"),
        ("beta", "reject"),
        ("alpha", "neutral"),
    ] {
        work.append_ok("s.md", author, stance, "0.5");
        let after = work.read("s.md");
        assert!(after.starts_with(&before), "old bytes rewritten");
        assert!(after.ends_with("\n<!-- yield -->\n"));
        let added = &after[before.len()..];
        assert_eq!(added.matches("<!-- entry: ").count(), 1);
        assert!(added.trim_start().starts_with("<!-- entry: "));
        before = after;
    }
    let rules =
        |t: &str| t[t.find("## Protocol Rules").unwrap()..t.find("## Context").unwrap()].to_owned();
    assert_eq!(rules(&before), rules(&work.read("s.md")));
    // Rule 2: text between entries is flagged.
    let stray = work.write(
        "stray.md",
        &session(
            &["alpha"],
            &[],
            &[
                entry(1, "alpha", 1, 1, "approve", "0.1"),
                "Loose text.\n".into(),
            ],
        ),
    );
    let (_, r) = report(work.dir(), &stray);
    assert!(has(&r, "warning", "STRAY_CONTENT", "R2"), "{r}");
}

#[test]
fn rule_4_a_missing_yield_marker_is_an_error_and_blocks_appends() {
    let work = Work::new();
    let mut open = entry(1, "alpha", 1, 1, "approve", "0.5");
    open.truncate(open.find("<!-- yield -->").unwrap());
    let file = work.write("s.md", &session(&["alpha", "beta"], &[], &[open]));
    let (exit, r) = report(work.dir(), &file);
    assert_eq!(exit, 1);
    assert!(has(&r, "error", "YIELD_MISSING", "4.6"), "{r}");
    let status = work.json(&["bounce", "status", "s.md"]);
    assert_eq!(status["data"]["in_progress"], true, "{status}");
    assert_eq!(status["data"]["next"], serde_json::json!([]));
    let before = work.read("s.md");
    let refused = work.append("s.md", "beta", "approve", "0.5");
    assert_eq!(code(&refused), 4);
    assert!(stderr(&refused).contains("yield"), "{}", stderr(&refused));
    assert_eq!(work.read("s.md"), before);
}

#[test]
fn rule_6_an_entry_starting_inside_an_open_one_is_an_error() {
    let work = Work::new();
    let mut open = entry(1, "alpha", 1, 1, "approve", "0.5");
    open.truncate(open.find("<!-- yield -->").unwrap());
    let file = work.write(
        "s.md",
        &session(
            &["alpha", "beta"],
            &[("turn-order", "free-form")],
            &[open, entry(2, "beta", 1, 2, "approve", "0.5")],
        ),
    );
    let (_, r) = report(work.dir(), &file);
    assert!(has(&r, "error", "ENTRY_WHILE_OPEN", "R6"), "{r}");
}

#[test]
fn rule_7_ids_are_uuids_and_a_duplicate_is_ignored() {
    let work = Work::new();
    let first = entry(1, "alpha", 1, 1, "approve", "0.9");
    // The same id again, with a stance that would change the consensus if it counted, and
    // content that would be an error anywhere else.
    let duplicate = first
        .replace("[author: alpha]", "[author: beta]")
        .replace("approve", "reject")
        .replace("confidence: 0.9", "confidence: 7")
        .replace("Body of entry 1.", "## A heading");
    let file = work.write(
        "dup.md",
        &session(
            &["alpha", "beta"],
            &[("turn-order", "free-form")],
            &[first, duplicate],
        ),
    );
    let (exit, r) = report(work.dir(), &file);
    assert_eq!(exit, 0, "{r}");
    assert!(has(&r, "warning", "ENTRY_DUPLICATE", "R7"), "{r}");
    let status = work.json(&["bounce", "status", "dup.md"]);
    assert_eq!(status["data"]["entries"], 1);
    assert_eq!(status["data"]["consensus"]["score"], 0.45);
    let bad = entry(1, "alpha", 1, 1, "approve", "0.9")
        .replace("00000000-0000-4000-8000-000000000001", "not-a-uuid");
    let bad = work.write("bad.md", &session(&["alpha"], &[], &[bad]));
    assert!(has(
        &report(work.dir(), &bad).1,
        "error",
        "ENTRY_ID_INVALID",
        "R7"
    ));
    let upper = entry(1, "alpha", 1, 1, "approve", "0.9").replace("4000-8000", "4000-800A");
    let upper = work.write("upper.md", &session(&["alpha"], &[], &[upper]));
    assert!(has(
        &report(work.dir(), &upper).1,
        "error",
        "ENTRY_ID_INVALID",
        "R7"
    ));
    let v1 = entry(1, "alpha", 1, 1, "approve", "0.9").replace("-4000-", "-1000-");
    let v1 = work.write("v1.md", &session(&["alpha"], &[], &[v1]));
    let (exit, r) = report(work.dir(), &v1);
    assert_eq!(exit, 0);
    assert!(has(&r, "warning", "ENTRY_ID_NOT_V4", "R7"), "{r}");
}

#[test]
fn rule_8_turn_then_round_never_goes_backwards() {
    let work = Work::new();
    let file = work.write(
        "s.md",
        &session(
            &["alpha", "beta"],
            &[("turn-order", "free-form")],
            &[
                entry(1, "alpha", 1, 2, "neutral", "0.5"),
                entry(2, "beta", 1, 1, "neutral", "0.5"),
            ],
        ),
    );
    assert!(has(
        &report(work.dir(), &file).1,
        "error",
        "ORDER_BACKWARDS",
        "R8"
    ));
    // Turns numbered across rounds by another tool: append never numbers one backwards.
    work.write(
        "global.md",
        &session(
            &["alpha", "beta"],
            &[],
            &[
                entry(1, "alpha", 1, 1, "neutral", "0.5"),
                entry(2, "beta", 1, 2, "neutral", "0.5"),
                entry(3, "alpha", 2, 3, "neutral", "0.5"),
            ],
        ),
    );
    let appended = work.json(&[
        "bounce",
        "append",
        "global.md",
        "--author",
        "beta",
        "--stance",
        "neutral",
        "--confidence",
        "0.5",
        "--summary",
        "S",
        "--action-requested",
        "n/a",
        "--evidence",
        "n/a",
    ]);
    assert_eq!(
        (&appended["data"]["round"], &appended["data"]["turn"]),
        (&serde_json::json!(2), &serde_json::json!(4)),
        "{appended}"
    );
    assert_eq!(report(work.dir(), &work.path("global.md")).0, 0);
}

#[test]
fn rule_9_major_versions_other_than_0_are_rejected_minor_ones_read() {
    let work = Work::new();
    let base = session(&["alpha"], &[], &[]);
    let major = work.write(
        "major.md",
        &base.replace("bounce-protocol: 0.1", "bounce-protocol: 1.0"),
    );
    assert!(has(
        &report(work.dir(), &major).1,
        "error",
        "VERSION_UNSUPPORTED",
        "R9"
    ));
    let minor = base
        .replace("bounce-protocol: 0.1", "bounce-protocol: 0.7")
        .replace(
            "output-format: structured",
            "output-format: structured\nfuture-key: 3",
        );
    let with_field = entry(1, "alpha", 1, 1, "approve", "0.5")
        .replace("confidence: 0.5\n", "priority: high\nconfidence: 0.5\n");
    let minor = work.write("minor.md", &format!("{minor}\n{with_field}"));
    let (exit, r) = report(work.dir(), &minor);
    assert_eq!(exit, 0, "{r}");
    assert!(has(&r, "warning", "RULES_KEY_UNKNOWN", "R9"));
    assert!(has(&r, "warning", "FIELD_UNKNOWN", "R9"), "{r}");
}

#[test]
fn rules_10_and_11_stance_and_confidence() {
    let work = Work::new();
    for (stance, confidence, code_, rule) in [
        ("agree", "0.5", "STANCE_INVALID", "R10"),
        ("approve", "-0.1", "CONFIDENCE_OUT_OF_RANGE", "R11"),
        ("approve", "high", "CONFIDENCE_INVALID", "R11"),
    ] {
        let file = work.write(
            "s.md",
            &session(
                &["alpha"],
                &[],
                &[entry(1, "alpha", 1, 1, stance, confidence)],
            ),
        );
        assert!(
            has(&report(work.dir(), &file).1, "error", code_, rule),
            "{stance} {confidence}"
        );
    }
    // Free-text: fields optional, but a given confidence must be in range.
    let free = "<!-- entry: 00000000-0000-4000-8000-000000000001 -->\n<!-- turn: 1 round: 1 -->\n2026-02-18T10:01:00Z [author: alpha] [status: yield]\n\nJust prose.\n\n<!-- yield -->\n";
    let file = work.write(
        "free.md",
        &session(
            &["alpha", "beta"],
            &[("output-format", "free-text")],
            &[free.into()],
        ),
    );
    assert_eq!(report(work.dir(), &file).0, 0);
    let file = work.write(
        "struct.md",
        &session(&["alpha", "beta"], &[], &[free.into()]),
    );
    assert!(has(
        &report(work.dir(), &file).1,
        "error",
        "FIELD_MISSING",
        "4.4"
    ));
    let bad = free.replace("\n\nJust", "\nconfidence: 2\n\nJust");
    let file = work.write(
        "free2.md",
        &session(
            &["alpha", "beta"],
            &[("output-format", "free-text")],
            &[bad],
        ),
    );
    assert!(has(
        &report(work.dir(), &file).1,
        "error",
        "CONFIDENCE_OUT_OF_RANGE",
        "R11"
    ));
    // append: the same values are bad input, and nothing is written.
    work.new_session("a.md", "alpha,beta", &[]);
    let before = work.read("a.md");
    for (stance, confidence) in [
        ("strongly-agree", "0.5"),
        ("approve", "1.2"),
        ("approve", "-0.1"),
        ("approve", "120%"),
    ] {
        assert_eq!(code(&work.append("a.md", "alpha", stance, confidence)), 65);
    }
    let missing = work.run(&[
        "bounce", "append", "a.md", "--author", "alpha", "--stance", "approve",
    ]);
    assert_eq!(code(&missing), 65);
    assert_eq!(work.read("a.md"), before);
}

#[test]
fn the_runtime_vocabulary_and_percentages_are_mapped_and_said() {
    let work = Work::new();
    work.new_session("s.md", "alpha,beta", &["--turn-order", "free-form"]);
    let output = work.run(&[
        "bounce",
        "append",
        "s.md",
        "--json",
        "--author",
        "alpha",
        "--stance",
        "strongly_disagree",
        "--confidence",
        "85%",
        "--summary",
        "S",
        "--action-requested",
        "n/a",
        "--evidence",
        "n/a",
    ]);
    let value = json(&output);
    assert_eq!(code(&output), 0, "{value}");
    let mapped = value["data"]["mapped"].as_array().unwrap();
    assert_eq!(mapped.len(), 2, "{value}");
    let text = work.read("s.md");
    assert!(
        text.contains("stance: reject\nconfidence: 0.85\n"),
        "{text}"
    );
    let human = work.append("s.md", "beta", "synthesize", "0.4");
    assert!(
        stderr(&human).contains("written as neutral"),
        "{}",
        stderr(&human)
    );
}

#[test]
fn rule_12_only_listed_agents_write() {
    let work = Work::new();
    work.new_session("s.md", "alpha,beta", &[]);
    let output = work.append("s.md", "mallory", "approve", "0.5");
    assert_eq!(code(&output), 4);
    assert!(stderr(&output).contains("Rule 12"), "{}", stderr(&output));
}

#[test]
fn rule_13_round_robin_order() {
    let work = Work::new();
    work.new_session("s.md", "alpha,beta,gamma", &["--max-turns-per-round", "2"]);
    let refused = work.append("s.md", "beta", "approve", "0.5");
    assert_eq!(code(&refused), 4);
    assert!(stderr(&refused).contains("Rule 13"));
    for author in ["alpha", "alpha", "beta", "beta", "gamma", "gamma", "alpha"] {
        work.append_ok("s.md", author, "neutral", "0.5");
    }
    let text = work.read("s.md");
    assert!(
        text.contains("<!-- turn: 6 round: 1 -->") && text.contains("<!-- turn: 1 round: 2 -->")
    );
    let file = work.write(
        "out.md",
        &session(
            &["alpha", "beta"],
            &[],
            &[
                entry(1, "beta", 1, 1, "neutral", "0.5"),
                entry(2, "alpha", 1, 2, "neutral", "0.5"),
            ],
        ),
    );
    let (exit, r) = report(work.dir(), &file);
    assert_eq!(exit, 0);
    assert!(has(&r, "warning", "OUT_OF_TURN", "R13"), "{r}");
    let many = work.write(
        "many.md",
        &session(
            &["alpha", "beta"],
            &[("turn-order", "free-form")],
            &[
                entry(1, "alpha", 1, 1, "neutral", "0.5"),
                entry(2, "alpha", 1, 2, "neutral", "0.5"),
            ],
        ),
    );
    assert!(has(
        &report(work.dir(), &many).1,
        "warning",
        "TOO_MANY_TURNS",
        "3.3"
    ));
}

#[test]
fn rule_14_supervised_the_named_agent_speaks() {
    let work = Work::new();
    work.new_session("s.md", "lead,dev,ops", &["--turn-order", "supervised"]);
    assert_eq!(
        code(&work.append("s.md", "dev", "neutral", "0.5")),
        4,
        "the first agent opens"
    );
    let ask = |author: &str, action: &str| {
        work.run(&[
            "bounce",
            "append",
            "s.md",
            "--author",
            author,
            "--stance",
            "neutral",
            "--confidence",
            "0.5",
            "--summary",
            "S",
            "--action-requested",
            action,
            "--evidence",
            "n/a",
        ])
    };
    assert_eq!(code(&ask("lead", "ops to check the logs, then dev")), 0);
    assert_eq!(code(&work.run(&["bounce", "next", "s.md", "dev"])), 1);
    assert_eq!(code(&work.run(&["bounce", "next", "s.md", "ops"])), 0);
    let refused = ask("dev", "n/a");
    assert_eq!(code(&refused), 4);
    assert!(stderr(&refused).contains("Rule 14"));
    assert_eq!(code(&ask("ops", "n/a")), 0);
    // Nobody named: control returns to the supervisor.
    assert_eq!(code(&work.run(&["bounce", "next", "s.md", "lead"])), 0);
    let file = work.write(
        "wrong.md",
        &session(
            &["lead", "dev"],
            &[("turn-order", "supervised")],
            &[
                entry_with(1, "lead", 1, 1, "neutral", "0.5", "dev please", "yield"),
                entry(2, "lead", 1, 2, "neutral", "0.5"),
            ],
        ),
    );
    assert!(has(
        &report(work.dir(), &file).1,
        "error",
        "WRONG_SPEAKER",
        "R14"
    ));
}

#[test]
fn rule_15_free_form_has_no_order() {
    let work = Work::new();
    work.new_session(
        "s.md",
        "alpha,beta,gamma",
        &["--turn-order", "free-form", "--max-turns-per-round", "2"],
    );
    let next = work.json(&["bounce", "status", "s.md"]);
    assert_eq!(
        next["data"]["next"],
        serde_json::json!(["alpha", "beta", "gamma"])
    );
    work.append_ok("s.md", "gamma", "neutral", "0.5");
    work.append_ok("s.md", "gamma", "neutral", "0.5");
    assert_eq!(
        code(&work.append("s.md", "gamma", "neutral", "0.5")),
        4,
        "max-turns-per-round"
    );
    work.append_ok("s.md", "alpha", "neutral", "0.5");
    work.append_ok("s.md", "beta", "neutral", "0.5");
    // Everyone wrote: the round is finished and the next entry opens round 2.
    work.append_ok("s.md", "gamma", "neutral", "0.5");
    assert!(work.read("s.md").contains("<!-- turn: 1 round: 2 -->"));
    assert_eq!(report(work.dir(), &work.path("s.md")).0, 0);
}

#[test]
fn rule_16_a_session_begins_with_an_empty_dialogue() {
    let work = Work::new();
    let file = work.write("s.md", &session(&["alpha"], &[], &[]));
    assert_eq!(report(work.dir(), &file).0, 0);
    let no_dialogue = work.write(
        "nd.md",
        &session(&["alpha"], &[], &[]).replace("## Dialogue\n", ""),
    );
    assert!(has(
        &report(work.dir(), &no_dialogue).1,
        "error",
        "SECTION_MISSING",
        "3.5"
    ));
    let blank_first = work.write("b.md", &format!("\n{}", session(&["alpha"], &[], &[])));
    assert!(has(
        &report(work.dir(), &blank_first).1,
        "error",
        "HEADER_MISSING",
        "3.1"
    ));
}

#[test]
fn rule_17_the_session_ends_at_max_rounds_consensus_deadlock_or_a_close() {
    let work = Work::new();
    // max-rounds
    work.new_session("m.md", "alpha,beta", &["--max-rounds", "1"]);
    work.append_ok("m.md", "alpha", "reject", "0.5");
    work.append_ok("m.md", "beta", "reject", "0.5");
    let status = work.json(&["bounce", "status", "m.md"]);
    assert_eq!(status["data"]["ended"], true);
    assert_eq!(status["data"]["end_reason"], "max-rounds");
    let refused = work.append("m.md", "alpha", "approve", "0.5");
    assert_eq!(code(&refused), 4);
    assert_eq!(code(&work.run(&["bounce", "next", "m.md", "alpha"])), 2);
    let after = work.write(
        "after.md",
        &session(
            &["alpha"],
            &[("max-rounds", "1")],
            &[
                entry(1, "alpha", 1, 1, "reject", "0.5"),
                entry(2, "alpha", 2, 1, "reject", "0.5"),
            ],
        ),
    );
    assert!(has(
        &report(work.dir(), &after).1,
        "error",
        "ROUND_LIMIT_EXCEEDED",
        "R17"
    ));
    // deadlock
    work.new_session("d.md", "alpha,beta", &[]);
    work.append_ok("d.md", "alpha", "defer", "0.5");
    work.append_ok("d.md", "beta", "defer", "0.5");
    assert_eq!(
        work.json(&["bounce", "status", "d.md"])["data"]["end_reason"],
        "deadlock"
    );
    // In deadlock the escalation policy applies (7.4): `human` (the default) asks for a
    // person, nothing appended; a policy that appends turns has nothing to append to.
    let before = work.read("d.md");
    let (exit, human) = {
        let out = work.run(&["bounce", "escalate", "d.md", "--json"]);
        (code(&out), stdout(&out))
    };
    assert_eq!(exit, 1, "{human}");
    assert!(human.contains("HUMAN_NEEDED"), "{human}");
    assert_eq!(work.read("d.md"), before);
    work.new_session("ds.md", "alpha,beta", &["--escalation", "timeout-skip"]);
    work.append_ok("ds.md", "alpha", "defer", "0.5");
    work.append_ok("ds.md", "beta", "defer", "0.5");
    assert_eq!(code(&work.run(&["bounce", "escalate", "ds.md"])), 2);
    // closed by a person
    work.new_session("c.md", "alpha,human-lead", &["--turn-order", "free-form"]);
    let close = work.run(&[
        "bounce",
        "append",
        "c.md",
        "--author",
        "human-lead",
        "--status",
        "closed",
        "--stance",
        "neutral",
        "--confidence",
        "1",
        "--summary",
        "Closing.",
        "--action-requested",
        "n/a",
        "--evidence",
        "n/a",
        "--body",
        "I am closing this session.",
    ]);
    assert_eq!(code(&close), 0, "{}", stderr(&close));
    assert_eq!(
        work.json(&["bounce", "status", "c.md"])["data"]["end_reason"],
        "closed"
    );
    assert_eq!(code(&work.append("c.md", "alpha", "approve", "0.9")), 4);
    for (body, closes) in [
        ("The session is finished.", true),
        ("Session terminated by the operator.", true),
        ("I am done with my part; the session continues.", false),
    ] {
        let closing = entry_with(1, "alpha", 1, 1, "neutral", "0.5", "n/a", "closed")
            .replace("Body of entry 1.", body);
        work.write(
            "h.md",
            &session(
                &["alpha", "beta"],
                &[("turn-order", "free-form")],
                &[closing],
            ),
        );
        let status = work.json(&["bounce", "status", "h.md"]);
        assert_eq!(status["data"]["ended"], closes, "{body}: {status}");
    }
}

#[test]
fn rule_18_entries_after_consensus_are_a_warning_and_refused() {
    let work = Work::new();
    let file = work.write(
        "s.md",
        &session(
            &["alpha", "beta"],
            &[],
            &[
                entry(1, "alpha", 1, 1, "approve", "0.8"),
                entry(2, "beta", 1, 2, "approve", "0.8"),
                entry(3, "alpha", 2, 1, "approve", "0.9"),
            ],
        ),
    );
    let (exit, r) = report(work.dir(), &file);
    assert_eq!(exit, 0);
    assert!(has(&r, "warning", "AFTER_END", "R18"), "{r}");
    // Consensus in the last round max-rounds allows: what follows is past the limit, an error.
    let last = work.write(
        "last.md",
        &session(
            &["alpha", "beta"],
            &[("max-rounds", "1")],
            &[
                entry(1, "alpha", 1, 1, "approve", "0.8"),
                entry(2, "beta", 1, 2, "approve", "0.8"),
                entry(3, "alpha", 2, 1, "approve", "0.9"),
            ],
        ),
    );
    let (exit, r) = report(work.dir(), &last);
    assert_eq!(exit, 1, "{r}");
    assert!(has(&r, "error", "ROUND_LIMIT_EXCEEDED", "R17"), "{r}");
    let refused = work.append("s.md", "beta", "approve", "0.9");
    assert_eq!(code(&refused), 4);
    assert!(stderr(&refused).contains("ended"), "{}", stderr(&refused));
}

#[test]
fn rules_19_and_20_metadata_lives_in_one_line_comments() {
    let work = Work::new();
    let plain = entry(1, "alpha", 1, 1, "approve", "0.5")
        .replacen("<!-- entry: ", "entry: ", 1)
        .replacen(" -->\n<!-- turn", "\n<!-- turn", 1);
    let file = work.write("plain.md", &session(&["alpha"], &[], &[plain]));
    assert!(has(
        &report(work.dir(), &file).1,
        "error",
        "METADATA_NOT_IN_COMMENT",
        "R19"
    ));
    let plain_position = entry(1, "alpha", 1, 1, "approve", "0.5")
        .replace("<!-- turn: 1 round: 1 -->", "turn: 1 round: 1");
    let file = work.write("position.md", &session(&["alpha"], &[], &[plain_position]));
    let (_, position) = report(work.dir(), &file);
    assert!(has(&position, "error", "METADATA_NOT_IN_COMMENT", "R19"));
    assert_eq!(findings(&position, "error").len(), 1, "{position}");
    let spaced = entry(1, "alpha", 1, 1, "approve", "0.5")
        .replace("<!-- turn: 1 round: 1 -->", "<!--turn: 1 round: 1-->");
    let file = work.write("spaced.md", &session(&["alpha"], &[], &[spaced]));
    assert!(has(
        &report(work.dir(), &file).1,
        "error",
        "COMMENT_FORMAT",
        "R20"
    ));
    let multi = format!(
        "<!--\nbounce-protocol: 0.1 -->\n{}",
        session(&["alpha"], &[], &[]).split_once('\n').unwrap().1
    );
    let file = work.write("multi.md", &multi);
    assert!(has(
        &report(work.dir(), &file).1,
        "error",
        "COMMENT_MULTILINE",
        "R20"
    ));
}

#[test]
fn section_3_header_and_rules_are_checked() {
    let work = Work::new();
    let base = session(&["alpha", "beta"], &[], &[]);
    let cases = [
        (
            base.replace("2026-02-18T10:00:00Z", "yesterday"),
            "CREATED_INVALID",
            "3.1",
        ),
        (
            base.replace("2026-02-18T10:00:00Z", "2026-02-18T10:00:00"),
            "CREATED_INVALID",
            "3.1",
        ),
        (
            base.replace(
                "3f1c2b7a-9d4e-4c1a-8b2f-0a1b2c3d4e5f",
                "3F1C2B7A-9D4E-4C1A-8B2F-0A1B2C3D4E5F",
            ),
            "SESSION_ID_INVALID",
            "3.1",
        ),
        (
            base.replace("turn-order: round-robin\n", ""),
            "RULES_KEY_MISSING",
            "3.3",
        ),
        (
            base.replace("round-robin", "random"),
            "RULES_VALUE_INVALID",
            "3.3",
        ),
        (
            base.replace("max-rounds: 5", "max-rounds: 0"),
            "RULES_VALUE_INVALID",
            "3.3",
        ),
        (
            base.replace("max-rounds: 5", "max-rounds: 2.5"),
            "RULES_VALUE_INVALID",
            "3.3",
        ),
        (
            base.replace("consensus-threshold: 0.7", "consensus-threshold: 1.01"),
            "RULES_VALUE_INVALID",
            "3.3",
        ),
        (
            base.replace("  - beta\n", "  - alpha\n"),
            "AGENT_DUPLICATE",
            "3.3",
        ),
        (
            base.replace("  - alpha\n  - beta\n", ""),
            "AGENTS_EMPTY",
            "3.3",
        ),
        (
            base.replace("# Bounce Session: Hand written", "# Hand written"),
            "TITLE_FORMAT",
            "3.2",
        ),
        (
            base.replace("## Context\n\nSome context.\n\n", "").replace(
                "## Protocol Rules",
                "## Context\n\nSome context.\n\n## Protocol Rules",
            ),
            "SECTION_ORDER",
            "3",
        ),
    ];
    for (text, code_, rule) in cases {
        let file = work.write("s.md", &text);
        let (exit, r) = report(work.dir(), &file);
        assert_eq!(exit, 1, "{code_}: {r}");
        assert!(has(&r, "error", code_, rule), "{code_}: {r}");
    }
    for (text, code_) in [
        (
            base.replace("max-turns-per-round: 1", "max-turns-per-round: 11"),
            "RULES_LIMIT",
        ),
        (
            base.replace("turn-timeout: 300", "turn-timeout: 86401"),
            "RULES_LIMIT",
        ),
        (
            base.replace("max-rounds: 5", "max-rounds: 101"),
            "RULES_LIMIT",
        ),
        (base.replace("  - beta", "  - Beta_1"), "AGENT_NAME_PATTERN"),
        (
            base.replace("  - beta", "  - Security Reviewer"),
            "AGENT_NAME_PATTERN",
        ),
        (
            base.replace("3f1c2b7a-9d4e-4c1a", "3f1c2b7a-9d4e-1c1a"),
            "SESSION_ID_NOT_V4",
        ),
    ] {
        let file = work.write("s.md", &text);
        let (exit, r) = report(work.dir(), &file);
        assert_eq!(exit, 0, "{code_}: {r}");
        assert!(
            findings(&r, "warning").iter().any(|(c, _)| c == code_),
            "{code_}: {r}"
        );
    }
    // The header lines in any order; YAML comments after a value or a list item.
    let (header, rest) = base.split_at(base.find("\n\n").unwrap());
    let mut lines: Vec<&str> = header.lines().collect();
    lines.reverse();
    let reordered = format!("{}{rest}", lines.join("\n"))
        .replace("  - beta\n", "  - beta  # the reviewer\n")
        .replace("max-rounds: 5", "max-rounds: 5  # at most");
    let file = work.write("s.md", &reordered);
    let (exit, r) = report(work.dir(), &file);
    assert_eq!((exit, r["verdict"].as_str()), (0, Some("valid")), "{r}");
}

#[test]
fn section_4_5_body_headings_outside_code_fences() {
    let work = Work::new();
    let with =
        |body: &str| entry(1, "alpha", 1, 1, "approve", "0.5").replace("Body of entry 1.", body);
    for body in ["## Findings", "# Top", "Findings\n---", "Findings\n==="] {
        let file = work.write("s.md", &session(&["alpha"], &[], &[with(body)]));
        assert!(
            has(&report(work.dir(), &file).1, "error", "BODY_HEADING", "4.5"),
            "{body:?}"
        );
    }
    for body in [
        "### Fine",
        "```\n## in a fence\n<!-- yield -->\n```",
        "- item\n\n---\n\nafter a rule",
        "> a quote\n---\nafter a rule",
    ] {
        let file = work.write("s.md", &session(&["alpha"], &[], &[with(body)]));
        assert_eq!(report(work.dir(), &file).0, 0, "{body:?}");
    }
    work.new_session("a.md", "alpha", &["--output-format", "free-text"]);
    for body in [
        "## Heading",
        "Title\n===",
        "```\nunclosed",
        "<!-- yield -->",
    ] {
        let output = work.run(&[
            "bounce", "append", "a.md", "--author", "alpha", "--body", body,
        ]);
        assert_eq!(code(&output), 65, "{body:?}");
    }
    work.ok(&[
        "bounce",
        "append",
        "a.md",
        "--author",
        "alpha",
        "--body",
        "```md\n## fenced\n```",
    ]);
    // Text that begins with a hyphen (a markdown list) is a value, not an option.
    work.ok(&[
        "bounce",
        "append",
        "a.md",
        "--author",
        "alpha",
        "--summary",
        "- the one point",
        "--body",
        "- first\n- second",
    ]);
    assert!(work.read("a.md").contains("summary: - the one point\n"));
    assert!(work.read("a.md").contains("\n- first\n- second\n"));
}

// ---------------------------------------------------------------------------------------------
// Consensus boundaries

/// `bounce consensus --json` of a one-round session with the given (agent, stance, confidence).
fn consensus_of(
    mode: &str,
    threshold: &str,
    votes: &[(&str, &str, &str)],
    agents: &[&str],
) -> Value {
    let work = Work::new();
    let entries: Vec<String> = votes
        .iter()
        .enumerate()
        .map(|(i, (a, s, c))| entry(i as u32 + 1, a, 1, i as u32 + 1, s, c))
        .collect();
    work.write(
        "s.md",
        &session(
            agents,
            &[
                ("turn-order", "free-form"),
                ("consensus-mode", mode),
                ("consensus-threshold", threshold),
            ],
            &entries,
        ),
    );
    let value = work.json(&["bounce", "consensus", "s.md"]);
    assert_eq!(value["ok"], true, "{value}");
    value["data"].clone()
}

#[test]
fn majority_needs_more_than_half_of_the_listed_agents_and_the_mean_at_the_threshold() {
    let abc = ["a", "b", "c"];
    let reached = consensus_of(
        "majority",
        "0.7",
        &[
            ("a", "approve", "0.6"),
            ("b", "approve", "0.8"),
            ("c", "reject", "0.9"),
        ],
        &abc,
    );
    assert_eq!(reached["reached"], true, "mean 0.7 >= 0.7: {reached}");
    assert_eq!(reached["approvers"], serde_json::json!(["a", "b"]));
    // What majority compares is given beside the score, which it does not use.
    assert_eq!(reached["approver_confidence"], 0.7, "{reached}");
    let score = reached["score"].as_f64().unwrap();
    assert!((score - 0.5 / 3.0).abs() < 1e-9, "{reached}");
    let below = consensus_of(
        "majority",
        "0.71",
        &[("a", "approve", "0.6"), ("b", "approve", "0.8")],
        &abc,
    );
    assert_eq!(below["reached"], false);
    // Half is not more than half; a deferring agent still counts in the denominator.
    let half = consensus_of(
        "majority",
        "0.5",
        &[
            ("a", "approve", "0.9"),
            ("b", "approve", "0.9"),
            ("c", "defer", "0.1"),
            ("d", "defer", "0.1"),
        ],
        &["a", "b", "c", "d"],
    );
    assert_eq!(half["reached"], false, "{half}");
    // The last entry of an agent in the round is its vote.
    let changed = consensus_of(
        "majority",
        "0.5",
        &[
            ("a", "approve", "0.9"),
            ("b", "approve", "0.9"),
            ("a", "reject", "0.9"),
        ],
        &["a", "b", "c"],
    );
    assert_eq!(changed["approvers"], serde_json::json!(["b"]));
    assert_eq!(changed["finished"], false);
}

#[test]
fn weighted_sits_exactly_on_the_spec_example_3_boundary() {
    let agents = ["a", "b", "c"];
    let votes = [
        ("a", "approve", "0.6"),
        ("b", "approve", "0.55"),
        ("c", "approve", "0.65"),
    ];
    let exact = consensus_of("weighted", "0.6", &votes, &agents);
    assert_eq!(exact["score"], 0.6, "{exact}");
    assert_eq!(exact["reached"], true);
    assert_eq!(exact["finished"], true);
    assert_eq!(
        consensus_of("weighted", "0.61", &votes, &agents)["reached"],
        false
    );
    // Rejections subtract; defer adds nothing but stays in the denominator.
    let mixed = consensus_of(
        "weighted",
        "0.2",
        &[
            ("a", "approve", "0.9"),
            ("b", "reject", "0.3"),
            ("c", "defer", "1"),
        ],
        &agents,
    );
    assert_eq!(mixed["score"], 0.2, "{mixed}");
    assert_eq!(mixed["reached"], true);
    // 0.2 / 3 is 0.0666…: a threshold one unit above it in the 28th digit is not reached,
    // which a division rounded to 28 digits would get wrong.
    let thirds = [("a", "approve", "0.2"), ("b", "neutral", "0.5")];
    let above = consensus_of(
        "weighted",
        "0.0666666666666666666666666667",
        &thirds,
        &agents,
    );
    assert_eq!(above["reached"], false, "{above}");
    // The spec's example file itself.
    let (dir, file) = (Path::new(FIXTURES), fixture("valid-3.md"));
    let status = json(&run(
        dir,
        &["bounce", "status", "--json", file.to_str().unwrap()],
    ));
    assert_eq!(status["data"]["end_reason"], "consensus", "{status}");
}

#[test]
fn unanimous_ranges_over_non_defer_votes_and_deadlock_is_everyone_deferring() {
    let agents = ["a", "b", "c"];
    let all = consensus_of(
        "unanimous",
        "0.7",
        &[
            ("a", "approve", "0.7"),
            ("b", "approve", "0.9"),
            ("c", "defer", "0.1"),
        ],
        &agents,
    );
    assert_eq!(all["reached"], true, "{all}");
    let one_low = consensus_of(
        "unanimous",
        "0.7",
        &[
            ("a", "approve", "0.69"),
            ("b", "approve", "0.9"),
            ("c", "approve", "1"),
        ],
        &agents,
    );
    assert_eq!(one_low["reached"], false);
    let one_neutral = consensus_of(
        "unanimous",
        "0.7",
        &[("a", "approve", "0.9"), ("b", "neutral", "0.9")],
        &agents,
    );
    assert_eq!(one_neutral["reached"], false);
    let deadlock = consensus_of(
        "unanimous",
        "0.7",
        &[
            ("a", "defer", "0.9"),
            ("b", "defer", "0.9"),
            ("c", "defer", "0.9"),
        ],
        &agents,
    );
    assert_eq!(
        (deadlock["reached"].clone(), deadlock["deadlock"].clone()),
        (Value::Bool(false), Value::Bool(true))
    );
    let not_all = consensus_of(
        "unanimous",
        "0.7",
        &[("a", "defer", "0.9"), ("b", "defer", "0.9")],
        &agents,
    );
    assert_eq!(not_all["deadlock"], false);
}

#[test]
fn threshold_zero_disables_detection_and_overrides_apply() {
    let agents = ["a"];
    let votes = [("a", "approve", "1")];
    for mode in ["majority", "weighted", "unanimous"] {
        assert_eq!(
            consensus_of(mode, "0.0", &votes, &agents)["reached"],
            false,
            "{mode}"
        );
    }
    let work = Work::new();
    work.write(
        "s.md",
        &session(
            &["a", "b"],
            &[],
            &[
                entry(1, "a", 1, 1, "approve", "0.5"),
                entry(2, "b", 1, 2, "approve", "0.5"),
                entry(3, "a", 2, 1, "reject", "0.5"),
            ],
        ),
    );
    let round1 = work.json(&[
        "bounce",
        "consensus",
        "s.md",
        "--round",
        "1",
        "--mode",
        "weighted",
        "--threshold",
        "0.5",
    ]);
    assert_eq!(round1["data"]["round"], 1);
    assert_eq!(round1["data"]["mode"], "weighted");
    assert_eq!(round1["data"]["threshold"], 0.5);
    assert_eq!(round1["data"]["reached"], true);
    let latest = work.json(&["bounce", "consensus", "s.md"]);
    assert_eq!(latest["data"]["round"], 2);
    assert_eq!(latest["data"]["finished"], false);
    assert_eq!(
        code(&work.run(&["bounce", "consensus", "s.md", "--round", "9"])),
        65
    );
}

// ---------------------------------------------------------------------------------------------
// Appending under concurrency and crashes

fn spawn_in(dir: &Path, args: &[String]) -> Child {
    parley_std()
        .current_dir(dir)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

#[test]
fn sixteen_concurrent_appenders_make_sixteen_whole_entries() {
    let work = Work::new();
    let agents: Vec<String> = (1..=16).map(|i| format!("agent-{i}")).collect();
    work.new_session(
        "s.md",
        &agents.join(","),
        &["--turn-order", "free-form", "--threshold", "0"],
    );
    let children: Vec<Child> = agents
        .iter()
        .map(|agent| {
            let args: Vec<String> = [
                "bounce",
                "append",
                "s.md",
                "--lock-timeout",
                "120",
                "--author",
                agent,
                "--stance",
                "approve",
                "--confidence",
                "0.9",
                "--summary",
                "S",
                "--action-requested",
                "n/a",
                "--evidence",
                "n/a",
                "--body",
            ]
            .iter()
            .map(|s| s.to_string())
            .chain([format!("Body of {agent}.\n\n{}", "text ".repeat(2000))])
            .collect();
            spawn_in(work.dir(), &args)
        })
        .collect();
    for child in children {
        let output = child.wait_with_output().unwrap();
        assert_eq!(code(&output), 0, "{}", stderr(&output));
    }
    let text = work.read("s.md");
    assert_eq!(text.matches("<!-- entry: ").count(), 16);
    assert_eq!(text.matches("\n<!-- yield -->\n").count(), 16);
    for turn in 1..=16 {
        assert!(
            text.contains(&format!("<!-- turn: {turn} round: 1 -->")),
            "turn {turn}"
        );
    }
    for agent in &agents {
        assert!(text.contains(&format!("Body of {agent}.")));
    }
    let (exit, r) = report(work.dir(), &work.path("s.md"));
    assert_eq!((exit, r["verdict"].as_str()), (0, Some("valid")), "{r}");
}

#[test]
fn kill_9_mid_append_leaves_the_file_as_it_was_or_with_the_whole_entry() {
    let work = Work::new();
    work.new_session(
        "s.md",
        "alpha,beta",
        &["--turn-order", "free-form", "--output-format", "free-text"],
    );
    let before = work.read("s.md");
    // A body large enough that the write takes a while.
    let body = "word ".repeat(6_000_000);
    std::fs::write(work.path("body.txt"), &body).unwrap();
    let args: Vec<String> = [
        "bounce",
        "append",
        "s.md",
        "--author",
        "alpha",
        "--body-file",
        "body.txt",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let mut child = spawn_in(work.dir(), &args);
    // Kill it as soon as the file starts growing (or, failing that, after a while).
    let began = Instant::now();
    while began.elapsed() < Duration::from_secs(20) {
        let len = std::fs::metadata(work.path("s.md")).unwrap().len() as usize;
        if len > before.len() || child.try_wait().unwrap().is_some() {
            break;
        }
        std::thread::sleep(Duration::from_micros(200));
    }
    let _ = child.kill();
    let _ = child.wait();
    let (exit, r) = report(work.dir(), &work.path("s.md"));
    assert_eq!(exit, 0, "{r}");
    let after = work.read("s.md");
    assert!(after.starts_with(&before));
    assert!(
        after == before || after.ends_with("<!-- yield -->\n") && after.contains(&body[..1000])
    );
    assert!(!work.path(".s.md.parley-journal").exists());
    // And the next append works.
    work.ok(&[
        "bounce",
        "append",
        "s.md",
        "--author",
        "beta",
        "--body",
        "After the crash.",
    ]);
}

#[test]
fn a_torn_tail_recorded_in_the_journal_is_rolled_back_by_the_next_command() {
    let work = Work::new();
    work.new_session("s.md", "alpha,beta", &["--turn-order", "free-form"]);
    work.append_ok("s.md", "alpha", "approve", "0.5");
    let before = work.read("s.md");
    // What a writer killed mid-write leaves: the journal, then part of the entry.
    let partial = "\n<!-- entry: 00000000-0000-4000-8000-000000000009 -->\n<!-- turn: 2 round: 1 -->\n2026-02-18T10:00:00Z [author: beta]";
    std::fs::write(
        work.path(".s.md.parley-journal"),
        format!(
            "parley append journal v1\nstart {}\nend {}\n",
            before.len(),
            before.len() + 400
        ),
    )
    .unwrap();
    std::fs::write(work.path("s.md"), format!("{before}{partial}")).unwrap();
    let status = work.json(&["bounce", "status", "s.md"]);
    assert_eq!(status["data"]["in_progress"], false, "{status}");
    assert_eq!(work.read("s.md"), before);
    assert!(!work.path(".s.md.parley-journal").exists());
    work.append_ok("s.md", "beta", "approve", "0.5");
}

// ---------------------------------------------------------------------------------------------
// status, next --wait, escalate

#[test]
fn status_reports_round_next_end_and_timeouts_measured_from_the_last_entry() {
    let work = Work::new();
    work.new_session("s.md", "alpha,beta", &["--turn-timeout", "60"]);
    let fresh = work.json(&["bounce", "status", "s.md"]);
    let data = &fresh["data"];
    assert_eq!(data["round"], 1);
    assert_eq!(data["next"], serde_json::json!(["alpha"]));
    assert_eq!(data["ended"], false);
    assert_eq!(data["end_reason"], Value::Null);
    assert_eq!(data["in_progress"], false);
    assert_eq!(data["timed_out"], serde_json::json!([]));
    let status_at = |secs: i64| {
        json(&run_at(
            work.dir(),
            &at(secs),
            &["bounce", "status", "s.md", "--json"],
        ))
    };
    let late = status_at(61);
    assert_eq!(late["data"]["timed_out"], serde_json::json!(["alpha"]));
    assert_eq!(status_at(60)["data"]["timed_out"], serde_json::json!([]));
    let output = run_at(
        work.dir(),
        &at(100),
        &[
            "bounce",
            "append",
            "s.md",
            "--author",
            "alpha",
            "--stance",
            "approve",
            "--confidence",
            "0.9",
            "--summary",
            "S",
            "--action-requested",
            "n/a",
            "--evidence",
            "n/a",
        ],
    );
    assert_eq!(code(&output), 0);
    assert_eq!(status_at(160)["data"]["timed_out"], serde_json::json!([]));
    assert_eq!(
        status_at(161)["data"]["timed_out"],
        serde_json::json!(["beta"])
    );
}

#[test]
fn next_waits_on_file_events_and_times_out() {
    let work = Work::new();
    work.new_session("s.md", "alpha,beta", &[]);
    assert_eq!(code(&work.run(&["bounce", "next", "s.md", "beta"])), 1);
    assert_eq!(code(&work.run(&["bounce", "next", "s.md", "mallory"])), 4);
    let timed = work.run(&[
        "bounce",
        "next",
        "s.md",
        "beta",
        "--wait",
        "--timeout",
        "0.3",
    ]);
    assert_eq!(code(&timed), 124);
    let waiter = spawn_in(
        work.dir(),
        &[
            "bounce",
            "next",
            "s.md",
            "beta",
            "--wait",
            "--timeout",
            "30",
        ]
        .map(String::from),
    );
    work.append_ok("s.md", "alpha", "approve", "0.9");
    let output = waiter.wait_with_output().unwrap();
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    // Ending the session wakes a waiter with 2.
    let waiter = spawn_in(
        work.dir(),
        &[
            "bounce",
            "next",
            "s.md",
            "alpha",
            "--wait",
            "--timeout",
            "30",
        ]
        .map(String::from),
    );
    work.append_ok("s.md", "beta", "approve", "0.9");
    assert_eq!(code(&waiter.wait_with_output().unwrap()), 2);
}

#[test]
fn escalate_applies_the_policy_only_past_the_timeout() {
    let work = Work::new();
    work.new_session(
        "skip.md",
        "alpha,beta",
        &["--escalation", "timeout-skip", "--turn-timeout", "120"],
    );
    work.append_ok("skip.md", "alpha", "approve", "0.9");
    let early = run_at(work.dir(), &at(120), &["bounce", "escalate", "skip.md"]);
    assert_eq!(code(&early), 1);
    let before = work.read("skip.md");
    let late = run_at(
        work.dir(),
        &at(121),
        &["bounce", "escalate", "skip.md", "--json"],
    );
    assert_eq!(code(&late), 0, "{}", stderr(&late));
    let text = work.read("skip.md");
    assert!(text.starts_with(&before));
    let added = &text[before.len()..];
    assert!(added.contains("[author: beta] [status: closed]"), "{added}");
    assert!(added.contains("stance: defer\n"));
    assert!(added.contains("generated by the orchestrator after a timeout"));
    assert_eq!(report(work.dir(), &work.path("skip.md")).0, 0);
    // human: a person must act, nothing appended.
    work.new_session("human.md", "alpha,beta", &["--turn-timeout", "10"]);
    let before = work.read("human.md");
    let human = run_at(work.dir(), &at(11), &["bounce", "escalate", "human.md"]);
    assert_eq!(code(&human), 1);
    assert_eq!(work.read("human.md"), before);
    // default-action: the agent's last position is carried forward.
    work.new_session(
        "def.md",
        "alpha,beta",
        &[
            "--escalation",
            "default-action",
            "--turn-timeout",
            "10",
            "--turn-order",
            "free-form",
        ],
    );
    work.append_ok("def.md", "alpha", "approve", "0.8");
    work.append_ok("def.md", "beta", "reject", "0.4");
    work.append_ok("def.md", "alpha", "approve", "0.8");
    let applied = run_at(work.dir(), &at(30), &["bounce", "escalate", "def.md"]);
    assert_eq!(code(&applied), 0, "{}", stderr(&applied));
    let text = work.read("def.md");
    let last = &text[text.rfind("<!-- entry: ").unwrap()..];
    assert!(
        last.contains("[author: beta] [status: closed]\nstance: reject\nconfidence: 0.4\n"),
        "{last}"
    );
}

#[test]
fn the_bounce_demo_reaches_consensus() {
    let work = Work::new();
    let output = parley()
        .args(["demo", "--scene", "bounce"])
        .arg(work.dir())
        .output()
        .unwrap();
    assert_eq!(code(&output), 0, "{}\n{}", stdout(&output), stderr(&output));
    assert!(stdout(&output).contains("consensus"), "{}", stdout(&output));
}

#[test]
fn append_answers_with_id_turn_and_round_and_refusals_carry_their_code() {
    let work = Work::new();
    work.new_session("s.md", "alpha,beta", &[]);
    let value = work.json(&[
        "bounce",
        "append",
        "s.md",
        "--author",
        "alpha",
        "--stance",
        "neutral",
        "--confidence",
        "0.5",
        "--summary",
        "S",
        "--action-requested",
        "n/a",
        "--evidence",
        "n/a",
    ]);
    assert_eq!(value["ok"], true, "{value}");
    assert_eq!(value["command"], "bounce append");
    let id = value["data"]["entry_id"].as_str().unwrap();
    assert_eq!((id.len(), &id[14..15]), (36, "4"));
    assert_eq!(
        (
            value["data"]["turn"].clone(),
            value["data"]["round"].clone()
        ),
        (1.into(), 1.into())
    );
    assert!(work.read("s.md").contains(&format!(
        "<!-- entry: {id} -->\n<!-- turn: 1 round: 1 -->\n{NOW} [author: alpha] [status: yield]\n"
    )));
    for (author, code_) in [("alpha", "NOT_YOUR_TURN"), ("mallory", "NOT_AN_AGENT")] {
        let refused = work.json(&[
            "bounce",
            "append",
            "s.md",
            "--author",
            author,
            "--stance",
            "neutral",
            "--confidence",
            "0.5",
            "--summary",
            "S",
            "--action-requested",
            "n/a",
            "--evidence",
            "n/a",
        ]);
        assert_eq!(refused["ok"], false);
        assert_eq!(refused["error"]["code"], code_, "{refused}");
        assert_eq!(refused["error"]["exit"], 4);
    }
    let missing = work.json(&["bounce", "status", "nope.md"]);
    assert_eq!(missing["error"]["code"], "NO_SESSION");
    assert_eq!(missing["error"]["exit"], 66);
}

/// The lock is on the session file itself: while another process holds it, `append` waits
/// and gives up with 75 at `--lock-timeout`, having written nothing.
#[test]
#[allow(clippy::disallowed_methods)] // the test plays a lock holder
fn append_waits_for_the_lock_on_the_session_file() {
    let work = Work::new();
    work.new_session("s.md", "alpha,beta", &[]);
    let before = work.read("s.md");
    let holder = std::fs::File::open(work.path("s.md")).unwrap();
    holder.lock().unwrap();
    let output = work.run(&[
        "bounce",
        "append",
        "s.md",
        "--lock-timeout",
        "0.3",
        "--author",
        "alpha",
        "--stance",
        "neutral",
        "--confidence",
        "0.5",
        "--summary",
        "S",
        "--action-requested",
        "n/a",
        "--evidence",
        "n/a",
    ]);
    assert_eq!(code(&output), 75, "{}", stderr(&output));
    assert_eq!(work.read("s.md"), before);
    drop(holder);
    work.append_ok("s.md", "alpha", "neutral", "0.5");
}
