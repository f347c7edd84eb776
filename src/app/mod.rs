//! The application layer: one registry of applets, each with its name, the parser of its own
//! arguments and its operation. Both front ends stand on it: the command line (`crate::cli`)
//! fills a request from argv with clap, the MCP server (`crate::mcp`) from a JSON object with
//! serde, and both hand it to the same operation, which validates it and runs the protocol's
//! command. No front end can skip a check, because the checks live in the operations.
//!
//! A request type is declared once, with the attributes of both front ends on its fields
//! (clap's `#[arg]` for argv, serde's for JSON), so the two can never disagree on a field.
//! The protocols below know neither: they take validated arguments and a [`Ctx`].
//!
//! The registry knows no front end: what a front end must know of a command is declared beside
//! its applet ([`Facts`], [`Special`]), the protocols are one table ([`protocols`]), and the
//! root command, its global options and the front ends' own applets (`mcp`, `completions`)
//! belong to the command line.

pub mod bounce;
pub mod feedback;
pub mod negotiation;
pub mod negotiation_rules;
pub mod operative;
pub mod parliament;
pub mod protocols;
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
use protocols::Protocol;

/// One command of parley's top level.
pub struct Applet {
    /// The command-line name (`poll`, `hand-off`, `bounce`): the one place names are kept.
    pub name: &'static str,
    /// The protocol it belongs to; `None` for what is no protocol's (demo, links, ...) and for
    /// `watch`, a live view rather than a call.
    pub protocol: Option<Protocol>,
    /// Its own clap command, named `name`, with its subcommands if it has any.
    pub parser: fn() -> clap::Command,
    /// Runs it with the matches of its own command (the command line).
    pub run_matches: fn(&Ctx, &clap::ArgMatches) -> Result<Outcome>,
    /// Runs it from a JSON request: a leaf takes its fields object; an applet with
    /// subcommands takes them externally tagged, `{"append": {...}}`, nested as deep as they
    /// go. Field names are the request's field names (clap's argument ids).
    pub run_json: fn(&Ctx, serde_json::Value) -> Result<Outcome>,
    /// What each of its commands does, by the subcommands below the applet (see [`Facts`]).
    pub facts: fn(&[&str]) -> Facts,
    /// What a front end calling its commands as tools treats specially (see [`Special`]).
    pub special: &'static [Special],
}

/// What a command does, declared beside every applet, so that a front end can tell without
/// a list of names: refuse commands that change state to a reader, say who acted, keep the
/// decisions for people apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Facts {
    pub effect: Effect,
    /// The request fields that name the agent acting (`agent`, `author`, `from`; a key of an
    /// object field as `message.from`), any one of them when several are given.
    pub acting: &'static [&'static str],
    /// A decision that settles what the agents could not (`resolve`), or the orchestrator's
    /// part (a parliament's `init` and `round`, the Speaker's tally and amendments, a bounce
    /// session's escalation): for a person to take. Only when the call may change state
    /// ([`Facts::may_change`]): reading a tally is anyone's.
    pub for_people: bool,
    /// The request flags without which a command that may change state only reads
    /// (`tally --append`, `amendments --apply`); none: it may change state whatever is given.
    pub changes_only_with: &'static [&'static str],
    /// The request flags with which a command that may change state only reads (`finish
    /// --check`, `agree --check`: what the command would answer, nothing done).
    pub reads_with: &'static [&'static str],
}

impl Facts {
    /// Whether the command, called with the flags `set` says are on, may change state: not a
    /// command that only reads, nor one called without the flag it needs to change
    /// anything (`tally` without `append`), nor one asked only what it would do (`--check`).
    pub fn may_change(&self, set: impl Fn(&str) -> bool) -> bool {
        self.effect == Effect::Changes
            && (self.changes_only_with.is_empty() || self.changes_only_with.iter().any(|f| set(f)))
            && !self.reads_with.iter().any(|f| set(f))
    }
}

/// Whether a command may change what it works on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Effect {
    /// It never changes the session it works on (a file it writes for the caller, such as
    /// `report --html`, is its output, not a change).
    Reads,
    /// It may change it (some only when asked: `tally --append`, `amendments --apply`).
    Changes,
}

/// A command that only reads, on nobody's behalf.
pub const READS: Facts = Facts {
    effect: Effect::Reads,
    acting: &[],
    for_people: false,
    changes_only_with: &[],
    reads_with: &[],
};

/// A command that may change state, on nobody's behalf.
pub const CHANGES: Facts = Facts {
    effect: Effect::Changes,
    acting: &[],
    for_people: false,
    changes_only_with: &[],
    reads_with: &[],
};

/// A command that may change state, acting as the agent named by `acting`.
const fn changes_by(acting: &'static [&'static str]) -> Facts {
    Facts { acting, ..CHANGES }
}

/// A command that only reads, asking as the agent named by `acting`.
const fn reads_by(acting: &'static [&'static str]) -> Facts {
    Facts { acting, ..READS }
}

impl std::fmt::Debug for Applet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Applet").field("name", &self.name).finish()
    }
}

/// What a front end that offers commands as tool calls (the MCP server) treats specially
/// about one command of an applet, declared beside the applet in the registry.
#[derive(Debug, Clone, Copy)]
pub struct Special {
    /// The subcommands below the applet that lead to the command (none: the applet itself).
    pub path: &'static [&'static str],
    pub treat: Treat,
}

/// How a command is treated: see [`Special`].
#[derive(Debug, Clone, Copy)]
pub enum Treat {
    /// It blocks until an answer: a call of its own kind (the MCP `wait` tool's `action`),
    /// listed at `listed` among them, rather than an action of its protocol.
    Wait { action: &'static str, listed: u8 },
    /// It is no operation an agent calls (a program a provider runs, reading stdin).
    NotACall,
    /// Text the command reads from the file field `file` may also be given inline, in the
    /// request field `inline` (declared for serde only, `#[arg(skip)]`): a string, or a JSON
    /// object when `object`.
    Inline {
        file: &'static str,
        inline: &'static str,
        object: bool,
    },
    /// Path fields naming a file the caller reads and sends (what matters is its content),
    /// rather than a path the command works on. A file whose text may come inline is one too.
    Inputs(&'static [&'static str]),
    /// A path field naming a file written for the caller (`report --html`).
    Output(&'static str),
    /// Options that are no field of a call: `status --watch` (with its `--once` and
    /// `--timeout`) is the live view, which would block a call without bound.
    NotFields(&'static [&'static str]),
    /// The command's subcommands are one call, `action`, whose field `field` picks the
    /// subcommand: (the field's value, the subcommand). Without the field, the front end
    /// decides from the payload.
    PickedBy {
        action: &'static str,
        field: &'static str,
        choices: &'static [(&'static str, &'static str)],
    },
}

/// A usage error (exit 64) for a request that clap or serde could not read.
pub fn unreadable_request(e: impl std::fmt::Display) -> Error {
    Error::usage(e.to_string())
}

/// Runs an applet's operation on a request read from clap's matches. An operation returns
/// its typed result (a [`Reply`](crate::output::Reply)), or an [`Outcome`] when it chooses
/// among several commands (a group's subcommands): either becomes the `Outcome` printed.
macro_rules! from_matches {
    ($request:ty, $op:path) => {
        |ctx, matches| {
            let request = <$request as clap::FromArgMatches>::from_arg_matches(matches)
                .map_err($crate::app::unreadable_request)?;
            $op(ctx, request).map($crate::output::Outcome::from)
        }
    };
}

/// Runs an applet's operation on a request read from JSON, as [`from_matches!`] does.
macro_rules! from_json {
    ($request:ty, $op:path) => {
        |ctx, value| {
            let request: $request =
                serde_json::from_value(value).map_err($crate::app::unreadable_request)?;
            $op(ctx, request).map($crate::output::Outcome::from)
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
    ($name:literal, $protocol:expr, $facts:expr, $about:literal, $request:ty, $op:path $(, $special:expr)?) => {
        Applet {
            name: $name,
            protocol: $protocol,
            facts: $facts,
            parser: args_parser!($name, $about, $request),
            run_matches: from_matches!($request, $op),
            run_json: from_json!($request, $op),
            special: specials!($($special)?),
        }
    };
}

/// An applet with subcommands (`bounce append`, `agent register`), one enum of them.
macro_rules! group {
    ($name:literal, $protocol:expr, $facts:expr, $about:literal, $request:ty, $op:path $(, $special:expr)?) => {
        Applet {
            name: $name,
            protocol: $protocol,
            facts: $facts,
            parser: || {
                <$request as clap::Subcommand>::augment_subcommands(clap::Command::new($name))
                    .about($about)
                    .long_about(None)
                    .subcommand_required(true)
                    .arg_required_else_help(true)
            },
            run_matches: from_matches!($request, $op),
            run_json: from_json!($request, $op),
            special: specials!($($special)?),
        }
    };
}

/// An applet of the command line only: a JSON request for it is refused. Front ends declare
/// their own applets with it too (`parley mcp`, `parley completions`).
macro_rules! local {
    ($name:literal, $facts:expr, $about:literal, $request:ty, $op:path) => {
        $crate::app::Applet {
            name: $name,
            protocol: None,
            facts: $facts,
            parser: $crate::app::args_parser!($name, $about, $request),
            run_matches: $crate::app::from_matches!($request, $op),
            run_json: |_, _| {
                Err($crate::error::Error::usage(concat!(
                    "`",
                    $name,
                    "` runs on the command line only"
                )))
            },
            special: &[],
        }
    };
}

/// An applet's special commands, none unless given.
macro_rules! specials {
    () => {
        &[]
    };
    ($special:expr) => {
        $special
    };
}

pub(crate) use {args_parser, from_matches, local};

const NEG: Option<Protocol> = Some(Protocol::Negotiation);
const OPS: Option<Protocol> = Some(Protocol::Operative);

/// Every applet of the application, in the order `parley --help` lists them (the front ends
/// place their own among them).
static APPLETS: &[Applet] = &[
    leaf!(
        "init",
        NEG,
        |_| CHANGES,
        "Create a negotiation directory (init.sh DIR NUM_AGENTS [WINDOW])",
        negotiation::InitRequest,
        negotiation::init,
        &[Special {
            path: &[],
            treat: Treat::Inputs(&["topic_file", "source"])
        }]
    ),
    leaf!(
        "register",
        NEG,
        |_| changes_by(&["agent"]),
        "Register an agent while registration is open (register.sh DIR AGENT)",
        negotiation::RegisterRequest,
        negotiation::register
    ),
    leaf!(
        "wait-for-start",
        NEG,
        |_| changes_by(&["agent"]),
        "Block until registration completes and set the first turn (wait-for-start.sh)",
        negotiation::WaitForStartRequest,
        negotiation::wait_for_start,
        &[Special {
            path: &[],
            treat: Treat::Wait {
                action: "start",
                listed: 1
            }
        }]
    ),
    leaf!(
        "file-draft-issue",
        NEG,
        |_| changes_by(&["agent"]),
        "File a private draft issue in the analysis phase; prints the file name",
        negotiation::DraftRequest,
        negotiation::file_draft_issue,
        &[inline(&[], "file", "file_text")]
    ),
    leaf!(
        "end-analysis",
        NEG,
        |_| changes_by(&["agent"]),
        "End the holder's analysis turn; the last one merges all drafts",
        negotiation::AgentRequest,
        negotiation::end_analysis
    ),
    leaf!(
        "poll",
        NEG,
        |_| changes_by(&["agent"]),
        "One check: 0 your turn, 1 wait, 2 finished (blocks with --wait)",
        negotiation::PollRequest,
        negotiation::poll
    ),
    leaf!(
        "wait",
        NEG,
        |_| changes_by(&["agent"]),
        "Block until it is the agent's turn (0) or the negotiation is finished (2)",
        negotiation::WaitRequest,
        negotiation::wait,
        &[Special {
            path: &[],
            treat: Treat::Wait {
                action: "turn",
                listed: 0
            }
        }]
    ),
    leaf!(
        "new-issue",
        NEG,
        |_| changes_by(&["agent"]),
        "Raise a new issue in the positions phase; prints the file name",
        negotiation::NewIssueRequest,
        negotiation::new_issue
    ),
    leaf!(
        "hand-off",
        NEG,
        |_| changes_by(&["agent"]),
        "Pass the turn to the next agent (holder only)",
        negotiation::AgentRequest,
        negotiation::hand_off
    ),
    leaf!(
        "status",
        NEG,
        |_| READS,
        "Print the turn, the agents and every issue's status (--watch: keep it live)",
        views::StatusRequest,
        views::status,
        &[Special {
            path: &[],
            treat: Treat::NotFields(&["watch", "once", "timeout"])
        }]
    ),
    leaf!(
        "position",
        NEG,
        |_| changes_by(&["agent"]),
        "Append the holder's position on an issue, numbered as its next round",
        negotiation_rules::EntryRequest,
        negotiation_rules::position,
        BODY_FILE
    ),
    leaf!(
        "challenge",
        NEG,
        |_| changes_by(&["agent"]),
        "Append the holder's challenge on an issue: the strongest case against it",
        negotiation_rules::EntryRequest,
        negotiation_rules::challenge,
        BODY_FILE
    ),
    leaf!(
        "agree",
        NEG,
        |_| Facts {
            reads_with: &["check"],
            ..changes_by(&["agent"])
        },
        "Mark an issue AGREED (holder only, after another agent's challenge)",
        negotiation_rules::AgreeRequest,
        negotiation_rules::agree,
        &[inline(&[], "file", "file_text")]
    ),
    leaf!(
        "escalate",
        NEG,
        |_| changes_by(&["agent"]),
        "Mark an issue ESCALATE, for a person to settle (holder only)",
        negotiation_rules::EscalateRequest,
        negotiation_rules::escalate
    ),
    leaf!(
        "resolve",
        NEG,
        |_| Facts {
            for_people: true,
            ..changes_by(&["by"])
        },
        "A person settles an escalated issue",
        negotiation_rules::ResolveRequest,
        negotiation_rules::resolve
    ),
    leaf!(
        "audit-template",
        NEG,
        |_| changes_by(&["agent"]),
        "Write the coverage-audit.md skeleton, one section per file in sources/",
        negotiation::AuditTemplateRequest,
        negotiation::audit_template
    ),
    leaf!(
        "check",
        NEG,
        |_| READS,
        "Report edits of recorded positions: 0 none, 1 edits found",
        negotiation::DirRequest,
        negotiation::check
    ),
    leaf!(
        "finish",
        NEG,
        |_| Facts {
            reads_with: &["check"],
            ..changes_by(&["agent"])
        },
        "Check that everything is agreed and audited, then mark the negotiation done",
        negotiation::FinishRequest,
        negotiation::finish
    ),
    leaf!(
        "changes",
        NEG,
        |_| reads_by(&["agent"]),
        "What changed since AGENT last handed the turn on",
        negotiation::AgentNameRequest,
        negotiation::changes
    ),
    leaf!(
        "note",
        NEG,
        |_| changes_by(&["agent"]),
        "Append a note for the other agents to notes.md (no turn needed)",
        negotiation_rules::TextRequest,
        negotiation_rules::note,
        BODY_FILE
    ),
    leaf!(
        "duplicate",
        NEG,
        |_| changes_by(&["agent"]),
        "Propose that an issue duplicates another (holder only)",
        negotiation_rules::DuplicateRequest,
        negotiation_rules::duplicate
    ),
    leaf!(
        "reopen",
        NEG,
        |_| changes_by(&["agent"]),
        "Reopen an issue another agent agreed (holder only)",
        negotiation_rules::ReopenRequest,
        negotiation_rules::reopen
    ),
    leaf!(
        "sign-off",
        NEG,
        |_| changes_by(&["agent"]),
        "Approve final.md and coverage-audit.md as they are now",
        negotiation::AgentNameRequest,
        negotiation::sign_off
    ),
    leaf!(
        "show",
        NEG,
        |_| reads_by(&["agent"]),
        "Show an issue with its entries, the whole negotiation, or one file (--file)",
        views::ShowRequest,
        views::show
    ),
    leaf!(
        "analysis",
        NEG,
        |_| changes_by(&["agent"]),
        "Write the holder's analysis/AGENT.md (analysis phase)",
        negotiation_rules::TextRequest,
        negotiation_rules::analysis,
        BODY_FILE
    ),
    leaf!(
        "audit",
        NEG,
        |_| changes_by(&["agent"]),
        "Write coverage-audit.md (holder, positions phase)",
        negotiation_rules::TextRequest,
        negotiation_rules::audit,
        BODY_FILE
    ),
    leaf!(
        "final",
        NEG,
        |_| changes_by(&["agent"]),
        "Write final.md (holder, after the audit, no issue open)",
        negotiation_rules::TextRequest,
        negotiation_rules::final_document,
        BODY_FILE
    ),
    leaf!(
        "log",
        NEG,
        |_| READS,
        "Print the event log of a negotiation",
        negotiation::DirRequest,
        negotiation::log
    ),
    leaf!(
        "watch",
        None,
        |_| READS,
        "A live view of a negotiation, redrawn on every change; exit 2 once finished",
        views::WatchRequest,
        views::watch
    ),
    leaf!(
        "report",
        NEG,
        |_| READS,
        "Write a negotiation as one self-contained HTML page",
        views::ReportRequest,
        views::report,
        &[Special {
            path: &[],
            treat: Treat::Output("html")
        }]
    ),
    local!(
        "links",
        |_| CHANGES,
        "Create links named like the old scripts that run this binary",
        tools::LinksRequest,
        tools::links
    ),
    local!(
        "demo",
        |_| CHANGES,
        "Play a protocol end to end between scripted agents, each step a separate process",
        tools::DemoRequest,
        tools::demo
    ),
    local!(
        "skill",
        |_| CHANGES,
        "Print the skill file that teaches agents parley (--install DIR, --check DIR)",
        skill::SkillRequest,
        skill::skill
    ),
    group!(
        "feedback",
        Some(Protocol::Feedback),
        |path| match path {
            ["ask"] => CHANGES,
            _ => READS,
        },
        "Agent Feedback Protocol: validate payloads, extract responses, ask a provider",
        feedback::FeedbackCommand,
        feedback::run,
        &[
            inline(&["validate", "request"], "file", "file_text"),
            inline(&["validate", "request"], "previous", "previous_text"),
            inline(&["validate", "response"], "file", "file_text"),
            inline(&["validate", "response"], "request", "request_text"),
            inline(&["validate", "response"], "previous", "previous_text"),
            inline(&["extract"], "file", "file_text"),
            inline(&["extract"], "request", "request_text"),
            inline(&["extract"], "previous", "previous_text"),
            Special {
                path: &["mock-provider"],
                treat: Treat::NotACall
            },
            Special {
                path: &["validate"],
                treat: Treat::PickedBy {
                    action: "validate",
                    field: "kind",
                    choices: &[("request", "request"), ("response", "response")],
                },
            },
            Special {
                path: &["ask"],
                treat: Treat::Inputs(&["artifact"])
            },
        ]
    ),
    group!(
        "agent",
        OPS,
        |path| match path {
            ["list"] => READS,
            ["show"] => reads_by(&["agent"]),
            _ => changes_by(&["agent"]),
        },
        "Agent identities and heartbeats (operative protocol)",
        operative::AgentCommand,
        operative::agent
    ),
    group!(
        "scope",
        OPS,
        |_| READS,
        "Scope normalization and overlap (operative protocol)",
        operative::ScopeCommand,
        operative::scope
    ),
    leaf!(
        "reserve",
        OPS,
        |_| changes_by(&["agent"]),
        "Reserve a scope for an agent, renew it, or take over a stale one",
        operative::ReserveRequest,
        operative::reserve
    ),
    leaf!(
        "release",
        OPS,
        |_| changes_by(&["agent"]),
        "Release a reservation (owner only)",
        operative::ReleaseRequest,
        operative::release
    ),
    leaf!(
        "reservations",
        OPS,
        |_| READS,
        "List held reservations (or archived ones)",
        operative::ReservationsRequest,
        operative::reservations
    ),
    group!(
        "event",
        OPS,
        |path| match path {
            ["handoff"] | ["blocked"] => changes_by(&["from"]),
            _ => changes_by(&["agent"]),
        },
        "Send a protocol event, or mark one seen or accepted",
        operative::EventCommand,
        operative::event
    ),
    leaf!(
        "events",
        OPS,
        |_| READS,
        "The protocol event timeline",
        operative::EventsRequest,
        operative::events
    ),
    leaf!(
        "session",
        OPS,
        |_| Facts {
            acting: &["register", "adopt"],
            ..CHANGES
        },
        "Start a session: register a new identity or adopt one (never prompts)",
        operative::SessionRequest,
        operative::session
    ),
    group!(
        "bounce",
        Some(Protocol::Bounce),
        |path| match path {
            ["append"] => changes_by(&["author"]),
            ["next"] | ["wait"] => reads_by(&["agent"]),
            ["new"] => CHANGES,
            // The escalation policy's entries are the orchestrator's (a skipped turn written
            // in an agent's name, a deadlock closed).
            ["escalate"] => Facts {
                for_people: true,
                ..CHANGES
            },
            _ => READS,
        },
        "Bounce sessions: a markdown file of turn-taking entries, validated and appended",
        bounce::BounceCommand,
        bounce::run,
        &[
            Special {
                path: &["wait"],
                treat: Treat::Wait {
                    action: "bounce_turn",
                    listed: 2
                }
            },
            Special {
                path: &["new"],
                treat: Treat::Inputs(&["context_file"])
            },
            Special {
                path: &["append"],
                treat: Treat::Inputs(&["body_file"])
            },
        ]
    ),
    group!(
        "parliament",
        Some(Protocol::Parliament),
        |path| match path {
            ["append"] => changes_by(&["message.from"]),
            ["init"] | ["round"] => Facts {
                for_people: true,
                ..CHANGES
            },
            // The Speaker's: the tally it appends, the amendments it rules incorporated; a
            // representative may still read either.
            ["tally"] => Facts {
                changes_only_with: &["append"],
                for_people: true,
                ..CHANGES
            },
            ["amendments"] => Facts {
                changes_only_with: &["apply"],
                for_people: true,
                ..CHANGES
            },
            _ => READS,
        },
        "The parliament ledger: checked appends, validation, tally, gate and clock",
        parliament::ParliamentCommand,
        parliament::run,
        &[Special {
            path: &["append"],
            treat: Treat::Inline {
                file: "file",
                inline: "message",
                object: true
            },
        }]
    ),
];

/// A command whose text (`--file`) is read from a file the caller names.
const BODY_FILE: &[Special] = &[Special {
    path: &[],
    treat: Treat::Inputs(&["file"]),
}];

/// Text read from a file, also accepted inline as a string.
const fn inline(
    path: &'static [&'static str],
    file: &'static str,
    inline: &'static str,
) -> Special {
    Special {
        path,
        treat: Treat::Inline {
            file,
            inline,
            object: false,
        },
    }
}

/// Every applet, in the order `parley --help` lists them.
pub fn applets() -> &'static [Applet] {
    APPLETS
}

/// The applet named `name`.
pub fn find(name: &str) -> Option<&'static Applet> {
    APPLETS.iter().find(|applet| applet.name == name)
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

/// A word where only `-` (the body from standard input) may stand: `position DIR AGENT ISSUE
/// WORD`, `bounce append FILE WORD`.
pub fn not_stdin(word: &str) -> Error {
    Error::usage(format!(
        "unexpected argument {word:?}: only `-` (the body from standard input) may stand there; \
         give the body with --body TEXT or a file"
    ))
}
