//! An append-only file that may live in any directory (a bounce session): a lock on the file
//! itself and a journaled append that a crash cannot tear.
//!
//! **The lock** is an `flock(2)` (std `File::lock`) on the file itself. That is sound because
//! the file is never replaced: parley only creates it exclusively, appends to it, and (during
//! recovery, below) truncates a torn tail back to where it started. After locking, the handle
//! is checked to still be the file at the path; if someone replaced it (an editor saving, a
//! `git checkout`), the lock is taken again on the new file. Shared locks for readers,
//! exclusive for writers; waiting is bounded by the lock timeout, as for the directory lock.
//!
//! **The journaled append.** Before the entry is written, a journal beside the file,
//! `.NAME.parley-journal`, records the offset where the entry starts and where it ends, and is
//! fsynced with its directory. The entry is then written (one `write` call for the whole of
//! it, continued only if the kernel accepted part of it), the file is fsynced, and the journal
//! is removed. Linux can stop a large write part-way when a fatal signal (`kill -9`) arrives,
//! and a power cut can lose any unsynced tail; the journal makes both recoverable: whoever
//! opens the file next through this module finds the journal and, holding the exclusive lock,
//!
//! - truncates the file back to the start offset if it ends between start and end (a torn
//!   entry),
//! - keeps the file as it is if it reaches the end offset (the entry is whole; only the
//!   journal's removal was lost),
//!
//! then removes the journal. Every append is journaled, whatever its size: the cost is two
//! fsyncs, and a rule that depends on the size of a write is a rule nobody can check.
//!
//! Guaranteed, for writers that all go through this module: the bytes before the start
//! offset are never rewritten (the old file is always a byte prefix of the new one); after any
//! crash and the next open, the file holds either no byte of an entry or all of them; readers
//! holding the shared lock never see a partial entry.
//!
//! Not guaranteed: writers that bypass parley (an editor, `echo >>`) take no lock and are not
//! journaled; the journal needs the file's directory to be writable; and the lock has the
//! limits of `flock` on network filesystems described in `docs/design.md`.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Read};
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};
use std::time::Instant;

use super::crash;
use super::create::create_exclusive;
use super::lock::{LockMode, LockWait, is_current, lock_open_file};
use super::sys::sync_parent;
use crate::error::{Error, Result};

/// First line of a journal, so a stray file of that name is never taken for one.
const JOURNAL_MAGIC: &str = "parley append journal v1";

/// Creates `path` with `content`, complete or not at all, never replacing anything:
/// `Ok(false)` when something (a link included) is already there. The content goes to a
/// temporary file beside `path`, is fsynced and hard-linked into place (see the store's
/// exclusive creation), then the directory is fsynced: a crash leaves no file or the whole
/// of it, never an empty or partial session (at worst an ignored `.parley-tmp-*` file).
pub fn create_new_file(path: &Path, content: &str) -> Result<bool> {
    create_exclusive(path, content.as_bytes())
}

/// The journal of `path`: a hidden file beside it.
pub fn journal_path(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    path.with_file_name(format!(".{name}.parley-journal"))
}

/// An append-only file while its lock is held; dropping it releases the lock.
#[derive(Debug)]
pub struct LockedFile {
    file: File,
    path: PathBuf,
    mode: LockMode,
}

/// Opens and locks `path`, first rolling back a torn append left by a crash. `Ok(None)` when
/// the file does not exist. A link is refused, never followed.
pub fn open_locked(path: &Path, mode: LockMode, wait: &LockWait) -> Result<Option<LockedFile>> {
    let began = Instant::now();
    let journal = journal_path(path);
    let mut repair = false;
    loop {
        let left = LockWait {
            timeout: wait.timeout.saturating_sub(began.elapsed()),
            notices: wait.notices.clone(),
            cancel: wait.cancel.clone(),
        };
        // A journal means an append was cut short: repair under the exclusive lock first,
        // whatever the caller wants to do next.
        let wanted = if repair || journal.exists() {
            LockMode::Exclusive
        } else {
            mode
        };
        let Some(file) = open_file(path, wanted)? else {
            return Ok(None);
        };
        let file = lock_open_file(file, path, wanted, &left)?;
        if !is_current(&file, path) {
            continue;
        }
        let locked = LockedFile {
            file,
            path: path.to_path_buf(),
            mode: wanted,
        };
        if wanted == LockMode::Shared {
            // A writer may have died between our look for a journal and our lock.
            if journal.exists() {
                repair = true;
                continue;
            }
            return Ok(Some(locked));
        }
        locked.recover()?;
        if mode == LockMode::Exclusive {
            return Ok(Some(locked));
        }
        // Repaired; now take the lock the caller asked for.
        repair = false;
    }
}

fn open_file(path: &Path, mode: LockMode) -> Result<Option<File>> {
    let opened = OpenOptions::new()
        .read(true)
        .append(mode == LockMode::Exclusive)
        .custom_flags(libc::O_NOFOLLOW | libc::O_CLOEXEC | libc::O_NONBLOCK)
        .open(path);
    let file = match opened {
        Ok(file) => file,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) if e.raw_os_error() == Some(libc::ELOOP) => return Err(Error::symlink(path)),
        Err(e) => return Err(Error::io("open", path, e)),
    };
    let meta = file.metadata().map_err(|e| Error::io("inspect", path, e))?;
    if !meta.is_file() {
        return Err(Error::malformed(path, None, "is not a regular file"));
    }
    Ok(Some(file))
}

impl LockedFile {
    /// The whole file.
    pub fn read(&self) -> Result<Vec<u8>> {
        let mut bytes = Vec::with_capacity(self.len()? as usize + 1);
        (&self.file)
            .take(u64::MAX)
            .read_to_end(&mut bytes)
            .map_err(|e| Error::io("read", &self.path, e))?;
        // Reads go through the shared offset; rewind so a second read sees the whole file.
        let _ = io::Seek::rewind(&mut &self.file);
        Ok(bytes)
    }

    /// Appends `content` after everything the file holds, journaled (see the module
    /// documentation). Only with the exclusive lock.
    pub fn append(&self, content: &str) -> Result<()> {
        if self.mode != LockMode::Exclusive {
            return Err(Error::io(
                "append to",
                &self.path,
                io::Error::other("the file is not locked for writing"),
            ));
        }
        let start = self.len()?;
        let end = start + content.len() as u64;
        let journal = journal_path(&self.path);
        write_journal(&journal, start, end)?;
        crash::write_all(&self.file, content.as_bytes(), "append an entry")
            .and_then(|()| self.file.sync_data())
            .map_err(|e| Error::io("append to", &self.path, e))?;
        // The entry is durable; a journal that outlives this (a crash right here) is found
        // whole by the next open and simply removed.
        fs::remove_file(&journal).map_err(|e| Error::io("remove", &journal, e))?;
        crash::step("remove the journal");
        Ok(())
    }

    fn len(&self) -> Result<u64> {
        self.file
            .metadata()
            .map(|m| m.len())
            .map_err(|e| Error::io("inspect", &self.path, e))
    }

    /// Rolls a torn append back to where it started, then removes the journal. Only called
    /// with the exclusive lock held.
    fn recover(&self) -> Result<()> {
        let journal = journal_path(&self.path);
        let bytes = match fs::read(&journal) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(()),
            Err(e) => return Err(Error::io("read", &journal, e)),
        };
        // An incomplete journal (empty, or any prefix of one) was never synced whole, so the
        // entry it announced was never started: the file is as it was, only the journal goes.
        if let Journal::Complete { start, end } = parse_journal(&journal, &bytes)? {
            let len = self.len()?;
            if len > start && len < end {
                self.file
                    .set_len(start)
                    .and_then(|()| self.file.sync_all())
                    .map_err(|e| Error::io("roll back the torn tail of", &self.path, e))?;
                crash::step("roll back a torn entry");
            }
        }
        fs::remove_file(&journal).map_err(|e| Error::io("remove", &journal, e))?;
        crash::step("remove the journal");
        sync_parent(&journal)
    }
}

fn write_journal(journal: &Path, start: u64, end: u64) -> Result<()> {
    let file = OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .custom_flags(libc::O_NOFOLLOW | libc::O_CLOEXEC)
        .open(journal)
        .map_err(|e| match e.raw_os_error() {
            Some(libc::ELOOP) => Error::symlink(journal),
            _ => Error::io("create the journal", journal, e),
        })?;
    crash::step("create the journal");
    crash::write_all(
        &file,
        render_journal(start, end).as_bytes(),
        "write the journal",
    )
    .and_then(|()| file.sync_all())
    .map_err(|e| Error::io("write", journal, e))?;
    sync_parent(journal)
}

fn render_journal(start: u64, end: u64) -> String {
    format!("{JOURNAL_MAGIC}\nstart {start}\nend {end}\n")
}

/// What a journal file holds.
#[derive(Debug, PartialEq, Eq)]
enum Journal {
    /// The whole journal: an append from `start` to `end` may have been cut short.
    Complete { start: u64, end: u64 },
    /// A strict prefix of a journal (the empty file included): its writer died before the
    /// journal was whole and synced, so before writing any byte of the entry.
    Incomplete,
}

/// Reads a journal, which is exactly `MAGIC\nstart N\nend M\n` once complete. Anything that
/// is neither that nor a prefix of it is not parley's, and is refused rather than acted on.
fn parse_journal(journal: &Path, bytes: &[u8]) -> Result<Journal> {
    let bad = |line: usize, what: &str| {
        Error::malformed(journal, Some(line), what).with_hint(format!(
            "parley did not write this file; if no parley command is running on the session, \
             remove {} and run the command again",
            journal.display()
        ))
    };
    let mut rest = bytes;
    // Consumes `literal`; `None` when `rest` ended inside it (an incomplete journal).
    let literal = |rest: &mut &[u8], literal: &str, line: usize| -> Result<Option<()>> {
        let lit = literal.as_bytes();
        if rest.len() < lit.len() && lit.starts_with(rest) {
            return Ok(None);
        }
        match rest.strip_prefix(lit) {
            Some(after) => {
                *rest = after;
                Ok(Some(()))
            }
            None if line == 1 => Err(bad(1, "is not a parley append journal")),
            None => Err(bad(line, &format!("expected `{}`", literal.trim()))),
        }
    };
    // Consumes a number; `None` when `rest` ends in or before it.
    let number = |rest: &mut &[u8], key: &str, line: usize| -> Result<Option<u64>> {
        let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
        if digits == rest.len() {
            return Ok(None);
        }
        let value = std::str::from_utf8(&rest[..digits])
            .ok()
            .and_then(|d| d.parse().ok())
            .ok_or_else(|| bad(line, &format!("expected `{key} OFFSET`")))?;
        *rest = &rest[digits..];
        Ok(Some(value))
    };
    macro_rules! or_incomplete {
        ($e:expr) => {
            match $e? {
                Some(value) => value,
                None => return Ok(Journal::Incomplete),
            }
        };
    }
    or_incomplete!(literal(&mut rest, &format!("{JOURNAL_MAGIC}\nstart "), 1));
    let start = or_incomplete!(number(&mut rest, "start", 2));
    or_incomplete!(literal(&mut rest, "\nend ", 2));
    let end = or_incomplete!(number(&mut rest, "end", 3));
    or_incomplete!(literal(&mut rest, "\n", 3));
    if !rest.is_empty() {
        return Err(bad(4, "unexpected text after the end offset"));
    }
    if end < start {
        return Err(bad(3, "the end offset is before the start"));
    }
    Ok(Journal::Complete { start, end })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn test_wait() -> LockWait {
        use std::time::Duration;
        LockWait {
            timeout: Duration::from_secs(1),
            notices: crate::notices::Notices::silent(),
            cancel: crate::notices::Cancel::new(),
        }
    }

    #[test]
    fn a_torn_tail_is_rolled_back_and_a_whole_one_kept() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.md");
        assert!(create_new_file(&path, "head\n").unwrap());
        // Torn: the journal says 5..20 but only 3 bytes arrived.
        fs::write(&path, "head\nabc").unwrap();
        write_journal(&journal_path(&path), 5, 20).unwrap();
        let locked = open_locked(&path, LockMode::Shared, &test_wait())
            .unwrap()
            .unwrap();
        assert_eq!(locked.read().unwrap(), b"head\n");
        assert!(!journal_path(&path).exists());
        drop(locked);
        // Whole: the journal outlived a complete append.
        let locked = open_locked(&path, LockMode::Exclusive, &test_wait())
            .unwrap()
            .unwrap();
        locked.append("entry\n").unwrap();
        drop(locked);
        write_journal(&journal_path(&path), 5, 11).unwrap();
        let locked = open_locked(&path, LockMode::Shared, &test_wait())
            .unwrap()
            .unwrap();
        assert_eq!(locked.read().unwrap(), b"head\nentry\n");
        assert!(!journal_path(&path).exists());
    }

    #[test]
    fn every_prefix_of_a_journal_is_incomplete_and_only_the_whole_one_complete() {
        let path = Path::new("j");
        let whole = render_journal(120, 3456);
        for cut in 0..whole.len() {
            assert_eq!(
                parse_journal(path, &whole.as_bytes()[..cut]).unwrap(),
                Journal::Incomplete,
                "{:?}",
                &whole[..cut]
            );
        }
        assert_eq!(
            parse_journal(path, whole.as_bytes()).unwrap(),
            Journal::Complete {
                start: 120,
                end: 3456
            }
        );
        for foreign in [
            "hello",
            "parley append journal v1\nstart x",
            "parley append journal v2\n",
        ] {
            assert!(
                parse_journal(path, foreign.as_bytes()).is_err(),
                "{foreign:?}"
            );
        }
        assert!(parse_journal(path, format!("{whole}more").as_bytes()).is_err());
    }

    #[test]
    fn a_missing_file_is_none_and_a_link_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("none.md");
        assert!(
            open_locked(&path, LockMode::Shared, &test_wait())
                .unwrap()
                .is_none()
        );
        let real = dir.path().join("real.md");
        fs::write(&real, "x").unwrap();
        std::os::unix::fs::symlink(&real, &path).unwrap();
        let refused = open_locked(&path, LockMode::Shared, &test_wait()).unwrap_err();
        assert_eq!(refused.code, "SYMLINK");
    }
}
