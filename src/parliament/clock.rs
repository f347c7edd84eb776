//! `parliament clock DIR [--round N]`: the debate clock of a round.

use std::path::Path;

use serde::Serialize;

use crate::context::Ctx;
use crate::error::Result;
use crate::output::{Human, Reply};
use crate::store::LockMode;

use super::rules::clock_for;
use super::state::Parliament;

/// A round's debate clock: `data` of `parliament clock --json`.
#[derive(Debug, Serialize)]
pub struct ClockReply {
    round: u64,
    seats: u64,
    max_exchanges_per_round: u64,
    response_budget: u64,
}

impl Reply for ClockReply {
    fn human(&self, out: &mut Human) {
        out.line(format!(
            "round {}, {} seats: at most {} exchanges, {} sentences per response",
            self.round, self.seats, self.max_exchanges_per_round, self.response_budget
        ));
    }
}

pub fn run(ctx: &Ctx, dir: &Path, round: Option<u64>) -> Result<ClockReply> {
    let parliament = Parliament::open(dir, ctx.lock_wait())?;
    let session = {
        let _shared = parliament
            .store
            .lock(LockMode::Shared, "parley parliament clock")?;
        parliament.session()?
    };
    // Round 0 (openings) runs on round 1's clock (`clock_for` says so).
    let round = round.unwrap_or(session.current_round);
    let seats = session.seats();
    let (max_exchanges_per_round, response_budget) = clock_for(round, seats);
    Ok(ClockReply {
        round,
        seats,
        max_exchanges_per_round,
        response_budget,
    })
}
