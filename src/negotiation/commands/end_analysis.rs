//! `end-analysis DIR AGENT`: the holder ends its analysis turn; the last one merges the drafts.

use std::path::PathBuf;

use serde::Serialize;

use crate::context::Ctx;
use crate::error::Result;
use crate::names::Name;
use crate::output::{Human, Reply};
use crate::store::{Locked, Store};

use crate::negotiation::commands::desk::Desk;
use crate::negotiation::commands::handover::{
    Merged, complete_turn_record, give_turn, merge_drafts,
};
use crate::negotiation::model::log;
use crate::negotiation::model::log::EventKind;
use crate::negotiation::model::turn;
use crate::negotiation::model::turn::Phase;
use crate::negotiation::model::{ANALYSIS_DIR, Actor, State, done_marker, open};
use crate::negotiation::rules::duplicate::LikelyDuplicate;

#[derive(Debug, Clone)]
pub struct EndAnalysisArgs {
    pub dir: PathBuf,
    pub agent: Name,
}

/// The analysis ended: `data` of `end-analysis --json`.
#[derive(Debug, Serialize)]
pub struct AnalysisEnded {
    agent: Name,
    /// Whether the drafts are merged (this was the last analysis, or a rerun after it).
    merged: bool,
    /// The agents whose analysis is still to end.
    pending: Vec<Name>,
    phase: Phase,
    /// The agent the turn went to.
    turn: Name,
    /// The likely duplicates among the merged issues (none when nothing was merged); absent
    /// from the answer of a rerun that only completes an interrupted hand-over.
    #[serde(skip_serializing_if = "Option::is_none")]
    duplicates: Option<Vec<LikelyDuplicate>>,
    /// With likely duplicates: that any agent may propose them on its turn, and how.
    #[serde(skip_serializing_if = "Option::is_none")]
    duplicates_next: Option<&'static str>,
    /// What the merge said, when this analysis merged the drafts.
    #[serde(skip)]
    merge_lines: Vec<String>,
    /// The merge found no draft at all: the positions phase starts with no issue.
    #[serde(skip)]
    no_issues: bool,
}

impl Reply for AnalysisEnded {
    fn warnings(&self) -> Vec<String> {
        if self.no_issues {
            // Not an error (a negotiation may start from issues raised later with
            // `new-issue`), but easy to miss until `finish` says there is nothing to finish.
            vec!["no agent filed a draft issue: the positions phase starts with no issues (raise them with `parley new-issue DIR TOPIC`)".to_owned()]
        } else {
            Vec::new()
        }
    }

    fn human(&self, out: &mut Human) {
        out.line(format!("Analysis complete for {}", self.agent));
        if !self.merged {
            out.line("Waiting for other agents to complete analysis.");
        }
        for line in &self.merge_lines {
            out.line(line.as_str());
        }
        out.line(format!("Turn handed to: {}", self.turn));
    }
}

pub fn run(ctx: &Ctx, args: &EndAnalysisArgs) -> Result<AnalysisEnded> {
    let store = open(&args.dir, ctx)?;
    let actor = Actor::by("end-analysis", &args.agent);
    let Desk { locked, mut state } = Desk::open(&store, actor)?;
    if let Some(done) = complete_interrupted(&locked, &state, &args.agent, ctx, actor)? {
        return Ok(done);
    }
    state.ensure_holder(&store, &args.agent, "end the analysis")?;
    // The last analysis merges the drafts and changes the phase before its own done marker:
    // if it died in between, its rerun finds the positions phase and resumes (the merge and
    // the phase are not done twice, see merge_drafts).
    let resuming = state.phase == Phase::Positions && merge_unfinished(&store)?;
    if !resuming {
        state.ensure_phase(Phase::Analysis, "end the analysis")?;
    }

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
    let merge = if merged {
        merge_drafts(&locked, &mut state, ctx, actor)?
    } else {
        Merged::default()
    };
    locked.ensure_dir(ANALYSIS_DIR)?;
    let created = locked.create_new(
        &done_marker(&args.agent),
        &format!("done: {}\n", ctx.clock.stamp()),
    )?;
    // A marker already there was left either by a skip (which logged a `forfeit`) or by an
    // end-analysis of this agent that died before its record reached the log: this rerun
    // completes that record.
    if created || !analysis_logged(&store, &args.agent)? {
        actor
            .event(ctx, EventKind::AnalysisDone)
            .change(None, Some(args.agent.to_string()))
            .append(&locked)?;
    }
    let next = state
        .agents
        .after(&args.agent)
        .expect("the holder is registered")
        .clone();
    give_turn(&locked, &mut state, &next, ctx, actor)?;
    Ok(AnalysisEnded {
        agent: args.agent.clone(),
        merged,
        pending,
        phase: state.phase,
        turn: next,
        duplicates_next: (!merge.duplicates.is_empty())
            .then_some(crate::negotiation::rules::duplicate::MAY_PROPOSE),
        duplicates: Some(merge.duplicates),
        merge_lines: merge.lines,
        no_issues: merged
            && crate::negotiation::model::issues::list(
                &store,
                crate::negotiation::model::issues::ISSUES_DIR,
            )?
            .is_empty(),
    })
}

/// Whether the log records the end of `agent`'s analysis (done or forfeited).
fn analysis_logged(store: &Store, agent: &Name) -> Result<bool> {
    let (events, _) = log::read(store)?;
    Ok(events.iter().any(|e| {
        (e.kind == EventKind::AnalysisDone || e.kind == EventKind::Forfeit)
            && e.after.as_deref() == Some(agent.as_str())
    }))
}

/// An end-analysis that a crash cut short after the turn was handed on (`turn.md` replaced)
/// and before its `turn` record reached the log: the rerun by the same agent logs the record
/// and answers as the first run would have. Only when the agent's analysis is over and
/// logged; `None` in every other case.
fn complete_interrupted(
    locked: &Locked,
    state: &State,
    agent: &Name,
    ctx: &Ctx,
    actor: Actor,
) -> Result<Option<AnalysisEnded>> {
    let store = locked.store();
    if state.turn.holder() == Some(agent)
        || !store.exists(&done_marker(agent))?
        || !analysis_logged(store, agent)?
    {
        return Ok(None);
    }
    let Some(holder) = complete_turn_record(locked, state, agent, ctx, actor)? else {
        return Ok(None);
    };
    let merged = state.phase == Phase::Positions;
    let pending = state.analysis_pending(store)?;
    Ok(Some(AnalysisEnded {
        agent: agent.clone(),
        merged,
        pending,
        phase: state.phase,
        turn: holder,
        duplicates: None,
        duplicates_next: None,
        merge_lines: Vec::new(),
        no_issues: false,
    }))
}

/// Whether the end-analysis that merged the drafts died before handing the turn on: in a log
/// kept since `init`, no `turn` record follows the `phase` record (or that record is missing
/// too). The holder then is the agent who merged.
fn merge_unfinished(store: &Store) -> Result<bool> {
    let (events, _) = log::read(store)?;
    if events.first().is_none_or(|e| e.kind != EventKind::Init) {
        return Ok(false);
    }
    Ok(
        match events.iter().rposition(|e| e.kind == EventKind::Phase) {
            Some(at) => !events[at..].iter().any(|e| e.kind == EventKind::Turn),
            None => true,
        },
    )
}
