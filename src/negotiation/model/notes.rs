//! `notes.md`: the agents' notes, one section each, `## NAME's note N (TIME)`, append-only.

use crate::error::Result;
use crate::names::{self, Name};
use crate::negotiation::model::log::{Event, EventKind};
use crate::store::Store;
use serde::Serialize;

pub const FILE: &str = "notes.md";

pub const HEADER: &str = "# Notes";

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

pub fn heading(agent: &Name, number: u64, at: &str) -> String {
    format!("{agent}'s note {number} ({at})")
}

/// The notes of `notes.md`, in file order.
pub fn read(store: &Store) -> Result<Vec<Note>> {
    Ok(store.read(FILE)?.as_deref().map(parse).unwrap_or_default())
}

/// Cuts `notes.md` at its note headings; other lines belong to the note above them.
pub fn parse(text: &str) -> Vec<Note> {
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

/// The log events of notes, for views that list them.
pub fn events(events: &[Event]) -> impl Iterator<Item = &Event> {
    events.iter().filter(|e| e.kind == EventKind::Note)
}
