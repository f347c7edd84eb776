//! Blocking until the state on disk gives an answer: file events are hints, the disk is the
//! truth.
//!
//! A waiter watches the directory (not single files: every state change is a rename that
//! replaces a file) and re-runs its check after every event, at the moment the check itself
//! says something will change (a turn timeout expiring, a registration deadline), and on a
//! safety timer, so a lost or coalesced event costs latency, never correctness. Where events
//! cannot arrive (network filesystems, where changes made by other machines raise no event
//! here) or when asked (`--poll`), it re-checks at the poll interval instead.
//!
//! Cancelling the call's token (Ctrl-C on the command line) ends a wait with exit 130.

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::time::{Duration, Instant};

use notify::{RecursiveMode, Watcher};

use crate::context::Ctx;
use crate::error::{Error, Result, Status};
use crate::store;

/// With file events, the state is still re-read this often in case an event was lost.
pub const SAFETY_RECHECK: Duration = Duration::from_secs(1);

/// What a check says.
#[derive(Debug)]
pub enum Check<T> {
    /// The answer is there.
    Ready(T),
    /// Not yet; if the check knows when the answer may change by itself (a deadline), in
    /// how long.
    NotYet(Option<Duration>),
}

/// How to wait, from the command line.
#[derive(Debug, Clone, Default)]
pub struct WaitOptions {
    /// Give up with exit 124 after this long.
    pub timeout: Option<Duration>,
    /// Poll instead of watching, even where file events work.
    pub force_poll: bool,
    /// The polling interval; the negotiation's `poll_interval_seconds` when not given.
    pub poll_interval: Option<Duration>,
}

enum Wake {
    Changed,
    Interrupted,
}

/// How a waiter learns about changes.
enum Source {
    /// Kept alive for as long as the wait lasts; dropping it stops the watch.
    Events {
        _watcher: notify::RecommendedWatcher,
    },
    Polling(Duration),
}

/// Runs `check` until it is ready, re-running it when one of the paths named in `watched`
/// changes in `dir`. `default_interval` is the polling interval when events are not used and
/// none was given.
///
/// `watched` holds paths relative to `dir`: a file (`turn.md`, `.parley/log.jsonl`), or a
/// directory with a trailing slash (`positions/`) for any file in it, the directory itself
/// included (it may be replaced whole). Only these paths wake the waiter: with many waiters
/// on one directory, a change that cannot alter their answer does not make all of them
/// re-read the state at once. Sub-directories are watched only when a path asks for one, so
/// a waiter on top-level files holds one watch.
pub fn until<T>(
    ctx: &Ctx,
    dir: &Path,
    watched: &[&str],
    options: &WaitOptions,
    default_interval: Duration,
    mut check: impl FnMut() -> Result<Check<T>>,
) -> Result<T> {
    let began = Instant::now();
    let (sender, receiver) = mpsc::channel();
    let interrupts = Mutex::new(sender.clone());
    let _listening = ctx.cancel.listen(move || {
        if let Ok(sender) = interrupts.lock() {
            let _ = sender.send(Wake::Interrupted);
        }
    });
    // The watch starts before the first check, so no change can fall between the two.
    let source = watch(ctx, dir, watched, options, default_interval, sender)?;
    let recheck = match &source {
        Source::Events { .. } => SAFETY_RECHECK,
        Source::Polling(interval) => *interval,
    };
    loop {
        let deadline_in = match check()? {
            Check::Ready(answer) => return Ok(answer),
            Check::NotYet(deadline_in) => deadline_in,
        };
        let mut pause = recheck;
        if let Some(deadline_in) = deadline_in {
            pause = pause.min(deadline_in);
        }
        if let Some(timeout) = options.timeout {
            let left = timeout.saturating_sub(began.elapsed());
            if left.is_zero() {
                return Err(Error::new(
                    Status::Timeout,
                    "TIMEOUT",
                    format!("still waiting after {}s", timeout.as_secs_f64()),
                )
                .with_hint("wait again, or raise --timeout"));
            }
            pause = pause.min(left);
        }
        match next_wake(&receiver, pause) {
            Some(Wake::Interrupted) => {
                return Err(Error::new(
                    Status::Interrupted,
                    "INTERRUPTED",
                    "interrupted",
                ));
            }
            Some(Wake::Changed) | None => {}
        }
    }
}

/// Waits up to `pause` for a wake-up, then drains what else is queued (a burst of events is
/// one re-check). An interrupt wins over changes.
fn next_wake(receiver: &Receiver<Wake>, pause: Duration) -> Option<Wake> {
    let first = match receiver.recv_timeout(pause) {
        Ok(wake) => wake,
        Err(RecvTimeoutError::Timeout) => return None,
        // Every sender gone: nothing can wake us but time; sleep out the pause.
        Err(RecvTimeoutError::Disconnected) => {
            std::thread::sleep(pause);
            return None;
        }
    };
    let mut wake = first;
    while let Ok(next) = receiver.try_recv() {
        if matches!(next, Wake::Interrupted) {
            wake = Wake::Interrupted;
        }
    }
    Some(wake)
}

fn watch(
    ctx: &Ctx,
    dir: &Path,
    watched: &[&str],
    options: &WaitOptions,
    default_interval: Duration,
    sender: Sender<Wake>,
) -> Result<Source> {
    // A zero interval would spin; a few milliseconds is as fast as polling usefully gets.
    let interval = options
        .poll_interval
        .unwrap_or(default_interval)
        .max(Duration::from_millis(5));
    if options.force_poll {
        return Ok(Source::Polling(interval));
    }
    if let Some(kind) = network_filesystem(dir) {
        ctx.notices.diagnostic(&format!(
            "parley: {} is on a network filesystem ({kind}); file events from other machines do not arrive here, so parley polls every {}s",
            dir.display(),
            interval.as_secs_f64()
        ));
        return Ok(Source::Polling(interval));
    }
    let watched_dir: PathBuf = dir.to_path_buf();
    let recursive = if watched.iter().any(|path| path.contains('/')) {
        RecursiveMode::Recursive
    } else {
        RecursiveMode::NonRecursive
    };
    let watched: Vec<String> = watched.iter().map(|path| (*path).to_owned()).collect();
    let root = watched_dir.clone();
    let handler = move |event: notify::Result<notify::Event>| {
        let relevant = match &event {
            // Reads raise access events (open, close): the waiter's own look at the state
            // would wake it again, forever. Only changes count.
            Ok(event) => {
                !matches!(event.kind, notify::EventKind::Access(_))
                    && event.paths.iter().any(|p| is_watched(&root, p, &watched))
            }
            // An error from the watcher: re-check, the disk will tell.
            Err(_) => true,
        };
        if relevant {
            let _ = sender.send(Wake::Changed);
        }
    };
    let started = notify::recommended_watcher(handler)
        .and_then(|mut watcher| watcher.watch(&watched_dir, recursive).map(|()| watcher));
    match started {
        Ok(watcher) => Ok(Source::Events { _watcher: watcher }),
        Err(e) => {
            ctx.notices.diagnostic(&format!(
                "parley: cannot watch {} ({e}); polling every {}s instead",
                dir.display(),
                interval.as_secs_f64()
            ));
            Ok(Source::Polling(interval))
        }
    }
}

/// Whether an event on `path` concerns one of the `watched` paths (relative to `root`).
/// Temporary files of atomic writes never do: the rename that follows them is the event that
/// matters.
fn is_watched(root: &Path, path: &Path, watched: &[String]) -> bool {
    let Some(rel) = path.strip_prefix(root).ok().and_then(Path::to_str) else {
        return false;
    };
    let temporary = path
        .file_name()
        .and_then(|n| n.to_str())
        .is_some_and(store::is_temporary);
    !temporary
        && watched.iter().any(|want| match want.strip_suffix('/') {
            Some(dir) => rel == dir || rel.strip_prefix(want.as_str()).is_some(),
            None => rel == want,
        })
}

/// The kind of network filesystem `dir` is on, if it is on one (Linux `statfs` magic numbers).
#[cfg(target_os = "linux")]
pub fn network_filesystem(dir: &Path) -> Option<&'static str> {
    use std::ffi::CString;
    use std::os::unix::ffi::OsStrExt;
    const KINDS: &[(u64, &str)] = &[
        (0x6969, "NFS"),
        (0x517b, "SMB"),
        (0xff53_4d42, "CIFS"),
        (0xfe53_4d42, "SMB2"),
        (0x6573_5546, "FUSE"),
        (0x0102_1997, "9P"),
        (0x00c3_6400, "CephFS"),
        (0x4244_4d44, "AFS"),
    ];
    let path = CString::new(dir.as_os_str().as_bytes()).ok()?;
    // SAFETY: `stats` is plain data filled in by the kernel; `path` is NUL-terminated.
    let mut stats: libc::statfs = unsafe { std::mem::zeroed() };
    if unsafe { libc::statfs(path.as_ptr(), &mut stats) } != 0 {
        return None;
    }
    let magic = (stats.f_type as u64) & 0xffff_ffff;
    KINDS
        .iter()
        .find(|(known, _)| *known == magic)
        .map(|(_, kind)| *kind)
}

#[cfg(not(target_os = "linux"))]
pub fn network_filesystem(_dir: &Path) -> Option<&'static str> {
    None
}
