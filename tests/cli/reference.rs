//! Files the Parliament reference implementation writes (hand-written in its shapes under
//! `tests/fixtures/parliament/reference/`) are read, validated and appended to: RFC 3339
//! timestamps with fractions and offsets, the starting state with `bill_version: 0` and an
//! empty bill, null concessions and reservations, Speaker actions the spec does not list.

use std::path::{Path, PathBuf};
use std::process::Output;

use serde_json::{Value, json};
use tempfile::TempDir;

use crate::support::{NOW, code, parley, stderr, stdout};

/// A copy of one fixture directory in a temporary workspace.
struct Copy {
    _tmp: TempDir,
    dir: PathBuf,
}

fn copy(name: &str) -> Copy {
    let tmp = TempDir::new().unwrap();
    let dir = tmp.path().join("parl");
    std::fs::create_dir(&dir).unwrap();
    let from = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/parliament/reference")
        .join(name);
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), dir.join(entry.file_name())).unwrap();
    }
    Copy { _tmp: tmp, dir }
}

impl Copy {
    fn run(&self, args: &[&str], stdin: Option<&Value>) -> Output {
        let dir = self.dir.to_string_lossy().into_owned();
        let args: Vec<String> = args.iter().map(|a| a.replace("{dir}", &dir)).collect();
        let mut command = parley();
        command.args(&args).arg("--json");
        if let Some(input) = stdin {
            command.write_stdin(input.to_string());
        }
        command.output().unwrap()
    }

    /// (exit, envelope) of a command run with `--json`.
    fn json(&self, args: &[&str]) -> (i32, Value) {
        envelope(&self.run(args, None))
    }

    fn append(&self, message: Value) -> (i32, Value) {
        envelope(&self.run(&["parliament", "append", "{dir}", "-"], Some(&message)))
    }

    fn file(&self, name: &str) -> Value {
        serde_json::from_str(&std::fs::read_to_string(self.dir.join(name)).unwrap()).unwrap()
    }
}

fn envelope(output: &Output) -> (i32, Value) {
    let value = serde_json::from_str(&stdout(output)).unwrap_or_else(|e| {
        panic!(
            "not JSON ({e}): {}\nstderr: {}",
            stdout(output),
            stderr(output)
        )
    });
    (code(output), value)
}

/// (code, pointer) of every finding of file `index` of a validate envelope.
fn findings(envelope: &Value, index: usize) -> Vec<(String, String, String)> {
    envelope["data"]["files"][index]["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["code"].as_str().unwrap().to_owned(),
                f["severity"].as_str().unwrap().to_owned(),
                f["pointer"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

#[test]
fn the_reference_starting_state_validates_and_a_debate_goes_on_from_it() {
    let parl = copy("init");
    let (exit, validated) = parl.json(&["parliament", "validate", "{dir}"]);
    assert_eq!(exit, 0, "{validated}");
    assert_eq!(validated["data"]["verdict"], "valid", "{validated}");

    // No scores yet: the gate is closed for every motive, not broken.
    let (exit, gate) = parl.json(&["parliament", "gate", "{dir}"]);
    assert_eq!(exit, 1, "{gate}");
    assert_eq!(gate["data"]["blocking"].as_array().unwrap().len(), 4);
    let (exit, status) = parl.json(&["parliament", "status", "{dir}"]);
    assert_eq!(exit, 0, "{status}");
    assert_eq!(status["data"]["bill_version"], 0);
    let human = parley()
        .args(["parliament", "status"])
        .arg(&parl.dir)
        .output()
        .unwrap();
    assert!(
        stdout(&human).contains(", no bill yet, 0 messages"),
        "{}",
        stdout(&human)
    );

    let (exit, appended) = parl.append(json!({
        "type": "BILL_DRAFT", "from": "rep_1",
        "content": {"bill_version": 1, "title": "A shared build cache", "summary": "Signed entries.",
            "sections": {"problem": "p", "scope": {"in_scope": [], "out_of_scope": [], "assumptions": []},
                "solution": "s", "implementation": "i"}}
    }));
    assert_eq!(exit, 0, "{appended}");
    // The empty bill becomes the first draft: named, versioned, with its drafter.
    let bill = parl.file("bill.json");
    assert_eq!(bill["bill_id"], "BILL-001");
    assert_eq!(bill["version"], 1);
    assert_eq!(bill["drafter"], "rep_1");
    let session = parl.file("session.json");
    assert_eq!(session["bill_version"], 1);
    assert_eq!(session["drafter"], "rep_1");
    // What parley writes keeps the `Z` form.
    assert_eq!(parl.file("ledger.json")["messages"][0]["timestamp"], NOW);

    let (exit, round) = parl.json(&["parliament", "round", "{dir}", "--start"]);
    assert_eq!(exit, 0, "{round}");
    let (exit, validated) = parl.json(&["parliament", "validate", "{dir}"]);
    assert_eq!(exit, 0, "{validated}");
}

#[test]
fn a_reference_debate_validates_with_warnings_for_what_the_spec_does_not_list() {
    let parl = copy("debate");
    let (exit, validated) = parl.json(&["parliament", "validate", "{dir}"]);
    assert_eq!(exit, 0, "{validated}");
    assert_eq!(validated["data"]["verdict"], "valid-with-warnings");
    let warning = |code: &str, pointer: &str| (code.into(), "warning".into(), pointer.into());
    assert_eq!(
        findings(&validated, 0),
        vec![
            warning("UNLISTED_ACTION", "/messages/3/content/action"),
            warning("EXTRA_FIELD", "/messages/3/content/evaluations"),
            warning("UNLISTED_ACTION", "/messages/4/content/action"),
            warning("EXTRA_FIELD", "/messages/6/content/debate_clock"),
            warning("EXTRA_FIELD", "/messages/6/content/round"),
        ],
        "{validated}"
    );
    for file in 1..3 {
        assert_eq!(validated["data"]["files"][file]["verdict"], "valid");
    }

    // A null `reservations` leaves the objection to the reasoning.
    let (exit, tally) = parl.json(&["parliament", "tally", "{dir}"]);
    assert_eq!(exit, 0, "{tally}");
    assert_eq!(
        tally["data"]["key_objections"][0]["concern"],
        "Signatures are not enough without key rotation."
    );

    // Appended to: a null concession, an unlisted Speaker action (accepted with a warning).
    let (exit, appended) = parl.append(json!({
        "type": "QUESTION", "from": "rep_3", "to": "rep_1",
        "content": {"topic": "scale", "question": "How big?", "motive_context": "Growth."}
    }));
    assert_eq!(exit, 0, "{appended}");
    assert_eq!(appended["data"]["ids"], json!(["msg-011"]));
    let (exit, appended) = parl.append(json!({
        "type": "ANSWER", "from": "rep_1", "to": "rep_3", "in_reply_to": "msg-011",
        "content": {"answer": "Ten terabytes.", "concessions": null, "stance": "maintain",
            "motive_scores": {"cost": 3}}
    }));
    assert_eq!(exit, 0, "{appended}");
    let (exit, appended) = parl.append(json!({
        "type": "SPEAKER_RULING", "from": "speaker",
        "content": {"ruling_type": "procedure", "ruling": "Rep. Innovatus drafts the next version.",
            "target": "rep_3", "action": "appoint_drafter"}
    }));
    assert_eq!(exit, 0, "{appended}");
    let warnings = appended["data"]["warnings"].to_string();
    assert!(warnings.contains("appoint_drafter"), "{appended}");
    let messages = parl.file("ledger.json")["messages"].clone();
    assert_eq!(messages[10]["timestamp"], NOW);
    assert_eq!(messages[9]["timestamp"], "2026-11-25T12:14:45.999999+00:00");
    let (exit, validated) = parl.json(&["parliament", "validate", "{dir}"]);
    assert_eq!(exit, 0, "{validated}");
}

#[test]
fn timestamps_are_read_as_rfc_3339_and_nothing_looser() {
    let parl = copy("debate");
    let mut ledger = parl.file("ledger.json");
    let stamps = [
        ("2026-11-25T12:29:07.978311+00:00", true),
        ("2026-11-25T12:29:07-05:30", true),
        ("2026-11-25t12:29:07.5z", true),
        ("2026-11-25T12:29:07.978311", false),
        ("2026-11-25T12:29:07.+00:00", false),
        ("2026-11-25T12:29:07+24:00", false),
        ("2026-11-25 12:29:07Z", false),
    ];
    for (index, (stamp, _)) in stamps.iter().enumerate() {
        ledger["messages"][index]["timestamp"] = json!(stamp);
    }
    std::fs::write(parl.dir.join("ledger.json"), ledger.to_string()).unwrap();
    let (exit, validated) = parl.json(&["parliament", "validate", "{dir}"]);
    assert_eq!(exit, 1, "{validated}");
    let refused: Vec<String> = findings(&validated, 0)
        .into_iter()
        .filter(|f| f.0 == "SCHEMA")
        .map(|f| f.2)
        .collect();
    let expected: Vec<String> = stamps
        .iter()
        .enumerate()
        .filter(|(_, (_, ok))| !ok)
        .map(|(index, _)| format!("/messages/{index}/timestamp"))
        .collect();
    assert_eq!(refused, expected, "{validated}");
}

#[test]
fn a_listed_action_still_needs_its_listed_ruling_type_and_a_target_if_it_addresses_somebody() {
    let parl = copy("debate");
    for content in [
        json!({"ruling_type": "order", "ruling": "r", "target": null, "action": "round_start"}),
        json!({"ruling_type": "procedure", "ruling": "r", "action": "next_speaker"}),
        json!({"ruling_type": "order", "ruling": "r", "action": "redirect"}),
        json!({"ruling_type": "decree", "ruling": "r", "target": null, "action": "round_end"}),
        json!({"ruling_type": "procedure", "ruling": "r", "target": null, "action": ""}),
    ] {
        let (exit, envelope) =
            parl.append(json!({"type": "SPEAKER_RULING", "from": "speaker", "content": content}));
        assert_eq!(exit, 65, "{content}: {envelope}");
        assert_eq!(envelope["error"]["code"], "INVALID_MESSAGE");
    }
}
