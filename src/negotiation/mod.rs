//! The negotiation protocol: a directory of markdown files that several agents take turns on.
//!
//! Each applet lives in a file of its own; the files of the directory each have a module
//! ([`meta`], [`agents`], [`turn`], [`issues`], [`positions`], [`log`]); this module holds what
//! several applets share: opening a directory, loading its state, giving the turn, the
//! turn-timeout skip and the merge of drafts.

pub mod agents;
pub mod changes;
pub mod digest;
pub mod digests_file;
pub mod duplicate;
pub mod issue_cache;
pub mod issues;
pub mod log;
pub mod log_cache;
pub mod meta;
pub mod positions;
pub mod rules;
pub mod scan;
pub mod turn;

pub mod agree;
pub mod audit_template;
pub mod check;
pub mod end_analysis;
pub mod escalate;
pub mod file_draft_issue;
pub mod finish;
pub mod hand_off;
pub mod init;
pub mod new_issue;
pub mod note;
pub mod poll;
pub mod position;
pub mod register;
pub mod reopen;
pub mod report;
pub mod resolve;
pub mod sign_off;
pub mod status;
pub mod wait_for_start;
pub mod watch;

use std::io;
use std::path::Path;

use crate::context::Ctx;
use crate::error::{Error, Result, Status};
use crate::names::Name;
use crate::store::{LockMode, Locked, Store};

use agents::Agents;
use issues::{ISSUES_DIR, IssueFile};
use log::{Event, EventKind};
use meta::Meta;
use turn::{Phase, Turn, TurnStarted};

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
            return Err(Error::finished(store.root()));
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
            .with_hint("block until it is: `parley wait DIR AGENT` (the `wait` tool over MCP)"));
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

impl Actor<'_> {
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

/// Takes the directory lock for a command that may change the negotiation. Every change is
/// logged, so the log (and the digests kept beside it) must be writable before anything is
/// changed.
pub fn lock<'s>(store: &'s Store, actor: Actor) -> Result<Locked<'s>> {
    let locked = store.lock(LockMode::Exclusive, &actor.label())?;
    locked.preflight(&[log::FILE, digests_file::FILE])?;
    Ok(locked)
}

/// The desk of a command that changes the negotiation: the directory lock held, and the state
/// loaded under it. The command decides on `state` and writes through `locked`; the same unit
/// is `operative::desk::Desk`, `bounce::session::Desk` and `parliament::clerk::Desk` in the
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
}

/// Gives the turn to `to` and starts its timer. In the positions phase the positions files
/// are recorded first, with any edit made during the turn that ends ([`digest::record`]).
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
    let staged = if state.phase == Phase::Positions {
        // The two files are written and flushed on another thread while this one checks the
        // positions files (reads only); the record is logged before they are put in place.
        let (staged, to_record) = crate::elsewhere::alongside(
            || locked.stage(files),
            || digest::check(locked.store(), state, ctx, actor),
        );
        let (to_record, staged) = (to_record?, staged?);
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
    Ok(())
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
        // Each merged issue with its title, for the likely duplicates: `issues/` holds
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
                merged.push((issue, issues::title(&text)));
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
        duplicates = duplicate::likely_among(merged.iter().map(|(i, t)| (i, t.as_deref())));
        lines.extend(duplicates.iter().map(|d| d.describe()));
    } else {
        lines.push(format!(
            "Merge already in place ({} issues in issues/); completing the phase change.",
            existing.len()
        ));
        duplicates = duplicate::likely(store)?;
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
