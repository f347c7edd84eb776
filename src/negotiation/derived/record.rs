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

use rustc_hash::FxHashMap;

use serde_json::json;

use crate::context::Ctx;
use crate::error::Result;
use crate::store::{Locked, Store, Version};

use crate::negotiation::derived::digests::DigestsHead;
use crate::negotiation::derived::digests::Edit;
use crate::negotiation::derived::digests::FileDigest;
use crate::negotiation::derived::digests::NotesRecord;
use crate::negotiation::derived::digests::{DigestRecord, Digests};
use crate::negotiation::derived::digests_file;
use crate::negotiation::model::fnv::fnv_bytes;
use crate::negotiation::model::issues;
use crate::negotiation::model::log::{Event, EventKind};
use crate::negotiation::model::notes;
use crate::negotiation::model::positions;
use crate::negotiation::model::positions::SectionKind;
use crate::negotiation::model::{Actor, State};

/// Every edit not acknowledged: those logged at earlier hand-overs, then those made since the
/// last record (attributed to the current holder).
pub fn unaccepted_edits(store: &Store, state: &State, ledger: &Digests) -> Result<Vec<Edit>> {
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
    ledger: &Digests,
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
    head: &DigestsHead,
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
    if let Some(edit) = notes_edit(store, state, head.notes.as_ref())?
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
fn current_edits(store: &Store, state: &State, ledger: &Digests, seen: &Seen) -> Result<Vec<Edit>> {
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

/// What the ledger said of one positions file before a hand-over recorded anything.
pub struct Before {
    /// It has a record.
    pub recorded: bool,
    /// Its last record has no status line or an OPEN one.
    pub open: bool,
    /// A command recorded it during the turn that ends.
    pub this_turn: bool,
}

impl ToRecord {
    /// What the ledger said of `file` before these records: read from the ledger's head and
    /// the list of recorded files, never from the records (a hand-off of 500 issues must not
    /// parse them all).
    pub fn before(&self, file: &str) -> Before {
        let (head, recorded) = match self {
            ToRecord::AsKept(opened) => (opened.ledger_head(), opened.has_record(file)),
            ToRecord::Compared { loaded, .. } => (
                &loaded.ledger.head,
                loaded.ledger.baselines.contains_key(file),
            ),
        };
        Before {
            recorded,
            open: head.recorded_open(file),
            this_turn: head.recorded_this_turn(file),
        }
    }

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
    ledger: &Digests,
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
    ledger: &Digests,
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
                .event(ctx, EventKind::Edit)
                .change(None, Some(file.to_owned()))
                .with_detail(json!(edit)),
        );
    }
    if !unchanged {
        events.push(
            actor
                .event(ctx, EventKind::Digest)
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

/// A rewrite of `notes.md` since its last note: the file no longer starts with the bytes the
/// last `note` recorded. Reported like an edit of recorded positions.
pub fn notes_edit(
    store: &Store,
    state: &State,
    record: Option<&NotesRecord>,
) -> Result<Option<Edit>> {
    let Some(record) = record else {
        return Ok(None);
    };
    let text = store.read(notes::FILE)?.unwrap_or_default();
    let kept = text.as_bytes().get(..record.bytes as usize).map(fnv_bytes);
    if kept.as_deref() == Some(record.digest.as_str()) {
        return Ok(None);
    }
    Ok(Some(Edit {
        file: notes::FILE.to_owned(),
        change: if text.is_empty() { "deleted" } else { "edited" }.to_owned(),
        entry: "the notes written before".to_owned(),
        owner: None,
        line: None,
        holder: state.turn.word().to_owned(),
        since: record.at.clone(),
    }))
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::names::Name;
    use crate::negotiation::derived::digests::sorted_map;
    use crate::negotiation::model::positions::{EntryKind, IssueStatus};
    use serde::Deserialize;

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
