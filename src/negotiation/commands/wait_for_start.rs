//! `wait-for-start DIR AGENT`: blocks until every expected agent registered or the deadline
//! passed, then sets the first turn, once, and starts its timer.

use std::path::PathBuf;
use std::time::Duration;

use chrono::Duration as Span;
use serde::Serialize;

use crate::clock::parse_stamp;
use crate::context::Ctx;
use crate::error::{Error, Result};
use crate::names::Name;
use crate::output::{Human, Reply};
use crate::store::Locked;
use crate::wait::{self, Check, WaitOptions};

use crate::negotiation::commands::desk::Desk;
use crate::negotiation::commands::desk::note_seen;
use crate::negotiation::commands::handover::give_turn;
use crate::negotiation::model::log;
use crate::negotiation::model::log::EventKind;
use crate::negotiation::model::turn::{TURN_FILE, Turn};
use crate::negotiation::model::{Actor, State, TurnClock, open};
use crate::negotiation::model::{agents, meta};

pub const ALLOW_PARTIAL_VAR: &str = "NEGOTIATE_ALLOW_PARTIAL_REGISTRATION";

#[derive(Debug, Clone)]
pub struct WaitForStartArgs {
    pub dir: PathBuf,
    pub agent: Name,
    pub allow_partial: bool,
    pub wait: WaitOptions,
}

pub fn run(ctx: &Ctx, args: &WaitForStartArgs) -> Result<Start> {
    let store = open(&args.dir, ctx)?;
    let actor = Actor::by("wait-for-start", &args.agent);
    let interval = Duration::from_secs(State::load(&store)?.meta.poll_interval_seconds.max(1));
    let watched = &[agents::FILE, TURN_FILE, meta::FILE];
    wait::until(ctx, store.root(), watched, &args.wait, interval, || {
        let Desk { locked, mut state } = Desk::open(&store, actor)?;
        state.ensure_registered(&args.agent)?;
        match &state.turn {
            Turn::Done => {
                return Err(crate::negotiation::model::finished::Finished::refusal(
                    &store,
                ));
            }
            Turn::Agent(first) => {
                complete_first_turn(&locked, first, ctx, actor)?;
                note_seen(&locked, &mut state, &args.agent, ctx)?;
                return Ok(Check::Ready(Start::of(&state, &args.agent, ctx)));
            }
            Turn::Registration => {}
        }
        let count = state.agents.len() as u64;
        let expected = state.meta.expected_agents;
        let now = ctx.clock.now();
        let deadline = deadline(&state);
        let deadline_passed = deadline.is_some_and(|d| now >= d);
        if count < expected && !deadline_passed {
            let deadline_in = deadline.and_then(|d| (d - now).to_std().ok());
            ctx.notices
                .progress(&format!("{count} of {expected} agents registered"));
            return Ok(Check::NotYet(deadline_in));
        }
        if count < expected && !args.allow_partial {
            return Err(Error::forbidden(
                "PARTIAL_REGISTRATION",
                format!(
                    "the registration deadline passed with {count} of {expected} agents registered"
                ),
            )
            .with_hint(
                "start with fewer agents using --allow-partial (or NEGOTIATE_ALLOW_PARTIAL_REGISTRATION=1)",
            ));
        }
        if count < 2 {
            return Err(Error::forbidden(
                "TOO_FEW_AGENTS",
                format!("only {count} agent registered; a negotiation needs at least 2"),
            ));
        }
        let first = state.agents.list[0].name.clone();
        give_turn(&locked, &mut state, &first, ctx, actor)?;
        Ok(Check::Ready(Start::of(&state, &args.agent, ctx)))
    })
}

/// A start that a crash cut short after `turn.md` named the first holder and before the
/// `turn` record reached the log: whoever looks next logs it. Only in a directory whose log
/// starts at `init` (the old scripts never logged the start).
fn complete_first_turn(locked: &Locked, first: &Name, ctx: &Ctx, actor: Actor) -> Result<()> {
    // Every agent asks once the game started: answer the usual case without parsing.
    if log::has_event(locked.store(), EventKind::Turn)? {
        return Ok(());
    }
    let (events, _) = log::read(locked.store())?;
    if events.first().is_none_or(|e| e.kind != EventKind::Init)
        || events.iter().any(|e| e.kind == EventKind::Turn)
    {
        return Ok(());
    }
    actor
        .event(ctx, EventKind::Turn)
        .change(
            Some(Turn::Registration.to_string()),
            Some(first.to_string()),
        )
        .append(locked)
}

/// The deadline: from `meta.md`, or for a directory that never got one, first registration
/// plus the window.
fn deadline(state: &State) -> Option<chrono::DateTime<chrono::Utc>> {
    state.meta.deadline().or_else(|| {
        let first = state.agents.list.first()?;
        Some(
            parse_stamp(&first.registered)?
                + Span::seconds(state.meta.registration_window_seconds as i64),
        )
    })
}

/// The start as one agent learns it: `data` of `wait-for-start --json`.
#[derive(Debug, Serialize)]
pub struct Start {
    /// The registered agents, in turn order.
    agents: Vec<Name>,
    /// The agent's place in the turn order, from 1.
    position: usize,
    first_turn: Name,
    /// `turn.md` now: the holder's name, or `done`.
    turn: String,
    /// The holder learns its clock here (see [`TurnClock`]).
    #[serde(rename = "turn_seconds_left", skip_serializing_if = "Option::is_none")]
    clock: Option<TurnClock>,
    #[serde(skip)]
    expected_agents: u64,
}

impl Start {
    fn of(state: &State, agent: &Name, ctx: &Ctx) -> Start {
        let agents: Vec<Name> = state.agents.list.iter().map(|a| a.name.clone()).collect();
        Start {
            position: state.agents.position(agent).expect("registered") + 1,
            first_turn: agents[0].clone(),
            agents,
            turn: state.turn.word().to_owned(),
            clock: (state.turn.holder() == Some(agent))
                .then(|| state.turn_clock(ctx.clock.unix_seconds()))
                .flatten(),
            expected_agents: state.meta.expected_agents,
        }
    }
}

impl Reply for Start {
    fn human(&self, out: &mut Human) {
        let count = self.agents.len();
        out.line(if count as u64 >= self.expected_agents {
            format!("All {count} agents registered.")
        } else {
            format!("Registration deadline passed. Proceeding with {count} agents.")
        });
        out.line(format!("Turn order: {} of {count}", self.position));
        let names: Vec<&str> = self.agents.iter().map(Name::as_str).collect();
        out.line(format!("Agents: {}", names.join(" ")));
        out.line(format!("First turn: {}", self.first_turn));
        if let Some(clock) = &self.clock {
            out.note(clock.note());
        }
    }
}
