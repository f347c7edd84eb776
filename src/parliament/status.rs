//! `parliament status DIR`: a readable summary of the parliament.

use std::path::Path;

use serde_json::{Value, json};

use crate::context::Ctx;
use crate::error::Result;
use crate::output::Outcome;
use crate::store::LockMode;

use super::amendments::assess;
use super::clerk::Desk;
use super::gate::blockers;
use super::state::Detail;
use super::state::Parliament;

pub fn run(ctx: &Ctx, dir: &Path) -> Result<Outcome> {
    let parliament = Parliament::open(dir, ctx.lock_wait())?;
    let desk = {
        let _shared = parliament
            .store
            .lock(LockMode::Shared, "parley parliament status")?;
        Desk::load(&parliament, Detail::Full)?
    };
    let session = &desk.session;
    let amendments = assess(session, &desk.ledger, desk.bill.as_ref());
    let last_tally: Option<&Value> = desk
        .ledger
        .messages
        .iter()
        .rev()
        .find(|m| m.kind == "VOTE_TALLY")
        .map(|m| &m.content);
    let clock = session.debate_clock;
    let mut outcome = Outcome::ok(json!({
        "parliament_id": session.parliament_id,
        "problem_statement": session.problem_statement,
        "status": session.status,
        "current_round": session.current_round,
        "max_rounds": session.max_rounds,
        "bill_version": session.bill_version,
        "drafter": session.drafter,
        "messages": desk.ledger.messages.len(),
        "next_message_id": session.next_message_id,
        "debate_clock": clock,
        "representatives": session.representatives.iter().map(|r| json!({
            "agent_id": r.agent_id,
            "name": r.name,
            "motives": r.motives,
            "motive_satisfaction": r.motive_satisfaction,
            "is_quiet": r.is_silenced(session.current_round),
        })).collect::<Vec<_>>(),
        "amendments": amendments,
        "last_tally": last_tally,
        "may_vote_blockers": blockers(session),
    }));
    outcome.push(format!("Parliament {}", session.parliament_id));
    outcome.push(format!("Problem: {}", session.problem_statement));
    // Version 0 is the reference implementation's "no bill drafted yet".
    let bill = match session.bill_version {
        0 => "no bill yet".to_owned(),
        version => format!("bill version {version}"),
    };
    outcome.push(format!(
        "Round {} of {}, status {}, {bill}, {} messages",
        session.current_round,
        session.max_rounds,
        session.status,
        desk.ledger.messages.len()
    ));
    outcome.push(format!(
        "Clock: {} of {} exchanges, {} sentences per response",
        clock.exchanges_this_round, clock.max_exchanges_per_round, clock.response_budget
    ));
    outcome.push("Representatives:".to_owned());
    for rep in &session.representatives {
        let scores: Vec<String> = rep
            .motives
            .iter()
            .map(|m| match rep.score(m) {
                Some(score) => format!("{m} {score}"),
                None => format!("{m} -"),
            })
            .collect();
        let quiet = if rep.is_silenced(session.current_round) {
            " (quiet)"
        } else {
            ""
        };
        outcome.push(format!(
            "  {} {}{quiet}: {}",
            rep.agent_id,
            rep.name,
            scores.join(", ")
        ));
    }
    if !amendments.is_empty() {
        outcome.push("Amendments:".to_owned());
        for a in &amendments {
            outcome.push(format!(
                "  {} by {} ({}): {}",
                a.amendment_id,
                a.proposed_by,
                a.status,
                a.verdict.word()
            ));
        }
    }
    match last_tally {
        Some(t) => outcome.push(format!(
            "Last tally: bill version {}, YES {} NO {}: {}",
            t["bill_version"],
            t["tally"]["yes"],
            t["tally"]["no"],
            if t["passed"] == true {
                "passed"
            } else {
                "not passed"
            }
        )),
        None => outcome.push("Last tally: none".to_owned()),
    }
    Ok(outcome)
}
