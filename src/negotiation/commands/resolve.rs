//! `resolve DIR ISSUE --decision TEXT --by HUMAN`: a person settles an escalated issue.
//!
//! The positions file gets `## Status: AGREED`, whose text starts with the line
//! `Resolved by HUMAN (a person) after escalation.` and then the decision; the log gets a
//! `resolve` event naming the person. An issue counts as resolved by a person only when both
//! agree (the marker line alone, typed by an agent, does not), and then `finish` lets it
//! through without the challenge and two-agent checks an agents' agreement needs, and
//! `status` shows who settled it. It needs no turn: a person is not in the rotation. HUMAN
//! must not be the name of a registered agent.

use std::path::PathBuf;

use serde::Serialize;
use serde_json::json;

use crate::context::Ctx;
use crate::error::{Error, Result};
use crate::output::{Human, Reply};

use crate::negotiation::commands::desk::Desk;
use crate::negotiation::commands::on_issue::{OnIssue, write_positions};
use crate::negotiation::model::issues;
use crate::negotiation::model::issues::IssueRef;
use crate::negotiation::model::log::EventKind;
use crate::negotiation::model::positions;
use crate::negotiation::model::positions::{IssueStatus, Positions};
use crate::negotiation::model::turn::Phase;
use crate::negotiation::model::{Actor, open};
use crate::negotiation::rules::resolve::marker;
use crate::negotiation::rules::text::Text;

#[derive(Debug, Clone)]
pub struct ResolveArgs {
    pub dir: PathBuf,
    pub issue: IssueRef,
    pub decision: Text,
    pub by: String,
}

/// The escalated issue a person settled: `data` of `resolve --json`.
#[derive(Debug, Serialize)]
pub struct Resolution {
    /// The issue's file name, `NN-TOPIC.md`.
    file: String,
    /// The positions file, `positions/NN-TOPIC.md`.
    path: String,
    status: IssueStatus,
    /// The person.
    by: String,
}

impl Reply for Resolution {
    fn human(&self, out: &mut Human) {
        out.line(format!(
            "Resolved by {}: {} (was ESCALATE)",
            self.by, self.path
        ));
    }
}

pub fn run(ctx: &Ctx, args: &ResolveArgs) -> Result<Resolution> {
    let store = open(&args.dir, ctx)?;
    let actor = Actor {
        command: "resolve",
        agent: None,
    };
    let Desk { locked, mut state } = Desk::open(&store, actor)?;
    state.ensure_not_finished(&store)?;
    if state.agents.list.iter().any(|a| a.name.as_str() == args.by) {
        return Err(Error::forbidden(
            "AGENT_NOT_HUMAN",
            format!(
                "{} is a registered agent; only a person settles an escalated issue",
                args.by
            ),
        ));
    }
    state.ensure_phase(Phase::Positions, "resolve an issue")?;
    let issue = args.issue.find(&store)?;
    let rel = issues::positions_file(&issue.file);
    let text = store.read(&rel)?;
    let positions = text.as_deref().map(Positions::parse);
    let status = positions.as_ref().map(|p| p.status);
    let Some(current) = text
        .as_deref()
        .filter(|_| status == Some(IssueStatus::Escalate))
    else {
        return Err(Error::forbidden(
            "NOT_ESCALATED",
            format!(
                "{rel} is {}: only an ESCALATE issue is settled by a person",
                status.map_or("without positions", IssueStatus::word)
            ),
        )
        .with_hint("agents escalate with `parley escalate DIR AGENT ISSUE --summary TEXT`"));
    };
    let body = format!("{}\n\n{}", marker(&args.by), args.decision.as_str());
    let resolved = positions::set_status(current, IssueStatus::Agreed, &body);
    let event = actor
        .event(ctx, EventKind::Resolve)
        .change(
            Some(format!("{rel}: ESCALATE")),
            Some(format!("{rel}: AGREED")),
        )
        .with_detail(json!({"file": rel, "by": args.by, "decision": args.decision.as_str()}));
    let on = OnIssue {
        issue,
        rel,
        text,
        positions,
    };
    write_positions(&locked, None, &mut state, ctx, actor, &on, &resolved, event)?;
    let OnIssue { issue, rel, .. } = on;
    Ok(Resolution {
        file: issue.file,
        path: rel,
        status: IssueStatus::Agreed,
        by: args.by.clone(),
    })
}
