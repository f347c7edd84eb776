//! `parley bounce status FILE` and `parley bounce consensus FILE [...]`: where a session
//! stands, read under the shared lock.

use std::path::Path;

use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use serde_json::json;

use super::model::{ConsensusMode, Rules, Word};
use super::session::Desk;
use super::timeline::Timeline;
use crate::context::Ctx;
use crate::error::{Error, Result};
use crate::output::Outcome;
use crate::store::LockMode;

pub fn run(ctx: &Ctx, file: &Path) -> Result<Outcome> {
    let session = Desk::open(ctx, file, LockMode::Shared)?;
    let (rules, timeline) = session.state()?;
    let now = ctx.clock.now();
    let in_progress = session.parsed.in_progress;
    let errors = session
        .parsed
        .findings
        .0
        .iter()
        .filter(|f| f.severity == super::finding::Severity::Error)
        .count();
    // Nobody may append to a file with an error (an entry in progress is one).
    let next = if errors > 0 {
        Vec::new()
    } else {
        timeline.next(rules)
    };
    let timed_out = timed_out(&session, rules, timeline, now);
    let latest = timeline.latest_round();
    let consensus = timeline.consensus(&session.parsed, rules, rules.mode, rules.threshold, latest);
    let ended = timeline.ended.map(|r| r.as_str());
    let mut outcome = Outcome::ok(json!({
        "file": file,
        "title": session.parsed.title,
        "agents": rules.agents,
        "turn_order": rules.turn_order.as_str(),
        "round": timeline.round,
        "turn": timeline.next_turn(),
        "entries": timeline.effective.len(),
        "next": next,
        "ended": ended.is_some(),
        "end_reason": ended,
        "in_progress": in_progress,
        "consensus": consensus.to_json(),
        "timed_out": timed_out,
        "valid": errors == 0,
        "errors": errors,
    }));
    outcome.push(format!(
        "session: {} ({})",
        session.parsed.title.as_deref().unwrap_or("untitled"),
        file.display()
    ));
    outcome.push(format!("round: {}", timeline.round));
    outcome.push(match ended {
        Some(reason) => format!("ended: yes ({reason})"),
        None => "ended: no".to_owned(),
    });
    outcome.push(format!(
        "in progress: {}",
        if in_progress { "yes" } else { "no" }
    ));
    outcome.push(format!("next: {}", list(&next)));
    outcome.push(format!("consensus: {}", consensus.describe()));
    outcome.push(format!("timed out: {}", list(&timed_out)));
    if errors > 0 {
        outcome.warn(format!(
            "the file has {errors} validation error(s); run `parley bounce validate {}`",
            file.display()
        ));
    }
    Ok(outcome)
}

fn list(names: &[String]) -> String {
    if names.is_empty() {
        "none".to_owned()
    } else {
        names.join(", ")
    }
}

/// When the current turn began: the time of the last entry, or `created` when there is none.
pub fn turn_began(session: &Desk) -> Option<DateTime<Utc>> {
    match session.parsed.entries.last() {
        Some(entry) => entry.at,
        None => session.parsed.created,
    }
}

/// The agents whose turn is past `turn-timeout` at `now`: the author of an entry left
/// without its yield marker, or the agents the turn waits for.
pub fn timed_out(
    session: &Desk,
    rules: &Rules,
    timeline: &Timeline,
    now: DateTime<Utc>,
) -> Vec<String> {
    if timeline.ended.is_some() {
        return Vec::new();
    }
    let Some(began) = turn_began(session) else {
        return Vec::new();
    };
    let limit = i64::try_from(rules.turn_timeout).unwrap_or(i64::MAX);
    if (now - began).num_seconds() <= limit {
        return Vec::new();
    }
    if session.parsed.in_progress {
        return session
            .parsed
            .entries
            .last()
            .map(|e| e.author.clone())
            .into_iter()
            .collect();
    }
    timeline.awaited(rules)
}

pub fn consensus(
    ctx: &Ctx,
    file: &Path,
    mode: Option<ConsensusMode>,
    threshold: Option<Decimal>,
    round: Option<u64>,
) -> Result<Outcome> {
    let session = Desk::open(ctx, file, LockMode::Shared)?;
    let (rules, timeline) = session.state()?;
    let round = match round {
        Some(n) if !timeline.has_round(n) => {
            return Err(Error::bad_input(
                "NO_SUCH_ROUND",
                format!(
                    "round {n} has no entries in {} (latest round: {})",
                    file.display(),
                    timeline.latest_round()
                ),
            ));
        }
        Some(n) => n,
        None => timeline.latest_round(),
    };
    let result = timeline.consensus(
        &session.parsed,
        rules,
        mode.unwrap_or(rules.mode),
        threshold.unwrap_or(rules.threshold),
        round,
    );
    Ok(Outcome::ok(result.to_json()).line(result.describe()))
}
