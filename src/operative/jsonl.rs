//! The append-only JSONL files of the operative folder (archived reservations, protocol
//! events, receipts): one JSON record per line, appended under the project lock.
//!
//! A crash in the middle of an append can leave a torn last line (no newline at the end).
//! Readers skip a torn last line that does not parse, with a warning; the next append first
//! rewrites the file without it (one atomic replace), so the torn fragment never ends up in
//! the middle of the file. Any other line that does not parse or validate is an error naming
//! the file and the line: parley never guesses at broken history.

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::error::{Error, Result};
use crate::store::{Locked, Store};

/// The records of one file, in order, and warnings about a torn last line.
#[derive(Debug)]
pub struct Lines<T> {
    pub records: Vec<T>,
    pub warnings: Vec<String>,
}

/// Reads `rel` (a missing file is empty). `check` validates each parsed record beyond its
/// shape; its message becomes part of the error.
pub fn read<T: DeserializeOwned>(
    store: &Store,
    rel: &str,
    check: impl Fn(&T) -> std::result::Result<(), String>,
) -> Result<Lines<T>> {
    let mut lines = Lines {
        records: Vec::new(),
        warnings: Vec::new(),
    };
    let Some(text) = store.read(rel)? else {
        return Ok(lines);
    };
    let torn_tail = !text.is_empty() && !text.ends_with('\n');
    let count = text.lines().count();
    for (index, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let parsed = serde_json::from_str::<T>(line)
            .map_err(|e| e.to_string())
            .and_then(|record| check(&record).map(|()| record));
        match parsed {
            Ok(record) => lines.records.push(record),
            Err(_) if torn_tail && index + 1 == count => lines.warnings.push(format!(
                "{}:{}: skipped a torn last line (an interrupted write)",
                store.path(rel).display(),
                index + 1
            )),
            Err(why) => return Err(Error::malformed(&store.path(rel), Some(index + 1), why)),
        }
    }
    Ok(lines)
}

/// Appends one record to `rel`, first repairing a torn last line if a crash left one.
pub fn append<T: Serialize>(locked: &Locked, rel: &str, record: &T) -> Result<()> {
    let store = locked.store();
    if let Some(text) = store.read(rel)?
        && !text.is_empty()
        && !text.ends_with('\n')
    {
        let (complete, tail) = match text.rfind('\n') {
            Some(end) => text.split_at(end + 1),
            None => ("", text.as_str()),
        };
        // A whole record that only lost its newline is kept; a fragment is dropped.
        let keep = if serde_json::from_str::<serde_json::Value>(tail).is_ok() {
            format!("{text}\n")
        } else {
            complete.to_owned()
        };
        locked.replace(rel, &keep)?;
    }
    let line = serde_json::to_string(record).expect("a record always serializes");
    locked.append_line(rel, &line)
}
