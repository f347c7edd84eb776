//! `note DIR AGENT --body TEXT`: a word to the other agents outside the positions. Any
//! registered agent may write one at any time, holding the turn or not, after `finish` too
//! (a note changes no decision). Notes go to `notes.md`, one section each,
//! `## NAME's note N (YYYY-MM-DDTHH:MM:SSZ)`, numbered from 1 in the order written, and to the
//! log (a `note` event naming the number). The others see them in their changes (`parley
//! changes`, and `poll`/`wait` when the turn comes to them) and in `watch`'s last events.
//!
//! `notes.md` is append-only: each note is appended in one write under the lock, and its
//! event records the length and the digest of the whole file after it, so that a later
//! rewrite of what was there is found (`check`, `status` and `finish` report it like an edit
//! of recorded positions). A note is not a position: it never counts for the rules.

use std::path::PathBuf;

use serde::Serialize;
use serde_json::json;

use crate::context::Ctx;
use crate::error::Result;
use crate::names::Name;
use crate::output::{Human, Reply};

use crate::negotiation::commands::desk::Desk;
use crate::negotiation::model::fnv::fnv_bytes;
use crate::negotiation::model::log::EventKind;
use crate::negotiation::model::{Actor, notes, open};
use crate::negotiation::rules::text::Text;

#[derive(Debug, Clone)]
pub struct NoteArgs {
    pub dir: PathBuf,
    pub agent: Name,
    pub body: Text,
}

/// The note written: `data` of `note --json`.
#[derive(Debug, Serialize)]
pub struct Noted {
    file: &'static str,
    number: u64,
    agent: Name,
    /// When it was written, as its heading says.
    at: String,
}

impl Reply for Noted {
    fn human(&self, out: &mut Human) {
        out.line(format!(
            "Appended {}'s note {} to {}",
            self.agent, self.number, self.file
        ));
    }
}

pub fn run(ctx: &Ctx, args: &NoteArgs) -> Result<Noted> {
    let store = open(&args.dir, ctx)?;
    let actor = Actor::by("note", &args.agent);
    let Desk { locked, state } = Desk::open(&store, actor)?;
    // Notes change no decision: they are welcome after `finish` too.
    state.ensure_registered(&args.agent)?;
    locked.preflight(&[notes::FILE])?;
    let existing = store.read(notes::FILE)?;
    let number = existing
        .as_deref()
        .map(notes::parse)
        .unwrap_or_default()
        .iter()
        .map(|n| n.number)
        .max()
        .unwrap_or(0)
        + 1;
    let at = ctx.clock.stamp();
    let mut lines: Vec<String> = Vec::new();
    match existing.as_deref() {
        None | Some("") => {
            lines.push(notes::HEADER.to_owned());
            lines.push(String::new());
        }
        // A file that does not end a line gets one first, so the heading starts a line.
        Some(text) if !text.ends_with('\n') => lines.push(String::new()),
        Some(_) => {}
    }
    lines.push(format!("## {}", notes::heading(&args.agent, number, &at)));
    lines.extend(args.body.as_str().lines().map(str::to_owned));
    lines.push(String::new());
    let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
    locked.append_lines(notes::FILE, &refs)?;
    let after = store.read(notes::FILE)?.unwrap_or_default();
    actor
        .event(ctx, EventKind::Note)
        .change(None, Some(format!("{}: note {number}", notes::FILE)))
        .with_detail(json!({
            "number": number,
            "bytes": after.len(),
            "digest": fnv_bytes(after.as_bytes()),
        }))
        .append(&locked)?;
    Ok(Noted {
        file: notes::FILE,
        number,
        agent: args.agent.clone(),
        at,
    })
}
