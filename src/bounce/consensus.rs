//! Consensus detection, section 7 read literally, in exact decimal arithmetic.
//!
//! Each listed agent's vote is its last entry in the round evaluated. The denominator of
//! majority and weighted is the number of listed agents; `defer` is left out of the votes but
//! not out of that count. Comparisons are `>=`. A threshold of 0 disables detection. Unanimous
//! ranges over the round's non-defer votes, of which there must be at least one. Deadlock is
//! every listed agent deferring in the round.

use std::collections::HashMap;

use rust_decimal::Decimal;
use serde_json::{Value, json};

use crate::output::{Human, Reply};

use super::model::{ConsensusMode, Entry, Rules, Stance, Word, format_decimal};

#[derive(Debug, Clone)]
pub struct Consensus {
    pub mode: ConsensusMode,
    pub threshold: Decimal,
    pub round: u64,
    pub finished: bool,
    /// Σ(approve: +confidence, reject: −confidence) / number of listed agents.
    pub score: Decimal,
    /// The mean confidence of the approvers (`None`: nobody approves): what `majority`
    /// compares with the threshold, where `score` would mislead.
    pub approver_confidence: Option<Decimal>,
    pub approvers: Vec<String>,
    /// How many agents the session lists.
    pub listed: usize,
    pub reached: bool,
    pub deadlock: bool,
}

/// The consensus of `round` among `entries` (the effective entries of the session).
pub fn compute(
    rules: &Rules,
    mode: ConsensusMode,
    threshold: Decimal,
    entries: &[&Entry],
    round: u64,
    finished: bool,
) -> Consensus {
    // Each listed agent's vote: its last entry in the round. One pass over the entries, then
    // one lookup per agent: scanning the entries for each agent was quadratic.
    let mut last: HashMap<&str, &Entry> = HashMap::new();
    for entry in entries.iter().filter(|e| e.round() == Some(round)) {
        last.insert(entry.author.as_str(), entry);
    }
    let votes: Vec<(&str, &Entry)> = rules
        .agents
        .iter()
        .filter_map(|agent| last.get(agent.as_str()).map(|e| (agent.as_str(), *e)))
        .collect();
    let listed = Decimal::from(rules.agents.len());
    let confidence = |e: &Entry| e.confidence.unwrap_or(Decimal::ZERO);
    let weighted_sum: Decimal = votes
        .iter()
        .map(|(_, e)| match e.stance {
            Some(Stance::Approve) => confidence(e),
            Some(Stance::Reject) => -confidence(e),
            _ => Decimal::ZERO,
        })
        .sum();
    let score = weighted_sum / listed;
    let approving: Vec<&(&str, &Entry)> = votes
        .iter()
        .filter(|(_, e)| e.stance == Some(Stance::Approve))
        .collect();
    let approvers: Vec<String> = approving.iter().map(|(a, _)| (*a).to_owned()).collect();
    let approver_confidence = (!approving.is_empty()).then(|| {
        let sum: Decimal = approving.iter().map(|(_, e)| confidence(e)).sum();
        sum / Decimal::from(approving.len())
    });
    let detection = threshold > Decimal::ZERO;
    let reached = detection
        && match mode {
            ConsensusMode::Majority => {
                let count = Decimal::from(approving.len());
                // mean >= threshold, compared as sum >= threshold × count: no division, so
                // no rounding of a repeating decimal can move a boundary.
                !approving.is_empty() && count * Decimal::TWO > listed && {
                    let sum: Decimal = approving.iter().map(|(_, e)| confidence(e)).sum();
                    sum >= threshold * count
                }
            }
            ConsensusMode::Weighted => weighted_sum >= threshold * listed,
            ConsensusMode::Unanimous => {
                let counted: Vec<&&Entry> = votes
                    .iter()
                    .map(|(_, e)| e)
                    .filter(|e| e.stance != Some(Stance::Defer))
                    .collect();
                !counted.is_empty()
                    && counted
                        .iter()
                        .all(|e| e.stance == Some(Stance::Approve) && confidence(e) >= threshold)
            }
        };
    let deadlock = votes.len() == rules.agents.len()
        && votes.iter().all(|(_, e)| e.stance == Some(Stance::Defer));
    Consensus {
        mode,
        threshold,
        round,
        finished,
        score,
        approver_confidence,
        approvers,
        listed: rules.agents.len(),
        reached,
        deadlock,
    }
}

impl Consensus {
    fn to_json(&self) -> Value {
        json!({
            "mode": self.mode.as_str(),
            "threshold": number(self.threshold),
            "round": self.round,
            "finished": self.finished,
            "score": number(self.score),
            "approver_confidence": self.approver_confidence.map(number),
            "approvers": self.approvers,
            "reached": self.reached,
            "deadlock": self.deadlock,
        })
    }

    /// One line for people.
    pub fn describe(&self) -> String {
        let state = if self.finished { "finished" } else { "open" };
        let verdict = if self.reached {
            "consensus reached"
        } else if self.deadlock {
            "deadlock (every agent defers)"
        } else if self.threshold.is_zero() {
            "detection disabled (threshold 0)"
        } else {
            "no consensus"
        };
        let approvers = if self.approvers.is_empty() {
            "none".to_owned()
        } else {
            self.approvers.join(", ")
        };
        // Majority compares the approvers' mean confidence, not the score: said beside it.
        let compared = match (self.mode, self.approver_confidence) {
            (ConsensusMode::Majority, Some(mean)) => format!(
                " (approvers' mean confidence {}, {} of {} approve)",
                format_decimal(mean.round_dp(4)),
                self.approvers.len(),
                self.listed
            ),
            _ => String::new(),
        };
        format!(
            "round {} ({state}): {} score {}{compared}, threshold {}: {verdict}; approvers: {approvers}",
            self.round,
            self.mode.as_str(),
            format_decimal(self.score.round_dp(4)),
            format_decimal(self.threshold),
        )
    }
}

/// A decimal as a JSON number (exact where the decimal is short; scores like 1/3 are rounded
/// to what a double holds).
fn number(value: Decimal) -> Value {
    let text = format_decimal(value.round_dp(12));
    serde_json::from_str(&text).unwrap_or(Value::Null)
}

/// [`number`] for a reply's field (`#[serde(serialize_with = "decimal")]`).
pub fn decimal<S: serde::Serializer>(value: &Decimal, serializer: S) -> Result<S::Ok, S::Error> {
    serde::Serialize::serialize(&number(*value), serializer)
}

impl serde::Serialize for Consensus {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.to_json().serialize(serializer)
    }
}

/// `bounce consensus`: the result, one line for people.
impl Reply for Consensus {
    fn human(&self, out: &mut Human) {
        out.line(self.describe());
    }
}
