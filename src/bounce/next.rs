//! `parley bounce next FILE AGENT [--wait [--timeout S]]`: 0 it is AGENT's turn, 1 not yet,
//! 2 the session has ended. `--wait` blocks on file events, like the negotiation's `wait`.

use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::Serialize;
use serde_json::Value;

use super::append::listed;
use super::desk::Desk;
use crate::context::Ctx;
use crate::error::{Result, Status};
use crate::output::{Human, Outcome, Reply};
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

/// Whose turn it is in a session, for one agent: `data` of `bounce next --json`.
#[derive(Debug, Serialize)]
pub struct NextReply {
    agent: String,
    round: u64,
    turn: u64,
    next: Vec<String>,
    ended: bool,
    end_reason: Value,
    in_progress: bool,
    #[serde(skip)]
    answer: Answer,
}

#[derive(Debug)]
enum Answer {
    YourTurn,
    Waiting,
    InProgress,
    Ended(&'static str),
}

impl Reply for NextReply {
    fn status(&self) -> Status {
        match self.answer {
            Answer::YourTurn => Status::Ok,
            Answer::Waiting | Answer::InProgress => Status::NotNow,
            Answer::Ended(_) => Status::Finished,
        }
    }

    fn code(&self) -> Option<&'static str> {
        match self.answer {
            Answer::YourTurn => None,
            Answer::Waiting | Answer::InProgress => Some("WAITING"),
            Answer::Ended(_) => Some("FINISHED"),
        }
    }

    fn human(&self, out: &mut Human) {
        out.line(match self.answer {
            Answer::YourTurn => format!("your turn: round {}, turn {}", self.round, self.turn),
            Answer::Waiting => format!("not yet: waiting for {}", self.next.join(", ")),
            Answer::InProgress => "not yet: the last entry has no yield marker yet".to_owned(),
            Answer::Ended(reason) => format!("the session has ended ({reason})"),
        });
    }
}

pub fn run(ctx: &Ctx, args: &NextArgs) -> Result<Outcome> {
    let Some(options) = &args.wait else {
        return answer(ctx, &args.file, &args.agent).map(Outcome::from);
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
        let reply = answer(ctx, &args.file, &args.agent)?;
        Ok(if reply.status() == Status::NotNow {
            let mut said = Human::default();
            reply.human(&mut said);
            ctx.notices.progress(&said.joined("; "));
            Check::NotYet(None)
        } else {
            Check::Ready(Outcome::from(reply))
        })
    })
}

/// One look at the session.
fn answer(ctx: &Ctx, file: &Path, agent: &str) -> Result<NextReply> {
    let desk = Desk::open(ctx, file, LockMode::Shared)?;
    let (rules, timeline) = desk.state()?;
    listed(rules, agent)?;
    let reply = |answer: Answer, next: Vec<String>| NextReply {
        agent: agent.to_owned(),
        round: timeline.round,
        turn: timeline.next_turn(),
        next,
        ended: timeline.ended.is_some(),
        end_reason: timeline.end_json(),
        in_progress: desk.parsed.in_progress,
        answer,
    };
    if let Some(reason) = timeline.ended {
        return Ok(reply(Answer::Ended(reason.as_str()), Vec::new()));
    }
    if desk.parsed.in_progress {
        return Ok(reply(Answer::InProgress, Vec::new()));
    }
    if desk.first_error().is_some() {
        return Err(desk.malformed());
    }
    let next = timeline.next(rules);
    if next.iter().any(|a| a == agent) {
        return Ok(reply(Answer::YourTurn, next));
    }
    Ok(reply(Answer::Waiting, next))
}
