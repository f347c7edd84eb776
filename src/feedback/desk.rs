//! The desk of `ask`: the conversation directory under its lock, and the one place that
//! writes it.
//!
//! `ask` opens its desk only once the provider has answered: a provider runs for minutes, and
//! no other `ask` may be kept waiting for the lock that long. What it decides under the lock
//! needs only the number of the last stored iteration, read on demand ([`Desk::last_stored`]):
//! an attempt that failed is set aside without it.

use serde_json::Value;

use super::conversation::{
    FAILED_DIR, ITERATIONS_DIR, SESSION_FILE, file_name, numbers, pretty, stored,
};
use crate::error::Result;
use crate::store::{LockMode, Locked, Store};

/// What one exchange with the provider produced.
pub struct Exchange<'a> {
    pub iteration: u64,
    pub request: &'a Value,
    pub stream: &'a [u8],
}

/// The conversation directory while `ask` holds its lock: a desk owns the lock.
pub struct Desk<'s> {
    store: &'s Store,
    locked: Locked<'s>,
}

impl<'s> Desk<'s> {
    /// Takes the directory lock, shown to waiters as `label`.
    pub fn open(store: &'s Store, label: &str) -> Result<Desk<'s>> {
        let locked = store.lock(LockMode::Exclusive, label)?;
        Ok(Desk { store, locked })
    }

    /// The number of the last iteration stored (0 for none): another `ask` may have stored
    /// one while the provider ran.
    pub fn last_stored(&self) -> Result<u64> {
        Ok(numbers(self.store)?.last().copied().unwrap_or(0))
    }

    /// Stores a successful iteration and releases the lock; the response goes last, making
    /// it count.
    pub fn commit(self, exchange: &Exchange<'_>, response: &Value, session_id: &str) -> Result<()> {
        let locked = &self.locked;
        let request_file = stored(exchange.iteration, "request.json");
        let stream_file = stored(exchange.iteration, "stream.ndjson");
        let response_file = stored(exchange.iteration, "response.json");
        locked.ensure_dir(ITERATIONS_DIR)?;
        locked.preflight(&[&request_file, &stream_file, SESSION_FILE, &response_file])?;
        locked.replace(&request_file, &pretty(exchange.request))?;
        locked.replace_bytes(&stream_file, exchange.stream)?;
        locked.replace(SESSION_FILE, &format!("{session_id}\n"))?;
        locked.replace(&response_file, &pretty(response))
    }

    /// Sets an attempt that did not count aside under `failed/` (never part of the
    /// conversation: every file is created new); returns the paths written, relative to the
    /// directory.
    pub fn set_aside(&self, exchange: &Exchange<'_>, stderr: &[u8]) -> Result<Vec<String>> {
        let locked = &self.locked;
        locked.ensure_dir(FAILED_DIR)?;
        let mut attempt = 1;
        // The stream file claims the attempt number: created exclusively, never overwritten.
        let stem = loop {
            let stem = format!(
                "{FAILED_DIR}/{}",
                file_name(exchange.iteration, &format!("attempt-{attempt}"))
            );
            if locked.create_new_bytes(&format!("{stem}-stream.ndjson"), exchange.stream)? {
                break stem;
            }
            attempt += 1;
        };
        let kept = vec![
            format!("{stem}-stream.ndjson"),
            format!("{stem}-request.json"),
            format!("{stem}-stderr.txt"),
        ];
        locked.create_new(&kept[1], &pretty(exchange.request))?;
        locked.create_new_bytes(&kept[2], stderr)?;
        Ok(kept)
    }
}
