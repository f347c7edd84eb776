//! `new-issue DIR TOPIC`: a new issue in `issues/`, during the positions phase.

use std::path::PathBuf;

use serde::Serialize;

use crate::context::Ctx;
use crate::error::{Error, Result};
use crate::names::Name;
use crate::output::{Human, Reply};
use crate::store::{Locked, Prepared, Store};

use crate::negotiation::commands::desk::Desk;
use crate::negotiation::derived::terms::{IssueTerms, TermIndex};
use crate::negotiation::model::issues;
use crate::negotiation::model::issues::{ISSUES_DIR, IssueFile, IssueText};
use crate::negotiation::model::log::EventKind;
use crate::negotiation::model::meta::Meta;
use crate::negotiation::model::turn::Phase;
use crate::negotiation::model::{Actor, open};
use crate::negotiation::rules::duplicate;
use crate::negotiation::rules::duplicate::LikelyDuplicate;

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
    /// `new-issue`: the earlier issues the new one likely duplicates (none: absent).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub duplicates: Vec<LikelyDuplicate>,
}

impl Reply for Filed {
    fn human(&self, out: &mut Human) {
        out.line(self.file.as_str());
        // The file name stays alone on stdout, as the old scripts printed it.
        for duplicate in &self.duplicates {
            out.note(duplicate.describe());
        }
        if !self.duplicates.is_empty() {
            out.note(duplicate::MAY_PROPOSE);
        }
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
    let duplicates = likely_with(
        &locked,
        &IssueFile::parse(&file).expect("a numbered issue"),
        &text,
    )?;
    Ok(Filed {
        file,
        path: rel,
        duplicates,
    })
}

/// The new issue added to the index of terms, and the earlier issues it likely duplicates.
/// A directory without an index (made before there was one) has it built once from
/// `issues/`; otherwise only the new issue is read.
fn likely_with(locked: &Locked, issue: &IssueFile, text: &str) -> Result<Vec<LikelyDuplicate>> {
    let store = locked.store();
    let mut index = match TermIndex::load(store) {
        Some(mut index) => {
            index.issues.retain(|terms| terms.file != issue.file);
            index.issues.push(IssueTerms::of(issue, None, text));
            index
        }
        None => TermIndex::read_all(store)?,
    };
    let found = duplicate::likely_among(&index.issues)
        .into_iter()
        .filter(|d| d.file == issue.file)
        .collect();
    index
        .issues
        .sort_by_key(|terms| IssueFile::parse(&terms.file).map(|f| f.number));
    index.save(locked);
    Ok(found)
}

/// The issue file of `text`, written and synced in `dir` before the lock is taken
/// ([`Store::prepare_new`]), with the template the settings read now ask for. Under the lock
/// the command renders it again from the state it loads there and links this file only if
/// the two are the same, so nothing decided here can outlive a change made in between.
pub(super) fn prepare(store: &Store, dir: &str, text: &IssueText) -> Option<Prepared> {
    let meta = Meta::load(store).ok()??;
    store.prepare_new(dir, &text.render_for(&meta.source_order))
}
