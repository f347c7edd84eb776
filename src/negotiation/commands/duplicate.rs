//! Duplicates: two agents often file the same question. The merge and `status` point out
//! likely pairs (the same topic name, or titles that match once case and punctuation are
//! set aside), and `duplicate DIR AGENT ISSUE --of OTHER` lets two agents settle one in a
//! single exchange instead of a position/challenge/agree cycle.
//!
//! The holder's proposal is an entry of its own in ISSUE's positions file, `## AGENT's
//! duplicate proposal` with the line `Duplicate of OTHER.` and the reason: neither a round nor
//! a challenge. In a negotiation made by a script-named link (or before there was such an
//! entry) it is a challenge entry, `## AGENT's challenge (round N)`, as the old `finish.sh`
//! (which looks for `'s challenge`) expects. `--likely` proposes every likely pair at once. The log's `entry` event of the proposal carries
//! `{"duplicate_of": OTHER}`: only the two together make a proposal (typing the line by hand
//! does not). After a hand-off another agent's `agree DIR AGENT ISSUE` with no decision
//! closes it as AGREED with the decision `Duplicate of OTHER`.

use std::collections::BTreeMap;
use std::path::PathBuf;

use serde::Serialize;
use serde_json::json;

use crate::context::Ctx;
use crate::error::{Error, Result};
use crate::names::Name;
use crate::output::{Human, Reply};

use crate::negotiation::commands::desk::Desk;
use crate::negotiation::commands::on_issue::{OnIssue, holder_on_issue, write_positions};
use crate::negotiation::derived::terms::TermIndex;
use crate::negotiation::model::State;
use crate::negotiation::model::issues;
use crate::negotiation::model::issues::IssueFile;
use crate::negotiation::model::issues::IssueRef;
use crate::negotiation::model::log::EventKind;
use crate::negotiation::model::positions;
use crate::negotiation::model::positions::EntryKind;
use crate::negotiation::model::positions::{IssueStatus, Positions};
use crate::negotiation::model::turn::Phase;
use crate::negotiation::model::{Actor, open};
use crate::negotiation::rules::duplicate;
use crate::negotiation::rules::duplicate::DECISION_PREFIX;
use crate::negotiation::rules::text::Text;
use crate::store::Locked;

#[derive(Debug, Clone)]
pub struct DuplicateArgs {
    pub dir: PathBuf,
    pub agent: Name,
    /// What to propose: one pair, or every likely pair (`--likely`).
    pub what: Proposing,
    /// Why, in the agent's words (optional: the titles often say it all).
    pub reason: Option<Text>,
}

#[derive(Debug, Clone)]
pub enum Proposing {
    /// ISSUE is a duplicate of OF.
    One { issue: IssueRef, of: IssueRef },
    /// Every likely duplicate among the OPEN issues, each chain onto its lowest-numbered issue.
    Likely,
}

/// The proposal written: `data` of `duplicate --json`.
#[derive(Debug, Serialize)]
pub struct Proposed {
    /// The issue proposed as a duplicate, `NN-TOPIC.md`.
    file: String,
    /// Its positions file, `positions/NN-TOPIC.md`.
    path: String,
    agent: Name,
    /// `duplicate` (its own entry), or `challenge` in a negotiation made by a script-named
    /// link (the old scripts' format).
    kind: EntryKind,
    round: u64,
    /// The issue it duplicates, which stays.
    duplicate_of: String,
    /// The issue's number, as `agree` takes it.
    #[serde(skip)]
    number: u64,
}

/// What `duplicate` did: one proposal, or (`--likely`) every one it made.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum Proposals {
    One(Proposed),
    Likely {
        proposed: Vec<Proposed>,
        /// Likely pairs left out, each with why (an issue closed, a proposal already there).
        skipped: Vec<String>,
    },
}

impl Reply for Proposals {
    fn human(&self, out: &mut Human) {
        match self {
            Proposals::One(proposed) => proposed.lines(out),
            Proposals::Likely { proposed, skipped } => {
                for one in proposed {
                    one.lines(out);
                }
                for why in skipped {
                    out.line(format!("Skipped: {why}"));
                }
                out.line(format!(
                    "Proposed {} duplicate{}. After your hand-off another agent confirms them all with `parley agree DIR AGENT --duplicates`.",
                    proposed.len(),
                    if proposed.len() == 1 { "" } else { "s" }
                ));
            }
        }
    }
}

impl Proposed {
    fn lines(&self, out: &mut Human) {
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

pub fn run(ctx: &Ctx, args: &DuplicateArgs) -> Result<Proposals> {
    let store = open(&args.dir, ctx)?;
    let actor = Actor::by("duplicate", &args.agent);
    let Desk { locked, mut state } = Desk::open(&store, actor)?;
    let (issue, of) = match &args.what {
        Proposing::One { issue, of } => (issue, of),
        Proposing::Likely => return likely(ctx, &locked, &mut state, actor, args),
    };
    let on = holder_on_issue(&locked, &state, &args.agent, issue, "propose a duplicate")?;
    let of = of.find(&store)?;
    if of.file == on.issue.file {
        return Err(Error::bad_input(
            "SAME_ISSUE",
            format!("{} cannot be a duplicate of itself", on.issue.file),
        )
        .with_hint("--of names the other issue, the one to keep"));
    }
    let proposed = propose(ctx, &locked, &mut state, actor, args, on, of.file)?;
    Ok(Proposals::One(proposed))
}

/// `--likely`: every likely pair among the issues still OPEN (or without positions), each
/// chain of pairs closed onto its lowest-numbered issue; an issue with a proposal standing is
/// left as it is.
fn likely(
    ctx: &Ctx,
    locked: &Locked,
    state: &mut State,
    actor: Actor,
    args: &DuplicateArgs,
) -> Result<Proposals> {
    let store = locked.store();
    state.ensure_holder(store, &args.agent, "propose duplicates")?;
    state.ensure_phase(Phase::Positions, "propose duplicates")?;
    let index = TermIndex::read_all(store)?;
    let pairs = duplicate::likely_among(&index.issues);
    index.save(locked);
    let events = crate::negotiation::model::log::read(store)?.0;
    let mut skipped = Vec::new();
    // Each issue's place in its chain: the lowest-numbered issue it is linked to.
    let number = |file: &str| IssueFile::parse(file).map_or(u64::MAX, |f| f.number);
    let mut root: BTreeMap<String, String> = BTreeMap::new();
    let find = |root: &BTreeMap<String, String>, file: &str| {
        let mut at = file.to_owned();
        while let Some(next) = root.get(&at).filter(|next| **next != at) {
            at = next.clone();
        }
        at
    };
    let mut open_now: BTreeMap<String, bool> = BTreeMap::new();
    for pair in &pairs {
        for file in [&pair.file, &pair.of] {
            if !open_now.contains_key(file) {
                let rel = issues::positions_file(file);
                let open = match store.read(&rel)? {
                    None => true,
                    Some(text) => {
                        let positions = Positions::parse(&text);
                        positions.status == IssueStatus::Open
                            && duplicate::proposals(&events, &rel, &positions).is_empty()
                    }
                };
                open_now.insert(file.clone(), open);
            }
        }
        if !(open_now[&pair.file] && open_now[&pair.of]) {
            skipped.push(format!(
                "{} of {}: one of them is closed or has a proposal already",
                pair.file, pair.of
            ));
            continue;
        }
        let (a, b) = (find(&root, &pair.file), find(&root, &pair.of));
        if a != b {
            let (low, high) = if number(&a) <= number(&b) {
                (a, b)
            } else {
                (b, a)
            };
            root.insert(high, low);
        }
    }
    let mut proposed = Vec::new();
    let members: Vec<String> = root.keys().cloned().collect();
    for file in members {
        let of = find(&root, &file);
        if of == file {
            continue;
        }
        let on = holder_on_issue(
            locked,
            state,
            &args.agent,
            &IssueRef::File(file.clone()),
            "propose a duplicate",
        )?;
        proposed.push(propose(ctx, locked, state, actor, args, on, of)?);
    }
    proposed.sort_by_key(|p| p.number);
    Ok(Proposals::Likely { proposed, skipped })
}

/// Writes the proposal that `on` is a duplicate of `of` (a file name).
fn propose(
    ctx: &Ctx,
    locked: &Locked,
    state: &mut State,
    actor: Actor,
    args: &DuplicateArgs,
    on: OnIssue,
    of: String,
) -> Result<Proposed> {
    let store = locked.store();
    // Its own entry, or (a negotiation made by a script-named link, or before there was an
    // entry of its own) the challenge the old scripts' `finish.sh` looks for.
    let (kind, round) = if state.meta.duplicate_entries {
        (EntryKind::Duplicate, 0)
    } else {
        let round = on.positions.as_ref().map_or(1, |p| {
            p.entries
                .iter()
                .filter(|e| e.kind == EntryKind::Position && e.agent == args.agent)
                .map(|e| e.round)
                .max()
                .unwrap_or(1)
        });
        (EntryKind::Challenge, round)
    };
    let mut body = format!("{DECISION_PREFIX}{of}.");
    if let Some(reason) = &args.reason {
        body.push_str("\n\n");
        body.push_str(reason.as_str());
    }
    let entry = positions::entry_block(&args.agent, kind, round, &body);
    let text = crate::negotiation::commands::position::with_entry(store, &on, &entry)?;
    let title = positions::entry_title(&args.agent, kind, round);
    let event = actor
        .event(ctx, EventKind::Entry)
        .change(None, Some(format!("{}: {title}", on.rel)))
        .with_detail(json!({"duplicate_of": of}));
    write_positions(locked, None, state, ctx, actor, &on, &text, event)?;
    Ok(Proposed {
        number: on.issue.number,
        file: on.issue.file,
        path: on.rel,
        agent: args.agent.clone(),
        kind,
        round,
        duplicate_of: of,
    })
}
