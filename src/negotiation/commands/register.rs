//! `register DIR AGENT` (or `--auto`): joins the negotiation while registration is open.

use std::path::PathBuf;

use chrono::Duration;
use serde::Serialize;

use crate::clock::format_stamp;
use crate::context::Ctx;
use crate::error::{Error, Result, Status};
use crate::names::Name;
use crate::output::{Human, Reply};

use crate::store::{Locked, Store};

use crate::negotiation::commands::desk::Desk;
use crate::negotiation::model::agents;
use crate::negotiation::model::agents::{AUTO_NAMES, Agent};
use crate::negotiation::model::log;
use crate::negotiation::model::log::{Event, EventKind};
use crate::negotiation::model::turn::Turn;
use crate::negotiation::model::{Actor, State, meta, open};

/// Environment variables that identify the participant (the model session) behind an agent,
/// in order of precedence after `--participant`.
pub const PARTICIPANT_VARS: &[&str] = &[
    "NEGOTIATE_PARTICIPANT_ID",
    "CLAUDE_SESSION_ID",
    "CODEX_THREAD_ID",
];

#[derive(Debug, Clone)]
pub enum Who {
    Named(Name),
    Auto,
}

#[derive(Debug, Clone)]
pub struct RegisterArgs {
    pub dir: PathBuf,
    pub who: Who,
    pub participant: Option<String>,
}

/// The participant identity from `--participant` or the environment (as the front end found
/// it), checked.
pub fn participant_from(flag: Option<String>, from_env: Option<String>) -> Result<Option<String>> {
    let found = flag.or(from_env);
    match found {
        Some(id) if !agents::is_valid_participant(&id) => Err(Error::bad_input(
            "INVALID_PARTICIPANT",
            format!("invalid participant identity {id:?}"),
        )
        .with_hint("use letters, digits and - _ . : @ / + =, at most 200 characters")),
        other => Ok(other),
    }
}

/// What `register` answers: `data` of `register --json`.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum Registration {
    Registered(Registered),
    /// The name is taken (exit 1, `NAME_TAKEN`).
    Taken {
        agent: Name,
    },
}

/// An agent registered.
#[derive(Debug, Serialize)]
pub struct Registered {
    agent: Name,
    /// How many agents are registered now, this one included.
    registered: usize,
    expected: u64,
    participant: Option<String>,
    registration_deadline: Option<String>,
    /// Whether every expected agent is registered.
    complete: bool,
    /// `--auto`: the name taken is printed first, alone on its line.
    #[serde(skip)]
    auto: bool,
    /// The deadline, when this registration started the window.
    #[serde(skip)]
    deadline_started: Option<String>,
}

impl Reply for Registration {
    fn status(&self) -> Status {
        match self {
            Registration::Registered(_) => Status::Ok,
            Registration::Taken { .. } => Status::NotNow,
        }
    }

    fn code(&self) -> Option<&'static str> {
        match self {
            Registration::Registered(_) => None,
            Registration::Taken { .. } => Some("NAME_TAKEN"),
        }
    }

    fn human(&self, out: &mut Human) {
        let done = match self {
            Registration::Taken { agent } => {
                out.line(format!("Already registered: {agent}"));
                return;
            }
            Registration::Registered(done) => done,
        };
        if done.auto {
            out.line(done.agent.as_str());
        }
        out.line(format!(
            "Registered: {} ({}/{} agents)",
            done.agent, done.registered, done.expected
        ));
        if let Some(stamp) = &done.deadline_started {
            out.line(format!("Registration window started. Deadline: {stamp}"));
        }
        if done.complete {
            out.line("All agents registered. Negotiation can begin.");
        }
    }
}

pub fn run(ctx: &Ctx, args: &RegisterArgs) -> Result<Registration> {
    let store = open(&args.dir, ctx)?;
    let named = match &args.who {
        Who::Named(name) => Some(name),
        Who::Auto => None,
    };
    let actor = Actor {
        command: "register",
        agent: named,
    };
    let Desk { locked, state } = Desk::open(&store, actor)?;
    state.ensure_not_finished(&store)?;
    if state.turn != Turn::Registration {
        return Err(Error::forbidden(
            "REGISTRATION_CLOSED",
            "registration is closed: the negotiation has started",
        )
        .with_hint("agents cannot join a negotiation in play"));
    }

    let name = match &args.who {
        Who::Named(name) => {
            if state.agents.contains(name) {
                if let Some(completed) = complete_interrupted(&locked, &state, name, args)? {
                    return Ok(Registration::Registered(completed));
                }
                return Ok(Registration::Taken {
                    agent: name.clone(),
                });
            }
            name.clone()
        }
        Who::Auto => first_free_name(&state),
    };
    if let Some(id) = &args.participant
        && let Some(existing) = state
            .agents
            .list
            .iter()
            .find(|a| a.participant.as_deref() == Some(id))
    {
        return Err(Error::forbidden(
            "PARTICIPANT_REGISTERED",
            format!(
                "participant {id} is already registered as {}",
                existing.name
            ),
        )
        .with_hint(format!("keep playing as {}", existing.name)));
    }
    let expected = state.meta.expected_agents;
    if state.agents.len() as u64 >= expected {
        return Err(Error::forbidden(
            "REGISTRATION_FULL",
            format!("registration is full: {expected} of {expected} agents registered"),
        ));
    }

    let actor = Actor {
        command: "register",
        agent: Some(&name),
    };
    locked.preflight(&[meta::FILE, agents::FILE])?;
    // The deadline is written by whichever registration finds it missing, under the lock:
    // exactly once, whatever the interleaving.
    let mut deadline_started = None;
    let mut meta = state.meta.clone();
    if meta.registration_deadline.is_none() {
        let deadline = ctx.clock.now() + Duration::seconds(meta.registration_window_seconds as i64);
        let stamp = format_stamp(deadline);
        meta.registration_deadline = Some(stamp.clone());
        locked.replace(meta::FILE, &meta.render())?;
        actor
            .event(ctx, EventKind::Deadline)
            .change(None, Some(stamp.clone()))
            .append(&locked)?;
        deadline_started = Some(stamp);
    } else if let Some(stamp) = &meta.registration_deadline
        && deadline_unlogged(&store)?
    {
        // A registration that started the window died between meta.md and its record (and
        // before agents.md, or its own rerun would have completed it): log it now, so the
        // log keeps every change. Nobody can say which agent it was.
        log::Event::new(ctx.clock.stamp(), None, "register", EventKind::Deadline)
            .change(None, Some(stamp.clone()))
            .append(&locked)?;
    }
    let agent = Agent {
        name: name.clone(),
        registered: ctx.clock.stamp(),
        participant: args.participant.clone(),
    };
    locked.replace(agents::FILE, &state.agents.render_with(&agent))?;
    actor
        .event(ctx, EventKind::Register)
        .change(None, Some(name.to_string()))
        .append(&locked)?;

    let count = state.agents.len() + 1;
    Ok(Registration::Registered(Registered {
        agent: name,
        registered: count,
        expected,
        participant: args.participant.clone(),
        registration_deadline: meta.registration_deadline,
        complete: count as u64 == expected,
        auto: matches!(args.who, Who::Auto),
        deadline_started,
    }))
}

/// A registration that a crash cut short after `agents.md` was written and before its
/// `register` record reached the log: the rerun by the same agent (same participant) logs
/// what is missing and answers as the first run would have. `None` when the registration
/// was complete, or when the log cannot tell (a directory whose log does not start at `init`,
/// made by the old scripts, has registrations that were never logged): the name is taken.
fn complete_interrupted(
    locked: &Locked,
    state: &State,
    name: &Name,
    args: &RegisterArgs,
) -> Result<Option<Registered>> {
    let index = state
        .agents
        .position(name)
        .expect("the agent is registered");
    let agent = &state.agents.list[index];
    if agent.participant != args.participant {
        return Ok(None);
    }
    let (events, _) = log::read(locked.store())?;
    let logged_from_init = events.first().is_some_and(|e| e.kind == EventKind::Init);
    let logged = |kind: EventKind, after: Option<&str>| {
        events
            .iter()
            .any(|e| e.kind == kind && (after.is_none() || e.after.as_deref() == after))
    };
    if !logged_from_init || logged(EventKind::Register, Some(name.as_str())) {
        return Ok(None);
    }
    let mut missing = Vec::new();
    let mut deadline_started = None;
    // The deadline is written before agents.md: if its record is missing too, the same run
    // wrote it (nothing else sets it) and died before logging either.
    if let Some(stamp) = &state.meta.registration_deadline
        && !logged(EventKind::Deadline, None)
    {
        missing.push(
            Event::new(
                agent.registered.clone(),
                Some(name.as_str()),
                "register",
                EventKind::Deadline,
            )
            .change(None, Some(stamp.clone())),
        );
        deadline_started = Some(stamp.clone());
    }
    missing.push(
        Event::new(
            agent.registered.clone(),
            Some(name.as_str()),
            "register",
            EventKind::Register,
        )
        .change(None, Some(name.to_string())),
    );
    log::append_all(locked, &missing)?;

    let count = index + 1;
    let expected = state.meta.expected_agents;
    Ok(Some(Registered {
        agent: name.clone(),
        registered: count,
        expected,
        participant: agent.participant.clone(),
        registration_deadline: state.meta.registration_deadline.clone(),
        complete: count as u64 == expected,
        auto: false,
        deadline_started,
    }))
}

/// Whether meta.md holds a registration deadline that the log, kept since `init`, never
/// recorded (a crash between the two writes).
fn deadline_unlogged(store: &Store) -> Result<bool> {
    // Every registration after the first asks: answer the usual case without parsing.
    if log::has_event(store, EventKind::Deadline)? {
        return Ok(false);
    }
    let (events, _) = log::read(store)?;
    Ok(events.first().is_some_and(|e| e.kind == EventKind::Init)
        && !events.iter().any(|e| e.kind == EventKind::Deadline))
}

/// `agent-alpha`, `agent-beta`, ... then `agent-25`, `agent-26`, ...
fn first_free_name(state: &State) -> Name {
    let greek = AUTO_NAMES.iter().map(|g| format!("agent-{g}"));
    let numbered = (AUTO_NAMES.len() + 1..).map(|n| format!("agent-{n}"));
    greek
        .chain(numbered)
        .map(|candidate| Name::parse_str("agent name", &candidate).expect("valid by construction"))
        .find(|candidate| !state.agents.contains(candidate))
        .expect("an unbounded list always has a free name")
}
