//! `hand-off DIR AGENT`: the holder passes the turn to the next agent in rotation.

use std::path::PathBuf;

use serde::Serialize;

use crate::context::Ctx;
use crate::error::{Error, Result};
use crate::names::Name;
use crate::output::{Human, Reply};

use crate::negotiation::commands::desk::Desk;
use crate::negotiation::commands::handover::{complete_turn_record, give_turn_seeing};
use crate::negotiation::model::issues;
use crate::negotiation::model::turn::Phase;
use crate::negotiation::model::{Actor, open};
use crate::negotiation::rules::untouched;

#[derive(Debug, Clone)]
pub struct HandOffArgs {
    pub dir: PathBuf,
    pub agent: Name,
}

/// The turn passed on: `data` of `hand-off --json`.
#[derive(Debug, Serialize)]
pub struct HandOff {
    from: Name,
    turn: Name,
    /// Open issues the holder left without an entry this turn (on every turn each OPEN
    /// issue is answered: a position, a challenge, an agreement or an escalation):
    /// `warning: ...` on stderr, `data.warnings` in JSON. The turn is passed all the same.
    #[serde(skip)]
    warnings: Vec<String>,
}

impl Reply for HandOff {
    fn warnings(&self) -> Vec<String> {
        self.warnings.clone()
    }

    fn human(&self, out: &mut Human) {
        out.line(format!("Turn handed to: {}", self.turn));
    }
}

pub fn run(ctx: &Ctx, args: &HandOffArgs) -> Result<HandOff> {
    let store = open(&args.dir, ctx)?;
    let actor = Actor::by("hand-off", &args.agent);
    let Desk { locked, mut state } = Desk::open(&store, actor)?;
    // A hand-off of this agent that died between turn.md and its record: complete it.
    if state.phase != Phase::Analysis
        && let Some(next) = complete_turn_record(&locked, &state, &args.agent, ctx, actor)?
    {
        return Ok(HandOff {
            from: args.agent.clone(),
            turn: next,
            warnings: Vec::new(),
        });
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
    // Issues listed before the hand-over, which may log edits of their files but adds none.
    let listed = issues::list(&store, issues::ISSUES_DIR)?;
    let untouched = give_turn_seeing(&locked, &mut state, &next, ctx, actor, |found| {
        untouched::left_by_holder(&store, found, listed)
    })?
    .transpose()?
    .unwrap_or_default();
    let warnings = if untouched.is_empty() {
        Vec::new()
    } else {
        vec![format!(
            "{} left {} open issue{} without an entry this turn: {} (on each turn every OPEN issue gets a position, a challenge, an agreement or an escalation)",
            args.agent,
            untouched.len(),
            if untouched.len() == 1 { "" } else { "s" },
            untouched.join(", ")
        )]
    };
    Ok(HandOff {
        from: args.agent.clone(),
        turn: next,
        warnings,
    })
}
