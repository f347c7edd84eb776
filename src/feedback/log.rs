//! `parley feedback log DIR`: every stored iteration, and what became of each feedback item.

use std::path::PathBuf;

use serde::Serialize;
use serde_json::Value;

use super::conversation::{self, Iteration};
use super::rules;
use crate::context::Ctx;
use crate::error::{Error, Result, Status};
use crate::output::{Human, Reply};
use crate::store::Store;

/// The fate of one feedback item across the conversation.
#[derive(Debug, Serialize)]
struct Item {
    id: String,
    /// The iteration whose response raised it first.
    raised_in: u64,
    /// Later responses that raised it again.
    raised_again_in: Vec<u64>,
    /// The latest decision on it, `None` when never answered.
    status: Option<String>,
    reason_code: Option<String>,
    explanation: Option<String>,
    /// The iteration whose request carried that decision.
    decided_in: Option<u64>,
}

/// Every stored iteration of a conversation, and the fate of each feedback item.
#[derive(Debug, Serialize)]
pub struct ConversationLog {
    dir: PathBuf,
    session_id: Option<String>,
    iterations: Vec<Summary>,
    items: Vec<Item>,
}

/// One iteration: what was sent and decided, and what came back. The fields hold the
/// payloads' own values, whatever their type, since the payloads are the provider's.
#[derive(Debug, Serialize)]
struct Summary {
    iteration: u64,
    media_type: Value,
    artifact_ref: Option<Value>,
    decisions: Vec<Value>,
    status: Value,
    confidence: Value,
    raised: Vec<Value>,
    acknowledged: Vec<Value>,
    summary: Value,
}

impl Reply for ConversationLog {
    fn human(&self, out: &mut Human) {
        let count = self.iterations.len();
        out.line(format!(
            "{}: {count} iteration{}{}",
            self.dir.display(),
            if count == 1 { "" } else { "s" },
            self.session_id
                .as_deref()
                .map(|id| format!(", session {id}"))
                .unwrap_or_default()
        ));
        for summary in &self.iterations {
            out.line(format!(
                "iteration {}: {} ({}), {} decision(s), confidence {}, raised {}",
                summary.iteration,
                summary.media_type.as_str().unwrap_or("?"),
                summary
                    .artifact_ref
                    .as_ref()
                    .and_then(Value::as_str)
                    .unwrap_or("no ref"),
                summary.decisions.len(),
                summary.confidence.as_str().unwrap_or("?"),
                list(&summary.raised),
            ));
        }
        if !self.items.is_empty() {
            out.line("feedback items:");
        }
        for item in &self.items {
            let fate = match (&item.status, item.decided_in) {
                (Some(status), Some(at)) => {
                    let mut fate = format!("{status} in {at}");
                    if let Some(code) = &item.reason_code {
                        fate.push_str(&format!(" ({code})"));
                    }
                    if let Some(text) = &item.explanation {
                        fate.push_str(&format!(": {text}"));
                    }
                    fate
                }
                _ => "never answered".to_owned(),
            };
            out.line(format!(
                "  {}  raised in {}  {fate}",
                item.id, item.raised_in
            ));
        }
    }
}

pub fn run(ctx: &Ctx, dir: PathBuf) -> Result<ConversationLog> {
    if !conversation::exists(&dir)? {
        return Err(Error::new(
            Status::NotFound,
            "NO_CONVERSATION",
            format!("{} does not exist", dir.display()),
        )
        .with_hint("`parley feedback ask DIR ...` starts a conversation"));
    }
    let store = Store::new(dir.clone(), ctx.lock_wait());
    // Lock-free: every file is replaced atomically and an iteration counts once its response
    // is written, last, so what is read is a consistent prefix of the conversation.
    let past = conversation::load(&store)?;
    let mut items: Vec<Item> = Vec::new();
    for iteration in &past.iterations {
        for decision in rules::applied_items(&iteration.request)
            .into_iter()
            .flatten()
        {
            let id = decision["id"].as_str().unwrap_or_default();
            if let Some(item) = items.iter_mut().find(|item| item.id == id) {
                item.status = decision["status"].as_str().map(str::to_owned);
                item.reason_code = decision["reason_code"].as_str().map(str::to_owned);
                item.explanation = decision["explanation"].as_str().map(str::to_owned);
                item.decided_in = Some(iteration.number);
            }
        }
        for raised in improvements(&iteration.response) {
            let id = raised["id"].as_str().unwrap_or_default();
            match items.iter_mut().find(|item| item.id == id) {
                Some(item) => item.raised_again_in.push(iteration.number),
                None => items.push(Item {
                    id: id.to_owned(),
                    raised_in: iteration.number,
                    raised_again_in: Vec::new(),
                    status: None,
                    reason_code: None,
                    explanation: None,
                    decided_in: None,
                }),
            }
        }
    }
    Ok(ConversationLog {
        dir,
        iterations: past.iterations.iter().map(summary).collect(),
        session_id: past.session_id,
        items,
    })
}

fn improvements(response: &Value) -> impl Iterator<Item = &Value> {
    response["feedback"]["areas_for_improvement"]
        .as_array()
        .into_iter()
        .flatten()
}

fn summary(iteration: &Iteration) -> Summary {
    let request = &iteration.request;
    let response = &iteration.response;
    Summary {
        iteration: iteration.number,
        media_type: request["artifact"]["media_type"].clone(),
        artifact_ref: request["artifact"].get("artifact_ref").cloned(),
        decisions: rules::applied_items(request).cloned().unwrap_or_default(),
        status: response["status"].clone(),
        confidence: response["feedback"]["confidence"]["level"].clone(),
        raised: improvements(response)
            .map(|item| item["id"].clone())
            .collect(),
        acknowledged: response["applied_feedback_ack"]["items"]
            .as_array()
            .cloned()
            .unwrap_or_default(),
        summary: response["feedback"]["general_summary"].clone(),
    }
}

fn list(ids: &[Value]) -> String {
    let ids: Vec<&str> = ids.iter().filter_map(Value::as_str).collect();
    if ids.is_empty() {
        "nothing".to_owned()
    } else {
        ids.join(", ")
    }
}
