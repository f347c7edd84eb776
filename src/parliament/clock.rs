//! `parliament clock DIR [--round N]`: the debate clock of a round.

use std::path::Path;

use serde_json::json;

use crate::context::Ctx;
use crate::error::Result;
use crate::output::Outcome;
use crate::store::LockMode;

use super::rules::clock_for;
use super::state::Parliament;

pub fn run(ctx: &Ctx, dir: &Path, round: Option<u64>) -> Result<Outcome> {
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
    let (max_exchanges, budget) = clock_for(round, seats);
    Ok(Outcome::ok(json!({
        "round": round,
        "seats": seats,
        "max_exchanges_per_round": max_exchanges,
        "response_budget": budget,
    }))
    .line(format!(
        "round {round}, {seats} seats: at most {max_exchanges} exchanges, {budget} sentences per response"
    )))
}
