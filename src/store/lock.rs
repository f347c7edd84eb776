//! The directory lock: one dedicated file, `DIR/.parley/lock`, locked with the standard
//! library's `File::lock` family (an `flock(2)` on Unix).
//!
//! Why a dedicated file: a lock on a file that later gets renamed over protects nothing (the
//! next locker opens the new inode). `lock` is created once and never replaced.
//!
//! Why kernel locks: they are released when the holder dies, even by `kill -9`, so a crashed
//! agent never blocks the others. The content of the file is only a label ("pid N: parley
//! hand-off") used to say who holds the lock while someone waits; it is never trusted for
//! correctness.
//!
//! Waiting is bounded: a helper thread blocks in `File::lock` (the kernel queues and wakes us
//! the moment the lock is free, no polling) while the caller waits at most `timeout` for it.
//! If the caller gives up, the thread drops the file as soon as it gets the lock, releasing it.
//!
//! What this does not cover: on NFS, `flock` is emulated with byte-range locks by Linux
//! clients of NFSv4 servers and works between machines; on older NFSv3 without a lock daemon
//! it may silently lock only locally. See `docs/design.md`.

use std::fs::{File, OpenOptions, TryLockError};
use std::io::Read;
use std::os::unix::fs::OpenOptionsExt;
use std::path::Path;
use std::sync::mpsc;
use std::time::Duration;

use crate::error::{Error, Result, Status};

/// Said on stderr when the lock is still busy after this long, so a human sees why we wait.
const SAY_WAITING_AFTER: Duration = Duration::from_secs(1);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LockMode {
    /// Readers: many at once, never while a writer holds it.
    Shared,
    /// Writers: alone.
    Exclusive,
}

/// A held lock; dropping it releases the lock.
#[derive(Debug)]
pub struct DirLock {
    _file: File,
}

/// How a lock is waited for: at most `timeout`, saying so through `notices` when it takes a
/// while.
#[derive(Debug, Clone)]
pub struct LockWait {
    pub timeout: Duration,
    pub notices: crate::notices::Notices,
    /// A cancelled call stops waiting (exit 130) instead of waiting out the timeout.
    pub cancel: crate::notices::Cancel,
}

impl LockWait {
    /// The rest of the wait once `spent` has gone by.
    fn remaining(&self, spent: Duration) -> LockWait {
        LockWait {
            timeout: self.timeout.saturating_sub(spent),
            notices: self.notices.clone(),
            cancel: self.cancel.clone(),
        }
    }
}

pub(crate) fn acquire(
    lock_path: &Path,
    mode: LockMode,
    wait: &LockWait,
    label: &str,
) -> Result<DirLock> {
    let began = std::time::Instant::now();
    loop {
        let mut file = lock_once(lock_path, mode, &wait.remaining(began.elapsed()))?;
        // Someone may have deleted (or replaced) the lock file while we waited: the lock we
        // hold is then on a file nobody else will ever open. Only a lock on the file that is
        // at the path now excludes anyone; otherwise start again with that one.
        if !is_current(&file, lock_path) {
            continue;
        }
        if mode == LockMode::Exclusive {
            // Best effort: the label only feeds messages of those who wait.
            let _ = write_label(&mut file, label);
        }
        return Ok(DirLock { _file: file });
    }
}

fn lock_once(lock_path: &Path, mode: LockMode, wait: &LockWait) -> Result<File> {
    let file = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .custom_flags(libc::O_NOFOLLOW | libc::O_CLOEXEC)
        .open(lock_path)
        .map_err(|e| open_error(lock_path, e))?;
    let fast = match mode {
        LockMode::Exclusive => file.try_lock(),
        LockMode::Shared => file.try_lock_shared(),
    };
    match fast {
        Ok(()) => Ok(file),
        Err(TryLockError::WouldBlock) => {
            wait_for_lock(file, lock_path, mode, wait, holder_description(lock_path))
        }
        Err(TryLockError::Error(e)) => Err(Error::io("lock", lock_path, e)),
    }
}

/// Locks an already open `file` (at `path`, for messages), waiting at most `timeout`. For
/// files that carry no holder label (a bounce session is locked on itself).
pub(crate) fn lock_open_file(
    file: File,
    path: &Path,
    mode: LockMode,
    wait: &LockWait,
) -> Result<File> {
    let fast = match mode {
        LockMode::Exclusive => file.try_lock(),
        LockMode::Shared => file.try_lock_shared(),
    };
    match fast {
        Ok(()) => Ok(file),
        Err(TryLockError::WouldBlock) => {
            wait_for_lock(file, path, mode, wait, "holder unknown".to_owned())
        }
        Err(TryLockError::Error(e)) => Err(Error::io("lock", path, e)),
    }
}

pub(crate) fn is_current(file: &File, lock_path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (file.metadata(), std::fs::symlink_metadata(lock_path)) {
        (Ok(held), Ok(on_disk)) => held.dev() == on_disk.dev() && held.ino() == on_disk.ino(),
        _ => false,
    }
}

fn open_error(lock_path: &Path, e: std::io::Error) -> Error {
    if e.raw_os_error() == Some(libc::ELOOP) {
        return Error::symlink(lock_path);
    }
    Error::io("open the lock file", lock_path, e)
}

/// Blocks for the lock in a helper thread, at most `timeout`. `holder` says who holds it, for
/// the messages (read once, when the wait starts).
fn wait_for_lock(
    file: File,
    lock_path: &Path,
    mode: LockMode,
    wait: &LockWait,
    holder: String,
) -> Result<File> {
    let timeout = wait.timeout;
    let (sender, receiver) = mpsc::channel::<std::io::Result<File>>();
    std::thread::spawn(move || {
        let locked = match mode {
            LockMode::Exclusive => file.lock(),
            LockMode::Shared => file.lock_shared(),
        };
        // If nobody listens any more the file is dropped here, which releases the lock.
        let _ = sender.send(locked.map(|()| file));
    });

    let first_wait = timeout.min(SAY_WAITING_AFTER);
    let received = match receive(&receiver, first_wait, &wait.cancel) {
        Err(Ended::TimedOut) if timeout > first_wait => {
            wait.notices.diagnostic(&format!(
                "parley: waiting for the lock on {} ({holder})",
                lock_path.display(),
            ));
            receive(&receiver, timeout - first_wait, &wait.cancel)
        }
        other => other,
    };
    match received {
        Ok(Ok(file)) => Ok(file),
        Ok(Err(e)) => Err(Error::io("lock", lock_path, e)),
        Err(Ended::Cancelled) => Err(Error::new(
            Status::Interrupted,
            "INTERRUPTED",
            format!(
                "interrupted while waiting for the lock on {}",
                lock_path.display()
            ),
        )),
        Err(Ended::TimedOut) => Err(Error::new(
            Status::LockTimeout,
            "LOCK_TIMEOUT",
            format!(
                "could not lock {} within {} ({holder})",
                lock_path.display(),
                crate::clock::seconds(timeout),
            ),
        )
        .with_hint("retry; raise --lock-timeout if the holder is legitimately slow")),
    }
}

enum Ended {
    TimedOut,
    Cancelled,
}

/// How often a wait for the lock looks at its call's cancellation.
const CANCEL_CHECK: Duration = Duration::from_millis(50);

/// The lock, or why not within `timeout`: the wait is cut into short slices so that a
/// cancelled call (an MCP client's `notifications/cancelled`) stops within one of them.
fn receive(
    receiver: &mpsc::Receiver<std::io::Result<File>>,
    timeout: Duration,
    cancel: &crate::notices::Cancel,
) -> Result<std::io::Result<File>, Ended> {
    let began = std::time::Instant::now();
    loop {
        if cancel.is_cancelled() {
            return Err(Ended::Cancelled);
        }
        let left = timeout.saturating_sub(began.elapsed());
        match receiver.recv_timeout(left.min(CANCEL_CHECK)) {
            Ok(locked) => return Ok(locked),
            Err(mpsc::RecvTimeoutError::Timeout) if !left.is_zero() && left > CANCEL_CHECK => {}
            Err(_) => return Err(Ended::TimedOut),
        }
    }
}

/// Room for a label written in place; the record is padded to this width with spaces.
const LABEL_WIDTH: usize = 128;

/// Writes "pid N: label" over the start of the file, padded with spaces to a fixed width, so
/// the file keeps its size: truncating first cost a metadata update (and, on some disks, a
/// journal commit) on every exclusive lock. The reader trims the padding. A longer label than
/// the width is written whole and the file cut to it, as is a longer file left by an older
/// version, so no tail of an earlier label is ever read as part of this one.
fn write_label(file: &mut File, label: &str) -> std::io::Result<()> {
    use std::os::unix::fs::FileExt;
    let mut record = format!("pid {}: {label}", std::process::id());
    if record.len() + 1 < LABEL_WIDTH {
        record.extend(std::iter::repeat_n(' ', LABEL_WIDTH - 1 - record.len()));
    }
    record.push('\n');
    file.write_all_at(record.as_bytes(), 0)?;
    if file.metadata()?.len() > record.len() as u64 {
        file.set_len(record.len() as u64)?;
    }
    Ok(())
}

/// "held by pid N: parley hand-off", from the label of the last exclusive holder.
pub(crate) fn holder_description(lock_path: &Path) -> String {
    let mut text = String::new();
    let label = File::open(lock_path)
        .and_then(|mut f| f.read_to_string(&mut text))
        .ok()
        .map(|_| text.trim().to_owned())
        .filter(|t| !t.is_empty() && t.len() < 300);
    let Some(label) = label else {
        return "holder unknown".to_owned();
    };
    // The label is the last exclusive holder's: once that process is gone, someone else
    // holds the lock (a reader, or another program), and naming the label would mislead.
    let pid = label
        .strip_prefix("pid ")
        .and_then(|rest| rest.split(':').next())
        .and_then(|pid| pid.parse::<u32>().ok());
    match pid {
        Some(pid) if has_exited(pid) => {
            format!("holder unknown: no process {pid}, the last parley holder, runs here")
        }
        _ => format!("held by {label}"),
    }
}

/// Whether no process `pid` runs here: the kernel says there is none (`ESRCH`). A process
/// this one may not signal, or one hidden from it, still counts as running.
fn has_exited(pid: u32) -> bool {
    let Ok(pid) = libc::pid_t::try_from(pid) else {
        return false;
    };
    if pid <= 0 {
        return false;
    }
    // SAFETY: signal 0 is not sent; the call only asks whether the process exists.
    let found = unsafe { libc::kill(pid, 0) };
    found == -1 && std::io::Error::last_os_error().raw_os_error() == Some(libc::ESRCH)
}
