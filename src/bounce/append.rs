//! `parley bounce append FILE --author A [...]`: one entry, under the exclusive lock, with the
//! turn, round, id and time computed, written in one journaled append (yield marker last).

use std::path::PathBuf;

use rust_decimal::Decimal;
use serde::Serialize;

use super::desk::Desk;
use super::entry::NewEntry;
use super::model::{
    EntryStatus, FIELDS, OutputFormat, RUNTIME_STANCES, Rules, Stance, TurnOrder, Word,
    format_decimal, in_unit_range, parse_decimal,
};
use super::timeline::Timeline;
use crate::context::Ctx;
use crate::error::{Error, Result};
use crate::output::{Human, Reply};
use crate::store::LockMode;

#[derive(Debug)]
pub struct AppendArgs {
    pub file: PathBuf,
    pub author: String,
    pub status: EntryStatus,
    pub stance: Option<Stance>,
    pub confidence: Option<Decimal>,
    pub summary: Option<String>,
    pub action_requested: Option<String>,
    pub evidence: Option<String>,
    pub body: String,
    /// Values written in another vocabulary and what they became.
    pub mapped: Vec<Mapping>,
}

#[derive(Debug, Clone, Serialize)]
pub struct Mapping {
    pub field: &'static str,
    pub given: String,
    pub written: String,
}

/// The entry written: `data` of `bounce append --json`.
#[derive(Debug, Serialize)]
pub struct Appended {
    file: PathBuf,
    entry_id: String,
    turn: u64,
    round: u64,
    author: String,
    mapped: Vec<Mapping>,
    ended: bool,
    /// Why the session ended with this entry, if it did.
    end_reason: Option<&'static str>,
}

impl Reply for Appended {
    fn warnings(&self) -> Vec<String> {
        self.mapped
            .iter()
            .map(|m| format!("{} {:?} written as {}", m.field, m.given, m.written))
            .collect()
    }

    fn human(&self, out: &mut Human) {
        out.line(format!(
            "appended entry {} (round {}, turn {}) by {}",
            self.entry_id, self.round, self.turn, self.author
        ));
        if let Some(reason) = self.end_reason {
            out.line(format!("the session has ended: {reason}"));
        }
    }
}

impl AppendArgs {
    fn given_fields(&self) -> [(&'static str, bool); 5] {
        [
            (FIELDS[0], self.stance.is_some()),
            (FIELDS[1], self.confidence.is_some()),
            (FIELDS[2], self.summary.is_some()),
            (FIELDS[3], self.action_requested.is_some()),
            (FIELDS[4], self.evidence.is_some()),
        ]
    }
}

/// A protocol stance, or a runtime stance mapped as the spec's appendix says.
pub fn stance(raw: &str, mapped: &mut Vec<Mapping>) -> Result<Stance> {
    if let Some(s) = Stance::parse(raw) {
        return Ok(s);
    }
    if let Some((_, s)) = RUNTIME_STANCES.iter().find(|(word, _)| *word == raw) {
        mapped.push(Mapping {
            field: "stance",
            given: raw.to_owned(),
            written: s.as_str().to_owned(),
        });
        return Ok(*s);
    }
    Err(Error::bad_input(
        "INVALID_STANCE",
        format!("stance {raw:?} is not one of {} (Rule 10)", Stance::choices()),
    )
    .with_hint("the runtime words strongly_agree, agree, refine, synthesize, disagree and strongly_disagree are mapped too"))
}

/// A confidence in [0, 1], or a percentage in [0%, 100%].
pub fn confidence(raw: &str, mapped: &mut Vec<Mapping>) -> Result<Decimal> {
    let invalid = || {
        Error::bad_input(
            "INVALID_CONFIDENCE",
            format!("confidence {raw:?} is not a number in [0, 1] or a percentage (Rule 11)"),
        )
    };
    let value = match raw.strip_suffix('%') {
        Some(percent) => {
            let value = parse_decimal(percent.trim()).ok_or_else(invalid)? / Decimal::ONE_HUNDRED;
            mapped.push(Mapping {
                field: "confidence",
                given: raw.to_owned(),
                written: format_decimal(value),
            });
            value
        }
        None => parse_decimal(raw).ok_or_else(invalid)?,
    };
    if !in_unit_range(value) {
        return Err(invalid());
    }
    Ok(value)
}

pub fn run(ctx: &Ctx, args: &AppendArgs) -> Result<Appended> {
    let desk = Desk::open(ctx, &args.file, LockMode::Exclusive)?;
    let (rules, timeline) = writable(&desk)?;
    if rules.output_format == OutputFormat::Structured {
        let missing: Vec<&str> = args
            .given_fields()
            .iter()
            .filter(|(_, given)| !given)
            .map(|(f, _)| *f)
            .collect();
        if !missing.is_empty() {
            return Err(Error::bad_input(
                "MISSING_FIELD",
                format!(
                    "output-format is structured: every field is required; missing {} (section 4.4)",
                    missing
                        .iter()
                        .map(|f| format!("--{}", f.replace('_', "-")))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            ));
        }
    }
    may_write(rules, timeline, &args.author)?;
    let entry = NewEntry {
        id: uuid::Uuid::new_v4().to_string(),
        turn: timeline.next_turn(),
        round: timeline.round,
        at: ctx.clock.stamp(),
        author: args.author.clone(),
        status: args.status,
        stance: args.stance,
        confidence: args.confidence,
        summary: args.summary.clone(),
        action_requested: args.action_requested.clone(),
        evidence: args.evidence.clone(),
        body: args.body.clone(),
    };
    let (_, after) = desk.commit(&desk.text, &entry)?;
    let end_reason = after.ended.map(|r| r.as_str());
    Ok(Appended {
        file: args.file.clone(),
        entry_id: entry.id,
        turn: entry.turn,
        round: entry.round,
        author: entry.author,
        mapped: args.mapped.clone(),
        ended: end_reason.is_some(),
        end_reason,
    })
}

/// The rules and timeline of a session that may take an entry now, or the refusal (exit 4).
pub fn writable(desk: &Desk) -> Result<(&Rules, &Timeline)> {
    if desk.parsed.in_progress {
        return Err(Error::forbidden(
            "ENTRY_IN_PROGRESS",
            "the last entry has no yield marker: someone is still writing it, and an entry appended now would break it (Rule 4, Rule 6)",
        )
        .with_hint("wait for the yield marker; `parley bounce escalate` applies the escalation policy after turn-timeout"));
    }
    if let Some(error) = desk.first_error() {
        return Err(Error::forbidden(
            "SESSION_INVALID",
            format!(
                "the session has a validation error, so nothing may be appended: {}",
                error.render(&desk.path.display().to_string())
            ),
        )
        .with_hint(format!(
            "run `parley bounce validate {}` for every finding",
            desk.path.display()
        )));
    }
    let (rules, timeline) = desk.state()?;
    if let Some(reason) = timeline.ended {
        return Err(Error::forbidden(
            "SESSION_ENDED",
            format!(
                "the session has ended ({}); no entry may be appended (Rule 17, Rule 18)",
                reason.as_str()
            ),
        ));
    }
    Ok((rules, timeline))
}

/// Refuses an agent who is not in the session's `agents` (Rule 12).
pub fn listed(rules: &Rules, agent: &str) -> Result<()> {
    if rules.lists(agent) {
        return Ok(());
    }
    Err(Error::forbidden(
        "NOT_AN_AGENT",
        format!(
            "{agent} is not in the session's agents ({}) (Rule 12)",
            rules.agents.join(", ")
        ),
    ))
}

/// Refuses an author who is not listed or whose turn it is not.
pub fn may_write(rules: &Rules, timeline: &Timeline, author: &str) -> Result<()> {
    listed(rules, author)?;
    let next = timeline.next(rules);
    if next.iter().any(|a| a == author) {
        return Ok(());
    }
    let rule = match rules.turn_order {
        TurnOrder::RoundRobin => "Rule 13: round-robin order",
        TurnOrder::Supervised => "Rule 14: the agent named in the latest action_requested",
        TurnOrder::FreeForm => "max-turns-per-round, section 3.3",
    };
    let waiting = if next.is_empty() {
        "nobody".to_owned()
    } else {
        next.join(", ")
    };
    Err(Error::forbidden(
        "NOT_YOUR_TURN",
        format!(
            "it is not {author}'s turn in round {} ({rule}); next: {waiting}",
            timeline.round
        ),
    ))
}
