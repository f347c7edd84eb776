//! `parley agent register|heartbeat|list|show`: identities and their liveness.

use serde_json::{Value, json};

use crate::clock::format_stamp;
use crate::context::Ctx;
use crate::error::{Error, Result, Status};
use crate::output::Outcome;

use super::agent_name::AgentName;
use super::desk::Desk;
use super::liveness::Thresholds;
use super::project::Project;
use super::reservation::reservation_view;
use super::stamp::Stamp;
use super::state::{AgentRecord, State};

const MAX_ROLE: usize = 64;

/// A role: one line of free text, 1 to 64 characters.
pub fn parse_role(raw: &str) -> Result<String> {
    let role = raw.trim();
    if role.is_empty() || role.contains(['\n', '\r']) || role.chars().count() > MAX_ROLE {
        return Err(Error::bad_input(
            "INVALID_ROLE",
            format!("invalid role {raw:?}: one line of 1 to {MAX_ROLE} characters"),
        ));
    }
    Ok(role.to_owned())
}

/// An agent record as printed: the record, its liveness now and when it changes.
pub fn agent_view(record: &AgentRecord, thresholds: &Thresholds, now: Stamp) -> Value {
    let seen = record.last_seen_at.time();
    json!({
        "agent": record.agent,
        "agent_id": record.agent,
        "role": record.role,
        "registered_at": record.registered_at,
        "last_seen_at": record.last_seen_at,
        "liveness": thresholds.liveness(seen, now.time()),
        "stale_at": format_stamp(thresholds.stale_at(seen)),
        "evicted_at": format_stamp(thresholds.evicted_at(seen)),
    })
}

fn line(record: &AgentRecord, thresholds: &Thresholds, now: Stamp) -> String {
    let liveness = thresholds.liveness(record.last_seen_at.time(), now.time());
    let role = record
        .role
        .as_deref()
        .map(|r| format!("  role: {r}"))
        .unwrap_or_default();
    format!(
        "{:<24} {:<8} last seen {}{role}",
        record.agent,
        liveness.as_str(),
        record.last_seen_at
    )
}

/// Creates the record of a new identity; a name with a record is refused (exit 3).
pub fn register_in(book: &mut Desk, agent: &AgentName, role: Option<String>) -> Result<Value> {
    if book.state.agent(agent).is_some() {
        return Err(Error::new(
            Status::AlreadyExists,
            "AGENT_EXISTS",
            format!("{agent} already has a record: a session must start with a unique name"),
        )
        .with_hint(format!(
            "choose another name, or resume this identity through adoption: parley session --non-interactive --adopt {agent} --scope SCOPE"
        )));
    }
    let record = AgentRecord {
        agent: agent.clone(),
        role,
        registered_at: book.now,
        last_seen_at: book.now,
    };
    let view = agent_view(&record, &book.thresholds, book.now);
    book.state.agents.push(record);
    book.changed();
    Ok(view)
}

pub fn register(
    ctx: &Ctx,
    project: &Project,
    agent: &AgentName,
    role: Option<String>,
) -> Result<Outcome> {
    let mut book = Desk::open(project, ctx, &format!("parley agent register {agent}"))?;
    let result = register_in(&mut book, agent, role)
        .map(|view| Outcome::ok(view).line(format!("registered {agent}")));
    book.settle(result)
}

pub fn heartbeat(ctx: &Ctx, project: &Project, agent: &AgentName) -> Result<Outcome> {
    let mut book = Desk::open(project, ctx, &format!("parley agent heartbeat {agent}"))?;
    book.seen(agent);
    let result = match book.state.agent(agent) {
        Some(record) => Ok(Outcome::ok(agent_view(record, &book.thresholds, book.now))
            .line(format!("heartbeat {agent} at {}", book.now))),
        None => Err(not_registered(agent)),
    };
    book.settle(result)
}

/// A heartbeat needs a record: it keeps an identity alive, it does not create one.
fn not_registered(agent: &AgentName) -> Error {
    Error::forbidden(
        "NOT_REGISTERED",
        format!("{agent} has no record in this project"),
    )
    .with_hint(format!(
        "register it first: parley agent register --agent {agent} (or parley session --register {agent})"
    ))
}

pub fn list(ctx: &Ctx, project: &Project) -> Result<Outcome> {
    let thresholds = Thresholds::from_env()?;
    let now = Stamp::now(&ctx.clock);
    let (mut state, warnings) = State::load(&project.store)?;
    state.agents.sort_by(|a, b| a.agent.cmp(&b.agent));
    let views: Vec<Value> = state
        .agents
        .iter()
        .map(|a| agent_view(a, &thresholds, now))
        .collect();
    let mut out = Outcome::ok(json!({
        "agents": views,
        "stale_minutes": thresholds.stale_minutes,
        "now": now,
    }));
    if state.agents.is_empty() {
        out.push("no agents registered");
    }
    for record in &state.agents {
        out.push(line(record, &thresholds, now));
    }
    for warning in warnings {
        out.warn(warning);
    }
    Ok(out)
}

pub fn show(ctx: &Ctx, project: &Project, agent: &AgentName) -> Result<Outcome> {
    let thresholds = Thresholds::from_env()?;
    let now = Stamp::now(&ctx.clock);
    let (state, warnings) = State::load(&project.store)?;
    let Some(record) = state.agent(agent) else {
        return Err(Error::new(
            Status::NotFound,
            "AGENT_NOT_FOUND",
            format!("{agent} has no record in this project"),
        )
        .with_hint("parley agent list shows the registered agents"));
    };
    let held: Vec<Value> = state
        .reservations
        .iter()
        .filter(|r| &r.agent == agent)
        .map(|r| reservation_view(r, now))
        .collect();
    let mut view = agent_view(record, &thresholds, now);
    view["reservations"] = json!(held);
    let mut out = Outcome::ok(view).line(line(record, &thresholds, now));
    for reservation in state.reservations.iter().filter(|r| &r.agent == agent) {
        out.push(format!(
            "  holds {} until {}",
            reservation.scope.relative_to(&project.root),
            reservation.expires_at
        ));
    }
    for warning in warnings {
        out.warn(warning);
    }
    Ok(out)
}
