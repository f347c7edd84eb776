//! clap types of the negotiation's commands for agents at work (issue 15): `changes`, `note`,
//! `duplicate`, `reopen`, `sign-off`, and the flags they add to `init`, `agree`, `finish` and
//! `audit-template`.

use std::ffi::OsString;
use std::path::PathBuf;

use clap::{Args, Subcommand};

#[derive(Debug, Subcommand)]
pub enum NewsCommand {
    /// What changed since AGENT last handed the turn on
    Changes(NewsAgentCli),
    /// Append a note for the other agents to notes.md (no turn needed)
    Note(NoteCli),
    /// Propose that an issue duplicates another (holder only)
    Duplicate(DuplicateCli),
    /// Reopen an issue another agent agreed (holder only)
    Reopen(ReopenCli),
    /// Approve final.md and coverage-audit.md as they are now
    SignOff(NewsAgentCli),
}

impl NewsCommand {
    /// The JSON `command` field.
    pub fn name(&self) -> &'static str {
        match self {
            NewsCommand::Changes(_) => "changes",
            NewsCommand::Note(_) => "note",
            NewsCommand::Duplicate(_) => "duplicate",
            NewsCommand::Reopen(_) => "reopen",
            NewsCommand::SignOff(_) => "sign-off",
        }
    }
}

#[derive(Debug, Args)]
pub struct NewsAgentCli {
    /// The negotiation directory
    pub dir: PathBuf,
    /// The agent's name
    pub agent: OsString,
}

#[derive(Debug, Args)]
pub struct NoteCli {
    /// The negotiation directory
    pub dir: PathBuf,
    /// The agent's name (any registered agent)
    pub agent: OsString,
    /// The note itself
    #[arg(
        long,
        value_name = "TEXT",
        required_unless_present = "file",
        conflicts_with = "file"
    )]
    pub body: Option<String>,
    /// Read the note from FILE (`-` is stdin)
    #[arg(long, value_name = "FILE")]
    pub file: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct DuplicateCli {
    /// The negotiation directory
    pub dir: PathBuf,
    /// The agent's name (the turn holder)
    pub agent: OsString,
    /// The issue to close as a duplicate: its number or its file name
    pub issue: String,
    /// The issue it duplicates, which stays: its number or its file name
    #[arg(long, value_name = "OTHER")]
    pub of: String,
    /// Why, if the titles do not say it
    #[arg(long, value_name = "TEXT")]
    pub reason: Option<String>,
}

#[derive(Debug, Args)]
pub struct ReopenCli {
    /// The negotiation directory
    pub dir: PathBuf,
    /// The agent's name (the turn holder)
    pub agent: OsString,
    /// The AGREED issue: its number or its file name
    pub issue: String,
    /// Why the agreement must be questioned (counts as the reopener's challenge)
    #[arg(long, value_name = "TEXT")]
    pub reason: String,
}

/// `agree --check`.
#[derive(Debug, Args)]
pub struct AgreeNewsCli {
    /// Only say whether agree would be accepted now (0, or agree's refusal); change nothing
    #[arg(long)]
    pub check: bool,
}

/// `finish --check` and `finish --agent`.
#[derive(Debug, Args)]
pub struct FinishNewsCli {
    /// Only report readiness, as finish would (0 ready, 1 with every reason); change nothing
    #[arg(long)]
    pub check: bool,
    /// The agent running finish: recorded in the log, excused from the sign-off
    #[arg(long, value_name = "NAME")]
    pub agent: Option<OsString>,
}

/// `init --sign-off`.
#[derive(Debug, Args)]
pub struct InitNewsCli {
    /// finish needs every other agent's `sign-off` of final.md and coverage-audit.md
    #[arg(long)]
    pub sign_off: bool,
}

/// `audit-template DIR [--agent NAME]`.
#[derive(Debug, Args)]
pub struct AuditTemplateCli {
    /// The negotiation directory
    pub dir: PathBuf,
    /// The agent writing the template, recorded in the log
    #[arg(long, value_name = "NAME")]
    pub agent: Option<OsString>,
}
