//! The command line as clap sees it. These types stop at the edge of the program: `app.rs`
//! turns them into the validated argument structs the commands take.

use std::ffi::OsString;
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

use crate::error::EXIT_CODES;

pub mod bounce;
pub mod feedback;
pub mod negotiation_rules;
pub mod operative;
pub mod views;

use negotiation_rules::{AgreeCli, EntryCli, EscalateCli, ResolveCli};
pub mod parliament;
pub mod skill;

/// The longest window, timeout or interval `init` accepts: a year. Longer ones are mistakes,
/// and a deadline must stay a writable date.
pub const MAX_SECONDS: u64 = 365 * 24 * 3600;

#[derive(Debug, Parser)]
#[command(
    name = "parley",
    version,
    about = "Coordination for AI coding agents: five protocols in one multi-call binary",
    long_about = "Coordination for AI coding agents: five protocols in one multi-call binary.\n\n\
        - negotiation (init ... finish, watch, report): take turns to settle issues\n\
        - operative scopes (agent, reserve, event, session, ...): identities and reservations\n\
        - bounce: a markdown session file of turn-taking entries\n\
        - parliament: the Clerk's ledger of a debate, its tally, gate and clock\n\
        - feedback: the Agent Feedback Protocol: validate payloads, ask a provider\n\n\
        Every applet also runs when the binary is called through a link named APPLET, \
        APPLET.sh or parley-APPLET (see `parley links`).",
    after_help = exit_code_help(),
    propagate_version = true
)]
pub struct Cli {
    #[command(flatten)]
    pub global: GlobalArgs,
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Args)]
pub struct GlobalArgs {
    /// Print one JSON object {"ok","command","data","error"} instead of text
    #[arg(long, global = true)]
    pub json: bool,
    /// Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]
    #[arg(long, global = true, value_name = "SECS", env = "PARLEY_LOCK_TIMEOUT")]
    pub lock_timeout: Option<f64>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Create a negotiation directory (init.sh DIR NUM_AGENTS [WINDOW])
    Init(InitCli),
    /// Register an agent while registration is open (register.sh DIR AGENT)
    Register(RegisterCli),
    /// Block until registration completes and set the first turn (wait-for-start.sh)
    WaitForStart(WaitForStartCli),
    /// File a private draft issue in the analysis phase; prints the file name
    FileDraftIssue(DraftCli),
    /// End the holder's analysis turn; the last one merges all drafts
    EndAnalysis(AgentCli),
    /// One check: 0 your turn, 1 wait, 2 finished (blocks with --wait)
    Poll(PollCli),
    /// Block until it is the agent's turn (0) or the negotiation is finished (2)
    Wait(WaitCli),
    /// Raise a new issue in the positions phase; prints the file name
    NewIssue(NewIssueCli),
    /// Pass the turn to the next agent (holder only)
    HandOff(AgentCli),
    /// Print the turn, the agents and every issue's status (--watch: keep it live)
    Status(views::StatusCli),
    /// Append the holder's position on an issue, numbered as its next round
    Position(EntryCli),
    /// Append the holder's challenge on an issue: the strongest case against it
    Challenge(EntryCli),
    /// Mark an issue AGREED (holder only, after another agent's challenge)
    Agree(AgreeCli),
    /// Mark an issue ESCALATE, for a person to settle (holder only)
    Escalate(EscalateCli),
    /// A person settles an escalated issue
    Resolve(ResolveCli),
    /// Write the coverage-audit.md skeleton, one section per file in sources/
    AuditTemplate(DirCli),
    /// Report edits of recorded positions: 0 none, 1 edits found
    Check(DirCli),
    /// Check that everything is agreed and audited, then mark the negotiation done
    Finish(FinishCli),
    /// Print the event log of a negotiation
    Log(DirCli),
    /// A live view of a negotiation, redrawn on every change; exit 2 once finished
    Watch(views::WatchCli),
    /// Write a negotiation as one self-contained HTML page
    Report(views::ReportCli),
    /// Create links named like the old scripts that run this binary
    Links(LinksCli),
    /// Print a completion script for a shell
    Completions(CompletionsCli),
    /// Play a protocol end to end between scripted agents, each step a separate process
    Demo(DemoCli),
    /// Print the skill file that teaches agents parley (--install DIR, --check DIR)
    Skill(skill::SkillCli),
    /// Agent Feedback Protocol: validate payloads, extract responses, ask a provider
    Feedback(feedback::FeedbackCli),
    #[command(flatten)]
    Operative(operative::OperativeCommand),
    /// Bounce sessions: a markdown file of turn-taking entries, validated and appended
    #[command(subcommand)]
    Bounce(bounce::BounceCommand),
    /// The parliament ledger: checked appends, validation, tally, gate and clock
    #[command(subcommand)]
    Parliament(parliament::ParliamentCommand),
}

#[derive(Debug, Args)]
pub struct DirCli {
    /// The negotiation directory
    pub dir: PathBuf,
}

#[derive(Debug, Args)]
pub struct AgentCli {
    /// The negotiation directory
    pub dir: PathBuf,
    /// The agent's name (^[a-z][a-z0-9-]*$)
    pub agent: OsString,
}

#[derive(Debug, Args)]
pub struct InitCli {
    /// The directory to create (its parent must exist)
    pub dir: PathBuf,
    /// How many agents are expected (at least 2)
    #[arg(value_parser = clap::value_parser!(u64).range(2..=1000))]
    pub num_agents: u64,
    /// Seconds to wait for all agents after the first registration (at most a year)
    #[arg(
        default_value_t = crate::negotiation::meta::DEFAULT_REGISTRATION_WINDOW,
        value_parser = clap::value_parser!(u64).range(1..=MAX_SECONDS)
    )]
    pub registration_window_secs: u64,
    /// What is negotiated, written to topic.md
    #[arg(long, value_name = "TEXT", conflicts_with = "topic_file")]
    pub topic: Option<String>,
    /// Read the topic from a file
    #[arg(long, value_name = "FILE")]
    pub topic_file: Option<PathBuf>,
    /// A source proposal to copy into sources/ (repeatable)
    #[arg(long = "source", value_name = "FILE")]
    pub sources: Vec<PathBuf>,
    /// Position rounds per agent per issue (meta.md max_rounds_per_agent)
    #[arg(
        long,
        value_name = "N",
        default_value_t = crate::negotiation::meta::DEFAULT_MAX_ROUNDS,
        value_parser = clap::value_parser!(u64).range(1..=1000)
    )]
    pub max_rounds: u64,
    /// How often agents should poll, in seconds (meta.md poll_interval_seconds)
    #[arg(
        long,
        value_name = "SECS",
        default_value_t = crate::negotiation::meta::DEFAULT_POLL_INTERVAL,
        value_parser = clap::value_parser!(u64).range(1..=MAX_SECONDS)
    )]
    pub poll_interval: u64,
    /// Skip a turn holder inactive this long (meta.md turn_timeout_seconds)
    #[arg(
        long,
        value_name = "SECS",
        default_value_t = crate::negotiation::meta::DEFAULT_TURN_TIMEOUT,
        value_parser = clap::value_parser!(u64).range(1..=MAX_SECONDS)
    )]
    pub turn_timeout: u64,
}

#[derive(Debug, Args)]
pub struct RegisterCli {
    /// The negotiation directory
    pub dir: PathBuf,
    /// The agent's name; omit with --auto
    #[arg(required_unless_present = "auto", conflicts_with = "auto")]
    pub agent: Option<OsString>,
    /// Take the first free name of agent-alpha, agent-beta, ... and print it
    #[arg(long)]
    pub auto: bool,
    /// The participant (model session) behind this agent [env: NEGOTIATE_PARTICIPANT_ID,
    /// CLAUDE_SESSION_ID, CODEX_THREAD_ID]
    #[arg(long, value_name = "ID")]
    pub participant: Option<String>,
}

#[derive(Debug, Args)]
pub struct WaitForStartCli {
    /// The negotiation directory
    pub dir: PathBuf,
    /// The agent's name
    pub agent: OsString,
    /// Start with fewer agents than expected once the deadline passed [env:
    /// NEGOTIATE_ALLOW_PARTIAL_REGISTRATION=1]
    #[arg(long)]
    pub allow_partial: bool,
    #[command(flatten)]
    pub waiting: WaitingCli,
}

/// How a blocking command waits.
#[derive(Debug, Args)]
pub struct WaitingCli {
    /// Give up with exit 124 after SECS
    #[arg(long, value_name = "SECS")]
    pub timeout: Option<f64>,
    /// Re-check on a timer instead of file events (automatic on network filesystems)
    #[arg(long)]
    pub poll: bool,
    /// Seconds between re-checks when polling [default: meta.md poll_interval_seconds]
    #[arg(long, value_name = "SECS")]
    pub poll_interval: Option<f64>,
}

#[derive(Debug, Args)]
pub struct PollCli {
    /// The negotiation directory
    pub dir: PathBuf,
    /// The agent's name
    pub agent: OsString,
    /// Block until it is the agent's turn or the negotiation is finished
    #[arg(long)]
    pub wait: bool,
    #[command(flatten)]
    pub waiting: WaitingCli,
}

#[derive(Debug, Args)]
pub struct WaitCli {
    /// The negotiation directory
    pub dir: PathBuf,
    /// The agent's name
    pub agent: OsString,
    #[command(flatten)]
    pub waiting: WaitingCli,
}

/// The parts of the issue template a command can fill instead of `[TODO: ...]`.
#[derive(Debug, Args)]
pub struct IssueTextCli {
    /// The issue's short title
    #[arg(long)]
    pub title: Option<String>,
    /// The decision to make
    #[arg(long)]
    pub question: Option<String>,
    /// Background and references
    #[arg(long)]
    pub context: Option<String>,
    /// What one source says
    #[arg(long)]
    pub position_a: Option<String>,
    /// What the other source says
    #[arg(long)]
    pub position_b: Option<String>,
}

#[derive(Debug, Args)]
pub struct DraftCli {
    /// The negotiation directory
    pub dir: PathBuf,
    /// The agent's name
    pub agent: OsString,
    /// The issue's topic (^[a-z][a-z0-9-]*$), part of the file name
    pub topic: OsString,
    #[command(flatten)]
    pub text: IssueTextCli,
}

#[derive(Debug, Args)]
pub struct NewIssueCli {
    /// The negotiation directory
    pub dir: PathBuf,
    /// The issue's topic (^[a-z][a-z0-9-]*$), part of the file name
    pub topic: OsString,
    #[command(flatten)]
    pub text: IssueTextCli,
}

#[derive(Debug, Args)]
pub struct FinishCli {
    /// The negotiation directory
    pub dir: PathBuf,
    /// Finish although some issues are ESCALATE; they are listed as unresolved
    #[arg(long)]
    pub allow_escalated: bool,
    /// Finish although recorded positions were edited; the edits are listed and logged as accepted
    #[arg(long)]
    pub accept_edits: bool,
}

#[derive(Debug, Args)]
pub struct LinksCli {
    /// Where to create the links (created if missing)
    pub dir: PathBuf,
    /// Replace files in the way that are not links to parley
    #[arg(long)]
    pub force: bool,
}

#[derive(Debug, Args)]
pub struct CompletionsCli {
    /// The shell
    pub shell: clap_complete::Shell,
}

#[derive(Debug, Args)]
pub struct DemoCli {
    /// Work directory (created if missing); a new temporary directory when omitted
    pub dir: Option<PathBuf>,
    /// How many scripted agents take part (negotiation scene)
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(2..=12))]
    pub agents: u64,
    /// Which protocol to play
    #[arg(long, value_enum, default_value_t = crate::demo::Scene::Negotiation)]
    pub scene: crate::demo::Scene,
}

/// The exit-code table, shown at the end of `--help`.
pub fn exit_code_help() -> String {
    let mut text = String::from("Exit codes (0-4 are answers, 64 and up are errors):\n");
    for (_, code, meaning) in EXIT_CODES {
        text.push_str(&format!("  {code:>3}  {meaning}\n"));
    }
    text
}
