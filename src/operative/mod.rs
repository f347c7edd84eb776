//! The operative protocol (`shared/protocols/operative-protocol-v1.md`, sections 3 to 7):
//! agent identities with heartbeats and liveness, scope reservations with takeover of stale
//! owners, protocol events, and the session contract with adoption. State lives per project
//! under `ROOT/.parley/operative/`; `docs/operative.md` describes it.
//!
//! Concepts have a file each ([`agent_name`], [`scope`], [`liveness`], [`state`],
//! [`event_log`], [`bead`], [`git_status`], [`project`], [`book`]); so do the commands
//! ([`agent`], [`reserve`], [`release`], [`reservation`], [`event`], [`timeline`],
//! [`session`]). This module turns clap values into validated arguments and dispatches.

pub mod agent;
pub mod agent_name;
pub mod bead;
pub mod book;
pub mod event;
pub mod event_log;
pub mod git_status;
pub mod jsonl;
pub mod liveness;
pub mod project;
pub mod release;
pub mod reservation;
pub mod reserve;
pub mod scope;
pub mod session;
pub mod stamp;
pub mod state;
pub mod timeline;

use std::ffi::OsStr;

use serde_json::json;

use crate::cli::operative::{
    AgentCommand, EnvelopeCli, EventCommand, OperativeCommand, ProjectCli, ScopeCommand,
};
use crate::context::Ctx;
use crate::error::{Error, Result};
use crate::output::Outcome;

use agent_name::AgentName;
use bead::BeadId;
use event_log::{BlockedPayload, HandoffPayload, ReceiptAction};
use project::Project;
use scope::Scope;

pub fn dispatch(ctx: &Ctx, command: OperativeCommand) -> Result<Outcome> {
    match command {
        OperativeCommand::Agent(AgentCommand::Register(cli)) => {
            let name = agent_flag(&cli.acting.agent)?;
            let role = cli.role.as_deref().map(agent::parse_role).transpose()?;
            let project = open(ctx, &cli.acting.project)?;
            agent::register(ctx, &project, &name, role)
        }
        OperativeCommand::Agent(AgentCommand::Heartbeat(cli)) => {
            let name = agent_flag(&cli.agent)?;
            agent::heartbeat(ctx, &open(ctx, &cli.project)?, &name)
        }
        OperativeCommand::Agent(AgentCommand::List(cli)) => agent::list(ctx, &open(ctx, &cli)?),
        OperativeCommand::Agent(AgentCommand::Show(cli)) => {
            let name = agent_flag(&cli.agent)?;
            agent::show(ctx, &open(ctx, &cli.project)?, &name)
        }
        OperativeCommand::Scope(ScopeCommand::Overlap(cli)) => {
            let project = open(ctx, &cli.project)?;
            let a = Scope::parse(&project.root, &text("scope", &cli.a)?)?;
            let b = Scope::parse(&project.root, &text("scope", &cli.b)?)?;
            let class = a.overlap(&b);
            Ok(Outcome::ok(json!({"class": class, "a": a, "b": b}))
                .line(format!("{class} {a} {b}")))
        }
        OperativeCommand::Reserve(cli) => {
            let agent = agent_flag(&cli.acting.agent)?;
            let project = open(ctx, &cli.acting.project)?;
            let args = reserve::ReserveArgs {
                agent,
                scope: project_scope(&project, &cli.scope)?,
                bead: cli.bead.as_deref().map(BeadId::parse).transpose()?,
                ttl_minutes: cli.ttl,
                takeover_stale: cli.takeover_stale,
            };
            reserve::run(ctx, &project, &args)
        }
        OperativeCommand::Release(cli) => {
            let agent = agent_flag(&cli.acting.agent)?;
            let project = open(ctx, &cli.acting.project)?;
            let scope = project_scope(&project, &cli.scope)?;
            release::run(ctx, &project, &agent, &scope)
        }
        OperativeCommand::Reservations(cli) => {
            reservation::list(ctx, &open(ctx, &cli.project)?, cli.archived)
        }
        OperativeCommand::Event(EventCommand::Handoff(cli)) => {
            let (project, envelope) = envelope(ctx, &cli.envelope)?;
            let payload = HandoffPayload {
                subject: cli.envelope.subject,
                summary: cli.summary,
                next_action: cli.next_action,
                requires_ack: cli.requires_ack,
            };
            event::handoff(ctx, &project, &envelope, payload)
        }
        OperativeCommand::Event(EventCommand::Blocked(cli)) => {
            let (project, envelope) = envelope(ctx, &cli.envelope)?;
            let payload = BlockedPayload {
                subject: cli.envelope.subject,
                blocker: cli.blocker,
                requested_action: cli.requested_action,
                urgency: cli.urgency,
                requires_ack: cli.requires_ack,
            };
            event::blocked(ctx, &project, &envelope, payload)
        }
        OperativeCommand::Event(EventCommand::Read(cli)) => {
            let agent = agent_flag(&cli.acting.agent)?;
            let project = open(ctx, &cli.acting.project)?;
            event::receipt(ctx, &project, &agent, &cli.event, ReceiptAction::Read)
        }
        OperativeCommand::Event(EventCommand::Ack(cli)) => {
            let agent = agent_flag(&cli.acting.agent)?;
            let project = open(ctx, &cli.acting.project)?;
            event::receipt(ctx, &project, &agent, &cli.event, ReceiptAction::Ack)
        }
        OperativeCommand::Events(cli) => {
            let filter = timeline::Filter {
                bead: cli.bead.as_deref().map(BeadId::parse).transpose()?,
                agent: cli
                    .agent
                    .as_deref()
                    .map(|raw| AgentName::parse("--agent", raw))
                    .transpose()?,
                unacked: cli.unacked,
            };
            timeline::run(ctx, &open(ctx, &cli.project)?, &filter)
        }
        OperativeCommand::Session(cli) => {
            let project = open(ctx, &cli.project)?;
            let decision = match (&cli.register, &cli.adopt) {
                (Some(raw), _) => session::Decision::Register {
                    agent: AgentName::parse("--register", raw)?,
                    role: cli.role.as_deref().map(agent::parse_role).transpose()?,
                },
                (None, Some(raw)) => session::Decision::Adopt {
                    agent: AgentName::parse("--adopt", raw)?,
                    scope: cli
                        .scope
                        .as_deref()
                        .map(|raw| project_scope(&project, raw))
                        .transpose()?,
                },
                (None, None) => session::Decision::Undecided,
            };
            session::run(ctx, &project, &decision)
        }
    }
}

fn open(ctx: &Ctx, cli: &ProjectCli) -> Result<Project> {
    Project::open(ctx, cli.project_root.as_deref())
}

fn agent_flag(raw: &OsStr) -> Result<AgentName> {
    AgentName::parse("agent name", raw)
}

fn text(what: &str, raw: &OsStr) -> Result<String> {
    raw.to_str().map(str::to_owned).ok_or_else(|| {
        Error::bad_input(
            "INVALID_SCOPE",
            format!("invalid {what} {raw:?}: it is not valid UTF-8"),
        )
    })
}

fn project_scope(project: &Project, raw: &OsStr) -> Result<Scope> {
    Scope::parse_in_project(&project.root, &text("scope", raw)?)
}

fn envelope(ctx: &Ctx, cli: &EnvelopeCli) -> Result<(Project, event::Envelope)> {
    let from = AgentName::parse("--from", &cli.from)?;
    let to = AgentName::parse("--to", &cli.to)?;
    let bead = BeadId::parse(&cli.bead)?;
    let project = open(ctx, &cli.project)?;
    let scope = cli
        .scope
        .as_deref()
        .map(|raw| project_scope(&project, raw))
        .transpose()?;
    Ok((
        project,
        event::Envelope {
            from,
            to,
            bead,
            scope,
        },
    ))
}
