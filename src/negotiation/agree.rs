//! `agree DIR AGENT ISSUE --decision TEXT`: the holder sets `## Status: AGREED` with the
//! decision, if the rules allow it. Each refusal (exit 4) names its rule:
//!
//! - `NO_CHALLENGE` (rule 2, challenge before agree): the issue has no challenge entry.
//! - `SELF_CHALLENGE_ONLY` (challenge-before-agree): every challenge is the agreeing agent's
//!   own. The protocol lets "the NEXT agent on their NEXT turn" agree after a challenge, so
//!   the challenger cannot be the one who agrees: a challenge written by the agreer and then
//!   agreed away is a rubber stamp.
//! - `CHALLENGE_THIS_TURN` (challenge-before-agree): the other agents' challenges were not
//!   yet there when this turn began (as recorded at the last hand-over; a file not recorded
//!   then did not exist then): the challenge must come before the turn in which the issue
//!   is agreed.
//! - `SELF_AGREEMENT` (rule 7, no self-agreement): no other agent wrote a position.
//!
//! Only entries by registered agents count. The agreeing agent need not have written a
//! position itself: its decision is its part, and `finish` counts it (see [`agreed_by`]).

use std::collections::BTreeMap;
use std::path::PathBuf;

use serde::Serialize;
use serde_json::json;

use crate::context::Ctx;
use crate::error::{Error, Result};
use crate::names::Name;
use crate::output::{Human, Reply};
use crate::store::LockMode;

use super::digests_file;
use super::duplicate;
use super::issues::IssueRef;
use super::log::{Event, EventKind};
use super::positions::{self, EntryKind, IssueStatus, Positions};
use super::rules::{Text, holder_on_issue, write_positions};
use super::{Actor, State, lock, open};

#[derive(Debug, Clone)]
pub struct AgreeArgs {
    pub dir: PathBuf,
    pub agent: Name,
    pub issue: IssueRef,
    /// `None`: agree to another agent's duplicate proposal (see `duplicate.rs`), whose
    /// decision is `Duplicate of OTHER`.
    pub decision: Option<Text>,
    /// Only say whether `agree` would be accepted now; change nothing.
    pub check: bool,
}

/// What `agree` did, or with `--check` would do: `data` of `agree --json`.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum Agreement {
    Agreed {
        /// The issue's file name, `NN-TOPIC.md`.
        file: String,
        /// The positions file, `positions/NN-TOPIC.md`.
        path: String,
        status: IssueStatus,
        agent: Name,
        decision: String,
    },
    /// `--check`: the rules allow it now; nothing was changed.
    Allowed {
        file: String,
        path: String,
        agent: Name,
        would_agree: bool,
        /// The decision it would record (`None`: none given).
        decision: Option<String>,
    },
}

impl Reply for Agreement {
    fn human(&self, out: &mut Human) {
        out.line(match self {
            Agreement::Agreed { path, .. } => format!("Status of {path}: AGREED"),
            Agreement::Allowed { path, agent, .. } => {
                format!("{agent} may mark {path} AGREED now (nothing was changed).")
            }
        });
    }
}

pub fn run(ctx: &Ctx, args: &AgreeArgs) -> Result<Agreement> {
    let store = open(&args.dir, ctx)?;
    let actor = Actor {
        command: "agree",
        agent: Some(&args.agent),
    };
    // --check changes nothing, not even the lock file's label: a shared lock, as `status`.
    let locked = if args.check {
        store.lock(LockMode::Shared, &actor.label())?
    } else {
        lock(&store, actor)?
    };
    let mut state = State::load(&store)?;
    let on = holder_on_issue(&locked, &state, &args.agent, &args.issue, "agree")?;
    let (text, positions) = on.require_positions("agree")?;
    let loaded = digests_file::load(&store)?;
    let recorded = loaded.ledger.at_turn_start(&on.rel);
    let before_turn = |title: &str| recorded.is_some_and(|digest| digest.has_entry(title));
    // The log is read only when the file holds the text of a duplicate proposal or a reopen
    // (which the log then confirms): agree otherwise keeps to the digests file, and its cost
    // does not grow with the log (see performance.md).
    let events = if duplicate::may_hold_proposal(text) || super::reopen::may_hold_reopen(text) {
        super::log::read(&store)?.0
    } else {
        Vec::new()
    };
    let proposals = duplicate::proposals(&events, &on.rel, positions);
    let decision = match &args.decision {
        // No decision: agree to a duplicate proposal when there is one (`--check` without a
        // decision otherwise checks the ordinary rules).
        None if !proposals.is_empty() || !args.check => {
            let of = duplicate_rules(&proposals, &state, &args.agent, before_turn, &on.rel)?;
            format!("{}{of}", duplicate::DECISION_PREFIX)
        }
        decision => {
            let fresh = super::reopen::challenges_from(&events, &on.rel, positions);
            let broken = broken_rules(&fresh, &state, &args.agent, before_turn);
            refuse(&broken, &args.agent, &on.rel)?;
            decision
                .as_ref()
                .map(|d| d.as_str().to_owned())
                .unwrap_or_default()
        }
    };
    if args.check {
        return Ok(Agreement::Allowed {
            file: on.issue.file,
            path: on.rel,
            agent: args.agent.clone(),
            would_agree: true,
            decision: (!decision.is_empty()).then_some(decision),
        });
    }
    let text = positions::set_status(text, IssueStatus::Agreed, &decision);
    // Who agreed, and to what: the file keeps only the decision (its layout is the old
    // scripts'), the log keeps the author.
    let event = actor
        .event(ctx, EventKind::Status)
        .change(
            Some(format!("{}: OPEN", on.rel)),
            Some(format!("{}: AGREED", on.rel)),
        )
        .with_detail(json!({"agreed_by": args.agent, "decision": decision}));
    write_positions(&locked, loaded, &mut state, ctx, actor, &on, &text, event)?;
    Ok(Agreement::Agreed {
        file: on.issue.file,
        path: on.rel,
        status: IssueStatus::Agreed,
        agent: args.agent.clone(),
        decision,
    })
}

/// The refusal of an agreement that breaks `broken` rules (the first one's code, every
/// reason), if any.
fn refuse(broken: &[(&'static str, String)], agent: &Name, rel: &str) -> Result<()> {
    match broken.first() {
        None => Ok(()),
        Some((code, _)) => {
            let reasons: Vec<&str> = broken.iter().map(|(_, why)| why.as_str()).collect();
            Err(refusal(code, &reasons.join("; "), agent, rel))
        }
    }
}

fn refusal(code: &'static str, reasons: &str, agent: &Name, rel: &str) -> Error {
    Error::forbidden(code, format!("{agent} cannot mark {rel} AGREED: {reasons}"))
        .with_hint("argue on: another agent challenges on its turn, and you may agree on your next")
}

/// The rules of agreeing to a duplicate proposal, the counterpart of [`broken_rules`]: the
/// proposal is the challenge, so it must be another registered agent's and already there
/// when this turn began. Returns the issue it names.
pub fn duplicate_rules(
    proposals: &[duplicate::Proposal],
    state: &State,
    agent: &Name,
    before_turn: impl Fn(&str) -> bool,
    rel: &str,
) -> Result<String> {
    if proposals.is_empty() {
        return Err(Error::usage(format!(
            "give --decision TEXT or --file FILE: {rel} has no duplicate proposal to agree to"
        ))
        .with_hint("propose one on your turn with `parley duplicate DIR AGENT ISSUE --of OTHER`"));
    }
    let others: Vec<_> = proposals
        .iter()
        .filter(|p| &p.agent != agent && state.agents.contains(&p.agent))
        .collect();
    if others.is_empty() {
        return Err(refusal(
            "SELF_CHALLENGE_ONLY",
            &format!(
                "challenge-before-agree: the duplicate proposal is {agent}'s own; another agent must agree to it"
            ),
            agent,
            rel,
        ));
    }
    match others.iter().rev().find(|p| before_turn(&p.entry)) {
        Some(proposal) => Ok(proposal.of.clone()),
        None => Err(refusal(
            "CHALLENGE_THIS_TURN",
            "challenge-before-agree: the duplicate proposal was written during this turn; agree on a later turn",
            agent,
            rel,
        )),
    }
}

/// Every rule that agreeing would break, with its code and the reason in words.
/// `before_turn(title)` says whether an entry was already there when the turn began.
pub fn broken_rules(
    positions: &Positions,
    state: &State,
    agent: &Name,
    before_turn: impl Fn(&str) -> bool,
) -> Vec<(&'static str, String)> {
    let registered = |name: &Name| state.agents.contains(name);
    let challenges: Vec<_> = positions
        .entries
        .iter()
        .filter(|e| e.kind == EntryKind::Challenge && registered(&e.agent))
        .collect();
    let mut broken = Vec::new();
    let others: Vec<_> = challenges.iter().filter(|e| &e.agent != agent).collect();
    if challenges.is_empty() {
        broken.push((
            "NO_CHALLENGE",
            "rule 2 (challenge before agree): the issue has no challenge entry".to_owned(),
        ));
    } else if others.is_empty() {
        broken.push((
            "SELF_CHALLENGE_ONLY",
            format!(
                "challenge-before-agree: every challenge is {agent}'s own; another agent must challenge before {agent} may agree"
            ),
        ));
    } else if !others.iter().any(|e| before_turn(&e.title())) {
        broken.push((
            "CHALLENGE_THIS_TURN",
            "challenge-before-agree: the other agents' challenges were written during this turn; agree on a later turn".to_owned(),
        ));
    }
    let other_position = positions
        .entries
        .iter()
        .any(|e| e.kind == EntryKind::Position && &e.agent != agent && registered(&e.agent));
    if !other_position {
        broken.push((
            "SELF_AGREEMENT",
            "rule 7 (no self-agreement): no other agent has written a position on this issue"
                .to_owned(),
        ));
    }
    broken
}

/// Whether `event` logs an issue marked AGREED by `agree`.
pub fn is_agreement(event: &Event) -> bool {
    event.command == "agree" && event.kind == EventKind::Status
}

/// Who marked each issue AGREED with `agree`, as `positions/NN-TOPIC.md` → the agent (the
/// last such event of each file). `finish` counts that agent as taking part in the issue.
pub fn agreed_by(events: &[Event]) -> BTreeMap<String, String> {
    let mut agreers = BTreeMap::new();
    for event in events.iter().filter(|e| is_agreement(e)) {
        let file = event
            .after
            .as_deref()
            .and_then(|after| after.strip_suffix(": AGREED"));
        if let (Some(file), Some(agent)) = (file, &event.agent) {
            agreers.insert(file.to_owned(), agent.to_string());
        }
    }
    agreers
}
