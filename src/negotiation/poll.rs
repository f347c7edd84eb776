//! `poll DIR AGENT`: one check, never blocks. 0 your turn, 1 wait, 2 finished. Skips a holder
//! inactive for longer than the turn timeout on the way.

use std::path::PathBuf;

use serde_json::json;

use crate::context::Ctx;
use crate::error::{Result, Status};
use crate::names::Name;
use crate::output::Outcome;

use super::turn::Turn;
use super::{Actor, State, ensure_timer, lock, note_activity, open, skip_if_timed_out};

#[derive(Debug, Clone)]
pub struct PollArgs {
    pub dir: PathBuf,
    pub agent: Name,
}

pub fn run(ctx: &Ctx, args: &PollArgs) -> Result<Outcome> {
    let store = open(&args.dir, ctx)?;
    let actor = Actor {
        command: "poll",
        agent: Some(&args.agent),
    };
    let locked = lock(&store, actor)?;
    let mut state = State::load(&store)?;
    if state.turn == Turn::Done {
        return Ok(finished());
    }
    state.ensure_registered(&args.agent)?;
    ensure_timer(&locked, &mut state, ctx)?;
    let skipped = skip_if_timed_out(&locked, &mut state, ctx, actor)?;
    note_activity(&locked, &mut state, &args.agent, ctx)?;
    let mut out = answer(&state, &args.agent);
    out.lines.splice(0..0, skipped.iter().cloned());
    if let serde_json::Value::Object(map) = &mut out.data {
        map.insert("skipped".into(), json!(!skipped.is_empty()));
    }
    Ok(out)
}

pub fn finished() -> Outcome {
    Outcome::answer(
        Status::Finished,
        "FINISHED",
        json!({"answer": "done", "turn": "done"}),
    )
    .line("done")
}

/// The answer for `agent` in `state`: its turn (0) or wait (1).
pub fn answer(state: &State, agent: &Name) -> Outcome {
    let phase = state.phase;
    if state.turn.holder() == Some(agent) {
        Outcome::ok(json!({"answer": "your-turn", "turn": agent, "phase": phase})).line("your-turn")
    } else {
        Outcome::answer(
            Status::NotNow,
            "WAITING",
            json!({"answer": "waiting", "turn": state.turn.word(), "phase": phase}),
        )
        .line(format!("waiting (current turn: {})", state.turn))
    }
}
