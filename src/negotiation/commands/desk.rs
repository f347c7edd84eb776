//! The desk of a command that changes the negotiation: the directory lock, the state loaded
//! under it, and what any holder's command does to the turn's clock.

use crate::context::Ctx;
use crate::error::Result;
use crate::names::Name;
use crate::negotiation::derived::digests_file;
use crate::negotiation::model::log;
use crate::negotiation::model::turn::TurnStarted;
use crate::negotiation::model::{Actor, State};
use crate::store::{LockMode, Locked, Store};

/// Takes the directory lock for a command that may change the negotiation. Every change is
/// logged, so the log (and the digests kept beside it) must be writable before anything is
/// changed.
fn lock<'s>(store: &'s Store, actor: Actor) -> Result<Locked<'s>> {
    let locked = store.lock(LockMode::Exclusive, &actor.label())?;
    locked.preflight(&[log::FILE, digests_file::FILE])?;
    Ok(locked)
}

/// The desk of a command that changes the negotiation: the directory lock held, and the state
/// loaded under it. The command decides on `state` and writes through `locked`; the same unit
/// is `operative::desk::Desk`, `bounce::desk::Desk`, `parliament::clerk::Desk` and
/// `feedback::desk::Desk` in the
/// other protocols.
pub struct Desk<'s> {
    pub locked: Locked<'s>,
    pub state: State,
}

impl<'s> Desk<'s> {
    /// Takes the lock for `actor` and loads the state under it.
    pub fn open(store: &'s Store, actor: Actor) -> Result<Desk<'s>> {
        let locked = lock(store, actor)?;
        let state = State::load(store)?;
        Ok(Desk { locked, state })
    }

    /// The desk of a command that only checks what it would do (`agree --check`, `finish
    /// --check`): a shared lock, as `status` takes, so it changes nothing, not even the lock
    /// file's label; the state loaded under it.
    pub fn open_to_check(store: &'s Store, actor: Actor) -> Result<Desk<'s>> {
        let locked = store.lock(LockMode::Shared, &actor.label())?;
        let state = State::load(store)?;
        Ok(Desk { locked, state })
    }

    /// [`Desk::open_to_check`] when `check`, else [`Desk::open`].
    pub fn open_or_check(store: &'s Store, actor: Actor, check: bool) -> Result<Desk<'s>> {
        if check {
            Desk::open_to_check(store, actor)
        } else {
            Desk::open(store, actor)
        }
    }
}

/// Any command the holder runs counts as activity: its timer restarts now. Written only when
/// the second changed, so a holder polling in a loop does not rewrite the file each time.
pub fn note_activity(locked: &Locked, state: &mut State, agent: &Name, ctx: &Ctx) -> Result<()> {
    if state.turn.holder() != Some(agent) {
        return Ok(());
    }
    let now = ctx.clock.unix_seconds();
    let current = state.started.as_ref();
    if current.is_some_and(|s| &s.agent == agent && s.since >= now) {
        return Ok(());
    }
    let started = TurnStarted {
        agent: agent.clone(),
        since: now,
    };
    started.save(locked)?;
    state.started = Some(started);
    Ok(())
}

/// The holder's `wait-for-start` after the start: it learns there that it holds the turn,
/// so its clock restarts. Recorded in `.parley/turn-seen`, not in `.turn-started`, whose
/// content stays "when the turn was given (or the holder last polled)" for the old scripts'
/// readers and for those who compare it.
pub fn note_seen(locked: &Locked, state: &mut State, agent: &Name, ctx: &Ctx) -> Result<()> {
    if state.turn.holder() != Some(agent) || state.holder_since().is_none() {
        return Ok(());
    }
    let now = ctx.clock.unix_seconds();
    if state.holder_since().is_some_and(|since| since >= now) {
        return Ok(());
    }
    let seen = TurnStarted {
        agent: agent.clone(),
        since: now,
    };
    seen.save_seen(locked)?;
    state.seen = Some(seen);
    Ok(())
}

/// A holder without a timer of its own (a directory of the old scripts, which wrote
/// `.turn-started` at the holder's first poll, or a crash between the two writes of a
/// hand-over) gets one starting now, so it can still be skipped later, never too early.
pub fn ensure_timer(locked: &Locked, state: &mut State, ctx: &Ctx) -> Result<()> {
    let Some(holder) = state.turn.holder() else {
        return Ok(());
    };
    if state.holder_since().is_some() {
        return Ok(());
    }
    let started = TurnStarted {
        agent: holder.clone(),
        since: ctx.clock.unix_seconds(),
    };
    started.save(locked)?;
    state.started = Some(started);
    Ok(())
}
