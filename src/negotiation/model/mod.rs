//! The negotiation's state as it is on disk: one module per state file ([`meta`], [`agents`],
//! [`turn`], [`issues`], [`positions`], [`log`], [`notes`], [`documents`]), and here what every
//! command reads of them together: opening a directory, the [`State`], the holder's clock and
//! a running command's identity ([`Actor`]). This layer imports no other of the negotiation.

pub mod agents;
pub mod documents;
pub mod finished;
pub mod fnv;
pub mod issues;
pub mod log;
pub mod meta;
pub mod notes;
pub mod positions;
pub mod scan;
pub mod turn;

use std::io;
use std::path::Path;

use crate::context::Ctx;
use crate::error::{Error, Result, Status};
use crate::names::Name;
use crate::store::Store;

use crate::negotiation::model::turn::Phase;
use agents::Agents;
use log::{Event, EventKind};
use meta::Meta;
use turn::{Turn, TurnStarted};

pub const ANALYSIS_DIR: &str = "analysis";

/// How many files it takes for `status` (two per issue) and the hand-overs to look them up on
/// a second thread: for fewer, starting the thread (and waking a processor) costs about as
/// much as the lookups.
const LOOKUPS_ON_A_THREAD: usize = 256;

/// Fills each of `found` with `look_up(index)` while `meanwhile` runs, and returns what
/// `meanwhile` returned: from [`LOOKUPS_ON_A_THREAD`] on, on two threads
/// ([`elsewhere::filled_on_two_threads`](crate::elsewhere::filled_on_two_threads)), this one
/// running `meanwhile` first; below, here, after it.
pub(crate) fn looked_up_while<F: Send, T>(
    found: &mut [F],
    look_up: impl Fn(usize) -> F + Sync,
    meanwhile: impl FnOnce() -> T,
) -> T {
    if found.len() >= LOOKUPS_ON_A_THREAD {
        return crate::elsewhere::filled_on_two_threads(found, look_up, meanwhile);
    }
    let meanwhile = meanwhile();
    for (index, slot) in found.iter_mut().enumerate() {
        *slot = look_up(index);
    }
    meanwhile
}

/// Opens the negotiation at `dir`: it must be a directory holding `meta.md`.
pub fn open(dir: &Path, ctx: &Ctx) -> Result<Store> {
    let no_negotiation = |why: &str| {
        Error::new(
            Status::NotFound,
            "NO_NEGOTIATION",
            format!("no negotiation at {}: {why}", dir.display()),
        )
        .with_hint("create one with `parley init DIR NUM_AGENTS`, or check the path")
    };
    let root = match dir.canonicalize() {
        Ok(root) => root,
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            return Err(no_negotiation("it does not exist"));
        }
        Err(e) => return Err(Error::io("open", dir, e)),
    };
    if !root.is_dir() {
        return Err(no_negotiation("it is not a directory"));
    }
    let store = Store::new(root, ctx.lock_wait());
    if !store.exists(meta::FILE)? {
        return Err(no_negotiation("it has no meta.md"));
    }
    Ok(store)
}

/// The state that every applet reads: settings, agents, turn, phase and turn timer.
#[derive(Debug, Clone)]
pub struct State {
    pub meta: Meta,
    pub agents: Agents,
    pub turn: Turn,
    pub phase: Phase,
    pub started: Option<TurnStarted>,
    /// When the holder first learned of its turn, if it did after the turn was given
    /// (`.parley/turn-seen`); its clock counts from then.
    pub seen: Option<TurnStarted>,
}

impl State {
    pub fn load(store: &Store) -> Result<State> {
        let meta = Meta::load(store)?.ok_or_else(|| {
            Error::new(
                Status::NotFound,
                "NO_NEGOTIATION",
                format!(
                    "no negotiation at {}: meta.md is gone",
                    store.root().display()
                ),
            )
        })?;
        let agents = Agents::load(store)?;
        let turn = Turn::load(store, &agents)?;
        let phase = Phase::load(store)?;
        let started = TurnStarted::load(store)?;
        let seen = TurnStarted::load_seen(store)?;
        Ok(State {
            meta,
            agents,
            turn,
            phase,
            started,
            seen,
        })
    }

    /// Refuses any change to a finished negotiation (exit 2).
    pub fn ensure_not_finished(&self, store: &Store) -> Result<()> {
        if self.turn == Turn::Done {
            return Err(finished::Finished::refusal(store));
        }
        Ok(())
    }

    pub fn ensure_registered(&self, agent: &Name) -> Result<()> {
        if !self.agents.contains(agent) {
            return Err(Error::forbidden(
                "NOT_REGISTERED",
                format!("{agent} is not a registered agent of this negotiation"),
            )
            .with_hint("register first with `parley register DIR AGENT` while registration is open; once the negotiation has started, only its registered agents take part"));
        }
        Ok(())
    }

    /// Only the holder of the turn may do this (exit 4 otherwise, 2 when finished).
    pub fn ensure_holder(&self, store: &Store, agent: &Name, action: &str) -> Result<()> {
        self.ensure_not_finished(store)?;
        self.ensure_registered(agent)?;
        if self.turn.holder() != Some(agent) {
            return Err(Error::forbidden(
                "NOT_YOUR_TURN",
                format!("{agent} cannot {action}: the turn is {}", self.turn),
            )
            .with_hint(if self.turn == Turn::Registration {
                // Nothing starts by itself: a `wait` would wait for a start nobody makes.
                "the negotiation has not started: `parley wait-for-start DIR AGENT` starts it once registration is complete (the `wait` tool's `start` action over MCP)"
            } else {
                "block until it is: `parley wait DIR AGENT` (the `wait` tool over MCP)"
            }));
        }
        Ok(())
    }

    pub fn ensure_phase(&self, phase: Phase, action: &str) -> Result<()> {
        if self.phase != phase {
            return Err(Error::forbidden(
                "WRONG_PHASE",
                format!(
                    "cannot {action} in the {} phase (only in the {phase} phase)",
                    self.phase
                ),
            ));
        }
        Ok(())
    }

    /// When the holder's timer started (its last activity). `None` when `.turn-started` is
    /// missing or names someone else (a directory of the old scripts, or a crash between the
    /// two writes of a hand-over): the timer then restarts at the next look
    /// ([`ensure_timer`]), so nobody is ever skipped on another agent's clock.
    ///
    /// A holder that learned of its turn later than it was given (`.parley/turn-seen`, written
    /// by its first `wait-for-start` after the start) counts from that moment instead: the
    /// first turn is given by whoever's `wait-for-start` sees the last registration, and its
    /// holder must not lose its clock before it even knows it plays.
    pub fn holder_since(&self) -> Option<i64> {
        let holder = self.turn.holder()?;
        let started = self
            .started
            .as_ref()
            .filter(|s| &s.agent == holder)
            .map(|s| s.since)?;
        let seen = self
            .seen
            .as_ref()
            .filter(|s| &s.agent == holder)
            .map_or(started, |s| s.since);
        Some(started.max(seen))
    }

    /// Seconds the holder has before another agent's `poll` or `wait` may skip it (0 once
    /// that moment has come); `None` when nobody holds the turn or it has no clock yet.
    pub fn turn_seconds_left(&self, now: i64) -> Option<u64> {
        self.turn.holder()?;
        let since = self.holder_since()?;
        let left = since + self.meta.turn_timeout_seconds as i64 - now;
        Some(left.max(0) as u64)
    }

    /// What the holder is told of its clock when it learns it holds the turn; `None` when
    /// nobody holds it or it has no clock yet.
    pub fn turn_clock(&self, now: i64) -> Option<TurnClock> {
        Some(TurnClock {
            seconds_left: self.turn_seconds_left(now)?,
            timeout: self.meta.turn_timeout_seconds,
        })
    }

    /// The holder and how long it has been inactive, if that is longer than the turn timeout.
    pub fn timed_out_holder(&self, now: i64) -> Option<(Name, i64)> {
        let holder = self.turn.holder()?;
        let since = self.holder_since()?;
        let inactive = now - since;
        (inactive > self.meta.turn_timeout_seconds as i64).then(|| (holder.clone(), inactive))
    }

    /// Agents whose analysis is neither done nor forfeited.
    pub fn analysis_pending(&self, store: &Store) -> Result<Vec<Name>> {
        let mut pending = Vec::new();
        for agent in &self.agents.list {
            if !store.exists(&done_marker(&agent.name))? {
                pending.push(agent.name.clone());
            }
        }
        Ok(pending)
    }
}

/// How long the holder has before another agent may skip it, as a "your turn" answer tells
/// it: `data.turn_seconds_left` in JSON and, for people, a note on stderr (stdout keeps the
/// exact lines the old scripts printed, which agents compare).
#[derive(Debug, Clone, Copy)]
pub struct TurnClock {
    pub seconds_left: u64,
    /// `turn_timeout_seconds` of meta.md.
    pub timeout: u64,
}

/// In JSON, the seconds left (`turn_seconds_left`); the timeout is in meta.md.
impl serde::Serialize for TurnClock {
    fn serialize<S: serde::Serializer>(
        &self,
        serializer: S,
    ) -> std::result::Result<S::Ok, S::Error> {
        serializer.serialize_u64(self.seconds_left)
    }
}

impl TurnClock {
    pub fn note(&self) -> String {
        format!(
            "You hold the turn: {}s before another agent may skip you (turn_timeout_seconds {}); your poll, or any change you make, restarts the clock.",
            self.seconds_left, self.timeout
        )
    }
}

/// `analysis/.AGENT-done`: the agent's analysis is over (done or forfeited).
pub fn done_marker(agent: &Name) -> String {
    format!("{ANALYSIS_DIR}/.{agent}-done")
}

/// A running applet's identity, for the log and the lock label.
#[derive(Debug, Clone, Copy)]
pub struct Actor<'a> {
    pub command: &'a str,
    pub agent: Option<&'a Name>,
}

impl<'a> Actor<'a> {
    /// `command`, run by `agent`.
    pub fn by(command: &'a str, agent: &'a Name) -> Actor<'a> {
        Actor {
            command,
            agent: Some(agent),
        }
    }

    pub fn label(&self) -> String {
        match self.agent {
            Some(agent) => format!("parley {} {agent}", self.command),
            None => format!("parley {}", self.command),
        }
    }

    pub fn event(&self, ctx: &Ctx, kind: EventKind) -> Event {
        Event::new(
            ctx.clock.stamp(),
            self.agent.map(Name::as_str),
            self.command,
            kind,
        )
    }
}
