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

/// The identity parley keeps of `path`, as it is now.
fn identity(path: &Path) -> Value {
    let meta = std::fs::symlink_metadata(path).unwrap();
    let ns = |secs: i64, nanos: i64| i128::from(secs) * 1_000_000_000 + i128::from(nanos);
    json!({
        "dev": meta.dev(),
        "ino": meta.ino(),
        "size": meta.size(),
        "mtime_ns": ns(meta.mtime(), meta.mtime_nsec()),
        "ctime_ns": ns(meta.ctime(), meta.ctime_nsec()),
    })
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
    let saved: Value = serde_json::from_str(&neg.read(DIGESTS)).unwrap();
    // Just written: too recent for its identity to be kept.
    assert_eq!(saved["identities"], json!({}), "{saved}");
    let record = fingerprint(&saved["ledger"]["baselines"][FILE]["digest"]);

    // An edit of the same size, then its identity planted as if a hand-over had kept it
    // with the file as recorded: what a second write within the same clock tick as the
    // recorded one would look like, the case the 3-second rule exists for.
    let edited = neg.read(FILE).replace("Use OAuth.", "Use OAuth!");
    neg.write(FILE, &edited);
    let planted = |record: &str| {
        let mut file = saved.clone();
        file["identities"] =
            json!({ FILE: {"identity": identity(&neg.path(FILE)), "record": record} });
        neg.write(DIGESTS, &file.to_string());
    };

    // Kept for another record: the file is read, and the edit found.
    planted("0000000000000000");
    let (exit, envelope) = check(&neg);
    assert_eq!(exit, 1, "{envelope}");

    // Kept for this record, and the file's identity has not moved: it is not read again.
    planted(&record);
    let (exit, envelope) = check(&neg);
    assert_eq!(exit, 0, "{envelope}");
    assert_eq!(envelope["data"]["recorded_files"], 1, "{envelope}");

    // Any write that changes the size (or the inode, or the times) makes it read again.
    neg.write(FILE, &format!("{edited}\n"));
    let (exit, envelope) = check(&neg);
    assert_eq!(exit, 1, "{envelope}");
    let edits = envelope["data"]["edits"].as_array().unwrap();
    assert_eq!(edits[0]["entry"], "agent-alpha's position (round 1)");
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
    let saved: Value = serde_json::from_str(&neg.read(DIGESTS)).unwrap();
    let record = fingerprint(&saved["ledger"]["baselines"][FILE]["digest"]);
    // The identity of the file as recorded, kept as a hand-over keeps it.
    let mut kept = saved.clone();
    kept["identities"] = json!({ FILE: {"identity": identity(&neg.path(FILE)), "record": record} });
    neg.write(DIGESTS, &kept.to_string());
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
    let now = identity(&neg.path(FILE));
    let then = &kept["identities"][FILE]["identity"];
    assert_eq!(
        (&now["size"], &now["mtime_ns"]),
        (&then["size"], &then["mtime_ns"])
    );

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
    let mut saved: Value = serde_json::from_str(&neg.read(DIGESTS)).unwrap();
    let record = fingerprint(&saved["ledger"]["baselines"][FILE]["digest"]);
    saved["identities"] =
        json!({ FILE: {"identity": identity(&neg.path(FILE)), "record": record} });
    neg.write(DIGESTS, &saved.to_string());
    let log = neg.read(".parley/log.jsonl");

    // Every file as kept: the digests file is left as it is, and only the turn is logged.
    neg.ok(&["hand-off", "{dir}", "agent-alpha"]);
    assert_eq!(neg.read(DIGESTS), saved.to_string());
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
