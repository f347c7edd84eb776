//! `parliament validate DIR`: every finding in every file of the parliament, schema errors
//! with the pointer of the offending value and the cross-file rules checked in code.

use std::collections::{HashMap, HashSet};
use std::path::Path;

use serde::Serialize;
use serde_json::Value;

use crate::context::Ctx;
use crate::error::{Result, Status};
use crate::output::{Human, Reply};
use crate::store::{LockMode, PARLEY_DIR};

use super::rules::{self, party_problems, unknown_motives, vote_versions};
use super::schema::Schema;
use super::state::{
    BILL_FILE, LEDGER_FILE, Message, Parliament, SESSION_FILE, SUMMARIES_FILE, SessionState,
    id_number,
};
use crate::findings::{Finding, Verdict};

#[derive(Debug, Serialize)]
pub struct FileReport {
    pub path: String,
    pub verdict: Verdict,
    pub findings: Vec<Finding>,
}

/// The verdict on the parliament's files: `data` of `parliament validate --json`.
#[derive(Debug, Serialize)]
pub struct Validation {
    verdict: Verdict,
    files: Vec<FileReport>,
}

/// A verdict: exit 1 when a file is invalid, and JSON says `ok` true either way.
impl Reply for Validation {
    fn status(&self) -> Status {
        if self.verdict == Verdict::Invalid {
            Status::NotNow
        } else {
            Status::Ok
        }
    }

    fn human(&self, out: &mut Human) {
        for r in &self.files {
            out.line(format!("{}: {}", r.path, r.verdict.word()));
            for f in &r.findings {
                out.line(format!("  {}", f.line()));
            }
        }
    }
}

/// A file as read: its JSON, or the finding that it is not JSON (or cannot be read).
enum Read {
    Absent,
    Broken(Finding),
    Json(Value),
}

pub fn run(ctx: &Ctx, dir: &Path) -> Result<Validation> {
    let parliament = Parliament::open(dir, ctx.lock_wait())?;
    // A directory parley never wrote (no .parley/) is read as it is, without creating
    // anything; otherwise under the shared lock, for a consistent snapshot.
    let _shared = if parliament.store.exists(PARLEY_DIR)? {
        Some(
            parliament
                .store
                .lock(LockMode::Shared, "parley parliament validate")?,
        )
    } else {
        None
    };
    let read = |rel: &str| -> Read {
        match parliament.store.read(rel) {
            Ok(None) => Read::Absent,
            Err(e) => Read::Broken(Finding::error("UNREADABLE", "", e.message)),
            Ok(Some(text)) => match serde_json::from_str(&text) {
                Ok(value) => Read::Json(value),
                Err(e) => Read::Broken(Finding::error("NOT_JSON", "", format!("not JSON: {e}"))),
            },
        }
    };
    let ledger = read(LEDGER_FILE);
    let session = read(SESSION_FILE);
    let bill = read(BILL_FILE);
    let summaries = read(SUMMARIES_FILE);

    // The session, if it is sound enough to check the other files against.
    let typed_session: Option<SessionState> = match &session {
        Read::Json(v) if Schema::Session.check(v, "").is_empty() => {
            serde_json::from_value(v.clone()).ok()
        }
        _ => None,
    };
    let mut reports = Vec::new();
    let mut highest = (0, 0);
    if let Some(findings) = file_findings(&ledger, Schema::Ledger, |value, findings| {
        highest = ledger_rules(value, typed_session.as_ref(), findings);
    }) {
        reports.push(report(&parliament, LEDGER_FILE, findings));
    }
    if let Some(findings) = file_findings(&session, Schema::Session, |_, findings| {
        if let Some(session) = &typed_session {
            session_rules(session, highest, findings);
        }
    }) {
        reports.push(report(&parliament, SESSION_FILE, findings));
    }
    if let Some(findings) = file_findings(&bill, Schema::Bill, |value, findings| {
        bill_rules(value, typed_session.as_ref(), findings);
    }) {
        reports.push(report(&parliament, BILL_FILE, findings));
    }
    if let Some(findings) = file_findings(&summaries, Schema::RoundSummaries, |_, _| {}) {
        reports.push(report(&parliament, SUMMARIES_FILE, findings));
    }

    let invalid = reports.iter().any(|r| r.verdict == Verdict::Invalid);
    let warned = reports
        .iter()
        .any(|r| r.verdict == Verdict::ValidWithWarnings);
    let overall = match (invalid, warned) {
        (true, _) => Verdict::Invalid,
        (false, true) => Verdict::ValidWithWarnings,
        (false, false) => Verdict::Valid,
    };
    Ok(Validation {
        verdict: overall,
        files: reports,
    })
}

/// The findings of one file: `None` when it is absent; the schema's, then `rules`'.
fn file_findings(
    read: &Read,
    schema: Schema,
    rules: impl FnOnce(&Value, &mut Vec<Finding>),
) -> Option<Vec<Finding>> {
    match read {
        Read::Absent => None,
        Read::Broken(finding) => Some(vec![finding.clone()]),
        Read::Json(value) => {
            let mut findings = schema.check(value, "");
            rules(value, &mut findings);
            Some(findings)
        }
    }
}

fn report(parliament: &Parliament, rel: &str, findings: Vec<Finding>) -> FileReport {
    let verdict = Verdict::of(&findings);
    FileReport {
        path: parliament.dir.join(rel).display().to_string(),
        verdict,
        findings,
    }
}

/// Every message against the message schema, then the rules across messages. Returns the
/// highest id number and the highest round seen, for the session's checks.
fn ledger_rules(
    ledger: &Value,
    session: Option<&SessionState>,
    findings: &mut Vec<Finding>,
) -> (u64, u64) {
    let Some(items) = ledger.get("messages").and_then(Value::as_array) else {
        return (0, 0);
    };
    let mut messages: Vec<(usize, Message)> = Vec::new();
    for (index, item) in items.iter().enumerate() {
        let place = format!("/messages/{index}");
        findings.extend(Schema::Message.check(item, &place));
        if let Ok(message) = serde_json::from_value::<Message>(item.clone()) {
            messages.push((index, message));
        }
    }
    let typed: Vec<Message> = messages.iter().map(|(_, m)| m.clone()).collect();
    let fallback = session.map(|s| s.bill_version);
    let versions = vote_versions(&typed, fallback.unwrap_or(1));
    let mut seen: HashSet<&str> = HashSet::new();
    let mut highest = 0;
    let mut highest_round = 0;
    let mut votes: HashMap<(&str, u64, u64), &str> = HashMap::new();
    for (position, (index, message)) in messages.iter().enumerate() {
        let place = format!("/messages/{index}");
        if let Some(number) = id_number(&message.id) {
            if seen.contains(message.id.as_str()) {
                findings.push(Finding::error(
                    "DUPLICATE_ID",
                    format!("{place}/id"),
                    format!("{} is used twice", message.id),
                ));
            } else if number <= highest {
                findings.push(Finding::error(
                    "ID_NOT_INCREASING",
                    format!("{place}/id"),
                    format!("{} comes after msg-{highest:03}", message.id),
                ));
            }
            highest = highest.max(number);
        }
        if message.round < highest_round {
            findings.push(Finding::error(
                "ROUND_BACKWARDS",
                format!("{place}/round"),
                format!(
                    "round {} comes after a message of round {highest_round}",
                    message.round
                ),
            ));
        }
        highest_round = highest_round.max(message.round);
        if let Some(reply) = &message.in_reply_to
            && !seen.contains(reply.as_str())
        {
            findings.push(Finding::error(
                "UNKNOWN_REPLY",
                format!("{place}/in_reply_to"),
                format!("{reply} is not an earlier message"),
            ));
        }
        seen.insert(&message.id);
        if let Some(session) = session {
            for (pointer, problem) in party_problems(message, session) {
                findings.push(Finding::error(
                    "UNKNOWN_AGENT",
                    format!("{place}{pointer}"),
                    problem,
                ));
            }
            for motive in unknown_motives(message, session) {
                findings.push(Finding::error(
                    "UNKNOWN_MOTIVE",
                    format!("{place}/content/motive_scores/{}", escape(&motive)),
                    format!("{motive:?} is not a motive of {}", message.from),
                ));
            }
        }
        for (code, pointer, what) in rules::ruling_warnings(message) {
            findings.push(Finding::warning(code, format!("{place}{pointer}"), what));
        }
        let version = versions[position];
        if message.kind == "VOTE" {
            let key = (message.from.as_str(), message.round, version);
            if let Some(earlier) = votes.insert(key, &message.id) {
                findings.push(Finding::warning(
                    "REPEATED_VOTE",
                    place.clone(),
                    format!(
                        "{} already voted on bill version {version} in round {} ({earlier}); the last vote counts",
                        message.from, message.round
                    ),
                ));
            }
        }
        if message.kind == "VOTE_TALLY" {
            let on = message
                .content
                .get("bill_version")
                .and_then(Value::as_u64)
                .unwrap_or(version);
            // Without a session the seats are the voters, and `passed` cannot be checked.
            let seats: Vec<String> = match session {
                Some(s) => s
                    .representatives
                    .iter()
                    .map(|r| r.agent_id.clone())
                    .collect(),
                None => {
                    let mut voters: Vec<String> = Vec::new();
                    for m in typed[..position].iter().filter(|m| m.kind == "VOTE") {
                        if !voters.contains(&m.from) {
                            voters.push(m.from.clone());
                        }
                    }
                    voters
                }
            };
            let expected = rules::tally(
                &typed[..position],
                &versions[..position],
                message.round,
                on,
                &seats,
            );
            for (pointer, what) in
                rules::tally_disagreements(&message.content, &expected, session.is_some())
            {
                findings.push(Finding::error(
                    "TALLY_MISMATCH",
                    format!("{place}/content{pointer}"),
                    what,
                ));
            }
        }
    }
    (highest, highest_round)
}

fn session_rules(
    session: &SessionState,
    (highest_id, highest_round): (u64, u64),
    findings: &mut Vec<Finding>,
) {
    if session.next_message_id <= highest_id {
        findings.push(Finding::error(
            "NEXT_ID_BEHIND",
            "/next_message_id",
            format!(
                "next_message_id {} is not greater than the last id of the ledger, msg-{highest_id:03}",
                session.next_message_id
            ),
        ));
    }
    if session.current_round < highest_round {
        findings.push(Finding::warning(
            "ROUND_BEHIND",
            "/current_round",
            format!(
                "current_round {} is behind the ledger, which has messages of round {highest_round}",
                session.current_round
            ),
        ));
    }
    if let Some(drafter) = &session.drafter
        && !session.is_representative(drafter)
    {
        findings.push(Finding::error(
            "UNKNOWN_AGENT",
            "/drafter",
            format!("the drafter {drafter:?} is not a representative"),
        ));
    }
    let mut ids = HashSet::new();
    for (index, rep) in session.representatives.iter().enumerate() {
        if !ids.insert(&rep.agent_id) {
            findings.push(Finding::error(
                "DUPLICATE_REPRESENTATIVE",
                format!("/representatives/{index}/agent_id"),
                format!("{} has two seats", rep.agent_id),
            ));
        }
        for motive in rep.motive_satisfaction.keys() {
            if !rep.motives.contains(motive) {
                findings.push(Finding::error(
                    "UNKNOWN_MOTIVE",
                    format!(
                        "/representatives/{index}/motive_satisfaction/{}",
                        escape(motive)
                    ),
                    format!("{motive:?} is not a motive of {}", rep.agent_id),
                ));
            }
        }
    }
    let clock = session.debate_clock;
    if clock.exchanges_this_round > clock.max_exchanges_per_round {
        findings.push(Finding::warning(
            "OVER_CLOCK",
            "/debate_clock/exchanges_this_round",
            format!(
                "{} exchanges this round, over the cap of {}",
                clock.exchanges_this_round, clock.max_exchanges_per_round
            ),
        ));
    }
}

fn bill_rules(bill: &Value, session: Option<&SessionState>, findings: &mut Vec<Finding>) {
    let Some(amendments) = bill.get("amendments").and_then(Value::as_array) else {
        return;
    };
    let mut ids = HashSet::new();
    for (index, amendment) in amendments.iter().enumerate() {
        let place = format!("/amendments/{index}");
        if let Some(id) = amendment["amendment_id"].as_str()
            && !ids.insert(id)
        {
            findings.push(Finding::error(
                "DUPLICATE_AMENDMENT",
                format!("{place}/amendment_id"),
                format!("{id} appears twice"),
            ));
        }
        let Some(session) = session else { continue };
        if let Some(who) = amendment["proposed_by"].as_str()
            && !session.is_representative(who)
        {
            findings.push(Finding::error(
                "UNKNOWN_AGENT",
                format!("{place}/proposed_by"),
                format!("{who:?} is not a representative"),
            ));
        }
        for (n, endorsement) in amendment["endorsements"]
            .as_array()
            .into_iter()
            .flatten()
            .enumerate()
        {
            if let Some(who) = endorsement["agent_id"].as_str()
                && !session.is_representative(who)
            {
                findings.push(Finding::error(
                    "UNKNOWN_AGENT",
                    format!("{place}/endorsements/{n}/agent_id"),
                    format!("{who:?} is not a representative; only representatives endorse"),
                ));
            }
        }
    }
    if let (Some(session), Some(drafter)) = (session, bill["drafter"].as_str())
        && !session.is_representative(drafter)
    {
        findings.push(Finding::error(
            "UNKNOWN_AGENT",
            "/drafter",
            format!("the drafter {drafter:?} is not a representative"),
        ));
    }
}

/// A key as a JSON pointer segment.
fn escape(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}
