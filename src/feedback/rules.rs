//! The rules a schema cannot say, and the checks of a payload against another one: the whole
//! validation of a Request or Response Object is [`check_request`] / [`check_response`].

use std::collections::{HashMap, HashSet};

use serde_json::Value;

use super::schema;
use crate::findings::{Finding, Findings, child};

/// Every check of a Request Object; `previous` is the response it follows, when known.
pub fn check_request(request: &Value, previous: Option<&Value>) -> Vec<Finding> {
    let mut findings = Findings::default();
    findings.extend(schema::request(request));
    findings.extend(common(request, &["/artifact/content"]));
    if let Some(items) = applied_items(request) {
        findings.extend(duplicate_ids(items, "/applied_feedback/items"));
        for (index, item) in items.iter().enumerate() {
            let at = format!("/applied_feedback/items/{index}");
            let has = |field: &str| {
                item.get(field)
                    .and_then(Value::as_str)
                    .is_some_and(|s| !s.trim().is_empty())
            };
            match item.get("status").and_then(Value::as_str) {
                Some("rejected") if !has("reason_code") && !has("explanation") => {
                    findings.push(Finding::warning(
                        "REJECTED_WITHOUT_REASON",
                        at,
                        "a `rejected` decision should say why in `reason_code` or `explanation`",
                    ));
                }
                Some("partial") if !has("explanation") => findings.push(Finding::warning(
                    "PARTIAL_WITHOUT_EXPLANATION",
                    child(&at, "explanation"),
                    "a `partial` decision should say what was applied in `explanation`",
                )),
                _ => {}
            }
        }
    }
    let later_iteration = request
        .get("iteration")
        .and_then(Value::as_u64)
        .is_some_and(|n| n > 1);
    if later_iteration && request.get("applied_feedback").is_none() {
        findings.push(Finding::warning(
            "MISSING_APPLIED_FEEDBACK",
            "/applied_feedback",
            "after the first iteration a request should say what became of the feedback in `applied_feedback`",
        ));
    }
    if let (Some(previous), Some(items)) = (previous, applied_items(request)) {
        let raised = raised_ids(previous);
        for (index, item) in items.iter().enumerate() {
            if let Some(id) = item.get("id").and_then(Value::as_str)
                && !raised.contains(id)
            {
                findings.push(Finding::warning(
                    "UNKNOWN_APPLIED_ID",
                    format!("/applied_feedback/items/{index}/id"),
                    format!("`{id}` is not an id of the previous response's areas_for_improvement"),
                ));
            }
        }
    }
    findings.into_vec()
}

/// Every check of a Response Object; `request` is the request it answers and `previous` the
/// response before it, when known.
pub fn check_response(
    response: &Value,
    request: Option<&Value>,
    previous: Option<&Value>,
) -> Vec<Finding> {
    let mut findings = Findings::default();
    findings.extend(schema::response(response));
    findings.extend(common(response, &[]));
    if let Some(Value::Array(items)) = response.pointer("/feedback/areas_for_improvement") {
        findings.extend(duplicate_ids(items, "/feedback/areas_for_improvement"));
    }
    let acks = ack_items(response);
    if let Some(items) = acks {
        findings.extend(duplicate_ids(items, "/applied_feedback_ack/items"));
    }
    if let Some(request) = request {
        findings.extend(against_request(response, request));
    }
    if let (Some(previous), Some(items)) = (previous, acks) {
        let raised = raised_ids(previous);
        for (index, item) in items.iter().enumerate() {
            let (Some(id), Some(status)) = (
                item.get("id").and_then(Value::as_str),
                item.get("processing_status").and_then(Value::as_str),
            ) else {
                continue;
            };
            let expected = if raised.contains(id) {
                "acknowledged"
            } else {
                "unknown_id"
            };
            if status != expected {
                findings.push(Finding::error(
                    "ACK_STATUS_MISMATCH",
                    format!("/applied_feedback_ack/items/{index}/processing_status"),
                    format!(
                        "`{id}` is {} the previous response's ids, so it must be `{expected}`",
                        if expected == "unknown_id" {
                            "not among"
                        } else {
                            "among"
                        }
                    ),
                ));
            }
        }
    }
    findings.into_vec()
}

/// The response checked against its request: the iteration echoed, and one acknowledgement per
/// applied decision, with the same ids.
fn against_request(response: &Value, request: &Value) -> Vec<Finding> {
    let mut findings = Vec::new();
    if let (Some(asked), Some(answered)) = (request.get("iteration"), response.get("iteration"))
        && asked != answered
    {
        findings.push(Finding::error(
            "ITERATION_MISMATCH",
            "/iteration",
            format!("the request was iteration {asked}, the response says {answered}"),
        ));
    }
    match (applied_items(request), response.get("applied_feedback_ack")) {
        (Some(_), None) => findings.push(Finding::error(
            "MISSING_FIELD",
            "/applied_feedback_ack",
            "the request had `applied_feedback`, so the response must have `applied_feedback_ack`",
        )),
        (None, Some(_)) if request.get("applied_feedback").is_none() => {
            findings.push(Finding::error(
                "FORBIDDEN_FIELD",
                "/applied_feedback_ack",
                "the request had no `applied_feedback`, so the response must not acknowledge any",
            ))
        }
        (Some(decided), Some(_)) => {
            let acked = ack_items(response).map(Vec::as_slice).unwrap_or_default();
            let mut wanted: HashMap<&str, usize> = HashMap::new();
            for id in ids(decided) {
                *wanted.entry(id).or_default() += 1;
            }
            for (index, id) in ids_indexed(acked) {
                match wanted.get_mut(id) {
                    Some(count) if *count > 0 => *count -= 1,
                    _ => findings.push(Finding::error(
                        "ACK_MISMATCH",
                        format!("/applied_feedback_ack/items/{index}/id"),
                        format!("`{id}` acknowledges no decision of the request"),
                    )),
                }
            }
            // One finding for all of them: they share the pointer, and findings are said once
            // per (code, pointer).
            let mut missing: Vec<String> = wanted
                .iter()
                .filter(|(_, count)| **count > 0)
                .map(|(id, _)| format!("`{id}`"))
                .collect();
            missing.sort_unstable();
            if !missing.is_empty() {
                findings.push(Finding::error(
                    "ACK_MISMATCH",
                    "/applied_feedback_ack/items",
                    format!(
                        "the request's decisions on {} are not acknowledged",
                        missing.join(", ")
                    ),
                ));
            }
        }
        _ => {}
    }
    findings
}

/// The rules that hold for both payloads: an iteration written as an integer, no session field
/// anywhere (outside the subtrees at `skip`, which hold the artifact's own content).
fn common(payload: &Value, skip: &[&str]) -> Vec<Finding> {
    let mut findings = Vec::new();
    if let Some(Value::Number(n)) = payload.get("iteration")
        && !(n.is_u64() || n.is_i64())
    {
        findings.push(Finding::error(
            "INVALID_ITERATION",
            "/iteration",
            format!("`iteration` must be written as an integer, not {n}"),
        ));
    }
    session_fields(payload, "", skip, &mut findings);
    findings
}

fn session_fields(value: &Value, at: &str, skip: &[&str], findings: &mut Vec<Finding>) {
    if skip.contains(&at) {
        return;
    }
    match value {
        Value::Object(map) => {
            for (name, inner) in map {
                let here = child(at, name);
                if schema::is_session_field(name) {
                    findings.push(Finding::error(
                        "SESSION_FIELD",
                        here.clone(),
                        format!(
                            "`{name}` is a session field; the tool manages sessions, agent payloads must not carry one (spec 2.1)"
                        ),
                    ));
                }
                session_fields(inner, &here, skip, findings);
            }
        }
        Value::Array(items) => {
            for (index, inner) in items.iter().enumerate() {
                session_fields(inner, &format!("{at}/{index}"), skip, findings);
            }
        }
        _ => {}
    }
}

fn duplicate_ids(items: &[Value], at: &str) -> Vec<Finding> {
    let mut seen = HashSet::new();
    ids_indexed(items)
        .filter(|(_, id)| !seen.insert(*id))
        .map(|(index, id)| {
            Finding::error(
                "DUPLICATE_ID",
                format!("{at}/{index}/id"),
                format!("`{id}` appears more than once"),
            )
        })
        .collect()
}

fn ids_indexed(items: &[Value]) -> impl Iterator<Item = (usize, &str)> {
    items
        .iter()
        .enumerate()
        .filter_map(|(index, item)| Some((index, item.get("id")?.as_str()?)))
}

fn ids(items: &[Value]) -> impl Iterator<Item = &str> {
    ids_indexed(items).map(|(_, id)| id)
}

pub fn applied_items(request: &Value) -> Option<&Vec<Value>> {
    request.pointer("/applied_feedback/items")?.as_array()
}

fn ack_items(response: &Value) -> Option<&Vec<Value>> {
    response.pointer("/applied_feedback_ack/items")?.as_array()
}

/// The ids of a response's areas for improvement.
pub fn raised_ids(response: &Value) -> HashSet<&str> {
    match response.pointer("/feedback/areas_for_improvement") {
        Some(Value::Array(items)) => ids(items).collect(),
        _ => HashSet::new(),
    }
}
