//! `escalate DIR AGENT ISSUE --summary TEXT`: the holder sets `## Status: ESCALATE` with a
//! summary of the disagreement, for a person to settle with `resolve`. Allowed on any OPEN
//! issue with positions, before max rounds too: an agent that sees a deadlock need not burn
//! its remaining rounds.

use std::path::PathBuf;

use serde::Serialize;

use crate::context::Ctx;
use crate::error::Result;
use crate::names::Name;
use crate::output::{Human, Reply};

use crate::negotiation::commands::desk::Desk;
use crate::negotiation::commands::on_issue::{holder_on_issue, write_positions};
use crate::negotiation::model::issues::IssueRef;
use crate::negotiation::model::log::EventKind;
use crate::negotiation::model::positions;
use crate::negotiation::model::positions::IssueStatus;
use crate::negotiation::model::{Actor, open};
use crate::negotiation::rules::text::Text;

#[derive(Debug, Clone)]
pub struct EscalateArgs {
    pub dir: PathBuf,
    pub agent: Name,
    pub issue: IssueRef,
    pub summary: Text,
}

/// The issue escalated: `data` of `escalate --json`.
#[derive(Debug, Serialize)]
pub struct Escalation {
    /// The issue's file name, `NN-TOPIC.md`.
    file: String,
    /// The positions file, `positions/NN-TOPIC.md`.
    path: String,
    status: IssueStatus,
    agent: Name,
    #[serde(skip)]
    number: u64,
}

impl Reply for Escalation {
    fn human(&self, out: &mut Human) {
        out.line(format!("Status of {}: ESCALATE", self.path));
        out.line(format!(
            "A person settles it with: parley resolve DIR {} --decision TEXT --by NAME",
            self.number
        ));
    }
}

pub fn run(ctx: &Ctx, args: &EscalateArgs) -> Result<Escalation> {
    let store = open(&args.dir, ctx)?;
    let actor = Actor::by("escalate", &args.agent);
    let Desk { locked, mut state } = Desk::open(&store, actor)?;
    let on = holder_on_issue(&locked, &state, &args.agent, &args.issue, "escalate")?;
    let (text, _) = on.require_positions("escalate")?;
    let text = positions::set_status(text, IssueStatus::Escalate, args.summary.as_str());
    let event = actor.event(ctx, EventKind::Status).change(
        Some(format!("{}: OPEN", on.rel)),
        Some(format!("{}: ESCALATE", on.rel)),
    );
    write_positions(&locked, None, &mut state, ctx, actor, &on, &text, event)?;
    Ok(Escalation {
        number: on.issue.number,
        file: on.issue.file,
        path: on.rel,
        status: IssueStatus::Escalate,
        agent: args.agent.clone(),
    })
}
