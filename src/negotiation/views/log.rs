//! `parley log DIR`: the event log, readable.

use std::path::Path;

use serde::Serialize;

use crate::context::Ctx;
use crate::error::Result;
use crate::negotiation::model::log::{self, Event};
use crate::negotiation::model::open;
use crate::output::{Human, Reply, Warned};

/// The event log: `data` of `parley log --json`.
#[derive(Debug, Serialize)]
pub struct Log {
    events: Vec<Event>,
}

impl Reply for Log {
    fn human(&self, out: &mut Human) {
        for event in &self.events {
            out.line(event_line(event));
        }
    }
}

/// The log, and a warning for each line that could not be read (a torn last line).
pub fn run(ctx: &Ctx, dir: &Path) -> Result<Warned<Log>> {
    let store = open(dir, ctx)?;
    let (events, skipped) = log::read(&store)?;
    Ok(Warned::new(Log { events }, skipped))
}

/// One event as one aligned line: time, agent, command, event, and what changed.
pub fn event_line(event: &Event) -> String {
    let who = event.agent.as_deref().unwrap_or("-");
    format!(
        "{}  {:<16} {:<16} {:<13} {}",
        event.at,
        who,
        event.command,
        event.kind,
        change(event, "->")
    )
    .trim_end()
    .to_owned()
}

/// What an event changed: `before ARROW after`, or the one side there is. When both sides
/// name the same subject (`positions/06-x.md: OPEN` and `positions/06-x.md: AGREED`, as a
/// status change records them), the subject is shown once: `positions/06-x.md: OPEN ARROW
/// AGREED`. The log keeps both sides as written.
pub fn change(event: &Event, arrow: &str) -> String {
    match (&event.before, &event.after) {
        (Some(before), Some(after)) => match (before.split_once(": "), after.split_once(": ")) {
            (Some((subject, from)), Some((same, to))) if subject == same => {
                format!("{subject}: {from} {arrow} {to}")
            }
            _ => format!("{before} {arrow} {after}"),
        },
        (None, Some(after)) => after.to_string(),
        (Some(before), None) => format!("{before} {arrow} (none)"),
        (None, None) => String::new(),
    }
}
