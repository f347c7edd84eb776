//! Reading a session file into its parts (header, title, Protocol Rules, entries), reporting
//! every problem of form on the way: sections 3 and 4 and the rules of section 6 that a single
//! entry can break. The rules about the order of entries live in `timeline.rs`.
//!
//! One file per phase, in the order a file is read: [`header`] (the three comment lines),
//! [`sections`] (title and sections), [`rules`] (the Protocol Rules block), [`dialogue`] (the
//! walk through the entries), which reads each entry's opening lines with [`entry_head`] and
//! its structured fields with [`fields`].

mod dialogue;
mod entry_head;
mod fields;
mod header;
mod rules;
mod sections;

use chrono::{DateTime, Utc};

use super::finding::Findings;
use super::markdown;
use super::model::{Entry, Rules};

/// A session file as read, with the findings of form.
#[derive(Debug, Default)]
pub struct Parsed {
    pub created: Option<DateTime<Utc>>,
    pub title: Option<String>,
    pub rules: Option<Rules>,
    pub entries: Vec<Entry>,
    /// The last entry has no yield marker (someone is writing, or a writer died).
    pub in_progress: bool,
    /// Number of lines, for findings about something missing at the end.
    pub line_count: usize,
    pub findings: Findings,
}

pub fn parse(text: &str) -> Parsed {
    let mut lines: Vec<&str> = text
        .split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .collect();
    if text.ends_with('\n') || text.is_empty() {
        lines.pop();
    }
    let fences = markdown::fences(&lines);
    let mut parsed = Parsed {
        line_count: lines.len(),
        ..Parsed::default()
    };
    let body_start = header::parse_header(&lines, &mut parsed);
    let dialogue = sections::parse_sections(&lines, &fences, body_start, &mut parsed);
    if let Some(start) = dialogue {
        dialogue::parse_dialogue(&lines, &fences, start, &mut parsed);
    }
    parsed
}

/// The 1-based column of `part`, a slice of `line` (1 when it is empty or not a slice of it).
pub(super) fn column_of(line: &str, part: &str) -> usize {
    let offset = (part.as_ptr() as usize).wrapping_sub(line.as_ptr() as usize);
    if part.is_empty() || offset > line.len() {
        1
    } else {
        offset + 1
    }
}
