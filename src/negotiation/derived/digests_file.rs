//! `.parley/digests.jsonl`: the [`Digests`] of the event log kept between commands, with the
//! length of the log it reflects, so that a command reads only the events logged since
//! instead of parsing the whole log (which grows with every hand-over).
//!
//! The log stays the truth; this file is derived from it and never trusted over it:
//! - It is written by a command that has just appended digest records (a hand-over,
//!   `finish`, the rule commands), under the exclusive lock: the log first, then this file by
//!   atomic replacement. A crash between the two leaves the previous file, which is still a
//!   true account of the log up to the length it names; readers catch up from there. A
//!   hand-over that records nothing also writes it again, the same way, once a long run of
//!   other events has been logged since ([`CATCH_UP_AFTER`]).
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
//! then ([`Version`]: device, inode, size, modification and change times) with a
//! fingerprint of the record it matched. A command that finds a file with that same identity
//! and the same record need not read it again: it cannot have been written since (see
//! `docs/protocol.md#what-the-check-does-not-read-again` for what this does not detect).
//! A hand-over asks that of every file before making the records its own
//! ([`load_unless_as_kept`]): when all are as kept, it has nothing to record or save.
//! `status` and `check` ask the same ([`load_unchanged`]): when all are as kept, there is no
//! edit to find in them.
//!
//! Two lines: the first holds everything but the records (the length and anchor, each
//! recorded file with its record's fingerprint, the identities kept, and the rest of the
//! ledger, [`DigestsHead`]); the second, the records. The commands that find every file as
//! kept, the common case, read and parse the first line alone: the records are most of the
//! file.

use std::collections::BTreeMap;

use compact_str::CompactString;
use rustc_hash::FxHashMap;
use serde::{Deserialize, Serialize};

use crate::error::Result;
use crate::store::jsonl::JsonLines;
use crate::store::{Locked, Presence, Reading, Store, Version, VersionLookup, VersionStamp};

use crate::negotiation::derived::digests;
use crate::negotiation::derived::digests::{Digests, DigestsHead, Recorded};
use crate::negotiation::model::fnv::fnv_bytes;
use crate::negotiation::model::issues;
use crate::negotiation::model::issues::{IssueFile, POSITIONS_DIR};
use crate::negotiation::model::log;
use crate::negotiation::model::log::{Event, EventKind};
use crate::negotiation::model::scan::Scan;

pub const FILE: &str = ".parley/digests.jsonl";

/// Where earlier versions kept the file (the same two lines under a name that said one
/// JSON document). Never read: a directory that has one reads the whole log once, as without
/// a file, and the first command that writes [`FILE`] without having found it removes this
/// one.
pub const OLD_FILE: &str = ".parley/digests.json";

/// Changes whenever the file's layout or the ledger's shape does in a way older readers would
/// misread; a file of another version is ignored (and rewritten by the next writer). Version
/// 2 put the records on a line of their own, after everything else; version 4 added the
/// ledger's set of files recorded OPEN (a file of version 3 lacks it, and would read as none). A field added since
/// (`positions_dir`) is read as absent from a file written before it, and ignored by a
/// reader older than it (which then writes the file without it).
const VERSION: u32 = 4;

/// How many bytes of the log before the recorded length the anchor covers.
const ANCHOR_BYTES: u64 = 256;

/// How many bytes of events logged since the length the file names make a hand-over that
/// records nothing write it again: every command parses those events again until then (a
/// hand-over that finds every file as kept logs only its `turn`, so they add up).
const CATCH_UP_AFTER: u64 = 16 * 1024;

/// How many files recorded during an ended turn make the first line worth writing again
/// (see [`Opened::catch_up`]): a few cost less to parse than the file costs to write.
const STALE_TURN_START: usize = 64;

/// The file's first line: everything but the records, which follow on the second line (a
/// JSON object, file → [`Recorded`]). A command that finds every positions file as kept reads
/// this line alone.
#[derive(Serialize, Deserialize)]
struct Head {
    version: u32,
    /// The length of the log the ledger reflects (it ends there with a whole line).
    log_bytes: u64,
    /// FNV-1a of the (up to) 256 bytes of the log before `log_bytes`.
    log_anchor: String,
    /// Each recorded file: which files are recorded, and the identity kept for each record.
    files: RecordedFiles,
    /// The stamp of `positions/`'s own identity, settled, when it was listed and every
    /// positions file listed was one of `files`: while the directory keeps that identity,
    /// no file was added to it, and a hand-over need not list it ([`Listing`]).
    #[serde(default)]
    positions_dir: Option<VersionStamp>,
    ledger: DigestsHead,
}

/// A recorded file in the first line, as a JSON array: the fingerprint of its record
/// ([`FileDigest::fingerprint`](digests::FileDigest::fingerprint)), then the stamp of the
/// file's identity when one was kept for that record ([`VersionStamp`]), else `null`. An
/// array, not an object: the first line is read at every hand-over, and it holds one per
/// positions file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct FileEntry(CompactString, Option<VersionStamp>);

/// The recorded files of the first line, by name: a vector in the order of the names (a
/// JSON object, one entry per name). Not a map: the line is read at every hand-over, which
/// goes through the files in order, and building a map of 500 entries (sorting a copy, then
/// allocating its nodes) cost about as much as scanning them, most of it in fresh memory.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct RecordedFiles(Vec<(CompactString, FileEntry)>);

impl RecordedFiles {
    /// The entries in any order; of a name given twice, the last entry is kept (as a map
    /// built from them would keep it).
    fn new(mut entries: Vec<(CompactString, FileEntry)>) -> RecordedFiles {
        if entries.is_sorted_by(|a, b| a.0 < b.0) {
            return RecordedFiles(entries);
        }
        // Stable: of equal names, the last one given ends up last.
        entries.sort_by(|a, b| a.0.cmp(&b.0));
        let mut kept: Vec<(CompactString, FileEntry)> = Vec::with_capacity(entries.len());
        for entry in entries {
            if kept.last().is_some_and(|(name, _)| *name == entry.0) {
                kept.pop();
            }
            kept.push(entry);
        }
        RecordedFiles(kept)
    }

    fn len(&self) -> usize {
        self.0.len()
    }

    fn iter(&self) -> impl Iterator<Item = (&CompactString, &FileEntry)> {
        self.0.iter().map(|(name, entry)| (name, entry))
    }

    fn keys(&self) -> impl Iterator<Item = &CompactString> {
        self.0.iter().map(|(name, _)| name)
    }

    fn contains_key(&self, file: &str) -> bool {
        (self.0)
            .binary_search_by(|(name, _)| name.as_str().cmp(file))
            .is_ok()
    }
}

impl FromIterator<(CompactString, FileEntry)> for RecordedFiles {
    fn from_iter<I: IntoIterator<Item = (CompactString, FileEntry)>>(entries: I) -> Self {
        RecordedFiles::new(entries.into_iter().collect())
    }
}

impl Serialize for RecordedFiles {
    fn serialize<S: serde::Serializer>(
        &self,
        serializer: S,
    ) -> std::result::Result<S::Ok, S::Error> {
        serializer.collect_map(self.iter())
    }
}

impl<'de> Deserialize<'de> for RecordedFiles {
    fn deserialize<D: serde::Deserializer<'de>>(
        deserializer: D,
    ) -> std::result::Result<Self, D::Error> {
        let map: BTreeMap<CompactString, FileEntry> = digests::sorted_map(deserializer)?;
        Ok(RecordedFiles(map.into_iter().collect()))
    }
}

impl Head {
    /// The first line, `None` when it is not one: scanned as [`save`] writes it
    /// ([`Head::as_written`]), or else read by the general parser.
    fn parse(line: &str) -> Option<Head> {
        Head::as_written(line).or_else(|| serde_json::from_str(line).ok())
    }

    /// The first line exactly as [`save`] writes it, its files read by a [`Scan`] (one per
    /// positions file, at every hand-over and `status`); the ledger's head, small, by the
    /// general parser. `None` at anything else, which the general parser then reads: both
    /// give the same for any line this one reads (a property test).
    fn as_written(line: &str) -> Option<Head> {
        let mut scan = Scan(line.strip_prefix(r#"{"version":"#)?);
        let version = u32::try_from(scan.number()?).ok()?;
        scan.expect(r#","log_bytes":"#)?;
        let log_bytes = scan.number()?;
        scan.expect(r#","log_anchor":"#)?;
        let log_anchor = scan.string()?.to_owned();
        scan.expect(r#","files":{"#)?;
        // Room for every entry, each at least as long as `"positions/x.md":["…",null],`
        // (42 bytes): grown, the vector would be copied into fresh memory several times.
        let mut files = Vec::with_capacity(line.len() / 42 + 1);
        if !scan.eat("}") {
            loop {
                let file = scan.string()?;
                scan.expect(":[")?;
                let record = scan.string()?;
                scan.expect(",")?;
                let kept = scan.or_null(Scan::stamp)?;
                scan.expect("]")?;
                files.push((file.into(), FileEntry(record.into(), kept)));
                if scan.eat("}") {
                    break;
                }
                scan.expect(",")?;
            }
        }
        scan.expect(r#","positions_dir":"#)?;
        let positions_dir = scan.or_null(Scan::stamp)?;
        scan.expect(r#","ledger":"#)?;
        let ledger = scan.parsed::<DigestsHead>()?;
        (scan.0 == "}").then(|| Head {
            version,
            log_bytes,
            log_anchor,
            // As the general parser builds it (`digests::sorted_map`): a file named twice
            // keeps its last entry.
            files: RecordedFiles::new(files),
            positions_dir,
            ledger,
        })
    }

    /// The identities kept, each with the record it was kept for.
    fn identities(&self) -> BTreeMap<String, Checked> {
        self.files
            .iter()
            .filter_map(|(file, FileEntry(record, kept))| {
                let identity = (*kept)?;
                let record = record.to_string();
                Some((file.to_string(), Checked { identity, record }))
            })
            .collect()
    }
}

/// A positions file's identity (its stamp) when it was found to match its last record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checked {
    pub identity: VersionStamp,
    /// [`FileDigest::fingerprint`](super::digests::FileDigest::fingerprint) of the record it
    /// matched: a record changed since (by a command that kept no identity) voids it.
    pub record: String,
}

/// The ledger of the whole log, and where the log ended when it was read.
#[derive(Debug)]
pub struct Loaded {
    pub ledger: Digests,
    /// The length of the log the ledger reflects, when the log ended there with a whole line
    /// (a torn last line left by a crash is no point to resume from).
    log_end: Option<u64>,
    /// Whether the ledger came from the digests file (rather than from the whole log).
    from_file: bool,
    /// The identities the digests file keeps (none when the ledger came from the log).
    pub identities: BTreeMap<String, Checked>,
    /// Whether `identities` differs from what the file holds, so it is worth saving.
    identities_changed: bool,
    /// A listing of `positions/` to keep, if every file it names is still recorded when the
    /// ledger is saved.
    listing: Option<Listing>,
    /// Whether `listing` is not the one the file holds.
    listing_changed: bool,
    /// Whether the file's first line names many files recorded during a turn that has
    /// ended since ([`Opened::names_an_ended_turn`]): worth writing again.
    ended_turn: bool,
}

/// A listing of `positions/` that a later hand-over may take as still true: the stamp of the
/// directory's identity, taken (and found settled) before it was listed, and positions files
/// that include every one it listed. It is kept ([`Head::positions_dir`]) only while all of
/// those files are recorded: a hand-over that finds the directory with that identity then
/// knows that the recorded files include every listed one, without listing it.
#[derive(Debug, Clone)]
struct Listing {
    dir: VersionStamp,
    files: Vec<String>,
}

impl Loaded {
    /// Whether `file` is, by its identity `now`, still the text that matched its last record
    /// when that identity was kept: then it need not be read.
    pub fn unchanged(&self, file: &str, now: Option<&Version>) -> bool {
        let Some(recorded) = self.ledger.baselines.get(file) else {
            return false;
        };
        kept_for(&self.identities, file, now, || {
            recorded.digest.fingerprint()
        })
    }

    /// Replaces the identities kept (with those found by a command that looked at every file).
    pub fn keep_identities(&mut self, identities: BTreeMap<String, Checked>) {
        if identities != self.identities {
            self.identities = identities;
            self.identities_changed = true;
        }
    }

    /// Keeps the listing of `positions/` just made (its files, `listed`) when the directory
    /// had settled before it was listed (`dir`, the stamp of its identity then), and none
    /// otherwise: the one kept before is of an identity the directory no longer has.
    fn keep_listing(&mut self, dir: Option<VersionStamp>, listed: &[IssueFile]) {
        let kept = self.listing.as_ref().map(|listing| listing.dir);
        self.listing_changed |= kept != dir;
        self.listing = dir.map(|dir| Listing {
            dir,
            files: (listed.iter())
                .map(|issue| issues::positions_file(&issue.file))
                .collect(),
        });
    }
}

/// Whether `identities` keeps for `file` the identity `now`, kept for the record whose
/// fingerprint `record` gives.
fn kept_for(
    identities: &BTreeMap<String, Checked>,
    file: &str,
    now: Option<&Version>,
    record: impl FnOnce() -> String,
) -> bool {
    match (now, identities.get(file)) {
        (Some(now), Some(checked)) => {
            checked.identity == VersionStamp::from(*now) && checked.record == record()
        }
        _ => false,
    }
}

/// The ledger of the whole log: from the digests file and the log after it when the file can
/// be trusted, from the whole log otherwise.
pub fn load(store: &Store) -> Result<Loaded> {
    loaded_from(store, Opened::read(store)?)
}

/// [`load`], the digests file being `opened` (by [`Opened::read`]): it is not read again.
fn loaded_from(store: &Store, opened: Option<Opened>) -> Result<Loaded> {
    if let Some(file) = opened
        && let Some(loaded) = file.loaded()?
    {
        return Ok(loaded);
    }
    let read = log::read_from(store, 0)?;
    let mut ledger = Digests::default();
    for event in &read.records {
        ledger.apply(event);
    }
    Ok(Loaded {
        ledger,
        log_end: read.whole.then_some(read.end),
        from_file: false,
        identities: BTreeMap::new(),
        identities_changed: false,
        listing: None,
        listing_changed: false,
        ended_turn: false,
    })
}

/// What [`load_unless_as_kept`] found.
pub enum AsKept {
    /// Every positions file is as kept: nothing to compare or record. The file, as read, is
    /// written again only to catch up with a long run of newer events, or to keep a listing
    /// of `positions/` ([`Opened::catch_up`]).
    All(Opened),
    /// Some file may have changed (or the digests file could not tell): the whole ledger,
    /// and the positions files listed in `positions/`.
    Not {
        loaded: Loaded,
        listed: Vec<IssueFile>,
    },
}

/// For a hand-over ([`record::check`]): [`AsKept::All`] when the digests file, with the
/// log's newer events, shows every positions file (those it records, and those listed in
/// `positions/`) as found recorded with the identity it has now; otherwise what [`load`]
/// gives, with the listing. Only the file's first line is parsed unless more is needed.
/// Reads only.
///
/// `positions/` is not listed when it has the identity the file keeps for it
/// ([`Head::positions_dir`]): no file was added to it since a listing whose every file is
/// recorded, so the recorded files, each looked up, are all there is to find as kept.
pub fn load_unless_as_kept(store: &Store) -> Result<AsKept> {
    let dir = store.version_lookup(POSITIONS_DIR);
    // Taken before the digests file is read or the directory listed, and judged settled
    // then: an entry made since moves it.
    let dir_now = (dir.as_ref())
        .and_then(VersionLookup::version)
        .map(|identity| (VersionStamp::from(identity), identity.has_settled()));
    let opened = Opened::read(store)?;
    // Whether some recorded file is known not to be as kept, found so by the lookups made
    // without a listing: they are not made again.
    let mut changed = false;
    if let (Some(file), Some(dir), Some((now, _))) = (&opened, &dir, dir_now)
        && file.head.positions_dir == Some(now)
    {
        if file.all_found_as_kept(dir)? {
            return Ok(AsKept::All(opened.expect("matched above")));
        }
        changed = true;
    }
    let listed = issues::unsorted_list(store, POSITIONS_DIR)?;
    let settled_dir = dir_now.and_then(|(now, settled)| settled.then_some(now));
    let Some(mut file) = opened else {
        let mut loaded = loaded_from(store, None)?;
        loaded.keep_listing(settled_dir, &listed);
        return Ok(AsKept::Not { loaded, listed });
    };
    // A record logged since leaves nothing to find as kept: no lookup tells more.
    if !changed && !file.recorded_since() {
        let names: Vec<&str> = listed.iter().map(|issue| issue.file.as_str()).collect();
        let listed_now = positions_now(store, dir.as_ref(), &names)?;
        let head = &file.head;
        // How many recorded files are listed: when all are, and as many as are listed, the
        // two are the same files, without looking each listed one up among the recorded.
        let mut recorded_listed = 0;
        let unchanged = file.all_unchanged(|file| {
            match issues::positions_name(file).and_then(|name| listed_now.get(name)) {
                Some(now) => {
                    recorded_listed += 1;
                    Ok(*now)
                }
                None => store.version(file),
            }
        })?;
        // What a hand-over would keep again: an identity for each recorded file, no other,
        // and every listed file recorded.
        let all_recorded = recorded_listed == head.files.len() && head.files.len() == names.len()
            || (names.iter()).all(|name| {
                head.files
                    .contains_key(issues::positions_file(name).as_str())
            });
        if unchanged && all_recorded {
            file.new_listing = settled_dir.filter(|&dir| head.positions_dir != Some(dir));
            return Ok(AsKept::All(file));
        }
    }
    let mut loaded = loaded_from(store, Some(file))?;
    loaded.keep_listing(settled_dir, &listed);
    Ok(AsKept::Not { loaded, listed })
}

/// The identity each of the `names` in `positions/` (`dir`, when it could be opened) has now
/// (`None`: not a regular file), by name: from 256 names on, looked up on two threads
/// ([`looked_up_while`](crate::negotiation::model::looked_up_while)).
fn positions_now<'n>(
    store: &Store,
    dir: Option<&VersionLookup>,
    names: &[&'n str],
) -> Result<FxHashMap<&'n str, Option<Version>>> {
    let Some(dir) = dir else {
        // A directory that cannot be looked in that way: each file asked of the store, which
        // says what is wrong.
        return (names.iter())
            .map(|&name| Ok((name, store.version(&issues::positions_file(name))?)))
            .collect();
    };
    let mut found = vec![Presence::Other; names.len()];
    crate::negotiation::model::looked_up_while(&mut found, |index| dir.find(names[index]), || ());
    let now = (names.iter().zip(found))
        .map(|(&name, found)| (name, found.file()))
        .collect();
    Ok(now)
}

/// What [`load_unchanged`] found.
pub enum KeptDigests {
    /// Every recorded positions file is as kept: there is no edit to find in any of them, and
    /// the ledger without its records says the rest.
    Unchanged {
        head: DigestsHead,
        /// How many positions files are recorded.
        recorded_files: usize,
    },
    /// Some file may have changed (or the digests file could not tell): the whole ledger.
    Loaded(Loaded),
}

/// For a command that looks for edits (`status`, `check`): [`KeptDigests::Unchanged`] when the
/// digests file, with the log's newer events, shows every recorded positions file as found
/// recorded with the identity `now` gives it; otherwise the whole ledger, as [`load`] gives.
pub fn load_unchanged(
    store: &Store,
    now: impl Fn(&str) -> Result<Option<Version>>,
) -> Result<KeptDigests> {
    load_unchanged_from(store, Opened::read(store)?, now)
}

/// [`load_unchanged`], the digests file being `opened` (by [`Opened::read`], under the same
/// lock: a command can read it before it knows the identities to compare).
pub fn load_unchanged_from(
    store: &Store,
    opened: Option<Opened>,
    now: impl Fn(&str) -> Result<Option<Version>>,
) -> Result<KeptDigests> {
    if let Some(file) = &opened
        && file.all_unchanged(now)?
    {
        let file = opened.expect("matched above");
        // No `digest` event since (or not all would be unchanged): the others need no
        // record.
        let mut head = file.head.ledger;
        for event in &file.since.records {
            head.apply(event);
        }
        return Ok(KeptDigests::Unchanged {
            recorded_files: file.head.files.len(),
            head,
        });
    }
    // The file as read serves the whole ledger too: not read a second time.
    loaded_from(store, opened).map(KeptDigests::Loaded)
}

impl KeptDigests {
    /// How many positions files the log records.
    pub fn recorded_files(&self) -> usize {
        match self {
            KeptDigests::Unchanged { recorded_files, .. } => *recorded_files,
            KeptDigests::Loaded(loaded) => loaded.ledger.baselines.len(),
        }
    }
}

/// The digests file as read and found usable: its first line parsed, caught up with the
/// log's events since; its records not read yet.
pub struct Opened {
    head: Head,
    /// The file, still open, to read the records from if they are needed.
    file: Reading,
    /// What was read of the file: its first line, and what followed it in the same reads.
    bytes: Vec<u8>,
    records_at: usize,
    /// The log's events after the length the file names.
    since: JsonLines<Event>,
    /// A listing of `positions/` to keep that the file does not hold: its every listed file
    /// is recorded, and the directory had settled (the stamp of its identity).
    new_listing: Option<VersionStamp>,
}

impl Opened {
    /// The ledger without its records, as the file and the events since leave it.
    pub fn ledger_head(&self) -> &DigestsHead {
        &self.head.ledger
    }

    /// Whether the file records `file` (`positions/NN-TOPIC.md`).
    pub fn has_record(&self, file: &str) -> bool {
        self.head.files.contains_key(file)
    }

    /// `None` when there is no usable file: none, not of this version, not parsed, or not in
    /// agreement with the log (its anchor). Only the first line is read.
    pub fn read(store: &Store) -> Result<Option<Opened>> {
        let Some(mut file) = store.open(FILE)? else {
            return Ok(None);
        };
        let mut bytes = Vec::new();
        let Some(newline) = file.read_until(b'\n', &mut bytes)? else {
            return Ok(None);
        };
        // Read as bytes: a file that is not even UTF-8 is just another unusable one.
        let Some(head) = std::str::from_utf8(&bytes[..newline])
            .ok()
            .and_then(Head::parse)
            .filter(|head| head.version == VERSION)
        else {
            return Ok(None);
        };
        let Some(since) = read_since(store, &head)? else {
            return Ok(None);
        };
        Ok(Some(Opened {
            head,
            file,
            bytes,
            records_at: newline + 1,
            since,
            new_listing: None,
        }))
    }

    /// Whether every recorded file, looked up in `dir` (`positions/`), is as kept
    /// ([`Opened::all_unchanged`]): from 256 files on, looked up on two threads.
    fn all_found_as_kept(&self, dir: &VersionLookup) -> Result<bool> {
        if self.recorded_since() {
            return Ok(false);
        }
        let files = &self.head.files.0;
        let lookable = |(file, FileEntry(_, kept)): &(CompactString, FileEntry)| {
            kept.is_some() && issues::positions_name(file).is_some()
        };
        if !files.iter().all(lookable) {
            return Ok(false);
        }
        // The stamp of what each is now (16 bytes: 500 whole identities would be 32 KB of
        // fresh memory to fault in), compared once both threads are done: a slot is written
        // by the thread that took its chunk, and chunks of one-byte results would share
        // cache lines between the two threads.
        let mut found: Vec<Option<VersionStamp>> = vec![None; files.len()];
        crate::negotiation::model::looked_up_while(
            &mut found,
            |index| {
                let name = issues::positions_name(&files[index].0).expect("checked above");
                dir.find(name).file().map(VersionStamp::from)
            },
            || (),
        );
        Ok((files.iter().zip(&found)).all(|((_, FileEntry(_, kept)), now)| kept == now))
    }

    /// Whether an event logged since the file was written recorded a positions file.
    fn recorded_since(&self) -> bool {
        (self.since.records.iter()).any(|e| e.kind == EventKind::Digest)
    }

    /// Whether every file the head records has an identity kept for its record that is its
    /// identity `now`, and no event since has recorded anything (a record changed since is
    /// one the head does not know).
    fn all_unchanged(&self, mut now: impl FnMut(&str) -> Result<Option<Version>>) -> Result<bool> {
        if self.recorded_since() {
            return Ok(false);
        }
        for (file, FileEntry(_, kept)) in self.head.files.iter() {
            let now = now(file)?.map(VersionStamp::from);
            if kept.is_none() || *kept != now {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Writes the file again for the log as it is now when the events since the length it
    /// names reach [`CATCH_UP_AFTER`] bytes, when its first line names an ended turn's
    /// files ([`Opened::names_an_ended_turn`]), or to keep a new listing of `positions/`: its
    /// first line caught up with them, its records copied as they are, unparsed (none was
    /// logged since, or the file would not be as kept). Every later command then reads the
    /// log from there.
    pub fn catch_up(mut self, locked: &Locked) -> Result<()> {
        let since = &self.since;
        let behind = since.end >= self.head.log_bytes + CATCH_UP_AFTER;
        let ended_turn = self.names_an_ended_turn();
        if !since.whole || !behind && !ended_turn && self.new_listing.is_none() {
            return Ok(());
        }
        let Some(anchor) = anchor(locked.store(), since.end)? else {
            return Ok(());
        };
        self.file.read_to_end(&mut self.bytes)?;
        let mut head = self.head;
        for event in &self.since.records {
            head.ledger.apply(event);
        }
        head.log_bytes = self.since.end;
        head.log_anchor = anchor;
        head.positions_dir = self.new_listing.or(head.positions_dir);
        let mut content = serde_json::to_vec(&head).expect("a ledger always serializes");
        content.push(b'\n');
        content.extend_from_slice(&self.bytes[self.records_at..]);
        locked.replace_bytes(FILE, &content)
    }

    /// Whether the first line names at least [`STALE_TURN_START`] files as recorded during
    /// the current turn while a turn has been given since: a hand-over that recorded every
    /// file (written by hand) leaves them there, and each later command parses them again.
    fn names_an_ended_turn(&self) -> bool {
        self.head.ledger.recorded_this_turn_count() >= STALE_TURN_START
            && (self.since.records.iter()).any(|event| event.kind == EventKind::Turn)
    }

    /// The whole ledger: the records read and parsed, and the events since applied to it.
    /// `None` when the records do not parse (the file is then no use, and the log is read).
    fn loaded(mut self) -> Result<Option<Loaded>> {
        self.file.read_to_end(&mut self.bytes)?;
        Ok(self.records())
    }

    fn records(self) -> Option<Loaded> {
        let text = std::str::from_utf8(&self.bytes[self.records_at..]).ok()?;
        let mut reader = serde_json::Deserializer::from_str(text);
        let baselines: BTreeMap<String, Recorded> = digests::sorted_map(&mut reader).ok()?;
        reader.end().ok()?;
        let identities = self.head.identities();
        let listing = (self.head.positions_dir).map(|dir| Listing {
            dir,
            files: self
                .head
                .files
                .keys()
                .map(|file| file.to_string())
                .collect(),
        });
        let ended_turn = self.names_an_ended_turn();
        let mut ledger = Digests {
            baselines,
            head: self.head.ledger,
        };
        for event in &self.since.records {
            ledger.apply(event);
        }
        Some(Loaded {
            ledger,
            log_end: self.since.whole.then_some(self.since.end),
            from_file: true,
            identities,
            identities_changed: false,
            listing,
            listing_changed: false,
            ended_turn,
        })
    }
}

/// The log's events since the length the digests file names, when the log agrees with it
/// up to there (its anchor); `None` otherwise.
fn read_since(store: &Store, head: &Head) -> Result<Option<JsonLines<Event>>> {
    let anchor_start = head.log_bytes.saturating_sub(ANCHOR_BYTES);
    let Some((_, bytes)) = store.read_from(log::FILE, anchor_start)? else {
        return Ok(None);
    };
    let Some((anchor, tail)) = bytes.split_at_checked((head.log_bytes - anchor_start) as usize)
    else {
        return Ok(None);
    };
    if fnv_bytes(anchor) != head.log_anchor {
        return Ok(None);
    }
    // Only the events logged since the file was written are parsed, with the log's one
    // reading policy (a torn last line skipped, anything else unreadable an error).
    log::parse_from(store, head.log_bytes, tail).map(Some)
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
        listing,
        listing_changed,
        ended_turn,
    } = loaded;
    let end = if events.is_empty() {
        if from_file && !identities_changed && !listing_changed && !ended_turn {
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
    save(locked, ledger, identities, listing, end)?;
    if !from_file {
        // No usable file was found: this may be a directory from before the file's name
        // changed, whose old file nothing reads any more.
        locked.drop_derived(OLD_FILE)?;
    }
    Ok(())
}

/// Replaces the digests file with `ledger`, which reflects the first `log_bytes` of the log,
/// the identities of the files found as recorded, and `listing` while its every file is
/// recorded.
fn save(
    locked: &Locked,
    ledger: Digests,
    identities: BTreeMap<String, Checked>,
    listing: Option<Listing>,
    log_bytes: u64,
) -> Result<()> {
    let Some(log_anchor) = anchor(locked.store(), log_bytes)? else {
        return Ok(());
    };
    let Digests { baselines, head } = ledger;
    // An identity is kept only for the file's present record: one kept for an earlier record
    // (or for a file no longer recorded) would never be found as kept again.
    let files = baselines
        .iter()
        .map(|(file, recorded)| {
            let record = recorded.digest.fingerprint();
            let kept = identities
                .get(file)
                .filter(|checked| checked.record == record)
                .map(|checked| checked.identity);
            (CompactString::new(file), FileEntry(record.into(), kept))
        })
        .collect();
    let positions_dir = listing
        .filter(|listing| (listing.files.iter()).all(|file| baselines.contains_key(file)))
        .map(|listing| listing.dir);
    let head = Head {
        version: VERSION,
        log_bytes,
        log_anchor,
        files,
        positions_dir,
        ledger: head,
    };
    let json = |text: serde_json::Result<String>| text.expect("a ledger always serializes");
    let content = format!(
        "{}\n{}\n",
        json(serde_json::to_string(&head)),
        json(serde_json::to_string(&baselines))
    );
    locked.replace(FILE, &content)
}

/// The anchor of the log at `log_bytes`: the FNV-1a of the (up to) 256 bytes before it;
/// `None` when the log is shorter.
fn anchor(store: &Store, log_bytes: u64) -> Result<Option<String>> {
    let anchor_start = log_bytes.saturating_sub(ANCHOR_BYTES);
    let Some((_, bytes)) = store.read_from(log::FILE, anchor_start)? else {
        return Ok(None);
    };
    let anchor = bytes.get(..(log_bytes - anchor_start) as usize);
    Ok(anchor.map(fnv_bytes))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::negotiation::derived::digests::NotesRecord;

    #[test]
    fn a_first_line_written_before_the_directory_was_kept_reads_as_keeping_none() {
        let line = r#"{"version":3,"log_bytes":12,"log_anchor":"0123456789abcdef","files":{"positions/01-a.md":["0123456789abcdef",null]},"ledger":{"turn_start":{},"pending":[],"accepted":[],"notes":null}}"#;
        let head = Head::parse(line).expect("the general parser reads it");
        assert_eq!(head.positions_dir, None);
        assert_eq!(head.files.len(), 1);
        // As written now, the field is there, and the scan reads it.
        let written = serde_json::to_string(&head).unwrap();
        assert!(
            written.contains(r#","positions_dir":null,"ledger":"#),
            "{written}"
        );
        assert!(Head::as_written(&written).is_some(), "{written}");
    }

    proptest::proptest! {
        // A failure is reported with its shrunk input; nothing is written into the tree.
        #![proptest_config(proptest::test_runner::Config {
            failure_persistence: None,
            ..proptest::test_runner::Config::default()
        })]

        /// The scan of the first line as `save` writes it reads what the general parser
        /// reads, and it does read every line written with no string to unescape; a line
        /// edited anywhere is either read the same by both or left to the general parser.
        #[test]
        fn the_scan_of_the_first_line_as_written_reads_what_the_json_parser_reads(
            files in proptest::collection::vec((".{0,10}", ".{0,16}", proptest::option::of(proptest::num::u64::ANY)), 0..6),
            anchor in ".{0,16}",
            log_bytes in proptest::num::u64::ANY,
            noted in proptest::bool::ANY,
            dir in proptest::option::of(proptest::num::u64::ANY),
            edit in proptest::option::of((0usize..400, "[ \\\\\"0,:\\]\\[{}]|null")),
        ) {
            let mut head = Head {
                version: VERSION,
                log_bytes,
                log_anchor: anchor.clone(),
                files: (files.iter())
                    .map(|(file, record, kept)| {
                        let kept = kept.map(|k| VersionStamp::from_hex(&format!("{k:016x}")).unwrap());
                        (CompactString::new(file), FileEntry(record.into(), kept))
                    })
                    .collect(),
                positions_dir: dir.map(|d| VersionStamp::from_hex(&format!("{d:016x}")).unwrap()),
                ledger: DigestsHead::default(),
            };
            head.ledger.notes = noted.then(|| NotesRecord {
                at: "2026-01-01T00:00:00Z".to_owned(),
                bytes: 3,
                digest: "0123456789abcdef".to_owned(),
            });
            let mut line = serde_json::to_string(&head).unwrap();
            if let Some((at, inserted)) = &edit {
                crate::negotiation::model::scan::insert_near(&mut line, *at, inserted);
            }
            let general = serde_json::from_str::<Head>(&line).ok();
            let scanned = Head::as_written(&line);
            let unescaped = crate::negotiation::model::scan::needs_no_escape;
            let plain = unescaped(&anchor) && files.iter().all(|(file, record, _)| unescaped(file) && unescaped(record));
            if edit.is_none() && plain {
                proptest::prop_assert!(scanned.is_some(), "{line}");
            }
            if let Some(scanned) = scanned {
                let general = general.expect("the JSON parser reads what the scan reads");
                proptest::prop_assert_eq!(
                    serde_json::to_string(&scanned).unwrap(),
                    serde_json::to_string(&general).unwrap()
                );
            }
            // What either reads is the same through `Head::parse`.
            proptest::prop_assert_eq!(
                Head::parse(&line).map(|head| serde_json::to_string(&head).unwrap()),
                serde_json::from_str::<Head>(&line).ok().map(|head| serde_json::to_string(&head).unwrap())
            );
        }
    }
}
