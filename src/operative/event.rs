//! `parley event handoff|blocked|read|ack`: events agents send each other, and the
//! receiver's receipts ("Seen", "Accepted").

use serde::Serialize;

use crate::context::Ctx;
use crate::error::{Error, Result, Status};
use crate::output::{Human, Reply, Warned};

use super::agent_name::AgentName;
use super::bead::BeadId;
use super::desk::Desk;
use super::event_log::{
    self, BlockedPayload, HandoffPayload, Payload, ProtocolEvent, Receipt, ReceiptAction, VERSION,
};
use super::project::Project;
use super::scope::Scope;
use super::stamp::Stamp;

/// The envelope of an event an agent sends.
#[derive(Debug, Clone)]
pub struct Envelope {
    pub from: AgentName,
    pub to: AgentName,
    pub bead: BeadId,
    pub scope: Option<Scope>,
}

/// `event handoff|blocked`: the event as recorded.
#[derive(Debug, Serialize)]
#[serde(transparent)]
pub struct Sent {
    event: ProtocolEvent,
    #[serde(skip)]
    to: AgentName,
}

impl Reply for Sent {
    fn human(&self, out: &mut Human) {
        out.line(format!(
            "{} {}: {}",
            self.event.event_type.label(),
            self.to,
            self.event.id
        ));
    }
}

/// `event read|ack`: the receipt, new or given before.
#[derive(Debug, Serialize)]
pub struct Receipted {
    event: String,
    agent: AgentName,
    action: ReceiptAction,
    label: &'static str,
    at: Stamp,
    already: bool,
}

impl Reply for Receipted {
    fn human(&self, out: &mut Human) {
        out.line(if self.already {
            format!("{}: {} (already, at {})", self.label, self.event, self.at)
        } else {
            format!("{}: {}", self.label, self.event)
        });
    }
}

pub fn handoff(
    ctx: &Ctx,
    project: &Project,
    envelope: &Envelope,
    payload: HandoffPayload,
) -> Result<Warned<Sent>> {
    send(ctx, project, envelope, "handoff", Payload::Handoff(payload))
}

pub fn blocked(
    ctx: &Ctx,
    project: &Project,
    envelope: &Envelope,
    payload: BlockedPayload,
) -> Result<Warned<Sent>> {
    send(ctx, project, envelope, "blocked", Payload::Blocked(payload))
}

/// Records an event an agent sends; `verb` names its command for the lock label.
fn send(
    ctx: &Ctx,
    project: &Project,
    envelope: &Envelope,
    verb: &str,
    payload: Payload,
) -> Result<Warned<Sent>> {
    let event_type = payload.event_type();
    // Built and validated before the lock is taken: a bad field touches nothing. The id and
    // the time are given under the lock, where the log's length is known.
    let now = Stamp::now(&ctx.clock);
    let mut event = ProtocolEvent {
        id: event_log::event_id(now, 0),
        version: VERSION.to_owned(),
        event_type,
        project_root: project.root_text(),
        bead_id: Some(envelope.bead.clone()),
        from_agent: Some(envelope.from.clone()),
        to_agent: Some(envelope.to.clone()),
        scope: envelope.scope.clone(),
        created_at: now,
        payload,
    }
    .checked()?;
    let label = format!("parley event {verb} {}", envelope.from);
    let mut desk = Desk::open(project, ctx, &label)?;
    let result = (|| {
        desk.seen(&envelope.from);
        event.id = desk.next_event_id()?;
        event.created_at = desk.now;
        desk.emit(event.clone())?;
        Ok(Sent {
            event,
            to: envelope.to.clone(),
        })
    })();
    desk.commit(result)
}

pub fn receipt(
    ctx: &Ctx,
    project: &Project,
    agent: &AgentName,
    event_id: &str,
    action: ReceiptAction,
) -> Result<Warned<Receipted>> {
    if !event_log::is_event_id(event_id) {
        return Err(Error::bad_input(
            "INVALID_EVENT_ID",
            format!("{event_id:?} is not an event id (proto_YYYYMMDD_NNN)"),
        ));
    }
    let verb = match action {
        ReceiptAction::Read => "read",
        ReceiptAction::Ack => "ack",
    };
    let mut desk = Desk::open(project, ctx, &format!("parley event {verb} {agent}"))?;
    let result = (|| {
        desk.seen(agent);
        let store = &desk.project.store;
        let events = event_log::read_events(store)?;
        desk.warnings.extend(events.warnings);
        let Some(event) = events.records.iter().find(|e| e.id == event_id) else {
            return Err(Error::new(
                Status::NotFound,
                "EVENT_NOT_FOUND",
                format!("no event {event_id} in this project"),
            )
            .with_hint("parley events lists them"));
        };
        if event.to_agent.as_ref() != Some(agent) {
            let to = event
                .to_agent
                .as_ref()
                .map(|a| a.to_string())
                .unwrap_or_else(|| "nobody".to_owned());
            return Err(Error::forbidden(
                "NOT_RECIPIENT",
                format!("{event_id} is addressed to {to}; only its recipient may mark it"),
            ));
        }
        let receipts = event_log::read_receipts(store)?;
        desk.warnings.extend(receipts.warnings);
        let (read_at, acked_at) = event_log::first_receipts(&receipts.records, event_id);
        let already = match action {
            ReceiptAction::Read => read_at,
            ReceiptAction::Ack => acked_at,
        };
        let at = already.unwrap_or(desk.now);
        if already.is_none() {
            // Accepting an event also means having seen it.
            if action == ReceiptAction::Ack && read_at.is_none() {
                desk.receipt(Receipt {
                    event_id: event_id.to_owned(),
                    agent: agent.clone(),
                    action: ReceiptAction::Read,
                    at,
                });
            }
            desk.receipt(Receipt {
                event_id: event_id.to_owned(),
                agent: agent.clone(),
                action,
                at,
            });
        }
        Ok(Receipted {
            event: event_id.to_owned(),
            agent: agent.clone(),
            action,
            label: action.label(),
            at,
            already: already.is_some(),
        })
    })();
    desk.commit(result)
}
