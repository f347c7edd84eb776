//! `reopen DIR AGENT ISSUE --reason TEXT`: the holder questions an agreement it did not write.
//! The issue must be AGREED, and not by AGENT's own `agree` (exit 4 `OWN_AGREEMENT`), nor by a
//! person's `resolve` (exit 4 `RESOLVED_BY_HUMAN`: a person's decision is not the agents' to
//! reopen).
//!
//! The reopen is a challenge entry, `## AGENT's challenge (round N)`, whose body quotes the
//! agreement it questions and gives the reason; the status goes back to `## Status: OPEN`.
//! The log gets a `reopen` event naming the entry. From then on the challenge-before-agree
//! rule applies afresh: only challenges from the reopen entry on count (see
//! [`challenges_from`]), so the reopen entry is the reopener's challenge and another agent
//! may agree again on a later turn, after answering it.

use std::path::PathBuf;

use serde::Serialize;
use serde_json::json;

use crate::context::Ctx;
use crate::error::{Error, Result};
use crate::names::Name;
use crate::output::{Human, Reply};

use crate::negotiation::commands::desk::Desk;
use crate::negotiation::commands::on_issue::{OnIssue, write_positions};
use crate::negotiation::model::issues;
use crate::negotiation::model::issues::IssueRef;
use crate::negotiation::model::log;
use crate::negotiation::model::log::EventKind;
use crate::negotiation::model::positions;
use crate::negotiation::model::positions::{EntryKind, IssueStatus, Positions, SectionKind};
use crate::negotiation::model::turn::Phase;
use crate::negotiation::model::{Actor, open};
use crate::negotiation::rules::reopen::REOPEN_LINE;
use crate::negotiation::rules::text::Text;
use crate::negotiation::rules::{agree, resolve};

#[derive(Debug, Clone)]
pub struct ReopenArgs {
    pub dir: PathBuf,
    pub agent: Name,
    pub issue: IssueRef,
    pub reason: Text,
}

/// The agreement questioned: `data` of `reopen --json`.
#[derive(Debug, Serialize)]
pub struct Reopened {
    /// The issue's file name, `NN-TOPIC.md`.
    file: String,
    /// The positions file, `positions/NN-TOPIC.md`.
    path: String,
    status: IssueStatus,
    agent: Name,
    /// The title of the reopen entry, `AGENT's challenge (round N)`.
    entry: String,
}

impl Reply for Reopened {
    fn human(&self, out: &mut Human) {
        out.line(format!("Appended {} to {}", self.entry, self.path));
        out.line(format!("Status of {}: OPEN (reopened)", self.path));
    }
}

pub fn run(ctx: &Ctx, args: &ReopenArgs) -> Result<Reopened> {
    let store = open(&args.dir, ctx)?;
    let actor = Actor::by("reopen", &args.agent);
    let Desk { locked, mut state } = Desk::open(&store, actor)?;
    state.ensure_holder(&store, &args.agent, "reopen an issue")?;
    state.ensure_phase(Phase::Positions, "reopen an issue")?;
    let issue = args.issue.find(&store)?;
    let rel = issues::positions_file(&issue.file);
    let text = store.read(&rel)?;
    let positions = text.as_deref().map(Positions::parse);
    let Some((current, parsed)) = text.as_deref().zip(positions.as_ref()) else {
        return Err(not_agreed(&rel, None));
    };
    if parsed.status != IssueStatus::Agreed {
        return Err(not_agreed(&rel, Some(parsed.status)));
    }
    let (events, _) = log::read(&store)?;
    if resolve::by_people(&store, &events)?.contains_key(&rel) {
        return Err(Error::forbidden(
            "RESOLVED_BY_HUMAN",
            format!("{rel} was settled by a person after escalation; agents do not reopen it"),
        ));
    }
    if agree::agreed_by(&events).get(&rel).map(String::as_str) == Some(args.agent.as_str()) {
        return Err(Error::forbidden(
            "OWN_AGREEMENT",
            format!(
                "{} wrote the agreement of {rel}; only another agent may question it",
                args.agent
            ),
        )
        .with_hint("an agent does not reopen its own agreement: argue it in a note, or let another agent reopen it"));
    }
    let decision = positions::sections(current)
        .iter()
        .rev()
        .find(|s| matches!(s.kind, SectionKind::Status(_)))
        .map(|s| s.body())
        .unwrap_or_default();
    let round = parsed
        .entries
        .iter()
        .filter(|e| e.kind == EntryKind::Position && e.agent == args.agent)
        .map(|e| e.round)
        .max()
        .unwrap_or(1);
    let quoted: String = decision
        .lines()
        .map(|l| format!("> {l}\n"))
        .collect::<String>();
    let body = format!(
        "{REOPEN_LINE}\n\n{}\n{}",
        quoted.trim_end(),
        args.reason.as_str()
    );
    let entry = positions::entry_block(&args.agent, EntryKind::Challenge, round, &body);
    let appended = positions::append_entry(current, &entry);
    let reopened = positions::set_status(
        &appended,
        IssueStatus::Open,
        &format!("Reopened by {}; it needs an agreement again.", args.agent),
    );
    let title = positions::entry_title(&args.agent, EntryKind::Challenge, round);
    let event = actor
        .event(ctx, EventKind::Reopen)
        .change(Some(format!("{rel}: AGREED")), Some(format!("{rel}: OPEN")))
        .with_detail(json!({"file": rel, "entry": title, "reason": args.reason.as_str()}));
    let on = OnIssue {
        issue,
        rel,
        text,
        positions,
    };
    write_positions(&locked, None, &mut state, ctx, actor, &on, &reopened, event)?;
    Ok(Reopened {
        file: on.issue.file,
        path: on.rel,
        status: IssueStatus::Open,
        agent: args.agent.clone(),
        entry: title,
    })
}

fn not_agreed(rel: &str, status: Option<IssueStatus>) -> Error {
    Error::forbidden(
        "NOT_AGREED",
        format!(
            "cannot reopen {rel}: it is {} (only an AGREED issue can be reopened)",
            status.map_or("without positions", IssueStatus::word)
        ),
    )
}
