//! `parley bounce status FILE` and `parley bounce consensus FILE [...]`: where a session
//! stands, read under the shared lock.

use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use serde::Serialize;

use super::consensus::Consensus;
use super::desk::Desk;
use super::model::{ConsensusMode, Rules, Word};
use super::timeline::Timeline;
use crate::context::Ctx;
use crate::error::{Error, Result};
use crate::output::{Human, Reply};
use crate::store::LockMode;

/// Where a session stands: `data` of `bounce status --json`.
#[derive(Debug, Serialize)]
pub struct StatusReply {
    file: PathBuf,
    title: Option<String>,
    agents: Vec<String>,
    turn_order: &'static str,
    round: u64,
    turn: u64,
    entries: usize,
    next: Vec<String>,
    ended: bool,
    end_reason: Option<&'static str>,
    in_progress: bool,
    consensus: Consensus,
    timed_out: Vec<String>,
    valid: bool,
    errors: usize,
}

impl Reply for StatusReply {
    fn warnings(&self) -> Vec<String> {
        if self.errors == 0 {
            return Vec::new();
        }
        vec![format!(
            "the file has {} validation error(s); run `parley bounce validate {}`",
            self.errors,
            self.file.display()
        )]
    }

    fn human(&self, out: &mut Human) {
        out.line(format!(
            "session: {} ({})",
            self.title.as_deref().unwrap_or("untitled"),
            self.file.display()
        ));
        out.line(format!("round: {}", self.round));
        out.line(match self.end_reason {
            Some(reason) => format!("ended: yes ({reason})"),
            None => "ended: no".to_owned(),
        });
        out.line(format!(
            "in progress: {}",
            if self.in_progress { "yes" } else { "no" }
        ));
        out.line(format!("next: {}", list(&self.next)));
        out.line(format!("consensus: {}", self.consensus.describe()));
        out.line(format!("timed out: {}", list(&self.timed_out)));
    }
}

pub fn run(ctx: &Ctx, file: &Path) -> Result<StatusReply> {
    let desk = Desk::open(ctx, file, LockMode::Shared)?;
    let (rules, timeline) = desk.state()?;
    let now = ctx.clock.now();
    let errors = desk
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
    let latest = timeline.latest_round();
    let consensus = timeline.consensus(&desk.parsed, rules, rules.mode, rules.threshold, latest);
    let end_reason = timeline.ended.map(|r| r.as_str());
    Ok(StatusReply {
        file: file.to_owned(),
        title: desk.parsed.title.clone(),
        agents: rules.agents.clone(),
        turn_order: rules.turn_order.as_str(),
        round: timeline.round,
        turn: timeline.next_turn(),
        entries: timeline.effective.len(),
        next,
        ended: end_reason.is_some(),
        end_reason,
        in_progress: desk.parsed.in_progress,
        consensus,
        timed_out: timed_out(&desk, rules, timeline, now),
        valid: errors == 0,
        errors,
    })
}

fn list(names: &[String]) -> String {
    if names.is_empty() {
        "none".to_owned()
    } else {
        names.join(", ")
    }
}

/// When the current turn began: the time of the last entry, or `created` when there is none.
pub fn turn_began(desk: &Desk) -> Option<DateTime<Utc>> {
    match desk.parsed.entries.last() {
        Some(entry) => entry.at,
        None => desk.parsed.created,
    }
}

/// The agents whose turn is past `turn-timeout` at `now`: the author of an entry left
/// without its yield marker, or the agents the turn waits for.
pub fn timed_out(
    desk: &Desk,
    rules: &Rules,
    timeline: &Timeline,
    now: DateTime<Utc>,
) -> Vec<String> {
    if timeline.ended.is_some() {
        return Vec::new();
    }
    let Some(began) = turn_began(desk) else {
        return Vec::new();
    };
    let limit = i64::try_from(rules.turn_timeout).unwrap_or(i64::MAX);
    if (now - began).num_seconds() <= limit {
        return Vec::new();
    }
    if desk.parsed.in_progress {
        return desk
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
) -> Result<Consensus> {
    let desk = Desk::open(ctx, file, LockMode::Shared)?;
    let (rules, timeline) = desk.state()?;
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
    Ok(timeline.consensus(
        &desk.parsed,
        rules,
        mode.unwrap_or(rules.mode),
        threshold.unwrap_or(rules.threshold),
        round,
    ))
}
