//! What the performance work of issue 16 relies on, checked through the binary: the identity
//! of a positions file kept in the digests file spares reading it, and only while the file is
//! as it was; the lock's label is written in place.

use std::os::unix::fs::MetadataExt;
use std::path::Path;

use serde_json::{Value, json};

use crate::support::*;

const DIGESTS: &str = ".parley/digests.json";
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

/// A file's entry in the digests file's first line with an identity kept for `record`: the
/// record's fingerprint, then `path`'s identity as it is now (`dev`, `ino`, `size`,
/// `mtime_ns`, `ctime_ns`).
fn kept(record: &str, path: &Path) -> Value {
    let meta = std::fs::symlink_metadata(path).unwrap();
    let ns = |secs: i64, nanos: i64| i128::from(secs) * 1_000_000_000 + i128::from(nanos);
    json!([
        record,
        meta.dev(),
        meta.ino(),
        meta.size(),
        ns(meta.mtime(), meta.mtime_nsec()),
        ns(meta.ctime(), meta.ctime_nsec()),
    ])
}

fn check(neg: &Neg) -> (i32, Value) {
    let output = neg.run(&["check", "{dir}", "--json"]);
    let envelope = serde_json::from_slice(&output.stdout).unwrap();
    (code(&output), envelope)
}

#[test]
fn a_kept_identity_spares_reading_a_file_only_while_the_file_and_its_record_are_as_kept() {
    let neg = Neg::in_positions(2);
    neg.ok(&[
        "position",
        "{dir}",
        "agent-alpha",
        "1",
        "--body",
        "Use OAuth.",
    ]);
    let saved = neg.read_digests();
    let record = fingerprint(&saved["baselines"][FILE]["digest"]);
    // The first line names the file with its record's fingerprint; just written, it is too
    // recent for an identity to be kept with it.
    assert_eq!(saved["files"], json!({ FILE: [record] }), "{saved}");

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
    let neg = Neg::in_positions(2);
    neg.ok(&[
        "position",
        "{dir}",
        "agent-alpha",
        "1",
        "--body",
        "Use OAuth.",
    ]);
    let saved = neg.read_digests();
    let record = fingerprint(&saved["baselines"][FILE]["digest"]);
    // The identity of the file as recorded, kept as a hand-over keeps it.
    let mut planted = saved.clone();
    planted["files"] = json!({ FILE: kept(&record, &neg.path(FILE)) });
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
    std::fs::File::options()
        .write(true)
        .open(neg.path(FILE))
        .unwrap()
        .set_modified(modified)
        .unwrap();
    // Entries 3 and 4: the size and the modification time.
    let now = kept(&record, &neg.path(FILE));
    let then = &planted["files"][FILE];
    assert_eq!((&now[3], &now[4]), (&then[3], &then[4]));

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

#[test]
fn a_hand_off_that_finds_every_file_as_kept_records_nothing_and_an_edit_is_still_found() {
    let neg = Neg::in_positions(2);
    neg.ok(&[
        "position",
        "{dir}",
        "agent-alpha",
        "1",
        "--body",
        "Use OAuth.",
    ]);
    // The identity a hand-over keeps for a settled file, planted (the file is too recent for
    // one to be kept by the command itself).
    let mut saved = neg.read_digests();
    let record = fingerprint(&saved["baselines"][FILE]["digest"]);
    saved["files"] = json!({ FILE: kept(&record, &neg.path(FILE)) });
    let written = neg.write_digests(&saved);
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
