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
use serde::Serialize;

use super::append::writable;
use super::desk::Desk;
use super::entry::NewEntry;
use super::model::{EntryStatus, Escalation, Stance, Word};
use super::status::{timed_out, turn_began};
use super::timeline::EndReason;
use crate::context::Ctx;
use crate::error::{Result, Status};
use crate::output::{Human, Reply};
use crate::store::LockMode;

/// What escalating did, or why it did nothing: `data` of `bounce escalate --json`.
#[derive(Debug, Serialize)]
pub struct EscalateReply {
    policy: &'static str,
    timed_out: Vec<String>,
    appended: Vec<Skipped>,
    #[serde(flatten)]
    answer: Answer,
}

/// An entry written for an agent whose turn timed out.
#[derive(Debug, Serialize)]
struct Skipped {
    entry_id: String,
    author: String,
    turn: u64,
    round: u64,
    stance: &'static str,
}

/// Which answer it is, with the fields only that answer has.
#[derive(Debug, Serialize)]
#[serde(untagged)]
enum Answer {
    /// Exit 2: the session had ended already.
    Ended { end_reason: &'static str },
    /// Exit 1: the turn is not past turn-timeout (`seconds_left` unknown without a start).
    NotTimedOut { seconds_left: Option<i64> },
    /// Exit 1: the policy is `human`.
    HumanNeeded {},
    /// Exit 0: the policy was applied.
    Applied {
        ended: bool,
        end_reason: Option<&'static str>,
    },
}

impl Reply for EscalateReply {
    fn status(&self) -> Status {
        match self.answer {
            Answer::Ended { .. } => Status::Finished,
            Answer::NotTimedOut { .. } | Answer::HumanNeeded {} => Status::NotNow,
            Answer::Applied { .. } => Status::Ok,
        }
    }

    fn code(&self) -> Option<&'static str> {
        match self.answer {
            Answer::Ended { .. } => Some("FINISHED"),
            Answer::NotTimedOut { .. } => Some("NOT_TIMED_OUT"),
            Answer::HumanNeeded {} => Some("HUMAN_NEEDED"),
            Answer::Applied { .. } => None,
        }
    }

    fn human(&self, out: &mut Human) {
        match self.answer {
            Answer::Ended { end_reason } => {
                out.line(format!("the session has ended ({end_reason})"));
            }
            Answer::NotTimedOut {
                seconds_left: Some(left),
            } => out.line(format!(
                "the current turn is not past turn-timeout ({left}s left)"
            )),
            Answer::NotTimedOut { seconds_left: None } => {
                out.line("the current turn is not past turn-timeout");
            }
            Answer::HumanNeeded {} if self.timed_out.is_empty() => out.line(
                "the session is in deadlock (every agent deferred): the escalation policy is human, so a person must act",
            ),
            Answer::HumanNeeded {} => out.line(format!(
                "turn timed out for {}: the escalation policy is human, so a person must act",
                self.timed_out.join(", ")
            )),
            Answer::Applied { end_reason, .. } => {
                for entry in &self.appended {
                    out.line(format!(
                        "{}: appended entry {} for {} (round {}, turn {})",
                        self.policy, entry.entry_id, entry.author, entry.round, entry.turn
                    ));
                }
                if let Some(reason) = end_reason {
                    out.line(format!("the session has ended: {reason}"));
                }
            }
        }
    }
}

pub fn run(ctx: &Ctx, file: &Path) -> Result<EscalateReply> {
    let desk = Desk::open(ctx, file, LockMode::Exclusive)?;
    let (rules, timeline) = desk.state()?;
    let policy = rules.escalation.as_str();
    let reply = |timed_out: Vec<String>, appended: Vec<Skipped>, answer: Answer| EscalateReply {
        policy,
        timed_out,
        appended,
        answer,
    };
    // Every agent deferred: the session is in deadlock and the escalation policy applies
    // (spec 7.4). Under `human` a person must act; the other policies append turns, which a
    // session that has ended takes no more of.
    if timeline.ended == Some(EndReason::Deadlock) && rules.escalation == Escalation::Human {
        return Ok(reply(Vec::new(), Vec::new(), Answer::HumanNeeded {}));
    }
    if let Some(reason) = timeline.ended {
        return Ok(reply(
            Vec::new(),
            Vec::new(),
            Answer::Ended {
                end_reason: reason.as_str(),
            },
        ));
    }
    let now = ctx.clock.now();
    let late = timed_out(&desk, rules, timeline, now);
    if late.is_empty() {
        let seconds_left = turn_began(&desk).map(|began| {
            i64::try_from(rules.turn_timeout).unwrap_or(i64::MAX) - (now - began).num_seconds()
        });
        return Ok(reply(
            Vec::new(),
            Vec::new(),
            Answer::NotTimedOut { seconds_left },
        ));
    }
    if rules.escalation == Escalation::Human {
        return Ok(reply(late, Vec::new(), Answer::HumanNeeded {}));
    }
    writable(&desk)?;
    let mut text = desk.text.clone();
    let mut current = timeline.clone();
    let mut appended = Vec::new();
    for agent in &late {
        if current.ended.is_some() || !current.next(rules).contains(agent) {
            continue;
        }
        let (stance, confidence) = match rules.escalation {
            Escalation::DefaultAction => last_position(&desk, agent),
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
        let (new_text, new_timeline) = desk.commit(&text, &entry)?;
        text = new_text;
        current = new_timeline;
        appended.push(Skipped {
            entry_id: entry.id,
            author: entry.author,
            turn: entry.turn,
            round: entry.round,
            stance: stance.as_str(),
        });
    }
    let end_reason = current.ended.map(|r| r.as_str());
    Ok(reply(
        late,
        appended,
        Answer::Applied {
            ended: end_reason.is_some(),
            end_reason,
        },
    ))
}

/// The agent's last stance and confidence, or defer with no confidence.
fn last_position(desk: &Desk, agent: &str) -> (Stance, Decimal) {
    desk.parsed
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
