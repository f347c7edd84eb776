//! Passing the turn: giving it, completing a hand-over a crash cut short, skipping a holder
//! that timed out, and the merge of the drafts that ends the analysis phase.

use crate::context::Ctx;
use crate::error::Result;
use crate::names::Name;
use crate::negotiation::derived::record;
use crate::negotiation::derived::terms::{IssueTerms, TermIndex};
use crate::negotiation::model::issues::{self, ISSUES_DIR, IssueFile};
use crate::negotiation::model::log::{self, EventKind};
use crate::negotiation::model::turn::{self, Phase, Turn, TurnStarted};
use crate::negotiation::model::{ANALYSIS_DIR, Actor, State, done_marker};
use crate::negotiation::rules::duplicate;
use crate::store::Locked;

/// Gives the turn to `to` and starts its timer. In the positions phase the positions files
/// are recorded first, with any edit made during the turn that ends ([`record::record`]).
/// `.turn-started` and `turn.md` are then replaced together, with one flush of their
/// directory ([`Locked::stage`]): a crash can leave either one new and the other old, and
/// either way the holder's timer is, if anything, too young (the old timer names another
/// agent, and a timer counts only for the agent it names, see [`State::holder_since`]); the
/// turn's record is completed by the rerun ([`complete_turn_record`]). When the old timer
/// already names `to` (left so by an earlier crash, or the turn given back to its holder), it
/// would count for `to` if it survived a crash beside the new `turn.md`: it is then replaced
/// first, on its own, and `turn.md` after it.
pub fn give_turn(
    locked: &Locked,
    state: &mut State,
    to: &Name,
    ctx: &Ctx,
    actor: Actor,
) -> Result<()> {
    give_turn_seeing(locked, state, to, ctx, actor, |_| ()).map(drop)
}

/// [`give_turn`], showing `see` what the hand-over found of the positions files before it
/// records them (in the positions phase; `None` in the analysis phase, which records none).
pub fn give_turn_seeing<T>(
    locked: &Locked,
    state: &mut State,
    to: &Name,
    ctx: &Ctx,
    actor: Actor,
    see: impl FnOnce(&record::ToRecord) -> T,
) -> Result<Option<T>> {
    let started = TurnStarted {
        agent: to.clone(),
        since: ctx.clock.unix_seconds(),
    };
    locked.preflight(&[turn::STARTED_FILE, turn::TURN_FILE])?;
    let (started_text, turn_text) = (started.text(), format!("{to}\n"));
    let timer_first = state.started.as_ref().is_some_and(|old| &old.agent == to);
    let both = [
        (turn::STARTED_FILE, started_text.as_bytes()),
        (turn::TURN_FILE, turn_text.as_bytes()),
    ];
    let files = if timer_first { &both[1..] } else { &both[..] };
    let mut seen = None;
    let staged = if state.phase == Phase::Positions {
        // The two files are written and flushed on another thread while this one checks the
        // positions files (reads only); the record is logged before they are put in place.
        let (staged, to_record) = crate::elsewhere::alongside(
            || locked.stage(files),
            || record::check(locked.store(), state, ctx, actor),
        );
        let (to_record, staged) = (to_record?, staged?);
        seen = Some(see(&to_record));
        to_record.save(locked)?;
        staged
    } else {
        locked.stage(files)?
    };
    if timer_first {
        started.save(locked)?;
    }
    staged.commit()?;
    actor
        .event(ctx, EventKind::Turn)
        .change(Some(state.turn.to_string()), Some(to.to_string()))
        .append(locked)?;
    state.turn = Turn::Agent(to.clone());
    state.started = Some(started);
    Ok(seen)
}

/// A hand-over that a crash cut short after `turn.md` was replaced and before its `turn`
/// record reached the log: the turn went from `agent` to the agent after it, but the log's
/// last `turn` record does not say so. Logs the missing record and returns the holder, so
/// that the rerun of the command by `agent` answers as the first run would have (instead of
/// `NOT_YOUR_TURN`). `None` in every other case, and always in a directory whose log does
/// not start at `init` (made by the old scripts, it never logged every turn).
pub fn complete_turn_record(
    locked: &Locked,
    state: &State,
    agent: &Name,
    ctx: &Ctx,
    actor: Actor,
) -> Result<Option<Name>> {
    let Some(holder) = state.turn.holder() else {
        return Ok(None);
    };
    if holder == agent || state.agents.after(agent) != Some(holder) {
        return Ok(None);
    }
    let (events, _) = log::read(locked.store())?;
    let last_turn = events.iter().rev().find(|e| e.kind == EventKind::Turn);
    if events.first().is_none_or(|e| e.kind != EventKind::Init)
        || last_turn.is_none_or(|e| e.after.as_deref() != Some(agent.as_str()))
    {
        return Ok(None);
    }
    actor
        .event(ctx, EventKind::Turn)
        .change(Some(agent.to_string()), Some(holder.to_string()))
        .append(locked)?;
    Ok(Some(holder.clone()))
}

/// Skips a holder who has been inactive longer than the turn timeout, if there is one.
/// In the analysis phase the skipped agent's analysis is forfeited (its drafts still count),
/// and if that leaves no analysis pending, the merge happens here: nobody else would do it.
/// Returns the lines to print.
pub fn skip_if_timed_out(
    locked: &Locked,
    state: &mut State,
    ctx: &Ctx,
    actor: Actor,
) -> Result<Vec<String>> {
    let now = ctx.clock.unix_seconds();
    let Some((holder, inactive)) = state.timed_out_holder(now) else {
        return Ok(Vec::new());
    };
    let store = locked.store();
    let next = state
        .agents
        .after(&holder)
        .expect("the holder is registered")
        .clone();
    let mut lines = vec![format!(
        "Turn timeout: {holder} has been inactive for {inactive}s (limit: {}s). Skipping.",
        state.meta.turn_timeout_seconds
    )];
    locked.preflight(&[turn::STARTED_FILE, turn::TURN_FILE])?;
    if state.phase == Phase::Analysis && !store.exists(&done_marker(&holder))? {
        locked.ensure_dir(ANALYSIS_DIR)?;
        locked.preflight(&[&done_marker(&holder)])?;
        let last_pending = state.analysis_pending(store)?.iter().all(|n| n == &holder);
        // As in end-analysis, the merge comes first: a failed merge leaves nothing changed.
        let merge_lines = if last_pending {
            merge_drafts(locked, state, ctx, actor)?.lines
        } else {
            Vec::new()
        };
        locked.ensure_dir(ANALYSIS_DIR)?;
        locked.create_new(
            &done_marker(&holder),
            &format!("forfeited: turn timeout at {}\n", ctx.clock.stamp()),
        )?;
        actor
            .event(ctx, EventKind::Forfeit)
            .change(None, Some(holder.to_string()))
            .append(locked)?;
        lines.push(format!(
            "Analysis of {holder} forfeited (its drafts are kept)."
        ));
        lines.extend(merge_lines);
    }
    actor
        .event(ctx, EventKind::Skip)
        .change(Some(holder.to_string()), Some(next.to_string()))
        .append(locked)?;
    give_turn(locked, state, &next, ctx, actor)?;
    lines.push(format!("Skipped {holder}, turn passed to {next}"));
    Ok(lines)
}

/// What [`merge_drafts`] did: the lines to print, and the likely duplicates among the issues
/// now in `issues/` (found once: reading thousands of issues twice doubles the merge's cost).
#[derive(Debug, Default)]
pub struct Merged {
    pub lines: Vec<String>,
    pub duplicates: Vec<duplicate::LikelyDuplicate>,
}

/// Merges every agent's drafts into `issues/`, numbered globally from 01, round-robin over
/// the agents in registration order, and sets the phase to positions.
///
/// All-or-nothing: the issues are assembled in a staging directory and moved into place by one
/// rename, then the phase is written. A crash between the two leaves issues in place and the
/// phase at analysis; the next run finds `issues/` filled and only finishes the phase change,
/// so the merge happens exactly once.
pub fn merge_drafts(locked: &Locked, state: &mut State, ctx: &Ctx, actor: Actor) -> Result<Merged> {
    let store = locked.store();
    locked.preflight(&[turn::PHASE_FILE, ISSUES_DIR])?;
    let mut lines = Vec::new();
    let duplicates;
    let existing = issues::list(store, ISSUES_DIR)?;
    if existing.is_empty() {
        let mut per_agent: Vec<(Name, Vec<IssueFile>)> = Vec::new();
        for agent in &state.agents.list {
            let drafts = issues::list(store, &issues::drafts_dir(&agent.name))?;
            per_agent.push((agent.name.clone(), drafts));
        }
        let staged = locked.stage_dir()?;
        // Each merged issue's terms, for the likely duplicates: `issues/` holds
        // exactly these once the staged directory is in place.
        let mut merged = Vec::new();
        let mut number = 0;
        let longest = per_agent.iter().map(|(_, d)| d.len()).max().unwrap_or(0);
        for round in 0..longest {
            for (agent, drafts) in &per_agent {
                let Some(draft) = drafts.get(round) else {
                    continue;
                };
                number += 1;
                let source = format!("{}/{}", issues::drafts_dir(agent), draft.file);
                let dest = IssueFile::name_for(number, &draft.topic);
                let text = staged.add_file_of(store, &source, &dest)?;
                lines.push(format!("Merged: {} -> {dest} (from {agent})", draft.file));
                let issue = IssueFile {
                    file: dest,
                    number,
                    topic: draft.topic.clone(),
                };
                merged.push(IssueTerms::of(&issue, Some(agent.as_str()), &text));
            }
        }
        locked.install_dir(staged, ISSUES_DIR)?;
        actor
            .event(ctx, EventKind::Merge)
            .change(None, Some(format!("{number} issues")))
            .append(locked)?;
        lines.push(format!("Merged {number} issues total."));
        // Agents often file the same question: say so now, so the first turns can settle
        // the pairs with `duplicate` instead of arguing them twice.
        let index = TermIndex::new(merged);
        duplicates = duplicate::likely_among(&index.issues);
        index.save(locked);
        lines.extend(duplicates.iter().map(|d| d.describe()));
        if !duplicates.is_empty() {
            lines.push(duplicate::MAY_PROPOSE.to_owned());
        }
    } else {
        lines.push(format!(
            "Merge already in place ({} issues in issues/); completing the phase change.",
            existing.len()
        ));
        let index = TermIndex::read_all(store)?;
        duplicates = duplicate::likely_among(&index.issues);
        index.save(locked);
        // A merge that died between the rename and its record: the record is completed too,
        // in a log kept since `init` (the old scripts logged no merge).
        if !log::has_event(store, EventKind::Merge)? && log::has_event(store, EventKind::Init)? {
            actor
                .event(ctx, EventKind::Merge)
                .change(None, Some(format!("{} issues", existing.len())))
                .append(locked)?;
        }
    }
    if state.phase != Phase::Positions {
        Phase::Positions.save(locked)?;
        actor
            .event(ctx, EventKind::Phase)
            .change(Some(state.phase.to_string()), Some("positions".into()))
            .append(locked)?;
    } else if !log::has_event(store, EventKind::Phase)? && log::has_event(store, EventKind::Init)? {
        // The rerun of an end-analysis that died between phase.md and its record.
        actor
            .event(ctx, EventKind::Phase)
            .change(Some(Phase::Analysis.to_string()), Some("positions".into()))
            .append(locked)?;
    }
    state.phase = Phase::Positions;
    Ok(Merged { lines, duplicates })
}
