//! `parley bounce next FILE AGENT [--wait [--timeout S]]`: 0 it is AGENT's turn, 1 not yet,
//! 2 the session has ended. `--wait` blocks on file events, like the negotiation's `wait`.

use std::path::{Path, PathBuf};
use std::time::Duration;

use serde_json::json;

use super::append::listed;
use super::session::Desk;
use crate::context::Ctx;
use crate::error::{Result, Status};
use crate::output::Outcome;
use crate::store::LockMode;
use crate::store::append_file::journal_path;
use crate::wait::{self, Check, WaitOptions};

/// Without file events (`--poll`, network filesystems), the file is re-read this often.
const DEFAULT_POLL: Duration = Duration::from_secs(1);

#[derive(Debug)]
pub struct NextArgs {
    pub file: PathBuf,
    pub agent: String,
    pub wait: Option<WaitOptions>,
}

pub fn run(ctx: &Ctx, args: &NextArgs) -> Result<Outcome> {
    let Some(options) = &args.wait else {
        return answer(ctx, &args.file, &args.agent);
    };
    let dir = match args.file.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = |p: &Path| {
        p.file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default()
    };
    let watched = [name(&args.file), name(&journal_path(&args.file))];
    let watched: Vec<&str> = watched.iter().map(String::as_str).collect();
    wait::until(ctx, &dir, &watched, options, DEFAULT_POLL, || {
        let outcome = answer(ctx, &args.file, &args.agent)?;
        Ok(if outcome.status == Status::NotNow {
            ctx.notices.progress(&outcome.lines.join("; "));
            Check::NotYet(None)
        } else {
            Check::Ready(outcome)
        })
    })
}

/// One look at the session.
fn answer(ctx: &Ctx, file: &Path, agent: &str) -> Result<Outcome> {
    let session = Desk::open(ctx, file, LockMode::Shared)?;
    let (rules, timeline) = session.state()?;
    listed(rules, agent)?;
    let data = |next: &[String]| {
        json!({
            "agent": agent,
            "round": timeline.round,
            "turn": timeline.next_turn(),
            "next": next,
            "ended": timeline.ended.is_some(),
            "end_reason": timeline.end_json(),
            "in_progress": session.parsed.in_progress,
        })
    };
    if let Some(reason) = timeline.ended {
        return Ok(Outcome::answer(Status::Finished, "FINISHED", data(&[]))
            .line(format!("the session has ended ({})", reason.as_str())));
    }
    if session.parsed.in_progress {
        return Ok(Outcome::answer(Status::NotNow, "WAITING", data(&[]))
            .line("not yet: the last entry has no yield marker yet"));
    }
    if session.first_error().is_some() {
        return Err(session.malformed());
    }
    let next = timeline.next(rules);
    if next.iter().any(|a| a == agent) {
        return Ok(Outcome::ok(data(&next)).line(format!(
            "your turn: round {}, turn {}",
            timeline.round,
            timeline.next_turn()
        )));
    }
    Ok(Outcome::answer(Status::NotNow, "WAITING", data(&next))
        .line(format!("not yet: waiting for {}", next.join(", "))))
}
