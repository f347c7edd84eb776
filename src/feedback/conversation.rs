//! A conversation directory, as `ask` keeps it and `log` reads it:
//!
//! ```text
//! DIR/
//! ├── .parley/lock                    the directory lock
//! ├── session-id                      the tool's sessionID, one line
//! ├── iterations/
//! │   ├── 0001-request.json           what was sent (pretty JSON)
//! │   ├── 0001-stream.ndjson          what the provider wrote, byte for byte
//! │   ├── 0001-response.json          the Response Object extracted from it (pretty JSON)
//! │   └── 0002-...
//! └── failed/                         attempts that did not count, kept for inspection
//!     ├── 0002-attempt-1-request.json
//!     ├── 0002-attempt-1-stream.ndjson
//!     └── 0002-attempt-1-stderr.txt
//! ```
//!
//! An iteration exists when its response file exists: it is written last, after the request,
//! the stream and the session id, each replaced atomically, so a crash midway leaves files of
//! an iteration that does not count yet and the next attempt replaces them.

use std::path::Path;

use serde_json::Value;

use crate::error::{Error, Result};
use crate::store::{FileKind, Store};

pub const SESSION_FILE: &str = "session-id";
pub const ITERATIONS_DIR: &str = "iterations";
pub const FAILED_DIR: &str = "failed";

/// One stored iteration.
#[derive(Debug)]
pub struct Iteration {
    pub number: u64,
    pub request: Value,
    pub response: Value,
}

#[derive(Debug, Default)]
pub struct Conversation {
    pub iterations: Vec<Iteration>,
    pub session_id: Option<String>,
}

impl Conversation {
    pub fn last(&self) -> Option<&Iteration> {
        self.iterations.last()
    }

    pub fn next_number(&self) -> u64 {
        self.last().map_or(1, |it| it.number + 1)
    }
}

/// `0002-request.json`: `what` is `request.json`, `stream.ndjson` or `response.json`.
pub fn file_name(iteration: u64, what: &str) -> String {
    format!("{iteration:04}-{what}")
}

/// `iterations/0002-request.json`, relative to the directory.
pub fn stored(iteration: u64, what: &str) -> String {
    format!("{ITERATIONS_DIR}/{}", file_name(iteration, what))
}

/// The iterations whose response is stored, in order; a gap is a malformed directory.
pub fn numbers(store: &Store) -> Result<Vec<u64>> {
    let mut numbers: Vec<u64> = store
        .list(ITERATIONS_DIR)?
        .unwrap_or_default()
        .into_iter()
        .filter(|entry| entry.kind == FileKind::File)
        .filter_map(|entry| {
            let digits = entry.name.strip_suffix("-response.json")?;
            let number: u64 = digits.parse().ok()?;
            (file_name(number, "response.json") == entry.name).then_some(number)
        })
        .collect();
    numbers.sort_unstable();
    for (index, number) in numbers.iter().enumerate() {
        let expected = index as u64 + 1;
        if *number != expected {
            return Err(Error::malformed(
                &store.path(&stored(expected, "response.json")),
                None,
                "is missing while later iterations are stored",
            ));
        }
    }
    Ok(numbers)
}

/// Everything stored in the conversation at `store`.
pub fn load(store: &Store) -> Result<Conversation> {
    let mut conversation = Conversation::default();
    for number in numbers(store)? {
        conversation.iterations.push(Iteration {
            number,
            request: read_json(store, &stored(number, "request.json"))?,
            response: read_json(store, &stored(number, "response.json"))?,
        });
    }
    conversation.session_id = match store.read(SESSION_FILE)? {
        Some(text) if !text.trim().is_empty() => Some(text.trim().to_owned()),
        _ if conversation.iterations.is_empty() => None,
        _ => {
            return Err(Error::malformed(
                &store.path(SESSION_FILE),
                None,
                "is missing or empty while iterations are stored",
            ));
        }
    };
    Ok(conversation)
}

fn read_json(store: &Store, rel: &str) -> Result<Value> {
    let path = store.path(rel);
    let text = store
        .read(rel)?
        .ok_or_else(|| Error::malformed(&path, None, "is missing"))?;
    serde_json::from_str(&text).map_err(|e| Error::malformed(&path, Some(e.line()), e))
}

pub fn pretty(value: &Value) -> String {
    let mut text = serde_json::to_string_pretty(value).unwrap_or_default();
    text.push('\n');
    text
}

/// Whether `dir` is there to be read (a directory, not a link to one).
pub fn exists(dir: &Path) -> Result<bool> {
    match std::fs::symlink_metadata(dir) {
        Ok(meta) if meta.file_type().is_symlink() => Err(Error::symlink(dir)),
        Ok(meta) if meta.is_dir() => Ok(true),
        Ok(_) => Err(Error::malformed(dir, None, "is not a directory")),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(false),
        Err(e) => Err(Error::io("inspect", dir, e)),
    }
}
