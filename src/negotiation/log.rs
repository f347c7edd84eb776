//! The event log, `DIR/.parley/log.jsonl`: one JSON line per state change, appended under the
//! lock. A torn last line (a crash mid-append) is skipped with a warning when read.

use std::ops::Range;

use serde::{Deserialize, Serialize};

use crate::error::Result;
use crate::store::{Locked, PARLEY_DIR, Store};

pub const FILE: &str = ".parley/log.jsonl";

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct Event {
    /// `YYYY-MM-DDTHH:MM:SSZ`.
    pub at: String,
    /// The agent who caused the change, when there is one.
    pub agent: Option<String>,
    /// The applet that made the change.
    pub command: String,
    /// What changed: `init`, `register`, `turn`, `phase`, `draft`, `issue`, `analysis-done`,
    /// `forfeit`, `skip`, `merge`, `deadline`, `finish`; `entry`, `status`, `resolve`,
    /// `audit-template`, `digest`, `edit`, `accept-edits` (the rules, see `digest.rs`).
    pub event: String,
    pub before: Option<String>,
    pub after: Option<String>,
    /// Structured detail of events that need more than a before and an after (`digest`,
    /// `edit`, `resolve`); absent from every other event.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub detail: Option<serde_json::Value>,
}

impl Event {
    pub fn new(at: String, agent: Option<&str>, command: &str, event: &str) -> Event {
        Event {
            at,
            agent: agent.map(str::to_owned),
            command: command.to_owned(),
            event: event.to_owned(),
            before: None,
            after: None,
            detail: None,
        }
    }

    pub fn with_detail(mut self, detail: serde_json::Value) -> Event {
        self.detail = Some(detail);
        self
    }

    pub fn change(mut self, before: Option<String>, after: Option<String>) -> Event {
        self.before = before;
        self.after = after;
        self
    }

    pub fn append(&self, locked: &Locked) -> Result<()> {
        append_all(locked, std::slice::from_ref(self))
    }
}

/// Appends several events in one write (one sync), e.g. the digests of a hand-over.
pub fn append_all(locked: &Locked, events: &[Event]) -> Result<()> {
    append_at(locked, events).map(drop)
}

/// [`append_all`], telling where in the log the events were written (an empty range at 0
/// when there were none).
pub fn append_at(locked: &Locked, events: &[Event]) -> Result<Range<u64>> {
    if events.is_empty() {
        return Ok(0..0);
    }
    locked.ensure_dir(PARLEY_DIR)?;
    let lines: Vec<String> = events
        .iter()
        .map(|event| serde_json::to_string(event).expect("an event always serializes"))
        .collect();
    let written: usize = lines.iter().map(|line| line.len() + 1).sum();
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    let end = locked.append_lines(FILE, &lines)?;
    Ok(end - written as u64..end)
}

/// The events of a stretch of the log that starts at the beginning of a line, leaving out
/// the lines that do not parse (which [`read`] reports).
pub fn events_in(text: &str) -> impl Iterator<Item = Event> + '_ {
    text.lines()
        .filter(|line| !line.trim().is_empty())
        .filter_map(|line| serde_json::from_str(line).ok())
}

/// Reads the whole log. Lines that do not parse are reported as warnings, with their number.
pub fn read(store: &Store) -> Result<(Vec<Event>, Vec<String>)> {
    let Some(text) = store.read(FILE)? else {
        return Ok((Vec::new(), Vec::new()));
    };
    let mut events = Vec::new();
    let mut warnings = Vec::new();
    for (index, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        match serde_json::from_str(line) {
            Ok(event) => events.push(event),
            Err(e) => warnings.push(format!(
                "{}:{}: skipped an unreadable entry ({e})",
                store.path(FILE).display(),
                index + 1
            )),
        }
    }
    Ok((events, warnings))
}
