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
pub struct ProjectCli {
    /// The project root [default: the git top level of the current directory, else the
    /// current directory]
    #[arg(long, value_name = "DIR", env = "PARLEY_PROJECT_ROOT")]
    pub project_root: Option<PathBuf>,
}

/// The agent a command acts as.
#[derive(Debug, Args, Deserialize)]
pub struct ActingAgentCli {
    /// The agent's name (^[a-z0-9]+(-[a-z0-9]+)*$, 3 to 48 characters)
    #[arg(long, value_name = "NAME", env = "PARLEY_AGENT")]
    #[serde(deserialize_with = "super::os_string")]
    pub agent: OsString,
    #[command(flatten)]
    #[serde(flatten)]
    pub project: ProjectCli,
}

#[derive(Debug, Subcommand, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AgentCommand {
    /// Create an identity for this session; a name that already has a record is refused
    Register(RegisterCli),
    /// Record that the agent is alive now (idempotent)
    Heartbeat(ActingAgentCli),
    /// Every agent with its liveness (active, stale, evicted)
    List(ProjectCli),
    /// One agent's record, liveness and reservations
    Show(ShowCli),
}

#[derive(Debug, Args, Deserialize)]
pub struct RegisterCli {
    #[command(flatten)]
    #[serde(flatten)]
    pub acting: ActingAgentCli,
    /// What the agent does (free text, one line)
    #[arg(long, value_name = "ROLE")]
    pub role: Option<String>,
}

#[derive(Debug, Args, Deserialize)]
pub struct ShowCli {
    /// The agent to show (reading a record is not a heartbeat)
    #[arg(long, value_name = "NAME", env = "PARLEY_AGENT")]
    #[serde(deserialize_with = "super::os_string")]
    pub agent: OsString,
    #[command(flatten)]
    #[serde(flatten)]
    pub project: ProjectCli,
}

#[derive(Debug, Subcommand, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ScopeCommand {
    /// Classify two scopes: exact, partial or disjoint (then the normalized forms)
    Overlap(OverlapCli),
}

#[derive(Debug, Args, Deserialize)]
pub struct OverlapCli {
    /// A path, a directory, or a directory with a trailing /*
    #[serde(deserialize_with = "super::os_string")]
    pub a: OsString,
    /// The other scope
    #[serde(deserialize_with = "super::os_string")]
    pub b: OsString,
    #[command(flatten)]
    #[serde(flatten)]
    pub project: ProjectCli,
}

#[derive(Debug, Args, Deserialize)]
pub struct ReserveCli {
    #[command(flatten)]
    #[serde(flatten)]
    pub acting: ActingAgentCli,
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
pub struct ReleaseCli {
    #[command(flatten)]
    #[serde(flatten)]
    pub acting: ActingAgentCli,
    /// The reserved scope, as it was reserved
    #[arg(long, value_name = "SCOPE")]
    #[serde(deserialize_with = "super::os_string")]
    pub scope: OsString,
}

#[derive(Debug, Args, Deserialize)]
pub struct ReservationsCli {
    /// List archived reservations (released or expired) instead of the held ones
    #[arg(long)]
    #[serde(default)]
    pub archived: bool,
    #[command(flatten)]
    #[serde(flatten)]
    pub project: ProjectCli,
}

#[derive(Debug, Subcommand, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EventCommand {
    /// Pass work to another agent (shown as "Passed to")
    Handoff(HandoffCli),
    /// Ask another agent for input you are blocked on (shown as "Needs input")
    Blocked(BlockedCli),
    /// Mark an event addressed to you as seen ("Seen")
    Read(ReceiptCli),
    /// Accept an event addressed to you ("Accepted"; idempotent)
    Ack(ReceiptCli),
}

/// The envelope fields an agent gives when it sends an event.
#[derive(Debug, Args, Deserialize)]
pub struct EnvelopeCli {
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
    pub project: ProjectCli,
}

#[derive(Debug, Args, Deserialize)]
pub struct HandoffCli {
    #[command(flatten)]
    #[serde(flatten)]
    pub envelope: EnvelopeCli,
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
pub struct BlockedCli {
    #[command(flatten)]
    #[serde(flatten)]
    pub envelope: EnvelopeCli,
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
pub struct ReceiptCli {
    #[command(flatten)]
    #[serde(flatten)]
    pub acting: ActingAgentCli,
    /// The event's id (proto_YYYYMMDD_NNN)
    #[arg(long, value_name = "ID")]
    pub event: String,
}

#[derive(Debug, Args, Deserialize)]
pub struct EventsCli {
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
    pub project: ProjectCli,
}

#[derive(Debug, Args, Deserialize)]
#[command(group(clap::ArgGroup::new("decision").args(["register", "adopt"])))]
pub struct SessionCli {
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
    pub project: ProjectCli,
}

pub fn agent(ctx: &Ctx, command: AgentCommand) -> Result<Outcome> {
    match command {
        AgentCommand::Register(cli) => {
            let name = agent_flag(&cli.acting.agent)?;
            let role = cli.role.as_deref().map(agent_cmd::parse_role).transpose()?;
            let project = open(ctx, &cli.acting.project)?;
            agent_cmd::register(ctx, &project, &name, role).map(Outcome::from)
        }
        AgentCommand::Heartbeat(cli) => {
            let name = agent_flag(&cli.agent)?;
            agent_cmd::heartbeat(ctx, &open(ctx, &cli.project)?, &name).map(Outcome::from)
        }
        AgentCommand::List(cli) => agent_cmd::list(ctx, &open(ctx, &cli)?).map(Outcome::from),
        AgentCommand::Show(cli) => {
            let name = agent_flag(&cli.agent)?;
            agent_cmd::show(ctx, &open(ctx, &cli.project)?, &name).map(Outcome::from)
        }
    }
}

pub fn scope(ctx: &Ctx, command: ScopeCommand) -> Result<Classified> {
    match command {
        ScopeCommand::Overlap(cli) => {
            let project = open(ctx, &cli.project)?;
            let a = Scope::parse(&project.root, &text("scope", &cli.a)?)?;
            let b = Scope::parse(&project.root, &text("scope", &cli.b)?)?;
            Ok(Classified::new(a, b))
        }
    }
}

pub fn reserve(ctx: &Ctx, cli: ReserveCli) -> Result<Warned<reserve_cmd::ReserveReply>> {
    let agent = agent_flag(&cli.acting.agent)?;
    let project = open(ctx, &cli.acting.project)?;
    let args = reserve_cmd::ReserveArgs {
        agent,
        scope: project_scope(&project, &cli.scope)?,
        bead: cli.bead.as_deref().map(BeadId::parse).transpose()?,
        ttl_minutes: cli.ttl,
        takeover_stale: cli.takeover_stale,
    };
    reserve_cmd::run(ctx, &project, &args)
}

pub fn release(ctx: &Ctx, cli: ReleaseCli) -> Result<Warned<release_cmd::Released>> {
    let agent = agent_flag(&cli.acting.agent)?;
    let project = open(ctx, &cli.acting.project)?;
    let scope = project_scope(&project, &cli.scope)?;
    release_cmd::run(ctx, &project, &agent, &scope)
}

/// The held reservations or the archived ones: two replies, so either as an [`Outcome`].
pub fn reservations(ctx: &Ctx, cli: ReservationsCli) -> Result<Outcome> {
    let project = open(ctx, &cli.project)?;
    if cli.archived {
        reservation::archived(&project).map(Outcome::from)
    } else {
        reservation::held(ctx, &project).map(Outcome::from)
    }
}

pub fn event(ctx: &Ctx, command: EventCommand) -> Result<Outcome> {
    match command {
        EventCommand::Handoff(cli) => {
            let (project, envelope) = envelope(ctx, &cli.envelope)?;
            let payload = HandoffPayload {
                subject: cli.envelope.subject,
                summary: cli.summary,
                next_action: cli.next_action,
                requires_ack: cli.requires_ack,
            };
            event_cmd::handoff(ctx, &project, &envelope, payload).map(Outcome::from)
        }
        EventCommand::Blocked(cli) => {
            let (project, envelope) = envelope(ctx, &cli.envelope)?;
            let payload = BlockedPayload {
                subject: cli.envelope.subject,
                blocker: cli.blocker,
                requested_action: cli.requested_action,
                urgency: cli.urgency,
                requires_ack: cli.requires_ack,
            };
            event_cmd::blocked(ctx, &project, &envelope, payload).map(Outcome::from)
        }
        EventCommand::Read(cli) => {
            let agent = agent_flag(&cli.acting.agent)?;
            let project = open(ctx, &cli.acting.project)?;
            event_cmd::receipt(ctx, &project, &agent, &cli.event, ReceiptAction::Read)
                .map(Outcome::from)
        }
        EventCommand::Ack(cli) => {
            let agent = agent_flag(&cli.acting.agent)?;
            let project = open(ctx, &cli.acting.project)?;
            event_cmd::receipt(ctx, &project, &agent, &cli.event, ReceiptAction::Ack)
                .map(Outcome::from)
        }
    }
}

pub fn events(ctx: &Ctx, cli: EventsCli) -> Result<Warned<timeline::Timeline>> {
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

pub fn session(ctx: &Ctx, cli: SessionCli) -> Result<Warned<session_cmd::SessionReply>> {
    // What clap's `requires` says on the command line, checked here for every front end.
    if cli.scope.is_some() && cli.adopt.is_none() {
        return Err(Error::usage("--scope goes with --adopt"));
    }
    if cli.role.is_some() && cli.register.is_none() {
        return Err(Error::usage("--role goes with --register"));
    }
    let project = open(ctx, &cli.project)?;
    let decision = match (&cli.register, &cli.adopt) {
        (Some(raw), _) => session_cmd::Decision::Register {
            agent: AgentName::parse("--register", raw)?,
            role: cli.role.as_deref().map(agent_cmd::parse_role).transpose()?,
        },
        (None, Some(raw)) => session_cmd::Decision::Adopt {
            agent: AgentName::parse("--adopt", raw)?,
            scope: cli
                .scope
                .as_deref()
                .map(|raw| project_scope(&project, raw))
                .transpose()?,
        },
        (None, None) => session_cmd::Decision::Undecided,
    };
    session_cmd::run(ctx, &project, &decision)
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

fn envelope(ctx: &Ctx, cli: &EnvelopeCli) -> Result<(Project, event_cmd::Envelope)> {
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
