//! `end-analysis DIR AGENT`: the holder ends its analysis turn; the last one merges the drafts.

use std::path::PathBuf;

use serde_json::json;

use crate::context::Ctx;
use crate::error::Result;
use crate::names::Name;
use crate::output::Outcome;

use super::turn::{self, Phase};
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

    let pending: Vec<Name> = state
        .analysis_pending(&store)?
        .into_iter()
        .filter(|name| name != &args.agent)
        .collect();
    // Everything this command writes is checked first, and the merge, when due, comes before
    // the done marker: if anything fails (a link planted among the drafts, say), nothing has
    // changed and the holder can run end-analysis again.
    locked.ensure_dir(ANALYSIS_DIR)?;
    locked.preflight(&[
        &done_marker(&args.agent),
        turn::STARTED_FILE,
        turn::TURN_FILE,
    ])?;
    let merged = pending.is_empty();
    let merge_lines = if merged {
        merge_drafts(&locked, &mut state, ctx, actor)?
    } else {
        vec!["Waiting for other agents to complete analysis.".to_owned()]
    };
    locked.ensure_dir(ANALYSIS_DIR)?;
    if locked.create_new(
        &done_marker(&args.agent),
        &format!("done: {}\n", ctx.clock.stamp()),
    )? {
        actor
            .event(ctx, "analysis-done")
            .change(None, Some(args.agent.to_string()))
            .append(&locked)?;
    }
    let mut out = Outcome::ok(json!({})).line(format!("Analysis complete for {}", args.agent));
    for line in merge_lines {
        out.push(line);
    }
    let next = state
        .agents
        .after(&args.agent)
        .expect("the holder is registered")
        .clone();
    give_turn(&locked, &mut state, &next, ctx, actor)?;
    out.push(format!("Turn handed to: {next}"));
    let duplicates = if merged {
        super::duplicate::likely(&store)?
    } else {
        Vec::new()
    };
    out.data = json!({
        "agent": args.agent,
        "merged": merged,
        "pending": pending,
        "phase": state.phase,
        "turn": next,
        "duplicates": duplicates,
    });
    Ok(out)
}
