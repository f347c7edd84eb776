//! Protocol events (section 6): the stable envelope, the payload of each type, validation,
//! and their storage in `events.jsonl` (append-only) with read and ack receipts in
//! `receipts.jsonl` (append-only too: an event line is never rewritten).
//!
//! Every event is validated before it is written and again when it is read: all ten envelope
//! fields present (`null` only where the protocol allows it), `version` `v1`, names, bead id,
//! scope and time well formed, the payload exactly the fields its type requires.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::error::{Error, Result};
use crate::store::Store;

use super::agent_name::AgentName;
use super::bead::BeadId;
use super::jsonl;
use super::liveness::Liveness;
use super::scope::{Overlap, Scope};
use super::stamp::Stamp;

pub const EVENTS_FILE: &str = ".parley/operative/events.jsonl";
pub const RECEIPTS_FILE: &str = ".parley/operative/receipts.jsonl";
pub const VERSION: &str = "v1";

/// The envelope's fields, every one required (protocol 6.1).
const ENVELOPE_FIELDS: [&str; 10] = [
    "id",
    "version",
    "event_type",
    "project_root",
    "bead_id",
    "from_agent",
    "to_agent",
    "scope",
    "created_at",
    "payload",
];
const MAX_SUBJECT: usize = 200;
const MAX_TEXT: usize = 4000;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "UPPERCASE")]
pub enum EventType {
    Handoff,
    Blocked,
    Incursion,
    Resume,
}

impl EventType {
    /// The timeline label (protocol 6.3).
    pub fn label(self) -> &'static str {
        match self {
            EventType::Handoff => "Passed to",
            EventType::Blocked => "Needs input",
            EventType::Incursion => "Incursion",
            EventType::Resume => "Resumed",
        }
    }

    /// INCURSION and RESUME are raised by parley itself, not sent by an agent.
    pub fn is_system(self) -> bool {
        matches!(self, EventType::Incursion | EventType::Resume)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Urgency {
    Low,
    Medium,
    High,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ResumeReason {
    UncommittedScope,
    InProgressOwnership,
}

impl ResumeReason {
    pub fn as_str(self) -> &'static str {
        match self {
            ResumeReason::UncommittedScope => "uncommitted_scope",
            ResumeReason::InProgressOwnership => "in_progress_ownership",
        }
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HandoffPayload {
    pub subject: String,
    pub summary: String,
    pub next_action: String,
    pub requires_ack: bool,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BlockedPayload {
    pub subject: String,
    pub blocker: String,
    pub requested_action: String,
    pub urgency: Urgency,
    pub requires_ack: bool,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct IncursionPayload {
    pub incursion_kind: Overlap,
    pub owner_agent: AgentName,
    pub incoming_agent: AgentName,
    pub owner_liveness: Liveness,
    pub resolution_hint: String,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResumePayload {
    pub resume_reason: ResumeReason,
    pub prior_session_agent: AgentName,
    pub adopted_agent: AgentName,
    pub evidence: String,
}

#[derive(Debug, Clone, Serialize)]
#[serde(untagged)]
pub enum Payload {
    Handoff(HandoffPayload),
    Blocked(BlockedPayload),
    Incursion(IncursionPayload),
    Resume(ResumePayload),
}

impl Payload {
    pub fn event_type(&self) -> EventType {
        match self {
            Payload::Handoff(_) => EventType::Handoff,
            Payload::Blocked(_) => EventType::Blocked,
            Payload::Incursion(_) => EventType::Incursion,
            Payload::Resume(_) => EventType::Resume,
        }
    }

    /// Whether the receiver is expected to accept the event.
    pub fn requires_ack(&self) -> bool {
        match self {
            Payload::Handoff(p) => p.requires_ack,
            Payload::Blocked(p) => p.requires_ack,
            Payload::Incursion(_) | Payload::Resume(_) => false,
        }
    }
}

/// One protocol event: the envelope of protocol 6.1 and its payload. Reading one validates
/// it ([`ProtocolEvent::from_json`]).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(try_from = "Value")]
pub struct ProtocolEvent {
    pub id: String,
    pub version: String,
    pub event_type: EventType,
    pub project_root: String,
    pub bead_id: Option<BeadId>,
    pub from_agent: Option<AgentName>,
    pub to_agent: Option<AgentName>,
    pub scope: Option<Scope>,
    pub created_at: Stamp,
    pub payload: Payload,
}

/// The envelope as it is parsed, before the payload is decoded by type.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawProtocolEvent {
    id: String,
    version: String,
    event_type: EventType,
    project_root: String,
    bead_id: Option<BeadId>,
    from_agent: Option<AgentName>,
    to_agent: Option<AgentName>,
    scope: Option<Scope>,
    created_at: Stamp,
    payload: Value,
}

impl ProtocolEvent {
    /// Parses and validates one stored event.
    pub fn from_json(value: Value) -> std::result::Result<ProtocolEvent, String> {
        let Value::Object(map) = &value else {
            return Err("an event is a JSON object".to_owned());
        };
        if let Some(missing) = ENVELOPE_FIELDS.iter().find(|f| !map.contains_key(**f)) {
            return Err(format!("the envelope field {missing:?} is missing"));
        }
        let raw: RawProtocolEvent = serde_json::from_value(value).map_err(|e| e.to_string())?;
        let payload = match raw.event_type {
            EventType::Handoff => serde_json::from_value(raw.payload).map(Payload::Handoff),
            EventType::Blocked => serde_json::from_value(raw.payload).map(Payload::Blocked),
            EventType::Incursion => serde_json::from_value(raw.payload).map(Payload::Incursion),
            EventType::Resume => serde_json::from_value(raw.payload).map(Payload::Resume),
        }
        .map_err(|e| {
            format!(
                "{} payload: {e}",
                serde_json::to_string(&raw.event_type).unwrap_or_default()
            )
        })?;
        let event = ProtocolEvent {
            id: raw.id,
            version: raw.version,
            event_type: raw.event_type,
            project_root: raw.project_root,
            bead_id: raw.bead_id,
            from_agent: raw.from_agent,
            to_agent: raw.to_agent,
            scope: raw.scope,
            created_at: raw.created_at,
            payload,
        };
        event.validate()?;
        Ok(event)
    }

    /// The rules beyond the shape: the protocol's requirements for each field and type.
    pub fn validate(&self) -> std::result::Result<(), String> {
        if !is_event_id(&self.id) {
            return Err(format!(
                "id {:?} is not of the form proto_YYYYMMDD_NNN",
                self.id
            ));
        }
        if self.version != VERSION {
            return Err(format!("version {:?} is not {VERSION:?}", self.version));
        }
        if self.payload.event_type() != self.event_type {
            return Err("the payload does not match event_type".to_owned());
        }
        if !self.project_root.starts_with('/') {
            return Err(format!(
                "project_root {:?} is not an absolute path",
                self.project_root
            ));
        }
        let system = self.event_type.is_system();
        if !system && (self.from_agent.is_none() || self.to_agent.is_none()) {
            return Err("from_agent and to_agent may be null only for system events".to_owned());
        }
        if !system && self.bead_id.is_none() {
            return Err("bead_id is required for HANDOFF and BLOCKED".to_owned());
        }
        if !system && self.from_agent == self.to_agent {
            return Err("from_agent and to_agent must differ".to_owned());
        }
        match &self.payload {
            Payload::Handoff(p) => {
                subject(&p.subject)?;
                text("summary", &p.summary)?;
                text("next_action", &p.next_action)?;
            }
            Payload::Blocked(p) => {
                subject(&p.subject)?;
                text("blocker", &p.blocker)?;
                text("requested_action", &p.requested_action)?;
                if !p.requires_ack {
                    return Err("a BLOCKED event always requires an ack".to_owned());
                }
            }
            Payload::Incursion(p) => {
                if p.incursion_kind == Overlap::Disjoint {
                    return Err("incursion_kind is exact or partial".to_owned());
                }
                text("resolution_hint", &p.resolution_hint)?;
                if self.from_agent.as_ref() != Some(&p.incoming_agent)
                    || self.to_agent.as_ref() != Some(&p.owner_agent)
                {
                    return Err("an INCURSION goes from incoming_agent to owner_agent".to_owned());
                }
            }
            Payload::Resume(p) => {
                text("evidence", &p.evidence)?;
                if self.to_agent.as_ref() != Some(&p.adopted_agent) {
                    return Err("a RESUME is addressed to adopted_agent".to_owned());
                }
            }
        }
        Ok(())
    }

    /// Validates an event built from the command line, before anything is written.
    pub fn checked(self) -> Result<ProtocolEvent> {
        self.validate().map_err(|why| {
            Error::bad_input(
                "INVALID_EVENT",
                format!("invalid {} event: {why}", self.event_type.label()),
            )
        })?;
        Ok(self)
    }

    pub fn involves(&self, agent: &AgentName) -> bool {
        self.from_agent.as_ref() == Some(agent) || self.to_agent.as_ref() == Some(agent)
    }

    pub fn subject(&self) -> Option<&str> {
        match &self.payload {
            Payload::Handoff(p) => Some(&p.subject),
            Payload::Blocked(p) => Some(&p.subject),
            Payload::Incursion(_) | Payload::Resume(_) => None,
        }
    }
}

fn subject(value: &str) -> std::result::Result<(), String> {
    text("subject", value)?;
    if value.contains('\n') || value.chars().count() > MAX_SUBJECT {
        return Err(format!(
            "subject is one line of at most {MAX_SUBJECT} characters"
        ));
    }
    Ok(())
}

fn text(field: &str, value: &str) -> std::result::Result<(), String> {
    if value.trim().is_empty() {
        return Err(format!("{field} is empty"));
    }
    if value.chars().count() > MAX_TEXT {
        return Err(format!("{field} is longer than {MAX_TEXT} characters"));
    }
    Ok(())
}

/// `proto_YYYYMMDD_NNN` (three digits or more).
pub fn is_event_id(id: &str) -> bool {
    let Some(rest) = id.strip_prefix("proto_") else {
        return false;
    };
    let Some((date, number)) = rest.split_once('_') else {
        return false;
    };
    date.len() == 8
        && date.bytes().all(|b| b.is_ascii_digit())
        && number.len() >= 3
        && number.bytes().all(|b| b.is_ascii_digit())
}

/// The id of the event written after `count` others, on the day of `at`.
pub fn event_id(at: Stamp, count: usize) -> String {
    format!("proto_{}_{:03}", at.time().format("%Y%m%d"), count + 1)
}

impl TryFrom<Value> for ProtocolEvent {
    type Error = String;

    fn try_from(value: Value) -> std::result::Result<ProtocolEvent, String> {
        ProtocolEvent::from_json(value)
    }
}

pub fn read_events(store: &Store) -> Result<jsonl::Lines<ProtocolEvent>> {
    jsonl::read(store, EVENTS_FILE, |_: &ProtocolEvent| Ok(()))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ReceiptAction {
    Read,
    Ack,
}

impl ReceiptAction {
    /// The action's label in the timeline (protocol 6.3).
    pub fn label(self) -> &'static str {
        match self {
            ReceiptAction::Read => "Seen",
            ReceiptAction::Ack => "Accepted",
        }
    }
}

/// The receiver saw (`read`) or accepted (`ack`) an event.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Receipt {
    pub event_id: String,
    pub agent: AgentName,
    pub action: ReceiptAction,
    pub at: Stamp,
}

pub fn read_receipts(store: &Store) -> Result<jsonl::Lines<Receipt>> {
    jsonl::read(store, RECEIPTS_FILE, |receipt: &Receipt| {
        if is_event_id(&receipt.event_id) {
            Ok(())
        } else {
            Err(format!("{:?} is not an event id", receipt.event_id))
        }
    })
}

/// When an event was first seen and first accepted, from the receipts.
pub fn first_receipts(receipts: &[Receipt], event_id: &str) -> (Option<Stamp>, Option<Stamp>) {
    let first = |action: ReceiptAction| {
        receipts
            .iter()
            .find(|r| r.event_id == event_id && r.action == action)
            .map(|r| r.at)
    };
    (first(ReceiptAction::Read), first(ReceiptAction::Ack))
}
