//! The operative protocol's command line: agent identities, scopes, reservations, protocol
//! events and the session contract. Clap types only; `src/operative/mod.rs` validates them.

use std::ffi::OsString;
use std::path::PathBuf;

use clap::{Args, Subcommand};

/// Where the project's coordination state lives.
#[derive(Debug, Args)]
pub struct ProjectCli {
    /// The project root [default: the git top level of the current directory, else the
    /// current directory]
    #[arg(long, value_name = "DIR", env = "PARLEY_PROJECT_ROOT")]
    pub project_root: Option<PathBuf>,
}

/// The agent a command acts as.
#[derive(Debug, Args)]
pub struct ActingAgentCli {
    /// The agent's name (^[a-z0-9]+(-[a-z0-9]+)*$, 3 to 48 characters)
    #[arg(long, value_name = "NAME", env = "PARLEY_AGENT")]
    pub agent: OsString,
    #[command(flatten)]
    pub project: ProjectCli,
}

#[derive(Debug, Subcommand)]
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

#[derive(Debug, Args)]
pub struct RegisterCli {
    #[command(flatten)]
    pub acting: ActingAgentCli,
    /// What the agent does (free text, one line)
    #[arg(long, value_name = "ROLE")]
    pub role: Option<String>,
}

#[derive(Debug, Args)]
pub struct ShowCli {
    /// The agent to show (reading a record is not a heartbeat)
    #[arg(long, value_name = "NAME", env = "PARLEY_AGENT")]
    pub agent: OsString,
    #[command(flatten)]
    pub project: ProjectCli,
}

#[derive(Debug, Subcommand)]
pub enum ScopeCommand {
    /// Classify two scopes: exact, partial or disjoint (then the normalized forms)
    Overlap(OverlapCli),
}

#[derive(Debug, Args)]
pub struct OverlapCli {
    /// A path, a directory, or a directory with a trailing /*
    pub a: OsString,
    /// The other scope
    pub b: OsString,
    #[command(flatten)]
    pub project: ProjectCli,
}

#[derive(Debug, Args)]
pub struct ReserveCli {
    #[command(flatten)]
    pub acting: ActingAgentCli,
    /// The path or directory to reserve (relative to the project root)
    #[arg(long, value_name = "SCOPE")]
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
    pub takeover_stale: bool,
}

#[derive(Debug, Args)]
pub struct ReleaseCli {
    #[command(flatten)]
    pub acting: ActingAgentCli,
    /// The reserved scope, as it was reserved
    #[arg(long, value_name = "SCOPE")]
    pub scope: OsString,
}

#[derive(Debug, Args)]
pub struct ReservationsCli {
    /// List archived reservations (released or expired) instead of the held ones
    #[arg(long)]
    pub archived: bool,
    #[command(flatten)]
    pub project: ProjectCli,
}

#[derive(Debug, Subcommand)]
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
#[derive(Debug, Args)]
pub struct EnvelopeCli {
    /// The sending agent
    #[arg(long, value_name = "NAME", env = "PARLEY_AGENT")]
    pub from: OsString,
    /// The receiving agent
    #[arg(long, value_name = "NAME")]
    pub to: OsString,
    /// The bead the event is about
    #[arg(long, value_name = "ID")]
    pub bead: String,
    /// The scope the event is about
    #[arg(long, value_name = "SCOPE")]
    pub scope: Option<OsString>,
    /// One-line subject
    #[arg(long)]
    pub subject: String,
    #[command(flatten)]
    pub project: ProjectCli,
}

#[derive(Debug, Args)]
pub struct HandoffCli {
    #[command(flatten)]
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
    pub requires_ack: bool,
}

#[derive(Debug, Args)]
pub struct BlockedCli {
    #[command(flatten)]
    pub envelope: EnvelopeCli,
    /// What blocks the sender
    #[arg(long)]
    pub blocker: String,
    /// What the receiver is asked to do
    #[arg(long, value_name = "TEXT")]
    pub requested_action: String,
    /// How urgent it is
    #[arg(long, value_enum)]
    pub urgency: crate::operative::event_log::Urgency,
    /// Whether the receiver must accept it (a BLOCKED event always does: false is refused)
    #[arg(
        long,
        value_name = "BOOL",
        default_value_t = true,
        num_args = 0..=1,
        default_missing_value = "true",
        action = clap::ArgAction::Set
    )]
    pub requires_ack: bool,
}

#[derive(Debug, Args)]
pub struct ReceiptCli {
    #[command(flatten)]
    pub acting: ActingAgentCli,
    /// The event's id (proto_YYYYMMDD_NNN)
    #[arg(long, value_name = "ID")]
    pub event: String,
}

#[derive(Debug, Args)]
pub struct EventsCli {
    /// Only events about this bead
    #[arg(long, value_name = "ID")]
    pub bead: Option<String>,
    /// Only events from or to this agent (a filter, not a heartbeat)
    #[arg(long, value_name = "NAME")]
    pub agent: Option<OsString>,
    /// Only events that require an acknowledgement not given yet
    #[arg(long)]
    pub unacked: bool,
    #[command(flatten)]
    pub project: ProjectCli,
}

#[derive(Debug, Args)]
#[command(group(clap::ArgGroup::new("decision").args(["register", "adopt"])))]
pub struct SessionCli {
    /// Never prompt (parley never does; accepted for the protocol's command line)
    #[arg(long)]
    pub non_interactive: bool,
    /// Start the session under a new, unique identity
    #[arg(long, value_name = "NAME")]
    pub register: Option<OsString>,
    /// Resume an existing identity, if the evidence allows it
    #[arg(long, value_name = "NAME")]
    pub adopt: Option<OsString>,
    /// The scope the adopting session claims (checked against uncommitted changes)
    #[arg(long, value_name = "SCOPE", requires = "adopt")]
    pub scope: Option<OsString>,
    /// The role of a newly registered identity
    #[arg(long, value_name = "ROLE", requires = "register")]
    pub role: Option<String>,
    #[command(flatten)]
    pub project: ProjectCli,
}

/// The operative protocol's commands, flattened into parley's top level.
#[derive(Debug, Subcommand)]
pub enum OperativeCommand {
    /// Agent identities and heartbeats (operative protocol)
    #[command(subcommand)]
    Agent(AgentCommand),
    /// Scope normalization and overlap (operative protocol)
    #[command(subcommand)]
    Scope(ScopeCommand),
    /// Reserve a scope for an agent, renew it, or take over a stale one
    Reserve(ReserveCli),
    /// Release a reservation (owner only)
    Release(ReleaseCli),
    /// List held reservations (or archived ones)
    Reservations(ReservationsCli),
    /// Send a protocol event, or mark one seen or accepted
    #[command(subcommand)]
    Event(EventCommand),
    /// The protocol event timeline
    Events(EventsCli),
    /// Start a session: register a new identity or adopt one (never prompts)
    Session(SessionCli),
}

impl OperativeCommand {
    /// The JSON `command` field: the subcommand path without "parley".
    pub fn name(&self) -> &'static str {
        match self {
            OperativeCommand::Agent(AgentCommand::Register(_)) => "agent register",
            OperativeCommand::Agent(AgentCommand::Heartbeat(_)) => "agent heartbeat",
            OperativeCommand::Agent(AgentCommand::List(_)) => "agent list",
            OperativeCommand::Agent(AgentCommand::Show(_)) => "agent show",
            OperativeCommand::Scope(ScopeCommand::Overlap(_)) => "scope overlap",
            OperativeCommand::Reserve(_) => "reserve",
            OperativeCommand::Release(_) => "release",
            OperativeCommand::Reservations(_) => "reservations",
            OperativeCommand::Event(EventCommand::Handoff(_)) => "event handoff",
            OperativeCommand::Event(EventCommand::Blocked(_)) => "event blocked",
            OperativeCommand::Event(EventCommand::Read(_)) => "event read",
            OperativeCommand::Event(EventCommand::Ack(_)) => "event ack",
            OperativeCommand::Events(_) => "events",
            OperativeCommand::Session(_) => "session",
        }
    }
}
