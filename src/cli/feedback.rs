//! clap types of `parley feedback`: the Agent Feedback Protocol v1.2.

use std::ffi::OsString;
use std::path::PathBuf;

use clap::{Args, Subcommand};

#[derive(Debug, Args)]
pub struct FeedbackCli {
    #[command(subcommand)]
    pub command: FeedbackCommand,
}

#[derive(Debug, Subcommand)]
pub enum FeedbackCommand {
    /// Check a Request or Response Object: every finding and a verdict (exit 0 valid, 1 invalid)
    Validate(ValidateCli),
    /// Print the Response Object carried by a tool's NDJSON stream, then check it
    Extract(ExtractCli),
    /// Send the next request to a provider, check its answer and keep the round in DIR
    Ask(AskCli),
    /// Every iteration in DIR, and what became of each feedback item
    Log(FeedbackLogCli),
    /// A provider stand-in: reads a request on stdin, writes a stream with canned feedback
    MockProvider(MockProviderCli),
}

#[derive(Debug, Args)]
pub struct ValidateCli {
    #[command(subcommand)]
    pub kind: ValidateKind,
}

#[derive(Debug, Subcommand)]
pub enum ValidateKind {
    /// Check a Request Object
    Request(ValidateRequestCli),
    /// Check a Response Object
    Response(ValidateResponseCli),
}

#[derive(Debug, Args)]
pub struct ValidateRequestCli {
    /// The payload; stdin when omitted or `-`
    pub file: Option<PathBuf>,
    /// The previous response: applied ids must be among its areas for improvement
    #[arg(long, value_name = "PREV")]
    pub previous: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct ValidateResponseCli {
    /// The payload; stdin when omitted or `-`
    pub file: Option<PathBuf>,
    /// The request it answers: iteration echoed, one acknowledgement per applied decision
    #[arg(long, value_name = "REQ")]
    pub request: Option<PathBuf>,
    /// The previous response: unknown applied ids must be marked unknown_id
    #[arg(long, value_name = "PREV")]
    pub previous: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct ExtractCli {
    /// The stream; stdin when omitted or `-`
    pub file: Option<PathBuf>,
    /// Also check the response against the request it answers
    #[arg(long, value_name = "REQ")]
    pub request: Option<PathBuf>,
    /// Also check the response against the previous response
    #[arg(long, value_name = "PREV")]
    pub previous: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct AskCli {
    /// The conversation directory (created when missing; its parent must exist)
    pub dir: PathBuf,
    /// The file to get feedback on, sent as text
    #[arg(long, value_name = "FILE")]
    pub artifact: PathBuf,
    /// Its MIME type [default: guessed from the file name, text/plain when unknown]
    #[arg(long, value_name = "T")]
    pub media_type: Option<String>,
    /// An identifier of this version of the artifact (a commit, a checksum)
    #[arg(long, value_name = "REF")]
    pub artifact_ref: Option<String>,
    /// A decision on an item of the previous feedback, ID=STATUS[:REASON_CODE[:EXPLANATION]]
    /// with STATUS accepted, rejected or partial (repeatable)
    #[arg(long, value_name = "DECISION")]
    pub apply: Vec<String>,
    /// Kill the provider's process group and give up with exit 124 after SECS [default: 600]
    #[arg(long, value_name = "SECS")]
    pub timeout: Option<f64>,
    /// The provider's command; `{sessionID}` in it is replaced by the session id (on the first
    /// iteration the argument pair ending in it is left out)
    #[arg(last = true, required = true, value_name = "PROVIDER_CMD")]
    pub provider: Vec<OsString>,
}

#[derive(Debug, Args)]
pub struct FeedbackLogCli {
    /// The conversation directory
    pub dir: PathBuf,
}

#[derive(Debug, Args)]
pub struct MockProviderCli {
    /// Varies the canned feedback; the same seed and request give the same stream
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub seed: u64,
    /// The session to answer in, as a tool's --session [default: one made from the seed]
    #[arg(long, value_name = "ID")]
    pub session: Option<String>,
}
