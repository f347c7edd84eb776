//! The application layer of the negotiation's commands for agents at work (issue 15):
//! `changes`, `note`, `duplicate`, `reopen` and `sign-off`, from their clap types
//! (`cli/news.rs`) to the validated arguments their commands take. Kept apart from `app.rs`
//! so that it can move into the applet registry as one piece.

use std::path::Path;

use crate::app::{agent, read_input};
use crate::cli::news::NewsCommand;
use crate::context::Ctx;
use crate::error::Result;
use crate::negotiation::issues::IssueRef;
use crate::negotiation::rules::Text;
use crate::negotiation::{changes, duplicate, note, reopen, sign_off};
use crate::output::Outcome;

pub fn dispatch(ctx: &Ctx, command: NewsCommand) -> Result<Outcome> {
    match command {
        NewsCommand::Changes(cli) => changes::run(
            ctx,
            &changes::ChangesArgs {
                agent: agent(&cli.agent)?,
                dir: cli.dir,
            },
        ),
        NewsCommand::Note(cli) => {
            let raw = match (cli.body, &cli.file) {
                (Some(text), _) => text,
                (None, Some(file)) => read_input("note", file)?,
                (None, None) => read_input("note", Path::new("-"))?,
            };
            note::run(
                ctx,
                &note::NoteArgs {
                    agent: agent(&cli.agent)?,
                    body: Text::parse("note", &raw)?,
                    dir: cli.dir,
                },
            )
        }
        NewsCommand::Duplicate(cli) => duplicate::run(
            ctx,
            &duplicate::DuplicateArgs {
                agent: agent(&cli.agent)?,
                issue: IssueRef::parse(&cli.issue)?,
                of: IssueRef::parse(&cli.of)?,
                reason: cli
                    .reason
                    .as_deref()
                    .map(|r| Text::parse("reason", r))
                    .transpose()?,
                dir: cli.dir,
            },
        ),
        NewsCommand::Reopen(cli) => reopen::run(
            ctx,
            &reopen::ReopenArgs {
                agent: agent(&cli.agent)?,
                issue: IssueRef::parse(&cli.issue)?,
                reason: Text::parse("reason", &cli.reason)?,
                dir: cli.dir,
            },
        ),
        NewsCommand::SignOff(cli) => sign_off::run(
            ctx,
            &sign_off::SignOffArgs {
                agent: agent(&cli.agent)?,
                dir: cli.dir,
            },
        ),
    }
}
