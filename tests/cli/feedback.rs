//! The Agent Feedback Protocol: `parley feedback validate`, `extract`, `ask`, `log` and
//! `mock-provider`, from the spec's own examples to providers that fail, hang or answer for
//! the wrong iteration.

use std::io::Write;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Output, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tempfile::TempDir;

use crate::support::*;

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/feedback")
        .join(name)
}

fn fixture_json(name: &str) -> Value {
    serde_json::from_str(&std::fs::read_to_string(fixture(name)).unwrap()).unwrap()
}

/// Runs `parley --json ARGS` with `stdin` piped in (`--json` first: after `--` it would be
/// the provider's).
fn run(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = parley_std()
        .arg("--json")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A command that ends before reading its input (an error found first) closes the pipe; what
    // it printed and its exit code are what the caller asserts, so a broken pipe is no failure.
    if let Err(e) = child.stdin.take().unwrap().write_all(stdin) {
        assert_eq!(
            e.kind(),
            std::io::ErrorKind::BrokenPipe,
            "writing stdin: {e}"
        );
    }
    child.wait_with_output().unwrap()
}

fn envelope(output: &Output) -> Value {
    serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|e| panic!("not JSON ({e}): {}{}", stdout(output), stderr(output)))
}

/// `validate KIND` on `payload` (extra flags allowed): the exit code and the envelope.
fn validate(kind: &str, payload: &Value, extra: &[&str]) -> (i32, Value) {
    let mut args = vec!["feedback", "validate", kind];
    args.extend(extra);
    let output = run(&args, payload.to_string().as_bytes());
    (code(&output), envelope(&output))
}

/// Every finding as `CODE severity pointer`.
fn findings(envelope: &Value) -> Vec<String> {
    envelope["data"]["findings"]
        .as_array()
        .unwrap_or_else(|| panic!("no findings in {envelope}"))
        .iter()
        .map(|f| {
            format!(
                "{} {} {}",
                f["code"].as_str().unwrap(),
                f["severity"].as_str().unwrap(),
                f["pointer"].as_str().unwrap()
            )
        })
        .collect()
}

fn request() -> Value {
    json!({
        "protocol_version": "1.2",
        "iteration": 1,
        "artifact": {"media_type": "text/plain", "content": "Add a dark mode."}
    })
}

fn response() -> Value {
    fixture_json("spec-5.2-response.json")
}

/// Applies `edit` to a copy of `base`.
fn with(base: Value, edit: impl FnOnce(&mut Value)) -> Value {
    let mut value = base;
    edit(&mut value);
    value
}

fn remove(value: &mut Value, pointer: &str) {
    let (parent, name) = pointer.rsplit_once('/').unwrap();
    value
        .pointer_mut(parent)
        .unwrap()
        .as_object_mut()
        .unwrap()
        .remove(name);
}

/// Asserts the verdict, the exit code and that the findings include `expected`; a verdict is
/// an answer, so `ok` is true and `error` null either way.
fn assert_verdict((exit, envelope): (i32, Value), verdict: &str, expected: &[&str], case: &str) {
    assert_eq!(envelope["ok"], true, "{case}: {envelope}");
    assert_eq!(envelope["error"], Value::Null, "{case}: {envelope}");
    assert_eq!(envelope["data"]["verdict"], verdict, "{case}: {envelope}");
    assert_eq!(exit, if verdict == "invalid" { 1 } else { 0 }, "{case}");
    let found = findings(&envelope);
    for finding in expected {
        assert!(
            found.iter().any(|f| f == finding),
            "{case}: no {finding} in {found:?}"
        );
    }
    if verdict == "valid" {
        assert!(found.is_empty(), "{case}: {found:?}");
    }
}

#[test]
fn the_spec_examples_51_invalid_52_extracted_53_valid() {
    // 5.1 has no protocol_version: invalid, and the finding points where it belongs.
    let output = run(
        &[
            "feedback",
            "validate",
            "request",
            fixture("spec-5.1-first-request.json").to_str().unwrap(),
        ],
        b"",
    );
    assert_verdict(
        (code(&output), envelope(&output)),
        "invalid",
        &["MISSING_FIELD error /protocol_version"],
        "5.1",
    );
    assert_eq!(findings(&envelope(&output)).len(), 1);

    let (exit, answer) = validate(
        "request",
        &fixture_json("spec-5.3-follow-up-request.json"),
        &[],
    );
    assert_verdict((exit, answer), "valid", &[], "5.3");

    let output = run(
        &[
            "feedback",
            "extract",
            fixture("spec-5.2-stream.ndjson").to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let answer = envelope(&output);
    assert_eq!(answer["data"]["response"], response());
    assert_eq!(answer["data"]["session_id"], "ses_abc123");
    assert_eq!(answer["data"]["verdict"], "valid");

    // The human form prints the bare Response Object, ready for a pipe.
    let human = parley()
        .args(["feedback", "extract"])
        .arg(fixture("spec-5.2-stream.ndjson"))
        .output()
        .unwrap();
    let printed: Value = serde_json::from_slice(&human.stdout).unwrap();
    assert_eq!(printed, response());

    assert_verdict(validate("response", &response(), &[]), "valid", &[], "5.2");
}

#[test]
fn request_rules_valid_and_broken() {
    let cases: Vec<(&str, Value, &str, Vec<&str>)> = vec![
        ("minimal", request(), "valid", vec![]),
        (
            "x- field",
            with(request(), |r| r["x-provider"] = json!("me")),
            "valid",
            vec![],
        ),
        (
            "content may be any JSON, even a session field",
            with(request(), |r| {
                r["artifact"]["content"] = json!({"sessionID": "s", "anything": [1, null]})
            }),
            "valid",
            vec![],
        ),
        (
            "media type with parameters",
            with(request(), |r| {
                r["artifact"]["media_type"] = json!("text/markdown; charset=utf-8")
            }),
            "valid",
            vec![],
        ),
        (
            "no version",
            with(request(), |r| remove(r, "/protocol_version")),
            "invalid",
            vec!["MISSING_FIELD error /protocol_version"],
        ),
        (
            "version 1.1",
            with(request(), |r| r["protocol_version"] = json!("1.1")),
            "invalid",
            vec!["UNSUPPORTED_VERSION error /protocol_version"],
        ),
        (
            "version as a number",
            with(request(), |r| r["protocol_version"] = json!(1.2)),
            "invalid",
            vec!["UNSUPPORTED_VERSION error /protocol_version"],
        ),
        (
            "iteration 1.5",
            with(request(), |r| r["iteration"] = json!(1.5)),
            "invalid",
            vec!["INVALID_ITERATION error /iteration"],
        ),
        (
            "iteration 1.0",
            serde_json::from_str(
                r#"{"protocol_version":"1.2","iteration":1.0,"artifact":{"media_type":"text/plain","content":"x"}}"#,
            )
            .unwrap(),
            "invalid",
            vec!["INVALID_ITERATION error /iteration"],
        ),
        (
            "iteration as a string",
            with(request(), |r| r["iteration"] = json!("1")),
            "invalid",
            vec!["INVALID_ITERATION error /iteration"],
        ),
        (
            "iteration 0",
            with(request(), |r| r["iteration"] = json!(0)),
            "invalid",
            vec!["INVALID_ITERATION error /iteration"],
        ),
        (
            "no iteration",
            with(request(), |r| remove(r, "/iteration")),
            "invalid",
            vec!["MISSING_FIELD error /iteration"],
        ),
        (
            "media type without subtype",
            with(request(), |r| r["artifact"]["media_type"] = json!("text")),
            "invalid",
            vec!["INVALID_MEDIA_TYPE error /artifact/media_type"],
        ),
        (
            "null content",
            with(request(), |r| r["artifact"]["content"] = Value::Null),
            "invalid",
            vec!["NULL_CONTENT error /artifact/content"],
        ),
        (
            "no content",
            with(request(), |r| remove(r, "/artifact/content")),
            "invalid",
            vec!["MISSING_FIELD error /artifact/content"],
        ),
        (
            "artifact_ref a number",
            with(request(), |r| r["artifact"]["artifact_ref"] = json!(7)),
            "invalid",
            vec!["WRONG_TYPE error /artifact/artifact_ref"],
        ),
        (
            "unknown field",
            with(request(), |r| r["artifact"]["author"] = json!("me")),
            "invalid",
            vec!["UNKNOWN_FIELD error /artifact/author"],
        ),
        (
            "session fields under any spelling",
            with(request(), |r| {
                r["session_id"] = json!("a");
                r["artifact"]["Session-Id"] = json!("b");
                r["x-sessionId"] = json!("c");
            }),
            "invalid",
            vec![
                "SESSION_FIELD error /session_id",
                "SESSION_FIELD error /artifact/Session-Id",
                "SESSION_FIELD error /x-sessionId",
            ],
        ),
        (
            "applied status outside the enum",
            with(request(), |r| {
                r["applied_feedback"] = json!({"items": [{"id": "abcdefgh", "status": "done"}]})
            }),
            "invalid",
            vec!["INVALID_VALUE error /applied_feedback/items/0/status"],
        ),
        (
            "applied id empty",
            with(request(), |r| {
                r["applied_feedback"] = json!({"items": [{"id": "", "status": "accepted"}]})
            }),
            "invalid",
            vec!["EMPTY_STRING error /applied_feedback/items/0/id"],
        ),
        (
            "applied_feedback without items",
            with(request(), |r| r["applied_feedback"] = json!({})),
            "invalid",
            vec!["MISSING_FIELD error /applied_feedback/items"],
        ),
        (
            "iteration 2 without applied_feedback",
            with(request(), |r| r["iteration"] = json!(2)),
            "valid-with-warnings",
            vec!["MISSING_APPLIED_FEEDBACK warning /applied_feedback"],
        ),
        (
            "rejected without reason, partial without explanation",
            with(request(), |r| {
                r["iteration"] = json!(2);
                r["applied_feedback"] = json!({"items": [
                    {"id": "item-one-01", "status": "rejected"},
                    {"id": "item-two-02", "status": "partial", "reason_code": "time"},
                    {"id": "item-three-03", "status": "rejected", "reason_code": "out_of_scope"},
                    {"id": "item-four-04", "status": "partial", "explanation": "half of it"}
                ]})
            }),
            "valid-with-warnings",
            vec![
                "REJECTED_WITHOUT_REASON warning /applied_feedback/items/0",
                "PARTIAL_WITHOUT_EXPLANATION warning /applied_feedback/items/1/explanation",
            ],
        ),
    ];
    for (case, payload, verdict, expected) in cases {
        let result = validate("request", &payload, &[]);
        if verdict == "valid-with-warnings" {
            assert_eq!(
                findings(&result.1).len(),
                expected.len(),
                "{case}: {}",
                result.1
            );
        }
        assert_verdict(result, verdict, &expected, case);
    }
}

#[test]
fn response_rules_valid_and_broken() {
    let error_response = json!({
        "protocol_version": "1.2", "iteration": 1, "status": "error",
        "error": {"code": "INTERNAL_ERROR", "message": "the model is down"}
    });
    let cases: Vec<(&str, Value, &str, Vec<&str>)> = vec![
        ("an error response", error_response.clone(), "valid", vec![]),
        (
            "x- fields anywhere",
            with(response(), |r| {
                r["x-model"] = json!("m");
                r["feedback"]["confidence"]["x-score"] = json!(0.5);
            }),
            "valid",
            vec![],
        ),
        (
            "status outside the enum",
            with(response(), |r| r["status"] = json!("ok")),
            "invalid",
            vec!["INVALID_VALUE error /status"],
        ),
        (
            "success without feedback",
            with(response(), |r| remove(r, "/feedback")),
            "invalid",
            vec!["MISSING_FIELD error /feedback"],
        ),
        (
            "success with an error",
            with(response(), |r| {
                r["error"] = json!({"code": "X", "message": "y"})
            }),
            "invalid",
            vec!["FORBIDDEN_FIELD error /error"],
        ),
        (
            "error without error object",
            with(error_response.clone(), |r| remove(r, "/error")),
            "invalid",
            vec!["MISSING_FIELD error /error"],
        ),
        (
            "error with feedback",
            with(error_response.clone(), |r| {
                r["feedback"] = response()["feedback"].clone()
            }),
            "invalid",
            vec!["FORBIDDEN_FIELD error /feedback"],
        ),
        (
            "confidence level outside the enum",
            with(response(), |r| {
                r["feedback"]["confidence"]["level"] = json!("certain")
            }),
            "invalid",
            vec!["INVALID_VALUE error /feedback/confidence/level"],
        ),
        (
            "id too short and with capitals",
            with(response(), |r| {
                r["feedback"]["areas_for_improvement"][0]["id"] = json!("Short")
            }),
            "invalid",
            vec!["INVALID_FEEDBACK_ID error /feedback/areas_for_improvement/0/id"],
        ),
        (
            "duplicate ids",
            with(response(), |r| {
                let item = r["feedback"]["areas_for_improvement"][0].clone();
                r["feedback"]["areas_for_improvement"]
                    .as_array_mut()
                    .unwrap()
                    .push(item);
            }),
            "invalid",
            vec!["DUPLICATE_ID error /feedback/areas_for_improvement/1/id"],
        ),
        (
            "empty required strings",
            with(response(), |r| {
                r["feedback"]["general_summary"] = json!("");
                r["feedback"]["positive_points"][0]["aspect"] = json!("  ");
            }),
            "invalid",
            vec![
                "EMPTY_STRING error /feedback/general_summary",
                "EMPTY_STRING error /feedback/positive_points/0/aspect",
            ],
        ),
        (
            "missing recommendation",
            with(response(), |r| {
                remove(r, "/feedback/areas_for_improvement/0/recommendation")
            }),
            "invalid",
            vec!["MISSING_FIELD error /feedback/areas_for_improvement/0/recommendation"],
        ),
        (
            "processing_status outside the enum",
            with(response(), |r| {
                r["applied_feedback_ack"] =
                    json!({"items": [{"id": "a", "processing_status": "seen"}]})
            }),
            "invalid",
            vec!["INVALID_VALUE error /applied_feedback_ack/items/0/processing_status"],
        ),
        (
            "unknown and session fields",
            with(response(), |r| {
                r["feedback"]["score"] = json!(3);
                r["sessionID"] = json!("ses");
            }),
            "invalid",
            vec![
                "UNKNOWN_FIELD error /feedback/score",
                "SESSION_FIELD error /sessionID",
            ],
        ),
    ];
    for (case, payload, verdict, expected) in cases {
        assert_verdict(
            validate("response", &payload, &[]),
            verdict,
            &expected,
            case,
        );
    }
    // A session field is reported once, under its own code, not also as unknown.
    let (_, answer) = validate(
        "response",
        &with(response(), |r| r["session_id"] = json!(1)),
        &[],
    );
    assert_eq!(findings(&answer), vec!["SESSION_FIELD error /session_id"]);
}

#[test]
fn a_response_is_checked_against_its_request_and_the_previous_response() {
    let tmp = TempDir::new().unwrap();
    let write = |name: &str, value: &Value| {
        let path = tmp.path().join(name);
        std::fs::write(&path, value.to_string()).unwrap();
        path.to_string_lossy().into_owned()
    };
    let previous = write("previous.json", &response());
    let follow_up = fixture_json("spec-5.3-follow-up-request.json");
    let req = write("request.json", &follow_up);
    let first = write("first.json", &request());
    let ids = [
        "scope-definition-lacks-detail-01",
        "accessibility-concerns-02",
        "performance-impact-03",
    ];
    let acks = |statuses: &[&str]| {
        let items: Vec<Value> = ids
            .iter()
            .zip(statuses)
            .map(|(id, s)| json!({"id": id, "processing_status": s}))
            .collect();
        json!({"items": items})
    };
    let answer = with(response(), |r| {
        r["iteration"] = json!(2);
        r["applied_feedback_ack"] = acks(&["acknowledged", "unknown_id", "unknown_id"]);
    });
    assert_verdict(
        validate(
            "response",
            &answer,
            &["--request", &req, "--previous", &previous],
        ),
        "valid",
        &[],
        "a faithful answer",
    );
    assert_verdict(
        validate("response", &answer, &["--request", &first]),
        "invalid",
        &[
            "ITERATION_MISMATCH error /iteration",
            "FORBIDDEN_FIELD error /applied_feedback_ack",
        ],
        "answering the wrong iteration, acknowledging what was never decided",
    );
    assert_verdict(
        validate(
            "response",
            &with(answer.clone(), |r| remove(r, "/applied_feedback_ack")),
            &["--request", &req],
        ),
        "invalid",
        &["MISSING_FIELD error /applied_feedback_ack"],
        "no acknowledgement",
    );
    let failed = json!({
        "protocol_version": "1.2", "iteration": 2, "status": "error",
        "error": {"code": "INTERNAL_ERROR", "message": "down"}
    });
    assert_verdict(
        validate("response", &failed, &["--request", &req]),
        "invalid",
        &["MISSING_FIELD error /applied_feedback_ack"],
        "an error response must acknowledge the decisions too",
    );
    let short = with(answer.clone(), |r| {
        r["applied_feedback_ack"]["items"]
            .as_array_mut()
            .unwrap()
            .pop();
        r["applied_feedback_ack"]["items"]
            .as_array_mut()
            .unwrap()
            .push(json!({"id": "someone-else-09", "processing_status": "unknown_id"}));
    });
    assert_verdict(
        validate("response", &short, &["--request", &req]),
        "invalid",
        &[
            "ACK_MISMATCH error /applied_feedback_ack/items/2/id",
            "ACK_MISMATCH error /applied_feedback_ack/items",
        ],
        "one decision unacknowledged, one stranger acknowledged",
    );
    // Several unacknowledged decisions share a pointer: one finding names them all.
    let none_acked = with(answer.clone(), |r| {
        r["applied_feedback_ack"]["items"] = json!([]);
    });
    let (exit, answer_none) = validate("response", &none_acked, &["--request", &req]);
    assert_eq!(exit, 1);
    let unacked: Vec<&Value> = answer_none["data"]["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["code"] == "ACK_MISMATCH")
        .collect();
    assert_eq!(unacked.len(), 1, "{answer_none}");
    for id in [
        "scope-definition-lacks-detail-01",
        "accessibility-concerns-02",
        "performance-impact-03",
    ] {
        assert!(
            unacked[0]["message"].as_str().unwrap().contains(id),
            "{id} not named: {answer_none}"
        );
    }
    let wrong_marks = with(answer.clone(), |r| {
        r["applied_feedback_ack"] = acks(&["unknown_id", "acknowledged", "unknown_id"]);
    });
    assert_verdict(
        validate("response", &wrong_marks, &["--previous", &previous]),
        "invalid",
        &[
            "ACK_STATUS_MISMATCH error /applied_feedback_ack/items/0/processing_status",
            "ACK_STATUS_MISMATCH error /applied_feedback_ack/items/1/processing_status",
        ],
        "known ids must be acknowledged, unknown ones unknown_id",
    );
    // A request's applied ids are checked against the previous response: warnings.
    assert_verdict(
        validate("request", &follow_up, &["--previous", &previous]),
        "valid-with-warnings",
        &[
            "UNKNOWN_APPLIED_ID warning /applied_feedback/items/1/id",
            "UNKNOWN_APPLIED_ID warning /applied_feedback/items/2/id",
        ],
        "5.3 after 5.2",
    );
    // --request belongs to responses only: a usage error for requests.
    let output = run(
        &["feedback", "validate", "request", "--request", &req],
        b"{}",
    );
    assert_eq!(code(&output), 64);
}

#[test]
fn validate_exit_codes_not_json_unreadable_not_an_object() {
    let output = run(
        &["feedback", "validate", "request"],
        b"{\"protocol_version\": ",
    );
    assert_eq!(code(&output), 65);
    let answer = envelope(&output);
    assert_eq!(answer["ok"], false);
    assert_eq!(answer["error"]["code"], "NOT_JSON");

    let output = run(
        &[
            "feedback",
            "validate",
            "response",
            "/nonexistent/response.json",
        ],
        b"",
    );
    assert_eq!(code(&output), 66);
    assert_eq!(envelope(&output)["error"]["code"], "UNREADABLE_INPUT");

    for payload in ["[1, 2]", "\"text\"", "null", "3"] {
        for kind in ["request", "response"] {
            let output = run(&["feedback", "validate", kind, "-"], payload.as_bytes());
            let answer = envelope(&output);
            assert_verdict(
                (code(&output), answer.clone()),
                "invalid",
                &["NOT_AN_OBJECT error "],
                payload,
            );
            // Said once: a value that is not an object has no fields to be missing or forbidden.
            assert_eq!(
                findings(&answer),
                ["NOT_AN_OBJECT error "],
                "{kind} {payload}"
            );
        }
    }

    // The human form: the verdict first, then one line per finding.
    let mut child = parley_std()
        .args(["feedback", "validate", "request"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(&std::fs::read(fixture("spec-5.1-first-request.json")).unwrap())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert_eq!(code(&output), 1);
    let text = stdout(&output);
    assert!(
        text.starts_with("stdin: invalid (1 error, 0 warnings)\n"),
        "{text}"
    );
    assert!(text.contains("/protocol_version"), "{text}");
}

/// A wrapper message line.
fn message(kind: &str, part: Value) -> String {
    json!({"type": kind, "timestamp": 1761021546015u64, "sessionID": "ses_x", "part": part})
        .to_string()
}

fn text(body: &str) -> String {
    message("text", json!({"type": "text", "text": body}))
}

fn start() -> String {
    message("step_start", json!({"type": "step-start"}))
}

fn finish() -> String {
    message("step_finish", json!({"type": "step-finish", "cost": 0}))
}

fn extract(stream: &str) -> Output {
    run(&["feedback", "extract"], stream.as_bytes())
}

#[test]
fn extract_reads_the_stream_as_the_spec_frames_it() {
    let body = response().to_string();
    let (head, tail) = body.split_at(body.len() / 2);

    let cases: Vec<(&str, String, Vec<&str>)> = vec![
        (
            "text split over several messages, in stream order",
            [
                start(),
                text(head),
                message("tool_use", json!({"tool": "read"})),
                text(tail),
                finish(),
            ]
            .join("\n"),
            vec![],
        ),
        (
            "unknown types and blank lines ignored",
            [
                start(),
                String::new(),
                message("reasoning", json!({"text": "hmm"})),
                "   ".into(),
                text(&body),
                finish(),
            ]
            .join("\n"),
            vec![],
        ),
        (
            "CRLF line endings",
            [start(), text(&body), finish()].join("\r\n") + "\r\n",
            vec![],
        ),
        (
            "junk after step_finish is never read",
            [
                start(),
                text(&body),
                finish(),
                "this is not JSON".into(),
                "{\"type\":".into(),
            ]
            .join("\n"),
            vec![],
        ),
        (
            "no step_finish: the stream closing ends it, with a warning",
            [start(), text(&body)].join("\n"),
            vec!["NO_STEP_FINISH warning "],
        ),
        (
            "a fenced text is accepted with a warning",
            [start(), text(&format!("```json\n{body}\n```")), finish()].join("\n"),
            vec!["FENCED_TEXT warning "],
        ),
        (
            "a bare fence on one line is accepted with a warning",
            [start(), text(&format!("```{body}```")), finish()].join("\n"),
            vec!["FENCED_TEXT warning "],
        ),
        (
            "a fenced text split over several messages",
            [
                start(),
                text(&format!("```json {head}")),
                text(&format!("{tail}\n```\n")),
                finish(),
            ]
            .join("\n"),
            vec!["FENCED_TEXT warning "],
        ),
    ];
    for (case, stream, warnings) in cases {
        let output = extract(&stream);
        assert_eq!(code(&output), 0, "{case}: {}", stdout(&output));
        let answer = envelope(&output);
        assert_eq!(answer["data"]["response"], response(), "{case}");
        assert_eq!(answer["data"]["session_id"], "ses_x", "{case}");
        assert_eq!(findings(&answer), warnings, "{case}");
    }

    // A fenced response whose own text mentions a fence is still one block.
    let mentions_fence = with(response(), |r| {
        r["feedback"]["general_summary"] = json!("Wrap the example in ```json fences.");
    });
    let fenced = format!("```json\n{mentions_fence}\n```");
    let output = extract(&[start(), text(&fenced), finish()].join("\n"));
    assert_eq!(code(&output), 0, "{}", stdout(&output));
    let answer = envelope(&output);
    assert_eq!(answer["data"]["response"], mentions_fence);
    assert_eq!(findings(&answer), ["FENCED_TEXT warning "]);
}

#[test]
fn extract_refuses_broken_streams_naming_the_line() {
    let body = response().to_string();
    let cases: Vec<(&str, String, &str, &str)> = vec![
        (
            "a line that is not JSON",
            [start(), "\r".into(), "{oops".into(), text(&body), finish()].join("\n"),
            "NOT_JSON",
            "line 3",
        ),
        (
            "a message without a sessionID",
            [
                start(),
                json!({"type": "text", "timestamp": 1, "part": {"text": body}}).to_string(),
            ]
            .join("\n"),
            "INVALID_WRAPPER",
            "line 2",
        ),
        (
            "a message without a timestamp",
            json!({"type": "step_start", "sessionID": "s", "part": {}}).to_string(),
            "INVALID_WRAPPER",
            "line 1",
        ),
        (
            "an unknown type still needs the wrapper fields",
            [start(), json!({"type": "ping"}).to_string(), text(&body)].join("\n"),
            "INVALID_WRAPPER",
            "line 2",
        ),
        (
            "a message without a type",
            json!({"timestamp": 1, "sessionID": "s", "part": {}}).to_string(),
            "INVALID_WRAPPER",
            "line 1",
        ),
        (
            "a message without a part",
            json!({"type": "text", "timestamp": 1, "sessionID": "s"}).to_string(),
            "INVALID_WRAPPER",
            "line 1",
        ),
        (
            "no text message",
            [start(), finish()].join("\n"),
            "NO_TEXT_MESSAGE",
            "",
        ),
        ("an empty stream", String::new(), "NO_TEXT_MESSAGE", ""),
        (
            "a text after step_finish does not count",
            [start(), finish(), text(&body)].join("\n"),
            "NO_TEXT_MESSAGE",
            "",
        ),
        (
            "a text that is not JSON",
            [start(), text("Looks good to me!"), finish()].join("\n"),
            "NOT_JSON",
            "",
        ),
        (
            "two fenced blocks are not one response",
            [
                start(),
                text(&format!("```json\n{body}\n```\n```json\n{body}\n```")),
                finish(),
            ]
            .join("\n"),
            "NOT_JSON",
            "",
        ),
        (
            "a fence of another language is not unwrapped",
            [start(), text(&format!("```yaml\n{body}\n```")), finish()].join("\n"),
            "NOT_JSON",
            "",
        ),
    ];
    for (case, stream, error, place) in cases {
        let output = extract(&stream);
        assert_eq!(code(&output), 65, "{case}: {}", stdout(&output));
        let answer = envelope(&output);
        assert_eq!(answer["error"]["code"], error, "{case}");
        let message = answer["error"]["message"].as_str().unwrap();
        assert!(message.contains(place), "{case}: {message}");
    }

    // A stream that carries an invalid response: extracted, then judged invalid (exit 1).
    let wrong = with(response(), |r| remove(r, "/protocol_version")).to_string();
    let output = extract(&[start(), text(&wrong), finish()].join("\n"));
    assert_eq!(code(&output), 1);
    let answer = envelope(&output);
    assert_eq!(answer["ok"], true);
    assert_eq!(answer["data"]["verdict"], "invalid");
    assert_eq!(
        findings(&answer),
        vec!["MISSING_FIELD error /protocol_version"]
    );
}

/// A conversation workspace: an artifact, shell-script providers, and `ask` runs.
struct Talk {
    tmp: TempDir,
    dir: PathBuf,
    artifact: PathBuf,
}

impl Talk {
    fn new() -> Talk {
        let tmp = TempDir::new().unwrap();
        let artifact = tmp.path().join("plan.md");
        std::fs::write(&artifact, "# Plan\n\nAdd a dark mode.\n").unwrap();
        Talk {
            dir: tmp.path().join("conversation"),
            artifact,
            tmp,
        }
    }

    /// A provider script `name` with `body` (a `/bin/sh` script; `$PARLEY` is the binary).
    fn script(&self, name: &str, body: &str) -> String {
        let path = self.tmp.path().join(name);
        std::fs::write(
            &path,
            format!("#!/bin/sh\nPARLEY='{}'\n{body}\n", bin().display()),
        )
        .unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
        path.to_string_lossy().into_owned()
    }

    /// A provider that logs its arguments to `args.log`, then runs the mock provider with them.
    fn logging_mock(&self) -> String {
        let log = self.tmp.path().join("args.log");
        self.script(
            "mock.sh",
            &format!(
                "echo \"$*\" >> '{}'\nexec \"$PARLEY\" feedback mock-provider \"$@\"",
                log.display()
            ),
        )
    }

    fn ask(&self, extra: &[&str], provider: &[&str]) -> Output {
        let dir = self.dir.to_string_lossy();
        let artifact = self.artifact.to_string_lossy();
        let mut args = vec!["feedback", "ask", &dir, "--artifact", &artifact];
        args.extend(extra);
        args.push("--");
        args.extend(provider);
        run(&args, b"")
    }

    fn ok(&self, extra: &[&str], provider: &[&str]) -> Value {
        let output = self.ask(extra, provider);
        assert_eq!(code(&output), 0, "{}{}", stdout(&output), stderr(&output));
        envelope(&output)
    }

    fn raised(answer: &Value) -> Vec<String> {
        answer["data"]["response"]["feedback"]["areas_for_improvement"]
            .as_array()
            .unwrap()
            .iter()
            .map(|item| item["id"].as_str().unwrap().to_owned())
            .collect()
    }

    fn file(&self, rel: &str) -> String {
        std::fs::read_to_string(self.dir.join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
    }

    fn json_file(&self, rel: &str) -> Value {
        serde_json::from_str(&self.file(rel)).unwrap()
    }

    fn stored_iterations(&self) -> usize {
        std::fs::read_dir(self.dir.join("iterations"))
            .map(|entries| {
                entries
                    .filter(|e| {
                        e.as_ref()
                            .unwrap()
                            .file_name()
                            .to_string_lossy()
                            .ends_with("-response.json")
                    })
                    .count()
            })
            .unwrap_or(0)
    }
}

#[test]
fn ask_against_the_mock_provider_end_to_end_then_log() {
    let talk = Talk::new();
    let mock = talk.logging_mock();
    let provider = [mock.as_str(), "--seed", "7", "--session", "{sessionID}"];

    let first = talk.ok(&["--artifact-ref", "v1"], &provider);
    assert_eq!(first["data"]["iteration"], 1);
    let ids = Talk::raised(&first);
    assert!(ids.len() >= 2, "{ids:?}");
    let session = first["data"]["session_id"].as_str().unwrap().to_owned();
    assert_eq!(talk.file("session-id").trim(), session);
    let sent = talk.json_file("iterations/0001-request.json");
    assert_eq!(sent["iteration"], 1);
    assert_eq!(sent["artifact"]["media_type"], "text/markdown");
    assert_eq!(sent["artifact"]["artifact_ref"], "v1");
    assert_eq!(sent["artifact"]["content"], "# Plan\n\nAdd a dark mode.\n");
    assert!(sent.get("applied_feedback").is_none());
    assert!(
        talk.file("iterations/0001-stream.ndjson")
            .contains("\"step_finish\"")
    );
    assert_eq!(
        talk.json_file("iterations/0001-response.json"),
        first["data"]["response"]
    );

    // Iteration 2 applies a decision on every item; the explanation keeps its colons and an
    // empty reason code is left out.
    let accepted = format!("{}=accepted", ids[0]);
    let rejected = format!("{}=rejected:out_of_scope:later: maybe", ids[1]);
    let partial: Vec<String> = ids[2..]
        .iter()
        .map(|id| format!("{id}=partial::half"))
        .collect();
    let mut flags = vec![
        "--apply",
        &accepted,
        "--apply",
        &rejected,
        "--media-type",
        "text/plain",
    ];
    for decision in &partial {
        flags.extend(["--apply", decision]);
    }
    let second = talk.ok(&flags, &provider);
    assert_eq!(second["data"]["iteration"], 2);
    let sent = talk.json_file("iterations/0002-request.json");
    assert_eq!(sent["artifact"]["media_type"], "text/plain");
    let items = sent["applied_feedback"]["items"].as_array().unwrap();
    assert_eq!(items[0], json!({"id": ids[0], "status": "accepted"}));
    assert_eq!(
        items[1],
        json!({"id": ids[1], "status": "rejected", "reason_code": "out_of_scope", "explanation": "later: maybe"})
    );
    let acks = &second["data"]["response"]["applied_feedback_ack"]["items"];
    assert_eq!(acks.as_array().unwrap().len(), ids.len());
    assert!(
        acks.as_array()
            .unwrap()
            .iter()
            .all(|a| a["processing_status"] == "acknowledged")
    );

    let third = talk.ok(&[], &provider);
    assert_eq!(third["data"]["iteration"], 3);

    // The first run had no session, so the `--session {sessionID}` pair was left out; later
    // runs got the stored id.
    let calls = std::fs::read_to_string(talk.tmp.path().join("args.log")).unwrap();
    let calls: Vec<&str> = calls.lines().collect();
    assert_eq!(
        calls,
        vec![
            "--seed 7".to_owned(),
            format!("--seed 7 --session {session}"),
            format!("--seed 7 --session {session}"),
        ]
    );

    let output = run(&["feedback", "log", talk.dir.to_str().unwrap()], b"");
    assert_eq!(code(&output), 0);
    let log = envelope(&output);
    let iterations = log["data"]["iterations"].as_array().unwrap();
    assert_eq!(
        iterations
            .iter()
            .map(|i| i["iteration"].as_u64().unwrap())
            .collect::<Vec<_>>(),
        vec![1, 2, 3]
    );
    let item = |id: &str| {
        log["data"]["items"]
            .as_array()
            .unwrap()
            .iter()
            .find(|i| i["id"] == id)
            .unwrap_or_else(|| panic!("no item {id} in {log}"))
            .clone()
    };
    assert_eq!(item(&ids[0])["raised_in"], 1);
    assert_eq!(item(&ids[0])["status"], "accepted");
    assert_eq!(item(&ids[1])["status"], "rejected");
    assert_eq!(item(&ids[1])["reason_code"], "out_of_scope");
    assert_eq!(item(&ids[1])["explanation"], "later: maybe");
    let never = &Talk::raised(&second)[0];
    assert_eq!(item(never)["raised_in"], 2);
    assert_eq!(item(never)["status"], Value::Null);

    // The human form lists each improvement with its id.
    let output = parley()
        .args(["feedback", "log"])
        .arg(&talk.dir)
        .output()
        .unwrap();
    assert!(stdout(&output).contains(&format!(
        "{}  raised in 1  rejected in 2 (out_of_scope)",
        ids[1]
    )));
}

#[test]
fn ask_refuses_bad_decisions_before_anything_is_sent() {
    let talk = Talk::new();
    let marker = talk.tmp.path().join("provider-ran");
    let provider = talk.script(
        "touching.sh",
        &format!(
            "touch '{}'\nexec \"$PARLEY\" feedback mock-provider",
            marker.display()
        ),
    );
    // No previous response yet: every id is unknown, and the directory is not even created.
    let output = talk.ask(&["--apply", "scope-0-01=accepted"], &[&provider]);
    assert_eq!(code(&output), 65);
    assert_eq!(envelope(&output)["error"]["code"], "UNKNOWN_FEEDBACK_ID");
    assert!(!talk.dir.exists());
    assert!(!marker.exists());
    // A provider that cannot start: nothing ran, and nothing is left either.
    let output = talk.ask(&[], &["/nonexistent/provider"]);
    assert_eq!(envelope(&output)["error"]["code"], "PROVIDER_NOT_STARTED");
    assert!(
        !talk.dir.exists(),
        "an empty conversation directory was left"
    );

    let first = talk.ok(&[], &[&provider]);
    std::fs::remove_file(&marker).unwrap();
    let id = &Talk::raised(&first)[0];
    let before = snapshot(&talk.dir);
    for (decision, error) in [
        ("not-raised-01=accepted".to_owned(), "UNKNOWN_FEEDBACK_ID"),
        (format!("{id}=done"), "INVALID_APPLY"),
        (id.to_string(), "INVALID_APPLY"),
        ("=accepted".to_owned(), "INVALID_APPLY"),
    ] {
        let output = talk.ask(&["--apply", &decision], &[&provider]);
        assert_eq!(code(&output), 65, "{decision}");
        assert_eq!(envelope(&output)["error"]["code"], error, "{decision}");
    }
    let twice = format!("{id}=accepted");
    let output = talk.ask(&["--apply", &twice, "--apply", &twice], &[&provider]);
    assert_eq!(code(&output), 65);
    let output = talk.ask(&["--media-type", "markdown"], &[&provider]);
    assert_eq!(envelope(&output)["error"]["code"], "INVALID_MEDIA_TYPE");
    assert!(!marker.exists(), "the provider ran");
    assert_eq!(snapshot(&talk.dir), before);

    let output = talk.ask(&[], &["/nonexistent/provider"]);
    assert_eq!(code(&output), 66);
}

/// Asserts that an ask failed without consuming the iteration and kept the raw stream.
fn assert_not_consumed(talk: &Talk, output: &Output, exit: i32, error: &str, kept_text: &str) {
    assert_eq!(code(output), exit, "{}{}", stdout(output), stderr(output));
    let answer = envelope(output);
    assert_eq!(answer["error"]["code"], error, "{answer}");
    let message = answer["error"]["message"].as_str().unwrap();
    assert!(message.contains("not consumed"), "{message}");
    let kept: Vec<PathBuf> = std::fs::read_dir(talk.dir.join("failed"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with("-stream.ndjson"))
        .collect();
    assert!(
        kept.iter()
            .any(|p| std::fs::read_to_string(p).unwrap().contains(kept_text)),
        "no kept stream with {kept_text:?} in {kept:?}"
    );
}

#[test]
fn ask_keeps_the_stream_of_a_failing_or_wrong_provider_and_does_not_consume_the_iteration() {
    let talk = Talk::new();
    talk.ok(
        &[],
        &[&bin().to_string_lossy(), "feedback", "mock-provider"],
    );

    let failing = talk.script(
        "failing.sh",
        "echo 'half a stream'\necho 'model crashed' >&2\nexit 3",
    );
    let output = talk.ask(&[], &[&failing]);
    assert_not_consumed(&talk, &output, 1, "PROVIDER_FAILED", "half a stream");
    assert!(
        envelope(&output)["error"]["message"]
            .as_str()
            .unwrap()
            .contains("model crashed")
    );

    // Answers as if this were iteration 1 again.
    let wrong = talk.script(
        "wrong.sh",
        "cat > /dev/null\necho '{\"protocol_version\":\"1.2\",\"iteration\":1,\"artifact\":{\"media_type\":\"text/plain\",\"content\":\"x\"}}' | \"$PARLEY\" feedback mock-provider",
    );
    let output = talk.ask(&[], &[&wrong]);
    assert_not_consumed(&talk, &output, 1, "INVALID_ANSWER", "\\\"iteration\\\":1");
    assert!(
        findings(&envelope(&output)).contains(&"ITERATION_MISMATCH error /iteration".to_owned())
    );

    let chatty = talk.script(
        "chatty.sh",
        "cat > /dev/null\necho 'I think it looks fine.'",
    );
    let output = talk.ask(&[], &[&chatty]);
    assert_not_consumed(&talk, &output, 1, "INVALID_ANSWER", "looks fine");

    let refusing = talk.script(
        "refusing.sh",
        "cat > /dev/null\ntext='{\\\"protocol_version\\\":\\\"1.2\\\",\\\"iteration\\\":2,\\\"status\\\":\\\"error\\\",\\\"error\\\":{\\\"code\\\":\\\"INTERNAL_ERROR\\\",\\\"message\\\":\\\"down\\\"}}'\necho \"{\\\"type\\\":\\\"text\\\",\\\"timestamp\\\":1,\\\"sessionID\\\":\\\"ses_mock_0\\\",\\\"part\\\":{\\\"text\\\":\\\"$text\\\"}}\"",
    );
    let output = talk.ask(&[], &[&refusing]);
    assert_not_consumed(&talk, &output, 1, "PROVIDER_ERROR", "INTERNAL_ERROR");

    assert_eq!(talk.stored_iterations(), 1);
    let next = talk.ok(
        &[],
        &[&bin().to_string_lossy(), "feedback", "mock-provider"],
    );
    assert_eq!(next["data"]["iteration"], 2);
}

/// Whether a process is gone: no such process, or a zombie waiting for its reaper.
fn gone(pid: &str) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Err(_) => true,
        Ok(stat) => stat
            .rsplit_once(") ")
            .is_some_and(|(_, rest)| rest.starts_with('Z') || rest.starts_with('X')),
    }
}

/// A provider that starts a stream, then records `$$ $!` (itself and a background child) in
/// `pids`, and hangs.
/// `exec` at the end: the recorded `$$` is the process that hangs, so every process of the
/// provider is in `pids`.
fn hanging_provider(talk: &Talk, pids: &Path) -> String {
    talk.script(
        "hanging.sh",
        &format!(
            "sleep 300 &\necho '{{\"type\":\"step_start\",\"timestamp\":1,\"sessionID\":\"s\",\"part\":{{}}}}'\necho \"$$ $!\" > '{0}.tmp'\nmv '{0}.tmp' '{0}'\nexec sleep 300",
            pids.display()
        ),
    )
}

/// Waits (bounded) until every process named in `pids` is gone, and asserts it.
fn assert_group_gone(pids: &Path) {
    let pids = std::fs::read_to_string(pids).unwrap();
    // The kill is done by the time ask exits; only the reaping of orphans may lag behind.
    let deadline = Instant::now() + Duration::from_secs(10);
    for pid in pids.split_whitespace() {
        while !gone(pid) && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(20));
        }
        assert!(gone(pid), "process {pid} of the provider's group survived");
    }
}

#[test]
fn a_hanging_provider_times_out_and_its_whole_process_group_is_killed() {
    let talk = Talk::new();
    let pids = talk.tmp.path().join("pids");
    let hanging = hanging_provider(&talk, &pids);
    let output = talk.ask(&["--timeout", "1"], &[&hanging]);
    assert_not_consumed(&talk, &output, 124, "PROVIDER_TIMEOUT", "step_start");
    assert_eq!(talk.stored_iterations(), 0);
    assert_group_gone(&pids);
}

#[test]
fn step_finish_ends_the_stream_of_a_provider_that_does_not_exit() {
    let talk = Talk::new();
    let pids = talk.tmp.path().join("pids");
    // A complete stream, then the provider (and a child of it) lingers: the stream is judged
    // and the group killed, long before the timeout.
    let lingering = talk.script(
        "lingering.sh",
        &format!(
            "sleep 300 &\n\"$PARLEY\" feedback mock-provider\necho \"$$ $!\" > '{0}.tmp'\nmv '{0}.tmp' '{0}'\nexec sleep 300",
            pids.display()
        ),
    );
    let began = Instant::now();
    let answer = talk.ok(&["--timeout", "60"], &[&lingering]);
    assert!(
        began.elapsed() < Duration::from_secs(30),
        "{:?}",
        began.elapsed()
    );
    assert_eq!(answer["data"]["iteration"], 1);
    assert_eq!(talk.stored_iterations(), 1);
    assert_group_gone(&pids);

    // A provider that wrote step_finish and then exits non-zero still failed.
    let failing = talk.script(
        "failing-after-finish.sh",
        "\"$PARLEY\" feedback mock-provider\nexit 4",
    );
    let output = talk.ask(&[], &[&failing]);
    assert_not_consumed(&talk, &output, 1, "PROVIDER_FAILED", "step_finish");
    assert_eq!(talk.stored_iterations(), 1);

    // A timeout beyond any clock's range is only a long wait.
    let answer = talk.ok(
        &["--timeout", "1e18"],
        &[&bin().to_string_lossy(), "feedback", "mock-provider"],
    );
    assert_eq!(answer["data"]["iteration"], 2);
}

#[test]
fn ctrl_c_during_ask_kills_the_provider_group_and_keeps_the_stream() {
    let talk = Talk::new();
    let pids = talk.tmp.path().join("pids");
    let provider = hanging_provider(&talk, &pids);
    let child = parley_std()
        .args(["--json", "feedback", "ask"])
        .arg(&talk.dir)
        .arg("--artifact")
        .arg(&talk.artifact)
        .args(["--", &provider])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(10);
    while !pids.exists() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(pids.exists(), "the provider never started");
    // SAFETY: signals the child we spawned and still own.
    unsafe { libc::kill(child.id() as i32, libc::SIGINT) };
    let output = child.wait_with_output().unwrap();
    assert_not_consumed(&talk, &output, 130, "INTERRUPTED", "step_start");
    assert_group_gone(&pids);
}

#[test]
fn two_asks_racing_for_one_iteration_store_it_once() {
    let talk = Talk::new();
    // Each provider waits until both have started, so both answers arrive together.
    let gate = talk.tmp.path().join("gate");
    std::fs::create_dir(&gate).unwrap();
    let provider = talk.script(
        "gated.sh",
        &format!(
            "touch '{gate}/'$$\nn=0\nwhile [ $(ls '{gate}' | wc -l) -lt 2 ] && [ $n -lt 500 ]; do sleep 0.02; n=$((n+1)); done\nexec \"$PARLEY\" feedback mock-provider",
            gate = gate.display()
        ),
    );
    std::fs::create_dir(&talk.dir).unwrap();
    let dir = talk.dir.to_string_lossy().into_owned();
    let artifact = talk.artifact.to_string_lossy().into_owned();
    let racers: Vec<_> = (0..2)
        .map(|_| {
            parley_std()
                .args([
                    "feedback",
                    "ask",
                    &dir,
                    "--artifact",
                    &artifact,
                    "--json",
                    "--",
                    &provider,
                ])
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    let mut exits: Vec<i32> = racers
        .into_iter()
        .map(|r| code(&r.wait_with_output().unwrap()))
        .collect();
    exits.sort_unstable();
    assert_eq!(exits, vec![0, 3], "exactly one ask stores iteration 1");
    assert_eq!(talk.stored_iterations(), 1);
    assert_eq!(
        std::fs::read_dir(talk.dir.join("failed")).unwrap().count(),
        3
    );
}

#[test]
fn the_mock_provider_answers_validly_and_deterministically() {
    let request = request().to_string();
    let stream = |seed: &str| {
        let output = parley_std()
            .args(["feedback", "mock-provider", "--seed", seed])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .and_then(|mut child| {
                child.stdin.take().unwrap().write_all(request.as_bytes())?;
                child.wait_with_output()
            })
            .unwrap();
        assert_eq!(code(&output), 0);
        output.stdout
    };
    // The feedback is a function of the seed and the request (the timestamps are the clock's).
    let feedback = |seed: &str| {
        let output = run(
            &["feedback", "mock-provider", "--seed", seed],
            request.as_bytes(),
        );
        envelope(&output)["data"]["response"].clone()
    };
    assert_eq!(feedback("3"), feedback("3"));
    assert_ne!(feedback("3"), feedback("4"));
    let first = stream("3");
    let req = TempDir::new().unwrap();
    let req_path = req.path().join("request.json");
    std::fs::write(&req_path, &request).unwrap();
    let output = run(
        &[
            "feedback",
            "extract",
            "--request",
            req_path.to_str().unwrap(),
        ],
        &first,
    );
    assert_eq!(code(&output), 0, "{}", stdout(&output));
    let answer = envelope(&output);
    assert_eq!(answer["data"]["verdict"], "valid");
    assert!(Talk::raised(&answer).len() >= 2);

    let output = run(&["feedback", "mock-provider"], b"not a request");
    assert_eq!(code(&output), 65);
}

#[test]
fn the_feedback_demo_scene_plays_three_iterations() {
    let tmp = TempDir::new().unwrap();
    let output = parley()
        .args(["demo", "--scene", "feedback"])
        .arg(tmp.path())
        .output()
        .unwrap();
    assert_eq!(code(&output), 0, "{}{}", stdout(&output), stderr(&output));
    let conversation = tmp.path().join("feedback/conversation/iterations");
    assert!(conversation.join("0003-response.json").exists());
    assert!(!conversation.join("0004-response.json").exists());
}

#[test]
fn log_names_a_missing_or_broken_conversation() {
    let talk = Talk::new();
    let dir = talk.dir.to_string_lossy().into_owned();
    let output = run(&["feedback", "log", &dir], b"");
    assert_eq!(code(&output), 66);
    assert_eq!(envelope(&output)["error"]["code"], "NO_CONVERSATION");

    std::fs::create_dir(&talk.dir).unwrap();
    let output = run(&["feedback", "log", &dir], b"");
    assert_eq!(code(&output), 0);
    assert_eq!(envelope(&output)["data"]["iterations"], json!([]));

    talk.ok(
        &[],
        &[&bin().to_string_lossy(), "feedback", "mock-provider"],
    );
    std::fs::write(
        talk.dir.join("iterations/0001-response.json"),
        "{\"status\": ",
    )
    .unwrap();
    let output = run(&["feedback", "log", &dir], b"");
    assert_eq!(code(&output), 65);
    let answer = envelope(&output);
    assert_eq!(answer["error"]["code"], "MALFORMED_STATE");
    assert!(
        answer["error"]["message"]
            .as_str()
            .unwrap()
            .contains("0001-response.json")
    );
    // ask refuses to build on a broken conversation too, before running anything.
    let output = talk.ask(&[], &["/nonexistent/provider"]);
    assert_eq!(code(&output), 65);
}

#[test]
fn an_ask_killed_mid_round_leaves_the_iteration_free() {
    let talk = Talk::new();
    let pids = talk.tmp.path().join("pids");
    let provider = hanging_provider(&talk, &pids);
    let mut child = parley_std()
        .args(["feedback", "ask"])
        .arg(&talk.dir)
        .arg("--artifact")
        .arg(&talk.artifact)
        .args(["--", &provider])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(10);
    while !pids.exists() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(pids.exists(), "the provider never started");
    child.kill().unwrap();
    child.wait().unwrap();
    // The orphaned provider is beyond ask's reach once ask is killed -9; clean it up here.
    for pid in std::fs::read_to_string(&pids).unwrap().split_whitespace() {
        // SAFETY: signals the test's own provider processes.
        unsafe { libc::kill(pid.parse().unwrap(), libc::SIGKILL) };
    }
    assert_eq!(talk.stored_iterations(), 0);
    let first = talk.ok(
        &[],
        &[&bin().to_string_lossy(), "feedback", "mock-provider"],
    );
    assert_eq!(first["data"]["iteration"], 1);
}
