//! `poll DIR AGENT`: one check, never blocks: 0 your turn, 1 wait, 2 finished. It skips a
//! holder inactive for longer than the turn timeout on the way. With `--wait` (and as
//! `parley wait DIR AGENT`) it blocks until the answer is 0 or 2.

use std::path::PathBuf;
use std::time::Duration;

use serde::Serialize;

use crate::context::Ctx;
use crate::error::{Result, Status};
use crate::names::Name;
use crate::output::{Human, Reply};
use crate::store::Store;
use crate::wait::{self, Check, WaitOptions};

use crate::negotiation::commands::desk::Desk;
use crate::negotiation::commands::desk::{ensure_timer, note_activity};
use crate::negotiation::commands::handover::skip_if_timed_out;
use crate::negotiation::model::finished::Finished;
use crate::negotiation::model::log;
use crate::negotiation::model::turn::{Phase, TURN_FILE, Turn};
use crate::negotiation::model::{Actor, State, TurnClock, open};
use crate::negotiation::overview::changes;
use crate::negotiation::overview::changes::Changes;

#[derive(Debug, Clone)]
pub struct PollArgs {
    pub dir: PathBuf,
    pub agent: Name,
    /// Block until it is the agent's turn or the negotiation is finished.
    pub wait: Option<WaitOptions>,
}

pub fn run(ctx: &Ctx, args: &PollArgs) -> Result<PollReply> {
    let store = open(&args.dir, ctx)?;
    let Some(options) = &args.wait else {
        let (state, skipped, news) = look(&store, ctx, &args.agent)?;
        return Ok(PollReply::new(
            &store,
            &state,
            &args.agent,
            skipped,
            news,
            ctx,
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
            let skipped = std::mem::take(&mut skipped);
            return Ok(Check::Ready(PollReply::new(
                &store,
                &state,
                &args.agent,
                skipped,
                news,
                ctx,
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
    let actor = Actor::by("poll", agent);
    let Desk { locked, mut state } = Desk::open(store, actor)?;
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

/// The answer to `poll` and `wait` for one agent: `data` of their `--json`.
#[derive(Debug, Serialize)]
pub struct PollReply {
    answer: Answer,
    /// `turn.md`: the holder's name, `registration` or `done`.
    turn: String,
    phase: Phase,
    /// Whether a timed-out holder was skipped on the way.
    skipped: bool,
    /// A "your turn" answer also tells the holder its clock...
    #[serde(rename = "turn_seconds_left", skip_serializing_if = "Option::is_none")]
    clock: Option<TurnClock>,
    /// ... and what changed since its last hand-over (the list of `parley changes`).
    #[serde(skip_serializing_if = "Option::is_none")]
    changes: Option<Changes>,
    /// The "finished" answer (exit 2) says how it ended: `finished_by`, `finished_at`,
    /// `issues`, `agreed`, `escalated` and `final` (the path of `final.md`).
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    finished: Option<Finished>,
    /// What the skips said, printed before the answer.
    #[serde(skip)]
    skips: Vec<String>,
}

/// The answer: its turn (0), wait (1), or finished (2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
enum Answer {
    YourTurn,
    Waiting,
    Done,
}

impl PollReply {
    /// The answer for `agent` in `state`, after the `skips` of the look; `news` is what changed
    /// for it when the turn is (or came to) it.
    fn new(
        store: &Store,
        state: &State,
        agent: &Name,
        skips: Vec<String>,
        news: Option<Changes>,
        ctx: &Ctx,
    ) -> PollReply {
        let answer = match &state.turn {
            Turn::Done => Answer::Done,
            Turn::Agent(holder) if holder == agent => Answer::YourTurn,
            _ => Answer::Waiting,
        };
        PollReply {
            answer,
            turn: state.turn.word().to_owned(),
            phase: state.phase,
            skipped: !skips.is_empty(),
            clock: news
                .as_ref()
                .and_then(|_| state.turn_clock(ctx.clock.unix_seconds())),
            changes: news,
            finished: (answer == Answer::Done).then(|| Finished::read(store)),
            skips,
        }
    }
}

impl Reply for PollReply {
    fn status(&self) -> Status {
        match self.answer {
            Answer::YourTurn => Status::Ok,
            Answer::Waiting => Status::NotNow,
            Answer::Done => Status::Finished,
        }
    }

    fn code(&self) -> Option<&'static str> {
        match self.answer {
            Answer::YourTurn => None,
            Answer::Waiting => Some("WAITING"),
            Answer::Done => Some("FINISHED"),
        }
    }

    fn human(&self, out: &mut Human) {
        for line in &self.skips {
            out.line(line.as_str());
        }
        out.line(match self.answer {
            Answer::YourTurn => "your-turn".to_owned(),
            Answer::Waiting => format!("waiting (current turn: {})", self.turn),
            Answer::Done => "done".to_owned(),
        });
        if let Some(clock) = &self.clock {
            out.note(clock.note());
        }
        if let Some(finished) = &self.finished {
            out.note(finished.line());
        }
        for line in self.changes.iter().flat_map(Changes::lines) {
            out.note(line);
        }
    }
}
