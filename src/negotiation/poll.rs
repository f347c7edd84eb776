//! `poll DIR AGENT`: one check, never blocks: 0 your turn, 1 wait, 2 finished. It skips a
//! holder inactive for longer than the turn timeout on the way. With `--wait` (and as
//! `parley wait DIR AGENT`) it blocks until the answer is 0 or 2.

use std::path::PathBuf;
use std::time::Duration;

use serde_json::json;

use crate::context::Ctx;
use crate::error::{Result, Status};
use crate::names::Name;
use crate::output::Outcome;
use crate::store::Store;
use crate::wait::{self, Check, WaitOptions};

use super::changes::{self, Changes};
use super::log;
use super::turn::{TURN_FILE, Turn};
use super::{Actor, State, ensure_timer, lock, note_activity, open, skip_if_timed_out};

#[derive(Debug, Clone)]
pub struct PollArgs {
    pub dir: PathBuf,
    pub agent: Name,
    /// Block until it is the agent's turn or the negotiation is finished.
    pub wait: Option<WaitOptions>,
}

pub fn run(ctx: &Ctx, args: &PollArgs) -> Result<Outcome> {
    let store = open(&args.dir, ctx)?;
    let Some(options) = &args.wait else {
        let (state, skipped, news) = look(&store, ctx, &args.agent)?;
        return Ok(with_news(
            with_skips(answer(&state, &args.agent), skipped),
            &state,
            ctx,
            news,
        ));
    };
    let interval = Duration::from_secs(State::load(&store)?.meta.poll_interval_seconds.max(1));
    let mut skipped = Vec::new();
    // The answer is in turn.md; a holder's timer expiring is a deadline the check computes.
    wait::until(ctx, store.root(), &[TURN_FILE], options, interval, || {
        // Lock-free first: every state file is replaced atomically, so an unlocked read sees
        // whole files; while the answer is plainly "not yet" the waiters of a directory then
        // never queue on the lock. Anything else is decided by the locked look below.
        if let Ok(state) = State::load(&store)
            && state.agents.contains(&args.agent)
            && let Some(holder) = state.turn.holder()
            && holder != &args.agent
            && state.holder_since().is_some()
            && state.timed_out_holder(ctx.clock.unix_seconds()).is_none()
        {
            ctx.notices.progress(&format!("{holder} holds the turn"));
            return Ok(Check::NotYet(holder_expires_in(&state, ctx)));
        }
        let (state, mut lines, news) = look(&store, ctx, &args.agent)?;
        skipped.append(&mut lines);
        if state.turn == Turn::Done || state.turn.holder() == Some(&args.agent) {
            return Ok(Check::Ready(with_news(
                with_skips(answer(&state, &args.agent), std::mem::take(&mut skipped)),
                &state,
                ctx,
                news,
            )));
        }
        if let Some(holder) = state.turn.holder() {
            ctx.notices.progress(&format!("{holder} holds the turn"));
        }
        Ok(Check::NotYet(holder_expires_in(&state, ctx)))
    })
}

/// One look at the negotiation on behalf of `agent`, under the lock: starts a missing timer,
/// skips a timed-out holder, and counts the look as activity if `agent` holds the turn.
/// When the turn is (or comes to) `agent`, also what changed since its last hand-over, read
/// under the same lock.
fn look(store: &Store, ctx: &Ctx, agent: &Name) -> Result<(State, Vec<String>, Option<Changes>)> {
    let actor = Actor {
        command: "poll",
        agent: Some(agent),
    };
    let locked = lock(store, actor)?;
    let mut state = State::load(store)?;
    if state.turn == Turn::Done {
        return Ok((state, Vec::new(), None));
    }
    state.ensure_registered(agent)?;
    ensure_timer(&locked, &mut state, ctx)?;
    // The holder's own look is activity, so it comes first: a holder is never skipped by
    // asking whether it is its turn.
    note_activity(&locked, &mut state, agent, ctx)?;
    let skipped = skip_if_timed_out(&locked, &mut state, ctx, actor)?;
    let news = if state.turn.holder() == Some(agent) {
        let (events, _) = log::read(store)?;
        Some(changes::compute(store, &state, &events, agent)?)
    } else {
        None
    };
    Ok((state, skipped, news))
}

/// A "your turn" answer also tells the holder its clock and what changed (see
/// [`changes::tell_turn_clock`]).
fn with_news(mut out: Outcome, state: &State, ctx: &Ctx, news: Option<Changes>) -> Outcome {
    let Some(news) = news else {
        return out;
    };
    changes::tell_turn_clock(&mut out, state, ctx);
    out.notes.extend(news.lines());
    if let serde_json::Value::Object(map) = &mut out.data {
        map.insert("changes".into(), json!(news));
    }
    out
}

/// How long until the holder has been inactive for longer than the turn timeout, which is
/// when a waiter must wake by itself to skip it.
fn holder_expires_in(state: &State, ctx: &Ctx) -> Option<Duration> {
    state.turn.holder()?;
    let since = state.holder_since()?;
    let expires = since + state.meta.turn_timeout_seconds as i64 + 1;
    let expires_at = chrono::DateTime::from_timestamp(expires, 0)?;
    let left = (expires_at - ctx.clock.now())
        .to_std()
        .unwrap_or(Duration::ZERO);
    Some(left + Duration::from_millis(1))
}

fn with_skips(mut out: Outcome, skipped: Vec<String>) -> Outcome {
    if let serde_json::Value::Object(map) = &mut out.data {
        map.insert("skipped".into(), json!(!skipped.is_empty()));
    }
    out.lines.splice(0..0, skipped);
    out
}

/// The answer for `agent` in `state`: its turn (0), wait (1), or finished (2).
pub fn answer(state: &State, agent: &Name) -> Outcome {
    let phase = state.phase;
    match &state.turn {
        Turn::Done => Outcome::answer(
            Status::Finished,
            "FINISHED",
            json!({"answer": "done", "turn": "done", "phase": phase}),
        )
        .line("done"),
        Turn::Agent(holder) if holder == agent => {
            Outcome::ok(json!({"answer": "your-turn", "turn": agent, "phase": phase}))
                .line("your-turn")
        }
        turn => Outcome::answer(
            Status::NotNow,
            "WAITING",
            json!({"answer": "waiting", "turn": turn.word(), "phase": phase}),
        )
        .line(format!("waiting (current turn: {turn})")),
    }
}
