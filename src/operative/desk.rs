//! The state of the project while a command holds its lock, and the one place that writes it.
//!
//! A command opens a [`Desk`], decides, records what it changes (heartbeats, reservations,
//! archive records, events, receipts) and ends with [`Desk::commit`]. The writes happen in one
//! fixed order, chosen so that a crash between any two of them leaves a state that is
//! consistent or repairs itself (`docs/operative.md`, "Crashes"):
//!
//! 1. archive records (`archive.jsonl`): the commit point of a release or takeover;
//! 2. protocol events (`events.jsonl`);
//! 3. receipts (`receipts.jsonl`);
//! 4. `state.json`, replaced atomically: heartbeats, new and renewed reservations, and the
//!    removal of reservations the archive has ended.

use crate::context::Ctx;
use crate::error::Result;
use crate::output::{Reply, Warned};
use crate::store::Locked;

use super::agent_name::AgentName;
use super::event_log::{self, EVENTS_FILE, ProtocolEvent, RECEIPTS_FILE, Receipt};
use super::jsonl;
use super::liveness::{Liveness, Thresholds};
use super::project::Project;
use super::stamp::Stamp;
use super::state::{self, ARCHIVE_FILE, ArchivedReservation, STATE_FILE, State};

pub struct Desk<'p> {
    pub project: &'p Project,
    locked: Locked<'p>,
    pub state: State,
    pub thresholds: Thresholds,
    pub now: Stamp,
    pub warnings: Vec<String>,
    state_changed: bool,
    archive: Vec<ArchivedReservation>,
    events: Vec<ProtocolEvent>,
    receipts: Vec<Receipt>,
    stored_events: Option<usize>,
}

impl<'p> Desk<'p> {
    /// Locks the project and loads its state. Every file that may be written is checked
    /// first (no link, no directory in the way), so a refused write never follows a done one.
    pub fn open(project: &'p Project, ctx: &Ctx, label: &str) -> Result<Desk<'p>> {
        let thresholds = Thresholds::from_setting(ctx.settings.stale_minutes.as_deref())?;
        let locked = project.lock(label)?;
        locked.preflight(&state::files())?;
        let (state, warnings) = State::load(&project.store)?;
        Ok(Desk {
            project,
            locked,
            state_changed: state.needs_repair,
            state,
            thresholds,
            now: Stamp::now(&ctx.clock),
            warnings,
            archive: Vec::new(),
            events: Vec::new(),
            receipts: Vec::new(),
            stored_events: None,
        })
    }

    /// Records the heartbeat of `agent`: every command an agent runs as itself shows it is
    /// alive. Only an existing record is refreshed; an agent without one may act (its
    /// reservations then have an owner of unknown liveness), and no record is created for it,
    /// so the name can still be registered later.
    pub fn seen(&mut self, agent: &AgentName) {
        let now = self.now;
        if let Some(record) = self.state.agent_mut(agent)
            && record.last_seen_at < now
        {
            record.last_seen_at = now;
            self.state_changed = true;
        }
    }

    /// The liveness of `agent` now; `None` when it has no record.
    pub fn liveness(&self, agent: &AgentName) -> Option<Liveness> {
        self.state.agent(agent).map(|a| {
            self.thresholds
                .liveness(a.last_seen_at.time(), self.now.time())
        })
    }

    /// Marks `state.json` for rewriting.
    pub fn changed(&mut self) {
        self.state_changed = true;
    }

    /// Ends a reservation: it leaves the held list and goes to the archive.
    pub fn archive(&mut self, record: ArchivedReservation) {
        self.state.reservations.retain(|r| r.id != record.id);
        self.state_changed = true;
        self.archive.push(record);
    }

    /// The id the next recorded event gets.
    pub fn next_event_id(&mut self) -> Result<String> {
        let stored = match self.stored_events {
            Some(count) => count,
            None => {
                let lines = event_log::read_events(&self.project.store)?;
                self.warnings.extend(lines.warnings);
                self.stored_events = Some(lines.records.len());
                lines.records.len()
            }
        };
        Ok(event_log::event_id(self.now, stored + self.events.len()))
    }

    /// Records an event (validated: an invalid one is refused before anything is written).
    pub fn emit(&mut self, event: ProtocolEvent) -> Result<()> {
        let event = event.checked()?;
        self.events.push(event);
        Ok(())
    }

    pub fn receipt(&mut self, receipt: Receipt) {
        self.receipts.push(receipt);
    }

    pub fn project_root(&self) -> String {
        self.project.root_text()
    }

    /// Writes what the command decided, unless it failed with an error (64 and up): an answer
    /// (0 to 4, a refusal included) keeps its heartbeats and events, an error changes nothing.
    /// Warnings met while reading go with the reply.
    pub fn commit<R: Reply>(mut self, result: Result<R>) -> Result<Warned<R>> {
        let reply = match result {
            Ok(reply) => reply,
            Err(error) => {
                if error.status.is_answer() {
                    self.write()?;
                }
                return Err(error);
            }
        };
        let warnings = std::mem::take(&mut self.warnings);
        self.write()?;
        Ok(Warned::new(reply, warnings))
    }

    fn write(self) -> Result<()> {
        for record in &self.archive {
            jsonl::append(&self.locked, ARCHIVE_FILE, record)?;
        }
        for event in &self.events {
            jsonl::append(&self.locked, EVENTS_FILE, event)?;
        }
        for receipt in &self.receipts {
            jsonl::append(&self.locked, RECEIPTS_FILE, receipt)?;
        }
        if self.state_changed {
            self.locked.replace(STATE_FILE, &self.state.to_text())?;
        }
        Ok(())
    }
}
