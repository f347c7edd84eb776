//! `.parley/log-events.json`: the log's events that `status` reads when no issue is OPEN
//! ([`read_by_status`]), up to a length of the log, kept so that `status` then parses only the
//! log's newer lines. Those events are few (a person's settlements, the agreements made by
//! `agree`, the duplicates' proposals, the sign-offs); the turns, new issues, entries and
//! digest records that make most of a log are checked as they are logged and never kept, so
//! what `status` parses of the log does not grow with the number of turns.
//!
//! Derived and checked before every use, like the cache of reports:
//! - It names a length of the log, at the end of a whole line, and the XXH3 of the log's
//!   bytes up to there. It is used only when the log is at least that long and its bytes up
//!   to there hash the same: the log read is then exactly the one its events were parsed from
//!   (and checked, line by line, with the log's one reading policy), so nothing in that part
//!   can be malformed or different. Any other log (edited anywhere before that length,
//!   truncated, replaced) is read whole, as without it.
//! - No file, one that does not parse or is of another version, is the same as none: the
//!   log is read whole. Neither is an error nor a warning.
//! - It is written after such a reading when the log has grown past the length it names and
//!   the lines parsed again are worth a write (see [`REWRITE_AFTER`]), by
//!   [`Locked::replace_cache`] under the shared lock `status` holds (see `issue_cache.rs` for
//!   two readers writing at once); failing to write it changes no answer.
//!
//! The log stays whole on every other path: a command that needs the records or the other
//! events (an OPEN issue, `watch`, `report`, `finish`) reads the whole log.

use serde::{Deserialize, Serialize};

use xxhash_rust::xxh3::Xxh3;

use crate::error::Result;
use crate::store::{Locked, Store};

use crate::negotiation::model::log;
use crate::negotiation::model::log::{Event, EventKind};

pub const FILE: &str = ".parley/log-events.json";

/// Changes whenever what the file holds changes meaning; a file of another version is ignored.
/// Version 2 kept every event but the `digest` records; version 4 added those the sign-off
/// rule reads.
const VERSION: u32 = 4;

/// How many bytes of newer lines (other than `digest` records) are parsed at each reading
/// before the file is written again.
const REWRITE_AFTER: usize = 16 * 1024;

#[derive(Serialize, Deserialize)]
struct LogCacheFile {
    version: u32,
    /// The length of the log the events cover (it ends there with a whole line).
    log_bytes: u64,
    /// XXH3 (64 bits, no seed) of the log's first `log_bytes` bytes, in hexadecimal. A
    /// change of the hash function comes with a new version.
    log_hash: String,
    /// The events of those bytes that `status` reads, in the log's order.
    events: Vec<Event>,
}

/// Whether `status` reads `event` when no issue is OPEN: a person's settlement (for the
/// reports, `resolve::mark_resolutions`), an agreement made by `agree` (`agree::agreed_by`), a
/// duplicate's proposal, and what the sign-off rule reads (the sign-offs, the skips and the
/// changes that void a sign-off, `Event::read_by_sign_off`). A use of another event there must be
/// added here.
pub fn read_by_status(event: &Event) -> bool {
    event.kind == EventKind::Resolve
        || event.is_agreement()
        || event.is_duplicate_proposal()
        || event.read_by_sign_off()
}

/// The log's events that `status` reads ([`read_by_status`]), and its warnings (a torn last
/// line), as [`log::read`] gives them with the others left out; and the file to write for the
/// next reading, when it would differ from the one found.
pub struct StatusEvents {
    pub events: Vec<Event>,
    pub warnings: Vec<String>,
    next: Option<String>,
}

impl StatusEvents {
    /// Reads them, parsing only the log's bytes after the part the kept file vouches for;
    /// that part is only hashed, a piece at a time, never held whole.
    pub fn read(store: &Store) -> Result<StatusEvents> {
        let no_log = || StatusEvents {
            events: Vec::new(),
            warnings: Vec::new(),
            next: None,
        };
        let Some(mut log) = store.open(log::FILE)? else {
            return Ok(no_log());
        };
        let kept = store
            .read(FILE)
            .ok()
            .flatten()
            .and_then(|text| serde_json::from_str::<LogCacheFile>(&text).ok())
            .filter(|kept| kept.version == VERSION && kept.log_bytes <= log.length());
        let mut hasher = Xxh3::new();
        let (from, mut events, found) = match kept {
            Some(kept)
                if log.pass(kept.log_bytes, |part| hasher.update(part))? == kept.log_bytes
                    && hex(&hasher) == kept.log_hash =>
            {
                (kept.log_bytes, kept.events, true)
            }
            Some(_) => {
                // Not the log the file was made from: read whole, from a fresh start.
                let Some(reopened) = store.open(log::FILE)? else {
                    return Ok(no_log());
                };
                log = reopened;
                hasher.reset();
                (0, Vec::new(), false)
            }
            None => (0, Vec::new(), false),
        };
        let mut newer = Vec::new();
        log.read_to_end(&mut newer)?;
        let read = log::parse_from(store, from, &newer)?;
        let had_records = read.records.iter().any(|e| e.kind == EventKind::Digest);
        events.extend(read.records.into_iter().filter(read_by_status));
        // LogCacheFile again only up to the end of a whole line, and only when what the next reading
        // would parse again is worth a write: a few small events after the part kept (a
        // hand-over's `turn`, a new issue) parse faster than the file is rewritten, so the file
        // is written when none was usable, when `digest` records came since, or when the
        // newer lines reach `REWRITE_AFTER` bytes.
        let worth = !found || had_records || newer.len() >= REWRITE_AFTER;
        let next = (read.whole && !newer.is_empty() && worth).then(|| {
            hasher.update(&newer[..(read.end - from) as usize]);
            let kept = LogCacheFile {
                version: VERSION,
                log_bytes: read.end,
                log_hash: hex(&hasher),
                events: events.clone(),
            };
            serde_json::to_string(&kept).expect("events always serialize")
        });
        Ok(StatusEvents {
            events,
            warnings: read.warnings,
            next,
        })
    }

    /// Writes the file for the next reading, if it changed; a failure is ignored.
    pub fn save(&mut self, locked: &Locked) {
        if let Some(text) = self.next.take() {
            let _ = locked.replace_cache(FILE, &text);
        }
    }
}

/// The XXH3 (64 bits) of what `hasher` was given, as the file writes it.
fn hex(hasher: &Xxh3) -> String {
    format!("{:016x}", hasher.digest())
}
