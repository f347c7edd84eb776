//! `parliament gate DIR`: may the Speaker call a vote now? The motive gate of the spec.

use std::path::Path;

use serde::Serialize;
use serde_json::json;

use crate::context::Ctx;
use crate::error::{Result, Status};
use crate::output::Outcome;
use crate::store::LockMode;

use super::state::{Parliament, Session};

/// A motive that keeps the gate shut: scored below 3, or not scored yet (`score` null).
#[derive(Debug, Clone, Serialize)]
pub struct Blocker {
    pub agent_id: String,
    pub motive: String,
    pub score: Option<u8>,
}

/// The lowest score that lets a vote be called ("partial").
pub const PASSING_SCORE: u8 = 3;

pub fn blockers(session: &Session) -> Vec<Blocker> {
    session
        .representatives
        .iter()
        .flat_map(|rep| {
            rep.motives.iter().filter_map(|motive| {
                let score = rep.score(motive);
                score.is_none_or(|s| s < PASSING_SCORE).then(|| Blocker {
                    agent_id: rep.agent_id.clone(),
                    motive: motive.clone(),
                    score,
                })
            })
        })
        .collect()
}

pub fn run(ctx: &Ctx, dir: &Path) -> Result<Outcome> {
    let parliament = Parliament::open(dir, ctx.lock_wait())?;
    let session = {
        let _shared = parliament
            .store
            .lock(LockMode::Shared, "parley parliament gate")?;
        parliament.session()?
    };
    let blocking = blockers(&session);
    let clock = session.debate_clock;
    let at_cap = clock.exchanges_this_round >= clock.max_exchanges_per_round;
    let at_limit = session.current_round >= session.max_rounds;
    let forced_by = match (blocking.is_empty(), at_cap, at_limit) {
        (true, _, _) => None,
        (false, true, _) => Some("clock"),
        (false, false, true) => Some("round_limit"),
        (false, false, false) => None,
    };
    let may_vote = blocking.is_empty() || forced_by.is_some();
    let data = json!({
        "may_vote": may_vote,
        "forced_by": forced_by,
        "blocking": blocking,
        "round": session.current_round,
        "max_rounds": session.max_rounds,
        "exchanges_this_round": clock.exchanges_this_round,
        "max_exchanges_per_round": clock.max_exchanges_per_round,
    });
    let mut outcome = if may_vote {
        Outcome::ok(data)
    } else {
        Outcome::answer(Status::NotNow, "VOTE_BLOCKED", data)
    };
    match forced_by {
        _ if !may_vote => outcome.push("not yet: motives below 3 block the vote"),
        Some("clock") => outcome.push(format!(
            "yes: forced by the clock ({} of {} exchanges), although motives are below 3",
            clock.exchanges_this_round, clock.max_exchanges_per_round
        )),
        Some(_) => outcome.push(format!(
            "yes: forced by the round limit (round {} of {}), although motives are below 3",
            session.current_round, session.max_rounds
        )),
        None => outcome.push("yes: every motive scores 3 or more"),
    }
    for b in &blocking {
        let score = b
            .score
            .map_or("no score yet".to_owned(), |s| format!("score {s}"));
        outcome.push(format!("  {} {:?}: {score}", b.agent_id, b.motive));
    }
    Ok(outcome)
}
