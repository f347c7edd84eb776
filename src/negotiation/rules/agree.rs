//! Who may agree, and when (rules 2 and 7 of the protocol, challenge-before-agree, and no
//! closing on one's own unanswered word): the predicates `agree`, `agree --check` and
//! `status` share, and who agreed each issue.

use crate::error::Error;
use crate::error::Result;
use crate::names::Name;
use crate::negotiation::model::State;
use crate::negotiation::model::log::Event;
use crate::negotiation::model::positions::EntryKind;
use crate::negotiation::model::positions::Positions;
use crate::negotiation::rules::duplicate;
use std::collections::BTreeMap;

/// The refusal of an agreement that breaks `broken` rules (the first one's code, every
/// reason), if any.
pub fn refuse(broken: &[(&'static str, String)], agent: &Name, rel: &str) -> Result<()> {
    match broken.first() {
        None => Ok(()),
        Some((code, _)) => {
            let reasons: Vec<&str> = broken.iter().map(|(_, why)| why.as_str()).collect();
            let error = refusal(code, &reasons.join("; "), agent, rel);
            // Whatever else is broken, the agent's own fresh entry waits for the others.
            Err(if broken.iter().any(|(c, _)| *c == OWN_ENTRY_THIS_TURN) {
                error.with_hint(HAND_OFF_HINT)
            } else {
                error
            })
        }
    }
}

pub fn refusal(code: &'static str, reasons: &str, agent: &Name, rel: &str) -> Error {
    Error::forbidden(code, format!("{agent} cannot mark {rel} AGREED: {reasons}"))
        .with_hint("argue on: another agent challenges on its turn, and you may agree on your next")
}

const HAND_OFF_HINT: &str = "hand off (`parley hand-off DIR AGENT`): the others answer your entry, or agree, on their turn; you may agree on your next";

/// The code of the refusal of an agreement by an agent that wrote an entry (a position, a
/// challenge, a reopen) in the positions file during the current turn: nobody closes
/// an issue on its own word before the others have had a turn to answer it.
pub const OWN_ENTRY_THIS_TURN: &str = "OWN_ENTRY_THIS_TURN";

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

/// Every rule that agreeing would break, with its code and the reason in words (the older
/// rules first, so that their codes stay what they were where several are broken).
/// `before_turn(title)` says whether an entry was already there when the turn began: an
/// entry by `agent` that was not there was written during this turn (`OWN_ENTRY_THIS_TURN`).
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
    let own_fresh = own_entries_this_turn(positions, agent, before_turn);
    if !own_fresh.is_empty() {
        broken.push((
            OWN_ENTRY_THIS_TURN,
            format!(
                "no closing on your own unanswered word: {agent} wrote {} during this turn; hand off, and the others answer it or agree on their turn",
                own_fresh.join(", ")
            ),
        ));
    }
    broken
}

/// The titles of the entries `agent` wrote in `positions` during this turn: those that were
/// not there when the turn began (`before_turn(title)`, as for [`broken_rules`]).
pub fn own_entries_this_turn(
    positions: &Positions,
    agent: &Name,
    before_turn: impl Fn(&str) -> bool,
) -> Vec<String> {
    positions
        .entries
        .iter()
        .filter(|e| &e.agent == agent)
        .map(|e| e.title())
        .filter(|title| !before_turn(title))
        .collect()
}

/// Who marked each issue AGREED with `agree`, as `positions/NN-TOPIC.md` → the agent (the
/// last such event of each file). `finish` counts that agent as taking part in the issue.
pub fn agreed_by(events: &[Event]) -> BTreeMap<String, String> {
    let mut agreers = BTreeMap::new();
    for event in events.iter().filter(|e| e.is_agreement()) {
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

/// What `agent` may do to close an issue, as `agree` (and `agree --check`) would judge it:
/// agree with a decision, or confirm another agent's duplicate proposal (the issue it names).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MayAgree {
    pub with_decision: bool,
    pub duplicate_of: Option<String>,
}

impl MayAgree {
    pub fn any(&self) -> bool {
        self.with_decision || self.duplicate_of.is_some()
    }
}

/// [`MayAgree`] for `agent` on `rel`, whose positions are `positions` (as
/// [`challenges_from`](crate::negotiation::rules::reopen::challenges_from) reads them) with
/// `proposals` standing. `recorded` says which entries were there when the turn began: the
/// holder is judged as `agree` would judge it now; another agent as on its next turn, when
/// every entry there now will have been recorded at a hand-over.
pub fn may_agree(
    positions: &Positions,
    proposals: &[duplicate::Proposal],
    state: &State,
    agent: &Name,
    recorded: Option<&crate::negotiation::derived::digests::FileDigest>,
    rel: &str,
) -> MayAgree {
    let now = state.turn.holder() == Some(agent);
    let before_turn = |title: &str| !now || recorded.is_some_and(|d| d.has_entry(title));
    MayAgree {
        with_decision: broken_rules(positions, state, agent, before_turn).is_empty(),
        duplicate_of: (!proposals.is_empty())
            .then(|| duplicate_rules(proposals, state, agent, before_turn, rel).ok())
            .flatten(),
    }
}
