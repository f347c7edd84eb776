//! `parley feedback ...`: the Agent Feedback Protocol's requests and operations.

use std::ffi::OsString;
use std::path::PathBuf;

use clap::{Args, Subcommand};
use serde::Deserialize;
use serde_json::Value;

use super::{input_source, seconds};
use crate::context::Ctx;
use crate::error::Result;
use crate::feedback::input::{Source, reference};
use crate::feedback::{ask, extract, log, mock, validate};
use crate::output::Outcome;

#[derive(Debug, Subcommand, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FeedbackCommand {
    /// Check a Request or Response Object: every finding and a verdict (exit 0 valid, 1 invalid)
    Validate(ValidateRequest),
    /// Print the Response Object carried by a tool's NDJSON stream, then check it
    Extract(ExtractRequest),
    /// Send the next request to a provider, check its answer and keep the round in DIR
    Ask(AskRequest),
    /// Every iteration in DIR, and what became of each feedback item
    Log(FeedbackLogRequest),
    /// A provider stand-in: reads a request on stdin, writes a stream with canned feedback
    MockProvider(MockProviderRequest),
}

#[derive(Debug, Args, Deserialize)]
pub struct ValidateRequest {
    #[command(subcommand)]
    #[serde(flatten)]
    pub kind: ValidateKind,
}

#[derive(Debug, Subcommand, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ValidateKind {
    /// Check a Request Object
    Request(ValidateRequestPayloadRequest),
    /// Check a Response Object
    Response(ValidateResponsePayloadRequest),
}

#[derive(Debug, Args, Deserialize)]
pub struct ValidateRequestPayloadRequest {
    /// The payload; stdin when omitted or `-`
    pub file: Option<PathBuf>,
    /// The previous response: applied ids must be among its areas for improvement
    #[arg(long, value_name = "PREV")]
    pub previous: Option<PathBuf>,
    #[command(flatten)]
    #[serde(flatten)]
    pub inline: InlineInputs,
}

#[derive(Debug, Args, Deserialize)]
pub struct ValidateResponsePayloadRequest {
    /// The payload; stdin when omitted or `-`
    pub file: Option<PathBuf>,
    /// The request it answers: iteration echoed, one acknowledgement per applied decision
    #[arg(long, value_name = "REQ")]
    pub request: Option<PathBuf>,
    /// The previous response: unknown applied ids must be marked unknown_id
    #[arg(long, value_name = "PREV")]
    pub previous: Option<PathBuf>,
    #[command(flatten)]
    #[serde(flatten)]
    pub inline: InlineInputs,
}

#[derive(Debug, Args, Deserialize)]
pub struct ExtractRequest {
    /// The stream; stdin when omitted or `-`
    pub file: Option<PathBuf>,
    /// Also check the response against the request it answers
    #[arg(long, value_name = "REQ")]
    pub request: Option<PathBuf>,
    /// Also check the response against the previous response
    #[arg(long, value_name = "PREV")]
    pub previous: Option<PathBuf>,
    #[command(flatten)]
    #[serde(flatten)]
    pub inline: InlineInputs,
}

/// The payloads of FILE, --request and --previous given inline instead (JSON requests only).
#[derive(Debug, Default, Args, Deserialize)]
#[group(skip)]
pub struct InlineInputs {
    #[arg(skip)]
    #[serde(default)]
    pub file_text: Option<String>,
    #[arg(skip)]
    #[serde(default)]
    pub request_text: Option<String>,
    #[arg(skip)]
    #[serde(default)]
    pub previous_text: Option<String>,
}

#[derive(Debug, Args, Deserialize)]
pub struct AskRequest {
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
    #[serde(default)]
    pub apply: Vec<String>,
    /// Kill the provider's process group and give up with exit 124 after SECS [default: 600]
    #[arg(long, value_name = "SECS")]
    pub timeout: Option<f64>,
    /// The provider's command; `{sessionID}` in it is replaced by the session id (on the first
    /// iteration the argument pair ending in it is left out)
    #[arg(last = true, required = true, value_name = "PROVIDER_CMD")]
    #[serde(default, deserialize_with = "super::os_strings")]
    pub provider: Vec<OsString>,
}

#[derive(Debug, Args, Deserialize)]
pub struct FeedbackLogRequest {
    /// The conversation directory
    pub dir: PathBuf,
}

#[derive(Debug, Args, Deserialize)]
pub struct MockProviderRequest {
    /// Varies the canned feedback; the same seed and request give the same stream
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub seed: u64,
    /// The session to answer in, as a tool's --session [default: one made from the seed]
    #[arg(long, value_name = "ID")]
    pub session: Option<String>,
}

pub fn run(ctx: &Ctx, command: FeedbackCommand) -> Result<Outcome> {
    match command {
        FeedbackCommand::Validate(request) => {
            let args = match request.kind {
                ValidateKind::Request(request) => validate::ValidateArgs {
                    kind: validate::Kind::Request,
                    source: payload(ctx, request.inline.file_text, request.file)?,
                    request: None,
                    previous: against(
                        request.inline.previous_text,
                        request.previous,
                        "--previous",
                    )?,
                },
                ValidateKind::Response(request) => validate::ValidateArgs {
                    kind: validate::Kind::Response,
                    source: payload(ctx, request.inline.file_text, request.file)?,
                    request: against(request.inline.request_text, request.request, "--request")?,
                    previous: against(
                        request.inline.previous_text,
                        request.previous,
                        "--previous",
                    )?,
                },
            };
            validate::run(&args).map(Outcome::from)
        }
        FeedbackCommand::Extract(request) => {
            let args = extract::ExtractArgs {
                source: payload(ctx, request.inline.file_text, request.file)?,
                request: against(request.inline.request_text, request.request, "--request")?,
                previous: against(request.inline.previous_text, request.previous, "--previous")?,
            };
            extract::run(&args).map(Outcome::from)
        }
        FeedbackCommand::Ask(request) => {
            let timeout = match request.timeout {
                None => ask::DEFAULT_TIMEOUT,
                Some(secs) => seconds("--timeout", secs)?,
            };
            let args = ask::AskArgs {
                dir: request.dir,
                artifact: request.artifact,
                media_type: request.media_type,
                artifact_ref: request.artifact_ref,
                apply: request
                    .apply
                    .iter()
                    .map(|raw| ask::Decision::parse(raw))
                    .collect::<Result<_>>()?,
                timeout,
                provider: request.provider,
            };
            ask::run(ctx, &args).map(Outcome::from)
        }
        FeedbackCommand::Log(request) => log::run(ctx, request.dir).map(Outcome::from),
        FeedbackCommand::MockProvider(request) => mock::run(
            ctx,
            &mock::MockArgs {
                seed: request.seed,
                session: request.session,
            },
        )
        .map(Outcome::from),
    }
}

/// The payload to check: inline, a file, or standard input where the front end offers it.
fn payload(ctx: &Ctx, inline: Option<String>, file: Option<PathBuf>) -> Result<Source> {
    input_source(ctx, "the payload", inline, file)
}

/// A reference payload (`--request`, `--previous`), inline or from a file.
fn against(inline: Option<String>, file: Option<PathBuf>, flag: &str) -> Result<Option<Value>> {
    let source = match (inline, file) {
        (Some(text), _) => Source::Text(text),
        (None, Some(path)) => Source::File(path),
        (None, None) => return Ok(None),
    };
    reference(&source, flag).map(Some)
}
