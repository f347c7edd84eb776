//! What the performance work of issue 16 relies on, checked through the binary: the identity
//! of a positions file kept in the digests file spares reading it, and only while the file is
//! as it was; the lock's label is written in place; the cache of issue reports
//! (`.parley/issue-reports.json`) stands in for an issue file or a positions file only while
//! the file is the one it was derived from.

use std::os::unix::fs::MetadataExt;
use std::path::Path;

use parley::store::{FileIdentity, IdentityStamp};
use serde_json::{Value, json};

use crate::support::*;

const DIGESTS: &str = ".parley/digests.jsonl";
const FILE: &str = "positions/01-topic-0.md";

/// FNV-1a, 64 bits, as 16 hex digits (the digest of `src/negotiation/digest.rs`).
fn fnv(bytes: &[u8]) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &byte in bytes {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{hash:016x}")
}

/// The fingerprint of a recorded digest, as `docs/file-formats.md` describes `record`.
fn fingerprint(digest: &Value) -> String {
    let text = |v: &Value| v.as_str().unwrap_or("").to_owned();
    let mut parts = vec![text(&digest["preamble"])];
    for entry in digest["entries"].as_array().unwrap() {
        parts.extend([
            text(&entry["entry"]),
            text(&entry["agent"]),
            text(&entry["digest"]),
        ]);
    }
    parts.extend([text(&digest["status"]), text(&digest["status_digest"])]);
    let mut joined: String = parts.iter().map(|p| format!("{}:{p}", p.len())).collect();
    let present = |v: &Value| if v.is_string() { 's' } else { '-' };
    joined.push(present(&digest["status"]));
    joined.push(present(&digest["status_digest"]));
    fnv(joined.as_bytes())
}

/// An identity as parley's derived files write it: `[dev, ino, size, mtime_ns, ctime_ns]`
/// of `path` as it is now.
fn identity_of(path: &Path) -> FileIdentity {
    let meta = std::fs::symlink_metadata(path).unwrap();
    let ns = |secs: i64, nanos: i64| i128::from(secs) * 1_000_000_000 + i128::from(nanos);
    FileIdentity {
        dev: meta.dev(),
        ino: meta.ino(),
        size: meta.size(),
        mtime_ns: ns(meta.mtime(), meta.mtime_nsec()),
        ctime_ns: ns(meta.ctime(), meta.ctime_nsec()),
    }
}

/// `path`'s identity as it is now, as the derived files keep it (its stamp).
fn kept_identity(path: &Path) -> Value {
    serde_json::to_value(IdentityStamp::from(identity_of(path))).unwrap()
}

/// A file's entry in the digests file's first line with an identity kept for `record`: the
/// record's fingerprint, then `path`'s identity as it is now.
fn kept(record: &str, path: &Path) -> Value {
    json!([record, kept_identity(path)])
}

fn check(neg: &Neg) -> (i32, Value) {
    let output = neg.run(&["check", "{dir}", "--json"]);
    let envelope = serde_json::from_slice(&output.stdout).unwrap();
    (code(&output), envelope)
}

#[test]
fn a_kept_identity_spares_reading_a_file_only_while_the_file_and_its_record_are_as_kept() {
    let neg = Neg::with_a_recorded_position();
    let saved = neg.read_digests();
    let record = fingerprint(&saved["baselines"][FILE]["digest"]);
    // The first line names the file with its record's fingerprint; just written, it is too
    // recent for an identity to be kept with it.
    assert_eq!(saved["files"], json!({ FILE: [record, null] }), "{saved}");

    // An edit of the same size, then its identity planted as if a hand-over had kept it
    // with the file as recorded: what a second write within the same clock tick as the
    // recorded one would look like, the case the 3-second rule exists for.
    let edited = neg.read(FILE).replace("Use OAuth.", "Use OAuth!");
    neg.write(FILE, &edited);
    let plant = || {
        let mut file = saved.clone();
        file["files"] = json!({ FILE: kept(&record, &neg.path(FILE)) });
        neg.write_digests(&file);
    };

    // Kept for this record, and the file's identity has not moved: it is not read again.
    plant();
    let (exit, envelope) = check(&neg);
    assert_eq!(exit, 0, "{envelope}");
    assert_eq!(envelope["data"]["recorded_files"], 1, "{envelope}");

    // Any write that changes the size (or the inode, or the times) makes it read again.
    neg.write(FILE, &format!("{edited}\n"));
    let (exit, envelope) = check(&neg);
    assert_eq!(exit, 1, "{envelope}");
    let edits = envelope["data"]["edits"].as_array().unwrap();
    assert_eq!(edits[0]["entry"], "agent-alpha's position (round 1)");

    // A record logged after the digests file was written (by a command that kept no
    // identity) voids the identity kept for the record before it: the file is read.
    neg.write(FILE, &edited);
    plant();
    assert_eq!(check(&neg).0, 0);
    let log = neg.read(".parley/log.jsonl");
    let last_digest = log
        .lines()
        .rev()
        .find(|l| l.contains("\"event\":\"digest\""))
        .unwrap();
    let mut event: Value = serde_json::from_str(last_digest).unwrap();
    event["detail"]["digest"]["preamble"] = json!("0000000000000000");
    neg.write(".parley/log.jsonl", &format!("{log}{event}\n"));
    let (exit, envelope) = check(&neg);
    assert_eq!(exit, 1, "{envelope}");
    assert_eq!(
        envelope["data"]["edits"][0]["entry"],
        "the text before the first entry"
    );
}

#[test]
fn the_lock_label_is_written_in_place_at_a_fixed_width() {
    let neg = Neg::in_positions(2);
    neg.ok(&[
        "new-issue",
        "{dir}",
        "a-rather-long-topic-name-for-the-label",
    ]);
    let label = neg.read(".parley/lock");
    assert_eq!(label.len(), 128, "{label:?}");
    assert!(label.ends_with('\n'), "{label:?}");
    assert!(label.starts_with("pid "), "{label:?}");
    assert!(label.contains("parley new-issue"), "{label:?}");
    // A longer label left by an older version is cut to the record, never read as a tail.
    neg.write(".parley/lock", &"x".repeat(500));
    neg.ok(&["new-issue", "{dir}", "another"]);
    let label = neg.read(".parley/lock");
    assert_eq!(label.len(), 128, "{label:?}");
    assert!(!label.contains('x'), "{label:?}");
}

#[test]
fn status_reports_a_hand_edit_that_keeps_the_size_and_the_modification_time() {
    let neg = Neg::with_a_recorded_position();
    let saved = neg.read_digests();
    let record = fingerprint(&saved["baselines"][FILE]["digest"]);
    // The identity of the file as recorded, kept as a hand-over keeps it.
    let mut planted = saved.clone();
    planted["files"] = json!({ FILE: kept(&record, &neg.path(FILE)) });
    let then = identity_of(&neg.path(FILE));
    neg.write_digests(&planted);
    let clean = neg.run(&["status", "{dir}"]);
    let clean = String::from_utf8(clean.stdout).unwrap();
    assert!(!clean.contains("Edits of recorded positions"), "{clean}");

    // Edited by hand to the same size, its modification time set back: only the change time
    // (which no user can set) tells it moved.
    let modified = std::fs::metadata(neg.path(FILE))
        .unwrap()
        .modified()
        .unwrap();
    let edited = neg.read(FILE).replace("Use OAuth.", "Use OAuth!");
    std::fs::write(neg.path(FILE), &edited).unwrap();
    set_modified(&neg.path(FILE), modified);
    // The size and the modification time are as planted; the change time moved.
    let now = identity_of(&neg.path(FILE));
    assert_eq!((now.size, now.mtime_ns), (then.size, then.mtime_ns));
    assert_ne!(now.ctime_ns, then.ctime_ns);

    let output = neg.run(&["status", "{dir}"]);
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.contains("Edits of recorded positions (not append-only): 1"),
        "{text}"
    );
    assert!(
        text.contains("EDITED: positions/01-topic-0.md — agent-alpha's position (round 1)"),
        "{text}"
    );
    let output = neg.run(&["status", "{dir}", "--json"]);
    let envelope: Value = serde_json::from_slice(&output.stdout).unwrap();
    let edits = envelope["data"]["edits"].as_array().unwrap();
    assert_eq!(edits.len(), 1, "{envelope}");
    assert_eq!(edits[0]["change"], "edited", "{envelope}");
}

#[test]
fn a_logged_detail_is_shown_and_kept_as_it_was_logged() {
    // Details are kept as the log's text until read: one written by hand (keys out of order,
    // spaces, an escape) is shown as the same JSON value as before, and left as it is.
    let neg = Neg::in_positions(2);
    let line = r#"{"at":"2026-01-01T00:00:00Z","agent":null,"command":"hand","event":"custom","before":null,"after":null,"detail": {"zeta": 1, "alpha": "\u00e9t\u00e9"}}"#;
    let log = format!("{}{line}\n", neg.read(".parley/log.jsonl"));
    neg.write(".parley/log.jsonl", &log);
    let output = neg.run(&["log", "{dir}", "--json"]);
    assert_eq!(code(&output), 0);
    let stdout = String::from_utf8(output.stdout).unwrap();
    let envelope: Value = serde_json::from_str(&stdout).unwrap();
    let events = envelope["data"]["events"].as_array().unwrap();
    let last = events.last().unwrap();
    assert_eq!(last["detail"], json!({"alpha": "été", "zeta": 1}), "{last}");
    // Shown as a JSON value is: keys in order, the escape decoded.
    let alpha = stdout.find("\"alpha\"").unwrap();
    assert!(alpha < stdout.find("\"zeta\"").unwrap(), "{stdout}");
    assert!(stdout.contains("été"), "{stdout}");
    // A later append leaves the line as it was written.
    neg.ok(&["new-issue", "{dir}", "another"]);
    let after = neg.read(".parley/log.jsonl");
    assert!(after.starts_with(&log), "{after}");
    assert!(after.len() > log.len());
}

#[test]
fn a_detail_that_only_a_full_parse_refuses_is_still_a_malformed_line() {
    // Kept as text, a detail is checked for its syntax alone; a number out of range or a lone
    // surrogate written by hand must still make the line malformed, as when every detail was
    // parsed, and not reach the output as `ok: true`.
    let long_number = format!(r#"{{"n": [1, {}]}}"#, "9".repeat(400));
    for detail in [
        r#"{"n": 1e400}"#,
        r#"{"n": [0, -2.5E+400]}"#,
        &long_number,
        r#"{"s": "\ud800"}"#,
        r#"{"\udc00": "key"}"#,
    ] {
        let neg = Neg::in_positions(2);
        let line = format!(
            r#"{{"at":"2026-01-01T00:00:00Z","agent":null,"command":"hand","event":"custom","detail":{detail}}}"#
        );
        let log = neg.read(".parley/log.jsonl");
        let lines = log.lines().count();
        neg.write(".parley/log.jsonl", &format!("{log}{line}\n"));
        // Not the last line: a torn last line is skipped with a warning, by design.
        neg.ok(&["new-issue", "{dir}", "after"]);
        // `check` and `hand-off` read the log's tail after the digests file: the same checks.
        let holder = neg.turn();
        for args in [
            &["log", "{dir}", "--json"][..],
            &["status", "{dir}", "--json"],
            &["check", "{dir}", "--json"],
            &["hand-off", "{dir}", &holder, "--json"],
        ] {
            let output = neg.run(args);
            assert_eq!(code(&output), 65, "{detail} {args:?}: {}", stdout(&output));
            let envelope: Value = serde_json::from_str(&stdout(&output)).unwrap();
            assert_eq!(envelope["error"]["code"], "MALFORMED_STATE", "{envelope}");
            let message = envelope["error"]["message"].as_str().unwrap();
            assert!(
                message.contains(&format!("log.jsonl:{}", lines + 1)),
                "{detail}: {message}"
            );
        }
    }
}

/// [`Neg::with_a_recorded_position`], with the identity a hand-over keeps for a settled file
/// planted in the digests file (the file is too recent for one to be kept by the command
/// itself); the digests file as planted, and its text.
fn with_a_kept_position() -> (Neg, Value, String) {
    let neg = Neg::with_a_recorded_position();
    let mut saved = neg.read_digests();
    let record = fingerprint(&saved["baselines"][FILE]["digest"]);
    saved["files"] = json!({ FILE: kept(&record, &neg.path(FILE)) });
    let written = neg.write_digests(&saved);
    (neg, saved, written)
}

#[test]
fn a_hand_off_that_finds_every_file_as_kept_records_nothing_and_an_edit_is_still_found() {
    let (neg, _, written) = with_a_kept_position();
    let log = neg.read(".parley/log.jsonl");

    // Every file as kept: the digests file is left as it is, and only the turn is logged.
    neg.ok(&["hand-off", "{dir}", "agent-alpha"]);
    assert_eq!(neg.read(DIGESTS), written);
    let logged = neg.read(".parley/log.jsonl");
    let new: Vec<&str> = logged[log.len()..].lines().collect();
    assert_eq!(new.len(), 1, "{new:?}");
    assert!(new[0].contains("\"event\":\"turn\""), "{new:?}");

    // A file whose identity moved is compared: the edit is logged at the next hand-over.
    neg.write(FILE, &neg.read(FILE).replace("Use OAuth.", "Use OAuth!!"));
    neg.ok(&["hand-off", "{dir}", "agent-beta"]);
    let logged = neg.read(".parley/log.jsonl");
    assert!(logged.contains("\"event\":\"edit\""), "{logged}");
    let (exit, envelope) = check(&neg);
    assert_eq!(exit, 1, "{envelope}");
}

#[test]
fn a_hand_off_that_records_nothing_catches_the_digests_file_up_with_a_long_run_of_events() {
    let (neg, saved, before) = with_a_kept_position();
    let records = |text: &str| text.split_once('\n').unwrap().1.to_owned();

    // A few events since the length it names: left as it is.
    neg.ok(&["hand-off", "{dir}", "agent-alpha"]);
    assert_eq!(neg.read(DIGESTS), before);

    // 16 KB of events since (issues raised), all files still as kept: the hand-over writes
    // it again for the log as it is, the records as they were.
    let start = neg.read(".parley/log.jsonl").len();
    let mut n = 0;
    while neg.read(".parley/log.jsonl").len() < start + 17 * 1024 {
        n += 1;
        neg.ok(&["new-issue", "{dir}", &format!("raised-to-grow-the-log-{n}")]);
    }
    let log = neg.read(".parley/log.jsonl");
    neg.ok(&["hand-off", "{dir}", "agent-beta"]);
    let after = neg.read_digests();
    assert_eq!(
        after["log_bytes"],
        log.len(),
        "caught up to the log before its turn"
    );
    assert_eq!(after["files"], saved["files"]);
    assert_eq!(records(&neg.read(DIGESTS)), records(&before));
    let (exit, envelope) = check(&neg);
    assert_eq!(exit, 0, "{envelope}");

    // Still checked from there: an edit is found.
    neg.write(FILE, &neg.read(FILE).replace("Use OAuth.", "Use OAuth!!"));
    let (exit, envelope) = check(&neg);
    assert_eq!(exit, 1, "{envelope}");
}

/// A hand-over that records many files (positions files written by hand) leaves them in the
/// digests file's first line as recorded during its turn; once a later turn has begun, the
/// next hand-over writes the line again without them, so that later commands do not parse
/// them for nothing. The file stays a true account: `check` and `status` say what they say
/// without it.
#[test]
fn the_files_recorded_in_an_ended_turn_leave_the_digests_files_first_line() {
    let neg = Neg::in_positions(2);
    let agreed = [
        ("agent-alpha", "position", 1),
        ("agent-beta", "challenge", 1),
        ("agent-beta", "position", 2),
    ];
    for n in 3..=80 {
        let file = format!("{n:02}-by-hand-{n}.md");
        neg.write(
            &format!("issues/{file}"),
            &format!("# Issue: By hand {n}\n\n## Question\nWhich?\n"),
        );
        neg.positions(&file, &agreed, "AGREED");
    }
    let turn_start = |neg: &Neg| {
        let head = neg.read_digests();
        head["ledger"]["turn_start"].as_object().map(|t| t.len())
    };
    neg.ok(&["hand-off", "{dir}", "agent-alpha"]);
    assert_eq!(
        turn_start(&neg),
        Some(78),
        "recorded during agent-alpha's turn"
    );
    neg.ok(&["hand-off", "{dir}", "agent-beta"]);
    assert_eq!(turn_start(&neg), Some(0), "that turn has ended");
    let (exit, envelope) = check(&neg);
    assert_eq!(exit, 0, "{envelope}");
    let status = neg.run(&["status", "{dir}", "--json"]);
    std::fs::remove_file(neg.path(DIGESTS)).unwrap();
    let rebuilt = neg.run(&["status", "{dir}", "--json"]);
    assert_eq!(stdout(&status), stdout(&rebuilt));
}

#[test]
fn a_hand_off_lists_positions_only_when_the_directory_moved_from_the_identity_kept_for_it() {
    let (neg, mut saved, _) = with_a_kept_position();
    // Just written to: `positions/` has not settled, so no hand-over keeps its identity yet.
    assert_eq!(saved["positions_dir"], Value::Null, "{saved}");

    // A positions file that no record names, then the directory's identity planted as if a
    // hand-over had kept it with a listing of the recorded file alone (a state no command
    // makes: it shows what the kept identity stands for).
    let other = "positions/02-not-recorded.md";
    neg.positions(
        "02-not-recorded.md",
        &[("agent-alpha", "position", 1)],
        "OPEN",
    );
    saved["positions_dir"] = kept_identity(&neg.path("positions"));
    let planted = neg.write_digests(&saved);
    let log = neg.read(".parley/log.jsonl");

    // The directory as kept: its listing is taken to be the recorded files, each as kept, so
    // nothing is recorded and the digests file is left as it is.
    neg.ok(&["hand-off", "{dir}", "agent-alpha"]);
    assert_eq!(neg.read(DIGESTS), planted);
    let logged = neg.read(".parley/log.jsonl");
    assert!(!logged[log.len()..].contains(other), "{logged}");

    // Any entry made or removed moves the directory's identity: it is listed again, and
    // the file no record named is recorded.
    std::fs::write(neg.path("positions/notes.txt"), "not a positions file").unwrap();
    std::fs::remove_file(neg.path("positions/notes.txt")).unwrap();
    neg.ok(&["hand-off", "{dir}", "agent-beta"]);
    let logged = neg.read(".parley/log.jsonl");
    let recorded = &logged[log.len()..];
    assert!(
        recorded.contains("\"event\":\"digest\"") && recorded.contains(other),
        "{recorded}"
    );
    let after = neg.read_digests();
    assert!(after["baselines"][other].is_object(), "{after}");
    // Just listed after a change: not settled, not kept.
    assert_eq!(after["positions_dir"], Value::Null, "{after}");
}

#[test]
fn an_edit_in_place_is_found_while_positions_keeps_its_identity() {
    let (neg, mut saved, _) = with_a_kept_position();
    saved["positions_dir"] = kept_identity(&neg.path("positions"));
    neg.write_digests(&saved);

    // Written in place (no entry made): the directory keeps its identity, the file does not,
    // and the hand-over records the edit in the name of the holder whose turn ends.
    neg.write(FILE, &neg.read(FILE).replace("Use OAuth.", "Use OAuth!!"));
    let log = neg.read(".parley/log.jsonl");
    neg.ok(&["hand-off", "{dir}", "agent-alpha"]);
    let logged = neg.read(".parley/log.jsonl");
    let recorded = &logged[log.len()..];
    assert!(recorded.contains("\"event\":\"edit\""), "{recorded}");
    let (exit, envelope) = check(&neg);
    assert_eq!(exit, 1, "{envelope}");
    assert_eq!(
        envelope["data"]["edits"][0]["holder"], "agent-alpha",
        "{envelope}"
    );
}

const REPORTS: &str = ".parley/issue-reports.json";
const REPORTS_VERSION: u32 = 5;
const ISSUE: &str = "issues/01-topic-0.md";

/// A cache of reports of `version` vouching for the issue `01-topic-0.md` with the identities
/// its files have now, but with a title and a positions report its files do not say.
fn planted(neg: &Neg, version: u32) -> String {
    let positions = json!(["ESCALATE", ["agent-gamma"], [], ["agent-gamma"], 7, []]);
    json!({
        "version": version,
        "summaries": [positions],
        "issues": [[
            "01-topic-0.md",
            [kept_identity(&neg.path(ISSUE)), "Planted title"],
            [kept_identity(&neg.path(FILE)), [0, null]],
        ]],
    })
    .to_string()
}

/// A negotiation whose first issue has an AGREED positions file, both of its files last
/// modified an hour ago (only the modification time can be set back; any later write moves
/// it to now, so an edit in place cannot keep the identity planted from them).
fn with_agreed_issue() -> Neg {
    let neg = Neg::in_positions(2);
    neg.positions(
        "01-topic-0.md",
        &[
            ("agent-alpha", "position", 1),
            ("agent-beta", "challenge", 1),
            ("agent-beta", "position", 2),
        ],
        "AGREED",
    );
    let hour_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
    for rel in [ISSUE, FILE] {
        set_modified(&neg.path(rel), hour_ago);
    }
    neg
}

/// `status` and `status --json`: exit code, stdout, stderr of each.
fn statuses(neg: &Neg) -> Vec<(i32, String, String)> {
    [&["status", "{dir}"][..], &["status", "{dir}", "--json"]]
        .iter()
        .map(|args| {
            let output = neg.run(args);
            (code(&output), stdout(&output), stderr(&output))
        })
        .collect()
}

/// What `status` says without any cache of reports.
fn uncached(neg: &Neg) -> Vec<(i32, String, String)> {
    let _ = std::fs::remove_file(neg.path(REPORTS));
    let answer = statuses(neg);
    assert!(!neg.path(REPORTS).exists(), "files this fresh are not kept");
    answer
}

#[test]
fn a_kept_report_stands_in_for_its_files_only_while_they_are_as_kept() {
    let neg = with_agreed_issue();
    let truth = uncached(&neg);
    assert!(truth[0].1.contains("01-topic-0.md — "), "{}", truth[0].1);

    // A report kept with the files' true identities is used instead of reading them. The
    // one planted here says what the files do not: whoever can write `.parley/` can make
    // parley show it, as with the digests file (the documented trust boundary).
    neg.write(REPORTS, &planted(&neg, REPORTS_VERSION));
    let kept = std::fs::metadata(neg.path(REPORTS)).unwrap().ino();
    let output = neg.ok(&["status", "{dir}"]);
    assert!(
        output.contains("01-topic-0.md — Planted title [ESCALATE]"),
        "{output}"
    );
    let json = neg.run(&["status", "{dir}", "--json"]);
    let envelope: Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(envelope["data"]["issues"][0]["rounds"], 7, "{envelope}");
    // Every part vouched for, nothing read to keep: the cache is left as it is.
    let now = std::fs::metadata(neg.path(REPORTS)).unwrap().ino();
    assert_eq!(now, kept, "a cache that did not change was rewritten");

    // Edited in place, to the same size: the title, and a round number.
    let issue = neg.read(ISSUE);
    let title = issue.lines().next().unwrap().to_owned();
    let retitled = title.replacen("Short", "Brief", 1);
    assert_ne!(retitled, title);
    let retitled_issue = issue.replacen(&title, &retitled, 1);
    assert_eq!(retitled_issue.len(), issue.len());
    std::fs::write(neg.path(ISSUE), &retitled_issue).unwrap();
    let positions = neg.read(FILE);
    let later_round = positions.replace(
        "agent-beta's position (round 2)",
        "agent-beta's position (round 3)",
    );
    assert_eq!(later_round.len(), positions.len());
    std::fs::write(neg.path(FILE), &later_round).unwrap();

    let seen = statuses(&neg);
    assert!(
        !seen[0].1.contains("Planted title") && !seen[0].1.contains("ESCALATE"),
        "{}",
        seen[0].1
    );
    let envelope: Value = serde_json::from_str(&seen[1].1).unwrap();
    let first = &envelope["data"]["issues"][0];
    assert_eq!(first["rounds"], 3, "{envelope}");
    assert_eq!(first["status"], "AGREED", "{envelope}");
    assert_eq!(
        format!("# Issue: {}", first["title"].as_str().unwrap()),
        retitled,
        "{envelope}"
    );
    assert_eq!(seen, uncached(&neg));
}

/// An OPEN issue's positions file, written by hand: what its text parses to is kept with its
/// identity, stands in for it (the detail of open issues, `status --agent`) while the file is
/// as kept, and gives way to a read of that file once it is edited.
#[test]
fn an_open_issue_kept_with_its_entries_stands_in_for_its_file_until_it_is_edited() {
    let neg = Neg::in_positions(2);
    neg.positions(
        "01-topic-0.md",
        &[
            ("agent-alpha", "position", 1),
            ("agent-beta", "position", 1),
        ],
        "OPEN",
    );
    let truth = uncached(&neg);
    let detail = |statuses: &[(i32, String, String)]| -> Value {
        let envelope: Value = serde_json::from_str(&statuses[1].1).unwrap();
        envelope["data"]["open_issues"][0].clone()
    };
    assert_eq!(detail(&truth)["challenges"], json!([]), "{}", truth[1].1);

    // Kept with the file's true identity and entries the file does not hold: a challenge
    // by agent-beta in round 4. Used as long as the file is as kept.
    let summary = json!([
        "OPEN",
        ["agent-alpha"],
        ["agent-beta"],
        ["agent-alpha", "agent-beta"],
        4,
        []
    ]);
    let planted = json!({
        "version": REPORTS_VERSION,
        "summaries": [summary],
        "issues": [[
            "01-topic-0.md",
            null,
            [kept_identity(&neg.path(FILE)), [0, [
                ["agent-alpha", "position", 1, 3],
                ["agent-beta", "challenge", 4, 7],
            ]]],
        ]],
    });
    neg.write(REPORTS, &planted.to_string());
    let seen = statuses(&neg);
    let kept = detail(&seen);
    assert_eq!(kept["rounds"], 4, "{}", seen[1].1);
    assert_eq!(
        kept["challenges"][0]["agent"], "agent-beta",
        "{}",
        seen[1].1
    );
    assert_eq!(kept["challenges"][0]["round"], 4, "{}", seen[1].1);
    let human = &seen[0].1;
    assert!(
        human.contains("challenged by agent-beta (round 4"),
        "{human}"
    );

    // The same part without its entries vouches for nothing: the file is read.
    let mut no_entries = planted.clone();
    no_entries["issues"][0][2][1][1] = json!(null);
    neg.write(REPORTS, &no_entries.to_string());
    assert_eq!(statuses(&neg), truth);

    // Edited by hand (a challenge appended): read again, whatever the cache says.
    neg.write(REPORTS, &planted.to_string());
    let mut text = neg.read(FILE);
    text = text.replace(
        "## Status: OPEN",
        "## agent-alpha's challenge (round 2)\nWhy?\n\n## Status: OPEN",
    );
    std::fs::write(neg.path(FILE), &text).unwrap();
    let edited = statuses(&neg);
    let challenges = &detail(&edited)["challenges"];
    assert_eq!(
        challenges.as_array().map(Vec::len),
        Some(1),
        "{}",
        edited[1].1
    );
    assert_eq!(challenges[0]["agent"], "agent-alpha", "{}", edited[1].1);
    assert_eq!(edited, uncached(&neg));
}

#[test]
fn a_cache_of_reports_that_cannot_be_trusted_is_ignored() {
    let neg = with_agreed_issue();
    let truth = uncached(&neg);
    let mut other_shape: Value = serde_json::from_str(&planted(&neg, REPORTS_VERSION)).unwrap();
    other_shape["issues"][0][1] =
        json!({"identity": kept_identity(&neg.path(ISSUE)), "title": "Planted title"});
    let mut stale: Value = serde_json::from_str(&planted(&neg, REPORTS_VERSION)).unwrap();
    stale["issues"][0][1][0] = json!("0000000000000001");
    stale["issues"][0][2][0] = json!("ffffffffffffffff");
    let mut nowhere: Value = serde_json::from_str(&planted(&neg, REPORTS_VERSION)).unwrap();
    nowhere["issues"][0][1] = json!(null);
    nowhere["issues"][0][2][1] = json!([1, null]);
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("empty", Vec::new()),
        ("garbage", b"not json at all".to_vec()),
        ("not UTF-8", vec![0xff, 0xfe, b'{']),
        (
            "truncated",
            planted(&neg, REPORTS_VERSION).as_bytes()[..40].to_vec(),
        ),
        (
            "trailing bytes",
            format!("{} x", planted(&neg, REPORTS_VERSION)).into_bytes(),
        ),
        (
            "another version",
            planted(&neg, REPORTS_VERSION + 1).into_bytes(),
        ),
        ("another shape", other_shape.to_string().into_bytes()),
        ("other identities", stale.to_string().into_bytes()),
        // No title kept, and a place among the summaries where there is none: nothing
        // vouches for either file.
        ("a summary not kept", nowhere.to_string().into_bytes()),
    ];
    for (case, bytes) in cases {
        std::fs::write(neg.path(REPORTS), &bytes).unwrap();
        assert_eq!(statuses(&neg), truth, "{case}");
    }

    // Not a file parley wrote: a link to a cache that would vouch, or a directory.
    let elsewhere = neg.tmp.path().join("planted.json");
    std::fs::write(&elsewhere, planted(&neg, REPORTS_VERSION)).unwrap();
    std::fs::remove_file(neg.path(REPORTS)).unwrap();
    std::os::unix::fs::symlink(&elsewhere, neg.path(REPORTS)).unwrap();
    assert_eq!(statuses(&neg), truth, "a link");
    assert_eq!(
        std::fs::read_to_string(&elsewhere).unwrap(),
        planted(&neg, REPORTS_VERSION)
    );
    std::fs::remove_file(neg.path(REPORTS)).unwrap();
    std::fs::create_dir(neg.path(REPORTS)).unwrap();
    assert_eq!(statuses(&neg), truth, "a directory");
}

#[test]
fn a_positions_file_replaced_by_a_link_or_a_directory_is_refused_as_without_a_cache() {
    for replacement in ["link", "directory"] {
        let neg = with_agreed_issue();
        let original = neg.tmp.path().join("original.md");
        std::fs::copy(neg.path(FILE), &original).unwrap();
        std::fs::remove_file(neg.path(FILE)).unwrap();
        if replacement == "link" {
            std::os::unix::fs::symlink(&original, neg.path(FILE)).unwrap();
        } else {
            std::fs::create_dir(neg.path(FILE)).unwrap();
        }
        let refused = uncached(&neg);
        assert_eq!(refused[0].0, 65, "{replacement}: {:?}", refused[0]);
        let expected = if replacement == "link" {
            "is a symbolic link"
        } else {
            "is not a regular file"
        };
        assert!(refused[0].2.contains(expected), "{:?}", refused[0]);
        // A cache vouching for what is there now by its own identity (the link's, not
        // followed; the directory's): never a regular file's, so never used.
        let mut cache: Value = serde_json::from_str(&planted(&neg, REPORTS_VERSION)).unwrap();
        cache["issues"][0][2][0] = kept_identity(&neg.path(FILE));
        neg.write(REPORTS, &cache.to_string());
        assert_eq!(statuses(&neg), refused, "{replacement}");
    }
}

#[test]
fn a_note_logged_after_the_digests_file_is_known_when_every_file_is_as_kept() {
    // No OPEN issue, one recorded file whose identity is planted as kept: `check` and
    // `status` read the digests file's first line alone, and the log's newer events.
    let neg = Neg::in_positions(2);
    neg.positions(
        "01-topic-0.md",
        &[
            ("agent-alpha", "position", 1),
            ("agent-beta", "challenge", 1),
        ],
        "AGREED",
    );
    neg.ok(&["hand-off", "{dir}", "agent-alpha"]);
    let mut saved = neg.read_digests();
    let record = fingerprint(&saved["baselines"][FILE]["digest"]);
    saved["files"] = json!({ FILE: kept(&record, &neg.path(FILE)) });
    let written = neg.write_digests(&saved);

    // A note records notes.md in the log only: the digests file is not written again.
    neg.ok(&["note", "{dir}", "agent-beta", "--body", "Brief."]);
    assert_eq!(neg.read(DIGESTS), written);
    neg.write("notes.md", "# Notes\n\nnothing to see\n");

    let notes_edit = |edits: &Value| {
        let edits = edits.as_array().unwrap();
        edits.len() == 1 && edits[0]["file"] == "notes.md"
    };
    let answers = |neg: &Neg| {
        let (exit, checked) = check(neg);
        let status = neg.run(&["status", "{dir}", "--json"]);
        let status: Value = serde_json::from_slice(&status.stdout).unwrap();
        (exit, checked, status)
    };
    let (exit, checked, status) = answers(&neg);
    assert_eq!(exit, 1, "{checked}");
    assert!(notes_edit(&checked["data"]["edits"]), "{checked}");
    assert!(notes_edit(&status["data"]["edits"]), "{status}");
    // As the whole log says.
    std::fs::remove_file(neg.path(DIGESTS)).unwrap();
    assert_eq!(answers(&neg), (exit, checked, status));
}

/// Sets the modification time of `path` (its change time moves to now, as for any write).
fn set_modified(path: &std::path::Path, time: std::time::SystemTime) {
    std::fs::File::options()
        .write(true)
        .open(path)
        .unwrap()
        .set_modified(time)
        .unwrap();
}

#[test]
fn with_many_issues_each_file_is_still_vouched_for_by_its_own_identity() {
    // 130 issues: `status` looks their 260 files up on a second thread.
    let neg = Neg::in_positions(2);
    for n in 3..=130 {
        neg.write(
            &format!("issues/{n:02}-many-{n}.md"),
            &format!("# Issue: Many {n}\n\n## Question\nWhich?\n"),
        );
    }
    let mut files: Vec<(u32, String)> = std::fs::read_dir(neg.path("issues"))
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .map(|file| (file.split('-').next().unwrap().parse().unwrap(), file))
        .collect();
    files.sort();
    let files: Vec<String> = files.into_iter().map(|(_, file)| file).collect();
    assert_eq!(files.len(), 130);
    let agreed = [
        ("agent-alpha", "position", 1),
        ("agent-beta", "challenge", 1),
        ("agent-beta", "position", 2),
    ];
    for file in &files {
        neg.positions(file, &agreed, "AGREED");
    }
    // A cache vouching for every file by its true identity, with a title and a report the
    // files do not say: shown wherever a file is found as kept.
    let escalated = json!(["ESCALATE", ["agent-gamma"], [], ["agent-gamma"], 7, []]);
    let kept: Vec<Value> = (files.iter())
        .map(|file| {
            json!([
                file,
                [
                    kept_identity(&neg.path(&format!("issues/{file}"))),
                    format!("Planted {file}")
                ],
                [
                    kept_identity(&neg.path(&format!("positions/{file}"))),
                    [0, null]
                ],
            ])
        })
        .collect();
    let cache = json!({"version": REPORTS_VERSION, "summaries": [escalated], "issues": kept});
    neg.write(REPORTS, &cache.to_string());
    let shown = neg.ok(&["status", "{dir}"]);
    for file in &files {
        assert!(
            shown.contains(&format!("{file} — Planted {file} [ESCALATE]")),
            "{file}: {shown}"
        );
    }

    // One positions file written again (the same text): its identity moved, so it is read;
    // every other file is still found as kept.
    let rewritten = &files[77];
    neg.positions(rewritten, &agreed, "AGREED");
    let shown = neg.ok(&["status", "{dir}"]);
    assert!(
        shown.contains(&format!("{rewritten} — Planted {rewritten} [AGREED]")),
        "{shown}"
    );
    let escalated = shown.matches("[ESCALATE]").count();
    assert_eq!(escalated, 129, "{shown}");
}
