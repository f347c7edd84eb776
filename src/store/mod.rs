//! The store layer: the only code that locks, renames, creates or appends.
//!
//! A [`Store`] is a directory parley owns (a negotiation directory). Reading needs nothing;
//! every change goes through a [`Locked`] handle, which exists only while the directory lock
//! is held, so "read, decide, write" is serialized by construction.
//!
//! Guarantees, for every write made through this module:
//! - **Atomic replacement**: a changed file's new content is written to its *spare* (the
//!   file it replaced last time, kept in `.parley/spare/`, written over only while nobody has
//!   it open; otherwise a new file), fsynced, exchanged with the old one in one rename, and the
//!   directory is fsynced ([`spare`]). A reader sees the old content or the new, never a mix,
//!   and a crash leaves one of the two.
//! - **Exclusive creation**: a new record (draft, issue, marker) is written to a temporary
//!   file and hard-linked into place, which fails rather than replace: it can never overwrite
//!   anything, and a crash leaves it whole or absent.
//! - **Appends** to the append-only JSONL logs ([`jsonl`]) are one `write` of a batch of whole
//!   lines and one sync, after a torn tail left by a crash is moved aside.
//! - **Files that live anywhere** ([`append_file`], bounce sessions) are locked on themselves
//!   and appended to through a journal that lets the next open roll a torn tail back.
//! - **Transactions** ([`Locked::commit`], in `transaction.rs`): several whole-file
//!   replacements that a crash cannot split, completed by the next lock holder.
//! - **Containment**: paths are relative and made of plain components; every directory on the
//!   way and the target itself are checked with `lstat`, so a symbolic link planted inside the
//!   directory is reported, never followed, and nothing outside the directory is written.
//!
//! Not guaranteed: the check-then-write of containment is not atomic against a concurrent
//! attacker replacing a directory by a link between the two steps; parley defends against
//! planted links and mistakes, not against a hostile process with write access to DIR.
//!
//! Each file has one job, and uses only files below it in this list:
//! - [`take_lock`]: [`Store::lock`], the one way to a [`Locked`] store (it first completes a
//!   transaction a crash interrupted);
//! - [`transaction`], [`cache`], [`jsonl`]: the writes of a locked store that have rules of
//!   their own (transactions, derived files, append-only logs);
//! - [`locked`]: [`Locked`], the store while its lock is held, and its plain writes;
//! - [`append_file`], [`outside`]: writes of files that are in no store;
//! - [`read`], [`list`]: reading files and listing directories, with no lock;
//! - [`spare`]: replacing a file by exchanging it with its spare;
//! - [`version`]: the version of a file (its identity on disk), which callers only keep and
//!   compare;
//! - [`create`]: creating a whole file exclusively, and temporary files;
//! - [`paths`]: a [`Store`], its root, and the containment of every path in it;
//! - [`lock`]: the kernel's lock on a file, and waiting for it;
//! - [`sys`], [`crash`]: system calls the standard library lacks, and crash injection.

pub mod append_file;
mod cache;
mod crash;
mod create;
pub mod jsonl;
mod list;
mod lock;
mod locked;
mod outside;
mod paths;
mod read;
mod spare;
mod sys;
mod take_lock;
mod transaction;
mod version;

pub use list::{FileKind, Listed};
pub use lock::{LockMode, LockWait};
pub use locked::{Locked, Prepared, Staged, StagedDir};
pub use outside::{
    Creation, Publication, create_dir, create_dir_atomically, publish_file, publish_private_file,
    remove_if_empty, replace_symlink, with_file_locked, write_new_file,
};
pub use paths::{PARLEY_DIR, Store, is_temporary};
pub use read::{Reading, Tail};
pub use transaction::Content;
pub use version::{Presence, Version, VersionLookup, VersionStamp};

/// For the integration tests alone: `tests/cli/perf.rs` plants a file's identity in a
/// derived file as parley writes it. Nothing in `src/` above the store uses these.
#[doc(hidden)]
pub use version::FileIdentity;
#[doc(hidden)]
pub type IdentityStamp = VersionStamp;

#[cfg(test)]
pub(crate) mod tests {
    use std::fs;

    use super::{LockWait, PARLEY_DIR, Store};

    /// A store in a fresh temporary directory, with its `.parley` folder.
    pub(crate) fn store() -> (tempfile::TempDir, Store) {
        let dir = tempfile::tempdir().unwrap();
        fs::create_dir(dir.path().join(PARLEY_DIR)).unwrap();
        let wait = LockWait {
            timeout: std::time::Duration::from_secs(5),
            notices: crate::notices::Notices::silent(),
            cancel: crate::notices::Cancel::new(),
        };
        let store = Store::new(dir.path().to_path_buf(), wait);
        (dir, store)
    }
}
