//! What the rule commands (`position`, `challenge`, `agree`, `escalate`, `resolve`) share:
//! the text an agent or a person gives them, and the checks before an agent touches an issue.

use crate::context::Ctx;
use crate::error::{Error, Result};
use crate::names::Name;
use crate::store::Locked;

use crate::negotiation::commands::desk::note_activity;
use crate::negotiation::derived::digests_file;
use crate::negotiation::derived::record;
use crate::negotiation::model::issues;
use crate::negotiation::model::issues::{IssueFile, IssueRef, POSITIONS_DIR};
use crate::negotiation::model::log::Event;
use crate::negotiation::model::positions::{IssueStatus, Positions};
use crate::negotiation::model::turn::Phase;
use crate::negotiation::model::{Actor, State};

/// An issue as the holder is about to change it.
#[derive(Debug)]
pub struct OnIssue {
    pub issue: IssueFile,
    /// `positions/NN-TOPIC.md`.
    pub rel: String,
    /// The positions file, when it exists.
    pub text: Option<String>,
    pub positions: Option<Positions>,
}

impl OnIssue {
    /// The positions file, which `what` needs (exit 4 `NO_POSITIONS` when missing).
    pub fn require_positions(&self, what: &str) -> Result<(&str, &Positions)> {
        match (&self.text, &self.positions) {
            (Some(text), Some(positions)) => Ok((text, positions)),
            _ => Err(Error::forbidden(
                "NO_POSITIONS",
                format!("cannot {what}: {} has no positions yet", self.issue.file),
            )
            .with_hint("write a position first: `parley position DIR AGENT ISSUE --file F`")),
        }
    }
}

/// The checks every agent's rule command makes, in this order: the negotiation is not
/// finished (2), the agent is registered and holds the turn (4), the phase is positions (4),
/// the issue exists (66), and it is OPEN (4, `ISSUE_CLOSED`).
pub fn holder_on_issue(
    locked: &Locked,
    state: &State,
    agent: &Name,
    issue: &IssueRef,
    action: &str,
) -> Result<OnIssue> {
    let store = locked.store();
    state.ensure_holder(store, agent, action)?;
    state.ensure_phase(Phase::Positions, action)?;
    let issue = issue.find(store)?;
    let rel = issues::positions_file(&issue.file);
    let text = store.read(&rel)?;
    let positions = text.as_deref().map(Positions::parse);
    if let Some(status) = positions.as_ref().map(|p| p.status)
        && status != IssueStatus::Open
    {
        return Err(Error::forbidden(
            "ISSUE_CLOSED",
            format!(
                "cannot {action}: {rel} is {} (only an OPEN issue takes positions, challenges, agreement or escalation)",
                status.word()
            ),
        )
        .with_hint(match status {
            IssueStatus::Escalate => {
                "a person settles it with `parley resolve DIR ISSUE --decision TEXT --by NAME`; go on with the open issues"
            }
            _ => {
                "go on with the open issues; to question an agreement another agent wrote, `parley reopen DIR AGENT ISSUE --reason TEXT`"
            }
        }));
    }
    Ok(OnIssue {
        issue,
        rel,
        text,
        positions,
    })
}

/// Writes the new text of a positions file, counts the command as the agent's activity, and
/// logs the command's `event` with the record of the file ([`record::seal`]) in one append.
/// `loaded` is the record of the log, read under the same lock: by a command that checked a
/// rule against it, or (`None`) here.
#[allow(clippy::too_many_arguments)]
pub fn write_positions(
    locked: &Locked,
    loaded: Option<digests_file::Loaded>,
    state: &mut State,
    ctx: &Ctx,
    actor: Actor,
    on: &OnIssue,
    text: &str,
    event: Event,
) -> Result<()> {
    let loaded = match loaded {
        Some(loaded) => loaded,
        None => digests_file::load(locked.store())?,
    };
    let mut events = record::seal(
        &loaded.ledger,
        state,
        ctx,
        actor,
        &on.rel,
        on.text.as_deref(),
        text,
    );
    events.push(event);
    locked.ensure_dir(POSITIONS_DIR)?;
    locked.preflight(&[&on.rel, crate::negotiation::model::turn::STARTED_FILE])?;
    locked.replace(&on.rel, text)?;
    if let Some(agent) = actor.agent {
        note_activity(locked, state, agent, ctx)?;
    }
    digests_file::append(locked, loaded, &events)
}
