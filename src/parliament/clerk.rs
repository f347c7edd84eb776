//! The Clerk's desk: the parliament's lock and the state loaded under it, every rule an
//! append must pass, and the one commit that writes the result. `append`, `tally --append` and
//! `round` all record their messages here.

use serde_json::{Map, Value, json};

use crate::error::{Error, Result};
use crate::store::{Content, LockMode, Locked, Tail};

use super::message_schema;
use super::rules::{self, party_problems, unknown_motives};
use super::schema::Schema;
use super::state::{
    BILL_FILE, Bill, Detail, LEDGER_FILE, Ledger, Message, Parliament, SESSION_FILE, SessionState,
    append_to_text, appended, message_id, splice_point, to_text,
};
use super::summary::{self, Index};

/// Fields the Clerk fills in; an agent response must not carry them.
const CLERK_FIELDS: [&str; 3] = ["id", "round", "timestamp"];

/// The state of a parliament while the lock is held: a desk owns the lock, so it cannot
/// outlive it, and [`Desk::commit`] writes through it.
pub struct Desk<'p> {
    parliament: &'p Parliament,
    locked: Locked<'p>,
    detail: Detail,
    /// The messages read from the ledger (none when the summary stood in for them:
    /// [`Detail::Summary`]), then those recorded since.
    pub ledger: Ledger,
    /// What the rules read of every message: built from the ledger, or its saved summary.
    index: Index,
    pub session: SessionState,
    pub bill: Option<Bill>,
    bill_changed: bool,
    /// The ledger as read: `commit` splices the new messages in.
    read: LedgerRead,
    /// How many messages `ledger` had as read.
    loaded: usize,
}

/// What a desk read of the ledger.
enum LedgerRead {
    /// The whole text.
    Whole(String),
    /// Only its end, when the summary stood in for the messages: new messages go at `at` in
    /// `tail.bytes`, and what comes before is kept as it is on disk
    /// ([`crate::store::Content::Extending`]).
    End { tail: Tail, at: usize, empty: bool },
}

/// What recording one response wrote.
#[derive(Debug, Default)]
pub struct Recorded {
    pub ids: Vec<String>,
    pub warnings: Vec<String>,
}

impl<'p> Desk<'p> {
    /// Takes the lock (`mode`, shown to waiters as `label`), then loads the ledger (its
    /// messages' content read with `detail`), the session and the bill under it.
    pub fn open(
        parliament: &'p Parliament,
        mode: LockMode,
        label: &str,
        detail: Detail,
    ) -> Result<Desk<'p>> {
        let locked = parliament.store.lock(mode, label)?;
        // With a summary to stand in for the messages, only the ledger's end is read, if the
        // summary still describes the ledger and the place for new messages lies in that end.
        let tail = match detail {
            Detail::Summary => Some(parliament.ledger_tail(summary::TAIL as u64)?),
            Detail::Full | Detail::Digest => None,
        };
        let end = |tail: &Tail| splice_point(&tail.bytes);
        let summarised = tail.as_ref().and_then(|tail| {
            let index = summary::load(&parliament.store, tail)?;
            end(tail).map(|at_empty| (index, at_empty))
        });
        let (ledger, index, read) = match (summarised, tail) {
            (Some((index, (at, empty))), Some(tail)) => (
                Ledger {
                    parliament_id: String::new(),
                    problem_statement: String::new(),
                    messages: Vec::new(),
                },
                index,
                LedgerRead::End { tail, at, empty },
            ),
            (_, tail) => {
                let text = parliament.ledger_text()?;
                let ledger = parliament.parse_ledger(&text, detail)?;
                let index = Index::of(&ledger.messages);
                // Read whole (the summary did not describe it), it is still extended rather
                // than rewritten when the text is that of the file whose end was read first:
                // the store then knows what the old file and the new one share.
                let read = tail
                    .filter(|t| t.len == text.len() as u64 && text.as_bytes().ends_with(&t.bytes))
                    .and_then(|tail| {
                        end(&tail).map(|(at, empty)| LedgerRead::End { tail, at, empty })
                    })
                    .unwrap_or(LedgerRead::Whole(text));
                (ledger, index, read)
            }
        };
        Ok(Desk {
            parliament,
            locked,
            detail,
            loaded: ledger.messages.len(),
            ledger,
            index,
            read,
            session: parliament.session()?,
            bill: parliament.bill()?,
            bill_changed: false,
        })
    }

    /// Writes what changed. Recorded messages go with the session (and a changed bill) as one
    /// transaction: the session first, so that a reader without the lock can at worst see an
    /// id burnt, never a message the session does not account for. Without a new message the
    /// session and the ledger are as read (every change to them comes with a message), and
    /// only a changed bill is replaced, on its own.
    pub fn commit(&self) -> Result<()> {
        let locked = &self.locked;
        let new = &self.ledger.messages[self.loaded..];
        if new.is_empty() {
            if let Some(bill) = self.bill.as_ref().filter(|_| self.bill_changed) {
                locked.replace(BILL_FILE, &to_text(bill))?;
            }
            return Ok(());
        }
        let session = to_text(&self.session);
        let bill = self
            .bill
            .as_ref()
            .filter(|_| self.bill_changed)
            .map(to_text);
        let mut changes = vec![(SESSION_FILE, Content::from(session.as_str()))];
        if let Some(bill) = &bill {
            changes.push((BILL_FILE, bill.as_str().into()));
        }
        match &self.read {
            LedgerRead::End { tail, at, empty } => {
                let then = appended(new, *empty);
                changes.push((
                    LEDGER_FILE,
                    Content::Extending {
                        tail,
                        keep: tail.start() + *at as u64,
                        then: then.as_bytes(),
                    },
                ));
                locked.commit(&changes)?;
                let end = [&tail.bytes[..*at], then.as_bytes()].concat();
                summary::save(locked, LEDGER_FILE, &end, &self.index);
            }
            LedgerRead::Whole(text) => {
                let ledger = self.whole_text(text, new)?;
                changes.push((LEDGER_FILE, ledger.as_str().into()));
                locked.commit(&changes)?;
                summary::save(locked, LEDGER_FILE, ledger.as_bytes(), &self.index);
            }
        }
        Ok(())
    }

    /// Replaces the bill held, for [`Desk::commit`] to write.
    pub fn change_bill(&mut self, bill: Bill) {
        self.bill = Some(bill);
        self.bill_changed = true;
    }

    /// Releases the lock, keeping what was read: for a reader done with the disk.
    pub fn release(self) -> (Ledger, SessionState, Option<Bill>) {
        (self.ledger, self.session, self.bill)
    }

    /// The new ledger, from the whole `text` read and the `new` messages.
    fn whole_text(&self, text: &str, new: &[Message]) -> Result<String> {
        if let Some(spliced) = append_to_text(text, new) {
            return Ok(spliced);
        }
        // A ledger laid out by hand: serialise it whole, from a full reading (a digest or a
        // summary lacks most of the old messages' content).
        Ok(match self.detail {
            Detail::Full => to_text(&self.ledger),
            Detail::Digest | Detail::Summary => {
                let mut whole = self.parliament.parse_ledger(text, Detail::Full)?;
                whole.messages.extend(new.iter().cloned());
                to_text(&whole)
            }
        })
    }

    /// Checks one agent response against the schema and every rule, then records it (and the
    /// MOTION it carries, if any) in the state held in memory. Nothing changes on refusal.
    pub fn record(&mut self, response: Value, stamp: &str) -> Result<Recorded> {
        let Value::Object(mut fields) = response else {
            return Err(invalid("the response is not a JSON object"));
        };
        if let Some(field) = CLERK_FIELDS.iter().find(|f| fields.contains_key(**f)) {
            return Err(invalid(format!(
                "the response carries \"{field}\"; the Clerk fills in id, round and timestamp"
            )));
        }
        let kind = fields.get("type").and_then(Value::as_str).unwrap_or("");
        let motion = if matches!(kind, "QUESTION" | "ANSWER") {
            fields.remove("motion")
        } else {
            None
        };
        let round = self.session.current_round;
        // Never reuse an id, even if a hand edit left next_message_id behind the ledger.
        let number = self.session.next_message_id.max(self.index.highest + 1);
        let mut wrapped = Map::new();
        wrapped.insert("id".into(), json!(message_id(number)));
        wrapped.insert("type".into(), fields.remove("type").unwrap_or(Value::Null));
        wrapped.insert("round".into(), json!(round));
        wrapped.insert("timestamp".into(), json!(stamp));
        wrapped.extend(fields);
        let wrapped = Value::Object(wrapped);
        // Only the part of the message schema this type uses is compiled (same findings).
        let mut findings = message_schema::check(&wrapped, "");
        if let Some(motion) = &motion {
            findings.extend(Schema::MotionContent.check(motion, "/motion"));
        }
        if !findings.is_empty() {
            let list: Vec<String> = findings.iter().map(|f| f.describe()).collect();
            return Err(invalid(format!(
                "the message breaks the schema: {}",
                list.join("; ")
            )));
        }
        let message: Message =
            serde_json::from_value(wrapped).map_err(|e| invalid(e.to_string()))?;
        self.check(&message)?;
        let mut recorded = Recorded::default();
        recorded.warnings.extend(self.budget_warning(&message));
        recorded.warnings.extend(self.tally_warnings(&message));
        recorded.warnings.extend(
            rules::ruling_warnings(&message)
                .into_iter()
                .map(|(_, _, what)| what),
        );
        self.apply(&message);
        recorded.ids.push(message.id.clone());
        self.index.push(&message);
        self.ledger.messages.push(message.clone());
        self.session.next_message_id = number + 1;
        if let Some(motion) = motion {
            let extracted = Message {
                id: message_id(number + 1),
                kind: "MOTION".to_owned(),
                round,
                timestamp: stamp.to_owned(),
                from: message.from.clone(),
                to: None,
                in_reply_to: None,
                content: motion,
            };
            recorded.ids.push(extracted.id.clone());
            self.index.push(&extracted);
            self.ledger.messages.push(extracted);
            self.session.next_message_id = number + 2;
        }
        Ok(recorded)
    }

    /// Every rule a new message must pass: 65 for what is malformed, 4 for what the protocol
    /// forbids now.
    fn check(&self, message: &Message) -> Result<()> {
        let session = &self.session;
        if let Some((_, problem)) = party_problems(message, session).into_iter().next() {
            return Err(Error::bad_input("UNKNOWN_AGENT", problem));
        }
        if let Some(reply) = &message.in_reply_to
            && !self.index.has_id(reply)
        {
            return Err(Error::bad_input(
                "UNKNOWN_REPLY",
                format!("in_reply_to names {reply}, which is not in the ledger"),
            ));
        }
        let unknown = unknown_motives(message, session);
        if !unknown.is_empty() {
            let motives = session
                .representative(&message.from)
                .map(|r| r.motives.join(", "))
                .unwrap_or_default();
            return Err(Error::bad_input(
                "UNKNOWN_MOTIVE",
                format!(
                    "motive_scores names {} which {} does not represent (its motives: {motives})",
                    quoted(&unknown),
                    message.from
                ),
            ));
        }
        if message.kind == "AMENDMENT"
            && let Some(id) = message.text("amendment_id")
            && self.amendment_exists(id)
        {
            return Err(Error::bad_input(
                "DUPLICATE_AMENDMENT",
                format!("an amendment {id} was already proposed"),
            ));
        }
        let round = session.current_round;
        if let Some(rep) = session.representative(&message.from)
            && rep.is_silenced(round)
        {
            return Err(Error::forbidden(
                "QUIET_ORDER",
                format!(
                    "{} is under a quiet order until the end of round {}",
                    rep.agent_id,
                    rep.quiet_until_round.unwrap_or(round)
                ),
            )
            .with_hint("the order lifts when the next round starts (`parley parliament round DIR --start`)"));
        }
        let clock = session.debate_clock;
        if message.kind == "QUESTION" && clock.exchanges_this_round >= clock.max_exchanges_per_round
        {
            return Err(Error::forbidden(
                "EXCHANGE_CAP",
                format!(
                    "round {round} has had its {} exchanges; no more questions this round",
                    clock.max_exchanges_per_round
                ),
            )
            .with_hint("the Speaker must call a vote or end the round"));
        }
        if message.kind == "VOTE" {
            let version = self.version_of_next_vote();
            let voted = self
                .index
                .first_vote(&message.from, round, version, session.bill_version);
            if let Some(earlier) = voted {
                return Err(Error::forbidden(
                    "ALREADY_VOTED",
                    format!(
                        "{} already voted on bill version {version} in round {round} ({}); one vote per representative per bill version per round",
                        message.from, earlier.id
                    ),
                ));
            }
        }
        Ok(())
    }

    /// The sentence-budget warning of an ANSWER that runs long.
    fn budget_warning(&self, message: &Message) -> Option<String> {
        let budget = self.session.debate_clock.response_budget;
        let answer = message
            .text("answer")
            .filter(|_| message.kind == "ANSWER")?;
        let count = rules::sentences(answer);
        (count as u64 > budget).then(|| {
            format!(
                "{}'s answer has {count} sentences; the response budget of round {} is {budget}",
                message.from, self.session.current_round
            )
        })
    }

    /// Where a VOTE_TALLY disagrees with the votes of its round and bill version. The issue
    /// does not make that a refusal, so it is recorded with a warning (and `validate` reports
    /// it as an error); `tally --append` always agrees.
    fn tally_warnings(&self, message: &Message) -> Vec<String> {
        if message.kind != "VOTE_TALLY" {
            return Vec::new();
        }
        let version = message
            .content
            .get("bill_version")
            .and_then(Value::as_u64)
            .unwrap_or(self.session.bill_version);
        let expected = self.tally(message.round, version);
        rules::tally_disagreements(&message.content, &expected, true)
            .into_iter()
            .map(|(pointer, what)| {
                format!("the VOTE_TALLY's content{pointer} disagrees with the votes: {what}")
            })
            .collect()
    }

    /// What a recorded message changes in the session and the bill.
    fn apply(&mut self, message: &Message) {
        let round = self.session.current_round;
        if let Some(scores) = message.motive_scores()
            && matches!(message.kind.as_str(), "ANSWER" | "VOTE")
            && let Some(rep) = self
                .session
                .representatives
                .iter_mut()
                .find(|r| r.agent_id == message.from)
        {
            for (motive, score) in scores {
                if let Some(score) = score.as_u64() {
                    rep.motive_satisfaction
                        .insert(motive.clone(), Some(score as u8));
                }
            }
        }
        match message.kind.as_str() {
            "ANSWER" => {
                // A QUESTION no ANSWER replied to before.
                let first_answer = message
                    .in_reply_to
                    .as_ref()
                    .is_some_and(|reply| self.index.open_questions.contains(reply));
                if first_answer {
                    self.session.debate_clock.exchanges_this_round += 1;
                }
            }
            "VOTE" => {
                let version = self.version_of_next_vote();
                if let Some(rep) = self
                    .session
                    .representatives
                    .iter_mut()
                    .find(|r| r.agent_id == message.from)
                {
                    rep.voting_record.push(json!({
                        "round": round,
                        "bill_version": version,
                        "vote": message.text("vote"),
                        "message_id": message.id,
                    }));
                }
            }
            "VOTE_TALLY" => {
                let c = &message.content;
                self.session.vote_history.push(json!({
                    "round": round,
                    "bill_version": c["bill_version"],
                    "yes": c["tally"]["yes"],
                    "no": c["tally"]["no"],
                    "total": c["tally"]["total"],
                    "passed": c["passed"],
                    "message_id": message.id,
                }));
            }
            "SPEAKER_RULING"
                if message.text("ruling_type") == Some("order")
                    && message.text("action") == Some("quiet") =>
            {
                let target = message.text("target");
                if let Some(rep) = self
                    .session
                    .representatives
                    .iter_mut()
                    .find(|r| Some(r.agent_id.as_str()) == target)
                {
                    rep.is_quiet = true;
                    rep.quiet_until_round = Some(round);
                }
            }
            "BILL_DRAFT" => self.draft_bill(message),
            "AMENDMENT" => self.propose_amendment(message),
            _ => {}
        }
    }

    /// A BILL_DRAFT makes its version the session's and writes `bill.json` (amendments kept).
    fn draft_bill(&mut self, message: &Message) {
        let c = &message.content;
        let version = c["bill_version"]
            .as_u64()
            .unwrap_or(self.session.bill_version);
        self.session.bill_version = version;
        if self.session.drafter.is_none() {
            self.session.drafter = Some(message.from.clone());
        }
        let previous = self.bill.take().unwrap_or_else(|| json!({}));
        let amendments = previous.get("amendments").cloned().unwrap_or(json!([]));
        // The reference's empty bill has a null id: the first draft names it.
        let bill_id = previous
            .get("bill_id")
            .filter(|id| !id.is_null())
            .cloned()
            .unwrap_or(json!("BILL-001"));
        let mut bill = json!({
            "bill_id": bill_id,
            "title": c["title"],
            "version": version,
            "drafter": message.from,
            "sections": c["sections"],
            "amendments": amendments,
        });
        // Fields parley does not manage stay as they were.
        if let (Value::Object(old), Value::Object(new)) = (previous, &mut bill) {
            for (key, value) in old {
                new.entry(key).or_insert(value);
            }
        }
        self.bill = Some(bill);
        self.bill_changed = true;
    }

    /// An AMENDMENT joins `bill.json`'s amendments as `proposed` (when there is a bill).
    fn propose_amendment(&mut self, message: &Message) {
        let Some(amendments) = self
            .bill
            .as_mut()
            .and_then(|b| b.get_mut("amendments"))
            .and_then(Value::as_array_mut)
        else {
            return;
        };
        let c = &message.content;
        amendments.push(json!({
            "amendment_id": c["amendment_id"],
            "proposed_by": message.from,
            "round": message.round,
            "target_section": c["target_section"],
            "action": c["action"],
            "description": c["description"],
            "status": "proposed",
            "endorsements": [],
        }));
        self.bill_changed = true;
    }

    fn amendment_exists(&self, id: &str) -> bool {
        let in_bill = self
            .bill
            .as_ref()
            .and_then(|b| b["amendments"].as_array())
            .is_some_and(|list| list.iter().any(|a| a["amendment_id"] == id));
        in_bill || self.index.amendment_ids.contains(id)
    }

    /// The bill version a VOTE appended now is on.
    fn version_of_next_vote(&self) -> u64 {
        self.index.version_of_next_vote(self.session.bill_version)
    }

    /// The tally of `round` on `version` from the ledger as it stands.
    pub fn tally(&self, round: u64, version: u64) -> rules::Tally {
        let seats: Vec<String> = self
            .session
            .representatives
            .iter()
            .map(|r| r.agent_id.clone())
            .collect();
        self.index
            .tally(round, version, self.session.bill_version, &seats)
    }
}

fn invalid(what: impl Into<String>) -> Error {
    Error::bad_input("INVALID_MESSAGE", what)
}

fn quoted(names: &[String]) -> String {
    names
        .iter()
        .map(|n| format!("{n:?}"))
        .collect::<Vec<_>>()
        .join(", ")
}
