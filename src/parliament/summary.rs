//! What the Clerk's rules need to know of the messages already in the ledger, kept beside it
//! in `.parley/ledger-summary.json` so that an append does not parse the whole ledger.
//!
//! The summary is derived: [`Index::of`] builds it from the messages, and the file is only a
//! cache of that. It records the identity of the ledger it describes (device, inode, size,
//! modification and change times) and a digest of the ledger's last bytes; it is used only
//! when both still match the ledger under the lock, and is rebuilt from the ledger when it is
//! missing, unreadable, of another format, or describes another ledger. It is written after
//! the transaction that changes the ledger, outside it and without a flush: a crash before
//! or during that write leaves a summary that no longer matches (or does not parse), and the
//! next append rebuilds it. It is never consulted by `validate`, which reads the whole
//! ledger.
//!
//! What it keeps grows with the amendments, the votes (the first and last of each
//! representative per round and bill draft), the questions not answered yet and the gaps
//! between ids; not with the number of messages.

use std::collections::BTreeSet;
use std::hash::{Hash, Hasher};

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::store::{Locked, Store, Tail, Version};

use super::rules;
use super::state::{Message, id_number, message_id};

/// The summary file, relative to the parliament directory.
pub const SUMMARY_FILE: &str = ".parley/ledger-summary.json";

/// Bumped whenever [`Index`] changes meaning: a summary of another format is rebuilt.
const FORMAT: u32 = 1;

/// How many of the ledger's last bytes the summary's digest covers (an edit there, even one
/// that keeps the file's size and times, is seen).
pub const TAIL: usize = 4096;

/// The rules' view of the messages of a ledger.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct Index {
    /// How many messages.
    pub messages: u64,
    /// The highest id number.
    pub highest: u64,
    /// The ids of the form parley writes (`msg-` and the number on three digits at least),
    /// as ranges of numbers, inclusive.
    pub id_ranges: Vec<(u64, u64)>,
    /// Every other id, as written.
    pub other_ids: BTreeSet<String>,
    /// QUESTION ids no ANSWER replies to.
    pub open_questions: BTreeSet<String>,
    /// `in_reply_to` of ANSWERs that name no message (in a ledger edited by hand).
    pub dangling_replies: BTreeSet<String>,
    /// The `amendment_id` of every AMENDMENT.
    pub amendment_ids: BTreeSet<String>,
    /// The `bill_version` of the first and of the latest BILL_DRAFT.
    pub first_draft: Option<u64>,
    pub last_draft: Option<u64>,
    /// The first and the last VOTE of each representative in each round after each draft,
    /// in ledger order: what the tally and the one-vote rule read.
    pub votes: Vec<Vote>,
}

/// A VOTE as the rules read it.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct Vote {
    /// The message's place in the ledger (0 for the first).
    pub seq: u64,
    /// The version of the latest BILL_DRAFT before it; `None` before the first.
    pub draft: Option<u64>,
    pub id: String,
    pub from: String,
    pub round: u64,
    pub vote: Option<String>,
    pub reasoning: Option<String>,
    pub reservations: Option<String>,
}

impl Index {
    /// The index of `messages`, in ledger order.
    pub fn of(messages: &[Message]) -> Index {
        let mut index = Index::default();
        let mut questions = BTreeSet::new();
        let mut answered = BTreeSet::new();
        let mut ids = BTreeSet::new();
        for message in messages {
            index.note(message);
            ids.insert(message.id.as_str());
            match message.kind.as_str() {
                "QUESTION" => {
                    questions.insert(message.id.clone());
                }
                "ANSWER" => {
                    if let Some(reply) = &message.in_reply_to {
                        answered.insert(reply.clone());
                    }
                }
                _ => {}
            }
        }
        index.open_questions = questions.difference(&answered).cloned().collect();
        index.dangling_replies = answered
            .into_iter()
            .filter(|reply| !ids.contains(reply.as_str()))
            .collect();
        index
    }

    /// Adds a message appended now, whose id is new to the ledger (the Clerk numbers past
    /// the highest id).
    pub fn push(&mut self, message: &Message) {
        // An ANSWER written by hand before its question existed already answers it.
        let answered_already = self.dangling_replies.remove(&message.id);
        self.note(message);
        match message.kind.as_str() {
            "QUESTION" if !answered_already => {
                self.open_questions.insert(message.id.clone());
            }
            "ANSWER" => {
                if let Some(reply) = &message.in_reply_to {
                    self.open_questions.remove(reply);
                    if !self.has_id(reply) {
                        self.dangling_replies.insert(reply.clone());
                    }
                }
            }
            _ => {}
        }
    }

    /// What every message adds, whatever came before it.
    fn note(&mut self, message: &Message) {
        let seq = self.messages;
        self.messages += 1;
        let number = id_number(&message.id);
        if let Some(n) = number {
            self.highest = self.highest.max(n);
        }
        match number.filter(|n| message_id(*n) == message.id) {
            Some(n) => self.add_to_ranges(n),
            None => {
                self.other_ids.insert(message.id.clone());
            }
        }
        match message.kind.as_str() {
            "AMENDMENT" => {
                if let Some(id) = message.text("amendment_id") {
                    self.amendment_ids.insert(id.to_owned());
                }
            }
            "BILL_DRAFT" => {
                if let Some(version) = message.content.get("bill_version").and_then(Value::as_u64) {
                    self.first_draft.get_or_insert(version);
                    self.last_draft = Some(version);
                }
            }
            "VOTE" => self.add_vote(Vote {
                seq,
                draft: self.last_draft,
                id: message.id.clone(),
                from: message.from.clone(),
                round: message.round,
                vote: message.text("vote").map(str::to_owned),
                reasoning: message.text("reasoning").map(str::to_owned),
                reservations: message.text("reservations").map(str::to_owned),
            }),
            _ => {}
        }
    }

    /// Keeps the first and the last vote of each (sender, round, draft): the one-vote rule
    /// names the first, the tally counts the last.
    fn add_vote(&mut self, vote: Vote) {
        let same = |v: &Vote| v.from == vote.from && v.round == vote.round && v.draft == vote.draft;
        let kept: Vec<usize> = (0..self.votes.len())
            .filter(|&i| same(&self.votes[i]))
            .collect();
        if let [_, last] = kept[..] {
            self.votes.remove(last);
        }
        self.votes.push(vote);
    }

    fn add_to_ranges(&mut self, n: u64) {
        match self.id_ranges.last_mut() {
            Some((_, end)) if *end + 1 == n => *end = n,
            Some((start, end)) if (*start..=*end).contains(&n) => {}
            _ => {
                // Out of order (a ledger edited by hand): insert and merge.
                self.id_ranges.push((n, n));
                self.id_ranges.sort_unstable();
                let mut merged: Vec<(u64, u64)> = Vec::with_capacity(self.id_ranges.len());
                for &(start, end) in &self.id_ranges {
                    match merged.last_mut() {
                        Some((_, last)) if start <= *last + 1 => *last = (*last).max(end),
                        _ => merged.push((start, end)),
                    }
                }
                self.id_ranges = merged;
            }
        }
    }

    /// Whether a message has the id `id`.
    pub fn has_id(&self, id: &str) -> bool {
        match id_number(id).filter(|n| message_id(*n) == id) {
            Some(n) => self
                .id_ranges
                .iter()
                .any(|(start, end)| (*start..=*end).contains(&n)),
            None => self.other_ids.contains(id),
        }
    }

    /// The bill version a VOTE appended now is on: the latest draft's, else the session's.
    pub fn version_of_next_vote(&self, session_version: u64) -> u64 {
        self.last_draft.unwrap_or(session_version)
    }

    /// The bill version of `vote` ([`rules::vote_versions`]): a vote before the first draft
    /// is on the version that draft replaced.
    fn version_of(&self, vote: &Vote, session_version: u64) -> u64 {
        vote.draft.unwrap_or_else(|| {
            self.first_draft.map_or(session_version, |first| {
                session_version.min(first.saturating_sub(1)).max(1)
            })
        })
    }

    /// The first VOTE of `from` in `round` on `version`, if any.
    pub fn first_vote(
        &self,
        from: &str,
        round: u64,
        version: u64,
        session_version: u64,
    ) -> Option<&Vote> {
        self.votes.iter().find(|v| {
            v.from == from && v.round == round && self.version_of(v, session_version) == version
        })
    }

    /// The tally of `round` on `version` ([`rules::tally`] over the votes kept).
    pub fn tally(
        &self,
        round: u64,
        version: u64,
        session_version: u64,
        seats: &[String],
    ) -> rules::Tally {
        let messages: Vec<Message> = self.votes.iter().map(Vote::message).collect();
        let versions: Vec<u64> = self
            .votes
            .iter()
            .map(|v| self.version_of(v, session_version))
            .collect();
        rules::tally(&messages, &versions, round, version, seats)
    }
}

impl Vote {
    /// The VOTE message as far as the tally reads it.
    fn message(&self) -> Message {
        let content: Map<String, Value> = [
            ("vote", &self.vote),
            ("reasoning", &self.reasoning),
            ("reservations", &self.reservations),
        ]
        .into_iter()
        .filter_map(|(key, value)| Some((key.to_owned(), Value::String(value.clone()?))))
        .collect();
        Message {
            id: self.id.clone(),
            kind: "VOTE".to_owned(),
            round: self.round,
            timestamp: String::new(),
            from: self.from.clone(),
            to: None,
            in_reply_to: None,
            content: Value::Object(content),
        }
    }
}

/// The summary file: an [`Index`] and the ledger it describes.
#[derive(Debug, Serialize, Deserialize)]
struct Summary {
    format: u32,
    ledger: Version,
    tail_digest: u64,
    index: Index,
}

/// A digest of the last [`TAIL`] bytes of the ledger, from `end`: the whole ledger or at
/// least its last [`TAIL`] bytes.
fn tail_digest(end: &[u8]) -> u64 {
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    end[end.len().saturating_sub(TAIL)..].hash(&mut hasher);
    hasher.finish()
}

/// The saved index, if it describes the ledger whose end `tail` is (as read under the lock);
/// `None` when there is none or it cannot be trusted.
pub fn load(store: &Store, tail: &Tail) -> Option<Index> {
    let text = store.read(SUMMARY_FILE).ok()??;
    let summary: Summary = serde_json::from_str(&text).ok()?;
    let matches = summary.format == FORMAT
        && summary.ledger == tail.version
        && (tail.bytes.len() >= TAIL || tail.start() == 0)
        && summary.tail_digest == tail_digest(&tail.bytes);
    matches.then_some(summary.index)
}

/// Records `index` as the summary of the ledger just written, whose end is `end` (the whole
/// text, or at least its last [`TAIL`] bytes). Best effort: a summary that could not be
/// written is rebuilt by the next append.
pub fn save(locked: &Locked<'_>, ledger_rel: &str, end: &[u8], index: &Index) {
    let Ok(Some(identity)) = locked.store().version(ledger_rel) else {
        return;
    };
    let summary = Summary {
        format: FORMAT,
        ledger: identity,
        tail_digest: tail_digest(end),
        index: index.clone(),
    };
    let text = serde_json::to_string(&summary).expect("a summary serialises");
    let _ = locked.replace_cache(SUMMARY_FILE, &text);
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn votes_by_sender(index: &Index) -> std::collections::BTreeMap<String, usize> {
        let mut by = std::collections::BTreeMap::new();
        for vote in &index.votes {
            *by.entry(vote.from.clone()).or_default() += 1;
        }
        by
    }

    fn message(n: u64, kind: &str, from: &str, reply: Option<&str>, content: Value) -> Message {
        Message {
            id: message_id(n),
            kind: kind.into(),
            round: 1,
            timestamp: "2026-02-10T14:30:00Z".into(),
            from: from.into(),
            to: None,
            in_reply_to: reply.map(str::to_owned),
            content,
        }
    }

    /// Building the index of a ledger at once and pushing its messages one by one give the
    /// same index.
    #[test]
    fn pushing_messages_one_by_one_gives_the_index_of_the_whole() {
        let vote = |v: &str| json!({"vote": v, "reasoning": "r", "reservations": null});
        let messages = vec![
            message(1, "QUESTION", "rep_2", None, json!({})),
            message(2, "ANSWER", "rep_1", Some("msg-001"), json!({})),
            message(3, "QUESTION", "rep_2", None, json!({})),
            message(4, "VOTE", "rep_1", None, vote("YES")),
            message(5, "VOTE", "rep_1", None, vote("NO")),
            message(6, "VOTE", "rep_1", None, vote("YES")),
            message(7, "BILL_DRAFT", "rep_1", None, json!({"bill_version": 2})),
            message(8, "VOTE", "rep_1", None, vote("NO")),
            message(
                9,
                "AMENDMENT",
                "rep_2",
                None,
                json!({"amendment_id": "AMD-1"}),
            ),
            message(12, "ANSWER", "rep_1", Some("msg-013"), json!({})),
            message(13, "QUESTION", "rep_2", None, json!({})),
        ];
        let mut pushed = Index::default();
        for m in &messages {
            pushed.push(m);
        }
        let whole = Index::of(&messages);
        assert_eq!(pushed, whole);
        assert_eq!(whole.id_ranges, vec![(1, 9), (12, 13)]);
        assert_eq!(whole.open_questions, BTreeSet::from(["msg-003".to_owned()]));
        assert!(whole.dangling_replies.is_empty());
        assert_eq!(votes_by_sender(&whole)["rep_1"], 3);
        assert!(whole.has_id("msg-012") && !whole.has_id("msg-010") && !whole.has_id("msg-0012"));
        let seats = vec!["rep_1".to_owned()];
        // The last vote before the draft counts: NO was replaced by YES (msg-006).
        assert_eq!(whole.tally(1, 1, 2, &seats).yes_votes, seats);
        assert_eq!(whole.first_vote("rep_1", 1, 1, 2).unwrap().id, "msg-004");
        assert_eq!(whole.first_vote("rep_1", 1, 2, 2).unwrap().id, "msg-008");
    }

    /// On ledgers of every shape (hand-edited ones included: ids repeated, out of order or
    /// not in parley's form, answers to messages that do not exist), the index answers what
    /// scanning the messages answers.
    #[test]
    fn the_index_answers_what_scanning_the_messages_answers() {
        let mut seed: u64 = 7;
        let mut next = |bound: u64| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) % bound
        };
        let seats: Vec<String> = ["rep_1", "rep_2", "rep_3"].map(String::from).to_vec();
        for _ in 0..40 {
            let mut messages = Vec::new();
            for _ in 0..next(40) {
                let n = next(30) + 1;
                let from = seats[next(3) as usize].clone();
                let (kind, content) = match next(6) {
                    0 => ("QUESTION", json!({})),
                    1 => ("ANSWER", json!({})),
                    2 => ("BILL_DRAFT", json!({"bill_version": next(4) + 1})),
                    3 => (
                        "AMENDMENT",
                        json!({"amendment_id": format!("A{}", next(3))}),
                    ),
                    _ => (
                        "VOTE",
                        json!({"vote": if next(2) == 0 { "YES" } else { "NO" },
                               "reasoning": format!("r{}", next(3)), "reservations": null}),
                    ),
                };
                let mut m = message(n, kind, &from, None, content);
                m.round = next(3);
                if next(8) == 0 {
                    m.id = format!("msg-{n:04}");
                }
                if kind == "ANSWER" {
                    m.in_reply_to = Some(message_id(next(32) + 1));
                }
                messages.push(m);
            }
            let index = Index::of(&messages);
            // Numbered as the Clerk numbers (each id new), pushing one by one agrees.
            let mut fresh = messages.clone();
            let mut pushed = Index::default();
            for (k, m) in fresh.iter_mut().enumerate() {
                m.id = message_id(k as u64 + 1);
                pushed.push(m);
            }
            assert_eq!(pushed, Index::of(&fresh));
            for session_version in 1..4 {
                let versions = rules::vote_versions(&messages, session_version);
                let next_vote = versions.last().copied().unwrap_or(session_version);
                assert_eq!(index.version_of_next_vote(session_version), next_vote);
                for round in 0..3 {
                    for version in 0..6 {
                        assert_eq!(
                            index.tally(round, version, session_version, &seats),
                            rules::tally(&messages, &versions, round, version, &seats)
                        );
                        for from in &seats {
                            let scanned = messages.iter().zip(&versions).find(|(m, v)| {
                                m.kind == "VOTE"
                                    && &m.from == from
                                    && m.round == round
                                    && **v == version
                            });
                            assert_eq!(
                                index
                                    .first_vote(from, round, version, session_version)
                                    .map(|v| v.id.clone()),
                                scanned.map(|(m, _)| m.id.clone())
                            );
                        }
                    }
                }
            }
            for n in 0..35 {
                for id in [message_id(n), format!("msg-{n:04}")] {
                    assert_eq!(index.has_id(&id), messages.iter().any(|m| m.id == id));
                    let question = messages.iter().any(|m| m.id == id && m.kind == "QUESTION");
                    let answered = messages
                        .iter()
                        .any(|m| m.kind == "ANSWER" && m.in_reply_to.as_deref() == Some(&id));
                    assert_eq!(index.open_questions.contains(&id), question && !answered);
                }
            }
            let highest = messages.iter().filter_map(|m| id_number(&m.id)).max();
            assert_eq!(index.highest, highest.unwrap_or(0));
            for a in ["A0", "A1", "A2"] {
                let proposed = messages
                    .iter()
                    .any(|m| m.kind == "AMENDMENT" && m.text("amendment_id") == Some(a));
                assert_eq!(index.amendment_ids.contains(a), proposed);
            }
        }
    }
}
