//! What the log's `digest` records say of each positions file: the digest of each entry, of
//! the text before the first and of the status section ([`FileDigest`]), the last one
//! recorded of each file ([`Digests`]), and the edits found against them ([`Edit`]). Built
//! from the events alone; kept in `.parley/digests.jsonl` ([`digests_file`](super::digests_file)),
//! recorded at hand-overs ([`record`](super::record)).

use std::collections::{BTreeMap, BTreeSet};

use compact_str::CompactString;
use serde::{Deserialize, Serialize};

use crate::negotiation::model::fnv::{Fnv, fnv};
use crate::negotiation::model::log::{Event, EventKind};
use crate::negotiation::model::positions::{self, IssueStatus, SectionKind};

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
/// the log says of them ([`DigestsHead`]). Folded from the log's events in order; kept between
/// commands in `.parley/digests.jsonl` (see [`digests_file`](crate::negotiation::derived::digests_file)) so that a
/// command reads only the log's new events.
#[derive(Debug, Default)]
pub struct Digests {
    /// File → its last record.
    pub baselines: BTreeMap<String, Recorded>,
    pub head: DigestsHead,
}

/// The ledger without its records: what the current turn began from, and the edits logged
/// at hand-overs, split by whether `finish --accept-edits` acknowledged them. Small, and kept
/// apart from the records in the digests file, so that a command that finds every positions
/// file as kept reads it alone.
#[derive(Debug, Default, Clone, Serialize, Deserialize)]
pub struct DigestsHead {
    /// The files recorded since the last `turn` event → what was recorded of each when the
    /// current turn began (`None`: nothing). Any other file's record at the start of the turn
    /// is its last record.
    turn_start: BTreeMap<String, Option<FileDigest>>,
    /// The files whose last record has no status line or an OPEN one: with `turn_start`, what
    /// the hand-off's warning of issues left untouched needs, without the records.
    #[serde(default)]
    open: BTreeSet<String>,
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

impl Digests {
    pub fn from_events(events: &[Event]) -> Digests {
        let mut ledger = Digests::default();
        for event in events {
            ledger.apply(event);
        }
        ledger
    }

    /// Takes one more event of the log into account.
    pub fn apply(&mut self, event: &Event) {
        if event.kind != EventKind::Digest {
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
        let open = (record.digest.as_ref()).is_some_and(|digest| {
            digest
                .status
                .as_deref()
                .is_none_or(|w| positions::word_status(w) == IssueStatus::Open)
        });
        if open {
            self.head.open.insert(record.file.clone());
        } else {
            self.head.open.remove(&record.file);
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

    /// What was recorded of `file` (`positions/NN-TOPIC.md`) when the current turn began,
    /// if anything: entries written later, by command or by hand, are not in it.
    pub fn at_turn_start(&self, file: &str) -> Option<&FileDigest> {
        match self.head.turn_start.get(file) {
            Some(then) => then.as_ref(),
            None => self.baselines.get(file).map(|r| &r.digest),
        }
    }
}

impl DigestsHead {
    /// Whether `file` was recorded since the current turn began: a command wrote it this turn
    /// (a hand-over records the files it finds edited before it logs the turn it gives).
    pub fn recorded_this_turn(&self, file: &str) -> bool {
        self.turn_start.contains_key(file)
    }

    /// How many files were recorded since the current turn began.
    pub fn recorded_this_turn_count(&self) -> usize {
        self.turn_start.len()
    }

    /// Whether the last record of `file` has no status line or an OPEN one.
    pub fn recorded_open(&self, file: &str) -> bool {
        self.open.contains(file)
    }

    /// Takes one more event of the log into account, unless it is a `digest` event: that one
    /// needs the records (see [`Digests::apply`]).
    pub fn apply(&mut self, event: &Event) {
        match event.kind {
            EventKind::Turn => self.turn_start.clear(),
            EventKind::Note => {
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
            EventKind::Edit => {
                if let Some(edit) = event.detail_as::<Edit>()
                    && !self.pending.contains(&edit)
                {
                    self.pending.push(edit);
                }
            }
            EventKind::AcceptEdits => {
                let pending = std::mem::take(&mut self.pending);
                self.accepted.extend(pending);
            }
            _ => {}
        }
    }
}
