//! `parley agent register|heartbeat|list|show`: identities and their liveness.

use std::path::PathBuf;

use serde::Serialize;

use crate::context::Ctx;
use crate::error::{Error, Result, Status};
use crate::output::{Human, Reply, Warned};

use super::agent_name::AgentName;
use super::desk::Desk;
use super::liveness::{Liveness, Thresholds};
use super::project::Project;
use super::reservation::ReservationView;
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

/// An agent record as shown: the record, its liveness now and when it changes.
#[derive(Debug, Serialize)]
pub struct AgentView {
    pub agent: AgentName,
    /// The protocol's name for `agent`.
    agent_id: AgentName,
    role: Option<String>,
    registered_at: Stamp,
    last_seen_at: Stamp,
    liveness: Liveness,
    stale_at: Stamp,
    evicted_at: Stamp,
}

impl AgentView {
    pub fn new(record: &AgentRecord, thresholds: &Thresholds, now: Stamp) -> AgentView {
        let seen = record.last_seen_at.time();
        AgentView {
            agent: record.agent.clone(),
            agent_id: record.agent.clone(),
            role: record.role.clone(),
            registered_at: record.registered_at,
            last_seen_at: record.last_seen_at,
            liveness: thresholds.liveness(seen, now.time()),
            stale_at: Stamp(thresholds.stale_at(seen)),
            evicted_at: Stamp(thresholds.evicted_at(seen)),
        }
    }

    /// The agent's line in `agent list` and `agent show`.
    fn line(&self) -> String {
        let role = self
            .role
            .as_deref()
            .map(|r| format!("  role: {r}"))
            .unwrap_or_default();
        format!(
            "{:<24} {:<8} last seen {}{role}",
            self.agent,
            self.liveness.as_str(),
            self.last_seen_at
        )
    }
}

/// `agent register`: the new record.
#[derive(Debug, Serialize)]
#[serde(transparent)]
pub struct Registered {
    view: AgentView,
}

impl Reply for Registered {
    fn human(&self, out: &mut Human) {
        out.line(format!("registered {}", self.view.agent));
    }
}

/// `agent heartbeat`: the refreshed record.
#[derive(Debug, Serialize)]
#[serde(transparent)]
pub struct Heartbeat {
    view: AgentView,
    #[serde(skip)]
    at: Stamp,
}

impl Reply for Heartbeat {
    fn human(&self, out: &mut Human) {
        out.line(format!("heartbeat {} at {}", self.view.agent, self.at));
    }
}

/// `agent list`: every record, by name.
#[derive(Debug, Serialize)]
pub struct AgentList {
    agents: Vec<AgentView>,
    stale_minutes: u64,
    now: Stamp,
}

impl Reply for AgentList {
    fn human(&self, out: &mut Human) {
        if self.agents.is_empty() {
            out.line("no agents registered");
        }
        for agent in &self.agents {
            out.line(agent.line());
        }
    }
}

/// `agent show`: one record and the reservations it holds.
#[derive(Debug, Serialize)]
pub struct AgentDetail {
    #[serde(flatten)]
    view: AgentView,
    reservations: Vec<ReservationView>,
    #[serde(skip)]
    root: PathBuf,
}

impl Reply for AgentDetail {
    fn human(&self, out: &mut Human) {
        out.line(self.view.line());
        for held in &self.reservations {
            out.line(format!(
                "  holds {} until {}",
                held.reservation.scope.relative_to(&self.root),
                held.reservation.expires_at
            ));
        }
    }
}

/// Creates the record of a new identity; a name with a record is refused (exit 3).
pub fn register_in(desk: &mut Desk, agent: &AgentName, role: Option<String>) -> Result<AgentView> {
    if desk.state.agent(agent).is_some() {
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
        registered_at: desk.now,
        last_seen_at: desk.now,
    };
    let view = AgentView::new(&record, &desk.thresholds, desk.now);
    desk.state.agents.push(record);
    desk.changed();
    Ok(view)
}

pub fn register(
    ctx: &Ctx,
    project: &Project,
    agent: &AgentName,
    role: Option<String>,
) -> Result<Warned<Registered>> {
    let mut desk = Desk::open(project, ctx, &format!("parley agent register {agent}"))?;
    let result = register_in(&mut desk, agent, role).map(|view| Registered { view });
    desk.commit(result)
}

pub fn heartbeat(ctx: &Ctx, project: &Project, agent: &AgentName) -> Result<Warned<Heartbeat>> {
    let mut desk = Desk::open(project, ctx, &format!("parley agent heartbeat {agent}"))?;
    desk.seen(agent);
    let result = match desk.state.agent(agent) {
        Some(record) => Ok(Heartbeat {
            view: AgentView::new(record, &desk.thresholds, desk.now),
            at: desk.now,
        }),
        None => Err(not_registered(agent)),
    };
    desk.commit(result)
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

pub fn list(ctx: &Ctx, project: &Project) -> Result<Warned<AgentList>> {
    let thresholds = Thresholds::from_setting(ctx.settings.stale_minutes.as_deref())?;
    let now = Stamp::now(&ctx.clock);
    let (mut state, warnings) = State::load(&project.store)?;
    state.agents.sort_by(|a, b| a.agent.cmp(&b.agent));
    let agents = state
        .agents
        .iter()
        .map(|a| AgentView::new(a, &thresholds, now))
        .collect();
    let list = AgentList {
        agents,
        stale_minutes: thresholds.stale_minutes,
        now,
    };
    Ok(Warned::new(list, warnings))
}

pub fn show(ctx: &Ctx, project: &Project, agent: &AgentName) -> Result<Warned<AgentDetail>> {
    let thresholds = Thresholds::from_setting(ctx.settings.stale_minutes.as_deref())?;
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
    let detail = AgentDetail {
        view: AgentView::new(record, &thresholds, now),
        reservations: state
            .reservations
            .iter()
            .filter(|r| &r.agent == agent)
            .map(|r| ReservationView::new(r, now))
            .collect(),
        root: project.root.clone(),
    };
    Ok(Warned::new(detail, warnings))
}
