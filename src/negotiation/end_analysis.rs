//! `end-analysis DIR AGENT`: the holder ends its analysis turn; the last one merges the drafts.

use std::path::PathBuf;

use serde_json::json;

use crate::context::Ctx;
use crate::error::Result;
use crate::names::Name;
use crate::output::Outcome;

use super::turn::Phase;
use super::{ANALYSIS_DIR, Actor, State, done_marker, give_turn, lock, merge_drafts, open};

#[derive(Debug, Clone)]
pub struct EndAnalysisArgs {
    pub dir: PathBuf,
    pub agent: Name,
}

pub fn run(ctx: &Ctx, args: &EndAnalysisArgs) -> Result<Outcome> {
    let store = open(&args.dir, ctx)?;
    let actor = Actor {
        command: "end-analysis",
        agent: Some(&args.agent),
    };
    let locked = lock(&store, actor)?;
    let mut state = State::load(&store)?;
    state.ensure_holder(&store, &args.agent, "end the analysis")?;
    state.ensure_phase(Phase::Analysis, "end the analysis")?;

    locked.ensure_dir(ANALYSIS_DIR)?;
    let marker = done_marker(&args.agent);
    if locked.create_new(&marker, &format!("done: {}\n", ctx.clock.stamp()))? {
        actor
            .event(ctx, "analysis-done")
            .change(None, Some(args.agent.to_string()))
            .append(&locked)?;
    }
    let mut out = Outcome::ok(json!({})).line(format!("Analysis complete for {}", args.agent));
    let pending = state.analysis_pending(&store)?;
    let merged = pending.is_empty();
    if merged {
        for line in merge_drafts(&locked, &mut state, ctx, actor)? {
            out.push(line);
        }
    } else {
        out.push("Waiting for other agents to complete analysis.");
    }
    let next = state
        .agents
        .after(&args.agent)
        .expect("the holder is registered")
        .clone();
    give_turn(&locked, &mut state, &next, ctx, actor)?;
    out.push(format!("Turn handed to: {next}"));
    out.data = json!({
        "agent": args.agent,
        "merged": merged,
        "pending": pending,
        "phase": state.phase,
        "turn": next,
    });
    Ok(out)
}
