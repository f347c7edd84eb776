//! The Agent Feedback Protocol v1.2 (its specification is summarised in `docs/feedback.md`):
//! validating its payloads, extracting a response from a tool's stream, and the Requester that
//! keeps a conversation on disk. See `docs/feedback.md`.
//!
//! - [`schema`]: the published JSON Schemas and their errors as findings
//! - [`rules`]: what a schema cannot say, and the checks between payloads
//! - findings and verdicts are shared: [`crate::findings`]
//! - [`input`]: reading files and stdin
//! - [`validate`], [`extract`], [`ask`], [`log`], [`mock`]: one file per command
//! - [`conversation`]: the layout of a conversation directory
//! - [`provider`]: running the provider's command

pub mod ask;
pub mod conversation;
pub mod extract;
pub mod input;
pub mod log;
pub mod mock;
pub mod provider;
pub mod rules;
pub mod schema;
pub mod validate;

use std::time::Duration;

use crate::cli::feedback::{FeedbackCommand, ValidateKind};
use crate::context::Ctx;
use crate::error::{Error, Result};
use crate::output::Outcome;
use input::{Source, reference};

/// The JSON `command` of each subcommand.
pub fn command_name(command: &FeedbackCommand) -> &'static str {
    match command {
        FeedbackCommand::Validate(cli) => match cli.kind {
            ValidateKind::Request(_) => "feedback validate request",
            ValidateKind::Response(_) => "feedback validate response",
        },
        FeedbackCommand::Extract(_) => "feedback extract",
        FeedbackCommand::Ask(_) => "feedback ask",
        FeedbackCommand::Log(_) => "feedback log",
        FeedbackCommand::MockProvider(_) => "feedback mock-provider",
    }
}

pub fn dispatch(ctx: &Ctx, command: FeedbackCommand) -> Result<Outcome> {
    match command {
        FeedbackCommand::Validate(cli) => {
            let args = match cli.kind {
                ValidateKind::Request(cli) => validate::ValidateArgs {
                    kind: validate::Kind::Request,
                    source: Source::from_arg(cli.file),
                    request: None,
                    previous: cli
                        .previous
                        .map(|p| reference(&p, "--previous"))
                        .transpose()?,
                },
                ValidateKind::Response(cli) => validate::ValidateArgs {
                    kind: validate::Kind::Response,
                    source: Source::from_arg(cli.file),
                    request: cli
                        .request
                        .map(|p| reference(&p, "--request"))
                        .transpose()?,
                    previous: cli
                        .previous
                        .map(|p| reference(&p, "--previous"))
                        .transpose()?,
                },
            };
            validate::run(&args)
        }
        FeedbackCommand::Extract(cli) => {
            let args = extract::ExtractArgs {
                source: Source::from_arg(cli.file),
                request: cli
                    .request
                    .map(|p| reference(&p, "--request"))
                    .transpose()?,
                previous: cli
                    .previous
                    .map(|p| reference(&p, "--previous"))
                    .transpose()?,
            };
            extract::run(ctx, &args)
        }
        FeedbackCommand::Ask(cli) => {
            let timeout = match cli.timeout {
                None => ask::DEFAULT_TIMEOUT,
                Some(secs) => Duration::try_from_secs_f64(secs).map_err(|_| {
                    Error::usage(format!(
                        "--timeout takes a number of seconds >= 0, not {secs}"
                    ))
                })?,
            };
            let args = ask::AskArgs {
                dir: cli.dir,
                artifact: cli.artifact,
                media_type: cli.media_type,
                artifact_ref: cli.artifact_ref,
                apply: cli
                    .apply
                    .iter()
                    .map(|raw| ask::Decision::parse(raw))
                    .collect::<Result<_>>()?,
                timeout,
                provider: cli.provider,
            };
            ask::run(ctx, &args)
        }
        FeedbackCommand::Log(cli) => log::run(ctx, cli.dir),
        FeedbackCommand::MockProvider(cli) => mock::run(
            ctx,
            &mock::MockArgs {
                seed: cli.seed,
                session: cli.session,
            },
        ),
    }
}
