//! Multi-file transactions: a set of whole-file replacements committed together.
//!
//! Two files cannot be renamed in one system call, so a command that must change several files
//! at once (the parliament's `ledger.json` and `session.json`) would, if killed between two
//! renames, leave one file new and the other old. [`Locked::commit`] closes that gap with a
//! write-ahead intent journal, `DIR/.parley/transaction.json`:
//!
//! 1. **Stage.** First `.parley/` is flushed, so that the journal an earlier transaction
//!    retired without a flush is gone on the disk before anything of this one is staged.
//!    Each new content is written to its target's spare (`.parley/spare/NAME.spare`, see
//!    [`super::spare`]: no file is made), and the journal, listing for each file its staged
//!    name, its target and the new file's inode, to a spare of its own. All are flushed;
//!    then each new file is renamed from its spare to its staged name beside its target
//!    (`.parley-tmp-staged-NAME`; copied there and flushed where that is another
//!    filesystem, the journal then written again with the copy's inode), and the targets'
//!    directories are flushed, so that each new file has a durable name in its target's own
//!    directory before the journal is. Nothing visible has changed: a file that cannot be
//!    staged sends those already staged back to their spares, and a failure or a crash after
//!    that leaves them under names every reader ignores.
//! 2. **Commit point.** The journal is renamed to its name and `.parley/` is flushed. Once
//!    that is on disk the transaction is decided: it will be completed.
//! 3. **Apply.** Each staged file is exchanged with its target (`renameat2(RENAME_EXCHANGE)`,
//!    within the one directory, so that after a power loss the directory holds both names
//!    exchanged or neither), in the order given; the staged name, which now holds the old
//!    file, is moved to the spare's place, and the targets' directories are flushed. For a
//!    file that extends the old one (the ledger), what the new file and its spare share is
//!    recorded beside the spare ([`super::spare::Shared`]), so that the next extension writes
//!    only what follows and its cost does not grow with the file.
//! 4. **Retire.** The journal is moved aside, unflushed, into the spares' directory, where
//!    the one before it becomes the spare the next journal is written in. So the next
//!    journal is never written into the file the disk may still name as the journal: this
//!    transaction's commit point made this journal, not that one, the disk's journal.
//!
//! **Recovery (roll forward).** Whoever takes the exclusive lock of the directory next first
//! completes a journal it finds: each staged name still present that holds the new file is
//! exchanged with its target; one that holds the old file (exchanged before the crash) is
//! moved to the spare's place (or removed, where the spares' directory cannot take it: a
//! recovery never stops on a spare); a staged name that is gone was applied and flushed.
//! Replaying is idempotent. A completed journal that a power loss brings back (its
//! retirement was not flushed) finds its staged names gone, since its apply was flushed; and
//! it cannot come back once a later transaction has staged a file under the same staged name
//! (a file and its spare trade inodes, so that file may carry the inode the old journal
//! names), since that transaction first flushed the retirement. The journal is then removed,
//! and `.parley/` flushed for the same reason. A
//! journal of an earlier version (`renames`, temporary files) has its staged files still
//! present renamed over their targets; a journal of this version has its entries under
//! another key (`exchanges`), which earlier versions refuse rather than misread. A reader
//! that finds a journal once it holds the shared lock (no writer can leave one while it
//! holds it) lets go, completes it through a short exclusive lock, and asks again. So under
//! the lock nobody ever sees a half-applied transaction.
//!
//! Guaranteed: after a crash at any point and the next lock taken, either every file of the
//! transaction has its new content or every file has its old one. Without the lock a reader
//! may see the targets change one by one in the order given (each file itself is always whole),
//! so callers order their files so that every intermediate state is still consistent for
//! lock-free readers. The lock serialises writers; this module does not replace it.
//!
//! Not guaranteed: the journal's retirement is not flushed (see above); nor is the record of
//! what a spare shares: after a power loss it is lost, unreadable, or describes two files
//! whose contents were both flushed before it was written, which is all it claims.

use std::collections::BTreeSet;
use std::fs::{self, File};
use std::io;
use std::os::unix::fs::{MetadataExt, OpenOptionsExt};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::crash;
use super::locked::Locked;
use super::paths::Store;
use super::read::Tail;
use super::spare;
use super::sys::{start_writeback, sync_dir};
use super::version::Version;
use crate::error::{Error, Result, Status};

/// The intent journal, relative to the store root.
const JOURNAL: &str = ".parley/transaction.json";

/// The prefix of a staged file's name beside its target (a temporary name: every reader
/// ignores it).
const STAGED_PREFIX: &str = ".parley-tmp-staged-";

/// What the journal records: paths relative to the store root.
#[derive(Debug, Default, Serialize, Deserialize)]
struct Journal {
    /// The journal of an earlier version: temporary files renamed over their targets.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    renames: Vec<Rename>,
    /// New files exchanged with their targets.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    exchanges: Vec<Exchange>,
}

impl Journal {
    /// Writes the journal, unflushed, in its spare `at` (to become `path`).
    fn write(&self, at: &Path, path: &Path) -> Result<spare::Written> {
        let text = serde_json::to_string(self).expect("a journal serialises");
        spare::write(at, path, spare::Fill::Bytes(text.as_bytes()))
            .map_err(|e| Error::io("write", at, e))
    }
}

#[derive(Debug, Serialize, Deserialize)]
struct Rename {
    staged: String,
    target: String,
}

#[derive(Debug, Serialize, Deserialize)]
struct Exchange {
    /// The new file's staged name, beside the target.
    staged: String,
    target: String,
    /// The new file's inode: the staged name holds the new file while this is its inode.
    inode: u64,
}

/// The new content of one file of a transaction.
#[derive(Debug, Clone, Copy)]
pub enum Content<'a> {
    /// These bytes, whole.
    Whole(&'a [u8]),
    /// The first `keep` bytes the file has now, then `then`: a file that grows at its end
    /// (the parliament's ledger, rewritten whole at every append so that a reader without the
    /// lock always sees a complete document) is staged by a copy inside the kernel of what it
    /// keeps, which the process never reads. `tail` is the file's end as read under the same
    /// lock: the commit is refused, nothing changed, if the file is no longer the one it was
    /// read from (an edit that ignored the lock), and `keep` must lie within the file.
    Extending {
        tail: &'a Tail,
        keep: u64,
        then: &'a [u8],
    },
}

impl<'a> From<&'a str> for Content<'a> {
    fn from(text: &'a str) -> Content<'a> {
        Content::Whole(text.as_bytes())
    }
}

/// The file `rel` opened for a copy of its first `keep` bytes, after checking that it is
/// still the file `tail` was read from.
fn source_of(store: &Store, rel: &str, tail: &Tail, keep: u64) -> Result<File> {
    let opened = store.open_for_reading(rel)?;
    opened
        .filter(|(_, _, meta)| Version::of(meta) == tail.version && keep <= tail.len)
        .map(|(_, file, _)| file)
        .ok_or_else(|| {
            Error::new(
                Status::Io,
                "IO",
                format!(
                    "{} changed while parley held the directory lock: it was edited by \
                     something that ignores the lock; nothing was written",
                    store.path(rel).display()
                ),
            )
            .with_hint("run the command again")
        })
}

/// One file of a transaction, written in its spare.
struct StagedChange {
    spare: PathBuf,
    staged: PathBuf,
    written: spare::Written,
    /// For a file that extends the old one: the old one, open, and the length they share.
    extends: Option<(File, u64)>,
}

impl Locked<'_> {
    /// Replaces every `(path, content)` of `changes` as one transaction: after a crash, the
    /// next lock holder sees all of them or none (see the module documentation). Targets are
    /// replaced in the order given.
    pub fn commit(&self, changes: &[(&str, Content<'_>)]) -> Result<()> {
        let store = self.store();
        // The journal of an earlier transaction was retired without a flush. Made durable
        // before this one stages anything: otherwise a power loss could bring that journal
        // back, and its replay find under a staged name a file of this transaction (a file
        // and its spare trade inodes, so it may carry the inode that journal names) that
        // this one never committed.
        let journal_path = store.writable_path(JOURNAL)?;
        sync_dir(parent(&journal_path))?;
        let mut staged = Vec::with_capacity(changes.len());
        let mut journal = Journal::default();
        let mut dirs = BTreeSet::new();
        for (rel, content) in changes {
            let target = store.writable_path(rel)?;
            let spare = self.spare_path(rel)?;
            let mut source = None;
            let fill = match content {
                Content::Whole(bytes) => spare::Fill::Bytes(bytes),
                Content::Extending { tail, keep, then } => spare::Fill::Extend {
                    source: source.insert(source_of(store, rel, tail, *keep)?),
                    keep: *keep,
                    then,
                    // What the spare shares with the target, if the record of the last
                    // exchange still describes both.
                    shared: spare::shared_of(&spare).filter(|s| s.target == tail.version),
                },
            };
            let written =
                spare::write(&spare, &target, fill).map_err(|e| Error::io("write", &spare, e))?;
            start_writeback(written.file());
            let inode = written
                .file()
                .metadata()
                .map_err(|e| Error::io("inspect", &spare, e))?
                .ino();
            let (staged_rel, staged_path) = staged_name(rel, &target);
            journal.exchanges.push(Exchange {
                staged: staged_rel,
                target: rel.to_string(),
                inode,
            });
            dirs.insert(parent(&target).to_path_buf());
            let extends = match content {
                Content::Extending { keep, .. } => source.map(|old| (old, *keep)),
                Content::Whole(_) => None,
            };
            staged.push(StagedChange {
                spare,
                staged: staged_path,
                written,
                extends,
            });
        }
        // The journal is written in a spare of its own that is never the file last committed
        // as the journal (see the module documentation): only its rename is the commit point.
        let journal_spare = self.spare_path(JOURNAL)?;
        let written = journal.write(&journal_spare, &journal_path)?;
        start_writeback(written.file());
        // Everything the journal names, and the journal itself, durable before the commit
        // point. Their writes are all under way already (`start_writeback`), so these
        // flushes mostly wait on one another's.
        for change in &staged {
            change
                .written
                .flush()
                .map_err(|e| Error::io("write", &change.spare, e))?;
        }
        written
            .flush()
            .map_err(|e| Error::io("write", &journal_spare, e))?;
        let copied = move_to_staged_names(&staged)?;
        if !copied.is_empty() {
            // A staged name on another filesystem than the spares holds a copy: the journal
            // must name the copy's inode. Not visible yet, it is simply written again.
            for (index, inode) in copied {
                journal.exchanges[index].inode = inode;
            }
            journal
                .write(&journal_spare, &journal_path)?
                .flush()
                .map_err(|e| Error::io("write", &journal_spare, e))?;
        }
        for dir in &dirs {
            sync_dir(dir)?;
        }
        // The commit point.
        fs::rename(&journal_spare, &journal_path)
            .map_err(|e| Error::io("replace", &journal_path, e))?;
        crash::step("rename the journal into place");
        sync_dir(parent(&journal_path))?;
        store.roll_forward(&journal)?;
        for change in &staged {
            if let Some((old, keep)) = &change.extends {
                record_what_is_shared(change, old, *keep);
            }
        }
        retire(&journal_path, &journal_spare);
        Ok(())
    }
}

/// The staged name of `rel` (whose path is `target`): relative to the store, and its path.
fn staged_name(rel: &str, target: &Path) -> (String, PathBuf) {
    let name = target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let staged = format!("{STAGED_PREFIX}{name}");
    let rel = match Path::new(rel).parent() {
        Some(dir) if !dir.as_os_str().is_empty() => format!("{}/{staged}", dir.display()),
        _ => staged.clone(),
    };
    (rel, parent(target).join(staged))
}

fn parent(path: &Path) -> &Path {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    }
}

/// Renames each new file from its spare to its staged name, beside its target; where that
/// is another filesystem, copies it there and flushes the copy. Returns the index and inode
/// of each copy. If one cannot be staged, those already moved go back to their spares and
/// nothing has changed.
fn move_to_staged_names(staged: &[StagedChange]) -> Result<Vec<(usize, u64)>> {
    let mut copied = Vec::new();
    for (done, change) in staged.iter().enumerate() {
        let moved = match fs::rename(&change.spare, &change.staged) {
            Err(e) if e.raw_os_error() == Some(libc::EXDEV) => copy_to_staged(change).map(Some),
            other => other.map(|()| None),
        };
        match moved {
            Ok(copy) => {
                copied.extend(copy.map(|inode| (done, inode)));
                crash::step("move a new file beside its target");
            }
            Err(e) => {
                for back in &staged[..done] {
                    let _ = fs::rename(&back.staged, &back.spare);
                }
                return Err(Error::io("stage", &change.staged, e));
            }
        }
    }
    Ok(copied)
}

/// A flushed copy of `change`'s spare at its staged name (another filesystem); its inode.
fn copy_to_staged(change: &StagedChange) -> io::Result<u64> {
    let _ = fs::remove_file(&change.staged);
    let mut copy = fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .custom_flags(libc::O_NOFOLLOW | libc::O_CLOEXEC)
        .open(&change.staged)?;
    io::copy(&mut File::open(&change.spare)?, &mut copy)?;
    copy.sync_all()?;
    Ok(copy.metadata()?.ino())
}

/// After the exchange that put `change` in place: records that the target's old file, now
/// its spare, shares its first `keep` bytes with the new one, so that the next extension
/// copies only what follows ([`spare::Shared`]). Only when the exchange did happen.
fn record_what_is_shared(change: &StagedChange, old: &File, keep: u64) {
    let (Ok(new), Ok(old), Ok(at_spare)) = (
        change.written.file().metadata(),
        old.metadata(),
        fs::symlink_metadata(&change.spare),
    ) else {
        return;
    };
    if (at_spare.dev(), at_spare.ino()) != (old.dev(), old.ino()) {
        return;
    }
    let shared = spare::Shared {
        bytes: keep,
        spare: Version::of(&old),
        target: Version::of(&new),
    };
    spare::record_shared(&change.spare, &shared);
}

/// Moves the journal of a completed transaction aside, unflushed, as the file the one
/// after next is written in: the journal's spare then holds the one before, which is no
/// longer the journal even on the disk (this transaction's commit point flushed that).
/// Whatever fails here leaves the journal removed instead, or present: replaying a
/// completed journal changes nothing.
fn retire(journal_path: &Path, journal_spare: &Path) {
    let mut retired = journal_spare.as_os_str().to_owned();
    retired.push(".retired");
    let retired = PathBuf::from(retired);
    let moved = match fs::rename(&retired, journal_spare) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(e),
    }
    .and_then(|()| {
        crash::step("move the retired journal to the journal's spare");
        fs::rename(journal_path, &retired)
    });
    match moved {
        Ok(()) => crash::step("retire the journal"),
        Err(_) => {
            let _ = fs::remove_file(journal_path);
        }
    }
}

impl Store {
    /// Whether a transaction's journal is waiting to be completed.
    pub fn journal_pending(&self) -> bool {
        fs::symlink_metadata(self.root().join(JOURNAL)).is_ok()
    }

    /// Completes the transaction a crash interrupted, if any. Called with the exclusive lock.
    pub(super) fn recover(&self) -> Result<()> {
        let Some(text) = self.read(JOURNAL)? else {
            return Ok(());
        };
        let journal: Journal = serde_json::from_str(&text)
            .map_err(|e| Error::malformed(&self.path(JOURNAL), Some(e.line()), e))?;
        self.roll_forward(&journal)?;
        let journal_path = self.root().join(JOURNAL);
        match fs::remove_file(&journal_path) {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::NotFound => {}
            Err(e) => return Err(Error::io("remove", &journal_path, e)),
        }
        // Gone on the disk too before anything else is written (as in `commit`).
        sync_dir(parent(&journal_path))
    }

    /// Puts every staged file not yet in place in place, then flushes the targets'
    /// directories. Replaying it is harmless (see the module documentation).
    fn roll_forward(&self, journal: &Journal) -> Result<()> {
        let mut dirs = BTreeSet::new();
        for rename in &journal.renames {
            let staged = self.checked_path(&rename.staged)?;
            let target = self.writable_path(&rename.target)?;
            match fs::rename(&staged, &target) {
                Ok(()) => crash::step("rename a staged file over its target"),
                // Already renamed before the crash.
                Err(e) if e.kind() == io::ErrorKind::NotFound => {}
                Err(e) => return Err(Error::io("replace", &target, e)),
            }
            dirs.insert(parent(&target).to_path_buf());
        }
        for exchange in &journal.exchanges {
            let target = self.writable_path(&exchange.target)?;
            self.exchange_staged(exchange, &target)?
                .map_err(|e| Error::io("replace", &target, e))?;
            dirs.insert(parent(&target).to_path_buf());
        }
        for dir in &dirs {
            sync_dir(dir)?;
        }
        Ok(())
    }

    /// Puts one staged file in place of `target`, unless it already is, and moves the old
    /// file to the target's spare.
    fn exchange_staged(&self, exchange: &Exchange, target: &Path) -> Result<io::Result<()>> {
        let staged = self.checked_path(&exchange.staged)?;
        let inode_at = |path: &Path| fs::symlink_metadata(path).ok().map(|m| m.ino());
        let Some(at_staged) = inode_at(&staged) else {
            // Applied, and flushed, before.
            return Ok(Ok(()));
        };
        let old_at_staged = if at_staged == exchange.inode {
            match spare::put_in_place(&staged, target) {
                Ok(spare::Placed::Exchanged) => true,
                // No target before: the new file was renamed into place, nothing is left.
                Ok(spare::Placed::Replaced) => false,
                Err(e) => return Ok(Err(e)),
            }
        } else {
            // Exchanged before the crash: the staged name holds the old file, if the target
            // is the new one. Anything else there is not this transaction's, and stays.
            inode_at(target) == Some(exchange.inode)
        };
        if old_at_staged {
            self.keep_as_spare(&staged, &exchange.target);
        }
        Ok(Ok(()))
    }

    /// Moves the old file at `staged` to the spare's place of `target_rel`, or, where that
    /// cannot be (no usable spares' directory, another filesystem), removes it: a spare is
    /// only ever a saving, and a recovery must never stop on one.
    fn keep_as_spare(&self, staged: &Path, target_rel: &str) {
        let spare_rel = spare::spare_rel(target_rel);
        let spares = self.root().join(spare::SPARE_DIR);
        let kept = match fs::symlink_metadata(&spares) {
            Ok(meta) => meta.is_dir(),
            Err(e) if e.kind() == io::ErrorKind::NotFound => fs::create_dir(&spares).is_ok(),
            Err(_) => false,
        } && self
            .writable_path(&spare_rel)
            .is_ok_and(|spare| fs::rename(staged, spare).is_ok());
        if kept {
            crash::step("move the old file to the spare");
        } else {
            let _ = fs::remove_file(staged);
            crash::step("remove an old file that cannot be a spare");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::LockMode;
    use super::super::tests::store;
    use super::*;

    /// The names in the store's root other than the file given: litter a commit left.
    fn others(store: &Store, but: &str) -> Vec<String> {
        fs::read_dir(store.root())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|name| name != but && name != super::super::PARLEY_DIR)
            .collect()
    }

    #[test]
    fn an_extending_change_keeps_the_beginning_the_tail_was_read_from() {
        let (_dir, store) = store();
        fs::write(store.path("f.json"), "[1, 2, 3]\n").unwrap();
        let tail = store.read_tail("f.json", 4).unwrap().unwrap();
        assert_eq!(
            (tail.bytes.as_slice(), tail.len, tail.start()),
            (&b" 3]\n"[..], 10, 6)
        );
        let locked = store.lock(LockMode::Exclusive, "test").unwrap();
        let change = Content::Extending {
            tail: &tail,
            keep: 8,
            then: b", 4]\n",
        };
        locked.commit(&[("f.json", change)]).unwrap();
        assert_eq!(
            fs::read_to_string(store.path("f.json")).unwrap(),
            "[1, 2, 3, 4]\n"
        );
        assert!(!store.journal_pending());
        assert_eq!(others(&store, "f.json"), Vec::<String>::new());
    }

    #[test]
    fn an_extending_change_of_a_file_replaced_since_its_tail_was_read_changes_nothing() {
        let (_dir, store) = store();
        fs::write(store.path("f.json"), "[1, 2, 3]\n").unwrap();
        fs::write(store.path("g.json"), "old\n").unwrap();
        let tail = store.read_tail("f.json", 4).unwrap().unwrap();
        // An edit that ignored the lock: another file of the same size put in its place.
        fs::write(store.path("edited"), "[7, 8, 9]\n").unwrap();
        fs::rename(store.path("edited"), store.path("f.json")).unwrap();
        let locked = store.lock(LockMode::Exclusive, "test").unwrap();
        let changes = [
            ("g.json", Content::from("new\n")),
            (
                "f.json",
                Content::Extending {
                    tail: &tail,
                    keep: 8,
                    then: b", 4]\n",
                },
            ),
        ];
        let error = locked.commit(&changes).unwrap_err();
        assert!(
            error.message.contains("changed while parley held"),
            "{error}"
        );
        assert_eq!(
            fs::read_to_string(store.path("f.json")).unwrap(),
            "[7, 8, 9]\n"
        );
        assert_eq!(fs::read_to_string(store.path("g.json")).unwrap(), "old\n");
        assert!(!store.journal_pending());
        let mut litter = others(&store, "f.json");
        litter.retain(|name| name != "g.json");
        assert_eq!(litter, Vec::<String>::new());
    }

    /// A journal left by a crash after its commit point, with the spares' directory removed
    /// since (as litter, say): recovery still completes, once, and the lock is handed out.
    #[test]
    fn a_journal_is_completed_even_without_the_spares_directory() {
        use std::os::unix::fs::MetadataExt;
        let (_dir, store) = store();
        fs::write(store.path("f.json"), "old\n").unwrap();
        fs::write(store.path(".parley-tmp-staged-f.json"), "new\n").unwrap();
        let inode = fs::metadata(store.path(".parley-tmp-staged-f.json"))
            .unwrap()
            .ino();
        fs::write(
            store.path(JOURNAL),
            format!(
                r#"{{"exchanges":[{{"staged":".parley-tmp-staged-f.json","target":"f.json","inode":{inode}}}]}}"#
            ),
        )
        .unwrap();
        assert!(!store.path(".parley/spare").exists());
        drop(store.lock(LockMode::Exclusive, "test").unwrap());
        assert_eq!(fs::read_to_string(store.path("f.json")).unwrap(), "new\n");
        assert!(!store.journal_pending());
        assert!(!store.path(".parley-tmp-staged-f.json").exists());
        drop(store.lock(LockMode::Shared, "test").unwrap());
    }
}
