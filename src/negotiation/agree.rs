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

use serde_json::json;

use crate::context::Ctx;
use crate::error::{Error, Result};
use crate::names::Name;
use crate::output::Outcome;

use super::digests_file;
use super::issues::IssueRef;
use super::log::Event;
use super::positions::{self, EntryKind, IssueStatus, Positions};
use super::rules::{Text, holder_on_issue, write_positions};
use super::{Actor, State, lock, open};

/// The event `agree` and `escalate` log.
pub const STATUS_EVENT: &str = "status";

#[derive(Debug, Clone)]
pub struct AgreeArgs {
    pub dir: PathBuf,
    pub agent: Name,
    pub issue: IssueRef,
    pub decision: Text,
}

pub fn run(ctx: &Ctx, args: &AgreeArgs) -> Result<Outcome> {
    let store = open(&args.dir, ctx)?;
    let actor = Actor {
        command: "agree",
        agent: Some(&args.agent),
    };
    let locked = lock(&store, actor)?;
    let mut state = State::load(&store)?;
    let on = holder_on_issue(&locked, &state, &args.agent, &args.issue, "agree")?;
    let (text, positions) = on.require_positions("agree")?;
    let loaded = digests_file::load(&store)?;
    let recorded = loaded.ledger.at_turn_start(&on.rel);
    let broken = broken_rules(positions, &state, &args.agent, |title| {
        recorded.is_some_and(|digest| digest.has_entry(title))
    });
    if let Some((code, _)) = broken.first() {
        let reasons: Vec<&str> = broken.iter().map(|(_, why)| why.as_str()).collect();
        return Err(Error::forbidden(
            code,
            format!(
                "{} cannot mark {} AGREED: {}",
                args.agent,
                on.rel,
                reasons.join("; ")
            ),
        )
        .with_hint(
            "argue on: another agent challenges on its turn, and you may agree on your next",
        ));
    }
    let text = positions::set_status(text, IssueStatus::Agreed, args.decision.as_str());
    let event = actor.event(ctx, STATUS_EVENT).change(
        Some(format!("{}: OPEN", on.rel)),
        Some(format!("{}: AGREED", on.rel)),
    );
    write_positions(&locked, loaded, &mut state, ctx, actor, &on, &text, event)?;
    Ok(Outcome::ok(json!({
        "file": on.issue.file,
        "path": on.rel,
        "status": IssueStatus::Agreed,
        "agent": args.agent,
    }))
    .line(format!("Status of {}: AGREED", on.rel)))
}

/// Every rule that agreeing would break, with its code and the reason in words.
/// `before_turn(title)` says whether an entry was already there when the turn began.
fn broken_rules(
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

/// Who marked each issue AGREED with `agree`, as `positions/NN-TOPIC.md` → the agent (the
/// last such event of each file). `finish` counts that agent as taking part in the issue.
pub fn agreed_by(events: &[Event]) -> BTreeMap<String, String> {
    let mut agreers = BTreeMap::new();
    for event in events
        .iter()
        .filter(|e| e.command == "agree" && e.event == STATUS_EVENT)
    {
        let file = event
            .after
            .as_deref()
            .and_then(|after| after.strip_suffix(": AGREED"));
        if let (Some(file), Some(agent)) = (file, &event.agent) {
            agreers.insert(file.to_owned(), agent.clone());
        }
    }
    agreers
}
