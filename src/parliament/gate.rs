//! `parliament gate DIR`: may the Speaker call a vote now? The motive gate of the spec.

use std::path::Path;

use serde::Serialize;

use crate::context::Ctx;
use crate::error::{Result, Status};
use crate::output::{Human, Reply};
use crate::store::LockMode;

use super::state::{Parliament, SessionState};

/// A motive that keeps the gate shut: scored below 3, or not scored yet (`score` null).
#[derive(Debug, Clone, Serialize)]
pub struct Blocker {
    pub agent_id: String,
    pub motive: String,
    pub score: Option<u8>,
}

/// The lowest score that lets a vote be called ("partial").
pub const PASSING_SCORE: u8 = 3;

pub fn blockers(session: &SessionState) -> Vec<Blocker> {
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

/// Whether the Speaker may call a vote: `data` of `parliament gate --json`.
#[derive(Debug, Serialize)]
pub struct GateReply {
    may_vote: bool,
    /// What opens the gate although motives block it.
    forced_by: Option<Force>,
    blocking: Vec<Blocker>,
    round: u64,
    max_rounds: u64,
    exchanges_this_round: u64,
    max_exchanges_per_round: u64,
}

#[derive(Debug, Clone, Copy, Serialize)]
#[serde(rename_all = "snake_case")]
enum Force {
    /// The round's exchanges are used up.
    Clock,
    /// The last round has been reached.
    RoundLimit,
}

impl Reply for GateReply {
    fn status(&self) -> Status {
        if self.may_vote {
            Status::Ok
        } else {
            Status::NotNow
        }
    }

    fn code(&self) -> Option<&'static str> {
        (!self.may_vote).then_some("VOTE_BLOCKED")
    }

    fn human(&self, out: &mut Human) {
        out.line(match self.forced_by {
            _ if !self.may_vote => "not yet: motives below 3 block the vote".to_owned(),
            Some(Force::Clock) => format!(
                "yes: forced by the clock ({} of {} exchanges), although motives are below 3",
                self.exchanges_this_round, self.max_exchanges_per_round
            ),
            Some(Force::RoundLimit) => format!(
                "yes: forced by the round limit (round {} of {}), although motives are below 3",
                self.round, self.max_rounds
            ),
            None => "yes: every motive scores 3 or more".to_owned(),
        });
        for b in &self.blocking {
            let score = b
                .score
                .map_or("no score yet".to_owned(), |s| format!("score {s}"));
            out.line(format!("  {} {:?}: {score}", b.agent_id, b.motive));
        }
    }
}

pub fn run(ctx: &Ctx, dir: &Path) -> Result<GateReply> {
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
        (false, true, _) => Some(Force::Clock),
        (false, false, true) => Some(Force::RoundLimit),
        (false, false, false) => None,
    };
    Ok(GateReply {
        may_vote: blocking.is_empty() || forced_by.is_some(),
        forced_by,
        blocking,
        round: session.current_round,
        max_rounds: session.max_rounds,
        exchanges_this_round: clock.exchanges_this_round,
        max_exchanges_per_round: clock.max_exchanges_per_round,
    })
}
