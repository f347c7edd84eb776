//! `parley bounce escalate FILE`: when the current turn is past `turn-timeout`, apply the
//! session's escalation policy.
//!
//! - `timeout-skip`: appends, for each timed-out agent, the skip entry of the spec's example 5
//!   (authored by that agent, status closed, stance defer, a body saying the orchestrator
//!   wrote it after the timeout).
//! - `default-action`: the same, except that the entry carries the agent's last stance and
//!   confidence forward (defer, 0.0 when it never spoke): silence keeps its position.
//! - `human`: appends nothing and answers 1: a person must act.
//!
//! Not past the timeout: exit 1, nothing appended.

use std::path::Path;

use rust_decimal::Decimal;
use serde_json::json;

use super::append::{commit, writable};
use super::entry::NewEntry;
use super::model::{EntryStatus, Escalation, Stance, Word};
use super::session::Desk;
use super::status::{timed_out, turn_began};
use crate::context::Ctx;
use crate::error::{Result, Status};
use crate::output::Outcome;
use crate::store::LockMode;

pub fn run(ctx: &Ctx, file: &Path) -> Result<Outcome> {
    let session = Desk::open(ctx, file, LockMode::Exclusive)?;
    let (rules, timeline) = session.state()?;
    let policy = rules.escalation.as_str();
    if let Some(reason) = timeline.ended {
        return Ok(Outcome::answer(
            Status::Finished,
            "FINISHED",
            json!({ "policy": policy, "timed_out": [], "appended": [], "end_reason": reason.as_str() }),
        )
        .line(format!("the session has ended ({})", reason.as_str())));
    }
    let now = ctx.clock.now();
    let late = timed_out(&session, rules, timeline, now);
    if late.is_empty() {
        let left = turn_began(&session).map(|began| {
            i64::try_from(rules.turn_timeout).unwrap_or(i64::MAX) - (now - began).num_seconds()
        });
        return Ok(Outcome::answer(
            Status::NotNow,
            "NOT_TIMED_OUT",
            json!({ "policy": policy, "timed_out": [], "appended": [], "seconds_left": left }),
        )
        .line(match left {
            Some(left) => format!("the current turn is not past turn-timeout ({left}s left)"),
            None => "the current turn is not past turn-timeout".to_owned(),
        }));
    }
    if rules.escalation == Escalation::Human {
        return Ok(Outcome::answer(
            Status::NotNow,
            "HUMAN_NEEDED",
            json!({ "policy": policy, "timed_out": late, "appended": [] }),
        )
        .line(format!(
            "turn timed out for {}: the escalation policy is human, so a person must act",
            late.join(", ")
        )));
    }
    writable(&session)?;
    let mut text = session.text.clone();
    let mut current = timeline.clone();
    let mut appended = Vec::new();
    let mut lines = Vec::new();
    for agent in &late {
        if current.ended.is_some() || !current.next(rules).contains(agent) {
            continue;
        }
        let (stance, confidence) = match rules.escalation {
            Escalation::DefaultAction => last_position(&session, agent),
            _ => (Stance::Defer, Decimal::ZERO),
        };
        let entry = NewEntry {
            id: uuid::Uuid::new_v4().to_string(),
            turn: current.next_turn(),
            round: current.round,
            at: ctx.clock.stamp(),
            author: agent.clone(),
            status: EntryStatus::Closed,
            stance: Some(stance),
            confidence: Some(confidence),
            summary: Some(summary(rules.escalation).to_owned()),
            action_requested: Some("n/a".to_owned()),
            evidence: Some("n/a".to_owned()),
            body: body(rules.escalation, agent, rules.turn_timeout),
        };
        let (new_text, new_timeline) = commit(&session, &text, &entry)?;
        text = new_text;
        current = new_timeline;
        lines.push(format!(
            "{policy}: appended entry {} for {agent} (round {}, turn {})",
            entry.id, entry.round, entry.turn
        ));
        appended.push(json!({
            "entry_id": entry.id,
            "author": entry.author,
            "turn": entry.turn,
            "round": entry.round,
            "stance": stance.as_str(),
        }));
    }
    let mut outcome = Outcome::ok(json!({
        "policy": policy,
        "timed_out": late,
        "appended": appended,
        "ended": current.ended.is_some(),
        "end_reason": current.end_json(),
    }));
    outcome.lines = lines;
    if let Some(reason) = current.ended {
        outcome.push(format!("the session has ended: {}", reason.as_str()));
    }
    Ok(outcome)
}

/// The agent's last stance and confidence, or defer with no confidence.
fn last_position(session: &Desk, agent: &str) -> (Stance, Decimal) {
    session
        .parsed
        .entries
        .iter()
        .rev()
        .filter(|e| !e.duplicate && e.author == agent)
        .find_map(|e| Some((e.stance?, e.confidence.unwrap_or(Decimal::ZERO))))
        .unwrap_or((Stance::Defer, Decimal::ZERO))
}

fn summary(policy: Escalation) -> &'static str {
    match policy {
        Escalation::DefaultAction => {
            "Turn timed out. Escalation policy applied: default action, last position carried forward."
        }
        _ => "Turn timed out. Escalation policy applied: turn skipped per timeout-skip rule.",
    }
}

fn body(policy: Escalation, agent: &str, timeout: u64) -> String {
    let outcome = match policy {
        Escalation::DefaultAction => {
            "Per the `default-action`\nescalation policy, its last stated position was carried forward and the session continues."
        }
        _ => {
            "Per the `timeout-skip`\nescalation policy, this turn was skipped and the session continues."
        }
    };
    format!(
        "*[This entry was generated by the orchestrator after a timeout. The {agent}\nagent did not respond within the {timeout}-second turn-timeout. {outcome}]*"
    )
}
