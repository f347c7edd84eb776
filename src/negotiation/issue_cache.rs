//! `.parley/issue-reports.json`: what the overview (`status`, `watch`, `report`, `finish`)
//! derived from each issue file and positions file, with the identity each file had when it
//! was read, so that the next overview reads only the files that may have changed since.
//!
//! The file is derived and checked before every use, like the parliament's ledger summary:
//! - A part (an issue file's title, a positions file's report) is used only when the file's
//!   identity now, taken by one `fstatat` without following a link, is a regular file's and
//!   equals the one recorded with it. An identity is recorded only when it was taken from the
//!   very read the part was derived from, before reading, and only once the file had settled
//!   ([`FileIdentity`]: last changed at least 3 seconds before), so that a later write of the
//!   same size cannot carry the same times. A link or a directory has its own inode and is
//!   never a regular file: it is read, and refused, as before.
//! - Anything else (no file, a file that is unreadable, does not parse or is of another
//!   version, a part whose identity differs) means the file is read as if there were no
//!   cache. The cache being unusable is neither an error nor a warning.
//! - An OPEN issue's positions file is always read: its text is needed for the detail of
//!   open issues and its parts change at every turn. Its report is not kept.
//! - It is written after the overview's reading, only when what it would hold differs from
//!   what it holds, by [`Locked::replace_cache`] under whatever lock the command holds (a
//!   shared one for `status`). Two overviews under shared locks may write it at once: each
//!   writes a whole file by one rename, and whichever stays is checked part by part before
//!   use, so an older one only costs reads. Failing to write it (a read-only directory) is
//!   not an error: the answer is the same without it.
//!
//! Trust boundary: whoever can write `.parley/` can plant a part with a file's true identity
//! and another content, as with the digests file; parley defends against accidents and
//! casual edits of the files it reads, not against forging its own derived files.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use crate::names::Name;
use crate::store::{FileIdentity, Found, Locked, Store};

use super::positions::{IssueStatus, Positions};

pub const FILE: &str = ".parley/issue-reports.json";

/// Changes whenever what a part holds changes meaning; a file of another version is ignored.
const VERSION: u32 = 1;

/// What a positions file says, as an issue's report shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "SummaryOnDisk", into = "SummaryOnDisk")]
pub struct PositionsSummary {
    pub status: IssueStatus,
    pub position_authors: Vec<Name>,
    pub challenge_authors: Vec<Name>,
    pub participants: Vec<Name>,
    pub rounds: u64,
    /// The parser's warnings, without the file name they are shown with.
    pub warnings: Vec<String>,
}

impl PositionsSummary {
    pub fn of(text: &str) -> PositionsSummary {
        let positions = Positions::parse(text);
        let owned = |names: Vec<&Name>| names.into_iter().cloned().collect::<Vec<_>>();
        PositionsSummary {
            status: positions.status,
            position_authors: owned(positions.position_authors()),
            challenge_authors: owned(positions.challenge_authors()),
            participants: owned(positions.participants()),
            rounds: positions.entries.iter().map(|e| e.round).max().unwrap_or(0),
            warnings: positions.warnings,
        }
    }
}

/// What was derived from one file, and the identity the file had when it was read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(
    from = "(IdentityOnDisk, T)",
    into = "(IdentityOnDisk, T)",
    bound = "T: Clone + Serialize + serde::de::DeserializeOwned"
)]
pub struct Part<T> {
    pub identity: FileIdentity,
    pub derived: T,
}

/// The parts kept of one issue (`NN-TOPIC.md`): its issue file's title as written (`None`:
/// no `# Issue:` line), and its positions file's summary.
#[derive(Debug, Default, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "KeptOnDisk", into = "KeptOnDisk")]
struct Kept {
    file: String,
    issue: Option<Part<Option<String>>>,
    positions: Option<Part<PositionsSummary>>,
}

// On disk each part is an array of its fields in the order of the structs above (a file of
// 500 issues is read at every overview: arrays parse in a fraction of the time of objects).
/// `[dev, ino, size, mtime_ns, ctime_ns]`, the times as 64 bits (serde_json reads 128-bit
/// numbers by a slow path; 64 bits of nanoseconds reach the year 2262). A time beyond them
/// is written as the lowest number, which no file's time is: its part never vouches.
type IdentityOnDisk = (u64, u64, u64, i64, i64);
type SummaryOnDisk = (
    IssueStatus,
    Vec<Name>,
    Vec<Name>,
    Vec<Name>,
    u64,
    Vec<String>,
);
type KeptOnDisk = (
    String,
    Option<Part<Option<String>>>,
    Option<Part<PositionsSummary>>,
);

impl<T> From<(IdentityOnDisk, T)> for Part<T> {
    fn from(((dev, ino, size, mtime_ns, ctime_ns), derived): (IdentityOnDisk, T)) -> Part<T> {
        let identity = FileIdentity {
            dev,
            ino,
            size,
            mtime_ns: mtime_ns.into(),
            ctime_ns: ctime_ns.into(),
        };
        Part { identity, derived }
    }
}

impl<T> From<Part<T>> for (IdentityOnDisk, T) {
    fn from(Part { identity, derived }: Part<T>) -> (IdentityOnDisk, T) {
        let FileIdentity {
            dev,
            ino,
            size,
            mtime_ns,
            ctime_ns,
        } = identity;
        let time = |ns: i128| i64::try_from(ns).unwrap_or(i64::MIN);
        ((dev, ino, size, time(mtime_ns), time(ctime_ns)), derived)
    }
}

impl From<SummaryOnDisk> for PositionsSummary {
    fn from(
        (status, position_authors, challenge_authors, participants, rounds, warnings): SummaryOnDisk,
    ) -> PositionsSummary {
        PositionsSummary {
            status,
            position_authors,
            challenge_authors,
            participants,
            rounds,
            warnings,
        }
    }
}

impl From<PositionsSummary> for SummaryOnDisk {
    fn from(summary: PositionsSummary) -> SummaryOnDisk {
        (
            summary.status,
            summary.position_authors,
            summary.challenge_authors,
            summary.participants,
            summary.rounds,
            summary.warnings,
        )
    }
}

impl From<KeptOnDisk> for Kept {
    fn from((file, issue, positions): KeptOnDisk) -> Kept {
        Kept {
            file,
            issue,
            positions,
        }
    }
}

impl From<Kept> for KeptOnDisk {
    fn from(kept: Kept) -> KeptOnDisk {
        (kept.file, kept.issue, kept.positions)
    }
}

#[derive(Serialize, Deserialize)]
struct CacheFile {
    version: u32,
    /// Each issue kept, in the order the overview lists them (by number).
    issues: Vec<Kept>,
}

/// The cache as found on disk, taken apart issue by issue while the overview reads, and the
/// one it builds for the next overview.
#[derive(Debug, Default)]
pub struct IssueCache {
    /// What the file holds, each issue taken out once looked at.
    found: Vec<Option<Kept>>,
    /// Where the next issue listed is expected in `found` (the issues are listed in the
    /// order they were kept, unless some came or went).
    cursor: usize,
    /// Issue file name → its place in `found`, made at the first issue out of order.
    places: Option<HashMap<String, usize>>,
    next: Vec<Kept>,
    /// Whether `next` differs from what the file holds for the issues looked at so far.
    changed: bool,
}

/// The parts of the cache that vouch for one issue's files as they are now.
#[derive(Debug, Default)]
pub struct Vouched {
    kept: Kept,
}

impl IssueCache {
    /// The cache on disk; empty when there is none or it cannot be used.
    pub fn load(store: &Store) -> IssueCache {
        let found = match store.read_from(FILE, 0) {
            Ok(Some((_, bytes))) => std::str::from_utf8(&bytes)
                .ok()
                .and_then(|text| serde_json::from_str::<CacheFile>(text).ok())
                .filter(|file| file.version == VERSION)
                .map(|file| file.issues)
                .unwrap_or_default(),
            _ => Vec::new(),
        };
        IssueCache {
            next: Vec::with_capacity(found.len()),
            found: found.into_iter().map(Some).collect(),
            ..IssueCache::default()
        }
    }

    /// Whether the cache holds nothing that could spare a read.
    pub fn is_empty(&self) -> bool {
        self.found.is_empty()
    }

    /// Takes out what is kept of the issue `file`, if anything.
    fn take(&mut self, file: &str) -> Option<Kept> {
        let expected = self.found.get(self.cursor).and_then(Option::as_ref);
        let place = if expected.is_some_and(|kept| kept.file == file) {
            self.cursor
        } else {
            let found = &self.found;
            let places = self.places.get_or_insert_with(|| {
                let kept = found.iter().enumerate();
                kept.filter_map(|(place, kept)| Some((kept.as_ref()?.file.clone(), place)))
                    .collect()
            });
            *places.get(file)?
        };
        self.cursor = place + 1;
        self.found[place].take()
    }

    /// The parts kept for the issue `file` whose identity is the one its files have now: the
    /// issue file was found as `issue`, the positions file as `positions`.
    pub fn vouch(&mut self, file: &str, issue: Found, positions: Found) -> Vouched {
        let Some(kept) = self.take(file) else {
            return Vouched::default();
        };
        let matches = |identity: &FileIdentity, found: Found| found == Found::File(*identity);
        let issue_vouched = kept
            .issue
            .as_ref()
            .is_some_and(|part| matches(&part.identity, issue));
        let positions_vouched = kept.positions.as_ref().is_some_and(|part| {
            matches(&part.identity, positions) && part.derived.status != IssueStatus::Open
        });
        // A part not vouched for is dropped (or replaced by what is read now).
        self.changed |= (kept.issue.is_some() && !issue_vouched)
            || (kept.positions.is_some() && !positions_vouched);
        let vouched = Kept {
            file: kept.file,
            issue: kept.issue.filter(|_| issue_vouched),
            positions: kept.positions.filter(|_| positions_vouched),
        };
        Vouched { kept: vouched }
    }

    /// Keeps for the next overview what this one used of the issue `file`: the parts
    /// `vouched` for, and those derived from the files it read with a settled identity.
    pub fn record(
        &mut self,
        file: &str,
        vouched: Vouched,
        issue: Option<Part<Option<String>>>,
        positions: Option<Part<PositionsSummary>>,
    ) {
        let positions = positions.filter(|part| part.derived.status != IssueStatus::Open);
        // A part read now is new: the one kept (if any) did not vouch for the file.
        self.changed |= issue.is_some() || positions.is_some();
        let kept = Kept {
            file: if vouched.kept.file.is_empty() {
                file.to_owned()
            } else {
                vouched.kept.file
            },
            issue: vouched.kept.issue.or(issue),
            positions: vouched.kept.positions.or(positions),
        };
        if kept.issue.is_some() || kept.positions.is_some() {
            self.next.push(kept);
        }
    }

    /// Writes the cache for the next overview when it differs from what the file holds (see
    /// the module documentation); a failure to write it changes no answer and is ignored.
    pub fn save(self, locked: &Locked) {
        // Issues kept but no longer listed are dropped.
        let left_out = self.found.iter().any(Option::is_some);
        if !self.changed && !left_out {
            return;
        }
        let file = CacheFile {
            version: VERSION,
            issues: self.next,
        };
        let text = serde_json::to_string(&file).expect("the cache always serializes");
        let _ = locked.replace_cache(FILE, &text);
    }
}

impl Vouched {
    /// The title kept for the issue file, as written, when its identity vouches for it.
    pub fn title(&self) -> Option<&Option<String>> {
        self.kept.issue.as_ref().map(|part| &part.derived)
    }

    /// The summary kept for the positions file, with the identity it has now, when that
    /// identity vouches for it.
    pub fn positions(&self) -> Option<&Part<PositionsSummary>> {
        self.kept.positions.as_ref()
    }
}
