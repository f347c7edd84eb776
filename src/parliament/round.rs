//! `parliament round DIR --start | --end`: the Speaker opens and closes rounds.

use std::path::Path;

use serde::Serialize;
use serde_json::json;

use crate::context::Ctx;
use crate::error::{Error, Result};
use crate::output::{Human, Reply};
use crate::store::LockMode;

use super::clerk::Desk;
use super::rules::clock_for;
use super::state::Detail;
use super::state::{DebateClock, Parliament, SPEAKER};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    Start,
    End,
}

/// The round opened or closed: `data` of `parliament round --json`.
#[derive(Debug, Serialize)]
pub struct RoundReply {
    round: u64,
    /// The Speaker's ruling recorded for it.
    ids: Vec<String>,
    debate_clock: DebateClock,
    lifted_quiet_orders: Vec<String>,
    #[serde(skip)]
    step: Step,
    #[serde(skip)]
    ruling: String,
}

impl Reply for RoundReply {
    fn human(&self, out: &mut Human) {
        out.line(match self.step {
            Step::Start => format!("round {} started: {}", self.round, self.ruling),
            Step::End => format!("round {} ended", self.round),
        });
        for agent in &self.lifted_quiet_orders {
            out.line(format!("quiet order on {agent} lifted"));
        }
    }
}

/// Statuses before the debate; starting a round moves them to `debate`.
const BEFORE_DEBATE: [&str; 4] = [
    "setup",
    "opening_statements",
    "evaluating_statements",
    "drafting",
];

pub fn run(ctx: &Ctx, dir: &Path, step: Step) -> Result<RoundReply> {
    let parliament = Parliament::open(dir, ctx.lock_wait())?;
    let mut desk = Desk::open(
        &parliament,
        LockMode::Exclusive,
        "parley parliament round",
        Detail::Summary,
    )?;
    let mut lifted = Vec::new();
    let session = &mut desk.session;
    let (action, ruling) = match step {
        Step::End => (
            "round_end",
            format!("Round {} is closed.", session.current_round),
        ),
        Step::Start => {
            if session.current_round >= session.max_rounds {
                return Err(Error::forbidden(
                    "ROUND_LIMIT",
                    format!(
                        "round {} is the last of {}; no round can start",
                        session.current_round, session.max_rounds
                    ),
                )
                .with_hint("call the vote (`parley parliament tally DIR --append`)"));
            }
            let round = session.current_round + 1;
            session.current_round = round;
            let (max_exchanges_per_round, response_budget) = clock_for(round, session.seats());
            session.debate_clock = DebateClock {
                max_exchanges_per_round,
                response_budget,
                exchanges_this_round: 0,
            };
            for rep in &mut session.representatives {
                if rep.is_quiet && rep.quiet_until_round.is_some_and(|until| until < round) {
                    rep.is_quiet = false;
                    rep.quiet_until_round = None;
                    lifted.push(rep.agent_id.clone());
                }
            }
            if BEFORE_DEBATE.contains(&session.status.as_str()) {
                session.status = "debate".to_owned();
            }
            (
                "round_start",
                format!(
                    "Round {round} is open: at most {max_exchanges_per_round} exchanges, {response_budget} sentences per response."
                ),
            )
        }
    };
    let message = json!({
        "type": "SPEAKER_RULING",
        "from": SPEAKER,
        "content": {"ruling_type": "procedure", "ruling": ruling, "target": null, "action": action},
    });
    let recorded = desk.record(message, &ctx.clock.stamp())?;
    desk.commit()?;
    Ok(RoundReply {
        round: desk.session.current_round,
        ids: recorded.ids,
        debate_clock: desk.session.debate_clock,
        lifted_quiet_orders: lifted,
        step,
        ruling,
    })
}
