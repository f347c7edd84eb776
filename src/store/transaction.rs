//! Multi-file transactions: a set of whole-file replacements committed together.
//!
//! Two files cannot be renamed in one system call, so a command that must change several files
//! at once (the parliament's `ledger.json` and `session.json`) would, if killed between two
//! renames, leave one file new and the other old. [`Locked::commit`] closes that gap with a
//! write-ahead intent journal, `DIR/.parley/transaction.json`:
//!
//! 1. **Stage.** Each new content is written to its target's spare
//!    (`.parley/spare/NAME.spare`, see [`super::spare`]), and the journal, listing every
//!    (spare, target, the spare's inode) triple, to a spare of its own; all of them are
//!    flushed, and so is `.parley/spare/` (recovery finds each staged file by its name, so
//!    that name must be durable before the journal is). Nothing visible has changed; a crash
//!    here leaves spares that nothing reads as state.
//! 2. **Commit point.** The journal is renamed to its name and `.parley/` is flushed. Once
//!    that is on disk the transaction is decided: it will be completed.
//! 3. **Apply.** Each spare is exchanged with its target (`renameat2(RENAME_EXCHANGE)`), in
//!    the order given, and the targets' directories are flushed. The old files become the
//!    spares; for a file that extends the old one (the ledger), what the two share is
//!    recorded beside the spare ([`super::spare::Shared`]), so that the next extension
//!    writes only what follows it and its cost does not grow with the file.
//! 4. **Retire.** The journal is moved aside, unflushed, into the spares' directory, where
//!    the one before it becomes the spare the next journal is written in. So the next
//!    journal is never written into the file the disk may still name as the journal: this
//!    transaction's commit point made this journal, not that one, the disk's journal.
//!
//! **Recovery (roll forward).** Whoever takes the exclusive lock of the directory next first
//! completes a journal it finds: every target that is not yet the staged inode is exchanged
//! with its spare if the spare is that inode (a target that already is, or a spare that no
//! longer is, is left: replaying is idempotent), then the journal is removed. A journal of an
//! earlier version, whose staged files were temporary files, has its staged files still
//! present renamed over their targets. A reader that finds a journal once it holds the
//! shared lock (no writer can leave one while it holds it) lets go, completes it through a
//! short exclusive lock, and asks again. So under the lock nobody ever sees a half-applied
//! transaction.
//!
//! Guaranteed: after a crash at any point and the next lock taken, either every file of the
//! transaction has its new content or every file has its old one. Without the lock a reader
//! may see the targets change one by one in the order given (each file itself is always whole),
//! so callers order their files so that every intermediate state is still consistent for
//! lock-free readers. The lock serialises writers; this module does not replace it.
//!
//! Not guaranteed: the journal's retirement is not flushed (a journal that survives a crash
//! names targets that are all in place, so replaying it changes nothing); the record of what
//! a spare shares is not flushed either (after a power loss it no longer matches the files'
//! identities, and the next extension copies the whole file).

use std::collections::BTreeSet;
use std::fs::{self, File};
use std::io;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::{FileIdentity, Locked, Store, Tail, crash, spare, start_writeback, sync_dir};
use crate::error::{Error, Result, Status};

/// The intent journal, relative to the store root.
const JOURNAL: &str = ".parley/transaction.json";

/// What the journal records: paths relative to the store root.
#[derive(Debug, Serialize, Deserialize)]
struct Journal {
    renames: Vec<Rename>,
}

#[derive(Debug, Serialize, Deserialize)]
struct Rename {
    staged: String,
    target: String,
    /// The inode of the staged file, when it is the target's spare, exchanged with it: the
    /// target is then in place once it is that inode. Absent in the journals of earlier
    /// versions, whose staged files were temporary files renamed over their targets.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    exchange: Option<u64>,
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
        .filter(|(_, _, meta)| FileIdentity::of(meta) == tail.identity && keep <= tail.len)
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
        let mut staged = Vec::with_capacity(changes.len());
        let mut renames = Vec::with_capacity(changes.len());
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
                    shared: spare::shared_of(&spare).filter(|s| s.target == tail.identity),
                },
            };
            let written =
                spare::write(&spare, &target, fill).map_err(|e| Error::io("write", &spare, e))?;
            start_writeback(written.file());
            renames.push(Rename::of(rel, &written, &spare)?);
            let extends = match content {
                Content::Extending { keep, .. } => source.map(|old| (old, *keep)),
                Content::Whole(_) => None,
            };
            staged.push(StagedChange {
                spare,
                written,
                extends,
            });
        }
        let journal = Journal { renames };
        // The journal is written in a spare of its own that is never the file last committed
        // as the journal (see the module documentation): only its rename is the commit point.
        let journal_path = store.writable_path(JOURNAL)?;
        let journal_spare = self.spare_path(JOURNAL)?;
        let text = serde_json::to_string(&journal).expect("a journal serialises");
        let written = spare::write(
            &journal_spare,
            &journal_path,
            spare::Fill::Bytes(text.as_bytes()),
        )
        .map_err(|e| Error::io("write", &journal_spare, e))?;
        start_writeback(written.file());
        // Everything the journal names, and the journal itself, durable before the commit
        // point, the spares' names too: recovery finds each staged file by its name. Their
        // writes are all under way already (`start_writeback`), so these flushes mostly wait
        // on one another's.
        for change in &staged {
            change
                .written
                .flush()
                .map_err(|e| Error::io("write", &change.spare, e))?;
        }
        written
            .flush()
            .map_err(|e| Error::io("write", &journal_spare, e))?;
        let spares_dir = store.writable_path(spare::SPARE_DIR)?;
        sync_dir(&spares_dir)?;
        // The commit point.
        fs::rename(&journal_spare, &journal_path)
            .map_err(|e| Error::io("replace", &journal_path, e))?;
        crash::step("rename the journal into place");
        sync_dir(journal_path.parent().unwrap_or(Path::new(".")))?;
        store.roll_forward(&journal)?;
        for change in &staged {
            if let Some((old, keep)) = &change.extends {
                record_what_is_shared(change, old, *keep);
            }
        }
        self.retire(&journal_path, &journal_spare);
        Ok(())
    }

    /// Moves the journal of a completed transaction aside, unflushed, as the file the one
    /// after next is written in: the journal's spare then holds the one before, which is no
    /// longer the journal even on the disk (this transaction's commit point flushed that).
    /// Whatever fails here leaves the journal removed instead, or present: replaying a
    /// completed journal changes nothing.
    fn retire(&self, journal_path: &Path, journal_spare: &Path) {
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
    use std::os::unix::fs::MetadataExt;
    if (at_spare.dev(), at_spare.ino()) != (old.dev(), old.ino()) {
        return;
    }
    let shared = spare::Shared {
        bytes: keep,
        spare: FileIdentity::of(&old),
        target: FileIdentity::of(&new),
    };
    spare::record_shared(&change.spare, &shared);
}

impl Rename {
    /// The journal's entry for `rel`, staged in its spare (`written`, at `path`).
    fn of(rel: &str, written: &spare::Written, path: &Path) -> Result<Rename> {
        use std::os::unix::fs::MetadataExt;
        let meta = written
            .file()
            .metadata()
            .map_err(|e| Error::io("inspect", path, e))?;
        Ok(Rename {
            staged: spare::spare_rel(rel),
            target: rel.to_string(),
            exchange: Some(meta.ino()),
        })
    }
}

impl Store {
    /// Whether a transaction's journal is waiting to be completed.
    pub fn journal_pending(&self) -> bool {
        fs::symlink_metadata(self.root.join(JOURNAL)).is_ok()
    }

    /// Completes the transaction a crash interrupted, if any. Called with the exclusive lock.
    pub(super) fn recover(&self) -> Result<()> {
        let Some(text) = self.read(JOURNAL)? else {
            return Ok(());
        };
        let journal: Journal = serde_json::from_str(&text)
            .map_err(|e| Error::malformed(&self.path(JOURNAL), Some(e.line()), e))?;
        self.roll_forward(&journal)?;
        let journal_path = self.root.join(JOURNAL);
        match fs::remove_file(&journal_path) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
            Err(e) => Err(Error::io("remove", &journal_path, e)),
        }
    }

    /// Puts every staged file not yet in place in place, then flushes the targets'
    /// directories. Replaying it is harmless: a file already in place is left.
    fn roll_forward(&self, journal: &Journal) -> Result<()> {
        let mut dirs = BTreeSet::new();
        for rename in &journal.renames {
            let staged = self.checked_path(&rename.staged)?;
            let target = self.writable_path(&rename.target)?;
            let placed = match rename.exchange {
                // Staged in the target's spare: put in place unless it already is (the
                // target is that file) or the spare no longer holds it.
                Some(ino) => {
                    use std::os::unix::fs::MetadataExt;
                    let is_staged =
                        |path: &Path| fs::symlink_metadata(path).is_ok_and(|m| m.ino() == ino);
                    if is_staged(&target) || !is_staged(&staged) {
                        Ok(())
                    } else {
                        spare::put_in_place(&staged, &target).map(|_| ())
                    }
                }
                // Staged in a temporary file (a journal of an earlier version): renamed
                // over the target, unless already renamed (it is gone).
                None => match fs::rename(&staged, &target) {
                    Ok(()) => {
                        crash::step("rename a staged file over its target");
                        Ok(())
                    }
                    Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
                    Err(e) => Err(e),
                },
            };
            placed.map_err(|e| Error::io("replace", &target, e))?;
            dirs.insert(target.parent().map(Path::to_path_buf).unwrap_or_default());
        }
        for dir in &dirs {
            sync_dir(dir)?;
        }
        Ok(())
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
}
