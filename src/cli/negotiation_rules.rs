//! The clap types of the rule commands: position, challenge, agree, escalate, resolve.

use std::ffi::OsString;
use std::path::PathBuf;

use clap::Args;

/// `position` and `challenge`: the entry's body comes from --body, --file or `-` (stdin),
/// one of them required (checked when the arguments are turned into a command, exit 64).
#[derive(Debug, Args)]
pub struct EntryCli {
    /// The negotiation directory
    pub dir: PathBuf,
    /// The agent's name (the turn holder)
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

#[derive(Debug, Args)]
pub struct AgreeCli {
    /// The negotiation directory
    pub dir: PathBuf,
    /// The agent's name (the turn holder)
    pub agent: OsString,
    /// The issue: its number (1 or 01) or its file name (01-topic.md)
    pub issue: String,
    /// The decision, written under `## Status: AGREED` (none: agree to a duplicate proposal)
    #[arg(long, value_name = "TEXT", conflicts_with = "file")]
    pub decision: Option<String>,
    /// Read the decision from FILE (`-` is stdin)
    #[arg(long, value_name = "FILE")]
    pub file: Option<PathBuf>,
    #[command(flatten)]
    pub news: super::news::AgreeNewsCli,
}

#[derive(Debug, Args)]
pub struct EscalateCli {
    /// The negotiation directory
    pub dir: PathBuf,
    /// The agent's name (the turn holder)
    pub agent: OsString,
    /// The issue: its number (1 or 01) or its file name (01-topic.md)
    pub issue: String,
    /// The disagreement, for the person who will settle it
    #[arg(long, value_name = "TEXT")]
    pub summary: String,
}

#[derive(Debug, Args)]
pub struct ResolveCli {
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
