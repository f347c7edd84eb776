//! `file-draft-issue DIR AGENT TOPIC`: a private draft issue, during the analysis phase.

use std::path::PathBuf;

use crate::context::Ctx;
use crate::error::{Error, Result};
use crate::names::Name;

use crate::negotiation::commands::desk::Desk;
use crate::negotiation::commands::desk::note_activity;
use crate::negotiation::commands::new_issue::{Filed, prepare};
use crate::negotiation::model::issues;
use crate::negotiation::model::issues::{DRAFTS_DIR, IssueFile, IssueText};
use crate::negotiation::model::log::EventKind;
use crate::negotiation::model::turn::Phase;
use crate::negotiation::model::{Actor, done_marker, open};

#[derive(Debug, Clone)]
pub struct DraftArgs {
    pub dir: PathBuf,
    pub agent: Name,
    pub topic: Name,
    pub text: IssueText,
}

pub fn run(ctx: &Ctx, args: &DraftArgs) -> Result<Filed> {
    let store = open(&args.dir, ctx)?;
    let dir = issues::drafts_dir(&args.agent);
    let prepared = prepare(&store, &dir, &args.text);
    let actor = Actor::by("file-draft-issue", &args.agent);
    let Desk { locked, mut state } = Desk::open(&store, actor)?;
    state.ensure_not_finished(&store)?;
    state.ensure_registered(&args.agent)?;
    state.ensure_phase(Phase::Analysis, "file a draft issue")?;
    if store.exists(&done_marker(&args.agent))? {
        return Err(Error::forbidden(
            "ANALYSIS_ENDED",
            format!("the analysis of {} is over; drafts are closed", args.agent),
        ));
    }
    locked.ensure_dir(DRAFTS_DIR)?;
    locked.ensure_dir(&dir)?;
    let number = issues::next_number(&store, &dir)?;
    let file = IssueFile::name_for(number, args.topic.as_str());
    let rel = format!("{dir}/{file}");
    let text = args.text.render_for(&state.meta.source_order);
    if !locked.create_new_prepared(&rel, &text, prepared)? {
        return Err(Error::malformed(
            &store.path(&rel),
            None,
            "already exists although it is not a numbered draft",
        ));
    }
    // Activity only once the draft exists: a refused draft changes nothing, not even the timer.
    note_activity(&locked, &mut state, &args.agent, ctx)?;
    actor
        .event(ctx, EventKind::Draft)
        .change(None, Some(rel.clone()))
        .append(&locked)?;
    Ok(Filed {
        file,
        path: rel,
        duplicates: Vec::new(),
    })
}
