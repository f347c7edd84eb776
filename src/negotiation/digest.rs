//! Append-only, checked. Whenever the turn changes hands in the positions phase (hand-off,
//! skip) and when the negotiation finishes, parley records in the event log a digest of every
//! positions file that changed since its last record: one digest per entry, one for the text
//! before the first entry, one for the status section. The rule commands (`position`,
//! `challenge`, `agree`, `escalate`, `resolve`) record the file they write at once, too. A later change that is not a pure
//! append (an entry edited, deleted, renamed, or a new entry slipped in before recorded ones)
//! is an *edit*: the next hand-over logs it (naming the agent whose turn was ending), and
//! `check`, `status` and `finish` report it until `finish --accept-edits` acknowledges it.
//!
//! Status lines are the one part that may change: by the commands or by hand, while an agent
//! holds the turn. After `finish` nobody holds it, and a changed status line is an edit too.
//!
//! The digest is FNV-1a (64 bits) of the normalized text of each section: it catches any
//! accidental or casual edit, but it is not a cryptographic commitment (whoever can rewrite a
//! positions file can rewrite the log next to it; the log makes such a rewrite deliberate).

use std::collections::{BTreeMap, BTreeSet, HashMap};

use compact_str::CompactString;
use rustc_hash::FxHashMap;
use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::context::Ctx;
use crate::error::Result;
use crate::store::{Locked, Store, Version};

use super::digests_file;
use super::issues;
use super::log::Event;
use super::positions::{self, SectionKind};
use super::{Actor, State};

pub const DIGEST_EVENT: &str = "digest";
pub const EDIT_EVENT: &str = "edit";
pub const ACCEPT_EVENT: &str = "accept-edits";
/// The event `give_turn` logs; it closes the record of a hand-over.
const TURN_EVENT: &str = "turn";

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EntryDigest {
    /// `NAME's position (round N)`.
    pub entry: String,
    pub agent: String,
    pub digest: String,
}

/// What was recorded of one positions file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileDigest {
    pub preamble: String,
    pub entries: Vec<EntryDigest>,
    /// The word of the last status line, and the digest of its section.
    pub status: Option<String>,
    pub status_digest: Option<String>,
}

impl FileDigest {
    pub fn of(text: &str) -> FileDigest {
        let mut digest = FileDigest {
            preamble: fnv(""),
            entries: Vec::new(),
            status: None,
            status_digest: None,
        };
        for section in positions::sections(text) {
            match &section.kind {
                SectionKind::Preamble => digest.preamble = fnv(&section.body()),
                SectionKind::Entry(entry) => digest.entries.push(EntryDigest {
                    entry: entry.title(),
                    agent: entry.agent.to_string(),
                    digest: fnv(&section.body()),
                }),
                SectionKind::Status(word) => {
                    digest.status = Some(word.clone());
                    digest.status_digest = Some(fnv(&section.body()));
                }
            }
        }
        digest
    }

    /// Whether an entry of this title was recorded.
    pub fn has_entry(&self, title: &str) -> bool {
        self.entries.iter().any(|e| e.entry == title)
    }

    /// FNV-1a of every field, to tell whether a file identity kept beside a record (see
    /// [`digests_file`]) was kept for this record.
    pub fn fingerprint(&self) -> String {
        fingerprint(
            &self.preamble,
            self.entries
                .iter()
                .map(|e| [e.entry.as_str(), &e.agent, &e.digest]),
            self.status.as_deref(),
            self.status_digest.as_deref(),
        )
    }
}

/// [`FileDigest::fingerprint`] of a record's parts (read in place or owned).
pub fn fingerprint<'p>(
    preamble: &'p str,
    entries: impl Iterator<Item = [&'p str; 3]>,
    status: Option<&'p str>,
    status_digest: Option<&'p str>,
) -> String {
    // Each part after its length, so that parts cannot run into each other; then whether
    // the status was there at all. Hashed as it goes: no text is built.
    let mut hash = Fnv::new();
    let mut part = |part: &str| {
        hash.write_decimal(part.len());
        hash.write(b":");
        hash.write(part.as_bytes());
    };
    part(preamble);
    entries.flatten().for_each(&mut part);
    part(status.unwrap_or(""));
    part(status_digest.unwrap_or(""));
    hash.write(match (status, status_digest) {
        (Some(_), Some(_)) => b"ss",
        (Some(_), None) => b"s-",
        (None, Some(_)) => b"-s",
        (None, None) => b"--",
    });
    hash.hex()
}

/// One `digest` event: the file, and its digest (`None`: the file was gone).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct DigestRecord {
    pub file: String,
    pub digest: Option<FileDigest>,
}

/// A change that is not a pure append.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Edit {
    /// `positions/NN-TOPIC.md`.
    pub file: String,
    /// `edited`, `deleted`, `inserted` or `status`.
    pub change: String,
    /// The entry concerned (`NAME's position (round N)`), or which other part.
    pub entry: String,
    /// Who wrote the entry, when it is an entry.
    pub owner: Option<String>,
    /// Where it is now, when it is still there.
    pub line: Option<usize>,
    /// The agent that held the turn when the change was found (turn.md's word when nobody
    /// did: `done`).
    pub holder: String,
    /// When the text it departs from was recorded.
    pub since: String,
}

impl Edit {
    /// The line `check`, `status` and `finish` print.
    pub fn describe(&self) -> String {
        let since = &self.since;
        let (word, what) = match self.change.as_str() {
            "deleted" => (
                "DELETED",
                format!("removed since it was recorded at {since}"),
            ),
            "inserted" => (
                "INSERTED",
                format!("added before entries recorded at {since}"),
            ),
            "status" => (
                "STATUS EDITED",
                format!("changed since it was recorded at {since}, while nobody held the turn"),
            ),
            _ => (
                "EDITED",
                format!("changed since it was recorded at {since}"),
            ),
        };
        let place = self
            .line
            .map(|l| format!(" (line {l})"))
            .unwrap_or_default();
        let owner = match &self.owner {
            Some(owner) if owner != &self.holder => format!(", an entry of {owner}"),
            _ => String::new(),
        };
        format!(
            "{word}: {} — {}{place}{owner}: {what}; last turn holder: {}",
            self.file, self.entry, self.holder
        )
    }
}

/// What the log says about positions files: the last record of each, and the rest of what
/// the log says of them ([`LedgerHead`]). Folded from the log's events in order; kept between
/// commands in `.parley/digests.json` (see [`digests_file`](super::digests_file)) so that a
/// command reads only the log's new events.
#[derive(Debug, Default)]
pub struct Ledger {
    /// File → its last record.
    pub baselines: BTreeMap<String, Recorded>,
    pub head: LedgerHead,
}

/// The ledger without its records: what the current turn began from, and the edits logged
/// at hand-overs, split by whether `finish --accept-edits` acknowledged them. Small, and kept
/// apart from the records in the digests file, so that a command that finds every positions
/// file as kept reads it alone.
#[derive(Debug, Default, Clone, Serialize, Deserialize)]
pub struct LedgerHead {
    /// The files recorded since the last `turn` event → what was recorded of each when the
    /// current turn began (`None`: nothing). Any other file's record at the start of the turn
    /// is its last record.
    turn_start: BTreeMap<String, Option<FileDigest>>,
    pub pending: Vec<Edit>,
    pub accepted: Vec<Edit>,
    /// What the last `note` recorded of `notes.md` (append-only, like positions).
    #[serde(default)]
    pub notes: Option<NotesRecord>,
}

/// Reads a JSON object into a map built at once from its entries (sorted first, which costs
/// one pass when they are already in order, as parley writes them) instead of inserted one
/// by one: the maps of the digests file hold an entry per positions file. A key repeated in
/// the object keeps its last value, as when inserted one by one.
pub fn sorted_map<'de, D, K, V>(deserializer: D) -> std::result::Result<BTreeMap<K, V>, D::Error>
where
    D: serde::Deserializer<'de>,
    K: Deserialize<'de> + Ord,
    V: Deserialize<'de>,
{
    struct Entries<K, V>(std::marker::PhantomData<(K, V)>);
    impl<'de, K: Deserialize<'de>, V: Deserialize<'de>> serde::de::Visitor<'de> for Entries<K, V> {
        type Value = Vec<(K, V)>;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("a map")
        }
        fn visit_map<A: serde::de::MapAccess<'de>>(
            self,
            mut map: A,
        ) -> std::result::Result<Self::Value, A::Error> {
            let mut entries = Vec::with_capacity(map.size_hint().unwrap_or(0));
            while let Some(entry) = map.next_entry()? {
                entries.push(entry);
            }
            Ok(entries)
        }
    }
    let entries = deserializer.deserialize_map(Entries(std::marker::PhantomData))?;
    Ok(BTreeMap::from_iter(entries))
}

/// `notes.md` as the last `note` left it: its length, the digest of its bytes, and when.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NotesRecord {
    pub at: String,
    pub bytes: u64,
    pub digest: String,
}

/// The last record of one positions file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Recorded {
    /// When it was recorded.
    pub at: CompactString,
    pub digest: FileDigest,
}

impl Ledger {
    pub fn from_events(events: &[Event]) -> Ledger {
        let mut ledger = Ledger::default();
        for event in events {
            ledger.apply(event);
        }
        ledger
    }

    /// Takes one more event of the log into account.
    pub fn apply(&mut self, event: &Event) {
        if event.event != DIGEST_EVENT {
            self.head.apply(event);
            return;
        }
        let Some(record) = event.detail_as::<DigestRecord>() else {
            return;
        };
        if !self.head.turn_start.contains_key(&record.file) {
            let before = self.baselines.get(&record.file).map(|r| r.digest.clone());
            self.head.turn_start.insert(record.file.clone(), before);
        }
        match record.digest {
            Some(digest) => {
                let at = event.at.clone();
                self.baselines.insert(record.file, Recorded { at, digest });
            }
            None => {
                self.baselines.remove(&record.file);
            }
        }
    }

    /// The ledger of the whole log, as of now.
    pub fn load(store: &Store) -> Result<Ledger> {
        Ok(digests_file::load(store)?.ledger)
    }

    /// What was recorded of `file` (`positions/NN-TOPIC.md`) when the current turn began,
    /// if anything: entries written later, by command or by hand, are not in it.
    pub fn at_turn_start(&self, file: &str) -> Option<&FileDigest> {
        match self.head.turn_start.get(file) {
            Some(then) => then.as_ref(),
            None => self.baselines.get(file).map(|r| &r.digest),
        }
    }
}

impl LedgerHead {
    /// Takes one more event of the log into account, unless it is a `digest` event: that one
    /// needs the records (see [`Ledger::apply`]).
    pub fn apply(&mut self, event: &Event) {
        match event.event.as_str() {
            TURN_EVENT => self.turn_start.clear(),
            super::note::NOTE_EVENT => {
                #[derive(Deserialize)]
                struct Detail {
                    bytes: u64,
                    digest: String,
                }
                if let Some(d) = event.detail_as::<Detail>() {
                    self.notes = Some(NotesRecord {
                        at: event.at.to_string(),
                        bytes: d.bytes,
                        digest: d.digest,
                    });
                }
            }
            EDIT_EVENT => {
                if let Some(edit) = event.detail_as::<Edit>()
                    && !self.pending.contains(&edit)
                {
                    self.pending.push(edit);
                }
            }
            ACCEPT_EVENT => {
                let pending = std::mem::take(&mut self.pending);
                self.accepted.extend(pending);
            }
            _ => {}
        }
    }
}

/// Every edit not acknowledged: those logged at earlier hand-overs, then those made since the
/// last record (attributed to the current holder).
pub fn unaccepted_edits(store: &Store, state: &State, ledger: &Ledger) -> Result<Vec<Edit>> {
    unaccepted_edits_seen(store, state, ledger, &Seen::default())
}

/// `positions/NN-TOPIC.md` → its text as read by a command (`None`: it was missing). Hashed
/// with FxHash, as are the identities below: `status` fills and asks both for every issue,
/// the keys are short names, and a crafted collision could only slow a command down.
pub type Texts = FxHashMap<String, Option<String>>;

/// What a command already knows of the positions files, so that the check does not read them
/// again: texts it has just read, and the identities the digests file keeps.
#[derive(Default)]
pub struct Seen<'a> {
    /// `positions/NN-TOPIC.md` → its text as read by this command (`None`: it was missing).
    pub texts: Texts,
    /// The identity each file had when this command read it (when it had settled) or found
    /// it unread (by its identity alone): a file of `texts` without one here is compared, a
    /// file in neither is looked at.
    pub identities: FxHashMap<String, Version>,
    /// The loaded digests file whose identities may spare reading a file.
    pub loaded: Option<&'a digests_file::Loaded>,
}

impl Seen<'_> {
    /// The identity `file` has now, as far as this command can trust it: the one it had when
    /// this command read it (`None` when it had not settled), or else asked of the store.
    pub fn identity_now(&self, store: &Store, file: &str) -> Result<Option<Version>> {
        match self.identities.get(file) {
            Some(identity) => Ok(Some(*identity)),
            None if self.texts.contains_key(file) => Ok(None),
            None => store.version(file),
        }
    }
}

/// [`unaccepted_edits`], using what `seen` knows of the files.
pub fn unaccepted_edits_seen(
    store: &Store,
    state: &State,
    ledger: &Ledger,
    seen: &Seen,
) -> Result<Vec<Edit>> {
    let current = current_edits(store, state, ledger, seen)?;
    unaccepted_edits_with(store, state, &ledger.head, current)
}

/// The edits logged and not acknowledged, then those of `current` (found in the positions
/// files now) not logged already, then an edit of `notes.md`.
pub fn unaccepted_edits_with(
    store: &Store,
    state: &State,
    head: &LedgerHead,
    current: Vec<Edit>,
) -> Result<Vec<Edit>> {
    let mut edits = head.pending.clone();
    for edit in current {
        if !edits.contains(&edit) {
            edits.push(edit);
        }
    }
    // notes.md: found again at every look until a later note records the file anew, so an
    // accepted rewrite is known by its file and the record it departs from.
    if let Some(edit) = super::note::edit(store, state, head.notes.as_ref())?
        && !head
            .accepted
            .iter()
            .any(|a| a.file == edit.file && a.since == edit.since)
    {
        edits.push(edit);
    }
    Ok(edits)
}

/// The edits between each file's last record and the file as it is now.
fn current_edits(store: &Store, state: &State, ledger: &Ledger, seen: &Seen) -> Result<Vec<Edit>> {
    let holder = state.turn.word();
    let status_may_change = state.turn.holder().is_some();
    let mut edits = Vec::new();
    for (file, recorded) in &ledger.baselines {
        if let Some(loaded) = seen.loaded
            && loaded.unchanged(file, seen.identity_now(store, file)?.as_ref())
        {
            // Not written since it was found as recorded: no edit to find.
            continue;
        }
        let read;
        let current = match seen.texts.get(file) {
            Some(text) => text.as_deref(),
            None => {
                read = store.read(file)?;
                read.as_deref()
            }
        };
        edits.extend(compare(
            file,
            &recorded.digest,
            &recorded.at,
            current,
            holder,
            status_may_change,
        ));
    }
    Ok(edits)
}

/// At a hand-over (or at `finish`): logs the edits made since each file's last record, then
/// records a new digest of every positions file that changed. Returns the edits found.
pub fn record(locked: &Locked, state: &State, ctx: &Ctx, actor: Actor) -> Result<Vec<Edit>> {
    check(locked.store(), state, ctx, actor)?.save(locked)
}

/// What [`check`] found of the positions files, for [`ToRecord::save`] to log and keep.
pub enum ToRecord {
    /// Every file as kept: nothing to log.
    AsKept(digests_file::Opened),
    /// The files compared with their records: the events that log the edits found and record
    /// the files that changed, and the ledger they were decided from.
    Compared {
        loaded: digests_file::Loaded,
        events: Vec<Event>,
        edits: Vec<Edit>,
    },
}

/// The reading half of [`record`]: what it would log, found without writing anything, so
/// that a command can prepare its own writes meanwhile (on another thread).
pub fn check(store: &Store, state: &State, ctx: &Ctx, actor: Actor) -> Result<ToRecord> {
    // Listed in the directory's order: only the comparison below, in the order of a set,
    // needs one.
    let (mut loaded, listed) = match digests_file::load_unless_as_kept(store)? {
        digests_file::AsKept::All(opened) => return Ok(ToRecord::AsKept(opened)),
        digests_file::AsKept::Not { loaded, listed } => (loaded, listed),
    };
    let ledger = &loaded.ledger;
    let mut files: BTreeSet<String> = ledger.baselines.keys().cloned().collect();
    files.extend(
        listed
            .iter()
            .map(|issue| issues::positions_file(&issue.file)),
    );
    let mut found = Vec::new();
    let mut events = Vec::new();
    let mut identities = BTreeMap::new();
    for file in files {
        let now = store.version(&file)?;
        if loaded.unchanged(&file, now.as_ref()) {
            // Not written since it was found as recorded: as recorded now, nothing to log.
            identities.insert(file.clone(), loaded.identities[&file].clone());
            continue;
        }
        let (current, identity) = match store.read_with_version(&file)? {
            Some((text, identity)) => (Some(text), identity),
            None => (None, None),
        };
        let (edits, mut recorded, digest) = record_file(
            ledger,
            state,
            ctx,
            actor,
            &file,
            current.as_deref(),
            current.as_deref(),
        );
        // After these events the file's record is `digest`, which is what it holds now.
        if let (Some(identity), Some(digest)) = (identity, digest) {
            let record = digest.fingerprint();
            let identity = identity.into();
            identities.insert(file.clone(), digests_file::Checked { identity, record });
        }
        events.append(&mut recorded);
        found.extend(edits);
    }
    loaded.keep_identities(identities);
    Ok(ToRecord::Compared {
        loaded,
        events,
        edits: found,
    })
}

impl ToRecord {
    /// Logs what was found (in one write and one sync, however many files changed) and keeps
    /// it in the digests file. Returns the edits found.
    pub fn save(self, locked: &Locked) -> Result<Vec<Edit>> {
        match self {
            ToRecord::AsKept(opened) => {
                opened.catch_up(locked)?;
                Ok(Vec::new())
            }
            ToRecord::Compared {
                loaded,
                events,
                edits,
            } => {
                digests_file::append(locked, loaded, &events)?;
                Ok(edits)
            }
        }
    }
}

/// The events that record one positions file a command is rewriting from `before` to
/// `after`: the edits between its last record and `before`, then the digest of `after`. A
/// command's own entries are thereby recorded as soon as they are written; changing them
/// later, even in the same turn, is an edit.
pub fn seal(
    ledger: &Ledger,
    state: &State,
    ctx: &Ctx,
    actor: Actor,
    file: &str,
    before: Option<&str>,
    after: &str,
) -> Vec<Event> {
    record_file(ledger, state, ctx, actor, file, before, Some(after)).1
}

/// The edits of `file` since its last record (as it was: `before`), the events that log
/// them and record `after` when it differs from the last record, and the digest of `after`.
fn record_file(
    ledger: &Ledger,
    state: &State,
    ctx: &Ctx,
    actor: Actor,
    file: &str,
    before: Option<&str>,
    after: Option<&str>,
) -> (Vec<Edit>, Vec<Event>, Option<FileDigest>) {
    let mut events = Vec::new();
    let recorded = ledger.baselines.get(file);
    let digest = after.map(FileDigest::of);
    let unchanged = recorded.map(|r| &r.digest) == digest.as_ref();
    let edits = match recorded {
        // The common case at a hand-over: the file is as recorded, nothing to compare.
        Some(_) if unchanged && before == after => Vec::new(),
        Some(recorded) => compare(
            file,
            &recorded.digest,
            &recorded.at,
            before,
            state.turn.word(),
            state.turn.holder().is_some(),
        ),
        None => Vec::new(),
    };
    for edit in &edits {
        events.push(
            actor
                .event(ctx, EDIT_EVENT)
                .change(None, Some(file.to_owned()))
                .with_detail(json!(edit)),
        );
    }
    if !unchanged {
        events.push(
            actor
                .event(ctx, DIGEST_EVENT)
                .change(None, Some(file.to_owned()))
                .with_detail(json!(DigestRecord {
                    file: file.to_owned(),
                    digest: digest.clone()
                })),
        );
    }
    (edits, events, digest)
}

/// The edits that turn `baseline` into `current` (`None`: the file is gone).
fn compare(
    file: &str,
    baseline: &FileDigest,
    since: &str,
    current: Option<&str>,
    holder: &str,
    status_may_change: bool,
) -> Vec<Edit> {
    let edit = |change: &str, entry: String, owner: Option<String>, line: Option<usize>| Edit {
        file: file.to_owned(),
        change: change.to_owned(),
        entry,
        owner,
        line,
        holder: holder.to_owned(),
        since: since.to_owned(),
    };
    let Some(text) = current else {
        return vec![edit(
            "deleted",
            format!("the whole file ({} entries)", baseline.entries.len()),
            None,
            None,
        )];
    };
    let sections = positions::sections(text);
    let now = FileDigest::of(text);
    let mut edits = Vec::new();
    if now.preamble != baseline.preamble {
        edits.push(edit(
            "edited",
            "the text before the first entry".to_owned(),
            None,
            Some(1),
        ));
    }

    // Entries are matched by title and occurrence, so a deleted entry does not make every
    // later one look edited.
    let lines: Vec<usize> = sections
        .iter()
        .filter(|s| matches!(s.kind, SectionKind::Entry(_)))
        .map(|s| s.line)
        .collect();
    let mut index: HashMap<(&str, usize), usize> = HashMap::new();
    let mut occurrences: HashMap<&str, usize> = HashMap::new();
    for (i, entry) in now.entries.iter().enumerate() {
        let seen = occurrences.entry(entry.entry.as_str()).or_default();
        index.insert((entry.entry.as_str(), *seen), i);
        *seen += 1;
    }
    let mut occurrences: HashMap<&str, usize> = HashMap::new();
    let mut intact = true;
    for recorded in &baseline.entries {
        let seen = occurrences.entry(recorded.entry.as_str()).or_default();
        let found = index.get(&(recorded.entry.as_str(), *seen)).copied();
        *seen += 1;
        let owner = Some(recorded.agent.clone());
        match found {
            None => {
                intact = false;
                edits.push(edit("deleted", recorded.entry.clone(), owner, None));
            }
            Some(i) if now.entries[i].digest != recorded.digest => {
                intact = false;
                edits.push(edit(
                    "edited",
                    recorded.entry.clone(),
                    owner,
                    Some(lines[i]),
                ));
            }
            Some(_) => {}
        }
    }
    if intact
        && let Some(i) = baseline
            .entries
            .iter()
            .zip(&now.entries)
            .position(|(recorded, current)| recorded.entry != current.entry)
    {
        let current = &now.entries[i];
        edits.push(edit(
            "inserted",
            current.entry.clone(),
            Some(current.agent.clone()),
            Some(lines[i]),
        ));
    }
    let status_changed =
        now.status != baseline.status || now.status_digest != baseline.status_digest;
    if status_changed && !status_may_change {
        let line = sections
            .iter()
            .rev()
            .find(|s| s.is_status())
            .map(|s| s.line);
        edits.push(edit("status", "the status line".to_owned(), None, line));
    }
    edits
}

/// FNV-1a, 64 bits, as 16 hex digits.
fn fnv(text: &str) -> String {
    fnv_bytes(text.as_bytes())
}

/// [`fnv`] of raw bytes.
pub fn fnv_bytes(bytes: &[u8]) -> String {
    let mut hash = Fnv::new();
    hash.write(bytes);
    hash.hex()
}

/// FNV-1a over bytes given in pieces: the same hash as of the pieces joined.
struct Fnv(u64);

impl Fnv {
    fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 ^= u64::from(byte);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    /// `n` in decimal, as `format!("{n}")` writes it.
    fn write_decimal(&mut self, mut n: usize) {
        let mut digits = [0u8; 20];
        let mut start = digits.len();
        loop {
            start -= 1;
            digits[start] = b'0' + (n % 10) as u8;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        self.write(&digits[start..]);
    }

    /// As 16 hex digits.
    fn hex(&self) -> String {
        format!("{:016x}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::names::Name;
    use crate::negotiation::positions::{EntryKind, IssueStatus};

    /// A body as an agent writes it: a few lines of prose, blank lines included.
    fn body() -> impl Strategy<Value = String> {
        "[A-Za-z0-9 .,'#-]{1,30}(\n[A-Za-z0-9 .,'#-]{0,30}){0,3}".prop_filter("prose only", |b| {
            !b.lines().any(positions::is_structural) && !b.trim().is_empty()
        })
    }

    fn agent(name: &str) -> Name {
        Name::parse_str("agent name", name).unwrap()
    }

    #[test]
    fn a_sorted_map_is_read_in_any_order_and_a_repeated_key_keeps_its_last_value() {
        #[derive(Deserialize)]
        struct Holder {
            #[serde(deserialize_with = "sorted_map")]
            map: BTreeMap<String, u32>,
        }
        let read: Holder = serde_json::from_str(r#"{"map":{"b":1,"a":2,"b":3,"c":4}}"#).unwrap();
        let expected = BTreeMap::from([("a".into(), 2), ("b".into(), 3), ("c".into(), 4)]);
        assert_eq!(read.map, expected);
        assert!(serde_json::from_str::<Holder>(r#"{"map":[1]}"#).is_err());
    }

    proptest! {
        // A failure is reported with its shrunk input; nothing is written into the tree.
        #![proptest_config(ProptestConfig {
            failure_persistence: None,
            ..ProptestConfig::default()
        })]

        /// What the commands write (an entry appended, the status set) is never an edit of
        /// what was recorded before, except a status change while nobody holds the turn.
        #[test]
        fn appends_and_status_changes_by_the_commands_are_not_edits(
            bodies in prop::collection::vec(body(), 1..6),
            decision in body(),
        ) {
            let (alpha, beta) = (agent("agent-alpha"), agent("agent-beta"));
            let first = positions::entry_block(&alpha, EntryKind::Position, 1, &bodies[0]);
            let mut text = positions::new_file("Title", &first);
            for (round, body) in bodies.iter().enumerate().skip(1) {
                let who = if round % 2 == 0 { &alpha } else { &beta };
                let recorded = FileDigest::of(&text);
                let entry = positions::entry_block(who, EntryKind::Challenge, round as u64, body);
                text = positions::append_entry(&text, &entry);
                prop_assert!(compare("f", &recorded, "t", Some(&text), "agent-alpha", false).is_empty());
                prop_assert_eq!(FileDigest::of(&text).entries.len(), round + 1);
            }
            let recorded = FileDigest::of(&text);
            let agreed = positions::set_status(&text, IssueStatus::Agreed, &decision);
            prop_assert_eq!(positions::Positions::parse(&agreed).status, IssueStatus::Agreed);
            prop_assert!(compare("f", &recorded, "t", Some(&agreed), "agent-alpha", true).is_empty());
            let after_finish = compare("f", &recorded, "t", Some(&agreed), "done", false);
            prop_assert_eq!(after_finish.len(), 1);
            prop_assert_eq!(after_finish[0].change.as_str(), "status");
        }

        /// Changing the text of any recorded entry is one edit, naming that entry.
        #[test]
        fn an_edited_entry_is_found_and_named(
            bodies in prop::collection::vec(body(), 2..6),
            pick in any::<prop::sample::Index>(),
            extra in "[a-z]{1,10}",
        ) {
            let alpha = agent("agent-alpha");
            let first = positions::entry_block(&alpha, EntryKind::Position, 1, &bodies[0]);
            let mut text = positions::new_file("Title", &first);
            for (index, body) in bodies.iter().enumerate().skip(1) {
                let entry = positions::entry_block(&alpha, EntryKind::Position, index as u64 + 1, body);
                text = positions::append_entry(&text, &entry);
            }
            let recorded = FileDigest::of(&text);
            let target = pick.index(bodies.len());
            let sections = positions::sections(&text);
            let entry = sections
                .iter()
                .filter(|s| matches!(s.kind, SectionKind::Entry(_)))
                .nth(target)
                .unwrap();
            let heading_end = entry.start + entry.text.find('\n').unwrap() + 1;
            let edited = format!("{}{extra} {}", &text[..heading_end], &text[heading_end..]);
            let edits = compare("f", &recorded, "t", Some(&edited), "agent-beta", true);
            prop_assert_eq!(edits.len(), 1);
            prop_assert_eq!(edits[0].change.as_str(), "edited");
            prop_assert_eq!(&edits[0].entry, &recorded.entries[target].entry);
        }
    }
}
