//! Duplicates: two agents often file the same question. The merge and `status` point out
//! likely pairs (the same topic name, or titles that match once case and punctuation are
//! set aside), and `duplicate DIR AGENT ISSUE --of OTHER` lets two agents settle one in a
//! single exchange instead of a position/challenge/agree cycle.
//!
//! The holder's proposal is a challenge entry in ISSUE's positions file, so it is the
//! challenge the protocol requires before an agreement (and the old `finish.sh`, which looks
//! for `'s challenge`, accepts it): `## AGENT's challenge (round N)` with the line
//! `Duplicate of OTHER.` and the reason. The log's `entry` event of the proposal carries
//! `{"duplicate_of": OTHER}`: only the two together make a proposal (typing the line by hand
//! does not). After a hand-off another agent's `agree DIR AGENT ISSUE` with no decision
//! closes it as AGREED with the decision `Duplicate of OTHER`.

use std::path::PathBuf;

use serde::Serialize;
use serde_json::json;

use crate::context::Ctx;
use crate::error::{Error, Result};
use crate::names::Name;
use crate::output::{Human, Reply};

use crate::negotiation::commands::desk::Desk;
use crate::negotiation::commands::on_issue::{holder_on_issue, write_positions};
use crate::negotiation::model::issues::IssueRef;
use crate::negotiation::model::log::EventKind;
use crate::negotiation::model::positions;
use crate::negotiation::model::positions::EntryKind;
use crate::negotiation::model::{Actor, open};
use crate::negotiation::rules::duplicate::DECISION_PREFIX;
use crate::negotiation::rules::text::Text;

#[derive(Debug, Clone)]
pub struct DuplicateArgs {
    pub dir: PathBuf,
    pub agent: Name,
    pub issue: IssueRef,
    pub of: IssueRef,
    /// Why, in the agent's words (optional: the titles often say it all).
    pub reason: Option<Text>,
}

/// The proposal written: `data` of `duplicate --json`.
#[derive(Debug, Serialize)]
pub struct Proposed {
    /// The issue proposed as a duplicate, `NN-TOPIC.md`.
    file: String,
    /// Its positions file, `positions/NN-TOPIC.md`.
    path: String,
    agent: Name,
    /// Always a challenge: the proposal is the challenge an agreement needs.
    kind: EntryKind,
    round: u64,
    /// The issue it duplicates, which stays.
    duplicate_of: String,
    /// The issue's number, as `agree` takes it.
    #[serde(skip)]
    number: u64,
}

impl Reply for Proposed {
    fn human(&self, out: &mut Human) {
        out.line(format!(
            "Appended {} to {}",
            positions::entry_title(&self.agent, self.kind, self.round),
            self.path
        ));
        out.line(format!(
            "Proposed: {} is a duplicate of {}. After your hand-off another agent closes it with `parley agree DIR AGENT {}` (no decision needed).",
            self.file, self.duplicate_of, self.number
        ));
    }
}

pub fn run(ctx: &Ctx, args: &DuplicateArgs) -> Result<Proposed> {
    let store = open(&args.dir, ctx)?;
    let actor = Actor::by("duplicate", &args.agent);
    let Desk { locked, mut state } = Desk::open(&store, actor)?;
    let on = holder_on_issue(
        &locked,
        &state,
        &args.agent,
        &args.issue,
        "propose a duplicate",
    )?;
    let of = args.of.find(&store)?;
    if of.file == on.issue.file {
        return Err(Error::bad_input(
            "SAME_ISSUE",
            format!("{} cannot be a duplicate of itself", on.issue.file),
        )
        .with_hint("--of names the other issue, the one to keep"));
    }
    let round = on.positions.as_ref().map_or(1, |p| {
        p.entries
            .iter()
            .filter(|e| e.kind == EntryKind::Position && e.agent == args.agent)
            .map(|e| e.round)
            .max()
            .unwrap_or(1)
    });
    let mut body = format!("{DECISION_PREFIX}{}.", of.file);
    if let Some(reason) = &args.reason {
        body.push_str("\n\n");
        body.push_str(reason.as_str());
    }
    let entry = positions::entry_block(&args.agent, EntryKind::Challenge, round, &body);
    let text = crate::negotiation::commands::position::with_entry(&store, &on, &entry)?;
    let title = positions::entry_title(&args.agent, EntryKind::Challenge, round);
    let event = actor
        .event(ctx, EventKind::Entry)
        .change(None, Some(format!("{}: {title}", on.rel)))
        .with_detail(json!({"duplicate_of": of.file}));
    write_positions(&locked, None, &mut state, ctx, actor, &on, &text, event)?;
    Ok(Proposed {
        number: on.issue.number,
        file: on.issue.file,
        path: on.rel,
        agent: args.agent.clone(),
        kind: EntryKind::Challenge,
        round,
        duplicate_of: of.file,
    })
}
