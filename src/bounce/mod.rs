//! The Bounce Protocol (`docs/bounce.md`): one markdown file per session, entries appended
//! under a lock on the file, each ending in `<!-- yield -->`, turn order and consensus.
//!
//! Reading: [`parse`] splits a file into header, rules and entries and reports problems of
//! form; [`timeline`] walks the entries for rounds, turns, the end of the session and the
//! problems of order; [`consensus`] is section 7. Writing goes through
//! `store::append_file` only (exclusive creation, lock, journaled append).

pub mod append;
pub mod consensus;
pub mod entry;
pub mod escalate;
pub mod finding;
pub mod markdown;
pub mod model;
pub mod new;
pub mod next;
pub mod parse;
pub mod session;
pub mod status;
pub mod timeline;
pub mod validate;

use crate::app::waiting;
use crate::cli::bounce::BounceCommand;
use crate::context::Ctx;
use crate::error::Result;
use crate::output::Outcome;

pub fn dispatch(ctx: &Ctx, command: BounceCommand) -> Result<Outcome> {
    match command {
        BounceCommand::New(cli) => new::run(ctx, &new::NewArgs::from_cli(cli)?),
        BounceCommand::Validate(cli) => Ok(validate::run(ctx, &cli.files)),
        BounceCommand::Append(cli) => append::run(ctx, &append::AppendArgs::from_cli(cli)?),
        BounceCommand::Status(cli) => status::run(ctx, &cli.file),
        BounceCommand::Next(cli) => {
            let wait = cli.wait || cli.waiting.timeout.is_some();
            let args = next::NextArgs {
                wait: wait.then(|| waiting(&cli.waiting)).transpose()?,
                file: cli.file,
                agent: cli.agent,
            };
            next::run(ctx, &args)
        }
        BounceCommand::Consensus(cli) => {
            let threshold = cli.threshold.as_deref().map(new::threshold).transpose()?;
            status::consensus(ctx, &cli.file, cli.mode, threshold, cli.round)
        }
        BounceCommand::Escalate(cli) => escalate::run(ctx, &cli.file),
    }
}
