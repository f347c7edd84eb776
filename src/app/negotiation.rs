//! The negotiation's requests and their operations: each request is what a front end fills
//! (clap from argv, serde from JSON), each operation validates it into the arguments of the
//! negotiation's command and runs it.

use std::ffi::OsString;
use std::path::PathBuf;

use clap::Args;
use serde::Deserialize;

use super::{WaitingFields, agent, waiting};
use crate::context::Ctx;
use crate::error::{Error, Result};
use crate::names::Name;
use crate::negotiation::model::issues::IssueText;
use crate::negotiation::{
    audit_template, changes, check, end_analysis, file_draft_issue, finish, hand_off, init,
    new_issue, poll, register, sign_off, wait_for_start,
};
use crate::output::Warned;

/// The longest window, timeout or interval `init` accepts: a year. Longer ones are mistakes,
/// and a deadline must stay a writable date.
pub const MAX_SECONDS: u64 = 365 * 24 * 3600;

#[derive(Debug, Args, Deserialize)]
pub struct DirRequest {
    /// The negotiation directory
    pub dir: PathBuf,
}

#[derive(Debug, Args, Deserialize)]
pub struct AgentRequest {
    /// The negotiation directory
    pub dir: PathBuf,
    /// The agent's name (^[a-z][a-z0-9-]*$)
    #[serde(deserialize_with = "super::os_string")]
    pub agent: OsString,
}

#[derive(Debug, Args, Deserialize)]
pub struct InitRequest {
    /// The directory to create (its parent must exist)
    pub dir: PathBuf,
    /// How many agents are expected (at least 2)
    #[arg(value_parser = clap::value_parser!(u64).range(2..=1000))]
    pub num_agents: u64,
    /// Seconds to wait for all agents after the first registration (at most a year)
    #[arg(
        default_value_t = crate::negotiation::model::meta::DEFAULT_REGISTRATION_WINDOW,
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
    #[serde(default, rename = "source")]
    pub sources: Vec<PathBuf>,
    /// Position rounds per agent per issue (meta.md max_rounds_per_agent)
    #[arg(
        long,
        value_name = "N",
        default_value_t = crate::negotiation::model::meta::DEFAULT_MAX_ROUNDS,
        value_parser = clap::value_parser!(u64).range(1..=1000)
    )]
    pub max_rounds: u64,
    /// How often agents should poll, in seconds (meta.md poll_interval_seconds)
    #[arg(
        long,
        value_name = "SECS",
        default_value_t = crate::negotiation::model::meta::DEFAULT_POLL_INTERVAL,
        value_parser = clap::value_parser!(u64).range(1..=MAX_SECONDS)
    )]
    pub poll_interval: u64,
    /// Skip a turn holder inactive this long (meta.md turn_timeout_seconds)
    #[arg(
        long,
        value_name = "SECS",
        default_value_t = crate::negotiation::model::meta::DEFAULT_TURN_TIMEOUT,
        value_parser = clap::value_parser!(u64).range(1..=MAX_SECONDS)
    )]
    pub turn_timeout: u64,
    /// finish needs every agent's `sign-off` (the default; kept for scripts)
    #[arg(long)]
    #[serde(default)]
    pub sign_off: bool,
    /// finish needs no sign-off (what script-named links do)
    #[arg(long, conflicts_with = "sign_off")]
    #[serde(default)]
    pub no_sign_off: bool,
}

#[derive(Debug, Args, Deserialize)]
pub struct RegisterRequest {
    /// The negotiation directory
    pub dir: PathBuf,
    /// The agent's name; omit with --auto
    #[arg(required_unless_present = "auto", conflicts_with = "auto")]
    #[serde(default, deserialize_with = "super::os_string_opt")]
    pub agent: Option<OsString>,
    /// Take the first free name of agent-alpha, agent-beta, ... and print it
    #[arg(long)]
    #[serde(default)]
    pub auto: bool,
    /// The participant (model session) behind this agent [env: NEGOTIATE_PARTICIPANT_ID,
    /// CLAUDE_SESSION_ID, CODEX_THREAD_ID]
    #[arg(long, value_name = "ID")]
    pub participant: Option<String>,
}

#[derive(Debug, Args, Deserialize)]
pub struct WaitForStartRequest {
    /// The negotiation directory
    pub dir: PathBuf,
    /// The agent's name
    #[serde(deserialize_with = "super::os_string")]
    pub agent: OsString,
    /// Start with fewer agents than expected once the deadline passed [env:
    /// NEGOTIATE_ALLOW_PARTIAL_REGISTRATION=1]
    #[arg(long)]
    #[serde(default)]
    pub allow_partial: bool,
    #[command(flatten)]
    #[serde(flatten)]
    pub waiting: WaitingFields,
}

#[derive(Debug, Args, Deserialize)]
pub struct PollRequest {
    /// The negotiation directory
    pub dir: PathBuf,
    /// The agent's name
    #[serde(deserialize_with = "super::os_string")]
    pub agent: OsString,
    /// Block until it is the agent's turn or the negotiation is finished
    #[arg(long)]
    #[serde(default)]
    pub wait: bool,
    #[command(flatten)]
    #[serde(flatten)]
    pub waiting: WaitingFields,
}

#[derive(Debug, Args, Deserialize)]
pub struct WaitRequest {
    /// The negotiation directory
    pub dir: PathBuf,
    /// The agent's name
    #[serde(deserialize_with = "super::os_string")]
    pub agent: OsString,
    #[command(flatten)]
    #[serde(flatten)]
    pub waiting: WaitingFields,
}

/// The parts of the issue template a command can fill instead of `[TODO: ...]`.
#[derive(Debug, Args, Deserialize)]
pub struct IssueTextFields {
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

#[derive(Debug, Args, Deserialize)]
pub struct DraftRequest {
    /// The negotiation directory
    pub dir: PathBuf,
    /// The agent's name
    #[serde(deserialize_with = "super::os_string")]
    pub agent: OsString,
    /// The issue's topic (^[a-z][a-z0-9-]*$), part of the file name
    #[serde(deserialize_with = "super::os_string")]
    pub topic: OsString,
    #[command(flatten)]
    #[serde(flatten)]
    pub text: IssueTextFields,
    /// Read the whole issue from FILE (`-` is stdin), in the template's shape: `# Issue: TITLE`,
    /// then `## Question`, `## Context`, `## Position A`, `## Position B`
    #[arg(long, value_name = "FILE", conflicts_with_all = ["title", "question", "context", "position_a", "position_b"])]
    #[serde(default)]
    pub file: Option<PathBuf>,
    /// The text of `file`, given inline (JSON requests only)
    #[arg(skip)]
    #[serde(default)]
    pub file_text: Option<String>,
}

#[derive(Debug, Args, Deserialize)]
pub struct NewIssueRequest {
    /// The negotiation directory
    pub dir: PathBuf,
    /// The issue's topic (^[a-z][a-z0-9-]*$), part of the file name
    #[serde(deserialize_with = "super::os_string")]
    pub topic: OsString,
    #[command(flatten)]
    #[serde(flatten)]
    pub text: IssueTextFields,
}

#[derive(Debug, Args, Deserialize)]
pub struct FinishRequest {
    /// The negotiation directory
    pub dir: PathBuf,
    /// Finish although some issues are ESCALATE; they are listed as unresolved
    #[arg(long)]
    #[serde(default)]
    pub allow_escalated: bool,
    /// Finish although recorded positions were edited; the edits are listed and logged as accepted
    #[arg(long)]
    #[serde(default)]
    pub accept_edits: bool,
    /// Only report readiness, as finish would (0 ready, 1 with every reason); change nothing
    #[arg(long)]
    #[serde(default)]
    pub check: bool,
    /// The agent running finish: recorded in the log, excused from the sign-off
    #[arg(long, value_name = "NAME")]
    #[serde(default, deserialize_with = "super::os_string_opt")]
    pub agent: Option<OsString>,
}

/// `audit-template DIR [--agent NAME]`.
#[derive(Debug, Args, Deserialize)]
pub struct AuditTemplateRequest {
    /// The negotiation directory
    pub dir: PathBuf,
    /// The agent writing the template, recorded in the log
    #[arg(long, value_name = "NAME")]
    #[serde(default, deserialize_with = "super::os_string_opt")]
    pub agent: Option<OsString>,
}

/// `changes` and `sign-off`: a directory and any registered agent's name.
#[derive(Debug, Args, Deserialize)]
pub struct AgentNameRequest {
    /// The negotiation directory
    pub dir: PathBuf,
    /// The agent's name
    #[serde(deserialize_with = "super::os_string")]
    pub agent: OsString,
}

// The operations.

pub fn init(ctx: &Ctx, request: InitRequest) -> Result<init::Initialization> {
    let topic = match (request.topic, request.topic_file) {
        (Some(text), _) => Some(text),
        (None, Some(file)) => Some(topic_from_file(&file)?),
        (None, None) => None,
    };
    let args = init::InitArgs {
        dir: request.dir,
        expected_agents: request.num_agents,
        registration_window: request.registration_window_secs,
        max_rounds: request.max_rounds,
        poll_interval: request.poll_interval,
        turn_timeout: request.turn_timeout,
        topic,
        sources: init::read_sources(&request.sources)?,
        sign_off: sign_off_setting(ctx, request.sign_off, request.no_sign_off)?,
        duplicate_entries: !ctx.settings.script_link,
    };
    init::run(ctx, &args)
}

/// What `meta.md` says of sign-offs: `parley init` (and the MCP `init`) requires them unless
/// `--no-sign-off`; a script-named link writes the old scripts' `meta.md` (no setting: no
/// sign-off) unless `--sign-off` asks for them.
fn sign_off_setting(ctx: &Ctx, sign_off: bool, no_sign_off: bool) -> Result<Option<bool>> {
    if sign_off && no_sign_off {
        return Err(Error::usage("give --sign-off or --no-sign-off, not both"));
    }
    Ok(match (ctx.settings.script_link, sign_off, no_sign_off) {
        (_, true, _) => Some(true),
        (true, false, _) => None,
        (false, false, no) => Some(!no),
    })
}

pub fn register(ctx: &Ctx, request: RegisterRequest) -> Result<register::Registration> {
    let who = match &request.agent {
        Some(raw) => register::Who::Named(agent(raw)?),
        None if request.auto => register::Who::Auto,
        None => return Err(Error::usage("give the agent's name, or --auto")),
    };
    let args = register::RegisterArgs {
        dir: request.dir,
        who,
        participant: register::participant_from(
            request.participant,
            ctx.settings.participant.clone(),
        )?,
    };
    register::run(ctx, &args)
}

pub fn wait_for_start(ctx: &Ctx, request: WaitForStartRequest) -> Result<wait_for_start::Start> {
    let args = wait_for_start::WaitForStartArgs {
        agent: agent(&request.agent)?,
        dir: request.dir,
        allow_partial: request.allow_partial || ctx.settings.allow_partial_registration,
        wait: waiting(&request.waiting)?,
    };
    wait_for_start::run(ctx, &args)
}

pub fn file_draft_issue(ctx: &Ctx, request: DraftRequest) -> Result<new_issue::Filed> {
    let agent = agent(&request.agent)?;
    let topic = topic(&request.topic)?;
    let text = if request.file.is_none() && request.file_text.is_none() {
        issue_text(request.text)?
    } else {
        let fields = &request.text;
        if fields.title.is_some()
            || fields.question.is_some()
            || fields.context.is_some()
            || fields.position_a.is_some()
            || fields.position_b.is_some()
        {
            return Err(Error::usage(
                "give the issue either whole (--file; `file_text` over MCP) or in parts (--title, --question, --context, --position-a, --position-b), not both",
            ));
        }
        let source = super::input_source(ctx, "the issue", request.file_text, request.file)?;
        let raw = source.read_text("the issue")?;
        IssueText::parse(&raw, &source.label())?
    };
    let args = file_draft_issue::DraftArgs {
        agent,
        topic,
        text,
        dir: request.dir,
    };
    file_draft_issue::run(ctx, &args)
}

pub fn end_analysis(ctx: &Ctx, request: AgentRequest) -> Result<end_analysis::AnalysisEnded> {
    let args = end_analysis::EndAnalysisArgs {
        agent: agent(&request.agent)?,
        dir: request.dir,
    };
    end_analysis::run(ctx, &args)
}

pub fn poll(ctx: &Ctx, request: PollRequest) -> Result<poll::PollReply> {
    let wait = request.wait || request.waiting.timeout.is_some();
    let args = poll::PollArgs {
        agent: agent(&request.agent)?,
        wait: wait.then(|| waiting(&request.waiting)).transpose()?,
        dir: request.dir,
    };
    poll::run(ctx, &args)
}

pub fn wait(ctx: &Ctx, request: WaitRequest) -> Result<poll::PollReply> {
    let args = poll::PollArgs {
        agent: agent(&request.agent)?,
        wait: Some(waiting(&request.waiting)?),
        dir: request.dir,
    };
    poll::run(ctx, &args)
}

pub fn new_issue(ctx: &Ctx, request: NewIssueRequest) -> Result<new_issue::Filed> {
    let args = new_issue::NewIssueArgs {
        topic: topic(&request.topic)?,
        text: issue_text(request.text)?,
        dir: request.dir,
    };
    new_issue::run(ctx, &args)
}

pub fn hand_off(ctx: &Ctx, request: AgentRequest) -> Result<hand_off::HandOff> {
    let args = hand_off::HandOffArgs {
        agent: agent(&request.agent)?,
        dir: request.dir,
    };
    hand_off::run(ctx, &args)
}

pub fn audit_template(
    ctx: &Ctx,
    request: AuditTemplateRequest,
) -> Result<audit_template::AuditTemplate> {
    audit_template::run(
        ctx,
        &audit_template::AuditTemplateArgs {
            agent: request.agent.as_deref().map(agent).transpose()?,
            dir: request.dir,
        },
    )
}

pub fn check(ctx: &Ctx, request: DirRequest) -> Result<check::EditCheck> {
    check::run(ctx, &check::CheckArgs { dir: request.dir })
}

pub fn finish(ctx: &Ctx, request: FinishRequest) -> Result<finish::Finish> {
    finish::run(
        ctx,
        &finish::FinishArgs {
            dir: request.dir,
            allow_escalated: request.allow_escalated,
            accept_edits: request.accept_edits,
            check: request.check,
            agent: request.agent.as_deref().map(agent).transpose()?,
        },
    )
}

pub fn changes(ctx: &Ctx, request: AgentNameRequest) -> Result<Warned<changes::ChangesReply>> {
    changes::run(
        ctx,
        &changes::ChangesArgs {
            agent: agent(&request.agent)?,
            dir: request.dir,
        },
    )
}

pub fn sign_off(ctx: &Ctx, request: AgentNameRequest) -> Result<sign_off::SignOff> {
    sign_off::run(
        ctx,
        &sign_off::SignOffArgs {
            agent: agent(&request.agent)?,
            dir: request.dir,
        },
    )
}

pub fn log(ctx: &Ctx, request: DirRequest) -> Result<Warned<crate::negotiation::views::log::Log>> {
    crate::negotiation::views::log::run(ctx, &request.dir)
}

fn topic(raw: &std::ffi::OsStr) -> Result<Name> {
    Name::parse("topic", raw)
}

fn issue_text(request: IssueTextFields) -> Result<IssueText> {
    let text = IssueText {
        title: request.title,
        question: request.question,
        context: request.context,
        position_a: request.position_a,
        position_b: request.position_b,
    };
    if let Some(title) = &text.title
        && (title.trim().is_empty() || title.contains('\n'))
    {
        return Err(Error::bad_input(
            "INVALID_TITLE",
            "a title is one non-empty line",
        ));
    }
    Ok(text)
}

/// The topic `--topic-file FILE` gives (`BAD_TOPIC_FILE` when it cannot be read as text).
pub fn topic_from_file(file: &std::path::Path) -> Result<String> {
    read_topic_file(file).map_err(|e| {
        Error::bad_input(
            "BAD_TOPIC_FILE",
            format!("cannot read the topic file {}: {e}", file.display()),
        )
    })
}

/// The topic file's text: a regular file only (a FIFO would block), as UTF-8.
fn read_topic_file(file: &std::path::Path) -> std::io::Result<String> {
    crate::input::read_regular(file).and_then(|bytes| {
        String::from_utf8(bytes)
            .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, e))
    })
}
