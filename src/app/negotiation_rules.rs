//! The rule commands' requests and operations: position, challenge, agree, escalate,
//! resolve, and those of agents at work (issue 15): note, duplicate, reopen; and the
//! documents agents write whole (issue 32): analysis, audit, final.

use std::ffi::OsString;
use std::path::PathBuf;

use clap::Args;
use serde::Deserialize;

use super::{agent, input_source};
use crate::context::Ctx;
use crate::error::{Error, Result};
use crate::input::Source;
use crate::negotiation::model::issues::IssueRef;
use crate::negotiation::model::positions::EntryKind;
use crate::negotiation::resolve as resolve_cmd;
use crate::negotiation::rules::documents::Document;
use crate::negotiation::rules::resolve::parse_human;
use crate::negotiation::rules::text::{self, Text};
use crate::negotiation::{
    agree as agree_cmd, duplicate as duplicate_cmd, escalate as escalate_cmd, note as note_cmd,
    position as position_cmd, reopen as reopen_cmd, write_document as document_cmd,
};

/// `position` and `challenge`: the entry's body comes from --body, --file or `-` (stdin),
/// one of them required (checked when the arguments are turned into a command, exit 64).
#[derive(Debug, Args, Deserialize)]
pub struct EntryRequest {
    /// The negotiation directory
    pub dir: PathBuf,
    /// The agent's name (the turn holder)
    #[serde(deserialize_with = "super::os_string")]
    pub agent: OsString,
    /// The issue: its number (1 or 01) or its file name (01-topic.md)
    pub issue: String,
    /// `-`: read the body from stdin
    #[arg(value_name = "-", conflicts_with_all = ["file", "body"])]
    pub stdin: Option<String>,
    /// Read the body from FILE (`-` is stdin)
    #[arg(long, value_name = "FILE", conflicts_with = "body")]
    pub file: Option<PathBuf>,
    /// The body itself
    #[arg(long, value_name = "TEXT")]
    pub body: Option<String>,
}

#[derive(Debug, Args, Deserialize)]
pub struct AgreeRequest {
    /// The negotiation directory
    pub dir: PathBuf,
    /// The agent's name (the turn holder)
    #[serde(deserialize_with = "super::os_string")]
    pub agent: OsString,
    /// The issue: its number (1 or 01) or its file name (01-topic.md)
    #[arg(required_unless_present = "duplicates")]
    #[serde(default)]
    pub issue: Option<String>,
    /// Confirm every pending duplicate proposal by another agent (no issue, no decision)
    #[arg(long, conflicts_with_all = ["issue", "decision", "file"])]
    #[serde(default)]
    pub duplicates: bool,
    /// The decision, written under `## Status: AGREED` (none: agree to a duplicate proposal)
    #[arg(long, value_name = "TEXT", conflicts_with = "file")]
    pub decision: Option<String>,
    /// Read the decision from FILE (`-` is stdin)
    #[arg(long, value_name = "FILE")]
    pub file: Option<PathBuf>,
    /// The decision text of `file`, given inline (JSON requests only)
    #[arg(skip)]
    #[serde(default)]
    pub file_text: Option<String>,
    /// Only say whether agree would be accepted now (0, or agree's refusal); change nothing
    #[arg(long)]
    #[serde(default)]
    pub check: bool,
}

#[derive(Debug, Args, Deserialize)]
pub struct EscalateRequest {
    /// The negotiation directory
    pub dir: PathBuf,
    /// The agent's name (the turn holder)
    #[serde(deserialize_with = "super::os_string")]
    pub agent: OsString,
    /// The issue: its number (1 or 01) or its file name (01-topic.md)
    pub issue: String,
    /// The disagreement, for the person who will settle it
    #[arg(long, value_name = "TEXT")]
    pub summary: String,
}

#[derive(Debug, Args, Deserialize)]
pub struct ResolveRequest {
    /// The negotiation directory
    pub dir: PathBuf,
    /// The escalated issue: its number (1 or 01) or its file name (01-topic.md)
    pub issue: String,
    /// The person's decision
    #[arg(long, value_name = "TEXT")]
    pub decision: String,
    /// The person who decides (not an agent of the negotiation)
    #[arg(long, value_name = "HUMAN")]
    pub by: String,
}

/// `note`, and `analysis`, `audit` and `final`: an agent and a text from --body, --file or
/// `--file -` (stdin).
#[derive(Debug, Args, Deserialize)]
pub struct TextRequest {
    /// The negotiation directory
    pub dir: PathBuf,
    /// The agent's name (note: any registered agent; analysis: on its analysis turn; audit,
    /// final: the turn holder)
    #[serde(deserialize_with = "super::os_string")]
    pub agent: OsString,
    /// The text: a note's text, appended; or the whole new text of analysis/AGENT.md,
    /// coverage-audit.md or final.md
    #[arg(
        long,
        value_name = "TEXT",
        required_unless_present = "file",
        conflicts_with = "file"
    )]
    pub body: Option<String>,
    /// Read the text from FILE (`-` is stdin)
    #[arg(long, value_name = "FILE")]
    pub file: Option<PathBuf>,
}

#[derive(Debug, Args, Deserialize)]
pub struct DuplicateRequest {
    /// The negotiation directory
    pub dir: PathBuf,
    /// The agent's name (the turn holder)
    #[serde(deserialize_with = "super::os_string")]
    pub agent: OsString,
    /// The issue to close as a duplicate: its number or its file name
    #[arg(required_unless_present = "likely", requires = "of")]
    #[serde(default)]
    pub issue: Option<String>,
    /// The issue it duplicates, which stays: its number or its file name
    #[arg(long, value_name = "OTHER", requires = "issue")]
    #[serde(default)]
    pub of: Option<String>,
    /// Propose every likely duplicate the tool found (chains onto their lowest number)
    #[arg(long, conflicts_with_all = ["issue", "of"])]
    #[serde(default)]
    pub likely: bool,
    /// Why, if the titles do not say it
    #[arg(long, value_name = "TEXT")]
    pub reason: Option<String>,
}

#[derive(Debug, Args, Deserialize)]
pub struct ReopenRequest {
    /// The negotiation directory
    pub dir: PathBuf,
    /// The agent's name (the turn holder)
    #[serde(deserialize_with = "super::os_string")]
    pub agent: OsString,
    /// The AGREED issue: its number or its file name
    pub issue: String,
    /// Why the agreement must be questioned (counts as the reopener's challenge)
    #[arg(long, value_name = "TEXT")]
    pub reason: String,
}

pub fn position(ctx: &Ctx, request: EntryRequest) -> Result<position_cmd::Appended> {
    entry(ctx, request, EntryKind::Position)
}

pub fn challenge(ctx: &Ctx, request: EntryRequest) -> Result<position_cmd::Appended> {
    entry(ctx, request, EntryKind::Challenge)
}

fn entry(ctx: &Ctx, request: EntryRequest, kind: EntryKind) -> Result<position_cmd::Appended> {
    let args = position_cmd::EntryArgs {
        agent: agent(&request.agent)?,
        issue: IssueRef::parse(&request.issue)?,
        body: entry_body(ctx, &request)?,
        kind,
        dir: request.dir,
    };
    position_cmd::run(ctx, &args)
}

pub fn agree(ctx: &Ctx, request: AgreeRequest) -> Result<agree_cmd::Agreed> {
    if request.duplicates {
        if request.issue.is_some() || request.decision.is_some() || request.file.is_some() {
            return Err(Error::usage(
                "--duplicates confirms every pending proposal: give no issue and no decision",
            ));
        }
        let args = agree_cmd::AgreeArgs {
            agent: agent(&request.agent)?,
            issue: None,
            decision: None,
            check: request.check,
            dir: request.dir,
        };
        return agree_cmd::confirm_all(ctx, &args).map(agree_cmd::Agreed::All);
    }
    let Some(issue) = &request.issue else {
        return Err(Error::usage(
            "give the issue (its number or file name), or --duplicates",
        ));
    };
    let raw = match (request.decision, request.file_text, &request.file) {
        (Some(text), _, _) => Some(text),
        (None, Some(text), _) => Some(read_input("decision", Source::Text(text))?),
        (None, None, Some(file)) => Some(read_input(
            "decision",
            input_source(ctx, "the decision", None, Some(file.clone()))?,
        )?),
        // A duplicate proposal's agreement, or --check: agree itself decides.
        (None, None, None) => None,
    };
    let args = agree_cmd::AgreeArgs {
        agent: agent(&request.agent)?,
        issue: Some(IssueRef::parse(issue)?),
        decision: raw.map(|r| Text::parse("decision", &r)).transpose()?,
        check: request.check,
        dir: request.dir,
    };
    agree_cmd::run(ctx, &args).map(agree_cmd::Agreed::One)
}

pub fn escalate(ctx: &Ctx, request: EscalateRequest) -> Result<escalate_cmd::Escalation> {
    let args = escalate_cmd::EscalateArgs {
        agent: agent(&request.agent)?,
        issue: IssueRef::parse(&request.issue)?,
        summary: Text::parse("summary", &request.summary)?,
        dir: request.dir,
    };
    escalate_cmd::run(ctx, &args)
}

pub fn resolve(ctx: &Ctx, request: ResolveRequest) -> Result<resolve_cmd::Resolution> {
    let args = resolve_cmd::ResolveArgs {
        issue: IssueRef::parse(&request.issue)?,
        decision: Text::parse("decision", &request.decision)?,
        by: parse_human(&request.by)?,
        dir: request.dir,
    };
    resolve_cmd::run(ctx, &args)
}

pub fn note(ctx: &Ctx, request: TextRequest) -> Result<note_cmd::Noted> {
    let raw = request_text(ctx, "note", request.body, request.file)?;
    let args = note_cmd::NoteArgs {
        agent: agent(&request.agent)?,
        body: Text::parse("note", &raw)?,
        dir: request.dir,
    };
    note_cmd::run(ctx, &args)
}

/// The text of a [`TextRequest`]: --body, or what --file names (`-`: stdin).
fn request_text(
    ctx: &Ctx,
    what: &str,
    body: Option<String>,
    file: Option<PathBuf>,
) -> Result<String> {
    match (body, file) {
        (Some(text), _) => Ok(text),
        (None, Some(file)) => read_input(
            what,
            input_source(ctx, &format!("the {what}"), None, Some(file))?,
        ),
        (None, None) => Err(Error::usage("give --body TEXT or --file FILE")),
    }
}

pub fn analysis(ctx: &Ctx, request: TextRequest) -> Result<document_cmd::Written> {
    document(ctx, request, Document::Analysis)
}

pub fn audit(ctx: &Ctx, request: TextRequest) -> Result<document_cmd::Written> {
    document(ctx, request, Document::Audit)
}

pub fn final_document(ctx: &Ctx, request: TextRequest) -> Result<document_cmd::Written> {
    document(ctx, request, Document::Final)
}

fn document(ctx: &Ctx, request: TextRequest, document: Document) -> Result<document_cmd::Written> {
    let what = match document {
        Document::Analysis => "analysis",
        Document::Audit => "coverage audit",
        Document::Final => "final document",
    };
    let agent = agent(&request.agent)?;
    let raw = request_text(ctx, what, request.body, request.file)?;
    if raw.trim().is_empty() {
        return Err(Error::bad_input(
            "EMPTY_TEXT",
            format!("the {what} is empty"),
        ));
    }
    if raw.len() > text::MAX_TEXT_BYTES {
        return Err(Error::bad_input(
            "TEXT_TOO_LONG",
            format!("the {what} is longer than {} bytes", text::MAX_TEXT_BYTES),
        ));
    }
    document_cmd::run(
        ctx,
        &document_cmd::WriteArgs {
            dir: request.dir,
            agent,
            document,
            text: raw,
        },
    )
}

pub fn duplicate(ctx: &Ctx, request: DuplicateRequest) -> Result<duplicate_cmd::Proposals> {
    let what = match (request.likely, &request.issue, &request.of) {
        (true, None, None) => duplicate_cmd::Proposing::Likely,
        (false, Some(issue), Some(of)) => duplicate_cmd::Proposing::One {
            issue: IssueRef::parse(issue)?,
            of: IssueRef::parse(of)?,
        },
        _ => {
            return Err(Error::usage(
                "give ISSUE and --of OTHER, or --likely alone (every likely duplicate)",
            ));
        }
    };
    let args = duplicate_cmd::DuplicateArgs {
        agent: agent(&request.agent)?,
        what,
        reason: request
            .reason
            .as_deref()
            .map(|r| Text::parse("reason", r))
            .transpose()?,
        dir: request.dir,
    };
    duplicate_cmd::run(ctx, &args)
}

pub fn reopen(ctx: &Ctx, request: ReopenRequest) -> Result<reopen_cmd::Reopened> {
    let args = reopen_cmd::ReopenArgs {
        agent: agent(&request.agent)?,
        issue: IssueRef::parse(&request.issue)?,
        reason: Text::parse("reason", &request.reason)?,
        dir: request.dir,
    };
    reopen_cmd::run(ctx, &args)
}

/// Reads text a command takes from its user, as UTF-8. At most one byte more than the longest
/// text accepted is read, so a huge input is refused without being held whole. (Whether
/// standard input may be a source is `input_source`'s to say.)
fn read_input(what: &str, source: Source) -> Result<String> {
    let limit = text::MAX_TEXT_BYTES as u64 + 1;
    let bytes = source.read_at_most(limit)?;
    if bytes.len() as u64 == limit {
        return Err(Error::bad_input(
            "TEXT_TOO_LONG",
            format!(
                "the {what} in {} is longer than {} bytes",
                source.label(),
                text::MAX_TEXT_BYTES
            ),
        ));
    }
    crate::input::text(bytes, &format!("the {what}"), &source.label())
}

/// The body of a position or challenge: --body, --file or `-`, always named. Stdin is never
/// read unasked: an agent's harness that leaves it open would hang the command.
fn entry_body(ctx: &Ctx, request: &EntryRequest) -> Result<Text> {
    let raw = match (&request.body, &request.file, request.stdin.as_deref()) {
        (Some(text), _, _) => text.clone(),
        (None, Some(file), _) => read_input(
            "body",
            input_source(ctx, "the body", None, Some(file.clone()))?,
        )?,
        (None, None, Some("-")) => read_input("body", input_source(ctx, "the body", None, None)?)?,
        (None, None, Some(other)) => return Err(super::not_stdin(other)),
        (None, None, None) => {
            return Err(Error::usage(if ctx.stdin {
                "the body is required: give it with --body TEXT, --file FILE or - (stdin)"
            } else {
                "the body is required: give it as `body` (the text) or `file` (a file to read)"
            }));
        }
    };
    Text::parse("body", &raw)
}
