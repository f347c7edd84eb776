//! Multi-file transactions: a set of whole-file replacements committed together.
//!
//! Two files cannot be renamed in one system call, so a command that must change several files
//! at once (the parliament's `ledger.json` and `session.json`) would, if killed between two
//! renames, leave one file new and the other old. [`Locked::commit`] closes that gap with a
//! write-ahead intent journal, `DIR/.parley/transaction.json`:
//!
//! 1. **Stage.** Each new content is written to a temporary file `.parley-tmp-*` beside its
//!    target, and the journal, listing every (staged file, target) pair, to a temporary file
//!    in `.parley/`; all of them are fsynced, and so are the directories holding the staged
//!    files (recovery reads a staged file that is gone as one already renamed, so its name
//!    must be durable before the journal is). Nothing visible has changed; a crash here
//!    leaves only litter that every reader ignores.
//! 2. **Commit point.** The journal's temporary file is renamed to its name and `.parley/` is
//!    fsynced. Once that is on disk the transaction is decided: it will be completed.
//! 3. **Apply.** Each staged file is renamed over its target, in the order given, and the
//!    directories are fsynced.
//! 4. **Retire.** The journal is removed.
//!
//! **Recovery (roll forward).** Whoever takes the exclusive lock of the directory next first
//! completes a journal it finds: every staged file still present is renamed over its target
//! (one already renamed is gone, so replaying is idempotent), then the journal is removed. A
//! reader that finds a journal once it holds the shared lock (no writer can leave one while
//! it holds it) lets go, completes it through a short exclusive lock, and asks again. So
//! under the lock nobody ever sees a half-applied transaction.
//!
//! Guaranteed: after a crash at any point and the next lock taken, either every file of the
//! transaction has its new content or every file has its old one. Without the lock a reader
//! may see the targets change one by one in the order given (each file itself is always whole),
//! so callers order their files so that every intermediate state is still consistent for
//! lock-free readers. The lock serialises writers; this module does not replace it.
//!
//! Not guaranteed: the journal's removal is not fsynced (a journal that survives a crash names
//! staged files that are all gone, so replaying it changes nothing); staged files of a
//! transaction that crashed before its commit point are left as ignored litter, like every
//! temporary file of the store.

use std::collections::BTreeSet;
use std::fs::{self, File};
use std::io::{self, Read};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::{FileIdentity, Locked, PARLEY_DIR, Store, Tail, crash, start_writeback, sync_dir};
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

impl Content<'_> {
    /// The bytes the process writes itself.
    fn written(&self) -> &[u8] {
        match self {
            Content::Whole(bytes) => bytes,
            Content::Extending { then, .. } => then,
        }
    }
}

/// Copies the first `keep` bytes of `rel` into `staged`, after checking that `rel` is still
/// the file `tail` was read from. The copy goes through `copy_file_range` where the kernel has
/// it (`std::io::copy` between two files): no user-space buffer, no page faults.
fn copy_kept(
    store: &Store,
    rel: &str,
    tail: &Tail,
    keep: u64,
    staged: &File,
) -> Result<io::Result<()>> {
    let opened = store.open_for_reading(rel)?;
    let Some((_, file, _)) =
        opened.filter(|(_, _, meta)| FileIdentity::of(meta) == tail.identity && keep <= tail.len)
    else {
        return Err(Error::new(
            Status::Io,
            "IO",
            format!(
                "{} changed while parley held the directory lock: it was edited by something \
                 that ignores the lock; nothing was written",
                store.path(rel).display()
            ),
        )
        .with_hint("run the command again"));
    };
    let mut writer = staged;
    Ok(
        io::copy(&mut (&file).take(keep), &mut writer).and_then(|copied| {
            if copied == keep {
                Ok(())
            } else {
                Err(io::Error::new(
                    io::ErrorKind::UnexpectedEof,
                    "the file shrank during the copy",
                ))
            }
        }),
    )
}

impl Locked<'_> {
    /// Replaces every `(path, content)` of `changes` as one transaction: after a crash, the
    /// next lock holder sees all of them or none (see the module documentation). Targets are
    /// replaced in the order given.
    pub fn commit(&self, changes: &[(&str, Content<'_>)]) -> Result<()> {
        let store = self.store();
        let mut staged = Vec::with_capacity(changes.len());
        let mut staging_dirs = BTreeSet::new();
        for (rel, content) in changes {
            let target = store.writable_path(rel)?;
            let dir = target.parent().unwrap_or(Path::new("."));
            staging_dirs.insert(dir.to_path_buf());
            let temp = super::temp_file_in(dir)
                .map_err(|e| Error::io("create a temporary file in", dir, e))?;
            let kept = match content {
                Content::Whole(_) => Ok(()),
                Content::Extending { tail, keep, .. } => {
                    copy_kept(store, rel, tail, *keep, temp.as_file())?
                }
            };
            kept.and_then(|()| crash::write_all(temp.as_file(), content.written(), "stage a file"))
                .map_err(|e| Error::io("write", temp.path(), e))?;
            start_writeback(temp.as_file());
            let name = temp
                .path()
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            let staged_rel = match Path::new(rel).parent() {
                Some(parent) if !parent.as_os_str().is_empty() => {
                    format!("{}/{name}", parent.display())
                }
                _ => name,
            };
            // Until the journal is written, dropping the temporary file deletes it: a failed
            // commit leaves nothing behind.
            staged.push((staged_rel, rel.to_string(), temp));
        }
        let journal = Journal {
            renames: staged
                .iter()
                .map(|(staged, target, _)| Rename {
                    staged: staged.clone(),
                    target: target.clone(),
                })
                .collect(),
        };
        // The journal's content is written beside the staged files, under a temporary name
        // that recovery never reads: only its rename (below) is the commit point.
        let journal_path = store.writable_path(JOURNAL)?;
        let journal_dir = journal_path.parent().unwrap_or(Path::new("."));
        let journal_temp = super::temp_file_in(journal_dir)
            .map_err(|e| Error::io("create a temporary file in", journal_dir, e))?;
        let text = serde_json::to_string(&journal).expect("a journal serialises");
        crash::write_all(journal_temp.as_file(), text.as_bytes(), "write the journal")
            .map_err(|e| Error::io("write", journal_temp.path(), e))?;
        start_writeback(journal_temp.as_file());
        // Everything the journal names, and the journal itself, durable before the commit
        // point: the staged files' names too, since recovery reads a missing staged file as
        // one already renamed. Their writes are all under way already (`start_writeback`),
        // so these flushes mostly wait on one another's.
        for (_, _, temp) in &staged {
            temp.as_file()
                .sync_all()
                .map_err(|e| Error::io("write", temp.path(), e))?;
        }
        journal_temp
            .as_file()
            .sync_all()
            .map_err(|e| Error::io("write", journal_temp.path(), e))?;
        for dir in &staging_dirs {
            sync_dir(dir)?;
        }
        // The commit point.
        journal_temp
            .persist(&journal_path)
            .map_err(|e| Error::io("replace", &journal_path, e.error))?;
        crash::step("rename the journal into place");
        sync_dir(journal_dir)?;
        // Decided: the staged files now belong to the journal.
        for (_, _, temp) in staged {
            temp.into_temp_path()
                .keep()
                .map_err(|e| Error::io("keep", &e.path, e.error))?;
        }
        store.roll_forward(&journal)
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
        self.roll_forward(&journal)
    }

    /// Renames every staged file still present over its target, syncs, retires the journal.
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
            dirs.insert(target.parent().map(Path::to_path_buf).unwrap_or_default());
        }
        for dir in &dirs {
            sync_dir(dir)?;
        }
        let journal_path: PathBuf = self.root.join(PARLEY_DIR).join("transaction.json");
        match fs::remove_file(&journal_path) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
            Err(e) => Err(Error::io("remove", &journal_path, e)),
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
            .filter(|name| name != but && name != PARLEY_DIR)
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
