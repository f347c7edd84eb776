//! `parley feedback mock-provider`: a Provider stand-in. It reads a request on stdin and writes
//! the stream a tool would (`step_start`, `text`, `step_finish`) with deterministic feedback:
//! the same seed and request always give the same answer, so a Requester can be tried without
//! a model.
//!
//! Having no memory, it knows the ids it raised before by recomputing them: the ids of
//! iteration N depend only on the seed and N, so a decision on an id of iteration N-1 is
//! `acknowledged` and any other `unknown_id`.

use serde::Serialize;
use serde_json::{Value, json};

use super::input::Source;
use super::rules;
use crate::context::Ctx;
use crate::error::{Error, Result};
use crate::findings::Severity;
use crate::output::{Human, Reply};

/// The aspects the mock comments on: (slug, aspect, description, recommendation).
const CONCERNS: &[(&str, &str, &str, &str)] = &[
    (
        "scope",
        "Scope",
        "The artifact does not say what is out of scope.",
        "Add a short list of what this change deliberately leaves out.",
    ),
    (
        "examples",
        "Examples",
        "The central idea is described but never shown.",
        "Add one worked example from input to result.",
    ),
    (
        "failure-modes",
        "Failure modes",
        "What happens when a step fails is not described.",
        "Describe the behaviour on each failure and how a user recovers.",
    ),
    (
        "terminology",
        "Terminology",
        "Two names are used for the same concept.",
        "Pick one name, define it once, and use it throughout.",
    ),
    (
        "acceptance",
        "Acceptance criteria",
        "There is no way to tell when the work is done.",
        "List observable criteria a reviewer can check.",
    ),
    (
        "ordering",
        "Ordering",
        "The sections are not in the order a reader needs them.",
        "Move the motivation before the details.",
    ),
];

const STRENGTHS: &[(&str, &str)] = &[
    (
        "Clarity",
        "The intent is stated plainly in the first lines.",
    ),
    ("Focus", "The artifact sticks to one problem."),
    ("Brevity", "Nothing in it could be removed without loss."),
];

const LEVELS: &[&str] = &["medium", "high", "low"];

/// The ids the mock raises in `iteration` with `seed`: two, and a third every third iteration.
pub fn ids_for(seed: u64, iteration: u64) -> Vec<String> {
    concerns_for(seed, iteration)
        .into_iter()
        .map(|(slug, ..)| format!("{slug}-{seed}-{iteration:02}"))
        .collect()
}

fn concerns_for(
    seed: u64,
    iteration: u64,
) -> Vec<(&'static str, &'static str, &'static str, &'static str)> {
    let count = if iteration.is_multiple_of(3) { 3 } else { 2 };
    let start = (seed.wrapping_add(iteration.wrapping_mul(2))) as usize;
    (0..count)
        .map(|k| CONCERNS[(start + k) % CONCERNS.len()])
        .collect()
}

pub struct MockArgs {
    pub seed: u64,
    /// The session to answer in (the tool's `--session`); a new one from the seed otherwise.
    pub session: Option<String>,
}

/// What the mock provider writes: the stream a tool would, with the response it carries.
#[derive(Debug, Serialize)]
pub struct MockStream {
    session_id: String,
    messages: [Value; 3],
    response: Value,
}

/// The stream itself is the human form: this is what a tool writes to its stdout.
impl Reply for MockStream {
    fn human(&self, out: &mut Human) {
        for message in &self.messages {
            out.line(message.to_string());
        }
    }
}

pub fn run(ctx: &Ctx, args: &MockArgs) -> Result<MockStream> {
    let request = super::input::read_json(&Source::Stdin)?;
    let iteration = request
        .get("iteration")
        .and_then(Value::as_u64)
        .filter(|n| *n >= 1)
        .ok_or_else(|| {
            Error::bad_input(
                "INVALID_REQUEST",
                "the request on stdin has no iteration to answer (an integer of at least 1)",
            )
        })?;
    let response = answer(args.seed, iteration, &request);
    let session = args
        .session
        .clone()
        .unwrap_or_else(|| format!("ses_mock_{}", args.seed));
    let millis = ctx.clock.now().timestamp_millis();
    let part = |id: u32, kind: &str| {
        json!({
            "id": format!("prt_{id:03}"),
            "sessionID": session,
            "messageID": format!("msg_{iteration:03}"),
            "type": kind,
        })
    };
    let mut text = part(2, "text");
    text["text"] = json!(response.to_string());
    let mut finish = part(3, "step-finish");
    finish["cost"] = json!(0);
    finish["tokens"] = json!({"input": 0, "output": 0});
    let messages = [
        json!({"type": "step_start", "timestamp": millis, "sessionID": session, "part": part(1, "step-start")}),
        json!({"type": "text", "timestamp": millis, "sessionID": session, "part": text}),
        json!({"type": "step_finish", "timestamp": millis, "sessionID": session, "part": finish}),
    ];
    Ok(MockStream {
        session_id: session,
        messages,
        response,
    })
}

/// The Response Object for `request`: an `INVALID_REQUEST` error when the request breaks the
/// protocol, deterministic feedback otherwise.
fn answer(seed: u64, iteration: u64, request: &Value) -> Value {
    let problems = rules::check_request(request, None);
    let mut response = match problems.iter().find(|f| f.severity == Severity::Error) {
        Some(problem) => json!({
            "protocol_version": "1.2",
            "iteration": iteration,
            "status": "error",
            "error": {
                "code": "INVALID_REQUEST",
                "message": format!("{}: {}", problem.pointer, problem.message),
            },
        }),
        None => feedback(seed, iteration, request),
    };
    // Every decision is acknowledged, whatever the status (the ack is CONDITIONAL on the
    // request alone).
    if let Some(items) = rules::applied_items(request) {
        let known = if iteration > 1 {
            ids_for(seed, iteration - 1)
        } else {
            Vec::new()
        };
        let acks: Vec<Value> = items
            .iter()
            .filter_map(|item| item["id"].as_str())
            .map(|id| {
                let status = if known.iter().any(|k| k == id) {
                    "acknowledged"
                } else {
                    "unknown_id"
                };
                json!({"id": id, "processing_status": status})
            })
            .collect();
        response["applied_feedback_ack"] = json!({ "items": acks });
    }
    response
}

/// The canned feedback for a valid request.
fn feedback(seed: u64, iteration: u64, request: &Value) -> Value {
    let improvements: Vec<Value> = concerns_for(seed, iteration)
        .into_iter()
        .zip(ids_for(seed, iteration))
        .map(|((_, aspect, description, recommendation), id)| {
            json!({
                "id": id,
                "aspect": aspect,
                "description": description,
                "recommendation": recommendation,
            })
        })
        .collect();
    let (aspect, justification) =
        STRENGTHS[(seed.wrapping_add(iteration) as usize) % STRENGTHS.len()];
    let level = LEVELS[(seed.wrapping_add(iteration) as usize) % LEVELS.len()];
    let content = &request["artifact"]["content"];
    let size = content
        .as_str()
        .map_or_else(|| content.to_string().len(), str::len);
    json!({
        "protocol_version": "1.2",
        "iteration": iteration,
        "status": "success",
        "feedback": {
            "confidence": {
                "level": level,
                "justification": "This is a mock provider: its feedback is canned, not a reading of the artifact.",
            },
            "positive_points": [{"aspect": aspect, "justification": justification}],
            "areas_for_improvement": improvements,
            "general_summary": format!(
                "Iteration {iteration}: a {size}-byte {} artifact, reviewed by the mock provider.",
                request["artifact"]["media_type"].as_str().unwrap_or("unknown")
            ),
        },
    })
}
