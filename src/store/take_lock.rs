//! Taking a store's lock: the one way to a [`Locked`] store. An exclusive holder first
//! completes a transaction a crash interrupted; a shared one that finds such a transaction
//! lets the exclusive lock complete it before anything is read.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use super::lock::{self, LockMode};
use super::locked::Locked;
use super::paths::{PARLEY_DIR, Store};
use crate::error::{Error, Result};

impl Store {
    /// Takes the directory lock, waiting at most the lock timeout. `label` says who we are
    /// ("parley hand-off agent-alpha") to anyone who has to wait for us.
    pub fn lock(&self, mode: LockMode, label: &str) -> Result<Locked<'_>> {
        let dir = self.root().join(PARLEY_DIR);
        match fs::symlink_metadata(&dir) {
            Ok(meta) if meta.file_type().is_symlink() => return Err(Error::symlink(&dir)),
            Ok(meta) if meta.is_dir() => {}
            Ok(_) => {
                return Err(Error::malformed(&dir, None, "is not a directory"));
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                // A directory made by the old scripts: give it parley's folder.
                fs::create_dir(&dir)
                    .or_else(|e| {
                        if e.kind() == io::ErrorKind::AlreadyExists {
                            Ok(())
                        } else {
                            Err(e)
                        }
                    })
                    .map_err(|e| Error::io("create", &dir, e))?;
            }
            Err(e) => return Err(Error::io("inspect", &dir, e)),
        }
        loop {
            let guard = lock::acquire(&lock_path(self.root()), mode, &self.lock_wait, label)?;
            if mode == LockMode::Exclusive {
                self.recover()?;
            } else if self.journal_pending() {
                // A crash interrupted a transaction: complete it before reading (see
                // transaction.rs). Checked with the shared lock held, so that no writer can
                // die between the check and the read; the exclusive lock completes it.
                drop(guard);
                drop(self.lock(LockMode::Exclusive, label)?);
                continue;
            }
            return Ok(Locked::new(self, guard));
        }
    }
}

/// The lock file of the store rooted at `root`: never renamed or replaced (see
/// `docs/design.md`, "The lock").
fn lock_path(root: &Path) -> PathBuf {
    root.join(PARLEY_DIR).join("lock")
}
