//! `hand-off DIR AGENT`: the holder passes the turn to the next agent in rotation.

use std::path::PathBuf;

use serde_json::json;

use crate::context::Ctx;
use crate::error::{Error, Result};
use crate::names::Name;
use crate::output::Outcome;

use super::Desk;
use super::turn::Phase;
use super::{Actor, complete_turn_record, give_turn, open};

#[derive(Debug, Clone)]
pub struct HandOffArgs {
    pub dir: PathBuf,
    pub agent: Name,
}

pub fn run(ctx: &Ctx, args: &HandOffArgs) -> Result<Outcome> {
    let store = open(&args.dir, ctx)?;
    let actor = Actor {
        command: "hand-off",
        agent: Some(&args.agent),
    };
    let Desk { locked, mut state } = Desk::open(&store, actor)?;
    // A hand-off of this agent that died between turn.md and its record: complete it.
    if state.phase != Phase::Analysis
        && let Some(next) = complete_turn_record(&locked, &state, &args.agent, ctx, actor)?
    {
        return Ok(Outcome::ok(json!({"from": args.agent, "turn": next}))
            .line(format!("Turn handed to: {next}")));
    }
    state.ensure_holder(&store, &args.agent, "hand off")?;
    if state.phase == Phase::Analysis {
        return Err(
            Error::forbidden("WRONG_PHASE", "cannot hand off in the analysis phase")
                .with_hint("end your analysis turn with `end-analysis DIR AGENT`"),
        );
    }
    let next = state
        .agents
        .after(&args.agent)
        .expect("the holder is registered")
        .clone();
    give_turn(&locked, &mut state, &next, ctx, actor)?;
    Ok(Outcome::ok(json!({"from": args.agent, "turn": next}))
        .line(format!("Turn handed to: {next}")))
}
