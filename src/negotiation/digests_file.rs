//! `.parley/digests.json`: the [`Ledger`] of the event log kept between commands, with the
//! length of the log it reflects, so that a command reads only the events logged since
//! instead of parsing the whole log (which grows with every hand-over).
//!
//! The log stays the truth; this file is derived from it and never trusted over it:
//! - It is written only by a command that has just appended digest records (a hand-over,
//!   `finish`, the rule commands), under the exclusive lock: the log first, then this file by
//!   atomic replacement. A crash between the two leaves the previous file, which is still a
//!   true account of the log up to the length it names; readers catch up from there.
//! - A reader uses it only when the log is at least as long as the length it names and the
//!   (up to) 256 bytes of the log before that point are those it recorded (their FNV-1a, the
//!   anchor); it then reads the log from that point only. Otherwise (no file, a file that does
//!   not parse or is of another version, a log shorter than it claims, replaced or rewritten
//!   before that point) the whole log is read, and the next writer rewrites the file.
//! - Not noticed: a hand edit of the log's older lines that keeps the log's bytes before the
//!   anchor the same length and leaves the anchor's bytes as they were. Nobody edits the log
//!   by hand; the anchor catches a truncated, replaced or regrown log.
//!
//! The file also keeps, for each positions file found as last recorded, the identity it had
//! then ([`FileIdentity`]: device, inode, size, modification and change times) with a
//! fingerprint of the record it matched. A command that finds a file with that same identity
//! and the same record need not read it again: it cannot have been written since (see
//! `docs/protocol.md#what-the-check-does-not-read-again` for what this does not detect).
//! A hand-over asks that of every file before making the records its own
//! ([`load_unless_as_kept`]): when all are as kept, it has nothing to record or save.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::error::Result;
use crate::store::jsonl::JsonLines;
use crate::store::{FileIdentity, Locked, Store};

use super::digest::{self, Ledger, LedgerView};
use super::log::{self, Event};

pub const FILE: &str = ".parley/digests.json";

/// Changes whenever the ledger's shape does in a way older readers would misread; a file of
/// another version is ignored. (Fields added with a default, such as `notes`, keep it.)
const VERSION: u32 = 1;

/// How many bytes of the log before the recorded length the anchor covers.
const ANCHOR_BYTES: u64 = 256;

#[derive(Serialize, Deserialize)]
struct DigestsFile<L> {
    version: u32,
    /// The length of the log the ledger reflects (it ends there with a whole line).
    log_bytes: u64,
    /// FNV-1a of the (up to) 256 bytes of the log before `log_bytes`.
    log_anchor: String,
    ledger: L,
    /// Positions file → the identity it had when it was last found as recorded. Absent from
    /// files written before it existed (and ignored by them: unknown fields are skipped).
    #[serde(default, deserialize_with = "digest::sorted_map")]
    identities: BTreeMap<String, Checked>,
}

/// A positions file's identity when it was found to match its last record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Checked {
    pub identity: FileIdentity,
    /// [`FileDigest::fingerprint`](super::digest::FileDigest::fingerprint) of the record it
    /// matched: a record changed since (by a command that kept no identity) voids it.
    pub record: String,
}

/// The ledger of the whole log, and where the log ended when it was read.
#[derive(Debug)]
pub struct Loaded {
    pub ledger: Ledger,
    /// The length of the log the ledger reflects, when the log ended there with a whole line
    /// (a torn last line left by a crash is no point to resume from).
    log_end: Option<u64>,
    /// Whether the ledger came from the digests file (rather than from the whole log).
    from_file: bool,
    /// The identities the digests file keeps (none when the ledger came from the log).
    pub identities: BTreeMap<String, Checked>,
    /// Whether `identities` differs from what the file holds, so it is worth saving.
    identities_changed: bool,
}

impl Loaded {
    /// Whether `file` is, by its identity `now`, still the text that matched its last record
    /// when that identity was kept: then it need not be read.
    pub fn unchanged(&self, file: &str, now: Option<&FileIdentity>) -> bool {
        let (Some(now), Some(checked), Some(recorded)) = (
            now,
            self.identities.get(file),
            self.ledger.baselines.get(file),
        ) else {
            return false;
        };
        checked.identity == *now && checked.record == recorded.digest.fingerprint()
    }

    /// Replaces the identities kept (with those found by a command that looked at every file).
    pub fn keep_identities(&mut self, identities: BTreeMap<String, Checked>) {
        if identities != self.identities {
            self.identities = identities;
            self.identities_changed = true;
        }
    }
}

/// The ledger of the whole log: from the digests file and the log after it when the file can
/// be trusted, from the whole log otherwise.
pub fn load(store: &Store) -> Result<Loaded> {
    if let Some(loaded) = catch_up(store)? {
        return Ok(loaded);
    }
    let read = log::read_from(store, 0)?;
    let mut ledger = Ledger::default();
    for event in &read.records {
        ledger.apply(event);
    }
    Ok(Loaded {
        ledger,
        log_end: read.whole.then_some(read.end),
        from_file: false,
        identities: BTreeMap::new(),
        identities_changed: false,
    })
}

/// For a hand-over ([`digest::record`]): `None` when the digests file, with the log's newer
/// events, shows every positions file (those it records, and `listed`) as found recorded
/// with the identity it has now: nothing to compare, record or save. Otherwise what [`load`]
/// gives. The records are read in place, and owned only when they are needed.
pub fn load_unless_as_kept(store: &Store, listed: &[String]) -> Result<Option<Loaded>> {
    let Some(bytes) = read_file(store)? else {
        return load(store).map(Some);
    };
    let Some(saved) = parse::<LedgerView>(&bytes) else {
        return load(store).map(Some);
    };
    let Some(read) = read_since(store, &saved)? else {
        return load(store).map(Some);
    };
    // Only a `digest` event changes a record; any other leaves them as the file has them.
    let recorded_since = read.records.iter().any(|e| e.event == digest::DIGEST_EVENT);
    if !recorded_since && all_as_kept(store, &saved, listed)? {
        return Ok(None);
    }
    Ok(Some(caught_up(saved, Ledger::from, read)))
}

/// Whether every file the digests file records, and every file of `listed`, has an identity
/// kept for its record that is its identity now, and no other identity is kept (what
/// [`digest::record`] would keep again).
fn all_as_kept(store: &Store, saved: &DigestsFile<LedgerView>, listed: &[String]) -> Result<bool> {
    let (kept, recorded) = (&saved.identities, &saved.ledger.baselines);
    if kept.len() != recorded.len() || !listed.iter().all(|f| recorded.contains_key(f.as_str())) {
        return Ok(false);
    }
    for (file, record) in recorded {
        let Some(checked) = kept.get(file.as_ref()) else {
            return Ok(false);
        };
        if store.identity(file)?.as_ref() != Some(&checked.identity)
            || checked.record != record.fingerprint()
        {
            return Ok(false);
        }
    }
    Ok(true)
}

/// The digests file's bytes (`None`: there is none).
fn read_file(store: &Store) -> Result<Option<Vec<u8>>> {
    Ok(store.read_from(FILE, 0)?.map(|(_, bytes)| bytes))
}

/// The digests file of this version, with its ledger as an `L`; `None` when it is not one.
fn parse<'a, L: Deserialize<'a>>(bytes: &'a [u8]) -> Option<DigestsFile<L>> {
    // Read as bytes: a file that is not even UTF-8 is just another unusable one. Checked as
    // UTF-8 once, whole: parsed from bytes, each of its thousands of short strings was
    // checked apart, at several times the cost.
    let text = std::str::from_utf8(bytes).ok()?;
    let saved = serde_json::from_str::<DigestsFile<L>>(text).ok()?;
    (saved.version == VERSION).then_some(saved)
}

/// The log's events since the length the digests file names, when the log agrees with it
/// up to there (its anchor); `None` otherwise.
fn read_since<L>(store: &Store, saved: &DigestsFile<L>) -> Result<Option<JsonLines<Event>>> {
    let anchor_start = saved.log_bytes.saturating_sub(ANCHOR_BYTES);
    let Some((_, bytes)) = store.read_from(log::FILE, anchor_start)? else {
        return Ok(None);
    };
    let Some((anchor, tail)) = bytes.split_at_checked((saved.log_bytes - anchor_start) as usize)
    else {
        return Ok(None);
    };
    if digest::fnv_bytes(anchor) != saved.log_anchor {
        return Ok(None);
    }
    // Only the events logged since the file was written are parsed, with the log's one
    // reading policy (a torn last line skipped, anything else unreadable an error).
    log::parse_from(store, saved.log_bytes, tail).map(Some)
}

/// The ledger of the digests file (made a [`Ledger`] by `own`) with the events read since.
fn caught_up<L>(
    saved: DigestsFile<L>,
    own: impl FnOnce(L) -> Ledger,
    read: JsonLines<Event>,
) -> Loaded {
    let mut ledger = own(saved.ledger);
    for event in &read.records {
        ledger.apply(event);
    }
    Loaded {
        ledger,
        log_end: read.whole.then_some(read.end),
        from_file: true,
        identities: saved.identities,
        identities_changed: false,
    }
}

/// The ledger of the digests file brought up to date with the log's newer events; `None`
/// when there is no usable file.
fn catch_up(store: &Store) -> Result<Option<Loaded>> {
    let Some(bytes) = read_file(store)? else {
        return Ok(None);
    };
    let Some(saved) = parse::<Ledger>(&bytes) else {
        return Ok(None);
    };
    let Some(read) = read_since(store, &saved)? else {
        return Ok(None);
    };
    Ok(Some(caught_up(saved, |ledger| ledger, read)))
}

/// Appends `events` to the log (in one write), then keeps the ledger with them in the
/// digests file. `loaded` is the ledger the events were decided from, read under the same
/// lock. The file is left as it was when the log did not end where `loaded` says (a torn
/// last line, or a line added by hand meanwhile): it stays a true account of an earlier
/// length, and a later writer rewrites it.
pub fn append(locked: &Locked, loaded: Loaded, events: &[Event]) -> Result<()> {
    let Loaded {
        mut ledger,
        log_end,
        from_file,
        identities,
        identities_changed,
    } = loaded;
    let end = if events.is_empty() {
        if from_file && !identities_changed {
            // Nothing recorded or newly known, and the file is usable: leave it.
            return Ok(());
        }
        log_end
    } else {
        let written = log::append_at(locked, events)?;
        (log_end == Some(written.start)).then_some(written.end)
    };
    let Some(end) = end else {
        return Ok(());
    };
    for event in events {
        ledger.apply(event);
    }
    save(locked, &ledger, &identities, end)
}

/// Replaces the digests file with `ledger`, which reflects the first `log_bytes` of the log,
/// and the identities of the files found as recorded.
fn save(
    locked: &Locked,
    ledger: &Ledger,
    identities: &BTreeMap<String, Checked>,
    log_bytes: u64,
) -> Result<()> {
    let anchor_start = log_bytes.saturating_sub(ANCHOR_BYTES);
    let Some((_, bytes)) = locked.store().read_from(log::FILE, anchor_start)? else {
        return Ok(());
    };
    let Some(anchor) = bytes.get(..(log_bytes - anchor_start) as usize) else {
        return Ok(());
    };
    let file = DigestsFile {
        version: VERSION,
        log_bytes,
        log_anchor: digest::fnv_bytes(anchor),
        ledger,
        identities: identities.clone(),
    };
    locked.replace(
        FILE,
        &serde_json::to_string(&file).expect("a ledger always serializes"),
    )
}
