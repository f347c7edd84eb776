//! `note DIR AGENT --body TEXT`: a word to the other agents outside the positions. Any
//! registered agent may write one at any time before the negotiation is finished, holding
//! the turn or not. Notes go to `notes.md`, one section each,
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
use crate::names::{self, Name};
use crate::output::{Human, Reply};
use crate::store::Store;

use super::Desk;
use super::digest::{self, Edit, NotesRecord};
use super::log::{Event, EventKind};
use super::rules::Text;
use super::{Actor, State, open};

pub const FILE: &str = "notes.md";
const HEADER: &str = "# Notes";

#[derive(Debug, Clone)]
pub struct NoteArgs {
    pub dir: PathBuf,
    pub agent: Name,
    pub body: Text,
}

/// One note of `notes.md`.
#[derive(Debug, Clone, Serialize)]
pub struct Note {
    pub number: u64,
    pub agent: Name,
    pub at: String,
    pub text: String,
}

impl Note {
    /// One line: who, which, when, and the start of the text.
    pub fn summary(&self) -> String {
        let first = self
            .text
            .lines()
            .find(|l| !l.trim().is_empty())
            .unwrap_or("");
        let mut shown: String = first.chars().take(160).collect();
        if shown.len() < first.len() || self.text.trim().lines().count() > 1 {
            shown.push_str(" …");
        }
        format!(
            "{}'s note {} ({}): {shown}",
            self.agent, self.number, self.at
        )
    }
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
    let actor = Actor {
        command: "note",
        agent: Some(&args.agent),
    };
    let Desk { locked, state } = Desk::open(&store, actor)?;
    state.ensure_not_finished(&store)?;
    state.ensure_registered(&args.agent)?;
    locked.preflight(&[FILE])?;
    let existing = store.read(FILE)?;
    let number = existing
        .as_deref()
        .map(parse)
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
            lines.push(HEADER.to_owned());
            lines.push(String::new());
        }
        // A file that does not end a line gets one first, so the heading starts a line.
        Some(text) if !text.ends_with('\n') => lines.push(String::new()),
        Some(_) => {}
    }
    lines.push(format!("## {}", heading(&args.agent, number, &at)));
    lines.extend(args.body.as_str().lines().map(str::to_owned));
    lines.push(String::new());
    let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
    locked.append_lines(FILE, &refs)?;
    let after = store.read(FILE)?.unwrap_or_default();
    actor
        .event(ctx, EventKind::Note)
        .change(None, Some(format!("{FILE}: note {number}")))
        .with_detail(json!({
            "number": number,
            "bytes": after.len(),
            "digest": digest::fnv_bytes(after.as_bytes()),
        }))
        .append(&locked)?;
    Ok(Noted {
        file: FILE,
        number,
        agent: args.agent.clone(),
        at,
    })
}

fn heading(agent: &Name, number: u64, at: &str) -> String {
    format!("{agent}'s note {number} ({at})")
}

/// The notes of `notes.md`, in file order.
pub fn read(store: &Store) -> Result<Vec<Note>> {
    Ok(store.read(FILE)?.as_deref().map(parse).unwrap_or_default())
}

/// Cuts `notes.md` at its note headings; other lines belong to the note above them.
fn parse(text: &str) -> Vec<Note> {
    let mut notes: Vec<Note> = Vec::new();
    for line in text.lines() {
        if let Some(note) = parse_heading(line.trim_end()) {
            notes.push(note);
        } else if let Some(note) = notes.last_mut() {
            note.text.push_str(line);
            note.text.push('\n');
        }
    }
    for note in &mut notes {
        note.text = note.text.trim().to_owned();
    }
    notes
}

/// `## NAME's note N (TIME)`.
fn parse_heading(line: &str) -> Option<Note> {
    let rest = line.strip_prefix("## ")?;
    let (name, rest) = rest.split_once("'s note ")?;
    if !names::is_valid(name) {
        return None;
    }
    let (number, rest) = rest.split_once(" (")?;
    let at = rest.strip_suffix(')')?;
    if number.is_empty() || number.len() > 9 || !number.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(Note {
        number: number.parse().ok()?,
        agent: Name::parse_str("agent name", name).ok()?,
        at: at.to_owned(),
        text: String::new(),
    })
}

/// The number of the note a `note` event logged.
pub fn number_of(event: &Event) -> Option<u64> {
    event.detail_value()?.get("number")?.as_u64()
}

/// A rewrite of `notes.md` since its last note: the file no longer starts with the bytes the
/// last `note` recorded. Reported like an edit of recorded positions.
pub fn edit(store: &Store, state: &State, record: Option<&NotesRecord>) -> Result<Option<Edit>> {
    let Some(record) = record else {
        return Ok(None);
    };
    let text = store.read(FILE)?.unwrap_or_default();
    let kept = text
        .as_bytes()
        .get(..record.bytes as usize)
        .map(digest::fnv_bytes);
    if kept.as_deref() == Some(record.digest.as_str()) {
        return Ok(None);
    }
    Ok(Some(Edit {
        file: FILE.to_owned(),
        change: if text.is_empty() { "deleted" } else { "edited" }.to_owned(),
        entry: "the notes written before".to_owned(),
        owner: None,
        line: None,
        holder: state.turn.word().to_owned(),
        since: record.at.clone(),
    }))
}

/// The log events of notes, for views that list them.
pub fn events(events: &[Event]) -> impl Iterator<Item = &Event> {
    events.iter().filter(|e| e.kind == EventKind::Note)
}
