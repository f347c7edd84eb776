//! Who may agree, and when (rules 2 and 7 of the protocol, challenge-before-agree, and no
//! closing on one's own unanswered word): the predicates `agree`, `agree --check` and
//! `status` share, and who agreed each issue.

use crate::error::Error;
use crate::error::Result;
use crate::names::Name;
use crate::negotiation::model::State;
use crate::negotiation::model::log::Event;
use crate::negotiation::model::positions::Positions;
use crate::negotiation::model::positions::{Entry, EntryKind};
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
            "give --decision TEXT or --file FILE (`decision` or `file_text` over MCP): {rel} has no duplicate proposal to agree to"
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
    rules_broken(positions, state, agent, |entry| before_turn(&entry.title()))
        .into_iter()
        .map(|broken| (broken.code(), broken.reason(agent)))
        .collect()
}

/// A rule agreeing would break, before it is put in words: `status` asks for every OPEN
/// issue and every agent only whether any is broken.
enum Broken {
    NoChallenge,
    SelfChallengeOnly,
    ChallengeThisTurn,
    SelfAgreement,
    /// The titles of the agent's entries written during this turn.
    OwnEntryThisTurn(Vec<String>),
}

impl Broken {
    fn code(&self) -> &'static str {
        match self {
            Broken::NoChallenge => "NO_CHALLENGE",
            Broken::SelfChallengeOnly => "SELF_CHALLENGE_ONLY",
            Broken::ChallengeThisTurn => "CHALLENGE_THIS_TURN",
            Broken::SelfAgreement => "SELF_AGREEMENT",
            Broken::OwnEntryThisTurn(_) => OWN_ENTRY_THIS_TURN,
        }
    }

    fn reason(&self, agent: &Name) -> String {
        match self {
            Broken::NoChallenge => {
                "rule 2 (challenge before agree): the issue has no challenge entry".to_owned()
            }
            Broken::SelfChallengeOnly => format!(
                "challenge-before-agree: every challenge is {agent}'s own; another agent must challenge before {agent} may agree"
            ),
            Broken::ChallengeThisTurn => "challenge-before-agree: the other agents' challenges were written during this turn; agree on a later turn".to_owned(),
            Broken::SelfAgreement => {
                "rule 7 (no self-agreement): no other agent has written a position on this issue"
                    .to_owned()
            }
            Broken::OwnEntryThisTurn(titles) => format!(
                "no closing on your own unanswered word: {agent} wrote {} during this turn; hand off, and the others answer it or agree on their turn",
                titles.join(", ")
            ),
        }
    }
}

/// [`broken_rules`], each rule as found; `before_turn(entry)` as there, by the entry.
fn rules_broken(
    positions: &Positions,
    state: &State,
    agent: &Name,
    before_turn: impl Fn(&Entry) -> bool,
) -> Vec<Broken> {
    let registered = |name: &Name| state.agents.contains(name);
    // Walked, not collected: this runs for every OPEN issue and agent at each `status`.
    let challenges = || {
        (positions.entries.iter())
            .filter(|e| e.kind == EntryKind::Challenge && registered(&e.agent))
    };
    let mut others = challenges().filter(|e| &e.agent != agent).peekable();
    let mut broken = Vec::new();
    if challenges().next().is_none() {
        broken.push(Broken::NoChallenge);
    } else if others.peek().is_none() {
        broken.push(Broken::SelfChallengeOnly);
    } else if !others.any(&before_turn) {
        broken.push(Broken::ChallengeThisTurn);
    }
    let other_position = positions
        .entries
        .iter()
        .any(|e| e.kind == EntryKind::Position && &e.agent != agent && registered(&e.agent));
    if !other_position {
        broken.push(Broken::SelfAgreement);
    }
    let own_fresh: Vec<String> = (positions.entries.iter())
        .filter(|e| &e.agent == agent && !before_turn(e))
        .map(Entry::title)
        .collect();
    if !own_fresh.is_empty() {
        broken.push(Broken::OwnEntryThisTurn(own_fresh));
    }
    broken
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
    // Another agent's entries all count as there before its turn, and with no record none
    // was: no title is written out for either.
    let entry_before_turn =
        |entry: &Entry| !now || recorded.is_some_and(|d| d.has_entry(&entry.title()));
    MayAgree {
        with_decision: rules_broken(positions, state, agent, entry_before_turn).is_empty(),
        duplicate_of: (!proposals.is_empty())
            .then(|| duplicate_rules(proposals, state, agent, before_turn, rel).ok())
            .flatten(),
    }
}
