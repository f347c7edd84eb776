//! `parley events`: the protocol timeline, with the protocol's labels (HANDOFF "Passed to",
//! BLOCKED "Needs input"; INCURSION and RESUME as rows of their own) and each event's
//! receipts ("Seen", "Accepted").

use serde::Serialize;

use crate::context::Ctx;
use crate::error::Result;
use crate::output::{Human, Reply, Warned};

use super::agent_name::AgentName;
use super::bead::BeadId;
use super::event_log::{self, Payload, ProtocolEvent};
use super::project::Project;
use super::stamp::Stamp;

#[derive(Debug, Clone, Default)]
pub struct Filter {
    pub bead: Option<BeadId>,
    /// Events from or to this agent.
    pub agent: Option<AgentName>,
    /// Only events that require an ack not given yet.
    pub unacked: bool,
}

/// `events`: the events that pass the filter, in the order they were recorded.
#[derive(Debug, Serialize)]
pub struct Timeline {
    events: Vec<Row>,
}

/// One event with its label and receipts.
#[derive(Debug, Serialize)]
struct Row {
    #[serde(flatten)]
    event: ProtocolEvent,
    label: &'static str,
    requires_ack: bool,
    read_at: Option<Stamp>,
    acked_at: Option<Stamp>,
    state: &'static str,
}

impl Reply for Timeline {
    fn human(&self, out: &mut Human) {
        if self.events.is_empty() {
            out.line("no events");
        }
        for row in &self.events {
            out.line(line(
                &row.event,
                row.read_at.is_some(),
                row.acked_at.is_some(),
            ));
        }
    }
}

pub fn run(_ctx: &Ctx, project: &Project, filter: &Filter) -> Result<Warned<Timeline>> {
    let store = &project.store;
    let events = event_log::read_events(store)?;
    let receipts = event_log::read_receipts(store)?;
    let mut rows = Vec::new();
    for event in events.records {
        let (read_at, acked_at) = event_log::first_receipts(&receipts.records, &event.id);
        let wanted = filter
            .bead
            .as_ref()
            .is_none_or(|b| event.bead_id.as_ref() == Some(b))
            && filter.agent.as_ref().is_none_or(|a| event.involves(a))
            && (!filter.unacked || (event.payload.requires_ack() && acked_at.is_none()));
        if !wanted {
            continue;
        }
        let state = match (read_at, acked_at) {
            (_, Some(_)) => "accepted",
            (Some(_), None) => "seen",
            (None, None) => "new",
        };
        rows.push(Row {
            label: event.event_type.label(),
            requires_ack: event.payload.requires_ack(),
            read_at,
            acked_at,
            state,
            event,
        });
    }
    let warnings = events
        .warnings
        .into_iter()
        .chain(receipts.warnings)
        .collect();
    Ok(Warned::new(Timeline { events: rows }, warnings))
}

fn line(event: &ProtocolEvent, seen: bool, accepted: bool) -> String {
    let who = |agent: &Option<AgentName>| {
        agent
            .as_ref()
            .map(AgentName::to_string)
            .unwrap_or_else(|| "-".to_owned())
    };
    let detail = match &event.payload {
        Payload::Handoff(p) => format!("{}: {}", p.subject, p.next_action),
        Payload::Blocked(p) => format!(
            "{} ({} urgency): {}",
            p.subject,
            serde_json::to_value(p.urgency)
                .ok()
                .and_then(|v| v.as_str().map(str::to_owned))
                .unwrap_or_default(),
            p.requested_action
        ),
        Payload::Incursion(p) => format!(
            "{} overlap, owner {} ({}): {}",
            p.incursion_kind,
            p.owner_agent,
            p.owner_liveness.as_str(),
            p.resolution_hint
        ),
        Payload::Resume(p) => format!("{}: {}", p.resume_reason.as_str(), p.evidence),
    };
    let bead = event
        .bead_id
        .as_ref()
        .map(|b| format!("  [{b}]"))
        .unwrap_or_default();
    let receipt = if accepted {
        "  Accepted"
    } else if seen {
        "  Seen"
    } else if event.payload.requires_ack() {
        "  (awaiting ack)"
    } else {
        ""
    };
    format!(
        "{}  {}  {:<11}  {} -> {}{bead}  {detail}{receipt}",
        event.created_at,
        event.id,
        event.event_type.label(),
        who(&event.from_agent),
        who(&event.to_agent),
    )
}
