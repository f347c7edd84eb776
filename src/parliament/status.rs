//! `parliament status DIR`: a readable summary of the parliament.

use std::collections::BTreeMap;
use std::path::Path;

use serde::Serialize;
use serde_json::Value;

use crate::context::Ctx;
use crate::error::Result;
use crate::output::{Human, Reply};
use crate::store::LockMode;

use super::amendments::{Assessment, assess};
use super::clerk::Desk;
use super::gate::{Blocker, blockers};
use super::state::Parliament;
use super::state::{DebateClock, Detail};

/// Where the parliament stands: `data` of `parliament status --json`.
#[derive(Debug, Serialize)]
pub struct StatusReply {
    parliament_id: String,
    problem_statement: String,
    status: String,
    current_round: u64,
    max_rounds: u64,
    bill_version: u64,
    drafter: Option<String>,
    messages: usize,
    next_message_id: u64,
    debate_clock: DebateClock,
    representatives: Vec<Seat>,
    amendments: Vec<Assessment>,
    /// The content of the latest VOTE_TALLY, as the ledger has it.
    last_tally: Option<Value>,
    may_vote_blockers: Vec<Blocker>,
}

/// A representative as the status shows it: `is_quiet` is whether a quiet order holds now.
#[derive(Debug, Serialize)]
struct Seat {
    agent_id: String,
    name: String,
    motives: Vec<String>,
    motive_satisfaction: BTreeMap<String, Option<u8>>,
    is_quiet: bool,
    /// Each motive's latest score, in the order of `motives`.
    #[serde(skip)]
    scores: Vec<Option<u8>>,
}

impl Reply for StatusReply {
    fn human(&self, out: &mut Human) {
        out.line(format!("Parliament {}", self.parliament_id));
        out.line(format!("Problem: {}", self.problem_statement));
        // Version 0 is the reference implementation's "no bill drafted yet".
        let bill = match self.bill_version {
            0 => "no bill yet".to_owned(),
            version => format!("bill version {version}"),
        };
        out.line(format!(
            "Round {} of {}, status {}, {bill}, {} messages",
            self.current_round, self.max_rounds, self.status, self.messages
        ));
        let clock = self.debate_clock;
        out.line(format!(
            "Clock: {} of {} exchanges, {} sentences per response",
            clock.exchanges_this_round, clock.max_exchanges_per_round, clock.response_budget
        ));
        out.line("Representatives:");
        for rep in &self.representatives {
            let scores: Vec<String> = rep
                .motives
                .iter()
                .zip(&rep.scores)
                .map(|(m, score)| match score {
                    Some(score) => format!("{m} {score}"),
                    None => format!("{m} -"),
                })
                .collect();
            let quiet = if rep.is_quiet { " (quiet)" } else { "" };
            out.line(format!(
                "  {} {}{quiet}: {}",
                rep.agent_id,
                rep.name,
                scores.join(", ")
            ));
        }
        if !self.amendments.is_empty() {
            out.line("Amendments:");
            for a in &self.amendments {
                out.line(format!(
                    "  {} by {} ({}): {}",
                    a.amendment_id,
                    a.proposed_by,
                    a.status,
                    a.verdict.word()
                ));
            }
        }
        out.line(match &self.last_tally {
            Some(t) => format!(
                "Last tally: bill version {}, YES {} NO {}: {}",
                t["bill_version"],
                t["tally"]["yes"],
                t["tally"]["no"],
                if t["passed"] == true {
                    "passed"
                } else {
                    "not passed"
                }
            ),
            None => "Last tally: none".to_owned(),
        });
    }
}

pub fn run(ctx: &Ctx, dir: &Path) -> Result<StatusReply> {
    let parliament = Parliament::open(dir, ctx.lock_wait())?;
    // The lock is released once the files are read.
    let (ledger, session, bill) = Desk::open(
        &parliament,
        LockMode::Shared,
        "parley parliament status",
        Detail::Full,
    )?
    .release();
    let round = session.current_round;
    let last_tally = ledger
        .messages
        .iter()
        .rev()
        .find(|m| m.kind == "VOTE_TALLY")
        .map(|m| m.content.clone());
    Ok(StatusReply {
        amendments: assess(&session, &ledger, bill.as_ref()),
        may_vote_blockers: blockers(&session),
        representatives: session
            .representatives
            .iter()
            .map(|r| Seat {
                agent_id: r.agent_id.clone(),
                name: r.name.clone(),
                motives: r.motives.clone(),
                motive_satisfaction: r.motive_satisfaction.clone(),
                is_quiet: r.is_silenced(round),
                scores: r.motives.iter().map(|m| r.score(m)).collect(),
            })
            .collect(),
        parliament_id: session.parliament_id.clone(),
        problem_statement: session.problem_statement.clone(),
        status: session.status.clone(),
        current_round: round,
        max_rounds: session.max_rounds,
        bill_version: session.bill_version,
        drafter: session.drafter.clone(),
        messages: ledger.messages.len(),
        next_message_id: session.next_message_id,
        debate_clock: session.debate_clock,
        last_tally,
    })
}
