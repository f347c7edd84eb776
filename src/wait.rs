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
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
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
    /// One watcher shared by every wait of a server (see [`SharedWatch`]); dropping the
    /// subscription stops the deliveries.
    Shared(#[allow(dead_code)] Box<dyn Send>),
    /// Linux, top-level paths only: the waiting thread reads inotify itself.
    #[cfg(target_os = "linux")]
    Direct(direct::Inotify),
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
        Source::Polling(interval) => *interval,
        _ => SAFETY_RECHECK,
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
                return Err(
                    Error::new(Status::Timeout, "TIMEOUT", still_waiting(timeout))
                        .with_hint("wait again, or raise --timeout (over MCP: `timeout_seconds` of the wait tool, `timeout` of poll and bounce next)"),
                );
            }
            pause = pause.min(left);
        }
        let wake = match &source {
            #[cfg(target_os = "linux")]
            Source::Direct(inotify) => inotify.next_wake(&receiver, pause),
            _ => next_wake(&receiver, pause),
        };
        match wake {
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
    // A server's waits share one watcher of its root: hundreds of waits, one inotify instance.
    if let Some(shared) = &ctx.watch
        && let Some(subscription) = {
            let sender = Mutex::new(sender.clone());
            shared.subscribe(
                dir,
                watched,
                Box::new(move || {
                    if let Ok(sender) = sender.lock() {
                        let _ = sender.send(Wake::Changed);
                    }
                }),
            )
        }
    {
        return Ok(Source::Shared(subscription));
    }
    // Top-level paths on Linux: read inotify in this thread (see `direct`); the general
    // watcher below is the fallback if that cannot start.
    #[cfg(target_os = "linux")]
    if !watched.iter().any(|path| path.contains('/'))
        && let Ok(inotify) = direct::Inotify::start(ctx, dir, watched)
    {
        return Ok(Source::Direct(inotify));
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

/// One recursive watcher of a whole tree, shared by every wait below it: a server holding
/// hundreds of waits needs one inotify instance, not one each (the per-user limit is often
/// 128). Each event is handed to the waits whose directory and watched paths it concerns, by
/// the same rule as a wait's own watcher; a wait whose directory is not below the root (or
/// cannot be resolved) watches on its own as before.
#[derive(Clone)]
pub struct SharedWatch {
    inner: Arc<Shared>,
}

struct Shared {
    root: PathBuf,
    next: AtomicU64,
    waiters: Mutex<Vec<Waiter>>,
    watcher: Mutex<Option<notify::RecommendedWatcher>>,
}

struct Waiter {
    id: u64,
    dir: PathBuf,
    /// Empty: everything below `dir` (a live view of a whole tree, the dashboard).
    watched: Vec<String>,
    wake: Box<dyn Fn() + Send + Sync>,
}

/// Whether a change to `path` concerns `waiter`: one of its watched paths, or with none named
/// anything below its directory but the temporary files of atomic writes.
fn concerns(waiter: &Waiter, path: &Path) -> bool {
    if waiter.watched.is_empty() {
        let temporary = path
            .file_name()
            .and_then(|n| n.to_str())
            .is_some_and(store::is_temporary);
        return path.starts_with(&waiter.dir) && !temporary;
    }
    is_watched(&waiter.dir, path, &waiter.watched)
}

/// A wait's place among a [`SharedWatch`]'s receivers, for as long as it lives.
pub struct Subscription {
    shared: Arc<Shared>,
    id: u64,
}

impl Drop for Subscription {
    fn drop(&mut self) {
        if let Ok(mut waiters) = self.shared.waiters.lock() {
            waiters.retain(|waiter| waiter.id != self.id);
        }
    }
}

impl std::fmt::Debug for SharedWatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SharedWatch")
            .field("root", &self.inner.root)
            .finish()
    }
}

impl SharedWatch {
    /// Starts watching `root` and everything below it.
    pub fn start(root: &Path) -> notify::Result<SharedWatch> {
        let root = std::fs::canonicalize(root).map_err(notify::Error::io)?;
        let inner = Arc::new(Shared {
            root: root.clone(),
            next: AtomicU64::new(0),
            waiters: Mutex::new(Vec::new()),
            watcher: Mutex::new(None),
        });
        let weak = Arc::downgrade(&inner);
        let mut watcher =
            notify::recommended_watcher(move |event: notify::Result<notify::Event>| {
                let Some(shared) = weak.upgrade() else {
                    return;
                };
                let Ok(waiters) = shared.waiters.lock() else {
                    return;
                };
                for waiter in waiters.iter() {
                    let relevant = match &event {
                        Ok(event) => {
                            !matches!(event.kind, notify::EventKind::Access(_))
                                && event.paths.iter().any(|p| concerns(waiter, p))
                        }
                        Err(_) => true,
                    };
                    if relevant {
                        (waiter.wake)();
                    }
                }
            })?;
        watcher.watch(&root, RecursiveMode::Recursive)?;
        if let Ok(mut slot) = inner.watcher.lock() {
            *slot = Some(watcher);
        }
        Ok(SharedWatch { inner })
    }

    /// The waits subscribed now (for diagnostics and tests).
    pub fn waiting(&self) -> usize {
        self.inner.waiters.lock().map_or(0, |w| w.len())
    }
}

impl crate::context::SharedWatcher for SharedWatch {
    fn subscribe(
        &self,
        dir: &Path,
        watched: &[&str],
        wake: Box<dyn Fn() + Send + Sync>,
    ) -> Option<Box<dyn Send>> {
        let dir = std::fs::canonicalize(dir).ok()?;
        if !dir.starts_with(&self.inner.root) {
            return None;
        }
        let id = self.inner.next.fetch_add(1, Ordering::Relaxed);
        self.inner.waiters.lock().ok()?.push(Waiter {
            id,
            dir,
            watched: watched.iter().map(|path| (*path).to_owned()).collect(),
            wake,
        });
        Some(Box::new(Subscription {
            shared: Arc::clone(&self.inner),
            id,
        }))
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
    !temporary && is_watched_rel(rel, watched)
}

/// Whether the path `rel` (relative to the watched directory) is one of the `watched` paths.
fn is_watched_rel<S: AsRef<str>>(rel: &str, watched: &[S]) -> bool {
    watched.iter().any(|want| {
        let want = want.as_ref();
        match want.strip_suffix('/') {
            Some(dir) => rel == dir || rel.strip_prefix(want).is_some(),
            None => rel == want,
        }
    })
}

/// The waiting thread reading inotify itself, for a waiter on top-level files (`poll --wait`,
/// `wait`, `wait-for-start`).
///
/// Why not the general watcher: it reads events in a thread of its own and passes them on
/// through a channel, so every wake-up is two thread switches before the waiter re-checks,
/// and on a loaded machine each switch waits for a CPU. Here the waiter blocks in `poll(2)`
/// on the inotify descriptor and on an eventfd that a cancellation writes to, and re-checks
/// as soon as the kernel wakes it. What counts as a change is what the general watcher
/// counts: no access events (the waiter's own reads would wake it forever), no temporary
/// files of atomic writes. Recursive watches (`positions/`) stay with the general watcher,
/// which adds watches for new sub-directories.
///
/// Each watched file that exists is watched itself, not through its directory: a command
/// writes several files there (a hand-off: two temporary files, each written, flushed and
/// renamed into place), and a directory watch wakes the waiter at each of those steps to
/// find them irrelevant, competing with the writer for the CPU. A file watch wakes it once,
/// when the file is replaced (its old inode loses its name: `IN_ATTRIB`, then
/// `IN_DELETE_SELF`) or written in place (`IN_CLOSE_WRITE`). The watches are renewed before
/// every check, so the file read is the one watched or an older one whose replacement has
/// already raised its event. The directory is watched as before only while a watched file is
/// missing (or cannot be watched), to see it appear.
#[cfg(target_os = "linux")]
mod direct {
    use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
    use std::os::unix::ffi::OsStrExt;
    use std::path::Path;
    use std::sync::Arc;
    use std::sync::mpsc::Receiver;
    use std::time::{Duration, Instant};

    use super::{Wake, is_watched_rel};
    use crate::context::Ctx;
    use crate::notices::Listening;
    use crate::store;

    /// Changes only: creation, removal, renames in or out, writes, metadata, and the
    /// directory itself going away. Not `IN_ACCESS`, `IN_OPEN` or the closes.
    const MASK: u32 = libc::IN_MODIFY
        | libc::IN_ATTRIB
        | libc::IN_MOVED_FROM
        | libc::IN_MOVED_TO
        | libc::IN_CREATE
        | libc::IN_DELETE
        | libc::IN_DELETE_SELF
        | libc::IN_MOVE_SELF;

    /// A watched file: written in place and closed, its links changed (replaced by a rename,
    /// removed), gone, or moved. Not followed if it is a link.
    const FILE_MASK: u32 = libc::IN_CLOSE_WRITE
        | libc::IN_ATTRIB
        | libc::IN_DELETE_SELF
        | libc::IN_MOVE_SELF
        | libc::IN_DONT_FOLLOW;

    pub struct Inotify {
        // Declared first so that it is dropped first: no cancellation writes to `cancelled`
        // once the wait is over.
        _listening: Listening,
        // `Some` until dropped (see `Drop`).
        inotify: Option<OwnedFd>,
        cancelled: Arc<OwnedFd>,
        watched: Vec<String>,
        dir: std::ffi::CString,
        /// Each watched file's path (NUL-terminated), to watch it again before each check.
        files: Vec<std::ffi::CString>,
        /// The directory's watch, once a watched file was found missing: kept from then on.
        dir_watch: std::cell::Cell<Option<i32>>,
    }

    impl Inotify {
        pub fn start(ctx: &Ctx, dir: &Path, watched: &[&str]) -> std::io::Result<Inotify> {
            let path = std::ffi::CString::new(dir.as_os_str().as_bytes())
                .map_err(|_| std::io::Error::from(std::io::ErrorKind::InvalidInput))?;
            // SAFETY: each call returns a new descriptor (owned from here on) or -1.
            let inotify = unsafe { libc::inotify_init1(libc::IN_CLOEXEC | libc::IN_NONBLOCK) };
            if inotify < 0 {
                return Err(std::io::Error::last_os_error());
            }
            let inotify = unsafe { OwnedFd::from_raw_fd(inotify) };
            let cancelled = unsafe { libc::eventfd(0, libc::EFD_CLOEXEC | libc::EFD_NONBLOCK) };
            if cancelled < 0 {
                return Err(std::io::Error::last_os_error());
            }
            let cancelled = Arc::new(unsafe { OwnedFd::from_raw_fd(cancelled) });
            let files = (watched.iter())
                .map(|name| std::ffi::CString::new(dir.join(name).as_os_str().as_bytes()))
                .collect::<Result<Vec<_>, _>>()
                .map_err(|_| std::io::Error::from(std::io::ErrorKind::InvalidInput))?;
            // The interrupt itself still travels through the channel (`until`'s listener);
            // this one only ends the `poll` so that the channel is looked at.
            let signal = Arc::clone(&cancelled);
            let listening = ctx.cancel.listen(move || {
                let one: u64 = 1;
                // SAFETY: writes 8 bytes from a live u64 to a descriptor kept open by `signal`.
                unsafe {
                    libc::write(signal.as_raw_fd(), (&one as *const u64).cast(), 8);
                }
            });
            let waiter = Inotify {
                _listening: listening,
                inotify: Some(inotify),
                cancelled,
                watched: watched.iter().map(|path| (*path).to_owned()).collect(),
                dir: path,
                files,
                dir_watch: std::cell::Cell::new(None),
            };
            waiter.arm()?;
            Ok(waiter)
        }

        /// Watches each watched file as it is now, and the directory if one is missing. An
        /// error only when the directory cannot be watched either.
        fn arm(&self) -> std::io::Result<()> {
            let mut missing = false;
            for file in &self.files {
                // SAFETY: `file` is NUL-terminated; the descriptor is open.
                missing |=
                    unsafe { libc::inotify_add_watch(self.raw(), file.as_ptr(), FILE_MASK) } < 0;
            }
            if missing && self.dir_watch.get().is_none() {
                // SAFETY: as above.
                let wd = unsafe { libc::inotify_add_watch(self.raw(), self.dir.as_ptr(), MASK) };
                if wd < 0 {
                    return Err(std::io::Error::last_os_error());
                }
                self.dir_watch.set(Some(wd));
            }
            Ok(())
        }

        /// Waits up to `pause` for a change to a watched path or an interrupt, as
        /// [`super::next_wake`] does for the channel.
        pub fn next_wake(&self, receiver: &Receiver<Wake>, pause: Duration) -> Option<Wake> {
            let until = Instant::now() + pause;
            loop {
                if let Some(wake) = interrupted(receiver) {
                    return Some(wake);
                }
                let left = until.saturating_duration_since(Instant::now());
                if left.is_zero() {
                    return None;
                }
                let mut fds = [
                    libc::pollfd {
                        fd: self.raw(),
                        events: libc::POLLIN,
                        revents: 0,
                    },
                    libc::pollfd {
                        fd: self.cancelled.as_raw_fd(),
                        events: libc::POLLIN,
                        revents: 0,
                    },
                ];
                // Rounded up, so that a deadline is never re-checked a little too early.
                let millis = left.as_micros().div_ceil(1000).min(i32::MAX as u128) as i32;
                // SAFETY: `fds` is a live array of two pollfd.
                let ready = unsafe { libc::poll(fds.as_mut_ptr(), 2, millis) };
                if ready < 0 {
                    if std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted {
                        continue;
                    }
                    // Cannot wait on the descriptors: sleep out the pause, then re-check.
                    std::thread::sleep(left);
                    return None;
                }
                if fds[0].revents != 0 && self.changed() {
                    // Renewed before the check that follows: a file replaced is watched
                    // anew. Should that fail, the next check still comes at the safety timer.
                    let _ = self.arm();
                    return Some(interrupted(receiver).unwrap_or(Wake::Changed));
                }
            }
        }

        /// Reads every queued event; whether one of them concerns a watched path. An
        /// overflow, or the directory itself moving or going away, counts: the disk will tell.
        fn changed(&self) -> bool {
            let mut relevant = false;
            let mut buffer = [0u8; 4096];
            let header = std::mem::size_of::<libc::inotify_event>();
            loop {
                // SAFETY: reads into a buffer this function owns, at most its length.
                let n = unsafe { libc::read(self.raw(), buffer.as_mut_ptr().cast(), buffer.len()) };
                if n <= 0 {
                    // Drained (EAGAIN), or an error: a re-check costs little and is safe.
                    return relevant || n < 0 && !would_block();
                }
                let n = n as usize;
                let mut offset = 0;
                while offset + header <= n {
                    // SAFETY: the kernel wrote a whole event at `offset`; read unaligned.
                    let event: libc::inotify_event =
                        unsafe { std::ptr::read_unaligned(buffer.as_ptr().add(offset).cast()) };
                    let len = event.len as usize;
                    let name = &buffer[offset + header..(offset + header + len).min(n)];
                    let name = name.split(|&b| b == 0).next().unwrap_or_default();
                    let about_dir = event.mask
                        & (libc::IN_Q_OVERFLOW
                            | libc::IN_DELETE_SELF
                            | libc::IN_MOVE_SELF
                            | libc::IN_IGNORED)
                        != 0;
                    // A file's own watch names nothing: every event of it counts.
                    let about_file = Some(event.wd) != self.dir_watch.get();
                    let about_watched = std::str::from_utf8(name).is_ok_and(|name| {
                        !store::is_temporary(name) && is_watched_rel(name, &self.watched)
                    });
                    relevant |= about_file || about_dir || about_watched;
                    offset += header + len;
                }
            }
        }
    }

    impl Inotify {
        fn raw(&self) -> std::os::fd::RawFd {
            self.inotify.as_ref().map_or(-1, AsRawFd::as_raw_fd)
        }
    }

    /// Closing an inotify descriptor waits for the kernel's grace period (milliseconds on
    /// some kernels). The waiter's answer does not wait for it: the descriptor is closed on a
    /// thread of its own (in a process that exits next, the exit waits for that thread, as
    /// it would for the close; in the MCP server the answer goes out at once). If no thread
    /// can be started, it is closed here.
    impl Drop for Inotify {
        fn drop(&mut self) {
            if let Some(fd) = self.inotify.take() {
                let _ = std::thread::Builder::new()
                    .name("parley-inotify-close".into())
                    .spawn(move || drop(fd));
            }
        }
    }

    fn would_block() -> bool {
        std::io::Error::last_os_error().kind() == std::io::ErrorKind::WouldBlock
    }

    /// An interrupt already in the channel; changes queued there are drained with it.
    fn interrupted(receiver: &Receiver<Wake>) -> Option<Wake> {
        let mut wake = None;
        while let Ok(next) = receiver.try_recv() {
            if matches!(next, Wake::Interrupted) {
                wake = Some(Wake::Interrupted);
            }
        }
        wake
    }
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

/// The message of a wait that reached its timeout.
pub fn still_waiting(timeout: Duration) -> String {
    format!("still waiting after {}", crate::clock::seconds(timeout))
}
