//! `position DIR AGENT ISSUE` and `challenge DIR AGENT ISSUE`: the holder appends an entry,
//! `## AGENT's position (round N)` or `## AGENT's challenge (round N)`, with its body.
//!
//! Rounds are counted per agent per issue. A position is the agent's next round (one above
//! its highest position round); at `max_rounds_per_agent` positions it is refused and the
//! agent is told to escalate. A challenge belongs to the agent's current round (that of its
//! last position, 1 before any) and is never limited: the protocol counts it as activity,
//! not as a round.

use std::path::PathBuf;

use serde::Serialize;

use crate::context::Ctx;
use crate::error::{Error, Result};
use crate::names::Name;
use crate::output::{Human, Reply};

use crate::negotiation::commands::desk::Desk;
use crate::negotiation::commands::on_issue::{holder_on_issue, write_positions};
use crate::negotiation::model::issues;
use crate::negotiation::model::issues::{ISSUES_DIR, IssueRef};
use crate::negotiation::model::log::EventKind;
use crate::negotiation::model::positions;
use crate::negotiation::model::positions::{EntryKind, Positions};
use crate::negotiation::model::{Actor, open};
use crate::negotiation::rules::text::Text;

#[derive(Debug, Clone)]
pub struct EntryArgs {
    pub dir: PathBuf,
    pub agent: Name,
    pub issue: IssueRef,
    pub kind: EntryKind,
    pub body: Text,
}

/// The entry appended: `data` of `position --json` and `challenge --json`.
#[derive(Debug, Serialize)]
pub struct Appended {
    /// The issue's file name, `NN-TOPIC.md`.
    file: String,
    /// The positions file, `positions/NN-TOPIC.md`.
    path: String,
    agent: Name,
    kind: EntryKind,
    round: u64,
    /// Whether the entry started the positions file.
    created: bool,
}

impl Reply for Appended {
    fn human(&self, out: &mut Human) {
        out.line(format!(
            "Appended {} to {}",
            positions::entry_title(&self.agent, self.kind, self.round),
            self.path
        ));
    }
}

pub fn run(ctx: &Ctx, args: &EntryArgs) -> Result<Appended> {
    let store = open(&args.dir, ctx)?;
    let command = args.kind.word();
    let actor = Actor {
        command,
        agent: Some(&args.agent),
    };
    let Desk { locked, mut state } = Desk::open(&store, actor)?;
    let action = format!("write a {command}");
    let on = holder_on_issue(&locked, &state, &args.agent, &args.issue, &action)?;

    let latest = on
        .positions
        .as_ref()
        .map_or(0, |p| latest_position_round(p, &args.agent));
    let round = match args.kind {
        EntryKind::Position => {
            let max = state.meta.max_rounds_per_agent;
            if latest >= max {
                return Err(Error::forbidden(
                    "MAX_ROUNDS",
                    format!(
                        "{} has written {latest} position rounds on {} (max_rounds_per_agent is {max}): rule 8, escalation",
                        args.agent, on.issue.file
                    ),
                )
                .with_hint(format!(
                    "escalate it: `parley escalate DIR {} {} --summary TEXT`",
                    args.agent, on.issue.number
                )));
            }
            latest + 1
        }
        // `position` and `challenge` write only these two kinds.
        EntryKind::Challenge | EntryKind::Duplicate => latest.max(1),
    };

    let entry = positions::entry_block(&args.agent, args.kind, round, args.body.as_str());
    let created = on.text.is_none();
    let text = with_entry(&store, &on, &entry)?;
    let title = positions::entry_title(&args.agent, args.kind, round);
    let event = actor
        .event(ctx, EventKind::Entry)
        .change(None, Some(format!("{}: {title}", on.rel)));
    write_positions(&locked, None, &mut state, ctx, actor, &on, &text, event)?;
    Ok(Appended {
        file: on.issue.file,
        path: on.rel,
        agent: args.agent.clone(),
        kind: args.kind,
        round,
        created,
    })
}

/// The agent's highest position round on the issue (0 before its first position).
fn latest_position_round(positions: &Positions, agent: &Name) -> u64 {
    positions
        .entries
        .iter()
        .filter(|e| e.kind == EntryKind::Position && &e.agent == agent)
        .map(|e| e.round)
        .max()
        .unwrap_or(0)
}

/// The issue's positions text with `entry` appended: a new file, titled after the issue, for
/// its first entry.
pub fn with_entry(
    store: &crate::store::Store,
    on: &crate::negotiation::commands::on_issue::OnIssue,
    entry: &str,
) -> Result<String> {
    Ok(match &on.text {
        Some(text) => positions::append_entry(text, entry),
        None => {
            let issue_text = store
                .read(&format!("{ISSUES_DIR}/{}", on.issue.file))?
                .unwrap_or_default();
            let title = issues::title(&issue_text)
                .filter(|t| !t.is_empty() && !t.starts_with("[TODO"))
                .unwrap_or_else(|| on.issue.topic.to_string());
            positions::new_file(&title, entry)
        }
    })
}
