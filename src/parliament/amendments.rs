//! `parliament amendments DIR [--apply]`: each amendment, its positions and what the spec's
//! incorporation threshold says.

use std::path::Path;

use serde::Serialize;
use serde_json::json;

use crate::context::Ctx;
use crate::error::{Error, Result, Status};
use crate::output::{Human, Reply};
use crate::store::LockMode;

use super::clerk::Desk;
use super::state::Detail;
use super::state::{BILL_FILE, Bill, Ledger, Parliament, SessionState};

/// Exchanges that must have carried positions before an amendment counts as discussed.
const DISCUSSION_EXCHANGES: usize = 2;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    Incorporable,
    Reject,
    Pending,
}

impl Verdict {
    pub fn word(self) -> &'static str {
        match self {
            Verdict::Incorporable => "incorporable",
            Verdict::Reject => "reject",
            Verdict::Pending => "pending",
        }
    }

    /// The amendment status `--apply` writes, if any.
    fn status(self) -> Option<&'static str> {
        match self {
            Verdict::Incorporable => Some("incorporated"),
            Verdict::Reject => Some("rejected"),
            Verdict::Pending => None,
        }
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct Assessment {
    pub amendment_id: String,
    pub proposed_by: String,
    pub round: u64,
    /// The status recorded in `bill.json` (`proposed` for one only in the ledger).
    pub status: String,
    pub endorse: Vec<String>,
    pub oppose: Vec<String>,
    pub abstain: Vec<String>,
    pub verdict: Verdict,
}

/// Every amendment assessed, and what `--apply` changed: `data` of `parliament amendments
/// --json`.
#[derive(Debug, Serialize)]
pub struct AmendmentsReply {
    amendments: Vec<Assessment>,
    applied: Vec<Applied>,
}

/// An amendment whose status `--apply` wrote.
#[derive(Debug, Serialize)]
pub struct Applied {
    amendment_id: String,
    status: &'static str,
}

impl Reply for AmendmentsReply {
    fn human(&self, out: &mut Human) {
        if self.amendments.is_empty() {
            out.line("no amendments");
        }
        for a in &self.amendments {
            out.line(format!(
                "{} by {} (round {}, {}): {}; endorse [{}] oppose [{}] abstain [{}]",
                a.amendment_id,
                a.proposed_by,
                a.round,
                a.status,
                a.verdict.word(),
                a.endorse.join(", "),
                a.oppose.join(", "),
                a.abstain.join(", ")
            ));
        }
        for change in &self.applied {
            out.line(format!("{} is now {}", change.amendment_id, change.status));
        }
    }
}

/// An amendment as gathered from the bill or the ledger: id, proposer, round, status, and the
/// positions `bill.json` records as (round, agent, position).
type Gathered = (String, String, u64, String, Vec<(u64, String, String)>);

/// Every amendment of `bill.json`, then those proposed in the ledger that the bill does not
/// list, each assessed.
pub fn assess(session: &SessionState, ledger: &Ledger, bill: Option<&Bill>) -> Vec<Assessment> {
    let mut found: Vec<Gathered> = Vec::new();
    for amendment in bill
        .and_then(|b| b["amendments"].as_array())
        .into_iter()
        .flatten()
    {
        let text = |field: &str| amendment[field].as_str().unwrap_or_default().to_owned();
        let endorsements = amendment["endorsements"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|e| {
                (
                    e["round"].as_u64().unwrap_or(0),
                    e["agent_id"].as_str().unwrap_or_default().to_owned(),
                    e["position"].as_str().unwrap_or_default().to_owned(),
                )
            })
            .collect();
        found.push((
            text("amendment_id"),
            text("proposed_by"),
            amendment["round"].as_u64().unwrap_or(0),
            text("status"),
            endorsements,
        ));
    }
    for message in ledger.messages.iter().filter(|m| m.kind == "AMENDMENT") {
        let id = message.text("amendment_id").unwrap_or_default();
        if !found.iter().any(|f| f.0 == id) {
            found.push((
                id.to_owned(),
                message.from.clone(),
                message.round,
                "proposed".to_owned(),
                Vec::new(),
            ));
        }
    }
    let drafter = bill
        .and_then(|b| b["drafter"].as_str())
        .or(session.drafter.as_deref());
    found
        .into_iter()
        .map(|(id, proposer, round, status, recorded)| {
            // Positions in time order: proposing counts as endorsing; bill.json's entries by
            // round; then the ANSWER messages, in ledger order within their round.
            let mut timeline: Vec<(u64, usize, String, String)> =
                vec![(round, 0, proposer.clone(), "endorse".to_owned())];
            let mut entries = recorded;
            entries.sort_by_key(|(r, _, _)| *r);
            timeline.extend(entries.into_iter().map(|(r, a, p)| (r, 1, a, p)));
            let mut exchanges = 0;
            for (index, message) in ledger.messages.iter().enumerate() {
                let position = message
                    .content
                    .get("amendment_position")
                    .filter(|p| message.kind == "ANSWER" && p["amendment_id"] == id.as_str());
                if let Some(position) = position {
                    exchanges += 1;
                    let stance = position["position"].as_str().unwrap_or_default();
                    timeline.push((
                        message.round,
                        2 + index,
                        message.from.clone(),
                        stance.into(),
                    ));
                }
            }
            timeline.sort_by_key(|(r, order, _, _)| (*r, *order));
            let latest = |agent: &str| {
                timeline
                    .iter()
                    .rev()
                    .find(|(_, _, a, _)| a == agent)
                    .map(|(_, _, _, p)| p.as_str())
            };
            let seats = session.representatives.iter().map(|r| r.agent_id.as_str());
            let with = |stance: &str| -> Vec<String> {
                seats
                    .clone()
                    .filter(|s| latest(s) == Some(stance))
                    .map(str::to_owned)
                    .collect()
            };
            let (endorse, oppose, abstain) = (with("endorse"), with("oppose"), with("abstain"));
            let proposer_and_one = endorse.contains(&proposer) && endorse.len() >= 2;
            let drafter_accepts = drafter.is_some_and(|d| endorse.iter().any(|e| e == d));
            let discussed = exchanges >= DISCUSSION_EXCHANGES || session.current_round > round;
            let verdict = if proposer_and_one || drafter_accepts {
                Verdict::Incorporable
            } else if discussed && oppose.len() > endorse.len() {
                Verdict::Reject
            } else {
                Verdict::Pending
            };
            Assessment {
                amendment_id: id,
                proposed_by: proposer,
                round,
                status,
                endorse,
                oppose,
                abstain,
                verdict,
            }
        })
        .collect()
}

pub fn run(ctx: &Ctx, dir: &Path, apply: bool) -> Result<AmendmentsReply> {
    let parliament = Parliament::open(dir, ctx.lock_wait())?;
    let mode = if apply {
        LockMode::Exclusive
    } else {
        LockMode::Shared
    };
    let mut desk = Desk::open(
        &parliament,
        mode,
        "parley parliament amendments",
        Detail::Full,
    )?;
    let assessed = assess(&desk.session, &desk.ledger, desk.bill.as_ref());
    let mut applied = Vec::new();
    if apply {
        let Some(mut bill) = desk.bill.clone() else {
            return Err(Error::new(
                Status::NotFound,
                "NO_BILL",
                format!(
                    "{} is missing: there is no bill to apply verdicts to",
                    parliament.store.path(BILL_FILE).display()
                ),
            )
            .with_hint("a BILL_DRAFT appended through parley writes bill.json"));
        };
        applied = apply_verdicts(&mut bill, &assessed);
        if !applied.is_empty() {
            desk.change_bill(bill);
            desk.commit()?;
        }
    }
    drop(desk);
    Ok(AmendmentsReply {
        amendments: assessed,
        applied,
    })
}

/// Writes `incorporated` / `rejected` into the bill for amendments still open (`proposed` or
/// `debating`); returns what changed.
fn apply_verdicts(bill: &mut Bill, assessed: &[Assessment]) -> Vec<Applied> {
    let mut changed = Vec::new();
    let Some(list) = bill["amendments"].as_array_mut() else {
        return changed;
    };
    for amendment in list {
        let Some(a) = assessed
            .iter()
            .find(|a| amendment["amendment_id"] == a.amendment_id.as_str())
        else {
            continue;
        };
        let open = matches!(
            amendment["status"].as_str(),
            Some("proposed") | Some("debating")
        );
        if let (true, Some(status)) = (open, a.verdict.status()) {
            amendment["status"] = json!(status);
            changed.push(Applied {
                amendment_id: a.amendment_id.clone(),
                status,
            });
        }
    }
    changed
}
