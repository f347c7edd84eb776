//! The application layer: one registry of applets, each with its name, the parser of its own
//! arguments and its operation. Both front ends stand on it: the command line (`crate::cli`)
//! fills a request from argv with clap, the MCP server (`crate::mcp`) from a JSON object with
//! serde, and both hand it to the same operation, which validates it and runs the protocol's
//! command. No front end can skip a check, because the checks live in the operations.
//!
//! A request type is declared once, with the attributes of both front ends on its fields
//! (clap's `#[arg]` for argv, serde's for JSON), so the two can never disagree on a field.
//! The protocols below know neither: they take validated arguments and a [`Ctx`].

pub mod bounce;
pub mod feedback;
pub mod negotiation;
pub mod negotiation_rules;
pub mod operative;
pub mod parliament;
pub mod skill;
pub mod tools;
pub mod views;

use std::ffi::OsStr;
use std::path::PathBuf;
use std::time::Duration;

use serde::Deserialize;

use crate::context::Ctx;
use crate::error::{Error, Result};
use crate::input::Source;
use crate::names::Name;
use crate::output::Outcome;
use crate::wait::WaitOptions;

/// The MCP tool an applet belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tool {
    Negotiation,
    Operative,
    Bounce,
    Parliament,
    Feedback,
}

impl Tool {
    pub const ALL: [Tool; 5] = [
        Tool::Negotiation,
        Tool::Operative,
        Tool::Bounce,
        Tool::Parliament,
        Tool::Feedback,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Tool::Negotiation => "negotiation",
            Tool::Operative => "operative",
            Tool::Bounce => "bounce",
            Tool::Parliament => "parliament",
            Tool::Feedback => "feedback",
        }
    }
}

/// One command of parley's top level.
pub struct Applet {
    /// The command-line name (`poll`, `hand-off`, `bounce`): the one place names are kept.
    pub name: &'static str,
    /// The MCP tool that exposes it; `None` for what is not a tool (demo, watch, links, ...).
    pub tool: Option<Tool>,
    /// Its own clap command, named `name`, with its subcommands if it has any.
    pub parser: fn() -> clap::Command,
    /// Runs it with the matches of its own command (the command line).
    pub run_matches: fn(&Ctx, &clap::ArgMatches) -> Result<Outcome>,
    /// Runs it from a JSON request: a leaf takes its fields object; an applet with
    /// subcommands takes them externally tagged, `{"append": {...}}`, nested as deep as they
    /// go. Field names are the request's field names (clap's argument ids).
    pub run_json: fn(&Ctx, serde_json::Value) -> Result<Outcome>,
}

impl std::fmt::Debug for Applet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Applet").field("name", &self.name).finish()
    }
}

/// A usage error (exit 64) for a request that clap or serde could not read.
fn unreadable_request(e: impl std::fmt::Display) -> Error {
    Error::usage(e.to_string())
}

/// Runs an applet's operation on a request read from clap's matches. An operation returns
/// its typed result (a [`Reply`](crate::output::Reply)), or an [`Outcome`] when it chooses
/// among several commands (a group's subcommands): either becomes the `Outcome` printed.
macro_rules! from_matches {
    ($request:ty, $op:path) => {
        |ctx, matches| {
            let request = <$request as clap::FromArgMatches>::from_arg_matches(matches)
                .map_err(unreadable_request)?;
            $op(ctx, request).map(Outcome::from)
        }
    };
}

/// Runs an applet's operation on a request read from JSON, as [`from_matches!`] does.
macro_rules! from_json {
    ($request:ty, $op:path) => {
        |ctx, value| {
            let request: $request = serde_json::from_value(value).map_err(unreadable_request)?;
            $op(ctx, request).map(Outcome::from)
        }
    };
}

/// The parser of an applet taking one argument struct.
macro_rules! args_parser {
    ($name:literal, $about:literal, $request:ty) => {
        || {
            <$request as clap::Args>::augment_args(clap::Command::new($name))
                .about($about)
                .long_about(None)
        }
    };
}

/// An applet taking one argument struct.
macro_rules! leaf {
    ($name:literal, $tool:expr, $about:literal, $request:ty, $op:path) => {
        Applet {
            name: $name,
            tool: $tool,
            parser: args_parser!($name, $about, $request),
            run_matches: from_matches!($request, $op),
            run_json: from_json!($request, $op),
        }
    };
}

/// An applet with subcommands (`bounce append`, `agent register`), one enum of them.
macro_rules! group {
    ($name:literal, $tool:expr, $about:literal, $request:ty, $op:path) => {
        Applet {
            name: $name,
            tool: $tool,
            parser: || {
                <$request as clap::Subcommand>::augment_subcommands(clap::Command::new($name))
                    .about($about)
                    .long_about(None)
                    .subcommand_required(true)
                    .arg_required_else_help(true)
            },
            run_matches: from_matches!($request, $op),
            run_json: from_json!($request, $op),
        }
    };
}

/// An applet of the command line only: a JSON request for it is refused.
macro_rules! local {
    ($name:literal, $about:literal, $request:ty, $op:path) => {
        Applet {
            name: $name,
            tool: None,
            parser: args_parser!($name, $about, $request),
            run_matches: from_matches!($request, $op),
            run_json: |_, _| {
                Err(Error::usage(concat!(
                    "`",
                    $name,
                    "` runs on the command line only"
                )))
            },
        }
    };
}

const NEG: Option<Tool> = Some(Tool::Negotiation);
const OPS: Option<Tool> = Some(Tool::Operative);

/// Every applet, in the order `parley --help` lists them.
static APPLETS: &[Applet] = &[
    leaf!(
        "init",
        NEG,
        "Create a negotiation directory (init.sh DIR NUM_AGENTS [WINDOW])",
        negotiation::InitRequest,
        negotiation::init
    ),
    leaf!(
        "register",
        NEG,
        "Register an agent while registration is open (register.sh DIR AGENT)",
        negotiation::RegisterRequest,
        negotiation::register
    ),
    leaf!(
        "wait-for-start",
        NEG,
        "Block until registration completes and set the first turn (wait-for-start.sh)",
        negotiation::WaitForStartRequest,
        negotiation::wait_for_start
    ),
    leaf!(
        "file-draft-issue",
        NEG,
        "File a private draft issue in the analysis phase; prints the file name",
        negotiation::DraftRequest,
        negotiation::file_draft_issue
    ),
    leaf!(
        "end-analysis",
        NEG,
        "End the holder's analysis turn; the last one merges all drafts",
        negotiation::AgentRequest,
        negotiation::end_analysis
    ),
    leaf!(
        "poll",
        NEG,
        "One check: 0 your turn, 1 wait, 2 finished (blocks with --wait)",
        negotiation::PollRequest,
        negotiation::poll
    ),
    leaf!(
        "wait",
        NEG,
        "Block until it is the agent's turn (0) or the negotiation is finished (2)",
        negotiation::WaitRequest,
        negotiation::wait
    ),
    leaf!(
        "new-issue",
        NEG,
        "Raise a new issue in the positions phase; prints the file name",
        negotiation::NewIssueRequest,
        negotiation::new_issue
    ),
    leaf!(
        "hand-off",
        NEG,
        "Pass the turn to the next agent (holder only)",
        negotiation::AgentRequest,
        negotiation::hand_off
    ),
    leaf!(
        "status",
        NEG,
        "Print the turn, the agents and every issue's status (--watch: keep it live)",
        views::StatusRequest,
        views::status
    ),
    leaf!(
        "position",
        NEG,
        "Append the holder's position on an issue, numbered as its next round",
        negotiation_rules::EntryRequest,
        negotiation_rules::position
    ),
    leaf!(
        "challenge",
        NEG,
        "Append the holder's challenge on an issue: the strongest case against it",
        negotiation_rules::EntryRequest,
        negotiation_rules::challenge
    ),
    leaf!(
        "agree",
        NEG,
        "Mark an issue AGREED (holder only, after another agent's challenge)",
        negotiation_rules::AgreeRequest,
        negotiation_rules::agree
    ),
    leaf!(
        "escalate",
        NEG,
        "Mark an issue ESCALATE, for a person to settle (holder only)",
        negotiation_rules::EscalateRequest,
        negotiation_rules::escalate
    ),
    leaf!(
        "resolve",
        NEG,
        "A person settles an escalated issue",
        negotiation_rules::ResolveRequest,
        negotiation_rules::resolve
    ),
    leaf!(
        "audit-template",
        NEG,
        "Write the coverage-audit.md skeleton, one section per file in sources/",
        negotiation::AuditTemplateRequest,
        negotiation::audit_template
    ),
    leaf!(
        "check",
        NEG,
        "Report edits of recorded positions: 0 none, 1 edits found",
        negotiation::DirRequest,
        negotiation::check
    ),
    leaf!(
        "finish",
        NEG,
        "Check that everything is agreed and audited, then mark the negotiation done",
        negotiation::FinishRequest,
        negotiation::finish
    ),
    leaf!(
        "changes",
        NEG,
        "What changed since AGENT last handed the turn on",
        negotiation::AgentNameRequest,
        negotiation::changes
    ),
    leaf!(
        "note",
        NEG,
        "Append a note for the other agents to notes.md (no turn needed)",
        negotiation_rules::NoteRequest,
        negotiation_rules::note
    ),
    leaf!(
        "duplicate",
        NEG,
        "Propose that an issue duplicates another (holder only)",
        negotiation_rules::DuplicateRequest,
        negotiation_rules::duplicate
    ),
    leaf!(
        "reopen",
        NEG,
        "Reopen an issue another agent agreed (holder only)",
        negotiation_rules::ReopenRequest,
        negotiation_rules::reopen
    ),
    leaf!(
        "sign-off",
        NEG,
        "Approve final.md and coverage-audit.md as they are now",
        negotiation::AgentNameRequest,
        negotiation::sign_off
    ),
    leaf!(
        "log",
        NEG,
        "Print the event log of a negotiation",
        negotiation::DirRequest,
        negotiation::log
    ),
    leaf!(
        "watch",
        None,
        "A live view of a negotiation, redrawn on every change; exit 2 once finished",
        views::WatchRequest,
        views::watch
    ),
    leaf!(
        "report",
        NEG,
        "Write a negotiation as one self-contained HTML page",
        views::ReportRequest,
        views::report
    ),
    local!(
        "links",
        "Create links named like the old scripts that run this binary",
        tools::LinksRequest,
        tools::links
    ),
    local!(
        "completions",
        "Print a completion script for a shell",
        tools::CompletionsRequest,
        tools::completions
    ),
    local!(
        "demo",
        "Play a protocol end to end between scripted agents, each step a separate process",
        tools::DemoRequest,
        tools::demo
    ),
    local!(
        "skill",
        "Print the skill file that teaches agents parley (--install DIR, --check DIR)",
        skill::SkillRequest,
        skill::skill
    ),
    local!(
        "mcp",
        "Serve the protocols as MCP tools over stdio, for agents that call tools",
        crate::mcp::McpArgs,
        crate::mcp::run
    ),
    group!(
        "feedback",
        Some(Tool::Feedback),
        "Agent Feedback Protocol: validate payloads, extract responses, ask a provider",
        feedback::FeedbackCommand,
        feedback::run
    ),
    group!(
        "agent",
        OPS,
        "Agent identities and heartbeats (operative protocol)",
        operative::AgentCommand,
        operative::agent
    ),
    group!(
        "scope",
        OPS,
        "Scope normalization and overlap (operative protocol)",
        operative::ScopeCommand,
        operative::scope
    ),
    leaf!(
        "reserve",
        OPS,
        "Reserve a scope for an agent, renew it, or take over a stale one",
        operative::ReserveRequest,
        operative::reserve
    ),
    leaf!(
        "release",
        OPS,
        "Release a reservation (owner only)",
        operative::ReleaseRequest,
        operative::release
    ),
    leaf!(
        "reservations",
        OPS,
        "List held reservations (or archived ones)",
        operative::ReservationsRequest,
        operative::reservations
    ),
    group!(
        "event",
        OPS,
        "Send a protocol event, or mark one seen or accepted",
        operative::EventCommand,
        operative::event
    ),
    leaf!(
        "events",
        OPS,
        "The protocol event timeline",
        operative::EventsRequest,
        operative::events
    ),
    leaf!(
        "session",
        OPS,
        "Start a session: register a new identity or adopt one (never prompts)",
        operative::SessionRequest,
        operative::session
    ),
    group!(
        "bounce",
        Some(Tool::Bounce),
        "Bounce sessions: a markdown file of turn-taking entries, validated and appended",
        bounce::BounceCommand,
        bounce::run
    ),
    group!(
        "parliament",
        Some(Tool::Parliament),
        "The parliament ledger: checked appends, validation, tally, gate and clock",
        parliament::ParliamentCommand,
        parliament::run
    ),
];

/// Every applet, in the order `parley --help` lists them.
pub fn applets() -> &'static [Applet] {
    APPLETS
}

/// The applet named `name`.
pub fn find(name: &str) -> Option<&'static Applet> {
    APPLETS.iter().find(|applet| applet.name == name)
}

/// The options every applet takes.
#[derive(Debug, clap::Args)]
pub struct GlobalArgs {
    /// Print one JSON object {"ok","command","data","error"} instead of text
    #[arg(long, global = true)]
    pub json: bool,
    /// Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]
    #[arg(long, global = true, value_name = "SECS", env = "PARLEY_LOCK_TIMEOUT")]
    pub lock_timeout: Option<f64>,
}

/// The top of the command line: parley itself and its global options, without applets.
#[derive(Debug, clap::Parser)]
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
    propagate_version = true,
    subcommand_required = true,
    arg_required_else_help = true
)]
struct Root {
    #[command(flatten)]
    global: GlobalArgs,
}

/// parley's command with `applets` under it: one of them for a command that runs (its parser
/// alone is built), all of them for help, completions and names nobody knows.
pub fn command_with<'a>(applets: impl IntoIterator<Item = &'a Applet>) -> clap::Command {
    <Root as clap::CommandFactory>::command()
        .subcommands(applets.into_iter().map(|applet| (applet.parser)()))
}

/// The whole command tree.
pub fn command_tree() -> clap::Command {
    command_with(APPLETS)
}

/// The exit-code table, shown at the end of `--help`.
fn exit_code_help() -> String {
    let mut text = String::from("Exit codes (0-4 are answers, 64 and up are errors):\n");
    for (_, code, meaning) in crate::error::EXIT_CODES {
        text.push_str(&format!("  {code:>3}  {meaning}\n"));
    }
    text
}

/// The context a call runs in, from the global options and the environment (`PARLEY_NOW`).
pub fn context(global: &GlobalArgs) -> Result<Ctx> {
    let lock_timeout = match global.lock_timeout {
        None => crate::context::DEFAULT_LOCK_TIMEOUT,
        Some(secs) => seconds("--lock-timeout", secs)?,
    };
    let mode = if global.json {
        crate::output::Mode::Json
    } else {
        crate::output::Mode::Human
    };
    Ok(Ctx::new(
        crate::clock::Clock::from_env()?,
        lock_timeout,
        mode,
    ))
}

// What several protocols' requests share.

/// Seconds given as a number, as a `Duration`.
pub(crate) fn seconds(flag: &str, secs: f64) -> Result<Duration> {
    Duration::try_from_secs_f64(secs)
        .map_err(|_| Error::usage(format!("{flag} takes a number of seconds >= 0, not {secs}")))
}

/// How a blocking command waits.
#[derive(Debug, Default, clap::Args, Deserialize)]
#[serde(default)]
pub struct WaitingFields {
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

pub(crate) fn waiting(request: &WaitingFields) -> Result<WaitOptions> {
    Ok(WaitOptions {
        timeout: request
            .timeout
            .map(|s| seconds("--timeout", s))
            .transpose()?,
        force_poll: request.poll,
        poll_interval: request
            .poll_interval
            .map(|s| seconds("--poll-interval", s))
            .transpose()?,
    })
}

pub(crate) fn agent(raw: &OsStr) -> Result<Name> {
    Name::parse("agent name", raw)
}

/// Where a command's text input comes from: text given inline (a JSON request's `*_text`
/// field), a file, or standard input, which only the command line may offer (`-`, or an
/// omitted file where the command says so). A front end that cannot offer stdin (the MCP
/// server) gets a usage error instead of a command that blocks on a stream nobody writes.
pub(crate) fn input_source(
    ctx: &Ctx,
    what: &str,
    inline: Option<String>,
    file: Option<PathBuf>,
) -> Result<Source> {
    match (inline, file) {
        (Some(text), _) => Ok(Source::Text(text)),
        (None, Some(path)) if path.as_os_str() != "-" => Ok(Source::File(path)),
        (None, _) if ctx.stdin => Ok(Source::Stdin),
        (None, _) => Err(Error::usage(format!(
            "{what} is required: give it inline or name a file (standard input is not available here)"
        ))),
    }
}

/// Deserializes an `OsString` field of a JSON request from a string.
pub(crate) fn os_string<'de, D>(
    deserializer: D,
) -> std::result::Result<std::ffi::OsString, D::Error>
where
    D: serde::Deserializer<'de>,
{
    String::deserialize(deserializer).map(Into::into)
}

/// The same for an optional one.
pub(crate) fn os_string_opt<'de, D>(
    deserializer: D,
) -> std::result::Result<Option<std::ffi::OsString>, D::Error>
where
    D: serde::Deserializer<'de>,
{
    Option::<String>::deserialize(deserializer).map(|s| s.map(Into::into))
}

/// The same for a list of them.
pub(crate) fn os_strings<'de, D>(
    deserializer: D,
) -> std::result::Result<Vec<std::ffi::OsString>, D::Error>
where
    D: serde::Deserializer<'de>,
{
    Vec::<String>::deserialize(deserializer).map(|v| v.into_iter().map(Into::into).collect())
}
