//! `new-issue DIR TOPIC`: a new issue in `issues/`, during the positions phase.

use std::path::PathBuf;

use serde::Serialize;

use crate::context::Ctx;
use crate::error::{Error, Result};
use crate::names::Name;
use crate::output::{Human, Reply};
use crate::store::{Prepared, Store};

use crate::negotiation::commands::desk::Desk;
use crate::negotiation::model::issues;
use crate::negotiation::model::issues::{ISSUES_DIR, IssueFile, IssueText};
use crate::negotiation::model::log::EventKind;
use crate::negotiation::model::meta::Meta;
use crate::negotiation::model::turn::Phase;
use crate::negotiation::model::{Actor, open};

#[derive(Debug, Clone)]
pub struct NewIssueArgs {
    pub dir: PathBuf,
    pub topic: Name,
    pub text: IssueText,
}

/// A new issue or draft written: `data` of `new-issue --json` and `file-draft-issue --json`.
/// People (and the old scripts' callers) get the file name alone.
#[derive(Debug, Serialize)]
pub struct Filed {
    /// `NN-TOPIC.md`.
    pub file: String,
    /// The file relative to the negotiation directory.
    pub path: String,
}

impl Reply for Filed {
    fn human(&self, out: &mut Human) {
        out.line(self.file.as_str());
    }
}

pub fn run(ctx: &Ctx, args: &NewIssueArgs) -> Result<Filed> {
    let store = open(&args.dir, ctx)?;
    let prepared = prepare(&store, ISSUES_DIR, &args.text);
    let actor = Actor {
        command: "new-issue",
        agent: None,
    };
    let Desk { locked, state } = Desk::open(&store, actor)?;
    state.ensure_not_finished(&store)?;
    state.ensure_phase(Phase::Positions, "raise a new issue")?;

    locked.ensure_dir(ISSUES_DIR)?;
    let number = issues::next_number(&store, ISSUES_DIR)?;
    let file = IssueFile::name_for(number, args.topic.as_str());
    let rel = format!("{ISSUES_DIR}/{file}");
    let text = args.text.render_for(&state.meta.source_order);
    if !locked.create_new_prepared(&rel, &text, prepared)? {
        return Err(Error::malformed(
            &store.path(&rel),
            None,
            "already exists although it is not a numbered issue",
        ));
    }
    actor
        .event(ctx, EventKind::Issue)
        .change(None, Some(rel.clone()))
        .append(&locked)?;
    Ok(Filed { file, path: rel })
}

/// The issue file of `text`, written and synced in `dir` before the lock is taken
/// ([`Store::prepare_new`]), with the template the settings read now ask for. Under the lock
/// the command renders it again from the state it loads there and links this file only if
/// the two are the same, so nothing decided here can outlive a change made in between.
pub(super) fn prepare(store: &Store, dir: &str, text: &IssueText) -> Option<Prepared> {
    let meta = Meta::load(store).ok()??;
    store.prepare_new(dir, &text.render_for(&meta.source_order))
}
