//! The files of a parliament directory and their typed forms: `ledger.json`, `session.json`,
//! `bill.json`, `round-summaries.json`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::error::{Error, Result, Status};
use crate::store::{LockMode, Store, Tail};

use super::schema::Schema;

pub const LEDGER_FILE: &str = "ledger.json";
pub const SESSION_FILE: &str = "session.json";
pub const BILL_FILE: &str = "bill.json";
pub const SUMMARIES_FILE: &str = "round-summaries.json";

/// Who speaks for the chair and for the user.
pub const SPEAKER: &str = "speaker";
pub const PRIME_MINISTER: &str = "prime_minister";

/// `parliament/ledger.json`. Read straight into these types (no schema pass: the ledger is the
/// one large file, and `append` reads it every time); unknown fields are refused as the
/// schema refuses them. `validate` checks every message against the full schema.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ledger {
    pub parliament_id: String,
    pub problem_statement: String,
    pub messages: Vec<Message>,
}

/// One message of the ledger, fields in the spec's order.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Message {
    pub id: String,
    #[serde(rename = "type")]
    pub kind: String,
    pub round: u64,
    pub timestamp: String,
    pub from: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub in_reply_to: Option<String>,
    pub content: Value,
}

impl Message {
    /// The number of the id (`msg-042` is 42).
    pub fn number(&self) -> Option<u64> {
        id_number(&self.id)
    }

    /// `content.motive_scores`, for ANSWER and VOTE.
    pub fn motive_scores(&self) -> Option<&Map<String, Value>> {
        self.content.get("motive_scores").and_then(Value::as_object)
    }

    pub fn text(&self, field: &str) -> Option<&str> {
        self.content.get(field).and_then(Value::as_str)
    }
}

/// The number of an id `msg-NNN`: ids compare by number, so `msg-999` < `msg-1000`.
pub fn id_number(id: &str) -> Option<u64> {
    let digits = id.strip_prefix("msg-")?;
    if digits.len() < 3 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}

/// The id of message number `n`: three digits at least.
pub fn message_id(n: u64) -> String {
    format!("msg-{n:03}")
}

/// What the Clerk's checks read of an earlier message's content: the bill version of a
/// BILL_DRAFT, a VOTE's ballot and reasons, an AMENDMENT's id. Reading only these (every other
/// field is skipped without being stored) is what keeps `append` fast on a long ledger; the
/// new text is spliced ([`append_to_text`]), so the rest is never needed.
#[derive(Debug, Default, Deserialize)]
struct Digest {
    bill_version: Option<Value>,
    vote: Option<Value>,
    reasoning: Option<Value>,
    reservations: Option<Value>,
    amendment_id: Option<Value>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct DigestMessage {
    id: String,
    #[serde(rename = "type")]
    kind: String,
    round: u64,
    timestamp: String,
    from: String,
    #[serde(default)]
    to: Option<String>,
    #[serde(default)]
    in_reply_to: Option<String>,
    content: Digest,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct DigestLedger {
    parliament_id: String,
    problem_statement: String,
    messages: Vec<DigestMessage>,
}

impl From<DigestLedger> for Ledger {
    fn from(digest: DigestLedger) -> Ledger {
        let messages = digest
            .messages
            .into_iter()
            .map(|m| {
                let c = m.content;
                let content: Map<String, Value> = [
                    ("bill_version", c.bill_version),
                    ("vote", c.vote),
                    ("reasoning", c.reasoning),
                    ("reservations", c.reservations),
                    ("amendment_id", c.amendment_id),
                ]
                .into_iter()
                .filter_map(|(key, value)| value.map(|v| (key.to_owned(), v)))
                .collect();
                Message {
                    id: m.id,
                    kind: m.kind,
                    round: m.round,
                    timestamp: m.timestamp,
                    from: m.from,
                    to: m.to,
                    in_reply_to: m.in_reply_to,
                    content: Value::Object(content),
                }
            })
            .collect();
        Ledger {
            parliament_id: digest.parliament_id,
            problem_statement: digest.problem_statement,
            messages,
        }
    }
}

/// How much of each message's content to read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Detail {
    /// Everything.
    Full,
    /// Only what [`Digest`] keeps: for commands that append and never rewrite old messages.
    Digest,
    /// No message at all when the ledger's saved summary still describes it
    /// ([`super::summary`]), else as [`Detail::Digest`]: for commands that append and read
    /// nothing of old messages but what the summary keeps.
    Summary,
}

/// `parliament/session.json`, the session state of the spec. Fields parley does not use (a
/// representative's temperature, say) are kept as they are.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SessionState {
    pub parliament_id: String,
    pub problem_statement: String,
    pub constituent_issues: Vec<String>,
    pub current_round: u64,
    pub max_rounds: u64,
    pub bill_version: u64,
    pub drafter: Option<String>,
    pub status: String,
    pub next_message_id: u64,
    pub representatives: Vec<Representative>,
    pub debate_clock: DebateClock,
    pub vote_history: Vec<Value>,
    #[serde(flatten)]
    pub other: Map<String, Value>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Representative {
    pub agent_id: String,
    pub name: String,
    pub motives: Vec<String>,
    /// The latest score of each motive; a motive not scored yet is absent (parley's way) or
    /// null (how a session written by hand may say "unset"). The whole map is absent in the
    /// reference implementation's starting state: no scores yet.
    #[serde(default)]
    pub motive_satisfaction: BTreeMap<String, Option<u8>>,
    pub is_quiet: bool,
    pub quiet_until_round: Option<u64>,
    pub voting_record: Vec<Value>,
    #[serde(flatten)]
    pub other: Map<String, Value>,
}

impl Representative {
    /// The latest score of `motive`, if it has one.
    pub fn score(&self, motive: &str) -> Option<u8> {
        self.motive_satisfaction.get(motive).copied().flatten()
    }

    /// Whether a quiet order holds in `round`.
    pub fn is_silenced(&self, round: u64) -> bool {
        self.is_quiet && self.quiet_until_round.is_none_or(|until| round <= until)
    }
}

#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
pub struct DebateClock {
    pub max_exchanges_per_round: u64,
    pub response_budget: u64,
    pub exchanges_this_round: u64,
}

impl SessionState {
    pub fn representative(&self, id: &str) -> Option<&Representative> {
        self.representatives.iter().find(|r| r.agent_id == id)
    }

    pub fn is_representative(&self, id: &str) -> bool {
        self.representative(id).is_some()
    }

    pub fn seats(&self) -> u64 {
        self.representatives.len() as u64
    }
}

/// `parliament/bill.json`: kept as JSON so fields parley does not interpret survive as written.
pub type Bill = Value;

/// A parliament directory: the store, and the path for messages.
pub struct Parliament {
    pub store: Store,
    pub dir: PathBuf,
}

impl Parliament {
    /// Opens DIR; exit 66 when it holds no ledger.
    pub fn open(dir: &Path, lock_wait: crate::store::LockWait) -> Result<Parliament> {
        let store = Store::new(dir.to_path_buf(), lock_wait);
        if !dir.is_dir() {
            return Err(no_ledger(dir));
        }
        if !store.exists(LEDGER_FILE)? {
            // An `init` into an existing directory killed mid-commit leaves the ledger to a
            // journal: the exclusive lock completes it (see store/transaction.rs).
            if store.journal_pending() {
                drop(store.lock(LockMode::Exclusive, "parley parliament")?);
            }
            if !store.exists(LEDGER_FILE)? {
                return Err(no_ledger(dir));
            }
        }
        Ok(Parliament {
            store,
            dir: dir.to_path_buf(),
        })
    }

    /// The ledger's text (for [`Parliament::parse_ledger`] and [`append_to_text`]).
    pub fn ledger_text(&self) -> Result<String> {
        self.require(LEDGER_FILE)
    }

    /// The ledger's last `max` bytes and its identity, for an append the summary serves.
    pub fn ledger_tail(&self, max: u64) -> Result<Tail> {
        self.store
            .read_tail(LEDGER_FILE, max)?
            .ok_or_else(|| self.missing(LEDGER_FILE))
    }

    pub fn parse_ledger(&self, text: &str, detail: Detail) -> Result<Ledger> {
        let parsed = match detail {
            Detail::Full => serde_json::from_str(text),
            Detail::Digest | Detail::Summary => {
                serde_json::from_str::<DigestLedger>(text).map(Ledger::from)
            }
        };
        parsed.map_err(|e| {
            Error::malformed(&self.store.path(LEDGER_FILE), Some(e.line()), e)
                .with_hint("`parley parliament validate` lists every problem")
        })
    }

    pub fn session(&self) -> Result<SessionState> {
        let text = self.require(SESSION_FILE)?;
        self.parse(SESSION_FILE, &text, Schema::Session)
    }

    /// `bill.json`, if there is one.
    pub fn bill(&self) -> Result<Option<Bill>> {
        match self.store.read(BILL_FILE)? {
            None => Ok(None),
            Some(text) => self.parse(BILL_FILE, &text, Schema::Bill).map(Some),
        }
    }

    fn require(&self, rel: &str) -> Result<String> {
        self.store.read(rel)?.ok_or_else(|| self.missing(rel))
    }

    fn missing(&self, rel: &str) -> Error {
        Error::new(
            Status::NotFound,
            "NO_PARLIAMENT",
            format!("{} is missing", self.store.path(rel).display()),
        )
        .with_hint("create the parliament with `parley parliament init`")
    }

    /// Parses a state file and checks it against its schema; the first violation is reported
    /// with its place (`parley parliament validate` lists them all).
    fn parse<T: serde::de::DeserializeOwned>(
        &self,
        rel: &str,
        text: &str,
        schema: Schema,
    ) -> Result<T> {
        let path = self.store.path(rel);
        let value: Value =
            serde_json::from_str(text).map_err(|e| Error::malformed(&path, Some(e.line()), e))?;
        if let Some(finding) = schema.check(&value, "").first() {
            return Err(Error::malformed(&path, None, finding.describe())
                .with_hint("`parley parliament validate` lists every problem"));
        }
        serde_json::from_value(value).map_err(|e| Error::malformed(&path, None, e))
    }
}

pub fn no_ledger(dir: &Path) -> Error {
    Error::new(
        Status::NotFound,
        "NO_PARLIAMENT",
        format!("no parliament at {}: ledger.json is missing", dir.display()),
    )
    .with_hint("create one with `parley parliament init DIR --problem TEXT --rep ID:NAME:MOTIVE`")
}

/// Pretty JSON with a final newline: the form parley writes every file in.
pub fn to_text<T: Serialize>(value: &T) -> String {
    let mut text = serde_json::to_string_pretty(value).expect("state serialises");
    text.push('\n');
    text
}

/// The text of the ledger `text` (as read, already parsed as a [`Ledger`]) with `new`
/// messages added at the end of `messages`, without serialising the messages already there:
/// the whole ledger is rewritten on every append, and the new text is built by splicing.
/// For a ledger parley wrote, the result is byte for byte what [`to_text`] gives for the whole
/// ledger. `None` when `messages` is not the last member of the document (a ledger edited
/// by hand), so the caller serialises the whole ledger instead.
pub fn append_to_text(text: &str, new: &[Message]) -> Option<String> {
    let (at, empty) = splice_point(text.as_bytes())?;
    let mut spliced = String::with_capacity(text.len() + new.len() * 1024);
    spliced.push_str(&text[..at]);
    spliced.push_str(&appended(new, empty));
    Some(spliced)
}

/// Where [`append_to_text`] splices new messages into a ledger whose text ends with `end`
/// (the whole text, or only its last bytes): the offset in `end` just past the last message
/// (or past the `[` of an empty list), and whether the list is empty. `None` when the
/// document does not end with `messages` closing, or when `end` is too short to tell.
pub fn splice_point(end: &[u8]) -> Option<(usize, bool)> {
    // A Ledger has two string members and `messages`: when the document ends with `] }`,
    // that `]` closes `messages` (a string member would end with a quote). Outside strings,
    // JSON has only ASCII white space.
    let body = end.trim_ascii_end().strip_suffix(b"}")?.trim_ascii_end();
    let items_end = body.strip_suffix(b"]")?.trim_ascii_end();
    let empty = items_end.ends_with(b"[");
    (!items_end.is_empty()).then_some((items_end.len(), empty))
}

/// What follows the splice point: `new` messages, laid out as [`to_text`] lays them out
/// inside the ledger, and the closing of `messages` and of the document.
pub fn appended(new: &[Message], empty: bool) -> String {
    let mut text = String::with_capacity(new.len() * 1024 + 8);
    for (index, message) in new.iter().enumerate() {
        text.push_str(if empty && index == 0 {
            "\n    "
        } else {
            ",\n    "
        });
        let pretty = serde_json::to_string_pretty(message).expect("a message serialises");
        // JSON strings hold no raw newline, so every line break is formatting.
        text.push_str(&pretty.replace('\n', "\n    "));
    }
    if empty && new.is_empty() {
        text.push_str("]\n}\n");
    } else {
        text.push_str("\n  ]\n}\n");
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(n: u64) -> Message {
        Message {
            id: message_id(n),
            kind: "QUESTION".into(),
            round: 1,
            timestamp: "2026-02-10T14:30:00Z".into(),
            from: "rep_2".into(),
            to: Some("rep_1".into()),
            in_reply_to: None,
            content: serde_json::json!({"topic": "t", "question": "Why?\nReally?", "motive_context": "m"}),
        }
    }

    #[test]
    fn splicing_gives_what_serialising_the_whole_ledger_gives() {
        let mut ledger = Ledger {
            parliament_id: "p".into(),
            problem_statement: "x".into(),
            messages: Vec::new(),
        };
        let mut text = to_text(&ledger);
        for n in 1..4 {
            let new = vec![message(n), message(n + 10)];
            text = append_to_text(&text, &new).unwrap();
            ledger.messages.extend(new);
            assert_eq!(text, to_text(&ledger));
        }
        // A ledger whose last member is not `messages` is left to full serialisation.
        assert!(append_to_text(r#"{"messages": [], "parliament_id": "p]"}"#, &[]).is_none());
    }
}
