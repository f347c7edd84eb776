//! `parley bounce ...`: the Bounce Protocol's requests and operations.

use std::path::PathBuf;

use clap::{Args, Subcommand};

use serde::Deserialize;

use super::{WaitingFields, input_source, waiting};
use crate::bounce::entry::{check_body, check_field};
use crate::bounce::model::{ConsensusMode, Escalation, OutputFormat, TurnOrder, Word};
use crate::bounce::model::{EntryStatus, Rules};
use crate::bounce::{append, escalate, new, next, status, validate};
use crate::context::Ctx;
use crate::error::{Error, Result};
use crate::input::Source;
use crate::output::Outcome;

#[derive(Debug, Subcommand, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BounceCommand {
    /// Create a session file (never overwrites: exit 3 if FILE exists)
    New(NewRequest),
    /// Check session files against the Bounce Protocol; reports every finding
    Validate(ValidateRequest),
    /// Append one entry under an exclusive lock (turn, round, id and time are computed)
    Append(AppendRequest),
    /// The current round, who may write next, whether the session ended, the consensus
    Status(FileRequest),
    /// 0 it is AGENT's turn, 1 not yet, 2 the session has ended (blocks with --wait)
    Next(NextRequest),
    /// The consensus of the latest round (or round N), in any mode
    Consensus(ConsensusRequest),
    /// Apply the escalation policy when the current turn is past turn-timeout
    Escalate(FileRequest),
    /// Block until it is AGENT's turn (0) or the session has ended (2)
    Wait(WaitRequest),
}

#[derive(Debug, Args, Deserialize)]
pub struct FileRequest {
    /// The session file
    pub file: PathBuf,
}

#[derive(Debug, Args, Deserialize)]
pub struct NewRequest {
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

#[derive(Debug, Args, Deserialize)]
pub struct ValidateRequest {
    /// The session files to check
    #[arg(required = true)]
    #[serde(default)]
    pub files: Vec<PathBuf>,
}

#[derive(Debug, Args, Deserialize)]
pub struct AppendRequest {
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AppendStatus {
    Yield,
    Closed,
}

#[derive(Debug, Args, Deserialize)]
pub struct NextRequest {
    /// The session file
    pub file: PathBuf,
    /// The agent asking
    pub agent: String,
    /// Block until it is the agent's turn (0) or the session has ended (2)
    #[arg(long)]
    #[serde(default)]
    pub wait: bool,
    #[command(flatten)]
    #[serde(flatten)]
    pub waiting: WaitingFields,
}

#[derive(Debug, Args, Deserialize)]
pub struct WaitRequest {
    /// The session file
    pub file: PathBuf,
    /// The agent waiting for its turn
    pub agent: String,
    #[command(flatten)]
    #[serde(flatten)]
    pub waiting: WaitingFields,
}

#[derive(Debug, Args, Deserialize)]
pub struct ConsensusRequest {
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

pub fn run(ctx: &Ctx, command: BounceCommand) -> Result<Outcome> {
    match command {
        BounceCommand::New(request) => new::run(ctx, &new_args(request)?).map(Outcome::from),
        BounceCommand::Validate(request) => Ok(Outcome::from(validate::run(ctx, &request.files))),
        BounceCommand::Append(request) => {
            append::run(ctx, &append_args(ctx, request)?).map(Outcome::from)
        }
        BounceCommand::Status(request) => status::run(ctx, &request.file).map(Outcome::from),
        BounceCommand::Next(request) => {
            let wait = request.wait || request.waiting.timeout.is_some();
            let args = next::NextArgs {
                wait: wait.then(|| waiting(&request.waiting)).transpose()?,
                file: request.file,
                agent: request.agent,
            };
            next::run(ctx, &args)
        }
        BounceCommand::Wait(request) => {
            let args = next::NextArgs {
                wait: Some(waiting(&request.waiting)?),
                file: request.file,
                agent: request.agent,
            };
            next::run(ctx, &args)
        }
        BounceCommand::Consensus(request) => {
            let threshold = request
                .threshold
                .as_deref()
                .map(new::threshold)
                .transpose()?;
            status::consensus(ctx, &request.file, request.mode, threshold, request.round)
                .map(Outcome::from)
        }
        BounceCommand::Escalate(request) => escalate::run(ctx, &request.file).map(Outcome::from),
    }
}

fn new_args(request: NewRequest) -> Result<new::NewArgs> {
    let title = request.title.trim().to_owned();
    if title.is_empty() || title.contains(['\n', '\r']) {
        return Err(Error::bad_input(
            "INVALID_TITLE",
            "a title is one non-empty line",
        ));
    }
    let context = match (request.context, request.context_file) {
        (Some(text), _) => text,
        (None, Some(file)) => Source::File(file).read_text("the context")?,
        (None, None) => String::new(),
    };
    Ok(new::NewArgs {
        file: request.file,
        title,
        rules: Rules {
            agents: new::agents(&request.agents)?,
            turn_order: request.turn_order,
            max_turns_per_round: request.max_turns_per_round,
            turn_timeout: request.turn_timeout,
            threshold: new::threshold(&request.threshold)?,
            mode: request.mode,
            escalation: request.escalation,
            max_rounds: request.max_rounds,
            output_format: request.output_format,
        },
        context: context.trim_end().replace('\r', ""),
    })
}

fn append_args(ctx: &Ctx, request: AppendRequest) -> Result<append::AppendArgs> {
    let mut mapped = Vec::new();
    let stance = request
        .stance
        .as_deref()
        .map(|s| append::stance(s.trim(), &mut mapped))
        .transpose()?;
    let confidence = request
        .confidence
        .as_deref()
        .map(|c| append::confidence(c.trim(), &mut mapped))
        .transpose()?;
    let body = match (request.stdin.as_deref(), request.body, request.body_file) {
        (Some("-"), _, _) => input_source(ctx, "the body", None, None)?.read_text("the body")?,
        (Some(other), _, _) => return Err(super::not_stdin(other)),
        (None, Some(text), _) => text,
        (None, None, Some(file)) => Source::File(file).read_text("the body")?,
        (None, None, None) => String::new(),
    };
    let author = request.author.trim().to_owned();
    if author.is_empty() || author.contains(|c: char| c.is_control() || "[]".contains(c)) {
        return Err(Error::bad_input(
            "INVALID_AUTHOR",
            format!("--author {:?} is not an agent name", request.author),
        ));
    }
    Ok(append::AppendArgs {
        file: request.file,
        author,
        status: match request.status {
            AppendStatus::Yield => EntryStatus::Yield,
            AppendStatus::Closed => EntryStatus::Closed,
        },
        stance,
        confidence,
        summary: check_field("summary", request.summary)?,
        action_requested: check_field("action_requested", request.action_requested)?,
        evidence: check_field("evidence", request.evidence)?,
        body: check_body(&body)?,
        mapped,
    })
}

/// The session's vocabularies as clap value enums: the names are the protocol's own words.
macro_rules! words_as_values {
    ($($word:ty),*) => {$(
        impl clap::ValueEnum for $word {
            fn value_variants<'a>() -> &'a [Self] {
                static VARIANTS: std::sync::OnceLock<Vec<$word>> = std::sync::OnceLock::new();
                VARIANTS.get_or_init(|| <$word as Word>::ALL.iter().map(|(_, v)| *v).collect())
            }

            fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
                <$word as Word>::ALL
                    .iter()
                    .find(|(_, v)| v == self)
                    .map(|(name, _)| clap::builder::PossibleValue::new(*name))
            }
        }
    )*};
}

words_as_values!(TurnOrder, ConsensusMode, Escalation, OutputFormat);
