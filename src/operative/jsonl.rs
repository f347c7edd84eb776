//! The append-only JSONL files of the operative folder (archived reservations, protocol
//! events, receipts): one JSON record per line, appended under the project lock.
//!
//! The crash discipline is the store's (`store::jsonl`), shared with every other append-only
//! log: a torn last line is skipped with a warning when read and moved aside to `FILE.torn`
//! before the next append, so the fragment never ends up in the middle of the file; any
//! other line that does not parse or validate is an error naming the file and the line.

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::error::Result;
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
    Ok(match store.read_jsonl(rel, 0, check)? {
        Some(read) => Lines {
            records: read.records,
            warnings: read.warnings,
        },
        None => Lines {
            records: Vec::new(),
            warnings: Vec::new(),
        },
    })
}

/// Appends one record to `rel`, first repairing a torn last line if a crash left one.
pub fn append<T: Serialize>(locked: &Locked, rel: &str, record: &T) -> Result<()> {
    let line = serde_json::to_string(record).expect("a record always serializes");
    locked.append_jsonl(rel, &[line]).map(drop)
}
