//! `parley log DIR`: the event log, readable.

use std::path::Path;

use serde_json::json;

use crate::context::Ctx;
use crate::error::Result;
use crate::negotiation::log::{self, Event};
use crate::negotiation::open;
use crate::output::Outcome;

pub fn run(ctx: &Ctx, dir: &Path) -> Result<Outcome> {
    let store = open(dir, ctx)?;
    let (events, warnings) = log::read(&store)?;
    let mut out = Outcome::ok(json!({"events": events}));
    for event in &events {
        out.push(event_line(event));
    }
    for warning in warnings {
        out.warn(warning);
    }
    Ok(out)
}

/// One event as one aligned line: time, agent, command, event, and what changed.
pub fn event_line(event: &Event) -> String {
    let who = event.agent.as_deref().unwrap_or("-");
    format!(
        "{}  {:<16} {:<16} {:<13} {}",
        event.at,
        who,
        event.command,
        event.event,
        change(event, "->")
    )
    .trim_end()
    .to_owned()
}

/// What an event changed: `before ARROW after`, or the one side there is.
pub fn change(event: &Event, arrow: &str) -> String {
    match (&event.before, &event.after) {
        (Some(before), Some(after)) => format!("{before} {arrow} {after}"),
        (None, Some(after)) => after.clone(),
        (Some(before), None) => format!("{before} {arrow} (none)"),
        (None, None) => String::new(),
    }
}
