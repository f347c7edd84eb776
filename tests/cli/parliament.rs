//! `parley parliament`: the Clerk's ledger, driven through the real binary.

use std::path::{Path, PathBuf};
use std::process::{Child, Output, Stdio};

use serde_json::{Value, json};
use tempfile::TempDir;

use crate::support::{NOW, code, parley, parley_std, stderr, stdout};

/// The spec's examples, copied as they stand (see the README beside them).
fn spec(name: &str) -> Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/parliament/spec")
        .join(format!("{name}.json"));
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// A spec message example as an agent response: without id, round and timestamp.
fn response(name: &str) -> Value {
    let mut message = spec(name);
    let fields = message.as_object_mut().unwrap();
    for field in ["id", "round", "timestamp"] {
        fields.remove(field);
    }
    message
}

/// The five seats the spec's examples name; rep_1's motives are those its ANSWER and VOTE score.
const FIVE: &[&str] = &[
    "rep_1:Rep. Pragmatis:performance,scalability",
    "rep_2:Rep. Securitas:security,reliability",
    "rep_3:Rep. Innovatus:innovation",
    "rep_4:Rep. Frugalis:cost",
    "rep_5:Rep. Humanus:usability",
];

const THREE: &[&str] = &[
    "rep_1:Rep. Pragmatis:cost,speed",
    "rep_2:Rep. Securitas:security",
    "rep_3:Rep. Innovatus:scalability",
];

/// A temporary workspace with one parliament directory, `parl`.
struct Parl {
    tmp: TempDir,
    dir: PathBuf,
}

impl Parl {
    fn empty() -> Parl {
        let tmp = TempDir::new().unwrap();
        let dir = tmp.path().join("parl");
        Parl { tmp, dir }
    }

    /// `init` with these seats and any extra arguments.
    fn init(reps: &[&str], extra: &[&str]) -> Parl {
        let parl = Parl::empty();
        let mut args = vec![
            "parliament",
            "init",
            "{dir}",
            "--problem",
            "Design the cache",
        ];
        for rep in reps {
            args.extend(["--rep", rep]);
        }
        args.extend(extra);
        parl.ok(&args);
        parl
    }

    /// Initialised and in round 1.
    fn debating(reps: &[&str], extra: &[&str]) -> Parl {
        let parl = Parl::init(reps, extra);
        parl.ok(&["parliament", "round", "{dir}", "--start"]);
        parl
    }

    fn args(&self, args: &[&str]) -> Vec<String> {
        let dir = self.dir.to_string_lossy().into_owned();
        args.iter().map(|a| a.replace("{dir}", &dir)).collect()
    }

    fn run(&self, args: &[&str]) -> Output {
        parley()
            .current_dir(self.tmp.path())
            .args(self.args(args))
            .output()
            .unwrap()
    }

    fn ok(&self, args: &[&str]) -> String {
        let output = self.run(args);
        assert_eq!(
            code(&output),
            0,
            "{args:?}:\n{}\n{}",
            stdout(&output),
            stderr(&output)
        );
        stdout(&output)
    }

    /// Runs with `--json` and returns (exit code, envelope).
    fn json(&self, args: &[&str]) -> (i32, Value) {
        let mut args = args.to_vec();
        args.push("--json");
        let output = self.run(&args);
        let envelope = serde_json::from_str(&stdout(&output))
            .unwrap_or_else(|e| panic!("{args:?}: not JSON ({e}): {}", stdout(&output)));
        (code(&output), envelope)
    }

    /// `append` with `message` on stdin: (exit code, envelope).
    fn append(&self, message: &Value) -> (i32, Value) {
        let output = parley()
            .current_dir(self.tmp.path())
            .args(self.args(&["parliament", "append", "{dir}", "-", "--json"]))
            .write_stdin(message.to_string())
            .output()
            .unwrap();
        (
            code(&output),
            serde_json::from_str(&stdout(&output)).unwrap(),
        )
    }

    /// Appends and asserts success; returns the ids written.
    fn appended(&self, message: &Value) -> Vec<String> {
        let (exit, envelope) = self.append(message);
        assert_eq!(exit, 0, "{message}: {envelope}");
        envelope["data"]["ids"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap().to_owned())
            .collect()
    }

    fn file(&self, name: &str) -> Value {
        serde_json::from_str(&std::fs::read_to_string(self.dir.join(name)).unwrap()).unwrap()
    }

    fn write(&self, name: &str, value: &Value) {
        std::fs::write(
            self.dir.join(name),
            serde_json::to_string_pretty(value).unwrap(),
        )
        .unwrap();
    }

    fn messages(&self) -> Vec<Value> {
        self.file("ledger.json")["messages"]
            .as_array()
            .unwrap()
            .clone()
    }

    /// Every file but the lock's label (which names the last process to take the lock).
    fn snapshot(&self) -> Vec<(PathBuf, String)> {
        crate::support::snapshot(&self.dir)
            .into_iter()
            .filter(|(path, _)| !path.ends_with(".parley/lock"))
            .map(|(path, bytes)| (path, String::from_utf8_lossy(&bytes).into_owned()))
            .collect()
    }
}

fn question(from: &str, to: &str) -> Value {
    json!({"type": "QUESTION", "from": from, "to": to,
           "content": {"topic": "t", "question": "Why?", "motive_context": "Because."}})
}

fn answer(from: &str, to: &str, reply: &str, scores: Value) -> Value {
    json!({"type": "ANSWER", "from": from, "to": to, "in_reply_to": reply,
           "content": {"answer": "It holds.", "concessions": "", "stance": "maintain",
                       "motive_scores": scores}})
}

fn vote(from: &str, yes: bool, scores: Value) -> Value {
    json!({"type": "VOTE", "from": from,
           "content": {"vote": if yes { "YES" } else { "NO" }, "reasoning": format!("{from} reasons"),
                       "motive_scores": scores, "reservations": "", "conditions": []}})
}

fn ruling(ruling_type: &str, action: &str, target: Option<&str>) -> Value {
    json!({"type": "SPEAKER_RULING", "from": "speaker",
           "content": {"ruling_type": ruling_type, "ruling": "So ordered.", "target": target, "action": action}})
}

fn amendment(from: &str, id: &str) -> Value {
    json!({"type": "AMENDMENT", "from": from,
           "content": {"amendment_id": id, "target_section": "solution", "action": "add",
                       "description": "d", "rationale": "r", "proposed_text": "p"}})
}

fn position(from: &str, to: &str, reply: &str, id: &str, stance: &str, scores: Value) -> Value {
    let mut message = answer(from, to, reply, scores);
    message["content"]["amendment_position"] =
        json!({"amendment_id": id, "position": stance, "reason": "r"});
    message
}

// ---------------------------------------------------------------------------------------
// init

#[test]
fn init_creates_an_empty_ledger_and_a_session_in_setup() {
    let parl = Parl::init(
        THREE,
        &[
            "--drafter",
            "rep_1",
            "--issue",
            "latency",
            "--max-rounds",
            "5",
        ],
    );
    let ledger = parl.file("ledger.json");
    assert_eq!(ledger["parliament_id"], "parl-20260218-001");
    assert_eq!(ledger["problem_statement"], "Design the cache");
    assert_eq!(ledger["messages"], json!([]));
    let session = parl.file("session.json");
    assert_eq!(session["status"], "setup");
    assert_eq!(session["current_round"], 0);
    assert_eq!(session["next_message_id"], 1);
    assert_eq!(session["max_rounds"], 5);
    assert_eq!(session["drafter"], "rep_1");
    assert_eq!(session["constituent_issues"], json!(["latency"]));
    assert_eq!(
        session["debate_clock"],
        json!({"max_exchanges_per_round": 6, "response_budget": 6, "exchanges_this_round": 0})
    );
    let rep = &session["representatives"][0];
    assert_eq!(rep["agent_id"], "rep_1");
    assert_eq!(rep["name"], "Rep. Pragmatis");
    assert_eq!(rep["motives"], json!(["cost", "speed"]));
    assert_eq!(rep["motive_satisfaction"], json!({}));
    assert_eq!(rep["is_quiet"], false);
    assert_eq!(parl.json(&["parliament", "validate", "{dir}"]).0, 0);
}

#[test]
fn init_numbers_ids_per_day_among_siblings_and_never_overwrites() {
    let parl = Parl::init(THREE, &[]);
    let (exit, envelope) = parl.json(&[
        "parliament",
        "init",
        "{dir}/../second",
        "--problem",
        "p",
        "--rep",
        "a:A:x",
    ]);
    assert_eq!(exit, 0, "{envelope}");
    assert_eq!(envelope["command"], "parliament init");
    assert_eq!(envelope["data"]["parliament_id"], "parl-20260218-002");
    // Another day starts at 001 again.
    let output = parley_std()
        .env("PARLEY_NOW", "2026-03-01T09:00:00Z")
        .args(parl.args(&[
            "parliament",
            "init",
            "{dir}/../third",
            "--problem",
            "p",
            "--rep",
            "a:A:x",
            "--json",
        ]))
        .output()
        .unwrap();
    let envelope: Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(envelope["data"]["parliament_id"], "parl-20260301-001");

    // A sibling directory named after an id of the day takes that id too.
    std::fs::create_dir(parl.tmp.path().join("parl-20260218-007")).unwrap();
    let (_, envelope) = parl.json(&[
        "parliament",
        "init",
        "{dir}/../fourth",
        "--problem",
        "p",
        "--rep",
        "a:A:x",
    ]);
    assert_eq!(envelope["data"]["parliament_id"], "parl-20260218-008");
    // DIR given as `.` still has the same siblings.
    let fifth = parl.tmp.path().join("fifth");
    std::fs::create_dir(&fifth).unwrap();
    let output = parley()
        .current_dir(&fifth)
        .args([
            "parliament",
            "init",
            ".",
            "--problem",
            "p",
            "--rep",
            "a:A:x",
        ])
        .arg("--json")
        .output()
        .unwrap();
    let envelope: Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(envelope["data"]["parliament_id"], "parl-20260218-009");

    let before = parl.snapshot();
    let (exit, envelope) = parl.json(&[
        "parliament",
        "init",
        "{dir}",
        "--problem",
        "again",
        "--rep",
        "a:A:x",
    ]);
    assert_eq!(exit, 3, "{envelope}");
    assert_eq!(envelope["error"]["code"], "ALREADY_EXISTS");
    assert_eq!(parl.snapshot(), before);
}

#[test]
fn init_fills_an_existing_empty_directory_and_refuses_a_missing_parent() {
    let parl = Parl::empty();
    std::fs::create_dir(&parl.dir).unwrap();
    parl.ok(&[
        "parliament",
        "init",
        "{dir}",
        "--problem",
        "p",
        "--rep",
        "a:A:x",
        "--id",
        "my-parl",
    ]);
    assert_eq!(parl.file("session.json")["parliament_id"], "my-parl");
    let (exit, _) = parl.json(&[
        "parliament",
        "init",
        "{dir}/missing/deeper",
        "--problem",
        "p",
        "--rep",
        "a:A:x",
    ]);
    assert_eq!(exit, 73);
}

#[test]
fn init_refuses_bad_seats_before_creating_anything() {
    for rep in [
        "rep_1",
        "rep_1:Name",
        "1rep:Name:m",
        "speaker:The Speaker:m",
        "rep_1::m",
        "rep_1:Name:a,,b",
        "rep_1:Name:a,a",
    ] {
        let parl = Parl::empty();
        let (exit, envelope) = parl.json(&[
            "parliament",
            "init",
            "{dir}",
            "--problem",
            "p",
            "--rep",
            rep,
        ]);
        assert_eq!(exit, 65, "{rep}: {envelope}");
        assert_eq!(envelope["error"]["code"], "INVALID_REP", "{rep}");
        assert!(!parl.dir.exists(), "{rep} created the directory");
    }
    let parl = Parl::empty();
    let (exit, _) = parl.json(&[
        "parliament",
        "init",
        "{dir}",
        "--problem",
        "p",
        "--rep",
        "a:A:x",
        "--rep",
        "a:B:y",
    ]);
    assert_eq!(exit, 65);
    let (exit, _) = parl.json(&[
        "parliament",
        "init",
        "{dir}",
        "--problem",
        "p",
        "--rep",
        "a:A:x",
        "--drafter",
        "b",
    ]);
    assert_eq!(exit, 65);
    assert!(!parl.dir.exists());
}

// ---------------------------------------------------------------------------------------
// append: every message type of the spec, valid

#[test]
fn every_spec_message_type_is_appended_with_id_round_and_timestamp() {
    let parl = Parl::debating(FIVE, &["--drafter", "rep_1"]);
    // msg-001 is the round_start ruling; the spec's ANSWER replies to msg-002.
    let mut next = 2;
    for name in [
        "question",
        "answer",
        "bill-draft",
        "opening-statement",
        "amendment",
        "motion",
        "speaker-ruling",
        "pm-decision",
        "agent-response",
    ] {
        let ids = parl.appended(&response(name));
        assert_eq!(ids, vec![format!("msg-{next:03}")], "{name}");
        next += 1;
    }
    let messages = parl.messages();
    let answer = &messages[2];
    assert_eq!(answer["id"], "msg-003");
    assert_eq!(answer["type"], "ANSWER");
    assert_eq!(answer["round"], 1);
    assert_eq!(answer["timestamp"], NOW);
    assert_eq!(answer["in_reply_to"], "msg-002");
    let session = parl.file("session.json");
    assert_eq!(session["next_message_id"], next);
    assert_eq!(
        session["representatives"][0]["motive_satisfaction"],
        json!({"performance": 4, "scalability": 3})
    );
    assert_eq!(session["debate_clock"]["exchanges_this_round"], 1);
    // The BILL_DRAFT wrote bill.json, the AMENDMENT joined it as proposed.
    let bill = parl.file("bill.json");
    assert_eq!(bill["version"], 1);
    assert_eq!(bill["drafter"], "rep_1");
    assert_eq!(bill["amendments"][0]["amendment_id"], "amend-001");
    assert_eq!(bill["amendments"][0]["status"], "proposed");
    let (exit, envelope) = parl.json(&["parliament", "validate", "{dir}"]);
    assert_eq!(exit, 0, "{envelope}");
    for file in envelope["data"]["files"].as_array().unwrap() {
        assert_eq!(file["verdict"], "valid", "{file}");
    }
}

#[test]
fn the_spec_vote_and_vote_tally_examples_are_appended_after_matching_votes() {
    let parl = Parl::debating(FIVE, &[]);
    let mut draft = response("bill-draft");
    draft["content"]["bill_version"] = json!(2);
    parl.appended(&draft);
    parl.appended(&response("vote"));
    for (rep, yes, motive) in [
        ("rep_2", false, "security"),
        ("rep_3", true, "innovation"),
        ("rep_4", false, "cost"),
        ("rep_5", true, "usability"),
    ] {
        let mut ballot = vote(rep, yes, json!({ motive: 3 }));
        if rep == "rep_2" {
            ballot["content"]["reservations"] = json!("Cost implications not adequately addressed");
        }
        parl.appended(&ballot);
    }
    let (exit, envelope) = parl.json(&["parliament", "tally", "{dir}"]);
    assert_eq!(exit, 0);
    let mut expected = response("vote-tally")["content"].clone();
    expected["key_objections"] = json!([
        {"from": "rep_2", "concern": "Cost implications not adequately addressed"},
        {"from": "rep_4", "concern": "rep_4 reasons"}
    ]);
    assert_eq!(envelope["data"], expected);
    // The spec's own VOTE_TALLY agrees with these votes, so the Clerk takes it.
    parl.appended(&response("vote-tally"));
    let session = parl.file("session.json");
    assert_eq!(session["vote_history"][0]["passed"], true);
    assert_eq!(
        session["representatives"][0]["voting_record"][0]["vote"],
        "YES"
    );
    assert_eq!(
        session["representatives"][0]["voting_record"][0]["bill_version"],
        2
    );
}

#[test]
fn a_motion_attached_to_a_question_becomes_a_motion_message_right_after_it() {
    let parl = Parl::debating(THREE, &[]);
    let mut message = question("rep_2", "rep_1");
    message["motion"] = json!({"motion_type": "call_vote", "reason": "Enough."});
    assert_eq!(parl.appended(&message), vec!["msg-002", "msg-003"]);
    let messages = parl.messages();
    assert!(messages[1].get("motion").is_none());
    assert_eq!(messages[2]["type"], "MOTION");
    assert_eq!(messages[2]["from"], "rep_2");
    assert_eq!(messages[2]["round"], 1);
    assert_eq!(
        messages[2]["content"],
        json!({"motion_type": "call_vote", "reason": "Enough."})
    );
    assert_eq!(parl.file("session.json")["next_message_id"], 4);
}

// ---------------------------------------------------------------------------------------
// append: broken messages are refused and change nothing

#[test]
fn every_message_type_broken_is_refused_with_65_and_changes_nothing() {
    let parl = Parl::debating(FIVE, &[]);
    parl.appended(&response("question"));
    // (example, JSON pointer to break, replacement or None to remove)
    let cases: &[(&str, &str, Option<Value>)] = &[
        ("bill-draft", "/content/bill_version", Some(json!(0))),
        ("bill-draft", "/content/sections/scope", None),
        (
            "opening-statement",
            "/content/briefing/facts",
            Some(json!("one fact")),
        ),
        ("opening-statement", "/content/direction", None),
        ("question", "/to", None),
        ("question", "/content/question", Some(json!(42))),
        ("answer", "/content/stance", Some(json!("waffle"))),
        ("answer", "/content/motive_scores", None),
        (
            "answer",
            "/content/motive_scores/performance",
            Some(json!(6)),
        ),
        (
            "answer",
            "/content/motive_scores/performance",
            Some(json!(0)),
        ),
        (
            "answer",
            "/content/motive_scores/performance",
            Some(json!(3.5)),
        ),
        (
            "answer",
            "/content/amendment_position/position",
            Some(json!("maybe")),
        ),
        ("answer", "/in_reply_to", None),
        ("amendment", "/content/action", Some(json!("rewrite"))),
        ("amendment", "/content/rationale", None),
        ("motion", "/content/motion_type", Some(json!("adjourn"))),
        ("vote", "/content/vote", Some(json!("yes"))),
        ("vote", "/content/motive_scores", None),
        ("vote", "/content/conditions", None),
        (
            "speaker-ruling",
            "/content/action",
            Some(json!("round_start")),
        ),
        (
            "speaker-ruling",
            "/content/ruling_type",
            Some(json!("decree")),
        ),
        ("vote-tally", "/content/passed", Some(json!("yes"))),
        ("vote-tally", "/content/tally/total", None),
        ("pm-decision", "/content/decision", Some(json!("shrug"))),
        ("pm-decision", "/content/guidance", None),
        ("agent-response", "/type", Some(json!("SPEECH"))),
        ("agent-response", "/from", None),
        ("agent-response", "/content", None),
        ("agent-response", "/extra", Some(json!(1))),
    ];
    let before = parl.snapshot();
    for (name, pointer, replacement) in cases {
        let mut message = response(name);
        let (parent, key) = pointer.rsplit_once('/').unwrap();
        let target = message
            .pointer_mut(parent)
            .unwrap()
            .as_object_mut()
            .unwrap();
        match replacement {
            Some(value) => {
                target.insert(key.to_owned(), value.clone());
            }
            None => {
                target.remove(key);
            }
        }
        let (exit, envelope) = parl.append(&message);
        assert_eq!(exit, 65, "{name} {pointer}: {envelope}");
        assert_eq!(envelope["ok"], false);
        assert_eq!(
            envelope["error"]["code"], "INVALID_MESSAGE",
            "{name} {pointer}"
        );
        assert_eq!(
            parl.snapshot(),
            before,
            "{name} {pointer} changed something"
        );
    }
}

#[test]
fn senders_replies_motives_and_clerk_fields_are_checked() {
    let parl = Parl::debating(THREE, &[]);
    parl.appended(&question("rep_2", "rep_1"));
    let before = parl.snapshot();
    let mut from_speaker = question("rep_2", "rep_1");
    from_speaker["from"] = json!("speaker");
    let mut tally_from_rep = response("vote-tally");
    tally_from_rep["from"] = json!("rep_1");
    let mut with_id = question("rep_2", "rep_1");
    with_id["id"] = json!("msg-100");
    let mut pm = response("pm-decision");
    pm["from"] = json!("rep_1");
    let cases = [
        (question("rep_9", "rep_1"), "UNKNOWN_AGENT"),
        (question("rep_2", "rep_9"), "UNKNOWN_AGENT"),
        (from_speaker, "UNKNOWN_AGENT"),
        (ruling("order", "redirect", Some("rep_9")), "UNKNOWN_AGENT"),
        (tally_from_rep, "INVALID_MESSAGE"),
        (pm, "INVALID_MESSAGE"),
        (
            answer("rep_1", "rep_2", "msg-099", json!({"cost": 3})),
            "UNKNOWN_REPLY",
        ),
        (
            answer("rep_1", "rep_2", "msg-002", json!({"security": 3})),
            "UNKNOWN_MOTIVE",
        ),
        (with_id, "INVALID_MESSAGE"),
        (json!([1, 2]), "INVALID_MESSAGE"),
    ];
    for (message, expected) in cases {
        let (exit, envelope) = parl.append(&message);
        assert_eq!(exit, 65, "{message}: {envelope}");
        assert_eq!(envelope["error"]["code"], expected, "{message}");
    }
    assert_eq!(parl.snapshot(), before);

    // Input that is not JSON is 65; input that cannot be read, or no ledger, is 66.
    std::fs::write(parl.tmp.path().join("bad.json"), "{not json").unwrap();
    assert_eq!(
        code(&parl.run(&["parliament", "append", "{dir}", "bad.json"])),
        65
    );
    assert_eq!(
        code(&parl.run(&["parliament", "append", "{dir}", "missing.json"])),
        66
    );
    std::fs::write(
        parl.tmp.path().join("q.json"),
        question("rep_2", "rep_1").to_string(),
    )
    .unwrap();
    let (exit, envelope) = parl.json(&["parliament", "append", "{dir}/../nowhere", "q.json"]);
    assert_eq!(exit, 66);
    assert_eq!(envelope["error"]["code"], "NO_PARLIAMENT");
    // From a file it works like stdin.
    let (exit, envelope) = parl.json(&["parliament", "append", "{dir}", "q.json"]);
    assert_eq!(exit, 0, "{envelope}");
    assert_eq!(envelope["data"]["ids"], json!(["msg-003"]));
}

/// The reference's Speaker plans a round with a `procedure` + `round_start` ruling that has no
/// `target` and carries the round's plan in fields the spec does not list: accepted, the
/// fields warned about and kept. Every action that addresses nobody may leave `target` out;
/// those that address somebody may not.
#[test]
fn a_ruling_that_addresses_nobody_needs_no_target() {
    let parl = Parl::debating(THREE, &[]);
    let plan = json!({"type": "SPEAKER_RULING", "from": "speaker",
        "content": {"ruling_type": "procedure", "ruling": "Round 1 begins.", "action": "round_start",
                    "underserved_motives": {"rep_2": ["security"]},
                    "speaking_order": ["rep_2", "rep_1", "rep_3"],
                    "round_summary": "Openings heard; security is behind."}});
    let (exit, envelope) = parl.append(&plan);
    assert_eq!(exit, 0, "{envelope}");
    let warnings = &envelope["data"]["warnings"];
    for field in ["underserved_motives", "speaking_order", "round_summary"] {
        assert!(warnings.to_string().contains(field), "{field}: {envelope}");
    }
    assert_eq!(warnings.as_array().unwrap().len(), 3, "{envelope}");
    let stored = parl.messages().last().unwrap().clone();
    assert_eq!(
        stored["content"]["speaking_order"],
        plan["content"]["speaking_order"]
    );
    assert!(stored["content"].get("target").is_none(), "{stored}");
    for (ruling_type, action) in [
        ("procedure", "round_end"),
        ("observation", "progress_note"),
        ("observation", "deadlock_warning"),
        ("order", "call_vote"),
    ] {
        parl.appended(&json!({"type": "SPEAKER_RULING", "from": "speaker",
            "content": {"ruling_type": ruling_type, "ruling": "Noted.", "action": action}}));
    }
    let (exit, validated) = parl.json(&["parliament", "validate", "{dir}"]);
    assert_eq!(exit, 0, "{validated}");
    let before = parl.snapshot();
    for (ruling_type, action) in [
        ("order", "redirect"),
        ("order", "quiet"),
        ("procedure", "next_speaker"),
    ] {
        let (exit, envelope) = parl.append(&json!({"type": "SPEAKER_RULING", "from": "speaker",
            "content": {"ruling_type": ruling_type, "ruling": "You.", "action": action}}));
        assert_eq!(exit, 65, "{action}: {envelope}");
        assert_eq!(envelope["error"]["code"], "INVALID_MESSAGE", "{action}");
        assert!(
            envelope.to_string().contains("target"),
            "{action}: {envelope}"
        );
    }
    assert_eq!(parl.snapshot(), before);
}

// ---------------------------------------------------------------------------------------
// append: what the protocol forbids (exit 4)

#[test]
fn a_quiet_order_silences_its_target_until_the_round_ends() {
    let parl = Parl::debating(THREE, &[]);
    parl.appended(&ruling("order", "quiet", Some("rep_2")));
    let session = parl.file("session.json");
    assert_eq!(session["representatives"][1]["is_quiet"], true);
    assert_eq!(session["representatives"][1]["quiet_until_round"], 1);
    let before = parl.snapshot();
    let (exit, envelope) = parl.append(&question("rep_2", "rep_1"));
    assert_eq!(exit, 4, "{envelope}");
    assert_eq!(envelope["error"]["code"], "QUIET_ORDER");
    assert_eq!(parl.snapshot(), before);
    // Others still speak; the next round lifts the order.
    parl.appended(&question("rep_3", "rep_2"));
    let (exit, envelope) = parl.json(&["parliament", "round", "{dir}", "--start"]);
    assert_eq!(exit, 0);
    assert_eq!(envelope["data"]["lifted_quiet_orders"], json!(["rep_2"]));
    let session = parl.file("session.json");
    assert_eq!(session["representatives"][1]["is_quiet"], false);
    assert_eq!(
        session["representatives"][1]["quiet_until_round"],
        Value::Null
    );
    parl.appended(&question("rep_2", "rep_1"));
}

#[test]
fn questions_stop_at_the_exchange_cap_of_the_round() {
    // Three seats in round 6: three exchanges.
    let parl = Parl::init(THREE, &[]);
    for _ in 0..6 {
        parl.ok(&["parliament", "round", "{dir}", "--start"]);
    }
    let mut id = parl.file("session.json")["next_message_id"]
        .as_u64()
        .unwrap();
    for _ in 0..3 {
        parl.appended(&question("rep_2", "rep_1"));
        parl.appended(&answer(
            "rep_1",
            "rep_2",
            &format!("msg-{id:03}"),
            json!({"cost": 3}),
        ));
        id += 2;
    }
    // A second answer to the same question is not another exchange.
    parl.appended(&answer(
        "rep_1",
        "rep_2",
        &format!("msg-{:03}", id - 2),
        json!({"cost": 3}),
    ));
    assert_eq!(
        parl.file("session.json")["debate_clock"]["exchanges_this_round"],
        3
    );
    let (exit, envelope) = parl.append(&question("rep_3", "rep_1"));
    assert_eq!(exit, 4, "{envelope}");
    assert_eq!(envelope["error"]["code"], "EXCHANGE_CAP");
    // The gate opens, forced by the clock.
    let (exit, envelope) = parl.json(&["parliament", "gate", "{dir}"]);
    assert_eq!(exit, 0);
    assert_eq!(envelope["data"]["forced_by"], "clock");
}

#[test]
fn one_vote_per_representative_per_bill_version_per_round() {
    let parl = Parl::debating(THREE, &[]);
    let mut draft = response("bill-draft");
    draft["from"] = json!("rep_1");
    parl.appended(&draft);
    parl.appended(&vote("rep_1", true, json!({"cost": 4})));
    let before = parl.snapshot();
    let (exit, envelope) = parl.append(&vote("rep_1", false, json!({"cost": 2})));
    assert_eq!(exit, 4, "{envelope}");
    assert_eq!(envelope["error"]["code"], "ALREADY_VOTED");
    assert_eq!(parl.snapshot(), before);
    // A new bill version may be voted on in the same round, and the next round anew.
    draft["content"]["bill_version"] = json!(2);
    parl.appended(&draft);
    parl.appended(&vote("rep_1", false, json!({"cost": 2})));
    parl.ok(&["parliament", "round", "{dir}", "--start"]);
    parl.appended(&vote("rep_1", true, json!({"cost": 5})));
}

#[test]
fn votes_cast_before_the_first_draft_stay_on_the_version_it_replaced() {
    let parl = Parl::debating(THREE, &[]);
    parl.appended(&vote("rep_1", false, json!({"cost": 2})));
    let mut draft = response("bill-draft");
    draft["from"] = json!("rep_1");
    draft["content"]["bill_version"] = json!(2);
    parl.appended(&draft);
    // The draft does not turn the earlier vote into one on version 2.
    parl.appended(&vote("rep_1", true, json!({"cost": 4})));
    let (_, on_two) = parl.json(&["parliament", "tally", "{dir}"]);
    assert_eq!(on_two["data"]["yes_votes"], json!(["rep_1"]));
    assert_eq!(on_two["data"]["no_votes"], json!([]));
    let (_, on_one) = parl.json(&["parliament", "tally", "{dir}", "--bill-version", "1"]);
    assert_eq!(on_one["data"]["no_votes"], json!(["rep_1"]));
    assert_eq!(on_one["data"]["tally"]["total"], 1);
    parl.ok(&["parliament", "tally", "{dir}", "--append"]);
    assert_eq!(parl.json(&["parliament", "validate", "{dir}"]).0, 0);
}

#[test]
fn an_answer_over_the_response_budget_is_accepted_with_a_warning() {
    let parl = Parl::debating(THREE, &[]);
    parl.appended(&question("rep_2", "rep_1"));
    let mut long = answer("rep_1", "rep_2", "msg-002", json!({"cost": 3}));
    long["content"]["answer"] = json!("One. Two! Three? Four. Five. Six. Seven.");
    let (exit, envelope) = parl.append(&long);
    assert_eq!(exit, 0);
    let warnings = envelope["data"]["warnings"].as_array().unwrap();
    assert_eq!(warnings.len(), 1, "{envelope}");
    assert!(warnings[0].as_str().unwrap().contains("7 sentences"));
    // Six sentences are within round 1's budget.
    let mut fits = answer("rep_1", "rep_2", "msg-002", json!({"cost": 3}));
    fits["content"]["answer"] = json!("One. Two. Three. Four. Five. Six.");
    let (_, envelope) = parl.append(&fits);
    assert_eq!(envelope["data"]["warnings"], json!([]));
    // The human form warns on stderr.
    std::fs::write(parl.tmp.path().join("long.json"), long.to_string()).unwrap();
    let output = parl.run(&["parliament", "append", "{dir}", "long.json"]);
    assert_eq!(code(&output), 0);
    assert!(stderr(&output).contains("warning: rep_1's answer has 7 sentences"));
}

// ---------------------------------------------------------------------------------------
// gate

fn scored(rep1: u8, rep2: u8, rep3: u8, extra: &[&str]) -> Parl {
    let parl = Parl::debating(THREE, extra);
    parl.appended(&question("rep_2", "rep_1"));
    parl.appended(&answer(
        "rep_1",
        "rep_2",
        "msg-002",
        json!({"cost": rep1, "speed": 5}),
    ));
    parl.appended(&question("rep_1", "rep_2"));
    parl.appended(&answer(
        "rep_2",
        "rep_1",
        "msg-004",
        json!({"security": rep2}),
    ));
    parl.appended(&question("rep_1", "rep_3"));
    parl.appended(&answer(
        "rep_3",
        "rep_1",
        "msg-006",
        json!({"scalability": rep3}),
    ));
    parl
}

#[test]
fn the_gate_opens_at_3_and_stays_shut_at_2() {
    let parl = scored(3, 3, 3, &[]);
    let (exit, envelope) = parl.json(&["parliament", "gate", "{dir}"]);
    assert_eq!(exit, 0, "{envelope}");
    assert_eq!(envelope["data"]["may_vote"], true);
    assert_eq!(envelope["data"]["forced_by"], Value::Null);
    assert_eq!(envelope["data"]["blocking"], json!([]));

    let parl = scored(3, 2, 3, &[]);
    let (exit, envelope) = parl.json(&["parliament", "gate", "{dir}"]);
    assert_eq!(exit, 1, "{envelope}");
    assert_eq!(envelope["data"]["may_vote"], false);
    assert_eq!(envelope["data"]["forced_by"], Value::Null);
    assert_eq!(
        envelope["data"]["blocking"],
        json!([{"agent_id": "rep_2", "motive": "security", "score": 2}])
    );
    let output = parl.run(&["parliament", "gate", "{dir}"]);
    assert_eq!(code(&output), 1);
    assert!(stdout(&output).contains("rep_2 \"security\": score 2"));
}

#[test]
fn a_motive_never_scored_blocks_the_gate() {
    let parl = Parl::debating(THREE, &[]);
    let (exit, envelope) = parl.json(&["parliament", "gate", "{dir}"]);
    assert_eq!(exit, 1);
    let blocking = envelope["data"]["blocking"].as_array().unwrap();
    assert_eq!(blocking.len(), 4);
    assert_eq!(
        blocking[0],
        json!({"agent_id": "rep_1", "motive": "cost", "score": null})
    );
}

#[test]
fn a_motive_left_null_by_hand_is_unset() {
    let parl = scored(3, 3, 3, &[]);
    let mut session = parl.file("session.json");
    session["representatives"][1]["motive_satisfaction"]["security"] = Value::Null;
    parl.write("session.json", &session);
    assert_eq!(parl.json(&["parliament", "validate", "{dir}"]).0, 0);
    let (exit, envelope) = parl.json(&["parliament", "gate", "{dir}"]);
    assert_eq!(exit, 1, "{envelope}");
    assert_eq!(
        envelope["data"]["blocking"],
        json!([{"agent_id": "rep_2", "motive": "security", "score": null}])
    );
    parl.ok(&["parliament", "status", "{dir}"]);
}

#[test]
fn the_round_limit_forces_the_gate_and_the_clock_wins_when_both_do() {
    let parl = scored(1, 2, 3, &["--max-rounds", "1"]);
    let (exit, envelope) = parl.json(&["parliament", "gate", "{dir}"]);
    assert_eq!(exit, 0, "{envelope}");
    assert_eq!(envelope["data"]["may_vote"], true);
    assert_eq!(envelope["data"]["forced_by"], "round_limit");
    assert_eq!(envelope["data"]["blocking"].as_array().unwrap().len(), 2);
    // No round after the last.
    let (exit, envelope) = parl.json(&["parliament", "round", "{dir}", "--start"]);
    assert_eq!(exit, 4);
    assert_eq!(envelope["error"]["code"], "ROUND_LIMIT");
    // At the cap as well: the clock is named first.
    let mut session = parl.file("session.json");
    session["debate_clock"]["exchanges_this_round"] = json!(6);
    parl.write("session.json", &session);
    let (_, envelope) = parl.json(&["parliament", "gate", "{dir}"]);
    assert_eq!(envelope["data"]["forced_by"], "clock");
    // One exchange short of the cap, before the last round: shut.
    let mut session = parl.file("session.json");
    session["debate_clock"]["exchanges_this_round"] = json!(5);
    session["max_rounds"] = json!(2);
    parl.write("session.json", &session);
    assert_eq!(parl.json(&["parliament", "gate", "{dir}"]).0, 1);
}

// ---------------------------------------------------------------------------------------
// clock and rounds

#[test]
fn the_clock_for_rounds_1_to_7_and_3_4_5_seats() {
    // ceil(seats × (2 − (min(r, 6) − 1) / 5)) and max(3, 7 − r), worked out by hand.
    let exchanges: &[(usize, [u64; 7])] = &[
        (3, [6, 6, 5, 5, 4, 3, 3]),
        (4, [8, 8, 7, 6, 5, 4, 4]),
        (5, [10, 9, 8, 7, 6, 5, 5]),
    ];
    let budgets = [6, 5, 4, 3, 3, 3, 3];
    for (seats, expected) in exchanges {
        let parl = Parl::init(&FIVE[..*seats], &["--max-rounds", "7"]);
        for round in 1..=7u64 {
            let (exit, envelope) = parl.json(&[
                "parliament",
                "clock",
                "{dir}",
                "--round",
                &round.to_string(),
            ]);
            assert_eq!(exit, 0);
            let data = &envelope["data"];
            let r = round as usize - 1;
            assert_eq!(
                data["max_exchanges_per_round"], expected[r],
                "{seats} seats, round {round}"
            );
            assert_eq!(data["response_budget"], budgets[r], "round {round}");
            // Starting the round sets the same clock in the session.
            parl.ok(&["parliament", "round", "{dir}", "--start"]);
            let clock = &parl.file("session.json")["debate_clock"];
            assert_eq!(clock["max_exchanges_per_round"], expected[r]);
            assert_eq!(clock["response_budget"], budgets[r]);
            assert_eq!(clock["exchanges_this_round"], 0);
        }
    }
    // Round 0, the openings, runs on round 1's clock.
    let parl = Parl::init(THREE, &[]);
    let (exit, envelope) = parl.json(&["parliament", "clock", "{dir}", "--round", "0"]);
    assert_eq!(exit, 0, "{envelope}");
    assert_eq!(envelope["data"]["round"], 0);
    assert_eq!(envelope["data"]["max_exchanges_per_round"], 6);
    assert_eq!(envelope["data"]["response_budget"], 6);
}

#[test]
fn rounds_start_and_end_with_speaker_rulings() {
    let parl = Parl::init(THREE, &[]);
    let (exit, envelope) = parl.json(&["parliament", "round", "{dir}", "--start"]);
    assert_eq!(exit, 0);
    assert_eq!(envelope["command"], "parliament round");
    assert_eq!(envelope["data"]["round"], 1);
    parl.ok(&["parliament", "round", "{dir}", "--end"]);
    let messages = parl.messages();
    assert_eq!(messages[0]["content"]["action"], "round_start");
    assert_eq!(messages[0]["content"]["ruling_type"], "procedure");
    assert_eq!(messages[0]["round"], 1);
    assert_eq!(messages[1]["content"]["action"], "round_end");
    assert_eq!(messages[1]["round"], 1);
    let session = parl.file("session.json");
    assert_eq!(session["current_round"], 1);
    assert_eq!(session["status"], "debate");
    assert_eq!(code(&parl.run(&["parliament", "round", "{dir}"])), 64);
}

// ---------------------------------------------------------------------------------------
// tally

/// A ledger written by hand: rep_2 votes YES, then changes to NO in the same round.
fn changed_vote_ledger(parl: &Parl) {
    let stamp = NOW;
    let vote_message = |id: u32, from: &str, yes: bool, reservations: &str| {
        let mut message = vote(from, yes, json!({}));
        message["content"]["motive_scores"] = json!({});
        message["content"]["reservations"] = json!(reservations);
        let fields = message.as_object_mut().unwrap();
        fields.insert("id".into(), json!(format!("msg-{id:03}")));
        fields.insert("round".into(), json!(1));
        fields.insert("timestamp".into(), json!(stamp));
        message
    };
    let mut ledger = parl.file("ledger.json");
    let mut votes = vec![
        vote_message(2, "rep_1", true, ""),
        vote_message(3, "rep_2", true, ""),
        vote_message(4, "rep_3", true, ""),
        vote_message(5, "rep_2", false, "Encryption is missing"),
    ];
    for v in &mut votes {
        let from = v["from"].as_str().unwrap().to_owned();
        let motive = if from == "rep_1" {
            "cost"
        } else if from == "rep_2" {
            "security"
        } else {
            "scalability"
        };
        v["content"]["motive_scores"] = json!({ motive: 3 });
    }
    ledger["messages"].as_array_mut().unwrap().extend(votes);
    parl.write("ledger.json", &ledger);
    let mut session = parl.file("session.json");
    session["next_message_id"] = json!(6);
    parl.write("session.json", &session);
}

#[test]
fn a_changed_vote_counts_once_as_the_last_vote() {
    let parl = Parl::debating(THREE, &[]);
    changed_vote_ledger(&parl);
    let (exit, envelope) = parl.json(&["parliament", "tally", "{dir}"]);
    assert_eq!(exit, 0);
    assert_eq!(envelope["command"], "parliament tally");
    assert_eq!(
        envelope["data"],
        json!({
            "bill_version": 1,
            "yes_votes": ["rep_1", "rep_3"],
            "no_votes": ["rep_2"],
            "tally": {"yes": 2, "no": 1, "total": 3},
            "passed": true,
            "key_objections": [{"from": "rep_2", "concern": "Encryption is missing"}],
            "next_action": "advance_to_pm"
        })
    );
    // The repeated vote is a warning for validate, not an error.
    let (exit, envelope) = parl.json(&["parliament", "validate", "{dir}"]);
    assert_eq!(exit, 0, "{envelope}");
    assert_eq!(
        envelope["data"]["files"][0]["verdict"],
        "valid-with-warnings"
    );
    assert_eq!(
        envelope["data"]["files"][0]["findings"][0]["code"],
        "REPEATED_VOTE"
    );
    // --append records it as the Speaker's VOTE_TALLY; validate agrees with it.
    let (exit, envelope) = parl.json(&["parliament", "tally", "{dir}", "--append"]);
    assert_eq!(exit, 0, "{envelope}");
    let tally = parl.messages().last().unwrap().clone();
    assert_eq!(tally["type"], "VOTE_TALLY");
    assert_eq!(tally["from"], "speaker");
    assert_eq!(tally["id"], "msg-006");
    assert_eq!(tally["content"], envelope["data"]);
    // Other rounds and versions have no votes.
    let (_, envelope) = parl.json(&["parliament", "tally", "{dir}", "--round", "2"]);
    assert_eq!(envelope["data"]["tally"]["total"], 0);
    assert_eq!(envelope["data"]["passed"], false);
    let (_, envelope) = parl.json(&["parliament", "tally", "{dir}", "--bill-version", "2"]);
    assert_eq!(envelope["data"]["tally"]["total"], 0);
}

#[test]
fn passing_needs_yes_from_more_than_half_of_the_seats() {
    // Two YES of four seats is not more than half, even with no NO votes.
    let four = &FIVE[..4];
    let parl = Parl::debating(four, &[]);
    parl.appended(&vote("rep_1", true, json!({"performance": 3})));
    parl.appended(&vote("rep_2", true, json!({"security": 3})));
    let (_, envelope) = parl.json(&["parliament", "tally", "{dir}"]);
    assert_eq!(envelope["data"]["passed"], false);
    assert_eq!(envelope["data"]["next_action"], "return_to_debate");
    parl.appended(&vote("rep_3", true, json!({"innovation": 3})));
    let (_, envelope) = parl.json(&["parliament", "tally", "{dir}"]);
    assert_eq!(envelope["data"]["passed"], true);
    // A VOTE_TALLY that disagrees with the votes is recorded with a warning (the issue does
    // not make it a refusal), and validate reports it.
    let mut wrong = response("vote-tally");
    wrong["content"] = envelope["data"].clone();
    wrong["content"]["passed"] = json!(false);
    let (exit, envelope) = parl.append(&wrong);
    assert_eq!(exit, 0, "{envelope}");
    let warnings = envelope["data"]["warnings"].as_array().unwrap();
    assert_eq!(warnings.len(), 1, "{envelope}");
    assert!(warnings[0].as_str().unwrap().contains("content/passed"));
    let (exit, envelope) = parl.json(&["parliament", "validate", "{dir}"]);
    assert_eq!(exit, 1);
    assert_eq!(
        findings(&envelope, 0),
        [(
            "TALLY_MISMATCH".to_owned(),
            "error".to_owned(),
            "/messages/4/content/passed".to_owned()
        )]
    );
}

// ---------------------------------------------------------------------------------------
// amendments

fn verdicts(parl: &Parl) -> Vec<Value> {
    let (exit, envelope) = parl.json(&["parliament", "amendments", "{dir}"]);
    assert_eq!(exit, 0, "{envelope}");
    envelope["data"]["amendments"].as_array().unwrap().clone()
}

#[test]
fn amendment_thresholds_drafter_alone_proposer_plus_one_and_more_oppose() {
    let parl = Parl::debating(THREE, &["--drafter", "rep_1"]);
    let mut draft = response("bill-draft");
    draft["from"] = json!("rep_1");
    parl.appended(&draft); // msg-002
    parl.appended(&amendment("rep_1", "amend-drafter")); // msg-003: the drafter proposes
    parl.appended(&amendment("rep_2", "amend-pair")); // msg-004
    parl.appended(&amendment("rep_3", "amend-lonely")); // msg-005
    let found = verdicts(&parl);
    assert_eq!(found[0]["amendment_id"], "amend-drafter");
    assert_eq!(found[0]["verdict"], "incorporable");
    assert_eq!(found[0]["endorse"], json!(["rep_1"]));
    assert_eq!(found[1]["verdict"], "pending");
    assert_eq!(found[2]["verdict"], "pending");

    // rep_3 endorses amend-pair: proposer plus one.
    parl.appended(&question("rep_2", "rep_3")); // msg-006
    parl.appended(&position(
        "rep_3",
        "rep_2",
        "msg-006",
        "amend-pair",
        "endorse",
        json!({"scalability": 3}),
    ));
    // amend-lonely: two exchanges carry positions, both oppose.
    parl.appended(&question("rep_3", "rep_2")); // msg-008
    parl.appended(&position(
        "rep_2",
        "rep_3",
        "msg-008",
        "amend-lonely",
        "oppose",
        json!({"security": 3}),
    ));
    let found = verdicts(&parl);
    assert_eq!(found[1]["verdict"], "incorporable");
    assert_eq!(found[1]["endorse"], json!(["rep_2", "rep_3"]));
    // One exchange only: still pending, though opposed 1 to 1.
    assert_eq!(found[2]["verdict"], "pending");
    parl.appended(&question("rep_3", "rep_1")); // msg-010
    parl.appended(&position(
        "rep_1",
        "rep_3",
        "msg-010",
        "amend-lonely",
        "oppose",
        json!({"cost": 3}),
    ));
    let found = verdicts(&parl);
    assert_eq!(found[2]["verdict"], "reject");
    assert_eq!(found[2]["oppose"], json!(["rep_1", "rep_2"]));
    assert_eq!(found[2]["endorse"], json!(["rep_3"]));

    // --apply writes the statuses into bill.json.
    let (exit, envelope) = parl.json(&["parliament", "amendments", "{dir}", "--apply"]);
    assert_eq!(exit, 0);
    assert_eq!(envelope["data"]["applied"].as_array().unwrap().len(), 3);
    let bill = parl.file("bill.json");
    let statuses: Vec<&str> = bill["amendments"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["status"].as_str().unwrap())
        .collect();
    assert_eq!(statuses, ["incorporated", "incorporated", "rejected"]);
    assert_eq!(parl.json(&["parliament", "validate", "{dir}"]).0, 0);
}

#[test]
fn a_later_round_ends_the_discussion_of_an_amendment() {
    let parl = Parl::debating(THREE, &[]);
    parl.appended(&amendment("rep_3", "amend-001")); // msg-002
    parl.appended(&question("rep_3", "rep_2")); // msg-003
    parl.appended(&position(
        "rep_2",
        "rep_3",
        "msg-003",
        "amend-001",
        "oppose",
        json!({"security": 2}),
    ));
    parl.appended(&question("rep_3", "rep_1")); // msg-005
    parl.appended(&position(
        "rep_1",
        "rep_3",
        "msg-005",
        "amend-001",
        "abstain",
        json!({"cost": 2}),
    ));
    // Two exchanges, but 1 endorse (the proposer) against 1 oppose: pending.
    assert_eq!(verdicts(&parl)[0]["verdict"], "pending");
    assert_eq!(verdicts(&parl)[0]["abstain"], json!(["rep_1"]));
    parl.appended(&question("rep_3", "rep_1")); // msg-007
    parl.appended(&position(
        "rep_1",
        "rep_3",
        "msg-007",
        "amend-001",
        "oppose",
        json!({"cost": 2}),
    ));
    assert_eq!(verdicts(&parl)[0]["verdict"], "reject");
    // The proposer changing its mind is its latest position.
    let parl = Parl::debating(THREE, &[]);
    parl.appended(&amendment("rep_3", "amend-002")); // msg-002
    parl.appended(&question("rep_2", "rep_3")); // msg-003
    parl.appended(&position(
        "rep_3",
        "rep_2",
        "msg-003",
        "amend-002",
        "oppose",
        json!({"scalability": 2}),
    ));
    assert_eq!(verdicts(&parl)[0]["verdict"], "pending");
    parl.ok(&["parliament", "round", "{dir}", "--start"]);
    assert_eq!(verdicts(&parl)[0]["verdict"], "reject");
}

// ---------------------------------------------------------------------------------------
// validate

fn findings(envelope: &Value, file: usize) -> Vec<(String, String, String)> {
    envelope["data"]["files"][file]["findings"]
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
fn validate_reports_every_finding_with_its_pointer_as_an_answer() {
    let parl = Parl::debating(THREE, &[]);
    parl.appended(&question("rep_2", "rep_1"));
    parl.appended(&answer("rep_1", "rep_2", "msg-002", json!({"cost": 3})));
    let mut ledger = parl.file("ledger.json");
    let messages = ledger["messages"].as_array_mut().unwrap();
    messages[2]["content"]["stance"] = json!("waffle"); // schema
    messages[2]["timestamp"] = json!("2026-02-18 10:00"); // schema
    let mut late = messages[0].clone();
    late["id"] = json!("msg-002"); // duplicate
    late["round"] = json!(0); // backwards
    messages.push(late);
    let mut reply = messages[2].clone();
    reply["id"] = json!("msg-009");
    reply["in_reply_to"] = json!("msg-010"); // names no earlier message
    reply["from"] = json!("rep_7"); // not a representative
    messages.push(reply);
    parl.write("ledger.json", &ledger);

    let (exit, envelope) = parl.json(&["parliament", "validate", "{dir}"]);
    assert_eq!(exit, 1, "{envelope}");
    assert_eq!(envelope["ok"], true);
    assert_eq!(envelope["error"], Value::Null);
    assert_eq!(envelope["command"], "parliament validate");
    let file = &envelope["data"]["files"][0];
    assert!(file["path"].as_str().unwrap().ends_with("ledger.json"));
    assert_eq!(file["verdict"], "invalid");
    let found = findings(&envelope, 0);
    for expected in [
        ("SCHEMA", "/messages/2/content/stance"),
        ("SCHEMA", "/messages/2/timestamp"),
        ("DUPLICATE_ID", "/messages/3/id"),
        ("ROUND_BACKWARDS", "/messages/3/round"),
        ("UNKNOWN_REPLY", "/messages/4/in_reply_to"),
        ("UNKNOWN_AGENT", "/messages/4/from"),
    ] {
        assert!(
            found
                .iter()
                .any(|(code, severity, pointer)| code == expected.0
                    && pointer == expected.1
                    && severity == "error"),
            "{expected:?} missing from {found:?}"
        );
    }
    // msg-009 is past next_message_id.
    assert_eq!(envelope["data"]["files"][1]["verdict"], "invalid");
    assert_eq!(
        findings(&envelope, 1),
        [(
            "NEXT_ID_BEHIND".to_owned(),
            "error".to_owned(),
            "/next_message_id".to_owned()
        )]
    );
    let output = parl.run(&["parliament", "validate", "{dir}"]);
    assert_eq!(code(&output), 1);
    assert!(stdout(&output).contains("ledger.json: invalid"));
}

#[test]
fn validate_compares_ids_by_number_and_checks_tallies_and_endorsements() {
    let parl = Parl::debating(THREE, &[]);
    changed_vote_ledger(&parl);
    let mut ledger = parl.file("ledger.json");
    let messages = ledger["messages"].as_array_mut().unwrap();
    // Ids by number: msg-999 then msg-1000 increase; gaps are fine.
    messages[3]["id"] = json!("msg-999");
    messages[4]["id"] = json!("msg-1000");
    messages.push(json!({
        "id": "msg-1001", "type": "VOTE_TALLY", "round": 1, "timestamp": NOW, "from": "speaker",
        "content": {"bill_version": 1, "yes_votes": ["rep_1", "rep_2", "rep_3"], "no_votes": [],
                    "tally": {"yes": 3, "no": 0, "total": 3}, "passed": true,
                    "key_objections": [], "next_action": "advance_to_pm"}
    }));
    parl.write("ledger.json", &ledger);
    let mut session = parl.file("session.json");
    session["next_message_id"] = json!(1002);
    parl.write("session.json", &session);
    let mut bill = spec("bill");
    bill["amendments"][0]["proposed_by"] = json!("rep_3");
    parl.write("bill.json", &bill);

    let (exit, envelope) = parl.json(&["parliament", "validate", "{dir}"]);
    assert_eq!(exit, 1, "{envelope}");
    let ledger_findings = findings(&envelope, 0);
    let errors: Vec<&str> = ledger_findings
        .iter()
        .filter(|f| f.1 == "error")
        .map(|f| f.2.as_str())
        .collect();
    assert_eq!(
        errors,
        [
            "/messages/5/content/yes_votes",
            "/messages/5/content/no_votes",
            "/messages/5/content/tally/yes",
            "/messages/5/content/tally/no",
        ]
    );
    assert_eq!(envelope["data"]["files"][1]["verdict"], "valid");
    // The spec's bill: rep_4 endorses but holds no seat in this parliament.
    assert_eq!(envelope["data"]["files"][2]["verdict"], "invalid");
    assert_eq!(
        findings(&envelope, 2),
        [(
            "UNKNOWN_AGENT".to_owned(),
            "error".to_owned(),
            "/amendments/0/endorsements/1/agent_id".to_owned()
        )]
    );
}

#[test]
fn validate_reports_a_file_that_is_not_json_and_66_without_a_ledger() {
    let parl = Parl::init(THREE, &[]);
    std::fs::write(parl.dir.join("session.json"), "{ broken").unwrap();
    std::fs::write(parl.dir.join("round-summaries.json"), "[]").unwrap();
    let (exit, envelope) = parl.json(&["parliament", "validate", "{dir}"]);
    assert_eq!(exit, 1);
    assert_eq!(envelope["ok"], true);
    let files = envelope["data"]["files"].as_array().unwrap();
    assert_eq!(files.len(), 3);
    assert_eq!(files[1]["verdict"], "invalid");
    assert_eq!(files[1]["findings"][0]["code"], "NOT_JSON");
    assert_eq!(files[1]["findings"][0]["pointer"], "");
    assert_eq!(files[2]["verdict"], "valid");

    let empty = Parl::empty();
    std::fs::create_dir(&empty.dir).unwrap();
    let (exit, envelope) = empty.json(&["parliament", "validate", "{dir}"]);
    assert_eq!(exit, 66);
    assert_eq!(envelope["ok"], false);
    for command in ["status", "gate", "clock", "tally", "amendments"] {
        assert_eq!(
            code(&empty.run(&["parliament", command, "{dir}"])),
            66,
            "{command}"
        );
    }
}

#[test]
fn the_spec_documents_validate_and_its_fragments_do_not() {
    let parl = Parl::empty();
    std::fs::create_dir(&parl.dir).unwrap();
    parl.write("ledger.json", &spec("ledger-structure"));
    parl.write("session.json", &spec("session"));
    parl.write("round-summaries.json", &spec("round-summaries"));
    let (exit, envelope) = parl.json(&["parliament", "validate", "{dir}"]);
    assert_eq!(exit, 0, "{envelope}");
    // Validating never creates anything in a directory parley did not make.
    assert!(!parl.dir.join(".parley").exists());
    // The bill alone (no session to check its endorsers against) is valid too.
    std::fs::remove_file(parl.dir.join("session.json")).unwrap();
    parl.write("bill.json", &spec("bill"));
    assert_eq!(parl.json(&["parliament", "validate", "{dir}"]).0, 0);

    // The base structure is a fragment: its type is a placeholder and its content empty.
    let mut ledger = spec("ledger-structure");
    ledger["messages"] = json!([spec("base-message")]);
    parl.write("ledger.json", &ledger);
    let (exit, envelope) = parl.json(&["parliament", "validate", "{dir}"]);
    assert_eq!(exit, 1);
    assert!(
        findings(&envelope, 0)
            .iter()
            .any(|f| f.2 == "/messages/0/type")
    );
    // Each message example is a fragment: its timestamp is elided as "...".
    for name in [
        "bill-draft",
        "opening-statement",
        "question",
        "answer",
        "amendment",
        "motion",
        "vote",
        "speaker-ruling",
        "vote-tally",
        "pm-decision",
    ] {
        let mut ledger = spec("ledger-structure");
        ledger["messages"] = json!([spec(name)]);
        parl.write("ledger.json", &ledger);
        let (exit, envelope) = parl.json(&["parliament", "validate", "{dir}"]);
        assert_eq!(exit, 1, "{name}");
        let found = findings(&envelope, 0);
        assert!(
            found.iter().any(|f| f.2 == "/messages/0/timestamp"),
            "{name}: {found:?}"
        );
        // With a real timestamp each is a valid message; the ANSWER replies to msg-002, so
        // the QUESTION example goes first, and a tally needs the votes it counts.
        let stamped = |name: &str| {
            let mut message = spec(name);
            message["timestamp"] = json!(NOW);
            message
        };
        ledger["messages"] = if name == "answer" {
            json!([stamped("question"), stamped("answer")])
        } else {
            json!([stamped(name)])
        };
        parl.write("ledger.json", &ledger);
        let (exit, envelope) = parl.json(&["parliament", "validate", "{dir}"]);
        if name == "vote-tally" {
            assert_eq!(exit, 1);
            assert!(
                findings(&envelope, 0)
                    .iter()
                    .all(|f| f.0 == "TALLY_MISMATCH")
            );
        } else {
            assert_eq!(exit, 0, "{name}: {envelope}");
        }
    }
}

// ---------------------------------------------------------------------------------------
// status

#[test]
fn status_summarises_the_parliament() {
    let parl = scored(4, 2, 3, &["--drafter", "rep_1"]);
    parl.appended(&amendment("rep_2", "amend-001"));
    let output = parl.run(&["parliament", "status", "{dir}"]);
    assert_eq!(code(&output), 0);
    let text = stdout(&output);
    for expected in [
        "Problem: Design the cache",
        "Round 1 of 6, status debate",
        "rep_1 Rep. Pragmatis: cost 4, speed 5",
        "rep_2 Rep. Securitas: security 2",
        "amend-001 by rep_2 (proposed): pending",
        "Last tally: none",
    ] {
        assert!(text.contains(expected), "{expected:?} not in:\n{text}");
    }
    let (_, envelope) = parl.json(&["parliament", "status", "{dir}"]);
    assert_eq!(envelope["command"], "parliament status");
    assert_eq!(envelope["data"]["current_round"], 1);
    assert_eq!(envelope["data"]["debate_clock"]["exchanges_this_round"], 3);
}

// ---------------------------------------------------------------------------------------
// concurrency and crashes

fn spawn_append(parl: &Parl, message: &Value) -> Child {
    let mut child = parley_std()
        .current_dir(parl.tmp.path())
        .args(parl.args(&["parliament", "append", "{dir}", "-", "--json"]))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(message.to_string().as_bytes())
        .unwrap();
    child
}

#[test]
fn sixteen_concurrent_appends_get_sixteen_consecutive_ids_and_lose_nothing() {
    let parl = Parl::debating(THREE, &[]);
    let children: Vec<Child> = (0..16)
        .map(|i| {
            let mut message = question("rep_2", "rep_1");
            message["content"]["topic"] = json!(format!("topic {i}"));
            spawn_append(&parl, &message)
        })
        .collect();
    let mut ids = Vec::new();
    for child in children {
        let output = child.wait_with_output().unwrap();
        assert_eq!(code(&output), 0, "{}", stderr(&output));
        let envelope: Value = serde_json::from_str(&stdout(&output)).unwrap();
        ids.push(envelope["data"]["ids"][0].as_str().unwrap().to_owned());
    }
    ids.sort();
    let expected: Vec<String> = (2..18).map(|n| format!("msg-{n:03}")).collect();
    assert_eq!(ids, expected);
    let messages = parl.messages();
    assert_eq!(messages.len(), 17);
    let mut topics: Vec<String> = messages[1..]
        .iter()
        .map(|m| m["content"]["topic"].as_str().unwrap().to_owned())
        .collect();
    topics.sort();
    let mut wanted: Vec<String> = (0..16).map(|i| format!("topic {i}")).collect();
    wanted.sort();
    assert_eq!(topics, wanted);
    assert_eq!(parl.file("session.json")["next_message_id"], 18);
    assert_eq!(parl.json(&["parliament", "validate", "{dir}"]).0, 0);
}

/// After a crash: the files validate, and every message present is reflected in the session
/// (rep_1's satisfaction is the score of its last ANSWER in the ledger).
fn assert_whole(parl: &Parl, context: &str) {
    let (exit, envelope) = parl.json(&["parliament", "validate", "{dir}"]);
    assert_eq!(exit, 0, "{context}: {envelope}");
    assert!(
        !parl.dir.join(".parley/transaction.json").exists(),
        "{context}"
    );
    let messages = parl.messages();
    let session = parl.file("session.json");
    let last_score = messages
        .iter()
        .rev()
        .find(|m| m["type"] == "ANSWER")
        .map(|m| m["content"]["motive_scores"]["cost"].clone());
    let recorded = session["representatives"][0]["motive_satisfaction"]
        .get("cost")
        .cloned();
    assert_eq!(
        recorded, last_score,
        "{context}: the session lost a message"
    );
    let highest = messages
        .last()
        .map(|m| m["id"].as_str().unwrap()[4..].parse::<u64>().unwrap())
        .unwrap_or(0);
    assert!(
        session["next_message_id"].as_u64().unwrap() > highest,
        "{context}"
    );
}

#[test]
fn kill_9_during_appends_leaves_each_message_wholly_present_or_absent() {
    let parl = Parl::debating(THREE, &[]);
    parl.appended(&question("rep_2", "rep_1")); // msg-002
    let scored = |i: u64| answer("rep_1", "rep_2", "msg-002", json!({"cost": i % 5 + 1}));
    // How long one append takes here, so the kills spread over its whole life.
    let began = std::time::Instant::now();
    for i in 0..3 {
        parl.appended(&scored(i));
    }
    let lifetime = began.elapsed() / 3;
    const KILLS: u32 = 24;
    let mut killed_running = 0;
    for i in 0..KILLS {
        let mut child = spawn_append(&parl, &scored(u64::from(i)));
        std::thread::sleep(lifetime * i / (KILLS - 4));
        if child.try_wait().unwrap().is_none() {
            killed_running += 1;
        }
        child.kill().ok();
        child.wait().unwrap();
        assert_whole(&parl, &format!("kill {i}"));
    }
    assert!(
        killed_running > 0,
        "no process was ever killed while running"
    );
    // And the parliament goes on.
    parl.appended(&scored(4));
    assert_whole(&parl, "after the kills");
}

#[test]
fn an_interrupted_transaction_is_rolled_forward_by_the_next_command() {
    let parl = Parl::debating(THREE, &[]);
    // What a crash after the commit point leaves: a staged session, a journal naming it,
    // the ledger still old.
    let mut session = parl.file("session.json");
    session["next_message_id"] = json!(7);
    std::fs::write(
        parl.dir.join(".parley-tmp-staged"),
        serde_json::to_string(&session).unwrap(),
    )
    .unwrap();
    std::fs::write(
        parl.dir.join(".parley/transaction.json"),
        r#"{"renames":[{"staged":".parley-tmp-staged","target":"session.json"},{"staged":".parley-tmp-gone","target":"ledger.json"}]}"#,
    )
    .unwrap();
    let (exit, envelope) = parl.json(&["parliament", "gate", "{dir}"]);
    assert_eq!(exit, 1, "{envelope}");
    assert!(!parl.dir.join(".parley/transaction.json").exists());
    assert!(!parl.dir.join(".parley-tmp-staged").exists());
    assert_eq!(parl.file("session.json")["next_message_id"], 7);
    // A burnt id is allowed: the next message takes 7.
    assert_eq!(parl.appended(&question("rep_2", "rep_1")), vec!["msg-007"]);
}

#[test]
fn an_init_interrupted_after_its_commit_point_is_completed_by_the_next_command() {
    let parl = Parl::init(THREE, &[]);
    // What `init` into an existing directory leaves when killed after renaming the session:
    // the ledger still staged, the journal naming it.
    std::fs::copy(
        parl.dir.join("ledger.json"),
        parl.dir.join(".parley-tmp-ledger"),
    )
    .unwrap();
    std::fs::remove_file(parl.dir.join("ledger.json")).unwrap();
    std::fs::write(
        parl.dir.join(".parley/transaction.json"),
        r#"{"renames":[{"staged":".parley-tmp-gone","target":"session.json"},{"staged":".parley-tmp-ledger","target":"ledger.json"}]}"#,
    )
    .unwrap();
    let (exit, envelope) = parl.json(&["parliament", "validate", "{dir}"]);
    assert_eq!(exit, 0, "{envelope}");
    assert!(!parl.dir.join(".parley/transaction.json").exists());
    assert_eq!(parl.messages().len(), 0);
}

#[test]
fn timestamps_are_real_utc_times() {
    let parl = Parl::init(THREE, &[]);
    let mut ledger = parl.file("ledger.json");
    let mut statement = response("opening-statement");
    statement["from"] = json!("rep_1");
    for (n, stamp) in [
        "2026-02-10T14:30:00Z",
        "2026-13-10T14:30:00Z",
        "2026-02-10T24:00:00Z",
    ]
    .into_iter()
    .enumerate()
    {
        let mut message = statement.clone();
        message["id"] = json!(format!("msg-00{}", n + 1));
        message["round"] = json!(0);
        message["timestamp"] = json!(stamp);
        ledger["messages"].as_array_mut().unwrap().push(message);
    }
    parl.write("ledger.json", &ledger);
    let mut session = parl.file("session.json");
    session["next_message_id"] = json!(4);
    parl.write("session.json", &session);
    let (exit, envelope) = parl.json(&["parliament", "validate", "{dir}"]);
    assert_eq!(exit, 1, "{envelope}");
    let pointers: Vec<String> = findings(&envelope, 0).into_iter().map(|f| f.2).collect();
    assert_eq!(
        pointers,
        ["/messages/1/timestamp", "/messages/2/timestamp"],
        "{envelope}"
    );
}

// ---------------------------------------------------------------------------------------
// demo

#[test]
fn the_demo_scene_debates_a_bill_to_a_passed_vote() {
    let tmp = TempDir::new().unwrap();
    let output = parley()
        .args(["demo", "--scene", "parliament", "--json"])
        .arg(tmp.path())
        .output()
        .unwrap();
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let envelope: Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(envelope["data"]["passed"], true);
    let parl = Parl {
        dir: tmp.path().join("parliament"),
        tmp,
    };
    assert_eq!(parl.json(&["parliament", "validate", "{dir}"]).0, 0);
    let tally = parl.messages().last().unwrap().clone();
    assert_eq!(tally["type"], "VOTE_TALLY");
    assert_eq!(tally["content"]["no_votes"], json!(["rep_3"]));
    assert_eq!(
        parl.file("bill.json")["amendments"][0]["status"],
        "incorporated"
    );
}

// ---------------------------------------------------------------------------------------
// the ledger summary (.parley/ledger-summary.json)

const SUMMARY: &str = ".parley/ledger-summary.json";

#[test]
fn the_ledger_summary_gives_way_to_the_ledger_changed_by_hand() {
    let parl = Parl::debating(THREE, &[]);
    assert_eq!(parl.appended(&question("rep_2", "rep_1")), vec!["msg-002"]);
    assert!(parl.dir.join(SUMMARY).exists());
    // A question written into the ledger by hand, which the summary does not know.
    let mut ledger = parl.file("ledger.json");
    let mut by_hand = ledger["messages"][1].clone();
    by_hand["id"] = json!("msg-003");
    ledger["messages"].as_array_mut().unwrap().push(by_hand);
    parl.write("ledger.json", &ledger);
    let before = parl.file("session.json")["debate_clock"]["exchanges_this_round"].clone();
    // Answering it is allowed, counts as an exchange and takes the next id.
    let ids = parl.appended(&answer("rep_1", "rep_2", "msg-003", json!({"cost": 4})));
    assert_eq!(ids, vec!["msg-004"]);
    assert_eq!(
        parl.file("session.json")["debate_clock"]["exchanges_this_round"],
        json!(before.as_u64().unwrap() + 1)
    );
    // An unreadable summary is rebuilt, never an error.
    std::fs::write(parl.dir.join(SUMMARY), "{\"format\": 1, \"torn").unwrap();
    assert_eq!(
        parl.appended(&answer("rep_1", "rep_2", "msg-002", json!({"cost": 5}))),
        vec!["msg-005"]
    );
    // And a summary for another ledger is not used: the same directory copied keeps its
    // summary but not the ledger's identity.
    std::fs::write(parl.dir.join(SUMMARY), "").unwrap();
    assert_eq!(parl.appended(&question("rep_3", "rep_1")), vec!["msg-006"]);
    assert_eq!(parl.json(&["parliament", "validate", "{dir}"]).0, 0);
}

#[test]
fn a_ledger_longer_than_what_an_append_reads_of_it_keeps_every_byte_and_gains_the_message() {
    // The summary stands in for the messages and an append reads only the ledger's last
    // 4 KB, copying the rest as it is: long questions make the ledger several times that.
    let parl = Parl::debating(THREE, &[]);
    let long = "A question that goes on. ".repeat(120);
    let mut before = std::fs::read_to_string(parl.dir.join("ledger.json")).unwrap();
    for k in 0..5 {
        let mut asked = question("rep_2", "rep_1");
        asked["content"]["question"] = json!(format!("{k}: {long}"));
        let ids = parl.appended(&asked);
        let after = std::fs::read_to_string(parl.dir.join("ledger.json")).unwrap();
        let kept = before.trim_end().strip_suffix('}').unwrap().trim_end();
        let kept = kept.strip_suffix(']').unwrap().trim_end();
        assert!(
            after.starts_with(kept),
            "message {k}: the ledger's beginning changed"
        );
        let messages = parl.messages();
        let last = messages.last().unwrap();
        assert_eq!(last["id"], json!(ids[0]));
        assert_eq!(last["content"]["question"], json!(format!("{k}: {long}")));
        before = after;
    }
    assert!(before.len() > 3 * 4096, "{}", before.len());
    assert_eq!(parl.messages().len(), 6);
    assert_eq!(parl.json(&["parliament", "validate", "{dir}"]).0, 0);
}

/// An append writes the new ledger in the spare the last append set aside, keeping the part
/// of it the two ledgers share (`.parley/spare/ledger.json.spare`, with a record of what it
/// shares beside it). Whatever was written into that spare since, even at the same length,
/// is never part of the ledger: the next append then copies the whole ledger again.
#[test]
fn a_spare_ledger_written_into_by_hand_is_never_kept_in_the_ledger() {
    let parl = Parl::debating(THREE, &[]);
    parl.appended(&question("rep_2", "rep_1"));
    parl.appended(&answer("rep_1", "rep_2", "msg-002", json!({"cost": 2})));
    let spare = parl.dir.join(".parley/spare/ledger.json.spare");
    let record = parl.dir.join(".parley/spare/ledger.json.spare.shared");
    assert!(record.exists(), "the append recorded what its spare shares");
    let length = std::fs::metadata(&spare).unwrap().len() as usize;
    std::fs::write(&spare, "x".repeat(length)).unwrap();
    let before = std::fs::read_to_string(parl.dir.join("ledger.json")).unwrap();

    parl.appended(&question("rep_3", "rep_1"));
    let after = std::fs::read_to_string(parl.dir.join("ledger.json")).unwrap();
    assert!(
        !after.contains("xxxx"),
        "the spare's bytes reached the ledger:\n{after}"
    );
    let kept = before.trim_end().strip_suffix('}').unwrap().trim_end();
    let kept = kept.strip_suffix(']').unwrap().trim_end();
    assert!(after.starts_with(kept), "the ledger's beginning changed");
    assert_eq!(parl.messages().len(), 4);
    assert_eq!(parl.json(&["parliament", "validate", "{dir}"]).0, 0);
}

/// A transaction's journal is retired without a flush, so a power loss can bring a completed
/// journal back, even after later commands replaced the same files through the same spares.
/// Replaying it must change nothing: here the bill an amendment was applied to must not go
/// back to its version before `--apply`.
#[test]
fn a_completed_journal_found_again_after_later_changes_changes_nothing() {
    let parl = Parl::debating(THREE, &["--drafter", "rep_1"]);
    let mut draft = response("bill-draft");
    draft["from"] = json!("rep_1");
    parl.appended(&draft);
    parl.appended(&amendment("rep_1", "amend-one"));
    // The journal of that append (session, bill, ledger), as the disk may still hold it.
    let retired = parl
        .dir
        .join(".parley/spare/.parley%2Ftransaction.json.spare.retired");
    let journal = std::fs::read(&retired).unwrap();
    let (exit, envelope) = parl.json(&["parliament", "amendments", "{dir}", "--apply"]);
    assert_eq!(exit, 0, "{envelope}");
    let applied = std::fs::read_to_string(parl.dir.join("bill.json")).unwrap();
    assert_eq!(
        parl.file("bill.json")["amendments"][0]["status"],
        "incorporated"
    );

    std::fs::write(parl.dir.join(".parley/transaction.json"), &journal).unwrap();
    let (exit, envelope) = parl.json(&["parliament", "amendments", "{dir}"]);
    assert_eq!(exit, 0, "{envelope}");
    assert!(!parl.dir.join(".parley/transaction.json").exists());
    assert_eq!(
        std::fs::read_to_string(parl.dir.join("bill.json")).unwrap(),
        applied,
        "replaying a completed journal put an older bill back"
    );
    assert_eq!(parl.json(&["parliament", "validate", "{dir}"]).0, 0);
}

/// The record of what the spare ledger shares is parley's own file: a hard link planted at
/// its name is never written through (the file it names keeps its content).
#[test]
fn a_link_planted_at_the_spares_record_is_never_written_through() {
    let parl = Parl::debating(THREE, &[]);
    parl.appended(&question("rep_2", "rep_1"));
    let record = parl.dir.join(".parley/spare/ledger.json.spare.shared");
    assert!(record.exists());
    let outside = parl.tmp.path().join("outside.txt");
    std::fs::write(&outside, "precious\n").unwrap();
    std::fs::remove_file(&record).unwrap();
    std::fs::hard_link(&outside, &record).unwrap();
    parl.appended(&answer("rep_1", "rep_2", "msg-002", json!({"cost": 2})));
    parl.appended(&question("rep_3", "rep_1"));
    assert_eq!(std::fs::read_to_string(&outside).unwrap(), "precious\n");
    assert_eq!(parl.messages().len(), 4);
    assert_eq!(parl.json(&["parliament", "validate", "{dir}"]).0, 0);
}

#[cfg(debug_assertions)]
#[test]
fn an_append_crashed_at_any_write_leaves_a_state_the_next_append_continues() {
    for step in 1..=60 {
        let parl = Parl::debating(THREE, &[]);
        parl.appended(&question("rep_2", "rep_1")); // msg-002
        let output = parley()
            .env("PARLEY_CRASH_AT", step.to_string())
            .current_dir(parl.tmp.path())
            .args(parl.args(&["parliament", "append", "{dir}", "-", "--json"]))
            .write_stdin(answer("rep_1", "rep_2", "msg-002", json!({"cost": 2})).to_string())
            .output()
            .unwrap();
        use std::os::unix::process::ExitStatusExt;
        let killed = output.status.signal() == Some(9);
        if !killed {
            assert_eq!(code(&output), 0, "step {step}: {}", stderr(&output));
            assert!(step > 3, "the append was never crashed");
            return;
        }
        let context = format!("crash at step {step}");
        assert_whole(&parl, &context);
        // The next append continues from what the ledger holds, whatever the summary says.
        let session = parl.file("session.json");
        let highest = parl.messages().len() as u64;
        let next = session["next_message_id"]
            .as_u64()
            .unwrap()
            .max(highest + 1);
        let exchanges = session["debate_clock"]["exchanges_this_round"]
            .as_u64()
            .unwrap();
        let answered = parl.messages().iter().any(|m| m["type"] == "ANSWER");
        let ids = parl.appended(&answer("rep_1", "rep_2", "msg-002", json!({"cost": 3})));
        assert_eq!(ids, vec![format!("msg-{next:03}")], "{context}");
        let after = parl.file("session.json");
        assert_eq!(
            after["debate_clock"]["exchanges_this_round"]
                .as_u64()
                .unwrap(),
            exchanges + u64::from(!answered),
            "{context}"
        );
        assert_whole(&parl, &context);
    }
    panic!("still crashing after 60 steps");
}
