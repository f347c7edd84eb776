//! Multi-file transactions: a set of whole-file replacements committed together.
//!
//! Two files cannot be renamed in one system call, so a command that must change several files
//! at once (the parliament's `ledger.json` and `session.json`) would, if killed between two
//! renames, leave one file new and the other old. [`Locked::commit`] closes that gap with a
//! write-ahead intent journal, `DIR/.parley/transaction.json`:
//!
//! 1. **Stage.** Each new content is written to a temporary file `.parley-tmp-*` beside its
//!    target and fsynced, and so are the directories holding them (recovery reads a staged
//!    file that is gone as one already renamed, so its name must be durable before the
//!    journal is). Nothing visible has changed; a crash here leaves only litter that every
//!    reader ignores.
//! 2. **Commit point.** The journal, listing every (staged file, target) pair, is written
//!    atomically (temp, fsync, rename, fsync directory). Once it is on disk the transaction is
//!    decided: it will be completed.
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
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::{Locked, PARLEY_DIR, Store, crash, sync_dir, write_atomic};
use crate::error::{Error, Result};

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

impl Locked<'_> {
    /// Replaces every `(path, content)` of `changes` as one transaction: after a crash, the
    /// next lock holder sees all of them or none (see the module documentation). Targets are
    /// replaced in the order given.
    pub fn commit(&self, changes: &[(&str, &str)]) -> Result<()> {
        let store = self.store();
        let mut staged = Vec::with_capacity(changes.len());
        let mut staging_dirs = BTreeSet::new();
        for (rel, content) in changes {
            let target = store.writable_path(rel)?;
            let dir = target.parent().unwrap_or(Path::new("."));
            staging_dirs.insert(dir.to_path_buf());
            let temp = super::temp_file_in(dir)
                .map_err(|e| Error::io("create a temporary file in", dir, e))?;
            crash::write_all(temp.as_file(), content.as_bytes(), "stage a file")
                .and_then(|()| temp.as_file().sync_all())
                .map_err(|e| Error::io("write", temp.path(), e))?;
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
            // Until the journal is written, dropping the temporary path deletes it: a failed
            // commit leaves nothing behind.
            staged.push((staged_rel, rel.to_string(), temp.into_temp_path()));
        }
        // The staged files' names must be on disk before the journal: recovery reads a
        // missing staged file as one already renamed.
        for dir in &staging_dirs {
            sync_dir(dir)?;
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
        let text = serde_json::to_string(&journal).expect("a journal serialises");
        write_atomic(&store.writable_path(JOURNAL)?, text.as_bytes())?;
        // Decided: the staged files now belong to the journal.
        for (_, _, path) in staged {
            path.keep()
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
