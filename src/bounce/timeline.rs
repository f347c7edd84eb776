//! The session over time: rounds, whose turn it is, when the session ends, and the checks of
//! order that need the whole history (Rules 8, 13, 14, 17, 18 and max-turns-per-round).
//!
//! A round is finished when a later round has begun or every listed agent has written in it
//! (round-robin: `max-turns-per-round` entries each; free-form and supervised: at least one).
//! The session ends when a finished round reaches consensus or deadlock, when `max-rounds`
//! rounds are finished, or when a listed agent closes it (an entry with status `closed` whose
//! body says the session is closed or ended).

use std::collections::{HashMap, HashSet};

use serde_json::{Value, json};

use super::consensus::{self, Consensus};
use super::finding::Findings;
use super::model::{Entry, EntryStatus, Rules, TurnOrder};
use super::parse::Parsed;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EndReason {
    Consensus,
    MaxRounds,
    Deadlock,
    Closed,
}

impl EndReason {
    pub fn as_str(self) -> &'static str {
        match self {
            EndReason::Consensus => "consensus",
            EndReason::MaxRounds => "max-rounds",
            EndReason::Deadlock => "deadlock",
            EndReason::Closed => "closed",
        }
    }
}

/// Where the session stands after its last entry.
#[derive(Debug, Clone)]
pub struct Timeline {
    /// Indices (into `Parsed::entries`) of the entries that count: no duplicates, a position.
    pub effective: Vec<usize>,
    pub ended: Option<EndReason>,
    /// The round the next entry belongs to (the last one when the session ended).
    pub round: u64,
    /// Entries in that round so far, per listed agent.
    pub counts: HashMap<String, u64>,
    /// Entries in that round so far.
    pub turns: u64,
    /// The highest turn number written in that round so far (hand-written files may number
    /// turns otherwise than by counting, e.g. across rounds).
    pub last_turn: u64,
    /// The rounds with entries, and whether each is finished.
    pub rounds: Vec<(u64, bool)>,
    /// Supervised: the agent the latest `action_requested` names (the first agent at the start).
    pub named: Option<String>,
}

/// Walks the entries in order, adding the findings of order to `parsed`.
pub fn build(parsed: &mut Parsed) -> Option<Timeline> {
    let rules = parsed.rules.clone()?;
    let effective: Vec<usize> = parsed
        .entries
        .iter()
        .enumerate()
        .filter(|(_, e)| !e.duplicate && e.position.is_some())
        .map(|(i, _)| i)
        .collect();
    let mut walk = Walk::new(&rules);
    let counted: Vec<&Entry> = effective.iter().map(|&i| &parsed.entries[i]).collect();
    // Each round's entries, for the consensus of a round when it closes: handing it every
    // entry of the session made the walk quadratic (rounds × entries).
    let mut by_round: HashMap<u64, Vec<&Entry>> = HashMap::new();
    for entry in &counted {
        if let Some(round) = entry.round() {
            by_round.entry(round).or_default().push(entry);
        }
    }
    for entry in &counted {
        walk.add(entry, &by_round, &mut parsed.findings);
    }
    let last_round_finished = walk
        .current
        .is_some_and(|r| walk.finished_rounds.last() == Some(&r));
    let mut rounds: Vec<(u64, bool)> = walk.finished_rounds.iter().map(|r| (*r, true)).collect();
    if let Some(current) = walk.current
        && walk.finished_rounds.last() != Some(&current)
    {
        rounds.push((current, false));
    }
    let (round, counts, turns) = match (walk.current, walk.ended) {
        (None, _) => (1, HashMap::new(), 0),
        (Some(r), Some(_)) => (r, walk.counts.clone(), walk.turns),
        (Some(r), None) if last_round_finished => (r + 1, HashMap::new(), 0),
        (Some(r), None) => (r, walk.counts.clone(), walk.turns),
    };
    let last_turn = match walk.previous {
        Some((r, turn)) if r == round => turn,
        _ => 0,
    };
    Some(Timeline {
        effective,
        ended: walk.ended,
        round,
        counts,
        turns,
        last_turn,
        rounds,
        named: Some(walk.named),
    })
}

/// The state of the walk over the entries. Every step costs the same whatever the number of
/// agents or entries (sets and counters, no scan of the agents list), so a session is read in
/// linear time.
struct Walk<'r> {
    rules: &'r Rules,
    /// The listed agents, for `lists`.
    listed: HashSet<&'r str>,
    /// Agent names made only of word characters (see [`Walk::named_in`]); the others are
    /// looked for one by one.
    plain_names: HashSet<&'r str>,
    other_names: Vec<&'r str>,
    current: Option<u64>,
    counts: HashMap<String, u64>,
    /// How many listed agents have had their turns this round (their count reached what the
    /// round needs).
    done: usize,
    /// Round-robin: every agent before this index has had its turns this round.
    cursor: usize,
    turns: u64,
    previous: Option<(u64, u64)>,
    finished_rounds: Vec<u64>,
    ended: Option<EndReason>,
    named: String,
}

impl<'r> Walk<'r> {
    fn new(rules: &'r Rules) -> Walk<'r> {
        let (plain, other): (Vec<&String>, Vec<&String>) = rules
            .agents
            .iter()
            .partition(|agent| agent.chars().all(word_char));
        Walk {
            rules,
            listed: rules.agents.iter().map(String::as_str).collect(),
            plain_names: plain.into_iter().map(String::as_str).collect(),
            other_names: other.into_iter().map(String::as_str).collect(),
            current: None,
            counts: HashMap::new(),
            done: 0,
            cursor: 0,
            turns: 0,
            previous: None,
            finished_rounds: Vec::new(),
            ended: None,
            named: rules.agents[0].clone(),
        }
    }

    fn count(&self, agent: &str) -> u64 {
        self.counts.get(agent).copied().unwrap_or(0)
    }

    /// The turns each agent takes in a round.
    fn needed(&self) -> u64 {
        match self.rules.turn_order {
            TurnOrder::RoundRobin => self.rules.max_turns_per_round,
            TurnOrder::FreeForm | TurnOrder::Supervised => 1,
        }
    }

    fn round_finished(&self) -> bool {
        self.current.is_some() && self.done == self.rules.agents.len()
    }

    /// Marks the current round finished and decides whether the session ends with it.
    fn close_round(&mut self, by_round: &HashMap<u64, Vec<&Entry>>) {
        let Some(round) = self.current else {
            return;
        };
        // Rounds close in increasing order, so a round already closed is the last one.
        if self.finished_rounds.last() == Some(&round) {
            return;
        }
        self.finished_rounds.push(round);
        if self.ended.is_some() {
            return;
        }
        let result = consensus::compute(
            self.rules,
            self.rules.mode,
            self.rules.threshold,
            by_round.get(&round).map_or(&[][..], Vec::as_slice),
            round,
            true,
        );
        self.ended = if result.reached {
            Some(EndReason::Consensus)
        } else if result.deadlock {
            Some(EndReason::Deadlock)
        } else if self.finished_rounds.len() as u64 >= self.rules.max_rounds {
            Some(EndReason::MaxRounds)
        } else {
            None
        };
    }

    /// Takes the next entry; `by_round` holds the effective entries of the session by round.
    fn add(
        &mut self,
        entry: &Entry,
        by_round: &HashMap<u64, Vec<&Entry>>,
        findings: &mut Findings,
    ) {
        let Some((turn, round)) = entry.position else {
            return;
        };
        let no = entry.line;
        if let Some(previous) = self.previous
            && (round, turn) < previous
        {
            findings.error(
                "ORDER_BACKWARDS",
                "R8",
                no,
                1,
                format!(
                    "turn {turn} round {round} comes after turn {} round {}; positions never go backwards",
                    previous.1, previous.0
                ),
            );
            return;
        }
        self.previous = Some((round, turn));
        if self.current.is_some_and(|c| round > c) {
            // A later round has begun: the current one is finished.
            self.close_round(by_round);
        }
        if self.current != Some(round) {
            self.current = Some(round);
            self.counts.clear();
            self.done = 0;
            self.cursor = 0;
            self.turns = 0;
        }
        // The max-rounds limit holds whatever else ended the session: an entry past it is an
        // error even when the last round also reached consensus (the stricter reading).
        let past_limit = self.finished_rounds.len() as u64 >= self.rules.max_rounds;
        match self.ended {
            Some(_) if past_limit => findings.error(
                "ROUND_LIMIT_EXCEEDED",
                "R17",
                no,
                1,
                format!(
                    "the session ended after max-rounds ({}) rounds; no entry may follow",
                    self.rules.max_rounds
                ),
            ),
            Some(reason) => findings.warning(
                "AFTER_END",
                "R18",
                no,
                1,
                format!(
                    "the session already ended ({}); no entry should follow",
                    reason.as_str()
                ),
            ),
            None if round > self.rules.max_rounds => findings.error(
                "ROUND_LIMIT_EXCEEDED",
                "R17",
                no,
                1,
                format!(
                    "round {round} is beyond max-rounds ({})",
                    self.rules.max_rounds
                ),
            ),
            None => {}
        }
        if self.listed.contains(entry.author.as_str()) {
            self.check_turn(entry, findings);
            let needed = self.needed();
            let count = self.counts.entry(entry.author.clone()).or_insert(0);
            *count += 1;
            if *count == needed {
                self.done += 1;
            }
            self.advance_cursor();
        } else if !entry.author.is_empty() {
            findings.error(
                "AUTHOR_UNKNOWN",
                "R12",
                no,
                1,
                format!(
                    "author {} is not in the agents list ({})",
                    entry.author,
                    self.rules.agents.join(", ")
                ),
            );
        }
        self.turns += 1;
        // Control returns to the supervisor when the latest entry names nobody.
        self.named = entry
            .action_requested
            .as_deref()
            .and_then(|action| self.named_in(action))
            .unwrap_or(&self.rules.agents[0])
            .to_owned();
        if self.ended.is_none() && closes_session(entry) {
            self.ended = Some(EndReason::Closed);
        }
        if self.round_finished() {
            self.close_round(by_round);
        }
    }

    /// Moves the round-robin cursor past the agents that have had their turns. Counts only
    /// grow within a round, so the cursor only moves forward: at most one step per entry.
    fn advance_cursor(&mut self) {
        let limit = self.rules.max_turns_per_round;
        while let Some(agent) = self.rules.agents.get(self.cursor) {
            if self.count(agent) < limit {
                break;
            }
            self.cursor += 1;
        }
    }

    /// [`named_agent`] in time linear in `text`: a plain name (word characters only) is named
    /// exactly when it is a whole run of word characters of the text, so the runs are looked
    /// up in a map; other names are searched for as [`named_agent`] does.
    fn named_in(&self, text: &str) -> Option<&'r str> {
        let mut best: Option<(usize, &'r str)> = None;
        let mut start = None;
        for (i, c) in text.char_indices().chain([(text.len(), ' ')]) {
            match (word_char(c), start) {
                (true, None) => start = Some(i),
                (false, Some(from)) => {
                    start = None;
                    if let Some(&agent) = self.plain_names.get(&text[from..i]) {
                        best = Some((from, agent));
                        break;
                    }
                }
                _ => {}
            }
        }
        for agent in &self.other_names {
            if let Some(at) = whole_word_at(text, agent) {
                // Ties go to the smaller name, as in `named_agent`.
                best = Some(best.map_or((at, *agent), |b| b.min((at, *agent))));
            }
        }
        best.map(|(_, agent)| agent)
    }

    fn check_turn(&self, entry: &Entry, findings: &mut Findings) {
        let no = entry.line;
        let author = entry.author.as_str();
        let limit = self.rules.max_turns_per_round;
        if self.count(author) >= limit {
            findings.warning(
                "TOO_MANY_TURNS",
                "3.3",
                no,
                1,
                format!(
                    "{author} already wrote {limit} entries in this round (max-turns-per-round)"
                ),
            );
        }
        match self.rules.turn_order {
            TurnOrder::RoundRobin => {
                if let Some(expected) = self.round_robin_next()
                    && expected != author
                {
                    findings.warning(
                        "OUT_OF_TURN",
                        "R13",
                        no,
                        1,
                        format!("round-robin order: {expected} was due, not {author}"),
                    );
                }
            }
            TurnOrder::Supervised => {
                if self.named != author {
                    findings.error(
                        "WRONG_SPEAKER",
                        "R14",
                        no,
                        1,
                        format!(
                            "supervised order: {} was named to speak next, not {author}",
                            self.named
                        ),
                    );
                }
            }
            TurnOrder::FreeForm => {}
        }
    }

    /// The first agent in list order that has not had its turns this round.
    fn round_robin_next(&self) -> Option<&'r str> {
        self.rules.agents.get(self.cursor).map(String::as_str)
    }
}

/// What a name is made of, for "named as a whole word".
fn word_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '-' || c == '_'
}

/// Where `agent` first appears in `text` as a whole word.
fn whole_word_at(text: &str, agent: &str) -> Option<usize> {
    text.match_indices(agent)
        .find(|(i, m)| {
            let before = text[..*i].chars().next_back();
            let after = text[i + m.len()..].chars().next();
            !before.is_some_and(word_char) && !after.is_some_and(word_char)
        })
        .map(|(i, _)| i)
}

/// The first listed agent named in `text` (as a whole word), by position in the text.
pub fn named_agent<'a>(rules: &'a Rules, text: &str) -> Option<&'a str> {
    rules
        .agents
        .iter()
        .filter_map(|agent| whole_word_at(text, agent).map(|i| (i, agent.as_str())))
        .min()
        .map(|(_, agent)| agent)
}

/// Whether an entry closes the session: status `closed` and a body line (outside code
/// fences) that speaks of the session and of closing or ending it.
pub fn closes_session(entry: &Entry) -> bool {
    const CLOSING: &[&str] = &[
        "close",
        "closed",
        "closes",
        "closing",
        "end",
        "ended",
        "ends",
        "ending",
        "over",
        "conclude",
        "concluded",
        "finish",
        "finished",
        "terminate",
        "terminated",
    ];
    entry.status == Some(EntryStatus::Closed)
        && entry.prose.iter().any(|line| {
            let lower = line.to_lowercase();
            let words: Vec<&str> = lower
                .split(|c: char| !c.is_ascii_alphanumeric())
                .filter(|w| !w.is_empty())
                .collect();
            words.contains(&"session") && words.iter().any(|w| CLOSING.contains(w))
        })
}

impl Timeline {
    /// The turn number of the next entry: one more than the entries of the round, and never
    /// below a turn already written in it (Rule 8).
    pub fn next_turn(&self) -> u64 {
        self.turns.max(self.last_turn) + 1
    }

    /// Who may write the next entry (empty when the session ended).
    pub fn next(&self, rules: &Rules) -> Vec<String> {
        if self.ended.is_some() {
            return Vec::new();
        }
        let count = |a: &str| self.counts.get(a).copied().unwrap_or(0);
        let limit = rules.max_turns_per_round;
        match rules.turn_order {
            TurnOrder::RoundRobin => rules
                .agents
                .iter()
                .find(|a| count(a) < limit)
                .cloned()
                .into_iter()
                .collect(),
            TurnOrder::FreeForm => rules
                .agents
                .iter()
                .filter(|a| count(a) < limit)
                .cloned()
                .collect(),
            TurnOrder::Supervised => self.named.clone().into_iter().collect(),
        }
    }

    /// The agents whose contribution the current turn waits for: those who may write next,
    /// and in free-form only those who have not yet written in the round.
    pub fn awaited(&self, rules: &Rules) -> Vec<String> {
        let next = self.next(rules);
        if rules.turn_order != TurnOrder::FreeForm {
            return next;
        }
        next.into_iter()
            .filter(|a| self.counts.get(a).copied().unwrap_or(0) == 0)
            .collect()
    }

    /// The latest round with entries (the current one when there are none).
    pub fn latest_round(&self) -> u64 {
        self.rounds.last().map_or(self.round, |(r, _)| *r)
    }

    pub fn is_finished(&self, round: u64) -> bool {
        self.rounds.iter().any(|(r, f)| *r == round && *f)
    }

    pub fn has_round(&self, round: u64) -> bool {
        self.rounds.iter().any(|(r, _)| *r == round)
    }

    /// The consensus of `round` under `rules` (or an override of mode and threshold).
    pub fn consensus(
        &self,
        parsed: &Parsed,
        rules: &Rules,
        mode: super::model::ConsensusMode,
        threshold: rust_decimal::Decimal,
        round: u64,
    ) -> Consensus {
        let entries: Vec<&Entry> = self.effective.iter().map(|&i| &parsed.entries[i]).collect();
        consensus::compute(
            rules,
            mode,
            threshold,
            &entries,
            round,
            self.is_finished(round),
        )
    }

    pub fn end_json(&self) -> Value {
        json!(self.ended.map(EndReason::as_str))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bounce::model::{ConsensusMode, Escalation, OutputFormat};
    use proptest::prelude::*;

    fn rules(agents: Vec<String>) -> Rules {
        Rules {
            agents,
            turn_order: TurnOrder::Supervised,
            max_turns_per_round: 1,
            turn_timeout: 300,
            threshold: rust_decimal::Decimal::ONE,
            mode: ConsensusMode::Majority,
            escalation: Escalation::Human,
            max_rounds: 5,
            output_format: OutputFormat::Structured,
        }
    }

    proptest! {
        // A failure is reported with its shrunk input; nothing is written into the tree.
        #![proptest_config(ProptestConfig {
            failure_persistence: None,
            ..ProptestConfig::default()
        })]

        /// The walk's linear lookup names the agent the plain search names, for names with and
        /// without characters outside words, in text made of the same pieces.
        #[test]
        fn named_in_agrees_with_named_agent(
            agents in prop::collection::hash_set("[ab.][ab_. -]{0,3}", 1..6),
            text in "[ab_. -]{0,24}",
        ) {
            let rules = rules(agents.into_iter().collect());
            let walk = Walk::new(&rules);
            prop_assert_eq!(walk.named_in(&text), named_agent(&rules, &text));
        }
    }
}
