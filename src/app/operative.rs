//! The operative protocol's requests and operations: agent identities, scopes,
//! reservations, protocol events and the session contract.

use std::ffi::OsString;
use std::path::PathBuf;

use std::ffi::OsStr;

use clap::{Args, Subcommand};
use serde::Deserialize;

use crate::context::Ctx;
use crate::error::{Error, Result};
use crate::operative::agent_name::AgentName;
use crate::operative::bead::BeadId;
use crate::operative::event_log::{BlockedPayload, HandoffPayload, ReceiptAction, Urgency};
use crate::operative::project::Project;
use crate::operative::scope::{Classified, Scope};
use crate::operative::{
    agent as agent_cmd, event as event_cmd, release as release_cmd, reservation,
    reserve as reserve_cmd, session as session_cmd, timeline,
};
use crate::output::{Outcome, Warned};

/// Where the project's coordination state lives.
#[derive(Debug, Args, Deserialize)]
pub struct ProjectFields {
    /// The project root [default: the git top level of the current directory, else the
    /// current directory]
    #[arg(long, value_name = "DIR", env = "PARLEY_PROJECT_ROOT")]
    pub project_root: Option<PathBuf>,
}

/// The agent a command acts as.
#[derive(Debug, Args, Deserialize)]
pub struct ActingAgentFields {
    /// The agent's name (^[a-z0-9]+(-[a-z0-9]+)*$, 3 to 48 characters)
    #[arg(long, value_name = "NAME", env = "PARLEY_AGENT")]
    #[serde(deserialize_with = "super::os_string")]
    pub agent: OsString,
    #[command(flatten)]
    #[serde(flatten)]
    pub project: ProjectFields,
}

#[derive(Debug, Subcommand, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AgentCommand {
    /// Create an identity for this session; a name that already has a record is refused
    Register(RegisterRequest),
    /// Record that the agent is alive now (idempotent)
    Heartbeat(ActingAgentFields),
    /// Every agent with its liveness (active, stale, evicted)
    List(ProjectFields),
    /// One agent's record, liveness and reservations
    Show(ShowRequest),
}

#[derive(Debug, Args, Deserialize)]
pub struct RegisterRequest {
    #[command(flatten)]
    #[serde(flatten)]
    pub acting: ActingAgentFields,
    /// What the agent does (free text, one line)
    #[arg(long, value_name = "ROLE")]
    pub role: Option<String>,
}

#[derive(Debug, Args, Deserialize)]
pub struct ShowRequest {
    /// The agent to show (reading a record is not a heartbeat)
    #[arg(long, value_name = "NAME", env = "PARLEY_AGENT")]
    #[serde(deserialize_with = "super::os_string")]
    pub agent: OsString,
    #[command(flatten)]
    #[serde(flatten)]
    pub project: ProjectFields,
}

#[derive(Debug, Subcommand, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ScopeCommand {
    /// Classify two scopes: exact, partial or disjoint (then the normalized forms)
    Overlap(OverlapRequest),
}

#[derive(Debug, Args, Deserialize)]
pub struct OverlapRequest {
    /// A path, a directory, or a directory with a trailing /*
    #[serde(deserialize_with = "super::os_string")]
    pub a: OsString,
    /// The other scope
    #[serde(deserialize_with = "super::os_string")]
    pub b: OsString,
    #[command(flatten)]
    #[serde(flatten)]
    pub project: ProjectFields,
}

#[derive(Debug, Args, Deserialize)]
pub struct ReserveRequest {
    #[command(flatten)]
    #[serde(flatten)]
    pub acting: ActingAgentFields,
    /// The path or directory to reserve (relative to the project root)
    #[arg(long, value_name = "SCOPE")]
    #[serde(deserialize_with = "super::os_string")]
    pub scope: OsString,
    /// The bead (work item) the reservation is for
    #[arg(long, value_name = "ID")]
    pub bead: Option<String>,
    /// Minutes the reservation holds without renewal (1 to 10080)
    #[arg(
        long,
        value_name = "MIN",
        default_value_t = crate::operative::reservation::DEFAULT_TTL_MINUTES,
        value_parser = clap::value_parser!(u64).range(1..=crate::operative::reservation::MAX_TTL_MINUTES)
    )]
    pub ttl: u64,
    /// Take over reservations whose owner is stale, evicted or unknown, or whose TTL ran out
    #[arg(long)]
    #[serde(default)]
    pub takeover_stale: bool,
}

#[derive(Debug, Args, Deserialize)]
pub struct ReleaseRequest {
    #[command(flatten)]
    #[serde(flatten)]
    pub acting: ActingAgentFields,
    /// The reserved scope, as it was reserved
    #[arg(long, value_name = "SCOPE")]
    #[serde(deserialize_with = "super::os_string")]
    pub scope: OsString,
}

#[derive(Debug, Args, Deserialize)]
pub struct ReservationsRequest {
    /// List archived reservations (released or expired) instead of the held ones
    #[arg(long)]
    #[serde(default)]
    pub archived: bool,
    #[command(flatten)]
    #[serde(flatten)]
    pub project: ProjectFields,
}

#[derive(Debug, Subcommand, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EventCommand {
    /// Pass work to another agent (shown as "Passed to")
    Handoff(HandoffRequest),
    /// Ask another agent for input you are blocked on (shown as "Needs input")
    Blocked(BlockedRequest),
    /// Mark an event addressed to you as seen ("Seen")
    Read(ReceiptRequest),
    /// Accept an event addressed to you ("Accepted"; idempotent)
    Ack(ReceiptRequest),
}

/// The envelope fields an agent gives when it sends an event.
#[derive(Debug, Args, Deserialize)]
pub struct EnvelopeFields {
    /// The sending agent
    #[arg(long, value_name = "NAME", env = "PARLEY_AGENT")]
    #[serde(deserialize_with = "super::os_string")]
    pub from: OsString,
    /// The receiving agent
    #[arg(long, value_name = "NAME")]
    #[serde(deserialize_with = "super::os_string")]
    pub to: OsString,
    /// The bead the event is about
    #[arg(long, value_name = "ID")]
    pub bead: String,
    /// The scope the event is about
    #[arg(long, value_name = "SCOPE")]
    #[serde(default, deserialize_with = "super::os_string_opt")]
    pub scope: Option<OsString>,
    /// One-line subject
    #[arg(long)]
    pub subject: String,
    #[command(flatten)]
    #[serde(flatten)]
    pub project: ProjectFields,
}

#[derive(Debug, Args, Deserialize)]
pub struct HandoffRequest {
    #[command(flatten)]
    #[serde(flatten)]
    pub envelope: EnvelopeFields,
    /// What was done
    #[arg(long)]
    pub summary: String,
    /// What the receiver should do next
    #[arg(long, value_name = "TEXT")]
    pub next_action: String,
    /// Whether the receiver must accept it
    #[arg(
        long,
        value_name = "BOOL",
        default_value_t = true,
        num_args = 0..=1,
        default_missing_value = "true",
        action = clap::ArgAction::Set
    )]
    #[serde(default = "yes")]
    pub requires_ack: bool,
}

#[derive(Debug, Args, Deserialize)]
pub struct BlockedRequest {
    #[command(flatten)]
    #[serde(flatten)]
    pub envelope: EnvelopeFields,
    /// What blocks the sender
    #[arg(long)]
    pub blocker: String,
    /// What the receiver is asked to do
    #[arg(long, value_name = "TEXT")]
    pub requested_action: String,
    /// How urgent it is
    #[arg(long, value_enum)]
    pub urgency: Urgency,
    /// Whether the receiver must accept it (a BLOCKED event always does: false is refused)
    #[arg(
        long,
        value_name = "BOOL",
        default_value_t = true,
        num_args = 0..=1,
        default_missing_value = "true",
        action = clap::ArgAction::Set
    )]
    #[serde(default = "yes")]
    pub requires_ack: bool,
}

#[derive(Debug, Args, Deserialize)]
pub struct ReceiptRequest {
    #[command(flatten)]
    #[serde(flatten)]
    pub acting: ActingAgentFields,
    /// The event's id (proto_YYYYMMDD_NNN)
    #[arg(long, value_name = "ID")]
    pub event: String,
}

#[derive(Debug, Args, Deserialize)]
pub struct EventsRequest {
    /// Only events about this bead
    #[arg(long, value_name = "ID")]
    pub bead: Option<String>,
    /// Only events from or to this agent (a filter, not a heartbeat)
    #[arg(long, value_name = "NAME")]
    #[serde(default, deserialize_with = "super::os_string_opt")]
    pub agent: Option<OsString>,
    /// Only events that require an acknowledgement not given yet
    #[arg(long)]
    #[serde(default)]
    pub unacked: bool,
    #[command(flatten)]
    #[serde(flatten)]
    pub project: ProjectFields,
}

#[derive(Debug, Args, Deserialize)]
#[command(group(clap::ArgGroup::new("decision").args(["register", "adopt"])))]
pub struct SessionRequest {
    /// Never prompt (parley never does; accepted for the protocol's command line)
    #[arg(long)]
    #[serde(default)]
    pub non_interactive: bool,
    /// Start the session under a new, unique identity
    #[arg(long, value_name = "NAME")]
    #[serde(default, deserialize_with = "super::os_string_opt")]
    pub register: Option<OsString>,
    /// Resume an existing identity, if the evidence allows it
    #[arg(long, value_name = "NAME")]
    #[serde(default, deserialize_with = "super::os_string_opt")]
    pub adopt: Option<OsString>,
    /// The scope the adopting session claims (checked against uncommitted changes)
    #[arg(long, value_name = "SCOPE", requires = "adopt")]
    #[serde(default, deserialize_with = "super::os_string_opt")]
    pub scope: Option<OsString>,
    /// The role of a newly registered identity
    #[arg(long, value_name = "ROLE", requires = "register")]
    pub role: Option<String>,
    #[command(flatten)]
    #[serde(flatten)]
    pub project: ProjectFields,
}

pub fn agent(ctx: &Ctx, command: AgentCommand) -> Result<Outcome> {
    match command {
        AgentCommand::Register(request) => {
            let name = agent_flag(&request.acting.agent)?;
            let role = request
                .role
                .as_deref()
                .map(agent_cmd::parse_role)
                .transpose()?;
            let project = open(ctx, &request.acting.project)?;
            agent_cmd::register(ctx, &project, &name, role).map(Outcome::from)
        }
        AgentCommand::Heartbeat(request) => {
            let name = agent_flag(&request.agent)?;
            agent_cmd::heartbeat(ctx, &open(ctx, &request.project)?, &name).map(Outcome::from)
        }
        AgentCommand::List(request) => {
            agent_cmd::list(ctx, &open(ctx, &request)?).map(Outcome::from)
        }
        AgentCommand::Show(request) => {
            let name = agent_flag(&request.agent)?;
            agent_cmd::show(ctx, &open(ctx, &request.project)?, &name).map(Outcome::from)
        }
    }
}

pub fn scope(ctx: &Ctx, command: ScopeCommand) -> Result<Classified> {
    match command {
        ScopeCommand::Overlap(request) => {
            let project = open(ctx, &request.project)?;
            let a = Scope::parse(&project.root, &text("scope", &request.a)?)?;
            let b = Scope::parse(&project.root, &text("scope", &request.b)?)?;
            Ok(Classified::new(a, b))
        }
    }
}

pub fn reserve(ctx: &Ctx, request: ReserveRequest) -> Result<Warned<reserve_cmd::ReserveReply>> {
    let agent = agent_flag(&request.acting.agent)?;
    let project = open(ctx, &request.acting.project)?;
    let args = reserve_cmd::ReserveArgs {
        agent,
        scope: project_scope(&project, &request.scope)?,
        bead: request.bead.as_deref().map(BeadId::parse).transpose()?,
        ttl_minutes: request.ttl,
        takeover_stale: request.takeover_stale,
    };
    reserve_cmd::run(ctx, &project, &args)
}

pub fn release(ctx: &Ctx, request: ReleaseRequest) -> Result<Warned<release_cmd::Released>> {
    let agent = agent_flag(&request.acting.agent)?;
    let project = open(ctx, &request.acting.project)?;
    let scope = project_scope(&project, &request.scope)?;
    release_cmd::run(ctx, &project, &agent, &scope)
}

/// The held reservations or the archived ones: two replies, so either as an [`Outcome`].
pub fn reservations(ctx: &Ctx, request: ReservationsRequest) -> Result<Outcome> {
    let project = open(ctx, &request.project)?;
    if request.archived {
        reservation::archived(&project).map(Outcome::from)
    } else {
        reservation::held(ctx, &project).map(Outcome::from)
    }
}

pub fn event(ctx: &Ctx, command: EventCommand) -> Result<Outcome> {
    match command {
        EventCommand::Handoff(request) => {
            let (project, envelope) = envelope(ctx, &request.envelope)?;
            let payload = HandoffPayload {
                subject: request.envelope.subject,
                summary: request.summary,
                next_action: request.next_action,
                requires_ack: request.requires_ack,
            };
            event_cmd::handoff(ctx, &project, &envelope, payload).map(Outcome::from)
        }
        EventCommand::Blocked(request) => {
            let (project, envelope) = envelope(ctx, &request.envelope)?;
            let payload = BlockedPayload {
                subject: request.envelope.subject,
                blocker: request.blocker,
                requested_action: request.requested_action,
                urgency: request.urgency,
                requires_ack: request.requires_ack,
            };
            event_cmd::blocked(ctx, &project, &envelope, payload).map(Outcome::from)
        }
        EventCommand::Read(request) => {
            let agent = agent_flag(&request.acting.agent)?;
            let project = open(ctx, &request.acting.project)?;
            event_cmd::receipt(ctx, &project, &agent, &request.event, ReceiptAction::Read)
                .map(Outcome::from)
        }
        EventCommand::Ack(request) => {
            let agent = agent_flag(&request.acting.agent)?;
            let project = open(ctx, &request.acting.project)?;
            event_cmd::receipt(ctx, &project, &agent, &request.event, ReceiptAction::Ack)
                .map(Outcome::from)
        }
    }
}

pub fn events(ctx: &Ctx, request: EventsRequest) -> Result<Warned<timeline::Timeline>> {
    let filter = timeline::Filter {
        bead: request.bead.as_deref().map(BeadId::parse).transpose()?,
        agent: request
            .agent
            .as_deref()
            .map(|raw| AgentName::parse("--agent", raw))
            .transpose()?,
        unacked: request.unacked,
    };
    timeline::run(ctx, &open(ctx, &request.project)?, &filter)
}

pub fn session(ctx: &Ctx, request: SessionRequest) -> Result<Warned<session_cmd::SessionReply>> {
    // What clap's `requires` says on the command line, checked here for every front end.
    if request.scope.is_some() && request.adopt.is_none() {
        return Err(Error::usage("--scope goes with --adopt"));
    }
    if request.role.is_some() && request.register.is_none() {
        return Err(Error::usage("--role goes with --register"));
    }
    let project = open(ctx, &request.project)?;
    let decision = match (&request.register, &request.adopt) {
        (Some(raw), _) => session_cmd::Decision::Register {
            agent: AgentName::parse("--register", raw)?,
            role: request
                .role
                .as_deref()
                .map(agent_cmd::parse_role)
                .transpose()?,
        },
        (None, Some(raw)) => session_cmd::Decision::Adopt {
            agent: AgentName::parse("--adopt", raw)?,
            scope: request
                .scope
                .as_deref()
                .map(|raw| project_scope(&project, raw))
                .transpose()?,
        },
        (None, None) => session_cmd::Decision::Undecided,
    };
    session_cmd::run(ctx, &project, &decision)
}

fn open(ctx: &Ctx, request: &ProjectFields) -> Result<Project> {
    Project::open(ctx, request.project_root.as_deref())
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

fn envelope(ctx: &Ctx, request: &EnvelopeFields) -> Result<(Project, event_cmd::Envelope)> {
    let from = AgentName::parse("--from", &request.from)?;
    let to = AgentName::parse("--to", &request.to)?;
    let bead = BeadId::parse(&request.bead)?;
    let project = open(ctx, &request.project)?;
    let scope = request
        .scope
        .as_deref()
        .map(|raw| project_scope(&project, raw))
        .transpose()?;
    Ok((
        project,
        event_cmd::Envelope {
            from,
            to,
            bead,
            scope,
        },
    ))
}

/// An event's urgency on the command line: the protocol's own lowercase words.
impl clap::ValueEnum for Urgency {
    fn value_variants<'a>() -> &'a [Self] {
        &[Urgency::Low, Urgency::Medium, Urgency::High]
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        Some(clap::builder::PossibleValue::new(match self {
            Urgency::Low => "low",
            Urgency::Medium => "medium",
            Urgency::High => "high",
        }))
    }
}

/// `requires_ack`'s default, as on the command line.
fn yes() -> bool {
    true
}
