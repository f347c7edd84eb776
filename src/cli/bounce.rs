//! `parley bounce ...`: the clap types of the Bounce Protocol commands.

use std::path::PathBuf;

use clap::{Args, Subcommand};

use super::WaitingCli;
use crate::bounce::model::{ConsensusMode, Escalation, OutputFormat, TurnOrder};

#[derive(Debug, Subcommand)]
pub enum BounceCommand {
    /// Create a session file (never overwrites: exit 3 if FILE exists)
    New(NewCli),
    /// Check session files against the Bounce Protocol; reports every finding
    Validate(ValidateCli),
    /// Append one entry under an exclusive lock (turn, round, id and time are computed)
    Append(AppendCli),
    /// The current round, who may write next, whether the session ended, the consensus
    Status(FileCli),
    /// 0 it is AGENT's turn, 1 not yet, 2 the session has ended (blocks with --wait)
    Next(NextCli),
    /// The consensus of the latest round (or round N), in any mode
    Consensus(ConsensusCli),
    /// Apply the escalation policy when the current turn is past turn-timeout
    Escalate(FileCli),
}

impl BounceCommand {
    /// The JSON `command` field.
    pub fn name(&self) -> &'static str {
        match self {
            BounceCommand::New(_) => "bounce new",
            BounceCommand::Validate(_) => "bounce validate",
            BounceCommand::Append(_) => "bounce append",
            BounceCommand::Status(_) => "bounce status",
            BounceCommand::Next(_) => "bounce next",
            BounceCommand::Consensus(_) => "bounce consensus",
            BounceCommand::Escalate(_) => "bounce escalate",
        }
    }
}

#[derive(Debug, Args)]
pub struct FileCli {
    /// The session file
    pub file: PathBuf,
}

#[derive(Debug, Args)]
pub struct NewCli {
    /// The session file to create (its directory must exist)
    pub file: PathBuf,
    /// The session name, written as `# Bounce Session: TITLE`
    #[arg(long)]
    pub title: String,
    /// The agents, in turn order, separated by commas (a,b,c)
    #[arg(long, value_name = "A,B,...")]
    pub agents: String,
    /// How turns are assigned
    #[arg(long, value_enum, default_value_t = TurnOrder::RoundRobin)]
    pub turn_order: TurnOrder,
    /// Entries per agent per round
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    pub max_turns_per_round: u64,
    /// Seconds an agent has for its turn before escalation applies
    #[arg(long, value_name = "S", default_value_t = 300, value_parser = clap::value_parser!(u64).range(1..))]
    pub turn_timeout: u64,
    /// The consensus threshold, in [0, 1] (0 disables detection)
    #[arg(
        long,
        value_name = "X",
        default_value = "0.7",
        allow_negative_numbers = true
    )]
    pub threshold: String,
    /// How consensus is computed
    #[arg(long, value_enum, default_value_t = ConsensusMode::Majority)]
    pub mode: ConsensusMode,
    /// What happens when a turn times out
    #[arg(long, value_enum, default_value_t = Escalation::Human)]
    pub escalation: Escalation,
    /// The limit on rounds
    #[arg(long, value_name = "N", default_value_t = 5, value_parser = clap::value_parser!(u64).range(1..))]
    pub max_rounds: u64,
    /// Whether entries must carry every structured field
    #[arg(long, value_enum, default_value_t = OutputFormat::Structured)]
    pub output_format: OutputFormat,
    /// The Context section (markdown)
    #[arg(
        long,
        value_name = "TEXT",
        conflicts_with = "context_file",
        allow_hyphen_values = true
    )]
    pub context: Option<String>,
    /// Read the Context section from a file
    #[arg(long, value_name = "F")]
    pub context_file: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct ValidateCli {
    /// The session files to check
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
}

#[derive(Debug, Args)]
pub struct AppendCli {
    /// The session file
    pub file: PathBuf,
    /// `-` reads the body from standard input
    #[arg(value_name = "-", conflicts_with_all = ["body", "body_file"])]
    pub stdin: Option<String>,
    /// The agent writing the entry (one of the session's agents)
    #[arg(long, value_name = "A")]
    pub author: String,
    /// approve, reject, neutral or defer (or the runtime words: agree, disagree, ...)
    #[arg(long, value_name = "S", allow_hyphen_values = true)]
    pub stance: Option<String>,
    /// A number in [0, 1], or a percentage such as 85%
    #[arg(long, value_name = "C", allow_negative_numbers = true)]
    pub confidence: Option<String>,
    /// One line summing the entry up
    #[arg(long, value_name = "T", allow_hyphen_values = true)]
    pub summary: Option<String>,
    /// The next step asked for (supervised: name the next agent), or n/a
    #[arg(long, value_name = "T", allow_hyphen_values = true)]
    pub action_requested: Option<String>,
    /// Supporting references, comma-separated, or n/a
    #[arg(long, value_name = "T", allow_hyphen_values = true)]
    pub evidence: Option<String>,
    /// The entry status: yield passes the turn, closed finishes without hand-off
    #[arg(long, value_enum, default_value_t = AppendStatus::Yield)]
    pub status: AppendStatus,
    /// The body (markdown, headings of level 3 or below)
    #[arg(
        long,
        value_name = "TEXT",
        conflicts_with = "body_file",
        allow_hyphen_values = true
    )]
    pub body: Option<String>,
    /// Read the body from a file
    #[arg(long, value_name = "F")]
    pub body_file: Option<PathBuf>,
}

/// The statuses a finished entry may carry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum AppendStatus {
    Yield,
    Closed,
}

#[derive(Debug, Args)]
pub struct NextCli {
    /// The session file
    pub file: PathBuf,
    /// The agent asking
    pub agent: String,
    /// Block until it is the agent's turn (0) or the session has ended (2)
    #[arg(long)]
    pub wait: bool,
    #[command(flatten)]
    pub waiting: WaitingCli,
}

#[derive(Debug, Args)]
pub struct ConsensusCli {
    /// The session file
    pub file: PathBuf,
    /// Compute in this mode instead of the session's
    #[arg(long, value_enum)]
    pub mode: Option<ConsensusMode>,
    /// Use this threshold instead of the session's, in [0, 1]
    #[arg(long, value_name = "X", allow_negative_numbers = true)]
    pub threshold: Option<String>,
    /// The round to evaluate [default: the latest round present]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub round: Option<u64>,
}
